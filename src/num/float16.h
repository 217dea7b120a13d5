/* float16.h — IEEE 754 binary16 <-> binary64 conversions.
 *
 * The number tower stores a Float16 as the double it equals and computes in double; these
 * two functions are the only way in and out.  f16_from_double rounds correctly (to
 * nearest, ties to even): subnormals are produced, overflow gives +-Inf, NaN stays NaN
 * (quiet, sign kept).  f16_to_double is exact.
 *
 * Why computing in double and rounding once is right: for + - * / and sqrt, a format with
 * at least 2p+2 significand bits rounds the exact result to nearest, and rounding that to
 * p bits gives the same value as rounding the exact result to p bits directly (Figueroa,
 * "When is double rounding innocuous?", 1995).  binary64 has 53 >= 2*11+2 bits for
 * binary16 and 53 >= 2*24+2 for binary32, so (float)(a op b) and
 * f16_round(a op b), with a and b already of the narrow type, are correctly rounded.  This
 * does not hold for fma or for other functions (exp, sin, ...), whose double results may
 * already carry an error. */
#ifndef JC_FLOAT16_H
#define JC_FLOAT16_H

#include <stdint.h>

#include "mathcore/mathcore.h"

/* The conversions are math-core's (mathcore/half.c), the layer below: one implementation
 * for the number tower and the Float16 kernels. */
static inline uint16_t f16_from_double(double x) { return mc_double_to_half(x); }
static inline double f16_to_double(uint16_t h) { return mc_half_to_double(h); }
/* x rounded to the nearest binary16 value, as a double: f16_to_double(f16_from_double(x)). */
static inline double f16_round(double x) { return mc_half_to_double(mc_double_to_half(x)); }

#endif
