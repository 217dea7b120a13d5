/* linalg_impl.h — private to lib/linalg.c (elementwise arithmetic, products, the rows of
 * the builtin table) and lib/factor.c (det, inv, A \ B, least squares, rank).  linalg.c
 * owns the small helpers both use; factor.c owns the factorizations.  Errors are raised
 * with err_throw and reported as -1. */
#ifndef JC_LIB_LINALG_IMPL_H
#define JC_LIB_LINALG_IMPL_H

#include <stdint.h>

#include "array.h"
#include "num/num.h"
#include "lib/lib.h"

static inline int64_t la_nrows(const jc_array *a) { return a->dims[0]; }
static inline int64_t la_ncols(const jc_array *a) { return a->nd >= 2 ? a->dims[1] : 1; }

/* ---- in linalg.c ---- */

/* a op b: num_binop on two numbers, else a call of the Julia-level operator. */
/* UndefRefError if any element of a is #undef. */
int la_check_defined(jc_ctx *ctx, const jc_array *a, const ast *site);
/* DimensionMismatch unless A is a square matrix. */
int la_square_check(jc_ctx *ctx, const jc_array *A, const ast *site);
/* The number type of A's elements (promoted over them for an abstract element type);
 * 0 if some element is not a number. */
int la_number_type(const jc_array *A, num_type *nt);
/* Releases the first n values of v, then v. */
void la_release_vals(value *v, int64_t n);

/* ---- in factor.c ---- */

/* det(A) (want 0), inv(A) (want 1) or A \ B (want 2, bv the right side) for a square A. */
int la_factor(jc_ctx *ctx, value av, value bv, int want, const ast *site, value *out);
/* A \ B for a non-square A: least squares (tall) or minimum norm (wide). */
int la_least_squares(jc_ctx *ctx, value av, value bv, const ast *site, value *out);
/* The rank of A, whose elements are defined numbers of type nt. */
int la_rank(jc_ctx *ctx, const jc_array *A, num_type nt, int64_t *rank);

#endif
