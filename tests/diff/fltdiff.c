/* fltdiff.c — differential test of jcalc's Float64 arithmetic and elementary functions
 * against MPFR.
 *
 *   fltdiff [-n N] [-s SEED] [-j JCALC] [-v]
 *
 * Method: N random cases (fixed SEED) of one correctly rounded operation on random
 * doubles: + - * / sqrt, and the functions jcalc rounds correctly through MPFR (exp, log,
 * sin, ... see FUNCS).  The expected double is MPFR's result at 53 bits in the double
 * exponent range with subnormals (mpfr_subnormalize), rounded to nearest.  All cases go
 * through one jcalc process on stdin as `println("#K ", expr)`; for each line the printed
 * number is parsed back with strtod and must be the expected double bit for bit (NaN any
 * NaN), and its significant digits must be as few as round-tripping allows (Julia prints
 * the shortest digits).  Where MPFR gives NaN for an argument that is not NaN (log(-1),
 * sin(Inf)), Julia throws DomainError: the line must be missing (the error goes to
 * stderr).  Inputs mix random bit patterns, subnormals, ±0, ±Inf, NaN, the extremes and
 * ordinary values.  Ends with "N passed, M failed"; exit status 1 on a mismatch. */
#include <math.h>
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mpfr.h>

typedef int (*mpfr_fn1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mpfr_fn2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

static const struct { const char *name; mpfr_fn1 f; } FUNCS[] = {
    {"sqrt", mpfr_sqrt},   {"exp", mpfr_exp},     {"log", mpfr_log},     {"sin", mpfr_sin},
    {"cos", mpfr_cos},     {"tan", mpfr_tan},     {"atan", mpfr_atan},   {"asin", mpfr_asin},
    {"acos", mpfr_acos},   {"exp2", mpfr_exp2},   {"exp10", mpfr_exp10}, {"log2", mpfr_log2},
    {"log10", mpfr_log10}, {"expm1", mpfr_expm1}, {"log1p", mpfr_log1p}, {"sinh", mpfr_sinh},
    {"cosh", mpfr_cosh},   {"tanh", mpfr_tanh},   {"asinh", mpfr_asinh}, {"acosh", mpfr_acosh},
    {"atanh", mpfr_atanh}, {"cbrt", mpfr_cbrt},
};
#define NFUNCS (sizeof FUNCS / sizeof FUNCS[0])

static const struct { const char *op; mpfr_fn2 f; } OPS[] = {
    {"+", mpfr_add}, {"-", mpfr_sub}, {"*", mpfr_mul}, {"/", mpfr_div},
};
#define NOPS (sizeof OPS / sizeof OPS[0])

static uint64_t rng_state;

static uint64_t next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double uniform(void)
{
    return (double)(next() >> 11) * 0x1p-53;
}

static double random_double(void)
{
    static const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5,
                                     2.0, DBL_MAX, -DBL_MAX, DBL_MIN, 4.9406564584124654e-324,
                                     -4.9406564584124654e-324, M_PI, 1e-300, 710.0, -745.5};
    unsigned k = (unsigned)(next() % 10);
    if (k < 2) {
        uint64_t bits = next();
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    if (k < 5)
        return (uniform() * 20 - 10);
    if (k < 6)
        return (double)((int64_t)(next() % 41) - 20) / (next() % 2 ? 1 : 2);
    if (k < 7)
        return special[next() % (sizeof special / sizeof special[0])];
    double m = 1 + uniform();
    int e = (int)(next() % 2098) - 1074;
    return (next() % 2 ? -1 : 1) * ldexp(m, e);
}

/* a literal jcalc reads back as exactly d, always a Float64 */
static void literal(char *out, size_t n, double d)
{
    if (isnan(d)) {
        snprintf(out, n, "NaN");
    } else if (isinf(d)) {
        snprintf(out, n, d > 0 ? "Inf" : "(-Inf)");
    } else {
        char s[40];
        snprintf(s, sizeof s, "%.17g", d);
        if (!strpbrk(s, ".en"))
            strcat(s, ".0");
        snprintf(out, n, d < 0 || signbit(d) ? "(%s)" : "%s", s);
    }
}

/* the double MPFR rounds the exact result to, with IEEE subnormals */
static double to_double(mpfr_t r, int inex)
{
    inex = mpfr_check_range(r, inex, MPFR_RNDN);
    mpfr_subnormalize(r, inex, MPFR_RNDN);
    return mpfr_get_d(r, MPFR_RNDN);
}

/* significant digits of a printed number (Julia's form: 1.5, 1.0e-5, 100000.0, -0.0) */
static int sig_digits(const char *s)
{
    char digits[64];
    int n = 0;
    for (const char *p = s; *p && *p != 'e' && n < 63; p++)
        if (*p >= '0' && *p <= '9')
            digits[n++] = *p;
    digits[n] = 0;
    int lo = 0;
    while (lo < n && digits[lo] == '0')
        lo++;
    while (n > lo && digits[n - 1] == '0')
        n--;
    return n > lo ? n - lo : 1;
}

/* the fewest significant digits that read back as d: at p digits the nearest decimal,
 * or at a power of two (whose rounding interval is lopsided) a neighbour of it */
static int shortest_digits(double d)
{
    char s[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(s, sizeof s, "%.*e", p - 1, d);
        if (strtod(s, NULL) == d)
            return p;
        long long m = 0;
        for (const char *q = s; *q && *q != 'e'; q++)
            if (*q >= '0' && *q <= '9')
                m = m * 10 + (*q - '0');
        int e = atoi(strchr(s, 'e') + 1) - (p - 1);
        for (int delta = -1; delta <= 1; delta += 2) {
            char t[48];
            snprintf(t, sizeof t, "%s%llde%d", s[0] == '-' ? "-" : "", m + delta, e);
            if (strtod(t, NULL) == d)
                return p;
        }
    }
    return 17;
}

typedef struct test_case {
    char text[160];
    double want;
    int domain_error;
} test_case;

int main(int argc, char **argv)
{
    long n = 2000;
    uint64_t seed = 1;
    const char *jcalc = "./build/jcalc";
    int verbose = 0, opt;
    while ((opt = getopt(argc, argv, "n:s:j:v")) != -1) {
        switch (opt) {
        case 'n': n = atol(optarg); break;
        case 's': seed = strtoull(optarg, NULL, 10); break;
        case 'j': jcalc = optarg; break;
        case 'v': verbose = 1; break;
        default:
            fprintf(stderr, "usage: %s [-n N] [-s SEED] [-j JCALC] [-v]\n", argv[0]);
            return 2;
        }
    }
    rng_state = seed;
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    mpfr_t a, b, r;
    mpfr_inits2(53, a, b, r, (mpfr_ptr)0);
    test_case *cs = calloc((size_t)n, sizeof *cs);
    char prog[] = "/tmp/fltdiff.XXXXXX", outp[] = "/tmp/fltdiff-out.XXXXXX";
    int fd = mkstemp(prog), fo = mkstemp(outp);
    if (!cs || fd < 0 || fo < 0) {
        perror("fltdiff");
        return 2;
    }
    close(fo);
    FILE *pf = fdopen(fd, "w");
    for (long k = 0; k < n; k++) {
        test_case *c = &cs[k];
        double x = random_double(), y = random_double();
        char lx[48], ly[48];
        literal(lx, sizeof lx, x);
        literal(ly, sizeof ly, y);
        mpfr_set_d(a, x, MPFR_RNDN);
        mpfr_set_d(b, y, MPFR_RNDN);
        if (next() % 3 == 0) {
            unsigned i = (unsigned)(next() % NOPS);
            c->want = to_double(r, OPS[i].f(r, a, b, MPFR_RNDN));
            snprintf(c->text, sizeof c->text, "%s %s %s", lx, OPS[i].op, ly);
        } else {
            unsigned i = (unsigned)(next() % NFUNCS);
            c->want = to_double(r, FUNCS[i].f(r, a, MPFR_RNDN));
            c->domain_error = isnan(c->want) && !isnan(x);
            snprintf(c->text, sizeof c->text, "%s(%s)", FUNCS[i].name, lx);
        }
        fprintf(pf, "println(\"#%ld \", %s)\n", k, c->text);
    }
    fclose(pf);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' --color=no <%s >%s 2>/dev/null", jcalc, prog, outp);
    if (system(cmd) == -1) {
        perror("system");
        return 2;
    }
    char **got = calloc((size_t)n, sizeof *got);
    FILE *of = fopen(outp, "r");
    char line[256];
    while (of && fgets(line, sizeof line, of)) {
        long k;
        char val[200];
        line[strcspn(line, "\n")] = 0;
        if (sscanf(line, "#%ld %199s", &k, val) == 2 && k >= 0 && k < n && !got[k])
            got[k] = strdup(val);
    }
    if (of)
        fclose(of);
    unlink(prog);
    unlink(outp);
    long passed = 0, failed = 0;
    for (long k = 0; k < n; k++) {
        test_case *c = &cs[k];
        const char *g = got[k];
        char why[120] = "";
        if (c->domain_error) {
            if (g)
                snprintf(why, sizeof why, "want a DomainError");
        } else if (!g) {
            snprintf(why, sizeof why, "an error where none is expected");
        } else {
            double d = strtod(g, NULL);
            int same = isnan(c->want) ? isnan(d)
                                      : memcmp(&d, &c->want, 8) == 0;
            if (!same)
                snprintf(why, sizeof why, "a different double");
            else if (!isnan(d) && !isinf(d) && sig_digits(g) != shortest_digits(d))
                snprintf(why, sizeof why, "%d digits, the shortest is %d", sig_digits(g),
                         shortest_digits(d));
        }
        if (verbose)
            printf("%s => %s\n", c->text, g ? g : "(error)");
        if (why[0]) {
            failed++;
            char w[40];
            snprintf(w, sizeof w, "%.17g", c->want);
            printf("FAIL fltdiff #%ld: %s\n  want: %s\n  got:  %s (%s)\n", k, c->text,
                   c->domain_error ? "DomainError" : w, g ? g : "(an error)", why);
        } else {
            passed++;
        }
        free(got[k]);
    }
    free(got);
    free(cs);
    mpfr_clears(a, b, r, (mpfr_ptr)0);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
