/* bench_compl.c — tab completion latency.  The budget is under a millisecond
 * for the first completion (Julia's first Tab can take seconds).  Reports the very
 * first completion after jc_new (cold caches), then the mean over many calls for
 * each kind of input, as microseconds and as a ratio to the 1 ms budget; the
 * baseline measured in the same run is one jc_eval of "1+1". */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "jcalc.h"

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static const char *const inputs[] = {
    "\\fourthroot", "\\le", "\\:smi", "\\", "\\\xe2\x88\x9c", "sq", "round(x, dig", "2\\pix",
};

int main(void)
{
    jc_ctx *ctx = jc_new();
    size_t s, e;
    int n;
    double t0 = now_us();
    char **r = jc_complete(ctx, "\\fourthroot", 11, &s, &e, &n);
    double first = now_us() - t0;
    jc_complete_free(r, n);
    t0 = now_us();
    r = jc_complete(ctx, "sq", 2, &s, &e, &n);
    double first_name = now_us() - t0;
    jc_complete_free(r, n);

    jc_result res;
    const int reps = 2000;
    t0 = now_us();
    for (int i = 0; i < reps; i++) {
        jc_eval(ctx, "1+1", 3, "bench", 1, &res);
        jc_result_clear(&res);
    }
    double base = (now_us() - t0) / reps;

    printf("first completion (\\fourthroot, cold): %8.1f us  (%.3f of 1 ms)\n", first, first / 1000);
    printf("first name completion (sq):          %8.1f us  (%.3f of 1 ms)\n", first_name, first_name / 1000);
    printf("baseline jc_eval(\"1+1\"):             %8.2f us\n", base);
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        const char *in = inputs[k];
        size_t cur = strcmp(in, "2\\pix") ? strlen(in) : 4;
        t0 = now_us();
        int cands = 0;
        for (int i = 0; i < reps; i++) {
            r = jc_complete(ctx, in, cur, &s, &e, &n);
            cands = n;
            jc_complete_free(r, n);
        }
        double us = (now_us() - t0) / reps;
        printf("%-22s %5d candidates %8.2f us/completion  %6.2fx baseline\n", in, cands, us,
               base > 0 ? us / base : 0);
    }
    jc_free(ctx);
    return 0;
}
