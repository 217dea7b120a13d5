# an array literal [a, b] in a method is compiled: elements by the executor, one vector of
# their promoted type (Julia's vect); a return among the elements leaves the method
f(x) = [x, 2x, 3.5]
f(1)
g() = []
g()
h(x) = [x, "a"]
h(1)
k(x) = [1, return x]
k(5)
m(x) = Int[x, 2]
m(1)
n(x) = [x...]
n((1, 2))
function loop(n); s = 0; for i in 1:n; v = [i, i + 1]; s += v[2]; end; s; end
loop(10)
p(x) = [x; x]
p(1)
q(x) = [Int8(1), x]
q(2.5)
r(a, b) = [a, b]
r(1, 2//3), r(1.0f0, 2), r(:a, :b), r(nothing, 1)
r([1], [2.0])
function w(); for i in 1:3; x = [i == 2 ? break : i]; end; 7; end
w()
