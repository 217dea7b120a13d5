/* query.h — num/'s private questions about kinds, shared by its files (the public
 * ones are num.h's num_is_*). */
#ifndef JC_NUM_QUERY_H
#define JC_NUM_QUERY_H

#include "value.h"

static inline int is_real_t(int t) { return val_kind_is(t, VK_REAL); }
static inline int is_int_t(int t) { return val_kind_is(t, VK_INTEGER); }
static inline int is_float_t(int t) { return val_kind_is(t, VK_FLOAT); }
/* The width of an unsigned kind: 8, 16, 32, 64 or 128. */
static inline int uint_bits(int t)
{
    return t == T_UINT8 ? 8 : t == T_UINT16 ? 16 : t == T_UINT32 ? 32 : t == T_UINT128 ? 128 : 64;
}
/* An irrational constant rounded to p bits (p = 11 or 24: Float16, Float32). */
double num_irrational_round(int id, mpfr_prec_t p);

#endif
