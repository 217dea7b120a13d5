1
1234
typeof(3000000000)
0x1
typeof(ans)
0x123
typeof(ans)
0x1234567
typeof(ans)
0x123456789abcdef
typeof(ans)
0b10
typeof(ans)
0o010
typeof(ans)
-0x2
-0x0002
x = typemax(Int64)
1.0
1.
0.5
.5
-1.23
1e10
2.5e-4
0.5f0
typeof(ans)
2.5f-4
Float32(-1.5)
typeof(ans)
0x1p0
0x1.8p3
0x.4p-1
typeof(ans)
2*Float16(4.)
10_000, 0.000_000_005, 0xdead_beef, 0b1011_0010
0.0 == -0.0
1/Inf
1/0
-5/0
0.000001/0
0/0
500 + Inf
500 - Inf
Inf + Inf
Inf - Inf
Inf * Inf
Inf / Inf
0 * Inf
(typemin(Float16),typemax(Float16))
(typemin(Float32),typemax(Float32))
(typemin(Float64),typemax(Float64))
eps(Float32)
eps(Float64)
eps() # same as eps(Float64)
eps(1.0)
eps(1000.)
eps(1e-27)
eps(0.0)
1 + 2 + 3
1 - 2
3*2/12
~123
123 & 234
123 | 234
123 ⊻ 234
xor(123, 234)
~UInt32(123)
~UInt8(123)
x = 1
x += 3
x
x = 0x01; typeof(x)
x *= 2 # Same as x = x * 2
typeof(x)
1 == 1
1 == 2
1 != 2
1 == 1.0
1 < 2
1.0 > 3
1 >= 1.0
-1 <= 1
-1 <= -1
-1 <= -2
3 < -0.5
NaN == NaN
NaN != NaN
NaN < NaN
NaN > NaN
[1 NaN] == [1 NaN]
isequal(NaN, NaN)
isequal([1 NaN], [1 NaN])
isequal(NaN, NaN32)
-0.0 == 0.0
isequal(-0.0, 0.0)
1 < 2 <= 2 < 3 == 3 > 2 >= 1 == 1 < 3 != 5
setrounding(BigFloat, RoundUp) do; BigFloat(1) + parse(BigFloat, "0.1"); end
setrounding(BigFloat, RoundDown) do; BigFloat(1) + parse(BigFloat, "0.1"); end
setprecision(40) do; BigFloat(1) + parse(BigFloat, "0.1"); end
setprecision(BigFloat, 100) do; precision(BigFloat); end, precision(BigFloat)
setprecision(() -> big(1)/3, BigFloat, 64)
rounding(BigFloat), rounding(Float64)
setrounding(() -> rounding(BigFloat), BigFloat, RoundToZero), rounding(BigFloat)
