/* help.c — help-mode text (see help.h) and jc_help. */
#include "help.h"
#include "eval_macro.h"

#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "compl.h"
#include "ident.h"
#include "jc.h"
#include "eval.h"
#include "lib/lib.h"
#include "parse.h"
#include "show.h"
#include "types.h"
#include "util.h"

#define CYAN "\x1b[36m"
#define DEFAULT_FG "\x1b[39m"

static void put_colored(sb *out, const char *s, size_t n, int color)
{
    if (color)
        sb_puts(out, CYAN);
    sb_put(out, s, n);
    if (color)
        sb_puts(out, DEFAULT_FG);
}

static void put_head(sb *out, const char *s, size_t len, int color)
{
    sb_putc(out, '"');
    put_colored(out, s, len, color);
    sb_puts(out, "\" can be typed by ");
}

/* Spells s character by character (Julia's repl_latex fallback).  A name of three
 * characters `\^x` or `\_x` opens a run that later characters of the same kind extend
 * with their last character alone; `<tab>` closes a run or follows any other name. */
static int spell_chars(const char *s, size_t len, sb *out)
{
    int any = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        int k = utf8_decode(s + i, len - i, &cp);
        if (k < 0)
            k = 1;
        if (compl_symbol_name(s + i, (size_t)k))
            any = 1;
        i += (size_t)k;
    }
    if (!any)
        return 0;
    char run = 0; /* '^' or '_' while a sub/superscript run is open */
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        int k = utf8_decode(s + i, len - i, &cp);
        if (k < 0)
            k = 1;
        const char *name = compl_symbol_name(s + i, (size_t)k);
        if (name && strlen(name) == 3 && (name[1] == '^' || name[1] == '_')) {
            if (run != name[1]) {
                if (run)
                    sb_puts(out, "<tab>");
                sb_put(out, name, 2);
                run = name[1];
            }
            sb_putc(out, name[2]);
        } else {
            if (run)
                sb_puts(out, "<tab>");
            run = 0;
            if (name) {
                sb_puts(out, name);
                sb_puts(out, "<tab>");
            } else
                sb_put(out, s + i, (size_t)k);
        }
        i += (size_t)k;
    }
    if (run)
        sb_puts(out, "<tab>");
    return 1;
}

char *help_latex(const char *s, size_t len, int color)
{
    sb out = { 0 };
    const char *name = compl_symbol_name(s, len);
    char *nfd = NULL;
    if (!name) {
        /* the name may be of the decomposed form, as it is typed by completion */
        nfd = (char *)utf8proc_NFD((const utf8proc_uint8_t *)s);
        if (nfd && strlen(nfd) != len && (name = compl_symbol_name(nfd, strlen(nfd)))) {
            s = nfd;
            len = strlen(nfd);
        }
    }
    if (name) {
        put_head(&out, s, len, color);
        put_colored(&out, name, strlen(name), color);
        if (color)
            sb_puts(&out, CYAN "<tab>" DEFAULT_FG);
        else
            sb_puts(&out, "<tab>");
    } else {
        sb spelled = { 0 };
        if (!spell_chars(s, len, &spelled)) {
            free(nfd);
            return NULL;
        }
        put_head(&out, s, len, color);
        put_colored(&out, spelled.s, spelled.len, color);
        sb_free(&spelled);
    }
    free(nfd);
    sb_puts(&out, "\n\n");
    return sb_take(&out);
}

/* Appends the distinct help texts of the builtin rows called name; returns how many. */
static int put_rows_help(const char *name, sb *out)
{
    const char *seen[16];
    int n = 0;
    for (const builtin *const *t = lib_tables; *t; t++)
        for (const builtin *r = *t; r->name; r++) {
            if (!r->help || strcmp(r->name, name))
                continue;
            int dup = 0;
            for (int i = 0; i < n && i < 16; i++)
                dup |= !strcmp(seen[i], r->help);
            if (dup)
                continue;
            if (n < 16)
                seen[n] = r->help;
            if (n++)
                sb_puts(out, "\n\n");
            sb_puts(out, r->help);
        }
    return n;
}

static int is_identifier(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        int k = utf8_decode(s + i, len - i, &cp);
        if (k < 0 || !(i == 0 ? ident_is_start(cp) : ident_is_char(cp)))
            return 0;
        i += (size_t)k;
    }
    return len > 0;
}

/* What a name defined in the session is: a user function's methods with where each was
 * defined, or a variable's type, supertypes and value (as Julia's help shows them). */
static void describe_binding(jc_ctx *ctx, const char *name, value v, sb *out)
{
    if (v.type == T_FUNCTION && val_func(v)->methods) {
        int n = 0;
        for (const jc_method *m = val_func(v)->methods; m; m = m->next)
            n++;
        sb_printf(out, "  %s is a Function.\n\n  # %d method%s for generic function \"%s\":\n", name, n,
                  n == 1 ? "" : "s", name);
        /* oldest first, as they were defined */
        const jc_method **ms = xmalloc((size_t)n * sizeof *ms);
        int i = n;
        for (const jc_method *m = val_func(v)->methods; m; m = m->next)
            ms[--i] = m;
        for (i = 0; i < n; i++) {
            const jc_method *m = ms[i];
            sb_printf(out, "   [%d] %s(", i + 1, name);
            for (int k = 0; k < m->nparams; k++) {
                if (k)
                    sb_puts(out, ", ");
                sb_puts(out, sym_name(ctx, m->params[k]));
                if (m->ptypes && m->ptypes[k]) {
                    sb_puts(out, "::");
                    type_name(ctx, out, m->ptypes[k]);
                }
                if (m->vararg && k == m->nparams - 1)
                    sb_puts(out, "...");
            }
            sb_puts(out, ")\n");
            size_t len;
            const char *src_name;
            int first_line, line, col;
            const char *src = arena_source(m->arena, &len, &src_name, &first_line);
            if (src && m->body) {
                err_position_in(src, len, first_line, m->body->off, &line, &col);
                sb_printf(out, "       @ %s:%d\n", src_name, line);
            }
        }
        free(ms);
        return;
    }
    sb_printf(out, "  %s is of type ", name);
    type_name_of(ctx, out, v);
    sb_puts(out, ":\n\n  ");
    sb text = { 0 };
    show_value(ctx, &text, v, SHOW_REPR, 0);
    if (text.len > 200) { /* a long value is only hinted at */
        text.len = 200;
        sb_puts(&text, " …");
    }
    sb_printf(out, "%s = %s\n\n  Supertype Hierarchy\n  ≡≡≡≡≡≡≡≡≡≡≡≡≡≡≡≡≡≡≡\n\n  ", name, sb_str(&text));
    sb_free(&text);
    type_hierarchy(ctx, out, v);
    sb_putc(out, '\n');
}

static const char general_help[] =
    "  Welcome to jcalc's help mode.  Type the name of a function or an operator\n"
    "  (sqrt, binomial, ∜, ⥺ ...) to see its help, and how to type a Unicode symbol\n"
    "  with a LaTeX abbreviation (\\fourthroot<tab> gives ∜).  Backspace at the start\n"
    "  of the line goes back to the jcalc> prompt.\n";

char *jc_help(jc_ctx *ctx, const char *text)
{
    size_t a = strspn(text, " \t\r\n"), b = strlen(text);
    while (b > a && strchr(" \t\r\n", text[b - 1]))
        b--;
    if (a == b)
        return xstrdup(general_help);
    sb key = { 0 };
    /* an identifier is looked up in the form the parser gives it (`?ℏ` is ħ) */
    if (is_identifier(text + a, b - a))
        ident_normalize(text + a, b - a, &key);
    else
        sb_put(&key, text + a, b - a);

    sb out = { 0 };
    char *latex = help_latex(key.s, key.len, ctx->color);
    if (latex) {
        sb_puts(&out, latex);
        free(latex);
    }
    int found = put_rows_help(key.s, &out);
    const char *mh = key.s[0] == '@' ? eval_macro_help(key.s) : NULL;
    if (!found && mh) {   /* ?@show: a built-in macro */
        sb_puts(&out, mh);
        sb_putc(&out, '\n');
        found = 1;
    }
    if (!found) {
        /* a symbol that has no rows of its own is documented under its LaTeX name
         * when that names a function: ∜ -> fourthroot, √ -> sqrt */
        const char *name = compl_symbol_name(key.s, key.len);
        if (name && name[0] == '\\' && is_identifier(name + 1, strlen(name + 1)))
            found = put_rows_help(name + 1, &out);
    }
    if (found)
        sb_putc(&out, '\n');
    else {
        int id = sym_find(ctx, key.s, key.len);
        int defined = id >= 0 && (size_t)id < ctx->nglobals && ctx->globals[id].defined;
        sb_puts(&out, "  No documentation found.\n\n");
        if (defined)
            describe_binding(ctx, key.s, ctx->globals[id].v, &out);
        else
            sb_printf(&out, "  Binding `%s` does not exist.\n", key.s);
    }
    sb_free(&key);
    return sb_take(&out);
}
