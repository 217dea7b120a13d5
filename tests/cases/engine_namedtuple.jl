# a named tuple's fields are not assignments (Julia's scope rules): a function that
# builds (a = 1, b = 2) still reads the global a
a = 5
function nt1(); t = (a = 1, b = 2); a; end
nt1()
function nt2(); t = (; a = 1); a, t; end
nt2()
function nt3(x); (; x, y = x + 1); end
nt3(1)
p = (q = 3, r = 4)
function nt4(); (; p.q, s = 2); end
nt4()
# in quoted code a positional field is (= a 1), a ;-group's is (kw a 1)
:((a = 1, b = 2)).args[1].head
:((x, y; a = 1)).args[3].args[1].head
eval(:((a = 10, b = 20)))
eval(:(function nt5(); t = (a = 1,); a; end)); nt5()
# errors stay the walker's and Julia's
try; eval(:((a = 1, a = 2))); catch e; println(typeof(e)); end
# splats and pairs merge into a named tuple, in order, as Julia's merge does: a later
# value of a name replaces the earlier one in its place
nt = (b = 2, c = 3)
(; nt...)
(; a = 1, nt...)
(; a = 1, nt..., d = 4)
(; nt..., b = 20)
(a = 0, nt...)
(; [:x => 1, :y => 2.5]...)
(; :k => "v")
sk = :z; (; sk => 26)
(; (a = 1,)..., (a = 2,)...)
(; ((:p, 1), (:q, 2))...)
(; pairs((m = 1,))...)
(; ()...)
typeof((; nt..., b = 2.5))
# one name = value item makes a named tuple: the others are fields too, never assignments
bb = 7; (aa = 0, bb)
(bb, aa = 1)
@isdefined aa
function ntm(nt, s)
    (; a = 1, nt..., s => 3, [:w => 0]...)
end
ntm((b = 2,), :c)
ntm((a = 5, b = 2), :c)
ntg(nt) = (x = 1, nt...)
ntg((y = 2,))
# many splatted pairs: each name at its first place with its last value
many = (; ((Symbol("k", i % 40) => i) for i in 1:100)...)
length(many), many.k0, many.k1, many.k20, many.k21, keys(many)[1:3], keys(many)[end]
big_nt = (; (Symbol("k", i) => i for i in 1:200000)...); length(big_nt), big_nt.k1, big_nt.k200000
kwf(; kw...) = kw
kz = kwf(; a = 1, ((Symbol("k", i % 50) => -i) for i in 1:60)..., a = 9); length(kz), kz[:a], kz[:k10], first(keys(kz))
