# A closure over a local in a compiled body: when the local's only assignment is a
# statement of the body run before the closure is made, the closure sees its final value
# (c1, c2, c3, c6, c8); one reassigned after the closure is made is seen changed (c4).
function c1(v) k = 3; map(x -> x * k, v) end
c1([1, 2])
function c2(v) k = 3; fs = [() -> k + i for i in v]; [f() for f in fs] end
c2([1, 2])
function c3(n) k = 2; s = 0; for i in 1:n; s += sum(x -> x + k, 1:i); end; s end
c3(4)
function c4() k = 1; f = () -> k; k = 5; f() end
c4()
function c5() k = 1; f = () -> k; f() end
c5()
function c6(v) a = 2; b = a + 1; filter(x -> x > a && x < b + 2, v) end
c6([1, 2, 3, 4, 5])
function c7() k = 1; for i in 1:2; k = 3; end; g = () -> k; g() end
c7()
function c8() t = 10; g = x -> x + t; (g(1), g(2)) end
c8()
