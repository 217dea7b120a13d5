/* trigpi.c — correctly rounded sin(pi x), cos(pi x), tan(pi x) in binary64/32/16.
 *
 * Method
 *   Three evaluations, each reached only when the one before cannot round: a fast one
 *   in plain double arithmetic with fma (binary64 only), a double-double one, and the
 *   exact decider of mc_exact.c.
 *   1. Fast path, for 2^-500 <= |x| < 2^40 when x is not a multiple of 1/2.
 *      |x| = (k + f)/1024 with k = rint(1024 |x|) and |f| <= 1/2, both exact: adding
 *      1.5*2^52 to 1024 |x| < 2^50 rounds it and leaves k mod 2^11 in the low bits.  The
 *      quadrant k >> 9 and i = k mod 512 give sin(pi x) = ±sin(pi (j + g)/1024) with
 *      j = i, g = f in even quadrants and j = 512 - i, g = -f in odd ones; cospi is the
 *      same for k + 512, and tanpi the quotient of that sine and the matching cosine
 *      sin(pi (512 - j - g)/1024).  Row, sign of g and sign of the result are integer
 *      arithmetic: the quadrant is random for random arguments, and a branch on it is
 *      mispredicted half the time.  With y = g pi/1024 (|y| <= pi/2048 < 2^-9.34) and
 *      the table rows A, B = sin, cos(pi j/1024) (double-doubles, below),
 *      sin(pi (j + g)/1024) = A cos y + B sin y, where sin y - y and cos y - 1 are the
 *      Taylor polynomials of degree 7 and 6 in g with the powers of pi/1024 folded into
 *      the coefficients.  Only g pi_hi = gp + e, B_hi gp (fma two-products) and
 *      A_hi + B_hi gp (Fast2Sum) are error-free; the rest is one chain of double fma,
 *      giving h + l with |l| < 2^-18 |h|, not normalised.  tan divides the high parts
 *      (and takes 1/dh alongside) and corrects the quotient by fma (fast_tan): no
 *      double-double division.
 *      Rounding test: when h + (l - err) and h + (l + err) round to the same double,
 *      that is the result (RN is monotone), with err = 2^-66 |h| (2^-65 for tan).  It
 *      fails for about 1 argument in 5000 (tan: 1 in 2900), which take the general
 *      path, steps 2 to 4.  On CPUs without FMA, where each fma() is a software routine,
 *      the general path is taken directly (FAST_PATH_PAYS).
 *   2. Exact reduction.  With a = |x| < 2^50, j = rint(2a) and r = a - j/2 are exact
 *      (r is a multiple of ulp(a) with |r| <= 1/4 <= a when j > 0), so x = ±(j/2 + r)
 *      with no rounding and no approximation of pi.  For 2^50 <= a < 2^53, a is a
 *      multiple of 1/4 and j, r come from the integer 4a; for a >= 2^53, a is an even
 *      integer.  The quadrant q = j mod 4 and the signs of x and r select
 *      ±sin, ±cos, ±tan or ±cot of pi*|r|, 0 <= |r| <= 1/4.
 *   3. Double-double path.  |r| = i/1024 + t, |t| <= 2^-11; sin of pi*j/1024,
 *      j = 0..512, comes from a double-double table (cos(pi*i/1024) is entry 512 - i),
 *      sin(pi t) = pi*t + t^3*P(t^2) and cos(pi t) = 1 - t^2*Q(t^2) (Taylor, 3 terms
 *      each), and the angle-addition formula is evaluated in double-double.  cos(pi |r|)
 *      is computed as sin(pi (512 - i)/1024 - pi t), so sinpi and cospi need one sum,
 *      selected by index; tan and cot need both and one double-double division.
 *   4. Rounding test: if every value within the error bound of the double-double
 *      rounds to the same number, that is the result (binary64: one comparison).
 *      Otherwise mc_exact.c decides the one midpoint in the interval exactly.
 *
 * Special cases (Julia 1.10 Float64 methods)
 *   NaN -> NaN, ±Inf -> NaN (the caller raises DomainError).
 *   sinpi(integer x) = copysign(0, x); sinpi(n + 1/2) = ±1.
 *   cospi(n + 1/2) = +0.0; cospi(n) = ±1; cospi(|x| >= 2^53) = 1.
 *   tanpi(n) = 0 with the sign of x flipped for odd n; tanpi(n + 1/4) = ±1 exactly;
 *   tanpi(n + 1/2) = ±Inf: +Inf when 2|x| mod 4 = 1, -Inf when it is 3, negated for
 *   x < 0 (tanpi(0.5) = Inf, tanpi(1.5) = -Inf, tanpi(-0.5) = -Inf).
 *   Results for |x| < 2^-500 use sin(pi x) = pi x (1 - O(2^-990)), computed with the
 *   argument scaled by 2^600 so that subnormal results are rounded once, correctly.
 *   The fast path leaves all of these to the general one, except tanpi(n + 1/4): its
 *   numerator and denominator are then the same table row, and the quotient exactly 1.
 *
 * Accuracy of the fast path (relative to v = |sin(pi (j + g)/1024)|, u = 2^-53)
 *   v >= |y|/1.0001 always, and v >= A/2 when j >= 1 (worst at j = 1, g = -1/2).
 *   Table and pi/1024 pairs: 2^-106.  sin y - gp (<= 2^-21.3 |y|): the fma Horner scheme
 *   and the coefficients' rounding, about 4u of it, plus the last fma: 2^-71.5 |y|;
 *   series truncation < 2^-90.  c = cos y - 1 (|c| <= 2^-19.7): 4u of it, 2^-71.7 A;
 *   the dropped A_lo c: 2^-72.7 A.  The chain forming l rounds 4 times, each by at most
 *   u (2^-19.7 A + 2^-21.3 |y|).  Total 2^-69.7 A + 2^-70.8 |y| <= 2^-68.4 v; the test's
 *   own rounding of l -+ err adds u |l| < 2^-71.6: 2^-68.2 in all.
 *   tan: N and D within 2^-68.4 each; in the quotient the remainder R = N - q0 D
 *   (|R| <= 2^-17.4 |nh|) is formed with three roundings (2^-69.1 of Q), R/dh is off by
 *   2u of itself (2^-69.4), the series in d stops at d^3 (2^-72.6) and the last fma
 *   rounds (2^-70.4): 2^-67.9; total 2^-66.6.
 *   Measured against MPFR (1200 bits) over 3e6 (j, g) pairs, j uniform and j = 0, 1,
 *   511, 512, g uniform, within 2^-40 of ±1/2 and down to 2^-400: max 2^-69.5 for sin
 *   (at j = 1, g -> -1/2) and 2^-69.5 for tan (j = 511, g -> 1/2); max |l/h| 2^-19.0.  The bounds used, 2^-66 and 2^-65, are
 *   4.6x and 2.8x the analysis.  With the tests' hard cases (values within 2^-80 of a
 *   midpoint) the general path and the exact step are exercised.
 *
 * Accuracy of the double-double path (relative, with u = 2^-53)
 *   table entries 2^-106; truncation of the series < 2^-90; pi*t exact by fma plus
 *   pi_lo*t.  The rounded pieces are: the sin correction t^3 P (<= 2^-21.3 of pi*t,
 *   <= 4.5u of it in error: 2^-72.1), c2 = t^2 Q (<= 2^-19.7, error <= 3.5u, weighted by
 *   sin(pi a)/S <= 2 for sin: 2^-69.9), the product sin(pi a)*c2 and the last addition
 *   (2 x u * 2^-18.7 = 2^-70.7).  Total < 2^-68.9 for S and C; the quotients add
 *   < 2^-100 (dd_div).  Measured against MPFR over 3e6 arguments (uniform, near
 *   i = 1, and tiny): max 2^-69.9 (sin), 2^-70.6 (cos), 2^-70.2 (tan, cot).  The bounds
 *   used are 2^-67 for S, C and 2^-66 for tan, cot (4x and 7x the analysis), so the
 *   rounding test fails for about 1 argument in 2^13; the exact step then costs ~2 us.
 *   Float32/Float16 results use the same double-double values with the format's own
 *   rounding boundaries, so there is no double rounding.
 */
#include "bits.h"
#include "mathcore/mathcore.h"
#include "mathcore/mc_impl.h"

#include <string.h>

#define PI_H 0x1.921fb54442d18p+1
#define PI_L 0x1.1a62633145c07p-53

/* pi^k/k!: sin(pi t) = pi t + t^3 (S3 + t^2 (S5 + t^2 S7)),
 *          cos(pi t) = 1 - t^2 (C2 + t^2 (C4 + t^2 C6)). */
#define S3 (-0x1.4abbce625be53p+2)
#define S5 0x1.466bc6775aae2p+1
#define S7 (-0x1.32d2cce62bd86p-1)
#define C2 0x1.3bd3cc9be45dep+2
#define C4 (-0x1.03c1f081b5ac4p+2)
#define C6 0x1.55d3c7e3cbffap+0

#define ERR_SC 0x1p-67 /* relative error bound of S and C */
#define ERR_TC 0x1p-66 /* relative error bound of S/C and C/S */
#define TINY 0x1p-500
#define TINY_SCALE 600

/* x = sign * (j/2 + r), reduced: q = j mod 4, ar = |r| in [0, 1/4]. */
typedef struct {
    double ar;
    int q, xneg, rneg;
} reduced;

MC_INLINE reduced reduce(double x)
{
    reduced d;
    double a = fabs(x);
    d.xneg = signbit(x) != 0;
    if (a < 0x1p50) {
        double j = (2.0 * a + 0x1.8p52) - 0x1.8p52; /* rint(2a), exact for 2a < 2^51 */
        double r = a - 0.5 * j;                     /* exact, see Method */
        d.q = (int)((int64_t)j & 3);
        d.rneg = r < 0;
        d.ar = fabs(r);
    } else if (a < 0x1p53) {
        uint64_t k4 = (uint64_t)(4.0 * a); /* a is a multiple of 1/4 */
        d.q = (int)((k4 >> 1) & 3);
        d.ar = (k4 & 1) ? 0.25 : 0.0;
        d.rneg = 0;
    } else {
        d.q = 0; /* even integer */
        d.ar = 0.0;
        d.rneg = 0;
    }
    return d;
}

/* ar = i/1024 + t, |t| <= 2^-11 (t exact); sin(pi t) = p1 + s, cos(pi t) = 1 - c2. */
typedef struct {
    int i;
    double p1, s, c2;
} split;

MC_INLINE split split_arg(double ar)
{
    split r;
    double fi = (ar * 1024.0 + 0x1.8p52) - 0x1.8p52;
    double t = ar - fi * 0x1p-10; /* exact: a multiple of ulp(ar), |t| <= ar */
    double z = t * t, e1;
    r.i = (int)fi;
    r.p1 = mc_two_prod(PI_H, t, &e1);
    r.s = e1 + (PI_L * t + t * z * (S3 + z * (S5 + z * S7)));
    r.c2 = z * (C2 + z * (C4 + z * C6));
    return r;
}

/* sin(pi (j/1024 + tau)) = A (1 - c2) + B (p1 + s) as hi + *lo, where A, B are the
 * table entries of sin and cos of pi*j/1024 and p1 + s = sin(pi tau), 1 - c2 =
 * cos(pi tau).  cos(pi (i/1024 + t)) is the same sum with j = 512 - i, tau = -t.
 * Error below 2^-68.9 relative (see Accuracy); |*lo| <= 2^-18 hi, not renormalised.
 * Fast2Sum applies: |A| >= sin(pi/1024) > |B p1| when j > 0, and A = 0 when j = 0. */
MC_INLINE double sin_sum(const double *A, const double *B, double p1, double s, double c2,
                         double *lo)
{
    double pl, ph = mc_two_prod(B[0], p1, &pl);
    double s1, s0 = mc_fast_two_sum(A[0], ph, &s1);
    *lo = (s1 + (pl + A[1] + B[0] * s + B[1] * p1)) - A[0] * c2;
    return s0;
}

/* (nh + nl) / (dh + dl) in double-double, for normalised pairs (|lo| <= ulp(hi)).
 * With inv = RN(1/dh) and h = RN(nh*inv) (within 2 ulp of the quotient),
 * (nh + nl)/(dh + dl) = h + (nh - h dh + nl - h dl)/(dh + dl) exactly; the remainder
 * nh - h dh is below 2^-51 nh and fma rounds it by at most 2^-104 nh, and replacing
 * 1/(dh + dl) by inv changes the small correction by 2^-52 of itself: < 2^-100 total. */
MC_INLINE double dd_div(double nh, double nl, double dh, double dl, double *lo)
{
    double inv = 1.0 / dh;
    double h = nh * inv;
    double rem = fma(-h, dh, nh);
    *lo = (rem + (nl - h * dl)) * inv;
    return h;
}

/* Correctly rounded g(pi ar) in format f (g = MC_SIN/COS/TAN/COT), 0 < ar <= 1/4,
 * from the approximation (h, l) with relative error below rel. */
static double finish(double h, double l, double rel, int S, double ar, int g,
                     const mc_fmt *f)
{
    double res;
    mc_mid mid;
    h = mc_fast_two_sum(h, l, &l); /* renormalise: now |l| <= ulp(h)/2 */
    if (mc_round_dd(h, l, rel * h, S, f, &res, &mid))
        return res;
    int e;
    double fr = frexp(ar, &e);
    uint64_t R = (uint64_t)ldexp(fr, 53);
    return mc_trig_cmp_mid(R, e - 53, g, mid.M, mid.k) > 0 ? mid.hi : mid.lo;
}

/* g(pi ar) ~ h + l (relative error below rel) rounded to format f. */
MC_INLINE double round_fast(double h, double l, double rel, double ar, int g, const mc_fmt *f)
{
    if (f == &mc_fmt_double) {
        /* RN is monotone: if both ends of [v - err, v + err] round alike, so does v. */
        double err = rel * h, lo = h + (l - err), hi = h + (l + err);
        if (lo == hi)
            return lo;
    }
    return finish(h, l, rel, 0, ar, g, f);
}

/* |sin(pi ar)| (swap = 0) or |cos(pi ar)| (swap = 1), or with quot = 1 |tan(pi ar)|
 * (swap = 0) or |cot(pi ar)| (swap = 1), rounded to format f; ar > 0, and ar != 1/4
 * for quotients.  swap follows the quadrant's parity, which is random for random
 * arguments, so the fast path selects operands by indexing rather than branching. */
MC_INLINE double magnitude(double ar, int quot, int swap, const mc_fmt *f)
{
    int g = quot ? (swap ? MC_COT : MC_TAN) : (swap ? MC_COS : MC_SIN);
    if (ar < TINY && g != MC_COS) { /* sin, tan: pi*ar*(1 +- 2^-990) */
        double ts = ar * 0x1p600, e1, p = mc_two_prod(PI_H, ts, &e1);
        return finish(p, e1 + PI_L * ts, 0x1p-100, TINY_SCALE, ar, g, f);
    }
    split a = split_arg(ar);
    double h, l, rel;
    if (!quot) { /* one sum: cos as sin of the complementary angle, chosen by index */
        int j = swap ? 512 - a.i : a.i;
        double sg = 1.0 - 2.0 * swap;
        h = sin_sum(mc_sinpi_tab[j], mc_sinpi_tab[512 - j], sg * a.p1, sg * a.s, a.c2, &l);
        rel = ERR_SC;
    } else { /* the division needs normalised pairs */
        const double *A = mc_sinpi_tab[a.i], *B = mc_sinpi_tab[512 - a.i];
        double v[4];
        v[0] = sin_sum(A, B, a.p1, a.s, a.c2, &v[1]);
        v[2] = sin_sum(B, A, -a.p1, -a.s, a.c2, &v[3]);
        v[0] = mc_fast_two_sum(v[0], v[1], &v[1]);
        v[2] = mc_fast_two_sum(v[2], v[3], &v[3]);
        int k = 2 * swap;
        h = dd_div(v[k], v[k + 1], v[2 - k], v[3 - k], &l);
        rel = ERR_TC;
    }
    return round_fast(h, l, rel, ar, g, f);
}

/* -m if neg else m, without a branch: the sign is random for random arguments. */
MC_INLINE double flip(double m, int neg)
{
    return bits_to_double(bits_from_double(m) ^ ((uint64_t)neg << 63));
}

MC_INLINE double sinpi_fmt(double x, const mc_fmt *f)
{
    if (!isfinite(x))
        return isnan(x) ? x : NAN;
    reduced d = reduce(x);
    int odd = d.q & 1;
    int neg = d.xneg ^ (d.q >= 2) ^ (odd ? 0 : d.rneg);
    double m;
    if (d.ar == 0.0) /* integers give copysign(0, x), as in Julia */
        return odd ? (neg ? -1.0 : 1.0) : (d.xneg ? -0.0 : 0.0);
    m = magnitude(d.ar, 0, odd, f);
    return flip(m, neg);
}

MC_INLINE double cospi_fmt(double x, const mc_fmt *f)
{
    if (!isfinite(x))
        return isnan(x) ? x : NAN;
    reduced d = reduce(x);
    int odd = d.q & 1;
    if (d.ar == 0.0)
        return odd ? 0.0 : (d.q == 0 ? 1.0 : -1.0);
    int neg = (d.q == 1 || d.q == 2) ^ (odd ? d.rneg : 0);
    return flip(magnitude(d.ar, 0, !odd, f), neg);
}

MC_INLINE double tanpi_fmt(double x, const mc_fmt *f)
{
    if (!isfinite(x))
        return isnan(x) ? x : NAN;
    reduced d = reduce(x);
    int odd = d.q & 1;
    if (d.ar == 0.0) {
        if (odd)
            return (d.xneg ^ (d.q == 3)) ? -INFINITY : INFINITY;
        return (d.xneg ^ (d.q == 2)) ? -0.0 : 0.0;
    }
    int neg = d.xneg ^ d.rneg ^ odd;
    return flip(d.ar == 0.25 ? 1.0 : magnitude(d.ar, 1, odd, f), neg);
}

/* ---- binary64 fast path ---------------------------------------------------------- */

/* P = pi/1024 = P_H + P_L, and for y = g P: sin y = g P + g^3 (A3 + g^2 (A5 + g^2 A7)),
 * cos y = 1 + g^2 (B2 + g^2 (B4 + g^2 B6)): the series of S3..C6 above with t = g/1024,
 * so the coefficients are theirs times powers of two. */
#define P_H 0x1.921fb54442d18p-9
#define P_L 0x1.1a62633145c07p-63
#define A3 (-0x1.4abbce625be53p-28)
#define A5 0x1.466bc6775aae2p-49
#define A7 (-0x1.32d2cce62bd86p-71)
#define B2 (-0x1.3bd3cc9be45dep-18)
#define B4 0x1.03c1f081b5ac4p-38
#define B6 (-0x1.55d3c7e3cbffap-60)

#define ERR_FAST_SC 0x1p-66 /* relative error bound of fast_sum */
#define ERR_FAST_T 0x1p-65  /* relative error bound of the fast quotient */

/* |x| = (k + f)/1024 with k = rint(1024 |x|), |f| <= 1/2, both exact; *k is k mod 2^11.
 * Valid for |x| < 2^40, where 1024 |x| < 2^50 is rounded to an integer in the last bits
 * of the magic sum (the caller checks the range from the bits of x; outside it the
 * results are discarded, and k stays a valid index). */
MC_INLINE double fast_reduce(double ax, unsigned *k)
{
    double u = ax * 1024.0, m = u + 0x1.8p52;
    *k = (unsigned)bits_from_double(m) & 2047;
    return u - (m - 0x1.8p52);
}

/* swap ? 512 - i : i, by arithmetic: the compiler may turn a conditional into a branch,
 * and swap (the parity of the quadrant) is random for random arguments. */
MC_INLINE unsigned mirror(unsigned i, unsigned swap)
{
    unsigned m = 0u - swap;
    return (i ^ m) + (m & 513u); /* ~i + 513 = 512 - i */
}

/* The fast path applies to 2^-500 <= |x| < 2^40 except multiples of 1/2, which are
 * exact results (zeros, ones, poles) with Julia's signs: one unsigned comparison on the
 * bits and one test of the reduction. */
MC_INLINE int fast_range(uint64_t xb, unsigned k, double f)
{
    const uint64_t lo = 0x20b0000000000000u, hi = 0x4270000000000000u; /* 2^-500, 2^40 */
    uint64_t ab = xb & 0x7fffffffffffffffu;
    return (ab - lo < hi - lo) & !((k & 511) == 0 && f == 0.0);
}

/* The pieces of the angle-addition formula that do not depend on the table row:
 * sin(g P) ~ gp + sc with gp = RN(g P_H), and cos(g P) ~ 1 + c. */
typedef struct {
    double gp, sc, c;
} fast_arg;

MC_INLINE fast_arg fast_split(double g)
{
    fast_arg r;
    double z = g * g;
    r.gp = g * P_H;
    double e = fma(g, P_H, -r.gp); /* exact: g P_H = gp + e */
    r.sc = fma(g, fma(z, fma(z, fma(z, A7, A5), A3), P_L), e);
    r.c = z * fma(z, fma(z, B6, B4), B2);
    return r;
}

/* sin(pi (j + g)/1024) = A cos(gP) + B sin(gP) ~ h + *l, where A, B are the rows of
 * sin and cos of pi j/1024.  B gp and A + B gp are exact (two-product, Fast2Sum: |A| >=
 * sin(pi/1024) > |B gp| when j > 0, A = 0 when j = 0); the rest is one fma chain.
 * Not normalised: |*l| < 2^-18 |h|. */
MC_INLINE double fast_sum(const double *A, const double *B, fast_arg r, double *l)
{
    double ml, mh = mc_two_prod(B[0], r.gp, &ml);
    double s1, s0 = mc_fast_two_sum(A[0], mh, &s1);
    *l = (s1 + ml) + fma(B[1], r.gp, fma(B[0], r.sc, fma(A[0], r.c, A[1])));
    return s0;
}

/* sin(pi (j + g)/1024) ~ h + *l for 0 <= j <= 512, |g| <= 1/2 (see Accuracy). */
MC_INLINE double fast_sin(unsigned j, double g, double *l)
{
    return fast_sum(mc_sinpi_tab[j], mc_sinpi_tab[512 - j], fast_split(g), l);
}

/* sin and cos of pi (j + g)/1024 ~ v[0] + v[1] and v[2] + v[3], 0 <= j <= 512,
 * |g| <= 1/2: the cosine is sin(pi (512 - j - g)/1024), the same sum with the rows
 * exchanged and g negated, so both share the split of g. */
MC_INLINE void fast_sincos(unsigned j, double g, double v[4])
{
    const double *A = mc_sinpi_tab[j], *B = mc_sinpi_tab[512 - j];
    fast_arg r = fast_split(g), rn = {-r.gp, -r.sc, r.c};
    v[0] = fast_sum(A, B, r, &v[1]);
    v[2] = fast_sum(B, A, rn, &v[3]);
}

/* tan(pi (j + g)/1024) ~ h + *l for 0 <= j <= 512, |g| <= 1/2, j + g != 512 (see
 * Accuracy), as N/D from fast_sincos.  The division starts as soon as the high parts
 * are known: q0 = RN(nh/dh), so nh - q0 dh is exact by fma, and N/D = q0 +
 * R/(dh (1 + d)) with R = nh - q0 dh + nl - q0 dl, d = dl/dh (|d| < 2^-18): the
 * correction is R/dh (1 - d + d^2), truncated at d^3 < 2^-54. */
MC_INLINE double fast_tan(unsigned j, double g, double *l)
{
    double v[4];
    fast_sincos(j, g, v);
    double nh = v[0], nl = v[1], dh = v[2], dl = v[3];
    double q0 = nh / dh, inv = 1.0 / dh;
    double d = dl * inv, rem = (fma(-q0, dh, nh) + (nl - q0 * dl)) * inv;
    *l = fma(rem, fma(d, d, -d), rem);
    return q0;
}

/* RN(h + l), or 0 with *ok = 0 when the bound rel * |h| around h + l holds a rounding
 * boundary.  RN is monotone, so when both ends round alike every value between does. */
MC_INLINE double fast_round(double h, double l, double rel, int *ok)
{
    double err = rel * h, lo = h + (l - err), hi = h + (l + err);
    *ok = lo == hi;
    return lo;
}

static __attribute__((noinline)) double sinpi_slow(double x)
{
    return sinpi_fmt(x, &mc_fmt_double);
}

static __attribute__((noinline)) double cospi_slow(double x)
{
    return cospi_fmt(x, &mc_fmt_double);
}

static __attribute__((noinline)) double tanpi_slow(double x)
{
    return tanpi_fmt(x, &mc_fmt_double);
}

/* The fast path makes 11 fma() calls (tan: 18), each one instruction in the FMA
 * clones; without FMA hardware each is a call to libm's software fma, and the
 * double-double path, with about four, is the faster one.  The test is one predictable
 * branch, false only in the default clones. */
#define FAST_PATH_PAYS() __builtin_expect(MC_FMA_IS_FAST(), 1)

/* sin(pi x) for |x| = (k + f)/1024: quadrant q = k >> 9 (mod 4), i = k mod 512; odd
 * quadrants give cos(pi (i + f)/1024) = sin(pi (512 - i - f)/1024), so one sum with a
 * row index and a sign of g chosen by arithmetic, not branches.  cospi is sinpi of
 * |x| + 1/2, i.e. k + 512.  *ok = 0 when the caller must take the general path. */
MC_INLINE double sinpi_fast(double x, int cos, int *ok)
{
    uint64_t xb = bits_from_double(x);
    unsigned k;
    double f = fast_reduce(fabs(x), &k);
    k += cos ? 512 : 0;
    unsigned q = (k >> 9) & 3, odd = q & 1, i = k & 511;
    double l, h = fast_sin(mirror(i, odd), flip(f, (int)odd), &l);
    double res = fast_round(h, l, ERR_FAST_SC, ok);
    *ok &= fast_range(xb, k, f);
    return flip(res, (int)((q >> 1) ^ (cos ? 0 : xb >> 63)));
}

MC_CLONES double mc_sinpi(double x)
{
    if (!FAST_PATH_PAYS())
        return sinpi_slow(x);
    int ok;
    double y = sinpi_fast(x, 0, &ok);
    return __builtin_expect(ok, 1) ? y : sinpi_slow(x);
}

MC_CLONES double mc_cospi(double x)
{
    if (!FAST_PATH_PAYS())
        return cospi_slow(x);
    int ok;
    double y = sinpi_fast(x, 1, &ok);
    return __builtin_expect(ok, 1) ? y : cospi_slow(x);
}

/* tan(pi x) for |x| = (k + f)/1024: with i = k mod 512, odd halves (k >> 9) give
 * -cot(pi (i + f)/1024) = -tan(pi (512 - i - f)/1024).  *ok = 0 when the caller must
 * take the general path. */
MC_INLINE double tanpi_fast(double x, int *ok)
{
    uint64_t xb = bits_from_double(x);
    unsigned k;
    double f = fast_reduce(fabs(x), &k);
    unsigned half = (k >> 9) & 1, i = k & 511;
    double l, h = fast_tan(mirror(i, half), flip(f, (int)half), &l);
    double res = fast_round(h, l, ERR_FAST_T, ok);
    *ok &= fast_range(xb, k, f);
    return flip(res, (int)((xb >> 63) ^ half));
}

MC_CLONES double mc_tanpi(double x)
{
    if (!FAST_PATH_PAYS())
        return tanpi_slow(x);
    int ok;
    double y = tanpi_fast(x, &ok);
    return __builtin_expect(ok, 1) ? y : tanpi_slow(x);
}

/* One reduction and one split for both values; signs and special cases as in
 * sinpi_fmt and cospi_fmt. */
static __attribute__((noinline)) void sincospi_slow(double x, double *s, double *c)
{
    const mc_fmt *f = &mc_fmt_double;
    reduced d = reduce(x);
    int odd = d.q & 1;
    if (!isfinite(x) || d.ar == 0.0 || d.ar < TINY) {
        *s = sinpi_fmt(x, f);
        *c = cospi_fmt(x, f);
        return;
    }
    int sneg = d.xneg ^ (d.q >= 2) ^ (odd ? 0 : d.rneg);
    int cneg = (d.q == 1 || d.q == 2) ^ (odd ? d.rneg : 0);
    split a = split_arg(d.ar);
    const double *A = mc_sinpi_tab[a.i], *B = mc_sinpi_tab[512 - a.i];
    double v[4], r[2];
    v[0] = sin_sum(A, B, a.p1, a.s, a.c2, &v[1]);  /* sin(pi ar) */
    v[2] = sin_sum(B, A, -a.p1, -a.s, a.c2, &v[3]); /* cos(pi ar) */
    int k = 2 * odd;                                /* odd quadrants swap them */
    r[0] = round_fast(v[k], v[k + 1], ERR_SC, d.ar, odd ? MC_COS : MC_SIN, f);
    r[1] = round_fast(v[2 - k], v[3 - k], ERR_SC, d.ar, odd ? MC_SIN : MC_COS, f);
    *s = flip(r[0], sneg);
    *c = flip(r[1], cneg);
}

/* sinpi and cospi from one reduction and fast_sincos: cospi is sinpi of k + 512, whose
 * row is 512 - j and whose g is -g, which is the cosine half of fast_sincos. */
MC_CLONES void mc_sincospi(double x, double *s, double *c)
{
    if (!FAST_PATH_PAYS()) {
        sincospi_slow(x, s, c);
        return;
    }
    uint64_t xb = bits_from_double(x);
    unsigned k;
    double f = fast_reduce(fabs(x), &k);
    unsigned q = (k >> 9) & 3, odd = q & 1, i = k & 511;
    double v[4];
    fast_sincos(mirror(i, odd), flip(f, (int)odd), v);
    int oks, okc;
    double sv = fast_round(v[0], v[1], ERR_FAST_SC, &oks);
    double cv = fast_round(v[2], v[3], ERR_FAST_SC, &okc);
    if (__builtin_expect(!(oks & okc & fast_range(xb, k, f)), 0)) {
        sincospi_slow(x, s, c);
        return;
    }
    *s = flip(sv, (int)((q >> 1) ^ (xb >> 63)));
    *c = flip(cv, (int)(((q + 1) >> 1) & 1));
}

/* Float32 and Float16: the double-double values rounded at the narrow format's own
 * boundaries (mc_round_dd), so each result is rounded once.  Reduction is the same
 * exact one: every float and half value is a double. */
MC_CLONES float mc_sinpif(float x)
{
    return (float)sinpi_fmt(x, &mc_fmt_float);
}

MC_CLONES float mc_cospif(float x)
{
    return (float)cospi_fmt(x, &mc_fmt_float);
}

MC_CLONES float mc_tanpif(float x)
{
    return (float)tanpi_fmt(x, &mc_fmt_float);
}

MC_CLONES uint16_t mc_sinpih(uint16_t x)
{
    return mc_double_to_half(sinpi_fmt(mc_half_to_double(x), &mc_fmt_half));
}

MC_CLONES uint16_t mc_cospih(uint16_t x)
{
    return mc_double_to_half(cospi_fmt(mc_half_to_double(x), &mc_fmt_half));
}

MC_CLONES uint16_t mc_tanpih(uint16_t x)
{
    return mc_double_to_half(tanpi_fmt(mc_half_to_double(x), &mc_fmt_half));
}
