# thisind, nextind, prevind: the assertions of Julia's test/strings/basic.jl
s = "∀α>β:α+1>β";
ncodeunits(s)
(thisind(s, 0), thisind(s, 1), thisind(s, 2), thisind(s, 3), thisind(s, 4), thisind(s, 5), thisind(s, 6))
(thisind(s, 15), thisind(s, 16), thisind(s, 17))
(thisind("", 0), thisind("", 1))
(prevind(s, 1), prevind(s, 1, 1), prevind(s, 1, 0), prevind(s, 2), prevind(s, 2, 1), prevind(s, 4), prevind(s, 4, 1))
(prevind(s, 5), prevind(s, 5, 1), prevind(s, 5, 2), prevind(s, 5, 3))
(prevind(s, 15), prevind(s, 15, 1), prevind(s, 15, 2), prevind(s, 15, 3), prevind(s, 15, 4), prevind(s, 15, 10), prevind(s, 15, 9))
(prevind(s, 16), prevind(s, 16, 1), prevind(s, 16, 2), prevind(s, 17), prevind(s, 17, 1), prevind(s, 17, 2))
(nextind(s, 0, 2), nextind(s, 0, 20), nextind(s, 0, 10), nextind(s, 1), nextind(s, 1, 1), nextind(s, 1, 2), nextind(s, 1, 9), nextind(s, 1, 10))
(nextind(s, 2), nextind(s, 2, 1), nextind(s, 3), nextind(s, 3, 1), nextind(s, 4), nextind(s, 4, 1), nextind(s, 14), nextind(s, 14, 1))
(nextind(s, 15), nextind(s, 15, 1), nextind(s, 15, 2), nextind(s, 16), nextind(s, 16, 1), nextind(s, 16, 2), nextind(s, 16, 3))
# n steps at once are n single steps
ok = true;
for x in 0:ncodeunits(s)+1
    n = p = x
    for j in 1:40
        if 1 <= p
            p = prevind(s, p)
            ok &= prevind(s, x, j) == p
        end
        if n <= ncodeunits(s)
            n = nextind(s, n)
            ok &= nextind(s, x, j) == n
        end
    end
end
ok
# a count of 0: whether i itself is an index
e = "";
(nextind(e, 0, 0), prevind(e, 1, 0))
u = "∀x∃";
(nextind(u, 0, 0), nextind(u, 1, 0), nextind(u, 4, 0), nextind(u, 5, 0))
(prevind(u, 1, 0), prevind(u, 4, 0), prevind(u, 5, 0), prevind(u, 8, 0))
# the docstrings' examples
(thisind("α", 0), thisind("α", 1), thisind("α", 2), thisind("α", 3))
(prevind("α", 3), prevind("α", 1), prevind("α", 2, 2), prevind("α", 2, 3))
(nextind("α", 0), nextind("α", 1), nextind("α", 0, 2), nextind("α", 1, 2))
# any Integer index; `end` inside the call
h = "héllo";
(nextind(h, big(2)), prevind(h, Int8(4)), nextind(h, true), prevind(h, 0x06, UInt8(2)))
h[prevind(h, end, 2)]
h[nextind(h, 1)]
h[prevind(h, end)]
h[end]
h[thisind(h, 3):end]
x = [10, 20, 30, 40, 50];
x[end÷2+1]
x[min(end, 10)]
x[max(end - 7, 1)]
