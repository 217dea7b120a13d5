/* parse_macro.c — macro calls: `@m a b` (arguments separated by spaces, up to the end
 * of the line or a closing token), `@m(a, b)`, `@m[a, b]`, `@Base.m a`, and string
 * macros `name"text"suffix`.  The node shapes are macro.h's; what a macro does is the
 * evaluator's (eval_macro.c).
 *
 * Space-separated arguments are read as JuliaSyntax reads them (parse_space_separated_exprs):
 * each one an assignment-level expression with commas (so `@show a, b` has one tuple
 * argument) in space-sensitive mode (so `@m a -b` has two), stopping at a newline even
 * inside parentheses, at a closing token and at `for` (a generator around the call). */
#include <string.h>

#include "macro.h"
#include "num/literal.h"
#include "parse_impl.h"

static int adjacent(parser *p) { return !(cur(p)->flags & TF_WS); }

/* The name after `@` (the current token is `@`): an identifier, `.`, or an operator;
 * `@A.m` is the name m in module A, as (. A @m). */
static ast *macro_name(parser *p)
{
    token at = *cur(p);
    bump(p);
    token t = *cur(p);
    if (!adjacent(p) || (t.kind != TK_ID && t.kind != TK_OP))
        return parse_fail_at(p, at.off, at.len + (adjacent(p) ? t.len : 0),
                             "invalid macro name");
    bump(p);
    ast *id = t.kind == TK_ID ? parse_id_token(p, &t) : NULL;
    p->tmp.len = 0;
    sb_putc(&p->tmp, '@');
    if (id) {
        const char *nm = sym_name(p->ctx, id->sym);
        /* @A.m: a module path; the last name is the macro's */
        if (cur(p)->kind == TK_OP && adjacent(p) && cur(p)->op->cls == OPC_DOT &&
            cur(p)->len == 1) {
            bump(p);
            token m = *cur(p);
            if (m.kind != TK_ID || !adjacent(p))
                return parse_fail_unexpected(p);
            bump(p);
            ast *mid = parse_id_token(p, &m);
            p->tmp.len = 0;
            sb_putc(&p->tmp, '@');
            sb_puts(&p->tmp, sym_name(p->ctx, mid->sym));
            mid->sym = intern(p, sb_str(&p->tmp), p->tmp.len);
            mid->off = at.off;
            return node2(p, A_DOT, at.off, id, mid);
        }
        sb_puts(&p->tmp, nm);
    } else {
        sb_put(&p->tmp, p->src + t.off, t.len);
    }
    ast *name = ast_new(p->a, A_ID, at.off, t.off + t.len - at.off, 0);
    name->sym = intern(p, sb_str(&p->tmp), p->tmp.len);
    return name;
}

/* The arguments after a macro's name (name built, the current token after it). */
static ast *macro_args(parser *p, ast *name, size_t off)
{
    token *t = cur(p);
    if (adjacent(p) && t->kind == TK_LPAREN) {
        ast *n = parse_call_args(p, name, A_MACROCALL);
        if (!p->err)
            n->flags |= AF_PARENS;
        return n;
    }
    if (adjacent(p) && t->kind == TK_LBRACE) {  /* @S{a, b}: one braces argument */
        size_t bo = t->off, base = p->nstk;
        bump(p);
        int nc, ns;
        int tr = parse_args(p, TK_RBRACE, 0, &nc, &ns);
        if (tr < 0) {
            p->nstk = base;
            return error_node(p);
        }
        ast *b = finish(p, A_BRACES, base, bo);
        if (tr)
            b->flags |= AF_TRAILCOMMA;
        return node2(p, A_MACROCALL, off, name, b);
    }
    if (adjacent(p) && t->kind == TK_LBRACK) {
        ast *v = parse_cat(p, NULL, t->off);
        return p->err ? v : node2(p, A_MACROCALL, off, name, v);
    }
    size_t base = p->nstk;
    push(p, name);
    modes m = save_modes(p);
    p->space_sens = 1;
    p->nl_ws = 0;
    p->in_index = 0;
    p->no_range = 0;
    for (;;) {
        t = cur(p);
        if (is_closing(t) || (is_kw(t, KW_FOR) && (m.space_sens || m.nl_ws)))
            break;
        ast *a = parse_assign(p, 1);
        if (p->err) {
            restore_modes(p, m);
            p->nstk = base;
            return a;
        }
        push(p, a);
    }
    restore_modes(p, m);
    return finish(p, A_MACROCALL, base, off);
}

ast *parse_macrocall(parser *p)
{
    size_t off = cur(p)->off;
    ast *name = macro_name(p);
    if (p->err)
        return name;
    return macro_args(p, name, off);
}

/* A.@m args: the current token is the @ after `A.` */
ast *parse_dot_macrocall(parser *p, ast *mod)
{
    ast *name = macro_name(p);
    if (p->err)
        return name;
    if (name->kind == A_DOT)
        return parse_fail_at(p, name->off, name->len, "invalid macro name");
    return macro_args(p, node2(p, A_DOT, mod->off, mod, name), mod->off);
}

/* name"text"suffix; the current token is the opening quote, glued to the name. */
ast *parse_strmacro(parser *p, ast *name)
{
    p->tmp.len = 0;
    sb_putc(&p->tmp, '@');
    sb_puts(&p->tmp, sym_name(p->ctx, name->sym));
    sb_puts(&p->tmp, "_str");
    ast *id = ast_new(p->a, A_ID, name->off, name->len, 0);
    id->sym = intern(p, sb_str(&p->tmp), p->tmp.len);
    ast *str = parse_raw_string(p);
    if (p->err)
        return str;
    ast *suffix = NULL;
    token t = *cur(p);
    int word = t.kind == TK_ID || t.kind == TK_KW ||
               (t.kind == TK_OP && t.len && ((p->src[t.off] | 32) >= 'a' && (p->src[t.off] | 32) <= 'z'));
    if (adjacent(p) && word) {  /* flags: r"a"i, x"s"end, x"s"in */
        bump(p);
        value v = v_string(p->src + t.off, t.len);
        suffix = lit_node(p, v, t.off, t.len);
    } else if (adjacent(p) && t.kind >= TK_INT && t.kind <= TK_FLOAT32) {
        bump(p);
        value v;
        if (num_literal_value(&v, (num_literal_kind)(t.kind - TK_INT), p->src + t.off, t.len,
                              0) != 0)
            return parse_fail_at(p, t.off, t.len, "overflow in floating point literal");
        suffix = lit_node(p, v, t.off, t.len);
    }
    ast *n = suffix ? node3(p, A_MACROCALL, name->off, id, str, suffix)
                    : node2(p, A_MACROCALL, name->off, id, str);
    n->flags |= AF_STRMACRO;
    return n;
}
