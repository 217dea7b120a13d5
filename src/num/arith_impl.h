/* arith_impl.h — private to num/arith.c (num_binop, the real types, unary operations,
 * shifts), num/complex.c (complex arithmetic and division) and num/pow.c (powers): the
 * type predicates they share and the entry points each gives the others.  Conventions are
 * num.h's: values borrowed unless said, 0 or -1 after jc_throw, NUM_NOMETHOD where a
 * method is missing. */
#ifndef JC_NUM_ARITH_IMPL_H
#define JC_NUM_ARITH_IMPL_H

#include "num/num.h"
#include "num/query.h"

/* The kind traits, not enum ranges: is_int_t (query.h) holds Bool, Int64, BigInt and
 * UInt*, is_float_t Float16/32/64 and BigFloat. */
static inline int is_uint_t(int t) { return val_kind_is(t, VK_UNSIGNED); }
static inline int is_hwfloat_t(int t) { return val_kind_is(t, VK_HWFLOAT); }
/* The bits an unsigned kind t keeps. */
static inline uint64_t uint_mask(int t)
{
    int bits = uint_bits(t);
    return bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
}
static inline value v_uint(int t, uint64_t u)
{
    value v = { (uint8_t)t, 0, { .u = u & uint_mask(t) } };
    return v;
}

/* z = x for an integer x (Bool, Int64, UInt*, BigInt). */
static inline void to_mpz(mpz_ptr z, value x)
{
    switch (x.type) {
    case T_BIGINT: mpz_set(z, val_mpz(x)); break;
    case T_BOOL: case T_INT64: mpz_set_si(z, x.u.i); break;
    default: mpz_set_ui(z, x.u.u); break;
    }
}

/* r = x op y on real parts; releases nothing. */
static inline int rop(jc_ctx *ctx, value *r, num_op op, value x, value y)
{
    return num_binop(ctx, r, op, x, y);
}

/* r = x op y, releasing the owned temporaries x and y. */
static inline int rop2(jc_ctx *ctx, value *r, num_op op, value x, value y)
{
    int rc = num_binop(ctx, r, op, x, y);
    val_release(x);
    val_release(y);
    return rc;
}

/* ---- in arith.c ---- */

/* 1/x for a Rational x, of the same Rational type. */
int arith_rat_inv(jc_ctx *ctx, value *out, value x);

/* ---- in complex.c ---- */

/* A complex from two owned real parts, promoted to one type. */
int arith_make_complex(jc_ctx *ctx, value *out, value re, value im);
/* 1/z for a complex z, as Julia's inv. */
int arith_complex_inv(jc_ctx *ctx, value *out, value z);
/* a op b where at least one side is complex. */
int arith_complex_op(jc_ctx *ctx, value *out, num_op op, value a, value b);

/* ---- in pow.c ---- */

/* a ^ b (non-literal exponent). */
int arith_pow_op(jc_ctx *ctx, value *out, value a, value b);

#endif
