# The more specific method wins, whether it is Base's or the user's (manual, "Methods"):
# Base has +(::Int64, ::Int64), so a method for any two Numbers does not reach 1 + 2,
# in a function or at top level (the issue: 1 + 2 gave 42).
Base.:+(x::Number, y::Number) = 42;
1 + 2
1.0 + 2.0
add(a, b) = a + b;
add(1, 2)
sum([1, 2, 3])
Base.:*(x::Integer, y::Integer) = -1;
2 * 3
big(2) * 3
Base.sin(x::Real) = 7;
sin(0.0)
# a method as specific as Base's replaces it
Base.:-(x::Int, y::Int) = 0;
5 - 3
5.0 - 3.0
# and a method for the user's own type is the one called
struct Money; cents::Int; end
Base.:+(a::Money, b::Money) = Money(a.cents + b.cents);
Money(150) + Money(275)
Base.:+(a::Money, b::Integer) = Money(a.cents + 100b);
Money(5) + 2
Base.abs(m::Money) = Money(abs(m.cents));
abs(Money(-3))
abs(-3)
