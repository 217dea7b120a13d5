struct Polar{T<:Real} <: Number; r::T; Θ::T; end
Polar(r::Real,Θ::Real) = Polar(promote(r,Θ)...)
Base.show(io::IO, z::Polar) = print(io, z.r, " * exp(", z.Θ, "im)");
Base.show(io::IO, ::MIME"text/plain", z::Polar{T}) where{T} = print(io, "Polar{$T} complex number:\n   ", z);
Polar(3, 4.0)
[Polar(3, 4.0), Polar(4.0,5.3)]
MIME"text/plain"
MIME("text/plain")
MIME("text/plain") == MIME"text/plain"(), typeof(MIME("text/html"))
sprint(show, MIME"text/plain"(), Polar(1, 2))
