# variables, ans, functions, closures, control flow (expected values by Julia's rules)
x = 3
2x^2 - 3x + 1
ans + 1
y = x;
y
f(x) = x^2
f(4)
f(x, y) = x * y
f(2, 5)
f(3)
g(n) = n <= 1 ? 1 : n * g(n - 1)
g(20)
g(21)
h = t -> t + 1
h(41)
(a, b) = (1, 2)
a + b
c = 10
addc(v) = v + c
addc(1)
c = 20
addc(1)
function loopsum(n)
    s = 0
    for i in 1:n
        s += i
    end
    s
end
loopsum(100)
function firstsq(lim)
    i = 0
    while true
        i += 1
        i^2 > lim && return i
    end
end
firstsq(50)
total = 0
for i in 1:10
    i % 2 == 0 && continue
    i > 7 && break
    global total += i
end
total
let z = 5, w = 6
    z * w
end
if x > 5
    "big"
elseif x > 2
    "medium"
else
    "small"
end
k(x::Integer) = "integer"
k(x::Real) = "real"
k(x) = "anything"
(k(1), k(1.5), k("s"))
opt(a, b=10) = a + b
(opt(1), opt(1, 2))
kw(a; scale=2) = a * scale
(kw(3), kw(3; scale=5), kw(3, scale=7))
a ⥺ b = a - b
5 ⥺ 3
"x is $x and x^2 is $(x^2)"
s = 0; for i in 1:3, j in 1:2; s += i * j; end; s
1 < x <= 3
1 < x < 3
bar(a, b, x...) = (a, b, x)
bar(1, 2)
bar(1, 2, 3)
bar(1, 2, 3, 4)
g1(x) = "one"; g1(x...) = "many"; (g1(1), g1(1, 2), g1())
sf(x) = (sf(x) = 2x; 0); sf(1), sf(1)
function outer_sin(); sin(x) = 42; sin(1); end; outer_sin(), sin(0)
lg(x) = 1; function lo(); lg(x, y) = 2; lg(1, 2); end; lo(), (try lg(1, 2) catch e; e isa MethodError end)
function go(); global gh; gh(x) = 5; end; go(); gh(1)
function rec_outer(); rh(x) = x < 1 ? 0 : rh(x - 1) + 1; rh(3); end; rec_outer()
function o_leak(); global f_leak; x = 1; f_leak(y) = x + y; g(z) = 1; 0; end; o_leak(); f_leak(1)
