/* strings.c — strings and characters as values: concatenation, repetition, the common
 * queries and transformations, parse, and printstyled.
 *
 * Strings are UTF-8 byte strings as in Julia; lengths and indices that users see count
 * characters.  Rows here decline (LIB_DECLINE) arguments that are not strings, so `*`
 * and `^` fall through to the number tower. */
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <utf8proc.h>

#include "array.h"
#include "exc.h"
#include "eval.h"
#include "num/literal.h"
#include "num/fixint.h"
#include "num/num.h"
#include "range.h"
#include "show.h"
#include "size.h"
#include "lib/lib.h"

static int is_text(value v) { return v.type == T_STRING || v.type == T_CHAR; }

/* Appends a String or Char's text. */
static void put_text(sb *out, value v)
{
    if (v.type == T_STRING)
        sb_put(out, val_string(v)->s, val_string(v)->len);
    else
        sb_pututf8(out, v.u.c);
}

static int give_string(sb *s, value *out)
{
    *out = v_string(sb_str(s), s->len);
    sb_free(s);
    return 0;
}

/* A string of `bytes` bytes is a result like any other: above --max-bits it is refused
 * (OverflowError) before it is built. */
static int text_fits(jc_ctx *ctx, size_t bytes)
{
    return num_check_bits(ctx, 8.0 * (double)bytes);
}

static size_t text_len(value v)
{
    return v.type == T_STRING ? val_string(v)->len : 4;
}

static int bi_concat(jc_ctx *ctx, value *out, const jc_args *a)
{
    size_t total = 0;
    for (int i = 0; i < a->n; i++) {
        if (!is_text(a->v[i]))
            return LIB_DECLINE;
        if (size_bytes_add(total, text_len(a->v[i]), &total) < 0)
            total = SIZE_MAX;
    }
    if (text_fits(ctx, total) < 0)
        return -1;
    sb s = { 0 };
    for (int i = 0; i < a->n; i++)
        put_text(&s, a->v[i]);
    return give_string(&s, out);
}

static int bi_repeat(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!is_text(a->v[0]) || a->n != 2)
        return LIB_DECLINE;
    int64_t n;
    if (num_to_int64(ctx, a->v[1], &n) < 0)
        return -1;
    if (n < 0)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "can't repeat a string %lld times",
                        (long long)n);
    sb one = { 0 };
    put_text(&one, a->v[0]);
    size_t total;
    if (size_bytes(one.len, (size_t)n, &total) < 0)
        total = SIZE_MAX;
    if (text_fits(ctx, total) < 0) {
        sb_free(&one);
        return -1;
    }
    if (one.len == 0) /* "" ^ 2^62 is "" without 2^62 steps */
        n = 0;
    sb s = { 0 };
    for (int64_t i = 0; i < n; i++)
        sb_put(&s, sb_str(&one), one.len);
    sb_free(&one);
    return give_string(&s, out);
}

/* Maps each character through f (utf8proc case mapping). */
static int map_chars(value v, value *out, utf8proc_int32_t (*f)(utf8proc_int32_t))
{
    if (v.type == T_CHAR) {
        *out = v_char((uint32_t)f((utf8proc_int32_t)v.u.c));
        return 0;
    }
    if (v.type != T_STRING)
        return LIB_DECLINE;
    jc_string *str = val_string(v);
    sb s = { 0 };
    for (size_t i = 0; i < str->len;) {
        uint32_t cp;
        int k = utf8_decode(str->s + i, str->len - i, &cp);
        if (k < 0) {
            sb_putc(&s, str->s[i++]);
            continue;
        }
        sb_pututf8(&s, (uint32_t)f((utf8proc_int32_t)cp));
        i += (size_t)k;
    }
    return give_string(&s, out);
}

static int bi_uppercase(jc_ctx *ctx, value *out, const jc_args *a) { (void)ctx; return map_chars(a->v[0], out, utf8proc_toupper); }
static int bi_lowercase(jc_ctx *ctx, value *out, const jc_args *a) { (void)ctx; return map_chars(a->v[0], out, utf8proc_tolower); }

static int both_strings(const jc_args *a) { return a->v[0].type == T_STRING && a->v[1].type == T_STRING; }

static int bi_startswith(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (!both_strings(a))
        return LIB_DECLINE;
    jc_string *s = val_string(a->v[0]), *p = val_string(a->v[1]);
    *out = v_bool(p->len <= s->len && !memcmp(s->s, p->s, p->len));
    return 0;
}

static int bi_endswith(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (!both_strings(a))
        return LIB_DECLINE;
    jc_string *s = val_string(a->v[0]), *p = val_string(a->v[1]);
    *out = v_bool(p->len <= s->len && !memcmp(s->s + s->len - p->len, p->s, p->len));
    return 0;
}

static int bi_occursin(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    value needle = a->v[0], hay = a->v[1];
    if (hay.type != T_STRING || !is_text(needle))
        return LIB_DECLINE;
    sb n = { 0 };
    put_text(&n, needle);
    jc_string *h = val_string(hay);
    *out = v_bool(memmem(h->s, h->len, sb_str(&n), n.len) != NULL);
    sb_free(&n);
    return 0;
}

static int is_space_cp(uint32_t cp)
{
    const utf8proc_property_t *p = utf8proc_get_property((utf8proc_int32_t)cp);
    return cp == ' ' || (cp >= '\t' && cp <= '\r') || cp == 0x85 ||
           p->category == UTF8PROC_CATEGORY_ZS;
}

static int strip_impl(value v, value *out, int left, int right)
{
    if (v.type != T_STRING)
        return LIB_DECLINE;
    jc_string *s = val_string(v);
    size_t b = 0, e = s->len;
    while (left && b < e) {
        uint32_t cp;
        int k = utf8_decode(s->s + b, e - b, &cp);
        if (k < 0 || !is_space_cp(cp))
            break;
        b += (size_t)k;
    }
    while (right && e > b) {
        size_t p = e - 1;
        while (p > b && ((unsigned char)s->s[p] & 0xC0) == 0x80)
            p--;
        uint32_t cp;
        int k = utf8_decode(s->s + p, e - p, &cp);
        if (k < 0 || !is_space_cp(cp))
            break;
        e = p;
    }
    *out = v_string(s->s + b, e - b);
    return 0;
}

static int bi_strip(jc_ctx *ctx, value *out, const jc_args *a) { (void)ctx; return strip_impl(a->v[0], out, 1, 1); }
static int bi_lstrip(jc_ctx *ctx, value *out, const jc_args *a) { (void)ctx; return strip_impl(a->v[0], out, 1, 0); }
static int bi_rstrip(jc_ctx *ctx, value *out, const jc_args *a) { (void)ctx; return strip_impl(a->v[0], out, 0, 1); }

static int bi_ncodeunits(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_STRING)
        return LIB_DECLINE;
    *out = v_int((int64_t)val_string(a->v[0])->len);
    return 0;
}

static int bi_codepoint(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_CHAR)
        return LIB_DECLINE;
    value v = { T_UINT32, 0, { .u = a->v[0].u.c } };
    *out = v;
    return 0;
}

static int bi_join(jc_ctx *ctx, value *out, const jc_args *a)
{
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, a->v[0], a->site) < 0)
        return -1;
    sb s = { 0 };
    int r;
    for (int first = 1;; first = 0) {
        value x;
        if ((r = eval_iter_step(ctx, &it, &x)) <= 0)
            break;
        if (!first && a->n > 1)
            show_value(ctx, &s, a->v[1], SHOW_PRINT, 0);
        show_value(ctx, &s, x, SHOW_PRINT, 0);
        val_release(x);
        if ((r = text_fits(ctx, s.len)) < 0) /* join(1:2^62) stops at the budget */
            break;
    }
    eval_iter_done(&it);
    if (r < 0) {
        sb_free(&s);
        return -1;
    }
    return give_string(&s, out);
}

static int bi_reverse(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_STRING)
        return LIB_DECLINE;
    jc_string *str = val_string(a->v[0]);
    sb s = { 0 };
    size_t e = str->len;
    while (e > 0) {
        size_t p = e - 1;
        while (p > 0 && ((unsigned char)str->s[p] & 0xC0) == 0x80)
            p--;
        sb_put(&s, str->s + p, e - p);
        e = p;
    }
    return give_string(&s, out);
}

/* parse(T, s) of an integer that T cannot hold: Julia's OverflowError, quoting the
 * text as given; 0 when lit fits (or T is not a bit integer). */
static int parse_overflow(jc_ctx *ctx, const jc_typeobj *t, const jc_string *s, value lit,
                          const ast *site)
{
    if (!fix_width(t->base) || !num_is_integer_type(lit))
        return 0;
    mpz_t z;
    mpz_init(z);
    num_to_mpz(ctx, z, lit);
    int ok = fix_fits_mpz(t->base, z);
    mpz_clear(z);
    if (ok)
        return 0;
    return err_throw(ctx, ERR_OVERFLOW, site, "overflow parsing \"%s\"", s->s);
}

/* parse(T, s; base = b) for an integer T: surrounding whitespace, an optional sign,
 * then at least one digit of base b (2 <= b <= 62).  As in Julia, letters stand for
 * 10..35 in either case when b <= 36; above 36, A-Z are 10..35 and a-z are 36..61.
 * The value is then converted to T like any other parse result. */
static int parse_int_base(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_string *s,
                          value basev, const jc_args *a)
{
    int64_t base;
    if (num_to_int64(ctx, basev, &base) < 0)
        return -1;
    if (base < 2 || base > 62)
        return err_throw(ctx, ERR_ARGUMENT, a->site,
                        "invalid base: base must be 2 ≤ base ≤ 62, got %lld",
                        (long long)base);
    size_t b = 0, e = s->len;
    while (b < e && strchr(" \t\n\v\f\r", s->s[b]))
        b++;
    while (e > b && strchr(" \t\n\v\f\r", s->s[e - 1]))
        e--;
    if (b == e)
        return err_throw(ctx, ERR_ARGUMENT, a->site,
                        "input string is empty or only contains whitespace");
    /* Julia quotes the text without its surrounding whitespace */
    const size_t b0 = b;
    const int tl = (int)(e - b0);
    int neg = 0;
    if (s->s[b] == '+' || s->s[b] == '-')
        neg = s->s[b++] == '-';
    if (b == e)
        return err_throw(ctx, ERR_ARGUMENT, a->site,
                        "premature end of integer: \"%.*s\"", tl, s->s + b0);
    mpz_t z;
    mpz_init(z);
    for (size_t i = b; i < e; i++) {
        unsigned char c = (unsigned char)s->s[i];
        int d = c >= '0' && c <= '9' ? c - '0'
              : c >= 'A' && c <= 'Z' ? c - 'A' + 10
              : c >= 'a' && c <= 'z' ? c - 'a' + (base <= 36 ? 10 : 36)
              : 99;
        if (d >= base) {
            mpz_clear(z);
            if (c >= 0x80)
                return err_throw(ctx, ERR_ARGUMENT, a->site,
                                "invalid base %lld digit in \"%.*s\"",
                                (long long)base, tl, s->s + b0);
            return err_throw(ctx, ERR_ARGUMENT, a->site,
                            "invalid base %lld digit '%c' in \"%.*s\"",
                            (long long)base, c, tl, s->s + b0);
        }
        mpz_mul_ui(z, z, (unsigned long)base);
        mpz_add_ui(z, z, (unsigned long)d);
    }
    if (neg)
        mpz_neg(z, z);
    value lit = v_int_from_mpz(z);
    mpz_clear(z);
    int r = parse_overflow(ctx, t, s, lit, a->site);
    if (r == 0)
        r = num_convert(ctx, out, t, lit);
    val_release(lit);
    return r;
}

/* parse(T, s): the text of a number literal, read exactly as the parser reads
 * literals (so "0x1p3", "1_000" and "1e-400" mean what they mean in source; the reader
 * is num/literal.c, which the parser shares), then converted to T. */
static int bi_parse(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_TYPE || a->v[1].type != T_STRING)
        return LIB_DECLINE;
    const jc_typeobj *t = val_typeobj(a->v[0]);
    jc_string *s = val_string(a->v[1]);
    const value *basev = lib_kwarg(ctx, a, "base");
    if (basev && (t->base == T_BOOL || t->base == T_BIGINT || val_kind_is(t->base, VK_WRAPS) ||
                  t->base == T_INT64))
        return parse_int_base(ctx, out, t, s, *basev, a);
    if (t->base == T_BIGFLOAT)
        return num_parse_bigfloat(ctx, out, s->s);
    value lit;
    int ok = num_literal_parse(ctx, &lit, s->s, s->len) == 0;
    if (ok) {
        int r = parse_overflow(ctx, t, s, lit, a->site);
        if (r == 0)
            r = num_convert(ctx, out, t, lit);
        val_release(lit);
        return r;
    }
    sb tn = { 0 };
    type_name(ctx, &tn, t);
    int r = err_throw(ctx, ERR_ARGUMENT, a->site, "cannot parse \"%s\" as %s",
                     s->s, sb_str(&tn));
    sb_free(&tn);
    return r;
}

/* ---- indexing: byte indices, as Julia's strings have ---- */

static int is_char_start(const jc_string *s, int64_t i)
{
    return i >= 1 && i <= (int64_t)s->len && ((unsigned char)s->s[i - 1] & 0xC0) != 0x80;
}

/* The byte index of the character that ends at or contains byte index i. */
static int64_t char_end(const jc_string *s, int64_t i)
{
    uint32_t cp;
    int k = utf8_decode(s->s + i - 1, s->len - (size_t)(i - 1), &cp);
    return i + (k > 0 ? k : 1) - 1;
}

static int index_error(jc_ctx *ctx, const jc_string *s, int64_t i, const ast *site)
{
    if (i < 1 || i > (int64_t)s->len) {
        err_throw(ctx, ERR_BOUNDS, site, "attempt to access %zu-codeunit String at index [%lld]",
                  s->len, (long long)i);
        exc_attach_index(ctx, EXC_BOUNDS, v_obj(T_STRING, 0, (obj *)&s->h), i, 0);
        return -1;
    }
    /* Julia names the valid indices on either side of a byte inside a character */
    int64_t before = i, after = i;
    while (before > 1 && !is_char_start(s, before))
        before--;
    while (after <= (int64_t)s->len && !is_char_start(s, after))
        after++;
    sb msg = { 0 };
    /* Julia's wording: "index" when no character follows (base/strings/string.jl) */
    sb_printf(&msg, "invalid index [%lld], valid nearby %s [%lld]=>'", (long long)i,
              after <= (int64_t)s->len ? "indices" : "index", (long long)before);
    sb_put(&msg, s->s + before - 1, (size_t)(char_end(s, before) - before + 1));
    sb_putc(&msg, '\'');
    if (after <= (int64_t)s->len) {
        sb_printf(&msg, ", [%lld]=>'", (long long)after);
        sb_put(&msg, s->s + after - 1, (size_t)(char_end(s, after) - after + 1));
        sb_putc(&msg, '\'');
    }
    int r = err_throw(ctx, ERR_STRINGINDEX, site, "%s", sb_str(&msg));
    exc_attach_index(ctx, EXC_STRINGINDEX, v_obj(T_STRING, 0, (obj *)&s->h), i, 0);
    sb_free(&msg);
    return r;
}

static int bi_str_getindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n != 2 || a->v[0].type != T_STRING)
        return LIB_DECLINE;
    const jc_string *s = val_string(a->v[0]);
    value ix = a->v[1];
    if (ix.type == T_INT64) {
        if (!is_char_start(s, ix.u.i))
            return index_error(ctx, s, ix.u.i, a->site);
        uint32_t cp;
        int k = utf8_decode(s->s + ix.u.i - 1, s->len - (size_t)(ix.u.i - 1), &cp);
        *out = v_char(k > 0 ? cp : 0xFFFD);
        return 0;
    }
    if (ix.type == T_RANGE && val_range(ix)->kind == RANGE_UNIT && val_range(ix)->start.type == T_INT64) {
        int64_t lo = val_range(ix)->start.u.i, n = range_length(ix);
        if (n == 0) {
            *out = v_string("", 0);
            return 0;
        }
        int64_t hi = lo + n - 1;
        if (!is_char_start(s, lo))
            return index_error(ctx, s, lo, a->site);
        if (!is_char_start(s, hi))
            return index_error(ctx, s, hi, a->site);
        int64_t end = char_end(s, hi);
        *out = v_string(s->s + lo - 1, (size_t)(end - lo + 1));
        return 0;
    }
    return LIB_DECLINE;
}

static int bi_str_lastindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_STRING)
        return LIB_DECLINE;
    const jc_string *s = val_string(a->v[0]);
    int64_t i = (int64_t)s->len;
    while (i > 0 && !is_char_start(s, i))
        i--;
    *out = v_int(i);
    return 0;
}

static int bi_str_firstindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_STRING)
        return LIB_DECLINE;
    *out = v_int(1);
    return 0;
}

/* thisind, nextind, prevind: Julia's generic definitions (base/strings/basic.jl) over
 * byte indices.  The bounds differ on purpose: thisind accepts 0 … ncodeunits+1,
 * nextind 0 … ncodeunits, prevind 1 … ncodeunits+1; a count of 0 asks whether i
 * itself is a valid index (StringIndexError when it falls inside a character); a count
 * running past either end keeps counting one per step, so the result may lie outside
 * the string (nextind("α", 1, 2) == 4). */
enum { IND_THIS, IND_NEXT, IND_PREV };

static int index_args(jc_ctx *ctx, const jc_args *a, int64_t *i, int64_t *n)
{
    if (a->v[0].type != T_STRING || !num_is_integer_type(a->v[1]) ||
        (a->n == 3 && !num_is_integer_type(a->v[2])))
        return LIB_DECLINE;
    *n = 1;
    if (num_to_int64(ctx, a->v[1], i) < 0 || (a->n == 3 && num_to_int64(ctx, a->v[2], n) < 0)) {
        err_locate(ctx, a->site);
        return -1;
    }
    if (*n < 0)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "n cannot be negative: %lld", (long long)*n);
    return 0;
}

static int bi_strind(jc_ctx *ctx, value *out, const jc_args *a)
{
    int which = (int)(intptr_t)a->data;
    int64_t i, n;
    int r = index_args(ctx, a, &i, &n);
    if (r != 0)
        return r;
    const jc_string *s = val_string(a->v[0]);
    int64_t len = (int64_t)s->len;
    int64_t lo = which == IND_PREV ? 1 : 0, hi = which == IND_NEXT ? len : len + 1;
    if (i < lo || i > hi)
        return index_error(ctx, s, i, a->site);
    int64_t here = i; /* thisind(s, i) */
    while (here > 1 && here <= len && !is_char_start(s, here))
        here--;
    if (which == IND_THIS) {
        *out = v_int(here);
        return 0;
    }
    if (n == 0) {
        if (here != i)
            return index_error(ctx, s, i, a->site);
        *out = v_int(i);
        return 0;
    }
    if (which == IND_NEXT)
        while (n > 0 && i < len)
            n -= is_char_start(s, ++i);
    else
        while (n > 0 && i > 1)
            n -= is_char_start(s, --i);
    /* past the ends one per step, wrapping as Julia's Int does */
    *out = v_int((int64_t)(which == IND_NEXT ? (uint64_t)i + (uint64_t)n : (uint64_t)i - (uint64_t)n));
    return 0;
}

/* ---- printstyled ---- */

typedef struct style {
    const char *name;
    const char *on;
    const char *off;   /* what ends it: the colour reset for colours */
} style;

static const style colours[] = {
    { "black", "\x1b[30m", "\x1b[39m" }, { "red", "\x1b[31m", "\x1b[39m" },
    { "green", "\x1b[32m", "\x1b[39m" }, { "yellow", "\x1b[33m", "\x1b[39m" },
    { "blue", "\x1b[34m", "\x1b[39m" }, { "magenta", "\x1b[35m", "\x1b[39m" },
    { "cyan", "\x1b[36m", "\x1b[39m" }, { "white", "\x1b[37m", "\x1b[39m" },
    { "light_black", "\x1b[90m", "\x1b[39m" }, { "light_red", "\x1b[91m", "\x1b[39m" },
    { "light_green", "\x1b[92m", "\x1b[39m" }, { "light_yellow", "\x1b[93m", "\x1b[39m" },
    { "light_blue", "\x1b[94m", "\x1b[39m" }, { "light_magenta", "\x1b[95m", "\x1b[39m" },
    { "light_cyan", "\x1b[96m", "\x1b[39m" }, { "light_white", "\x1b[97m", "\x1b[39m" },
    { "normal", "\x1b[0m", "" }, { "default", "\x1b[39m", "" }, { "bold", "\x1b[1m", "\x1b[22m" },
    { "italic", "\x1b[3m", "\x1b[23m" }, { "underline", "\x1b[4m", "\x1b[24m" },
    { "blink", "\x1b[5m", "\x1b[25m" }, { "reverse", "\x1b[7m", "\x1b[27m" },
    { "hidden", "\x1b[8m", "\x1b[28m" }, { "nothing", "", "" },
};

static const style *find_style(const char *name)
{
    for (size_t i = 0; i < sizeof colours / sizeof *colours; i++)
        if (!strcmp(colours[i].name, name))
            return &colours[i];
    return NULL;
}

static int kw_flag(jc_ctx *ctx, const jc_args *a, const char *name, int *flag)
{
    const value *v = lib_kwarg(ctx, a, name);
    if (!v) {
        *flag = 0;
        return 0;
    }
    return eval_truthy(ctx, *v, a->site, flag);
}

static int bi_printstyled(jc_ctx *ctx, value *out, const jc_args *a)
{
    static const char *const kws[] = { "color", "bold", "italic", "underline", "blink", "reverse", "hidden" };
    for (int i = 0; i < a->nkw; i++) {
        const char *k = sym_name(ctx, a->kw[i]);
        int known = 0;
        for (size_t j = 0; j < sizeof kws / sizeof *kws; j++)
            known |= !strcmp(k, kws[j]);
        if (!known)
            return err_throw(ctx, ERR_METHOD, a->site,
                            "no method matching printstyled(::Any...; %s)", k);
    }
    int bold, italic, underline, blink, reverse, hidden;
    if (kw_flag(ctx, a, "bold", &bold) < 0 || kw_flag(ctx, a, "italic", &italic) < 0 ||
        kw_flag(ctx, a, "underline", &underline) < 0 || kw_flag(ctx, a, "blink", &blink) < 0 ||
        kw_flag(ctx, a, "reverse", &reverse) < 0 || kw_flag(ctx, a, "hidden", &hidden) < 0)
        return -1;
    sb on = { 0 }, off = { 0 };
    const value *c = lib_kwarg(ctx, a, "color");
    /* Julia's default colour is :normal, whose start is a reset and whose end is empty */
    const style *st = find_style("normal");
    if (c && c->type == T_SYMBOL) {
        st = find_style(sym_name(ctx, (int)c->u.i));
        if (!st)
            return err_throw(ctx, ERR_ARGUMENT, a->site,
                            "unknown color :%s", sym_name(ctx, (int)c->u.i));
    } else if (c && c->type == T_INT64 && c->u.i >= 0 && c->u.i <= 255) {
        st = NULL;
        sb_printf(&on, "\x1b[38;5;%dm", (int)c->u.i);
    } else if (c)
        return err_throw(ctx, ERR_ARGUMENT, a->site,
                        "color must be a Symbol such as :red or an Integer 0-255");
    if (st && bold && !strcmp(st->name, "bold")) /* bold as a colour with bold=true: once */
        st = find_style("nothing");
    if (st)
        sb_puts(&on, st->on);
    const char *colour_off = st ? st->off : "\x1b[39m";
    if (bold) sb_puts(&on, "\x1b[1m");
    if (italic) sb_puts(&on, "\x1b[3m");
    if (underline) sb_puts(&on, "\x1b[4m");
    if (blink) sb_puts(&on, "\x1b[5m");
    if (reverse) sb_puts(&on, "\x1b[7m");
    if (hidden) sb_puts(&on, "\x1b[8m");
    if (hidden) sb_puts(&off, "\x1b[28m");
    if (reverse) sb_puts(&off, "\x1b[27m");
    if (blink) sb_puts(&off, "\x1b[25m");
    if (underline) sb_puts(&off, "\x1b[24m");
    if (bold) sb_puts(&off, "\x1b[22m");
    if (italic) sb_puts(&off, "\x1b[23m");
    sb_puts(&off, colour_off);

    sb text = { 0 };
    for (int i = 0; i < a->n; i++)
        show_value(ctx, &text, a->v[i], SHOW_PRINT, 0);
    sb res = { 0 };
    if (!ctx->color)
        sb_put(&res, sb_str(&text), text.len);
    else {
        /* each line is styled on its own, so that a terminal's scrollback stays clean */
        const char *p = sb_str(&text), *end = p + text.len;
        while (p <= end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            const char *e = nl ? nl : end;
            if (e > p) {
                sb_put(&res, sb_str(&on), on.len);
                sb_put(&res, p, (size_t)(e - p));
                sb_put(&res, sb_str(&off), off.len);
            }
            if (!nl)
                break;
            sb_putc(&res, '\n');
            p = nl + 1;
        }
    }
    fwrite(sb_str(&res), 1, res.len, ctx->out);
    sb_free(&res);
    sb_free(&text);
    sb_free(&on);
    sb_free(&off);
    *out = v_nothing();
    return 0;
}

/* ---- character classes ---- */

enum { CC_DIGIT, CC_LETTER, CC_SPACE, CC_UPPER, CC_LOWER, CC_NUMERIC, CC_PUNCT, CC_ASCII,
       CC_XDIGIT, CC_CNTRL, CC_PRINT };
static const int cc_kinds[] = { CC_DIGIT, CC_LETTER, CC_SPACE, CC_UPPER, CC_LOWER, CC_NUMERIC,
                                CC_PUNCT, CC_ASCII, CC_XDIGIT, CC_CNTRL, CC_PRINT };

static int char_class(int kind, uint32_t c)
{
    int cat = utf8proc_category((utf8proc_int32_t)c);
    switch (kind) {
    case CC_DIGIT: return c >= '0' && c <= '9';
    case CC_LETTER: return cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO;
    case CC_SPACE: return is_space_cp(c);
    case CC_UPPER: return utf8proc_isupper((utf8proc_int32_t)c);
    case CC_LOWER: return utf8proc_islower((utf8proc_int32_t)c);
    case CC_NUMERIC: return cat >= UTF8PROC_CATEGORY_ND && cat <= UTF8PROC_CATEGORY_NO;
    case CC_PUNCT: return cat >= UTF8PROC_CATEGORY_PC && cat <= UTF8PROC_CATEGORY_PO;
    case CC_ASCII: return c < 0x80;
    case CC_XDIGIT: return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
    case CC_CNTRL: return c <= 0x1f || (c >= 0x7f && c <= 0x9f);
    default: return cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_ZS; /* isprint */
    }
}

/* isdigit(c), isletter(c) … on a Char (base/strings/unicode.jl); isascii also on a
 * string (every character). */
static int bi_charclass(jc_ctx *ctx, value *out, const jc_args *a)
{
    int kind = *(const int *)a->data;
    value x = a->v[0];
    if (x.type == T_CHAR) {
        *out = v_bool(char_class(kind, x.u.c));
        return 0;
    }
    if (kind == CC_ASCII && x.type == T_STRING) {
        const jc_string *str = val_string(x);
        int all = 1;
        for (size_t i = 0; i < str->len && all; i++)
            all = (unsigned char)str->s[i] < 0x80;
        *out = v_bool(all);
        return 0;
    }
    return LIB_DECLINE;
}

/* ---- substring search ---- */

enum { SF_FIRST, SF_LAST, SF_NEXT, SF_PREV, SF_ALL };
static const int sf_kinds[] = { SF_FIRST, SF_LAST, SF_NEXT, SF_PREV, SF_ALL };

/* The byte range lo:hi (1-based, inclusive) as Julia's UnitRange; an empty needle's
 * match at i is i:i-1. */
static int byte_range(jc_ctx *ctx, int64_t lo, int64_t hi, const ast *site, value *out)
{
    return range_colon(ctx, out, 2, (value[]){ v_int(lo), v_int(hi) }, site);
}

/* findfirst(needle::String, s), findlast, findnext(needle, s, i), findprev, and
 * findall(needle, s; overlap = false): the byte ranges where needle occurs. */
static int bi_strfind(jc_ctx *ctx, value *out, const jc_args *a)
{
    int kind = *(const int *)a->data;
    if (a->v[0].type != T_STRING || a->v[1].type != T_STRING)
        return LIB_DECLINE;
    const jc_string *nd = val_string(a->v[0]), *h = val_string(a->v[1]);
    int64_t from = kind == SF_NEXT ? 1 : (int64_t)h->len;
    if ((kind == SF_NEXT || kind == SF_PREV) && num_to_int64(ctx, a->v[2], &from) < 0)
        return -1;
    const value *ov = kind == SF_ALL ? lib_kwarg(ctx, a, "overlap") : NULL;
    int overlap = ov && ov->type == T_BOOL && ov->u.i;
    int64_t n = (int64_t)h->len, m = (int64_t)nd->len, found = 0;
    value *ranges = NULL;
    int64_t nr = 0;
    /* candidate starts (1-based): forward from `from`, or backward from it */
    int back = kind == SF_LAST || kind == SF_PREV;
    int64_t start = kind == SF_NEXT ? from : back ? from : 1;
    if (back && start > n - m + 1)
        start = n - m + 1;
    if (!back && start < 1)
        start = 1;
    if (back && start < 1)
        start = 0;              /* nothing at or before it */
    for (int64_t i = start; back ? i >= 1 : i <= n - m + 1;) {
        if (i >= 1 && !memcmp(h->s + i - 1, nd->s, (size_t)m) &&
            (i > n || ((unsigned char)h->s[i - 1] & 0xC0) != 0x80)) {
            if (kind != SF_ALL) {
                found = i;
                break;
            }
            ranges = xrealloc(ranges, (size_t)(nr + 1) * sizeof *ranges);
            if (byte_range(ctx, i, i + m - 1, a->site, &ranges[nr]) < 0) {
                val_release_n(ranges, nr);
                free(ranges);
                return -1;
            }
            nr++;
            i += overlap || m == 0 ? 1 : m;
            continue;
        }
        i += back ? -1 : 1;
    }
    if (kind != SF_ALL) {
        if (!found) {
            *out = v_nothing();
            return 0;
        }
        return byte_range(ctx, found, found + m - 1, a->site, out);
    }
    value sample; /* the element type, Vector{UnitRange{Int64}}, from an empty range */
    if (byte_range(ctx, 1, 0, a->site, &sample) < 0) {
        val_release_n(ranges, nr);
        free(ranges);
        return -1;
    }
    jc_typeobj *et = type_of_value(sample);
    val_release(sample);
    *out = array_alloc(et, 1, &nr);
    type_release(et);
    if (nr)
        memcpy(val_array(*out)->v, ranges, (size_t)nr * sizeof *ranges);
    free(ranges);
    return 0;
}

/* ---- split ---- */

int lib_split(jc_ctx *ctx, const jc_args *a, int keepempty_default, lib_split_find find, void *data,
              value *out)
{
    int64_t limit = 0;
    const value *lv = lib_kwarg(ctx, a, "limit"), *ke = lib_kwarg(ctx, a, "keepempty");
    if (lv && num_to_int64(ctx, *lv, &limit) < 0)
        return -1;
    int keepempty = ke ? ke->type == T_BOOL && ke->u.i : keepempty_default;
    const jc_string *s = val_string(a->v[0]);
    value *parts = NULL;
    int64_t np = 0, cap = 0;
#define PUSH(from, to) do { \
        if (np == cap) \
            parts = xrealloc(parts, (size_t)(cap = cap ? 2 * cap : 8) * sizeof *parts); \
        parts[np++] = v_string(s->s + (from), (to) - (from)); \
    } while (0)
    /* base/strings/util.jl's _split on byte offsets: i the start of the next piece, the
     * delimiter found at [j, k) */
    size_t i = 0, j, k;
    int rc = find(ctx, data, s, 0, &j, &k);
    while (rc > 0 && j < s->len && (limit <= 0 || np != limit - 1)) {
        if ((rc = ctx_poll(ctx)) < 0)
            break;
        if (i < k) {
            if (keepempty || i < j)
                PUSH(i, j);
            i = k;
        }
        if (k <= j) { /* an empty delimiter: step past one character */
            uint32_t cp;
            int len = utf8_decode(s->s + j, s->len - j, &cp);
            k = j + (size_t)(len > 0 ? len : 1);
        }
        rc = k <= s->len ? find(ctx, data, s, k, &j, &k) : 0;
    }
    if (rc >= 0 && (keepempty || i < s->len))
        PUSH(i, s->len);
#undef PUSH
    if (rc < 0) {
        val_release_n(parts, np);
        free(parts);
        return -1;
    }
    int64_t dims[1] = { np };
    jc_typeobj *et = type_new(T_STRING);
    *out = array_alloc(et, 1, dims);
    type_release(et);
    if (np)
        memcpy(val_array(*out)->v, parts, (size_t)np * sizeof *parts);
    free(parts);
    return 0;
}

/* The delimiters split takes besides a Regex: a string, a character, a collection of
 * characters, a predicate on characters, or (none given) white space. */
typedef struct splitter {
    value dlm;        /* the delimiter argument; nothing for white space */
    const ast *site;
} splitter;

/* Whether the character cp at s's byte offset is one of the delimiter's. */
static int split_char_matches(jc_ctx *ctx, const splitter *sp, uint32_t cp, int *hit)
{
    value d = sp->dlm;
    if (d.type == T_NOTHING) {
        *hit = is_space_cp(cp);
        return 0;
    }
    if (d.type == T_CHAR) {
        *hit = d.u.c == cp;
        return 0;
    }
    if (d.type == T_ARRAY || d.type == T_TUPLE) {
        const value *v = d.type == T_ARRAY ? val_array(d)->v : val_tuple(d)->v;
        int64_t n = d.type == T_ARRAY ? val_array(d)->len : (int64_t)val_tuple(d)->n;
        *hit = 0;
        for (int64_t i = 0; i < n && !*hit; i++)
            *hit = v[i].type == T_CHAR && v[i].u.c == cp;
        return 0;
    }
    value r;
    if (eval_call(ctx, d, 1, (value[]){ v_char(cp) }, sp->site, &r) < 0)
        return -1;
    if (r.type != T_BOOL) {
        val_release(r);
        return err_throw(ctx, ERR_TYPE, sp->site, "non-boolean (%s) used in boolean context",
                         val_kinds[r.type].name);
    }
    *hit = r.u.i != 0;
    return 0;
}

static int split_find(jc_ctx *ctx, void *data, const jc_string *s, size_t from, size_t *j, size_t *k)
{
    const splitter *sp = data;
    if (sp->dlm.type == T_STRING) {
        const jc_string *d = val_string(sp->dlm);
        const char *p = from <= s->len ? memmem(s->s + from, s->len - from, d->s, d->len) : NULL;
        if (!p)
            return 0;
        *j = (size_t)(p - s->s);
        *k = *j + d->len;
        return 1;
    }
    for (size_t i = from; i < s->len;) {
        uint32_t cp;
        int len = utf8_decode(s->s + i, s->len - i, &cp);
        size_t w = (size_t)(len > 0 ? len : 1);
        int hit = 0;
        if (split_char_matches(ctx, sp, len > 0 ? cp : 0xFFFD, &hit) < 0)
            return -1;
        if (hit) {
            *j = i;
            *k = i + w;
            return 1;
        }
        i += w;
    }
    return 0;
}

/* split(s; limit, keepempty) on white space (keepempty false); split(s, dlm; …) on a
 * string, a character, characters or a predicate (keepempty true), as Julia's. */
static int bi_split(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_STRING)
        return LIB_DECLINE;
    splitter sp = { a->n > 1 ? a->v[1] : v_nothing(), a->site };
    int t = sp.dlm.type;
    if (a->n > 1 && t != T_STRING && t != T_CHAR && t != T_ARRAY && t != T_TUPLE && t != T_FUNCTION)
        return LIB_DECLINE;  /* a Regex: regex.c's row */
    return lib_split(ctx, a, a->n > 1, split_find, &sp, out);
}

const builtin lib_strings[] = {
    { "findfirst", 2, 2, bi_strfind, LIB_HELP("findfirst(pattern::AbstractString, s)", "The byte range of the first occurrence of pattern in s, or nothing."), NULL, &sf_kinds[SF_FIRST] },
    { "findlast", 2, 2, bi_strfind, LIB_HELP("findlast(pattern::AbstractString, s)", "The byte range of the last occurrence of pattern in s, or nothing."), NULL, &sf_kinds[SF_LAST] },
    { "findnext", 3, 3, bi_strfind, LIB_HELP("findnext(pattern::AbstractString, s, i)", "The byte range of the first occurrence of pattern in s at or after byte index i."), NULL, &sf_kinds[SF_NEXT] },
    { "findprev", 3, 3, bi_strfind, LIB_HELP("findprev(pattern::AbstractString, s, i)", "The byte range of the last occurrence of pattern in s starting at or before i."), NULL, &sf_kinds[SF_PREV] },
    { "findall", 2, 2, bi_strfind, LIB_HELP("findall(pattern::AbstractString, s; overlap = false)", "The byte ranges of the occurrences of pattern in s."), "overlap", &sf_kinds[SF_ALL] },
    { "isdigit", 1, 1, bi_charclass, LIB_HELP("isdigit(c::AbstractChar)", "Whether c is an ASCII decimal digit (0-9)."), NULL, &cc_kinds[CC_DIGIT] },
    { "isletter", 1, 1, bi_charclass, LIB_HELP("isletter(c::AbstractChar)", "Whether c is a letter (Unicode category L)."), NULL, &cc_kinds[CC_LETTER] },
    { "isspace", 1, 1, bi_charclass, LIB_HELP("isspace(c::AbstractChar)", "Whether c is white space: ASCII space, tab to carriage return, U+85, category Zs."), NULL, &cc_kinds[CC_SPACE] },
    { "isuppercase", 1, 1, bi_charclass, LIB_HELP("isuppercase(c::AbstractChar)", "Whether c is an uppercase letter (Unicode's Uppercase property)."), NULL, &cc_kinds[CC_UPPER] },
    { "islowercase", 1, 1, bi_charclass, LIB_HELP("islowercase(c::AbstractChar)", "Whether c is a lowercase letter (Unicode's Lowercase property)."), NULL, &cc_kinds[CC_LOWER] },
    { "isnumeric", 1, 1, bi_charclass, LIB_HELP("isnumeric(c::AbstractChar)", "Whether c is numeric (Unicode category N: digits, letterlike and other numbers)."), NULL, &cc_kinds[CC_NUMERIC] },
    { "ispunct", 1, 1, bi_charclass, LIB_HELP("ispunct(c::AbstractChar)", "Whether c is punctuation (Unicode category P)."), NULL, &cc_kinds[CC_PUNCT] },
    { "isascii", 1, 1, bi_charclass, LIB_HELP("isascii(c::Union{AbstractChar,AbstractString})", "Whether c (every character of a string) is ASCII."), NULL, &cc_kinds[CC_ASCII] },
    { "isxdigit", 1, 1, bi_charclass, LIB_HELP("isxdigit(c::AbstractChar)", "Whether c is a hexadecimal digit (0-9, a-f, A-F)."), NULL, &cc_kinds[CC_XDIGIT] },
    { "iscntrl", 1, 1, bi_charclass, LIB_HELP("iscntrl(c::AbstractChar)", "Whether c is a control character (U+00-U+1F, U+7F-U+9F)."), NULL, &cc_kinds[CC_CNTRL] },
    { "isprint", 1, 1, bi_charclass, LIB_HELP("isprint(c::AbstractChar)", "Whether c is printable, space included (Unicode categories L, M, N, P, S, Zs)."), NULL, &cc_kinds[CC_PRINT] },
    { "split", 1, 2, bi_split, LIB_HELP("split(s, [dlm]; limit = 0, keepempty)", "The pieces of s between the delimiters: white space when none is given (empty\n  pieces dropped), or a string, a character, characters or a predicate (empty pieces\n  kept); limit caps the number of pieces.\n\n  jcalc> split(\"a,b,,c\", \",\")\n  4-element Vector{String}:\n   \"a\"\n   \"b\"\n   \"\"\n   \"c\""), "limit keepempty" },
    { "*", 1, -1, bi_concat, "  *(s::Union{AbstractString, AbstractChar}, t...)\n\n  Concatenate strings and/or characters: \"Hello \" * \"world\" == \"Hello world\".", NULL },
    { "^", 2, 2, bi_repeat, "  ^(s::Union{AbstractString,AbstractChar}, n::Integer)\n\n  Repeat a string or character n times: \"ab\"^3 == \"ababab\".", NULL },
    { "uppercase", 1, 1, bi_uppercase, "  uppercase(s)\n\n  Return s with all characters converted to uppercase.", NULL },
    { "lowercase", 1, 1, bi_lowercase, "  lowercase(s)\n\n  Return s with all characters converted to lowercase.", NULL },
    { "startswith", 2, 2, bi_startswith, "  startswith(s, prefix)\n\n  Return true if s starts with prefix.", NULL },
    { "endswith", 2, 2, bi_endswith, "  endswith(s, suffix)\n\n  Return true if s ends with suffix.", NULL },
    { "occursin", 2, 2, bi_occursin, "  occursin(needle, haystack)\n\n  Whether the string or character needle occurs in the string haystack.", NULL },
    { "strip", 1, 1, bi_strip, "  strip(s)\n\n  Remove leading and trailing white space from s.", NULL },
    { "lstrip", 1, 1, bi_lstrip, "  lstrip(s)\n\n  Remove leading white space from s.", NULL },
    { "rstrip", 1, 1, bi_rstrip, "  rstrip(s)\n\n  Remove trailing white space from s.", NULL },
    { "ncodeunits", 1, 1, bi_ncodeunits, "  ncodeunits(s)\n\n  The number of bytes (UTF-8 code units) of s.", NULL },
    { "codepoint", 1, 1, bi_codepoint, "  codepoint(c::Char)\n\n  The Unicode code point of c, as a UInt32.", NULL },
    { "join", 1, 2, bi_join, "  join(iterator, [delim])\n\n  Join the printed forms of the elements into one string, with delim between them.", NULL },
    { "reverse", 1, 1, bi_reverse, "  reverse(s::AbstractString)\n\n  The characters of s in reverse order.", NULL },
    { "parse", 2, 2, bi_parse, "  parse(T, s; base)\n\n  Read the number written in the string s as a value of type T: parse(Int, \"42\").\n  For an integer T, base (2 to 62) gives the base of the digits: parse(Int, \"ff\", base = 16).", "base" },
    { "getindex", 2, 2, bi_str_getindex, "  getindex(s::String, i)\n\n  s[i]: the character starting at byte index i, or for a range i:j the string from\n  byte i to the end of the character at byte j (indices count bytes, as in Julia).", NULL },
    { "lastindex", 1, 1, bi_str_lastindex, "  lastindex(s::String)\n\n  The byte index of the last character of s (what `end` means in s[...]).", NULL },
    { "thisind", 2, 2, bi_strind, "  thisind(s::AbstractString, i::Integer)\n\n  The index of the start of the character that byte i is part of; i itself when it\n  is 0 or ncodeunits(s)+1.  Otherwise out of bounds: BoundsError.", NULL, (void *)IND_THIS },
    { "nextind", 2, 3, bi_strind, "  nextind(s::AbstractString, i::Integer, n::Integer=1)\n\n  The index of the start of the n-th character after byte i (i may be 0).  Past the\n  end each further step adds 1; n == 0 returns i when it is a valid index.", NULL, (void *)IND_NEXT },
    { "prevind", 2, 3, bi_strind, "  prevind(s::AbstractString, i::Integer, n::Integer=1)\n\n  The index of the start of the n-th character before byte i (i may be\n  ncodeunits(s)+1): s[prevind(s, end, 2)].  Before the start each further step\n  subtracts 1; n == 0 returns i when it is a valid index.", NULL, (void *)IND_PREV },
    { "firstindex", 1, 1, bi_str_firstindex, "  firstindex(s::String)\n\n  1, the first index of a string.", NULL },
    { "printstyled", 0, -1, bi_printstyled,
      "  printstyled(xs...; bold=false, italic=false, underline=false, blink=false,\n              reverse=false, hidden=false, color=:normal)\n\n  Print xs in a colour given as a symbol (:red, :light_blue ...) or an integer\n  0-255, with the given styles.  Styles show only when colour is on (a terminal\n  without NO_COLOR, or --color=yes); otherwise the text is printed plain.",
      "color bold italic underline blink reverse hidden" },
    { NULL, 0, 0, NULL, NULL, NULL },
};
