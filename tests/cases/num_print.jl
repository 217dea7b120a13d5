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
1.0e15
9007199254740992.0
2.98023223876953125e-8
1.2345678
0.1+0.2
999999.0
123456789.0
eps(Float32)
eps(Float64)
eps(1000.)
eps(0.0)
nextfloat(1.25f0)
2*Float16(4.)
(typemin(Float32),typemax(Float32))
(typemin(Float16),typemax(Float16))
Float32(-1.5)
2.5f-4
0x1p0
0x1.8p3
6//3
-3//4
1//0
-3//0
6//9
-4//8
5//-15
-4//-12
1+2im
1.0-2.0im
complex(1,NaN)
1 + Inf*im
2//7 * (1 + 2im)
3//2 / (1 + 2im)
1//2 + 2im
1 + 2//3im
promote(1 + 2im, 3//4)
promote(1.5, im)
complex(true, true)
im
-im
complex(1.0, -0.0)
Complex(0, typemin(Int))
big(1)/3
BigFloat(1e6)
big(pi)
big(0.1)
BigFloat("0.1")
big(1)/7
big(-2)/3
big(1)/100000
BigFloat(123456)
BigFloat(1234567)
big(2.0)^100
big(1.15)
6.0 / big(0.1)
BigFloat(2.0^66) / 3
BigFloat("1.23456789012345678901")
setprecision(100)
big(1)/3
big(pi)
setprecision(64)
big(1)/3
setprecision(256)
big(0.5)
big(-0.0)
pi
ℯ
1/2pi
0x1
0x123
0x1234567
0b10
-0x2
~UInt8(123)
true
typemax(Int64)
big(2)^100
(1,)
(-0.0, -1.0)
(1.0f0, 2)
"a\nb"
'a'
:red
