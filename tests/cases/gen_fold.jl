# sum, prod, maximum, minimum, count, any and all of a generator fold its elements as
# they come (Julia's mapfoldl): left to right, any/all stop at their answer
sum(i for i in 1:10^6)
any(i > 5 for i in 1:10^18)
all(i < 5 for i in 1:10^18)
count(iseven(i) for i in 1:10)
count(iseven(i) for i in 1:0)
any(i > 5 for i in 1:0)
all(i > 5 for i in 1:0)
sum(i * j for i in 1:3 for j in 1:i)
sum(i * j for i in 1:3, j in 1:2)
maximum(abs(i - 50) for i in 1:100 if iseven(i))
minimum(x^2 - 4x for x in -10:10)
prod(big(i) for i in 1:25)
# reduce_first widens the small integers, and Bools sum as Int
typeof(sum(Int8(i) for i in 1:3))
typeof(sum(UInt8(i) for i in 1:3))
typeof(prod(Int16(2) for i in 1:3))
sum(true for i in 1:3)
prod(true for i in 1:3)
# a left fold, not pairwise: ten 0.1s add up as a loop does
sum(0.1 for i in 1:10)
sum([i, i] for i in 1:3)
maximum(Int(c) for c in "hello")
# a rebound name is called as usual
let sum = x -> length(x); sum(i for i in 1:4) end
# init: Julia's mapfoldl from init, over any iterable; empty, the answer is init
sum([1, 2]; init = 10)
sum(Int[]; init = 0.0)
sum(x -> x^2, 1:3; init = 0)
prod(1:5; init = big(1))
maximum([1, 5, 2]; init = 7)
maximum(Int[]; init = -1)
minimum((3, 1, 2); init = 0)
count([true, false, true]; init = 5)
count(iseven, 1:10; init = 1)
sum(i for i in 1:3; init = 10)
sum([1 2; 3 4]; init = 0)
# max and min of Int64 and Float64 without the call: Julia's max(-0.0, 0.0) is 0.0,
# min(0.0, -0.0) is -0.0, and a NaN anywhere is the answer
maximum(x for x in (-0.0, 0.0))
maximum(x for x in (0.0, -0.0))
minimum(x for x in (0.0, -0.0))
minimum(x for x in (-0.0, 0.0))
maximum(x for x in (1.0, NaN, 2.0))
minimum(x for x in (NaN, 1.0))
maximum(x for x in (-Inf, Inf))
maximum(x for x in (1, 2.5))
minimum(i % 7 - 3 for i in 1:100)
maximum(x for x in (1, big(5), 3))
# a generator held in a variable folds the same way: lazily, stopping at the answer
g = (i > 5 for i in 1:10^18);
any(g), all(g)
g2 = (i for i in 1:10 if isodd(i));
sum(g2), prod(g2), maximum(g2), minimum(g2), count(isodd, g2)
sum(abs2, (i for i in 1:3)), sum((Int8(100) for _ in 1:2))
try; sum((i for i in 1:0)); catch e; e; end
sum((i for i in 1:0); init = 0), count((i > 0 for i in 1:0)), any((true for _ in 1:0))
