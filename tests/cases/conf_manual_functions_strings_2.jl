function f(x,y)
           x + y
       end
f(x,y) = x + y
f(2,3)
g = f;
g(2,3)
∑(x,y) = x + y
∑(2, 3)
