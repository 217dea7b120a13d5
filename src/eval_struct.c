/* eval_struct.c — user types: `struct`, `mutable struct` and `abstract type`
 * declarations, their default constructors and `new` in inner ones, field access and
 * assignment.
 *
 * A declaration makes a jc_typedef the evaluator keeps for the context's life (the
 * type objects of every instance point to it) and binds the name to the type, a
 * constant.  Constructors the user writes (inner ones in the body, outer ones anywhere,
 * `Point(x) = Point(x, x)`) are methods of a hidden function `#type:Point`, as builtin
 * conversions are; a call of the type tries them first, then the default constructor
 * (unless the body had an inner constructor): one argument per field, converted to the
 * field's declared type, a parametric type's parameters taken from the arguments
 * (Point(1, 2) is a Point{Int64}). */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "lib/lib.h"
#include "parse.h"
#include "types.h"

/* A declaration with the row behind its `new`. */
typedef struct sdef {
    jc_typedef d;
    builtin newrow;
} sdef;

static int hidden_sym(jc_ctx *ctx, int name)
{
    sb h = { 0 };
    sb_printf(&h, "#type:%s", sym_name(ctx, name));
    int sym = sym_intern(ctx, h.s, h.len);
    sb_free(&h);
    return sym;
}

void eval_typedefs_free(jc_typedef *list)
{
    while (list) {
        jc_typedef *next = list->next;
        for (int i = 0; i < list->nparams; i++)
            type_release(list->pvars[i]);
        free(list->pvars);
        type_release(list->super);
        for (int i = 0; i < list->nfields; i++)
            type_release(list->ftypes[i]);
        free(list->ftypes);
        free(list->fnames);
        free(list);
        list = next;
    }
}

/* The declared type of field i of an instance of t (parameters applied); borrowed or
 * owned through *hold. */
static const jc_typeobj *field_type(const jc_typeobj *t, int i, jc_typeobj **hold)
{
    const jc_typedef *d = t->def;
    const jc_typeobj *ft = d->ftypes[i];
    *hold = NULL;
    if (!ft)
        return NULL;
    for (int k = 0; k < d->nparams; k++)
        if (d->pvars[k] == ft)
            return (size_t)k < t->nelts ? t->elts[k] : ft;
    return ft;
}

/* Converts x to the field type ft (NULL: Any) as a constructor does. */
static int convert_field(jc_ctx *ctx, const jc_typeobj *ft, value x, value *out, const ast *site)
{
    num_type nt;
    if (!ft || type_isa(x, ft)) {
        *out = val_retain(x);
        return 0;
    }
    if (num_is_number(x) && type_number(ft, &nt)) {
        if (num_convert_to(ctx, out, nt, x) < 0) {
            err_locate(ctx, site);
            return -1;
        }
        return 0;
    }
    sb a = { 0 }, b = { 0 };
    type_name_of(ctx, &a, x);
    type_name(ctx, &b, ft);
    err_throw(ctx, ERR_METHOD, site, "Cannot `convert` an object of type %s to an object of type %s",
              sb_str(&a), sb_str(&b));
    sb_free(&a);
    sb_free(&b);
    return -1;
}

/* Julia's default-constructor candidate: Point(::T, !Matched::T) where T. */
static void ctor_candidate(jc_ctx *ctx, sb *out, const jc_typedef *d, const jc_args *a, int typed)
{
    type_env env = { 0 };
    env.n = d->nparams < TYPE_ENV_MAX ? d->nparams : TYPE_ENV_MAX;
    for (int i = 0; i < env.n; i++)
        env.var[i] = d->pvars[i];
    sb_printf(out, "  %s(", sym_name(ctx, d->name));
    for (int i = 0; i < d->nfields; i++) {
        const jc_typeobj *ft = typed ? d->ftypes[i] : NULL;
        int ok = i < a->n && (!ft || type_isa_env(a->v[i], ft, &env));
        if (i)
            sb_puts(out, ", ");
        sb_puts(out, ok ? "::" : "!Matched::");
        type_name(ctx, out, ft);
    }
    sb_putc(out, ')');
    if (typed)
        type_where_suffix(ctx, out, d->pvars, d->nparams);
    sb_printf(out, "\n   @ Main %s:%d\n", d->file ? d->file : "none", d->line);
    type_env_clear(&env);
}

/* Whether type t names the where variable v (Vector{T} names T). */
static int names_var(const jc_typeobj *t, const jc_typeobj *v)
{
    if (!t)
        return 0;
    if (t == v || (t->base == TK_TYPEVAR && t->sym && t->sym == v->sym))
        return 1;
    if (names_var(t->param, v))
        return 1;
    for (size_t i = 0; i < t->nelts; i++)
        if (names_var(t->elts[i], v))
            return 1;
    return 0;
}

/* The default constructors Julia makes for a struct without inner ones: P(x::Int64, y)
 * of the declared field types, then P(x, y) converting to them unless every field is
 * Any; for a parametric P{T} only P(x::T) where T, and none when a parameter is named
 * by no field's type (a call could not find it).  How many: 0, 1 or 2. */
int eval_default_ctors(const jc_typedef *d)
{
    if (!d || d->abstract || d->has_inner)
        return 0;
    for (int k = 0; k < d->nparams; k++) {
        int named = 0;
        for (int i = 0; i < d->nfields && !named; i++)
            named = d->ftypes && names_var(d->ftypes[i], d->pvars[k]);
        if (!named)
            return 0;
    }
    int typed = 0;
    for (int i = 0; i < d->nfields; i++)
        typed |= d->ftypes && !type_is_any(d->ftypes[i]);
    return d->nparams || !typed ? 1 : 2;
}

static int ctor_nomatch(jc_ctx *ctx, const jc_typeobj *t, const jc_args *a)
{
    const jc_typedef *d = t->def;
    sb b = { 0 };
    sb_puts(&b, "no method matching ");
    type_name(ctx, &b, t);
    sb_putc(&b, '(');
    for (int i = 0; i < a->n; i++) {
        sb_puts(&b, i ? ", ::" : "::");
        type_name_of(ctx, &b, a->v[i]);
    }
    sb_putc(&b, ')');
    int nd = d->in_base ? 0 : eval_default_ctors(d);
    if (!t->nelts && nd) {
        sb c = { 0 };
        if (nd == 2)
            ctor_candidate(ctx, &c, d, a, 0);
        ctor_candidate(ctx, &c, d, a, 1);
        sb_printf(&b, "\n\nClosest candidates are:\n%s", sb_str(&c));
        sb_free(&c);
    }
    err_throw(ctx, ERR_METHOD, a->site, "%s", sb_str(&b));
    sb_free(&b);
    lib_method_error_value(ctx, v_obj(T_TYPE, 0, (obj *)&t->h), a); /* MethodError(T, args, world) */
    return -1;
}

/* An instance of t (or of d's type with parameters taken from the arguments) from n
 * field values, fewer for `new` (the rest undefined). */
static int construct(jc_ctx *ctx, const jc_typeobj *t, const jc_args *a, int partial, value *out)
{
    const jc_typedef *d = t->def;
    if (a->n > d->nfields || (!partial && a->n != d->nfields) || a->nkw)
        return ctor_nomatch(ctx, t, a);
    jc_typeobj *applied = NULL;
    if (d->nparams && !t->nelts) {
        /* Point(1, 2): the parameters from the arguments' types */
        type_env env = { 0 };
        env.n = d->nparams < TYPE_ENV_MAX ? d->nparams : TYPE_ENV_MAX;
        for (int i = 0; i < env.n; i++)
            env.var[i] = d->pvars[i];
        for (int i = 0; i < a->n; i++)
            if (d->ftypes[i] && !type_isa_env(a->v[i], d->ftypes[i], &env)) {
                type_env_clear(&env);
                return ctor_nomatch(ctx, t, a);
            }
        for (int i = 0; i < env.n; i++)
            if (env.val[i] && type_too_deep(env.val[i])) {
                type_env_clear(&env);
                return err_throw(ctx, ERR_STACK, a->site, "%s", "");
            }
        applied = type_new(TK_STRUCT);
        applied->def = t->def;
        applied->nelts = (size_t)d->nparams;
        applied->elts = xcalloc((size_t)d->nparams, sizeof *applied->elts);
        for (int i = 0; i < d->nparams; i++) {
            if (i >= env.n || !env.val[i]) { /* struct Z{T} end; Z() */
                type_env_clear(&env);
                applied->nelts = (size_t)i; /* the rest were never set */
                type_release(applied);
                return ctor_nomatch(ctx, t, a);
            }
            applied->elts[i] = type_retain(env.val[i]);
        }
        type_env_clear(&env);
    } else if (t->flags & TYPEF_NEW) { /* new{T}(...): the type itself, unmarked */
        applied = type_new(TK_STRUCT);
        applied->def = t->def;
        applied->nelts = t->nelts;
        applied->elts = xcalloc(nz(t->nelts), sizeof *applied->elts);
        for (size_t i = 0; i < t->nelts; i++)
            applied->elts[i] = type_retain(t->elts[i]);
    } else
        applied = type_retain(t);
    value sv = v_obj(T_STRUCT, 0, obj_new(T_STRUCT, sizeof(jc_struct) + (size_t)d->nfields * sizeof(value)));
    jc_struct *st = val_struct(sv);
    st->type = applied;
    st->n = (size_t)d->nfields;
    for (int i = 0; i < d->nfields; i++)
        st->v[i] = arr_undef();
    for (int i = 0; i < a->n; i++) {
        jc_typeobj *hold;
        const jc_typeobj *ft = field_type(applied, i, &hold);
        int r = convert_field(ctx, ft && ft->base == TK_TYPEVAR ? ft->param : ft, a->v[i], &st->v[i], a->site);
        type_release(hold);
        if (r < 0) {
            st->v[i] = arr_undef();
            val_release(sv);
            return -1;
        }
    }
    *out = sv;
    return 0;
}

static int bi_new(jc_ctx *ctx, value *out, const jc_args *a)
{
    /* a heap type, not one on the stack: the instance keeps a reference to it */
    jc_typeobj *t = type_new(TK_STRUCT);
    t->def = (jc_typedef *)a->data;
    int r = construct(ctx, t, a, 1, out);
    type_release(t);
    return r;
}

/* new{T, S}: the type new builds, marked for eval_struct_call to build it directly. */
int eval_new_apply(jc_ctx *ctx, value *out, int n, const value *args, const ast *site)
{
    const jc_func *f = val_func(args[0]);
    if (f->nrows != 1 || f->rows[0]->fn != bi_new)
        return LIB_DECLINE;
    const jc_typedef *d = f->rows[0]->data;
    jc_typeobj base = { .h = { 1u << 30, T_TYPE, 0 }, .base = TK_STRUCT, .ndims = -1, .def = (jc_typedef *)d };
    value *v = xmalloc((size_t)n * sizeof *v);
    v[0] = v_obj(T_TYPE, 0, &base.h);
    memcpy(v + 1, args + 1, (size_t)(n - 1) * sizeof *v);
    int r = eval_apply_type(ctx, out, n, v, site);
    free(v);
    if (r == 0)
        val_typeobj(*out)->flags |= TYPEF_NEW;
    return r;
}

/* Val(x) is Val{x}(): Base's outer constructor, the one method of the call of Val
 * itself. */
static int val_call(jc_ctx *ctx, const jc_typeobj *t, const jc_args *a, value *out)
{
    value args[2] = { v_obj(T_TYPE, 0, (obj *)&t->h), a->v[0] };
    value vt;
    if (eval_apply_type(ctx, &vt, 2, args, a->site) < 0)
        return -1;
    jc_args none = *a;
    none.n = 0;
    int r = construct(ctx, val_typeobj(vt), &none, 0, out);
    val_release(vt);
    return r;
}

/* Whether the default constructor of d (its fields' declared types, its parameters as
 * where variables: Julia's outer Polar(r::T, Θ::T) where {T<:Real}) takes these
 * arguments and is more specific than the user's method m, which does. */
static int default_outranks(const jc_typedef *d, const jc_method *m, const jc_args *a)
{
    if (d->has_inner || d->nfields != a->n || a->nkw)
        return 0;
    jc_method dm = { 0 };
    dm.nparams = d->nfields;
    dm.ptypes = d->ftypes;
    dm.ntvars = d->nparams;
    dm.tvars = d->pvars;
    return eval_method_outranks(&dm, m, a);
}

int eval_struct_call(jc_ctx *ctx, value tval, const jc_args *a, value *out)
{
    const jc_typeobj *t = val_typeobj(tval);
    const jc_typedef *d = t->def;
    if (t->flags & TYPEF_NEW)
        return construct(ctx, t, a, 1, out);
    if (d->abstract) {
        sb b = { 0 };
        type_name(ctx, &b, t);
        err_throw(ctx, ERR_METHOD, a->site, "no constructors have been defined for %s", sb_str(&b));
        sb_free(&b);
        return -1;
    }
    if (d->in_base && !t->nelts && a->n == 1 && !a->nkw && a->v[0].type == T_STRING &&
        !strcmp(sym_name(ctx, d->name), "MIME")) /* MIME("text/plain") */
        return eval_mime(ctx, val_string(a->v[0])->s, val_string(a->v[0])->len, 1, a->site, out);
    value f;
    int hs = hidden_sym(ctx, d->name);
    if (t->nelts && eval_get_global(ctx, sym_name(ctx, hs), &f) == 0) {
        /* Point{Int64}(x): the constructors written Point{T}(x) where T, whose first
         * parameter is the type */
        if (f.type == T_FUNCTION && val_func(f)->methods && a->n < 255) {
            value args[256];
            args[0] = tval;
            memcpy(args + 1, a->v, (size_t)a->n * sizeof *args);
            jc_args sa = *a;
            sa.n = a->n + 1;
            sa.v = args;
            const jc_method *best;
            type_env env = { 0 };
            int r = eval_method_select(ctx, val_func(f), &sa, &best, &env);
            type_env_clear(&env);
            /* an outer constructor Q(x) = Q{x}() takes any first argument, the type
             * too: only a method written for the type (::Type{Q{T}}) is one of these */
            if (r > 0 && !(best->nparams > 0 && best->ptypes && best->ptypes[0] &&
                           best->ptypes[0]->base == TK_TYPE))
                r = 0;
            if (r != 0) {
                r = r < 0 ? -1 : eval_call_kw(ctx, f, &sa, out);
                val_release(f);
                return r;
            }
        }
        val_release(f);
    }
    if (!t->nelts && eval_get_global(ctx, sym_name(ctx, hs), &f) == 0) {
        if (f.type == T_FUNCTION && val_func(f)->methods) {
            const jc_method *best;
            type_env env = { 0 };
            int r = eval_method_select(ctx, val_func(f), a, &best, &env);
            type_env_clear(&env);
            if (r > 0 && default_outranks(d, best, a))
                r = 0; /* Polar(r::T, Θ::T) where T<:Real beats Polar(r::Real, Θ::Real) */
            else if (r != 0) {
                r = r < 0 ? -1 : eval_call_kw(ctx, f, a, out);
                val_release(f);
                return r;
            }
            if (d->has_inner) {
                r = eval_method_nomatch(ctx, sym_name(ctx, d->name), val_func(f), a);
                val_release(f);
                return r;
            }
        }
        val_release(f);
    }
    if (d->in_base && !d->nfields && d->nparams == 1 && !t->nelts && a->n == 1 && !a->nkw) /* Val */
        return val_call(ctx, t, a, out);
    if (d->has_inner)
        return ctor_nomatch(ctx, t, a);
    return construct(ctx, t, a, 0, out);
}

int eval_mime(jc_ctx *ctx, const char *s, size_t n, int instance, const ast *site, value *out)
{
    value args[2];
    if (eval_get_global(ctx, "MIME", &args[0]) < 0)
        return err_throw(ctx, ERR_UNDEFVAR, site, "`MIME` not defined");
    args[1] = (value){ T_SYMBOL, 0, { .i = sym_intern(ctx, s, n) } };
    value t;
    int r = eval_apply_type(ctx, &t, 2, args, site);
    val_release(args[0]);
    if (r < 0 || !instance) {
        *out = t;
        return r;
    }
    jc_args none = { .n = 0, .site = site };
    r = eval_struct_call(ctx, t, &none, out);
    val_release(t);
    return r;
}

/* A parametric struct of Base with one parameter and no fields. */
static void install_base_struct(jc_ctx *ctx, jc_typedef **list, const char *name, const char *param,
                                const char *file)
{
    sdef *sd = xcalloc(1, sizeof *sd);
    jc_typedef *d = &sd->d;
    d->name = sym_intern(ctx, name, strlen(name));
    d->nparams = 1;
    d->pvars = xcalloc(1, sizeof *d->pvars);
    d->pvars[0] = type_new(TK_TYPEVAR);
    d->pvars[0]->sym = sym_intern(ctx, param, strlen(param)) + 1;
    d->in_base = 1;
    d->file = file;
    d->next = *list;
    *list = d;
    jc_typeobj *t = type_new(TK_STRUCT);
    t->def = d;
    eval_set_global(ctx, d->name, v_obj(T_TYPE, 0, &t->h));
    eval_set_constant(ctx, d->name);
}

void eval_install_val(jc_ctx *ctx, jc_typedef **list)
{
    install_base_struct(ctx, list, "Val", "x", "essentials.jl");
    /* MIME"text/plain" is MIME{Symbol("text/plain")}, as in base/multimedia.jl */
    install_base_struct(ctx, list, "MIME", "mime", "multimedia.jl");
}

/* ---- fields ---- */

static int field_index(const jc_typedef *d, int sym)
{
    for (int i = 0; i < d->nfields; i++)
        if (d->fnames[i] == sym)
            return i;
    return -1;
}

int eval_struct_isdefined(jc_ctx *ctx, value x, int sym)
{
    jc_struct *st = val_struct(x);
    int i = st->type->def ? field_index(st->type->def, sym) : -1;
    (void)ctx;
    return i >= 0 && !(st->v[i].type == T_NOTHING && st->v[i].sub == 1);
}

int eval_struct_getfield(jc_ctx *ctx, value *out, value x, const char *name, const ast *site)
{
    jc_struct *st = val_struct(x);
    const jc_typedef *d = st->type->def;
    int i = field_index(d, sym_find(ctx, name, strlen(name)));
    if (i < 0)
        return err_throw(ctx, ERR_ERROR, site, "type %s has no field %s", sym_name(ctx, d->name), name);
    value v = st->v[i];
    if (v.type == T_NOTHING && v.sub == 1)
        return err_throw(ctx, ERR_UNDEFREF, site, "access to undefined reference");
    *out = val_retain(v);
    return 0;
}

int eval_setfield(jc_ctx *ctx, value x, const char *name, value v, const ast *site)
{
    if (x.type == T_SYMBOL && x.sub == SYM_MODULE)
        return err_throw(ctx, ERR_ERROR, site, "cannot assign variables in other modules");
    if (x.type != T_STRUCT) {
        sb tn = { 0 };
        type_name_of(ctx, &tn, x);
        int r = err_throw(ctx, ERR_ERROR, site, "setfield!: immutable struct of type %s cannot be changed",
                          sb_str(&tn));
        sb_free(&tn);
        return r;
    }
    jc_struct *st = val_struct(x);
    const jc_typedef *d = st->type->def;
    int i = field_index(d, sym_find(ctx, name, strlen(name)));
    if (i < 0)
        return err_throw(ctx, ERR_ERROR, site, "type %s has no field %s", sym_name(ctx, d->name), name);
    if (!d->mutable_)
        return err_throw(ctx, ERR_ERROR, site, "setfield!: immutable struct of type %s cannot be changed",
                         sym_name(ctx, d->name));
    jc_typeobj *hold;
    const jc_typeobj *ft = field_type(st->type, i, &hold);
    value c;
    int r = convert_field(ctx, ft && ft->base == TK_TYPEVAR ? ft->param : ft, v, &c, site);
    type_release(hold);
    if (r < 0)
        return -1;
    value old = st->v[i];
    st->v[i] = c;
    eval_release(ctx, old);
    return 0;
}

/* ---- declarations ---- */

static int typedef_error(jc_ctx *ctx, const ast *at, const char *msg)
{
    return err_throw(ctx, ERR_SYNTAX, at, "%s", msg);
}

/* Whether two types print the same (a field that names its own struct is a different
 * object in each declaration). */
static int same_name(jc_ctx *ctx, const jc_typeobj *x, const jc_typeobj *y)
{
    if (!x || !y)
        return x == y;
    sb a = { 0 }, b = { 0 };
    type_name(ctx, &a, x);
    type_name(ctx, &b, y);
    int r = !strcmp(sb_str(&a), sb_str(&b));
    sb_free(&a);
    sb_free(&b);
    return r;
}

/* Whether two declarations say the same (a repeated definition is no error). */
static int same_decl(jc_ctx *ctx, const jc_typedef *x, const jc_typedef *y)
{
    if (x->abstract != y->abstract || x->mutable_ != y->mutable_ || x->nparams != y->nparams ||
        x->nfields != y->nfields || !same_name(ctx, x->super, y->super))
        return 0;
    for (int i = 0; i < x->nparams; i++)
        if (!same_name(ctx, x->pvars[i]->param, y->pvars[i]->param))
            return 0;
    for (int i = 0; i < x->nfields; i++)
        if (x->fnames[i] != y->fnames[i] || !same_name(ctx, x->ftypes[i], y->ftypes[i]))
            return 0;
    return 1;
}

int eval_typedef(jc_ctx *ctx, struct env *e, const ast *n, arena *a, jc_typedef **list, value *out)
{
    int abstract = n->kind == A_ABSTRACT;
    const ast *sig = n->kids[0], *superx = NULL;
    if (sig->kind == A_SYNOP && sig->nkids == 2 && !strcmp(sym_name(ctx, sig->sym), "<:")) {
        superx = sig->kids[1];
        sig = sig->kids[0];
    }
    const ast *name = sig;
    const ast *const *params = NULL;
    int nparams = 0;
    if (sig->kind == A_CURLY) {
        name = sig->kids[0];
        params = (const ast *const *)sig->kids + 1;
        nparams = (int)sig->nkids - 1;
    }
    if (name->kind != A_ID || nparams > TYPE_ENV_MAX)
        return typedef_error(ctx, sig, "invalid type signature");
    sdef *sd = xcalloc(1, sizeof *sd);
    jc_typedef *d = &sd->d;
    d->name = name->sym;
    d->abstract = abstract;
    d->mutable_ = !abstract && (n->flags & AF_MUTABLE);
    d->nparams = nparams;
    d->pvars = xcalloc((size_t)nparams + 1, sizeof *d->pvars);
    struct env *pe = eval_scope_new(e);
    int r = 0;
    const ast *ctors[256];
    int nctors = 0;
    /* the parameters, each bound in pe for the bounds, supertype and fields after it */
    for (int i = 0; i < nparams && r == 0; i++) {
        const ast *p = params[i], *ub = NULL;
        if (p->kind == A_SYNOP && p->nkids == 2 && !strcmp(sym_name(ctx, p->sym), "<:")) {
            ub = p->kids[1];
            p = p->kids[0];
        }
        if (p->kind != A_ID) {
            r = typedef_error(ctx, p, "invalid type parameter name");
            break;
        }
        jc_typeobj *v = type_new(TK_TYPEVAR);
        v->sym = p->sym + 1;
        d->pvars[i] = v;
        if (ub) {
            value b;
            if ((r = eval_expr(ctx, pe, ub, &b)) != 0)
                break;
            if (b.type != T_TYPE) {
                val_release(b);
                r = err_throw(ctx, ERR_TYPE, ub, "in TypeVar, expected Type, got a value");
                break;
            }
            v->param = val_typeobj(b);
        }
        eval_scope_bind(ctx, pe, p, val_retain(v_obj(T_TYPE, 0, &v->h)));
    }
    if (r == 0 && superx) {
        value s;
        if ((r = eval_expr(ctx, pe, superx, &s)) == 0) {
            if (s.type != T_TYPE || !type_is_abstract(val_typeobj(s)) || val_typeobj(s)->base == TK_TYPE) {
                val_release(s);
                r = err_throw(ctx, ERR_ERROR, superx,
                              "invalid subtyping in definition of %s: can only subtype abstract types.",
                              sym_name(ctx, d->name));
            } else
                d->super = val_typeobj(s);
        }
    }
    if (r == 0 && !abstract) {
        /* the fields may name the type itself (next::Union{Node, Nothing}) */
        jc_typeobj *selft = type_new(TK_STRUCT);
        selft->def = d;
        eval_scope_bind(ctx, pe, name, v_obj(T_TYPE, 0, &selft->h));
        const ast *body = n->kids[1];
        int cap = 0;
        for (uint32_t i = 0; i < body->nkids && r == 0; i++) {
            const ast *f = body->kids[i];
            if (f->kind == A_NOTHING || f->kind == A_STRING || f->kind == A_LIT)
                continue;
            if (f->kind == A_FUNCDEF || (f->kind == A_ASSIGN && f->kids[0]->kind == A_CALL)) {
                if (nctors == 256) {
                    r = typedef_error(ctx, f, "too many constructors in one struct");
                    break;
                }
                ctors[nctors++] = f;
                continue;
            }
            if (f->kind == A_CONST && f->nkids == 1)
                f = f->kids[0];
            const ast *fn = f, *ft = NULL;
            if (f->kind == A_TYPED && f->nkids == 2) {
                fn = f->kids[0];
                ft = f->kids[1];
            }
            if (fn->kind != A_ID) {
                r = typedef_error(ctx, f, "invalid field declaration");
                break;
            }
            for (int k = 0; k < d->nfields; k++)
                if (d->fnames[k] == fn->sym)
                    r = err_throw(ctx, ERR_ERROR, fn, "duplicate field name: \"%s\" is not unique",
                                  sym_name(ctx, fn->sym));
            if (r)
                break;
            if (d->nfields == cap) {
                cap = cap ? 2 * cap : 8;
                d->fnames = xrealloc(d->fnames, (size_t)cap * sizeof *d->fnames);
                d->ftypes = xrealloc(d->ftypes, (size_t)cap * sizeof *d->ftypes);
            }
            jc_typeobj *t = NULL;
            if (ft) {
                value tv;
                if ((r = eval_expr(ctx, pe, ft, &tv)) != 0)
                    break;
                if (tv.type != T_TYPE) {
                    val_release(tv);
                    r = err_throw(ctx, ERR_TYPE, ft, "in type definition, expected Type, got a value");
                    break;
                }
                t = val_typeobj(tv);
                if (type_is_any(t)) {
                    type_release(t);
                    t = NULL;
                }
            }
            if (d->nfields == 0) { /* the default constructor's line is the first field's */
                size_t len = 0;
                const char *src = arena_source(a, &len, &d->file, &d->line);
                int col, first = d->line;
                if (src)
                    err_position_in(src, len, first, f->off, &d->line, &col);
            }
            d->fnames[d->nfields] = fn->sym;
            d->ftypes[d->nfields++] = t;
        }
    }
    if (r == 0 && !d->line) {
        size_t len = 0;
        const char *src = arena_source(a, &len, &d->file, &d->line);
        int col, first = d->line;
        if (src)
            err_position_in(src, len, first, n->off, &d->line, &col);
    }
    if (r == 0) {
        value old;
        const char *nm = sym_name(ctx, d->name);
        if (eval_get_global(ctx, nm, &old) == 0) {
            int same = old.type == T_TYPE && val_typeobj(old)->def && !val_typeobj(old)->nelts &&
                       same_decl(ctx, val_typeobj(old)->def, d);
            val_release(old);
            if (!same)
                r = err_throw(ctx, ERR_ERROR, n, "invalid redefinition of constant Main.%s", nm);
            else { /* the same declaration again changes nothing */
                eval_typedefs_free(d);
                eval_scope_release(pe);
                *out = v_nothing();
                return 0;
            }
        }
    }
    if (r != 0) {
        eval_typedefs_free(d);
        eval_scope_release(pe);
        return -1;
    }
    d->next = *list;
    *list = d;
    jc_typeobj *t = type_new(abstract ? TK_ABSTRACT : TK_STRUCT);
    t->def = d;
    eval_set_global(ctx, d->name, v_obj(T_TYPE, 0, &t->h));
    eval_set_constant(ctx, d->name);
    /* inner constructors see `new` */
    if (nctors) {
        d->has_inner = 1;
        sd->newrow = (builtin){ "new", 0, -1, bi_new, NULL, NULL, d };
        jc_func *nf = obj_new(T_FUNCTION, sizeof *nf);
        nf->name = sym_intern(ctx, "new", 3);
        nf->rows = xmalloc(sizeof *nf->rows);
        nf->rows[0] = &sd->newrow;
        nf->nrows = 1;
        ast idnew = { .kind = A_ID, .sym = nf->name };
        eval_scope_bind(ctx, pe, &idnew, v_obj(T_FUNCTION, 0, &nf->h));
        for (int i = 0; i < nctors && r == 0; i++) {
            value fv;
            const ast *c = ctors[i];
            if (c->nkids < 2) /* function Point end */
                continue;
            r = eval_define_function(ctx, pe, c->kids[0], c->kids[1], a, &fv);
            if (r == 0)
                val_release(fv);
        }
    }
    eval_scope_release(pe);
    if (r != 0)
        return -1;
    *out = v_nothing();
    return 0;
}
