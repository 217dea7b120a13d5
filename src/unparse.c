/* unparse.c — a syntax tree back to Julia source as Julia's show_unquoted writes an
 * expression (base/show.jl): the text that `@show x^2` prints before ` = ` (`x ^ 2`) and
 * that `@assert` puts in its AssertionError.
 *
 * Method: binary operators with a space either side (`a + b`, `x ^ 2`), the range colon
 * without (`1:n`); an operand in parentheses when it binds less tightly than its
 * operator (or as tightly on the side the operator does not associate to); calls
 * `f(a, b; k = 1)`, literals by their repr, a number times a name juxtaposed (`2x`).
 * A form this file does not know is written as its source text, which is always
 * valid Julia. */
#include "unparse.h"

#include <string.h>

#include "optable.h"
#include "show.h"
#include "sym.h"

typedef struct up {
    jc_ctx *ctx;
    const char *src;
    size_t srclen;
    sb *out;
    int depth;
    int indent;   /* the column the lines of the current statement start at */
} up;

static void node(up *u, const ast *n, int prec);

static const char *name_of(up *u, const ast *n)
{
    const char *s = n->kind == A_ID ? sym_name(u->ctx, n->sym) : NULL;
    return s ? s : "";
}

static void source(up *u, const ast *n)
{
    if (u->src && n->off + n->len <= u->srclen)
        sb_put(u->out, u->src + n->off, n->len);
}

/* The precedence class of operator name s (0: not an infix operator). */
static int op_prec(const char *s, int *right)
{
    const op_info *op = optable_find(s, strlen(s));
    *right = op && (op->flags & OPF_RIGHT);
    if (!op || op->cls < OPC_ASSIGN || op->cls > OPC_DECL)
        return 0;
    return op->cls;
}

static void list(up *u, const ast *n, uint32_t from, const char *sep)
{
    for (uint32_t i = from; i < n->nkids; i++) {
        if (i > from)
            sb_puts(u->out, sep);
        node(u, n->kids[i], 0);
    }
}

/* Arguments of a call: positional, then `; kw = v` (A_PARAMETERS) */
static void args(up *u, const ast *n, uint32_t from)
{
    int first = 1;
    for (uint32_t i = from; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        if (!k) /* f(x;;0): an empty parameters group the parser keeps as no node */
            continue;
        if (k->kind == A_PARAMETERS) {
            sb_puts(u->out, "; ");
            list(u, k, 0, ", ");
            continue;
        }
        if (!first)
            sb_puts(u->out, ", ");
        first = 0;
        node(u, k, 0);
    }
}

static void open_paren(up *u, int need) { if (need) sb_putc(u->out, '('); }
static void close_paren(up *u, int need) { if (need) sb_putc(u->out, ')'); }

static void infix(up *u, const ast *n, const char *op, int dotted, int prec, uint32_t from)
{
    int right, p = op_prec(op, &right);
    int need = p < prec;
    open_paren(u, need);
    const char *sep = strcmp(op, ":") == 0 ? "" : " ";
    for (uint32_t i = from; i < n->nkids; i++) {
        if (i > from) {
            sb_puts(u->out, sep);
            if (dotted)
                sb_putc(u->out, '.');
            sb_puts(u->out, op);
            sb_puts(u->out, sep);
        }
        /* the side the operator does not associate to needs parentheses at equal
         * precedence: a - (b - c), (a ^ b) ^ c */
        int side = (i == from) ? (right ? p + 1 : p) : (right ? p : p + 1);
        node(u, n->kids[i], side);
    }
    close_paren(u, need);
}

static void call(up *u, const ast *n, int prec, int dotted)
{
    const ast *f = n->kids[0];
    const char *fname = f->kind == A_ID ? name_of(u, f) : NULL;
    if ((n->flags & AF_INFIX) && fname && n->nkids >= 3) {
        infix(u, n, fname, dotted, prec, 1);
        return;
    }
    if ((n->flags & AF_PREFIX) && fname && n->nkids == 2) {
        int need = prec > OPC_TIMES;
        open_paren(u, need);
        if (dotted)
            sb_putc(u->out, '.');
        sb_puts(u->out, fname);
        const ast *x = n->kids[1];
        int wrap = x->kind == A_CALL && (x->flags & (AF_INFIX | AF_PREFIX));
        open_paren(u, wrap);
        node(u, x, OPC_POWER);
        close_paren(u, wrap);
        close_paren(u, need);
        return;
    }
    if ((n->flags & AF_POSTFIX) && n->nkids == 2) {
        node(u, n->kids[1], OPC_POSTFIX);
        sb_puts(u->out, fname ? fname : "'");
        return;
    }
    node(u, f, OPC_DOT);
    if (dotted)
        sb_putc(u->out, '.');
    sb_putc(u->out, '(');
    args(u, n, 1);
    sb_putc(u->out, ')');
}

/* ---- statements, written on lines of their own as Julia's show of an Expr does ---- */

static void newline(up *u, int extra)
{
    sb_putc(u->out, '\n');
    for (int i = 0; i < u->indent + extra; i++)
        sb_putc(u->out, ' ');
}

/* The statements of a block, each on a line indented four more. */
static void body(up *u, const ast *b)
{
    u->indent += 4;
    if (b->kind == A_BLOCK) {
        for (uint32_t i = 0; i < b->nkids; i++) {
            newline(u, 0);
            node(u, b->kids[i], 0);
        }
    } else {
        newline(u, 0);
        node(u, b, 0);
    }
    u->indent -= 4;
}

static void end_line(up *u)
{
    newline(u, 0);
    sb_puts(u->out, "end");
}

static void iter_list(up *u, const ast *it)
{
    if (it->kind == A_BLOCK || it->kind == A_ITERATION)
        list(u, it, 0, ", ");
    else
        node(u, it, 0);
}

/* The if/elseif chain after its `if`. */
static void if_rest(up *u, const ast *n)
{
    node(u, n->kids[0], 0);
    body(u, n->kids[1]);
    if (n->nkids > 2) {
        const ast *e = n->kids[2];
        newline(u, 0);
        if (e->kind == A_ELSEIF) {
            sb_puts(u->out, "elseif ");
            if_rest(u, e);
            return;
        }
        sb_puts(u->out, "else");
        body(u, e);
    }
}

static int statement(up *u, const ast *n, int prec)
{
    sb *o = u->out;
    switch ((ast_kind)n->kind) {
    case A_BLOCK:
        if (n->flags & AF_PARENS) {
            sb_putc(o, '(');
            list(u, n, 0, "; ");
            sb_putc(o, ')');
            return 1;
        }
        sb_puts(o, "begin");
        body(u, n);
        end_line(u);
        return 1;
    case A_IF:
        sb_puts(o, "if ");
        if_rest(u, n);
        end_line(u);
        return 1;
    case A_FOR:
        sb_puts(o, "for ");
        iter_list(u, n->kids[0]);
        body(u, n->kids[1]);
        end_line(u);
        return 1;
    case A_WHILE:
        sb_puts(o, "while ");
        node(u, n->kids[0], 0);
        body(u, n->kids[1]);
        end_line(u);
        return 1;
    case A_LET:
        sb_puts(o, "let ");
        iter_list(u, n->kids[0]);
        body(u, n->kids[1]);
        end_line(u);
        return 1;
    case A_FUNCDEF:
        if ((n->flags & AF_SHORT) && n->nkids == 2) {
            node(u, n->kids[0], 0);
            sb_puts(o, " = ");
            node(u, n->kids[1], OPC_ASSIGN);
            return 1;
        }
        sb_puts(o, (n->flags & AF_MACRO) ? "macro " : "function ");
        if (n->nkids) {
            const ast *sig = n->kids[0];
            if ((n->flags & AF_MACRO) && sig->kind == A_CALL && sig->kids[0]->kind == A_ID) {
                const char *nm = name_of(u, sig->kids[0]);
                sb_puts(o, nm[0] == '@' ? nm + 1 : nm);
                sb_putc(o, '(');
                args(u, sig, 1);
                sb_putc(o, ')');
            } else
                node(u, sig, 0);
        }
        if (n->nkids == 2)
            body(u, n->kids[1]);
        end_line(u);
        return 1;
    case A_ARROW: {
        int need = prec > OPC_ARROW;
        open_paren(u, need);
        const ast *p = n->kids[0];
        if (p->kind == A_TUPLE && p->nkids == 1 && !(p->flags & AF_PARENS))
            node(u, p->kids[0], OPC_ARROW + 1);
        else
            node(u, p, OPC_ARROW + 1);
        sb_puts(o, " -> ");
        node(u, n->kids[1], OPC_ARROW);
        close_paren(u, need);
        return 1;
    }
    case A_RETURN:
        sb_puts(o, "return");
        if (n->nkids) {
            sb_putc(o, ' ');
            node(u, n->kids[0], 0);
        }
        return 1;
    case A_BREAK: sb_puts(o, "break"); return 1;
    case A_CONTINUE: sb_puts(o, "continue"); return 1;
    case A_OPASSIGN: case A_DOTOPASSIGN: {
        int need = prec > OPC_ASSIGN;
        open_paren(u, need);
        node(u, n->kids[0], OPC_ASSIGN + 1);
        sb_puts(o, n->kind == A_DOTOPASSIGN ? " ." : " ");
        sb_puts(o, name_of(u, n->kids[1]));
        sb_puts(o, "= ");
        node(u, n->kids[2], OPC_ASSIGN);
        close_paren(u, need);
        return 1;
    }
    case A_LOCAL: case A_GLOBAL: case A_CONST:
        sb_puts(o, n->kind == A_LOCAL ? "local " : n->kind == A_GLOBAL ? "global " : "const ");
        list(u, n, 0, ", ");
        return 1;
    case A_MACROCALL:
        node(u, n->kids[0], OPC_DOT);
        for (uint32_t i = 1; i < n->nkids; i++) {
            sb_putc(o, ' ');
            node(u, n->kids[i], OPC_DOT);
        }
        return 1;
    case A_SYNOP:
        if (n->nkids == 1 && (n->flags & AF_PREFIX)) {
            const char *op = sym_name(u->ctx, n->sym);
            sb_puts(o, op ? op : "");
            int wrap = n->kids[0]->kind != A_ID;
            open_paren(u, wrap);
            node(u, n->kids[0], 0);
            close_paren(u, wrap);
            return 1;
        }
        return 0;
    case A_QUOTE:
        if (n->nkids == 1 && n->kids[0]->kind == A_BLOCK) {
            sb_puts(o, "quote");
            body(u, n->kids[0]);
            end_line(u);
            return 1;
        }
        return 0;
    case A_TRY:
        sb_puts(o, "try");
        body(u, n->kids[0]);
        for (uint32_t i = 1; i < n->nkids; i++) {
            const ast *c = n->kids[i];
            newline(u, 0);
            if (c->kind == A_CATCH) {
                sb_puts(o, "catch");
                if (c->kids[0]->kind == A_ID) {
                    sb_putc(o, ' ');
                    node(u, c->kids[0], 0);
                }
                body(u, c->kids[1]);
            } else {
                sb_puts(o, c->kind == A_FINALLY ? "finally" : "else");
                body(u, c->kids[0]);
            }
        }
        end_line(u);
        return 1;
    case A_MODULE:
        sb_puts(o, (n->flags & AF_PREFIX) ? "baremodule " : "module ");
        node(u, n->kids[0], 0);
        body(u, n->kids[1]);
        end_line(u);
        return 1;
    case A_EXPORT:
        sb_puts(o, "export ");
        list(u, n, 0, ", ");
        return 1;
    case A_STRUCT:
        sb_puts(o, (n->flags & AF_MUTABLE) ? "mutable struct " : "struct ");
        node(u, n->kids[0], 0);
        body(u, n->kids[1]);
        end_line(u);
        return 1;
    case A_WHERE:
        node(u, n->kids[0], OPC_WHERE);
        sb_puts(o, " where ");
        if (n->nkids == 2)
            node(u, n->kids[1], OPC_WHERE + 1);
        else {
            sb_putc(o, '{');
            list(u, n, 1, ", ");
            sb_putc(o, '}');
        }
        return 1;
    case A_NOTHING:
        sb_puts(o, "nothing");
        return 1;
    default:
        return 0;
    }
}

static void node(up *u, const ast *n, int prec)
{
    if (++u->depth > 200) {
        source(u, n);
        u->depth--;
        return;
    }
    switch ((ast_kind)n->kind) {
    case A_ID: {
        const char *nm = name_of(u, n);
        if (nm[0] == '#') { /* a gensym: var"##tmp#2" reads back as the same name */
            sb_puts(u->out, "var\"");
            sb_puts(u->out, nm);
            sb_putc(u->out, '"');
        } else
            sb_puts(u->out, nm);
        break;
    }
    case A_LIT:
        show_value(u->ctx, u->out, ast_lit(n), SHOW_REPR, 0);
        break;
    case A_STRING:
        if (n->nkids == 1 && n->kids[0]->kind == A_LIT) {
            show_value(u->ctx, u->out, ast_lit(n->kids[0]), SHOW_REPR, 0);
            break;
        }
        /* "a$(x)": the pieces by their repr without the quotes, each value as $(...) */
        sb_putc(u->out, '"');
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            if (k->kind == A_LIT && k->lit_type == T_STRING) {
                sb t = { 0 };
                show_value(u->ctx, &t, ast_lit(k), SHOW_REPR, 0);
                if (t.len >= 2)
                    sb_put(u->out, sb_str(&t) + 1, t.len - 2);
                sb_free(&t);
            } else {
                sb_puts(u->out, "$(");
                node(u, k, 0);
                sb_putc(u->out, ')');
            }
        }
        sb_putc(u->out, '"');
        break;
    case A_PARENS:
        node(u, n->kids[0], prec);
        break;
    case A_CALL: case A_CHAIN: /* a chain prints as its left-nested calls do */
        call(u, n, prec, 0);
        break;
    case A_DOTCALL:
        call(u, n, prec, 1);
        break;
    case A_JUXT:
        if (n->nkids == 2 && n->kids[0]->kind == A_LIT && n->kids[1]->kind == A_ID) {
            node(u, n->kids[0], 0);
            node(u, n->kids[1], 0);
        } else {
            int need = prec > OPC_TIMES;
            open_paren(u, need);
            for (uint32_t i = 0; i < n->nkids; i++) {
                if (i)
                    sb_puts(u->out, " * ");
                node(u, n->kids[i], OPC_TIMES + 1);
            }
            close_paren(u, need);
        }
        break;
    case A_COMPARISON: {
        int need = prec > OPC_COMPARISON;
        open_paren(u, need);
        for (uint32_t i = 0; i < n->nkids; i++) {
            if (i)
                sb_putc(u->out, ' ');
            if (i & 1) {
                if (n->kids[i]->flags & AF_DOTTED)
                    sb_putc(u->out, '.');
                sb_puts(u->out, name_of(u, n->kids[i]));
            } else {
                node(u, n->kids[i], OPC_COMPARISON + 1);
            }
        }
        close_paren(u, need);
        break;
    }
    case A_AND: case A_OR: {
        int p = n->kind == A_AND ? OPC_AND : OPC_OR;
        int need = prec > p;
        open_paren(u, need);
        node(u, n->kids[0], p + 1);
        sb_puts(u->out, n->kind == A_AND ? " && " : " || ");
        node(u, n->kids[1], p);
        close_paren(u, need);
        break;
    }
    case A_TERNARY: {
        int need = prec > OPC_COND;
        open_paren(u, need);
        node(u, n->kids[0], OPC_COND + 1);
        sb_puts(u->out, " ? ");
        node(u, n->kids[1], OPC_COND + 1);
        sb_puts(u->out, " : ");
        node(u, n->kids[2], OPC_COND);
        close_paren(u, need);
        break;
    }
    case A_TUPLE:
        if (n->nkids && (n->kids[0]->kind == A_ASSIGN || n->kids[0]->kind == A_KW) && u->src) {
            source(u, n);
            break;
        }
        sb_putc(u->out, '(');
        if (n->nkids && n->kids[n->nkids - 1] && n->kids[n->nkids - 1]->kind == A_PARAMETERS) {
            const ast *p = n->kids[n->nkids - 1]; /* (a,; b = 1), (; b = 1) */
            for (uint32_t i = 0; i + 1 < n->nkids; i++) {
                if (i)
                    sb_puts(u->out, ", ");
                node(u, n->kids[i], 0);
            }
            sb_puts(u->out, n->nkids == 2 ? ",;" : ";");
            if (p->nkids)
                sb_putc(u->out, ' ');
            list(u, p, 0, ", ");
        } else {
            list(u, n, 0, ", ");
            if (n->nkids == 1)
                sb_putc(u->out, ',');
        }
        sb_putc(u->out, ')');
        break;
    case A_VECT: case A_BRACES:
        sb_putc(u->out, n->kind == A_VECT ? '[' : '{');
        list(u, n, 0, ", ");
        sb_putc(u->out, n->kind == A_VECT ? ']' : '}');
        break;
    case A_HCAT: case A_ROW:
        if (n->kind == A_HCAT)
            sb_putc(u->out, '[');
        list(u, n, 0, " ");
        if (n->kind == A_HCAT)
            sb_putc(u->out, ']');
        break;
    case A_VCAT:
        sb_putc(u->out, '[');
        list(u, n, 0, "; ");
        sb_putc(u->out, ']');
        break;
    case A_COMPREHENSION: case A_TYPED_COMPREHENSION:
        if (n->kind == A_TYPED_COMPREHENSION)
            node(u, n->kids[0], OPC_DOT);
        sb_putc(u->out, '[');
        node(u, n->kids[n->nkids - 1], 0);
        sb_putc(u->out, ']');
        break;
    case A_GENERATOR: {
        /* `x ^ 2 for x = 1:3 if p(x)`: Julia writes every iteration with `=` */
        const ast *it = n->nkids >= 2 ? n->kids[1] : NULL;
        int ok = it && (it->kind == A_ITER || (it->kind == A_FILTER && n->nkids == 2));
        for (uint32_t i = 2; ok && i < n->nkids; i++)
            ok = n->kids[i]->kind == A_ITER;
        if (!ok) {
            source(u, n);
            break;
        }
        node(u, n->kids[0], 0);
        sb_puts(u->out, " for ");
        if (it->kind == A_ITER) {
            list(u, n, 1, ", ");
        } else {
            list(u, it, 1, ", ");
            sb_puts(u->out, " if ");
            node(u, it->kids[0], 0);
        }
        break;
    }
    case A_ITER:
        node(u, n->kids[0], 0);
        sb_puts(u->out, " = ");
        node(u, n->kids[1], 0);
        break;
    case A_REF:
        node(u, n->kids[0], OPC_DOT);
        sb_putc(u->out, '[');
        list(u, n, 1, ", ");
        sb_putc(u->out, ']');
        break;
    case A_BEGIN_END:
        sb_puts(u->out, (n->flags & AF_END) ? "end" : "begin");
        break;
    case A_DOT:
        node(u, n->kids[0], OPC_DOT);
        sb_putc(u->out, '.');
        node(u, n->kids[1], OPC_DOT);
        break;
    case A_KW: case A_ASSIGN:
        if (n->nkids == 2) {
            int need = n->kind == A_ASSIGN && prec > OPC_ASSIGN;
            open_paren(u, need);
            node(u, n->kids[0], OPC_ASSIGN + 1);
            sb_puts(u->out, (n->flags & AF_DOTTED) ? " .= " : " = ");
            node(u, n->kids[1], OPC_ASSIGN);
            close_paren(u, need);
        } else {
            source(u, n);
        }
        break;
    case A_SPLAT:
        node(u, n->kids[0], OPC_DOT);
        sb_puts(u->out, "...");
        break;
    case A_QUOTE:
        if (statement(u, n, prec))
            break;
        if (n->kids[0]->kind == A_LIT) { /* :(1) would read back as 1 */
            sb_puts(u->out, "$(Expr(:quote, ");
            node(u, n->kids[0], 0);
            sb_puts(u->out, "))");
            break;
        }
        if (n->kids[0]->kind == A_ID) { /* :x, :(=) as the Symbol shows */
            show_symbol(u->ctx, u->out, name_of(u, n->kids[0]));
            break;
        }
        sb_putc(u->out, ':');
        if (n->kids[0]->kind == A_PARENS) {
            node(u, n->kids[0], OPC_DOT);
            break;
        }
        /* quoted code other than a name: :(…) around it, :((1, 2)) for a tuple */
        sb_putc(u->out, '(');
        node(u, n->kids[0], 0);
        sb_putc(u->out, ')');
        break;
    case A_TYPED:
        if (n->nkids == 1) {
            sb_puts(u->out, "::");
            node(u, n->kids[0], OPC_DECL + 1);
        } else if (n->nkids == 2) {
            node(u, n->kids[0], OPC_DECL);
            sb_puts(u->out, "::");
            node(u, n->kids[1], OPC_DECL + 1);
        } else {
            source(u, n);
        }
        break;
    case A_CURLY:
        node(u, n->kids[0], OPC_DOT);
        sb_putc(u->out, '{');
        list(u, n, 1, ", ");
        sb_putc(u->out, '}');
        break;
    default:
        if (!statement(u, n, prec))
            source(u, n);
        break;
    }
    u->depth--;
}

void unparse(jc_ctx *ctx, const char *src, size_t srclen, const ast *n, sb *out)
{
    up u = { ctx, src, srclen, out, 0, 0 };
    node(&u, n, 0);
}

void unparse_at(jc_ctx *ctx, const ast *n, int indent, sb *out)
{
    up u = { ctx, NULL, 0, out, 0, indent };
    node(&u, n, 0);
}
