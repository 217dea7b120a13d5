/* api.c — the public entry point (include/jcalc.h), symbols, and error recording. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "diag.h"
#include "eval.h"
#include "jc.h"
#include "parse.h"
#include "show.h"

/* ---- symbols ---- */

static uint32_t sym_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static void sym_rehash(symtab *t, size_t nslots)
{
    free(t->slots);
    t->slots = xmalloc(nslots * sizeof *t->slots);
    for (size_t i = 0; i < nslots; i++)
        t->slots[i] = -1;
    t->nslots = nslots;
    for (size_t id = 0; id < t->n; id++) {
        size_t j = t->hash[id] & (nslots - 1);
        while (t->slots[j] >= 0)
            j = (j + 1) & (nslots - 1);
        t->slots[j] = (int32_t)id;
    }
}

static int sym_lookup(const symtab *t, const char *name, size_t len, uint32_t h)
{
    if (!t->nslots)
        return -1;
    for (size_t j = h & (t->nslots - 1);; j = (j + 1) & (t->nslots - 1)) {
        int32_t id = t->slots[j];
        if (id < 0)
            return -1;
        if (t->hash[id] == h && t->lens[id] == len && !memcmp(t->names[id], name, len))
            return id;
    }
}

int sym_find(const jc_ctx *ctx, const char *name, size_t len)
{
    return sym_lookup(&ctx->syms, name, len, sym_hash(name, len));
}

int sym_intern(jc_ctx *ctx, const char *name, size_t len)
{
    symtab *t = &ctx->syms;
    uint32_t h = sym_hash(name, len);
    int id = sym_lookup(t, name, len, h);
    if (id >= 0)
        return id;
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1024;
        t->names = xrealloc(t->names, t->cap * sizeof *t->names);
        t->hash = xrealloc(t->hash, t->cap * sizeof *t->hash);
        t->lens = xrealloc(t->lens, t->cap * sizeof *t->lens);
    }
    /* names live in pooled chunks: a context interns about a thousand at start-up */
    if (t->pool_cap - t->pool_used < len + 1) {
        size_t cap = len + 1 > 8192 ? len + 1 : 8192;
        t->chunks = xrealloc(t->chunks, (t->nchunks + 1) * sizeof *t->chunks);
        t->pool = t->chunks[t->nchunks++] = xmalloc(cap);
        t->pool_used = 0;
        t->pool_cap = cap;
    }
    char *copy = t->pool + t->pool_used;
    memcpy(copy, name, len);
    copy[len] = 0;
    t->pool_used += len + 1;
    t->names[t->n] = copy;
    t->lens[t->n] = (uint32_t)len;
    t->hash[t->n] = h;
    t->n++;
    if (2 * t->n > t->nslots)
        sym_rehash(t, t->nslots ? 2 * t->nslots : 1024);
    else {
        size_t j = h & (t->nslots - 1);
        while (t->slots[j] >= 0)
            j = (j + 1) & (t->nslots - 1);
        t->slots[j] = (int32_t)(t->n - 1);
    }
    return (int)(t->n - 1);
}

const char *sym_name(const jc_ctx *ctx, int id)
{
    return id >= 0 && (size_t)id < ctx->syms.n ? ctx->syms.names[id] : "?";
}

/* ---- errors ---- */

void jc_position_in(const char *src, size_t len, int first_line, size_t off, int *line, int *col)
{
    int l = first_line;
    size_t start = 0;
    if (off > len)
        off = len;
    for (size_t i = 0; i < off; i++)
        if (src[i] == '\n') {
            l++;
            start = i + 1;
        }
    *line = l;
    *col = (int)utf8_length(src + start, off - start) + 1;
}

void jc_position(const jc_ctx *ctx, size_t off, int *line, int *col)
{
    jc_position_in(ctx->src, ctx->srclen, ctx->first_line, off, line, col);
}

/* The user functions an error happened in: one line per frame, innermost first,
 * "f(x::Int64)\tREPL[1]:1:10\tcount" where the position is the frame's call site and
 * count collapses a run of identical frames (deep recursion). */
static char *capture_trace(jc_ctx *ctx)
{
    if (!ctx->frames)
        return NULL;
    sb out = { 0 }, prev = { 0 }, line = { 0 };
    long repeats = 0;
    int distinct = 0;
    for (const frame *f = ctx->frames; f; f = f->up) {
        line.len = 0;
        sb_puts(&line, sym_name(ctx, f->name));
        sb_putc(&line, '(');
        for (int i = 0; i < f->nargs; i++) {
            if (i)
                sb_puts(&line, ", ");
            if (f->params)
                sb_puts(&line, sym_name(ctx, f->params[i]));
            sb_puts(&line, "::");
            show_typename(ctx, &line, f->args[i]);
        }
        sb_puts(&line, ")\t");
        if (f->site && f->src) {
            int l, c;
            jc_position_in(f->src, f->srclen, f->first_line, f->site->off, &l, &c);
            sb_printf(&line, "%s:%d:%d", f->srcname ? f->srcname : "none", l, c);
        } else
            sb_puts(&line, "none");
        if (prev.len == line.len && !memcmp(sb_str(&prev), sb_str(&line), line.len)) {
            repeats++;
            continue;
        }
        if (prev.len)
            sb_printf(&out, "%s\t%ld\n", sb_str(&prev), repeats);
        if (++distinct > 100) { /* the innermost hundred distinct frames say enough */
            prev.len = 0;
            break;
        }
        prev.len = 0;
        sb_put(&prev, sb_str(&line), line.len);
        repeats = 1;
    }
    if (prev.len)
        sb_printf(&out, "%s\t%ld\n", sb_str(&prev), repeats);
    sb_free(&prev);
    sb_free(&line);
    return sb_take(&out);
}

static int throw_v(jc_ctx *ctx, jc_status kind, int has_span, size_t off, size_t len,
                   const char *fmt, va_list ap)
{
    if (ctx->err_set)
        return -1;
    sb msg = { 0 };
    sb_vprintf(&msg, fmt, ap);
    jc_error_clear(&ctx->err);
    ctx->err.kind = kind;
    ctx->err.message = sb_take(&msg);
    ctx->err.source = xstrdup(ctx->srcname ? ctx->srcname : "none");
    ctx->err.trace = capture_trace(ctx);
    if (has_span && ctx->src) {
        jc_position(ctx, off, &ctx->err.line, &ctx->err.column);
        ctx->err.offset = off;
        ctx->err.length = len;
    }
    ctx->err_set = 1;
    return -1;
}

int jc_throw(jc_ctx *ctx, jc_status kind, const ast *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = throw_v(ctx, kind, at != NULL, at ? at->off : 0, at ? at->len : 0, fmt, ap);
    va_end(ap);
    return r;
}

int jc_throw_span(jc_ctx *ctx, jc_status kind, size_t off, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = throw_v(ctx, kind, 1, off, len, fmt, ap);
    va_end(ap);
    return r;
}

void jc_error_locate(jc_ctx *ctx, const ast *at)
{
    if (!ctx->err_set || ctx->err.line || !at || !ctx->src)
        return;
    /* an infix operation failed: point at its operator, not at its left operand */
    if ((at->kind == A_CALL || at->kind == A_DOTCALL) && (at->flags & AF_INFIX) && at->nkids > 0)
        at = at->kids[0];
    jc_position(ctx, at->off, &ctx->err.line, &ctx->err.column);
    ctx->err.offset = at->off;
    ctx->err.length = at->len;
}

void jc_clear_error(jc_ctx *ctx)
{
    jc_error_clear(&ctx->err);
    ctx->err_set = 0;
}

void jc_error_clear(jc_error *e)
{
    free(e->message);
    free(e->source);
    free(e->trace);
    memset(e, 0, sizeof *e);
}

void jc_result_clear(jc_result *r)
{
    free(r->text);
    jc_error_clear(&r->error);
    memset(r, 0, sizeof *r);
}

/* Moves the pending error into e. */
static jc_status take_error(jc_ctx *ctx, jc_error *e)
{
    *e = ctx->err;
    memset(&ctx->err, 0, sizeof ctx->err);
    ctx->err_set = 0;
    if (e->kind == JC_OK)
        e->kind = JC_ERR_GENERIC;
    return e->kind;
}

/* ---- contexts ---- */

jc_ctx *jc_new(void)
{
    jc_ctx *ctx = xcalloc(1, sizeof *ctx);
    ctx->precision = 256;
    ctx->rounding = MPFR_RNDN;
    ctx->out = stdout;
    ctx->max_depth = 5000;
    ctx->max_bits = (uint64_t)1 << 32;
    ctx->ans = v_nothing();
    eval_install_builtins(ctx);
    return ctx;
}

void jc_free(jc_ctx *ctx)
{
    if (!ctx)
        return;
    for (size_t i = 0; i < ctx->nglobals; i++)
        if (ctx->globals[i].defined)
            val_release(ctx->globals[i].v);
    free(ctx->globals);
    val_release(ctx->ans);
    eval_free_state(ctx);
    arena_release(ctx->spare);
    for (size_t i = 0; i < ctx->syms.nchunks; i++)
        free(ctx->syms.chunks[i]);
    free(ctx->syms.chunks);
    free(ctx->syms.lens);
    free(ctx->syms.names);
    free(ctx->syms.hash);
    free(ctx->syms.slots);
    jc_error_clear(&ctx->err);
    free(ctx);
    /* MPFR caches constants (π, log 2) per thread; they are rebuilt on demand, and
     * freeing them here keeps leak checkers quiet about a context's whole life */
    mpfr_free_cache();
}

int jc_set_precision(jc_ctx *ctx, long bits)
{
    if (bits < MPFR_PREC_MIN || bits > MPFR_PREC_MAX || (uint64_t)bits > ctx->max_bits)
        return -1;
    ctx->precision = bits;
    return 0;
}

long jc_precision(const jc_ctx *ctx) { return ctx->precision; }
void jc_set_max_bits(jc_ctx *ctx, unsigned long long bits) { ctx->max_bits = bits; }
void jc_set_step_limit(jc_ctx *ctx, unsigned long long steps) { ctx->step_limit = steps; }
void jc_set_color(jc_ctx *ctx, int on) { ctx->color = on; }
void jc_set_output(jc_ctx *ctx, FILE *out) { ctx->out = out ? out : stdout; }
void jc_interrupt(jc_ctx *ctx) { ctx->interrupted = 1; }

static void set_source(jc_ctx *ctx, const char *src, size_t len, const char *name, int first_line)
{
    ctx->src = src;
    ctx->srclen = len;
    ctx->srcname = name ? name : "none";
    ctx->first_line = first_line > 0 ? first_line : 1;
}

static jc_status parse_into(jc_ctx *ctx, arena *a, const char *src, size_t len, ast **prog,
                            jc_error *err)
{
    jc_status st = parse_program(ctx, a, src, len, prog);
    if (st != JC_OK) {
        take_error(ctx, err);
        err->kind = st;
    }
    return st;
}

jc_status jc_eval(jc_ctx *ctx, const char *src, size_t len, const char *source,
                  int first_line, jc_result *out)
{
    memset(out, 0, sizeof *out);
    jc_clear_error(ctx);
    ctx->interrupted = 0;
    ctx->steps = 0;
    set_source(ctx, src, len, source, first_line);
    arena *a = ctx->spare ? ctx->spare : arena_new();
    ctx->spare = NULL;
    arena_set_source(a, src, len, ctx->srcname, ctx->first_line);
    ast *prog = NULL;
    jc_status st = parse_into(ctx, a, src, len, &prog, &out->error);
    if (st == JC_OK) {
        value v = v_nothing();
        if (eval_toplevel(ctx, prog, a, &v) < 0) {
            st = take_error(ctx, &out->error);
        } else {
            val_release(ctx->ans);
            ctx->ans = val_retain(v);
            if (v.type != T_NOTHING && !(prog->flags & AF_TRAILING_SEMI)) {
                sb text = { 0 };
                show_value(ctx, &text, v, SHOW_PLAIN, 0);
                if (ctx->err_set) { /* interrupted while printing a huge value */
                    sb_free(&text);
                    st = take_error(ctx, &out->error);
                } else
                    out->text = sb_take(&text);
            }
            val_release(v);
        }
    }
    /* keep the arena for the next input unless a definition holds on to it */
    if (arena_reset(a) == 0)
        ctx->spare = a;
    else
        arena_release(a);
    out->status = st;
    ctx->src = NULL;
    ctx->srclen = 0;
    return st;
}

jc_status jc_check(jc_ctx *ctx, const char *src, size_t len)
{
    jc_clear_error(ctx);
    set_source(ctx, src, len, "none", 1);
    arena *a = arena_new();
    ast *prog = NULL;
    jc_error err = { 0 };
    jc_status st = parse_into(ctx, a, src, len, &prog, &err);
    jc_error_clear(&err);
    arena_release(a);
    ctx->src = NULL;
    return st;
}

jc_status jc_parse_sexpr(jc_ctx *ctx, const char *src, size_t len, const char *source,
                         char **out, jc_error *err)
{
    memset(err, 0, sizeof *err);
    *out = NULL;
    jc_clear_error(ctx);
    set_source(ctx, src, len, source, 1);
    arena *a = arena_new();
    ast *prog = NULL;
    jc_status st = parse_into(ctx, a, src, len, &prog, err);
    if (st == JC_OK) {
        sb text = { 0 };
        parse_sexpr(ctx, prog, src, &text);
        *out = sb_take(&text);
    }
    arena_release(a);
    ctx->src = NULL;
    return st;
}

char *jc_error_render(jc_ctx *ctx, const jc_error *e) { return diag_render(ctx, e); }
