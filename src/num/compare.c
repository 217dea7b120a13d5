/* compare.c — numeric comparison across the tower.
 *
 * Julia compares mixed integer/float/rational values exactly (2^53 + 1 != 2.0^53), not
 * after promotion.  Finite reals all have exact rational values, so the slow path
 * compares them as mpq; the hardware cases take fast paths.  An Irrational equals no
 * other number, and is ordered against one through a 64-bit-wider MPFR value. */
#include "num/num.h"

#include <math.h>
#include <string.h>

static int is_hw(int t) { return t == T_FLOAT16 || t == T_FLOAT32 || t == T_FLOAT64; }

/* NaN test for any real. */
static int real_nan(value v)
{
    if (is_hw(v.type)) return isnan(v.u.f);
    if (v.type == T_BIGFLOAT) return mpfr_nan_p(val_mpfr(v)) != 0;
    return 0;
}

/* -1 / +1 for ±infinite reals, 0 for finite. */
static int real_infsign(value v)
{
    if (is_hw(v.type)) return isinf(v.u.f) ? (v.u.f > 0 ? 1 : -1) : 0;
    if (v.type == T_BIGFLOAT) return mpfr_inf_p(val_mpfr(v)) ? mpfr_sgn(val_mpfr(v)) : 0;
    if (v.type == T_RATIONAL && mpz_sgn(mpq_denref(val_mpq(v))) == 0)
        return mpz_sgn(mpq_numref(val_mpq(v)));
    return 0;
}

/* Exact value of a finite, non-irrational real. */
static void real_to_mpq(mpq_ptr q, value v)
{
    switch (v.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32: mpq_set_si(q, v.u.i, 1); break;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: mpq_set_ui(q, v.u.u, 1); break;
    case T_BIGINT: case T_INT128: case T_UINT128: mpq_set_z(q, val_mpz(v)); break;
    case T_RATIONAL: mpq_set(q, val_mpq(v)); break;
    case T_BIGFLOAT: mpfr_get_q(q, val_mpfr(v)); break;
    default: mpq_set_d(q, v.u.f); break;
    }
}

static int cmp_irrational(value a, value b)
{
    /* a is irrational; b is any real that is not NaN */
    if (b.type == T_IRRATIONAL && b.sub == a.sub)
        return 0;
    mpfr_prec_t p = 128;
    if (b.type == T_BIGFLOAT && mpfr_get_prec(val_mpfr(b)) + 64 > p)
        p = mpfr_get_prec(val_mpfr(b)) + 64;
    if (b.type == T_BIGINT || b.type == T_RATIONAL) {
        size_t n = b.type == T_BIGINT ? mpz_sizeinbase(val_mpz(b), 2)
                                      : mpz_sizeinbase(mpq_numref(val_mpq(b)), 2) + mpz_sizeinbase(mpq_denref(val_mpq(b)), 2);
        if ((mpfr_prec_t)n + 64 > p) p = (mpfr_prec_t)n + 64;
    }
    mpfr_t x, y;
    mpfr_inits2(p, x, y, (mpfr_ptr)0);
    num_irrational_mpfr(NULL, x, a.sub);
    if (b.type == T_RATIONAL && mpz_sgn(mpq_denref(val_mpq(b))) != 0)
        mpfr_set_q(y, val_mpq(b), MPFR_RNDN);
    else if (b.type == T_IRRATIONAL)
        num_irrational_mpfr(NULL, y, b.sub);
    else
        num_to_mpfr(NULL, y, b);
    int c = mpfr_cmp(x, y);
    mpfr_clears(x, y, (mpfr_ptr)0);
    return c < 0 ? -1 : c > 0;
}

int num_cmp(jc_ctx *ctx, value a, value b, int *res)
{
    (void)ctx;
    if (a.type == T_INT64 && b.type == T_INT64) {
        *res = (a.u.i > b.u.i) - (a.u.i < b.u.i);
        return 0;
    }
    if (is_hw(a.type) && is_hw(b.type)) {
        if (isnan(a.u.f) || isnan(b.u.f)) *res = NUM_UNORDERED;
        else *res = (a.u.f > b.u.f) - (a.u.f < b.u.f);
        return 0;
    }
    if (!num_is_real(a) || !num_is_real(b))
        return NUM_NOMETHOD;
    if (real_nan(a) || real_nan(b)) {
        *res = NUM_UNORDERED;
        return 0;
    }
    if (a.type == T_IRRATIONAL) {
        *res = cmp_irrational(a, b);
        return 0;
    }
    if (b.type == T_IRRATIONAL) {
        *res = -cmp_irrational(b, a);
        return 0;
    }
    int ia = real_infsign(a), ib = real_infsign(b);
    if (ia || ib) {
        *res = (ia > ib) - (ia < ib);
        return 0;
    }
    if (a.type == T_BIGINT && b.type == T_BIGINT) {
        int c = mpz_cmp(val_mpz(a), val_mpz(b));
        *res = (c > 0) - (c < 0);
        return 0;
    }
    if (a.type == T_BIGFLOAT && b.type == T_BIGFLOAT) {
        int c = mpfr_cmp(val_mpfr(a), val_mpfr(b));
        *res = (c > 0) - (c < 0);
        return 0;
    }
    mpq_t x, y;
    mpq_init(x);
    mpq_init(y);
    real_to_mpq(x, a);
    real_to_mpq(y, b);
    int c = mpq_cmp(x, y);
    mpq_clear(x);
    mpq_clear(y);
    *res = (c > 0) - (c < 0);
    return 0;
}

int num_equal(jc_ctx *ctx, value a, value b, int *res)
{
    if (a.type == T_COMPLEX || b.type == T_COMPLEX) {
        if (!num_is_number(a) || !num_is_number(b))
            return NUM_NOMETHOD;
        value ar = a.type == T_COMPLEX ? val_complex(a)->re : a;
        value ai = a.type == T_COMPLEX ? val_complex(a)->im : v_bool(0);
        value br = b.type == T_COMPLEX ? val_complex(b)->re : b;
        value bi = b.type == T_COMPLEX ? val_complex(b)->im : v_bool(0);
        int c1, c2;
        num_cmp(ctx, ar, br, &c1);
        num_cmp(ctx, ai, bi, &c2);
        *res = c1 == 0 && c2 == 0;
        return 0;
    }
    int c;
    int rc = num_cmp(ctx, a, b, &c);
    if (rc < 0)
        return rc;
    *res = c == 0;
    return 0;
}

int num_isequal(jc_ctx *ctx, value a, value b, int *res)
{
    if (a.type == T_COMPLEX && b.type == T_COMPLEX) {
        int r1, r2;
        num_isequal(ctx, val_complex(a)->re, val_complex(b)->re, &r1);
        num_isequal(ctx, val_complex(a)->im, val_complex(b)->im, &r2);
        *res = r1 && r2;
        return 0;
    }
    if (real_nan(a) || real_nan(b)) {
        *res = real_nan(a) && real_nan(b);
        return 0;
    }
    int rc = num_equal(ctx, a, b, res);
    if (rc < 0)
        return rc;
    if (*res && num_is_float_type(a) && num_is_float_type(b))
        *res = num_signbit(a) == num_signbit(b);
    return 0;
}

int num_identical(value a, value b)
{
    if (a.type != b.type || a.sub != b.sub)
        return 0;
    switch (a.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32: return a.u.i == b.u.i;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: return a.u.u == b.u.u;
    case T_INT128: case T_UINT128: return mpz_cmp(val_mpz(a), val_mpz(b)) == 0;   /* bits, not objects */
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        return memcmp(&a.u.f, &b.u.f, sizeof(double)) == 0;
    case T_IRRATIONAL: return 1;
    case T_RATIONAL:
        /* Rational{Int64} is an immutable pair of bits; Rational{BigInt} holds mutable
         * BigInts, identical only when they are the same objects */
        if (a.sub == T_BIGINT)
            return a.u.o == b.u.o;
        return mpq_equal(val_mpq(a), val_mpq(b)) && !mpz_cmp(mpq_denref(val_mpq(a)), mpq_denref(val_mpq(b)));
    case T_COMPLEX:
        return num_identical(val_complex(a)->re, val_complex(b)->re) &&
               num_identical(val_complex(a)->im, val_complex(b)->im);
    default:
        return a.u.o == b.u.o;
    }
}
