# Constructors (doc/src/manual/constructors.md: OurRational, SummedArray)
struct OurRational{T<:Integer} <: Real
    num::T
    den::T
    function OurRational{T}(num::T, den::T) where T<:Integer
        if num == 0 && den == 0
            error("invalid rational: 0//0")
        end
        num = flipsign(num, den)
        den = flipsign(den, den)
        g = gcd(num, den)
        num = div(num, g)
        den = div(den, g)
        new(num, den)
    end
end
OurRational(n::T, d::T) where {T<:Integer} = OurRational{T}(n,d)
OurRational(n::Integer, d::Integer) = OurRational(promote(n,d)...)
OurRational(n::Integer) = OurRational(n,one(n))
OurRational{Int}(2, 4)
OurRational(6, -8)
OurRational(3)
OurRational(0, 0)
OurRational(2, 4) isa Real
struct SummedArray{T<:Number,S<:Number}
    data::Vector{T}
    sum::S
    function SummedArray(a::Vector{T}) where T
        S = promote_type(T, Float64)
        new{T,S}(a, sum(S, a))
    end
end
s = SummedArray([1, 2, 3])
s.sum
typeof(s)
SummedArray([1, 2], 3)
# Function-like objects (doc/src/manual/methods.md)
struct Polynomial{R}
    coeffs::Vector{R}
end
function (p::Polynomial)(x)
    v = p.coeffs[end]
    for i = (length(p.coeffs)-1):-1:1
        v = v*x + p.coeffs[i]
    end
    return v
end
(p::Polynomial)() = p(5)
p = Polynomial([1,10,100])
p(3)
p()
p("a", 2)
