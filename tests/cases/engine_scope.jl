# One semantics for a body whether it holds try or not (the issue's divergence): Julia's
# scope rules (manual, "Scope of Variables"): try and catch blocks are local scopes; a
# name assigned in a function body is local to it wherever it is assigned, even in a
# branch that never runs.
x = 10;
function h1() if false; x = 1; end; x end;
try; h1(); catch e; e; end
function h2() try; if false; x = 1; end; x; catch e; e; end end;
h2()
# a name first assigned inside try is the try block's own: outside it, the global
function h3() try; x = 1; catch; end; x end;
h3()
function h4() try; y = 1; catch; end; y end;
try; h4(); catch e; e; end
# a local of the function assigned in try is the function's
function h5() y = 0; try; y = 5; catch; end; y end;
h5()
# the catch variable is the catch block's
function h6() try; error("a"); catch err; end; err end;
try; h6(); catch e; e; end
function h7() try; error("boom"); catch err; err.msg; end end;
h7()
# try inside a loop: every run gets fresh try-block locals; finally runs on every way out
function h8(n)
    s = 0
    for i in 1:n
        try
            i == 3 && error("three")
            i == 5 && break
            s += i
        catch e
            s += 100
        finally
            s += 1000
        end
    end
    s
end;
h8(10)
function h9() try; return 1; finally; println("finally ran"); end end;
h9()
function h10() for i in 1:3; try; continue; finally; print(i, " "); end; end; println() end;
h10()
# an error in finally replaces the one in flight
function h11() try; error("first"); finally; error("second"); end end;
try; h11(); catch e; e.msg; end
# else runs only when the body raised nothing
function h12(t) try; t && error("x"); catch; :caught; else; :fine; end end;
h12(true), h12(false)
# rethrow inside a compiled catch
function h13() try; sqrt(-1); catch e; rethrow(); end end;
try; h13(); catch e; typeof(e); end
# typeassert: x::T is checked in every position (manual, "Type Declarations")
(1+2)::Integer
try; (1+2)::AbstractFloat; catch e; e; end
f1(x) = (x::Int) + 1;
f1(2)
try; f1(2.0); catch e; e; end
function f2(v) s = 0; for x in v; s += x::Int; end; s end;
f2([1, 2])
try; f2(Any[1, 2.0]); catch e; e.got; end
typeof([1]::AbstractVector{Int})
try; 1::3; catch e; typeof(e); end
# the same rules in bodies with keywords and closures, and in loop bodies: a name a loop
# body assigns is the body's local from its start
function lq() r = 0; for i in 1:1; r = x; x = 5; end; r end;
try; lq(); catch e; e; end
function lw() r = 0; n = 0; while n < 1; n += 1; r = x; x = 5; end; r end;
try; lw(); catch e; e; end
function kw1(; k = 1) if false; x = 1; end; x end;
try; kw1(); catch e; e; end
function kw2(; k = 1) for i in 1:3; t = i; end; return t; t = 0 end;
kw2()
function cl1() g = () -> (y = 1); g(); y = 5; y end;
cl1()
function cl2() g = () -> (z = 1); g(); z = 5; g(); z end;
cl2()
# let is a hard scope (manual, "Scope of Variables", "Let Blocks"): its bindings are new
# locals at every run, the right side of each sees the scope around and the bindings
# before it, and an assignment in its body makes a local even where a global of that
# name exists, from the body's start. Compiled in a function or a loop, walked at top level.
xl, yl, zl = -1, -1, -1;
try; let xl = 1, zl; println("xl: $xl, yl: $yl"); println("zl: $zl"); end; catch e; e; end
Fs = Vector{Any}(undef, 2); il = 1;
while il <= 2; let il = il; Fs[il] = () -> il; end; global il += 1; end
Fs[1](), Fs[2]()
ys = 5;
try; let; if false; ys = 1; end; ys; end; catch e; e; end
ys
function lt1() let x = 1; if false; ys = 1; end; ys; end end;
try; lt1(); catch e; e; end
xg = 10;
function lt2() let a = xg, b = a + 1; xg = 2; (a, b, xg) end end;
lt2(), xg
let xg = xg + 1, xg = 2xg; xg end
let f(t) = 2t; f(21) end
let (p, q) = (1, 2), r::Int = 3.0; (p + q, r) end
function lt3(n) s = 0; for i in 1:n; let t = i; s += t; end; end; s end;
lt3(10)
function lt4() r = 0; for i in 1:3; let; i == 2 && (z = i); r += @isdefined(z) ? 100 : 1; end; end; r end;
lt4()
tot = 0;
for i in 1:4; let sq = i^2; global tot += sq; end; end
tot
for i in 1:2; let tot = -1; tot = i; end; end
tot
c = 0
add_c() = (global c += 1)
add_c(); add_c();
c
function set_globals()
    global ga, gb = 1, 2
    ga + gb
end
set_globals(), ga, gb
function mixed()
    global m1 += 0
    m1 = 7
    m1
end
m1 = 1
mixed(), m1
