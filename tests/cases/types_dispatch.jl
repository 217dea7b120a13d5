# Dispatch (doc/src/manual/methods.md)
f(x::Float64, y::Float64) = 2x + y
f(2.0, 3.0)
f(2.0, 3)
f(x::Number, y::Number) = 2x - y
f(2.0, 3)
f(2, 3.0)
f()
f("foo", 1)
g(::Integer) = 5
g(::Real) = 7
g(1)
g(1.5)
g(big(2))
h(x::Float64, y) = 2x + y
h(x, y::Float64) = x + 2y
h(2.0, 3)
h(2, 3.0)
h(2.0, 3.0)
h(x::Float64, y::Float64) = 2x + 2y
h(2.0, 3.0)
same_type(x::T, y::T) where {T} = true
same_type(x, y) = false
same_type(1, 2)
same_type(1, 2.0)
same_type("a", "b")
mytypeof(x::T) where T = T
mytypeof(1)
mytypeof(1//2)
numeric(x::T) where T<:Real = "real $T"
numeric(x) = "other"
numeric(3)
numeric(2im)
tt(::Type{T}) where T = "type $T"
tt(Int)
tt(Vector{Float64})
tt(1)
elt(v::Vector{T}) where T<:Number = T
elt([1.5, 2.5])
elt(["a"])
va(x::Int...) = sum(x)
va(1, 2, 3)
va(5)
vb(a, b::Vararg{Int}) = length(b)
vb(1)
vb(1, 2, 3)
k(x) = 1
k(x::Int) = 2
k(x::Integer) = 3
k(1)
k(true)
k(1.0)
m(x::Int, y::Int) = 1
m(x::Int, y::Int) = 2
m(1, 2)
