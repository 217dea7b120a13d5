# a comprehension or collect that yields nothing has the element type Julia's inference
# gives it where jcalc can know it exactly: the iterator's, for (x for x in itr if c)
[x for x in Int[]]
[x for x in 1:0]
[x for x in Float64[] if x > 0]
[x for x in 1:3 if x > 5]
[c for c in ""]
[x for x in 1.0:0.5:0.0]
[x for x in (1, 2) if x > 3]
[x for x in Int8[] if true]
[x for x in Any[]]
Float64[x for x in 1:0]
collect(x for x in 1:0)
collect(x for x in Int[] if x > 0)
collect(Iterators.filter(iseven, Int8[]))
