/* eval_impl.h — what the evaluator's own files share: its state, the direct path of
 * arithmetic, names and assignment.  Not for the builtins (lib/), which see eval.h. */
#ifndef JC_EVAL_IMPL_H
#define JC_EVAL_IMPL_H

#include <math.h>

#include "eval.h"

struct env;
struct gcref;

/* A text made at run time (Meta.parse, a module's eval, an error's value) is ctx's
 * source while it is parsed, for positions in it; then the caller's is back. */
typedef struct src_swap {
    const char *src, *name;
    size_t len;
    int first;
} src_swap;

static inline void src_swap_in(jc_ctx *ctx, src_swap *s, const char *text, size_t n)
{
    *s = (src_swap){ ctx->src, ctx->srcname, ctx->srclen, ctx->first_line };
    ctx->src = text;
    ctx->srclen = n;
    ctx->srcname = "none";
    ctx->first_line = 1;
}

static inline void src_swap_out(jc_ctx *ctx, const src_swap *s)
{
    ctx->src = s->src;
    ctx->srclen = s->len;
    ctx->srcname = s->name;
    ctx->first_line = s->first;
}

typedef struct evstate {
    const char *stack_base;
    size_t stack_budget;
    int sym_ans, sym_pow, sym_minus, sym_plus, sym_colon, sym_mul, sym_end, sym_begin;
    int sym_lastindex, sym_firstindex, sym_getindex, sym_setindex, sym_adjoint;
    int sym_sum, sym_prod, sym_maximum, sym_minimum, sym_count, sym_any, sym_all, sym_init;
    int sym_base, sym_mathconstants, sym_math;
    struct { value coll; int dim, ndims; } ix[64]; /* for `begin`/`end` inside a[...] */
    int nix;
    arena *cur_arena;      /* of the evaluation in progress: definitions keep it alive */
    value returning;       /* a `return` value travelling out of nested loops */
    struct gcref *cand;    /* the cycle collector's candidates, each holding a reference */
    size_t ncand, capcand;
    size_t gc_slack;       /* candidates allowed past GC_CANDIDATES before a collection runs
                              inside a loop (grows while collections find little garbage) */
    typed_list *gtyped;    /* the declared types of globals (x::T = … at top level) */
    int any_typed;         /* a declaration x::T = … has run: assignments look types up */
    jc_typedef *typedefs;  /* the user's types, for the context's life (eval_struct.c) */
    jc_func *builtin_funcs;       /* the builtins' function objects, one block */
    const builtin **builtin_rows; /* and their rows, one block */
    int ctl;                      /* the EV_* code a pending ERR_CONTROL carries */
    value ctl_value;              /* and the value of its `return` */
    struct jc_method *replaced;   /* methods redefined during the evaluation, freed after it */
    uint32_t *nlocal;             /* per symbol: how many live scopes bind it (nlocal_cap) */
    struct jc_typeobj *gen_type, *filter_type; /* Base.Generator, Iterators.Filter (eval_gen.c) */
    struct jc_typeobj *expr_type, *quote_type; /* Expr, QuoteNode (eval_expr.c) */
    struct jc_typeobj *method_type, *mlist_type; /* Method, MethodList (eval_method.c) */
    struct jc_typeobj *pairs_type; /* Base.Pairs (eval_pairs.c) */
    unsigned gensyms;             /* gensym's counter */
    struct modtab *modules;       /* the user's modules (eval_module.c) */
    uint64_t world;               /* the world counter: one more at every method defined */
    uint64_t run_world;           /* the world a running call sees (fixed when a call starts
                                     from top level, eval or invokelatest), 0: the latest */
    int report_walked;            /* JCALC_REPORT_WALKED set: say on stderr which method
                                     bodies the compiler leaves to the tree walker, and at
                                     what (for tests and for work on the compiler) */
    int no_shortcuts;             /* SC_* bits from JCALC_NO_SHORTCUTS: the paths that only
                                     make things faster, turned off for the differential test */
    int defining_module;          /* the module of the methods being defined (jc_method.module) */
    const ast *defining_rettype;  /* their declared return type (f(x)::T = …), or NULL */
    int cur_module;               /* the module whose body runs ("Main.M"), 0 for Main */
    size_t nlocal_cap;
} evstate;

/* The items of n->kids[0] when it may be one item or a block of them (a for's
 * iterators, a let's bindings): their count, and the first at *items. */
static inline int eval_head_items(const ast *n, const ast *const **items)
{
    const ast *k = n->kids[0];
    if (k->kind == A_BLOCK) {
        *items = (const ast *const *)k->kids;
        return (int)k->nkids;
    }
    *items = (const ast *const *)&n->kids[0];
    return 1;
}

static inline evstate *ST(jc_ctx *ctx) { return (evstate *)ctx->lib; }

/* Garbage is collected while a long loop runs, not only after each input: each run of
 * a loop's body ends at a safe point (every live value is referenced from a variable,
 * a temporary or a caller), and once GC_CANDIDATES references wait in the buffer the
 * cycle collector runs there. */
enum { GC_CANDIDATES = 4096 };
void eval_gc_collect(jc_ctx *ctx);
static inline void eval_gc_safepoint(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    if (st->ncand > GC_CANDIDATES + st->gc_slack)
        eval_gc_collect(ctx);
}

/* ---- scopes (eval_state.c) ---- */

/* A scope: its variables, newest last.  The first ENV_INLINE live in the scope itself,
 * so that a call or a loop iteration with a few locals makes one allocation, not
 * three. */
enum { ENV_INLINE = 4 };
typedef struct env {
    uint32_t refs;
    uint8_t function;      /* the scope of a function call: assignment stops here */
    uint8_t gc;            /* the cycle collector's marks, as obj.gc */
    struct env *parent;
    int n, cap;
    int *syms;
    value *vals;
    int nglobal;           /* names declared `global` in this scope */
    int *globals;
    typed_list *typed;     /* the declared types of its variables (x::T = …), or NULL */
    struct evstate *st;    /* whose local counts its variables are in (set by the first) */
    int isyms[ENV_INLINE];
    value ivals[ENV_INLINE];
} env;

/* A new scope under parent (one reference); function marks a function's (hard) scope. */
env *eval_scope_open(env *parent, int function);
/* sym's slot in e itself, or NULL. */
value *eval_scope_slot(env *e, int sym);
/* Defines sym in e (a new local, or the one e has), taking ownership of v. */
void eval_scope_define(jc_ctx *ctx, env *e, int sym, value v);
/* Whether e declares sym `global`. */
static inline int eval_scope_declared_global(const env *e, int sym)
{
    for (int i = 0; i < e->nglobal; i++)
        if (e->globals[i] == sym)
            return 1;
    return 0;
}
/* Whether sym is a local variable seen from scope (not one declared global). */
int eval_scope_binds(struct env *scope, int sym);

/* Whether m was defined after the running call began (world age): that call does not
 * see it. */
static inline int eval_too_new(const evstate *st, const struct jc_method *m)
{
    return st->run_world && m->world > st->run_world;
}

/* The version of m a call in the running world sees: m, or the method it replaced when
 * m is too new; NULL when none. */
static inline const struct jc_method *eval_visible(const evstate *st, const struct jc_method *m)
{
    while (m && eval_too_new(st, m))
        m = m->replaces;
    return m;
}

/* Evaluated call arguments: positional (splats expanded) and keyword.  Most calls have
 * a few positional arguments and no keywords: those live in the struct itself, so a
 * call allocates nothing.  An evargs must not move once filled. */
enum { EVARGS_INLINE = 6, EVKW_INLINE = 2 };
typedef struct evargs {
    value *v;
    int n, cap;
    int *kw;
    value *kwv;
    int nkw, kwcap;
    value inl[EVARGS_INLINE];
    int kwinl[EVKW_INLINE];
    value kwvinl[EVKW_INLINE];
} evargs;

void eval_args_init(evargs *ea, int nhint);
void eval_args_free(jc_ctx *ctx, evargs *ea);
/* Room for one more positional argument. */
void eval_args_grow(evargs *ea);
void eval_args_push_kw(evargs *ea, int sym, value x /* owned */);
/* Appends the values coll (released) iterates, as f(coll...) passes them (site: the
 * splat, for errors): 0 or -1. */
int eval_args_splat(jc_ctx *ctx, evargs *ea, value coll, const ast *site);

/* Binding m's keyword parameter k for the call a (both evaluators): the value a gives
 * it, or NULL; UndefKeywordError when a gives none and it has no default (-1); and
 * TypeError(Symbol("keyword argument"), :k, T, v) unless v isa t, its declared type
 * (0 or -1). */
/* eval_pairs.c: what m's kw... receives (a Base.Pairs of the keywords in a that its
 * other keywords do not name); whether a passes a keyword m takes nowhere; a keyword
 * splat (f(; itr...)) and one pair (f(; :k => v)) pushed onto ea, coll owned. */
int eval_kw_rest(jc_ctx *ctx, const struct jc_method *m, const jc_args *a, value *out);
int eval_kw_unsupported(const struct jc_method *m, const jc_args *a);
int eval_args_kwsplat(jc_ctx *ctx, evargs *ea, value coll, const ast *site);
int eval_args_kwpair(jc_ctx *ctx, evargs *ea, value x, const ast *site);
/* a merged named tuple (eval_pairs.c): item's value x (owned) added to ea as its part
 * says (eval_named_tuple_part), and the named tuple ea's keywords make */
int eval_named_tuple_add(jc_ctx *ctx, evargs *ea, const ast *item, int part, value x);
value eval_named_tuple_merged(const evargs *ea);
int eval_pairs_len(jc_ctx *ctx, value v, int64_t *n);
value eval_pairs_at(jc_ctx *ctx, value v, int64_t i);
int eval_pairs_show(jc_ctx *ctx, sb *out, value v, int mode);
value eval_namedtuple_new(size_t n, const int *names, const value *v);
const value *eval_kw_given(const struct jc_method *m, int k, const jc_args *a);
int eval_kw_unassigned(jc_ctx *ctx, const struct jc_method *m, int k, const jc_args *a);
int eval_kw_typecheck(jc_ctx *ctx, const struct jc_method *m, int k, const jc_args *a, value v,
                      value t);

/* The names one scope's own code declares and assigns (eval_scope.c), each list in the
 * order of the text: nested scopes are not entered (eval_is_nested_scope). */
typedef struct scope_names {
    int *globals, ng, gcap;    /* global x */
    int *locals, nl, lcap;     /* local x */
    int *assigned, na, acap;   /* the targets of x = …, x += …, (a, b) = … */
    int *tsyms, nt, tcap;      /* the names declared x::T = … or local x::T */
    const ast **ttypes;        /* and their types' expressions */
    int *defs, nd, dcap;       /* the names of local functions defined (f(x) = …), locals
                                  of a method's own scope */
} scope_names;
/* The name a definition f(x) = … or function f(x) … end defines (through where and a
 * return type), or -1 for another form (Base.f, (p::P)(x), a type's constructor). */
int eval_localdef_name(const ast *n);
void eval_scope_names(const ast *body, scope_names *out);
void eval_scope_names_free(scope_names *s);
int eval_is_nested_scope(const ast *n);
/* The tree walker's side: the names body's own scope makes local (assigned or declared
 * local, not declared global; for a method's body, method 1, also the local functions
 * it defines), once each, into *out (malloc'd); and their declaration,
 * unassigned, in scope before the body runs, but for those an enclosing scope binds and,
 * outside every function, the globals that exist (the top level's soft scope). */
int eval_scope_local_names(const ast *body, int method, int **out);
void eval_scope_declare(jc_ctx *ctx, struct env *scope, const int *syms, int n);

/* Lets go of a node the evaluator referenced: the cycle collector's candidate when
 * others still reference it (eval_state.c). */
void eval_gc_drop_heap(jc_ctx *ctx, value v);
/* Lets go of the evaluator's reference to v; a number, a Bool, a Char hold nothing. */
static inline __attribute__((always_inline)) void eval_drop(jc_ctx *ctx, value v)
{
    if (val_kind_is(v.type, VK_HEAP))
        eval_gc_drop_heap(ctx, v);
}

/* eval_stack_check inline: the measure here, the error out of line. */
static inline int eval_stack_guard(jc_ctx *ctx, const ast *site)
{
    char here;
    const evstate *st = ST(ctx);
    if (st->stack_base && (size_t)(st->stack_base - &here) > st->stack_budget)
        return eval_stack_check(ctx, site);
    return 0;
}

/* ---- the tree walker (eval.c) ---- */
/* A statement in scope e: 0 with *out, -1, or an EV_* code of control flow. */
int eval_stmt(jc_ctx *ctx, env *e, const ast *n, value *out);
/* sum(itr; init), prod(…; init) …, and the seven folds of a lazy generator value:
 * *handled 0 when f is not one of them (eval.c). */
int eval_fold_iter_call(jc_ctx *ctx, value f, const jc_args *a, value *out, int *handled);

/* ---- calls (eval_call.c) ---- */
/* The symbol of the function that calling the type named name[0..len) means. */
int eval_type_function_sym(jc_ctx *ctx, const char *name, size_t len);
/* How many default constructors Julia makes for struct d: 0 (an inner constructor, a
 * parameter no field's type names, an abstract type), 1 or 2 (eval_struct.c). */
int eval_default_ctors(const jc_typedef *d);
/* A new function value named by symbol name, with no methods. */
value eval_func_new(int name);
/* return, break, continue raised as ERR_CONTROL from n (eval_ctl_raise) and turned back
 * into the EV_* code r stands for (eval_ctl_resume). */
int eval_ctl_raise(jc_ctx *ctx, const ast *n, int code, value *out);
int eval_ctl_resume(jc_ctx *ctx, int r, value *out);
/* Whether the argument k is positional (not a keyword, not a splat). */
static inline int eval_plain_arg(const ast *k)
{
    return k->kind != A_PARAMETERS && k->kind != A_KW && k->kind != A_SPLAT;
}

/* ---- names and definitions (eval_define.c) ---- */
/* Assigns v (owned) to the name sym from scope e, by Julia's scope rules. */
int eval_assign(jc_ctx *ctx, env *e, int sym, value v, const ast *site);
/* The anonymous function n (x -> …, function (x) … end) closing over e. */
int eval_make_lambda(jc_ctx *ctx, env *e, const ast *n, arena *a, value *out);
/* Frees the methods redefined during an evaluation. */
void eval_free_replaced(evstate *st);

/* ---- generators (eval_gen.c) ---- */
/* A lazy generator for gen (A_GENERATOR) in scope e: 1 with *out, 0 when its shape is
 * one the array module evaluates at once (several iterators or clauses), -1. */
int eval_gen_make(jc_ctx *ctx, struct env *e, const ast *gen, eval_expr_fn ev, value *out);
/* A struct of Base (in_base) with untyped fields, made once per context; one reference. */
jc_typeobj *eval_base_struct(jc_ctx *ctx, const char *name, int nparams, const char *const *pnames,
                             int nfields, const char *const *fnames, int mutable_);
/* eltype(x) when it is a type: 1 with *out; 0 (no error pending) otherwise. */
int eval_eltype_of(jc_ctx *ctx, value x, const ast *site, value *out);
/* The builtin iterate of a generator or filter; LIB_DECLINE for other values. */
int eval_gen_iterate(jc_ctx *ctx, value *out, int n, const value *v, const ast *site);
/* An anonymous function of the parameters params with this body, closing over e. */
int eval_make_lambda_of(jc_ctx *ctx, struct env *e, const ast *const *params, int np,
                        const ast *body, value *out);

/* A local declared and not yet assigned (let z; local z, a compiled body's slot before
 * its first assignment): reading it is an UndefVarError, as in Julia. */
static inline value v_unassigned(void) { value v = { T_NOTHING, 2, { 0 } }; return v; }
static inline int is_unassigned(value v) { return v.type == T_NOTHING && v.sub == 2; }

/* Whether some live scope binds sym (a name no scope binds is a global). */
static inline int eval_local_bound(const evstate *st, int sym)
{
    return (size_t)sym >= st->nlocal_cap || st->nlocal[sym] != 0;
}

/* ---- the direct path of arithmetic ----
 *
 * The builtin +, -, *, / and comparisons on two Int64 or two Float64 arguments, the
 * work of every loop counter and recursion test, computed here instead of through the
 * rows and the number tower.  Only what needs nothing of either: an Int64 sum, difference
 * or product that overflows, which continues as a BigInt, takes the general path, as do
 * mixed comparisons and other kinds; a function given user methods has no direct path. */
/* The evaluator's shortcuts, each of which must give what the path it skips gives:
 * the direct arithmetic of two Int64 or Float64 operands, the compiled closure tree
 * (the walker runs every body instead) and the streaming folds (sum(f(x) for x in v),
 * a long builtin a + b + …).  tests/diff/shortcuts.sh runs every case file with each off. */
enum { SC_FAST = 1, SC_COMPILE = 2, SC_FOLD = 4 };

enum { FAST_UNKNOWN, FAST_NONE, FAST_ADD, FAST_SUB, FAST_MUL, FAST_DIV, FAST_LT, FAST_LE, FAST_GT, FAST_GE,
       FAST_EQ, FAST_NE, FAST_REM, FAST_IDIV, FAST_MOD };

/* A builtin's direct path, found at its first call (start-up looks up nothing). */
int eval_fast_op_of(jc_ctx *ctx, jc_func *fn);

/* Whether fn is a builtin with a direct path that no user method has overridden. */
static inline int eval_fast_func(jc_ctx *ctx, jc_func *fn)
{
    return !fn->methods && (fn->fast ? fn->fast : eval_fast_op_of(ctx, fn)) != FAST_NONE;
}

/* 1 with *out set, 0 when the general path must answer. */
static inline __attribute__((always_inline)) int eval_fast_binop(int op, value x, value y, value *out)
{
    if (x.type == T_INT64 && y.type == T_INT64) {
        int64_t a = x.u.i, b = y.u.i, r;
        switch (op) {
        case FAST_ADD: if (__builtin_add_overflow(a, b, &r)) return 0; *out = v_int(r); return 1;
        case FAST_SUB: if (__builtin_sub_overflow(a, b, &r)) return 0; *out = v_int(r); return 1;
        case FAST_MUL: if (__builtin_mul_overflow(a, b, &r)) return 0; *out = v_int(r); return 1;
        case FAST_DIV: *out = v_f64((double)a / (double)b); return 1; /* float(a) / float(b) */
        case FAST_LT: *out = v_bool(a < b); return 1;
        case FAST_LE: *out = v_bool(a <= b); return 1;
        case FAST_GT: *out = v_bool(a > b); return 1;
        case FAST_GE: *out = v_bool(a >= b); return 1;
        case FAST_EQ: *out = v_bool(a == b); return 1;
        case FAST_NE: *out = v_bool(a != b); return 1;
        /* rem, div and mod: a zero divisor is DivideError, and typemin(Int) ÷ -1
         * continues as a BigInt, on the general path */
        case FAST_REM: if (b == 0) return 0; *out = v_int(b == -1 ? 0 : a % b); return 1;
        case FAST_IDIV: if (b == 0 || (b == -1 && a == INT64_MIN)) return 0; *out = v_int(a / b); return 1;
        case FAST_MOD:
            if (b == 0)
                return 0;
            r = b == -1 ? 0 : a % b;
            *out = v_int(r != 0 && (r < 0) != (b < 0) ? r + b : r);
            return 1;
        default: return 0;
        }
    }
    /* Float64 with Float64 or Int64: arithmetic promotes an Int64 to Float64 (rounded to
     * nearest, as Float64(i)); a mixed comparison is exact in Julia, so it takes the
     * general path */
    int xf = x.type == T_FLOAT64, yf = y.type == T_FLOAT64;
    if (!(xf || yf) || !(xf || x.type == T_INT64) || !(yf || y.type == T_INT64))
        return 0;
    double a = xf ? x.u.f : (double)x.u.i, b = yf ? y.u.f : (double)y.u.i;
    switch (op) {
    case FAST_ADD: *out = v_f64(a + b); return 1;
    case FAST_SUB: *out = v_f64(a - b); return 1;
    case FAST_MUL: *out = v_f64(a * b); return 1;
    case FAST_DIV: *out = v_f64(a / b); return 1;
    case FAST_REM: *out = v_f64(fmod(a, b)); return 1; /* exact, the sign of a: Julia's rem */
    }
    if (!(xf && yf))
        return 0;
    switch (op) {
    case FAST_LT: *out = v_bool(a < b); return 1;
    case FAST_LE: *out = v_bool(a <= b); return 1;
    case FAST_GT: *out = v_bool(a > b); return 1;
    case FAST_GE: *out = v_bool(a >= b); return 1;
    case FAST_EQ: *out = v_bool(a == b); return 1;
    case FAST_NE: *out = v_bool(a != b); return 1;
    default: return 0;
    }
}

/* The value of the name sym seen from scope e (the globals when e is NULL). */
int eval_lookup(jc_ctx *ctx, struct env *e, int sym, const ast *site, value *out);
/* Assigns v (owned) to target (a name, x.f, a[i], a destructuring) from scope e. */
int eval_assign_to(jc_ctx *ctx, struct env *e, const ast *target, value v);
/* setindex!(a, v, i...) for a[i] op= v: ix[0] a, ix[1..nix] the indices (released
 * with v). */
int eval_store_index(jc_ctx *ctx, value *ix, int nix, value v, const ast *t);
/* One link of a comparison chain a < b <= c, res (owned) the result of comparing with
 * right (owned): 1 with *out the chain's value when it ends here (the first false, or
 * the last link), 0 to go on with *left = right, -1 with the TypeError of a non-Bool
 * before the last link. */
int eval_chain_link(jc_ctx *ctx, value res, value right, int last, const ast *site, value *out,
                    value *left);
/* Calls the global function named sym (an operator or builtin). */
int eval_call_named(jc_ctx *ctx, int sym, int n, const value *args, const ast *site, value *out);
/* x^p with p a literal Int64 (or its negation): 1 with *p set. */
int eval_literal_exponent(const ast *n, int64_t *p, jc_ctx *ctx);
/* Appends an interpolated piece v (released) of the string n to s: 0, or -1 with the
 * error pending (s freed). */
int eval_string_piece(jc_ctx *ctx, sb *s, value v, const ast *n);

/* Calls method m of the function named name, known to apply to the n positional
 * arguments (no where variables, no keywords). */
int eval_call_method(jc_ctx *ctx, const jc_method *m, int name, int n, const value *args,
                     const ast *site, value *out);

/* ---- user modules (eval_module.c) ---- */
/* module M … end at top level (e NULL): *out the module. */
int eval_module(jc_ctx *ctx, struct env *e, const ast *n, value *out);
/* Runs a tree made at run time (arena a) at the top level of module m (eval(M, ex)):
 * its names are the module's globals; Main and the standard modules run it in Main. */
int eval_module_run(jc_ctx *ctx, value m, ast *tree, arena *a, value *out);
/* The module a qualified global's name is in ("Main.M" for "Main.M.f"), 0 for Main. */
int eval_module_of(jc_ctx *ctx, int sym);
/* M.f in a definition's signature (M.f(x) = …) as the qualified name (an A_ID made in
 * a), when M is a user module; else NULL. */
const ast *eval_user_qualified(jc_ctx *ctx, const ast *n, arena *a);
void eval_modules_free(jc_ctx *ctx);

/* ---- the compiled evaluator (eval_compile.c) ---- */
/* Runs m's body compiled, compiling it at its first call: *handled 0 when it is left
 * to the tree walker (nothing was run). */
int eval_code_call(jc_ctx *ctx, jc_method *m, int n, const value *args, const type_env *tv,
                   const jc_args *a, value *out, int *handled);
/* A top-level `for` or `while` compiled and run; *handled 0 as above. */
int eval_code_toplevel(jc_ctx *ctx, const ast *n, value *out, int *handled);
void eval_code_free(struct ccode *code);

#endif
