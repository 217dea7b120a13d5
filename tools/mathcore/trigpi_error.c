/* trigpi_error.c — the measured side of trigpi.c's fast-path error analysis: the
 * relative error of fast_sin and fast_tan (h + l) against MPFR at 1200 bits over
 * (table row, offset) pairs weighted toward the worst spots (rows 0, 1, 511, 512;
 * offsets uniform, near ±1/2 and tiny).  It includes trigpi.c to reach its static
 * functions.  Build and run from the project root after `make`:
 *   cc -std=c11 -D_GNU_SOURCE -O2 -Iinclude -Isrc -Ibuild/gen -o trigpi_error \
 *      tools/mathcore/trigpi_error.c build/libjcalc.a -lmpfr -lgmp -lm && ./trigpi_error 3000000
 */
#include "mathcore/trigpi.c"
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t st = 12345;
static uint64_t rnd(void) { uint64_t z = (st += 0x9e3779b97f4a7c15u); z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u; z = (z ^ (z >> 27)) * 0x94d049bb133111ebu; return z ^ (z >> 31); }
static double unif(void) { return (double)(rnd() >> 11) * 0x1p-53; }

static mpfr_t X, V, H, T;
/* relative error of h + l vs sin or tan(pi (j + g)/1024) */
static double relerr(int tan, unsigned j, double g, double h, double l)
{
    mpfr_set_ui(X, j, MPFR_RNDN);
    mpfr_add_d(X, X, g, MPFR_RNDN); /* exact at 1200 bits */
    mpfr_div_ui(X, X, 1024, MPFR_RNDN);
    if (tan) mpfr_tanpi(V, X, MPFR_RNDN); else mpfr_sinpi(V, X, MPFR_RNDN);
    mpfr_set_d(H, h, MPFR_RNDN);
    mpfr_add_d(H, H, l, MPFR_RNDN);
    mpfr_sub(T, H, V, MPFR_RNDN);
    mpfr_div(T, T, V, MPFR_RNDN);
    return fabs(mpfr_get_d(T, MPFR_RNDN));
}

static double gen_g(int mode)
{
    double g;
    switch (mode) {
    case 0: g = unif() - 0.5; break;                       /* uniform */
    case 1: g = 0.5 - ldexp(unif(), -(int)(rnd() % 40)); if (rnd() & 1) g = -g; break; /* near +-1/2 */
    default: g = ldexp(1.0 + unif(), -(int)(rnd() % 400) - 2); if (rnd() & 1) g = -g; break; /* small */
    }
    return g;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    mpfr_inits2(1200, X, V, H, T, (mpfr_ptr)0);
    for (int tan = 0; tan < 2; tan++) {
        double worst = 0, wg = 0, lrat = 0; unsigned wj = 0;
        for (long i = 0; i < n; i++) {
            int mode = i % 3;
            unsigned j;
            uint64_t r = rnd() % 8;
            j = r == 0 ? 0 : r == 1 ? 1 : r == 2 ? 512 : r == 3 ? 511 : (unsigned)(rnd() % 513);
            double g = gen_g(mode);
            if (tan && j == 512 && g == 0) continue;
            double l, h = tan ? fast_tan(j, g, &l) : fast_sin(j, g, &l);
            double e = relerr(tan, j, g, h, l);
            if (e > worst) { worst = e; wj = j; wg = g; }
            if (!tan && fabs(l / h) > lrat) lrat = fabs(l / h);
        }
        printf("%s: max rel err 2^%.2f at j=%u g=%a", tan ? "tan" : "sin", log2(worst), wj, wg);
        if (!tan) printf("; max |l/h| 2^%.2f", log2(lrat));
        printf("\n");
    }
    return 0;
}
