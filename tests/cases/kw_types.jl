# Typed keyword arguments: a keyword declared y::T takes only a T, the given value and
# the default alike, with TypeError(Symbol("keyword argument"), :y, T, v) (Julia's
# lowering; errorshow prints "in keyword argument y"); no conversion.
kt1(x; y::Int = 2) = x + y;
kt1(1), kt1(1; y = 5)
try kt1(1; y = 2.0) catch e; sprint(showerror, e) end
try kt1(1; y = 2.0) catch e; (e.func, e.context, e.expected, e.got) end
kt2(x; y::Integer = 2.5) = x + y;
try kt2(1) catch e; sprint(showerror, e) end
kt3(x; y::Real) = x + y;
kt3(1, y = 1//2)
kt4(x::T; y::T = x) where T = y;
kt4(1; y = 2), try kt4(1; y = 2.0) catch e; e end
kt5(a, b::Int = 3; k::String = "s") = (a, b, k);
kt5(1), kt5(1, 2; k = "t"), try kt5(1; k = 1) catch e; e end
