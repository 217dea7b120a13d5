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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exc.h"
#include "size.h"
#include "range.h"
#include "types.h"

int array_convert_elt(jc_ctx *ctx, const jc_typeobj *et, value x, value *out)
{
    num_type nt;
    if (arr_is_undef(x)) {
        *out = x;
        return 0;
    }
    if (type_number(et, &nt)) {
        num_type xt;
        if (num_typeof(x, &xt) == 0 && xt.t == nt.t && xt.sub == nt.sub && xt.cplx == nt.cplx) {
            *out = val_retain(x);
            return 0;
        }
        int r = num_convert_to(ctx, out, nt, x);
        if (r == NUM_NOMETHOD) {
            sb tn = { 0 }, xn = { 0 };
            type_name(ctx, &tn, et);
            type_name_of(ctx, &xn, x);
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
    if (et && et->base == T_ARRAY && et->param && x.type == T_ARRAY &&
        val_array(x)->kind != ARR_UNIFORM && (et->ndims < 0 || et->ndims == val_array(x)->nd) &&
        !type_equal(val_array(x)->et, et->param)) {
        /* convert(Vector{Float64}, [2]): a new array of the element type, as Julia's
         * (an array already of that type is itself, shared) */
        jc_array *xa = val_array(x);
        value r = array_alloc(et->param, xa->nd, xa->dims);
        for (int64_t i = 0; i < xa->len; i++)
            if (array_convert_elt(ctx, et->param, xa->v[i], &val_array(r)->v[i]) < 0) {
                val_release(r);
                return -1;
            }
        *out = r;
        return 0;
    }
    /* an abstract type takes its subtypes; String and Symbol have no conversion from
     * another kind (String[1] is a MethodError, as in Julia) */
    int plain = et && (et->base == T_STRING || et->base == T_SYMBOL);
    if ((et && et->base >= TA_ANY && !type_is_union(et) && et->base != TA_ANY) || plain) {
        int ok;
        if (plain)
            ok = x.type == et->base;
        else {
            jc_typeobj *xt = type_of_value(x);
            ok = type_subtype(xt, et);
            type_release(xt);
        }
        if (!ok) {
            sb tn = { 0 }, xn = { 0 };
            type_name(ctx, &tn, et);
            type_name_of(ctx, &xn, x);
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

int array_convert_all(jc_ctx *ctx, const jc_typeobj *et, value *vals, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        value y;
        if (array_convert_elt(ctx, et, vals[i], &y) < 0) {
            val_release_n(vals, n);
            return -1;
        }
        val_release(vals[i]);
        vals[i] = y;
    }
    return 0;
}

/* ---- storage ---- */

void array_free(obj *o)
{
    jc_array *a = (jc_array *)o;
    val_release_n(a->v, a->len);
    free(a->v);
    type_release(a->et);
    free(a);
}

int array_check_dims(jc_ctx *ctx, int nd, const int64_t *dims, int64_t *len)
{
    int64_t n;
    size_t bytes;
    /* Julia's array constructor (src/array.c, _new_array_): a negative dimension or a
     * product that does not fit is "invalid Array dimensions" */
    if (nd < 0 || nd > ARR_MAXDIMS || size_dims(nd, dims, &n) < 0 ||
        size_bytes((size_t)n, sizeof(value), &bytes) < 0)
        return err_throw(ctx, ERR_ARGUMENT, NULL, "invalid Array dimensions");
    if (array_check_len(ctx, (double)n) < 0)
        return -1;
    if (len)
        *len = n;
    return 0;
}

int array_make(jc_ctx *ctx, value *out, const jc_typeobj *et, int nd, const int64_t *dims)
{
    if (array_check_dims(ctx, nd, dims, NULL) < 0)
        return -1;
    *out = array_new(ctx, et, nd, dims);
    return 0;
}

value array_alloc(const jc_typeobj *et, int nd, const int64_t *dims)
{
    int64_t len;
    if (size_dims(nd, dims, &len) < 0) {
        /* the caller's array_check_dims was skipped: stop rather than index past a
         * buffer sized by a wrapped product */
        fprintf(stderr, "jcalc: internal error: array_alloc with invalid dimensions\n");
        abort();
    }
    jc_array *a = obj_new(T_ARRAY, sizeof *a);
    a->kind = ARR_DENSE;
    a->nd = nd;
    a->len = len;
    for (int k = 0; k < nd; k++)
        a->dims[k] = dims[k];
    a->et = et ? type_retain(et) : type_new(TA_ANY);
    a->v = xcalloc(nz(a->len), sizeof *a->v);
    return v_obj(T_ARRAY, 0, &a->h);
}

value array_adopt(const jc_typeobj *et, int nd, const int64_t *dims, value *vals, int64_t cap)
{
    jc_array *a = obj_new(T_ARRAY, sizeof *a);
    a->kind = ARR_DENSE;
    a->nd = nd;
    a->len = 1;
    for (int k = 0; k < nd; k++)
        a->len *= a->dims[k] = dims[k]; /* the caller holds that many values */
    a->et = type_retain(et);
    a->v = vals;
    a->cap = nd == 1 && cap > a->len ? cap : 0;
    return v_obj(T_ARRAY, 0, &a->h);
}

value array_new(jc_ctx *ctx, const jc_typeobj *et, int nd, const int64_t *dims)
{
    value r = array_alloc(et, nd, dims);
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
        exc_attach_index(ctx, EXC_BOUNDS, v, i + 1, 1);
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
        int same = type_equal(t0, ti);
        if (!same && t0->base == T_ARRAY && ti->base == T_ARRAY && t0->ndims == ti->ndims &&
            !(t0->flags | ti->flags)) {
            /* arrays of one rank promote their element types ([[1], [2.5]]) */
            num_type a, b;
            if (type_number(t0->param, &a) && type_number(ti->param, &b)) {
                jc_typeobj *nt = type_new(T_ARRAY);
                nt->ndims = t0->ndims;
                nt->nparams = 1;
                nt->param = val_typeobj(num_type_value(num_promote_type(a, b)));
                type_release(t0);
                t0 = nt;
                same = 1;
            }
        }
        type_release(ti);
        if (!same) {
            type_release(t0);
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
        jc_typeobj *j = type_join(t, ti);
        type_release(ti);
        type_release(t);
        t = j;
    }
    return t;
}

value array_from_values(jc_ctx *ctx, value *vals, int64_t n, int nd, const int64_t *dims,
                        const jc_typeobj *et)
{
    jc_typeobj *t = et ? type_retain(et) : join_eltype(vals, n);
    int64_t d1 = n;
    value r = array_alloc(t, nd ? nd : 1, nd ? dims : &d1);
    type_release(t);
    jc_array *a = val_array(r);
    for (int64_t i = 0; i < n; i++)
        a->v[i] = vals[i];
    (void)ctx;
    return r;
}

/* ---- collections: arrays, ranges and tuples alike ---- */

int array_coll_is(value v)
{
    return (v.type == T_ARRAY && val_array(v)->kind != ARR_UNIFORM) || v.type == T_RANGE ||
           (v.type == T_TUPLE && v.sub == TUP_PLAIN);  /* a Pair is one element */
}

int array_coll_shape(value v, int64_t *dims)
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

int array_coll_elem(jc_ctx *ctx, value v, int64_t i, value *out)
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

/* ---- concatenation ---- */

int array_check_len(jc_ctx *ctx, double nelems)
{
    /* each element is a value of 128 bits: the same budget as any other result */
    return num_check_bits(ctx, nelems * 128.0);
}

/* A range taking part in a concatenation becomes a vector; a tuple, like any value that
 * is not an array, is one element (Julia: [(1, 2) (3, 4)] is a 1×2 Matrix of tuples). */
int array_cat_part(jc_ctx *ctx, value x, value *out)
{
    if (x.type == T_RANGE) {
        int64_t n;
        array_coll_shape(x, &n);
        if (array_check_len(ctx, (double)n) < 0)
            return -1;
        value *v = xmalloc(nz(n) * sizeof *v);
        for (int64_t i = 0; i < n; i++)
            if (array_coll_elem(ctx, x, i, &v[i]) < 0) {
                val_release_n(v, i);
                free(v);
                return -1;
            }
        *out = array_from_values(ctx, v, n, 0, NULL, NULL);
        if (x.type == T_RANGE && n == 0) {
            type_release(val_array(*out)->et);
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
        if (array_cat_part(ctx, parts[i], &c) < 0)
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
        if (size_add(rd[dim - 1], pd[dim - 1], &rd[dim - 1]) < 0)
            return err_throw(ctx, ERR_ARGUMENT, site, "invalid Array dimensions");
    }
    /* the parts may repeat one array: the sum of their sizes is checked and charged */
    if (array_check_dims(ctx, nd, rd, NULL) < 0) {
        err_locate(ctx, site);
        return -1;
    }
    /* element type: the given one, else the promotion of the parts' types */
    jc_typeobj *t = NULL;
    if (et)
        t = type_retain(et);
    else {
        value *reps = xmalloc(nz(np) * sizeof *reps);
        int64_t nr = 0;
        int abstract = 0;
        jc_typeobj *join = NULL;
        for (int64_t i = 0; i < np; i++) {
            if (parts[i].type == T_ARRAY) {
                jc_array *pa = val_array(parts[i]);
                num_type nt;
                if (type_number(pa->et, &nt))
                    reps[nr++] = num_type_value(nt);
                else {
                    abstract = 1;
                    jc_typeobj *j = join ? type_join(join, pa->et) : type_retain(pa->et);
                    type_release(join);
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
                allnum = type_number(val_typeobj(reps[i]), &x);
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
            t = join ? type_retain(join) : type_new(TA_ANY);
        type_release(join);
        val_release_n(reps, nr);
        free(reps);
        free(tv);
    }
    value r = array_alloc(t, nd, rd);
    type_release(t);
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

/* ---- description ---- */

void array_summary(jc_ctx *ctx, sb *out, value v)
{
    if (v.type != T_ARRAY) { /* a range, a tuple: the caller adds what it knows */
        type_name_of(ctx, out, v);
        return;
    }
    jc_array *a = val_array(v);
    if (a->kind == ARR_ADJVEC || a->kind == ARR_TRANSVEC) {
        sb_printf(out, "1×%lld %s(::Vector{", (long long)a->dims[1],
                  a->kind == ARR_ADJVEC ? "adjoint" : "transpose");
        type_name(ctx, out, a->et);
        sb_puts(out, "}) with eltype ");
        type_name(ctx, out, a->et);
        return;
    }
    if (a->nd == 0)
        sb_puts(out, "0-dimensional ");
    else if (a->nd == 1)
        sb_printf(out, "%lld-element ", (long long)a->dims[0]);
    else {
        for (int k = 0; k < a->nd; k++)
            sb_printf(out, k ? "×%lld" : "%lld", (long long)a->dims[k]);
        sb_putc(out, ' ');
    }
    type_name_of(ctx, out, v);
}
