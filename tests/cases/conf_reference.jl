1/3
1e6
1e5
1e-4
1e-5
-0.0
0/0
-1/0
1.5f0
Float32(1e6)
6//3
-3//4
1//0
[1//2, 2//1]
1+2im
1.0-2.0im
complex(1,NaN)
big(1)/3
BigFloat(1e6)
pi
big(2)^100
2^-1
tanpi(1)
tanpi(-1)
∜16
binomial(2.5,3)
x = 1;
ans
0.0
1.0
-1.0
NaN
Inf
-Inf
1.0e+5
1.23456e+5
1.234567e+6
524288.0
8388608.0
1.0e15+1
floatmax(Float64)
nextfloat(0.0)
0.00009
0.00005
999999.9
0.00025
2*Float16(4.)
NaN32
-Inf32
Inf16
NaN16
Float16(1.0)
1.1920929f-7
0.5f0
string(1.5f0)
repr(1.5f0)
0x1
0x123
0x1234567
0b10
0o010
~UInt8(123)
-0x2
-0x0002
true
"a\nb"
'a'
nothing
6//3
6//9
-4//8
5//-15
-4//-12
5//0
-3//0
3//5 + 1
3//5 - 0.5
2//4 + 1//6
6//5 / 10//7
float(3//4)
1//3 - 0.33
repr(-2//2)
repr([-2//2,])
2//7 * (1 + 2im)
3//2 / (1 + 2im)
1//2 + 2im
1 + 2//3im
promote(1 + 2im, 3//4)
(1 + 2im)*(2 - 3im)
(1 + 2im)/(1 - 2im)
(1 + 2im) + (1 - 2im)
(-1 + 2im)^2
2im^2
1 + 3/4im
conj(1 + 2im)
abs(1 + 2im)
sqrt(-1 + 0im)
1 + Inf*im
1 + NaN*im
promote(1.5, im)
repr(complex(true, true))
im
(-1 + 2im)^2.5
6.0 / big(0.1)
big(1.15)
big(pi)
sqrt(big(2))
exp(big(1))
big(0.1)
big(1)/7
big(-2)/3
big(1)/100000
BigFloat(123456)
BigFloat(1234567)
big(2.0)^100
setprecision(100)
big(1)/3
big(pi)
setprecision(64)
big(1)/3
setprecision(21)
parse(BigFloat,"0.1")
parse(BigFloat,"-9.9")
setprecision(40)
parse(BigFloat,"0.1")
parse(BigFloat,"-9.9")
BigFloat(1) + parse(BigFloat, "0.1")
setprecision(123)
parse(BigFloat,"0.1")
parse(BigFloat,"-9.9")
pi
ℯ
Base.MathConstants.eulergamma
Base.MathConstants.golden
Base.MathConstants.catalan
1/2pi
log(ℯ)
string(pi)
typemax(Int64)
BigInt(typemax(Int64)) + 1
big(10)^19
factorial(BigInt(40))
1/0
-5/0
1/Inf
Inf - Inf
0 * Inf
500 + Inf
NaN * false
false * Inf
1//0
1.0 % 0
div(1.0, 0.0)
mod(typemin(Int), -1)
-9223372036854775808
-2^2
x = 3; 2x^2 - 3x + 1
1.5x^2 - .5x + 1
2^2x
2(x-1)^2 - 3(x-1) + 1
(x-1)x
3*2/12
6 // 2(2 + 1)
promote(1, 2.5)
promote(2, 3//4)
promote(1, 2.5, 3, 3//4)
x = 0x01; x *= 2
true + true
x = 9; y = 4; x % y
x ÷ y
divrem(7, 3)
mod(8.9, 3)
mod(-eps(), 3)
fld(7.3, 5.5)
fld(6.0, 0.1)
6.0/0.1
cld(5.5, 2.2)
div(-5, 2, RoundNearest)
div(-5, 2, RoundNearestTiesAway)
div(4, 3, RoundFromZero)
7.0 ÷ 2
-7 ÷ 2
fld(-7,2)
cld(-7,2)
-7 % 2
mod(-7,2)
mod(7,-2)
2^-3
2^(-2)
fld.(-5:5, 3)'
cld.(-5:5, 3)'
mod.(-5:5, 3)'
