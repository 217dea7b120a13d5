# Typed locals (x::T = v, local x::T) in a compiled body: the variable is local to the
# scope that declares it, and every store to it converts to T (convert, so 2.0 becomes 2
# and 3.5 an InexactError); a local declared with local y::T and no value starts unassigned.
function tl1() x::Int = 2.0; x = 3.0; x end
tl1()
function tl2() x::Int = 2.0; x = 3.5; x end
try tl2() catch e; e end
xg = 1.5;
function tl3() xg::Int = 2; xg end
tl3(), xg
function tl4() s::Float64 = 0; for i in 1:3; s += i; end; s end
tl4()
function tl5(n) local acc::Rational{Int} = 0; for i in 1:n; acc += 1 // i; end; acc end
tl5(4)
function tl6() local y::Int; y = 7.0; y end
tl6()
function tl7() z = 1.0; for i in 1:2; w::Int = i * 2.0; z += w; end; z end
tl7()
function tl8() v::Vector{Float64} = [1, 2]; v end
tl8()
function tl9() q::String = 1 end
try tl9() catch e; typeof(e) end
function tl10() y = x10; x10::Int = 1; y end
x10 = 5;
try tl10() catch e; e end
function tl11() a::Int8 = 100; a += 100; a end
try tl11() catch e; e end
