/* parse_block.c — reserved words: blocks up to `end` (begin, if/elseif/else, for,
 * while, let, function), return/break/continue, local/global/const, true/false, and
 * `begin`/`end` as index symbols inside a[...].  Keywords jcalc does not support give a
 * ParseError naming them. */
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"
#include "sym.h"

/* ---- keywords ---- */

/* Statements up to `end` (or else/elseif/catch/finally when stop_else); the stop word is
 * not consumed. */
static ast *parse_block(parser *p, int stop_else)
{
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    p->in_index = 0;
    p->no_range = 0;
    p->no_where = 0;
    size_t base = p->nstk, off = cur(p)->off;
    for (;;) {
        token *t = cur(p);
        if (t->kind == TK_NEWLINE || t->kind == TK_SEMI) {
            bump(p);
            continue;
        }
        if (is_kw(t, KW_END) ||
            (stop_else && (is_kw(t, KW_ELSE) || is_kw(t, KW_ELSEIF) || is_kw(t, KW_CATCH) ||
                           is_kw(t, KW_FINALLY))))
            break;
        if (t->kind == TK_EOF) {
            restore_modes(p, m);
            p->nstk = base;
            return parse_fail_at(p, p->len, 0, "premature end of input");
        }
        ast *s = parse_stmt(p);
        if (p->err) {
            restore_modes(p, m);
            p->nstk = base;
            return s;
        }
        push(p, s);
        t = cur(p);
        if (!(t->kind == TK_NEWLINE || t->kind == TK_SEMI || is_kw(t, KW_END) ||
              (stop_else && (is_kw(t, KW_ELSE) || is_kw(t, KW_ELSEIF) || is_kw(t, KW_CATCH) ||
                             is_kw(t, KW_FINALLY))) ||
              t->kind == TK_EOF)) {
            restore_modes(p, m);
            p->nstk = base;
            return parse_fail_unexpected(p);
        }
    }
    restore_modes(p, m);
    ast *b = finish(p, A_BLOCK, base, off);
    return b;
}

static ast *expect_end(parser *p, ast *n)
{
    if (p->err)
        return n;
    if (!is_kw(cur(p), KW_END))
        return parse_fail_expected(p, "end");
    bump(p);
    n->len = p->last_end - n->off;
    return n;
}

static ast *parse_if(parser *p, ast_kind k)
{
    size_t off = cur(p)->off;
    bump(p);  /* if / elseif */
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    token *t = cur(p);
    if (t->kind == TK_NEWLINE || is_kw(t, KW_END)) {
        restore_modes(p, m);
        return parse_fail_at(p, t->off, 0, k == A_IF ? "missing condition in `if`"
                                               : "missing condition in `elseif`");
    }
    ast *cond = parse_assign(p, 0);
    restore_modes(p, m);
    if (p->err)
        return cond;
    ast *then = parse_block(p, 1);
    if (p->err)
        return then;
    size_t base = p->nstk;
    push(p, cond);
    push(p, then);
    t = cur(p);
    if (is_kw(t, KW_ELSEIF)) {
        ast *e = parse_if(p, A_ELSEIF);
        if (p->err) {
            p->nstk = base;
            return e;
        }
        push(p, e);
        ast *n = finish(p, k, base, off);
        return k == A_IF ? expect_end(p, n) : n;
    }
    if (is_kw(t, KW_ELSE)) {
        bump(p);
        ast *e = parse_block(p, 0);
        if (p->err) {
            p->nstk = base;
            return e;
        }
        push(p, e);
    }
    if (k == A_ELSEIF)
        return finish(p, k, base, off);  /* the outer if consumes `end` */
    ast *n = finish(p, k, base, off);
    return expect_end(p, n);
}

/* Finishes an elseif chain: only the outermost `if` consumes `end`. */
static ast *parse_if_stmt(parser *p)
{
    size_t off = cur(p)->off;
    ast *n = parse_if(p, A_IF);
    (void)off;
    return n;
}

static ast *parse_for(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    size_t base = p->nstk;
    size_t ioff = cur(p)->off;
    int n = 0;
    for (;;) {
        ast *it = parse_iter_spec(p);
        if (p->err) {
            restore_modes(p, m);
            p->nstk = base;
            return it;
        }
        push(p, it);
        n++;
        if (cur(p)->kind != TK_COMMA)
            break;
        bump(p);
        skip_newlines(p);
    }
    restore_modes(p, m);
    ast *iters = n == 1 ? p->stk[--p->nstk] : finish(p, A_BLOCK, base, ioff);
    ast *body = parse_block(p, 0);
    if (p->err) {
        p->nstk = base;
        return body;
    }
    ast *r = node2(p, A_FOR, off, iters, body);
    return expect_end(p, r);
}

static ast *parse_while(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    ast *cond = parse_assign(p, 0);
    restore_modes(p, m);
    if (p->err)
        return cond;
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    return expect_end(p, node2(p, A_WHILE, off, cond, body));
}

/* The comma-separated list after `let` or `do`, up to the end of the line (or `;`,
 * `end`): bindings for let (an A_BLOCK), parameters for do (an A_TUPLE). */
static ast *head_list(parser *p, ast_kind k)
{
    size_t base = p->nstk, off = cur(p)->off;
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    token *t = cur(p);
    if (!(t->kind == TK_NEWLINE || t->kind == TK_SEMI || is_kw(t, KW_END))) {
        for (;;) {
            ast *b = parse_assign(p, 0);
            if (p->err) {
                restore_modes(p, m);
                p->nstk = base;
                return b;
            }
            push(p, b);
            if (cur(p)->kind != TK_COMMA)
                break;
            bump(p);
            skip_newlines(p);
        }
    }
    restore_modes(p, m);
    return finish(p, k, base, off);
}

static ast *parse_let(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    ast *binds = head_list(p, A_BLOCK);
    if (p->err)
        return binds;
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    return expect_end(p, node2(p, A_LET, off, binds, body));
}

/* do (a, b) … end destructures its argument: the function the evaluator makes takes
 * a hidden parameter #dK for each parenthesized one and assigns it to the tuple first.
 * NULL when no parameter is a tuple (the A_DO then has two kids). */
static ast *do_destructured(parser *p, ast *arrow)
{
    ast *params = arrow->kids[0], *body = arrow->kids[1];
    int any = 0;
    for (uint32_t i = 0; i < params->nkids; i++)
        any |= params->kids[i]->kind == A_TUPLE;
    if (!any)
        return NULL;
    size_t base = p->nstk;
    for (uint32_t i = 0; i < params->nkids; i++) {
        ast *k = params->kids[i];
        if (k->kind == A_TUPLE) {
            char name[16];
            int len = snprintf(name, sizeof name, "#d%u", i + 1);
            ast *id = ast_new(p->a, A_ID, k->off, k->len, 0);
            id->sym = intern(p, name, (size_t)len);
            k = id;
        }
        push(p, k);
    }
    ast *np = finish(p, A_TUPLE, base, params->off);
    for (uint32_t i = 0; i < params->nkids; i++)
        if (params->kids[i]->kind == A_TUPLE)
            push(p, node2(p, A_ASSIGN, params->kids[i]->off, params->kids[i], np->kids[i]));
    for (uint32_t i = 0; i < body->nkids; i++)
        push(p, body->kids[i]);
    ast *nb = finish(p, A_BLOCK, base, body->off);
    return node2(p, A_ARROW, arrow->off, np, nb);
}

ast *parse_do(parser *p, ast *call)
{
    size_t off = cur(p)->off;
    bump(p);
    ast *params = head_list(p, A_TUPLE);
    if (p->err)
        return params;
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    ast *r = expect_end(p, node2(p, A_ARROW, off, params, body));
    if (p->err)
        return r;
    ast *d = do_destructured(p, r);
    return d ? node3(p, A_DO, call->off, call, r, d) : node2(p, A_DO, call->off, call, r);
}

static ast *parse_function(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    skip_newlines(p);
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 1;  /* `function f (x)` is not a call */
    p->space_sens = 0;
    ast *sig;
    token *t = cur(p);
    if (t->kind == TK_OP && !(t->flags & TF_DOTTED)) {
        /* an operator being defined: function +(a, b) ... end */
        ast *op = parse_op_node(p, t);
        bump(p);
        sig = op;
        if (cur(p)->kind == TK_LPAREN && !(cur(p)->flags & TF_WS))
            sig = parse_call_args(p, op, A_CALL);
    } else {
        sig = parse_call(p);
    }
    while (!p->err && is_op(cur(p), OP_DECL)) {
        bump(p);
        ast *ty = parse_call(p);
        if (p->err)
            break;
        sig = node2(p, A_TYPED, sig->off, sig, ty);
        sig->flags |= AF_INFIX;
    }
    while (!p->err && is_op(cur(p), OP_WHERE)) {
        bump(p);
        ast *w = parse_binary(p, OPC_COMPARISON);
        if (p->err)
            break;
        sig = node2(p, A_WHERE, sig->off, sig, w);
    }
    restore_modes(p, m);
    if (p->err)
        return sig;
    if (sig->kind == A_PARENS) {  /* function (x) ... end: an anonymous function */
        sig->kind = A_TUPLE;
        sig->flags |= AF_PARENS;
    }
    if (sig->kind == A_ID && (is_kw(cur(p), KW_END) || cur(p)->kind == TK_NEWLINE)) {
        skip_newlines(p);
        if (is_kw(cur(p), KW_END)) {
            bump(p);
            return node1(p, A_FUNCDEF, off, sig);  /* function f end */
        }
    }
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    return expect_end(p, node2(p, A_FUNCDEF, off, sig, body));
}

/* try … [catch [e] …] [else …] [finally …] end, as JuliaSyntax reads it: the clauses
 * are nodes of their own, (try (block x) (catch e (block y)) (else …) (finally …)); a
 * catch without a variable has the placeholder A_NOTHING (printed □).  `finally` may
 * come before `catch`; `else` needs a `catch` before it (JuliaSyntax's error). */
static ast *parse_try(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    ast *body = parse_block(p, 1);
    if (p->err)
        return body;
    size_t base = p->nstk;
    push(p, body);
    int seen_catch = 0, seen_else = 0, seen_finally = 0;
    for (;;) {
        token t = *cur(p);
        ast_kind k;
        if (is_kw(&t, KW_CATCH) && !seen_catch && !seen_else)
            k = A_CATCH, seen_catch = 1;
        else if (is_kw(&t, KW_ELSE) && !seen_else && !seen_finally)
            k = A_TRYELSE, seen_else = 1;
        else if (is_kw(&t, KW_FINALLY) && !seen_finally)
            k = A_FINALLY, seen_finally = 1;
        else
            break;
        bump(p);
        ast *var = NULL;
        if (k == A_CATCH) {
            token v = *cur(p);
            if (v.kind == TK_ID) {
                bump(p);
                var = parse_id_token(p, &v);
            } else {
                var = ast_new(p->a, A_NOTHING, t.off + t.len, 0, 0);
            }
        }
        ast *b = parse_block(p, 1);
        if (p->err) {
            p->nstk = base;
            return b;
        }
        if (k == A_TRYELSE && !seen_catch) {
            p->nstk = base;
            return parse_fail_at(p, t.off, p->last_end - t.off, "Expected `catch` before `else`");
        }
        ast *clause = var ? node2(p, k, t.off, var, b) : node1(p, k, t.off, b);
        clause->len = p->last_end - clause->off;
        push(p, clause);
    }
    if (!seen_catch && !seen_finally && is_kw(cur(p), KW_END)) {
        p->nstk = base;
        return parse_fail_at(p, off, cur(p)->off + cur(p)->len - off,
                             "try without catch or finally");
    }
    return expect_end(p, finish(p, A_TRY, base, off));
}

/* struct Name{T<:Real} <: Super ... end (mutable when `mutable` came before) and
 * abstract type Name <: Super end. */
ast *parse_typedef(parser *p, size_t off, int kind)
{
    bump(p); /* struct / type */
    modes m = save_modes(p);
    p->space_sens = 0;
    ast *sig = parse_binary(p, OPC_COMPARISON);
    restore_modes(p, m);
    if (p->err)
        return sig;
    if (kind == 2) {
        skip_newlines(p);
        while (cur(p)->kind == TK_SEMI || cur(p)->kind == TK_NEWLINE)
            bump(p);
        return expect_end(p, node1(p, A_ABSTRACT, off, sig));
    }
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    ast *n = expect_end(p, node2(p, A_STRUCT, off, sig, body));
    if (!p->err && kind == 1)
        n->flags |= AF_MUTABLE;
    return n;
}

ast *parse_resword(parser *p)
{
    token t = *cur(p);
    switch (t.kw) {
    case KW_BEGIN: {
        if (p->in_index) {
            bump(p);
            return ast_new(p->a, A_BEGIN_END, t.off, t.len, 0);
        }
        bump(p);
        ast *b = parse_block(p, 0);
        if (p->err)
            return b;
        b->off = t.off;
        return expect_end(p, b);
    }
    case KW_END:
        if (p->in_index) {
            bump(p);
            ast *e = ast_new(p->a, A_BEGIN_END, t.off, t.len, 0);
            e->flags |= AF_END;
            return e;
        }
        return parse_fail_unexpected(p);
    case KW_IF:
        return parse_if_stmt(p);
    case KW_FOR:
        return parse_for(p);
    case KW_WHILE:
        return parse_while(p);
    case KW_LET:
        return parse_let(p);
    case KW_FUNCTION:
        return parse_function(p);
    case KW_MACRO: {
        /* macro m(x) … end: a function named @m of the argument expressions */
        ast *f = parse_function(p);
        if (p->err)
            return f;
        ast *sig = f->kids[0];
        while (sig->kind == A_WHERE || sig->kind == A_TYPED)
            sig = sig->kids[0];
        if (sig->kind != A_CALL || sig->kids[0]->kind != A_ID)
            return parse_fail_at(p, f->off, f->len, "invalid macro definition");
        const char *nm = sym_name(p->ctx, sig->kids[0]->sym);
        char *at = arena_alloc(p->a, strlen(nm) + 2);
        at[0] = '@';
        strcpy(at + 1, nm);
        sig->kids[0]->sym = sym_intern(p->ctx, at, strlen(at));
        f->flags |= AF_MACRO;
        return f;
    }
    case KW_QUOTE: {
        /* quote … end: the block quoted, (quote (block …)) */
        bump(p);
        ast *b = parse_block(p, 0);
        if (p->err)
            return b;
        b->off = t.off;
        b = expect_end(p, b);
        return p->err ? b : node1(p, A_QUOTE, t.off, b);
    }
    case KW_TRY:
        return parse_try(p);
    case KW_USING: case KW_IMPORT:
        return parse_using(p);
    case KW_STRUCT:
        return parse_typedef(p, t.off, 0);
    case KW_MODULE: case KW_BAREMODULE: {
        /* module M … end: the name, then the body's statements */
        bump(p);
        token nt = *cur(p);
        if (nt.kind != TK_ID)
            return parse_fail_at(p, nt.off, nt.len, "expected a module name after `module`");
        bump(p);
        ast *name = parse_id_token(p, &nt);
        ast *body = parse_block(p, 0);
        if (p->err)
            return body;
        ast *m = expect_end(p, node2(p, A_MODULE, t.off, name, body));
        if (!p->err && t.kw == KW_BAREMODULE)
            m->flags |= AF_PREFIX;
        return m;
    }
    case KW_EXPORT: {
        /* export a, b, @m: names */
        bump(p);
        size_t base = p->nstk;
        for (;;) {
            token nt = *cur(p);
            int at = nt.kind == TK_AT; /* export @m: the macro's name, @m */
            if (at) {
                bump(p);
                token mt = *cur(p);
                if (mt.kind != TK_ID || mt.off != nt.off + 1) {
                    p->nstk = base;
                    return parse_fail_at(p, mt.off, mt.len, "expected a name after `export`");
                }
                nt = mt;
            } else if (nt.kind != TK_ID) {
                p->nstk = base;
                return parse_fail_at(p, nt.off, nt.len, "expected a name after `export`");
            }
            bump(p);
            ast *id = parse_id_token(p, &nt);
            if (at) {
                const char *nm = sym_name(p->ctx, id->sym);
                char *m = arena_alloc(p->a, strlen(nm) + 2);
                m[0] = '@';
                strcpy(m + 1, nm);
                id->sym = sym_intern(p->ctx, m, strlen(m));
                id->off--;
                id->len++;
            }
            push(p, id);
            if (cur(p)->kind != TK_COMMA)
                break;
            bump(p);
        }
        return finish(p, A_EXPORT, base, t.off);
    }
    case KW_TRUE: case KW_FALSE:
        bump(p);
        return lit_node(p, v_bool(t.kw == KW_TRUE), t.off, t.len);
    case KW_RETURN: {
        bump(p);
        token *n = cur(p);
        if (is_closing(n))
            return ast_new(p->a, A_RETURN, t.off, t.len, 0);
        ast *e = parse_assign(p, 1);
        if (p->err)
            return e;
        return node1(p, A_RETURN, t.off, e);
    }
    case KW_BREAK:
        bump(p);
        return ast_new(p->a, A_BREAK, t.off, t.len, 0);
    case KW_CONTINUE:
        bump(p);
        return ast_new(p->a, A_CONTINUE, t.off, t.len, 0);
    case KW_LOCAL: case KW_GLOBAL: case KW_CONST: {
        bump(p);
        ast_kind k = t.kw == KW_LOCAL ? A_LOCAL : t.kw == KW_GLOBAL ? A_GLOBAL : A_CONST;
        size_t base = p->nstk;
        if (k == A_CONST || is_kw(cur(p), KW_CONST) || is_kw(cur(p), KW_LOCAL) ||
            is_kw(cur(p), KW_GLOBAL)) {
            ast *e = parse_assign(p, 1);
            if (p->err)
                return e;
            if (k == A_CONST && e->kind != A_ASSIGN && e->kind != A_LOCAL &&
                e->kind != A_GLOBAL && e->kind != A_FUNCDEF)
                return parse_fail_at(p, t.off, p->last_end - t.off, "expected assignment after `const`");
            push(p, e);
        } else {
            /* global x, y: names; global x, y = 1, 2: one assignment to a tuple */
            ast *e = parse_assign(p, 1);
            if (p->err) {
                p->nstk = base;
                return e;
            }
            if (e->kind == A_TUPLE && !(e->flags & AF_PARENS))
                for (uint32_t i = 0; i < e->nkids; i++)
                    push(p, e->kids[i]);
            else
                push(p, e);
        }
        return finish(p, k, base, t.off);
    }
    default: {
        char msg[80];
        snprintf(msg, sizeof msg, "`%.*s` is not supported", (int)t.len, p->src + t.off);
        return parse_fail_at(p, t.off, t.len, msg);
    }
    }
}
