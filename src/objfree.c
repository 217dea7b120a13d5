/* objfree.c — how heap objects defined outside value.c are freed. */
#include "array.h"
#include "eval.h"
#include "range.h"
#include "value.h"

const obj_free_fn val_free_table[T__COUNT] = {
    [T_FUNCTION] = eval_func_free,
    [T_RANGE] = range_free,
    [T_ARRAY] = array_free,
};
