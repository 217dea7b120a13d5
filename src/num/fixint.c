/* fixint.c — Int8..Int128 and UInt8..UInt128 as bits (see fixint.h).  Every operation
 * computes on 128-bit words and truncates once to the type's width, which is exactly
 * modular arithmetic for + - * and the bit operations; divisions work on the
 * sign-extended (or zero-extended) values, which never overflow 128 bits except for
 * typemin(Int128) ÷ -1, refused as Julia refuses it (DivideError). */
#include "num/fixint.h"

#include <string.h>

int fix_width(int t)
{
    switch (t) {
    case T_INT8: case T_UINT8: return 8;
    case T_INT16: case T_UINT16: return 16;
    case T_INT32: case T_UINT32: return 32;
    case T_INT64: case T_UINT64: return 64;
    case T_INT128: case T_UINT128: return 128;
    default: return 0;
    }
}

int fix_kind(int bits, int is_signed)
{
    switch (bits) {
    case 8: return is_signed ? T_INT8 : T_UINT8;
    case 16: return is_signed ? T_INT16 : T_UINT16;
    case 32: return is_signed ? T_INT32 : T_UINT32;
    case 64: return is_signed ? T_INT64 : T_UINT64;
    case 128: return is_signed ? T_INT128 : T_UINT128;
    default: return -1;
    }
}

static int is128(int t) { return t == T_INT128 || t == T_UINT128; }

/* z modulo 2^128, two's complement. */
static fix_u128 mpz_low128(mpz_srcptr z)
{
    uint64_t w[2] = { 0, 0 };
    size_t cnt = 0;
    if (mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= 128) {
        mpz_export(w, &cnt, -1, sizeof w[0], 0, 0, z);
    } else {
        mpz_t r;
        mpz_init(r);
        mpz_fdiv_r_2exp(r, z, 128);
        mpz_export(w, &cnt, -1, sizeof w[0], 0, 0, r);
        mpz_clear(r);
    }
    return ((fix_u128)w[1] << 64) | w[0];
}

/* z = u, read as signed when sgn. */
static void mpz_set_bits(mpz_ptr z, fix_u128 u, int sgn)
{
    int neg = sgn && (u >> 127);
    if (neg)
        u = -u;
    uint64_t w[2] = { (uint64_t)u, (uint64_t)(u >> 64) };
    mpz_import(z, 2, -1, sizeof w[0], 0, 0, w);
    if (neg)
        mpz_neg(z, z);
}

fix_u128 fix_get(value x)
{
    switch (x.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32:
        return (fix_u128)(fix_i128)x.u.i;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        return x.u.u;
    case T_INT128: case T_UINT128: case T_BIGINT:
        return mpz_low128(val_mpz(x));
    default:
        return 0;
    }
}

value fix_make(int t, fix_u128 bits)
{
    int w = fix_width(t);
    if (is128(t)) {
        value v = v_bigint_new();
        mpz_set_bits(val_mpz(v), bits, t == T_INT128);
        v.type = (uint8_t)t;
        v.u.o->type = (uint8_t)t;
        return v;
    }
    value v = { (uint8_t)t, 0, { .u = 0 } };
    uint64_t b = (uint64_t)bits;
    if (w < 64)
        b &= ((uint64_t)1 << w) - 1;
    if (fix_signed(t)) {
        /* sign-extend from bit w-1 */
        uint64_t m = (uint64_t)1 << (w - 1);
        v.u.i = (int64_t)((b ^ m) - m);
    } else
        v.u.u = b;
    return v;
}

void fix_to_mpz(mpz_ptr z, value x)
{
    if (is128(x.type) || x.type == T_BIGINT)
        mpz_set(z, val_mpz(x));
    else if (fix_signed(x.type) || x.type == T_BOOL)
        mpz_set_si(z, x.u.i);
    else
        mpz_set_ui(z, x.u.u);
}

int fix_fits_mpz(int t, mpz_srcptr z)
{
    int w = fix_width(t);
    if (!fix_signed(t))
        return mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= (size_t)w;
    if (mpz_sgn(z) >= 0)
        return mpz_sizeinbase(z, 2) <= (size_t)(w - 1);
    /* -2^(w-1) <= z:  |z| - 1 < 2^(w-1) */
    mpz_t a;
    mpz_init(a);
    mpz_neg(a, z);
    mpz_sub_ui(a, a, 1);
    int ok = mpz_sizeinbase(a, 2) <= (size_t)(w - 1);
    mpz_clear(a);
    return ok;
}

value fix_from_mpz(int t, mpz_srcptr z) { return fix_make(t, mpz_low128(z)); }

value fix_typemin(int t)
{
    int w = fix_width(t);
    return fix_make(t, fix_signed(t) ? (fix_u128)1 << (w - 1) : 0);
}

value fix_typemax(int t)
{
    int w = fix_width(t);
    fix_u128 all = ~(fix_u128)0;
    return fix_make(t, fix_signed(t) ? all >> (129 - w) : all >> (128 - w));
}

int fix_get_i128(value x, fix_i128 *r)
{
    if (x.type == T_BIGINT ? !fix_fits_mpz(T_INT128, val_mpz(x)) : !fix_width(x.type) && x.type != T_BOOL)
        return 0;
    fix_u128 u = fix_get(x);
    if (x.type == T_UINT128 && (u >> 127))
        return 0;
    *r = (fix_i128)u;
    return 1;
}

/* Signed value of x's bits, sign-extended from the kind's width: the bits fix_get
 * returns are already extended, so this is a cast. */
static fix_i128 sval(value x) { return (fix_i128)fix_get(x); }

int fix_cmp(value x, value y)
{
    if (fix_signed(x.type)) {
        fix_i128 a = sval(x), b = sval(y);
        return (a > b) - (a < b);
    }
    fix_u128 a = fix_get(x), b = fix_get(y);
    return (a > b) - (a < b);
}

value fix_neg(value x) { return fix_make(x.type, -fix_get(x)); }
value fix_not(value x) { return fix_make(x.type, ~fix_get(x)); }

value fix_shift(num_op op, value x, uint64_t n)
{
    int w = fix_width(x.type);
    fix_u128 u = fix_get(x);
    if (op == NUM_SHL)
        return fix_make(x.type, n >= (uint64_t)w ? 0 : u << n);
    if (op == NUM_SHR && fix_signed(x.type)) {
        fix_i128 s = (fix_i128)u;   /* sign-extended: an arithmetic shift of 128 bits */
        return fix_make(x.type, (fix_u128)(n >= 127 ? (s < 0 ? -1 : 0) : s >> n));
    }
    /* >>> (and >> of an unsigned): logical, on the w bits only */
    if (w < 128)
        u &= ((fix_u128)1 << w) - 1;
    return fix_make(x.type, n >= (uint64_t)w ? 0 : u >> n);
}

static int sdiv(value *out, num_op op, int t, fix_i128 a, fix_i128 b)
{
    int w = fix_width(t);
    fix_i128 min = (fix_i128)(~(fix_u128)0 << (w - 1));
    if (b == 0)
        return FIX_DIVIDE;
    fix_i128 r;
    if (b == -1) {
        /* rem and mod by -1 are 0 (Julia special-cases them); the quotients of typemin
         * overflow, a DivideError as in Julia */
        switch (op) {
        case NUM_REM: case NUM_MOD: r = 0; break;
        case NUM_MOD1: r = -1; break;
        default:
            if (a == min)
                return FIX_DIVIDE;
            r = -a;
            break;
        }
        *out = fix_make(t, (fix_u128)r);
        return 0;
    }
    fix_i128 q = a / b, m = a % b;
    switch (op) {
    case NUM_IDIV: r = q; break;
    case NUM_FLD: r = (m != 0 && ((m < 0) != (b < 0))) ? q - 1 : q; break;
    case NUM_CLD: r = (m != 0 && ((m < 0) == (b < 0))) ? q + 1 : q; break;
    case NUM_REM: r = m; break;
    case NUM_MOD: r = (m != 0 && ((m < 0) != (b < 0))) ? m + b : m; break;
    default: /* NUM_MOD1 */
        r = (m != 0 && ((m < 0) != (b < 0))) ? m + b : m;
        if (r == 0)
            r = b;
        break;
    }
    *out = fix_make(t, (fix_u128)r);
    return 0;
}

static int udiv(value *out, num_op op, int t, fix_u128 a, fix_u128 b)
{
    if (b == 0)
        return FIX_DIVIDE;
    fix_u128 r;
    switch (op) {
    case NUM_IDIV: case NUM_FLD: r = a / b; break;
    case NUM_CLD: r = a / b + (a % b != 0); break;
    case NUM_REM: case NUM_MOD: r = a % b; break;
    default: r = a % b; if (r == 0) r = b; break;
    }
    *out = fix_make(t, r);
    return 0;
}

int fix_op(value *out, num_op op, int t, value x, value y)
{
    fix_u128 a = fix_get(x), b = fix_get(y), r;
    int w = fix_width(t);
    if (!fix_signed(t) && w < 128) {   /* zero-extend: the bits above w are 0 */
        a &= ((fix_u128)1 << w) - 1;
        b &= ((fix_u128)1 << w) - 1;
    }
    switch (op) {
    case NUM_ADD: r = a + b; break;
    case NUM_SUB: r = a - b; break;
    case NUM_MUL: r = a * b; break;
    case NUM_AND: r = a & b; break;
    case NUM_OR: r = a | b; break;
    case NUM_XOR: r = a ^ b; break;
    case NUM_MIN: case NUM_MAX: {
        int c = fix_cmp(x, y);
        *out = fix_make(t, (op == NUM_MIN) == (c <= 0) ? a : b);
        return 0;
    }
    case NUM_IDIV: case NUM_FLD: case NUM_CLD: case NUM_REM: case NUM_MOD: case NUM_MOD1:
        return fix_signed(t) ? sdiv(out, op, t, (fix_i128)a, (fix_i128)b) : udiv(out, op, t, a, b);
    default:
        return NUM_NOMETHOD;
    }
    *out = fix_make(t, r);
    return 0;
}
