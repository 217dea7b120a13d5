/* eval_macro.c — the built-in macros: @show, @assert, @printf/@sprintf, @time,
 * @elapsed, @evalpoly, @. and the string macros big"", raw"", b"" (r"" is
 * lib/regex.c's), plus the annotations that only evaluate their expression (@inbounds,
 * @inline, @noinline, @fastmath, @simd, @views, @nospecialize, @propagate_inbounds).
 *
 * Each macro works on its argument nodes (unevaluated) and evaluates them through the
 * evaluator's function, as Julia's expansion followed by evaluation would.  Texts that
 * Julia builds from the expression (`@show x^2` prints `x ^ 2 = 9`, `@assert x > 0`
 * throws `AssertionError: x > 0`) come from unparse.c.  Errors Julia raises while
 * expanding (a bad format string, an unknown macro) are LoadErrors, as at its REPL. */
#include "eval_macro.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "array.h"
#include "eval.h"
#include "exc.h"
#include "lib/printf.h"
#include "lib/lib.h"
#include "lib/regex.h"
#include "macro.h"
#include "num/num.h"
#include "parse.h"
#include "show.h"
#include "types.h"
#include "unparse.h"

typedef struct mcall {
    jc_ctx *ctx;
    const ast *n;         /* the A_MACROCALL */
    const ast *const *arg;
    int nargs;
    macro_eval_fn ev;
    struct env *e;
} mcall;

typedef int (*macro_fn)(mcall *m, value *out);

static int emit(jc_ctx *ctx, sb *s)
{
    fwrite(sb_str(s), 1, s->len, ctx->out);
    sb_free(s);
    return 0;
}

/* The argument with its parentheses (@m (x)) taken off. */
static const ast *bare(const ast *a)
{
    while (a->kind == A_PARENS && a->nkids == 1)
        a = a->kids[0];
    return a;
}

/* Julia's MethodError for a macro called with arguments it has no method for:
 * var"@name"(::LineNumberNode, ::Module, ::Expr, ::Symbol, ::Int64 ...) */
static int nargs_error(mcall *m, const char *name)
{
    sb s = { 0 };
    sb_printf(&s, "LoadError: MethodError: no method matching var\"%s\"(::LineNumberNode, ::Module",
              name);
    for (int i = 0; i < m->nargs; i++) {
        const ast *a = bare(m->arg[i]);
        const char *t = "Expr";
        if (a->kind == A_ID)
            t = "Symbol";
        else if (a->kind == A_STRING && a->nkids == 1 && a->kids[0]->kind == A_LIT)
            t = "String";
        else if (a->kind == A_LIT)
            t = val_kinds[a->lit_type].name;
        sb_printf(&s, ", ::%s", t);
    }
    sb_putc(&s, ')');
    int r = err_throw(m->ctx, ERR_ERROR, m->n, "%s", sb_str(&s));
    sb_free(&s);
    return r;
}

/* ---- evaluating ---- */

/* The value of the last argument (the annotations, @inbounds and the like). */
static int m_last(mcall *m, value *out)
{
    if (m->nargs == 0) {
        *out = v_nothing();
        return 0;
    }
    return m->ev(m->ctx, m->e, m->arg[m->nargs - 1], out);
}

/* @show a b: `text = repr(value)` per expression; the value of the last. */
static int m_show(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    *out = v_nothing();
    for (int i = 0; i < m->nargs; i++) {
        value v;
        if (m->ev(ctx, m->e, m->arg[i], &v) != 0) {
            val_release(*out); /* the value of the expression before, shown already */
            *out = v_nothing();
            return -1;
        }
        sb s = { 0 };
        unparse(ctx, ctx->src, ctx->srclen, m->arg[i], &s);
        sb_puts(&s, " = ");
        show_value(ctx, &s, v, SHOW_REPR, 0);
        sb_putc(&s, '\n');
        if (ctx->err_set) {
            sb_free(&s);
            val_release(v);
            val_release(*out);
            *out = v_nothing();
            return -1;
        }
        emit(ctx, &s);
        val_release(*out);
        *out = v;
    }
    return 0;
}

/* @assert cond [msg]: AssertionError with msg (converted with string) or cond's text. */
static int m_assert(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    if (m->nargs < 1)
        return nargs_error(m, "@assert");
    value c;
    if (m->ev(ctx, m->e, m->arg[0], &c) != 0)
        return -1;
    int truth;
    int r = eval_truthy(ctx, c, m->arg[0], &truth);
    val_release(c);
    if (r < 0)
        return -1;
    if (truth) {
        *out = v_nothing();
        return 0;
    }
    sb s = { 0 };
    if (m->nargs >= 2) {
        value msg;
        if (m->ev(ctx, m->e, m->arg[1], &msg) != 0) {
            sb_free(&s);
            return -1;
        }
        show_value(ctx, &s, msg, SHOW_PRINT, 0);
        val_release(msg);
    } else {
        unparse(ctx, ctx->src, ctx->srclen, m->arg[0], &s);
    }
    r = err_throw(ctx, ERR_ERROR, m->n, "AssertionError: %s", sb_str(&s));
    /* a catch sees AssertionError(msg) */
    value text = v_string(sb_str(&s), s.len);
    exc_attach(ctx, EXC_ASSERTION, 1, &text);
    val_release(text);
    sb_free(&s);
    return r;
}

/* ---- timing ---- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* @time [msg] ex: base/timing.jl's line, "%10.6f seconds" (or "msg: %.6f seconds").
 * jcalc has no allocation counter or compiler to report, so the parenthesized part
 * Julia adds for allocations and compilation never appears. */
static int m_time(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    if (m->nargs < 1 || m->nargs > 2)
        return nargs_error(m, "@time");
    value msg = v_nothing();
    if (m->nargs == 2 && m->ev(ctx, m->e, m->arg[0], &msg) != 0)
        return -1;
    double t0 = now_seconds();
    if (m->ev(ctx, m->e, m->arg[m->nargs - 1], out) != 0) {
        val_release(msg);
        return -1;
    }
    double dt = now_seconds() - t0;
    sb s = { 0 };
    if (msg.type != T_NOTHING) {
        show_value(ctx, &s, msg, SHOW_PRINT, 0);
        sb_printf(&s, ": %.6f seconds\n", dt);
    } else {
        sb_printf(&s, "%10.6f seconds\n", dt);
    }
    val_release(msg);
    return emit(ctx, &s);
}

/* @showtime ex: @time with the expression's text as the message */
static int m_showtime(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    if (m->nargs != 1)
        return nargs_error(m, "@showtime");
    double t0 = now_seconds();
    if (m->ev(ctx, m->e, m->arg[0], out) != 0)
        return -1;
    double dt = now_seconds() - t0;
    sb s = { 0 };
    unparse(ctx, ctx->src, ctx->srclen, m->arg[0], &s);
    sb_printf(&s, ": %.6f seconds\n", dt);
    return emit(ctx, &s);
}

static int m_elapsed(mcall *m, value *out)
{
    if (m->nargs != 1)
        return nargs_error(m, "@elapsed");
    double t0 = now_seconds();
    value v;
    if (m->ev(m->ctx, m->e, m->arg[0], &v) != 0)
        return -1;
    val_release(v);
    *out = v_f64(now_seconds() - t0);
    return 0;
}

/* @__LINE__: the line of the macro call in its source */
static int m_line(mcall *m, value *out)
{
    if (m->nargs != 0)
        return nargs_error(m, "@__LINE__");
    int line = 0, col = 0;
    err_position(m->ctx, m->n->off, &line, &col);
    *out = v_int(line);
    return 0;
}

/* @__MODULE__: the module the call is written in (a module's body names its own) */
static int m_module(mcall *m, value *out)
{
    if (m->nargs != 0)
        return nargs_error(m, "@__MODULE__");
    *out = eval_current_module(m->ctx);
    return 0;
}

/* @isdefined x: whether the variable x, local or global, has a value where the call is
 * written (a name only; reading it has no effect). */
static int m_isdefined(mcall *m, value *out)
{
    if (m->nargs != 1)
        return nargs_error(m, "@isdefined");
    const ast *x = m->arg[0];
    if (x->kind != A_ID)
        return err_throw(m->ctx, ERR_ERROR, m->n, "LoadError: ArgumentError: @isdefined requires a variable name");
    value v;
    if (m->ev(m->ctx, m->e, x, &v) == 0) {
        val_release(v);
        *out = v_bool(1);
        return 0;
    }
    if (m->ctx->err_kind != ERR_UNDEFVAR)
        return -1;
    err_clear(m->ctx);
    *out = v_bool(0);
    return 0;
}

/* ---- @evalpoly ---- */

static int call2(mcall *m, const char *op, value a, value b, value *out)
{
    value args[2] = { a, b };
    return eval_call_global(m->ctx, op, 2, args, m->n, out);
}

/* muladd(a, b, c) as a*b + c (Julia's muladd may fuse; on x86-64 it does not). */
static int muladd3(mcall *m, value a, value b, value c, value *out)
{
    value p;
    if (call2(m, "*", a, b, &p) != 0)
        return -1;
    int r = call2(m, "+", p, c, out);
    val_release(p);
    return r;
}

/* @evalpoly(z, c0, c1, ...) = c0 + z*(c1 + z*(...)), by Horner's rule for a real z and
 * Goertzel's for a complex one, as Base's evalpoly computes it (base/math.jl). */
static int m_evalpoly(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    if (m->nargs < 1)
        return nargs_error(m, "@evalpoly");
    if (m->nargs < 2)   /* evalpoly(z, ()) reads p[end] */
        return err_throw(ctx, ERR_BOUNDS, m->n, "attempt to access Tuple{} at index [0]");
    int nc = m->nargs - 1;
    value *c = xcalloc((size_t)nc + 1, sizeof *c);
    value z;
    int r = -1;
    if (m->ev(ctx, m->e, m->arg[0], &z) != 0) {
        free(c);
        return -1;
    }
    int have = 0;
    for (; have < nc; have++)
        if (m->ev(ctx, m->e, m->arg[have + 1], &c[have]) != 0)
            goto done;
    if (nc == 1) {
        if (z.type == T_COMPLEX) {
            value one;
            if (eval_call_global(ctx, "one", 1, &z, m->n, &one) != 0)
                goto done;
            r = call2(m, "*", c[0], one, out);
            val_release(one);
        } else {
            *out = val_retain(c[0]);
            r = 0;
        }
        goto done;
    }
    if (z.type != T_COMPLEX) {
        value acc = val_retain(c[nc - 1]);
        for (int i = nc - 2; i >= 0; i--) {
            value nx;
            if (muladd3(m, z, acc, c[i], &nx) != 0) {
                val_release(acc);
                goto done;
            }
            val_release(acc);
            acc = nx;
        }
        *out = acc;
        r = 0;
        goto done;
    }
    {
        value x = v_nothing(), y = v_nothing(), rr = v_nothing(), s = v_nothing(),
              yy = v_nothing(), ms = v_nothing(), two = v_int(2);
        value a = val_retain(c[nc - 1]), b = val_retain(c[nc - 2]);
        int ok = eval_call_global(ctx, "real", 1, &z, m->n, &x) == 0 &&
                 eval_call_global(ctx, "imag", 1, &z, m->n, &y) == 0 &&
                 call2(m, "*", two, x, &rr) == 0 && call2(m, "*", y, y, &yy) == 0 &&
                 muladd3(m, x, x, yy, &s) == 0 &&
                 eval_call_global(ctx, "-", 1, &s, m->n, &ms) == 0;
        for (int i = nc - 3; ok && i >= 0; i--) {
            value na, nb;
            if (muladd3(m, rr, a, b, &na) != 0)
                ok = 0;
            else if (muladd3(m, ms, a, c[i], &nb) != 0) {
                val_release(na);
                ok = 0;
            } else {
                val_release(a);
                val_release(b);
                a = na;
                b = nb;
            }
        }
        if (ok && muladd3(m, a, z, b, out) == 0)
            r = 0;
        val_release(x);
        val_release(y);
        val_release(rr);
        val_release(s);
        val_release(yy);
        val_release(ms);
        val_release(a);
        val_release(b);
    }
done:
    for (int i = 0; i < have; i++)
        val_release(c[i]);
    free(c);
    val_release(z);
    return r;
}

/* ---- @. ---- */

static int dotfuse(mcall *m, const ast *n, value *out);
static int dot_assign(mcall *m, const ast *n, value *out);

/* Broadcasts function f over the values of nodes kids[from..] (each dot-fused). */
static int dot_apply(mcall *m, value f, const ast *n, uint32_t from, value *out)
{
    jc_ctx *ctx = m->ctx;
    uint32_t k = n->nkids - from;
    value *v = xcalloc(k ? k : 1, sizeof *v);
    uint32_t have = 0;
    int r = -1;
    for (; have < k; have++) {
        const ast *a = n->kids[from + have];
        if (a->kind == A_KW || a->kind == A_PARAMETERS || a->kind == A_SPLAT) {
            r = err_throw(ctx, ERR_ERROR, a, "LoadError: @. does not support this argument");
            goto done;
        }
        if (dotfuse(m, a, &v[have]) != 0)
            goto done;
    }
    jc_args args = { .n = (int)k, .v = v, .site = n };
    r = array_broadcast(ctx, f, &args, out);
done:
    for (uint32_t i = 0; i < have; i++)
        val_release(v[i]);
    free(v);
    return r;
}

/* x = rhs under @. is x .= rhs (and x += rhs is x .+= rhs): the right side is computed
 * fused, and the in-place assignment is the evaluator's own, run on a node made for it
 * in a scratch arena (the target node is borrowed; nothing keeps the scratch nodes). */
static int dot_assign(mcall *m, const ast *n, value *out)
{
    jc_ctx *ctx = m->ctx;
    int op = n->kind == A_OPASSIGN;
    const ast *rhs = n->kids[op ? 2 : 1];
    value v;
    if (dotfuse(m, rhs, &v) != 0)
        return -1;
    arena *a = arena_new();
    ast *lit = ast_new(a, A_LIT, rhs->off, rhs->len, 0);
    ast_set_lit(lit, v);
    arena_own(a, v);
    ast *as;
    if (op) {
        as = ast_new(a, A_DOTOPASSIGN, n->off, n->len, 3);
        as->kids[0] = n->kids[0];
        as->kids[1] = n->kids[1];
        as->kids[2] = lit;
    } else {
        as = ast_new(a, A_ASSIGN, n->off, n->len, 2);
        as->flags = AF_DOTTED;
        as->kids[0] = n->kids[0];
        as->kids[1] = lit;
    }
    int r = m->ev(ctx, m->e, as, out);
    arena_release(a);
    return r;
}

/* The expression with every call and operator dotted (Base.@__dot__): f(x) + 1 is
 * broadcast as f.(x) .+ 1, fused into one pass over the elements in Julia and computed
 * call by call here, with the same result. */
static int dotfuse(mcall *m, const ast *n, value *out)
{
    jc_ctx *ctx = m->ctx;
    if (eval_stack_check(ctx, n) < 0)
        return -1;
    n = bare(n);
    switch ((ast_kind)n->kind) {
    case A_CALL: case A_DOTCALL: {
        if (n->kids[0]->kind == A_ID && (n->flags & AF_POSTFIX))
            break;
        value f;
        if (m->ev(ctx, m->e, n->kids[0], &f) != 0)
            return -1;
        int r = dot_apply(m, f, n, 1, out);
        val_release(f);
        return r;
    }
    case A_CHAIN: { /* a - b - c: (a .- b) .- c */
        value f, acc;
        if (dotfuse(m, n->kids[1], &acc) != 0)
            return -1;
        if (m->ev(ctx, m->e, n->kids[0], &f) != 0) {
            val_release(acc);
            return -1;
        }
        int r = 0;
        for (uint32_t i = 2; r == 0 && i < n->nkids; i++) {
            value v[2] = { acc, v_nothing() };
            if ((r = dotfuse(m, n->kids[i], &v[1])) != 0)
                break;
            jc_args args = { .n = 2, .v = v, .site = n };
            r = array_broadcast(ctx, f, &args, &acc);
            val_release(v[0]);
            val_release(v[1]);
            if (r != 0)
                acc = v_nothing();
        }
        val_release(f);
        if (r != 0) {
            val_release(acc);
            return -1;
        }
        *out = acc;
        return 0;
    }
    case A_ASSIGN: case A_OPASSIGN:
        return dot_assign(m, n, out);
    case A_JUXT: {
        value f;
        if (eval_get_global(ctx, "*", &f) != 0)
            return err_throw(ctx, ERR_UNDEFVAR, n, "`*` not defined");
        int r = dot_apply(m, f, n, 0, out);
        val_release(f);
        return r;
    }
    default:
        break;
    }
    return m->ev(ctx, m->e, n, out);
}

static int m_dot(mcall *m, value *out)
{
    if (m->nargs != 1)
        return nargs_error(m, "@__dot__");
    return dotfuse(m, m->arg[0], out);
}

/* ---- @printf, @sprintf ---- */

/* The format string of a format macro: the literal text of a plain string argument. */
static int format_arg(const ast *a, const char **s, size_t *len)
{
    a = bare(a);
    if (a->kind != A_STRING || a->nkids != 1 || a->kids[0]->kind != A_LIT ||
        a->kids[0]->lit_type != T_STRING)
        return -1;
    *s = val_string(ast_lit(a->kids[0]))->s;
    *len = val_string(ast_lit(a->kids[0]))->len;
    return 0;
}

/* The values of args[from..], a splatted x... contributing its elements. */
static int eval_args(mcall *m, int from, value **vals, int *nv)
{
    jc_ctx *ctx = m->ctx;
    int cap = m->nargs - from + 4, n = 0;
    value *v = xcalloc((size_t)cap, sizeof *v);
    for (int i = from; i < m->nargs; i++) {
        const ast *a = m->arg[i];
        value x;
        if (m->ev(ctx, m->e, a->kind == A_SPLAT ? a->kids[0] : a, &x) != 0)
            goto fail;
        if (a->kind != A_SPLAT) {
            if (n == cap)
                v = xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
            v[n++] = x;
            continue;
        }
        jc_iter it;
        if (eval_iter_init_proto(ctx, &it, x, a) < 0) {
            val_release(x);
            goto fail;
        }
        for (;;) {
            value el;
            int r = eval_iter_step(ctx, &it, &el);
            if (r <= 0) {
                eval_iter_done(&it);
                val_release(x);
                if (r < 0)
                    goto fail;
                break;
            }
            if (n == cap)
                v = xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
            v[n++] = el;
        }
    }
    *vals = v;
    *nv = n;
    return 0;
fail:
    for (int i = 0; i < n; i++)
        val_release(v[i]);
    free(v);
    return -1;
}

static int format_args(mcall *m, int from, const char *fmt, size_t flen, sb *s)
{
    value *v;
    int n;
    if (eval_args(m, from, &v, &n) < 0)
        return -1;
    int r = printf_format(m->ctx, s, fmt, flen, n, v, m->n);
    for (int i = 0; i < n; i++)
        val_release(v[i]);
    free(v);
    return r;
}

static int m_sprintf(mcall *m, value *out)
{
    const char *fmt;
    size_t flen;
    if (m->nargs < 1 || format_arg(m->arg[0], &fmt, &flen) < 0)
        return err_throw(m->ctx, ERR_ERROR, m->n,
                         "LoadError: ArgumentError: First argument to `@sprintf` must be a "
                         "format string.");
    if (printf_check(m->ctx, fmt, flen, m->n) < 0)
        return -1;
    sb s = { 0 };
    if (format_args(m, 1, fmt, flen, &s) < 0) {
        sb_free(&s);
        return -1;
    }
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

static int m_printf(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    const char *fmt;
    size_t flen;
    int from = 1;
    FILE *io = ctx->out;
    if (m->nargs < 1)
        return nargs_error(m, "@printf");
    if (format_arg(m->arg[0], &fmt, &flen) < 0) {
        /* @printf io "fmt" args: stdout and stderr are the streams jcalc has */
        const ast *io_n = bare(m->arg[0]);
        if (m->nargs < 2)
            return err_throw(ctx, ERR_ERROR, m->n,
                             "LoadError: ArgumentError: No format string provided to `@printf` "
                             "- use like `@printf [io] <format string> [<args...>]`.");
        if (format_arg(m->arg[1], &fmt, &flen) < 0)
            return err_throw(ctx, ERR_ERROR, m->n,
                             "LoadError: ArgumentError: First argument to `@printf` after `io` "
                             "must be a format string");
        const char *nm = io_n->kind == A_ID ? sym_name(ctx, io_n->sym) : "";
        if (strcmp(nm, "stdout") == 0)
            io = ctx->out;
        else if (strcmp(nm, "stderr") == 0)
            io = stderr;
        else
            return err_throw(ctx, ERR_ERROR, io_n,
                             "jcalc: @printf writes to stdout or stderr only");
        from = 2;
    }
    if (printf_check(ctx, fmt, flen, m->n) < 0)
        return -1;
    sb s = { 0 };
    if (format_args(m, from, fmt, flen, &s) < 0) {
        sb_free(&s);
        return -1;
    }
    if (io != ctx->out)
        fflush(ctx->out);   /* what was printed before comes first */
    fwrite(sb_str(&s), 1, s.len, io);
    sb_free(&s);
    *out = v_nothing();
    return 0;
}

/* ---- logging: @info, @warn, @error, @debug ---- */

/* Julia's global ConsoleLogger (stdlib/Logging): on stderr, the message and then each
 * key = value (a bare name x is x = x) in a box; Warn and Error add a last line
 * `@ Main file:line`; Debug is below the default level and prints nothing.  Colours
 * (bold cyan / yellow / light red, the location grey) only when the context has them. */
static int m_log(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    const char *nm = sym_name(ctx, (m->n->kids[0]->kind == A_DOT ? m->n->kids[0]->kids[1]
                                                                 : m->n->kids[0])->sym);
    *out = v_nothing();
    if (strcmp(nm, "@debug") == 0)
        return 0;
    if (m->nargs < 1)
        return nargs_error(m, nm);
    int level = strcmp(nm, "@info") == 0 ? 0 : strcmp(nm, "@warn") == 0 ? 1 : 2;
    static const char *const prefix[] = { "Info:", "Warning:", "Error:" };
    static const char *const color[] = { "\033[36m", "\033[33m", "\033[91m" };
    /* the lines: (indent, text) */
    sb text = { 0 };            /* all line texts, NUL-separated */
    int nl = 0, cap = 8;
    int *indent = xmalloc((size_t)cap * sizeof *indent);
    size_t *start = xmalloc((size_t)cap * sizeof *start);
#define LINE(ind_, str_, len_) do { \
        if (nl == cap) { \
            cap *= 2; \
            indent = xrealloc(indent, (size_t)cap * sizeof *indent); \
            start = xrealloc(start, (size_t)cap * sizeof *start); \
        } \
        indent[nl] = (ind_); \
        start[nl++] = text.len; \
        sb_put(&text, (str_), (len_)); \
        sb_putc(&text, 0); \
    } while (0)
    int r = 0;
    value msg;
    if (m->ev(ctx, m->e, m->arg[0], &msg) != 0) {
        r = -1;
        goto done;
    }
    sb ms = { 0 };
    show_value(ctx, &ms, msg, SHOW_PRINT, 0);
    val_release(msg);
    while (ms.len && sb_str(&ms)[ms.len - 1] == '\n')   /* chomp */
        ms.len--;
    for (size_t i = 0, j = 0; i <= ms.len; i++)
        if (i == ms.len || sb_str(&ms)[i] == '\n') {
            LINE(0, sb_str(&ms) + j, i - j);
            j = i + 1;
        }
    sb_free(&ms);
    for (int i = 1; i < m->nargs; i++) {
        const ast *k = m->arg[i];
        const ast *key = k, *val = k;
        if ((k->kind == A_ASSIGN || k->kind == A_KW) && k->nkids == 2) {
            key = k->kids[0];
            val = k->kids[1];
            if (key->kind == A_ID && strcmp(sym_name(ctx, key->sym), "maxlog") == 0)
                continue;   /* a logging option, not a value to show */
        }
        value v;
        if (m->ev(ctx, m->e, val, &v) != 0) {
            r = -1;
            goto done;
        }
        sb ks = { 0 }, vs = { 0 };
        unparse(ctx, ctx->src, ctx->srclen, key, &ks);
        show_value(ctx, &vs, v, SHOW_PLAIN, 0);
        val_release(v);
        if (!memchr(sb_str(&vs), '\n', vs.len)) {
            sb_puts(&ks, " = ");
            sb_put(&ks, sb_str(&vs), vs.len);
            LINE(2, sb_str(&ks), ks.len);
        } else {
            sb_puts(&ks, " =");
            LINE(2, sb_str(&ks), ks.len);
            for (size_t a = 0, b = 0; a <= vs.len; a++)
                if (a == vs.len || sb_str(&vs)[a] == '\n') {
                    LINE(3, sb_str(&vs) + b, a - b);
                    b = a + 1;
                }
        }
        sb_free(&ks);
        sb_free(&vs);
    }
    sb suffix = { 0 };
    if (level > 0) {
        int line = 0, col = 0;
        err_position(ctx, m->n->off, &line, &col);
        sb_printf(&suffix, "@ Main %s:%d", ctx->srcname ? ctx->srcname : "none", line);
        LINE(0, "", 0);   /* right_justify is 0: the location goes on a line of its own */
    }
    sb o = { 0 };
    const char *on = ctx->color ? color[level] : "", *bold = ctx->color ? "\033[1m" : "",
               *off = ctx->color ? "\033[22m\033[39m" : "";
    for (int i = 0; i < nl; i++) {
        const char *box = nl == 1 ? "[ " : i == 0 ? "┌ " : i < nl - 1 ? "│ " : "└ ";
        sb_printf(&o, "%s%s%s%s", on, bold, box, off);
        if (i == 0)
            sb_printf(&o, "%s%s%s %s", on, bold, prefix[level], off);
        for (int k = 0; k < indent[i]; k++)
            sb_putc(&o, ' ');
        sb_puts(&o, sb_str(&text) + start[i]);
        if (i == nl - 1 && suffix.len)
            sb_printf(&o, "%s%s%s", ctx->color ? "\033[90m" : "", sb_str(&suffix),
                      ctx->color ? "\033[39m" : "");
        sb_putc(&o, '\n');
    }
    fflush(ctx->out);
    fwrite(sb_str(&o), 1, o.len, stderr);
    sb_free(&o);
    sb_free(&suffix);
#undef LINE
done:
    sb_free(&text);
    free(indent);
    free(start);
    return r;
}

/* ---- string macros ---- */

/* The text of a string macro's literal (read raw by the parser). */
static int str_text(mcall *m, const char **s, size_t *len)
{
    if (m->nargs < 1 || format_arg(m->arg[0], s, len) < 0)
        return err_throw(m->ctx, ERR_ERROR, m->n,
                         "LoadError: MethodError: no method matching %s",
                         sym_name(m->ctx, m->n->kids[0]->sym));
    return 0;
}

static int m_raw(mcall *m, value *out)
{
    const char *s;
    size_t n;
    if (str_text(m, &s, &n) < 0)
        return -1;
    *out = v_string(s, n);
    return 0;
}

/* MIME"text/plain": the type MIME{Symbol("text/plain")} (base/multimedia.jl). */
static int m_mime(mcall *m, value *out)
{
    const char *s;
    size_t n;
    if (str_text(m, &s, &n) < 0)
        return -1;
    return eval_mime(m->ctx, s, n, 0, m->n, out);
}

/* big"1.5": a BigInt when the text is an integer, else a BigFloat (base/gmp.jl's
 * @big_str), underscores between digits allowed. */
static int m_big(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    const char *s;
    size_t n;
    if (str_text(m, &s, &n) < 0)
        return -1;
    sb t = { 0 };
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '_' && i > 0 && i + 1 < n) {
            if (s[i - 1] == '.' || s[i + 1] == '.')
                bad = 1;
            continue;
        }
        sb_putc(&t, s[i]);
    }
    /* an integer literal (sign, digits, or a 0x/0o/0b prefix) is a BigInt */
    const char *q = sb_str(&t);
    size_t j = (*q == '-' || *q == '+') ? 1 : 0, d0;
    int hexd = 0;
    if (q[j] == '0' && (q[j + 1] == 'x' || q[j + 1] == 'o' || q[j + 1] == 'b')) {
        hexd = q[j + 1] == 'x';
        j += 2;
    }
    d0 = j;
    while (q[j] && ((q[j] >= '0' && q[j] <= '9') ||
                    (hexd && ((q[j] | 32) >= 'a' && (q[j] | 32) <= 'f'))))
        j++;
    int integer = j > d0 && j == t.len;
    if (!bad) {
        value T;
        if (eval_get_global(ctx, integer ? "BigInt" : "BigFloat", &T) == 0) {
            value args[2] = { T, v_string(sb_str(&t), t.len) };
            int r = eval_call_global(ctx, "parse", 2, args, m->n, out);
            val_release(args[0]);
            val_release(args[1]);
            if (r == 0) {
                sb_free(&t);
                return 0;
            }
        }
    }
    sb_free(&t);
    if (ctx->err_set && ctx->err_kind != ERR_ARGUMENT && ctx->err_kind != ERR_INEXACT)
        return -1;
    err_clear(ctx);
    sb msg = { 0 };
    sb_put(&msg, s, n);
    int r = err_throw(ctx, ERR_ERROR, m->n,
                      "LoadError: ArgumentError: invalid number format %s for BigInt or BigFloat",
                      sb_str(&msg));
    sb_free(&msg);
    return r;
}

/* b"abc": the bytes of the text, escapes decoded as in a string literal, as a
 * Vector{UInt8}. */
static int m_bytes(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    const char *s;
    size_t n;
    if (str_text(m, &s, &n) < 0)
        return -1;
    sb t = { 0 };
    if (parse_unescape(s, n, &t) < 0) {
        sb_free(&t);
        return err_throw(ctx, ERR_ERROR, m->n,
                         "LoadError: ArgumentError: invalid escape sequence in b\"...\"");
    }
    int64_t dims[1] = { (int64_t)t.len };
    jc_typeobj *u8 = type_new(T_UINT8);
    value a = array_new(ctx, u8, 1, dims);
    for (size_t i = 0; i < t.len; i++) {
        value b = { T_UINT8, 0, { .i = (unsigned char)sb_str(&t)[i] } };
        array_set(ctx, a, (int64_t)i, b, m->n);
    }
    type_release(u8);
    sb_free(&t);
    *out = a;
    return 0;
}

/* r"pattern"flags: a Regex compiled when the macro is expanded, as Julia does (a bad
 * pattern or flag is a LoadError). */
static int m_regex(mcall *m, value *out)
{
    jc_ctx *ctx = m->ctx;
    const char *s, *f = "";
    size_t n, fn = 0;
    if (str_text(m, &s, &n) < 0)
        return -1;
    if (m->n->nkids > 2) {
        value suf = ast_lit(m->n->kids[2]);
        if (suf.type != T_STRING)
            return err_throw(ctx, ERR_ERROR, m->n,
                             "LoadError: MethodError: no method matching @r_str with a numeric flag");
        f = val_string(suf)->s;
        fn = val_string(suf)->len;
    }
    unsigned flags;
    if (regex_flags(ctx, f, fn, &flags, m->n) < 0 || regex_new(ctx, s, n, flags, m->n, out) < 0) {
        /* an expansion error: Julia's REPL shows it as a LoadError */
        if (ctx->err_set && strncmp(ctx->err.message ? ctx->err.message : "", "LoadError", 9) != 0) {
            sb t = { 0 };
            sb_puts(&t, ctx->err.message ? ctx->err.message : "");
            err_clear(ctx);
            err_throw(ctx, ERR_ERROR, m->n, "LoadError: %s", sb_str(&t));
            sb_free(&t);
        }
        return -1;
    }
    return 0;
}

/* ---- the table ---- */

typedef struct macro_row {
    const char *name;
    macro_fn fn;
    const char *help;   /* what `?@name` shows, as lib.h's rows */
} macro_row;

#define NOOP_HELP(n) LIB_HELP(n " expr", "Evaluates expr: an annotation for Julia's compiler that jcalc has no use for.")

static int m_macroexpand(mcall *m, value *out)
{
    if (m->nargs != 1)
        return err_throw(m->ctx, ERR_METHOD, m->n, "no method matching @macroexpand with %d arguments", m->nargs);
    const ast *x = m->arg[0];
    while (x->kind == A_PARENS && x->nkids == 1)
        x = x->kids[0];
    return eval_macroexpand(m->ctx, x, out);
}

static int m_eval(mcall *m, value *out)
{
    if (m->nargs != 1 && m->nargs != 2)
        return err_throw(m->ctx, ERR_METHOD, m->n, "no method matching @eval with %d arguments", m->nargs);
    if (m->nargs == 1)
        return eval_at_eval(m->ctx, m->e, m->arg[0], NULL, m->ev, out);
    /* @eval M ex: ex in module M */
    value mod;
    if (m->ev(m->ctx, m->e, m->arg[0], &mod) < 0)
        return -1;
    if (mod.type != T_SYMBOL || mod.sub != SYM_MODULE) {
        sb t = { 0 };
        type_name_of(m->ctx, &t, mod);
        val_release(mod);
        int r = err_throw(m->ctx, ERR_TYPE, m->arg[0], "in eval, expected Module, got a value of type %s", sb_str(&t));
        sb_free(&t);
        return r;
    }
    return eval_at_eval(m->ctx, m->e, m->arg[1], &mod, m->ev, out);
}

static const macro_row macros[] = {
    { "@macroexpand", m_macroexpand, LIB_HELP("@macroexpand ex", "The expression that the macro call ex expands to (its escapes removed).") },
    { "@eval", m_eval, LIB_HELP("@eval [m] ex", "Evaluate ex, with $ interpolation from the scope it is written in, in the global\n  scope (of module m when given).") },
    { "@show", m_show, LIB_HELP("@show exs...", "Print each expression and its value (`x ^ 2 = 9`) to stdout; return the last\n  value.") },
    { "@assert", m_assert, LIB_HELP("@assert cond [text]", "Throw an AssertionError if cond is false: with the message text, or the\n  condition as written.") },
    { "@printf", m_printf, LIB_HELP("@printf([io::IO], \"%Fmt\", args...)", "Print args using C printf style format specification string (Julia's Printf:\n  %d %i %u %x %X %o %e %E %f %F %g %G %a %A %s %c %%, flags -+ #0, widths and\n  precisions, also *).\n\n  jcalc> @printf \"Decimal two digits %.2f\" 1.23456\n  Decimal two digits 1.23") },
    { "@sprintf", m_sprintf, LIB_HELP("@sprintf(\"%Fmt\", args...)", "Return the @printf formatted output as a string.\n\n  jcalc> @sprintf \"this is a %s %15.1f\" \"test\" 34.567\n  \"this is a test            34.6\"") },
    { "@time", m_time, LIB_HELP("@time [msg] expr", "Evaluate expr, print the time it took (`  0.000012 seconds`, or `msg: ...`)\n  and return its value.") },
    { "@elapsed", m_elapsed, LIB_HELP("@elapsed expr", "Evaluate expr, discard its value, and return the seconds it took as a Float64.") },
    { "@showtime", m_showtime, LIB_HELP("@showtime expr", "Like @time, with the expression as the message.") },
    { "@__MODULE__", m_module, LIB_HELP("@__MODULE__", "The module the macro call is written in: Main at top level, M inside module M.") },
    { "@isdefined", m_isdefined, LIB_HELP("@isdefined s", "Whether the variable s (a name, local or global) is defined where the macro is\n  called.") },
    { "@__LINE__", m_line, LIB_HELP("@__LINE__", "The line number of the place the macro is called.") },
    { "@evalpoly", m_evalpoly, LIB_HELP("@evalpoly(z, c...)", "Evaluate the polynomial sum(c[k] * z^(k-1)) by Horner's method (Goertzel's for a\n  complex z).\n\n  jcalc> @evalpoly(3, 1, 0, 1)\n  10") },
    { "@.", m_dot, LIB_HELP("@. expr", "Convert every function call, operator and assignment in expr into a dotted\n  (broadcast) one: @. sqrt(v) * 2 + v, @. x = x + 1 (in place).") },
    { "@__dot__", m_dot, NULL },
    { "@big_str", m_big, LIB_HELP("big\"str\"", "Parse a string into a BigInt (an integer text) or a BigFloat: big\"1.1\".") },
    { "@MIME_str", m_mime, LIB_HELP("MIME\"type\"", "The type of the MIME type: MIME\"text/plain\" is MIME{Symbol(\"text/plain\")}, for\n  show(io::IO, ::MIME\"text/plain\", x::T) = …, the REPL display of a T.") },
    { "@raw_str", m_raw, LIB_HELP("raw\"str\"", "A string taken as written: no escapes, no interpolation (\\\" is a quote).") },
    { "@b_str", m_bytes, LIB_HELP("b\"str\"", "The bytes of the string (escapes decoded) as a Vector{UInt8}.") },
    { "@r_str", m_regex, LIB_HELP("r\"pattern\"flags", "A regular expression (PCRE2), flags i m s x a: occursin, match, eachmatch,\n  findfirst, split, startswith and endswith take it.\n\n  jcalc> match(r\"(a|b)(c)?(d)\", \"acd\")\n  RegexMatch(\"acd\", 1=\"a\", 2=\"c\", 3=\"d\")") },
    { "@info", m_log, LIB_HELP("@info message key=value...", "Log an informational message on stderr as Julia's default logger does.") },
    { "@warn", m_log, LIB_HELP("@warn message key=value...", "Log a warning on stderr, with the place it came from.") },
    { "@error", m_log, LIB_HELP("@error message key=value...", "Log an error on stderr, with the place it came from.") },
    { "@debug", m_log, LIB_HELP("@debug message key=value...", "A debug message: below the default level, so nothing is printed.") },
    { "@inbounds", m_last, NOOP_HELP("@inbounds") },
    { "@inline", m_last, NOOP_HELP("@inline") },
    { "@noinline", m_last, NOOP_HELP("@noinline") },
    { "@fastmath", m_last, NOOP_HELP("@fastmath") },
    { "@simd", m_last, NOOP_HELP("@simd") },
    { "@views", m_last, NOOP_HELP("@views") },
    { "@view", m_last, NOOP_HELP("@view") },
    { "@nospecialize", m_last, NOOP_HELP("@nospecialize") },
    { "@propagate_inbounds", m_last, NOOP_HELP("@propagate_inbounds") },
    { "@boundscheck", m_last, NOOP_HELP("@boundscheck") },
    { NULL, NULL, NULL },
};

const char *eval_macro_help(const char *name)
{
    for (const macro_row *r = macros; r->name; r++)
        if (strcmp(r->name, name) == 0)
            return r->help;
    return NULL;
}

int eval_macro_annotation(jc_ctx *ctx, const ast *n, const ast **expr)
{
    if (n->kind != A_MACROCALL || !n->nkids || (n->flags & AF_STRMACRO))
        return 0;
    const ast *name = n->kids[0];
    if (name->kind == A_DOT && name->nkids == 2)
        name = name->kids[1];
    if (name->kind != A_ID)
        return 0;
    if (eval_user_macro_of(ctx, n))
        return 0; /* the user's macro of that name */
    const char *nm = sym_name(ctx, name->sym);
    for (const macro_row *r = macros; r->name; r++)
        if (r->fn == m_last && !strcmp(r->name, nm)) {
            *expr = n->nkids > 1 ? n->kids[n->nkids - 1] : NULL;
            return 1;
        }
    return 0;
}

int eval_macrocall(jc_ctx *ctx, const ast *n, macro_eval_fn ev, struct env *e, value *out)
{
    const ast *name = n->kids[0];
    if (name->kind == A_DOT && name->nkids == 2)
        name = name->kids[1];   /* @Base.show, @Printf.printf: the name is the macro */
    const char *nm = name->kind == A_ID ? sym_name(ctx, name->sym) : "";
    int ur = eval_macro_run(ctx, e, n, out); /* a macro of the user's */
    if (ur != 1)
        return ur;
    mcall m = { ctx, n, (const ast *const *)n->kids + 1, (int)n->nkids - 1, ev, e };
    if (n->flags & AF_STRMACRO)
        m.nargs = 1;  /* the suffix (r"..."i) is read by the macro itself */
    for (const macro_row *r = macros; r->name; r++)
        if (strcmp(r->name, nm) == 0)
            return r->fn(&m, out);
    return err_throw(ctx, ERR_ERROR, n, "LoadError: UndefVarError: `%s` not defined", nm);
}
