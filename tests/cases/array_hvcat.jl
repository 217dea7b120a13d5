# [a b; c d] of scalars: every element first, then one matrix whose element type is
# promoted over all of them (Julia's hvcat of scalars), not row by row
[Float16(1) 2049; 1.5 2]
[1 2; "a" "b"]
[true false; 1 0]
[1 big(2); 3 4//5]
['a' 'b'; 'c' 'd']
# an array among the elements: rows are concatenated, then stacked
[[1, 2] [3, 4]; 5 6]
[1:2 3:4; 5 6]
# side effects in order, row by row, before any concatenation
v = Int[]; [push!(v, 1)[end] push!(v, 2)[end]; push!(v, 3)[end] push!(v, 4)[end]]; v
# rows of different lengths are fine when arrays make their widths agree
[[1 2] 3; 4 5 6]
# a tuple is one element, not a collection, in every concatenation
[(1,2) (3,4); (5,6) (7,8)]
[(1,2) (3,4)]
[(1,2); (3,4)]
vcat((1,2), 3)
hcat((1,2), (3,4))
# typed: the same, of the given element type
Float32[1 2; 3 4]
Int[[1 2] 3; 4 5 6]
Any[1 2; 3 4]
