/* elementary.h — the one-argument functions of lib/elementary.c, as data, for the
 * builtins elsewhere that compose them (asind(x) = rad2deg(asin(x)), atand(y, x)).
 *
 * elem_unary applies one to a real or complex argument (borrowed) with Julia's result
 * types and domain errors, storing an owned result in *out; like a builtin it returns 0,
 * -1 after raising, or LIB_DECLINE when x is not a number it takes. */
#ifndef JC_LIB_ELEMENTARY_H
#define JC_LIB_ELEMENTARY_H

#include "jc.h"

typedef struct elem_fn elem_fn;

extern const elem_fn elem_asin, elem_acos, elem_atan, elem_asec, elem_acsc, elem_acot;

int elem_unary(jc_ctx *ctx, value *out, value x, const elem_fn *f);

/* atan(y, x) of two reals in their promoted float type; the angle in degrees when deg. */
int elem_atan2(jc_ctx *ctx, value *out, value y, value x, int deg);

#endif
