/* eval_expr.c — quoted code: Expr and QuoteNode values, :(…) and quote … end with $
 * interpolation, eval, Meta.parse, user macros with esc, @macroexpand, gensym, dump.
 *
 * An Expr is a mutable struct of Base with Julia's fields (head::Symbol,
 * args::Vector{Any}); a QuoteNode holds one value.  Code becomes an Expr by one walk
 * over the syntax tree (to_expr: each form gets Julia's head and argument order), and
 * an Expr becomes code again by the inverse walk (to_ast), whose tree is what eval and
 * a macro's expansion run and what show prints through unparse.c, so that printing,
 * evaluating and expanding agree on every form.  A value that is not code (an array, a
 * function spliced in with $) rides in the tree as a literal.  Julia's LineNumberNodes
 * are not made: a quote block holds its statements alone. */
#include <stdlib.h>
#include <string.h>

#include "eval_impl.h"
#include "array.h"
#include "optable.h"
#include "parse.h"
#include "show.h"
#include "types.h"
#include "unparse.h"

static value symv(int s)
{
    value v = { T_SYMBOL, 0, { .i = s } };
    return v;
}

static int sym_of(jc_ctx *ctx, const char *s) { return sym_intern(ctx, s, strlen(s)); }

static void expr_types(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    if (st->expr_type)
        return;
    st->expr_type = eval_base_struct(ctx, "Expr", 0, NULL, 2, (const char *const[]){ "head", "args" }, 1);
    st->quote_type = eval_base_struct(ctx, "QuoteNode", 0, NULL, 1, (const char *const[]){ "value" }, 0);
}

int eval_expr_kind(jc_ctx *ctx, value v)
{
    evstate *st = ST(ctx);
    if (v.type != T_STRUCT || !st->expr_type)
        return 0;
    const jc_typedef *d = val_struct(v)->type->def;
    return d == st->expr_type->def ? 1 : d == st->quote_type->def ? 2 : 0;
}

int eval_expr_type_named(jc_ctx *ctx, const char *name, value *out)
{
    int e = !strcmp(name, "Expr"), q = !strcmp(name, "QuoteNode");
    if (!e && !q)
        return 0;
    expr_types(ctx);
    *out = val_retain(v_obj(T_TYPE, 0, &(e ? ST(ctx)->expr_type : ST(ctx)->quote_type)->h));
    return 1;
}

/* ---- making them ---- */

/* A growing list of owned values. */
typedef struct vlist { value *v; int64_t n, cap; } vlist;

static void vl_push(vlist *l, value x)
{
    if (l->n == l->cap)
        l->v = xrealloc(l->v, (size_t)(l->cap = l->cap ? 2 * l->cap : 8) * sizeof *l->v);
    l->v[l->n++] = x;
}

static void vl_free(vlist *l)
{
    val_release_n(l->v, (size_t)l->n);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

/* Expr(head, args...), the list taken. */
static int mk_expr(jc_ctx *ctx, int head, vlist *args, value *out)
{
    expr_types(ctx);
    jc_typeobj *any = type_new(TA_ANY);
    int64_t n = args->n;
    value vec = array_from_values(ctx, args->v ? args->v : (value[1]){ { 0 } }, n, 1, &n, any);
    type_release(any);
    free(args->v);
    args->v = NULL;
    args->n = args->cap = 0;
    value f[2] = { symv(head), vec };
    jc_args a = { .n = 2, .v = f };
    int r = eval_struct_call(ctx, v_obj(T_TYPE, 0, &ST(ctx)->expr_type->h), &a, out);
    val_release(vec);
    return r;
}

static int mk_quotenode(jc_ctx *ctx, value x, value *out)
{
    expr_types(ctx);
    jc_args a = { .n = 1, .v = &x };
    return eval_struct_call(ctx, v_obj(T_TYPE, 0, &ST(ctx)->quote_type->h), &a, out);
}

int eval_expr_construct(jc_ctx *ctx, const jc_typeobj *t, const jc_args *a, value *out)
{
    evstate *st = ST(ctx);
    if (!st->expr_type || t->def != st->expr_type->def)
        return LIB_DECLINE;
    if (a->n < 1 || a->v[0].type != T_SYMBOL || a->nkw)
        return lib_no_method(ctx, "Expr", a);
    vlist l = { 0 };
    for (int i = 1; i < a->n; i++)
        vl_push(&l, val_retain(a->v[i]));
    return mk_expr(ctx, (int)a->v[0].u.i, &l, out);
}

/* ---- code to Expr ---- */

typedef struct qx {
    jc_ctx *ctx;
    struct env *e;
    eval_expr_fn ev;
    int interp;   /* $ is evaluated (a quote being run) rather than kept (Meta.parse) */
} qx;

static int to_expr(qx *q, const ast *n, int level, value *out);

static int kids_into(qx *q, const ast *n, uint32_t from, int level, vlist *l);

/* One argument of a form into l: $(xs...) splices xs at the quote's own level. */
static int kid_into(qx *q, const ast *k, int level, vlist *l)
{
    if (q->interp && level == 1 && k->kind == A_SYNOP && k->nkids == 1 &&
        !strcmp(sym_name(q->ctx, k->sym), "$")) {
        const ast *x = k->kids[0];
        while (x->kind == A_PARENS && x->nkids == 1)
            x = x->kids[0];
        if (x->kind == A_SPLAT && x->nkids == 1) {
            value c;
            if (q->ev(q->ctx, q->e, x->kids[0], &c) != 0)
                return -1;
            jc_iter it;
            if (eval_iter_init_proto(q->ctx, &it, c, x) < 0) {
                val_release(c);
                return -1;
            }
            int r;
            value y;
            while ((r = eval_iter_step(q->ctx, &it, &y)) > 0)
                vl_push(l, y);
            eval_iter_done(&it);
            val_release(c);
            return r < 0 ? -1 : 0;
        }
    }
    value v;
    if (to_expr(q, k, level, &v) < 0)
        return -1;
    vl_push(l, v);
    return 0;
}

static int kids_into(qx *q, const ast *n, uint32_t from, int level, vlist *l)
{
    for (uint32_t i = from; i < n->nkids; i++)
        if (kid_into(q, n->kids[i], level, l) < 0)
            return -1;
    return 0;
}

/* Expr(head, converted kids from `from`). */
static int form(qx *q, const char *head, const ast *n, uint32_t from, int level, value *out)
{
    vlist l = { 0 };
    if (kids_into(q, n, from, level, &l) < 0) {
        vl_free(&l);
        return -1;
    }
    return mk_expr(q->ctx, sym_of(q->ctx, head), &l, out);
}

/* Expr(head, a, b…) of values already made (taken). */
static int form_of(jc_ctx *ctx, const char *head, int n, value *vals, value *out)
{
    vlist l = { 0 };
    for (int i = 0; i < n; i++)
        vl_push(&l, vals[i]);
    return mk_expr(ctx, sym_of(ctx, head), &l, out);
}

/* (parameters …) of a ;-group n, *inner (taken) first when given; a keyword argument
 * k = v is (kw k v). */
static int params_expr(qx *q, const ast *n, value *inner, int level, value *out)
{
    vlist l = { 0 };
    int r = 0;
    if (inner)
        vl_push(&l, *inner);
    for (uint32_t i = 0; i < n->nkids && r == 0; i++) {
        const ast *k = n->kids[i];
        if ((k->kind == A_ASSIGN || k->kind == A_KW) && k->nkids == 2) {
            value kv;
            r = form(q, "kw", k, 0, level, &kv);
            if (r == 0)
                vl_push(&l, kv);
        } else
            r = kid_into(q, k, level, &l);
    }
    if (r < 0) {
        vl_free(&l);
        return -1;
    }
    return mk_expr(q->ctx, sym_of(q->ctx, "parameters"), &l, out);
}

/* A call's arguments as Julia orders them: f, (parameters …) first, then the rest; a
 * keyword argument k = v is (kw k v). */
static int call_args(qx *q, const ast *n, int level, vlist *l)
{
    if (kid_into(q, n->kids[0], level, l) < 0)
        return -1;
    /* the ;-groups: an empty one collapses away unless all are (f(x;;0) is f(x; 0)), and
     * each later group nests first in the one before (f(a; b; c) is
     * (call f (parameters (parameters c) b) a)) */
    value inner;
    const ast *empty = NULL;
    int have = 0;
    for (uint32_t i = n->nkids; i-- > 1;) {
        const ast *k = n->kids[i];
        if (!k || k->kind != A_PARAMETERS)
            continue;
        if (!k->nkids) {
            empty = k;
            continue;
        }
        value p;
        if (params_expr(q, k, have ? &inner : NULL, level, &p) < 0)
            return -1;
        inner = p;
        have = 1;
    }
    if (!have && empty) {
        if (params_expr(q, empty, NULL, level, &inner) < 0)
            return -1;
        have = 1;
    }
    if (have)
        vl_push(l, inner);
    for (uint32_t i = 1; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        if (!k || k->kind == A_PARAMETERS)
            continue;
        if ((k->kind == A_ASSIGN || k->kind == A_KW) && k->nkids == 2) {
            value kv[2];
            if (to_expr(q, k->kids[0], level, &kv[0]) < 0)
                return -1;
            if (to_expr(q, k->kids[1], level, &kv[1]) < 0) {
                val_release(kv[0]);
                return -1;
            }
            value e;
            if (form_of(q->ctx, "kw", 2, kv, &e) < 0)
                return -1;
            vl_push(l, e);
        } else if (kid_into(q, k, level, l) < 0)
            return -1;
    }
    return 0;
}

static int unquotable(qx *q, const ast *n)
{
    return err_throw(q->ctx, ERR_SYNTAX, n, "quoting a `%s` form is not supported",
                     ast_kind_name((ast_kind)n->kind));
}

/* The iteration specs of for and generators: i in itr is (= i itr). */
static int iter_expr(qx *q, const ast *it, int level, value *out)
{
    if (it->kind != A_ITER || it->nkids != 2)
        return to_expr(q, it, level, out);
    return form(q, "=", it, 0, level, out);
}

static int to_expr(qx *q, const ast *n, int level, value *out)
{
    jc_ctx *ctx = q->ctx;
    if (ctx_poll(ctx) < 0 || eval_stack_check(ctx, n) < 0)
        return -1;
    vlist l = { 0 };
    int r = 0;
    switch ((ast_kind)n->kind) {
    case A_ID:
        *out = symv(eval_name_symbol(ctx, n));
        return 0;
    case A_LIT:
        *out = val_retain(ast_lit(n));
        return 0;
    case A_NOTHING:
        *out = v_nothing();
        return 0;
    case A_BEGIN_END:
        *out = symv(sym_of(ctx, (n->flags & AF_END) ? "end" : "begin"));
        return 0;
    case A_STRING:
        if (n->nkids == 1 && n->kids[0]->kind == A_LIT) {
            *out = val_retain(ast_lit(n->kids[0]));
            return 0;
        }
        return form(q, "string", n, 0, level, out);
    case A_PARENS:
        if (n->nkids == 1)
            return to_expr(q, n->kids[0], level, out);
        return form(q, "block", n, 0, level, out);
    case A_CALL:
        if ((n->flags & AF_POSTFIX) && n->nkids == 2) {
            const char *op = n->kids[0]->kind == A_ID ? sym_name(ctx, n->kids[0]->sym) : "'";
            return form(q, op, n, 1, level, out);
        }
        r = call_args(q, n, level, &l);
        break;
    case A_DOTCALL:
        if (n->flags & (AF_INFIX | AF_PREFIX)) {
            /* a .+ b is (call .+ a b) */
            const char *op = sym_name(ctx, n->kids[0]->sym);
            sb d = { 0 };
            sb_printf(&d, ".%s", op);
            vl_push(&l, symv(sym_intern(ctx, d.s, d.len)));
            sb_free(&d);
            r = kids_into(q, n, 1, level, &l);
            if (r == 0)
                return mk_expr(ctx, sym_of(ctx, "call"), &l, out);
            break;
        } else {
            /* f.(x) is (. f (tuple x)) */
            value parts[2];
            if (to_expr(q, n->kids[0], level, &parts[0]) < 0)
                return -1;
            vlist t = { 0 };
            if (kids_into(q, n, 1, level, &t) < 0) {
                vl_free(&t);
                val_release(parts[0]);
                return -1;
            }
            if (mk_expr(ctx, sym_of(ctx, "tuple"), &t, &parts[1]) < 0) {
                val_release(parts[0]);
                return -1;
            }
            return form_of(ctx, ".", 2, parts, out);
        }
    case A_JUXT:
        vl_push(&l, symv(sym_of(ctx, "*")));
        r = kids_into(q, n, 0, level, &l);
        if (r == 0)
            return mk_expr(ctx, sym_of(ctx, "call"), &l, out);
        break;
    case A_COMPARISON: return form(q, "comparison", n, 0, level, out);
    case A_CHAIN: { /* a - b - c is (call - (call - a b) c) */
        value acc;
        if (to_expr(q, n->kids[1], level, &acc) < 0)
            return -1;
        for (uint32_t i = 2; i < n->nkids; i++) {
            vlist link = { 0 };
            if (kid_into(q, n->kids[0], level, &link) < 0) {
                val_release(acc);
                vl_free(&link);
                return -1;
            }
            vl_push(&link, acc);
            if (kid_into(q, n->kids[i], level, &link) < 0 ||
                mk_expr(ctx, sym_of(ctx, "call"), &link, &acc) < 0) {
                vl_free(&link);
                return -1;
            }
        }
        *out = acc;
        return 0;
    }
    case A_TUPLE: /* a named tuple's a = 1 is (= a 1), its ;-group's (kw a 1) */
        for (uint32_t i = 0; i < n->nkids && r == 0; i++) {
            const ast *k = n->kids[i];
            value x;
            if (k->kind == A_KW) {
                if ((r = form(q, "=", k, 0, level, &x)) == 0)
                    vl_push(&l, x);
            } else
                r = kid_into(q, k, level, &l);
        }
        if (r == 0)
            return mk_expr(ctx, sym_of(ctx, "tuple"), &l, out);
        break;
    case A_VECT: return form(q, "vect", n, 0, level, out);
    case A_HCAT: return form(q, "hcat", n, 0, level, out);
    case A_VCAT: return form(q, "vcat", n, 0, level, out);
    case A_ROW: return form(q, "row", n, 0, level, out);
    case A_REF: case A_TYPED_VECT: return form(q, "ref", n, 0, level, out);
    case A_TYPED_HCAT: return form(q, "typed_hcat", n, 0, level, out);
    case A_TYPED_VCAT: return form(q, "typed_vcat", n, 0, level, out);
    case A_COMPREHENSION: return form(q, "comprehension", n, 0, level, out);
    case A_TYPED_COMPREHENSION: return form(q, "typed_comprehension", n, 0, level, out);
    case A_GENERATOR: case A_FILTER: {
        int gen = n->kind == A_GENERATOR;
        for (uint32_t i = 0; i < n->nkids && r == 0; i++) {
            value v;
            r = i == 0 ? to_expr(q, n->kids[0], level, &v) : iter_expr(q, n->kids[i], level, &v);
            if (r == 0)
                vl_push(&l, v);
        }
        if (r == 0)
            return mk_expr(ctx, sym_of(ctx, gen ? "generator" : "filter"), &l, out);
        break;
    }
    case A_ITER: return iter_expr(q, n, level, out);
    case A_ASSIGN: return form(q, (n->flags & AF_DOTTED) ? ".=" : "=", n, 0, level, out);
    case A_KW: return form(q, "kw", n, 0, level, out);
    case A_PARAMETERS: return params_expr(q, n, NULL, level, out);
    case A_OPASSIGN: case A_DOTOPASSIGN: {
        sb h = { 0 };
        sb_printf(&h, "%s%s=", n->kind == A_DOTOPASSIGN ? "." : "", sym_name(ctx, n->kids[1]->sym));
        value kv[2];
        if (to_expr(q, n->kids[0], level, &kv[0]) < 0) {
            sb_free(&h);
            return -1;
        }
        if (to_expr(q, n->kids[2], level, &kv[1]) < 0) {
            val_release(kv[0]);
            sb_free(&h);
            return -1;
        }
        vl_push(&l, kv[0]);
        vl_push(&l, kv[1]);
        int hs = sym_intern(ctx, h.s, h.len);
        sb_free(&h);
        return mk_expr(ctx, hs, &l, out);
    }
    case A_FUNCDEF:
        if (n->flags & AF_MACRO)
            return form(q, "macro", n, 0, level, out);
        return form(q, (n->flags & AF_SHORT) ? "=" : "function", n, 0, level, out);
    case A_ARROW: {
        /* x -> body: one unparenthesized parameter stands alone */
        const ast *p = n->kids[0];
        if (p->kind == A_TUPLE && p->nkids == 1 && !(p->flags & AF_PARENS))
            p = p->kids[0];
        value kv[2];
        if (to_expr(q, p, level, &kv[0]) < 0)
            return -1;
        if (to_expr(q, n->kids[1], level, &kv[1]) < 0) {
            val_release(kv[0]);
            return -1;
        }
        return form_of(ctx, "->", 2, kv, out);
    }
    case A_TERNARY: return form(q, "if", n, 0, level, out);
    case A_AND: return form(q, "&&", n, 0, level, out);
    case A_OR: return form(q, "||", n, 0, level, out);
    case A_BLOCK: case A_TOPLEVEL: return form(q, "block", n, 0, level, out);
    case A_LET: {
        const ast *b = n->kids[0];
        value kv[2];
        if ((b->kind == A_BLOCK && b->nkids == 1 ? to_expr(q, b->kids[0], level, &kv[0])
                                                 : to_expr(q, b, level, &kv[0])) < 0)
            return -1;
        if (to_expr(q, n->kids[1], level, &kv[1]) < 0) {
            val_release(kv[0]);
            return -1;
        }
        return form_of(ctx, "let", 2, kv, out);
    }
    case A_IF: return form(q, "if", n, 0, level, out);
    case A_ELSEIF: return form(q, "elseif", n, 0, level, out);
    case A_FOR: {
        const ast *it = n->kids[0];
        value kv[2];
        if (it->kind == A_BLOCK || it->kind == A_ITERATION) {
            vlist b = { 0 };
            for (uint32_t i = 0; i < it->nkids && r == 0; i++) {
                value v;
                if ((r = iter_expr(q, it->kids[i], level, &v)) == 0)
                    vl_push(&b, v);
            }
            if (r < 0 || mk_expr(ctx, sym_of(ctx, "block"), &b, &kv[0]) < 0) {
                vl_free(&b);
                return -1;
            }
        } else if (iter_expr(q, it, level, &kv[0]) < 0)
            return -1;
        if (to_expr(q, n->kids[1], level, &kv[1]) < 0) {
            val_release(kv[0]);
            return -1;
        }
        return form_of(ctx, "for", 2, kv, out);
    }
    case A_WHILE: return form(q, "while", n, 0, level, out);
    case A_RETURN:
        if (!n->nkids)
            return form_of(ctx, "return", 1, (value[]){ v_nothing() }, out);
        return form(q, "return", n, 0, level, out);
    case A_BREAK: return form(q, "break", n, 0, level, out);
    case A_CONTINUE: return form(q, "continue", n, 0, level, out);
    case A_DOT: {
        /* a.b is (. a (quote b)) with b a QuoteNode */
        value kv[2], name;
        if (n->nkids != 2)
            return unquotable(q, n);
        if (to_expr(q, n->kids[0], level, &kv[0]) < 0)
            return -1;
        const ast *b = n->kids[1];
        if (b->kind == A_QUOTE && b->nkids == 1)
            b = b->kids[0];
        if (to_expr(q, b, level, &name) < 0) {
            val_release(kv[0]);
            return -1;
        }
        if (name.type == T_SYMBOL) {
            r = mk_quotenode(ctx, name, &kv[1]);
            if (r < 0) {
                val_release(kv[0]);
                return -1;
            }
        } else
            kv[1] = name;
        return form_of(ctx, ".", 2, kv, out);
    }
    case A_CURLY: return form(q, "curly", n, 0, level, out);
    case A_TYPED: return form(q, "::", n, 0, level, out);
    case A_SPLAT: return form(q, "...", n, 0, level, out);
    case A_WHERE: return form(q, "where", n, 0, level, out);
    case A_BRACES: return form(q, "braces", n, 0, level, out);
    case A_LOCAL: return form(q, "local", n, 0, level, out);
    case A_GLOBAL: return form(q, "global", n, 0, level, out);
    case A_CONST: return form(q, "const", n, 0, level, out);
    case A_MACROCALL: {
        value name;
        if (to_expr(q, n->kids[0], level, &name) < 0)
            return -1;
        vl_push(&l, name);
        vl_push(&l, v_nothing()); /* where Julia keeps the LineNumberNode */
        r = kids_into(q, n, 1, level, &l);
        if (r == 0)
            return mk_expr(ctx, sym_of(ctx, "macrocall"), &l, out);
        break;
    }
    case A_QUOTE: {
        const ast *k = n->kids[0];
        if (k->kind == A_ID || (k->kind == A_PARENS && k->nkids == 1 && k->kids[0]->kind == A_ID)) {
            /* :x inside code is QuoteNode(:x) */
            value s = symv((k->kind == A_ID ? k : k->kids[0])->sym);
            return mk_quotenode(ctx, s, out);
        }
        if (k->kind == A_LIT && k->lit_type != T_SYMBOL) {
            *out = val_retain(ast_lit(k));
            return 0;
        }
        return form(q, "quote", n, 0, level + 1, out);
    }
    case A_SYNOP: {
        const char *op = sym_name(ctx, n->sym);
        if (!strcmp(op, "$") && n->nkids == 1) {
            if (q->interp && level == 1)
                return q->ev(ctx, q->e, n->kids[0], out);
            return form(q, "$", n, 0, level - 1, out);
        }
        return form(q, op, n, 0, level, out);
    }
    case A_TRY: {
        /* (try body var|false catchbody|false [finally]) */
        value body;
        if (to_expr(q, n->kids[0], level, &body) < 0)
            return -1;
        vl_push(&l, body);
        const ast *c = NULL, *f = NULL;
        for (uint32_t i = 1; i < n->nkids; i++) {
            if (n->kids[i]->kind == A_CATCH)
                c = n->kids[i];
            else if (n->kids[i]->kind == A_FINALLY)
                f = n->kids[i];
            else {
                vl_free(&l);
                return unquotable(q, n->kids[i]);
            }
        }
        value v;
        if (c) {
            if (c->kids[0]->kind == A_ID)
                vl_push(&l, symv(c->kids[0]->sym));
            else
                vl_push(&l, v_bool(0));
            if (to_expr(q, c->kids[1], level, &v) < 0) {
                vl_free(&l);
                return -1;
            }
            vl_push(&l, v);
        } else {
            vl_push(&l, v_bool(0));
            vl_push(&l, v_bool(0));
        }
        if (f) {
            if (to_expr(q, f->kids[0], level, &v) < 0) {
                vl_free(&l);
                return -1;
            }
            vl_push(&l, v);
        }
        return mk_expr(ctx, sym_of(ctx, "try"), &l, out);
    }
    case A_STRUCT:
        vl_push(&l, v_bool((n->flags & AF_MUTABLE) != 0));
        r = kids_into(q, n, 0, level, &l);
        if (r == 0)
            return mk_expr(ctx, sym_of(ctx, "struct"), &l, out);
        break;
    case A_MODULE: /* Expr(:module, true, :M, block): false for baremodule */
        vl_push(&l, v_bool(!(n->flags & AF_PREFIX)));
        r = kids_into(q, n, 0, level, &l);
        if (r == 0)
            return mk_expr(ctx, sym_of(ctx, "module"), &l, out);
        break;
    case A_EXPORT:
        r = kids_into(q, n, 0, level, &l);
        if (r == 0)
            return mk_expr(ctx, sym_of(ctx, "export"), &l, out);
        break;
    default:
        return unquotable(q, n);
    }
    if (r < 0) {
        vl_free(&l);
        return -1;
    }
    return mk_expr(ctx, sym_of(ctx, "call"), &l, out);
}

int eval_name_symbol(jc_ctx *ctx, const ast *id)
{
    if (!(id->flags & AF_DOTTED))
        return id->sym;
    sb d = { 0 }; /* :.+ is the Symbol ".+" */
    sb_printf(&d, ".%s", sym_name(ctx, id->sym));
    int s = sym_intern(ctx, d.s, d.len);
    sb_free(&d);
    return s;
}

int eval_quote(jc_ctx *ctx, struct env *e, const ast *n, eval_expr_fn ev, value *out)
{
    qx q = { ctx, e, ev, 1 };
    const ast *k = n->kids[0];
    if (k->kind == A_PARENS && k->nkids == 1)
        k = k->kids[0];
    if (k->kind == A_ID) {
        *out = symv(eval_name_symbol(ctx, k));
        return 0;
    }
    return to_expr(&q, k, 1, out);
}

/* ---- Expr to code ---- */

typedef struct qa {
    jc_ctx *ctx;
    arena *a;
    int show;   /* for printing: an unknown head is kept as a literal, not refused */
    int in_params; /* converting a (parameters …)'s arguments: one nested shows as an Expr */
    int depth;  /* of the walk: an Expr nested past EXPR_DEPTH (or one holding itself) is
                   refused, not followed until the stack ends */
} qa;

enum { EXPR_DEPTH = 20000 };

static int to_ast(qa *q, value v, ast **out);

static ast *leaf_lit(qa *q, value v)
{
    ast *n = ast_new(q->a, A_LIT, 0, 0, 0);
    ast_set_lit(n, v);
    arena_own(q->a, val_retain(v));
    return n;
}

static ast *leaf_id(qa *q, int sym)
{
    ast *n = ast_new(q->a, A_ID, 0, 0, 0);
    n->sym = sym;
    return n;
}

static int bad_expr(qa *q, const char *head)
{
    return err_throw(q->ctx, ERR_SYNTAX, NULL, "invalid syntax (%s)", head);
}

/* A node of kind k whose kids are args[from..] converted. */
static int node_of(qa *q, ast_kind k, const value *args, int64_t n, int64_t from, ast **out)
{
    ast *r = ast_new(q->a, k, 0, 0, (uint32_t)(n - from));
    for (int64_t i = from; i < n; i++)
        if (to_ast(q, args[i], &r->kids[i - from]) < 0)
            return -1;
    *out = r;
    return 0;
}

/* The head of an operator call: its class when it reads as infix with n operands. */
static const op_info *infix_op(const char *s, int64_t n, int *dotted)
{
    *dotted = 0;
    const op_info *op = optable_find(s, strlen(s));
    if (!op && s[0] == '.' && s[1]) {
        op = optable_find(s + 1, strlen(s + 1));
        *dotted = op != NULL;
    }
    if (!op || (op->flags & OPF_SYNTACTIC && op->id != OP_COLON && strcmp(op->name, "=>")))
        return NULL;
    if (n == 1)
        return (op->flags & OPF_UNARY) ? op : NULL;
    if (op->cls < OPC_ASSIGN || op->cls > OPC_POWER)
        return NULL;
    if (n > 2 && !(op->id == OP_PLUS || op->id == OP_STAR || op->id == OP_PLUSPLUS))
        return NULL;
    return op;
}

static int block_ast(qa *q, value v, ast **out)
{
    if (eval_expr_kind(q->ctx, v) == 1 && !strcmp(sym_name(q->ctx, (int)val_struct(v)->v[0].u.i), "block"))
        return to_ast(q, v, out);
    ast *b = ast_new(q->a, A_BLOCK, 0, 0, 1);
    *out = b;
    return to_ast(q, v, &b->kids[0]);
}

/* (= i itr) of a for or a generator as i in itr */
static int iter_ast(qa *q, value v, ast **out)
{
    if (to_ast(q, v, out) < 0)
        return -1;
    if ((*out)->kind == A_ASSIGN)
        (*out)->kind = A_ITER;
    return 0;
}

static int expr_ast(qa *q, value v, int in_params, ast **out)
{
    jc_ctx *ctx = q->ctx;
    jc_struct *s = val_struct(v);
    if (s->v[0].type != T_SYMBOL || s->v[1].type != T_ARRAY)
        return bad_expr(q, "?");
    const char *h = sym_name(ctx, (int)s->v[0].u.i);
    jc_array *A = val_array(s->v[1]);
    const value *a = A->v;
    int64_t n = A->len;
    for (int64_t i = 0; i < n; i++)
        if (arr_is_undef(a[i]))
            return bad_expr(q, h);
    if (!strcmp(h, "call") && n >= 1) {
        int dotted = 0;
        const op_info *op = a[0].type == T_SYMBOL ? infix_op(sym_name(ctx, (int)a[0].u.i), n - 1, &dotted) : NULL;
        int kw = 0;
        for (int64_t i = 1; i < n; i++)
            if (eval_expr_kind(ctx, a[i]) == 1) {
                const char *kh = sym_name(ctx, (int)val_struct(a[i])->v[0].u.i);
                kw |= !strcmp(kh, "parameters") || !strcmp(kh, "kw");
            }
        if (op && !kw) {
            ast *r = ast_new(q->a, dotted ? A_DOTCALL : A_CALL, 0, 0, (uint32_t)n);
            r->flags = n == 2 ? AF_PREFIX : AF_INFIX;
            r->kids[0] = leaf_id(q, sym_intern(ctx, op->name, strlen(op->name)));
            for (int64_t i = 1; i < n; i++)
                if (to_ast(q, a[i], &r->kids[i]) < 0)
                    return -1;
            *out = r;
            return 0;
        }
        /* f(x; k = 1): Julia keeps (parameters …) first; the call puts it last */
        ast *r = ast_new(q->a, A_CALL, 0, 0, (uint32_t)n);
        if (to_ast(q, a[0], &r->kids[0]) < 0)
            return -1;
        int64_t j = 1, params = -1;
        for (int64_t i = 1; i < n; i++) {
            if (eval_expr_kind(ctx, a[i]) == 1 &&
                !strcmp(sym_name(ctx, (int)val_struct(a[i])->v[0].u.i), "parameters")) {
                params = i;
                continue;
            }
            if (to_ast(q, a[i], &r->kids[j++]) < 0)
                return -1;
        }
        if (params >= 0 && to_ast(q, a[params], &r->kids[j++]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    if (!strcmp(h, "kw") && n == 2)
        return node_of(q, A_KW, a, n, 0, out);
    if (!strcmp(h, "parameters") && !(q->show && in_params)) {
        q->in_params = 1;
        int r = node_of(q, A_PARAMETERS, a, n, 0, out);
        q->in_params = 0;
        return r;
    }
    /* heads that map one to one onto a node, with the argument counts the node has;
     * another count is no such node (it shows as $(Expr(:head, …))) */
    static const struct { const char *head; ast_kind k; int8_t min, max; } same[] = {
        { "comparison", A_COMPARISON, 3, -1 }, { "tuple", A_TUPLE, 0, -1 },
        { "vect", A_VECT, 0, -1 }, { "hcat", A_HCAT, 0, -1 }, { "vcat", A_VCAT, 0, -1 },
        { "row", A_ROW, 0, -1 }, { "ref", A_REF, 1, -1 },
        { "typed_hcat", A_TYPED_HCAT, 1, -1 }, { "typed_vcat", A_TYPED_VCAT, 1, -1 },
        { "comprehension", A_COMPREHENSION, 1, 1 },
        { "typed_comprehension", A_TYPED_COMPREHENSION, 2, 2 },
        { "=", A_ASSIGN, 2, 2 }, { "&&", A_AND, 2, 2 }, { "||", A_OR, 2, 2 },
        { "block", A_BLOCK, 0, -1 }, { "toplevel", A_BLOCK, 0, -1 },
        { "while", A_WHILE, 2, 2 }, { "return", A_RETURN, 0, 1 },
        { "break", A_BREAK, 0, 0 }, { "continue", A_CONTINUE, 0, 0 },
        { "curly", A_CURLY, 1, -1 }, { "::", A_TYPED, 1, 2 }, { "...", A_SPLAT, 1, 1 },
        { "where", A_WHERE, 2, -1 }, { "braces", A_BRACES, 0, -1 },
        { "local", A_LOCAL, 0, -1 }, { "global", A_GLOBAL, 0, -1 }, { "const", A_CONST, 0, -1 },
        { "string", A_STRING, 0, -1 }, { "function", A_FUNCDEF, 1, 2 },
        { "macro", A_FUNCDEF, 1, 2 }, { "quote", A_QUOTE, 1, 1 }, { NULL, 0, 0, 0 } };
    for (int i = 0; same[i].head; i++)
        if (!strcmp(h, same[i].head) && n >= same[i].min && (same[i].max < 0 || n <= same[i].max) &&
            (same[i].k != A_COMPARISON || n % 2)) {
            if (node_of(q, same[i].k, a, n, 0, out) < 0)
                return -1;
            ast *r = *out;
            if (r->kind == A_TUPLE) {
                r->flags |= AF_PARENS;
                ast_named_tuple_fields(r);
            }
            if (r->kind == A_ASSIGN && r->nkids == 2) {
                /* f(x) = body defines f */
                const ast *lhs = r->kids[0];
                while ((lhs->kind == A_WHERE || lhs->kind == A_TYPED) && lhs->nkids >= 1)
                    lhs = lhs->kids[0];
                if (lhs->kind == A_CALL) {
                    r->kind = A_FUNCDEF;
                    r->flags |= AF_SHORT;
                }
            }
            if (r->kind == A_COMPARISON)
                for (uint32_t k = 1; k < r->nkids; k += 2)
                    if (r->kids[k]->kind != A_ID)
                        return bad_expr(q, h);
            if (r->kind == A_RETURN && r->nkids == 1 && r->kids[0]->kind == A_LIT &&
                r->kids[0]->lit_type == T_NOTHING)
                r->nkids = 0;
            if (r->kind == A_TYPED && r->nkids == 1)
                r->flags |= AF_PREFIX;
            if (r->kind == A_FUNCDEF) {
                if (h[0] == 'm')
                    r->flags |= AF_MACRO;
                if (r->nkids == 2 && r->kids[1]->kind != A_BLOCK && !(r->flags & AF_SHORT)) {
                    ast *b = ast_new(q->a, A_BLOCK, 0, 0, 1);
                    b->kids[0] = r->kids[1];
                    r->kids[1] = b;
                }
                if (h[0] == 'm' && r->nkids >= 1 && r->kids[0]->kind == A_CALL &&
                    r->kids[0]->kids[0]->kind == A_ID) {
                    const char *nm = sym_name(ctx, r->kids[0]->kids[0]->sym);
                    sb at = { 0 };
                    sb_printf(&at, "@%s", nm);
                    r->kids[0]->kids[0]->sym = sym_intern(ctx, at.s, at.len);
                    sb_free(&at);
                }
            }
            if (r->kind == A_STRING)
                for (uint32_t k = 0; k < r->nkids; k++)
                    if (r->kids[k]->kind == A_STRING && r->kids[k]->nkids == 1)
                        r->kids[k] = r->kids[k]->kids[0];
            if ((r->kind == A_WHILE && r->nkids == 2) )
                return block_ast(q, a[1], &r->kids[1]);
            return 0;
        }
    if (!strcmp(h, ".=") && n == 2) {
        if (node_of(q, A_ASSIGN, a, n, 0, out) < 0)
            return -1;
        (*out)->flags |= AF_DOTTED;
        return 0;
    }
    size_t hl = strlen(h);
    if (hl >= 2 && h[hl - 1] == '=' && n == 2) {
        /* x += 1, x .*= 2 */
        int dotted = h[0] == '.';
        const op_info *op = optable_find(h + dotted, hl - 1 - (size_t)dotted);
        if (op) {
            ast *r = ast_new(q->a, dotted ? A_DOTOPASSIGN : A_OPASSIGN, 0, 0, 3);
            r->kids[1] = leaf_id(q, sym_intern(ctx, op->name, strlen(op->name)));
            if (to_ast(q, a[0], &r->kids[0]) < 0 || to_ast(q, a[1], &r->kids[2]) < 0)
                return -1;
            *out = r;
            return 0;
        }
    }
    if (!strcmp(h, "->") && n == 2) {
        ast *r = ast_new(q->a, A_ARROW, 0, 0, 2);
        if (to_ast(q, a[0], &r->kids[0]) < 0)
            return -1;
        if (r->kids[0]->kind != A_TUPLE) {
            ast *t = ast_new(q->a, A_TUPLE, 0, 0, 1);
            t->kids[0] = r->kids[0];
            r->kids[0] = t;
        }
        if (to_ast(q, a[1], &r->kids[1]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    if ((!strcmp(h, "if") || !strcmp(h, "elseif")) && (n == 2 || n == 3)) {
        ast *r = ast_new(q->a, h[0] == 'i' ? A_IF : A_ELSEIF, 0, 0, (uint32_t)n);
        if (to_ast(q, a[0], &r->kids[0]) < 0 || block_ast(q, a[1], &r->kids[1]) < 0)
            return -1;
        if (n == 3) {
            int eif = eval_expr_kind(ctx, a[2]) == 1 &&
                      !strcmp(sym_name(ctx, (int)val_struct(a[2])->v[0].u.i), "elseif");
            if ((eif ? to_ast(q, a[2], &r->kids[2]) : block_ast(q, a[2], &r->kids[2])) < 0)
                return -1;
        }
        *out = r;
        return 0;
    }
    /* a for loop iterates over something: not over an empty block */
    if (!strcmp(h, "for") && n == 2 &&
        !(eval_expr_kind(ctx, a[0]) == 1 && !val_array(val_struct(a[0])->v[1])->len)) {
        ast *r = ast_new(q->a, A_FOR, 0, 0, 2);
        value it = a[0];
        if (eval_expr_kind(ctx, it) == 1 && !strcmp(sym_name(ctx, (int)val_struct(it)->v[0].u.i), "block")) {
            if (to_ast(q, it, &r->kids[0]) < 0)
                return -1;
            for (uint32_t k = 0; k < r->kids[0]->nkids; k++)
                if (r->kids[0]->kids[k]->kind == A_ASSIGN)
                    r->kids[0]->kids[k]->kind = A_ITER;
        } else if (iter_ast(q, it, &r->kids[0]) < 0)
            return -1;
        if (block_ast(q, a[1], &r->kids[1]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    if ((!strcmp(h, "generator") || !strcmp(h, "filter")) && n >= 2) {
        ast *r = ast_new(q->a, h[0] == 'g' ? A_GENERATOR : A_FILTER, 0, 0, (uint32_t)n);
        for (int64_t i = 0; i < n; i++)
            if ((i == 0 ? to_ast(q, a[i], &r->kids[i]) : iter_ast(q, a[i], &r->kids[i])) < 0)
                return -1;
        *out = r;
        return 0;
    }
    if (!strcmp(h, "let") && n == 2) {
        ast *r = ast_new(q->a, A_LET, 0, 0, 2);
        if (block_ast(q, a[0], &r->kids[0]) < 0 || block_ast(q, a[1], &r->kids[1]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    if (!strcmp(h, ".") && n == 2) {
        if (eval_expr_kind(ctx, a[1]) == 1 &&
            !strcmp(sym_name(ctx, (int)val_struct(a[1])->v[0].u.i), "tuple")) {
            /* f.(x, y) */
            jc_array *T = val_array(val_struct(a[1])->v[1]);
            ast *r = ast_new(q->a, A_DOTCALL, 0, 0, (uint32_t)T->len + 1);
            if (to_ast(q, a[0], &r->kids[0]) < 0)
                return -1;
            for (int64_t i = 0; i < T->len; i++)
                if (to_ast(q, T->v[i], &r->kids[i + 1]) < 0)
                    return -1;
            *out = r;
            return 0;
        }
        ast *r = ast_new(q->a, A_DOT, 0, 0, 2);
        if (to_ast(q, a[0], &r->kids[0]) < 0)
            return -1;
        value name = a[1];
        if (eval_expr_kind(ctx, name) == 2)
            name = val_struct(name)->v[0];
        if (to_ast(q, name, &r->kids[1]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    if (!strcmp(h, "macrocall") && n >= 2) {
        ast *r = ast_new(q->a, A_MACROCALL, 0, 0, (uint32_t)n - 1);
        if (to_ast(q, a[0], &r->kids[0]) < 0)
            return -1;
        for (int64_t i = 2; i < n; i++)
            if (to_ast(q, a[i], &r->kids[i - 1]) < 0)
                return -1;
        *out = r;
        return 0;
    }
    if (!strcmp(h, "$") && n == 1) {
        ast *r = ast_new(q->a, A_SYNOP, 0, 0, 1);
        r->sym = sym_of(ctx, "$");
        r->flags = AF_PREFIX;
        if (to_ast(q, a[0], &r->kids[0]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    if (!strcmp(h, "escape") && n == 1 && !q->show)
        return to_ast(q, a[0], out);
    if (!strcmp(h, "try") && n >= 3) {
        int hasc = !(a[1].type == T_BOOL && !a[1].u.i && a[2].type == T_BOOL && !a[2].u.i);
        ast *r = ast_new(q->a, A_TRY, 0, 0, 1 + (uint32_t)hasc + (n > 3));
        if (block_ast(q, a[0], &r->kids[0]) < 0)
            return -1;
        uint32_t k = 1;
        if (hasc) {
            ast *c = ast_new(q->a, A_CATCH, 0, 0, 2);
            c->kids[0] = a[1].type == T_SYMBOL ? leaf_id(q, (int)a[1].u.i) : ast_new(q->a, A_NOTHING, 0, 0, 0);
            if (block_ast(q, a[2], &c->kids[1]) < 0)
                return -1;
            r->kids[k++] = c;
        }
        if (n > 3) {
            ast *f = ast_new(q->a, A_FINALLY, 0, 0, 1);
            if (block_ast(q, a[3], &f->kids[0]) < 0)
                return -1;
            r->kids[k++] = f;
        }
        *out = r;
        return 0;
    }
    if (!strcmp(h, "module") && n == 3 && a[0].type == T_BOOL && a[1].type == T_SYMBOL) {
        ast *r = ast_new(q->a, A_MODULE, 0, 0, 2);
        if (!a[0].u.i)
            r->flags |= AF_PREFIX;
        r->kids[0] = leaf_id(q, (int)a[1].u.i);
        if (block_ast(q, a[2], &r->kids[1]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    int names_only = 1;
    for (int64_t i = 0; i < n; i++)
        names_only &= a[i].type == T_SYMBOL;
    if (!strcmp(h, "export") && names_only) {
        ast *r = ast_new(q->a, A_EXPORT, 0, 0, (uint32_t)n);
        for (int64_t i = 0; i < n; i++)
            r->kids[i] = leaf_id(q, (int)a[i].u.i);
        *out = r;
        return 0;
    }
    if (!strcmp(h, "struct") && n == 3) {
        ast *r = ast_new(q->a, A_STRUCT, 0, 0, 2);
        if (a[0].type == T_BOOL && a[0].u.i)
            r->flags |= AF_MUTABLE;
        if (to_ast(q, a[1], &r->kids[0]) < 0 || block_ast(q, a[2], &r->kids[1]) < 0)
            return -1;
        *out = r;
        return 0;
    }
    if (q->show) { /* printed as the Expr it is: $(Expr(:head, …)) */
        ast *c = ast_new(q->a, A_CALL, 0, 0, (uint32_t)n + 2);
        c->kids[0] = leaf_id(q, sym_of(ctx, "Expr"));
        c->kids[1] = ast_new(q->a, A_QUOTE, 0, 0, 1);
        c->kids[1]->kids[0] = leaf_id(q, (int)s->v[0].u.i);
        for (int64_t i = 0; i < n; i++) { /* values: a symbol or Expr argument quoted */
            ast *k;
            q->in_params = 1; /* a (parameters …) among them shows as the Expr it is */
            int r = to_ast(q, a[i], &k);
            q->in_params = 0;
            if (r < 0)
                return -1;
            if ((a[i].type == T_SYMBOL && !a[i].sub) || eval_expr_kind(ctx, a[i]) == 1) {
                c->kids[i + 2] = ast_new(q->a, A_QUOTE, 0, 0, 1);
                c->kids[i + 2]->kids[0] = k;
            } else
                c->kids[i + 2] = k;
        }
        ast *r = ast_new(q->a, A_SYNOP, 0, 0, 1);
        r->sym = sym_of(ctx, "$");
        r->flags = AF_PREFIX;
        r->kids[0] = c;
        *out = r;
        return 0;
    }
    return bad_expr(q, h);
}

static int to_ast(qa *q, value v, ast **out)
{
    if (ctx_poll(q->ctx) < 0 || eval_stack_check(q->ctx, NULL) < 0)
        return -1;
    int kind = eval_expr_kind(q->ctx, v);
    if (kind) {
        if (q->depth >= EXPR_DEPTH)
            return err_throw(q->ctx, ERR_ERROR, NULL, "expression nested more than %d deep", EXPR_DEPTH);
        q->depth++;
        int r;
        int in_params = q->in_params; /* it holds for this Expr, not for those inside */
        q->in_params = 0;
        if (kind == 1)
            r = expr_ast(q, v, in_params, out);
        else {
            ast *qn = ast_new(q->a, A_QUOTE, 0, 0, 1);
            *out = qn;
            r = to_ast(q, val_struct(v)->v[0], &qn->kids[0]);
        }
        q->in_params = in_params;
        q->depth--;
        return r;
    }
    if (v.type == T_SYMBOL && !v.sub) {
        *out = leaf_id(q, (int)v.u.i);
        return 0;
    }
    if (v.type == T_STRING) {
        ast *s = ast_new(q->a, A_STRING, 0, 0, 1);
        s->kids[0] = leaf_lit(q, v);
        *out = s;
        return 0;
    }
    *out = leaf_lit(q, v);
    return 0;
}

/* ---- printing ---- */

int eval_expr_show(jc_ctx *ctx, sb *out, value v, int mode)
{
    int kind = eval_expr_kind(ctx, v);
    if (!kind)
        return 0;
    arena *a = arena_new();
    qa q = { ctx, a, 1, 1, 0 }; /* a (parameters …) alone shows as the Expr it is */
    ast *n;
    int r = to_ast(&q, v, &n);
    if (r == 0) {
        /* show writes :(…), or quote … end for a block; print the code alone */
        int quoted = mode != SHOW_PRINT, block = quoted && kind == 1 && n->kind == A_BLOCK;
        if (block) {
            ast *qn = ast_new(a, A_QUOTE, 0, 0, 1);
            qn->kids[0] = n;
            unparse_at(ctx, qn, 0, out);
        } else {
            if (quoted)
                sb_puts(out, ":(");
            unparse_at(ctx, n, quoted ? 2 : 0, out);
            if (quoted)
                sb_putc(out, ')');
        }
    }
    arena_release(a);
    return r < 0 ? -1 : 1;
}

/* ---- running code ---- */

/* Runs the code v in scope e (NULL: the global one), as eval and a macro's expansion
 * do. */
/* The syntax tree of the code value v, in a new arena *a (for the caller to release). */
static int tree_of(jc_ctx *ctx, value v, arena **a, ast **n)
{
    *a = arena_new();
    arena_set_source(*a, "", 0, "none", 1);
    qa q = { ctx, *a, 0, 0 };
    return to_ast(&q, v, n);
}

static int run_code_in(jc_ctx *ctx, struct env *e, value v, const value *module, value *out)
{
    arena *a;
    ast *n;
    int r = tree_of(ctx, v, &a, &n);
    /* eval runs its code at top level: in the latest world, as Julia's does, while the
     * call around it stays in its own */
    uint64_t world = ST(ctx)->run_world;
    if (!e)
        ST(ctx)->run_world = 0;
    if (r == 0)
        r = module ? eval_module_run(ctx, *module, n, a, out) : eval_run_tree(ctx, e, n, a, out);
    ST(ctx)->run_world = world;
    arena_release(a);
    return r;
}

static int run_code(jc_ctx *ctx, struct env *e, value v, value *out)
{
    return run_code_in(ctx, e, v, NULL, out);
}

int eval_expr_eval(jc_ctx *ctx, value v, value *out) { return run_code(ctx, NULL, v, out); }

int eval_at_eval(jc_ctx *ctx, struct env *e, const ast *arg, const value *module,
                 eval_expr_fn ev, value *out)
{
    qx q = { ctx, e, ev, 1 };
    value x;
    if (to_expr(&q, arg, 1, &x) < 0)
        return -1;
    int r = run_code_in(ctx, NULL, x, module, out);
    val_release(x);
    return r;
}

/* Meta.parse(str): the expression the text reads as. */
int eval_meta_parse(jc_ctx *ctx, value s, const ast *site, value *out)
{
    const jc_string *str = val_string(s);
    arena *a = arena_new();
    ast *prog;
    src_swap sw;
    src_swap_in(ctx, &sw, str->s, str->len);
    jc_status st = parse_program(ctx, a, str->s, str->len, &prog);
    int r = -1;
    if (st == JC_OK) {
        qx q = { ctx, NULL, NULL, 0 };
        if (prog->nkids == 0)
            *out = v_nothing(), r = 0;
        else if (prog->nkids > 1)
            r = err_throw(ctx, ERR_ERROR, site, "ParseError(\"extra token after end of expression\")");
        else
            r = to_expr(&q, prog->kids[0], 1, out);
    } else if (ctx->err_set) {
        /* the message stands; its position was in the parsed text */
        err_locate(ctx, site);
    }
    src_swap_out(ctx, &sw);
    arena_release(a);
    return r;
}

/* ---- macros ---- */

/* The expansion of a user macro call n: the macro function @m of the argument
 * expressions.  0 with *out when @m is the user's, 1 when it is not (a builtin macro),
 * -1. */
const value *eval_user_macro_of(jc_ctx *ctx, const ast *n)
{
    const ast *name = n->kids[0];
    if (name->kind == A_DOT && name->nkids == 2)
        name = name->kids[1];
    if (name->kind == A_QUOTE && name->nkids == 1)
        name = name->kids[0];
    if (name->kind != A_ID || (size_t)name->sym >= ctx->nglobals || !ctx->globals[name->sym].defined)
        return NULL;
    const value *f = &ctx->globals[name->sym].v;
    return f->type == T_FUNCTION && val_func(*f)->methods && !val_func(*f)->nrows ? f : NULL;
}

int eval_user_macro(jc_ctx *ctx, const ast *n, value *out)
{
    const value *fp = eval_user_macro_of(ctx, n);
    if (!fp)
        return 1;
    value f = *fp;
    qx q = { ctx, NULL, NULL, 0 };
    vlist l = { 0 };
    if (kids_into(&q, n, 1, 1, &l) < 0) {
        vl_free(&l);
        return -1;
    }
    f = val_retain(f);
    int r = eval_call(ctx, f, (int)l.n, l.v, n, out);
    val_release(f);
    vl_free(&l);
    return r < 0 ? -1 : 0;
}

/* Hygiene, as Julia's macro expansion does it: a variable the expansion assigns outside
 * esc(…) is the expansion's own, renamed to a gensym throughout its unescaped part, so
 * that it cannot touch the caller's variable of that name. */
typedef struct renames { int *from, *to; int n, cap; } renames;

static int head_is(jc_ctx *ctx, value v, const char *h)
{
    return eval_expr_kind(ctx, v) == 1 && val_struct(v)->v[0].type == T_SYMBOL &&
           !strcmp(sym_name(ctx, (int)val_struct(v)->v[0].u.i), h);
}

static jc_array *args_of(value v) { return val_array(val_struct(v)->v[1]); }

static void rename_add(jc_ctx *ctx, renames *rn, value s)
{
    if (s.type != T_SYMBOL)
        return;
    for (int i = 0; i < rn->n; i++)
        if (rn->from[i] == (int)s.u.i)
            return;
    if (rn->n == rn->cap) {
        rn->cap = rn->cap ? 2 * rn->cap : 8;
        rn->from = xrealloc(rn->from, (size_t)rn->cap * sizeof *rn->from);
        rn->to = xrealloc(rn->to, (size_t)rn->cap * sizeof *rn->to);
    }
    sb b = { 0 };
    sb_printf(&b, "##%s#%u", sym_name(ctx, (int)s.u.i), ++ST(ctx)->gensyms);
    rn->from[rn->n] = (int)s.u.i;
    rn->to[rn->n++] = sym_intern(ctx, b.s, b.len);
    sb_free(&b);
}

static void assigned(jc_ctx *ctx, value v, renames *rn, int depth)
{
    if (eval_expr_kind(ctx, v) != 1 || head_is(ctx, v, "escape") || depth > EXPR_DEPTH ||
        val_struct(v)->v[1].type != T_ARRAY)
        return;
    jc_array *A = args_of(v);
    if ((head_is(ctx, v, "=") || head_is(ctx, v, "local")) && A->len >= 1)
        rename_add(ctx, rn, A->v[0]);
    if (head_is(ctx, v, "for") && A->len >= 1 && head_is(ctx, A->v[0], "=") && args_of(A->v[0])->len >= 1)
        rename_add(ctx, rn, args_of(A->v[0])->v[0]);
    for (int64_t i = 0; i < A->len; i++)
        if (!arr_is_undef(A->v[i]))
            assigned(ctx, A->v[i], rn, depth + 1);
}

/* A copy of v with the renames made outside escapes. */
static int renamed(jc_ctx *ctx, value v, const renames *rn, int depth, value *out)
{
    if (v.type == T_SYMBOL && !v.sub) {
        for (int i = 0; i < rn->n; i++)
            if (rn->from[i] == (int)v.u.i) {
                *out = symv(rn->to[i]);
                return 0;
            }
    }
    if (eval_expr_kind(ctx, v) != 1 || head_is(ctx, v, "escape") || val_struct(v)->v[1].type != T_ARRAY) {
        *out = val_retain(v);
        return 0;
    }
    if (ctx_poll(ctx) < 0 || eval_stack_check(ctx, NULL) < 0)
        return -1;
    if (depth > EXPR_DEPTH)
        return err_throw(ctx, ERR_ERROR, NULL, "expression nested more than %d deep", EXPR_DEPTH);
    jc_array *A = args_of(v);
    vlist l = { 0 };
    for (int64_t i = 0; i < A->len; i++) {
        value y;
        if (arr_is_undef(A->v[i]) || renamed(ctx, A->v[i], rn, depth + 1, &y) < 0) {
            vl_free(&l);
            return arr_is_undef(A->v[i]) ? bad_expr(&(qa){ ctx, NULL, 0, 0 }, "#undef") : -1;
        }
        vl_push(&l, y);
    }
    return mk_expr(ctx, (int)val_struct(v)->v[0].u.i, &l, out);
}

static int hygienic(jc_ctx *ctx, value *x)
{
    renames rn = { 0 };
    assigned(ctx, *x, &rn, 0);
    int r = 0;
    if (rn.n) {
        value y;
        if ((r = renamed(ctx, *x, &rn, 0, &y)) == 0) {
            val_release(*x);
            *x = y;
        }
    }
    free(rn.from);
    free(rn.to);
    return r;
}

int eval_macro_run(jc_ctx *ctx, struct env *e, const ast *n, value *out)
{
    value x;
    int r = eval_user_macro(ctx, n, &x);
    if (r != 0)
        return r;
    if (hygienic(ctx, &x) < 0) {
        val_release(x);
        return -1;
    }
    r = run_code(ctx, e, x, out);
    val_release(x);
    return r < 0 ? -1 : 0;
}

/* @macroexpand ex: the expansion, escapes removed (no hygiene renames are made). */
static int strip_escapes(jc_ctx *ctx, value *v, int depth)
{
    if (eval_expr_kind(ctx, *v) != 1 || depth > EXPR_DEPTH)
        return 0;
    jc_struct *s = val_struct(*v);
    if (s->v[0].type == T_SYMBOL && !strcmp(sym_name(ctx, (int)s->v[0].u.i), "escape") &&
        s->v[1].type == T_ARRAY && val_array(s->v[1])->len == 1) {
        value in = val_retain(val_array(s->v[1])->v[0]);
        val_release(*v);
        *v = in;
        return strip_escapes(ctx, v, depth + 1);
    }
    if (s->v[1].type != T_ARRAY)
        return 0;
    jc_array *A = val_array(s->v[1]);
    for (int64_t i = 0; i < A->len; i++)
        if (!arr_is_undef(A->v[i]) && strip_escapes(ctx, &A->v[i], depth + 1) < 0)
            return -1;
    return 0;
}

int eval_macroexpand(jc_ctx *ctx, const ast *call, value *out)
{
    if (call->kind != A_MACROCALL)
        return err_throw(ctx, ERR_ERROR, call, "@macroexpand expects a macro call");
    int r = eval_user_macro(ctx, call, out);
    if (r == 1) {
        qx q = { ctx, NULL, NULL, 0 };
        return to_expr(&q, call, 1, out); /* a builtin macro stands for itself */
    }
    if (r < 0 || hygienic(ctx, out) < 0)
        return -1;
    return strip_escapes(ctx, out, 0);
}

/* macroexpand(m, x): the expression a macro call x expands to, as @macroexpand gives it;
 * anything else (a Symbol, a literal, an Expr that is no macro call) is x itself. */
static int bi_macroexpand(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_SYMBOL || a->v[0].sub != SYM_MODULE)
        return LIB_DECLINE;
    for (int i = 0; i < a->nkw; i++)
        if (strcmp(sym_name(ctx, a->kw[i]), "recursive") || a->kwv[i].type != T_BOOL)
            return LIB_DECLINE;
    value x = a->v[1];
    if (eval_expr_kind(ctx, x) != 1 || val_struct(x)->v[0].type != T_SYMBOL ||
        strcmp(sym_name(ctx, (int)val_struct(x)->v[0].u.i), "macrocall")) {
        *out = val_retain(x);
        return 0;
    }
    arena *ar;
    ast *n;
    int r = tree_of(ctx, x, &ar, &n);
    if (r == 0)
        r = eval_macroexpand(ctx, n, out);
    arena_release(ar);
    return r;
}

/* Meta.show_sexpr(ex): an Expr as a nested tuple of its head and arguments,
 * (:call, :+, :x, 1); a block's arguments one per line. */
static void sexpr_value(jc_ctx *ctx, sb *b, value v, int indent)
{
    int kind = indent > 400 ? 0 : eval_expr_kind(ctx, v);
    if (kind == 1) {
        jc_struct *s = val_struct(v);
        int block = s->v[0].type == T_SYMBOL && !strcmp(sym_name(ctx, (int)s->v[0].u.i), "block");
        jc_array *A = s->v[1].type == T_ARRAY ? val_array(s->v[1]) : NULL;
        int64_t n = A ? A->len : 0;
        sb_putc(b, '(');
        sexpr_value(ctx, b, s->v[0], indent + 2);
        for (int64_t i = 0; i < n; i++) {
            if (block)
                sb_printf(b, ",\n%*s", indent + 2, "");
            else
                sb_puts(b, ", ");
            sexpr_value(ctx, b, A->v[i], indent + 2);
        }
        if (!n)
            sb_puts(b, ",)");
        else if (block)
            sb_printf(b, "\n%*s)", indent, "");
        else
            sb_putc(b, ')');
        return;
    }
    if (kind == 2) {
        sb_printf(b, "(:quote, #QuoteNode\n%*s", indent + 2, "");
        sexpr_value(ctx, b, val_struct(v)->v[0], indent + 2);
        sb_printf(b, "\n%*s)", indent, "");
        return;
    }
    show_value(ctx, b, v, SHOW_REPR, 0);
}

static int bi_show_sexpr(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n != 1)
        return LIB_DECLINE;
    sb b = { 0 };
    sexpr_value(ctx, &b, a->v[0], 0);
    fwrite(b.s ? b.s : "", 1, b.len, ctx->out ? ctx->out : stdout);
    sb_free(&b);
    *out = v_nothing();
    return 0;
}

/* Meta.quot(ex): Expr(:quote, ex). */
static int bi_meta_quot(jc_ctx *ctx, value *out, const jc_args *a)
{
    return form_of(ctx, "quote", 1, (value[]){ val_retain(a->v[0]) }, out);
}

/* Meta.isexpr(ex, head[, n]): ex an Expr whose head is head (a Symbol) or in heads (any
 * collection: in(ex.head, heads)), with n arguments when n is given. */
static int bi_meta_isexpr(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], h = a->v[1];
    if (a->n == 3 && a->v[2].type != T_INT64)
        return LIB_DECLINE;
    if (eval_expr_kind(ctx, x) != 1) {
        *out = v_bool(0);
        return 0;
    }
    jc_struct *s = val_struct(x);
    int yes;
    if (h.type == T_SYMBOL && h.sub == 0)
        yes = s->v[0].type == T_SYMBOL && s->v[0].u.i == h.u.i;
    else {
        value in, args[2] = { s->v[0], h };
        if (eval_call_global(ctx, "in", 2, args, a->site, &in) < 0)
            return -1;
        yes = in.type == T_BOOL && in.u.i;
        val_release(in);
    }
    if (yes && a->n == 3)
        yes = s->v[1].type == T_ARRAY && array_length(s->v[1]) == a->v[2].u.i;
    *out = v_bool(yes);
    return 0;
}

/* ---- builtins ---- */

static int bi_eval(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[a->n - 1];
    if (a->n == 2 && (a->v[0].type != T_SYMBOL || a->v[0].sub != SYM_MODULE))
        return LIB_DECLINE;
    return a->n == 2 ? run_code_in(ctx, NULL, x, &a->v[0], out) : eval_expr_eval(ctx, x, out);
}

static int bi_esc(jc_ctx *ctx, value *out, const jc_args *a)
{
    return form_of(ctx, "escape", 1, (value[]){ val_retain(a->v[0]) }, out);
}

static int bi_gensym(jc_ctx *ctx, value *out, const jc_args *a)
{
    evstate *st = ST(ctx);
    sb b = { 0 };
    if (a->n == 1 && a->v[0].type != T_STRING && a->v[0].type != T_SYMBOL)
        return LIB_DECLINE;
    const char *tag = a->n == 0 ? NULL
                      : a->v[0].type == T_STRING ? val_string(a->v[0])->s
                                                 : sym_name(ctx, (int)a->v[0].u.i);
    if (tag)
        sb_printf(&b, "##%s#%u", tag, ++st->gensyms);
    else
        sb_printf(&b, "##%u", ++st->gensyms);
    *out = symv(sym_intern(ctx, b.s, b.len));
    sb_free(&b);
    return 0;
}

static int bi_meta_parse(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_STRING)
        return LIB_DECLINE;
    return eval_meta_parse(ctx, a->v[0], a->site, out);
}

/* dump(x): the tree of an Expr, as Julia's dump prints it. */
static void dump_value(jc_ctx *ctx, sb *b, value v, int indent)
{
    int kind = indent > 400 ? 0 : eval_expr_kind(ctx, v);
    if (kind == 1) {
        jc_struct *s = val_struct(v);
        sb_puts(b, "Expr\n");
        sb_printf(b, "%*shead: Symbol %s\n", indent + 2, "", s->v[0].type == T_SYMBOL ? sym_name(ctx, (int)s->v[0].u.i) : "?");
        jc_array *A = s->v[1].type == T_ARRAY ? val_array(s->v[1]) : NULL;
        int64_t n = A ? A->len : 0;
        sb_printf(b, "%*sargs: Array{Any}((%lld,))\n", indent + 2, "", (long long)n);
        for (int64_t i = 0; i < n; i++) {
            sb_printf(b, "%*s%lld: ", indent + 4, "", (long long)i + 1);
            dump_value(ctx, b, A->v[i], indent + 4);
        }
        return;
    }
    if (kind == 2) {
        sb_puts(b, "QuoteNode\n");
        sb_printf(b, "%*svalue: ", indent + 2, "");
        dump_value(ctx, b, val_struct(v)->v[0], indent + 2);
        return;
    }
    if (v.type == T_SYMBOL) {
        sb_printf(b, "Symbol %s\n", sym_name(ctx, (int)v.u.i));
        return;
    }
    type_name_of(ctx, b, v);
    sb_putc(b, ' ');
    show_value(ctx, b, v, SHOW_REPR, 0);
    sb_putc(b, '\n');
}

static int bi_dump(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb b = { 0 };
    dump_value(ctx, &b, a->v[0], 0);
    fwrite(b.s ? b.s : "", 1, b.len, ctx->out ? ctx->out : stdout);
    sb_free(&b);
    *out = v_nothing();
    return 0;
}

/* copy(e::Expr): a new Expr whose nested Exprs are copies too; every other argument
 * (a symbol, a literal, a QuoteNode, a spliced array) is shared, as Base's copy_exprs. */
static int copy_expr(jc_ctx *ctx, value e, value *out)
{
    if (eval_stack_check(ctx, NULL) < 0)
        return -1;
    jc_struct *s = val_struct(e);
    value args = s->v[1];
    vlist l = { 0 };
    int64_t n = args.type == T_ARRAY ? array_length(args) : 0;
    for (int64_t i = 0; i < n; i++) {
        value x, c;
        if (array_get_linear(ctx, args, i, &x) < 0) {
            vl_free(&l);
            return -1;
        }
        if (eval_expr_kind(ctx, x) == 1) {
            int r = copy_expr(ctx, x, &c);
            val_release(x);
            if (r < 0) {
                vl_free(&l);
                return -1;
            }
            x = c;
        }
        vl_push(&l, x);
    }
    int r = mk_expr(ctx, (int)s->v[0].u.i, &l, out);
    vl_free(&l);
    return r;
}

static int bi_copy_expr(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (eval_expr_kind(ctx, a->v[0]) != 1)
        return LIB_DECLINE;
    return copy_expr(ctx, a->v[0], out);
}

const builtin lib_meta[] = {
    { "copy", 1, 1, bi_copy_expr, NULL, NULL },
    { "eval", 1, 2, bi_eval, LIB_HELP("eval([m::Module], expr)",
      "Evaluate an expression (an Expr, a Symbol or a value) in the global scope."), NULL },
    { "esc", 1, 1, bi_esc, LIB_HELP("esc(e)",
      "Only valid in the Expr returned from a macro: e is taken as written at the call site."), NULL },
    { "gensym", 0, 1, bi_gensym, LIB_HELP("gensym([tag])",
      "Generate a symbol which will not conflict with other variable names."), NULL },
    { "Meta.parse", 1, 1, bi_meta_parse, LIB_HELP("Meta.parse(str)",
      "Parse the expression string and return an expression (Expr, Symbol or literal)."), NULL },
    { "macroexpand", 2, 2, bi_macroexpand, LIB_HELP("macroexpand(m::Module, x; recursive = true)",
      "The expression the macro call x expands to (as @macroexpand); x itself when it is\n  no macro call."), "recursive" },
    { "Meta.show_sexpr", 1, 1, bi_show_sexpr, LIB_HELP("Meta.show_sexpr(ex)",
      "Print an expression as a nested tuple of heads and arguments: (:call, :+, :x, 1)."), NULL },
    { "Meta.quot", 1, 1, bi_meta_quot, LIB_HELP("Meta.quot(ex)::Expr", "Quote expression ex: Expr(:quote, ex)."), NULL },
    { "Meta.isexpr", 2, 3, bi_meta_isexpr, LIB_HELP("Meta.isexpr(ex, head[, n])::Bool",
      "Whether ex is an Expr with the given head (a Symbol, or one of a collection of\n  them), and with n arguments when n is given."), NULL },
    { "dump", 1, 1, bi_dump, LIB_HELP("dump(x)",
      "Show every part of the representation of a value (the tree of an Expr)."), NULL },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};
