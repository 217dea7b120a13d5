3*2/12
1/0
-5/0
0/0
1/Inf
Inf - Inf
0 * Inf
500 + Inf
NaN * false
false * Inf
true + true
3//5 + 1
3//5 - 0.5
2//4 + 1//6
6//5 / 10//7
float(3//4)
1//3 - 0.33
1//3 + 1//6
1.0 % 0
div(1.0, 0.0)
mod(typemin(Int), -1)
-7 ÷ 2
fld(-7,2)
cld(-7,2)
-7 % 2
mod(-7,2)
mod(7,-2)
x = 9; y = 4; x % y
x ÷ y
divrem(7, 3)
fldmod(-7, 3)
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
mod1(7, 3)
mod1(6, 3)
rem(-7, 3)
promote(1, 2.5)
promote(2, 3//4)
promote(1, 2.5, 3, 3//4)
x = 3; 2x^2 - 3x + 1
1.5x^2 - .5x + 1
2^2x
2(x-1)^2 - 3(x-1) + 1
(x-1)x
-2^2
2^-1
2^-3
2^(-2)
2^10
(-2)^3
(1 + 2im)*(2 - 3im)
(1 + 2im)/(1 - 2im)
(1 + 2im) + (1 - 2im)
(-1 + 2im)^2
(-1 + 2im)^2.5
2im^2
1 + 3/4im
conj(1 + 2im)
abs(1 + 2im)
5 \ 10
1 + 2 + 3 + 4
3 & 5
3 | 5
3 ⊻ 5
~5
-8 >> 1
-1 >>> 60
1 << 10
!true
abs(-3)
abs(-2.5)
sign(-7)
sign(0.0)
inv(4)
inv(1//3)
min(3, 1, 2)
max(1.5, 2)
numerator(6//4)
denominator(6//4)
real(3 + 4im)
imag(3 + 4im)
abs2(3 + 4im)
abs(3.0 + 4.0im)
angle(-1.0)
zero(2//3)
one(2.5)
rationalize(0.1)
rationalize(0.125)
float(1//3)
big(10)^19
factor = 2^62; factor * 2
