/* eval_compile.c — method bodies and top-level loops compiled to a closure tree.
 *
 * The tree walker (eval.c) finds every name by symbol in a chain of heap scopes.  Here a
 * body is translated once, at its method's first call (a top-level `for` or `while` each
 * time it runs), into a tree of nodes that each carry the C function that runs them:
 * - a local variable is resolved once, by Julia's scope rules, to a slot of a frame that
 *   lives on the C stack; a loop's body clears its own slots at every run, so each run
 *   binds afresh, as Julia's;
 * - a name no scope of the body binds is read from the globals (through the method's
 *   captured scope first, for a closure);
 * - a call of a builtin operator on two Int64 or Float64 values takes the direct path
 *   (eval_fast_binop) without an argument array or dispatch;
 * - a `for` over an Int64 UnitRange counts in a C integer.
 * Control flow (return, break, continue) is the return code of a node, as in the tree
 * walker's statements, so it needs no error in value positions.
 *
 * Only a subset is compiled, and only whole: a body that holds anything outside it (a
 * closure over a local, `try`, `let`, destructuring, a typed local, keyword arguments
 * ...) runs in the tree walker, unchanged.  A subexpression that names no local of the
 * body (a lambda over its own parameters, a macro call, a comprehension over globals)
 * is "foreign": the tree walker evaluates it in an empty scope under the method's.
 * Errors are raised by the same functions at the same nodes, so their texts and
 * positions are the tree walker's. */
#include <stdlib.h>
#include <string.h>

#include "eval_impl.h"
#include "array.h"
#include "num/num.h"
#include "range.h"

typedef struct cnode cnode;

typedef struct cframe {
    value *slot;
    struct env *closure;   /* the method's captured scope: free names are read there */
    struct env *fenv;      /* the scope foreign nodes run in, made at the first */
    int function;          /* a method's body (hard scope), else a top-level loop */
} cframe;

typedef int (*crun)(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);

struct cnode {
    crun run;
    const ast *n;          /* the node: the site of its errors */
    int a, b;              /* a slot, a symbol, a kind (by node) */
    int nk;
    cnode **k;
    int nclear;            /* a loop: its body's slots, unassigned at every run */
    int *clear;
    cnode *next;           /* every node of a code, for freeing */
};

struct ccode {
    cnode *root;
    int nslots;
    cnode *nodes;
};

#define RUN(c, o) ((c)->run(ctx, fr, (c), (o)))

/* evaluates child c into dst (call: the evaluation); any other outcome than a value is
 * passed on after cleanup (a `return` with its value) */
#define PASS_ON(call, dst, cleanup)            \
    do {                                       \
        int r_ = (call);                       \
        if (r_ != 0) {                         \
            cleanup;                           \
            if (r_ == EV_RETURN)               \
                *out = (dst);                  \
            return r_;                         \
        }                                      \
    } while (0)
#define CHILD(c, dst, cleanup) PASS_ON(RUN((c), &(dst)), dst, cleanup)

static inline void drop(jc_ctx *ctx, value v)
{
    if (val_kind_is(v.type, VK_HEAP))
        eval_release(ctx, v);
}

static void drop_n(jc_ctx *ctx, value *v, int n)
{
    for (int i = 0; i < n; i++)
        drop(ctx, v[i]);
}

/* Puts v (owned) in slot k, letting go of what it held. */
static inline void set_slot(jc_ctx *ctx, cframe *fr, int k, value v)
{
    value old = fr->slot[k];
    fr->slot[k] = v;
    drop(ctx, old);
}

/* ---- the nodes at run time ---- */

static int r_const(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)ctx, (void)fr;
    *out = val_retain(ast_lit(c->n));
    return 0;
}

static int r_nothing(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)ctx, (void)fr, (void)c;
    *out = v_nothing();
    return 0;
}

static int r_symbol(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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

static int r_slot(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
    if (k->run == r_slot) {
        *v = fr->slot[k->a];
        if (is_unassigned(*v))
            return undefined(ctx, k, k->b);
        val_retain(*v);
        return 0;
    }
    if (k->run == r_const) {
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

static int r_free(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    const binding *b = free_global(ctx, fr, c->a);
    if (b) {
        *out = val_retain(b->v);
        return 0;
    }
    return eval_lookup(ctx, fr->closure, c->a, c->n, out);
}

/* A name the body declares global: never a variable of the captured scope. */
static int r_global(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)fr;
    return eval_lookup(ctx, NULL, c->a, c->n, out);
}

static int r_foreign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    if (!fr->fenv)
        fr->fenv = eval_scope_open(fr->closure, fr->function);
    return eval_expr(ctx, fr->fenv, c->n, out);
}

/* Whether fn has a direct path (eval_fast_func without finding it: the compiler finds
 * it for the operators a body names, so the nodes make no call to look). */
static inline int has_fast_path(const jc_func *fn)
{
    return fn->fast > FAST_NONE && !fn->methods;
}

/* A foreign node that names locals: the tree walker runs it in a scope holding copies
 * of them, clear[] the (symbol, slot) pairs.  It neither assigns them nor makes a
 * closure that could see the copies later (copy_ok), and an array or other object is
 * shared, not copied, so the copies behave as the variables: [x^2 for x in v],
 * @show n, sum(abs(x - m) for x in v). */
static int r_foreign_copy(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    struct env *e = eval_scope_open(fr->closure, fr->function);
    for (int i = 0; i < c->nclear; i++)
        eval_scope_define(ctx, e, c->clear[2 * i], val_retain(fr->slot[c->clear[2 * i + 1]]));
    int r = eval_expr(ctx, e, c->n, out);
    eval_scope_drop(ctx, e);
    return r;
}

/* The builtin function with a direct path that callee f (a free name) is bound to, or
 * NULL. */
static inline jc_func *fast_callee(jc_ctx *ctx, const cframe *fr, const cnode *f)
{
    if (f->run != r_free)
        return NULL;
    const binding *b = free_global(ctx, fr, f->a);
    if (!b || b->v.type != T_FUNCTION)
        return NULL;
    jc_func *fn = val_func(b->v);
    return has_fast_path(fn) ? fn : NULL;
}

/* f(args...): k[0] the callee, k[1..] the arguments (at most CMAXARGS). */
enum { CMAXARGS = 16 };

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

static int r_call(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
 * for a splat; b 1 for a broadcast (ev_call's general path). */
static int r_callkw(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
        } else if (eval_args_splat(ctx, &ea, x, c->k[i + 1]->n) < 0) {
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

/* T{P, ...}: k[0] T, k[1..] the parameters */
static int r_curly(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value v[CMAXARGS];
    for (int i = 0; i < c->nk; i++)
        CHILD(c->k[i], v[i], drop_n(ctx, v, i));
    int r = eval_apply_type(ctx, out, c->nk, v, c->n);
    drop_n(ctx, v, c->nk);
    return r;
}

/* op(x, y) with op a free name: no reference taken to a builtin operator, and the
 * direct path when it has one. */
static int r_op2(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    jc_func *fn = fast_callee(ctx, fr, c->k[0]);
    if (!fn)
        return r_call(ctx, fr, c, out);
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
    *v = k->run == r_slot ? fr->slot[k->a] : ast_lit(k->n);
    return v->type == T_INT64 || v->type == T_FLOAT64;
}

/* op(x, y) with x and y slots or constants: when both hold numbers and op is a builtin
 * with a direct path, the result without any call; r_op2 otherwise (reading a slot or a
 * constant does nothing else, so the order of evaluation is unchanged). */
static int r_op2_sc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value x, y;
    jc_func *fn;
    if (peek_num(fr, c->k[1], &x) && peek_num(fr, c->k[2], &y) &&
        (fn = fast_callee(ctx, fr, c->k[0])) && eval_fast_binop(fn->fast, x, y, out))
        return 0;
    return r_op2(ctx, fr, c, out);
}

/* x^p with p a literal: k[0] the general call, k[1] x, a the exponent (ev_call's case) */
static int r_powlit(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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

static int r_juxt(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value args[2];
    CHILD(c->k[0], args[0], (void)0);
    CHILD(c->k[1], args[1], val_release(args[0]));
    int r = eval_call_named(ctx, ST(ctx)->sym_mul, 2, args, c->n, out);
    val_release(args[0]);
    val_release(args[1]);
    return r;
}

static int r_tuple(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_ref(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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

/* ---- assignment ----
 * A target node (run NULL) says where a value goes (a): a slot (b), a global (n the
 * name), an element (k[0] the collection, k[1..] the indices), the parts of a
 * destructuring (k[] their targets), or a variable of the scope a closure captured. */
enum { T_SLOT, T_GLOBAL, T_INDEX, T_PARTS, T_OUTER };

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
    if (t->a == T_PARTS) {
        dest d = { fr, t };
        int r = eval_destructure(ctx, &d, t->n, v, store_part);
        val_release(v);
        return r;
    }
    if (t->a == T_OUTER) /* a variable of the scope a closure captured */
        return eval_assign_to(ctx, fr->closure, t->n, v);
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
static int r_assign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_opassign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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

/* x op= y with x a local and y a slot or a constant: as r_op2_sc */
static int r_opassign_sc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value *x = &fr->slot[c->k[3]->b], y, res;
    jc_func *fn;
    if ((x->type == T_INT64 || x->type == T_FLOAT64) && peek_num(fr, c->k[1], &y) &&
        (fn = fast_callee(ctx, fr, c->k[2])) && eval_fast_binop(fn->fast, *x, y, &res)) {
        *x = res;
        *out = res;
        return 0;
    }
    return r_opassign(ctx, fr, c, out);
}

/* x op= y with x a global that is neither a constant nor typed (a top-level loop's
 * accumulator) and y a slot or a constant: as r_opassign_sc */
static int r_opassign_gc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
    return r_opassign(ctx, fr, c, out);
}

/* a[i] op= y: a and i evaluated once (k[3] the target: k[0] a, k[1..] i), then
 * getindex, y (k[1]), op (k[2]) and setindex!, as ev_opassign */
static int r_opassign_index(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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

static int r_block(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_if(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_andor(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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

static int r_try(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    ctry t = { fr, c };
    return eval_try_run(ctx, c->n, r_try_clause, &t, out);
}

/* let: its slots unassigned (c->clear), its bindings k[0 .. nk-2] run in order, then
 * its body k[nk-1]. */
static int r_let(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_typeassert(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_while(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_copyin(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    for (int i = 0; i + 1 < c->nclear; i += 2)
        set_slot(ctx, fr, c->clear[i + 1], val_retain(fr->slot[c->clear[i]]));
    return RUN(c->k[0], out);
}

/* for x in k[0]; k[1] end: x the slot a, or (a < 0) the target k[2]; the node is the
 * A_FOR, or the level's A_ITER in a `for` with several (b 1 but for the first) */
static int r_for(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
            if (!loop_next(ctx, r, v, out, &result, c->b) || i == last)
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
            if (!loop_next(ctx, r, v, out, &result, c->b))
                break;
        }
        eval_iter_done(&it);
    }
    clear_slots(ctx, fr, c);
    if (c->a >= 0)
        set_slot(ctx, fr, c->a, v_unassigned());
    val_release(coll);
    if (result == 0)
        *out = v_nothing();
    return result;
}

static int r_return(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    if (!c->nk) {
        *out = v_nothing();
        return EV_RETURN;
    }
    int r = RUN(c->k[0], out);
    return r == 0 ? EV_RETURN : r;
}

static int r_break(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    (void)ctx, (void)fr, (void)out;
    return c->a;
}

/* a < b <= c: k[0] a, then pairs (operator, operand) (ev_comparison) */
static int r_comparison(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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

static int r_string(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
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
static int r_dot(jc_ctx *ctx, cframe *fr, const cnode *c, value *out)
{
    value obj;
    CHILD(c->k[0], obj, (void)0);
    int r = eval_getfield(ctx, out, obj, sym_name(ctx, c->a), c->n);
    val_release(obj);
    return r;
}

/* ---- the compiler ---- */

/* A scope of the body: its locals and the names it declares global. */
typedef struct cscope {
    struct cscope *up;
    int n, cap;
    int *syms, *slots;
    int ng, gcap;
    int *globals;
    int global;            /* the global scope around a top-level loop */
    int hard;              /* a let's: its assignments make locals even of globals */
} cscope;

typedef struct comp {
    jc_ctx *ctx;
    struct ccode *code;
    cscope *sc;
    int function;          /* a method's body, else a top-level loop */
    struct env *closure;   /* the method's captured scope, or NULL */
    int depth, loops;
    int ok;
    int *cand;             /* every name the body assigns or binds anywhere */
    int ncand, capcand;
    int *assigned;         /* those of them assigned (not only parameters) */
    int nassigned, capassigned;
    int np;                /* the parameters' slots are 0 .. np-1 */
} comp;

enum { CMAXDEPTH = 96 };

static void push_int(int **v, int *n, int *cap, int x)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *v = xrealloc(*v, (size_t)*cap * sizeof **v);
    }
    (*v)[(*n)++] = x;
}

static int has_int(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

static int fail(comp *C)
{
    C->ok = 0;
    return 0;
}

static cnode *mk(comp *C, crun run, const ast *n, int nk)
{
    cnode *c = xcalloc(1, sizeof *c);
    c->run = run;
    c->n = n;
    c->nk = nk;
    if (nk)
        c->k = xcalloc((size_t)nk, sizeof *c->k);
    c->next = C->code->nodes;
    C->code->nodes = c;
    return c;
}

/* -- every name bound anywhere (what a foreign node must not name) -- */

static void cand_add(comp *C, int sym)
{
    if (!has_int(C->cand, C->ncand, sym))
        push_int(&C->cand, &C->ncand, &C->capcand, sym);
}

static void cand_target(comp *C, const ast *t)
{
    switch (t->kind) {
    case A_ID:
        cand_add(C, t->sym);
        if (!has_int(C->assigned, C->nassigned, t->sym))
            push_int(&C->assigned, &C->nassigned, &C->capassigned, t->sym);
        break;
    case A_TYPED: case A_PARENS: case A_WHERE: case A_CALL: case A_CURLY:
        if (t->nkids)
            cand_target(C, t->kids[0]);
        break;
    case A_TUPLE: case A_PARAMETERS:
        for (uint32_t i = 0; i < t->nkids; i++)
            cand_target(C, t->kids[i]);
        break;
    case A_ASSIGN: case A_KW:
        cand_target(C, t->kids[0]);
        break;
    default:
        break;
    }
}

static void cand_scan(comp *C, const ast *n)
{
    switch (n->kind) {
    case A_ASSIGN: case A_OPASSIGN: case A_DOTOPASSIGN: case A_FUNCDEF: case A_ITER:
    case A_LOCAL: case A_CATCH:
        if (n->kind == A_LOCAL)
            for (uint32_t i = 0; i < n->nkids; i++)
                cand_target(C, n->kids[i]);
        else if (n->nkids)
            cand_target(C, n->kids[0]);
        break;
    case A_ARROW: /* its parameters are its own names */
        if (n->nkids)
            cand_target(C, n->kids[0]);
        break;
    case A_LET: /* let x, y = 1: its bindings */
        if (n->nkids && n->kids[0]->kind == A_BLOCK)
            for (uint32_t i = 0; i < n->kids[0]->nkids; i++)
                cand_target(C, n->kids[0]->kids[i]);
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        cand_scan(C, n->kids[i]);
}

/* Whether n may be left to the tree walker: it names no local and holds no control
 * flow out of it nor anything that must be at top level. */
static int foreign_ok(comp *C, const ast *n, int in_func)
{
    switch (n->kind) {
    case A_ID:
        return !has_int(C->cand, C->ncand, n->sym);
    case A_RETURN: case A_BREAK: case A_CONTINUE:
        if (!in_func)
            return 0;
        break;
    case A_USING: case A_STRUCT: case A_ABSTRACT: case A_GLOBAL: case A_LOCAL: case A_CONST:
    case A_FUNCDEF: case A_MODULE: case A_EXPORT:
        return 0;
    case A_ARROW: case A_DO:
        in_func = 1;
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        if (!foreign_ok(C, n->kids[i], in_func))
            return 0;
    return 1;
}

/* -- scopes -- */

static int scope_local(const cscope *s, int sym)
{
    for (int i = s->n - 1; i >= 0; i--)
        if (s->syms[i] == sym)
            return s->slots[i];
    return -1;
}

static void scope_add(comp *C, cscope *s, int sym)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->syms = xrealloc(s->syms, (size_t)s->cap * sizeof *s->syms);
        s->slots = xrealloc(s->slots, (size_t)s->cap * sizeof *s->slots);
    }
    s->syms[s->n] = sym;
    s->slots[s->n++] = C->code->nslots++;
}

/* Whether a scope of the body declares sym global. */
static int declared_global(const comp *C, int sym)
{
    for (const cscope *s = C->sc; s; s = s->up)
        if (has_int(s->globals, s->ng, sym))
            return 1;
    return 0;
}

/* The slot of sym as a local seen from the innermost scope, or -1 for a global or free
 * name. */
static int resolve(comp *C, int sym)
{
    for (cscope *s = C->sc; s; s = s->up) {
        if (has_int(s->globals, s->ng, sym))
            return -1;
        int k = scope_local(s, sym);
        if (k >= 0)
            return k;
    }
    return -1;
}

/* An assignment to sym directly in scope s: a new local of s unless an enclosing scope
 * has it (local or declared global); outside every function and let, an existing
 * global is assigned (the soft scope of the REPL and of files). */
static void declare_assigned(comp *C, cscope *s, int sym)
{
    int hard = C->function;
    for (cscope *o = s; o; o = o->up) {
        if (has_int(o->globals, o->ng, sym) || scope_local(o, sym) >= 0)
            return;
        hard |= o->hard;
        if (o->global)
            break;
    }
    if (!hard && (size_t)sym < C->ctx->nglobals && C->ctx->globals[sym].defined)
        return;
    if (C->closure) {
        /* a closure assigning a local of the function that made it assigns that; a name
         * the function has not bound yet may still be its (assigned later), which only
         * the tree walker's scopes decide as it runs */
        if (!eval_scope_binds(C->closure, sym))
            fail(C);
        return;
    }
    scope_add(C, s, sym);
}

/* The names of a destructuring loop variable, new locals of the body. */
static void add_names(comp *C, cscope *s, const ast *t)
{
    if (t->kind == A_ID)
        scope_add(C, s, t->sym);
    else if (t->kind == A_TUPLE)
        for (uint32_t i = 0; i < t->nkids; i++)
            add_names(C, s, t->kids[i]);
}

static void scope_open(comp *C, cscope *s)
{
    memset(s, 0, sizeof *s);
    s->up = C->sc;
    C->sc = s;
}

/* The declarations and assignments directly in body make s's globals and locals. */
static void scope_declare(comp *C, cscope *s, const ast *body)
{
    scope_names nm = { 0 };
    eval_scope_names(body, &nm);
    for (int i = 0; i < nm.ng; i++)
        push_int(&s->globals, &s->ng, &s->gcap, nm.globals[i]);
    for (int i = 0; i < nm.nl; i++)
        if (scope_local(s, nm.locals[i]) < 0)
            scope_add(C, s, nm.locals[i]);
    for (int i = 0; i < nm.na; i++)
        declare_assigned(C, s, nm.assigned[i]);
    eval_scope_names_free(&nm);
}

static void scope_close(comp *C, cscope *s)
{
    C->sc = s->up;
    free(s->syms);
    free(s->slots);
    free(s->globals);
}

/* -- expressions -- */

static cnode *cx(comp *C, const ast *n);

/* Whether an assignment target names a variable (x, (a, b), x::T), rather than an
 * element or a field. */
static int names_variable(const ast *t)
{
    if (t->kind == A_ID)
        return 1;
    if (t->kind == A_TUPLE || t->kind == A_TYPED || t->kind == A_PARENS)
        for (uint32_t i = 0; i < t->nkids; i++)
            if (names_variable(t->kids[i]))
                return 1;
    return 0;
}

/* Whether n may run in the tree walker with a copy of the locals it names (see
 * r_foreign_copy): it assigns no variable, holds no control flow out of it nor
 * anything that must be at top level; *closure is set when it makes a closure.  The
 * locals it names are added to (sym, slot) pairs in *v. */
static int copy_ok(comp *C, const ast *n, int **v, int *nv, int *cap, int *closure)
{
    switch (n->kind) {
    case A_ID: {
        int k = resolve(C, n->sym);
        for (int i = 0; k >= 0 && i < *nv; i += 2)
            if ((*v)[i] == n->sym)
                return 1;
        if (k >= 0) {
            push_int(v, nv, cap, n->sym);
            push_int(v, nv, cap, k);
        }
        return 1;
    }
    case A_RETURN: case A_BREAK: case A_CONTINUE: case A_USING: case A_STRUCT:
    case A_ABSTRACT: case A_GLOBAL: case A_LOCAL: case A_CONST: case A_FUNCDEF:
    case A_MODULE: case A_EXPORT:
        return 0;
    case A_ARROW: case A_DO: case A_GENERATOR: /* a generator is lazy: a closure */
        *closure = 1;
        break;
    case A_ASSIGN: case A_OPASSIGN: case A_DOTOPASSIGN:
        if (names_variable(n->kids[0]))
            return 0;
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        if (!copy_ok(C, n->kids[i], v, nv, cap, closure))
            return 0;
    return 1;
}

static cnode *foreign(comp *C, const ast *n)
{
    if (foreign_ok(C, n, 0))
        return mk(C, r_foreign, n, 0);
    int *v = NULL, nv = 0, cap = 0, closure = 0;
    int ok = copy_ok(C, n, &v, &nv, &cap, &closure);
    /* a closure may outlive the copies and see them later: only parameters the body
     * never assigns keep the value a copy has (x -> x * k, with k a parameter) */
    for (int i = 0; ok && closure && i < nv; i += 2)
        ok = v[i + 1] < C->np && !has_int(C->assigned, C->nassigned, v[i]);
    if (!ok) {
        free(v);
        return fail(C), NULL;
    }
    cnode *c = mk(C, r_foreign_copy, n, 0);
    c->clear = v;
    c->nclear = nv / 2;
    return c;
}

static int plain_args(const ast *n, uint32_t from)
{
    for (uint32_t i = from; i < n->nkids; i++) {
        int k = n->kids[i]->kind;
        if (k == A_PARAMETERS || k == A_KW || k == A_SPLAT || k == A_GENERATOR)
            return 0;
    }
    return 1;
}

/* Compiles n's kids from `from` on into c->k[at..]: each node has room for the kids its
 * form has (a juxtaposition two), and a node of another shape is left to the tree
 * walker. */
static int kids_into(comp *C, cnode *c, const ast *n, uint32_t from, int at)
{
    if (n->nkids < from || n->nkids - from != (uint32_t)(c->nk - at))
        return fail(C);
    for (uint32_t i = from; i < n->nkids; i++)
        if (!(c->k[at + (int)(i - from)] = cx(C, n->kids[i])))
            return 0;
    return 1;
}

static int has_control(const ast *n)
{
    if (n->kind == A_RETURN || n->kind == A_BREAK || n->kind == A_CONTINUE)
        return 1;
    if (n->kind == A_ARROW || n->kind == A_FUNCDEF || n->kind == A_DO)
        return 0;
    for (uint32_t i = 0; i < n->nkids; i++)
        if (has_control(n->kids[i]))
            return 1;
    return 0;
}

/* The target of an assignment (see store). */
static cnode *target(comp *C, const ast *t)
{
    if (t->kind == A_ID) {
        cnode *c = mk(C, NULL, t, 0);
        c->b = resolve(C, t->sym);
        c->a = c->b >= 0 ? T_SLOT : T_GLOBAL;
        if (c->b < 0 && C->closure && eval_scope_binds(C->closure, t->sym) &&
            !declared_global(C, t->sym))
            c->a = T_OUTER;
        return c;
    }
    if (t->kind == A_TUPLE && t->nkids && !(t->flags & AF_TRAILCOMMA && t->nkids == 0)) {
        cnode *c = mk(C, NULL, t, (int)t->nkids);
        c->a = T_PARTS;
        for (uint32_t i = 0; i < t->nkids; i++) {
            int k = t->kids[i]->kind;
            if (!(k == A_ID || k == A_TUPLE || k == A_REF) || !(c->k[i] = target(C, t->kids[i])))
                return fail(C), NULL;
        }
        return c;
    }
    if (t->kind == A_REF && t->nkids >= 1 && t->nkids <= 33 && plain_args(t, 1) && !has_control(t)) {
        cnode *c = mk(C, NULL, t, (int)t->nkids);
        c->a = T_INDEX;
        return kids_into(C, c, t, 0, 0) ? c : NULL;
    }
    return fail(C), NULL;
}

static cnode *name(comp *C, const ast *n)
{
    int k = resolve(C, n->sym);
    jc_ctx *ctx = C->ctx;
    if (k < 0 && (size_t)n->sym < ctx->nglobals && ctx->globals[n->sym].defined &&
        ctx->globals[n->sym].v.type == T_FUNCTION && !val_func(ctx->globals[n->sym].v)->fast)
        eval_fast_op_of(ctx, val_func(ctx->globals[n->sym].v)); /* see has_fast_path */
    cnode *c = mk(C, k >= 0 ? r_slot : C->closure && declared_global(C, n->sym) ? r_global : r_free,
                  n, 0);
    c->a = k >= 0 ? k : n->sym;
    c->b = n->sym;
    return c;
}

/* A call with keywords or splats, or a broadcast (see r_callkw): plain arguments, k = v
 * and xs... (not a keyword splat). */
static cnode *call_kw(comp *C, const ast *n)
{
    const ast *args[CMAXARGS];
    int kws[CMAXARGS], na = 0;
    for (uint32_t i = 1; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        uint32_t nsub = k->kind == A_PARAMETERS ? k->nkids : 1;
        for (uint32_t j = 0; j < nsub; j++) {
            const ast *p = k->kind == A_PARAMETERS ? k->kids[j] : k;
            int is_kw = k->kind == A_PARAMETERS || p->kind == A_KW;
            if (na == CMAXARGS || (p->kind == A_SPLAT && (is_kw || p->nkids != 1)) ||
                p->kind == A_GENERATOR || p->kind == A_PARAMETERS)
                return fail(C), NULL;
            if (p->kind == A_SPLAT) {
                kws[na] = -2;
                args[na++] = p->kids[0];
            } else if (is_kw) {
                if ((p->kind == A_KW || p->kind == A_ASSIGN) && p->kids[0]->kind == A_ID) {
                    kws[na] = p->kids[0]->sym;
                    args[na++] = p->kids[1];
                } else if (p->kind == A_ID) { /* f(; x) passes x = x */
                    kws[na] = p->sym;
                    args[na++] = p;
                } else
                    return fail(C), NULL;
            } else {
                kws[na] = -1;
                args[na++] = p;
            }
        }
    }
    cnode *c = mk(C, r_callkw, n, na + 1);
    c->b = n->kind == A_DOTCALL;
    c->nclear = na;
    c->clear = xmalloc((size_t)(na + 1) * sizeof *c->clear);
    memcpy(c->clear, kws, (size_t)na * sizeof *kws);
    if (!(c->k[0] = cx(C, n->kids[0])))
        return NULL;
    for (int i = 0; i < na; i++)
        if (!(c->k[i + 1] = cx(C, args[i])))
            return NULL;
    return c;
}

/* Whether the global sym is now a builtin with a direct path (an operator worth the
 * nodes that try it first; the general node serves whatever it is bound to later). */
static int bound_fast(jc_ctx *ctx, int sym)
{
    return (size_t)sym < ctx->nglobals && ctx->globals[sym].defined &&
           ctx->globals[sym].v.type == T_FUNCTION && has_fast_path(val_func(ctx->globals[sym].v));
}

/* A slot or a constant (see peek_num). */
static int is_leaf(const cnode *k)
{
    return k->run == r_slot || k->run == r_const;
}

static cnode *call(comp *C, const ast *n)
{
    evstate *st = ST(C->ctx);
    const ast *callee = n->kids[0];
    if (n->kind == A_DOTCALL || !plain_args(n, 1)) {
        if (n->nkids == 2 && n->kids[1]->kind == A_GENERATOR)
            return foreign(C, n); /* sum(f(x) for x in v): the streaming folds */
        return call_kw(C, n);
    }
    if (n->nkids - 1 > CMAXARGS)
        return fail(C), NULL;
    cnode *c = mk(C, r_call, n, (int)n->nkids);
    if (!kids_into(C, c, n, 0, 0))
        return NULL;
    if (n->nkids == 3 && c->k[0]->run == r_free && bound_fast(C->ctx, c->k[0]->a))
        c->run = is_leaf(c->k[1]) && is_leaf(c->k[2]) ? r_op2_sc : r_op2;
    int64_t p;
    if (callee->kind == A_ID && callee->sym == st->sym_pow && n->nkids == 3 &&
        eval_literal_exponent(n->kids[2], &p, C->ctx)) {
        cnode *pw = mk(C, r_powlit, n, 2);
        pw->k[0] = c;
        pw->k[1] = c->k[1];
        return pw;
    }
    return c;
}

/* a - b - c … (A_CHAIN): the left-nested binary calls it stands for, each a call node
 * of its own (so each takes the paths a binary call takes) with the chain as its site. */
static cnode *chain(comp *C, const ast *n)
{
    cnode *acc = cx(C, n->kids[1]);
    for (uint32_t i = 2; acc && i < n->nkids; i++) {
        cnode *c = mk(C, r_call, n, 3);
        c->k[1] = acc;
        if (!(c->k[0] = cx(C, n->kids[0])) || !(c->k[2] = cx(C, n->kids[i])))
            return NULL;
        if (c->k[0]->run == r_free && bound_fast(C->ctx, c->k[0]->a))
            c->run = is_leaf(c->k[1]) && is_leaf(c->k[2]) ? r_op2_sc : r_op2;
        acc = c;
    }
    return acc;
}

static cnode *block(comp *C, const ast *n)
{
    if (n->nkids == 0)
        return mk(C, r_nothing, n, 0);
    if (n->nkids == 1)
        return cx(C, n->kids[0]);
    cnode *c = mk(C, r_block, n, (int)n->nkids);
    return kids_into(C, c, n, 0, 0) ? c : NULL;
}

/* A loop's body in its own scope, with var (a `for`'s variable, a name or a
 * destructuring, or NULL) its first locals, then copies of outer[0 .. nouter-1] (the
 * outer levels' variables of a `for` with several iterators); the loop node gets the
 * slots to clear at every run, and the destructuring target as k[2]. */
static cnode *loop_body(comp *C, cnode *loop, const ast *body, const ast *var,
                        const int *outer, int nouter)
{
    cscope s;
    scope_open(C, &s);
    int one = var && var->kind == A_ID;
    if (var)
        add_names(C, &s, var);
    cnode *w = NULL;
    if (nouter) { /* the outer levels' variables of for i in a, j in b, fresh copies */
        w = mk(C, r_copyin, body, 1);
        w->clear = xmalloc((size_t)(2 * nouter) * sizeof *w->clear);
        for (int i = 0; i < nouter; i++)
            if (scope_local(&s, outer[i]) < 0) {
                w->clear[w->nclear++] = resolve(C, outer[i]);
                scope_add(C, &s, outer[i]);
                w->clear[w->nclear++] = s.slots[s.n - 1];
            }
    }
    scope_declare(C, &s, body);
    if (var && !one && !(loop->k[2] = target(C, var))) {
        scope_close(C, &s);
        return NULL;
    }
    C->loops++;
    cnode *b = cx(C, body);
    C->loops--;
    if (w && b) {
        w->k[0] = b;
        b = w;
    }
    loop->nclear = s.n - one; /* a single variable is set at every run */
    if (loop->nclear > 0) {
        loop->clear = xmalloc((size_t)loop->nclear * sizeof *loop->clear);
        memcpy(loop->clear, s.slots + one, (size_t)loop->nclear * sizeof *loop->clear);
    }
    loop->a = one ? s.slots[0] : -1;
    scope_close(C, &s);
    return b;
}

/* One clause of a try (which: TRY_BODY …) as a scope of its own, as Julia's try and
 * catch blocks are: a name first assigned in it is its local, fresh at every entry. */
static cnode *try_clause(comp *C, const ast *n, int which)
{
    const ast *k = eval_try_clause(n, which);
    if (!k)
        return NULL;
    const ast *var = which == TRY_CATCH ? k->kids[0] : NULL;
    const ast *block = which == TRY_BODY ? k : which == TRY_CATCH ? k->kids[1] : k->kids[0];
    cnode *c = mk(C, NULL, k, 1);
    cscope s;
    scope_open(C, &s);
    if (var && var->kind == A_ID)
        scope_add(C, &s, var->sym);
    scope_declare(C, &s, block);
    c->k[0] = cx(C, block);
    c->a = var && var->kind == A_ID ? s.slots[0] : -1;
    c->nclear = s.n;
    if (s.n > 0) {
        c->clear = xmalloc((size_t)s.n * sizeof *c->clear);
        memcpy(c->clear, s.slots, (size_t)s.n * sizeof *c->clear);
    }
    scope_close(C, &s);
    return c;
}

/* Level `level` of for spec, spec … (iters, ni of them; n the A_FOR): each level a loop
 * node whose body is the next level's, the last one's the loop's body, which gets fresh
 * copies of the outer levels' variables (*outer, their names so far).  A break leaves
 * every level; for outer is left to the tree walker. */
static cnode *for_level(comp *C, const ast *n, const ast *const *iters, int ni, int level,
                        int **outer, int *nouter, int *cap)
{
    const ast *spec = iters[level];
    if (spec->kind != A_ITER || spec->nkids != 2 || (spec->flags & AF_PREFIX) ||
        (spec->kids[0]->kind != A_ID && spec->kids[0]->kind != A_TUPLE))
        return fail(C), NULL;
    cnode *c = mk(C, r_for, ni > 1 ? spec : n, 3);
    c->b = level > 0;
    if (!(c->k[0] = cx(C, spec->kids[1])))
        return NULL;
    const ast *var = spec->kids[0];
    if (level == ni - 1)
        return (c->k[1] = loop_body(C, c, n->kids[1], var, *outer, *nouter)) ? c : NULL;
    cscope s;
    scope_open(C, &s);
    int one = var->kind == A_ID;
    add_names(C, &s, var);
    if (!one && !(c->k[2] = target(C, var))) {
        scope_close(C, &s);
        return NULL;
    }
    for (int i = 0; i < s.n; i++)
        push_int(outer, nouter, cap, s.syms[i]);
    c->k[1] = for_level(C, n, iters, ni, level + 1, outer, nouter, cap);
    c->nclear = s.n - one;
    if (c->nclear > 0) {
        c->clear = xmalloc((size_t)c->nclear * sizeof *c->clear);
        memcpy(c->clear, s.slots + one, (size_t)c->nclear * sizeof *c->clear);
    }
    c->a = one ? s.slots[0] : -1;
    scope_close(C, &s);
    return c->k[1] ? c : NULL;
}

/* let x = v, y; body end: a hard scope whose bindings are its first locals, each made
 * after its right side is compiled (so that side sees the names before it, and the
 * scope around for its own name); the body's assignments are declared after them.  A
 * binding that destructures, declares a type or defines a function, or names a
 * variable twice, is left to the tree walker. */
static cnode *let(comp *C, const ast *n)
{
    const ast *const *bk;
    int nb = eval_head_items(n, &bk);
    cnode *c = mk(C, r_let, n, nb + 1);
    cscope s;
    scope_open(C, &s);
    s.hard = 1;
    for (int i = 0; i < nb && C->ok; i++) {
        const ast *b = bk[i], *t = b->kind == A_ASSIGN ? b->kids[0] : b;
        if (t->kind != A_ID || (b->kind == A_ASSIGN && (b->flags & AF_DOTTED)) ||
            scope_local(&s, t->sym) >= 0) {
            fail(C);
            break;
        }
        if (b->kind == A_ID) {
            scope_add(C, &s, t->sym);
            c->k[i] = mk(C, r_nothing, b, 0);
            continue;
        }
        cnode *a = mk(C, r_assign, b, 2);
        if (!(a->k[1] = cx(C, b->kids[1])))
            break;
        scope_add(C, &s, t->sym);
        if (!(a->k[0] = target(C, t)))
            break;
        c->k[i] = a;
    }
    if (C->ok) {
        scope_declare(C, &s, n->kids[1]);
        c->k[nb] = cx(C, n->kids[1]);
    }
    c->nclear = s.n;
    if (s.n > 0) {
        c->clear = xmalloc((size_t)s.n * sizeof *c->clear);
        memcpy(c->clear, s.slots, (size_t)s.n * sizeof *c->clear);
    }
    scope_close(C, &s);
    return C->ok ? c : NULL;
}

static cnode *cx_kind(comp *C, const ast *n)
{
    cnode *c;
    switch ((ast_kind)n->kind) {
    case A_LIT:
        return mk(C, r_const, n, 0);
    case A_NOTHING:
        return mk(C, r_nothing, n, 0);
    case A_ID:
        return name(C, n);
    case A_QUOTE:
        if (n->nkids == 1 && n->kids[0]->kind == A_ID) {
            c = mk(C, r_symbol, n, 0);
            c->a = n->kids[0]->sym;
            return c;
        }
        return foreign(C, n);
    case A_PARENS:
        return n->nkids ? cx(C, n->kids[0]) : mk(C, r_nothing, n, 0);
    case A_CALL:
    case A_DOTCALL:
        return call(C, n);
    case A_CHAIN:
        return chain(C, n);
    case A_CURLY:
        if (n->nkids > CMAXARGS || !plain_args(n, 0))
            return fail(C), NULL;
        c = mk(C, r_curly, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_JUXT:
        c = mk(C, r_juxt, n, 2);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_TUPLE:
        for (uint32_t i = 0; i < n->nkids; i++)
            if (n->kids[i]->kind == A_ASSIGN)
                return fail(C), NULL; /* named tuples */
        if (!n->nkids || !plain_args(n, 0))
            return fail(C), NULL;
        c = mk(C, r_tuple, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_REF:
        if (n->nkids < 1 || n->nkids > 33 || !plain_args(n, 1))
            return fail(C), NULL;
        c = mk(C, r_ref, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_BEGIN_END:
        return mk(C, r_foreign, n, 0);
    case A_STRING:
        if (n->nkids == 1 && n->kids[0]->kind == A_LIT && n->kids[0]->lit_type == T_STRING)
            return mk(C, r_const, n->kids[0], 0);
        c = mk(C, r_string, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_DOT: {
        const ast *f = n->kids[1];
        if (f->kind == A_QUOTE && f->nkids == 1)
            f = f->kids[0];
        if (f->kind == A_PARENS && f->nkids == 1)
            f = f->kids[0];
        if (f->kind != A_ID)
            return fail(C), NULL;
        c = mk(C, r_dot, n, 1);
        c->a = f->sym;
        return (c->k[0] = cx(C, n->kids[0])) ? c : NULL;
    }
    case A_COMPARISON:
        if (n->nkids < 3 || !(n->nkids & 1))
            return fail(C), NULL;
        c = mk(C, r_comparison, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_ASSIGN:
        if ((n->flags & AF_DOTTED) || n->kids[0]->kind == A_CALL)
            return fail(C), NULL;
        c = mk(C, r_assign, n, 2);
        if (!(c->k[1] = cx(C, n->kids[1])) || !(c->k[0] = target(C, n->kids[0])))
            return NULL;
        return c;
    case A_OPASSIGN:
        c = mk(C, r_opassign, n, 4);
        if (!(c->k[0] = cx(C, n->kids[0])) || !(c->k[1] = cx(C, n->kids[2])) ||
            !(c->k[2] = cx(C, n->kids[1])) || !(c->k[3] = target(C, n->kids[0])))
            return NULL;
        if (c->k[3]->a == T_SLOT && c->k[0]->run == r_slot && is_leaf(c->k[1]) &&
            c->k[2]->run == r_free)
            c->run = r_opassign_sc;
        if (c->k[3]->a == T_GLOBAL && c->k[0]->run == r_free && is_leaf(c->k[1]) &&
            c->k[2]->run == r_free)
            c->run = r_opassign_gc;
        if (c->k[3]->a == T_INDEX)
            c->run = r_opassign_index;
        return c;
    case A_LOCAL:
    case A_GLOBAL: {
        /* local x, local x = v, global x, global x = v: declared by the scan */
        c = mk(C, r_block, n, (int)n->nkids);
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            if (k->kind == A_ID)
                c->k[i] = mk(C, r_nothing, k, 0);
            else if (k->kind == A_ASSIGN && k->kids[0]->kind == A_ID && !(k->flags & AF_DOTTED)) {
                cnode *a = mk(C, r_assign, k, 2);
                if (!(a->k[1] = cx(C, k->kids[1])) || !(a->k[0] = target(C, k->kids[0])))
                    return NULL;
                c->k[i] = a;
            } else
                return fail(C), NULL;
        }
        return n->nkids ? c : mk(C, r_nothing, n, 0);
    }
    case A_TERNARY: case A_IF: case A_ELSEIF:
        c = mk(C, r_if, n, (int)n->nkids);
        return n->nkids >= 2 && kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_AND: case A_OR:
        c = mk(C, r_andor, n, 2);
        c->a = n->kind == A_OR;
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_BLOCK:
        return block(C, n);
    case A_WHILE:
        c = mk(C, r_while, n, 2);
        if (!(c->k[0] = cx(C, n->kids[0])))
            return NULL;
        return (c->k[1] = loop_body(C, c, n->kids[1], NULL, NULL, 0)) ? c : NULL;
    case A_FOR: {
        const ast *const *iters;
        int ni = eval_head_items(n, &iters), *outer = NULL, nouter = 0, cap = 0;
        c = ni > 0 ? for_level(C, n, iters, ni, 0, &outer, &nouter, &cap) : (fail(C), NULL);
        free(outer);
        return c;
    }
    case A_TRY:
        c = mk(C, r_try, n, 4);
        for (int w = TRY_BODY; w <= TRY_FINALLY; w++)
            if (!(c->k[w] = try_clause(C, n, w)) && (!C->ok || eval_try_clause(n, w)))
                return fail(C), NULL;
        return c;
    case A_LET:
        return n->nkids == 2 ? let(C, n) : (fail(C), NULL);
    case A_TYPED:
        if (n->nkids != 2)
            return fail(C), NULL;
        c = mk(C, r_typeassert, n, 2);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_RETURN:
        if (!C->function)
            return fail(C), NULL;
        c = mk(C, r_return, n, n->nkids ? 1 : 0);
        return !n->nkids || (c->k[0] = cx(C, n->kids[0])) ? c : NULL;
    case A_BREAK: case A_CONTINUE:
        if (!C->loops)
            return fail(C), NULL;
        c = mk(C, r_break, n, 0);
        c->a = n->kind == A_BREAK ? EV_BREAK : EV_CONTINUE;
        return c;
    case A_MACROCALL: case A_VECT: case A_HCAT: case A_VCAT: case A_NCAT: case A_ROW:
    case A_TYPED_VECT: case A_TYPED_HCAT: case A_TYPED_VCAT: case A_COMPREHENSION:
    case A_TYPED_COMPREHENSION: case A_GENERATOR: case A_ARROW:
    case A_DO: case A_SYNOP: case A_WHERE: case A_BRACES:
        return foreign(C, n);
    default:
        return fail(C), NULL;
    }
}

static cnode *cx(comp *C, const ast *n)
{
    if (!C->ok || ++C->depth > CMAXDEPTH)
        return fail(C), NULL;
    cnode *c = cx_kind(C, n);
    C->depth--;
    if (!c)
        C->ok = 0;
    return c;
}

void eval_code_free(struct ccode *code)
{
    if (!code)
        return;
    for (cnode *c = code->nodes, *next; c; c = next) {
        next = c->next;
        free(c->k);
        free(c->clear);
        free(c);
    }
    free(code);
}

/* Whether n nests no deeper than `left` more levels: the scans below recurse over the
 * whole body, so a deeper one (a chain 1-1-…-1 of a million terms, which the tree
 * walker runs as a loop) is not compiled, and they stay within a small stack. */
static int shallow(const ast *n, int left)
{
    if (left == 0)
        return 0;
    for (uint32_t i = 0; i < n->nkids; i++)
        if (!shallow(n->kids[i], left - 1))
            return 0;
    return 1;
}

static struct ccode *compile(jc_ctx *ctx, const ast *body, struct env *closure, int function,
                             const int *params, int nparams)
{
    if (!shallow(body, 2 * CMAXDEPTH))
        return NULL;
    struct ccode *code = xcalloc(1, sizeof *code);
    comp C = { .ctx = ctx, .code = code, .closure = closure, .function = function, .ok = 1,
               .np = function ? nparams : 0 };
    for (int i = 0; i < nparams; i++)
        cand_add(&C, params[i]);
    cand_scan(&C, body);
    cscope s;
    scope_open(&C, &s);
    if (function)
        for (int i = 0; i < nparams; i++)
            scope_add(&C, &s, params[i]);
    else
        s.global = 1;
    if (function) {
        scope_declare(&C, &s, body);
    }
    code->root = cx(&C, body);
    scope_close(&C, &s);
    free(C.cand);
    free(C.assigned);
    if (!C.ok || !code->root) {
        eval_code_free(code);
        return NULL;
    }
    return code;
}

/* ---- running ---- */

enum { CINLINE_SLOTS = 16 };

static int run(jc_ctx *ctx, struct ccode *code, cframe *fr, value *out)
{
    int r = code->root->run(ctx, fr, code->root, out);
    for (int i = 0; i < code->nslots; i++)
        drop(ctx, fr->slot[i]);
    if (fr->fenv)
        eval_scope_drop(ctx, fr->fenv);
    return r;
}

int eval_code_call(jc_ctx *ctx, jc_method *m, int n, const value *args, const type_env *tv,
                   value *out, int *handled)
{
    *handled = 0;
    if (m->code_state == 0) {
        m->code_state = 2;
        if (ST(ctx)->no_shortcuts & SC_COMPILE)
            return 0;
        int np = m->nparams + m->ntvars, *params = xmalloc((size_t)(np + 1) * sizeof *params);
        memcpy(params, m->params, (size_t)m->nparams * sizeof *params);
        for (int i = 0; i < m->ntvars; i++)
            params[m->nparams + i] = m->tvars[i]->sym ? m->tvars[i]->sym - 1 : -1;
        if (!m->nkw && m->body && (m->code = compile(ctx, m->body, m->closure, 1, params, np)))
            m->code_state = 1;
        free(params);
    }
    if (m->code_state != 1)
        return 0;
    *handled = 1;
    struct ccode *code = m->code;
    value inl[CINLINE_SLOTS], *slot = code->nslots <= CINLINE_SLOTS ? inl
                                     : xmalloc((size_t)code->nslots * sizeof *slot);
    for (int i = 0; i < code->nslots; i++)
        slot[i] = v_unassigned();
    int fixed = m->nparams - (m->vararg ? 1 : 0);
    for (int i = 0; i < fixed && i < n; i++)
        slot[i] = val_retain(args[i]);
    if (m->vararg) {
        int rest = n > fixed ? n - fixed : 0;
        value t = v_tuple_new((size_t)rest);
        for (int i = 0; i < rest; i++)
            val_tuple(t)->v[i] = val_retain(args[fixed + i]);
        slot[fixed] = t;
    }
    /* the where variables are bound to what the call matched (f(x::T) where T = T) */
    for (int i = 0; tv && i < m->ntvars && i < tv->n; i++)
        if (tv->val[i] && m->tvars[i]->sym)
            slot[m->nparams + i] = tv->val[i]->base == TK_VALUE
                                       ? val_retain(tv->val[i]->val)
                                       : val_retain(v_obj(T_TYPE, 0, &tv->val[i]->h));
    cframe fr = { slot, m->closure, NULL, 1 };
    int r = run(ctx, code, &fr, out);
    if (slot != inl)
        free(slot);
    return r == EV_RETURN ? 0 : r;
}

int eval_code_toplevel(jc_ctx *ctx, const ast *n, value *out, int *handled)
{
    struct ccode *code = ST(ctx)->no_shortcuts & SC_COMPILE ? NULL : compile(ctx, n, NULL, 0, NULL, 0);
    *handled = code != NULL;
    if (!code)
        return 0;
    value inl[CINLINE_SLOTS], *slot = code->nslots <= CINLINE_SLOTS ? inl
                                     : xmalloc((size_t)code->nslots * sizeof *slot);
    for (int i = 0; i < code->nslots; i++)
        slot[i] = v_unassigned();
    cframe fr = { slot, NULL, NULL, 0 };
    int r = run(ctx, code, &fr, out);
    if (slot != inl)
        free(slot);
    eval_code_free(code);
    return r;
}
