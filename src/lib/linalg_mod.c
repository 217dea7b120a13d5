/* linalg_mod.c — multimodular determinant and solve for integer matrices.
 *
 * Method: for primes p_1 > p_2 > ... just below 2^62, reduce [A | R] mod p, eliminate
 * with row operations (Gaussian elimination to upper triangular form, any nonzero pivot),
 * read det(A) mod p as the signed product of the pivots, scale R's block by it and back
 * substitute, giving det(A)·A⁻¹·R mod p.  Each residue is folded into its integer at
 * once (incremental Garner: x += P·((r - x) / P mod p), P the product of the primes so
 * far), so no residues are stored.
 *
 * Exactness: by Cramer's rule every entry of det(A)·A⁻¹·R is a determinant of A with one
 * column replaced by a column of R, and each row of such a matrix is a sub-multiset of the
 * entries of a row of [A | R].  Hadamard's inequality bounds all of them, and det(A), by
 * H = Π_i ‖[A | R]_i‖₂; once P > 2H the symmetric residues are the integers themselves.
 * A prime dividing det(A) gives no inverse mod p and is skipped; if the skipped primes'
 * product exceeds H, det(A) is divisible by a number larger than its bound, so it is 0.
 *
 * Cost: about (n³/3 + n²m) multiplications mod p per prime and log2(H)/62 primes;
 * the Chinese remaindering costs O((log2 H / 64)²) word operations per entry. */
#include <stdlib.h>

#include "util.h"
#include "lib/linalg_mod.h"

typedef unsigned __int128 u128;

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t p) { return (uint64_t)((u128)a * b % p); }

/* Shoup's precomputation for multiplying by a fixed c < p: floor(c·2^64 / p). */
static uint64_t shoup_pre(uint64_t c, uint64_t p) { return (uint64_t)(((u128)c << 64) / p); }

/* a·c mod p for a < 2^64, given cp = shoup_pre(c, p), p < 2^63: the quotient estimate is
 * at most one short, so a·c - q·p lies in [0, 2p). */
static inline uint64_t mulmod_shoup(uint64_t a, uint64_t c, uint64_t cp, uint64_t p)
{
    uint64_t q = (uint64_t)(((u128)a * cp) >> 64);
    uint64_t t = a * c - q * p;
    return t >= p ? t - p : t;
}

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t p)
{
    uint64_t r = 1;
    for (; e; e >>= 1, a = mulmod(a, a, p))
        if (e & 1)
            r = mulmod(r, a, p);
    return r;
}

/* Inverse of a (0 < a < p) modulo the prime p, by the extended Euclidean algorithm. */
static uint64_t invmod(uint64_t a, uint64_t p)
{
    int64_t t0 = 0, t1 = 1;
    uint64_t r0 = p, r1 = a;
    while (r1) {
        uint64_t q = r0 / r1, r2 = r0 - q * r1;
        int64_t t2 = t0 - (int64_t)q * t1;
        r0 = r1;
        r1 = r2;
        t0 = t1;
        t1 = t2;
    }
    return t0 < 0 ? (uint64_t)(t0 + (int64_t)p) : (uint64_t)t0;
}

/* Deterministic Miller–Rabin for odd n < 2^64: these seven bases (Sinclair's set) admit
 * no composite below 2^64. */
static int is_prime64(uint64_t n)
{
    static const uint32_t small[] = { 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61 };
    for (size_t i = 0; i < sizeof small / sizeof *small; i++)
        if (n % small[i] == 0)
            return n == small[i];
    static const uint64_t bases[] = { 2, 325, 9375, 28178, 450775, 9780504, 1795265022 };
    uint64_t d = n - 1;
    int s = 0;
    while (!(d & 1)) {
        d >>= 1;
        s++;
    }
    for (size_t i = 0; i < sizeof bases / sizeof *bases; i++) {
        uint64_t a = bases[i] % n;
        if (a == 0)
            continue;
        uint64_t x = powmod(a, d, n);
        if (x == 1 || x == n - 1)
            continue;
        int k = 1;
        for (; k < s; k++) {
            x = mulmod(x, x, n);
            if (x == n - 1)
                break;
        }
        if (k == s)
            return 0;
    }
    return 1;
}

/* The next prime below *from (odd), updating *from. */
static uint64_t next_prime(uint64_t *from)
{
    while (!is_prime64(*from))
        *from -= 2;
    uint64_t p = *from;
    *from -= 2;
    return p;
}

/* dst[j] -= c·src[j] mod p for j < len: the one kernel all the elimination runs through. */
static void axpy_mod(uint64_t *restrict dst, const uint64_t *restrict src, int64_t len, uint64_t c, uint64_t p)
{
    uint64_t cp = shoup_pre(c, p);
    for (int64_t j = 0; j < len; j++) {
        uint64_t t = mulmod_shoup(src[j], c, cp, p), d = dst[j];
        dst[j] = d >= t ? d - t : d + (p - t);
    }
}

static void scale_mod(uint64_t *row, int64_t len, uint64_t c, uint64_t p)
{
    uint64_t cp = shoup_pre(c, p);
    for (int64_t j = 0; j < len; j++)
        row[j] = mulmod_shoup(row[j], c, cp, p);
}

/* Eliminates the n×w residue matrix a = [A | R] mod p in place.  Returns det(A) mod p; when
 * it is nonzero and w > n, the R block then holds det(A)·A⁻¹·R mod p. */
static uint64_t eliminate(uint64_t *a, int64_t n, int64_t w, uint64_t p)
{
    uint64_t det = 1;
    for (int64_t k = 0; k < n; k++) {
        int64_t piv = k;
        while (piv < n && a[piv * w + k] == 0)
            piv++;
        if (piv == n)
            return 0;
        if (piv != k) {
            for (int64_t j = k; j < w; j++) {
                uint64_t t = a[piv * w + j];
                a[piv * w + j] = a[k * w + j];
                a[k * w + j] = t;
            }
            det = p - det; /* det != 0 here */
        }
        uint64_t pk = a[k * w + k];
        det = mulmod(det, pk, p);
        uint64_t inv = invmod(pk, p);
        for (int64_t i = k + 1; i < n; i++) {
            uint64_t f = a[i * w + k];
            if (f)
                axpy_mod(a + i * w + k + 1, a + k * w + k + 1, w - k - 1, mulmod(f, inv, p), p);
        }
    }
    int64_t m = w - n;
    if (m == 0)
        return det;
    /* A·Y = det·R with A upper triangular now */
    for (int64_t i = 0; i < n; i++)
        scale_mod(a + i * w + n, m, det, p);
    for (int64_t k = n - 1; k >= 0; k--) {
        uint64_t *yk = a + k * w + n;
        for (int64_t j = k + 1; j < n; j++)
            if (a[k * w + j])
                axpy_mod(yk, a + j * w + n, m, a[k * w + j], p);
        scale_mod(yk, m, invmod(a[k * w + k], p), p);
    }
    return det;
}

/* x ← the integer ≡ x (mod P) and ≡ r (mod p), in [0, P·p); pinv = (P mod p)⁻¹. */
static void crt_fold(mpz_t x, uint64_t r, const mpz_t P, uint64_t p, uint64_t pinv, uint64_t pinv_pre)
{
    uint64_t xr = mpz_fdiv_ui(x, p);
    uint64_t d = r >= xr ? r - xr : r + (p - xr);
    uint64_t c = mulmod_shoup(d, pinv, pinv_pre, p);
    if (c)
        mpz_addmul_ui(x, P, c);
}

int lmod_solve(mpz_t *M, int64_t n, int64_t m, mpz_t det, mpz_t *Y, volatile sig_atomic_t *intr)
{
    int64_t w = n + m;
    mpz_set_ui(det, n == 0);
    if (n == 0)
        return 0;
    /* Hadamard: log2 H ≤ Σ_i ⌈bits(‖row_i‖²) / 2⌉ */
    int64_t hbits = 0;
    mpz_t s, P, half;
    mpz_inits(s, P, half, NULL);
    for (int64_t i = 0; i < n; i++) {
        mpz_set_ui(s, 0);
        for (int64_t j = 0; j < w; j++)
            mpz_addmul(s, M[i * w + j], M[i * w + j]);
        int zero_row = 1;
        for (int64_t j = 0; j < n && zero_row; j++)
            zero_row = mpz_sgn(M[i * w + j]) == 0;
        if (zero_row) { /* det(A) = 0 */
            mpz_clears(s, P, half, NULL);
            return 0;
        }
        hbits += (int64_t)(mpz_sizeinbase(s, 2) + 1) / 2;
    }
    uint64_t *a = xmalloc((size_t)(n * w) * sizeof *a);
    int64_t len = n * m;
    for (int64_t t = 0; t < len; t++)
        mpz_set_ui(Y[t], 0);
    mpz_set_ui(P, 1);
    int64_t skipped_bits = 0;
    uint64_t from = ((uint64_t)1 << 62) - 1;
    int rc = 0;
    /* stop when P > 2H, i.e. bits(P) - 1 ≥ hbits + 1 */
    while ((int64_t)mpz_sizeinbase(P, 2) - 1 < hbits + 1) {
        if (*intr) {
            rc = -1;
            break;
        }
        uint64_t p = next_prime(&from);
        for (int64_t t = 0; t < n * w; t++)
            a[t] = mpz_fdiv_ui(M[t], p);
        uint64_t d = eliminate(a, n, w, p);
        if (d == 0) {
            /* p | det(A); every prime here exceeds 2^61 */
            skipped_bits += 61;
            if (skipped_bits >= hbits + 1) {
                mpz_set_ui(P, 1);
                mpz_set_ui(det, 0);
                break;
            }
            continue;
        }
        uint64_t pinv = invmod(mpz_fdiv_ui(P, p), p), pinv_pre = shoup_pre(pinv, p);
        crt_fold(det, d, P, p, pinv, pinv_pre);
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < m; j++)
                crt_fold(Y[i * m + j], a[i * w + n + j], P, p, pinv, pinv_pre);
        mpz_mul_ui(P, P, p);
    }
    if (rc == 0 && mpz_sgn(det) != 0) {
        /* symmetric residues: x > P/2 stands for x - P */
        mpz_fdiv_q_2exp(half, P, 1);
        if (mpz_cmp(det, half) > 0)
            mpz_sub(det, det, P);
        for (int64_t t = 0; t < len; t++)
            if (mpz_cmp(Y[t], half) > 0)
                mpz_sub(Y[t], Y[t], P);
    }
    free(a);
    mpz_clears(s, P, half, NULL);
    return rc;
}
