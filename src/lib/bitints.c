/* bitints.c — the functions of Julia's fixed-width integers that look at their bits or
 * their type: unsigned and signed (of a value or a type), x % T and rem(x, T) (the
 * wrapping conversion), count_ones, count_zeros, leading_zeros, leading_ones,
 * trailing_zeros, trailing_ones, bswap, bitreverse, and sizeof of the number types.
 *
 * A bit integer is read as 128 two's-complement bits (num/fixint.h); a row declines
 * what Julia has no method for, so the call is Julia's MethodError. */
#include <string.h>

#include "bits.h"
#include "num/fixint.h"
#include "num/float16.h"
#include "num/num.h"
#include "lib/lib.h"

/* The number kind a type value names (not Complex or a parametric type), or -1. */
static int type_kind(value v)
{
    if (v.type != T_TYPE)
        return -1;
    const jc_typeobj *o = val_typeobj(v);
    if (o->base >= T__COUNT || !val_kind_is(o->base, VK_NUMBER) || o->base == T_COMPLEX)
        return -1;
    return o->base;
}

static value kind_type(int t)
{
    num_type nt = { (uint8_t)t, 0, 0 };
    return num_type_value(nt);
}

/* unsigned(x) / signed(x): the same bits read with the other signedness, at the same
 * width (Bool is an Int64/UInt64 of its value); of a type, that type.  Int64 and UInt64
 * are this file's too: unsigned(-1) is typemax(UInt64), as in Julia. */
static int resign(jc_ctx *ctx, value *out, const jc_args *a, int to_signed)
{
    value x = a->v[0];
    int t = type_kind(x);
    if (t >= 0) {
        if (!fix_width(t))
            return LIB_DECLINE;
        *out = kind_type(fix_kind(fix_width(t), to_signed));
        return 0;
    }
    int w = x.type == T_BOOL ? 64 : fix_width(x.type);
    if (!w)
        return LIB_DECLINE;
    (void)ctx;
    *out = fix_make(fix_kind(w, to_signed), fix_get(x));
    return 0;
}

static int bi_unsigned(jc_ctx *ctx, value *out, const jc_args *a) { return resign(ctx, out, a, 0); }
static int bi_signed(jc_ctx *ctx, value *out, const jc_args *a) { return resign(ctx, out, a, 1); }

/* x % T, rem(x, T) for an integer x and a bit-integer (or BigInt) type T: x modulo
 * 2^width, read as T [base/int.jl: rem(x::BitInteger, ::Type{T})]. */
static int bi_rem_type(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    int t = type_kind(a->v[1]);
    if (t < 0 || !val_kind_is(x.type, VK_INTEGER) || !val_kind_is(t, VK_INTEGER))
        return LIB_DECLINE;
    if (t == T_BOOL)
        return LIB_DECLINE;
    if (t == T_BIGINT) {
        num_type nt = { T_BIGINT, 0, 0 };
        return num_convert_to(ctx, out, nt, x);
    }
    *out = fix_make(t, fix_get(x));
    return 0;
}

/* unsafe_trunc(T, x): x truncated toward zero, then wrapped into the bit integer T
 * (Julia leaves out-of-range floats unspecified; jcalc wraps them too). */
static int bi_unsafe_trunc(jc_ctx *ctx, value *out, const jc_args *a)
{
    int t = type_kind(a->v[0]);
    value x = a->v[1];
    if (t < 0 || !fix_width(t) || !num_is_real(x))
        return LIB_DECLINE;
    if (num_is_integer_type(x)) {
        *out = fix_make(t, fix_get(x));
        return 0;
    }
    if (num_isnan(x) || num_isinf(x)) {
        *out = fix_make(t, 0);
        return 0;
    }
    mpz_t z;
    mpz_init(z);
    double d;
    if (x.type == T_BIGFLOAT)
        mpfr_get_z(z, val_mpfr(x), MPFR_RNDZ);
    else if (x.type == T_RATIONAL)
        mpz_tdiv_q(z, mpq_numref(val_mpq(x)), mpq_denref(val_mpq(x)));
    else if (num_to_double(ctx, x, &d) == 0)
        mpz_set_d(z, d);
    *out = fix_from_mpz(t, z);
    mpz_clear(z);
    return 0;
}

/* widemul(x, y): the product in the type twice as wide (Int64 -> Int128), never
 * overflowing. */
static int bi_widemul(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    num_type tx, ty;
    if (!num_is_integer_type(x) || !num_is_integer_type(y) || num_typeof(x, &tx) < 0 ||
        num_typeof(y, &ty) < 0)
        return LIB_DECLINE;
    if (x.type == T_BOOL && y.type == T_BOOL) {
        *out = v_bool(x.u.i & y.u.i);
        return 0;
    }
    num_type t = num_promote_type(tx, ty);
    int w = fix_width(t.t);
    if (t.t == T_BOOL)
        t.t = T_INT64, w = 64;
    if (w)
        t.t = (uint8_t)(w == 128 ? T_BIGINT : fix_kind(w < 32 ? 32 : 2 * w, fix_signed(t.t)));
    value x2, y2;
    if (num_convert_to(ctx, &x2, t, x) < 0)
        return -1;
    if (num_convert_to(ctx, &y2, t, y) < 0) {
        val_release(x2);
        return -1;
    }
    int r = num_binop(ctx, out, NUM_MUL, x2, y2);
    val_release(x2);
    val_release(y2);
    return r;
}

/* reinterpret(T, x): the bits of the primitive number x read as the primitive number
 * type T of the same size (Float64 <-> Int64/UInt64, Int8 <-> UInt8 ...). */
static int prim_bits(value x, fix_u128 *bits)
{
    switch (x.type) {
    case T_FLOAT64: *bits = bits_from_double(x.u.f); return 64;
    case T_FLOAT32: *bits = bits_from_float((float)x.u.f); return 32;
    case T_FLOAT16: *bits = f16_from_double(x.u.f); return 16;
    case T_BOOL: *bits = (fix_u128)x.u.i; return 8;
    default: {
        int w = fix_width(x.type);
        *bits = fix_get(x);
        if (w && w < 128)
            *bits &= ((fix_u128)1 << w) - 1;
        return w;
    }
    }
}

static int bi_reinterpret(jc_ctx *ctx, value *out, const jc_args *a)
{
    int t = type_kind(a->v[0]);
    fix_u128 bits;
    int w = prim_bits(a->v[1], &bits);
    if (t < 0 || !w)
        return LIB_DECLINE;
    value x = { T_NOTHING, 0, { 0 } };
    int tw = 0;
    switch (t) {
    case T_FLOAT64: x = v_f64(bits_to_double((uint64_t)bits)); tw = 64; break;
    case T_FLOAT32: x = num_from_double_typed(T_FLOAT32, bits_to_float((uint32_t)bits)); tw = 32; break;
    case T_FLOAT16: x = num_from_double_typed(T_FLOAT16, f16_to_double((uint16_t)bits)); tw = 16; break;
    case T_BOOL:
        tw = 8;
        if (bits > 1)   /* only 0x00 and 0x01 are Bools */
            return LIB_DECLINE;
        x = v_bool((int)bits);
        break;
    default:
        if (!(tw = fix_width(t)))
            return LIB_DECLINE;
        break;
    }
    if (tw != w)
        return err_throw(ctx, ERR_ERROR, a->site, "bitcast: argument size does not match size of target type");
    *out = fix_width(t) ? fix_make(t, bits) : x;
    return 0;
}

/* ---- counting bits ---- */

enum { C_ONES, C_ZEROS, C_LZ, C_LO, C_TZ, C_TO };

static int popcount128(fix_u128 u)
{
    return __builtin_popcountll((uint64_t)u) + __builtin_popcountll((uint64_t)(u >> 64));
}

/* The leading zeros of the w-bit word u (u < 2^w). */
static int clz_w(fix_u128 u, int w)
{
    int n = 0;
    for (int i = w - 1; i >= 0 && !((u >> i) & 1); i--)
        n++;
    return n;
}

static int ctz_w(fix_u128 u, int w)
{
    int n = 0;
    while (n < w && !((u >> n) & 1))
        n++;
    return n;
}

static int bi_count(jc_ctx *ctx, value *out, const jc_args *a)
{
    int what = (int)(intptr_t)a->data;
    value x = a->v[0];
    (void)ctx;
    if (x.type == T_BIGINT) {
        /* BigInt: count_ones and trailing_zeros, as Julia's MPZ.popcount / scan1 */
        mpz_srcptr z = val_mpz(x);
        if (what == C_ONES && mpz_sgn(z) >= 0) {
            *out = v_int((int64_t)mpz_popcount(z));
            return 0;
        }
        if (what == C_TZ && mpz_sgn(z) != 0) {
            *out = v_int((int64_t)mpz_scan1(z, 0));
            return 0;
        }
        return LIB_DECLINE;
    }
    int w = x.type == T_BOOL ? 1 : fix_width(x.type);
    if (!w)
        return LIB_DECLINE;
    fix_u128 u = fix_get(x);
    if (w < 128)
        u &= ((fix_u128)1 << w) - 1;
    fix_u128 inv = ~u;
    if (w < 128)
        inv &= ((fix_u128)1 << w) - 1;
    int r;
    switch (what) {
    case C_ONES: r = popcount128(u); break;
    case C_ZEROS: r = w - popcount128(u); break;
    case C_LZ: r = clz_w(u, w); break;
    case C_LO: r = clz_w(inv, w); break;
    case C_TZ: r = ctz_w(u, w); break;
    default: r = ctz_w(inv, w); break;
    }
    *out = v_int(r);
    return 0;
}

/* bswap (bytes reversed) and bitreverse (bits reversed) of a bit integer. */
static int bi_reverse(jc_ctx *ctx, value *out, const jc_args *a)
{
    int bits = a->data != NULL;
    value x = a->v[0];
    (void)ctx;
    if (x.type == T_BOOL) {
        *out = x;
        return 0;
    }
    int w = fix_width(x.type);
    if (!w)
        return LIB_DECLINE;
    fix_u128 u = fix_get(x), r = 0;
    int step = bits ? 1 : 8;
    fix_u128 mask = bits ? 1 : 0xff;
    for (int i = 0; i < w; i += step)
        r |= ((u >> i) & mask) << (w - step - i);
    *out = fix_make(x.type, r);
    return 0;
}

/* sizeof of a number type or of a number: the bytes of its storage in Julia. */
static int kind_size(int t)
{
    switch (t) {
    case T_BOOL: return 1;
    case T_FLOAT16: return 2;
    case T_FLOAT32: return 4;
    case T_FLOAT64: return 8;
    case T_CHAR: return 4;
    default: return fix_width(t) / 8;
    }
}

static int bi_sizeof(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    (void)ctx;
    int t, cplx = 0;
    if (x.type == T_TYPE) {
        const jc_typeobj *o = val_typeobj(x);
        if (o->base == T_COMPLEX && o->param) {
            cplx = 1;
            o = o->param;
        }
        t = o->base;
    } else if (x.type == T_STRING) {
        *out = v_int((int64_t)val_string(x)->len);
        return 0;
    } else if (x.type == T_COMPLEX) {
        cplx = 1;
        t = val_complex(x)->re.type;
    } else
        t = x.type;
    int n = t < T__COUNT ? kind_size(t) : 0;
    if (n == 0)
        return LIB_DECLINE;
    *out = v_int((int64_t)n << cplx);
    return 0;
}

#define COUNT(name, what, text) \
    { name, 1, 1, bi_count, LIB_HELP(name "(x::Integer)", text), NULL, (const void *)(intptr_t)(what) }

const builtin lib_bitints[] = {
    { "unsigned", 1, 1, bi_unsigned, LIB_HELP("unsigned(x)\n  unsigned(T::Type)",
      "Convert an integer to the unsigned type of the same size, keeping its bits:\n"
      "  unsigned(Int8(-1)) == 0xff; unsigned(Int16) == UInt16."), NULL, NULL },
    { "signed", 1, 1, bi_signed, LIB_HELP("signed(x)\n  signed(T::Type)",
      "Convert an integer to the signed type of the same size, keeping its bits:\n"
      "  signed(0xff) == Int8(-1); signed(UInt32) == Int32."), NULL, NULL },
    { "%", 2, 2, bi_rem_type, NULL, NULL, NULL },
    { "rem", 2, 2, bi_rem_type, LIB_HELP("rem(x::Integer, T::Type{<:Integer})\n  x % T",
      "x modulo 2^n for T of n bits, as a T (wrapping): 300 % Int8 == 44,\n"
      "  -1 % UInt8 == 0xff."), NULL, NULL },
    { "mod", 2, 2, bi_rem_type, LIB_HELP("mod(x::Integer, T::Type{<:Integer})",
      "x modulo 2^n for T of n bits, as a T: mod(123, UInt8) == 0x7b."), NULL, NULL },
    { "unsafe_trunc", 2, 2, bi_unsafe_trunc, LIB_HELP("unsafe_trunc(T, x)",
      "x truncated toward zero and wrapped into the integer type T:\n"
      "  unsafe_trunc(Int8, 128) == -128."), NULL, NULL },
    { "reinterpret", 2, 2, bi_reinterpret, LIB_HELP("reinterpret(T, x)",
      "The bits of the number x read as the number type T of the same size:\n"
      "  reinterpret(Int8, 0xff) == -1; reinterpret(UInt64, 1.0) == 0x3ff0000000000000."), NULL, NULL },
    { "widemul", 2, 2, bi_widemul, LIB_HELP("widemul(x, y)",
      "Multiply x and y in the type twice as wide, so the product never overflows:\n"
      "  widemul(typemax(Int64), 2) is an Int128."), NULL, NULL },
    COUNT("count_ones", C_ONES, "The number of ones in the binary representation of x."),
    COUNT("count_zeros", C_ZEROS, "The number of zeros in the binary representation of x."),
    COUNT("leading_zeros", C_LZ, "The number of zeros leading the binary representation of x."),
    COUNT("leading_ones", C_LO, "The number of ones leading the binary representation of x."),
    COUNT("trailing_zeros", C_TZ, "The number of zeros trailing the binary representation of x."),
    COUNT("trailing_ones", C_TO, "The number of ones trailing the binary representation of x."),
    { "bswap", 1, 1, bi_reverse, LIB_HELP("bswap(n)", "Reverse the byte order of n."), NULL, NULL },
    { "bitreverse", 1, 1, bi_reverse, LIB_HELP("bitreverse(x)",
      "Reverse the order of bits in integer x."), NULL, "bits" },
    { "sizeof", 1, 1, bi_sizeof, LIB_HELP("sizeof(T::DataType)\n  sizeof(obj)",
      "Size, in bytes, of the canonical binary representation of a number type or value\n"
      "  (sizeof(Int128) == 16), or the number of bytes of a string."), NULL, NULL },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};
