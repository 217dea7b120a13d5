/* arith.c — arithmetic on the real types: arith_real_op (every binary operation but ^ on
 * two reals), the unary operations on a real (arith_real_neg ...), shifts, and num_bitnot,
 * which only integers have.  The bottom of num/'s arithmetic: it calls neither
 * num/complex.c nor num/pow.c, so those can be built on it (binop.c is the top).
 *
 * Dispatch: both operands are promoted to their common type (num_promote_type) and the
 * operation runs in that type, except where Julia defines a mixed method with a
 * different result (Bool * Float is a strong zero, / of integers gives Float64, shifts
 * take an integer count unpromoted).  Int64 results that overflow are recomputed exactly
 * as BigInt; BigInt results stay BigInt; sizes are checked against ctx->max_bits before
 * any big allocation. */
#include "num/bigjob.h"
#include "num/num.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "num/arith_impl.h"

static int real_op(jc_ctx *ctx, value *out, num_op op, num_type t, value x, value y);
static int shift_op(jc_ctx *ctx, value *out, num_op op, value a, value b);

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

/* The fixed-width kinds (UInt8..UInt128, Int8..Int128 but Int64) are modular, as
 * Julia's are: fixint.c's words; / gives Float64 (arith_real_op), // a Rational. */
static int wrap_op(jc_ctx *ctx, value *out, num_op op, int t, value x, value y)
{
    if (op == NUM_RDIV) {
        mpz_t n, d;
        mpz_inits(n, d, NULL);
        fix_to_mpz(n, x);
        fix_to_mpz(d, y);
        int rc = num_rational(ctx, out, n, d, T_INT64);
        mpz_clears(n, d, NULL);
        return rc;
    }
    int rc = fix_op(out, op, t, x, y);
    return rc == FIX_DIVIDE ? num_divide_error(ctx) : rc;
}

/* ---- Rational ---- */

int arith_rat_inv(jc_ctx *ctx, value *out, value x)
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
    case T_BIGINT:
        return bigint_op(ctx, out, op, x, y);
    case T_RATIONAL:
        return rat_op(ctx, out, op, x, y);
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        return hwfloat_op(out, op, t.t, x.u.f, y.u.f);
    case T_BIGFLOAT:
        return bigfloat_op(ctx, out, op, x, y);
    default:
        if (fix_wraps(t.t))
            return wrap_op(ctx, out, op, t.t, x, y);
        return NUM_NOMETHOD;
    }
}

int arith_real_op(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    /* fast paths first: the common cases never allocate */
    if (a.type == T_INT64 && b.type == T_INT64 && op != NUM_POW && op < NUM_SHL)
        return op == NUM_LDIV ? int64_op(ctx, out, NUM_DIV, b.u.i, a.u.i)
                              : int64_op(ctx, out, op, a.u.i, b.u.i);
    if (a.type == T_FLOAT64 && b.type == T_FLOAT64 && op <= NUM_MOD1 && op != NUM_POW && op != NUM_LDIV)
        return hwfloat_op(out, op, T_FLOAT64, a.u.f, b.u.f);

    num_type ta, tb;
    if (num_typeof(a, &ta) < 0 || num_typeof(b, &tb) < 0 || ta.cplx || tb.cplx)
        return NUM_NOMETHOD;
    switch (op) {
    case NUM_POW: return NUM_NOMETHOD;   /* pow.c's, above this file */
    case NUM_SHL: case NUM_SHR: case NUM_USHR: return shift_op(ctx, out, op, a, b);
    case NUM_LDIV: return arith_real_op(ctx, out, NUM_DIV, b, a);
    default: break;
    }
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
    /* + - * and the bit operations of mixed bit integers convert with wrapping (a % T),
     * as Julia's do (issue #15489: unchecked operations do not check promotion) */
    if (fix_wraps(t.t) && !t.cplx && (op == NUM_ADD || op == NUM_SUB || op == NUM_MUL ||
                                      op == NUM_AND || op == NUM_OR || op == NUM_XOR) &&
        is_int_t(a.type) && is_int_t(b.type)) {
        x = fix_make(t.t, fix_get(a));
        y = fix_make(t.t, fix_get(b));
        int rc = real_op(ctx, out, op, t, x, y);
        val_release(x);
        val_release(y);
        return rc;
    }
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

/* ---- unary ---- */

int arith_real_neg(value *out, value a)
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
    default:
        if (fix_wraps(a.type)) {
            *out = fix_neg(a);
            return 0;
        }
        return NUM_NOMETHOD;
    }
}

int num_bitnot(jc_ctx *ctx, value *out, value a)
{
    (void)ctx;
    switch (a.type) {
    case T_BOOL: *out = v_bool(!a.u.i); return 0;
    case T_INT64: *out = v_int(~a.u.i); return 0;
    case T_BIGINT: {
        value r = v_bigint_new();
        mpz_com(val_mpz(r), val_mpz(a));
        *out = r;
        return 0;
    }
    default:
        if (fix_wraps(a.type)) {
            *out = fix_not(a);
            return 0;
        }
        return NUM_NOMETHOD;
    }
}

int arith_real_abs(value *out, value a)
{
    if (fix_wraps(a.type)) {   /* abs(typemin(Int8)) wraps to typemin(Int8), as in Julia */
        *out = fix_signed(a.type) && (fix_i128)fix_get(a) < 0 ? fix_neg(a) : val_retain(a);
        return 0;
    }
    switch (a.type) {
    case T_BOOL:
        *out = a;
        return 0;
    case T_INT64: case T_BIGINT: case T_RATIONAL: case T_BIGFLOAT: case T_IRRATIONAL:
        if (num_signbit(a) || (a.type == T_IRRATIONAL))
            return a.type == T_IRRATIONAL ? (*out = v_f64(num_irrational_double(a.sub)), 0)
                                          : arith_real_neg(out, a);
        *out = val_retain(a);
        return 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        *out = a;
        out->u.f = fabs(a.u.f);
        return 0;
    default:
        return NUM_NOMETHOD;
    }
}

int arith_real_abs2(jc_ctx *ctx, value *out, value a)
{
    if (!num_is_real(a))
        return NUM_NOMETHOD;
    if (a.type == T_BOOL) {
        *out = a;
        return 0;
    }
    return arith_real_op(ctx, out, NUM_MUL, a, a);
}

int arith_real_sign(jc_ctx *ctx, value *out, value a)
{
    if (fix_wraps(a.type)) {
        fix_i128 v = fix_signed(a.type) ? (fix_i128)fix_get(a) : (fix_i128)(fix_get(a) != 0);
        *out = fix_make(a.type, (fix_u128)(fix_i128)((v > 0) - (v < 0)));
        return 0;
    }
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
    default:
        return NUM_NOMETHOD;
    }
}

int arith_real_inv(jc_ctx *ctx, value *out, value a)
{
    switch (a.type) {
    case T_RATIONAL:
        return arith_rat_inv(ctx, out, a);
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
        return arith_real_op(ctx, out, NUM_DIV, v_int(1), a);
    }
}

/* ---- shifts ---- */

static int shift_op(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    if (!is_int_t(a.type) || !is_int_t(b.type))
        return NUM_NOMETHOD;
    /* the count: huge counts saturate (they either overflow the limit or clear x) */
    int64_t n;
    if (val_is_heap(b)) {   /* BigInt, Int128, UInt128 */
        if (mpz_fits_slong_p(val_mpz(b)))
            n = mpz_get_si(val_mpz(b));
        else
            n = mpz_sgn(val_mpz(b)) > 0 ? INT64_MAX : INT64_MIN + 1;
    } else if (is_uint_t(b.type))
        n = b.u.u > INT64_MAX ? INT64_MAX : (int64_t)b.u.u;
    else
        n = b.u.i;
    if (n < 0) {   /* a negative count shifts the other way */
        n = n == INT64_MIN ? INT64_MAX : -n;
        op = op == NUM_SHL ? NUM_SHR : NUM_SHL;
    }
    if (fix_wraps(a.type)) {
        *out = fix_shift(op, a, (uint64_t)n);
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
