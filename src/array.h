/* array.h — arrays as the evaluator sees them: literals, element access, broadcasting.
 *
 * The evaluator builds array literals and comprehensions through array_eval_literal
 * (handing it a callback to evaluate sub-expressions), iterates arrays by linear index,
 * and sends every dotted call (f.(x), a .+ b) through array_broadcast, which falls back
 * to a plain call when no argument is a collection. */
#ifndef JC_ARRAY_H
#define JC_ARRAY_H

#include "eval.h"

struct env;
typedef int (*array_eval_fn)(jc_ctx *ctx, struct env *e, const ast *n, value *out);

int array_eval_literal(jc_ctx *ctx, const ast *n, array_eval_fn eval, struct env *e, value *out);
int64_t array_length(value a);
/* Element i (0-based, column-major) of a; UndefRefError for an unassigned element. */
int array_get_linear(jc_ctx *ctx, value a, int64_t i, value *out);
int array_broadcast(jc_ctx *ctx, value f, const jc_args *a, value *out);
void array_free(obj *o);

#endif
