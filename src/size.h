/* size.h — checked size arithmetic for lengths, dimensions and byte counts.
 *
 * Every length, product of dimensions or byte count that comes from a user's numbers is
 * computed here, never with a bare `*` or `+`: each function returns 0 and stores the
 * result, or -1 (storing nothing) when the result would not fit — int64 lengths must stay
 * in [0, INT64_MAX], byte counts in size_t.  The caller turns -1 into Julia's error
 * (ArgumentError: invalid Array dimensions, OverflowError ...) before anything is
 * allocated; the --max-bits budget is charged afterwards (array_check_len,
 * num_check_bits).  Header-only, no state. */
#ifndef JC_SIZE_H
#define JC_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* *r = a * b for non-negative lengths; -1 on a negative operand or overflow. */
static inline int size_mul(int64_t a, int64_t b, int64_t *r)
{
    int64_t t;
    if (a < 0 || b < 0 || __builtin_mul_overflow(a, b, &t))
        return -1;
    *r = t;
    return 0;
}

/* *r = a + b for non-negative lengths; -1 on a negative operand or overflow. */
static inline int size_add(int64_t a, int64_t b, int64_t *r)
{
    int64_t t;
    if (a < 0 || b < 0 || __builtin_add_overflow(a, b, &t))
        return -1;
    *r = t;
    return 0;
}

/* *r = the product of nd dimensions (1 for none); -1 when one is negative or the
 * product overflows (Julia's "invalid Array dimensions"). */
static inline int size_dims(int nd, const int64_t *dims, int64_t *r)
{
    int64_t n = 1;
    for (int k = 0; k < nd; k++)
        if (size_mul(n, dims[k], &n) < 0)
            return -1;
    *r = n;
    return 0;
}

/* *r = n elements of elt bytes each, as a byte count; -1 on overflow. */
static inline int size_bytes(size_t n, size_t elt, size_t *r)
{
    size_t t;
    if (__builtin_mul_overflow(n, elt, &t))
        return -1;
    *r = t;
    return 0;
}

/* *r = a + b bytes; -1 on overflow. */
static inline int size_bytes_add(size_t a, size_t b, size_t *r)
{
    size_t t;
    if (__builtin_add_overflow(a, b, &t))
        return -1;
    *r = t;
    return 0;
}

#endif
