/* range.c — see range.h.  Builtins: the `:` operator. */
#include "bits.h"
#include "range.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exc.h"
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

/* ---- double-double helpers (Julia's base/twiceprecision.jl) ---- */

/* big + little as an unevaluated sum whose parts do not overlap. */
static void canon2(double big, double little, double *h, double *l)
{
    *h = big + little;
    *l = (big - *h) + little;
}

static void add12(double x, double y, double *h, double *l)
{
    if (fabs(y) > fabs(x)) {
        double t = x;
        x = y;
        y = t;
    }
    canon2(x, y, h, l);
}

static void mul12(double x, double y, double *h, double *l)
{
    double p = x * y;
    if (p == 0 || !isfinite(p)) {
        *h = *l = p;
        return;
    }
    canon2(p, fma(x, y, -p), h, l);
}

/* n / d in double-double, as TwicePrecision{Float64}(n) / d. */
static void tp_div(double n, double d, double *h, double *l)
{
    double hi = n / d, uh, ul;
    mul12(hi, d, &uh, &ul);
    double lo = (((n - uh) - ul) + 0.0) / d;
    if (n == 0 || !isfinite(hi)) {
        *h = hi;
        *l = 0;
        return;
    }
    canon2(hi, lo, h, l);
}

/* Clears the low nb bits of x's representation (all of them from 64 on, as Julia's
 * shift does: typemin(Int) .* r asks for 64). */
static double truncbits(double x, int nb)
{
    return bits_to_double(nb >= 64 ? 0 : bits_from_double(x) & (~(uint64_t)0 << nb));
}

static double float_elem(const jc_range *r, int64_t i /* 1-based */)
{
    double u = (double)(i - r->offset);
    double shi = u * r->step_hi, slo = u * r->step_lo, xh, xl;
    add12(r->ref_hi, shi, &xh, &xl);
    return xh + (xl + (slo + r->ref_lo));
}

int range_get(jc_ctx *ctx, value v, int64_t i, value *out)
{
    jc_range *r = val_range(v);
    if (i < 0 || i >= r->len) {
        err_throw(ctx, ERR_BOUNDS, NULL, "attempt to access range at index [%lld]", (long long)i + 1);
        exc_attach_index(ctx, EXC_BOUNDS, v, i + 1, 0);
        return -1;
    }
    if (r->kind == RANGE_FLOAT) {
        *out = v_f64(float_elem(r, i + 1));
        return 0;
    }
    if (r->start.type == T_CHAR) { /* 'a':'e' is a StepRange{Char, Int64} */
        *out = v_char((uint32_t)((int64_t)r->start.u.c + i * r->step.u.i));
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
                     const ast *site)
{
    if (s == 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "step cannot be zero");
    int64_t len;
    if ((s > 0 && b < a) || (s < 0 && b > a))
        len = 0;
    else {
        /* |b - a| / |s| + 1, computed without overflow */
        __int128 span = (__int128)b - a;
        __int128 n = span / s + 1;
        if (n > INT64_MAX)
            return err_throw(ctx, ERR_OVERFLOW, site, "the range is too long");
        len = (int64_t)n;
        b = (int64_t)(a + (__int128)(len - 1) * s); /* the last element actually reached */
    }
    if (unit && len == 0)
        b = a - 1;
    *out = range_new(unit ? RANGE_UNIT : RANGE_STEP, v_int(a), v_int(s), v_int(b), len);
    return 0;
}

/* nbitslen: how many low bits of step_hi to clear so that (i - offset)·step_hi is exact. */
static int nbitslen(int64_t len, int64_t offset)
{
    if (len < 2)
        return 0;
    int64_t m = offset - 1 > len - offset ? offset - 1 : len - offset;
    int nb = 0;
    while (nb < 63 && ((int64_t)1 << nb) < m)
        nb++;
    return nb < 27 ? nb : 27;
}

/* A StepRangeLen from double-double ref and step. */
static value hp_range(double rh, double rl, double sh, double sl, int nb, int64_t len, int64_t offset)
{
    jc_range *r = obj_new(T_RANGE, sizeof *r);
    r->kind = RANGE_FLOAT;
    double th = truncbits(sh, nb);
    r->ref_hi = rh;
    r->ref_lo = rl;
    r->step_hi = th;
    r->step_lo = (sh - th) + sl;
    r->offset = offset;
    r->len = len;
    r->start = v_f64(len > 0 ? float_elem(r, 1) : rh);
    r->step = v_f64(r->step_hi + r->step_lo);
    r->stop = v_f64(len > 0 ? float_elem(r, len) : rh - (r->step_hi + r->step_lo));
    return v_obj(T_RANGE, 0, &r->h);
}

/* Julia's rat: a continued-fraction approximation n/d of x with |n|, |d| ≤ 2^24. */
static void rat(double x, int64_t *n, int64_t *d)
{
    double y = x, m = 16777216.0;
    /* pa/pb and qa/qb: the last two convergents ((a, c) and (b, d) in Julia's rat) */
    int64_t pa = 1, pb = 0, qa = 0, qb = 1;
    while (fabs(y) <= m) {
        double f = trunc(y);
        y -= f;
        int64_t fi = (int64_t)f;
        int64_t na = fi * pa + qa, nb = fi * pb + qb;
        qa = pa;
        qb = pb;
        pa = na;
        pb = nb;
        if ((pa < 0 ? -pa : pa) > (int64_t)m || (pb < 0 ? -pb : pb) > (int64_t)m) {
            *n = qa;
            *d = qb;
            return;
        }
        if ((double)pa / (double)pb == x)
            break;
        y = 1 / y;
    }
    *n = pa;
    *d = pb;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Julia's floatrange: elements (start_n + k·step_n)/den, the reference being the
 * smallest-magnitude element, ref and step to twice precision. */
static value floatrange(int64_t start_n, int64_t step_n, int64_t len, int64_t den)
{
    double rh, rl, sh, sl;
    tp_div((double)step_n, (double)den, &sh, &sl);
    if (len < 2 || step_n == 0) {
        tp_div((double)start_n, (double)den, &rh, &rl);
        return hp_range(rh, rl, sh, sl, 0, len, 1);
    }
    double t = -(double)start_n / (double)step_n + 1;
    int64_t imin = (int64_t)llround(rint(t));
    if (!(t == t))
        imin = 1;
    imin = imin < 1 ? 1 : imin > len ? len : imin;
    int64_t ref_n = start_n + (imin - 1) * step_n;
    tp_div((double)ref_n, (double)den, &rh, &rl);
    return hp_range(rh, rl, sh, sl, nbitslen(len, imin), len, imin);
}

/* Julia's range_start_step_length for Float64 start and step: exact small-integer ratios
 * go through floatrange, anything else is taken literally (steprangelen_hp, nb = 0). */
static value start_step_len(double a, double st, int64_t len)
{
    int64_t an, ad, sn, sd;
    rat(a, &an, &ad);
    rat(st, &sn, &sd);
    if (ad != 0 && sd != 0 && (double)an / (double)ad == a && (double)sn / (double)sd == st) {
        __int128 den = (__int128)ad / gcd64(ad, sd) * sd;
        double m = 9007199254740992.0;
        if (den < 0)
            den = -den;
        if (den < ((__int128)1 << 53) && fabs((double)den * a) <= m && fabs((double)den * st) <= m)
            return floatrange(llround((double)den * a), llround((double)den * st), len, (int64_t)den);
    }
    return hp_range(a, 0, st, 0, 0, len, 1);
}

static int isbetween(double a, double x, double b)
{
    return a <= b ? (a <= x && x <= b) : (b <= x && x <= a);
}

static int float_range(jc_ctx *ctx, value *out, double a, double s, double b, const ast *site)
{
    if (s == 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "range step cannot be zero");
    /* exact rational start, step and stop: compute in terms of the rationals */
    int64_t sn, sd, an, ad, bn, bd;
    rat(s, &sn, &sd);
    if (sd != 0 && (double)sn / (double)sd == s) {
        rat(a, &an, &ad);
        rat(b, &bn, &bd);
        if (ad != 0 && bd != 0 && (double)an / (double)ad == a && (double)bn / (double)bd == b) {
            int64_t g = gcd64(ad, sd);
            __int128 den = (__int128)ad / g * sd;
            double m = 9007199254740992.0;
            if (den != 0 && den < ((__int128)1 << 62) && fabs(a * (double)den) <= m &&
                fabs(s * (double)den) <= m) {
                int64_t d = (int64_t)den;
                int64_t a_n = (int64_t)llround(a * (double)d), s_n = (int64_t)llround(s * (double)d);
                __int128 num = (__int128)d * bn - (__int128)bd * a_n + (__int128)s_n * bd;
                __int128 q = num / ((__int128)s_n * bd); /* div: toward zero, as Julia's */
                int64_t len = q > 0 ? (int64_t)q : 0;
                if (isbetween(a, a + (double)(len - 1) * s, b + s / 2) &&
                    !isbetween(a, a + (double)len * s, b)) {
                    *out = floatrange(a_n, s_n, len, d);
                    return 0;
                }
            }
        }
    }
    if (!isfinite(a) || !isfinite(s) || !isfinite(b))
        return err_throw(ctx, ERR_ARGUMENT, site, "range bounds must be finite");
    /* otherwise start and step are taken literally */
    double lf = (b - a) / s;
    int64_t len;
    if (lf < 0)
        len = 0;
    else if (lf == 0)
        len = 1;
    else {
        if (lf > 9.2e18)
            return err_throw(ctx, ERR_OVERFLOW, site, "the range is too long");
        len = (int64_t)llround(rint(lf)) + 1;
        double stop2 = a + (double)(len - 1) * s;
        len -= (a < b && b < stop2) + (a > b && b > stop2);
    }
    *out = hp_range(a, 0, s, 0, 0, len, 1);
    return 0;
}

/* range(start, stop; length=n): Julia's _linspace for floats. */
int range_linspace(jc_ctx *ctx, value *out, double a, double b, int64_t len, const ast *site)
{
    if (len < 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "range(%g, stop=%g, length=%lld): negative length",
                        a, b, (long long)len);
    if (len < 2) {
        *out = hp_range(a, 0, len == 1 ? 0 : b - a, 0, 0, len, 1);
        if (len == 1)
            val_range(*out)->stop = v_f64(a);
        return 0;
    }
    if (a == b) {
        *out = hp_range(a, 0, 0, 0, 0, len, 1);
        return 0;
    }
    int64_t an, ad, bn, bd;
    rat(a, &an, &ad);
    rat(b, &bn, &bd);
    if (ad != 0 && bd != 0) {
        int64_t den = ad / gcd64(ad, bd) * bd;
        double m = 9007199254740992.0;
        if (den != 0 && fabs((double)den * a) <= m && fabs((double)den * b) <= m) {
            int64_t sn = llround((double)den * a), en = llround((double)den * b);
            if ((double)sn / (double)den == a && (double)en / (double)den == b) {
                double tmin = -(double)sn / ((double)en - (double)sn);
                int64_t imin = llround(rint(tmin * (double)(len - 1) + 1));
                imin = imin < 1 ? 1 : imin > len ? len : imin;
                __int128 rnum = (__int128)(len - imin) * sn + (__int128)(imin - 1) * en;
                __int128 rden = (__int128)(len - 1) * den;
                double rh, rl, sh, sl;
                tp_div((double)rnum, (double)rden, &rh, &rl);
                tp_div((double)((__int128)en - sn), (double)rden, &sh, &sl);
                *out = hp_range(rh, rl, sh, sl, nbitslen(len, imin), len, imin);
                return 0;
            }
        }
    }
    double delta = b - a;
    double tmin = -(a / delta);
    int64_t imin = llround(rint(tmin * (double)(len - 1) + 1));
    double ref, step;
    if (1 < imin && imin < len) {
        double t = (double)(imin - 1) / (double)(len - 1);
        ref = (1 - t) * a + t * b;
        step = imin - 1 < len - imin ? (ref - a) / (double)(imin - 1) : (b - ref) / (double)(len - imin);
    } else if (imin <= 1) {
        imin = 1;
        ref = a;
        step = delta / (double)(len - 1);
    } else {
        imin = len;
        ref = b;
        step = delta / (double)(len - 1);
    }
    int nb = nbitslen(len, imin);
    double sh = truncbits(step, nb), x1h, x1l, x2h, x2l;
    add12((double)(1 - imin) * sh, ref, &x1h, &x1l);
    add12((double)(len - imin) * sh, ref, &x2h, &x2l);
    double p = (a - x1h) - x1l, q = (b - x2h) - x2l;
    double sl = (q - p) / (double)(len - 1);
    double rl = p - (double)(1 - imin) * sl;
    *out = hp_range(ref, rl, sh, sl, 0, len, imin);
    return 0;
}

/* start:stop (n == 2) or start:step:stop (n == 3) for real numbers: Int64/Bool endpoints
 * give an integer range, others a Float64 one.  LIB_DECLINE for non-real arguments. */
int range_colon(jc_ctx *ctx, value *out, int n, const value *v, const ast *site)
{
    value start = v[0], stop = v[n - 1];
    value step = n == 3 ? v[1] : v_int(1);
    int allint = 1, allnum = 1;
    for (int i = 0; i < n; i++) {
        allint &= v[i].type == T_INT64 || v[i].type == T_BOOL;
        allnum &= num_is_real(v[i]);
    }
    if (allint)
        return int_range(ctx, out, start.u.i, step.u.i, stop.u.i, n == 2, site);
    if (start.type == T_CHAR && stop.type == T_CHAR && step.type == T_INT64) {
        /* Char ranges: a StepRange{Char, Int64} whose last element is one reached
         * (steprange_last; start - step when empty) */
        if (int_range(ctx, out, start.u.c, step.u.i, stop.u.c, 0, site) < 0)
            return -1;
        jc_range *r = val_range(*out);
        int64_t last = r->len ? r->stop.u.i : (int64_t)start.u.c - step.u.i;
        if (last < 0 || last > 0x7fffffff || (r->len && r->len > 0x100000000LL)) {
            val_release(*out);
            return err_throw(ctx, ERR_OVERFLOW, site, "the range is too long");
        }
        r->start = v_char(start.u.c);
        r->stop = v_char((uint32_t)last);
        return 0;
    }
    if (!allnum)
        return LIB_DECLINE;
    double x, s, y;
    if (num_to_double(ctx, start, &x) < 0 || num_to_double(ctx, step, &s) < 0 ||
        num_to_double(ctx, stop, &y) < 0)
        return -1;
    return float_range(ctx, out, x, s, y, site);
}

/* ---- ranges under broadcasting (Julia's broadcasted methods for ranges) ----
 *
 * Julia keeps a range a range under + - * / with a number, and under unary -, following
 * the rules in base/broadcast.jl; (1:5) * 2 and -(1:3) reach the same methods.  For an
 * integer range r and an Int (or Bool) x:
 *   r .+ x, x .+ r, r .- x   UnitRange stays UnitRange, StepRange keeps its step
 *   x .- r, .-(r)            range(x - first, step = -step, length): a StepRange
 *   x .* r, r .* x           range(x·first, step = x·step, length) (x = 0: step error)
 * with a Float64 x, or for r / x, the start (and step) become floats: UnitRange ± x is
 * range(first ± x, length) (a plain StepRangeLen with step 1.0), the others go through
 * range_start_step_length, which gives 0.5 .* (1:3) the exact elements k/2.
 * A Float64 range keeps its twice-precision reference and step, operated on as Julia's
 * TwicePrecision arithmetic does (ref + x, x·ref, ref/x; the step likewise).
 * Numbers of other types (BigInt, Rational, Float32 ...) give ranges in Julia that
 * jcalc does not represent: those broadcasts decline and are materialized as Vectors. */

typedef struct { double hi, lo; } tp;

static tp tp_make(double big, double little)
{
    tp r;
    canon2(big, little, &r.hi, &r.lo);
    return r;
}

/* TwicePrecision + Number */
static tp tp_add(tp x, double y)
{
    double h, l;
    add12(x.hi, y, &h, &l);
    return tp_make(h, l + x.lo);
}

/* TwicePrecision · Integer: the high part is cut to leave room for v's bits, so the
 * product of the high part is exact */
static tp tp_mul_int(tp x, int64_t v)
{
    if (v == 0)
        return (tp){ x.hi * (double)v, x.lo * (double)v };
    uint64_t av = v < 0 ? -(uint64_t)v : (uint64_t)v;
    int nb = 0;
    while (nb < 64 && (av >> nb))
        nb++;
    double u = truncbits(x.hi, nb);
    return tp_make(u * (double)v, ((x.hi - u) + x.lo) * (double)v);
}

/* TwicePrecision · TwicePrecision(v) */
static tp tp_mul_f(tp x, double v)
{
    if (v == 0)
        return (tp){ x.hi * v, x.lo * v };
    double zh, zl;
    mul12(x.hi, v, &zh, &zl);
    if (zh == 0 || !isfinite(zh))
        return (tp){ zh, zh };
    return tp_make(zh, (x.hi * 0.0 + x.lo * v) + zl);
}

/* TwicePrecision / TwicePrecision(v) */
static tp tp_div_f(tp x, double v)
{
    double hi = x.hi / v, uh, ul;
    if (hi == 0 || !isfinite(hi))
        return (tp){ hi, hi };
    mul12(hi, v, &uh, &ul);
    return tp_make(hi, ((((x.hi - uh) - ul) + x.lo) - hi * 0.0) / v);
}

static tp tp_neg(tp x) { return (tp){ -x.hi, -x.lo }; }

/* An integer range with first a, step s and length n; unit: a UnitRange. */
static int int_range_len(jc_ctx *ctx, value *out, int64_t a, int64_t s, int64_t n, int unit, const ast *site)
{
    if (s == 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "step cannot be zero");
    /* stop = a + (n-1)·s in Int64's wrapping arithmetic, as Julia's */
    int64_t b = (int64_t)((uint64_t)a + (uint64_t)(n - 1) * (uint64_t)s);
    return int_range(ctx, out, a, unit ? 1 : s, b, unit, site);
}

static value float_range_from(const jc_range *r, tp ref, tp step)
{
    return hp_range(ref.hi, ref.lo, step.hi, step.lo, 0, r->len, r->offset);
}

/* x·r and r/x re-cut the new step (twiceprecision(step, nbitslen(r)), as Julia's * and /
 * on a twice-precision StepRangeLen do) so that its multiples stay exact. */
static value float_range_scaled(const jc_range *r, tp ref, tp step)
{
    return hp_range(ref.hi, ref.lo, step.hi, step.lo, nbitslen(r->len, r->offset), r->len, r->offset);
}

int range_broadcast(jc_ctx *ctx, const char *op, const jc_args *a, value *out)
{
    if (a->n < 1 || a->n > 2 || a->nkw || strlen(op) != 1 || !strchr("+-*/", op[0]))
        return LIB_DECLINE;
    char o = op[0];
    int ri = a->v[0].type == T_RANGE ? 0 : 1; /* the range's position */
    if (ri >= a->n || a->v[ri].type != T_RANGE)
        return LIB_DECLINE;
    const jc_range *r = val_range(a->v[ri]);
    if (r->start.type == T_CHAR)
        return LIB_DECLINE;
    int isfloat = r->kind == RANGE_FLOAT;
    tp ref = { r->ref_hi, r->ref_lo }, step = { r->step_hi, r->step_lo };
    int64_t f = isfloat ? 0 : r->start.u.i, s = isfloat ? 0 : r->step.u.i, n = r->len;
    if (a->n == 1) {
        if (o == '+') {
            *out = val_retain(a->v[0]);
            return 0;
        }
        if (o != '-')
            return LIB_DECLINE;
        if (isfloat) {
            *out = float_range_from(r, tp_neg(ref), tp_neg(step));
            return 0;
        }
        return int_range_len(ctx, out, (int64_t)(0 - (uint64_t)f), (int64_t)(0 - (uint64_t)s), n, 0, a->site);
    }
    value xv = a->v[1 - ri];
    if (xv.type == T_RANGE || (o == '/' && ri == 1))
        return LIB_DECLINE;
    int xint = xv.type == T_INT64 || xv.type == T_BOOL;
    if (!xint && xv.type != T_FLOAT64)
        return LIB_DECLINE;
    int64_t xi = xint ? xv.u.i : 0;
    double x = xint ? (double)xv.u.i : xv.u.f;
    if (isfloat) {
        switch (o) {
        case '+':
            *out = float_range_from(r, tp_add(ref, x), step);
            return 0;
        case '-':
            *out = ri == 0 ? float_range_from(r, tp_add(ref, -x), step)
                           : float_range_from(r, tp_add(tp_neg(ref), x), tp_neg(step));
            return 0;
        case '*':
            *out = xint ? float_range_scaled(r, tp_mul_int(ref, xi), tp_mul_int(step, xi))
                        : float_range_scaled(r, tp_mul_f(ref, x), tp_mul_f(step, x));
            return 0;
        default:
            *out = float_range_scaled(r, tp_div_f(ref, x), tp_div_f(step, x));
            return 0;
        }
    }
    int unit = r->kind == RANGE_UNIT;
    if (xint) {
        switch (o) {
        case '+':
            return int_range_len(ctx, out, (int64_t)((uint64_t)f + (uint64_t)xi), s, n, unit, a->site);
        case '-':
            if (ri == 0)
                return int_range_len(ctx, out, (int64_t)((uint64_t)f - (uint64_t)xi), s, n, unit, a->site);
            return int_range_len(ctx, out, (int64_t)((uint64_t)xi - (uint64_t)f), (int64_t)(0 - (uint64_t)s), n, 0, a->site);
        case '*':
            return int_range_len(ctx, out, (int64_t)((uint64_t)xi * (uint64_t)f), (int64_t)((uint64_t)xi * (uint64_t)s), n, 0, a->site);
        default:
            *out = start_step_len((double)f / x, (double)s / x, n);
            return 0;
        }
    }
    double fd = (double)f, sd = (double)s;
    switch (o) {
    case '+':
        *out = unit ? hp_range(fd + x, 0, 1.0, 0, 0, n, 1) : start_step_len(fd + x, sd, n);
        return 0;
    case '-':
        if (ri == 1)
            *out = start_step_len(x - fd, -sd, n);
        else
            *out = unit ? hp_range(fd - x, 0, 1.0, 0, 0, n, 1) : start_step_len(fd - x, sd, n);
        return 0;
    case '*':
        *out = start_step_len(x * fd, x * sd, n);
        return 0;
    default:
        *out = start_step_len(fd / x, sd / x, n);
        return 0;
    }
}
