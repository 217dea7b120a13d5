/* eval_define.c — names, assignment and the definition of functions and methods. */

#include "eval_impl.h"

#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* ---- names ---- */

/* A local declared and not yet assigned (let z; local z): reading it is an
 * UndefVarError, as in Julia. */

int eval_lookup(jc_ctx *ctx, env *e, int sym, const ast *site, value *out)
{
    if (!eval_local_bound(ST(ctx), sym))
        e = NULL;
    for (env *s = e; s; s = s->parent) {
        if (eval_scope_declared_global(s, sym))
            break;
        value *slot = eval_scope_slot(s, sym);
        if (slot && is_unassigned(*slot)) /* let z; local z */
            return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined",
                             sym_name(ctx, eval_module_plain(ctx, sym)));
        if (slot) {
            *out = val_retain(*slot);
            return 0;
        }
    }
    if ((size_t)sym < ctx->nglobals && ctx->globals[sym].defined) {
        *out = val_retain(ctx->globals[sym].v);
        return 0;
    }
    if (sym == ST(ctx)->sym_ans) {
        *out = val_retain(ctx->ans);
        return 0;
    }
    if (eval_module_value(ctx, sym, out)) /* Base, LinearAlgebra … */
        return 0;
    const char *name = sym_name(ctx, sym);
    if (eval_expr_type_named(ctx, name, out)) /* Expr and QuoteNode, made when first named */
        return 0;
    if (eval_method_type_named(ctx, name, 0, out)) /* Method */
        return 0;
    const char *hint = "";
    if (!strcmp(name, "or"))
        hint = "\nsuggestion: Use `||` for short-circuiting boolean OR.";
    else if (!strcmp(name, "and"))
        hint = "\nsuggestion: Use `&&` for short-circuiting boolean AND.";
    return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined%s",
                     sym_name(ctx, eval_module_plain(ctx, sym)), hint);
}

/* Assigns v (owned) to sym following Julia's scope rules. */
static int same_value(value a, value b)
{
    if (a.type != b.type || a.sub != b.sub)
        return 0;
    if (a.type == T_STRING)
        return val_string(a)->len == val_string(b)->len &&
               !memcmp(val_string(a)->s, val_string(b)->s, val_string(a)->len);
    return val_is_heap(a) ? a.u.o == b.u.o : a.u.u == b.u.u;
}

/* Assigning a user constant (const x = …, the name of a function or a type), as Julia's
 * checked assignment: the same value changes nothing; a value of another type, or a
 * type, is "invalid redefinition of constant"; another value of the same type is
 * assigned, with Julia's warning on stderr.  0 to go on, -1 with the error pending (v
 * released). */
static int check_constant(jc_ctx *ctx, int sym, value v, const ast *site)
{
    if ((size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined ||
        ctx->globals[sym].constant != CONST_USER)
        return 0;
    value old = ctx->globals[sym].v;
    if (same_value(old, v))
        return 0;
    int retype = old.type != v.type || old.sub != v.sub || v.type == T_TYPE;
    if (!retype && old.type == T_STRUCT)
        retype = !type_equal(val_struct(old)->type, val_struct(v)->type);
    if (retype || old.type == T_FUNCTION) {
        val_release(v);
        return err_throw(ctx, ERR_ERROR, site, "invalid redefinition of constant %s", sym_name(ctx, sym));
    }
    fprintf(stderr, "WARNING: redefinition of constant %s. This may fail, cause incorrect answers, "
                    "or produce other errors.\n", sym_name(ctx, sym));
    return 0;
}

int eval_assign(jc_ctx *ctx, env *e, int sym, value v, const ast *site)
{
    int in_function = 0;
    for (env *s = e; s; s = s->parent) {
        if (eval_scope_declared_global(s, sym))
            goto global;
        value *slot = eval_scope_slot(s, sym);
        if (slot) {
            val_release(*slot);
            *slot = v;
            return 0;
        }
        if (s->function)
            in_function = 1;
    }
    if (e && (in_function || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined)) {
        eval_scope_define(ctx, e, sym, v);
        return 0;
    }
global:
    if (check_constant(ctx, sym, v, site) < 0)
        return -1;
    eval_set_global(ctx, sym, v);
    return 0;
}

/* ---- functions ---- */

value eval_func_new(int name)
{
    jc_func *f = obj_new(T_FUNCTION, sizeof *f);
    f->name = name;
    return v_obj(T_FUNCTION, 0, &f->h);
}

static void method_free(jc_method *m)
{
    for (int i = 0; m->ptypes && i < m->nparams; i++)
        if (m->ptypes[i])
            val_release(v_obj(T_TYPE, 0, &m->ptypes[i]->h));
    free(m->ptypes);
    for (int i = 0; i < m->ntvars; i++)
        type_release(m->tvars[i]);
    free(m->tvars);
    free(m->params);
    free(m->kwparams);
    free(m->kwdefaults);
    free(m->kwtypes);
    free(m->locals);
    eval_code_free(m->code);
    arena_release(m->arena);
    eval_scope_release(m->closure);
    free(m);
}

void eval_free_replaced(evstate *st)
{
    for (jc_method *m = st->replaced, *next; m; m = next) {
        next = m->next;
        method_free(m);
    }
    st->replaced = NULL;
}

void eval_func_free(obj *o)
{
    jc_func *f = (jc_func *)o;
    for (jc_method *m = f->methods, *next; m; m = next) {
        next = m->next;
        method_free(m);
    }
    f->methods = NULL;
    if (f->in_block)
        return;
    free(f->rows);
    free(f);
}


/* The declared type of keyword parameter p (y::Int = 2), or NULL. */
static const ast *kw_type(const ast *p)
{
    if (p->kind == A_KW || p->kind == A_ASSIGN)
        p = p->kids[0];
    return p->kind == A_TYPED && p->nkids == 2 ? p->kids[1] : NULL;
}

/* m's keyword parameters from `at` on are kw's (the part after `;`): their types. */
static void kw_types(jc_method *m, int at, const ast *kw)
{
    for (uint32_t j = 0; j < kw->nkids; j++) {
        if (kw->kids[j]->kind == A_SPLAT) /* kw...: the keywords no other one takes */
            m->kwrest = at + (int)j + 1;
        const ast *t = kw_type(kw->kids[j]);
        if (t && !m->kwtypes)
            m->kwtypes = xcalloc((size_t)m->nkw, sizeof *m->kwtypes);
        if (t)
            m->kwtypes[at + (int)j] = t;
    }
}

/* The parameter name of a signature argument: x, x::T, x=default (returns the default). */
static int param_name(const ast *p, const ast **deflt)
{
    *deflt = NULL;
    if (p->kind == A_KW || p->kind == A_ASSIGN) {
        *deflt = p->kids[1];
        p = p->kids[0];
    }
    if (p->kind == A_SPLAT && p->nkids > 0) /* x... */
        p = p->kids[0];
    if (p->kind == A_TYPED && p->nkids == 1) /* ::T, an argument without a name */
        return -2;
    if (p->kind == A_TYPED && p->nkids > 0)
        p = p->kids[0];
    return p->kind == A_ID ? p->sym : -1;
}

/* Adds to f the methods described by a signature's argument list; optional positional
 * arguments give one method per arity, as Julia generates them. */
static int same_signature(const jc_method *a, const jc_method *b)
{
    if (a->nparams != b->nparams || a->vararg != b->vararg || a->ntvars != b->ntvars)
        return 0; /* f(x::T, y::T) where T is not f(x::Integer, y::Integer) */
    for (int i = 0; i < a->nparams; i++) {
        const jc_typeobj *x = a->ptypes ? a->ptypes[i] : NULL;
        const jc_typeobj *y = b->ptypes ? b->ptypes[i] : NULL;
        if (!x != !y)
            return 0;
        if (x && !(type_subtype(x, y) && type_subtype(y, x)))
            return 0;
    }
    return 1;
}


/* The declared type of a parameter (x::T, x::T=default), evaluated where the function
 * is defined; NULL for an untyped parameter. */
static int param_type(jc_ctx *ctx, env *e, const ast *p, jc_typeobj **t)
{
    *t = NULL;
    if (p->kind == A_KW || p->kind == A_ASSIGN)
        p = p->kids[0];
    if (p->kind == A_SPLAT && p->nkids > 0) /* x::T...: the type of each */
        p = p->kids[0];
    if (p->kind != A_TYPED || p->nkids < 1)
        return 0;
    const ast *tn = p->kids[p->nkids - 1];
    value tv;
    if (eval_expr(ctx, e, tn, &tv) != 0)
        return -1;
    if (tv.type != T_TYPE) {
        val_release(tv);
        return err_throw(ctx, ERR_TYPE, tn, "in typeassert, expected Type");
    }
    *t = val_typeobj(tv);
    return 0;
}

static int add_methods(jc_ctx *ctx, env *e, jc_func *f, const ast *const *params, int nparams,
                       const ast *kwnode, const ast *body, arena *a, const ast *site,
                       jc_typeobj *const *tvars, int ntv)
{
    int *syms = xmalloc((size_t)(nparams + 1) * sizeof *syms);
    const ast **defaults = xcalloc((size_t)nparams + 1, sizeof *defaults);
    jc_typeobj **types = xcalloc((size_t)nparams + 1, sizeof *types);
    int first_optional = nparams;
    for (int i = 0; i < nparams; i++) {
        syms[i] = param_name(params[i], &defaults[i]);
        if (syms[i] == -2)
            syms[i] = sym_intern(ctx, "#unused#", 8);
        int bad_name = syms[i] < 0;
        if (bad_name || param_type(ctx, e, params[i], &types[i]) < 0) {
            for (int j = 0; j < i; j++)
                if (types[j])
                    val_release(v_obj(T_TYPE, 0, &types[j]->h));
            free(types);
            free(syms);
            free(defaults);
            if (bad_name)
                return err_throw(ctx, ERR_SYNTAX, params[i], "invalid function argument");
            return -1;
        }
        if (defaults[i] && first_optional == nparams)
            first_optional = i;
    }
    int vararg = nparams > 0 && params[nparams - 1]->kind == A_SPLAT;
    if (nparams > 0 && !vararg && types[nparams - 1] && types[nparams - 1]->base == TK_VARARG) {
        jc_typeobj *va = types[nparams - 1]; /* x::Vararg{T}: as x::T... */
        types[nparams - 1] = va->param ? type_retain(va->param) : NULL;
        type_release(va);
        vararg = 1;
    }
    for (int arity = first_optional; arity <= nparams; arity++) {
        if (vararg && arity == nparams - 1) /* f(x, y = 0, rest...): f(x, y) is f(x, y, rest...) */
            continue;
        jc_method *m = xcalloc(1, sizeof *m);
        m->nlocals = -1;
        m->module = ST(ctx)->defining_module;
        m->rettype = ST(ctx)->defining_rettype;
        m->nparams = arity;
        m->vararg = vararg && arity == nparams;
        m->params = xmalloc((size_t)(nparams + 1) * sizeof *m->params);
        memcpy(m->params, syms, (size_t)nparams * sizeof *syms);
        m->ptypes = xcalloc((size_t)nparams + 1, sizeof *m->ptypes);
        for (int i = 0; i < arity; i++)
            if (types[i]) {
                types[i]->h.refs++;
                m->ptypes[i] = types[i];
            }
        if (kwnode) {
            m->nkw = (int)kwnode->nkids;
            m->kwparams = xmalloc((size_t)m->nkw * sizeof *m->kwparams);
            m->kwdefaults = xcalloc((size_t)m->nkw, sizeof *m->kwdefaults);
            for (int k = 0; k < m->nkw; k++)
                m->kwparams[k] = param_name(kwnode->kids[k], &m->kwdefaults[k]);
            kw_types(m, 0, kwnode);
        }
        m->body = body;
        if (arity < nparams) {
            /* f(a, b=2) called with one argument: the missing ones get their defaults,
             * evaluated in the call's scope after the given ones are bound. */
            m->nparams = nparams;
            m->body = NULL;
        }
        m->arena = a;
        arena_retain(a);
        m->site = site;
        if (ntv) {
            m->ntvars = ntv;
            m->tvars = xmalloc((size_t)ntv * sizeof *m->tvars);
            for (int i = 0; i < ntv; i++)
                m->tvars[i] = type_retain(tvars[i]);
        }
        m->closure = e;
        if (e)
            e->refs++;
        if (arity < nparams) {
            /* store the defaults as keyword-like parameters filled in order */
            m->nparams = arity;
            m->nkw = nparams - arity + (kwnode ? (int)kwnode->nkids : 0);
            m->kwrest = 0;
            free(m->kwparams);
            free(m->kwdefaults);
            free(m->kwtypes);
            m->kwtypes = NULL;
            m->kwparams = xmalloc((size_t)m->nkw * sizeof *m->kwparams);
            m->kwdefaults = xcalloc((size_t)m->nkw, sizeof *m->kwdefaults);
            int k = 0;
            for (int i = arity; i < nparams; i++, k++) {
                m->kwparams[k] = syms[i];
                m->kwdefaults[k] = defaults[i];
            }
            int first_kw = k;
            m->nposopt = k;
            m->restopt = vararg;
            for (uint32_t j = 0; kwnode && j < kwnode->nkids; j++, k++)
                m->kwparams[k] = param_name(kwnode->kids[j], &m->kwdefaults[k]);
            if (kwnode)
                kw_types(m, first_kw, kwnode);
            m->body = body;
        }
        /* a method of the same arity replaces the old one */
        /* a global method is new in the world after this one; a local function's or a
         * closure's is the running call's own (Julia defines it with the function
         * around it), seen in every world */
        m->world = m->closure ? 0 : ++ST(ctx)->world;
        jc_method **pp = &f->methods;
        while (*pp) {
            if (same_signature(*pp, m)) {
                /* the old method may be running (f redefined inside a call of f), and
                 * a call begun before is still in the old world, which sees it: it is
                 * freed when the outermost evaluation ends, not under its frame */
                jc_method *old = *pp;
                *pp = old->next;
                old->next = ST(ctx)->replaced;
                ST(ctx)->replaced = old;
                m->replaces = old;
                break;
            }
            pp = &(*pp)->next;
        }
        m->next = f->methods;
        f->methods = m;
    }
    for (int i = 0; i < nparams; i++)
        if (types[i])
            val_release(v_obj(T_TYPE, 0, &types[i]->h));
    free(types);
    free(syms);
    free(defaults);
    return 0;
}

static int eval_where_vars(jc_ctx *ctx, env *e, const ast *sig, env **we, jc_typeobj **tvars);
static int define_method(jc_ctx *ctx, env *e, env *we, const ast *sig, const ast *body, arena *a,
                         value *out, jc_typeobj *const *tvars, int ntv);

/* Splits a call signature into name, positional parameters and keyword parameters. */
int eval_define_function(jc_ctx *ctx, env *e, const ast *sig, const ast *body, arena *a,
                           value *out)
{
    if (sig->kind == A_WHERE) { /* f(x::T) where T<:Real: the variables, then the rest */
        env *we = NULL;
        jc_typeobj *tvars[TYPE_ENV_MAX];
        int ntv = eval_where_vars(ctx, e, sig, &we, tvars);
        if (ntv < 0)
            return -1;
        const ast *inner = sig;
        while (inner->kind == A_WHERE)
            inner = inner->kids[0];
        int r = define_method(ctx, e, we, inner, body, a, out, tvars, ntv);
        for (int i = 0; i < ntv; i++)
            type_release(tvars[i]);
        eval_scope_drop(ctx, we);
        return r;
    }
    return define_method(ctx, e, e, sig, body, a, out, NULL, 0);
}

/* The where clauses of a signature (outermost first) as type variables bound in a new
 * scope *we under e, where the parameter types are evaluated.  Returns how many. */
static int eval_where_vars(jc_ctx *ctx, env *e, const ast *sig, env **we, jc_typeobj **tvars)
{
    const ast *chain[64];
    int nchain = 0;
    for (const ast *w = sig; w->kind == A_WHERE && nchain < 64; w = w->kids[0])
        chain[nchain++] = w;
    *we = eval_scope_open(e, 0);
    int ntv = 0;
    for (int c = nchain - 1; c >= 0; c--)
        for (uint32_t k = 1; k < chain[c]->nkids; k++) {
            const ast *vars = chain[c]->kids[k];
            uint32_t nv = vars->kind == A_BRACES ? vars->nkids : 1;
            for (uint32_t j = 0; j < nv; j++) {
                const ast *v = vars->kind == A_BRACES ? vars->kids[j] : vars;
                const ast *ub = NULL;
                if (v->kind == A_SYNOP && v->nkids == 2 && !strcmp(sym_name(ctx, v->sym), "<:")) {
                    ub = v->kids[1];
                    v = v->kids[0];
                }
                if (v->kind != A_ID || ntv == TYPE_ENV_MAX) {
                    for (int i = 0; i < ntv; i++)
                        type_release(tvars[i]);
                    eval_scope_drop(ctx, *we);
                    return err_throw(ctx, ERR_SYNTAX, v, "invalid variable expression in \"where\"");
                }
                jc_typeobj *tv = type_new(TK_TYPEVAR);
                tv->sym = v->sym + 1;
                if (ub) {
                    value b;
                    if (eval_expr(ctx, *we, ub, &b) != 0 || b.type != T_TYPE) {
                        if (!ctx->err_set) {
                            val_release(b);
                            err_throw(ctx, ERR_TYPE, ub, "in TypeVar, expected Type, got a value");
                        }
                        type_release(tv);
                        for (int i = 0; i < ntv; i++)
                            type_release(tvars[i]);
                        eval_scope_drop(ctx, *we);
                        return -1;
                    }
                    tv->param = val_typeobj(b);
                }
                tvars[ntv++] = tv;
                eval_scope_define(ctx, *we, v->sym, val_retain(v_obj(T_TYPE, 0, &tv->h)));
            }
        }
    return ntv;
}

static int define_method(jc_ctx *ctx, env *e, env *we, const ast *sig, const ast *body, arena *a,
                         value *out, jc_typeobj *const *tvars, int ntv)
{
    const ast *rettype = NULL;
    if (sig->kind == A_TYPED && sig->nkids > 0) { /* f(x)::T = ... */
        rettype = sig->nkids == 2 ? sig->kids[1] : NULL;
        sig = sig->kids[0];
    }
    const ast *callee = sig->kind == A_CALL && sig->nkids >= 1 ? sig->kids[0] : NULL;
    int qualified = callee && callee->kind == A_DOT; /* Base.show(…) = …: the shared global */
    const ast *user = qualified ? eval_user_qualified(ctx, sig->kids[0], a) : NULL;
    if (user)
        callee = user;
    else if (qualified && !(callee = eval_qualified_name(ctx, sig->kids[0])))
        return eval_module_error(ctx, sig->kids[0]);
    /* Point{T}(x) where T = ...: a constructor of the applied type, whose first
     * (hidden) parameter is ::Type{Point{T}}; (p::Poly)(x) = ...: a method of the
     * callable objects' `#call#` whose first parameter is p */
    const ast *self = NULL;
    if (callee && callee->kind == A_PARENS && callee->nkids == 1 && callee->kids[0]->kind == A_TYPED) {
        self = callee->kids[0];
        ast *id = ast_new(a, A_ID, callee->off, 0, 0);
        id->sym = sym_intern(ctx, "#call#", 6);
        callee = id;
    }
    if (callee && callee->kind == A_CURLY && callee->nkids >= 1 && callee->kids[0]->kind == A_ID) {
        int tsym = callee->kids[0]->sym;
        if ((size_t)tsym < ctx->nglobals && ctx->globals[tsym].defined &&
            ctx->globals[tsym].v.type == T_TYPE && val_typeobj(ctx->globals[tsym].v)->def) {
            ast *ty = ast_new(a, A_ID, callee->off, 0, 0);
            ty->sym = sym_intern(ctx, "Type", 4);
            ast *cur = ast_new(a, A_CURLY, callee->off, callee->len, 2);
            cur->kids[0] = ty;
            cur->kids[1] = (ast *)callee;
            ast *typed = ast_new(a, A_TYPED, callee->off, callee->len, 1);
            typed->kids[0] = cur;
            typed->flags |= AF_PREFIX;
            self = typed;
            callee = callee->kids[0];
        }
    }
    if (!callee || callee->kind != A_ID)
        return err_throw(ctx, ERR_SYNTAX, sig, "invalid function signature");
    int name = callee->sym;
    value ctor_type = v_nothing();
    if ((size_t)name < ctx->nglobals && ctx->globals[name].defined &&
        ctx->globals[name].v.type == T_TYPE) {
        /* Point(x) = ...: a constructor, a method of the type's hidden function */
        sb tn = { 0 };
        const jc_typeobj *tt = val_typeobj(ctx->globals[name].v);
        if (tt->def)
            sb_puts(&tn, sym_name(ctx, tt->def->name));
        else
            type_name(ctx, &tn, tt);
        ctor_type = ctx->globals[name].v;
        name = eval_type_function_sym(ctx, tn.s, tn.len);
        sb_free(&tn);
    }
    const ast *params[256];
    int np = 0;
    const ast *kw = NULL;
    if (self)
        params[np++] = self;
    for (uint32_t i = 1; i < sig->nkids; i++) {
        if (sig->kids[i]->kind == A_PARAMETERS)
            kw = sig->kids[i];
        else if (np < 256)
            params[np++] = sig->kids[i];
        else
            return err_throw(ctx, ERR_SYNTAX, sig, "too many parameters");
    }
    /* find or create the function binding (local inside functions, else global) */
    value f = v_nothing();
    int found = 0;
    for (env *s = qualified ? NULL : e; s && !found; s = s->parent) {
        value *slot = eval_scope_slot(s, name);
        if (slot && slot->type == T_FUNCTION) {
            f = val_retain(*slot);
            found = 1;
        }
    }
    /* inside a function, f(x) = … defines a local function, as Julia's (unless f is
     * declared global, qualified as Base.f, a type's constructor or a callable's) */
    int in_function = 0;
    if (!qualified && ctor_type.type != T_TYPE && strcmp(sym_name(ctx, name), "#call#"))
        for (env *s = e; s && !eval_scope_declared_global(s, name); s = s->parent)
            in_function |= s->function;
    if (!found && !in_function && (size_t)name < ctx->nglobals && ctx->globals[name].defined &&
        ctx->globals[name].v.type == T_FUNCTION) {
        if (!ctx->globals[name].constant) /* f = x -> 1; f(x) = 2: a variable, not a function */
            return err_throw(ctx, ERR_ERROR, sig, "cannot define function %s; it already has a value",
                             sym_name(ctx, name));
        f = val_retain(ctx->globals[name].v);
        found = 1;
    }
    if (!found) {
        if (!in_function && (size_t)name < ctx->nglobals && ctx->globals[name].defined)
            return err_throw(ctx, ERR_ERROR, sig, "cannot define function %s; it already has a value",
                            sym_name(ctx, name));
        f = eval_func_new(eval_module_plain(ctx, name));
        if (in_function)
            eval_scope_define(ctx, e, name, val_retain(f));
        else {
            eval_set_global(ctx, name, val_retain(f));
            ctx->globals[name].constant = CONST_USER; /* f = 5 is a redefinition */
        }
    }
    ST(ctx)->defining_module = eval_module_of(ctx, name);
    ST(ctx)->defining_rettype = rettype;
    int added = add_methods(ctx, we, val_func(f), params, np, kw, body, a, sig, tvars, ntv);
    ST(ctx)->defining_module = 0;
    ST(ctx)->defining_rettype = NULL;
    if (added < 0) {
        val_release(f);
        return -1;
    }
    if (ctor_type.type == T_TYPE) { /* a constructor's definition gives the type */
        val_release(f);
        f = val_retain(ctor_type);
    } else if (!strcmp(sym_name(ctx, name), "#call#")) { /* (p::Poly)(x) = ...: nothing */
        val_release(f);
        f = v_nothing();
    }
    *out = f;
    return 0;
}

int eval_make_lambda(jc_ctx *ctx, env *e, const ast *n, arena *a, value *out)
{
    const ast *p = n->kids[0];
    const ast *params[256];
    int np = 0;
    const ast *kw = NULL;
    if (p->kind == A_TUPLE || p->kind == A_PARENS) {
        for (uint32_t i = 0; i < p->nkids && np < 256; i++) {
            if (p->kids[i]->kind == A_PARAMETERS)
                kw = p->kids[i];
            else
                params[np++] = p->kids[i];
        }
    } else
        params[np++] = p;
    char name[24];
    int len = snprintf(name, sizeof name, "#%d", ++ctx->anon_count);
    value f = eval_func_new(sym_intern(ctx, name, (size_t)len));
    if (add_methods(ctx, e, val_func(f), params, np, kw, n->kids[1], a, n, NULL, 0) < 0) {
        val_release(f);
        return -1;
    }
    *out = f;
    return 0;
}

int eval_make_lambda_of(jc_ctx *ctx, struct env *e, const ast *const *params, int np,
                        const ast *body, value *out)
{
    char name[24];
    int len = snprintf(name, sizeof name, "#%d", ++ctx->anon_count);
    value f = eval_func_new(sym_intern(ctx, name, (size_t)len));
    if (add_methods(ctx, e, val_func(f), params, np, NULL, body, ST(ctx)->cur_arena, body, NULL, 0) < 0) {
        val_release(f);
        return -1;
    }
    *out = f;
    return 0;
}


void eval_set_constant(jc_ctx *ctx, int sym)
{
    if ((size_t)sym < ctx->nglobals)
        ctx->globals[sym].constant = CONST_USER;
}
