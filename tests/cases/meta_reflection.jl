# Base.Meta and reflection over modules (Julia 1.10 docstrings of Meta.isexpr,
# Meta.quot, Meta.show_sexpr, macroexpand, @isdefined, names, fullname; the manual's
# metaprogramming chapter for macroexpand's parse-time run)
ex = :(f(x))
Meta.isexpr(ex, :block)
Meta.isexpr(ex, :call)
Meta.isexpr(ex, [:block, :call])
Meta.isexpr(ex, :call, 1)
Meta.isexpr(ex, :call, 2)
Meta.isexpr(1, :call)
Meta.isexpr(ex, (:call,), 2)
Meta.isexpr(ex, 1:3)
eval(Meta.quot(:x))
dump(Meta.quot(:x))
eval(Meta.quot(:(1+2)))
Meta.show_sexpr(:(f(x, g(y,z))))
println()
Meta.show_sexpr(QuoteNode(:x))
println()
Meta.show_sexpr(:(f()))
println()
# macroexpand runs the macro when it expands it, not the code it returns
macro twostep(arg)
    println("I execute at parse time. The argument is: ", arg)
    return :(println("I execute at runtime. The argument is: ", $arg))
end
ex = macroexpand(Main, :(@twostep :(1, 2, 3)) );
typeof(ex)
eval(ex)
macroexpand(Main, :(1 + 2))
macroexpand(Main, :x)
# @isdefined: a local or a global, where the macro is written
@isdefined undefined_here
defined_here = 1
@isdefined defined_here
function isdef_before_after() r = @isdefined y; y = 1; (r, @isdefined y) end
isdef_before_after()
# modules: names, fullname, and eval in a module
names(Main)
module ModR; export f1; f1() = 1; g1() = 2; end
names(ModR)
names(ModR; all = true)
fullname(ModR)
fullname(Main)
ModR.eval(:(z = 1))
ModR.z
isdefined(Main, :z)
eval(ModR, :(w = g1() + 10))
ModR.w
Core.eval(ModR, :(h(x) = 2x))
ModR.h(4)
@eval ModR k = 5
ModR.k
module ModC
    counter = 0
    bump() = eval(:(counter += 1))
end
ModC.bump(); ModC.bump()
ModC.counter
# a quoted Expr shows as :(…) around it; a quoted literal as Julia's $(Expr(:quote, 3))
Expr(:quote, Expr(:tuple, 1, 2))
println(Expr(:quote, Expr(:tuple, 1, 2)))
Expr(:quote, 3)
:(:(a + b))
