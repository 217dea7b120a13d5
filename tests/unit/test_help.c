/* test_help.c — help-mode text: how to type a symbol, then the builtin's help.
 *
 * Expected lines follow Julia 1.10's repl_latex (docview.jl): `"∜" can be typed by
 * \fourthroot<tab>` and a blank line; the canonical name where a symbol has several
 * (symbols_latex_canonical: √ -> \sqrt, ℯ -> \euler, ≤ -> \le, → -> \to); an emoji
 * name over a LaTeX one (© -> \:copyright:); per-character spelling with runs of
 * sub/superscripts merged (x₁₂ -> x\_12<tab>); cyan (ESC[36m ... ESC[39m) with colour. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "help.h"
#include "jcalc.h"
#include "lib/lib.h"
#include "check.h"

static void check(int ok, const char *what, const char *got)
{
    check_ok(ok, "%s: got [%s]", what, got ? got : "(null)");
}

typedef struct lcase {
    const char *sym;
    const char *want;   /* NULL: no name */
} lcase;

static const lcase latex_cases[] = {
    { "\xe2\x88\x9c", "\"\xe2\x88\x9c\" can be typed by \\fourthroot<tab>\n\n" },          /* ∜ */
    { "\xe2\xa5\xba", "\"\xe2\xa5\xba\" can be typed by \\leftarrowsubset<tab>\n\n" },     /* ⥺ */
    { "\xe2\xa5\xb7", "\"\xe2\xa5\xb7\" can be typed by \\leftarrowless<tab>\n\n" },       /* ⥷ */
    { "\xe2\x88\x9b", "\"\xe2\x88\x9b\" can be typed by \\cbrt<tab>\n\n" },                /* ∛ */
    { "\xe2\x88\x9a", "\"\xe2\x88\x9a\" can be typed by \\sqrt<tab>\n\n" },                /* √ canonical */
    { "\xe2\x84\xaf", "\"\xe2\x84\xaf\" can be typed by \\euler<tab>\n\n" },               /* ℯ canonical */
    { "\xe2\x89\xa4", "\"\xe2\x89\xa4\" can be typed by \\le<tab>\n\n" },                  /* ≤ canonical */
    { "\xe2\x86\x92", "\"\xe2\x86\x92\" can be typed by \\to<tab>\n\n" },                  /* → canonical */
    { "\xe2\xab\xab", "\"\xe2\xab\xab\" can be typed by \\Bot<tab>\n\n" },                 /* ⫫ of three */
    { "\xc2\xa9", "\"\xc2\xa9\" can be typed by \\:copyright:<tab>\n\n" },                 /* © emoji wins */
    { "\xcf\x80", "\"\xcf\x80\" can be typed by \\pi<tab>\n\n" },                          /* π */
    { "x\xe2\x82\x81\xe2\x82\x82", "\"x\xe2\x82\x81\xe2\x82\x82\" can be typed by x\\_12<tab>\n\n" },
    { "x\xc2\xb2\xe2\x82\x81", "\"x\xc2\xb2\xe2\x82\x81\" can be typed by x\\^2<tab>\\_1<tab>\n\n" },
    { "\xce\xb1\xce\xb2", "\"\xce\xb1\xce\xb2\" can be typed by \\alpha<tab>\\beta<tab>\n\n" },
    { "a\xe2\x82\x81" "b", "\"a\xe2\x82\x81" "b\" can be typed by a\\_1<tab>b\n\n" },
    { "sqrt", NULL },
    { "x", NULL },
};

static void run_latex_cases(void)
{
    for (size_t i = 0; i < sizeof latex_cases / sizeof latex_cases[0]; i++) {
        const lcase *c = &latex_cases[i];
        char *got = help_latex(c->sym, strlen(c->sym), 0);
        int ok = c->want ? got && !strcmp(got, c->want) : got == NULL;
        check(ok, c->sym, got);
        free(got);
    }
    char *col = help_latex("\xe2\x88\x9c", 3, 1);
    check(col && !strcmp(col, "\"\x1b[36m\xe2\x88\x9c\x1b[39m\" can be typed by "
                              "\x1b[36m\\fourthroot\x1b[39m\x1b[36m<tab>\x1b[39m\n\n"),
          "colour", col);
    free(col);
}

static int starts(const char *s, const char *p) { return s && !strncmp(s, p, strlen(p)); }

static void run_jc_help(void)
{
    jc_ctx *ctx = jc_new();
    char *h = jc_help(ctx, "\xe2\xa5\xba");
    check(starts(h, "\"\xe2\xa5\xba\" can be typed by \\leftarrowsubset<tab>\n\n"), "?⥺", h);
    free(h);
    h = jc_help(ctx, "  \xe2\x88\x9c \n");
    check(starts(h, "\"\xe2\x88\x9c\" can be typed by \\fourthroot<tab>\n\n"), "?∜ trimmed", h);
    check(h && h[strlen(h) - 1] == '\n', "help ends with a newline", h);
    free(h);

    h = jc_help(ctx, "@sprintf");   /* a built-in macro */
    check(starts(h, "  @sprintf(\"%Fmt\", args...)\n\n  Return the @printf formatted output"),
          "?@sprintf", h);
    free(h);

    h = jc_help(ctx, "no_such_name_here");
    check(h && strstr(h, "No documentation found.") &&
          strstr(h, "Binding `no_such_name_here` does not exist."), "unknown name", h);
    free(h);

    jc_result r;
    jc_eval(ctx, "myvar = 1", 9, "test", 1, &r);
    jc_result_clear(&r);
    h = jc_help(ctx, "myvar");
    check(h && strstr(h, "No documentation found.") && !strstr(h, "does not exist"),
          "user variable", h);
    free(h);

    h = jc_help(ctx, "");
    check(h && strstr(h, "help mode"), "empty query", h);
    free(h);

    /* every documented builtin shows its own help text, and no LaTeX line for an
     * ASCII name */
    long rows = 0, bad = 0;
    for (const builtin *const *t = lib_tables; *t; t++)
        for (const builtin *b = *t; b->name; b++) {
            if (!b->help)
                continue;
            rows++;
            h = jc_help(ctx, b->name);
            int ascii = 1;
            for (const char *p = b->name; *p; p++)
                ascii &= (unsigned char)*p < 0x80;
            int ok = h && strstr(h, b->help) && (!ascii || !strstr(h, "can be typed by"));
            if (!ok && bad++ < 3)
                check(0, b->name, h);
            free(h);
        }
    check(bad == 0, "builtin help texts", NULL);
    printf("(%ld documented builtin rows)\n", rows);

    /* a symbol without rows of its own is documented under its LaTeX name when that
     * names a builtin (∜ -> fourthroot); either way `?∜` documents fourthroot */
    for (const builtin *const *t = lib_tables; *t; t++)
        for (const builtin *b = *t; b->name; b++)
            if (b->help && !strcmp(b->name, "fourthroot")) {
                h = jc_help(ctx, "\xe2\x88\x9c");
                check(h && strstr(h, "fourthroot(x)") && !strstr(h, "No documentation"),
                      "?∜ shows fourthroot's help", h);
                free(h);
                goto done;
            }
done:
    jc_free(ctx);
}

/* A name defined in the session: a function lists its methods with where each was
 * defined; a variable gives its type, value and supertypes (Julia's type tree). */
static void run_session_help(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    const char *src = "f(x) = 1\nf(x::Int, y) = 2\nq = 1//3";
    jc_eval(ctx, src, strlen(src), "REPL[1]", 1, &r);
    jc_result_clear(&r);
    char *h = jc_help(ctx, "f");
    check(h && strstr(h, "  f is a Function.\n\n  # 2 methods for generic function \"f\":\n"
                         "   [1] f(x)\n       @ REPL[1]:1\n"
                         "   [2] f(x::Int64, y)\n       @ REPL[1]:2\n"), "?f lists its methods", h);
    free(h);
    h = jc_help(ctx, "q");
    check(h && strstr(h, "  q is of type Rational{Int64}:\n\n  q = 1//3\n") &&
          strstr(h, "Rational{Int64} <: Real <: Number <: Any\n"), "?q shows type, value, supertypes", h);
    free(h);
    jc_eval(ctx, "b = big(2)", 10, "REPL[2]", 1, &r);
    jc_result_clear(&r);
    h = jc_help(ctx, "b");
    check(h && strstr(h, "BigInt <: Signed <: Integer <: Real <: Number <: Any\n"), "?b supertypes", h);
    free(h);
    jc_free(ctx);
}

int main(void)
{
    run_latex_cases();
    run_jc_help();
    run_session_help();
    return check_report();
}
