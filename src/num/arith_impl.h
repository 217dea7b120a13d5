/* arith_impl.h — private to num/'s arithmetic, a chain with no cycle: arith.c (the real
 * types) ← complex.c (Complex{T}, and "any number" helpers) ← pow.c (powers) ← binop.c
 * (num_binop and the public unary operations, which dispatch to those below).  Each file
 * calls only the ones to its left: the type predicates they share and the entry points
 * each gives the next.  Conventions are num.h's: values borrowed unless said, 0 or -1
 * after jc_throw, NUM_NOMETHOD where a method is missing. */
#ifndef JC_NUM_ARITH_IMPL_H
#define JC_NUM_ARITH_IMPL_H

#include "num/num.h"
#include "num/query.h"
#include "num/fixint.h"

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

/* z = x for an integer x (Bool, the bit integers, BigInt). */
static inline void to_mpz(mpz_ptr z, value x)
{
    fix_to_mpz(z, x);
}

/* ---- in arith.c: the real types ---- */

/* a op b for two reals, with promotion: every num_op but NUM_POW (num_binop's results
 * exactly); NUM_NOMETHOD for a Complex, a non-number, or ^. */
int arith_real_op(jc_ctx *ctx, value *out, num_op op, value a, value b);
/* -x, abs, abs2, sign and inv of a real x (NUM_NOMETHOD for anything else). */
int arith_real_neg(value *out, value x);
int arith_real_abs(value *out, value x);
int arith_real_abs2(jc_ctx *ctx, value *out, value x);
int arith_real_sign(jc_ctx *ctx, value *out, value x);
int arith_real_inv(jc_ctx *ctx, value *out, value x);
/* 1/x for a Rational x, of the same Rational type. */
int arith_rat_inv(jc_ctx *ctx, value *out, value x);

/* ---- in complex.c: Complex{T}, and the choice between real and complex ---- */

/* A complex from two owned real parts, promoted to one type. */
int arith_make_complex(jc_ctx *ctx, value *out, value re, value im);
/* a op b where at least one side is complex (both numbers); NUM_NOMETHOD for ^. */
int arith_complex_op(jc_ctx *ctx, value *out, num_op op, value a, value b);
/* -z, abs, abs2, sign and 1/z (Julia's inv) for a complex z. */
int arith_complex_neg(jc_ctx *ctx, value *out, value z);
int arith_complex_abs(jc_ctx *ctx, value *out, value z);
int arith_complex_abs2(jc_ctx *ctx, value *out, value z);
int arith_complex_sign(jc_ctx *ctx, value *out, value z);
int arith_complex_inv(jc_ctx *ctx, value *out, value z);
/* a op b and inv(x) for any values, real or complex: num_binop and num_inv without ^,
 * for pow.c, which sits below num_binop. */
int arith_any_op(jc_ctx *ctx, value *out, num_op op, value a, value b);
int arith_any_inv(jc_ctx *ctx, value *out, value x);

/* ---- in pow.c ---- */

/* a ^ b (non-literal exponent) for any values: NUM_NOMETHOD unless both are numbers. */
int arith_pow_op(jc_ctx *ctx, value *out, value a, value b);

#endif
