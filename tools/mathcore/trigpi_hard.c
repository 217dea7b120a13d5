/* trigpi_hard.c — searches random binary64 arguments for sinpi, cospi and tanpi values
 * very close to a rounding midpoint, where the fast path's rounding test must fail;
 * tests/unit/test_mathcore.c keeps the ones it found as hard cases.  It includes
 * trigpi.c to reach its static functions.  Build as tools/mathcore/trigpi_error.c says,
 * with this file. */
#include "mathcore/trigpi.c"
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t st = 777;
static uint64_t rnd(void) { uint64_t z = (st += 0x9e3779b97f4a7c15u); z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u; z = (z ^ (z >> 27)) * 0x94d049bb133111ebu; return z ^ (z >> 31); }
static double unif(void) { return (double)(rnd() >> 11) * 0x1p-53; }

/* log2 of |v - m|/|v| for the midpoint m nearest to v = fn(pi x) */
static double mid_dist(int fn, double x)
{
    mpfr_t X, V, M, D;
    mpfr_inits2(400, X, V, M, D, (mpfr_ptr)0);
    mpfr_set_d(X, x, MPFR_RNDN);
    if (fn == 0) mpfr_sinpi(V, X, MPFR_RNDN); else if (fn == 1) mpfr_cospi(V, X, MPFR_RNDN); else mpfr_tanpi(V, X, MPFR_RNDN);
    /* m = (floor(v * 2^(53-e)) + 1/2) * 2^(e-53) with v in [2^(e-1), 2^e) */
    mpfr_abs(V, V, MPFR_RNDN);
    long e = mpfr_get_exp(V);
    mpfr_mul_2si(M, V, 53 - e, MPFR_RNDN);
    mpfr_floor(M, M);
    mpfr_add_d(M, M, 0.5, MPFR_RNDN);
    mpfr_mul_2si(M, M, e - 53, MPFR_RNDN);
    mpfr_sub(D, V, M, MPFR_RNDN);
    mpfr_div(D, D, V, MPFR_RNDN);
    double r = log2(fabs(mpfr_get_d(D, MPFR_RNDN)));
    mpfr_clears(X, V, M, D, (mpfr_ptr)0);
    return r;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000000;
    double thr = argc > 2 ? atof(argv[2]) : -75;
    static const char *nm[] = {"sinpi", "cospi", "tanpi"};
    for (int fn = 0; fn < 3; fn++) {
        long fails = 0;
        for (long i = 0; i < n; i++) {
            double x;
            switch (i % 3) {
            case 0: x = 8.0 * unif() - 4.0; break;
            case 1: x = ldexp(1.0 + unif(), -(int)(rnd() % 60)); break;
            default: x = ldexp(1.0 + unif(), (int)(rnd() % 39)); break;
            }
            int ok;
            if (fn < 2) sinpi_fast(x, fn, &ok); else tanpi_fast(x, &ok);
            if (ok) continue;
            fails++;
            double d = mid_dist(fn, x);
            if (d < thr) printf("%s %a 2^%.1f\n", nm[fn], x, d);
        }
        printf("%s: fast path failed for %ld of %ld (1 in %.0f)\n", nm[fn], fails, n, (double)n / fails);
        fflush(stdout);
    }
    return 0;
}
