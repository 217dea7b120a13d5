/* show.c — values and arrays as Julia 1.10 displays them (see show.h and the
 * reference §1).
 *
 * Numbers are num_show's (num/print.c); everything else is composed here.  Element
 * values inside tuples and complex numbers are shown with `show` (repr) semantics
 * whatever the outer mode, as Julia's show methods do. */
#include "show.h"
#include "regex_obj.h"

#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "array.h"
#include "func.h"
#include "exc.h"
#include "num/num.h"
#include "ident.h"
#include "optable.h"
#include "range.h"
#include "types.h"

/* ---- the objects being shown ----
 *
 * Julia's show methods for containers put the container into the IOContext's
 * :SHOWN_SET before showing its elements, and show_circular (base/show.jl) prints
 * `#= circular reference @-d =#` instead of a container already there, d counting from
 * the innermost entry.  Here the entries are a chain on the C stack of the show calls.
 * As in Julia, a vector's show (show_delim_array), a tuple's show and the text/plain
 * display of any array push and check; the show of a matrix and a named tuple do
 * neither, so a matrix that contains itself recurses until the stack guard below raises
 * StackOverflowError, as Julia's stack overflows.
 *
 * Every entry holds the address of the outermost show's frame (the root entry, v
 * nothing, is that frame's): the nesting may use SHOW_STACK_BUDGET bytes of C stack below it.  The evaluator leaves at
 * least 1 MiB below its own budget for builtins like string(), so half of that is safe
 * whichever way the show was reached. */
typedef struct shown {
    const struct shown *up;
    value v;              /* an array or a tuple; T_NOTHING for the root */
    const char *base;     /* the root's frame address */
} shown;

#define SHOW_STACK_BUDGET ((size_t)512 << 10)

static void show_in(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags, const shown *sh);
static void show_regex(jc_ctx *ctx, sb *out, value v, const shown *sh);
static void show_io(sb *out, value v);
static void show_array_in(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags,
                          const shown *sh);

/* Julia's === on what can be on the shown stack: arrays by identity, tuples (immutable)
 * by their contents. */
static int egal(value x, value y)
{
    if (num_is_number(x) || num_is_number(y))
        return num_identical(x, y);
    if (x.type != y.type)
        return 0;
    switch (x.type) {
    case T_TUPLE: {
        jc_tuple *p = val_tuple(x), *q = val_tuple(y);
        if (p->n != q->n || x.sub != y.sub)
            return 0;
        for (size_t i = 0; i < p->n; i++)
            if (!egal(p->v[i], q->v[i]))
                return 0;
        return 1;
    }
    case T_NAMEDTUPLE: {
        jc_namedtuple *p = (jc_namedtuple *)x.u.o, *q = (jc_namedtuple *)y.u.o;
        if (p->n != q->n)
            return 0;
        for (size_t i = 0; i < p->n; i++)
            if (p->names[i] != q->names[i] || !egal(p->v[i], q->v[i]))
                return 0;
        return 1;
    }
    case T_STRING:
        return val_string(x)->len == val_string(y)->len &&
               !memcmp(val_string(x)->s, val_string(y)->s, val_string(x)->len);
    default:
        if (val_is_heap(x))
            return x.u.o == y.u.o;
        return x.sub == y.sub && x.u.u == y.u.u;
    }
}

/* show_circular: writes the reference and returns 1 when v is being shown already. */
static int show_circular(sb *out, value v, const shown *sh)
{
    int d = 1;
    for (; sh; sh = sh->up) {
        if (sh->v.type == T_NOTHING)
            continue;
        if (egal(sh->v, v)) {
            sb_printf(out, "#= circular reference @-%d =#", d);
            return 1;
        }
        d++;
    }
    return 0;
}

/* The stack guard of one level of nesting: -1 with StackOverflowError pending, or with
 * an error already pending (the rest of the text is thrown away). */
static int show_guard(jc_ctx *ctx, const shown *sh)
{
    char here;
    if (ctx->err_set)
        return -1;
    if (sh && (size_t)(sh->base - &here) > SHOW_STACK_BUDGET)
        return err_throw(ctx, ERR_STACK, NULL, "%s", "");
    return 0;
}

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

static void show_elems(jc_ctx *ctx, sb *out, const value *v, size_t n, unsigned flags,
                       const shown *sh)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_puts(out, ", ");
        show_in(ctx, out, v[i], SHOW_REPR, flags & SHOWF_COMPACT, sh);
    }
}

static void show_function(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags)
{
    jc_func *f = val_func(v);
    const char *name = f->name >= 0 ? sym_name(ctx, f->name) : "#anonymous";
    if (mode == SHOW_REPR && !(flags & SHOWF_COMPACT) && name[0] == '#') {
        /* an anonymous function is bound to no name: Julia's show_default, the
         * instance of its type (var"#1#2"()); :compact keeps the short name */
        sb_printf(out, "var\"%s#%ld\"()", name, strtol(name + 1, NULL, 10) + 1);
        return;
    }
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
    sb_printf(out, " (%s with %d method%s)", name[0] == '@' ? "macro" : "generic function", n,
              n == 1 ? "" : "s");
}

/* show(io, s::Symbol) (show_unquoted_quote_expr): :name for an identifier or an
 * operator, :(=) for the few that need parentheses, else Symbol("…"). */
void show_symbol(jc_ctx *ctx, sb *out, const char *name)
{
    static const char *const quoted[] = { ":", "::", ":=", "=", "==", "===", "=>" };
    (void)ctx;
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof quoted / sizeof *quoted; i++)
        if (!strcmp(name, quoted[i])) {
            sb_printf(out, ":(%s)", name);
            return;
        }
    int ident = n > 0 && strcmp(name, "true") && strcmp(name, "false");
    for (size_t i = 0; ident && i < n;) {
        uint32_t c;
        int k = utf8_decode(name + i, n - i, &c);
        if (k < 0 || !(i == 0 ? ident_is_start(c) : ident_is_char(c)))
            ident = 0;
        i += k > 0 ? (size_t)k : 1;
    }
    /* an operator, or the broadcast form of one (:.+, :.=) */
    const op_info *op = optable_find(name, n);
    if (!op && n > 1 && name[0] == '.') {
        op = optable_find(name + 1, n - 1);
        op = op && (op->flags & OPF_DOTTABLE) ? op : NULL;
    }
    if (ident || (op && strcmp(name, "'"))) {
        sb_putc(out, ':');
        sb_puts(out, name);
        return;
    }
    sb_puts(out, "Symbol(\"");
    escape_string(out, name, n, "\"$");
    sb_puts(out, "\")");
}

/* ---- Pair and ComposedFunction (base/show.jl, base/operators.jl) ---- */

static int is_tagged(value v, int sub) { return v.type == T_TUPLE && v.sub == sub; }

/* isoperator(Symbol(f)) for a function value */
static int is_operator_func(jc_ctx *ctx, value v)
{
    if (v.type != T_FUNCTION || val_func(v)->name < 0)
        return 0;
    const char *s = sym_name(ctx, val_func(v)->name);
    return optable_find(s, strlen(s)) != NULL;
}

static int is_not_func(jc_ctx *ctx, value v)
{
    return v.type == T_FUNCTION && val_func(v)->name >= 0 &&
           !strcmp(sym_name(ctx, val_func(v)->name), "!");
}

/* show(io, p::Pair): each side shown, in parentheses when it is itself a Pair or an
 * operator function (isdelimited); "=>" without spaces under :compact. */
static void show_pair(jc_ctx *ctx, sb *out, value v, unsigned flags, const shown *sh)
{
    if (show_guard(ctx, sh) < 0)
        return;
    jc_tuple *t = val_tuple(v);
    for (int i = 0; i < 2; i++) {
        value x = t->v[i];
        int paren = is_tagged(x, TUP_PAIR) || is_operator_func(ctx, x);
        if (paren)
            sb_putc(out, '(');
        show_in(ctx, out, x, SHOW_REPR, flags & SHOWF_COMPACT, sh);
        if (paren)
            sb_putc(out, ')');
        if (i == 0)
            sb_puts(out, (flags & SHOWF_COMPACT) ? "=>" : " => ");
    }
}

static void show_composed(jc_ctx *ctx, sb *out, value v, const shown *sh);

/* _showcomposed: operators and nested compositions in parentheses, but `!f` bare */
static void show_composed_part(jc_ctx *ctx, sb *out, value x, const shown *sh)
{
    int paren = (is_tagged(x, TUP_COMPOSED) && !is_not_func(ctx, val_tuple(x)->v[0])) ||
                is_operator_func(ctx, x);
    if (paren)
        sb_putc(out, '(');
    if (is_tagged(x, TUP_COMPOSED))
        show_composed(ctx, out, x, sh);
    else
        show_in(ctx, out, x, SHOW_REPR, 0, sh);
    if (paren)
        sb_putc(out, ')');
}

static void show_composed(jc_ctx *ctx, sb *out, value v, const shown *sh)
{
    if (show_guard(ctx, sh) < 0)
        return;
    value outer = val_tuple(v)->v[0], inner = val_tuple(v)->v[1];
    if (is_not_func(ctx, outer)) {
        sb_putc(out, '!');
    } else {
        if (is_tagged(outer, TUP_COMPOSED))
            show_composed(ctx, out, outer, sh);
        else
            show_composed_part(ctx, out, outer, sh);
        sb_puts(out, " ∘ ");
    }
    show_composed_part(ctx, out, inner, sh);
}

/* The REPL's note after a type: the alias's full form, a function's singleton type. */
static void show_type_note(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    if (t->base == T_FUNCTION && t->sym && sym_name(ctx, t->sym - 1)[0] != '#') {
        sb_printf(out, " (singleton type of function %s, subtype of Function)", sym_name(ctx, t->sym - 1));
        return;
    }
    if (t->base == T_ARRAY && !(t->flags & (TYPEF_BITARRAY | TYPEF_UNIFORM | TYPEF_ADJOINT | TYPEF_TRANSPOSE | TYPEF_HERMITIAN)) &&
        (t->ndims == 1 || t->ndims == 2)) {
        sb_puts(out, " (alias for Array{");
        if (t->param && t->param->base == TK_TYPEVAR && !t->param->sym)
            type_name(ctx, out, t->param);
        else if (t->param)
            type_name(ctx, out, t->param);
        else
            sb_putc(out, 'T');
        sb_printf(out, ", %d}%s)", t->ndims, t->param ? "" : " where T");
        return;
    }
    if (t->base == T_COMPLEX && t->param && val_kind_is(t->param->base, VK_HWFLOAT)) {
        sb_puts(out, " (alias for Complex{");
        type_name(ctx, out, t->param);
        sb_puts(out, "})");
    }
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
    char base;
    shown root = { NULL, v_nothing(), &base };
    show_in(ctx, out, v, mode, flags, &root);
}

static void show_in(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags, const shown *sh)
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
        if (mode == SHOW_PRINT || v.sub == STR_DISPLAY)
            sb_put(out, s->s, s->len);
        else {
            sb_putc(out, '"');
            escape_string(out, s->s, s->len, "\"$");
            sb_putc(out, '"');
        }
        break;
    }
    case T_SYMBOL:
        if (mode != SHOW_PRINT && v.sub != SYM_MODULE)
            show_symbol(ctx, out, sym_name(ctx, (int)v.u.i));
        else
            sb_puts(out, sym_name(ctx, (int)v.u.i));
        break;
    case T_TUPLE: {
        if (v.sub == TUP_PAIR) {
            show_pair(ctx, out, v, flags, sh);
            break;
        }
        if (v.sub == TUP_COMPOSED) {
            show_composed(ctx, out, v, sh);
            break;
        }
        if (v.sub == TUP_FIX2) { /* a callable struct: Base.Fix2{typeof(==), Int64}(==, 2) */
            if (mode == SHOW_PLAIN)
                sb_puts(out, "(::");
            type_name_of(ctx, out, v);
            if (mode == SHOW_PLAIN) {
                sb_puts(out, ") (generic function with 1 method)");
                break;
            }
            sb_putc(out, '(');
            show_elems(ctx, out, val_tuple(v)->v, 2, flags, sh);
            sb_putc(out, ')');
            break;
        }
        /* show_delim_array(io, t, '(', ',', ')', true) */
        jc_tuple *t = val_tuple(v);
        sb_putc(out, '(');
        if (show_guard(ctx, sh) == 0 && !show_circular(out, v, sh)) {
            shown here = { sh, v, sh->base };
            show_elems(ctx, out, t->v, t->n, flags, &here);
            if (t->n == 1)
                sb_putc(out, ',');
        }
        sb_putc(out, ')');
        break;
    }
    case T_NAMEDTUPLE: {
        /* base/namedtuple.jl's show: no entry of its own in :SHOWN_SET */
        jc_namedtuple *t = (jc_namedtuple *)v.u.o;
        if (t->n == 0) { /* (;) */
            sb_puts(out, "NamedTuple()");
            break;
        }
        sb_putc(out, '(');
        if (show_guard(ctx, sh) < 0)
            t = &(jc_namedtuple){ .n = 0 };
        for (size_t i = 0; i < t->n; i++) {
            if (i)
                sb_puts(out, ", ");
            sb_printf(out, "%s = ", sym_name(ctx, t->names[i]));
            show_in(ctx, out, t->v[i], SHOW_REPR, flags & SHOWF_COMPACT, sh);
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
        show_function(ctx, out, v, mode, flags);
        break;
    case T_ARRAY:
        show_array_in(ctx, out, v, mode, flags, sh);
        break;
    case T_TYPE:
        type_name(ctx, out, val_typeobj(v));
        if (mode == SHOW_PLAIN)
            show_type_note(ctx, out, val_typeobj(v));
        break;
    case T_STRUCT: { /* Julia's default show: Point{Int64}(1, 2) */
        if (ctx->show_hook && !ctx->err_set && ctx->show_hook(ctx, out, v, (int)mode) != 0)
            break;  /* a user method wrote it (or failed: the error is pending) */
        jc_struct *st = val_struct(v);
        const jc_typeobj *mt = st->type;
        if (mt->def && mt->def->in_base && mt->nelts == 1 && mt->elts[0]->base == TK_VALUE &&
            mt->elts[0]->val.type == T_SYMBOL && !strcmp(sym_name(ctx, mt->def->name), "MIME")) {
            /* base/multimedia.jl: show(io, ::MIME{mime}) prints "MIME type text/plain" */
            sb_puts(out, "MIME type ");
            sb_puts(out, sym_name(ctx, (int)mt->elts[0]->val.u.i));
            break;
        }
        type_name(ctx, out, st->type);
        sb_putc(out, '(');
        if (st->n && show_guard(ctx, sh) == 0 && !show_circular(out, v, sh)) {
            shown here = { sh, v, sh->base };
            for (size_t i = 0; i < st->n; i++) {
                if (i)
                    sb_puts(out, ", ");
                if (st->v[i].type == T_NOTHING && st->v[i].sub == 1)
                    sb_puts(out, "#undef");
                else
                    show_in(ctx, out, st->v[i], SHOW_REPR, flags & SHOWF_COMPACT, &here);
            }
        }
        sb_putc(out, ')');
        break;
    }
    case T_ROUNDMODE:
        sb_printf(out, "RoundingMode{:%s}()",
                  v.u.i >= 0 && v.u.i < RM__COUNT ? num_roundmode_names[v.u.i] : "Nearest");
        break;
    case T_EXCEPTION: { /* Julia's default show of a struct: T(field, …), #undef unset */
        const jc_exception *x = val_exc(v);
        sb_printf(out, "%s(", exc_table[x->id].name);
        for (size_t i = 0; i < x->n; i++) {
            if (i)
                sb_puts(out, ", ");
            if (x->undef & (1u << i))
                sb_puts(out, "#undef");
            else
                show_in(ctx, out, x->v[i], SHOW_REPR, flags & SHOWF_COMPACT, sh);
        }
        sb_putc(out, ')');
        break;
    }
    case T_REGEX: case T_REGEXMATCH:
        show_regex(ctx, out, v, sh);
        break;
    case T_IOBUFFER: case T_IOSTREAM: case T_DEVNULL:
        show_io(out, v);
        break;
    default:
        num_show(ctx, out, v, mode, flags);
        break;
    }
}

/* ---- IO streams ---- */

/* base/iobuffer.jl's show of an IOBuffer (the fields of a writable buffer, the data
 * elided), iostream.jl's IOStream(<fd 1>), and devnull as its type's instance. */
static void show_io(sb *out, value v)
{
    const jc_io *io = val_io(v);
    if (v.type == T_DEVNULL)
        sb_puts(out, "Base.DevNull()");
    else if (v.type == T_IOSTREAM)
        sb_printf(out, "IOStream(<fd %d>)", io->stream == IO_STDERR ? 2 : 1);
    else
        sb_printf(out, "IOBuffer(data=UInt8[...], readable=true, writable=true, seekable=true, "
                       "append=false, size=%zu, maxsize=Inf, ptr=%zu, mark=-1)",
                  io->len, io->ptr + 1);
}

/* ---- regular expressions (base/regex.jl's show) ---- */

/* r"pattern"flags, the pattern with escape_raw_string's escapes (a quote, and the
 * backslashes before a quote or at the end, doubled or escaped). */
static void show_regex(jc_ctx *ctx, sb *out, value v, const shown *sh)
{
    if (v.type == T_REGEX) {
        const jc_regex *r = val_regex(v);
        const jc_string *p = val_string(r->pattern);
        sb_puts(out, "r\"");
        size_t bs = 0;
        for (size_t i = 0; i < p->len; i++) {
            char c = p->s[i];
            if (c == '\\') {
                bs++;
            } else {
                if (c == '"') {
                    for (size_t k = 0; k < bs + 1; k++)
                        sb_putc(out, '\\');
                }
                bs = 0;
            }
            sb_putc(out, c);
        }
        for (size_t k = 0; k < bs; k++)
            sb_putc(out, '\\');
        sb_putc(out, '"');
        static const char letters[] = "imsx";
        for (int k = 0; k < 4; k++)
            if (r->flags & (1u << k))
                sb_putc(out, letters[k]);
        if (r->flags & RX_A)
            sb_putc(out, 'a');
        return;
    }
    const jc_regexmatch *m = val_regexmatch(v);
    const jc_regex *r = val_regex(m->regex);
    sb_puts(out, "RegexMatch(");
    show_in(ctx, out, m->match, SHOW_REPR, 0, sh);
    int64_t n = val_array(m->captures)->len;
    for (int64_t i = 0; i < n; i++) {
        sb_puts(out, ", ");
        value name = r->names.type == T_TUPLE && (size_t)i < val_tuple(r->names)->n
                         ? val_tuple(r->names)->v[i] : v_nothing();
        if (name.type == T_STRING)
            sb_put(out, val_string(name)->s, val_string(name)->len);
        else
            sb_printf(out, "%lld", (long long)i + 1);
        sb_putc(out, '=');
        show_in(ctx, out, val_array(m->captures)->v[i], SHOW_REPR, 0, sh);
    }
    sb_putc(out, ')');
}

/* ---- arrays ----
 *
 * Julia's display of arrays (base/arrayshow.jl): the summary line ("3-element
 * Vector{Int64}"), each column aligned on a (left, right) split of its elements' texts,
 * matrices with more than one column printed compactly, and under :limit (the REPL) rows
 * and columns beyond the display size elided with ⋮, … and ⋱.  The display size is the
 * context's (jc_set_display_size: the front end asks the terminal, never the library). */

/* Private flag: the element type is already known from an enclosing display, so a
 * nested array omits its type prefix. */
#define SHOWF_ELTYPE_KNOWN (1u << 20)

/* Flags for showing elements of an array of element type et (Julia's :typeinfo). */
static unsigned elem_flags(const jc_array *a, value x, unsigned base)
{
    unsigned f = base & SHOWF_COMPACT;
    const jc_typeobj *et = a->et;
    if (et->base == T_RATIONAL)
        f |= SHOWF_TYPEINFO_RATIONAL;
    if (et->base == T_BOOL)
        f |= SHOWF_TYPEINFO_BOOL;
    num_type nt, xt;
    if (type_number(et, &nt) && num_typeof(x, &xt) == 0 && nt.t == xt.t && nt.sub == xt.sub &&
        nt.cplx == xt.cplx)
        f |= SHOWF_TYPEINFO_SAME;
    if (x.type == T_ARRAY && et->base == T_ARRAY)
        f |= SHOWF_ELTYPE_KNOWN;
    return f;
}

static void elem_text(jc_ctx *ctx, const jc_array *a, int64_t i, unsigned flags, sb *out,
                      const shown *sh)
{
    value x = a->v[i];
    if (arr_is_undef(x)) {
        sb_puts(out, "#undef");
        return;
    }
    show_in(ctx, out, x, SHOW_REPR, elem_flags(a, x, flags), sh);
}

/* Julia's alignment(io, x): the (left, right) widths around the alignment point. */
static void elem_align(const jc_array *a, int64_t i, const char *s, size_t n, int64_t *l, int64_t *r)
{
    value x = a->v[i];
    int64_t w = (int64_t)utf8_length(s, n);
    *l = w;
    *r = 0;
    if (arr_is_undef(x)) {
        *l = 3;
        *r = 3;
        return;
    }
    size_t cut = n;
    switch (x.type) {
    case T_BOOL: case T_INT64: case T_BIGINT: case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
    case T_UINT128: case T_INT8: case T_INT16: case T_INT32: case T_INT128:
        return;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: case T_BIGFLOAT: case T_IRRATIONAL:
        for (size_t k = 0; k < n; k++)
            if (strchr(".eEfF", s[k])) {
                cut = k;
                break;
            }
        break;
    case T_RATIONAL: {
        const char *p = strstr(s, "//");
        if (p)
            cut = (size_t)(p - s) + 1;
        break;
    }
    case T_TUPLE: {
        /* alignment(io, x::Pair): on the "=" of the "=>" between the two sides, found
         * outside brackets and quotes */
        if (x.sub != TUP_PAIR)
            goto other;
        int depth = 0;
        char quote = 0;
        for (size_t k = 0; k + 1 < n; k++) {
            char ch = s[k];
            if (quote) {
                if (ch == '\\')
                    k++;
                else if (ch == quote)
                    quote = 0;
            } else if (ch == '"' || ch == '\'')
                quote = ch;
            else if (ch == '(' || ch == '[' || ch == '{')
                depth++;
            else if (ch == ')' || ch == ']' || ch == '}')
                depth--;
            else if (!depth && ch == '=' && s[k + 1] == '>') {
                cut = k + 1;
                break;
            }
        }
        if (cut == n)
            goto other;
        break;
    }
    case T_COMPLEX:
        /* the last + or - not preceded by e/f, with something before it */
        for (size_t k = n; k-- > 1;)
            if ((s[k] == '+' || s[k] == '-') && s[k - 1] != 'e' && s[k - 1] != 'f') {
                cut = k + 1;
                break;
            }
        break;
    default:
    other:
        *l = 0;
        *r = w;
        return;
    }
    *l = (int64_t)utf8_length(s, cut);
    *r = w - *l;
}

typedef struct cell { char *s; size_t n; int64_t l, r; } cell;

typedef struct matview {
    jc_ctx *ctx;
    const jc_array *a;
    int64_t m, ncol;      /* rows and columns of the 2-D slice */
    int64_t base;         /* linear offset of the slice */
    unsigned flags;
    const shown *sh;      /* the array itself is on it (text/plain pushes it) */
    cell *cache;          /* m*ncol, filled lazily */
} matview;

static cell *mv_cell(matview *mv, int64_t i, int64_t j)
{
    cell *c = &mv->cache[j * mv->m + i];
    if (!c->s) {
        sb s = { 0 };
        int64_t li = mv->base + j * mv->m + i;
        elem_text(mv->ctx, mv->a, li, mv->flags, &s, mv->sh);
        c->n = s.len;
        c->s = sb_take(&s);
        elem_align(mv->a, li, c->s, c->n, &c->l, &c->r);
    }
    return c;
}

static void pad(sb *out, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        sb_putc(out, ' ');
}

/* alignment(io, X, rows, cols, cols_if_complete, cols_otherwise, sep) */
static int64_t mv_alignment(matview *mv, const int64_t *rows, int64_t nr, const int64_t *cols, int64_t nc,
                            int64_t if_complete, int64_t otherwise, int64_t sep, int64_t (*A)[2])
{
    int64_t na = 0, total = 0;
    for (int64_t k = 0; k < nc; k++) {
        int64_t l = 0, r = 0;
        for (int64_t q = 0; q < nr; q++) {
            cell *c = mv_cell(mv, rows[q], cols[k]);
            if (c->l > l)
                l = c->l;
            if (c->r > r)
                r = c->r;
        }
        A[na][0] = l;
        A[na][1] = r;
        na++;
        total += l + r;
        if (na > 1 && total + sep * na >= if_complete) {
            na--;
            total -= l + r;
            break;
        }
    }
    if (1 < na && na < mv->ncol)
        while (na > 0 && total + sep * na >= otherwise) {
            na--;
            total -= A[na][0] + A[na][1];
        }
    return na;
}

static void mv_row(matview *mv, sb *out, int64_t (*A)[2], int64_t na, int64_t i, const int64_t *cols,
                   const char *sep)
{
    for (int64_t k = 0; k < na; k++) {
        cell *c = mv_cell(mv, i, cols[k]);
        pad(out, A[k][0] - c->l);
        sb_put(out, c->s, c->n);
        if (cols[k] != mv->ncol - 1)
            pad(out, A[k][1] - c->r);
        if (k < na - 1)
            sb_puts(out, sep);
    }
}

static void mv_vdots(sb *out, int64_t (*A)[2], int64_t na, const char *sep, int64_t M, int64_t m)
{
    for (int64_t k = 1; k <= na; k++) {
        int64_t w = A[k - 1][0] + A[k - 1][1];
        if (k % M == m) {
            int64_t l = A[k - 1][0] - 1 > 0 ? A[k - 1][0] - 1 : 0;
            int64_t r = w - 1 - l > 0 ? w - 1 - l : 0;
            pad(out, l);
            sb_puts(out, "⋮");
            pad(out, r);
        } else
            pad(out, w);
        if (k < na)
            sb_puts(out, sep);
    }
}

static int64_t sum_align(int64_t (*A)[2], int64_t na)
{
    int64_t s = 0;
    for (int64_t k = 0; k < na; k++)
        s += A[k][0] + A[k][1];
    return s;
}

/* base/arrayshow.jl print_matrix with pre = " ", sep = "  ", post = "". */
static void print_matrix(matview *mv, sb *out, int limit, int rows_avail, int cols_avail)
{
    const char *pre = " ", *sep = "  ", *hdots = "  …  ", *ddots = "  ⋱  ";
    const int64_t hdotsw = 5, sepsize = 2, hmod = 5, vmod = 5;
    int64_t screenheight = INT64_MAX / 4, screenwidth = INT64_MAX / 4;
    if (limit) {
        screenheight = rows_avail - 4;
        screenwidth = cols_avail;
    }
    screenwidth -= 1;
    int64_t m = mv->m, n = mv->ncol;
    int64_t halfheight = screenheight / 2;
    int64_t nr = m, ncl = n;
    int64_t *rows, *cols;
    if (m > screenheight) {
        int64_t tail = (screenheight - 1) / 2;
        nr = halfheight + tail;
        rows = xmalloc((size_t)(nr > 0 ? nr : 1) * sizeof *rows);
        for (int64_t q = 0; q < halfheight; q++)
            rows[q] = q;
        for (int64_t q = 0; q < tail; q++)
            rows[halfheight + q] = m - tail + q;
    } else {
        rows = xmalloc(nz(m) * sizeof *rows);
        for (int64_t q = 0; q < m; q++)
            rows[q] = q;
    }
    int64_t maxpossiblecols = screenwidth / (1 + sepsize);
    if (n > maxpossiblecols) {
        ncl = 2 * maxpossiblecols;
        cols = xmalloc(nz(ncl) * sizeof *cols);
        for (int64_t q = 0; q < maxpossiblecols; q++) {
            cols[q] = q;
            cols[maxpossiblecols + q] = n - maxpossiblecols + q;
        }
    } else {
        cols = xmalloc(nz(n) * sizeof *cols);
        for (int64_t q = 0; q < n; q++)
            cols[q] = q;
    }
    int64_t (*A)[2] = xmalloc(nz(ncl) * sizeof *A);
    int64_t na = mv_alignment(mv, rows, nr, cols, ncl, screenwidth, screenwidth, sepsize, A);
    int64_t (*L)[2] = NULL, (*R)[2] = NULL, nl = 0, nrr = 0, vr = 0;
    int64_t *rcols = NULL;
    int split = n > na;
    if (split) {
        int64_t c = (screenwidth - hdotsw + 1) / 2 + 1;
        int64_t *rev = xmalloc((size_t)ncl * sizeof *rev);
        for (int64_t q = 0; q < ncl; q++)
            rev[q] = cols[ncl - 1 - q];
        R = xmalloc((size_t)ncl * sizeof *R);
        nrr = mv_alignment(mv, rows, nr, rev, ncl, c, c, sepsize, R);
        /* reverse R */
        for (int64_t q = 0; q < nrr / 2; q++) {
            int64_t t0 = R[q][0], t1 = R[q][1];
            R[q][0] = R[nrr - 1 - q][0];
            R[q][1] = R[nrr - 1 - q][1];
            R[nrr - 1 - q][0] = t0;
            R[nrr - 1 - q][1] = t1;
        }
        free(rev);
        c = screenwidth - sum_align(R, nrr) - (nrr - 1) * sepsize - hdotsw;
        L = xmalloc((size_t)ncl * sizeof *L);
        nl = mv_alignment(mv, rows, nr, cols, ncl, c, c, sepsize, L);
        rcols = xmalloc(nz(nrr) * sizeof *rcols);
        for (int64_t q = 0; q < nrr; q++)
            rcols[q] = n - nrr + q;
        vr = ((nrr - n + 1) % vmod + vmod) % vmod;
    }
    int vert = m > screenheight;
    for (int64_t q = 0; q < nr; q++) {
        int64_t i = rows[q];
        sb_puts(out, pre);
        if (!split)
            mv_row(mv, out, A, na, i, cols, sep);
        else {
            mv_row(mv, out, L, nl, i, cols, sep);
            if (q % hmod == 0)
                sb_puts(out, hdots);
            else
                pad(out, hdotsw);
            mv_row(mv, out, R, nrr, i, rcols, sep);
        }
        if (q != nr - 1 || (vert && q == halfheight - 1))
            sb_putc(out, '\n');
        if (vert && q == halfheight - 1) {
            sb_puts(out, pre);
            if (!split)
                mv_vdots(out, A, na, sep, vmod, 1);
            else {
                mv_vdots(out, L, nl, sep, vmod, 1);
                sb_puts(out, ddots);
                mv_vdots(out, R, nrr, sep, vmod, vr);
            }
            if (q != nr - 1)
                sb_putc(out, '\n');
        }
    }
    if (vert && nr == 0) {
        sb_puts(out, pre);
        sb_puts(out, "⋮");
        if (ncl > 1) {
            sb_puts(out, "    ");
            sb_puts(out, ddots);
        }
    }
    free(rows);
    free(cols);
    free(A);
    free(L);
    free(R);
    free(rcols);
}

static void show_matview(jc_ctx *ctx, sb *out, const jc_array *a, int64_t base, int64_t m, int64_t n,
                         unsigned flags, int limit, int rows, int cols, const shown *sh)
{
    matview mv = { ctx, a, m, n, base, flags, sh, NULL };
    mv.cache = xcalloc(nz(m * n), sizeof *mv.cache);
    print_matrix(&mv, out, limit, rows, cols);
    for (int64_t i = 0; i < m * n; i++)
        free(mv.cache[i].s);
    free(mv.cache);
}

/* Julia's typeinfo_implicit: element types whose values read back as that type without
 * a prefix (Float64, Int64, Char, String, Symbol, Nothing), and concrete arrays of
 * them, tuples and pairs of them. */
static int typeinfo_implicit(const jc_typeobj *t)
{
    int b = t->base;
    if (!t->param && !t->flags && !t->nelts &&
        (b == T_FLOAT64 || b == T_INT64 || b == T_CHAR || b == T_STRING || b == T_SYMBOL ||
         b == T_NOTHING))
        return 1;
    if (!type_is_concrete(t))
        return 0;
    if (b == T_ARRAY)
        return t->param && typeinfo_implicit(t->param);
    if (b == T_TUPLE && t->sub != TUP_COMPOSED && t->sub != TUP_FIX2) {
        for (size_t i = 0; i < t->nelts; i++)
            if (!typeinfo_implicit(t->elts[i]))
                return 0;
        return 1;
    }
    return 0;
}

/* typeinfo_prefix: the element type before [ ... ] unless the reader can infer it. */
static void show_prefix(jc_ctx *ctx, sb *out, const jc_array *a, unsigned flags)
{
    if (flags & SHOWF_ELTYPE_KNOWN)
        return;
    if (a->len > 0 && typeinfo_implicit(a->et))
        return;
    type_name(ctx, out, a->et);
}

static void show_uniform(jc_ctx *ctx, sb *out, value v, show_mode mode)
{
    jc_array *a = val_array(v);
    if (mode == SHOW_PLAIN) {
        type_name_of(ctx, out, v);
        sb_putc(out, '\n');
        if (a->v[0].type == T_COMPLEX) {
            sb_putc(out, '(');
            show_value(ctx, out, a->v[0], SHOW_PRINT, 0);
            sb_putc(out, ')');
        } else
            show_value(ctx, out, a->v[0], SHOW_PRINT, 0);
        sb_puts(out, "*I");
        return;
    }
    type_name_of(ctx, out, v);
    sb_putc(out, '(');
    show_value(ctx, out, a->v[0], SHOW_REPR, 0);
    sb_putc(out, ')');
}

void show_array(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags)
{
    char base;
    shown root = { NULL, v_nothing(), &base };
    show_array_in(ctx, out, v, mode, flags, &root);
}

/* base/arrayshow.jl: show(io, ::MIME"text/plain", X) (SHOW_PLAIN), show_vector and
 * _show_nonempty (the rest). */
static void show_array_in(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags,
                          const shown *sh)
{
    jc_array *a = val_array(v);
    if (show_guard(ctx, sh) < 0)
        return;
    if (a->kind == ARR_UNIFORM) {
        show_uniform(ctx, out, v, mode);
        return;
    }
    /* only a Vector shows empty as T[]; an empty BitVector keeps its summary */
    if (mode == SHOW_PLAIN && !(a->len == 0 && a->nd == 1 && !a->bits)) {
        int rows, cols;
        rows = ctx->display_rows;
        cols = ctx->display_cols;
        array_summary(ctx, out, v);
        if (a->len == 0)
            return;
        sb_putc(out, ':');
        if (show_circular(out, v, sh))
            return;
        shown here = { sh, v, sh->base };
        if (rows - 4 <= 0) {
            sb_puts(out, " …");
            return;
        }
        sb_putc(out, '\n');
        if (a->nd == 0) { /* print_array of a 0-dimensional array: the element alone */
            elem_text(ctx, a, 0, 0, out, &here);
            return;
        }
        int64_t m = a->dims[0], n = a->nd >= 2 ? a->dims[1] : 1;
        unsigned ef = n > 1 ? SHOWF_COMPACT : 0;
        if (a->nd <= 2) {
            show_matview(ctx, out, a, 0, m, n, ef, 1, rows, cols, &here);
            return;
        }
        /* n-dimensional: each 2-D slice under its label */
        int64_t nslices = m > 0 && n > 0 ? a->len / (m * n) : 0;
        for (int64_t s = 0; s < nslices; s++) {
            sb_puts(out, "[:, :, ");
            int64_t rem = s;
            for (int k = 2; k < a->nd; k++) {
                sb_printf(out, k > 2 ? ", %lld" : "%lld", (long long)(rem % a->dims[k] + 1));
                rem /= a->dims[k];
            }
            sb_puts(out, "] =\n");
            show_matview(ctx, out, a, s * m * n, m, n, ef, 1, rows, cols, &here);
            if (s + 1 < nslices)
                sb_puts(out, "\n\n");
        }
        return;
    }
    /* show: [1, 2, 3], [1 2; 3 4]; a 0-dimensional array as Julia's show_zero_dim:
     * fill(x), its element shown without the array's type information */
    if (a->nd == 0) {
        if (arr_is_undef(a->v[0])) {
            sb_puts(out, "Array{");
            type_name(ctx, out, a->et);
            sb_puts(out, ", 0}(undef)");
            return;
        }
        sb_puts(out, "fill(");
        show_value(ctx, out, a->v[0], SHOW_REPR, flags & SHOWF_COMPACT);
        sb_putc(out, ')');
        return;
    }
    if (a->len == 0 && a->nd != 1) {
        sb_puts(out, "Array{");
        type_name(ctx, out, a->et);
        sb_puts(out, "}(undef,");
        for (int k = 0; k < a->nd; k++)
            sb_printf(out, k ? ",%lld" : "%lld", (long long)a->dims[k]);
        sb_putc(out, ')');
        return;
    }
    show_prefix(ctx, out, a, flags);
    unsigned f = flags & SHOWF_COMPACT;
    if (a->nd == 1) {
        /* show_delim_array(io, v, '[', ",", ']', false) */
        sb_putc(out, '[');
        if (!show_circular(out, v, sh)) {
            shown here = { sh, v, sh->base };
            for (int64_t i = 0; i < a->len && !ctx->err_set; i++) {
                if (i)
                    sb_puts(out, ", ");
                elem_text(ctx, a, i, f, out, &here);
            }
        }
        sb_putc(out, ']');
        return;
    }
    /* a matrix: _show_nonempty neither checks nor pushes */
    int64_t m = a->dims[0], n = m ? a->len / m : 0;
    sb_putc(out, '[');
    for (int64_t i = 0; i < m; i++) {
        for (int64_t j = 0; j < n && !ctx->err_set; j++) {
            if (j)
                sb_putc(out, ' ');
            elem_text(ctx, a, j * m + i, f, out, sh);
        }
        if (i < m - 1)
            sb_puts(out, "; ");
    }
    sb_putc(out, ']');
}
