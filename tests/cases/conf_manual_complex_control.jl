BigInt(typemax(Int64)) + 1
parse(BigInt, "123456789012345678901234567890") + 1
parse(BigFloat, "1.23456789012345678901")
BigFloat(2.0^66) / 3
factorial(BigInt(40))
x = typemin(Int64)
y = BigInt(typemin(Int64))
y = y - 1
typeof(y)
x = 3
2x^2 - 3x + 1
1.5x^2 - .5x + 1
2^2x
2(x-1)^2 - 3(x-1) + 1
(x-1)x
6 // 2(2 + 1)
zero(Float32)
zero(1.0)
one(BigFloat)
1 + 2im
(1 + 2im)*(2 - 3im)
(1 + 2im)/(1 - 2im)
(1 + 2im) + (1 - 2im)
(-3 + 2im) - (5 - 1im)
(-1 + 2im)^2
(-1 + 2im)^2.5
(-1 + 2im)^(1 + 1im)
3(2 - 5im)
3(2 - 5im)^2
3(2 - 5im)^-1.0
2(1 - 1im)
(2 + 3im) - 1
(1 + 2im) + 0.5
(2 + 3im) - 0.5im
0.75(1 + 2im)
(2 + 3im) / 2
(1 - 3im) / (2 + 2im)
2im^2
1 + 3/4im
z = 1 + 2im
real(1 + 2im) # real part of z
imag(1 + 2im) # imaginary part of z
conj(1 + 2im) # complex conjugate of z
abs(1 + 2im) # absolute value of z
abs2(1 + 2im) # squared absolute value
angle(1 + 2im) # phase angle in radians
cos(1 + 2im)
exp(1 + 2im)
sqrt(-1 + 0im)
a = 1; b = 2; a + b*im
a = 1; b = 2; complex(a, b)
1 + Inf*im
1 + NaN*im
2//3
6//9
-4//8
5//-15
-4//-12
numerator(2//3)
denominator(2//3)
2//3 == 6//9
2//3 == 9//27
3//7 < 1//2
3//4 > 2//3
2//4 + 1//6
5//12 - 1//4
5//8 * 3//12
6//5 / 10//7
float(3//4)
a = 1; b = 2;
isequal(float(a//b), a/b)
5//0
-3//0
typeof(ans)
3//5 + 1
3//5 - 0.5
2//7 * (1 + 2im)
2//7 * (1.5 + 2im)
3//2 / (1 + 2im)
1//2 + 2im
1 + 2//3im
0.5 == 1//2
0.33 == 1//3
0.33 < 1//3
1//3 - 0.33
z = begin
           x = 1
           y = 2
           x + y
       end
z = (x = 1; y = 2; x + y)
begin x = 1; y = 2; x + y end
(x = 1;
        y = 2;
        x + y)
function test(x, y)
           if x < y
               println("x is less than y")
           elseif x > y
               println("x is greater than y")
           else
               println("x is equal to y")
           end
       end
test(1, 2)
test(2, 1)
test(1, 1)
function test(x,y)
           if x < y
               relation = "less than"
           elseif x == y
               relation = "equal to"
           else
               relation = "greater than"
           end
           println("x is ", relation, " y.")
       end
test(2, 1)
x = 3
if x > 0
           "positive!"
       else
           "negative..."
       end
x = 1; y = 2;
println(x < y ? "less than" : "not less than")
x = 1; y = 0;
println(x < y ? "less than" : "not less than")
test(x, y) = println(x < y ? "x is less than y"    :
                            x > y ? "x is greater than y" : "x is equal to y")
test(1, 2)
test(2, 1)
test(1, 1)
v(x) = (println(x); x)
1 < 2 ? v("yes") : v("no")
1 > 2 ? v("yes") : v("no")
t(x) = (println(x); true)
f(x) = (println(x); false)
t(1) && t(2)
t(1) && f(2)
f(1) && t(2)
f(1) && f(2)
t(1) || t(2)
t(1) || f(2)
f(1) || t(2)
f(1) || f(2)
f(1) & t(2)
t(1) | t(2)
function fact(n::Int)
           n >= 0 || error("n must be non-negative")
           n == 0 && return 1
           n * fact(n-1)
       end
fact(5)
fact(0)
true && (x = (1, 2, 3))
false && (x = (1, 2, 3))
i = 1;
while i <= 3
           println(i)
           global i += 1
       end
for i = 1:3
           println(i)
       end
for i in [1,4,0]
           println(i)
       end
for s ∈ ["foo","bar","baz"]
           println(s)
       end
j = 0;
for j = 1:3
           println(j)
       end
j
i = 1;
while true
           println(i)
           if i >= 3
               break
           end
           global i += 1
       end
for j = 1:1000
           println(j)
           if j >= 3
               break
           end
       end
