# Self-containing collections as Julia 1.10 shows them.  base/show.jl show_circular
# prints `#= circular reference @-d =#` for a container already in the IOContext's
# :SHOWN_SET, d counting from the innermost entry; show_delim_array (vectors, tuples)
# checks and pushes, show(io, ::MIME"text/plain", X::AbstractArray) (arrayshow.jl)
# pushes X before print_array; NamedTuple's show and a matrix's _show_nonempty do
# neither.  test/show.jl: `let x = [], y = [] ... push!(x, y); push!(y, x)` gives
# replstr(x) == "1-element Vector{Any}:\n Any[Any[#= circular reference @-2 =#], ...]".
a = Any[1]; push!(a, a);
a
repr(a)
string(a)
"$a"
print(a); println()
show(a); println()
(a,)
(x = a,)
b = Any[]; push!(b, b); push!(b, b);
b
x = []; y = []; push!(x, y); push!(y, x);
x
repr(x)
repr(y)
c = Any[1]; t = (c, 2); push!(c, t);
repr(t)
c
d = Any[1]; push!(d, (p = d, q = 2));
d
m = Any[1 2; 3 4]; m[1] = Any[m];
m
repr(m)
x = 7
