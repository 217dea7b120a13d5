/* approx.c — isapprox: |a - b| <= max(atol, rtol * max(|a|, |b|)), with Julia's default
 * rtol (sqrt(eps) of the float type the arguments promote to, 0 when both are exact).
 * Apart from compare.c because it is built from arithmetic, which compare.c sits under. */
#include "num/num.h"

#include <math.h>

/* sqrt(eps(T)) for the float type a real promotes to under isapprox (0 for exact types). */
static int rtol_default(jc_ctx *ctx, value x, value *out)
{
    value r = x.type == T_COMPLEX ? val_complex(x)->re : x;
    switch (r.type) {
    case T_FLOAT16: *out = num_from_double_typed(T_FLOAT16, sqrt(ldexp(1.0, -10))); return 0;
    case T_FLOAT32: *out = num_from_double_typed(T_FLOAT32, sqrt(ldexp(1.0, -23))); return 0;
    case T_FLOAT64: *out = v_f64(sqrt(ldexp(1.0, -52))); return 0;
    case T_BIGFLOAT: {
        value v = num_bigfloat(ctx);
        mpfr_set_ui_2exp(val_mpfr(v), 1, 1 - (long)mpfr_get_prec(val_mpfr(r)), MPFR_RNDN);
        mpfr_sqrt(val_mpfr(v), val_mpfr(v), ctx->rounding);
        *out = v;
        return 0;
    }
    default:
        *out = v_int(0);
        return 0;
    }
}

int num_isapprox(jc_ctx *ctx, value a, value b, const value *rtol, const value *atol,
                 int nans, int *res)
{
    if (!num_is_number(a) || !num_is_number(b))
        return NUM_NOMETHOD;
    int eq, rc;
    if ((rc = num_equal(ctx, a, b, &eq)) < 0)
        return rc;
    if (eq || (nans && num_isnan(a) && num_isnan(b))) {
        *res = 1;
        return 0;
    }
    if (!num_isfinite(a) || !num_isfinite(b)) {
        *res = 0;
        return 0;
    }
    value at = atol ? val_retain(*atol) : v_int(0), rt;
    int atpos = 0;
    if (!atol || num_cmp(ctx, at, v_int(0), &atpos) < 0) atpos = 0;
    if (rtol)
        rt = val_retain(*rtol);
    else if (atpos > 0)
        rt = v_int(0);
    else {
        /* max of the two defaults: the narrower float gives the larger tolerance */
        value r1, r2;
        rtol_default(ctx, a, &r1);
        rtol_default(ctx, b, &r2);
        rc = num_binop(ctx, &rt, NUM_MAX, r1, r2);
        val_release(r1);
        val_release(r2);
        if (rc < 0) { val_release(at); return rc; }
    }
    /* abs(a - b) <= max(atol, rtol * max(abs(a), abs(b))) */
    value d = { 0 }, ad = { 0 }, aa = { 0 }, ab = { 0 }, m = { 0 }, tol = { 0 }, lim = { 0 };
    if ((rc = num_binop(ctx, &d, NUM_SUB, a, b)) < 0) goto out;
    if ((rc = num_abs(ctx, &ad, d)) < 0) goto out;
    if ((rc = num_abs(ctx, &aa, a)) < 0) goto out;
    if ((rc = num_abs(ctx, &ab, b)) < 0) goto out;
    if ((rc = num_binop(ctx, &m, NUM_MAX, aa, ab)) < 0) goto out;
    if ((rc = num_binop(ctx, &tol, NUM_MUL, rt, m)) < 0) goto out;
    if ((rc = num_binop(ctx, &lim, NUM_MAX, at, tol)) < 0) goto out;
    int c;
    if ((rc = num_cmp(ctx, ad, lim, &c)) < 0) goto out;
    *res = c == -1 || c == 0;
out:
    val_release(d); val_release(ad); val_release(aa); val_release(ab);
    val_release(m); val_release(tol); val_release(lim); val_release(at); val_release(rt);
    return rc;
}
