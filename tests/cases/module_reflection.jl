# questions about modules: @__MODULE__ where the call is written, nameof, parentmodule,
# isdefined of a module global or a struct field (base/reflection.jl, test/reflection.jl)
module M
x = 1
whoami() = @__MODULE__
here = @__MODULE__
struct S; a; b; S(a) = new(a); end
module Inner
me() = Inner
end
end
M.whoami()
M.here
@__MODULE__
M.Inner.me()
nameof(M)
nameof(M.Inner)
nameof(Base.Math)
nameof(sin)
nameof(M.whoami)
nameof(M.S)
parentmodule(M)
parentmodule(M.Inner)
parentmodule(Base.Math)
parentmodule(Main)
parentmodule(Base)
isdefined(M, :x)
isdefined(M, :y)
isdefined(M, :sin)
isdefined(Base, :sin)
y = 2
isdefined(Main, :y)
isdefined(Main, :zzz)
isdefined(Base, :y)
s = M.S(1)
isdefined(s, :a)
isdefined(s, :b)
isdefined(s, :c)
module NiceStuff
export nice, DOG
struct Dog end
const DOG = Dog()
nice(x) = "nice $x"
end
names(NiceStuff)
isdefined(Main, :Base)
isdefined(Main, :LinearAlgebra)
