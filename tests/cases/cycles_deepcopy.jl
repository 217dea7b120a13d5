# deepcopy (base/deepcopy.jl): deepcopy_internal(x::Array, stackdict) records each
# array's copy in the IdDict stackdict before copying its elements, so a
# self-containing array's copy contains itself and an array met twice is copied once;
# the docstring: "if the first two elements are the same object in the original array,
# the first two elements of the new array will also be the same deepcopyed object".
# copy is shallow (copy(a)[2] === a).
a = Any[1]; push!(a, a);
b = deepcopy(a);
b[2] === b
b === a
b[2] === a
copy(a)[2] === a
b
c = Any[a, a, [1, 2]];
d = deepcopy(c);
d[1] === d[2]
d[1] === a
d[3] == c[3]
d[3] === c[3]
t = deepcopy((a, (p = a, q = 1)));
t[1] === t[2].p
t[1] === a
x = Any[[1, 2]]; y = deepcopy(x); y[1][1] = 9;
x
y
deepcopy([1 2; 3 4])
