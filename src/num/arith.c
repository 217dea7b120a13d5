/* arith.c — arithmetic on the number tower: num_binop and the unary operations.
 *
 * Dispatch: both operands are promoted to their common type (num_promote_type) and the
 * operation runs in that type, ecept where Julia defines a mixed method with a
 * different result (Complex ± Real keeps the real's zero sign, Bool * Float is a strong
 * zero, / of integers gives Float64, ^ and shifts take an integer count unpromoted).
 * Int64 results that overflow are recomputed exactly as BigInt; BigInt results stay
 * BigInt; sizes are checked against ctx->max_bits before any big allocation. */
#include "num/bigjob.h"
#include "num/num.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mpc.h>

#include "show.h"

static int real_op(jc_ctx *ctx, value *out, num_op op, num_type t, value x, value y);
static int complex_op(jc_ctx *ctx, value *out, num_op op, value a, value b);
static int pow_op(jc_ctx *ctx, value *out, value a, value b);
static int shift_op(jc_ctx *ctx, value *out, num_op op, value a, value b);

static int is_int_t(int t) { return t >= T_BOOL && t <= T_UINT64; }
static int is_uint_t(int t) { return t >= T_UINT8 && t <= T_UINT64; }
static int is_hwfloat_t(int t) { return t >= T_FLOAT16 && t <= T_FLOAT64; }
static int is_float_t(int t) { return t >= T_FLOAT16 && t <= T_BIGFLOAT; }
static uint64_t uint_mask(int t)
{
    int bits = 8 << (t - T_UINT8);
    return bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
}
static value v_uint(int t, uint64_t u) { value v = { (uint8_t)t, 0, { .u = u & uint_mask(t) } }; return v; }

static void to_mpz(mpz_ptr z, value x)
{
    switch (x.type) {
    case T_BIGINT: mpz_set(z, val_mpz(x)); break;
    case T_BOOL: case T_INT64: mpz_set_si(z, x.u.i); break;
    default: mpz_set_ui(z, x.u.u); break;
    }
}

/* ---- BigInt ---- */

/* z = x op y for integers (exact); returns 0/-1, or 1 when op has no integer meaning. */
static int mpz_op(jc_ctx *ctx, mpz_ptr r, num_op op, mpz_srcptr x, mpz_srcptr y)
{
    switch (op) {
    case NUM_ADD: mpz_add(r, x, y); return 0;
    case NUM_SUB: mpz_sub(r, x, y); return 0;
    case NUM_MUL: {
        double bits = (double)mpz_sizeinbase(x, 2) + (double)mpz_sizeinbase(y, 2);
        if (num_check_bits(ctx, bits) < 0)
            return -1;
        return bigjob_mpz(ctx, r, BJ_MUL, x, y, 0, bits);
    }
    case NUM_IDIV: case NUM_FLD: case NUM_CLD: case NUM_REM: case NUM_MOD: case NUM_MOD1:
        if (mpz_sgn(y) == 0)
            return num_divide_error(ctx);
        switch (op) {
        case NUM_IDIV: mpz_tdiv_q(r, x, y); break;
        case NUM_FLD: mpz_fdiv_q(r, x, y); break;
        case NUM_CLD: mpz_cdiv_q(r, x, y); break;
        case NUM_REM: mpz_tdiv_r(r, x, y); break;
        case NUM_MOD: mpz_fdiv_r(r, x, y); break;
        default: mpz_fdiv_r(r, x, y); if (mpz_sgn(r) == 0) mpz_set(r, y); break;
        }
        return 0;
    case NUM_AND: mpz_and(r, x, y); return 0;
    case NUM_OR: mpz_ior(r, x, y); return 0;
    case NUM_XOR: mpz_xor(r, x, y); return 0;
    case NUM_MIN: mpz_set(r, mpz_cmp(x, y) <= 0 ? x : y); return 0;
    case NUM_MAX: mpz_set(r, mpz_cmp(x, y) >= 0 ? x : y); return 0;
    default: return 1;
    }
}

static int bigint_op(jc_ctx *ctx, value *out, num_op op, value x, value y)
{
    if (op == NUM_DIV) {   /* BigInt / BigInt is BigFloat */
        value r = num_bigfloat(ctx), d = num_bigfloat(ctx);
        num_to_mpfr(ctx, val_mpfr(r), x);
        num_to_mpfr(ctx, val_mpfr(d), y);
        mpfr_div(val_mpfr(r), val_mpfr(r), val_mpfr(d), ctx->rounding);
        val_release(d);
        *out = r;
        return 0;
    }
    if (op == NUM_RDIV)
        return num_rational(ctx, out, val_mpz(x), val_mpz(y), T_BIGINT);
    value r = v_bigint_new();
    int rc = mpz_op(ctx, val_mpz(r), op, val_mpz(x), val_mpz(y));
    if (rc != 0) {
        val_release(r);
        return rc < 0 ? -1 : NUM_NOMETHOD;
    }
    *out = r;
    return 0;
}

/* An Int64 operation that overflowed, redone exactly: the result is a BigInt. */
static int int_overflow(jc_ctx *ctx, value *out, num_op op, int64_t a, int64_t b)
{
    value x = v_bigint_new(), y = v_bigint_new();
    mpz_set_si(val_mpz(x), a);
    mpz_set_si(val_mpz(y), b);
    int rc = bigint_op(ctx, out, op, x, y);
    val_release(x);
    val_release(y);
    return rc;
}

static int int64_op(jc_ctx *ctx, value *out, num_op op, int64_t a, int64_t b)
{
    int64_t r;
    switch (op) {
    case NUM_ADD:
        if (__builtin_add_overflow(a, b, &r)) return int_overflow(ctx, out, op, a, b);
        break;
    case NUM_SUB:
        if (__builtin_sub_overflow(a, b, &r)) return int_overflow(ctx, out, op, a, b);
        break;
    case NUM_MUL:
        if (__builtin_mul_overflow(a, b, &r)) return int_overflow(ctx, out, op, a, b);
        break;
    case NUM_DIV:
        *out = v_f64((double)a / (double)b);
        return 0;
    case NUM_RDIV: {
        mpz_t n, d;
        mpz_init_set_si(n, a);
        mpz_init_set_si(d, b);
        int rc = num_rational(ctx, out, n, d, T_INT64);
        mpz_clear(n);
        mpz_clear(d);
        return rc;
    }
    case NUM_IDIV: case NUM_FLD: case NUM_CLD:
        if (b == 0) return num_divide_error(ctx);
        if (a == INT64_MIN && b == -1) return int_overflow(ctx, out, op, a, b);
        r = a / b;
        if (a % b != 0) {
            if (op == NUM_FLD && ((a < 0) != (b < 0))) r--;
            if (op == NUM_CLD && ((a < 0) == (b < 0))) r++;
        }
        break;
    case NUM_REM: case NUM_MOD: case NUM_MOD1:
        if (b == 0) return num_divide_error(ctx);
        if (b == -1) { r = 0; if (op == NUM_MOD1) r = -1; break; }
        r = a % b;
        if (op != NUM_REM && r != 0 && ((r < 0) != (b < 0))) r += b;
        if (op == NUM_MOD1 && r == 0) r = b;
        break;
    case NUM_AND: r = a & b; break;
    case NUM_OR: r = a | b; break;
    case NUM_XOR: r = a ^ b; break;
    case NUM_MIN: r = a < b ? a : b; break;
    case NUM_MAX: r = a > b ? a : b; break;
    default: return NUM_NOMETHOD;
    }
    *out = v_int(r);
    return 0;
}

/* Unsigned arithmetic is modular, as Julia's is. */
static int uint_op(jc_ctx *ctx, value *out, num_op op, int t, uint64_t a, uint64_t b)
{
    uint64_t r;
    switch (op) {
    case NUM_ADD: r = a + b; break;
    case NUM_SUB: r = a - b; break;
    case NUM_MUL: r = a * b; break;
    case NUM_DIV: *out = v_f64((double)a / (double)b); return 0;
    case NUM_RDIV: {
        mpz_t n, d;
        mpz_init_set_ui(n, a);
        mpz_init_set_ui(d, b);
        int rc = num_rational(ctx, out, n, d, T_INT64);
        mpz_clear(n);
        mpz_clear(d);
        return rc;
    }
    case NUM_IDIV: case NUM_FLD: case NUM_CLD: case NUM_REM: case NUM_MOD: case NUM_MOD1:
        if (b == 0) return num_divide_error(ctx);
        if (op == NUM_IDIV || op == NUM_FLD) r = a / b;
        else if (op == NUM_CLD) r = a / b + (a % b != 0);
        else { r = a % b; if (op == NUM_MOD1 && r == 0) r = b; }
        break;
    case NUM_AND: r = a & b; break;
    case NUM_OR: r = a | b; break;
    case NUM_XOR: r = a ^ b; break;
    case NUM_MIN: r = a < b ? a : b; break;
    case NUM_MAX: r = a > b ? a : b; break;
    default: return NUM_NOMETHOD;
    }
    *out = v_uint(t, r);
    return 0;
}

/* ---- Rational ---- */

static int rat_inv(jc_ctx *ctx, value *out, value x)
{
    mpq_ptr q = val_mpq(x);
    return num_rational(ctx, out, mpq_denref(q), mpq_numref(q), (jc_type)x.sub);
}

static int rat_op(jc_ctx *ctx, value *out, num_op op, value x, value y)
{
    mpq_ptr p = val_mpq(x), q = val_mpq(y);
    mpz_srcptr xn = mpq_numref(p), xd = mpq_denref(p), yn = mpq_numref(q), yd = mpq_denref(q);
    jc_type elem = (x.sub == T_BIGINT || y.sub == T_BIGINT) ? T_BIGINT : T_INT64;
    mpz_t n, d, t;
    mpz_inits(n, d, t, NULL);
    int rc = 0;
    double bits = (double)mpz_sizeinbase(xn, 2) + (double)mpz_sizeinbase(xd, 2) +
                  (double)mpz_sizeinbase(yn, 2) + (double)mpz_sizeinbase(yd, 2);
    if (num_check_bits(ctx, bits) < 0) {
        rc = -1;
        goto done;
    }
    switch (op) {
    case NUM_ADD: case NUM_SUB:
        /* ±1//0 + ±1//0 of the same sign is itself (Julia special-cases it) */
        if (mpz_sgn(xd) == 0 && mpz_sgn(yd) == 0 &&
            (op == NUM_ADD ? mpz_sgn(xn) == mpz_sgn(yn) : mpz_sgn(xn) != mpz_sgn(yn))) {
            mpz_set(n, xn);
            mpz_set_ui(d, 0);
            break;
        }
        mpz_mul(n, xn, yd);
        mpz_mul(t, yn, xd);
        if (op == NUM_ADD) mpz_add(n, n, t); else mpz_sub(n, n, t);
        mpz_mul(d, xd, yd);
        break;
    case NUM_MUL:
        mpz_mul(n, xn, yn);
        mpz_mul(d, xd, yd);
        break;
    case NUM_DIV: case NUM_RDIV:
        /* x * inv(y); inv keeps the sign on the numerator */
        mpz_mul(n, xn, yd);
        mpz_mul(d, xd, yn);
        if (mpz_sgn(d) < 0) { mpz_neg(n, n); mpz_neg(d, d); }
        break;
    case NUM_IDIV: case NUM_FLD: case NUM_CLD: {
        mpz_mul(n, xn, yd);
        mpz_mul(d, xd, yn);
        if (mpz_sgn(d) == 0) { rc = num_divide_error(ctx); goto done; }
        if (op == NUM_IDIV) mpz_tdiv_q(t, n, d);
        else if (op == NUM_FLD) mpz_fdiv_q(t, n, d);
        else mpz_cdiv_q(t, n, d);
        *out = elem == T_BIGINT ? v_bigint_from_mpz(t) : v_int_from_mpz(t);
        goto done;
    }
    case NUM_REM: case NUM_MOD: case NUM_MOD1:
        /* Rational(rem(x.num*y.den, x.den*y.num), x.den*y.den) */
        mpz_mul(n, xn, yd);
        mpz_mul(t, xd, yn);
        if (mpz_sgn(t) == 0) { rc = num_divide_error(ctx); goto done; }
        if (op == NUM_REM) mpz_tdiv_r(n, n, t);
        else mpz_fdiv_r(n, n, t);
        if (op == NUM_MOD1 && mpz_sgn(n) == 0) {
            *out = val_retain(y);
            goto done;
        }
        mpz_mul(d, xd, yd);
        break;
    case NUM_MIN: case NUM_MAX: {
        int c;
        num_cmp(ctx, x, y, &c);
        *out = val_retain((op == NUM_MIN) == (c <= 0) ? x : y);
        goto done;
    }
    default:
        rc = NUM_NOMETHOD;
        goto done;
    }
    rc = num_rational(ctx, out, n, d, elem);
done:
    mpz_clears(n, d, t, NULL);
    return rc;
}

/* ---- hardware floats ---- */

static double f_mod(double x, double y)
{
    double r = fmod(x, y);
    if (r == 0)
        return copysign(r, y);
    if ((r > 0) != (y > 0))
        return r + y;
    return r;
}

static double f_minmax(num_op op, double x, double y)
{
    if (isnan(x) || isnan(y))
        return x + y;
    if (x == y)   /* ±0: min prefers -0.0, max prefers 0.0 */
        return (op == NUM_MIN) == (signbit(x) != 0) ? x : y;
    return (op == NUM_MIN) == (x < y) ? x : y;
}

static int hwfloat_op(value *out, num_op op, int t, double x, double y)
{
    double r;
    switch (op) {
    case NUM_ADD: r = x + y; break;
    case NUM_SUB: r = x - y; break;
    case NUM_MUL: r = x * y; break;
    case NUM_DIV: r = x / y; break;
    case NUM_REM: r = fmod(x, y); break;
    case NUM_MOD: r = f_mod(x, y); break;
    case NUM_MOD1: r = f_mod(x, y); if (r == 0) r = y; break;
    /* Julia: round((x - rem(x, y, mode)) / y) */
    case NUM_IDIV: r = nearbyint((x - fmod(x, y)) / y); break;
    case NUM_FLD: r = nearbyint((x - f_mod(x, y)) / y); break;
    case NUM_CLD: r = nearbyint((x - f_mod(x, -y)) / y); break;
    case NUM_MIN: case NUM_MAX: r = f_minmax(op, x, y); break;
    default: return NUM_NOMETHOD;
    }
    *out = num_from_double_typed((jc_type)t, r);
    return 0;
}

/* ---- BigFloat ---- */

static int bigfloat_op(jc_ctx *ctx, value *out, num_op op, value x, value y)
{
    mpfr_srcptr a = val_mpfr(x), b = val_mpfr(y);
    mpfr_rnd_t rnd = ctx->rounding;
    value r = num_bigfloat(ctx);
    mpfr_ptr f = val_mpfr(r);
    switch (op) {
    case NUM_ADD: mpfr_add(f, a, b, rnd); break;
    case NUM_SUB: mpfr_sub(f, a, b, rnd); break;
    case NUM_MUL: mpfr_mul(f, a, b, rnd); break;
    case NUM_DIV: mpfr_div(f, a, b, rnd); break;
    case NUM_REM: mpfr_fmod(f, a, b, rnd); break;
    case NUM_MOD: case NUM_MOD1: case NUM_IDIV: case NUM_FLD: case NUM_CLD: {
        /* the same formulas as for hardware floats, at a working precision that
         * holds x - rem exactly for the sizes met in practice */
        mpfr_t m, nb;
        mpfr_init2(m, mpfr_get_prec(f) + 64);
        mpfr_init2(nb, mpfr_get_prec(b));
        mpfr_neg(nb, b, MPFR_RNDN);
        mpfr_srcptr yy = op == NUM_CLD ? nb : b;
        mpfr_fmod(m, a, yy, MPFR_RNDN);
        if (op != NUM_IDIV) {
            if (mpfr_zero_p(m))
                mpfr_setsign(m, m, mpfr_signbit(yy), MPFR_RNDN);
            else if ((mpfr_sgn(m) > 0) != (mpfr_sgn(yy) > 0))
                mpfr_add(m, m, yy, MPFR_RNDN);
        }
        if (op == NUM_MOD || op == NUM_MOD1) {
            if (op == NUM_MOD1 && mpfr_zero_p(m))
                mpfr_set(f, b, rnd);
            else
                mpfr_set(f, m, rnd);
        } else {
            mpfr_sub(m, a, m, MPFR_RNDN);
            mpfr_div(m, m, b, MPFR_RNDN);
            mpfr_rint(f, m, MPFR_RNDN);
        }
        mpfr_clear(m);
        mpfr_clear(nb);
        break;
    }
    case NUM_MIN: case NUM_MAX:
        if (mpfr_nan_p(a) || mpfr_nan_p(b))
            mpfr_set_nan(f);
        else if (op == NUM_MIN)
            mpfr_min(f, a, b, rnd);
        else
            mpfr_max(f, a, b, rnd);
        break;
    default:
        val_release(r);
        return NUM_NOMETHOD;
    }
    *out = r;
    return 0;
}

/* ---- dispatch ---- */

static int real_op(jc_ctx *ctx, value *out, num_op op, num_type t, value x, value y)
{
    switch (t.t) {
    case T_BOOL: {
        int a = (int)x.u.i, b = (int)y.u.i;
        switch (op) {
        case NUM_AND: case NUM_MUL: *out = v_bool(a & b); return 0;
        case NUM_OR: *out = v_bool(a | b); return 0;
        case NUM_XOR: *out = v_bool(a ^ b); return 0;
        case NUM_MIN: *out = v_bool(a & b); return 0;
        case NUM_MAX: *out = v_bool(a | b); return 0;
        case NUM_IDIV: case NUM_FLD: case NUM_CLD:
            if (!b) return num_divide_error(ctx);
            *out = v_bool(a);
            return 0;
        case NUM_REM: case NUM_MOD:
            if (!b) return num_divide_error(ctx);
            *out = v_bool(0);
            return 0;
        default:
            return int64_op(ctx, out, op, a, b);
        }
    }
    case T_INT64:
        return int64_op(ctx, out, op, x.u.i, y.u.i);
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        return uint_op(ctx, out, op, t.t, x.u.u, y.u.u);
    case T_BIGINT:
        return bigint_op(ctx, out, op, x, y);
    case T_RATIONAL:
        return rat_op(ctx, out, op, x, y);
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        return hwfloat_op(out, op, t.t, x.u.f, y.u.f);
    case T_BIGFLOAT:
        return bigfloat_op(ctx, out, op, x, y);
    default:
        return NUM_NOMETHOD;
    }
}

int num_binop(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    /* fast paths first: the common cases never allocate */
    if (a.type == T_INT64 && b.type == T_INT64 && op != NUM_POW && op < NUM_SHL)
        return op == NUM_LDIV ? int64_op(ctx, out, NUM_DIV, b.u.i, a.u.i)
                              : int64_op(ctx, out, op, a.u.i, b.u.i);
    if (a.type == T_FLOAT64 && b.type == T_FLOAT64 && op <= NUM_MOD1 && op != NUM_POW && op != NUM_LDIV)
        return hwfloat_op(out, op, T_FLOAT64, a.u.f, b.u.f);

    num_type ta, tb;
    if (num_typeof(a, &ta) < 0 || num_typeof(b, &tb) < 0)
        return NUM_NOMETHOD;
    switch (op) {
    case NUM_POW: return pow_op(ctx, out, a, b);
    case NUM_SHL: case NUM_SHR: case NUM_USHR: return shift_op(ctx, out, op, a, b);
    case NUM_LDIV: return num_binop(ctx, out, NUM_DIV, b, a);
    default: break;
    }
    if (ta.cplx || tb.cplx)
        return complex_op(ctx, out, op, a, b);
    /* Bool * float: false is a strong zero (false * NaN == 0.0) */
    if (op == NUM_MUL && ((a.type == T_BOOL && is_float_t(b.type)) || (b.type == T_BOOL && is_float_t(a.type)))) {
        value bl = a.type == T_BOOL ? a : b, f = a.type == T_BOOL ? b : a;
        if (bl.u.i) {
            *out = val_retain(f);
            return 0;
        }
        if (f.type == T_BIGFLOAT) {
            value r = num_bigfloat(ctx);
            mpfr_set_zero(val_mpfr(r), mpfr_signbit(val_mpfr(f)) ? -1 : 1);
            *out = r;
        } else
            *out = num_from_double_typed((jc_type)f.type, copysign(0.0, f.u.f));
        return 0;
    }
    num_type t = num_promote_type(ta, tb);
    /* / of integers is a float division: Float64, or BigFloat for BigInt */
    if (op == NUM_DIV && is_int_t(t.t) && t.t != T_BIGINT) {
        double x, y;
        num_to_double(ctx, a, &x);
        num_to_double(ctx, b, &y);
        *out = v_f64(x / y);
        return 0;
    }
    if (op == NUM_RDIV && is_float_t(t.t))
        return NUM_NOMETHOD;
    value x, y;
    if (num_convert_to(ctx, &x, t, a) < 0)
        return -1;
    if (num_convert_to(ctx, &y, t, b) < 0) {
        val_release(x);
        return -1;
    }
    int rc = real_op(ctx, out, op, t, x, y);
    val_release(x);
    val_release(y);
    return rc;
}

/* ---- Complex ---- */

/* A complex from two owned real parts, promoted to one type. */
static int make_complex(jc_ctx *ctx, value *out, value re, value im)
{
    num_type tr, ti;
    num_typeof(re, &tr);
    num_typeof(im, &ti);
    if (tr.t == ti.t && tr.sub == ti.sub && tr.t != T_IRRATIONAL &&
        (tr.t != T_BIGFLOAT || mpfr_get_prec(val_mpfr(re)) == mpfr_get_prec(val_mpfr(im)))) {
        *out = v_complex(re, im);
        return 0;
    }
    value r2, i2;
    int rc = num_promote(ctx, &r2, &i2, re, im);
    val_release(re);
    val_release(im);
    if (rc < 0)
        return rc;
    *out = v_complex(r2, i2);
    return 0;
}

/* r = x op y on real parts; releases nothing. */
static int rop(jc_ctx *ctx, value *r, num_op op, value x, value y)
{
    int rc = num_binop(ctx, r, op, x, y);
    return rc;
}

/* (a ± b) with owned temporaries released */
static int rop2(jc_ctx *ctx, value *r, num_op op, value x, value y)
{
    int rc = num_binop(ctx, r, op, x, y);
    val_release(x);
    val_release(y);
    return rc;
}

/* Julia's robust complex division for ComplexF64 (Baudin & Smith), with its scaling. */
static double cdiv2(double a, double b, double c, double d, double r, double t)
{
    if (r != 0) {
        double br = b * r;
        return br != 0 ? (a + br) * t : a * t + (b * t) * r;
    }
    return (a + (d * (b / c))) * t;
}

static void cdiv1(double a, double b, double c, double d, double *p, double *q)
{
    double r = d / c, t = 1.0 / (c + d * r);
    *p = cdiv2(a, b, c, d, r, t);
    *q = cdiv2(b, -a, c, d, r, t);
}

static void cdiv_f64(double a, double b, double c, double d, double *re, double *im)
{
    double ab = fmax(fabs(a), fabs(b)), cd = fmax(fabs(c), fabs(d));
    const double half_ov = 0.5 * 1.7976931348623157e308;
    const double eps = 2.220446049250313e-16, un = 2.2250738585072014e-308;
    const double bs = 2.0 / (eps * eps);
    double s = 1.0, p, q;
    if (ab >= half_ov) { a *= 0.5; b *= 0.5; s *= 2.0; }
    if (cd >= half_ov) { c *= 0.5; d *= 0.5; s *= 0.5; }
    if (ab <= un * 2.0 / eps) { a *= bs; b *= bs; s /= bs; }
    if (cd <= un * 2.0 / eps) { c *= bs; d *= bs; s *= bs; }
    if (fabs(d) <= fabs(c))
        cdiv1(a, b, c, d, &p, &q);
    else {
        cdiv1(b, a, d, c, &p, &q);
        q = -q;
    }
    *re = p * s;
    *im = q * s;
}

/* Julia's inv(::ComplexF64). */
static void cinv_f64(double c, double d, double *re, double *im)
{
    if (isinf(c) || isinf(d)) {
        *re = copysign(0.0, c);
        *im = signbit(d) ? 0.0 : -0.0;
        return;
    }
    double absc = fabs(c), absd = fabs(d), cd = absc > absd ? absc : absd;
    const double eps = 2.220446049250313e-16, bs = 2.0 / (eps * eps);
    double s = 1.0, p, q;
    if (cd >= 1.7976931348623157e308 / 2) { c *= 0.5; d *= 0.5; s = 0.5; }
    if (cd <= 2 * 2.2250738585072014e-308 / eps) { c *= bs; d *= bs; s = bs; }
    if (absd <= absc) {
        double r = d / c, t = 1.0 / (c + d * r);
        p = t;
        q = -r * t;
    } else {
        double r = c / d, t = 1.0 / (d + c * r);
        p = r * t;
        q = -t;
    }
    *re = p * s;
    *im = q * s;
}

/* a / b for complex values of one element type T (generic Smith algorithm, or the
 * robust one for the hardware floats, Float16/32 computed in Float64). */
static int cdiv_same(jc_ctx *ctx, value *out, value a, value b)
{
    jc_complex *x = val_complex(a), *y = val_complex(b);
    int et = x->re.type;
    if (is_hwfloat_t(et)) {
        double re, im;
        cdiv_f64(x->re.u.f, x->im.u.f, y->re.u.f, y->im.u.f, &re, &im);
        *out = v_complex(num_from_double_typed((jc_type)et, re), num_from_double_typed((jc_type)et, im));
        return 0;
    }
    if (et == T_RATIONAL) {
        /* exact: (a * conj(b)) / |b|^2 */
        value n2 = { 0 }, t1 = { 0 }, t2 = { 0 }, re = { 0 }, im = { 0 };
        int rc = 0;
        if ((rc = rop(ctx, &t1, NUM_MUL, y->re, y->re)) < 0) return rc;
        if ((rc = rop(ctx, &t2, NUM_MUL, y->im, y->im)) < 0) { val_release(t1); return rc; }
        if ((rc = rop2(ctx, &n2, NUM_ADD, t1, t2)) < 0) return rc;
        /* re = (ar*br + ai*bi)/n2, im = (ai*br - ar*bi)/n2 */
        value p1, p2, s;
        rop(ctx, &p1, NUM_MUL, x->re, y->re);
        rop(ctx, &p2, NUM_MUL, x->im, y->im);
        rop2(ctx, &s, NUM_ADD, p1, p2);
        rc = rop2(ctx, &re, NUM_DIV, s, val_retain(n2));
        if (rc == 0) {
            rop(ctx, &p1, NUM_MUL, x->im, y->re);
            rop(ctx, &p2, NUM_MUL, x->re, y->im);
            rop2(ctx, &s, NUM_SUB, p1, p2);
            rc = rop2(ctx, &im, NUM_DIV, s, val_retain(n2));
            if (rc < 0) val_release(re);
        }
        val_release(n2);
        if (rc < 0) return rc;
        return make_complex(ctx, out, re, im);
    }
    /* Julia's generic /(::Complex{T}, ::Complex{T}) for integers and BigFloat:
     *   |br| <= |bi|: r = br/bi, den = bi + r*br, ((ar*r + ai)/den, (ai*r - ar)/den)
     *   otherwise:    r = bi/br, den = br + r*bi, ((ar + ai*r)/den, (ai - ar*r)/den) */
    value ab_r, ab_i;
    int c, rc;
    if ((rc = num_abs(ctx, &ab_r, y->re)) < 0) return rc;
    if ((rc = num_abs(ctx, &ab_i, y->im)) < 0) { val_release(ab_r); return rc; }
    num_cmp(ctx, ab_r, ab_i, &c);
    val_release(ab_r);
    val_release(ab_i);
    value r, den, t, re, im;
    if (c <= 0) {
        if ((rc = rop(ctx, &r, NUM_DIV, y->re, y->im)) < 0) return rc;
        rop(ctx, &t, NUM_MUL, r, y->re);
        rop2(ctx, &den, NUM_ADD, val_retain(y->im), t);
        rop(ctx, &t, NUM_MUL, x->re, r);
        rop2(ctx, &t, NUM_ADD, t, val_retain(x->im));
        rop(ctx, &re, NUM_DIV, t, den);
        val_release(t);
        rop(ctx, &t, NUM_MUL, x->im, r);
        rop2(ctx, &t, NUM_SUB, t, val_retain(x->re));
        rop(ctx, &im, NUM_DIV, t, den);
        val_release(t);
    } else {
        if ((rc = rop(ctx, &r, NUM_DIV, y->im, y->re)) < 0) return rc;
        rop(ctx, &t, NUM_MUL, r, y->im);
        rop2(ctx, &den, NUM_ADD, val_retain(y->re), t);
        rop(ctx, &t, NUM_MUL, x->im, r);
        rop2(ctx, &t, NUM_ADD, val_retain(x->re), t);
        rop(ctx, &re, NUM_DIV, t, den);
        val_release(t);
        rop(ctx, &t, NUM_MUL, x->re, r);
        rop2(ctx, &t, NUM_SUB, val_retain(x->im), t);
        rop(ctx, &im, NUM_DIV, t, den);
        val_release(t);
    }
    val_release(r);
    val_release(den);
    return make_complex(ctx, out, re, im);
}

static int complex_inv(jc_ctx *ctx, value *out, value z)
{
    jc_complex *c = val_complex(z);
    int et = c->re.type;
    if (et == T_FLOAT64 || et == T_FLOAT32 || et == T_FLOAT16) {
        double re, im;
        cinv_f64(c->re.u.f, c->im.u.f, &re, &im);
        *out = v_complex(num_from_double_typed((jc_type)et, re), num_from_double_typed((jc_type)et, im));
        return 0;
    }
    if (is_int_t(et) && et != T_BIGINT) {
        /* inv(z::Complex{<:Integer}) = inv(float(z)) */
        double re, im, a, b;
        num_to_double(ctx, c->re, &a);
        num_to_double(ctx, c->im, &b);
        cinv_f64(a, b, &re, &im);
        *out = v_complex(v_f64(re), v_f64(im));
        return 0;
    }
    /* complex(c, -d) / (c*c + d*d) */
    value t1, t2, n2, nd, re, im;
    int rc;
    rop(ctx, &t1, NUM_MUL, c->re, c->re);
    rop(ctx, &t2, NUM_MUL, c->im, c->im);
    if ((rc = rop2(ctx, &n2, NUM_ADD, t1, t2)) < 0) return rc;
    num_neg(ctx, &nd, c->im);
    rc = rop(ctx, &re, NUM_DIV, c->re, n2);
    if (rc == 0) {
        rc = rop(ctx, &im, NUM_DIV, nd, n2);
        if (rc < 0) val_release(re);
    }
    val_release(nd);
    val_release(n2);
    if (rc < 0) return rc;
    return make_complex(ctx, out, re, im);
}

static int complex_op(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    int ac = a.type == T_COMPLEX, bc = b.type == T_COMPLEX;
    value are = ac ? val_complex(a)->re : a, aim = ac ? val_complex(a)->im : v_bool(0);
    value bre = bc ? val_complex(b)->re : b, bim = bc ? val_complex(b)->im : v_bool(0);
    value re, im;
    int rc;
    switch (op) {
    case NUM_ADD: case NUM_SUB:
        if ((rc = rop(ctx, &re, op, are, bre)) < 0) return rc;
        if (!bc) im = val_retain(aim);                       /* z ± x keeps z.im */
        else if (!ac && op == NUM_SUB) rc = num_neg(ctx, &im, bim);   /* x - z */
        else if (!ac) im = val_retain(bim);
        else rc = rop(ctx, &im, op, aim, bim);
        if (rc < 0) { val_release(re); return rc; }
        return make_complex(ctx, out, re, im);
    case NUM_MUL:
        if (!ac || !bc) {   /* x * z = complex(x*re, x*im) */
            value x = ac ? b : a, zr = ac ? are : bre, zi = ac ? aim : bim;
            if ((rc = rop(ctx, &re, NUM_MUL, x, zr)) < 0) return rc;
            if ((rc = rop(ctx, &im, NUM_MUL, x, zi)) < 0) { val_release(re); return rc; }
            return make_complex(ctx, out, re, im);
        } else {
            value p1, p2;
            if ((rc = rop(ctx, &p1, NUM_MUL, are, bre)) < 0) return rc;
            rop(ctx, &p2, NUM_MUL, aim, bim);
            if ((rc = rop2(ctx, &re, NUM_SUB, p1, p2)) < 0) return rc;
            rop(ctx, &p1, NUM_MUL, are, bim);
            rop(ctx, &p2, NUM_MUL, aim, bre);
            if ((rc = rop2(ctx, &im, NUM_ADD, p1, p2)) < 0) { val_release(re); return rc; }
            return make_complex(ctx, out, re, im);
        }
    case NUM_DIV:
        if (!bc) {   /* z / x = complex(re/x, im/x) */
            if ((rc = rop(ctx, &re, NUM_DIV, are, b)) < 0) return rc;
            if ((rc = rop(ctx, &im, NUM_DIV, aim, b)) < 0) { val_release(re); return rc; }
            return make_complex(ctx, out, re, im);
        }
        if (!ac) {   /* x / z = x * inv(T(z)) with T the promoted complex type */
            num_type ta, tb;
            num_typeof(a, &ta);
            num_typeof(b, &tb);
            num_type t = num_promote_type(ta, tb);
            value z, iz;
            if ((rc = num_convert_to(ctx, &z, t, b)) < 0) return rc;
            rc = complex_inv(ctx, &iz, z);
            val_release(z);
            if (rc < 0) return rc;
            rc = num_binop(ctx, out, NUM_MUL, a, iz);
            val_release(iz);
            return rc;
        } else {
            value x, y;
            if ((rc = num_promote(ctx, &x, &y, a, b)) < 0) return rc;
            /* integer complex division goes through floats, as Julia's does */
            rc = cdiv_same(ctx, out, x, y);
            val_release(x);
            val_release(y);
            return rc;
        }
    case NUM_RDIV:
        if (is_float_t(are.type) || is_float_t(bre.type))
            return NUM_NOMETHOD;
        if (!bc) {
            if ((rc = rop(ctx, &re, NUM_RDIV, are, b)) < 0) return rc;
            if ((rc = rop(ctx, &im, NUM_RDIV, aim, b)) < 0) { val_release(re); return rc; }
            return make_complex(ctx, out, re, im);
        } else {
            /* x // z = x * conj(z) // abs2(z) */
            value cz, n2, num;
            if ((rc = num_abs2(ctx, &n2, b)) < 0) return rc;
            value nim;
            num_neg(ctx, &nim, bim);
            make_complex(ctx, &cz, val_retain(bre), nim);
            rc = num_binop(ctx, &num, NUM_MUL, a, cz);
            val_release(cz);
            if (rc == 0) {
                rc = num_binop(ctx, out, NUM_RDIV, num, n2);
                val_release(num);
            }
            val_release(n2);
            return rc;
        }
    default:
        return NUM_NOMETHOD;
    }
}

/* ---- unary ---- */

int num_neg(jc_ctx *ctx, value *out, value a)
{
    switch (a.type) {
    case T_BOOL:
        *out = v_int(-a.u.i);
        return 0;
    case T_INT64:
        if (a.u.i == INT64_MIN) {
            value r = v_bigint_new();
            mpz_set_si(val_mpz(r), a.u.i);
            mpz_neg(val_mpz(r), val_mpz(r));
            *out = r;
            return 0;
        }
        *out = v_int(-a.u.i);
        return 0;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        *out = v_uint(a.type, -a.u.u);
        return 0;
    case T_BIGINT: {
        value r = v_bigint_new();
        mpz_neg(val_mpz(r), val_mpz(a));
        *out = r;
        return 0;
    }
    case T_RATIONAL: {
        value r = v_rational_new((jc_type)a.sub);
        mpz_neg(mpq_numref(val_mpq(r)), mpq_numref(val_mpq(a)));
        mpz_set(mpq_denref(val_mpq(r)), mpq_denref(val_mpq(a)));
        r.sub = a.sub;
        *out = r;
        return 0;
    }
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        *out = a;
        out->u.f = -a.u.f;
        return 0;
    case T_BIGFLOAT: {
        value r = v_bigfloat_new(mpfr_get_prec(val_mpfr(a)));
        mpfr_neg(val_mpfr(r), val_mpfr(a), MPFR_RNDN);
        *out = r;
        return 0;
    }
    case T_IRRATIONAL:
        *out = v_f64(-num_irrational_double(a.sub));
        return 0;
    case T_COMPLEX: {
        value re, im;
        num_neg(ctx, &re, val_complex(a)->re);
        num_neg(ctx, &im, val_complex(a)->im);
        return make_complex(ctx, out, re, im);
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_bitnot(jc_ctx *ctx, value *out, value a)
{
    (void)ctx;
    switch (a.type) {
    case T_BOOL: *out = v_bool(!a.u.i); return 0;
    case T_INT64: *out = v_int(~a.u.i); return 0;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        *out = v_uint(a.type, ~a.u.u);
        return 0;
    case T_BIGINT: {
        value r = v_bigint_new();
        mpz_com(val_mpz(r), val_mpz(a));
        *out = r;
        return 0;
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_abs(jc_ctx *ctx, value *out, value a)
{
    switch (a.type) {
    case T_BOOL: case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        *out = a;
        return 0;
    case T_INT64: case T_BIGINT: case T_RATIONAL: case T_BIGFLOAT: case T_IRRATIONAL:
        if (num_signbit(a) || (a.type == T_IRRATIONAL))
            return a.type == T_IRRATIONAL ? (*out = v_f64(num_irrational_double(a.sub)), 0)
                                          : num_neg(ctx, out, a);
        *out = val_retain(a);
        return 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        *out = a;
        out->u.f = fabs(a.u.f);
        return 0;
    case T_COMPLEX: {
        jc_complex *c = val_complex(a);
        if (c->re.type == T_BIGFLOAT || c->re.type == T_BIGINT ||
            (c->re.type == T_RATIONAL && c->re.sub == T_BIGINT)) {
            value r = num_bigfloat(ctx);
            mpfr_t x, y;
            mpfr_inits2(ctx->precision, x, y, (mpfr_ptr)0);
            num_to_mpfr(ctx, x, c->re);
            num_to_mpfr(ctx, y, c->im);
            mpfr_hypot(val_mpfr(r), x, y, ctx->rounding);
            mpfr_clears(x, y, (mpfr_ptr)0);
            *out = r;
            return 0;
        }
        double x, y;
        num_to_double(ctx, c->re, &x);
        num_to_double(ctx, c->im, &y);
        jc_type t = is_hwfloat_t(c->re.type) ? (jc_type)c->re.type : T_FLOAT64;
        *out = num_from_double_typed(t, hypot(x, y));
        return 0;
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_abs2(jc_ctx *ctx, value *out, value a)
{
    if (a.type == T_COMPLEX) {
        jc_complex *c = val_complex(a);
        value t1, t2;
        int rc;
        if ((rc = rop(ctx, &t1, NUM_MUL, c->re, c->re)) < 0) return rc;
        if ((rc = rop(ctx, &t2, NUM_MUL, c->im, c->im)) < 0) { val_release(t1); return rc; }
        return rop2(ctx, out, NUM_ADD, t1, t2);
    }
    if (!num_is_real(a))
        return NUM_NOMETHOD;
    if (a.type == T_BOOL) {
        *out = a;
        return 0;
    }
    return num_binop(ctx, out, NUM_MUL, a, a);
}

int num_sign(jc_ctx *ctx, value *out, value a)
{
    int s;
    switch (a.type) {
    case T_BOOL: case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        *out = a;
        if (a.type != T_BOOL) out->u.u = a.u.u != 0;
        return 0;
    case T_INT64: *out = v_int((a.u.i > 0) - (a.u.i < 0)); return 0;
    case T_BIGINT: {
        value r = v_bigint_new();
        mpz_set_si(val_mpz(r), mpz_sgn(val_mpz(a)));
        *out = r;
        return 0;
    }
    case T_RATIONAL: {
        mpz_t n, d;
        mpz_init_set_si(n, mpz_sgn(mpq_numref(val_mpq(a))));
        mpz_init_set_ui(d, 1);
        int rc = num_rational(ctx, out, n, d, (jc_type)a.sub);
        mpz_clears(n, d, NULL);
        return rc;
    }
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        *out = a;
        if (a.u.f != 0 && !isnan(a.u.f)) out->u.f = copysign(1.0, a.u.f);
        return 0;
    case T_BIGFLOAT: {
        value r = v_bigfloat_new(mpfr_get_prec(val_mpfr(a)));
        if (mpfr_nan_p(val_mpfr(a)) || mpfr_zero_p(val_mpfr(a)))
            mpfr_set(val_mpfr(r), val_mpfr(a), MPFR_RNDN);
        else
            mpfr_set_si(val_mpfr(r), mpfr_sgn(val_mpfr(a)), MPFR_RNDN);
        *out = r;
        return 0;
    }
    case T_IRRATIONAL: *out = v_f64(1.0); return 0;
    case T_COMPLEX: {
        int z;
        num_iszero(ctx, a, &z);
        if (z) { *out = val_retain(a); return 0; }
        value m;
        s = num_abs(ctx, &m, a);
        if (s < 0) return s;
        s = num_binop(ctx, out, NUM_DIV, a, m);
        val_release(m);
        return s;
    }
    default:
        return NUM_NOMETHOD;
    }
}

int num_inv(jc_ctx *ctx, value *out, value a)
{
    switch (a.type) {
    case T_RATIONAL:
        return rat_inv(ctx, out, a);
    case T_COMPLEX:
        return complex_inv(ctx, out, a);
    case T_BIGINT: case T_BIGFLOAT: {
        value r = num_bigfloat(ctx);
        if (a.type == T_BIGFLOAT)
            mpfr_ui_div(val_mpfr(r), 1, val_mpfr(a), ctx->rounding);
        else {
            num_to_mpfr(ctx, val_mpfr(r), a);
            mpfr_ui_div(val_mpfr(r), 1, val_mpfr(r), ctx->rounding);
        }
        *out = r;
        return 0;
    }
    default:
        if (!num_is_real(a))
            return NUM_NOMETHOD;
        if (is_hwfloat_t(a.type)) {
            *out = num_from_double_typed((jc_type)a.type, 1.0 / a.u.f);
            return 0;
        }
        return num_binop(ctx, out, NUM_DIV, v_int(1), a);
    }
}

/* ---- shifts ---- */

static int shift_op(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    if (!is_int_t(a.type) || !is_int_t(b.type))
        return NUM_NOMETHOD;
    /* the count: huge counts saturate (they either overflow the limit or clear x) */
    int64_t n;
    if (b.type == T_BIGINT) {
        if (mpz_fits_slong_p(val_mpz(b)))
            n = mpz_get_si(val_mpz(b));
        else
            n = mpz_sgn(val_mpz(b)) > 0 ? INT64_MAX : INT64_MIN + 1;
    } else if (b.type == T_UINT64 && b.u.u > INT64_MAX)
        n = INT64_MAX;
    else
        n = b.u.i;
    if (b.type >= T_UINT8 && b.type <= T_UINT32)
        n = (int64_t)b.u.u;
    if (n < 0) {   /* a negative count shifts the other way */
        n = n == INT64_MIN ? INT64_MAX : -n;
        op = op == NUM_SHL ? NUM_SHR : NUM_SHL;
    }
    if (is_uint_t(a.type)) {
        int bits = 8 << (a.type - T_UINT8);
        uint64_t u = a.u.u;
        if (n >= bits) u = 0;
        else if (op == NUM_SHL) u <<= n;
        else u >>= n;
        *out = v_uint(a.type, u);
        return 0;
    }
    if (a.type == T_BOOL || a.type == T_INT64) {
        int64_t x = a.u.i;
        if (op == NUM_SHL) {
            if (x == 0) { *out = v_int(0); return 0; }
            if (n < 63) {
                int64_t r = (int64_t)((uint64_t)x << n);
                if ((r >> n) == x) { *out = v_int(r); return 0; }
            }
            /* bits would be lost: continue exactly as BigInt (never wraps) */
        } else if (op == NUM_SHR) {
            *out = v_int(n >= 64 ? (x < 0 ? -1 : 0) : x >> n);
            return 0;
        } else {
            *out = v_int(n >= 64 ? 0 : (int64_t)((uint64_t)x >> n));
            return 0;
        }
    }
    mpz_t z;
    mpz_init(z);
    to_mpz(z, a);
    if (op == NUM_SHL && mpz_sgn(z) != 0) {
        if (num_check_bits(ctx, (double)mpz_sizeinbase(z, 2) + (double)n) < 0) {
            mpz_clear(z);
            return -1;
        }
        mpz_mul_2exp(z, z, (mp_bitcnt_t)n);
    } else if (op != NUM_SHL) {
        /* >>> on BigInt is >> (arithmetic), as in Julia */
        mpz_fdiv_q_2exp(z, z, (mp_bitcnt_t)(n > (int64_t)1 << 40 ? (int64_t)1 << 40 : n));
    }
    value r = v_bigint_new();
    mpz_swap(val_mpz(r), z);
    mpz_clear(z);
    *out = r;
    return 0;
}

/* ---- powers ---- */

static int domerr_powbysq_int(jc_ctx *ctx, value p)
{
    sb s = { 0 };
    num_print(ctx, &s, p);
    const char *ps = sb_str(&s);
    sb m = { 0 };
    sb_printf(&m, "Cannot raise an integer x to a negative power %s.\n"
                  "Make x or %s a float by adding a zero decimal (e.g., 2.0^%s or 2^%s.0 instead of 2^%s)"
                  "or write 1/x^%s, float(x)^%s, x^float(%s) or (x//1)^%s.",
              ps, ps, ps, ps, ps, ps + (ps[0] == '-'), ps, ps, ps);
    num_domain_error(ctx, p, sb_str(&m));
    sb_free(&s);
    sb_free(&m);
    return -1;
}

/* Julia's power_by_squaring, generic over value multiplication (p >= 2), so that
 * floating-point complex results round exactly as Julia's do. */
static int pow_by_squaring(jc_ctx *ctx, value *out, value x, uint64_t p)
{
    int rc;
    if (p == 1) { *out = val_retain(x); return 0; }
    if (p == 2) return num_binop(ctx, out, NUM_MUL, x, x);
    value xx = val_retain(x), t;
    int tz = __builtin_ctzll(p) + 1;
    p >>= tz;
    while (--tz > 0) {
        if ((rc = ctx_poll(ctx)) < 0 || (rc = num_binop(ctx, &t, NUM_MUL, xx, xx)) < 0) { val_release(xx); return rc; }
        val_release(xx);
        xx = t;
    }
    value y = val_retain(xx);
    while (p > 0) {
        tz = __builtin_ctzll(p) + 1;
        p >>= tz;
        while (--tz >= 0) {
            if ((rc = ctx_poll(ctx)) < 0 || (rc = num_binop(ctx, &t, NUM_MUL, xx, xx)) < 0) goto fail;
            val_release(xx);
            xx = t;
        }
        if ((rc = num_binop(ctx, &t, NUM_MUL, y, xx)) < 0) goto fail;
        val_release(y);
        y = t;
    }
    val_release(xx);
    *out = y;
    return 0;
fail:
    val_release(xx);
    val_release(y);
    return rc;
}

/* |x|^n would need about n*log2|x| bits. */
static int pow_size_ok(jc_ctx *ctx, mpz_srcptr x, double n)
{
    if (mpz_cmpabs_ui(x, 1) <= 0)
        return 0;
    double lg;
    long e;
    double m = mpz_get_d_2exp(&e, x);
    lg = (double)e + log2(fabs(m));
    return num_check_bits(ctx, lg * n);
}

static int integer_pow(jc_ctx *ctx, value *out, value a, value b)
{
    int neg = num_signbit(b);
    if (a.type == T_BOOL) {
        if (neg && !a.u.i) return domerr_powbysq_int(ctx, b);
        int z;
        num_iszero(ctx, b, &z);
        *out = v_bool(z ? 1 : a.u.i);
        return 0;
    }
    if (a.type == T_BIGINT && neg) {
        num_domain_error(ctx, b, "`y` cannot be negative.");
        return -1;
    }
    mpz_t x;
    mpz_init(x);
    to_mpz(x, a);
    int rc = 0;
    if (neg) {
        /* only 1 and -1 have integer inverses */
        if (mpz_cmpabs_ui(x, 1) == 0) {
            int odd = b.type == T_BIGINT ? mpz_odd_p(val_mpz(b)) : (int)(b.u.i & 1);
            *out = v_int(mpz_sgn(x) < 0 && odd ? -1 : 1);
            if (a.type != T_INT64) { mpz_set_si(x, out->u.i); *out = a.type == T_BIGINT ? v_bigint_from_mpz(x) : v_int_from_mpz(x); }
        } else
            rc = domerr_powbysq_int(ctx, b);
        mpz_clear(x);
        return rc;
    }
    if (is_uint_t(a.type)) {
        /* modular: square and multiply on the word */
        uint64_t base = a.u.u, r = 1, e = b.type == T_BIGINT ? mpz_get_ui(val_mpz(b)) : b.u.u;
        while (e) {
            if (e & 1) r *= base;
            base *= base;
            e >>= 1;
        }
        mpz_clear(x);
        *out = v_uint(a.type, r);
        return 0;
    }
    /* n as a count */
    double nd;
    num_to_double(ctx, b, &nd);
    if (mpz_cmpabs_ui(x, 1) > 0 && (rc = pow_size_ok(ctx, x, nd)) < 0) {
        mpz_clear(x);
        return rc;
    }
    uint64_t n = b.type == T_BIGINT ? mpz_get_ui(val_mpz(b)) : (uint64_t)b.u.i;
    if (b.type == T_BIGINT && !mpz_fits_ulong_p(val_mpz(b))) {
        /* only 0, 1, -1 get here */
        int odd = mpz_odd_p(val_mpz(b));
        n = odd ? 1 : 2;
    }
    if (a.type == T_INT64) {
        /* power by squaring with overflow checks; exact BigInt on overflow */
        int64_t base = a.u.i, r = 1;
        uint64_t e = n;
        int ovf = 0;
        while (e) {
            if ((e & 1) && __builtin_mul_overflow(r, base, &r)) { ovf = 1; break; }
            e >>= 1;
            if (e && __builtin_mul_overflow(base, base, &base)) { ovf = 1; break; }
        }
        if (!ovf) {
            mpz_clear(x);
            *out = v_int(r);
            return 0;
        }
    }
    value r = v_bigint_new();
    if (bigjob_mpz(ctx, val_mpz(r), BJ_POW, x, NULL, n, (double)mpz_sizeinbase(x, 2) * (double)n) < 0) {
        val_release(r);
        mpz_clear(x);
        return -1;
    }
    mpz_clear(x);
    *out = r;
    return 0;
}

/* MPFR's correctly rounded x^y at precision prec (53 for Float64). */
static double mpfr_pow_d(double x, double y, mpfr_prec_t prec)
{
    mpfr_t a, b;
    mpfr_inits2(prec, a, b, (mpfr_ptr)0);
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_set_d(b, y, MPFR_RNDN);
    mpfr_pow(a, a, b, MPFR_RNDN);
    double r = mpfr_get_d(a, MPFR_RNDN);
    mpfr_clears(a, b, (mpfr_ptr)0);
    return r;
}

static double mpfr_pow_si_d(double x, mpz_srcptr n)
{
    mpfr_t a;
    mpfr_init2(a, 53);
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_pow_z(a, a, n, MPFR_RNDN);
    double r = mpfr_get_d(a, MPFR_RNDN);
    mpfr_clear(a);
    return r;
}

/* Float64^Integer: x*x*x for 3 and inv(x)^2 for -2 (agreeing with literal_pow), the
 * correctly rounded power otherwise. */
static double f64_pow_int(double x, value b)
{
    mpz_t n;
    mpz_init(n);
    to_mpz(n, b);
    double r;
    if (mpz_cmp_si(n, 0) == 0) r = 1.0;
    else if (mpz_cmp_si(n, 3) == 0) r = x * x * x;
    else if (mpz_cmp_si(n, -2) == 0) { double i = 1.0 / x; r = i * i; }
    else if (mpz_cmp_si(n, 2) == 0) r = x * x;
    else if (mpz_cmp_si(n, 1) == 0) r = x;
    else r = mpfr_pow_si_d(x, n);
    mpz_clear(n);
    return r;
}

static int exp_domain_error(jc_ctx *ctx, value x)
{
    return num_domain_error(ctx, x, "Exponentiation yielding a complex result requires a complex argument.\n"
                                    "Replace x^y with (x+0im)^y, Complex(x)^y, or similar.");
}

static int complex_pow_mpc(jc_ctx *ctx, value *out, value a, value b);

/* z^p for hardware-float complex results in Julia's polar form:
 * r^pr * exp(-pi*θ) * cis(pr*θ + pi*log r), θ = angle(z), r = abs(z).  An integral real
 * p goes through repeated multiplication.  Returns 1 when the case is not one of
 * these (zero or non-finite operands, BigFloat parts): the caller uses MPC. */
static int complex_pow_polar(jc_ctx *ctx, value *out, value a, value b)
{
    num_type ta, tb;
    num_typeof(a, &ta);
    num_typeof(b, &tb);
    num_type t = num_promote_type(ta, tb);
    if (t.t == T_BIGFLOAT || t.t == T_BIGINT || (t.t == T_RATIONAL && t.sub == T_BIGINT))
        return 1;
    jc_type ft = (t.t == T_FLOAT16 || t.t == T_FLOAT32) ? (jc_type)t.t : T_FLOAT64;
    double zr, zi = 0, pr, pi = 0;
    num_to_double(ctx, a.type == T_COMPLEX ? val_complex(a)->re : a, &zr);
    if (a.type == T_COMPLEX) num_to_double(ctx, val_complex(a)->im, &zi);
    num_to_double(ctx, b.type == T_COMPLEX ? val_complex(b)->re : b, &pr);
    if (b.type == T_COMPLEX) num_to_double(ctx, val_complex(b)->im, &pi);
    if (!isfinite(zr) || !isfinite(zi) || !isfinite(pr) || !isfinite(pi) || (zr == 0 && zi == 0))
        return 1;
    if (pi == 0 && pr == trunc(pr) && fabs(pr) < 0x1p31) {
        /* integral exponent: Complex{float}^Int */
        value z;
        num_type zt = { ft, 0, 1 };
        int rc = num_convert_to(ctx, &z, zt, a);
        if (rc < 0) return rc;
        rc = num_binop(ctx, out, NUM_POW, z, v_int((int64_t)pr));
        val_release(z);
        return rc;
    }
    double r = hypot(zr, zi), th = atan2(zi, zr);
    double rp = mpfr_pow_d(r, pr, 53), ang = pr * th;
    if (pi != 0) {
        rp *= exp(-pi * th);
        ang += pi * log(r);
    }
    *out = v_complex(num_from_double_typed(ft, rp * cos(ang)), num_from_double_typed(ft, rp * sin(ang)));
    return 0;
}

static int pow_op(jc_ctx *ctx, value *out, value a, value b)
{
    int rc;
    /* ℯ^x is exp(x) */
    if (a.type == T_IRRATIONAL && a.sub == IRR_E && num_is_real(b)) {
        value one;
        if (b.type == T_BIGFLOAT || b.type == T_BIGINT || (b.type == T_RATIONAL && b.sub == T_BIGINT)) {
            value r = num_bigfloat(ctx);
            num_to_mpfr(ctx, val_mpfr(r), b);
            mpfr_exp(val_mpfr(r), val_mpfr(r), ctx->rounding);
            *out = r;
            return 0;
        }
        num_type tb;
        num_typeof(b, &tb);
        jc_type t = is_hwfloat_t(b.type) ? (jc_type)b.type : T_FLOAT64;
        double x;
        num_to_double(ctx, b, &x);
        mpfr_t f;
        mpfr_init2(f, 53);
        mpfr_set_d(f, x, MPFR_RNDN);
        mpfr_exp(f, f, MPFR_RNDN);
        one = num_from_double_typed(t, mpfr_get_d(f, MPFR_RNDN));
        mpfr_clear(f);
        *out = one;
        return 0;
    }
    if (a.type == T_COMPLEX || b.type == T_COMPLEX) {
        if (b.type != T_COMPLEX && is_int_t(b.type)) {
            /* Complex^Integer: repeated multiplication (Julia's power_by_squaring) */
            int zero;
            num_iszero(ctx, b, &zero);
            if (zero) {
                num_type t;
                num_typeof(a, &t);
                return num_convert_to(ctx, out, t, v_int(1));
            }
            int et = val_complex(a)->re.type;
            mpz_t n;
            mpz_init(n);
            to_mpz(n, b);
            int neg = mpz_sgn(n) < 0;
            if (neg && is_int_t(et)) {
                mpz_clear(n);
                sb s = { 0 }, m = { 0 };
                num_print(ctx, &s, b);
                sb_printf(&m, "Cannot raise an integer x to a negative power %s.\nConvert input to float.", sb_str(&s));
                num_domain_error(ctx, b, sb_str(&m));
                sb_free(&s);
                sb_free(&m);
                return -1;
            }
            mpz_abs(n, n);
            if (!mpz_fits_ulong_p(n) || mpz_get_ui(n) > ((uint64_t)1 << 40)) {
                mpz_clear(n);
                return complex_pow_mpc(ctx, out, a, b);
            }
            uint64_t p = mpz_get_ui(n);
            mpz_clear(n);
            value base = val_retain(a);
            if (neg) {
                val_release(base);
                if ((rc = complex_inv(ctx, &base, a)) < 0) return rc;
            }
            rc = pow_by_squaring(ctx, out, base, p);
            val_release(base);
            return rc;
        }
        if ((rc = complex_pow_polar(ctx, out, a, b)) != 1)
            return rc;
        return complex_pow_mpc(ctx, out, a, b);
    }
    if (!num_is_real(a) || !num_is_real(b))
        return NUM_NOMETHOD;
    if (is_int_t(b.type)) {
        if (is_int_t(a.type))
            return integer_pow(ctx, out, a, b);
        if (a.type == T_RATIONAL) {
            int neg = num_signbit(b);
            value base = val_retain(a);
            if (neg) {
                val_release(base);
                if ((rc = rat_inv(ctx, &base, a)) < 0) return rc;
            }
            mpz_t n;
            mpz_init(n);
            to_mpz(n, b);
            mpz_abs(n, n);
            mpq_ptr q = val_mpq(base);
            double nd = mpz_get_d(n);
            if ((rc = pow_size_ok(ctx, mpq_numref(q), nd)) < 0 || (rc = pow_size_ok(ctx, mpq_denref(q), nd)) < 0) {
                val_release(base);
                mpz_clear(n);
                return rc;
            }
            if (!mpz_fits_ulong_p(n)) mpz_set_ui(n, mpz_odd_p(n) ? 1 : 2);  /* base is ±1 or 0 */
            mpz_t rn, rd;
            mpz_inits(rn, rd, NULL);
            mpz_pow_ui(rn, mpq_numref(q), mpz_get_ui(n));
            mpz_pow_ui(rd, mpq_denref(q), mpz_get_ui(n));
            rc = num_rational(ctx, out, rn, rd, (jc_type)base.sub);
            mpz_clears(rn, rd, n, NULL);
            val_release(base);
            return rc;
        }
        if (a.type == T_FLOAT64 || a.type == T_IRRATIONAL) {
            double x;
            num_to_double(ctx, a, &x);
            *out = v_f64(f64_pow_int(x, b));
            return 0;
        }
        if (a.type == T_FLOAT32 || a.type == T_FLOAT16) {
            /* computed in Float64, rounded once to the type */
            *out = num_from_double_typed((jc_type)a.type, f64_pow_int(a.u.f, b));
            return 0;
        }
        if (a.type == T_BIGFLOAT) {
            value r = num_bigfloat(ctx);
            mpz_t n;
            mpz_init(n);
            to_mpz(n, b);
            mpfr_pow_z(val_mpfr(r), val_mpfr(a), n, ctx->rounding);
            mpz_clear(n);
            *out = r;
            return 0;
        }
        return NUM_NOMETHOD;
    }
    /* a rational exponent: x^(num/den) in float */
    value bb = val_retain(b);
    if (b.type == T_RATIONAL) {
        val_release(bb);
        num_type ft = { is_float_t(a.type) ? a.type : T_FLOAT64, 0, 0 };
        if (b.sub == T_BIGINT || a.type == T_BIGINT) ft.t = T_BIGFLOAT;
        if ((rc = num_convert_to(ctx, &bb, ft, b)) < 0) return rc;
    }
    value x, y;
    rc = num_promote(ctx, &x, &y, a, bb);
    val_release(bb);
    if (rc < 0) return rc;
    if (x.type == T_BIGFLOAT) {
        value r = num_bigfloat(ctx);
        mpfr_pow(val_mpfr(r), val_mpfr(x), val_mpfr(y), ctx->rounding);
        *out = r;
    } else if (is_hwfloat_t(x.type)) {
        double xv = x.u.f, yv = y.u.f;
        if (isfinite(yv) && yv == trunc(yv) && fabs(yv) < 0x1p62) {
            *out = num_from_double_typed((jc_type)x.type, f64_pow_int(xv, v_int((int64_t)yv)));
        } else if (xv < 0 && !isnan(yv) && !isinf(yv)) {
            rc = exp_domain_error(ctx, x);
        } else if (xv == 1.0) {
            *out = num_from_double_typed((jc_type)x.type, 1.0);
        } else {
            *out = num_from_double_typed((jc_type)x.type, mpfr_pow_d(xv, yv, 53));
        }
    } else
        rc = NUM_NOMETHOD;
    val_release(x);
    val_release(y);
    return rc;
}

/* Complex powers through MPC at the working precision of the element type (correctly
 * rounded there; Julia's own algorithm may differ in the last bit). */
static int complex_pow_mpc(jc_ctx *ctx, value *out, value a, value b)
{
    num_type ta, tb;
    num_typeof(a, &ta);
    num_typeof(b, &tb);
    num_type t = num_promote_type(ta, tb);
    t.cplx = 1;
    if (!is_float_t(t.t)) t.t = (t.t == T_BIGINT || (t.t == T_RATIONAL && t.sub == T_BIGINT)) ? T_BIGFLOAT : T_FLOAT64;
    if (t.t == T_IRRATIONAL) t.t = T_FLOAT64;
    mpfr_prec_t prec = t.t == T_BIGFLOAT ? ctx->precision : 53;
    mpc_t x, y;
    mpc_init2(x, prec);
    mpc_init2(y, prec);
    value parts[4] = {
        a.type == T_COMPLEX ? val_complex(a)->re : a, a.type == T_COMPLEX ? val_complex(a)->im : v_bool(0),
        b.type == T_COMPLEX ? val_complex(b)->re : b, b.type == T_COMPLEX ? val_complex(b)->im : v_bool(0),
    };
    num_to_mpfr(ctx, mpc_realref(x), parts[0]);
    num_to_mpfr(ctx, mpc_imagref(x), parts[1]);
    num_to_mpfr(ctx, mpc_realref(y), parts[2]);
    num_to_mpfr(ctx, mpc_imagref(y), parts[3]);
    mpc_pow(x, x, y, MPC_RNDNN);
    value re, im;
    if (t.t == T_BIGFLOAT) {
        re = num_bigfloat(ctx);
        im = num_bigfloat(ctx);
        mpfr_set(val_mpfr(re), mpc_realref(x), ctx->rounding);
        mpfr_set(val_mpfr(im), mpc_imagref(x), ctx->rounding);
    } else {
        re = num_from_double_typed((jc_type)t.t, mpfr_get_d(mpc_realref(x), MPFR_RNDN));
        im = num_from_double_typed((jc_type)t.t, mpfr_get_d(mpc_imagref(x), MPFR_RNDN));
    }
    mpc_clear(x);
    mpc_clear(y);
    *out = v_complex(re, im);
    return 0;
}

/* literal_pow: see num.h.  HWNumber is Julia's Union of the 64-bit-or-smaller machine
 * integers, Float32/64, and Complex/Rational of those. */
static int is_hwreal(value v)
{
    return v.type == T_INT64 || is_uint_t(v.type) || v.type == T_FLOAT32 || v.type == T_FLOAT64;
}

int num_literal_pow(jc_ctx *ctx, value *out, value x, int64_t p)
{
    int hw = is_hwreal(x) || (x.type == T_RATIONAL && x.sub == T_INT64) ||
             (x.type == T_COMPLEX && is_hwreal(val_complex(x)->re));
    int rc;
    if (hw) {
        value t;
        switch (p) {
        case 0: {
            num_type nt;
            num_typeof(x, &nt);
            return num_convert_to(ctx, out, nt, v_int(1));
        }
        case 1: *out = val_retain(x); return 0;
        case 2: return num_binop(ctx, out, NUM_MUL, x, x);
        case 3:
            if ((rc = num_binop(ctx, &t, NUM_MUL, x, x)) < 0) return rc;
            rc = num_binop(ctx, out, NUM_MUL, t, x);
            val_release(t);
            return rc;
        case -1: return num_inv(ctx, out, x);
        case -2:
            if ((rc = num_inv(ctx, &t, x)) < 0) return rc;
            rc = num_binop(ctx, out, NUM_MUL, t, t);
            val_release(t);
            return rc;
        default: break;
        }
        if (p < 0 && (x.type == T_INT64 || is_uint_t(x.type))) {
            double d;
            num_to_double(ctx, x, &d);
            return num_binop(ctx, out, NUM_POW, v_f64(d), v_int(p));
        }
    }
    if (num_is_float_type(x)) {
        if (p == -1)
            return num_inv(ctx, out, x);
        return num_binop(ctx, out, NUM_POW, x, v_int(p));
    }
    if (p < 0 && num_is_number(x) && !(x.type == T_IRRATIONAL && x.sub == IRR_E)) {
        value t;
        if ((rc = num_inv(ctx, &t, x)) < 0) return rc;
        if (p == INT64_MIN) {
            value big = v_bigint_new();
            mpz_set_si(val_mpz(big), p);
            mpz_neg(val_mpz(big), val_mpz(big));
            rc = num_binop(ctx, out, NUM_POW, t, big);
            val_release(big);
        } else
            rc = num_binop(ctx, out, NUM_POW, t, v_int(-p));
        val_release(t);
        return rc;
    }
    return num_binop(ctx, out, NUM_POW, x, v_int(p));
}
