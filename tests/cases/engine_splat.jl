# Splatting in a compiled body (f(xs...), with keywords, in broadcasts): the same values
# and errors as the tree walker's; every iterable splats, a non-iterable is a MethodError
# for iterate.
function s1(xs) max(xs...) end
s1([3, 9, 2]), s1((1, 5)), s1(1:4)
function s2(t) +(t..., 10) end
s2((1, 2, 3))
function s3(a, b) tuple(a..., b...) end
s3((1, 2), [3, 4])
function s4(v) string(v..., "!"; ) end
s4(["a", "b"])
function s5(v) f(x...; k = 0) = (sum(x), k); f(v...; k = 7) end
s5([1, 2, 3])
function s6(v) v .+ (1:3) end
s6(1)
function s7(x) max(x...) end
try s7(5) catch e; e end
s7(5)
function s8(n) t = 0; for i in 1:n; t += +((1:i)...); end; t end
s8(5)
function s9(ps) [+(p...) for p in ps] end
s9([(1, 2), (3, 4)])
function s10(x) vcat(x..., x...) end
s10(1:2)
function s12(x) Base.min(x...) end
s12(3:5)
function s13(x) max(1, x...) end
try s13(nothing) catch e; typeof(e) end
# a Char iterates once, as a number does: iterate(c, done = false)
sp1(x) = tuple(x...);
sp1('c'), sp1("ab"), sp1(Int[]), sp1(1:0), sp1(1//0), sp1(NaN)
iterate('x'), iterate('x', true), [c for c in 'y']
# a number or a Char is a 0-dimensional collection of one element
length('c'), length(2.5)
collect(1)
collect('c')
collect(x for x in 3)
# destructuring with a slurp in a method is compiled; the slurped name is a local
v = 99; function sw(t); u, v... = t; v; end
sw((1, 2, 3)), v
function sw2(t); a, b..., c = t; (a, b, c); end
sw2([1, 2, 3, 4])
function sw3(s); h, r... = s; (h, r); end
sw3("abc")
function sw4(t); x, y... = t; y; end
sw4((1,))
