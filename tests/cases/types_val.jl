# values as type parameters: the manual's "Value types", Base's Val
struct V{x} end
V{3}()
typeof(V{3}())
(V{:a}, V{true}, V{'c'}, V{1.5}, V{0x01}, V{nothing}, V{(1, 2)}, V{1.0f0}, V{Int32(3)})
(V{3} == V{3}, V{3} == V{4}, V{3} <: V, V{3} <: V{<:Integer}, V{3} == V{3.0}, V{3} == V{Int32(3)})
(V{-0.0} == V{0.0}, V{NaN} == V{NaN}, V{3} isa Type, typeof(V{3}))
h(::V{N}) where N = N + 1
h(V{3}())
# the manual's example
firstlast(::Val{true}) = "First"
firstlast(::Val{false}) = "Last"
firstlast(Val(true))
firstlast(Val(false))
# Val's docstring
f(::Val{true}) = "Good"
f(::Val{false}) = "Bad"
f(Val(true))
Val(3)
Val{3}()
typeof(Val(3))
(Val(1) === Val(1), Val(:foo) === Val(:foo), Val(1) === Val(2), Val{3}() === Val(3))
(isa(Val(3), Val{3}), Val(3) isa Val, Val(3) isa Val{4}, typeof(Val))
Val(:open)
Val((1, 2, (3, 4)))
get_val(::Val{n}) where {n} = n
get_val(Val(99))
get_val(Val((1, 2, (3, 4))))
get_val(Val((:L, :D)))
get_val(Val('c')), get_val(Val(Int))
# the most specific method: Val{1} before Val{N}
s(::Val{1}) = "one"
s(::Val{N}) where N = N * 10
s(Val(1)), s(Val(2))
Union{Val{2}, Val{1}}
Union{Val{1}, Int64, Val{:a}}
struct P; x::Int; end
Val(P(1))
Val(P(1)) === Val(P(1))
(Val(1//2), Val(1 + 2im), Val(sin), Val(π), Val(1:3), Val(1.5:2.5), Val('a':'c'))
# Base's declaration again changes nothing; an outer method joins it
struct Val{x} end
Val(x) = Val{x}()
Val(2)
