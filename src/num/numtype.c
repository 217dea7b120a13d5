/* numtype.c — conversions between the types of the tower, float rounding to a type,
 * type values, and the error texts shared by num_* (query.c says what a number is). */
#include "bits.h"
#include "num/num.h"
#include "num/query.h"
#include "num/fixint.h"
#include "range.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "num/print.h"
#include "num/float16.h"
#include "exc.h"
#include "sym.h"

const char *const num_roundmode_names[RM__COUNT] = {
    "Nearest", "ToZero", "Up", "Down", "FromZero", "NearestTiesAway", "NearestTiesUp",
};

/* ---- errors ---- */

/* The value a DomainError or InexactError names: a number, or a tuple of them
 * (invmod(2, 4) reports (2, 4)), printed as print would. */
void num_print(jc_ctx *ctx, sb *out, value x)
{
    if (x.type != T_TUPLE) {
        num_show(ctx, out, x, SHOW_PRINT, 0);
        return;
    }
    jc_tuple *t = val_tuple(x);
    sb_putc(out, '(');
    for (size_t i = 0; i < t->n; i++) {
        if (i)
            sb_puts(out, ", ");
        num_show(ctx, out, t->v[i], SHOW_REPR, 0);
    }
    sb_puts(out, t->n == 1 ? ",)" : ")");
}

int num_domain_error(jc_ctx *ctx, value x, const char *msg)
{
    sb b = { 0 };
    num_print(ctx, &b, x);
    if (msg)
        err_throw(ctx, ERR_DOMAIN, NULL, " with %s:\n%s", sb_str(&b), msg);
    else
        err_throw(ctx, ERR_DOMAIN, NULL, " with %s", sb_str(&b));
    sb_free(&b);
    /* the value itself, not its text: a BigFloat's val stays a BigFloat */
    value f[2] = { x, v_string(msg ? msg : "", msg ? strlen(msg) : 0) };
    exc_attach(ctx, EXC_DOMAIN, 2, f);
    val_release(f[1]);
    return -1;
}

int num_inexact_error(jc_ctx *ctx, const char *fname, const char *tname, value x)
{
    sb b = { 0 };
    num_show(ctx, &b, x, SHOW_REPR, 0);
    if (tname)
        err_throw(ctx, ERR_INEXACT, NULL, "%s(%s, %s)", fname, tname, sb_str(&b));
    else
        err_throw(ctx, ERR_INEXACT, NULL, "%s(%s)", fname, sb_str(&b));
    sb_free(&b);
    /* func and val from here; T, a type value, is read from the text at the catch */
    value f[3] = { { T_SYMBOL, 0, { .i = sym_intern(ctx, fname, strlen(fname)) } }, v_nothing(), x };
    exc_attach_some(ctx, EXC_INEXACT, 3, f, 5u);
    return -1;
}

int num_divide_error(jc_ctx *ctx)
{
    return err_throw(ctx, ERR_DIVIDE, NULL, "integer division error");
}

int num_check_bits(jc_ctx *ctx, double bits)
{
    if (bits > (double)ctx->max_bits) {
        if (bits < 1.8e19)
            return err_throw(ctx, ERR_LIMIT_BITS, NULL,
                            "result would need %.0f bits, more than the limit of %llu (see --max-bits)",
                            ceil(bits), (unsigned long long)ctx->max_bits);
        return err_throw(ctx, ERR_LIMIT_BITS, NULL,
                        "result would need about %.3g bits, more than the limit of %llu (see --max-bits)",
                        bits, (unsigned long long)ctx->max_bits);
    }
    if (mem_would_exceed(bits / 8))   /* refused before GMP is asked, which cannot fail */
        return err_throw(ctx, ERR_OUTOFMEMORY, NULL, "()");
    return 0;
}

/* ---- float rounding ---- */

double num_round_f32(double d)
{
    return (double)(float)d;
}

/* Correct rounding to binary16 lives in float16.c. */
double num_round_f16(double d)
{
    return f16_round(d);
}

/* Rounds an mpfr value to a double with round-to-odd, so that a later rounding to
 * binary16/binary32 (at most 24 + 2 bits <= 53) is a single correct rounding. */
static double mpfr_to_double_odd(mpfr_srcptr f)
{
    mpfr_t t;
    mpfr_init2(t, 53);
    int inex = mpfr_set(t, f, MPFR_RNDZ);
    double d = mpfr_get_d(t, MPFR_RNDZ);
    mpfr_clear(t);
    if (inex && isfinite(d)) {
        d = bits_to_double(bits_from_double(d) | 1);
    }
    return d;
}

value num_from_double_typed(jc_type t, double d)
{
    value v = v_f64(d);
    if (t == T_FLOAT32)
        v.u.f = num_round_f32(d);
    else if (t == T_FLOAT16)
        v.u.f = num_round_f16(d);
    else
        t = T_FLOAT64;
    v.type = (uint8_t)t;
    return v;
}

value num_bigfloat(jc_ctx *ctx)
{
    return v_bigfloat_new(ctx->precision);
}

/* ---- conversion helpers ---- */

/* x (an integer-typed value) into z. */
static void int_to_mpz(mpz_ptr z, value x)
{
    fix_to_mpz(z, x);
}

static mpfr_rnd_t crnd(jc_ctx *ctx) { return ctx ? ctx->rounding : MPFR_RNDN; }

int num_to_mpfr(jc_ctx *ctx, mpfr_ptr f, value x)
{
    mpfr_rnd_t rnd = crnd(ctx);
    switch (x.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32:
        mpfr_set_si(f, x.u.i, rnd); return 0;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        mpfr_set_ui(f, x.u.u, rnd); return 0;
    case T_BIGINT: case T_INT128: case T_UINT128: mpfr_set_z(f, val_mpz(x), rnd); return 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: mpfr_set_d(f, x.u.f, rnd); return 0;
    case T_BIGFLOAT: mpfr_set(f, val_mpfr(x), rnd); return 0;
    case T_IRRATIONAL: return num_irrational_mpfr(ctx, f, x.sub);
    case T_RATIONAL: {
        /* Julia: BigFloat(num) / BigFloat(den), each rounded to the precision first */
        mpq_ptr q = val_mpq(x);
        mpfr_t d;
        mpfr_init2(d, mpfr_get_prec(f));
        mpfr_set_z(d, mpq_denref(q), rnd);
        mpfr_set_z(f, mpq_numref(q), rnd);
        mpfr_div(f, f, d, rnd);
        mpfr_clear(d);
        return 0;
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_to_double(jc_ctx *ctx, value x, double *d)
{
    switch (x.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32: *d = (double)x.u.i; return 0;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: *d = (double)x.u.u; return 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: *d = x.u.f; return 0;
    case T_BIGFLOAT: *d = mpfr_get_d(val_mpfr(x), MPFR_RNDN); return 0;
    case T_IRRATIONAL: *d = num_irrational_double(x.sub); return 0;
    case T_BIGINT: case T_INT128: case T_UINT128: {
        mpfr_t t;
        mpfr_init2(t, 53);
        mpfr_set_z(t, val_mpz(x), MPFR_RNDN);
        *d = mpfr_get_d(t, MPFR_RNDN);
        mpfr_clear(t);
        return 0;
    }
    case T_RATIONAL: {
        mpq_ptr q = val_mpq(x);
        if (x.sub == T_BIGINT && mpz_sgn(mpq_denref(q)) != 0) {
            /* Julia divides in BigFloat for Rational{BigInt} */
            mpfr_t a, b;
            mpfr_prec_t p = ctx ? ctx->precision : 256;
            mpfr_init2(a, p);
            mpfr_init2(b, p);
            mpfr_set_z(a, mpq_numref(q), MPFR_RNDN);
            mpfr_set_z(b, mpq_denref(q), MPFR_RNDN);
            mpfr_div(a, a, b, MPFR_RNDN);
            *d = mpfr_get_d(a, MPFR_RNDN);
            mpfr_clear(a);
            mpfr_clear(b);
            return 0;
        }
        *d = mpz_get_d(mpq_numref(q)) / mpz_get_d(mpq_denref(q));
        if (mpz_sizeinbase(mpq_numref(q), 2) > 53 || mpz_sizeinbase(mpq_denref(q), 2) > 53) {
            /* Float64(num)/Float64(den) with both parts rounded to nearest */
            mpfr_t t;
            mpfr_init2(t, 53);
            mpfr_set_z(t, mpq_numref(q), MPFR_RNDN);
            double n = mpfr_get_d(t, MPFR_RNDN);
            mpfr_set_z(t, mpq_denref(q), MPFR_RNDN);
            double dd = mpfr_get_d(t, MPFR_RNDN);
            mpfr_clear(t);
            *d = n / dd;
        }
        return 0;
    }
    case T_COMPLEX:
        return num_to_double(ctx, val_complex(x)->re, d);
    default:
        return NUM_NOMETHOD;
    }
}

/* Is x (real) an integer?  Non-finite floats are not. */
static int real_isinteger(value x)
{
    switch (x.type) {
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        return isfinite(x.u.f) && x.u.f == trunc(x.u.f);
    case T_BIGFLOAT: return mpfr_integer_p(val_mpfr(x));
    case T_RATIONAL: return mpz_cmp_ui(mpq_denref(val_mpq(x)), 1) == 0;
    case T_IRRATIONAL: return 0;
    default: return is_int_t(x.type);
    }
}

/* Exact integer value of a real known to be integral. */
static void real_to_mpz(mpz_ptr z, value x)
{
    switch (x.type) {
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: mpz_set_d(z, x.u.f); break;
    case T_BIGFLOAT: mpfr_get_z(z, val_mpfr(x), MPFR_RNDZ); break;
    case T_RATIONAL: mpz_set(z, mpq_numref(val_mpq(x))); break;
    default: int_to_mpz(z, x); break;
    }
}

int num_to_mpz(jc_ctx *ctx, mpz_ptr z, value x)
{
    if (x.type == T_COMPLEX) {
        jc_complex *c = val_complex(x);
        int zero = 0;
        if (num_iszero(ctx, c->im, &zero) < 0 || !zero)
            return num_inexact_error(ctx, "BigInt", NULL, x);
        x = c->re;
    }
    if (!is_real_t(x.type))
        return NUM_NOMETHOD;
    if (!real_isinteger(x))
        return num_inexact_error(ctx, "BigInt", NULL, x);
    real_to_mpz(z, x);
    return 0;
}

int num_to_int64(jc_ctx *ctx, value x, int64_t *i)
{
    if (x.type == T_INT64 || x.type == T_BOOL) {
        *i = x.u.i;
        return 0;
    }
    value r;
    num_type t = { T_INT64, 0, 0 };
    int rc = num_convert_to(ctx, &r, t, x);
    if (rc < 0)
        return rc;
    *i = r.u.i;
    return 0;
}

/* Integer target: value must be integral and in range. */
static int to_integer(jc_ctx *ctx, value *out, int target, value x)
{
    const char *tn = num_type_basename((jc_type)target);
    if (!real_isinteger(x))
        return num_inexact_error(ctx, tn, NULL, x);
    mpz_t z;
    mpz_init(z);
    real_to_mpz(z, x);
    int ok = 1;
    const char *fn = tn, *tparam = NULL;
    int from_int = is_int_t(x.type);
    switch (target) {
    case T_BIGINT:
        *out = v_bigint_from_mpz(z);
        break;
    case T_BOOL:
        ok = mpz_cmp_ui(z, 1) <= 0 && mpz_sgn(z) >= 0;
        if (ok)
            *out = v_bool(mpz_sgn(z) != 0);
        break;
    default: { /* a bit integer, Int8 .. UInt128: Julia's texts [base/boot.jl, gmp.jl] */
        ok = fix_fits_mpz(target, z);
        if (ok) {
            *out = fix_from_mpz(target, z);
            break;
        }
        if (x.type == T_RATIONAL) {
            /* T(x::Rational) converts x.num once x is integral: its error is the
             * numerator's (InexactError: trunc(UInt8, -1) for UInt8(-1//1)) */
            value num = x.sub == T_BIGINT ? v_bigint_from_mpz(z) : v_int(mpz_get_si(z));
            mpz_clear(z);
            int rc = to_integer(ctx, out, target, num);
            val_release(num);
            return rc;
        }
        if (!from_int)
            break;
        int wt = fix_width(target), wx = fix_width(x.type), st = fix_signed(target);
        fn = "trunc";
        tparam = tn;
        if (x.type == T_BIGINT) {
            /* T(x::BigInt): one limb or more names T; narrower types go through
             * Int64/UInt64 first */
            int limb = st ? T_INT64 : T_UINT64;
            if (wt >= 64 || !fix_fits_mpz(limb, z)) {
                fn = wt >= 64 ? tn : num_type_basename((jc_type)limb);
                tparam = NULL;
            }
        } else if (x.type != T_BOOL && fix_signed(x.type) != st) {
            /* a sign change checks the top bit unless the value is also too wide */
            if (fix_signed(x.type) ? (mpz_sgn(z) < 0 && wt >= wx)
                                   : (wt <= wx && mpz_sizeinbase(z, 2) == (size_t)wx))
                fn = "check_top_bit";
        }
        break;
    }
    }
    mpz_clear(z);
    if (!ok)
        return num_inexact_error(ctx, fn, tparam, x);
    return 0;
}

static int to_rational(jc_ctx *ctx, value *out, int elem, value x)
{
    mpz_t n, d;
    mpz_init(n);
    mpz_init_set_ui(d, 1);
    int rc = 0;
    switch (x.type) {
    case T_RATIONAL:
        mpz_set(n, mpq_numref(val_mpq(x)));
        mpz_set(d, mpq_denref(val_mpq(x)));
        break;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        if (isnan(x.u.f)) {
            rc = num_inexact_error(ctx, "Rational", NULL, x);
        } else if (isinf(x.u.f)) {
            mpz_set_si(n, x.u.f > 0 ? 1 : -1);
            mpz_set_ui(d, 0);
        } else {
            mpq_t q;
            mpq_init(q);
            mpq_set_d(q, x.u.f);
            mpz_set(n, mpq_numref(q));
            mpz_set(d, mpq_denref(q));
            mpq_clear(q);
        }
        break;
    case T_BIGFLOAT:
        if (mpfr_nan_p(val_mpfr(x))) {
            rc = num_inexact_error(ctx, "Rational", NULL, x);
        } else if (mpfr_inf_p(val_mpfr(x))) {
            mpz_set_si(n, mpfr_sgn(val_mpfr(x)));
            mpz_set_ui(d, 0);
        } else {
            mpq_t q;
            mpq_init(q);
            mpfr_get_q(q, val_mpfr(x));
            mpz_set(n, mpq_numref(q));
            mpz_set(d, mpq_denref(q));
            mpq_clear(q);
        }
        break;
    case T_IRRATIONAL:
        rc = num_inexact_error(ctx, "Rational", NULL, x);
        break;
    default:
        int_to_mpz(n, x);
        if (x.type == T_BIGINT)
            elem = T_BIGINT;
        break;
    }
    if (rc == 0)
        rc = num_rational(ctx, out, n, d, (jc_type)elem);
    mpz_clear(n);
    mpz_clear(d);
    return rc;
}

int num_rational(jc_ctx *ctx, value *out, mpz_srcptr num, mpz_srcptr den, jc_type elem)
{
    if (elem != T_BIGINT)
        elem = T_INT64;
    if (mpz_sgn(num) == 0 && mpz_sgn(den) == 0)
        return err_throw(ctx, ERR_ARGUMENT, NULL, "invalid rational: zero(%s)//zero(%s)",
                        num_type_basename(elem), num_type_basename(elem));
    value v = v_rational_new(elem);
    mpq_ptr q = val_mpq(v);
    if (mpz_sgn(den) == 0) {
        /* ±1//0: kept un-canonical on purpose; no mpq_* arithmetic ever sees it */
        mpz_set_si(mpq_numref(q), mpz_sgn(num));
        mpz_set_ui(mpq_denref(q), 0);
    } else {
        mpz_set(mpq_numref(q), num);
        mpz_set(mpq_denref(q), den);
        mpq_canonicalize(q);
    }
    if (elem == T_INT64 && !(mpz_fits_slong_p(mpq_numref(q)) && mpz_fits_slong_p(mpq_denref(q))))
        v.sub = T_BIGINT;
    *out = v;
    return 0;
}

/* ---- num_convert_to ---- */

static int convert_real(jc_ctx *ctx, value *out, num_type t, value x)
{
    if (x.type == t.t && (t.t != T_RATIONAL || x.sub == t.sub) &&
        (t.t != T_BIGFLOAT || mpfr_get_prec(val_mpfr(x)) == ctx->precision)) {
        *out = val_retain(x);
        return 0;
    }
    switch (t.t) {
    case T_BOOL: case T_INT64: case T_BIGINT:
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: case T_UINT128:
    case T_INT8: case T_INT16: case T_INT32: case T_INT128:
        return to_integer(ctx, out, t.t, x);
    case T_RATIONAL:
        return to_rational(ctx, out, t.sub == T_BIGINT ? T_BIGINT : T_INT64, x);
    case T_FLOAT16: case T_FLOAT32: {
        double d;
        if (x.type == T_BIGFLOAT)
            d = mpfr_to_double_odd(val_mpfr(x));
        else if (x.type == T_IRRATIONAL)
            d = num_irrational_round(x.sub, t.t == T_FLOAT16 ? 11 : 24);
        else if (x.type == T_BIGINT) {
            mpfr_t f;
            mpfr_init2(f, mpz_sizeinbase(val_mpz(x), 2) + 2);
            mpfr_set_z(f, val_mpz(x), MPFR_RNDN);   /* exact */
            d = mpfr_to_double_odd(f);
            mpfr_clear(f);
        } else if (x.type == T_RATIONAL) {
            /* Julia: T(num)/T(den), in T (or BigFloat for BigInt parts) */
            mpq_ptr q = val_mpq(x);
            if (x.sub == T_BIGINT) {
                mpfr_t a;
                mpfr_init2(a, ctx->precision);
                num_to_mpfr(ctx, a, x);
                d = mpfr_to_double_odd(a);
                mpfr_clear(a);
            } else {
                double n = (double)mpz_get_si(mpq_numref(q)), dd = (double)mpz_get_si(mpq_denref(q));
                n = t.t == T_FLOAT16 ? num_round_f16(n) : num_round_f32(n);
                dd = t.t == T_FLOAT16 ? num_round_f16(dd) : num_round_f32(dd);
                d = n / dd;
            }
        } else if (is_int_t(x.type) && x.type != T_BOOL) {
            /* int64 -> double may round; round to odd through MPFR */
            mpfr_t f;
            mpfr_init2(f, 128);
            num_to_mpfr(NULL, f, x);
            d = mpfr_to_double_odd(f);
            mpfr_clear(f);
        } else
            num_to_double(ctx, x, &d);
        *out = num_from_double_typed(t.t, d);
        return 0;
    }
    case T_FLOAT64: {
        double d;
        num_to_double(ctx, x, &d);
        *out = v_f64(d);
        return 0;
    }
    case T_BIGFLOAT: {
        value v = num_bigfloat(ctx);
        num_to_mpfr(ctx, val_mpfr(v), x);
        *out = v;
        return 0;
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_convert_to(jc_ctx *ctx, value *out, num_type t, value x)
{
    num_type xt;
    if (num_typeof(x, &xt) < 0)
        return NUM_NOMETHOD;
    num_type rt = t;
    rt.cplx = 0;
    if (t.cplx) {
        value re, im, re2, im2;
        if (xt.cplx) {
            re = val_complex(x)->re;
            im = val_complex(x)->im;
        } else {
            re = x;
            im = v_bool(0);
        }
        if (convert_real(ctx, &re2, rt, re) < 0)
            return -1;
        if (convert_real(ctx, &im2, rt, im) < 0) {
            val_release(re2);
            return -1;
        }
        *out = v_complex(re2, im2);
        return 0;
    }
    if (xt.cplx) {
        jc_complex *c = val_complex(x);
        int z = 0;
        num_iszero(ctx, c->im, &z);
        if (!z) {
            sb n = { 0 };
            num_type_name(&n, t);
            num_inexact_error(ctx, sb_str(&n), NULL, x);
            sb_free(&n);
            return -1;
        }
        x = c->re;
    }
    return convert_real(ctx, out, rt, x);
}

int num_promote(jc_ctx *ctx, value *a2, value *b2, value a, value b)
{
    num_type ta, tb;
    if (num_typeof(a, &ta) < 0 || num_typeof(b, &tb) < 0)
        return NUM_NOMETHOD;
    num_type t = num_promote_type(ta, tb);
    if (num_convert_to(ctx, a2, t, a) < 0)
        return -1;
    if (num_convert_to(ctx, b2, t, b) < 0) {
        val_release(*a2);
        return -1;
    }
    return 0;
}

/* ---- predicates ---- */

int num_iszero(jc_ctx *ctx, value a, int *res)
{
    switch (a.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32: *res = a.u.i == 0; return 0;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: *res = a.u.u == 0; return 0;
    case T_BIGINT: case T_INT128: case T_UINT128: *res = mpz_sgn(val_mpz(a)) == 0; return 0;
    case T_RATIONAL: *res = mpz_sgn(mpq_numref(val_mpq(a))) == 0; return 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: *res = a.u.f == 0; return 0;
    case T_BIGFLOAT: *res = mpfr_zero_p(val_mpfr(a)) != 0; return 0;
    case T_IRRATIONAL: *res = 0; return 0;
    case T_COMPLEX: {
        int r1, r2;
        num_iszero(ctx, val_complex(a)->re, &r1);
        num_iszero(ctx, val_complex(a)->im, &r2);
        *res = r1 && r2;
        return 0;
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_isone(jc_ctx *ctx, value a, int *res)
{
    switch (a.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32: *res = a.u.i == 1; return 0;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: *res = a.u.u == 1; return 0;
    case T_BIGINT: case T_INT128: case T_UINT128: *res = mpz_cmp_ui(val_mpz(a), 1) == 0; return 0;
    case T_RATIONAL:
        *res = mpz_cmp_ui(mpq_numref(val_mpq(a)), 1) == 0 && mpz_cmp_ui(mpq_denref(val_mpq(a)), 1) == 0;
        return 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: *res = a.u.f == 1; return 0;
    case T_BIGFLOAT: *res = mpfr_cmp_ui(val_mpfr(a), 1) == 0; return 0;
    case T_IRRATIONAL: *res = 0; return 0;
    case T_COMPLEX: {
        int r1, r2;
        num_isone(ctx, val_complex(a)->re, &r1);
        num_iszero(ctx, val_complex(a)->im, &r2);
        *res = r1 && r2;
        return 0;
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_isinteger(jc_ctx *ctx, value a, int *res)
{
    if (a.type == T_COMPLEX) {
        int z;
        num_iszero(ctx, val_complex(a)->im, &z);
        *res = z && real_isinteger(val_complex(a)->re);
        return 0;
    }
    if (!is_real_t(a.type))
        return NUM_NOMETHOD;
    *res = real_isinteger(a);
    return 0;
}

/* ---- type values ---- */

static jc_typeobj *typeobj_new(jc_type base)
{
    jc_typeobj *t = obj_new(T_TYPE, sizeof *t);
    t->base = (uint8_t)base;
    t->ndims = -1;
    return t;
}

value num_type_value_base(jc_type base)
{
    return v_obj(T_TYPE, 0, &typeobj_new(base)->h);
}

static jc_typeobj *real_typeobj(num_type t)
{
    jc_typeobj *o = typeobj_new((jc_type)t.t);
    o->sub = t.sub;
    if (t.t == T_RATIONAL && (t.sub == T_INT64 || t.sub == T_BIGINT)) {
        o->nparams = 1;
        o->param = typeobj_new((jc_type)t.sub);
    }
    return o;
}

value num_type_value(num_type t)
{
    num_type r = t;
    r.cplx = 0;
    jc_typeobj *o = real_typeobj(r);
    if (t.cplx) {
        jc_typeobj *c = typeobj_new(T_COMPLEX);
        c->nparams = 1;
        c->param = o;
        o = c;
    }
    return v_obj(T_TYPE, 0, &o->h);
}

value num_typeof_value(value v)
{
    num_type t;
    if (num_typeof(v, &t) == 0)
        return num_type_value(t);
    if (v.type == T_TUPLE) {
        jc_tuple *tu = val_tuple(v);
        jc_typeobj *o = typeobj_new(T_TUPLE);
        o->sub = v.sub;   /* Pair, ComposedFunction */
        o->nelts = tu->n;
        o->elts = tu->n ? xcalloc(tu->n, sizeof *o->elts) : NULL;
        for (size_t i = 0; i < tu->n; i++)
            o->elts[i] = val_typeobj(num_typeof_value(tu->v[i]));
        return v_obj(T_TYPE, 0, &o->h);
    }
    if (v.type == T_TYPE) {
        /* typeof(Int64) is DataType; Complex/Rational without parameters is UnionAll */
        return num_type_value_base(T_TYPE);
    }
    value tv = num_type_value_base((jc_type)v.type);
    if (v.type == T_RANGE) {
        /* sub: 1 + the kind; param: the element type; elts: StepRange's step type */
        jc_range *r = val_range(v);
        jc_typeobj *t = val_typeobj(tv);
        t->sub = (uint8_t)(r->start.type == T_CHAR ? 1 + RANGE_CHAR_TYPE : 1 + r->kind);
        t->param = val_typeobj(num_typeof_value(r->start));
        t->nparams = 1;
        if (r->kind == RANGE_STEP && r->start.type != T_CHAR) {
            t->nelts = 1;
            t->elts = xcalloc(1, sizeof *t->elts);
            t->elts[0] = val_typeobj(num_typeof_value(r->step));
        }
    }
    if (v.type == T_ROUNDMODE)
        val_typeobj(tv)->sub = (uint8_t)v.u.i;   /* RoundingMode{:Nearest} */
    if (v.type == T_EXCEPTION)
        val_typeobj(tv)->sub = v.sub;            /* which exception type */
    if (v.type == T_SYMBOL)
        val_typeobj(tv)->sub = v.sub == SYM_MODULE ? SYM_MODULE : 0;  /* Module */
    return tv;
}
