# exact linear algebra on Rational matrices, Float64 for integer matrices
A = [1 2; 3 4];
inv(A .// 1)
det(A)
det(A .// 1)
A .// 1 \ [1, 2]
A * A
A^2
A * inv(A .// 1) == I
tr(A)
rank([1 2; 2 4])
dot([1, 2, 3], [4, 5, 6])
cross([1, 0, 0], [0, 1, 0])
kron([1, 2], [1, 10])
issymmetric([1 2; 2 1])
norm([3, 4])
I
