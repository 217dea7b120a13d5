# destructuring, slurping, named-tuple shorthand (Julia manual "Destructuring Assignment
# and Multiple Return Values", "Named Tuples"; test/syntax.jl, test/namedtuple.jl)
a, b = 1, 2
(a, b)
a, b = b, a;
(a, b)
(a, (b, c)) = (1, (2, 3)); (a, b, c)
a, b... = "hello"
a
b
a, b... = (1, 2, 3); b
a, b... = [1, 2, 3]; b
a, b..., c = (1, 2, 3, 4); b
a, b..., c = [1, 2]; (a, b, c)
a..., b = (1, 2, 3); a
u1, u2, rest... = (x = 1, y = 2, z = 3, w = 4); rest
nt = (a = 1, b = 2, c = 3)
(; b, c) = nt
b, c
(; re, im) = 3 + 4im; (re, im)
x = 1; y = 2.5;
(; x)
(; x, y)
(; x, z = 3)
p = (q = 7,);
(; p.q)
(; a = 1, b = 2)
function swap(t)
    u, v... = t
    v, u
end
swap((1, 2, 3))
# Char ranges (test/ranges.jl: StepRange{Char})
'a':'e'
collect('a':'e')
length('a':'e')
typeof('a':'e')
'a':2:'f'
'e':'a'
isempty('e':'a')
reverse('a':'d')
('a':'z')[3]
[c for c in 'x':'z']
join('a':'f')
