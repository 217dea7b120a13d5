/* show.c — values as Julia 1.10 displays them (see show.h and the reference §1).
 *
 * Floats go through fmtfloat (shortest digits, Julia's layout); everything else is
 * composed here.  Element values inside tuples and complex numbers are shown with
 * `show` (repr) semantics whatever the outer mode, as Julia's show methods do. */
#include "show.h"
#include "types.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "array.h"
#include "eval.h"
#include "num/float16.h"
#include "num/fmtfloat.h"
#include "num/bigjob.h"
#include "num/num.h"
#include "range.h"

/* ---- strings and characters ---- */

static int is_printable(uint32_t c)
{
    /* Julia's isprint: categories L*, M*, N*, P*, S* and Zs */
    utf8proc_category_t k = utf8proc_category((utf8proc_int32_t)c);
    return k >= UTF8PROC_CATEGORY_LU && k <= UTF8PROC_CATEGORY_ZS;
}

static int is_xdigit_cp(uint32_t c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Julia's escape_string(io, s, esc): esc are the extra characters to backslash. */
static void escape_string(sb *out, const char *s, size_t n, const char *esc)
{
    size_t i = 0;
    while (i < n) {
        uint32_t c;
        int len = utf8_decode(s + i, n - i, &c);
        if (len < 0) {   /* invalid byte: \xNN */
            sb_printf(out, "\\x%02x", (unsigned char)s[i]);
            i++;
            continue;
        }
        i += (size_t)len;
        uint32_t next = 0;
        int has_next = 0;
        if (i < n && utf8_decode(s + i, n - i, &next) > 0)
            has_next = 1;
        if (c < 0x80 && strchr(esc, (int)c) && c) {
            sb_putc(out, '\\');
            sb_putc(out, (char)c);
        } else if (c < 0x80) {
            if (c == 0)
                sb_puts(out, has_next && next >= '0' && next <= '7' ? "\\x00" : "\\0");
            else if (c == 0x1b)
                sb_puts(out, "\\e");
            else if (c == '\\')
                sb_puts(out, "\\\\");
            else if (c >= 7 && c <= 13) {
                sb_putc(out, '\\');
                sb_putc(out, "abtnvfr"[c - 7]);
            } else if (c >= 0x20 && c < 0x7f)
                sb_putc(out, (char)c);
            else
                sb_printf(out, "\\x%02x", c);
        } else if (is_printable(c)) {
            sb_pututf8(out, c);
        } else if (c <= 0xffff) {
            sb_printf(out, "\\u%0*x", has_next && is_xdigit_cp(next) ? 4 : 2, c);
        } else {
            sb_printf(out, "\\U%0*x", has_next && is_xdigit_cp(next) ? 8 : 4, c);
        }
    }
}

static const char *const category_abbrev[] = {
    "Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps",
    "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co",
};
static const char *const category_text[] = {
    "Other, not assigned", "Letter, uppercase", "Letter, lowercase", "Letter, titlecase",
    "Letter, modifier", "Letter, other", "Mark, nonspacing", "Mark, spacing combining",
    "Mark, enclosing", "Number, decimal digit", "Number, letter", "Number, other",
    "Punctuation, connector", "Punctuation, dash", "Punctuation, open", "Punctuation, close",
    "Punctuation, initial quote", "Punctuation, final quote", "Punctuation, other",
    "Symbol, math", "Symbol, currency", "Symbol, modifier", "Symbol, other",
    "Separator, space", "Separator, line", "Separator, paragraph", "Other, control",
    "Other, format", "Other, surrogate", "Other, private use",
};

static void show_char(sb *out, uint32_t c, show_mode mode, unsigned flags)
{
    if (mode == SHOW_PRINT) {
        sb_pututf8(out, c);
        return;
    }
    static const char special[] = { '\0', '0', '\a', 'a', '\b', 'b', '\t', 't', '\n', 'n',
                                    '\v', 'v', '\f', 'f', '\r', 'r', 0x1b, 'e', '\'', '\'',
                                    '\\', '\\' };
    int done = 0;
    for (size_t i = 0; i < sizeof special; i += 2)
        if (c == (unsigned char)special[i]) {
            sb_putc(out, '\'');
            sb_putc(out, '\\');
            sb_putc(out, special[i + 1]);
            sb_putc(out, '\'');
            done = 1;
            break;
        }
    if (!done) {
        sb_putc(out, '\'');
        if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) || !is_printable(c)) {
            char tmp[8];
            size_t n = 0;
            if (c <= 0x10ffff && !(c >= 0xd800 && c <= 0xdfff)) {
                sb t = { 0 };
                sb_pututf8(&t, c);
                n = t.len;
                memcpy(tmp, t.s, n);
                sb_free(&t);
            }
            escape_string(out, tmp, n, "'");
        } else
            sb_pututf8(out, c);
        sb_putc(out, '\'');
    }
    if (mode != SHOW_PLAIN || (flags & SHOWF_COMPACT))
        return;
    sb_printf(out, ": %sUnicode U+%0*X", c < 0x80 ? "ASCII/" : "", c <= 0xffff ? 4 : 6, c);
    int k = utf8proc_category((utf8proc_int32_t)c);
    if (k < 0 || k > 29)
        k = 0;
    sb_printf(out, " (category %s: %s)", category_abbrev[k], category_text[k]);
}

/* ---- containers and the rest ---- */

static void show_elems(jc_ctx *ctx, sb *out, const value *v, size_t n, unsigned flags)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_puts(out, ", ");
        show_value(ctx, out, v[i], SHOW_REPR, flags & SHOWF_COMPACT);
    }
}

static void show_function(jc_ctx *ctx, sb *out, value v, show_mode mode)
{
    jc_func *f = val_func(v);
    const char *name = f->name >= 0 ? sym_name(ctx, f->name) : "#anonymous";
    sb_puts(out, name);
    if (mode != SHOW_PLAIN)
        return;
    /* a name the user defined counts the user's methods, as a new function in Julia's
     * Main would (the builtin rows stay reachable for other argument types) */
    int n = 0;
    for (const jc_method *m = f->methods; m; m = m->next)
        n++;
    if (!n)
        n = f->nrows;
    sb_printf(out, " (generic function with %d method%s)", n, n == 1 ? "" : "s");
}

static void show_range(jc_ctx *ctx, sb *out, value v, unsigned flags)
{
    jc_range *r = val_range(v);
    unsigned f = flags & SHOWF_COMPACT;
    show_value(ctx, out, r->start, SHOW_REPR, f);
    sb_putc(out, ':');
    if (r->kind != RANGE_UNIT) {
        show_value(ctx, out, r->step, SHOW_REPR, f);
        sb_putc(out, ':');
    }
    show_value(ctx, out, r->stop, SHOW_REPR, f);
}

void show_value(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags)
{
    switch (v.type) {
    case T_NOTHING:
        sb_puts(out, "nothing");
        break;
    case T_CHAR:
        show_char(out, v.u.c, mode, flags);
        break;
    case T_STRING: {
        jc_string *s = val_string(v);
        if (mode == SHOW_PRINT)
            sb_put(out, s->s, s->len);
        else {
            sb_putc(out, '"');
            escape_string(out, s->s, s->len, "\"$");
            sb_putc(out, '"');
        }
        break;
    }
    case T_SYMBOL:
        if (mode != SHOW_PRINT)
            sb_putc(out, ':');
        sb_puts(out, sym_name(ctx, (int)v.u.i));
        break;
    case T_TUPLE: {
        jc_tuple *t = val_tuple(v);
        sb_putc(out, '(');
        show_elems(ctx, out, t->v, t->n, flags);
        if (t->n == 1)
            sb_putc(out, ',');
        sb_putc(out, ')');
        break;
    }
    case T_NAMEDTUPLE: {
        jc_namedtuple *t = (jc_namedtuple *)v.u.o;
        sb_putc(out, '(');
        for (size_t i = 0; i < t->n; i++) {
            if (i)
                sb_puts(out, ", ");
            sb_printf(out, "%s = ", sym_name(ctx, t->names[i]));
            show_value(ctx, out, t->v[i], SHOW_REPR, flags & SHOWF_COMPACT);
        }
        if (t->n == 1)
            sb_putc(out, ',');
        sb_putc(out, ')');
        break;
    }
    case T_RANGE:
        show_range(ctx, out, v, flags);
        break;
    case T_FUNCTION:
        show_function(ctx, out, v, mode);
        break;
    case T_ARRAY:
        show_array(ctx, out, v, mode, flags);
        break;
    case T_TYPE:
        show_type(ctx, out, val_typeobj(v));
        break;
    case T_ROUNDMODE:
        sb_printf(out, "RoundingMode{:%s}()",
                  v.u.i >= 0 && v.u.i < RM__COUNT ? num_roundmode_names[v.u.i] : "Nearest");
        break;
    default:
        num_show(ctx, out, v, mode, flags);
        break;
    }
}
