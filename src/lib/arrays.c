/* arrays.c — builtin rows over arrays: shape queries, indexing, constructors (zeros,
 * ones, fill, collect, reshape ...), reordering (transpose, permutedims, reverse, sort)
 * and reductions (sum, prod, maximum, minimum, extrema, cumsum, diff).
 *
 * Every row declines (LIB_DECLINE) unless an argument is an array (or, for the
 * constructors, the row is the only one of its name), so the number tables keep their
 * behaviour on scalars and ranges. */
#include <stdlib.h>
#include <string.h>

#include "exc.h"
#include "array.h"
#include "num/num.h"
#include "range.h"
#include "show.h"
#include "size.h"
#include "types.h"
#include "lib/lib.h"
#include "eval.h"

/* Whether v is the `:` used as an index (Colon()). */
static int array_is_colon(jc_ctx *ctx, value v)
{
    return v.type == T_FUNCTION && val_func(v)->name >= 0 && !strcmp(sym_name(ctx, val_func(v)->name), ":");
}


static jc_typeobj *num_tobj(num_type t) { return val_typeobj(num_type_value(t)); }

static int get_dims(jc_ctx *ctx, const value *v, int n, int64_t *dims, int *nd, const ast *site)
{
    const value *src = v;
    if (n == 1 && v[0].type == T_TUPLE) {
        src = val_tuple(v[0])->v;
        n = (int)val_tuple(v[0])->n;
    }
    if (n > ARR_MAXDIMS)
        return err_throw(ctx, ERR_ARGUMENT, site, "too many dimensions");
    for (int k = 0; k < n; k++) {
        if (!num_is_integer_type(src[k]))
            return LIB_DECLINE;
        if (num_to_int64(ctx, src[k], &dims[k]) < 0)
            return -1;
        if (dims[k] < 0)
            return err_throw(ctx, ERR_ARGUMENT, site,
                            "invalid Array dimensions");
    }
    if (array_check_dims(ctx, n, dims, NULL) < 0)
        return -1;
    *nd = n;
    return 0;
}

/* ---- queries ---- */

static int bi_typeof(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_ARRAY)
        return LIB_DECLINE;
    *out = type_of_array(a->v[0]);
    return 0;
}

static int bi_eltype(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    value x = a->v[0];
    if (x.type == T_ARRAY) {
        *out = val_retain(v_obj(T_TYPE, 0, &val_array(x)->et->h));
        return 0;
    }
    if (x.type == T_RANGE) {
        *out = num_typeof_value(val_range(x)->start);
        return 0;
    }
    if (x.type == T_TYPE && (val_typeobj(x)->base == T_ARRAY || val_typeobj(x)->base == T_RANGE)) {
        jc_typeobj *p = val_typeobj(x)->param;
        *out = p ? val_retain(v_obj(T_TYPE, 0, &p->h)) : v_obj(T_TYPE, 0, &type_new(TA_ANY)->h);
        return 0;
    }
    return LIB_DECLINE;
}

static int bi_size(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    int64_t dims[ARR_MAXDIMS];
    int nd;
    if (array_has_elements(x)) {
        nd = val_array(x)->nd;
        memcpy(dims, val_array(x)->dims, sizeof dims);
    } else if (x.type == T_RANGE) {
        nd = 1;
        dims[0] = range_length(x);
        if (array_check_len(ctx, (double)dims[0]) < 0)
            return -1;
    } else if (x.type == T_TUPLE) {
        nd = 1;
        dims[0] = (int64_t)val_tuple(x)->n;
    } else if (num_is_number(x)) {
        nd = 0;
    } else
        return LIB_DECLINE;
    if (a->n == 2) {
        int64_t d;
        if (num_to_int64(ctx, a->v[1], &d) < 0)
            return -1;
        if (d < 1)
            return err_throw(ctx, ERR_ARGUMENT, a->site, "dimension out of range");
        *out = v_int(d <= nd ? dims[d - 1] : 1);
        return 0;
    }
    value t = v_tuple_new((size_t)nd);
    for (int k = 0; k < nd; k++)
        val_tuple(t)->v[k] = v_int(dims[k]);
    *out = t;
    return 0;
}

static int bi_length(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    *out = v_int(val_array(a->v[0])->len);
    return 0;
}

static int bi_ndims(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    value x = a->v[0];
    if (array_has_elements(x))
        *out = v_int(val_array(x)->nd);
    else if (x.type == T_RANGE || x.type == T_TUPLE)
        *out = v_int(1);
    else if (num_is_number(x))
        *out = v_int(0);
    else
        return LIB_DECLINE;
    return 0;
}

static int bi_isempty(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    value x = a->v[0];
    if (array_has_elements(x))
        *out = v_bool(val_array(x)->len == 0);
    else if (x.type == T_RANGE)
        *out = v_bool(range_length(x) == 0);
    else if (x.type == T_TUPLE)
        *out = v_bool(val_tuple(x)->n == 0);
    else
        return LIB_DECLINE;
    return 0;
}

/* ---- indexing ---- */

typedef struct ixsel {
    int64_t *ix;       /* 0-based positions along the dimension */
    int64_t n;
    int scalar;        /* an integer index: the dimension is dropped */
    int oob;           /* out of bounds, found before anything was allocated */
    int nd;            /* dims the index contributes to the result's shape */
    int64_t dims[ARR_MAXDIMS];
} ixsel;

static void sels_free(ixsel *s, int n)
{
    for (int i = 0; i < n; i++)
        free(s[i].ix);
}

static int invalid_index(jc_ctx *ctx, value x, const ast *site)
{
    sb t = { 0 }, xs = { 0 };
    type_name_of(ctx, &t, x);
    show_value(ctx, &xs, x, SHOW_REPR, 0);
    err_throw(ctx, ERR_ARGUMENT, site, "invalid index: %s of type %s", sb_str(&xs), sb_str(&t));
    sb_free(&t);
    sb_free(&xs);
    return -1;
}

/* The 1-based integer index x as a 0-based position in [0, extent), or -1 when it is
 * out of bounds (a BigInt beyond Int64 included).  x is an integer type. */
static int64_t index_position(jc_ctx *ctx, value x, int64_t extent)
{
    int64_t i;
    if (num_to_int64(ctx, x, &i) < 0) {
        err_clear(ctx);
        return -1;
    }
    return i >= 1 && i <= extent ? i - 1 : -1;
}

/* Whether the range idx, an index along a dimension of `extent` elements, lies inside
 * it: its ends are its extremes, so checking them bounds every element (and its length:
 * a range of integers in [1, extent] has at most extent of them) before the positions
 * are allocated.  -1 with an error for a range of non-integers. */
static int range_in_bounds(jc_ctx *ctx, value idx, int64_t extent, const ast *site, int *inside)
{
    int64_t n = range_length(idx);
    *inside = 1;
    if (n <= 0)
        return 0;
    value ends[2];
    if (range_get(ctx, idx, 0, &ends[0]) < 0)
        return -1;
    if (range_get(ctx, idx, n - 1, &ends[1]) < 0) {
        val_release(ends[0]);
        return -1;
    }
    int r = 0;
    for (int k = 0; k < 2 && r == 0; k++) {
        if (!num_is_integer_type(ends[k]) || ends[k].type == T_BOOL)
            r = invalid_index(ctx, ends[k], site);
        else if (index_position(ctx, ends[k], extent) < 0)
            *inside = 0;
    }
    val_release_n(ends, 2);
    return r;
}

/* Resolves one index against a dimension of `extent` elements.  An index found out of
 * bounds sets s->oob: the caller raises the BoundsError (it knows the whole index for
 * the message).  Nothing is allocated for the positions of a range before its bounds
 * are checked; on an error s holds nothing. */
static int resolve_index(jc_ctx *ctx, value idx, int64_t extent, ixsel *s, const ast *site)
{
    memset(s, 0, sizeof *s);
    if (array_is_colon(ctx, idx)) {
        s->n = extent;
        s->ix = xmalloc(nz(extent) * sizeof *s->ix);
        for (int64_t i = 0; i < extent; i++)
            s->ix[i] = i;
        s->nd = 1;
        s->dims[0] = extent;
        return 0;
    }
    if (idx.type == T_INT64 || idx.type == T_BIGINT || val_kind_is(idx.type, VK_WRAPS)) {
        int64_t i = index_position(ctx, idx, extent);
        if (i < 0) {
            s->oob = 1;
            return 0;
        }
        s->ix = xmalloc(sizeof *s->ix);
        s->ix[0] = i;
        s->n = 1;
        s->scalar = 1;
        return 0;
    }
    if (idx.type == T_RANGE || (array_has_elements(idx) && val_array(idx)->et->base != T_BOOL)) {
        if (idx.type == T_RANGE) {
            int inside;
            if (range_in_bounds(ctx, idx, extent, site, &inside) < 0)
                return -1;
            if (!inside) {
                s->oob = 1;
                return 0;
            }
        }
        jc_iter it;
        if (eval_iter_init(ctx, &it, idx, site) < 0)
            return -1;
        s->n = it.n;
        s->ix = xmalloc(nz(it.n) * sizeof *s->ix);
        for (int64_t k = 0; k < it.n; k++) {
            value x;
            if (eval_iter_next(ctx, &it, &x) < 0)
                goto fail;
            if (!num_is_integer_type(x) || x.type == T_BOOL) {
                invalid_index(ctx, x, site);
                val_release(x);
                goto fail;
            }
            int64_t i = index_position(ctx, x, extent);
            val_release(x);
            if (i < 0) /* out of bounds; the rest must still be valid indices */
                s->oob = 1;
            s->ix[k] = i < 0 ? 0 : i;
        }
        if (array_has_elements(idx)) {
            s->nd = val_array(idx)->nd;
            memcpy(s->dims, val_array(idx)->dims, sizeof s->dims);
        } else {
            s->nd = 1;
            s->dims[0] = s->n;
        }
        return 0;
    }
    if (array_has_elements(idx) && val_array(idx)->et->base == T_BOOL) {
        /* logical indexing: the positions of the trues */
        jc_array *m = val_array(idx);
        if (m->len != extent) {
            return err_throw(ctx, ERR_BOUNDS, site, "logical index of length %lld does not match the dimension length %lld",
                            (long long)m->len, (long long)extent);
        }
        s->ix = xmalloc(nz(m->len) * sizeof *s->ix);
        for (int64_t i = 0; i < m->len; i++)
            if (m->v[i].type == T_BOOL && m->v[i].u.i)
                s->ix[s->n++] = i;
        s->nd = 1;
        s->dims[0] = s->n;
        return 0;
    }
    return invalid_index(ctx, idx, site);
fail:
    free(s->ix);
    s->ix = NULL;
    return -1;
}

/* BoundsError(x, idx) with the indices as a tuple, or (bare) the one index itself, as
 * Julia's scalar getindex of a range throws it: BoundsError(1:3, 5). */
static int bounds_error_as(jc_ctx *ctx, value x, const value *idx, int n, const ast *site, int bare)
{
    sb s = { 0 };
    if (x.type == T_RANGE)
        sb_printf(&s, "%lld-element ", (long long)range_length(x));
    array_summary(ctx, &s, x);
    sb_puts(&s, " at index [");
    for (int i = 0; i < n; i++) {
        if (i)
            sb_puts(&s, ", ");
        if (array_is_colon(ctx, idx[i]))
            sb_puts(&s, ":");
        else
            show_value(ctx, &s, idx[i], SHOW_REPR, 0);
    }
    sb_putc(&s, ']');
    err_throw(ctx, ERR_BOUNDS, site, "attempt to access %s", sb_str(&s));
    sb_free(&s);
    if (bare) {
        exc_attach(ctx, EXC_BOUNDS, 2, (value[]){ x, idx[0] });
        return -1;
    }
    value f[2] = { x, v_tuple_new((size_t)n) };
    for (int i = 0; i < n; i++)
        val_tuple(f[1])->v[i] = val_retain(idx[i]);
    exc_attach(ctx, EXC_BOUNDS, 2, f);
    val_release(f[1]);
    return -1;
}

static int bounds_error(jc_ctx *ctx, value x, const value *idx, int n, const ast *site)
{
    return bounds_error_as(ctx, x, idx, n, site, 0);
}

/* Resolves all indices of x[idx...] to per-dimension selections (linear indexing when
 * one index is given; trailing indices beyond ndims must be 1). */
static int resolve_all(jc_ctx *ctx, value x, const value *idx, int n, ixsel *sel, int64_t *extents,
                       const ast *site)
{
    jc_array *a = val_array(x);
    if (n > ARR_MAXDIMS)
        return err_throw(ctx, ERR_ARGUMENT, site, "too many indices");
    for (int k = 0; k < n; k++) {
        if (n == 1)
            extents[k] = a->len;
        else if (k < a->nd) {
            extents[k] = a->dims[k];
            if (k == n - 1) /* fewer indices than dims: the last spans the rest */
                for (int j = n; j < a->nd; j++)
                    extents[k] *= a->dims[j];
        } else
            extents[k] = 1;
    }
    for (int k = 0; k < n; k++) {
        if (resolve_index(ctx, idx[k], extents[k], &sel[k], site) < 0) {
            sels_free(sel, k);
            return -1;
        }
        if (sel[k].oob) {
            sels_free(sel, k + 1);
            return bounds_error(ctx, x, idx, n, site);
        }
    }
    return 0;
}

/* The linear position in x of element li (first index fastest) of the selections'
 * product; ext are the extents resolve_all computed. */
static int64_t sel_position(const ixsel *sel, const int64_t *ext, int n, int64_t li)
{
    int64_t pos = 0, stride = 1;
    for (int k = 0; k < n; k++) {
        pos += sel[k].ix[li % sel[k].n] * stride;
        li /= sel[k].n;
        stride *= ext[k];
    }
    return pos;
}

/* r[i] of a range r and one index.  An integer range index into an exact range is a
 * range again, as Julia's: (1:10)[2:3] is 2:3, (1:10)[1:2:5] is 1:2:9, ('a':'e')[2:3]
 * is 'b':'c'; any other index (a vector, a mask, a colon, or any index into a float
 * range) gives a Vector of the selected elements, computed one by one so that a huge
 * range is never materialised. */
static int range_getindex(jc_ctx *ctx, value *out, value x, value idx, const ast *site)
{
    jc_range *R = val_range(x);
    if (idx.type == T_RANGE && (R->kind == RANGE_UNIT || R->kind == RANGE_STEP)) {
        jc_range *I = val_range(idx);
        int inside;
        int64_t i0, i1;
        if ((I->kind == RANGE_UNIT || I->kind == RANGE_STEP) && I->len > 0 && !I->huge &&
            num_is_integer_type(I->start) && I->start.type != T_BOOL) {
            if (range_in_bounds(ctx, idx, R->len, site, &inside) < 0)
                return -1;
            if (!inside)
                return bounds_error(ctx, x, &idx, 1, site);
            if (num_to_int64(ctx, I->start, &i0) < 0 || num_to_int64(ctx, I->stop, &i1) < 0)
                return -1;
            value v[3];
            if (range_get(ctx, x, i0 - 1, &v[0]) < 0)
                return -1;
            if (range_get(ctx, x, i1 - 1, &v[2]) < 0) {
                val_release(v[0]);
                return -1;
            }
            int r;
            if (R->kind == RANGE_UNIT && I->kind == RANGE_UNIT) {
                v[1] = v[2];
                r = range_colon(ctx, out, 2, v, site);
                v[1] = v_nothing();
            } else if ((r = num_binop(ctx, &v[1], NUM_MUL, R->step, I->step)) == 0)
                r = range_colon(ctx, out, 3, v, site);
            val_release_n(v, 3);
            if (r != LIB_DECLINE)
                return r < 0 ? -1 : 0;
        }
    }
    if (idx.type == T_RANGE && R->kind == RANGE_UNIT && R->start.type == T_INT64 &&
        val_range(idx)->kind == RANGE_UNIT && val_range(idx)->len == 0 && val_range(idx)->start.type == T_INT64) {
        /* an empty index: Julia's st:st-1 from st = first(r) + first(idx) - 1, unchecked */
        int64_t st, i0 = val_range(idx)->start.u.i;
        if (!__builtin_add_overflow(R->start.u.i, i0 - 1, &st) && i0 > INT64_MIN && st > INT64_MIN) {
            value v[2] = { v_int(st), v_int(st - 1) };
            return range_colon(ctx, out, 2, v, site);
        }
    }
    if (array_is_colon(ctx, idx)) { /* r[:] is r, as Julia's copy of a range */
        *out = val_retain(x);
        return 0;
    }
    ixsel sel;
    if (resolve_index(ctx, idx, R->len, &sel, site) < 0)
        return -1;
    if (sel.oob) {
        sels_free(&sel, 1);
        return bounds_error_as(ctx, x, &idx, 1, site, val_kind_is(idx.type, VK_INTEGER));
    }
    if (sel.scalar) {
        int r = range_get(ctx, x, sel.ix[0], out);
        sels_free(&sel, 1);
        return r;
    }
    int nd = sel.nd ? sel.nd : 1;
    int64_t dims1 = sel.n;
    value r, et = num_typeof_value(R->start);
    int made = array_make(ctx, &r, val_typeobj(et), nd, sel.nd ? sel.dims : &dims1);
    val_release(et);
    if (made < 0) {
        sels_free(&sel, 1);
        err_locate(ctx, site);
        return -1;
    }
    for (int64_t i = 0; i < sel.n; i++) {
        value e;
        if (range_get(ctx, x, sel.ix[i], &e) < 0 || array_set(ctx, r, i, e, site) < 0) {
            val_release(r);
            sels_free(&sel, 1);
            return -1;
        }
        val_release(e);
    }
    sels_free(&sel, 1);
    *out = r;
    return 0;
}

static int bi_getindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_TYPE) {
        /* T[a, b]: a typed vector literal */
        const jc_typeobj *t = val_typeobj(x);
        int64_t n = a->n - 1;
        value r = array_new(ctx, t, 1, &n);
        for (int64_t i = 0; i < n; i++)
            if (array_set(ctx, r, i, a->v[i + 1], a->site) < 0) {
                val_release(r);
                return -1;
            }
        *out = r;
        return 0;
    }
    if (x.type == T_RANGE && a->n >= 2) {
        /* trailing indices past the one dimension must be 1: (1:5)[2, 1] */
        for (int k = 2; k < a->n; k++) {
            int64_t one;
            if (!num_is_integer_type(a->v[k]) || a->v[k].type == T_BOOL)
                return invalid_index(ctx, a->v[k], a->site);
            if (num_to_int64(ctx, a->v[k], &one) < 0 || one != 1) {
                err_clear(ctx);
                return bounds_error(ctx, x, a->v + 1, a->n - 1, a->site);
            }
        }
        return range_getindex(ctx, out, x, a->v[1], a->site);
    }
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    int n = a->n - 1;
    const value *idx = a->v + 1;
    if (n == 0) {
        if (A->len != 1)
            return bounds_error(ctx, x, idx, 0, a->site);
        return array_get_linear(ctx, x, 0, out);
    }
    /* the common case: all integers */
    int allint = 1;
    for (int k = 0; k < n; k++)
        allint &= idx[k].type == T_INT64;
    if (allint) {
        int64_t pos = 0, stride = 1;
        for (int k = 0; k < n; k++) {
            int64_t ext = n == 1 ? A->len : k < A->nd ? A->dims[k] : 1;
            if (n > 1 && k == n - 1)
                for (int j = n; j < A->nd; j++)
                    ext *= A->dims[j];
            if (idx[k].u.i < 1 || idx[k].u.i > ext) /* before subtracting: typemin(Int) */
                return bounds_error(ctx, x, idx, n, a->site);
            int64_t i = idx[k].u.i - 1;
            pos += i * stride;
            stride *= ext;
        }
        int r = array_get_linear(ctx, x, pos, out);
        if (r < 0)
            err_locate(ctx, a->site);
        return r;
    }
    ixsel sel[ARR_MAXDIMS];
    int64_t ext[ARR_MAXDIMS];
    if (resolve_all(ctx, x, idx, n, sel, ext, a->site) < 0)
        return -1;
    int nd = 0;
    int64_t dims[ARR_MAXDIMS], total = 1;
    for (int k = 0; k < n; k++) {
        if (size_mul(total, sel[k].n, &total) < 0)
            total = -1; /* array_check_dims refuses it below */
        for (int j = 0; j < sel[k].nd && nd < ARR_MAXDIMS; j++)
            dims[nd++] = sel[k].dims[j];
    }
    int scalar = 1;
    for (int k = 0; k < n; k++)
        scalar &= sel[k].scalar;
    if (scalar) { /* integer indices of other types than Int64: x[big(2)], m[UInt8(1), 2] */
        int r = array_get_linear(ctx, x, sel_position(sel, ext, n, 0), out);
        sels_free(sel, n);
        if (r < 0)
            err_locate(ctx, a->site);
        return r;
    }
    if (n == 1 && sel[0].nd == 0) {
        nd = 1;
        dims[0] = sel[0].n;
    }
    value r;
    if (array_make(ctx, &r, A->et, nd ? nd : 1, nd ? dims : &total) < 0) {
        sels_free(sel, n);
        err_locate(ctx, a->site);
        return -1;
    }
    jc_array *R = val_array(r);
    R->bits = A->bits; /* indexing a BitArray with ranges or masks gives a BitArray */
    for (int64_t li = 0; li < total; li++) {
        val_release(R->v[li]);
        R->v[li] = val_retain(A->v[sel_position(sel, ext, n, li)]);
    }
    sels_free(sel, n);
    *out = r;
    return 0;
}

static int bi_setindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    if (A->kind == ARR_HERMITIAN)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "Cannot set a non-diagonal index in a Hermitian matrix");
    value v = a->v[1];
    int n = a->n - 2;
    const value *idx = a->v + 2;
    if (n == 0)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "setindex! needs an index");
    ixsel sel[ARR_MAXDIMS];
    int64_t ext[ARR_MAXDIMS];
    if (resolve_all(ctx, x, idx, n, sel, ext, a->site) < 0)
        return -1;
    int64_t total = 1;
    int allscalar = 1;
    for (int k = 0; k < n; k++) {
        if (size_mul(total, sel[k].n, &total) < 0)
            total = -1;
        allscalar &= sel[k].scalar;
    }
    int r = 0;
    if (total < 0)
        r = err_throw(ctx, ERR_ARGUMENT, a->site, "invalid Array dimensions");
    else if (!allscalar && !array_has_elements(v) && v.type != T_RANGE && v.type != T_TUPLE)
        r = err_throw(ctx, ERR_ARGUMENT, a->site,
                     "indexed assignment with a single value to possibly many locations is not supported; perhaps use broadcasting `.=` instead?");
    else if (!allscalar) {
        jc_iter it;
        if (eval_iter_init(ctx, &it, v, a->site) < 0)
            r = -1;
        else if (it.n != total)
            r = err_throw(ctx, ERR_DIMENSION, a->site,
                         "tried to assign %lld elements to %lld destinations",
                         (long long)it.n, (long long)total);
        for (int64_t li = 0; li < total && r == 0; li++) {
            value e;
            if (eval_iter_next(ctx, &it, &e) < 0) {
                r = -1;
                break;
            }
            r = array_set(ctx, x, sel_position(sel, ext, n, li), e, a->site);
            val_release(e);
        }
    } else {
        r = array_set(ctx, x, sel_position(sel, ext, n, 0), v, a->site);
    }
    sels_free(sel, n);
    if (r < 0)
        return -1;
    *out = val_retain(x);
    return 0;
}

static int bi_lastindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    if (a->n == 1) {
        *out = v_int(A->len);
        return 0;
    }
    int64_t d;
    if (num_to_int64(ctx, a->v[1], &d) < 0)
        return -1;
    *out = v_int(d >= 1 && d <= A->nd ? A->dims[d - 1] : 1);
    return 0;
}

static int bi_firstindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    *out = v_int(1);
    return 0;
}

/* ---- constructors ---- */

/* zeros/ones/fill: an optional leading element type, then dims. */
static int filled(jc_ctx *ctx, value *out, const jc_args *a, int what)
{
    int first = 0;
    jc_typeobj *et = NULL;
    value x = v_nothing();
    if (what == 2) { /* fill(x, dims...) */
        x = a->v[0];
        first = 1;
        et = val_typeobj(x.type == T_ARRAY ? type_of_array(x) : num_typeof_value(x));
    } else if (a->n >= 1 && a->v[0].type == T_TYPE) {
        et = type_retain(val_typeobj(a->v[0]));
        first = 1;
    } else {
        num_type f = { T_FLOAT64, 0, 0 };
        et = num_tobj(f);
    }
    int64_t dims[ARR_MAXDIMS];
    int nd = 0;
    int r = get_dims(ctx, a->v + first, a->n - first, dims, &nd, a->site);
    if (r != 0) {
        type_release(et);
        return r;
    }
    if (what != 2) {
        num_type nt;
        if (!type_number(et, &nt)) {
            sb tn = { 0 };
            type_name(ctx, &tn, et);
            err_throw(ctx, ERR_METHOD, a->site, "no method matching %s(::Type{%s})",
                     what ? "one" : "zero", sb_str(&tn));
            sb_free(&tn);
            type_release(et);
            return -1;
        }
        if (num_convert_to(ctx, &x, nt, v_int(what)) < 0) {
            type_release(et);
            return -1;
        }
    } else
        x = val_retain(x);
    value res = array_new(ctx, et, nd, dims);
    jc_array *R = val_array(res);
    for (int64_t i = 0; i < R->len; i++) {
        val_release(R->v[i]);
        R->v[i] = val_retain(x);
    }
    val_release(x);
    type_release(et);
    *out = res;
    return 0;
}

static int bi_zeros(jc_ctx *ctx, value *out, const jc_args *a) { return filled(ctx, out, a, 0); }
static int bi_ones(jc_ctx *ctx, value *out, const jc_args *a) { return filled(ctx, out, a, 1); }

/* trues(dims...) / falses(dims...): a BitArray (BitVector, BitMatrix) of one value. */
static int bitfill(jc_ctx *ctx, value *out, const jc_args *a, int val)
{
    int64_t dims[ARR_MAXDIMS];
    int nd = 0;
    int r = get_dims(ctx, a->v, a->n, dims, &nd, a->site);
    if (r == LIB_DECLINE)
        return lib_no_method(ctx, val ? "trues" : "falses", a);
    if (r < 0)
        return -1;
    num_type bt = { T_BOOL, 0, 0 };
    jc_typeobj *et = num_tobj(bt);
    value res = array_new(ctx, et, nd, dims);
    type_release(et);
    jc_array *R = val_array(res);
    for (int64_t i = 0; i < R->len; i++)
        R->v[i] = v_bool(val);
    R->bits = 1;
    *out = res;
    return 0;
}

static int bi_trues(jc_ctx *ctx, value *out, const jc_args *a) { return bitfill(ctx, out, a, 1); }
static int bi_falses(jc_ctx *ctx, value *out, const jc_args *a) { return bitfill(ctx, out, a, 0); }
static int bi_fill(jc_ctx *ctx, value *out, const jc_args *a) { return filled(ctx, out, a, 2); }

/* The elements of any iterable, in order (owned). */
static int elements(jc_ctx *ctx, value x, value **vals, int64_t *n, const ast *site)
{
    if (array_has_elements(x)) {
        jc_array *A = val_array(x);
        *vals = xmalloc(nz(A->len) * sizeof **vals);
        for (int64_t i = 0; i < A->len; i++) {
            if (arr_is_undef(A->v[i])) {
                val_release_n(*vals, i);
                free(*vals);
                return err_throw(ctx, ERR_UNDEFREF, site, "access to undefined reference");
            }
            (*vals)[i] = val_retain(A->v[i]);
        }
        *n = A->len;
        return 0;
    }
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, x, site) < 0)
        return -1;
    /* the iterate protocol gives no length: the buffer grows */
    int64_t cap = it.proto ? 8 : it.n, cnt = 0;
    if (array_check_len(ctx, (double)cap) < 0) {
        eval_iter_done(&it);
        return -1;
    }
    *vals = xmalloc(nz(cap) * sizeof **vals);
    for (;;) {
        value e;
        int r = it.proto ? eval_iter_step(ctx, &it, &e) : eval_iter_next(ctx, &it, &e);
        if (r > 0 && cnt == cap && array_check_len(ctx, 2.0 * (double)cap) < 0) {
            val_release(e);
            r = -1;
        }
        if (r < 0) {
            eval_iter_done(&it);
            val_release_n(*vals, cnt);
            free(*vals);
            return -1;
        }
        if (r == 0)
            break;
        if (cnt == cap)
            *vals = xrealloc(*vals, (size_t)(cap *= 2) * sizeof **vals);
        (*vals)[cnt++] = e;
    }
    eval_iter_done(&it);
    *n = cnt;
    return 0;
}

static int bi_collect(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[a->n - 1];
    const jc_typeobj *et = NULL;
    if (a->n == 2) {
        if (a->v[0].type != T_TYPE)
            return LIB_DECLINE;
        et = val_typeobj(a->v[0]);
    }
    value *vals;
    int64_t n;
    if (elements(ctx, x, &vals, &n, a->site) < 0)
        return -1;
    int nd = 1;
    int64_t dims[ARR_MAXDIMS] = { n };
    value shape = x; /* a generator has its iterator's shape: [1 2; 3 4] gives a Matrix */
    while (eval_gen_kind(ctx, shape) == 1)
        shape = val_struct(shape)->v[1];
    if (array_has_elements(shape) && array_length(shape) == n) {
        nd = val_array(shape)->nd;
        memcpy(dims, val_array(shape)->dims, sizeof dims);
    }
    /* a number or a Char has no dimensions: collect(1) is 0-dimensional */
    int zerod = (num_is_number(shape) || shape.type == T_CHAR) && n == 1;
    jc_typeobj *t = NULL;
    if (et)
        t = type_retain(et);
    else if (array_has_elements(x))
        t = type_retain(val_array(x)->et);
    else if (x.type == T_RANGE)
        t = val_typeobj(num_typeof_value(val_range(x)->start));
    else if (n == 0) {
        value et0;
        if (eval_gen_empty_eltype(ctx, x, a->site, &et0))
            t = val_typeobj(et0); /* the reference moves to t */
    }
    if (t && array_convert_all(ctx, t, vals, n) < 0) {
        free(vals);
        type_release(t);
        return -1;
    }
    *out = array_from_values(ctx, vals, n, nd, dims, t);
    if (zerod)
        val_array(*out)->nd = 0;
    type_release(t);
    free(vals);
    return 0;
}

/* x as an array for the functions that accept any array-like: a range (and, with tuples
 * set, a tuple) is collected into *tmp, which the caller releases once done with x (on
 * failure *tmp holds nothing); anything else that is not an array gives LIB_DECLINE. */
static int as_array(jc_ctx *ctx, value *x, int tuples, value *tmp, const ast *site)
{
    *tmp = v_nothing();
    if (x->type == T_RANGE || (tuples && x->type == T_TUPLE)) {
        if (bi_collect(ctx, tmp, &(jc_args){ .n = 1, .v = x, .site = site }) < 0)
            return -1;
        *x = *tmp;
    }
    return array_has_elements(*x) ? 0 : LIB_DECLINE;
}

/* A new array sharing no storage with x but its elements, with new dims. */
static value reshaped(value x, int nd, const int64_t *dims)
{
    jc_array *A = val_array(x);
    value r = array_from_values(NULL, NULL, 0, 1, (int64_t[]){ 0 }, A->et);
    jc_array *R = val_array(r);
    free(R->v);
    R->v = xmalloc(nz(A->len) * sizeof *R->v);
    for (int64_t i = 0; i < A->len; i++)
        R->v[i] = val_retain(A->v[i]);
    R->nd = nd;
    R->len = A->len;
    R->bits = A->bits; /* reshape, vec and copy of a BitArray stay BitArrays */
    memcpy(R->dims, dims, (size_t)nd * sizeof *dims);
    return r;
}

/* Julia's message for reshape's dims: the tuple as shown, Colon() for a `:`. */
static void dims_text(jc_ctx *ctx, sb *s, const value *dv, int n)
{
    sb_putc(s, '(');
    for (int k = 0; k < n; k++) {
        if (k)
            sb_puts(s, ", ");
        if (array_is_colon(ctx, dv[k]))
            sb_puts(s, "Colon()");
        else
            show_value(ctx, s, dv[k], SHOW_REPR, 0);
    }
    sb_puts(s, n == 1 ? ",)" : ")");
}

/* reshape(A, dims...) in Julia's order (base/reshapedarray.jl, base/array.jl): a `:` is
 * solved with divrem(length(A), prod(others)) (DivideError for a zero product,
 * DimensionMismatch for a remainder, at most one `:`); then prod(dims), wrapping as
 * Julia's Int arithmetic does, must equal length(A) (DimensionMismatch); dims that pass
 * that test but are negative or overflow (-1, -6 for 6 elements; 2^32, 2^32 for none)
 * are the array constructor's ArgumentError: invalid Array dimensions. */
static int bi_reshape(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    value tmp;
    int st = as_array(ctx, &x, 0, &tmp, a->site);
    if (st != 0)
        return st;
    const value *dv = a->v + 1;
    int n = a->n - 1;
    if (n == 1 && dv[0].type == T_TUPLE) {
        n = (int)val_tuple(dv[0])->n;
        dv = val_tuple(dv[0])->v;
    }
    if (n < 1 || n > ARR_MAXDIMS) {
        val_release(tmp);
        return err_throw(ctx, ERR_ARGUMENT, a->site, "invalid reshape dimensions");
    }
    int64_t dims[ARR_MAXDIMS];
    uint64_t prod = 1; /* Julia's prod(dims) on Int wraps */
    int colon = -1;
    sb s = { 0 };
    for (int k = 0; k < n; k++) {
        if (array_is_colon(ctx, dv[k])) {
            if (colon >= 0) {
                dims_text(ctx, &s, dv, n);
                err_throw(ctx, ERR_DIMENSION, a->site,
                          "new dimensions %s may have at most one omitted dimension specified by `Colon()`",
                          sb_str(&s));
                goto fail;
            }
            colon = k;
            dims[k] = 1;
            continue;
        }
        if (!num_is_integer_type(dv[k])) {
            val_release(tmp);
            return lib_no_method(ctx, "reshape", a);
        }
        if (num_to_int64(ctx, dv[k], &dims[k]) < 0)
            goto fail;
        prod *= (uint64_t)dims[k];
    }
    int64_t len = val_array(x)->len;
    if (colon >= 0) {
        if (prod == 0) {
            num_divide_error(ctx);
            goto fail;
        }
        int64_t p = (int64_t)prod; /* len >= 0, so len % p and len / p are defined */
        if (len % p) {
            dims_text(ctx, &s, dv, n);
            err_throw(ctx, ERR_DIMENSION, a->site,
                      "array size %lld must be divisible by the product of the new dimensions %s",
                      (long long)len, sb_str(&s));
            goto fail;
        }
        dims[colon] = len / p;
        prod = 1;
        for (int k = 0; k < n; k++)
            prod *= (uint64_t)dims[k];
    }
    if ((int64_t)prod != len) {
        for (int k = 0; k < n; k++)
            sb_printf(&s, k ? ", %lld" : "(%lld", (long long)dims[k]);
        err_throw(ctx, ERR_DIMENSION, a->site,
                  "new dimensions %s%s) must be consistent with array size %lld",
                  sb_str(&s), n == 1 ? "," : "", (long long)len);
        goto fail;
    }
    if (array_check_dims(ctx, n, dims, NULL) < 0) {
        err_locate(ctx, a->site);
        goto fail;
    }
    *out = reshaped(x, n, dims);
    val_release(tmp);
    return 0;
fail:
    sb_free(&s);
    val_release(tmp);
    return -1;
}

static int bi_vec(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    int64_t n = val_array(a->v[0])->len;
    *out = reshaped(a->v[0], 1, &n);
    return 0;
}

static int bi_copy(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    /* copy(x::Number) = x, numbers being collection-like; a range is immutable */
    if (num_is_number(a->v[0]) || a->v[0].type == T_RANGE) {
        *out = val_retain(a->v[0]);
        return 0;
    }
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    jc_array *A = val_array(a->v[0]);
    *out = reshaped(a->v[0], A->nd, A->dims);
    return 0;
}

/* deepcopy(x), as base/deepcopy.jl's deepcopy_internal: every array met is copied once,
 * an identity map (Julia's IdDict stackdict) sending it to its copy before its elements
 * are copied, so shared and self-containing structure comes out the same (for a =
 * Any[1]; push!(a, a), b = deepcopy(a) has b[2] === b).  Tuples and named tuples are
 * rebuilt from deep copies of their fields; every other value is immutable here and is
 * its own copy. */
typedef struct dcmap {
    obj **from;        /* open addressing on the pointer; NULL: empty */
    value *to;
    size_t cap, n;
} dcmap;

static size_t dc_slot(const dcmap *m, const obj *o)
{
    size_t h = ((uintptr_t)o >> 4) * 0x9E3779B97F4A7C15u;
    size_t i = h & (m->cap - 1);
    while (m->from[i] && m->from[i] != o)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static void dc_put(dcmap *m, obj *o, value copy)
{
    if (2 * (m->n + 1) > m->cap) {
        dcmap g = { xcalloc(m->cap ? 2 * m->cap : 16, sizeof *g.from), NULL,
                    m->cap ? 2 * m->cap : 16, 0 };
        g.to = xcalloc(g.cap, sizeof *g.to);
        for (size_t i = 0; i < m->cap; i++)
            if (m->from[i]) {
                size_t j = dc_slot(&g, m->from[i]);
                g.from[j] = m->from[i];
                g.to[j] = m->to[i];
                g.n++;
            }
        free(m->from);
        free(m->to);
        *m = g;
    }
    size_t i = dc_slot(m, o);
    m->from[i] = o;
    m->to[i] = copy;   /* borrowed: the copy is owned by whoever holds it */
    m->n++;
}

static int deepcopy_in(jc_ctx *ctx, value x, value *out, dcmap *m, const ast *site)
{
    value *el = NULL;
    size_t n = 0;
    if (x.type == T_ARRAY && array_has_elements(x)) {
        if (m->cap) {
            size_t i = dc_slot(m, x.u.o);
            if (m->from[i]) {
                *out = val_retain(m->to[i]);
                return 0;
            }
        }
        jc_array *A = val_array(x);
        *out = reshaped(x, A->nd, A->dims);
        val_array(*out)->kind = A->kind;
        dc_put(m, x.u.o, *out);
        el = val_array(*out)->v;
        n = (size_t)A->len;
    } else if (x.type == T_TUPLE) {
        *out = v_tuple_new(val_tuple(x)->n);
        el = val_tuple(*out)->v;
        n = val_tuple(x)->n;
        for (size_t i = 0; i < n; i++)
            el[i] = val_retain(val_tuple(x)->v[i]);
    } else if (x.type == T_NAMEDTUPLE) {
        jc_namedtuple *t = (jc_namedtuple *)x.u.o;
        jc_namedtuple *c = obj_new(T_NAMEDTUPLE, sizeof *c + t->n * sizeof(value));
        c->n = n = t->n;
        c->names = xmalloc(nz((int64_t)n) * sizeof *c->names);
        memcpy(c->names, t->names, n * sizeof *c->names);
        for (size_t i = 0; i < n; i++)
            c->v[i] = val_retain(t->v[i]);
        *out = v_obj(T_NAMEDTUPLE, x.sub, &c->h);
        el = c->v;
    } else {
        *out = val_retain(x);
        return 0;
    }
    if (eval_stack_check(ctx, site) < 0) {
        val_release(*out);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        value y = el[i];
        if (y.type != T_ARRAY && y.type != T_TUPLE && y.type != T_NAMEDTUPLE)
            continue;
        value c;
        if (deepcopy_in(ctx, y, &c, m, site) < 0) {
            val_release(*out);
            return -1;
        }
        el[i] = c;
        val_release(y);
    }
    return 0;
}

static int bi_deepcopy(jc_ctx *ctx, value *out, const jc_args *a)
{
    dcmap m = { 0 };
    int r = deepcopy_in(ctx, a->v[0], out, &m, a->site);
    free(m.from);
    free(m.to);
    return r;
}

/* ---- reordering ---- */

static int conj_of(jc_ctx *ctx, value x, value *out, const ast *site)
{
    if (x.type == T_COMPLEX) {
        value im;
        if (num_neg(ctx, &im, val_complex(x)->im) < 0)
            return -1;
        *out = v_complex(val_retain(val_complex(x)->re), im);
        return 0;
    }
    if (array_has_elements(x)) {
        value f;
        if (eval_get_global(ctx, "adjoint", &f) < 0)
            return -1;
        int r = eval_call(ctx, f, 1, &x, site, out);
        val_release(f);
        return r;
    }
    *out = val_retain(x);
    return 0;
}

/* transpose / adjoint of a vector or matrix (a vector becomes a 1×n matrix). */
static int transposed(jc_ctx *ctx, value x, int conj, value *out, const ast *site)
{
    jc_array *A = val_array(x);
    if (A->nd > 2)
        return err_throw(ctx, ERR_ARGUMENT, site, "transpose is defined for vectors and matrices");
    int64_t m = A->dims[0], n = A->nd == 2 ? A->dims[1] : 1;
    int64_t dims[2] = { n, m };
    value r = reshaped(x, 2, dims);
    if (A->nd == 1)
        val_array(r)->kind = conj ? ARR_ADJVEC : ARR_TRANSVEC;
    else if (A->kind == ARR_ADJVEC || A->kind == ARR_TRANSVEC)
        val_array(r)->nd = 1; /* back to the vector */
    jc_array *R = val_array(r);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            value e = A->v[j * m + i];
            val_release(R->v[i * n + j]);
            R->v[i * n + j] = v_nothing();
            if (conj && !arr_is_undef(e)) {
                if (conj_of(ctx, e, &R->v[i * n + j], site) < 0) {
                    val_release(r);
                    return -1;
                }
            } else
                R->v[i * n + j] = val_retain(e);
        }
    *out = r;
    return 0;
}

static int bi_transpose(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    return transposed(ctx, a->v[0], 0, out, a->site);
}

static int bi_adjoint(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_ARRAY && !array_has_elements(x)) { /* UniformScaling */
        *out = val_retain(x);
        return 0;
    }
    if (num_is_number(x))
        return conj_of(ctx, x, out, a->site);
    value tmp;
    int st = as_array(ctx, &x, 0, &tmp, a->site);
    if (st != 0)
        return st;
    st = transposed(ctx, x, 1, out, a->site);
    val_release(tmp);
    return st;
}

static int bi_permutedims(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    int perm[ARR_MAXDIMS];
    if (a->n == 1) {
        if (A->nd > 2)
            return err_throw(ctx, ERR_ARGUMENT, a->site, "permutedims needs a permutation for arrays of more than two dimensions");
        return transposed(ctx, x, 0, out, a->site);
    }
    value p = a->v[1];
    if (p.type != T_TUPLE && !array_has_elements(p))
        return LIB_DECLINE;
    value *pv;
    int64_t pn;
    if (elements(ctx, p, &pv, &pn, a->site) < 0)
        return -1;
    int seen[ARR_MAXDIMS] = { 0 }, bad = pn != A->nd;
    for (int64_t k = 0; k < pn && !bad; k++) {
        int64_t q = pv[k].type == T_INT64 ? pv[k].u.i : 0;
        if (q < 1 || q > A->nd || seen[q - 1])
            bad = 1;
        else {
            seen[q - 1] = 1;
            perm[k] = (int)q - 1;
        }
    }
    val_release_n(pv, pn);
    free(pv);
    if (bad)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "no valid permutation of dimensions");
    int64_t dims[ARR_MAXDIMS], sstride[ARR_MAXDIMS];
    sstride[0] = 1;
    for (int k = 1; k < A->nd; k++)
        sstride[k] = sstride[k - 1] * A->dims[k - 1];
    for (int k = 0; k < A->nd; k++)
        dims[k] = A->dims[perm[k]];
    value r = reshaped(x, A->nd, dims);
    jc_array *R = val_array(r);
    for (int64_t li = 0; li < R->len; li++) {
        int64_t rem = li, pos = 0;
        for (int k = 0; k < A->nd; k++) {
            pos += (rem % dims[k]) * sstride[perm[k]];
            rem /= dims[k];
        }
        val_release(R->v[li]);
        R->v[li] = val_retain(A->v[pos]);
    }
    *out = r;
    return 0;
}

static int bi_reverse(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_RANGE) {
        int r = range_reverse(ctx, x, out, a->site);
        if (r != LIB_DECLINE)
            return r;
    }
    value tmp;
    int st = as_array(ctx, &x, 0, &tmp, a->site);
    if (st != 0)
        return st;
    jc_array *A = val_array(x);
    value r = reshaped(x, A->nd, A->dims);
    jc_array *R = val_array(r);
    for (int64_t i = 0; i < A->len / 2; i++) {
        value t = R->v[i];
        R->v[i] = R->v[A->len - 1 - i];
        R->v[A->len - 1 - i] = t;
    }
    val_release(tmp);
    *out = r;
    return 0;
}

/* sort's ordering: lt(by(a), by(b)), isless when no lt is given, reversed by rev. */
typedef struct order {
    value by, lt;      /* nothing when not given */
    int rev;
    const ast *site;
} order;

/* Whether x comes before y in the ordering o. */
static int ordered_before(jc_ctx *ctx, const order *o, value x, value y, int *before)
{
    if (o->rev) {
        value t = x;
        x = y;
        y = t;
    }
    value kx = x, ky = y;
    int r = 0;
    if (o->by.type != T_NOTHING) {
        if (eval_call(ctx, o->by, 1, &x, o->site, &kx) < 0)
            return -1;
        if (eval_call(ctx, o->by, 1, &y, o->site, &ky) < 0) {
            val_release(kx);
            return -1;
        }
    }
    if (o->lt.type == T_NOTHING)
        r = lib_isless(ctx, kx, ky, before);
    else {
        value res;
        if ((r = eval_call(ctx, o->lt, 2, (value[]){ kx, ky }, o->site, &res)) == 0) {
            if (res.type != T_BOOL)
                r = err_throw(ctx, ERR_TYPE, o->site, "non-boolean (%s) used in boolean context",
                              val_kinds[res.type].name);
            else
                *before = res.u.i != 0;
            val_release(res);
        }
    }
    if (o->by.type != T_NOTHING) {
        val_release(kx);
        val_release(ky);
    }
    return r < 0 ? -1 : 0;
}

/* A stable merge sort, as Julia's default for non-numbers (and equal for numbers). */
static int merge_sort(jc_ctx *ctx, value *v, value *tmp, int64_t n, const order *o)
{
    if (n < 2)
        return 0;
    int64_t h = n / 2;
    if (merge_sort(ctx, v, tmp, h, o) < 0 || merge_sort(ctx, v + h, tmp, n - h, o) < 0)
        return -1;
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int lt = 0;
        if (ordered_before(ctx, o, v[j], v[i], &lt) < 0)
            return -1;
        tmp[k++] = lt ? v[j++] : v[i++];
    }
    while (i < h)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    memcpy(v, tmp, (size_t)n * sizeof *v);
    return 0;
}

static int sort_order(jc_ctx *ctx, const jc_args *a, order *o)
{
    const value *rv = lib_kwarg(ctx, a, "rev"), *by = lib_kwarg(ctx, a, "by"),
                *lt = lib_kwarg(ctx, a, "lt");
    o->rev = rv && rv->type == T_BOOL && rv->u.i;
    o->by = by ? *by : v_nothing();
    o->lt = lt ? *lt : v_nothing();
    o->site = a->site;
    return 0;
}

/* sort(v; by, lt, rev): a sorted copy; sort!(v; …) sorts the vector itself. */
static int sort_impl(jc_ctx *ctx, value *out, const jc_args *a, int in_place)
{
    value x = a->v[0];
    if (!array_has_elements(x) && (in_place || (x.type != T_RANGE && x.type != T_TUPLE)))
        return LIB_DECLINE;
    order o;
    sort_order(ctx, a, &o);
    value c;
    if (array_has_elements(x)) {
        if (val_array(x)->nd != 1)
            return err_throw(ctx, ERR_UNDEFKEYWORD, a->site, "keyword argument `dims` not assigned");
        c = in_place ? val_retain(x) : reshaped(x, 1, val_array(x)->dims);
    } else if (bi_collect(ctx, &c, &(jc_args){ .n = 1, .v = &x, .site = a->site }) < 0)
        return -1;
    jc_array *C = val_array(c);
    value *tmp = xmalloc(nz(C->len) * sizeof *tmp);
    int r = merge_sort(ctx, C->v, tmp, C->len, &o);
    free(tmp);
    if (r < 0) {
        val_release(c);
        return -1;
    }
    *out = c;
    return 0;
}

static int bi_sort(jc_ctx *ctx, value *out, const jc_args *a) { return sort_impl(ctx, out, a, 0); }
static int bi_sort_bang(jc_ctx *ctx, value *out, const jc_args *a) { return sort_impl(ctx, out, a, 1); }

/* ---- reductions ---- */

/* The kind sum and prod accumulate elements of kind t in: Julia's add_sum/mul_prod
 * widen the integers narrower than 64 bits to Int or UInt. */
static int reduce_kind(int t)
{
    switch (t) {
    case T_INT8: case T_INT16: case T_INT32: return T_INT64;
    case T_UINT8: case T_UINT16: case T_UINT32: return T_UINT64;
    default: return t;
    }
}

value lib_reduce_first(int kind, value x)
{
    if (kind == 0 && x.type == T_BOOL)
        return v_int(x.u.i);
    if (kind <= 1 && reduce_kind(x.type) != x.type) {
        value r = x;
        r.type = (uint8_t)reduce_kind(x.type);   /* u.i / u.u already hold the value */
        return r;
    }
    return x;
}

static int combine(jc_ctx *ctx, int kind, value acc, value x, const ast *site, value *out)
{
    switch (kind) {
    case 0: return lib_binop(ctx, NUM_ADD, acc, x, site, out);
    case 1: return lib_binop(ctx, NUM_MUL, acc, x, site, out);
    case 2: return lib_binop(ctx, NUM_MAX, acc, x, site, out);
    default: return lib_binop(ctx, NUM_MIN, acc, x, site, out);
    }
}

/* The identity of sum/prod for an empty array of element type et. */
static int reduce_empty(jc_ctx *ctx, int kind, const jc_typeobj *et, const ast *site, value *out)
{
    num_type nt;
    if (kind >= 2 || !type_number(et, &nt))
        return err_throw(ctx, ERR_ARGUMENT, site, "reducing over an empty collection is not allowed; consider supplying `init` to the reducer");
    if (nt.t == T_BOOL) /* sum(Bool[]) is 0 (Int) */
        nt.t = T_INT64;
    nt.t = (uint8_t)reduce_kind(nt.t);
    return num_convert_to(ctx, out, nt, v_int(kind == 1)) < 0 ? -1 : 0;
}

static int reduce_vals(jc_ctx *ctx, int kind, value f, const value *v, int64_t n, int64_t stride,
                       const jc_typeobj *et, const ast *site, value *out)
{
    value acc = v_nothing();
    for (int64_t i = 0; i < n; i++) {
        value x = v[i * stride];
        if (arr_is_undef(x)) {
            val_release(acc);
            return err_throw(ctx, ERR_UNDEFREF, site, "access to undefined reference");
        }
        if (f.type != T_NOTHING) {
            if (eval_call(ctx, f, 1, &x, site, &x) < 0) {
                val_release(acc);
                return -1;
            }
        } else
            x = val_retain(x);
        if (i == 0) {
            acc = lib_reduce_first(kind, x);
            continue;
        }
        value r;
        int k = combine(ctx, kind, acc, x, site, &r);
        val_release(acc);
        val_release(x);
        if (k < 0)
            return -1;
        acc = r;
    }
    if (n == 0)
        return reduce_empty(ctx, kind, et, site, out);
    *out = acc;
    return 0;
}

static int reduction(jc_ctx *ctx, value *out, const jc_args *a, int kind)
{
    value f = v_nothing(), x = a->v[a->n - 1];
    if (a->n == 2)
        f = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    const value *dimsv = lib_kwarg(ctx, a, "dims");
    if (!dimsv)
        return reduce_vals(ctx, kind, f, A->v, A->len, 1, A->et, a->site, out);
    int64_t d;
    if (num_to_int64(ctx, *dimsv, &d) < 0)
        return -1;
    if (d < 1)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "region dimension(s) must be ≥ 1, got %lld", (long long)d);
    if (d > A->nd) {
        *out = reshaped(x, A->nd, A->dims);
        return 0;
    }
    int64_t dims[ARR_MAXDIMS];
    memcpy(dims, A->dims, sizeof dims);
    int64_t len = dims[d - 1];
    dims[d - 1] = 1;
    int64_t stride = 1;
    for (int k = 0; k < d - 1; k++)
        stride *= A->dims[k];
    int64_t total = A->len / (len ? len : 1);
    if (len == 0)
        total = 1;
    for (int k = 0; k < A->nd; k++)
        if (k != d - 1 && A->dims[k] == 0)
            total = 0;
    value *res = xmalloc(nz(total) * sizeof *res);
    for (int64_t li = 0; li < total; li++) {
        int64_t inner = li % stride, outer = li / stride;
        int64_t base = inner + outer * stride * len;
        if (reduce_vals(ctx, kind, f, A->v + base, len, stride, A->et, a->site, &res[li]) < 0) {
            val_release_n(res, li);
            free(res);
            return -1;
        }
    }
    *out = array_from_values(ctx, res, total, A->nd, dims, NULL);
    free(res);
    return 0;
}

static int bi_sum(jc_ctx *ctx, value *out, const jc_args *a) { return reduction(ctx, out, a, 0); }
static int bi_prod(jc_ctx *ctx, value *out, const jc_args *a) { return reduction(ctx, out, a, 1); }

/* minimum(r), maximum(r), extrema(r) of one range without keywords: from its ends. */
static int range_reduction(jc_ctx *ctx, value *out, const jc_args *a, int which)
{
    if (a->n != 1 || a->nkw || a->v[0].type != T_RANGE)
        return LIB_DECLINE;
    return range_extrema(ctx, a->v[0], which, out, a->site);
}

static int bi_maximum(jc_ctx *ctx, value *out, const jc_args *a)
{
    int r = range_reduction(ctx, out, a, 1);
    return r != LIB_DECLINE ? r : reduction(ctx, out, a, 2);
}

static int bi_minimum(jc_ctx *ctx, value *out, const jc_args *a)
{
    int r = range_reduction(ctx, out, a, 0);
    return r != LIB_DECLINE ? r : reduction(ctx, out, a, 3);
}

static int bi_extrema(jc_ctx *ctx, value *out, const jc_args *a)
{
    int rr = range_reduction(ctx, out, a, 2);
    if (rr != LIB_DECLINE)
        return rr;
    value x = a->v[a->n - 1];
    value tmp;
    int st = as_array(ctx, &x, 1, &tmp, a->site);
    if (st != 0)
        return st;
    value args[2] = { a->v[0], x };
    jc_args b = { .n = a->n, .v = a->n == 2 ? args : &x, .site = a->site };
    value lo, hi;
    if (reduction(ctx, &lo, &b, 3) < 0) {
        val_release(tmp);
        return -1;
    }
    if (reduction(ctx, &hi, &b, 2) < 0) {
        val_release(lo);
        val_release(tmp);
        return -1;
    }
    val_release(tmp);
    value t = v_tuple_new(2);
    val_tuple(t)->v[0] = lo;
    val_tuple(t)->v[1] = hi;
    *out = t;
    return 0;
}

static int accumulate(jc_ctx *ctx, value *out, const jc_args *a, int kind)
{
    value x = a->v[0];
    value tmp;
    int st = as_array(ctx, &x, 1, &tmp, a->site);
    if (st != 0)
        return st;
    jc_array *A = val_array(x);
    if (A->nd != 1 && !lib_kwarg(ctx, a, "dims")) {
        val_release(tmp);
        return err_throw(ctx, ERR_UNDEFKEYWORD, a->site, "keyword argument `dims` not assigned");
    }
    /* along dimension d: element i adds to the one `stride` before it, unless it is the
     * first along d (a d past the array's dimensions leaves every element first) */
    int64_t d = 1;
    const value *dv = lib_kwarg(ctx, a, "dims");
    if (dv && num_to_int64(ctx, *dv, &d) < 0) {
        val_release(tmp);
        return -1;
    }
    if (d < 1) {
        val_release(tmp);
        return err_throw(ctx, ERR_ARGUMENT, a->site, "dims must be a positive integer");
    }
    int64_t stride = 1, ext = 1;
    for (int k = 0; k < A->nd && k < d - 1; k++)
        stride *= A->dims[k];
    if (d <= A->nd)
        ext = A->dims[d - 1];
    value *res = xmalloc(nz(A->len) * sizeof *res);
    int64_t cnt = 0;
    int r = 0;
    for (int64_t i = 0; i < A->len && r == 0; i++) {
        value e = A->v[i];
        if (ext <= 1 || (i / stride) % ext == 0) {
            res[cnt++] = lib_reduce_first(kind, val_retain(e));
            continue;
        }
        r = combine(ctx, kind, res[i - stride], e, a->site, &res[cnt]);
        if (r == 0)
            cnt++;
    }
    if (r == 0 && cnt == 0) { /* empty: the element type of the sums (Bool adds as Int) */
        num_type nt;
        jc_typeobj *et = type_number(A->et, &nt) ? num_tobj(nt.t == T_BOOL ? (num_type){ T_INT64, 0, 0 } : nt)
                                                 : NULL;
        *out = array_from_values(ctx, res, cnt, A->nd, A->dims, et);
        type_release(et);
    } else if (r == 0) {
        /* numbers take their promoted type: an Int64 cumprod that continued as BigInt is a
         * Vector{BigInt}, as Julia's accumulate keeps one element type */
        int allnum = cnt > 0;
        for (int64_t i = 0; i < cnt; i++)
            allnum &= num_is_number(res[i]);
        value et = allnum ? array_promote_eltype(ctx, res, cnt) : v_nothing();
        int conv = 0;
        for (int64_t i = 0; i < cnt && allnum && conv == 0; i++) {
            value c;
            conv = array_convert_elt(ctx, val_typeobj(et), res[i], &c);
            if (conv == 0) {
                val_release(res[i]);
                res[i] = c;
            }
        }
        if (conv < 0) {
            val_release_n(res, cnt);
            r = -1;
        } else
            *out = array_from_values(ctx, res, cnt, A->nd, A->dims, allnum ? val_typeobj(et) : NULL);
        val_release(et);
    } else
        val_release_n(res, cnt);
    free(res);
    val_release(tmp); /* after the last use of A, which it may own */
    return r < 0 ? -1 : 0;
}

static int bi_cumsum(jc_ctx *ctx, value *out, const jc_args *a) { return accumulate(ctx, out, a, 0); }
static int bi_cumprod(jc_ctx *ctx, value *out, const jc_args *a) { return accumulate(ctx, out, a, 1); }

static int bi_diff(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    value tmp;
    int st = as_array(ctx, &x, 0, &tmp, a->site);
    if (st != 0)
        return st;
    jc_array *A = val_array(x);
    int d = 1;
    const value *dv = lib_kwarg(ctx, a, "dims");
    if (dv && dv->type == T_INT64)
        d = (int)dv->u.i;
    if (A->nd > 2 || d < 1 || d > A->nd || (A->nd == 2 && !dv)) {
        val_release(tmp);
        return err_throw(ctx, ERR_UNDEFKEYWORD, a->site, "keyword argument `dims` not assigned");
    }
    int64_t m = A->dims[0], n = A->nd == 2 ? A->dims[1] : 1;
    int64_t dims[2] = { d == 1 ? (m ? m - 1 : 0) : m, d == 2 ? (n ? n - 1 : 0) : n };
    int64_t total = dims[0] * dims[1];
    value *res = xmalloc(nz(total) * sizeof *res);
    int64_t cnt = 0;
    for (int64_t j = 0; j < dims[1]; j++)
        for (int64_t i = 0; i < dims[0]; i++) {
            value hi = d == 1 ? A->v[j * m + i + 1] : A->v[(j + 1) * m + i];
            value lo = A->v[j * m + i];
            if (lib_binop(ctx, NUM_SUB, hi, lo, a->site, &res[cnt]) < 0) {
                val_release_n(res, cnt);
                free(res);
                val_release(tmp);
                return -1;
            }
            cnt++;
        }
    jc_typeobj *et = NULL;
    if (total == 0) {
        num_type nt;
        et = type_number(A->et, &nt) ? num_tobj(nt) : NULL;
    }
    *out = array_from_values(ctx, res, total, A->nd, dims, et);
    type_release(et);
    free(res);
    val_release(tmp);
    return 0;
}

/* ---- mutation and higher-order helpers ---- */

static int bi_push(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    if (A->nd != 1)
        return lib_no_method(ctx, "push!", a);
    for (int i = 1; i < a->n; i++) {
        value y;
        if (array_convert_elt(ctx, A->et, a->v[i], &y) < 0)
            return -1;
        if (A->len >= A->cap) { /* geometric growth: n push!es cost O(n) */
            int64_t cap = A->len < 4 ? 4 : A->len + A->len / 2;
            size_t bytes;
            if (size_bytes((size_t)cap, sizeof *A->v, &bytes) < 0) {
                val_release(y);
                return err_throw(ctx, ERR_OUTOFMEMORY, a->site, "()");
            }
            A->v = xrealloc(A->v, bytes);
            A->cap = cap;
        }
        A->v[A->len++] = y;
        A->dims[0] = A->len;
    }
    *out = val_retain(x);
    return 0;
}

static int bi_append(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    for (int i = 1; i < a->n; i++) {
        value *vals;
        int64_t n;
        if (elements(ctx, a->v[i], &vals, &n, a->site) < 0)
            return -1;
        value r;
        value *args = xmalloc((size_t)(n + 1) * sizeof *args);
        args[0] = x;
        memcpy(args + 1, vals, (size_t)n * sizeof *vals);
        int k = bi_push(ctx, &r, &(jc_args){ .n = (int)n + 1, .v = args, .site = a->site });
        val_release_n(vals, n);
        free(vals);
        free(args);
        if (k < 0)
            return -1;
        val_release(r);
    }
    *out = val_retain(x);
    return 0;
}

static int bi_pop(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    if (A->nd != 1 || A->len == 0)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "array must be non-empty");
    *out = A->v[--A->len];
    A->dims[0] = A->len;
    return 0;
}

static int bi_map(jc_ctx *ctx, value *out, const jc_args *a)
{
    int any = 0;
    for (int i = 1; i < a->n; i++)
        any |= array_has_elements(a->v[i]) || a->v[i].type == T_RANGE || a->v[i].type == T_TUPLE;
    if (!any)
        return LIB_DECLINE;
    jc_args b = *a;
    b.n = a->n - 1;
    b.v = a->v + 1;
    int r = array_broadcast(ctx, a->v[0], &b, out);
    if (r == 0 && out->type == T_ARRAY)
        val_array(*out)->bits = 0; /* map collects: Vector{Bool}, where broadcast packs bits */
    return r;
}

static int bi_filter(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[1];
    value held = v_nothing(); /* a range is filtered as the vector it stands for */
    if (x.type == T_RANGE) {
        value *vals;
        int64_t n;
        if (elements(ctx, x, &vals, &n, a->site) < 0)
            return -1;
        held = x = array_from_values(ctx, vals, n, 1, &n, NULL);
        free(vals);
    }
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    value *res = xmalloc(nz(A->len) * sizeof *res);
    int64_t cnt = 0;
    for (int64_t i = 0; i < A->len; i++) {
        value t;
        if (eval_call(ctx, a->v[0], 1, &A->v[i], a->site, &t) < 0) {
            val_release_n(res, cnt);
            free(res);
            val_release(held);
            return -1;
        }
        if (t.type == T_BOOL && t.u.i)
            res[cnt++] = val_retain(A->v[i]);
        val_release(t);
    }
    *out = array_from_values(ctx, res, cnt, 1, &cnt, A->et);
    free(res);
    val_release(held);
    return 0;
}

static int anyall(jc_ctx *ctx, value *out, const jc_args *a, int want)
{
    value x = a->v[a->n - 1];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    for (int64_t i = 0; i < A->len; i++) {
        value t = A->v[i];
        if (a->n == 2 && eval_call(ctx, a->v[0], 1, &A->v[i], a->site, &t) < 0)
            return -1;
        int b = t.type == T_BOOL && t.u.i;
        if (t.type != T_BOOL) {
            int truth;
            eval_truthy(ctx, t, a->site, &truth);
            if (a->n == 2)
                val_release(t);
            return -1;
        }
        if (b == want) {
            *out = v_bool(want);
            return 0;
        }
    }
    *out = v_bool(!want);
    return 0;
}

static int bi_any(jc_ctx *ctx, value *out, const jc_args *a) { return anyall(ctx, out, a, 1); }
static int bi_all(jc_ctx *ctx, value *out, const jc_args *a) { return anyall(ctx, out, a, 0); }

static int bi_count(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[a->n - 1];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    jc_array *A = val_array(x);
    int64_t c = 0;
    for (int64_t i = 0; i < A->len; i++) {
        value t = A->v[i];
        if (a->n == 2 && eval_call(ctx, a->v[0], 1, &A->v[i], a->site, &t) < 0)
            return -1;
        c += t.type == T_BOOL && t.u.i;
        if (a->n == 2)
            val_release(t);
    }
    *out = v_int(c);
    return 0;
}

/* hcat(a, b...), vcat(a, b...) as functions. */
static int catfn(jc_ctx *ctx, value *out, const jc_args *a, int dim)
{
    value *parts = xmalloc(nz(a->n) * sizeof *parts);
    for (int i = 0; i < a->n; i++)
        parts[i] = val_retain(a->v[i]);
    int r = array_cat(ctx, dim, parts, a->n, NULL, a->site, out);
    val_release_n(parts, a->n);
    free(parts);
    return r;
}

static int bi_vcat(jc_ctx *ctx, value *out, const jc_args *a) { return catfn(ctx, out, a, 1); }
static int bi_hcat(jc_ctx *ctx, value *out, const jc_args *a) { return catfn(ctx, out, a, 2); }

/* Shared by adjoint and its postfix spelling '. */
static const char help_adjoint[] = "  A'\n  adjoint(A)\n\n  Conjugate transpose.";

const builtin lib_arrays[] = {
    { "typeof", 1, 1, bi_typeof, NULL, NULL },
    { "eltype", 1, 1, bi_eltype, "  eltype(type)\n\n  Determine the type of the elements generated by iterating a collection of the given type.", NULL },
    { "size", 1, 2, bi_size, "  size(A::AbstractArray, [dim])\n\n  Return a tuple containing the dimensions of A. Optionally you can specify a dimension to just get the length of that dimension.", NULL },
    { "length", 1, 1, bi_length, NULL, NULL },
    { "ndims", 1, 1, bi_ndims, "  ndims(A::AbstractArray) -> Integer\n\n  Return the number of dimensions of A.", NULL },
    { "isempty", 1, 1, bi_isempty, "  isempty(collection) -> Bool\n\n  Determine whether a collection is empty (has no elements).", NULL },
    { "getindex", 1, -1, bi_getindex, NULL, NULL },
    { "setindex!", 3, -1, bi_setindex, "  setindex!(collection, value, key...)\n\n  Store the given value at the given key or index within a collection. The syntax a[i,j,...] = x is converted by the compiler to (setindex!(a, x, i, j, ...); x).", NULL },
    { "lastindex", 1, 2, bi_lastindex, NULL, NULL },
    { "firstindex", 1, 2, bi_firstindex, NULL, NULL },
    { "zeros", 0, -1, bi_zeros, "  zeros([T=Float64,] dims::Tuple)\n  zeros([T=Float64,] dims...)\n\n  Create an Array, with element type T, of all zeros with size specified by dims.", NULL },
    { "ones", 0, -1, bi_ones, "  ones([T=Float64,] dims::Tuple)\n  ones([T=Float64,] dims...)\n\n  Create an Array, with element type T, of all ones with size specified by dims.", NULL },
    { "fill", 1, -1, bi_fill, "  fill(value, dims::Tuple)\n  fill(value, dims...)\n\n  Create an array of size dims with every location set to value.", NULL },
    { "trues", 0, -1, bi_trues, "  trues(dims)\n\n  Create a BitArray with all values set to true.", NULL },
    { "falses", 0, -1, bi_falses, "  falses(dims)\n\n  Create a BitArray with all values set to false.", NULL },
    { "collect", 1, 2, bi_collect, "  collect(collection)\n\n  Return an Array of all items in a collection or iterator.", NULL },
    { "reshape", 2, -1, bi_reshape, "  reshape(A, dims...) -> AbstractArray\n\n  Return an array with the same data as A, but with different dimension sizes or number of dimensions.", NULL },
    { "vec", 1, 1, bi_vec, "  vec(a::AbstractArray) -> AbstractVector\n\n  Reshape the array a as a one-dimensional column vector.", NULL },
    { "copy", 1, 1, bi_copy, "  copy(x)\n\n  Create a shallow copy of x.", NULL },
    { "deepcopy", 1, 1, bi_deepcopy, "  deepcopy(x)\n\n  Create a deep copy of x: everything is copied recursively, resulting in a fully\n  independent object.  An array met twice (or inside itself) is copied once, so the copy\n  has the same structure: b = deepcopy(a) with a = Any[1]; push!(a, a) has b[2] === b.", NULL },
    { "transpose", 1, 1, bi_transpose, "  transpose(A)\n\n  Lazy transpose (here an eager copy).", NULL },
    { "adjoint", 1, 1, bi_adjoint, help_adjoint, NULL },
    { "'", 1, 1, bi_adjoint, help_adjoint, NULL },
    { "permutedims", 1, 2, bi_permutedims, "  permutedims(A::AbstractArray, perm)\n\n  Permute the dimensions of array A.", NULL },
    { "reverse", 1, 1, bi_reverse, "  reverse(v)\n\n  Return a copy of v reversed from start to end.", NULL },
    { "sort", 1, 1, bi_sort, "  sort(v; by=identity, lt=isless, rev=false)\n\n  Variant of sort! that returns a sorted copy of v leaving v itself unmodified.", "by lt rev" },
    { "sort!", 1, 1, bi_sort_bang, "  sort!(v; by=identity, lt=isless, rev=false)\n\n  Sort the vector v in place (stably, by lt(by(x), by(y))), and return it.", "by lt rev" },
    { "sum", 1, 2, bi_sum, NULL, "dims" },
    { "prod", 1, 2, bi_prod, NULL, "dims" },
    { "maximum", 1, 2, bi_maximum, NULL, "dims" },
    { "minimum", 1, 2, bi_minimum, NULL, "dims" },
    { "extrema", 1, 2, bi_extrema, "  extrema(itr) -> (mn, mx)\n\n  Compute both the minimum mn and maximum mx element in a single pass, and return them as a 2-tuple.", NULL },
    { "cumsum", 1, 1, bi_cumsum, "  cumsum(A; dims::Integer)\n\n  Cumulative sum along the dimension dims.", "dims" },
    { "cumprod", 1, 1, bi_cumprod, "  cumprod(A; dims::Integer)\n\n  Cumulative product along the dimension dims.", "dims" },
    { "diff", 1, 1, bi_diff, "  diff(A::AbstractVector)\n  diff(A::AbstractArray; dims::Integer)\n\n  Finite difference operator on a vector or a multidimensional array A.", "dims" },
    { "push!", 2, -1, bi_push, "  push!(collection, items...) -> collection\n\n  Insert one or more items in collection.", NULL },
    { "append!", 2, -1, bi_append, "  append!(collection, collections...) -> collection\n\n  Add the elements of each collection to the end of the first.", NULL },
    { "pop!", 1, 1, bi_pop, "  pop!(collection) -> item\n\n  Remove an item in collection and return it.", NULL },
    { "map", 2, -1, bi_map, "  map(f, c...) -> collection\n\n  Transform collection c by applying f to each element.", NULL },
    { "filter", 2, 2, bi_filter, "  filter(f, a)\n\n  Return a copy of collection a, removing elements for which f is false.", NULL },
    { "any", 1, 2, bi_any, "  any(itr) -> Bool\n\n  Test whether any elements of a boolean collection are true.", NULL },
    { "all", 1, 2, bi_all, "  all(itr) -> Bool\n\n  Test whether all elements of a boolean collection are true.", NULL },
    { "count", 1, 2, bi_count, "  count([f=identity,] itr; init=0) -> Integer\n\n  Count the number of elements in itr for which the function f returns true.", NULL },
    { "vcat", 0, -1, bi_vcat, "  vcat(A...)\n\n  Concatenate arrays or numbers vertically.", NULL },
    { "hcat", 0, -1, bi_hcat, "  hcat(A...)\n\n  Concatenate arrays or numbers horizontally.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
