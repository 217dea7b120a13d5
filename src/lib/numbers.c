/* numbers.c — builtin rows for the operators and the number functions (lib_numbers).
 *
 * Each row forwards to the number tower (num/num.h); a NUM_NOMETHOD answer becomes
 * Julia's MethodError with the name the user called.  Equality and order also cover
 * the non-numeric values (strings, characters, symbols, tuples, nothing, types). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "exc.h"
#include "num/float16.h"
#include "num/fixint.h"
#include "num/num.h"
#include "show.h"
#include "lib/lib.h"
#include "range.h"

/* Turns a num_* return code into the builtin's: NUM_NOMETHOD raises MethodError. */
static int ret(jc_ctx *ctx, int rc, const char *name, const jc_args *a)
{
    if (rc == NUM_NOMETHOD)
        return lib_no_method(ctx, name, a);
    return rc < 0 ? -1 : 0;
}

/* Left fold of a binary operation over all arguments. */
static int fold(jc_ctx *ctx, value *out, const jc_args *a, num_op op, const char *name)
{
    value acc = val_retain(a->v[0]);
    for (int i = 1; i < a->n; i++) {
        value t;
        int rc = num_binop(ctx, &t, op, acc, a->v[i]);
        val_release(acc);
        if (rc < 0)
            return ret(ctx, rc, name, a);
        acc = t;
    }
    *out = acc;
    return 0;
}

/* ---- strings met by + * ^ ---- */

static int is_text(value v) { return v.type == T_STRING || v.type == T_CHAR; }

static int concat(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb b = { 0 };
    for (int i = 0; i < a->n; i++)
        show_value(ctx, &b, a->v[i], SHOW_PRINT, 0);
    *out = v_string(sb_str(&b), b.len);
    sb_free(&b);
    return 0;
}

/* ---- arithmetic operators ---- */

/* Char ± Integer is a Char, Char - Char an Int64, as in Julia. */
static int char_arith(jc_ctx *ctx, value *out, const jc_args *a, int sign)
{
    value c = a->v[0].type == T_CHAR ? a->v[0] : a->v[1];
    value o = a->v[0].type == T_CHAR ? a->v[1] : a->v[0];
    if (sign < 0 && o.type == T_CHAR) {
        *out = v_int((int64_t)c.u.c - (int64_t)o.u.c);
        return 0;
    }
    int64_t n;
    if (!num_is_integer_type(o) || (sign < 0 && a->v[1].type == T_CHAR))
        return lib_no_method(ctx, sign > 0 ? "+" : "-", a);
    if (num_to_int64(ctx, o, &n) < 0)
        return -1;
    /* in 128 bits: c + typemax(Int) must not overflow on the way to the range check */
    __int128 r = (__int128)c.u.c + (__int128)sign * n;
    if (r < 0 || r > 0x7fffffff) /* |r| < 2^64: its magnitude fits an unsigned 64 */
        return err_throw(ctx, ERR_INEXACT, NULL, "trunc(UInt32, %s%llu)", r < 0 ? "-" : "",
                         (unsigned long long)(r < 0 ? -r : r));
    *out = v_char((uint32_t)r);
    return 0;
}

static int f_add(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 1) {
        if (!num_is_number(a->v[0]))
            return lib_no_method(ctx, "+", a);
        *out = val_retain(a->v[0]);
        return 0;
    }
    if (a->n == 2 && (a->v[0].type == T_CHAR || a->v[1].type == T_CHAR))
        return char_arith(ctx, out, a, 1);
    return fold(ctx, out, a, NUM_ADD, "+");
}

static int f_sub(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 1)
        return ret(ctx, num_neg(ctx, out, a->v[0]), "-", a);
    if (a->v[0].type == T_CHAR)
        return char_arith(ctx, out, a, -1);
    return ret(ctx, num_binop(ctx, out, NUM_SUB, a->v[0], a->v[1]), "-", a);
}

static int f_mul(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 1) {
        if (!num_is_number(a->v[0]) && !is_text(a->v[0]))
            return lib_no_method(ctx, "*", a);
        *out = val_retain(a->v[0]);
        return 0;
    }
    int text = 1;
    for (int i = 0; i < a->n; i++)
        text &= is_text(a->v[i]);
    if (text)
        return concat(ctx, out, a);
    return fold(ctx, out, a, NUM_MUL, "*");
}

#define BINOP(fn, OP, NAME) \
    static int fn(jc_ctx *ctx, value *out, const jc_args *a) \
    { return ret(ctx, num_binop(ctx, out, OP, a->v[0], a->v[1]), NAME, a); }
BINOP(f_div, NUM_DIV, "/")
BINOP(f_ldiv, NUM_LDIV, "\\")
BINOP(f_idiv, NUM_IDIV, "÷")
BINOP(f_rem_op, NUM_REM, "%")
BINOP(f_rdiv, NUM_RDIV, "//")
BINOP(f_shl, NUM_SHL, "<<")
BINOP(f_shr, NUM_SHR, ">>")
BINOP(f_ushr, NUM_USHR, ">>>")
BINOP(f_fld, NUM_FLD, "fld")
BINOP(f_cld, NUM_CLD, "cld")
BINOP(f_mod, NUM_MOD, "mod")
BINOP(f_rem, NUM_REM, "rem")
BINOP(f_mod1, NUM_MOD1, "mod1")
#undef BINOP

static int f_pow(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], p = a->v[1];
    if (is_text(x) && (p.type == T_INT64 || p.type == T_BOOL)) {
        /* "ab"^3 repeats */
        if (p.u.i < 0)
            return err_throw(ctx, ERR_ARGUMENT, NULL, "can't repeat a string %lld times",
                            (long long)p.u.i);
        sb one = { 0 }, b = { 0 };
        show_value(ctx, &one, x, SHOW_PRINT, 0);
        if (num_check_bits(ctx, 8.0 * (double)one.len * (double)p.u.i) < 0) {
            sb_free(&one);
            return -1;
        }
        for (int64_t i = 0; i < p.u.i; i++)
            sb_put(&b, sb_str(&one), one.len);
        *out = v_string(sb_str(&b), b.len);
        sb_free(&one);
        sb_free(&b);
        return 0;
    }
    return ret(ctx, num_binop(ctx, out, NUM_POW, x, p), "^", a);
}

static int f_and(jc_ctx *ctx, value *out, const jc_args *a) { return fold(ctx, out, a, NUM_AND, "&"); }
static int f_or(jc_ctx *ctx, value *out, const jc_args *a) { return fold(ctx, out, a, NUM_OR, "|"); }
static int f_xor(jc_ctx *ctx, value *out, const jc_args *a) { return fold(ctx, out, a, NUM_XOR, "xor"); }

static int f_bitnot(jc_ctx *ctx, value *out, const jc_args *a)
{
    return ret(ctx, num_bitnot(ctx, out, a->v[0]), "~", a);
}

static int f_not(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_BOOL)
        return lib_no_method(ctx, "!", a);
    *out = v_bool(!a->v[0].u.i);
    return 0;
}

/* div(x, y, r::RoundingMode) for the modes the division family names. */
static int f_div3(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 2)
        return ret(ctx, num_binop(ctx, out, NUM_IDIV, a->v[0], a->v[1]), "div", a);
    if (a->v[2].type != T_ROUNDMODE)
        return lib_no_method(ctx, "div", a);
    value x = a->v[0], y = a->v[1];
    switch (a->v[2].u.i) {
    case RM_TOZERO: return ret(ctx, num_binop(ctx, out, NUM_IDIV, x, y), "div", a);
    case RM_DOWN: return ret(ctx, num_binop(ctx, out, NUM_FLD, x, y), "div", a);
    case RM_UP: return ret(ctx, num_binop(ctx, out, NUM_CLD, x, y), "div", a);
    default: break;
    }
    if (!num_is_integer_type(x) || !num_is_integer_type(y))
        return lib_no_method(ctx, "div", a);
    /* the nearest modes and FromZero on integers, from the exact quotient */
    mpz_t n, d, q, r;
    mpz_inits(n, d, q, r, NULL);
    num_to_mpz(ctx, n, x);
    num_to_mpz(ctx, d, y);
    if (mpz_sgn(d) == 0) {
        mpz_clears(n, d, q, r, NULL);
        return err_throw(ctx, ERR_DIVIDE, NULL, "integer division error");
    }
    mpz_tdiv_qr(q, r, n, d);
    if (mpz_sgn(r) != 0) {
        int away = mpz_sgn(n) * mpz_sgn(d);   /* direction away from zero */
        if (a->v[2].u.i == RM_FROMZERO) {
            mpz_add_ui(q, q, 0);
            if (away > 0) mpz_add_ui(q, q, 1); else mpz_sub_ui(q, q, 1);
        } else {
            mpz_t r2;
            mpz_init(r2);
            mpz_mul_2exp(r2, r, 1);
            int c = mpz_cmpabs(r2, d);   /* 2|r| vs |d| */
            int up = c > 0;
            if (c == 0) {
                if (a->v[2].u.i == RM_NEARESTTIESAWAY) up = 1;
                else if (a->v[2].u.i == RM_NEARESTTIESUP) up = away > 0;
                else up = mpz_odd_p(q);
            }
            if (up) {
                if (away > 0) mpz_add_ui(q, q, 1); else mpz_sub_ui(q, q, 1);
            }
            mpz_clear(r2);
        }
    }
    *out = (x.type == T_BIGINT || y.type == T_BIGINT) ? v_bigint_from_mpz(q) : v_int_from_mpz(q);
    mpz_clears(n, d, q, r, NULL);
    return 0;
}

static int pair(jc_ctx *ctx, value *out, const jc_args *a, num_op o1, num_op o2, const char *name)
{
    value q, r;
    int rc = num_binop(ctx, &q, o1, a->v[0], a->v[1]);
    if (rc < 0)
        return ret(ctx, rc, name, a);
    rc = num_binop(ctx, &r, o2, a->v[0], a->v[1]);
    if (rc < 0) {
        val_release(q);
        return ret(ctx, rc, name, a);
    }
    value t = v_tuple_new(2);
    val_tuple(t)->v[0] = q;
    val_tuple(t)->v[1] = r;
    *out = t;
    return 0;
}

static int f_divrem(jc_ctx *ctx, value *out, const jc_args *a) { return pair(ctx, out, a, NUM_IDIV, NUM_REM, "divrem"); }
static int f_fldmod(jc_ctx *ctx, value *out, const jc_args *a) { return pair(ctx, out, a, NUM_FLD, NUM_MOD, "fldmod"); }

/* ---- equality and order over all values ---- */

static int values_equal_k(jc_ctx *ctx, value x, value y, int iseq, int *res);

static int tuple_equal(jc_ctx *ctx, value x, value y, int iseq, int *res)
{
    jc_tuple *p = val_tuple(x), *q = val_tuple(y);
    *res = p->n == q->n && x.sub == y.sub;  /* a Pair is no tuple */
    for (size_t i = 0; *res && i < p->n; i++)
        if (values_equal_k(ctx, p->v[i], q->v[i], iseq, res) < 0)
            return -1;
    return 0;
}

static int identical(value x, value y);

static int type_value_equal(const jc_typeobj *p, const jc_typeobj *q)
{
    if (!p || !q)
        return p == q;
    return type_equiv(p, q);
}

/* == : numbers by value, other values structurally; different kinds are unequal.
 * With iseq it is isequal: the same, except that numbers compare as num_isequal does
 * (NaN isequal NaN, -0.0 is not 0.0), in tuples and arrays too.
 *
 * Self-containing arrays: isequal(A, B) opens with `A === B && return true`
 * (base/abstractarray.jl), so isequal(a, a) is true; == has no such shortcut and
 * recurses, as Julia's does, until the stack guard raises StackOverflowError. */
static int identical(value x, value y);

/* A range against a range or a vector: both are AbstractVectors, equal when their
 * elements are (isequal(1:3, 1:1:3), (1:3) == [1, 2, 3], isequal(1:0, 2:1)). */
static int range_vs(jc_ctx *ctx, value x, value y, int iseq, int *res)
{
    if (x.type == T_RANGE && y.type == T_RANGE)
        return range_equal(ctx, x, y, iseq, res);
    if (x.type != T_RANGE) {
        value t = x;
        x = y;
        y = t;
    }
    *res = 0;
    if (val_array(y)->nd != 1 || array_length(y) != range_length(x) || val_range(x)->huge)
        return 0;
    int64_t n = array_length(y);
    *res = 1;
    for (int64_t i = 0; *res && i < n; i++) {
        value p, q;
        if (range_get(ctx, x, i, &p) < 0) return -1;
        if (array_get_linear(ctx, y, i, &q) < 0) { val_release(p); return -1; }
        int rc = values_equal_k(ctx, p, q, iseq, res);
        val_release(p);
        val_release(q);
        if (rc < 0) return -1;
    }
    return 0;
}

static int values_equal_k(jc_ctx *ctx, value x, value y, int iseq, int *res)
{
    if (num_is_number(x) && num_is_number(y))
        return iseq ? num_isequal(ctx, x, y, res) : num_equal(ctx, x, y, res);
    if ((x.type == T_RANGE && (y.type == T_RANGE || y.type == T_ARRAY)) ||
        (y.type == T_RANGE && x.type == T_ARRAY))
        return range_vs(ctx, x, y, iseq, res);
    *res = 0;
    if (x.type != y.type)
        return 0;
    if (x.type == T_ARRAY && iseq && x.u.o == y.u.o) {
        *res = 1;
        return 0;
    }
    if ((x.type == T_ARRAY || x.type == T_TUPLE) && eval_stack_check(ctx, NULL) < 0)
        return -1;
    switch (x.type) {
    case T_NOTHING: *res = 1; return 0;
    case T_CHAR: *res = x.u.c == y.u.c; return 0;
    case T_SYMBOL: case T_ROUNDMODE: *res = x.u.i == y.u.i && x.sub == y.sub; return 0;
    case T_STRING:
        *res = val_string(x)->len == val_string(y)->len &&
               !memcmp(val_string(x)->s, val_string(y)->s, val_string(x)->len);
        return 0;
    case T_TUPLE: return tuple_equal(ctx, x, y, iseq, res);
    case T_TYPE: *res = type_value_equal(val_typeobj(x), val_typeobj(y)); return 0;
    case T_EXCEPTION: *res = identical(x, y); return 0; /* immutable structs: == is === */
    case T_STRUCT: {
        /* Julia's default == is ===; Base defines Expr's (head === head and isequal of
         * the args) and QuoteNode's (isequal of the values) by structure. */
        int k = eval_expr_kind(ctx, x);
        if (!k || k != eval_expr_kind(ctx, y)) {
            *res = identical(x, y);
            return 0;
        }
        jc_struct *p = val_struct(x), *q = val_struct(y);
        if (k == 1 && !identical(p->v[0], q->v[0]))
            return 0;
        if (eval_stack_check(ctx, NULL) < 0)
            return -1;
        return values_equal_k(ctx, p->v[k == 1], q->v[k == 1], 1, res);
    }
    case T_ARRAY: {
        int64_t n = array_length(x);
        *res = n == array_length(y);
        for (int64_t i = 0; *res && i < n; i++) {
            value p, q;
            if (array_get_linear(ctx, x, i, &p) < 0) return -1;
            if (array_get_linear(ctx, y, i, &q) < 0) { val_release(p); return -1; }
            int rc = values_equal_k(ctx, p, q, iseq, res);
            val_release(p);
            val_release(q);
            if (rc < 0) return -1;
        }
        return 0;
    }
    default: *res = x.u.o == y.u.o; return 0;
    }
}

static int values_equal(jc_ctx *ctx, value x, value y, int *res)
{
    return values_equal_k(ctx, x, y, 0, res);
}

/* === */
static int identical(value x, value y)
{
    if (num_is_number(x) || num_is_number(y))
        return num_identical(x, y);
    if (x.type != y.type)
        return 0;
    switch (x.type) {
    case T_NOTHING: return 1;
    case T_CHAR: return x.u.c == y.u.c;
    case T_SYMBOL: case T_ROUNDMODE: return x.u.i == y.u.i && x.sub == y.sub;
    case T_STRING:
        return val_string(x)->len == val_string(y)->len &&
               !memcmp(val_string(x)->s, val_string(y)->s, val_string(x)->len);
    case T_TUPLE: {
        jc_tuple *p = val_tuple(x), *q = val_tuple(y);
        if (p->n != q->n || x.sub != y.sub) return 0;
        for (size_t i = 0; i < p->n; i++)
            if (!identical(p->v[i], q->v[i])) return 0;
        return 1;
    }
    case T_TYPE: return type_value_equal(val_typeobj(x), val_typeobj(y));
    case T_EXCEPTION: { /* egal: same type, the same fields defined and identical */
        const jc_exception *p = val_exc(x), *q = val_exc(y);
        if (p->id != q->id || p->undef != q->undef) return 0;
        for (size_t i = 0; i < p->n; i++)
            if (!(p->undef & (1u << i)) && !identical(p->v[i], q->v[i])) return 0;
        return 1;
    }
    case T_STRUCT: { /* immutable ones by content (egal), mutable ones by identity */
        jc_struct *p = val_struct(x), *q = val_struct(y);
        if (p == q) return 1;
        if (!type_equal(p->type, q->type) || (p->type->def && p->type->def->mutable_)) return 0;
        for (size_t i = 0; i < p->n; i++)
            if (!identical(p->v[i], q->v[i])) return 0;
        return 1;
    }
    default: return x.u.o == y.u.o;
    }
}

/* Order for <, <=, >, >=: -1/0/1 or NUM_UNORDERED; NUM_NOMETHOD when not comparable. */
static int values_cmp(jc_ctx *ctx, value x, value y, int *res)
{
    if (num_is_real(x) && num_is_real(y))
        return num_cmp(ctx, x, y, res);
    if (x.type == T_STRING && y.type == T_STRING) {
        jc_string *p = val_string(x), *q = val_string(y);
        size_t n = p->len < q->len ? p->len : q->len;
        int c = memcmp(p->s, q->s, n);
        if (c == 0) c = (p->len > q->len) - (p->len < q->len);
        *res = (c > 0) - (c < 0);
        return 0;
    }
    if (x.type == T_CHAR && y.type == T_CHAR) {
        *res = (x.u.c > y.u.c) - (x.u.c < y.u.c);
        return 0;
    }
    if (x.type == T_SYMBOL && y.type == T_SYMBOL) {
        int c = strcmp(sym_name(ctx, (int)x.u.i), sym_name(ctx, (int)y.u.i));
        *res = (c > 0) - (c < 0);
        return 0;
    }
    if (x.type == T_TUPLE && y.type == T_TUPLE && x.sub == y.sub && !val_is_func_tuple(x)) {
        /* lexicographic by isless; a prefix sorts first */
        jc_tuple *p = val_tuple(x), *q = val_tuple(y);
        size_t n = p->n < q->n ? p->n : q->n;
        for (size_t i = 0; i < n; i++) {
            int c, rc = values_cmp(ctx, p->v[i], q->v[i], &c);
            if (rc < 0) return rc;
            if (c != 0) { *res = c; return 0; }
        }
        *res = (p->n > q->n) - (p->n < q->n);
        return 0;
    }
    return NUM_NOMETHOD;
}

/* Julia's isless as a total order: *res -1, 0 (isequal) or 1.  Reals by value with NaN
 * after everything (and equal to itself) and -0.0 before 0.0; tuples (and pairs)
 * lexicographically by isless; strings, chars and symbols as <.  NUM_NOMETHOD when
 * Julia has no isless for the two (complex numbers, arrays, mixed kinds). */
static int isless_cmp(jc_ctx *ctx, value x, value y, int *res)
{
    if (num_is_real(x) && num_is_real(y)) {
        int xn = num_isnan(x), yn = num_isnan(y);
        if (xn || yn) {
            *res = xn - yn;
            return 0;
        }
        int rc = num_cmp(ctx, x, y, res);
        if (rc < 0)
            return rc;
        if (*res == 0 && (num_is_float_type(x) || num_is_float_type(y)))
            *res = num_signbit(y) - num_signbit(x); /* isless(-0.0, 0.0) */
        return 0;
    }
    if (x.type == T_TUPLE && y.type == T_TUPLE && x.sub == y.sub && !val_is_func_tuple(x)) {
        jc_tuple *p = val_tuple(x), *q = val_tuple(y);
        size_t n = p->n < q->n ? p->n : q->n;
        for (size_t i = 0; i < n; i++) {
            int rc = isless_cmp(ctx, p->v[i], q->v[i], res);
            if (rc < 0)
                return rc;
            if (*res != 0)
                return 0;
        }
        *res = (p->n > q->n) - (p->n < q->n);
        return 0;
    }
    if (x.type == T_TUPLE || y.type == T_TUPLE)
        return NUM_NOMETHOD;
    return values_cmp(ctx, x, y, res);
}

int lib_isless(jc_ctx *ctx, value x, value y, int *less)
{
    int c, rc = isless_cmp(ctx, x, y, &c);
    if (rc == 0) {
        *less = c < 0;
        return 0;
    }
    if (rc != NUM_NOMETHOD)
        return -1;
    /* a user's isless method (isless(a::Point, b::Point)); without one, its row below
     * raises the MethodError */
    value r;
    if (eval_call_global(ctx, "isless", 2, (value[]){ x, y }, NULL, &r) < 0)
        return -1;
    *less = r.type == T_BOOL && r.u.i;
    val_release(r);
    return 0;
}

static int f_isless(jc_ctx *ctx, value *out, const jc_args *a)
{
    int c, rc = isless_cmp(ctx, a->v[0], a->v[1], &c);
    if (rc < 0)
        return ret(ctx, rc, "isless", a);
    *out = v_bool(c < 0);
    return 0;
}

/* max and min of values that are not all numbers, by isless as Julia's generic
 * max(x, y) = isless(y, x) ? x : y and min(x, y) = isless(y, x) ? y : x. */
static int isless_extreme(jc_ctx *ctx, value *out, const jc_args *a, int want_max, const char *name)
{
    value acc = a->v[0];
    for (int i = 1; i < a->n; i++) {
        int less = 0;
        if (lib_isless(ctx, a->v[i], acc, &less) < 0)
            return -1;
        if (want_max ? !less : less)
            acc = a->v[i];
    }
    *out = val_retain(acc);
    return 0;
}

static int all_numbers(const jc_args *a)
{
    for (int i = 0; i < a->n; i++)
        if (!num_is_number(a->v[i]))
            return 0;
    return 1;
}

enum { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE, C_IS, C_ISNOT };

static int compare(jc_ctx *ctx, value *out, const jc_args *a, int how, const char *name)
{
    value x = a->v[0], y = a->v[1];
    int r = 0, rc;
    switch (how) {
    case C_IS: *out = v_bool(identical(x, y)); return 0;
    case C_ISNOT: *out = v_bool(!identical(x, y)); return 0;
    case C_EQ: case C_NE:
        if ((rc = values_equal(ctx, x, y, &r)) < 0) return ret(ctx, rc, name, a);
        *out = v_bool(how == C_EQ ? r : !r);
        return 0;
    default:
        if ((rc = values_cmp(ctx, x, y, &r)) < 0) return ret(ctx, rc, name, a);
        switch (how) {
        case C_LT: *out = v_bool(r == -1); break;
        case C_LE: *out = v_bool(r == -1 || r == 0); break;
        case C_GT: *out = v_bool(r == 1); break;
        default: *out = v_bool(r == 1 || r == 0); break;
        }
        return 0;
    }
}

#define CMP(fn, HOW, NAME) \
    static int fn(jc_ctx *ctx, value *out, const jc_args *a) { return compare(ctx, out, a, HOW, NAME); }
CMP(f_eq, C_EQ, "==")
CMP(f_ne, C_NE, "!=")
CMP(f_lt, C_LT, "<")
CMP(f_le, C_LE, "<=")
CMP(f_gt, C_GT, ">")
CMP(f_ge, C_GE, ">=")
CMP(f_is, C_IS, "===")
CMP(f_isnot, C_ISNOT, "!==")
#undef CMP

static int approx(jc_ctx *ctx, const jc_args *a, int *res, const char *name)
{
    const value *rtol = lib_kwarg(ctx, a, "rtol"), *atol = lib_kwarg(ctx, a, "atol");
    const value *nans = lib_kwarg(ctx, a, "nans");
    int rc = num_isapprox(ctx, a->v[0], a->v[1], rtol, atol, nans && nans->type == T_BOOL && nans->u.i, res);
    return rc < 0 ? ret(ctx, rc, name, a) : 0;
}

static int f_isequal(jc_ctx *ctx, value *out, const jc_args *a)
{
    int r, rc = values_equal_k(ctx, a->v[0], a->v[1], 1, &r);
    if (rc < 0) return ret(ctx, rc, "isequal", a);
    *out = v_bool(r);
    return 0;
}

static int f_approx(jc_ctx *ctx, value *out, const jc_args *a)
{
    int r;
    if (approx(ctx, a, &r, "isapprox") < 0) return -1;
    *out = v_bool(r);
    return 0;
}

static int f_napprox(jc_ctx *ctx, value *out, const jc_args *a)
{
    int r;
    if (approx(ctx, a, &r, "≉") < 0) return -1;
    *out = v_bool(!r);
    return 0;
}

/* ---- conversions ---- */

static int big_type(num_type *t)
{
    if (val_kind_is(t->t, VK_INTEGER)) {
        t->t = T_BIGINT;
        return 0;
    }
    switch (t->t) {
    case T_RATIONAL: t->sub = T_BIGINT; return 0;
    default: t->t = T_BIGFLOAT; t->sub = 0; return 0;
    }
}

static int float_type(num_type *t)
{
    switch (t->t) {
    case T_BIGINT: t->t = T_BIGFLOAT; break;
    case T_RATIONAL: t->t = t->sub == T_BIGINT ? T_BIGFLOAT : T_FLOAT64; break;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: case T_BIGFLOAT: break;
    default: t->t = T_FLOAT64; break;
    }
    t->sub = 0;
    return 0;
}

/* The number type a T_TYPE value names, when it names one. */
static int typeobj_num(value v, num_type *t)
{
    if (v.type != T_TYPE) return -1;
    const jc_typeobj *o = val_typeobj(v);
    t->cplx = 0;
    t->sub = o->sub;
    if (o->base == T_COMPLEX) {
        if (!o->param) return -1;
        t->cplx = 1;
        o = o->param;
    }
    if (o->base < T_BOOL || o->base > T_BIGFLOAT) return -1;
    t->t = o->base;
    if (o->base == T_RATIONAL)
        t->sub = o->param && o->param->base == T_BIGINT ? T_BIGINT : T_INT64;
    return 0;
}

static int convert_by(jc_ctx *ctx, value *out, const jc_args *a, int (*map)(num_type *), const char *name)
{
    num_type t;
    if (typeobj_num(a->v[0], &t) == 0) {
        map(&t);
        *out = num_type_value(t);
        return 0;
    }
    if (num_typeof(a->v[0], &t) < 0)
        return lib_no_method(ctx, name, a);
    map(&t);
    return ret(ctx, num_convert_to(ctx, out, t, a->v[0]), name, a);
}

static int f_big(jc_ctx *ctx, value *out, const jc_args *a) { return convert_by(ctx, out, a, big_type, "big"); }
static int f_float(jc_ctx *ctx, value *out, const jc_args *a) { return convert_by(ctx, out, a, float_type, "float"); }

static int widen_type(num_type *t)
{
    switch (t->t) {
    case T_FLOAT16: t->t = T_FLOAT32; return 0;
    case T_FLOAT32: t->t = T_FLOAT64; return 0;
    default: {
        /* the bit integers double their width up to 128 bits, from at least 32
         * (widen(Int8) is Int32) [base/int.jl, test/int.jl] */
        int w = fix_width(t->t);
        if (w && w < 128) {
            t->t = (uint8_t)fix_kind(w < 32 ? 32 : 2 * w, fix_signed(t->t));
            return 0;
        }
        return big_type(t);
    }
    }
}
static int f_widen(jc_ctx *ctx, value *out, const jc_args *a) { return convert_by(ctx, out, a, widen_type, "widen"); }

static int f_complex(jc_ctx *ctx, value *out, const jc_args *a)
{
    jc_typeobj t = { .base = T_COMPLEX, .ndims = -1 };
    if (a->n == 1 && a->v[0].type == T_COMPLEX) {
        *out = val_retain(a->v[0]);
        return 0;
    }
    return ret(ctx, num_construct(ctx, out, &t, a->n == 1 ? 1 : 2, a->v), "complex", a);
}

static int f_typeof(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    *out = num_typeof_value(a->v[0]);
    return 0;
}

/* rationalize(x; tol = eps(x)): Julia's continued-fraction search for the simplest
 * Rational{Int64} within tol, in the float's arithmetic. */
static int f_rationalize(jc_ctx *ctx, value *out, const jc_args *a)
{
    value xv = a->v[a->n - 1];
    if (a->n == 2 && a->v[0].type != T_TYPE)
        return lib_no_method(ctx, "rationalize", a);
    if (num_is_integer_type(xv) || xv.type == T_RATIONAL) {
        num_type t = { T_RATIONAL, T_INT64, 0 };
        return ret(ctx, num_convert_to(ctx, out, t, xv), "rationalize", a);
    }
    if (!num_is_float_type(xv))
        return lib_no_method(ctx, "rationalize", a);
    double x;
    num_to_double(ctx, xv, &x);
    double tol;
    const value *tv = lib_kwarg(ctx, a, "tol");
    if (tv) {
        if (num_to_double(ctx, *tv, &tol) < 0) return lib_no_method(ctx, "rationalize", a);
    } else {
        int e;
        if (!isfinite(x)) tol = NAN;
        else if (x == 0) tol = xv.type == T_FLOAT32 ? 1.401298464324817e-45 : xv.type == T_FLOAT16 ? 5.960464477539063e-8 : 4.9406564584124654e-324;
        else {
            frexp(x, &e);
            int mant = xv.type == T_FLOAT32 ? 24 : xv.type == T_FLOAT16 ? 11 : 53;
            tol = ldexp(1.0, e - mant);
        }
    }
    if (tol < 0)
        return err_throw(ctx, ERR_ARGUMENT, NULL, "negative tolerance %g", tol);
    mpz_t n, d;
    mpz_inits(n, d, NULL);
    int rc;
    if (isnan(x)) {
        mpz_clears(n, d, NULL);
        return num_inexact_error(ctx, "Int64", NULL, xv);
    }
    if (isinf(x)) {
        mpz_set_si(n, x < 0 ? -1 : 1);
        mpz_set_ui(d, 0);
        rc = num_rational(ctx, out, n, d, T_INT64);
        mpz_clears(n, d, NULL);
        return rc;
    }
    int64_t p = x < 0 ? -1 : 1, q = 0, pp = 0, qq = 1, np, nq;
    x = fabs(x);
    double aa = trunc(x), r = x - aa, y = 1.0, nt = tol, t = 0, tt = tol;
    int done = 0;
    while (r > nt) {
        if (!(aa < 9.2e18)) { done = 1; break; }
        int64_t ia = (int64_t)aa;
        if (__builtin_mul_overflow(ia, p, &np) || __builtin_add_overflow(np, pp, &np) ||
            __builtin_mul_overflow(ia, q, &nq) || __builtin_add_overflow(nq, qq, &nq)) {
            done = 1;
            break;
        }
        pp = p; p = np;
        qq = q; q = nq;
        double xx = y;
        y = r;
        x = xx;
        double rem = fmod(x, y);
        aa = nearbyint((x - rem) / y);
        r = rem;
        double t2 = t;
        t = nt;
        tt = t2;
        nt = aa * t + tt;
    }
    if (!done) {
        /* the optimal semiconvergent: smallest a with x - a*y < a*t + tt */
        double num = x - tt, den = y + t;
        double m = fmod(num, -den);
        if (m != 0 && ((m > 0) != (-den > 0))) m += -den;
        double ac = nearbyint((num - m) / den);
        int64_t ia;
        if (ac < 9.2e18 && ac > -9.2e18) {
            ia = (int64_t)ac;
            if (!__builtin_mul_overflow(ia, p, &np) && !__builtin_add_overflow(np, pp, &np) &&
                !__builtin_mul_overflow(ia, q, &nq) && !__builtin_add_overflow(nq, qq, &nq)) {
                p = np;
                q = nq;
            }
        }
    }
    mpz_set_si(n, p);
    mpz_set_si(d, q);
    rc = num_rational(ctx, out, n, d, T_INT64);
    mpz_clears(n, d, NULL);
    return rc;
}

/* ---- precision, eps, nextfloat, typemax ---- */

static int prec_of(jc_ctx *ctx, value v, long *p)
{
    num_type t;
    if (typeobj_num(v, &t) == 0 && !t.cplx) {
        switch (t.t) {
        case T_FLOAT16: *p = 11; return 0;
        case T_FLOAT32: *p = 24; return 0;
        case T_FLOAT64: *p = 53; return 0;
        case T_BIGFLOAT: *p = (long)ctx->precision; return 0;
        default: return -1;
        }
    }
    switch (v.type) {
    case T_FLOAT16: *p = 11; return 0;
    case T_FLOAT32: *p = 24; return 0;
    case T_FLOAT64: *p = 53; return 0;
    case T_BIGFLOAT: *p = (long)mpfr_get_prec(val_mpfr(v)); return 0;
    default: return -1;
    }
}

static int f_precision(jc_ctx *ctx, value *out, const jc_args *a)
{
    long p;
    if (prec_of(ctx, a->v[0], &p) < 0)
        return lib_no_method(ctx, "precision", a);
    *out = v_int(p);
    return 0;
}

/* Whether v is something setprecision(f, …) and setrounding(f, …) can call. */
static int is_callable(value v)
{
    return v.type == T_FUNCTION || val_is_func_tuple(v);
}

/* Calls f() with the context's BigFloat precision and rounding set as given, then
 * restores both, whether f returned or raised (Julia's try/finally). */
static int call_with_bigfloat_env(jc_ctx *ctx, value f, mpfr_prec_t prec, mpfr_rnd_t rnd,
                                  const jc_args *a, value *out)
{
    mpfr_prec_t saved_prec = ctx->precision;
    mpfr_rnd_t saved_rnd = ctx->rounding;
    ctx->precision = prec;
    ctx->rounding = rnd;
    int r = eval_call(ctx, f, 0, NULL, a->site, out);
    ctx->precision = saved_prec;
    ctx->rounding = saved_rnd;
    return r;
}

/* setprecision([f,] [BigFloat,] n): the default precision of new BigFloats, or with f,
 * f() run under it. */
static int f_setprecision(jc_ctx *ctx, value *out, const jc_args *a)
{
    value n = a->v[a->n - 1];
    int with_f = a->n >= 2 && is_callable(a->v[0]);
    if (a->n - with_f == 2) {
        num_type t;
        if (typeobj_num(a->v[with_f], &t) < 0 || t.t != T_BIGFLOAT || t.cplx)
            return lib_no_method(ctx, "setprecision", a);
    } else if (a->n - with_f != 1)
        return lib_no_method(ctx, "setprecision", a);
    if (!num_is_integer_type(n))
        return lib_no_method(ctx, "setprecision", a);
    int64_t p;
    if (num_to_int64(ctx, n, &p) < 0)
        return -1;
    if (p < 1)
        return num_domain_error(ctx, n, "`precision` cannot be less than 1.");
    if (num_check_bits(ctx, (double)p) < 0)
        return -1;
    if (p > (int64_t)MPFR_PREC_MAX)
        return num_domain_error(ctx, n, "`precision` is larger than MPFR allows.");
    if (with_f)
        return call_with_bigfloat_env(ctx, a->v[0], (mpfr_prec_t)p, ctx->rounding, a, out);
    ctx->precision = (mpfr_prec_t)p;
    *out = v_int(p);
    return 0;
}

/* The rounding modes MPFR has, as Julia maps them (RoundNearest … RoundFromZero). */
static int mpfr_mode_of(value m, mpfr_rnd_t *rnd)
{
    static const struct { int mode; mpfr_rnd_t rnd; } map[] = {
        { RM_NEAREST, MPFR_RNDN }, { RM_TOZERO, MPFR_RNDZ }, { RM_UP, MPFR_RNDU },
        { RM_DOWN, MPFR_RNDD }, { RM_FROMZERO, MPFR_RNDA },
    };
    for (size_t i = 0; m.type == T_ROUNDMODE && i < sizeof map / sizeof *map; i++)
        if (m.u.i == map[i].mode) {
            *rnd = map[i].rnd;
            return 1;
        }
    return 0;
}

static int is_bigfloat_type(value t)
{
    num_type nt;
    return t.type == T_TYPE && typeobj_num(t, &nt) == 0 && nt.t == T_BIGFLOAT && !nt.cplx;
}

/* setrounding([f,] BigFloat, mode): the rounding of BigFloat arithmetic, or with f,
 * f() run under it.  Only BigFloat's rounding can be set (Julia 1.10 deprecates it for
 * the hardware floats). */
static int f_setrounding(jc_ctx *ctx, value *out, const jc_args *a)
{
    int with_f = a->n == 3;
    if ((with_f && !is_callable(a->v[0])) || !is_bigfloat_type(a->v[with_f]) ||
        a->v[with_f + 1].type != T_ROUNDMODE)
        return lib_no_method(ctx, "setrounding", a);
    mpfr_rnd_t rnd;
    if (!mpfr_mode_of(a->v[with_f + 1], &rnd)) /* RoundNearestTiesAway: MPFR has none */
        return lib_no_method(ctx, "setrounding", a);
    if (with_f)
        return call_with_bigfloat_env(ctx, a->v[0], ctx->precision, rnd, a, out);
    ctx->rounding = rnd;
    *out = a->v[with_f + 1];
    return 0;
}

/* rounding(BigFloat): the current mode; rounding(Float64) and the other hardware floats:
 * RoundNearest, which they always use. */
static int f_rounding(jc_ctx *ctx, value *out, const jc_args *a)
{
    num_type nt;
    if (a->v[0].type != T_TYPE || typeobj_num(a->v[0], &nt) < 0 || nt.cplx ||
        (nt.t != T_BIGFLOAT && !val_kind_is(nt.t, VK_HWFLOAT)))
        return lib_no_method(ctx, "rounding", a);
    static const struct { mpfr_rnd_t rnd; int mode; } map[] = {
        { MPFR_RNDN, RM_NEAREST }, { MPFR_RNDZ, RM_TOZERO }, { MPFR_RNDU, RM_UP },
        { MPFR_RNDD, RM_DOWN }, { MPFR_RNDA, RM_FROMZERO },
    };
    int mode = RM_NEAREST;
    for (size_t i = 0; nt.t == T_BIGFLOAT && i < sizeof map / sizeof *map; i++)
        if (ctx->rounding == map[i].rnd)
            mode = map[i].mode;
    value v = { T_ROUNDMODE, 0, { .i = mode } };
    *out = v;
    return 0;
}

static int f_eps(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->n ? a->v[0] : v_f64(1.0);
    num_type t;
    if (a->n && typeobj_num(x, &t) == 0) {
        if (t.cplx || t.t < T_FLOAT16) return lib_no_method(ctx, "eps", a);
        if (t.t == T_BIGFLOAT) {
            value r = num_bigfloat(ctx);
            mpfr_set_ui_2exp(val_mpfr(r), 1, 1 - (long)ctx->precision, MPFR_RNDN);
            *out = r;
            return 0;
        }
        int mant = t.t == T_FLOAT16 ? 11 : t.t == T_FLOAT32 ? 24 : 53;
        *out = num_from_double_typed((jc_type)t.t, ldexp(1.0, 1 - mant));
        return 0;
    }
    if (x.type == T_BIGFLOAT) {
        mpfr_srcptr f = val_mpfr(x);
        value r = v_bigfloat_new(mpfr_get_prec(f));
        if (!mpfr_number_p(f))
            mpfr_set_nan(val_mpfr(r));
        else if (mpfr_zero_p(f))
            mpfr_set_ui_2exp(val_mpfr(r), 1, mpfr_get_emin() - 1, MPFR_RNDN);
        else
            mpfr_set_ui_2exp(val_mpfr(r), 1, mpfr_get_exp(f) - (long)mpfr_get_prec(f), MPFR_RNDN);
        *out = r;
        return 0;
    }
    if (x.type < T_FLOAT16 || x.type > T_FLOAT64)
        return lib_no_method(ctx, "eps", a);
    int mant = x.type == T_FLOAT16 ? 11 : x.type == T_FLOAT32 ? 24 : 53;
    int emin = x.type == T_FLOAT16 ? -14 : x.type == T_FLOAT32 ? -126 : -1022;
    double v = fabs(x.u.f), r;
    if (!isfinite(v))
        r = NAN;
    else if (v < ldexp(1.0, emin))
        r = ldexp(1.0, emin - mant + 1);   /* nextfloat(zero) */
    else
        r = ldexp(1.0, ilogb(v) - mant + 1);
    *out = num_from_double_typed((jc_type)x.type, r);
    return 0;
}

/* nextfloat(x, d) for Float16/32/64 in O(1): the bit patterns of a binary format, read
 * as sign and magnitude, are ordered as the values are, so d steps are d added to the
 * signed magnitude, saturating at the infinities.  NaN stays NaN. */
static value step_float(value x, int neg_d, uint64_t d)
{
    if (isnan(x.u.f))
        return x;
    int bits = x.type == T_FLOAT64 ? 64 : x.type == T_FLOAT32 ? 32 : 16;
    uint64_t sign = (uint64_t)1 << (bits - 1), inf, u;
    if (x.type == T_FLOAT64) {
        memcpy(&u, &x.u.f, sizeof u);
        inf = 0x7ff0000000000000u;
    } else if (x.type == T_FLOAT32) {
        float f = (float)x.u.f;
        uint32_t w;
        memcpy(&w, &f, sizeof w);
        u = w;
        inf = 0x7f800000u;
    } else {
        u = f16_from_double(x.u.f);
        inf = 0x7c00u;
    }
    int neg = (u & sign) != 0;
    u &= sign - 1;
    if (neg != neg_d) {
        if (d > u) {
            u = d - u < inf ? d - u : inf;
            neg = !neg;
        } else
            u -= d;
    } else
        u = inf - u < d ? inf : u + d;
    if (neg)
        u |= sign;
    if (x.type == T_FLOAT64) {
        double r;
        memcpy(&r, &u, sizeof r);
        return v_f64(r);
    }
    if (x.type == T_FLOAT32) {
        uint32_t w = (uint32_t)u;
        float f;
        memcpy(&f, &w, sizeof f);
        return num_from_double_typed(T_FLOAT32, f);
    }
    return num_from_double_typed(T_FLOAT16, f16_to_double((uint16_t)u));
}

/* mag steps of nextfloat (dir 1) or prevfloat (dir -1) on a BigFloat, a binade at a
 * time: inside one, x = M 2^e with M of prec bits, and k steps add or subtract k 2^e
 * exactly until M reaches the binade's end. */
static int bigfloat_steps(jc_ctx *ctx, mpfr_ptr x, int dir, uint64_t mag)
{
    mpz_t m, room;
    mpz_inits(m, room, NULL);
    mpfr_prec_t p = mpfr_get_prec(x);
    int rc = 0;
    while (mag > 0) {
        if (ctx_poll(ctx) < 0) {
            rc = -1;
            break;
        }
        if (!mpfr_regular_p(x)) {   /* zero, infinity, NaN: one step as MPFR takes it */
            if (mpfr_nan_p(x) || (mpfr_inf_p(x) && (mpfr_sgn(x) > 0) == (dir > 0)))
                break;
            if (dir > 0) mpfr_nextabove(x); else mpfr_nextbelow(x);
            mag--;
            continue;
        }
        mpfr_exp_t e = mpfr_get_z_2exp(m, x);
        int neg = mpz_sgn(m) < 0, away = !neg == (dir > 0);
        mpz_abs(m, m);
        /* steps left in the binade: to 2^p (away from zero), or to 2^(p-1) (towards it;
         * the step after that enters the binade below, with half the spacing) */
        mpz_set_ui(room, 0);
        mpz_setbit(room, away ? (mp_bitcnt_t)p : (mp_bitcnt_t)p - 1);
        if (away)
            mpz_sub(room, room, m);
        else
            mpz_sub(room, m, room);
        if (mpz_sgn(room) == 0) {   /* on the edge: one step across */
            if (dir > 0) mpfr_nextabove(x); else mpfr_nextbelow(x);
            mag--;
            continue;
        }
        uint64_t k = mag;
        if (mpz_sizeinbase(room, 2) <= 63 && (uint64_t)mpz_get_ui(room) < k)
            k = mpz_get_ui(room);
        mpz_set_ui(room, (unsigned long)(k >> 32));
        mpz_mul_2exp(room, room, 32);
        mpz_add_ui(room, room, (unsigned long)(k & 0xffffffffu));
        if (away) mpz_add(m, m, room); else mpz_sub(m, m, room);
        if (neg)
            mpz_neg(m, m);
        mpfr_set_z_2exp(x, m, e, MPFR_RNDN);   /* exact: inside the binade or on its edge */
        mag -= k;
    }
    mpz_clears(m, room, NULL);
    return rc;
}

static int nextprev(jc_ctx *ctx, value *out, const jc_args *a, int dir, const char *name)
{
    value x = a->v[0];
    int64_t n = 1;
    if (a->n == 2 && num_to_int64(ctx, a->v[1], &n) < 0)
        return -1;
    /* the magnitude as unsigned: -typemin(Int) is not an Int64 */
    uint64_t mag = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
    if (n < 0)
        dir = -dir;
    if (x.type == T_BIGFLOAT) {
        value r = v_bigfloat_new(mpfr_get_prec(val_mpfr(x)));
        mpfr_set(val_mpfr(r), val_mpfr(x), MPFR_RNDN);
        if (bigfloat_steps(ctx, val_mpfr(r), dir, mag) < 0) {
            val_release(r);
            return -1;
        }
        *out = r;
        return 0;
    }
    if (x.type < T_FLOAT16 || x.type > T_FLOAT64)
        return lib_no_method(ctx, name, a);
    *out = step_float(x, dir < 0, mag);
    return 0;
}

static int f_nextfloat(jc_ctx *ctx, value *out, const jc_args *a) { return nextprev(ctx, out, a, 1, "nextfloat"); }
static int f_prevfloat(jc_ctx *ctx, value *out, const jc_args *a) { return nextprev(ctx, out, a, -1, "prevfloat"); }

static int typeext(jc_ctx *ctx, value *out, const jc_args *a, int max, const char *name)
{
    num_type t;
    if (typeobj_num(a->v[0], &t) < 0 && num_typeof(a->v[0], &t) < 0)
        return lib_no_method(ctx, name, a);
    if (t.cplx)
        return lib_no_method(ctx, name, a);
    switch (t.t) {
    case T_BOOL: *out = v_bool(max); return 0;
    case T_INT64: *out = v_int(max ? INT64_MAX : INT64_MIN); return 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        *out = num_from_double_typed((jc_type)t.t, max ? INFINITY : -INFINITY);
        return 0;
    case T_BIGFLOAT: {
        value r = num_bigfloat(ctx);
        mpfr_set_inf(val_mpfr(r), max ? 1 : -1);
        *out = r;
        return 0;
    }
    default:
        if (fix_wraps(t.t)) {
            *out = max ? fix_typemax(t.t) : fix_typemin(t.t);
            return 0;
        }
        return lib_no_method(ctx, name, a);
    }
}

static int f_typemax(jc_ctx *ctx, value *out, const jc_args *a) { return typeext(ctx, out, a, 1, "typemax"); }
static int f_typemin(jc_ctx *ctx, value *out, const jc_args *a) { return typeext(ctx, out, a, 0, "typemin"); }

/* floatmax(T) / floatmin(T): the largest finite and the smallest positive normal value
 * of Float16/32/64 (T given as a type or as a value of it). */
static int floatext(jc_ctx *ctx, value *out, const jc_args *a, int max, const char *name)
{
    num_type t = { T_FLOAT64, 0, 0 };
    if (a->n && typeobj_num(a->v[0], &t) < 0 && num_typeof(a->v[0], &t) < 0)
        return lib_no_method(ctx, name, a);
    if (t.cplx || t.t < T_FLOAT16 || t.t > T_FLOAT64)
        return lib_no_method(ctx, name, a);
    int mant = t.t == T_FLOAT16 ? 11 : t.t == T_FLOAT32 ? 24 : 53;
    int emax = t.t == T_FLOAT16 ? 15 : t.t == T_FLOAT32 ? 127 : 1023;
    double v = max ? ldexp(2.0 - ldexp(1.0, 1 - mant), emax) : ldexp(1.0, 1 - emax);
    *out = num_from_double_typed((jc_type)t.t, v);
    return 0;
}

static int f_floatmax(jc_ctx *ctx, value *out, const jc_args *a) { return floatext(ctx, out, a, 1, "floatmax"); }
static int f_floatmin(jc_ctx *ctx, value *out, const jc_args *a) { return floatext(ctx, out, a, 0, "floatmin"); }

/* ---- parts and queries ---- */

static int ratpart(jc_ctx *ctx, value *out, const jc_args *a, int den, const char *name)
{
    value x = a->v[0];
    if (x.type == T_RATIONAL) {
        mpz_srcptr z = den ? mpq_denref(val_mpq(x)) : mpq_numref(val_mpq(x));
        *out = x.sub == T_BIGINT ? v_bigint_from_mpz(z) : v_int_from_mpz(z);
        return 0;
    }
    if (!num_is_integer_type(x))
        return lib_no_method(ctx, name, a);
    if (!den) {
        *out = val_retain(x);
        return 0;
    }
    num_type t;
    num_typeof(x, &t);
    return num_convert_to(ctx, out, t, v_int(1));
}

static int f_numerator(jc_ctx *ctx, value *out, const jc_args *a) { return ratpart(ctx, out, a, 0, "numerator"); }
static int f_denominator(jc_ctx *ctx, value *out, const jc_args *a) { return ratpart(ctx, out, a, 1, "denominator"); }

static int zero_one(jc_ctx *ctx, value *out, const jc_args *a, int one, const char *name)
{
    value x = a->v[0];
    num_type t;
    if (typeobj_num(x, &t) < 0) {
        if (num_typeof(x, &t) < 0)
            return lib_no_method(ctx, name, a);
    }
    if (t.t == T_IRRATIONAL) {
        *out = v_bool(one);
        return 0;
    }
    return num_convert_to(ctx, out, t, v_int(one));
}

static int f_zero(jc_ctx *ctx, value *out, const jc_args *a) { return zero_one(ctx, out, a, 0, "zero"); }
static int f_one(jc_ctx *ctx, value *out, const jc_args *a) { return zero_one(ctx, out, a, 1, "one"); }

static int f_real(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) { *out = val_retain(val_complex(x)->re); return 0; }
    if (!num_is_real(x)) return lib_no_method(ctx, "real", a);
    *out = val_retain(x);
    return 0;
}

static int f_imag(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) { *out = val_retain(val_complex(x)->im); return 0; }
    if (!num_is_real(x)) return lib_no_method(ctx, "imag", a);
    if (x.type == T_IRRATIONAL) { *out = v_bool(0); return 0; }
    num_type t;
    num_typeof(x, &t);
    return num_convert_to(ctx, out, t, v_int(0));
}

static int f_conj(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) {
        value im;
        if (num_neg(ctx, &im, val_complex(x)->im) < 0) return -1;
        if (im.type != val_complex(x)->im.type) {
            /* -false is an Int: conj(im) keeps Complex{Bool}?  Julia gives Complex{Int64} */
            value re;
            num_type t = { T_INT64, 0, 0 };
            num_convert_to(ctx, &re, t, val_complex(x)->re);
            *out = v_complex(re, im);
            return 0;
        }
        *out = v_complex(val_retain(val_complex(x)->re), im);
        return 0;
    }
    if (!num_is_real(x)) return lib_no_method(ctx, "conj", a);
    *out = val_retain(x);
    return 0;
}

static int f_abs(jc_ctx *ctx, value *out, const jc_args *a) { return ret(ctx, num_abs(ctx, out, a->v[0]), "abs", a); }
static int f_abs2(jc_ctx *ctx, value *out, const jc_args *a) { return ret(ctx, num_abs2(ctx, out, a->v[0]), "abs2", a); }
static int f_sign(jc_ctx *ctx, value *out, const jc_args *a) { return ret(ctx, num_sign(ctx, out, a->v[0]), "sign", a); }
static int f_inv(jc_ctx *ctx, value *out, const jc_args *a) { return ret(ctx, num_inv(ctx, out, a->v[0]), "inv", a); }

static int f_angle(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    value re = x.type == T_COMPLEX ? val_complex(x)->re : x;
    value im = x.type == T_COMPLEX ? val_complex(x)->im : v_bool(0);
    if (!num_is_number(x))
        return lib_no_method(ctx, "angle", a);
    num_type t;
    num_typeof(re, &t);
    if (t.t == T_BIGFLOAT || t.t == T_BIGINT || (t.t == T_RATIONAL && t.sub == T_BIGINT)) {
        value r = num_bigfloat(ctx);
        mpfr_t y, z;
        mpfr_inits2(ctx->precision, y, z, (mpfr_ptr)0);
        num_to_mpfr(ctx, y, im);
        num_to_mpfr(ctx, z, re);
        mpfr_atan2(val_mpfr(r), y, z, ctx->rounding);
        mpfr_clears(y, z, (mpfr_ptr)0);
        *out = r;
        return 0;
    }
    double y, z;
    num_to_double(ctx, im, &y);
    num_to_double(ctx, re, &z);
    jc_type ft = (t.t == T_FLOAT16 || t.t == T_FLOAT32) ? (jc_type)t.t : T_FLOAT64;
    *out = num_from_double_typed(ft, atan2(y, z));
    return 0;
}

typedef int (*pred_fn)(jc_ctx *ctx, value x, int *res);

static int p_iszero(jc_ctx *ctx, value x, int *r) { return num_iszero(ctx, x, r); }
static int p_isone(jc_ctx *ctx, value x, int *r) { return num_isone(ctx, x, r); }
static int p_isinteger(jc_ctx *ctx, value x, int *r) { return num_isinteger(ctx, x, r); }
static int p_isfinite(jc_ctx *ctx, value x, int *r) { (void)ctx; if (!num_is_number(x)) return NUM_NOMETHOD; *r = num_isfinite(x); return 0; }
static int p_isnan(jc_ctx *ctx, value x, int *r) { (void)ctx; if (!num_is_number(x)) return NUM_NOMETHOD; *r = num_isnan(x); return 0; }
static int p_isinf(jc_ctx *ctx, value x, int *r) { (void)ctx; if (!num_is_number(x)) return NUM_NOMETHOD; *r = num_isinf(x); return 0; }
static int p_signbit(jc_ctx *ctx, value x, int *r) { (void)ctx; if (!num_is_real(x)) return NUM_NOMETHOD; *r = num_signbit(x); return 0; }

static int parity(jc_ctx *ctx, value x, int *r, int odd)
{
    if (!num_is_number(x)) return NUM_NOMETHOD;
    int integer;
    num_isinteger(ctx, x, &integer);
    if (!integer) { *r = 0; return 0; }
    mpz_t z;
    mpz_init(z);
    num_to_mpz(ctx, z, x);
    *r = odd ? mpz_odd_p(z) != 0 : mpz_even_p(z) != 0;
    mpz_clear(z);
    return 0;
}
static int p_iseven(jc_ctx *ctx, value x, int *r) { return parity(ctx, x, r, 0); }
static int p_isodd(jc_ctx *ctx, value x, int *r) { return parity(ctx, x, r, 1); }

#define PRED(fn, P, NAME) \
    static int fn(jc_ctx *ctx, value *out, const jc_args *a) \
    { int r = 0, rc = P(ctx, a->v[0], &r); if (rc < 0) return ret(ctx, rc, NAME, a); *out = v_bool(r); return 0; }
PRED(f_iszero, p_iszero, "iszero")
PRED(f_isone, p_isone, "isone")
PRED(f_isinteger, p_isinteger, "isinteger")
PRED(f_isfinite, p_isfinite, "isfinite")
PRED(f_isnan, p_isnan, "isnan")
PRED(f_isinf, p_isinf, "isinf")
PRED(f_signbit, p_signbit, "signbit")
PRED(f_iseven, p_iseven, "iseven")
PRED(f_isodd, p_isodd, "isodd")
#undef PRED

static int f_promote(jc_ctx *ctx, value *out, const jc_args *a)
{
    num_type t;
    for (int i = 0; i < a->n; i++) {
        num_type ti;
        if (num_typeof(a->v[i], &ti) < 0)
            return lib_no_method(ctx, "promote", a);
        t = i ? num_promote_type(t, ti) : ti;
    }
    if (t.t == T_IRRATIONAL)
        t.t = T_FLOAT64;
    value tu = v_tuple_new((size_t)a->n);
    for (int i = 0; i < a->n; i++) {
        if (num_convert_to(ctx, &val_tuple(tu)->v[i], t, a->v[i]) < 0) {
            val_release(tu);
            return -1;
        }
    }
    *out = tu;
    return 0;
}

/* ---- signs and bounds: copysign, flipsign, minmax, clamp ---- */

static int nomethod_decline(int r) { return r == NUM_NOMETHOD ? LIB_DECLINE : r; }

/* copysign(x, y): x with y's sign; flipsign(x, y): x negated when y is negative.
 * Both keep x's type, as Julia's do. */
static int sign_common(jc_ctx *ctx, value *out, const jc_args *a, int flip)
{
    value x = a->v[0], y = a->v[1];
    if (!num_is_real(x) || !num_is_real(y))
        return LIB_DECLINE;
    int neg = flip ? num_signbit(y) : num_signbit(x) != num_signbit(y);
    if (!neg) {
        *out = val_retain(x);
        return 0;
    }
    if (x.type >= T_FLOAT16 && x.type <= T_FLOAT64) {
        *out = x;
        out->u.f = -x.u.f;      /* a sign flip, NaN included */
        return 0;
    }
    return nomethod_decline(num_neg(ctx, out, x));
}

static int f_copysign(jc_ctx *ctx, value *out, const jc_args *a) { return sign_common(ctx, out, a, 0); }
static int f_flipsign(jc_ctx *ctx, value *out, const jc_args *a) { return sign_common(ctx, out, a, 1); }

static int f_min(jc_ctx *ctx, value *out, const jc_args *a)
{
    return all_numbers(a) ? fold(ctx, out, a, NUM_MIN, "min") : isless_extreme(ctx, out, a, 0, "min");
}

static int f_max(jc_ctx *ctx, value *out, const jc_args *a)
{
    return all_numbers(a) ? fold(ctx, out, a, NUM_MAX, "max") : isless_extreme(ctx, out, a, 1, "max");
}

static int f_minmax(jc_ctx *ctx, value *out, const jc_args *a)
{
    value lo, hi;
    if (!all_numbers(a)) {
        int r = isless_extreme(ctx, &lo, a, 0, "minmax");
        if (r < 0 || (r = isless_extreme(ctx, &hi, a, 1, "minmax")) < 0) {
            if (r == 0)
                val_release(lo);
            return -1;
        }
        value t = v_tuple_new(2);
        val_tuple(t)->v[0] = lo;
        val_tuple(t)->v[1] = hi;
        *out = t;
        return 0;
    }
    int r = num_binop(ctx, &lo, NUM_MIN, a->v[0], a->v[1]);
    if (r != 0)
        return nomethod_decline(r);
    if ((r = num_binop(ctx, &hi, NUM_MAX, a->v[0], a->v[1])) != 0) {
        val_release(lo);
        return nomethod_decline(r);
    }
    value t = v_tuple_new(2);
    val_tuple(t)->v[0] = lo;
    val_tuple(t)->v[1] = hi;
    *out = t;
    return 0;
}

/* clamp(x, lo, hi): hi when x > hi, lo when x < lo, else x, all converted to the
 * promoted type of the three (NaN stays NaN). */
static int f_clamp(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], lo = a->v[1], hi = a->v[2];
    if (!num_is_real(x) || !num_is_real(lo) || !num_is_real(hi))
        return LIB_DECLINE;
    num_type tx, tl, th;
    num_typeof(x, &tx);
    num_typeof(lo, &tl);
    num_typeof(hi, &th);
    num_type t = num_promote_type(num_promote_type(tx, tl), th);
    int c;
    value pick = x;
    if (num_cmp(ctx, x, hi, &c) < 0)
        return -1;
    if (c == 1) {
        pick = hi;
    } else {
        if (num_cmp(ctx, x, lo, &c) < 0)
            return -1;
        if (c == -1)
            pick = lo;
    }
    return num_convert_to(ctx, out, t, pick);
}

/* clamp(x, T) for an integer type T with typemin/typemax (Julia 1.10): typemax(T) when
 * x > typemax(T), typemin(T) when x < typemin(T), else convert(T, x), which raises
 * InexactError for a non-integral x.  BigInt has no typemax: MethodError. */
static int f_clamp_type(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], T = a->v[1];
    if (!num_is_real(x) || T.type != T_TYPE)
        return LIB_DECLINE;
    int b = val_typeobj(T)->base;
    if (b != T_BOOL && !fix_width(b))
        return LIB_DECLINE;
    value ext[2];
    for (int k = 0; k < 2; k++) {
        value f;
        if (eval_get_global(ctx, k ? "typemax" : "typemin", &f) < 0)
            return -1;
        int r = eval_call(ctx, f, 1, &T, a->site, &ext[k]);
        val_release(f);
        if (r < 0) {
            if (k)
                val_release(ext[0]);
            return -1;
        }
    }
    int c, r = num_cmp(ctx, x, ext[1], &c);
    value pick = x;
    if (r >= 0 && c == 1)
        pick = ext[1];
    else if (r >= 0 && (r = num_cmp(ctx, x, ext[0], &c)) >= 0 && c == -1)
        pick = ext[0];
    if (r >= 0) {
        num_type t = { (uint8_t)b, 0, 0 };
        r = num_convert_to(ctx, out, t, pick);
    }
    val_release(ext[0]);
    val_release(ext[1]);
    return r < 0 ? -1 : 0;
}

/* ---- the table ---- */

#define OP2(name, fn, help) { name, 2, 2, fn, help, NULL }
const builtin lib_numbers[] = {
    { "+", 1, -1, f_add, "  +(x, y...)\n\n  Addition operator. x+y+z+... calls this function with all arguments, i.e. +(x, y, z, ...).", NULL },
    { "-", 1, 2, f_sub, "  -(x)\n  -(x, y)\n\n  Unary minus (negation), or subtraction of y from x.", NULL },
    { "*", 1, -1, f_mul, "  *(x, y...)\n\n  Multiplication operator; for strings and characters, concatenation.", NULL },
    OP2("/", f_div, "  /(x, y)\n\n  Right division: x divided by y. Integers give Float64 (BigInt gives BigFloat)."),
    OP2("\\", f_ldiv, "  \\(x, y)\n\n  Left division: y divided by x, i.e. y / x."),
    OP2("^", f_pow, "  ^(x, y)\n\n  Exponentiation. An integer raised to a negative integer held in a variable is a\n  DomainError; write 2^-1 (a literal) or float(x)^n instead. For strings, repetition."),
    OP2("÷", f_idiv, "  ÷(x, y)\n  div(x, y)\n\n  The quotient from Euclidean (truncating) division, rounded toward zero."),
    OP2("%", f_rem_op, "  %(x, y)\n  rem(x, y)\n\n  Remainder from Euclidean division; it has the sign of x."),
    OP2("//", f_rdiv, "  //(num, den)\n\n  Divide two integers or rational numbers, giving a Rational result."),
    OP2("==", f_eq, "  ==(x, y)\n\n  Generic equality: numbers compare by value across types (1 == 1.0)."),
    OP2("!=", f_ne, "  !=(x, y)\n  ≠(x, y)\n\n  Not-equals: !(x == y)."),
    OP2("≠", f_ne, "  ≠(x, y)\n\n  Not-equals: !(x == y)."),
    OP2("<", f_lt, "  <(x, y)\n\n  Less-than. NaN is unordered: every comparison with it is false."),
    OP2("<=", f_le, "  <=(x, y)\n  ≤(x, y)\n\n  Less-than-or-equals."),
    OP2("≤", f_le, "  ≤(x, y)\n\n  Less-than-or-equals."),
    OP2(">", f_gt, "  >(x, y)\n\n  Greater-than."),
    OP2(">=", f_ge, "  >=(x, y)\n  ≥(x, y)\n\n  Greater-than-or-equals."),
    OP2("≥", f_ge, "  ≥(x, y)\n\n  Greater-than-or-equals."),
    OP2("===", f_is, "  ===(x, y)\n  ≡(x, y)\n\n  Identity: same type and same bits (1 === 1.0 is false, 0.0 === -0.0 is false)."),
    OP2("≡", f_is, "  ≡(x, y)\n\n  Identity, the same as ===."),
    OP2("!==", f_isnot, "  !==(x, y)\n  ≢(x, y)\n\n  Not identical: !(x === y)."),
    OP2("≢", f_isnot, "  ≢(x, y)\n\n  Not identical: !(x === y)."),
    { "≈", 2, 2, f_approx, "  ≈(x, y; rtol, atol)\n  isapprox(x, y; rtol, atol)\n\n  Inexact equality: norm(x-y) <= max(atol, rtol*max(norm(x), norm(y))).", "rtol atol nans" },
    { "≉", 2, 2, f_napprox, "  ≉(x, y)\n\n  Not approximately equal: !isapprox(x, y).", "rtol atol nans" },
    { "&", 2, -1, f_and, "  &(x, y)\n\n  Bitwise and; for Bool, logical and that evaluates both sides.", NULL },
    { "|", 2, -1, f_or, "  |(x, y)\n\n  Bitwise or; for Bool, logical or that evaluates both sides.", NULL },
    { "⊻", 2, -1, f_xor, "  ⊻(x, y)\n  xor(x, y)\n\n  Bitwise exclusive or.", NULL },
    { "xor", 2, -1, f_xor, "  xor(x, y)\n  ⊻(x, y)\n\n  Bitwise exclusive or.", NULL },
    { "~", 1, 1, f_bitnot, "  ~(x)\n\n  Bitwise not.", NULL },
    OP2("<<", f_shl, "  <<(x, n)\n\n  Left shift: x * 2^n. Int64 results that would lose bits continue as BigInt."),
    OP2(">>", f_shr, "  >>(x, n)\n\n  Arithmetic right shift: fld(x, 2^n)."),
    OP2(">>>", f_ushr, "  >>>(x, n)\n\n  Logical (unsigned) right shift; for BigInt the same as >>."),
    { "!", 1, 1, f_not, "  !(x)\n\n  Boolean not.", NULL },

    { "div", 2, 3, f_div3, "  div(x, y)\n  div(x, y, r::RoundingMode)\n\n  The quotient x/y rounded to an integer: toward zero, or by the rounding mode r.", NULL },
    OP2("fld", f_fld, "  fld(x, y)\n\n  Largest integer less than or equal to x / y."),
    OP2("cld", f_cld, "  cld(x, y)\n\n  Smallest integer greater than or equal to x / y."),
    OP2("mod", f_mod, "  mod(x, y)\n\n  x - y * fld(x, y): the result has the sign of y."),
    OP2("rem", f_rem, "  rem(x, y)\n  %(x, y)\n\n  x - y * div(x, y): the result has the sign of x."),
    OP2("mod1", f_mod1, "  mod1(x, y)\n\n  Modulus after flooring division, returning a value in (0, y] for positive y."),
    OP2("divrem", f_divrem, "  divrem(x, y)\n\n  The tuple (div(x, y), rem(x, y))."),
    OP2("fldmod", f_fldmod, "  fldmod(x, y)\n\n  The tuple (fld(x, y), mod(x, y))."),
    { "isless", 2, 2, f_isless, "  isless(x, y)\n\n  The total order sort uses: numbers by value with NaN last and -0.0 before 0.0;\n  strings, chars and symbols in code-point order; tuples lexicographically.", NULL },
    { "min", 1, -1, f_min, "  min(x, y, ...)\n\n  The smallest argument; NaN if any is NaN.", NULL },
    { "max", 1, -1, f_max, "  max(x, y, ...)\n\n  The largest argument; NaN if any is NaN.", NULL },
    { "copysign", 2, 2, f_copysign, LIB_HELP("copysign(x, y) -> z", "Return z which has the magnitude of x and the same sign as y.\n\n  jcalc> copysign(1, -2)\n  -1"), NULL },
    { "flipsign", 2, 2, f_flipsign, LIB_HELP("flipsign(x, y)", "Return x with its sign flipped if y is negative.\n\n  jcalc> flipsign(5, -3)\n  -5"), NULL },
    { "minmax", 2, 2, f_minmax, LIB_HELP("minmax(x, y)", "Return (min(x,y), max(x,y)).\n\n  jcalc> minmax('c','b')\n  ('b', 'c')"), NULL },
    { "clamp", 3, 3, f_clamp, LIB_HELP("clamp(x, lo, hi)", "Return x if lo <= x <= hi. If x > hi, return hi. If x < lo, return lo.\n  Arguments are promoted to a common type.\n\n  jcalc> clamp(2.0, 0, 1)\n  1.0"), NULL },
    { "clamp", 2, 2, f_clamp_type, LIB_HELP("clamp(x, T)::T", "Clamp x between typemin(T) and typemax(T) and convert the result to type T.\n\n  jcalc> clamp(300, UInt8)\n  0xff"), NULL },
    { "isequal", 2, 2, f_isequal, "  isequal(x, y)\n\n  Like ==, except that NaN is isequal to NaN and -0.0 is not isequal to 0.0, in\n  tuples and arrays too: isequal(NaN, NaN) is true, isequal(-0.0, 0.0) is false.", NULL },
    { "isapprox", 2, 2, f_approx, "  isapprox(x, y; rtol = sqrt(eps), atol = 0, nans = false)\n\n  Inexact equality: abs(x - y) <= max(atol, rtol * max(abs(x), abs(y))). The default rtol\n  is sqrt(eps) of the wider float type of x and y (0 for exact types) when atol is 0.", "rtol atol nans" },

    { "big", 1, 1, f_big, "  big(x)\n\n  Convert x to its arbitrary-precision counterpart: integers to BigInt, floats to\n  BigFloat, Rational to Rational{BigInt}.", NULL },
    { "float", 1, 1, f_float, "  float(x)\n\n  Convert x to a floating-point type: Float64 for Int and Rational{Int}, BigFloat for\n  BigInt; floats are returned unchanged.", NULL },
    { "widen", 1, 1, f_widen, "  widen(x)\n\n  A type (or value) wide enough to hold products of x: Float32 -> Float64, Int64 -> BigInt.", NULL },
    { "complex", 1, 2, f_complex, "  complex(r, [i])\n\n  The complex number r + i*im, both parts promoted to one type.", NULL },
    { "typeof", 1, 1, f_typeof, "  typeof(x)\n\n  The concrete type of x.", NULL },
    { "rationalize", 1, 2, f_rationalize, "  rationalize([T<:Integer=Int,] x; tol::Real=eps(x))\n\n  The simplest rational within tol of the float x: rationalize(0.1) == 1//10.", "tol" },
    { "setrounding", 2, 3, f_setrounding, "  setrounding([f,] BigFloat, mode)\n\n  Set the rounding mode of BigFloat arithmetic (RoundNearest, RoundToZero, RoundUp,\n  RoundDown, RoundFromZero); with a function f (or a do block), run f() in that mode\n  and restore the previous one.", NULL },
    { "rounding", 1, 1, f_rounding, "  rounding(T)\n\n  The current rounding mode of float type T (BigFloat's is set by setrounding).", NULL },
    { "precision", 1, 1, f_precision, "  precision(x)\n  precision(T)\n\n  Significand bits of a float or float type; for BigFloat, its own precision\n  (precision(BigFloat) is the current default).", NULL },
    { "setprecision", 1, 3, f_setprecision, "  setprecision([f,] [BigFloat,] n)\n\n  Set the precision in bits of new BigFloat values (default 256); returns n.  With a\n  function f (or a do block), run f() at that precision and restore the previous one.", NULL },
    { "eps", 0, 1, f_eps, "  eps(::Type{T}) / eps(x)\n\n  Machine epsilon of the float type T (eps() is eps(Float64)), or the spacing of\n  floats at x: the distance to the next float of larger magnitude.", NULL },
    { "nextfloat", 1, 2, f_nextfloat, "  nextfloat(x, n = 1)\n\n  The n-th float after x in its type.", NULL },
    { "prevfloat", 1, 2, f_prevfloat, "  prevfloat(x, n = 1)\n\n  The n-th float before x in its type.", NULL },
    { "floatmax", 0, 1, f_floatmax, "  floatmax(T = Float64)\n\n  The largest finite value of the float type T: floatmax(Float64) == 1.7976931348623157e308.", NULL },
    { "floatmin", 0, 1, f_floatmin, "  floatmin(T = Float64)\n\n  The smallest positive normal value of the float type T: floatmin(Float64) == 2.2250738585072014e-308.", NULL },
    { "typemax", 1, 1, f_typemax, "  typemax(T)\n\n  The largest value of T: typemax(Int64) == 9223372036854775807, Inf for floats.", NULL },
    { "typemin", 1, 1, f_typemin, "  typemin(T)\n\n  The smallest value of T: typemin(Int64), -Inf for floats.", NULL },
    { "numerator", 1, 1, f_numerator, "  numerator(x)\n\n  The numerator of the rational form of x: numerator(2//3) == 2.", NULL },
    { "denominator", 1, 1, f_denominator, "  denominator(x)\n\n  The denominator of the rational form of x: denominator(2//3) == 3.", NULL },
    { "real", 1, 1, f_real, "  real(z)\n\n  The real part of z.", NULL },
    { "imag", 1, 1, f_imag, "  imag(z)\n\n  The imaginary part of z (zero of the same type for reals).", NULL },
    { "conj", 1, 1, f_conj, "  conj(z)\n\n  The complex conjugate of z.", NULL },
    { "abs", 1, 1, f_abs, "  abs(x)\n\n  The absolute value of x; for complex z, its modulus.", NULL },
    { "abs2", 1, 1, f_abs2, "  abs2(x)\n\n  The squared absolute value of x, computed without a square root.", NULL },
    { "angle", 1, 1, f_angle, "  angle(z)\n\n  The phase angle of z in radians, atan(imag(z), real(z)).", NULL },
    { "sign", 1, 1, f_sign, "  sign(x)\n\n  Zero if x == 0 and x/|x| otherwise (±1 for reals, keeping x's type).", NULL },
    { "inv", 1, 1, f_inv, "  inv(x)\n\n  The multiplicative inverse of x: one(x)/x.", NULL },
    { "zero", 1, 1, f_zero, "  zero(x)\n  zero(T)\n\n  The additive identity of the type of x (or of T).", NULL },
    { "one", 1, 1, f_one, "  one(x)\n  one(T)\n\n  The multiplicative identity of the type of x (or of T).", NULL },
    { "iszero", 1, 1, f_iszero, "  iszero(x)\n\n  true if x == zero(x).", NULL },
    { "isone", 1, 1, f_isone, "  isone(x)\n\n  true if x == one(x).", NULL },
    { "isinteger", 1, 1, f_isinteger, "  isinteger(x)\n\n  true if x is numerically equal to some integer.", NULL },
    { "isfinite", 1, 1, f_isfinite, "  isfinite(x)\n\n  true if x is neither infinite nor NaN.", NULL },
    { "isnan", 1, 1, f_isnan, "  isnan(x)\n\n  true if x is a NaN (not a number).", NULL },
    { "isinf", 1, 1, f_isinf, "  isinf(x)\n\n  true if x is positive or negative infinity.", NULL },
    { "iseven", 1, 1, f_iseven, "  iseven(x)\n\n  true if x is an even integer.", NULL },
    { "isodd", 1, 1, f_isodd, "  isodd(x)\n\n  true if x is an odd integer.", NULL },
    { "signbit", 1, 1, f_signbit, "  signbit(x)\n\n  true if the sign of x is negative (including -0.0).", NULL },
    { "promote", 1, -1, f_promote, "  promote(xs...)\n\n  Convert all arguments to a common type, returned as a tuple:\n  promote(1, 2.5) == (1.0, 2.5).", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
