/* bench_mathcore.c — ns/call of the math core against the glibc expressions a naive
 * implementation would use, measured side by side in one run.
 *
 * Each function runs over the same precomputed array of 2^20 distinct arguments; the
 * time is the best of several alternating repetitions (clock_gettime, CLOCK_MONOTONIC), and every
 * result feeds a checksum that is printed, so no call can be optimised away.
 *
 * Two measures per function.  Throughput: the calls are independent, so the CPU
 * overlaps consecutive ones.  Latency: each argument depends on the previous result
 * (x = xs[i] + zero * y, zero read from a volatile so the compiler cannot drop it), so a
 * call starts only when the previous one has finished; for finite y this adds +-0 and
 * leaves the argument unchanged.
 */
#include "mathcore/mathcore.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N (1 << 20)
#define REPS 15

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t next_rand(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double unif(uint64_t *s)
{
    return (double)(next_rand(s) >> 11) * 0x1p-53;
}

typedef double (*fn64)(double);

static double g_tan(double x) { return tan(M_PI * x); }
static double g_sin(double x) { return sin(M_PI * x); }
static double g_cos(double x) { return cos(M_PI * x); }
static double g_root(double x) { return sqrt(sqrt(x)); }
static double m_sincos(double x)
{
    double s, c;
    mc_sincospi(x, &s, &c);
    return s + c;
}
static double g_sincos(double x)
{
    double s, c;
    sincos(M_PI * x, &s, &c);
    return s + c;
}

static volatile double zero_v = 0.0;

/* One pass over xs: seconds; *sum accumulates the results.  With chain set, each
 * argument waits for the previous result (latency); otherwise calls are independent. */
static double pass(fn64 f, const double *xs, double *sum, int chain)
{
    double acc = 0.0, t0 = now();
    if (chain) {
        double zero = zero_v, y = 0.0;
        for (int i = 0; i < N; i++) {
            y = f(xs[i] + zero * y);
            acc += y;
        }
    } else {
        for (int i = 0; i < N; i++)
            acc += f(xs[i]);
    }
    double t = now() - t0;
    *sum += acc;
    return t;
}

/* Best ns/call of f and of its baseline g.  The passes alternate, so both see the same
 * machine conditions (on a shared or hyper-threaded CPU, neighbours matter). */
static void timeit(fn64 f, fn64 g, const double *xs, int chain, double *sum, double *tf,
                   double *tg)
{
    double bf = 1e30, bg = 1e30;
    for (int r = 0; r < REPS; r++) {
        double a = pass(g, xs, sum, chain), b = pass(f, xs, sum, chain);
        if (a < bg)
            bg = a;
        if (b < bf)
            bf = b;
    }
    *tf = bf * 1e9 / N;
    *tg = bg * 1e9 / N;
}

int main(void)
{
    double *trig = malloc(N * sizeof *trig), *pos = malloc(N * sizeof *pos);
    if (!trig || !pos)
        return 1;
    uint64_t s = 42;
    for (int i = 0; i < N; i++) {
        trig[i] = 8.0 * unif(&s) - 4.0;            /* [-4, 4) */
        pos[i] = ldexp(1.0 + unif(&s), (int)(next_rand(&s) % 81) - 40); /* [2^-40, 2^41) */
    }
    static const struct {
        const char *name, *base_name;
        fn64 f, base;
        int positive;
    } rows[] = {
        {"mc_tanpi", "tan(M_PI*x)", mc_tanpi, g_tan, 0},
        {"mc_sinpi", "sin(M_PI*x)", mc_sinpi, g_sin, 0},
        {"mc_cospi", "cos(M_PI*x)", mc_cospi, g_cos, 0},
        {"mc_sincospi", "sincos(M_PI*x)", m_sincos, g_sincos, 0},
        {"mc_fourthroot", "sqrt(sqrt(x))", mc_fourthroot, g_root, 1},
    };
    double sum = 0.0;
    for (int chain = 0; chain < 2; chain++) {
        printf("%s\n%-14s %9s   %-15s %9s   %s\n",
               chain ? "latency (each argument waits for the previous result)"
                     : "throughput (independent calls)",
               "function", "ns/call", "baseline", "ns/call", "ratio");
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            const double *xs = rows[i].positive ? pos : trig;
            double tm, tb;
            timeit(rows[i].f, rows[i].base, xs, chain, &sum, &tm, &tb);
            printf("%-14s %9.2f   %-15s %9.2f   %.2fx\n", rows[i].name, tm,
                   rows[i].base_name, tb, tm / tb);
        }
    }
    printf("(%d distinct arguments, best of %d; checksum %g)\n", N, REPS, sum);
    free(trig);
    free(pos);
    return 0;
}
