# Quoted code (manual, "Metaprogramming"): :(…) is an Expr with Julia's head and
# arguments, printed as Julia prints it; $ interpolates, eval runs it, Meta.parse reads
# a string, and a macro is a function of expressions whose result runs where it is called.
ex = :(a + b * c)
typeof(ex)
ex.head
ex.args
ex.args[3].args
:(x^2)
:((a + b) * c)
:(a - (b - c))
:(f(x, y; k = 1))
:(a[1, 2])
:([1, 2, 3])
:((1, 2))
:(a.b)
:("a$(x)b")
:(a && b || c)
:(x += 1)
:(-x)
:(a < b < c)
:(a .+ b)
:(sin.(x))
:(a ? b : c)
:0xff
:(:x)
:x
typeof(:(:x))
# interpolation
x = 3
:(1 + $x)
args = [:a, :b];
:(f($(args...)))
:(g($(Expr(:call, :+, 1, 2))))
# constructing and running
e2 = Expr(:call, :+, 1, 2)
eval(e2)
e2.args[1] = :*; e2
eval(e2)
eval(:(1 + $x))
z = 5; eval(:z)
eval(quote
    w = 10
    w + 1
end)
w
eval(:(g(x) = 2x))
g(4)
@eval h() = $x * 10
h()
Meta.parse("1 + 2 * 3")
eval(Meta.parse("sqrt(16)"))
Meta.parse("x = 1").head
string(:(a + b))
print(:(a + b)); println()
[:(a + 1), :b]
dump(:(1 + x))
# macros
macro sayhello(name)
    return :(println("Hello, ", $name))
end
@sayhello "jcalc"
macro twice(ex)
    quote
        $(esc(ex))
        $(esc(ex))
    end
end
n = 0
@twice n += 1
n
macro m2(a, b) :($(esc(a)) + $(esc(b))) end
y = 2
@m2 y 3
usem(z) = @m2 z z
usem(21)
# hygiene: what a macro assigns outside esc is its own
macro settmp(v)
    :(tmp = $(esc(v)); tmp * 2)
end
tmp = 100
@settmp 5
tmp
macro setx(v)
    esc(:(x = $v))
end
@setx 7
x
# ;-groups: an empty one collapses away (f(x;;0) is f(x; 0)); a later group nests first
# inside the one before, and shows as the Expr it is
:(f(x;;0))
length(:(f(x;;0)).args)
:(f(;;))
ex = :(f(a; b; c)); ex.args[2].args[1]
ex
:(f(x; k = g(y; z = 1)))
# named-tuple and tuple parameters; an Expr of a head with no syntax prints its arguments
# as values
:((; a = 1))
:((x, y; a = 1, b))
:((;))
Expr(:parameters, 0)
Expr(:foo, :x, :(a + b), 1, "s")
Expr(:parameters, Expr(:parameters, Expr(:parameters)))
Expr(:foo, Expr(:parameters, :a), :(f(x; k = 1)))
# an Expr whose argument count no syntax has shows as the Expr it is
Expr(:quote)
Expr(:quote, 1, 2)
Expr(:(=), 1)
Expr(:(::))
Expr(:...)
Expr(:..., 1, 2)
Expr(:ref)
Expr(:curly)
Expr(:&&)
Expr(:||, :a)
Expr(:comparison)
Expr(:comparison, 1, :<, 2, :<)
Expr(:while)
Expr(:where)
Expr(:comprehension)
Expr(:typed_vcat)
Expr(:function)
Expr(:braces)
:({1, 2})
Expr(:quote, :x)
Expr(:for, Expr(:block), Expr(:block))
# a dotted operator quoted is its broadcast Symbol (Julia: :.+ === Symbol(".+"))
:.+
:.+ === Symbol(".+")
:(.+)
:.=
:(.*=)
:(a .+ b).args[1] === :.+
Symbol(".==")
Symbol(".a")
qdot() = :.-
qdot()
