# world age (manual, "Redefining Methods"): a running call keeps the world it began in,
# so a method eval defines meanwhile is seen only after the call returns (or through
# invokelatest); top-level code always sees the latest world
function tryeval()
    @eval newfun() = 1
    newfun()
end
try; tryeval(); catch e; typeof(e); end
newfun()
function tryeval2()
    @eval newfun2() = 2
    Base.invokelatest(newfun2)
end
tryeval2()
invokelatest(+, 1, 2)
# a redefinition is not seen by the call that made it, but by the next
f() = 1
g() = (eval(:(f() = 2)); f())
g()
f()
h(x) = x
k() = (eval(:(h(x) = 10x)); h(1) + h(2))
k()
h(1)
k()
# a local function or a closure is defined with its function: every world sees it
function outer() inner(x) = x + 1; map(y -> 2y, [inner(1)]) end
outer()
