/* test_float16.c — binary16 <-> binary64 conversions.
 *
 * Expected values come from the binary16 definition: 1 sign, 5 exponent (bias 15) and
 * 10 fraction bits, subnormals below 2^-14, round to nearest with ties to even.  Every
 * encoding and every rounding boundary (each midpoint between neighbours, and the
 * doubles just beside it) is checked, so no table of samples is needed. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/float16.h"
#include "check.h"

static void check(int ok, const char *what, long bad)
{
    check_ok(ok, "%s (%ld bad)", what, bad);
}

static uint64_t rng_state = 0x243f6a8885a308d3U;

static uint64_t rnd(void)      /* xorshift64*: deterministic sampling */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dU;
}


static void test_f16_conv(void)
{
    long bad = 0;
    /* known encodings */
    static const struct { uint16_t h; double x; } known[] = {
        { 0x3c00, 1.0 }, { 0xc000, -2.0 }, { 0x7bff, 65504.0 }, { 0x0001, 0x1p-24 },
        { 0x0400, 0x1p-14 }, { 0x03ff, 0x3ffp-24 }, { 0x3555, 0.333251953125 },
        { 0x7c00, INFINITY }, { 0xfc00, -INFINITY }, { 0x0000, 0.0 },
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        if (f16_to_double(known[i].h) != known[i].x || f16_from_double(known[i].x) != known[i].h)
            bad++;
    }
    if (f16_from_double(-0.0) != 0x8000 || !signbit(f16_to_double(0x8000)))
        bad++;
    if ((f16_from_double(NAN) & 0x7fff) <= 0x7c00 || !isnan(f16_to_double(0x7e00)))
        bad++;
    check(bad == 0, "float16 known encodings", bad);

    /* every value converts back to itself, and values increase with the encoding */
    bad = 0;
    double prev = -1;
    for (uint32_t h = 0; h <= 0x7c00; h++) {
        double x = f16_to_double((uint16_t)h);
        if (!(x > prev) || f16_from_double(x) != h || f16_from_double(-x) != (h | 0x8000))
            bad++;
        prev = x;
    }
    check(bad == 0, "float16 round trip of every value", bad);

    /* rounding at every midpoint between neighbours (ties to even) and just beside it */
    bad = 0;
    for (uint32_t h = 0; h < 0x7c00; h++) {
        double lo = f16_to_double((uint16_t)h);
        double hi = h == 0x7bff ? 65536.0 : f16_to_double((uint16_t)(h + 1));
        double mid = (lo + hi) / 2;                  /* exact in double */
        uint16_t even = (h & 1) ? (uint16_t)(h + 1) : (uint16_t)h;
        if (f16_from_double(mid) != even || f16_from_double(-mid) != (even | 0x8000))
            bad++;
        if (f16_from_double(nextafter(mid, 0)) != h)
            bad++;
        if (f16_from_double(nextafter(mid, INFINITY)) != h + 1)
            bad++;
    }
    if (f16_from_double(1e300) != 0x7c00 || f16_from_double(-65520.0) != 0xfc00 ||
        f16_from_double(65519.99) != 0x7bff || f16_from_double(1e-300) != 0 ||
        f16_from_double(-0x1p-25) != 0x8000 || f16_from_double(0x1.0000000000001p-25) != 1 ||
        f16_from_double(5e-324) != 0)
        bad++;
    check(bad == 0, "float16 rounding at all midpoints, overflow, underflow", bad);

    /* random doubles against the neighbour definition */
    bad = 0;
    for (int i = 0; i < 200000; i++) {
        double x = ldexp((double)(rnd() >> 11), -53 - (int)(rnd() % 40) + 16);
        uint16_t h = f16_from_double(x);
        double r = f16_to_double(h);
        double below = h == 0 ? 0 : f16_to_double((uint16_t)(h - 1));
        double above = h >= 0x7bff ? 65536.0 : f16_to_double((uint16_t)(h + 1));
        if (h == 0x7c00) {
            if (x < 65520.0)
                bad++;
        } else if (fabs(x - r) > fabs(x - below) || fabs(x - r) > fabs(x - above)) {
            bad++;
        }
    }
    check(bad == 0, "float16 nearest on random doubles", bad);
}

static void test_f16_round(void)
{
    long bad = 0;
    for (uint32_t h = 0; h < 0x7c00; h++) {
        double x = f16_to_double((uint16_t)h);
        if (f16_round(x) != x || f16_round(-x) != -x)
            bad++;
    }
    if (f16_round(0.1) != 0.0999755859375 || f16_round(1.0 / 3) != 0.333251953125 ||
        f16_round(70000.0) != INFINITY || !isnan(f16_round(NAN)))
        bad++;
    check(bad == 0, "f16_round", bad);
}

int main(void)
{
    test_f16_conv();
    test_f16_round();
    return check_report();
}
