# Types as values: Julia's lattice (doc/src/manual/types.md, test/show.jl, test/subtype.jl)
Integer <: Number
Integer <: AbstractFloat
Union{Int,AbstractString}
typeof(Union{Real,String})
Tuple{Int,AbstractString} <: Tuple{Real,Any}
Tuple{Int,AbstractString} <: Tuple{Real,Real}
Tuple{Int,AbstractString} <: Tuple{Real,}
isa(Float64, Type{Float64})
isa(Real, Type{Float64})
isa(Real, Type{Real})
isa(Float64, Type{Real})
supertype(Float64)
supertype(Number)
supertype(AbstractString)
supertype(Any)
supertypes(Int)
typejoin(Int, Float64)
typejoin(Int, Float64, ComplexF32)
promote_type(Int64, Float64)
promote_type(Float32, BigInt)
promote_type(Int, String)
isconcretetype(Complex)
isconcretetype(Complex{Float32})
isconcretetype(Vector{Complex})
isconcretetype(Union{Int,String})
isabstracttype(AbstractArray)
isabstracttype(Vector)
isa(nothing, Union{})
isa(1, Union{})
Union{} <: Int
Vector{Int} <: AbstractVector{Int}
Vector{Int} <: Vector{<:Integer}
Vector{Int} <: Vector{Integer}
Array{Int,1} <: Array{Integer,1}
println(Vector{<:Integer})
NTuple{7,Int64}
Tuple{Float64,Float64,Float64,Float64}
Tuple{String,Int64,Int64,Int64,Int64}
Tuple{Float32,Float32,Float32}
Tuple{AbstractString,Vararg{Int}}
Tuple{Int,Int} <: Tuple{Vararg{Int}}
Tuple{} <: Tuple{Vararg{Any}}
Tuple{} <: Tuple{Int, Vararg{Int}}
Tuple{Int,Vararg{Int,2}} == Tuple{Int,Int,Int}
typeof((1,"foo",2.5))
Union{Nothing, Number, Vector}
Union{Float64, Int64}
Union{Int64, String}
Union{Int, Float64} <: Real
Int <: Union{Int, Float64}
Union{}
typeof(Int)
typeof(Real)
typeof(DataType)
typeof(Union)
println(typeof(sin))
typeof(Vector)
println(Vector)
Vararg{Int}
Vararg{Int, 3}
typeintersect(Int, Real)
typeintersect(Int, String)
typeintersect(Union{Int, String}, Number)
fieldnames(Rational)
fieldnames(Complex)
1:3 isa AbstractRange
1:3 isa AbstractVector{Int}
[1, 2] isa AbstractVector{Int}
[1, 2] isa AbstractArray{Int, 2}
sin isa Function
typeof(sin) <: Function
DataType <: Type
Int isa DataType
Vector isa UnionAll
Int == Int64
Union{Int, String} == Union{String, Int}
eltype(Vector{Float64})
Type{Int}
eltype((1,2))
eltype(Tuple{Int,Float64})
eltype(AbstractVector{Int})
eltype(())
eltype(NTuple{3,Int})
supertypes(Vector{String})
Vector{Int} <: DenseVector{Int}
supertype(Matrix{Float64})
