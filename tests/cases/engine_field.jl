# p.x = v in a method: a field target of the compiled executor (setfield!, with the
# field's declared type converting, as Julia's)
mutable struct Acc
    n::Int
    total::Float64
end
function add!(a, x)
    a.n += 1
    a.total = a.total + x
    a
end
a = Acc(0, 0.0)
add!(a, 2); add!(a, 3.5)
a
function swapf!(p, q)
    p.n, q.n = q.n, p.n
    (p.n, q.n)
end
swapf!(Acc(1, 0), Acc(2, 0))
struct Imm
    x::Int
end
function bad(s)
    s.x = 2
end
try
    bad(Imm(1))
catch e
    println(e)
end
function conv!(a)
    a.n = 2.0
    a.n
end
conv!(Acc(0, 0))
function badconv!(a)
    a.n = 2.5
end
try
    badconv!(Acc(0, 0))
catch e
    println(typeof(e))
end
function loopf!(a, n)
    for i in 1:n
        a.n += i
    end
    a.n
end
loopf!(Acc(0, 0), 10^4)
