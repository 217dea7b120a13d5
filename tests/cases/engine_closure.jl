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
# a closure's own locals (names its maker does not bind) are slots of its compiled body;
# an assignment to a name its maker binds, even later, assigns the maker's
function mk()
    f = x -> (y = x + 1; y * 2)
    f(3)
end
mk()
function mk2()
    f = () -> (z = 5)
    f()
    z = 1
    z
end
mk2()
function mk3()
    z = 0
    f = () -> (z = 5)
    f()
    z
end
mk3()
let h = () -> (q = 2; q)
    h()
end
try
    q
catch e
    println(e)
end
cnt = 0
for i in 1:1
    inc = () -> (cnt = 1)
    inc()
    println(cnt)
end
map(x -> (t = x^2; t + 1), 1:3)
function mk5()
    acc = []
    for i in 1:3
        push!(acc, () -> (j = i * 10; j))
    end
    [f() for f in acc]
end
mk5()
function mkw(n)
    k = 3
    g = () -> (k = 4)
    f = x -> (t = x * k; t % 7 + 1)
    sum(map(f, 1:n))
end
mkw(1000)
