/* bench_parse.c — tokenize+parse throughput on ~10 MB of generated calculator
 * expressions (numbers, identifiers, Unicode operators, calls, arrays, comprehensions,
 * blocks).  Prints MB/s for a plain memchr scan of the same buffer (counting lines: the
 * memory-speed baseline, measured in the same run), for tokenizing alone and for
 * tokenizing+parsing, each as a ratio to the scan.  Target: tokenize+parse >= 50 MB/s.
 * An optional argument sets the input size in MB (a small one suits callgrind). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jc.h"
#include "lex.h"
#include "parse.h"

static uint64_t rng = 0x9E3779B97F4A7C15u;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static const char *atoms[] = { "x", "y", "n", "1", "2", "3.5", "1e-3", "0xff", "π", "ħ", "x₁",
                               "42", "1_000", "0.25f0", "true", "'a'", "\"s$x\"", "α" };
static const char *binops[] = { "+", "-", "*", "/", "^", "//", "÷", "%", "<", "≤", "==", "&&",
                                "||", "=>", "⥺", "→", "∈", "⊕", ".+", ".*", "|>", ":", "<<" };
static const char *funcs[] = { "sin", "cos", "sqrt", "f", "max", "round" };

static void expr(sb *b, int depth)
{
    unsigned k = depth > 3 ? 0 : rnd(10);
    switch (k) {
    case 0: case 1: case 2:
        sb_puts(b, atoms[rnd(sizeof atoms / sizeof atoms[0])]);
        break;
    case 3: case 4: case 5:
        expr(b, depth + 1);
        sb_putc(b, ' ');
        sb_puts(b, binops[rnd(sizeof binops / sizeof binops[0])]);
        sb_putc(b, ' ');
        expr(b, depth + 1);
        break;
    case 6:
        sb_puts(b, funcs[rnd(sizeof funcs / sizeof funcs[0])]);
        sb_putc(b, '(');
        expr(b, depth + 1);
        sb_puts(b, ", ");
        expr(b, depth + 1);
        sb_putc(b, ')');
        break;
    case 7:
        sb_puts(b, "2(");
        expr(b, depth + 1);
        sb_puts(b, ")x");
        break;
    case 8:
        sb_putc(b, '[');
        expr(b, depth + 1);
        sb_putc(b, ' ');
        expr(b, depth + 1);
        sb_puts(b, "; 1 2]");
        break;
    default:
        sb_puts(b, "[i^2 for i in 1:(");
        expr(b, depth + 1);
        sb_puts(b, ") if i > 2]");
        break;
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    /* optional argument: input size in MB (a smaller input for callgrind) */
    double want = argc > 1 ? atof(argv[1]) : 10.0;
    sb text = { 0 };
    int line = 0;
    while ((double)text.len < want * 1e6) {
        switch (line++ % 4) {
        case 0: sb_puts(&text, "y = "); break;
        case 1: sb_puts(&text, "f(x) = "); break;
        default: break;
        }
        expr(&text, 0);
        sb_putc(&text, '\n');
    }
    double mb = (double)text.len / 1e6;
    jc_ctx *ctx = jc_new();

    double best_scan = 1e9, best_lex = 1e9, best_parse = 1e9;
    size_t ntok = 0, nlines = 0;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        nlines = 0;
        for (const char *q = text.s, *e = text.s + text.len;
             (q = memchr(q, '\n', (size_t)(e - q))) != NULL; q++)
            nlines++;
        double t1 = now();
        if (t1 - t0 < best_scan)
            best_scan = t1 - t0;

        t0 = now();
        lexer lx;
        token t;
        lex_init(&lx, text.s, text.len);
        ntok = 0;
        do {
            lex_next(&lx, &t);
            ntok++;
        } while (t.kind != TK_EOF);
        t1 = now();
        if (t1 - t0 < best_lex)
            best_lex = t1 - t0;

        arena *a = arena_new();
        ast *top = NULL;
        ctx->src = text.s;
        ctx->srclen = text.len;
        t0 = now();
        jc_status st = parse_program(ctx, a, text.s, text.len, &top);
        t1 = now();
        if (st != JC_OK) {
            printf("parse failed: %s\n", ctx->err.message ? ctx->err.message : "?");
            return 1;
        }
        if (t1 - t0 < best_parse)
            best_parse = t1 - t0;
        if (rep == 0)
            printf("lines: %zu, statements: %u, tokens: %zu, input: %.1f MB\n", nlines,
                   top->nkids, ntok, mb);
        arena_release(a);
        ctx->src = NULL;
    }
    printf("memchr scan (baseline):   %8.1f MB/s\n", mb / best_scan);
    printf("tokenize only:            %8.1f MB/s (%.1fx the scan's time)\n", mb / best_lex,
           best_lex / best_scan);
    printf("tokenize+parse:           %8.1f MB/s (%.1fx the scan's time, %.2fx the tokenizer's; "
           "target >= 50 MB/s)\n", mb / best_parse, best_parse / best_scan, best_parse / best_lex);
    jc_free(ctx);
    sb_free(&text);
    return 0;
}
