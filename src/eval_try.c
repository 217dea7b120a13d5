/* eval_try.c — exceptions: try/catch/else/finally, throw, rethrow, and errors as values.
 *
 * An error is pending in the context (err.h) while the evaluator unwinds with -1.  A
 * `catch` stops the unwinding: it turns the pending error into an exception value, takes
 * the error record away from the context (keeping it for rethrow()) and runs its block.
 * Errors raised by jcalc itself carry a kind and a message; their value is the built-in
 * exception type of the kind (exc.h) with the fields Julia gives it, read back from the
 * message (`UndefVarError: \`x\` not defined` has var = :x).  A value given to throw()
 * travels with the error (ctx->err_value) and is what catch binds, unchanged: any value
 * can be thrown, and a user-defined exception struct needs nothing more.
 *
 * `finally` runs on every way out of the try: normal end, error (the pending error is
 * set aside while it runs and restored after), return, break and continue.  An error or
 * a control transfer inside `finally` replaces the one in flight, as in Julia.
 *
 * Only exit() passes through catch (and finally: it ends the program, it does not unwind).  InterruptException, StackOverflowError,
 * OutOfMemoryError (the budget's) and the limit errors are caught like any other: the
 * evaluator has already unwound to the handler, releasing what it held. */
#include <stdlib.h>
#include <string.h>

#include "eval_impl.h"
#include "array.h"
#include "num/num.h"
#include "exc.h"
#include "parse.h"
#include "show.h"
#include "types.h"

/* A running catch block: its exception and the error record it stopped, for rethrow(). */
typedef struct exc_catch {
    struct exc_catch *up;
    value exc;
    jc_error err;
    err_kind kind;
    int traced;
} exc_catch;

/* An entry: the exception, and once it is left under a newer error its error record
 * (the text and the frames that "caused by:" shows). */
typedef struct exc_entry {
    value exc;
    jc_error *rec;
} exc_entry;

/* ---- the pending error set aside ---- */

typedef struct stash {
    int set;
    jc_error err;
    err_kind kind;
    int traced;
    value v;
} stash;

static void stash_take(jc_ctx *ctx, stash *s)
{
    s->set = ctx->err_set;
    s->err = ctx->err;
    s->kind = ctx->err_kind;
    s->traced = ctx->err_traced;
    s->v = ctx->err_value;
    memset(&ctx->err, 0, sizeof ctx->err);
    ctx->err_value = v_nothing();
    ctx->err_kind = ERR_NONE;
    ctx->err_set = 0;
    ctx->err_traced = 0;
}

static void stash_restore(jc_ctx *ctx, stash *s)
{
    err_clear(ctx);
    ctx->err = s->err;
    ctx->err_kind = s->kind;
    ctx->err_traced = s->traced;
    ctx->err_value = s->v;
    ctx->err_set = s->set;
    s->set = 0;
}

static void stash_drop(stash *s)
{
    err_record_free(&s->err);
    val_release(s->v);
    s->v = v_nothing();
}

static char *dup_or_null(const char *s) { return s ? xstrdup(s) : NULL; }

static void record_copy(jc_error *to, const jc_error *from)
{
    *to = *from;
    to->cause = NULL;
    to->message = dup_or_null(from->message);
    to->detail = dup_or_null(from->detail);
    to->source = dup_or_null(from->source);
    if (from->nframes) {
        to->frames = xcalloc((size_t)from->nframes, sizeof *to->frames);
        for (int i = 0; i < from->nframes; i++) {
            to->frames[i] = from->frames[i];
            to->frames[i].function = dup_or_null(from->frames[i].function);
            to->frames[i].args = dup_or_null(from->frames[i].args);
            to->frames[i].source = dup_or_null(from->frames[i].source);
        }
    }
}

/* ---- fields read back from jcalc's own messages ---- */

static value symbol_of(jc_ctx *ctx, const char *s, size_t n)
{
    value v = { T_SYMBOL, 0, { .i = sym_intern(ctx, s, n) } };
    return v;
}

static value string_of(const char *s, size_t n) { return v_string(s, n); }

/* Whether a parsed value text is made only of literals (numbers, strings, symbols,
 * tuples, signs, complex and rational forms): then evaluating it has no effect and
 * gives back the value that was printed. */
static int literal_tree(jc_ctx *ctx, const ast *n, int depth)
{
    if (depth > 16)
        return 0;
    switch (n->kind) {
    case A_LIT: case A_QUOTE:
        return 1;
    case A_ID: {
        static const char *const ok[] = { "Inf", "NaN", "Inf32", "NaN32", "Inf16", "NaN16",
                                          "true", "false", "nothing", "im", "π", "ℯ" };
        const char *name = sym_name(ctx, n->sym);
        for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
            if (!strcmp(name, ok[i]))
                return 1;
        return 0;
    }
    case A_STRING:
        for (uint32_t i = 0; i < n->nkids; i++)
            if (n->kids[i]->kind != A_LIT)
                return 0;
        return 1;
    case A_CALL: {
        if (!n->nkids || n->kids[0]->kind != A_ID)
            return 0;
        const char *op = sym_name(ctx, n->kids[0]->sym);
        if (strcmp(op, "-") && strcmp(op, "+") && strcmp(op, "//") && strcmp(op, "*"))
            return 0;
        if (n->nkids != 2 && n->nkids != 3)
            return 0;
        for (uint32_t i = 1; i < n->nkids; i++)
            if (!literal_tree(ctx, n->kids[i], depth + 1))
                return 0;
        return 1;
    }
    case A_JUXT: case A_TUPLE: case A_PARENS:
        for (uint32_t i = 0; i < n->nkids; i++)
            if (!literal_tree(ctx, n->kids[i], depth + 1))
                return 0;
        return 1;
    default:
        return 0;
    }
}

static int literal_eval(jc_ctx *ctx, const ast *n, value *out);

static int literal_args(jc_ctx *ctx, const ast *n, uint32_t from, value *v)
{
    for (uint32_t i = from; i < n->nkids; i++)
        if (literal_eval(ctx, n->kids[i], &v[i - from]) < 0) {
            val_release_n(v, i - from);
            return -1;
        }
    return 0;
}

static int literal_eval(jc_ctx *ctx, const ast *n, value *out)
{
    switch (n->kind) {
    case A_LIT:
        *out = val_retain(ast_lit(n));
        return 0;
    case A_QUOTE:
        if (n->nkids == 1 && n->kids[0]->kind == A_ID) {
            value v = { T_SYMBOL, 0, { .i = n->kids[0]->sym } };
            *out = v;
            return 0;
        }
        return -1;
    case A_ID:
        return eval_get_global(ctx, sym_name(ctx, n->sym), out);
    case A_PARENS:
        return n->nkids ? literal_eval(ctx, n->kids[0], out) : -1;
    case A_STRING: {
        sb s = { 0 };
        for (uint32_t i = 0; i < n->nkids; i++)
            if (n->kids[i]->lit_type == T_STRING)
                sb_put(&s, val_string(ast_lit(n->kids[i]))->s, val_string(ast_lit(n->kids[i]))->len);
        *out = v_string(sb_str(&s), s.len);
        sb_free(&s);
        return 0;
    }
    case A_TUPLE: {
        value t = v_tuple_new(n->nkids);
        if (literal_args(ctx, n, 0, val_tuple(t)->v) < 0) {
            val_tuple(t)->n = 0;
            val_release(t);
            return -1;
        }
        *out = t;
        return 0;
    }
    case A_CALL: case A_JUXT: {
        /* the number tower itself, never a user's method of an operator */
        uint32_t from = n->kind == A_CALL ? 1 : 0, k = n->nkids - from;
        if (k < 1 || k > 2)
            return -1;
        value args[2];
        if (literal_args(ctx, n, from, args) < 0)
            return -1;
        const char *op = n->kind == A_JUXT ? "*" : sym_name(ctx, n->kids[0]->sym);
        int r;
        if (k == 1)
            r = !strcmp(op, "-") ? num_neg(ctx, out, args[0])
                : !strcmp(op, "+") ? (*out = val_retain(args[0]), 0) : -1;
        else
            r = num_binop(ctx, out, !strcmp(op, "+") ? NUM_ADD : !strcmp(op, "-") ? NUM_SUB
                                    : !strcmp(op, "*") ? NUM_MUL : NUM_RDIV, args[0], args[1]);
        val_release_n(args, k);
        return r == 0 ? 0 : -1;
    }
    default:
        return -1;
    }
}

/* The value whose printed text is s[0..n): evaluated when it is a literal, else the
 * text itself as a String.  Called with no error pending; leaves none. */
static value value_of_text(jc_ctx *ctx, const char *s, size_t n)
{
    value v = string_of(s, n);
    if (ctx->err_set || n == 0 || n > 4096)
        return v;
    arena *a = arena_new();
    ast *prog = NULL;
    char *text = xstrdup(s);
    text[n] = 0;
    src_swap sw;
    src_swap_in(ctx, &sw, text, n);
    if (parse_program(ctx, a, text, n, &prog) == JC_OK && prog && prog->nkids == 1 &&
        literal_tree(ctx, prog->kids[0], 0)) {
        value x;
        if (literal_eval(ctx, prog->kids[0], &x) == 0) {
            val_release(v);
            v = x;
        }
    }
    err_clear(ctx);
    src_swap_out(ctx, &sw);
    free(text);
    arena_release(a);
    return v;
}

static void set_field(value e, size_t i, value v)
{
    jc_exception *x = val_exc(e);
    val_release(x->v[i]);
    x->v[i] = v;
    x->undef &= ~(1u << i);
}

/* The text between the first pair of backticks of s. */
static int backticked(const char *s, const char **b, size_t *n)
{
    const char *o = strchr(s, '`');
    const char *c = o ? strchr(o + 1, '`') : NULL;
    if (!c)
        return 0;
    *b = o + 1;
    *n = (size_t)(c - o - 1);
    return 1;
}

/* Fills the fields of e (of the pending error's type) from the error's detail. */
static void fields_from_detail(jc_ctx *ctx, value e, err_kind kind, const char *detail,
                               const char *message)
{
    const char *b;
    size_t n;
    switch (val_exc(e)->id) {
    case EXC_ERROR:
        set_field(e, 0, string_of(message, strlen(message)));
        break;
    case EXC_PARSE:
        set_field(e, 0, string_of(message, strlen(message)));
        break;
    case EXC_OVERFLOW: case EXC_ARGUMENT: case EXC_DIMENSION: case EXC_ASSERTION:
        set_field(e, 0, string_of(detail, strlen(detail)));
        break;
    case EXC_UNDEFVAR: case EXC_UNDEFKEYWORD:
        if (backticked(detail, &b, &n))
            set_field(e, 0, symbol_of(ctx, b, n));
        break;
    case EXC_SINGULAR:
        if (detail[0] == '(')
            set_field(e, 0, v_int(strtoll(detail + 1, NULL, 10)));
        break;
    case EXC_DOMAIN: {
        /* " with VAL" or " with VAL:\nMSG" */
        const char *s = detail;
        if (strncmp(s, " with ", 6))
            break;
        s += 6;
        const char *colon = strstr(s, ":\n");
        size_t vn = colon ? (size_t)(colon - s) : strlen(s);
        set_field(e, 0, value_of_text(ctx, s, vn));
        if (colon)
            set_field(e, 1, string_of(colon + 2, strlen(colon + 2)));
        break;
    }
    case EXC_INEXACT: {
        /* "func(T, val)" or "T(val)" (func is the type's name) */
        const char *open = strchr(detail, '(');
        size_t len = strlen(detail);
        if (!open || len < 2 || detail[len - 1] != ')')
            break;
        set_field(e, 0, symbol_of(ctx, detail, (size_t)(open - detail)));
        const char *in = open + 1, *end = detail + len - 1, *comma = NULL;
        int depth = 0;
        for (const char *p = in; p < end; p++) {
            if (*p == '(' || *p == '{' || *p == '[')
                depth++;
            else if (*p == ')' || *p == '}' || *p == ']')
                depth--;
            else if (*p == ',' && depth == 0 && !comma)
                comma = p;
        }
        const char *tname = comma ? in : detail;
        size_t tn = comma ? (size_t)(comma - in) : (size_t)(open - detail);
        const char *val = comma ? comma + 2 : in;
        char *name = xstrdup(tname);
        name[tn] = 0;
        value T;
        if (eval_get_global(ctx, name, &T) < 0 || T.type != T_TYPE) {
            val_release(T.type == T_TYPE ? v_nothing() : v_nothing());
            T = symbol_of(ctx, tname, tn);
        }
        free(name);
        set_field(e, 1, T);
        if (val <= end)
            set_field(e, 2, value_of_text(ctx, val, (size_t)(end - val)));
        break;
    }
    case EXC_METHOD: {
        static const char nm[] = "no method matching ";
        if (strncmp(detail, nm, sizeof nm - 1))
            break;
        const char *f = detail + sizeof nm - 1;
        size_t fn = strcspn(f, "(");
        char *name = xstrdup(f);
        name[fn] = 0;
        value fv;
        if (eval_get_global(ctx, name, &fv) == 0)
            set_field(e, 0, fv);
        free(name);
        break;
    }
    default:
        break;
    }
    (void)kind;
}

/* An InexactError the raise site gave func and val: T, a type value, is read from the
 * message as the layer below could not make it; the other two fields stay the site's. */
static value inexact_with_type(jc_ctx *ctx, value site)
{
    value e = exc_new(EXC_INEXACT, ctx->err.message);
    char *detail = xstrdup(ctx->err.detail ? ctx->err.detail : "");
    stash s;
    stash_take(ctx, &s);
    fields_from_detail(ctx, e, ERR_INEXACT, detail, "");
    stash_restore(ctx, &s);
    free(detail);
    const jc_exception *from = val_exc(site);
    for (size_t i = 0; i < from->n; i++)
        if (!(from->undef & (1u << i)))
            set_field(e, i, val_retain(from->v[i]));
    return e;
}

value eval_exception_of_pending(jc_ctx *ctx)
{
    if (ctx->err_value.type != T_NOTHING || ctx->err_value.sub) {
        value v = ctx->err_value;
        if (v.type == T_EXCEPTION && val_exc(v)->id == EXC_INEXACT && (val_exc(v)->undef & 2u))
            return inexact_with_type(ctx, v);
        return val_retain(v);
    }
    err_kind kind = ctx->err_kind;
    const char *message = ctx->err.message ? ctx->err.message : "";
    char *detail = xstrdup(ctx->err.detail ? ctx->err.detail : "");
    char *msg = xstrdup(message);
    exc_id id = exc_of_kind(kind);
    value e = exc_new(id, message);
    /* reading fields back may parse and evaluate literals: with the error set aside */
    stash s;
    stash_take(ctx, &s);
    fields_from_detail(ctx, e, kind, detail, msg);
    stash_restore(ctx, &s);
    free(detail);
    free(msg);
    return e;
}

/* ---- throw and rethrow ---- */

void eval_showerror_text(jc_ctx *ctx, sb *out, value x)
{
    if (eval_user_showerror(ctx, out, x) != 0)
        return;
    if (x.type == T_EXCEPTION)
        sb_puts(out, val_exc(x)->text);
    else
        show_value(ctx, out, x, SHOW_REPR, 0);   /* showerror(io, ex) = show(io, ex) */
}

int eval_throw_value(jc_ctx *ctx, value x, const ast *site)
{
    if (ctx->err_set)
        return -1;
    err_kind kind = ERR_ERROR;
    char *text;
    if (x.type == T_EXCEPTION) {
        const jc_exception *e = val_exc(x);
        kind = exc_table[e->id].kind;
        if (kind == ERR_PARSE)
            kind = ERR_ERROR;   /* a ParseError value has no source block to point into */
        text = xstrdup(e->text);
    } else {
        sb s = { 0 };
        eval_showerror_text(ctx, &s, x);
        if (ctx->err_set) {   /* the user's showerror or show failed: that error wins */
            sb_free(&s);
            return -1;
        }
        text = sb_take(&s);
    }
    err_record(ctx, kind, text, "", site != NULL, site ? site->off : 0, site ? site->len : 0);
    val_release(ctx->err_value);
    ctx->err_value = val_retain(x);
    /* an exception value of an ordinary type is told apart from "no value" by sub */
    if (x.type == T_NOTHING)
        ctx->err_value.sub = 1;
    if (x.type == T_EXCEPTION)
        ctx->err.type = exc_table[val_exc(x)->id].name;
    return -1;
}

int eval_rethrow(jc_ctx *ctx, const ast *site)
{
    exc_catch *c = ctx->catching;
    if (!c)
        return err_throw(ctx, ERR_ERROR, site, "rethrow() not allowed outside a catch block");
    if (ctx->err_set)
        return -1;
    err_clear(ctx);
    record_copy(&ctx->err, &c->err);
    ctx->err_kind = c->kind;
    ctx->err_traced = c->traced;
    ctx->err_value = val_retain(c->exc);
    ctx->err_set = 1;
    ctx->excs_inflight = ctx->nexcs; /* rethrown, not thrown anew: no new entry */
    return -1;
}

void eval_excs_rethrown(jc_ctx *ctx, value exc)
{
    if (!ctx->nexcs)
        return;
    exc_entry *top = &ctx->excs[ctx->nexcs - 1];
    val_release(top->exc);
    top->exc = val_retain(exc);
    ctx->excs_inflight = ctx->nexcs;
}

/* ---- try ---- */

/* Every error but exit() is caught.  The step limit's once per evaluation: the handler
 * gets as many steps again, so that it can run, and the work of one evaluation stays
 * bounded (a loop around a try cannot catch its way past the limit forever). */
static int catchable(jc_ctx *ctx)
{
    if (!ctx->err_set || ctx->err_kind == ERR_EXIT || ctx->err_kind == ERR_CONTROL)
        return 0;
    if (ctx->err_kind == ERR_LIMIT_STEPS) {
        if (ctx->steps_caught)
            return 0;
        ctx->steps_caught = 1;
        ctx->steps = 0;
    }
    return 1;
}

/* Owned *v after a clause returned r: only with 0 and EV_RETURN. */
static void release_result(int r, value v)
{
    if (r == 0 || r == EV_RETURN)
        val_release(v);
}

/* ---- the stack of exceptions being handled ----
 *
 * As Julia's: a catch block pushes the exception it handles; leaving the block normally
 * (its end, return, break, continue) pops back to what the stack held when its try
 * began, while an error thrown out of it leaves the entry there, so that the catch that
 * handles the new error sees both (the root cause first). */

static void excs_push(jc_ctx *ctx, value exc)
{
    if (ctx->nexcs == ctx->capexcs) {
        ctx->capexcs = ctx->capexcs ? 2 * ctx->capexcs : 8;
        ctx->excs = xrealloc(ctx->excs, ctx->capexcs * sizeof *ctx->excs);
    }
    ctx->excs[ctx->nexcs].exc = val_retain(exc);
    ctx->excs[ctx->nexcs++].rec = NULL;
    ctx->excs_inflight = 0;
}

/* A catch or finally meets the error in flight: on the stack once, however many
 * finally blocks it passes on its way (each runs with it there, as Julia's).  The
 * index of its entry. */
static size_t excs_meet(jc_ctx *ctx, size_t level, value exc)
{
    if (!(ctx->excs_inflight && ctx->excs_inflight == ctx->nexcs && ctx->nexcs > level))
        excs_push(ctx, exc);
    return ctx->nexcs - 1;
}

/* The entry at i takes the error record rec (left empty), unless it has one. */
static void excs_keep(jc_ctx *ctx, size_t i, jc_error *rec)
{
    if (i < ctx->nexcs && !ctx->excs[i].rec) {
        ctx->excs[i].rec = xmalloc(sizeof *rec);
        *ctx->excs[i].rec = *rec;
        memset(rec, 0, sizeof *rec);
    }
}

void eval_excs_causes(jc_ctx *ctx, jc_error *e)
{
    size_t top = ctx->nexcs;
    if (ctx->excs_inflight && ctx->excs_inflight == top)
        top--; /* the error itself, met by a finally on its way */
    jc_error **link = &e->cause;
    while (*link)
        link = &(*link)->cause;
    for (size_t i = top; i-- > 0;)
        if (ctx->excs[i].rec) {
            *link = xmalloc(sizeof **link);
            record_copy(*link, ctx->excs[i].rec);
            err_finish_frames(*link);
            link = &(*link)->cause;
        }
}

/* Lets go of the entries above level. */
static void excs_drop(jc_ctx *ctx, size_t level)
{
    ctx->excs_inflight = 0;
    while (ctx->nexcs > level) {
        exc_entry *x = &ctx->excs[--ctx->nexcs];
        val_release(x->exc);
        if (x->rec) {
            err_record_free(x->rec);
            free(x->rec);
        }
    }
}

void eval_excs_free(jc_ctx *ctx)
{
    excs_drop(ctx, 0);
    free(ctx->excs);
    ctx->excs = NULL;
    ctx->capexcs = 0;
}

void eval_excs_pop(jc_ctx *ctx, size_t level)
{
    if (!level && ctx->capexcs > 64) /* what a deep nesting grew; a small stack stays */
        eval_excs_free(ctx);
    else
        excs_drop(ctx, level);
}

int eval_current_exceptions(jc_ctx *ctx, value *out)
{
    int sym_exc = sym_intern(ctx, "exception", 9), sym_bt = sym_intern(ctx, "backtrace", 9);
    size_t n = ctx->nexcs;
    value *elems = xmalloc((n ? n : 1) * sizeof *elems);
    for (size_t i = 0; i < n; i++) {
        jc_namedtuple *t = obj_new(T_NAMEDTUPLE, sizeof *t + 2 * sizeof(value));
        t->names = xmalloc(2 * sizeof *t->names);
        t->n = 2;
        t->names[0] = sym_exc;
        t->names[1] = sym_bt;
        t->v[0] = val_retain(ctx->excs[i].exc);
        t->v[1] = v_nothing(); /* jcalc keeps no instruction pointers */
        elems[i] = v_obj(T_NAMEDTUPLE, 0, &t->h);
    }
    jc_typeobj *any = type_new(TA_ANY);
    *out = array_from_values(ctx, elems, (int64_t)n, 0, NULL, any);
    type_release(any);
    free(elems);
    return 0;
}

int eval_try_run(jc_ctx *ctx, const ast *n, eval_try_clause_fn run, void *st, value *out)
{
    size_t level = ctx->nexcs;
    int has[4] = { 1, 0, 0, 0 };
    for (uint32_t i = 1; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        if (k->kind == A_CATCH)
            has[TRY_CATCH] = 1;
        else if (k->kind == A_TRYELSE)
            has[TRY_ELSE] = 1;
        else if (k->kind == A_FINALLY)
            has[TRY_FINALLY] = 1;
    }
    value v = v_nothing();
    int r = run(ctx, st, TRY_BODY, v_nothing(), &v);
    if (r < 0 && has[TRY_CATCH] && catchable(ctx)) {
        exc_catch c = { ctx->catching, eval_exception_of_pending(ctx), { 0 }, ctx->err_kind,
                        ctx->err_traced };
        /* the catch block owns the error record now (for rethrow) */
        c.err = ctx->err;
        memset(&ctx->err, 0, sizeof ctx->err);
        err_clear(ctx);
        ctx->catching = &c;
        size_t at = excs_meet(ctx, level, c.exc);
        v = v_nothing();
        r = run(ctx, st, TRY_CATCH, c.exc, &v);
        ctx->catching = c.up;
        if (r >= 0 || ctx->err_kind == ERR_CONTROL)
            eval_excs_pop(ctx, level);
        else {
            eval_trace_caught(ctx, &c.err);
            excs_keep(ctx, at, &c.err); /* a cause of the error now in flight */
        }
        val_release(c.exc);
        err_record_free(&c.err);
    } else if (r == 0 && has[TRY_ELSE]) {
        val_release(v);
        v = v_nothing();
        r = run(ctx, st, TRY_ELSE, v_nothing(), &v);
    }
    /* exit() ends the program without unwinding: Julia runs no finally block for it */
    if (has[TRY_FINALLY] && !(r < 0 && ctx->err_kind == ERR_EXIT)) {
        stash s = { 0 };
        int flight = r < 0 && ctx->err_kind != ERR_CONTROL;
        size_t at = 0;
        if (flight) {
            value exc = eval_exception_of_pending(ctx);
            at = excs_meet(ctx, level, exc);
            val_release(exc);
        }
        if (r < 0)
            stash_take(ctx, &s);
        value fv = v_nothing();
        int fr = run(ctx, st, TRY_FINALLY, v_nothing(), &fv);
        if (fr == 0) {
            val_release(fv);
            if (r < 0)
                stash_restore(ctx, &s);
            if (flight)
                ctx->excs_inflight = ctx->nexcs;
        } else {
            if (fr > 0 || ctx->err_kind == ERR_CONTROL)
                eval_excs_pop(ctx, level);
            /* an error, return, break or continue in `finally` wins over what was in
             * flight */
            if (flight && fr < 0 && ctx->err_kind != ERR_CONTROL)
                excs_keep(ctx, at, &s.err); /* a cause of the finally's own error */
            if (r < 0)
                stash_drop(&s);
            release_result(r, v);
            r = fr;
            v = fv;
        }
    }
    if (r == 0 || r == EV_RETURN)
        *out = v;
    return r;
}

/* The clause of kind which of the try node n (its kid), or NULL. */
const ast *eval_try_clause(const ast *n, int which)
{
    if (which == TRY_BODY)
        return n->kids[0];
    int kind = which == TRY_CATCH ? A_CATCH : which == TRY_ELSE ? A_TRYELSE : A_FINALLY;
    for (uint32_t i = 1; i < n->nkids; i++)
        if (n->kids[i]->kind == kind)
            return n->kids[i];
    return NULL;
}

/* The tree walker's clauses: each in a new scope under e, the catch variable bound in
 * the catch block's. */
typedef struct walk_try {
    struct env *e;
    const ast *n;
    int (*ev)(jc_ctx *, struct env *, const ast *, value *);
} walk_try;

static int walk_clause(jc_ctx *ctx, void *st, int which, value exc, value *out)
{
    walk_try *w = st;
    const ast *k = eval_try_clause(w->n, which);
    struct env *scope = eval_scope_new(w->e);
    const ast *block = k;
    if (which == TRY_CATCH) {
        if (k->kids[0]->kind == A_ID)
            eval_scope_bind(ctx, scope, k->kids[0], val_retain(exc));
        block = k->kids[1];
    } else if (which != TRY_BODY) {
        block = k->kids[0];
    }
    int *names, nn = eval_scope_local_names(block, 0, &names);
    eval_scope_declare(ctx, scope, names, nn);
    free(names);
    int r = w->ev(ctx, scope, block, out);
    eval_scope_drop(ctx, scope);
    return r;
}

int eval_try(jc_ctx *ctx, struct env *e, const ast *n,
             int (*ev)(jc_ctx *, struct env *, const ast *, value *), value *out)
{
    walk_try w = { e, n, ev };
    return eval_try_run(ctx, n, walk_clause, &w, out);
}

/* ---- the types as names ---- */

void eval_install_exceptions(jc_ctx *ctx)
{
    for (int id = EXC_ERROR; id < EXC__COUNT; id++) {
        const char *name = exc_table[id].name;
        if (strchr(name, '.'))
            continue;   /* Base.Meta.ParseError is reachable through its module only */
        jc_typeobj *t = type_new(T_EXCEPTION);
        t->sub = (uint8_t)id;
        int sym = sym_intern(ctx, name, strlen(name));
        eval_set_global(ctx, sym, v_obj(T_TYPE, 0, &t->h));
        ctx->globals[sym].constant = CONST_BUILTIN;
    }
}

int eval_exc_getfield(jc_ctx *ctx, value *out, value e, const char *name, const ast *site)
{
    const jc_exception *x = val_exc(e);
    char field[32];
    for (size_t i = 0; i < x->n; i++) {
        exc_field_name((exc_id)x->id, i, field, sizeof field);
        if (strcmp(field, name))
            continue;
        if (x->undef & (1u << i))
            return err_throw(ctx, ERR_UNDEFREF, site, "access to undefined reference");
        *out = val_retain(x->v[i]);
        return 0;
    }
    return err_throw(ctx, ERR_ERROR, site, "type %s has no field %s", exc_table[x->id].name, name);
}
