/* eval.h — the evaluator.
 *
 * Walks a syntax tree in the context's environment.  Functions (builtin and user) are
 * values; calls dispatch by arity over a function's methods.  Every loop polls the
 * interrupt flag, recursion depth is bounded, and errors carry the span of the node
 * that raised them. */
#ifndef JC_EVAL_H
#define JC_EVAL_H

#include "ast.h"
#include "jc.h"
#include "lib/lib.h"

/* The heap object behind a T_FUNCTION value. */
typedef struct jc_method {
    struct jc_method *next;
    int nparams;             /* positional parameters; -1 varargs not supported yet */
    int *params;             /* parameter symbol ids */
    int nkw;                 /* keyword parameters with defaults */
    int *kwparams;
    const ast **kwdefaults;
    const ast *body;
    arena *arena;            /* keeps body alive */
    struct env *closure;     /* captured local scope for closures, or NULL for globals */
} jc_method;

typedef struct jc_func {
    obj h;
    int name;                /* symbol id, or -1 for anonymous functions */
    jc_method *methods;      /* user methods, newest first */
    const builtin *builtins; /* first row of this name in its table, or NULL */
    value bound;             /* for partially applied / callable objects; nothing */
} jc_func;

/* Evaluates a whole program (A_TOPLEVEL); *out gets the last statement's value. */
int eval_toplevel(jc_ctx *ctx, const ast *prog, arena *a, value *out);

/* Calls a function value with positional arguments (borrowed). */
int eval_call(jc_ctx *ctx, value f, int n, const value *args, const ast *site, value *out);
int eval_call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out);

/* Binds every builtin as a global; called once per context. */
void eval_install_builtins(jc_ctx *ctx);

/* Global variable access by name (used by the REPL for completion, by tests). */
int eval_get_global(jc_ctx *ctx, const char *name, value *out);
void eval_set_global(jc_ctx *ctx, int sym, value v);  /* takes ownership of v */

/* True when v is Bool true; raises TypeError for a non-Bool condition. */
int eval_truthy(jc_ctx *ctx, value v, const ast *site, int *truth);

#endif
