/* types.c — see types.h. */
#include "types.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "exc.h"
#include "func.h"
#include "num/num.h"
#include "range.h"

static const char *const abstract_names[TA_END - TA_ANY] = {
    [TA_ANY - TA_ANY] = "Any", [TA_NUMBER - TA_ANY] = "Number", [TA_REAL - TA_ANY] = "Real",
    [TA_INTEGER - TA_ANY] = "Integer", [TA_SIGNED - TA_ANY] = "Signed",
    [TA_UNSIGNED - TA_ANY] = "Unsigned", [TA_FLOAT - TA_ANY] = "AbstractFloat",
    [TA_IRRATIONAL - TA_ANY] = "AbstractIrrational", [TA_STRING - TA_ANY] = "AbstractString",
    [TA_CHAR - TA_ANY] = "AbstractChar", [TA_FUNCTION - TA_ANY] = "Function",
    [TA_ARRAY - TA_ANY] = "AbstractArray", [TA_VECTOR - TA_ANY] = "AbstractVector",
    [TA_MATRIX - TA_ANY] = "AbstractMatrix", [TA_RANGE - TA_ANY] = "AbstractRange",
    [TA_EXCEPTION - TA_ANY] = "Exception", [TA_DENSE - TA_ANY] = "DenseArray",
    [TA_IO - TA_ANY] = "IO",
};

/* The direct supertype of each abstract type. */
static const int abstract_parent[TA_END - TA_ANY] = {
    [TA_ANY - TA_ANY] = TA_ANY, [TA_NUMBER - TA_ANY] = TA_ANY, [TA_REAL - TA_ANY] = TA_NUMBER,
    [TA_INTEGER - TA_ANY] = TA_REAL, [TA_SIGNED - TA_ANY] = TA_INTEGER,
    [TA_UNSIGNED - TA_ANY] = TA_INTEGER, [TA_FLOAT - TA_ANY] = TA_REAL,
    [TA_IRRATIONAL - TA_ANY] = TA_REAL, [TA_STRING - TA_ANY] = TA_ANY,
    [TA_CHAR - TA_ANY] = TA_ANY, [TA_FUNCTION - TA_ANY] = TA_ANY, [TA_ARRAY - TA_ANY] = TA_ANY,
    [TA_VECTOR - TA_ANY] = TA_ARRAY, [TA_MATRIX - TA_ANY] = TA_ARRAY,
    [TA_RANGE - TA_ANY] = TA_VECTOR, [TA_EXCEPTION - TA_ANY] = TA_ANY,
    [TA_DENSE - TA_ANY] = TA_ARRAY, [TA_IO - TA_ANY] = TA_ANY,
};

static const char *const kind_names[TK_END - TK_BOTTOM] = {
    [TK_BOTTOM - TK_BOTTOM] = "Union{}", [TK_TYPE - TK_BOTTOM] = "Type",
    [TK_TYPEVAR - TK_BOTTOM] = "TypeVar", [TK_VARARG - TK_BOTTOM] = "Vararg",
    [TK_STRUCT - TK_BOTTOM] = "struct", [TK_ABSTRACT - TK_BOTTOM] = "abstract",
    [TK_VALUE - TK_BOTTOM] = "value",
    [TK_DATATYPE - TK_BOTTOM] = "DataType", [TK_UNIONALL - TK_BOTTOM] = "UnionAll",
    [TK_UNION - TK_BOTTOM] = "Union", [TK_TYPEOFBOTTOM - TK_BOTTOM] = "Core.TypeofBottom",
    [TK_TYPEVARKIND - TK_BOTTOM] = "TypeVar",
};

const char *type_abstract_name(int base)
{
    return base >= TA_ANY && base < TA_END ? abstract_names[base - TA_ANY] : NULL;
}

value type_abstract_value(int base)
{
    return v_obj(T_TYPE, 0, &type_new(base)->h);
}

/* Any, for the places that need a type object for a missing (NULL) one; never freed. */
static jc_typeobj type_any_obj = { .h = { 1u << 30, T_TYPE, 0 }, .base = TA_ANY, .ndims = -1 };

static int is_abstract_code(int b) { return b >= TA_ANY && b < TA_END; }
static int is_kind_code(int b) { return b >= TK_DATATYPE && b < TK_END; }

int type_is_union(const jc_typeobj *t) { return t->base == TA_ANY && (t->flags & ARR_TYPEF_UNION); }
int type_is_any(const jc_typeobj *t) { return !t || (t->base == TA_ANY && !type_is_union(t)); }
static int is_vararg(const jc_typeobj *t) { return t && t->base == TK_VARARG; }

/* The element type of a range's type (sub: 1 + its kind). */
static jc_typeobj *range_eltype(const jc_typeobj *t)
{
    if (t->param)
        return type_retain(t->param);
    return val_typeobj(num_type_value_base(t->sub == 1 + RANGE_FLOAT ? T_FLOAT64 : T_INT64));
}

static jc_typeobj *subst(const jc_typeobj *t, const jc_typedef *d, const jc_typeobj *app);

/* a's direct supertype, a new reference; NULL above Any.  Parameters travel up
 * (Vector{Int64} -> AbstractVector{Int64} -> AbstractArray{Int64, 1}). */
static jc_typeobj *super_of(const jc_typeobj *a)
{
    int b = a->base;
    if (b == TA_ANY && !type_is_union(a))
        return NULL;
    jc_typeobj *s;
    if (is_abstract_code(b) && !type_is_union(a)) {
        /* AbstractVector{T} is AbstractArray{T, 1}, whose supertype is Any */
        if (b == TA_VECTOR || b == TA_MATRIX)
            return type_new(TA_ANY);
        if (b == TA_DENSE) {
            s = type_new(a->ndims == 1 ? TA_VECTOR : a->ndims == 2 ? TA_MATRIX : TA_ARRAY);
            if (a->param) {
                s->param = type_retain(a->param);
                s->nparams = 1;
            }
            if (s->base == TA_ARRAY)
                s->ndims = a->ndims;
            return s;
        }
        s = type_new(abstract_parent[b - TA_ANY]);
        if (a->param && b == TA_RANGE) {
            s->param = type_retain(a->param);
            s->nparams = 1;
        }
        return s;
    }
    switch (b) {
    case T_ARRAY:
        if (!(a->flags & (TYPEF_BITARRAY | TYPEF_UNIFORM | TYPEF_ADJOINT | TYPEF_TRANSPOSE | TYPEF_HERMITIAN))) {
            s = type_new(TA_DENSE); /* Array{T,N} <: DenseArray{T,N} */
            s->ndims = a->ndims;
        } else
            s = type_new(a->ndims == 1 ? TA_VECTOR : a->ndims == 2 ? TA_MATRIX : TA_ARRAY);
        if (a->param) {
            s->param = type_retain(a->param);
            s->nparams = 1;
        }
        if (s->base == TA_ARRAY)
            s->ndims = a->ndims;
        return s;
    case T_RANGE:
        s = type_new(TA_RANGE);
        s->param = range_eltype(a);
        s->nparams = 1;
        return s;
    case TK_STRUCT:
    case TK_ABSTRACT:
        if (a->def && a->def->super)
            return subst(a->def->super, a->def, a);
        return type_new(TA_ANY);
    case TK_TYPE:
        return a->param ? type_new(type_kind(a->param)) : type_new(TA_ANY);
    case TK_TYPEVAR:
        return a->param ? type_retain(a->param) : type_new(TA_ANY);
    case TK_TYPEVARKIND:
        return type_new(TA_ANY);
    default:
        if (is_kind_code(b))
            return type_new(TK_TYPE);
        if (b < T__COUNT)
            return type_new(val_kinds[b].super);
        return type_new(TA_ANY);
    }
}

/* t with the parameters of d replaced by those app applies (Point{Int64}'s supertype
 * when d declares struct Point{T} <: AbstractThing{T}). */
static jc_typeobj *subst(const jc_typeobj *t, const jc_typedef *d, const jc_typeobj *app)
{
    if (!t)
        return NULL;
    if (t->base == TK_TYPEVAR)
        for (int i = 0; i < d->nparams; i++)
            if (d->pvars[i] == t)
                return (size_t)i < app->nelts ? type_retain(app->elts[i]) : type_retain(t);
    if (!t->param && !t->nelts)
        return type_retain(t);
    jc_typeobj *r = obj_new(T_TYPE, sizeof *r);
    *r = *t;
    r->h.refs = 1;
    r->h.gc = 0;
    r->val = val_retain(t->val);
    r->param = subst(t->param, d, app);
    if (t->nelts) {
        r->elts = xcalloc(t->nelts, sizeof *r->elts);
        for (size_t i = 0; i < t->nelts; i++)
            r->elts[i] = subst(t->elts[i], d, app);
    }
    return r;
}

/* Whether two values that may be type parameters are identical (===): isbits values
 * bit for bit (so NaN is NaN, -0.0 is not 0.0), tuples and structs field by field. */
static int param_egal(value a, value b)
{
    if (a.type != b.type || a.sub != b.sub)
        return 0;
    switch (a.type) {
    case T_NOTHING:
        return 1;
    case T_CHAR:
        return a.u.c == b.u.c;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64:
        return a.u.u == b.u.u;
    case T_BIGINT: case T_INT128: case T_UINT128:
        return mpz_cmp(val_mpz(a), val_mpz(b)) == 0;
    case T_RATIONAL:
        return mpq_equal(val_mpq(a), val_mpq(b));
    case T_COMPLEX:
        return param_egal(val_complex(a)->re, val_complex(b)->re) &&
               param_egal(val_complex(a)->im, val_complex(b)->im);
    case T_TUPLE: {
        const jc_tuple *x = val_tuple(a), *y = val_tuple(b);
        if (x->n != y->n)
            return 0;
        for (size_t i = 0; i < x->n; i++)
            if (!param_egal(x->v[i], y->v[i]))
                return 0;
        return 1;
    }
    case T_NAMEDTUPLE: {
        const jc_namedtuple *x = (const jc_namedtuple *)a.u.o, *y = (const jc_namedtuple *)b.u.o;
        if (x->n != y->n)
            return 0;
        for (size_t i = 0; i < x->n; i++)
            if (x->names[i] != y->names[i] || !param_egal(x->v[i], y->v[i]))
                return 0;
        return 1;
    }
    case T_RANGE: { /* ranges are isbits structs: every field */
        const jc_range *x = val_range(a), *y = val_range(b);
        return x->kind == y->kind && x->len == y->len && x->offset == y->offset &&
               param_egal(x->start, y->start) && param_egal(x->step, y->step) &&
               param_egal(x->stop, y->stop) && !memcmp(&x->ref_hi, &y->ref_hi, sizeof x->ref_hi) &&
               !memcmp(&x->ref_lo, &y->ref_lo, sizeof x->ref_lo) &&
               !memcmp(&x->step_hi, &y->step_hi, sizeof x->step_hi) &&
               !memcmp(&x->step_lo, &y->step_lo, sizeof x->step_lo);
    }
    case T_STRUCT: {
        const jc_struct *x = val_struct(a), *y = val_struct(b);
        if (x->n != y->n || !type_equal(x->type, y->type))
            return 0;
        for (size_t i = 0; i < x->n; i++)
            if (!param_egal(x->v[i], y->v[i]))
                return 0;
        return 1;
    }
    default:
        return val_is_heap(a) ? a.u.o == b.u.o : a.u.i == b.u.i;
    }
}

/* ---- subtyping ----
 *
 * Julia's relation over the types jcalc has: Union members on the left all, on the
 * right any; parameters are invariant except inside Tuple (covariant) and except for a
 * variable (the anonymous <:X, or a `where` variable), which accepts what its bounds
 * allow; a method's where variables are bound to the argument types (env) so that
 * f(x::T, y::T) where T needs both to be the same type. */

static int sub(const jc_typeobj *a, const jc_typeobj *b, type_env *env);

/* One step up a chain of supertypes: s's supertype (s released), NULL past Any. */
static jc_typeobj *up_from(jc_typeobj *s)
{
    jc_typeobj *u = type_is_any(s) ? NULL : super_of(s);
    type_release(s);
    return u;
}

static const jc_typeobj *env_lookup(type_env *env, const jc_typeobj *var, int *idx)
{
    for (int i = 0; env && i < env->n; i++)
        if (env->var[i] == var) {
            *idx = i;
            return env->val[i];
        }
    *idx = -1;
    return NULL;
}

int type_equiv(const jc_typeobj *a, const jc_typeobj *b)
{
    return type_equal(a, b) || (sub(a, b, NULL) && sub(b, a, NULL));
}

/* x against the where variable var of env: the same as what var is bound to, or within
 * its bound (and then var is bound to x).  -1 when var is not env's. */
static int bind_var(const jc_typeobj *x, const jc_typeobj *var, type_env *env)
{
    int idx;
    const jc_typeobj *bound = env_lookup(env, var, &idx);
    if (idx < 0)
        return -1;
    if (bound)
        return type_equiv(x, bound);
    if (var->param && !sub(x, var->param, NULL))
        return 0;
    env->val[idx] = type_retain(x);
    return 1;
}

/* x in an invariant position against y (Vector{x} <: Vector{y}). */
static int invariant(const jc_typeobj *x, const jc_typeobj *y, type_env *env)
{
    if (!y)
        return !x || type_is_any(x);
    if (!x)
        x = &type_any_obj;
    if (y->base == TK_TYPEVAR) {
        int r = bind_var(x, y, env);
        if (r >= 0)
            return r;
        if (x->base == TK_TYPEVAR)
            return !y->param || sub(x->param ? x->param : &type_any_obj, y->param, NULL);
        return !y->param || sub(x, y->param, env);
    }
    if (env && env->n && (y->param || y->nelts) && x->base != TK_TYPEVAR)
        return sub(x, y, env); /* Type{Point{T}}: binds T to the parameter */
    return type_equiv(x, y);
}

/* Tuple{...} <: Tuple{...}: element by element; a trailing unbounded Vararg{T} stands
 * for any number of T. */
static int tuple_sub(const jc_typeobj *a, const jc_typeobj *b, type_env *env)
{
    size_t fa = a->nelts, fb = b->nelts;
    const jc_typeobj *ea = NULL, *eb = NULL;
    int va = fa && is_vararg(a->elts[fa - 1]), vb = fb && is_vararg(b->elts[fb - 1]);
    if (va) {
        ea = a->elts[--fa]->param ? a->elts[fa]->param : &type_any_obj;
    }
    if (vb) {
        eb = b->elts[--fb]->param ? b->elts[fb]->param : &type_any_obj;
    }
    if (va && !vb)
        return 0;
    if (vb ? fa < fb : fa != fb)
        return 0;
    for (size_t i = 0; i < fa; i++)
        if (!sub(a->elts[i], i < fb ? b->elts[i] : eb, env))
            return 0;
    if (va && !sub(ea, eb, env))
        return 0;
    return 1;
}

/* a and b are of the same family (same concrete kind, same struct, same abstract
 * type): whether a's parameters fit b's. */
static int same_family(const jc_typeobj *a, const jc_typeobj *b)
{
    if (b->base == TA_ARRAY && (a->base == TA_VECTOR || a->base == TA_MATRIX))
        return 1; /* AbstractArray{T, 1} is AbstractVector{T} */
    if ((b->base == TA_VECTOR || b->base == TA_MATRIX) && a->base == TA_ARRAY &&
        a->ndims == (b->base == TA_VECTOR ? 1 : 2))
        return 1;
    if (a->base != b->base)
        return 0;
    if (a->base == TK_STRUCT || a->base == TK_ABSTRACT)
        return a->def == b->def;
    return 1;
}

static int params_fit(const jc_typeobj *a, const jc_typeobj *b, type_env *env)
{
    switch (b->base) {
    case T_RATIONAL:
        if (b->sub && a->sub != b->sub)
            return 0;
        return 1;
    case T_FUNCTION:
        return !b->sym || a->sym == b->sym;
    case T_IRRATIONAL:
    case T_RANGE:
        return 1;
    case T_SYMBOL:    /* Symbol, Module */
    case T_EXCEPTION: /* one kind per exception type */
        return a->sub == b->sub;
    case TK_TYPE:
        if (!b->param)
            return 1;
        return a->param && invariant(a->param, b->param, env);
    case T_NAMEDTUPLE: /* NamedTuple{names, T}: the names equal, T invariant */
        if (b->val.type != T_TUPLE)
            return 1;
        if (!param_egal(a->val, b->val) || a->nelts != b->nelts)
            return 0;
        for (size_t i = 0; i < b->nelts; i++)
            if (!invariant(a->elts[i], b->elts[i], env))
                return 0;
        return 1;
    case TK_STRUCT:
    case TK_ABSTRACT:
        if (a->nelts < b->nelts)
            return 0;
        for (size_t i = 0; i < b->nelts; i++)
            if (!invariant(a->elts[i], b->elts[i], env))
                return 0;
        return 1;
    case TK_VARARG:
        return sub(a->param ? a->param : &type_any_obj,
                   b->param ? b->param : &type_any_obj, env) &&
               (b->ndims < 0 || a->ndims == b->ndims);
    default: {
        if (b->param && (!a->param || !invariant(a->param, b->param, env)))
            return 0;
        int nd = a->base == TA_VECTOR ? 1 : a->base == TA_MATRIX ? 2 : a->ndims;
        if (b->base == TA_VECTOR || b->base == TA_MATRIX) /* DenseVector <: AbstractVector */
            return nd == (b->base == TA_VECTOR ? 1 : 2) || a->base == b->base;
        if (b->ndims >= 0 && nd != b->ndims)
            return 0;
        return 1;
    }
    }
}

static int sub(const jc_typeobj *a, const jc_typeobj *b, type_env *env)
{
    if (a == b)
        return 1;
    if (type_is_any(b))
        return 1;
    if (a->base == TK_BOTTOM)
        return 1;
    if (type_is_union(a)) {
        for (size_t i = 0; i < a->nelts; i++)
            if (!sub(a->elts[i], b, env))
                return 0;
        return 1;
    }
    if (b->base == TK_BOTTOM)
        return 0;
    if (type_is_union(b)) {
        for (size_t i = 0; i < b->nelts; i++)
            if (sub(a, b->elts[i], env))
                return 1;
        return 0;
    }
    if (b->base == TK_TYPEVAR) {
        int r = bind_var(a, b, env);
        if (r >= 0)
            return r;
        return !b->param || sub(a, b->param, env);
    }
    if (a->base == TK_TYPEVAR)
        return sub(a->param ? a->param : &type_any_obj, b, env);
    if (a->base == TK_VALUE || b->base == TK_VALUE) /* a value is below only itself (and Any) */
        return a->base == b->base && param_egal(a->val, b->val);
    if (a->base == T_TUPLE && (a->sub == TUP_COMPOSED || a->sub == TUP_FIX2) && b->base == TA_FUNCTION)
        return 1; /* ComposedFunction, Base.Fix2 <: Function */
    if (a->base == T_TUPLE && b->base == T_TUPLE) {
        if (a->sub != b->sub)
            return 0;
        if (a->sub == TUP_PLAIN)
            return tuple_sub(a, b, env);
        if (!b->nelts) /* Pair{A, B} <: Pair; its parameters are invariant */
            return 1;
        if (a->nelts != b->nelts)
            return 0;
        for (size_t i = 0; i < b->nelts; i++)
            if (!invariant(a->elts[i], b->elts[i], env))
                return 0;
        return 1;
    }
    if (same_family(a, b))
        return params_fit(a, b, env);
    /* climb a's supertypes to b's family */
    if (b->base < T__COUNT || b->base == TK_STRUCT || b->base == TK_VARARG)
        return 0; /* concrete: only its own family holds subtypes */
    for (jc_typeobj *s = super_of(a); s; s = up_from(s))
        if (same_family(s, b)) {
            int r = params_fit(s, b, env);
            type_release(s);
            return r;
        }
    return 0;
}

int type_subtype(const jc_typeobj *t1, const jc_typeobj *t2) { return sub(t1, t2, NULL); }

/* How deeply t nests, counted up to cap: the operations over types recurse through
 * parameters, so a type is refused past TYPE_MAX_DEPTH when it is built. */
static int depth_upto(const jc_typeobj *t, int cap)
{
    if (!t || cap <= 0)
        return 0;
    int d = 0, k;
    if ((k = depth_upto(t->param, cap - 1)) > d)
        d = k;
    for (size_t i = 0; i < t->nelts && d < cap - 1; i++)
        if ((k = depth_upto(t->elts[i], cap - 1)) > d)
            d = k;
    return d + 1;
}

int type_too_deep(const jc_typeobj *t) { return depth_upto(t, TYPE_MAX_DEPTH + 1) > TYPE_MAX_DEPTH; }
int type_subtype_env(const jc_typeobj *t1, const jc_typeobj *t2, type_env *env) { return sub(t1, t2, env); }

void type_env_clear(type_env *env)
{
    for (int i = 0; i < env->n; i++) {
        type_release(env->val[i]);
        env->val[i] = NULL;
    }
}

/* isa for the common case without building typeof(v): a number, string, char ...
 * against a plain concrete or abstract type.  -1 when it does not apply. */
static int isa_fast(value v, const jc_typeobj *t)
{
    switch (v.type) {
    case T_ARRAY: case T_STRUCT: case T_TUPLE: case T_FUNCTION: case T_TYPE: case T_RANGE:
    case T_NAMEDTUPLE:
        return -1;
    default:
        break;
    }
    if (t->param || t->nelts || t->flags || t->sub || v.type >= T__COUNT)
        return -1;
    int b = t->base;
    if (is_abstract_code(b)) {
        for (int a = val_kinds[v.type].super;; a = abstract_parent[a - TA_ANY]) {
            if (a == b)
                return 1;
            if (a == TA_ANY || !is_abstract_code(a))
                return 0;
        }
    }
    if (b < T__COUNT && b != T_ARRAY && b != T_TUPLE && b != T_FUNCTION && b != T_RANGE &&
        b != T_STRUCT && b != T_NAMEDTUPLE)
        return v.type == b;
    return -1;
}

int type_isa_env(value v, const jc_typeobj *t, type_env *env)
{
    if (type_is_any(t))
        return 1;
    int fast = isa_fast(v, t);
    if (fast >= 0)
        return fast;
    if (v.type == T_TYPE) {
        if (!env) {
            jc_typeobj ty = { .base = TK_TYPE, .ndims = -1, .param = val_typeobj(v) };
            return sub(&ty, t, env);
        }
        /* a where variable may be bound to Type{X} itself (and keeps a reference): on the
         * heap, not the stack */
        jc_typeobj *ty = type_new(TK_TYPE);
        ty->param = type_retain(val_typeobj(v));
        int r = sub(ty, t, env);
        type_release(ty);
        return r;
    }
    jc_typeobj *vt = type_typeof(v);
    int r = sub(vt, t, env);
    type_release(vt);
    return r;
}

int type_isa(value v, const jc_typeobj *t) { return type_isa_env(v, t, NULL); }

int type_specificity(const jc_typeobj *t)
{
    if (t->base < TA_ANY)
        return 100 + (t->param ? 10 : 0);
    int depth = 0;
    for (int b = t->base; is_abstract_code(b) && b != TA_ANY; b = abstract_parent[b - TA_ANY])
        depth++;
    return depth;
}

/* The kind of a type: DataType, UnionAll, Union or Core.TypeofBottom. */
int type_kind(const jc_typeobj *t)
{
    if (t->base == TK_BOTTOM)
        return TK_TYPEOFBOTTOM;
    if (type_is_union(t))
        return TK_UNION;
    if (t->base == TK_TYPEVAR)
        return TK_TYPEVARKIND;
    if (type_is_unionall(t))
        return TK_UNIONALL;
    return TK_DATATYPE;
}

int type_is_unionall(const jc_typeobj *t)
{
    if (t->param && t->param->base == TK_TYPEVAR)
        return 1;
    for (size_t i = 0; i < t->nelts; i++)
        if (t->elts[i]->base == TK_TYPEVAR && t->base != T_TUPLE)
            return 1;
    switch (t->base) {
    case T_ARRAY:
        return !(t->flags & (TYPEF_BITARRAY | TYPEF_UNIFORM | TYPEF_ADJOINT | TYPEF_TRANSPOSE | TYPEF_HERMITIAN)) &&
               (!t->param || t->ndims < 0);
    case T_RATIONAL:
        return !t->param && !t->sub;
    case T_COMPLEX:
    case TK_TYPE:
        return !t->param;
    case TA_ARRAY:
    case TA_DENSE:
        return !t->param || t->ndims < 0;
    case TA_VECTOR:
    case TA_MATRIX:
    case TA_RANGE:
        return !t->param;
    case TK_STRUCT:
    case TK_ABSTRACT:
        return t->def && (size_t)t->def->nparams > t->nelts;
    default:
        return 0;
    }
}

int type_is_concrete(const jc_typeobj *t)
{
    int b = t->base;
    if (type_is_union(t) || is_abstract_code(b) || b == TK_BOTTOM || b == TK_TYPEVAR ||
        b == TK_VARARG || b == TK_ABSTRACT || b == TK_TYPE || type_is_unionall(t))
        return 0;
    if (b == T_TUPLE) {
        for (size_t i = 0; i < t->nelts; i++)
            if (!type_is_concrete(t->elts[i]))
                return 0;
        return 1;
    }
    if (b == TK_STRUCT)
        for (size_t i = 0; i < t->nelts; i++)
            if (t->elts[i]->base == TK_TYPEVAR)
                return 0;
    return 1;
}

int type_is_abstract(const jc_typeobj *t)
{
    int b = t->base;
    if (type_is_union(t) || b == TK_BOTTOM || b == TK_TYPEVAR)
        return 0;
    return is_abstract_code(b) || b == TK_ABSTRACT || b == TK_TYPE;
}

jc_typeobj *type_supertype(const jc_typeobj *t) { return super_of(t); }

void type_hierarchy(jc_ctx *ctx, sb *out, value v)
{
    jc_typeobj *t = type_typeof(v);
    type_name(ctx, out, t);
    for (jc_typeobj *s = super_of(t); s; s = up_from(s)) {
        sb_puts(out, " <: ");
        type_name(ctx, out, s);
    }
    type_release(t);
}

/* ---- array types ---- */

jc_typeobj *type_new(int base)
{
    jc_typeobj *t = obj_new(T_TYPE, sizeof *t);
    t->base = (uint8_t)base;
    t->ndims = -1;
    return t;
}

jc_typeobj *type_of_value(value v) { return type_typeof(v); }

jc_typeobj *type_typeof(value v)
{
    switch (v.type) {
    case T_ARRAY:
        return val_typeobj(type_of_array(v));
    case T_STRUCT:
        return type_retain(val_struct(v)->type);
    case T_FUNCTION: {
        jc_typeobj *t = type_new(T_FUNCTION);
        t->sym = val_func(v)->name >= 0 ? val_func(v)->name + 1 : 0;
        return t;
    }
    case T_TYPE:
        return type_new(type_kind(val_typeobj(v)));
    case T_TUPLE: {
        jc_tuple *tu = val_tuple(v);
        jc_typeobj *t = type_new(T_TUPLE);
        t->sub = v.sub;
        t->nelts = tu->n;
        t->elts = tu->n ? xcalloc(tu->n, sizeof *t->elts) : NULL;
        for (size_t i = 0; i < tu->n; i++)
            t->elts[i] = type_typeof(tu->v[i]);
        return t;
    }
    case T_NAMEDTUPLE: { /* NamedTuple{names, Tuple{…}}: the names as a tuple of symbols */
        const jc_namedtuple *nt = (const jc_namedtuple *)v.u.o;
        jc_typeobj *t = type_new(T_NAMEDTUPLE);
        t->val = v_tuple_new(nt->n);
        t->nelts = nt->n;
        t->elts = nt->n ? xcalloc(nt->n, sizeof *t->elts) : NULL;
        for (size_t i = 0; i < nt->n; i++) {
            val_tuple(t->val)->v[i] = v_symbol(nt->names[i]);
            t->elts[i] = type_typeof(nt->v[i]);
        }
        return t;
    }
    default:
        return val_typeobj(num_typeof_value(v));
    }
}

int type_number(const jc_typeobj *t, num_type *nt)
{
    if (!t)
        return 0;
    int b = t->base;
    if (b == T_COMPLEX) {
        num_type r;
        if (!t->param || !type_number(t->param, &r) || r.cplx)
            return 0;
        *nt = r;
        nt->cplx = 1;
        return 1;
    }
    if (b == T_RATIONAL) {
        if (t->sub != T_INT64 && t->sub != T_BIGINT)
            return 0;
        nt->t = T_RATIONAL;
        nt->sub = t->sub;
        nt->cplx = 0;
        return 1;
    }
    if (val_kind_is(b, VK_REAL)) { /* integers, floats, Irrational (Rational above) */
        nt->t = (uint8_t)b;
        nt->sub = b == T_IRRATIONAL ? t->sub : 0;
        nt->cplx = 0;
        return 1;
    }
    return 0;
}


int type_equal(const jc_typeobj *a, const jc_typeobj *b)
{
    if (a == b)
        return 1;
    if (!a || !b || a->base != b->base || a->flags != b->flags || a->sym != b->sym || a->def != b->def)
        return 0;
    if (a->base == TK_VALUE)
        return param_egal(a->val, b->val);
    if (a->base == T_NAMEDTUPLE && !param_egal(a->val, b->val))
        return 0;
    if ((a->base == T_RATIONAL || a->base == T_IRRATIONAL || a->base == T_RANGE ||
         a->base == T_TUPLE || a->base == T_SYMBOL || a->base == T_EXCEPTION) && a->sub != b->sub)
        return 0;
    if ((a->base == T_ARRAY || a->base == TK_VARARG || a->base == TA_ARRAY) && a->ndims != b->ndims)
        return 0;
    if ((a->param == NULL) != (b->param == NULL))
        return 0;
    if (a->param && a->base != T_RATIONAL && !type_equal(a->param, b->param))
        return 0;
    if (a->nelts != b->nelts)
        return 0;
    if (type_is_union(a)) { /* members in any order */
        for (size_t i = 0; i < a->nelts; i++) {
            int found = 0;
            for (size_t j = 0; j < b->nelts && !found; j++)
                found = type_equal(a->elts[i], b->elts[j]);
            if (!found)
                return 0;
        }
        return 1;
    }
    for (size_t i = 0; i < a->nelts; i++)
        if (!type_equal(a->elts[i], b->elts[i]))
            return 0;
    return 1;
}

jc_typeobj *type_join(const jc_typeobj *a, const jc_typeobj *b)
{
    if (type_equal(a, b) || sub(b, a, NULL))
        return type_retain(a);
    if (sub(a, b, NULL))
        return type_retain(b);
    if (type_is_union(a) || type_is_union(b)) { /* member by member */
        const jc_typeobj *u = type_is_union(a) ? a : b, *o = u == a ? b : a;
        jc_typeobj *j = type_retain(o);
        for (size_t i = 0; i < u->nelts; i++) {
            jc_typeobj *k = type_join(j, u->elts[i]);
            type_release(j);
            j = k;
        }
        return j;
    }
    if (a->base == T_TUPLE && b->base == T_TUPLE && a->sub != b->sub)
        return type_new(TA_ANY);
    if (a->base == T_TUPLE && b->base == T_TUPLE && a->sub != TUP_PLAIN) {
        /* Pair{Symbol, Int64} and Pair{Symbol, Float64}: a Pair (Julia: Pair{Symbol}),
         * never a Tuple; parameters are invariant */
        jc_typeobj *t = type_new(T_TUPLE);
        t->sub = a->sub;
        return t;
    }
    if (a->base == T_TUPLE && b->base == T_TUPLE && a->nelts == b->nelts) {
        jc_typeobj *t = type_new(T_TUPLE);
        t->nelts = a->nelts;
        t->elts = xcalloc(nz(a->nelts), sizeof *t->elts);
        for (size_t i = 0; i < a->nelts; i++)
            t->elts[i] = type_join(a->elts[i], b->elts[i]);
        return t;
    }
    if (a->base == T_TUPLE && b->base == T_TUPLE) {
        jc_typeobj *t = type_new(T_TUPLE), *v = type_new(TK_VARARG);
        t->nelts = 1;
        t->elts = xcalloc(1, sizeof *t->elts);
        t->elts[0] = v;
        return t;
    }
    if (a->base == T_RATIONAL && b->base == T_RATIONAL)
        return val_typeobj(num_type_value_base(T_RATIONAL));
    if (same_family(a, b) && (a->base < T__COUNT || a->base == TK_STRUCT)) {
        /* the same parametric type with other parameters: the parameters go free */
        jc_typeobj *t = type_new(a->base);
        t->def = a->def;
        t->flags = a->flags & b->flags;
        if (a->base == T_ARRAY && a->ndims == b->ndims)
            t->ndims = a->ndims;
        if (a->base == T_FUNCTION || a->base == T_RANGE)
            t->base = a->base == T_FUNCTION ? TA_FUNCTION : TA_RANGE;
        return t;
    }
    for (jc_typeobj *s = super_of(a); s; s = up_from(s))
        if (sub(b, s, NULL))
            return s;
    return type_new(TA_ANY);
}

/* Julia's bits types are zero-filled by jcalc's undef constructors. */
int type_is_bits(const jc_typeobj *t, num_type *nt)
{
    if (!type_number(t, nt))
        return 0;
    if (nt->t == T_BIGINT || nt->t == T_BIGFLOAT || nt->t == T_IRRATIONAL)
        return 0;
    if (nt->t == T_RATIONAL && nt->sub == T_BIGINT)
        return 0;
    return 1;
}

/* Julia's order of Union members (jltypes.c): singleton types, then isbits types,
 * then other DataTypes, then UnionAlls and variables; within a class by module name,
 * then type name. */
static int union_class(const jc_typeobj *t)
{
    num_type nt;
    int b = t->base;
    if (b == T_NOTHING || b == T_IRRATIONAL || b == T_ROUNDMODE || (b == T_FUNCTION && t->sym))
        return 0;
    if (b == TK_STRUCT && t->def && !t->def->nfields && !t->def->mutable_)
        return 0;
    if (b == TK_TYPEVAR || type_is_unionall(t))
        return 3;
    if (b == T_CHAR || type_is_bits(t, &nt))
        return 1;
    return 2;
}

static const char *type_module(const jc_typeobj *t)
{
    switch (t->base) {
    case T_BIGINT: case T_BIGFLOAT: case T_RATIONAL: case T_COMPLEX: case T_IRRATIONAL:
    case T_RANGE: case T_ROUNDMODE: case TA_IRRATIONAL: case TA_RANGE:
        return "Base";
    case TK_STRUCT: case TK_ABSTRACT:
        return t->def && t->def->in_base ? "Base" : "Main";
    default:
        return "Core";
    }
}

/* The name of t's type name (Array for Vector{Int64}, Complex for ComplexF64). */
static void type_typename(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    if (t->base == T_ARRAY && !(t->flags & (TYPEF_BITARRAY | TYPEF_UNIFORM | TYPEF_ADJOINT | TYPEF_TRANSPOSE | TYPEF_HERMITIAN)))
        sb_puts(out, "Array");
    else if (t->base == T_COMPLEX)
        sb_puts(out, "Complex");
    else {
        sb full = { 0 };
        type_name(ctx, &full, t);
        const char *s = sb_str(&full), *brace = strchr(s, '{');
        sb_put(out, s, brace ? (size_t)(brace - s) : strlen(s));
        sb_free(&full);
    }
}

static int union_before(jc_ctx *ctx, const jc_typeobj *x, const jc_typeobj *y, const char *nx, const char *ny)
{
    int cx = union_class(x), cy = union_class(y);
    if (cx != cy)
        return cx < cy;
    int m = strcmp(type_module(x), type_module(y));
    if (m)
        return m < 0;
    sb a = { 0 }, b = { 0 };
    type_typename(ctx, &a, x);
    type_typename(ctx, &b, y);
    int c = strcmp(sb_str(&a), sb_str(&b));
    sb_free(&a);
    sb_free(&b);
    if (c)
        return c < 0;
    /* Julia compares the first three parameters and gives up (keeps the written order)
     * at one that is a value: Union{Val{2}, Val{1}} stays so */
    if (x->base == y->base && (x->base == TK_STRUCT || x->base == TK_ABSTRACT) && x->nelts == y->nelts)
        for (size_t i = 0; i < x->nelts && i < 3; i++)
            if (!type_equal(x->elts[i], y->elts[i])) {
                if (x->elts[i]->base == TK_VALUE || y->elts[i]->base == TK_VALUE)
                    return 0;
                break;
            }
    return strcmp(nx, ny) < 0;
}

static void tuple_name(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    size_t n = t->nelts;
    if (n == 1 && is_vararg(t->elts[0]) && !t->elts[0]->param && t->elts[0]->ndims < 0) {
        sb_puts(out, "Tuple");
        return;
    }
    /* more than 3 identical trailing parameters print as NTuple or Vararg */
    size_t same = 0;
    if (n > 3 && !is_vararg(t->elts[n - 1])) {
        same = 1;
        while (same < n && type_equal(t->elts[n - 1 - same], t->elts[n - 1]))
            same++;
    }
    if (same > 3 && same == n) {
        sb_printf(out, "NTuple{%zu, ", n);
        type_name(ctx, out, t->elts[0]);
        sb_putc(out, '}');
        return;
    }
    size_t upto = same > 3 ? n - same : n;
    sb_puts(out, "Tuple{");
    for (size_t i = 0; i < upto; i++) {
        if (i)
            sb_puts(out, ", ");
        type_name(ctx, out, t->elts[i]);
    }
    if (same > 3) {
        if (upto)
            sb_puts(out, ", ");
        sb_puts(out, "Vararg{");
        type_name(ctx, out, t->elts[n - 1]);
        sb_printf(out, ", %zu}", same);
    }
    sb_putc(out, '}');
}

void type_where_suffix(jc_ctx *ctx, sb *out, jc_typeobj *const *vars, int n)
{
    if (!n)
        return;
    sb_puts(out, n > 1 ? " where {" : " where ");
    for (int i = 0; i < n; i++) {
        const jc_typeobj *v = vars[i];
        if (i)
            sb_puts(out, ", ");
        sb_puts(out, v->sym ? sym_name(ctx, v->sym - 1) : "?");
        if (v->param && !type_is_any(v->param)) {
            sb_puts(out, "<:");
            type_name(ctx, out, v->param);
        }
    }
    if (n > 1)
        sb_putc(out, '}');
}

/* The names of the types that are not kinds of values. */
static int special_type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    switch (t->base) {
    case TK_BOTTOM:
        sb_puts(out, "Union{}");
        return 1;
    case TK_TYPE:
        sb_puts(out, "Type");
        if (t->param) {
            sb_putc(out, '{');
            type_name(ctx, out, t->param);
            sb_putc(out, '}');
        }
        return 1;
    case TK_TYPEVAR:
        if (t->sym)
            sb_puts(out, sym_name(ctx, t->sym - 1));
        else {
            sb_puts(out, "<:");
            type_name(ctx, out, t->param);
        }
        return 1;
    case TK_VARARG:
        sb_puts(out, "Vararg");
        if (t->param || t->ndims >= 0) {
            sb_putc(out, '{');
            type_name(ctx, out, t->param);
            if (t->ndims >= 0)
                sb_printf(out, ", %d", t->ndims);
            sb_putc(out, '}');
        }
        return 1;
    case TK_VALUE: /* its repr, rendered when it was made */
        sb_puts(out, t->sym ? sym_name(ctx, t->sym - 1) : "?");
        return 1;
    case TK_STRUCT:
    case TK_ABSTRACT:
        sb_puts(out, t->def ? sym_name(ctx, t->def->name) : "?");
        if (t->nelts) {
            /* trailing unconstrained parameters are dropped (Pair{1, <:Any} is Pair{1}) */
            size_t n = t->nelts;
            while (n && t->elts[n - 1]->base == TK_TYPEVAR && !t->elts[n - 1]->sym && type_is_any(t->elts[n - 1]->param))
                n--;
            if (n) {
                sb_putc(out, '{');
                for (size_t i = 0; i < n; i++) {
                    if (i)
                        sb_puts(out, ", ");
                    type_name(ctx, out, t->elts[i]);
                }
                sb_putc(out, '}');
            }
        }
        return 1;
    case TA_VECTOR:
    case TA_MATRIX:
    case TA_RANGE:
    case TA_ARRAY:
    case TA_DENSE:
        if ((t->base == TA_ARRAY || t->base == TA_DENSE) && (t->ndims == 1 || t->ndims == 2))
            sb_puts(out, t->base == TA_DENSE ? (t->ndims == 1 ? "DenseVector" : "DenseMatrix")
                                             : (t->ndims == 1 ? "AbstractVector" : "AbstractMatrix"));
        else
            sb_puts(out, type_abstract_name(t->base));
        if (t->param) {
            sb_putc(out, '{');
            type_name(ctx, out, t->param);
            if ((t->base == TA_ARRAY || t->base == TA_DENSE) && t->ndims >= 3)
                sb_printf(out, ", %d", t->ndims);
            sb_putc(out, '}');
        }
        return 1;
    default:
        if (is_kind_code(t->base)) {
            sb_puts(out, kind_names[t->base - TK_BOTTOM]);
            return 1;
        }
        return 0;
    }
}

/* Flags of an array type value that name its wrapper or storage. */

static void other_type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t);

/* Pair and ComposedFunction are tuples with a sub tag (value.h). */
static const char *tuple_kind_name(int sub)
{
    return sub == TUP_PAIR ? "Pair" : sub == TUP_COMPOSED ? "ComposedFunction" :
           sub == TUP_FIX2 ? "Base.Fix2" : "Tuple";
}

void type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    if (!t) {
        sb_puts(out, "Any");
        return;
    }
    if (type_is_union(t)) {
        size_t n = t->nelts;
        sb *names = xcalloc(nz(n), sizeof *names);
        int *ord = xcalloc(nz(n), sizeof *ord);
        for (size_t i = 0; i < n; i++) {
            type_name(ctx, &names[i], t->elts[i]);
            ord[i] = (int)i;
        }
        for (size_t i = 1; i < n; i++) /* a stable insertion sort, as Julia's */
            for (size_t j = i; j > 0; j--) {
                int a = ord[j - 1], b = ord[j];
                if (!union_before(ctx, t->elts[b], t->elts[a], sb_str(&names[b]), sb_str(&names[a])))
                    break;
                ord[j - 1] = b;
                ord[j] = a;
            }
        sb_puts(out, "Union{");
        for (size_t i = 0; i < n; i++) {
            if (i)
                sb_puts(out, ", ");
            sb_puts(out, sb_str(&names[ord[i]]));
        }
        sb_putc(out, '}');
        for (size_t i = 0; i < n; i++)
            sb_free(&names[i]);
        free(names);
        free(ord);
        return;
    }
    if (special_type_name(ctx, out, t))
        return;
    if (t->base >= TA_ANY) {
        const char *name = type_abstract_name(t->base);
        sb_puts(out, name ? name : "Any");
        return;
    }
    switch (t->base) {
    case T_ARRAY:
        if (t->flags & TYPEF_BITARRAY) {
            if (t->ndims == 1 || t->ndims == 2)
                sb_puts(out, t->ndims == 1 ? "BitVector" : "BitMatrix");
            else
                sb_printf(out, "BitArray{%d}", t->ndims);
            return;
        }
        if (t->flags & TYPEF_UNIFORM) {
            sb_puts(out, "UniformScaling{");
            type_name(ctx, out, t->param);
            sb_putc(out, '}');
            return;
        }
        if (t->flags & (TYPEF_ADJOINT | TYPEF_TRANSPOSE)) { /* of a vector */
            sb_puts(out, (t->flags & TYPEF_ADJOINT) ? "Adjoint{" : "Transpose{");
            type_name(ctx, out, t->param);
            sb_puts(out, ", Vector{");
            type_name(ctx, out, t->param);
            sb_puts(out, "}}");
            return;
        }
        if (t->flags & TYPEF_HERMITIAN) {
            sb_puts(out, "Hermitian{");
            type_name(ctx, out, t->param);
            sb_puts(out, ", Matrix{");
            type_name(ctx, out, t->param);
            sb_puts(out, "}}");
            return;
        }
        if (t->ndims == 1 || t->ndims == 2) {
            sb_puts(out, t->ndims == 1 ? "Vector" : "Matrix");
            if (t->param) {
                sb_putc(out, '{');
                type_name(ctx, out, t->param);
                sb_putc(out, '}');
            }
            return;
        }
        sb_puts(out, "Array");
        if (t->param) {
            sb_putc(out, '{');
            type_name(ctx, out, t->param);
            if (t->ndims >= 0)
                sb_printf(out, ", %d", t->ndims);
            sb_putc(out, '}');
        }
        return;
    default:
        other_type_name(ctx, out, t);
        return;
    }
}


value type_of_array(value v)
{
    jc_array *a = val_array(v);
    jc_typeobj *t = type_new(T_ARRAY);
    t->ndims = a->nd;
    t->nparams = 1;
    t->param = type_retain(a->et);
    if (a->kind == ARR_UNIFORM)
        t->flags |= TYPEF_UNIFORM;
    else if (a->kind == ARR_ADJVEC)
        t->flags |= TYPEF_ADJOINT;
    else if (a->kind == ARR_TRANSVEC)
        t->flags |= TYPEF_TRANSPOSE;
    else if (a->kind == ARR_HERMITIAN)
        t->flags |= TYPEF_HERMITIAN;
    if (a->bits)
        t->flags |= TYPEF_BITARRAY;
    return v_obj(T_TYPE, 0, &t->h);
}


/* ---- type names ---- */

/* The names of the kinds type_name leaves to this: numbers, tuples, ranges ... */
static void other_type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    if (type_abstract_name(t->base)) { /* Real, Integer, AbstractFloat ... */
        sb_puts(out, type_abstract_name(t->base));
        return;
    }
    switch (t->base) {
    case T_RATIONAL:
        sb_puts(out, "Rational");
        if (t->param) {
            sb_putc(out, '{');
            type_name(ctx, out, t->param);
            sb_putc(out, '}');
        }
        return;
    case T_COMPLEX:
        if (!t->param) {
            sb_puts(out, "Complex");
            return;
        }
        if (val_kind_is(t->param->base, VK_HWFLOAT)) {
            sb_printf(out, "ComplexF%d", t->param->base == T_FLOAT16 ? 16 : t->param->base == T_FLOAT32 ? 32 : 64);
            return;
        }
        sb_puts(out, "Complex{");
        type_name(ctx, out, t->param);
        sb_putc(out, '}');
        return;
    case T_IRRATIONAL:
        sb_printf(out, "Irrational{:%s}", num_irrational_name(t->sub));
        return;
    case T_TUPLE:
        if (t->sub != TUP_PLAIN) { /* Pair{A, B}, ComposedFunction{O, I} */
            sb_puts(out, tuple_kind_name(t->sub));
            if (!t->nelts)
                return;   /* Pair, ComposedFunction as themselves */
            sb_putc(out, '{');
            for (size_t i = 0; i < t->nelts; i++) {
                if (i)
                    sb_puts(out, ", ");
                type_name(ctx, out, t->elts[i]);
            }
            sb_putc(out, '}');
            return;
        }
        tuple_name(ctx, out, t);
        return;
    case T_FUNCTION:
        if (t->sym && sym_name(ctx, t->sym - 1)[0] == '#') {
            /* an anonymous function's type: var"#1#2", its method table's name and the
             * next of the session's counter */
            const char *nm = sym_name(ctx, t->sym - 1);
            sb_printf(out, "var\"%s#%ld\"", nm, strtol(nm + 1, NULL, 10) + 1);
        } else if (t->sym)
            sb_printf(out, "typeof(%s)", sym_name(ctx, t->sym - 1));
        else
            sb_puts(out, "Function");
        return;
    case T_ARRAY: /* Vector{T}, BitMatrix, Hermitian{...}: the array module names them */
        type_name(ctx, out, t);
        return;
    case T_RANGE: { /* sub: 1 + the range's kind, 0 when not known; param: the element type */
        sb e = { 0 };
        if (t->param)
            type_name(ctx, &e, t->param);
        else
            sb_puts(&e, t->sub == 1 + RANGE_FLOAT ? "Float64" : t->sub == 1 + RANGE_CHAR_TYPE ? "Char" : "Int64");
        const char *en = sb_str(&e);
        if (t->sub == 1 + RANGE_STEP || t->sub == 1 + RANGE_CHAR_TYPE) {
            sb_printf(out, "StepRange{%s, ", en);
            if (t->nelts == 1)
                type_name(ctx, out, t->elts[0]);
            else
                sb_puts(out, t->sub == 1 + RANGE_STEP ? en : "Int64");
            sb_putc(out, '}');
        } else if (t->sub == 1 + RANGE_FLOAT && !strcmp(en, "Float64"))
            sb_puts(out, "StepRangeLen{Float64, Base.TwicePrecision{Float64}, "
                         "Base.TwicePrecision{Float64}, Int64}");
        else if (t->sub == 1 + RANGE_FLOAT)
            sb_printf(out, "StepRangeLen{%s, Float64, Float64, Int64}", en);
        else if (t->sub == 1 + RANGE_LEN)
            sb_printf(out, "StepRangeLen{%s, %s, %s, Int64}", en, en, en);
        else
            sb_printf(out, "UnitRange{%s}", en);
        sb_free(&e);
        return;
    }
    case T_ROUNDMODE:
        sb_printf(out, "RoundingMode{:%s}", t->sub < RM__COUNT ? num_roundmode_names[t->sub] : "Nearest");
        return;
    case T_EXCEPTION:
        sb_puts(out, exc_table[t->sub < EXC__COUNT ? t->sub : 0].name);
        return;
    case T_SYMBOL:
        sb_puts(out, t->sub == SYM_MODULE ? "Module" : "Symbol");
        return;
    case T_NAMEDTUPLE: /* @NamedTuple{a::Int64, b}: a field of type Any without ::Any */
        if (t->val.type != T_TUPLE) {
            sb_puts(out, "NamedTuple");
            return;
        }
        sb_puts(out, "@NamedTuple{");
        for (size_t i = 0; i < t->nelts && i < val_tuple(t->val)->n; i++) {
            sb_printf(out, "%s%s", i ? ", " : "", sym_name(ctx, (int)val_tuple(t->val)->v[i].u.i));
            if (!type_is_any(t->elts[i])) {
                sb_puts(out, "::");
                type_name(ctx, out, t->elts[i]);
            }
        }
        sb_putc(out, '}');
        return;
    default:
        sb_puts(out, num_type_basename((jc_type)t->base));
        return;
    }
}

void type_name_of(jc_ctx *ctx, sb *out, value v)
{
    num_type t;
    if (num_typeof(v, &t) == 0) {
        num_type_name(out, t);
        return;
    }
    switch (v.type) {
    case T_TUPLE: {
        jc_typeobj *t = type_typeof(v);
        type_name(ctx, out, t);
        type_release(t);
        return;
    }
    case T_ARRAY: {
        value tv = type_of_array(v);
        type_name(ctx, out, val_typeobj(tv));
        val_release(tv);
        return;
    }
    case T_FUNCTION: {
        jc_func *f = val_func(v);
        if (f->name >= 0)
            sb_printf(out, "typeof(%s)", sym_name(ctx, f->name));
        else
            sb_puts(out, "Function");
        return;
    }
    case T_RANGE: {
        value tv = num_typeof_value(v);
        type_name(ctx, out, val_typeobj(tv));
        val_release(tv);
        return;
    }
    case T_TYPE:
        sb_puts(out, kind_names[type_kind(val_typeobj(v)) - TK_BOTTOM]);
        return;
    case T_STRUCT:
        type_name(ctx, out, val_struct(v)->type);
        return;
    case T_ROUNDMODE:
        sb_printf(out, "RoundingMode{:%s}",
                  v.u.i >= 0 && v.u.i < RM__COUNT ? num_roundmode_names[v.u.i] : "Nearest");
        return;
    case T_EXCEPTION:
        sb_puts(out, exc_table[v.sub < EXC__COUNT ? v.sub : 0].name);
        return;
    case T_SYMBOL:
        sb_puts(out, v.sub == SYM_MODULE ? "Module" : "Symbol");
        return;
    case T_NAMEDTUPLE: {
        jc_typeobj *t = type_typeof(v);
        type_name(ctx, out, t);
        type_release(t);
        return;
    }
    default:
        sb_puts(out, num_type_basename((jc_type)v.type));
        return;
    }
}
