/* range.h — ranges a:b and a:s:b as values (UnitRange, StepRange, StepRangeLen).
 *
 * A range is stored by its first element, step and length; elements are computed on
 * demand.  Integer ranges are exact; float ranges follow Julia's StepRangeLen with
 * TwicePrecision reference and step: when start, step and stop are ratios of small
 * integers (0:0.1:1) the elements are the correctly rounded k/10, as Julia shows them. */
#ifndef JC_RANGE_H
#define JC_RANGE_H

#include "jc.h"
#include "lib/lib.h"

typedef struct jc_range {
    obj h;
    uint8_t kind;     /* RANGE_UNIT, RANGE_STEP, RANGE_FLOAT */
    value start, step, stop;  /* for RANGE_FLOAT: first, step and last as Julia shows them */
    int64_t len;
    /* RANGE_FLOAT is Julia's StepRangeLen{Float64, TwicePrecision, TwicePrecision}:
     * element i (1-based) is ref + (i - offset)·step evaluated in double-double, with
     * step_hi holding few enough bits that (i - offset)·step_hi is exact. */
    double ref_hi, ref_lo, step_hi, step_lo;
    int64_t offset;
} jc_range;

enum { RANGE_UNIT, RANGE_STEP, RANGE_FLOAT };
/* A Char range ('a':'e') is a RANGE_STEP with Char start and stop; its type object's sub
 * is 1 + RANGE_CHAR_TYPE (StepRange{Char, Int64}). */
enum { RANGE_CHAR_TYPE = 3 };

static inline jc_range *val_range(value v) { return (jc_range *)v.u.o; }

int64_t range_length(value r);
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
