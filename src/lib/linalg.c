/* linalg.c — linear algebra on arrays: + - * / \ ^ ==, inv, det, tr, rank, norm, dot,
 * cross, kron, hermitianpart, issymmetric, ishermitian, and the UniformScaling I.
 *
 * This file holds elementwise arithmetic, the matrix product, I, and every builtin row;
 * det, inv, \ and rank factor in lib/factor.c, which says how each element type is
 * handled.  Element types decide the arithmetic, as in Julia's LinearAlgebra. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "num/num.h"
#include "range.h"
#include "show.h"
#include "lib/lib.h"
#include "lib/linalg_impl.h"
#include "size.h"
#include "eval.h"

static int is_uniform(value v) { return v.type == T_ARRAY && val_array(v)->kind == ARR_UNIFORM; }

static int undef_error(jc_ctx *ctx, const ast *site)
{
    return err_throw(ctx, ERR_UNDEFREF, site, "access to undefined reference");
}

int la_check_defined(jc_ctx *ctx, const jc_array *a, const ast *site)
{
    for (int64_t i = 0; i < a->len; i++)
        if (arr_is_undef(a->v[i]))
            return undef_error(ctx, site);
    return 0;
}

/* A result array: the values (owned) with Julia's collect element type. */
static value result(jc_ctx *ctx, value *vals, int64_t n, int nd, const int64_t *dims, const jc_typeobj *empty_et)
{
    return array_from_values(ctx, vals, n, nd, dims, n == 0 ? empty_et : NULL);
}

void la_release_vals(value *v, int64_t n)
{
    val_release_n(v, n);
    free(v);
}

/* ---- elementwise ---- */

static void dims_text(sb *s, const jc_array *a)
{
    sb_putc(s, '(');
    for (int k = 0; k < a->nd; k++)
        sb_printf(s, k ? ", Base.OneTo(%lld)" : "Base.OneTo(%lld)", (long long)a->dims[k]);
    if (a->nd == 1)
        sb_putc(s, ',');
    sb_putc(s, ')');
}

static int same_shape(jc_ctx *ctx, const jc_array *a, const jc_array *b, const ast *site)
{
    int nd = a->nd > b->nd ? a->nd : b->nd;
    for (int k = 0; k < nd; k++) {
        int64_t x = k < a->nd ? a->dims[k] : 1, y = k < b->nd ? b->dims[k] : 1;
        if (x != y) {
            sb s = { 0 }, t = { 0 };
            dims_text(&s, a);
            dims_text(&t, b);
            err_throw(ctx, ERR_DIMENSION, site, "dimensions must match: a has dims %s, b has dims %s, mismatch at %d",
                     sb_str(&s), sb_str(&t), k + 1);
            sb_free(&s);
            sb_free(&t);
            return -1;
        }
    }
    return 0;
}

/* a op b elementwise; either side may be a scalar (side: 1 array op scalar, 2 scalar op array). */
static int elementwise(jc_ctx *ctx, num_op op, value a, value b, const ast *site, value *out)
{
    const jc_array *A = array_has_elements(a) ? val_array(a) : NULL, *B = array_has_elements(b) ? val_array(b) : NULL;
    const jc_array *S = A ? A : B;
    if (A && B && same_shape(ctx, A, B, site) < 0)
        return -1;
    value *res = xmalloc(nz(S->len) * sizeof *res);
    for (int64_t i = 0; i < S->len; i++) {
        value x = A ? A->v[i] : a, y = B ? B->v[i] : b;
        if (arr_is_undef(x) || arr_is_undef(y)) {
            la_release_vals(res, i);
            return undef_error(ctx, site);
        }
        if (lib_binop(ctx, op, x, y, site, &res[i]) < 0) {
            la_release_vals(res, i);
            return -1;
        }
    }
    value r = result(ctx, res, S->len, S->nd, S->dims, S->et);
    if (S->kind == ARR_ADJVEC || S->kind == ARR_TRANSVEC)
        val_array(r)->kind = S->kind;
    free(res);
    *out = r;
    return 0;
}

/* ---- the UniformScaling I ---- */

static value uniform_new(value lambda)
{
    value t = num_typeof_value(lambda);
    value r = array_from_values(NULL, &lambda, 1, 0, NULL, val_typeobj(t));
    val_release(t);
    val_array(r)->kind = ARR_UNIFORM;
    val_array(r)->nd = 0;
    return r;
}

int la_square_check(jc_ctx *ctx, const jc_array *A, const ast *site)
{
    if (A->nd != 2 || la_nrows(A) != la_ncols(A)) {
        if (A->nd == 1)
            return err_throw(ctx, ERR_DIMENSION, site, "matrix is not square: dimensions are (%lld,)",
                            (long long)A->dims[0]);
        return err_throw(ctx, ERR_DIMENSION, site, "matrix is not square: dimensions are (%lld, %lld)",
                        (long long)la_nrows(A), (long long)la_ncols(A));
    }
    return 0;
}

/* A ± λI (sign -1 for A - λI, and for λI - A the caller negates). */
static int plus_uniform(jc_ctx *ctx, value a, value lambda, num_op op, int uniform_left, const ast *site,
                        value *out)
{
    const jc_array *A = val_array(a);
    if (la_square_check(ctx, A, site) < 0)
        return -1;
    int64_t n = la_nrows(A);
    value *res = xmalloc(nz(A->len) * sizeof *res);
    for (int64_t i = 0; i < A->len; i++) {
        value x = A->v[i];
        if (arr_is_undef(x)) {
            la_release_vals(res, i);
            return undef_error(ctx, site);
        }
        int diag = i % n == i / n;
        value zero;
        if (!diag) {
            if (num_binop(ctx, &zero, NUM_MUL, lambda, v_bool(0)) < 0) {
                la_release_vals(res, i);
                return -1;
            }
        } else
            zero = val_retain(lambda);
        int r = uniform_left ? lib_binop(ctx, op, zero, x, site, &res[i]) : lib_binop(ctx, op, x, zero, site, &res[i]);
        val_release(zero);
        if (r < 0) {
            la_release_vals(res, i);
            return -1;
        }
    }
    *out = result(ctx, res, A->len, 2, A->dims, A->et);
    free(res);
    return 0;
}

/* ---- matrix product ---- */

int la_number_type(const jc_array *A, num_type *nt)
{
    if (type_number(A->et, nt))
        return 1;
    /* abstract element type: promote over the elements */
    int have = 0;
    for (int64_t i = 0; i < A->len; i++) {
        num_type t;
        if (num_typeof(A->v[i], &t) < 0)
            return 0;
        *nt = have++ ? num_promote_type(*nt, t) : t;
    }
    return have;
}


static int matmul(jc_ctx *ctx, value a, value b, const ast *site, value *out)
{
    const jc_array *A = val_array(a), *B = val_array(b);
    if (A->nd > 2 || B->nd > 2)
        return err_throw(ctx, ERR_METHOD, site, "no method matching *(::Array, ::Array) for arrays of more than two dimensions");
    int64_t m = la_nrows(A), k = la_ncols(A), k2 = la_nrows(B), n = la_ncols(B);
    if (A->nd == 1) { /* a vector is an m×1 matrix */
        k = 1;
    }
    if (k != k2) {
        if (B->nd == 1)
            return err_throw(ctx, ERR_DIMENSION, site, "matrix A has dimensions (%lld,%lld), vector B has length %lld",
                            (long long)m, (long long)k, (long long)k2);
        return err_throw(ctx, ERR_DIMENSION, site, "matrix A has dimensions (%lld,%lld), matrix B has dimensions (%lld,%lld)",
                        (long long)m, (long long)k, (long long)k2, (long long)n);
    }
    if (la_check_defined(ctx, A, site) < 0 || la_check_defined(ctx, B, site) < 0)
        return -1;
    int64_t len;
    if (array_check_dims(ctx, 2, (int64_t[]){ m, n }, &len) < 0) {
        err_locate(ctx, site);
        return -1;
    }
    value *res = xmalloc(nz(len) * sizeof *res);
    num_type ta, tb;
    int fast = la_number_type(A, &ta) && la_number_type(B, &tb) && ta.t == T_FLOAT64 && tb.t == T_FLOAT64 &&
               !ta.cplx && !tb.cplx;
    if (fast) {
        /* Float64: column-major loops over doubles, accumulating in the order i-k-j of a
         * plain dot product per element, as the generic kernel does */
        double *ad = xmalloc(nz(m * k) * sizeof *ad);
        double *bd = xmalloc(nz(k * n) * sizeof *bd);
        for (int64_t i = 0; i < m * k; i++)
            ad[i] = A->v[i].u.f;
        for (int64_t i = 0; i < k * n; i++)
            bd[i] = B->v[i].u.f;
        double *cd = xcalloc(nz(len), sizeof *cd);
        for (int64_t j = 0; j < n; j++)
            for (int64_t p = 0; p < k; p++) {
                double bv = bd[j * k + p];
                const double *acol = ad + p * m;
                double *ccol = cd + j * m;
                for (int64_t i = 0; i < m; i++)
                    ccol[i] += acol[i] * bv;
            }
        for (int64_t i = 0; i < len; i++)
            res[i] = v_f64(cd[i]);
        free(ad);
        free(bd);
        free(cd);
    } else {
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < m; i++) {
                value acc = v_nothing();
                for (int64_t p = 0; p < k; p++) {
                    value t;
                    if (lib_binop(ctx, NUM_MUL, A->v[p * m + i], B->v[j * k + p], site, &t) < 0) {
                        val_release(acc);
                        la_release_vals(res, j * m + i);
                        return -1;
                    }
                    if (p == 0) {
                        acc = t;
                        continue;
                    }
                    value s;
                    int r = lib_binop(ctx, NUM_ADD, acc, t, site, &s);
                    val_release(acc);
                    val_release(t);
                    if (r < 0) {
                        la_release_vals(res, j * m + i);
                        return -1;
                    }
                    acc = s;
                }
                if (k == 0)
                    acc = v_int(0);
                res[j * m + i] = acc;
            }
    }
    int64_t dims[2] = { m, n };
    int nd = B->nd == 1 ? 1 : 2;
    jc_typeobj *et = NULL;
    if (len == 0 || k == 0) {
        num_type pt = num_promote_type(ta, tb);
        et = val_typeobj(num_type_value(pt));
        if (k == 0)
            for (int64_t i = 0; i < len; i++) {
                val_release(res[i]);
                num_convert_to(ctx, &res[i], pt, v_int(0));
            }
    }
    *out = array_from_values(ctx, res, len, nd, dims, et);
    if (A->kind == ARR_ADJVEC || A->kind == ARR_TRANSVEC) {
        if (B->nd == 1) { /* x' * y is a number */
            value s = val_retain(val_array(*out)->v[0]);
            val_release(*out);
            *out = s;
        } else
            val_array(*out)->kind = A->kind;
    }
    if (et)
        val_release(v_obj(T_TYPE, 0, &et->h));
    free(res);
    return 0;
}

/* ---- rows ---- */

/* a + b and a - b (op NUM_ADD or NUM_SUB) for arrays and I; an array with a number is
 * Julia's MethodError, which points at broadcasting. */
static int add_or_sub(jc_ctx *ctx, num_op op, value *out, const jc_args *a)
{
    if (a->n != 2)
        return LIB_DECLINE;
    value x = a->v[0], y = a->v[1];
    if (array_has_elements(x) && array_has_elements(y))
        return elementwise(ctx, op, x, y, a->site, out);
    if (array_has_elements(x) && is_uniform(y))
        return plus_uniform(ctx, x, val_array(y)->v[0], op, 0, a->site, out);
    if (is_uniform(x) && array_has_elements(y))
        return plus_uniform(ctx, y, val_array(x)->v[0], op, 1, a->site, out);
    if (is_uniform(x) && is_uniform(y)) {
        value s;
        if (lib_binop(ctx, op, val_array(x)->v[0], val_array(y)->v[0], a->site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if ((array_has_elements(x) && num_is_number(y)) || (num_is_number(x) && array_has_elements(y)))
        return err_throw(ctx, ERR_METHOD, a->site, "no method matching %s(::%s, ::%s)\nFor element-wise %s, use broadcasting with dot syntax: array .%s scalar",
                        lib_op_name(op), array_has_elements(x) ? "Array" : "Number", array_has_elements(y) ? "Array" : "Number",
                        op == NUM_ADD ? "addition" : "subtraction", lib_op_name(op));
    return LIB_DECLINE;
}

static int bi_add(jc_ctx *ctx, value *out, const jc_args *a)
{
    return add_or_sub(ctx, NUM_ADD, out, a);
}

static int negate(jc_ctx *ctx, value x, const ast *site, value *out)
{
    const jc_array *A = val_array(x);
    value *res = xmalloc(nz(A->len) * sizeof *res);
    for (int64_t i = 0; i < A->len; i++) {
        int r = num_is_number(A->v[i]) ? num_neg(ctx, &res[i], A->v[i]) : -1;
        if (r < 0) {
            if (!num_is_number(A->v[i])) {
                value f;
                if (eval_get_global(ctx, "-", &f) == 0) {
                    r = eval_call(ctx, f, 1, &A->v[i], site, &res[i]);
                    val_release(f);
                }
            }
            if (r < 0) {
                la_release_vals(res, i);
                return -1;
            }
        }
    }
    *out = result(ctx, res, A->len, A->nd, A->dims, A->et);
    val_array(*out)->kind = A->kind == ARR_UNIFORM ? ARR_DENSE : A->kind;
    free(res);
    return 0;
}

static int bi_sub(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (a->n == 1) {
        if (array_has_elements(x))
            return negate(ctx, x, a->site, out);
        if (is_uniform(x)) {
            value l;
            if (num_neg(ctx, &l, val_array(x)->v[0]) < 0)
                return -1;
            *out = uniform_new(l);
            return 0;
        }
        return LIB_DECLINE;
    }
    return add_or_sub(ctx, NUM_SUB, out, a);
}

static int mul2(jc_ctx *ctx, value x, value y, const ast *site, value *out)
{
    if (array_has_elements(x) && array_has_elements(y))
        return matmul(ctx, x, y, site, out);
    if (array_has_elements(x) && num_is_number(y))
        return elementwise(ctx, NUM_MUL, x, y, site, out);
    if (num_is_number(x) && array_has_elements(y))
        return elementwise(ctx, NUM_MUL, x, y, site, out);
    if (is_uniform(x) && is_uniform(y)) {
        value s;
        if (lib_binop(ctx, NUM_MUL, val_array(x)->v[0], val_array(y)->v[0], site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if (is_uniform(x) && (array_has_elements(y) || num_is_number(y)))
        return num_is_number(y) ? mul2(ctx, y, x, site, out)
                                : elementwise(ctx, NUM_MUL, val_array(x)->v[0], y, site, out);
    if (is_uniform(y) && array_has_elements(x))
        return elementwise(ctx, NUM_MUL, x, val_array(y)->v[0], site, out);
    if (is_uniform(y) && num_is_number(x)) {
        value s;
        if (lib_binop(ctx, NUM_MUL, x, val_array(y)->v[0], site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    return LIB_DECLINE;
}

static int bi_mul(jc_ctx *ctx, value *out, const jc_args *a)
{
    int any = 0;
    for (int i = 0; i < a->n; i++)
        any |= a->v[i].type == T_ARRAY;
    if (!any || a->n < 2)
        return LIB_DECLINE;
    value acc = val_retain(a->v[0]);
    for (int i = 1; i < a->n; i++) {
        value r;
        int k = mul2(ctx, acc, a->v[i], a->site, &r);
        if (k == LIB_DECLINE && !(acc.type == T_ARRAY || a->v[i].type == T_ARRAY))
            k = lib_binop(ctx, NUM_MUL, acc, a->v[i], a->site, &r);
        val_release(acc);
        if (k == LIB_DECLINE)
            return i == 1 ? LIB_DECLINE : lib_no_method(ctx, "*", a);
        if (k < 0)
            return -1;
        acc = r;
    }
    *out = acc;
    return 0;
}

static int bi_div(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (array_has_elements(x) && num_is_number(y))
        return elementwise(ctx, NUM_DIV, x, y, a->site, out);
    if (is_uniform(x) && num_is_number(y)) {
        value s;
        if (lib_binop(ctx, NUM_DIV, val_array(x)->v[0], y, a->site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if (array_has_elements(x) && array_has_elements(y)) {
        /* A / B = A * inv(B) */
        value inv;
        if (la_factor(ctx, y, v_nothing(), 1, a->site, &inv) < 0)
            return -1;
        int r = matmul(ctx, x, inv, a->site, out);
        val_release(inv);
        return r;
    }
    return LIB_DECLINE;
}

static int bi_rdiv(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (array_has_elements(x) && num_is_number(y))
        return elementwise(ctx, NUM_RDIV, x, y, a->site, out);
    return LIB_DECLINE;
}

static int bi_ldiv(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (num_is_number(x) && array_has_elements(y))
        return elementwise(ctx, NUM_LDIV, x, y, a->site, out);
    if (array_has_elements(x) && array_has_elements(y)) {
        if (val_array(x)->nd == 2 && la_nrows(val_array(x)) != la_ncols(val_array(x)))
            return la_least_squares(ctx, x, y, a->site, out);
        return la_factor(ctx, x, y, 2, a->site, out);
    }
    return LIB_DECLINE;
}

static int bi_pow(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (is_uniform(x) && num_is_number(y)) {
        value s;
        if (lib_binop(ctx, NUM_POW, val_array(x)->v[0], y, a->site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if (!array_has_elements(x))
        return LIB_DECLINE;
    if (la_square_check(ctx, val_array(x), a->site) < 0)
        return -1;
    int64_t p;
    if (!num_is_integer_type(y))
        return err_throw(ctx, ERR_ARGUMENT, a->site, "matrix powers are supported for integer exponents");
    if (num_to_int64(ctx, y, &p) < 0)
        return -1;
    value base;
    if (p < 0) {
        if (la_factor(ctx, x, v_nothing(), 1, a->site, &base) < 0)
            return -1;
        p = -p;
    } else
        base = val_retain(x);
    /* square-and-multiply; A^0 is the identity of A's element type */
    int64_t n = la_nrows(val_array(x));
    value acc = v_nothing();
    while (p > 0) {
        if (p & 1) {
            value r;
            if (acc.type == T_NOTHING)
                acc = val_retain(base);
            else {
                if (matmul(ctx, acc, base, a->site, &r) < 0)
                    goto fail;
                val_release(acc);
                acc = r;
            }
        }
        p >>= 1;
        if (p) {
            value r;
            if (matmul(ctx, base, base, a->site, &r) < 0)
                goto fail;
            val_release(base);
            base = r;
        }
    }
    if (acc.type == T_NOTHING) {
        value *res = xmalloc(nz(n * n) * sizeof *res);
        num_type nt;
        if (!la_number_type(val_array(x), &nt))
            nt = (num_type){ T_INT64, 0, 0 };
        for (int64_t i = 0; i < n * n; i++)
            num_convert_to(ctx, &res[i], nt, v_int(i % n == i / n));
        int64_t dims[2] = { n, n };
        acc = array_from_values(ctx, res, n * n, 2, dims, val_array(x)->et);
        free(res);
    }
    val_release(base);
    *out = acc;
    return 0;
fail:
    val_release(acc);
    val_release(base);
    return -1;
}

static int elem_eq(jc_ctx *ctx, value x, value y, const ast *site, int *eq)
{
    if (num_is_number(x) && num_is_number(y))
        return num_equal(ctx, x, y, eq) < 0 ? -1 : 0;
    value r;
    if (eval_call_global(ctx, "==", 2, (value[]){ x, y }, site, &r) < 0)
        return -1;
    *eq = r.type == T_BOOL && r.u.i;
    val_release(r);
    return 0;
}

/* Two ranges as Julia's == compares them: of the same type, by first, step and last (or
 * both empty; so 1:1:1 != 1:2:1); of different types (1:3 and 1:1:3), element by
 * element. */
static int range_eq(jc_ctx *ctx, value x, value y, const ast *site, value *out)
{
    const jc_range *r = val_range(x), *s = val_range(y);
    int64_t n = r->len;
    if (r->kind == s->kind) {
        if (n == 0 && s->len == 0) {
            *out = v_bool(1);
            return 0;
        }
        value pr[3] = { r->start, r->step, r->stop }, ps[3] = { s->start, s->step, s->stop };
        int eq = 1;
        for (int k = 0; k < 3 && eq; k++)
            if (elem_eq(ctx, pr[k], ps[k], site, &eq) < 0)
                return -1;
        *out = v_bool(eq && n == s->len);
        return 0;
    }
    if (n != s->len) {
        *out = v_bool(0);
        return 0;
    }
    if (r->kind != RANGE_FLOAT && s->kind != RANGE_FLOAT) {
        /* exact progressions: the same elements when the first two are */
        int eq = 1;
        if (n > 0 && elem_eq(ctx, r->start, s->start, site, &eq) < 0)
            return -1;
        if (eq && n > 1 && elem_eq(ctx, r->step, s->step, site, &eq) < 0)
            return -1;
        *out = v_bool(eq);
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        value p, q;
        int eq;
        if (range_get(ctx, x, i, &p) < 0)
            return -1;
        if (range_get(ctx, y, i, &q) < 0) {
            val_release(p);
            return -1;
        }
        int rc = elem_eq(ctx, p, q, site, &eq);
        val_release(p);
        val_release(q);
        if (rc < 0)
            return -1;
        if (!eq) {
            *out = v_bool(0);
            return 0;
        }
        if ((i & 0xffff) == 0xffff && ctx_poll(ctx) < 0)
            return -1;
    }
    *out = v_bool(1);
    return 0;
}

static int bi_eq(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (x.type == T_RANGE && y.type == T_RANGE)
        return range_eq(ctx, x, y, a->site, out);
    if (x.type != T_ARRAY && y.type != T_ARRAY)
        return LIB_DECLINE;
    if (is_uniform(x) && !is_uniform(y)) {
        value t = x;
        x = y;
        y = t;
    }
    if (array_has_elements(x) && is_uniform(y)) {
        const jc_array *A = val_array(x);
        if (A->nd != 2 || la_nrows(A) != la_ncols(A)) {
            *out = v_bool(0);
            return 0;
        }
        int64_t n = la_nrows(A);
        for (int64_t i = 0; i < A->len; i++) {
            int eq;
            value want = val_array(y)->v[0];
            if (i % n != i / n) {
                if (num_iszero(ctx, A->v[i], &eq) < 0)
                    return -1;
            } else if (elem_eq(ctx, A->v[i], want, a->site, &eq) < 0)
                return -1;
            if (!eq) {
                *out = v_bool(0);
                return 0;
            }
        }
        *out = v_bool(1);
        return 0;
    }
    if (is_uniform(x) && is_uniform(y)) {
        int eq;
        if (elem_eq(ctx, val_array(x)->v[0], val_array(y)->v[0], a->site, &eq) < 0)
            return -1;
        *out = v_bool(eq);
        return 0;
    }
    /* arrays and ranges compare by shape, then element by element; a range is read in
     * place (1:2^62 has more elements than memory) */
    int res = 1, r = 0;
    if (!(array_has_elements(x) || x.type == T_RANGE) || !(array_has_elements(y) || y.type == T_RANGE))
        res = 0;
    else {
        int64_t dx[ARR_MAXDIMS], dy[ARR_MAXDIMS], len = 1;
        int nx = array_coll_shape(x, dx), ny = array_coll_shape(y, dy);
        if (nx != ny || memcmp(dx, dy, (size_t)nx * sizeof *dx))
            res = 0;
        for (int k = 0; k < nx; k++)
            len *= dx[k];
        for (int64_t i = 0; i < len && res && r == 0; i++) {
            value ex, ey;
            if ((r = ctx_poll(ctx)) < 0 || (r = array_coll_elem(ctx, x, i, &ex)) < 0)
                break;
            if ((r = array_coll_elem(ctx, y, i, &ey)) < 0) {
                val_release(ex);
                break;
            }
            r = elem_eq(ctx, ex, ey, a->site, &res);
            val_release(ex);
            val_release(ey);
        }
    }
    if (r < 0)
        return -1;
    *out = v_bool(res);
    return 0;
}

static int bi_ne(jc_ctx *ctx, value *out, const jc_args *a)
{
    int r = bi_eq(ctx, out, a);
    if (r == 0)
        out->u.i = !out->u.i;
    return r;
}

static int bi_det(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (num_is_number(a->v[0])) {
        *out = val_retain(a->v[0]);
        return 0;
    }
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    return la_factor(ctx, a->v[0], v_nothing(), 0, a->site, out);
}

static int bi_inv(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (is_uniform(a->v[0])) {
        value s;
        if (num_inv(ctx, &s, val_array(a->v[0])->v[0]) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    return la_factor(ctx, a->v[0], v_nothing(), 1, a->site, out);
}

static int bi_tr(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (num_is_number(a->v[0])) {
        *out = val_retain(a->v[0]);
        return 0;
    }
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (la_square_check(ctx, A, a->site) < 0 || la_check_defined(ctx, A, a->site) < 0)
        return -1;
    int64_t n = la_nrows(A);
    value acc = n ? val_retain(A->v[0]) : v_int(0);
    for (int64_t i = 1; i < n; i++) {
        value s;
        if (lib_binop(ctx, NUM_ADD, acc, A->v[i * n + i], a->site, &s) < 0) {
            val_release(acc);
            return -1;
        }
        val_release(acc);
        acc = s;
    }
    *out = acc;
    return 0;
}

static int bi_rank(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (la_check_defined(ctx, A, a->site) < 0)
        return -1;
    num_type nt;
    if (!la_number_type(A, &nt))
        return lib_no_method(ctx, "rank", a);
    int64_t rank;
    if (la_rank(ctx, A, nt, &rank) < 0)
        return -1;
    *out = v_int(rank);
    return 0;
}

static int bi_norm(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!array_has_elements(x))
        return LIB_DECLINE;
    const jc_array *A = val_array(x);
    if (la_check_defined(ctx, A, a->site) < 0)
        return -1;
    double p = 2;
    if (a->n == 2 && num_to_double(ctx, a->v[1], &p) < 0)
        return -1;
    num_type nt;
    int bigf = la_number_type(A, &nt) && (nt.t == T_BIGFLOAT || nt.t == T_BIGINT ||
                                       (nt.t == T_RATIONAL && nt.sub == T_BIGINT));
    if (bigf) {
        /* BigFloat: sqrt of the sum of |x|² at the current precision (p = 2 only) */
        value acc = num_bigfloat(ctx);
        mpfr_set_zero(val_mpfr(acc), 1);
        for (int64_t i = 0; i < A->len; i++) {
            value s;
            if (num_abs2(ctx, &s, A->v[i]) < 0) {
                val_release(acc);
                return -1;
            }
            value t = num_bigfloat(ctx);
            num_to_mpfr(ctx, val_mpfr(t), s);
            mpfr_add(val_mpfr(acc), val_mpfr(acc), val_mpfr(t), ctx->rounding);
            val_release(s);
            val_release(t);
        }
        mpfr_sqrt(val_mpfr(acc), val_mpfr(acc), ctx->rounding);
        *out = acc;
        return 0;
    }
    double res = 0, scale = 0;
    for (int64_t i = 0; i < A->len; i++) {
        value ab;
        double v;
        if (num_abs(ctx, &ab, A->v[i]) < 0)
            return -1;
        int r = num_to_double(ctx, ab, &v);
        val_release(ab);
        if (r < 0)
            return -1;
        if (isinf(p))
            res = p > 0 ? fmax(res, v) : (i ? fmin(res, v) : v);
        else if (p == 1)
            res += v;
        else if (p == 0)
            res += v != 0;
        else if (p == 2) {
            /* scaled sum of squares: no overflow for large entries */
            if (v > scale) {
                res = res * (scale / v) * (scale / v) + 1;
                scale = v;
            } else if (v > 0)
                res += (v / scale) * (v / scale);
        } else
            res += pow(v, p);
    }
    if (p == 2)
        res = scale * sqrt(res);
    else if (!isinf(p) && p != 1 && p != 0)
        res = pow(res, 1 / p);
    *out = v_f64(res);
    return 0;
}

static int vec_pair(jc_ctx *ctx, const jc_args *a, const jc_array **x, const jc_array **y)
{
    if (!array_has_elements(a->v[0]) || !array_has_elements(a->v[1]))
        return LIB_DECLINE;
    *x = val_array(a->v[0]);
    *y = val_array(a->v[1]);
    if (la_check_defined(ctx, *x, a->site) < 0 || la_check_defined(ctx, *y, a->site) < 0)
        return -1;
    return 0;
}

static int bi_dot(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_array *x, *y;
    int r = vec_pair(ctx, a, &x, &y);
    if (r)
        return r;
    if (x->len != y->len)
        return err_throw(ctx, ERR_DIMENSION, a->site, "first array has length %lld which does not match the length of the second, %lld.",
                        (long long)x->len, (long long)y->len);
    value acc = v_nothing();
    for (int64_t i = 0; i < x->len; i++) {
        value c, t;
        if (x->v[i].type == T_COMPLEX) {
            value im;
            if (num_neg(ctx, &im, val_complex(x->v[i])->im) < 0)
                goto fail;
            c = v_complex(val_retain(val_complex(x->v[i])->re), im);
        } else
            c = val_retain(x->v[i]);
        r = lib_binop(ctx, NUM_MUL, c, y->v[i], a->site, &t);
        val_release(c);
        if (r < 0)
            goto fail;
        if (i == 0) {
            acc = t;
            continue;
        }
        value s;
        r = lib_binop(ctx, NUM_ADD, acc, t, a->site, &s);
        val_release(t);
        val_release(acc);
        acc = v_nothing();
        if (r < 0)
            goto fail;
        acc = s;
    }
    if (x->len == 0) {
        num_type tx, ty;
        if (!la_number_type(x, &tx) || !la_number_type(y, &ty))
            tx = ty = (num_type){ T_INT64, 0, 0 };
        if (num_convert_to(ctx, &acc, num_promote_type(tx, ty), v_int(0)) < 0)
            return -1;
    }
    *out = acc;
    return 0;
fail:
    val_release(acc);
    return -1;
}

static int bi_cross(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_array *x, *y;
    int r = vec_pair(ctx, a, &x, &y);
    if (r)
        return r;
    if (x->len != 3 || y->len != 3)
        return err_throw(ctx, ERR_DIMENSION, a->site, "cross product is only defined for vectors of length 3");
    value res[3];
    static const int ia[3][2] = { { 1, 2 }, { 2, 0 }, { 0, 1 } };
    for (int k = 0; k < 3; k++) {
        value p, q;
        int i = ia[k][0], j = ia[k][1];
        if (lib_binop(ctx, NUM_MUL, x->v[i], y->v[j], a->site, &p) < 0) {
            la_release_vals(NULL, 0);
            val_release_n(res, k);
            return -1;
        }
        if (lib_binop(ctx, NUM_MUL, x->v[j], y->v[i], a->site, &q) < 0) {
            val_release(p);
            val_release_n(res, k);
            return -1;
        }
        r = lib_binop(ctx, NUM_SUB, p, q, a->site, &res[k]);
        val_release(p);
        val_release(q);
        if (r < 0) {
            val_release_n(res, k);
            return -1;
        }
    }
    int64_t three = 3;
    *out = array_from_values(ctx, res, 3, 1, &three, NULL);
    return 0;
}

static int bi_kron(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_array *A, *B;
    int r = vec_pair(ctx, a, &A, &B);
    if (r)
        return r;
    int64_t ma = la_nrows(A), na = la_ncols(A), mb = la_nrows(B), nb = la_ncols(B);
    /* the result's size is checked, and charged to the budget, before any product */
    int64_t m, n, len;
    if (size_mul(ma, mb, &m) < 0 || size_mul(na, nb, &n) < 0)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "invalid Array dimensions");
    if (array_check_dims(ctx, 2, (int64_t[]){ m, n }, &len) < 0) {
        err_locate(ctx, a->site);
        return -1;
    }
    value *res = xmalloc(nz(len) * sizeof *res);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            value x = A->v[(j / nb) * ma + i / mb], y = B->v[(j % nb) * mb + i % mb];
            if (lib_binop(ctx, NUM_MUL, x, y, a->site, &res[j * m + i]) < 0) {
                la_release_vals(res, j * m + i);
                return -1;
            }
        }
    int64_t dims[2] = { m, n };
    int nd = A->nd == 1 && B->nd == 1 ? 1 : 2;
    *out = result(ctx, res, len, nd, dims, A->et);
    free(res);
    return 0;
}

static int symmetric(jc_ctx *ctx, value *out, const jc_args *a, int herm)
{
    if (num_is_number(a->v[0])) {
        int z = 1;
        if (herm && a->v[0].type == T_COMPLEX && num_iszero(ctx, val_complex(a->v[0])->im, &z) < 0)
            return -1;
        *out = v_bool(z);
        return 0;
    }
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (A->nd != 2 || la_nrows(A) != la_ncols(A)) {
        *out = v_bool(0);
        return 0;
    }
    if (la_check_defined(ctx, A, a->site) < 0)
        return -1;
    int64_t n = la_nrows(A);
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = herm ? i : i + 1; j < n; j++) {
            value x = A->v[j * n + i], y = A->v[i * n + j], c = v_nothing();
            if (herm && y.type == T_COMPLEX) {
                value im;
                if (num_neg(ctx, &im, val_complex(y)->im) < 0)
                    return -1;
                c = v_complex(val_retain(val_complex(y)->re), im);
                y = c;
            }
            int eq;
            int r = elem_eq(ctx, x, y, a->site, &eq);
            val_release(c);
            if (r < 0)
                return -1;
            if (!eq) {
                *out = v_bool(0);
                return 0;
            }
        }
    *out = v_bool(1);
    return 0;
}

static int bi_issymmetric(jc_ctx *ctx, value *out, const jc_args *a) { return symmetric(ctx, out, a, 0); }
static int bi_ishermitian(jc_ctx *ctx, value *out, const jc_args *a) { return symmetric(ctx, out, a, 1); }

/* hermitianpart(A) = (A + A')/2, wrapped as Hermitian. */
static int bi_hermitianpart(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!array_has_elements(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (la_square_check(ctx, A, a->site) < 0 || la_check_defined(ctx, A, a->site) < 0)
        return -1;
    int64_t n = la_nrows(A);
    value *res = xmalloc(nz(A->len) * sizeof *res);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) {
            value x = A->v[j * n + i], y = A->v[i * n + j], c = v_nothing(), s;
            if (y.type == T_COMPLEX) {
                value im;
                if (num_neg(ctx, &im, val_complex(y)->im) < 0) {
                    la_release_vals(res, j * n + i);
                    return -1;
                }
                c = v_complex(val_retain(val_complex(y)->re), im);
                y = c;
            }
            int r = lib_binop(ctx, NUM_ADD, x, y, a->site, &s);
            val_release(c);
            if (r == 0) {
                r = lib_binop(ctx, NUM_DIV, s, v_int(2), a->site, &res[j * n + i]);
                val_release(s);
            }
            if (r < 0) {
                la_release_vals(res, j * n + i);
                return -1;
            }
        }
    *out = result(ctx, res, A->len, 2, A->dims, A->et);
    val_array(*out)->kind = ARR_HERMITIAN;
    free(res);
    return 0;
}

static int bi_isapprox(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!array_has_elements(a->v[0]) || !array_has_elements(a->v[1]))
        return LIB_DECLINE;
    value d;
    if (elementwise(ctx, NUM_SUB, a->v[0], a->v[1], a->site, &d) < 0)
        return -1;
    value nd, nx, ny;
    jc_args one = { .n = 1, .site = a->site };
    one.v = &d;
    int r = bi_norm(ctx, &nd, &one);
    val_release(d);
    if (r)
        return -1;
    one.v = &a->v[0];
    bi_norm(ctx, &nx, &one);
    one.v = &a->v[1];
    bi_norm(ctx, &ny, &one);
    double dd, dx, dy;
    num_to_double(ctx, nd, &dd);
    num_to_double(ctx, nx, &dx);
    num_to_double(ctx, ny, &dy);
    val_release(nd);
    val_release(nx);
    val_release(ny);
    double rtol = sqrt(2.220446049250313e-16);
    const value *rt = lib_kwarg(ctx, a, "rtol"), *at = lib_kwarg(ctx, a, "atol");
    double atol = 0;
    if (rt)
        num_to_double(ctx, *rt, &rtol);
    if (at)
        num_to_double(ctx, *at, &atol);
    *out = v_bool(dd <= fmax(atol, rtol * fmax(dx, dy)));
    return 0;
}

/* Help texts shared by a function and its operator spelling. */
static const char help_dot[] = "  dot(x, y)\n  x ⋅ y\n\n  Compute the dot product between two vectors.";
static const char help_cross[] = "  cross(x, y)\n  ×(x,y)\n\n  Compute the cross product of two 3-vectors.";
static const char help_kron[] = "  kron(A, B)\n\n  Computes the Kronecker product of two vectors, matrices or numbers.";

const builtin lib_linalg[] = {
    { "+", 1, -1, bi_add, NULL, NULL },
    { "-", 1, 2, bi_sub, NULL, NULL },
    { "*", 2, -1, bi_mul, NULL, NULL },
    { "/", 2, 2, bi_div, NULL, NULL },
    { "//", 2, 2, bi_rdiv, NULL, NULL },
    { "\\", 2, 2, bi_ldiv, "  \\(A, B)\n\n  Matrix division using a polyalgorithm: A \\ b solves A x = b.", NULL },
    { "^", 2, 2, bi_pow, NULL, NULL },
    { "==", 2, 2, bi_eq, NULL, NULL },
    { "!=", 2, 2, bi_ne, NULL, NULL },
    { "≠", 2, 2, bi_ne, NULL, NULL },
    { "isapprox", 2, 2, bi_isapprox, NULL, "rtol atol" },
    { "≈", 2, 2, bi_isapprox, NULL, NULL },
    { "det", 1, 1, bi_det, "  det(M)\n\n  Matrix determinant (exact for Rational and BigInt matrices).", NULL },
    { "inv", 1, 1, bi_inv, NULL, NULL },
    { "tr", 1, 1, bi_tr, "  tr(M)\n\n  Matrix trace. Sums the diagonal elements of M.", NULL },
    { "rank", 1, 1, bi_rank, "  rank(A)\n\n  Compute the numerical rank of a matrix (exact for Rational and integer matrices).", NULL },
    { "norm", 1, 2, bi_norm, "  norm(A, p::Real=2)\n\n  For any iterable container A, compute the p-norm of A as if it were a vector.", NULL },
    { "dot", 2, 2, bi_dot, help_dot, NULL },
    { "⋅", 2, 2, bi_dot, help_dot, NULL },
    { "cross", 2, 2, bi_cross, help_cross, NULL },
    { "×", 2, 2, bi_cross, help_cross, NULL },
    { "kron", 2, 2, bi_kron, help_kron, NULL },
    { "⊗", 2, 2, bi_kron, help_kron, NULL },
    { "issymmetric", 1, 1, bi_issymmetric, "  issymmetric(A) -> Bool\n\n  Test whether a matrix is symmetric.", NULL },
    { "ishermitian", 1, 1, bi_ishermitian, "  ishermitian(A) -> Bool\n\n  Test whether a matrix is Hermitian.", NULL },
    { "hermitianpart", 1, 1, bi_hermitianpart, "  hermitianpart(A)\n\n  Return the Hermitian part of the square matrix A, defined as (A + A')/2, as a Hermitian matrix.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
