/* sexpr.c — a syntax tree back to JuliaSyntax's S-expression text (what `--parse`
 * prints), so that the parser can be checked line by line against JuliaSyntax.
 *
 * Heads follow JuliaSyntax's names with its flag suffixes (-i infix, -pre prefix, -p
 * parenthesized, -, trailing comma, -s triple-quoted); literals are written as Julia's
 * show writes them.  Reads the tree only; never fails. */
#include <stdlib.h>
#include <string.h>

#include "num/fmtfloat.h"
#include "sexpr.h"
#include "macro.h"

/* A Float64 or Float32 literal as Julia's show writes it (1.5, 1.0e6, 1.5f0, NaN32):
 * the project's shortest round-trip digits (num/fmtfloat.c), so that --parse and the
 * REPL spell a float the same way. */
static void sexpr_float(sb *out, double d, int float32)
{
    char buf[FMT_FLOAT_BUFSIZE];
    size_t n = float32 ? fmt_float32(buf, sizeof buf, (float)d, FMT_SHOW)
                       : fmt_float64(buf, sizeof buf, d, FMT_SHOW);
    sb_put(out, buf, n < sizeof buf ? n : sizeof buf - 1);
}

static void sexpr_string(sb *out, const char *s, size_t n)
{
    sb_putc(out, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': sb_puts(out, "\\\""); break;
        case '\\': sb_puts(out, "\\\\"); break;
        case '$': sb_puts(out, "\\$"); break;
        case '\n': sb_puts(out, "\\n"); break;
        case '\t': sb_puts(out, "\\t"); break;
        case '\r': sb_puts(out, "\\r"); break;
        case 27: sb_puts(out, "\\e"); break;
        default:
            if (c < 0x20 || c == 0x7F)
                sb_printf(out, "\\x%02x", c);
            else
                sb_putc(out, (char)c);
        }
    }
    sb_putc(out, '"');
}

static void sexpr_lit(sb *out, value v)
{
    switch (v.type) {
    case T_BOOL: sb_puts(out, v.u.i ? "true" : "false"); break;
    case T_INT64: sb_printf(out, "%lld", (long long)v.u.i); break;
    case T_BIGINT: {
        char *s = mpz_get_str(NULL, 10, val_mpz(v));
        sb_puts(out, s);
        free(s);
        break;
    }
    case T_UINT8: sb_printf(out, "0x%02llx", (unsigned long long)v.u.u); break;
    case T_UINT16: sb_printf(out, "0x%04llx", (unsigned long long)v.u.u); break;
    case T_UINT32: sb_printf(out, "0x%08llx", (unsigned long long)v.u.u); break;
    case T_UINT64: sb_printf(out, "0x%016llx", (unsigned long long)v.u.u); break;
    case T_UINT128: {   /* 0x and 32 hex digits */
        char *s = mpz_get_str(NULL, 16, val_mpz(v));
        sb_puts(out, "0x");
        for (size_t k = strlen(s); k < 32; k++)
            sb_putc(out, '0');
        sb_puts(out, s);
        free(s);
        break;
    }
    case T_FLOAT64: sexpr_float(out, v.u.f, 0); break;
    case T_FLOAT32: sexpr_float(out, v.u.f, 1); break;
    case T_CHAR: {
        sb_puts(out, "(char '");
        if (v.u.c == '\'')
            sb_puts(out, "\\'");
        else if (v.u.c == '\\')
            sb_puts(out, "\\\\");
        else if (v.u.c == '\n')
            sb_puts(out, "\\n");
        else if (v.u.c == '\t')
            sb_puts(out, "\\t");
        else if (v.u.c < 0x20 || v.u.c == 0x7F)
            sb_printf(out, "\\x%02x", (unsigned)v.u.c);
        else
            sb_pututf8(out, v.u.c);
        sb_puts(out, "')");
        break;
    }
    case T_STRING: {
        jc_string *s = val_string(v);
        sexpr_string(out, s->s, s->len);
        break;
    }
    default:
        sb_puts(out, "?");
    }
}

static void sexpr_node(jc_ctx *ctx, const ast *n, sb *out);

static void sexpr_kids(jc_ctx *ctx, const ast *n, uint32_t from, sb *out)
{
    for (uint32_t i = from; i < n->nkids; i++) {
        sb_putc(out, ' ');
        sexpr_node(ctx, n->kids[i], out);
    }
}

static void sexpr_sym(jc_ctx *ctx, int sym, sb *out)
{
    const char *s = sym >= 0 ? sym_name(ctx, sym) : "?";
    sb_puts(out, s ? s : "?");
}

static void sexpr_head(sb *out, const char *head, const ast *n, int parens_flag)
{
    sb_putc(out, '(');
    sb_puts(out, head);
    if (parens_flag && (n->flags & AF_PARENS))
        sb_puts(out, "-p");
    if (n->flags & AF_TRAILCOMMA)
        sb_puts(out, "-,");
}

static void sexpr_node(jc_ctx *ctx, const ast *n, sb *out)
{
    switch ((ast_kind)n->kind) {
    case A_ID:
        if (n->flags & AF_DOTTED) {
            sb_puts(out, "(. ");
            sexpr_sym(ctx, n->sym, out);
            sb_putc(out, ')');
        } else {
            sexpr_sym(ctx, n->sym, out);
        }
        return;
    case A_LIT:
        sexpr_lit(out, ast_lit(n));
        return;
    case A_ERROR:
        sb_puts(out, "(error)");
        return;
    case A_CALL: case A_DOTCALL: {
        const char *head = n->kind == A_CALL ? "call" : "dotcall";
        sb_putc(out, '(');
        sb_puts(out, head);
        if (n->flags & AF_INFIX) {
            sb_puts(out, "-i ");
            sexpr_node(ctx, n->kids[1], out);
            sb_putc(out, ' ');
            sexpr_node(ctx, n->kids[0], out);
            sexpr_kids(ctx, n, 2, out);
        } else if (n->flags & AF_PREFIX) {
            sb_puts(out, "-pre");
            sexpr_kids(ctx, n, 0, out);
        } else if (n->flags & AF_POSTFIX) {
            sb_puts(out, "-post ");
            sexpr_node(ctx, n->kids[1], out);
            sb_putc(out, ' ');
            sexpr_node(ctx, n->kids[0], out);
        } else {
            if (n->flags & AF_TRAILCOMMA)
                sb_puts(out, "-,");
            sexpr_kids(ctx, n, 0, out);
        }
        sb_putc(out, ')');
        return;
    }
    case A_CHAIN: /* (call-i (call-i a - b) - c): n - 2 openings, then the links */
        for (uint32_t i = 2; i < n->nkids; i++)
            sb_puts(out, "(call-i ");
        sexpr_node(ctx, n->kids[1], out);
        for (uint32_t i = 2; i < n->nkids; i++) {
            sb_putc(out, ' ');
            sexpr_node(ctx, n->kids[0], out);
            sb_putc(out, ' ');
            sexpr_node(ctx, n->kids[i], out);
            sb_putc(out, ')');
        }
        return;
    case A_TUPLE: case A_BLOCK:
        sexpr_head(out, n->kind == A_TUPLE ? "tuple" : "block", n, 1);
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_STRING:
        sb_puts(out, (n->flags & AF_TRIPLE) ? "(string-s" : "(string");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_MODULE:
        sb_puts(out, (n->flags & AF_PREFIX) ? "(module-bare" : "(module");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_STRUCT:
        sb_puts(out, (n->flags & AF_MUTABLE) ? "(struct-mut" : "(struct");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_FUNCDEF:
        sb_puts(out, (n->flags & AF_MACRO) ? "(macro" : (n->flags & AF_SHORT) ? "(function-=" : "(function");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_TYPED:
        sb_puts(out, (n->flags & AF_PREFIX) ? "(::-pre" : "(::-i");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_OPASSIGN: case A_DOTOPASSIGN:
        sb_puts(out, n->kind == A_OPASSIGN ? "(op=" : "(.op=");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_ASSIGN: case A_KW:
        sb_puts(out, (n->flags & AF_DOTTED) ? "(.=" : "(=");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_QUOTE:
        sb_puts(out, n->nkids == 1 && n->kids[0]->kind == A_BLOCK ? "(quote" : "(quote-:");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_ITER:
        sb_puts(out, "(in");
        if (n->flags & AF_PREFIX) { /* for outer i */
            sb_puts(out, " (outer ");
            sexpr_node(ctx, n->kids[0], out);
            sb_putc(out, ')');
            sexpr_kids(ctx, n, 1, out);
        } else
            sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_FOR: {
        sb_puts(out, "(for (iteration");
        const ast *it = n->kids[0];
        if (it->kind == A_BLOCK)
            sexpr_kids(ctx, it, 0, out);
        else {
            sb_putc(out, ' ');
            sexpr_node(ctx, it, out);
        }
        sb_putc(out, ')');
        sexpr_kids(ctx, n, 1, out);
        sb_putc(out, ')');
        return;
    }
    case A_GENERATOR: {
        sb_puts(out, "(generator ");
        sexpr_node(ctx, n->kids[0], out);
        if (n->nkids > 1 && n->kids[1]->kind == A_ITER) {
            sb_puts(out, " (iteration");
            sexpr_kids(ctx, n, 1, out);
            sb_putc(out, ')');
        } else {
            sexpr_kids(ctx, n, 1, out);
        }
        sb_putc(out, ')');
        return;
    }
    case A_FILTER:
        sb_puts(out, "(filter (iteration");
        sexpr_kids(ctx, n, 1, out);
        sb_puts(out, ") ");
        sexpr_node(ctx, n->kids[0], out);
        sb_putc(out, ')');
        return;
    case A_ROW:
        if (n->sym > 0)
            sb_printf(out, "(nrow-%d", n->sym);
        else
            sb_puts(out, "(row");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_NCAT: case A_TYPED_NCAT:
        sb_printf(out, "(%s-%d", n->kind == A_NCAT ? "ncat" : "typed_ncat", n->sym);
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_BEGIN_END:
        sb_puts(out, (n->flags & AF_END) ? "end" : "begin");
        return;
    case A_SYNOP:
        sb_putc(out, '(');
        sexpr_sym(ctx, n->sym, out);
        if ((n->flags & AF_PREFIX) && (strcmp(sym_name(ctx, n->sym), "<:") == 0 ||
                                       strcmp(sym_name(ctx, n->sym), ">:") == 0))
            sb_puts(out, "-pre");
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_USING: /* (using (importpath A B)), (import (: (importpath A) (importpath b))) */
        sb_puts(out, (n->flags & AF_PREFIX) ? "(import" : "(using");
        if (n->flags & AF_INFIX)
            sb_puts(out, " (:");
        for (uint32_t i = 0; i < n->nkids; i++) {
            int as = (n->kids[i]->flags & AF_INFIX) != 0; /* (as (importpath A) B) */
            sb_puts(out, as ? " (as (importpath" : " (importpath");
            sexpr_kids(ctx, n->kids[i], 0, out);
            sb_putc(out, ')');
            if (as) {
                sb_putc(out, ' ');
                sexpr_sym(ctx, n->kids[i]->sym, out);
                sb_putc(out, ')');
            }
        }
        if (n->flags & AF_INFIX)
            sb_putc(out, ')');
        sb_putc(out, ')');
        return;
    case A_DO: /* (do (call f x) (tuple y) (block body)) */
        sb_puts(out, "(do ");
        sexpr_node(ctx, n->kids[0], out);
        sexpr_kids(ctx, n->kids[1], 0, out);
        sb_putc(out, ')');
        return;
    case A_RETURN: case A_BREAK: case A_CONTINUE:
        sb_putc(out, '(');
        sb_puts(out, ast_kind_name((ast_kind)n->kind));
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    case A_CATCH:
        sb_puts(out, "(catch ");
        if (n->kids[0]->kind == A_NOTHING)
            sb_puts(out, "□");
        else
            sexpr_node(ctx, n->kids[0], out);
        sexpr_kids(ctx, n, 1, out);
        sb_putc(out, ')');
        return;
    case A_MACROCALL:
        sb_puts(out, (n->flags & AF_PARENS) ? "(macrocall-p" : "(macrocall");
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            sb_putc(out, ' ');
            if (i == 1 && (n->flags & AF_STRMACRO) && k->kind == A_STRING) {
                sb_puts(out, (k->flags & AF_TRIPLE) ? "(string-s-r" : "(string-r");
                sexpr_kids(ctx, k, 0, out);
                sb_putc(out, ')');
            } else {
                sexpr_node(ctx, k, out);
            }
        }
        sb_putc(out, ')');
        return;
    case A_TOPLEVEL:
        for (uint32_t i = 0; i < n->nkids; i++) {
            sexpr_node(ctx, n->kids[i], out);
            sb_putc(out, '\n');
        }
        return;
    default:
        sexpr_head(out, ast_kind_name((ast_kind)n->kind), n, 0);
        sexpr_kids(ctx, n, 0, out);
        sb_putc(out, ')');
        return;
    }
}

void sexpr_print(jc_ctx *ctx, const ast *node, sb *out) { sexpr_node(ctx, node, out); }
