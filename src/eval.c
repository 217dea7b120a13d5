/* eval.c — the tree-walking evaluator.
 *
 * Scopes: the global scope is ctx->globals, indexed by symbol id.  Local scopes (function
 * calls, let, loop bodies) are reference-counted `env` records chained to their parent,
 * so closures keep what they capture alive (eval_state.c).  Assignment follows Julia's rules as the REPL
 * applies them: inside a function a new name is local; at top level a loop body
 * assigns an existing global (soft scope) and otherwise makes a loop-local name.
 *
 * Control flow: every ev_* returns 0 (value in *out), -1 (error pending in ctx), or one
 * of EV_BREAK / EV_CONTINUE / EV_RETURN, which unwind to the loop or call that handles
 * them.  *out is only owned by the caller when 0 or EV_RETURN is returned.
 *
 * Limits: every loop iteration and every call polls the interrupt flag; the C stack in
 * use is measured against a budget so that deep recursion ends in StackOverflowError
 * rather than a crash, whatever the frame sizes of the build.
 *
 * The rest of the evaluator's core is in eval_state.c (scopes, globals, the cycle
 * collector, installation), eval_call.c (calls) and eval_define.c (names, assignment,
 * function definitions); eval_impl.h is what they share. */
#include "eval_impl.h"

#include "eval_macro.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "exc.h"
#include "range.h"
#include "show.h"

static int ev(jc_ctx *ctx, env *e, const ast *n, value *out);

/* ---- assignment targets ---- */

static int eval_index_args(jc_ctx *ctx, env *e, const ast *n, value coll, value *args, int *nargs);

static int destructure(jc_ctx *ctx, env *e, const ast *target, value v);

/* Where the declared types of the binding an assignment to sym in e reaches are kept
 * (assign's rule), or NULL when the assignment would make a new local. */
static typed_list **binding_types(jc_ctx *ctx, env *e, int sym)
{
    int in_function = 0;
    for (env *s = e; s; s = s->parent) {
        if (eval_scope_declared_global(s, sym))
            return &ST(ctx)->gtyped;
        if (eval_scope_slot(s, sym))
            return &s->typed;
        in_function |= s->function;
    }
    if (e && (in_function || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined))
        return NULL;
    return &ST(ctx)->gtyped;
}

/* a and the indices of a[i, j] (target) into ix[0] and ix[1 .. *nix]. */
static int ev_index_parts(jc_ctx *ctx, env *e, const ast *t, value *ix, int *nix)
{
    if (ev(ctx, e, t->kids[0], &ix[0]) != 0)
        return -1;
    if (eval_index_args(ctx, e, t, ix[0], ix + 1, nix) < 0) {
        val_release(ix[0]);
        return -1;
    }
    return 0;
}

int eval_assign_to(jc_ctx *ctx, env *e, const ast *target, value v /* owned */)
{
    switch (target->kind) {
    case A_ID: {
        /* a variable declared x::T converts every value assigned to it */
        typed_list **tl = ST(ctx)->any_typed ? binding_types(ctx, e, target->sym) : NULL;
        const value *t = tl ? eval_typed_find(*tl, target->sym) : NULL;
        if (t && eval_convert_to(ctx, *t, &v, target) < 0)
            return -1;
        return eval_assign(ctx, e, target->sym, v, target);
    }
    case A_TYPED:
        if (target->nkids == 2 && target->kids[0]->kind == A_ID) {
            value t;
            int sym = target->kids[0]->sym;
            if (eval_convert_declared(ctx, e, target->kids[1], ev, &v, &t) < 0)
                return -1;
            if (eval_assign(ctx, e, sym, v, target) < 0) {
                val_release(t);
                return -1;
            }
            typed_list **tl = binding_types(ctx, e, sym);
            if (tl) {
                eval_typed_set(tl, sym, t);
                ST(ctx)->any_typed = 1;
            }
            else
                val_release(t);
            return 0;
        }
        if (target->nkids == 2 && eval_convert_declared(ctx, e, target->kids[1], ev, &v, NULL) < 0)
            return -1;
        return eval_assign_to(ctx, e, target->kids[0], v);
    case A_PARENS:
        return eval_assign_to(ctx, e, target->kids[0], v);
    case A_DOT: { /* p.x = v */
        const ast *f = target->kids[1];
        if (f->kind == A_QUOTE && f->nkids == 1)
            f = f->kids[0];
        value x;
        if (f->kind != A_ID || ev(ctx, e, target->kids[0], &x) != 0) {
            val_release(v);
            return ctx->err_set ? -1 : err_throw(ctx, ERR_SYNTAX, target, "invalid assignment location");
        }
        int r = eval_setfield(ctx, x, sym_name(ctx, f->sym), v, target);
        val_release(x);
        val_release(v);
        return r;
    }
    case A_TUPLE: {
        int r = destructure(ctx, e, target, v);
        val_release(v);
        return r;
    }
    case A_REF: {
        value ix[33];
        int nix = 0;
        if (ev_index_parts(ctx, e, target, ix, &nix) < 0) {
            val_release(v);
            return -1;
        }
        return eval_store_index(ctx, ix, nix, v, target);
    }
    default:
        val_release(v);
        return err_throw(ctx, ERR_SYNTAX, target, "invalid assignment location");
    }
}

static int assign_in_scope(jc_ctx *ctx, void *scope, const ast *target, value v)
{
    return eval_assign_to(ctx, scope, target, v);
}

static int destructure(jc_ctx *ctx, env *e, const ast *target, value v)
{
    return eval_destructure(ctx, e, target, v, assign_in_scope);
}

/* ---- scopes for the array module (comprehensions) ---- */

struct env *eval_scope_new(struct env *parent) { return eval_scope_open(parent, 0); }

int eval_expr(jc_ctx *ctx, struct env *e, const ast *n, value *out) { return ev(ctx, e, n, out); }


int eval_scope_binds(struct env *scope, int sym)
{
    for (env *s = scope; s; s = s->parent) {
        if (eval_scope_declared_global(s, sym))
            return 0;
        if (eval_scope_slot(s, sym))
            return 1;
    }
    return 0;
}

int eval_scope_bind(jc_ctx *ctx, struct env *scope, const ast *var, value v)
{
    if (var->kind == A_ID) {
        eval_scope_define(ctx, scope, var->sym, v);
        return 0;
    }
    /* destructuring iteration variables are local to the iteration, as in ev_for_level */
    if (var->kind == A_TUPLE)
        for (uint32_t i = 0; i < var->nkids; i++)
            if (var->kids[i]->kind == A_ID)
                eval_scope_define(ctx, scope, var->kids[i]->sym, v_nothing());
    return eval_assign_to(ctx, scope, var, v);
}


/* ---- expressions ---- */

void eval_args_free(jc_ctx *ctx, evargs *ea)
{
    /* an argument can be the last reference into a cycle the call made or cut */
    for (int i = 0; i < ea->n; i++)
        eval_drop(ctx, ea->v[i]);
    for (int i = 0; i < ea->nkw; i++)
        eval_drop(ctx, ea->kwv[i]);
    if (ea->v != ea->inl)
        free(ea->v);
    if (ea->kw != ea->kwinl) {
        free(ea->kw);
        free(ea->kwv);
    }
}

void eval_args_grow(evargs *ea)
{
    if (ea->n < ea->cap)
        return;
    int cap = 2 * ea->cap;
    if (ea->v == ea->inl) {
        ea->v = xmalloc((size_t)cap * sizeof *ea->v);
        memcpy(ea->v, ea->inl, (size_t)ea->n * sizeof *ea->v);
    } else
        ea->v = xrealloc(ea->v, (size_t)cap * sizeof *ea->v);
    ea->cap = cap;
}

void eval_args_push_kw(evargs *ea, int sym, value x)
{
    if (ea->nkw == ea->kwcap) {
        int cap = 2 * ea->kwcap;
        if (ea->kw == ea->kwinl) {
            ea->kw = xmalloc((size_t)cap * sizeof *ea->kw);
            ea->kwv = xmalloc((size_t)cap * sizeof *ea->kwv);
            memcpy(ea->kw, ea->kwinl, (size_t)ea->nkw * sizeof *ea->kw);
            memcpy(ea->kwv, ea->kwvinl, (size_t)ea->nkw * sizeof *ea->kwv);
        } else {
            ea->kw = xrealloc(ea->kw, (size_t)cap * sizeof *ea->kw);
            ea->kwv = xrealloc(ea->kwv, (size_t)cap * sizeof *ea->kwv);
        }
        ea->kwcap = cap;
    }
    ea->kw[ea->nkw] = sym;
    ea->kwv[ea->nkw++] = x;
}

void eval_args_init(evargs *ea, int nhint)
{
    ea->v = ea->inl;
    ea->n = 0;
    ea->cap = EVARGS_INLINE;
    if (nhint > EVARGS_INLINE) { /* room for every argument at once, not by doubling */
        ea->v = xmalloc((size_t)nhint * sizeof *ea->v);
        ea->cap = nhint;
    }
    ea->kw = ea->kwinl;
    ea->kwv = ea->kwvinl;
    ea->nkw = 0;
    ea->kwcap = EVKW_INLINE;
}

int eval_args_splat(jc_ctx *ctx, evargs *ea, value coll, const ast *site)
{
    jc_iter it;
    int r = eval_iter_init_proto(ctx, &it, coll, site);
    if (r == 0 && num_check_bits(ctx, 128.0 * (double)it.n) < 0) /* f(huge_range...) */
        r = -1;
    while (r == 0) {
        value x;
        int k1 = eval_iter_step(ctx, &it, &x);
        if (k1 <= 0) {
            r = k1;
            break;
        }
        eval_args_grow(ea);
        ea->v[ea->n++] = x;
    }
    eval_iter_done(&it);
    val_release(coll);
    return r < 0 ? -1 : 0;
}

int eval_is_pair_call(jc_ctx *ctx, const ast *p)
{
    return p->kind == A_CALL && p->nkids == 3 && p->kids[0]->kind == A_ID &&
           !strcmp(sym_name(ctx, p->kids[0]->sym), "=>");
}

static int ev_args(jc_ctx *ctx, env *e, const ast *const *kids, int nkids, evargs *ea)
{
    eval_args_init(ea, nkids);
    for (int i = 0; i < nkids; i++) {
        const ast *k = kids[i];
        if (k->kind != A_PARAMETERS && k->kind != A_KW && k->kind != A_SPLAT && ea->n < ea->cap) {
            /* a plain argument into room there is: most arguments */
            if (ev(ctx, e, k, &ea->v[ea->n]) != 0)
                goto fail;
            ea->n++;
            continue;
        }
        const ast *const *kw = NULL;
        int nkwk = 0;
        if (k->kind == A_PARAMETERS) {
            kw = (const ast *const *)k->kids;
            nkwk = (int)k->nkids;
        } else if (k->kind == A_KW) {
            kw = &kids[i];
            nkwk = 1;
        }
        if (kw) {
            for (int j = 0; j < nkwk; j++) {
                const ast *p = kw[j];
                int sym;
                value x;
                if ((p->kind == A_KW || p->kind == A_ASSIGN) && p->kids[0]->kind == A_ID) {
                    sym = p->kids[0]->sym;
                    if (ev(ctx, e, p->kids[1], &x) != 0)
                        goto fail;
                } else if (p->kind == A_ID) { /* f(; x) passes x = x */
                    sym = p->sym;
                    if (ev(ctx, e, p, &x) != 0)
                        goto fail;
                } else if (p->kind == A_SPLAT && p->nkids == 1) { /* f(; nt...) */
                    if (ev(ctx, e, p->kids[0], &x) != 0 || eval_args_kwsplat(ctx, ea, x, p) < 0)
                        goto fail;
                    continue;
                } else if (eval_is_pair_call(ctx, p)) { /* f(; :k => v) */
                    if (ev(ctx, e, p, &x) != 0)
                        goto fail;
                    int r = eval_args_kwpair(ctx, ea, x, p);
                    val_release(x);
                    if (r < 0)
                        goto fail;
                    continue;
                } else {
                    err_throw(ctx, ERR_SYNTAX, p, "invalid keyword argument");
                    goto fail;
                }
                eval_args_push_kw(ea, sym, x);
            }
            continue;
        }
        if (k->kind == A_SPLAT) {
            value coll;
            if (ev(ctx, e, k->kids[0], &coll) != 0 || eval_args_splat(ctx, ea, coll, k) < 0)
                goto fail;
            continue;
        }
        eval_args_grow(ea);
        if (ev(ctx, e, k, &ea->v[ea->n]) != 0)
            goto fail;
        ea->n++;
    }
    return 0;
fail:
    eval_args_free(ctx, ea);
    return -1;
}

/* A literal integer exponent, as Julia lowers x^p to literal_pow. */
int eval_literal_exponent(const ast *n, int64_t *p, jc_ctx *ctx)
{
    if (n->kind == A_LIT && n->lit_type == T_INT64) {
        *p = n->lit_u.i;
        return 1;
    }
    if (n->kind == A_CALL && (n->flags & AF_PREFIX) && n->nkids == 2 &&
        n->kids[0]->sym == ST(ctx)->sym_minus && n->kids[1]->kind == A_LIT &&
        n->kids[1]->lit_type == T_INT64 && n->kids[1]->lit_u.i != INT64_MIN) {
        *p = -n->kids[1]->lit_u.i;
        return 1;
    }
    if (n->kind == A_PARENS && n->nkids == 1)
        return eval_literal_exponent(n->kids[0], p, ctx);
    return 0;
}

/* One link of a left-nested chain of binary calls of the function named sym, such as
 * each `-` of 1-1-…-1: (call - (call - … ) x). */
static int chain_link(const ast *x, int sym)
{
    return x->kind == A_CALL && x->nkids == 3 && x->kids[0]->kind == A_ID &&
           x->kids[0]->sym == sym && x->kids[1]->kind != A_SPLAT && x->kids[1]->kind != A_KW &&
           x->kids[1]->kind != A_PARAMETERS && x->kids[2]->kind != A_SPLAT &&
           x->kids[2]->kind != A_KW && x->kids[2]->kind != A_PARAMETERS;
}

/* One link of a chain: acc = op(acc, operand), the call's site for errors; acc is
 * released on an error.  An operator with a direct path for two numbers takes it, as a
 * binary call does (ev_call). */
static int chain_step(jc_ctx *ctx, env *e, const ast *op, const ast *operand, const ast *site,
                      value *acc)
{
    value f, right, res;
    if (ctx_poll(ctx) < 0 || ev(ctx, e, op, &f) != 0) {
        val_release(*acc);
        return -1;
    }
    if (ev(ctx, e, operand, &right) != 0) {
        val_release(f);
        val_release(*acc);
        return -1;
    }
    int r = 0;
    if (!(f.type == T_FUNCTION && eval_fast_func(ctx, val_func(f)) &&
          eval_fast_binop(val_func(f)->fast, *acc, right, &res))) {
        value args[2] = { *acc, right };
        r = eval_call(ctx, f, 2, args, site, &res);
    }
    val_release(f);
    eval_drop(ctx, *acc);
    eval_drop(ctx, right);
    *acc = r < 0 ? v_nothing() : res;
    return r < 0 ? -1 : 0;
}

/* A long left-nested chain runs as a loop from its innermost link outwards, so that a
 * million-term 1-1-…-1 needs no C stack in proportion; each link evaluates its
 * function and right operand, then calls, as the recursive path does. */
static int ev_left_chain(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    int sym = n->kids[0]->sym;
    size_t depth = 0;
    for (const ast *x = n; chain_link(x, sym); x = x->kids[1])
        depth++;
    const ast **spine = xmalloc(depth * sizeof *spine);
    const ast *x = n;
    for (size_t i = 0; i < depth; i++, x = x->kids[1])
        spine[i] = x;
    value acc;
    int r = ev(ctx, e, x, &acc);
    for (size_t i = depth; r == 0 && i-- > 0;)
        r = chain_step(ctx, e, spine[i]->kids[0], spine[i]->kids[2], spine[i], &acc);
    free(spine);
    if (r != 0)
        return -1;
    *out = acc;
    return 0;
}

/* a - b - c … held flat (A_CHAIN): the same links, the chain the site of each.  A long
 * a + b + c … (more than NARY_FOLD operands) of the builtin + or * is folded the same
 * way, as Julia's +(a, b, c, xs...) folds from the left, instead of gathering every
 * operand first: a 1 MB 1+1+… holds one value at a time. */
enum { NARY_FOLD = 64 };

static int plain_args(const ast *n)
{
    for (uint32_t i = 1; i < n->nkids; i++)
        if (!eval_plain_arg(n->kids[i]))
            return 0;
    return 1;
}

static int ev_chain(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    value acc;
    if (ev(ctx, e, n->kids[1], &acc) != 0)
        return -1;
    for (uint32_t i = 2; i < n->nkids; i++)
        if (chain_step(ctx, e, n->kids[0], n->kids[i], n, &acc) < 0)
            return -1;
    *out = acc;
    return 0;
}

/* ---- folds over generators ----
 *
 * sum, prod, maximum, minimum, count, any and all of a generator written in the call
 * (sum(i^2 for i in 1:10^8)) fold the elements as they come, in constant memory, as
 * Julia's mapfoldl over an iterator: left to right, any/all stopping at their answer.
 * Only the builtin functions do this; a name rebound or given user methods is called
 * as usual with the collected elements. */

enum { FOLD_SUM, FOLD_PROD, FOLD_MAX, FOLD_MIN, FOLD_COUNT, FOLD_ANY, FOLD_ALL };

typedef struct fold {
    int kind;
    int op;            /* the symbol of the binary function folded with */
    int64_t n;         /* elements seen */
    value acc;
    const ast *site;
} fold;

static int ev_anon_body(jc_ctx *ctx, env *e, const ast *n, value *out);

/* max or min of two Int64 or two Float64 without the call, as Julia's methods give
 * them (of equal floats, max takes the one without the sign bit, so max(-0.0, 0.0) is
 * 0.0, and min the one with it); 0 for anything else, NaN included. */
static int fold_maxmin(int max, value *acc, value v)
{
    if (acc->type == T_INT64 && v.type == T_INT64) {
        if (max ? v.u.i > acc->u.i : v.u.i < acc->u.i)
            acc->u.i = v.u.i;
        return 1;
    }
    if (acc->type != T_FLOAT64 || v.type != T_FLOAT64 || isnan(acc->u.f) || isnan(v.u.f))
        return 0;
    double a = acc->u.f, b = v.u.f;
    if (a == b) /* equal, or ±0.0 */
        acc->u.f = max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
    else if (max ? b > a : b < a)
        acc->u.f = b;
    return 1;
}

static int fold_sink(jc_ctx *ctx, void *arg, value v)
{
    fold *F = arg;
    if (F->kind >= FOLD_COUNT) {
        if (v.type != T_BOOL) {
            sb tn = { 0 };
            type_name_of(ctx, &tn, v);
            err_throw(ctx, ERR_TYPE, F->site, "non-boolean (%s) used in boolean context", sb_str(&tn));
            sb_free(&tn);
            val_release(v);
            return -1;
        }
        int b = v.u.i != 0;
        F->n += b;
        if ((F->kind == FOLD_ANY && b) || (F->kind == FOLD_ALL && !b))
            return 1;
        return 0;
    }
    if (F->n++ == 0) {
        /* Julia's reduce_first: sum and prod of the small integers widen to Int/UInt,
         * and sum of Bools counts in Int */
        int t = v.type;
        int small = t == T_INT8 || t == T_INT16 || t == T_INT32 || t == T_UINT8 || t == T_UINT16 ||
                    t == T_UINT32 || (t == T_BOOL && F->kind == FOLD_SUM);
        if (small && F->kind <= FOLD_PROD) {
            num_type to = { .t = val_kind_is(t, VK_UNSIGNED) ? T_UINT64 : T_INT64 };
            int r = num_convert_to(ctx, &F->acc, to, v);
            val_release(v);
            if (r < 0)
                F->acc = v_nothing();
            return r < 0 ? -1 : 0;
        }
        F->acc = v;
        return 0;
    }
    value args[2] = { F->acc, v }, r;
    if (F->kind <= FOLD_PROD &&
        eval_fast_binop(F->kind == FOLD_SUM ? FAST_ADD : FAST_MUL, F->acc, v, &r)) {
        F->acc = r; /* Int64 or Float64: nothing to release */
        return 0;
    }
    if (F->kind <= FOLD_MIN && fold_maxmin(F->kind == FOLD_MAX, &F->acc, v))
        return 0;
    int rc;
    if (F->kind <= FOLD_PROD && val_kind_is(F->acc.type, VK_NUMBER) && val_kind_is(v.type, VK_NUMBER)) {
        /* numbers: what + and * give them, without the call (no user method applies) */
        rc = num_binop(ctx, &r, F->kind == FOLD_SUM ? NUM_ADD : NUM_MUL, F->acc, v);
        if (rc == NUM_NOMETHOD) /* not a number method after all: the generic call */
            rc = eval_call_named(ctx, F->op, 2, args, F->site, &r);
        else if (rc < 0)
            err_locate(ctx, F->site);
    } else
        rc = eval_call_named(ctx, F->op, 2, args, F->site, &r);
    val_release(F->acc);
    val_release(v);
    F->acc = rc < 0 ? v_nothing() : r;
    return rc < 0 ? -1 : 0;
}

/* The fold that the builtin named `name` is, among the kinds up to `last`, with F set
 * up for it (its binary function's symbol); -1 when it is none of them. */
static int fold_begin(jc_ctx *ctx, int name, int last, const ast *site, fold *F)
{
    evstate *st = ST(ctx);
    const int names[] = { st->sym_sum, st->sym_prod, st->sym_maximum, st->sym_minimum,
                          st->sym_count, st->sym_any, st->sym_all };
    static const char *const ops[] = { "+", "*", "max", "min" };
    int kind = 0;
    while (kind <= last && names[kind] != name)
        kind++;
    if (kind > last)
        return -1;
    *F = (fold){ .kind = kind, .acc = v_nothing(), .site = site };
    if (kind <= FOLD_MIN)
        F->op = sym_intern(ctx, ops[kind], strlen(ops[kind]));
    return kind;
}

/* The answer of the fold F, finished with r (1: any or all stopped at its answer, -1:
 * an error); with nothing folded, the builtin f says what an empty collection gives. */
static int fold_end(jc_ctx *ctx, fold *F, int r, value f, const ast *site, value *out)
{
    if (r < 0) {
        val_release(F->acc);
        return -1;
    }
    switch (F->kind) {
    case FOLD_COUNT: *out = v_int(F->n); return 0;
    case FOLD_ANY: *out = v_bool(r == 1); return 0;
    case FOLD_ALL: *out = v_bool(r != 1); return 0;
    default: break;
    }
    if (F->n > 0) {
        *out = F->acc;
        return 0;
    }
    int64_t zero = 0;
    value empty = array_from_values(ctx, NULL, 0, 1, &zero, NULL);
    r = eval_call(ctx, f, 1, &empty, site, out);
    val_release(empty);
    return r < 0 ? -1 : 0;
}

/* f(generator) for a builtin fold f: 1 when handled (*out set, or -1 returned), 0 when f
 * is not one of them. */
static int ev_fold_call(jc_ctx *ctx, env *e, const ast *n, value f, value *out, int *handled)
{
    *handled = 0;
    if (f.type != T_FUNCTION || val_func(f)->methods || !val_func(f)->nrows)
        return 0;
    fold F;
    int kind = fold_begin(ctx, val_func(f)->name, FOLD_ALL, n, &F);
    if (kind < 0)
        return 0;
    *handled = 1;
    int r = array_eval_generator_fold(ctx, n->kids[1], (array_eval_fn)ev, (array_eval_fn)ev_anon_body,
                                      e, fold_sink, &F);
    return fold_end(ctx, &F, r, f, n, out);
}

/* The builtin folds over a value, as Julia's mapfoldl over an iterator: sum, prod,
 * maximum, minimum and count with an `init` keyword over any iterable (empty, the answer
 * is init), and all seven over a lazy generator or filter (g = (x^2 for x in v); sum(g)
 * as sum(x^2 for x in v)), each with an optional function first (sum(f, itr; init = 0)).
 * 0 when f is not one of them or the call is another. */
int eval_fold_iter_call(jc_ctx *ctx, value f, const jc_args *a, value *out, int *handled)
{
    *handled = 0;
    int init = a->nkw == 1 && a->kw[0] == ST(ctx)->sym_init;
    if (a->n < 1 || a->n > 2 || !(init || (!a->nkw && eval_gen_kind(ctx, a->v[a->n - 1]))))
        return 0;
    fold F;
    int kind = fold_begin(ctx, val_func(f)->name, init ? FOLD_COUNT : FOLD_ALL, a->site, &F);
    if (kind < 0)
        return 0;
    *handled = 1;
    if (init) {
        F.n = 1;   /* init stands for the first element */
        if (kind <= FOLD_MIN) {
            F.acc = val_retain(a->kwv[0]);
        } else if (num_to_int64(ctx, a->kwv[0], &F.n) < 0) { /* count's init is a count */
            err_locate(ctx, a->site);
            return -1;
        }
    }
    value fn = a->n == 2 ? a->v[0] : v_nothing(), coll = a->v[a->n - 1];
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, coll, a->site) < 0) {
        val_release(F.acc);
        return -1;
    }
    int r = 0;
    for (;;) {
        value x;
        int k = eval_iter_step(ctx, &it, &x);
        if (k <= 0) {
            r = k;
            break;
        }
        if (a->n == 2) {
            value y;
            r = eval_call(ctx, fn, 1, &x, a->site, &y);
            val_release(x);
            if (r < 0)
                break;
            x = y;
        }
        if ((r = fold_sink(ctx, &F, x)) != 0)
            break;
    }
    eval_iter_done(&it);
    return fold_end(ctx, &F, r, f, a->site, out);
}

static int ev_call(jc_ctx *ctx, env *e, const ast *n, int dotted, value *out)
{
    evstate *st = ST(ctx);
    const ast *callee = n->kids[0];
    if (!dotted && callee->kind == A_ID && n->nkids == 3 && n->kids[1]->kind == A_CALL &&
        callee->sym != st->sym_pow && chain_link(n, callee->sym)) {
        int depth = 0;
        for (const ast *x = n; depth < 32 && chain_link(x, callee->sym); x = x->kids[1])
            depth++;
        if (depth == 32)
            return ev_left_chain(ctx, e, n, out);
    }
    /* x^literal */
    int64_t p;
    if (!dotted && callee->kind == A_ID && callee->sym == st->sym_pow && n->nkids == 3 &&
        eval_literal_exponent(n->kids[2], &p, ctx)) {
        int user = (size_t)st->sym_pow < ctx->nglobals && ctx->globals[st->sym_pow].defined &&
                   ctx->globals[st->sym_pow].v.type == T_FUNCTION &&
                   val_func(ctx->globals[st->sym_pow].v)->methods;
        if (!user) {
            value base;
            if (ev(ctx, e, n->kids[1], &base) != 0)
                return -1;
            int r;
            if (!num_is_number(base)) { /* matrix powers, "ab"^3: the ordinary ^ rows */
                value args[2] = { base, v_int(p) };
                r = eval_call_named(ctx, st->sym_pow, 2, args, n, out);
            } else
                r = num_literal_pow(ctx, out, base, p);
            val_release(base);
            if (r < 0)
                err_locate(ctx, n);
            return r < 0 ? -1 : 0;
        }
    }
    value f;
    if (ev(ctx, e, callee, &f) != 0)
        return -1;
    if (!dotted && n->nkids == 3 && f.type == T_FUNCTION && eval_plain_arg(n->kids[1]) &&
        eval_plain_arg(n->kids[2]) && eval_fast_func(ctx, val_func(f))) {
        /* an operator with two plain arguments, the work of every loop and recursion:
         * no argument array, and the direct path when both are Int64 or Float64 */
        value args[2];
        if (ev(ctx, e, n->kids[1], &args[0]) != 0) {
            val_release(f);
            return -1;
        }
        if (ev(ctx, e, n->kids[2], &args[1]) != 0) {
            eval_drop(ctx, args[0]);
            val_release(f);
            return -1;
        }
        int r = 0;
        if (!eval_fast_binop(val_func(f)->fast, args[0], args[1], out)) {
            jc_args a = { .n = 2, .v = args, .site = n };
            r = eval_call_kw(ctx, f, &a, out);
        }
        eval_drop(ctx, args[0]);
        eval_drop(ctx, args[1]);
        val_release(f);
        return r < 0 ? -1 : 0;
    }
    int fold = !(st->no_shortcuts & SC_FOLD);
    if (fold && !dotted && n->nkids > NARY_FOLD && f.type == T_FUNCTION && !val_func(f)->methods &&
        callee->kind == A_ID && (callee->sym == st->sym_plus || callee->sym == st->sym_mul) &&
        plain_args(n)) {
        val_release(f);
        return ev_chain(ctx, e, n, out);
    }
    if (fold && !dotted && n->nkids == 2 && n->kids[1]->kind == A_GENERATOR) {
        int handled, r = ev_fold_call(ctx, e, n, f, out, &handled);
        if (handled) {
            val_release(f);
            return r;
        }
    }
    evargs ea;
    if (ev_args(ctx, e, (const ast *const *)n->kids + 1, (int)n->nkids - 1, &ea) < 0) {
        val_release(f);
        return -1;
    }
    jc_args a = { .n = ea.n, .v = ea.v, .nkw = ea.nkw, .kw = ea.kw, .kwv = ea.kwv, .site = n };
    int r = dotted ? array_broadcast(ctx, f, &a, out) : eval_call_kw(ctx, f, &a, out);
    eval_args_free(ctx, &ea);
    val_release(f);
    return r < 0 ? -1 : 0;
}

/* f(x) do y … end: the call with the anonymous function as its first argument. */
static int ev_do(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const ast *call = n->kids[0];
    value f, lam;
    if (ev(ctx, e, call->kids[0], &f) != 0)
        return -1;
    if (eval_make_lambda(ctx, e, n->kids[n->nkids - 1], ST(ctx)->cur_arena, &lam) < 0) {
        val_release(f);
        return -1;
    }
    evargs ea;
    if (ev_args(ctx, e, (const ast *const *)call->kids + 1, (int)call->nkids - 1, &ea) < 0) {
        val_release(f);
        eval_drop(ctx, lam);
        return -1;
    }
    eval_args_grow(&ea);
    memmove(ea.v + 1, ea.v, (size_t)ea.n * sizeof *ea.v);
    ea.v[0] = lam;
    ea.n++;
    jc_args a = { .n = ea.n, .v = ea.v, .nkw = ea.nkw, .kw = ea.kw, .kwv = ea.kwv, .site = call };
    int r = eval_call_kw(ctx, f, &a, out);
    eval_args_free(ctx, &ea);
    val_release(f);
    return r < 0 ? -1 : 0;
}

static int eval_index_args(jc_ctx *ctx, env *e, const ast *n, value coll, value *args, int *nargs)
{
    evstate *st = ST(ctx);
    int cnt = 0;
    int nd = (int)n->nkids - 1;
    if (nd > 32)
        return err_throw(ctx, ERR_ARGUMENT, n, "too many indices");
    if (st->nix >= 64)
        return err_throw(ctx, ERR_STACK, n, "%s", "");
    for (int i = 0; i < nd; i++) {
        st->ix[st->nix].coll = coll;
        st->ix[st->nix].dim = i + 1;
        st->ix[st->nix].ndims = nd;
        st->nix++;
        int r = ev(ctx, e, n->kids[i + 1], &args[cnt]);
        st->nix--;
        if (r != 0) {
            val_release_n(args, cnt);
            return -1;
        }
        cnt++;
    }
    *nargs = cnt;
    return 0;
}

static int ev_ref(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    value args[34];
    if (ev(ctx, e, n->kids[0], &args[0]) != 0)
        return -1;
    int nargs = 0;
    if (eval_index_args(ctx, e, n, args[0], args + 1, &nargs) < 0) {
        val_release(args[0]);
        return -1;
    }
    int r = eval_call_named(ctx, ST(ctx)->sym_getindex, nargs + 1, args, n, out);
    val_release_n(args, nargs + 1);
    return r;
}

static int ev_begin_end(jc_ctx *ctx, const ast *n, value *out)
{
    evstate *st = ST(ctx);
    if (st->nix == 0)
        return err_throw(ctx, ERR_SYNTAX, n, "`%s` outside of indexing",
                        (n->flags & AF_END) ? "end" : "begin");
    value args[3] = { st->ix[st->nix - 1].coll, v_int(st->ix[st->nix - 1].dim) };
    int nargs = st->ix[st->nix - 1].ndims == 1 ? 1 : 2;
    return eval_call_named(ctx, (n->flags & AF_END) ? st->sym_lastindex : st->sym_firstindex, nargs,
                      args, n, out);
}

static int ev_block(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    *out = v_nothing();
    for (uint32_t i = 0; i < n->nkids; i++) {
        value v;
        int r = eval_ctl_resume(ctx, eval_stmt(ctx, e, n->kids[i], &v), &v);
        if (r != 0) {
            val_release(*out);
            if (r == EV_RETURN)
                *out = v;
            return r;
        }
        val_release(*out);
        *out = v;
    }
    return 0;
}

static int ev_cond(jc_ctx *ctx, env *e, const ast *n, int *truth)
{
    value c;
    if (ev(ctx, e, n, &c) != 0)
        return -1;
    int r = eval_truthy(ctx, c, n, truth);
    val_release(c);
    return r;
}

int eval_truthy(jc_ctx *ctx, value v, const ast *site, int *truth)
{
    if (v.type != T_BOOL) {
        sb tn = { 0 };
        type_name_of(ctx, &tn, v);
        err_throw(ctx, ERR_TYPE, site, "non-boolean (%s) used in boolean context",
                 sb_str(&tn));
        sb_free(&tn);
        /* TypeError(:if, "", Bool, v), as Julia's lowered conditions raise it */
        num_type bt = { T_BOOL, 0, 0 };
        value f[4] = { { T_SYMBOL, 0, { .i = sym_intern(ctx, "if", 2) } }, v_string("", 0),
                       num_type_value(bt), v };
        exc_attach(ctx, EXC_TYPE, 4, f);
        val_release(f[1]);
        val_release(f[2]);
        return -1;
    }
    *truth = (int)v.u.i;
    return 0;
}

/* Runs the body once per combination of the iterators kids[0..niters).  depth is the
 * number of enclosing levels of the same `for`; their scopes are e, e->parent, ... */
static int ev_for_level(jc_ctx *ctx, env *e, const ast *const *iters, int niters, int depth,
                        const ast *body)
{
    const ast *spec = iters[0];
    if (spec->kind != A_ITER || spec->nkids != 2)
        return err_throw(ctx, ERR_SYNTAX, spec, "invalid iteration specification");
    value coll;
    if (ev(ctx, e, spec->kids[1], &coll) != 0)
        return -1;
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, coll, spec->kids[1]) < 0) {
        val_release(coll);
        return -1;
    }
    int result = 0;
    env *scope = NULL; /* one scope serves every run of the body that leaves it unshared */
    int *names = NULL, nn = niters == 1 ? eval_scope_local_names(body, 0, &names) : 0;
    for (;;) {
        value x;
        int r = eval_iter_step(ctx, &it, &x);
        if (r <= 0) {
            result = r;
            break;
        }
        if (!scope)
            scope = eval_scope_open(e, 0);
        /* Julia binds every variable of `for i = a, j = b` afresh for each run of the
         * body: an assignment to i in the body does not reach the next j.  So the
         * innermost scope gets its own copies of the outer levels' variables. */
        env *o = e;
        for (int d = niters == 1 ? depth : 0; d > 0; d--, o = o->parent)
            for (int i = 0; i < o->n; i++)
                if (!eval_scope_slot(scope, o->syms[i]))
                    eval_scope_define(ctx, scope, o->syms[i], val_retain(o->vals[i]));
        const ast *var = spec->kids[0];
        if ((spec->flags & AF_PREFIX) && var->kind == A_ID) {
            /* for outer i: the loop sets the enclosing local i */
            value *slot = NULL;
            for (env *s = e; s && !slot; s = s->parent)
                slot = eval_scope_slot(s, var->sym);
            if (!slot) {
                val_release(x);
                result = err_throw(ctx, ERR_SYNTAX, spec,
                                   "no outer local variable declaration exists for \"for outer\"");
                break;
            }
            val_release(*slot);
            *slot = x;
        } else if (var->kind == A_ID)
            eval_scope_define(ctx, scope, var->sym, x);
        else {
            /* destructuring loop variables are local to the iteration */
            if (var->kind == A_TUPLE) {
                for (uint32_t i = 0; i < var->nkids; i++)
                    if (var->kids[i]->kind == A_ID)
                        eval_scope_define(ctx, scope, var->kids[i]->sym, v_nothing());
            }
            r = eval_assign_to(ctx, scope, var, x);
            if (r < 0) {
                result = -1;
                break;
            }
        }
        value v = v_nothing();
        if (niters > 1)
            r = ev_for_level(ctx, scope, iters + 1, niters - 1, depth + 1, body);
        else {
            eval_scope_declare(ctx, scope, names, nn);
            r = eval_ctl_resume(ctx, eval_stmt(ctx, scope, body, &v), &v);
            if (r == 0)
                val_release(v);
        }
        if (!eval_scope_reuse(ctx, scope))
            scope = NULL;
        eval_gc_safepoint(ctx);
        if (r == EV_CONTINUE)
            continue;
        if (r == EV_BREAK) {
            result = niters > 1 ? EV_BREAK : 0;
            break;
        }
        if (r != 0) {
            result = r;
            if (r == EV_RETURN && niters == 1)
                ST(ctx)->returning = v;
            break;
        }
    }
    if (scope)
        eval_scope_drop(ctx, scope);
    free(names);
    eval_iter_done(&it);
    val_release(coll);
    return result;
}

static int ev_for(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const ast *const *iters;
    int niters = eval_head_items(n, &iters);
    int r = ev_for_level(ctx, e, iters, niters, 0, n->kids[1]);
    if (r == EV_RETURN) {
        *out = ST(ctx)->returning;
        ST(ctx)->returning = v_nothing();
        return EV_RETURN;
    }
    *out = v_nothing();
    return r == EV_BREAK ? 0 : r;
}

static int ev_while(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    *out = v_nothing();
    env *scope = NULL; /* one scope serves every run of the body that leaves it unshared */
    int result = 0, truth, *names, nn = eval_scope_local_names(n->kids[1], 0, &names);
    for (;;) {
        if (ctx_poll(ctx) < 0 || ev_cond(ctx, e, n->kids[0], &truth) < 0) {
            result = -1;
            break;
        }
        if (!truth)
            break;
        if (!scope)
            scope = eval_scope_open(e, 0);
        eval_scope_declare(ctx, scope, names, nn);
        value v;
        int r = eval_ctl_resume(ctx, eval_stmt(ctx, scope, n->kids[1], &v), &v);
        if (!eval_scope_reuse(ctx, scope))
            scope = NULL;
        eval_gc_safepoint(ctx);
        if (r == 0)
            val_release(v);
        else if (r == EV_CONTINUE)
            continue;
        else {
            if (r == EV_RETURN)
                *out = v;
            result = r == EV_BREAK ? 0 : r;
            break;
        }
    }
    if (scope)
        eval_scope_drop(ctx, scope);
    free(names);
    return result;
}

static int ev_if(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    int truth;
    if (ev_cond(ctx, e, n->kids[0], &truth) < 0)
        return -1;
    if (truth)
        return eval_stmt(ctx, e, n->kids[1], out);
    if (n->nkids > 2)
        return eval_stmt(ctx, e, n->kids[2], out);
    *out = v_nothing();
    return 0;
}

static int ev_let(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    /* let is a hard scope, as a function body is: x = … inside makes a local x even
     * when a global x exists (only `global x` reaches it).  The bindings run first, in
     * order, each seeing those before it (the right side of the first sees the scope
     * around); then the names the body assigns are declared, so that one assigned only
     * later, or on a branch not taken, is the let's local from the start */
    env *scope = eval_scope_open(e, 1);
    const ast *const *bk;
    int nb = eval_head_items(n, &bk);
    for (int i = 0; i < nb; i++) {
        const ast *b = bk[i];
        value v;
        int r = 0;
        if (b->kind == A_ASSIGN && b->kids[0]->kind == A_ID) {
            if ((r = ev(ctx, scope, b->kids[1], &v)) == 0)
                eval_scope_define(ctx, scope, b->kids[0]->sym, v);
        } else if (b->kind == A_ID) {
            eval_scope_define(ctx, scope, b->sym, v_unassigned());
        } else if (b->kind == A_ASSIGN) {
            if ((r = ev(ctx, scope, b->kids[1], &v)) == 0)
                r = eval_assign_to(ctx, scope, b->kids[0], v);
        } else if ((r = ev(ctx, scope, b, &v)) == 0) { /* let f(x) = … */
            val_release(v);
        }
        if (r != 0) {
            eval_scope_drop(ctx, scope);
            return -1;
        }
    }
    int *names, nn = eval_scope_local_names(n->kids[1], 0, &names);
    eval_scope_declare(ctx, scope, names, nn);
    free(names);
    int r = eval_stmt(ctx, scope, n->kids[1], out);
    eval_scope_drop(ctx, scope);
    return r;
}

/* Appends an interpolated piece v (released) of the string n to s: 0, or -1 with the
 * error pending (s freed). */
int eval_string_piece(jc_ctx *ctx, sb *s, value v, const ast *n)
{
    show_value(ctx, s, v, SHOW_PRINT, 0);
    val_release(v);
    /* StackOverflowError from a self-containing matrix; and an interpolated string is a
     * result like any other: within --max-bits and the memory budget (the pieces may
     * each be large) */
    if (ctx->err_set || num_check_bits(ctx, (double)s->len * 8) < 0) {
        sb_free(s);
        err_locate(ctx, n);
        return -1;
    }
    return 0;
}

static int ev_string(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    if (n->nkids == 1 && n->kids[0]->kind == A_LIT && n->kids[0]->lit_type == T_STRING) {
        *out = val_retain(ast_lit(n->kids[0]));
        return 0;
    }
    sb s = { 0 };
    for (uint32_t i = 0; i < n->nkids; i++) {
        value v;
        if (ev(ctx, e, n->kids[i], &v) != 0) {
            sb_free(&s);
            return -1;
        }
        if (eval_string_piece(ctx, &s, v, n) < 0)
            return -1;
    }
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

/* a[i] op= v: a and i are evaluated once, as Julia lowers it (the element read and
 * written with the same index values); *ix gets a and the indices (nix of them). */
static int ev_index_target(jc_ctx *ctx, env *e, const ast *t, value *ix, int *nix, value *cur)
{
    if (ev_index_parts(ctx, e, t, ix, nix) < 0)
        return -1;
    if (eval_call_named(ctx, ST(ctx)->sym_getindex, *nix + 1, ix, t, cur) < 0) {
        val_release_n(ix, *nix + 1);
        return -1;
    }
    return 0;
}

/* Stores v (owned) as a[i] with ix from ev_index_target (released). */
int eval_store_index(jc_ctx *ctx, value *ix, int nix, value v, const ast *t)
{
    value args[35], res;
    args[0] = ix[0];
    args[1] = v;
    memcpy(args + 2, ix + 1, (size_t)nix * sizeof *args);
    int r = eval_call_named(ctx, ST(ctx)->sym_setindex, nix + 2, args, t, &res);
    if (r == 0)
        val_release(res);
    val_release(v);
    val_release_n(ix, nix + 1);
    return r;
}

static int ev_opassign(jc_ctx *ctx, env *e, const ast *n, int dotted, value *out)
{
    const ast *t = n->kids[0];
    int indexed = t->kind == A_REF, nix = 0;
    value cur, rhs, ix[34];
    if (indexed ? ev_index_target(ctx, e, t, ix, &nix, &cur) < 0 : ev(ctx, e, t, &cur) != 0)
        return -1;
    if (ev(ctx, e, n->kids[2], &rhs) != 0) {
        val_release(cur);
        if (indexed)
            val_release_n(ix, nix + 1);
        return -1;
    }
    value args[2] = { cur, rhs };
    value f, res;
    int r = ev(ctx, e, n->kids[1], &f);
    if (r == 0) {
        jc_args a = { .n = 2, .v = args, .site = n };
        if (!dotted && f.type == T_FUNCTION && eval_fast_func(ctx, val_func(f)) &&
            eval_fast_binop(val_func(f)->fast, cur, rhs, &res))
            r = 0;
        else
            r = dotted ? array_broadcast(ctx, f, &a, &res) : eval_call_kw(ctx, f, &a, &res);
        val_release(f);
    }
    val_release(cur);
    val_release(rhs);
    if (r < 0) {
        if (indexed)
            val_release_n(ix, nix + 1);
        return -1;
    }
    *out = val_retain(res);
    r = indexed ? eval_store_index(ctx, ix, nix, res, t) : eval_assign_to(ctx, e, t, res);
    if (r < 0)
        val_release(*out);
    return r < 0 ? -1 : 0;
}

/* Fills dest (an array) from src in place: a scalar goes to every element, an array
 * must have dest's shape.  The broadcasting rules for singleton dimensions are the
 * general form; these two cases are the ones `.=` is written for. */
static int fill_from(jc_ctx *ctx, value dest, value src, const ast *site)
{
    jc_array *d = val_array(dest);
    if (src.type == T_ARRAY || src.type == T_RANGE || src.type == T_TUPLE) {
        int64_t n = src.type == T_ARRAY ? val_array(src)->len
                    : src.type == T_RANGE ? range_length(src) : (int64_t)val_tuple(src)->n;
        int same = n == d->len;
        if (same && src.type == T_ARRAY && d->nd > 1) {
            jc_array *sa = val_array(src);
            same = sa->nd == d->nd && !memcmp(sa->dims, d->dims, (size_t)d->nd * sizeof *d->dims);
        }
        if (!same)
            return err_throw(ctx, ERR_DIMENSION, site,
                            "array could not be broadcast to match destination");
        jc_iter it;
        if (eval_iter_init_proto(ctx, &it, src, site) < 0)
            return -1;
        int r = 0;
        for (int64_t i = 0; i < n && r == 0; i++) {
            value x;
            if (eval_iter_next(ctx, &it, &x) <= 0) {
                r = -1;
                break;
            }
            r = array_set(ctx, dest, i, x, site);
            val_release(x);
        }
        eval_iter_done(&it);
        return r < 0 ? -1 : 0;
    }
    for (int64_t i = 0; i < d->len; i++)
        if (array_set(ctx, dest, i, src, site) < 0)
            return -1;
    return 0;
}

/* x .= y and a[i] .= y: assignment into existing storage. */
static int ev_dot_assign(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const ast *target = n->kids[0];
    value src;
    if (ev(ctx, e, n->kids[1], &src) != 0)
        return -1;
    int r;
    if (target->kind == A_REF) {
        /* the selected elements, refilled, then stored back through setindex! */
        value sel;
        if (ev_ref(ctx, e, target, &sel) != 0) {
            val_release(src);
            return -1;
        }
        if (sel.type != T_ARRAY) {
            /* a single element: a[i] .= y is a[i] = y */
            val_release(sel);
            r = eval_assign_to(ctx, e, target, val_retain(src));
        } else {
            jc_array *sa = val_array(sel);
            value fresh = array_new(ctx, sa->et, sa->nd, sa->dims);
            r = fill_from(ctx, fresh, src, n);
            if (r == 0)
                r = eval_assign_to(ctx, e, target, val_retain(fresh));
            val_release(fresh);
            val_release(sel);
        }
    } else {
        value dest;
        r = ev(ctx, e, target, &dest);
        if (r == 0) {
            if (dest.type == T_ARRAY)
                r = fill_from(ctx, dest, src, n);
            else {
                sb tn = { 0 };
                type_name_of(ctx, &tn, dest);
                r = err_throw(ctx, ERR_METHOD, n, "no method matching copyto!(::%s, ...)",
                             sb_str(&tn));
                sb_free(&tn);
            }
            val_release(dest);
        }
    }
    if (r != 0) {
        val_release(src);
        return -1;
    }
    *out = src;
    return 0;
}

/* Syntactic operators that evaluate as calls: T1 <: T2, T1 >: T2, and the dotted
 * short-circuit forms a .&& b, a .|| b (elementwise & and | over Bool values). */
static int ev_synop(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const char *name = sym_name(ctx, n->sym);
    const char *fname = NULL;
    int dotted = 0;
    if (n->nkids == 1 && !strcmp(name, "<:")) /* Vector{<:Integer}: an anonymous variable */
        return eval_anon_typevar(ctx, ev(ctx, e, n->kids[0], out), out, n);
    if (n->nkids == 2 && (!strcmp(name, "<:") || !strcmp(name, ">:")))
        fname = name;
    else if (n->nkids == 2 && (!strcmp(name, ".&&") || !strcmp(name, ".||"))) {
        fname = name[1] == '&' ? "&" : "|";
        dotted = 1;
    }
    if (!fname)
        return err_throw(ctx, ERR_SYNTAX, n, "`%s` is not supported in jcalc", name);
    value f;
    if (eval_get_global(ctx, fname, &f) < 0)
        return err_throw(ctx, ERR_UNDEFVAR, n, "`%s` not defined", fname);
    value args[2];
    int r = ev(ctx, e, n->kids[0], &args[0]);
    if (r == 0) {
        r = ev(ctx, e, n->kids[1], &args[1]);
        if (r == 0) {
            jc_args a = { .n = 2, .v = args, .site = n };
            r = dotted ? array_broadcast(ctx, f, &a, out) : eval_call_kw(ctx, f, &a, out);
            val_release(args[1]);
        }
        val_release(args[0]);
    }
    val_release(f);
    return r < 0 ? -1 : r;
}

/* Base.MathConstants.γ and friends: a dotted path of module names ending in a name. */
static int ev_dot(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    evstate *st = ST(ctx);
    const ast *lhs = n->kids[0], *rhs = n->kids[1];
    if (rhs->kind == A_QUOTE && rhs->nkids == 1)
        rhs = rhs->kids[0];
    if (rhs->kind == A_PARENS && rhs->nkids == 1) /* Base.:(==) */
        rhs = rhs->kids[0];
    (void)st;  /* Base.sin, Base.Math.sinpi: Base evaluates to a module (eval_func.c) */
    value obj;
    if (ev(ctx, e, lhs, &obj) != 0)
        return -1;
    if (rhs->kind != A_ID) {
        val_release(obj);
        return err_throw(ctx, ERR_SYNTAX, n, "invalid field access");
    }
    int r = eval_getfield(ctx, out, obj, sym_name(ctx, rhs->sym), n);
    val_release(obj);
    return r;
}

int eval_chain_link(jc_ctx *ctx, value res, value right, int last, const ast *site, value *out,
                    value *left)
{
    if (last || res.type != T_BOOL || !res.u.i) {
        /* the first false ends the chain; a non-Bool must be the last comparison */
        val_release(right);
        if (!last && res.type != T_BOOL) {
            int t;
            eval_truthy(ctx, res, site, &t);
            val_release(res);
            return -1;
        }
        *out = res;
        return 1;
    }
    val_release(res);
    *left = right;
    return 0;
}

static int ev_comparison(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    value left;
    if (ev(ctx, e, n->kids[0], &left) != 0)
        return -1;
    for (uint32_t i = 1; i + 1 < n->nkids; i += 2) {
        value right;
        if (ev(ctx, e, n->kids[i + 1], &right) != 0) {
            val_release(left);
            return -1;
        }
        value args[2] = { left, right }, res;
        value f;
        int r = ev(ctx, e, n->kids[i], &f);
        if (r == 0) {
            r = eval_call(ctx, f, 2, args, n, &res);
            val_release(f);
        }
        val_release(left);
        if (r < 0) {
            val_release(right);
            return -1;
        }
        int end = eval_chain_link(ctx, res, right, i + 2 >= n->nkids, n, out, &left);
        if (end)
            return end < 0 ? -1 : 0;
    }
    *out = left;
    return 0;
}


/* The body of a comprehension or generator, which Julia makes an anonymous function:
 * its `return` gives the value; break and continue have no loop to leave. */
static int ev_anon_body(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    int r = eval_ctl_resume(ctx, eval_stmt(ctx, e, n, out), out);
    if (r == EV_BREAK || r == EV_CONTINUE)
        return err_throw(ctx, ERR_SYNTAX, n, "break or continue outside loop");
    return r == EV_RETURN ? 0 : r;
}

/* An expression whose value is wanted: 0 or -1, never a control code. */
/* x::T in a value position: Julia's typeassert, x's value when it isa T, else
 * TypeError(:typeassert, T, x). */
static int ev_typeassert(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    int r0 = ev(ctx, e, n->kids[0], out);
    if (r0 != 0 || n->nkids < 2) /* an error in x is the answer, also for ::x alone */
        return r0;
    value tv;
    if (ev(ctx, e, n->kids[1], &tv) != 0) {
        val_release(*out);
        return -1;
    }
    int r = eval_typeassert(ctx, *out, tv, n);
    val_release(tv);
    if (r < 0)
        val_release(*out);
    return r;
}

static int ev(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    /* the leaves, most of what is evaluated, without eval_stmt's frame */
    if (n->kind == A_ID)
        return eval_lookup(ctx, e, n->sym, n, out);
    if (n->kind == A_LIT) {
        *out = val_retain(ast_lit(n));
        return 0;
    }
    int r = eval_stmt(ctx, e, n, out);
    return r > 0 ? eval_ctl_raise(ctx, n, r, out) : r;
}

/* The names `const` declares (x, x::T, a, b): before the assignment (mark 0), Julia's
 * errors for a local or for a global that already has a value of its own; after it
 * (mark 1), their bindings become constants. */
static int const_names(jc_ctx *ctx, env *e, const ast *t, int mark)
{
    if (t->kind == A_TYPED && t->nkids)
        return const_names(ctx, e, t->kids[0], mark);
    if (t->kind == A_TUPLE || t->kind == A_PARENS) {
        for (uint32_t i = 0; i < t->nkids; i++)
            if (const_names(ctx, e, t->kids[i], mark) < 0)
                return -1;
        return 0;
    }
    if (t->kind != A_ID)
        return 0;
    int sym = t->sym;
    for (env *s = e; s; s = s->parent)
        if (s->function && !eval_scope_declared_global(s, sym))
            return mark ? 0 : err_throw(ctx, ERR_SYNTAX, t, "unsupported `const` declaration on local variable");
    binding *b = (size_t)sym < ctx->nglobals ? &ctx->globals[sym] : NULL;
    if (mark) {
        if (b && b->defined)
            b->constant = CONST_USER;
        return 0;
    }
    if (b && b->defined && !b->constant)
        return err_throw(ctx, ERR_ERROR, t, "cannot declare %s constant; it already has a value",
                         sym_name(ctx, sym));
    return 0;
}

/* A statement: 0, -1 or EV_BREAK / EV_CONTINUE / EV_RETURN. */
int eval_stmt(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    evstate *st = ST(ctx);
    /* every nesting of the AST recurses here: a guard before the C stack runs out */
    if (n->kind != A_LIT && n->kind != A_ID && eval_stack_guard(ctx, n) < 0)
        return -1;
    switch ((ast_kind)n->kind) {
    case A_LIT:
        *out = val_retain(ast_lit(n));
        return 0;
    case A_ID:
        return eval_lookup(ctx, e, n->sym, n, out);
    case A_STRING:
        return ev_string(ctx, e, n, out);
    case A_CALL:
        return ev_call(ctx, e, n, 0, out);
    case A_DOTCALL:
        return ev_call(ctx, e, n, 1, out);
    case A_JUXT: {
        value args[2];
        if (ev(ctx, e, n->kids[0], &args[0]) != 0)
            return -1;
        if (ev(ctx, e, n->kids[1], &args[1]) != 0) {
            val_release(args[0]);
            return -1;
        }
        int r = eval_call_named(ctx, st->sym_mul, 2, args, n, out);
        val_release_n(args, 2);
        return r;
    }
    case A_COMPARISON:
        return ev_comparison(ctx, e, n, out);
    case A_CHAIN:
        return ev_chain(ctx, e, n, out);
    case A_PARENS:
        return n->nkids ? eval_stmt(ctx, e, n->kids[0], out) : (*out = v_nothing(), 0);
    case A_TUPLE: {
        if (eval_is_named_tuple_form(n))
            return eval_named_tuple(ctx, e, n, ev, out);
        evargs ea;
        if (ev_args(ctx, e, (const ast *const *)n->kids, (int)n->nkids, &ea) < 0)
            return -1;
        value t = v_tuple_new((size_t)ea.n);
        memcpy(val_tuple(t)->v, ea.v, (size_t)ea.n * sizeof *ea.v);
        ea.n = 0; /* the tuple took the elements */
        eval_args_free(ctx, &ea);
        *out = t;
        return 0;
    }
    case A_VECT: case A_HCAT: case A_VCAT: case A_NCAT: case A_ROW:
    case A_TYPED_VECT: case A_TYPED_HCAT: case A_TYPED_VCAT:
    case A_COMPREHENSION: case A_TYPED_COMPREHENSION: case A_GENERATOR:
        return array_eval_literal(ctx, n, (array_eval_fn)ev, (array_eval_fn)ev_anon_body, e, out);
    case A_REF:
        return ev_ref(ctx, e, n, out);
    case A_BEGIN_END:
        return ev_begin_end(ctx, n, out);
    case A_ASSIGN: {
        if (n->flags & AF_DOTTED)
            return ev_dot_assign(ctx, e, n, out);
        if (n->kids[0]->kind == A_CALL) /* f(x) = ... written with a plain = */
            return eval_define_function(ctx, e, n->kids[0], n->kids[1], st->cur_arena, out);
        value v;
        if (ev(ctx, e, n->kids[1], &v) != 0)
            return -1;
        *out = val_retain(v);
        if (eval_assign_to(ctx, e, n->kids[0], v) < 0) {
            val_release(*out);
            return -1;
        }
        return 0;
    }
    case A_OPASSIGN:
        return ev_opassign(ctx, e, n, 0, out);
    case A_DOTOPASSIGN:
        return ev_opassign(ctx, e, n, 1, out);
    case A_FUNCDEF:
        return eval_define_function(ctx, e, n->kids[0], n->kids[1], st->cur_arena, out);
    case A_STRUCT:
    case A_ABSTRACT:
        for (env *s = e; s; s = s->parent)
            if (s->function)
                return err_throw(ctx, ERR_SYNTAX, n, "\"%s\" expression not at top level",
                                 n->kind == A_STRUCT ? "struct" : "abstract type");
        return eval_typedef(ctx, e, n, st->cur_arena, &st->typedefs, out);
    case A_ARROW:
        return eval_make_lambda(ctx, e, n, st->cur_arena, out);
    case A_TERNARY:
    case A_IF:
    case A_ELSEIF:
        return ev_if(ctx, e, n, out);
    case A_AND:
    case A_OR: {
        int truth;
        if (ev_cond(ctx, e, n->kids[0], &truth) < 0)
            return -1;
        if (truth == (n->kind == A_OR)) {
            *out = v_bool(truth);
            return 0;
        }
        return eval_stmt(ctx, e, n->kids[1], out);
    }
    case A_BLOCK:
    case A_TOPLEVEL:
        return ev_block(ctx, e, n, out);
    case A_LET:
        return ev_let(ctx, e, n, out);
    case A_FOR:
    case A_WHILE:
        if (!e) { /* a top-level loop runs compiled when it can */
            int handled, r = eval_code_toplevel(ctx, n, out, &handled);
            if (handled)
                return r;
        }
        return n->kind == A_FOR ? ev_for(ctx, e, n, out) : ev_while(ctx, e, n, out);
    case A_RETURN:
        if (n->nkids && ev(ctx, e, n->kids[0], out) != 0)
            return -1;
        if (!n->nkids)
            *out = v_nothing();
        return EV_RETURN;
    case A_BREAK:
        return EV_BREAK;
    case A_CONTINUE:
        return EV_CONTINUE;
    case A_DOT:
        return ev_dot(ctx, e, n, out);
    case A_DO:
        return ev_do(ctx, e, n, out);
    case A_MODULE:
        return eval_module(ctx, e, n, out);
    case A_EXPORT:
        if (e)
            return err_throw(ctx, ERR_SYNTAX, n, "\"export\" expression not at top level");
        *out = v_nothing();
        return 0;
    case A_USING:
        if (e)
            return err_throw(ctx, ERR_SYNTAX, n, "\"%s\" expression not at top level",
                             (n->flags & AF_PREFIX) ? "import" : "using");
        return eval_using(ctx, n, out);
    case A_QUOTE:
        if (n->nkids == 1 && n->kids[0]->kind == A_ID) {
            value v = { T_SYMBOL, 0, { .i = eval_name_symbol(ctx, n->kids[0]) } };
            *out = v;
            return 0;
        }
        return eval_quote(ctx, e, n, ev, out);
    case A_TYPED:
        return ev_typeassert(ctx, e, n, out);
    case A_CURLY: {
        evargs ea;
        if (ev_args(ctx, e, (const ast *const *)n->kids, (int)n->nkids, &ea) < 0)
            return -1;
        int r = eval_apply_type(ctx, out, ea.n, ea.v, n);
        eval_args_free(ctx, &ea);
        return r;
    }
    case A_LOCAL:
    case A_GLOBAL:
    case A_CONST: {
        *out = v_nothing();
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            if (n->kind == A_GLOBAL && !e && k->kind == A_ID)
                continue; /* global x at top level: x is global already */
            if (n->kind == A_GLOBAL && e && k->kind == A_ID) {
                e->globals = xrealloc(e->globals, (size_t)(e->nglobal + 1) * sizeof *e->globals);
                e->globals[e->nglobal++] = k->sym;
                continue;
            }
            if (n->kind == A_GLOBAL && e &&
                (k->kind == A_ASSIGN || k->kind == A_OPASSIGN || k->kind == A_DOTOPASSIGN ||
                 k->kind == A_FUNCDEF)) {
                /* global x = v, global x += 1, global a, b = t, global f() = …: the names
                 * are global */
                const ast *t = k->kids[0];
                if (t->kind == A_CALL && t->nkids)
                    t = t->kids[0];
                uint32_t nt = t->kind == A_TUPLE ? t->nkids : 1;
                for (uint32_t j = 0; j < nt; j++) {
                    const ast *id = t->kind == A_TUPLE ? t->kids[j] : t;
                    if (id->kind == A_TYPED)
                        id = id->kids[0];
                    if (id->kind != A_ID)
                        continue;
                    e->globals = xrealloc(e->globals, (size_t)(e->nglobal + 1) * sizeof *e->globals);
                    e->globals[e->nglobal++] = id->sym;
                }
            }
            if (n->kind == A_LOCAL && e && k->kind == A_ID) {
                eval_scope_define(ctx, e, k->sym, v_unassigned());
                continue;
            }
            if (n->kind == A_LOCAL && e && k->kind == A_TYPED && k->nkids == 2 &&
                k->kids[0]->kind == A_ID) { /* local y::T: unassigned, every store converts */
                value t;
                if (ev(ctx, e, k->kids[1], &t) != 0)
                    return -1;
                eval_scope_define(ctx, e, k->kids[0]->sym, v_unassigned());
                eval_typed_set(&e->typed, k->kids[0]->sym, t);
                ST(ctx)->any_typed = 1;
                continue;
            }
            value v;
            if (n->kind == A_CONST && k->kind == A_ASSIGN && const_names(ctx, e, k->kids[0], 0) < 0)
                return -1;
            if (k->kind == A_ASSIGN && n->kind == A_LOCAL && e && k->kids[0]->kind == A_ID) {
                if (ev(ctx, e, k->kids[1], &v) != 0)
                    return -1;
                eval_scope_define(ctx, e, k->kids[0]->sym, val_retain(v));
            } else if (ev(ctx, e, k, &v) != 0)
                return -1;
            if (n->kind == A_CONST && k->kind == A_ASSIGN)
                const_names(ctx, e, k->kids[0], 1);
            val_release(*out);
            *out = v;
        }
        return 0;
    }
    case A_SYNOP:
        return ev_synop(ctx, e, n, out);
    case A_TRY:
        return eval_try(ctx, e, n, (array_eval_fn)eval_stmt, out);
    case A_MACROCALL:
        return eval_macrocall(ctx, n, (macro_eval_fn)ev, e, out);
    case A_NOTHING:
        *out = v_nothing();
        return 0;
    case A_SPLAT:
        return err_throw(ctx, ERR_SYNTAX, n, "\"...\" expression outside call");
    case A_KW:
    case A_PARAMETERS:
        return err_throw(ctx, ERR_SYNTAX, n, "misplaced keyword argument");
    default:
        return err_throw(ctx, ERR_SYNTAX, n, "unsupported expression (%s)",
                        ast_kind_name((ast_kind)n->kind));
    }
}

int eval_run_tree(jc_ctx *ctx, env *e, const ast *n, arena *a, value *out)
{
    evstate *st = ST(ctx);
    arena *saved = st->cur_arena;
    st->cur_arena = a;  /* a definition it makes keeps the tree alive */
    int r = eval_ctl_resume(ctx, eval_stmt(ctx, e, n, out), out);
    st->cur_arena = saved;
    return r;
}

int eval_toplevel(jc_ctx *ctx, const ast *prog, arena *a, value *out)
{
    evstate *st = ST(ctx);
    char base;
    const char *saved_base = st->stack_base;
    arena *saved_arena = st->cur_arena;
    if (!st->stack_base)
        st->stack_base = &base;
    st->cur_arena = a;
    st->nix = 0;
    ctx->depth = 0;
    int r = eval_ctl_resume(ctx, eval_stmt(ctx, NULL, prog, out), out);
    st->cur_arena = saved_arena;
    st->stack_base = saved_base;
    if (!saved_base)
        eval_free_replaced(st);
    if (r == EV_RETURN)
        r = 0; /* `return` at top level ends the input with its value */
    else if (r == EV_BREAK || r == EV_CONTINUE)
        r = err_throw(ctx, ERR_SYNTAX, prog, "break or continue outside loop");
    /* ans is rebound after every input, even one that assigned ans itself */
    int ans = st->sym_ans;
    if (r == 0 && (size_t)ans < ctx->nglobals && ctx->globals[ans].defined &&
        !ctx->globals[ans].constant)
        eval_set_global(ctx, ans, val_retain(*out));
    return r < 0 ? -1 : 0;
}
