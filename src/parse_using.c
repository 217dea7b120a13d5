/* parse_using.c — `using` and `import`: module paths (A.B, leading dots for relative
 * ones), `M: a, b` lists whose names may be operators, and `as` aliases, as an A_USING
 * node (see docs/parse.md). */
#include <string.h>

#include "parse_impl.h"

/* One path of using/import: leading dots, then names joined by `.`; after the `:` of
 * `import A: b` an operator may stand alone.  An A_TUPLE flagged AF_POSTFIX, kids the
 * A_ID parts ("." for each leading dot), printed (importpath A B). */
/* Whether the token is dots only (`.`, `..`, `...`): the source need not end in a NUL. */
static int all_dots(const parser *p, const token *t)
{
    for (size_t i = 0; i < t->len; i++)
        if (p->src[t->off + i] != '.')
            return 0;
    return 1;
}

static ast *import_path(parser *p, int allow_op)
{
    size_t base = p->nstk, off = cur(p)->off;
    token *t = cur(p);
    while (t->kind == TK_OP && !(t->flags & TF_DOTTED) && 
           all_dots(p, t)) {
        for (size_t i = 0; i < t->len; i++) {
            ast *d = ast_new(p->a, A_ID, t->off + i, 1, 0);
            d->sym = intern(p, ".", 1);
            push(p, d);
        }
        bump(p);
        t = cur(p);
    }
    for (;;) {
        t = cur(p);
        if (t->kind == TK_ID)
            push(p, parse_id_token(p, t));
        else if (allow_op && t->kind == TK_OP && p->nstk == base)
            push(p, parse_op_node(p, t));
        else {
            p->nstk = base;
            return parse_fail_unexpected(p);
        }
        bump(p);
        t = cur(p);
        if (!(t->kind == TK_OP && t->op->cls == OPC_DOT && t->len == 1 && !(t->flags & TF_WS)))
            break;
        bump(p);
    }
    ast *r = finish(p, A_TUPLE, base, off);
    r->flags |= AF_POSTFIX;
    t = cur(p);
    if (t->kind == TK_ID && t->len == 2 && !memcmp(p->src + t->off, "as", 2)) {
        /* import A as B: the alias in sym, flagged AF_INFIX */
        bump(p);
        t = cur(p);
        if (t->kind != TK_ID)
            return parse_fail_unexpected(p);
        ast *alias = parse_id_token(p, t);
        bump(p);
        r->sym = alias->sym;
        r->flags |= AF_INFIX;
    }
    return r;
}

/* using A, B.C / import A: b, + — an A_USING (AF_PREFIX for import; AF_INFIX when the
 * first path is the module the other names come from). */
ast *parse_using(parser *p)
{
    token t = *cur(p);
    bump(p);
    size_t base = p->nstk;
    unsigned fl = t.kw == KW_IMPORT ? AF_PREFIX : 0;
    ast *path = import_path(p, 0);
    if (p->err)
        return path;
    push(p, path);
    int colon = is_op(cur(p), OP_COLON) && !(cur(p)->flags & TF_DOTTED);
    if (colon) {
        fl |= AF_INFIX;
        bump(p);
    }
    while (colon || cur(p)->kind == TK_COMMA) {
        if (!colon)
            bump(p);
        colon = 0;
        skip_newlines(p);
        path = import_path(p, (fl & AF_INFIX) != 0);
        if (p->err) {
            p->nstk = base;
            return path;
        }
        push(p, path);
    }
    ast *r = finish(p, A_USING, base, t.off);
    r->flags |= fl;
    return r;
}

