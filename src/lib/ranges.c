/* ranges.c — the builtin rows that make ranges: a:b, a:s:b, range(start, stop; length,
 * step), and the operators that keep a range a range (-r, x * r, r / x).  The ranges
 * themselves, their elements and their arithmetic are range.c's. */
#include "array.h"
#include "lib/lib.h"
#include "num/num.h"
#include "range.h"

static int bi_colon(jc_ctx *ctx, value *out, const jc_args *a);

static int bi_range(jc_ctx *ctx, value *out, const jc_args *a)
{
    const value *lenv = lib_kwarg(ctx, a, "length");
    const value *stepv = lib_kwarg(ctx, a, "step");
    const value *stopv = lib_kwarg(ctx, a, "stop");
    value start = a->v[0];
    value stop = a->n >= 2 ? a->v[1] : stopv ? *stopv : v_nothing();
    int64_t len = -1;
    if (a->n == 3) {
        if (num_to_int64(ctx, a->v[2], &len) < 0)
            return -1;
    } else if (lenv && num_to_int64(ctx, *lenv, &len) < 0)
        return -1;
    if ((a->n == 3 || lenv) && len < 0)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "length cannot be negative, got %lld", (long long)len);
    if (stop.type != T_NOTHING && len >= 0 && !stepv) {
        /* integer endpoints give a Float64 range, as _linspace(float(T), ...) */
        double x, y;
        if (num_to_double(ctx, start, &x) < 0 || num_to_double(ctx, stop, &y) < 0)
            return -1;
        return range_linspace(ctx, out, x, y, len, a->site);
    }
    if (stepv && stop.type != T_NOTHING) {
        value args[3] = { start, *stepv, stop };
        jc_args b = { .n = 3, .v = args, .site = a->site };
        return bi_colon(ctx, out, &b);
    }
    if (stepv && len >= 0) {
        /* range(start; step, length) */
        value lm1, prod, end;
        if (num_binop(ctx, &lm1, NUM_SUB, v_int(len), v_int(1)) < 0)
            return -1;
        int r = num_binop(ctx, &prod, NUM_MUL, lm1, *stepv);
        val_release(lm1);
        if (r < 0)
            return -1;
        r = num_binop(ctx, &end, NUM_ADD, start, prod);
        val_release(prod);
        if (r < 0)
            return -1;
        value args[3] = { start, *stepv, end };
        jc_args b = { .n = 3, .v = args, .site = a->site };
        r = bi_colon(ctx, out, &b);
        val_release(end);
        return r;
    }
    if (stop.type != T_NOTHING) {
        value args[2] = { start, stop };
        jc_args b = { .n = 2, .v = args, .site = a->site };
        return bi_colon(ctx, out, &b);
    }
    return err_throw(ctx, ERR_ARGUMENT, a->site, "range needs stop, length or step");
}

static int bi_colon(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n < 2)
        return LIB_DECLINE;
    int r = range_colon(ctx, out, a->n, a->v, a->site);
    return r == LIB_DECLINE ? lib_no_method(ctx, ":", a) : r;
}

/* -(r), x * r, r * x, r / x: Julia reaches the broadcasting methods above. */
static int bi_range_op(jc_ctx *ctx, value *out, const jc_args *a, const char *op)
{
    int any = 0;
    for (int i = 0; i < a->n; i++)
        any |= a->v[i].type == T_RANGE;
    if (!any || (op[0] == '-' && a->n != 1))
        return LIB_DECLINE;
    return range_broadcast(ctx, op, a, out);
}

static int bi_range_neg(jc_ctx *ctx, value *out, const jc_args *a) { return bi_range_op(ctx, out, a, "-"); }
static int bi_range_mul(jc_ctx *ctx, value *out, const jc_args *a) { return bi_range_op(ctx, out, a, "*"); }
static int bi_range_div(jc_ctx *ctx, value *out, const jc_args *a) { return bi_range_op(ctx, out, a, "/"); }

/* sum(r) of an exact range in O(1), as Julia's sum(r::AbstractRange{<:Real}). */
static int bi_range_sum(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_RANGE)
        return LIB_DECLINE;
    return range_sum(ctx, a->v[0], out);
}

/* x in r for an exact range and an exact x, in O(1); elementwise otherwise. */
static int bi_range_in(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[1].type != T_RANGE)
        return LIB_DECLINE;
    int res, r = range_in(ctx, a->v[0], a->v[1], &res);
    if (r == 0)
        *out = v_bool(res);
    return r;
}

/* step(r): StepRange's step, 1 of the element type for a UnitRange (oneunit(T) - zero(T):
 * an Int for Bool), the shown step of a float range. */
static int bi_step(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_RANGE)
        return LIB_DECLINE;
    jc_range *r = val_range(a->v[0]);
    *out = r->kind == RANGE_UNIT && r->start.type == T_BOOL ? v_int(1) : val_retain(r->step);
    return 0;
}

const builtin lib_range[] = {
    { "in", 2, 2, bi_range_in, NULL, NULL },
    { "∈", 2, 2, bi_range_in, NULL, NULL },
    { "step", 1, 1, bi_step, "  step(r)\n\n  Get the step size of an AbstractRange object.", NULL },
    { "sum", 1, 1, bi_range_sum, NULL, NULL },
    { "-", 1, 1, bi_range_neg, NULL, NULL },
    { "*", 2, 2, bi_range_mul, NULL, NULL },
    { "/", 2, 2, bi_range_div, NULL, NULL },
    { "range", 1, 3, bi_range,
      "  range(start, stop, length)\n  range(start, stop; length, step)\n\n  Construct a specialized array with evenly spaced elements and optimized storage (an\n  AbstractRange) from the arguments.", "length step stop" },
    { ":", 2, 3, bi_colon,
      "  (:)(start, [step], stop)\n\n  Range operator. a:b constructs a range from a to b with a step size of 1, and\n  a:s:b is similar but uses a step size of s.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
