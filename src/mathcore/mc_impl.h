/* mc_impl.h — internals shared by the math-core files (not part of the public API).
 *
 * Double-double helpers, target-format descriptors, the generic "round an approximation
 * or name the midpoint that decides it" step, and the exact deciders of mc_exact.c.
 * Everything is pure binary64 arithmetic; fma() must be (and in glibc is) exactly
 * rounded whether or not the CPU has an FMA unit.
 */
#ifndef JC_MC_IMPL_H
#define JC_MC_IMPL_H

#include <math.h>
#include <stdint.h>

/* Public entry points are compiled twice, for plain x86-64 and for FMA hardware, and
 * chosen once at load time (GNU ifunc).  Both clones compute bit-identical results
 * because fma() is exactly rounded in both; only speed differs. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define MC_CLONES __attribute__((target_clones("fma", "default")))
/* True in the "fma" clones, false in the default ones: the loader picks the clone by the
 * same CPU feature.  For code paths that are fast only with fma as one instruction. */
#define MC_FMA_IS_FAST() __builtin_cpu_supports("fma")
#else
#define MC_CLONES
#define MC_FMA_IS_FAST() 1
#endif

#define MC_INLINE static inline __attribute__((always_inline))

/* A target format: precision in bits and the exponent of its smallest normal number. */
typedef struct {
    int prec;
    int emin;
} mc_fmt;

extern const mc_fmt mc_fmt_double, mc_fmt_float, mc_fmt_half;

/* {hi, lo} of sin(pi*i/1024), i = 0..512 (mc_tables.c); cos(pi*i/1024) is entry 512-i. */
extern const double mc_sinpi_tab[513][2];

/* s + t == a + b exactly, provided a == 0 or exponent(a) >= exponent(b). */
MC_INLINE double mc_fast_two_sum(double a, double b, double *t)
{
    double s = a + b;
    *t = b - (s - a);
    return s;
}

/* p + e == a * b exactly (no underflow assumed). */
MC_INLINE double mc_two_prod(double a, double b, double *e)
{
    double p = a * b;
    *e = fma(a, b, -p);
    return p;
}

/* The midpoint M * 2^k (M odd) between the two representable neighbours lo < hi. */
typedef struct {
    uint64_t M;
    int k;
    double lo, hi;
} mc_mid;

/* Round v = (h + l) * 2^-S, v > 0, known to within err (same scale as h), to format f.
 * Requires h normal, RN(h + l) = h, and v * 2^S far from the binary64 under/overflow
 * limits.  Returns 1 and sets *res when every value within err of v rounds the same
 * way; otherwise returns 0 and fills *mid with the one midpoint inside [v-err, v+err]. */
int mc_round_dd(double h, double l, double err, int S, const mc_fmt *f, double *res,
                mc_mid *mid);

/* Functions of the reduced argument for the exact decider. */
enum { MC_SIN, MC_COS, MC_TAN, MC_COT };

/* Sign (+1 or -1) of g(pi*r) - M*2^k, where r = R*2^e in (0, 1/4) and g is sin, cos, tan
 * or cot; the sign is computed exactly (Ziv loop over fixed-point precisions). */
int mc_trig_cmp_mid(uint64_t R, int e, int fn, uint64_t M, int k);

/* Sign (+1 or -1) of x^(1/4) - M*2^k for a positive normal double x, computed exactly. */
int mc_root4_cmp_mid(double x, uint64_t M, int k);

#endif
