/* eval_broadcast.c — f.(args...) and the dotted operators with Julia's broadcast
 * shapes: scalars and 1-element dimensions extend, ranges stay ranges where Julia's
 * broadcasted methods keep them (range.c), Bool results become BitArrays. */
#include "array.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "range.h"
#include "size.h"
#include "types.h"
#include "lib/lib.h"
#include "eval.h"

/* The element type of an empty broadcast: the promotion of the arguments' types. */
static jc_typeobj *bc_empty_type(const jc_args *a)
{
    num_type acc = { 0, 0, 0 }, t;
    int have = 0;
    for (int i = 0; i < a->n; i++) {
        value v = a->v[i];
        if (v.type == T_ARRAY) {
            if (!type_number(val_array(v)->et, &t))
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
        if (array_coll_is(a->v[i])) {
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
        int k = array_coll_shape(a->v[i], d);
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
    int64_t len;
    if (array_check_dims(ctx, nd, rd, &len) < 0) {
        err_locate(ctx, a->site);
        return -1;
    }
    value *res = xmalloc(nz(len) * sizeof *res);
    value *args = xmalloc(nz(a->n) * sizeof *args);
    int64_t (*adims)[ARR_MAXDIMS] = xmalloc(nz(a->n) * sizeof *adims);
    int *and = xmalloc(nz(a->n) * sizeof *and);
    for (int i = 0; i < a->n; i++)
        and[i] = array_coll_shape(a->v[i], adims[i]);
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
            if (array_coll_elem(ctx, a->v[i], pos, &args[i]) < 0) {
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
    type_release(et);
    free(res);
    /* Julia packs a broadcast's Bool results into a BitArray */
    if (out->type == T_ARRAY && val_array(*out)->et && val_array(*out)->et->base == T_BOOL)
        val_array(*out)->bits = 1;
    return 0;
}

