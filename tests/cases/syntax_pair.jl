# Pair, |>, ∘ and !f (test/show.jl "printing of Pair's", "alignment for pairs";
# test/operators.jl "function composition", "function negation")
p = 1 => 2
p.first, p.second, first(p), last(p)
typeof(p)
Pair(1.0, 2.0)
Pair(Pair(1, 2), Pair(3, 4))
(1 + 2im) => (3 + 4im)
1 => 2 => 3
(1 => 2) => 3
"a" => [1, 2]
(+) => 1
:A => [1]
[1 => 22, 33 => 4]
[1 => 2 3 => 4]
[[1.0] => 1.0]
(1 => 2, 3)
string(1 => "x")
p == (1 => 2), p == (1, 2), isequal(p, 1 => 2)
p isa Pair, (1, 2) isa Pair, length(p), collect(p), p[2]
a, b = p; b
[1, 2, 3] |> sum
3 |> (x -> x + 1) |> sqrt
(uppercase ∘ first)("abc")
∘(x -> x - 2, x -> x - 3, x -> x + 5)(7)
fs = [x -> x[1:2], uppercase, lowercase];
∘(fs...)("ABC")
∘(x -> (x, 2), x -> (x, 1))(0)
function kwf(a; b, c); a + b + c; end
(abs2 ∘ kwf)(1, b = 2, c = 3)
uppercase ∘ first
(-) ∘ sin
cos ∘ (sin ∘ tan)
cos ∘ sin ∘ tan
(cos ∘ sin) ∘ tan
!(cos ∘ !sin)
!isnan
repr(!isnan)
(!iseven)(3), (!iseven)(4)
filter(!isodd, [1, 2, 3, 4])
(sin ∘ cos) isa Function
typeof(sin ∘ cos) <: Function
(sin ∘ cos).([0.5, 1.0]) == sin.(cos.([0.5, 1.0]))
Pair{Int64, Int64}
typeof(1 => 2) == Pair{Int64, Int64}
Pair{Float64, Int64}(1, 2)
(1 => 2.0) isa Pair{Int64, Int64}, (1 => 2) isa Pair{Int64, Int64}
reverse(1 => "a")
firsts(ps) = map(p -> p.first, ps);
firsts([1 => 'a', 2 => 'b'])
eltype([1 => 2, 3 => 4])
!!isnan === isnan
!!!iseven
