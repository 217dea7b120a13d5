/* range.c — see range.h.  Builtins: the `:` operator. */
#include "range.h"

#include <math.h>
#include <stdlib.h>

#include "lib/lib.h"
#include "num/num.h"

void range_free(obj *o)
{
    jc_range *r = (jc_range *)o;
    val_release(r->start);
    val_release(r->step);
    val_release(r->stop);
    free(r);
}

int64_t range_length(value v) { return val_range(v)->len; }

int range_get(jc_ctx *ctx, value v, int64_t i, value *out)
{
    jc_range *r = val_range(v);
    if (i < 0 || i >= r->len)
        return jc_throw(ctx, JC_ERR_BOUNDS, NULL, "BoundsError: attempt to access range at index [%lld]",
                        (long long)i + 1);
    if (r->kind == RANGE_FLOAT) {
        double a = r->start.u.f, s = r->step.u.f;
        /* the last element is the stop value itself when the length came from it */
        double x = (i == r->len - 1 && r->stop.type == T_FLOAT64) ? r->stop.u.f : fma((double)i, s, a);
        *out = v_f64(x);
        return 0;
    }
    /* start + i*step is exact: the stop value bounds it inside Int64 */
    *out = v_int(r->start.u.i + i * r->step.u.i);
    return 0;
}

static value range_new(int kind, value start, value step, value stop, int64_t len)
{
    jc_range *r = obj_new(T_RANGE, sizeof *r);
    r->kind = (uint8_t)kind;
    r->start = start;
    r->step = step;
    r->stop = stop;
    r->len = len;
    return v_obj(T_RANGE, 0, &r->h);
}

static int int_range(jc_ctx *ctx, value *out, int64_t a, int64_t s, int64_t b, int unit,
                     const jc_args *args)
{
    if (s == 0)
        return jc_throw(ctx, JC_ERR_ARGUMENT, args->site, "ArgumentError: step cannot be zero");
    int64_t len;
    if ((s > 0 && b < a) || (s < 0 && b > a))
        len = 0;
    else {
        /* |b - a| / |s| + 1, computed without overflow */
        __int128 span = (__int128)b - a;
        __int128 n = span / s + 1;
        if (n > INT64_MAX)
            return jc_throw(ctx, JC_ERR_OVERFLOW, args->site, "OverflowError: the range is too long");
        len = (int64_t)n;
        b = (int64_t)(a + (__int128)(len - 1) * s); /* the last element actually reached */
    }
    if (unit && len == 0)
        b = a - 1;
    *out = range_new(unit ? RANGE_UNIT : RANGE_STEP, v_int(a), v_int(s), v_int(b), len);
    return 0;
}

static int float_range(jc_ctx *ctx, value *out, double a, double s, double b, const jc_args *args)
{
    if (s == 0)
        return jc_throw(ctx, JC_ERR_ARGUMENT, args->site, "ArgumentError: range step cannot be zero");
    if (!isfinite(a) || !isfinite(s) || !isfinite(b))
        return jc_throw(ctx, JC_ERR_ARGUMENT, args->site, "ArgumentError: range bounds must be finite");
    double n = floor((b - a) / s * (1 + 4 * 2.220446049250313e-16)) + 1;
    if (n < 0)
        n = 0;
    if (n > 9.2e18)
        return jc_throw(ctx, JC_ERR_OVERFLOW, args->site, "OverflowError: the range is too long");
    int64_t len = (int64_t)n;
    /* when the stop value is reached (within rounding), end exactly on it */
    double last = fma((double)(len - 1), s, a);
    value stop = fabs(last - b) <= 4 * 2.220446049250313e-16 * fmax(fabs(b), fabs(s)) ? v_f64(b) : v_nothing();
    *out = range_new(RANGE_FLOAT, v_f64(a), v_f64(s), stop, len);
    return 0;
}

static int bi_colon(jc_ctx *ctx, value *out, const jc_args *a)
{
    value start = a->v[0], stop = a->v[a->n - 1];
    value step = a->n == 3 ? a->v[1] : v_int(1);
    int allint = 1, allnum = 1;
    for (int i = 0; i < a->n; i++) {
        allint &= a->v[i].type == T_INT64 || a->v[i].type == T_BOOL;
        allnum &= num_is_real(a->v[i]);
    }
    if (allint)
        return int_range(ctx, out, start.u.i, step.u.i, stop.u.i, a->n == 2, a);
    if (!allnum)
        return lib_no_method(ctx, ":", a);
    double x, s, y;
    if (num_to_double(ctx, start, &x) < 0 || num_to_double(ctx, step, &s) < 0 ||
        num_to_double(ctx, stop, &y) < 0)
        return -1;
    return float_range(ctx, out, x, s, y, a);
}

const builtin lib_range[] = {
    { ":", 2, 3, bi_colon,
      "  (:)(start, [step], stop)\n\n  Range operator. a:b constructs a range from a to b with a step size of 1, and\n  a:s:b is similar but uses a step size of s.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
