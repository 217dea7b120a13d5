# the article's example (Julia 1.10, PR #45396: integral rationals without //1)
TM = Matrix{Rational}(undef, 5, 5);
for i ∈ 1:5, j ∈ 1:5
    if j<i
        TM[i, j] = i//j
    else
        TM[i, j] = 0//1
    end
end
TM
Union{Int, Rational{Int}}[7 3//6; 6//3 2]
repr([-2//2])
[1//2, 2//1]
hermitianpart([1 2; 4 5] .// 1)
a ⥺ b = a - b
[1, 2, 3] .⥺ 1
