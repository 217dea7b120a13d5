# ℯ, log 2 and ζ(3) from src/num/constants.c: identities that hold because every
# spelling is correctly rounded (tests/unit/test_const.c compares with MPFR itself)
spellings(p) = setprecision(() -> (exp(big(1)), BigFloat(ℯ), big(ℯ), ℯ^big(1), exp(BigFloat(1))), p)
all(p -> ((a, b, c, d, e) = spellings(p); a == b == c == d == e), [53, 127, 128, 256, 1000, 10007, 40000])
# log 2 from the series against MPFR's log of 1/2, exact in binary
all(p -> setprecision(() -> log(big(2)) == -log(big(0.5)), p), [64, 8191, 8192, 10007, 40000])
# an irrational's value rounded up is the next float after its value rounded down
function updown(f, p)
    setprecision(p) do
        u = setrounding(f, BigFloat, RoundUp)
        d = setrounding(f, BigFloat, RoundDown)
        z = setrounding(f, BigFloat, RoundToZero)
        a = setrounding(f, BigFloat, RoundFromZero)
        nextfloat(d) == u && z == d && a == u
    end
end
all(p -> updown(() -> exp(big(1)), p), [113, 3000, 20011])
all(p -> updown(() -> log(big(2)), p), [113, 9000, 20011])
all(p -> updown(() -> zeta(big(3)), p), [113, 3000, 20011])
typeof(zeta(big(3))), typeof(zeta(3)), typeof(exp(big(1)))
setprecision(() -> precision(zeta(big(3))), 300)
zeta(3), zeta(3.0f0)
