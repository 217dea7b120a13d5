# current_exceptions(): the stack of exceptions being handled, as test/exceptions.jl
# ("Basic exception stack handling", "lowering special cases", "early exit", "Deep
# exception stacks") states it; jcalc's stack is a Vector of (exception, backtrace)
length(current_exceptions())
try
    error("A")
catch
    length(current_exceptions())
end
length(current_exceptions())
# a finally block sees the error in flight; leaving it does not pop
try
    try
        error("A")
    finally
        println("finally: ", length(current_exceptions()))
    end
catch
    println("catch: ", length(current_exceptions()))
end
# catch-finally: the catch's entry is popped before finally runs
try
    error("A")
catch
    println("catch: ", length(current_exceptions()))
finally
    println("finally: ", length(current_exceptions()))
end
# nesting pushes; leaving the inner catch pops back
try
    error("RootCause")
catch
    try
        error("B")
    catch
        stack = current_exceptions()
        println(length(stack), " ", stack[1][1].msg, " ", stack[2][1].msg)
        println(stack[end].exception == ErrorException("B"))
    end
    stack = current_exceptions()
    println(length(stack), " ", stack[1].exception.msg)
end
# in value and tail position
val = try
    error("A")
catch
    length(current_exceptions()) + 10
end
tailpos() = try error("A") catch; length(current_exceptions()) end
tailpos()
# return, break, continue out of a catch pop
function catch_return()
    try
        error("A")
    catch
        return length(current_exceptions())
    end
end
catch_return()
length(current_exceptions())
for i = 1:1
    try
        error("A")
    catch
        println("break: ", length(current_exceptions()))
        break
    end
end
for i = 1:2
    try
        error("A")
    catch
        println("continue: ", length(current_exceptions()))
        continue
    end
end
length(current_exceptions())
# leaving a try block in these ways leaves the stack alone
try
    error("Outer")
catch
    try_return() = try return 1 catch; 2 end
    try_return()
    for i = 1:1
        try
            break
        catch
        end
    end
    println(length(current_exceptions()), " ", current_exceptions()[1][1] == ErrorException("Outer"))
end
# an error thrown out of a catch keeps that catch's exception under it
function deep(n)
    n != 1 || error("RootCause")
    try
        deep(n - 1)
    catch
        error("n==$n")
    end
end
try
    deep(100)
catch
    s = current_exceptions()
    println(s[1][1] == ErrorException("RootCause"), " ", s[end][1].msg, " ", length(s))
end
length(current_exceptions())
# iteration destructures each entry; thrown values of any type
try
    throw(42)
catch
    for (exc, bt) in current_exceptions(backtrace = false)
        println(exc, " ", bt)
    end
end
try
    try throw(1) catch; throw(2) end
catch
    [e.exception for e in current_exceptions()]
end
# rethrow() adds no entry; rethrow(e) replaces the current one (test/exceptions.jl)
try try error("A") catch; rethrow() end catch; length(current_exceptions()) end
try try error("A") catch; rethrow(ErrorException("C")) end catch; [e.exception for e in current_exceptions()] end
current_exceptions(backtrace = 1)
