/* eval_cnode.c — the nodes of the closure tree at run time: values, calls,
 * assignment and control flow (eval_cnode.h says what a node is; eval_compile.c makes
 * them). */
#include <stdlib.h>
#include <string.h>

#include "eval_cnode.h"
#include "array.h"
#include "num/num.h"
#include "range.h"

/* ---- the nodes at run time ---- */

int cn_const(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)ctx, (void)fr;
    *out = val_retain(ast_lit(c->n));
    return 0;
}

int cn_nothing(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)ctx, (void)fr, (void)c;
    *out = v_nothing();
    return 0;
}

int cn_symbol(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)ctx, (void)fr;
    value v = { T_SYMBOL, 0, { .i = c->a } };
    *out = v;
    return 0;
}

static int undefined(jc_ctx *ctx, const cnode *c, int sym)
{
    return err_throw(ctx, ERR_UNDEFVAR, c->n, "`%s` not defined", sym_name(ctx, eval_module_plain(ctx, sym)));
}

int cn_slot(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value v = fr->slot[c->a];
    if (is_unassigned(v))
        return undefined(ctx, c, c->b);
    *out = val_retain(v);
    return 0;
}

/* Evaluates k as RUN does, reading a slot or a constant in place (the operands of most
 * arithmetic) without the indirect call. */
static inline int operand(jc_ctx *ctx, cframe *fr, const cnode *k, value *v)
{
    if (k->run == cn_slot) {
        *v = fr->slot[k->a];
        if (is_unassigned(*v))
            return undefined(ctx, k, k->b);
        val_retain(*v);
        return 0;
    }
    if (k->run == cn_const) {
        *v = val_retain(ast_lit(k->n));
        return 0;
    }
    return RUN(k, v);
}

#define OPERAND(c, dst, cleanup) PASS_ON(operand(ctx, fr, (c), &(dst)), dst, cleanup)

/* The global binding of a free name, or NULL when the captured scope may bind it or it
 * is not defined (then eval_lookup answers, with its error). */
static inline const binding *free_global(jc_ctx *ctx, const cframe *fr, int sym)
{
    if ((size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined)
        return NULL;
    if (fr->closure && eval_local_bound(ST(ctx), sym))
        return NULL;
    return &ctx->globals[sym];
}

int cn_free(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    const binding *b = free_global(ctx, fr, c->a);
    if (b) {
        *out = val_retain(b->v);
        return 0;
    }
    return eval_lookup(ctx, fr->closure, c->a, c->n, out);
}

/* A name the body declares global: never a variable of the captured scope. */
int cn_global(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)fr;
    return eval_lookup(ctx, NULL, c->a, c->n, out);
}

int cn_foreign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    if (!fr->fenv)
        fr->fenv = eval_scope_open(fr->closure, fr->function);
    return eval_expr(ctx, fr->fenv, c->n, out);
}

/* Whether fn has a direct path (eval_fast_func without finding it: the compiler finds
 * it for the operators a body names, so the nodes make no call to look). */

/* A foreign node that names locals: the tree walker runs it in a scope holding copies
 * of them, clear[] the (symbol, slot) pairs.  It neither assigns them nor makes a
 * closure that could see the copies later (copy_ok), and an array or other object is
 * shared, not copied, so the copies behave as the variables: [x^2 for x in v],
 * @show n, sum(abs(x - m) for x in v). */
/* A local that closures share (ccode.boxed): a variable of the frame's fenv. */
int cn_boxed(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    return eval_lookup(ctx, fr->fenv, c->a, c->n, out);
}

int cn_foreign_copy(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    struct env *e = eval_scope_open(fr->fenv ? fr->fenv : fr->closure, fr->function);
    for (int i = 0; i < c->nclear; i++)
        eval_scope_define(ctx, e, c->clear[2 * i], val_retain(fr->slot[c->clear[2 * i + 1]]));
    int r = eval_expr(ctx, e, c->n, out);
    eval_scope_drop(ctx, e);
    return r;
}

/* A local function's definition (localdef in eval_compile.c): the tree walker defines
 * it in a scope holding the function so far (slot a, when it holds one: the earlier
 * methods) and copies of the locals it names, clear[] the (symbol, slot) pairs; the
 * scope is the methods' closure, and slot a takes the function. */
int cn_localdef(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    struct env *e = eval_scope_open(fr->fenv ? fr->fenv : fr->closure, fr->function);
    for (int i = 0; i < c->nclear; i++)
        eval_scope_define(ctx, e, c->clear[2 * i], val_retain(fr->slot[c->clear[2 * i + 1]]));
    if (c->a >= 0 && fr->slot[c->a].type == T_FUNCTION)
        eval_scope_define(ctx, e, c->b, val_retain(fr->slot[c->a]));
    int r = eval_expr(ctx, e, c->n, out);
    value *f = r == 0 ? eval_scope_slot(e, c->b) : NULL;
    if (f && c->a >= 0)
        set_slot(ctx, fr, c->a, val_retain(*f));
    else if (f) { /* a shared local (c->a -1): the fenv's variable; a later method's
                   * definition found the function there and added to it */
        value *b = eval_scope_slot(fr->fenv, c->b);
        val_release(*b);
        *b = val_retain(*f);
    }
    eval_scope_drop(ctx, e);
    return r;
}

/* The builtin function with a direct path that callee f (a free name) is bound to, or
 * NULL. */
static inline jc_func *fast_callee(jc_ctx *ctx, const cframe *fr, const cnode *f)
{
    if (f->run != cn_free)
        return NULL;
    const binding *b = free_global(ctx, fr, f->a);
    if (!b || b->v.type != T_FUNCTION)
        return NULL;
    jc_func *fn = val_func(b->v);
    return has_fast_path(fn) ? fn : NULL;
}

/* f(args...): k[0] the callee, k[1..] the arguments (at most CMAXARGS). */

static int call_with(jc_ctx *ctx, value f, int n, value *args, const ast *site, value *out)
{
    jc_args a = { .n = n, .v = args, .site = site };
    int r = eval_call_kw(ctx, f, &a, out);
    return r < 0 ? -1 : 0;
}

/* The method of fn that a call with args certainly selects when fn has one method with
 * neither where variables, varargs nor keywords (most recursions) and no builtin rows,
 * else NULL: the call then needs no dispatch. */
static inline const jc_method *only_method(const evstate *st, const jc_func *fn, int n,
                                           const value *args)
{
    const jc_method *m = fn->methods;
    if (!m || m->next || m->ntvars || m->vararg || m->nkw || m->nparams != n || fn->nrows ||
        eval_too_new(st, m))
        return NULL; /* (a function with builtin rows weighs them against m: eval_call.c;
                      * one too new for the running world, eval_method_select) */
    for (int i = 0; m->ptypes && i < n; i++)
        if (m->ptypes[i] && !type_isa(args[i], m->ptypes[i]))
            return NULL;
    return m;
}

int cn_call(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value f, args[CMAXARGS];
    int n = c->nk - 1;
    CHILD(c->k[0], f, (void)0);
    for (int i = 0; i < n; i++)
        OPERAND(c->k[i + 1], args[i], (drop_n(ctx, args, i), val_release(f)));
    int r = 0;
    const jc_method *m;
    if (f.type == T_FUNCTION && (m = only_method(ST(ctx), val_func(f), n, args)))
        r = eval_call_method(ctx, m, val_func(f)->name, n, args, c->n, out) < 0 ? -1 : 0;
    else if (!(n == 2 && f.type == T_FUNCTION && eval_fast_func(ctx, val_func(f)) &&
               eval_fast_binop(val_func(f)->fast, args[0], args[1], out)))
        r = call_with(ctx, f, n, args, c->n, out);
    drop_n(ctx, args, n);
    val_release(f);
    return r;
}

/* f(a, k = b, xs..., ...) or f.(a, ...): k[0] the callee, k[1..] the arguments in
 * source order, clear[i] the keyword of k[i + 1], or -1 for a positional argument, -2
 * for a splat, -3 for a keyword splat (f(; nt...)), -4 for a keyword pair (f(; :k => v));
 * b 1 for a broadcast (ev_call's general path). */
int cn_callkw(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value f;
    evargs ea;
    CHILD(c->k[0], f, (void)0);
    eval_args_init(&ea, c->nk - 1);
    for (int i = 0; i + 1 < c->nk; i++) {
        int sym = c->clear[i];
        value x;
        CHILD(c->k[i + 1], x, (eval_args_free(ctx, &ea), val_release(f)));
        if (sym >= 0)
            eval_args_push_kw(&ea, sym, x);
        else if (sym == -1) {
            eval_args_grow(&ea);
            ea.v[ea.n++] = x;
        } else if (sym == -4) { /* f(; :k => v) */
            int r = eval_args_kwpair(ctx, &ea, x, c->k[i + 1]->n);
            val_release(x);
            if (r < 0) {
                eval_args_free(ctx, &ea);
                val_release(f);
                return -1;
            }
        } else if ((sym == -3 ? eval_args_kwsplat : eval_args_splat)(ctx, &ea, x, c->k[i + 1]->n) < 0) {
            eval_args_free(ctx, &ea);
            val_release(f);
            return -1;
        }
    }
    jc_args a = { .n = ea.n, .v = ea.v, .nkw = ea.nkw, .kw = ea.kw, .kwv = ea.kwv, .site = c->n };
    int r = c->b ? array_broadcast(ctx, f, &a, out) : eval_call_kw(ctx, f, &a, out);
    eval_args_free(ctx, &ea);
    val_release(f);
    return r < 0 ? -1 : 0;
}

/* The values of all kids into v[0..nk): 0, or (nothing left in v) the first outcome
 * other than a value, a `return`'s value in *out */
static int run_kids(jc_ctx *ctx, cframe *fr, const cnode *c, value *v, value *out)
{
    for (int i = 0; i < c->nk; i++) {
        value x; /* not into v: a `return` value must outlive the caller's buffer */
        CHILD(c->k[i], x, drop_n(ctx, v, i));
        v[i] = x;
    }
    return 0;
}

/* T{P, ...}: k[0] T, k[1..] the parameters */
int cn_curly(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value v[CMAXARGS];
    int rk = run_kids(ctx, fr, c, v, out);
    if (rk != 0)
        return rk;
    int r = eval_apply_type(ctx, out, c->nk, v, c->n);
    drop_n(ctx, v, c->nk);
    return r;
}

/* op(x, y) with op a free name: no reference taken to a builtin operator, and the
 * direct path when it has one. */
int cn_op2(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    jc_func *fn = fast_callee(ctx, fr, c->k[0]);
    if (!fn)
        return cn_call(ctx, fr, c, out);
    value args[2];
    OPERAND(c->k[1], args[0], (void)0);
    OPERAND(c->k[2], args[1], drop(ctx, args[0]));
    if (has_fast_path(fn) && eval_fast_binop(fn->fast, args[0], args[1], out))
        return 0; /* numbers: nothing to release */
    value f = v_obj(T_FUNCTION, 0, &fn->h);
    int r = call_with(ctx, f, 2, args, c->n, out);
    drop(ctx, args[0]);
    drop(ctx, args[1]);
    return r;
}

/* A slot or a constant holding an Int64 or a Float64, read without a reference (the
 * operands of the specialised nodes below): 0 when it holds anything else. */
static inline int peek_num(const cframe *fr, const cnode *k, value *v)
{
    *v = k->run == cn_slot ? fr->slot[k->a] : ast_lit(k->n);
    return v->type == T_INT64 || v->type == T_FLOAT64;
}

/* op(x, y) with x and y slots or constants: when both hold numbers and op is a builtin
 * with a direct path, the result without any call; cn_op2 otherwise (reading a slot or a
 * constant does nothing else, so the order of evaluation is unchanged). */
int cn_op2_sc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value x, y;
    jc_func *fn;
    if (peek_num(fr, c->k[1], &x) && peek_num(fr, c->k[2], &y) &&
        (fn = fast_callee(ctx, fr, c->k[0])) && eval_fast_binop(fn->fast, x, y, out))
        return 0;
    return cn_op2(ctx, fr, c, out);
}

/* x^p with p a literal: k[0] the general call, k[1] x, a the exponent (ev_call's case) */
int cn_powlit(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    int sym = ST(ctx)->sym_pow;
    if ((size_t)sym < ctx->nglobals && ctx->globals[sym].defined &&
        ctx->globals[sym].v.type == T_FUNCTION && val_func(ctx->globals[sym].v)->methods)
        return RUN(c->k[0], out);
    value base;
    CHILD(c->k[1], base, (void)0);
    int64_t p = 0;
    eval_literal_exponent(c->n->kids[2], &p, ctx);
    int r;
    if (!num_is_number(base)) {
        value args[2] = { base, v_int(p) };
        r = eval_call_named(ctx, sym, 2, args, c->n, out);
    } else
        r = num_literal_pow(ctx, out, base, p);
    val_release(base);
    if (r < 0)
        err_locate(ctx, c->n);
    return r < 0 ? -1 : 0;
}

int cn_juxt(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value args[2];
    CHILD(c->k[0], args[0], (void)0);
    CHILD(c->k[1], args[1], val_release(args[0]));
    int r = eval_call_named(ctx, ST(ctx)->sym_mul, 2, args, c->n, out);
    val_release(args[0]);
    val_release(args[1]);
    return r;
}

int cn_tuple(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value t = v_tuple_new((size_t)c->nk);
    jc_tuple *tp = val_tuple(t);
    for (int i = 0; i < c->nk; i++) {
        value x; /* not into the tuple: a `return` value must outlive it */
        CHILD(c->k[i], x, (tp->n = (size_t)i, drop(ctx, t)));
        tp->v[i] = x;
    }
    *out = t;
    return 0;
}

/* [a, b, c]: the elements k, as one vector of their promoted type */
int cn_vect(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value *v = xmalloc((size_t)(c->nk ? c->nk : 1) * sizeof *v);
    int rk = run_kids(ctx, fr, c, v, out);
    if (rk != 0) {
        free(v);
        return rk;
    }
    return array_vect_of(ctx, v, c->nk, c->n, out);
}

/* [a b] (a = 2) and [a; b] (a = 1): the parts k concatenated along dimension a */
int cn_cat(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value *v = xmalloc((size_t)c->nk * sizeof *v);
    int rk = run_kids(ctx, fr, c, v, out);
    if (rk != 0) {
        free(v);
        return rk;
    }
    int r = array_cat(ctx, c->a, v, c->nk, NULL, c->n, out);
    drop_n(ctx, v, c->nk);
    free(v);
    return r < 0 ? -1 : 0;
}

/* (a = 1, b; c = x.c): the field values k, the names those of c->n's items */
int cn_namedtuple(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    const ast *items[NT_MAX], *val;
    eval_named_tuple_items(c->n, items, NT_MAX);
    jc_namedtuple *t = obj_new(T_NAMEDTUPLE, sizeof *t + (size_t)c->nk * sizeof(value));
    t->names = xmalloc((size_t)(c->nk ? c->nk : 1) * sizeof *t->names);
    value nt = v_obj(T_NAMEDTUPLE, 0, &t->h);
    for (int i = 0; i < c->nk; i++) {
        value x;
        CHILD(c->k[i], x, drop(ctx, nt));
        t->v[i] = x;
        t->names[i] = eval_named_tuple_item(items[i], &val);
        t->n = (size_t)i + 1;
    }
    *out = nt;
    return 0;
}

/* (; a = 1, nt..., :k => v): each item's value k added as its part says, in order */
int cn_namedtuple_merge(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    const ast *items[NT_MAX], *val;
    eval_named_tuple_items(c->n, items, NT_MAX);
    evargs ea;
    eval_args_init(&ea, 0);
    for (int i = 0; i < c->nk; i++) {
        value x;
        CHILD(c->k[i], x, eval_args_free(ctx, &ea));
        if (eval_named_tuple_add(ctx, &ea, items[i], eval_named_tuple_part(ctx, items[i], &val), x) < 0) {
            eval_args_free(ctx, &ea);
            return -1;
        }
    }
    *out = eval_named_tuple_merged(&ea);
    eval_args_free(ctx, &ea);
    return 0;
}

/* the index arguments k[from..] of a[i, j], each evaluated with `begin` and `end`
 * meaning a's (eval_index_args) */
static int index_args(jc_ctx *ctx, cframe *fr, const cnode *c, int from, value coll, value *args,
                      value *out)
{
    evstate *st = ST(ctx);
    int nd = c->nk - from;
    if (st->nix >= 64)
        return err_throw(ctx, ERR_STACK, c->n, "%s", "");
    for (int i = 0; i < nd; i++) {
        st->ix[st->nix].coll = coll;
        st->ix[st->nix].dim = i + 1;
        st->ix[st->nix].ndims = nd;
        st->nix++;
        int r = RUN(c->k[from + i], &args[i]);
        st->nix--;
        if (r != 0) {
            val_release_n(args, i);
            if (r == EV_RETURN)
                *out = args[i];
            return r;
        }
    }
    return 0;
}

/* The 0-based position of a[i] when a is a dense array, i an Int64 within it and the
 * function named sym (getindex or setindex!) has no user method: the element is then
 * read or stored directly, as the builtin row would; -1 otherwise. */
static inline int64_t dense_index(jc_ctx *ctx, int sym, value a, value i)
{
    if (a.type != T_ARRAY || i.type != T_INT64)
        return -1;
    const jc_array *A = val_array(a);
    if (A->kind != ARR_DENSE || i.u.i < 1 || i.u.i > A->len)
        return -1;
    const binding *b = (size_t)sym < ctx->nglobals ? &ctx->globals[sym] : NULL;
    if (!b || !b->defined || b->v.type != T_FUNCTION || val_func(b->v)->methods)
        return -1;
    return i.u.i - 1;
}

/* getindex(a, i...) (ix[0] a), an element of a dense array directly */
static int get_index(jc_ctx *ctx, int n, value *ix, const ast *site, value *out)
{
    int64_t k = n == 2 ? dense_index(ctx, ST(ctx)->sym_getindex, ix[0], ix[1]) : -1;
    if (k >= 0 && !arr_is_undef(val_array(ix[0])->v[k])) {
        *out = val_retain(val_array(ix[0])->v[k]);
        return 0;
    }
    return eval_call_named(ctx, ST(ctx)->sym_getindex, n, ix, site, out);
}

/* setindex!(a, v, i...) (ix[0] a, ix[1..nix] the indices; all released with v), an
 * element of a dense array directly (converted to the element type, as setindex! does) */
static int put_index(jc_ctx *ctx, value *ix, int nix, value v, const ast *site)
{
    int64_t k = nix == 1 ? dense_index(ctx, ST(ctx)->sym_setindex, ix[0], ix[1]) : -1;
    if (k < 0)
        return eval_store_index(ctx, ix, nix, v, site);
    int r = array_set(ctx, ix[0], k, v, site);
    val_release(v);
    val_release_n(ix, 2);
    return r;
}

/* a[i, j]: k[0] a, k[1..] the indices */
int cn_ref(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value args[34];
    CHILD(c->k[0], args[0], (void)0);
    int r = index_args(ctx, fr, c, 1, args[0], args + 1, out);
    if (r != 0) {
        val_release(args[0]);
        return r;
    }
    r = get_index(ctx, c->nk, args, c->n, out);
    val_release_n(args, c->nk);
    return r;
}

/* ---- assignment (the target nodes: eval_cnode.h) ---- */

static int store_other(jc_ctx *ctx, cframe *fr, const cnode *t, value v /* owned */);

/* a, b = v: eval_destructure, with each part stored through the target nodes */
typedef struct dest { cframe *fr; const cnode *t; } dest;

static int store_part(jc_ctx *ctx, void *scope, const ast *target, value v /* owned */)
{
    dest *d = scope;
    for (int i = 0; i < d->t->nk; i++)
        if (d->t->k[i]->n == target)
            return store_other(ctx, d->fr, d->t->k[i], v);
    val_release(v);
    return err_throw(ctx, ERR_SYNTAX, target, "invalid assignment location");
}

static int store_other(jc_ctx *ctx, cframe *fr, const cnode *t, value v /* owned */)
{
    if (t->a == T_SLOT) {
        set_slot(ctx, fr, t->b, v);
        return 0;
    }
    if (t->a == T_TSLOT) { /* a local declared x::T (k[0]): convert(T, v) */
        value ty; /* a type holds no control flow */
        if (RUN(t->k[0], &ty) != 0) {
            val_release(v);
            return -1;
        }
        int r = eval_convert_to(ctx, ty, &v, t->n);
        val_release(ty);
        if (r < 0)
            return -1;
        set_slot(ctx, fr, t->b, v);
        return 0;
    }
    if (t->a == T_PARTS) {
        dest d = { fr, t };
        int r = eval_destructure(ctx, &d, t->n, v, store_part);
        val_release(v);
        return r;
    }
    if (t->a == T_OUTER) /* a variable of the scope a closure captured */
        return eval_assign_to(ctx, fr->closure, t->n, v);
    if (t->a == T_BOX) /* a local that closures share */
        return eval_assign_to(ctx, fr->fenv, t->n, v);
    if (t->a == T_FIELD) { /* p.x = v: k[0] the object, b the field's name */
        value x; /* an object expression holds no control flow */
        if (RUN(t->k[0], &x) != 0) {
            val_release(v);
            return -1;
        }
        int r = eval_setfield(ctx, x, sym_name(ctx, t->b), v, t->n);
        val_release(x);
        val_release(v);
        return r;
    }
    if (t->a == T_GLOBAL) {
        int sym = t->n->sym;
        if ((size_t)sym < ctx->nglobals && ctx->globals[sym].defined &&
            !ctx->globals[sym].constant && !ST(ctx)->any_typed) {
            /* an existing global that is neither a constant nor declared x::T */
            eval_set_global(ctx, sym, v);
            return 0;
        }
        return eval_assign_to(ctx, NULL, t->n, v);
    }
    value ix[34], out; /* the target holds no control flow: out is not used */
    if (RUN(t->k[0], &ix[0]) != 0) {
        val_release(v);
        return -1;
    }
    if (index_args(ctx, fr, t, 1, ix[0], ix + 1, &out) != 0) {
        val_release(ix[0]);
        val_release(v);
        return -1;
    }
    return put_index(ctx, ix, t->nk - 1, v, t->n);
}

/* store_other with a local's store inline */
static inline int store(jc_ctx *ctx, cframe *fr, const cnode *t, value v /* owned */)
{
    if (t->a != T_SLOT)
        return store_other(ctx, fr, t, v);
    set_slot(ctx, fr, t->b, v);
    return 0;
}

/* target = k[1]: k[0] the target */
int cn_assign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value v;
    CHILD(c->k[1], v, (void)0);
    *out = val_retain(v);
    if (store(ctx, fr, c->k[0], v) < 0) {
        val_release(*out);
        return -1;
    }
    return 0;
}

/* op(args[0], args[1]) for an operator node f (a name, mostly): the direct path when f
 * is bound to a builtin that has one, else f evaluated and called.  0 with *res, -1,
 * or the code of a control flow in f's expression (*out set for a return); the
 * arguments stay the caller's. */
static int binary(jc_ctx *ctx, cframe *fr, const cnode *f, value *args, const ast *site,
                  value *res, value *out)
{
    jc_func *fn = fast_callee(ctx, fr, f);
    if (fn && eval_fast_binop(fn->fast, args[0], args[1], res))
        return 0;
    value fv;
    int r = RUN(f, &fv);
    if (r != 0) {
        if (r == EV_RETURN)
            *out = fv;
        return r;
    }
    r = call_with(ctx, fv, 2, args, site, res);
    val_release(fv);
    return r;
}

/* x op= y: k[0] x read, k[1] y, k[2] op, k[3] the target (ev_opassign's order) */
int cn_opassign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value args[2], res;
    OPERAND(c->k[0], args[0], (void)0);
    OPERAND(c->k[1], args[1], val_release(args[0]));
    jc_func *fn = fast_callee(ctx, fr, c->k[2]);
    if (fn && eval_fast_binop(fn->fast, args[0], args[1], &res)) {
        /* binary's direct path, taken here because the operands and the result are then
         * numbers: nothing to retain or release (s += v[i] in a loop) */
        *out = res;
        return store(ctx, fr, c->k[3], res);
    }
    int r = binary(ctx, fr, c->k[2], args, c->n, &res, out);
    val_release(args[0]);
    val_release(args[1]);
    if (r != 0)
        return r;
    *out = val_retain(res);
    if (store(ctx, fr, c->k[3], res) < 0) {
        val_release(*out);
        return -1;
    }
    return 0;
}

/* x op= y with x a local and y a slot or a constant: as cn_op2_sc */
int cn_opassign_sc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value *x = &fr->slot[c->k[3]->b], y, res;
    jc_func *fn;
    if ((x->type == T_INT64 || x->type == T_FLOAT64) && peek_num(fr, c->k[1], &y) &&
        (fn = fast_callee(ctx, fr, c->k[2])) && eval_fast_binop(fn->fast, *x, y, &res)) {
        *x = res;
        *out = res;
        return 0;
    }
    return cn_opassign(ctx, fr, c, out);
}

/* x op= y with x a global that is neither a constant nor typed (a top-level loop's
 * accumulator) and y a slot or a constant: as cn_opassign_sc */
int cn_opassign_gc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    const binding *b = free_global(ctx, fr, c->k[0]->a);
    value y, res;
    jc_func *fn;
    if (b && !b->constant && !ST(ctx)->any_typed &&
        (b->v.type == T_INT64 || b->v.type == T_FLOAT64) && peek_num(fr, c->k[1], &y) &&
        (fn = fast_callee(ctx, fr, c->k[2])) && eval_fast_binop(fn->fast, b->v, y, &res)) {
        ((binding *)b)->v = res;
        *out = res;
        return 0;
    }
    return cn_opassign(ctx, fr, c, out);
}

/* a[i] op= y: a and i evaluated once (k[3] the target: k[0] a, k[1..] i), then
 * getindex, y (k[1]), op (k[2]) and setindex!, as ev_opassign */
int cn_opassign_index(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    const cnode *t = c->k[3];
    int nix = t->nk - 1;
    value ix[34], args[2], res;
    CHILD(t->k[0], ix[0], (void)0);
    int r = index_args(ctx, fr, t, 1, ix[0], ix + 1, out);
    if (r != 0) {
        val_release(ix[0]);
        return r;
    }
    if (get_index(ctx, nix + 1, ix, t->n, &args[0]) < 0) {
        val_release_n(ix, nix + 1);
        return -1;
    }
    CHILD(c->k[1], args[1], (val_release(args[0]), val_release_n(ix, nix + 1)));
    r = binary(ctx, fr, c->k[2], args, c->n, &res, out);
    val_release(args[0]);
    val_release(args[1]);
    if (r != 0) {
        val_release_n(ix, nix + 1);
        return r;
    }
    *out = val_retain(res);
    if (put_index(ctx, ix, nix, res, t->n) < 0) {
        val_release(*out);
        return -1;
    }
    return 0;
}

/* ---- control flow ---- */

int cn_block(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    int last = c->nk - 1;
    for (int i = 0; i < last; i++) {
        value v;
        int r = RUN(c->k[i], &v);
        if (r != 0) {
            if (r == EV_RETURN)
                *out = v;
            return r;
        }
        drop(ctx, v);
    }
    return RUN(c->k[last], out);
}

/* The truth of condition c, written as the node site (parentheses kept: the site of
 * its TypeError, as the tree walker's). */
static int truth_of(jc_ctx *ctx, cframe *fr, const cnode *c, const ast *site, int *truth,
                    value *out)
{
    value v;
    CHILD(c, v, (void)0);
    if (v.type == T_BOOL) {
        *truth = (int)v.u.i;
        return 0;
    }
    int r = eval_truthy(ctx, v, site, truth);
    val_release(v);
    return r;
}

/* if / ternary / elseif: k[0] the condition, k[1] then, k[2] else (or none) */
int cn_if(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    int t, r = truth_of(ctx, fr, c->k[0], c->n->kids[0], &t, out);
    if (r != 0)
        return r;
    if (t)
        return RUN(c->k[1], out);
    if (c->nk > 2)
        return RUN(c->k[2], out);
    *out = v_nothing();
    return 0;
}

/* && (a 0) and || (a 1) */
int cn_andor(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    int t, r = truth_of(ctx, fr, c->k[0], c->n->kids[0], &t, out);
    if (r != 0)
        return r;
    if (t == c->a) {
        *out = v_bool(t);
        return 0;
    }
    return RUN(c->k[1], out);
}

/* try/catch/else/finally: eval_try_run decides what runs when; each clause is a node
 * that clears its scope's slots (c->clear), binds the catch variable (slot c->a, or -1)
 * and runs its block (k[0]). */
typedef struct ctry {
    cframe *fr;
    const cnode *c;
} ctry;

static int r_try_clause(jc_ctx *ctx, void *st, int which, value exc, value *out)
{
    ctry *t = st;
    cframe *fr = t->fr;
    const cnode *k = t->c->k[which];
    for (int i = 0; i < k->nclear; i++)
        set_slot(ctx, fr, k->clear[i], v_unassigned());
    if (which == TRY_CATCH && k->a >= 0)
        set_slot(ctx, fr, k->a, val_retain(exc));
    return RUN(k->k[0], out);
}

int cn_try(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    ctry t = { fr, c };
    return eval_try_run(ctx, c->n, r_try_clause, &t, out);
}

/* let: its slots unassigned (c->clear), its bindings k[0 .. nk-2] run in order, then
 * its body k[nk-1]. */
int cn_let(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    for (int i = 0; i < c->nclear; i++)
        set_slot(ctx, fr, c->clear[i], v_unassigned());
    int last = c->nk - 1;
    for (int i = 0; i < last; i++) {
        value v;
        CHILD(c->k[i], v, (void)0);
        drop(ctx, v);
    }
    return RUN(c->k[last], out);
}

/* x::T in a value position (Julia's typeassert). */
int cn_typeassert(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value v, t;
    CHILD(c->k[0], v, (void)0);
    CHILD(c->k[1], t, drop(ctx, v));
    int r = eval_typeassert(ctx, v, t, c->n);
    drop(ctx, t);
    if (r < 0) {
        drop(ctx, v);
        return -1;
    }
    *out = v;
    return 0;
}

static void clear_slots(jc_ctx *ctx, cframe *fr, const cnode *c)
{
    for (int i = 0; i < c->nclear; i++)
        set_slot(ctx, fr, c->clear[i], v_unassigned());
}

/* The outcome r of one run of a loop's body (value v): 1 to go on, else the loop ends
 * with *result; inner for a level of a `for` with several iterators but the first. */
static inline int loop_next(jc_ctx *ctx, int r, value v, value *out, int *result, int inner)
{
    if (r == 0) {
        drop(ctx, v);
        eval_gc_safepoint(ctx);
        return 1;
    }
    if (r == EV_CONTINUE) {
        eval_gc_safepoint(ctx);
        return 1;
    }
    if (r == EV_BREAK) {
        *result = inner ? EV_BREAK : 0; /* an inner level of for i in a, j in b passes it on */
        return 0;
    }
    if (r == EV_RETURN)
        *out = v;
    *result = r;
    (void)ctx;
    return 0;
}

/* while k[0] k[1] end */
int cn_while(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    int result = 0;
    for (;;) {
        int t;
        if (ctx_poll(ctx) < 0) {
            result = -1;
            break;
        }
        int r = truth_of(ctx, fr, c->k[0], c->n->kids[0], &t, out);
        if (r != 0) {
            result = r;
            break;
        }
        if (!t)
            break;
        clear_slots(ctx, fr, c);
        value v;
        r = RUN(c->k[1], &v);
        if (!loop_next(ctx, r, v, out, &result, 0))
            break;
    }
    clear_slots(ctx, fr, c);
    if (result == 0)
        *out = v_nothing();
    return result;
}

/* Sets the variable of a `for` to x (owned): the slot a, or the parts of k[2], a
 * destructuring target (for (k, v) in d). */
static inline int set_var(jc_ctx *ctx, cframe *fr, const cnode *c, value x)
{
    if (c->a < 0)
        return store_other(ctx, fr, c->k[2], x);
    set_slot(ctx, fr, c->a, x);
    return 0;
}

/* The body of the last level of for i in a, j in b: the outer levels' variables
 * copied into the body's own slots (clear: pairs from, to) at every run, as Julia binds
 * each afresh (an assignment to i in the body does not reach the next j), then k[0]. */
int cn_copyin(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    for (int i = 0; i + 1 < c->nclear; i += 2)
        set_slot(ctx, fr, c->clear[i + 1], val_retain(fr->slot[c->clear[i]]));
    return RUN(c->k[0], out);
}

/* for x in k[0]; k[1] end: x the slot a, or (a < 0) the target k[2]; the node is the
 * A_FOR, or the level's A_ITER in a `for` with several (b 1 but for the first) */
int cn_for(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value coll;
    CHILD(c->k[0], coll, (void)0);
    int result = 0;
    jc_range *rg = coll.type == T_RANGE ? val_range(coll) : NULL;
    if (rg && rg->kind == RANGE_UNIT && rg->start.type == T_INT64 && rg->stop.type == T_INT64) {
        /* an Int64 UnitRange counts in C */
        for (int64_t i = rg->start.u.i, last = rg->stop.u.i; rg->len > 0; i++) {
            if (ctx_poll(ctx) < 0) {
                result = -1;
                break;
            }
            if (c->nclear)
                clear_slots(ctx, fr, c);
            if (set_var(ctx, fr, c, v_int(i)) < 0) {
                result = -1;
                break;
            }
            value v;
            int r = RUN(c->k[1], &v);
            if (!loop_next(ctx, r, v, out, &result, c->b & 1) || i == last)
                break;
        }
    } else {
        jc_iter it;
        const ast *spec = c->n->kind == A_ITER ? c->n : c->n->kids[0];
        if (eval_iter_init_proto(ctx, &it, coll, spec->kids[1]) < 0) {
            val_release(coll);
            return -1;
        }
        for (;;) {
            value x;
            int r = eval_iter_step(ctx, &it, &x);
            if (r <= 0) {
                result = r;
                break;
            }
            if (c->nclear)
                clear_slots(ctx, fr, c);
            if (set_var(ctx, fr, c, x) < 0) {
                result = -1;
                break;
            }
            value v;
            r = RUN(c->k[1], &v);
            if (!loop_next(ctx, r, v, out, &result, c->b & 1))
                break;
        }
        eval_iter_done(&it);
    }
    clear_slots(ctx, fr, c);
    if (c->a >= 0 && !(c->b & 2)) /* for outer i keeps the enclosing i's last value */
        set_slot(ctx, fr, c->a, v_unassigned());
    val_release(coll);
    if (result == 0)
        *out = v_nothing();
    return result;
}

int cn_return(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    if (!c->nk) {
        *out = v_nothing();
        return EV_RETURN;
    }
    int r = RUN(c->k[0], out);
    return r == 0 ? EV_RETURN : r;
}

int cn_break(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)ctx, (void)fr, (void)out;
    return c->a;
}

/* a < b <= c: k[0] a, then pairs (operator, operand) (ev_comparison) */
int cn_comparison(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value left;
    OPERAND(c->k[0], left, (void)0);
    for (int i = 1; i + 1 < c->nk; i += 2) {
        value right, res;
        OPERAND(c->k[i + 1], right, val_release(left));
        value args[2] = { left, right };
        int r = binary(ctx, fr, c->k[i], args, c->n, &res, out);
        val_release(left);
        if (r != 0) {
            val_release(right);
            return r;
        }
        int end = eval_chain_link(ctx, res, right, i + 2 >= c->nk, c->n, out, &left);
        if (end)
            return end < 0 ? -1 : 0;
    }
    *out = left;
    return 0;
}

int cn_string(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    sb s = { 0 };
    for (int i = 0; i < c->nk; i++) {
        value v;
        CHILD(c->k[i], v, sb_free(&s));
        if (eval_string_piece(ctx, &s, v, c->n) < 0)
            return -1;
    }
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

/* x.f, f the symbol a */
int cn_dot(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value obj;
    CHILD(c->k[0], obj, (void)0);
    int r = eval_getfield(ctx, out, obj, sym_name(ctx, c->a), c->n);
    val_release(obj);
    return r;
}

