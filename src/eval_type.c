/* eval_type.c — the core language's names and type syntax: T{P} for every type
 * (Rational{Int64}, Complex{Float64}, Vector{T}, Array{T,N}, Union{...}), calls of types
 * that have no conversion row (Vector{T}(undef, n)), field access x.f (z.re, r.num), and
 * the constants bound at start (π, ℯ, im, Inf, NaN, nothing, the type names, rounding
 * modes, Base.MathConstants.γ). */
#include "array.h"
#include "eval.h"
#include "exc.h"
#include "lib/io.h"
#include "lib/regex.h"
#include "lib/lib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "range.h"
#include "show.h"
#include "types.h"

static value array_type_value(int nd)
{
    jc_typeobj *t = type_new(T_ARRAY);
    t->ndims = nd;
    return v_obj(T_TYPE, 0, &t->h);
}

static value c_undef(void) { value v = { T_SYMBOL, 2, { .i = -1 } }; return v; }

static int is_undef(value v) { return v.type == T_SYMBOL && v.sub == 2; }

static void array_install_constants(jc_ctx *ctx)
{
    static const struct { const char *name; int nd; } at[] = {
        { "Vector", 1 }, { "Matrix", 2 }, { "Array", -1 },
    };
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        int sym = sym_intern(ctx, at[i].name, strlen(at[i].name));
        eval_set_global(ctx, sym, array_type_value(at[i].nd));
        ctx->globals[sym].constant = CONST_BUILTIN;
    }
    int sym = sym_intern(ctx, "undef", 5);
    eval_set_global(ctx, sym, c_undef());
    ctx->globals[sym].constant = CONST_BUILTIN;
    /* I = UniformScaling(true) */
    num_type bt = { T_BOOL, 0, 0 };
    value bty = num_type_value(bt);
    value iv = array_alloc(val_typeobj(bty), 0, NULL);
    val_release(bty);
    val_array(iv)->kind = ARR_UNIFORM;
    val_array(iv)->v[0] = v_bool(1);
    sym = sym_intern(ctx, "I", 1);
    eval_set_global(ctx, sym, iv);
    ctx->globals[sym].constant = CONST_BUILTIN;
}

static int array_apply_type(jc_ctx *ctx, value *out, int n, const value *args, const ast *site)
{
    const jc_typeobj *base = val_typeobj(args[0]);
    if (base->base != T_ARRAY || base->param || base->flags)
        return LIB_DECLINE;
    if (n < 2 || n > 3 || args[1].type != T_TYPE)
        return err_throw(ctx, ERR_TYPE, site, "in Array, expected Type");
    int nd = base->ndims;
    if (n == 3) {
        if (args[2].type != T_INT64 || args[2].u.i < 0 || args[2].u.i > ARR_MAXDIMS || nd >= 0)
            return err_throw(ctx, ERR_TYPE, site, "in Array, expected a dimension count");
        nd = (int)args[2].u.i;
    }
    jc_typeobj *t = type_new(T_ARRAY);
    t->ndims = nd;
    t->nparams = 1;
    t->param = type_retain(val_typeobj(args[1]));
    *out = v_obj(T_TYPE, 0, &t->h);
    return 0;
}

static int array_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a)
{
    if (t->base != T_ARRAY || t->flags)
        return LIB_DECLINE;
    if (a->n >= 1 && is_undef(a->v[0])) {
        int nd = a->n - 1;
        int64_t dims[ARR_MAXDIMS];
        const value *dv = a->v + 1;
        if (a->n == 2 && a->v[1].type == T_TUPLE) {
            nd = (int)val_tuple(a->v[1])->n;
            dv = val_tuple(a->v[1])->v;
        }
        if (nd < 1 || nd > ARR_MAXDIMS || (t->ndims >= 0 && t->ndims != nd))
            return lib_no_method(ctx, t->ndims == 1 ? "Vector" : t->ndims == 2 ? "Matrix" : "Array", a);
        for (int k = 0; k < nd; k++)
            if (num_to_int64(ctx, dv[k], &dims[k]) < 0)
                return -1;
        /* negative or overflowing dims are Julia's invalid Array dimensions; then the
         * size budget, before anything is allocated */
        int64_t len;
        if (array_check_dims(ctx, nd, dims, &len) < 0) {
            err_locate(ctx, a->site);
            return -1;
        }
        jc_typeobj *et = t->param ? type_retain(t->param) : type_new(TA_ANY);
        *out = array_new(ctx, et, nd, dims);
        type_release(et);
        return 0;
    }
    if (a->n == 1 && (a->v[0].type == T_ARRAY || a->v[0].type == T_RANGE || a->v[0].type == T_TUPLE)) {
        /* Vector{T}(x), Matrix(x): a converted copy */
        value src = a->v[0];
        int64_t dims[ARR_MAXDIMS];
        int nd = array_coll_shape(src, dims);
        if (t->ndims >= 0 && t->ndims != nd)
            return lib_no_method(ctx, t->ndims == 1 ? "Vector" : "Matrix", a);
        const jc_typeobj *et = t->param;
        value r;
        if (et)
            r = array_alloc(et, nd, dims);
        else if (src.type == T_ARRAY)
            r = array_alloc(val_array(src)->et, nd, dims);
        else {
            value tmp;
            if (array_cat_part(ctx, src, &tmp) < 0)
                return -1;
            *out = tmp;
            return 0;
        }
        jc_array *ra = val_array(r);
        for (int64_t i = 0; i < ra->len; i++) {
            value x;
            if (array_coll_elem(ctx, src, i, &x) < 0 || array_convert_elt(ctx, ra->et, x, &ra->v[i]) < 0) {
                if (ra->v[i].type == T_NOTHING)
                    ra->v[i] = arr_undef();
                val_release(r);
                return -1;
            }
            val_release(x);
        }
        *out = r;
        return 0;
    }
    return LIB_DECLINE;
}

/* ---- constants, fields, T{P} and calls of types ---- */

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
NUMTYPE(t_uint128, T_UINT128, 0, 0)
NUMTYPE(t_int8, T_INT8, 0, 0)
NUMTYPE(t_int16, T_INT16, 0, 0)
NUMTYPE(t_int32, T_INT32, 0, 0)
NUMTYPE(t_int128, T_INT128, 0, 0)
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
static value t_regex(void) { return num_type_value_base(T_REGEX); }
static value t_regexmatch(void) { return num_type_value_base(T_REGEXMATCH); }
static value t_iobuffer(void) { return num_type_value_base(T_IOBUFFER); }
static value t_iostream(void) { return num_type_value_base(T_IOSTREAM); }
static value c_stdout(void) { return io_std(IO_STDOUT); }
static value c_stderr(void) { return io_std(IO_STDERR); }
static value c_devnull(void) { return io_std(IO_DEVNULL); }
static value t_kind(int k) { return v_obj(T_TYPE, 0, &type_new(k)->h); }
static value t_union(void) { return t_kind(TK_UNION); }
static value t_datatype(void) { return t_kind(TK_DATATYPE); }
static value t_unionall(void) { return t_kind(TK_UNIONALL); }
static value t_typevar(void) { return t_kind(TK_TYPEVARKIND); }
static value t_type(void) { return t_kind(TK_TYPE); }
static value t_vararg(void) { return t_kind(TK_VARARG); }
/* Tuple is Tuple{Vararg{Any}}; NTuple is flagged until applied */
static value t_tuple(void)
{
    jc_typeobj *t = type_new(T_TUPLE);
    t->nelts = 1;
    t->elts = xcalloc(1, sizeof *t->elts);
    t->elts[0] = type_new(TK_VARARG);
    return v_obj(T_TYPE, 0, &t->h);
}
static value t_dense(int nd)
{
    jc_typeobj *t = type_new(TA_DENSE);
    t->ndims = nd;
    return v_obj(T_TYPE, 0, &t->h);
}
static value t_densevector(void) { return t_dense(1); }
static value t_densematrix(void) { return t_dense(2); }
static value t_ntuple(void)
{
    jc_typeobj *t = type_new(T_TUPLE);
    t->flags = TYPEF_NTUPLE;
    return v_obj(T_TYPE, 0, &t->h);
}
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
    { "UInt", t_uint64 }, { "UInt128", t_uint128 }, { "Int8", t_int8 }, { "Int16", t_int16 },
    { "Int32", t_int32 }, { "Int128", t_int128 }, { "Rational", t_rational }, { "Float16", t_float16 },
    { "Float32", t_float32 }, { "Float64", t_float64 }, { "BigFloat", t_bigfloat },
    { "Complex", t_complex }, { "ComplexF64", t_complexf64 }, { "ComplexF32", t_complexf32 }, { "ComplexF16", t_complexf16 },
    { "String", t_string }, { "Char", t_char }, { "Nothing", t_nothing },
    { "Union", t_union }, { "DataType", t_datatype }, { "UnionAll", t_unionall },
    { "TypeVar", t_typevar }, { "Type", t_type }, { "Vararg", t_vararg }, { "Tuple", t_tuple },
    { "NTuple", t_ntuple }, { "DenseVector", t_densevector }, { "DenseMatrix", t_densematrix },
    { "RoundNearest", r_nearest }, { "RoundToZero", r_tozero }, { "RoundUp", r_up },
    { "RoundDown", r_down }, { "RoundFromZero", r_fromzero },
    { "RoundNearestTiesAway", r_tiesaway }, { "RoundNearestTiesUp", r_tiesup },
    { "Regex", t_regex }, { "RegexMatch", t_regexmatch },
    { "IOBuffer", t_iobuffer }, { "IOStream", t_iostream },
    { "stdout", c_stdout }, { "stderr", c_stderr }, { "devnull", c_devnull },
};

void eval_install_constants(jc_ctx *ctx)
{
    for (int b = TA_ANY; b < TA_END; b++) {
        const char *name = type_abstract_name(b);
        int sym = sym_intern(ctx, name, strlen(name));
        eval_set_global(ctx, sym, type_abstract_value(b));
        ctx->globals[sym].constant = CONST_BUILTIN;
    }
    for (size_t i = 0; i < sizeof constants / sizeof *constants; i++) {
        int sym = sym_intern(ctx, constants[i].name, strlen(constants[i].name));
        eval_set_global(ctx, sym, constants[i].make());
        ctx->globals[sym].constant = CONST_BUILTIN;
    }
    array_install_constants(ctx);
    eval_install_exceptions(ctx);
    eval_func_install(ctx);
}

int eval_module_constant(jc_ctx *ctx, const char *name, value *out)
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

int eval_getfield(jc_ctx *ctx, value *out, value x, const char *name, const ast *site)
{
    if (x.type == T_EXCEPTION)
        return eval_exc_getfield(ctx, out, x, name, site);
    if (x.type == T_SYMBOL && x.sub == SYM_MODULE) /* LA.norm after import … as LA */
        return eval_module_member(ctx, out, x, name, site);
    if (x.type == T_STRUCT)
        return eval_struct_getfield(ctx, out, x, name, site);
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
        return err_throw(ctx, ERR_ERROR, site, "type NamedTuple has no field %s", name);
    }
    if (x.type == T_TUPLE && x.sub != TUP_PLAIN) { /* p.first, p.second, c.outer, c.inner */
        int pair = x.sub == TUP_PAIR;
        int k = !strcmp(name, pair ? "first" : "outer") ? 0 : !strcmp(name, pair ? "second" : "inner") ? 1 : -1;
        if (k >= 0) {
            *out = val_retain(val_tuple(x)->v[k]);
            return 0;
        }
        return err_throw(ctx, ERR_ERROR, site, "type %s has no field %s",
                         pair ? "Pair" : "ComposedFunction", name);
    }
    if (x.type == T_RATIONAL && (!strcmp(name, "num") || !strcmp(name, "den"))) {
        mpq_ptr q = val_mpq(x);
        mpz_srcptr z = name[0] == 'n' ? mpq_numref(q) : mpq_denref(q);
        *out = x.sub == T_BIGINT ? v_bigint_from_mpz(z) : v_int_from_mpz(z);
        return 0;
    }
    if ((x.type == T_REGEX || x.type == T_REGEXMATCH) && regex_getfield(ctx, out, x, name, site) == 0)
        return 0;
    sb tn = { 0 };
    type_name_of(ctx, &tn, x);
    err_throw(ctx, ERR_ERROR, site, "type %s has no field %s", sb_str(&tn), name);
    sb_free(&tn);
    return -1;
}

/* Union{A, B}: members flattened, those below another dropped; Union{} when none. */
static jc_typeobj *make_union(int n, const jc_typeobj *const *m)
{
    size_t cap = 0, k = 0;
    const jc_typeobj **flat = NULL;
    for (int i = 0; i < n; i++) {
        size_t sub = type_is_union(m[i]) ? m[i]->nelts : 1;
        for (size_t j = 0; j < sub; j++) {
            const jc_typeobj *x = type_is_union(m[i]) ? m[i]->elts[j] : m[i];
            if (x->base == TK_BOTTOM)
                continue;
            if (k == cap)
                flat = xrealloc(flat, (cap = cap ? 2 * cap : 8) * sizeof *flat);
            flat[k++] = x;
        }
    }
    jc_typeobj *u = type_new(TA_ANY);
    u->flags = ARR_TYPEF_UNION;
    u->elts = xcalloc(nz(k), sizeof *u->elts);
    for (size_t i = 0; i < k; i++) {
        int dropped = 0;
        for (size_t j = 0; j < k && !dropped; j++)
            if (j != i && type_subtype(flat[i], flat[j]))
                dropped = !type_subtype(flat[j], flat[i]) || j < i; /* equal ones: the first stays */
        if (!dropped)
            u->elts[u->nelts++] = type_retain(flat[i]);
    }
    free(flat);
    if (u->nelts <= 1) {
        jc_typeobj *r = u->nelts ? type_retain(u->elts[0]) : type_new(TK_BOTTOM);
        type_release(u);
        return r;
    }
    return u;
}

/* Tuple{...}: Vararg{T, N} with a count is N T's. */
static jc_typeobj *make_tuple(int n, const jc_typeobj *const *m)
{
    jc_typeobj *t = type_new(T_TUPLE);
    size_t cap = 0;
    for (int i = 0; i < n; i++) {
        int reps = m[i]->base == TK_VARARG && m[i]->ndims >= 0 ? m[i]->ndims : 1;
        for (int r = 0; r < reps; r++) {
            if (t->nelts == cap)
                t->elts = xrealloc(t->elts, (cap = cap ? 2 * cap : 8) * sizeof *t->elts);
            const jc_typeobj *x = reps != 1 || (m[i]->base == TK_VARARG && m[i]->ndims == 1) ? m[i]->param : m[i];
            t->elts[t->nelts++] = x ? type_retain(x) : type_new(TA_ANY);
        }
    }
    return t;
}

static int bad_param(jc_ctx *ctx, const char *in, value v, const ast *site)
{
    sb tn = { 0 };
    type_name_of(ctx, &tn, v);
    err_throw(ctx, ERR_TYPE, site, "in %s, expected Type, got a value of type %s", in, sb_str(&tn));
    sb_free(&tn);
    /* TypeError(Symbol(in), "", Type, v) */
    value type = v_nothing();
    if (eval_get_global(ctx, "Type", &type) == 0 && type.type == T_TYPE) {
        value f[4] = { { T_SYMBOL, 0, { .i = sym_intern(ctx, in, strlen(in)) } }, v_string("", 0),
                       type, v };
        exc_attach(ctx, EXC_TYPE, 4, f);
        val_release(f[1]);
    }
    val_release(type);
    return -1;
}

/* Whether v may be a type parameter: Julia's valid_type_param (jltypes.c) takes isbits
 * values and Symbols (and tuples of them).  A struct is isbits when it is immutable
 * with isbits fields; a named function is a singleton, so isbits too. */
static int param_value_ok(jc_ctx *ctx, value v)
{
    switch (v.type) {
    case T_NOTHING: case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32:
    case T_INT128: case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: case T_UINT128:
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: case T_CHAR: case T_IRRATIONAL:
    case T_ROUNDMODE: case T_RANGE:
        return 1;
    case T_SYMBOL:
        return v.sub != SYM_MODULE;
    case T_RATIONAL:
        return v.sub == T_INT64;
    case T_COMPLEX:
        return param_value_ok(ctx, val_complex(v)->re) && val_complex(v)->re.type != T_BIGINT &&
               val_complex(v)->re.type != T_BIGFLOAT && val_complex(v)->re.type != T_RATIONAL;
    case T_TUPLE:
        for (size_t i = 0; i < val_tuple(v)->n; i++)
            if (!param_value_ok(ctx, val_tuple(v)->v[i]))
                return 0;
        return 1;
    case T_NAMEDTUPLE: {
        const jc_namedtuple *t = (const jc_namedtuple *)v.u.o;
        for (size_t i = 0; i < t->n; i++)
            if (t->v[i].type == T_SYMBOL || !param_value_ok(ctx, t->v[i]))
                return 0;
        return 1;
    }
    case T_FUNCTION: {
        int name = val_func(v)->name;
        return name >= 0 && sym_name(ctx, name)[0] != '#';
    }
    case T_STRUCT: {
        const jc_struct *st = val_struct(v);
        if (st->type->def->mutable_)
            return 0;
        for (size_t i = 0; i < st->n; i++)
            if (st->v[i].type == T_SYMBOL || !param_value_ok(ctx, st->v[i]))
                return 0;
        return 1;
    }
    default:
        return 0;
    }
}

int eval_value_param(jc_ctx *ctx, value v, jc_typeobj **out, const ast *site)
{
    if (!param_value_ok(ctx, v)) {
        /* Julia expects an Int64 where a number was given (V{big(1)}), else a Type */
        sb tn = { 0 };
        type_name_of(ctx, &tn, v);
        err_throw(ctx, ERR_TYPE, site, "in Type, in parameter, expected %s, got a value of type %s",
                  num_is_number(v) ? "Int64" : "Type", sb_str(&tn));
        sb_free(&tn);
        return -1;
    }
    sb r = { 0 };
    show_value(ctx, &r, v, SHOW_REPR, 0);
    jc_typeobj *t = type_new(TK_VALUE);
    t->val = val_retain(v);
    t->sym = sym_intern(ctx, sb_str(&r), r.len) + 1;
    sb_free(&r);
    *out = t;
    return 0;
}

/* T{P...} for the types of the lattice: Union, Tuple, NTuple, Vararg, Type,
 * AbstractVector ... and the user's parametric types. */
static int lattice_apply(jc_ctx *ctx, value *out, int n, const value *args, const ast *site)
{
    const jc_typeobj *base = val_typeobj(args[0]);
    int b = base->base;
    int ntuple = b == T_TUPLE && (base->flags & TYPEF_NTUPLE);
    int bare_tuple = b == T_TUPLE && base->nelts == 1 && base->elts[0]->base == TK_VARARG &&
                     !base->elts[0]->param && base->elts[0]->ndims < 0;
    const char *in = b == TK_UNION ? "Union" : b == T_TUPLE ? "Tuple" : b == TK_VARARG ? "Vararg"
                   : b == TK_TYPE ? "Type" : NULL;
    int cnt_at = -1; /* the position of an integer count (Vararg{T,N}, NTuple{N,T}) */
    if (b == TK_VARARG && !base->param)
        cnt_at = 2;
    else if (ntuple)
        cnt_at = 1, in = "NTuple";
    else if ((b == TA_ARRAY || b == TA_DENSE) && !base->param && base->ndims < 0)
        cnt_at = 2, in = b == TA_ARRAY ? "AbstractArray" : "DenseArray";
    else if (!((b == TK_UNION) || bare_tuple || (b == TK_TYPE && !base->param) ||
               ((b == TA_VECTOR || b == TA_MATRIX || b == TA_RANGE || b == TA_ARRAY || b == TA_DENSE) && !base->param) ||
               ((b == TK_STRUCT || b == TK_ABSTRACT) && base->def && base->def->nparams && !base->nelts)))
        return LIB_DECLINE;
    const jc_typeobj *p[64];
    int np = 0, count = -1;
    if (n - 1 > 64)
        return err_throw(ctx, ERR_TYPE, site, "too many parameters for type");
    for (int i = 1; i < n; i++) {
        if (i == cnt_at) {
            if (args[i].type != T_INT64 || args[i].u.i < 0 || args[i].u.i > 1 << 20)
                return err_throw(ctx, ERR_TYPE, site, "in %s, expected a count", in);
            count = (int)args[i].u.i;
            continue;
        }
        if (args[i].type != T_TYPE)
            return bad_param(ctx, in ? in : sym_name(ctx, base->def ? base->def->name : 0), args[i], site);
        p[np++] = val_typeobj(args[i]);
    }
    jc_typeobj *t = NULL;
    switch (b) {
    case TK_UNION:
        t = make_union(np, p);
        break;
    case T_TUPLE:
        if (ntuple) {
            if (count < 0 || np != 1)
                return err_throw(ctx, ERR_TYPE, site, "in NTuple, expected a count and a type");
            const jc_typeobj *rep[1] = { p[0] };
            t = type_new(T_TUPLE);
            t->nelts = (size_t)count;
            t->elts = xcalloc(nz(t->nelts), sizeof *t->elts);
            for (int i = 0; i < count; i++)
                t->elts[i] = type_retain(rep[0]);
        } else
            t = make_tuple(np, p);
        break;
    case TK_VARARG:
        if (np > 1)
            return err_throw(ctx, ERR_TYPE, site, "too many parameters for type");
        t = type_new(TK_VARARG);
        t->param = np ? type_retain(p[0]) : NULL;
        t->ndims = count;
        break;
    case TK_TYPE:
        if (np != 1)
            return err_throw(ctx, ERR_TYPE, site, "too many parameters for type");
        t = type_new(TK_TYPE);
        t->param = type_retain(p[0]);
        break;
    case TK_STRUCT:
    case TK_ABSTRACT: {
        const jc_typedef *d = base->def;
        if (np > d->nparams)
            return err_throw(ctx, ERR_TYPE, site, "too many parameters for type %s", sym_name(ctx, d->name));
        for (int i = 0; i < np; i++) {
            const jc_typeobj *ub = d->pvars[i]->param;
            if (ub && p[i]->base != TK_TYPEVAR && !type_subtype(p[i], ub)) {
                sb tn = { 0 }, un = { 0 };
                int isval = p[i]->base == TK_VALUE;
                if (isval)
                    type_name_of(ctx, &tn, p[i]->val);
                else
                    type_name(ctx, &tn, p[i]);
                type_name(ctx, &un, ub);
                const char *pn = sym_name(ctx, d->pvars[i]->sym - 1);
                err_throw(ctx, ERR_TYPE, site, isval ? "in %s, in %s, expected %s<:%s, got a value of type %s"
                                                     : "in %s, in %s, expected %s<:%s, got Type{%s}",
                          sym_name(ctx, d->name), pn, pn, sb_str(&un), sb_str(&tn));
                sb_free(&tn);
                sb_free(&un);
                return -1;
            }
        }
        t = type_new(b);
        t->def = base->def;
        t->nelts = (size_t)np;
        t->elts = xcalloc(nz(t->nelts), sizeof *t->elts);
        for (int i = 0; i < np; i++)
            t->elts[i] = type_retain(p[i]);
        break;
    }
    default: /* AbstractVector{T}, AbstractArray{T, N} */
        if (np != 1)
            return err_throw(ctx, ERR_TYPE, site, "too many parameters for type");
        t = type_new(b);
        t->param = type_retain(p[0]);
        t->nparams = 1;
        if (b == TA_DENSE && base->ndims >= 0) /* DenseVector{T} */
            t->ndims = base->ndims;
        if ((b == TA_ARRAY || b == TA_DENSE) && count >= 0) {
            if (count > ARR_MAXDIMS) {
                type_release(t);
                return err_throw(ctx, ERR_TYPE, site, "in %s, expected a dimension count", in);
            }
            t->ndims = count;
            if (b == TA_ARRAY && (t->ndims == 1 || t->ndims == 2)) {
                t->base = t->ndims == 1 ? TA_VECTOR : TA_MATRIX;
                t->ndims = -1;
            }
        }
        break;
    }
    *out = v_obj(T_TYPE, 0, &t->h);
    return 0;
}

int eval_anon_typevar(jc_ctx *ctx, int rc, value *out, const ast *site)
{
    if (rc != 0)
        return rc;
    if (out->type != T_TYPE) {
        val_release(*out);
        return err_throw(ctx, ERR_TYPE, site, "in TypeVar, expected Type, got a value");
    }
    jc_typeobj *v = type_new(TK_TYPEVAR);
    v->param = val_typeobj(*out);
    *out = v_obj(T_TYPE, 0, &v->h);
    return 0;
}

int eval_apply_type(jc_ctx *ctx, value *out, int n, const value *args, const ast *site)
{
    for (int i = 1; i < n; i++)
        if (args[i].type == T_TYPE && type_too_deep(val_typeobj(args[i])))
            return err_throw(ctx, ERR_STACK, site, "%s", "");
    if (n >= 1 && args[0].type == T_FUNCTION) {
        int r = eval_new_apply(ctx, out, n, args, site);
        if (r != LIB_DECLINE)
            return r;
    }
    int pr = eval_pair_apply_type(ctx, out, n, args, site); /* Pair{A, B} */
    if (pr != LIB_DECLINE)
        return pr;
    if (n >= 1 && n <= 65 && args[0].type == T_TYPE &&
        (val_typeobj(args[0])->base == TK_STRUCT || val_typeobj(args[0])->base == TK_ABSTRACT)) {
        /* V{3}, Val{:a}: the values among the parameters become TK_VALUE ones */
        value v[65];
        int made[65] = { 0 }, r = 0;
        for (int i = 0; i < n; i++) {
            v[i] = args[i];
            if (i && args[i].type != T_TYPE) {
                jc_typeobj *p;
                if ((r = eval_value_param(ctx, args[i], &p, site)) < 0)
                    break;
                v[i] = v_obj(T_TYPE, 0, &p->h);
                made[i] = 1;
            }
        }
        if (r == 0)
            r = lattice_apply(ctx, out, n, v, site);
        for (int i = 0; i < n; i++)
            if (made[i])
                val_release(v[i]);
        if (r != LIB_DECLINE)
            return r;
    }
    if (n >= 1 && args[0].type == T_TYPE) {
        int r = lattice_apply(ctx, out, n, args, site);
        if (r != LIB_DECLINE)
            return r;
    }
    if (n >= 1 && args[0].type == T_TYPE) { /* Vector{T}, Matrix{T}, Array{T,N} */
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

int eval_tuple_convert(jc_ctx *ctx, const jc_typeobj *t, const value *v, size_t n, int exact,
                       const ast *site, value *out)
{
    size_t fixed = t->nelts;
    const jc_typeobj *rest = NULL; /* the Vararg's element type, Any when bare */
    int open = fixed && t->elts[fixed - 1]->base == TK_VARARG;
    if (open) {
        rest = t->elts[--fixed]->param;
    }
    if (n < fixed || (exact && !open && n > fixed))
        return 1;
    size_t m = open ? n : fixed;
    value r = v_tuple_new(m);
    for (size_t i = 0; i < m; i++) {
        const jc_typeobj *et = i < fixed ? t->elts[i] : rest;
        value x = val_retain(v[i]);
        if (et && !type_isa(x, et) && eval_convert_to(ctx, v_obj(T_TYPE, 0, (void *)&et->h), &x, site) < 0) {
            val_release(r);
            return -1;
        }
        val_tuple(r)->v[i] = x;
    }
    *out = r;
    return 0;
}

/* T(itr) for a tuple type T: the elements of itr, each converted to its place's type;
 * a tuple given whole is convert(T, x). */
static int tuple_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a)
{
    value x = a->v[0], coll = v_nothing();
    const value *v;
    size_t n;
    if (x.type == T_TUPLE && !x.sub) {
        v = val_tuple(x)->v;
        n = val_tuple(x)->n;
    } else {
        if (eval_call_global(ctx, "collect", 1, &x, a->site, &coll) < 0)
            return -1;
        if (coll.type != T_ARRAY) {
            val_release(coll);
            return lib_no_method(ctx, "Tuple", a);
        }
        n = (size_t)array_length(coll);
        v = NULL;
    }
    value *tmp = NULL;
    if (!v) {
        tmp = xcalloc(n ? n : 1, sizeof *tmp);
        for (size_t i = 0; i < n; i++)
            if (array_get_linear(ctx, coll, (int64_t)i, &tmp[i]) < 0) {
                val_release_n(tmp, i);
                free(tmp);
                val_release(coll);
                return -1;
            }
        v = tmp;
    }
    int r = eval_tuple_convert(ctx, t, v, n, x.type == T_TUPLE, a->site, out);
    if (tmp) {
        val_release_n(tmp, n);
        free(tmp);
    }
    val_release(coll);
    if (r == 1) {
        sb tn = { 0 }, xn = { 0 };
        type_name(ctx, &tn, t);
        type_name_of(ctx, &xn, x);
        if (x.type == T_TUPLE)
            err_throw(ctx, ERR_METHOD, a->site,
                      "Cannot `convert` an object of type %s to an object of type %s", sb_str(&xn),
                      sb_str(&tn));
        else
            err_throw(ctx, ERR_ARGUMENT, a->site, "too few elements for tuple type %s", sb_str(&tn));
        sb_free(&tn);
        sb_free(&xn);
        return -1;
    }
    return r;
}

int eval_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a)
{
    if (t->base == T_TUPLE && !(t->flags & TYPEF_NTUPLE) && a->n == 1 && a->nkw == 0)
        return tuple_construct(ctx, out, t, a);
    if (t->base == T_NAMEDTUPLE && t->val.type != T_TUPLE)
        return eval_namedtuple_construct(ctx, out, a);
    int ar = array_construct(ctx, out, t, a); /* Matrix{T}(undef, m, n) ... */
    if (ar != LIB_DECLINE)
        return ar;
    if ((ar = eval_pair_construct(ctx, out, t, a)) != LIB_DECLINE) /* Pair{A, B}(a, b) */
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
    type_name(ctx, &tn, t);
    int r = lib_no_method(ctx, sb_str(&tn), a);
    sb_free(&tn);
    return r;
}

/* TypeError(func, context, T, v) at site unless v isa t (a type): context is a symbol
 * (a keyword's name) or 0 for "". */
static int type_check(jc_ctx *ctx, value v, value t, const ast *site, const char *func,
                      int context)
{
    if (t.type != T_TYPE) /* a keyword's check is isa(v, T) */
        return bad_param(ctx, context ? "isa" : func, t, site);
    if (type_isa(v, val_typeobj(t)))
        return 0;
    sb tn = { 0 }, vn = { 0 };
    type_name(ctx, &tn, val_typeobj(t));
    type_name_of(ctx, &vn, v);
    if (context)
        err_throw(ctx, ERR_TYPE, site, "in %s %s, expected %s, got a value of type %s", func,
                  sym_name(ctx, context), sb_str(&tn), sb_str(&vn));
    else
        err_throw(ctx, ERR_TYPE, site, "in %s, expected %s, got a value of type %s", func,
                  sb_str(&tn), sb_str(&vn));
    sb_free(&tn);
    sb_free(&vn);
    value f[4] = { { T_SYMBOL, 0, { .i = sym_intern(ctx, func, strlen(func)) } },
                   context ? (value){ T_SYMBOL, 0, { .i = context } } : v_string("", 0), t, v };
    exc_attach(ctx, EXC_TYPE, 4, f);
    val_release(f[1]);
    return -1;
}

int eval_typeassert(jc_ctx *ctx, value v, value t, const ast *site)
{
    /* TypeError(:typeassert, "", T, v), the fields Julia's typeassert gives */
    return type_check(ctx, v, t, site, "typeassert", 0);
}

int eval_kw_typecheck(jc_ctx *ctx, const jc_method *m, int k, const jc_args *a, value v, value t)
{
    /* a keyword declared y::T takes only a T (Julia's TypeError, no conversion) */
    return type_check(ctx, v, t, a ? a->site : m->site, "keyword argument", m->kwparams[k]);
}
