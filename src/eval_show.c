/* eval_show.c — user methods of show, print and showerror (Base.show(io::IO, x::T) = …).
 *
 * show.c displays every value but must not call the evaluator (the layers), so the
 * evaluator installs show_hook in the context: for a struct value show.c asks it first,
 * and it runs the user's method with a new IOBuffer and appends what the method wrote.
 * Julia's print falls back to show, and the REPL display to the two-argument show, so
 * one hook serves print, string, interpolation, repr, the display and the elements of
 * arrays, tuples and Pairs; the display asks first for a three-argument
 * show(io, ::MIME"text/plain", x), as Julia's REPL does.  A method that shows its own value again recurses through
 * eval_call, whose depth and stack guards turn that into StackOverflowError. */
#include <string.h>

#include "eval_impl.h"
#include "lib/io.h"
#include "show.h"

/* The global function `name` when one of its user methods takes these arguments: 1 with
 * *f set (borrowed), 0 when none does, -1 for an ambiguity (MethodError pending). */
static int user_method(jc_ctx *ctx, const char *name, int n, const value *args, value *f)
{
    int sym = sym_find(ctx, name, strlen(name));
    if (sym < 0 || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined)
        return 0;
    value g = ctx->globals[sym].v;
    if (g.type != T_FUNCTION || !val_func(g)->methods)
        return 0;
    jc_args a = { .n = n, .v = args };
    const jc_method *best;
    type_env env;
    env.n = 0;
    int r = eval_method_select(ctx, val_func(g), &a, &best, &env);
    type_env_clear(&env);
    if (r > 0)
        *f = g;
    return r;
}

/* Runs the user's `name(args...)` when there is one, args[0] a new IOBuffer: 1 with what
 * it wrote appended to out, 0 when there is none, -1 with the method's error pending. */
static int user_io_call(jc_ctx *ctx, sb *out, const char *name, int n, const value *args)
{
    value f, res;
    int r = user_method(ctx, name, n, args, &f);
    if (r > 0) {
        f = val_retain(f);   /* the method may redefine its own function */
        r = eval_call_rooted(ctx, f, n, args, ctx->show_site, &res);
        val_release(f);
        if (r == 0) {
            val_release(res);
            const jc_io *io = val_io(args[0]);
            sb_put(out, io->data ? io->data : "", io->len);
            r = 1;
        }
    }
    return r;
}

/* The user's `name(io, x)`, as user_io_call. */
static int user_text(jc_ctx *ctx, sb *out, const char *name, value x)
{
    value args[2] = { io_new_buffer(), x };
    int r = user_io_call(ctx, out, name, 2, args);
    val_release(args[0]);
    return r;
}

/* The REPL display's show(io, MIME"text/plain"(), x) when the user has one for x: 1
 * with its text appended, 0 when there is none, -1 with its error pending. */
static int user_text_plain(jc_ctx *ctx, sb *out, value x)
{
    value mime;
    if (eval_mime(ctx, "text/plain", 10, 1, ctx->show_site, &mime) < 0)
        return -1;
    value args[3] = { io_new_buffer(), mime, x };
    int r = user_io_call(ctx, out, "show", 3, args);
    val_release(args[0]);
    val_release(mime);
    return r;
}

static int show_hook(jc_ctx *ctx, sb *out, value v, int mode)
{
    int r = eval_expr_show(ctx, out, v, mode); /* quoted code as Julia writes it */
    if (!r)
        r = eval_method_show(ctx, out, v, mode); /* Method, MethodList */
    if (!r)
        r = eval_pairs_show(ctx, out, v, mode); /* Base.Pairs */
    if (r)
        return r;
    if (mode == SHOW_PLAIN)
        r = user_text_plain(ctx, out, v);
    if (!r && mode == SHOW_PRINT)
        r = user_text(ctx, out, "print", v);
    return r ? r : user_text(ctx, out, "show", v);
}

int eval_user_showerror(jc_ctx *ctx, sb *out, value x)
{
    if (x.type != T_STRUCT || ctx->err_set)
        return 0;
    return user_text(ctx, out, "showerror", x);
}

void eval_show_install(jc_ctx *ctx)
{
    ctx->show_hook = show_hook;
}
