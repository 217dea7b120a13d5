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

#include "eval.h"
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

int eval_method_select(jc_ctx *ctx, const jc_func *fn, const jc_args *a, const jc_method **best,
                       type_env *env)
{
    if (fn->methods && !fn->methods->next) { /* one method: no comparing, no list */
        if (!applies(fn->methods, a, env))
            return 0;
        *best = fn->methods;
        return 1;
    }
    const jc_method *cand[64];
    type_env local[4], *envs = local;
    int nc = 0, cap = 4;
    for (const jc_method *m = fn->methods; m; m = m->next) {
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
        r = -1;
    }
    for (int i = 0; i < nc; i++)
        type_env_clear(&envs[i]);
    if (envs != local)
        free(envs);
    return r;
}

void eval_method_loc(jc_ctx *ctx, sb *out, const jc_method *m)
{
    size_t len = 0;
    const char *name = NULL;
    int first = 1, line = 1, col = 1;
    const char *src = m->arena ? arena_source(m->arena, &len, &name, &first) : NULL;
    if (src && m->site)
        err_position_in(src, len, first, m->site->off, &line, &col);
    (void)ctx;
    sb_printf(out, "%s:%d", name ? name : "none", line);
}

static void where_suffix(jc_ctx *ctx, sb *out, const jc_method *m)
{
    type_where_suffix(ctx, out, m->tvars, m->ntvars);
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
    sb_putc(out, ')');
    where_suffix(ctx, out, m);
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
    sb_putc(out, ')');
    where_suffix(ctx, out, m);
    sb_printf(out, "\n   @ %s ", eval_method_module(ctx, m));
    eval_method_loc(ctx, out, m);
    sb_putc(out, '\n');
    return matches;
}

int eval_method_nomatch(jc_ctx *ctx, const char *name, const jc_func *fn, const jc_args *a)
{
    sb b = { 0 };
    sb_printf(&b, "no method matching %s(", name);
    for (int i = 0; i < a->n; i++) {
        sb_puts(&b, i ? ", ::" : "::");
        type_name_of(ctx, &b, a->v[i]);
    }
    for (int i = 0; i < a->nkw; i++) {
        sb_puts(&b, i ? ", " : "; ");
        sb_printf(&b, "%s::", sym_name(ctx, a->kw[i]));
        type_name_of(ctx, &b, a->kwv[i]);
    }
    sb_putc(&b, ')');
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
    return -1;
}

value eval_display_text(const char *s, size_t n)
{
    value v = v_string(s, n);
    v.sub = STR_DISPLAY;
    return v;
}

/* methods(f): Julia's listing, a more specific method before a less specific one it
 * overlaps, otherwise in the order of definition. */
void eval_methods_text(jc_ctx *ctx, sb *out, const jc_func *f)
{
    const char *name = f->name >= 0 ? sym_name(ctx, f->name) : "#anonymous";
    int hidden = !strncmp(name, "#type:", 6);
    if (hidden)
        name += 6;
    int n = 0;
    for (const jc_method *m = f->methods; m; m = m->next)
        n++;
    if (!n) {
        sb_printf(out, "# %d method%s for %s function \"%s\" from Base", f->nrows,
                  f->nrows == 1 ? "" : "s", "builtin", name);
        if (f->nrows)
            sb_putc(out, ':');
        return;
    }
    const jc_method **v = xmalloc((size_t)n * sizeof *v);
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
    int width = n >= 100 ? 3 : n >= 10 ? 2 : 1;
    const jc_method *oldest = f->methods; /* the function's module is its first method's */
    while (oldest && oldest->next)
        oldest = oldest->next;
    if (hidden)
        sb_printf(out, "# %d method%s for type constructor:", n, n == 1 ? "" : "s");
    else
        sb_printf(out, "# %d method%s for %s \"%s\" from %s:", n, n == 1 ? "" : "s",
                  name[0] == '#' ? "anonymous function" : "generic function", name,
                  eval_method_module(ctx, oldest));
    for (int i = 0; i < n; i++) {
        sb_printf(out, "\n %*s[%d] ", width - (i + 1 >= 100 ? 3 : i + 1 >= 10 ? 2 : 1), "", i + 1);
        eval_method_sig(ctx, out, name, v[i], 1);
        sb_printf(out, "\n%*s@ ", width + 4, "");
        eval_method_loc(ctx, out, v[i]);
    }
    free(v);
}
