/* eval_method.c — Julia's dispatch over a function's user methods: which methods apply
 * (types, where variables, varargs), which of them is the most specific, and the
 * MethodErrors when none is (ambiguity) or none applies ("Closest candidates are:");
 * also the text of a method's signature for those errors and for methods(f).
 *
 * Specificity is Julia's subtype rule over the call's positions: A is more specific than
 * B when each of A's parameter types is a subtype of B's and not all the other way
 * round; between equivalent signatures a fixed arity beats a varargs one and a
 * signature that ties arguments together with a repeated where variable (x::T, y::T)
 * beats one that does not.  Neither more specific than the other, with both applicable
 * and none more specific than both, is an ambiguity, as in Julia. */
#include <stdlib.h>
#include <string.h>

#include "eval_impl.h"
#include "lib/lib.h"
#include "array.h"
#include "show.h"
#include "parse.h"
#include "types.h"

/* The declared type of m's parameter at call position i (NULL: Any). */
static const jc_typeobj *param_at(const jc_method *m, int i)
{
    int fixed = m->nparams - (m->vararg ? 1 : 0);
    if (!m->ptypes)
        return NULL;
    return i < fixed ? m->ptypes[i] : m->ptypes[fixed];
}

static int arity_ok(const jc_method *m, int n)
{
    int fixed = m->nparams - (m->vararg ? 1 : 0);
    return m->vararg ? n >= fixed : m->nparams == n;
}

static void env_init(type_env *env, const jc_method *m)
{
    env->n = m->ntvars < TYPE_ENV_MAX ? m->ntvars : TYPE_ENV_MAX;
    for (int i = 0; i < env->n; i++) {
        env->var[i] = m->tvars[i];
        env->val[i] = NULL;
    }
}

static int applies(const jc_method *m, const jc_args *a, type_env *env)
{
    if (!arity_ok(m, a->n))
        return 0;
    env_init(env, m);
    for (int i = 0; i < a->n; i++) {
        const jc_typeobj *t = param_at(m, i);
        if (t && !type_isa_env(a->v[i], t, env)) {
            type_env_clear(env);
            return 0;
        }
    }
    return 1;
}

static const jc_typeobj any_type = { .h = { 1u << 30, T_TYPE, 0 }, .base = TA_ANY, .ndims = -1 };

static const jc_typeobj *or_any(const jc_typeobj *t) { return t ? t : &any_type; }

/* How many positions share a where variable with an earlier one: f(x::T, y::T). */
static int tied(const jc_method *m, int n)
{
    int k = 0;
    for (int i = 1; i < n; i++) {
        const jc_typeobj *t = param_at(m, i);
        if (!t || t->base != TK_TYPEVAR)
            continue;
        for (int j = 0; j < i; j++)
            if (param_at(m, j) == t) {
                k++;
                break;
            }
    }
    return k;
}

/* Whether a is more specific than b for a call with n arguments. */
static int more_specific(const jc_method *a, const jc_method *b, int n)
{
    int le = 1, ge = 1;
    int cmp = n > 0 ? n : 1;
    if (n == 0)
        return !a->vararg && b->vararg;
    for (int i = 0; i < cmp; i++) {
        const jc_typeobj *x = or_any(param_at(a, i)), *y = or_any(param_at(b, i));
        if (le && !type_subtype(x, y))
            le = 0;
        if (ge && !type_subtype(y, x))
            ge = 0;
    }
    if (le && !ge)
        return 1;
    if (!le || !ge)
        return 0;
    if (a->vararg != b->vararg)
        return !a->vararg;
    return tied(a, n) > tied(b, n);
}

int eval_method_outranks(const jc_method *d, const jc_method *m, const jc_args *a)
{
    type_env env;
    int ok = applies(d, a, &env);
    type_env_clear(&env);
    return ok && more_specific(d, m, a->n);
}

uint64_t eval_world_age(jc_ctx *ctx)
{
    const evstate *st = ST(ctx);
    return st->run_world ? st->run_world : st->world;
}

int eval_method_select(jc_ctx *ctx, const jc_func *fn, const jc_args *a, const jc_method **best,
                       type_env *env)
{
    const evstate *st = ST(ctx);
    if (fn->methods && !fn->methods->next) { /* one method: no comparing, no list */
        const jc_method *m = eval_visible(st, fn->methods);
        if (!m || !applies(m, a, env))
            return 0;
        *best = m;
        return 1;
    }
    const jc_method *cand[64];
    type_env local[4], *envs = local;
    int nc = 0, cap = 4;
    for (const jc_method *l = fn->methods; l; l = l->next) {
        const jc_method *m = eval_visible(st, l);
        if (!m)
            continue;
        if (nc == cap) {
            cap *= 2;
            if (envs == local) {
                envs = xmalloc((size_t)cap * sizeof *envs);
                memcpy(envs, local, sizeof local);
            } else
                envs = xrealloc(envs, (size_t)cap * sizeof *envs);
        }
        if (nc < 64 && applies(m, a, &envs[nc]))
            cand[nc++] = m;
    }
    if (!nc) {
        if (envs != local)
            free(envs);
        return 0;
    }
    int won = -1;
    for (int i = 0; i < nc && won < 0; i++) {
        int all = 1;
        for (int j = 0; j < nc && all; j++)
            if (j != i && !more_specific(cand[i], cand[j], a->n))
                all = 0;
        if (all)
            won = i;
    }
    int r = 1;
    if (won >= 0) {
        *best = cand[won];
        *env = envs[won];
        envs[won].n = 0;
    } else {
        /* ambiguous: the applicable methods no other is more specific than */
        const jc_method *amb[64];
        int na = 0;
        for (int i = 0; i < nc; i++) {
            int dominated = 0;
            for (int j = 0; j < nc && !dominated; j++)
                dominated = j != i && more_specific(cand[j], cand[i], a->n);
            if (!dominated)
                amb[na++] = cand[i];
        }
        const char *fname = fn->name >= 0 ? sym_name(ctx, fn->name) : "#anonymous";
        sb b = { 0 };
        sb_printf(&b, "%s(", fname);
        for (int i = 0; i < a->n; i++) {
            sb_puts(&b, i ? ", ::" : "::");
            type_name_of(ctx, &b, a->v[i]);
        }
        sb_puts(&b, ") is ambiguous.\n\nCandidates:\n");
        for (int i = 0; i < na; i++) {
            sb_puts(&b, "  ");
            eval_method_sig(ctx, &b, fname, amb[i], 1);
            sb_printf(&b, "\n    @ %s ", eval_method_module(ctx, amb[i]));
            eval_method_loc(ctx, &b, amb[i]);
            sb_putc(&b, '\n');
        }
        /* the intersection of two candidates, when it is a plain signature */
        int simple = na == 2 && !amb[0]->ntvars && !amb[1]->ntvars && !amb[0]->vararg && !amb[1]->vararg;
        sb fix = { 0 };
        for (int i = 0; simple && i < a->n; i++) {
            const jc_typeobj *x = or_any(param_at(amb[0], i)), *y = or_any(param_at(amb[1], i));
            const jc_typeobj *t = type_subtype(x, y) ? x : type_subtype(y, x) ? y : NULL;
            if (!t) {
                simple = 0;
                break;
            }
            sb_puts(&fix, i ? ", ::" : "::");
            type_name(ctx, &fix, t);
        }
        if (simple)
            sb_printf(&b, "\nPossible fix, define\n  %s(%s)\n", fname, sb_str(&fix));
        else
            sb_puts(&b, "\nTo resolve the ambiguity, try making one of the methods more specific, "
                        "or adding a new method more specific than any of the existing applicable "
                        "methods.\n");
        sb_free(&fix);
        err_throw(ctx, ERR_METHOD, a->site, "%s", sb_str(&b));
        sb_free(&b);
        lib_method_error_value(ctx, v_obj(T_FUNCTION, 0, (obj *)&fn->h), a);
        r = -1;
    }
    for (int i = 0; i < nc; i++)
        type_env_clear(&envs[i]);
    if (envs != local)
        free(envs);
    return r;
}

/* The file ("none" for no file) and line of a method's definition. */
static int method_line_of(const jc_method *m, const char **file)
{
    size_t len = 0;
    int first = 1, line = 1, col = 1;
    *file = NULL;
    const char *src = m->arena ? arena_source(m->arena, &len, file, &first) : NULL;
    if (src && m->site)
        err_position_in(src, len, first, m->site->off, &line, &col);
    if (!*file)
        *file = "none";
    return line;
}

void eval_method_loc(jc_ctx *ctx, sb *out, const jc_method *m)
{
    const char *file;
    int line = method_line_of(m, &file);
    (void)ctx;
    sb_printf(out, "%s:%d", file, line);
}

static void where_suffix(jc_ctx *ctx, sb *out, const jc_method *m)
{
    type_where_suffix(ctx, out, m->tvars, m->ntvars);
}

/* "; a, b, kw..." for the keywords m takes (Julia's kwarg_decl), nothing for none. */
static void kw_decl(jc_ctx *ctx, sb *out, const jc_method *m)
{
    for (int k = m->nposopt; k < m->nkw; k++)
        sb_printf(out, "%s%s%s", k == m->nposopt ? "; " : ", ", sym_name(ctx, m->kwparams[k]),
                  k == m->kwrest - 1 ? "..." : "");
}

void eval_method_sig(jc_ctx *ctx, sb *out, const char *fname, const jc_method *m, int names)
{
    sb_printf(out, "%s(", fname);
    int unused = sym_find(ctx, "#unused#", 8);
    for (int i = 0; i < m->nparams; i++) {
        if (i)
            sb_puts(out, ", ");
        const jc_typeobj *t = m->ptypes ? m->ptypes[i] : NULL;
        if (names && m->params[i] != unused)
            sb_puts(out, sym_name(ctx, eval_module_plain(ctx, m->params[i])));
        if (t || !names || m->params[i] == unused) {
            sb_puts(out, "::");
            type_name(ctx, out, t);
        }
        if (m->vararg && i == m->nparams - 1)
            sb_puts(out, "...");
    }
    if (names)
        kw_decl(ctx, out, m);
    sb_putc(out, ')');
    where_suffix(ctx, out, m);
}

/* Whether one of m's keyword parameters is named sym. */
static int kw_taken(const jc_method *m, int sym)
{
    for (int k = m->nposopt; k < m->nkw; k++)
        if (m->kwparams[k] == sym)
            return 1;
    return 0;
}

/* Julia's candidate line: ::T where the argument fits, !Matched::T where it does not. */
static int candidate_line(jc_ctx *ctx, sb *out, const char *fname, const jc_method *m, const jc_args *a)
{
    int matches = 0;
    sb_printf(out, "  %s(", fname);
    int fixed = m->nparams - (m->vararg ? 1 : 0);
    type_env env; /* shared: f(::T, !Matched::T) where T for f(1, 2.0) */
    env_init(&env, m);
    for (int i = 0; i < m->nparams; i++) {
        if (i)
            sb_puts(out, ", ");
        const jc_typeobj *t = or_any(param_at(m, i));
        int ok = i < a->n;
        for (int j = i; ok && j < (i < fixed ? i + 1 : a->n); j++)
            ok = type_isa_env(a->v[j], t, &env);
        matches += ok;
        sb_puts(out, ok ? "::" : "!Matched::");
        type_name(ctx, out, t);
        if (i >= fixed)
            sb_puts(out, "...");
    }
    type_env_clear(&env);
    kw_decl(ctx, out, m); /* the keywords it takes, then those of the call it does not */
    sb_putc(out, ')');
    where_suffix(ctx, out, m);
    int unexpected = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0, seen = 0; j < a->nkw && !m->kwrest; j++) {
            if (kw_taken(m, a->kw[j]))
                continue;
            if (!pass)
                unexpected++;
            else
                sb_printf(out, "%s%s\"", seen++ ? ", \"" : unexpected > 1 ? " got unsupported keyword arguments \""
                          : " got unsupported keyword argument \"", sym_name(ctx, a->kw[j]));
        }
    if (eval_too_new(ST(ctx), m))
        sb_puts(out, " (method too new to be called from this world context.)");
    sb_printf(out, "\n   @ %s ", eval_method_module(ctx, m));
    eval_method_loc(ctx, out, m);
    sb_putc(out, '\n');
    return matches;
}

int eval_method_nomatch(jc_ctx *ctx, const char *name, const jc_func *fn, const jc_args *a)
{
    sb b = { 0 };
    lib_method_error_text(ctx, &b, name, a);
    const evstate *st = ST(ctx);
    for (const jc_method *m = fn->methods; m && st->run_world; m = m->next) {
        type_env env;
        env_init(&env, m);
        int fits = eval_too_new(st, m) && applies(m, a, &env);
        type_env_clear(&env);
        if (fits) {
            sb_printf(&b, "\nThe applicable method may be too new: running in world age %llu, "
                      "while current world is %llu.", (unsigned long long)st->run_world,
                      (unsigned long long)st->world);
            break;
        }
    }
    /* every method with a matching position (all of them for a call of fewer than two
     * arguments), most matches first, at most three */
    struct cand { sb text; int matches; } c[64];
    int nc = 0, total = 0;
    for (const jc_method *m = fn->methods; m; m = m->next) {
        sb t = { 0 };
        int k = candidate_line(ctx, &t, name, m, a);
        if ((k > 0 || a->n < 2) && nc < 64) {
            c[nc].text = t;
            c[nc++].matches = k;
            total++;
        } else
            sb_free(&t);
    }
    /* Julia lists methods oldest first before sorting; ours are newest first */
    for (int i = 0, j = nc - 1; i < j; i++, j--) {
        struct cand tmp = c[i];
        c[i] = c[j];
        c[j] = tmp;
    }
    for (int i = 1; i < nc; i++) /* stable, by matches descending */
        for (int j = i; j > 0 && c[j].matches > c[j - 1].matches; j--) {
            struct cand tmp = c[j];
            c[j] = c[j - 1];
            c[j - 1] = tmp;
        }
    if (nc) {
        sb_puts(&b, "\n\nClosest candidates are:\n");
        for (int i = 0; i < nc && i < 3; i++)
            sb_puts(&b, sb_str(&c[i].text));
        if (nc > 3)
            sb_puts(&b, "  ...\n");
    }
    (void)total;
    for (int i = 0; i < nc; i++)
        sb_free(&c[i].text);
    err_throw(ctx, ERR_METHOD, a->site, "%s", sb_str(&b));
    sb_free(&b);
    lib_method_error_value(ctx, v_obj(T_FUNCTION, 0, (obj *)&fn->h), a);
    return -1;
}

value eval_display_text(const char *s, size_t n)
{
    value v = v_string(s, n);
    v.sub = STR_DISPLAY;
    return v;
}

/* ---- methods(f): Base's MethodList of Method values ----
 *
 * A Method has Julia's fields name, module, file, line, sig (Tuple{typeof(f), T...},
 * Type{T} first for a constructor; Tuple itself for a builtin's row, as for Julia's
 * builtins), nargs (the function itself counted), nkw and isva; a MethodList holds them
 * in ms, most specific first, and the function in mt.  length, iterate, getindex, first
 * and collect see ms.  A Method shows as its signature and location, found again from
 * the function that sig names (a method redefined since shows as the new one). */

static void method_types(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    if (st->method_type)
        return;
    st->method_type = eval_base_struct(ctx, "Method", 0, NULL, 8, (const char *const[]){
        "name", "module", "file", "line", "sig", "nargs", "nkw", "isva" }, 1);
    st->mlist_type = eval_base_struct(ctx, "Base.MethodList", 0, NULL, 2,
                                      (const char *const[]){ "ms", "mt" }, 1);
}

int eval_method_type_named(jc_ctx *ctx, const char *name, int in_base, value *out)
{
    int m = !strcmp(name, "Method"), l = in_base && !strcmp(name, "MethodList");
    if (!m && !l)
        return 0;
    method_types(ctx);
    *out = val_retain(v_obj(T_TYPE, 0, &(m ? ST(ctx)->method_type : ST(ctx)->mlist_type)->h));
    return 1;
}

/* 1 for a Method value, 2 for a MethodList, else 0. */
static int method_kind(jc_ctx *ctx, value v)
{
    evstate *st = ST(ctx);
    if (v.type != T_STRUCT || !st->method_type)
        return 0;
    const jc_typedef *d = val_struct(v)->type->def;
    return d == st->method_type->def ? 1 : d == st->mlist_type->def ? 2 : 0;
}

int eval_method_list_items(jc_ctx *ctx, value *v)
{
    if (method_kind(ctx, *v) != 2)
        return 0;
    *v = val_struct(*v)->v[0];
    return 1;
}

/* length, isempty, getindex and iterate of a MethodList are those of its ms. */
static int bi_mlist(jc_ctx *ctx, value *out, const jc_args *a)
{
    value args[3];
    if (a->n > 3 || !a->n)
        return LIB_DECLINE;
    memcpy(args, a->v, (size_t)a->n * sizeof *args);
    if (!eval_method_list_items(ctx, &args[0]))
        return LIB_DECLINE;
    return eval_call_global(ctx, (const char *)a->data, a->n, args, a->site, out);
}

/* invokelatest(f, args...): f called in the latest world, not the running call's. */
static int bi_invokelatest(jc_ctx *ctx, value *out, const jc_args *a)
{
    evstate *st = ST(ctx);
    uint64_t world = st->run_world;
    st->run_world = 0;
    int r = eval_call(ctx, a->v[0], a->n - 1, a->v + 1, a->site, out);
    st->run_world = world;
    return r < 0 ? -1 : 0;
}

const builtin lib_methods[] = {
    { "invokelatest", 1, -1, bi_invokelatest, LIB_HELP("invokelatest(f, args...)",
      "Call f(args...) in the latest world: a method defined (by eval) since the running\n"
      "  call began is seen, as it is not by a plain call (world age)."), NULL, NULL },
    { "length", 1, 1, bi_mlist, NULL, NULL, "length" },
    { "isempty", 1, 1, bi_mlist, NULL, NULL, "isempty" },
    { "getindex", 2, 2, bi_mlist, NULL, NULL, "getindex" },
    { "iterate", 1, 2, bi_mlist, NULL, NULL, "iterate" },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};

/* f's user methods, most specific first among those that overlap, otherwise in the
 * order of definition: *out malloc'd, the count returned. */
static int sorted_methods(const jc_func *f, const jc_method ***out)
{
    int n = 0;
    for (const jc_method *m = f->methods; m; m = m->next)
        n++;
    const jc_method **v = xmalloc((size_t)(n + 1) * sizeof *v);
    int k = n;
    for (const jc_method *m = f->methods; m; m = m->next)
        v[--k] = m; /* oldest first */
    for (int i = 1; i < n; i++) /* insertion: move a method before the ones it beats */
        for (int j = i; j > 0; j--) {
            int ar = v[j]->nparams > v[j - 1]->nparams ? v[j]->nparams : v[j - 1]->nparams;
            if (!more_specific(v[j], v[j - 1], ar))
                break;
            const jc_method *t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    *out = v;
    return n;
}

/* The name f shows (a constructor's is its type's, a module's function its own). */
static const char *func_name(jc_ctx *ctx, const jc_func *f, int *constructor)
{
    const char *name = f->name >= 0 ? sym_name(ctx, eval_module_plain(ctx, f->name)) : "#anonymous";
    *constructor = !strncmp(name, "#type:", 6);
    return *constructor ? name + 6 : name;
}

static value int32v(int64_t i)
{
    value v = { T_INT32, 0, { .i = i } };
    return v;
}

/* Tuple{typeof(f), T...} (Type{T} first for a constructor) of a user method; Tuple for
 * a builtin row (m NULL). */
static value method_sig(jc_ctx *ctx, value fv, int constructor, const char *tname, const jc_method *m)
{
    jc_typeobj *t = type_new(T_TUPLE);
    if (!m) { /* Tuple, that is Tuple{Vararg} */
        t->nelts = 1;
        t->elts = xcalloc(1, sizeof *t->elts);
        t->elts[0] = type_new(TK_VARARG);
        return v_obj(T_TYPE, 0, &t->h);
    }
    t->nelts = (size_t)m->nparams + 1;
    t->elts = xcalloc(t->nelts, sizeof *t->elts);
    value first = v_nothing();
    if (constructor && eval_get_global(ctx, tname, &first) == 0 && first.type == T_TYPE) {
        jc_typeobj *ty = type_new(TK_TYPE);
        ty->param = type_retain(val_typeobj(first));
        t->elts[0] = ty;
    } else
        t->elts[0] = type_typeof(fv);
    val_release(first);
    for (int i = 0; i < m->nparams; i++) {
        jc_typeobj *p = m->ptypes && m->ptypes[i] ? type_retain(m->ptypes[i]) : type_new(TA_ANY);
        if (m->vararg && i == m->nparams - 1) {
            jc_typeobj *va = type_new(TK_VARARG);
            va->param = p;
            p = va;
        }
        t->elts[i + 1] = p;
    }
    return v_obj(T_TYPE, 0, &t->h);
}

/* A Method value of the given fields (name the function's or type's). */
static int method_value(jc_ctx *ctx, const char *name, int module, const char *file, int line,
                        value sig, int nargs, int nkw, int isva, value *out)
{
    value fields[8];
    fields[0] = (value){ T_SYMBOL, 0, { .i = sym_intern(ctx, name, strlen(name)) } };
    fields[1] = (value){ T_SYMBOL, SYM_MODULE, { .i = module } };
    fields[2] = (value){ T_SYMBOL, 0, { .i = sym_intern(ctx, file, strlen(file)) } };
    fields[3] = int32v(line);
    fields[4] = sig;
    fields[5] = int32v(nargs);
    fields[6] = int32v(nkw);
    fields[7] = v_bool(isva);
    jc_args a = { .n = 8, .v = fields };
    int r = eval_struct_call(ctx, v_obj(T_TYPE, 0, &ST(ctx)->method_type->h), &a, out);
    val_release(sig);
    return r;
}

static int make_method(jc_ctx *ctx, value fv, const jc_method *m, const builtin *row, value *out)
{
    int ctor;
    const char *name = func_name(ctx, val_func(fv), &ctor);
    int msym = m ? m->module : 0;
    const char *file = "none";
    int line = m ? method_line_of(m, &file) : 0;
    int nargs = m ? m->nparams + 1 : row->max_args < 0 ? row->min_args + 2 : row->max_args + 1;
    return method_value(ctx, name, msym ? msym : sym_intern(ctx, m ? "Main" : "Base", 4), file, line,
                        method_sig(ctx, fv, ctor, name, m), nargs, m ? m->nkw : 0,
                        m ? m->vararg : row->max_args < 0, out);
}

/* Default constructor k of type value tv (its declaration d): sig Tuple{Type{P}, T...}. */
static int make_default(jc_ctx *ctx, value tv, const jc_typedef *d, int k, value *out)
{
    jc_typeobj *t = type_new(T_TUPLE);
    t->nelts = (size_t)d->nfields + 1;
    t->elts = xcalloc(t->nelts, sizeof *t->elts);
    t->elts[0] = type_new(TK_TYPE);
    t->elts[0]->param = type_retain(val_typeobj(tv));
    for (int i = 0; i < d->nfields; i++) {
        jc_typeobj *ft = k == 0 && d->ftypes ? d->ftypes[i] : NULL;
        t->elts[i + 1] = ft ? type_retain(ft) : type_new(TA_ANY);
    }
    const char *name = sym_name(ctx, d->name);
    return method_value(ctx, name, sym_intern(ctx, d->in_base ? "Base" : "Main", 4),
                        d->file ? d->file : "none", d->line, v_obj(T_TYPE, 0, &t->h),
                        d->nfields + 1, 0, 0, out);
}

/* The MethodList of function fv, type tv's default constructors first when tv is one. */
static int methods_value(jc_ctx *ctx, value fv, value tv, value *out)
{
    method_types(ctx);
    const jc_func *f = val_func(fv);
    const jc_typedef *d = tv.type == T_TYPE ? val_typeobj(tv)->def : NULL;
    const jc_method **v;
    int nd = eval_default_ctors(d), n = sorted_methods(f, &v), total = nd + n + f->nrows, r = 0;
    value *ms = xmalloc((size_t)(total + 1) * sizeof *ms);
    int made = 0;
    for (int i = 0; i < total && r == 0; i++) {
        if (i < nd)
            r = make_default(ctx, tv, d, i, &ms[i]);
        else
            r = make_method(ctx, fv, i < nd + n ? v[i - nd] : NULL,
                            i < nd + n ? NULL : f->rows[i - nd - n], &ms[i]);
        made += r == 0;
    }
    free(v);
    if (r < 0) {
        val_release_n(ms, (size_t)made);
        free(ms);
        return -1;
    }
    int64_t len = total;
    value vec = array_from_values(ctx, ms, len, 1, &len, ST(ctx)->method_type); /* takes them */
    free(ms);
    value fields[2] = { vec, fv };
    jc_args a = { .n = 2, .v = fields };
    r = eval_struct_call(ctx, v_obj(T_TYPE, 0, &ST(ctx)->mlist_type->h), &a, out);
    val_release(vec);
    return r;
}

int eval_methods_of(jc_ctx *ctx, value x, value *out)
{
    value tv = v_nothing(), made = v_nothing();
    if (x.type == T_TYPE) { /* a type's constructors: a struct's defaults and its methods */
        const jc_typeobj *t = val_typeobj(x);
        if (!t->def)
            return 0;
        tv = x;
        const char *tn = sym_name(ctx, t->def->name);
        int sym = eval_type_function_sym(ctx, tn, strlen(tn));
        if ((size_t)sym < ctx->nglobals && ctx->globals[sym].defined)
            x = ctx->globals[sym].v;
        else /* none defined: its defaults only, or no method */
            x = made = eval_func_new(sym);
    }
    if (x.type != T_FUNCTION)
        return 0;
    int r = methods_value(ctx, x, tv, out);
    val_release(made);
    return r < 0 ? -1 : 1;
}

/* The user method a Method value stands for, found again from the function its sig
 * names, by its line and parameter types; NULL for a builtin row or one since gone. */
static const jc_method *method_of(jc_ctx *ctx, const jc_struct *s, const jc_func **fout)
{
    if (s->v[4].type != T_TYPE || val_typeobj(s->v[4])->base != T_TUPLE || !val_typeobj(s->v[4])->nelts)
        return NULL;
    const jc_typeobj *sig = val_typeobj(s->v[4]), *f0 = sig->elts[0];
    int fsym = -1;
    if (f0->base == T_FUNCTION && f0->sym)
        fsym = f0->sym - 1;
    else if (f0->base == TK_TYPE && s->v[0].type == T_SYMBOL) {
        const char *tn = sym_name(ctx, (int)s->v[0].u.i);
        fsym = eval_type_function_sym(ctx, tn, strlen(tn));
    }
    const jc_func *f = *fout; /* the list's function, or NULL: the one sig names */
    if (!f) {
        if (fsym < 0 || (size_t)fsym >= ctx->nglobals || !ctx->globals[fsym].defined ||
            ctx->globals[fsym].v.type != T_FUNCTION)
            return NULL;
        f = val_func(ctx->globals[fsym].v);
    }
    for (const jc_method *m = f->methods; m; m = m->next) {
        if ((size_t)m->nparams + 1 != sig->nelts)
            continue;
        int same = 1;
        for (int i = 0; i < m->nparams && same; i++) {
            const jc_typeobj *p = sig->elts[i + 1];
            if (m->vararg && i == m->nparams - 1 && p->base == TK_VARARG)
                p = p->param;
            const jc_typeobj *q = m->ptypes ? m->ptypes[i] : NULL;
            same = q ? type_equal(p, q) : p->base == TA_ANY;
        }
        const char *file;
        if (same && method_line_of(m, &file) == s->v[3].u.i)
            return m;
    }
    return NULL;
}

/* A Method's signature: f(x::Int64), P(x::T) where T for a default constructor (its
 * sig Tuple{Type{P}, T...}, the names P's fields), or f(...) for a builtin's row. */
static void method_line(jc_ctx *ctx, sb *out, const jc_struct *s, const jc_method *m)
{
    const char *name = s->v[0].type == T_SYMBOL ? sym_name(ctx, (int)s->v[0].u.i) : "?";
    const jc_typeobj *sig = s->v[4].type == T_TYPE ? val_typeobj(s->v[4]) : NULL;
    const jc_typedef *d = sig && sig->base == T_TUPLE && sig->nelts && sig->elts[0]->base == TK_TYPE &&
                          sig->elts[0]->param ? sig->elts[0]->param->def : NULL;
    if (m)
        eval_method_sig(ctx, out, name, m, 1);
    else if (d && (size_t)d->nfields + 1 == sig->nelts) {
        sb_printf(out, "%s(", name);
        for (int i = 0; i < d->nfields; i++) {
            const jc_typeobj *t = sig->elts[i + 1];
            sb_printf(out, "%s%s", i ? ", " : "", sym_name(ctx, d->fnames[i]));
            if (!type_is_any(t)) {
                sb_puts(out, "::");
                type_name(ctx, out, t);
            }
        }
        sb_putc(out, ')');
        type_where_suffix(ctx, out, d->pvars, d->nparams);
    } else
        sb_printf(out, "%s(...)", name);
}

/* A Method's location: @ Main none:1 (the module left out when it is the list's). */
static void method_where(jc_ctx *ctx, sb *out, const jc_struct *s, int module)
{
    sb_puts(out, "@ ");
    if (module && s->v[1].type == T_SYMBOL) {
        sb_puts(out, sym_name(ctx, (int)s->v[1].u.i));
        if (s->v[3].u.i <= 0)
            return;
        sb_putc(out, ' ');
    }
    if (s->v[2].type == T_SYMBOL)
        sb_printf(out, "%s:%d", sym_name(ctx, (int)s->v[2].u.i), (int)s->v[3].u.i);
}

int eval_method_show(jc_ctx *ctx, sb *out, value v, int mode)
{
    int kind = method_kind(ctx, v);
    if (!kind)
        return 0;
    jc_struct *s = val_struct(v);
    if (kind == 2) {
        if (s->v[1].type == T_FUNCTION && s->v[0].type == T_ARRAY)
            eval_methods_text(ctx, out, val_func(s->v[1]), s->v[0]);
        return 1;
    }
    const jc_func *f = NULL;
    const jc_method *m = method_of(ctx, s, &f);
    method_line(ctx, out, s, m);
    sb_puts(out, mode == SHOW_PLAIN ? "\n     " : " ");
    method_where(ctx, out, s, 1);
    return 1;
}

/* methods(f): Julia's listing of a MethodList's ms, f the function it lists. */
void eval_methods_text(jc_ctx *ctx, sb *out, const jc_func *f, value ms)
{
    int64_t n = array_length(ms);
    int ctor;
    const char *name = func_name(ctx, f, &ctor);
    const jc_method *oldest = f->methods; /* the function's module is its first method's */
    while (oldest && oldest->next)
        oldest = oldest->next;
    int nuser = oldest != NULL;
    const char *module = oldest ? eval_method_module(ctx, oldest) : "Base";
    if (ctor)
        sb_printf(out, "# %lld method%s for type constructor", (long long)n, n == 1 ? "" : "s");
    else if (name[0] == '#') /* no global has that name: Julia names no module */
        sb_printf(out, "# %lld method%s for anonymous function \"%s\"", (long long)n, n == 1 ? "" : "s", name);
    else
        sb_printf(out, "# %lld method%s for %s \"%s\" from %s", (long long)n, n == 1 ? "" : "s",
                  nuser ? "generic function" : "builtin function",
                  name, nuser ? module : "Base");
    if (n)
        sb_putc(out, ':');
    int width = n >= 100 ? 3 : n >= 10 ? 2 : 1;
    for (int64_t i = 0; i < n; i++) {
        value x;
        if (array_get_linear(ctx, ms, i, &x) < 0) {
            err_clear(ctx);
            break;
        }
        if (method_kind(ctx, x) != 1) {
            val_release(x);
            continue;
        }
        const jc_struct *s = val_struct(x);
        sb_printf(out, "\n %*s[%lld] ", width - (i + 1 >= 100 ? 3 : i + 1 >= 10 ? 2 : 1), "", (long long)i + 1);
        method_line(ctx, out, s, method_of(ctx, s, &f)); /* f: the list's */
        sb_printf(out, "\n%*s", width + 4, "");
        method_where(ctx, out, s, s->v[3].u.i <= 0);
        val_release(x);
    }
}
