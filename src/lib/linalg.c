/* linalg.c — linear algebra on arrays: + - * / \ ^ ==, inv, det, tr, rank, norm, dot,
 * cross, kron, hermitianpart, issymmetric, ishermitian, and the UniformScaling I.
 *
 * Element types decide the arithmetic, as in Julia's LinearAlgebra: integer matrices
 * factor in Float64 (det([1 2; 3 4]) is -2.0) except that det of a BigInt matrix is exact;
 * Rational matrices are exact throughout, by fraction-free elimination (Bareiss) on the
 * integer matrix obtained by clearing each row's denominators, so intermediate numbers
 * stay minors of the input and never grow past the determinant's size; BigFloat
 * matrices use MPFR at the current precision; Float16/32/64 use double with partial
 * pivoting (LAPACK's getrf order of operations, so small cases print as Julia's).
 * A singular matrix raises SingularException(k), k the first zero pivot. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "num/num.h"
#include "range.h"
#include "show.h"
#include "lib/lib.h"
#include "lib/linalg_mod.h"

/* From this order on, exact det/inv/solve run multimodular: Bareiss's cost grows with
 * n⁴·(entry size)² (n³ steps on numbers up to n times the entry size), the modular one
 * with n³ word operations per prime plus the recombination; below it the few primes'
 * fixed costs dominate. */
enum { LMOD_MIN_N = 24 };

static int is_arr(value v) { return v.type == T_ARRAY && val_array(v)->kind != ARR_UNIFORM; }
static int is_uniform(value v) { return v.type == T_ARRAY && val_array(v)->kind == ARR_UNIFORM; }
static int64_t nrows(const jc_array *a) { return a->dims[0]; }
static int64_t ncols(const jc_array *a) { return a->nd >= 2 ? a->dims[1] : 1; }

static int call2(jc_ctx *ctx, const char *name, value a, value b, const ast *site, value *out)
{
    value f;
    if (eval_get_global(ctx, name, &f) < 0)
        return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined", name);
    value args[2] = { a, b };
    int r = eval_call(ctx, f, 2, args, site, out);
    val_release(f);
    return r;
}

static const char *const opnames[NUM__OPCOUNT] = {
    [NUM_ADD] = "+", [NUM_SUB] = "-", [NUM_MUL] = "*", [NUM_DIV] = "/", [NUM_RDIV] = "//",
    [NUM_LDIV] = "\\", [NUM_POW] = "^",
};

static int binop(jc_ctx *ctx, num_op op, value a, value b, const ast *site, value *out)
{
    if (num_is_number(a) && num_is_number(b)) {
        int r = num_binop(ctx, out, op, a, b);
        if (r != NUM_NOMETHOD)
            return r < 0 ? -1 : 0;
    }
    return call2(ctx, opnames[op] ? opnames[op] : "+", a, b, site, out);
}

static int undef_error(jc_ctx *ctx, const ast *site)
{
    return err_throw(ctx, ERR_UNDEFREF, site, "access to undefined reference");
}

static int check_defined(jc_ctx *ctx, const jc_array *a, const ast *site)
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

static void release_vals(value *v, int64_t n)
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
    const jc_array *A = is_arr(a) ? val_array(a) : NULL, *B = is_arr(b) ? val_array(b) : NULL;
    const jc_array *S = A ? A : B;
    if (A && B && same_shape(ctx, A, B, site) < 0)
        return -1;
    value *res = xmalloc(nz(S->len) * sizeof *res);
    for (int64_t i = 0; i < S->len; i++) {
        value x = A ? A->v[i] : a, y = B ? B->v[i] : b;
        if (arr_is_undef(x) || arr_is_undef(y)) {
            release_vals(res, i);
            return undef_error(ctx, site);
        }
        if (binop(ctx, op, x, y, site, &res[i]) < 0) {
            release_vals(res, i);
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

static int square_check(jc_ctx *ctx, const jc_array *A, const ast *site)
{
    if (A->nd != 2 || nrows(A) != ncols(A)) {
        if (A->nd == 1)
            return err_throw(ctx, ERR_DIMENSION, site, "matrix is not square: dimensions are (%lld,)",
                            (long long)A->dims[0]);
        return err_throw(ctx, ERR_DIMENSION, site, "matrix is not square: dimensions are (%lld, %lld)",
                        (long long)nrows(A), (long long)ncols(A));
    }
    return 0;
}

/* A ± λI (sign -1 for A - λI, and for λI - A the caller negates). */
static int plus_uniform(jc_ctx *ctx, value a, value lambda, num_op op, int uniform_left, const ast *site,
                        value *out)
{
    const jc_array *A = val_array(a);
    if (square_check(ctx, A, site) < 0)
        return -1;
    int64_t n = nrows(A);
    value *res = xmalloc(nz(A->len) * sizeof *res);
    for (int64_t i = 0; i < A->len; i++) {
        value x = A->v[i];
        if (arr_is_undef(x)) {
            release_vals(res, i);
            return undef_error(ctx, site);
        }
        int diag = i % n == i / n;
        value zero;
        if (!diag) {
            if (num_binop(ctx, &zero, NUM_MUL, lambda, v_bool(0)) < 0) {
                release_vals(res, i);
                return -1;
            }
        } else
            zero = val_retain(lambda);
        int r = uniform_left ? binop(ctx, op, zero, x, site, &res[i]) : binop(ctx, op, x, zero, site, &res[i]);
        val_release(zero);
        if (r < 0) {
            release_vals(res, i);
            return -1;
        }
    }
    *out = result(ctx, res, A->len, 2, A->dims, A->et);
    free(res);
    return 0;
}

/* ---- matrix product ---- */

static int number_type(const jc_array *A, num_type *nt)
{
    if (array_type_number(A->et, nt))
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
    int64_t m = nrows(A), k = ncols(A), k2 = nrows(B), n = ncols(B);
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
    if (check_defined(ctx, A, site) < 0 || check_defined(ctx, B, site) < 0)
        return -1;
    int64_t len = m * n;
    value *res = xmalloc(nz(len) * sizeof *res);
    num_type ta, tb;
    int fast = number_type(A, &ta) && number_type(B, &tb) && ta.t == T_FLOAT64 && tb.t == T_FLOAT64 &&
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
                    if (binop(ctx, NUM_MUL, A->v[p * m + i], B->v[j * k + p], site, &t) < 0) {
                        val_release(acc);
                        release_vals(res, j * m + i);
                        return -1;
                    }
                    if (p == 0) {
                        acc = t;
                        continue;
                    }
                    value s;
                    int r = binop(ctx, NUM_ADD, acc, t, site, &s);
                    val_release(acc);
                    val_release(t);
                    if (r < 0) {
                        release_vals(res, j * m + i);
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

/* ---- factorizations ---- */

typedef enum { LA_DOUBLE, LA_MPQ, LA_GENERIC } la_kind;

/* How a matrix of element type nt is factored, and the type of the factors' elements. */
static la_kind la_field(num_type nt, num_type *work)
{
    *work = nt;
    if (nt.cplx) {
        if (nt.t != T_RATIONAL && nt.t != T_BIGFLOAT && nt.t != T_FLOAT32 && nt.t != T_FLOAT16 && nt.t != T_BIGINT)
            work->t = T_FLOAT64;
        if (nt.t == T_BIGINT)
            work->t = T_BIGFLOAT;
        return LA_GENERIC;
    }
    switch (nt.t) {
    case T_RATIONAL:
        return LA_MPQ;
    case T_BIGFLOAT:
        return LA_GENERIC;
    case T_BIGINT:
        work->t = T_BIGFLOAT;
        return LA_GENERIC;
    case T_FLOAT32: case T_FLOAT16:
        return LA_DOUBLE;
    default:
        work->t = T_FLOAT64;
        work->sub = 0;
        return LA_DOUBLE;
    }
}

static int singular(jc_ctx *ctx, int64_t k, const ast *site)
{
    return err_throw(ctx, ERR_SINGULAR, site, "(%lld)", (long long)k);
}

/* Rational path: row-scaled integer matrix. */
typedef struct zmat {
    int64_t n, w;      /* rows, columns */
    mpz_t *z;          /* row-major */
} zmat;

static void zmat_init(zmat *M, int64_t n, int64_t w)
{
    M->n = n;
    M->w = w;
    M->z = xmalloc(nz(n * w) * sizeof *M->z);
    for (int64_t i = 0; i < n * w; i++)
        mpz_init(M->z[i]);
}

static void zmat_clear(zmat *M)
{
    for (int64_t i = 0; i < M->n * M->w; i++)
        mpz_clear(M->z[i]);
    free(M->z);
}

static int to_mpq(jc_ctx *ctx, value x, mpq_t q)
{
    if (x.type == T_RATIONAL) {
        mpq_set(q, val_mpq(x));
        return 0;
    }
    mpz_t z;
    mpz_init(z);
    int r = num_to_mpz(ctx, z, x);
    mpq_set_z(q, z);
    mpz_clear(z);
    return r;
}

/* Fills columns [0, n) of M's rows with A's rows, each multiplied by the lcm of its
 * denominators, and stores the multipliers in mult. */
static int zmat_load(jc_ctx *ctx, zmat *M, const jc_array *A, mpz_t *mult)
{
    int64_t n = nrows(A), c = ncols(A);
    mpq_t *row = xmalloc(nz(c) * sizeof *row);
    for (int64_t j = 0; j < c; j++)
        mpq_init(row[j]);
    int r = 0;
    for (int64_t i = 0; i < n && r == 0; i++) {
        mpz_set_ui(mult[i], 1);
        for (int64_t j = 0; j < c && r == 0; j++) {
            r = to_mpq(ctx, A->v[j * n + i], row[j]);
            mpz_lcm(mult[i], mult[i], mpq_denref(row[j]));
        }
        for (int64_t j = 0; j < c && r == 0; j++) {
            mpz_divexact(M->z[i * M->w + j], mult[i], mpq_denref(row[j]));
            mpz_mul(M->z[i * M->w + j], M->z[i * M->w + j], mpq_numref(row[j]));
        }
    }
    for (int64_t j = 0; j < c; j++)
        mpq_clear(row[j]);
    free(row);
    return r;
}

/* Loads the rows of [A | R] (R = B, or the identity when ident, or nothing) into M, each
 * row multiplied by the lcm of its denominators (mult[i]), so M is an integer matrix with
 * the same solutions. */
static int zmat_load_aug(jc_ctx *ctx, zmat *M, const jc_array *A, const jc_array *B, int ident, mpz_t *mult)
{
    int64_t n = nrows(A), w = M->w;
    mpq_t *row = xmalloc(nz(w) * sizeof *row);
    for (int64_t j = 0; j < w; j++)
        mpq_init(row[j]);
    int r = 0;
    for (int64_t i = 0; i < n && r == 0; i++) {
        mpz_set_ui(mult[i], 1);
        for (int64_t j = 0; j < w && r == 0; j++) {
            if (j < n)
                r = to_mpq(ctx, A->v[j * n + i], row[j]);
            else if (B)
                r = to_mpq(ctx, B->v[(j - n) * n + i], row[j]);
            else
                mpq_set_ui(row[j], ident && j - n == i, 1);
            mpz_lcm(mult[i], mult[i], mpq_denref(row[j]));
        }
        for (int64_t j = 0; j < w && r == 0; j++) {
            mpz_divexact(M->z[i * w + j], mult[i], mpq_denref(row[j]));
            mpz_mul(M->z[i * w + j], M->z[i * w + j], mpq_numref(row[j]));
        }
    }
    for (int64_t j = 0; j < w; j++)
        mpq_clear(row[j]);
    free(row);
    return r;
}

/* Fraction-free Gauss–Jordan (Bareiss) on the n×w matrix M whose left n×n block is
 * square.  Afterwards the left block is d·I and the right block d·(left⁻¹·right), where
 * d = ±det(left) is returned in det with its sign corrected.  Returns the 1-based column
 * of the first zero pivot, or 0.  Invariant: after step k every entry is a (k+1)×(k+1)
 * minor of the input, so the divisions by the previous pivot are exact. */
static int64_t bareiss(zmat *M, int full, mpz_t det, volatile sig_atomic_t *intr)
{
    int64_t n = M->n, w = M->w;
    mpz_t prev, t;
    mpz_init_set_ui(prev, 1);
    mpz_init(t);
    int sign = 1;
    int64_t bad = 0;
    for (int64_t k = 0; k < n && !bad; k++) {
        if (*intr)
            break;
        int64_t p = k;
        while (p < n && mpz_sgn(M->z[p * w + k]) == 0)
            p++;
        if (p == n) {
            bad = k + 1;
            break;
        }
        if (p != k) {
            for (int64_t j = 0; j < w; j++)
                mpz_swap(M->z[p * w + j], M->z[k * w + j]);
            sign = -sign;
        }
        mpz_srcptr piv = M->z[k * w + k];
        for (int64_t i = full ? 0 : k + 1; i < n; i++) {
            if (i == k)
                continue;
            mpz_ptr *dummy = NULL;
            (void)dummy;
            mpz_srcptr f = M->z[i * w + k];
            for (int64_t j = k + 1; j < w; j++) {
                mpz_mul(t, piv, M->z[i * w + j]);
                mpz_submul(t, f, M->z[k * w + j]);
                mpz_divexact(M->z[i * w + j], t, prev);
            }
            mpz_set_ui(M->z[i * w + k], 0);
        }
        if (full)
            /* rows above the pivot keep their earlier pivots scaled the same way */
            for (int64_t i = 0; i < k; i++) {
                mpz_mul(t, piv, M->z[i * w + i]);
                mpz_divexact(M->z[i * w + i], t, prev);
            }
        mpz_set(prev, piv);
    }
    if (!bad) {
        mpz_set(det, prev);
        if (sign < 0)
            mpz_neg(det, det);
    } else
        mpz_set_ui(det, 0);
    mpz_clear(prev);
    mpz_clear(t);
    return bad;
}

static int rational_value(jc_ctx *ctx, mpz_srcptr num, mpz_srcptr den, int big, value *out)
{
    return num_rational(ctx, out, num, den, big ? T_BIGINT : T_INT64);
}

/* det, inv or A \ B for a Rational (or exact integer) matrix A. */
static int exact_solve(jc_ctx *ctx, const jc_array *A, const jc_array *B, int want, int big,
                       const ast *site, value *out)
{
    /* want: 0 det, 1 inv, 2 solve */
    int64_t n = nrows(A);
    int64_t rc = want == 1 ? n : want == 2 ? ncols(B) : 0;
    zmat M;
    zmat_init(&M, n, n + rc);
    mpz_t *mult = xmalloc(nz(n) * sizeof *mult);
    for (int64_t i = 0; i < n; i++)
        mpz_init(mult[i]);
    int r = zmat_load_aug(ctx, &M, A, want == 2 ? B : NULL, want == 1, mult);
    mpz_t det;
    mpz_init(det);
    int64_t bad = 0;
    /* Y = det(M)·M⁻¹·R from the multimodular path; NULL when Bareiss ran instead */
    mpz_t *Y = NULL;
    int done = 0;
    if (r == 0 && n >= LMOD_MIN_N) {
        Y = xmalloc(nz(n * rc) * sizeof *Y);
        for (int64_t t = 0; t < n * rc; t++)
            mpz_init(Y[t]);
        if (lmod_solve(M.z, n, rc, det, Y, &ctx->interrupted) < 0)
            r = ctx_poll(ctx);
        /* a singular matrix goes on to Bareiss, which finds the first zero pivot */
        done = want == 0 || mpz_sgn(det) != 0;
    }
    if (r == 0 && !done) {
        bad = bareiss(&M, want != 0, det, &ctx->interrupted);
        r = ctx_poll(ctx);
    }
    if (r == 0 && want == 0) {
        /* det(A) = det(D·A) / prod(D) */
        mpz_t p;
        mpz_init_set_ui(p, 1);
        for (int64_t i = 0; i < n; i++)
            mpz_mul(p, p, mult[i]);
        r = rational_value(ctx, det, p, big, out);
        mpz_clear(p);
    } else if (r == 0 && bad)
        r = singular(ctx, bad, site);
    else if (r == 0) {
        /* the left block is d·I (each diagonal entry holds d up to the swaps' sign) */
        int64_t len = n * rc;
        value *res = xmalloc(nz(len) * sizeof *res);
        for (int64_t t = 0; t < len && r == 0; t++) {
            int64_t i = t % n, j = t / n; /* res is column-major */
            if (done)
                r = rational_value(ctx, Y[i * rc + j], det, big, &res[t]);
            else
                r = rational_value(ctx, M.z[i * M.w + n + j], M.z[i * M.w + i], big, &res[t]);
            if (r < 0) /* only for 0//0, impossible with a nonzero pivot */
                release_vals(res, t);
        }
        if (r == 0) {
            int64_t dims[2] = { n, rc };
            *out = array_from_values(ctx, res, len, want == 2 && B->nd == 1 ? 1 : 2, dims, NULL);
            free(res);
        }
    }
    mpz_clear(det);
    if (Y) {
        for (int64_t t = 0; t < n * rc; t++)
            mpz_clear(Y[t]);
        free(Y);
    }
    for (int64_t i = 0; i < n; i++)
        mpz_clear(mult[i]);
    free(mult);
    zmat_clear(&M);
    return r;
}

/* det of a BigInt matrix: exact (Julia's det_bareiss). */
static int bigint_det(jc_ctx *ctx, const jc_array *A, value *out)
{
    int64_t n = nrows(A);
    zmat M;
    zmat_init(&M, n, n);
    int r = 0;
    for (int64_t i = 0; i < n && r == 0; i++)
        for (int64_t j = 0; j < n && r == 0; j++)
            r = num_to_mpz(ctx, M.z[i * n + j], A->v[j * n + i]);
    if (r == 0) {
        mpz_t det;
        mpz_init(det);
        if (n >= LMOD_MIN_N) {
            if (lmod_solve(M.z, n, 0, det, NULL, &ctx->interrupted) < 0)
                r = ctx_poll(ctx);
        } else {
            bareiss(&M, 0, det, &ctx->interrupted);
            r = ctx_poll(ctx);
        }
        if (r == 0)
            *out = v_bigint_from_mpz(det);
        mpz_clear(det);
    }
    zmat_clear(&M);
    return r;
}

/* Floating and generic paths: LU with partial pivoting over values (num_binop), or over
 * doubles.  want as in exact_solve. */
static int lu_double(jc_ctx *ctx, const jc_array *A, const jc_array *B, int want, num_type work,
                     const ast *site, value *out)
{
    int64_t n = nrows(A), rc = want == 1 ? n : want == 2 ? ncols(B) : 0;
    double *a = xmalloc(nz(n * n) * sizeof *a);
    double *b = xmalloc(nz(n * rc) * sizeof *b);
    int64_t *piv = xmalloc(nz(n) * sizeof *piv);
    int r = 0;
    for (int64_t i = 0; i < n * n && r == 0; i++)
        r = num_to_double(ctx, A->v[i], &a[i]);
    for (int64_t j = 0; j < rc && r == 0; j++)
        for (int64_t i = 0; i < n && r == 0; i++) {
            if (want == 1)
                b[j * n + i] = i == j;
            else
                r = num_to_double(ctx, B->v[j * n + i], &b[j * n + i]);
        }
    int64_t bad = 0;
    int swaps = 0;
    /* column-major a: a[j*n+i]; right-looking LU as LAPACK's unblocked dgetf2 */
    for (int64_t k = 0; k < n && r == 0; k++) {
        int64_t p = k;
        double best = fabs(a[k * n + k]);
        for (int64_t i = k + 1; i < n; i++)
            if (fabs(a[k * n + i]) > best) {
                best = fabs(a[k * n + i]);
                p = i;
            }
        piv[k] = p;
        if (a[k * n + p] == 0) {
            if (!bad)
                bad = k + 1;
            continue;
        }
        if (p != k) {
            swaps++;
            for (int64_t j = 0; j < n; j++) {
                double t = a[j * n + k];
                a[j * n + k] = a[j * n + p];
                a[j * n + p] = t;
            }
        }
        double inv = 1.0 / a[k * n + k];
        for (int64_t i = k + 1; i < n; i++)
            a[k * n + i] = fabs(a[k * n + k]) >= 2.2250738585072014e-308 ? a[k * n + i] * inv : a[k * n + i] / a[k * n + k];
        for (int64_t j = k + 1; j < n; j++) {
            double f = a[j * n + k];
            if (f != 0)
                for (int64_t i = k + 1; i < n; i++)
                    a[j * n + i] -= a[k * n + i] * f;
        }
    }
    if (r == 0 && want == 0) {
        double d = 1;
        for (int64_t i = 0; i < n; i++)
            d *= a[i * n + i];
        if (bad)
            d = 0;
        *out = num_from_double_typed((jc_type)work.t, swaps & 1 ? -d : d);
    } else if (r == 0 && bad)
        r = singular(ctx, bad, site);
    else if (r == 0) {
        for (int64_t j = 0; j < rc; j++) {
            double *x = b + j * n;
            for (int64_t k = 0; k < n; k++)
                if (piv[k] != k) {
                    double t = x[k];
                    x[k] = x[piv[k]];
                    x[piv[k]] = t;
                }
            for (int64_t k = 0; k < n; k++)
                for (int64_t i = k + 1; i < n; i++)
                    x[i] -= x[k] * a[k * n + i];
            for (int64_t k = n - 1; k >= 0; k--) {
                x[k] /= a[k * n + k];
                for (int64_t i = 0; i < k; i++)
                    x[i] -= x[k] * a[k * n + i];
            }
        }
        value *res = xmalloc(nz(n * rc) * sizeof *res);
        for (int64_t i = 0; i < n * rc; i++)
            res[i] = num_from_double_typed((jc_type)work.t, b[i]);
        int64_t dims[2] = { n, rc };
        value et = num_type_value(work);
        *out = array_from_values(ctx, res, n * rc, want == 2 && B->nd == 1 ? 1 : 2, dims, val_typeobj(et));
        val_release(et);
        free(res);
    }
    free(a);
    free(b);
    free(piv);
    return r;
}

static int absval_cmp(jc_ctx *ctx, value x, value y, int *res)
{
    value ax, ay;
    if (num_abs(ctx, &ax, x) < 0)
        return -1;
    if (num_abs(ctx, &ay, y) < 0) {
        val_release(ax);
        return -1;
    }
    int r = num_cmp(ctx, ax, ay, res);
    val_release(ax);
    val_release(ay);
    return r < 0 ? -1 : 0;
}

static int lu_generic(jc_ctx *ctx, const jc_array *A, const jc_array *B, int want, num_type work,
                      const ast *site, value *out)
{
    int64_t n = nrows(A), rc = want == 1 ? n : want == 2 ? ncols(B) : 0;
    int exact = work.t == T_RATIONAL || work.t == T_BIGINT || work.t == T_INT64;
    value *a = xcalloc(nz(n * n), sizeof *a);
    value *b = xcalloc(nz(n * rc), sizeof *b);
    int r = 0;
    for (int64_t i = 0; i < n * n && r == 0; i++)
        r = num_convert_to(ctx, &a[i], work, A->v[i]) < 0 ? -1 : 0;
    for (int64_t j = 0; j < rc && r == 0; j++)
        for (int64_t i = 0; i < n && r == 0; i++)
            r = num_convert_to(ctx, &b[j * n + i], work, want == 1 ? v_bool(i == j) : B->v[j * n + i]) < 0 ? -1 : 0;
    int64_t bad = 0;
    int swaps = 0;
    value t1, t2;
    for (int64_t k = 0; k < n && r == 0; k++) {
        if ((r = ctx_poll(ctx)) < 0)
            break;
        int64_t p = -1;
        for (int64_t i = k; i < n && r == 0; i++) {
            int z;
            num_iszero(ctx, a[k * n + i], &z);
            if (z)
                continue;
            if (p < 0) {
                p = i;
                if (exact)
                    break;
                continue;
            }
            int c;
            r = absval_cmp(ctx, a[k * n + i], a[k * n + p], &c);
            if (r == 0 && c > 0)
                p = i;
        }
        if (r < 0)
            break;
        if (p < 0) {
            bad = k + 1;
            break;
        }
        if (p != k) {
            swaps++;
            for (int64_t j = 0; j < n; j++) {
                value t = a[j * n + k];
                a[j * n + k] = a[j * n + p];
                a[j * n + p] = t;
            }
            for (int64_t j = 0; j < rc; j++) {
                value t = b[j * n + k];
                b[j * n + k] = b[j * n + p];
                b[j * n + p] = t;
            }
        }
        for (int64_t i = k + 1; i < n && r == 0; i++) {
            value l;
            if ((r = binop(ctx, NUM_DIV, a[k * n + i], a[k * n + k], site, &l)) < 0)
                break;
            val_release(a[k * n + i]);
            a[k * n + i] = l;
            for (int64_t j = k + 1; j < n + rc && r == 0; j++) {
                value *dst = j < n ? &a[j * n + i] : &b[(j - n) * n + i];
                value src = j < n ? a[j * n + k] : b[(j - n) * n + k];
                if ((r = binop(ctx, NUM_MUL, l, src, site, &t1)) < 0)
                    break;
                r = binop(ctx, NUM_SUB, *dst, t1, site, &t2);
                val_release(t1);
                if (r == 0) {
                    val_release(*dst);
                    *dst = t2;
                }
            }
        }
    }
    if (r == 0 && want == 0) {
        value d;
        r = num_convert_to(ctx, &d, work, v_int(bad ? 0 : 1)) < 0 ? -1 : 0;
        for (int64_t i = 0; i < n && r == 0 && !bad; i++) {
            r = binop(ctx, NUM_MUL, d, a[i * n + i], site, &t1);
            val_release(d);
            d = t1;
        }
        if (r == 0 && (swaps & 1) && !bad) {
            r = num_neg(ctx, &t1, d) < 0 ? -1 : 0;
            val_release(d);
            d = t1;
        }
        if (r == 0)
            *out = d;
    } else if (r == 0 && bad)
        r = singular(ctx, bad, site);
    else if (r == 0) {
        /* back substitution on each right-hand column */
        for (int64_t j = 0; j < rc && r == 0; j++)
            for (int64_t k = n - 1; k >= 0 && r == 0; k--) {
                value *x = &b[j * n + k];
                if ((r = binop(ctx, NUM_DIV, *x, a[k * n + k], site, &t1)) < 0)
                    break;
                val_release(*x);
                *x = t1;
                for (int64_t i = 0; i < k && r == 0; i++) {
                    if ((r = binop(ctx, NUM_MUL, *x, a[k * n + i], site, &t1)) < 0)
                        break;
                    r = binop(ctx, NUM_SUB, b[j * n + i], t1, site, &t2);
                    val_release(t1);
                    if (r == 0) {
                        val_release(b[j * n + i]);
                        b[j * n + i] = t2;
                    }
                }
            }
        if (r == 0) {
            int64_t dims[2] = { n, rc };
            *out = array_from_values(ctx, b, n * rc, want == 2 && B->nd == 1 ? 1 : 2, dims, NULL);
            b = NULL;
        }
    }
    val_release_n(a, n * n);
    free(a);
    if (b)
        release_vals(b, n * rc);
    return r;
}

/* Dispatches det (want 0), inv (1), A \ B (2). */
static int factor(jc_ctx *ctx, value av, value bv, int want, const ast *site, value *out)
{
    const jc_array *A = val_array(av), *B = want == 2 ? val_array(bv) : NULL;
    if (square_check(ctx, A, site) < 0)
        return -1;
    if (check_defined(ctx, A, site) < 0 || (B && check_defined(ctx, B, site) < 0))
        return -1;
    if (B && nrows(B) != nrows(A))
        return err_throw(ctx, ERR_DIMENSION, site, "arguments must have the same number of rows");
    num_type nt, bt;
    if (!number_type(A, &nt) || (B && !number_type(B, &bt)))
        return lib_no_method(ctx, want == 0 ? "det" : want == 1 ? "inv" : "\\", &(jc_args){ .n = 1, .v = &av });
    if (B)
        nt = num_promote_type(nt, bt);
    if (nrows(A) == 0) {
        if (want == 0)
            return num_convert_to(ctx, out, nt, v_int(1)) < 0 ? -1 : 0;
    }
    num_type work;
    la_kind k = la_field(nt, &work);
    if (want == 0 && !nt.cplx && nt.t == T_BIGINT)
        return bigint_det(ctx, A, out);
    if (k == LA_MPQ)
        return exact_solve(ctx, A, B, want, nt.sub == T_BIGINT, site, out);
    if (k == LA_DOUBLE)
        return lu_double(ctx, A, B, want, work, site, out);
    return lu_generic(ctx, A, B, want, work, site, out);
}

/* ---- least squares: A \ B for a non-square A ----
 *
 * Julia solves a non-square dense system through a QR factorization: the least-squares
 * solution when A is tall, the minimum-norm solution when it is wide.  Here, in double
 * (exact element types convert to Float64 as Julia's qr does, Float32/Float16 keep their
 * type): Householder QR of A (tall) or of Aᵀ (wide, so A = RᵀQᵀ and x = Q·R⁻ᵀb).
 * Accuracy: backward stable, as LAPACK's; the last bits may differ from Julia's
 * column-pivoted geqp3.  A rank-deficient A (a diagonal entry of R below
 * max(m,n)·eps·|R|max) raises an error rather than picking Julia's minimum-norm
 * solution. */

/* Householder QR in place of the column-major p×q matrix a (p >= q): R in the upper
 * triangle, the reflectors' vectors v (v[0] = 1 implied) below it, their scales in tau. */
static void house_qr(double *a, int64_t p, int64_t q, double *tau)
{
    for (int64_t k = 0; k < q; k++) {
        double *col = a + k * p;
        double nrm = 0, scale = 0;
        for (int64_t i = k; i < p; i++) /* scaled: no overflow for large entries */
            scale = fmax(scale, fabs(col[i]));
        if (scale == 0) {
            tau[k] = 0;
            continue;
        }
        for (int64_t i = k; i < p; i++)
            nrm += (col[i] / scale) * (col[i] / scale);
        nrm = scale * sqrt(nrm);
        double alpha = col[k] > 0 ? -nrm : nrm; /* no cancellation in col[k] - alpha */
        double v0 = col[k] - alpha;
        for (int64_t i = k + 1; i < p; i++)
            col[i] /= v0;
        tau[k] = (alpha - col[k]) / alpha;
        col[k] = alpha;
        for (int64_t j = k + 1; j < q; j++) { /* H = I - tau v vᵀ on the later columns */
            double *cj = a + j * p, s = cj[k];
            for (int64_t i = k + 1; i < p; i++)
                s += col[i] * cj[i];
            s *= tau[k];
            cj[k] -= s;
            for (int64_t i = k + 1; i < p; i++)
                cj[i] -= s * col[i];
        }
    }
}

/* y ← Qᵀy (transpose 1) or Qy (0) for the reflectors of house_qr; y has p entries. */
static void house_apply(const double *a, int64_t p, int64_t q, const double *tau, double *y, int transpose)
{
    for (int64_t t = 0; t < q; t++) {
        int64_t k = transpose ? t : q - 1 - t;
        const double *col = a + k * p;
        double s = y[k];
        for (int64_t i = k + 1; i < p; i++)
            s += col[i] * y[i];
        s *= tau[k];
        y[k] -= s;
        for (int64_t i = k + 1; i < p; i++)
            y[i] -= s * col[i];
    }
}

static int least_squares(jc_ctx *ctx, value av, value bv, const ast *site, value *out)
{
    const jc_array *A = val_array(av), *B = val_array(bv);
    int64_t m = nrows(A), n = ncols(A), k = B->nd == 1 ? 1 : ncols(B);
    if (B->nd > 2 || nrows(B) != m)
        return err_throw(ctx, ERR_DIMENSION, site, "arguments must have the same number of rows");
    if (check_defined(ctx, A, site) < 0 || check_defined(ctx, B, site) < 0)
        return -1;
    num_type ta, tb, work;
    if (!number_type(A, &ta) || !number_type(B, &tb))
        return lib_no_method(ctx, "\\", &(jc_args){ .n = 2, .v = (value[]){ av, bv } });
    num_type nt = num_promote_type(ta, tb);
    if (nt.cplx || la_field(nt, &work) != LA_DOUBLE || (nt.t == T_RATIONAL || nt.t == T_BIGINT))
        work = (num_type){ T_FLOAT64, 0, 0 };
    if (nt.cplx || nt.t == T_BIGFLOAT)
        return err_throw(ctx, ERR_ARGUMENT, site, "least-squares solutions of non-square %s systems are not supported",
                        nt.cplx ? "complex" : "BigFloat");
    int tall = m >= n;
    int64_t p = tall ? m : n, q = tall ? n : m; /* the factored matrix is p×q, p >= q */
    double *a = xmalloc(nz(p * q) * sizeof *a), *tau = xmalloc(nz(q) * sizeof *tau);
    double *y = xmalloc(nz(p) * sizeof *y), *x = xmalloc(nz(n * k) * sizeof *x);
    int r = 0;
    for (int64_t j = 0; j < n && r == 0; j++)
        for (int64_t i = 0; i < m && r == 0; i++)
            r = num_to_double(ctx, A->v[j * m + i], tall ? &a[j * m + i] : &a[i * n + j]);
    if (r == 0)
        house_qr(a, p, q, tau);
    double big = 0;
    for (int64_t i = 0; i < q && r == 0; i++)
        big = fmax(big, fabs(a[i * p + i]));
    for (int64_t i = 0; i < q && r == 0; i++)
        if (!(fabs(a[i * p + i]) > (double)p * 2.220446049250313e-16 * big))
            r = err_throw(ctx, ERR_ARGUMENT, site, "least-squares solution of a rank-deficient %lld×%lld system is not supported",
                         (long long)m, (long long)n);
    for (int64_t c = 0; c < k && r == 0; c++) {
        double *xc = x + c * n;
        for (int64_t i = 0; i < m && r == 0; i++)
            r = num_to_double(ctx, B->v[c * m + i], &y[i]);
        if (r < 0)
            break;
        if (tall) { /* R x = (Qᵀb)[1:n] */
            house_apply(a, p, q, tau, y, 1);
            for (int64_t i = n - 1; i >= 0; i--) {
                double s = y[i];
                for (int64_t j = i + 1; j < n; j++)
                    s -= a[j * p + i] * xc[j];
                xc[i] = s / a[i * p + i];
            }
        } else { /* Rᵀ z = b, x = Q [z; 0] */
            for (int64_t i = 0; i < m; i++) {
                double s = y[i];
                for (int64_t j = 0; j < i; j++)
                    s -= a[i * p + j] * y[j];
                y[i] = s / a[i * p + i];
            }
            for (int64_t i = m; i < n; i++)
                y[i] = 0;
            house_apply(a, p, q, tau, y, 0);
            memcpy(xc, y, (size_t)n * sizeof *y);
        }
    }
    if (r == 0) {
        value *res = xmalloc(nz(n * k) * sizeof *res);
        for (int64_t i = 0; i < n * k; i++)
            res[i] = num_from_double_typed((jc_type)work.t, x[i]);
        int64_t dims[2] = { n, k };
        value et = num_type_value(work);
        *out = array_from_values(ctx, res, n * k, B->nd == 1 ? 1 : 2, dims, val_typeobj(et));
        val_release(et);
        free(res);
    }
    free(a);
    free(tau);
    free(y);
    free(x);
    return r;
}

/* ---- rows ---- */

/* a + b and a - b (op NUM_ADD or NUM_SUB) for arrays and I; an array with a number is
 * Julia's MethodError, which points at broadcasting. */
static int add_or_sub(jc_ctx *ctx, num_op op, value *out, const jc_args *a)
{
    if (a->n != 2)
        return LIB_DECLINE;
    value x = a->v[0], y = a->v[1];
    if (is_arr(x) && is_arr(y))
        return elementwise(ctx, op, x, y, a->site, out);
    if (is_arr(x) && is_uniform(y))
        return plus_uniform(ctx, x, val_array(y)->v[0], op, 0, a->site, out);
    if (is_uniform(x) && is_arr(y))
        return plus_uniform(ctx, y, val_array(x)->v[0], op, 1, a->site, out);
    if (is_uniform(x) && is_uniform(y)) {
        value s;
        if (binop(ctx, op, val_array(x)->v[0], val_array(y)->v[0], a->site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if ((is_arr(x) && num_is_number(y)) || (num_is_number(x) && is_arr(y)))
        return err_throw(ctx, ERR_METHOD, a->site, "no method matching %s(::%s, ::%s)\nFor element-wise %s, use broadcasting with dot syntax: array .%s scalar",
                        opnames[op], is_arr(x) ? "Array" : "Number", is_arr(y) ? "Array" : "Number",
                        op == NUM_ADD ? "addition" : "subtraction", opnames[op]);
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
                release_vals(res, i);
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
        if (is_arr(x))
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
    if (is_arr(x) && is_arr(y))
        return matmul(ctx, x, y, site, out);
    if (is_arr(x) && num_is_number(y))
        return elementwise(ctx, NUM_MUL, x, y, site, out);
    if (num_is_number(x) && is_arr(y))
        return elementwise(ctx, NUM_MUL, x, y, site, out);
    if (is_uniform(x) && is_uniform(y)) {
        value s;
        if (binop(ctx, NUM_MUL, val_array(x)->v[0], val_array(y)->v[0], site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if (is_uniform(x) && (is_arr(y) || num_is_number(y)))
        return num_is_number(y) ? mul2(ctx, y, x, site, out)
                                : elementwise(ctx, NUM_MUL, val_array(x)->v[0], y, site, out);
    if (is_uniform(y) && is_arr(x))
        return elementwise(ctx, NUM_MUL, x, val_array(y)->v[0], site, out);
    if (is_uniform(y) && num_is_number(x)) {
        value s;
        if (binop(ctx, NUM_MUL, x, val_array(y)->v[0], site, &s) < 0)
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
            k = binop(ctx, NUM_MUL, acc, a->v[i], a->site, &r);
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
    if (is_arr(x) && num_is_number(y))
        return elementwise(ctx, NUM_DIV, x, y, a->site, out);
    if (is_uniform(x) && num_is_number(y)) {
        value s;
        if (binop(ctx, NUM_DIV, val_array(x)->v[0], y, a->site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if (is_arr(x) && is_arr(y)) {
        /* A / B = A * inv(B) */
        value inv;
        if (factor(ctx, y, v_nothing(), 1, a->site, &inv) < 0)
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
    if (is_arr(x) && num_is_number(y))
        return elementwise(ctx, NUM_RDIV, x, y, a->site, out);
    return LIB_DECLINE;
}

static int bi_ldiv(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (num_is_number(x) && is_arr(y))
        return elementwise(ctx, NUM_LDIV, x, y, a->site, out);
    if (is_arr(x) && is_arr(y)) {
        if (val_array(x)->nd == 2 && nrows(val_array(x)) != ncols(val_array(x)))
            return least_squares(ctx, x, y, a->site, out);
        return factor(ctx, x, y, 2, a->site, out);
    }
    return LIB_DECLINE;
}

static int bi_pow(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (is_uniform(x) && num_is_number(y)) {
        value s;
        if (binop(ctx, NUM_POW, val_array(x)->v[0], y, a->site, &s) < 0)
            return -1;
        *out = uniform_new(s);
        return 0;
    }
    if (!is_arr(x))
        return LIB_DECLINE;
    if (square_check(ctx, val_array(x), a->site) < 0)
        return -1;
    int64_t p;
    if (!num_is_integer_type(y))
        return err_throw(ctx, ERR_ARGUMENT, a->site, "matrix powers are supported for integer exponents");
    if (num_to_int64(ctx, y, &p) < 0)
        return -1;
    value base;
    if (p < 0) {
        if (factor(ctx, x, v_nothing(), 1, a->site, &base) < 0)
            return -1;
        p = -p;
    } else
        base = val_retain(x);
    /* square-and-multiply; A^0 is the identity of A's element type */
    int64_t n = nrows(val_array(x));
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
        if (!number_type(val_array(x), &nt))
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
    if (call2(ctx, "==", x, y, site, &r) < 0)
        return -1;
    *eq = r.type == T_BOOL && r.u.i;
    val_release(r);
    return 0;
}

static int bi_eq(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], y = a->v[1];
    if (x.type != T_ARRAY && y.type != T_ARRAY)
        return LIB_DECLINE;
    if (is_uniform(x) && !is_uniform(y)) {
        value t = x;
        x = y;
        y = t;
    }
    if (is_arr(x) && is_uniform(y)) {
        const jc_array *A = val_array(x);
        if (A->nd != 2 || nrows(A) != ncols(A)) {
            *out = v_bool(0);
            return 0;
        }
        int64_t n = nrows(A);
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
    /* ranges compare with vectors elementwise */
    value tmp[2] = { v_nothing(), v_nothing() };
    for (int s = 0; s < 2; s++) {
        value v = s ? y : x;
        if (v.type == T_RANGE) {
            jc_iter it;
            eval_iter_init(ctx, &it, v, a->site);
            int64_t n = it.n;
            value *vals = xmalloc(nz(n) * sizeof *vals);
            for (int64_t i = 0; i < n; i++)
                eval_iter_next(ctx, &it, &vals[i]);
            tmp[s] = array_from_values(ctx, vals, n, 1, &n, NULL);
            free(vals);
            if (s)
                y = tmp[s];
            else
                x = tmp[s];
        }
    }
    int res = 1, r = 0;
    if (!is_arr(x) || !is_arr(y))
        res = 0;
    else {
        const jc_array *A = val_array(x), *B = val_array(y);
        if (A->nd != B->nd || memcmp(A->dims, B->dims, (size_t)A->nd * sizeof *A->dims))
            res = 0;
        for (int64_t i = 0; i < A->len && res && r == 0; i++)
            r = elem_eq(ctx, A->v[i], B->v[i], a->site, &res);
    }
    val_release(tmp[0]);
    val_release(tmp[1]);
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
    if (!is_arr(a->v[0]))
        return LIB_DECLINE;
    return factor(ctx, a->v[0], v_nothing(), 0, a->site, out);
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
    if (!is_arr(a->v[0]))
        return LIB_DECLINE;
    return factor(ctx, a->v[0], v_nothing(), 1, a->site, out);
}

static int bi_tr(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (num_is_number(a->v[0])) {
        *out = val_retain(a->v[0]);
        return 0;
    }
    if (!is_arr(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (square_check(ctx, A, a->site) < 0 || check_defined(ctx, A, a->site) < 0)
        return -1;
    int64_t n = nrows(A);
    value acc = n ? val_retain(A->v[0]) : v_int(0);
    for (int64_t i = 1; i < n; i++) {
        value s;
        if (binop(ctx, NUM_ADD, acc, A->v[i * n + i], a->site, &s) < 0) {
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
    if (!is_arr(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (check_defined(ctx, A, a->site) < 0)
        return -1;
    int64_t m = nrows(A), n = ncols(A);
    num_type nt;
    if (!number_type(A, &nt))
        return lib_no_method(ctx, "rank", a);
    int64_t rank = 0;
    if (!nt.cplx && (nt.t == T_RATIONAL || num_is_integer_type((value){ nt.t, 0, { 0 } }))) {
        /* exact: Bareiss elimination of the row-scaled integer matrix, counting pivots */
        zmat M;
        zmat_init(&M, m, n);
        mpz_t *mult = xmalloc(nz(m) * sizeof *mult);
        for (int64_t i = 0; i < m; i++)
            mpz_init(mult[i]);
        int r = zmat_load(ctx, &M, A, mult);
        mpz_t prev, t;
        mpz_init_set_ui(prev, 1);
        mpz_init(t);
        for (int64_t col = 0; col < n && rank < m && r == 0; col++) {
            int64_t p = rank;
            while (p < m && mpz_sgn(M.z[p * n + col]) == 0)
                p++;
            if (p == m)
                continue;
            for (int64_t j = 0; j < n; j++)
                mpz_swap(M.z[p * n + j], M.z[rank * n + j]);
            for (int64_t i = rank + 1; i < m; i++) {
                for (int64_t j = col + 1; j < n; j++) {
                    mpz_mul(t, M.z[rank * n + col], M.z[i * n + j]);
                    mpz_submul(t, M.z[i * n + col], M.z[rank * n + j]);
                    mpz_divexact(M.z[i * n + j], t, prev);
                }
                mpz_set_ui(M.z[i * n + col], 0);
            }
            mpz_set(prev, M.z[rank * n + col]);
            rank++;
        }
        mpz_clear(prev);
        mpz_clear(t);
        for (int64_t i = 0; i < m; i++)
            mpz_clear(mult[i]);
        free(mult);
        zmat_clear(&M);
        if (r < 0)
            return -1;
    } else {
        /* floating: elimination with partial pivoting and a relative tolerance in the
         * spirit of Julia's rtol = min(m, n)·eps on the singular values */
        double *d = xmalloc(nz(m * n) * sizeof *d);
        double big = 0;
        for (int64_t i = 0; i < m * n; i++) {
            value ab;
            if (num_abs(ctx, &ab, A->v[i]) < 0 || num_to_double(ctx, ab, &d[i]) < 0) {
                free(d);
                return -1;
            }
            if (A->v[i].type != T_COMPLEX)
                num_to_double(ctx, A->v[i], &d[i]);
            val_release(ab);
            if (fabs(d[i]) > big)
                big = fabs(d[i]);
        }
        double tol = (double)(m < n ? n : m) * 2.220446049250313e-16 * big;
        for (int64_t col = 0; col < n && rank < m; col++) {
            int64_t p = rank;
            for (int64_t i = rank + 1; i < m; i++)
                if (fabs(d[col * m + i]) > fabs(d[col * m + p]))
                    p = i;
            if (fabs(d[col * m + p]) <= tol)
                continue;
            for (int64_t j = 0; j < n; j++) {
                double t = d[j * m + p];
                d[j * m + p] = d[j * m + rank];
                d[j * m + rank] = t;
            }
            for (int64_t i = rank + 1; i < m; i++) {
                double f = d[col * m + i] / d[col * m + rank];
                for (int64_t j = col; j < n; j++)
                    d[j * m + i] -= f * d[j * m + rank];
            }
            rank++;
        }
        free(d);
    }
    *out = v_int(rank);
    return 0;
}

static int bi_norm(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (!is_arr(x))
        return LIB_DECLINE;
    const jc_array *A = val_array(x);
    if (check_defined(ctx, A, a->site) < 0)
        return -1;
    double p = 2;
    if (a->n == 2 && num_to_double(ctx, a->v[1], &p) < 0)
        return -1;
    num_type nt;
    int bigf = number_type(A, &nt) && (nt.t == T_BIGFLOAT || nt.t == T_BIGINT ||
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
    if (!is_arr(a->v[0]) || !is_arr(a->v[1]))
        return LIB_DECLINE;
    *x = val_array(a->v[0]);
    *y = val_array(a->v[1]);
    if (check_defined(ctx, *x, a->site) < 0 || check_defined(ctx, *y, a->site) < 0)
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
        r = binop(ctx, NUM_MUL, c, y->v[i], a->site, &t);
        val_release(c);
        if (r < 0)
            goto fail;
        if (i == 0) {
            acc = t;
            continue;
        }
        value s;
        r = binop(ctx, NUM_ADD, acc, t, a->site, &s);
        val_release(t);
        val_release(acc);
        acc = v_nothing();
        if (r < 0)
            goto fail;
        acc = s;
    }
    if (x->len == 0) {
        num_type tx, ty;
        if (!number_type(x, &tx) || !number_type(y, &ty))
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
        if (binop(ctx, NUM_MUL, x->v[i], y->v[j], a->site, &p) < 0) {
            release_vals(NULL, 0);
            val_release_n(res, k);
            return -1;
        }
        if (binop(ctx, NUM_MUL, x->v[j], y->v[i], a->site, &q) < 0) {
            val_release(p);
            val_release_n(res, k);
            return -1;
        }
        r = binop(ctx, NUM_SUB, p, q, a->site, &res[k]);
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
    int64_t ma = nrows(A), na = ncols(A), mb = nrows(B), nb = ncols(B);
    int64_t m = ma * mb, n = na * nb, len = m * n;
    value *res = xmalloc(nz(len) * sizeof *res);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            value x = A->v[(j / nb) * ma + i / mb], y = B->v[(j % nb) * mb + i % mb];
            if (binop(ctx, NUM_MUL, x, y, a->site, &res[j * m + i]) < 0) {
                release_vals(res, j * m + i);
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
    if (!is_arr(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (A->nd != 2 || nrows(A) != ncols(A)) {
        *out = v_bool(0);
        return 0;
    }
    if (check_defined(ctx, A, a->site) < 0)
        return -1;
    int64_t n = nrows(A);
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
    if (!is_arr(a->v[0]))
        return LIB_DECLINE;
    const jc_array *A = val_array(a->v[0]);
    if (square_check(ctx, A, a->site) < 0 || check_defined(ctx, A, a->site) < 0)
        return -1;
    int64_t n = nrows(A);
    value *res = xmalloc(nz(A->len) * sizeof *res);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) {
            value x = A->v[j * n + i], y = A->v[i * n + j], c = v_nothing(), s;
            if (y.type == T_COMPLEX) {
                value im;
                if (num_neg(ctx, &im, val_complex(y)->im) < 0) {
                    release_vals(res, j * n + i);
                    return -1;
                }
                c = v_complex(val_retain(val_complex(y)->re), im);
                y = c;
            }
            int r = binop(ctx, NUM_ADD, x, y, a->site, &s);
            val_release(c);
            if (r == 0) {
                r = binop(ctx, NUM_DIV, s, v_int(2), a->site, &res[j * n + i]);
                val_release(s);
            }
            if (r < 0) {
                release_vals(res, j * n + i);
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
    if (!is_arr(a->v[0]) || !is_arr(a->v[1]))
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
    { "dot", 2, 2, bi_dot, "  dot(x, y)\n  x ⋅ y\n\n  Compute the dot product between two vectors.", NULL },
    { "⋅", 2, 2, bi_dot, "  dot(x, y)\n  x ⋅ y\n\n  Compute the dot product between two vectors.", NULL },
    { "cross", 2, 2, bi_cross, "  cross(x, y)\n  ×(x,y)\n\n  Compute the cross product of two 3-vectors.", NULL },
    { "×", 2, 2, bi_cross, "  cross(x, y)\n  ×(x,y)\n\n  Compute the cross product of two 3-vectors.", NULL },
    { "kron", 2, 2, bi_kron, "  kron(A, B)\n\n  Computes the Kronecker product of two vectors, matrices or numbers.", NULL },
    { "⊗", 2, 2, bi_kron, "  kron(A, B)\n\n  Computes the Kronecker product of two vectors, matrices or numbers.", NULL },
    { "issymmetric", 1, 1, bi_issymmetric, "  issymmetric(A) -> Bool\n\n  Test whether a matrix is symmetric.", NULL },
    { "ishermitian", 1, 1, bi_ishermitian, "  ishermitian(A) -> Bool\n\n  Test whether a matrix is Hermitian.", NULL },
    { "hermitianpart", 1, 1, bi_hermitianpart, "  hermitianpart(A)\n\n  Return the Hermitian part of the square matrix A, defined as (A + A')/2, as a Hermitian matrix.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
