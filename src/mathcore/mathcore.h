/* mathcore.h — correctly rounded sinpi, cospi, tanpi, sincospi and fourthroot.
 *
 * Every function returns the exactly rounded (round-to-nearest-even) value of the
 * mathematical function for every finite input, in binary64, binary32 and binary16.
 * Pure C on doubles; no allocation, no global state, no errno.  Domain errors are not
 * raised here: the caller (which knows Julia's DomainError texts) checks the argument.
 *
 *   sinpi/cospi/tanpi(±Inf) -> NaN   (Julia: DomainError "`x` cannot be infinite.")
 *   fourthroot(x < 0)      -> NaN   (Julia: sqrt's DomainError)
 *   NaN                    -> NaN
 *
 * Signed zeros and infinities follow Julia 1.10's Float64 methods exactly:
 *   sinpi(n) = copysign(0, x) for integer x;  cospi(n + 1/2) = +0.0;
 *   tanpi(n) = ±0 with sign(x) flipped for odd n (tanpi(1) = -0.0, tanpi(-1) = 0.0);
 *   tanpi(n + 1/2) = +Inf when 2|x| = 1 mod 4, -Inf when 2|x| = 3 mod 4, negated for x < 0;
 *   fourthroot(-0.0) = -0.0.
 * Where Julia's own kernels are not correctly rounded (e.g. Julia prints
 * tanpi(0.25) = 0.9999999999999999), these functions return the exact value (1.0).
 *
 * Float16 functions take and return the IEEE binary16 bit pattern (uint16_t), so that
 * no compiler support for _Float16 is needed; mc_half_to_double / mc_double_to_half
 * convert (the latter rounds to nearest even, for any double).
 */
#ifndef JC_MATHCORE_H
#define JC_MATHCORE_H

#include <stdint.h>

double mc_sinpi(double x);
double mc_cospi(double x);
double mc_tanpi(double x);
void mc_sincospi(double x, double *s, double *c);
double mc_fourthroot(double x);

float mc_sinpif(float x);
float mc_cospif(float x);
float mc_tanpif(float x);
float mc_fourthrootf(float x);

uint16_t mc_sinpih(uint16_t x);
uint16_t mc_cospih(uint16_t x);
uint16_t mc_tanpih(uint16_t x);
uint16_t mc_fourthrooth(uint16_t x);

double mc_half_to_double(uint16_t h);
uint16_t mc_double_to_half(double x);

#endif
