/* range.h — ranges a:b and a:s:b as values (UnitRange, StepRange, StepRangeLen).
 *
 * A range is stored by its first element, step and length; elements are computed on
 * demand.  Integer ranges are exact; float ranges follow Julia's StepRangeLen with
 * TwicePrecision reference and step: when start, step and stop are ratios of small
 * integers (0:0.1:1) the elements are the correctly rounded k/10, as Julia shows them. */
#ifndef JC_RANGE_H
#define JC_RANGE_H

#include "jc.h"

typedef struct jc_range {
    obj h;
    uint8_t kind;     /* RANGE_UNIT, RANGE_STEP, RANGE_FLOAT, RANGE_LEN */
    uint8_t huge;     /* the number of elements is beyond Int64: len is INT64_MAX */
    /* For RANGE_UNIT and RANGE_STEP start and stop are of the element type T (any
     * integer type, Bool, Rational, Char), step of the step type S; stop is the last
     * element (Julia's steprange_last).  For RANGE_FLOAT and RANGE_LEN: first, step and
     * last as Julia shows them, of the element type. */
    value start, step, stop;
    int64_t len;      /* the number of elements, INT64_MAX when huge */
    /* length(r) as Julia computes it: Int64 for the narrow types, Bool, Rational and
     * Char; T itself for Int64, UInt64, Int128, UInt128 and BigInt.  Nothing when it
     * does not fit its type (length raises OverflowError, as Julia's checked length). */
    value lenv;
    /* RANGE_FLOAT is Julia's StepRangeLen{Float64, TwicePrecision, TwicePrecision}:
     * element i (1-based) is ref + (i - offset)·step evaluated in double-double, with
     * step_hi holding few enough bits that (i - offset)·step_hi is exact.  With a
     * Float32 or Float16 start it is StepRangeLen{T, Float64, Float64}: ref_lo and
     * step_lo are 0 and the Float64 sum is rounded to T. */
    double ref_hi, ref_lo, step_hi, step_lo;
    int64_t offset;
} jc_range;

/* RANGE_LEN: StepRangeLen{T, T, T, Int64} for BigFloat: element i is start + i·step in
 * T's arithmetic (Julia's unsafe_getindex). */
enum { RANGE_UNIT, RANGE_STEP, RANGE_FLOAT, RANGE_LEN };
/* A Char range ('a':'e') is a RANGE_STEP with Char start and stop; its type object's sub
 * is 1 + RANGE_CHAR_TYPE (StepRange{Char, Int64}). */
enum { RANGE_CHAR_TYPE = 4 };

static inline jc_range *val_range(value v) { return (jc_range *)v.u.o; }

/* The number of elements, INT64_MAX for a range longer than that (never materialize
 * such a range: array_check_len refuses it). */
int64_t range_length(value r);
/* length(r) as Julia gives it (see lenv); OverflowError when it does not fit. */
int range_length_value(jc_ctx *ctx, value r, value *out, const ast *site);
/* isequal (iseq) or == of two ranges: O(1) for exact ranges, elementwise otherwise. */
int range_equal(jc_ctx *ctx, value x, value y, int iseq, int *res);
/* Is x an element of r (x in r)?  LIB_DECLINE when the comparison is to be elementwise. */
int range_in(jc_ctx *ctx, value x, value r, int *res);
/* reverse(r) of an exact range, without its elements; LIB_DECLINE otherwise. */
int range_reverse(jc_ctx *ctx, value r, value *out, const ast *site);
/* minimum (which 0), maximum (1) or extrema (2) of r from its ends, in O(1). */
int range_extrema(jc_ctx *ctx, value r, int which, value *out, const ast *site);
/* sum(r) of an exact range in O(1); LIB_DECLINE otherwise. */
int range_sum(jc_ctx *ctx, value r, value *out);
/* Element i (0-based). */
int range_get(jc_ctx *ctx, value r, int64_t i, value *out);
void range_free(obj *o);
/* start:stop (n == 2) or start:step:stop (n == 3); LIB_DECLINE unless all are real. */
int range_colon(jc_ctx *ctx, value *out, int n, const value *v, const ast *site);
/* range(a, b; length = len) for floats: Julia's _linspace. */
int range_linspace(jc_ctx *ctx, value *out, double a, double b, int64_t len, const ast *site);
/* op.(args...) for op one of + - * / when Julia's broadcast returns a range (r .+ 1,
 * 2 .* r, .-r, (0:0.1:1) .* 2); LIB_DECLINE when the result is to be a Vector. */
int range_broadcast(jc_ctx *ctx, const char *op, const jc_args *a, value *out);

#endif
