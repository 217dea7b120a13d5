/* rounding.c — round, floor, ceil and trunc on every real and complex type: to an
 * integral value of the same type, to another type (round(Int, x)), with a RoundingMode,
 * or to digits / sigdigits in a base.
 *
 * Integers are returned unchanged, Rational stays Rational (rounded exactly with GMP),
 * BigFloat keeps its precision (MPFR's exact rounding functions), hardware floats use
 * the C library's exact nearbyint/floor/ceil/trunc; digits= and sigdigits= scale, round
 * and scale back in x's float type exactly as Julia's _round_step does, so the double
 * roundings match Julia's.  Conversions to an integer type raise InexactError. */
#include <math.h>

#include "num/fixint.h"
#include "num/num.h"
#include "lib/lib.h"
#include "lib/floatkind.h"

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
    if (x.type == T_RATIONAL && mpz_sgn(mpq_denref(val_mpq(x))) == 0) {
        /* ±1//0 rounds to itself: Julia's round(::Type{Rational}, x, r) returns
         * copysign(1//0, numerator(x)) for a zero denominator (base/rational.jl) */
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
    int k = fk_final(fk_of_real(x));
    double d;
    fk_real_d(ctx, x, k, &d);
    *out = fk_value(k, round_double(d, rm));
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

/* round(x, rm; digits=d, base) as Julia computes it (non-finite x, ±1//0 too, gives
 * float(x): `isfinite(x) || return float(x)` in base/floatfuncs.jl): scaled by base^d, rounded,
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
    /* base^±2^60 is beyond any float's exponent range, so larger |digits| round alike;
     * clamping keeps -digits and digits - hidigit defined for typemin(Int) */
    const int64_t dmax = INT64_C(1) << 60;
    digits = digits > dmax ? dmax : digits < -dmax ? -dmax : digits;
    int k = fk_final(fk_of_real(x));
    if (k == FK_BIG) {
        value xv = fk_as_float(ctx, x, k);
        mpfr_srcptr m = val_mpfr(xv);
        if (!mpfr_number_p(m)) {
            *out = xv;
            return 0;
        }
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
        /* base^|digits| through an MPFR exponent: mpfr_ui_pow_ui would square its way to an
         * exact power first (hours for digits = 2^62) */
        mpfr_t e;
        mpfr_init2(e, 64);
        mpfr_set_si(e, digits >= 0 ? digits : -digits, MPFR_RNDN);
        mpfr_ui_pow(sc, (unsigned long)base, e, fk_rnd(ctx));
        mpfr_clear(e);
        value r = num_bigfloat(ctx);
        if (digits >= 0)
            mpfr_mul(t, m, sc, fk_rnd(ctx));
        else
            mpfr_div(t, m, sc, fk_rnd(ctx));
        round_mpfr(t, t, rm);
        if (digits >= 0)
            mpfr_div(val_mpfr(r), t, sc, fk_rnd(ctx));
        else
            mpfr_mul(val_mpfr(r), t, sc, fk_rnd(ctx));
        if (!mpfr_number_p(val_mpfr(r))) {
            /* as the Float64 path below: _round_invstep returns x, _round_step the
             * signed zero or infinity (base/floatfuncs.jl) */
            int sg = mpfr_sgn(m);
            if (digits >= 0 || sg == 0)
                mpfr_set(val_mpfr(r), m, MPFR_RNDN);
            else if (sg > 0 && rm == RM_UP)
                mpfr_set_inf(val_mpfr(r), 1);
            else if (sg < 0 && rm == RM_DOWN)
                mpfr_set_inf(val_mpfr(r), -1);
            else
                mpfr_set_zero(val_mpfr(r), sg);
        }
        mpfr_clears(sc, t, (mpfr_ptr)0);
        val_release(xv);
        *out = r;
        return 0;
    }
    double d;
    fk_real_d(ctx, x, k, &d);
    if (!isfinite(d)) {
        *out = fk_value(k, d);
        return 0;
    }
    if (sig)
        digits -= hidigit(d, base);
    double y;
    if (digits >= 0) {
        double inv = fk_round(k, pow((double)base, (double)digits));
        y = fk_round(k, round_double(fk_round(k, d * inv), rm) / inv);
        if (!isfinite(y))
            y = d;
    } else {
        double step = fk_round(k, pow((double)base, (double)-digits));
        y = fk_round(k, round_double(fk_round(k, d / step), rm) * step);
        if (!isfinite(y)) {
            if (d > 0)
                y = rm == RM_UP ? INFINITY : 0.0;
            else if (d < 0)
                y = rm == RM_DOWN ? -INFINITY : -0.0;
            else
                y = d;
        }
    }
    *out = fk_value(k, y);
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
    if (t->base < T_FLOAT16 && x.type == T_RATIONAL && mpz_sgn(mpq_denref(val_mpq(x))) == 0)
        /* round(Int, 1//0) is div(1, 0, r) in base/rational.jl: a DivideError */
        return num_divide_error(ctx);
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
        default: ok = fix_width(t->base) && fix_fits_mpz(t->base, z); break;
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

/* ---- the table ---- */

const builtin lib_rounding[] = {
    { "round", 1, 3, bi_round, LIB_HELP("round([T,] x, [r::RoundingMode])\n  round(x, [r::RoundingMode]; digits::Integer=0, base = 10)\n  round(x, [r::RoundingMode]; sigdigits::Integer, base = 10)", "Round x to an integer value according to the RoundingMode r (default\n  RoundNearest: ties to even), returning a value of x's type, or of type T when\n  given (an InexactError if it does not fit). digits/sigdigits round to that many\n  digits after the point / significant digits in the given base.\n\n  jcalc> round(2.5)\n  2.0\n\n  jcalc> round(Int, 1.7)\n  2\n\n  jcalc> round(pi; digits=2)\n  3.14\n\n  jcalc> round(123.456; sigdigits=2)\n  120.0"), "digits sigdigits base" },
    { "floor", 1, 2, bi_floor, LIB_HELP("floor([T,] x)\n  floor(x; digits::Integer= [, base = 10])\n  floor(x; sigdigits::Integer= [, base = 10])", "floor(x) returns the nearest integral value of the same type as x that is\n  less than or equal to x; floor(T, x) converts the result to type T."), "digits sigdigits base" },
    { "ceil", 1, 2, bi_ceil, LIB_HELP("ceil([T,] x)\n  ceil(x; digits::Integer= [, base = 10])\n  ceil(x; sigdigits::Integer= [, base = 10])", "ceil(x) returns the nearest integral value of the same type as x that is\n  greater than or equal to x; ceil(T, x) converts the result to type T."), "digits sigdigits base" },
    { "trunc", 1, 2, bi_trunc, LIB_HELP("trunc([T,] x)\n  trunc(x; digits::Integer= [, base = 10])\n  trunc(x; sigdigits::Integer= [, base = 10])", "trunc(x) returns the nearest integral value of the same type as x whose\n  absolute value is less than or equal to the absolute value of x."), "digits sigdigits base" },
    { NULL, 0, 0, NULL, NULL, NULL },
};
