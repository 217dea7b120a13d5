/* eval_call.c — calls: of user methods, of builtin rows, with keywords, and the direct
 * path of arithmetic. */

#include "eval_impl.h"

#include <ctype.h>
#include <string.h>

#include "parse.h"

/* ---- calls ---- */

/* Builtin rows named after a type (Float64, Int ...) are bound to a hidden name, since
 * the type's own name is bound to the type value. */
int eval_type_function_sym(jc_ctx *ctx, const char *name, size_t len)
{
    sb hidden = { 0 };
    sb_puts(&hidden, "#type:");
    sb_put(&hidden, name, len);
    int sym = sym_intern(ctx, hidden.s, hidden.len);
    sb_free(&hidden);
    return sym;
}


/* Control flow inside an expression whose value is wanted (y = return 1, f(break),
 * [1, return 5]): the code travels as the error ERR_CONTROL, through the cleanup that
 * every error path already has, to the nearest statement (eval_ctl_resume), which turns it
 * back into the code. */
int eval_ctl_raise(jc_ctx *ctx, const ast *n, int code, value *out)
{
    evstate *st = ST(ctx);
    if (code == EV_RETURN) {
        eval_release(ctx, st->ctl_value);
        st->ctl_value = *out;
    }
    st->ctl = code;
    return err_throw(ctx, ERR_CONTROL, n, "%s", "return, break or continue in an expression");
}

/* r from a statement: a pending ERR_CONTROL becomes its code again (*out owned with
 * EV_RETURN). */
int eval_ctl_resume(jc_ctx *ctx, int r, value *out)
{
    if (r >= 0 || !ctx->err_set || ctx->err_kind != ERR_CONTROL)
        return r;
    evstate *st = ST(ctx);
    err_clear(ctx);
    if (st->ctl == EV_RETURN) {
        *out = st->ctl_value;
        st->ctl_value = v_nothing();
    }
    return st->ctl;
}

static int call_body(jc_ctx *ctx, const jc_method *m, int n, const value *args, const jc_args *a,
                     value *out, const type_env *tv);

/* Puts the user functions an error happened in into the pending error, innermost first,
 * each with the position of its call; a run of identical frames (deep recursion) is
 * one record with a repeat count.  Called as the error leaves the innermost frame, while
 * the whole stack is still there. */
static void trace_into(jc_ctx *ctx, jc_error *e);

static void capture_trace(jc_ctx *ctx)
{
    if (!ctx->err_set || ctx->err_traced || !ctx->frames)
        return;
    ctx->err_traced = 1;
    trace_into(ctx, &ctx->err);
}

void eval_trace_caught(jc_ctx *ctx, jc_error *e)
{
    if (e->nframes || !ctx->frames)
        return;
    trace_into(ctx, e);
}

/* The calls in progress as a stack trace, innermost first, into e. */
static void trace_into(jc_ctx *ctx, jc_error *e)
{
    sb args = { 0 }, tname = { 0 };
    jc_frame *out = NULL;
    int n = 0, cap = 0;
    for (const frame *f = ctx->frames; f; f = f->up) {
        int line = 0, col = 0;
        const char *src = "none", *name = sym_name(ctx, f->name);
        int from = 0;
        tname.len = 0;
        if (!strcmp(name, "#call#") && f->nargs > 0) { /* (::Polynomial{Int64})(x) */
            sb_puts(&tname, "(::");
            type_name_of(ctx, &tname, f->args[0]);
            sb_putc(&tname, ')');
            name = sb_str(&tname);
            from = 1;
        } else if (!strncmp(name, "#type:", 6)) { /* a constructor; Point{T}(x)'s type first */
            name += 6;
            if (f->nargs > 0 && f->params && f->nparams > 0 && f->args[0].type == T_TYPE &&
                !strcmp(sym_name(ctx, f->params[0]), "#unused#")) {
                type_name(ctx, &tname, val_typeobj(f->args[0]));
                name = sb_str(&tname);
                from = 1;
            }
        }
        args.len = 0;
        for (int i = from; i < f->nargs; i++) {
            if (i > from)
                sb_puts(&args, ", ");
            if (f->params && f->nparams > 0)
                sb_puts(&args, sym_name(ctx, eval_module_plain(ctx, f->params[i < f->nparams ? i : f->nparams - 1])));
            sb_puts(&args, "::");
            type_name_of(ctx, &args, f->args[i]);
        }
        if (f->site && f->src) {
            err_position_in(f->src, f->srclen, f->first_line, f->site->off, &line, &col);
            src = f->srcname ? f->srcname : "none";
        }
        jc_frame *last = n ? &out[n - 1] : NULL;
        if (last && !strcmp(last->function, name) && !strcmp(last->args, sb_str(&args))
            && !strcmp(last->source, src) && last->line == line && last->column == col) {
            last->repeats++;
            continue;
        }
        if (n == 100) /* the innermost hundred distinct frames say enough */
            break;
        if (n == cap)
            out = xrealloc(out, (size_t)(cap = cap ? 2 * cap : 8) * sizeof *out);
        out[n++] = (jc_frame){ xstrdup(name), xstrdup(sb_str(&args)), xstrdup(src), line, col, 1 };
    }
    sb_free(&args);
    sb_free(&tname);
    e->frames = out;
    e->nframes = n;
}

static int convert_return(jc_ctx *ctx, const jc_method *m, const type_env *tv, value *out);

/* Runs a method with its frame on ctx's call stack; the body's error positions refer to
 * the text that defined it. */
static int call_user(jc_ctx *ctx, const jc_method *m, int n, const value *args, const jc_args *a,
                     value *out, int name, const type_env *tv)
{
    frame f = { ctx->frames, name, n, args, m->params, m->nparams, a ? a->site : NULL,
                ctx->src, ctx->srclen, ctx->srcname, ctx->first_line };
    ctx->frames = &f;
    ctx->nframes++;
    ctx->src = arena_source(m->arena, &ctx->srclen, &ctx->srcname, &ctx->first_line);
    /* what the body defines (a method, a closure) keeps the body's own arena alive */
    evstate *st = ST(ctx);
    arena *saved_arena = st->cur_arena;
    if (m->arena)
        st->cur_arena = m->arena;
    /* a call from top level fixes the world its callees see (world age): a method that
     * eval defines while it runs is not seen before the call returns */
    uint64_t world = st->run_world;
    if (!world)
        st->run_world = st->world;
    int r = call_body(ctx, m, n, args, a, out, tv);
    if (r == 0 && m->rettype && convert_return(ctx, m, tv, out) < 0) {
        val_release(*out);
        r = -1;
    }
    st->run_world = world;
    st->cur_arena = saved_arena;
    if (r < 0)
        capture_trace(ctx);
    ctx->src = f.src;
    ctx->srclen = f.srclen;
    ctx->srcname = f.srcname;
    ctx->first_line = f.first_line;
    ctx->frames = f.up;
    ctx->nframes--;
    return r;
}

const value *eval_kw_given(const jc_method *m, int k, const jc_args *a)
{
    const value *given = NULL;
    if (k < m->nposopt) /* f(a, b = 2): b is positional, never a keyword */
        return NULL;
    for (int j = 0; a && j < a->nkw; j++)
        if (a->kw[j] == m->kwparams[k])
            given = &a->kwv[j];
    return given;
}

int eval_kw_unassigned(jc_ctx *ctx, const jc_method *m, int k, const jc_args *a)
{
    return err_throw(ctx, ERR_UNDEFKEYWORD, a ? a->site : NULL,
                     "keyword argument `%s` not assigned", sym_name(ctx, m->kwparams[k]));
}

/* The where variables bound in e to what the call matched (f(x::T) where T = T; for
 * f(::Val{N}) where N, N is the value). */
static void bind_where(jc_ctx *ctx, env *e, const jc_method *m, const type_env *tv)
{
    for (int i = 0; tv && i < m->ntvars && i < tv->n; i++)
        if (tv->val[i] && m->tvars[i]->sym)
            eval_scope_define(ctx, e, m->tvars[i]->sym - 1,
                       tv->val[i]->base == TK_VALUE ? val_retain(tv->val[i]->val)
                                                    : val_retain(v_obj(T_TYPE, 0, &tv->val[i]->h)));
}

/* f(x)::T = …: what the call returns is convert(T, v)::T, T evaluated where the method
 * was defined, with its where variables bound. */
static int convert_return(jc_ctx *ctx, const jc_method *m, const type_env *tv, value *out)
{
    env *e = eval_scope_open(m->closure, 1);
    bind_where(ctx, e, m, tv);
    value t, args[2], c;
    int r = eval_expr(ctx, e, m->rettype, &t);
    eval_scope_drop(ctx, e);
    if (r != 0)
        return r < 0 ? -1 : err_throw(ctx, ERR_SYNTAX, m->rettype, "invalid return type");
    args[0] = t;
    args[1] = *out;
    r = eval_call_global(ctx, "convert", 2, args, m->rettype, &c);
    if (r == 0 && (r = eval_typeassert(ctx, c, t, m->rettype)) < 0)
        val_release(c);
    val_release(t);
    if (r < 0)
        return -1;
    val_release(*out);
    *out = c;
    return 0;
}

static int call_body(jc_ctx *ctx, const jc_method *m, int n, const value *args, const jc_args *a,
                     value *out, const type_env *tv)
{
    int handled, rc = eval_code_call(ctx, (jc_method *)m, n, args, tv, a, out, &handled);
    if (handled)
        return rc;
    env *e = eval_scope_open(m->closure, 1);
    bind_where(ctx, e, m, tv);
    int fixed = m->nparams - (m->vararg ? 1 : 0);
    for (int i = 0; i < fixed && i < n; i++)
        eval_scope_define(ctx, e, m->params[i], val_retain(args[i]));
    if (m->vararg) {
        int rest = n > fixed ? n - fixed : 0;
        value t = v_tuple_new((size_t)rest);
        for (int i = 0; i < rest; i++)
            val_tuple(t)->v[i] = val_retain(args[fixed + i]);
        eval_scope_define(ctx, e, m->params[fixed], t);
    }
    for (int k = 0; k < m->nkw; k++) {
        const value *given = eval_kw_given(m, k, a);
        value v;
        if (k == m->kwrest - 1) {
            if (eval_kw_rest(ctx, m, a, &v) < 0) {
                eval_scope_drop(ctx, e);
                return -1;
            }
            eval_scope_define(ctx, e, m->kwparams[k], v);
            continue;
        }
        if (given)
            v = val_retain(*given);
        else if (m->restopt && k == m->nposopt - 1)
            v = v_tuple_new(0); /* f(x, y = 0, rest...) called as f(1): rest is () */
        else if (m->kwdefaults[k]) {
            /* a default runs in the call: its return returns from it (f(; k = return 5)) */
            int r = eval_ctl_resume(ctx, eval_expr(ctx, e, m->kwdefaults[k], &v), &v);
            if (r != 0) {
                eval_scope_drop(ctx, e);
                if (r == EV_RETURN) {
                    *out = v;
                    return 0;
                }
                return r < 0 ? -1 : err_throw(ctx, ERR_SYNTAX, m->kwdefaults[k],
                                              "break or continue outside loop");
            }
        } else {
            eval_scope_drop(ctx, e);
            return eval_kw_unassigned(ctx, m, k, a);
        }
        if (m->kwtypes && m->kwtypes[k]) {
            value t;
            int r = eval_expr(ctx, e, m->kwtypes[k], &t);
            if (r == 0) {
                r = eval_kw_typecheck(ctx, m, k, a, v, t);
                val_release(t);
            }
            if (r != 0) {
                val_release(v);
                eval_scope_drop(ctx, e);
                return -1;
            }
        }
        eval_scope_define(ctx, e, m->kwparams[k], v);
    }
    /* the body's locals exist from the start, as the compiler's slots do: a name it
     * assigns anywhere is local (read first, an UndefVarError, not the global) */
    if (m->nlocals < 0)
        ((jc_method *)m)->nlocals = eval_scope_local_names(m->body, 1, &((jc_method *)m)->locals);
    eval_scope_declare(ctx, e, m->locals, m->nlocals);
    int r = eval_ctl_resume(ctx, eval_stmt(ctx, e, m->body, out), out);
    eval_scope_drop(ctx, e);
    if (r == EV_RETURN)
        r = 0;
    else if (r == EV_BREAK || r == EV_CONTINUE) {
        if (r == 0)
            val_release(*out);
        return err_throw(ctx, ERR_SYNTAX, m->body, "break or continue outside loop");
    }
    return r;
}

/* Calls method m of the function named name, already known to apply to the n
 * positional arguments (the compiled evaluator's calls of a one-method function). */
int eval_call_method(jc_ctx *ctx, const jc_method *m, int name, int n, const value *args,
                     const ast *site, value *out)
{
    if (ctx_poll(ctx) < 0 || eval_stack_guard(ctx, site) < 0)
        return -1;
    jc_args a = { .n = n, .v = args, .site = site };
    ctx->depth++;
    int r = call_user(ctx, m, n, args, &a, out, name, NULL);
    ctx->depth--;
    return r;
}


/* ---- the direct path of arithmetic ----
 *
 * The builtin +, -, *, / and comparisons on two Int64 or two Float64 arguments, the
 * work of every loop counter and recursion test, computed here instead of through the
 * rows and the number tower.  Only what needs nothing of either: an Int64 sum, difference
 * or product that overflows, which continues as a BigInt, takes the general path, as do
 * mixed comparisons and other kinds; a function given user methods has no direct path. */
static const struct { const char *name; int op; } fast_ops[] = {
    { "+", FAST_ADD }, { "-", FAST_SUB }, { "*", FAST_MUL }, { "/", FAST_DIV },
    { "<", FAST_LT }, { "<=", FAST_LE }, { "≤", FAST_LE }, { ">", FAST_GT },
    { ">=", FAST_GE }, { "≥", FAST_GE }, { "==", FAST_EQ }, { "!=", FAST_NE },
    { "≠", FAST_NE }, { "%", FAST_REM }, { "rem", FAST_REM }, { "÷", FAST_IDIV },
    { "div", FAST_IDIV }, { "mod", FAST_MOD },
};

/* A builtin's direct path, found at its first call (start-up looks up nothing). */
int eval_fast_op_of(jc_ctx *ctx, jc_func *fn)
{
    fn->fast = FAST_NONE;
    if (fn->in_block && !(ST(ctx)->no_shortcuts & SC_FAST)) {
        const char *name = sym_name(ctx, fn->name);
        for (size_t k = 0; k < sizeof fast_ops / sizeof *fast_ops; k++)
            if (!strcmp(name, fast_ops[k].name))
                fn->fast = fast_ops[k].op;
    }
    return fn->fast;
}


/* An argument that is neither a keyword nor a splat. */


/* Whether every keyword of the call is one the builtin row names: a keyword no row
 * takes is a MethodError, as in Julia, never silently dropped (sum(x; foo = 1)). */
static int row_takes_kws(jc_ctx *ctx, const builtin *b, const jc_args *a)
{
    if (!b->kwnames)
        return 0;
    for (int k = 0; k < a->nkw; k++) {
        const char *name = sym_name(ctx, a->kw[k]), *p = b->kwnames;
        size_t len = strlen(name);
        int found = 0;
        while (*p && !found) {
            size_t w = strcspn(p, " ");
            found = w == len && !memcmp(p, name, len);
            p += w;
            p += strspn(p, " ");
        }
        if (!found)
            return 0;
    }
    return 1;
}

static int call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out);

/* A builtin written for arrays that is given a lazy generator (length, sort, join …)
 * declines with a MethodError naming itself; the generator is then collected, as
 * Julia's generic methods over an iterable would iterate it, and the call is made
 * again.  Errors from inside the generator's body, or from user methods, stand. */
static int retry_collected(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    if (f.type != T_FUNCTION || !val_func(f)->nrows || a->n > 16 || !ctx->err_set ||
        ctx->err_kind != ERR_METHOD || !ctx->err.message)
        return -1;
    int gi = -1;
    for (int i = 0; i < a->n && gi < 0; i++)
        if (eval_gen_kind(ctx, a->v[i]))
            gi = i;
    if (gi < 0)
        return -1;
    const jc_func *fn = val_func(f);
    const char *name = fn->name >= 0 ? sym_name(ctx, fn->name) : "";
    const char *m = strstr(ctx->err.message, "no method matching ");
    size_t nl = strlen(name);
    /* Operators, mutating functions and those of arrays as such (not of what they hold)
     * have no method for a generator in Julia either. */
    static const char *const not_iterating[] = { "collect", "iterate", "eltype", "vec", "reshape",
        "transpose", "adjoint", "permutedims", "getindex", "lastindex", "firstindex", "view",
        "copy", "similar", "convert", "typeof", NULL };
    if (!m || !name[0] || !(isalpha((unsigned char)name[0]) || name[0] == '_') ||
        name[nl - 1] == '!')
        return -1;
    for (int i = 0; not_iterating[i]; i++)
        if (!strcmp(name, not_iterating[i]))
            return -1;
    m += 19;
    if (!(strncmp(m, name, nl) == 0 && m[nl] == '(') &&
        strncmp(m, "iterate(::Base.Generator{", 25) && strncmp(m, "iterate(::Base.Iterators.Filter{", 32))
        return -1;
    /* a generator's shape is its iterator's (a filter has none, as in Julia) */
    static const char *const of_iter[] = { "length", "size", "axes", "ndims", NULL };
    for (int i = 0; of_iter[i]; i++)
        if (!strcmp(name, of_iter[i]) && gi == 0) {
            if (eval_gen_kind(ctx, a->v[0]) != 1)
                return -1;
            value args[16];
            memcpy(args, a->v, (size_t)a->n * sizeof *args);
            args[0] = val_struct(a->v[0])->v[1];
            jc_args ca = *a;
            ca.v = args;
            err_clear(ctx);
            return eval_call_kw(ctx, f, &ca, out);
        }
    err_stashed first;
    err_stash(ctx, &first);
    value args[16];
    char own[16] = { 0 };
    int r = 0;
    for (int i = 0; i < a->n; i++) {
        args[i] = a->v[i];
        if (r == 0 && eval_gen_kind(ctx, a->v[i])) {
            r = eval_call_global(ctx, "collect", 1, &a->v[i], a->site, &args[i]);
            own[i] = r == 0;
            if (r)
                args[i] = a->v[i];
        }
    }
    if (r == 0) {
        jc_args ca = *a;
        ca.v = args;
        r = call_kw(ctx, f, &ca, out);
    }
    for (int i = 0; i < a->n; i++)
        if (own[i])
            val_release(args[i]);
    /* A function that takes no collection either reports the generator, as Julia does,
     * not the vector made of it. */
    if (r < 0 && ctx->err_set && ctx->err_kind == ERR_METHOD)
        err_unstash(ctx, &first);
    else
        err_drop_stash(&first);
    return r;
}

int eval_call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    int r = call_kw(ctx, f, a, out);
    return r < 0 && ctx->err_set && ctx->err_kind == ERR_METHOD ? retry_collected(ctx, f, a, out) : r;
}

/* The builtin rows of fn in table order: the first that does not decline answers
 * (0 or -1); LIB_DECLINE when all do. */
static int call_rows(jc_ctx *ctx, const jc_func *fn, const jc_args *a, value *out)
{
    for (int i = 0; i < fn->nrows; i++) {
        const builtin *b = fn->rows[i];
        if (a->n >= b->min_args && (b->max_args < 0 || a->n <= b->max_args) &&
            (!a->nkw || row_takes_kws(ctx, b, a))) {
            jc_args ra = *a;
            ra.data = b->data;     /* the row's own data, for fns shared by many rows */
            const ast *outer = ctx->show_site;
            if (a->site)
                ctx->show_site = a->site;
            int r = b->fn(ctx, out, &ra);
            ctx->show_site = outer;
            if (r == LIB_DECLINE)
                continue;
            if (r < 0)
                err_locate(ctx, a->site);
            return r < 0 ? -1 : 0;
        }
    }
    return LIB_DECLINE;
}

/* Whether x's type is exactly t. */
static int type_is_exactly(value x, const jc_typeobj *t)
{
    if (!t || t->base == TK_TYPEVAR)
        return 0;
    jc_typeobj *xt = type_typeof(x);
    int eq = type_subtype(xt, t) && type_subtype(t, xt);
    type_release(xt);
    return eq;
}

/* Two numbers of different primitive types (1 + 2.0, Int8(1) == 1): Base's methods of
 * + - * / and == for them are promotion's, +(x::Number, y::Number), and of < and <= the
 * (Real, Real) ones, not methods of the concrete types.  TA_NUMBER or TA_REAL then, else
 * 0. */
static int promotion_row(jc_ctx *ctx, const jc_func *fn, const jc_args *a)
{
    if (a->n != 2 || a->v[0].type == a->v[1].type || fn->name < 0)
        return 0;
    for (int i = 0; i < 2; i++) {
        jc_type t = a->v[i].type;
        if (t == T_BOOL || !(val_kind_is(t, VK_INTEGER) || t == T_FLOAT64 || t == T_FLOAT32 || t == T_FLOAT16) ||
            t == T_BIGINT)
            return 0;
    }
    const char *name = sym_name(ctx, fn->name);
    static const char *const number[] = { "+", "-", "*", "/", "==", NULL }, *const real[] = { "<", "<=", NULL };
    for (int i = 0; number[i]; i++)
        if (!strcmp(name, number[i]))
            return TA_NUMBER;
    for (int i = 0; real[i]; i++)
        if (!strcmp(name, real[i]))
            return TA_REAL;
    return 0;
}

/* Whether a function's builtin rows come before its user method m for these arguments,
 * by Julia's rule that the more specific method wins.  A row stands for Base's methods,
 * which are written for the concrete number types: for a number argument it counts as
 * typed by that argument's own type, for any other as untyped.  So the rows go first
 * when m types some number argument more loosely than its type (x::Number, x::Real,
 * x::T where T, x...) and types no other argument at all: after
 * Base.:+(x::Number, y::Number) = 42, 1 + 2 is still 3, while a method for a type of
 * the user's, or for exactly Int64, is the one called. */
static int rows_first(jc_ctx *ctx, const jc_func *fn, const jc_method *m, const jc_args *a)
{
    int promo = promotion_row(ctx, fn, a);
    if (promo) {
        /* the rows are Base's promoting method, typed (Number, Number) or (Real, Real):
         * they go first only when m is strictly less specific */
        jc_typeobj *r = type_new(promo);
        int sub = 1, strict = 0;
        for (int i = 0; i < a->n && sub; i++) {
            const jc_typeobj *pt = i < m->nparams && m->ptypes ? m->ptypes[i] : NULL;
            int rest = m->vararg && i >= m->nparams - 1;
            if (rest || !pt || pt->base == TK_TYPEVAR) {
                strict = 1; /* x, x::T where T, x...: looser than a number type */
                continue;
            }
            sub = type_subtype(r, pt);
            strict |= sub && !type_subtype(pt, r);
        }
        type_release(r);
        return sub && strict;
    }
    int looser = 0;
    for (int i = 0; i < a->n; i++) {
        int k = i < m->nparams ? i : m->nparams - 1;
        const jc_typeobj *pt = k >= 0 && m->ptypes ? m->ptypes[k] : NULL;
        int rest = m->vararg && i >= m->nparams - 1;
        if (num_is_number(a->v[i])) {
            if (rest || !type_is_exactly(a->v[i], pt))
                looser = 1;
        } else if (pt && !type_is_any(pt))
            return 0;
    }
    return looser;
}

static int call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    if (ctx_poll(ctx) < 0 || eval_stack_guard(ctx, a->site) < 0)
        return -1;
    if (f.type == T_TYPE && (val_typeobj(f)->base == TK_STRUCT || val_typeobj(f)->base == TK_ABSTRACT)) {
        int er = eval_expr_construct(ctx, val_typeobj(f), a, out);
        if (er != LIB_DECLINE)
            return er < 0 ? (err_locate(ctx, a->site), -1) : 0;
        ctx->depth++;
        int r = eval_struct_call(ctx, f, a, out);
        ctx->depth--;
        return r;
    }
    if (f.type == T_TYPE) {
        /* a type called as a function converts or constructs: the rows named after it */
        sb name = { 0 };
        type_name(ctx, &name, val_typeobj(f));
        int sym = eval_type_function_sym(ctx, name.s, name.len);
        sb_free(&name);
        const jc_typeobj *t = val_typeobj(f);
        if (sym < 0 || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined ||
            ctx->globals[sym].v.type != T_FUNCTION) {
            int r = eval_construct(ctx, out, t, a);
            if (r < 0)
                err_locate(ctx, a->site);
            return r < 0 ? -1 : 0;
        }
        f = ctx->globals[sym].v;
    }
    if (f.type == T_TUPLE && f.sub == TUP_COMPOSED)
        return eval_call_composed(ctx, f, a, out);
    if (f.type == T_TUPLE && f.sub == TUP_FIX2 && a->n == 1 && !a->nkw) {
        /* (==(2))(y) is y == 2 */
        value args[2] = { a->v[0], val_tuple(f)->v[1] };
        jc_args fa = { .n = 2, .v = args, .site = a->site };
        return eval_call_kw(ctx, val_tuple(f)->v[0], &fa, out);
    }
    if (f.type != T_FUNCTION && a->n < 255) {
        /* a callable object: (p::Polynomial)(x) = ... are methods of `#call#` */
        int cs = sym_find(ctx, "#call#", 6);
        if (cs >= 0 && (size_t)cs < ctx->nglobals && ctx->globals[cs].defined &&
            ctx->globals[cs].v.type == T_FUNCTION) {
            value callf = ctx->globals[cs].v, args[256];
            args[0] = f;
            memcpy(args + 1, a->v, (size_t)a->n * sizeof *args);
            jc_args ca = *a;
            ca.n = a->n + 1;
            ca.v = args;
            const jc_method *cb;
            type_env ce;
            ce.n = 0;
            int r = eval_method_select(ctx, val_func(callf), &ca, &cb, &ce);
            type_env_clear(&ce);
            if (r != 0) {
                if (r < 0)
                    return -1;
                val_retain(callf);
                r = eval_call_kw(ctx, callf, &ca, out);
                val_release(callf);
                return r;
            }
            for (const jc_method *m = val_func(callf)->methods; m; m = m->next)
                if (m->nparams >= 1 && m->ptypes && m->ptypes[0] && type_isa(f, m->ptypes[0])) {
                    /* callable, not with these arguments */
                    sb b = { 0 };
                    sb_puts(&b, "no method matching (::");
                    type_name_of(ctx, &b, f);
                    sb_puts(&b, ")(");
                    for (int i = 0; i < a->n; i++) {
                        sb_puts(&b, i ? ", ::" : "::");
                        type_name_of(ctx, &b, a->v[i]);
                    }
                    sb_putc(&b, ')');
                    err_throw(ctx, ERR_METHOD, a->site, "%s", sb_str(&b));
                    sb_free(&b);
                    return -1;
                }
        }
    }
    if (f.type != T_FUNCTION) {
        sb tn = { 0 };
        type_name_of(ctx, &tn, f);
        int numeric = val_kind_is(f.type, VK_NUMBER);
        err_throw(ctx, ERR_METHOD, a->site, "objects of type %s are not callable%s",
                 sb_str(&tn),
                 numeric ? "\nMaybe you forgot to use an operator such as *, ^, %, / etc. ?" : "");
        sb_free(&tn);
        return -1;
    }
    jc_func *fn = val_func(f);
    if (a->n == 2 && !a->nkw && eval_fast_func(ctx, fn) && eval_fast_binop(fn->fast, a->v[0], a->v[1], out))
        return 0;
    const jc_method *best = NULL;
    type_env tv;
    tv.n = 0;
    int found = fn->methods ? eval_method_select(ctx, fn, a, &best, &tv) : 0;
    if (found < 0) {
        type_env_clear(&tv);
        return -1;
    }
    if (found && fn->nrows && !a->nkw && rows_first(ctx, fn, best, a)) {
        int r = call_rows(ctx, fn, a, out);
        if (r < 0 && ctx->err_kind == ERR_METHOD)
            err_clear(ctx); /* the rows have no method after all: the user's serves */
        else if (r != LIB_DECLINE) {
            type_env_clear(&tv);
            return r;
        }
    }
    if (found && a->nkw && eval_kw_unsupported(best, a)) {
        type_env_clear(&tv);
        return eval_method_nomatch(ctx, fn->name >= 0 ? sym_name(ctx, fn->name) : "#anonymous", fn, a);
    }
    if (found) {
        ctx->depth++;
        int r = call_user(ctx, best, a->n, a->v, a, out, fn->name, &tv);
        ctx->depth--;
        type_env_clear(&tv);
        return r;
    }
    if (a->n <= 2) {
        int handled, r = eval_fold_iter_call(ctx, f, a, out, &handled);
        if (handled)
            return r;
    }
    int r = call_rows(ctx, fn, a, out);
    if (r != LIB_DECLINE)
        return r;
    const char *fname = fn->name >= 0 ? sym_name(ctx, fn->name) : "#anonymous";
    if (fn->methods && !fn->nrows)
        return eval_method_nomatch(ctx, fname, fn, a);
    return lib_no_method(ctx, fname, a) < 0 ? (err_locate(ctx, a->site), -1) : -1;
}

int eval_call(jc_ctx *ctx, value f, int n, const value *args, const ast *site, value *out)
{
    jc_args a = { .n = n, .v = args, .site = site };
    return eval_call_kw(ctx, f, &a, out);
}

int eval_call_rooted(jc_ctx *ctx, value f, int n, const value *args, const ast *site, value *out)
{
    evstate *st = ST(ctx);
    char base;
    if (st->stack_base)
        return eval_call(ctx, f, n, args, site, out);
    st->stack_base = &base;
    int r = eval_call(ctx, f, n, args, site, out);
    st->stack_base = NULL;
    return r;
}

/* Calls the global function named sym (an operator or builtin). */
int eval_call_named(jc_ctx *ctx, int sym, int n, const value *args, const ast *site, value *out)
{
    if ((size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined)
        return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined",
                        sym_name(ctx, eval_module_plain(ctx, sym)));
    return eval_call(ctx, ctx->globals[sym].v, n, args, site, out);
}
