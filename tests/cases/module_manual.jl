# the Modules chapter of the manual: submodules and relative paths (ParentModule,
# SubA, SubB), export lists (NiceStuff), and adding methods to an imported function
module ParentModule

module SubA
export add_D  # exported interface
const D = 3
add_D(x) = x + D
end

using .SubA  # brings `add_D` into the namespace

export add_D # export it from ParentModule too

module SubB
import ..SubA: add_D # relative path for a “sibling” module
struct Infinity end
add_D(x::Infinity) = x
end

end
ParentModule.add_D(1)
ParentModule.SubA.add_D(2)
ParentModule.SubB.add_D(ParentModule.SubB.Infinity())
using .ParentModule
add_D(10)
module NiceStuff
export nice, DOG
struct Dog end      # singleton type, not exported
const DOG = Dog()   # named instance, exported
nice(x) = "nice $x" # function, exported
end
using .NiceStuff
nice(1)
DOG
NiceStuff.Dog
import .NiceStuff: nice
struct Cat end
nice(::Cat) = "nice 😸"
nice(Cat())
