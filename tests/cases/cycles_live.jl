# garbage that holds live values: collecting it must leave them alone
v = [1, 2];
r = Any[v];
r = 1;
v
a = Any[1]; push!(a, a); b = [5]; push!(a, b);
a = 0;
b
t = (v, v);
t = 0;
v
nt = (p = v, q = (v, [3]));
nt = 0;
v
f = let w = v; () -> w end;
f = 0;
v
