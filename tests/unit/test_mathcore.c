/* test_mathcore.c — special values and correct rounding of src/mathcore against MPFR.
 *
 * Expected values: the special-value table comes from Julia 1.10's documented and
 * tested behaviour (test/math.jl, base/special/trig.jl rules) and from exact maths;
 * everything else is mpfr_sinpi/cospi/tanpi/rootn_ui computed here, rounded to the
 * target format with mpfr_subnormalize.  Every range of every function must have 0
 * misrounded results.  JCALC_ACCURACY_N sets the number of random inputs per range
 * (default 300000, 100000 under AddressSanitizer; `make accuracy` uses 10^7).
 */
#include "bits.h"
#include "mathcore/mathcore.h"
#include "mathcore/mc_impl.h"

#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static void check(int ok, const char *what)
{
    check_ok(ok, "%s", what);
}

static uint64_t next_rand(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double unif(uint64_t *s) /* [0, 1) */
{
    return (double)(next_rand(s) >> 11) * 0x1p-53;
}

static int same(double a, double b)
{
    return bits_from_double(a) == bits_from_double(b) || (isnan(a) && isnan(b));
}

/* ---- special values ----------------------------------------------------------- */

enum { SIN, COS, TAN, ROOT };
static const char *const fname[] = {"sinpi", "cospi", "tanpi", "fourthroot"};

typedef struct {
    int f;
    double x, want;
} special;

static const special specials[] = {
    {TAN, 1.0, -0.0},       {TAN, -1.0, 0.0},       {TAN, 2.0, 0.0},
    {TAN, -2.0, -0.0},      {TAN, 3.0, -0.0},       {TAN, -0.0, -0.0},
    {TAN, 0.0, 0.0},        {TAN, 0.25, 1.0},       {TAN, -0.25, -1.0},
    {TAN, 0.75, -1.0},      {TAN, 1.25, 1.0},       {TAN, -1.75, 1.0},
    {TAN, 0.5, INFINITY},   {TAN, -0.5, -INFINITY}, {TAN, 1.5, -INFINITY},
    {TAN, 2.5, INFINITY},   {TAN, -1.5, INFINITY},  {TAN, 1e16, 0.0},
    {TAN, -1e16, -0.0},     {TAN, 0x1p52 + 1, -0.0}, {TAN, 0x1p51 + 0.5, INFINITY},
    {TAN, 0x1p50 + 0.25, 1.0}, {TAN, 0x1p50 + 0.75, -1.0}, {TAN, 0x1p51 + 1.5, -INFINITY},
    {TAN, 0.25 + 2e10, 1.0}, {TAN, 1e300, 0.0},
    {TAN, NAN, NAN},        {TAN, INFINITY, NAN},   {TAN, -INFINITY, NAN},
    {SIN, 1.0, 0.0},        {SIN, -1.0, -0.0},      {SIN, 2.0, 0.0},
    {SIN, -2.0, -0.0},      {SIN, 0.0, 0.0},        {SIN, -0.0, -0.0},
    {SIN, 0.5, 1.0},        {SIN, -0.5, -1.0},      {SIN, 1.5, -1.0},
    {SIN, 1e16, 0.0},       {SIN, -1e16, -0.0},     {SIN, 0x1p52 + 1, 0.0},
    {SIN, 1.0 / 6.0, 0.5},  {SIN, NAN, NAN},        {SIN, INFINITY, NAN},
    {COS, 0.5, 0.0},        {COS, -0.5, 0.0},       {COS, 1.5, 0.0},
    {COS, 1.0, -1.0},       {COS, 2.0, 1.0},        {COS, -3.0, -1.0},
    {COS, 0.0, 1.0},        {COS, -0.0, 1.0},       {COS, 1e16, 1.0},
    {COS, 0x1p52 + 1, -1.0}, {COS, 1.0 / 3.0, 0.5}, {COS, -INFINITY, NAN},
    {ROOT, 0.0, 0.0},       {ROOT, -0.0, -0.0},     {ROOT, 1.0, 1.0},
    {ROOT, 16.0, 2.0},      {ROOT, 81.0, 3.0},      {ROOT, 1e8, 100.0},
    {ROOT, INFINITY, INFINITY}, {ROOT, -1.0, NAN},  {ROOT, -INFINITY, NAN},
    {ROOT, NAN, NAN},       {ROOT, 0.5, 0x1.ae89f995ad3adp-1},
    {ROOT, 2.0, 1.189207115002721}, {ROOT, 0x1p-1072, 0x1p-268},
};

static double call64(int f, double x)
{
    switch (f) {
    case SIN: return mc_sinpi(x);
    case COS: return mc_cospi(x);
    case TAN: return mc_tanpi(x);
    default: return mc_fourthroot(x);
    }
}

static void test_specials(void)
{
    char msg[160];
    int bad = 0;
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        const special *s = &specials[i];
        double got = call64(s->f, s->x);
        int ok = same(got, s->want);
        if (!ok) {
            bad++;
            snprintf(msg, sizeof msg, "%s(%a) = %a, want %a", fname[s->f], s->x, got, s->want);
            check(0, msg);
        }
        /* the float and half versions agree on values they can represent */
        float xf = (float)s->x;
        if ((double)xf == s->x || isnan(s->x)) {
            float gf = s->f == SIN ? mc_sinpif(xf) : s->f == COS ? mc_cospif(xf)
                     : s->f == TAN ? mc_tanpif(xf) : mc_fourthrootf(xf);
            float wf = (float)s->want;
            if ((double)wf == s->want || isnan(s->want)) {
                int okf = (isnan(gf) && isnan(wf)) || memcmp(&gf, &wf, sizeof gf) == 0;
                if (!okf) {
                    bad++;
                    snprintf(msg, sizeof msg, "%sf(%a) = %a, want %a", fname[s->f], s->x,
                             (double)gf, s->want);
                    check(0, msg);
                }
            }
        }
    }
    double s, c;
    mc_sincospi(1.0, &s, &c);
    if (!same(s, 0.0) || !same(c, -1.0)) {
        bad++;
        check(0, "sincospi(1) == (0.0, -1.0)");
    }
    printf("special values: %zu inputs, %d wrong\n", sizeof specials / sizeof specials[0], bad);
    check(bad == 0, "special values");
}

/* ---- tables --------------------------------------------------------------------- */

static void test_tables(void)
{
    mpfr_t a, v, r;
    mpfr_inits2(300, a, v, r, (mpfr_ptr)0);
    int bad = 0;
    for (int i = 0; i <= 512; i++) {
        mpfr_const_pi(a, MPFR_RNDN);
        mpfr_mul_ui(a, a, (unsigned long)i, MPFR_RNDN);
        mpfr_div_ui(a, a, 1024, MPFR_RNDN);
        mpfr_sin(v, a, MPFR_RNDN);
        double hi = mpfr_get_d(v, MPFR_RNDN);
        mpfr_sub_d(r, v, hi, MPFR_RNDN);
        double lo = mpfr_get_d(r, MPFR_RNDN);
        if (!same(hi, mc_sinpi_tab[i][0]) || !same(lo, mc_sinpi_tab[i][1]))
            bad++;
    }
    mpfr_clears(a, v, r, (mpfr_ptr)0);
    printf("sin table: 513 entries, %d wrong\n", bad);
    check(bad == 0, "sin double-double table");
}

/* ---- accuracy against MPFR ---------------------------------------------------------- */

/* Target format for the MPFR reference: precision and exponent range (MPFR exponents:
 * values in [2^(e-1), 2^e)). */
typedef struct {
    int prec;
    long emin, emax;
} ref_fmt;

static const ref_fmt REF64 = {53, -1073, 1024}, REF32 = {24, -148, 128}, REF16 = {11, -23, 16};

static double reference(int f, double x, const ref_fmt *rf)
{
    mpfr_t mx, my;
    mpfr_init2(mx, 53);
    mpfr_init2(my, rf->prec);
    mpfr_set_d(mx, x, MPFR_RNDN);
    mpfr_set_emin(rf->emin);
    mpfr_set_emax(rf->emax);
    int inex;
    switch (f) {
    case SIN: inex = mpfr_sinpi(my, mx, MPFR_RNDN); break;
    case COS: inex = mpfr_cospi(my, mx, MPFR_RNDN); break;
    case TAN: inex = mpfr_tanpi(my, mx, MPFR_RNDN); break;
    default: inex = mpfr_rootn_ui(my, mx, 4, MPFR_RNDN); break;
    }
    inex = mpfr_subnormalize(my, inex, MPFR_RNDN);
    (void)inex;
    double y = mpfr_get_d(my, MPFR_RNDN);
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
    mpfr_clears(mx, my, (mpfr_ptr)0);
    return y;
}

/* Equal, except that the signs of exact zeros and infinities (which follow Julia and
 * are pinned by the special-value table) are not compared with MPFR's conventions. */
static int agrees(double got, double want)
{
    if (got == 0 && want == 0)
        return 1;
    if (isinf(got) && isinf(want))
        return 1;
    return same(got, want);
}

typedef double (*gen_fn)(uint64_t *s);

static double gen_quarter(uint64_t *s) { return 0.25 * unif(s); }
static double gen_half(uint64_t *s) { return 0.5 * unif(s); }
/* [-2, 2): every quadrant and both signs at full precision */
static double gen_period(uint64_t *s) { return 4.0 * unif(s) - 2.0; }

static double gen_sign(uint64_t *s, double x)
{
    return (next_rand(s) & 1) ? -x : x;
}

/* n/2 +- tiny: near the zeros and poles (and near +-1 of sin and cos). */
static double gen_near_half(uint64_t *s)
{
    double n = (double)(int64_t)(next_rand(s) % 4001) - 2000.0;
    int ex = -(int)(next_rand(s) % 45) - 8;
    double tiny = ldexp(1.0 + unif(s), ex);
    double x = 0.5 * n + ((next_rand(s) & 1) ? tiny : -tiny);
    return x;
}

/* |x| from the smallest subnormal to 2^-30. */
static double gen_tiny(uint64_t *s)
{
    uint64_t lo = 1, hi = bits_from_double(0x1p-30);
    return gen_sign(s, bits_to_double(lo + next_rand(s) % (hi - lo)));
}

/* |x| in [1, 2^60): every binade up to and beyond 2^52. */
static double gen_large(uint64_t *s)
{
    uint64_t lo = bits_from_double(1.0), hi = bits_from_double(0x1p60);
    return gen_sign(s, bits_to_double(lo + next_rand(s) % (hi - lo)));
}

/* fourthroot: y with a 13-bit significand, so y^4 is exact. */
static double gen_pow4(uint64_t *s)
{
    double m = (double)(4096 + next_rand(s) % 4096);
    int ex = (int)(next_rand(s) % 500) - 250 - 12;
    double y = ldexp(m, ex);
    return y * y * y * y;
}

/* fourthroot: x within a few ulps of m^4 for a midpoint m of two doubles. */
static double gen_root_mid(uint64_t *s)
{
    mpfr_t m;
    mpfr_init2(m, 54);
    uint64_t lo = bits_from_double(0x1p-250), hi = bits_from_double(0x1p250);
    double y = bits_to_double(lo + next_rand(s) % (hi - lo));
    mpfr_set_d(m, y, MPFR_RNDN);
    mpfr_nextabove(m); /* precision 54: the midpoint above y */
    mpfr_pow_ui(m, m, 4, MPFR_RNDN);
    double x = mpfr_get_d(m, MPFR_RNDN);
    mpfr_clear(m);
    int k = (int)(next_rand(s) % 7) - 3;
    for (; k > 0; k--)
        x = nextafter(x, INFINITY);
    for (; k < 0; k++)
        x = nextafter(x, 0);
    return x;
}

/* Any positive finite double (uniform over bit patterns: all exponents). */
static double gen_positive(uint64_t *s)
{
    return bits_to_double(1 + next_rand(s) % (bits_from_double(INFINITY) - 1));
}

static void run_range(int f, const char *range, gen_fn gen, long n, uint64_t seed)
{
    uint64_t s = seed;
    long bad = 0;
    double first_x = 0;
    for (long i = 0; i < n; i++) {
        double x = gen(&s);
        double got = call64(f, x), want = reference(f, x, &REF64);
        if (!agrees(got, want)) {
            if (bad++ == 0)
                first_x = x;
        }
    }
    printf("%-10s %-22s %9ld inputs, %ld misrounded\n", fname[f], range, n, bad);
    if (bad) {
        double got = call64(f, first_x), want = reference(f, first_x, &REF64);
        printf("  e.g. x = %a: got %a, want %a\n", first_x, got, want);
    }
    char msg[96];
    snprintf(msg, sizeof msg, "%s %s", fname[f], range);
    check(bad == 0, msg);
}

/* Range boundaries of the implementation, and their neighbours, against MPFR. */
static void test_edges(void)
{
    static const double base[] = {
        0x1p-1074, 0x1p-1022, 0x1p-1000, 0x1p-900, 0x1p-500, 0x1p-30, 0x1p-11, 0x1p-10,
        0.25, 0.5, 0.75, 1.0, 1.25, 0x1p50, 0x1p51, 0x1p52, 0x1p53, 0x1p900, 0x1p1000,
        0x1.fffffffffffffp1023, 1.0 / 3.0, 2.0 / 3.0, 1.0 / 6.0, 0.1, 0.2, 0.3, 0.4,
    };
    long bad = 0, n = 0;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        for (int k = -3; k <= 3; k++) {
            double x = base[i];
            for (int j = 0; j < k; j++)
                x = nextafter(x, INFINITY);
            for (int j = 0; j > k; j--)
                x = nextafter(x, 0.0);
            if (!isfinite(x))
                continue;
            for (int sgn = 0; sgn < 2; sgn++) {
                double xs = sgn ? -x : x;
                for (int f = SIN; f <= ROOT; f++) {
                    if (f == ROOT && sgn)
                        continue;
                    n++;
                    double got = call64(f, xs), want = reference(f, xs, &REF64);
                    if (!agrees(got, want) && bad++ < 5)
                        printf("  %s(%a) = %a, want %a\n", fname[f], xs, got, want);
                }
            }
        }
    }
    printf("range edges vs MPFR: %ld cases, %ld misrounded\n", n, bad);
    check(bad == 0, "range edges");
}

/* Hard cases: arguments whose exact value lies within 2^-70 (most within 2^-80) of a
 * rounding midpoint of binary64, so that the fast path's rounding test must fail and
 * (below 2^-67) the double-double path's too: they reach the exact step.  Found by
 * searching 9e8 random arguments for fast-path failures and measuring the distance to
 * the nearest midpoint with MPFR (the distance, log2 relative, follows each x).  The
 * expected results are MPFR's, computed here; x and -x are both checked. */
static const struct {
    int f;
    double x;
} hard_cases[] = {
    {SIN, 0x1.b939ef3b1f318p-1},  /* -80.4 */ {SIN, 0x1.d3410708be9dap+1}, /* -82.1 */
    {SIN, -0x1.61df58a6d1fc2p+1}, /* -81.7 */ {SIN, 0x1.f3c94bd6298fcp+30}, /* -78.1 */
    {SIN, -0x1.91b3900374256p+1}, /* -75.0 */ {SIN, 0x1.30c5ce59b536cp+0}, /* -73.2 */
    {SIN, 0x1.e2b100987e83ep-36}, /* -70.3 */
    {COS, 0x1.493b1fb653e7ap+2},  /* -80.8 */ {COS, 0x1.b3c3d3688ae38p-16}, /* -80.8 */
    {COS, 0x1.47c5331bad424p+10}, /* -84.2 */ {COS, 0x1.322bccbb37862p-23}, /* -74.3 */
    {COS, -0x1.0273e067b2cep-2},  /* -72.5 */ {COS, 0x1.2a43cc80d5306p+7}, /* -72.4 */
    {TAN, 0x1.fd9697a4ccb9bp-40}, /* -81.1 */ {TAN, 0x1.75bb4dbf81f54p+0}, /* -80.5 */
    {TAN, 0x1.95f2ac74d4628p+0},  /* -80.5 */ {TAN, 0x1.c0d5412cbd87ep-28}, /* -82.6 */
    {TAN, 0x1.25a66c6a74dap-39},  /* -80.1 */ {TAN, 0x1.bc08a458a93f8p-36}, /* -75.6 */
    {TAN, 0x1.7a889822ff2c4p+1},  /* -74.9 */ {TAN, 0x1.a00f6ee46c552p-4}, /* -73.9 */
};

static void test_hard_cases(void)
{
    long bad = 0, n = 0;
    for (size_t i = 0; i < sizeof hard_cases / sizeof hard_cases[0]; i++) {
        for (int sgn = 0; sgn < 2; sgn++) {
            int f = hard_cases[i].f;
            double x = sgn ? -hard_cases[i].x : hard_cases[i].x;
            double got = call64(f, x), want = reference(f, x, &REF64);
            n++;
            if (!agrees(got, want) && bad++ < 5)
                printf("  %s(%a) = %a, want %a\n", fname[f], x, got, want);
            double sv, cv;
            mc_sincospi(x, &sv, &cv);
            if (f == SIN && !same(sv, got) && bad++ < 5)
                printf("  sincospi(%a): sin %a, want %a\n", x, sv, got);
            if (f == COS && !same(cv, got) && bad++ < 5)
                printf("  sincospi(%a): cos %a, want %a\n", x, cv, got);
        }
    }
    printf("hard cases vs MPFR: %ld cases, %ld misrounded\n", n, bad);
    check(bad == 0, "hard cases");
}

static void test_sincospi(long n)
{
    uint64_t s = 99;
    long bad = 0;
    for (long i = 0; i < n; i++) {
        double x = (i & 1) ? gen_large(&s) : gen_sign(&s, 4.0 * unif(&s));
        double sv, cv;
        mc_sincospi(x, &sv, &cv);
        if (!same(sv, mc_sinpi(x)) || !same(cv, mc_cospi(x)))
            bad++;
    }
    printf("sincospi   agrees with sinpi, cospi: %ld inputs, %ld differ\n", n, bad);
    check(bad == 0, "sincospi == (sinpi, cospi)");
}

/* The exact decider alone (it is reached only when the fast path cannot round): for
 * the correctly rounded y = RN(g(pi r)), g(pi r) lies above the midpoint below y and
 * below the midpoint above y. */
static void test_decider(long n)
{
    uint64_t s = 4242;
    long bad = 0, cnt = 0;
    mpfr_t mx, my;
    mpfr_init2(mx, 53);
    mpfr_init2(my, 53);
    for (long i = 0; i < n; i++) {
        double r = 0.25 * unif(&s);
        if (i % 3 == 0)
            r = ldexp(r, -(int)(next_rand(&s) % 60));
        if (r == 0.0 || r == 0.25)
            continue;
        int g = (int)(next_rand(&s) % 4);
        mpfr_set_d(mx, r, MPFR_RNDN);
        switch (g) {
        case MC_SIN: mpfr_sinpi(my, mx, MPFR_RNDN); break;
        case MC_COS: mpfr_cospi(my, mx, MPFR_RNDN); break;
        case MC_TAN: mpfr_tanpi(my, mx, MPFR_RNDN); break;
        default: break;
        }
        if (g == MC_COT) { /* cot = 1/tan at 200 bits, then rounded to 53 */
            mpfr_t hp;
            mpfr_init2(hp, 200);
            mpfr_tanpi(hp, mx, MPFR_RNDN);
            mpfr_ui_div(hp, 1, hp, MPFR_RNDN);
            mpfr_set(my, hp, MPFR_RNDN);
            mpfr_clear(hp);
        }
        double y = mpfr_get_d(my, MPFR_RNDN);
        int e;
        double fr = frexp(r, &e);
        uint64_t R = (uint64_t)ldexp(fr, 53);
        /* y = Y * 2^q with a 53-bit Y */
        int ey;
        double fy = frexp(y, &ey);
        uint64_t Y = (uint64_t)ldexp(fy, 53);
        int q = ey - 53;
        cnt++;
        if (mc_trig_cmp_mid(R, e - 53, g, 2 * Y + 1, q - 1) != -1)
            bad++;
        if (Y > (1ull << 52) && mc_trig_cmp_mid(R, e - 53, g, 2 * Y - 1, q - 1) != 1)
            bad++;
    }
    mpfr_clears(mx, my, (mpfr_ptr)0);
    printf("exact decider vs MPFR: %ld cases, %ld wrong\n", cnt, bad);
    check(bad == 0, "exact trig decider");
}

/* mc_round_dd against exact rounding: v = (h + l) 2^-S with RN(h + l) = h, rounded to
 * each format by MPFR.  Decided results must equal RN(v) with no midpoint within err;
 * undecided ones must name the midpoint within err and its two neighbours. */
static void test_round_dd(long n)
{
    static const mc_fmt *const fmts[3] = {&mc_fmt_double, &mc_fmt_float, &mc_fmt_half};
    static const ref_fmt *const refs[3] = {&REF64, &REF32, &REF16};
    uint64_t s = 777;
    long bad = 0, undecided = 0;
    mpfr_t v, m, r, dist;
    mpfr_inits2(400, v, m, dist, (mpfr_ptr)0);
    for (long i = 0; i < n; i++) {
        int fi = (int)(next_rand(&s) % 3);
        const mc_fmt *f = fmts[fi];
        int span = fi == 2 ? 34 : 40; /* binary16 values stay below its overflow */
        double h = ldexp(1.0 + unif(&s), (int)(next_rand(&s) % (uint64_t)span) - 20);
        if (next_rand(&s) % 4 == 0) /* powers of two and their neighbours */
            h = nextafter(ldexp(1.0, (int)(next_rand(&s) % (uint64_t)span) - 20),
                          (i & 1) ? 0 : 1e300);
        if (fi && next_rand(&s) % 2) /* on or next to the narrow format's grid */
            h = fi == 1 ? (double)(float)h : mc_half_to_double(mc_double_to_half(h));
        double ulp = nextafter(h, 1e300) - h, ulpd = h - nextafter(h, 0);
        /* l anywhere allowed, often at the extremes +-ulp/2 */
        double l = (unif(&s) - 0.5) * ((i & 2) ? ulp : ulpd);
        if (i % 5 == 0)
            l = (i & 2) ? 0.5 * ulp * (1 - 0x1p-20 * unif(&s)) : -0.5 * ulpd * (1 - 0x1p-20 * unif(&s));
        if (fabs(l) >= 0.5 * ((l > 0) ? ulp : ulpd))
            continue;
        /* scaled cases reach each format's subnormal range */
        static const int smax[3] = {1100, 150, 30};
        int S = (next_rand(&s) % 4 == 0) ? (int)(next_rand(&s) % (uint64_t)smax[fi]) : 0;
        if (fi == 0 && S > 0 && S < 1000)
            S += 1000 - S % 100;
        /* err from 2^-(p+8) h down: realistic, and smaller than a quarter of a unit */
        double err = ldexp(h, -(int)(next_rand(&s) % 60) - f->prec - 8);
        double res;
        mc_mid mid;
        int dec = mc_round_dd(h, l, err, S, f, &res, &mid);
        /* exact v and its correctly rounded value */
        mpfr_set_d(v, h, MPFR_RNDN);
        mpfr_add_d(v, v, l, MPFR_RNDN);
        mpfr_mul_2si(v, v, -S, MPFR_RNDN);
        mpfr_init2(r, refs[fi]->prec);
        int inex = mpfr_set(r, v, MPFR_RNDN); /* in the wide range: inputs must fit it */
        mpfr_set_emin(refs[fi]->emin);
        mpfr_set_emax(refs[fi]->emax);
        inex = mpfr_check_range(r, inex, MPFR_RNDN);
        mpfr_subnormalize(r, inex, MPFR_RNDN);
        double want = mpfr_get_d(r, MPFR_RNDN);
        mpfr_clear(r);
        mpfr_set_emin(mpfr_get_emin_min());
        mpfr_set_emax(mpfr_get_emax_max());
        /* the midpoint between want and its neighbour on v's side */
        double lo = mid.lo, hi = mid.hi;
        /* distance from v to the midpoint of its binade's grid nearest to it */
        long ev = mpfr_get_exp(v) - 1; /* v in [2^ev, 2^(ev+1)) */
        long qe = (ev > f->emin ? ev : f->emin) - f->prec + 1;
        mpfr_mul_2si(m, v, -qe, MPFR_RNDN);
        mpfr_floor(m, m);
        mpfr_add_d(m, m, 0.5, MPFR_RNDN);
        mpfr_mul_2si(m, m, qe, MPFR_RNDN);
        mpfr_sub(dist, v, m, MPFR_RNDN);
        mpfr_abs(dist, dist, MPFR_RNDN);
        mpfr_mul_2si(dist, dist, S, MPFR_RNDN);
        int near_mid = mpfr_cmp_d(dist, err) <= 0;
        if (dec && near_mid && bad++ < 5)
            printf("  round_dd(%a, %a, err %a, S %d, fmt %d) decided with a midpoint within "
                   "err\n", h, l, err, S, fi);
        if (dec) {
            if (!same(res, want) && bad++ < 5)
                printf("  round_dd(%a, %a, err %a, S %d, fmt %d) = %a, want %a\n", h, l, err, S,
                       fi, res, want);
        } else {
            undecided++;
            mpfr_set_ui(m, mid.M, MPFR_RNDN);
            mpfr_mul_2si(m, m, mid.k, MPFR_RNDN);
            mpfr_sub(dist, v, m, MPFR_RNDN);
            mpfr_abs(dist, dist, MPFR_RNDN);
            mpfr_mul_2si(dist, dist, S, MPFR_RNDN); /* back to the scale of err */
            /* the midpoint must be within err of v, and want one of its neighbours */
            if ((mpfr_cmp_d(dist, err) > 0 || !(same(want, lo) || same(want, hi)) ||
                 !(lo < hi)) && bad++ < 5)
                printf("  round_dd(%a, %a, err %a, S %d, fmt %d): mid %llu*2^%d in (%a, %a), "
                       "want %a\n", h, l, err, S, fi, (unsigned long long)mid.M, mid.k, lo,
                       hi, want);
        }
    }
    mpfr_clears(v, m, dist, (mpfr_ptr)0);
    printf("mc_round_dd vs MPFR: %ld cases (%ld undecided), %ld wrong\n", n, undecided, bad);
    check(bad == 0, "mc_round_dd");
}

static float callf(int f, float x)
{
    switch (f) {
    case SIN: return mc_sinpif(x);
    case COS: return mc_cospif(x);
    case TAN: return mc_tanpif(x);
    default: return mc_fourthrootf(x);
    }
}

static void test_float(int f, long n)
{
    uint64_t s = 1234 + (uint64_t)f;
    long bad = 0;
    for (long i = 0; i < n; i++) {
        float x;
        if (i & 1) {
            x = bits_to_float((uint32_t)next_rand(&s));
            if (!isfinite(x))
                continue;
        } else {
            x = (float)(4.0 * unif(&s) - 2.0);
        }
        double got = callf(f, x), want = reference(f, x, &REF32);
        if (!agrees(got, want)) {
            if (bad++ < 3)
                printf("  %sf(%a): got %a, want %a\n", fname[f], (double)x, got, want);
        }
    }
    printf("%-10s Float32 random          %9ld inputs, %ld misrounded\n", fname[f], n, bad);
    char msg[64];
    snprintf(msg, sizeof msg, "%s Float32", fname[f]);
    check(bad == 0, msg);
}

static uint16_t callh(int f, uint16_t x)
{
    switch (f) {
    case SIN: return mc_sinpih(x);
    case COS: return mc_cospih(x);
    case TAN: return mc_tanpih(x);
    default: return mc_fourthrooth(x);
    }
}

static void test_half(int f)
{
    long bad = 0, n = 0;
    for (uint32_t u = 0; u < 65536; u++) {
        double x = mc_half_to_double((uint16_t)u);
        if (!isfinite(x))
            continue;
        n++;
        double got = mc_half_to_double(callh(f, (uint16_t)u));
        double want = reference(f, x, &REF16);
        if (!agrees(got, want)) {
            if (bad++ < 3)
                printf("  %sh(%a): got %a, want %a\n", fname[f], x, got, want);
        }
    }
    printf("%-10s Float16 exhaustive      %9ld inputs, %ld misrounded\n", fname[f], n, bad);
    char msg[64];
    snprintf(msg, sizeof msg, "%s Float16", fname[f]);
    check(bad == 0, msg);
}

static void test_half_conversion(void)
{
    long bad = 0;
    for (uint32_t u = 0; u < 65536; u++) {
        double x = mc_half_to_double((uint16_t)u);
        if (isnan(x))
            continue;
        if (mc_double_to_half(x) != u)
            bad++;
    }
    /* ties to even at the subnormal, normal and overflow boundaries */
    bad += mc_double_to_half(0x1p-25) != 0;
    bad += mc_double_to_half(0x1.8p-24) != 2;
    bad += mc_double_to_half(1.0 + 0x1p-11) != 0x3c00;
    bad += mc_double_to_half(65519.0) != 0x7bff;
    bad += mc_double_to_half(65520.0) != 0x7c00;
    printf("binary16 conversion: %ld wrong\n", bad);
    check(bad == 0, "binary16 conversion");
}

int main(void)
{
    /* Inputs per range.  Sanitizer builds look for memory errors, not misroundings,
     * and run about 3x slower, so they check fewer by default. */
#if defined(__SANITIZE_ADDRESS__)
    long n = 100000;
#else
    long n = 300000;
#endif
    const char *env = getenv("JCALC_ACCURACY_N");
    if (env && atol(env) > 0)
        n = atol(env);

    test_specials();
    test_tables();
    test_half_conversion();
    test_edges();
    test_hard_cases();

    static const struct {
        const char *name;
        gen_fn gen;
    } trig_ranges[] = {
        {"[0,1/4]", gen_quarter},
        {"[0,1/2)", gen_half},
        {"n/2 +- tiny", gen_near_half},
        {"tiny (subnormal..2^-30)", gen_tiny},
        {"large [1,2^60)", gen_large},
        {"[-2,2)", gen_period},
    };
    for (int f = SIN; f <= TAN; f++)
        for (size_t r = 0; r < sizeof trig_ranges / sizeof trig_ranges[0]; r++)
            run_range(f, trig_ranges[r].name, trig_ranges[r].gen, n,
                      1000 * (uint64_t)f + r + 1);
    run_range(ROOT, "exact fourth powers", gen_pow4, n, 7001);
    run_range(ROOT, "near midpoints", gen_root_mid, n, 7002);
    run_range(ROOT, "all positive doubles", gen_positive, n, 7003);
    test_sincospi(n / 10);
    test_decider(n / 100 + 1000);
    test_round_dd(n / 10 + 10000);

    for (int f = SIN; f <= ROOT; f++)
        test_float(f, n);
    for (int f = SIN; f <= ROOT; f++)
        test_half(f);

    mpfr_free_cache();
    return check_report();
}
