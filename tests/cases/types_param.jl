# Parametric abstract types and supertypes (doc/src/manual/types.md)
abstract type AbstractPoint{T} end
struct Pt{T} <: AbstractPoint{T}; x::T; end
Pt(1) isa AbstractPoint{Int}
Pt(1) isa AbstractPoint{Float64}
Pt(1) isa AbstractPoint
supertype(Pt{Int})
AbstractPoint{Int}
supertypes(Pt{Float64})
f(p::AbstractPoint{T}) where T = T
f(Pt(2.5))
struct W; x::Union{Int,Nothing}; end
W(nothing)
W(3)
typejoin(Pt{Int}, Pt{Float64})
Pt{<:Real}
Pt(1) isa Pt{<:Real}
fieldtypes(Pt{Float64})
