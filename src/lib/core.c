/* core.c — the builtins every program touches: printing, strings as values, and the
 * basic functions over iterables (length, first, last, sum ...). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exc.h"
#include "eval.h"
#include "num/num.h"
#include "range.h"
#include "show.h"
#include "array.h"
#include "types.h"
#include "lib/io.h"
#include "lib/lib.h"

/* ---- printing ---- */

/* print(io, xs...) writes to io when the first argument is an IO value; print(1, 2)
 * prints both numbers, as Julia's print(xs...) does.  *first is where xs begin. */
static value print_target(const jc_args *a, int *first)
{
    *first = a->n > 0 && io_is(a->v[0]);
    return *first ? a->v[0] : v_nothing();
}

static void print_args(jc_ctx *ctx, sb *out, const jc_args *a, int first, show_mode mode)
{
    for (int i = first; i < a->n && !ctx->err_set; i++)
        show_value(ctx, out, a->v[i], mode, 0);
}

/* The show path reports an error (StackOverflowError from a matrix that contains
 * itself, an interrupt, an error in a user's show method) by leaving it pending: the
 * text is then thrown away. */
static int shown_ok(jc_ctx *ctx, sb *text)
{
    if (!ctx->err_set)
        return 0;
    sb_free(text);
    return -1;
}

/* Writes text to io (nothing: the context's output). */
static int emit(jc_ctx *ctx, sb *text, value io, const jc_args *a, value *out)
{
    if (shown_ok(ctx, text) < 0)
        return -1;
    int r = 0;
    if (io.type == T_NOTHING)
        fwrite(sb_str(text), 1, text->len, ctx->out);
    else
        r = io_write(ctx, io, sb_str(text), text->len, a->site);
    sb_free(text);
    *out = v_nothing();
    return r;
}

static int bi_print(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    int first;
    value io = print_target(a, &first);
    print_args(ctx, &s, a, first, SHOW_PRINT);
    return emit(ctx, &s, io, a, out);
}

static int bi_println(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    int first;
    value io = print_target(a, &first);
    print_args(ctx, &s, a, first, SHOW_PRINT);
    sb_putc(&s, '\n');
    return emit(ctx, &s, io, a, out);
}

/* show(x), show(io, x). */
static int bi_show(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    int first;
    value io = print_target(a, &first);
    if (first && a->n != 2)
        return LIB_DECLINE;
    print_args(ctx, &s, a, first, SHOW_REPR);
    return emit(ctx, &s, io, a, out);
}

static int bi_display(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    show_value(ctx, &s, a->v[0], SHOW_PLAIN, 0);
    sb_putc(&s, '\n');
    return emit(ctx, &s, v_nothing(), a, out);
}

/* string(n::Integer; base = 10, pad = 1): the digits of n in base b (2 <= |b| <= 62;
 * 0-9a-z up to 36, 0-9A-Za-z above), at least pad of them, a '-' before them for a
 * negative n and positive b.  A negative base writes n = sum d_k b^k with 0 <= d_k < |b|,
 * as Julia's _base does (d = mod(n, -b), n = cld(n, b)). */
static int string_int_base(jc_ctx *ctx, value *out, const jc_args *a, const value *basev,
                           const value *padv)
{
    int64_t b = 10, pad = 1;
    if ((basev && num_to_int64(ctx, *basev, &b) < 0) || (padv && num_to_int64(ctx, *padv, &pad) < 0))
        return -1;
    if (b < -62 || (b > -2 && b < 2) || b > 62)
        return err_throw(ctx, ERR_DOMAIN, a->site,
                        " with %lld:\nbase must satisfy 2 ≤ abs(base) ≤ 62", (long long)b);
    static const char d36[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    static const char d62[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    const char *digs = (b < 0 ? -b : b) <= 36 ? d36 : d62;
    unsigned long m = (unsigned long)(b < 0 ? -b : b);
    mpz_t z;
    mpz_init(z);
    if (num_to_mpz(ctx, z, a->v[0]) < 0) {
        mpz_clear(z);
        return -1;
    }
    int neg = b > 0 && mpz_sgn(z) < 0;
    if (neg)
        mpz_neg(z, z);
    sb rev = { 0 };   /* digits, least significant first */
    while (mpz_sgn(z) != 0) {
        if ((rev.len & 0xffff) == 0 && ctx_poll(ctx) < 0) {
            sb_free(&rev);
            mpz_clear(z);
            return -1;
        }
        unsigned long d = mpz_fdiv_q_ui(z, z, m);   /* z = fld(z, m), d = mod(z, m) */
        if (b < 0)
            mpz_neg(z, z);                          /* cld(z, -m) == -fld(z, m) */
        sb_putc(&rev, digs[d]);
    }
    mpz_clear(z);
    while ((int64_t)rev.len < pad)
        sb_putc(&rev, '0');
    sb s = { 0 };
    if (neg)
        sb_putc(&s, '-');
    for (size_t i = rev.len; i > 0; i--)
        sb_putc(&s, sb_str(&rev)[i - 1]);
    sb_free(&rev);
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

static int bi_string(jc_ctx *ctx, value *out, const jc_args *a)
{
    const value *basev = lib_kwarg(ctx, a, "base"), *padv = lib_kwarg(ctx, a, "pad");
    if ((basev || padv) && a->n == 1 && num_is_integer_type(a->v[0]) && a->v[0].type != T_BOOL)
        return string_int_base(ctx, out, a, basev, padv);
    sb s = { 0 };
    print_args(ctx, &s, a, 0, SHOW_PRINT);
    /* a string is a result like any other: within --max-bits and the memory budget */
    if (shown_ok(ctx, &s) < 0 || num_check_bits(ctx, (double)s.len * 8) < 0) {
        sb_free(&s);
        return -1;
    }
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

static int bi_repr(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    show_value(ctx, &s, a->v[0], SHOW_REPR, 0);
    if (shown_ok(ctx, &s) < 0)
        return -1;
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

/* ---- iterables ---- */

static int bi_length(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    switch (x.type) {
    case T_RANGE:
        return range_length_value(ctx, x, out, a->site);
    case T_TUPLE:
        *out = v_int((int64_t)val_tuple(x)->n);
        return 0;
    case T_NAMEDTUPLE:
        *out = v_int((int64_t)((jc_namedtuple *)x.u.o)->n);
        return 0;
    case T_STRING:
        *out = v_int((int64_t)utf8_length(val_string(x)->s, val_string(x)->len));
        return 0;
    default:
        if (num_is_number(x) || x.type == T_CHAR) { /* iterated once */
            *out = v_int(1);
            return 0;
        }
        return LIB_DECLINE;
    }
}

static int nth(jc_ctx *ctx, value x, int last, const ast *site, value *out)
{
    if (x.type == T_RANGE && range_length(x) > 0) {
        /* a range keeps its first and last element (a huge one too) */
        *out = val_retain(last ? val_range(x)->stop : val_range(x)->start);
        return 0;
    }
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, x, site) < 0)
        return -1;
    if (x.type == T_RANGE || x.type == T_TUPLE || x.type == T_ARRAY) {
        if (it.n == 0)
            return err_throw(ctx, ERR_BOUNDS, site, "attempt to access %s at index [%s]",
                            "empty collection", last ? "end" : "1");
        it.i = last ? it.n - 1 : 0;
        return eval_iter_next(ctx, &it, out) < 0 ? -1 : 0;
    }
    value v = v_nothing();
    int got = 0;
    for (;;) {
        value y;
        int r = eval_iter_step(ctx, &it, &y);
        if (r < 0) {
            eval_iter_done(&it);
            val_release(v);
            return -1;
        }
        if (r == 0)
            break;
        val_release(v);
        v = y;
        got = 1;
        if (!last)
            break;
    }
    eval_iter_done(&it);
    if (!got)
        return err_throw(ctx, ERR_ARGUMENT, site, "collection must be non-empty");
    *out = v;
    return 0;
}

/* first(x, n) and last(x, n): the first or last n elements (all when there are fewer) —
 * a string's characters as a string, a vector's or a range's as a vector or a range (by
 * indexing), other iterables' as a Vector. */
static int first_n(jc_ctx *ctx, value *out, const jc_args *a, int last)
{
    value x = a->v[0];
    int64_t n;
    if (!val_kind_is(a->v[1].type, VK_INTEGER) || num_to_int64(ctx, a->v[1], &n) < 0)
        return a->v[1].type == T_INT64 ? -1 : LIB_DECLINE;
    if (n < 0)
        return err_throw(ctx, ERR_ARGUMENT, a->site, "Number of elements must be nonnegative");
    if (x.type == T_STRING) {
        const jc_string *s = val_string(x);
        size_t lo = 0, hi = s->len;
        int64_t k = 0;
        if (!last)
            for (hi = 0; hi < s->len && k < n; k++) {
                uint32_t cp;
                int w = utf8_decode(s->s + hi, s->len - hi, &cp);
                hi += (size_t)(w > 0 ? w : 1);
            }
        else
            for (lo = s->len; lo > 0 && k < n; k++)
                do lo--; while (lo > 0 && ((unsigned char)s->s[lo] & 0xC0) == 0x80);
        *out = v_string(s->s + lo, hi - lo);
        return 0;
    }
    if ((x.type == T_ARRAY && val_array(x)->nd == 1) || x.type == T_RANGE) {
        int64_t len = array_length(x);
        if (x.type == T_RANGE) { /* its length counted exactly: OverflowError past Int64 */
            value lv;
            if (range_length_value(ctx, x, &lv, a->site) < 0)
                return -1;
            if (lv.type != T_INT64) {
                val_release(lv);
                return err_throw(ctx, ERR_OVERFLOW, a->site, "the length of the range overflows Int64");
            }
            len = lv.u.i;
        }
        int64_t k = n < len ? n : len, lo;
        if (__builtin_add_overflow(len - k, 1, &lo)) /* last(r, 0) of a range of typemax(Int) */
            return err_throw(ctx, ERR_OVERFLOW, a->site, "%lld + 1 overflowed for type Int64",
                             (long long)len);
        value r;
        if (range_colon(ctx, &r, 2, (value[]){ v_int(last ? lo : 1), v_int(last ? len : k) },
                        a->site) < 0)
            return -1;
        int rc = eval_call_global(ctx, "getindex", 2, (value[]){ x, r }, a->site, out);
        val_release(r);
        return rc;
    }
    jc_iter it;
    if (!last) { /* the first n of any iterable, taken lazily: first(gen, 2) of 1:10^12 */
        if (eval_iter_init_proto(ctx, &it, x, a->site) < 0)
            return -1;
        int64_t got = 0, cap = 8;
        value *vals = xmalloc((size_t)cap * sizeof *vals);
        int r = 0;
        while (got < n) {
            value y;
            if ((r = eval_iter_step(ctx, &it, &y)) <= 0)
                break;
            if (got == cap)
                vals = xrealloc(vals, (size_t)(cap *= 2) * sizeof *vals);
            vals[got++] = y;
        }
        eval_iter_done(&it);
        if (r < 0) {
            val_release_n(vals, got);
            free(vals);
            return -1;
        }
        *out = array_from_values(ctx, vals, got, 1, &got, NULL);
        free(vals);
        return 0;
    }
    if (eval_iter_init(ctx, &it, x, a->site) < 0)
        return -1;
    int64_t len = it.n, k = n < len ? n : len, from = last ? len - k : 0;
    value *vals = xmalloc((size_t)(k ? k : 1) * sizeof *vals);
    int64_t got = 0;
    for (int64_t i = 0; got < k; i++) {
        value y;
        int r = eval_iter_step(ctx, &it, &y);
        if (r <= 0) {
            val_release_n(vals, got);
            free(vals);
            return r < 0 ? -1 : err_throw(ctx, ERR_ERROR, a->site, "iteration ended early");
        }
        if (i >= from)
            vals[got++] = y;
        else
            val_release(y);
    }
    *out = array_from_values(ctx, vals, k, 1, &k, NULL);
    free(vals);
    return 0;
}

static int bi_first(jc_ctx *ctx, value *out, const jc_args *a)
{
    return a->n == 2 ? first_n(ctx, out, a, 0) : nth(ctx, a->v[0], 0, a->site, out);
}

static int bi_last(jc_ctx *ctx, value *out, const jc_args *a)
{
    return a->n == 2 ? first_n(ctx, out, a, 1) : nth(ctx, a->v[0], 1, a->site, out);
}

/* Folds op over an iterable: sum, prod, maximum, minimum.  An optional first argument
 * that is a function maps each element first (sum(f, itr)). */
static int fold(jc_ctx *ctx, value *out, const jc_args *a, const char *op, const char *empty_msg,
                value empty)
{
    value f = a->n == 2 ? a->v[0] : v_nothing();
    value coll = a->v[a->n - 1];
    if (a->n == 2 && f.type != T_FUNCTION && f.type != T_TYPE)
        return LIB_DECLINE;
    if (!(coll.type == T_RANGE || coll.type == T_TUPLE || coll.type == T_NAMEDTUPLE ||
          coll.type == T_ARRAY || coll.type == T_STRUCT || num_is_number(coll)))
        return LIB_DECLINE;
    value opf;
    if (eval_get_global(ctx, op, &opf) < 0)
        return err_throw(ctx, ERR_UNDEFVAR, a->site, "`%s` not defined", op);
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, coll, a->site) < 0) {
        val_release(opf);
        return -1;
    }
    value acc = v_nothing();
    int have = 0, r = 0;
    for (;;) {
        value x;
        int k = eval_iter_step(ctx, &it, &x);
        if (k <= 0) {
            r = k;
            break;
        }
        if (a->n == 2) {
            value y;
            k = eval_call(ctx, f, 1, &x, a->site, &y);
            val_release(x);
            if (k < 0) {
                r = -1;
                break;
            }
            x = y;
        }
        if (!have) {
            acc = op[1] ? x : lib_reduce_first(op[0] == '+' ? 0 : op[0] == '*' ? 1 : 2, x);
            have = 1;
            continue;
        }
        value args[2] = { acc, x }, res;
        k = eval_call(ctx, opf, 2, args, a->site, &res);
        val_release(acc);
        val_release(x);
        acc = v_nothing();
        if (k < 0) {
            r = -1;
            break;
        }
        acc = res;
    }
    eval_iter_done(&it);
    val_release(opf);
    if (r < 0) {
        val_release(acc);
        return -1;
    }
    if (!have) {
        if (empty.type == T_NOTHING)
            return err_throw(ctx, ERR_ARGUMENT, a->site, "%s", empty_msg);
        *out = empty;
        return 0;
    }
    *out = acc;
    return 0;
}

static int bi_iterate(jc_ctx *ctx, value *out, const jc_args *a)
{
    return eval_iterate(ctx, out, a->n, a->v, a->site);
}

static int bi_sum(jc_ctx *ctx, value *out, const jc_args *a)
{
    return fold(ctx, out, a, "+", "reducing over an empty collection is not allowed", v_int(0));
}

static int bi_prod(jc_ctx *ctx, value *out, const jc_args *a)
{
    return fold(ctx, out, a, "*", "reducing over an empty collection is not allowed", v_int(1));
}

static int bi_maximum(jc_ctx *ctx, value *out, const jc_args *a)
{
    return fold(ctx, out, a, "max", "reducing over an empty collection is not allowed", v_nothing());
}

static int bi_minimum(jc_ctx *ctx, value *out, const jc_args *a)
{
    return fold(ctx, out, a, "min", "reducing over an empty collection is not allowed", v_nothing());
}

/* BoundsError for t[i] or r[i] as Julia words it: the tuple's type, the range's summary. */
static int tuple_bounds(jc_ctx *ctx, value x, value idx, const ast *site)
{
    sb s = { 0 }, ix = { 0 };
    if (x.type == T_RANGE)
        sb_printf(&s, "%lld-element ", (long long)range_length(x));
    type_name_of(ctx, &s, x);
    show_value(ctx, &ix, idx, SHOW_REPR, 0);
    err_throw(ctx, ERR_BOUNDS, site, "attempt to access %s at index [%s]", sb_str(&s), sb_str(&ix));
    if (idx.type == T_INT64)
        exc_attach_index(ctx, EXC_BOUNDS, x, idx.u.i, 0);
    sb_free(&s);
    sb_free(&ix);
    return -1;
}

/* nt[i] and nt[:name] of a named tuple. */
static int namedtuple_getindex(jc_ctx *ctx, value *out, value x, value ix, const ast *site)
{
    jc_namedtuple *nt = (jc_namedtuple *)x.u.o;
    if (ix.type == T_SYMBOL) {
        for (size_t i = 0; i < nt->n; i++)
            if (nt->names[i] == (int)ix.u.i) {
                *out = val_retain(nt->v[i]);
                return 0;
            }
        return err_throw(ctx, ERR_ERROR, site, "type NamedTuple has no field %s", sym_name(ctx, (int)ix.u.i));
    }
    if (ix.type != T_INT64)
        return LIB_DECLINE;
    if (ix.u.i < 1 || (uint64_t)ix.u.i > nt->n)
        return tuple_bounds(ctx, x, ix, site);
    *out = val_retain(nt->v[ix.u.i - 1]);
    return 0;
}

/* t[i] and r[i]; t[1:2], t[[1, 3]] and t[mask] are tuples, as Julia's. */
static int bi_getindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], ix = a->n == 2 ? a->v[1] : v_nothing();
    if (a->n == 2 && x.type == T_NAMEDTUPLE)
        return namedtuple_getindex(ctx, out, x, ix, a->site);
    if (a->n != 2 || !(x.type == T_TUPLE || x.type == T_RANGE))
        return LIB_DECLINE;
    int64_t n = x.type == T_TUPLE ? (int64_t)val_tuple(x)->n : range_length(x);
    if (x.type == T_TUPLE && x.sub == TUP_PLAIN && (ix.type == T_RANGE || ix.type == T_ARRAY)) {
        value *idx;
        int64_t m;
        jc_iter it;
        if (eval_iter_init(ctx, &it, ix, a->site) < 0)
            return -1;
        m = it.n;
        int mask = ix.type == T_ARRAY && val_array(ix)->et && val_array(ix)->et->base == T_BOOL;
        if ((mask && m != n) || (ix.type == T_RANGE && m > n)) /* a longer range has an index past n */
            return tuple_bounds(ctx, x, ix, a->site);
        idx = xmalloc((size_t)(m ? m : 1) * sizeof *idx);
        int64_t k = 0;
        for (int64_t j = 0; j < m; j++) {
            value y;
            int r = eval_iter_next(ctx, &it, &y);
            if (r < 0) {
                val_release_n(idx, k);
                free(idx);
                return -1;
            }
            if (r == 0)
                break;
            if (mask) {
                if (y.u.i)
                    idx[k++] = val_retain(val_tuple(x)->v[j]);
                continue;
            }
            if (y.type != T_INT64 || y.u.i < 1 || y.u.i > n) {
                val_release(y);
                val_release_n(idx, k);
                free(idx);
                return y.type == T_INT64 ? tuple_bounds(ctx, x, ix, a->site) : LIB_DECLINE;
            }
            idx[k++] = val_retain(val_tuple(x)->v[y.u.i - 1]);
        }
        *out = v_tuple_new((size_t)k);
        if (k)
            memcpy(val_tuple(*out)->v, idx, (size_t)k * sizeof *idx);
        free(idx);
        return 0;
    }
    if (ix.type != T_INT64 && ix.type != T_BOOL)
        return LIB_DECLINE;
    int64_t i = ix.u.i;
    if (i < 1 || i > n)
        return tuple_bounds(ctx, x, ix, a->site);
    if (x.type == T_TUPLE) {
        *out = val_retain(val_tuple(x)->v[i - 1]);
        return 0;
    }
    return range_get(ctx, x, i - 1, out);
}

static int bi_lastindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_TUPLE || x.type == T_RANGE) {
        *out = v_int(x.type == T_TUPLE ? (int64_t)val_tuple(x)->n : range_length(x));
        return 0;
    }
    return LIB_DECLINE;
}

static int bi_firstindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type == T_TUPLE || a->v[0].type == T_RANGE) {
        *out = v_int(1);
        return 0;
    }
    return LIB_DECLINE;
}

static int bi_exit(jc_ctx *ctx, value *out, const jc_args *a)
{
    int64_t code = 0;
    if (a->n == 1 && num_to_int64(ctx, a->v[0], &code) < 0)
        return -1;
    /* the library never ends its host: the front end decides what exit means */
    fflush(ctx->out);
    ctx->exit_code = (int)code;
    *out = v_nothing();
    return err_throw(ctx, ERR_EXIT, NULL, "%s", "");
}

static int bi_error(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    print_args(ctx, &s, a, 0, SHOW_PRINT);
    if (shown_ok(ctx, &s) < 0)
        return -1;
    err_throw(ctx, ERR_ERROR, a->site, "%s", sb_str(&s));
    sb_free(&s);
    (void)out;
    return -1;
}

static int bi_tuple(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    value t = v_tuple_new((size_t)a->n);
    for (int i = 0; i < a->n; i++)
        val_tuple(t)->v[i] = val_retain(a->v[i]);
    *out = t;
    return 0;
}

static int bi_isa(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[1].type != T_TYPE)
        return err_throw(ctx, ERR_TYPE, a->site, "in isa, expected Type");
    *out = v_bool(type_isa(a->v[0], val_typeobj(a->v[1])));
    return 0;
}

static int bi_subtype(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_TYPE || a->v[1].type != T_TYPE)
        return LIB_DECLINE;
    *out = v_bool(type_subtype(val_typeobj(a->v[0]), val_typeobj(a->v[1])));
    return 0;
}

static int bi_supertype(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_TYPE || a->v[1].type != T_TYPE)
        return LIB_DECLINE;
    *out = v_bool(type_subtype(val_typeobj(a->v[1]), val_typeobj(a->v[0])));
    return 0;
}

/* in(x, itr) for what iterates and has no faster row (tuples, named tuples' values,
 * strings' characters, a number): any element == x, as Julia's generic in. */
static int bi_in_iter(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], c = a->v[1];
    if (c.type == T_STRING && x.type == T_STRING) /* base/strings/search.jl */
        return err_throw(ctx, ERR_ERROR, a->site, "use occursin(needle, haystack) for string containment");
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, c, a->site) < 0)
        return -1;
    for (;;) {
        value y, r;
        int k = eval_iter_step(ctx, &it, &y);
        if (k > 0) {
            k = eval_call_global(ctx, "==", 2, (value[]){ x, y }, a->site, &r);
            val_release(y);
            if (k == 0) {
                int t = r.type == T_BOOL && r.u.i;
                val_release(r);
                if (!t)
                    continue;
                k = 1;
            }
        }
        eval_iter_done(&it);
        if (k >= 0)
            *out = v_bool(k > 0);
        return k < 0 ? -1 : 0;
    }
}

/* f(y) as a Bool for count and filter: Julia's pred(x)::Bool. */
static int predicate(jc_ctx *ctx, value f, value y, const ast *site, int *t)
{
    value r = y;
    if (f.type != T_NOTHING && eval_call(ctx, f, 1, &y, site, &r) < 0)
        return -1;
    if (r.type != T_BOOL) {
        sb tn = { 0 };
        type_name_of(ctx, &tn, r);
        err_throw(ctx, ERR_TYPE, site, "in typeassert, expected Bool, got a value of type %s", sb_str(&tn));
        sb_free(&tn);
        if (f.type != T_NOTHING)
            val_release(r);
        return -1;
    }
    *t = r.u.i != 0;
    return 0;
}

/* count([f,] itr) for what iterates and has no row of its own (ranges, tuples, strings'
 * characters, a number): how many elements f takes to true. */
static int bi_count_iter(jc_ctx *ctx, value *out, const jc_args *a)
{
    value f = a->n == 2 ? a->v[0] : v_nothing(), c = a->v[a->n - 1];
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, c, a->site) < 0)
        return -1;
    int64_t n = 0;
    for (;;) {
        value y;
        int k = eval_iter_step(ctx, &it, &y), t = 0;
        if (k > 0) {
            k = predicate(ctx, f, y, a->site, &t);
            val_release(y);
            if (k == 0) {
                n += t;
                continue;
            }
        }
        eval_iter_done(&it);
        if (k == 0)
            *out = v_int(n);
        return k < 0 ? -1 : 0;
    }
}

/* filter(f, s) of a string is the string of the characters f keeps, of a tuple the
 * tuple of the elements it keeps (arrays and ranges have their own row). */
static int bi_filter_iter(jc_ctx *ctx, value *out, const jc_args *a)
{
    value f = a->v[0], c = a->v[1];
    if (c.type != T_STRING && !(c.type == T_TUPLE && c.sub == TUP_PLAIN))
        return LIB_DECLINE;
    jc_iter it;
    if (eval_iter_init(ctx, &it, c, a->site) < 0)
        return -1;
    sb s = { 0 };
    value *kept = NULL;
    size_t nk = 0;
    for (;;) {
        value y;
        int k = eval_iter_step(ctx, &it, &y), t = 0;
        if (k == 0)
            break;
        if (k > 0) {
            if ((k = predicate(ctx, f, y, a->site, &t)) == 0 && t) {
                if (c.type == T_STRING)
                    sb_pututf8(&s, y.u.c);
                else {
                    kept = xrealloc(kept, (nk + 1) * sizeof *kept);
                    kept[nk++] = val_retain(y);
                }
            }
            val_release(y);
        }
        if (k < 0) {
            sb_free(&s);
            val_release_n(kept, (int64_t)nk);
            free(kept);
            return -1;
        }
    }
    if (c.type == T_STRING) {
        *out = v_string(sb_str(&s), s.len);
        sb_free(&s);
        return 0;
    }
    *out = v_tuple_new(nk);
    if (nk)
        memcpy(val_tuple(*out)->v, kept, nk * sizeof *kept);
    free(kept);
    return 0;
}

/* ---- findfirst, findlast, findnext, findprev, findall ---- */

enum { FIND_FIRST, FIND_LAST, FIND_NEXT, FIND_PREV, FIND_ALL };
static const int find_kinds[] = { FIND_FIRST, FIND_LAST, FIND_NEXT, FIND_PREV, FIND_ALL };

/* find*(f, coll[, i]) and find*(coll[, i]) over a collection's keys: positions 1…n of a
 * vector, range or tuple, the byte index of each character of a string.  f is a
 * predicate (a Char stands for ==(c) over a string's characters), or none for a
 * collection of Bools.  nothing when none is found; findall gives the Vector{Int64}. */
static int bi_find(jc_ctx *ctx, value *out, const jc_args *a)
{
    int kind = *(const int *)a->data;
    int with_i = kind == FIND_NEXT || kind == FIND_PREV;
    int nf = a->n - with_i;            /* 1: find*(coll), 2: find*(f, coll) */
    if (nf < 1 || nf > 2)
        return LIB_DECLINE;
    value f = nf == 2 ? a->v[0] : v_nothing(), c = a->v[nf - 1];
    if (c.type == T_ARRAY && val_array(c)->nd > 1)
        return LIB_DECLINE;            /* a matrix's keys are CartesianIndex: not here */
    if (c.type == T_STRING && f.type == T_STRING)
        return LIB_DECLINE;            /* a substring: strings.c's rows */
    if (c.type != T_STRING && c.type != T_ARRAY && c.type != T_RANGE &&
        !(c.type == T_TUPLE && c.sub == TUP_PLAIN))
        return LIB_DECLINE;
    int64_t from = 0;
    if (with_i && num_to_int64(ctx, a->v[a->n - 1], &from) < 0)
        return -1;
    jc_iter it;
    if (eval_iter_init(ctx, &it, c, a->site) < 0)
        return -1;
    int64_t *keys = NULL, nk = 0, found = 0, pos = 0;
    for (;;) {
        int64_t key = c.type == T_STRING ? it.i + 1 : ++pos;
        value y;
        int k = eval_iter_step(ctx, &it, &y), t = 0;
        if (k == 0)
            break;
        if (k > 0) {
            if (f.type == T_CHAR && c.type == T_STRING)
                t = y.u.c == f.u.c;
            else
                k = predicate(ctx, f, y, a->site, &t);
            val_release(y);
        }
        if (k < 0) {
            free(keys);
            return -1;
        }
        if (!t || (kind == FIND_NEXT && key < from) || (kind == FIND_PREV && key > from))
            continue;
        if (kind == FIND_ALL) {
            keys = xrealloc(keys, (size_t)(nk + 1) * sizeof *keys);
            keys[nk++] = key;
            continue;
        }
        found = key;
        if (kind == FIND_FIRST || kind == FIND_NEXT)
            break;
    }
    if (kind != FIND_ALL) {
        *out = found ? v_int(found) : v_nothing();
        return 0;
    }
    jc_typeobj *et = type_new(T_INT64);
    *out = array_alloc(et, 1, &nk);
    type_release(et);
    for (int64_t i = 0; i < nk; i++)
        val_array(*out)->v[i] = v_int(keys[i]);
    free(keys);
    return 0;
}

/* ∉, ∋ and ∌ through whatever `in` the user's program has (Base's definitions). */
static int in_call(jc_ctx *ctx, value *out, const jc_args *a, int flip, int negate)
{
    value r;
    if (eval_call_global(ctx, "in", 2, (value[]){ a->v[flip], a->v[1 - flip] }, a->site, &r) < 0)
        return -1;
    if (r.type != T_BOOL) {
        *out = r;
        return 0;
    }
    *out = v_bool(negate ? !r.u.i : r.u.i);
    return 0;
}
static int bi_notin(jc_ctx *ctx, value *out, const jc_args *a) { return in_call(ctx, out, a, 0, 1); }
static int bi_ni(jc_ctx *ctx, value *out, const jc_args *a) { return in_call(ctx, out, a, 1, 0); }
static int bi_notni(jc_ctx *ctx, value *out, const jc_args *a) { return in_call(ctx, out, a, 1, 1); }

const builtin lib_core[] = {
    { "in", 2, 2, bi_in_iter, LIB_HELP("in(x, collection)", "Whether x == some element of the collection: an array, a range, a tuple, a named\n  tuple's values, a string's characters."), NULL },
    { "∈", 2, 2, bi_in_iter, NULL, NULL },
    { "count", 1, 2, bi_count_iter, NULL, NULL },
    { "findfirst", 1, 2, bi_find, LIB_HELP("findfirst([f,] A)", "The first index i of A for which f(A[i]) is true (A[i] itself for a\n  collection of Bools), or nothing.  Indices are positions, a string's are byte\n  indices; a Char f means ==(f)."), NULL, &find_kinds[FIND_FIRST] },
    { "findlast", 1, 2, bi_find, LIB_HELP("findlast([f,] A)", "The last index i of A for which f(A[i]) is true, or nothing."), NULL, &find_kinds[FIND_LAST] },
    { "findnext", 2, 3, bi_find, LIB_HELP("findnext([f,] A, i)", "The first index at or after i for which f(A[i]) is true, or nothing."), NULL, &find_kinds[FIND_NEXT] },
    { "findprev", 2, 3, bi_find, LIB_HELP("findprev([f,] A, i)", "The last index at or before i for which f(A[i]) is true, or nothing."), NULL, &find_kinds[FIND_PREV] },
    { "findall", 1, 2, bi_find, LIB_HELP("findall([f,] A)", "The Vector of the indices i of A for which f(A[i]) is true."), NULL, &find_kinds[FIND_ALL] },
    { "filter", 2, 2, bi_filter_iter, NULL, NULL },
    { "∉", 2, 2, bi_notin, LIB_HELP("∉(x, collection)", "!(x ∈ collection)."), NULL },
    { "∋", 2, 2, bi_ni, LIB_HELP("∋(collection, x)", "x ∈ collection."), NULL },
    { "∌", 2, 2, bi_notni, LIB_HELP("∌(collection, x)", "!(x ∈ collection)."), NULL },
    { "tuple", 0, -1, bi_tuple, LIB_HELP("tuple(xs...)", "Construct a tuple of the given objects: tuple(1, 'a') == (1, 'a')."), NULL },
    { "isa", 2, 2, bi_isa, "  isa(x, type) -> Bool\n\n  Whether x is of the given type; also written infix: x isa Real.", NULL },
    { "<:", 2, 2, bi_subtype, "  <:(T1, T2)\n\n  Subtype operator: true when every value of type T1 is also of type T2.", NULL },
    { ">:", 2, 2, bi_supertype, "  >:(T1, T2)\n\n  Supertype operator, equivalent to T2 <: T1.", NULL },
    { "print", 0, -1, bi_print, "  print([io::IO], xs...)\n\n  Write a canonical (un-decorated) text representation of the values to io (an IO\n  value first), else to the output; print(1, 2) prints 12.", NULL },
    { "println", 0, -1, bi_println, "  println([io::IO], xs...)\n\n  Print (using print) xs followed by a newline.", NULL },
    { "show", 1, -1, bi_show, "  show([io::IO], x)\n\n  Write a text representation of x (to io, else the output), as repr gives it;\n  a user's Base.show(io::IO, x::T) method defines it for T everywhere values are shown.", NULL },
    { "display", 1, 1, bi_display, "  display(x)\n\n  Show x as the REPL does (text/plain).", NULL },
    { "string", 0, -1, bi_string, "  string(xs...)\n  string(n::Integer; base = 10, pad = 1)\n\n  Create a string from any values using the print function; an integer alone may be\n  written in another base, padded with zeros: string(5, base = 2, pad = 4) == \"0101\".", "base pad" },
    { "repr", 1, 1, bi_repr, "  repr(x)\n\n  Create a string from any value using the show function.", NULL },
    { "length", 1, 1, bi_length, "  length(collection) -> Integer\n\n  Return the number of elements in the collection.", NULL },
    { "first", 1, 2, bi_first, "  first(coll)\n  first(coll, n)\n\n  Get the first element of an iterable collection, or its first n elements\n  (characters of a string).", NULL },
    { "last", 1, 2, bi_last, "  last(coll)\n  last(coll, n)\n\n  Get the last element of an ordered collection, or its last n elements.", NULL },
    { "iterate", 1, 2, bi_iterate, "  iterate(iter [, state]) -> Union{Nothing, Tuple{Any, Any}}\n\n  Advance the iterator to obtain the next element: nothing when none remain, else\n  (element, state), state being what the next call takes.  A user's Base.iterate\n  methods make a type iterable in for loops, comprehensions, collect and the folds.", NULL },
    { "sum", 1, 2, bi_sum, "  sum(itr; [init])\n  sum(f, itr; [init])\n  sum(A; dims)\n\n  Sum the elements of a collection (after applying f to each); with init, a left fold\n  from init, which is also the sum of an empty collection.", NULL },
    { "prod", 1, 2, bi_prod, "  prod(itr; [init])\n  prod(f, itr; [init])\n  prod(A; dims)\n\n  Multiply the elements of a collection (after applying f to each); with init, a left\n  fold from init, which is also the product of an empty collection.", NULL },
    { "maximum", 1, 2, bi_maximum, "  maximum(itr; [init])\n  maximum(f, itr; [init])\n  maximum(A; dims)\n\n  The largest element of a collection; init is returned for an empty one.", NULL },
    { "minimum", 1, 2, bi_minimum, "  minimum(itr; [init])\n  minimum(f, itr; [init])\n  minimum(A; dims)\n\n  The smallest element of a collection; init is returned for an empty one.", NULL },
    { "getindex", 2, -1, bi_getindex, "  getindex(collection, key...)\n\n  Retrieve the value stored at the given index: the syntax a[i] calls it.", NULL },
    { "lastindex", 1, 2, bi_lastindex, "  lastindex(collection) -> Integer\n\n  Return the last index of collection (what `end` means inside a[...]).", NULL },
    { "firstindex", 1, 2, bi_firstindex, "  firstindex(collection) -> Integer\n\n  Return the first index of collection (what `begin` means inside a[...]).", NULL },
    { "exit", 0, 1, bi_exit, "  exit(code=0)\n\n  Stop jcalc with the given exit code (a program embedding jcalc sees the\n  evaluation end with JC_EXIT and decides).", NULL },
    { "error", 1, -1, bi_error, "  error(msg...)\n\n  Raise an ErrorException with the given message.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
