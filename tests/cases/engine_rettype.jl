# A declared return type converts what the method returns: convert(T, v)::T, as Julia's
# (the manual's "Return Types": g(x, y)::Int8 returns an Int8).
function g(x, y)::Int8
    return x * y
end;
typeof(g(1, 2))
gg(x)::Float64 = x
gg(3)
function early(x)::Float64
    x > 0 && return 1
    2
end
early(1), early(-1)
gt(x::T)::T where T = 2.0x
gt(3), gt(1.5)
gr(x)::Real = x
typeof(gr(3))
function withlocal()
    half(x)::Float64 = x / 2
    half(4)
end
withlocal()
try
    gg("a")
catch e
    println(typeof(e), " ", e.f, " ", e.args)
end
gi(x)::Int = x
try
    gi(2.5)
catch e
    println(e)
end
try
    g(100, 100)
catch e
    println(e)
end
