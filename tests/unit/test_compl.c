/* test_compl.c — tab completion as a pure function, and jc_complete over a context.
 *
 * Expected symbols come from Julia 1.10's tables (data/latex_symbols.tsv,
 * data/emoji_symbols.tsv, data/symbols_latex.tsv are read here and every row is
 * checked against the generated C tables), and from the completion rules of Julia's
 * REPLCompletions (exact name wins, sub/superscript runs, emoji only after `\:`,
 * sorted prefix lists).  Run from the repository root (tests/run.sh does). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compl.h"
#include "jcalc.h"
#include "lib/lib.h"
#include "check.h"

static void check(int ok, const char *what, const char *detail)
{
    check_ok(ok, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

/* ---- a fixed name source ---- */

static const char *const names[] = {
    "sqrt", "sin", "sinpi", "round", "myvariable", "myfunc", "println", "print", "π",
    "sin", /* duplicates are allowed in a source */
};

static const char *kwnames(void *ud, const char *f, size_t len)
{
    (void)ud;
    if (len == 5 && !memcmp(f, "round", 5))
        return "digits sigdigits base";
    return NULL;
}

static const compl_source src = { names, sizeof names / sizeof names[0], kwnames, NULL };

typedef struct ccase {
    const char *line;
    int cursor;              /* -1: end of line */
    int start, end;          /* expected span, -1 to skip */
    const char *want[6];     /* expected candidates in order; {NULL} = none */
} ccase;

static const ccase cases[] = {
    /* exact LaTeX names (latex_completion.md §5) */
    { "\\fourthroot", -1, 0, 11, { "\xe2\x88\x9c" } },          /* ∜ U+221C */
    { "\\leftarrowsubset", -1, 0, 16, { "\xe2\xa5\xba" } },     /* ⥺ U+297A */
    { "\\leftarrowless", -1, 0, 14, { "\xe2\xa5\xb7" } },       /* ⥷ U+2977 */
    { "\\sqrt", -1, 0, 5, { "\xe2\x88\x9a" } },                 /* √ U+221A */
    { "\\cbrt", -1, 0, 5, { "\xe2\x88\x9b" } },                 /* ∛ U+221B */
    { "\\pi", -1, 0, 3, { "\xcf\x80" } },       /* exact wins over \pitchfork */
    { "\\euler", -1, 0, 6, { "\xe2\x84\xaf" } },                /* ℯ U+212F */
    /* prefixes: one match gives the name, several are listed sorted */
    { "\\fourthr", -1, 0, 8, { "\\fourthroot" } },
    { "\\leftarrowb", -1, 0, 11, { "\\leftarrowbackapprox", "\\leftarrowbsimilar" } },
    { "\\cuberoot", -1, 0, 9, { NULL } },                      /* not in Julia 1.10 */
    /* sub/superscript runs */
    { "\\_12", -1, 0, 4, { "\xe2\x82\x81\xe2\x82\x82" } },      /* ₁₂ */
    { "\\^2n", -1, 0, 4, { "\xc2\xb2\xe2\x81\xbf" } },          /* ²ⁿ */
    { "x\\_1", -1, 1, 4, { "\xe2\x82\x81" } },
    /* emoji */
    { "\\:smile:", -1, 0, 8, { "\xf0\x9f\x98\x84" } },          /* 😄 U+1F604 */
    { "\\:+1:", -1, 0, 5, { "\xf0\x9f\x91\x8d" } },             /* 👍 U+1F44D */
    { "\\:teap", -1, 0, 6, { "\\:teapot:" } },
    /* in the middle of a line */
    { "2\\pix", 4, 1, 4, { "\xcf\x80" } },
    { "a + \\fourthroot", -1, 4, 15, { "\xe2\x88\x9c" } },
    { "\"\\alpha", -1, 1, 7, { "\xce\xb1" } },                  /* inside a string too */
    /* reverse completion (an extra over Julia) */
    { "\\\xe2\x88\x9c", -1, 0, 4, { "\\fourthroot" } },
    { "\\\xe2\x88\x9a", -1, 0, 4, { "\\sqrt" } },               /* canonical, not \surd */
    { "\\\xe2\xa5\xba", -1, 0, 4, { "\\leftarrowsubset" } },
    /* not a LaTeX word: escaped backslash, separator between */
    { "\\\\pi", -1, -1, -1, { NULL } },
    { "\\pi x", -1, 4, 5, { NULL } },
    /* names */
    { "sq", -1, 0, 2, { "sqrt" } },
    { "si", -1, 0, 2, { "sin", "sinpi" } },
    { "2si", -1, 1, 3, { "sin", "sinpi" } },
    { "x = myv", -1, 4, 7, { "myvariable" } },
    { "my", -1, 0, 2, { "myfunc", "myvariable" } },
    { "sqrt", -1, 0, 4, { NULL } },            /* complete already: nothing to add */
    { "zzz", -1, 0, 3, { NULL } },
    /* keyword arguments of the enclosing call */
    { "round(x, dig", -1, 9, 12, { "digits=" } },
    { "round(pi; s", -1, 10, 11, { "sigdigits=", "sin", "sinpi", "sqrt" } },
    { "round(f(x), b", -1, 12, 13, { "base=" } },
    { "sqrt(x, dig", -1, 8, 11, { NULL } },
    /* never file names */
    { "./", -1, -1, -1, { NULL } },
    { "include(\"/us", -1, -1, -1, { NULL } },
    { "", -1, -1, -1, { NULL } },
};

static void run_cases(void)
{
    char buf[256];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ccase *c = &cases[i];
        size_t cur = c->cursor < 0 ? strlen(c->line) : (size_t)c->cursor;
        size_t s, e;
        int n;
        char **r = compl_complete(c->line, cur, &src, &s, &e, &n);
        int want = 0;
        while (want < 6 && c->want[want])
            want++;
        int ok = n == want && (r != NULL) == (want > 0);
        for (int k = 0; ok && k < n; k++)
            ok = !strcmp(r[k], c->want[k]);
        if (c->start >= 0 && want)
            ok = ok && s == (size_t)c->start && e == (size_t)c->end;
        snprintf(buf, sizeof buf, "'%s' at %zu: %d candidates%s%s, span %zu..%zu", c->line, cur,
                 n, n ? ", first " : "", n ? r[0] : "", s, e);
        check(ok, "complete", ok ? NULL : buf);
        compl_free(r, n);
    }
}

/* ---- every table row against the data files ---- */

static int cp_utf8(unsigned long v, char *o)
{
    if (v < 0x80) { o[0] = (char)v; return 1; }
    if (v < 0x800) { o[0] = (char)(0xC0 | v >> 6); o[1] = (char)(0x80 | (v & 63)); return 2; }
    if (v < 0x10000) {
        o[0] = (char)(0xE0 | v >> 12); o[1] = (char)(0x80 | (v >> 6 & 63));
        o[2] = (char)(0x80 | (v & 63)); return 3;
    }
    o[0] = (char)(0xF0 | v >> 18); o[1] = (char)(0x80 | (v >> 12 & 63));
    o[2] = (char)(0x80 | (v >> 6 & 63)); o[3] = (char)(0x80 | (v & 63)); return 4;
}

/* The string spelled by a codepoints column ("U+2242 U+0338"). */
static void from_codepoints(const char *col, char *out)
{
    size_t k = 0;
    for (const char *p = col; (p = strstr(p, "U+")); ) {
        char *end;
        unsigned long v = strtoul(p + 2, &end, 16);
        k += (size_t)cp_utf8(v, out + k);
        p = end;
    }
    out[k] = 0;
}

/* Splits a TSV line in place into at most max fields; returns the count. */
static int split_tsv(char *line, char **f, int max)
{
    int n = 0;
    line[strcspn(line, "\n")] = 0;
    f[n++] = line;
    for (char *p = line; n < max && (p = strchr(p, '\t')); p++) {
        *p = 0;
        f[n++] = p + 1;
    }
    return n;
}

static void check_forward_table(const char *path, long expect_rows)
{
    FILE *fp = fopen(path, "r");
    check(fp != NULL, "open", path);
    if (!fp)
        return;
    char line[1024], sym[64], msg[256];
    long rows = 0, bad = 0;
    int ln = 0;
    while (fgets(line, sizeof line, fp)) {
        if (ln++ == 0)
            continue;
        char *f[4];
        if (split_tsv(line, f, 4) < 3)
            continue;
        rows++;
        from_codepoints(f[2], sym);
        const char *got = compl_latex_symbol(f[0]);
        size_t s, e;
        int n;
        char **r = compl_complete(f[0], strlen(f[0]), NULL, &s, &e, &n);
        if (!got || strcmp(got, sym) || n != 1 || strcmp(r[0], sym)) {
            if (bad++ < 5) {
                snprintf(msg, sizeof msg, "%s", f[0]);
                check(0, "table row", msg);
            }
        }
        compl_free(r, n);
    }
    fclose(fp);
    snprintf(msg, sizeof msg, "%s: %ld rows, %ld wrong", path, rows, bad);
    check(bad == 0 && rows == expect_rows, "forward table", bad || rows != expect_rows ? msg : NULL);
}

static void check_reverse_table(void)
{
    FILE *fp = fopen("data/symbols_latex.tsv", "r");
    check(fp != NULL, "open", "data/symbols_latex.tsv");
    if (!fp)
        return;
    char line[4096], sym[64], msg[512];
    long rows = 0, bad = 0;
    int ln = 0;
    while (fgets(line, sizeof line, fp)) {
        if (ln++ == 0)
            continue;
        char *f[5];
        if (split_tsv(line, f, 5) < 5)
            continue;
        rows++;
        from_codepoints(f[1], sym);
        const char *got = compl_symbol_name(sym, strlen(sym));
        int ok;
        if (!strcmp(f[3], "AMBIGUOUS-dict-hash-order")) {
            /* Julia's pick depends on hash order: any of the names is right, and
             * the generator takes the smallest */
            ok = got && strstr(f[4], got) != NULL;
        } else
            ok = got && !strcmp(got, f[2]);
        if (!ok && bad++ < 5) {
            snprintf(msg, sizeof msg, "%s (%s): got %s, want %s", f[1], f[3], got ? got : "none", f[2]);
            check(0, "reverse row", msg);
        }
    }
    fclose(fp);
    snprintf(msg, sizeof msg, "%ld rows, %ld wrong", rows, bad);
    check(bad == 0 && rows == 3625, "reverse table", bad || rows != 3625 ? msg : NULL);
}

static void check_common_prefix(void)
{
    char *a[] = { "\\leftarrowbackapprox", "\\leftarrowbsimilar" };
    check(compl_common_prefix(a, 2) == strlen("\\leftarrowb"), "common prefix", NULL);
    char *b[] = { "x\xe2\x82\x81", "x\xe2\x82\x82" };   /* x₁, x₂ share 3 bytes of 4 */
    check(compl_common_prefix(b, 2) == 1, "common prefix stops at a character", NULL);
    char *c[] = { "sqrt" };
    check(compl_common_prefix(c, 1) == 4, "common prefix of one", NULL);
}

/* ---- jc_complete: names from a context ---- */

static int has(char **r, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(r[i], s))
            return 1;
    return 0;
}

static void check_context(void)
{
    jc_ctx *ctx = jc_new();
    jc_result res;
    jc_eval(ctx, "zebra_count = 42", 16, "test", 1, &res);
    check(res.status == JC_OK, "define a variable", NULL);
    jc_result_clear(&res);
    jc_eval(ctx, "zebra_area(r) = 3r", 18, "test", 1, &res);
    check(res.status == JC_OK, "define a function", NULL);
    jc_result_clear(&res);

    size_t s, e;
    int n;
    char **r = jc_complete(ctx, "zebra_c", 7, &s, &e, &n);
    check(n == 1 && !strcmp(r[0], "zebra_count") && s == 0 && e == 7, "user variable", NULL);
    jc_complete_free(r, n);
    r = jc_complete(ctx, "1 + zebra_", 10, &s, &e, &n);
    check(n == 2 && has(r, n, "zebra_area") && has(r, n, "zebra_count") && s == 4,
          "user function and variable", NULL);
    jc_complete_free(r, n);
    r = jc_complete(ctx, "functi", 6, &s, &e, &n);
    check(has(r, n, "function"), "keyword", NULL);
    jc_complete_free(r, n);
    /* a module's globals are not Main's names; the module is */
    const char *mod = "module Zebra_mod; zebra_inner = 1; end";
    jc_eval(ctx, mod, strlen(mod), "test", 1, &res);
    check(res.status == JC_OK, "define a module", NULL);
    jc_result_clear(&res);
    r = jc_complete(ctx, "Zebra_m", 7, &s, &e, &n);
    check(n == 1 && !strcmp(r[0], "Zebra_mod"), "module name", NULL);
    jc_complete_free(r, n);
    r = jc_complete(ctx, "Main.Zeb", 8, &s, &e, &n);
    check(n == 0 || !has(r, n, "Main.Zebra_mod.zebra_inner"), "no module internals", NULL);
    jc_complete_free(r, n);
    r = jc_complete(ctx, "Mai", 3, &s, &e, &n);
    check(!has(r, n, "Main.Zebra_mod.zebra_inner"), "no module internals by Main's prefix", NULL);
    jc_complete_free(r, n);
    r = jc_complete(ctx, "x = \\fourthroot", 15, &s, &e, &n);
    check(n == 1 && !strcmp(r[0], "\xe2\x88\x9c") && s == 4, "LaTeX through jc_complete", NULL);
    jc_complete_free(r, n);

    /* every builtin row is completable by a proper prefix of its name, and a row's
     * keyword names are offered inside a call to it */
    long rows = 0, missing = 0, kws = 0, kwbad = 0;
    char msg[256];
    for (const builtin *const *t = lib_tables; *t; t++)
        for (const builtin *b = *t; b->name; b++) {
            size_t len = strlen(b->name);
            unsigned char c0 = (unsigned char)b->name[0];
            int ident = (c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z') || c0 == '_';
            if (!ident || len < 2 || strchr(b->name, '.')) /* Meta.parse: a module's member */
                continue;
            rows++;
            r = jc_complete(ctx, b->name, len - 1, &s, &e, &n);
            if (!has(r, n, b->name) && missing++ < 3)
                check(0, "builtin name completes", b->name);
            jc_complete_free(r, n);
            if (b->kwnames && *b->kwnames) {
                char kw[64], line[160], want[80];
                size_t k = strcspn(b->kwnames, " ");
                if (k >= sizeof kw)
                    continue;
                memcpy(kw, b->kwnames, k);
                kw[k] = 0;
                snprintf(line, sizeof line, "%s(x, %.*s", b->name, (int)(k > 1 ? k - 1 : k), kw);
                snprintf(want, sizeof want, "%s=", kw);
                r = jc_complete(ctx, line, strlen(line), &s, &e, &n);
                kws++;
                if (!has(r, n, want) && kwbad++ < 3) {
                    snprintf(msg, sizeof msg, "%s -> %s", line, want);
                    check(0, "keyword argument", msg);
                }
                jc_complete_free(r, n);
            }
        }
    snprintf(msg, sizeof msg, "%ld of %ld builtin names missing", missing, rows);
    check(missing == 0, "builtin names", missing ? msg : NULL);
    if (kws) {
        snprintf(msg, sizeof msg, "%ld of %ld keyword names missing", kwbad, kws);
        check(kwbad == 0, "keyword names", kwbad ? msg : NULL);
    }

    /* a second context does not see the first one's variables */
    jc_ctx *other = jc_new();
    r = jc_complete(other, "zebra_", 6, &s, &e, &n);
    check(n == 0 && r == NULL, "contexts are independent", NULL);
    jc_free(other);
    jc_free(ctx);
}

int main(void)
{
    run_cases();
    check_forward_table("data/latex_symbols.tsv", 2512);
    check_forward_table("data/emoji_symbols.tsv", 1185);
    check_reverse_table();
    check_common_prefix();
    check_context();
    return check_report();
}
