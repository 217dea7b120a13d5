/* bits.h — the bit patterns of IEEE floats: binary64 <-> uint64_t, binary32 <-> uint32_t.
 *
 * memcpy is the one conversion C defines for every value (a union or pointer cast is not
 * portable); compilers turn these into a register move.  Header-only and free of
 * dependencies, so every layer may include it, from mathcore/ up. */
#ifndef JC_BITS_H
#define JC_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint64_t bits_from_double(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static inline double bits_to_double(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static inline uint32_t bits_from_float(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static inline float bits_to_float(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

#endif
