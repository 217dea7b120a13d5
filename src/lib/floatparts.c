/* floatparts.c — taking floats apart and small integer-power helpers: ldexp, exponent,
 * significand, frexp, modf, bitstring, ispow2, nextpow, prevpow, muladd.  Results and
 * errors follow Julia's Base definitions for the hardware float types. */
#include <math.h>
#include <string.h>

#include "bits.h"
#include "num/float16.h"
#include "num/fixint.h"
#include "num/num.h"
#include "lib/lib.h"

/* x as a hardware float of its own type (integers and rationals become Float64), or
 * LIB_DECLINE for what these functions do not take. */
static int hw_float(jc_ctx *ctx, value x, double *d, jc_type *t)
{
    if (x.type == T_FLOAT16 || x.type == T_FLOAT32 || x.type == T_FLOAT64) {
        *d = x.u.f;
        *t = (jc_type)x.type;
        return 0;
    }
    if (!num_is_real(x) || x.type == T_BIGFLOAT)
        return LIB_DECLINE;
    *t = T_FLOAT64;
    return num_to_double(ctx, x, d);
}

static int bi_ldexp(jc_ctx *ctx, value *out, const jc_args *a)
{
    double x;
    jc_type t;
    int r = hw_float(ctx, a->v[0], &x, &t);
    if (r)
        return r;
    int64_t n;
    if (!num_is_integer_type(a->v[1]))
        return LIB_DECLINE;
    if (num_to_int64(ctx, a->v[1], &n) < 0)
        return -1;
    if (n > 100000)
        n = 100000;
    if (n < -100000)
        n = -100000;
    *out = num_from_double_typed(t, ldexp(x, (int)n)); /* exact until it over/underflows */
    return 0;
}

static int bi_exponent(jc_ctx *ctx, value *out, const jc_args *a)
{
    double x;
    jc_type t;
    int r = hw_float(ctx, a->v[0], &x, &t);
    if (r)
        return r;
    if (x == 0 || !isfinite(x))
        return num_domain_error(ctx, a->v[0], x == 0 ? "Cannot be ±0.0." : "Cannot be NaN or Inf.");
    *out = v_int(ilogb(x));
    return 0;
}

static int bi_significand(jc_ctx *ctx, value *out, const jc_args *a)
{
    double x;
    jc_type t;
    int r = hw_float(ctx, a->v[0], &x, &t);
    if (r)
        return r;
    /* in [1, 2) with x's sign; zeros, infinities and NaN come back as they are */
    double m = (x == 0 || !isfinite(x)) ? x : ldexp(x, -ilogb(x));
    *out = num_from_double_typed(t, m);
    return 0;
}

static int bi_frexp(jc_ctx *ctx, value *out, const jc_args *a)
{
    double x;
    jc_type t;
    int r = hw_float(ctx, a->v[0], &x, &t);
    if (r)
        return r;
    int e = 0;
    double m = frexp(x, &e);
    value tu = v_tuple_new(2);
    val_tuple(tu)->v[0] = num_from_double_typed(t, m);
    val_tuple(tu)->v[1] = v_int(e);
    *out = tu;
    return 0;
}

static int bi_modf(jc_ctx *ctx, value *out, const jc_args *a)
{
    double x;
    jc_type t;
    int r = hw_float(ctx, a->v[0], &x, &t);
    if (r)
        return r;
    double ip;
    double fp = modf(x, &ip);
    value tu = v_tuple_new(2);
    val_tuple(tu)->v[0] = num_from_double_typed(t, fp);
    val_tuple(tu)->v[1] = num_from_double_typed(t, ip);
    *out = tu;
    return 0;
}

/* The IEEE bits of a float or the two's-complement bits of a fixed-size integer. */
static int bi_bitstring(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    fix_u128 bits;
    int width;
    switch (x.type) {
    case T_BOOL: bits = (uint64_t)x.u.i; width = 8; break;
    case T_FLOAT64: bits = bits_from_double(x.u.f); width = 64; break;
    case T_FLOAT32: bits = bits_from_float((float)x.u.f); width = 32; break;
    case T_FLOAT16: bits = f16_from_double(x.u.f); width = 16; break; /* exact: x is one */
    case T_CHAR: {   /* Julia's Char is its UTF-8 bytes, left-aligned in 32 bits */
        uint32_t c = x.u.c, u;
        if (c < 0x80) u = c << 24;
        else if (c < 0x800) u = (0xC0 | c >> 6) << 24 | (0x80 | (c & 0x3F)) << 16;
        else if (c < 0x10000)
            u = (0xE0 | c >> 12) << 24 | (0x80 | ((c >> 6) & 0x3F)) << 16 | (0x80 | (c & 0x3F)) << 8;
        else
            u = (0xF0u | c >> 18) << 24 | (0x80 | ((c >> 12) & 0x3F)) << 16 |
                (0x80 | ((c >> 6) & 0x3F)) << 8 | (0x80 | (c & 0x3F));
        bits = u;
        width = 32;
        break;
    }
    default:
        if (!(width = fix_width(x.type))) {   /* the bit integers, Int8 .. UInt128 */
            num_type t;
            if (num_typeof(x, &t) < 0)
                return LIB_DECLINE;
            sb n = { 0 };
            num_type_name(&n, t);
            int r = err_throw(ctx, ERR_ARGUMENT, a->site, "%s not a primitive type", sb_str(&n));
            sb_free(&n);
            return r;
        }
        bits = fix_get(x);
        break;
    }
    char s[129];
    for (int i = 0; i < width; i++)
        s[i] = (char)('0' + ((bits >> (width - 1 - i)) & 1));
    *out = v_string(s, (size_t)width);
    (void)ctx;
    return 0;
}

static int bi_ispow2(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!num_is_integer_type(x))
        return LIB_DECLINE;
    mpz_t z;
    mpz_init(z);
    num_to_mpz(ctx, z, x);
    *out = v_bool(mpz_sgn(z) > 0 && mpz_popcount(z) == 1);
    mpz_clear(z);
    return 0;
}

/* nextpow(a, x) and prevpow(a, x) for an integer x, exactly: the result has x's type; an
 * Int (or BigInt) result that does not fit an Int continues as BigInt, jcalc's rule. */
static int pow_step_int(jc_ctx *ctx, value *out, const jc_args *a, mpz_srcptr base, int next)
{
    value xv = a->v[1];
    mpz_t x, p, q;
    mpz_inits(x, p, q, (mpz_ptr)0);
    num_to_mpz(ctx, x, xv);
    int r = 0;
    if (mpz_sgn(x) <= 0 || (!next && mpz_cmp_ui(x, 1) < 0))
        r = num_domain_error(ctx, xv, next ? "`x` must be positive." : "`x` must be ≥ 1.");
    else {
        mpz_set_ui(p, 1);
        for (;;) {
            if (next && mpz_cmp(p, x) >= 0)
                break;
            mpz_mul(q, p, base);
            if (!next && mpz_cmp(q, x) > 0)
                break;
            mpz_swap(p, q);
        }
        if (xv.type == T_INT64 || xv.type == T_BOOL || xv.type == T_BIGINT)
            *out = xv.type == T_BIGINT ? v_bigint_from_mpz(p) : v_int_from_mpz(p);
        else if (fix_fits_mpz(xv.type, p))
            *out = fix_from_mpz(xv.type, p);
        else
            r = err_throw(ctx, ERR_OVERFLOW, a->site, "result is beyond the range of type %s",
                          num_type_basename((jc_type)xv.type));
    }
    mpz_clears(x, p, q, (mpz_ptr)0);
    return r;
}

/* nextpow(a, x): the smallest a^k >= x; prevpow(a, x): the largest a^k <= x (k >= 0). */
static int pow_step(jc_ctx *ctx, value *out, const jc_args *a, int next)
{
    if (!num_is_integer_type(a->v[0]) || !num_is_real(a->v[1]))
        return LIB_DECLINE;
    mpz_t b;
    mpz_init(b);
    num_to_mpz(ctx, b, a->v[0]);
    if (mpz_cmp_ui(b, 1) <= 0) {
        mpz_clear(b);
        return num_domain_error(ctx, a->v[0], "`a` must be greater than 1.");
    }
    if (num_is_integer_type(a->v[1])) {
        int r = pow_step_int(ctx, out, a, b, next);
        mpz_clear(b);
        return r;
    }
    int big = !mpz_fits_slong_p(b);
    int64_t base = big ? INT64_MAX : mpz_get_si(b);
    mpz_clear(b);
    double x;
    if (num_to_double(ctx, a->v[1], &x) < 0)
        return -1;
    if (!(x > 0) || (!next && x < 1))
        return num_domain_error(ctx, a->v[1], next ? "`x` must be positive." : "`x` must be ≥ 1.");
    int64_t p = 1;
    for (;;) {
        int64_t q;
        if ((double)p >= x && next)
            break;
        if (__builtin_mul_overflow(p, base, &q))
            return err_throw(ctx, ERR_OVERFLOW, a->site, "result is beyond the range of type Int64");
        if (!next && (double)q > x)
            break;
        p = q;
    }
    *out = num_from_double_typed(a->v[1].type == T_FLOAT32 || a->v[1].type == T_FLOAT16
                                     ? (jc_type)a->v[1].type : T_FLOAT64, (double)p);
    return 0;
}

static int bi_nextpow(jc_ctx *ctx, value *out, const jc_args *a) { return pow_step(ctx, out, a, 1); }
static int bi_prevpow(jc_ctx *ctx, value *out, const jc_args *a) { return pow_step(ctx, out, a, 0); }

/* muladd(x, y, z) = x*y + z, with Julia's promotion (whether it fuses is unspecified). */
static int bi_muladd(jc_ctx *ctx, value *out, const jc_args *a)
{
    for (int i = 0; i < 3; i++)
        if (!num_is_number(a->v[i]))
            return LIB_DECLINE;
    value p;
    int r = num_binop(ctx, &p, NUM_MUL, a->v[0], a->v[1]);
    if (r < 0)
        return -1;
    r = num_binop(ctx, out, NUM_ADD, p, a->v[2]);
    val_release(p);
    return r < 0 ? -1 : 0;
}

const builtin lib_floatparts[] = {
    { "ldexp", 2, 2, bi_ldexp, "  ldexp(x, n)\n\n  Compute x × 2ⁿ.\n\n  jcalc> ldexp(5.0, 2)\n  20.0", NULL },
    { "exponent", 1, 1, bi_exponent, "  exponent(x) -> Int\n\n  The largest integer y such that 2^y ≤ abs(x): the exponent of a normalized\n  floating-point number.\n\n  jcalc> exponent(6.5)\n  2", NULL },
    { "significand", 1, 1, bi_significand, "  significand(x)\n\n  The significand (mantissa) of x as a number in [1, 2), with x's sign; 0, Inf\n  and NaN are returned as they are.\n\n  jcalc> significand(15.2)\n  1.9", NULL },
    { "frexp", 1, 1, bi_frexp, "  frexp(val)\n\n  Return (x, exp) such that x has a magnitude in [1/2, 1) or is 0, and\n  val = x × 2^exp.\n\n  jcalc> frexp(12.8)\n  (0.8, 4)", NULL },
    { "modf", 1, 1, bi_modf, "  modf(x)\n\n  Return (fpart, ipart): the fractional and integral parts of x, both with\n  x's sign.\n\n  jcalc> modf(3.5)\n  (0.5, 3.0)", NULL },
    { "bitstring", 1, 1, bi_bitstring, "  bitstring(n)\n\n  A string giving the literal bit representation of a number (two's complement\n  for integers, IEEE 754 for floats).\n\n  jcalc> bitstring(2.2)\n  \"0100000000000001100110011001100110011001100110011001100110011010\"", NULL },
    { "ispow2", 1, 1, bi_ispow2, "  ispow2(n::Integer) -> Bool\n\n  Whether n is an integer power of two.", NULL },
    { "nextpow", 2, 2, bi_nextpow, "  nextpow(a, x)\n\n  The smallest a^n not less than x, where n is a non-negative integer.\n\n  jcalc> nextpow(2, 7)\n  8", NULL },
    { "prevpow", 2, 2, bi_prevpow, "  prevpow(a, x)\n\n  The largest a^n not greater than x, where n is a non-negative integer.\n\n  jcalc> prevpow(2, 7)\n  4", NULL },
    { "muladd", 3, 3, bi_muladd, "  muladd(x, y, z)\n\n  Combined multiply-add: x*y + z.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
