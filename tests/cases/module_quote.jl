# a module as quoted code: Expr(:module, true, :M, block), false for baremodule
# (JuliaSyntax's Expr conversion), evaluated with eval at top level
ex = :(module Q; y = 2; end);
ex.head
ex.args[1]
ex.args[2]
eval(ex)
Q.y
Meta.parse("baremodule B end").args[1]
dump(:(export a, b))
eval(Expr(:module, true, :R, Expr(:block, :(z = 3))))
R.z
