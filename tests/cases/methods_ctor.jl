# methods(T) lists a struct's default constructors (Julia's: the typed one and, unless
# every field is Any, the converting one; one `where` method for a parametric type)
struct A; x; y; end
methods(A)
struct B; x::Int; y; end
methods(B)
length(methods(B)), first(methods(B))
[m.sig for m in methods(B)]
struct Pt{T}; x::T; y::Vector{T}; end
methods(Pt)
# a parameter no field names cannot be found from a call: no default outer constructor
struct R{T}; x::Int; end
methods(R)
try; R(1); catch e; println(typeof(e), " ", e.f, " ", e.args); end
# and its MethodError lists no candidate (methods(R) has none)
try; R(1); catch e; showerror(stdout, e); println(); end
# an inner constructor replaces the defaults
struct S; x::Int; S() = new(1); end
methods(S)
abstract type Ab end
methods(Ab)
struct E; end
methods(E)
struct U; x::Union{Int,Nothing}; end
methods(U)
# outer constructors come after the defaults
struct P; x::Int; end
P(x, y) = P(x + y)
methods(P)
P(1, 2)
