# struct (doc/src/manual/types.md, constructors.md)
struct Foo
    bar
    baz::Int
    qux::Float64
end
foo = Foo("Hello, world.", 23, 1.5)
typeof(foo)
fieldnames(Foo)
foo.bar
foo.baz
foo.qux
Foo((), 23.5, 1)
Foo(1, 2)
foo.qux = 1
foo.quux
Foo("a", 1, 2) == Foo("a", 1, 2.0)
mutable struct Bar
    baz
    qux::Float64
end
bar = Bar("Hello", 1.5);
bar.qux = 2
bar.baz = 1//2
bar
bar.qux = "x"
Bar(1, 2.0) == Bar(1, 2.0)
bar === bar
ismutable(bar)
isbits(foo)
struct Point{T}
    x::T
    y::T
end
Point{Float64}(1.0, 2.0)
Point(1.0, 2.0)
Point(1, 2)
Point{Float64}(1, 2)
Point(1, 2.5)
Point{Float64}(1.0)
Point{Float64} <: Point
Point{Float64} <: Point{Real}
Point{Float64} <: Point{<:Real}
Point(1, 2) isa Point
typeof(Point)
isconcretetype(Point{Int})
isbits(Point(1, 2))
[Point(1, 2), Point(3, 4)]
(Point(1, 2), "s")
struct NoFields end
NoFields() === NoFields()
NoFields()
struct Pointy{T<:Real}
    x::T
end
Pointy{AbstractString}
Pointy{Int}(3)
abstract type Shape end
abstract type Polygon <: Shape end
struct Square <: Polygon
    side::Float64
end
struct Circle <: Shape
    r::Float64
end
area(s::Square) = s.side^2
area(c::Circle) = 3 * c.r^2
area(Square(2))
area(Circle(1))
Square <: Shape
supertype(Square)
isabstracttype(Shape)
Shape(1)
describe(s::Shape) = "a shape"
describe(p::Polygon) = "a polygon"
describe(Square(1))
describe(Circle(1))
struct OrderedPair
    x::Real
    y::Real
    OrderedPair(x, y) = x > y ? error("out of order") : new(x, y)
end
OrderedPair(1, 2)
OrderedPair(2, 1)
mutable struct Node
    val
    next
    Node(v) = new(v)
end
n = Node(1)
n.next
n.next = n;
n.val
struct Money
    cents::Int
end
Base.:+(a::Money, b::Money) = Money(a.cents + b.cents);
Money(150) + Money(275)
Base.:(==)(a::Money, b::Money) = a.cents == b.cents;
Money(1) == Money(1)
Money(x::Float64) = Money(round(Int, 100x))
Money(1.25)
struct MyErr <: Exception
    msg
end
MyErr("boom") isa Exception
const LIMIT = 10
LIMIT
struct Foo
    bar
    baz::Int
    qux::Float64
end
struct Foo
    a
end
methods(area)
