/* parse_impl.h — the parser's private interface, shared by its four files: parse.c
 * (expressions, statements, the program), parse_bracket.c (parentheses, brackets,
 * generators and concatenation), parse_block.c (keywords and their blocks) and
 * parse_string.c (string and character literals), on parse_core.c (errors, names).
 *
 * Owns nothing beyond parse.h's contract: one parser state per parse_program call, the
 * tree in the caller's arena, the first error recorded through parse_fail_* (which set
 * p->err; every production returns promptly once it is set).  The token and
 * node-building helpers are inline here because every production uses them and they
 * were inlined when the parser was one file. */
#ifndef JC_PARSE_IMPL_H
#define JC_PARSE_IMPL_H

#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "parse.h"

/* Deep enough for any real expression, shallow enough for an ASan stack (each level is
 * a handful of frames). */
enum { PARSE_MAX_DEPTH = 1500 };

typedef struct parser parser;

enum { PARSE_CACHE = 32 };  /* entries of the name cache (a power of two) */

/* The productions that the other parts re-enter (a bracket holds an assignment, a block
 * holds statements): parse.c fills this table and parse_program hands it to the parser,
 * so that the parts below parse.c call up into it without linking to it — the parser's
 * files are a ladder, parse_core ← parse_string, parse_bracket ← parse_block ← parse. */
typedef struct parse_grammar {
    ast *(*call)(parser *p);
    ast *(*binary)(parser *p, int minprec);
    ast *(*assign)(parser *p, int comma_ok);
    ast *(*stmt)(parser *p);
    ast *(*id_token)(parser *p, const token *t);  /* a name's node, normalized, cached */
    ast *(*op_node)(parser *p, const token *t);   /* an operator used as a name */
} parse_grammar;

struct parser {
    const parse_grammar *g;
    jc_ctx *ctx;
    arena *a;
    const char *src;
    size_t len;
    lexer lx;
    token tok;          /* current token (may be a newline not yet skipped) */
    size_t last_end;    /* end of the last consumed token */
    int depth;
    int err;
    jc_status status;
    /* modes */
    int nl_ws;          /* newlines are whitespace (inside parentheses) */
    int space_sens;     /* inside [ ]: whitespace separates elements */
    int in_index;       /* inside a[...]: begin/end are index symbols */
    int no_range;       /* then-branch of ?: : `:` ends the expression */
    int no_where;
    /* node-building stack: starts in stk0, moves to the heap when it outgrows it */
    ast **stk;
    size_t nstk, capstk;
    ast *stk0[64];
    sb tmp;
    int sym_nl;         /* not used for lookups; keeps struct padding explicit */
    /* A symbol cache, direct-mapped (a miss just interns again): an identifier's
     * normalized name keyed by its source bytes (an earlier occurrence at
     * [off, off + len); len 0 marks an empty slot).  Operators' are the context's
     * (jc_ctx.op_syms). */
    struct { size_t off, len; int sym; } idsym[PARSE_CACHE];
};

typedef struct modes { int nl_ws, space_sens, in_index, no_range, no_where; } modes;

/* ---- tokens and modes ---- */

static inline modes save_modes(parser *p)
{
    modes m = { p->nl_ws, p->space_sens, p->in_index, p->no_range, p->no_where };
    return m;
}

static inline void restore_modes(parser *p, modes m)
{
    p->nl_ws = m.nl_ws;
    p->space_sens = m.space_sens;
    p->in_index = m.in_index;
    p->no_range = m.no_range;
    p->no_where = m.no_where;
}

static inline void fetch(parser *p) { lex_next(&p->lx, &p->tok); }

/* The current token; in nl_ws mode newlines are skipped and the next token is marked as
 * preceded by whitespace. */
static inline token *cur(parser *p)
{
    while (p->tok.kind == TK_NEWLINE && p->nl_ws) {
        fetch(p);
        p->tok.flags |= TF_WS;
    }
    return &p->tok;
}

static inline void bump(parser *p)
{
    cur(p);
    p->last_end = p->tok.off + p->tok.len;
    fetch(p);
}

static inline void skip_newlines(parser *p)
{
    while (p->tok.kind == TK_NEWLINE) {
        fetch(p);
        p->tok.flags |= TF_WS;
    }
}

/* Is t the plain (undotted, unsuffixed) operator with syntactic role id? */
static inline int is_op(const token *t, op_id id)
{
    return t->kind == TK_OP && !(t->flags & (TF_DOTTED | TF_SUFFIXED)) && t->op->id == id;
}

static inline int is_kw(const token *t, int kw) { return t->kind == TK_KW && t->kw == kw; }

static inline int is_closing(const token *t)
{
    switch (t->kind) {
    case TK_EOF: case TK_RPAREN: case TK_RBRACK: case TK_RBRACE: case TK_COMMA:
    case TK_SEMI: case TK_NEWLINE:
        return 1;
    case TK_KW:
        return t->kw == KW_END || t->kw == KW_ELSE || t->kw == KW_ELSEIF ||
               t->kw == KW_CATCH || t->kw == KW_FINALLY;
    default:
        return 0;
    }
}

static inline ast *error_node(parser *p)
{
    return ast_new(p->a, A_ERROR, p->tok.off, 0, 0);
}

static inline void leave(parser *p) { p->depth--; }

static inline void push(parser *p, ast *n)
{
    if (p->nstk == p->capstk) {
        p->capstk *= 2;
        if (p->stk == p->stk0) {
            p->stk = xmalloc(p->capstk * sizeof *p->stk);
            memcpy(p->stk, p->stk0, sizeof p->stk0);
        } else {
            p->stk = xrealloc(p->stk, p->capstk * sizeof *p->stk);
        }
    }
    p->stk[p->nstk++] = n;
}

/* Pops everything above base into a new node spanning [off, p->last_end). */
static inline ast *finish(parser *p, ast_kind k, size_t base, size_t off)
{
    size_t n = p->nstk - base;
    size_t end = p->last_end > off ? p->last_end : off;
    ast *node = ast_new(p->a, k, off, end - off, (uint32_t)n);
    if (n)
        memcpy(node->kids, p->stk + base, n * sizeof *node->kids);
    p->nstk = base;
    return node;
}

/* A node of n kids spanning [off, p->last_end), kids filled in by the caller (node1..3:
 * the same node finish() would build from a stack of these kids). */
static inline ast *node_n(parser *p, ast_kind k, size_t off, uint32_t n)
{
    size_t end = p->last_end > off ? p->last_end : off;
    return ast_new(p->a, k, off, end - off, n);
}

static inline ast *node1(parser *p, ast_kind k, size_t off, ast *a)
{
    ast *node = node_n(p, k, off, 1);
    node->kids[0] = a;
    return node;
}

static inline ast *node2(parser *p, ast_kind k, size_t off, ast *a, ast *b)
{
    ast *node = node_n(p, k, off, 2);
    node->kids[0] = a;
    node->kids[1] = b;
    return node;
}

static inline ast *node3(parser *p, ast_kind k, size_t off, ast *a, ast *b, ast *c)
{
    ast *node = node_n(p, k, off, 3);
    node->kids[0] = a;
    node->kids[1] = b;
    node->kids[2] = c;
    return node;
}

/* A node whose kids keep coming, one per operand of a + b + c … or a - b - c …: the kids gather on the stack and, past GATHER_STACK of them,
 * move to a node of their own on the heap that grows in place (realloc), which the
 * arena adopts at the end.  A million operands are then held once, not once on the
 * stack and again in the node that finish() would copy them to. */
enum { GATHER_STACK = 256 };

typedef struct gather {
    size_t base;    /* the stack's height when the node began */
    ast *big;       /* the heap node, once the kids moved there */
    uint32_t n, cap;
} gather;

static inline void gather_begin(parser *p, gather *g)
{
    g->base = p->nstk;
    g->big = NULL;
    g->n = g->cap = 0;
}

static inline ast *gather_last(const parser *p, const gather *g)
{
    return g->big ? g->big->kids[g->n - 1] : p->stk[p->nstk - 1];
}

static inline void gather_push(parser *p, gather *g, ast *k)
{
    if (!g->big) {
        push(p, k);
        size_t n = p->nstk - g->base;
        if (n < GATHER_STACK)
            return;
        g->cap = (uint32_t)(2 * n);
        g->big = xmalloc(sizeof *g->big + (size_t)g->cap * sizeof g->big->kids[0]);
        memcpy(g->big->kids, p->stk + g->base, n * sizeof g->big->kids[0]);
        g->n = (uint32_t)n;
        p->nstk = g->base;
        return;
    }
    if (g->n == g->cap) {
        g->cap = g->cap > UINT32_MAX / 2 ? UINT32_MAX : 2 * g->cap;
        g->big = xrealloc(g->big, sizeof *g->big + (size_t)g->cap * sizeof g->big->kids[0]);
    }
    g->big->kids[g->n++] = k;
}

/* The gathered node, spanning [off, p->last_end). */
static inline ast *gather_finish(parser *p, gather *g, ast_kind k, size_t off)
{
    if (!g->big)
        return finish(p, k, g->base, off);
    ast *node = xrealloc(g->big, sizeof *node + (size_t)g->n * sizeof node->kids[0]);
    size_t end = p->last_end > off ? p->last_end : off;
    ast_init(node, k, off, end - off, g->n);
    arena_adopt(p->a, node);
    g->big = NULL;
    return node;
}

/* Drops a gathering left by an error (the kids stay the arena's). */
static inline void gather_abandon(parser *p, gather *g)
{
    p->nstk = g->base;
    free(g->big);
    g->big = NULL;
}

/* A literal operand that repeats the one before it, in the same spelling, is that
 * node again (1+1+…): the copy just built is given back to the arena.  Only plain
 * literals whose value holds no heap object, and only where nothing takes a span from
 * the operand itself (the node's span starts at its first operand).  The gathering
 * holds at least the operator and the first operand when it is asked. */
static inline ast *gather_share(parser *p, const gather *g, ast *k)
{
    if (k->kind != A_LIT)
        return k;
    ast *prev = gather_last(p, g);
    if (prev->kind != A_LIT || prev->len != k->len || prev->lit_type != k->lit_type ||
        prev->lit_sub != k->lit_sub || prev->lit_u.u != k->lit_u.u || val_is_heap(ast_lit(k)) ||
        memcmp(p->src + prev->off, p->src + k->off, k->len))
        return k;
    return arena_unwind(p->a, k, sizeof *k) == 0 ? prev : k;
}

static inline ast *lit_node(parser *p, value v, size_t off, size_t len)
{
    ast *n = ast_new(p->a, A_LIT, off, len, 0);
    ast_set_lit(n, v);
    arena_own(p->a, v);
    return n;
}

/* ---- shared productions and helpers ---- */

static inline int intern(parser *p, const char *s, size_t n) { return sym_intern(p->ctx, s, n); }

/* parse_core.c: errors and the depth bound */
ast *parse_fail_at(parser *p, size_t off, size_t len, const char *msg);
ast *parse_fail_incomplete(parser *p, size_t off, size_t len, const char *msg);
ast *parse_fail_unexpected(parser *p);
ast *parse_fail_expected(parser *p, const char *what);
/* One level deeper; 0 (with the error recorded) past PARSE_MAX_DEPTH.  Inline: every
 * nested production passes here. */
static inline int parse_enter(parser *p)
{
    if (++p->depth > PARSE_MAX_DEPTH) {
        cur(p);
        parse_fail_at(p, p->tok.off, p->tok.len, "expression too deeply nested");
        return 0;
    }
    return 1;
}

/* parse.c's productions, re-entered through the grammar table */
static inline ast *parse_call(parser *p) { return p->g->call(p); }
static inline ast *parse_binary(parser *p, int minprec) { return p->g->binary(p, minprec); }
static inline ast *parse_assign(parser *p, int comma_ok) { return p->g->assign(p, comma_ok); }
static inline ast *parse_stmt(parser *p) { return p->g->stmt(p); }
static inline ast *parse_id_token(parser *p, const token *t) { return p->g->id_token(p, t); }
static inline ast *parse_op_node(parser *p, const token *t) { return p->g->op_node(p, t); }

/* parse_string.c */
ast *parse_char(parser *p);
ast *parse_string(parser *p);
ast *parse_raw_string(parser *p);   /* the body of a string macro: no escapes, no $ */

/* parse_bracket.c */
ast *parse_as_kw(ast *e);
int parse_args(parser *p, int closer, int kw, int *ncommas, int *nsemis);
ast *parse_call_args(parser *p, ast *callee, ast_kind k);
ast *parse_iter_spec(parser *p);
ast *parse_paren(parser *p);
ast *parse_cat(parser *p, ast *typ, size_t off);

/* parse_macro.c: @m a b, @m(a), name"str" (shapes in macro.h) */
ast *parse_macrocall(parser *p);            /* the current token is @ */
ast *parse_dot_macrocall(parser *p, ast *mod); /* A.@m: the current token is the @ */
ast *parse_strmacro(parser *p, ast *name);  /* the current token is the quote after name */

/* parse_block.c */
ast *parse_resword(parser *p);
/* `do x, y … end` after the call f(…) (the current token is `do`): an A_DO. */
ast *parse_do(parser *p, ast *call);
/* using/import statements (parse_using.c); the current token is the keyword. */
ast *parse_using(parser *p);
/* struct (kind 0), mutable struct (1), abstract type (2), at the struct/type word. */
ast *parse_typedef(parser *p, size_t off, int kind);

#endif
