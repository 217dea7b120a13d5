/* eval_gen.c — generators as lazy values, as Julia's Base.Generator.
 *
 * `(f(x) for x in itr)` is Base.Generator{I, F}(f, itr): the body becomes an anonymous
 * function of the iteration variable (a closure over the scope it is written in, so
 * that it sees later assignments to the variables it names), and nothing is computed
 * until the generator is iterated; `… if cond` wraps itr in
 * Base.Iterators.Filter{F, I}(cond, itr).  The two are structs of Base with Julia's
 * field names (g.f, g.iter; flt, itr), made at a context's first generator, so that
 * typeof, show and getfield need nothing of their own.  eval_iter.c iterates them
 * natively.  A generator with several iterators or for clauses (Julia's product and
 * flatten) is still evaluated at once, into an array. */
#include <stdlib.h>
#include <string.h>

#include "eval_impl.h"
#include "types.h"

jc_typeobj *eval_base_struct(jc_ctx *ctx, const char *name, int nparams, const char *const *pnames,
                             int nfields, const char *const *fnames, int mutable_)
{
    evstate *st = ST(ctx);
    jc_typedef *d = xcalloc(1, sizeof *d);
    d->name = sym_intern(ctx, name, strlen(name));
    d->nparams = nparams;
    d->pvars = nparams ? xcalloc((size_t)nparams, sizeof *d->pvars) : NULL;
    for (int i = 0; i < nparams; i++) {
        d->pvars[i] = type_new(TK_TYPEVAR);
        d->pvars[i]->sym = sym_intern(ctx, pnames[i], strlen(pnames[i])) + 1;
    }
    d->nfields = nfields;
    d->fnames = xcalloc((size_t)nfields, sizeof *d->fnames);
    d->ftypes = xcalloc((size_t)nfields, sizeof *d->ftypes);
    for (int i = 0; i < nfields; i++)
        d->fnames[i] = sym_intern(ctx, fnames[i], strlen(fnames[i]));
    d->mutable_ = mutable_;
    d->in_base = 1;
    d->file = "boot.jl";
    d->next = st->typedefs;
    st->typedefs = d;
    jc_typeobj *t = type_new(TK_STRUCT);
    t->def = d;
    return t;
}

/* A struct of Base with two parameters and two fields typed by them: name{P0, P1} with
 * fields f0::P(t0), f1::P(t1). */
static jc_typeobj *base_struct2(jc_ctx *ctx, const char *name, const char *p0, const char *p1,
                                const char *f0, int t0, const char *f1, int t1)
{
    jc_typeobj *t = eval_base_struct(ctx, name, 2, (const char *const[]){ p0, p1 }, 2,
                                     (const char *const[]){ f0, f1 }, 0);
    jc_typedef *d = t->def;
    d->ftypes[0] = type_retain(d->pvars[t0]);
    d->ftypes[1] = type_retain(d->pvars[t1]);
    d->file = "generator.jl";
    return t;
}

static void gen_types(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    if (st->gen_type)
        return;
    st->gen_type = base_struct2(ctx, "Base.Generator", "I", "F", "f", 1, "iter", 0);
    st->filter_type = base_struct2(ctx, "Base.Iterators.Filter", "F", "I", "flt", 0, "itr", 1);
}

int eval_gen_kind(jc_ctx *ctx, value v)
{
    evstate *st = ST(ctx);
    if (v.type != T_STRUCT || !st->gen_type)
        return 0;
    const jc_typedef *d = val_struct(v)->type->def;
    return d == st->gen_type->def ? 1 : d == st->filter_type->def ? 2 : 0;
}

int eval_eltype_of(jc_ctx *ctx, value x, const ast *site, value *out)
{
    value t;
    if (eval_call_global(ctx, "eltype", 1, &x, site, &t) < 0) {
        err_clear(ctx);
        return 0;
    }
    if (t.type != T_TYPE) {
        val_release(t);
        return 0;
    }
    *out = t;
    return 1;
}

/* Whether f is x -> x: one method of one parameter whose body is that parameter. */
static int is_identity(value f)
{
    if (f.type != T_FUNCTION)
        return 0;
    const jc_method *m = val_func(f)->methods;
    if (!m || m->next || m->nparams != 1 || m->vararg || m->nkw || !m->body)
        return 0;
    const ast *b = m->body;
    while (b->kind == A_BLOCK && b->nkids == 1)
        b = b->kids[0];
    return b->kind == A_ID && b->sym == m->params[0];
}

int eval_gen_empty_eltype(jc_ctx *ctx, value v, const ast *site, value *out)
{
    /* (x for x in itr) and Iterators.Filter: itr's, through filters, not through
     * another generator */
    int kind = eval_gen_kind(ctx, v);
    if (!kind || (kind == 1 && !is_identity(val_struct(v)->v[0])))
        return 0;
    value it = val_struct(v)->v[1];
    int inner = eval_gen_kind(ctx, it);
    if (kind == 1 && inner == 1)
        return 0;
    return inner ? eval_gen_empty_eltype(ctx, it, site, out) : eval_eltype_of(ctx, it, site, out);
}

int eval_gen_type_named(jc_ctx *ctx, const char *mod, const char *name, value *out)
{
    size_t ml = strlen(mod);
    int gen = ml >= 4 && !strcmp(mod + ml - 4, "Base") && !strcmp(name, "Generator");
    int flt = ml >= 9 && !strcmp(mod + ml - 9, "Iterators") && !strcmp(name, "Filter");
    if (!gen && !flt)
        return 0;
    gen_types(ctx);
    jc_typeobj *t = gen ? ST(ctx)->gen_type : ST(ctx)->filter_type;
    *out = val_retain(v_obj(T_TYPE, 0, &t->h));
    return 1;
}

/* iterate(g[, state]) as Julia defines it for the two: a generator's state is its
 * iterator's, a filter's the state after the element it found. */
int eval_gen_iterate(jc_ctx *ctx, value *out, int n, const value *v, const ast *site)
{
    int kind = eval_gen_kind(ctx, v[0]);
    if (!kind)
        return LIB_DECLINE;
    jc_struct *s = val_struct(v[0]);
    value args[2] = { s->v[1], n > 1 ? val_retain(v[1]) : v_nothing() }, y;
    int r = 0;
    for (;;) {
        if ((r = eval_call_global(ctx, "iterate", n > 1 ? 2 : 1, args, site, &y)) < 0)
            break;
        if (y.type != T_TUPLE || val_tuple(y)->n != 2) {
            *out = y; /* nothing, or the inner iterate's own mistake for the caller to name */
            break;
        }
        value fx;
        if ((r = eval_call(ctx, s->v[0], 1, &val_tuple(y)->v[0], site, &fx)) < 0) {
            val_release(y);
            break;
        }
        if (kind == 1) {
            val_release(val_tuple(y)->v[0]);
            val_tuple(y)->v[0] = fx;
            *out = y;
            break;
        }
        int truth;
        r = eval_truthy(ctx, fx, site, &truth);
        val_release(fx);
        if (r < 0 || truth) {
            if (r < 0)
                val_release(y);
            else
                *out = y;
            break;
        }
        val_release(args[1]);
        args[1] = val_retain(val_tuple(y)->v[1]);
        n = 2;
        val_release(y);
        if ((r = ctx_poll(ctx)) < 0)
            break;
    }
    val_release(args[1]);
    return r < 0 ? -1 : 0;
}

/* type{…}(a, b), the parameters from the arguments. */
static int make2(jc_ctx *ctx, jc_typeobj *type, value a, value b, const ast *site, value *out)
{
    value args[2] = { a, b };
    jc_args ja = { .n = 2, .v = args, .site = site };
    return eval_struct_call(ctx, v_obj(T_TYPE, 0, &type->h), &ja, out);
}

int eval_gen_make(jc_ctx *ctx, struct env *e, const ast *gen, eval_expr_fn ev, value *out)
{
    /* one clause of one iterator over a plain variable, with a filter or not */
    if (gen->nkids != 2)
        return 0;
    const ast *spec = gen->kids[1], *cond = NULL;
    if (spec->kind == A_FILTER) {
        if (spec->nkids != 2)
            return 0;
        cond = spec->kids[0];
        spec = spec->kids[1];
    }
    if (spec->kind != A_ITER || spec->nkids != 2 || spec->kids[0]->kind != A_ID)
        return 0;
    gen_types(ctx);
    value itr;
    if (ev(ctx, e, spec->kids[1], &itr) != 0)
        return -1;
    const ast *var = spec->kids[0];
    value f, g;
    if (cond) {
        value p;
        if (eval_make_lambda_of(ctx, e, &var, 1, cond, &p) < 0) {
            val_release(itr);
            return -1;
        }
        int r = make2(ctx, ST(ctx)->filter_type, p, itr, gen, &g);
        val_release(p);
        val_release(itr);
        if (r < 0)
            return -1;
        itr = g;
    }
    if (eval_make_lambda_of(ctx, e, &var, 1, gen->kids[0], &f) < 0) {
        val_release(itr);
        return -1;
    }
    int r = make2(ctx, ST(ctx)->gen_type, f, itr, gen, out);
    val_release(f);
    val_release(itr);
    return r < 0 ? -1 : 1;
}
