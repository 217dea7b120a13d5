/* half.c — IEEE binary16 <-> binary64 conversions, the one pair in jcalc (num/float16.h
 * wraps them for the number tower).
 *
 * Method (double -> half): take the double's 53-bit integer significand M and unbiased
 * exponent E, so |x| = M * 2^(E-52).  The binary16 quantum (ulp) at that magnitude is
 * 2^(max(E,-14)-10); divide M by the quantum with an integer shift and round to nearest
 * even on the remainder.  The rounded count n of quanta then maps to the bit pattern
 * ((max(E,-14) + 14) << 10) + n: the hidden bit (n >= 1024) adds one to the exponent
 * field, so a carry out of the significand (n == 2048) moves to the next binade, a
 * subnormal that rounds up to 1024 becomes the smallest normal, and a carry out of the
 * largest binade lands on 0x7c00, which is Inf.
 *
 * Special cases: ±0 and doubles below 2^-25 (including double subnormals) give ±0;
 * |x| >= 65520 gives ±Inf; NaN gives the quiet NaN 0x7e00 with the sign kept.
 *
 * Accuracy: correctly rounded (nearest, ties to even) for every double; half -> double is
 * exact.  No floating-point arithmetic is used in the rounding, so the result does not
 * depend on the current rounding mode. */
#include "mathcore/mathcore.h"

#include <math.h>

#include "bits.h"

uint16_t mc_double_to_half(double x)
{
    uint64_t u = bits_from_double(x);
    uint16_t sign = (uint16_t)((u >> 48) & 0x8000);
    int ebits = (int)((u >> 52) & 0x7ff);
    uint64_t frac = u & ((UINT64_C(1) << 52) - 1);

    if (ebits == 0x7ff)                                  /* Inf or NaN */
        return (uint16_t)(sign | 0x7c00 | (frac ? 0x200 : 0));
    if (ebits == 0)                                      /* zero or double subnormal: */
        return sign;                                     /* far below 2^-25 */

    int e = ebits - 1023;
    if (e >= 16)                                         /* >= 65536 > 65520 */
        return (uint16_t)(sign | 0x7c00);
    uint64_t m = frac | (UINT64_C(1) << 52);
    int qe = e < -14 ? -14 : e;                          /* quantum is 2^(qe-10) */
    int shift = qe - 10 - (e - 52);                      /* >= 42 */
    if (shift > 54)                                      /* |x| < 2^-25: rounds to 0 */
        return sign;
    uint64_t n = m >> shift;
    uint64_t rem = m & ((UINT64_C(1) << shift) - 1);
    uint64_t half = UINT64_C(1) << (shift - 1);
    if (rem > half || (rem == half && (n & 1)))
        n++;
    return (uint16_t)(sign | (uint16_t)((uint64_t)(qe + 14) * 1024 + n));
}

double mc_half_to_double(uint16_t h)
{
    int ebits = (h >> 10) & 0x1f;
    int frac = h & 0x3ff;
    double mag;
    if (ebits == 0x1f)
        mag = frac ? NAN : INFINITY;
    else if (ebits == 0)
        mag = ldexp((double)frac, -24);
    else
        mag = ldexp((double)(frac | 0x400), ebits - 25);
    return (h & 0x8000) ? -mag : mag;
}
