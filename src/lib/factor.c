/* factor.c — det, inv, A \ B and rank of matrices (the rows are in lib/linalg.c).
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
#include "lib/lib.h"
#include "lib/linalg_impl.h"
#include "lib/linalg_mod.h"

/* From this order on, exact det/inv/solve run multimodular: Bareiss's cost grows with
 * n⁴·(entry size)² (n³ steps on numbers up to n times the entry size), the modular one
 * with n³ word operations per prime plus the recombination; below it the few primes'
 * fixed costs dominate. */
enum { LMOD_MIN_N = 24 };

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

/* Loads the rows of [A | R] (R = B, or the identity when ident, or nothing: M as wide as
 * A) into M, each row multiplied by the lcm of its denominators (mult[i]), so M is an
 * integer matrix with the same solutions and the same rank. */
static int zmat_load(jc_ctx *ctx, zmat *M, const jc_array *A, const jc_array *B, int ident, mpz_t *mult)
{
    int64_t n = la_nrows(A), c = la_ncols(A), w = M->w;
    mpq_t *row = xmalloc(nz(w) * sizeof *row);
    for (int64_t j = 0; j < w; j++)
        mpq_init(row[j]);
    int r = 0;
    for (int64_t i = 0; i < n && r == 0; i++) {
        mpz_set_ui(mult[i], 1);
        for (int64_t j = 0; j < w && r == 0; j++) {
            if (j < c)
                r = to_mpq(ctx, A->v[j * n + i], row[j]);
            else if (B)
                r = to_mpq(ctx, B->v[(j - c) * n + i], row[j]);
            else
                mpq_set_ui(row[j], ident && j - c == i, 1);
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
    int64_t n = la_nrows(A);
    int64_t rc = want == 1 ? n : want == 2 ? la_ncols(B) : 0;
    zmat M;
    zmat_init(&M, n, n + rc);
    mpz_t *mult = xmalloc(nz(n) * sizeof *mult);
    for (int64_t i = 0; i < n; i++)
        mpz_init(mult[i]);
    int r = zmat_load(ctx, &M, A, want == 2 ? B : NULL, want == 1, mult);
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
                la_release_vals(res, t);
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
    int64_t n = la_nrows(A);
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

/* The rows×cols column-major doubles x as an array of element type work (a hardware
 * float type), with nd dimensions (1: a vector of rows elements). */
static value double_matrix(jc_ctx *ctx, const double *x, int64_t rows, int64_t cols, int nd, num_type work)
{
    value *res = xmalloc(nz(rows * cols) * sizeof *res);
    for (int64_t i = 0; i < rows * cols; i++)
        res[i] = num_from_double_typed((jc_type)work.t, x[i]);
    int64_t dims[2] = { rows, cols };
    value et = num_type_value(work);
    value r = array_from_values(ctx, res, rows * cols, nd, dims, val_typeobj(et));
    val_release(et);
    free(res);
    return r;
}

/* Floating and generic paths: LU with partial pivoting over values (num_binop), or over
 * doubles.  want as in exact_solve. */
static int lu_double(jc_ctx *ctx, const jc_array *A, const jc_array *B, int want, num_type work,
                     const ast *site, value *out)
{
    int64_t n = la_nrows(A), rc = want == 1 ? n : want == 2 ? la_ncols(B) : 0;
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
        *out = double_matrix(ctx, b, n, rc, want == 2 && B->nd == 1 ? 1 : 2, work);
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
    int64_t n = la_nrows(A), rc = want == 1 ? n : want == 2 ? la_ncols(B) : 0;
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
            if ((r = lib_binop(ctx, NUM_DIV, a[k * n + i], a[k * n + k], site, &l)) < 0)
                break;
            val_release(a[k * n + i]);
            a[k * n + i] = l;
            for (int64_t j = k + 1; j < n + rc && r == 0; j++) {
                value *dst = j < n ? &a[j * n + i] : &b[(j - n) * n + i];
                value src = j < n ? a[j * n + k] : b[(j - n) * n + k];
                if ((r = lib_binop(ctx, NUM_MUL, l, src, site, &t1)) < 0)
                    break;
                r = lib_binop(ctx, NUM_SUB, *dst, t1, site, &t2);
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
            r = lib_binop(ctx, NUM_MUL, d, a[i * n + i], site, &t1);
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
                if ((r = lib_binop(ctx, NUM_DIV, *x, a[k * n + k], site, &t1)) < 0)
                    break;
                val_release(*x);
                *x = t1;
                for (int64_t i = 0; i < k && r == 0; i++) {
                    if ((r = lib_binop(ctx, NUM_MUL, *x, a[k * n + i], site, &t1)) < 0)
                        break;
                    r = lib_binop(ctx, NUM_SUB, b[j * n + i], t1, site, &t2);
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
            free(b); /* the values moved into the array; the buffer is ours */
            b = NULL;
        }
    }
    val_release_n(a, n * n);
    free(a);
    if (b)
        la_release_vals(b, n * rc);
    return r;
}

/* Dispatches det (want 0), inv (1), A \ B (2). */
int la_factor(jc_ctx *ctx, value av, value bv, int want, const ast *site, value *out)
{
    const jc_array *A = val_array(av), *B = want == 2 ? val_array(bv) : NULL;
    if (la_square_check(ctx, A, site) < 0)
        return -1;
    if (la_check_defined(ctx, A, site) < 0 || (B && la_check_defined(ctx, B, site) < 0))
        return -1;
    if (B && la_nrows(B) != la_nrows(A))
        return err_throw(ctx, ERR_DIMENSION, site, "arguments must have the same number of rows");
    num_type nt, bt;
    if (!la_number_type(A, &nt) || (B && !la_number_type(B, &bt)))
        return lib_no_method(ctx, want == 0 ? "det" : want == 1 ? "inv" : "\\", &(jc_args){ .n = 1, .v = &av });
    if (B)
        nt = num_promote_type(nt, bt);
    if (la_nrows(A) == 0) {
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

int la_least_squares(jc_ctx *ctx, value av, value bv, const ast *site, value *out)
{
    const jc_array *A = val_array(av), *B = val_array(bv);
    int64_t m = la_nrows(A), n = la_ncols(A), k = B->nd == 1 ? 1 : la_ncols(B);
    if (B->nd > 2 || la_nrows(B) != m)
        return err_throw(ctx, ERR_DIMENSION, site, "arguments must have the same number of rows");
    if (la_check_defined(ctx, A, site) < 0 || la_check_defined(ctx, B, site) < 0)
        return -1;
    num_type ta, tb, work;
    if (!la_number_type(A, &ta) || !la_number_type(B, &tb))
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
        *out = double_matrix(ctx, x, n, k, B->nd == 1 ? 1 : 2, work);
    }
    free(a);
    free(tau);
    free(y);
    free(x);
    return r;
}


/* ---- rank ---- */

/* The rank of the m×n matrix A of element type nt (all elements defined): exact for
 * integer and Rational elements, else by elimination in double with a relative tolerance. */
int la_rank(jc_ctx *ctx, const jc_array *A, num_type nt, int64_t *out)
{
    int64_t m = la_nrows(A), n = la_ncols(A);
    int64_t rank = 0;
    if (!nt.cplx && (nt.t == T_RATIONAL || num_is_integer_type((value){ nt.t, 0, { 0 } }))) {
        /* exact: Bareiss elimination of the row-scaled integer matrix, counting pivots */
        zmat M;
        zmat_init(&M, m, n);
        mpz_t *mult = xmalloc(nz(m) * sizeof *mult);
        for (int64_t i = 0; i < m; i++)
            mpz_init(mult[i]);
        int r = zmat_load(ctx, &M, A, NULL, 0, mult);
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
    *out = rank;
    return 0;
}
