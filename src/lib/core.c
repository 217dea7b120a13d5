/* core.c — the builtins every program touches: constants, printing, strings as values,
 * and the basic functions over iterables (length, first, last, sum ...). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "num/num.h"
#include "range.h"
#include "show.h"
#include "array.h"
#include "types.h"
#include "lib/lib.h"

/* ---- constants ---- */

typedef struct constant {
    const char *name;
    value (*make)(void);
} constant;

static value c_pi(void) { return v_irrational(IRR_PI); }
static value c_e(void) { return v_irrational(IRR_E); }
static value c_im(void) { return v_complex(v_bool(0), v_bool(1)); }
static value c_inf(void) { return v_f64(INFINITY); }
static value c_nan(void) { return v_f64(NAN); }
static value c_inf32(void) { return num_from_double_typed(T_FLOAT32, INFINITY); }
static value c_nan32(void) { return num_from_double_typed(T_FLOAT32, NAN); }
static value c_inf16(void) { return num_from_double_typed(T_FLOAT16, INFINITY); }
static value c_nan16(void) { return num_from_double_typed(T_FLOAT16, NAN); }
static value c_nothing(void) { return v_nothing(); }
#define NUMTYPE(fn, T, S, C) \
    static value fn(void) { num_type t = { T, S, C }; return num_type_value(t); }
NUMTYPE(t_bool, T_BOOL, 0, 0)
NUMTYPE(t_int64, T_INT64, 0, 0)
NUMTYPE(t_bigint, T_BIGINT, 0, 0)
NUMTYPE(t_uint8, T_UINT8, 0, 0)
NUMTYPE(t_uint16, T_UINT16, 0, 0)
NUMTYPE(t_uint32, T_UINT32, 0, 0)
NUMTYPE(t_uint64, T_UINT64, 0, 0)
NUMTYPE(t_rational, T_RATIONAL, 0, 0)
NUMTYPE(t_float16, T_FLOAT16, 0, 0)
NUMTYPE(t_float32, T_FLOAT32, 0, 0)
NUMTYPE(t_float64, T_FLOAT64, 0, 0)
NUMTYPE(t_bigfloat, T_BIGFLOAT, 0, 0)
NUMTYPE(t_complexf64, T_FLOAT64, 0, 1)
NUMTYPE(t_complexf32, T_FLOAT32, 0, 1)
NUMTYPE(t_complexf16, T_FLOAT16, 0, 1)
static value t_complex(void) { return num_type_value_base(T_COMPLEX); }
#undef NUMTYPE
static value t_string(void) { return num_type_value_base(T_STRING); }
static value t_char(void) { return num_type_value_base(T_CHAR); }
static value t_nothing(void) { return num_type_value_base(T_NOTHING); }
#define ROUNDMODE(fn, M) static value fn(void) { value v = { T_ROUNDMODE, 0, { .i = M } }; return v; }
ROUNDMODE(r_nearest, RM_NEAREST)
ROUNDMODE(r_tozero, RM_TOZERO)
ROUNDMODE(r_up, RM_UP)
ROUNDMODE(r_down, RM_DOWN)
ROUNDMODE(r_fromzero, RM_FROMZERO)
ROUNDMODE(r_tiesaway, RM_NEARESTTIESAWAY)
ROUNDMODE(r_tiesup, RM_NEARESTTIESUP)
#undef ROUNDMODE

static const constant constants[] = {
    { "pi", c_pi }, { "π", c_pi }, { "ℯ", c_e }, { "im", c_im },
    { "Inf", c_inf }, { "NaN", c_nan }, { "Inf64", c_inf }, { "NaN64", c_nan },
    { "Inf32", c_inf32 }, { "NaN32", c_nan32 }, { "Inf16", c_inf16 }, { "NaN16", c_nan16 },
    { "nothing", c_nothing },
    { "Bool", t_bool }, { "Int", t_int64 }, { "Int64", t_int64 }, { "BigInt", t_bigint },
    { "UInt8", t_uint8 }, { "UInt16", t_uint16 }, { "UInt32", t_uint32 }, { "UInt64", t_uint64 },
    { "UInt", t_uint64 }, { "Rational", t_rational }, { "Float16", t_float16 },
    { "Float32", t_float32 }, { "Float64", t_float64 }, { "BigFloat", t_bigfloat },
    { "Complex", t_complex }, { "ComplexF64", t_complexf64 }, { "ComplexF32", t_complexf32 }, { "ComplexF16", t_complexf16 },
    { "String", t_string }, { "Char", t_char }, { "Nothing", t_nothing },
    { "RoundNearest", r_nearest }, { "RoundToZero", r_tozero }, { "RoundUp", r_up },
    { "RoundDown", r_down }, { "RoundFromZero", r_fromzero },
    { "RoundNearestTiesAway", r_tiesaway }, { "RoundNearestTiesUp", r_tiesup },
};

void lib_install_constants(jc_ctx *ctx)
{
    for (int b = TA_ANY; b < TA_END; b++) {
        const char *name = type_abstract_name(b);
        int sym = sym_intern(ctx, name, strlen(name));
        eval_set_global(ctx, sym, type_abstract_value(b));
        ctx->globals[sym].constant = 1;
    }
    for (size_t i = 0; i < sizeof constants / sizeof *constants; i++) {
        int sym = sym_intern(ctx, constants[i].name, strlen(constants[i].name));
        eval_set_global(ctx, sym, constants[i].make());
        ctx->globals[sym].constant = 1;
    }
    array_install_constants(ctx);
}

int lib_module_constant(jc_ctx *ctx, const char *name, value *out)
{
    static const struct { const char *name; int id; } mc[] = {
        { "eulergamma", IRR_GAMMA }, { "γ", IRR_GAMMA }, { "golden", IRR_GOLDEN },
        { "φ", IRR_GOLDEN }, { "catalan", IRR_CATALAN }, { "e", IRR_E }, { "ℯ", IRR_E },
        { "pi", IRR_PI }, { "π", IRR_PI },
    };
    (void)ctx;
    for (size_t i = 0; i < sizeof mc / sizeof *mc; i++)
        if (!strcmp(mc[i].name, name)) {
            *out = v_irrational(mc[i].id);
            return 0;
        }
    return -1;
}

int lib_getfield(jc_ctx *ctx, value *out, value x, const char *name, const ast *site)
{
    if (x.type == T_COMPLEX && (!strcmp(name, "re") || !strcmp(name, "im"))) {
        *out = val_retain(name[0] == 'r' ? val_complex(x)->re : val_complex(x)->im);
        return 0;
    }
    if (x.type == T_NAMEDTUPLE) {
        jc_namedtuple *t = (jc_namedtuple *)x.u.o;
        for (size_t i = 0; i < t->n; i++)
            if (!strcmp(sym_name(ctx, t->names[i]), name)) {
                *out = val_retain(t->v[i]);
                return 0;
            }
    }
    if (x.type == T_RATIONAL && (!strcmp(name, "num") || !strcmp(name, "den"))) {
        mpq_ptr q = val_mpq(x);
        mpz_srcptr z = name[0] == 'n' ? mpq_numref(q) : mpq_denref(q);
        *out = x.sub == T_BIGINT ? v_bigint_from_mpz(z) : v_int_from_mpz(z);
        return 0;
    }
    sb tn = { 0 };
    show_typename(ctx, &tn, x);
    err_throw(ctx, ERR_ERROR, site, "type %s has no field %s", sb_str(&tn), name);
    sb_free(&tn);
    return -1;
}

int lib_apply_type(jc_ctx *ctx, value *out, int n, const value *args, const ast *site)
{
    if (n >= 1 && args[0].type == T_TYPE) { /* Vector{T}, Matrix{T}, Array{T,N}, Union{...} */
        int r = array_apply_type(ctx, out, n, args, site);
        if (r != LIB_DECLINE)
            return r;
    }
    if (n == 2 && args[0].type == T_TYPE && args[1].type == T_TYPE) {
        const jc_typeobj *base = val_typeobj(args[0]), *p = val_typeobj(args[1]);
        if (base->base == T_RATIONAL && (p->base == T_INT64 || p->base == T_BIGINT)) {
            num_type t = { T_RATIONAL, p->base, 0 };
            *out = num_type_value(t);
            return 0;
        }
        if (base->base == T_COMPLEX && !base->param && val_kind_is(p->base, VK_REAL) && p->base != T_IRRATIONAL) {
            num_type t = { p->base, p->base == T_RATIONAL ? (p->param ? p->param->base : T_INT64) : 0, 1 };
            *out = num_type_value(t);
            return 0;
        }
    }
    return err_throw(ctx, ERR_TYPE, site, "unsupported type parameters");
}

int lib_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a)
{
    int ar = array_construct(ctx, out, t, a); /* Matrix{T}(undef, m, n) ... */
    if (ar != LIB_DECLINE)
        return ar;
    /* Char(120) is 'x' and Int('x') is 120: characters convert through their code point */
    if (a->n == 1 && a->nkw == 0 && t->base == T_CHAR && num_is_integer_type(a->v[0])) {
        int64_t cp;
        if (num_to_int64(ctx, a->v[0], &cp) < 0)
            return -1;
        if (cp < 0 || cp > 0x10FFFF)
            return err_throw(ctx, ERR_ARGUMENT, a->site,
                            "%lld is not a Unicode code point (0 to 0x10ffff)", (long long)cp);
        *out = v_char((uint32_t)cp);
        return 0;
    }
    if (a->n == 1 && a->nkw == 0 && a->v[0].type == T_CHAR && val_kind_is(t->base, VK_INTEGER))
        return num_construct(ctx, out, t, 1, &(value){ T_INT64, 0, { .i = a->v[0].u.c } });
    if (a->nkw == 0) {
        int rc = num_construct(ctx, out, t, a->n, a->v);
        if (rc != NUM_NOMETHOD)
            return rc;
    }
    sb tn = { 0 };
    show_type(ctx, &tn, t);
    int r = lib_no_method(ctx, sb_str(&tn), a);
    sb_free(&tn);
    return r;
}

/* ---- printing ---- */

static void print_args(jc_ctx *ctx, sb *out, const jc_args *a, show_mode mode)
{
    for (int i = 0; i < a->n; i++)
        show_value(ctx, out, a->v[i], mode, 0);
}

static int emit(jc_ctx *ctx, sb *text, value *out)
{
    fwrite(sb_str(text), 1, text->len, ctx->out);
    sb_free(text);
    *out = v_nothing();
    return 0;
}

static int bi_print(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    print_args(ctx, &s, a, SHOW_PRINT);
    return emit(ctx, &s, out);
}

static int bi_println(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    print_args(ctx, &s, a, SHOW_PRINT);
    sb_putc(&s, '\n');
    return emit(ctx, &s, out);
}

static int bi_show(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    print_args(ctx, &s, a, SHOW_REPR);
    return emit(ctx, &s, out);
}

static int bi_display(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    show_value(ctx, &s, a->v[0], SHOW_PLAIN, 0);
    sb_putc(&s, '\n');
    return emit(ctx, &s, out);
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
    print_args(ctx, &s, a, SHOW_PRINT);
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

static int bi_repr(jc_ctx *ctx, value *out, const jc_args *a)
{
    sb s = { 0 };
    show_value(ctx, &s, a->v[0], SHOW_REPR, 0);
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
        *out = v_int(range_length(x));
        return 0;
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
        if (num_is_number(x)) {
            *out = v_int(1);
            return 0;
        }
        return LIB_DECLINE;
    }
}

static int nth(jc_ctx *ctx, value x, int last, const ast *site, value *out)
{
    jc_iter it;
    if (eval_iter_init(ctx, &it, x, site) < 0)
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
        int r = eval_iter_next(ctx, &it, &y);
        if (r < 0) {
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
    if (!got)
        return err_throw(ctx, ERR_ARGUMENT, site, "collection must be non-empty");
    *out = v;
    return 0;
}

static int bi_first(jc_ctx *ctx, value *out, const jc_args *a) { return nth(ctx, a->v[0], 0, a->site, out); }
static int bi_last(jc_ctx *ctx, value *out, const jc_args *a) { return nth(ctx, a->v[0], 1, a->site, out); }

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
          coll.type == T_ARRAY || num_is_number(coll)))
        return LIB_DECLINE;
    value opf;
    if (eval_get_global(ctx, op, &opf) < 0)
        return err_throw(ctx, ERR_UNDEFVAR, a->site, "`%s` not defined", op);
    jc_iter it;
    if (eval_iter_init(ctx, &it, coll, a->site) < 0) {
        val_release(opf);
        return -1;
    }
    value acc = v_nothing();
    int have = 0, r = 0;
    for (;;) {
        if (ctx_poll(ctx) < 0) {
            r = -1;
            break;
        }
        value x;
        int k = eval_iter_next(ctx, &it, &x);
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
            acc = x;
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

static int bi_getindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (a->n != 2 || !(x.type == T_TUPLE || x.type == T_RANGE))
        return LIB_DECLINE;
    int64_t i;
    if (a->v[1].type != T_INT64 && a->v[1].type != T_BOOL)
        return LIB_DECLINE;
    i = a->v[1].u.i;
    int64_t n = x.type == T_TUPLE ? (int64_t)val_tuple(x)->n : range_length(x);
    if (i < 1 || i > n) {
        sb s = { 0 };
        show_value(ctx, &s, x, SHOW_REPR, 0);
        err_throw(ctx, ERR_BOUNDS, a->site, "attempt to access %s at index [%lld]",
                 sb_str(&s), (long long)i);
        sb_free(&s);
        return -1;
    }
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
    print_args(ctx, &s, a, SHOW_PRINT);
    err_throw(ctx, ERR_ERROR, a->site, "%s", sb_str(&s));
    sb_free(&s);
    (void)out;
    return -1;
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

const builtin lib_core[] = {
    { "isa", 2, 2, bi_isa, "  isa(x, type) -> Bool\n\n  Whether x is of the given type; also written infix: x isa Real.", NULL },
    { "<:", 2, 2, bi_subtype, "  <:(T1, T2)\n\n  Subtype operator: true when every value of type T1 is also of type T2.", NULL },
    { ">:", 2, 2, bi_supertype, "  >:(T1, T2)\n\n  Supertype operator, equivalent to T2 <: T1.", NULL },
    { "print", 0, -1, bi_print, "  print([io::IO], xs...)\n\n  Write a canonical (un-decorated) text representation of the values to the output.", NULL },
    { "println", 0, -1, bi_println, "  println([io::IO], xs...)\n\n  Print (using print) xs followed by a newline.", NULL },
    { "show", 1, -1, bi_show, "  show(x)\n\n  Write a text representation of x, as repr gives it.", NULL },
    { "display", 1, 1, bi_display, "  display(x)\n\n  Show x as the REPL does (text/plain).", NULL },
    { "string", 0, -1, bi_string, "  string(xs...)\n  string(n::Integer; base = 10, pad = 1)\n\n  Create a string from any values using the print function; an integer alone may be\n  written in another base, padded with zeros: string(5, base = 2, pad = 4) == \"0101\".", "base pad" },
    { "repr", 1, 1, bi_repr, "  repr(x)\n\n  Create a string from any value using the show function.", NULL },
    { "length", 1, 1, bi_length, "  length(collection) -> Integer\n\n  Return the number of elements in the collection.", NULL },
    { "first", 1, 1, bi_first, "  first(coll)\n\n  Get the first element of an iterable collection.", NULL },
    { "last", 1, 1, bi_last, "  last(coll)\n\n  Get the last element of an ordered collection.", NULL },
    { "sum", 1, 2, bi_sum, "  sum(itr)\n  sum(f, itr)\n\n  Sum the elements of a collection (after applying f to each).", NULL },
    { "prod", 1, 2, bi_prod, "  prod(itr)\n  prod(f, itr)\n\n  Multiply the elements of a collection (after applying f to each).", NULL },
    { "maximum", 1, 2, bi_maximum, "  maximum(itr)\n  maximum(f, itr)\n\n  The largest element of a collection.", NULL },
    { "minimum", 1, 2, bi_minimum, "  minimum(itr)\n  minimum(f, itr)\n\n  The smallest element of a collection.", NULL },
    { "getindex", 2, -1, bi_getindex, "  getindex(collection, key...)\n\n  Retrieve the value stored at the given index: the syntax a[i] calls it.", NULL },
    { "lastindex", 1, 2, bi_lastindex, "  lastindex(collection) -> Integer\n\n  Return the last index of collection (what `end` means inside a[...]).", NULL },
    { "firstindex", 1, 2, bi_firstindex, "  firstindex(collection) -> Integer\n\n  Return the first index of collection (what `begin` means inside a[...]).", NULL },
    { "exit", 0, 1, bi_exit, "  exit(code=0)\n\n  Stop jcalc with the given exit code (a program embedding jcalc sees the\n  evaluation end with JC_EXIT and decides).", NULL },
    { "error", 1, -1, bi_error, "  error(msg...)\n\n  Raise an ErrorException with the given message.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
