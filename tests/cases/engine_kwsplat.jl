# Keyword splats and kw... parameters: Base.Pairs, as Julia 1.10 binds them.
# Expected values from Julia's test/keywordargs.jl and the manual's "Keyword Arguments".
kwf1(ones; tens=0, hundreds=0) = ones + 10*tens + 100*hundreds
kwdelegator(ones; kw...) = kwf1(ones; kw...)
kwdelegator(4, hundreds=8)
try
    kwf1(1, z=0)
catch e
    println(typeof(e))
end
extravagant_args(x, y=0, rest...; color="blue", kw...) = (x, y, rest, color, kwf1(6; tens=8, kw...))
extravagant_args(1)
extravagant_args(1; hundreds=7)
extravagant_args(1, 2, 3; [:color => "red", :hundreds => 3]...)
try
    extravagant_args(1; Any[[]]...)
catch e
    println(typeof(e))
end
f18845() = 2
f18845(;)
f18845(; []...)
sin(1.0; []...) == sin(1.0)
kwf1(1; :tens => 2)
let p = (:hundreds, 3), q = (:tens, 1)
    kwf1(0; p[1] => p[2], q[1] => q[2]), kwf1(0; q[1] => q[2], hundreds=4)
end
g17785(; a=1, b=2) = (a, b)
let opts = (:a => 3, :b => 4)
    g17785(; a=5, opts...), g17785(; opts..., a=5), g17785(; opts..., a=5, b=6), g17785(; b=0, opts..., a=5)
end
counter = 0
function get_next()
    global counter += 1
    return counter
end
fa(args...; kws...) = (args, values(kws))
fa(get_next(), a=get_next(), get_next(), b=get_next(), get_next(),
   [get_next(), get_next()]...; c=get_next(), (d = get_next(), f = get_next())...)
ks(; xs...) = xs
d = ks(a=1, b=2)
d[:a], d[:b]
collect(ks(a=1, b=2))
collect(ks(b=2, a=1))
collect(ks(b=2, a=1; :b => 3))
isempty(ks())
eltype(ks()) <: Pair
# the value itself: its type, display, and what reads it
d
ks()
typeof(d)
typeof(ks())
typeof(ks(a=1, b=2.0))
(d,)
string(ks(x=1, y="two"))
keys(d), values(d), length(d), haskey(d, :b), haskey(d, :z), get(d, :z, 0)
for (k, v) in d
    println(k, " => ", v)
end
iterate(d)
iterate(d, 3) === nothing
NamedTuple(d)
NamedTuple([:u => 1, :v => 2, :u => 3])
NamedTuple()
tuple(d...)
pairs((x = 1, y = "two"))
keys((x = 1, y = 2)), values((x = 1, y = 2)), isempty(NamedTuple())
# the manual's splat of a named tuple, and anonymous functions with keywords
foo(; a = 0, b = 0) = a + b
foo(; (a = 1, b = 2)...)
af = (x; a=1, b=2) -> (x, a, b)
af(0), af(1, a=10, b=20), af(0, b=88)
try
    af(0, z=1)
catch e
    println(typeof(e))
end
methods(ks)
# typed named tuples
typeof((a = 1, b = "hello"))
typeof((a = 1, b = (c = 2.0,)))
isa((a = 1,), NamedTuple), (a = 1,) isa Int
# errors: a key that is not a Symbol, an element that is not a pair
try
    foo(; [1 => 2]...)
catch e
    println(e)
end
try
    foo(; 5...)
catch e
    println(e)
end
# the join of two Pair types is a Pair (Julia: Pair{Symbol}), not a Tuple
eltype([p for p in (:a => 1, :b => 2.5)]) <: Pair
eltype([p for p in (:a => 1, :b => 2.5)]) <: Tuple
