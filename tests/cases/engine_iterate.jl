# The iteration protocol (manual, "Interfaces: Iteration"): iterate(x) and
# iterate(x, state) return nothing or (element, state); for loops, comprehensions,
# collect and the folds use a user's Base.iterate (the issue: `for` ignored it).
iterate([5, 6])
iterate([5, 6], 2)
iterate([5, 6], 3) === nothing
iterate((1, 2))
iterate(1:3)
iterate(1:3, 2)
iterate(1:3, 3) === nothing
iterate(1:2:5, 3)
iterate('a':'c')
iterate(0.0:0.5:1.0)
iterate(0.0:0.5:1.0, 1)
iterate(0.0:0.5:1.0, 3) === nothing
iterate(5)
iterate(5, nothing) === nothing
iterate("héllo", 2)
iterate("") === nothing
iterate(1:0) === nothing
iterate(Int[]) === nothing
# a user's iterable, from the manual's Squares example
struct Squares
    count::Int
end
Base.iterate(S::Squares, state=1) = state > S.count ? nothing : (state*state, state+1);
Base.length(S::Squares) = S.count;
for item in Squares(7)
    println(item)
end
function total(c) s = 0; for i in c; s += i; end; s end;
total(Squares(4))
collect(Squares(4))
[x + 1 for x in Squares(3)]
sum(Squares(10))
sum(x -> 2x, Squares(3))
maximum(Squares(5))
function firstbig(c) for i in c; i > 10 && return i; end; 0 end;
firstbig(Squares(10))
function countto(c, n) k = 0; for i in c; k += 1; k == n && break; end; k end;
countto(Squares(100), 3)
iterate([1, 2])
struct NotIterable end
try; for x in NotIterable(); end; catch e; typeof(e); end
