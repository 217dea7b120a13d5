/* fmtfloat.h — Julia-identical text for Float64, Float32, Float16 and BigFloat.
 *
 * Owns the shortest round-trip digit generator (Ryu: Adams, "Ryu: fast float-to-string
 * conversion", PLDI 2018) and Julia 1.10's layout rules for `show`, `print`/`string` and
 * compact display.  Borrows MPFR for BigFloat.  No state; nothing here raises errors: the
 * fixed-buffer functions behave like snprintf (return the full length, truncate to fit),
 * fmt_bigfloat returns NULL only when memory runs out.
 *
 * Decimal digit contract (fmt_shortest*, fmt_compact*): for finite nonzero x,
 *     |x| ~ D * 10^exp10
 * where D is the integer spelled by digits[0..n-1] (ASCII, no leading zero, NUL-terminated)
 * and n is the return value.  The sign is not included (test signbit).  Zero gives "0",
 * exp10 = 0, n = 1.  NaN and Inf give n = 0, digits = "".  The shortest digits never end
 * in 0; the compact digits are Julia's reduce_shortest(x, 999_999): at most 6 digits,
 * which Julia leaves unnormalised in rare cases, so they may end in 0. */
#ifndef JC_FMTFLOAT_H
#define JC_FMTFLOAT_H

#include <stddef.h>
#include <stdint.h>
#include <mpfr.h>

/* Enough for any shortest digit string (17 digits) plus the NUL. */
#define FMT_DIGITS_MAX 18
/* Enough for any fmt_float64/32/16 output plus the NUL ("Float16(-6.104e-5)" etc.). */
#define FMT_FLOAT_BUFSIZE 40

int fmt_shortest64(double x, char *digits, int *exp10);
int fmt_shortest32(float x, char *digits, int *exp10);
int fmt_shortest16(uint16_t h, char *digits, int *exp10);     /* h: binary16 bits */
int fmt_compact64(double x, char *digits, int *exp10);
int fmt_compact32(float x, char *digits, int *exp10);
int fmt_compact16(uint16_t h, char *digits, int *exp10);

/* Layout flags, as Julia's show/print choose them (base/ryu/Ryu.jl):
 *   show(io, x)              FMT_SHOW            1.5f0, 1.0f6, Float16(1.5), NaN32, Inf16
 *   show with :compact       FMT_SHOW|FMT_COMPACT  (compact drops the type decoration but a
 *                                                Float32 keeps the 'f' exponent: 1.0f10)
 *   show with :typeinfo == typeof(x)  FMT_EXPF   (array elements: 1.5, 1.0f6)
 *   print(x), string(x)      0                   1.5, 1.0e6, NaN
 * Float64 output ignores FMT_TYPED and FMT_EXPF. */
enum {
    FMT_TYPED = 1,    /* f0 suffix, Float16(...) wrapper, NaN32/Inf32/NaN16/Inf16 */
    FMT_EXPF = 2,     /* Float32 scientific form uses 'f' instead of 'e' */
    FMT_COMPACT = 4,  /* at most 6 significant digits; suppresses FMT_TYPED */
    FMT_SHOW = FMT_TYPED | FMT_EXPF
};

/* Write x into buf (at most cap bytes including the NUL; buf may be NULL when cap is 0).
 * Return the length of the full text, excluding the NUL. */
size_t fmt_float64(char *buf, size_t cap, double x, int flags);
size_t fmt_float32(char *buf, size_t cap, float x, int flags);
size_t fmt_float16(char *buf, size_t cap, uint16_t h, int flags);

/* Julia's string/show of a BigFloat at its own precision: mpfr "%Re" (FMT_COMPACT:
 * "%.5Re") prettified as base/mpfr.jl does; NaN/Inf as Float64.  Returns a malloc'd
 * string the caller frees, or NULL when out of memory.  Other flags are ignored. */
char *fmt_bigfloat(mpfr_srcptr x, int flags);
/* From this precision up, fmt_bigfloat converts to decimal itself (fmt_bigfloat_sci):
 * below, MPFR is as fast. */
enum { FMT_BIGFLOAT_WIDE = 4096 };
/* x (finite, nonzero) as mpfr_asprintf's "%Re" writes it, by exact integer arithmetic;
 * malloc'd, NULL when its decimal exponent exceeds its digit count (or memory runs
 * out).  Exposed for tests/unit/test_fmtfloat.c. */
char *fmt_bigfloat_sci(mpfr_srcptr x);

#endif
