/* err.c — the error table, raising, positions. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "jc.h"

const err_info err_table[ERR__COUNT] = {
    [ERR_NONE] = { "", "", JC_OK },
    [ERR_PARSE] = { "ParseError", "ParseError", JC_ERR_PARSE },
    [ERR_INCOMPLETE] = { "ParseError", "ParseError", JC_INCOMPLETE },
    [ERR_DOMAIN] = { "DomainError", "DomainError", JC_ERR_DOMAIN },
    [ERR_DIVIDE] = { "DivideError", "DivideError", JC_ERR_DIVIDE },
    [ERR_OVERFLOW] = { "OverflowError", "OverflowError", JC_ERR_OVERFLOW },
    [ERR_INEXACT] = { "InexactError", "InexactError", JC_ERR_INEXACT },
    [ERR_ARGUMENT] = { "ArgumentError", "ArgumentError", JC_ERR_ARGUMENT },
    [ERR_METHOD] = { "MethodError", "MethodError", JC_ERR_METHOD },
    [ERR_UNDEFVAR] = { "UndefVarError", "UndefVarError", JC_ERR_UNDEFVAR },
    [ERR_UNDEFREF] = { "UndefRefError", "UndefRefError", JC_ERR_UNDEFREF },
    [ERR_UNDEFKEYWORD] = { "UndefKeywordError", "UndefKeywordError", JC_ERR_ARGUMENT },
    [ERR_BOUNDS] = { "BoundsError", "BoundsError", JC_ERR_BOUNDS },
    [ERR_STRINGINDEX] = { "StringIndexError", "StringIndexError", JC_ERR_BOUNDS },
    [ERR_DIMENSION] = { "DimensionMismatch", "DimensionMismatch", JC_ERR_DIMENSION },
    [ERR_TYPE] = { "TypeError", "TypeError", JC_ERR_TYPE },
    [ERR_SINGULAR] = { "SingularException", "SingularException", JC_ERR_GENERIC },
    [ERR_STACK] = { "StackOverflowError", "StackOverflowError", JC_ERR_STACK },
    [ERR_INTERRUPT] = { "InterruptException", "InterruptException", JC_ERR_INTERRUPT },
    [ERR_OUTOFMEMORY] = { "OutOfMemoryError", "OutOfMemoryError", JC_ERR_GENERIC },
    [ERR_SYSTEM] = { "SystemError", "SystemError", JC_ERR_GENERIC },
    [ERR_ERROR] = { "ErrorException", "", JC_ERR_GENERIC },
    [ERR_SYNTAX] = { "ErrorException", "syntax", JC_ERR_SYNTAX },
    [ERR_LIMIT_BITS] = { "OverflowError", "OverflowError", JC_ERR_LIMIT },
    [ERR_LIMIT_STEPS] = { "ErrorException", "", JC_ERR_LIMIT },
    [ERR_EXIT] = { "", "", JC_EXIT },
    [ERR_CONTROL] = { "ErrorException", "syntax", JC_ERR_SYNTAX },
};

void err_position_in(const char *src, size_t len, int first_line, size_t off, int *line, int *col)
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

void err_position(const jc_ctx *ctx, size_t off, int *line, int *col)
{
    err_position_in(ctx->src, ctx->srclen, ctx->first_line, off, line, col);
}

void err_record_free(jc_error *e)
{
    free(e->message);
    free(e->detail);
    free(e->source);
    for (int i = 0; i < e->nframes; i++) {
        free(e->frames[i].function);
        free(e->frames[i].args);
        free(e->frames[i].source);
    }
    free(e->frames);
    if (e->cause) {
        err_record_free(e->cause);
        free(e->cause);
    }
    memset(e, 0, sizeof *e);
}

int err_record(jc_ctx *ctx, err_kind kind, char *message, const char *detail, int has_span,
               size_t off, size_t len)
{
    if (ctx->err_set) {
        free(message);
        return -1;
    }
    err_record_free(&ctx->err);
    ctx->err_kind = kind;
    ctx->err.kind = err_table[kind].status;
    ctx->err.type = err_table[kind].type;
    ctx->err.message = message;
    ctx->err.detail = xstrdup(detail);
    ctx->err.source = xstrdup(ctx->srcname ? ctx->srcname : "none");
    if (has_span && ctx->src) {
        err_position(ctx, off, &ctx->err.line, &ctx->err.column);
        ctx->err.offset = off;
        ctx->err.length = len;
    }
    ctx->err_set = 1;
    return -1;
}

int err_throwv(jc_ctx *ctx, err_kind kind, int has_span, size_t off, size_t len,
               const char *fmt, va_list ap)
{
    if (ctx->err_set)
        return -1;
    sb detail = { 0 }, msg = { 0 };
    sb_vprintf(&detail, fmt, ap);
    const char *prefix = err_table[kind].prefix, *d = sb_str(&detail);
    sb_puts(&msg, prefix);
    if (*prefix && (!*d || (*d != ' ' && *d != '(')))
        sb_puts(&msg, *d ? ": " : ":");
    sb_puts(&msg, d);
    err_record(ctx, kind, sb_take(&msg), d, has_span, off, len);
    sb_free(&detail);
    return -1;
}

int err_throw(jc_ctx *ctx, err_kind kind, const ast *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = err_throwv(ctx, kind, at != NULL, at ? at->off : 0, at ? at->len : 0, fmt, ap);
    va_end(ap);
    return r;
}

int err_throw_span(jc_ctx *ctx, err_kind kind, size_t off, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = err_throwv(ctx, kind, 1, off, len, fmt, ap);
    va_end(ap);
    return r;
}

void err_locate(jc_ctx *ctx, const ast *at)
{
    if (!ctx->err_set || ctx->err.line || !at || !ctx->src)
        return;
    /* an infix operation failed: point at its operator, not at its left operand */
    if ((at->kind == A_CALL || at->kind == A_DOTCALL) && (at->flags & AF_INFIX) && at->nkids > 0)
        at = at->kids[0];
    err_position(ctx, at->off, &ctx->err.line, &ctx->err.column);
    ctx->err.offset = at->off;
    ctx->err.length = at->len;
}

void err_clear(jc_ctx *ctx)
{
    err_record_free(&ctx->err);
    val_release(ctx->err_value);
    ctx->err_value = v_nothing();
    ctx->err_traced = 0;
    ctx->err_kind = ERR_NONE;
    ctx->err_set = 0;
}

void err_stash(jc_ctx *ctx, err_stashed *s)
{
    s->err = ctx->err;
    s->kind = ctx->err_kind;
    s->traced = ctx->err_traced;
    s->value = ctx->err_value;
    memset(&ctx->err, 0, sizeof ctx->err);
    ctx->err_value = v_nothing();
    ctx->err_traced = 0;
    ctx->err_kind = ERR_NONE;
    ctx->err_set = 0;
}

void err_unstash(jc_ctx *ctx, err_stashed *s)
{
    err_clear(ctx);
    ctx->err = s->err;
    ctx->err_kind = s->kind;
    ctx->err_traced = s->traced;
    ctx->err_value = s->value;
    ctx->err_set = 1;
}

void err_drop_stash(err_stashed *s)
{
    err_record_free(&s->err);
    val_release(s->value);
}

/* The evaluator records each user frame with the position of its call; the Stacktrace
 * shows each frame with the position reached inside it: the error's own for the
 * innermost, the call of the frame below for the others, then the top-level scope. */
void err_finish_frames(jc_error *e)
{
    if (e->kind == JC_ERR_PARSE || e->kind == JC_INCOMPLETE || e->line <= 0) {
        jc_error tmp = { 0 };
        tmp.frames = e->frames;
        tmp.nframes = e->nframes;
        e->frames = NULL;
        e->nframes = 0;
        err_record_free(&tmp);
        return;
    }
    int n = e->nframes;
    jc_frame *f = xcalloc((size_t)n + 1, sizeof *f);
    char *where = xstrdup(e->source ? e->source : "none");
    int line = e->line, col = e->column;
    for (int i = 0; i <= n; i++) {
        if (i < n) {
            f[i] = e->frames[i];
        } else {
            f[i].function = xstrdup("top-level scope");
            f[i].repeats = 1;
        }
        char *call_src = i < n ? f[i].source : NULL;
        int call_line = i < n ? f[i].line : 0, call_col = i < n ? f[i].column : 0;
        f[i].source = where;
        f[i].line = line;
        f[i].column = col;
        where = call_src;
        line = call_line;
        col = call_col;
    }
    free(where);
    free(e->frames);
    e->frames = f;
    e->nframes = n + 1;
}

jc_status err_take(jc_ctx *ctx, jc_error *e)
{
    *e = ctx->err;
    err_finish_frames(e);
    memset(&ctx->err, 0, sizeof ctx->err);
    val_release(ctx->err_value);
    ctx->err_value = v_nothing();
    ctx->err_kind = ERR_NONE;
    ctx->err_set = 0;
    ctx->err_traced = 0;
    if (e->kind == JC_OK)
        e->kind = JC_ERR_GENERIC;
    return e->kind;
}
