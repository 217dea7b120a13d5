/* eval.h — the evaluator.
 *
 * Walks a syntax tree in the context's environment.  Functions (builtin and user) are
 * values; calls dispatch by arity over a function's methods.  Every loop polls the
 * interrupt flag, recursion depth is bounded, and errors carry the span of the node
 * that raised them. */
#ifndef JC_EVAL_H
#define JC_EVAL_H

#include "ast.h"
#include "func.h"
#include "jc.h"
#include "lib/lib.h"
#include "types.h"

/* Evaluates a whole program (A_TOPLEVEL); *out gets the last statement's value. */
int eval_toplevel(jc_ctx *ctx, const ast *prog, arena *a, value *out);

/* The C stack guard: -1 with StackOverflowError pending when the stack in use is past
 * the budget.  For builtins that recurse over values (== over nested arrays). */
int eval_stack_check(jc_ctx *ctx, const ast *site);

/* Calls a function value with positional arguments (borrowed). */
int eval_call(jc_ctx *ctx, value f, int n, const value *args, const ast *site, value *out);
int eval_call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out);
/* eval_call from outside an evaluation too (the display of a result calls a user's show
 * method): the stack guard counts from here when no evaluation has set its base. */
int eval_call_rooted(jc_ctx *ctx, value f, int n, const value *args, const ast *site, value *out);

/* Binds every builtin as a global; called once per context. */
void eval_install_builtins(jc_ctx *ctx);
/* The symbol of each builtin row of lib_tables, in table order (a type's name maps to
 * its hidden conversion function), with their count: what eval_install_builtins binds.
 * The caller frees the array. */
int32_t *eval_builtin_rowsyms(jc_ctx *ctx, size_t *nrows);
/* Those symbols as the jcalc binary's start-up computed them at build time
 * (tools/gen_snapshot.c, with sym_boot); NULL (a weak definition) elsewhere. */
typedef struct eval_rows_snapshot {
    size_t nrows;
    const int32_t *rowsym;
} eval_rows_snapshot;
extern const eval_rows_snapshot *eval_boot_rows;

/* Global variable access by name (used by the REPL for completion, by tests). */
int eval_get_global(jc_ctx *ctx, const char *name, value *out);
/* The world age the running call sees (a MethodError's world). */
uint64_t eval_world_age(jc_ctx *ctx);
/* Calls the global function `name` (whatever the user has made of it) on args;
 * UndefVarError when the name is unbound. */
int eval_call_global(jc_ctx *ctx, const char *name, int n, const value *args, const ast *site,
                     value *out);
void eval_set_global(jc_ctx *ctx, int sym, value v);  /* takes ownership of v */

/* True when v is Bool true; raises TypeError for a non-Bool condition. */
int eval_truthy(jc_ctx *ctx, value v, const ast *site, int *truth);
/* x::T: 0 when v isa t, else Julia's TypeError(:typeassert, "", t, v) and -1. */
int eval_typeassert(jc_ctx *ctx, value v, value t, const ast *site);

/* What ev_* return besides 0 and -1: control flow unwinding to its loop or call. */
enum { EV_BREAK = 1, EV_CONTINUE = 2, EV_RETURN = 3 };

/* Iteration over ranges, tuples, arrays, strings (by character) and numbers (once), as
 * `for` sees it.  The iterator borrows coll.  next: 1 with *out set, 0 at the end, -1. */
typedef struct jc_iter {
    value coll;
    int64_t i, n;          /* n is INT64_MAX under the protocol (the length is unknown) */
    const ast *site;
    int proto;             /* the iterate protocol: 1 before its first step, 2 after */
    value f, state;        /* the protocol's iterate function and last state, owned */
    struct jc_iter *sub;   /* a generator's (proto 3): the iterator it maps or filters */
} jc_iter;
int eval_iter_init(jc_ctx *ctx, jc_iter *it, value coll, const ast *site);
/* The same, also allowing any value with user `iterate` methods: the caller must then
 * call eval_iter_done on every way out of the loop. */
int eval_iter_init_proto(jc_ctx *ctx, jc_iter *it, value coll, const ast *site);
void eval_iter_done(jc_iter *it);
/* Julia's iterate(x) and iterate(x, state) (n is 1 or 2) for the built-in collections:
 * (element, state) or nothing, with Julia's states (eval_iter.c). */
int eval_iterate(jc_ctx *ctx, value *out, int n, const value *v, const ast *site);
int eval_iter_next(jc_ctx *ctx, jc_iter *it, value *out);
/* One step of a loop over it: polls the interrupt flag and the step limit first, then
 * takes the next element.  1 with *out owned, 0 at the end, -1 with an error pending. */
int eval_iter_step(jc_ctx *ctx, jc_iter *it, value *out);

/* Local scopes for comprehensions (the array module): a scope under parent (NULL at top
 * level) in which iteration variables are bound as a `for` body binds them. */
struct env *eval_scope_new(struct env *parent);
int eval_scope_bind(jc_ctx *ctx, struct env *scope, const ast *var, value v); /* owns v */
void eval_scope_release(struct env *scope);
/* Empties scope for the next run of a loop body when nothing else holds it (1), else
 * lets go of it as eval_scope_drop does (0: the next run needs a new one). */
int eval_scope_reuse(jc_ctx *ctx, struct env *scope);
/* Leaves a scope as the evaluator does (its references become cycle candidates). */
void eval_scope_drop(jc_ctx *ctx, struct env *scope);

/* ---- exceptions (eval_try.c) ---- */
/* try/catch/else/finally; ev evaluates a node in a scope (the evaluator's own). */
int eval_try(jc_ctx *ctx, struct env *e, const ast *n,
             int (*ev)(jc_ctx *, struct env *, const ast *, value *), value *out);
/* The one semantics of try/catch/else/finally, for both evaluators: run(ctx, st, which,
 * exc, out) runs the clause `which` of n (TRY_BODY, TRY_CATCH with the caught exception
 * exc borrowed, TRY_ELSE, TRY_FINALLY) in its own scope and returns as a statement does
 * (0, -1, EV_BREAK …, *out owned with 0 and EV_RETURN). */
enum { TRY_BODY, TRY_CATCH, TRY_ELSE, TRY_FINALLY };
typedef int (*eval_try_clause_fn)(jc_ctx *ctx, void *st, int which, value exc, value *out);
int eval_try_run(jc_ctx *ctx, const ast *n, eval_try_clause_fn run, void *st, value *out);
/* The A_TRY node's clause of that kind (the block for TRY_BODY, else the A_CATCH,
 * A_TRYELSE or A_FINALLY node), or NULL. */
const ast *eval_try_clause(const ast *n, int which);
/* Binds Exception's built-in subtypes (DomainError ...) as type values. */
void eval_install_exceptions(jc_ctx *ctx);
/* The pending error as an exception value (a new reference); the error stays pending. */
value eval_exception_of_pending(jc_ctx *ctx);
/* Raises x as throw(x) does: an exception value with its own text, any other value
 * shown as Julia's showerror(io, x) = show(io, x). */
int eval_throw_value(jc_ctx *ctx, value x, const ast *site);
/* What showerror(io, x) writes: a user's showerror method's text, an exception's own
 * text, show's text for other values (an error of a user method stays pending). */
void eval_showerror_text(jc_ctx *ctx, sb *out, value x);
/* ---- user show methods (eval_show.c) ---- */
/* Installs the context's show_hook (jc.h), through which show.c reaches user methods. */
void eval_show_install(jc_ctx *ctx);
/* A user's showerror(io, x) for a struct x: 1 with its text appended to out, 0 when
 * there is none, -1 with its error pending. */
int eval_user_showerror(jc_ctx *ctx, sb *out, value x);
/* rethrow(): the exception of the innermost running catch block, with its original
 * position and stack trace. */
int eval_rethrow(jc_ctx *ctx, const ast *site);
/* current_exceptions(): the exceptions being handled, oldest first, as a Vector of
 * (exception = e, backtrace = nothing); eval_excs_pop lets go of those above level. */
int eval_current_exceptions(jc_ctx *ctx, value *out);
void eval_excs_pop(jc_ctx *ctx, size_t level);
void eval_excs_free(jc_ctx *ctx);
/* rethrow(exc): exc replaces the current exception on the stack, as Julia's. */
void eval_excs_rethrown(jc_ctx *ctx, value exc);
/* Appends to e's chain of causes the records of the exceptions still on the stack (an
 * error thrown out of a catch block), newest first. */
void eval_excs_causes(jc_ctx *ctx, jc_error *e);
/* The stack trace of an error caught in the function that raised it (no call has
 * unwound with it yet): the calls in progress, as an error leaving them records them. */
void eval_trace_caught(jc_ctx *ctx, jc_error *e);
/* e.msg, e.val ... of a built-in exception value. */
int eval_exc_getfield(jc_ctx *ctx, value *out, value e, const char *name, const ast *site);

/* Reference cycles (see eval_state.c): eval_release lets go of a value as the evaluator does
 * when a variable is rebound, so that a cycle it may leave behind becomes a candidate;
 * eval_collect_cycles frees the garbage cycles among the candidates.  The front door
 * calls it at the end of every jc_eval and in jc_free, after releasing the globals. */
void eval_release(jc_ctx *ctx, value v);
void eval_collect_cycles(jc_ctx *ctx);

/* Releases the evaluator's private state (jc_free). */
void eval_free_state(jc_ctx *ctx);
/* After an evaluation was abandoned by a failed malloc (mem_fail): forgets the call
 * stack and the transient state of the evaluation that no longer runs. */
void eval_recover(jc_ctx *ctx);
/* Frees a T_FUNCTION object (registered in val_free_table). */
void eval_func_free(obj *o);

/* ---- methods (eval_method.c) ---- */
/* Chooses the most specific of fn's user methods for these arguments, as Julia does;
 * binds its where variables in *env.  1 with *best set, 0 when none applies, -1 with
 * MethodError pending when the call is ambiguous. */
int eval_method_select(jc_ctx *ctx, const jc_func *fn, const jc_args *a, const jc_method **best,
                       type_env *env);
/* Whether the signature d, a method in no table (a struct's default constructor), takes
 * these arguments and is more specific than m, which does. */
int eval_method_outranks(const jc_method *d, const jc_method *m, const jc_args *a);
/* MethodError: no method matching f(::T...), with Julia's "Closest candidates are:". */
int eval_method_nomatch(jc_ctx *ctx, const char *name, const jc_func *fn, const jc_args *a);
/* A method's signature as methods(f) shows it (names) or as candidates do (types). */
void eval_method_sig(jc_ctx *ctx, sb *out, const char *fname, const jc_method *m, int names);
/* The location of a method's definition: "none:1". */
void eval_method_loc(jc_ctx *ctx, sb *out, const jc_method *m);

/* A list of methods(f) as Julia displays it. */
void eval_methods_text(jc_ctx *ctx, sb *out, const jc_func *f, value ms);
/* methods(f) as Base's MethodList, f a function or a type (its constructors): 1 with
 * *out, 0 when f is neither, -1; the show of a Method or MethodList (1 when v is one);
 * the types as names (1 with *out for Method, or Base.MethodList when in_base). */
int eval_methods_of(jc_ctx *ctx, value f, value *out);
int eval_method_show(jc_ctx *ctx, sb *out, value v, int mode);
int eval_method_type_named(jc_ctx *ctx, const char *name, int in_base, value *out);
/* For a MethodList *v, its ms (borrowed: the list holds it) in *v, and 1; else 0. */
int eval_method_list_items(jc_ctx *ctx, value *v);
/* A string value the display shows as it is (a method list). */
value eval_display_text(const char *s, size_t n);

/* ---- user types (eval_struct.c) ---- */
/* struct / mutable struct / abstract type: declares the type, binds its name. */
int eval_typedef(jc_ctx *ctx, struct env *e, const ast *n, arena *a, jc_typedef **list, value *out);
void eval_typedefs_free(jc_typedef *list);
/* Base's `struct Val{x} end` and `struct MIME{mime} end`, declared at start and kept
 * on list. */
void eval_install_val(jc_ctx *ctx, jc_typedef **list);
/* MIME{Symbol(s)}, the type MIME"s" (base/multimedia.jl), or with instance its value
 * MIME(s). */
int eval_mime(jc_ctx *ctx, const char *s, size_t n, int instance, const ast *site, value *out);
/* T{v} for a value v (3, :a, true, 'c'): the TK_VALUE parameter, or Julia's TypeError
 * for a value that cannot be one (neither isbits nor a Symbol). */
int eval_value_param(jc_ctx *ctx, value v, jc_typeobj **out, const ast *site);
/* A call of a struct type: user constructors, then the default one. */
int eval_struct_call(jc_ctx *ctx, value tval, const jc_args *a, value *out);
/* new{T}(...) inside an inner constructor: the applied type (LIB_DECLINE when
 * args[0] is no `new`). */
int eval_new_apply(jc_ctx *ctx, value *out, int n, const value *args, const ast *site);
int eval_struct_getfield(jc_ctx *ctx, value *out, value x, const char *name, const ast *site);
/* x.name = v (v borrowed). */
int eval_setfield(jc_ctx *ctx, value x, const char *name, value v, const ast *site);

/* For the evaluator's other files: an expression in a scope, a function definition
 * (f(x) = ..., with where clauses) in a scope, a global made constant. */
int eval_expr(jc_ctx *ctx, struct env *e, const ast *n, value *out);
int eval_define_function(jc_ctx *ctx, struct env *e, const ast *sig, const ast *body, arena *a,
                         value *out);
void eval_set_constant(jc_ctx *ctx, int sym);

/* ---- type syntax and the core language's names (eval_type.c) ---- */
/* Global constants (π, ℯ, im, Inf, NaN, nothing, the type names, rounding modes) are
 * bound by eval_install_constants before the function tables. */
void eval_install_constants(jc_ctx *ctx);

/* Base.MathConstants.γ and the like: names reachable only through a module path. */
int eval_module_constant(jc_ctx *ctx, const char *name, value *out);

/* x.name: the fields Julia gives numbers (z.re, z.im, r.num, r.den). */
int eval_getfield(jc_ctx *ctx, value *out, value x, const char *name, const ast *site);

/* <:X from X's evaluation (rc its status, *out the type): a new anonymous variable. */
int eval_anon_typevar(jc_ctx *ctx, int rc, value *out, const ast *site);

/* T{P...}: Rational{Int64}, Complex{Float64}, Vector{Int}, Matrix{Rational}. */
int eval_apply_type(jc_ctx *ctx, value *out, int n, const value *args, const ast *site);

/* Calling a type that has no conversion rows of its own name: Matrix{T}(undef, m, n),
 * Rational{BigInt}(x) ... */
typedef int (*eval_expr_fn)(jc_ctx *ctx, struct env *e, const ast *n, value *out);
/* Quoted code (eval_expr.c).  eval_quote: :(…) or quote … end (A_QUOTE) in scope e,
 * with $ evaluated there.  eval_expr_kind: 1 for an Expr, 2 for a QuoteNode, else 0.
 * eval_expr_construct: Expr(head, args...), LIB_DECLINE for other types.
 * eval_macro_run: a call of a user macro expanded and run in scope e; 1 when the name
 * is not a user macro.  eval_run_tree (eval.c): a tree made at run time (arena a), run
 * in scope e (NULL: global) as a statement. */
int eval_quote(jc_ctx *ctx, struct env *e, const ast *n, eval_expr_fn ev, value *out);
/* the Symbol a quoted name is: its own, or .+ for a dotted operator */
int eval_name_symbol(jc_ctx *ctx, const ast *id);
int eval_expr_kind(jc_ctx *ctx, value v);
int eval_expr_construct(jc_ctx *ctx, const jc_typeobj *t, const jc_args *a, value *out);
int eval_expr_type_named(jc_ctx *ctx, const char *name, value *out);
int eval_expr_show(jc_ctx *ctx, sb *out, value v, int mode);
int eval_macro_run(jc_ctx *ctx, struct env *e, const ast *n, value *out);
/* Whether n is a call of an annotation that only evaluates its last argument (@inbounds,
 * @simd, @inline …, none of the user's by that name): 1 with that argument in *expr
 * (NULL for none). */
int eval_macro_annotation(jc_ctx *ctx, const ast *n, const ast **expr);
/* The user's macro that macro call n names (a function of methods, no builtin rows), or
 * NULL (eval_expr.c). */
const value *eval_user_macro_of(jc_ctx *ctx, const ast *n);
int eval_macroexpand(jc_ctx *ctx, const ast *call, value *out);
int eval_at_eval(jc_ctx *ctx, struct env *e, const ast *arg, const value *module,
                 eval_expr_fn ev, value *out);
int eval_run_tree(jc_ctx *ctx, struct env *e, const ast *n, arena *a, value *out);
int eval_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a);
/* Base.Generator and Base.Iterators.Filter as qualified names (mod is the module path):
 * 1 with *out, else 0. */
/* 1 for a Base.Generator, 2 for an Iterators.Filter, else 0. */
int eval_gen_kind(jc_ctx *ctx, value v);
/* NamedTuple(...) called: (), a named tuple, keyword arguments or key => value pairs
 * (eval_pairs.c). */
int eval_namedtuple_construct(jc_ctx *ctx, value *out, const jc_args *a);
/* The element type of an empty collect of the generator or filter v when Julia's
 * inference would find it exactly ((x for x in itr if c): itr's eltype): 1 with *out. */
int eval_gen_empty_eltype(jc_ctx *ctx, value v, const ast *site, value *out);
int eval_gen_type_named(jc_ctx *ctx, const char *mod, const char *name, value *out);
/* The n values v as a tuple of type t (Tuple{Int, Vararg{Float64}} …), each converted to
 * its place's type.  Returns 1 (nothing made) when n does not fit t: fewer than its
 * places, or more when exact and t has no Vararg. */
int eval_tuple_convert(jc_ctx *ctx, const jc_typeobj *t, const value *v, size_t n, int exact,
                       const ast *site, value *out);

/* ---- destructuring and named tuples (eval_assign.c) ---- */
/* scope: the evaluator's scope (struct env), or a compiled frame (eval_compile.c) */
typedef int (*eval_assign_fn)(jc_ctx *ctx, void *scope, const ast *target, value v /* owned */);
/* a, b = v; a, b... = v; a, b..., c = v; (; a, b) = v (v borrowed). */
int eval_destructure(jc_ctx *ctx, void *scope, const ast *target, value v, eval_assign_fn assign);
/* Whether an A_TUPLE is a named tuple: (a = 1, b = 2), (; x), (; a = 1, b). */
int eval_is_named_tuple_form(const ast *n);
int eval_named_tuple(jc_ctx *ctx, struct env *e, const ast *n, eval_expr_fn ev, value *out);
/* A named tuple form's items, the ;-group's flattened in (at most max: -1 past it), and
 * an item's field name (its value's node in *val), -1 for no valid field. */
enum { NT_MAX = 256 };
int eval_named_tuple_items(const ast *n, const ast **items, int max);
int eval_named_tuple_item(const ast *k, const ast **val);
/* what item k of a named tuple adds, *val the code of its value: a field's name (as
 * eval_named_tuple_item), NT_SPLAT for nt..., NT_PAIR for :k => v, -1 no item */
int eval_is_pair_call(jc_ctx *ctx, const ast *p); /* k => v, as an argument (eval.c) */
enum { NT_SPLAT = -2, NT_PAIR = -3 };
int eval_named_tuple_part(jc_ctx *ctx, const ast *k, const ast **val);
/* the first of items that is no item or repeats a field's name (-1: none), *merged
 * when a splat or pair is among them; _check makes it the syntax error */
int eval_named_tuple_bad(jc_ctx *ctx, const ast *const *items, int m, int *merged);
int eval_named_tuple_check(jc_ctx *ctx, const ast *const *items, int m, int *merged);
/* the named tuple of items with a splat or pair among them (eval_pairs.c) */
int eval_named_tuple_merge(jc_ctx *ctx, struct env *e, const ast *const *items, int m,
                           eval_expr_fn ev, value *out);
/* x::T = v: *v (owned) becomes convert(T, *v); on error it is released.  *type gets T
 * (owned) when type_out is not NULL. */
int eval_convert_declared(jc_ctx *ctx, struct env *e, const ast *type, eval_expr_fn ev, value *v,
                          value *type_out);
/* convert(T, *v) in place for an assignment to a variable declared x::T; *v is released
 * on error. */
int eval_convert_to(jc_ctx *ctx, value type, value *v, const ast *site);
/* The declared types of a scope's variables (x::T = …), kept so that later assignments
 * convert too. */
typedef struct typed_list { int n, cap; int *syms; value *types; } typed_list;
const value *eval_typed_find(const typed_list *l, int sym);
void eval_typed_set(typed_list **l, int sym, value type /* owned */);
void eval_typed_free(typed_list *l);

/* ---- the functional syntax (eval_func.c) ---- */
/* Calls a ComposedFunction (outer ∘ inner) with a's arguments: outer(inner(args…)). */
int eval_call_composed(jc_ctx *ctx, value f, const jc_args *a, value *out);
/* using/import of Julia's standard modules: accepted; others are Julia's error. */
int eval_using(jc_ctx *ctx, const ast *n, value *out);
/* The module named sym when it is a standard module (1 with *out set), else 0. */
int eval_module_value(jc_ctx *ctx, int sym, value *out);
/* M.name for a module value M: the global of that name (a submodule, a constant). */
int eval_module_member(jc_ctx *ctx, value *out, value m, const char *name, const ast *site);
/* M.name of a user module (eval_module.c); LIB_DECLINE when m is not one. */
int eval_user_module_member(jc_ctx *ctx, value *out, value m, const char *name, const ast *site);
/* nameof(m), parentmodule(m), isdefined(m, :sym) of a module value; @__MODULE__ where
 * no module's body is being renamed (Main, or the module whose body runs). */
/* The name a module's global shows ("f" for "Main.M.f"): the symbol without its module. */
int eval_module_plain(jc_ctx *ctx, int sym);
int eval_module_nameof(jc_ctx *ctx, value m);
value eval_module_parent(jc_ctx *ctx, value m);
int eval_module_isdefined(jc_ctx *ctx, value m, int sym);
/* names(m) of a user module: its exported names and its own, sorted; LIB_DECLINE for
 * another module. */
int eval_module_names(jc_ctx *ctx, value m, int all, value *out);
/* fullname(m): the path of names to a module, (:Main, :M). */
value eval_module_fullname(jc_ctx *ctx, value m);
value eval_current_module(jc_ctx *ctx);
/* isdefined(x, :field) of a struct: the field exists and is assigned. */
int eval_struct_isdefined(jc_ctx *ctx, value x, int sym);
/* The module of method m as Julia names it in a method's location ("Main", "Main.M"). */
const char *eval_method_module(jc_ctx *ctx, const jc_method *m);
/* using/import of a user module by the relative path (.M) of n: 0, -1, or LIB_DECLINE
 * when path names none; colon: the names after `:` are n's kids from npaths on. */
int eval_using_user(jc_ctx *ctx, const ast *n, const ast *path, int colon, int npaths);
/* Whether the module path a.b.c (A_ID / A_DOT chain) names a standard module. */
int eval_is_module_path(jc_ctx *ctx, const ast *n);
/* The A_ID a qualified name M.f or M.:+ stands for when M is a standard module, or NULL. */
const ast *eval_qualified_name(jc_ctx *ctx, const ast *n);
/* The name after a dot (b in a.b, :+ in Base.:+, == in Base.:(==)), or NULL. */
const ast *eval_member_name(const ast *r);
/* UndefVarError for the first part of the dotted name n that is no standard module. */
int eval_module_error(jc_ctx *ctx, const ast *n);
/* Pair{A, B} as a type, and called: Pair{Float64, Int64}(1, 2).  LIB_DECLINE for other
 * types. */
int eval_pair_apply_type(jc_ctx *ctx, value *out, int n, const value *args, const ast *site);
int eval_pair_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, const jc_args *a);
/* Binds Pair, ComposedFunction and Symbol (from eval_install_constants). */
void eval_func_install(jc_ctx *ctx);

/* f.(args...) with Julia's broadcast shapes; a plain call when no argument is a
 * collection (eval_broadcast.c). */
int array_broadcast(jc_ctx *ctx, value f, const jc_args *a, value *out);

#endif
