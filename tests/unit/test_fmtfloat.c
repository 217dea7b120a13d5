/* test_fmtfloat.c — shortest float digits, Julia's float/BigFloat layout, binary16.
 *
 * Expected strings come from Julia's test/ryu.jl, test/mpfr.jl, test/show.jl and the
 * manual's doctests (as collected in shared/reference/julia-behaviour.md §1.1, §1.5),
 * from MPFR computed here, or from exact arithmetic.  The random parts check the
 * defining properties instead of fixed strings: the printed text reads back to the same
 * bits, no shorter digit string does, and the digits are the nearest of their length. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "num/float16.h"
#include "num/fmtfloat.h"
#include "check.h"

static void check(int ok, const char *what, const char *got, const char *want)
{
    check_ok(ok, "%s: got \"%s\", want \"%s\"", what, got ? got : "(null)", want);
}

static void check_str(const char *what, const char *got, const char *want)
{
    check(got && strcmp(got, want) == 0, what, got, want);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15U;

static uint64_t rnd(void)      /* xorshift64*: deterministic, good enough for sampling */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dU;
}

/* ---------------------------------------------------------------- fixed tables */

struct case64 { double x; const char *want; };

/* print/string form; test/ryu.jl Float64 testsets and reference §1.1 */
static const struct case64 cases64[] = {
    { 0.0, "0.0" }, { -0.0, "-0.0" }, { 1.0, "1.0" }, { -1.0, "-1.0" },
    { 2.2250738585072014e-308, "2.2250738585072014e-308" },
    { 1.7976931348623157e308, "1.7976931348623157e308" },
    { 4.9406564584124654e-324, "5.0e-324" },
    { 2.98023223876953125e-8, "2.9802322387695312e-8" },
    { -2.109808898695963e16, "-2.109808898695963e16" },
    { 4.940656e-318, "4.940656e-318" }, { 1.18575755e-316, "1.18575755e-316" },
    { 2.989102097996e-312, "2.989102097996e-312" }, { 9.0608011534336e15, "9.0608011534336e15" },
    { 4.708356024711512e18, "4.708356024711512e18" },
    { 9.409340012568248e18, "9.409340012568248e18" },
    { 1.2, "1.2" }, { 1.23, "1.23" }, { 1.234, "1.234" }, { 1.2345, "1.2345" },
    { 1.23456, "1.23456" }, { 1.234567, "1.234567" }, { 1.2345678, "1.2345678" },
    { 1.23456789, "1.23456789" }, { 1.234567895, "1.234567895" },
    { 1.2345678901, "1.2345678901" }, { 1.23456789012, "1.23456789012" },
    { 1.234567890123, "1.234567890123" }, { 1.2345678901234, "1.2345678901234" },
    { 1.23456789012345, "1.23456789012345" }, { 1.234567890123456, "1.234567890123456" },
    { 1.2345678901234567, "1.2345678901234567" },
    { 4.294967294, "4.294967294" }, { 4.294967295, "4.294967295" },
    { 4.294967296, "4.294967296" }, { 4.294967297, "4.294967297" },
    { 4.294967298, "4.294967298" },
    { 9007199254740991.0, "9.007199254740991e15" }, { 9007199254740992.0, "9.007199254740992e15" },
    { 1.2e1, "12.0" }, { 1.23e2, "123.0" }, { 1.234e3, "1234.0" }, { 1.2345e4, "12345.0" },
    { 1.23456e5, "123456.0" }, { 1.234567e6, "1.234567e6" }, { 1.2345678e7, "1.2345678e7" },
    { 1.23456789e8, "1.23456789e8" }, { 1.23456789e9, "1.23456789e9" },
    { 1.234567895e9, "1.234567895e9" }, { 1.2345678901e10, "1.2345678901e10" },
    { 1.23456789012e11, "1.23456789012e11" }, { 1.234567890123e12, "1.234567890123e12" },
    { 1.2345678901234e13, "1.2345678901234e13" }, { 1.23456789012345e14, "1.23456789012345e14" },
    { 1.234567890123456e15, "1.234567890123456e15" },
    { 1e1, "10.0" }, { 1e2, "100.0" }, { 1e3, "1000.0" }, { 1e4, "10000.0" },
    { 1e5, "100000.0" }, { 1e6, "1.0e6" }, { 1e7, "1.0e7" }, { 1e8, "1.0e8" },
    { 1e9, "1.0e9" }, { 1e10, "1.0e10" }, { 1e11, "1.0e11" }, { 1e12, "1.0e12" },
    { 1e13, "1.0e13" }, { 1e14, "1.0e14" }, { 1e15, "1.0e15" },
    { 1e15 + 1e0, "1.000000000000001e15" }, { 1e15 + 1e1, "1.00000000000001e15" },
    { 1e15 + 1e2, "1.0000000000001e15" }, { 1e15 + 1e3, "1.000000000001e15" },
    { 1e15 + 1e4, "1.00000000001e15" }, { 1e15 + 1e5, "1.0000000001e15" },
    { 1e15 + 1e6, "1.000000001e15" }, { 1e15 + 1e7, "1.00000001e15" },
    { 1e15 + 1e8, "1.0000001e15" }, { 1e15 + 1e9, "1.000001e15" },
    { 1e15 + 1e10, "1.00001e15" }, { 1e15 + 1e11, "1.0001e15" }, { 1e15 + 1e12, "1.001e15" },
    { 1e15 + 1e13, "1.01e15" }, { 1e15 + 1e14, "1.1e15" },
    { 8.0, "8.0" }, { 64.0, "64.0" }, { 512.0, "512.0" }, { 8192.0, "8192.0" },
    { 65536.0, "65536.0" }, { 524288.0, "524288.0" }, { 8388608.0, "8.388608e6" },
    { 67108864.0, "6.7108864e7" }, { 536870912.0, "5.36870912e8" },
    { 8589934592.0, "8.589934592e9" }, { 68719476736.0, "6.8719476736e10" },
    { 549755813888.0, "5.49755813888e11" }, { 8796093022208.0, "8.796093022208e12" },
    { 70368744177664.0, "7.0368744177664e13" }, { 562949953421312.0, "5.62949953421312e14" },
    { 8.0e3, "8000.0" }, { 64.0e3, "64000.0" }, { 512.0e3, "512000.0" },
    { 8192.0e3, "8.192e6" }, { 65536.0e3, "6.5536e7" }, { 524288.0e3, "5.24288e8" },
    { 8388608.0e3, "8.388608e9" }, { 67108864.0e3, "6.7108864e10" },
    { 536870912.0e3, "5.36870912e11" }, { 8589934592.0e3, "8.589934592e12" },
    { 68719476736.0e3, "6.8719476736e13" }, { 549755813888.0e3, "5.49755813888e14" },
    { 8796093022208.0e3, "8.796093022208e15" },
    /* reference §0, §1.1 and manual doctests */
    { 1.0 / 3.0, "0.3333333333333333" }, { 0.1 + 0.2, "0.30000000000000004" },
    { 1e-4, "0.0001" }, { 1e-5, "1.0e-5" }, { 0.00009, "9.0e-5" }, { 0.00005, "5.0e-5" },
    { 999999.9, "999999.9" }, { 999999.0, "999999.0" }, { 123456789.0, "1.23456789e8" },
    { 0.5, "0.5" }, { 2.5e-4, "0.00025" }, { 5.0e-9, "5.0e-9" },
    { 2.220446049250313e-16, "2.220446049250313e-16" },
    { 1.1368683772161603e-13, "1.1368683772161603e-13" }, { 12.0, "12.0" }, { 0.125, "0.125" },
    { 0.15915494309189535, "0.15915494309189535" }, { 3.141592653589793, "3.141592653589793" },
    { 123.456, "123.456" }, { -0.0001, "-0.0001" }, { 0.00012345, "0.00012345" },
    { 1e23, "1.0e23" }, { 1e22, "1.0e22" }, { 1e-300, "1.0e-300" }, { 1e300, "1.0e300" },
    { 5e-324 * 3, "1.5e-323" }, { 0.1, "0.1" }, { 100.0625, "100.0625" },
};

struct bitcase64 { uint64_t bits; const char *want; };
static const struct bitcase64 bitcases64[] = {
    /* test/ryu.jl LooksLikePow5 and MinMaxShift; that test ORs the 53-bit maxMantissa
     * (2^53 - 1) into the bits unmasked, so bit 52 bumps the exponent field */
    { 0x4830F0CF064DD592U, "5.764607523034235e39" },
    { 0x4840F0CF064DD592U, "1.152921504606847e40" },
    { 0x4850F0CF064DD592U, "2.305843009213694e40" },
    { (UINT64_C(4) << 52), "1.7800590868057611e-307" },
    { (UINT64_C(6) << 52) | 0x1FFFFFFFFFFFFFU, "2.8480945388892175e-306" },
    { (UINT64_C(41) << 52), "2.446494580089078e-296" },
    { (UINT64_C(40) << 52) | 0x1FFFFFFFFFFFFFU, "4.8929891601781557e-296" },
    { (UINT64_C(1077) << 52), "1.8014398509481984e16" },
    { (UINT64_C(1076) << 52) | 0x1FFFFFFFFFFFFFU, "3.6028797018963964e16" },
    { (UINT64_C(307) << 52), "2.900835519859558e-216" },
    { (UINT64_C(306) << 52) | 0x1FFFFFFFFFFFFFU, "5.801671039719115e-216" },
    { (UINT64_C(934) << 52) | 0x000FA7161A4D6E0CU, "3.196104012172126e-27" },
    { 0x7FF8000000000000U, "NaN" }, { 0xFFF8000000000000U, "NaN" },
    { 0x7FF0000000000000U, "Inf" }, { 0xFFF0000000000000U, "-Inf" },
    { 0x0000000000000001U, "5.0e-324" }, { 0x8000000000000001U, "-5.0e-324" },
    { 0x000FFFFFFFFFFFFFU, "2.225073858507201e-308" },
};

/* compact (:compact => true), maxsignif 999999 */
static const struct case64 compact64[] = {
    { 3.141592653589793, "3.14159" },     /* test/show.jl */
    { 1.2345678, "1.23457" }, { 2.0 / 3.0, "0.666667" }, { 0.1 + 0.2, "0.3" },
    { 1e6, "1.0e6" }, { 100000.0, "100000.0" }, { 1e-5, "1.0e-5" }, { 0.0001, "0.0001" },
    { 1.0, "1.0" }, { -0.0, "-0.0" }, { 1e15 + 1, "1.0e15" },
    { 1.7976931348623157e308, "1.79769e308" }, { 5e-324, "5.0e-324" },
    /* derived from reduce_shortest: exact ties go to even digits */
    { 100.0625, "100.062" }, { 100.1875, "100.188" },
    { 1234565.0, "1.23456e6" }, { 1234575.0, "1.23458e6" },
    { 999999.5, "1.0e6" },
    /* ... but not for integers >= 2^54, where Julia never marks x itself exact */
    { 23456650000000000.0, "2.34567e16" }, { 23456750000000000.0, "2.34568e16" },
    { 12345650000000000.0, "1.23456e16" },
    /* the digits were rounded away from x: the mod(x + 0.05, ...) test picks e-form */
    { 999999.4, "9.99999e5" },
    { 123456.7, "1.23457e5" }, { -123456.7, "-1.23457e5" },
    /* the truncated digits are cut, not the rounded shortest ones: 99999.949999... */
    { 99999.95, "99999.9" },
};

struct case32 { float x; int flags; const char *want; };
static const struct case32 cases32[] = {
    /* test/ryu.jl Float32 (print form) */
    { 0.0f, 0, "0.0" }, { -0.0f, 0, "-0.0" }, { 1.0f, 0, "1.0" }, { -1.0f, 0, "-1.0" },
    { 1.1754944e-38f, 0, "1.1754944e-38" }, { 3.4028235e38f, 0, "3.4028235e38" },
    { 1.4e-45f, 0, "1.0e-45" },
    { 3.355445e7f, 0, "3.355445e7" }, { 8.999999e9f, 0, "9.0e9" },
    { 3.4366717e10f, 0, "3.436672e10" },
    { 3.0540412e5f, 0, "305404.12" }, { 8.0990312e3f, 0, "8099.0312" },
    { 2.4414062e-4f, 0, "0.00024414062" }, { 2.4414062e-3f, 0, "0.0024414062" },
    { 4.3945312e-3f, 0, "0.0043945312" }, { 6.3476562e-3f, 0, "0.0063476562" },
    { 4.7223665e21f, 0, "4.7223665e21" }, { 8388608.0f, 0, "8.388608e6" },
    { 1.6777216e7f, 0, "1.6777216e7" }, { 3.3554436e7f, 0, "3.3554436e7" },
    { 6.7131496e7f, 0, "6.7131496e7" }, { 1.9310392e-38f, 0, "1.9310392e-38" },
    { -2.47e-43f, 0, "-2.47e-43" }, { 1.993244e-38f, 0, "1.993244e-38" },
    { 4103.9003f, 0, "4103.9004" }, { 5.3399997e9f, 0, "5.3399997e9" },
    { 6.0898e-39f, 0, "6.0898e-39" }, { 0.0010310042f, 0, "0.0010310042" },
    { 2.8823261e17f, 0, "2.882326e17" }, { 7.0385309e-26f, 0, "7.038531e-26" },
    { 9.2234038e17f, 0, "9.223404e17" }, { 6.7108872e7f, 0, "6.710887e7" },
    { 1.0e-44f, 0, "1.0e-44" }, { 2.816025e14f, 0, "2.816025e14" },
    { 9.223372e18f, 0, "9.223372e18" }, { 1.5846085e29f, 0, "1.5846086e29" },
    { 1.1811161e19f, 0, "1.1811161e19" }, { 5.368709e18f, 0, "5.368709e18" },
    { 4.6143165e18f, 0, "4.6143166e18" }, { 0.007812537f, 0, "0.007812537" },
    { 1.18697724e20f, 0, "1.18697725e20" }, { 1.00014165e-36f, 0, "1.00014165e-36" },
    { 200.0f, 0, "200.0" }, { 3.3554432e7f, 0, "3.3554432e7" },
    { 1.2f, 0, "1.2" }, { 1.23f, 0, "1.23" }, { 1.234f, 0, "1.234" }, { 1.2345f, 0, "1.2345" },
    { 1.23456f, 0, "1.23456" }, { 1.234567f, 0, "1.234567" }, { 1.2345678f, 0, "1.2345678" },
    { 1.23456735e-36f, 0, "1.23456735e-36" },
    /* show: typed forms (reference §0, §1.1, manual doctests) */
    { 1.5f, FMT_SHOW, "1.5f0" }, { 1e6f, FMT_SHOW, "1.0f6" }, { 0.5f, FMT_SHOW, "0.5f0" },
    { 2.5e-4f, FMT_SHOW, "0.00025f0" }, { -1.5f, FMT_SHOW, "-1.5f0" },
    { FLT_EPSILON, FMT_SHOW, "1.1920929f-7" }, { 1.2500001f, FMT_SHOW, "1.2500001f0" },
    { 0.0f, FMT_SHOW, "0.0f0" }, { -0.0f, FMT_SHOW, "-0.0f0" },
    { NAN, FMT_SHOW, "NaN32" }, { INFINITY, FMT_SHOW, "Inf32" }, { -INFINITY, FMT_SHOW, "-Inf32" },
    { 100000.0f, FMT_SHOW, "100000.0f0" }, { 1e-5f, FMT_SHOW, "1.0f-5" },
    /* print/string: untyped, 'e' */
    { 1.5f, 0, "1.5" }, { 1e6f, 0, "1.0e6" }, { NAN, 0, "NaN" }, { -INFINITY, 0, "-Inf" },
    /* :typeinfo == Float32 (array elements): untyped, 'f' kept */
    { 1.5f, FMT_EXPF, "1.5" }, { 1e6f, FMT_EXPF, "1.0f6" }, { NAN, FMT_EXPF, "NaN" },
    /* compact: untyped, 'f' kept, 6 digits */
    { 3.14159265f, FMT_SHOW | FMT_COMPACT, "3.14159" },
    { 1e10f, FMT_SHOW | FMT_COMPACT, "1.0f10" }, { 1.5f, FMT_SHOW | FMT_COMPACT, "1.5" },
    { INFINITY, FMT_SHOW | FMT_COMPACT, "Inf" },
};

struct case32b { uint32_t bits; const char *want; };
static const struct case32b bitcases32[] = {
    { 0x7f7fffffU, "3.4028235e38" }, { 0x00000001U, "1.0e-45" },
    { 0x5D1502F9U, "6.7108864e17" }, { 0x5D9502F9U, "1.3421773e18" },
    { 0x5E1502F9U, "2.6843546e18" },
};

struct case16 { double x; int flags; const char *want; };
static const struct case16 cases16[] = {
    { 0.0, 0, "0.0" }, { -0.0, 0, "-0.0" }, { 1.0, 0, "1.0" }, { -1.0, 0, "-1.0" },
    { NAN, 0, "NaN" }, { INFINITY, 0, "Inf" }, { -INFINITY, 0, "-Inf" },
    { 8.0, FMT_SHOW, "Float16(8.0)" }, { 1.5, FMT_SHOW, "Float16(1.5)" },
    { -1.5, FMT_SHOW, "Float16(-1.5)" }, { 0.0, FMT_SHOW, "Float16(0.0)" },
    { -0.0, FMT_SHOW, "Float16(-0.0)" },
    { NAN, FMT_SHOW, "NaN16" }, { INFINITY, FMT_SHOW, "Inf16" }, { -INFINITY, FMT_SHOW, "-Inf16" },
    { 65504.0, FMT_SHOW, "Float16(6.55e4)" }, { 100.0, FMT_SHOW, "Float16(100.0)" },
    { 1000.0, FMT_SHOW, "Float16(1.0e3)" }, { 999.5, FMT_SHOW, "Float16(999.5)" },
    { 0x1p-24, FMT_SHOW, "Float16(6.0e-8)" }, { 0.1, FMT_SHOW, "Float16(0.1)" },
    { 0.0001, FMT_SHOW, "Float16(0.0001)" }, { 1e-5, FMT_SHOW, "Float16(1.0e-5)" },
    { 3.140625, FMT_SHOW, "Float16(3.14)" }, { 0x1p-14, FMT_SHOW, "Float16(6.104e-5)" },
    { 1.5, 0, "1.5" }, { 1000.0, 0, "1.0e3" }, { 1.5, FMT_SHOW | FMT_COMPACT, "1.5" },
    { 0x1.ffcp15, 0, "6.55e4" },
};

/* ---------------------------------------------------------------- helpers */

static void test_tables(void)
{
    char buf[FMT_FLOAT_BUFSIZE], what[96];
    for (size_t i = 0; i < sizeof cases64 / sizeof *cases64; i++) {
        fmt_float64(buf, sizeof buf, cases64[i].x, 0);
        snprintf(what, sizeof what, "float64 %.17g", cases64[i].x);
        check_str(what, buf, cases64[i].want);
        fmt_float64(buf, sizeof buf, cases64[i].x, FMT_SHOW);   /* Float64: never decorated */
        check_str(what, buf, cases64[i].want);
    }
    for (size_t i = 0; i < sizeof bitcases64 / sizeof *bitcases64; i++) {
        fmt_float64(buf, sizeof buf, bits_to_double(bitcases64[i].bits), 0);
        snprintf(what, sizeof what, "float64 bits %016llx", (unsigned long long)bitcases64[i].bits);
        check_str(what, buf, bitcases64[i].want);
    }
    for (size_t i = 0; i < sizeof compact64 / sizeof *compact64; i++) {
        fmt_float64(buf, sizeof buf, compact64[i].x, FMT_SHOW | FMT_COMPACT);
        snprintf(what, sizeof what, "compact %.17g", compact64[i].x);
        check_str(what, buf, compact64[i].want);
    }
    for (size_t i = 0; i < sizeof cases32 / sizeof *cases32; i++) {
        fmt_float32(buf, sizeof buf, cases32[i].x, cases32[i].flags);
        snprintf(what, sizeof what, "float32 %.9g flags %d", (double)cases32[i].x, cases32[i].flags);
        check_str(what, buf, cases32[i].want);
    }
    for (size_t i = 0; i < sizeof bitcases32 / sizeof *bitcases32; i++) {
        fmt_float32(buf, sizeof buf, bits_to_float(bitcases32[i].bits), 0);
        snprintf(what, sizeof what, "float32 bits %08x", (unsigned)bitcases32[i].bits);
        check_str(what, buf, bitcases32[i].want);
    }
    for (size_t i = 0; i < sizeof cases16 / sizeof *cases16; i++) {
        fmt_float16(buf, sizeof buf, f16_from_double(cases16[i].x), cases16[i].flags);
        snprintf(what, sizeof what, "float16 %.9g flags %d", cases16[i].x, cases16[i].flags);
        check_str(what, buf, cases16[i].want);
    }
}

static void test_digit_api(void)
{
    static const struct { double x; const char *d; int e; } t[] = {
        { 0.3, "3", -1 }, { 1e23, "1", 23 }, { 5e-324, "5", -324 }, { 123.456, "123456", -3 },
        { -2.5, "25", -1 }, { 100.0, "1", 2 }, { 0.0, "0", 0 },
        { 1.7976931348623157e308, "17976931348623157", 292 },
    };
    char d[FMT_DIGITS_MAX], what[64];
    int e;
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        int n = fmt_shortest64(t[i].x, d, &e);
        snprintf(what, sizeof what, "fmt_shortest64 %.17g", t[i].x);
        check_str(what, d, t[i].d);
        check(n == (int)strlen(t[i].d) && e == t[i].e, what, d, "length/exponent");
    }
    int n = fmt_shortest64(NAN, d, &e);
    check(n == 0 && d[0] == 0, "fmt_shortest64 NaN", d, "");
    n = fmt_compact64(3.141592653589793, d, &e);
    check(n == 6 && e == -5 && strcmp(d, "314159") == 0, "fmt_compact64 pi", d, "314159e-5");
    n = fmt_shortest32(0.1f, d, &e);
    check(n == 1 && e == -1 && strcmp(d, "1") == 0, "fmt_shortest32 0.1f", d, "1e-1");
    n = fmt_compact32(3.14159265f, d, &e);
    check(n == 6 && e == -5 && strcmp(d, "314159") == 0, "fmt_compact32 pi", d, "314159e-5");
    n = fmt_shortest16(0x3555, d, &e);                      /* 0.333251953125 */
    check(n == 4 && e == -4 && strcmp(d, "3333") == 0, "fmt_shortest16 1/3", d, "3333e-4");
    n = fmt_compact16(0x3555, d, &e);
    check(n == 4 && e == -4 && strcmp(d, "3333") == 0, "fmt_compact16 1/3", d, "3333e-4");

    /* snprintf-style truncation */
    char small[5];
    size_t len = fmt_float64(small, sizeof small, 0.30000000000000004, 0);
    check(len == 19 && strcmp(small, "0.30") == 0, "truncation", small, "0.30 (len 19)");
    len = fmt_float64(NULL, 0, 1e6, 0);
    check(len == 5, "length only", "", "5");
}

/* ---------------------------------------------------------------- round-trip properties */

/* Parses the mantissa digits and exponent of snprintf's "%.*e" output. */
static void split_e(const char *s, uint64_t *mant, int *ndig, int *ex)
{
    uint64_t m = 0;
    int n = 0;
    const char *p = s;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9') {
            m = m * 10 + (uint64_t)(*p - '0');
            n++;
        }
    *mant = m;
    *ndig = n;
    *ex = atoi(p + 1);
}

/* Does some decimal with fewer than n significant digits read back as x?  The only
 * candidates are the neighbours of x on the (n-1)-digit grid. rt(s) parses and returns
 * nonzero iff s reads back as the value under test. */
typedef int (*readback_fn)(const char *s, const void *ctx);

static int shorter_exists(double xd, int n, readback_fn rt, const void *ctx)
{
    if (n <= 1)
        return 0;
    char s[64];
    snprintf(s, sizeof s, "%.*e", n - 2, xd);
    uint64_t m;
    int nd, ex;
    split_e(s, &m, &nd, &ex);
    int scale = ex - (nd - 1);                     /* value = m * 10^scale */
    uint64_t lowest = 1;
    for (int k = 1; k < nd; k++)
        lowest *= 10;
    for (int dm = -1; dm <= 1; dm++) {
        uint64_t c = m + (uint64_t)(int64_t)dm;
        int sc = scale;
        if (dm == -1 && m == lowest) {             /* step down into the finer decade */
            c = lowest * 10 - 1;
            sc = scale - 1;
        }
        snprintf(s, sizeof s, "%llue%d", (unsigned long long)c, sc);
        if (rt(s, ctx))
            return 1;
    }
    return 0;
}

static int rt64(const char *s, const void *ctx)
{
    double y = strtod(s, NULL);
    return memcmp(&y, ctx, sizeof y) == 0;
}

static int rt32(const char *s, const void *ctx)
{
    float y = strtof(s, NULL);
    return memcmp(&y, ctx, sizeof y) == 0;
}

static int rt16(const char *s, const void *ctx)
{
    return f16_from_double(strtod(s, NULL)) == *(const uint16_t *)ctx;
}

/* Our digits d (n of them) must equal the correctly rounded n-digit value whenever that
 * one reads back (then it is the nearest candidate, which is what shortest picks). */
static int nearest_ok(double xd, const char *d, int n, readback_fn rt, const void *ctx)
{
    char s[64];
    snprintf(s, sizeof s, "%.*e", n - 1, fabs(xd));
    if (!rt(s, ctx))
        return 1;
    char g[32];
    int k = 0;
    for (const char *p = s; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9')
            g[k++] = *p;
    g[k] = '\0';
    return strcmp(g, d) == 0;
}

static void test_random64(long count, long deep_every)
{
    char buf[FMT_FLOAT_BUFSIZE], d[FMT_DIGITS_MAX];
    long bad_rt = 0, bad_short = 0, bad_near = 0;
    for (long i = 0; i < count; i++) {
        uint64_t u = rnd();
        if (i % 4 == 1)                   /* also moderate magnitudes: exponent near 1023 */
            u = (u & 0x800FFFFFFFFFFFFFU) | ((uint64_t)(1023 - 40 + (int)(rnd() % 80)) << 52);
        double x = bits_to_double(u);
        if (!isfinite(x))
            continue;
        fmt_float64(buf, sizeof buf, x, 0);
        double y = strtod(buf, NULL);
        if (memcmp(&x, &y, sizeof x) != 0) {
            if (bad_rt++ < 5)
                printf("FAIL round trip %a -> %s\n", x, buf);
        }
        if (i % deep_every == 0 && x != 0) {
            int e;
            double ax = fabs(x);
            int n = fmt_shortest64(x, d, &e);
            if (shorter_exists(ax, n, rt64, &ax) && bad_short++ < 5)
                printf("FAIL not shortest %a -> %s\n", x, d);
            if (!nearest_ok(ax, d, n, rt64, &ax) && bad_near++ < 5)
                printf("FAIL not nearest %a -> %s\n", x, d);
        }
    }
    check(bad_rt == 0, "random float64 round trips", "", "all");
    check(bad_short == 0, "random float64 shortness", "", "all");
    check(bad_near == 0, "random float64 nearest", "", "all");
    printf("random float64: %ld values, %ld checked for shortness; failures %ld/%ld/%ld\n",
           count, count / deep_every, bad_rt, bad_short, bad_near);
}

/* Every binary64 exponent (so every table row): the first, last and a few random
 * significands of each binade. */
static void test_every_exponent64(void)
{
    char buf[FMT_FLOAT_BUFSIZE], d[FMT_DIGITS_MAX];
    long bad = 0, n_checked = 0;
    for (uint64_t e = 0; e < 2047; e++) {
        uint64_t sig[6] = { 0, 1, 0xFFFFFFFFFFFFFU, rnd() & 0xFFFFFFFFFFFFFU,
                            rnd() & 0xFFFFFFFFFFFFFU, (rnd() & 0xFFFFFFFFFFFFFU) >> 40 << 40 };
        for (int k = 0; k < 6; k++) {
            double x = bits_to_double(e << 52 | sig[k]);
            if (x == 0)
                continue;
            n_checked++;
            fmt_float64(buf, sizeof buf, x, 0);
            double y = strtod(buf, NULL);
            int ex, n = fmt_shortest64(x, d, &ex);
            if (memcmp(&x, &y, sizeof x) != 0 || shorter_exists(x, n, rt64, &x) ||
                !nearest_ok(x, d, n, rt64, &x)) {
                if (bad++ < 5)
                    printf("FAIL binade %a -> %s\n", x, buf);
            }
        }
    }
    check(bad == 0, "every float64 binade round trip/shortest/nearest", "", "all");
    printf("every binade: %ld values, %ld failures\n", n_checked, bad);
}

static void test_random32(long count)
{
    char buf[FMT_FLOAT_BUFSIZE], d[FMT_DIGITS_MAX];
    long bad = 0;
    for (long i = 0; i < count; i++) {
        float x = bits_to_float((uint32_t)rnd());
        if (!isfinite(x) || x == 0)
            continue;
        fmt_float32(buf, sizeof buf, x, 0);
        float y = strtof(buf, NULL);
        float ax = fabsf(x);
        int e, n = fmt_shortest32(x, d, &e);
        int ok = memcmp(&x, &y, sizeof x) == 0 && !shorter_exists(ax, n, rt32, &ax) &&
                 nearest_ok(ax, d, n, rt32, &ax);
        if (!ok && bad++ < 5)
            printf("FAIL float32 %a -> %s\n", (double)x, buf);
    }
    check(bad == 0, "random float32 round trip/shortest/nearest", "", "all");
    printf("random float32: %ld values, %ld failures\n", count, bad);
}

static void test_all16(void)
{
    char buf[FMT_FLOAT_BUFSIZE], d[FMT_DIGITS_MAX];
    long bad = 0;
    for (uint32_t h = 0; h <= 0xffff; h++) {
        uint16_t hh = (uint16_t)h;
        double x = f16_to_double(hh);
        fmt_float16(buf, sizeof buf, hh, 0);
        int ok;
        if (isnan(x)) {
            ok = strcmp(buf, "NaN") == 0;
        } else {
            ok = f16_from_double(strtod(buf, NULL)) == hh;
            if (ok && x != 0 && isfinite(x)) {
                uint16_t ah = hh & 0x7fff;
                int e, n = fmt_shortest16(hh, d, &e);
                ok = !shorter_exists(fabs(x), n, rt16, &ah) && nearest_ok(fabs(x), d, n, rt16, &ah);
            }
        }
        if (!ok && bad++ < 5)
            printf("FAIL float16 %04x -> %s\n", (unsigned)h, buf);
    }
    check(bad == 0, "all 65536 float16 round trip/shortest/nearest", "", "all");
}

/* ---------------------------------------------------------------- BigFloat */

static void big_case(const char *what, mpfr_prec_t prec, const char *in, mpfr_rnd_t rnd_,
                     int flags, const char *want)
{
    mpfr_t x;
    mpfr_init2(x, prec);
    mpfr_set_str(x, in, 10, rnd_);
    char *s = fmt_bigfloat(x, flags);
    check_str(what, s, want);
    free(s);
    mpfr_clear(x);
}

static void big_prefix(const char *what, const char *in, const char *pre, const char *suf)
{
    mpfr_t x;
    mpfr_init2(x, 256);
    mpfr_set_str(x, in, 10, MPFR_RNDN);
    char *s = fmt_bigfloat(x, 0);
    size_t n = s ? strlen(s) : 0;
    int ok = s && strncmp(s, pre, strlen(pre)) == 0 && n >= strlen(suf) &&
             strcmp(s + n - strlen(suf), suf) == 0;
    check(ok, what, s, pre);
    free(s);
    mpfr_clear(x);
}

static void big_check(const char *what, mpfr_srcptr x, int flags, const char *want)
{
    char *s = fmt_bigfloat(x, flags);
    check_str(what, s, want);
    free(s);
}

/* fmt_bigfloat_sci against MPFR's own "%Re": random values at many precisions and
 * decimal exponents, and small dyadic fractions, where decimal ties are common. */
static void test_bigfloat_sci(void)
{
    static const mpfr_prec_t precs[] = { 2, 3, 4, 5, 10, 24, 53, 64, 100, 113, 256, 1000,
                                         4096, 5003, 20000 };
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 20261204);
    long n = 0, bad = 0, skipped = 0;
    for (size_t i = 0; i < sizeof precs / sizeof *precs; i++) {
        mpfr_prec_t p = precs[i];
        mpfr_t x;
        mpfr_init2(x, p);
        int reps = p > 4096 ? 40 : 400;
        for (int r = 0; r < 2 * reps; r++) {
            if (r < reps) { /* random significand, exponent within ±3p bits */
                mpfr_urandomb(x, rs);
                if (mpfr_zero_p(x))
                    continue;
                long sh = (long)(gmp_urandomm_ui(rs, 6 * (unsigned long)p + 1)) - 3 * (long)p;
                mpfr_mul_2si(x, x, sh, MPFR_RNDN);
            } else { /* i / 2^j: exact, often a decimal tie at the last digit */
                unsigned long iv = 1 + gmp_urandomm_ui(rs, 1000);
                mpfr_set_ui(x, iv, MPFR_RNDN);
                mpfr_div_2ui(x, x, gmp_urandomm_ui(rs, 12), MPFR_RNDN);
            }
            if (r & 1)
                mpfr_neg(x, x, MPFR_RNDN);
            char *mine = fmt_bigfloat_sci(x), *theirs = NULL;
            if (!mine) {
                skipped++;
                continue;
            }
            mpfr_asprintf(&theirs, "%Re", x);
            n++;
            if (strcmp(mine, theirs) != 0 && bad++ < 5)
                printf("FAIL fmt_bigfloat_sci p=%ld: %.60s vs %.60s\n", (long)p, mine, theirs);
            free(mine);
            mpfr_free_str(theirs);
        }
        mpfr_clear(x);
    }
    /* next to powers of ten, where the estimate of the decimal exponent is one low */
    for (int j = -300; j <= 300; j += 7) {
        mpfr_t x;
        mpfr_init2(x, 4096 + (mpfr_prec_t)(j + 300));
        mpfr_set_ui(x, 10, MPFR_RNDN);
        mpfr_pow_si(x, x, j, MPFR_RNDN);
        for (int step = -2; step <= 2; step++, mpfr_nextabove(x)) {
            char *mine = fmt_bigfloat_sci(x), *theirs = NULL;
            if (!mine)
                continue;
            mpfr_asprintf(&theirs, "%Re", x);
            n++;
            if (strcmp(mine, theirs) != 0 && bad++ < 5)
                printf("FAIL fmt_bigfloat_sci 10^%d: %.60s vs %.60s\n", j, mine, theirs);
            free(mine);
            mpfr_free_str(theirs);
        }
        mpfr_clear(x);
    }
    gmp_randclear(rs);
    check(bad == 0 && n > 5000, "fmt_bigfloat_sci equals MPFR's %Re", "", "all");
    printf("fmt_bigfloat_sci: %ld values equal to MPFR's %%Re, %ld left to MPFR\n", n - bad, skipped);
}

static void test_bigfloat(void)
{
    /* test/mpfr.jl */
    big_case("p21 0.1", 21, "0.1", MPFR_RNDN, 0, "0.10000002");
    big_case("p21 -9.9", 21, "-9.9", MPFR_RNDN, 0, "-9.9000015");
    big_case("p40 0.1", 40, "0.1", MPFR_RNDN, 0, "0.10000000000002");
    big_case("p40 -9.9", 40, "-9.9", MPFR_RNDN, 0, "-9.8999999999942");
    big_case("p123 0.1", 123, "0.1", MPFR_RNDN, 0, "0.0999999999999999999999999999999999999953");
    big_case("p123 -9.9", 123, "-9.9", MPFR_RNDN, 0, "-9.8999999999999999999999999999999999997");
    static const int precs[] = { 2, 21, 40, 53, 64, 123, 256, 1000 };
    for (size_t i = 0; i < sizeof precs / sizeof *precs; i++) {
        big_case("0.5 any precision", precs[i], "0.5", MPFR_RNDN, 0, "0.5");
        big_case("1.0 any precision", precs[i], "1.0", MPFR_RNDN, 0, "1.0");
    }
    big_prefix("6543210.0", "6543210.0", "6.5", "e+06");
    big_prefix("0.00001234", "0.00001234", "", "e-05");
    big_prefix("0.000123", "0.000123", "0.000123", "");
    big_prefix("420000.0", "420000.0", "420000.0", "");
    big_prefix("654321.0", "654321.0", "654321.0", "");
    big_case("0.0", 256, "0.0", MPFR_RNDN, 0, "0.0");
    big_case("-0.0", 256, "-0.0", MPFR_RNDN, 0, "-0.0");
    /* manual doctests */
    big_case("big\"1.23456789012345678901\"", 256, "1.23456789012345678901", MPFR_RNDN, 0,
             "1.234567890123456789010000000000000000000000000000000000000000000000000000000004");

    mpfr_t x, y;
    mpfr_inits2(256, x, y, (mpfr_ptr)0);
    mpfr_set_d(x, 0x1p66, MPFR_RNDN);
    mpfr_div_ui(x, x, 3, MPFR_RNDN);
    big_check("BigFloat(2.0^66)/3", x, 0,
              "2.459565876494606882133333333333333333333333333333333333333333333333333333333344e+19");
    mpfr_set_str(y, "0.1", 10, MPFR_RNDU);
    mpfr_add_ui(x, y, 1, MPFR_RNDU);
    big_check("RoundUp 1+0.1", x, 0,
              "1.100000000000000000000000000000000000000000000000000000000000000000000000000003");
    mpfr_set_str(y, "0.1", 10, MPFR_RNDD);
    mpfr_add_ui(x, y, 1, MPFR_RNDD);
    big_check("RoundDown 1+0.1", x, 0,
              "1.099999999999999999999999999999999999999999999999999999999999999999999999999986");
    mpfr_set_d(y, 0.1, MPFR_RNDN);
    mpfr_d_div(x, 6.0, y, MPFR_RNDN);
    big_check("6.0/big(0.1)", x, 0,
              "59.99999999999999666933092612453056361837965690217069245739573412231113406246995");
    mpfr_set_d(x, 1.15, MPFR_RNDN);
    big_check("big(1.15)", x, 0, "1.149999999999999911182158029987476766109466552734375");
    /* reference §1.5, derived with MPFR 4.2.0 */
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_div_ui(x, x, 3, MPFR_RNDN);
    big_check("big(1)/3", x, 0,
              "0.3333333333333333333333333333333333333333333333333333333333333333333333333333348");
    big_check("big(1)/3 compact", x, FMT_COMPACT, "0.333333");
    mpfr_const_pi(x, MPFR_RNDN);
    big_check("big(pi)", x, 0,
              "3.141592653589793238462643383279502884197169399375105820974944592307816406286198");
    big_check("big(pi) compact", x, FMT_COMPACT, "3.14159");
    mpfr_sqrt_ui(x, 2, MPFR_RNDN);
    big_check("sqrt(big(2))", x, 0,
              "1.414213562373095048801688724209698078569671875376948073176679737990732478462102");
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_exp(x, x, MPFR_RNDN);
    big_check("exp(big(1))", x, 0,
              "2.718281828459045235360287471352662497757247093699959574966967627724076630353555");
    mpfr_set_d(x, 0.1, MPFR_RNDN);
    big_check("big(0.1)", x, 0, "0.1000000000000000055511151231257827021181583404541015625");
    mpfr_set_str(x, "0.1", 10, MPFR_RNDN);
    big_check("big\"0.1\"", x, 0,
              "0.1000000000000000000000000000000000000000000000000000000000000000000000000000002");
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_div_ui(x, x, 7, MPFR_RNDN);
    big_check("big(1)/7", x, 0,
              "0.1428571428571428571428571428571428571428571428571428571428571428571428571428568");
    mpfr_set_si(x, -2, MPFR_RNDN);
    mpfr_div_ui(x, x, 3, MPFR_RNDN);
    big_check("big(-2)/3", x, 0,
              "-0.6666666666666666666666666666666666666666666666666666666666666666666666666666695");
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_div_ui(x, x, 100000, MPFR_RNDN);
    big_check("big(1)/100000", x, 0,
              "9.99999999999999999999999999999999999999999999999999999999999999999999999999994e-06");
    mpfr_set_ui(x, 123456, MPFR_RNDN);
    big_check("BigFloat(123456)", x, 0, "123456.0");
    mpfr_set_ui(x, 1234567, MPFR_RNDN);
    big_check("BigFloat(1234567)", x, 0, "1.234567e+06");
    mpfr_set_d(x, 1e6, MPFR_RNDN);
    big_check("BigFloat(1e6)", x, 0, "1.0e+06");
    big_check("BigFloat(1e6) compact", x, FMT_COMPACT, "1.0e+06");
    mpfr_set_ui_2exp(x, 1, 100, MPFR_RNDN);
    big_check("big(2.0)^100", x, 0, "1.267650600228229401496703205376e+30");
    mpfr_set_d(x, 1e-4, MPFR_RNDN);
    big_check("big(1e-4)", x, FMT_COMPACT, "0.0001");
    mpfr_set_d(x, 0.25, MPFR_RNDN);
    big_check("big(-0.25)", x, 0, "0.25");
    mpfr_set_d(x, -0.001, MPFR_RNDN);
    big_check("big(-0.001) compact", x, FMT_COMPACT, "-0.001");
    mpfr_set_d(x, 1000.0, MPFR_RNDN);
    big_check("big(1000.0)", x, 0, "1000.0");
    mpfr_set_d(x, 12.5, MPFR_RNDN);
    big_check("big(12.5)", x, 0, "12.5");
    mpfr_set_nan(x);
    big_check("NaN", x, 0, "NaN");
    mpfr_set_inf(x, 1);
    big_check("Inf", x, 0, "Inf");
    mpfr_set_inf(x, -1);
    big_check("-Inf", x, 0, "-Inf");

    mpfr_set_prec(x, 100);
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_div_ui(x, x, 3, MPFR_RNDN);
    big_check("p100 1/3", x, 0, "0.33333333333333333333333333333346");
    mpfr_const_pi(x, MPFR_RNDN);
    big_check("p100 pi", x, 0, "3.1415926535897932384626433832793");
    mpfr_set_prec(x, 64);
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_div_ui(x, x, 3, MPFR_RNDN);
    big_check("p64 1/3", x, 0, "0.333333333333333333342");
    mpfr_set_prec(x, 40);
    mpfr_set_str(y, "0.1", 10, MPFR_RNDN);   /* y is 256-bit; parse at 40 bits instead */
    mpfr_set_str(x, "0.1", 10, MPFR_RNDN);
    mpfr_add_ui(x, x, 1, MPFR_RNDN);
    big_check("p40 1+0.1", x, 0, "1.1000000000004");
    mpfr_clears(x, y, (mpfr_ptr)0);
}

/* ---------------------------------------------------------------- speed */

static void report_speed(void)
{
    enum { N = 1000000 };
    double *xs = malloc(N * sizeof *xs);
    if (!xs)
        return;
    for (int i = 0; i < N; i++) {
        double x;
        do
            x = bits_to_double(rnd());
        while (!isfinite(x));
        xs[i] = x;
    }
    char buf[FMT_FLOAT_BUFSIZE];
    size_t total = 0;
    clock_t t0 = clock();
    for (int i = 0; i < N; i++)
        total += fmt_float64(buf, sizeof buf, xs[i], 0);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("speed: %d random doubles formatted in %.3f s (%.0f ns each, %zu bytes)\n",
           N, secs, secs * 1e9 / N, total);
    free(xs);
}

int main(int argc, char **argv)
{
    check_print_max = 50;   /* a wrong digit routine fails in thousands of samples */
    long n64 = 1000000;
    if (argc > 1)
        n64 = atol(argv[1]);
    test_tables();
    test_digit_api();
    test_all16();
    test_bigfloat();
    test_bigfloat_sci();
    test_every_exponent64();
    test_random64(n64, 2);
    test_random32(n64 / 2);
    report_speed();
    return check_report();
}
