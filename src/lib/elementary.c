/* elementary.c — Julia's elementary functions on every number type: trigonometry and
 * hyperbolic functions in radians, exponentials, logarithms and roots, hypot and cis.
 * (Multiples of π and degrees are in angles.c, rounding in rounding.c, special functions
 * in special.c; the float-kind plumbing they share is floatkind.h.)
 *
 * Types follow Julia's `float`: Bool, Int, UInt, Rational{Int} and Irrational arguments
 * compute in Float64; BigInt and Rational{BigInt} in BigFloat; Float16/Float32/Float64/
 * BigFloat keep their type; Complex{T} gives Complex{float(T)}.  Mixed arguments use
 * Julia's promotion (an integer never widens a float: atan(1f0, 2) is a Float32).
 *
 * Where the answer comes from:
 *   Float64     MPFR at 53 bits, so every elementary function is correctly rounded
 *               (glibc's are not always: its cbrt(27.0) is 3.0000000000000004; Julia's
 *               own kernels are within an ulp and agree wherever they round correctly);
 *               the math core for fourthroot; sqrt from the C library.
 *   Float32/16  MPFR at 24 bits (Float16: 11 bits); the math core's own Float32/Float16
 *               kernels for fourthroot.
 *   BigFloat    MPFR at the context's precision and rounding mode (correctly rounded);
 *               exp(1) and log(2) from num/constants.c's series, correctly rounded too.
 *   Complex     MPC at the precision of the element type (each part correctly rounded
 *               for the functions MPC provides; exp2/exp10/log2/log1p/expm1 compose two
 *               correctly rounded steps at 32 extra bits).
 * Domain errors carry Julia's texts; BigFloat functions raise the texts Julia's MPFR
 * wrappers raise ("NaN result for non-NaN input."). */
#include <math.h>
#include <mpc.h>

#include "mathcore/mathcore.h"
#include "num/num.h"
#include "lib/lib.h"
#include "num/bigjob.h"
#include "lib/floatkind.h"
#include "lib/elementary.h"

/* ---- complex kernels MPC lacks ---- */

/* The composed complex functions: one correctly rounded step at 32 extra bits, then the
 * final rounding. */
static int cx_scale_exp(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd, unsigned base)
{
    mpfr_prec_t p = mpc_get_prec(r) + 32;
    mpc_t t;
    mpfr_t l;
    mpc_init2(t, p);
    mpfr_init2(l, p);
    mpfr_set_ui(l, base, MPFR_RNDN);
    mpfr_log(l, l, MPFR_RNDN);
    mpc_mul_fr(t, z, l, MPC_RNDNN);
    int res = mpc_exp(r, t, rnd);
    mpc_clear(t);
    mpfr_clear(l);
    return res;
}
static int cx_exp2(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd) { return cx_scale_exp(r, z, rnd, 2); }
static int cx_exp10(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd) { return cx_scale_exp(r, z, rnd, 10); }

static int cx_expm1(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd)
{
    mpc_t t;
    mpc_init2(t, mpc_get_prec(r) + 64);
    mpc_exp(t, z, MPC_RNDNN);
    int res = mpc_sub_ui(r, t, 1, rnd);
    mpc_clear(t);
    return res;
}

static int cx_log2(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd)
{
    mpfr_prec_t p = mpc_get_prec(r) + 32;
    mpc_t t;
    mpfr_t l;
    mpc_init2(t, p);
    mpfr_init2(l, p);
    mpc_log(t, z, MPC_RNDNN);
    mpfr_const_log2(l, MPFR_RNDN);
    int res = mpc_div_fr(r, t, l, rnd);
    mpc_clear(t);
    mpfr_clear(l);
    return res;
}

static int cx_log1p(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd)
{
    mpc_t t;
    mpc_init2(t, mpc_get_prec(r) + 64);
    mpc_add_ui(t, z, 1, MPC_RNDNN);
    int res = mpc_log(r, t, rnd);
    mpc_clear(t);
    return res;
}

/* f(x) for a Complex argument: mpc at the element type's precision. */
static int cx_apply(jc_ctx *ctx, value *out, value x, fk_mpc_fn f, int pre_inv, int post_inv)
{
    int k = fk_final(fk_of(x));
    mpc_t z, r;
    mpc_init2(z, 53);
    mpc_init2(r, fk_prec(ctx, k));
    fk_load_complex(ctx, z, x, k);
    if (pre_inv)
        mpc_ui_div(z, 1, z, MPC_RNDNN);
    if (post_inv) {
        mpc_t t;
        mpc_init2(t, fk_prec(ctx, k) + 32);
        f(t, z, MPC_RNDNN);
        mpc_ui_div(r, 1, t, fk_crnd(ctx, k));
        mpc_clear(t);
    } else {
        f(r, z, fk_crnd(ctx, k));
    }
    *out = fk_from_mpc(ctx, r, k);
    mpc_clear(z);
    mpc_clear(r);
    return 0;
}

/* ---- one-argument functions as data ---- */

enum {
    DOM_NONE,
    DOM_FINITE,   /* ±Inf: "<f>(x) is only defined for finite x." */
    DOM_ASIN,     /* |x| > 1 */
    DOM_ACOS,
    DOM_ACOSH,    /* x < 1 */
    DOM_ATANH,    /* |x| > 1 */
    DOM_NEG,      /* x < 0: "<f> was called with a negative real argument ..." */
    DOM_LOG1P,    /* x < -1 */
};

typedef struct elem_fn {
    const char *name;     /* the name in error texts (cos for sec, acos for asec) */
    double (*d)(double);  /* an exact Float64 kernel (sqrt), or NULL: MPFR at the type's precision */
    fk_mpfr_fn mp;        /* the BigFloat kernel, under the same pre/post inversion */
    fk_mpfr_fn mpdirect;  /* a BigFloat kernel for the whole function (mpfr_sec), or NULL */
    fk_mpc_fn mc;         /* the Complex kernel, or NULL: no complex method */
    uint8_t dom;
    uint8_t pre_inv;      /* f(x) = kernel(1/x)  (asec, acoth ...) */
    uint8_t post_inv;     /* f(x) = 1/kernel(x)  (sec, coth ...) */
    uint8_t big_neg;      /* BigFloat checks x < 0 itself (log family: "Try log(complex(x)).") */
} elem_fn;

static void dom_text(sb *m, const elem_fn *f, int big)
{
    switch (f->dom) {
    case DOM_FINITE: sb_printf(m, "%s(x) is only defined for finite x.", f->name); break;
    case DOM_ASIN: sb_puts(m, "asin(x) is not defined for |x| > 1."); break;
    case DOM_ACOS: sb_puts(m, "acos(x) not defined for |x| > 1"); break;
    case DOM_ACOSH: sb_puts(m, "acosh(x) is only defined for x ≥ 1."); break;
    case DOM_ATANH: sb_puts(m, "atanh(x) is only defined for |x| ≤ 1."); break;
    case DOM_NEG:
        sb_printf(m, "%s was called with a negative real argument but will only return a complex "
                     "result if called with a complex argument. Try %s(%s(x)).",
                  f->name, f->name, big ? "complex" : "Complex");
        break;
    case DOM_LOG1P:
        sb_printf(m, "log1p was called with a real argument < -1 but will only return a complex "
                     "result if called with a complex argument. Try log1p(%s(x)).",
                  big ? "complex" : "Complex");
        break;
    }
}

static int dom_bad(int dom, double x)
{
    switch (dom) {
    case DOM_FINITE: return isinf(x);
    case DOM_ASIN: case DOM_ACOS: case DOM_ATANH: return fabs(x) > 1;
    case DOM_ACOSH: return x < 1;
    case DOM_NEG: return x < 0;
    case DOM_LOG1P: return x < -1;
    default: return 0;
    }
}

static int dom_raise(jc_ctx *ctx, value xv, const elem_fn *f, int big)
{
    sb m = { 0 };
    dom_text(&m, f, big);
    num_domain_error(ctx, xv, sb_str(&m));
    sb_free(&m);
    val_release(xv);
    return -1;
}

static int unary_big(jc_ctx *ctx, value *out, value x, const elem_fn *f)
{
    value xv = fk_as_float(ctx, x, FK_BIG);
    if (f->pre_inv) {
        value t = num_bigfloat(ctx);
        mpfr_ui_div(val_mpfr(t), 1, val_mpfr(xv), fk_rnd(ctx));
        val_release(xv);
        xv = t;
    }
    mpfr_srcptr a = val_mpfr(xv);
    if (f->big_neg && dom_bad(f->dom, mpfr_get_d(a, MPFR_RNDN)) && !mpfr_nan_p(a)) {
        if (f->dom == DOM_LOG1P ? mpfr_cmp_si(a, -1) < 0 : mpfr_sgn(a) < 0)
            return dom_raise(ctx, xv, f, 1);
    }
    value r = num_bigfloat(ctx);
    mpfr_ptr m = val_mpfr(r);
    /* at a huge precision the kernel runs where Ctrl-C can stop it (bigjob_mpfr) */
    int rc;
    if (f->mpdirect) {
        rc = bigjob_mpfr(ctx, m, f->mpdirect, a, fk_rnd(ctx));
    } else if (f->post_inv) {
        mpfr_t t;
        mpfr_init2(t, ctx->precision + 32);
        rc = bigjob_mpfr(ctx, t, f->mp, a, MPFR_RNDN);
        mpfr_ui_div(m, 1, t, fk_rnd(ctx));
        mpfr_clear(t);
    } else {
        rc = bigjob_mpfr(ctx, m, f->mp, a, fk_rnd(ctx));
    }
    if (rc < 0) {
        val_release(r);
        val_release(xv);
        return -1;
    }
    if (mpfr_nan_p(m) && !mpfr_nan_p(a)) {
        val_release(r);
        return fk_nan_error(ctx, xv);
    }
    val_release(xv);
    *out = r;
    return 0;
}

/* f(x) for a real or complex x; LIB_DECLINE for anything else. */
int elem_unary(jc_ctx *ctx, value *out, value x, const elem_fn *f)
{
    if (x.type == T_COMPLEX)
        return f->mc ? cx_apply(ctx, out, x, f->mc, f->pre_inv, f->post_inv) : LIB_DECLINE;
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fk_final(fk_of_real(x));
    if (k == FK_BIG)
        return unary_big(ctx, out, x, f);
    double d;
    fk_real_d(ctx, x, k, &d);
    if (f->pre_inv)
        d = fk_round(k, 1.0 / d);
    if (dom_bad(f->dom, d))
        return dom_raise(ctx, fk_value(k, d), f, 0);
    double r;
    if (f->d) {
        r = fk_round(k, f->d(d));
    } else {
        /* MPFR at the type's precision: correctly rounded (a subnormal result is
         * rounded twice) */
        mpfr_t m, t;
        mpfr_init2(m, 53);
        mpfr_init2(t, fk_prec(ctx, k));
        mpfr_set_d(m, d, MPFR_RNDN);
        f->mp(t, m, MPFR_RNDN);
        if (f->post_inv)      /* Julia's sec(x) = inv(cos(x)): two roundings */
            mpfr_ui_div(t, 1, t, MPFR_RNDN);
        r = fk_round(k, mpfr_get_d(t, MPFR_RNDN));
        mpfr_clears(m, t, (mpfr_ptr)0);
    }
    if (f->d && f->post_inv)
        r = fk_round(k, 1.0 / r);
    *out = fk_value(k, r);
    return 0;
}

/* Most one-argument functions are described in their table row alone; these are named
 * because other code composes them (cis, log, atan, and angles.c's asind ... acotd) or
 * two rows share them (√, ∛). */
static const elem_fn elem_sin = { "sin", NULL, mpfr_sin, NULL, mpc_sin, DOM_FINITE, 0, 0, 0 };
static const elem_fn elem_cos = { "cos", NULL, mpfr_cos, NULL, mpc_cos, DOM_FINITE, 0, 0, 0 };
const elem_fn elem_asin = { "asin", NULL, mpfr_asin, NULL, mpc_asin, DOM_ASIN, 0, 0, 0 };
const elem_fn elem_acos = { "acos", NULL, mpfr_acos, NULL, mpc_acos, DOM_ACOS, 0, 0, 0 };
const elem_fn elem_atan = { "atan", NULL, mpfr_atan, NULL, mpc_atan, DOM_NONE, 0, 0, 0 };
const elem_fn elem_asec = { "acos", NULL, mpfr_acos, NULL, mpc_acos, DOM_ACOS, 1, 0, 0 };
const elem_fn elem_acsc = { "asin", NULL, mpfr_asin, NULL, mpc_asin, DOM_ASIN, 1, 0, 0 };
const elem_fn elem_acot = { "atan", NULL, mpfr_atan, NULL, mpc_atan, DOM_NONE, 1, 0, 0 };
static const elem_fn elem_log = { "log", NULL, num_log_mpfr, NULL, mpc_log, DOM_NEG, 0, 0, 1 };
static const elem_fn elem_sqrt = { "sqrt", sqrt, mpfr_sqrt, NULL, mpc_sqrt, DOM_NEG, 0, 0, 0 };
static const elem_fn elem_cbrt = { "cbrt", NULL, mpfr_cbrt, NULL, NULL, DOM_NONE, 0, 0, 0 };

/* The rows of the one-argument functions all call bi_unary; each carries its elem_fn,
 * the kernels to call, as its data. */
static int bi_unary(jc_ctx *ctx, value *out, const jc_args *a)
{
    return elem_unary(ctx, out, a->v[0], a->data);
}

/* ---- atan with two arguments ---- */

/* atan(y, x) in radians; degrees when deg. */
int elem_atan2(jc_ctx *ctx, value *out, value y, value x, int deg)
{
    value v[2] = { y, x };
    if (!fk_all_real(2, v))
        return LIB_DECLINE;
    int k = fk_join(2, v);
    if (k == FK_BIG) {
        mpfr_t a, b;
        mpfr_inits2(ctx->precision, a, b, (mpfr_ptr)0);
        fk_real_mpfr(ctx, a, y);
        fk_real_mpfr(ctx, b, x);
        value r = num_bigfloat(ctx);
        if (deg)
            mpfr_atan2u(val_mpfr(r), a, b, 360, fk_rnd(ctx));
        else
            mpfr_atan2(val_mpfr(r), a, b, fk_rnd(ctx));
        mpfr_clears(a, b, (mpfr_ptr)0);
        *out = r;
        return 0;
    }
    double a, b;
    fk_real_d(ctx, y, k, &a);
    fk_real_d(ctx, x, k, &b);
    mpfr_t ma, mb, mr;
    mpfr_inits2(53, ma, mb, (mpfr_ptr)0);
    mpfr_init2(mr, fk_prec(ctx, k));
    mpfr_set_d(ma, a, MPFR_RNDN);
    mpfr_set_d(mb, b, MPFR_RNDN);
    mpfr_atan2(mr, ma, mb, MPFR_RNDN);
    double r = mpfr_get_d(mr, MPFR_RNDN);
    mpfr_clears(ma, mb, mr, (mpfr_ptr)0);
    if (deg)
        r = fk_round(k, r * fk_round(k, 180.0 / fk_round(k, M_PI)));
    *out = fk_value(k, r);
    return 0;
}

static int bi_atan(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 2)
        return elem_atan2(ctx, out, a->v[0], a->v[1], 0);
    return elem_unary(ctx, out, a->v[0], &elem_atan);
}

/* ---- log, with log(ℯ) == 1 and log(b, x) ---- */

static int bi_log(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 1) {
        if (a->v[0].type == T_IRRATIONAL && a->v[0].sub == IRR_E) {
            *out = v_int(1);   /* Julia: log(::Irrational{:ℯ}) = 1 */
            return 0;
        }
        return elem_unary(ctx, out, a->v[0], &elem_log);
    }
    value b = a->v[0], x = a->v[1];
    if (!num_is_number(b) || !num_is_number(x))
        return LIB_DECLINE;
    if (b.type == T_IRRATIONAL && b.sub == IRR_E)
        return elem_unary(ctx, out, x, &elem_log);
    /* log(b::T, x::T) = log(x)/log(b) after promotion; log(x) is taken first, so when
     * both are negative the error names x */
    value b2, x2, lb = v_nothing(), lx = v_nothing();
    int r;
    if (num_promote(ctx, &b2, &x2, b, x) != 0)
        return -1;
    if ((r = elem_unary(ctx, &lx, x2, &elem_log)) == 0 && (r = elem_unary(ctx, &lb, b2, &elem_log)) == 0)
        r = num_binop(ctx, out, NUM_DIV, lx, lb);
    val_release(b2);
    val_release(x2);
    val_release(lx);
    val_release(lb);
    return r;
}


/* ---- sincos ---- */

static int bi_sincos(jc_ctx *ctx, value *out, const jc_args *a)
{
    static const elem_fn elem_sin2 = { "sincos", NULL, mpfr_sin, NULL, mpc_sin, DOM_FINITE, 0, 0, 0 };
    static const elem_fn elem_cos2 = { "sincos", NULL, mpfr_cos, NULL, mpc_cos, DOM_FINITE, 0, 0, 0 };
    value s, c;
    int r = elem_unary(ctx, &s, a->v[0], &elem_sin2);
    if (r != 0)
        return r;
    if ((r = elem_unary(ctx, &c, a->v[0], &elem_cos2)) != 0) {
        val_release(s);
        return r;
    }
    *out = fk_pair(s, c);
    return 0;
}

/* ---- fourthroot ---- */

static const char sqrt_msg[] =
    "sqrt was called with a negative real argument but will only return a complex result "
    "if called with a complex argument. Try sqrt(Complex(x)).";

static int bi_fourthroot(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) {
        /* sqrt(sqrt(z)), rounded once */
        int k = fk_final(fk_of(x));
        mpc_t z, t, r;
        mpc_init2(z, 53);
        mpc_init2(t, fk_prec(ctx, k) + 32);
        mpc_init2(r, fk_prec(ctx, k));
        fk_load_complex(ctx, z, x, k);
        mpc_sqrt(t, z, MPC_RNDNN);
        mpc_sqrt(r, t, fk_crnd(ctx, k));
        *out = fk_from_mpc(ctx, r, k);
        mpc_clear(z);
        mpc_clear(t);
        mpc_clear(r);
        return 0;
    }
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fk_final(fk_of_real(x));
    if (k == FK_BIG) {
        value xv = fk_as_float(ctx, x, FK_BIG);
        mpfr_srcptr m = val_mpfr(xv);
        if (mpfr_sgn(m) < 0 && !mpfr_nan_p(m))
            return fk_nan_error(ctx, xv);
        value r = num_bigfloat(ctx);
        if (mpfr_zero_p(m))
            mpfr_set(val_mpfr(r), m, MPFR_RNDN);    /* sqrt(sqrt(-0.0)) is -0.0 */
        else
            mpfr_rootn_ui(val_mpfr(r), m, 4, fk_rnd(ctx));
        val_release(xv);
        *out = r;
        return 0;
    }
    double d;
    fk_real_d(ctx, x, k, &d);
    if (d < 0)
        return num_domain_error(ctx, fk_value(k, d), sqrt_msg);
    double r = k == FK_F64 ? mc_fourthroot(d)
             : k == FK_F32 ? (double)mc_fourthrootf((float)d)
             : mc_half_to_double(mc_fourthrooth(mc_double_to_half(d)));
    *out = fk_value(k, r);
    return 0;
}

/* ---- cis ---- */

static int bi_cis(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) {
        /* cis(z) = exp(iz) */
        int k = fk_final(fk_of(x));
        mpc_t z, r;
        mpc_init2(z, 53);
        mpc_init2(r, fk_prec(ctx, k));
        fk_load_complex(ctx, z, x, k);
        mpc_mul_i(z, z, 1, MPC_RNDNN);
        mpc_exp(r, z, fk_crnd(ctx, k));
        *out = fk_from_mpc(ctx, r, k);
        mpc_clear(z);
        mpc_clear(r);
        return 0;
    }
    value c, s;
    int r = elem_unary(ctx, &c, x, &elem_cos);
    if (r != 0)
        return r;
    if ((r = elem_unary(ctx, &s, x, &elem_sin)) != 0) {
        val_release(c);
        return r;
    }
    *out = v_complex(c, s);
    return 0;
}

/* ---- hypot ---- */

/* hypot(x...) = sqrt(Σ|xᵢ|²) without overflow: BigFloat at 32 extra bits (then one
 * rounding); hardware floats by MPFR too, so hypot(3, 4im, 12.0) is exactly 13.0. */
static int bi_hypot(jc_ctx *ctx, value *out, const jc_args *a)
{
    int k = fk_join(a->n, a->v);
    if (k < 0)
        return LIB_DECLINE;
    mpfr_prec_t p = fk_prec(ctx, k);
    mpfr_t acc, t;
    mpfr_init2(acc, p + 32);
    mpfr_init2(t, p + 32);
    mpfr_set_zero(acc, 1);
    int inf = 0, nan = 0;
    mpc_t z;
    mpc_init2(z, 53);
    for (int i = 0; i < a->n; i++) {
        fk_load_complex(ctx, z, a->v[i], k);
        mpc_abs(t, z, MPFR_RNDN);
        if (mpfr_inf_p(t))
            inf = 1;
        else if (mpfr_nan_p(t))
            nan = 1;
        mpfr_sqr(t, t, MPFR_RNDN);
        mpfr_add(acc, acc, t, MPFR_RNDN);
    }
    mpfr_t r;
    mpfr_init2(r, p);
    if (inf)
        mpfr_set_inf(r, 1);
    else if (nan)
        mpfr_set_nan(r);
    else
        mpfr_sqrt(r, acc, k == FK_BIG ? fk_rnd(ctx) : MPFR_RNDN);
    *out = fk_from_mpfr(ctx, r, k);
    mpfr_clears(acc, t, r, (mpfr_ptr)0);
    mpc_clear(z);
    return 0;
}

/* ---- the table ---- */

const builtin lib_elementary[] = {
    /* trigonometry in radians */
    { "sin", 1, 1, bi_unary, LIB_HELP("sin(x)", "Compute sine of x, where x is in radians. Throws a DomainError if x is\n  infinite. Works on every real and complex type; BigFloat results are correctly\n  rounded at the current precision.\n\n  See also sind, sinpi, sincos, cis, asin."), NULL,
      &elem_sin },
    { "cos", 1, 1, bi_unary, LIB_HELP("cos(x)", "Compute cosine of x, where x is in radians. Throws a DomainError if x is\n  infinite.\n\n  See also cosd, cospi, sincos, cis."), NULL,
      &elem_cos },
    { "tan", 1, 1, bi_unary, LIB_HELP("tan(x)", "Compute tangent of x, where x is in radians. Throws a DomainError if x is\n  infinite.\n\n  See also tand, tanpi."), NULL,
      &(const elem_fn){ "tan", NULL, mpfr_tan, NULL, mpc_tan, DOM_FINITE, 0, 0, 0 } },
    { "sec", 1, 1, bi_unary, LIB_HELP("sec(x)", "Compute the secant of x (1/cos(x)), where x is in radians."), NULL,
      &(const elem_fn){ "cos", NULL, mpfr_cos, mpfr_sec, mpc_cos, DOM_FINITE, 0, 1, 0 } },
    { "csc", 1, 1, bi_unary, LIB_HELP("csc(x)", "Compute the cosecant of x (1/sin(x)), where x is in radians."), NULL,
      &(const elem_fn){ "sin", NULL, mpfr_sin, mpfr_csc, mpc_sin, DOM_FINITE, 0, 1, 0 } },
    { "cot", 1, 1, bi_unary, LIB_HELP("cot(x)", "Compute the cotangent of x (1/tan(x)), where x is in radians."), NULL,
      &(const elem_fn){ "tan", NULL, mpfr_tan, mpfr_cot, mpc_tan, DOM_FINITE, 0, 1, 0 } },
    { "asin", 1, 1, bi_unary, LIB_HELP("asin(x)", "Compute the inverse sine of x, where the output is in radians. Real\n  arguments must satisfy |x| ≤ 1; use a complex argument otherwise.\n\n  See also asind."), NULL,
      &elem_asin },
    { "acos", 1, 1, bi_unary, LIB_HELP("acos(x)", "Compute the inverse cosine of x, where the output is in radians. Real\n  arguments must satisfy |x| ≤ 1."), NULL,
      &elem_acos },
    { "atan", 1, 2, bi_atan, LIB_HELP("atan(y)\n  atan(y, x)", "Compute the inverse tangent of y or y/x, respectively.\n\n  For one real argument, this is the angle in radians between the positive x-axis\n  and the point (1, y), returning a value in the interval [-π/2, π/2].\n\n  For two arguments, this is the angle in radians between the positive x-axis and\n  the point (x, y), returning a value in the interval [-π, π].\n\n  jcalc> atan(1, -1)\n  2.356194490192345"), NULL },
    { "asec", 1, 1, bi_unary, LIB_HELP("asec(x)", "Compute the inverse secant of x (acos(1/x)), where the output is in radians."), NULL,
      &elem_asec },
    { "acsc", 1, 1, bi_unary, LIB_HELP("acsc(x)", "Compute the inverse cosecant of x (asin(1/x)), where the output is in radians."), NULL,
      &elem_acsc },
    { "acot", 1, 1, bi_unary, LIB_HELP("acot(x)", "Compute the inverse cotangent of x (atan(1/x)), where the output is in radians."), NULL,
      &elem_acot },
    { "sincos", 1, 1, bi_sincos, LIB_HELP("sincos(x)", "Simultaneously compute the sine and cosine of x, where x is in radians,\n  returning a tuple (sine, cosine)."), NULL },
    { "cis", 1, 1, bi_cis, LIB_HELP("cis(x)", "More efficient method for exp(im*x) by using Euler's formula:\n  cos(x) + i sin(x) = exp(i x)."), NULL },
    /* hyperbolic functions */
    { "sinh", 1, 1, bi_unary, LIB_HELP("sinh(x)", "Compute hyperbolic sine of x."), NULL,
      &(const elem_fn){ "sinh", NULL, mpfr_sinh, NULL, mpc_sinh, DOM_NONE, 0, 0, 0 } },
    { "cosh", 1, 1, bi_unary, LIB_HELP("cosh(x)", "Compute hyperbolic cosine of x."), NULL,
      &(const elem_fn){ "cosh", NULL, mpfr_cosh, NULL, mpc_cosh, DOM_NONE, 0, 0, 0 } },
    { "tanh", 1, 1, bi_unary, LIB_HELP("tanh(x)", "Compute hyperbolic tangent of x.\n\n  jcalc> tanh(0.5)\n  0.46211715726000974"), NULL,
      &(const elem_fn){ "tanh", NULL, mpfr_tanh, NULL, mpc_tanh, DOM_NONE, 0, 0, 0 } },
    { "sech", 1, 1, bi_unary, LIB_HELP("sech(x)", "Compute the hyperbolic secant of x (1/cosh(x))."), NULL,
      &(const elem_fn){ "cosh", NULL, mpfr_cosh, mpfr_sech, mpc_cosh, DOM_NONE, 0, 1, 0 } },
    { "csch", 1, 1, bi_unary, LIB_HELP("csch(x)", "Compute the hyperbolic cosecant of x (1/sinh(x))."), NULL,
      &(const elem_fn){ "sinh", NULL, mpfr_sinh, mpfr_csch, mpc_sinh, DOM_NONE, 0, 1, 0 } },
    { "coth", 1, 1, bi_unary, LIB_HELP("coth(x)", "Compute the hyperbolic cotangent of x (1/tanh(x))."), NULL,
      &(const elem_fn){ "tanh", NULL, mpfr_tanh, mpfr_coth, mpc_tanh, DOM_NONE, 0, 1, 0 } },
    { "asinh", 1, 1, bi_unary, LIB_HELP("asinh(x)", "Compute the inverse hyperbolic sine of x."), NULL,
      &(const elem_fn){ "asinh", NULL, mpfr_asinh, NULL, mpc_asinh, DOM_NONE, 0, 0, 0 } },
    { "acosh", 1, 1, bi_unary, LIB_HELP("acosh(x)", "Compute the inverse hyperbolic cosine of x. Real arguments must be ≥ 1."), NULL,
      &(const elem_fn){ "acosh", NULL, mpfr_acosh, NULL, mpc_acosh, DOM_ACOSH, 0, 0, 0 } },
    { "atanh", 1, 1, bi_unary, LIB_HELP("atanh(x)", "Compute the inverse hyperbolic tangent of x. Real arguments must satisfy\n  |x| ≤ 1."), NULL,
      &(const elem_fn){ "atanh", NULL, mpfr_atanh, NULL, mpc_atanh, DOM_ATANH, 0, 0, 0 } },
    { "asech", 1, 1, bi_unary, LIB_HELP("asech(x)", "Compute the inverse hyperbolic secant of x (acosh(1/x))."), NULL,
      &(const elem_fn){ "acosh", NULL, mpfr_acosh, NULL, mpc_acosh, DOM_ACOSH, 1, 0, 0 } },
    { "acsch", 1, 1, bi_unary, LIB_HELP("acsch(x)", "Compute the inverse hyperbolic cosecant of x (asinh(1/x))."), NULL,
      &(const elem_fn){ "asinh", NULL, mpfr_asinh, NULL, mpc_asinh, DOM_NONE, 1, 0, 0 } },
    { "acoth", 1, 1, bi_unary, LIB_HELP("acoth(x)", "Compute the inverse hyperbolic cotangent of x (atanh(1/x))."), NULL,
      &(const elem_fn){ "atanh", NULL, mpfr_atanh, NULL, mpc_atanh, DOM_ATANH, 1, 0, 0 } },
    /* exponentials, logarithms, roots */
    { "exp", 1, 1, bi_unary, LIB_HELP("exp(x)", "Compute the natural base exponential of x, in other words ℯ^x.\n\n  jcalc> exp(1.0)\n  2.718281828459045"), NULL,
      &(const elem_fn){ "exp", NULL, num_exp_mpfr, NULL, mpc_exp, DOM_NONE, 0, 0, 0 } },
    { "exp2", 1, 1, bi_unary, LIB_HELP("exp2(x)", "Compute the base 2 exponential of x, in other words 2^x.\n\n  jcalc> exp2(5)\n  32.0"), NULL,
      &(const elem_fn){ "exp2", NULL, mpfr_exp2, NULL, cx_exp2, DOM_NONE, 0, 0, 0 } },
    { "exp10", 1, 1, bi_unary, LIB_HELP("exp10(x)", "Compute the base 10 exponential of x, in other words 10^x.\n\n  jcalc> exp10(2)\n  100.0"), NULL,
      &(const elem_fn){ "exp10", NULL, mpfr_exp10, NULL, cx_exp10, DOM_NONE, 0, 0, 0 } },
    { "expm1", 1, 1, bi_unary, LIB_HELP("expm1(x)", "Accurately compute e^x - 1. It avoids the loss of precision of evaluating\n  exp(x) - 1 for small x.\n\n  jcalc> expm1(1e-16)\n  1.0e-16"), NULL,
      &(const elem_fn){ "expm1", NULL, mpfr_expm1, NULL, cx_expm1, DOM_NONE, 0, 0, 0 } },
    { "log", 1, 2, bi_log, LIB_HELP("log(x)\n  log(b, x)", "The natural logarithm of x, or the base b logarithm of x (log(x)/log(b)).\n  Throws a DomainError for negative real arguments; use a complex argument for a\n  complex result. log(ℯ) is the integer 1.\n\n  jcalc> log(2)\n  0.6931471805599453\n\n  jcalc> log(100, 1000000)\n  2.9999999999999996"), NULL },
    { "log2", 1, 1, bi_unary, LIB_HELP("log2(x)", "Compute the logarithm of x to base 2. Throws a DomainError for negative real\n  arguments.\n\n  jcalc> log2(10)\n  3.321928094887362"), NULL,
      &(const elem_fn){ "log2", NULL, mpfr_log2, NULL, cx_log2, DOM_NEG, 0, 0, 1 } },
    { "log10", 1, 1, bi_unary, LIB_HELP("log10(x)", "Compute the logarithm of x to base 10. Throws a DomainError for negative real\n  arguments.\n\n  jcalc> log10(2)\n  0.3010299956639812"), NULL,
      &(const elem_fn){ "log10", NULL, mpfr_log10, NULL, mpc_log10, DOM_NEG, 0, 0, 1 } },
    { "log1p", 1, 1, bi_unary, LIB_HELP("log1p(x)", "Accurate natural logarithm of 1+x. Throws a DomainError for real arguments\n  less than -1.\n\n  jcalc> log1p(-0.5)\n  -0.6931471805599453"), NULL,
      &(const elem_fn){ "log1p", NULL, mpfr_log1p, NULL, cx_log1p, DOM_LOG1P, 0, 0, 1 } },
    { "sqrt", 1, 1, bi_unary, LIB_HELP("sqrt(x)", "Return √x. Throws a DomainError for negative real arguments; use a complex\n  argument for a complex result. The prefix operator √ is equivalent to sqrt.\n\n  jcalc> sqrt(big(81))\n  9.0\n\n  jcalc> sqrt(complex(-1))\n  0.0 + 1.0im"), NULL,
      &elem_sqrt },
    { "√", 1, 1, bi_unary, LIB_HELP("√x\n  sqrt(x)", "Return √x; the prefix operator √ is sqrt. Throws a DomainError for negative\n  real arguments."), NULL,
      &elem_sqrt },
    { "cbrt", 1, 1, bi_unary, LIB_HELP("cbrt(x)", "Return the cube root of x, i.e. x^(1/3). Negative values are accepted,\n  returning the negative real root. The prefix operator ∛ is equivalent to cbrt.\n\n  jcalc> cbrt(big(-27))\n  -3.0"), NULL,
      &elem_cbrt },
    { "∛", 1, 1, bi_unary, LIB_HELP("∛x\n  cbrt(x)", "Return the real cube root of x; the prefix operator ∛ is cbrt."), NULL,
      &elem_cbrt },
    { "fourthroot", 1, 1, bi_fourthroot, LIB_HELP("fourthroot(x)", "Return the fourth root of x. Unlike Julia's sqrt(sqrt(x)), the Float64,\n  Float32 and Float16 results are correctly rounded (fourthroot(0.5) is\n  0x1.ae89f995ad3adp-1); BigFloat uses MPFR's correctly rounded root. Negative real\n  arguments raise sqrt's DomainError. The prefix operator ∜ is equivalent.\n\n  jcalc> ∜16\n  2.0"), NULL },
    { "∜", 1, 1, bi_fourthroot, LIB_HELP("∜x\n  fourthroot(x)", "Return the fourth root of x, correctly rounded for Float64, Float32 and\n  Float16 (Julia applies sqrt twice, which misrounds about one input in eight).\n  The prefix operator ∜ is fourthroot."), NULL },
    { "hypot", 1, -1, bi_hypot, LIB_HELP("hypot(x, y)\n  hypot(x...)", "Compute the hypotenuse sqrt(|x|²+|y|²) (or of any number of values)\n  avoiding overflow and underflow; complex arguments count by their modulus.\n\n  jcalc> hypot(3, 4im)\n  5.0"), NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
