/* eval_array.c — array literals and comprehensions: [a, b], [a b; c d], [a;; b],
 * T[...], [f(x) for x in xs if p(x)] and generators collected into arrays.
 *
 * Element types follow Julia: literals promote ([1, 2.5] is Vector{Float64}), collect
 * widens by typejoin ([x for x in (1, 2.5)] is Vector{Real}), typed literals convert.
 * The evaluator passes its own eval function in; storage and concatenation are
 * array.c's. */
#include "array.h"
#include "eval_impl.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "range.h"
#include "size.h"
#include "types.h"

typedef struct litctx {
    jc_ctx *ctx;
    array_eval_fn eval;
    struct env *e;
    array_eval_fn body;
} litctx;

/* Doubles the capacity of a list of values that grows with what it is given ([r...],
 * a filtered comprehension): each size is charged to the --max-bits budget first, so
 * [(1:2^62)...] ends in an OverflowError, not out of memory. */
static int grow(jc_ctx *ctx, value **v, int64_t *cap)
{
    int64_t c;
    if (size_mul(*cap ? *cap : 8, 2, &c) < 0)
        return err_throw(ctx, ERR_ARGUMENT, NULL, "invalid Array dimensions");
    if (array_check_len(ctx, (double)*cap + 1) < 0) /* the elements held, not the capacity */
        return -1;
    *v = xrealloc(*v, (size_t)c * sizeof **v);
    *cap = c;
    return 0;
}

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
            if (eval_iter_init_proto(L->ctx, &it, coll, k) < 0) {
                val_release(coll);
                goto fail;
            }
            for (;;) {
                value x;
                int r = eval_iter_step(L->ctx, &it, &x);
                if (r > 0 && cnt == cap && grow(L->ctx, &v, &cap) < 0) {
                    val_release(x);
                    r = -1;
                }
                if (r <= 0) {
                    eval_iter_done(&it);
                    val_release(coll);
                    if (r < 0)
                        goto fail;
                    break;
                }
                v[cnt++] = x;
            }
            continue;
        }
        if (cnt == cap && grow(L->ctx, &v, &cap) < 0)
            goto fail;
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

/* Reorders an r×c matrix stored row by row into column-major order, in place, by
 * following each cycle of the permutation (a bit per element marks those moved). */
static void transpose_in_place(value *v, int64_t r, int64_t c)
{
    int64_t n = r * c;
    if (r < 2 || c < 2)
        return; /* a row or a column is the same in both orders */
    uint64_t *done = xcalloc((size_t)(n + 63) / 64, sizeof *done);
    for (int64_t s = 0; s < n; s++) {
        if (done[s / 64] >> (s % 64) & 1)
            continue;
        value cur = v[s];
        int64_t k = s;
        do { /* the element at row-major k = i c + j belongs at j r + i */
            int64_t to = (k % c) * r + k / c;
            value next = v[to];
            v[to] = cur;
            cur = next;
            done[to / 64] |= (uint64_t)1 << (to % 64);
            k = to;
        } while (k != s);
    }
    free(done);
}

/* [a b; c d] whose rows hold only expressions (no nested rows, no splats), as Julia's
 * hvcat: every element is evaluated first, row by row, into one buffer.  When none is
 * an array or a range, the rows must be equally long and the matrix is made from the
 * elements at once, of element type et or else the type promoted over all of them (no
 * row is made on the way); else each row is concatenated and the rows stacked, from
 * the same values, so that [[1 2] 3; 4 5 6] is 2×3.  1 when done (or failed: -1), 0
 * when the literal has another shape. */
static int eval_rows(litctx *L, const ast *n, const jc_typeobj *et, int first, value *out)
{
    jc_ctx *ctx = L->ctx;
    int64_t nrows = (int64_t)n->nkids - first, total = 0;
    if (nrows <= 0)
        return 0;
    for (uint32_t i = (uint32_t)first; i < n->nkids; i++) {
        const ast *row = n->kids[i];
        if (row->kind != A_ROW || row->sym || !row->nkids)
            return 0;
        for (uint32_t j = 0; j < row->nkids; j++)
            if (row->kids[j]->kind == A_ROW || row->kids[j]->kind == A_SPLAT)
                return 0;
        total += row->nkids; /* bounded by the number of nodes */
    }
    value *vals = xmalloc(nz(total) * sizeof *vals);
    int64_t cnt = 0;
    int scalars = 1;
    for (int64_t i = 0; i < nrows; i++) {
        const ast *row = n->kids[first + i];
        for (uint32_t j = 0; j < row->nkids; j++, cnt++) {
            if (L->eval(ctx, L->e, row->kids[j], &vals[cnt]) != 0) {
                val_release_n(vals, cnt);
                free(vals);
                return -1;
            }
            scalars = scalars && vals[cnt].type != T_ARRAY && vals[cnt].type != T_RANGE;
        }
    }
    int r = 0;
    if (scalars) {
        int64_t ncols = n->kids[first]->nkids;
        r = check_rows(ctx, n, first); /* rows of scalars are equally long */
        /* converted where they are, put in column-major order in place, and adopted as
         * the matrix's storage: the elements are held once */
        value pt = v_nothing();
        if (r == 0 && !et)
            pt = array_promote_eltype(ctx, vals, total);
        const jc_typeobj *t = et ? et : val_typeobj(pt);
        for (int64_t k = 0; k < total && r == 0; k++) {
            value y;
            if (array_convert_elt(ctx, t, vals[k], &y) < 0) {
                err_locate(ctx, n);
                r = -1;
                break;
            }
            val_release(vals[k]);
            vals[k] = y;
        }
        if (r == 0) {
            transpose_in_place(vals, nrows, ncols);
            int64_t dims[2] = { nrows, ncols };
            *out = array_adopt(t, 2, dims, vals, total);
            vals = NULL;
            total = 0;
        }
        val_release(pt);
    } else {
        value *rows = xmalloc(nz(nrows) * sizeof *rows);
        int64_t made = 0, off = 0;
        for (; made < nrows; made++) {
            const ast *row = n->kids[first + made];
            if ((r = array_cat(ctx, 2, vals + off, row->nkids, et, row, &rows[made])) < 0)
                break;
            off += row->nkids;
        }
        if (r == 0)
            r = array_cat(ctx, 1, rows, nrows, et, n, out);
        val_release_n(rows, made);
        free(rows);
    }
    val_release_n(vals, total);
    free(vals);
    return r < 0 ? -1 : 1;
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
    value first;       /* one clause, one iterator, a filter: its collection (v_nothing) */
    array_sink_fn sink; /* streaming: each element goes here instead of into vals */
    void *sink_arg;
} genstate;

static int gen_push(genstate *g, value v)
{
    if (g->sink)
        return g->sink(g->L->ctx, g->sink_arg, v);
    if (g->n == g->cap && grow(g->L->ctx, &g->vals, &g->cap) < 0) {
        val_release(v);
        return -1;
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
        if (g->L->body(ctx, scope, g->body, &v) != 0)
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
    if (ci == 0 && g->ncl == 1 && c->niters == 1 && g->first.type == T_NOTHING)
        g->first = val_retain(coll);
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, coll, spec->kids[1]) < 0) {
        val_release(coll);
        return -1;
    }
    int r = 0;
    struct env *inner = NULL; /* one scope serves every element that leaves it unshared */
    for (;;) {
        value x;
        int k = eval_iter_step(ctx, &it, &x);
        if (k <= 0) {
            r = k;
            break;
        }
        if (!inner)
            inner = eval_scope_new(scope);
        if (eval_scope_bind(ctx, inner, spec->kids[0], x) < 0) {
            r = -1;
            break;
        }
        r = gen_run(g, ci, ii - 1, inner);
        if (!eval_scope_reuse(ctx, inner))
            inner = NULL;
        if (r != 0) /* an error, or a sink that has seen enough */
            break;
    }
    if (inner)
        eval_scope_drop(ctx, inner);
    eval_iter_done(&it);
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

/* The clauses of a generator: one product of iterators, or nested for/if clauses. */
static int gen_clauses(jc_ctx *ctx, const ast *gen, clause *cls, int *pncl)
{
    if (gen->kind != A_GENERATOR || gen->nkids < 2)
        return err_throw(ctx, ERR_SYNTAX, gen, "invalid comprehension");
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
    *pncl = ncl;
    return 0;
}

/* Evaluates the collections of a one-clause product once, into g->colls. */
static int gen_colls(genstate *g, struct env *scope, int64_t *dims, int *pnd)
{
    litctx *L = g->L;
    const clause *c = &g->cl[0];
    int r = 0, nd = 0;
    g->colls = xcalloc((size_t)c->niters, sizeof *g->colls);
    for (int i = 0; i < c->niters && r == 0; i++) {
        const ast *spec = c->iters[i];
        if (spec->kind != A_ITER || spec->nkids != 2)
            r = err_throw(L->ctx, ERR_SYNTAX, spec, "invalid iteration specification");
        else if (L->eval(L->ctx, scope, spec->kids[1], &g->colls[i]) != 0)
            r = -1;
        else if (dims) {
            int64_t d[ARR_MAXDIMS];
            int k = iter_shape(g->colls[i], d);
            if (nd + k > ARR_MAXDIMS)
                r = err_throw(L->ctx, ERR_ARGUMENT, spec, "too many dimensions");
            for (int j = 0; j < k && r == 0; j++)
                dims[nd++] = d[j];
        }
    }
    if (pnd)
        *pnd = nd;
    return r;
}

int array_eval_generator_fold(jc_ctx *ctx, const ast *gen, array_eval_fn eval, array_eval_fn body,
                              struct env *e, array_sink_fn sink, void *arg)
{
    litctx L = { ctx, eval, e, body };
    clause cls[32];
    int ncl;
    if (gen_clauses(ctx, gen, cls, &ncl) < 0)
        return -1;
    genstate g = { .L = &L, .body = gen->kids[0], .cl = cls, .ncl = ncl, .sink = sink, .sink_arg = arg,
                   .first = v_nothing() };
    struct env *scope = eval_scope_new(e);
    int r = 0;
    if (ncl == 1 && !cls[0].cond)
        r = gen_colls(&g, scope, NULL, NULL);
    if (r == 0)
        r = gen_run(&g, 0, cls[0].niters - 1, scope);
    eval_scope_release(scope);
    val_release(g.first);
    if (g.colls) {
        val_release_n(g.colls, cls[0].niters);
        free(g.colls);
    }
    return r < 0 ? -1 : r;
}

static int eval_generator(litctx *L, const ast *gen, const jc_typeobj *et, value *out)
{
    jc_ctx *ctx = L->ctx;
    clause cls[32];
    int ncl;
    if (gen_clauses(ctx, gen, cls, &ncl) < 0)
        return -1;
    genstate g = { .L = L, .body = gen->kids[0], .cl = cls, .ncl = ncl, .first = v_nothing() };
    int shaped = ncl == 1 && !cls[0].cond;
    int nd = 0;
    int64_t dims[ARR_MAXDIMS];
    int r = 0;
    struct env *scope = eval_scope_new(L->e);
    if (shaped) /* one clause: the result has the product's shape */
        r = gen_colls(&g, scope, dims, &nd);
    if (r == 0) {
        double total = 1;
        for (int j = 0; j < nd; j++)
            total *= (double)dims[j];
        r = array_check_len(ctx, total);
    }
    if (r == 0)
        r = gen_run(&g, 0, cls[0].niters - 1, scope);
    eval_scope_release(scope);
    /* nothing came out of [x for x in c …]: Julia's element type is c's, as inference
     * finds it; for another body it stays unknown (Any) */
    value empty_et = v_nothing();
    if (r == 0 && g.n == 0 && !et && ncl == 1 && cls[0].niters == 1 && g.body->kind == A_ID &&
        cls[0].iters[0]->kind == A_ITER && cls[0].iters[0]->kids[0]->kind == A_ID &&
        cls[0].iters[0]->kids[0]->sym == g.body->sym) {
        value coll = g.colls ? g.colls[0] : g.first;
        if (coll.type != T_NOTHING && eval_eltype_of(ctx, coll, gen, &empty_et))
            et = val_typeobj(empty_et);
    }
    val_release(g.first);
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
    if (et && array_convert_all(ctx, et, g.vals, g.n) < 0) {
        free(g.vals);
        err_locate(ctx, gen);
        return -1;
    }
    *out = array_from_values(ctx, g.vals, g.n, nd, dims, et);
    val_release(empty_et);
    free(g.vals);
    return 0;
}

int array_vect_of(jc_ctx *ctx, value *vals, int64_t nv, const ast *site, value *out)
{
    /* the elements are converted where they are, and their buffer becomes the
     * vector's storage: a data literal is held once, not twice */
    value pt = array_promote_eltype(ctx, vals, nv);
    if (array_convert_all(ctx, val_typeobj(pt), vals, nv) < 0) {
        err_locate(ctx, site);
        free(vals);
        val_release(pt);
        return -1;
    }
    *out = array_adopt(val_typeobj(pt), 1, &nv, vals, nv);
    val_release(pt);
    return 0;
}

int array_eval_literal(jc_ctx *ctx, const ast *n, array_eval_fn eval, array_eval_fn body,
                       struct env *e, value *out)
{
    litctx L = { ctx, eval, e, body };
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
        return array_vect_of(ctx, vals, nv, n, out);
    }
    case A_HCAT: case A_TYPED_HCAT: case A_ROW:
        r = eval_cat(&L, n, n->kind == A_ROW && n->sym ? n->sym : 2, et, first, out);
        break;
    case A_VCAT: case A_TYPED_VCAT:
        r = eval_rows(&L, n, et, first, out);
        if (r == 0 && (r = check_rows(ctx, n, first)) == 0)
            r = eval_cat(&L, n, 1, et, first, out);
        break;
    case A_NCAT: case A_TYPED_NCAT:
        if (n->nkids == (uint32_t)first) {
            int64_t z = 0;
            jc_typeobj *t = et ? type_retain(et) : type_new(TA_ANY);
            *out = array_alloc(t, 1, &z);
            type_release(t);
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
        r = eval_gen_make(ctx, L.e, n, (eval_expr_fn)L.eval, out);
        if (r == 0)
            r = eval_generator(&L, n, NULL, out);
        break;
    default:
        r = err_throw(ctx, ERR_SYNTAX, n, "unsupported array expression");
        break;
    }
    val_release(tv);
    return r < 0 ? -1 : 0;
}

