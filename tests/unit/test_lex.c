/* test_lex.c — the tokenizer and its generated tables against data/ and the reference
 * notes: every row of data/operators.tsv lexes as one operator token of its class and
 * parses as Julia parses it; identifier classes and normalization (identifiers.md);
 * malformed bytes give positioned errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ident.h"
#include "jc.h"
#include "lex.h"
#include "optable.h"
#include "parse.h"
#include "check.h"


static const char *class_names[] = {
    [OPC_ASSIGN] = "assignment", [OPC_PAIR] = "pair", [OPC_COND] = "conditional",
    [OPC_ARROW] = "arrow", [OPC_OR] = "lazy-or", [OPC_AND] = "lazy-and",
    [OPC_COMPARISON] = "comparison", [OPC_PIPE_LT] = "pipe-lt", [OPC_PIPE_GT] = "pipe-gt",
    [OPC_COLON] = "colon", [OPC_PLUS] = "plus", [OPC_TIMES] = "times",
    [OPC_RATIONAL] = "rational", [OPC_BITSHIFT] = "bitshift", [OPC_POWER] = "power",
    [OPC_DECL] = "decl", [OPC_DOT] = "dot", [OPC_WHERE] = "where", [OPC_LAMBDA] = "lambda",
    [OPC_UNARY] = "unary", [OPC_POSTFIX] = "postfix",
};

static char *parse1(jc_ctx *ctx, const char *s, jc_status *st)
{
    char *out = NULL;
    jc_error err;
    *st = jc_parse_sexpr(ctx, s, strlen(s), "none", &out, &err);
    jc_error_clear(&err);
    if (out) {
        size_t n = strlen(out);
        if (n && out[n - 1] == '\n')
            out[n - 1] = 0;
    }
    return out;
}

/* Cuts a line (its newline dropped) at tabs into at most max fields; returns how many. */
static int split_tsv(char *line, char **fld, int max)
{
    line[strcspn(line, "\n")] = 0;
    int nf = 0;
    for (char *q = line; nf < max;) {
        fld[nf++] = q;
        char *t = strchr(q, '\t');
        if (!t)
            break;
        *t = 0;
        q = t + 1;
    }
    return nf;
}

/* Every TSV row: one token of the right class; binary rows parse as `a OP b`. */
static void operators(jc_ctx *ctx)
{
    FILE *f = fopen("data/operators.tsv", "r");
    if (!f) {
        CHECK(0, "cannot open data/operators.tsv");
        return;
    }
    char line[1024];
    int rows = 0;
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
        char *fld[10];
        split_tsv(line, fld, 10);
        rows++;
        const char *spell = fld[0], *cls = fld[1];
        const op_info *op = optable_find(spell, strlen(spell));
        CHECK(op && strcmp(class_names[op->cls], cls) == 0, "row %s: class %s", spell, cls);
        if (!op)
            continue;
        CHECK(((op->flags & OPF_DOTTABLE) != 0) == (strcmp(fld[3], "yes") == 0), "%s dottable", spell);
        CHECK(((op->flags & OPF_UNARY) != 0) == (strcmp(fld[4], "yes") == 0), "%s unary", spell);
        /* the lexer reads the spelling as exactly one operator token */
        char buf[64];
        snprintf(buf, sizeof buf, "a %s b", spell);
        lexer lx;
        token t;
        lex_init(&lx, buf, strlen(buf));
        lex_next(&lx, &t);
        lex_next(&lx, &t);
        CHECK(!strcmp(spell, "'") || (t.kind == TK_OP && t.off == 2 && t.len == strlen(spell) && t.op == op),
              "lexing %s", spell);
        /* binary operators parse as calls of the (normalized) spelling */
        int binary = !strcmp(cls, "arrow") || !strcmp(cls, "comparison") ||
                     !strcmp(cls, "plus") || !strcmp(cls, "times") || !strcmp(cls, "power") ||
                     !strcmp(cls, "bitshift") || !strcmp(cls, "rational") ||
                     !strcmp(cls, "pipe-lt") || !strcmp(cls, "pipe-gt") || !strcmp(cls, "pair");
        if (binary && strcmp(spell, "<:") && strcmp(spell, ">:") && strcmp(spell, "-->") &&
            strcmp(spell, "$")) {
            const char *name = fld[8][0] ? fld[8] : spell;
            if (strstr(fld[6], "U+0387"))
                name = "⋅";
            char want[128];
            snprintf(want, sizeof want, "(call-i a %s b)", name);
            jc_status st;
            char *got = parse1(ctx, buf, &st);
            CHECK(st == JC_OK && got && strcmp(got, want) == 0, "%s: got %s", buf, got ? got : "error");
            free(got);
            /* and the dotted form, where there is one */
            if (op->flags & OPF_DOTTABLE) {
                snprintf(buf, sizeof buf, "a .%s b", spell);
                snprintf(want, sizeof want, "(dotcall-i a %s b)", name);
                got = parse1(ctx, buf, &st);
                CHECK(st == JC_OK && got && strcmp(got, want) == 0, "%s: got %s", buf, got ? got : "error");
                free(got);
            }
        }
    }
    fclose(f);
    CHECK(rows == 661 && optable_count() == 661, "661 operators (rows %d, table %zu)", rows,
          optable_count());
    /* the table is sorted (binary search relies on it) */
    for (size_t i = 1; i < optable_count(); i++) {
        const op_info *a = optable_row(i - 1), *b = optable_row(i);
        size_t m = a->len < b->len ? a->len : b->len;
        int c = memcmp(a->spelling, b->spelling, m);
        if (!(c < 0 || (c == 0 && a->len < b->len))) {
            CHECK(0, "table unsorted at %zu", i);
            break;
        }
    }
}

static void ranges(void)
{
    /* identifiers.md examples */
    CHECK(ident_is_start('a') && ident_is_start('_') && !ident_is_start('1') && !ident_is_start('!'), "ascii start");
    CHECK(ident_is_char('1') && ident_is_char('!') && !ident_is_char('+'), "ascii continue");
    CHECK(ident_is_start(0x03C0) && ident_is_start(0x0127) && ident_is_start(0x2202), "π ħ ∂ start");
    CHECK(ident_is_start(0x221E) && ident_is_start(0x1D7CE) && ident_is_start(0x00A2), "∞ 𝟎 ¢ start");
    CHECK(!ident_is_start(0x2190) && !ident_is_start(0x00A6) && !ident_is_start(0x233F), "← ¦ ⌿ are not");
    CHECK(!ident_is_start(0x221A) && !ident_is_start(0x297A), "√ ⥺ are operators");
    CHECK(ident_is_char(0x2081) && ident_is_char(0x00B2) && ident_is_char(0x2032) && ident_is_char(0x0302), "₁ ² ′ combining");
    CHECK(!ident_is_start(0x2081) && !ident_is_start(0x00B2), "₁ ² cannot start");
    CHECK(ident_is_op_suffix(0x2081) && ident_is_op_suffix(0x2032) && ident_is_op_suffix(0x1D40) && !ident_is_op_suffix('a'), "op suffixes");
    CHECK(ident_is_never_id(' ') && ident_is_never_id('(') && !ident_is_never_id('a'), "never id");
}

static void normalization(void)
{
    static const struct { const char *in, *out; } cases[] = {
        {"µ", "μ"}, {"ɛ", "ε"}, {"·", "⋅"}, {"·", "⋅"}, {"−", "-"}, {"ℏ", "ħ"}, {"ħ", "ħ"},
        {"Ω", "Ω"}, {"Å", "Å"}, {"K", "K"}, {"e\xCC\x81", "é"}, {"ℯ", "ℯ"}, {"x₁", "x₁"},
        {"abc", "abc"}, {"𝐱", "𝐱"}, {"ﬁ", "ﬁ"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sb out = { 0 };
        ident_normalize(cases[i].in, strlen(cases[i].in), &out);
        CHECK(strcmp(sb_str(&out), cases[i].out) == 0, "normalize %s -> %s (got %s)", cases[i].in,
              cases[i].out, sb_str(&out));
        sb_free(&out);
    }
    /* every charmap row of the singleton table is applied */
    FILE *f = fopen("data/identifier_normalization_singletons.tsv", "r");
    if (!f) {
        CHECK(0, "cannot open singletons table");
        return;
    }
    char line[512];
    int n = 0, ok = 0;
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
        char *fld[5];
        int nf = split_tsv(line, fld, 5);
        if (nf < 5 || strcmp(fld[4], "julia_charmap") != 0)
            continue;
        n++;
        sb out = { 0 };
        ident_normalize(fld[1], strlen(fld[1]), &out);
        ok += strcmp(sb_str(&out), fld[3]) == 0;
        sb_free(&out);
    }
    fclose(f);
    CHECK(n == 6 && ok == 6, "charmap rows %d, right %d", n, ok);
}

/* Malformed input: positioned errors, never a crash. */
static void bad_bytes(jc_ctx *ctx)
{
    static const struct { const char *s; size_t len, off; const char *msg; } cases[] = {
        {"1 + \0", 5, 4, "ParseError"},  /* the rendered source line holds the NUL */
        {"1 + \xff", 5, 4, "invalid UTF-8"},
        {"x\xc3", 2, 1, "invalid UTF-8"},
        {"\"a\xf5\"", 4, 2, "invalid UTF-8"},
        {"\xed\xa0\x80", 3, 0, "invalid UTF-8"},
        {"a \x01", 3, 2, "unknown unicode character"},
        {"`ls`", 4, 0, "not supported"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = NULL;
        jc_error err;
        jc_status st = jc_parse_sexpr(ctx, cases[i].s, cases[i].len, "none", &out, &err);
        CHECK(st == JC_ERR_PARSE && err.offset == cases[i].off && err.message &&
              strstr(err.message, cases[i].msg), "bad input %zu: status %d off %zu %s", i,
              (int)st, err.offset, err.message ? err.message : "");
        free(out);
        jc_error_clear(&err);
    }
    /* every single byte, and every byte pair, is handled without crashing */
    int clean = 1;
    for (int a = 0; a < 256 && clean; a++)
        for (int b = 0; b < 256; b += 7) {
            char s[4] = { (char)a, (char)b, '1', 0 };
            char *out = NULL;
            jc_error err;
            jc_status st = jc_parse_sexpr(ctx, s, 3, "none", &out, &err);
            if (st != JC_OK && st != JC_ERR_PARSE && st != JC_INCOMPLETE)
                clean = 0;
            free(out);
            jc_error_clear(&err);
        }
    CHECK(clean, "byte pairs");
}

static void trailing_semicolon(jc_ctx *ctx)
{
    static const struct { const char *s; int semi; } cases[] = {
        {"1 + 2", 0}, {"1 + 2;", 1}, {"x = 1;  # quiet", 1}, {"a; b", 0}, {"a;\n", 1},
        {"f(x);;", 1}, {"[1;]", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arena *a = arena_new();
        ast *top = NULL;
        ctx->src = cases[i].s;
        ctx->srclen = strlen(cases[i].s);
        jc_status st = parse_program(ctx, a, cases[i].s, strlen(cases[i].s), &top);
        CHECK(st == JC_OK && top->kind == A_TOPLEVEL &&
              ((top->flags & AF_TRAILING_SEMI) != 0) == cases[i].semi, "trailing ; in %s", cases[i].s);
        arena_release(a);
        ctx->src = NULL;
    }
}

static void literal_values(jc_ctx *ctx)
{
    static const struct { const char *s; int type; } cases[] = {
        {"1", T_INT64}, {"9223372036854775808", T_BIGINT}, {"0xff", T_UINT8}, {"0x100", T_UINT16},
        {"0b1", T_UINT8}, {"0o777", T_UINT16}, {"1.5", T_FLOAT64}, {"1.5f0", T_FLOAT32},
        {"true", T_BOOL}, {"'a'", T_CHAR}, {"0x1ffffffffffffffff", T_UINT128},
        {"0x1ffffffffffffffffffffffffffffffff", T_BIGINT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arena *a = arena_new();
        ast *top = NULL;
        ctx->src = cases[i].s;
        ctx->srclen = strlen(cases[i].s);
        jc_status st = parse_program(ctx, a, cases[i].s, strlen(cases[i].s), &top);
        CHECK(st == JC_OK && top->nkids == 1 && top->kids[0]->kind == A_LIT &&
              top->kids[0]->lit_type == cases[i].type, "literal type of %s", cases[i].s);
        arena_release(a);
        ctx->src = NULL;
    }
}

int main(void)
{
    jc_ctx *ctx = jc_new();
    operators(ctx);
    ranges();
    normalization();
    bad_bytes(ctx);
    trailing_semicolon(ctx);
    literal_values(ctx);
    jc_free(ctx);
    return check_report();
}
