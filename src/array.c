/* array.c — arrays: storage, literals, element access, broadcasting (see array.h).
 *
 * This first version carries only what the evaluator needs from arrays: broadcasting
 * over scalars and tuples.  Array literals report that arrays are not available yet. */
#include "array.h"

#include <stdlib.h>

void array_free(obj *o) { free(o); }

int64_t array_length(value a)
{
    (void)a;
    return 0;
}

int array_get_linear(jc_ctx *ctx, value a, int64_t i, value *out)
{
    (void)a;
    (void)out;
    return jc_throw(ctx, JC_ERR_BOUNDS, NULL, "BoundsError: attempt to access array at index [%lld]",
                    (long long)i + 1);
}

int array_eval_literal(jc_ctx *ctx, const ast *n, array_eval_fn eval, struct env *e, value *out)
{
    (void)eval;
    (void)e;
    (void)out;
    return jc_throw(ctx, JC_ERR_SYNTAX, n, "arrays are not supported yet");
}

int array_broadcast(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    for (int i = 0; i < a->n; i++)
        if (a->v[i].type == T_ARRAY || a->v[i].type == T_RANGE || a->v[i].type == T_TUPLE)
            return jc_throw(ctx, JC_ERR_SYNTAX, a->site, "broadcasting over collections is not supported yet");
    return eval_call_kw(ctx, f, a, out);
}
