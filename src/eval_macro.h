/* eval_macro.h — Julia's built-in macros, expanded on the syntax tree (eval_macro.c).
 *
 * A macro call (A_MACROCALL, shapes in macro.h) is looked up by name in one table of
 * built-in macros; each row receives the unevaluated argument nodes and the evaluator's
 * own eval function (as the array literals do), so that a macro decides what to
 * evaluate and when.  A name with no row is Julia's `UndefVarError: @name not defined`.
 * There is no user-defined `macro` yet: a user macro would be one more kind of row. */
#ifndef JC_EVAL_MACRO_H
#define JC_EVAL_MACRO_H

#include "ast.h"
#include "jc.h"

struct env;
typedef int (*macro_eval_fn)(jc_ctx *ctx, struct env *e, const ast *n, value *out);

int eval_macrocall(jc_ctx *ctx, const ast *n, macro_eval_fn ev, struct env *e, value *out);
/* The help text of a built-in macro ("@show"), as `?@show` shows it; NULL if none. */
const char *eval_macro_help(const char *name);

#endif
