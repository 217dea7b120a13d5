# try/catch/else/finally as Julia 1.10 runs them (manual: control-flow.md, "The try/catch
# statement", "else Clauses", "finally Clauses"; test/exceptions.jl)
f(x) = try
    sqrt(x)
catch
    sqrt(complex(x, 0))
end
f(1)
f(-1)
try error("oops") catch e; e end
try error("oops") catch e; e.msg end
try 1 catch; 2 end
x = try 1 catch; 2 else 3 end
x
try error() catch; 2 else 3 end
y = try error("x") catch; 2 else 3 end
y
try 1 finally 2 end
try error("a") catch; "caught" finally println("finally runs") end
try
    println("body")
catch
    println("not run")
else
    println("else runs")
finally
    println("finally last")
end
# try blocks introduce scopes: the catch variable is local to the catch block
try error("x") catch err; typeof(err) end
function g()
    try
        return "from try"
    finally
        println("g: finally before return")
    end
end
g()
function h()
    try
        error("E")
    catch
        return "from catch"
    finally
        println("h: finally")
    end
end
h()
function k()
    try
        return 1
    finally
        return 2
    end
end
k()
for i in 1:3
    try
        i == 2 && continue
        i == 3 && break
        println("body ", i)
    finally
        println("finally ", i)
    end
end
# nested: the inner catch handles, the outer never sees it
try
    try
        error("inner")
    catch e
        println("inner caught: ", e.msg)
        error("second")
    end
catch e
    println("outer caught: ", e.msg)
end
# an error in finally replaces the one in flight
try
    try
        error("first")
    finally
        error("from finally")
    end
catch e
    e
end
# rethrow() keeps the exception; rethrow outside catch is an error of its own
try try error("A") catch; rethrow() end catch e; e end
try rethrow() catch exc; exc end == ErrorException("rethrow() not allowed outside a catch block")
try rethrow(ErrorException("A")) catch exc; exc end == ErrorException("rethrow(exc) not allowed outside a catch block")
try try error("A") catch; rethrow(ErrorException("C")) end catch exc; exc end
# test/exceptions.jl "Deep exception stacks"
function deep(n)
    n != 1 || error("RootCause")
    try
        deep(n-1)
    catch
        error("n==$n")
    end
end
try deep(100) catch e; e end
# any value can be thrown
try throw(42) catch e; e end
try throw("a string") catch e; (e, typeof(e)) end
try throw(nothing) catch e; e === nothing end
try throw([1, 2]) catch e; e end
# error joins its arguments as string(...) does
try error("a", 1, 'c', 2.5) catch e; e end
z = 0
try
    global z = 1
    error("stop")
    global z = 2
catch
end
z
cyc = Any[]; try cyc[5] catch e; push!(cyc, e) end; length(cyc)
