/* eval_type.c — type syntax as the evaluator sees it: Vector{T}, Matrix{T}, Array{T,N},
 * Union{...} applied to parameters, calls of those types (Vector{T}(undef, n)), and the
 * names bound to them at start (Vector, Matrix, Array, Union, undef, I). */
#include "array.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "range.h"
#include "types.h"

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
    value iv = array_alloc(val_typeobj(bty), 0, NULL);
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
        int nd = array_coll_shape(src, dims);
        if (t->ndims >= 0 && t->ndims != nd)
            return lib_no_method(ctx, t->ndims == 1 ? "Vector" : "Matrix", a);
        const jc_typeobj *et = t->param;
        value r;
        if (et)
            r = array_alloc(et, nd, dims);
        else if (src.type == T_ARRAY)
            r = array_alloc(val_array(src)->et, nd, dims);
        else {
            value tmp;
            if (array_cat_part(ctx, src, &tmp) < 0)
                return -1;
            *out = tmp;
            return 0;
        }
        jc_array *ra = val_array(r);
        for (int64_t i = 0; i < ra->len; i++) {
            value x;
            if (array_coll_elem(ctx, src, i, &x) < 0 || array_convert_elt(ctx, ra->et, x, &ra->v[i]) < 0) {
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

