# Expr and QuoteNode compare by structure (Base: head === head, isequal of args)
Meta.parse("1 - 2 - 3") == :((1 - 2) - 3)
:(a + b) == :(a + b)
:(a + b) === :(a + b)
:(a + b) == :(a + c)
:(a + b) != :(a + c)
isequal(:(f(x, y)), :(f(x, y)))
Expr(:call, :f, 1) == Expr(:call, :f, 1)
Expr(:call, :f, 1) == Expr(:block, :f, 1)
Expr(:call, :f, 1) == Expr(:call, :f, 1, 2)
:(f(1.0)) == :(f(1))
:(f(NaN)) == :(f(NaN))
ex = :(g(a, b)); ex2 = copy(ex); ex2 == ex
push!(ex2.args, :c); ex2 == ex
QuoteNode(:x) == QuoteNode(:x)
QuoteNode(1) == QuoteNode(2)
:(:x) == QuoteNode(:x)
[:(a + 1), :b] == [:(a + 1), :b]
(:(a * b), 1) == (:(a * b), 1)
:(a + b) == 3
ex3 = :(g(a, h(b))); ex4 = copy(ex3); push!(ex4.args[3].args, :c); ex3
ex4
ex4.args[2] === ex3.args[2]
copy(5), copy(1:2:7)
