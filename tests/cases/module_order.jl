# the order of definitions matters (the manual: Submodules and relative paths):
# a module that fails stops where it failed, and what ran stays defined
module TestPackage
export x, y
x = 0
module Sub
using ..TestPackage
z = y # ERROR: UndefVarError: y not defined
w = x
end
y = 1
end
TestPackage.Sub.w
TestPackage.y
module A
f() = undefined_thing
end
A.f()
