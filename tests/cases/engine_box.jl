# Locals that closures share and that change after the closure is made live in the
# frame's scope (a box): the compiled body and its closures see one variable.
function acc(v)
    s = 0
    map(x -> (s += x; x), v)
    s
end
acc([1, 2, 3])
function counter()
    c = 0
    inc() = (c += 1)
    inc(); inc(); inc()
    c
end
counter()
function later()
    f = () -> z
    z = 10
    f()
end
later()
function mutate_after()
    k = 1
    f = x -> x * k
    k = 5
    f(2)
end
mutate_after()
function loopcap()
    total = 0
    for i in 1:3
        g = () -> (total += i)
        g()
    end
    total
end
loopcap()
function doblock()
    n = 0
    m = map([1, 2, 3]) do x
        n += x
        x * 2
    end
    n, m
end
doblock()
function unset()
    f = () -> w
    try
        f()
    catch e
        println(e)
    end
    w = 1
end
unset()
function gen_sum(n)
    t = 0
    g = (t += i for i in 1:n)
    collect(g), t
end
gen_sum(3)
function boxed_loop(n)
    s = 0
    f = () -> s
    for i in 1:n
        s += i
    end
    f()
end
boxed_loop(10^5)
