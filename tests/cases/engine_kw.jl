# Keyword parameters and optional positional ones in a compiled body: each default runs
# in the scope of the parameters before it (shift = scale + 1), anew at every call (kc7),
# a declared keyword type is checked, a missing required keyword is UndefKeywordError.
function kc1(x; scale = 2, shift = scale + 1) x * scale + shift end
kc1(1), kc1(1; scale = 10), kc1(1; shift = 0), kc1(1; shift = 0, scale = 3)
function kc2(a, b = a + 1, c = 2b) (a, b, c) end
kc2(1), kc2(1, 5), kc2(1, 5, 0)
function kc3(; n) s = 0; for i in 1:n; s += i; end; s end
kc3(n = 100)
try kc3() catch e; e end
function kc4(x; y::Int = 2) x + y end
kc4(1), try kc4(1; y = 2.5) catch e; e end
function kc5(v; f = abs) [f(t) for t in v] end
kc5([1, -2]), kc5([1, 2]; f = t -> t^2)
function kc6(; k = 1) k = k + 1; k end
kc6(), kc6(k = 5)
function kc7(x; acc = Int[]) push!(acc, x); acc end
kc7(1), kc7(2)
kc8(x::T; d::T = zero(T)) where T = x + d;
kc8(1.5), kc8(2; d = 3), try kc8(2; d = 0.5) catch e; e end
# a default runs inside the call: its return returns from it, in both evaluators
kc9(; k = return 5) = k;
kc9(), kc9(k = 2)
kc10(a, b = return a * 10) = b;
kc10(3), kc10(3, 4)
