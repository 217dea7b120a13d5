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
# [a b] and [a; b] of expressions in a method are compiled too (cn_cat)
h1(a, b) = [a b]
h1(1, 2)
h1([1, 2], [3, 4])
h1(1, 2.5)
v1(a, b) = [a; b]
v1(1, 2)
v1([1, 2], 3:4)
v1([1 2], [3 4])
h3(x) = [x x x]
h3("s")
hr(x) = [x return(0)]
hr(1)
vr(x) = [x; return(5)]
vr(1)
v2(x) = [x;]
v2(3)
