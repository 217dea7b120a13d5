/* math.c — Julia's Base.Math on every number type: trigonometry (radians, degrees and
 * multiples of π), exponentials, logarithms and roots, rounding, and a few special
 * functions beyond Base (gamma, erf, zeta).
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
 *               the math core for sinpi/cospi/tanpi/fourthroot; sqrt from the C library.
 *   Float32/16  MPFR at 24 bits (Float16: 11 bits); the math core's own Float32/Float16
 *               kernels for the π functions and fourthroot.
 *   BigFloat    MPFR at the context's precision and rounding mode (correctly rounded).
 *   Complex     MPC at the precision of the element type (each part correctly rounded
 *               for the functions MPC provides; exp2/exp10/log2/log1p/expm1 compose two
 *               correctly rounded steps at 32 extra bits).
 * Domain errors carry Julia's texts; BigFloat functions raise the texts Julia's MPFR
 * wrappers raise ("NaN result for non-NaN input."). */
#include <float.h>
#include <math.h>
#include <mpc.h>
#include <string.h>

#include "eval.h"
#include "mathcore/mathcore.h"
#include "num/num.h"
#include "lib/lib.h"

/* ---- float kinds ---- */

/* The float type an argument computes in.  FK_NONE: an integer, rational or irrational
 * that takes the other arguments' float type (Float64 when alone). */
enum { FK_NONE, FK_F16, FK_F32, FK_F64, FK_BIG };

static int real_fk(value x)
{
    switch (x.type) {
    case T_FLOAT16: return FK_F16;
    case T_FLOAT32: return FK_F32;
    case T_FLOAT64: return FK_F64;
    case T_BIGFLOAT: case T_BIGINT: return FK_BIG;
    case T_RATIONAL: return x.sub == T_BIGINT ? FK_BIG : FK_NONE;
    default: return FK_NONE;
    }
}

static int val_fk(value x)
{
    return x.type == T_COMPLEX ? real_fk(val_complex(x)->re) : real_fk(x);
}

static int fin_fk(int k) { return k == FK_NONE ? FK_F64 : k; }

static jc_type fk_type(int k)
{
    return k == FK_F16 ? T_FLOAT16 : k == FK_F32 ? T_FLOAT32 : k == FK_BIG ? T_BIGFLOAT : T_FLOAT64;
}

static mpfr_prec_t fk_prec(jc_ctx *ctx, int k)
{
    return k == FK_F16 ? 11 : k == FK_F32 ? 24 : k == FK_BIG ? ctx->precision : 53;
}

/* d rounded to the hardware float of kind k. */
static double rk(int k, double d)
{
    return k == FK_F16 ? num_round_f16(d) : k == FK_F32 ? num_round_f32(d) : d;
}

static value mkf(int k, double d) { return num_from_double_typed(fk_type(k), d); }

static mpfr_rnd_t brnd(jc_ctx *ctx) { return ctx->rounding; }

/* A new BigFloat value holding m rounded to the context's precision. */
static value mkbig(jc_ctx *ctx, mpfr_srcptr m)
{
    value v = num_bigfloat(ctx);
    mpfr_set(val_mpfr(v), m, brnd(ctx));
    return v;
}

/* A real number converted to Float64 and then rounded to kind k (never BigFloat). */
static int real_d(jc_ctx *ctx, value x, int k, double *d)
{
    if (num_to_double(ctx, x, d) != 0)
        return -1;
    *d = rk(k, *d);
    return 0;
}

/* m (initialized by the caller) := x exactly when x is a BigFloat (its precision is
 * adopted), else x rounded to m's precision. */
static void real_mpfr(jc_ctx *ctx, mpfr_ptr m, value x)
{
    if (x.type == T_BIGFLOAT) {
        mpfr_set_prec(m, mpfr_get_prec(val_mpfr(x)));
        mpfr_set(m, val_mpfr(x), MPFR_RNDN);
    } else {
        num_to_mpfr(ctx, m, x);
    }
}

/* A real value as a float of kind k (the value a DomainError reports). */
static value as_float(jc_ctx *ctx, value x, int k)
{
    if (k == FK_BIG) {
        if (x.type == T_BIGFLOAT)
            return val_retain(x);
        value v = num_bigfloat(ctx);
        num_to_mpfr(ctx, val_mpfr(v), x);
        return v;
    }
    double d;
    real_d(ctx, x, k, &d);
    return mkf(k, d);
}

static int derr(jc_ctx *ctx, value x, const char *msg)
{
    num_domain_error(ctx, x, msg);
    val_release(x);
    return -1;
}

static value mktuple2(value a, value b)
{
    value t = v_tuple_new(2);
    val_tuple(t)->v[0] = a;
    val_tuple(t)->v[1] = b;
    return t;
}

/* An MPFR result (computed at the kind's precision, or higher) as a value of kind k.
 * Results below the normal range are recomputed by the caller when it matters; here a
 * 53-bit (or narrower) value converts exactly. */
static value mpfr_to_kind(jc_ctx *ctx, mpfr_srcptr m, int k)
{
    if (k == FK_BIG)
        return mkbig(ctx, m);
    return mkf(k, mpfr_get_d(m, MPFR_RNDN));
}

/* ---- complex numbers through MPC ---- */

typedef int (*mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mpc_fn)(mpc_ptr, mpc_srcptr, mpc_rnd_t);

/* z := the complex value x (parts loaded as real_mpfr does, at precision p for floats). */
static void cload(jc_ctx *ctx, mpc_ptr z, value x, int k)
{
    value re = x, im = v_bool(0);
    if (x.type == T_COMPLEX) {
        re = val_complex(x)->re;
        im = val_complex(x)->im;
    }
    mpfr_t a, b;
    mpfr_prec_t p = k == FK_BIG ? ctx->precision : 53;
    mpfr_init2(a, p);
    mpfr_init2(b, p);
    if (k == FK_BIG) {
        real_mpfr(ctx, a, re);
        real_mpfr(ctx, b, im);
    } else {
        double d;
        real_d(ctx, re, k, &d);
        mpfr_set_d(a, d, MPFR_RNDN);
        real_d(ctx, im, k, &d);
        mpfr_set_d(b, d, MPFR_RNDN);
    }
    mpfr_prec_t q = mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a) : mpfr_get_prec(b);
    mpc_set_prec(z, q);
    mpc_set_fr_fr(z, a, b, MPC_RNDNN);
    mpfr_clear(a);
    mpfr_clear(b);
}

static mpc_rnd_t crnd(jc_ctx *ctx, int k)
{
    if (k != FK_BIG)
        return MPC_RNDNN;
    mpfr_rnd_t r = ctx->rounding;
    return MPC_RND(r, r);
}

static value cvalue(jc_ctx *ctx, mpc_srcptr z, int k)
{
    return v_complex(mpfr_to_kind(ctx, mpc_realref(z), k), mpfr_to_kind(ctx, mpc_imagref(z), k));
}

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
static int cx_apply(jc_ctx *ctx, value *out, value x, mpc_fn f, int pre_inv, int post_inv)
{
    int k = fin_fk(val_fk(x));
    mpc_t z, r;
    mpc_init2(z, 53);
    mpc_init2(r, fk_prec(ctx, k));
    cload(ctx, z, x, k);
    if (pre_inv)
        mpc_ui_div(z, 1, z, MPC_RNDNN);
    if (post_inv) {
        mpc_t t;
        mpc_init2(t, fk_prec(ctx, k) + 32);
        f(t, z, MPC_RNDNN);
        mpc_ui_div(r, 1, t, crnd(ctx, k));
        mpc_clear(t);
    } else {
        f(r, z, crnd(ctx, k));
    }
    *out = cvalue(ctx, r, k);
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

typedef struct ufn {
    const char *name;     /* the name in error texts (cos for sec, acos for asec) */
    double (*d)(double);  /* an exact Float64 kernel (sqrt), or NULL: MPFR at the type's precision */
    mpfr_fn mp;           /* the BigFloat kernel, under the same pre/post inversion */
    mpfr_fn mpdirect;     /* a BigFloat kernel for the whole function (mpfr_sec), or NULL */
    mpc_fn mc;            /* the Complex kernel, or NULL: no complex method */
    uint8_t dom;
    uint8_t pre_inv;      /* f(x) = kernel(1/x)  (asec, acoth ...) */
    uint8_t post_inv;     /* f(x) = 1/kernel(x)  (sec, coth ...) */
    uint8_t big_neg;      /* BigFloat checks x < 0 itself (log family: "Try log(complex(x)).") */
} ufn;

static void dom_text(sb *m, const ufn *f, int big)
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

static int dom_raise(jc_ctx *ctx, value xv, const ufn *f, int big)
{
    sb m = { 0 };
    dom_text(&m, f, big);
    num_domain_error(ctx, xv, sb_str(&m));
    sb_free(&m);
    val_release(xv);
    return -1;
}

static int nan_result(jc_ctx *ctx, value xv)
{
    return derr(ctx, xv, "NaN result for non-NaN input.");
}

static int unary_big(jc_ctx *ctx, value *out, value x, const ufn *f)
{
    value xv = as_float(ctx, x, FK_BIG);
    if (f->pre_inv) {
        value t = num_bigfloat(ctx);
        mpfr_ui_div(val_mpfr(t), 1, val_mpfr(xv), brnd(ctx));
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
    if (f->mpdirect) {
        f->mpdirect(m, a, brnd(ctx));
    } else if (f->post_inv) {
        mpfr_t t;
        mpfr_init2(t, ctx->precision + 32);
        f->mp(t, a, MPFR_RNDN);
        mpfr_ui_div(m, 1, t, brnd(ctx));
        mpfr_clear(t);
    } else {
        f->mp(m, a, brnd(ctx));
    }
    if (mpfr_nan_p(m) && !mpfr_nan_p(a)) {
        val_release(r);
        return nan_result(ctx, xv);
    }
    val_release(xv);
    *out = r;
    return 0;
}

/* f(x) for a real or complex x; LIB_DECLINE for anything else. */
static int unary(jc_ctx *ctx, value *out, value x, const ufn *f)
{
    if (x.type == T_COMPLEX)
        return f->mc ? cx_apply(ctx, out, x, f->mc, f->pre_inv, f->post_inv) : LIB_DECLINE;
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    if (k == FK_BIG)
        return unary_big(ctx, out, x, f);
    double d;
    real_d(ctx, x, k, &d);
    if (f->pre_inv)
        d = rk(k, 1.0 / d);
    if (dom_bad(f->dom, d))
        return dom_raise(ctx, mkf(k, d), f, 0);
    double r;
    if (f->d) {
        r = rk(k, f->d(d));
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
        r = rk(k, mpfr_get_d(t, MPFR_RNDN));
        mpfr_clears(m, t, (mpfr_ptr)0);
    }
    if (f->d && f->post_inv)
        r = rk(k, 1.0 / r);
    *out = mkf(k, r);
    return 0;
}

static const ufn U_sin = { "sin", NULL, mpfr_sin, NULL, mpc_sin, DOM_FINITE, 0, 0, 0 };
static const ufn U_cos = { "cos", NULL, mpfr_cos, NULL, mpc_cos, DOM_FINITE, 0, 0, 0 };
static const ufn U_tan = { "tan", NULL, mpfr_tan, NULL, mpc_tan, DOM_FINITE, 0, 0, 0 };
static const ufn U_sec = { "cos", NULL, mpfr_cos, mpfr_sec, mpc_cos, DOM_FINITE, 0, 1, 0 };
static const ufn U_csc = { "sin", NULL, mpfr_sin, mpfr_csc, mpc_sin, DOM_FINITE, 0, 1, 0 };
static const ufn U_cot = { "tan", NULL, mpfr_tan, mpfr_cot, mpc_tan, DOM_FINITE, 0, 1, 0 };
static const ufn U_asin = { "asin", NULL, mpfr_asin, NULL, mpc_asin, DOM_ASIN, 0, 0, 0 };
static const ufn U_acos = { "acos", NULL, mpfr_acos, NULL, mpc_acos, DOM_ACOS, 0, 0, 0 };
static const ufn U_atan = { "atan", NULL, mpfr_atan, NULL, mpc_atan, DOM_NONE, 0, 0, 0 };
static const ufn U_asec = { "acos", NULL, mpfr_acos, NULL, mpc_acos, DOM_ACOS, 1, 0, 0 };
static const ufn U_acsc = { "asin", NULL, mpfr_asin, NULL, mpc_asin, DOM_ASIN, 1, 0, 0 };
static const ufn U_acot = { "atan", NULL, mpfr_atan, NULL, mpc_atan, DOM_NONE, 1, 0, 0 };
static const ufn U_sinh = { "sinh", NULL, mpfr_sinh, NULL, mpc_sinh, DOM_NONE, 0, 0, 0 };
static const ufn U_cosh = { "cosh", NULL, mpfr_cosh, NULL, mpc_cosh, DOM_NONE, 0, 0, 0 };
static const ufn U_tanh = { "tanh", NULL, mpfr_tanh, NULL, mpc_tanh, DOM_NONE, 0, 0, 0 };
static const ufn U_sech = { "cosh", NULL, mpfr_cosh, mpfr_sech, mpc_cosh, DOM_NONE, 0, 1, 0 };
static const ufn U_csch = { "sinh", NULL, mpfr_sinh, mpfr_csch, mpc_sinh, DOM_NONE, 0, 1, 0 };
static const ufn U_coth = { "tanh", NULL, mpfr_tanh, mpfr_coth, mpc_tanh, DOM_NONE, 0, 1, 0 };
static const ufn U_asinh = { "asinh", NULL, mpfr_asinh, NULL, mpc_asinh, DOM_NONE, 0, 0, 0 };
static const ufn U_acosh = { "acosh", NULL, mpfr_acosh, NULL, mpc_acosh, DOM_ACOSH, 0, 0, 0 };
static const ufn U_atanh = { "atanh", NULL, mpfr_atanh, NULL, mpc_atanh, DOM_ATANH, 0, 0, 0 };
static const ufn U_asech = { "acosh", NULL, mpfr_acosh, NULL, mpc_acosh, DOM_ACOSH, 1, 0, 0 };
static const ufn U_acsch = { "asinh", NULL, mpfr_asinh, NULL, mpc_asinh, DOM_NONE, 1, 0, 0 };
static const ufn U_acoth = { "atanh", NULL, mpfr_atanh, NULL, mpc_atanh, DOM_ATANH, 1, 0, 0 };
static const ufn U_exp = { "exp", NULL, mpfr_exp, NULL, mpc_exp, DOM_NONE, 0, 0, 0 };
static const ufn U_exp2 = { "exp2", NULL, mpfr_exp2, NULL, cx_exp2, DOM_NONE, 0, 0, 0 };
static const ufn U_exp10 = { "exp10", NULL, mpfr_exp10, NULL, cx_exp10, DOM_NONE, 0, 0, 0 };
static const ufn U_expm1 = { "expm1", NULL, mpfr_expm1, NULL, cx_expm1, DOM_NONE, 0, 0, 0 };
static const ufn U_log = { "log", NULL, mpfr_log, NULL, mpc_log, DOM_NEG, 0, 0, 1 };
static const ufn U_log2 = { "log2", NULL, mpfr_log2, NULL, cx_log2, DOM_NEG, 0, 0, 1 };
static const ufn U_log10 = { "log10", NULL, mpfr_log10, NULL, mpc_log10, DOM_NEG, 0, 0, 1 };
static const ufn U_log1p = { "log1p", NULL, mpfr_log1p, NULL, cx_log1p, DOM_LOG1P, 0, 0, 1 };
static const ufn U_sqrt = { "sqrt", sqrt, mpfr_sqrt, NULL, mpc_sqrt, DOM_NEG, 0, 0, 0 };
static const ufn U_cbrt = { "cbrt", NULL, mpfr_cbrt, NULL, NULL, DOM_NONE, 0, 0, 0 };

#define UNARY(id) \
    static int bi_##id(jc_ctx *ctx, value *out, const jc_args *a) { return unary(ctx, out, a->v[0], &U_##id); }
UNARY(sin) UNARY(cos) UNARY(tan) UNARY(sec) UNARY(csc) UNARY(cot)
UNARY(asin) UNARY(acos) UNARY(asec) UNARY(acsc) UNARY(acot)
UNARY(sinh) UNARY(cosh) UNARY(tanh) UNARY(sech) UNARY(csch) UNARY(coth)
UNARY(asinh) UNARY(acosh) UNARY(atanh) UNARY(asech) UNARY(acsch) UNARY(acoth)
UNARY(exp) UNARY(exp2) UNARY(exp10) UNARY(expm1)
UNARY(log2) UNARY(log10) UNARY(log1p) UNARY(sqrt) UNARY(cbrt)
#undef UNARY

/* ---- two real arguments in their promoted float kind ---- */

/* The joined float kind of n arguments (complex parts included); -1 if one is not a number. */
static int join_fk(int n, const value *v)
{
    int k = FK_NONE;
    for (int i = 0; i < n; i++) {
        if (!num_is_number(v[i]))
            return -1;
        int ki = val_fk(v[i]);
        if (ki > k)
            k = ki;
    }
    return fin_fk(k);
}

static int all_real(int n, const value *v)
{
    for (int i = 0; i < n; i++)
        if (!num_is_real(v[i]))
            return 0;
    return 1;
}

/* atan(y, x) in radians; degrees when deg. */
static int atan2_common(jc_ctx *ctx, value *out, value y, value x, int deg)
{
    value v[2] = { y, x };
    if (!all_real(2, v))
        return LIB_DECLINE;
    int k = join_fk(2, v);
    if (k == FK_BIG) {
        mpfr_t a, b;
        mpfr_inits2(ctx->precision, a, b, (mpfr_ptr)0);
        real_mpfr(ctx, a, y);
        real_mpfr(ctx, b, x);
        value r = num_bigfloat(ctx);
        if (deg)
            mpfr_atan2u(val_mpfr(r), a, b, 360, brnd(ctx));
        else
            mpfr_atan2(val_mpfr(r), a, b, brnd(ctx));
        mpfr_clears(a, b, (mpfr_ptr)0);
        *out = r;
        return 0;
    }
    double a, b;
    real_d(ctx, y, k, &a);
    real_d(ctx, x, k, &b);
    mpfr_t ma, mb, mr;
    mpfr_inits2(53, ma, mb, (mpfr_ptr)0);
    mpfr_init2(mr, fk_prec(ctx, k));
    mpfr_set_d(ma, a, MPFR_RNDN);
    mpfr_set_d(mb, b, MPFR_RNDN);
    mpfr_atan2(mr, ma, mb, MPFR_RNDN);
    double r = mpfr_get_d(mr, MPFR_RNDN);
    mpfr_clears(ma, mb, mr, (mpfr_ptr)0);
    if (deg)
        r = rk(k, r * rk(k, 180.0 / rk(k, M_PI)));
    *out = mkf(k, r);
    return 0;
}

static int bi_atan(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 2)
        return atan2_common(ctx, out, a->v[0], a->v[1], 0);
    return unary(ctx, out, a->v[0], &U_atan);
}

/* ---- log, with log(ℯ) == 1 and log(b, x) ---- */

static int bi_log(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 1) {
        if (a->v[0].type == T_IRRATIONAL && a->v[0].sub == IRR_E) {
            *out = v_int(1);   /* Julia: log(::Irrational{:ℯ}) = 1 */
            return 0;
        }
        return unary(ctx, out, a->v[0], &U_log);
    }
    value b = a->v[0], x = a->v[1];
    if (!num_is_number(b) || !num_is_number(x))
        return LIB_DECLINE;
    if (b.type == T_IRRATIONAL && b.sub == IRR_E)
        return unary(ctx, out, x, &U_log);
    /* log(b::T, x::T) = log(x)/log(b) after promotion; log(x) is taken first, so when
     * both are negative the error names x */
    value b2, x2, lb = v_nothing(), lx = v_nothing();
    int r;
    if (num_promote(ctx, &b2, &x2, b, x) != 0)
        return -1;
    if ((r = unary(ctx, &lx, x2, &U_log)) == 0 && (r = unary(ctx, &lb, b2, &U_log)) == 0)
        r = num_binop(ctx, out, NUM_DIV, lx, lb);
    val_release(b2);
    val_release(x2);
    val_release(lx);
    val_release(lb);
    return r;
}

/* ---- the π functions: sinpi, cospi, tanpi, sincospi ---- */

enum { PI_SIN, PI_COS, PI_TAN };
static const mpfr_fn pi_mpfr[] = { mpfr_sinpi, mpfr_cospi, mpfr_tanpi };

static double pi_kernel(int w, int k, double x)
{
    if (k == FK_F64)
        return w == PI_SIN ? mc_sinpi(x) : w == PI_COS ? mc_cospi(x) : mc_tanpi(x);
    if (k == FK_F32) {
        float f = (float)x;
        return w == PI_SIN ? mc_sinpif(f) : w == PI_COS ? mc_cospif(f) : mc_tanpif(f);
    }
    uint16_t h = mc_double_to_half(x);
    return mc_half_to_double(w == PI_SIN ? mc_sinpih(h) : w == PI_COS ? mc_cospih(h) : mc_tanpih(h));
}

static value pi_const(jc_ctx *ctx, int k, double d)
{
    if (k != FK_BIG)
        return mkf(k, d);
    value v = num_bigfloat(ctx);
    mpfr_set_d(val_mpfr(v), d, MPFR_RNDN);
    return v;
}

/* sinpi/cospi/tanpi of an integer: exact (Julia's Integer methods, float(x)'s type). */
static value pi_integer(jc_ctx *ctx, int w, int k, int neg, int odd)
{
    double d;
    if (w == PI_SIN)
        d = neg ? -0.0 : 0.0;
    else if (w == PI_COS)
        d = odd ? -1.0 : 1.0;
    else
        d = (neg ? -1 : 1) * (odd ? -0.0 : 0.0);
    return pi_const(ctx, k, d);
}

/* sinpi/cospi/tanpi of a rational p/q, reduced exactly to s·(|p| mod 2q)/q in (-2, 2).
 * When that is a double the math core answers; otherwise MPFR on the fraction rounded
 * to 64 bits more than the result (the fraction is not an integer or half-integer, so
 * the function is far from its zeros and poles in relative terms). */
static value pi_rational(jc_ctx *ctx, int w, int k, mpq_srcptr q)
{
    mpz_t r, q2;
    mpz_inits(r, q2, (mpz_ptr)0);
    mpz_mul_2exp(q2, mpq_denref(q), 1);
    mpz_abs(r, mpq_numref(q));
    mpz_mod(r, r, q2);
    if (mpq_sgn(q) < 0)
        mpz_neg(r, r);
    mpq_t y;
    mpq_init(y);
    mpq_set_num(y, r);
    mpq_set_den(y, mpq_denref(q));
    mpq_canonicalize(y);
    int neg = mpq_sgn(q) < 0;
    value v;
    mpz_srcptr den = mpq_denref(y);
    if (k != FK_BIG && mpz_popcount(den) == 1 && mpz_sizeinbase(mpq_numref(y), 2) <= 53) {
        double d = mpq_get_d(y);
        if (d == 0 && neg)
            d = -0.0;
        v = mkf(k, pi_kernel(w, FK_F64, d));
    } else {
        mpfr_prec_t p = fk_prec(ctx, k);
        mpfr_t t, res;
        mpfr_init2(t, p + 64);
        mpfr_init2(res, p);
        mpfr_set_q(t, y, MPFR_RNDN);
        if (mpfr_zero_p(t) && neg)
            mpfr_neg(t, t, MPFR_RNDN);
        pi_mpfr[w](res, t, k == FK_BIG ? brnd(ctx) : MPFR_RNDN);
        v = mpfr_to_kind(ctx, res, k);
        mpfr_clears(t, res, (mpfr_ptr)0);
    }
    mpq_clear(y);
    mpz_clears(r, q2, (mpz_ptr)0);
    return v;
}

static int pi_real(jc_ctx *ctx, int w, value x, value *out)
{
    int k = fin_fk(real_fk(x));
    if (num_is_integer_type(x)) {
        mpz_t z;
        mpz_init(z);
        num_to_mpz(ctx, z, x);
        *out = pi_integer(ctx, w, k, mpz_sgn(z) < 0, mpz_odd_p(z));
        mpz_clear(z);
        return 0;
    }
    if (x.type == T_RATIONAL) {
        *out = pi_rational(ctx, w, k, val_mpq(x));
        return 0;
    }
    if (k == FK_BIG) {
        mpfr_srcptr m = val_mpfr(x);
        if (mpfr_inf_p(m))
            return num_domain_error(ctx, x, "`x` cannot be infinite.");
        value r = num_bigfloat(ctx);
        pi_mpfr[w](val_mpfr(r), m, brnd(ctx));
        *out = r;
        return 0;
    }
    double d;
    real_d(ctx, x, k, &d);
    if (isinf(d))
        return num_domain_error(ctx, mkf(k, d), "`x` cannot be infinite.");
    *out = mkf(k, pi_kernel(w, k, d));
    return 0;
}

/* sinpi(x+iy) = sinpi(x)cosh(πy) + i cospi(x)sinh(πy);
 * cospi(x+iy) = cospi(x)cosh(πy) - i sinpi(x)sinh(πy), in MPFR at 32 extra bits. */
static void pi_complex_mpc(jc_ctx *ctx, int w, mpc_ptr res, mpc_srcptr z)
{
    mpfr_prec_t p = mpc_get_prec(res) + 32;
    mpfr_t s, c, sh, ch, t;
    mpfr_inits2(p, s, c, sh, ch, t, (mpfr_ptr)0);
    mpfr_sinpi(s, mpc_realref(z), MPFR_RNDN);
    mpfr_cospi(c, mpc_realref(z), MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_mul(t, t, mpc_imagref(z), MPFR_RNDN);
    mpfr_sinh_cosh(sh, ch, t, MPFR_RNDN);
    if (w == PI_SIN) {
        mpfr_mul(s, s, ch, MPFR_RNDN);
        mpfr_mul(c, c, sh, MPFR_RNDN);
        mpc_set_fr_fr(res, s, c, MPC_RNDNN);
    } else {
        mpfr_mul(c, c, ch, MPFR_RNDN);
        mpfr_mul(s, s, sh, MPFR_RNDN);
        mpfr_neg(s, s, MPFR_RNDN);
        mpc_set_fr_fr(res, c, s, MPC_RNDNN);
    }
    mpfr_clears(s, c, sh, ch, t, (mpfr_ptr)0);
    (void)ctx;
}

static int pi_complex(jc_ctx *ctx, int w, value x, value *out)
{
    int k = fin_fk(val_fk(x));
    mpfr_prec_t p = fk_prec(ctx, k);
    mpc_t z, r;
    mpc_init2(z, 53);
    mpc_init2(r, p);
    cload(ctx, z, x, k);
    if (w == PI_TAN) {
        /* tanpi(z) = sinpi(z)/cospi(z), as Julia defines it */
        mpc_t s, c;
        mpc_init2(s, p + 32);
        mpc_init2(c, p + 32);
        pi_complex_mpc(ctx, PI_SIN, s, z);
        pi_complex_mpc(ctx, PI_COS, c, z);
        mpc_div(r, s, c, crnd(ctx, k));
        mpc_clear(s);
        mpc_clear(c);
    } else {
        mpc_t t;
        mpc_init2(t, p + 32);
        pi_complex_mpc(ctx, w, t, z);
        mpc_set(r, t, crnd(ctx, k));
        mpc_clear(t);
    }
    *out = cvalue(ctx, r, k);
    mpc_clear(z);
    mpc_clear(r);
    return 0;
}

static int pi_any(jc_ctx *ctx, int w, value x, value *out)
{
    if (x.type == T_COMPLEX)
        return pi_complex(ctx, w, x, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    return pi_real(ctx, w, x, out);
}

static int bi_sinpi(jc_ctx *ctx, value *out, const jc_args *a) { return pi_any(ctx, PI_SIN, a->v[0], out); }
static int bi_cospi(jc_ctx *ctx, value *out, const jc_args *a) { return pi_any(ctx, PI_COS, a->v[0], out); }
static int bi_tanpi(jc_ctx *ctx, value *out, const jc_args *a) { return pi_any(ctx, PI_TAN, a->v[0], out); }

static int bi_sincospi(jc_ctx *ctx, value *out, const jc_args *a)
{
    value s, c;
    int r = pi_any(ctx, PI_SIN, a->v[0], &s);
    if (r != 0)
        return r;
    if ((r = pi_any(ctx, PI_COS, a->v[0], &c)) != 0) {
        val_release(s);
        return r;
    }
    *out = mktuple2(s, c);
    return 0;
}

static int bi_sincos(jc_ctx *ctx, value *out, const jc_args *a)
{
    static const ufn U_sin2 = { "sincos", NULL, mpfr_sin, NULL, mpc_sin, DOM_FINITE, 0, 0, 0 };
    static const ufn U_cos2 = { "sincos", NULL, mpfr_cos, NULL, mpc_cos, DOM_FINITE, 0, 0, 0 };
    value s, c;
    int r = unary(ctx, &s, a->v[0], &U_sin2);
    if (r != 0)
        return r;
    if ((r = unary(ctx, &c, a->v[0], &U_cos2)) != 0) {
        val_release(s);
        return r;
    }
    *out = mktuple2(s, c);
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
        int k = fin_fk(val_fk(x));
        mpc_t z, t, r;
        mpc_init2(z, 53);
        mpc_init2(t, fk_prec(ctx, k) + 32);
        mpc_init2(r, fk_prec(ctx, k));
        cload(ctx, z, x, k);
        mpc_sqrt(t, z, MPC_RNDNN);
        mpc_sqrt(r, t, crnd(ctx, k));
        *out = cvalue(ctx, r, k);
        mpc_clear(z);
        mpc_clear(t);
        mpc_clear(r);
        return 0;
    }
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    if (k == FK_BIG) {
        value xv = as_float(ctx, x, FK_BIG);
        mpfr_srcptr m = val_mpfr(xv);
        if (mpfr_sgn(m) < 0 && !mpfr_nan_p(m))
            return nan_result(ctx, xv);
        value r = num_bigfloat(ctx);
        if (mpfr_zero_p(m))
            mpfr_set(val_mpfr(r), m, MPFR_RNDN);    /* sqrt(sqrt(-0.0)) is -0.0 */
        else
            mpfr_rootn_ui(val_mpfr(r), m, 4, brnd(ctx));
        val_release(xv);
        *out = r;
        return 0;
    }
    double d;
    real_d(ctx, x, k, &d);
    if (d < 0)
        return num_domain_error(ctx, mkf(k, d), sqrt_msg);
    double r = k == FK_F64 ? mc_fourthroot(d)
             : k == FK_F32 ? (double)mc_fourthrootf((float)d)
             : mc_half_to_double(mc_fourthrooth(mc_double_to_half(d)));
    *out = mkf(k, r);
    return 0;
}

/* ---- degrees ---- */

/* sind/cosd: MPFR's sinu/cosu with u = 360 give the correctly rounded value with exact
 * reduction; the zeros take Julia's signs (sind: the sign of x; cosd: +0.0). */
enum { DEG_SIN, DEG_COS, DEG_TAN };

static int deg_mpfr(jc_ctx *ctx, int w, mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    (void)ctx;
    if (w == DEG_SIN) {
        mpfr_sinu(r, x, 360, rnd);
        if (mpfr_zero_p(r))
            mpfr_setsign(r, r, mpfr_signbit(x), MPFR_RNDN);
    } else if (w == DEG_COS) {
        mpfr_cosu(r, x, 360, rnd);
        if (mpfr_zero_p(r))
            mpfr_abs(r, r, MPFR_RNDN);
    } else {
        /* tand(x) = sind(x)/cosd(x), Julia's definition: tand(90) = Inf, tand(180) = -0.0 */
        mpfr_t s, c;
        mpfr_inits2(mpfr_get_prec(r), s, c, (mpfr_ptr)0);
        deg_mpfr(ctx, DEG_SIN, s, x, rnd);
        deg_mpfr(ctx, DEG_COS, c, x, rnd);
        mpfr_div(r, s, c, rnd);
        mpfr_clears(s, c, (mpfr_ptr)0);
    }
    return 0;
}

static int deg_real(jc_ctx *ctx, int w, value x, value *out)
{
    int k = fin_fk(real_fk(x));
    value xv = as_float(ctx, x, k);
    if (num_isinf(xv))
        return derr(ctx, xv, "`x` cannot be infinite.");
    if (k == FK_BIG) {
        value r = num_bigfloat(ctx);
        deg_mpfr(ctx, w, val_mpfr(r), val_mpfr(xv), brnd(ctx));
        val_release(xv);
        *out = r;
        return 0;
    }
    /* Float16 goes through Float32, as Julia's does */
    int kk = k == FK_F16 ? FK_F32 : k;
    mpfr_t m, r;
    mpfr_init2(m, 53);
    mpfr_init2(r, fk_prec(ctx, kk));
    mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    double d;
    if (w == DEG_TAN) {
        deg_mpfr(ctx, DEG_SIN, r, m, MPFR_RNDN);
        double s = mpfr_get_d(r, MPFR_RNDN);
        deg_mpfr(ctx, DEG_COS, r, m, MPFR_RNDN);
        d = rk(kk, s / mpfr_get_d(r, MPFR_RNDN));
    } else {
        deg_mpfr(ctx, w, r, m, MPFR_RNDN);
        d = mpfr_get_d(r, MPFR_RNDN);
    }
    mpfr_clears(m, r, (mpfr_ptr)0);
    *out = mkf(k, d);
    return 0;
}

/* Complex arguments: Julia defines sind(z) = sin(deg2rad(z)) with deg2rad(z::Number) =
 * (z/180)*π (not z*(π/180) as for reals), cscd(z) = inv(sind(z)), and asind(z) =
 * rad2deg(asin(z)) with rad2deg(z::Number) = (z/π)*180; the same order of operations
 * gives the same roundings. */
static int call_global1(jc_ctx *ctx, const char *name, value x, value *out)
{
    value f;
    if (eval_get_global(ctx, name, &f) < 0)
        return -1;
    int r = eval_call(ctx, f, 1, &x, NULL, out);
    val_release(f);
    return r;
}

/* (x / d) * m or (x / π) * m, as Julia's deg2rad/rad2deg for a non-real number. */
static int angle_number(jc_ctx *ctx, value x, int to_deg, value *out)
{
    value pi, t;
    if (eval_get_global(ctx, "π", &pi) < 0)
        return -1;
    int r = num_binop(ctx, &t, NUM_DIV, x, to_deg ? pi : v_int(180));
    if (r >= 0) {
        r = num_binop(ctx, out, NUM_MUL, t, to_deg ? v_int(180) : pi);
        val_release(t);
    }
    val_release(pi);
    return r < 0 ? -1 : 0;
}

static int deg_complex(jc_ctx *ctx, const char *f, int inv, value x, value *out)
{
    value w, r;
    if (angle_number(ctx, x, 0, &w) < 0)
        return -1;
    int res = call_global1(ctx, f, w, &r);
    val_release(w);
    if (res < 0 || !inv) {
        if (res == 0)
            *out = r;
        return res;
    }
    res = num_inv(ctx, out, r) < 0 ? -1 : 0;
    val_release(r);
    return res;
}

static int inverse_deg_complex(jc_ctx *ctx, const ufn *f, value x, value *out)
{
    value r;
    int res0 = unary(ctx, &r, x, f);
    if (res0 != 0)
        return res0;
    int res = angle_number(ctx, r, 1, out);
    val_release(r);
    return res;
}

static int deg_any(jc_ctx *ctx, int w, int inv, value x, value *out)
{
    static const char *const rad[] = { [DEG_SIN] = "sin", [DEG_COS] = "cos", [DEG_TAN] = "tan" };
    if (x.type == T_COMPLEX)
        return deg_complex(ctx, rad[w], inv, x, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    value r;
    int res = deg_real(ctx, w, x, &r);
    if (res != 0)
        return res;
    if (!inv) {
        *out = r;
        return 0;
    }
    res = num_inv(ctx, out, r);
    val_release(r);
    return res;
}

static int bi_sind(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_SIN, 0, a->v[0], out); }
static int bi_cosd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_COS, 0, a->v[0], out); }
static int bi_tand(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_TAN, 0, a->v[0], out); }
static int bi_cscd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_SIN, 1, a->v[0], out); }
static int bi_secd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_COS, 1, a->v[0], out); }
static int bi_cotd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_TAN, 1, a->v[0], out); }

/* rad2deg(x) = x * (180/π) and deg2rad(x) = x * (π/180), the constant rounded to x's
 * float type first, as Julia does (deg2rad(90) == 1.5707963267948966). */
static int angle_convert(jc_ctx *ctx, value *out, value x, int to_deg)
{
    if (x.type == T_COMPLEX)
        return angle_number(ctx, x, to_deg, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    if (k == FK_BIG) {
        value xv = as_float(ctx, x, FK_BIG);
        mpfr_t c;
        mpfr_init2(c, ctx->precision);
        mpfr_const_pi(c, brnd(ctx));
        if (to_deg)
            mpfr_ui_div(c, 180, c, brnd(ctx));
        else
            mpfr_div_ui(c, c, 180, brnd(ctx));
        value r = num_bigfloat(ctx);
        mpfr_mul(val_mpfr(r), val_mpfr(xv), c, brnd(ctx));
        mpfr_clear(c);
        val_release(xv);
        *out = r;
        return 0;
    }
    double d, p = rk(k, M_PI);
    real_d(ctx, x, k, &d);
    double c = to_deg ? rk(k, 180.0 / p) : rk(k, p / 180.0);
    *out = mkf(k, d * c);
    return 0;
}

static int bi_rad2deg(jc_ctx *ctx, value *out, const jc_args *a) { return angle_convert(ctx, out, a->v[0], 1); }
static int bi_deg2rad(jc_ctx *ctx, value *out, const jc_args *a) { return angle_convert(ctx, out, a->v[0], 0); }

/* asind(x) = rad2deg(asin(x)) and friends, Julia's definitions. */
static int inverse_deg(jc_ctx *ctx, value *out, value x, const ufn *f)
{
    if (x.type == T_COMPLEX)
        return inverse_deg_complex(ctx, f, x, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    value r;
    int res = unary(ctx, &r, x, f);
    if (res != 0)
        return res;
    res = angle_convert(ctx, out, r, 1);
    val_release(r);
    return res;
}

static int bi_asind(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &U_asin); }
static int bi_acosd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &U_acos); }
static int bi_asecd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &U_asec); }
static int bi_acscd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &U_acsc); }
static int bi_acotd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &U_acot); }

static int bi_atand(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 2) {
        value v[2] = { a->v[0], a->v[1] };
        if (!all_real(2, v))
            return LIB_DECLINE;
        value r;
        int res = atan2_common(ctx, &r, v[0], v[1], 0);
        if (res != 0)
            return res;
        res = angle_convert(ctx, out, r, 1);
        val_release(r);
        return res;
    }
    return inverse_deg(ctx, out, a->v[0], &U_atan);
}

/* ---- rem2pi and mod2pi ---- */

/* x - 2πk with k = round(x/(2π), mode), computed with enough bits of π that the result
 * is correctly rounded: x/(2π) is never an integer or half-integer, and 64 guard bits
 * beyond x's exponent put the quotient far enough from the rounding boundary. */
static void rem2pi_mpfr(mpfr_ptr res, mpfr_srcptr x, mpfr_rnd_t mode, mpfr_rnd_t rnd)
{
    mpfr_exp_t e = mpfr_get_exp(x);
    mpfr_prec_t p = mpfr_get_prec(res) + 64 + (e > 0 ? e : 0) + mpfr_get_prec(x);
    mpfr_t twopi, q;
    mpfr_inits2(p, twopi, q, (mpfr_ptr)0);
    mpfr_const_pi(twopi, MPFR_RNDN);
    mpfr_mul_2ui(twopi, twopi, 1, MPFR_RNDN);
    mpfr_div(q, x, twopi, MPFR_RNDN);
    mpfr_rint(q, q, mode);
    mpfr_mul(q, q, twopi, MPFR_RNDN);
    mpfr_sub(q, x, q, MPFR_RNDN);
    mpfr_set(res, q, rnd);
    mpfr_clears(twopi, q, (mpfr_ptr)0);
}

static int rem2pi_common(jc_ctx *ctx, value *out, value x, int rm)
{
    static const mpfr_rnd_t modes[RM__COUNT] = {
        [RM_NEAREST] = MPFR_RNDN, [RM_TOZERO] = MPFR_RNDZ, [RM_UP] = MPFR_RNDU, [RM_DOWN] = MPFR_RNDD,
    };
    if (!num_is_real(x) || !(rm == RM_NEAREST || rm == RM_TOZERO || rm == RM_UP || rm == RM_DOWN))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    value xv = as_float(ctx, x, k);
    if (!num_isfinite(xv)) {
        val_release(xv);
        *out = k == FK_BIG ? num_bigfloat(ctx) : mkf(k, NAN);
        return 0;
    }
    mpfr_t m, r;
    mpfr_init2(m, 53);
    mpfr_init2(r, k == FK_BIG ? ctx->precision : 53);
    if (k == FK_BIG)
        real_mpfr(ctx, m, xv);
    else
        mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    if (mpfr_zero_p(m))
        mpfr_set(r, m, MPFR_RNDN);
    else
        rem2pi_mpfr(r, m, modes[rm], k == FK_BIG ? brnd(ctx) : MPFR_RNDN);
    *out = mpfr_to_kind(ctx, r, k);
    mpfr_clears(m, r, (mpfr_ptr)0);
    val_release(xv);
    return 0;
}

static int bi_rem2pi(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[1].type != T_ROUNDMODE)
        return LIB_DECLINE;
    return rem2pi_common(ctx, out, a->v[0], (int)a->v[1].u.i);
}

static int bi_mod2pi(jc_ctx *ctx, value *out, const jc_args *a) { return rem2pi_common(ctx, out, a->v[0], RM_DOWN); }

/* ---- sinc, cosc, cis, cispi ---- */

/* sinc(x) = sinpi(x)/(πx), 1 at 0; cosc(x) = cospi(x)/x - sinpi(x)/(πx²), its
 * derivative, 0 at 0.  Both take MPFR at 32 extra bits for every kind (the quotient
 * and the difference would lose bits in plain double near 0). */
static int sinc_common(jc_ctx *ctx, value *out, value x, int cosc)
{
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    value xv = as_float(ctx, x, k);
    mpfr_prec_t p = fk_prec(ctx, k) + 32;
    mpfr_t m, s, c, t, r;
    mpfr_init2(m, k == FK_BIG ? ctx->precision : 53);
    mpfr_inits2(p, s, c, t, (mpfr_ptr)0);
    mpfr_init2(r, fk_prec(ctx, k));
    if (k == FK_BIG)
        real_mpfr(ctx, m, xv);
    else
        mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    mpfr_rnd_t rnd = k == FK_BIG ? brnd(ctx) : MPFR_RNDN;
    if (mpfr_zero_p(m) || mpfr_inf_p(m)) {
        mpfr_set_ui(r, !cosc && mpfr_zero_p(m), MPFR_RNDN);
    } else if (mpfr_nan_p(m)) {
        mpfr_set_nan(r);
    } else {
        mpfr_const_pi(t, MPFR_RNDN);
        mpfr_mul(t, t, m, MPFR_RNDN);           /* πx */
        mpfr_sinpi(s, m, MPFR_RNDN);
        if (!cosc) {
            mpfr_div(r, s, t, rnd);
        } else {
            mpfr_cospi(c, m, MPFR_RNDN);
            mpfr_mul(c, c, t, MPFR_RNDN);       /* πx·cospi(x) - sinpi(x), over πx² */
            mpfr_sub(c, c, s, MPFR_RNDN);
            mpfr_mul(t, t, m, MPFR_RNDN);
            mpfr_div(r, c, t, rnd);
        }
    }
    *out = mpfr_to_kind(ctx, r, k);
    mpfr_clears(m, s, c, t, r, (mpfr_ptr)0);
    val_release(xv);
    return 0;
}

static int bi_sinc(jc_ctx *ctx, value *out, const jc_args *a) { return sinc_common(ctx, out, a->v[0], 0); }
static int bi_cosc(jc_ctx *ctx, value *out, const jc_args *a) { return sinc_common(ctx, out, a->v[0], 1); }

static int bi_cis(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) {
        /* cis(z) = exp(iz) */
        int k = fin_fk(val_fk(x));
        mpc_t z, r;
        mpc_init2(z, 53);
        mpc_init2(r, fk_prec(ctx, k));
        cload(ctx, z, x, k);
        mpc_mul_i(z, z, 1, MPC_RNDNN);
        mpc_exp(r, z, crnd(ctx, k));
        *out = cvalue(ctx, r, k);
        mpc_clear(z);
        mpc_clear(r);
        return 0;
    }
    value c, s;
    int r = unary(ctx, &c, x, &U_cos);
    if (r != 0)
        return r;
    if ((r = unary(ctx, &s, x, &U_sin)) != 0) {
        val_release(c);
        return r;
    }
    *out = v_complex(c, s);
    return 0;
}

static int bi_cispi(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) {
        /* cispi(z) = exp(iπz) = cospi(z) + i sinpi(z) */
        int k = fin_fk(val_fk(x));
        mpfr_prec_t p = fk_prec(ctx, k);
        mpc_t z, s, c, r;
        mpc_init2(z, 53);
        mpc_init2(s, p + 32);
        mpc_init2(c, p + 32);
        mpc_init2(r, p);
        cload(ctx, z, x, k);
        pi_complex_mpc(ctx, PI_SIN, s, z);
        pi_complex_mpc(ctx, PI_COS, c, z);
        mpc_mul_i(s, s, 1, MPC_RNDNN);
        mpc_add(r, c, s, crnd(ctx, k));
        *out = cvalue(ctx, r, k);
        mpc_clear(z);
        mpc_clear(s);
        mpc_clear(c);
        mpc_clear(r);
        return 0;
    }
    value c, s;
    int r = pi_any(ctx, PI_COS, x, &c);
    if (r != 0)
        return r;
    if ((r = pi_any(ctx, PI_SIN, x, &s)) != 0) {
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
    int k = join_fk(a->n, a->v);
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
        cload(ctx, z, a->v[i], k);
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
        mpfr_sqrt(r, acc, k == FK_BIG ? brnd(ctx) : MPFR_RNDN);
    *out = mpfr_to_kind(ctx, r, k);
    mpfr_clears(acc, t, r, (mpfr_ptr)0);
    mpc_clear(z);
    return 0;
}

/* ---- special functions (beyond Julia's Base) ---- */

enum { SF_GAMMA, SF_LGAMMA, SF_LOGGAMMA, SF_ERF, SF_ERFC, SF_ZETA };

/* One special function at precision p; *sign gets lgamma's sign. */
static void sf_eval(int w, mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd, int *sign)
{
    switch (w) {
    case SF_GAMMA: mpfr_gamma(r, x, rnd); break;
    case SF_LGAMMA: case SF_LOGGAMMA: mpfr_lgamma(r, sign, x, rnd); break;
    case SF_ERF: mpfr_erf(r, x, rnd); break;
    case SF_ERFC: mpfr_erfc(r, x, rnd); break;
    default: mpfr_zeta(r, x, rnd); break;
    }
}

/* Hardware floats get MPFR's value at the type's precision: correctly rounded, except
 * that a result below the normal range is rounded twice (at 200 bits, then to the
 * subnormal), which can be off by one unit of the subnormal's last place. */
static int special(jc_ctx *ctx, value *out, value x, int w)
{
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    value xv = as_float(ctx, x, k);
    mpfr_t m, r;
    mpfr_init2(m, 53);
    mpfr_init2(r, fk_prec(ctx, k));
    if (k == FK_BIG)
        real_mpfr(ctx, m, xv);
    else
        mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    int sign = 1;
    mpfr_rnd_t rnd = k == FK_BIG ? brnd(ctx) : MPFR_RNDN;
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
        return derr(ctx, xv, "`gamma(x)` must be non-negative");
    }
    if (bad || (w == SF_GAMMA && mpfr_integer_p(m) && mpfr_sgn(m) < 0)) {
        mpfr_clears(m, r, (mpfr_ptr)0);
        return nan_result(ctx, xv);
    }
    *out = k == FK_BIG ? mkbig(ctx, r) : mkf(k, mpfr_get_d(r, MPFR_RNDN));
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
    if (!all_real(2, a->v))
        return LIB_DECLINE;
    int k = join_fk(2, a->v);
    mpfr_t x, y, r;
    mpfr_inits2(k == FK_BIG ? ctx->precision : 53, x, y, (mpfr_ptr)0);
    mpfr_init2(r, fk_prec(ctx, k));
    for (int i = 0; i < 2; i++) {
        mpfr_ptr m = i ? y : x;
        if (k == FK_BIG) {
            real_mpfr(ctx, m, a->v[i]);
        } else {
            double d;
            real_d(ctx, a->v[i], k, &d);
            mpfr_set_d(m, d, MPFR_RNDN);
        }
    }
    mpfr_beta(r, x, y, k == FK_BIG ? brnd(ctx) : MPFR_RNDN);
    *out = mpfr_to_kind(ctx, r, k);
    mpfr_clears(x, y, r, (mpfr_ptr)0);
    return 0;
}

/* ---- rounding ---- */

/* d rounded to an integer with Julia's mode. */
static double round_double(double d, int rm)
{
    double f;
    switch (rm) {
    case RM_TOZERO: return trunc(d);
    case RM_UP: return ceil(d);
    case RM_DOWN: return floor(d);
    case RM_FROMZERO: return d < 0 ? floor(d) : ceil(d);
    case RM_NEARESTTIESAWAY: return round(d);
    case RM_NEARESTTIESUP:
        f = floor(d);
        f = d - f >= 0.5 ? f + 1 : f;     /* d - floor(d) is exact */
        return f == 0 ? copysign(0.0, d) : f;
    default: return nearbyint(d);         /* ties to even in the default environment */
    }
}

static void round_mpfr(mpfr_ptr r, mpfr_srcptr x, int rm)
{
    switch (rm) {
    case RM_TOZERO: mpfr_trunc(r, x); break;
    case RM_UP: mpfr_ceil(r, x); break;
    case RM_DOWN: mpfr_floor(r, x); break;
    case RM_FROMZERO: mpfr_rint(r, x, MPFR_RNDA); break;
    case RM_NEARESTTIESAWAY: mpfr_round(r, x); break;
    case RM_NEARESTTIESUP: {
        mpfr_t f, h;
        mpfr_init2(f, mpfr_get_prec(x));
        mpfr_init2(h, mpfr_get_prec(x) + 1);
        mpfr_floor(f, x);
        mpfr_sub(h, x, f, MPFR_RNDN);
        if (mpfr_cmp_d(h, 0.5) >= 0)
            mpfr_add_ui(f, f, 1, MPFR_RNDN);
        if (mpfr_zero_p(f))
            mpfr_setsign(f, f, mpfr_signbit(x), MPFR_RNDN);
        mpfr_set(r, f, MPFR_RNDN);
        mpfr_clears(f, h, (mpfr_ptr)0);
        break;
    }
    default: mpfr_roundeven(r, x); break;
    }
}

/* q rounded to an integer with mode rm, into z. */
static void round_mpq(mpz_ptr z, mpq_srcptr q, int rm)
{
    mpz_t r;
    mpz_init(r);
    mpz_fdiv_qr(z, r, mpq_numref(q), mpq_denref(q));   /* q = z + r/d, 0 <= r < d */
    if (mpz_sgn(r) != 0) {
        mpz_mul_2exp(r, r, 1);
        int c = mpz_cmp(r, mpq_denref(q));             /* fraction vs 1/2 */
        int up;
        switch (rm) {
        case RM_TOZERO: up = mpq_sgn(q) < 0; break;
        case RM_UP: up = 1; break;
        case RM_DOWN: up = 0; break;
        case RM_FROMZERO: up = mpq_sgn(q) > 0; break;
        case RM_NEARESTTIESAWAY: up = c > 0 || (c == 0 && mpq_sgn(q) > 0); break;
        case RM_NEARESTTIESUP: up = c >= 0; break;
        default: up = c > 0 || (c == 0 && mpz_odd_p(z)); break;
        }
        if (up)
            mpz_add_ui(z, z, 1);
    }
    mpz_clear(r);
}

/* round(x, rm) keeping x's type (Julia: integers are unchanged, Rational stays
 * Rational, Irrational becomes Float64). */
static int round_value(jc_ctx *ctx, value *out, value x, int rm)
{
    if (num_is_integer_type(x)) {
        *out = val_retain(x);
        return 0;
    }
    if (x.type == T_RATIONAL) {
        mpz_t z, one;
        mpz_init(z);
        mpz_init_set_ui(one, 1);
        round_mpq(z, val_mpq(x), rm);
        int r = num_rational(ctx, out, z, one, (jc_type)x.sub);
        mpz_clears(z, one, (mpz_ptr)0);
        return r;
    }
    if (x.type == T_BIGFLOAT) {
        value r = num_bigfloat(ctx);
        mpfr_set_prec(val_mpfr(r), mpfr_get_prec(val_mpfr(x)));
        round_mpfr(val_mpfr(r), val_mpfr(x), rm);
        *out = r;
        return 0;
    }
    if (x.type == T_COMPLEX) {
        value re, im;
        if (round_value(ctx, &re, val_complex(x)->re, rm) != 0)
            return -1;
        if (round_value(ctx, &im, val_complex(x)->im, rm) != 0) {
            val_release(re);
            return -1;
        }
        *out = v_complex(re, im);
        return 0;
    }
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    double d;
    real_d(ctx, x, k, &d);
    *out = mkf(k, round_double(d, rm));
    return 0;
}

/* Julia's hidigit: the position of x's leading digit in base b. */
static int64_t hidigit(double x, int64_t base)
{
    if (x == 0)
        return 0;
    if (base == 10)
        return 1 + (int64_t)floor(log10(fabs(x)));
    if (base == 2)
        return 1 + ilogb(x);
    return 1 + (int64_t)floor(log(fabs(x)) / log((double)base));
}

/* round(x, rm; digits=d, base) as Julia computes it: scaled by base^d, rounded,
 * scaled back, in x's float type; a non-finite intermediate returns x (digits >= 0)
 * or the signed zero / infinity Julia's _round_step gives. */
static int round_digits(jc_ctx *ctx, value *out, value x, int rm, int64_t digits, int64_t base,
                        int sig)
{
    if (x.type == T_COMPLEX) {
        value re, im;
        if (round_digits(ctx, &re, val_complex(x)->re, rm, digits, base, sig) != 0)
            return -1;
        if (round_digits(ctx, &im, val_complex(x)->im, rm, digits, base, sig) != 0) {
            val_release(re);
            return -1;
        }
        *out = v_complex(re, im);
        return 0;
    }
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fin_fk(real_fk(x));
    if (k == FK_BIG) {
        value xv = as_float(ctx, x, k);
        mpfr_srcptr m = val_mpfr(xv);
        if (sig && !mpfr_zero_p(m) && mpfr_number_p(m)) {
            mpfr_t l;
            mpfr_init2(l, 64);
            mpfr_abs(l, m, MPFR_RNDN);
            mpfr_log2(l, l, MPFR_RNDD);
            double h = mpfr_get_d(l, MPFR_RNDD) / log2((double)base);
            digits -= 1 + (int64_t)floor(h);
            mpfr_clear(l);
        }
        mpfr_t sc, t;
        mpfr_inits2(ctx->precision, sc, t, (mpfr_ptr)0);
        mpfr_ui_pow_ui(sc, (unsigned long)base, (unsigned long)(digits >= 0 ? digits : -digits), brnd(ctx));
        value r = num_bigfloat(ctx);
        if (digits >= 0)
            mpfr_mul(t, m, sc, brnd(ctx));
        else
            mpfr_div(t, m, sc, brnd(ctx));
        round_mpfr(t, t, rm);
        if (digits >= 0)
            mpfr_div(val_mpfr(r), t, sc, brnd(ctx));
        else
            mpfr_mul(val_mpfr(r), t, sc, brnd(ctx));
        if (!mpfr_number_p(val_mpfr(r)))
            mpfr_set(val_mpfr(r), m, MPFR_RNDN);
        mpfr_clears(sc, t, (mpfr_ptr)0);
        val_release(xv);
        *out = r;
        return 0;
    }
    double d;
    real_d(ctx, x, k, &d);
    if (sig)
        digits -= hidigit(d, base);
    double y;
    if (digits >= 0) {
        double inv = rk(k, pow((double)base, (double)digits));
        y = rk(k, round_double(rk(k, d * inv), rm) / inv);
        if (!isfinite(y))
            y = d;
    } else {
        double step = rk(k, pow((double)base, (double)-digits));
        y = rk(k, round_double(rk(k, d / step), rm) * step);
        if (!isfinite(y)) {
            if (d > 0)
                y = rm == RM_UP ? INFINITY : 0.0;
            else if (d < 0)
                y = rm == RM_DOWN ? -INFINITY : -0.0;
            else
                y = d;
        }
    }
    *out = mkf(k, y);
    return 0;
}

/* round(T, x): x rounded, then converted to T; an integer T refuses NaN, ±Inf and
 * values out of range with Julia's InexactError: trunc(T, x). */
static int round_to_type(jc_ctx *ctx, value *out, const jc_typeobj *t, value x, int rm)
{
    num_type nt = { t->base, t->sub, 0 };
    if (!num_is_real(x) || t->base < T_BOOL || t->base > T_BIGFLOAT || t->nparams > 0 ||
        t->base == T_RATIONAL)
        return LIB_DECLINE;
    value r;
    int res = round_value(ctx, &r, x, rm);
    if (res != 0)
        return res;
    if (t->base >= T_FLOAT16) {
        res = num_convert_to(ctx, out, nt, r);
        val_release(r);
        return res;
    }
    int ok = num_isfinite(r);
    mpz_t z;
    mpz_init(z);
    if (ok) {
        num_to_mpz(ctx, z, r);
        switch (t->base) {
        case T_INT64: ok = mpz_fits_slong_p(z); break;
        case T_BOOL: ok = mpz_cmp_ui(z, 1) <= 0 && mpz_sgn(z) >= 0; break;
        case T_BIGINT: break;
        default: ok = mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= (size_t)(8 << (t->base - T_UINT8)); break;
        }
    }
    if (!ok) {
        mpz_clear(z);
        num_inexact_error(ctx, "trunc", num_type_basename((jc_type)t->base), r);
        val_release(r);
        return -1;
    }
    value iv = v_int_from_mpz(z);
    mpz_clear(z);
    val_release(r);
    res = num_convert_to(ctx, out, nt, iv);
    val_release(iv);
    return res;
}

static int kw_int(jc_ctx *ctx, const jc_args *a, const char *name, int64_t *v, int *given)
{
    const value *p = lib_kwarg(ctx, a, name);
    *given = p != NULL;
    if (!p)
        return 0;
    return num_to_int64(ctx, *p, v);
}

/* round/floor/ceil/trunc: ([T,] x, [mode]; digits, sigdigits, base) */
static int round_common(jc_ctx *ctx, value *out, const jc_args *a, int rm, int mode_arg)
{
    int i = 0;
    const jc_typeobj *t = NULL;
    if (a->n >= 2 && a->v[0].type == T_TYPE) {
        t = val_typeobj(a->v[0]);
        i = 1;
    }
    if (i >= a->n)
        return LIB_DECLINE;
    value x = a->v[i++];
    if (i < a->n) {
        if (!mode_arg || a->v[i].type != T_ROUNDMODE || i + 1 != a->n)
            return LIB_DECLINE;
        rm = (int)a->v[i].u.i;
    }
    int64_t digits = 0, sigdigits = 0, base = 10;
    int hd, hs, hb;
    if (kw_int(ctx, a, "digits", &digits, &hd) < 0 || kw_int(ctx, a, "sigdigits", &sigdigits, &hs) < 0 ||
        kw_int(ctx, a, "base", &base, &hb) < 0)
        return -1;
    if (hd && hs)
        return err_throw(ctx, ERR_ARGUMENT, a->site,
                        "`round` cannot use both `digits` and `sigdigits` arguments.");
    if (t)
        return (hd || hs || hb) ? LIB_DECLINE : round_to_type(ctx, out, t, x, rm);
    if (hd || hs) {
        if (base < 2)
            return err_throw(ctx, ERR_DOMAIN, a->site, " with %lld:\n`base` must be at least 2.",
                            (long long)base);
        return round_digits(ctx, out, x, rm, hs ? sigdigits : digits, base, hs);
    }
    return round_value(ctx, out, x, rm);
}

static int bi_round(jc_ctx *ctx, value *out, const jc_args *a) { return round_common(ctx, out, a, RM_NEAREST, 1); }
static int bi_floor(jc_ctx *ctx, value *out, const jc_args *a) { return round_common(ctx, out, a, RM_DOWN, 0); }
static int bi_ceil(jc_ctx *ctx, value *out, const jc_args *a) { return round_common(ctx, out, a, RM_UP, 0); }
static int bi_trunc(jc_ctx *ctx, value *out, const jc_args *a) { return round_common(ctx, out, a, RM_TOZERO, 0); }

/* ---- parts, signs, comparisons ---- */

static int nomethod_decline(int r) { return r == NUM_NOMETHOD ? LIB_DECLINE : r; }

/* copysign(x, y): x with y's sign; flipsign(x, y): x negated when y is negative.
 * Both keep x's type, as Julia's do. */
static int sign_common(jc_ctx *ctx, value *out, const jc_args *a, int flip)
{
    value x = a->v[0], y = a->v[1];
    if (!num_is_real(x) || !num_is_real(y))
        return LIB_DECLINE;
    int neg = flip ? num_signbit(y) : num_signbit(x) != num_signbit(y);
    if (!neg) {
        *out = val_retain(x);
        return 0;
    }
    if (x.type >= T_FLOAT16 && x.type <= T_FLOAT64) {
        *out = x;
        out->u.f = -x.u.f;      /* a sign flip, NaN included */
        return 0;
    }
    return nomethod_decline(num_neg(ctx, out, x));
}

static int bi_copysign(jc_ctx *ctx, value *out, const jc_args *a) { return sign_common(ctx, out, a, 0); }
static int bi_flipsign(jc_ctx *ctx, value *out, const jc_args *a) { return sign_common(ctx, out, a, 1); }

static int bi_minmax(jc_ctx *ctx, value *out, const jc_args *a)
{
    value lo, hi;
    int r = num_binop(ctx, &lo, NUM_MIN, a->v[0], a->v[1]);
    if (r != 0)
        return nomethod_decline(r);
    if ((r = num_binop(ctx, &hi, NUM_MAX, a->v[0], a->v[1])) != 0) {
        val_release(lo);
        return nomethod_decline(r);
    }
    *out = mktuple2(lo, hi);
    return 0;
}

/* clamp(x, lo, hi): hi when x > hi, lo when x < lo, else x, all converted to the
 * promoted type of the three (NaN stays NaN). */
static int bi_clamp(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], lo = a->v[1], hi = a->v[2];
    if (!num_is_real(x) || !num_is_real(lo) || !num_is_real(hi))
        return LIB_DECLINE;
    num_type tx, tl, th;
    num_typeof(x, &tx);
    num_typeof(lo, &tl);
    num_typeof(hi, &th);
    num_type t = num_promote_type(num_promote_type(tx, tl), th);
    int c;
    value pick = x;
    if (num_cmp(ctx, x, hi, &c) < 0)
        return -1;
    if (c == 1) {
        pick = hi;
    } else {
        if (num_cmp(ctx, x, lo, &c) < 0)
            return -1;
        if (c == -1)
            pick = lo;
    }
    return num_convert_to(ctx, out, t, pick);
}

/* clamp(x, T) for an integer type T with typemin/typemax (Julia 1.10): typemax(T) when
 * x > typemax(T), typemin(T) when x < typemin(T), else convert(T, x), which raises
 * InexactError for a non-integral x.  BigInt has no typemax: MethodError. */
static int bi_clamp_type(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], T = a->v[1];
    if (!num_is_real(x) || T.type != T_TYPE)
        return LIB_DECLINE;
    int b = val_typeobj(T)->base;
    if (b != T_BOOL && b != T_INT64 && !(b >= T_UINT8 && b <= T_UINT64))
        return LIB_DECLINE;
    value ext[2];
    for (int k = 0; k < 2; k++) {
        value f;
        if (eval_get_global(ctx, k ? "typemax" : "typemin", &f) < 0)
            return -1;
        int r = eval_call(ctx, f, 1, &T, a->site, &ext[k]);
        val_release(f);
        if (r < 0) {
            if (k)
                val_release(ext[0]);
            return -1;
        }
    }
    int c, r = num_cmp(ctx, x, ext[1], &c);
    value pick = x;
    if (r >= 0 && c == 1)
        pick = ext[1];
    else if (r >= 0 && (r = num_cmp(ctx, x, ext[0], &c)) >= 0 && c == -1)
        pick = ext[0];
    if (r >= 0) {
        num_type t = { (uint8_t)b, 0, 0 };
        r = num_convert_to(ctx, out, t, pick);
    }
    val_release(ext[0]);
    val_release(ext[1]);
    return r < 0 ? -1 : 0;
}

/* ---- the table ---- */

const builtin lib_math[] = {
    /* trigonometry */
    { "sin", 1, 1, bi_sin, LIB_HELP("sin(x)", "Compute sine of x, where x is in radians. Throws a DomainError if x is\n  infinite. Works on every real and complex type; BigFloat results are correctly\n  rounded at the current precision.\n\n  See also sind, sinpi, sincos, cis, asin."), NULL },
    { "cos", 1, 1, bi_cos, LIB_HELP("cos(x)", "Compute cosine of x, where x is in radians. Throws a DomainError if x is\n  infinite.\n\n  See also cosd, cospi, sincos, cis."), NULL },
    { "tan", 1, 1, bi_tan, LIB_HELP("tan(x)", "Compute tangent of x, where x is in radians. Throws a DomainError if x is\n  infinite.\n\n  See also tand, tanpi."), NULL },
    { "sec", 1, 1, bi_sec, LIB_HELP("sec(x)", "Compute the secant of x (1/cos(x)), where x is in radians."), NULL },
    { "csc", 1, 1, bi_csc, LIB_HELP("csc(x)", "Compute the cosecant of x (1/sin(x)), where x is in radians."), NULL },
    { "cot", 1, 1, bi_cot, LIB_HELP("cot(x)", "Compute the cotangent of x (1/tan(x)), where x is in radians."), NULL },
    { "asin", 1, 1, bi_asin, LIB_HELP("asin(x)", "Compute the inverse sine of x, where the output is in radians. Real\n  arguments must satisfy |x| ≤ 1; use a complex argument otherwise.\n\n  See also asind."), NULL },
    { "acos", 1, 1, bi_acos, LIB_HELP("acos(x)", "Compute the inverse cosine of x, where the output is in radians. Real\n  arguments must satisfy |x| ≤ 1."), NULL },
    { "atan", 1, 2, bi_atan, LIB_HELP("atan(y)\n  atan(y, x)", "Compute the inverse tangent of y or y/x, respectively.\n\n  For one real argument, this is the angle in radians between the positive x-axis\n  and the point (1, y), returning a value in the interval [-π/2, π/2].\n\n  For two arguments, this is the angle in radians between the positive x-axis and\n  the point (x, y), returning a value in the interval [-π, π].\n\n  jcalc> atan(1, -1)\n  2.356194490192345"), NULL },
    { "asec", 1, 1, bi_asec, LIB_HELP("asec(x)", "Compute the inverse secant of x (acos(1/x)), where the output is in radians."), NULL },
    { "acsc", 1, 1, bi_acsc, LIB_HELP("acsc(x)", "Compute the inverse cosecant of x (asin(1/x)), where the output is in radians."), NULL },
    { "acot", 1, 1, bi_acot, LIB_HELP("acot(x)", "Compute the inverse cotangent of x (atan(1/x)), where the output is in radians."), NULL },
    { "sinh", 1, 1, bi_sinh, LIB_HELP("sinh(x)", "Compute hyperbolic sine of x."), NULL },
    { "cosh", 1, 1, bi_cosh, LIB_HELP("cosh(x)", "Compute hyperbolic cosine of x."), NULL },
    { "tanh", 1, 1, bi_tanh, LIB_HELP("tanh(x)", "Compute hyperbolic tangent of x.\n\n  jcalc> tanh(0.5)\n  0.46211715726000974"), NULL },
    { "sech", 1, 1, bi_sech, LIB_HELP("sech(x)", "Compute the hyperbolic secant of x (1/cosh(x))."), NULL },
    { "csch", 1, 1, bi_csch, LIB_HELP("csch(x)", "Compute the hyperbolic cosecant of x (1/sinh(x))."), NULL },
    { "coth", 1, 1, bi_coth, LIB_HELP("coth(x)", "Compute the hyperbolic cotangent of x (1/tanh(x))."), NULL },
    { "asinh", 1, 1, bi_asinh, LIB_HELP("asinh(x)", "Compute the inverse hyperbolic sine of x."), NULL },
    { "acosh", 1, 1, bi_acosh, LIB_HELP("acosh(x)", "Compute the inverse hyperbolic cosine of x. Real arguments must be ≥ 1."), NULL },
    { "atanh", 1, 1, bi_atanh, LIB_HELP("atanh(x)", "Compute the inverse hyperbolic tangent of x. Real arguments must satisfy\n  |x| ≤ 1."), NULL },
    { "asech", 1, 1, bi_asech, LIB_HELP("asech(x)", "Compute the inverse hyperbolic secant of x (acosh(1/x))."), NULL },
    { "acsch", 1, 1, bi_acsch, LIB_HELP("acsch(x)", "Compute the inverse hyperbolic cosecant of x (asinh(1/x))."), NULL },
    { "acoth", 1, 1, bi_acoth, LIB_HELP("acoth(x)", "Compute the inverse hyperbolic cotangent of x (atanh(1/x))."), NULL },
    { "sind", 1, 1, bi_sind, LIB_HELP("sind(x)", "Compute sine of x, where x is in degrees. The reduction is exact:\n  sind(180) === 0.0, sind(-180) === -0.0, sind(30) == 0.5. Throws a DomainError\n  for infinite x."), NULL },
    { "cosd", 1, 1, bi_cosd, LIB_HELP("cosd(x)", "Compute cosine of x, where x is in degrees. The reduction is exact:\n  cosd(90) === 0.0, cosd(60) == 0.5."), NULL },
    { "tand", 1, 1, bi_tand, LIB_HELP("tand(x)", "Compute tangent of x, where x is in degrees, as sind(x)/cosd(x):\n  tand(45) == 1.0, tand(90) == Inf, tand(180) === -0.0."), NULL },
    { "secd", 1, 1, bi_secd, LIB_HELP("secd(x)", "Compute the secant of x, where x is in degrees."), NULL },
    { "cscd", 1, 1, bi_cscd, LIB_HELP("cscd(x)", "Compute the cosecant of x, where x is in degrees."), NULL },
    { "cotd", 1, 1, bi_cotd, LIB_HELP("cotd(x)", "Compute the cotangent of x, where x is in degrees."), NULL },
    { "asind", 1, 1, bi_asind, LIB_HELP("asind(x)", "Compute the inverse sine of x, where the output is in degrees.\n\n  jcalc> asind(1)\n  90.0"), NULL },
    { "acosd", 1, 1, bi_acosd, LIB_HELP("acosd(x)", "Compute the inverse cosine of x, where the output is in degrees."), NULL },
    { "atand", 1, 2, bi_atand, LIB_HELP("atand(y)\n  atand(y, x)", "Compute the inverse tangent of y or y/x, respectively, where the output\n  is in degrees."), NULL },
    { "asecd", 1, 1, bi_asecd, LIB_HELP("asecd(x)", "Compute the inverse secant of x, where the output is in degrees."), NULL },
    { "acscd", 1, 1, bi_acscd, LIB_HELP("acscd(x)", "Compute the inverse cosecant of x, where the output is in degrees."), NULL },
    { "acotd", 1, 1, bi_acotd, LIB_HELP("acotd(x)", "Compute the inverse cotangent of x, where the output is in degrees."), NULL },
    { "sinpi", 1, 1, bi_sinpi, LIB_HELP("sinpi(x)", "Compute sin(πx) more accurately than sin(pi*x), especially for large x.\n  Float64, Float32 and Float16 results are correctly rounded (exact argument\n  reduction); integers give ±0.0 and rationals reduce exactly. Throws a DomainError\n  for infinite x.\n\n  See also sind, cospi, sincospi."), NULL },
    { "cospi", 1, 1, bi_cospi, LIB_HELP("cospi(x)", "Compute cos(πx) more accurately than cos(pi*x), especially for large x.\n  Correctly rounded for Float64, Float32 and Float16."), NULL },
    { "tanpi", 1, 1, bi_tanpi, LIB_HELP("tanpi(x)", "Compute tan(πx) more accurately than tan(pi*x), especially for large x.\n  Correctly rounded for Float64, Float32 and Float16: tanpi(0.25) is exactly 1.0\n  (Julia 1.10 prints 0.9999999999999999). tanpi(1) === -0.0, tanpi(0.5) == Inf;\n  rationals reduce exactly (tanpi(1//4) == 1.0); complex z gives sinpi(z)/cospi(z).\n\n  See also tand, sinpi, cospi."), NULL },
    { "sincospi", 1, 1, bi_sincospi, LIB_HELP("sincospi(x)", "Simultaneously compute sinpi(x) and cospi(x) (the sine and cosine of π*x),\n  returning a tuple (sine, cosine).\n\n  jcalc> sincospi(1)\n  (0.0, -1.0)"), NULL },
    { "sincos", 1, 1, bi_sincos, LIB_HELP("sincos(x)", "Simultaneously compute the sine and cosine of x, where x is in radians,\n  returning a tuple (sine, cosine)."), NULL },
    { "sinc", 1, 1, bi_sinc, LIB_HELP("sinc(x)", "Compute the normalized sinc function sin(πx)/(πx) if x ≠ 0, and 1 if x = 0."), NULL },
    { "cosc", 1, 1, bi_cosc, LIB_HELP("cosc(x)", "Compute cos(πx)/x - sin(πx)/(πx²) if x ≠ 0, and 0 if x = 0. This is the\n  derivative of sinc(x)."), NULL },
    { "deg2rad", 1, 1, bi_deg2rad, LIB_HELP("deg2rad(x)", "Convert x from degrees to radians.\n\n  jcalc> deg2rad(90)\n  1.5707963267948966"), NULL },
    { "rad2deg", 1, 1, bi_rad2deg, LIB_HELP("rad2deg(x)", "Convert x from radians to degrees.\n\n  jcalc> rad2deg(pi)\n  180.0"), NULL },
    { "mod2pi", 1, 1, bi_mod2pi, LIB_HELP("mod2pi(x)", "Modulus after division by 2π, returning in the range [0, 2π). The reduction\n  uses 2π to as many bits as needed, so the result is correctly rounded.\n\n  jcalc> mod2pi(9*pi/4)\n  0.7853981633974481"), NULL },
    { "rem2pi", 2, 2, bi_rem2pi, LIB_HELP("rem2pi(x, r::RoundingMode)", "Compute the remainder of x after integer division by 2π, with the quotient\n  rounded according to r: RoundNearest (result in [-π, π]), RoundToZero,\n  RoundDown (result in [0, 2π)) or RoundUp (result in [-2π, 0])."), NULL },
    /* exponentials, logarithms, roots */
    { "exp", 1, 1, bi_exp, LIB_HELP("exp(x)", "Compute the natural base exponential of x, in other words ℯ^x.\n\n  jcalc> exp(1.0)\n  2.718281828459045"), NULL },
    { "exp2", 1, 1, bi_exp2, LIB_HELP("exp2(x)", "Compute the base 2 exponential of x, in other words 2^x.\n\n  jcalc> exp2(5)\n  32.0"), NULL },
    { "exp10", 1, 1, bi_exp10, LIB_HELP("exp10(x)", "Compute the base 10 exponential of x, in other words 10^x.\n\n  jcalc> exp10(2)\n  100.0"), NULL },
    { "expm1", 1, 1, bi_expm1, LIB_HELP("expm1(x)", "Accurately compute e^x - 1. It avoids the loss of precision of evaluating\n  exp(x) - 1 for small x.\n\n  jcalc> expm1(1e-16)\n  1.0e-16"), NULL },
    { "log", 1, 2, bi_log, LIB_HELP("log(x)\n  log(b, x)", "The natural logarithm of x, or the base b logarithm of x (log(x)/log(b)).\n  Throws a DomainError for negative real arguments; use a complex argument for a\n  complex result. log(ℯ) is the integer 1.\n\n  jcalc> log(2)\n  0.6931471805599453\n\n  jcalc> log(100, 1000000)\n  2.9999999999999996"), NULL },
    { "log2", 1, 1, bi_log2, LIB_HELP("log2(x)", "Compute the logarithm of x to base 2. Throws a DomainError for negative real\n  arguments.\n\n  jcalc> log2(10)\n  3.321928094887362"), NULL },
    { "log10", 1, 1, bi_log10, LIB_HELP("log10(x)", "Compute the logarithm of x to base 10. Throws a DomainError for negative real\n  arguments.\n\n  jcalc> log10(2)\n  0.3010299956639812"), NULL },
    { "log1p", 1, 1, bi_log1p, LIB_HELP("log1p(x)", "Accurate natural logarithm of 1+x. Throws a DomainError for real arguments\n  less than -1.\n\n  jcalc> log1p(-0.5)\n  -0.6931471805599453"), NULL },
    { "sqrt", 1, 1, bi_sqrt, LIB_HELP("sqrt(x)", "Return √x. Throws a DomainError for negative real arguments; use a complex\n  argument for a complex result. The prefix operator √ is equivalent to sqrt.\n\n  jcalc> sqrt(big(81))\n  9.0\n\n  jcalc> sqrt(complex(-1))\n  0.0 + 1.0im"), NULL },
    { "√", 1, 1, bi_sqrt, LIB_HELP("√x\n  sqrt(x)", "Return √x; the prefix operator √ is sqrt. Throws a DomainError for negative\n  real arguments."), NULL },
    { "cbrt", 1, 1, bi_cbrt, LIB_HELP("cbrt(x)", "Return the cube root of x, i.e. x^(1/3). Negative values are accepted,\n  returning the negative real root. The prefix operator ∛ is equivalent to cbrt.\n\n  jcalc> cbrt(big(-27))\n  -3.0"), NULL },
    { "∛", 1, 1, bi_cbrt, LIB_HELP("∛x\n  cbrt(x)", "Return the real cube root of x; the prefix operator ∛ is cbrt."), NULL },
    { "fourthroot", 1, 1, bi_fourthroot, LIB_HELP("fourthroot(x)", "Return the fourth root of x. Unlike Julia's sqrt(sqrt(x)), the Float64,\n  Float32 and Float16 results are correctly rounded (fourthroot(0.5) is\n  0x1.ae89f995ad3adp-1); BigFloat uses MPFR's correctly rounded root. Negative real\n  arguments raise sqrt's DomainError. The prefix operator ∜ is equivalent.\n\n  jcalc> ∜16\n  2.0"), NULL },
    { "∜", 1, 1, bi_fourthroot, LIB_HELP("∜x\n  fourthroot(x)", "Return the fourth root of x, correctly rounded for Float64, Float32 and\n  Float16 (Julia applies sqrt twice, which misrounds about one input in eight).\n  The prefix operator ∜ is fourthroot."), NULL },
    { "hypot", 1, -1, bi_hypot, LIB_HELP("hypot(x, y)\n  hypot(x...)", "Compute the hypotenuse sqrt(|x|²+|y|²) (or of any number of values)\n  avoiding overflow and underflow; complex arguments count by their modulus.\n\n  jcalc> hypot(3, 4im)\n  5.0"), NULL },
    { "cis", 1, 1, bi_cis, LIB_HELP("cis(x)", "More efficient method for exp(im*x) by using Euler's formula:\n  cos(x) + i sin(x) = exp(i x)."), NULL },
    { "cispi", 1, 1, bi_cispi, LIB_HELP("cispi(x)", "More accurate method for cis(pi*x) (especially for large x): cospi(x) +\n  i sinpi(x).\n\n  jcalc> cispi(1)\n  -1.0 + 0.0im"), NULL },
    /* rounding and parts */
    { "round", 1, 3, bi_round, LIB_HELP("round([T,] x, [r::RoundingMode])\n  round(x, [r::RoundingMode]; digits::Integer=0, base = 10)\n  round(x, [r::RoundingMode]; sigdigits::Integer, base = 10)", "Round x to an integer value according to the RoundingMode r (default\n  RoundNearest: ties to even), returning a value of x's type, or of type T when\n  given (an InexactError if it does not fit). digits/sigdigits round to that many\n  digits after the point / significant digits in the given base.\n\n  jcalc> round(2.5)\n  2.0\n\n  jcalc> round(Int, 1.7)\n  2\n\n  jcalc> round(pi; digits=2)\n  3.14\n\n  jcalc> round(123.456; sigdigits=2)\n  120.0"), "digits sigdigits base" },
    { "floor", 1, 2, bi_floor, LIB_HELP("floor([T,] x)\n  floor(x; digits::Integer= [, base = 10])\n  floor(x; sigdigits::Integer= [, base = 10])", "floor(x) returns the nearest integral value of the same type as x that is\n  less than or equal to x; floor(T, x) converts the result to type T."), "digits sigdigits base" },
    { "ceil", 1, 2, bi_ceil, LIB_HELP("ceil([T,] x)\n  ceil(x; digits::Integer= [, base = 10])\n  ceil(x; sigdigits::Integer= [, base = 10])", "ceil(x) returns the nearest integral value of the same type as x that is\n  greater than or equal to x; ceil(T, x) converts the result to type T."), "digits sigdigits base" },
    { "trunc", 1, 2, bi_trunc, LIB_HELP("trunc([T,] x)\n  trunc(x; digits::Integer= [, base = 10])\n  trunc(x; sigdigits::Integer= [, base = 10])", "trunc(x) returns the nearest integral value of the same type as x whose\n  absolute value is less than or equal to the absolute value of x."), "digits sigdigits base" },
    { "copysign", 2, 2, bi_copysign, LIB_HELP("copysign(x, y) -> z", "Return z which has the magnitude of x and the same sign as y.\n\n  jcalc> copysign(1, -2)\n  -1"), NULL },
    { "flipsign", 2, 2, bi_flipsign, LIB_HELP("flipsign(x, y)", "Return x with its sign flipped if y is negative.\n\n  jcalc> flipsign(5, -3)\n  -5"), NULL },
    { "minmax", 2, 2, bi_minmax, LIB_HELP("minmax(x, y)", "Return (min(x,y), max(x,y)).\n\n  jcalc> minmax('c','b')\n  ('b', 'c')"), NULL },
    { "clamp", 3, 3, bi_clamp, LIB_HELP("clamp(x, lo, hi)", "Return x if lo <= x <= hi. If x > hi, return hi. If x < lo, return lo.\n  Arguments are promoted to a common type.\n\n  jcalc> clamp(2.0, 0, 1)\n  1.0"), NULL },
    { "clamp", 2, 2, bi_clamp_type, LIB_HELP("clamp(x, T)::T", "Clamp x between typemin(T) and typemax(T) and convert the result to type T.\n\n  jcalc> clamp(300, UInt8)\n  0xff"), NULL },
    /* special functions (beyond Julia's Base, as in SpecialFunctions.jl) */
    { "gamma", 1, 1, bi_gamma, LIB_HELP("gamma(x)", "Compute the gamma function Γ(x) for real x (Γ(n) = (n-1)! for positive\n  integers). Correctly rounded (MPFR); negative integers raise a DomainError. Not\n  part of Julia's Base (SpecialFunctions.jl provides it there)."), NULL },
    { "lgamma", 1, 1, bi_lgamma, LIB_HELP("lgamma(x)", "Compute log|Γ(x)|, the logarithm of the absolute value of the gamma\n  function, correctly rounded. Not part of Julia's Base."), NULL },
    { "loggamma", 1, 1, bi_loggamma, LIB_HELP("loggamma(x)", "Compute log(Γ(x)) for real x where Γ(x) ≥ 0; a DomainError where gamma is\n  negative (use lgamma for log|Γ(x)|). Not part of Julia's Base."), NULL },
    { "beta", 2, 2, bi_beta, LIB_HELP("beta(x, y)", "Compute the Euler beta function B(x, y) = Γ(x)Γ(y)/Γ(x+y), correctly\n  rounded. Not part of Julia's Base."), NULL },
    { "erf", 1, 1, bi_erf, LIB_HELP("erf(x)", "Compute the error function 2/√π ∫₀ˣ exp(-t²) dt, correctly rounded. Not\n  part of Julia's Base."), NULL },
    { "erfc", 1, 1, bi_erfc, LIB_HELP("erfc(x)", "Compute the complementary error function 1 - erf(x), accurate for large x.\n  Not part of Julia's Base."), NULL },
    { "zeta", 1, 1, bi_zeta, LIB_HELP("zeta(s)", "Compute the Riemann zeta function ζ(s) for real s, correctly rounded\n  (zeta(2) == π²/6). Not part of Julia's Base."), NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
