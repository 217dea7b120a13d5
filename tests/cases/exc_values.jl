# built-in errors caught as values of their Julia types, with Julia's fields
# (base/boot.jl, base/errorshow.jl; the texts are those the uncaught errors print)
e = try sqrt(-1) catch err; err end;
typeof(e)
e isa DomainError, e isa Exception, e isa ArgumentError
e.val
e.msg
DomainError <: Exception
supertype_of_exception = Exception
try 1 ÷ 0 catch err; err end
try 1 ÷ 0 catch err; typeof(err) end
try undefined_name catch err; (err, err.var) end
try parse(Int, "12", base = 2) catch err; err end
try parse(Int, "12", base = 2) catch err; err.msg end
try [1, 2, 3][5] catch err; typeof(err) end
try factorial(UInt64(21)) catch err; err end
try UInt8(300) catch err; err end
try UInt8(300) catch err; (err.func, err.T, err.val) end
try "αβ"[2] catch err; typeof(err) end
try ones(2, 2) * ones(3) catch err; typeof(err) end
try 1 + "a" catch err; typeof(err) end
try 1 + "a" catch err; err.f === + end
try if 1 end catch err; typeof(err) end
try invmod(2, 4) catch err; (err.val, err.msg) end
# showerror prints what the uncaught error prints after "ERROR: "
sprint(showerror, try sqrt(-1) catch err; err end)
sprint(showerror, try 1 ÷ 0 catch err; err end)
sprint(showerror, try foo_bar catch err; err end)
# constructing them directly
DomainError(-1, "must be positive")
DomainError(-1)
sprint(showerror, DomainError(-1, "must be positive"))
sprint(showerror, DomainError(-1))
sprint(showerror, DomainError("text"))
ArgumentError("x")
sprint(showerror, ArgumentError("bad argument"))
ErrorException("plain")
sprint(showerror, ErrorException("plain"))
DivideError()
sprint(showerror, DivideError())
OverflowError("too big")
sprint(showerror, OverflowError("too big"))
InexactError(:Int64, Int64, 2.5)
sprint(showerror, InexactError(:Int64, Int64, 2.5))
sprint(showerror, InexactError(:trunc, Int64, 2.5))
KeyError(:a)
sprint(showerror, KeyError(:a))
sprint(showerror, KeyError("k"))
UndefVarError(:x)
sprint(showerror, UndefVarError(:x))
BoundsError([1, 2, 3], 5)
sprint(showerror, BoundsError([1, 2, 3], 5))
sprint(showerror, BoundsError([1 2; 3 4], (3, 1)))
sprint(showerror, BoundsError())
sprint(showerror, StackOverflowError())
sprint(showerror, InterruptException())
sprint(showerror, DimensionMismatch("sizes differ"))
sprint(showerror, AssertionError("x > 0"))
sprint(showerror, StringIndexError("αβ", 2))
sprint(showerror, UndefKeywordError(:k))
# fields of constructed errors
DomainError(-1, "m").val, DomainError(-1, "m").msg
ArgumentError("x").msg
KeyError(:a).key
BoundsError([1, 2], 3).i
# equality is that of immutable structs: field by field
ErrorException("a") == ErrorException("a"), ErrorException("a") == ErrorException("b")
DomainError(-1, "m") === DomainError(-1, "m")
try error("same") catch e; e end == ErrorException("same")
# a value that is not an exception is shown as show(io, x) shows it
sprint(showerror, 42)
sprint(showerror, "text")
# the fields of errors raised by indexing (test/bounds.jl: BoundsError(a, i))
try [1, 2, 3][5] catch err; err end
try [1, 2, 3][5] catch err; (err.a, err.i) end
try (1, 2)[3] catch err; err end
try (1:3)[5] catch err; err end
try "abc"[10] catch err; err end
try "αβ"[2] catch err; err end
try "αβ"[2] catch err; (err.string, err.index) end
try [1 2; 3 4][3, 1] catch err; err end
try a, b, c = (1, 2) catch err; err end
# MethodError(f, args): the function and the arguments of the failed call
try 1 + "a" catch err; (err.f === +, err.args) end
try sqrt("x") catch err; err.args end
# TypeError(func, context, expected, got) of a non-Bool condition
try if 1 end catch err; err end
sprint(showerror, TypeError(:f, "", Int64, "x"))
sprint(showerror, TypeError(:f, "arg", Int64, "x"))
# LinearAlgebra's SingularException(info) and DimensionMismatch(msg)
try [1 2; 2 4] \ [1, 2] catch err; (err, err.info) end
try ones(2, 2) * ones(3) catch err; err.msg end
# @assert throws AssertionError(msg)
try @assert 1 > 2 catch err; err end
try @assert false "custom" catch err; (typeof(err), err.msg) end
# the raise site gives the value itself, not its printed text (Base.MPFR's sqrt throws
# DomainError(x, "NaN result for non-NaN input."); Int(x) throws InexactError(:Int64, Int64, x))
try sqrt(big(-2.0)) catch e; (e, typeof(e.val)) end
try Int(big(5) / 2) catch e; (e.func, e.T, typeof(e.val)) end
try Int8(2.5f0) catch e; typeof(e.val) end
try sqrt(-2.0) catch e; e.val end
# a user function's MethodError carries f, args and the world (Core's MethodError(f, args, world))
fm(x::Int) = 1
try fm(2.0) catch e; (e.f, e.args, typeof(e.world)) end
gm(x::Int, y) = 1; gm(x, y::Int) = 2
try gm(1, 2) catch e; (e.f === gm, e.args) end
try sin("a") catch e; (e.f, e.args, typeof(e.world)) end
# T(x::Rational) converts the numerator once x is integral: the InexactError is its
try UInt8(-1//1) catch e; (e.func, e.T, e.val) end
# a non-type where a type is asserted: TypeError(func, "", Type, value)
try 1::3 catch e; e end
kt6(; k::3 = 1) = k;
try kt6() catch e; e end
