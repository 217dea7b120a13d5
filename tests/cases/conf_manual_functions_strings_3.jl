f(x,y) = x + y
function g(x,y)
           return x * y
           x + y
       end
f(2,3)
g(2,3)
1 + 2 + 3
+(1,2,3)
plus = +;
plus(1,2,3)
(1, 1+1)
(1,)
x = (0.0, "hello", 6*7)
x[2]
function foo(a,b)
           a+b, a*b
       end
foo(2,3)
x, y = foo(2,3)
x
y
baz(a,b) = a + b;
baz([1,2]...)
c = 'x'
typeof(c)
'\u0'
'\u78'
'\u2200'
'\U10ffff'
'A' < 'a'
'A' <= 'a' <= 'Z'
'A' <= 'X' <= 'Z'
'x' - 'a'
'A' + 1
"This is a long \
       line"
