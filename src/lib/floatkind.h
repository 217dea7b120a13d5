/* floatkind.h — the float type a math builtin computes in, and moving numbers in and out
 * of MPFR and MPC at that type.
 *
 * Shared by the math builtins (lib/elementary.c, angles.c, rounding.c, special.c), which
 * follow Julia's `float`: Bool, Int, UInt, Rational{Int} and Irrational compute in
 * Float64; BigInt and Rational{BigInt} in BigFloat; Float16/32/64 and BigFloat keep their
 * type; Complex{T} computes in float(T).  Arguments are borrowed; every value returned is
 * new and owned by the caller.  fk_domain_error and fk_nan_error raise Julia's
 * DomainError (through num_domain_error), release the value they report, and return -1. */
#ifndef JC_LIB_FLOATKIND_H
#define JC_LIB_FLOATKIND_H

#include <mpc.h>

#include "jc.h"

/* The float kinds, ordered so that promotion is the maximum.  FK_NONE: an integer,
 * rational or irrational that takes the other arguments' float type (Float64 alone). */
enum { FK_NONE, FK_F16, FK_F32, FK_F64, FK_BIG };

typedef int (*fk_mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*fk_mpc_fn)(mpc_ptr, mpc_srcptr, mpc_rnd_t);

int fk_of_real(value x);                   /* the kind of a real; FK_NONE if it has none */
int fk_of(value x);                        /* the same, for a complex through its parts */
int fk_final(int k);                       /* FK_NONE becomes FK_F64 */
int fk_join(int n, const value *v);        /* promoted final kind of n numbers, or -1 */
int fk_all_real(int n, const value *v);
jc_type fk_type(int k);
mpfr_prec_t fk_prec(jc_ctx *ctx, int k);   /* 11, 24, 53, or the context's precision */
double fk_round(int k, double d);          /* d rounded to the hardware float of kind k */
value fk_value(int k, double d);           /* a hardware float of kind k */
mpfr_rnd_t fk_rnd(jc_ctx *ctx);            /* the context's rounding, for BigFloat results */
mpc_rnd_t fk_crnd(jc_ctx *ctx, int k);     /* the same for MPC: nearest unless k is FK_BIG */

/* A new BigFloat holding m rounded to the context's precision. */
value fk_bigfloat(jc_ctx *ctx, mpfr_srcptr m);
/* A real converted to Float64 and rounded to kind k (never FK_BIG); -1 after raising. */
int fk_real_d(jc_ctx *ctx, value x, int k, double *d);
/* m (initialized by the caller) := x exactly when x is a BigFloat (its precision is
 * adopted), else x rounded to m's precision. */
void fk_real_mpfr(jc_ctx *ctx, mpfr_ptr m, value x);
/* A real as a float of kind k (the value a DomainError reports). */
value fk_as_float(jc_ctx *ctx, value x, int k);
/* An MPFR result (at the kind's precision or higher) as a value of kind k. */
value fk_from_mpfr(jc_ctx *ctx, mpfr_srcptr m, int k);
/* z := the real or complex x, parts loaded as fk_real_mpfr / fk_real_d do. */
void fk_load_complex(jc_ctx *ctx, mpc_ptr z, value x, int k);
value fk_from_mpc(jc_ctx *ctx, mpc_srcptr z, int k);
/* The 2-tuple (a, b), taking ownership of both (sincos, sincospi, frexp-like results). */
value fk_pair(value a, value b);

int fk_domain_error(jc_ctx *ctx, value x, const char *msg);
/* "NaN result for non-NaN input.", the text Julia's MPFR wrappers raise. */
int fk_nan_error(jc_ctx *ctx, value x);

#endif
