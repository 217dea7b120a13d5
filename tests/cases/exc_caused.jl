# an uncaught error thrown while others are being handled: Julia's REPL shows the
# exception stack, newest first, each after "caused by:" with its stack trace
# (base/errorshow.jl's show_exception_stack); the next input starts with an empty stack
try error("a") catch; error("b") end
length(current_exceptions())
g() = error("inner")
h() = try g() catch; throw(ArgumentError("outer")) end
h()
try
    try error("root") catch; error("middle") end
catch
    error("top")
end
try error("x") finally error("y") end
try error("passes finally") finally end
