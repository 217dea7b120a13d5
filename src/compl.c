/* compl.c — tab completion over sorted tables (see compl.h), and jc_complete, which
 * feeds it the context's names. */
#include "compl.h"

#include <stdlib.h>
#include <string.h>

#include "ident.h"
#include "jc.h"
#include "lib/lib.h"
#include "util.h"

#include "latex_tables.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- sorted-table lookups (tables are in strcmp order, see gen_latex.awk) ---- */

/* First row whose key is >= key[0..len) compared as a prefix-free byte string. */
static size_t lower_bound(const compl_pair *t, size_t n, const char *key, size_t len)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        size_t kl = strlen(t[mid].key);
        int c = memcmp(t[mid].key, key, kl < len ? kl : len);
        if (c < 0 || (c == 0 && kl < len))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static const compl_pair *find_exact(const compl_pair *t, size_t n, const char *key, size_t len)
{
    size_t i = lower_bound(t, n, key, len);
    if (i < n && strlen(t[i].key) == len && !memcmp(t[i].key, key, len))
        return &t[i];
    return NULL;
}

const char *compl_latex_symbol(const char *name)
{
    size_t len = strlen(name);
    const compl_pair *p = find_exact(compl_latex, NELEM(compl_latex), name, len);
    if (!p)
        p = find_exact(compl_emoji, NELEM(compl_emoji), name, len);
    return p ? p->val : NULL;
}

const char *compl_symbol_name(const char *s, size_t len)
{
    const compl_pair *p = find_exact(compl_reverse, NELEM(compl_reverse), s, len);
    return p ? p->val : NULL;
}

/* ---- candidate lists ---- */

typedef struct clist {
    char **v;
    int n, cap;
} clist;

static void cl_add(clist *l, const char *s, size_t len, const char *suffix)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    size_t sl = suffix ? strlen(suffix) : 0;
    char *p = xmalloc(len + sl + 1);
    memcpy(p, s, len);
    if (sl)
        memcpy(p + len, suffix, sl);
    p[len + sl] = 0;
    l->v[l->n++] = p;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts and removes duplicates; returns the array, or NULL when empty. */
static char **cl_finish(clist *l, int *n)
{
    if (l->n == 0) {
        free(l->v);
        *n = 0;
        return NULL;
    }
    qsort(l->v, (size_t)l->n, sizeof *l->v, cmp_str);
    int k = 0;
    for (int i = 0; i < l->n; i++) {
        if (k > 0 && !strcmp(l->v[k - 1], l->v[i]))
            free(l->v[i]);
        else
            l->v[k++] = l->v[i];
    }
    *n = k;
    return l->v;
}

void compl_free(char **items, int n)
{
    for (int i = 0; i < n; i++)
        free(items[i]);
    free(items);
}

size_t compl_common_prefix(char *const *items, int n)
{
    if (n <= 0)
        return 0;
    size_t len = strlen(items[0]);
    for (int i = 1; i < n; i++) {
        size_t k = 0;
        while (k < len && items[i][k] == items[0][k])
            k++;
        len = k;
    }
    /* back off to a character boundary: never leave a partial UTF-8 sequence */
    while (len > 0 && ((unsigned char)items[0][len] & 0xC0) == 0x80)
        len--;
    return len;
}

/* ---- backslash completion ---- */

/* Separators that end a LaTeX word, as in Julia's bslash_completions. */
static int is_bslash_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '`';
}

/* Start of the `\name` word ending at cursor, or (size_t)-1 when there is none. */
static size_t bslash_start(const char *line, size_t cursor)
{
    for (size_t i = cursor; i > 0; i--) {
        char c = line[i - 1];
        if (is_bslash_sep(c))
            return (size_t)-1;
        if (c == '\\') {
            if (i >= 2 && line[i - 2] == '\\')
                return (size_t)-1;
            return i - 1;
        }
    }
    return (size_t)-1;
}

/* `\_12` -> "₁₂", `\^2n` -> "²ⁿ": every character after the two-byte marker must have
 * a single-character name of that kind.  Appends to out and returns 1, or returns 0. */
static int subsup_run(const char *s, size_t len, sb *out)
{
    if (len < 3 || s[0] != '\\' || (s[1] != '_' && s[1] != '^'))
        return 0;
    char key[4] = { '\\', s[1], 0, 0 };
    for (size_t i = 2; i < len; i++) {
        key[2] = s[i];
        const compl_pair *p = find_exact(compl_latex, NELEM(compl_latex), key, 3);
        if (!p)
            return 0;
        sb_puts(out, p->val);
    }
    return 1;
}

static void bslash_complete(const char *s, size_t len, clist *l)
{
    const compl_pair *p = find_exact(compl_latex, NELEM(compl_latex), s, len);
    if (p) {
        cl_add(l, p->val, strlen(p->val), NULL);
        return;
    }
    sb run = { 0 };
    if (subsup_run(s, len, &run)) {
        cl_add(l, run.s, run.len, NULL);
        sb_free(&run);
        return;
    }
    sb_free(&run);
    p = find_exact(compl_emoji, NELEM(compl_emoji), s, len);
    if (p) {
        cl_add(l, p->val, strlen(p->val), NULL);
        return;
    }
    /* reverse: `\∜` -> `\fourthroot` (names are ASCII, so this never shadows a prefix) */
    if (len > 1 && (unsigned char)s[1] >= 0x80) {
        const char *name = compl_symbol_name(s + 1, len - 1);
        if (name)
            cl_add(l, name, strlen(name), NULL);
        return;
    }
    int emoji = len >= 2 && s[1] == ':';
    const compl_pair *t = emoji ? compl_emoji : compl_latex;
    size_t nt = emoji ? NELEM(compl_emoji) : NELEM(compl_latex);
    for (size_t i = lower_bound(t, nt, s, len); i < nt && !strncmp(t[i].key, s, len); i++)
        cl_add(l, t[i].key, strlen(t[i].key), NULL);
}

/* ---- identifier completion ---- */

/* Decodes the code point that ends at line[i] (exclusive); returns its start, or i when
 * the bytes there are not valid UTF-8. */
static size_t prev_char(const char *line, size_t i, uint32_t *cp)
{
    size_t j = i;
    while (j > 0 && i - j < 4) {
        j--;
        if (((unsigned char)line[j] & 0xC0) != 0x80)
            break;
    }
    if (j == i || utf8_decode(line + j, i - j, cp) != (int)(i - j))
        return i;
    return j;
}

/* Start of the identifier that ends at i (== i when there is none). */
static size_t ident_start(const char *line, size_t i)
{
    size_t start = i;
    for (;;) {
        uint32_t cp;
        size_t j = prev_char(line, start, &cp);
        if (j == start || !ident_is_char(cp))
            break;
        start = j;
    }
    /* `2pi`: digits and other non-start characters cannot begin the name */
    while (start < i) {
        uint32_t cp;
        int k = utf8_decode(line + start, i - start, &cp);
        if (k < 0 || ident_is_start(cp))
            break;
        start += (size_t)k;
    }
    return start;
}

/* True when line[0..i) ends inside a string literal (an odd number of unescaped `"`). */
static int in_string(const char *line, size_t i)
{
    int in = 0;
    for (size_t k = 0; k < i; k++) {
        if (in && line[k] == '\\')
            k++;
        else if (line[k] == '"')
            in = !in;
    }
    return in;
}

/* The name of the call whose argument list contains position i: the identifier before
 * the innermost unclosed `(`.  Sets *len; returns NULL when i is not inside a call. */
static const char *enclosing_call(const char *line, size_t i, size_t *len)
{
    int depth = 0;
    for (size_t k = i; k > 0; k--) {
        char c = line[k - 1];
        if (c == ')' || c == ']' || c == '}')
            depth++;
        else if (c == '[' || c == '{') {
            if (depth-- == 0)
                return NULL;
        } else if (c == '(') {
            if (depth-- == 0) {
                size_t s = ident_start(line, k - 1);
                *len = k - 1 - s;
                return *len ? line + s : NULL;
            }
        }
    }
    return NULL;
}

static void name_complete(const char *line, size_t start, size_t cursor,
                          const compl_source *src, clist *l)
{
    const char *w = line + start;
    size_t wl = cursor - start;
    for (size_t i = 0; i < src->nnames; i++)
        if (!strncmp(src->names[i], w, wl) && src->names[i][wl] != 0)
            cl_add(l, src->names[i], strlen(src->names[i]), NULL);
    size_t fl;
    const char *f = src->kwnames ? enclosing_call(line, start, &fl) : NULL;
    const char *kw = f ? src->kwnames(src->ud, f, fl) : NULL;
    while (kw && *kw) {
        size_t k = strcspn(kw, " ");
        if (k >= wl && !strncmp(kw, w, wl))
            cl_add(l, kw, k, "=");
        kw += k;
        kw += strspn(kw, " ");
    }
}

char **compl_complete(const char *line, size_t cursor, const compl_source *src,
                      size_t *start, size_t *end, int *n)
{
    clist l = { 0 };
    size_t len = strlen(line);
    if (cursor > len)
        cursor = len;
    *start = *end = cursor;
    size_t b = bslash_start(line, cursor);
    if (b != (size_t)-1) {
        *start = b;
        bslash_complete(line + b, cursor - b, &l);
        return cl_finish(&l, n);
    }
    if (src && !in_string(line, cursor)) {
        size_t s = ident_start(line, cursor);
        *start = s;
        if (s < cursor)
            name_complete(line, s, cursor, src, &l);
    }
    return cl_finish(&l, n);
}

/* ---- the context's names ---- */

/* Julia's reserved words that can begin or continue an expression. */
static const char *const keywords[] = {
    "begin", "break", "catch", "const", "continue", "do", "else", "elseif", "end",
    "false", "finally", "for", "function", "global", "if", "let", "local", "return",
    "true", "try", "while",
};

static const char *ctx_kwnames(void *ud, const char *fname, size_t len)
{
    (void)ud;
    for (const builtin *const *t = lib_tables; *t; t++)
        for (const builtin *r = *t; r->name; r++)
            if (r->kwnames && strlen(r->name) == len && !memcmp(r->name, fname, len))
                return r->kwnames;
    return NULL;
}

char **jc_complete(jc_ctx *ctx, const char *line, size_t cursor, size_t *start,
                   size_t *end, int *n)
{
    /* Every builtin row is bound as a global, so the globals are builtins, constants
     * and the user's variables and functions alike. */
    size_t cap = NELEM(keywords) + ctx->nglobals;
    const char **names = xmalloc(cap * sizeof *names);
    size_t k = 0;
    for (size_t i = 0; i < NELEM(keywords); i++)
        names[k++] = keywords[i];
    for (size_t i = 0; i < ctx->nglobals && i < ctx->syms.n; i++)
        if (ctx->globals[i].defined && strncmp(ctx->syms.names[i], "Main.", 5))
            names[k++] = ctx->syms.names[i]; /* a module's own globals are Main.M.x */
    compl_source src = { names, k, ctx_kwnames, NULL };
    char **r = compl_complete(line, cursor, &src, start, end, n);
    free(names);
    return r;
}

void jc_complete_free(char **items, int n)
{
    compl_free(items, n);
}
