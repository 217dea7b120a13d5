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

/* a:b and a:s:b over integers other than Int64 (Int8 .. UInt128, BigInt): jcalc has
 * no UnitRange{Int8}, so the range is materialized as the Vector of its elements, of
 * the promoted type of a and b (Julia's eltype), computed exactly. */
static int other_int_range(jc_ctx *ctx, value *out, int n, const value *v, const ast *site)
{
    num_type ta, tb;
    num_typeof(v[0], &ta);
    num_typeof(v[n - 1], &tb);
    num_type t = num_promote_type(ta, tb);
    mpz_t a, s, b, len, k;
    mpz_inits(a, s, b, len, k, NULL);
    int rc = num_to_mpz(ctx, a, v[0]);
    if (rc == 0)
        rc = num_to_mpz(ctx, b, v[n - 1]);
    if (rc == 0 && n == 3)
        rc = num_to_mpz(ctx, s, v[1]);
    else
        mpz_set_ui(s, 1);
    if (rc == 0 && mpz_sgn(s) == 0)
        rc = err_throw(ctx, ERR_ARGUMENT, site, "step cannot be zero");
    if (rc == 0) {
        mpz_sub(len, b, a);
        mpz_fdiv_q(len, len, s);
        mpz_add_ui(len, len, 1);
        if (mpz_sgn(len) < 0)
            mpz_set_ui(len, 0);
        if (array_check_len(ctx, mpz_get_d(len)) < 0)
            rc = -1;
    }
    if (rc == 0) {
        jc_typeobj *et = val_typeobj(num_type_value(t));
        int64_t cnt = (int64_t)mpz_get_si(len);
        value arr = array_new(ctx, et, 1, &cnt);
        val_release(v_obj(T_TYPE, 0, &et->h));
        for (int64_t i = 0; i < cnt && rc == 0; i++) {
            mpz_mul_si(k, s, i);
            mpz_add(k, k, a);
            value e = v_int_from_mpz(k);
            rc = array_set(ctx, arr, i, e, site);
            val_release(e);
        }
        if (rc == 0)
            *out = arr;
        else
            val_release(arr);
    }
    mpz_clears(a, s, b, len, k, NULL);
    return rc < 0 ? -1 : rc;
}

static int bi_colon(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n < 2)
        return LIB_DECLINE;
    int allint = 1, int64 = 1;
    for (int i = 0; i < a->n; i++) {
        allint &= num_is_integer_type(a->v[i]);
        int64 &= a->v[i].type == T_INT64 || a->v[i].type == T_BOOL;
    }
    if (allint && !int64)
        return other_int_range(ctx, out, a->n, a->v, a->site);
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

/* sum(r) of an Int range in O(1), as Julia's sum(r::AbstractRange{<:Real}): n·(first +
 * last)/2, exact; a sum beyond Int64 continues as BigInt (jcalc's rule for Int). */
static int bi_range_sum(jc_ctx *ctx, value *out, const jc_args *a)
{
    value r = a->v[0];
    if (r.type != T_RANGE || val_range(r)->kind == RANGE_FLOAT)
        return LIB_DECLINE;
    jc_range *g = val_range(r);
    if (g->start.type != T_INT64 || g->stop.type != T_INT64)
        return LIB_DECLINE;
    (void)ctx;
    if (g->len <= 0) {
        *out = v_int(0);
        return 0;
    }
    mpz_t s, t;
    mpz_init_set_si(s, g->start.u.i);
    mpz_init_set_si(t, g->stop.u.i);
    mpz_add(s, s, t);
    mpz_mul_si(s, s, g->len);
    mpz_tdiv_q_2exp(s, s, 1);   /* n·(first + last) is even */
    *out = v_int_from_mpz(s);
    mpz_clears(s, t, NULL);
    return 0;
}

const builtin lib_range[] = {
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
