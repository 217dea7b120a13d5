# modules as the manual's Modules chapter and test/core.jl use them: module M … end
# makes Main.M, whose globals are its own (M.x), `export` and `using .M` bind names in
# Main, `import .M: g` binds the names given, and a module's types print as Main.M.P
module M
x = 1
f(y) = x + y
g() = f(10)
scaled(; by = 2) = by * x
fact(n) = n <= 1 ? 1 : n * fact(n - 1)
const C = 10
export f
end
M
typeof(M)
M.x
M.f(2)
M.g()
M.scaled(by = 5)
M.fact(5)
M.C
M.f
M.sin(0)
Main.M.f(1)
using .M
f(5)
import .M: g
g()
module Shapes
struct Square
    side::Int
end
area(s::Square) = s.side^2
counter = 0
function bump!()
    global counter += 1
end
end
Shapes.Square(3)
typeof(Shapes.Square(3))
Shapes.area(Shapes.Square(4))
Shapes.bump!(); Shapes.bump!(); Shapes.counter
# a module inside a module, and methods added from outside
module Outer
module Inner
z = 7
end
end
Outer.Inner
Outer.Inner.z
module Ext
h(x::Int) = "Int"
call_h(x) = h(x)
end
Ext.h(x::String) = "String"
Ext.call_h("a")
methods(Ext.h)
baremodule Bare
end
Bare
module Mac
macro twice(ex)
    :($(esc(ex)); $(esc(ex)))
end
export @twice
end
using .Mac
n = 0
@twice n += 1
n
