/* typefuncs.c — types as values: typeof, supertype, typejoin, promote_type,
 * typeintersect, the predicates (isconcretetype ...), fields (fieldnames, getfield,
 * setfield!), and methods(f). */
#include <string.h>

#include "array.h"
#include "eval.h"
#include "lib/lib.h"
#include "num/num.h"
#include "types.h"

static int need_type(jc_ctx *ctx, const char *fname, const jc_args *a, int i)
{
    if (a->v[i].type == T_TYPE)
        return 0;
    return lib_no_method(ctx, fname, a);
}

static value tv(jc_typeobj *t) { return v_obj(T_TYPE, 0, &t->h); }

static int bi_typeof(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    *out = tv(type_typeof(a->v[0]));
    return 0;
}

static int bi_supertype(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "supertype", a, 0) < 0)
        return -1;
    const jc_typeobj *t = val_typeobj(a->v[0]);
    if (type_is_union(t) || t->base == TK_BOTTOM || t->base == TK_TYPEVAR) {
        sb b = { 0 };
        sb_puts(&b, "no method matching supertype(::Type{");
        type_name(ctx, &b, t);
        sb_puts(&b, "})");
        err_throw(ctx, ERR_METHOD, a->site, "%s", sb_str(&b));
        sb_free(&b);
        return -1;
    }
    jc_typeobj *s = type_supertype(t);
    *out = s ? tv(s) : tv(type_new(TA_ANY));
    return 0;
}

static int bi_supertypes(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "supertypes", a, 0) < 0)
        return -1;
    jc_typeobj *chain[64];
    int n = 0;
    chain[n++] = type_retain(val_typeobj(a->v[0]));
    while (n < 64) {
        const jc_typeobj *t = chain[n - 1];
        if (type_is_any(t))
            break;
        jc_typeobj *s = type_supertype(t);
        if (!s)
            break;
        chain[n++] = s;
    }
    value r = v_tuple_new((size_t)n);
    for (int i = 0; i < n; i++)
        val_tuple(r)->v[i] = tv(chain[i]);
    *out = r;
    return 0;
}

static int bi_typejoin(jc_ctx *ctx, value *out, const jc_args *a)
{
    jc_typeobj *j = type_new(TK_BOTTOM);
    for (int i = 0; i < a->n; i++) {
        if (need_type(ctx, "typejoin", a, i) < 0) {
            type_release(j);
            return -1;
        }
        jc_typeobj *k = j->base == TK_BOTTOM ? type_retain(val_typeobj(a->v[i]))
                                             : type_join(j, val_typeobj(a->v[i]));
        type_release(j);
        j = k;
    }
    *out = tv(j);
    return 0;
}

static jc_typeobj *promote2(const jc_typeobj *x, const jc_typeobj *y)
{
    num_type nx, ny;
    if (type_equiv(x, y))
        return type_retain(x);
    if (x->base == TK_BOTTOM)
        return type_retain(y);
    if (y->base == TK_BOTTOM)
        return type_retain(x);
    if (type_number(x, &nx) && type_number(y, &ny))
        return val_typeobj(num_type_value(num_promote_type(nx, ny)));
    return type_join(x, y);
}

static int bi_promote_type(jc_ctx *ctx, value *out, const jc_args *a)
{
    jc_typeobj *j = type_new(TK_BOTTOM);
    for (int i = 0; i < a->n; i++) {
        if (need_type(ctx, "promote_type", a, i) < 0) {
            type_release(j);
            return -1;
        }
        jc_typeobj *k = promote2(j, val_typeobj(a->v[i]));
        type_release(j);
        j = k;
    }
    *out = tv(j);
    return 0;
}

/* typeintersect for the simple cases: one below the other, Unions member by member,
 * tuples element by element; unrelated types meet in Union{}. */
static jc_typeobj *intersect(const jc_typeobj *x, const jc_typeobj *y)
{
    if (type_subtype(x, y))
        return type_retain(x);
    if (type_subtype(y, x))
        return type_retain(y);
    if (type_is_union(x) || type_is_union(y)) {
        const jc_typeobj *u = type_is_union(x) ? x : y, *o = u == x ? y : x;
        jc_typeobj *r = type_new(TK_BOTTOM);
        for (size_t i = 0; i < u->nelts; i++) {
            jc_typeobj *m = intersect(u->elts[i], o);
            if (m->base != TK_BOTTOM) {
                if (r->base == TK_BOTTOM) {
                    type_release(r);
                    r = m;
                    continue;
                }
                jc_typeobj *un = type_new(TA_ANY);
                un->flags = ARR_TYPEF_UNION;
                size_t n = type_is_union(r) ? r->nelts : 1;
                un->elts = xcalloc(n + 1, sizeof *un->elts);
                for (size_t k = 0; k < n; k++)
                    un->elts[un->nelts++] = type_retain(type_is_union(r) ? r->elts[k] : r);
                un->elts[un->nelts++] = m;
                type_release(r);
                r = un;
                continue;
            }
            type_release(m);
        }
        return r;
    }
    if (x->base == T_TUPLE && y->base == T_TUPLE && x->nelts == y->nelts) {
        jc_typeobj *t = type_new(T_TUPLE);
        t->elts = xcalloc(nz(x->nelts), sizeof *t->elts);
        for (size_t i = 0; i < x->nelts; i++) {
            jc_typeobj *e = intersect(x->elts[i], y->elts[i]);
            t->elts[t->nelts++] = e;
            if (e->base == TK_BOTTOM) {
                type_release(t);
                return type_new(TK_BOTTOM);
            }
        }
        return t;
    }
    return type_new(TK_BOTTOM);
}

static int bi_typeintersect(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "typeintersect", a, 0) < 0 || need_type(ctx, "typeintersect", a, 1) < 0)
        return -1;
    *out = tv(intersect(val_typeobj(a->v[0]), val_typeobj(a->v[1])));
    return 0;
}

static int is_primitive(const jc_typeobj *t)
{
    switch (t->base) {
    case T_BOOL: case T_INT64: case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64:
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: case T_CHAR:
        return 1;
    default:
        return 0;
    }
}

static int is_mutable_type(const jc_typeobj *t)
{
    if (t->base == TK_STRUCT)
        return t->def && t->def->mutable_;
    return t->base == T_ARRAY || t->base == T_BIGINT || t->base == T_BIGFLOAT;
}

static int is_bits_type(const jc_typeobj *t, int depth)
{
    num_type nt;
    if (depth > 32 || !type_is_concrete(t))
        return 0;
    if (is_primitive(t) || t->base == T_NOTHING || (t->base == T_FUNCTION && t->sym) ||
        t->base == T_IRRATIONAL || t->base == T_ROUNDMODE)
        return 1;
    if (t->base == T_RATIONAL || t->base == T_COMPLEX)
        return type_is_bits(t, &nt);
    if (t->base == T_TUPLE) {
        for (size_t i = 0; i < t->nelts; i++)
            if (!is_bits_type(t->elts[i], depth + 1))
                return 0;
        return 1;
    }
    if (t->base == TK_STRUCT && t->def && !t->def->mutable_) {
        const jc_typedef *d = t->def;
        for (int i = 0; i < d->nfields; i++) {
            const jc_typeobj *ft = d->ftypes[i];
            if (ft && ft->base == TK_TYPEVAR)
                for (int k = 0; k < d->nparams; k++)
                    if (d->pvars[k] == ft)
                        ft = (size_t)k < t->nelts ? t->elts[k] : NULL;
            if (!ft || !is_bits_type(ft, depth + 1))
                return 0;
        }
        return 1;
    }
    return 0;
}

enum { P_CONCRETE, P_ABSTRACT, P_STRUCT, P_PRIMITIVE, P_MUTABLETYPE, P_BITSTYPE };

static int bi_typepred(jc_ctx *ctx, value *out, const jc_args *a)
{
    static const char *const names[] = { "isconcretetype", "isabstracttype", "isstructtype",
                                         "isprimitivetype", "ismutabletype", "isbitstype" };
    int which = (int)(intptr_t)a->data;
    if (a->v[0].type != T_TYPE) {
        if (which == P_CONCRETE || which == P_BITSTYPE || which == P_STRUCT || which == P_PRIMITIVE) {
            *out = v_bool(0); /* Julia's are false for a non-type */
            return 0;
        }
        return lib_no_method(ctx, names[which], a);
    }
    const jc_typeobj *t = val_typeobj(a->v[0]);
    int r = 0;
    switch (which) {
    case P_CONCRETE: r = type_is_concrete(t); break;
    case P_ABSTRACT: r = type_is_abstract(t); break;
    case P_STRUCT: r = type_kind(t) == TK_DATATYPE && !type_is_abstract(t) && !is_primitive(t); break;
    case P_PRIMITIVE: r = is_primitive(t); break;
    case P_MUTABLETYPE: r = type_kind(t) == TK_DATATYPE && is_mutable_type(t); break;
    case P_BITSTYPE: r = is_bits_type(t, 0); break;
    }
    *out = v_bool(r);
    return 0;
}

static int bi_ismutable(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    jc_typeobj *t = type_typeof(a->v[0]);
    *out = v_bool(is_mutable_type(t) || a->v[0].type == T_STRING);
    type_release(t);
    return 0;
}

static int bi_isbits(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    jc_typeobj *t = type_typeof(a->v[0]);
    *out = v_bool(is_bits_type(t, 0));
    type_release(t);
    return 0;
}

/* The field names of a type: 0 with *n set and names filled (up to max), -1 with an
 * error pending. */
static int field_names(jc_ctx *ctx, const jc_typeobj *t, int *names, int max, int *n,
                       const jc_args *a)
{
    static const char *const rat[] = { "num", "den" }, *const cpx[] = { "re", "im" };
    *n = 0;
    if (t->base == TK_BOTTOM)
        return err_throw(ctx, ERR_ARGUMENT, a->site,
                         "The empty type does not have field names since it does not have instances.");
    if (t->base == TK_STRUCT && t->def) {
        for (int i = 0; i < t->def->nfields && i < max; i++)
            names[(*n)++] = t->def->fnames[i];
        return 0;
    }
    if (t->base == T_RATIONAL || t->base == T_COMPLEX) {
        const char *const *s = t->base == T_RATIONAL ? rat : cpx;
        for (int i = 0; i < 2; i++)
            names[(*n)++] = sym_intern(ctx, s[i], strlen(s[i]));
        return 0;
    }
    if (t->base == T_TUPLE && type_is_concrete(t)) {
        *n = -(int)t->nelts; /* positions */
        return 0;
    }
    if (type_is_abstract(t) || type_is_union(t) || type_is_unionall(t)) {
        sb b = { 0 };
        type_name(ctx, &b, t);
        err_throw(ctx, ERR_ARGUMENT, a->site, "type does not have a definite number of fields");
        sb_free(&b);
        return -1;
    }
    return 0;
}

static int bi_fieldnames(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "fieldnames", a, 0) < 0)
        return -1;
    int names[256], n;
    if (field_names(ctx, val_typeobj(a->v[0]), names, 256, &n, a) < 0)
        return -1;
    int pos = n < 0;
    if (pos)
        n = -n;
    value r = v_tuple_new((size_t)n);
    for (int i = 0; i < n; i++)
        val_tuple(r)->v[i] = pos ? v_int(i + 1) : (value){ T_SYMBOL, 0, { .i = names[i] } };
    *out = r;
    return 0;
}

static int bi_fieldcount(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "fieldcount", a, 0) < 0)
        return -1;
    int names[256], n;
    if (field_names(ctx, val_typeobj(a->v[0]), names, 256, &n, a) < 0)
        return -1;
    *out = v_int(n < 0 ? -n : n);
    return 0;
}

static int bi_nfields(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_STRUCT)
        *out = v_int((int64_t)val_struct(x)->n);
    else if (x.type == T_TUPLE)
        *out = v_int((int64_t)val_tuple(x)->n);
    else if (x.type == T_RATIONAL || x.type == T_COMPLEX)
        *out = v_int(2);
    else
        *out = v_int(0);
    (void)ctx;
    return 0;
}

/* getfield(x, :f) and getfield(x, i) */
static int bi_getfield(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], f = a->v[1];
    if (f.type == T_SYMBOL)
        return eval_getfield(ctx, out, x, sym_name(ctx, (int)f.u.i), a->site);
    if (f.type == T_INT64) {
        int64_t i = f.u.i;
        size_t n = x.type == T_STRUCT ? val_struct(x)->n : x.type == T_TUPLE ? val_tuple(x)->n : 0;
        if (i < 1 || (uint64_t)i > n)
            return err_throw(ctx, ERR_BOUNDS, a->site, "attempt to access field %lld", (long long)i);
        if (x.type == T_TUPLE) {
            *out = val_retain(val_tuple(x)->v[i - 1]);
            return 0;
        }
        const jc_typedef *d = val_struct(x)->type->def;
        return eval_getfield(ctx, out, x, sym_name(ctx, d->fnames[i - 1]), a->site);
    }
    return lib_no_method(ctx, "getfield", a);
}

static int bi_setfield(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[1].type != T_SYMBOL)
        return lib_no_method(ctx, "setfield!", a);
    if (eval_setfield(ctx, a->v[0], sym_name(ctx, (int)a->v[1].u.i), a->v[2], a->site) < 0)
        return -1;
    *out = val_retain(a->v[2]);
    return 0;
}

static int bi_hasfield(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "hasfield", a, 0) < 0)
        return -1;
    if (a->v[1].type != T_SYMBOL)
        return lib_no_method(ctx, "hasfield", a);
    int names[256], n;
    if (field_names(ctx, val_typeobj(a->v[0]), names, 256, &n, a) < 0)
        return -1;
    int found = 0;
    for (int i = 0; i < n; i++)
        found |= names[i] == (int)a->v[1].u.i;
    *out = v_bool(found);
    return 0;
}

/* fieldtype(T, :f) / fieldtypes(T): the declared types, parameters applied */
static int field_types(jc_ctx *ctx, const jc_args *a, jc_typeobj **out, int max, int *n)
{
    const jc_typeobj *t = val_typeobj(a->v[0]);
    *n = 0;
    if (t->base == TK_STRUCT && t->def) {
        const jc_typedef *d = t->def;
        for (int i = 0; i < d->nfields && i < max; i++) {
            const jc_typeobj *ft = d->ftypes[i];
            for (int k = 0; ft && k < d->nparams; k++)
                if (d->pvars[k] == ft && (size_t)k < t->nelts)
                    ft = t->elts[k];
            out[(*n)++] = ft ? type_retain(ft) : type_new(TA_ANY);
        }
        return 0;
    }
    if ((t->base == T_RATIONAL || t->base == T_COMPLEX) && t->param) {
        out[0] = type_retain(t->param);
        out[1] = type_retain(t->param);
        *n = 2;
        return 0;
    }
    if (t->base == T_TUPLE && type_is_concrete(t)) {
        for (size_t i = 0; i < t->nelts && (int)i < max; i++)
            out[(*n)++] = type_retain(t->elts[i]);
        return 0;
    }
    int names[2], k;
    return field_names(ctx, t, names, 0, &k, a) < 0 ? -1 : 0;
}

static int bi_fieldtypes(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "fieldtypes", a, 0) < 0)
        return -1;
    jc_typeobj *ts[256];
    int n;
    if (field_types(ctx, a, ts, 256, &n) < 0)
        return -1;
    value r = v_tuple_new((size_t)n);
    for (int i = 0; i < n; i++)
        val_tuple(r)->v[i] = tv(ts[i]);
    *out = r;
    return 0;
}

static int bi_fieldtype(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (need_type(ctx, "fieldtype", a, 0) < 0)
        return -1;
    jc_typeobj *ts[256];
    int names[256], n, k;
    if (field_types(ctx, a, ts, 256, &n) < 0)
        return -1;
    int idx = -1;
    if (a->v[1].type == T_INT64 && a->v[1].u.i >= 1 && a->v[1].u.i <= n)
        idx = (int)a->v[1].u.i - 1;
    else if (a->v[1].type == T_SYMBOL && field_names(ctx, val_typeobj(a->v[0]), names, 256, &k, a) == 0)
        for (int i = 0; i < k && i < n; i++)
            if (names[i] == (int)a->v[1].u.i)
                idx = i;
    for (int i = 0; i < n; i++)
        if (i != idx)
            type_release(ts[i]);
    if (idx < 0) {
        sb b = { 0 };
        type_name(ctx, &b, val_typeobj(a->v[0]));
        if (a->v[1].type == T_SYMBOL)
            err_throw(ctx, ERR_ERROR, a->site, "type %s has no field %s", sb_str(&b), sym_name(ctx, (int)a->v[1].u.i));
        else
            err_throw(ctx, ERR_BOUNDS, a->site, "attempt to access field %lld", (long long)a->v[1].u.i);
        sb_free(&b);
        return -1;
    }
    *out = tv(ts[idx]);
    return 0;
}

/* eltype of a tuple (type): its element types joined as promote_typejoin does
 * (Nothing stays apart: Union{Nothing, Int64}); of AbstractVector{T} and kin: T. */
static int bi_eltype_types(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_NAMEDTUPLE) { /* its values' tuple's */
        const jc_namedtuple *nt = (const jc_namedtuple *)x.u.o;
        value tup = v_tuple_new(nt->n);
        for (size_t i = 0; i < nt->n; i++)
            val_tuple(tup)->v[i] = val_retain(nt->v[i]);
        jc_args b = *a;
        b.v = &tup;
        int r = bi_eltype_types(ctx, out, &b);
        val_release(tup);
        return r;
    }
    /* Julia's fallbacks: a number iterates itself once, a string its characters, and
     * what says nothing of its elements has eltype Any. */
    if (x.type == T_ARRAY || x.type == T_RANGE || x.type == T_REGEXMATCH)
        return LIB_DECLINE;
    if (x.type != T_TUPLE && x.type != T_TYPE) {
        if (num_is_number(x))
            *out = num_typeof_value(x);
        else
            *out = tv(type_new(x.type == T_STRING || x.type == T_CHAR ? T_CHAR : TA_ANY));
        return 0;
    }
    jc_typeobj *t = x.type == T_TUPLE ? type_typeof(x) : type_retain(val_typeobj(x));
    int b = t->base;
    if ((b == TA_ARRAY || b == TA_VECTOR || b == TA_MATRIX || b == TA_RANGE || b == TA_DENSE) && t->param) {
        *out = tv(type_retain(t->param));
        type_release(t);
        return 0;
    }
    if (b == T_ARRAY || b == T_RANGE || b == TK_BOTTOM || b == T_NAMEDTUPLE) {
        type_release(t);
        return LIB_DECLINE;
    }
    if (b != T_TUPLE) {
        jc_typeobj *num = type_new(TA_NUMBER), *str = type_new(TA_STRING);
        int isnum = type_subtype(t, num), isstr = type_subtype(t, str) || b == T_CHAR;
        type_release(num);
        type_release(str);
        if (isnum)
            *out = tv(t);
        else {
            *out = tv(type_new(isstr ? T_CHAR : TA_ANY));
            type_release(t);
        }
        return 0;
    }
    if (t->flags & TYPEF_NTUPLE) {
        type_release(t);
        return LIB_DECLINE;
    }
    jc_typeobj *r = NULL;
    int nothing = 0;
    for (size_t i = 0; i < t->nelts; i++) {
        const jc_typeobj *e = t->elts[i];
        if (e->base == TK_VARARG)
            e = e->param ? e->param : NULL;
        if (e && e->base == T_NOTHING && t->nelts > 1) {
            nothing = 1;
            continue;
        }
        jc_typeobj *k = !e ? type_new(TA_ANY) : r ? type_join(r, e) : type_retain(e);
        type_release(r);
        r = k;
    }
    type_release(t);
    if (!r)
        r = nothing ? val_typeobj(num_type_value_base(T_NOTHING)) : type_new(TK_BOTTOM);
    else if (nothing && !type_is_any(r)) {
        jc_typeobj *u = type_new(TA_ANY);
        u->flags = ARR_TYPEF_UNION;
        u->nelts = 2;
        u->elts = xcalloc(2, sizeof *u->elts);
        u->elts[0] = val_typeobj(num_type_value_base(T_NOTHING));
        u->elts[1] = r;
        r = u;
    }
    *out = tv(r);
    (void)ctx;
    return 0;
}

static int is_module(value v) { return v.type == T_SYMBOL && v.sub == SYM_MODULE; }

static int bi_nameof(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    int sym;
    if (is_module(x))
        sym = eval_module_nameof(ctx, x);
    else if (x.type == T_FUNCTION && val_func(x)->name >= 0 && sym_name(ctx, val_func(x)->name)[0] != '#')
        sym = val_func(x)->name;
    else if (x.type == T_TYPE && val_typeobj(x)->def)
        sym = eval_module_plain(ctx, val_typeobj(x)->def->name);
    else
        return LIB_DECLINE;
    *out = (value){ T_SYMBOL, 0, { .i = sym } };
    return 0;
}

static int bi_parentmodule(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!is_module(a->v[0]))
        return LIB_DECLINE;
    *out = eval_module_parent(ctx, a->v[0]);
    return 0;
}

static int bi_names(jc_ctx *ctx, value *out, const jc_args *a)
{
    int all = 0;
    if (!is_module(a->v[0]))
        return LIB_DECLINE;
    for (int i = 0; i < a->nkw; i++) {
        const char *k = sym_name(ctx, a->kw[i]);
        if (a->kwv[i].type != T_BOOL || (strcmp(k, "all") && strcmp(k, "imported")))
            return LIB_DECLINE;
        if (!strcmp(k, "all"))
            all = a->kwv[i].u.i != 0;
    }
    return eval_module_names(ctx, a->v[0], all, out);
}

static int bi_fullname(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!is_module(a->v[0]))
        return LIB_DECLINE;
    *out = eval_module_fullname(ctx, a->v[0]);
    return 0;
}

static int bi_isdefined(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0], s = a->v[1];
    if (s.type != T_SYMBOL || s.sub == SYM_MODULE)
        return LIB_DECLINE;
    if (is_module(x))
        *out = v_bool(eval_module_isdefined(ctx, x, (int)s.u.i));
    else if (x.type == T_STRUCT)
        *out = v_bool(eval_struct_isdefined(ctx, x, (int)s.u.i));
    else
        return LIB_DECLINE;
    return 0;
}

static int bi_methods(jc_ctx *ctx, value *out, const jc_args *a)
{
    int r = eval_methods_of(ctx, a->v[0], out);
    return r > 0 ? 0 : r < 0 ? -1 : LIB_DECLINE;
}

/* Val(c) is built by the evaluator (eval_struct.c: Base's struct Val{x} with its outer
 * constructor); the row carries its help and its place in the list of functions. */
static int bi_val(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    (void)out;
    (void)a;
    return LIB_DECLINE;
}

const builtin lib_types[] = {
    { "Val", 1, 1, bi_val, "  Val(c)\n\n  Return Val{c}(), which contains no run-time data: the value c (an isbits value\n  or a Symbol) as a type parameter, for dispatch on it: f(::Val{true}) = \"Good\";\n  f(Val(true)) is \"Good\", and g(::Val{N}) where N = N binds N to the value.", NULL },
    { "typeof", 1, 1, bi_typeof, "  typeof(x)\n\n  Get the concrete type of x.", NULL },
    { "supertype", 1, 1, bi_supertype, "  supertype(T::DataType)\n\n  Return the supertype of DataType T.", NULL },
    { "supertypes", 1, 1, bi_supertypes, "  supertypes(T::Type)\n\n  Return a tuple (T, ..., Any) of T and all its supertypes.", NULL },
    { "typejoin", 0, -1, bi_typejoin, "  typejoin(T, S, ...)\n\n  Return the closest common ancestor of types T and S.", NULL },
    { "promote_type", 0, -1, bi_promote_type, "  promote_type(type1, type2, ...)\n\n  The type to which values of the given types promote.", NULL },
    { "typeintersect", 2, 2, bi_typeintersect, "  typeintersect(T::Type, S::Type)\n\n  A type that contains the intersection of T and S.", NULL },
    { "isconcretetype", 1, 1, bi_typepred, "  isconcretetype(T)\n\n  Whether T is a concrete type (can have instances).", NULL, (const void *)(intptr_t)P_CONCRETE },
    { "isabstracttype", 1, 1, bi_typepred, "  isabstracttype(T)\n\n  Whether T was declared abstract.", NULL, (const void *)(intptr_t)P_ABSTRACT },
    { "isstructtype", 1, 1, bi_typepred, "  isstructtype(T)\n\n  Whether T was declared as a struct type.", NULL, (const void *)(intptr_t)P_STRUCT },
    { "isprimitivetype", 1, 1, bi_typepred, "  isprimitivetype(T)\n\n  Whether T was declared as a primitive type.", NULL, (const void *)(intptr_t)P_PRIMITIVE },
    { "ismutabletype", 1, 1, bi_typepred, "  ismutabletype(T)\n\n  Whether T was declared mutable.", NULL, (const void *)(intptr_t)P_MUTABLETYPE },
    { "isbitstype", 1, 1, bi_typepred, "  isbitstype(T)\n\n  Whether T is a plain data type: immutable, with only bits-type fields.", NULL, (const void *)(intptr_t)P_BITSTYPE },
    { "ismutable", 1, 1, bi_ismutable, "  ismutable(v)\n\n  Whether v is mutable.", NULL },
    { "isbits", 1, 1, bi_isbits, "  isbits(x)\n\n  Whether x is an instance of an isbitstype type.", NULL },
    { "fieldnames", 1, 1, bi_fieldnames, "  fieldnames(x::DataType)\n\n  A tuple with the names of the fields of a DataType.", NULL },
    { "fieldcount", 1, 1, bi_fieldcount, "  fieldcount(t::Type)\n\n  The number of fields an instance of the type would have.", NULL },
    { "nfields", 1, 1, bi_nfields, "  nfields(x) -> Int\n\n  The number of fields of x.", NULL },
    { "getfield", 2, 2, bi_getfield, "  getfield(value, name::Symbol)\n  getfield(value, i::Int)\n\n  A field of value, by name or position.", NULL },
    { "setfield!", 3, 3, bi_setfield, "  setfield!(value, name::Symbol, x)\n\n  Assign x to a field of a mutable struct value.", NULL },
    { "fieldtypes", 1, 1, bi_fieldtypes, "  fieldtypes(T::Type)\n\n  The declared types of all fields of T, as a tuple.", NULL },
    { "fieldtype", 2, 2, bi_fieldtype, "  fieldtype(T, name::Symbol | index::Int)\n\n  The declared type of a field of T.", NULL },
    { "hasfield", 2, 2, bi_hasfield, "  hasfield(T::Type, name::Symbol)\n\n  Whether T has a field called name.", NULL },
    { "eltype", 1, 1, bi_eltype_types, NULL, NULL },
    { "nameof", 1, 1, bi_nameof, LIB_HELP("nameof(m::Module)\n  nameof(f::Function)\n  nameof(t::DataType)", "The name of a module, a function or a type as a Symbol: nameof(Base.Math) is :Math."), NULL, NULL },
    { "parentmodule", 1, 1, bi_parentmodule, LIB_HELP("parentmodule(m::Module)", "The module that contains m (Main for a module the user defines at top level;\n  Main, Base and Core are their own)."), NULL, NULL },
    { "names", 1, 1, bi_names, LIB_HELP("names(m::Module; all::Bool = false, imported::Bool = false)", "The public names of a module, sorted, as a Vector{Symbol}: its exported names\n  and its own name (Base, Core and Main for Main); with all = true also every global\n  it defines (Julia's hidden #f names aside)."), "all imported", NULL },
    { "fullname", 1, 1, bi_fullname, LIB_HELP("fullname(m::Module)", "The fully-qualified name of a module as a tuple of symbols: fullname(Main.M) is\n  (:Main, :M)."), NULL, NULL },
    { "isdefined", 2, 2, bi_isdefined, LIB_HELP("isdefined(m::Module, s::Symbol)\n  isdefined(x, s::Symbol)", "Whether the global s is defined in module m, or the field s of the struct x\n  is assigned."), NULL, NULL },
    { "methods", 1, 1, bi_methods, "  methods(f)\n\n  The method table of f.", NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
