/* constants.c — π, ℯ, log 2 and ζ(3) to many bits by series summed by binary splitting,
 * correctly rounded and cached per thread.
 *
 * Method.  Each constant is a rational series whose partial sums binary splitting keeps
 * as a few exact GMP integers over a range of terms, combined pairwise, so that the work
 * is a tree of large multiplications (FFT time in GMP) and one division at the end:
 *
 *   π     = the Chudnovsky series (below)                  (47.1 bits per term)
 *   ℯ     = Σ_{k≥0} 1/k!                                   (log2 k bits per term)
 *   log 2 = 18 acoth 26 − 2 acoth 4801 + 8 acoth 8749,     acoth x = Σ_{k≥0} 1/((2k+1) x^(2k+1))
 *           (exact: the three logarithms of 27/25, 2401/2400 and 4375/4374 in the
 *           primes 2, 3, 5, 7 leave log 2 alone; 9.4, 24.5 and 26.2 bits per term)
 *   ζ(3)  = 1/64 Σ_{k≥0} (−1)^k (k!)^10 (205k² + 250k + 77) / ((2k+1)!)^5
 *           (Amdeberhan and Zeilberger, 1997; term ratio −k⁵/(32 (2k+1)⁵): 10 bits per term)
 *
 * Accuracy.  Each approximation at wp bits is within 2^err ulps (the truncated tail
 * and four or five roundings, bounded at each function); mpfr_can_round then decides
 * whether it rounds correctly to the target in every rounding mode.  It starts with
 * GUARD bits beyond the target, and in the (vanishingly rare) case it cannot round, the
 * sum is redone at half as many bits again, until it can: the constants are irrational,
 * so it ends.  The result is MPFR's correctly rounded value, which tests/unit/test_const.c
 * checks against mpfr_exp, mpfr_const_log2, mpfr_zeta_ui and mpfr_const_pi.
 *
 * Below a threshold per constant, MPFR answers (it is as fast there), as it does when
 * the sum's integers would not fit the memory budget.  The last approximation is kept
 * per thread, as MPFR keeps its constants, so that a second call at the same or a lower
 * precision costs one rounding.  An approximation is built
 * in a temporary and moved into the cache only when complete, so a failed allocation
 * (mem.h: a longjmp out of GMP) leaves the cache as it was. */
#include <math.h>

#include "mem.h"
#include "num/num.h"

enum { GUARD = 64 };

typedef struct series {
    void (*approx)(mpfr_ptr r);   /* the constant at r's precision, within 2^err ulps */
    int err;
    mpfr_prec_t min_prec;         /* below this, MPFR answers */
    int mem;                      /* the peak of the integers and GMP's scratch, in
                                   * bits per bit of the precision (the peak RSS at
                                   * 3.3 million bits, rounded up) */
    int (*mpfr)(mpfr_ptr r, mpfr_rnd_t rnd);   /* MPFR's correctly rounded value */
} series;

/* ---- ℯ ---- */

/* S(a, b) = Σ_{k=a+1..b} a!/k! = T/Q with Q = (a+1)(a+2)…b.  Halves combine as
 * T = T₁Q₂ + T₂, Q = Q₁Q₂; a short range is summed from its top, on words. */
static void e_split(mpz_t Q, mpz_t T, unsigned long a, unsigned long b)
{
    if (b - a <= 16) {
        mpz_set_ui(Q, b);
        mpz_set_ui(T, 1);
        for (unsigned long k = b - 1; k > a; k--) {   /* S ← (1 + S)/k */
            mpz_add(T, T, Q);
            mpz_mul_ui(Q, Q, k);
        }
        return;
    }
    unsigned long m = a + (b - a) / 2;
    mpz_t Q2, T2;
    mpz_inits(Q2, T2, NULL);
    e_split(Q, T, a, m);
    e_split(Q2, T2, m, b);
    mpz_mul(T, T, Q2);
    mpz_add(T, T, T2);
    mpz_mul(Q, Q, Q2);
    mpz_clears(Q2, T2, NULL);
}

/* ℯ within 2 ulps: the tail past N is below 2/(N+1)! ≤ 2^-(wp+2) < ulp/8; then
 * ℯ = (Q + T)/Q in two roundings of half an ulp. */
static void e_approx(mpfr_ptr r)
{
    double wp = (double)mpfr_get_prec(r);
    unsigned long lo = 1, n = 2;      /* the least n with log2 (n+1)! ≥ wp + 3 */
    while (lgamma((double)n + 2) / M_LN2 < wp + 3)
        lo = n, n *= 2;
    while (n - lo > 1) {
        unsigned long m = lo + (n - lo) / 2;
        if (lgamma((double)m + 2) / M_LN2 < wp + 3)
            lo = m;
        else
            n = m;
    }
    mpz_t Q, T;
    mpz_inits(Q, T, NULL);
    e_split(Q, T, 0, n);
    mpz_add(T, T, Q);
    mpfr_set_z(r, T, MPFR_RNDN);
    mpfr_div_z(r, r, Q, MPFR_RNDN);
    mpz_clears(Q, T, NULL);
}

/* ---- log 2 ---- */

/* S(a, b) = Σ_{k=a..b-1} 1/((2k+1) x^(2(k−a))) = T/D with D = B·x^(2(b−a)), B = Π (2k+1).
 * Halves combine as T = T₁D₂ + T₂B₁, D = D₁D₂, B = B₁B₂ (the power of x is never
 * needed alone); B is used only through left halves, so it is not formed along the
 * right edge of the tree (need_b = 0).  A short range is summed from its top on small
 * integers: S(k, b) = 1/(2k+1) + S(k+1, b)/x², so T = x²D' + (2k+1)T', D = (2k+1)x²D'.
 * acoth x = S(0, N)/x. */
static void acoth_split(mpz_t B, mpz_t D, mpz_t T, unsigned long x, unsigned long a, unsigned long b,
                        int need_b)
{
    if (b - a <= 8) {
        unsigned long k = b - 1;
        mpz_set_ui(B, 2 * k + 1);
        mpz_set_ui(T, x);
        mpz_mul_ui(T, T, x);
        mpz_mul(D, B, T);
        while (k-- > a) {
            mpz_mul_ui(T, T, 2 * k + 1);
            mpz_addmul_ui(T, D, x * x);
            mpz_mul_ui(D, D, 2 * k + 1);
            mpz_mul_ui(D, D, x * x);
            mpz_mul_ui(B, B, 2 * k + 1);
        }
        return;
    }
    unsigned long m = a + (b - a) / 2;
    mpz_t B2, D2, T2;
    mpz_inits(B2, D2, T2, NULL);
    acoth_split(B, D, T, x, a, m, 1);
    acoth_split(B2, D2, T2, x, m, b, need_b);
    mpz_mul(T, T, D2);
    mpz_mul(T2, T2, B);
    mpz_add(T, T, T2);
    mpz_mul(D, D, D2);
    if (need_b)
        mpz_mul(B, B, B2);
    mpz_clears(B2, D2, T2, NULL);
}

/* r += c·acoth(x) at r's precision: the tail past N terms is below x^-(2N+1)·x²/(x²−1),
 * made less than 2^-(wp+8) of log 2; the term itself is within 2 ulps of its own (three
 * roundings of half an ulp and the tail), the multiplication by c and the addition add
 * half an ulp of log 2 each. */
static void acoth_add(mpfr_ptr r, long c, unsigned long x)
{
    mpfr_prec_t wp = mpfr_get_prec(r);
    unsigned long n = (unsigned long)(((double)wp + 8) / (2 * log2((double)x))) + 1;
    mpz_t B, D, T;
    mpz_inits(B, D, T, NULL);
    acoth_split(B, D, T, x, 0, n, 0);
    mpfr_t t, d;
    mpfr_inits2(wp, t, d, (mpfr_ptr)0);
    mpfr_set_z(t, T, MPFR_RNDN);
    mpfr_set_z(d, D, MPFR_RNDN);
    mpz_clears(B, D, T, NULL);
    mpfr_div(t, t, d, MPFR_RNDN);
    mpfr_div_ui(t, t, x, MPFR_RNDN);
    mpfr_mul_si(t, t, c, MPFR_RNDN);
    mpfr_add(r, r, t, MPFR_RNDN);
    mpfr_clears(t, d, (mpfr_ptr)0);
}

/* log 2 within 16 ulps: 18 acoth 26 ≈ 0.6925 carries errors of about 3 ulps of log 2
 * (2 ulps of its own, times 18·acoth 26/log 2 ≈ 1, and its rounding), the two small
 * terms below one ulp of log 2 each, the two additions one more. */
static void log2_approx(mpfr_ptr r)
{
    mpfr_set_zero(r, 1);
    acoth_add(r, 18, 26);
    acoth_add(r, -2, 4801);
    acoth_add(r, 8, 8749);
}

/* ---- the hypergeometric series: π and ζ(3) ---- */

/* A series Σ_k a(k) Π_{j=1..k} p(j)/q(j), p(0) = q(0) = 1, given by its leaf: p(k) into
 * P, q(k) into Q and a(k) p(k) into T. */
typedef void hyper_leaf(mpz_t P, mpz_t Q, mpz_t T, unsigned long k);

/* Binary splitting over the terms [a, b): P = Π p(k), Q = Π q(k) and
 * T = Σ_k P(a, k+1) a(k) Π_{j>k} q(j), halves combined as P = P₁P₂, Q = Q₁Q₂,
 * T = T₁Q₂ + P₁T₂, so that the sum over [0, N) is T/Q.  P is used only through left
 * halves, so it is not formed along the right edge of the tree (need_p = 0). */
static void hyper_split(hyper_leaf *leaf, mpz_t P, mpz_t Q, mpz_t T, unsigned long a,
                        unsigned long b, int need_p)
{
    if (b - a == 1) {
        leaf(P, Q, T, a);
        return;
    }
    unsigned long m = a + (b - a) / 2;
    mpz_t P2, Q2, T2;
    mpz_inits(P2, Q2, T2, NULL);
    hyper_split(leaf, P, Q, T, a, m, 1);
    hyper_split(leaf, P2, Q2, T2, m, b, need_p);
    mpz_mul(T, T, Q2);
    mpz_mul(T2, T2, P);
    mpz_add(T, T, T2);
    if (need_p)
        mpz_mul(P, P, P2);
    mpz_mul(Q, Q, Q2);
    mpz_clears(P2, Q2, T2, NULL);
}

/* π: the Chudnovsky series
 *   1/π = 12 Σ_k (-1)^k (6k)! (13591409 + 545140134 k) / ((3k)! (k!)^3 640320^(3k + 3/2)),
 * with p(k) = -(6k-5)(2k-1)(6k-1), q(k) = k³ 640320³/24, a(k) = 13591409 + 545140134 k;
 * then π = 426880 √10005 Q / T.  This is how the record computations and PARI/GP do it,
 * and at a hundred thousand digits it is some times faster than MPFR's
 * arithmetic–geometric mean. */
static void pi_leaf(mpz_t P, mpz_t Q, mpz_t T, unsigned long k)
{
    if (k == 0) {
        mpz_set_ui(P, 1);
        mpz_set_ui(Q, 1);
    } else {
        mpz_set_ui(P, 6 * k - 5);
        mpz_mul_ui(P, P, 2 * k - 1);
        mpz_mul_ui(P, P, 6 * k - 1);
        mpz_neg(P, P);
        mpz_set_ui(Q, k);
        mpz_mul_ui(Q, Q, k);
        mpz_mul_ui(Q, Q, k);
        mpz_mul_ui(Q, Q, 10939058860032000UL); /* 640320³ / 24 */
    }
    mpz_set_ui(T, 545140134);
    mpz_mul_ui(T, T, k);
    mpz_add_ui(T, T, 13591409);
    mpz_mul(T, T, P);
}

/* π at r's precision wp, within 8 ulps: each term adds 47.11 bits, so the tail past N
 * terms is below 2^-(wp+2), and √10005, the two products and the quotient are four
 * roundings of half an ulp. */
static void pi_approx(mpfr_ptr r)
{
    mpfr_prec_t wp = mpfr_get_prec(r);
    unsigned long n = (unsigned long)((double)wp / 47.11) + 2;
    mpz_t P, Q, T;
    mpz_inits(P, Q, T, NULL);
    hyper_split(pi_leaf, P, Q, T, 0, n, 0);
    mpfr_sqrt_ui(r, 10005, MPFR_RNDN);
    mpfr_mul_ui(r, r, 426880, MPFR_RNDN);
    mpfr_mul_z(r, r, Q, MPFR_RNDN);
    mpfr_div_z(r, r, T, MPFR_RNDN);
    mpz_clears(P, Q, T, NULL);
}

/* ζ(3): p(k) = −k⁵, q(k) = 32 (2k+1)⁵, a(k) = 205k² + 250k + 77. */
static void zeta3_leaf(mpz_t P, mpz_t Q, mpz_t T, unsigned long k)
{
    if (k == 0) {
        mpz_set_ui(P, 1);
        mpz_set_ui(Q, 1);
    } else {
        mpz_ui_pow_ui(P, k, 5);
        mpz_neg(P, P);
        mpz_ui_pow_ui(Q, 2 * k + 1, 5);
        mpz_mul_2exp(Q, Q, 5);
    }
    mpz_set_ui(T, k);          /* a(k) in mpz: 205k² leaves a word at k ≥ 2^29 */
    mpz_mul_ui(T, T, 205);
    mpz_add_ui(T, T, 250);
    mpz_mul_ui(T, T, k);
    mpz_add_ui(T, T, 77);
    mpz_mul(T, T, P);
}

/* ζ(3) within 2 ulps.  The series alternates with decreasing terms, so the tail past
 * N is below the term N, which is below 2^-10N · a(N)/64 < 2^(−10N + 2 log2 N + 4)
 * (j/(2j+1) < 1/2; a(N)/64 < 9N²): N is taken with that below 2^-(wp+2) < ulp/4.
 * Then T/(64Q) in two roundings of half an ulp (the division by 64 is exact). */
static void zeta3_approx(mpfr_ptr r)
{
    double wp = (double)mpfr_get_prec(r);
    unsigned long n = (unsigned long)(wp / 10) + 1;
    while (10 * (double)n - 2 * log2((double)n) - 4 < wp + 2)
        n++;
    mpz_t P, Q, T;
    mpz_inits(P, Q, T, NULL);
    hyper_split(zeta3_leaf, P, Q, T, 0, n, 0);
    mpfr_set_z(r, T, MPFR_RNDN);
    mpfr_div_z(r, r, Q, MPFR_RNDN);
    mpfr_div_2ui(r, r, 6, MPFR_RNDN);
    mpz_clears(P, Q, T, NULL);
}

/* ---- rounding and the cache ---- */

static int mpfr_e(mpfr_ptr r, mpfr_rnd_t rnd)
{
    mpfr_t one;
    mpfr_init2(one, 2);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    int t = mpfr_exp(r, one, rnd);
    mpfr_clear(one);
    return t;
}

static int mpfr_zeta3(mpfr_ptr r, mpfr_rnd_t rnd) { return mpfr_zeta_ui(r, 3, rnd); }

/* The thresholds are where the series overtakes MPFR: ℯ's from the start, ζ(3)'s against
 * mpfr_zeta_ui from about 300 bits, log 2's against mpfr_const_log2 and π's against
 * mpfr_const_pi from about 8000. */
static const series consts[NUM_CONST_PI + 1] = {
    [NUM_CONST_E] = { e_approx, 2, 128, 16, mpfr_e },
    [NUM_CONST_LOG2] = { log2_approx, 4, 8192, 32, mpfr_const_log2 },
    [NUM_CONST_ZETA3] = { zeta3_approx, 2, 256, 112, mpfr_zeta3 },
    [NUM_CONST_PI] = { pi_approx, 3, 8192, 20, mpfr_const_pi },
};

typedef struct slot {
    mpfr_t v;
    int have;
} slot;

static _Thread_local slot cache[NUM_CONST_PI + 1];

/* f = the constant correctly rounded with rnd, from the approximation in s, first made
 * at f's precision + guard bits and, while it cannot round, at half as many again.  A
 * sum whose integers would not fit the memory budget is left to MPFR (mem.h: GMP cannot
 * fail, so a size is refused before it is asked for). */
static int series_round(slot *s, const series *c, mpfr_ptr f, mpfr_rnd_t rnd, mpfr_prec_t guard)
{
    mpfr_prec_t p = mpfr_get_prec(f);
    mpfr_prec_t need = p + (rnd == MPFR_RNDN), wp = p + guard;
    for (;;) {
        if (!s->have || mpfr_get_prec(s->v) < wp) {
            if (mem_would_exceed((double)c->mem * (double)wp / 8))
                return c->mpfr(f, rnd);
            mpfr_t t;
            mpfr_init2(t, wp);
            c->approx(t);
            if (s->have)
                mpfr_clear(s->v);
            *s->v = *t;
            s->have = 1;
        }
        mpfr_prec_t have = mpfr_get_prec(s->v);
        if (mpfr_can_round(s->v, have - c->err, MPFR_RNDN, MPFR_RNDZ, need))
            return mpfr_set(f, s->v, rnd);
        wp = have + have / 2;
    }
}

static int series_const(int id, mpfr_ptr f, mpfr_rnd_t rnd)
{
    const series *c = &consts[id];
    if (mpfr_get_prec(f) < c->min_prec)
        return c->mpfr(f, rnd);
    return series_round(&cache[id], c, f, rnd, GUARD);
}

int num_const_pi(mpfr_ptr f, mpfr_rnd_t rnd) { return series_const(NUM_CONST_PI, f, rnd); }
int num_const_e(mpfr_ptr f, mpfr_rnd_t rnd) { return series_const(NUM_CONST_E, f, rnd); }
int num_const_log2(mpfr_ptr f, mpfr_rnd_t rnd) { return series_const(NUM_CONST_LOG2, f, rnd); }
int num_const_zeta3(mpfr_ptr f, mpfr_rnd_t rnd) { return series_const(NUM_CONST_ZETA3, f, rnd); }

int num_const_series(int which, mpfr_ptr f, mpfr_rnd_t rnd, long guard)
{
    slot s = { .have = 0 };
    int t = series_round(&s, &consts[which], f, rnd, guard);
    if (s.have)
        mpfr_clear(s.v);
    return t;
}

int num_exp_mpfr(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    if (!mpfr_nan_p(x) && mpfr_cmp_ui(x, 1) == 0)
        return num_const_e(r, rnd);
    return mpfr_exp(r, x, rnd);
}

int num_log_mpfr(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    if (!mpfr_nan_p(x) && mpfr_cmp_ui(x, 2) == 0)
        return num_const_log2(r, rnd);
    return mpfr_log(r, x, rnd);
}

int num_zeta_mpfr(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    if (!mpfr_nan_p(x) && mpfr_cmp_ui(x, 3) == 0)
        return num_const_zeta3(r, rnd);
    return mpfr_zeta(r, x, rnd);
}

void num_free_const_cache(void)
{
    for (int i = 0; i <= NUM_CONST_PI; i++) {
        if (cache[i].have)
            mpfr_clear(cache[i].v);
        cache[i].have = 0;
    }
}
