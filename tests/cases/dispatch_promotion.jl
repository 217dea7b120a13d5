# Base's + - * / == of two numbers of different types is promotion's method,
# +(x::Number, y::Number) = +(promote(x, y)...), and < <= promotion's (Real, Real):
# a user method of that signature replaces it, a more specific one beats it, and the
# methods of one concrete type (1 + 2) stay more specific than either.
Base.:+(x::Number, y::Number) = 42;
1 + 2, 1 + 2.0, 1.0 + 2.0, Int8(1) + 1, UInt8(1) + 2.5f0
f(a, b) = a + b;
f(1, 2.0), f(3, 4)
Base.:<(x::Real, y::Real) = true;
2 < 1, 2 < 1.0, 2.0 < 1.0
Base.:<(x::Number, y::Number) = false;
2 < 1.0
Base.:*(x::Integer, y::AbstractFloat) = 7;
2 * 3.0, 2.0 * 3, 2 * 3
Base.:-(x, y) = 0;
5 - 2.0, 5 - 2
