isless(1, 3)
isless("Red", "Blue")
isless(NaN, 1.0), isless(1.0, NaN), isless(NaN, NaN), isless(-Inf, NaN)
isless(-0.0, 0.0), -0.0 < 0.0, isless(1, 1.0), isless(-0.0, 0)
isless((1, 2), (1, 3)), isless((1,), (1, 2)), isless((1, NaN), (1, 2)), isless((2,), (1, 5))
isless('a', 'b'), isless(:a, :b), isless(1 => 2, 1 => 3)
max("a", "b"), min("a", "b"), max('x', 'y'), minmax("c", "b")
maximum(["apple", "pear", "fig"]), minimum(["apple", "pear", "fig"]), extrema(["b", "a", "c"])
max((1, 2), (1, 3)), max(1, 2.0, 3//1)
sort(["b", "a", "c"]), sort([(1, 2), (1, 1), (0, 5)]), sort([:b, :a])
struct Rev; x::Int; end; Base.isless(a::Rev, b::Rev) = a.x > b.x;
max(Rev(1), Rev(3)), sort([Rev(1), Rev(3)])
show([[1, 2], [3]]); show([(1, 2)]); show([1 => 2]); show([nothing, nothing]); show([:a]); println()
show([(1, "a")]); show([(1, 2.5f0)]); show(Any[1, 2]); show([1:2, 3:4]); show(Vector{Int}[]); println()
x = [[1.0], [2]]; typeof(x[2]), x
convert(Vector{Float64}, [2]), convert(Matrix{Float64}, [1 2]), convert(Vector{Real}, [1])
v = [1]; w = Vector{Int}[]; push!(w, v); w[1] === v
w2 = Vector{Float64}[]; push!(w2, [1]); w2
sort([2,3,1]) == [1,2,3], sort([2,3,1], rev=true) == [3,2,1], sort(['z':-1:'a';]) == ['a':'z';], sort(['a':'z';], rev=true) == ['z':-1:'a';]
sort([3,1,2], by = -), sort(["bb","a","ccc"], by = length), sort([3,1,2], lt = >), sort([(1,"b"), (1,"a"), (0,"z")], by = first)
x = [3, 1, 2]; y = sort!(x; rev=true); y === x, x
