# uncaught exceptions print as Julia prints them (showerror after "ERROR: "), and the
# session goes on with its state
keep = 1
throw(DomainError(-1, "must be positive"))
throw(ArgumentError("bad"))
throw(ErrorException("plain message"))
throw(42)
throw("a string")
throw(KeyError(:a))
error("joined ", 1, " and ", 2.5)
fail(x) = x > 0 ? throw(DomainError(x, "positive")) : x
fail(3)
again() = try sqrt(-4) catch; rethrow() end
again()
try error("first") finally println("finally runs before the error is shown") end
keep
