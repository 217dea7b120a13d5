/* test_parse.c — the parser against data: every line of the tests/parse .txt files is
 * `input<TAB>expected S-expression` (JuliaSyntax's format, one line per top-level
 * statement joined by " ; "), and tests/parse/errors.tsv gives, per input, the error kind
 * (error | incomplete), the byte offset and length of the marked range and the message.
 * In inputs, ⏎ stands for a newline and ⇥ for a tab.  Also: deep nesting fails cleanly. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc.h"
#include "parse.h"
#include "check.h"


/* Replaces ⏎ with \n and ⇥ with \t in place. */
static void unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r;) {
        if (strncmp(r, "⏎", 3) == 0) {
            *w++ = '\n';
            r += 3;
        } else if (strncmp(r, "⇥", 3) == 0) {
            *w++ = '\t';
            r += 3;
        } else {
            *w++ = *r++;
        }
    }
    *w = 0;
}

static void check_case(jc_ctx *ctx, const char *file, int line, char *input, const char *expected)
{
    unescape(input);
    char *out = NULL;
    jc_error err;
    jc_status st = jc_parse_sexpr(ctx, input, strlen(input), "none", &out, &err);
    if (st != JC_OK) {
        check_ok(0, "%s:%d: %s\n  expected %s\n  got error: %s", file, line, input, expected,
                 err.message ? err.message : "?");
        jc_error_clear(&err);
        return;
    }
    /* join statements with " ; " */
    size_t n = strlen(out);
    while (n && out[n - 1] == '\n')
        out[--n] = 0;
    char *joined = malloc(3 * n + 1);
    char *w = joined;
    for (char *r = out; *r; r++) {
        if (*r == '\n') {
            memcpy(w, " ; ", 3);
            w += 3;
        } else {
            *w++ = *r;
        }
    }
    *w = 0;
    check_ok(strcmp(joined, expected) == 0, "%s:%d: %s\n  expected %s\n  got      %s", file, line,
             input, expected, joined);
    free(joined);
    free(out);
    jc_error_clear(&err);
}

static void run_file(jc_ctx *ctx, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        check_ok(0, "cannot open %s", path);
        return;
    }
    char buf[4096];
    int line = 0;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        buf[strcspn(buf, "\n")] = 0;
        if (!buf[0] || buf[0] == '#')
            continue;
        char *tab = strchr(buf, '\t');
        if (!tab) {
            check_ok(0, "%s:%d: no tab", path, line);
            continue;
        }
        *tab = 0;
        check_case(ctx, path, line, buf, tab + 1);
    }
    fclose(f);
}

static void run_errors(jc_ctx *ctx, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        check_ok(0, "cannot open %s", path);
        return;
    }
    char buf[4096];
    int line = 0;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        buf[strcspn(buf, "\n")] = 0;
        if (!buf[0] || buf[0] == '#')
            continue;
        char *field[5] = { buf };
        int nf = 1;
        for (char *q = buf; *q && nf < 5; q++)
            if (*q == '\t') {
                *q = 0;
                field[nf++] = q + 1;
            }
        if (nf != 5) {
            check_ok(0, "%s:%d: need 5 fields", path, line);
            continue;
        }
        unescape(field[0]);
        char *out = NULL;
        jc_error err;
        jc_status st = jc_parse_sexpr(ctx, field[0], strlen(field[0]), "none", &out, &err);
        jc_status want = strcmp(field[1], "incomplete") == 0 ? JC_INCOMPLETE : JC_ERR_PARSE;
        size_t off = strtoul(field[2], NULL, 10), len = strtoul(field[3], NULL, 10);
        int ok = st == want && err.offset == off && err.length == len && err.message &&
                 strstr(err.message, field[4]) != NULL;
        check_ok(ok, "%s:%d: %s\n  expected %s at %zu+%zu: %s\n  got status %d at %zu+%zu: %s",
                 path, line, field[0], field[1], off, len, field[4], (int)st, err.offset,
                 err.length, err.message ? err.message : "(none)");
        free(out);
        jc_error_clear(&err);
    }
    fclose(f);
}

/* 100,000 nested parentheses (and brackets, and unary minus) must give a ParseError,
 * not a stack overflow. */
static void deep_nesting(jc_ctx *ctx)
{
    const char *opens[] = { "(", "[", "- ", "f(", "2^", "!" };
    for (size_t k = 0; k < sizeof opens / sizeof opens[0]; k++) {
        size_t depth = 100000, ol = strlen(opens[k]);
        char *s = malloc(depth * (ol + 1) + 2);
        size_t n = 0;
        for (size_t i = 0; i < depth; i++) {
            memcpy(s + n, opens[k], ol);
            n += ol;
        }
        s[n++] = '1';
        char close = opens[k][ol - 1] == '(' ? ')' : opens[k][0] == '[' ? ']' : 0;
        if (close)
            for (size_t i = 0; i < depth; i++)
                s[n++] = close;
        char *out = NULL;
        jc_error err;
        jc_status st = jc_parse_sexpr(ctx, s, n, "none", &out, &err);
        check_ok(st == JC_ERR_PARSE && err.message && strstr(err.message, "too deeply nested"),
                 "deep nesting of %s: status %d", opens[k], (int)st);
        free(out);
        jc_error_clear(&err);
        free(s);
    }
    /* a moderately deep expression still parses */
    char buf[2200];
    size_t n = 0;
    for (int i = 0; i < 200; i++)
        buf[n++] = '(';
    buf[n++] = 'x';
    for (int i = 0; i < 200; i++)
        buf[n++] = ')';
    char *out = NULL;
    jc_error err;
    jc_status st = jc_parse_sexpr(ctx, buf, n, "none", &out, &err);
    check_ok(st == JC_OK, "200 nested parentheses: status %d", (int)st);
    free(out);
    jc_error_clear(&err);
}

int main(void)
{
    jc_ctx *ctx = jc_new();
    DIR *d = opendir("tests/parse");
    if (!d) {
        check_ok(0, "cannot open tests/parse (run from the source root)");
        return check_report();
    }
    char **names = NULL;
    size_t nn = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > 4 && strcmp(e->d_name + l - 4, ".txt") == 0) {
            names = realloc(names, (nn + 1) * sizeof *names);
            names[nn++] = strdup(e->d_name);
        }
    }
    closedir(d);
    for (size_t i = 0; i < nn; i++) {
        char path[512];
        snprintf(path, sizeof path, "tests/parse/%s", names[i]);
        run_file(ctx, path);
        free(names[i]);
    }
    free(names);
    run_errors(ctx, "tests/parse/errors.tsv");
    deep_nesting(ctx);
    jc_free(ctx);
    return check_report();
}
