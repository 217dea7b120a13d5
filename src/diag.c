/* diag.c — JuliaSyntax-style source markers and the display of errors.
 *
 * A ParseError reads, as JuliaSyntax prints it:
 *     ParseError:
 *     # Error @ none:1:3
 *     <the line before, if any>
 *     <the line(s) of the range>
 *     <marker> ── <message>
 * The marker sits under the range: └──┘ for a wide range, ╙ for one column, └ for an
 * empty one; the text before it is blanked to its display width and its first column
 * becomes `#` so that the whole block reads as a comment when pasted back. */
#include "diag.h"

#include <stdlib.h>
#include <string.h>

/* Start of the line containing off, and its length without the newline. */
static size_t line_bounds(const char *src, size_t len, size_t off, size_t *line_len)
{
    size_t start = off;
    while (start > 0 && src[start - 1] != '\n')
        start--;
    size_t end = off;
    while (end < len && src[end] != '\n')
        end++;
    *line_len = end - start;
    return start;
}

/* A control character or a byte that is not UTF-8 shows as U+FFFD, one column wide:
 * a raw NUL or escape sequence must not reach the terminal or cut the message short. */
static int is_shown_raw(uint32_t cp) { return cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp < 0xa0); }

static void put_source_line(sb *out, const char *line, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int k = utf8_decode(line + i, n - i, &cp);
        if (k < 0 || (!is_shown_raw(cp) && cp != '\t')) {
            sb_puts(out, "\xef\xbf\xbd");
            i += k < 0 ? 1 : (size_t)k;
            continue;
        }
        sb_put(out, line + i, (size_t)k);
        i += (size_t)k;
    }
}

/* Appends the prefix blanked to its display width, first column replaced by `#`. */
static void put_indent(sb *out, const char *line, size_t n)
{
    size_t start = out->len;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int k = utf8_decode(line + i, n - i, &cp);
        if (k < 0) {
            sb_putc(out, ' ');
            i++;
            continue;
        }
        if (cp == ' ' || cp == '\t')
            sb_putc(out, (char)cp);
        else if (!is_shown_raw(cp))
            sb_putc(out, ' ');
        else
            for (size_t w = utf8_width(line + i, (size_t)k); w > 0; w--)
                sb_putc(out, ' ');
        i += (size_t)k;
    }
    if (out->len > start)
        out->s[start] = '#';
}

static size_t span_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int k = utf8_decode(s + i, n - i, &cp);
        if (k < 0 || (!is_shown_raw(cp) && cp != '\t')) {
            w++; /* shown as U+FFFD */
            i += k < 0 ? 1 : (size_t)k;
            continue;
        }
        w += cp == '\t' ? 4 : utf8_width(s + i, (size_t)k);
        i += (size_t)k;
    }
    return w;
}

void diag_marker(sb *out, const char *line, size_t line_len, size_t col_off, size_t span_len,
                 const char *msg)
{
    if (col_off > line_len)
        col_off = line_len;
    if (span_len > line_len - col_off)
        span_len = line_len - col_off;
    put_indent(out, line, col_off);
    size_t w = span_width(line + col_off, span_len);
    if (w == 0)
        sb_puts(out, "└");
    else if (w == 1)
        sb_puts(out, "╙");
    else {
        sb_puts(out, "└");
        for (size_t i = 0; i + 2 < w; i++)
            sb_puts(out, "─");
        sb_puts(out, "┘");
    }
    sb_puts(out, " ── ");
    sb_puts(out, msg);
}

int diag_parse_error(jc_ctx *ctx, err_kind kind, size_t off, size_t len, const char *msg)
{
    if (ctx->err_set)
        return -1;
    const char *src = ctx->src ? ctx->src : "";
    size_t srclen = ctx->src ? ctx->srclen : 0;
    if (off > srclen)
        off = srclen;
    if (len > srclen - off)
        len = srclen - off;
    int line, col;
    err_position(ctx, off, &line, &col);

    sb text = { 0 };
    sb_printf(&text, "ParseError:\n# Error @ %s:%d:%d\n", ctx->srcname ? ctx->srcname : "none",
              line, col);
    size_t first_len;
    size_t first = line_bounds(src, srclen, off, &first_len);
    if (first > 0) { /* one line of context before */
        size_t prev_len;
        size_t prev = line_bounds(src, srclen, first - 1, &prev_len);
        put_source_line(&text, src + prev, prev_len);
        sb_putc(&text, '\n');
    }
    size_t end = off + len;
    if (end > first + first_len) {
        /* a range over several lines: ┌ over the first, ┘ after the last */
        size_t last_len;
        size_t last = line_bounds(src, srclen, end > 0 ? end - 1 : 0, &last_len);
        size_t indent_start = text.len;
        put_indent(&text, src + first, off - first);
        sb_puts(&text, text.len > indent_start ? "┌" : "┌");
        for (size_t i = 0; i < 3; i++)
            sb_puts(&text, "─");
        sb_putc(&text, '\n');
        put_source_line(&text, src + first, last + last_len - first);
        sb_putc(&text, '\n');
        size_t w = span_width(src + last, end - last);
        sb_puts(&text, "#");
        for (size_t i = 1; i + 1 < w; i++)
            sb_puts(&text, "─");
        sb_puts(&text, "┘ ── ");
        sb_puts(&text, msg);
    } else {
        put_source_line(&text, src + first, first_len);
        sb_putc(&text, '\n');
        diag_marker(&text, src + first, first_len, off - first, len, msg);
    }

    return err_record(ctx, kind, sb_take(&text), msg, 1, off, len);
}

/* "ERROR: " in bold light red when colour is on, as Julia's REPL prints it. */
static void put_error_prefix(const jc_ctx *ctx, sb *out)
{
    if (ctx->color)
        sb_puts(out, "\x1b[91m\x1b[1mERROR: \x1b[22m\x1b[39m");
    else
        sb_puts(out, "ERROR: ");
}

static void render_error(sb *out, const jc_error *e);

char *diag_render(const jc_ctx *ctx, const jc_error *e)
{
    sb out = { 0 };
    put_error_prefix(ctx, &out);
    render_error(&out, e);
    /* the errors being handled when it was thrown, newest first, as Julia's REPL */
    for (const jc_error *c = e->cause; c; c = c->cause) {
        sb_puts(&out, ctx->color ? "\n\x1b[91mcaused by: \x1b[39m" : "\ncaused by: ");
        render_error(&out, c);
    }
    return sb_take(&out);
}

/* The message and the stack trace. */
static void render_error(sb *out, const jc_error *e)
{
    sb_puts(out, e->message ? e->message : "unknown error");
    /* A parse error's message already shows where; others get Julia's frame line, with
     * the column added so that the failing operation can be found in long inputs. */
    if (e->kind == JC_ERR_PARSE || e->kind == JC_INCOMPLETE || e->line <= 0)
        return;
    sb_puts(out, "\nStacktrace:");
    /* a record made by hand, without frames, happened at top level */
    jc_frame top = { "top-level scope", NULL, e->source, e->line, e->column, 1 };
    const jc_frame *frames = e->nframes ? e->frames : &top;
    for (int k = 0; k < (e->nframes ? e->nframes : 1); k++) {
        const jc_frame *f = &frames[k];
        sb_printf(out, "\n [%d] %s", k + 1, f->function);
        if (f->args)
            sb_printf(out, "(%s)", f->args);
        if (f->repeats > 1)
            sb_printf(out, " (repeats %ld times)", f->repeats);
        sb_printf(out, "\n   @ %s", f->source ? f->source : "none");
        if (f->line > 0)
            sb_printf(out, ":%d:%d", f->line, f->column);
    }
}
