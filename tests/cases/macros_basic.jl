# @show: base/show.jl's docstring (x = @show 1+2; @show x^2 x/2), strings by their repr
x = @show 1+2
@show x^2 x/2;
s = "a"; @show s
@show [1, 2] (1, 2.5) 2x sin(0.0)+1 (x+1)*2 x - (1 - x) -x
@show a = 5
@show 1:3
# @assert: AssertionError when false, nothing when true
@assert x > 0
@assert 1 == 1 "fine"
# string macros
big"1.5"
typeof(big"1.5")
big"123456789012345678901234567890"
typeof(big"12")
big"0x10"
big"1_000"
raw"a\b\c"
raw"\\\""
raw"$x"
length(raw"\"")
b"abc"
typeof(b"")
b"\x01\xff"
# @evalpoly (base/math.jl's doctest: @evalpoly(3, 1, 0, 1) == 10) and Goertzel for complex
@evalpoly(3, 1, 0, 1)
@evalpoly(2, 1, 2, 3)
@evalpoly(2.0+1im, 1, 2, 3)
@evalpoly(2, 5)
@evalpoly(1//2, 1, 1, 1)
# @. dots every call and operator
v = [1.0, 4.0, 9.0]
@. sqrt(v) * 2 + v
@. v ^ 2 - 1
@. 1 + 2
@. 2v
# annotations evaluate their expression
@inbounds v[1]
@inline 1 + 1
@noinline 2 + 2
@fastmath sqrt(4.0)
@simd for i in 1:2
    println(i)
end
@views v[2:3]
# the timing macros: @elapsed is a Float64, @time returns the value
typeof(@elapsed sum(1:10))
(@elapsed 1+1) >= 0
# qualified names
@Base.show 7
# @show writes its expression as Julia's show_unquoted (test/show.jl's rules)
y = 2
@show -y^2 (-y)^2 2y + 1 2(y + 1) y - 1 - 1 y - (1 - 1) y^y^1 (y^y)^1
@show [1 2; 3 4] (y,) y > 0 && y < 3 y > 0 ? "pos" : "neg" 1:2:9 π
@show abs.(-y) y .+ 1 √y
# @. assigns in place
x = [1.0, 4.0]; @. x = sqrt(x) + 1
x
z = [1, 2]; @. z += z * 2
z
# an interpolated string is written with $(...) around each value, as Julia's show does
@show "a$x b$(x[1]+1)"
# comprehensions and generators: each iteration written with =
@show [i^2 for i in 1:3] sum(k^2 for k in 1:3) [k for k in 1:6 if iseven(k)]
# @__LINE__ is the line of the call, also inside a function called later
line_of() = @__LINE__
line_of()
# a macro of the user's by another name expands inside a method (the annotations compile; this one runs its expansion)
macro twice(ex); esc(:($ex; $ex)); end
function ib5(); s = 0; @twice s += 1; s; end
ib5()
