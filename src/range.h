/* range.h — ranges a:b and a:s:b as values (UnitRange, StepRange, StepRangeLen).
 *
 * A range is stored by its first element, step and length; elements are computed on
 * demand.  Integer ranges are exact; float ranges compute start + i*step with Julia's
 * rule that the last element is the stop value when the length was derived from it. */
#ifndef JC_RANGE_H
#define JC_RANGE_H

#include "jc.h"

typedef struct jc_range {
    obj h;
    uint8_t kind;     /* RANGE_UNIT, RANGE_STEP, RANGE_FLOAT */
    value start, step, stop;
    int64_t len;
} jc_range;

enum { RANGE_UNIT, RANGE_STEP, RANGE_FLOAT };

static inline jc_range *val_range(value v) { return (jc_range *)v.u.o; }

int64_t range_length(value r);
/* Element i (0-based). */
int range_get(jc_ctx *ctx, value r, int64_t i, value *out);
void range_free(obj *o);

#endif
