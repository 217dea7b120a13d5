# compiled bodies and top-level loops: Julia's scope rules, control flow, overflow
function later_local()
    for i = 1:3
        t = i
    end
    return t
    t = 0
end
later_local()
function nested(n)
    c = 0
    for i = 1:n
        for j = 1:n
            j > i && break
            iseven(j) && continue
            c += j
        end
    end
    c
end
nested(4)
function findit(v, x)
    i = 0
    while true
        i += 1
        i > length(v) && return nothing
        v[i] == x && return i
    end
end
findit([3, 5, 7], 7)
findit([3, 5, 7], 4) === nothing
function grow()
    s = typemax(Int) - 2
    for i = 1:5
        s += 1
    end
    s, typeof(s)
end
grow()
function fsum(v)
    s = 0.0
    for x in v
        s += x
    end
    s
end
fsum([0.5, 0.25, 0.125])
fsum(1:4)
fsum((1, 2.5))
function chars(s)
    n = 0
    for c in s
        c == 'l' && (n += 1)
    end
    "$n l's in $s"
end
chars("hello world")
function incr!(a)
    for i = 1:length(a)
        a[i] += i
    end
    a[end] = -a[end]
    a
end
incr!([10, 20, 30])
between(x) = 1 < x <= 3
between(2), between(3), between(4)
kind(x::T) where T = T
kind(1.5)
va(x...) = length(x)
va(1, 2, 3)
function setg()
    global gg = 5
    gg += 1
end
setg()
gg
function decl()
    local z
    z = 3
    z * 2
end
decl()
function rebind()
    for i = 1:2
        i = [i]
    end
    :ok
end
rebind()
x = 0
for i = 1:4
    x += i
end
x
k = 1
while k < 100
    k *= 3
end
k
for i = 1:3
    i == 2 && break
    x = -i
end
x
function pw(x)
    x^2 + x^-1
end
pw(2)
dot2(a, b) = (a .* b, a .+ 1)
dot2([1, 2], 3)
sq(v) = [x^2 for x in 1:3]
sq(0)
function kw(v, T)
    w = T[]
    for x in v
        push!(w, round(x, digits = 1))
    end
    (w .+ 1, Vector{T}(undef, 0), sort(v, rev = true))
end
kw([1.26, 2.31], Float64)
function mixed()
    s = 0
    for i = 1:3
        s += 0.5
    end
    t = typemax(Int)
    t += 1
    t += 1
    s, t
end
mixed()
acc::Float64 = 0
for i = 1:3
    acc += i
end
acc
struct P
    x::Int
end
Base.:+(a::P, b::P) = P(a.x + b.x);
function addp(n)
    s = P(0)
    for i = 1:n
        s += P(i)
    end
    s.x
end
addp(4)
nested(4)
function fibi(n)
    a, b = 0, 1
    for i = 1:n
        a, b = b, a + b
    end
    a
end
fibi(90)
function kv(d)
    s = 0
    for (k, v) in d
        s += k * v
    end
    s
end
kv([(1, 2), (3, 4)])
function centred(v)
    m = sum(v) / length(v)
    [x - m for x in v], sum(abs(x - m) for x in v)
end
centred([1, 2, 6])
function pairs_to(n)
    a = []
    for i = 1:n
        push!(a, [i, i^2])
    end
    a
end
pairs_to(2)
adder(k) = map(x -> x + k, [1, 2])
adder(10)
function counter()
    c = 0
    bump = () -> (c += 1)
    bump()
    bump()
    c
end
counter()
f(x) = (x, [1], return x)
f(5)
function outer()
    g = () -> (y = 10)
    g(); y = 1; g()
    y
end
outer()
function outer2()
    x = 1
    g = () -> (global x; x)
    g()
end
x = 42
outer2()
function later(n)
    for i in 1:n
        if i > 1
            println(x)
        end
        x = i
    end
    x = 0
end
later(3)
cnt = 0
idx() = (global cnt += 1; 2)
a = [1, 2, 3]
a[idx()] += 10
a, cnt
function g2(a)
    n = 0
    k() = (n += 1; 1)
    a[end] *= 2
    a
end
function h(a)
    for i = 1:2
        a[idx()] -= 1
    end
    a[end] += 100
    a
end
h([1, 2, 3]), cnt
function rems(a, b)
    (a % b, rem(a, b), mod(a, b), a ÷ b, div(a, b))
end
rems(-7, 3)
rems(7, -3)
rems(-5.5, 2)
function halves!(v)
    for i = 1:length(v)
        v[i] = i / 2
        v[i] += v[end]
    end
    v
end
halves!(zeros(3))
function sumsq(m)
    s = 0
    for i = 1:length(m)
        s += m[i]^2
    end
    s
end
sumsq([1 2; 3 4])
scaled(v, k) = map(x -> x * k, v)
scaled([1, 2], 3)
function rescaled(v, k)
    k = 2
    map(x -> x * k, v)
end
rescaled([1, 2], 3)
above(v, t) = (filter(x -> x > t, v), sort(v, by = x -> -x))
above([3, 1, 2], 1)
mk(k) = x -> x + k
mk(3)(4)
