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
 * This file gives the sum at a working precision, within 8 ulps; constants.c rounds it
 * correctly (mpfr_can_round at 64 guard bits, more when it cannot), keeps the last value
 * per thread, as MPFR keeps its constants, and leaves precisions below 8192 bits, where
 * MPFR's cached constant is as fast, to MPFR. */
#include "num/num.h"

#include <mpfr.h>

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

/* π at r's precision wp, within 8 ulps: the tail past N terms is below 2^-(wp+2), and
 * √10005, the two products and the quotient are four roundings of half an ulp. */
void num_pi_chudnovsky(mpfr_ptr r)
{
    mpfr_prec_t wp = mpfr_get_prec(r);
    unsigned long n = (unsigned long)((double)wp / 47.11) + 2;
    mpz_t P, Q, T;
    mpz_inits(P, Q, T, NULL);
    split(P, Q, T, 0, n);
    mpfr_sqrt_ui(r, 10005, MPFR_RNDN);
    mpfr_mul_ui(r, r, 426880, MPFR_RNDN);
    mpfr_mul_z(r, r, Q, MPFR_RNDN);
    mpfr_div_z(r, r, T, MPFR_RNDN);
    mpz_clears(P, Q, T, NULL);
}
