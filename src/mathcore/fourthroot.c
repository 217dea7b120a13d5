/* fourthroot.c — correctly rounded x^(1/4) in binary64/32/16.
 *
 * Method
 *   y = sqrt(sqrt(x)) (two correctly rounded square roots) is within 3*2^-54 relative
 *   of t = x^(1/4), i.e. within 1.5 ulp.  The residual x - y^4 is computed almost
 *   exactly: y^2 = a + b exactly by fma, y^4 = a^2 + 2ab + b^2, and x - a^2 (tiny,
 *   as y^4 ~ x) and then the 2ab term are each formed with one rounding by fma.  One
 *   Newton step gives t ~ y + delta, delta = (x - y^4) / (4 y a).  If every value
 *   within the error bound of y + delta rounds alike, that is the result; otherwise the
 *   one midpoint m in the interval is decided exactly by comparing x with m^4 in
 *   integers (mc_exact.c).  The binary64 fast path makes the same decision without the
 *   division, comparing x - y^4 with the images of the rounding boundaries.
 *   Inputs below 2^-900 or above 2^900 are scaled by 2^(-+1000) first (the root by
 *   2^(-+250)), so that no partial product underflows or overflows.
 *
 * Special cases (Julia: fourthroot(x) = sqrt(sqrt(x)))
 *   NaN -> NaN; x < 0 (including -Inf) -> NaN, the caller raises sqrt's DomainError;
 *   ±0 -> ±0 (fourthroot(-0.0) === -0.0); +Inf -> +Inf.
 *   Exact fourth powers give exact roots (the residual is then below 2^-104 x).
 *   No input has a root exactly halfway between two representable numbers: that
 *   midpoint has an odd significand of p+1 bits, whose fourth power has more than
 *   4p bits and so is not a p-bit number.
 *
 * Accuracy (relative to t, u = 2^-53)
 *   |y/t - 1| <= 3*2^-54, so |x - y^4| <= 3*2^-52 x; the residual's rounding errors
 *   (2^-103 x and 2^-104.4 x, plus the dropped b^2 < 2^-106 x) are below 2^-101.7 x,
 *   contributing 2^-103.7 to delta/t; delta itself is rounded with relative error 3u
 *   (delta <= 3*2^-54 t: 2^-103.8); dropping the Newton step's second order term costs
 *   3/32 (x-y^4)^2/y^7 < 2^-104.3.  Total < 2^-102.1; bound used 2^-100.
 *   Float32/Float16 round the same approximation at their own boundaries (no double
 *   rounding); their exact decision compares x with m^4 likewise.
 */
#include "bits.h"
#include "mathcore/mathcore.h"
#include "mathcore/mc_impl.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* sqrt without the errno branch that the libm call carries (arguments here are > 0). */
MC_INLINE double sqrt_pos(double x)
{
#ifdef __SSE2__
    return _mm_cvtsd_f64(_mm_sqrt_sd(_mm_set_sd(x), _mm_set_sd(x)));
#else
    return sqrt(x);
#endif
}

/* The residual x - y^4 for y = sqrt(sqrt(x)), to 2^-101.7 x; *a ~ y^2.  y^2 = a + b
 * exactly, y^4 = a^2 + 2ab + b^2; x - a^2 (below 2^-50.2 x) is rounded once by the
 * fma, the 2ab term once more, and b^2 < 2^-106 x is dropped. */
MC_INLINE double residual(double x, double y, double *a)
{
    double b;
    *a = mc_two_prod(y, y, &b);
    return fma(-2.0 * *a, b, fma(-*a, *a, x));
}

/* Every input, every format: specials, scaling, Newton step and mc_round_dd. */
static double root4_fmt(double x, const mc_fmt *f)
{
    if (!(x > 0.0)) {
        if (x == 0.0)
            return x;
        return isnan(x) ? x : NAN;
    }
    if (x == INFINITY)
        return x;
    double back = 1.0;
    if (x < 0x1p-900) {
        x *= 0x1p1000;
        back = 0x1p-250;
    } else if (x > 0x1p900) {
        x *= 0x1p-1000;
        back = 0x1p250;
    }
    double a, y = sqrt_pos(sqrt_pos(x));
    double rho = residual(x, y, &a);
    double delta = rho / (4.0 * y * a);
    double err = 0x1p-100 * y;
    double res, l, h = mc_fast_two_sum(y, delta, &l);
    mc_mid mid;
    if (!mc_round_dd(h, l, err, 0, f, &res, &mid))
        res = mc_root4_cmp_mid(x, mid.M, mid.k) > 0 ? mid.hi : mid.lo;
    return res * back;
}

MC_CLONES double mc_fourthroot(double x)
{
    /* Fast path for 2^-900 <= x < 2^900 (one unsigned comparison also rejects signs,
     * zeros, NaN and Inf).  Division-free decision: t - y ~ rho / (4 y^3), so the
     * rounding boundaries y -+ u/2 (u = ulp(y)) sit at rho = -+w, w = 2 y a u, and
     * y -+ 3u/2 at -+3w.  The estimate is within 2^-48 w of the truth (residual error
     * 2^-49.7 w, linearisation and a ~ y^2: 2^-51 each).  |rho| and w are compared
     * through their bit patterns: for positive doubles D = bits(|rho|) - bits(w) orders
     * like |rho| - w, |D| >= 2^14 implies | |rho|/w - 1 | >= 2^-39, and D < 2^52
     * implies |rho| < 2w.  Anything closer to a boundary, beyond 2w, or below a power
     * of two (where the spacing halves) takes the general path.  The neighbours
     * y -+ u are the bit patterns of y -+ 1. */
    uint64_t xb = bits_from_double(x);
    const uint64_t lo = 0x07b0000000000000u, hi = 0x7830000000000000u; /* 2^-900, 2^900 */
    if (xb - lo < hi - lo) {
        double a, y = sqrt_pos(sqrt_pos(x));
        double rho = residual(x, y, &a);
        uint64_t yb = bits_from_double(y), rb = bits_from_double(rho);
        /* bits(w) = bits(y a) + (E - 51) * 2^52 with E the exponent of y (w, y a normal) */
        uint64_t wb = bits_from_double(y * a) + (yb & 0x7ff0000000000000u) - ((1023ull + 51) << 52);
        int64_t D = (int64_t)((rb & 0x7fffffffffffffffu) - wb);
        int near = (uint64_t)(D + 0x3fff) < 0x7fff; /* |D| < 2^14 */
        int below_pow2 = (yb << 12) == 0 && (rb >> 63);
        if (!near && D < (1ll << 52) && !below_pow2) {
            /* which neighbour is random: decide it without branches */
            uint64_t up = (uint64_t)-D >> 63;             /* 1 iff |rho| > w */
            uint64_t neg = (uint64_t)((int64_t)rb >> 63); /* all ones iff rho < 0 */
            return bits_to_double(yb + ((up ^ neg) - neg));     /* yb + up or yb - up */
        }
    }
    return root4_fmt(x, &mc_fmt_double);
}

MC_CLONES float mc_fourthrootf(float x)
{
    return (float)root4_fmt(x, &mc_fmt_float);
}

MC_CLONES uint16_t mc_fourthrooth(uint16_t x)
{
    return mc_double_to_half(root4_fmt(mc_half_to_double(x), &mc_fmt_half));
}
