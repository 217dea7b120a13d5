/* literal.c — numeric literal text to values.
 *
 * Method: a literal that fits a machine word is read directly (the fast paths below);
 * anything else is copied without its `_` separators and handed to GMP (integers) or to
 * strtod / strtof (floats), which round correctly.  Every fast path gives exactly the
 * value of the general path: they exist because the parser converts every number in
 * the input and most are short.
 *
 * Types: a decimal integer is an Int64, or a BigInt past 2^63 - 1; 0x and 0b literals
 * are unsigned of the width their digit count needs (UInt8 .. UInt64), 0o literals the
 * width their digit count or value needs, and BigInt beyond 64 bits (jcalc has no
 * UInt128).  Float32 literals are stored as the double of the same value. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "num/literal.h"
#include "num/fixint.h"
#include "num/num.h"

/* ---- conversion ---- */

/* A copy of literal text for GMP or strtod: at most n + 1 bytes plus the NUL (a sign
 * may be added, `_` and the two extra bytes of U+2212 are dropped). */
typedef struct lit_text {
    char *s;
    size_t len;
    char small[80];
} lit_text;

static void lit_text_init(lit_text *b, size_t n)
{
    b->s = n + 2 <= sizeof b->small ? b->small : xmalloc(n + 2);
    b->len = 0;
}

static void lit_text_free(lit_text *b)
{
    if (b->s != b->small)
        free(b->s);
}

static void lit_digits_only(lit_text *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != '_')
            b->s[b->len++] = s[i];
    b->s[b->len] = 0;
}

static int lit_dec_text(value *out, const char *s, size_t n, int neg);

static int lit_dec(value *out, const char *s, size_t n, int neg)
{
    /* up to 18 digits (with `_` separators) always fit an Int64: no text copy, no
     * strtoll */
    int64_t v = 0;
    size_t i = 0;
    int nd = 0;
    for (; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (d < 10u) {
            if (nd == 18)
                break;
            v = 10 * v + d;
            nd++;
        } else if (s[i] != '_') {
            break;
        }
    }
    if (i == n) {
        *out = v_int(neg ? -v : v);
        return 0;
    }
    return lit_dec_text(out, s, n, neg);
}

/* The general path of lit_dec: strtoll, or GMP past Int64.  Kept out of line so that
 * the fast paths carry no text buffer (and no stack-protector work). */
static __attribute__((noinline)) int lit_dec_text(value *out, const char *s, size_t n, int neg)
{
    lit_text b;
    lit_text_init(&b, n);
    if (neg)
        b.s[b.len++] = '-';
    lit_digits_only(&b, s, n);
    errno = 0;
    char *e;
    long long ll = strtoll(b.s, &e, 10);
    if (errno == ERANGE) {
        *out = v_bigint_new();
        mpz_set_str(val_mpz(*out), b.s, 10);
    } else {
        *out = v_int(ll);
    }
    lit_text_free(&b);
    return 0;
}

static int lit_radix_text(value *out, int base, const char *s, size_t n);

static int lit_radix(value *out, num_literal_kind k, const char *s, size_t n)
{
    int base = k == LIT_HEX ? 16 : k == LIT_BIN ? 2 : 8;
    /* hex and binary of at most 64 bits: the type is the digit count's, the value read
     * directly (the same result as through GMP below) */
    if (base != 8) {
        uint64_t u = 0;
        size_t nd = 0, i;
        unsigned sh = base == 16 ? 4 : 1;
        for (i = 2; i < n; i++) {
            unsigned c = (unsigned char)s[i], d;
            if (c == '_')
                continue;
            d = c - '0' < 10u ? c - '0' : (c | 0x20) - 'a' < 6u ? (c | 0x20) - 'a' + 10 : 99;
            if (d >= (unsigned)base || nd == 64 / sh)
                break;
            u = u << sh | d;
            nd++;
        }
        if (i == n && nd > 0) {
            size_t bits = nd * sh;
            out->type = bits <= 8 ? T_UINT8 : bits <= 16 ? T_UINT16 : bits <= 32 ? T_UINT32
                                                                          : T_UINT64;
            out->sub = 0;
            out->u.u = u;
            return 0;
        }
    }
    return lit_radix_text(out, base, s, n);
}

/* The general path of lit_radix: GMP, then the type from the digit count and value. */
static __attribute__((noinline)) int lit_radix_text(value *out, int base, const char *s,
                                                    size_t n)
{
    lit_text b;
    lit_text_init(&b, n);
    lit_digits_only(&b, s + 2, n - 2);
    size_t nd = b.len;
    mpz_t z;
    mpz_init_set_str(z, b.s, base);
    lit_text_free(&b);
    /* the type comes from the digit count (hex, binary); octal also needs the value to
     * fit.  Beyond 128 bits: BigInt. */
    size_t bits = base == 16 ? 4 * nd : base == 2 ? nd : 0;
    static const struct { size_t bits; uint8_t type; } widths[] = {
        {8, T_UINT8}, {16, T_UINT16}, {32, T_UINT32}, {64, T_UINT64}, {128, T_UINT128},
    };
    static const size_t oct_digits[] = {3, 6, 11, 22, 43};
    int found = -1;
    for (int w = 0; w < 5 && found < 0; w++)
        if (base == 8 ? nd <= oct_digits[w] : bits <= widths[w].bits)
            found = w;
    while (base == 8 && found >= 0 && mpz_sizeinbase(z, 2) > widths[found].bits)
        found = found + 1 < 5 ? found + 1 : -1;
    if (found >= 0)
        *out = fix_from_mpz(widths[found].type, z);
    else
        *out = v_bigint_from_mpz(z);
    mpz_clear(z);
    return 0;
}

static void lit_set_f32(value *out, float f)
{
    out->type = T_FLOAT32;
    out->sub = 0;
    out->u.f = (double)f;
}

static int lit_float_text(value *out, int f32, const char *s, size_t n, int neg);

static int lit_float(value *out, num_literal_kind k, const char *s, size_t n, int neg)
{
    int f32 = k == LIT_FLOAT32;
    /* d.d[e±d] with at most 15 digits: the digits form an integer m < 2^53 and the value
     * is m * 10^q; while |q| <= 22, 10^|q| is exact too, so one IEEE multiply or divide
     * gives the correctly rounded result, the same double strtod returns.  A Float32
     * (d.df±d) likewise, in float arithmetic, with m < 2^24 (7 digits) and |q| <= 10
     * (5^10 < 2^24). */
    static const double pow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8,
                                   1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
                                   1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    static const float pow10f[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f,
                                   1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
    int64_t m = 0;
    int ndig = 0, frac = -1, q = 0;
    size_t i;
    for (i = 0; i < n && ndig <= 15; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (d < 10u) {
            m = 10 * m + d;
            ndig++;
            if (frac >= 0)
                frac++;
        } else if (s[i] == '.' && frac < 0) {
            frac = 0;
        } else {
            break;
        }
    }
    if (i < n && ndig > 0 && ndig <= 15 && (f32 ? s[i] == 'f' : (s[i] == 'e' || s[i] == 'E'))) {
        int eneg = 0, e = 0, nexp = 0;
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            eneg = s[i++] == '-';
        for (; i < n && nexp < 4; i++, nexp++) {
            unsigned d = (unsigned)(s[i] - '0');
            if (d >= 10u)
                break;
            e = 10 * e + (int)d;
        }
        if (nexp == 0 || nexp == 4)
            i = 0;  /* not the plain shape: the general path below */
        q = eneg ? -e : e;
    }
    q -= frac < 0 ? 0 : frac;
    if (i == n && ndig > 0 && !f32 && ndig <= 15 && q >= -22 && q <= 22) {
        double d = q < 0 ? (double)m / pow10[-q] : (double)m * pow10[q];
        *out = v_f64(neg ? -d : d);
        return 0;
    }
    if (FLT_EVAL_METHOD == 0 && i == n && ndig > 0 && f32 && ndig <= 7 && q >= -10 &&
        q <= 10) {
        float f = q < 0 ? (float)m / pow10f[-q] : (float)m * pow10f[q];
        lit_set_f32(out, neg ? -f : f);
        return 0;
    }
    return lit_float_text(out, f32, s, n, neg);
}

/* The general path of lit_float: strtod / strtof on the text without separators. */
static __attribute__((noinline)) int lit_float_text(value *out, int f32, const char *s,
                                                    size_t n, int neg)
{
    lit_text b;
    lit_text_init(&b, n);
    if (neg)
        b.s[b.len++] = '-';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '_')
            continue;
        if (c == 0xE2 && i + 2 < n) {  /* U+2212 in an exponent */
            b.s[b.len++] = '-';
            i += 2;
            continue;
        }
        if (c == 'f' && f32)
            c = 'e';
        b.s[b.len++] = (char)c;
    }
    b.s[b.len] = 0;
    int r = 0;
    if (f32) {
        float f = strtof(b.s, NULL);
        if (isinf(f))
            r = NUM_LITERAL_OVERFLOW;
        else
            lit_set_f32(out, f);
    } else {
        double d = strtod(b.s, NULL);
        if (isinf(d))
            r = NUM_LITERAL_OVERFLOW;
        else
            *out = v_f64(d);
    }
    lit_text_free(&b);
    return r;
}

int num_literal_convert(value *out, num_literal_kind k, const char *s, size_t n, int neg)
{
    switch (k) {
    case LIT_DEC:
        return lit_dec(out, s, n, neg);
    case LIT_BIN: case LIT_OCT: case LIT_HEX:
        return lit_radix(out, k, s, n);
    default:
        return lit_float(out, k, s, n, neg);
    }
}

/* ---- parse(T, s) ---- */

static int lit_is_dec(int c) { return c >= '0' && c <= '9'; }
static int lit_is_hex(int c)
{
    return lit_is_dec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int lit_is_bin(int c) { return c == '0' || c == '1'; }
static int lit_is_oct(int c) { return c >= '0' && c <= '7'; }

/* Digits accepted by f with single `_` separators between digits (lex.c's rule). */
static size_t lit_accept(const char *s, size_t n, size_t i, int (*f)(int))
{
    while (i < n && (f((unsigned char)s[i]) ||
                     (s[i] == '_' && i + 1 < n && f((unsigned char)s[i + 1]))))
        i++;
    return i;
}

/* An exponent marker e/E/f at s[i] with its optional sign: the position after the sign,
 * or 0. */
static size_t lit_exponent(const char *s, size_t n, size_t i)
{
    if (i >= n || !(s[i] == 'e' || s[i] == 'E' || s[i] == 'f'))
        return 0;
    return i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-') ? i + 2 : i + 1;
}

/* Is s[0..n) exactly one numeric token as lex.c's lex_number delimits it, and of which
 * shape?  The text holds only the characters num_literal_parse admits, where the
 * lexer's context rules reduce to: `.` then `+`/`-` is the ambiguous `1.+2`, and `1.`
 * then a letter or `_` is the error "cannot be implicitly multiplied".  Whatever the
 * lexer would read as more than one token (1..2, 1x, 0X1) is not a literal. */
static int lit_scan(const char *s, size_t n, num_literal_kind *k)
{
    size_t i = 0;
    if (n == 0 || !(lit_is_dec((unsigned char)s[0]) ||
                    (s[0] == '.' && n > 1 && lit_is_dec((unsigned char)s[1]))))
        return 0;
    *k = LIT_DEC;
    if (s[0] == '0' && n > 1 && (s[1] == 'x' || s[1] == 'b' || s[1] == 'o')) {
        char base = s[1];
        i = lit_accept(s, n, 2, base == 'x'   ? lit_is_hex
                                : base == 'b' ? lit_is_bin
                                              : lit_is_oct);
        int had = i > 2;
        if (base != 'x') {
            *k = base == 'b' ? LIT_BIN : LIT_OCT;
            return had && i == n;
        }
        int isfloat = 0;
        if (i < n && s[i] == '.' && !(i + 1 < n && s[i + 1] == '.')) {
            size_t f0 = ++i;
            i = lit_accept(s, n, i, lit_is_hex);
            had = had || i > f0;
            isfloat = 1;
        }
        if (!had)
            return 0;
        if (i < n && (s[i] == 'p' || s[i] == 'P')) {
            i++;
            if (i < n && (s[i] == '+' || s[i] == '-'))
                i++;
            size_t e0 = i;
            i = lit_accept(s, n, i, lit_is_dec);
            *k = LIT_FLOAT64;
            return i > e0 && i == n;
        }
        *k = LIT_HEX;
        return !isfloat && i == n;
    }
    int isfloat = 0;
    if (s[0] != '.')
        i = lit_accept(s, n, 0, lit_is_dec);
    if (i < n && s[i] == '.') {
        if (i + 1 < n && (s[i + 1] == '.' || s[i + 1] == '+' || s[i + 1] == '-'))
            return 0;  /* 1..2, or the ambiguous 1.+2 */
        size_t f0 = ++i;
        isfloat = 1;
        i = lit_accept(s, n, i, lit_is_dec);
        if (i == f0 && i < n) {
            size_t ex = lit_exponent(s, n, i);
            if (!(ex && ex < n && lit_is_dec((unsigned char)s[ex])))
                return 0;  /* 1.x: a letter or `_` after `1.` */
        }
        if (i < n && s[i] == '.')
            return 0;  /* 1.0.2 or 1.0..2 */
    }
    size_t ex = lit_exponent(s, n, i);
    if (ex) {
        if (ex < n && lit_is_dec((unsigned char)s[ex])) {
            *k = s[i] == 'f' ? LIT_FLOAT32 : LIT_FLOAT64;
            return lit_accept(s, n, ex, lit_is_dec) == n;
        }
        if (ex > i + 1)
            return 0;  /* 1e+ with no digits */
    }
    if (isfloat)
        *k = LIT_FLOAT64;
    return i == n;
}

/* What the parser makes of a sign run before a literal (no whitespace can occur):
 *   N      the literal                 +N    the literal (a glued `+`)
 *   -N     glued for decimal and float literals; for 0x/0b/0o, the call -(N)
 *   +-N    +(-N), -N glued: decimal and float only (else +(-(N)), not a literal)
 *   -+N    -(+N): the negated literal
 * and nothing else is a literal: `--` is an invalid operator, `++` not a unary one,
 * and a third sign nests one call too deep. */
int num_literal_parse(jc_ctx *ctx, value *out, const char *s, size_t n)
{
    /* a NUL byte at either end is trimmed like the whitespace (as it always was: the
     * trimming used strchr, which finds the terminator); inside, it is not a literal */
    size_t b = 0, e = n;
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == 0))
        b++;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == 0))
        e--;
    if (b == e)
        return -1;
    for (size_t i = b; i < e; i++)
        if (!s[i] || !strchr("0123456789+-.eExXoObBpPaAcCdDfF_", s[i]))
            return -1;
    char sg[2];
    int nsign = 0;
    while (b < e && (s[b] == '+' || s[b] == '-')) {
        if (nsign == 2)
            return -1;
        sg[nsign++] = s[b++];
    }
    num_literal_kind k;
    if (!lit_scan(s + b, e - b, &k))
        return -1;
    int radix = k == LIT_BIN || k == LIT_OCT || k == LIT_HEX;
    int glued_minus = 0, negate = 0;
    if (nsign == 1 && sg[0] == '-') {
        glued_minus = !radix;
        negate = radix;
    } else if (nsign == 2) {
        if (sg[0] == sg[1] || (sg[0] == '+' && radix))
            return -1;
        glued_minus = sg[0] == '+';
        negate = sg[0] == '-';
    }
    value v;
    if (num_literal_value(&v, k, s + b, e - b, glued_minus) != 0)
        return -1;
    if (!negate) {
        *out = v;
        return 0;
    }
    int r = num_neg(ctx, out, v);
    val_release(v);
    return r == 0 ? 0 : -1;
}
