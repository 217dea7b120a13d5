# a module is its own global scope: Main's globals are not seen from it, even where a
# function of the module has a parameter of the same name (the manual: Modules, Scope)
x = 10
helper() = 1
module M
f() = x
g(x) = x + 1
h() = helper()
end
M.g(1)
methods(M.g)
M.f()
M.h()
# a standard module's names are seen from every module; a sibling is ..A, not .A
module A
export f
f() = 1
end
module N
using ..A, LinearAlgebra
import LinearAlgebra: norm
n(v) = norm(v) + f()
end
N.n([3, 4])
