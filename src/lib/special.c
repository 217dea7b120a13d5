/* special.c — special functions beyond Julia's Base (SpecialFunctions.jl provides them
 * there): gamma, lgamma, loggamma, beta, erf, erfc, zeta, for real arguments.
 *
 * All come from MPFR: correctly rounded at the float type's precision (BigFloat: the
 * context's precision and rounding), except that a hardware-float result below the
 * normal range is rounded twice.  ζ(3) (Apéry's constant) is num/constants.c's series,
 * correctly rounded too: MPFR's general ζ takes minutes at 30,000 bits.  Poles and negative gamma for loggamma raise Julia's
 * DomainError texts. */
#include <float.h>
#include <math.h>

#include "num/num.h"
#include "lib/lib.h"
#include "lib/floatkind.h"

/* ---- the functions ---- */

enum { SF_GAMMA, SF_LGAMMA, SF_LOGGAMMA, SF_ERF, SF_ERFC, SF_ZETA };

/* One special function at precision p; *sign gets lgamma's sign. */
static void sf_eval(int w, mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd, int *sign)
{
    switch (w) {
    case SF_GAMMA: mpfr_gamma(r, x, rnd); break;
    case SF_LGAMMA: case SF_LOGGAMMA: mpfr_lgamma(r, sign, x, rnd); break;
    case SF_ERF: mpfr_erf(r, x, rnd); break;
    case SF_ERFC: mpfr_erfc(r, x, rnd); break;
    default: num_zeta_mpfr(r, x, rnd); break;   /* ζ(3) by its series */
    }
}

/* Hardware floats get MPFR's value at the type's precision: correctly rounded, except
 * that a result below the normal range is rounded twice (at 200 bits, then to the
 * subnormal), which can be off by one unit of the subnormal's last place. */
static int special(jc_ctx *ctx, value *out, value x, int w)
{
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fk_final(fk_of_real(x));
    value xv = fk_as_float(ctx, x, k);
    mpfr_t m, r;
    mpfr_init2(m, 53);
    mpfr_init2(r, fk_prec(ctx, k));
    if (k == FK_BIG)
        fk_real_mpfr(ctx, m, xv);
    else
        mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    int sign = 1;
    mpfr_rnd_t rnd = k == FK_BIG ? fk_rnd(ctx) : MPFR_RNDN;
    sf_eval(w, r, m, rnd, &sign);
    if (k != FK_BIG && mpfr_regular_p(r)) {
        double lim = k == FK_F64 ? DBL_MIN : k == FK_F32 ? (double)FLT_MIN : 6.103515625e-05;
        if (fabs(mpfr_get_d(r, MPFR_RNDN)) < lim) {
            mpfr_set_prec(r, 200);
            sf_eval(w, r, m, MPFR_RNDN, &sign);
        }
    }
    int bad = mpfr_nan_p(r) && !mpfr_nan_p(m);
    if (w == SF_LOGGAMMA && sign < 0 && !mpfr_nan_p(m) && !mpfr_inf_p(r)) {
        mpfr_clears(m, r, (mpfr_ptr)0);
        return fk_domain_error(ctx, xv, "`gamma(x)` must be non-negative");
    }
    if (bad || (w == SF_GAMMA && mpfr_integer_p(m) && mpfr_sgn(m) < 0)) {
        mpfr_clears(m, r, (mpfr_ptr)0);
        return fk_nan_error(ctx, xv);
    }
    *out = k == FK_BIG ? fk_bigfloat(ctx, r) : fk_value(k, mpfr_get_d(r, MPFR_RNDN));
    mpfr_clears(m, r, (mpfr_ptr)0);
    val_release(xv);
    return 0;
}

static int bi_gamma(jc_ctx *ctx, value *out, const jc_args *a) { return special(ctx, out, a->v[0], SF_GAMMA); }
static int bi_lgamma(jc_ctx *ctx, value *out, const jc_args *a) { return special(ctx, out, a->v[0], SF_LGAMMA); }
static int bi_loggamma(jc_ctx *ctx, value *out, const jc_args *a) { return special(ctx, out, a->v[0], SF_LOGGAMMA); }
static int bi_erf(jc_ctx *ctx, value *out, const jc_args *a) { return special(ctx, out, a->v[0], SF_ERF); }
static int bi_erfc(jc_ctx *ctx, value *out, const jc_args *a) { return special(ctx, out, a->v[0], SF_ERFC); }
static int bi_zeta(jc_ctx *ctx, value *out, const jc_args *a) { return special(ctx, out, a->v[0], SF_ZETA); }

static int bi_beta(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!fk_all_real(2, a->v))
        return LIB_DECLINE;
    int k = fk_join(2, a->v);
    mpfr_t x, y, r;
    mpfr_inits2(k == FK_BIG ? ctx->precision : 53, x, y, (mpfr_ptr)0);
    mpfr_init2(r, fk_prec(ctx, k));
    for (int i = 0; i < 2; i++) {
        mpfr_ptr m = i ? y : x;
        if (k == FK_BIG) {
            fk_real_mpfr(ctx, m, a->v[i]);
        } else {
            double d;
            fk_real_d(ctx, a->v[i], k, &d);
            mpfr_set_d(m, d, MPFR_RNDN);
        }
    }
    mpfr_beta(r, x, y, k == FK_BIG ? fk_rnd(ctx) : MPFR_RNDN);
    *out = fk_from_mpfr(ctx, r, k);
    mpfr_clears(x, y, r, (mpfr_ptr)0);
    return 0;
}

/* ---- the table ---- */

const builtin lib_special[] = {
    { "gamma", 1, 1, bi_gamma, LIB_HELP("gamma(x)", "Compute the gamma function Γ(x) for real x (Γ(n) = (n-1)! for positive\n  integers). Correctly rounded (MPFR); negative integers raise a DomainError. Not\n  part of Julia's Base (SpecialFunctions.jl provides it there)."), NULL },
    { "lgamma", 1, 1, bi_lgamma, LIB_HELP("lgamma(x)", "Compute log|Γ(x)|, the logarithm of the absolute value of the gamma\n  function, correctly rounded. Not part of Julia's Base."), NULL },
    { "loggamma", 1, 1, bi_loggamma, LIB_HELP("loggamma(x)", "Compute log(Γ(x)) for real x where Γ(x) ≥ 0; a DomainError where gamma is\n  negative (use lgamma for log|Γ(x)|). Not part of Julia's Base."), NULL },
    { "beta", 2, 2, bi_beta, LIB_HELP("beta(x, y)", "Compute the Euler beta function B(x, y) = Γ(x)Γ(y)/Γ(x+y), correctly\n  rounded. Not part of Julia's Base."), NULL },
    { "erf", 1, 1, bi_erf, LIB_HELP("erf(x)", "Compute the error function 2/√π ∫₀ˣ exp(-t²) dt, correctly rounded. Not\n  part of Julia's Base."), NULL },
    { "erfc", 1, 1, bi_erfc, LIB_HELP("erfc(x)", "Compute the complementary error function 1 - erf(x), accurate for large x.\n  Not part of Julia's Base."), NULL },
    { "zeta", 1, 1, bi_zeta, LIB_HELP("zeta(s)", "Compute the Riemann zeta function ζ(s) for real s, correctly rounded\n  (zeta(2) == π²/6). Not part of Julia's Base."), NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
