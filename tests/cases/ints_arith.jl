typemax(Int32) + Int32(1) == typemin(Int32)
Int8(127) + Int8(1)
Int8(-128) - Int8(1)
Int8(16) * Int8(16)
typemax(Int128) + Int128(1)
typemax(UInt128) + UInt128(1)
UInt128(0) - UInt128(1)
typeof(Int8(1) + Int8(1))
typeof(Int8(1) + 1)
typeof(Int8(1) + Int16(1))
typeof(Int32(1) + UInt32(1))
typeof(Int8(1) + UInt8(1))
typeof(Int8(1) + UInt16(1))
typeof(Int64(1) + UInt32(1))
typeof(Int128(1) + UInt64(1))
typeof(Int128(1) + UInt128(1))
typeof(Int128(1) + 1.0)
typeof(UInt128(1) + 1.0f0)
typeof(Int8(1) + true)
typeof(true + true)
typeof(Int8(1) + big(1))
typeof(Int16(1) // Int16(2))
typeof(Int8(1) / Int8(2))
Int8(7) / Int8(2)
promote(Int8(1), UInt16(2))
promote(Int16(3), Int8(3))
0x00007ffea27edaa0 + (-40)
UInt64(1) * Int64(-1)
UInt(1) - (-1)
UInt64(15) & -4
UInt64(15) | -4
UInt64(15) ⊻ -4
Int8(-1) + 0x01
div(Int8(7), Int8(2))
div(Int8(-7), Int8(2))
fld(Int8(-7), Int8(2))
cld(Int8(-7), Int8(2))
rem(Int8(-7), Int8(2))
mod(Int8(-7), Int8(2))
Int8(-7) ÷ Int8(2)
Int8(-7) % Int8(3)
mod1(Int8(6), Int8(3))
divrem(Int16(-7), Int16(2))
fldmod(Int32(-7), Int32(2))
rem(typemin(Int8), Int8(-1))
mod(typemin(Int16), Int16(-1))
div(UInt8(200), UInt8(7))
cld(UInt8(200), UInt8(7))
mod(UInt128(10)^30, UInt128(7))
div(typemin(Int128), Int128(3))
Int128(-7) >> 1
Int128(-7) >>> 1
Int8(-7) >> 1
Int8(-7) >>> 1
Int8(1) << 7
Int8(1) << 8
Int16(1) << -1
Int16(256) >> -1
UInt128(1) << 127
Int32(-1) >>> 28
Int128(1) << 0
repr(Int128(1) << 1)
true << 2
xor(Int8(5), Int8(3))
Int8(5) & Int8(3)
Int8(5) | Int8(-8)
~Int16(0)
~UInt128(0)
-Int8(-128)
-typemin(Int128)
-UInt8(1)
abs(Int8(-128))
abs(Int8(-5))
abs(typemin(Int128))
sign(Int8(-3))
sign(UInt16(5))
Int32(2)^31
Int8(2)^7
Int8(3)^5
UInt128(3)^100
Int128(2)^-1
Int8(2)^-2
Int8(-1)^-3
Int8(1)^-5
Int8(5) == 5
Int8(5) == 5.0
Int8(-1) == UInt8(255)
Int8(-1) < UInt8(0)
UInt128(2)^127 > Int128(2)^126
typemax(UInt128) > typemax(Int128)
Int128(-1) < UInt128(1)
Int8(3) < 3.5
max(Int8(3), UInt8(4))
min(Int8(-3), Int16(4))
Int8(1) === Int8(1)
Int8(1) === 1
Int128(5) === Int128(5)
isequal(Int16(2), 2)
sum(Int8[100, 100])
typeof(sum(Int8[100, 100]))
sum(UInt8[200, 200])
prod(Int16[300, 300])
cumsum(Int8[100, 100])
sum(Int128[typemax(Int128), 1])
2^Int128(3), 2^UInt128(3), big(2)^Int128(3), 2^Int128(0)
Int128(2)^Int128(3), typeof(2^Int128(3)), typeof(big(2)^UInt128(3))
2.0^Int128(3), (1//2)^Int128(3), (2 + im)^Int128(2), (-1)^UInt128(3), 1^Int128(-3)
