/* print.c — numbers as Julia 1.10 displays them: the digits of every number type, in
 * the three display modes (see num/print.h).  Floats go through fmtfloat (shortest
 * digits, Julia's layout).  Here, below show, so that the number tower can put values in
 * its own error messages (DomainError with -1.0) without reaching up to the display. */
#include "num/print.h"

#include <stdlib.h>

#include "num/bigjob.h"
#include "num/float16.h"
#include "num/fmtfloat.h"
#include "num/num.h"

/* ---- floats ---- */

static void show_hwfloat(sb *out, value v, show_mode mode, unsigned flags)
{
    char buf[FMT_FLOAT_BUFSIZE];
    int f = 0;
    if (mode != SHOW_PRINT)
        f = (flags & SHOWF_TYPEINFO_SAME) ? FMT_EXPF : FMT_SHOW;
    if (flags & SHOWF_COMPACT)
        f |= FMT_COMPACT;
    size_t n;
    if (v.type == T_FLOAT32)
        n = fmt_float32(buf, sizeof buf, (float)v.u.f, f);
    else if (v.type == T_FLOAT16)
        n = fmt_float16(buf, sizeof buf, f16_from_double(v.u.f), f);
    else
        n = fmt_float64(buf, sizeof buf, v.u.f, f);
    sb_put(out, buf, n < sizeof buf ? n : sizeof buf - 1);
}

static void show_bigfloat(sb *out, mpfr_srcptr x, unsigned flags)
{
    char *s = fmt_bigfloat(x, (flags & SHOWF_COMPACT) ? FMT_COMPACT : 0);
    if (s) {
        sb_puts(out, s);
        free(s);
    }
}

/* ---- numbers ---- */


/* Decimal digits of z.  For a huge z the conversion runs where Ctrl-C can stop it; an
 * interrupt stays pending in ctx, and jc_eval reports it instead of the text. */
static void show_int_mpz(jc_ctx *ctx, sb *out, mpz_srcptr z)
{
    bigjob_get_str(ctx, out, z);
}

static void show_rational(jc_ctx *ctx, sb *out, value v, unsigned flags)
{
    mpq_srcptr q = val_mpq(v);
    show_int_mpz(ctx, out, mpq_numref(q));
    if ((flags & SHOWF_TYPEINFO_RATIONAL) && mpz_cmp_ui(mpq_denref(q), 1) == 0)
        return;
    sb_puts(out, "//");
    show_int_mpz(ctx, out, mpq_denref(q));
}

static void show_complex(jc_ctx *ctx, sb *out, value v, unsigned flags)
{
    jc_complex *c = val_complex(v);
    int compact = (flags & SHOWF_COMPACT) != 0;
    unsigned f = flags & SHOWF_COMPACT;
    if (c->re.type == T_BOOL) {
        if (!c->re.u.i && c->im.u.i)
            sb_puts(out, "im");
        else
            sb_printf(out, "Complex(%s,%s)", c->re.u.i ? "true" : "false", c->im.u.i ? "true" : "false");
        return;
    }
    num_show(ctx, out, c->re, SHOW_REPR, f);
    value im = c->im;
    if (num_signbit(im) && !num_isnan(im)) {
        sb_puts(out, compact ? "-" : " - ");
        /* the magnitude: the text of the negative part without its sign, which is what
         * showing -im would give for every real type, and needs no arithmetic */
        sb t = { 0 };
        num_show(ctx, &t, im, SHOW_REPR, f);
        const char *s = sb_str(&t);
        sb_puts(out, s[0] == '-' ? s + 1 : s);
        sb_free(&t);
    } else {
        sb_puts(out, compact ? "+" : " + ");
        num_show(ctx, out, im, SHOW_REPR, f);
    }
    int integer = num_is_integer_type(im) && im.type != T_BOOL;
    int finite_float = num_is_float_type(im) && num_isfinite(im);
    if (!(integer || finite_float))
        sb_putc(out, '*');
    sb_puts(out, "im");
}

static void show_irrational(sb *out, value v, show_mode mode, unsigned flags)
{
    const char *name = num_irrational_name(v.sub);
    sb_puts(out, name);
    if (mode != SHOW_PLAIN || (flags & SHOWF_COMPACT))
        return;
    /* string(Float64(x)) cut to 15 bytes, then "..." */
    char buf[FMT_FLOAT_BUFSIZE];
    size_t n = fmt_float64(buf, sizeof buf, num_irrational_double(v.sub), 0);
    if (n > 15)
        n = 15;
    sb_puts(out, " = ");
    sb_put(out, buf, n);
    sb_puts(out, "...");
}

void num_show(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags)
{
    switch (v.type) {
    case T_BOOL:
        if (flags & SHOWF_TYPEINFO_BOOL)
            sb_putc(out, v.u.i ? '1' : '0');
        else
            sb_puts(out, v.u.i ? "true" : "false");
        break;
    case T_INT64: case T_INT8: case T_INT16: case T_INT32: {
        /* digits by hand: the stream front end shows one Int64 per line, and printf's
         * machinery cost more than the arithmetic */
        char d[24];
        size_t k = sizeof d;
        uint64_t m = v.u.i < 0 ? 0 - (uint64_t)v.u.i : (uint64_t)v.u.i;
        do
            d[--k] = (char)('0' + m % 10);
        while ((m /= 10) != 0);
        if (v.u.i < 0)
            d[--k] = '-';
        sb_put(out, d + k, sizeof d - k);
        break;
    }
    case T_BIGINT: case T_INT128:
        show_int_mpz(ctx, out, val_mpz(v));
        break;
    case T_UINT128: {
        /* 0x and 32 hex digits (print gives decimal, like every unsigned) */
        if (mode == SHOW_PRINT) {
            show_int_mpz(ctx, out, val_mpz(v));
            break;
        }
        uint64_t w[2] = { 0, 0 };
        size_t cnt;
        mpz_export(w, &cnt, -1, sizeof w[0], 0, 0, val_mpz(v));
        sb_printf(out, "0x%016llx%016llx", (unsigned long long)w[1], (unsigned long long)w[0]);
        break;
    }
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
        /* show is 0x and the width's hex digits, print decimal [base/show.jl] */
        if (mode == SHOW_PRINT)
            sb_printf(out, "%llu", (unsigned long long)v.u.u);
        else
            sb_printf(out, "0x%0*llx", 2 << (v.type - T_UINT8), (unsigned long long)v.u.u);
        break;
    case T_RATIONAL:
        show_rational(ctx, out, v, flags);
        break;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        show_hwfloat(out, v, mode, flags);
        break;
    case T_BIGFLOAT:
        show_bigfloat(out, val_mpfr(v), flags);
        break;
    case T_IRRATIONAL:
        show_irrational(out, v, mode, flags);
        break;
    case T_COMPLEX:
        show_complex(ctx, out, v, flags);
        break;
    default:
        break;
    }
}

