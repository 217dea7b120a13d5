/* floatkind.c — the float type a math builtin computes in (see floatkind.h), and the
 * conversions between jcalc's numbers, MPFR and MPC at that type. */
#include "num/num.h"
#include "lib/floatkind.h"

/* ---- float kinds ---- */

int fk_of_real(value x)
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

int fk_of(value x)
{
    return x.type == T_COMPLEX ? fk_of_real(val_complex(x)->re) : fk_of_real(x);
}

int fk_final(int k) { return k == FK_NONE ? FK_F64 : k; }

jc_type fk_type(int k)
{
    return k == FK_F16 ? T_FLOAT16 : k == FK_F32 ? T_FLOAT32 : k == FK_BIG ? T_BIGFLOAT : T_FLOAT64;
}

mpfr_prec_t fk_prec(jc_ctx *ctx, int k)
{
    return k == FK_F16 ? 11 : k == FK_F32 ? 24 : k == FK_BIG ? ctx->precision : 53;
}

/* d rounded to the hardware float of kind k. */
double fk_round(int k, double d)
{
    return k == FK_F16 ? num_round_f16(d) : k == FK_F32 ? num_round_f32(d) : d;
}

value fk_value(int k, double d) { return num_from_double_typed(fk_type(k), d); }

mpfr_rnd_t fk_rnd(jc_ctx *ctx) { return ctx->rounding; }

/* A new BigFloat value holding m rounded to the context's precision. */
value fk_bigfloat(jc_ctx *ctx, mpfr_srcptr m)
{
    value v = num_bigfloat(ctx);
    mpfr_set(val_mpfr(v), m, fk_rnd(ctx));
    return v;
}

/* A real number converted to Float64 and then rounded to kind k (never BigFloat). */
int fk_real_d(jc_ctx *ctx, value x, int k, double *d)
{
    if (num_to_double(ctx, x, d) != 0)
        return -1;
    *d = fk_round(k, *d);
    return 0;
}

/* m (initialized by the caller) := x exactly when x is a BigFloat (its precision is
 * adopted), else x rounded to m's precision. */
void fk_real_mpfr(jc_ctx *ctx, mpfr_ptr m, value x)
{
    if (x.type == T_BIGFLOAT) {
        mpfr_set_prec(m, mpfr_get_prec(val_mpfr(x)));
        mpfr_set(m, val_mpfr(x), MPFR_RNDN);
    } else {
        num_to_mpfr(ctx, m, x);
    }
}

/* A real value as a float of kind k (the value a DomainError reports). */
value fk_as_float(jc_ctx *ctx, value x, int k)
{
    if (k == FK_BIG) {
        if (x.type == T_BIGFLOAT)
            return val_retain(x);
        value v = num_bigfloat(ctx);
        num_to_mpfr(ctx, val_mpfr(v), x);
        return v;
    }
    double d;
    fk_real_d(ctx, x, k, &d);
    return fk_value(k, d);
}

int fk_domain_error(jc_ctx *ctx, value x, const char *msg)
{
    num_domain_error(ctx, x, msg);
    val_release(x);
    return -1;
}

int fk_nan_error(jc_ctx *ctx, value xv)
{
    return fk_domain_error(ctx, xv, "NaN result for non-NaN input.");
}

value fk_pair(value a, value b)
{
    value t = v_tuple_new(2);
    val_tuple(t)->v[0] = a;
    val_tuple(t)->v[1] = b;
    return t;
}

/* An MPFR result (computed at the kind's precision, or higher) as a value of kind k.
 * Results below the normal range are recomputed by the caller when it matters; here a
 * 53-bit (or narrower) value converts exactly. */
value fk_from_mpfr(jc_ctx *ctx, mpfr_srcptr m, int k)
{
    if (k == FK_BIG)
        return fk_bigfloat(ctx, m);
    return fk_value(k, mpfr_get_d(m, MPFR_RNDN));
}

/* ---- complex numbers through MPC ---- */

/* z := the complex value x (parts loaded as fk_real_mpfr does, at precision p for floats). */
void fk_load_complex(jc_ctx *ctx, mpc_ptr z, value x, int k)
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
        fk_real_mpfr(ctx, a, re);
        fk_real_mpfr(ctx, b, im);
    } else {
        double d;
        fk_real_d(ctx, re, k, &d);
        mpfr_set_d(a, d, MPFR_RNDN);
        fk_real_d(ctx, im, k, &d);
        mpfr_set_d(b, d, MPFR_RNDN);
    }
    mpfr_prec_t q = mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a) : mpfr_get_prec(b);
    mpc_set_prec(z, q);
    mpc_set_fr_fr(z, a, b, MPC_RNDNN);
    mpfr_clear(a);
    mpfr_clear(b);
}

mpc_rnd_t fk_crnd(jc_ctx *ctx, int k)
{
    if (k != FK_BIG)
        return MPC_RNDNN;
    mpfr_rnd_t r = ctx->rounding;
    return MPC_RND(r, r);
}

value fk_from_mpc(jc_ctx *ctx, mpc_srcptr z, int k)
{
    return v_complex(fk_from_mpfr(ctx, mpc_realref(z), k), fk_from_mpfr(ctx, mpc_imagref(z), k));
}

/* ---- several arguments ---- */

/* The joined float kind of n arguments (complex parts included); -1 if one is not a number. */
int fk_join(int n, const value *v)
{
    int k = FK_NONE;
    for (int i = 0; i < n; i++) {
        if (!num_is_number(v[i]))
            return -1;
        int ki = fk_of(v[i]);
        if (ki > k)
            k = ki;
    }
    return fk_final(k);
}

int fk_all_real(int n, const value *v)
{
    for (int i = 0; i < n; i++)
        if (!num_is_real(v[i]))
            return 0;
    return 1;
}
