# Generators are lazy (manual, "Generator Expressions"): (f(x) for x in itr [if c])
# is a Base.Generator over the iterator, an Iterators.Filter when filtered; nothing
# is computed until it is iterated, so a generator over 1:10^12 costs nothing.
g = (x^2 for x in 1:5)
g isa Base.Generator
collect(g)
collect(g)
length(g)
size(g)
eltype(g)
first(x for x in 1:10^12)
first((x for x in 1:10^12 if x > 10^6), 2)
sum(x for x in 1:10 if iseven(x))
sum(i for i in 1:3; init = 10)
prod(x for x in 1:5)
maximum(x for x in [3, 1, 2])
minimum(x^2 for x in -3:3)
extrema(x for x in 1:4)
any(x > 3 for x in 1:5)
all(x > 0 for x in 1:5)
count(iseven(x) for x in 1:10)
[x for x in (y + 1 for y in 1:3)]
join((string(c) for c in "abc"), "-")
for v in (x * 2 for x in 1:3) println(v) end
a, b = (x for x in 1:2); a + b
tuple((x for x in 1:3)...)
Tuple(x for x in 1:10 if isodd(x))
map(x -> x + 1, (x for x in 1:3))
# the body runs when iterated, once per element, and sees the variables of its time
c = [0]
h = (c[1] += 1 for _ in 1:3);
c[1]
collect(h)
c[1]
k = 10
gk = (x + k for x in 1:2);
k = 20
collect(gk)
# the protocol: iterate a generator by hand
iterate(x + 1 for x in 10:11)
iterate((x + 1 for x in 10:11), 10)
iterate((x + 1 for x in 10:11), 11) === nothing
iterate(x for x in 1:10 if x > 4)
iterate((x for x in 1:10 if x > 4), 5)
iterate(x for x in 1:10 if x > 40) === nothing
iterate(x for x in [4, 5])
Base.Generator
collect(Base.Generator(x -> 2x, 1:3))
# tuple, Tuple(itr) and tuple conversions
tuple()
tuple(1, 'a', "b")
Tuple([1, 2])
Tuple("ab")
Tuple(1:0)
Tuple{Int, Float64}((1, 2))
Tuple{Int, Float64}([1, 2, 3])
Tuple{Int, Vararg{Float64}}([1, 2, 3])
NTuple{2, Int}((1, 2))
convert(Tuple{Int, Float64}, (1, 2))
# eltype's fallbacks
eltype(1)
eltype(1.5 + im)
eltype("a")
eltype(:a)
eltype(nothing)
eltype(Int)
eltype(String)
eltype(Vector)
eltype(typeof(1:0.5:3))
# a generator has its iterator's shape and length; a filter has neither
length(i for i in 1:10^12)
length(x for x in (y for y in 1:4))
size(x for x in [1 2; 3 4])
ndims(x for x in [1 2; 3 4])
collect(x for x in [1 2; 3 4])
collect(2x for x in (y for y in [1 2; 3 4]))
collect(x for x in [1 2; 3 4] if x > 1)
isempty(x for x in 1:3 if x > 5)
