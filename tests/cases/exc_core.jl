# try/finally tests of Julia's test/core.jl (issues #12806, #13660, #7307, #8277, #1287,
# #2619), each printed as the value the @test compares
after = 0
b = try
    1+2
finally
    global after = 1
end
(b, after)
after = 0
gothere = 0
try
    try
        error(" ")
    finally
        global after = 1
    end
    global gothere = 1
catch
end
(after, gothere)
after = 0
b = try
    error(" ")
catch
    42
finally
    global after = 1
end
(b, after)
glo = 0
function retfinally()
    try
        return 5
    finally
        global glo
        glo = 18
    end
end
(retfinally(), glo)
try error(); catch; end === nothing
let i = 1, a = []
    while true
        try
            push!(a, i)
            i += 1
            i < 5 && continue
            break
        catch
            push!(a, "catch")
        finally
            push!(a, "finally")
        end
    end
    a == [1, "finally", 2, "finally", 3, "finally", 4, "finally"]
end
function _two_finally(n)
    a = []
    for i = 1:5
        push!(a, i)
        try
            try
                n == 1 && break
                n == 2 && i > 1 && return [copy(a), a]
            finally
                push!(a, "finally 1")
            end
        finally
            push!(a, "finally 2")
        end
    end
    return a
end
_two_finally(1) == [1, "finally 1", "finally 2"]
_two_finally(2) == [[1, "finally 1", "finally 2", 2], [1, "finally 1", "finally 2", 2, "finally 1", "finally 2"]]
let i = 0
    caught = nothing
    try
        try
            error("oops")
        catch
            throw(42)
        finally
            i = 1
        end
    catch e
        caught = e
    end
    (caught, i)
end
let i = 0, a = []
    for i = 1:2
        try
            continue
        finally
            push!(a, "finally")
        end
        push!(a, "oops")
    end
    a == ["finally", "finally"]
end
let x = 0, y = 0, z = 0
    for i = 1:2
        try
            i == 1 && continue
        finally
            x = 11
        end
        try
            i == 2 && throw(42)
        catch
            break
        finally
            y = 12
        end
    end
    for i = 1:2
        try i == 1 && break
        finally z = 13
        end
    end
    (x, y, z)
end
function test12806()
    let catchb = false, catchc = false, catchr = false, a = []
        for i in 1:3
            try
                throw("try err")
            catch e
                i == 1 && break
                i == 2 && continue
                i == 3 && return (catchb, catchc, catchr, a)
            finally
                i == 1 && (catchb = true; continue)
                i == 2 && (catchc = true; )
                i == 3 && (catchr = true; push!(a, 1))
            end
        end
    end
end
test12806() == (true, true, false, [1])
function f24331()
    try
        x = [2]
    finally
    end
end
f24331() == [2]
function test7307(a, ret)
    try
        try
            ret && return a
        finally
            push!(a, "inner")
        end
    finally
        push!(a, "outer")
    end
    return a
end
test7307([], true) == ["inner", "outer"]
test7307([], false) == ["inner", "outer"]
function test8277(a)
    i = 0
    for j = 1:2
        try
            if i == 0
                push!(a, 0)
            end
            i += 1
            error()
        catch
        end
    end
end
let a = []
    test8277(a)
    length(a)
end
function f1287()
    try
        return 1
    catch
    end
end
function g1287()
    try
        error("badness")
    catch
        return 2
    end
end
(f1287(), g1287())
function i2619()
    global e2619, bad2619
    e2619 = try
        undefined_f_2619 + 1
        bad2619 = true
    catch _e
        _e
    end
end
bad2619 = false
i2619();
(bad2619, isa(e2619, UndefVarError) && e2619.var === :undefined_f_2619)
