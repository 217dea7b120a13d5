# scoping and declarations (Julia manual "Scope of Variables"; test/syntax.jl)
function f_outer()
    i = 0
    for outer i = 1:3
    end
    i
end
f_outer()
let i = 0
    for outer i in 1:10
        i == 4 && break
    end
    i
end
x::Float64 = 1
x
typeof(x)
function g_typed()
    y::Int = 2.0
    y
end
g_typed()
c = 0
add_c() = (global c += 1)
add_c(); add_c();
c
function set_globals()
    global gx = 5
    global ga, gb = 1, 2
end
set_globals();
gx, ga, gb
function count_to(n)
    s = 0
    for k in 1:n
        s += k
    end
    global total = s
end
count_to(4); total
let a = 1, z
    z = 2
    a + z
end
1 + 1
ans = 5
ans + 1
3
ans
# end inside calls within an index
a = [10, 20, 30, 40]
a[(end)]
a[end ÷ 2]
a[[1, end]]
a[min(end, 10)]
b = [1, 2]
a[b[end]]
h(v) = [v, 2v, 3v]
h(1)[end]
# Symbols
:a
typeof(:a) == Symbol
Symbol("a", 1)
Symbol("foo bar")
[:x, :+, Symbol("=="), Symbol("true")]
println(:abc)
# do blocks
map([1, 2]) do x
    x^2
end
apply_twice(f, x) = f(f(x))
apply_twice(3) do v
    v * 10
end
sum(1:3) do k
    k^2
end
# using/import and qualified names
using LinearAlgebra
using Statistics, Printf
import Base: +
import Base.Math
Base.sin(0.5) == sin(0.5)
LinearAlgebra.norm([3, 4])
Base.Math.sinpi(0.5)
Base.MathConstants.golden
Base.:+(1, 2)
function Base.:+(s::String, t::String)
    s * t
end;
"ab" + "cd"
Base.:-(s::String) = reverse(s);
-"abc"
Base
typeof(Base)
Base.Math
M = Base.Math;
M.sinpi(0.5)
import LinearAlgebra as LA
LA.norm([6, 8])
import Base: cos as kos
kos(0)
map([(1, 2), (3, 4)]) do (a, b)
    a * b
end
(;)
# let is a hard scope (manual, "Local Scope": let blocks create new hard scopes)
lx = 1
let
    lx = 5
end
lx
let
    global lx = 7
end
lx
Base.:(==)(1, 1)
Base.:(∘)(sin, cos)
Base.:(==)(a::Symbol, b::Int) = true;
:a == 1
import LinearAlgebra.norm
norm([5, 12])
# a declared type stays: later assignments convert (manual, "Type Declarations")
function typed_sum(n)
    acc::Float64 = 0
    for i in 1:n
        acc += i
    end
    acc
end
typed_sum(3)
tg::Float32 = 1
tg = 2
typeof(tg)
