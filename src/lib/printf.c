/* printf.c — Julia's Printf (stdlib/Printf/src/Printf.jl, 1.10) over jcalc's values.
 *
 * Method: the format is read into specs as Printf.Format reads it (flags `-+ #0`, width
 * and precision as digits or `*`, the ignored length modifiers, one conversion of
 * `diouxXDOUeEfFgGaAcCsSpn`), then each argument is written as Printf's fmt methods
 * write it, which is not always as C's printf does:
 *   integers  sign and magnitude in every base (`%x` of -1 is `-1`), `+`/space honoured
 *             for unsigned conversions, `%#o` of 0 is `00`, precision 0 still prints `0`;
 *             BigInt and Rational (converted to an integer) alike; a float is written
 *             as `%.0f` with the same flags;
 *   floats    the exact decimal value correctly rounded (glibc's digits are Ryu's),
 *             `Inf`/`NaN` in that spelling for every conversion, zero padding after the
 *             sign (and after `0x` for `%a`), `%g` choosing its style from the exponent
 *             at precision P (Printf's rule, one digit more than C11's), `%a` from the
 *             normalized binary significand (also for subnormals); a BigFloat goes to
 *             MPFR at its full precision (mpfr_snprintf with the R modifier, as Julia);
 *   %s, %c    print form, widths counted in terminal columns, `#` quoting.
 * Every width and precision is charged to --max-bits before anything is written, so a
 * width of 10^10 is refused, never allocated. */
#include "lib/printf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "num/num.h"
#include "lib/lib.h"
#include "show.h"

typedef struct spec {
    int left, plus, space, zero, hash;
    int64_t width, prec;   /* prec -1: none */
    int dyn_width, dyn_prec;
    char conv;
    size_t start, end;     /* the spec's bytes in the format ([start, end)) */
} spec;

typedef struct fmt_item {
    size_t lit_off, lit_len;   /* literal text before the spec (with %% still doubled) */
    int has_spec;
    spec s;
} fmt_item;

/* ---- parsing ---- */

static int bad_format(jc_ctx *ctx, const ast *site, const char *fmt, size_t len, size_t from,
                      size_t to, const char *msg)
{
    /* Printf's showerror: the message, the format quoted, an arrow under from..to */
    sb s = { 0 };
    sb_printf(&s, "LoadError: InvalidFormatStringError: %s\n    \"", msg);
    sb_put(&s, fmt, len);
    sb_puts(&s, "\"\n    ");
    for (size_t i = 0; i <= from; i++)
        sb_putc(&s, ' ');
    for (size_t i = from; i < to; i++)
        sb_putc(&s, '-');
    sb_putc(&s, '^');
    int r = err_throw(ctx, ERR_ERROR, site, "%s", sb_str(&s));
    sb_free(&s);
    return r;
}

static int is_conv(char c) { return c && strchr("diouxXDOUeEfFgGaAcCsSpn", c) != NULL; }

static int64_t digits_at(const char *f, size_t len, size_t *i)
{
    int64_t v = 0;
    while (*i < len && f[*i] >= '0' && f[*i] <= '9') {
        if (v < (int64_t)1 << 40)
            v = v * 10 + (f[*i] - '0');
        (*i)++;
    }
    return v;
}

/* Reads the format into items (the last has no spec: the text after the last spec). */
static int parse_format(jc_ctx *ctx, const ast *site, const char *f, size_t len, fmt_item **out,
                        int *nitems, int *nargs)
{
    int cap = 8, n = 0;
    fmt_item *items = xmalloc((size_t)cap * sizeof *items);
    *nargs = 0;
    size_t i = 0, lit = 0;
    for (;;) {
        while (i < len && !(f[i] == '%' && !(i + 1 < len && f[i + 1] == '%')))
            i += f[i] == '%' ? 2 : 1;
        if (n == cap) {
            cap *= 2;
            items = xrealloc(items, (size_t)cap * sizeof *items);
        }
        fmt_item *it = &items[n++];
        memset(it, 0, sizeof *it);
        it->lit_off = lit;
        it->lit_len = (i < len ? i : len) - lit;
        if (i >= len)
            break;
        size_t pct = i++;
        spec *s = &it->s;
        it->has_spec = 1;
        s->start = pct;
        s->prec = -1;
        if (i >= len) {
            free(items);
            return bad_format(ctx, site, f, len, pct, pct, "Format specifier is incomplete");
        }
        for (; i < len && strchr("-+ 0#", f[i]); i++) {
            switch (f[i]) {
            case '-': s->left = 1; break;
            case '+': s->plus = 1; break;
            case ' ': s->space = 1; break;
            case '0': s->zero = 1; break;
            default: s->hash = 1; break;
            }
        }
        if (s->left)
            s->zero = 0;
        if (i < len && f[i] == '*') {
            s->dyn_width = 1;
            ++*nargs;
            i++;
        } else {
            s->width = digits_at(f, len, &i);
        }
        int parsed_prec = 0;
        if (i < len && f[i] == '.') {
            i++;
            if (i >= len) {
                free(items);
                return bad_format(ctx, site, f, len, pct, i - 1,
                                  "Precision specifier is missing precision");
            }
            parsed_prec = 1;
            if (f[i] == '*') {
                s->dyn_prec = 1;
                ++*nargs;
                i++;
            } else {
                s->prec = digits_at(f, len, &i);
            }
        }
        if (i < len && (f[i] == 'h' || f[i] == 'l')) {
            char m = f[i++];
            if (i < len && f[i] == m)
                i++;
            if (i >= len) {
                free(items);
                return bad_format(ctx, site, f, len, pct, i - 1,
                                  "Length modifier is missing type specifier");
            }
        } else if (i < len && strchr("Ljqtz", f[i])) {
            i++;
            if (i >= len) {
                free(items);
                return bad_format(ctx, site, f, len, pct, i - 1,
                                  "Length modifier is missing type specifier");
            }
        }
        if (i >= len) {
            free(items);
            return bad_format(ctx, site, f, len, pct, i - 1, "Format specifier is incomplete");
        }
        if (!is_conv(f[i])) {
            uint32_t cp = (unsigned char)f[i];
            int k = utf8_decode(f + i, len - i, &cp);
            char msg[64];
            sb cs = { 0 };
            sb_pututf8(&cs, k > 0 ? cp : 0xFFFD);
            snprintf(msg, sizeof msg, "'%s' is not a valid type specifier", sb_str(&cs));
            sb_free(&cs);
            free(items);
            return bad_format(ctx, site, f, len, pct, i, msg);
        }
        s->conv = f[i++];
        s->end = i;
        if (strchr("diouxX", s->conv) && s->prec > 0)
            s->zero = 0;
        else if (strchr("eEfFgG", s->conv) && !parsed_prec)
            s->prec = 6;
        else if (!parsed_prec)
            s->prec = -1;
        if (parsed_prec && s->prec < 0)
            s->prec = 0;
        ++*nargs;
        lit = i;
    }
    *out = items;
    *nitems = n;
    return 0;
}

int printf_check(jc_ctx *ctx, const char *fmt, size_t len, const ast *site)
{
    fmt_item *items;
    int n, nargs;
    if (parse_format(ctx, site, fmt, len, &items, &n, &nargs) < 0)
        return -1;
    free(items);
    return 0;
}

/* ---- padding ---- */

static void pad(sb *out, int64_t n, char c)
{
    for (int64_t i = 0; i < n; i++)
        sb_putc(out, c);
}

/* Appends body (sign and digits, `lead` bytes of sign/prefix first) within width: spaces
 * on the left or right, or zeros after the lead. */
static void put_padded(sb *out, const spec *s, const char *body, size_t blen, size_t lead,
                       int zero_ok)
{
    int64_t w = (int64_t)utf8_width(body, blen);
    int64_t n = s->width > w ? s->width - w : 0;
    if (s->left) {
        sb_put(out, body, blen);
        pad(out, n, ' ');
    } else if (s->zero && zero_ok) {
        sb_put(out, body, lead);
        pad(out, n, '0');
        sb_put(out, body + lead, blen - lead);
    } else {
        pad(out, n, ' ');
        sb_put(out, body, blen);
    }
}

/* ---- floats ---- */

static void sign_of(sb *b, int neg, const spec *s)
{
    if (neg)
        sb_putc(b, '-');
    else if (s->plus)
        sb_putc(b, '+');
    else if (s->space)
        sb_putc(b, ' ');
}

/* C's %.*e / %.*f of |x| (finite) into b; digits are exact and correctly rounded. */
static void c_fmt(sb *b, double ax, int64_t prec, char conv, int hash)
{
    char f[16];
    snprintf(f, sizeof f, "%%%s.*%c", hash ? "#" : "", conv);
    int need = snprintf(NULL, 0, f, (int)prec, ax);
    char *t = xmalloc((size_t)need + 1);
    snprintf(t, (size_t)need + 1, f, (int)prec, ax);
    sb_put(b, t, (size_t)need);
    free(t);
}

/* Removes trailing zeros of the fraction of b (from `from`), and the point if nothing is
 * left after it; in an exponent form only the mantissa is trimmed. */
static void trim_zeros(sb *b, size_t from)
{
    char *s = b->s + from;
    size_t n = b->len - from;
    char *dot = memchr(s, '.', n);
    if (!dot)
        return;
    char *e = memchr(s, 'e', n);
    if (!e)
        e = memchr(s, 'E', n);
    size_t mend = e ? (size_t)(e - s) : n;
    size_t k = mend;
    while (k > (size_t)(dot - s) + 1 && s[k - 1] == '0')
        k--;
    if (k == (size_t)(dot - s) + 1)
        k--;
    memmove(s + k, s + mend, n - mend);
    b->len = from + k + (n - mend);
    b->s[b->len] = 0;
}

/* %a of a finite double, Printf's algorithm: the significand of frexp doubled into
 * [1, 2), rounded to prec hex digits (ties to even) or written exactly when prec < 0. */
static void hexfloat(sb *b, double ax, int64_t prec, int upper, int hash)
{
    const char *hx = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    sb_puts(b, upper ? "0X" : "0x");
    if (ax == 0) {
        sb_putc(b, '0');
        if (prec > 0) {
            sb_putc(b, '.');
            pad(b, prec, '0');
        }
        sb_puts(b, upper ? "P+0" : "p+0");
        return;
    }
    int p;
    double m = frexp(ax, &p);     /* [0.5, 1) */
    uint64_t u;
    int ndig;                     /* hex digits after the point */
    if (prec >= 0) {
        int sig = 4 * (int)(prec < 13 ? prec : 13);
        double r = nearbyint(ldexp(m, 1 + sig));   /* [2^sig, 2^(sig+1)] */
        /* r = lead * 2^sig + frac: lead is 1, or 2 when rounding carried */
        uint64_t ir = (uint64_t)r;
        u = ir;
        ndig = sig / 4;
    } else {
        double s2 = m * 2;        /* [1, 2) */
        uint64_t bits;
        memcpy(&bits, &s2, sizeof bits);
        u = (bits & 0x000fffffffffffffULL) | 0x0010000000000000ULL;
        ndig = 13;
        while (ndig > 0 && (u & 0xf) == 0) {
            u >>= 4;
            ndig--;
        }
    }
    /* u holds the lead digit followed by ndig hex digits */
    uint64_t lead = u >> (4 * ndig);
    sb_putc(b, hx[lead & 0xf]);
    int frac = ndig > 0 || hash || prec > 0;
    if (frac)
        sb_putc(b, '.');
    for (int i = ndig - 1; i >= 0; i--)
        sb_putc(b, hx[(u >> (4 * i)) & 0xf]);
    for (int64_t i = ndig; prec >= 0 && i < prec; i++)
        sb_putc(b, '0');
    sb_printf(b, "%c%c%d", upper ? 'P' : 'p', p - 1 < 0 ? '-' : '+', abs(p - 1));
}

static int fmt_double(jc_ctx *ctx, sb *out, const spec *s, double x)
{
    (void)ctx;
    sb b = { 0 };
    int neg = signbit(x) && !isnan(x);
    char c = s->conv;
    if (isnan(x) || isinf(x)) {
        if (c == 'a' || c == 'A')
            sign_of(&b, neg, s);
        else
            sign_of(&b, neg && !isnan(x), s);
        sb_puts(&b, isnan(x) ? "NaN" : "Inf");
        /* Ryu writes Inf and NaN whole: a 0 flag pads them with spaces */
        put_padded(out, s, sb_str(&b), b.len, 0, 0);
        sb_free(&b);
        return 0;
    }
    double ax = fabs(x);
    sign_of(&b, neg, s);
    size_t lead = b.len;
    switch (c) {
    case 'e': case 'E': case 'f': case 'F':
        c_fmt(&b, ax, s->prec, c == 'F' ? 'f' : c, s->hash);
        break;
    case 'g': case 'G': {
        int64_t P = s->prec == 0 ? 1 : s->prec;
        char tmp[64];
        int exp10 = 0;
        if (ax != 0) {
            snprintf(tmp, sizeof tmp, "%.*e", (int)(P < 40 ? P : 40), ax);
            char *e = strchr(tmp, 'e');
            exp10 = e ? atoi(e + 1) : 0;
        }
        size_t from = b.len;
        if (-4 <= exp10 && exp10 < P)
            c_fmt(&b, ax, P - (exp10 + 1), 'f', s->hash);
        else
            c_fmt(&b, ax, P - 1, c == 'g' ? 'e' : 'E', s->hash);
        if (!s->hash)
            trim_zeros(&b, from);
        break;
    }
    default: /* a, A */
        hexfloat(&b, ax, s->prec, c == 'A', s->hash);
        lead += 2;
        break;
    }
    put_padded(out, s, sb_str(&b), b.len, lead, 1);
    sb_free(&b);
    return 0;
}

/* A BigFloat through MPFR with the spec rewritten for it, as Printf does. */
static int fmt_bigfloat(jc_ctx *ctx, sb *out, const spec *s, mpfr_srcptr x, const ast *site)
{
    char f[96];
    char *p = f;
    *p++ = '%';
    if (s->left) *p++ = '-';
    if (s->plus) *p++ = '+';
    if (s->space) *p++ = ' ';
    if (s->zero) *p++ = '0';
    if (s->hash) *p++ = '#';
    if (s->width > 0)
        p += sprintf(p, "%lld", (long long)s->width);
    if (s->prec >= 0)
        p += sprintf(p, ".%lld", (long long)s->prec);
    *p++ = 'R';
    *p++ = s->conv == 'F' ? 'f' : s->conv;
    *p = 0;
    int need = mpfr_snprintf(NULL, 0, f, x);
    if (need > 8192)
        return err_throw(ctx, ERR_ARGUMENT, site,
                         "The given BigFloat requires %d bytes to be printed, which is more than "
                         "the maximum of 8192 bytes supported.", need);
    if (need < 0)
        return err_throw(ctx, ERR_ARGUMENT, site, "The given BigFloat could not be printed");
    char *t = xmalloc((size_t)need + 1);
    mpfr_snprintf(t, (size_t)need + 1, f, x);
    sb_put(out, t, (size_t)need);
    free(t);
    return 0;
}

static int is_real_number(value v) { return val_kind_is(v.type, VK_REAL); }

static int no_method(jc_ctx *ctx, const ast *site, const spec *s, value v)
{
    sb t = { 0 };
    jc_typeobj *ty = type_of_value(v);
    show_value(ctx, &t, v_obj(T_TYPE, 0, &ty->h), SHOW_PRINT, 0);
    type_release(ty);
    int r = err_throw(ctx, ERR_METHOD, site,
                      "no method matching format for %%%c with an argument of type %s", s->conv,
                      sb_str(&t));
    sb_free(&t);
    return r;
}

static int fmt_float(jc_ctx *ctx, sb *out, const spec *s, value v, const ast *site)
{
    if (!is_real_number(v)) {   /* Printf.tofloat(x) = Float64(x) */
        lib_no_method_func(ctx, "Float64", 1, &v);
        err_locate(ctx, site);
        return -1;
    }
    if (v.type == T_BIGFLOAT && mpfr_number_p(val_mpfr(v)))
        return fmt_bigfloat(ctx, out, s, val_mpfr(v), site);
    double d;
    if (num_to_double(ctx, v, &d) < 0)
        return -1;
    return fmt_double(ctx, out, s, d);
}

/* ---- integers ---- */

static int fmt_int(jc_ctx *ctx, sb *out, const spec *s, value v, const ast *site)
{
    if (val_kind_is(v.type, VK_FLOAT)) {
        spec f = *s;   /* floatfmt: %f at precision 0, flags and width kept */
        f.conv = 'f';
        f.prec = 0;
        return fmt_float(ctx, out, &f, v, site);
    }
    if (!val_kind_is(v.type, VK_INTEGER) && v.type != T_RATIONAL) {   /* ndigits(x, base = b, pad = 1) */
        value nd[2] = { v, v_int(10) };
        lib_no_method_func(ctx, "ndigits0z", 2, nd);
        err_locate(ctx, site);
        return -1;
    }
    mpz_t z;
    mpz_init(z);
    if (v.type == T_RATIONAL) {
        if (mpz_cmp_ui(mpq_denref(val_mpq(v)), 1) != 0) {
            mpz_clear(z);
            sb t = { 0 };
            show_value(ctx, &t, v, SHOW_REPR, 0);
            int r = err_throw(ctx, ERR_INEXACT, site, "Integer(%s)", sb_str(&t));
            sb_free(&t);
            return r;
        }
        mpz_set(z, mpq_numref(val_mpq(v)));
    } else if (num_to_mpz(ctx, z, v) < 0) {
        mpz_clear(z);
        return -1;
    }
    int base = s->conv == 'x' || s->conv == 'X' ? 16 : s->conv == 'o' ? 8 : 10;
    int neg = mpz_sgn(z) < 0;
    mpz_abs(z, z);
    if (num_check_bits(ctx, (double)mpz_sizeinbase(z, 2) * 2) < 0) {
        mpz_clear(z);
        return -1;
    }
    char *dig = mpz_get_str(NULL, base, z);
    mpz_clear(z);
    if (s->conv == 'X')
        for (char *q = dig; *q; q++)
            if (*q >= 'a' && *q <= 'f')
                *q = (char)(*q - 'a' + 'A');
    int64_t n = (int64_t)strlen(dig), prec = s->prec, width = s->width;
    int64_t arglen = n + (neg || s->plus || s->space) + (s->conv == 'o' && s->hash) +
                     ((s->conv == 'x' || s->conv == 'X') && s->hash ? 2 : 0);
    int64_t arglen2 = arglen;
    if (arglen < width && prec > 0) {
        int64_t more = prec - n > 0 ? prec - n : 0;
        arglen2 = arglen + (more < width - arglen ? more : width - arglen);
    }
    if (!s->left && !s->zero && arglen2 < width)
        pad(out, width - arglen2, ' ');
    sign_of(out, neg, s);
    if (s->hash && s->conv == 'o')
        sb_putc(out, '0');
    else if (s->hash && s->conv == 'x')
        sb_puts(out, "0x");
    else if (s->hash && s->conv == 'X')
        sb_puts(out, "0X");
    if (s->zero && arglen2 < width)
        pad(out, width - arglen2, '0');
    else if (n < prec)
        pad(out, prec - n, '0');
    else if (arglen < arglen2)
        pad(out, arglen2 - arglen, '0');
    sb_put(out, dig, (size_t)n);
    free(dig);
    if (s->left && arglen2 < width)
        pad(out, width - arglen2, ' ');
    return 0;
}

/* ---- characters and strings ---- */

static int charwidth(uint32_t cp)
{
    int w = utf8proc_charwidth((utf8proc_int32_t)cp);
    return w > 0 ? w : 0;
}

static int fmt_char(jc_ctx *ctx, sb *out, const spec *s, value v, const ast *site)
{
    uint32_t cp;
    if (v.type == T_CHAR) {
        cp = v.u.c;
    } else if (v.type == T_STRING && val_string(v)->len > 0) {
        if (utf8_decode(val_string(v)->s, val_string(v)->len, &cp) < 0)
            cp = 0xFFFD;
    } else if (val_kind_is(v.type, VK_INTEGER) && v.type != T_BOOL) {
        int64_t i;
        if (num_to_int64(ctx, v, &i) < 0)
            return -1;
        if (i < 0 || i > 0x10FFFF)
            return err_throw(ctx, ERR_ERROR, site, "Cannot convert %lld to a Char",
                             (long long)i);  /* what Char(i) says: CodePointError's text */
        cp = (uint32_t)i;
    } else {
        return no_method(ctx, site, s, v);
    }
    int w = charwidth(cp);
    if (!s->left && s->width > w)
        pad(out, s->width - w, ' ');
    sb_pututf8(out, cp);
    if (s->left && s->width > w)
        pad(out, s->width - w, ' ');
    return 0;
}

static int fmt_string(jc_ctx *ctx, sb *out, const spec *s, value v)
{
    sb str = { 0 };
    show_value(ctx, &str, v, SHOW_PRINT, 0);
    if (ctx->err_set) {
        sb_free(&str);
        return -1;
    }
    int is_str = v.type == T_STRING, is_sym = v.type == T_SYMBOL;
    int64_t slen = (int64_t)utf8_width(sb_str(&str), str.len) + (s->hash ? (is_str ? 2 : 1) : 0);
    int64_t p = s->prec < 0 ? slen : (slen < s->prec ? slen : s->prec), op = p;
    if (!s->left && s->width > p)
        pad(out, s->width - p, ' ');
    if (s->hash && is_sym) {
        sb_putc(out, ':');
        p--;
    } else if (s->hash && is_str) {
        sb_putc(out, '"');
        p--;
    }
    const char *t = sb_str(&str);
    for (size_t i = 0; i < str.len;) {
        uint32_t cp;
        int k = utf8_decode(t + i, str.len - i, &cp);
        int w = k < 0 ? 1 : charwidth(cp);
        if (k < 0)
            k = 1;
        p -= w;
        if (p < 0)
            break;
        sb_put(out, t + i, (size_t)k);
        i += (size_t)k;
    }
    if (s->hash && is_str && p > 0)
        sb_putc(out, '"');
    if (s->left && s->width > op)
        pad(out, s->width - op, ' ');
    sb_free(&str);
    return 0;
}

/* ---- the whole format ---- */

static void put_literal(sb *out, const char *f, size_t off, size_t len)
{
    for (size_t i = off; i < off + len; i++) {
        sb_putc(out, f[i]);
        if (f[i] == '%' && i + 1 < off + len && f[i + 1] == '%')
            i++;
    }
}

static int take_int(jc_ctx *ctx, value v, int64_t *out, const ast *site)
{
    if (!val_kind_is(v.type, VK_INTEGER))
        return err_throw(ctx, ERR_TYPE, site,
                         "in typeassert, expected Integer, got a value of another type");
    return num_to_int64(ctx, v, out);
}

int printf_format(jc_ctx *ctx, sb *out, const char *fmt, size_t len, int n, const value *args,
                  const ast *site)
{
    fmt_item *items;
    int ni, nargs;
    if (parse_format(ctx, site, fmt, len, &items, &ni, &nargs) < 0)
        return -1;
    if (nargs != n) {
        free(items);
        return err_throw(ctx, ERR_ARGUMENT, site,
                         "Number of format specifiers and number of provided args differ: "
                         "%d != %d", nargs, n);
    }
    int ai = 0, r = 0;
    for (int i = 0; i < ni && r == 0; i++) {
        fmt_item *it = &items[i];
        put_literal(out, fmt, it->lit_off, it->lit_len);
        if (!it->has_spec)
            continue;
        spec s = it->s;
        if (s.dyn_width) {
            int64_t w;
            if (take_int(ctx, args[ai++], &w, site) < 0) {
                r = -1;
                break;
            }
            s.width = w;   /* a negative width pads nothing (Printf has no C rule here) */
        }
        if (s.dyn_prec) {
            int64_t p;
            if (take_int(ctx, args[ai++], &p, site) < 0) {
                r = -1;
                break;
            }
            s.prec = p < 0 ? -1 : p;
            if (s.zero && strchr("diouxX", s.conv) && s.prec > 0)
                s.zero = 0;
            if (s.prec < 0 && strchr("eEfFgG", s.conv))
                s.prec = 6;
        }
        /* widths and precisions are output: within --max-bits before any is written */
        if (num_check_bits(ctx, ((double)s.width + (s.prec > 0 ? (double)s.prec : 0)) * 8) < 0 ||
            ((s.conv != 's' && s.conv != 'S' && s.conv != 'c' && s.conv != 'C') &&
             s.prec > 100000000)) {
            if (!ctx->err_set)
                num_check_bits(ctx, 1e300);
            r = -1;
            break;
        }
        value v = args[ai++];
        switch (s.conv) {
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
            r = fmt_int(ctx, out, &s, v, site);
            break;
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
            r = fmt_float(ctx, out, &s, v, site);
            break;
        case 'c': case 'C':
            r = fmt_char(ctx, out, &s, v, site);
            break;
        case 's': case 'S':
            r = fmt_string(ctx, out, &s, v);
            break;
        case 'p':   /* a pointer's address: an integer as %#.16x (%#.8x when narrower) */
            if (val_kind_is(v.type, VK_INTEGER)) {
                spec px = s;
                px.conv = 'x';
                px.hash = 1;
                px.prec = v.type == T_INT64 || v.type == T_UINT64 ? 16 : 8;
                r = fmt_int(ctx, out, &px, v, site);
                break;
            }
            r = no_method(ctx, site, &s, v);
            break;
        default: /* D O U n: conversions Printf parses but has no method to write */
            r = no_method(ctx, site, &s, v);
            break;
        }
        if (r == 0 && num_check_bits(ctx, (double)out->len * 8) < 0)
            r = -1;
    }
    free(items);
    return r;
}
