f(x::Vector) = "vector"
f(x::Matrix) = "matrix"
f(x::AbstractFloat) = "float"
f(x::Integer) = "integer"
(f([1, 2]), f([1 2; 3 4]), f(1.5), f(big(2)), f(true))
typeof([1, 2]) <: AbstractArray
Int >: Bool
Bool <: Integer
Rational{Int64} <: Real
Complex{Float64} <: Real
1//2 isa Real
2.0 isa Integer
[true, false] .&& [true, true]
typeof([1 2; 3 4] .> 1)
typeof(1:3)
typeof(1:2:9)
typeof(0:0.1:1)
nt = (a = 1, b = 1 + 1)
nt.a + nt.b
(a = 1,)
length(nt)
sum(nt)
