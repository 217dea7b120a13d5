/* array.c — arrays: storage, element types, literals, comprehensions, broadcasting and
 * display (see array.h).
 *
 * Element types follow Julia: literals promote ([1, 2.5] is Vector{Float64}), collect and
 * broadcast widen by typejoin ([x for x in (1, 2.5)] is Vector{Real}), typed literals and
 * setindex! convert.  Display reproduces base/arrayshow.jl: each column is aligned on a
 * (left, right) split of its elements' texts, matrices with more than one column print
 * their elements compactly, and with :limit (the REPL) rows and columns beyond the
 * display size are elided with ⋮, … and ⋱. */
#include "array.h"

#include <stdlib.h>
#include <string.h>

#include "range.h"
#include "types.h"

int array_convert_elt(jc_ctx *ctx, const jc_typeobj *et, value x, value *out)
{
    num_type nt;
    if (arr_is_undef(x)) {
        *out = x;
        return 0;
    }
    if (array_type_number(et, &nt)) {
        num_type xt;
        if (num_typeof(x, &xt) == 0 && xt.t == nt.t && xt.sub == nt.sub && xt.cplx == nt.cplx) {
            *out = val_retain(x);
            return 0;
        }
        int r = num_convert_to(ctx, out, nt, x);
        if (r == NUM_NOMETHOD) {
            sb tn = { 0 }, xn = { 0 };
            array_type_name(ctx, &tn, et);
            show_typename(ctx, &xn, x);
            err_throw(ctx, ERR_METHOD, NULL, "Cannot `convert` an object of type %s to an object of type %s",
                     sb_str(&xn), sb_str(&tn));
            sb_free(&tn);
            sb_free(&xn);
            return -1;
        }
        return r < 0 ? -1 : 0;
    }
    if (et && et->base == T_RATIONAL && x.type != T_RATIONAL && num_is_real(x)) {
        /* convert(Rational, x): Rational{typeof(x)} for integers, Rational{Int64} else */
        num_type rt = { T_RATIONAL, x.type == T_BIGINT ? T_BIGINT : T_INT64, 0 };
        return num_convert_to(ctx, out, rt, x) < 0 ? -1 : 0;
    }
    if (et && et->base == T_COMPLEX && !et->param && num_is_real(x)) {
        num_type xt;
        num_typeof(x, &xt);
        xt.cplx = 1;
        return num_convert_to(ctx, out, xt, x) < 0 ? -1 : 0;
    }
    if (et && et->base >= TA_ANY && !type_is_union(et) && et->base != TA_ANY) {
        jc_typeobj *xt = type_of_value(x);
        int ok = type_subtype(xt, et);
        array_type_release(xt);
        if (!ok) {
            sb tn = { 0 }, xn = { 0 };
            array_type_name(ctx, &tn, et);
            show_typename(ctx, &xn, x);
            err_throw(ctx, ERR_METHOD, NULL, "Cannot `convert` an object of type %s to an object of type %s",
                     sb_str(&xn), sb_str(&tn));
            sb_free(&tn);
            sb_free(&xn);
            return -1;
        }
    }
    *out = val_retain(x);
    return 0;
}

/* ---- storage ---- */

void array_free(obj *o)
{
    jc_array *a = (jc_array *)o;
    val_release_n(a->v, a->len);
    free(a->v);
    array_type_release(a->et);
    free(a);
}

static value arr_alloc(const jc_typeobj *et, int nd, const int64_t *dims)
{
    jc_array *a = obj_new(T_ARRAY, sizeof *a);
    a->kind = ARR_DENSE;
    a->nd = nd;
    a->len = 1;
    for (int k = 0; k < nd; k++) {
        a->dims[k] = dims[k];
        a->len *= dims[k];
    }
    a->et = et ? array_type_retain(et) : type_new(TA_ANY);
    a->v = xcalloc(nz(a->len), sizeof *a->v);
    return v_obj(T_ARRAY, 0, &a->h);
}

value array_new(jc_ctx *ctx, const jc_typeobj *et, int nd, const int64_t *dims)
{
    value r = arr_alloc(et, nd, dims);
    jc_array *a = val_array(r);
    num_type nt;
    value z = arr_undef();
    if (type_is_bits(a->et, &nt) && num_convert_to(ctx, &z, nt, v_int(0)) < 0) {
        err_clear(ctx);
        z = arr_undef();
    }
    for (int64_t i = 0; i < a->len; i++)
        a->v[i] = val_retain(z);
    val_release(z);
    return r;
}

int64_t array_length(value a) { return val_array(a)->kind == ARR_UNIFORM ? 0 : val_array(a)->len; }

int array_get_linear(jc_ctx *ctx, value v, int64_t i, value *out)
{
    jc_array *a = val_array(v);
    if (i < 0 || i >= a->len) {
        sb s = { 0 };
        array_summary(ctx, &s, v);
        err_throw(ctx, ERR_BOUNDS, NULL, "attempt to access %s at index [%lld]", sb_str(&s),
                 (long long)i + 1);
        sb_free(&s);
        return -1;
    }
    if (arr_is_undef(a->v[i]))
        return err_throw(ctx, ERR_UNDEFREF, NULL, "access to undefined reference");
    *out = val_retain(a->v[i]);
    return 0;
}

int array_set(jc_ctx *ctx, value v, int64_t i, value x, const ast *site)
{
    jc_array *a = val_array(v);
    value y;
    if (array_convert_elt(ctx, a->et, x, &y) < 0) {
        err_locate(ctx, site);
        return -1;
    }
    val_release(a->v[i]);
    a->v[i] = y;
    return 0;
}

value array_promote_eltype(jc_ctx *ctx, const value *vals, int64_t n)
{
    (void)ctx;
    if (n == 0)
        return v_obj(T_TYPE, 0, &type_new(TA_ANY)->h);
    num_type acc;
    int allnum = 1;
    for (int64_t i = 0; i < n && allnum; i++) {
        num_type t;
        if (num_typeof(vals[i], &t) < 0) {
            allnum = 0;
            break;
        }
        if (i == 0)
            acc = t;
        else if (!(t.t == acc.t && t.sub == acc.sub && t.cplx == acc.cplx))
            acc = num_promote_type(acc, t);
    }
    if (allnum)
        return num_type_value(acc);
    /* non-numbers: one common type, else Any */
    jc_typeobj *t0 = type_of_value(vals[0]);
    for (int64_t i = 1; i < n; i++) {
        jc_typeobj *ti = type_of_value(vals[i]);
        int same = array_type_equal(t0, ti);
        if (!same && t0->base == T_ARRAY && ti->base == T_ARRAY && t0->ndims == ti->ndims &&
            !(t0->flags | ti->flags)) {
            /* arrays of one rank promote their element types ([[1], [2.5]]) */
            num_type a, b;
            if (array_type_number(t0->param, &a) && array_type_number(ti->param, &b)) {
                jc_typeobj *nt = type_new(T_ARRAY);
                nt->ndims = t0->ndims;
                nt->nparams = 1;
                nt->param = val_typeobj(num_type_value(num_promote_type(a, b)));
                array_type_release(t0);
                t0 = nt;
                same = 1;
            }
        }
        array_type_release(ti);
        if (!same) {
            array_type_release(t0);
            return v_obj(T_TYPE, 0, &type_new(TA_ANY)->h);
        }
    }
    return v_obj(T_TYPE, 0, &t0->h);
}

/* Julia's collect: the join of the values' types. */
static jc_typeobj *join_eltype(const value *vals, int64_t n)
{
    if (n == 0)
        return type_new(TA_ANY);
    jc_typeobj *t = type_of_value(vals[0]);
    for (int64_t i = 1; i < n; i++) {
        if (vals[i].type == vals[i - 1].type && vals[i].sub == vals[i - 1].sub &&
            vals[i].type != T_ARRAY && vals[i].type != T_COMPLEX && vals[i].type != T_TUPLE)
            continue; /* same immediate type: nothing changes */
        jc_typeobj *ti = type_of_value(vals[i]);
        jc_typeobj *j = array_type_join(t, ti);
        array_type_release(ti);
        array_type_release(t);
        t = j;
    }
    return t;
}

value array_from_values(jc_ctx *ctx, value *vals, int64_t n, int nd, const int64_t *dims,
                        const jc_typeobj *et)
{
    jc_typeobj *t = et ? array_type_retain(et) : join_eltype(vals, n);
    int64_t d1 = n;
    value r = arr_alloc(t, nd ? nd : 1, nd ? dims : &d1);
    array_type_release(t);
    jc_array *a = val_array(r);
    for (int64_t i = 0; i < n; i++)
        a->v[i] = vals[i];
    (void)ctx;
    return r;
}

/* ---- literals ---- */

typedef struct litctx {
    jc_ctx *ctx;
    array_eval_fn eval;
    struct env *e;
} litctx;

/* Evaluates the elements of a list, expanding x... splats. */
static int eval_list(litctx *L, const ast *const *kids, int n, value **vals, int64_t *nv)
{
    int64_t cap = n + 4, cnt = 0;
    value *v = xmalloc((size_t)cap * sizeof *v);
    for (int i = 0; i < n; i++) {
        const ast *k = kids[i];
        if (k->kind == A_PARAMETERS)
            continue;
        if (k->kind == A_SPLAT) {
            value coll;
            if (L->eval(L->ctx, L->e, k->kids[0], &coll) != 0)
                goto fail;
            jc_iter it;
            if (eval_iter_init(L->ctx, &it, coll, k) < 0) {
                val_release(coll);
                goto fail;
            }
            for (;;) {
                value x;
                int r = eval_iter_next(L->ctx, &it, &x);
                if (r < 0) {
                    val_release(coll);
                    goto fail;
                }
                if (r == 0)
                    break;
                if (cnt == cap)
                    v = xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
                v[cnt++] = x;
            }
            val_release(coll);
            continue;
        }
        if (cnt == cap)
            v = xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
        if (L->eval(L->ctx, L->e, k, &v[cnt]) != 0)
            goto fail;
        cnt++;
    }
    *vals = v;
    *nv = cnt;
    return 0;
fail:
    val_release_n(v, cnt);
    free(v);
    return -1;
}

int array_check_len(jc_ctx *ctx, double nelems)
{
    /* each element is a value of 128 bits: the same budget as any other result */
    return num_check_bits(ctx, nelems * 128.0);
}

/* A range or tuple taking part in a concatenation becomes a vector. */
static int as_catpart(jc_ctx *ctx, value x, value *out)
{
    if (x.type == T_RANGE || x.type == T_TUPLE) {
        jc_iter it;
        if (eval_iter_init(ctx, &it, x, NULL) < 0)
            return -1;
        int64_t n = it.n;
        if (array_check_len(ctx, (double)n) < 0)
            return -1;
        value *v = xmalloc(nz(n) * sizeof *v);
        for (int64_t i = 0; i < n; i++)
            if (eval_iter_next(ctx, &it, &v[i]) < 0) {
                val_release_n(v, i);
                free(v);
                return -1;
            }
        *out = array_from_values(ctx, v, n, 0, NULL, NULL);
        if (x.type == T_RANGE && n == 0) {
            array_type_release(val_array(*out)->et);
            val_array(*out)->et = val_typeobj(num_typeof_value(val_range(x)->start));
        }
        free(v);
        return 0;
    }
    *out = val_retain(x);
    return 0;
}

/* Concatenates parts (owned) along dimension dim (1-based), as cat(parts...; dims=dim). */
int array_cat(jc_ctx *ctx, int dim, value *parts, int64_t np, const jc_typeobj *et,
              const ast *site, value *out)
{
    int nd = dim;
    for (int64_t i = 0; i < np; i++) {
        value c;
        if (as_catpart(ctx, parts[i], &c) < 0)
            return -1;
        val_release(parts[i]);
        parts[i] = c;
        if (c.type == T_ARRAY && val_array(c)->nd > nd)
            nd = val_array(c)->nd;
    }
    if (nd > ARR_MAXDIMS)
        return err_throw(ctx, ERR_ARGUMENT, site, "too many dimensions");
    int64_t rd[ARR_MAXDIMS];
    for (int k = 0; k < nd; k++)
        rd[k] = 1;
    rd[dim - 1] = 0;
    for (int64_t i = 0; i < np; i++) {
        int64_t pd[ARR_MAXDIMS];
        for (int k = 0; k < nd; k++) {
            pd[k] = 1;
            if (parts[i].type == T_ARRAY && k < val_array(parts[i])->nd)
                pd[k] = val_array(parts[i])->dims[k];
        }
        for (int k = 0; k < nd; k++) {
            if (k == dim - 1)
                continue;
            if (i == 0)
                rd[k] = pd[k];
            else if (pd[k] != rd[k])
                return err_throw(ctx, ERR_DIMENSION, site,
                                "mismatch in dimension %d (expected %lld got %lld)", k + 1,
                                (long long)rd[k], (long long)pd[k]);
        }
        rd[dim - 1] += pd[dim - 1];
    }
    /* element type: the given one, else the promotion of the parts' types */
    jc_typeobj *t = NULL;
    if (et)
        t = array_type_retain(et);
    else {
        value *reps = xmalloc(nz(np) * sizeof *reps);
        int64_t nr = 0;
        int abstract = 0;
        jc_typeobj *join = NULL;
        for (int64_t i = 0; i < np; i++) {
            if (parts[i].type == T_ARRAY) {
                jc_array *pa = val_array(parts[i]);
                num_type nt;
                if (array_type_number(pa->et, &nt))
                    reps[nr++] = num_type_value(nt);
                else {
                    abstract = 1;
                    jc_typeobj *j = join ? array_type_join(join, pa->et) : array_type_retain(pa->et);
                    array_type_release(join);
                    join = j;
                }
            } else
                reps[nr++] = val_retain(parts[i]);
        }
        /* promote over representatives: numbers by value type, types stand for arrays' */
        value *tv = xmalloc(nz(nr) * sizeof *tv);
        int64_t nt = 0;
        num_type acc = { 0, 0, 0 };
        int allnum = !abstract;
        for (int64_t i = 0; i < nr && allnum; i++) {
            num_type x;
            if (reps[i].type == T_TYPE)
                allnum = array_type_number(val_typeobj(reps[i]), &x);
            else
                allnum = num_typeof(reps[i], &x) == 0;
            if (allnum)
                acc = nt++ ? num_promote_type(acc, x) : x;
        }
        if (allnum && nt)
            t = val_typeobj(num_type_value(acc));
        else if (!abstract) {
            value pt = array_promote_eltype(ctx, reps, nr);
            t = val_typeobj(pt);
        } else
            t = join ? array_type_retain(join) : type_new(TA_ANY);
        array_type_release(join);
        val_release_n(reps, nr);
        free(reps);
        free(tv);
    }
    value r = arr_alloc(t, nd, rd);
    array_type_release(t);
    jc_array *ra = val_array(r);
    /* strides of the result */
    int64_t stride[ARR_MAXDIMS];
    stride[0] = 1;
    for (int k = 1; k < nd; k++)
        stride[k] = stride[k - 1] * rd[k - 1];
    int64_t offset = 0; /* along dim */
    for (int64_t i = 0; i < np; i++) {
        int64_t pd[ARR_MAXDIMS], plen = 1;
        for (int k = 0; k < nd; k++) {
            pd[k] = 1;
            if (parts[i].type == T_ARRAY && k < val_array(parts[i])->nd)
                pd[k] = val_array(parts[i])->dims[k];
            plen *= pd[k];
        }
        for (int64_t j = 0; j < plen; j++) {
            int64_t rem = j, pos = 0;
            for (int k = 0; k < nd; k++) {
                int64_t idx = rem % pd[k];
                rem /= pd[k];
                if (k == dim - 1)
                    idx += offset;
                pos += idx * stride[k];
            }
            value x = parts[i].type == T_ARRAY ? val_array(parts[i])->v[j] : parts[i];
            value y;
            if (array_convert_elt(ctx, ra->et, x, &y) < 0) {
                err_locate(ctx, site);
                val_release(r);
                return -1;
            }
            ra->v[pos] = y;
        }
        offset += pd[dim - 1];
    }
    *out = r;
    return 0;
}

static int eval_cat(litctx *L, const ast *n, int dim, const jc_typeobj *et, int first, value *out);

/* One element of a concatenation: a nested row (A_ROW), else an expression. */
static int eval_cat_part(litctx *L, const ast *k, const jc_typeobj *et, value *out)
{
    if (k->kind == A_ROW)
        return eval_cat(L, k, k->sym == 0 ? 2 : k->sym, et, 0, out);
    return L->eval(L->ctx, L->e, k, out) != 0 ? -1 : 0;
}

static int eval_cat(litctx *L, const ast *n, int dim, const jc_typeobj *et, int first, value *out)
{
    int np = (int)n->nkids - first;
    value *parts = xcalloc(nz(np), sizeof *parts);
    int cnt = 0, r = 0;
    for (int i = 0; i < np; i++) {
        const ast *k = n->kids[first + i];
        if (k->kind == A_SPLAT) {
            /* [xs...; ] splices: each element is a part */
            value *vals;
            int64_t nv;
            if (eval_list(L, &k, 1, &vals, &nv) < 0) {
                r = -1;
                break;
            }
            parts = xrealloc(parts, (size_t)(cnt + nv + np) * sizeof *parts);
            for (int64_t j = 0; j < nv; j++)
                parts[cnt++] = vals[j];
            free(vals);
            continue;
        }
        if (eval_cat_part(L, k, et, &parts[cnt]) < 0) {
            r = -1;
            break;
        }
        cnt++;
    }
    if (r == 0)
        r = array_cat(L->ctx, dim, parts, cnt, et, n, out);
    val_release_n(parts, cnt);
    free(parts);
    return r;
}

/* hvcat rows of scalars must have equal lengths: Julia names the row that does not. */
static int check_rows(jc_ctx *ctx, const ast *n, int first)
{
    int64_t ncols = -1;
    for (uint32_t i = (uint32_t)first; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        int64_t c = k->kind == A_ROW ? (int64_t)k->nkids : 1;
        for (uint32_t j = 0; k->kind == A_ROW && j < k->nkids; j++)
            if (k->kids[j]->kind == A_ROW || k->kids[j]->kind == A_SPLAT)
                return 0;
        if (ncols < 0)
            ncols = c;
        else if (c != ncols)
            return err_throw(ctx, ERR_DIMENSION, n,
                            "row %u has mismatched number of columns (expected %lld, got %lld)",
                            i - (uint32_t)first + 1, (long long)ncols, (long long)c);
    }
    return 0;
}

/* The type of a typed literal T[...]. */
static int eval_type_arg(litctx *L, const ast *k, value *tv)
{
    if (L->eval(L->ctx, L->e, k, tv) != 0)
        return -1;
    if (tv->type != T_TYPE) {
        val_release(*tv);
        return err_throw(L->ctx, ERR_TYPE, k, "in typed array literal, expected Type");
    }
    return 0;
}

/* ---- comprehensions ---- */

typedef struct clause {
    const ast *const *iters;
    int niters;
    const ast *cond;
} clause;

typedef struct genstate {
    litctx *L;
    const ast *body;
    clause *cl;
    int ncl;
    value *vals;
    int64_t n, cap;
    value *colls;      /* single-clause product: the collections, evaluated once */
} genstate;

static int gen_push(genstate *g, value v)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 16;
        g->vals = xrealloc(g->vals, (size_t)g->cap * sizeof *g->vals);
    }
    g->vals[g->n++] = v;
    return 0;
}

/* Runs clause ci, iterator ii (iterators of a clause nest last-outermost, so that the
 * first iterator varies fastest, as in Julia's product order). */
static int gen_run(genstate *g, int ci, int ii, struct env *scope)
{
    jc_ctx *ctx = g->L->ctx;
    if (ci == g->ncl) {
        value v;
        if (g->L->eval(ctx, scope, g->body, &v) != 0)
            return -1;
        return gen_push(g, v);
    }
    const clause *c = &g->cl[ci];
    if (ii < 0) {
        if (c->cond) {
            value cv;
            if (g->L->eval(ctx, scope, c->cond, &cv) != 0)
                return -1;
            int truth;
            int r = eval_truthy(ctx, cv, c->cond, &truth);
            val_release(cv);
            if (r < 0)
                return -1;
            if (!truth)
                return 0;
        }
        return gen_run(g, ci + 1, ci + 1 < g->ncl ? g->cl[ci + 1].niters - 1 : 0, scope);
    }
    const ast *spec = c->iters[ii];
    if (spec->kind != A_ITER || spec->nkids != 2)
        return err_throw(ctx, ERR_SYNTAX, spec, "invalid iteration specification");
    value coll;
    if (g->colls)
        coll = val_retain(g->colls[ii]);
    else if (g->L->eval(ctx, scope, spec->kids[1], &coll) != 0)
        return -1;
    jc_iter it;
    if (eval_iter_init(ctx, &it, coll, spec->kids[1]) < 0) {
        val_release(coll);
        return -1;
    }
    int r = 0;
    for (;;) {
        if (ctx_poll(ctx) < 0) {
            r = -1;
            break;
        }
        value x;
        int k = eval_iter_next(ctx, &it, &x);
        if (k <= 0) {
            r = k;
            break;
        }
        struct env *inner = eval_scope_new(scope);
        if (eval_scope_bind(ctx, inner, spec->kids[0], x) < 0) {
            eval_scope_release(inner);
            r = -1;
            break;
        }
        r = gen_run(g, ci, ii - 1, inner);
        eval_scope_release(inner);
        if (r < 0)
            break;
    }
    val_release(coll);
    return r;
}

/* The shape an iterable gives a comprehension over it. */
static int iter_shape(value c, int64_t *dims)
{
    if (c.type == T_ARRAY && val_array(c)->kind != ARR_UNIFORM) {
        jc_array *a = val_array(c);
        for (int k = 0; k < a->nd; k++)
            dims[k] = a->dims[k];
        return a->nd;
    }
    if (c.type == T_RANGE)
        dims[0] = range_length(c);
    else if (c.type == T_TUPLE)
        dims[0] = (int64_t)val_tuple(c)->n;
    else if (c.type == T_STRING)
        dims[0] = (int64_t)utf8_length(val_string(c)->s, val_string(c)->len);
    else
        return 0; /* a number: zero-dimensional */
    return 1;
}

static int eval_generator(litctx *L, const ast *gen, const jc_typeobj *et, value *out)
{
    jc_ctx *ctx = L->ctx;
    if (gen->kind != A_GENERATOR || gen->nkids < 2)
        return err_throw(ctx, ERR_SYNTAX, gen, "invalid comprehension");
    clause cls[32];
    int ncl = 0;
    const ast *k1 = gen->kids[1];
    if (k1->kind == A_ITER) {
        cls[0].iters = (const ast *const *)gen->kids + 1;
        cls[0].niters = (int)gen->nkids - 1;
        cls[0].cond = NULL;
        ncl = 1;
    } else {
        for (uint32_t i = 1; i < gen->nkids && ncl < 32; i++) {
            const ast *c = gen->kids[i];
            if (c->kind == A_FILTER) {
                cls[ncl].iters = (const ast *const *)c->kids + 1;
                cls[ncl].niters = (int)c->nkids - 1;
                cls[ncl].cond = c->kids[0];
            } else if (c->kind == A_ITERATION) {
                cls[ncl].iters = (const ast *const *)c->kids;
                cls[ncl].niters = (int)c->nkids;
                cls[ncl].cond = NULL;
            } else if (c->kind == A_ITER) {
                cls[ncl].iters = (const ast *const *)gen->kids + i;
                cls[ncl].niters = 1;
                cls[ncl].cond = NULL;
            } else
                return err_throw(ctx, ERR_SYNTAX, c, "invalid comprehension");
            ncl++;
        }
    }
    genstate g = { .L = L, .body = gen->kids[0], .cl = cls, .ncl = ncl };
    int shaped = ncl == 1 && !cls[0].cond;
    int nd = 0;
    int64_t dims[ARR_MAXDIMS];
    int r = 0;
    struct env *scope = eval_scope_new(L->e);
    if (shaped) {
        /* one clause: the result has the product's shape; collections evaluated once */
        g.colls = xcalloc((size_t)cls[0].niters, sizeof *g.colls);
        for (int i = 0; i < cls[0].niters && r == 0; i++) {
            const ast *spec = cls[0].iters[i];
            if (spec->kind != A_ITER || spec->nkids != 2)
                r = err_throw(ctx, ERR_SYNTAX, spec, "invalid iteration specification");
            else if (L->eval(ctx, scope, spec->kids[1], &g.colls[i]) != 0)
                r = -1;
            else {
                int64_t d[ARR_MAXDIMS];
                int k = iter_shape(g.colls[i], d);
                if (nd + k > ARR_MAXDIMS)
                    r = err_throw(ctx, ERR_ARGUMENT, gen, "too many dimensions");
                for (int j = 0; j < k && r == 0; j++)
                    dims[nd++] = d[j];
            }
        }
    }
    if (r == 0) {
        double total = 1;
        for (int j = 0; j < nd; j++)
            total *= (double)dims[j];
        r = array_check_len(ctx, total);
    }
    if (r == 0)
        r = gen_run(&g, 0, cls[0].niters - 1, scope);
    eval_scope_release(scope);
    if (g.colls) {
        val_release_n(g.colls, cls[0].niters);
        free(g.colls);
    }
    if (r < 0) {
        val_release_n(g.vals, g.n);
        free(g.vals);
        return -1;
    }
    if (!shaped || nd == 0) {
        nd = 1;
        dims[0] = g.n;
    }
    if (et) {
        for (int64_t i = 0; i < g.n; i++) {
            value y;
            if (array_convert_elt(ctx, et, g.vals[i], &y) < 0) {
                val_release_n(g.vals, g.n);
                free(g.vals);
                err_locate(ctx, gen);
                return -1;
            }
            val_release(g.vals[i]);
            g.vals[i] = y;
        }
    }
    *out = array_from_values(ctx, g.vals, g.n, nd, dims, et);
    free(g.vals);
    return 0;
}

int array_eval_literal(jc_ctx *ctx, const ast *n, array_eval_fn eval, struct env *e, value *out)
{
    litctx L = { ctx, eval, e };
    value tv = v_nothing();
    const jc_typeobj *et = NULL;
    int first = 0, r;
    switch ((ast_kind)n->kind) {
    case A_TYPED_HCAT: case A_TYPED_VCAT: case A_TYPED_NCAT: case A_TYPED_COMPREHENSION:
        if (eval_type_arg(&L, n->kids[0], &tv) < 0)
            return -1;
        et = val_typeobj(tv);
        first = 1;
        break;
    default:
        break;
    }
    switch ((ast_kind)n->kind) {
    case A_VECT: {
        value *vals;
        int64_t nv;
        if (eval_list(&L, (const ast *const *)n->kids, (int)n->nkids, &vals, &nv) < 0)
            return -1;
        value pt = array_promote_eltype(ctx, vals, nv);
        value res = arr_alloc(val_typeobj(pt), 1, &nv);
        r = 0;
        for (int64_t i = 0; i < nv; i++) {
            if (r == 0 && array_convert_elt(ctx, val_typeobj(pt), vals[i], &val_array(res)->v[i]) < 0) {
                err_locate(ctx, n);
                r = -1;
            }
            val_release(vals[i]);
        }
        free(vals);
        val_release(pt);
        if (r < 0) {
            val_release(res);
            return -1;
        }
        *out = res;
        return 0;
    }
    case A_HCAT: case A_TYPED_HCAT: case A_ROW:
        r = eval_cat(&L, n, n->kind == A_ROW && n->sym ? n->sym : 2, et, first, out);
        break;
    case A_VCAT: case A_TYPED_VCAT:
        r = check_rows(ctx, n, first);
        if (r == 0)
            r = eval_cat(&L, n, 1, et, first, out);
        break;
    case A_NCAT: case A_TYPED_NCAT:
        if (n->nkids == (uint32_t)first) {
            int64_t z = 0;
            jc_typeobj *t = et ? array_type_retain(et) : type_new(TA_ANY);
            *out = arr_alloc(t, 1, &z);
            array_type_release(t);
            r = 0;
        } else
            r = eval_cat(&L, n, n->sym > 0 ? n->sym : 1, et, first, out);
        break;
    case A_COMPREHENSION:
        r = eval_generator(&L, n->kids[0], NULL, out);
        break;
    case A_TYPED_COMPREHENSION:
        r = eval_generator(&L, n->kids[1], et, out);
        break;
    case A_GENERATOR:
        r = eval_generator(&L, n, NULL, out);
        break;
    default:
        r = err_throw(ctx, ERR_SYNTAX, n, "unsupported array expression");
        break;
    }
    val_release(tv);
    return r < 0 ? -1 : 0;
}

/* ---- broadcasting ---- */

static int bc_is_coll(value v)
{
    return (v.type == T_ARRAY && val_array(v)->kind != ARR_UNIFORM) || v.type == T_RANGE || v.type == T_TUPLE;
}

static int bc_shape(value v, int64_t *dims)
{
    if (v.type == T_ARRAY) {
        jc_array *a = val_array(v);
        memcpy(dims, a->dims, (size_t)a->nd * sizeof *dims);
        return a->nd;
    }
    if (v.type == T_RANGE) {
        dims[0] = range_length(v);
        return 1;
    }
    if (v.type == T_TUPLE) {
        dims[0] = (int64_t)val_tuple(v)->n;
        return 1;
    }
    return 0;
}

static int bc_elem(jc_ctx *ctx, value v, int64_t i, value *out)
{
    switch (v.type) {
    case T_ARRAY:
        return array_get_linear(ctx, v, i, out);
    case T_RANGE:
        return range_get(ctx, v, i, out);
    case T_TUPLE:
        *out = val_retain(val_tuple(v)->v[i]);
        return 0;
    default:
        *out = val_retain(v);
        return 0;
    }
}

/* The element type of an empty broadcast: the promotion of the arguments' types. */
static jc_typeobj *bc_empty_type(const jc_args *a)
{
    num_type acc = { 0, 0, 0 }, t;
    int have = 0;
    for (int i = 0; i < a->n; i++) {
        value v = a->v[i];
        if (v.type == T_ARRAY) {
            if (!array_type_number(val_array(v)->et, &t))
                return type_new(TA_ANY);
        } else if (v.type == T_RANGE) {
            num_typeof(val_range(v)->start, &t);
        } else if (num_typeof(v, &t) < 0)
            continue;
        acc = have++ ? num_promote_type(acc, t) : t;
    }
    return have ? val_typeobj(num_type_value(acc)) : type_new(TA_ANY);
}

int array_broadcast(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    int ncoll = 0, alltuple = 1;
    for (int i = 0; i < a->n; i++)
        if (bc_is_coll(a->v[i])) {
            ncoll++;
            alltuple &= a->v[i].type == T_TUPLE;
        }
    if (ncoll == 0)
        return eval_call_kw(ctx, f, a, out);
    if (ncoll == 1 && f.type == T_FUNCTION && !val_func(f)->methods && val_func(f)->nrows > 0) {
        /* builtin + - * / over a range and a number stay ranges, as in Julia */
        int r = range_broadcast(ctx, val_func(f)->rows[0]->name, a, out);
        if (r != LIB_DECLINE)
            return r;
    }
    int nd = 0;
    int64_t rd[ARR_MAXDIMS];
    for (int i = 0; i < a->n; i++) {
        int64_t d[ARR_MAXDIMS];
        int k = bc_shape(a->v[i], d);
        for (int j = 0; j < k; j++) {
            if (j >= nd) {
                rd[j] = d[j];
                continue;
            }
            if (d[j] == rd[j] || d[j] == 1)
                continue;
            if (rd[j] == 1) {
                rd[j] = d[j];
                continue;
            }
            return err_throw(ctx, ERR_DIMENSION, a->site,
                            "arrays could not be broadcast to a common size; got a dimension with lengths %lld and %lld",
                            (long long)rd[j], (long long)d[j]);
        }
        if (k > nd)
            nd = k;
    }
    int64_t len = 1;
    double total = 1;
    for (int j = 0; j < nd; j++) {
        len *= rd[j];
        total *= (double)rd[j];
    }
    if (array_check_len(ctx, total) < 0)
        return -1;
    value *res = xmalloc(nz(len) * sizeof *res);
    value *args = xmalloc(nz(a->n) * sizeof *args);
    int64_t (*adims)[ARR_MAXDIMS] = xmalloc(nz(a->n) * sizeof *adims);
    int *and = xmalloc(nz(a->n) * sizeof *and);
    for (int i = 0; i < a->n; i++)
        and[i] = bc_shape(a->v[i], adims[i]);
    int64_t cnt = 0;
    int r = 0;
    for (int64_t li = 0; li < len && r == 0; li++) {
        if (ctx_poll(ctx) < 0) {
            r = -1;
            break;
        }
        int64_t idx[ARR_MAXDIMS], rem = li;
        for (int j = 0; j < nd; j++) {
            idx[j] = rem % rd[j];
            rem /= rd[j];
        }
        int got = 0;
        for (int i = 0; i < a->n; i++) {
            int64_t pos = 0, stride = 1;
            for (int j = 0; j < and[i]; j++) {
                pos += (adims[i][j] == 1 ? 0 : idx[j]) * stride;
                stride *= adims[i][j];
            }
            if (bc_elem(ctx, a->v[i], pos, &args[i]) < 0) {
                r = -1;
                break;
            }
            got++;
        }
        if (r == 0) {
            jc_args ca = *a;
            ca.v = args;
            r = eval_call_kw(ctx, f, &ca, &res[cnt]) < 0 ? -1 : 0;
            if (r == 0)
                cnt++;
        }
        val_release_n(args, got);
    }
    free(args);
    free(adims);
    free(and);
    if (r < 0) {
        val_release_n(res, cnt);
        free(res);
        return -1;
    }
    if (alltuple) {
        value t = v_tuple_new((size_t)len);
        memcpy(val_tuple(t)->v, res, (size_t)len * sizeof *res);
        free(res);
        *out = t;
        return 0;
    }
    jc_typeobj *et = len == 0 ? bc_empty_type(a) : NULL;
    *out = array_from_values(ctx, res, len, nd, rd, et);
    array_type_release(et);
    free(res);
    /* Julia packs a broadcast's Bool results into a BitArray */
    if (out->type == T_ARRAY && val_array(*out)->et && val_array(*out)->et->base == T_BOOL)
        val_array(*out)->bits = 1;
    return 0;
}

/* ---- type syntax and constructors ---- */

static value array_type_value(int nd)
{
    jc_typeobj *t = type_new(T_ARRAY);
    t->ndims = nd;
    return v_obj(T_TYPE, 0, &t->h);
}

static value c_undef(void) { value v = { T_SYMBOL, 2, { .i = -1 } }; return v; }

static int is_undef(value v) { return v.type == T_SYMBOL && v.sub == 2; }

void array_install_constants(jc_ctx *ctx)
{
    static const struct { const char *name; int nd; } at[] = {
        { "Vector", 1 }, { "Matrix", 2 }, { "Array", -1 },
    };
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        int sym = sym_intern(ctx, at[i].name, strlen(at[i].name));
        eval_set_global(ctx, sym, array_type_value(at[i].nd));
        ctx->globals[sym].constant = 1;
    }
    jc_typeobj *u = type_new(TA_ANY);
    u->flags = ARR_TYPEF_UNION;
    int sym = sym_intern(ctx, "Union", 5);
    eval_set_global(ctx, sym, v_obj(T_TYPE, 0, &u->h));
    ctx->globals[sym].constant = 1;
    sym = sym_intern(ctx, "undef", 5);
    eval_set_global(ctx, sym, c_undef());
    ctx->globals[sym].constant = 1;
    /* I = UniformScaling(true) */
    num_type bt = { T_BOOL, 0, 0 };
    value bty = num_type_value(bt);
    value iv = arr_alloc(val_typeobj(bty), 0, NULL);
    val_release(bty);
    val_array(iv)->kind = ARR_UNIFORM;
    val_array(iv)->v[0] = v_bool(1);
    sym = sym_intern(ctx, "I", 1);
    eval_set_global(ctx, sym, iv);
    ctx->globals[sym].constant = 1;
}

int array_apply_type(jc_ctx *ctx, value *out, int n, const value *args, const ast *site)
{
    const jc_typeobj *base = val_typeobj(args[0]);
    if (type_is_union(base) && !base->nelts) {
        jc_typeobj *u = type_new(TA_ANY);
        u->flags = ARR_TYPEF_UNION;
        u->elts = xcalloc(nz(n), sizeof *u->elts);
        for (int i = 1; i < n; i++) {
            if (args[i].type != T_TYPE) {
                array_type_release(u);
                return err_throw(ctx, ERR_TYPE, site, "in Union, expected Type");
            }
            const jc_typeobj *m = val_typeobj(args[i]);
            int dup = 0;
            for (size_t j = 0; j < u->nelts; j++)
                dup |= array_type_equal(u->elts[j], m);
            if (!dup)
                u->elts[u->nelts++] = array_type_retain(m);
        }
        if (u->nelts == 1) {
            jc_typeobj *m = array_type_retain(u->elts[0]);
            array_type_release(u);
            *out = v_obj(T_TYPE, 0, &m->h);
            return 0;
        }
        *out = v_obj(T_TYPE, 0, &u->h);
        return 0;
    }
    if (base->base != T_ARRAY || base->param || base->flags)
        return LIB_DECLINE;
    if (n < 2 || n > 3 || args[1].type != T_TYPE)
        return err_throw(ctx, ERR_TYPE, site, "in Array, expected Type");
    int nd = base->ndims;
    if (n == 3) {
        if (args[2].type != T_INT64 || args[2].u.i < 0 || args[2].u.i > ARR_MAXDIMS || nd >= 0)
            return err_throw(ctx, ERR_TYPE, site, "in Array, expected a dimension count");
        nd = (int)args[2].u.i;
    }
    jc_typeobj *t = type_new(T_ARRAY);
    t->ndims = nd;
    t->nparams = 1;
    t->param = array_type_retain(val_typeobj(args[1]));
    *out = v_obj(T_TYPE, 0, &t->h);
    return 0;
}

int array_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a)
{
    if (t->base != T_ARRAY || t->flags)
        return LIB_DECLINE;
    if (a->n >= 1 && is_undef(a->v[0])) {
        int nd = a->n - 1;
        int64_t dims[ARR_MAXDIMS];
        const value *dv = a->v + 1;
        if (a->n == 2 && a->v[1].type == T_TUPLE) {
            nd = (int)val_tuple(a->v[1])->n;
            dv = val_tuple(a->v[1])->v;
        }
        if (nd < 1 || nd > ARR_MAXDIMS || (t->ndims >= 0 && t->ndims != nd))
            return lib_no_method(ctx, t->ndims == 1 ? "Vector" : t->ndims == 2 ? "Matrix" : "Array", a);
        for (int k = 0; k < nd; k++) {
            if (num_to_int64(ctx, dv[k], &dims[k]) < 0)
                return -1;
            if (dims[k] < 0)
                return err_throw(ctx, ERR_ARGUMENT, a->site,
                                "invalid Array dimensions");
        }
        double total = 1;
        for (int k = 0; k < nd; k++)
            total *= (double)dims[k];
        if (array_check_len(ctx, total) < 0)
            return -1;
        jc_typeobj *et = t->param ? array_type_retain(t->param) : type_new(TA_ANY);
        *out = array_new(ctx, et, nd, dims);
        array_type_release(et);
        return 0;
    }
    if (a->n == 1 && (a->v[0].type == T_ARRAY || a->v[0].type == T_RANGE || a->v[0].type == T_TUPLE)) {
        /* Vector{T}(x), Matrix(x): a converted copy */
        value src = a->v[0];
        int64_t dims[ARR_MAXDIMS];
        int nd = bc_shape(src, dims);
        if (t->ndims >= 0 && t->ndims != nd)
            return lib_no_method(ctx, t->ndims == 1 ? "Vector" : "Matrix", a);
        const jc_typeobj *et = t->param;
        value r;
        if (et)
            r = arr_alloc(et, nd, dims);
        else if (src.type == T_ARRAY)
            r = arr_alloc(val_array(src)->et, nd, dims);
        else {
            value tmp;
            if (as_catpart(ctx, src, &tmp) < 0)
                return -1;
            *out = tmp;
            return 0;
        }
        jc_array *ra = val_array(r);
        for (int64_t i = 0; i < ra->len; i++) {
            value x;
            if (bc_elem(ctx, src, i, &x) < 0 || array_convert_elt(ctx, ra->et, x, &ra->v[i]) < 0) {
                if (ra->v[i].type == T_NOTHING)
                    ra->v[i] = arr_undef();
                val_release(r);
                return -1;
            }
            val_release(x);
        }
        *out = r;
        return 0;
    }
    return LIB_DECLINE;
}

int array_is_colon(jc_ctx *ctx, value v)
{
    return v.type == T_FUNCTION && val_func(v)->name >= 0 && !strcmp(sym_name(ctx, val_func(v)->name), ":");
}

/* ---- description ---- */

void array_summary(jc_ctx *ctx, sb *out, value v)
{
    jc_array *a = val_array(v);
    if (a->kind == ARR_ADJVEC || a->kind == ARR_TRANSVEC) {
        sb_printf(out, "1×%lld %s(::Vector{", (long long)a->dims[1],
                  a->kind == ARR_ADJVEC ? "adjoint" : "transpose");
        array_type_name(ctx, out, a->et);
        sb_puts(out, "}) with eltype ");
        array_type_name(ctx, out, a->et);
        return;
    }
    if (a->nd == 1)
        sb_printf(out, "%lld-element ", (long long)a->dims[0]);
    else {
        for (int k = 0; k < a->nd; k++)
            sb_printf(out, k ? "×%lld" : "%lld", (long long)a->dims[k]);
        sb_putc(out, ' ');
    }
    array_typename(ctx, out, v);
}
