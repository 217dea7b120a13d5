/* eval_module.c — user modules: module M … end, export, using .M, import .M: f, M.x.
 *
 * A module's globals are globals of the context under qualified names: x defined in
 * module M is the global "Main.M.x", M's value is the module named "Main.M" (which is
 * how Julia prints it), and a type defined there prints as Main.M.P, as Julia's.
 * Before the body runs, one walk finds the names the module defines at its top level
 * (assignments, functions, macros, types, constants, and names any function of it
 * declares global) and renames every use of them in the body to the qualified name, so
 * that the body and the functions it defines read and assign the module's globals
 * whatever scope they run in.  A name the body uses that is one of Main's globals is
 * renamed too (Main's globals are not seen from a module); the builtins are.  Keyword
 * names, field names and quoted code are not names of variables and keep their text; a
 * name also used as a keyword is not renamed (it stays Main's).
 *
 * `export` lists the names `using .M` binds where it runs (Main, or the module whose
 * body runs); `using .M: a` and `import .M: a` bind the names given.  A binding made by
 * using is the value the module's global had then (a function is the same object, so
 * later methods are seen). */
#include "eval_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "parse.h"

typedef struct jc_module {
    int sym;          /* "Main.M" */
    int *exports;     /* plain names */
    int nexports;
    int *qual;        /* per plain symbol: 1 + its qualified symbol, 0 until asked */
    size_t nqual;
} jc_module;

/* The context's modules, kept in the evaluator's state. */
typedef struct modtab {
    jc_module *m;
    int n, cap;
} modtab;

static modtab *mods(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    if (!st->modules)
        st->modules = xcalloc(1, sizeof(modtab));
    return st->modules;
}

static jc_module *module_find(jc_ctx *ctx, int sym)
{
    evstate *st = ST(ctx);
    if (!st->modules)
        return NULL;
    modtab *t = st->modules;
    for (int i = 0; i < t->n; i++)
        if (t->m[i].sym == sym)
            return &t->m[i];
    return NULL;
}

void eval_modules_free(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    modtab *t = st->modules;
    if (!t)
        return;
    for (int i = 0; i < t->n; i++) {
        free(t->m[i].exports);
        free(t->m[i].qual);
    }
    free(t->m);
    free(t);
    st->modules = NULL;
}

/* "Main.M.name" */
static int qualify(jc_ctx *ctx, int msym, int sym)
{
    sb q = { 0 };
    sb_printf(&q, "%s.%s", sym_name(ctx, msym), sym_name(ctx, sym));
    int r = sym_intern(ctx, q.s, q.len);
    sb_free(&q);
    return r;
}

/* qualify for a registered module, remembered: M.f in a loop asks each time. */
static int qualify_in(jc_ctx *ctx, jc_module *m, int sym)
{
    if ((size_t)sym >= m->nqual) {
        size_t n = m->nqual ? m->nqual : 64;
        while (n <= (size_t)sym)
            n *= 2;
        m->qual = xrealloc(m->qual, n * sizeof *m->qual);
        memset(m->qual + m->nqual, 0, (n - m->nqual) * sizeof *m->qual);
        m->nqual = n;
    }
    if (!m->qual[sym])
        m->qual[sym] = 1 + qualify(ctx, m->sym, sym);
    return m->qual[sym] - 1;
}

static value module_value_of(int msym)
{
    value v = { T_SYMBOL, SYM_MODULE, { .i = msym } };
    return v;
}

/* The module a relative path with dots leading dots starts from, seen from module msym
 * (0: Main): . is msym itself, each further dot its parent. */
static int module_base(jc_ctx *ctx, int msym, int dots)
{
    int main = sym_intern(ctx, "Main", 4);
    int base = msym ? msym : main;
    for (int d = 1; d < dots && base != main; d++) {
        const char *s = sym_name(ctx, base);
        const char *dot = strrchr(s, '.');
        base = dot ? sym_intern(ctx, s, (size_t)(dot - s)) : main;
    }
    return base;
}

/* The length of the longest registered module name that, with a dot, begins s. */
static size_t module_prefix(jc_ctx *ctx, const char *s)
{
    evstate *st = ST(ctx);
    size_t best = 0;
    if (!st || !st->modules || strncmp(s, "Main.", 5))
        return 0;
    modtab *t = st->modules;
    for (int i = 0; i < t->n; i++) {
        const char *m = sym_name(ctx, t->m[i].sym);
        size_t n = strlen(m);
        if (n > best && !strncmp(s, m, n) && s[n] == '.' && s[n + 1])
            best = n;
    }
    return best;
}

/* The module x names inside module base: its submodule, or base itself (a module's
 * name is bound in it: using ..Parent from a submodule). */
static jc_module *module_of_path(jc_ctx *ctx, int base, int x)
{
    jc_module *m = module_find(ctx, qualify(ctx, base, x));
    if (m)
        return m;
    const char *b = sym_name(ctx, base), *dot = strrchr(b, '.');
    return dot && !strcmp(dot + 1, sym_name(ctx, x)) ? module_find(ctx, base) : NULL;
}

int eval_module_plain(jc_ctx *ctx, int sym)
{
    const char *s = sym_name(ctx, sym);
    size_t n = module_prefix(ctx, s);
    return n ? sym_intern(ctx, s + n + 1, strlen(s + n + 1)) : sym;
}

int eval_module_of(jc_ctx *ctx, int sym)
{
    const char *s = sym_name(ctx, sym);
    if (!strncmp(s, "#type:", 6))
        s += 6;
    size_t n = module_prefix(ctx, s);
    return n ? sym_intern(ctx, s, n) : 0;
}

/* The module of method m as Julia names it in a method's location ("Main", "Main.M"). */
const char *eval_method_module(jc_ctx *ctx, const jc_method *m)
{
    return m && m->module ? sym_name(ctx, m->module) : "Main";
}

/* ---- the names a module defines ---- */

/* A set of symbols in the order added: each is marked, so that adding and asking
 * cost the same however many there are (a module of thousands of functions). */
typedef struct names {
    int *v;
    int n, cap;
    uint8_t *mark;
    size_t nmark;
} names;

static int names_has(const names *s, int sym)
{
    return (size_t)sym < s->nmark && s->mark[sym];
}

static void names_add(names *s, int sym)
{
    if (names_has(s, sym))
        return;
    if ((size_t)sym >= s->nmark) {
        size_t n = s->nmark ? s->nmark : 256;
        while (n <= (size_t)sym)
            n *= 2;
        s->mark = xrealloc(s->mark, n);
        memset(s->mark + s->nmark, 0, n - s->nmark);
        s->nmark = n;
    }
    s->mark[sym] = 1;
    if (s->n == s->cap)
        s->v = xrealloc(s->v, (size_t)(s->cap = s->cap ? 2 * s->cap : 16) * sizeof *s->v);
    s->v[s->n++] = sym;
}

static void names_free(names *s)
{
    free(s->v);
    free(s->mark);
}

/* The name a definition's left side or signature binds: f in f(x), f(x)::T, f(x) where T,
 * x in x::T, P in P{T} <: S. */
static const ast *bound_name(const ast *t)
{
    for (;;) {
        if (!t)
            return NULL;
        if (t->kind == A_ID)
            return t;
        if ((t->kind == A_WHERE || t->kind == A_TYPED || t->kind == A_CALL || t->kind == A_CURLY) && t->nkids)
            t = t->kids[0];
        else if (t->kind == A_COMPARISON && t->nkids >= 1) /* P <: S */
            t = t->kids[0];
        else if (t->kind == A_SYNOP && t->nkids >= 1)
            t = t->kids[0];
        else
            return NULL;
    }
}

typedef struct prepass {
    jc_ctx *ctx;
    int msym;          /* the module being defined */
    const ast *body;   /* its body, for the exports of a module defined in it */
    names *def;
} prepass;

static void defined_in(const prepass *P, const ast *n);

/* The exports of the module a relative path names (.X, ..X) from module msym: a module
 * defined in the body (not run yet), or one that exists. */
static void add_exports(const prepass *P, const ast *path)
{
    jc_ctx *ctx = P->ctx;
    uint32_t dots = 0;
    while (dots < path->nkids && !strcmp(sym_name(ctx, path->kids[dots]->sym), "."))
        dots++;
    if (!dots || dots + 1 != path->nkids)
        return;
    int x = path->kids[dots]->sym;
    if (dots == 1)
        for (uint32_t i = 0; i < P->body->nkids; i++) {
            const ast *k = P->body->kids[i];
            if (k->kind != A_MODULE || k->kids[0]->sym != x)
                continue;
            for (uint32_t j = 0; j < k->kids[1]->nkids; j++)
                if (k->kids[1]->kids[j]->kind == A_EXPORT)
                    for (uint32_t e = 0; e < k->kids[1]->kids[j]->nkids; e++)
                        names_add(P->def, k->kids[1]->kids[j]->kids[e]->sym);
            return;
        }
    int base = module_base(ctx, P->msym, (int)dots);
    jc_module *m = module_of_path(ctx, base, x);
    for (int e = 0; m && e < m->nexports; e++)
        names_add(P->def, m->exports[e]);
}

/* Whether an import path starts with a dot (.M, ..M: a module of the user's). */
static int relative_path(jc_ctx *ctx, const ast *path)
{
    return path->kind == A_TUPLE && path->nkids && !strcmp(sym_name(ctx, path->kids[0]->sym), ".");
}

static void defined_in(const prepass *P, const ast *n)
{
    names *def = P->def;
    if (!n)
        return;
    switch (n->kind) {
    case A_BLOCK:
        for (uint32_t i = 0; i < n->nkids; i++)
            defined_in(P, n->kids[i]);
        return;
    case A_USING: { /* what using and import of a user module bind is the module's own */
        uint32_t npaths = (n->flags & AF_INFIX) ? 1 : n->nkids;
        /* a standard module's names are the builtins, seen from every module already */
        if ((n->flags & AF_INFIX) && !relative_path(P->ctx, n->kids[0]))
            return;
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *path = n->kids[i];
            if (path->kind == A_ID) {
                names_add(def, path->sym);
                continue;
            }
            if (!path->nkids || (i < npaths && !relative_path(P->ctx, path)))
                continue;
            if (i >= npaths || (path->flags & AF_INFIX)) /* a name after `:`, an alias */
                names_add(def, (path->flags & AF_INFIX) ? path->sym : path->kids[path->nkids - 1]->sym);
            else {
                names_add(def, path->kids[path->nkids - 1]->sym); /* the module's name */
                if (!(n->flags & AF_PREFIX))
                    add_exports(P, path);
            }
        }
        return;
    }
    case A_ASSIGN: case A_OPASSIGN:
        if (n->nkids && n->kids[0]->kind == A_TUPLE) {
            for (uint32_t i = 0; i < n->kids[0]->nkids; i++) {
                const ast *id = bound_name(n->kids[0]->kids[i]);
                if (id)
                    names_add(def, id->sym);
            }
        } else if (n->nkids) {
            const ast *id = bound_name(n->kids[0]);
            if (id)
                names_add(def, id->sym);
        }
        return;
    case A_FUNCDEF: case A_STRUCT: case A_ABSTRACT: case A_MODULE:
        if (n->nkids) {
            const ast *id = bound_name(n->kids[0]);
            if (id)
                names_add(def, id->sym);
        }
        return;
    case A_CONST: case A_GLOBAL:
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            if (k->kind == A_ID)
                names_add(def, k->sym);
            else
                defined_in(P, k);
        }
        return;
    default:
        return;
    }
}

/* Names declared global anywhere (global counter inside a function of the module), and
 * the names used as keywords (which keep their text). */
static void scan(const ast *n, names *def, names *kw)
{
    if (!n)
        return;
    if (n->kind == A_QUOTE)
        return;
    if (n->kind == A_GLOBAL)
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *id = n->kids[i]->kind == A_ID ? n->kids[i] : bound_name(n->kids[i]->nkids ? n->kids[i]->kids[0] : NULL);
            if (id)
                names_add(def, id->sym);
        }
    if (n->kind == A_KW && n->nkids && n->kids[0]->kind == A_ID)
        names_add(kw, n->kids[0]->sym);
    if (n->kind == A_TUPLE || n->kind == A_PARAMETERS) {
        for (uint32_t i = 0; i < n->nkids; i++) { /* (a = 1, b = 2), f(; a) */
            const ast *k = n->kids[i];
            if (k->kind == A_ASSIGN && k->nkids && k->kids[0]->kind == A_ID)
                names_add(kw, k->kids[0]->sym);
            else if (n->kind == A_PARAMETERS && k->kind == A_ID)
                names_add(kw, k->sym);
        }
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        scan(n->kids[i], def, kw);
}

/* ---- renaming ---- */

typedef struct renamer {
    jc_ctx *ctx;
    int msym;
    int self;         /* the module's own name in it ("Main.M.M") */
    const int *to;    /* per symbol below nto: 1 + the qualified symbol, 0 to keep it */
    size_t nto;
    names *collect;   /* instead of renaming, the names that would be seen */
} renamer;

static void rename_id(const renamer *R, ast *n)
{
    if (R->collect)
        names_add(R->collect, n->sym);
    else if ((size_t)n->sym < R->nto && R->to[n->sym])
        n->sym = R->to[n->sym] - 1;
}

static void requalify(const renamer *R, ast *n)
{
    if (!n)
        return;
    switch (n->kind) {
    case A_ID:
        rename_id(R, n);
        return;
    case A_QUOTE: case A_USING: case A_EXPORT:
        return;
    case A_MODULE: /* a module inside: its name is this one's, its body its own */
        requalify(R, n->kids[0]);
        return;
    case A_MACROCALL: /* @__MODULE__ is the module it is written in: its own name there */
        if (!R->collect && n->nkids == 1 && n->kids[0]->kind == A_ID &&
            !strcmp(sym_name(R->ctx, n->kids[0]->sym), "@__MODULE__")) {
            n->kind = A_ID;
            n->sym = R->self;
            n->nkids = 0;
            return;
        }
        for (uint32_t i = 0; i < n->nkids; i++)
            requalify(R, n->kids[i]);
        return;
    case A_DOT: /* a.b: b names a field or a module's member */
        if (n->nkids)
            requalify(R, n->kids[0]);
        return;
    case A_KW: /* name = value in a call */
        for (uint32_t i = 1; i < n->nkids; i++)
            requalify(R, n->kids[i]);
        return;
    case A_STRUCT:
        requalify(R, n->kids[0]);
        if (n->nkids > 1)
            for (uint32_t i = 0; i < n->kids[1]->nkids; i++) {
                ast *k = n->kids[1]->kids[i];
                if (k->kind == A_ID)
                    continue; /* a field */
                if (k->kind == A_TYPED && k->nkids == 2 && k->kids[0]->kind == A_ID) {
                    requalify(R, k->kids[1]); /* a field's type */
                    continue;
                }
                requalify(R, k); /* a constructor */
            }
        return;
    default:
        for (uint32_t i = 0; i < n->nkids; i++)
            requalify(R, n->kids[i]);
        return;
    }
}

/* ---- module M … end ---- */

/* Renames the names of code that runs in module msym to the module's globals: what
 * it defines, declares global or binds by using, and the names of Main it uses (Julia's
 * modules are separate global scopes: they become the module's own, undefined until it
 * defines them); with existing set (code eval runs in the module later), also every name
 * the module already defines.  Builtins and keyword names keep their text.  body is a
 * block of statements or one statement.  The module's own name (M for Main.M) is the
 * value. */
static int localize(jc_ctx *ctx, int msym, ast *body, int existing)
{
    names def = { 0 }, kw = { 0 };
    prepass P = { ctx, msym, body, &def };
    if (body->kind == A_TOPLEVEL)
        for (uint32_t i = 0; i < body->nkids; i++)
            defined_in(&P, body->kids[i]);
    else
        defined_in(&P, body);
    scan(body, &def, &kw);
    /* the module's own name is bound in it; keyword names keep their text */
    const char *last = strrchr(sym_name(ctx, msym), '.') + 1;
    int own = sym_intern(ctx, last, strlen(last));
    names_add(&def, own);
    names_add(&def, sym_intern(ctx, "eval", 4)); /* the module's own eval (define_eval) */
    names kept = { 0 };
    for (int i = 0; i < def.n; i++)
        if (!names_has(&kw, def.v[i]))
            names_add(&kept, def.v[i]);
    names seen = { 0 };
    renamer C = { ctx, msym, 0, NULL, 0, &seen };
    requalify(&C, body);
    for (int i = 0; i < seen.n; i++) {
        int sym = seen.v[i];
        if (names_has(&kw, sym))
            continue;
        int q = existing ? qualify(ctx, msym, sym) : -1;
        if (((size_t)sym < ctx->nglobals && ctx->globals[sym].defined &&
             ctx->globals[sym].constant != CONST_BUILTIN) ||
            (q >= 0 && (size_t)q < ctx->nglobals && ctx->globals[q].defined))
            names_add(&kept, sym);
    }
    names_free(&seen);
    size_t nto = ctx->syms.n; /* every name in the body is below it */
    int *to = xcalloc(nto ? nto : 1, sizeof *to);
    for (int i = 0; i < kept.n; i++)
        to[kept.v[i]] = 1 + qualify(ctx, msym, kept.v[i]);
    renamer R = { ctx, msym, qualify(ctx, msym, own), to, nto, NULL };
    requalify(&R, body);
    free(to);
    names_free(&def);
    names_free(&kw);
    names_free(&kept);
    return own;
}

/* Runs tree (owned by a) in module msym: its names renamed to the module's, with the
 * module as the current one. */
static int run_in(jc_ctx *ctx, int msym, ast *tree, arena *a, value *out)
{
    localize(ctx, msym, tree, 1);
    evstate *st = ST(ctx);
    int outer = st->cur_module;
    st->cur_module = msym;
    int r = eval_run_tree(ctx, NULL, tree, a, out);
    st->cur_module = outer;
    return r;
}

/* Every module has its own eval, as Julia's: eval(x) = Core.eval(M, x), a method of the
 * module's function eval. */
static int define_eval(jc_ctx *ctx, int msym)
{
    sb src = { 0 };
    sb_printf(&src, "eval(x) = Core.eval(%s, x)", sym_name(ctx, msym));
    arena *a = arena_new();
    arena_set_source(a, src.s, src.len, "none", 1);
    src_swap sw;
    src_swap_in(ctx, &sw, src.s, src.len);
    ast *prog = NULL;
    int r = parse_program(ctx, a, src.s, src.len, &prog) == JC_OK ? 0 : -1;
    value v = v_nothing();
    if (r == 0)
        r = run_in(ctx, msym, prog, a, &v);
    val_release(v);
    src_swap_out(ctx, &sw);
    arena_release(a);
    sb_free(&src);
    return r;
}

int eval_module_run(jc_ctx *ctx, value m, ast *tree, arena *a, value *out)
{
    int msym = (int)m.u.i;
    if (!module_find(ctx, msym))
        return eval_run_tree(ctx, NULL, tree, a, out); /* Main, Base …: at top level */
    return run_in(ctx, msym, tree, a, out);
}

int eval_module(jc_ctx *ctx, struct env *e, const ast *n, value *out)
{
    if (e)
        return err_throw(ctx, ERR_SYNTAX, n, "\"module\" expression not at top level");
    int plain = n->kids[0]->sym, msym = plain;
    if (strncmp(sym_name(ctx, plain), "Main.", 5)) { /* not named by a module around it */
        sb full = { 0 };
        sb_printf(&full, "Main.%s", sym_name(ctx, plain));
        msym = sym_intern(ctx, full.s, full.len);
        sb_free(&full);
    }
    ast *body = (ast *)n->kids[1];

    names exports = { 0 };
    for (uint32_t i = 0; i < body->nkids; i++)
        if (body->kids[i]->kind == A_EXPORT)
            for (uint32_t k = 0; k < body->kids[i]->nkids; k++)
                names_add(&exports, body->kids[i]->kids[k]->sym);
    int own = localize(ctx, msym, body, 0);

    /* the module exists (and is bound) before its body runs: the body may name it */
    modtab *t = mods(ctx);
    jc_module *m = module_find(ctx, msym);
    if (!m) {
        if (t->n == t->cap)
            t->m = xrealloc(t->m, (size_t)(t->cap = t->cap ? 2 * t->cap : 4) * sizeof *t->m);
        m = &t->m[t->n++];
        *m = (jc_module){ .sym = msym };
    }
    free(m->exports);
    m->exports = exports.v; /* the list moves into the module */
    m->nexports = exports.n;
    free(exports.mark);
    value mv = module_value_of(msym);
    eval_set_global(ctx, plain, mv);
    eval_set_global(ctx, qualify(ctx, msym, own), mv);

    if (define_eval(ctx, msym) < 0)
        return -1;
    evstate *st = ST(ctx);
    int outer = st->cur_module;
    st->cur_module = msym;
    for (uint32_t i = 0; i < body->nkids; i++) {
        value v = v_nothing();
        int r = eval_stmt(ctx, NULL, body->kids[i], &v);
        if (r < 0) {
            st->cur_module = outer;
            return -1;
        }
        if (r == 0 || r == EV_RETURN)
            val_release(v);
    }
    st->cur_module = outer;
    *out = mv;
    return 0;
}

/* ---- members, using and import ---- */

int eval_user_module_member(jc_ctx *ctx, value *out, value m, const char *name, const ast *site)
{
    jc_module *mod = module_find(ctx, (int)m.u.i);
    if (!mod)
        return LIB_DECLINE;
    int sym = sym_intern(ctx, name, strlen(name));
    int q = qualify_in(ctx, mod, sym);
    if ((size_t)q < ctx->nglobals && ctx->globals[q].defined) {
        *out = val_retain(ctx->globals[q].v);
        return 0;
    }
    /* what the module sees of Base: the builtins */
    if ((size_t)sym < ctx->nglobals && ctx->globals[sym].defined &&
        ctx->globals[sym].constant == CONST_BUILTIN) {
        *out = val_retain(ctx->globals[sym].v);
        return 0;
    }
    return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined", name);
}

/* Binds as to v (owned); a function so bound may be given methods there. */
static void bind(jc_ctx *ctx, int as, value v)
{
    int fn = v.type == T_FUNCTION;
    eval_set_global(ctx, as, v);
    if (fn)
        ctx->globals[as].constant = CONST_USER;
}

const ast *eval_user_qualified(jc_ctx *ctx, const ast *n, arena *a)
{
    if (n->kind != A_DOT || n->nkids != 2 || n->kids[0]->kind != A_ID)
        return NULL;
    int msym = n->kids[0]->sym;
    if ((size_t)msym >= ctx->nglobals || !ctx->globals[msym].defined)
        return NULL;
    value mv = ctx->globals[msym].v;
    if (mv.type != T_SYMBOL || mv.sub != SYM_MODULE || !module_find(ctx, (int)mv.u.i))
        return NULL;
    const ast *r = eval_member_name(n->kids[1]);
    if (!r)
        return NULL;
    ast *id = ast_new(a, A_ID, r->off, r->len, 0);
    id->sym = qualify(ctx, (int)mv.u.i, r->sym);
    return id;
}

int eval_using_user(jc_ctx *ctx, const ast *n, const ast *path, int colon, int npaths)
{
    uint32_t i = 0;
    while (i < path->nkids && !strcmp(sym_name(ctx, path->kids[i]->sym), "."))
        i++;
    if (i == 0 || i + 1 != path->nkids || !ctx->lib)
        return LIB_DECLINE;
    int here = ST(ctx)->cur_module;
    int base = module_base(ctx, here, (int)i);
    jc_module *m = module_of_path(ctx, base, path->kids[i]->sym);
    if (!m)
        return LIB_DECLINE;
    if (here) /* the module's name in the module using it */
        eval_set_global(ctx, qualify(ctx, here, path->kids[i]->sym), module_value_of(m->sym));
    if (colon) { /* using .M: a, b / import .M: a as b */
        for (uint32_t k = (uint32_t)npaths; k < n->nkids; k++) {
            const ast *p = n->kids[k];
            int sym = p->kids[p->nkids - 1]->sym;
            int as = (p->flags & AF_INFIX) ? p->sym : sym;
            if (here)
                as = qualify(ctx, here, as);
            int q = qualify_in(ctx, m, sym);
            if ((size_t)q >= ctx->nglobals || !ctx->globals[q].defined) {
                /* Julia warns and goes on */
                fprintf(stderr, "WARNING: could not import %s.%s into %s\n",
                        sym_name(ctx, m->sym) + 5, sym_name(ctx, sym),
                        here ? sym_name(ctx, here) + 5 : "Main");
                continue;
            }
            bind(ctx, as, val_retain(ctx->globals[q].v));
        }
        return 0;
    }
    if (n->flags & AF_PREFIX) /* import .M: the module's name only */
        return 0;
    for (int k = 0; k < m->nexports; k++) {
        int sym = m->exports[k], as = here ? qualify(ctx, here, sym) : sym;
        if ((size_t)as < ctx->nglobals && ctx->globals[as].defined &&
            ctx->globals[as].constant != CONST_BUILTIN)
            continue; /* the module's own binding wins (Julia warns of the conflict) */
        int q = qualify_in(ctx, m, sym);
        if ((size_t)q < ctx->nglobals && ctx->globals[q].defined)
            bind(ctx, as, val_retain(ctx->globals[q].v));
    }
    return 0;
}

/* ---- questions about modules ---- */

static int module_sym_of(value m) { return (int)m.u.i; }

int eval_module_nameof(jc_ctx *ctx, value m)
{
    const char *s = sym_name(ctx, module_sym_of(m)), *dot = strrchr(s, '.');
    return dot ? sym_intern(ctx, dot + 1, strlen(dot + 1)) : module_sym_of(m);
}

value eval_module_parent(jc_ctx *ctx, value m)
{
    const char *s = sym_name(ctx, module_sym_of(m)), *dot = strrchr(s, '.');
    value p = m; /* Main, Base, Core and packages are their own parents */
    if (dot)
        p.u.i = sym_intern(ctx, s, (size_t)(dot - s));
    return p;
}

int eval_module_isdefined(jc_ctx *ctx, value m, int sym)
{
    int msym = module_sym_of(m);
    const binding *b = (size_t)sym < ctx->nglobals ? &ctx->globals[sym] : NULL;
    int builtin = b && b->defined && b->constant == CONST_BUILTIN;
    jc_module *mod = module_find(ctx, msym);
    if (mod) {
        int q = qualify_in(ctx, mod, sym);
        return ((size_t)q < ctx->nglobals && ctx->globals[q].defined) || builtin;
    }
    int module = eval_module_value(ctx, sym, &(value){ 0 }); /* Base, LinearAlgebra … */
    if (!strcmp(sym_name(ctx, msym), "Main"))
        return (b && b->defined) || module;
    return builtin || module;
}

value eval_current_module(jc_ctx *ctx)
{
    int cur = ctx->lib ? ST(ctx)->cur_module : 0;
    return module_value_of(cur ? cur : sym_intern(ctx, "Main", 4));
}

static int by_name(const void *a, const void *b, void *ctx)
{
    return strcmp(sym_name(ctx, *(const int *)a), sym_name(ctx, *(const int *)b));
}

int eval_module_names(jc_ctx *ctx, value m, int all, value *out)
{
    int msym = module_sym_of(m);
    jc_module *mod = module_find(ctx, msym);
    int main = !strcmp(sym_name(ctx, msym), "Main");
    if (!mod && !main)
        return LIB_DECLINE;
    names ns = { 0 };
    names_add(&ns, eval_module_nameof(ctx, m));
    if (main) { /* what a script's Main has: Base and Core, and nothing exported */
        names_add(&ns, sym_intern(ctx, "Base", 4));
        names_add(&ns, sym_intern(ctx, "Core", 4));
    }
    for (int i = 0; mod && i < mod->nexports; i++)
        names_add(&ns, mod->exports[i]);
    if (all) { /* every global the module defines (Julia's hidden #f names aside) */
        const char *pre = sym_name(ctx, msym);
        size_t np = main ? 0 : strlen(pre);
        for (size_t g = 0; g < ctx->nglobals; g++) {
            const binding *b = &ctx->globals[g];
            if (!b->defined || b->constant == CONST_BUILTIN || (int)g == ST(ctx)->sym_ans)
                continue;
            if (b->v.type == T_TYPE && ((const jc_typeobj *)b->v.u.o)->def &&
                ((const jc_typeobj *)b->v.u.o)->def->in_base)
                continue; /* Base's Val and MIME */
            const char *s = sym_name(ctx, (int)g);
            if (np && (strncmp(s, pre, np) || s[np] != '.'))
                continue;
            const char *rest = np ? s + np + 1 : s;
            if (!*rest || strchr(rest, '.') || rest[0] == '#')
                continue;
            names_add(&ns, np ? sym_intern(ctx, rest, strlen(rest)) : (int)g);
        }
    }
    qsort_r(ns.v, (size_t)ns.n, sizeof *ns.v, by_name, ctx);
    value *vals = xmalloc((size_t)(ns.n ? ns.n : 1) * sizeof *vals);
    for (int i = 0; i < ns.n; i++)
        vals[i] = (value){ T_SYMBOL, 0, { .i = ns.v[i] } };
    int64_t n = ns.n;
    jc_typeobj *st = type_new(T_SYMBOL);
    *out = array_from_values(ctx, vals, n, 1, &n, st);
    type_release(st);
    free(vals);
    names_free(&ns);
    return 0;
}

value eval_module_fullname(jc_ctx *ctx, value m)
{
    const char *s = sym_name(ctx, module_sym_of(m));
    size_t k = 1;
    for (const char *p = s; *p; p++)
        k += *p == '.';
    value t = v_tuple_new(k);
    for (size_t i = 0; i < k; i++) {
        size_t len = strcspn(s, ".");
        val_tuple(t)->v[i] = (value){ T_SYMBOL, 0, { .i = sym_intern(ctx, s, len) } };
        s += len + (s[len] == '.');
    }
    return t;
}
