/* mc_exact.c — the slow, exact half of the math core's correct rounding.
 *
 * Method
 *   The fast paths produce an approximation v with a proven error bound err.  When
 *   [v-err, v+err] contains no rounding boundary of the target format, the result is
 *   known (mc_round_dd).  Otherwise it contains exactly one boundary, the midpoint
 *   m = M*2^k between two neighbours lo < hi, and the correctly rounded result is hi
 *   when f > m and lo when f < m.  This file decides the sign of f - m exactly:
 *
 *   - fourth root: f > m  <=>  x > m^4, an exact integer comparison (m^4 has at most
 *     4*55 = 220 bits);
 *   - sin/cos/tan/cot of pi*r: r = R*2^e is a dyadic rational, so the values are
 *     evaluated in P-bit fixed point (P = 192, 448, 960, 1984) from their Taylor series
 *     with a rigorous error bound, and the sign is accepted only when |f - m| exceeds
 *     the bound (Ziv's strategy).
 *
 * Accuracy / termination
 *   f is never equal to a midpoint: a midpoint of any format is a dyadic rational, and
 *   - sin(pi r), 0 < r <= 1/4, is rational only for r = 1/6 (not dyadic) (Niven);
 *   - cos(pi r), 0 < r <= 1/4, is never rational (it would be 1/2 at r = 1/3);
 *   - tan(pi r), cot(pi r) are rational only at r = 1/4, which callers return exactly;
 *   - x^(1/4) = M*2^k with M odd and M >= 2^(p) forces x to have an odd part of
 *     more than 4p-3 bits, impossible for a p-bit format.
 *   So a precise enough step always decides.  The loop stops at 1984 bits: reaching
 *   that would need a binary64 input whose function value agrees with a midpoint to
 *   about 1900 bits (for 2^64 inputs and a value that behaves randomly, the expected
 *   closest approach is around 2^-(53+64) relative).  If it ever happened, the answer
 *   falls back to "hi", at most one unit in the last place from the correct result.
 *   That the cap is never reached is the only step not proven here.
 *
 * Error bounds of the fixed-point evaluation (units of 2^-P, all operations truncate):
 *   w = pi*r   < 1.25 (pi truncated, then shifted right)
 *   z = w^2    < 3.1
 *   each series term t_k = t_{k-1} * z / d_k  < 4 (first cosine term), < 2 otherwise;
 *   the tail after the first zero term < 3; so each series sum is within 2K + 7 units
 *   for K <= 200 terms, and sin(pi r)/r = pi * (series) is within pi*407 + 2 < 2^11.
 */
#include "mathcore/mc_impl.h"

#include <string.h>

const mc_fmt mc_fmt_double = {53, -1022};
const mc_fmt mc_fmt_float = {24, -126};
const mc_fmt mc_fmt_half = {11, -14};

int mc_round_dd(double h, double l, double err, int S, const mc_fmt *f, double *res,
                mc_mid *mid)
{
    /* RN(h + l) = h, so v = h + l lies between hb and its successor, where hb = h, or
     * the double below h when l < 0; both lie in one interval [A q, (A+1) q] of the
     * target grid (the successor of hb is at most the next grid point), whose midpoint
     * is the only rounding boundary near v. */
    double hb = l < 0 ? nextafter(h, 0.0) : h;
    int eu = ilogb(hb) - S;
    int qexp = (eu > f->emin ? eu : f->emin) - f->prec + 1; /* unscaled quantum */
    int qs = qexp + S;                                      /* scaled quantum */
    double q = ldexp(1.0, qs);
    double A = floor(ldexp(hb, -qs)); /* hb in [A*q, (A+1)*q) */
    /* d = v - (A + 1/2) q.  hb - A*q and h - hb are exact (q >= ulp(hb)); the other
     * roundings are within 2^-52 |d| + 2^-104 h, hence the margins below. */
    double d = ((hb - A * q) - 0.5 * q) + ((h - hb) + l);
    if (fabs(d) * (1.0 - 0x1p-50) > err + 0x1p-103 * h) {
        *res = ldexp(A + (d > 0 ? 1.0 : 0.0), qexp);
        return 1;
    }
    mid->M = 2 * (uint64_t)A + 1;
    mid->k = qexp - 1;
    mid->lo = ldexp(A, qexp);
    mid->hi = ldexp(A + 1.0, qexp);
    return 0;
}

/* ---- unsigned big integers, little-endian 64-bit limbs -------------------------- */

#define BN_CAP 80
__extension__ typedef unsigned __int128 u128;

typedef struct {
    int n;
    uint64_t w[BN_CAP];
} bn;

static void bn_trim(bn *a)
{
    while (a->n > 0 && a->w[a->n - 1] == 0)
        a->n--;
}

static void bn_set_u64(bn *r, uint64_t v)
{
    r->n = 1;
    r->w[0] = v;
    bn_trim(r);
}

static int bn_bitlen(const bn *a)
{
    if (a->n == 0)
        return 0;
    return 64 * (a->n - 1) + 64 - __builtin_clzll(a->w[a->n - 1]);
}

static int bn_cmp(const bn *a, const bn *b)
{
    if (a->n != b->n)
        return a->n > b->n ? 1 : -1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] > b->w[i] ? 1 : -1;
    return 0;
}

static void bn_add(bn *r, const bn *a, const bn *b)
{
    int n = a->n > b->n ? a->n : b->n;
    uint64_t c = 0;
    for (int i = 0; i < n; i++) {
        u128 s = (u128)(i < a->n ? a->w[i] : 0) + (i < b->n ? b->w[i] : 0) + c;
        r->w[i] = (uint64_t)s;
        c = (uint64_t)(s >> 64);
    }
    r->w[n] = c;
    r->n = n + 1;
    bn_trim(r);
}

/* r = a - b, requires a >= b. */
static void bn_sub(bn *r, const bn *a, const bn *b)
{
    uint64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t bi = i < b->n ? b->w[i] : 0;
        uint64_t d = a->w[i] - bi - borrow;
        borrow = (a->w[i] < bi) || (a->w[i] - bi < borrow);
        r->w[i] = d;
    }
    r->n = a->n;
    bn_trim(r);
}

/* r = a * b; r must not alias a or b. */
static void bn_mul(bn *r, const bn *a, const bn *b)
{
    int n = a->n + b->n;
    memset(r->w, 0, sizeof r->w[0] * (size_t)n);
    for (int i = 0; i < a->n; i++) {
        uint64_t c = 0;
        for (int j = 0; j < b->n; j++) {
            u128 t = (u128)a->w[i] * b->w[j] + r->w[i + j] + c;
            r->w[i + j] = (uint64_t)t;
            c = (uint64_t)(t >> 64);
        }
        r->w[i + b->n] = c;
    }
    r->n = n;
    bn_trim(r);
}

static void bn_mul_u64(bn *r, const bn *a, uint64_t u)
{
    uint64_t c = 0;
    int n = a->n;
    for (int i = 0; i < n; i++) {
        u128 t = (u128)a->w[i] * u + c;
        r->w[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
    }
    r->w[n] = c;
    r->n = n + 1;
    bn_trim(r);
}

/* r = floor(a / d). */
static void bn_div_u64(bn *r, const bn *a, uint64_t d)
{
    u128 rem = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        u128 cur = (rem << 64) | a->w[i];
        r->w[i] = (uint64_t)(cur / d);
        rem = cur % d;
    }
    r->n = a->n;
    bn_trim(r);
}

static void bn_shl(bn *r, const bn *a, int s)
{
    int ls = s / 64, bs = s % 64, n = a->n;
    if (n == 0) {
        r->n = 0;
        return;
    }
    r->w[n + ls] = 0;
    for (int i = n - 1; i >= 0; i--) {
        uint64_t v = a->w[i];
        if (bs) {
            r->w[i + ls + 1] |= v >> (64 - bs);
            r->w[i + ls] = v << bs;
        } else {
            r->w[i + ls] = v;
        }
    }
    for (int i = 0; i < ls; i++)
        r->w[i] = 0;
    r->n = n + ls + 1;
    bn_trim(r);
}

/* r = floor(a / 2^s). */
static void bn_shr(bn *r, const bn *a, int s)
{
    int ls = s / 64, bs = s % 64, n = a->n - ls;
    if (n <= 0) {
        r->n = 0;
        return;
    }
    for (int i = 0; i < n; i++) {
        uint64_t v = a->w[i + ls] >> bs;
        if (bs && i + ls + 1 < a->n)
            v |= a->w[i + ls + 1] << (64 - bs);
        r->w[i] = v;
    }
    r->n = n;
    bn_trim(r);
}

/* r = floor(a * b / 2^P), P = 64*F. */
static void bn_mulfix(bn *r, const bn *a, const bn *b, int F)
{
    bn t;
    bn_mul(&t, a, b);
    bn_shr(r, &t, 64 * F);
}

/* pi to 31 limbs after the binary point, truncated (pi = 3.243f6a88...h). */
static const uint64_t pi_frac[31] = {
    0x243f6a8885a308d3u, 0x13198a2e03707344u, 0xa4093822299f31d0u, 0x082efa98ec4e6c89u,
    0x452821e638d01377u, 0xbe5466cf34e90c6cu, 0xc0ac29b7c97c50ddu, 0x3f84d5b5b5470917u,
    0x9216d5d98979fb1bu, 0xd1310ba698dfb5acu, 0x2ffd72dbd01adfb7u, 0xb8e1afed6a267e96u,
    0xba7c9045f12c7f99u, 0x24a19947b3916cf7u, 0x0801f2e2858efc16u, 0x636920d871574e69u,
    0xa458fea3f4933d7eu, 0x0d95748f728eb658u, 0x718bcd5882154aeeu, 0x7b54a41dc25a59b5u,
    0x9c30d5392af26013u, 0xc5d1b023286085f0u, 0xca417918b8db38efu, 0x8e79dcb0603a180eu,
    0x6c9e0e8bb01e8a3eu, 0xd71577c1bd314b27u, 0x78af2fda55605c60u, 0xe65525f3aa55ab94u,
    0x5748986263e81440u, 0x55ca396a2aab10b6u, 0xb4cc5c341141e8ceu,
};

static void bn_pi(bn *r, int F)
{
    for (int i = 0; i < F; i++)
        r->w[F - 1 - i] = pi_frac[i];
    r->w[F] = 3;
    r->n = F + 1;
}

/* Sum of (-1)^k z^k / prod_{j<=k} d_j with d_j = (2j+off-1)(2j+off): off = 1 gives
 * sin(w)/w, off = 0 gives cos(w).  Returns 0 if the term count bound was exceeded. */
static int series(bn *sum, const bn *z, int F, int off)
{
    bn t, u;
    t.n = 0;
    bn_set_u64(&t, 1);
    bn_shl(&t, &t, 64 * F);
    *sum = t;
    for (int k = 1; k <= 200; k++) {
        uint64_t d = (uint64_t)(2 * k + off - 1) * (uint64_t)(2 * k + off);
        bn_mulfix(&u, &t, z, F);
        bn_div_u64(&t, &u, d);
        if (t.n == 0)
            return 1;
        if (k & 1)
            bn_sub(sum, sum, &t);
        else
            bn_add(sum, sum, &t);
    }
    return 0;
}

/* Sign of A*2^a - B*2^b given |A - A_true| < 2^ea and |B - B_true| < 2^eb
 * (ea or eb < 0 means exact); 0 when the bounds do not decide. */
static int cmp_scaled(const bn *A, int ea, int a, const bn *B, int eb, int b)
{
    int la = bn_bitlen(A) + a, lb = bn_bitlen(B) + b;
    if (la > lb + 4 && la - 2 > (ea + a > eb + b ? ea + a : eb + b) + 2)
        return 1; /* magnitudes far apart: no need to align */
    if (lb > la + 4 && lb - 2 > (ea + a > eb + b ? ea + a : eb + b) + 2)
        return -1;
    int mn = a < b ? a : b;
    bn X, Y, D;
    bn_shl(&X, A, a - mn);
    bn_shl(&Y, B, b - mn);
    int c = bn_cmp(&X, &Y);
    if (c >= 0)
        bn_sub(&D, &X, &Y);
    else
        bn_sub(&D, &Y, &X);
    int ebits = -1;
    if (ea >= 0)
        ebits = ea + a - mn;
    if (eb >= 0 && eb + b - mn > ebits)
        ebits = eb + b - mn;
    if (ebits < 0)
        return c; /* both exact */
    if (bn_bitlen(&D) > ebits + 1)
        return c;
    return 0;
}

static int bitlen64(uint64_t v)
{
    return v ? 64 - __builtin_clzll(v) : 0;
}

int mc_trig_cmp_mid(uint64_t R, int e, int fn, uint64_t M, int k)
{
    static const int levels[] = {3, 7, 15, 31};
    enum { EB = 11 }; /* series results are within 2^11 units of 2^-P */
    for (unsigned lv = 0; lv < sizeof levels / sizeof levels[0]; lv++) {
        int F = levels[lv], P = 64 * F;
        bn pi, w, z, Ss, Sr, Cc, A, B, t;
        bn_pi(&pi, F);
        bn_mul_u64(&w, &pi, R); /* pi*R*2^P, then times 2^e (e <= -55) */
        bn_shr(&w, &w, -e);
        bn_mulfix(&z, &w, &w, F);
        if (fn != MC_COS) {
            if (!series(&Ss, &z, F, 1))
                continue;
            bn_mulfix(&Sr, &pi, &Ss, F); /* sin(pi r)/r */
        }
        if (fn != MC_SIN && !series(&Cc, &z, F, 0))
            continue;
        int c = 0, lr = bitlen64(R), lm = bitlen64(M);
        switch (fn) {
        case MC_SIN: /* R*Sr*2^(e-P) vs M*2^k */
            bn_mul_u64(&A, &Sr, R);
            bn_set_u64(&B, M);
            c = cmp_scaled(&A, EB + lr, e - P, &B, -1, k);
            break;
        case MC_COS: /* Cc*2^-P vs M*2^k */
            bn_set_u64(&B, M);
            c = cmp_scaled(&Cc, EB, -P, &B, -1, k);
            break;
        case MC_TAN: /* R*Sr*2^(e-P) vs M*Cc*2^(k-P) */
            bn_mul_u64(&A, &Sr, R);
            bn_mul_u64(&B, &Cc, M);
            c = cmp_scaled(&A, EB + lr, e - P, &B, EB + lm, k - P);
            break;
        default: /* MC_COT: Cc*2^-P vs M*R*Sr*2^(k+e-P) */
            bn_mul_u64(&t, &Sr, R);
            bn_mul_u64(&B, &t, M);
            c = cmp_scaled(&Cc, EB, -P, &B, EB + lr + lm, k + e - P);
            break;
        }
        if (c)
            return c;
    }
    return 1;
}

int mc_root4_cmp_mid(double x, uint64_t M, int k)
{
    int ex;
    double fr = frexp(x, &ex);
    uint64_t X = (uint64_t)ldexp(fr, 53); /* x = X * 2^(ex-53) */
    bn A, B, m2;
    u128 sq = (u128)M * M; /* M < 2^55 */
    m2.w[0] = (uint64_t)sq;
    m2.w[1] = (uint64_t)(sq >> 64);
    m2.n = 2;
    bn_trim(&m2);
    bn_mul(&B, &m2, &m2);
    bn_set_u64(&A, X);
    return cmp_scaled(&A, -1, ex - 53, &B, -1, 4 * k);
}
