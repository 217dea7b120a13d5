struct Pt; x::Int; y::Int; end
Base.show(io::IO, p::Pt) = print(io, "Pt<", p.x, ",", p.y, ">");
Pt(1,2)
[Pt(1,2), Pt(3,4)]
string(Pt(1,2)), "$(Pt(1,2))", repr(Pt(1,2)), sprint(show, Pt(1,2))
(Pt(1,2), 3)
:a => Pt(0,0)
struct Polar{T<:Real} <: Number
    r::T
    Θ::T
end
Base.show(io::IO, z::Polar) = print(io, z.r, " * exp(", z.Θ, "im)");
Polar(3.0, 4.0)
import Base: show
struct Q; a; end
function show(io::IO, q::Q)
    print(io, "Q:")
    show(io, q.a)
end;
Q("s")
Q(Q(1))
struct P2; v; end
Base.print(io::IO, p::P2) = print(io, "printed ", p.v);
string(P2(1))
println(P2(3))
