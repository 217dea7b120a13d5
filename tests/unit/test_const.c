/* test_const.c — ℯ, log 2, ζ(3) and π by their series (src/num/constants.c) against
 * MPFR, the oracle: every result must be MPFR's correctly rounded value (mpfr_exp of 1,
 * mpfr_const_log2, mpfr_zeta_ui of 3, mpfr_const_pi), with the same ternary sign, in
 * every rounding mode, at many precisions:
 *   - the series alone at every precision from 2 to 400 bits and at 53 … 10007 bits,
 *     first tried with 2 guard bits (so that the retry at more bits runs often) and
 *     with the 64 the library uses;
 *   - the library's entry points (threshold, cache) at the same and larger precisions,
 *     descending after ascending so that the cache serves;
 *   - through jc_eval, so that exp(big(1)), BigFloat(ℯ), big(ℯ), ℯ^big(1), log(big(2)),
 *     zeta(big(3)), zeta(BigFloat(3)) and BigFloat(π) are seen to reach them under
 *     setrounding: the result must equal MPFR's value written exactly in hexadecimal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc.h"
#include "num/num.h"
#include "jcalc.h"
#include "check.h"

static const mpfr_rnd_t modes[] = { MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD, MPFR_RNDA };
static const char *const julia_modes[] = { "RoundNearest", "RoundToZero", "RoundUp", "RoundDown",
                                           "RoundFromZero" };
static const char *const names[] = { "e", "log2", "zeta3", "pi" };

static int oracle(int which, mpfr_ptr r, mpfr_rnd_t rnd)
{
    switch (which) {
    case NUM_CONST_E: {
        mpfr_t one;
        mpfr_init2(one, 2);
        mpfr_set_ui(one, 1, MPFR_RNDN);
        int t = mpfr_exp(r, one, rnd);
        mpfr_clear(one);
        return t;
    }
    case NUM_CONST_LOG2: return mpfr_const_log2(r, rnd);
    case NUM_CONST_PI: return mpfr_const_pi(r, rnd);
    default: return mpfr_zeta_ui(r, 3, rnd);
    }
}

static int library(int which, mpfr_ptr r, mpfr_rnd_t rnd)
{
    switch (which) {
    case NUM_CONST_E: return num_const_e(r, rnd);
    case NUM_CONST_LOG2: return num_const_log2(r, rnd);
    case NUM_CONST_PI: return num_const_pi(r, rnd);
    default: return num_const_zeta3(r, rnd);
    }
}

static int sgn(int t) { return (t > 0) - (t < 0); }

/* guard < 0: the library's entry point; else the series alone with that guard. */
static void one(int which, mpfr_prec_t p, mpfr_rnd_t rnd, long guard)
{
    mpfr_t want, got;
    mpfr_init2(want, p);
    mpfr_init2(got, p);
    int tw = oracle(which, want, rnd);
    int tg = guard < 0 ? library(which, got, rnd) : num_const_series(which, got, rnd, guard);
    check_ok(mpfr_equal_p(want, got) && sgn(tw) == sgn(tg), "%s at %ld bits, %s, guard %ld",
             names[which], (long)p, mpfr_print_rnd_mode(rnd), guard);
    mpfr_clears(want, got, (mpfr_ptr)0);
}

static const mpfr_prec_t precs[] = { 53, 64, 113, 256, 1000, 3000, 10007 };

static void test_series(void)
{
    for (int w = 0; w <= NUM_CONST_PI; w++)
        for (int m = 0; m < 5; m++) {
            for (mpfr_prec_t p = 2; p <= 400; p++) {
                one(w, p, modes[m], 2);
                if (p % 7 == 0)
                    one(w, p, modes[m], 64);
            }
            for (size_t i = 0; i < sizeof precs / sizeof *precs; i++) {
                one(w, precs[i], modes[m], 2);
                one(w, precs[i], modes[m], 64);
            }
        }
}

static void test_entry(void)
{
    /* up, then down: the second pass is served by the cache */
    static const mpfr_prec_t ps[] = { 53, 127, 128, 255, 256, 3000, 8191, 8192, 10007, 25013, 30000 };
    enum { N = sizeof ps / sizeof *ps };
    for (int w = 0; w <= NUM_CONST_PI; w++)
        for (int i = 0; i < 2 * N; i++) {
            mpfr_prec_t p = ps[i < N ? i : 2 * N - 1 - i];
            if (w == NUM_CONST_ZETA3 && p > 10007)
                continue;   /* mpfr_zeta_ui takes long there */
            for (int m = 0; m < 5; m++)
                one(w, p, modes[m], -1);
        }
}

/* Through the evaluator: expr at p bits under Julia's rounding mode m equals MPFR's
 * value, given to parse(BigFloat, …) exactly in hexadecimal. */
static void via_eval(jc_ctx *C, int which, const char *expr, mpfr_prec_t p, int m)
{
    mpfr_t want;
    mpfr_init2(want, p);
    oracle(which, want, modes[m]);
    mpfr_exp_t e;
    char *digits = mpfr_get_str(NULL, &e, 16, 0, want, MPFR_RNDN);
    size_t len = strlen(digits) + strlen(expr) + 300;
    char *in = malloc(len);
    snprintf(in, len,
             "setprecision(%ld); setrounding(BigFloat, %s); x = %s; "
             "setrounding(BigFloat, RoundNearest); x == parse(BigFloat, \"0x0.%sp%ld\")",
             (long)p, julia_modes[m], expr, digits, (long)e * 4);
    jc_result r;
    jc_eval(C, in, strlen(in), "test", 1, &r);
    check_ok(r.status == JC_OK && r.text && !strcmp(r.text, "true"), "%s at %ld bits, %s: %s", expr,
             (long)p, julia_modes[m], r.status == JC_OK ? r.text : r.error.message);
    jc_result_clear(&r);
    mpfr_free_str(digits);
    free(in);
    mpfr_clear(want);
}

static void test_eval(void)
{
    static const struct { int which; const char *expr; } exprs[] = {
        { NUM_CONST_E, "exp(big(1))" }, { NUM_CONST_E, "BigFloat(ℯ)" }, { NUM_CONST_E, "big(ℯ)" },
        { NUM_CONST_E, "ℯ^big(1)" }, { NUM_CONST_E, "exp(BigFloat(1))" },
        { NUM_CONST_LOG2, "log(big(2))" }, { NUM_CONST_LOG2, "log(BigFloat(2))" },
        { NUM_CONST_ZETA3, "zeta(big(3))" }, { NUM_CONST_ZETA3, "zeta(BigFloat(3))" },
        { NUM_CONST_PI, "BigFloat(π)" }, { NUM_CONST_PI, "big(π)" },
    };
    static const mpfr_prec_t ps[] = { 53, 256, 3001, 25013 };
    jc_ctx *C = jc_new();
    for (size_t i = 0; i < sizeof exprs / sizeof *exprs; i++)
        for (size_t j = 0; j < sizeof ps / sizeof *ps; j++) {
            if (exprs[i].which == NUM_CONST_ZETA3 && ps[j] > 10007)
                continue;
            for (int m = 0; m < 5; m++)
                via_eval(C, exprs[i].which, exprs[i].expr, ps[j], m);
        }
    jc_free(C);
}

int main(void)
{
    test_series();
    test_entry();
    test_eval();
    mpfr_free_cache();
    num_free_const_cache();
    return check_report();
}
