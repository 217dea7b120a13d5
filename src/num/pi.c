/* pi.c — π to many bits by the Chudnovsky series, summed by binary splitting.
 *
 *   1/π = 12 Σ_k (-1)^k (6k)! (13591409 + 545140134 k) / ((3k)! (k!)^3 640320^(3k + 3/2))
 *
 * Each term adds about 47.11 bits.  Binary splitting keeps the partial sums as three
 * exact integers over a range of terms [a, b):
 *
 *   P(a, b) = Π p(k),  Q(a, b) = Π q(k),  T(a, b) = Σ_k P(a, k+1) (13591409 + 545140134 k) Π_{j>k} q(j)
 *
 * with p(0) = q(0) = 1, p(k) = -(6k-5)(2k-1)(6k-1), q(k) = k³ 640320³/24, combined as
 * P = P₁P₂, Q = Q₁Q₂, T = T₁Q₂ + P₁T₂; then π = 426880 √10005 Q(0, N) / T(0, N).  The
 * integers are GMP's, so the work is a few large multiplications, which GMP does in
 * FFT time: this is how the record computations and PARI/GP do it, and at a hundred
 * thousand digits it is some times faster than MPFR's arithmetic–geometric mean.
 *
 * The result is correctly rounded: the series is summed to 64 bits beyond the target,
 * the four floating steps that follow err by at most half an ulp each, and
 * mpfr_can_round decides; in the (vanishingly rare) case it cannot, MPFR's own constant
 * answers.  The last value is kept per thread, as MPFR keeps its constants, so that a
 * second BigFloat(π) at the same or a lower precision costs one rounding. */
#include "num/num.h"

#include <mpfr.h>

/* Below this precision MPFR's cached constant is as fast. */
enum { PI_MIN_PREC = 8192, PI_GUARD = 64 };

static _Thread_local mpfr_t cache;
static _Thread_local int cached;

static void split(mpz_t P, mpz_t Q, mpz_t T, unsigned long a, unsigned long b)
{
    if (b - a == 1) {
        if (a == 0) {
            mpz_set_ui(P, 1);
            mpz_set_ui(Q, 1);
        } else {
            mpz_set_ui(P, 6 * a - 5);
            mpz_mul_ui(P, P, 2 * a - 1);
            mpz_mul_ui(P, P, 6 * a - 1);
            mpz_neg(P, P);
            mpz_set_ui(Q, a);
            mpz_mul_ui(Q, Q, a);
            mpz_mul_ui(Q, Q, a);
            mpz_mul_ui(Q, Q, 10939058860032000UL); /* 640320³ / 24 */
        }
        mpz_set_ui(T, 545140134);
        mpz_mul_ui(T, T, a);
        mpz_add_ui(T, T, 13591409);
        mpz_mul(T, T, P);
        return;
    }
    unsigned long m = a + (b - a) / 2;
    mpz_t P2, Q2, T2;
    mpz_inits(P2, Q2, T2, NULL);
    split(P, Q, T, a, m);
    split(P2, Q2, T2, m, b);
    mpz_mul(T, T, Q2);
    mpz_mul(T2, T2, P);
    mpz_add(T, T, T2);
    mpz_mul(P, P, P2);
    mpz_mul(Q, Q, Q2);
    mpz_clears(P2, Q2, T2, NULL);
}

/* π at wp bits, within 8 ulps. */
static void chudnovsky(mpfr_ptr r, mpfr_prec_t wp)
{
    unsigned long n = (unsigned long)(wp / 47.11) + 2;
    mpz_t P, Q, T;
    mpz_inits(P, Q, T, NULL);
    split(P, Q, T, 0, n);
    mpfr_set_prec(r, wp);
    mpfr_sqrt_ui(r, 10005, MPFR_RNDN);
    mpfr_mul_ui(r, r, 426880, MPFR_RNDN);
    mpfr_mul_z(r, r, Q, MPFR_RNDN);
    mpfr_div_z(r, r, T, MPFR_RNDN);
    mpz_clears(P, Q, T, NULL);
}

void num_const_pi(mpfr_ptr f, mpfr_rnd_t rnd)
{
    mpfr_prec_t p = mpfr_get_prec(f);
    if (p < PI_MIN_PREC) {
        mpfr_const_pi(f, rnd);
        return;
    }
    mpfr_prec_t need = p + (rnd == MPFR_RNDN);
    if (!cached || mpfr_get_prec(cache) < p + PI_GUARD) {
        if (!cached)
            mpfr_init2(cache, p + PI_GUARD);
        chudnovsky(cache, p + PI_GUARD);
        cached = 1;
    }
    if (mpfr_can_round(cache, mpfr_get_prec(cache) - 3, MPFR_RNDN, MPFR_RNDZ, need))
        mpfr_set(f, cache, rnd);
    else
        mpfr_const_pi(f, rnd);
}

void num_free_pi_cache(void)
{
    if (cached)
        mpfr_clear(cache);
    cached = 0;
    num_free_const_caches();
}
