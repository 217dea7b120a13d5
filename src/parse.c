/* parse.c — Julia's expression syntax to a syntax tree: expressions, statements and the
 * program.  Brackets, keywords and string literals are in parse_bracket.c,
 * parse_block.c and parse_string.c (sharing parse_impl.h); sexpr.c prints the tree
 * back as JuliaSyntax's S-expression text.
 *
 * Method: recursive descent over JuliaSyntax's ladder of productions, with the binary
 * levels (=> down to bitshift) folded into one precedence-climbing loop driven by a
 * table indexed by the operator table's classes: each row a precedence and the rule
 * that builds the class's special forms (ternary, range, comparison chain, n-ary +).
 * Special operators are recognised by their op_id, never by spelling.  The levels below
 * bitshift (where, juxtaposition, unary, power, ::, call chain) have rules that are not
 * plain precedence and keep their own functions.  Tokens come from the lexer on demand;
 * whether a newline ends an expression and whether whitespace separates array elements
 * are parser modes (nl_ws, space_sens) saved and restored around brackets and blocks.
 *
 * Errors: the first one is recorded with diag_parse_error and sets p->err; every
 * production returns promptly once it is set, so only the first error is reported.  An
 * error found at the end of the text is JC_INCOMPLETE.  Recursion is bounded by
 * PARSE_MAX_DEPTH, checked on every descent into a nested expression. */
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "diag.h"
#include "ident.h"
#include "num/literal.h"
#include "parse_impl.h"

static ast *expr_call(parser *p);
static ast *expr_binary(parser *p, int minprec);
static ast *expr_assign(parser *p, int comma_ok);
static ast *parse_unary(parser *p);
static ast *parse_juxt(parser *p);
static ast *parse_factor(parser *p);
static ast *parse_atom(parser *p);

/* ---- lookahead ---- */

/* The token after the current one (newlines skipped in nl_ws mode). */
static token peek2(parser *p)
{
    cur(p);
    lexer l = p->lx;
    token t;
    lex_next(&l, &t);
    while (t.kind == TK_NEWLINE && p->nl_ws) {
        lex_next(&l, &t);
        t.flags |= TF_WS;
    }
    return t;
}

/* The token two after the current one. */
static token peek3(parser *p)
{
    cur(p);
    lexer l = p->lx;
    token t;
    lex_next(&l, &t);
    lex_next(&l, &t);
    return t;
}

/* ---- node building ---- */


static ast *parse_name_node(parser *p, const char *name, size_t n, size_t off, size_t len)
{
    ast *id = ast_new(p->a, A_ID, off, len, 0);
    id->sym = intern(p, name, n);
    return id;
}

/* An identifier token's node: the name normalized as Julia does.  ASCII names are
 * already normal and are interned straight from the source, others normalized first; a
 * spelling met again takes its symbol from the idsym cache. */
static ast *expr_id_token(parser *p, const token *t)
{
    const char *s = p->src + t->off;
    uint32_t h = 2166136261u;
    unsigned high = 0;
    for (size_t j = 0; j < t->len; j++) {
        high |= (unsigned char)s[j];
        h = (h ^ (unsigned char)s[j]) * 16777619u;
    }
    size_t slot = (h ^ (h >> 16)) & (PARSE_CACHE - 1);
    ast *id = ast_new(p->a, A_ID, t->off, t->len, 0);
    if (p->idsym[slot].len == t->len) {
        const char *c = p->src + p->idsym[slot].off;
        size_t j = 0;
        while (j < t->len && c[j] == s[j])
            j++;
        if (j == t->len) {
            id->sym = p->idsym[slot].sym;
            return id;
        }
    }
    if (!(high & 0x80)) {
        id->sym = intern(p, s, t->len);
    } else {
        p->tmp.len = 0;
        ident_normalize(s, t->len, &p->tmp);
        id->sym = intern(p, p->tmp.s, p->tmp.len);
    }
    p->idsym[slot].off = t->off;
    p->idsym[slot].len = t->len;
    p->idsym[slot].sym = id->sym;
    return id;
}

/* The symbol of an operator row's normalized name, kept in the context across parses
 * (a stream parses every line afresh). */
static int op_sym(parser *p, const op_info *op)
{
    jc_ctx *ctx = p->ctx;
    if (!ctx->op_syms)
        ctx->op_syms = xcalloc(optable_count(), sizeof *ctx->op_syms);
    int *slot = &ctx->op_syms[op - optable_row(0)];
    if (!*slot)
        *slot = 1 + intern(p, op->name, strlen(op->name));
    return *slot - 1;
}

/* An operator token's name node: normalized spelling plus suffix, without the dot. */
static ast *expr_op_node(parser *p, const token *t)
{
    size_t skip = (t->flags & TF_DOTTED) ? 1 : 0;
    ast *id;
    if (t->flags & TF_SUFFIXED) {
        p->tmp.len = 0;
        sb_puts(&p->tmp, t->op->name);
        size_t sfx = skip + t->op->len;
        sb tmp2 = { 0 };
        ident_normalize(p->src + t->off + sfx, t->len - sfx, &tmp2);
        sb_put(&p->tmp, tmp2.s, tmp2.len);
        sb_free(&tmp2);
        id = parse_name_node(p, p->tmp.s, p->tmp.len, t->off + skip, t->len - skip);
    } else {
        id = ast_new(p->a, A_ID, t->off + skip, t->len - skip, 0);
        id->sym = op_sym(p, t->op);
    }
    if (t->flags & TF_DOTTED)
        id->flags |= AF_DOTTED;
    return id;
}

/* A call of operator node `op` (infix/prefix/postfix), dotted when the token was. */

static ast *op_call(parser *p, ast *op, unsigned flag, size_t off, ast *a, ast *b)
{
    ast_kind k = (op->flags & AF_DOTTED) ? A_DOTCALL : A_CALL;
    op->flags &= (uint16_t)~AF_DOTTED;
    ast *n = b ? node3(p, k, off, op, a, b) : node2(p, k, off, op, a);
    n->flags |= (uint16_t)flag;
    return n;
}

static ast *synop(parser *p, const char *name, size_t off, unsigned flag, ast *a, ast *b)
{
    ast *n = b ? node2(p, A_SYNOP, off, a, b) : node1(p, A_SYNOP, off, a);
    n->sym = intern(p, name, strlen(name));
    n->flags |= (uint16_t)flag;
    return n;
}

/* ---- literals ---- */

/* Converts the numeric token t (with a glued sign when sign >= 0: 0 '+', 1 '-') to a
 * literal node spanning [off, t end); num/literal.c gives the value. */
static ast *number_literal(parser *p, const token *t, int sign, size_t off)
{
    _Static_assert(TK_BININT - TK_INT == LIT_BIN && TK_OCTINT - TK_INT == LIT_OCT &&
                       TK_HEXINT - TK_INT == LIT_HEX && TK_FLOAT - TK_INT == LIT_FLOAT64 &&
                       TK_FLOAT32 - TK_INT == LIT_FLOAT32,
                   "numeric tokens are in num_literal_kind's order");
    if (t->kind < TK_INT || t->kind > TK_FLOAT32)
        return parse_fail_unexpected(p);
    value v;
    if (num_literal_value(&v, (num_literal_kind)(t->kind - TK_INT), p->src + t->off, t->len,
                          sign == 1) != 0)
        return parse_fail_at(p, t->off, t->len, "overflow in floating point literal");
    return lit_node(p, v, off, t->off + t->len - off);
}

static int is_number_tok(const token *t)
{
    return t->kind == TK_INT || t->kind == TK_FLOAT || t->kind == TK_FLOAT32 ||
           t->kind == TK_HEXINT || t->kind == TK_BININT || t->kind == TK_OCTINT;
}

static int is_number_node(const ast *n)
{
    while (n->kind == A_PARENS && n->nkids == 1)
        n = n->kids[0];
    return n->kind == A_LIT && n->lit_type != T_BOOL && n->lit_type != T_CHAR;
}

/* ---- operators in prefix position ---- */

/* What an operator does where an operand is expected, by op_id: data, so that parse_call,
 * parse_unary and the array-spacing rule ask one table instead of comparing ids. */
enum {
    PRE_FORM = 1,     /* ::T, $x, &x: a syntactic prefix form, read by parse_call */
    PRE_OPERAND = 2,  /* in, isa, `:` (`:x` quotes, a lone `:` is a value): operand levels */
    PRE_INVALID = 4,  /* ? && || -> ...: cannot start an expression */
    PRE_TYPE = 8,     /* <: T, >: T: special forms, not calls */
    PRE_SPACED = 16,  /* `:`, $, &: after a space inside [ ], it starts a new element */
};

static const unsigned char prefix_roles[OP__COUNT] = {
    [OP_DECL] = PRE_FORM,
    [OP_DOLLAR] = PRE_FORM | PRE_SPACED,
    [OP_AMP] = PRE_FORM | PRE_SPACED,
    [OP_IN] = PRE_OPERAND,
    [OP_ISA] = PRE_OPERAND,
    [OP_COLON] = PRE_OPERAND | PRE_SPACED,
    [OP_QUESTION] = PRE_INVALID,
    [OP_ANDAND] = PRE_INVALID,
    [OP_OROR] = PRE_INVALID,
    [OP_LAMBDA] = PRE_INVALID,
    [OP_SPLAT] = PRE_INVALID,
    [OP_SUBTYPE] = PRE_TYPE,
    [OP_SUPERTYPE] = PRE_TYPE,
};

/* The PRE_* role of a plain (undotted, unsuffixed) operator token; 0 for anything else. */
static inline int prefix_role(const token *t)
{
    return t->kind == TK_OP && !(t->flags & (TF_DOTTED | TF_SUFFIXED)) ? prefix_roles[t->op->id]
                                                                        : 0;
}

/* ---- expressions ---- */

/* An identifier just consumed, unless it opens `mutable struct` or `abstract type`
 * (words that are names anywhere else). */
static ast *typedef_or_id(parser *p, const token *t)
{
    if (t->len == 7 && !memcmp(p->src + t->off, "mutable", 7) && is_kw(cur(p), KW_STRUCT))
        return parse_typedef(p, t->off, 1);
    if (t->len == 8 && !memcmp(p->src + t->off, "abstract", 8) && cur(p)->kind == TK_ID &&
        cur(p)->len == 4 && !memcmp(p->src + cur(p)->off, "type", 4))
        return parse_typedef(p, t->off, 2);
    return expr_id_token(p, t);
}

/* The operand levels: atom and call chain. */
static ast *parse_atom(parser *p)
{
    token t = *cur(p);
    switch (t.kind) {
    case TK_ID: {
        bump(p);
        ast *id = typedef_or_id(p, &t);
        token *q = cur(p);
        if (!p->err && id->kind == A_ID && (q->kind == TK_DQUOTE || q->kind == TK_TDQUOTE) &&
            !(q->flags & TF_WS))
            return parse_strmacro(p, id);  /* big"1.5", r"a+"i */
        return id;
    }
    case TK_INT: case TK_FLOAT: case TK_FLOAT32: case TK_HEXINT: case TK_BININT:
    case TK_OCTINT: {
        bump(p);
        return number_literal(p, &t, -1, t.off);
    }
    case TK_KW:
        return parse_resword(p);
    case TK_LPAREN:
        return parse_paren(p);
    case TK_LBRACK:
        return parse_cat(p, NULL, t.off);
    case TK_LBRACE: {
        bump(p);
        size_t base = p->nstk;
        int nc, ns;
        int tr = parse_args(p, TK_RBRACE, 0, &nc, &ns);
        if (tr < 0) {
            p->nstk = base;
            return error_node(p);
        }
        ast *b = finish(p, A_BRACES, base, t.off);
        if (tr)
            b->flags |= AF_TRAILCOMMA;
        return b;
    }
    case TK_DQUOTE: case TK_TDQUOTE:
        return parse_string(p);
    case TK_CHAR:
        return parse_char(p);
    case TK_OP: {
        const op_info *op = t.op;
        if (op->cls == OPC_COLON && is_op(&t, OP_COLON)) {
            /* :x quotes; a lone : is the colon itself (a[:]) */
            token n = peek2(p);
            bump(p);
            if (!(n.flags & TF_WS) && (n.kind == TK_ID || n.kind == TK_KW || n.kind == TK_OP ||
                                       n.kind == TK_LPAREN || is_number_tok(&n))) {
                ast *q;
                if (n.kind == TK_ID || n.kind == TK_KW) {
                    bump(p);
                    q = expr_id_token(p, &n);
                } else if (n.kind == TK_OP) {
                    bump(p);
                    q = expr_op_node(p, &n);
                } else {
                    q = parse_atom(p);
                    if (p->err)
                        return q;
                }
                return node1(p, A_QUOTE, t.off, q);
            }
            return parse_name_node(p, ":", 1, t.off, t.len);
        }
        /* an operator used as a value: map(+, v), (+), f = * */
        bump(p);
        return expr_op_node(p, &t);
    }
    case TK_AT:
        return parse_macrocall(p);
    case TK_BACKTICK:
        return parse_fail_at(p, t.off, t.len, "command literals are not supported");
    default:
        return parse_fail_unexpected(p);
    }
}

/* The call chain after a term: f(x), a[i], T{P}, a.b, f.(x), x'. */
static ast *call_chain(parser *p, ast *x)
{
    for (;;) {
        if (p->err)
            return x;
        token *t = cur(p);
        int ws = t->flags & TF_WS;
        switch (t->kind) {
        case TK_LPAREN:
            if (is_number_node(x))
                return x;  /* 2(x): juxtaposition */
            if (ws) {
                if (p->space_sens)
                    return x;
                return x;  /* f (x): the caller reports the extra tokens */
            }
            x = parse_call_args(p, x, A_CALL);
            if (!p->err && is_kw(cur(p), KW_DO))
                x = parse_do(p, x);
            continue;
        case TK_LBRACK:
            if (ws)
                return x;
            if (x->kind == A_LIT && (x->lit_type == T_STRING))
                return x;
            x = parse_cat(p, x, x->off);
            continue;
        case TK_LBRACE: {
            if (ws)
                return x;
            bump(p);
            size_t base = p->nstk;
            push(p, x);
            int nc, ns;
            int tr = parse_args(p, TK_RBRACE, 0, &nc, &ns);
            if (tr < 0) {
                p->nstk = base;
                return error_node(p);
            }
            x = finish(p, A_CURLY, base, x->off);
            if (tr)
                x->flags |= AF_TRAILCOMMA;
            continue;
        }
        case TK_PRIME: {
            if (ws)
                return x;
            token pt = *t;
            bump(p);
            ast *op = parse_name_node(p, p->src + pt.off, pt.len, pt.off, pt.len);
            if (pt.flags & TF_SUFFIXED) {
                p->tmp.len = 0;
                ident_normalize(p->src + pt.off, pt.len, &p->tmp);
                op->sym = intern(p, p->tmp.s, p->tmp.len);
            }
            x = node2(p, A_CALL, x->off, op, x);
            x->flags |= AF_POSTFIX;
            continue;
        }
        case TK_OP:
            if (t->op->cls == OPC_DOT && !(t->flags & TF_DOTTED) && t->len == 1) {
                if (ws && p->space_sens)
                    return x;
                token n = peek2(p);
                if (n.kind == TK_LPAREN && !(n.flags & TF_WS)) {
                    bump(p);
                    x = parse_call_args(p, x, A_DOTCALL);
                    continue;
                }
                if (n.kind == TK_ID || n.kind == TK_KW) {
                    if (n.flags & TF_WS)
                        return parse_fail_at(p, n.off, 0, "whitespace is not allowed here");
                    bump(p);
                    bump(p);
                    x = node2(p, A_DOT, x->off, x, expr_id_token(p, &n));
                    continue;
                }
                if (n.kind == TK_AT && !(n.flags & TF_WS)) {  /* Base.@show x */
                    bump(p);
                    x = parse_dot_macrocall(p, x);
                    continue;
                }
                if (n.kind == TK_OP && is_op(&n, OP_COLON)) {
                    bump(p);
                    ast *q = parse_atom(p);
                    if (p->err)
                        return q;
                    x = node2(p, A_DOT, x->off, x, q);
                    continue;
                }
                bump(p);
                return parse_fail_unexpected(p);
            }
            return x;
        default:
            return x;
        }
    }
}

/* parse_call: syntactic prefix operators (::T, $x, &x), then an atom and its chain. */
static ast *expr_call(parser *p)
{
    if (!parse_enter(p))
        return error_node(p);
    token t = *cur(p);
    ast *r;
    if (prefix_role(&t) & PRE_FORM) {
        token n = peek2(p);
        if (is_closing(&n) || (n.kind == TK_OP && (n.op->cls == OPC_ASSIGN))) {
            bump(p);
            r = expr_op_node(p, &t);
        } else {
            bump(p);
            ast *e = is_op(&t, OP_DECL) ? expr_call(p) : parse_atom(p);
            if (p->err) {
                leave(p);
                return e;
            }
            if (is_op(&t, OP_DECL)) {
                r = node1(p, A_TYPED, t.off, e);
                r->flags |= AF_PREFIX;
            } else {
                r = synop(p, t.op->name, t.off, AF_PREFIX, e, NULL);
            }
        }
        r = call_chain(p, r);
        leave(p);
        return r;
    }
    r = parse_atom(p);
    if (!p->err && !(r->kind == A_BLOCK && r->flags == 0) && r->kind != A_IF &&
        r->kind != A_FOR && r->kind != A_WHILE && r->kind != A_LET && r->kind != A_FUNCDEF &&
        r->kind != A_RETURN)
        r = call_chain(p, r);
    leave(p);
    return r;
}

/* parse_decl: x::T chains, then x -> body. */
static ast *decl_after(parser *p, ast *x)
{
    while (!p->err && is_op(cur(p), OP_DECL)) {
        bump(p);
        ast *ty = expr_call(p);
        if (p->err)
            return ty;
        x = node2(p, A_TYPED, x->off, x, ty);
        x->flags |= AF_INFIX;
    }
    if (!p->err && is_op(cur(p), OP_LAMBDA)) {
        bump(p);
        skip_newlines(p);
        ast *params = x;
        if (x->kind == A_PARENS) {
            params = node1(p, A_TUPLE, x->off, x->kids[0]);
            params->len = x->len;
            params->flags |= AF_PARENS;
        } else if (x->kind == A_BLOCK && (x->flags & AF_PARENS) && x->nkids > 0) {
            size_t base = p->nstk;
            push(p, x->kids[0]);
            size_t pb = p->nstk;
            for (uint32_t i = 1; i < x->nkids; i++)
                push(p, x->kids[i]);
            push(p, finish(p, A_PARAMETERS, pb, x->kids[x->nkids > 1 ? 1 : 0]->off));
            params = finish(p, A_TUPLE, base, x->off);
            params->flags |= AF_PARENS;
        } else if (!(x->kind == A_TUPLE && (x->flags & AF_PARENS))) {
            params = node1(p, A_TUPLE, x->off, x);
        }
        modes m = save_modes(p);
        p->space_sens = 0;
        ast *body = expr_assign(p, 0);
        restore_modes(p, m);
        if (p->err)
            return body;
        x = node2(p, A_ARROW, x->off, params, body);
    }
    return x;
}

static int is_power(const token *t) { return t->kind == TK_OP && t->op->cls == OPC_POWER; }

/* parse_factor after its first operand: x ^ y (right-associative, the exponent may
 * start with a unary operator and include juxtaposition). */
static ast *factor_after(parser *p, ast *x)
{
    x = decl_after(p, x);
    if (p->err)
        return x;
    token t = *cur(p);
    if (!is_power(&t))
        return x;
    if (p->space_sens && (t.flags & TF_WS)) {
        token n = peek2(p);
        (void)n;
    }
    bump(p);
    skip_newlines(p);
    ast *op = expr_op_node(p, &t);
    if (!parse_enter(p))
        return error_node(p);
    ast *rhs = parse_juxt(p);
    leave(p);
    if (p->err)
        return rhs;
    return op_call(p, op, AF_INFIX, x->off, x, rhs);
}

static ast *parse_factor(parser *p)
{
    ast *x = expr_call(p);
    if (p->err)
        return x;
    return factor_after(p, x);
}

static int is_radical(const token *t)
{
    if (t->kind != TK_OP || (t->flags & (TF_DOTTED | TF_SUFFIXED)))
        return 0;
    return t->op->id >= OP_SQRT && t->op->id <= OP_FOURTHROOT;
}

/* Is the operator usable as a prefix (unary) operator? */
static int unary_ok(const token *t)
{
    return t->kind == TK_OP && (t->op->flags & OPF_UNARY) && !(t->flags & TF_SUFFIXED) &&
           !(prefix_role(t) & (PRE_FORM | PRE_TYPE));
}

/* parse_unary: prefix operators, signed numeric literals, prefix call forms. */
static ast *parse_unary(parser *p)
{
    if (!parse_enter(p))
        return error_node(p);
    token t = *cur(p);
    ast *r;
    if (t.kind != TK_OP || t.op->cls == OPC_WHERE ||
        (prefix_role(&t) & (PRE_FORM | PRE_OPERAND))) {
        r = parse_factor(p);
        leave(p);
        return r;
    }
    token t2 = peek2(p);
    /* a sign glued to a numeric literal */
    if ((is_op(&t, OP_MINUS) || is_op(&t, OP_PLUS)) && !(t2.flags & TF_WS) &&
        (t2.kind == TK_INT || t2.kind == TK_FLOAT || t2.kind == TK_FLOAT32 ||
         (is_op(&t, OP_PLUS) && (t2.kind == TK_HEXINT || t2.kind == TK_BININT ||
                             t2.kind == TK_OCTINT)))) {
        token t3 = peek3(p);
        if (is_power(&t3) || (!(t3.flags & TF_WS) && (t3.kind == TK_LBRACK || t3.kind == TK_LBRACE))) {
            bump(p);
            ast *op = expr_op_node(p, &t);
            ast *e = parse_factor(p);
            r = p->err ? e : op_call(p, op, AF_PREFIX, t.off, e, NULL);
        } else {
            bump(p);
            bump(p);
            ast *lit = number_literal(p, &t2, is_op(&t, OP_MINUS) ? 1 : 0, t.off);
            r = p->err ? lit : factor_after(p, call_chain(p, lit));
        }
        leave(p);
        return r;
    }
    /* an operator standing alone: `+`, `.+`, map(+, x) */
    if (is_closing(&t2) || (t2.kind == TK_OP && is_op(&t2, OP_EQ)) || t2.kind == TK_NEWLINE) {
        bump(p);
        r = expr_op_node(p, &t);
        leave(p);
        return r;
    }
    if (t.op->cls == OPC_ASSIGN && !is_op(&t, OP_TILDE) && !(t.flags & TF_DOTTED)) {
        r = parse_fail_unexpected(p);
        leave(p);
        return r;
    }
    if ((prefix_role(&t) & PRE_INVALID) || (t.op->cls == OPC_DOT && !(t.flags & TF_DOTTED))) {
        r = parse_fail_unexpected(p);
        leave(p);
        return r;
    }
    if (t2.kind == TK_LBRACE && !(t2.flags & TF_WS)) {
        bump(p);
        ast *op = expr_op_node(p, &t);
        r = factor_after(p, call_chain(p, op));
        leave(p);
        return r;
    }
    /* prefix call syntax: +(a, b), *(x); or unary + on a parenthesized operand */
    if (t2.kind == TK_LPAREN && !(t2.flags & TF_WS)) {
        bump(p);
        ast *op = expr_op_node(p, &t);
        if (unary_ok(&t)) {
            ast *group = parse_paren(p);
            if (p->err) {
                leave(p);
                return group;
            }
            int is_call = group->kind == A_TUPLE ||
                          (group->kind == A_PARENS && group->kids[0]->kind == A_SPLAT);
            if (is_call) {
                size_t base = p->nstk;
                if (op->flags & AF_DOTTED) {
                    op->flags &= (uint16_t)~AF_DOTTED;
                    op->flags |= AF_DOTTED;
                }
                push(p, op);
                for (uint32_t i = 0; i < group->nkids; i++)
                    push(p, parse_as_kw(group->kids[i]));
                ast *c = finish(p, A_CALL, base, t.off);
                if (group->flags & AF_TRAILCOMMA)
                    c->flags |= AF_TRAILCOMMA;
                r = factor_after(p, call_chain(p, c));
            } else {
                ast *e = factor_after(p, call_chain(p, group));
                r = p->err ? e : op_call(p, op, AF_PREFIX, t.off, e, NULL);
            }
        } else {
            r = parse_call_args(p, op, A_CALL);
            if (!p->err)
                r = factor_after(p, call_chain(p, r));
        }
        leave(p);
        return r;
    }
    if (unary_ok(&t)) {
        bump(p);
        ast *op = expr_op_node(p, &t);
        ast *e = parse_unary(p);
        r = p->err ? e : op_call(p, op, AF_PREFIX, t.off, e, NULL);
        leave(p);
        return r;
    }
    if (prefix_role(&t) & PRE_TYPE) {
        bump(p);
        ast *e = parse_unary(p);
        r = p->err ? e : synop(p, t.op->name, t.off, AF_PREFIX, e, NULL);
        leave(p);
        return r;
    }
    r = parse_fail_at(p, t.off, t.len, "not a unary operator");
    leave(p);
    return r;
}

static int is_block_form(const ast *n)
{
    return (n->kind == A_BLOCK && !(n->flags & AF_PARENS)) || n->kind == A_IF ||
           n->kind == A_FOR || n->kind == A_WHILE || n->kind == A_LET ||
           n->kind == A_FUNCDEF || n->kind == A_SYNOP || n->kind == A_RETURN ||
           (n->kind == A_TYPED && (n->flags & AF_PREFIX));
}

/* Can token t start another factor of an implicit product after prev? */
static int juxtaposable(parser *p, const ast *prev, const token *t)
{
    if (t->flags & TF_WS)
        return 0;
    if (is_closing(t))
        return 0;
    if (is_block_form(prev))
        return 0;
    switch (t->kind) {
    case TK_OP:
        return is_radical(t);
    case TK_KW:
        return t->kw == KW_TRUE || t->kw == KW_FALSE;
    case TK_INT: case TK_FLOAT: case TK_FLOAT32: case TK_HEXINT: case TK_BININT:
    case TK_OCTINT:
        return is_number_node(prev);
    case TK_ID: case TK_LPAREN: case TK_CHAR:
        return 1;
    case TK_DQUOTE: case TK_TDQUOTE:
        return 0;
    case TK_LBRACK:
        return 0;
    default:
        (void)p;
        return 0;
    }
}

/* parse_juxtapose: 2x, 2(x+1), (x+1)y, 2√x. */
static ast *juxt_after(parser *p, ast *x);

static ast *parse_juxt(parser *p)
{
    ast *x = parse_unary(p);
    if (p->err)
        return x;
    return juxt_after(p, x);
}

/* parse_juxt after its first factor x. */
static ast *juxt_after(parser *p, ast *x)
{
    if (!juxtaposable(p, x, cur(p)))
        return x;
    if (x->kind == A_STRING)
        return parse_fail_at(p, cur(p)->off, 0, "cannot juxtapose string literal");
    size_t base = p->nstk;
    push(p, x);
    while (juxtaposable(p, p->stk[p->nstk - 1], cur(p))) {
        ast *f = is_radical(cur(p)) ? parse_unary(p) : parse_factor(p);
        if (p->err) {
            p->nstk = base;
            return f;
        }
        if (f->kind == A_STRING) {
            p->nstk = base;
            return parse_fail_at(p, f->off, 0, "cannot juxtapose string literal");
        }
        push(p, f);
    }
    return finish(p, A_JUXT, base, x->off);
}

/* parse_where: x where T (the parameters may be in braces). */
static ast *where_after(parser *p, ast *x);
static ast *parse_where(parser *p);

/* Does token t, right after a plain operand, leave every level from the call chain up
 * to `where` with nothing to do?  True for the tokens that close an expression and for
 * operators of the binary classes (assignment .. bitshift): none of them continues a
 * call chain (those are DOT), a declaration (DECL, LAMBDA), a power (POWER), an implicit
 * product (juxtaposable() wants radicals, UNARY) or a where-chain (WHERE). */
static inline int operand_ends(const token *t)
{
    switch (t->kind) {
    case TK_EOF: case TK_NEWLINE: case TK_RPAREN: case TK_RBRACK: case TK_RBRACE:
    case TK_COMMA: case TK_SEMI:
        return 1;
    case TK_OP:
        return t->op->cls >= OPC_ASSIGN && t->op->cls <= OPC_BITSHIFT;
    default:
        return 0;
    }
}

/* The operand of a binary operator: parse_where, with a short way for an identifier or
 * a decimal integer.  Such a token's own node is built exactly as parse_atom builds it;
 * when the token after it ends the operand, the levels between (each of which would
 * return its argument unchanged) are skipped; otherwise they run on the node as usual,
 * at the nesting depth they would have had (parse_unary and parse_call each count one
 * level), so even the depth bound's error is unchanged. */
static ast *parse_operand(parser *p)
{
    token *t = cur(p);
    if ((t->kind != TK_ID && t->kind != TK_INT) || p->depth + 2 > PARSE_MAX_DEPTH)
        return parse_where(p);
    token a = *t;
    bump(p);
    ast *x = a.kind == TK_ID ? typedef_or_id(p, &a) : number_literal(p, &a, -1, a.off);
    if (!p->err && x->kind == A_ID && (cur(p)->kind == TK_DQUOTE || cur(p)->kind == TK_TDQUOTE) &&
        !(cur(p)->flags & TF_WS))
        x = parse_strmacro(p, x);
    if (p->err || operand_ends(cur(p)))
        return x;
    p->depth += 2;
    x = call_chain(p, x);
    p->depth--;
    if (!p->err)
        x = factor_after(p, x);
    p->depth--;
    if (p->err)
        return x;
    x = juxt_after(p, x);
    return where_after(p, x);
}

static ast *parse_where(parser *p)
{
    return where_after(p, parse_juxt(p));
}

/* parse_where after its first operand x. */
static ast *where_after(parser *p, ast *x)
{
    while (!p->err && !p->no_where && is_op(cur(p), OP_WHERE)) {
        bump(p);
        skip_newlines(p);
        modes m = save_modes(p);
        p->no_where = 1;
        ast *w;
        if (cur(p)->kind == TK_LBRACE) {
            w = parse_atom(p);
        } else {
            w = expr_binary(p, OPC_COMPARISON);
        }
        restore_modes(p, m);
        if (p->err)
            return w;
        x = node2(p, A_WHERE, x->off, x, w);
    }
    return x;
}

/* In [ ], `a -b` is two elements: an operator with space before and none after, that
 * could also start an operand, ends the element. */
static int space_separates(parser *p, const token *t)
{
    if (!p->space_sens || !(t->flags & TF_WS) || (t->flags & TF_SUFFIXED))
        return 0;
    token n = peek2(p);
    if (n.flags & TF_WS)
        return 0;
    return (t->op->flags & OPF_UNARY) || (prefix_role(t) & PRE_SPACED) ||
           (t->flags & TF_DOTTED && (t->op->flags & OPF_UNARY));
}

static int chains_nary(const token *t)
{
    return is_op(t, OP_PLUS) || is_op(t, OP_PLUSPLUS) || is_op(t, OP_STAR);
}

/* ---- the binary levels as a table ----
 *
 * Each operator class that continues a binary expression has a row: its precedence and
 * the rule that builds the node once the left operand is parsed.  A rule is called with
 * t = the current token, the operator, not yet consumed (t points into the parser: copy
 * what is needed before bump).  It returns the new left operand, or NULL when the
 * operator does not continue the expression here (the caller stops, lhs unchanged).  On
 * an error it returns the error node with p->err set. */

typedef ast *(*infix_rule)(parser *p, ast *lhs, const token *t, int prec);

/* The minimum precedence of the right operand: associativity is data (OPF_RIGHT). */
static inline int rhs_min(const token *t, int prec)
{
    return (t->op->flags & OPF_RIGHT) ? prec : prec + 1;
}

/* The operator's name node, then the right operand at precedence min. */
static inline ast *infix_rhs(parser *p, const token *t, int min, ast **opn)
{
    *opn = expr_op_node(p, t);
    bump(p);
    skip_newlines(p);
    return expr_binary(p, min);
}

/* Does token t repeat the operator token op (the same operator, dots and suffix)? */
static inline int same_op(const parser *p, const token *t, const token *op)
{
    if (t->kind != TK_OP || t->op != op->op ||
        (t->flags & (TF_DOTTED | TF_SUFFIXED)) != (op->flags & (TF_DOTTED | TF_SUFFIXED)))
        return 0;
    return !(t->flags & TF_SUFFIXED) ||
           (t->len == op->len && !memcmp(p->src + t->off, p->src + op->off, t->len));
}

/* The operands after the first two of a + b + c … (an n-ary call) or a - b - c … (a
 * chain: left-nested calls held flat), each parsed at precedence min, while the operator
 * t repeats; then the node of kind k. */
static ast *repeat_operands(parser *p, ast_kind k, const token *t, int min, ast *opn, ast *lhs,
                            ast *rhs)
{
    gather g;
    gather_begin(p, &g);
    gather_push(p, &g, opn);
    gather_push(p, &g, lhs);
    gather_push(p, &g, gather_share(p, &g, rhs));
    while (same_op(p, cur(p), t) && !space_separates(p, cur(p))) {
        bump(p);
        skip_newlines(p);
        ast *e = expr_binary(p, min);
        if (p->err) {
            gather_abandon(p, &g);
            return e;
        }
        gather_push(p, &g, gather_share(p, &g, e));
    }
    ast *r = gather_finish(p, &g, k, lhs->off);
    r->flags |= AF_INFIX;
    return r;
}

/* The plain case: a call of the operator (inline: most operators take this path, from
 * the loop itself or from a class rule that found nothing special).  A left-associative
 * undotted operator that repeats makes one A_CHAIN. */
static inline ast *infix_call(parser *p, ast *lhs, const token *t, int prec)
{
    ast *opn;
    token op = *t;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    if (!(op.flags & TF_DOTTED) && !(op.op->flags & OPF_RIGHT) && same_op(p, cur(p), &op) &&
        !space_separates(p, cur(p)))
        return repeat_operands(p, A_CHAIN, &op, prec + 1, opn, lhs, rhs);
    return op_call(p, opn, AF_INFIX, lhs->off, lhs, rhs);
}

/* x... */
static ast *infix_splat(parser *p, ast *lhs, const token *t, int prec)
{
    bump(p);
    return node1(p, A_SPLAT, lhs->off, lhs);
}

/* a ? b : c, with the spaces Julia requires around `?` and `:`. */
static ast *infix_ternary(parser *p, ast *lhs, const token *t, int prec)
{
    if (!(t->flags & TF_WS))
        return parse_fail_at(p, t->off, t->len, "space required before `?` operator");
    size_t qend = t->off + t->len;
    bump(p);
    if (!(cur(p)->flags & TF_WS) && cur(p)->kind != TK_NEWLINE)
        return parse_fail_at(p, qend, 0, "space required after `?` operator");
    skip_newlines(p);
    modes m = save_modes(p);
    p->no_range = 1;
    ast *a = expr_assign(p, 0);
    restore_modes(p, m);
    if (p->err)
        return a;
    token c = *cur(p);
    if (!is_op(&c, OP_COLON))
        return parse_fail_expected(p, ":");
    if (!(c.flags & TF_WS))
        return parse_fail_at(p, c.off, c.len, "space required before `:` in `?` expression");
    bump(p);
    skip_newlines(p);
    ast *b = expr_assign(p, 0);
    if (p->err)
        return b;
    return node3(p, A_TERNARY, lhs->off, lhs, a, b);
}

/* a:b and a:s:b (one call of `:` with three arguments); `..` and the other colon-class
 * operators are plain calls.  In the then-branch of ?: a `:` ends the expression. */
static ast *infix_range(parser *p, ast *lhs, const token *t, int prec)
{
    if (!is_op(t, OP_COLON))
        return infix_call(p, lhs, t, prec);
    if (p->no_range)
        return NULL;
    token colon = *t;
    size_t off = lhs->off;
    bump(p);
    if (cur(p)->kind == TK_NEWLINE)
        return parse_fail_at(p, colon.off, colon.len, "line break after `:` in range expression");
    ast *b = expr_binary(p, OPC_PLUS);
    if (p->err)
        return b;
    ast *opn = expr_op_node(p, &colon);
    if (!is_op(cur(p), OP_COLON) || p->no_range || space_separates(p, cur(p)))
        return op_call(p, opn, AF_INFIX, off, lhs, b);
    bump(p);
    ast *c = expr_binary(p, OPC_PLUS);
    if (p->err)
        return c;
    size_t base = p->nstk;
    push(p, opn);
    push(p, lhs);
    push(p, b);
    push(p, c);
    ast *r = finish(p, A_CALL, base, off);
    r->flags |= AF_INFIX;
    return r;
}

/* a < b <= c is one A_COMPARISON; a <: b and a >: b are special forms. */
static ast *infix_comparison(parser *p, ast *lhs, const token *t, int prec)
{
    int special = is_op(t, OP_SUBTYPE) || is_op(t, OP_SUPERTYPE);
    const char *name = t->op->name;
    size_t off = lhs->off;
    ast *opn;
    ast *rhs = infix_rhs(p, t, OPC_COMPARISON + 1, &opn);
    if (p->err)
        return rhs;
    const token *n = cur(p);
    if (n->kind == TK_OP && n->op->cls == OPC_COMPARISON && !space_separates(p, n)) {
        size_t base = p->nstk;
        push(p, lhs);
        push(p, opn);
        push(p, rhs);
        while (cur(p)->kind == TK_OP && cur(p)->op->cls == OPC_COMPARISON &&
               !space_separates(p, cur(p))) {
            token c = *cur(p);
            bump(p);
            skip_newlines(p);
            push(p, expr_op_node(p, &c));
            ast *e = expr_binary(p, OPC_COMPARISON + 1);
            if (p->err) {
                p->nstk = base;
                return e;
            }
            push(p, e);
        }
        return finish(p, A_COMPARISON, base, off);
    }
    if (special)
        return synop(p, name, off, AF_INFIX, lhs, rhs);
    return op_call(p, opn, AF_INFIX, off, lhs, rhs);
}

/* a || b, a && b: control flow, not calls; the dotted forms are special forms. */
static ast *infix_lazy(parser *p, ast *lhs, const token *t, int prec)
{
    int or = t->op->cls == OPC_OR, dotted = (t->flags & TF_DOTTED) != 0;
    size_t off = lhs->off;
    ast *opn;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    if (dotted)
        return synop(p, or ? ".||" : ".&&", off, AF_INFIX, lhs, rhs);
    return node2(p, or ? A_OR : A_AND, off, lhs, rhs);
}

/* a --> b is a special form; the other arrows are calls. */
static ast *infix_arrow(parser *p, ast *lhs, const token *t, int prec)
{
    if (!is_op(t, OP_LONGARROW))
        return infix_call(p, lhs, t, prec);
    size_t off = lhs->off;
    ast *opn;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    return synop(p, "-->", off, AF_INFIX, lhs, rhs);
}

/* a + b + c (likewise ++ and *) is one n-ary call when the operator repeats undotted. */
static ast *infix_nary(parser *p, ast *lhs, const token *t, int prec)
{
    if (!chains_nary(t))
        return infix_call(p, lhs, t, prec);
    op_id id = (op_id)t->op->id;
    ast *opn;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    if (!is_op(cur(p), id) || space_separates(p, cur(p)))
        return op_call(p, opn, AF_INFIX, lhs->off, lhs, rhs);
    token op = *cur(p); /* the undotted operator, as it repeats */
    return repeat_operands(p, A_CALL, &op, prec + 1, opn, lhs, rhs);
}

/* Indexed by op_class; a zero precedence means the class does not continue a binary
 * expression (assignment is parse_assign's, the classes above bitshift are operand
 * levels).  The precedence is the class itself, except for the splat x..., which binds
 * as the colon level (JuliaSyntax parses it at the end of parse_range).  A class
 * without a rule has only plain calls (infix_call). */
static const struct binary_row { unsigned char prec; infix_rule infix; } binary_rows[] = {
    [OPC_PAIR] = {OPC_PAIR, NULL},
    [OPC_COND] = {OPC_COND, infix_ternary},
    [OPC_ARROW] = {OPC_ARROW, infix_arrow},
    [OPC_OR] = {OPC_OR, infix_lazy},
    [OPC_AND] = {OPC_AND, infix_lazy},
    [OPC_COMPARISON] = {OPC_COMPARISON, infix_comparison},
    [OPC_PIPE_LT] = {OPC_PIPE_LT, NULL},
    [OPC_PIPE_GT] = {OPC_PIPE_GT, NULL},
    [OPC_COLON] = {OPC_COLON, infix_range},
    [OPC_PLUS] = {OPC_PLUS, infix_nary},
    [OPC_TIMES] = {OPC_TIMES, infix_nary},
    [OPC_RATIONAL] = {OPC_RATIONAL, NULL},
    [OPC_BITSHIFT] = {OPC_BITSHIFT, NULL},
    [OPC_POSTFIX] = {OPC_COLON, infix_splat},
};

/* The row of an operator token that continues a binary expression, or NULL. */
static inline const struct binary_row *binary_row(const token *t)
{
    if (t->kind != TK_OP || t->op->cls >= sizeof binary_rows / sizeof binary_rows[0])
        return NULL;
    const struct binary_row *r = &binary_rows[t->op->cls];
    if (!r->prec || (t->op->cls == OPC_POSTFIX && t->op->id != OP_SPLAT))
        return NULL;
    return r;
}

/* Precedence climbing over the table: operators binding at least minprec. */
static ast *expr_binary(parser *p, int minprec)
{
    if (!parse_enter(p))
        return error_node(p);
    ast *lhs = parse_operand(p);
    while (!p->err) {
        const token *t = cur(p);
        const struct binary_row *r = binary_row(t);
        if (!r || r->prec < minprec || space_separates(p, t))
            break;
        ast *x = r->infix ? r->infix(p, lhs, t, r->prec) : infix_call(p, lhs, t, r->prec);
        if (!x)
            break;
        lhs = x;
    }
    leave(p);
    return lhs;
}

/* parse_comma: a, b, c (a tuple without parentheses). */
static ast *parse_comma(parser *p)
{
    ast *first = expr_binary(p, OPC_PAIR);
    if (p->err || cur(p)->kind != TK_COMMA)
        return first;
    size_t base = p->nstk;
    push(p, first);
    while (cur(p)->kind == TK_COMMA) {
        bump(p);
        token *t = cur(p);
        if (t->kind == TK_COMMA) {
            p->nstk = base;
            return parse_fail_unexpected(p);
        }
        if (is_closing(t) || (t->kind == TK_OP && t->op->cls == OPC_ASSIGN))
            break;
        ast *e = expr_binary(p, OPC_PAIR);
        if (p->err) {
            p->nstk = base;
            return e;
        }
        push(p, e);
    }
    return finish(p, A_TUPLE, base, first->off);
}

/* Does an assignment to lhs define a function (f(x) = …, a ⥺ b = …)? */
static int is_signature(const ast *lhs)
{
    switch (lhs->kind) {
    case A_CALL:
        return 1;
    case A_WHERE:
        return is_signature(lhs->kids[0]);
    case A_TYPED:
        return (lhs->flags & AF_INFIX) && is_signature(lhs->kids[0]);
    case A_PARENS:
        return lhs->kids[0]->kind == A_WHERE || (lhs->kids[0]->kind == A_TYPED &&
                                                 is_signature(lhs->kids[0]));
    default:
        return 0;
    }
}

/* parse_eq: assignment and updating assignment (right-associative). */
static ast *expr_assign(parser *p, int comma_ok)
{
    if (!parse_enter(p))
        return error_node(p);
    ast *lhs = comma_ok ? parse_comma(p) : expr_binary(p, OPC_PAIR);
    const token *tp = cur(p);
    if (p->err || tp->kind != TK_OP || tp->op->cls != OPC_ASSIGN) {
        leave(p);
        return lhs;
    }
    token t = *tp;
    if (space_separates(p, &t) && is_op(&t, OP_TILDE)) {
        leave(p);
        return lhs;
    }
    bump(p);
    skip_newlines(p);
    ast *rhs = expr_assign(p, comma_ok);
    leave(p);
    if (p->err)
        return rhs;
    size_t off = lhs->off;
    const char *name = t.op->name;
    int id = t.op->id;
    int dotted = (t.flags & TF_DOTTED) != 0;
    if (id == OP_EQ) {
        if (!dotted && is_signature(lhs)) {
            ast *f = node2(p, A_FUNCDEF, off, lhs, rhs);
            f->flags |= AF_SHORT;
            return f;
        }
        ast *a = node2(p, A_ASSIGN, off, lhs, rhs);
        if (dotted)
            a->flags |= AF_DOTTED;
        return a;
    }
    if (id == OP_TILDE)
        return op_call(p, expr_op_node(p, &t), AF_INFIX, off, lhs, rhs);
    if (id >= OP_COLONEQ && id <= OP_DCOLONEQ)  /* := ≔ ≕ ⩴ */
        return synop(p, name, off, AF_INFIX, lhs, rhs);
    /* op= : the operator without its `=` */
    size_t n = strlen(name) - 1;
    ast *op = parse_name_node(p, name, n, t.off + dotted, t.len - dotted - 1);
    return node3(p, dotted ? A_DOTOPASSIGN : A_OPASSIGN, off, lhs, op, rhs);
}

static ast *expr_stmt(parser *p) { return expr_assign(p, 1); }

/* The source range of junk after a statement: from the end of the statement (so the
 * whitespace before the junk is included, as JuliaSyntax marks it) to the end of the
 * last token before the newline. */
static void junk_range(parser *p, size_t *off, size_t *len)
{
    size_t start = p->last_end, end = cur(p)->off + cur(p)->len;
    lexer l = p->lx;
    token t;
    for (;;) {
        lex_next(&l, &t);
        if (t.kind == TK_NEWLINE || t.kind == TK_EOF || t.kind == TK_SEMI)
            break;
        end = t.off + t.len;
        if (t.kind == TK_DQUOTE || t.kind == TK_TDQUOTE)
            break;
    }
    *off = start;
    *len = end - start;
}

static const parse_grammar grammar = { expr_call, expr_binary, expr_assign, expr_stmt,
                                        expr_id_token, expr_op_node };

jc_status parse_program(jc_ctx *ctx, arena *a, const char *src, size_t len, ast **out)
{
    /* zero what needs it: the state before the node stack and the name cache's keys
     * (a stream parses every line afresh, so this is per line) */
    parser ps;
    memset(&ps, 0, offsetof(parser, stk0));
    memset(&ps.tmp, 0, sizeof ps.tmp);
    for (size_t i = 0; i < PARSE_CACHE; i++)
        ps.idsym[i].len = 0;
    parser *p = &ps;
    p->g = &grammar;
    p->ctx = ctx;
    p->a = a;
    p->src = src;
    p->len = len;
    p->status = JC_OK;
    p->stk = p->stk0;
    p->capstk = sizeof p->stk0 / sizeof p->stk0[0];
    lex_init(&p->lx, src, len);
    fetch(p);
    size_t base = 0;
    int trailing_semi = 0;
    if (len > UINT32_MAX) /* node positions are 32-bit (ast.h) */
        parse_fail_at(p, 0, 0, "source text longer than 4 GiB");
    while (!p->err) {
        token *t = cur(p);
        if (t->kind == TK_NEWLINE) {
            bump(p);
            continue;
        }
        if (t->kind == TK_SEMI) {
            trailing_semi = 1;
            bump(p);
            continue;
        }
        if (t->kind == TK_EOF)
            break;
        ast *s = expr_stmt(p);
        if (p->err)
            break;
        push(p, s);
        trailing_semi = 0;
        t = cur(p);
        if (!(t->kind == TK_NEWLINE || t->kind == TK_SEMI || t->kind == TK_EOF)) {
            if (t->kind == TK_ERROR) {
                parse_fail_unexpected(p);
                break;
            }
            size_t off, n;
            junk_range(p, &off, &n);
            parse_fail_at(p, off, n, "extra tokens after end of expression");
            break;
        }
    }
    ast *top = finish(p, A_TOPLEVEL, base, 0);
    top->off = 0;
    top->len = len;
    if (trailing_semi)
        top->flags |= AF_TRAILING_SEMI;
    if (p->stk != p->stk0)
        free(p->stk);
    sb_free(&p->tmp);
    *out = top;
    return p->err ? p->status : JC_OK;
}
