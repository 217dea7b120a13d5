/* eval_func.c — the functional corner of the syntax: Pair (`a => b`), `|>`, `∘` and
 * `!f` (ComposedFunction), Symbol(...), and the names of Julia's standard modules for
 * `using`/`import` and qualified names (Base.sin, LinearAlgebra.norm).
 *
 * Pair and ComposedFunction are two-element tuples with a sub tag (value.h): they need
 * no storage, freeing or cycle collection of their own.  The builtin rows are the
 * table lib_functional, which comes first in lookup order and declines every argument
 * it does not own (`!` on a non-function goes on to the Bool row). */
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "lib/lib.h"
#include "types.h"

static value tagged_new(int sub, value a, value b)
{
    value t = v_tuple_new(2);
    val_tuple(t)->v[0] = val_retain(a);
    val_tuple(t)->v[1] = val_retain(b);
    t.sub = (uint8_t)sub;
    return t;
}

int eval_call_composed(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    /* (c::ComposedFunction)(x...; kw...) = c.outer(c.inner(x...; kw...)) */
    value mid;
    if (eval_call_kw(ctx, val_tuple(f)->v[1], a, &mid) < 0)
        return -1;
    int r = eval_call(ctx, val_tuple(f)->v[0], 1, &mid, a->site, out);
    eval_release(ctx, mid);
    return r;
}

/* ---- builtin rows ---- */

static int bi_pair(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    *out = tagged_new(TUP_PAIR, a->v[0], a->v[1]);
    return 0;
}

static int bi_pipe(jc_ctx *ctx, value *out, const jc_args *a)
{
    /* x |> f = f(x) */
    return eval_call(ctx, a->v[1], 1, &a->v[0], a->site, out);
}

static int bi_compose(jc_ctx *ctx, value *out, const jc_args *a)
{
    /* ∘(f) = f; ∘(f, g) = ComposedFunction(f, g); ∘(f, g, h...) = ∘(f ∘ g, h...) */
    value acc = val_retain(a->v[0]);
    for (int i = 1; i < a->n; i++) {
        value c = tagged_new(TUP_COMPOSED, acc, a->v[i]);
        val_release(acc);
        acc = c;
    }
    (void)ctx;
    *out = acc;
    return 0;
}

static int bi_not_function(jc_ctx *ctx, value *out, const jc_args *a)
{
    /* !(f::Function) = (!) ∘ f */
    value f = a->v[0];
    if (!(f.type == T_FUNCTION || val_is_func_tuple(f)))
        return LIB_DECLINE;
    value not;
    if (eval_get_global(ctx, "!", &not) < 0)
        return -1;
    if (f.type == T_TUPLE && val_tuple(f)->v[0].type == T_FUNCTION &&
        val_tuple(f)->v[0].u.o == not.u.o) {
        /* !(f::ComposedFunction{typeof(!)}) = f.inner: !!f === f */
        *out = val_retain(val_tuple(f)->v[1]);
        val_release(not);
        return 0;
    }
    *out = tagged_new(TUP_COMPOSED, not, f);
    val_release(not);
    return 0;
}

/* ==(x), <(x), in(x), startswith(x) …: Base.Fix2(f, x), the function y -> f(y, x). */
static int bi_fix2(jc_ctx *ctx, value *out, const jc_args *a)
{
    value f;
    if (eval_get_global(ctx, (const char *)a->data, &f) < 0)
        return LIB_DECLINE;
    *out = tagged_new(TUP_FIX2, f, a->v[0]);
    val_release(f);
    return 0;
}

static int bi_composed_ctor(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    *out = tagged_new(TUP_COMPOSED, a->v[0], a->v[1]);
    return 0;
}

static int bi_symbol(jc_ctx *ctx, value *out, const jc_args *a)
{
    /* Symbol(x...) = the symbol named string(x...) */
    if (a->n == 1 && a->v[0].type == T_SYMBOL && a->v[0].sub == 0) {
        *out = a->v[0];
        return 0;
    }
    for (int i = 0; i < a->n; i++)
        if (a->v[i].type == T_ARRAY || a->v[i].type == T_FUNCTION)
            return lib_no_method(ctx, "Symbol", a);
    value s;
    if (eval_call_global(ctx, "string", a->n, a->v, a->site, &s) < 0)
        return -1;
    if (s.type != T_STRING) {
        val_release(s);
        return lib_no_method(ctx, "Symbol", a);
    }
    jc_string *str = val_string(s);
    if (memchr(str->s, 0, str->len)) {
        val_release(s);
        return err_throw(ctx, ERR_ARGUMENT, a->site, "Symbol name may not contain \\0");
    }
    value v = { T_SYMBOL, 0, { .i = sym_intern(ctx, str->s, str->len) } };
    val_release(s);
    *out = v;
    return 0;
}

static int bi_reverse_pair(jc_ctx *ctx, value *out, const jc_args *a)
{
    /* reverse(p::Pair) = Pair(p.second, p.first) */
    (void)ctx;
    value p = a->v[0];
    if (p.type != T_TUPLE || p.sub != TUP_PAIR)
        return LIB_DECLINE;
    *out = tagged_new(TUP_PAIR, val_tuple(p)->v[1], val_tuple(p)->v[0]);
    return 0;
}

static int bi_typeof_tuple(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_TUPLE)
        return LIB_DECLINE;
    *out = v_obj(T_TYPE, 0, &type_of_value(a->v[0])->h);
    return 0;
}

const builtin lib_functional[] = {
    { "==", 1, 1, bi_fix2, LIB_HELP("==(x)", "A function of one argument y that computes ==(y, x): Base.Fix2."), NULL, "==" },
    { "!=", 1, 1, bi_fix2, LIB_HELP("!=(x)", "A function of one argument y that computes !=(y, x): Base.Fix2."), NULL, "!=" },
    { "≠", 1, 1, bi_fix2, NULL, NULL, "≠" },
    { "<", 1, 1, bi_fix2, LIB_HELP("<(x)", "A function of one argument y that computes <(y, x): Base.Fix2."), NULL, "<" },
    { "<=", 1, 1, bi_fix2, LIB_HELP("<=(x)", "A function of one argument y that computes <=(y, x): Base.Fix2."), NULL, "<=" },
    { "≤", 1, 1, bi_fix2, NULL, NULL, "≤" },
    { ">", 1, 1, bi_fix2, LIB_HELP(">(x)", "A function of one argument y that computes >(y, x): Base.Fix2."), NULL, ">" },
    { ">=", 1, 1, bi_fix2, LIB_HELP(">=(x)", "A function of one argument y that computes >=(y, x): Base.Fix2."), NULL, ">=" },
    { "≥", 1, 1, bi_fix2, NULL, NULL, "≥" },
    { "isequal", 1, 1, bi_fix2, LIB_HELP("isequal(x)", "A function of one argument y that computes isequal(y, x): Base.Fix2."), NULL, "isequal" },
    { "in", 1, 1, bi_fix2, LIB_HELP("in(x)", "A function of one argument y that computes in(y, x): Base.Fix2."), NULL, "in" },
    { "∈", 1, 1, bi_fix2, NULL, NULL, "∈" },
    { "∉", 1, 1, bi_fix2, NULL, NULL, "∉" },
    { "startswith", 1, 1, bi_fix2, LIB_HELP("startswith(prefix)", "A function of one argument y that computes startswith(y, prefix): Base.Fix2."), NULL, "startswith" },
    { "endswith", 1, 1, bi_fix2, LIB_HELP("endswith(suffix)", "A function of one argument y that computes endswith(y, suffix): Base.Fix2."), NULL, "endswith" },
    { "contains", 1, 1, bi_fix2, LIB_HELP("contains(needle)", "A function of one argument y that computes contains(y, needle): Base.Fix2."), NULL, "contains" },
    { "typeof", 1, 1, bi_typeof_tuple, NULL, NULL, NULL },
    { "reverse", 1, 1, bi_reverse_pair, NULL, NULL, NULL },
    { "=>", 2, 2, bi_pair, LIB_HELP("Pair(x, y)\n  x => y",
      "Construct a Pair object with type Pair{typeof(x), typeof(y)}. The elements are "
      "stored in the fields first and second; they can also be accessed via iteration "
      "(first, last, p[1], p[2])."), NULL, NULL },
    { "Pair", 2, 2, bi_pair, NULL, NULL, NULL },
    { "|>", 2, 2, bi_pipe, LIB_HELP("|>(x, f)",
      "Infix operator which applies function f to the argument x. This allows f(g(x)) "
      "to be written x |> g |> f."), NULL, NULL },
    { "∘", 1, -1, bi_compose, LIB_HELP("f ∘ g",
      "Compose functions: i.e. (f ∘ g)(args...; kwargs...) means f(g(args...; "
      "kwargs...)). The ∘ symbol can be entered by typing \\\\circ<tab>."), NULL, NULL },
    { "ComposedFunction", 2, 2, bi_composed_ctor, NULL, NULL, NULL },
    { "!", 1, 1, bi_not_function, NULL, NULL, NULL },
    { "Symbol", 1, -1, bi_symbol, LIB_HELP("Symbol(x...) -> Symbol",
      "Create a Symbol by concatenating the string representations of the arguments "
      "together."), NULL, NULL },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};

/* ---- the type names: Pair, ComposedFunction, Symbol ---- */

void eval_func_install(jc_ctx *ctx)
{
    static const struct { const char *name; int base, sub; } names[] = {
        { "Pair", T_TUPLE, TUP_PAIR },
        { "ComposedFunction", T_TUPLE, TUP_COMPOSED },
        { "Symbol", T_SYMBOL, 0 },
        { "NamedTuple", T_NAMEDTUPLE, 0 },
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        jc_typeobj *t = type_new(names[i].base);
        t->sub = (uint8_t)names[i].sub;
        int sym = sym_intern(ctx, names[i].name, strlen(names[i].name));
        eval_set_global(ctx, sym, v_obj(T_TYPE, 0, &t->h));
        ctx->globals[sym].constant = CONST_BUILTIN;
    }
}

/* ---- modules as names ---- */

/* Julia's standard modules and submodules whose names a script names in `using`,
 * `import` and qualified names; their functions are jcalc's globals. */
static const char *const std_modules[] = {
    "Base", "Core", "Main", "Iterators", "Random", "LinearAlgebra", "Statistics", "Printf",
    "Math", "MathConstants", "Broadcast", "Meta", "Sys", "Unicode", "InteractiveUtils",
    "Test", "Dates", "SparseArrays", "SpecialFunctions", "Checked", "Threads", "Libc",
    "Filesystem", "GMP", "MPFR", "FastMath", "Order", "Sort", "Docs", "Markdown",
    "DelimitedFiles", "Serialization", "Distributed", "SharedArrays", "Logging",
    "REPL", "Pkg", "UUIDs", "SHA", "Base64", "CRC32c", "Mmap", "Profile", "Sockets",
    "Future", "LibGit2", "FileWatching", "TOML", "Downloads", "Tar", "ArgTools",
    "NetworkOptions", "LazyArtifacts", "Artifacts", "LibCURL", "OpenBLAS_jll",
    "StyledStrings", "Combinatorics",
};

static int std_module_name(const char *s)
{
    for (size_t i = 0; i < sizeof std_modules / sizeof *std_modules; i++)
        if (!strcmp(std_modules[i], s))
            return 1;
    return 0;
}

int eval_is_module_path(jc_ctx *ctx, const ast *n)
{
    if (n->kind == A_ID)
        return std_module_name(sym_name(ctx, n->sym));
    if (n->kind == A_DOT && n->nkids == 2 && n->kids[1]->kind == A_ID)
        return eval_is_module_path(ctx, n->kids[0]) &&
               std_module_name(sym_name(ctx, n->kids[1]->sym));
    return 0;
}

static value module_value(int sym)
{
    value v = { T_SYMBOL, SYM_MODULE, { .i = sym } };
    return v;
}

/* The module a path names, as text ("LinearAlgebra", "Base.Math"), or 0 with an error
 * pending: Julia's ArgumentError for a package that is not there, UndefVarError for a
 * relative path (using .M) to a module never defined. */
static int check_module_path(jc_ctx *ctx, const ast *path, int imported)
{
    const char *first = sym_name(ctx, path->kids[0]->sym);
    int relative = !strcmp(first, ".");
    uint32_t i = 0;
    while (i < path->nkids && !strcmp(sym_name(ctx, path->kids[i]->sym), "."))
        i++;
    if (i == path->nkids)
        return err_throw(ctx, ERR_SYNTAX, path, "invalid module path");
    const char *name = sym_name(ctx, path->kids[i]->sym);
    if (relative && !std_module_name(name))
        return err_throw(ctx, ERR_UNDEFVAR, path, "`%s` not defined", name);
    if (!std_module_name(name))
        return err_throw(ctx, ERR_ARGUMENT, path,
                         "Package %s not found in current path.\n"
                         "- Run `import Pkg; Pkg.add(\"%s\")` to install the %s package.",
                         name, name, name);
    for (i++; i < path->nkids; i++) {
        const char *sub = sym_name(ctx, path->kids[i]->sym);
        int sym = path->kids[i]->sym;
        /* import LinearAlgebra.norm names a binding; Julia only warns when there is none */
        int last_binding = i + 1 == path->nkids && (imported || ((size_t)sym < ctx->nglobals &&
                                                                 ctx->globals[sym].defined));
        if (!std_module_name(sub) && !last_binding)
            return err_throw(ctx, ERR_UNDEFVAR, path->kids[i], "`%s` not defined", sub);
    }
    return 0;
}

int eval_using(jc_ctx *ctx, const ast *n, value *out)
{
    /* Every standard module's functions are jcalc's globals already: `using` and
     * `import` only check that the modules exist.  The names after `:` need not. */
    uint32_t npaths = (n->flags & AF_INFIX) ? 1 : n->nkids;
    int users = 0;
    for (uint32_t i = 0; i < npaths; i++) {
        int ur = eval_using_user(ctx, n, n->kids[i], (n->flags & AF_INFIX) != 0, (int)npaths);
        if (ur < 0)
            return -1;
        if (ur == 0) { /* a module of the user's, bound now */
            users++;
            continue;
        }
        if (check_module_path(ctx, n->kids[i], (n->flags & AF_PREFIX) != 0) < 0)
            return -1;
    }
    if (users && (n->flags & AF_INFIX)) {
        *out = v_nothing();
        return 0;
    }
    /* import A as B, import A: b as c: the alias names the module or the function */
    for (uint32_t i = 0; i < n->nkids; i++) {
        const ast *path = n->kids[i];
        if (!(path->flags & AF_INFIX))
            continue;
        sb full = { 0 };
        for (uint32_t k = 0; k < path->nkids; k++) {
            const char *part = sym_name(ctx, path->kids[k]->sym);
            if (!strcmp(part, "."))
                continue;
            if (full.len)
                sb_putc(&full, '.');
            sb_puts(&full, part);
        }
        value v;
        int rc = 0;
        if (i >= npaths) { /* a name from the module */
            const char *name = sym_name(ctx, path->kids[path->nkids - 1]->sym);
            value m = module_value((int)n->kids[0]->kids[n->kids[0]->nkids - 1]->sym);
            rc = eval_module_member(ctx, &v, m, name, path);
        } else
            v = module_value(sym_intern(ctx, full.s, full.len));
        sb_free(&full);
        if (rc < 0)
            return -1;
        eval_set_global(ctx, path->sym, v);
    }
    *out = v_nothing();
    return 0;
}

const ast *eval_member_name(const ast *r)
{
    if (r->kind == A_QUOTE && r->nkids == 1)
        r = r->kids[0];
    if (r->kind == A_PARENS && r->nkids == 1) /* Base.:(==) */
        r = r->kids[0];
    return r->kind == A_ID ? r : NULL;
}

const ast *eval_qualified_name(jc_ctx *ctx, const ast *n)
{
    if (n->kind != A_DOT || n->nkids != 2 || !eval_is_module_path(ctx, n->kids[0]))
        return NULL;
    return eval_member_name(n->kids[1]);
}

int eval_module_error(jc_ctx *ctx, const ast *n)
{
    while (n->kind == A_DOT && n->nkids == 2 && !eval_is_module_path(ctx, n->kids[0]))
        n = n->kids[0];
    const ast *name = n->kind == A_DOT && n->nkids == 2 ? n->kids[1] : n;
    if (name->kind == A_QUOTE && name->nkids == 1)
        name = name->kids[0];
    if (name->kind != A_ID)
        return err_throw(ctx, ERR_SYNTAX, n, "invalid function signature");
    return err_throw(ctx, ERR_UNDEFVAR, name, "`%s` not defined", sym_name(ctx, name->sym));
}

/* ---- Pair{A, B} ---- */

static int is_pair_type(const jc_typeobj *t) { return t->base == T_TUPLE && t->sub == TUP_PAIR; }

int eval_pair_apply_type(jc_ctx *ctx, value *out, int n, const value *args, const ast *site)
{
    if (n < 1 || args[0].type != T_TYPE || !is_pair_type(val_typeobj(args[0])))
        return LIB_DECLINE;
    if (n != 3 || val_typeobj(args[0])->nelts)
        return err_throw(ctx, ERR_TYPE, site, "too %s parameters for type Pair",
                         n > 3 || val_typeobj(args[0])->nelts ? "many" : "few");
    for (int i = 1; i < 3; i++)
        if (args[i].type != T_TYPE)
            return err_throw(ctx, ERR_TYPE, site, "unsupported type parameters");
    jc_typeobj *t = type_new(T_TUPLE);
    t->sub = TUP_PAIR;
    t->nelts = 2;
    t->elts = xcalloc(2, sizeof *t->elts);
    for (int i = 0; i < 2; i++)
        t->elts[i] = type_retain(val_typeobj(args[i + 1]));
    *out = v_obj(T_TYPE, 0, &t->h);
    return 0;
}

int eval_pair_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a)
{
    if (!is_pair_type(t) || t->nelts != 2)
        return LIB_DECLINE;
    if (a->n != 2 || a->nkw)
        return lib_no_method(ctx, "Pair", a);
    value parts[2];
    for (int i = 0; i < 2; i++) {
        value args[2] = { v_obj(T_TYPE, 0, (obj *)&t->elts[i]->h), a->v[i] };
        if (eval_call_global(ctx, "convert", 2, args, a->site, &parts[i]) < 0) {
            if (i)
                val_release(parts[0]);
            return -1;
        }
    }
    *out = tagged_new(TUP_PAIR, parts[0], parts[1]);
    val_release_n(parts, 2);
    return 0;
}

/* ---- module values ---- */

int eval_module_value(jc_ctx *ctx, int sym, value *out)
{
    if (!std_module_name(sym_name(ctx, sym)))
        return 0;
    *out = module_value(sym);
    return 1;
}

int eval_module_member(jc_ctx *ctx, value *out, value m, const char *name, const ast *site)
{
    int ur = eval_user_module_member(ctx, out, m, name, site);
    if (ur != LIB_DECLINE)
        return ur;
    const char *mod = sym_name(ctx, (int)m.u.i);
    size_t ml = strlen(mod);
    if (ml >= 13 && !strcmp(mod + ml - 13, "MathConstants") && eval_module_constant(ctx, name, out) == 0)
        return 0;  /* Base.MathConstants.e is ℯ whatever the global e is */
    if (ml >= 4 && !strcmp(mod + ml - 4, "Meta")) { /* Meta.parse is not Base's parse */
        sb q = { 0 };
        sb_printf(&q, "Meta.%s", name);
        int qs = sym_find(ctx, q.s, q.len);
        sb_free(&q);
        if (qs >= 0 && (size_t)qs < ctx->nglobals && ctx->globals[qs].defined) {
            *out = val_retain(ctx->globals[qs].v);
            return 0;
        }
    }
    int sym = sym_intern(ctx, name, strlen(name));
    if ((size_t)sym < ctx->nglobals && ctx->globals[sym].defined) {
        *out = val_retain(ctx->globals[sym].v);
        return 0;
    }
    if (eval_gen_type_named(ctx, mod, name, out))
        return 0;
    if (strlen(mod) >= 4 && !strcmp(mod + strlen(mod) - 4, "Base") &&
        eval_method_type_named(ctx, name, 1, out))
        return 0; /* Base.MethodList */
    if (std_module_name(name)) {
        sb full = { 0 };   /* Base.Math prints as such */
        sb_printf(&full, "%s.%s", sym_name(ctx, (int)m.u.i), name);
        *out = module_value(sym_intern(ctx, full.s, full.len));
        sb_free(&full);
        return 0;
    }
    if (eval_module_constant(ctx, name, out) == 0)
        return 0;
    return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined", name);
}
