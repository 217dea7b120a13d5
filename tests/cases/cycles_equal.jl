# == and isequal on self-containing arrays.  base/abstractarray.jl:
# isequal(A::AbstractArray, B::AbstractArray) opens with `if A === B return true end`,
# so it stops at the shared array; ==(A::AbstractArray, B::AbstractArray) has no such
# shortcut and recurses until Julia's stack overflows (StackOverflowError), and the
# session goes on.  Tuples compare elementwise (base/tuple.jl _isequal, _eq).
a = Any[1]; push!(a, a);
isequal(a, a)
isequal(a, copy(a))
isequal((a,), (a,))
isequal(Any[a, 2], Any[a, 2])
isequal(Any[a, 2], Any[a, 3])
a === a
a == a
b = Any[1]; push!(b, b);
isequal(a, b)
(a,) == (a,)
a != a
length(a)
