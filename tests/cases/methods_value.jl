# methods(f) is Base's MethodList of Method values (reflection.jl, methodshow.jl)
f(x::Int) = 1; f(x) = 2; f(x, y...) = 3
ms = methods(f);
typeof(ms), ms isa Base.MethodList, length(ms), isempty(ms)
m = ms[1];
typeof(m), m isa Method
m.name, m.module, m.nargs, m.isva, m.line, m.file
m.sig
ms[3].sig, ms[3].isva, ms[3].nargs
[x.nargs for x in ms]
eltype(collect(ms))
first(ms) === ms[1]
print(m); println()
sprint(show, ms[2])
m
ms
for x in methods(f); println(x.name, " ", x.nargs); end
length(methods(sin)) >= 1
struct Pt; x; end
Pt(x::Int, y) = Pt(x + y)
[m.sig for m in methods(Pt) if m.nargs == 3][1]
anon = x -> 2x
length(methods(anon))
g2() = 0
methods(g2)
