/* fixint.h — the fixed-width integers Int8..Int128 and UInt8..UInt128 as bits: reading
 * any bit-integer value as 128 two's-complement bits, making a value of a type from
 * bits (truncating, so every result wraps as Julia's does), their arithmetic, and the
 * width/sign facts conversions need.  Int64 is a bit integer here too (its width,
 * reading it, making it), but its arithmetic is arith.c's, which continues as BigInt.
 *
 * Int8/16/32 are immediates (u.i, sign-extended), UInt8..UInt64 immediates (u.u),
 * Int128/UInt128 BigInt-shaped objects whose mpz is always in the type's range.  The
 * bottom of num/: nothing here raises; failures are return codes the caller words. */
#ifndef JC_NUM_FIXINT_H
#define JC_NUM_FIXINT_H

#include "num/num.h"

typedef unsigned __int128 fix_u128;
typedef __int128 fix_i128;

/* fix_op's code for a division by zero or typemin ÷ -1: the caller raises DivideError. */
#define FIX_DIVIDE (-3)

/* The width in bits of a bit-integer kind (Int8..Int128, UInt8..UInt128, Int64); 0 for
 * any other kind (Bool and BigInt included). */
int fix_width(int t);
/* Is the bit-integer kind t signed? */
static inline int fix_signed(int t) { return !val_kind_is(t, VK_UNSIGNED); }
/* Does t wrap (a fixed-width kind other than Int64)? */
static inline int fix_wraps(int t) { return val_kind_is(t, VK_WRAPS); }
/* The kind of width bits and the given signedness (8..128), or -1. */
int fix_kind(int bits, int is_signed);

/* x's bits: the value modulo 2^128 for any integer-typed x (Bool, the bit integers,
 * BigInt); signed kinds are sign-extended. */
fix_u128 fix_get(value x);
/* A value of bit-integer kind t holding bits modulo 2^width (a new object for the
 * 128-bit kinds). */
value fix_make(int t, fix_u128 bits);
/* z = x for a bit-integer x. */
void fix_to_mpz(mpz_ptr z, value x);
/* Does z lie in the range of kind t? */
int fix_fits_mpz(int t, mpz_srcptr z);
/* z modulo 2^width as a value of kind t (Julia's z % T). */
value fix_from_mpz(int t, mpz_srcptr z);
/* typemin / typemax of kind t. */
value fix_typemin(int t);
value fix_typemax(int t);
/* The value of x as a signed 128-bit number when it is one (the bit integers but
 * UInt128 above typemax(Int128)); 0 when it is not. */
int fix_get_i128(value x, fix_i128 *r);

/* x op y for two values of the wrapping kind t (both already of kind t): + - * and the
 * bit operations wrap, the divisions are Julia's (FIX_DIVIDE for y == 0 and for
 * typemin ÷ -1); NUM_NOMETHOD for / // ^ and the shifts, which are not computed here. */
int fix_op(value *out, num_op op, int t, value x, value y);
/* x << n, x >> n, x >>> n for a bit integer x and a count n >= 0 (saturated). */
value fix_shift(num_op op, value x, uint64_t n);
/* -x, ~x (wrapping), and the comparison of two values of one kind (-1, 0, 1). */
value fix_neg(value x);
value fix_not(value x);
int fix_cmp(value x, value y);

#endif
