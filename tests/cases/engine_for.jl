# for with several iterators in a compiled body: the cartesian product, the inner
# iterables evaluated per outer value, break leaving every level, continue the innermost,
# and each run of the body binding the variables afresh (m3, m9: assigning i does not
# reach the next j); the body's locals are the body's (m6).
function m1(n) s = 0; for i in 1:n, j in 1:i; s += 10i + j; end; s end
m1(3)
function m2() r = []; for i in 1:3, j in 1:3; j == 2 && continue; i == 3 && break; push!(r, (i, j)); end; r end
m2()
function m3() r = []; for i in 1:2, j in 1:2; push!(r, (i, j)); i = 10; end; r end
m3()
function m4() for (a, b) in [(1, 2), (3, 4)], c in (a, b); c == 3 && return (a, b, c); end; :none end
m4()
function m5() s = 0; for i in 1:2, j in ["a", "b"], k in 1:2; s += k; end; s end
m5()
function m6() for i in 1:2, j in 1:2; if false; z = 1; end; return z; end end
zz = 5;
try m6() catch e; e end
function m7() t = 0; for i in 1:3, j in i:3; t += 1; end; t end
m7()
for i in 1:2, j in 1:2; println(i, j); end
function m8() for i in 1:2, j in nothing; end end
try m8() catch e; typeof(e) end
function m9() s = 0; for i in 1:2, j in 1:2; s += 1; i == 1 && j == 1 && (i = 5); s += i; end; s end
m9()
# for outer: the loop sets the enclosing local and leaves it at the last value (the manual's
# "Loops and Comprehensions"); compiled at a for's innermost level
function f1()
    i = 0
    for outer i in 1:3
    end
    i
end
f1()
function f2(v)
    last = nothing
    for outer last in v
        last > 2 && break
    end
    last
end
f2([1, 5, 2]), f2([1, 2])
function f3()
    x = 10
    for outer x in 1:0
    end
    x
end
f3()
function f4()
    j = 0
    for a in 1:2, outer j in 1:3
    end
    j
end
f4()
function f5()
    k = 0
    s = 0
    for outer k in 1:4
        s += k
        k == 2 && continue
    end
    (k, s)
end
f5()
# annotations that only evaluate their expression (@inbounds, @simd …) compile as it
function ib1(n); s = 0; @inbounds for i in 1:n; s += i; end; s; end
ib1(10)
function ib2(v); s = 0.0; @simd for i in 1:length(v); @inbounds s += v[i]; end; s; end
ib2([1.0, 2.5])
function ib3(x); Base.@inbounds x[1]; end
ib3([7])
function ib4(); @inbounds; end
ib4() === nothing
