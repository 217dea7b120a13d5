/* range.c — see range.h.  Builtins: the `:` operator. */
#include "bits.h"
#include "range.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exc.h"
#include "num/fixint.h"
#include "num/num.h"

void range_free(obj *o)
{
    jc_range *r = (jc_range *)o;
    val_release(r->start);
    val_release(r->step);
    val_release(r->stop);
    val_release(r->lenv);
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

static int exact_elem(jc_ctx *ctx, const jc_range *r, int64_t i, value *out);
static int len_elem(jc_ctx *ctx, const jc_range *r, int64_t i, value *out);

int range_get(jc_ctx *ctx, value v, int64_t i, value *out)
{
    jc_range *r = val_range(v);
    if (i < 0 || i >= r->len) {
        err_throw(ctx, ERR_BOUNDS, NULL, "attempt to access range at index [%lld]", (long long)i + 1);
        exc_attach_index(ctx, EXC_BOUNDS, v, i + 1, 0);
        return -1;
    }
    if (r->kind == RANGE_FLOAT) {
        double d = float_elem(r, i + 1);
        *out = r->start.type == T_FLOAT64 ? v_f64(d) : num_from_double_typed((jc_type)r->start.type, d);
        return 0;
    }
    if (r->kind == RANGE_LEN)
        return len_elem(ctx, r, i, out);
    if (r->start.type == T_CHAR) { /* 'a':'e' is a StepRange{Char, Int64} */
        *out = v_char((uint32_t)((int64_t)r->start.u.c + i * r->step.u.i));
        return 0;
    }
    if (r->start.type == T_INT64 && r->step.type == T_INT64) {
        /* start + i*step is exact: the stop value bounds it inside Int64 */
        *out = v_int((int64_t)((uint64_t)r->start.u.i + (uint64_t)i * (uint64_t)r->step.u.i));
        return 0;
    }
    return exact_elem(ctx, r, i, out);
}

static value range_new(int kind, value start, value step, value stop, int64_t len)
{
    jc_range *r = obj_new(T_RANGE, sizeof *r);
    r->kind = (uint8_t)kind;
    r->start = start;
    r->step = step;
    r->stop = stop;
    r->len = len;
    r->lenv = v_int(len);
    return v_obj(T_RANGE, 0, &r->h);
}

/* The Int64 range a:s:b (a UnitRange when unit), Julia's steprange_last giving its last
 * element; one longer than Int64 can count is huge, its length an OverflowError. */
static int int_range(jc_ctx *ctx, value *out, int64_t a, int64_t s, int64_t b, int unit,
                     const ast *site)
{
    if (s == 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "step cannot be zero");
    int64_t len;
    int huge = 0;
    if ((s > 0 && b < a) || (s < 0 && b > a))
        len = 0;
    else {
        /* |b - a| / |s| + 1, computed without overflow */
        __int128 span = (__int128)b - a;
        __int128 n = span / s + 1;
        huge = n > INT64_MAX;
        len = huge ? INT64_MAX : (int64_t)n;
        b = (int64_t)(a + (n - 1) * s); /* the last element actually reached */
    }
    if (len == 0)
        b = s > 0 ? a - 1 : a + 1; /* steprange_last_empty; no wrap: b < a or b > a */
    *out = range_new(unit ? RANGE_UNIT : RANGE_STEP, v_int(a), v_int(s), v_int(b), len);
    if (huge) {
        val_range(*out)->huge = 1;
        val_range(*out)->lenv = v_nothing();
    }
    return 0;
}

/* ---- exact ranges of any integer type, Bool and Rational ----
 *
 * start, step and stop are computed on as rationals (mpq), so nothing wraps or
 * overflows: the last element and the length are exact, and each element is made in
 * the element type only once it is known to lie between start and stop.  A Rational
 * ±1//0 never reaches mpq (range_colon refuses it first). */

static int to_mpq(jc_ctx *ctx, mpq_ptr q, value v)
{
    if (v.type == T_RATIONAL) {
        mpq_set(q, val_mpq(v));
        return 0;
    }
    mpz_set_ui(mpq_denref(q), 1);
    return num_to_mpz(ctx, mpq_numref(q), v);
}

/* The value q (known to fit) in the type of like. */
static int of_type(jc_ctx *ctx, value *out, mpq_srcptr q, value like)
{
    switch (like.type) {
    case T_RATIONAL:
        return num_rational(ctx, out, mpq_numref(q), mpq_denref(q), (jc_type)like.sub);
    case T_BOOL:
        *out = v_bool(mpz_sgn(mpq_numref(q)) != 0);
        return 0;
    case T_INT64:
    case T_BIGINT:
        *out = like.type == T_BIGINT ? v_bigint_from_mpz(mpq_numref(q)) : v_int_from_mpz(mpq_numref(q));
        return 0;
    default:
        *out = fix_from_mpz(like.type, mpq_numref(q));
        return 0;
    }
}

static int exact_elem(jc_ctx *ctx, const jc_range *r, int64_t i, value *out)
{
    mpq_t a, s;
    mpq_inits(a, s, NULL);
    int rc = to_mpq(ctx, a, r->start);
    if (rc == 0)
        rc = to_mpq(ctx, s, r->step);
    if (rc == 0) {
        mpz_mul_si(mpq_numref(s), mpq_numref(s), (long)i);
        mpq_canonicalize(s);
        mpq_add(a, a, s);
        rc = of_type(ctx, out, a, r->start);
    }
    mpq_clears(a, s, NULL);
    return rc;
}

/* Julia's type for length(r) over elements of type t (see jc_range.lenv). */
static int length_type(int t)
{
    switch (t) {
    case T_INT64: case T_UINT64: case T_INT128: case T_UINT128: case T_BIGINT:
        return t;
    default:
        return T_INT64;
    }
}

/* lenv from the exact length n, or nothing when it does not fit its type. */
static value length_value(int t, mpz_srcptr n)
{
    int lt = length_type(t);
    if (lt == T_BIGINT)
        return v_bigint_from_mpz(n);
    if (lt == T_INT64)
        return mpz_fits_slong_p(n) ? v_int(mpz_get_si(n)) : v_nothing();
    return fix_fits_mpz(lt, n) ? fix_from_mpz(lt, n) : v_nothing();
}

/* a:s:b (unit: a:b) with a and b of the element type and s of the step type, all
 * finite integers or rationals. */
static int exact_range(jc_ctx *ctx, value *out, value av, value sv, value bv, int unit, const ast *site)
{
    mpq_t a, s, b, d;
    mpz_t n;
    mpq_inits(a, s, b, d, NULL);
    mpz_init(n);
    int rc = to_mpq(ctx, a, av);
    if (rc == 0)
        rc = to_mpq(ctx, b, bv);
    if (rc == 0)
        rc = unit ? (mpq_set_ui(s, 1, 1), 0) : to_mpq(ctx, s, sv);
    if (rc == 0 && mpq_sgn(s) == 0)
        rc = err_throw(ctx, ERR_ARGUMENT, site, "step cannot be zero");
    value last = v_nothing();
    if (rc == 0) {
        int c = mpq_cmp(b, a);
        if (unit && av.type == T_BOOL) {
            /* unitrange_last(::Bool, stop) is stop */
            mpz_set_si(n, c >= 0 ? mpz_get_si(mpq_numref(b)) - mpz_get_si(mpq_numref(a)) + 1 : 0);
            last = val_retain(bv);
        } else if (c != 0 && (c > 0) != (mpq_sgn(s) > 0)) {
            /* empty: start - oneunit for integers (start + oneunit going down), start -
             * step for rationals (steprange_last_empty) */
            mpz_set_ui(n, 0);
            if (av.type == T_RATIONAL)
                mpq_sub(d, a, s);
            else {
                mpq_set_si(d, mpq_sgn(s) > 0 ? -1 : 1, 1);
                mpq_add(d, a, d);
            }
            rc = of_type(ctx, &last, d, av);
        } else {
            /* n = floor((b - a)/s) + 1; last = a + (n - 1)·s */
            mpq_sub(d, b, a);
            mpq_div(d, d, s);
            mpz_fdiv_q(n, mpq_numref(d), mpq_denref(d));
            mpq_set_z(d, n);
            mpq_mul(d, d, s);
            mpq_add(d, d, a);
            mpz_add_ui(n, n, 1);
            rc = of_type(ctx, &last, d, av);
        }
    }
    if (rc == 0) {
        int huge = !mpz_fits_slong_p(n);
        int64_t len = huge ? INT64_MAX : mpz_get_si(n);
        value step = unit ? v_nothing() : val_retain(sv);
        if (unit)
            rc = of_type(ctx, &step, (mpq_set_ui(d, 1, 1), d), av);
        if (rc == 0) {
            *out = range_new(unit ? RANGE_UNIT : RANGE_STEP, val_retain(av), step, last, len);
            jc_range *r = val_range(*out);
            r->huge = (uint8_t)huge;
            r->lenv = length_value(av.type, n);
        } else
            val_release(last);
    }
    mpq_clears(a, s, b, d, NULL);
    mpz_clear(n);
    return rc;
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
    r->lenv = v_int(len);
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

/* ---- Float32 and Float16 ranges: StepRangeLen{T, Float64, Float64, Int64} ----
 *
 * Julia's (:)(start::T, step::T, stop::T) for an IEEE float T of twiceprecision.jl, with
 * its arithmetic in T (each operation rounded to T): rat() stops at maxintfloat of the
 * narrower type (2048 for both), the denominators at maxintfloat(T).  The range keeps a
 * Float64 reference and step (ref_n/den, step_n/den, or start and step themselves) and
 * rounds ref + (i - offset)·step to T. */

static double rnd_t(int t, double d) { return t == T_FLOAT32 ? num_round_f32(d) : num_round_f16(d); }

static void rat_t(int t, double x, int64_t *n, int64_t *d)
{
    double y = x, m = 2048.0;
    int64_t pa = 1, pb = 0, qa = 0, qb = 1;
    while (fabs(y) <= m) {
        double f = trunc(y);
        y = rnd_t(t, y - f);
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
        if (rnd_t(t, rnd_t(t, (double)pa) / rnd_t(t, (double)pb)) == x)
            break;
        y = rnd_t(t, 1 / y);
    }
    *n = pa;
    *d = pb;
}

static value small_float_range(int t, double ref, double step, int64_t len, int64_t offset)
{
    value v = hp_range(ref, 0, step, 0, 0, len, offset);
    jc_range *r = val_range(v);
    r->start = num_from_double_typed((jc_type)t, r->start.u.f);
    r->step = num_from_double_typed((jc_type)t, r->step.u.f);
    r->stop = num_from_double_typed((jc_type)t, r->stop.u.f);
    return v;
}

static int small_float_colon(jc_ctx *ctx, value *out, int t, double a, double s, double b, const ast *site)
{
    if (s == 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "range step cannot be zero");
    int64_t sn, sd, an, ad, bn, bd;
    double m = t == T_FLOAT32 ? 16777216.0 : 2048.0;
    rat_t(t, s, &sn, &sd);
    if (sd != 0 && rnd_t(t, (double)sn / (double)sd) == s) {
        rat_t(t, a, &an, &ad);
        rat_t(t, b, &bn, &bd);
        if (ad != 0 && bd != 0 && rnd_t(t, (double)an / (double)ad) == a &&
            rnd_t(t, (double)bn / (double)bd) == b) {
            int64_t den = ad / gcd64(ad, sd) * sd; /* both at most 2048: no overflow */
            if (den < 0)
                den = -den;
            if (den != 0 && fabs(rnd_t(t, a * rnd_t(t, (double)den))) <= m &&
                fabs(rnd_t(t, s * rnd_t(t, (double)den))) <= m) {
                int64_t a_n = llround(rnd_t(t, a * rnd_t(t, (double)den)));
                int64_t s_n = llround(rnd_t(t, s * rnd_t(t, (double)den)));
                __int128 num = (__int128)den * bn - (__int128)bd * a_n + (__int128)s_n * bd;
                __int128 q = num / ((__int128)s_n * bd);
                int64_t len = q > 0 ? (int64_t)q : 0;
                double e1 = rnd_t(t, a + rnd_t(t, (double)(len - 1) * s));
                double e2 = rnd_t(t, a + rnd_t(t, (double)len * s));
                if (isbetween(a, e1, rnd_t(t, b + rnd_t(t, s / 2))) && !isbetween(a, e2, b)) {
                    if (len < 2 || s_n == 0) {
                        *out = small_float_range(t, (double)a_n / (double)den, (double)s_n / (double)den, len, 1);
                        return 0;
                    }
                    double tt = -(double)a_n / (double)s_n + 1;
                    int64_t imin = (int64_t)llround(rint(tt));
                    imin = imin < 1 ? 1 : imin > len ? len : imin;
                    int64_t ref_n = a_n + (imin - 1) * s_n;
                    *out = small_float_range(t, (double)ref_n / (double)den, (double)s_n / (double)den, len, imin);
                    return 0;
                }
            }
        }
    }
    if (!isfinite(a) || !isfinite(s) || !isfinite(b))
        return err_throw(ctx, ERR_ARGUMENT, site, "range bounds must be finite");
    double lf = rnd_t(t, rnd_t(t, b - a) / s);
    int64_t len;
    if (lf < 0)
        len = 0;
    else if (lf == 0)
        len = 1;
    else {
        len = (int64_t)llround(rint(lf)) + 1;
        double stop2 = rnd_t(t, a + rnd_t(t, (double)(len - 1) * s));
        len -= (a < b && b < stop2) + (a > b && b > stop2);
    }
    *out = small_float_range(t, a, s, len, 1);
    return 0;
}

/* ---- BigFloat ranges: StepRangeLen{BigFloat, BigFloat, BigFloat, Int64} ----
 * Julia's _colon(::Ordered, ::ArithmeticRounds, ...): length floor(Int, (stop-start)/step)+1,
 * element i start + (i-1)·step in BigFloat arithmetic. */

static int len_elem(jc_ctx *ctx, const jc_range *r, int64_t i, value *out)
{
    value p;
    if (num_binop(ctx, &p, NUM_MUL, v_int(i), r->step) < 0)
        return -1;
    int rc = num_binop(ctx, out, NUM_ADD, r->start, p);
    val_release(p);
    return rc;
}

static int bigfloat_colon(jc_ctx *ctx, value *out, value a, value s, value b, const ast *site)
{
    int z;
    if (num_iszero(ctx, s, &z) < 0)
        return -1;
    if (z)
        return err_throw(ctx, ERR_ARGUMENT, site, "step cannot be zero");
    if (!num_isfinite(a) || !num_isfinite(s) || !num_isfinite(b))
        return err_throw(ctx, ERR_INEXACT, site, "Int64(NaN)");
    value d, q;
    if (num_binop(ctx, &d, NUM_SUB, b, a) < 0)
        return -1;
    int rc = num_binop(ctx, &q, NUM_DIV, d, s);
    val_release(d);
    if (rc < 0)
        return -1;
    double f = floor(mpfr_get_d(val_mpfr(q), MPFR_RNDD));
    val_release(q);
    if (!(f >= -0x1p63 && f < 0x1p63)) /* (int64_t)f is defined */
        return err_throw(ctx, ERR_INEXACT, site, "Int64(%.17g)", f);
    int64_t len = (int64_t)f + 1;
    if (len < 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "length cannot be negative, got %lld", (long long)len);
    jc_range *r = obj_new(T_RANGE, sizeof *r);
    r->kind = RANGE_LEN;
    r->start = val_retain(a);
    r->step = val_retain(s);
    r->len = len;
    r->lenv = v_int(len);
    r->offset = 1;
    r->stop = v_nothing();
    value v = v_obj(T_RANGE, 0, &r->h);
    if (len > 0 ? len_elem(ctx, r, len - 1, &r->stop) < 0 : num_binop(ctx, &r->stop, NUM_SUB, a, s) < 0) {
        val_release(v);
        return -1;
    }
    *out = v;
    return 0;
}

/* ---- a:b, a:s:b: Julia's promotion among the methods of (:) ----
 *
 * Any float among the arguments promotes all three (the float specializations of
 * base/range.jl): a Float64 range, a Float32/Float16 one, or a BigFloat StepRangeLen.
 * Otherwise a:b is UnitRange{promote_type(a, b)}; a:s:b promotes a and b to T, then
 * (unless all three share one type) to T′ = typeof(a + zero(s)): StepRange{T′, typeof(s)}. */

static int is_inf_rational(value v)
{
    return v.type == T_RATIONAL && mpz_sgn(mpq_denref(val_mpq(v))) == 0;
}

/* Ranges with a ±1//0 endpoint or step: Julia's formulas (unitrange_last, steprange_last,
 * length) computed on jcalc's rational arithmetic, for the error Julia raises. */
static int inf_rational_range(jc_ctx *ctx, value a, value s, value b, int unit, const ast *site)
{
    value d, e;
    int c;
    if (num_cmp(ctx, b, a, &c) < 0)
        return -1;
    if (unit) {
        if (num_binop(ctx, &d, NUM_SUB, b, a) < 0)
            return -1;
        int rc = c >= 0 ? num_binop(ctx, &e, NUM_FLD, d, v_int(1)) : num_binop(ctx, &e, NUM_SUB, d, d);
        val_release(d);
        if (rc < 0)
            return -1;
        val_release(e);
    } else {
        int z;
        if (num_iszero(ctx, s, &z) < 0)
            return -1;
        if (z)
            return err_throw(ctx, ERR_ARGUMENT, site, "step cannot be zero");
        if (num_binop(ctx, &d, NUM_SUB, c > 0 ? b : a, c > 0 ? a : b) < 0)
            return -1;
        int rc = num_binop(ctx, &e, NUM_REM, d, s);
        val_release(d);
        if (rc < 0)
            return -1;
        val_release(e);
    }
    return err_throw(ctx, ERR_ARGUMENT, site, "range bounds must be finite");
}

static int is_float_kind(value v)
{
    return v.type == T_FLOAT16 || v.type == T_FLOAT32 || v.type == T_FLOAT64 ||
           v.type == T_BIGFLOAT || v.type == T_IRRATIONAL;
}

static int convert_num(jc_ctx *ctx, value *out, num_type t, value x) { return num_convert_to(ctx, out, t, x); }

int range_colon(jc_ctx *ctx, value *out, int n, const value *v, const ast *site)
{
    value start = v[0], stop = v[n - 1];
    value step = n == 3 ? v[1] : v_int(1);
    int allint = 1, allnum = 1, anyfloat = 0;
    for (int i = 0; i < n; i++) {
        allint &= v[i].type == T_INT64;
        allnum &= num_is_real(v[i]);
        anyfloat |= is_float_kind(v[i]);
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
    num_type ta, tb, ts;
    num_typeof(start, &ta);
    num_typeof(stop, &tb);
    num_typeof(step, &ts);
    num_type t = num_promote_type(ta, tb);
    if (anyfloat) {
        num_type p = num_promote_type(t, ts);
        if (p.t == T_BIGFLOAT) {
            value x[3];
            int k = 0, rc = 0;
            for (; k < 3; k++)   /* k values converted */
                if ((rc = convert_num(ctx, &x[k], p, k == 0 ? start : k == 1 ? step : stop)) < 0)
                    break;
            if (rc == 0)
                rc = bigfloat_colon(ctx, out, x[0], x[1], x[2], site);
            val_release_n(x, k);
            return rc;
        }
        double x, s, y;
        if (num_to_double(ctx, start, &x) < 0 || num_to_double(ctx, step, &s) < 0 ||
            num_to_double(ctx, stop, &y) < 0)
            return -1;
        if (p.t == T_FLOAT32 || p.t == T_FLOAT16) {
            /* the arguments as T (promote rounds each to T) */
            return small_float_colon(ctx, out, p.t, rnd_t(p.t, x), rnd_t(p.t, s), rnd_t(p.t, y), site);
        }
        return float_range(ctx, out, x, s, y, site);
    }
    /* exact: integers of any type, Bool, Rational */
    if (n == 3 && !(ta.t == ts.t && ta.sub == ts.sub && tb.t == ts.t && tb.sub == ts.sub)) {
        if (t.t == T_BOOL && ts.t == T_BOOL)
            t.t = T_INT64; /* Bool + Bool is an Int */
        else
            t = num_promote_type(t, ts);
    }
    value a, b;
    if (convert_num(ctx, &a, t, start) < 0)
        return -1;
    if (convert_num(ctx, &b, t, stop) < 0) {
        val_release(a);
        return -1;
    }
    int rc;
    if (is_inf_rational(a) || is_inf_rational(b) || is_inf_rational(step))
        rc = inf_rational_range(ctx, a, step, b, n == 2, site);
    else if (a.type == T_INT64 && (n == 2 || step.type == T_INT64))
        rc = int_range(ctx, out, a.u.i, n == 2 ? 1 : step.u.i, b.u.i, n == 2, site);
    else
        rc = exact_range(ctx, out, a, step, b, n == 2, site);
    val_release(a);
    val_release(b);
    return rc;
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
    /* only Int64 and Float64 ranges here: the others become Vectors */
    if (r->kind == RANGE_LEN || r->huge ||
        (r->kind == RANGE_FLOAT ? r->start.type != T_FLOAT64
                                : r->start.type != T_INT64 || r->step.type != T_INT64))
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

/* ---- length, typeof, equality, membership, reverse, sum ---- */

static int is_exact_range(const jc_range *r)
{
    return (r->kind == RANGE_UNIT || r->kind == RANGE_STEP) && r->start.type != T_CHAR;
}

int range_length_value(jc_ctx *ctx, value v, value *out, const ast *site)
{
    jc_range *r = val_range(v);
    if (r->lenv.type != T_NOTHING) {
        *out = val_retain(r->lenv);
        return 0;
    }
    /* Julia's checked_length: stop - start, then + 1, each checked in T */
    mpq_t a, b, s;
    mpq_inits(a, b, s, NULL);
    int rc = to_mpq(ctx, a, r->start);
    if (rc == 0)
        rc = to_mpq(ctx, b, r->stop);
    if (rc == 0)
        rc = to_mpq(ctx, s, r->step);
    if (rc == 0) {
        int lt = length_type(r->start.type), up = mpq_sgn(s) > 0;
        const char *tn = num_type_basename((jc_type)lt);
        mpq_sub(a, up ? b : a, up ? a : b); /* the difference, nonnegative */
        mpq_abs(s, s);
        int fits = lt == T_INT64 ? mpz_fits_slong_p(mpq_numref(a)) : fix_fits_mpz(lt, mpq_numref(a));
        if (mpq_cmp_ui(s, 1, 1) == 0 && !fits) {
            char *x = mpz_get_str(NULL, 10, up ? mpq_numref(b) : mpq_numref(a));
            mpq_t t;
            mpq_init(t);
            to_mpq(ctx, t, up ? r->start : r->stop);
            char *y = mpz_get_str(NULL, 10, mpq_numref(t));
            mpq_clear(t);
            if (!up) { /* start - stop: the operands as given */
                free(x);
                mpq_t u;
                mpq_init(u);
                to_mpq(ctx, u, r->start);
                x = mpz_get_str(NULL, 10, mpq_numref(u));
                mpq_clear(u);
            }
            rc = err_throw(ctx, ERR_OVERFLOW, site, "%s - %s overflowed for type %s", x, y, tn);
            free(x);
            free(y);
        } else {
            mpq_div(a, a, s);
            mpz_fdiv_q(mpq_numref(a), mpq_numref(a), mpq_denref(a));
            char *x = mpz_get_str(NULL, 10, mpq_numref(a));
            rc = err_throw(ctx, ERR_OVERFLOW, site, "%s + 1 overflowed for type %s", x, tn);
            free(x);
        }
    }
    mpq_clears(a, b, s, NULL);
    return rc;
}

/* == or isequal of two elements (numbers or Chars). */
static int elem_equal(jc_ctx *ctx, value p, value q, int iseq, int *res)
{
    if (num_is_number(p) && num_is_number(q))
        return iseq ? num_isequal(ctx, p, q, res) : num_equal(ctx, p, q, res);
    *res = p.type == T_CHAR && q.type == T_CHAR && p.u.c == q.u.c;
    return 0;
}

static int elem_at_equal(jc_ctx *ctx, value x, value y, int64_t i, int iseq, int *res)
{
    value p, q;
    if (range_get(ctx, x, i, &p) < 0)
        return -1;
    if (range_get(ctx, y, i, &q) < 0) {
        val_release(p);
        return -1;
    }
    int rc = elem_equal(ctx, p, q, iseq, res);
    val_release(p);
    val_release(q);
    return rc;
}

int range_equal(jc_ctx *ctx, value x, value y, int iseq, int *res)
{
    *res = 0;
    jc_range *r = val_range(x);
    int64_t n = r->len;
    {
        jc_range *s = val_range(y);
        if (n != s->len || r->huge != s->huge)
            return 0;
        if (n == 0) {
            *res = 1;
            return 0;
        }
        if (!r->huge && r->kind == RANGE_FLOAT && s->kind == RANGE_FLOAT && n > 3) {
            /* the same reference, step and offset: the same elements */
            if (r->start.type == s->start.type && r->ref_hi == s->ref_hi && r->ref_lo == s->ref_lo &&
                r->step_hi == s->step_hi && r->step_lo == s->step_lo && r->offset == s->offset) {
                *res = 1;
                return 0;
            }
        } else if (is_exact_range(r) && is_exact_range(s)) {
            /* arithmetic progressions: first, second and last element decide */
            if (elem_at_equal(ctx, x, y, 0, iseq, res) < 0 || !*res || n == 1)
                return *res >= 0 ? 0 : -1;
            if (elem_at_equal(ctx, x, y, 1, iseq, res) < 0 || !*res)
                return *res >= 0 ? 0 : -1;
            return elem_equal(ctx, r->stop, s->stop, iseq, res);
        }
    }
    *res = 1;
    for (int64_t i = 0; *res && i < n; i++) {
        if ((i & 0xfff) == 0xfff && ctx_poll(ctx) < 0)
            return -1;
        if (elem_at_equal(ctx, x, y, i, iseq, res) < 0)
            return -1;
    }
    return 0;
}

int range_in(jc_ctx *ctx, value x, value v, int *res)
{
    jc_range *r = val_range(v);
    if (!is_exact_range(r) || !(num_is_integer_type(x) || x.type == T_RATIONAL) || is_inf_rational(x))
        return LIB_DECLINE;
    *res = 0;
    if (r->len == 0)
        return 0;
    mpq_t a, s, q;
    mpq_inits(a, s, q, NULL);
    int rc = to_mpq(ctx, a, r->start);
    if (rc == 0)
        rc = to_mpq(ctx, s, r->step);
    if (rc == 0)
        rc = to_mpq(ctx, q, x);
    if (rc == 0) {
        /* k = (x - a)/s must be an integer in [0, len) */
        mpq_sub(q, q, a);
        mpq_div(q, q, s);
        if (mpz_cmp_ui(mpq_denref(q), 1) == 0 && mpz_sgn(mpq_numref(q)) >= 0)
            *res = !mpz_fits_slong_p(mpq_numref(q)) ? r->huge : mpz_get_si(mpq_numref(q)) < r->len;
    }
    mpq_clears(a, s, q, NULL);
    return rc;
}

int range_reverse(jc_ctx *ctx, value v, value *out, const ast *site)
{
    jc_range *r = val_range(v);
    if (!(is_exact_range(r) || r->start.type == T_CHAR) || r->len == 0)
        return LIB_DECLINE;
    /* reverse(r::OrdinalRange) = (:)(last(r), -step(r), first(r)) */
    value args[3];
    if (num_neg(ctx, &args[1], r->step) < 0)
        return -1;
    args[0] = r->stop;
    args[2] = r->start;
    int rc = range_colon(ctx, out, 3, args, site);
    val_release(args[1]);
    return rc;
}

/* sum(r) as Julia's sum(r::AbstractRange{<:Real}): n·(first + last)/2 in the element
 * type, exactly; Julia's sum of the narrow integer types accumulates in Int64 and an
 * Int64 sum beyond Int64 continues as BigInt (jcalc's rule). */
int range_sum(jc_ctx *ctx, value v, value *out)
{
    jc_range *r = val_range(v);
    if (!is_exact_range(r))
        return LIB_DECLINE;
    int t = r->start.type;
    if (r->len == 0) {
        mpq_t z;
        mpq_init(z);
        value like = r->start;
        if (t != T_RATIONAL && length_type(t) == T_INT64)
            like = v_int(0);
        int rc = of_type(ctx, out, z, like);
        mpq_clear(z);
        return rc;
    }
    mpq_t a, b, n;
    mpq_inits(a, b, n, NULL);
    int rc = to_mpq(ctx, a, r->start);
    if (rc == 0)
        rc = to_mpq(ctx, b, r->stop);
    if (rc == 0)
        rc = to_mpq(ctx, n, r->step);
    if (rc == 0) {
        /* the exact length, (last - first)/step + 1, also of a huge range */
        mpq_t d;
        mpq_init(d);
        mpq_sub(d, b, a);
        mpq_div(n, d, n);
        mpz_add(mpq_numref(n), mpq_numref(n), mpq_denref(n)); /* an integer: den is 1 */
        mpq_clear(d);
    }
    if (rc == 0) {
        mpq_add(a, a, b);
        mpz_mul(mpq_numref(a), mpq_numref(a), mpq_numref(n));
        mpz_mul_ui(mpq_denref(a), mpq_denref(a), 2);
        mpq_canonicalize(a);
        if (t == T_RATIONAL)
            rc = of_type(ctx, out, a, r->start);
        else if (length_type(t) == T_INT64 || t == T_INT64)
            *out = v_int_from_mpz(mpq_numref(a)); /* Int64 · first(r) is an Int64 */
        else
            rc = of_type(ctx, out, a, r->start); /* wraps in T, as Julia's */
    }
    mpq_clears(a, b, n, NULL);
    return rc;
}

/* minimum(r), maximum(r), extrema(r) from the ends, in O(1) as Julia's: a range's
 * extremes are its first and last elements. */
int range_extrema(jc_ctx *ctx, value v, int which, value *out, const ast *site)
{
    jc_range *r = val_range(v);
    if (r->len == 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "range must be non-empty");
    value ends[2];
    if (range_get(ctx, v, 0, &ends[0]) < 0)
        return -1;
    if (r->kind == RANGE_UNIT || r->kind == RANGE_STEP) {
        ends[1] = val_retain(r->stop);   /* the last element, also of a huge range */
    } else if (range_get(ctx, v, r->len - 1, &ends[1]) < 0) {
        val_release(ends[0]);
        return -1;
    }
    int c = 0;
    if (r->start.type != T_CHAR && num_cmp(ctx, ends[0], ends[1], &c) < 0) {
        val_release_n(ends, 2);
        return -1;
    }
    if (r->start.type == T_CHAR)
        c = ends[0].u.c < ends[1].u.c ? -1 : ends[0].u.c > ends[1].u.c;
    value lo = c <= 0 ? ends[0] : ends[1], hi = c <= 0 ? ends[1] : ends[0];
    if (which == 0) {
        *out = val_retain(lo);
    } else if (which == 1) {
        *out = val_retain(hi);
    } else {
        *out = v_tuple_new(2);
        val_tuple(*out)->v[0] = val_retain(lo);
        val_tuple(*out)->v[1] = val_retain(hi);
    }
    val_release_n(ends, 2);
    return 0;
}
