const c = 1
c = 1
c = 2
c
c = "a"
c
const a, b = 10, 20
a + b
x = 5
const x = 6
g(x) = 1
g = 5
g(2)
f = y -> 1
f(y) = 2
h = 3
h(x) = 1
struct Pt; x; end
Pt = 3
global gv
gv = 7
const t = [1]
t[1] = 5; t
