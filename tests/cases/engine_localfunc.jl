# Local functions (f(x) = … inside a method): locals of the whole body, closures over
# what they name, run by the compiled executor (and the walker, for the differential).
# Expected values by Julia's scope rules (the manual's "Scope of Variables").
function outer1(n)
    sq(x) = x^2
    s = 0
    for i in 1:n
        s += sq(i)
    end
    s
end
outer1(10)
function outer2(k)
    add(x) = x + k
    add(1), add(2)
end
outer2(5)
function outer3()
    g(x::Int) = "int"
    g(x) = "any"
    g(1), g(1.5)
end
outer3()
function outer4()
    fact(n) = n <= 1 ? 1 : n * fact(n - 1)
    fact(10)
end
outer4()
function outer5()
    r = h(1)
    h(x) = x
    r
end
try
    outer5()
catch e
    println(e)
end
function outer6(v)
    m = 2
    scale(x) = m * x
    map(scale, v)
end
outer6([1, 2, 3])
function outer7()
    c = 0
    inc() = (c += 1)
    inc(); inc()
    c
end
outer7()
function e1()
    h = () -> g(1)
    g(x) = x + 1
    h()
end
e1()
function e2(n)
    k = n * 2
    addk(x) = x + k
    map(addk, 1:3)
end
e2(5)
function e3()
    r = 0
    g(x) = x + r
    r = 10
    g(1)
end
e3()
function e4(v)
    f(x::T) where {T<:Integer} = "int $x"
    f(x::AbstractFloat) = "float $x"
    [f(x) for x in v]
end
e4([1, 2])
e4([2.5])
function e5()
    kf(x; scale = 2) = x * scale
    kf(3), kf(3; scale = 10)
end
e5()
function e8()
    try
        later(1)
    catch err
        println("caught ", err)
    end
    later(x) = 2x
    later(4)
end
e8()
g9 = 100
function e9()
    helper() = g9 + 1
    helper()
end
e9()
function e10(n)
    fib(k) = k < 2 ? k : fib(k - 1) + fib(k - 2)
    fib(n)
end
e10(20)
function e11()
    acc = Int[]
    push1(x) = push!(acc, x)
    push1(1); push1(2)
    acc
end
e11()
function e12()
    tmp(x) = (y = x + 1; y * 2)
    tmp(3)
end
e12()
e13(x) = (sq(y) = y^2; sq(x))
e13(7)
# what a quote assigns is not a local of the method around it
gq() = (eval(:(xq = 2)); xq)
gq()
function lf(n)
    sq(x) = x * x
    s = 0
    for i in 1:n
        s += sq(i) % 7
    end
    s
end
lf(10^5)
