# literals, promotion, indexing, shape functions, display forms
[1, 2, 3]
[1 2; 3 4]
[1; 2;; 3; 4]
[1, 2.5]
Float64[]
repr([1, 2, 3])
repr([1 2; 3 4])
repr(Float32[1, 2])
A = [1 2 3; 4 5 6];
A[2, 1]
A[:, 2]
A[end]
A[1, 2:end]
size(A)
length(A)
ndims(A)
eltype(A)
vec(A)
reshape(collect(1:6), 2, 3)
transpose([1, 2, 3])
[1, 2, 3]'
[1, 2, 3]' * [4, 5, 6]
permutedims(A)
reverse([1, 2, 3])
sort([3, 1, 2])
sum([1, 2, 3]), prod([1, 2, 3]), maximum([1, 5, 3]), minimum([4, 2, 8])
extrema([3, 1, 2])
cumsum([1, 2, 3])
diff([1, 4, 9, 16])
[i * j for i in 1:3, j in 1:4]
[x for x in 1:10 if iseven(x)]
sum(x^2 for x in 1:10)
zeros(2, 3)
ones(Int, 2)
fill(7, 2, 2)
[1 2 3] .+ [10, 20]
[1.0 / 3 2; 3 4]
