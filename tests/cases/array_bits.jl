# BitArrays: trues/falses (Julia's doctests), copy/reshape/indexing keep the storage
trues(2, 3)
falses(2, 3)
trues(3)
typeof(trues(3))
typeof(falses(2, 2))
typeof(trues(2, 2, 2))
falses(0)
show(falses(0)); println()
trues((1, 2))
b = [1, 2, 3] .> 1;
typeof(copy(b))
c = copy(b); c[1] = true; b
typeof(reshape(trues(4), 2, 2))
typeof(vec(trues(2, 2)))
typeof(trues(4)[2:3])
typeof(trues(2, 2)[:, 1])
trues(2)[1]
