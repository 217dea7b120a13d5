/* func.h — the layout of a function value (T_FUNCTION): its user methods and builtin
 * rows.  The evaluator makes and calls them (eval.h); the type lattice and the display
 * read their names and methods here, below the evaluator. */
#ifndef JC_FUNC_H
#define JC_FUNC_H

#include "jc.h"
#include "types.h"

struct builtin;
struct env;
struct ccode;

/* The heap object behind a T_FUNCTION value. */
typedef struct jc_method {
    struct jc_method *next;
    int nparams;             /* positional parameters, the varargs one included */
    int vararg;              /* the last parameter is x...: it takes the rest as a tuple */
    int *params;             /* parameter symbol ids */
    jc_typeobj **ptypes;     /* declared parameter types (x::Real), NULL entries for Any */
    int nkw;                 /* keyword parameters with defaults */
    int nposopt;             /* the first nposopt of them are optional positional ones
                                (f(a, b = 2) called with one argument), filled in order,
                                never by a keyword; with restopt the last of them is
                                the varargs one (f(x, y = 0, rest...) called as f(1)),
                                bound to () */
    int restopt;
    int kwrest;              /* 1 + the index of kw..., which takes the keywords no other
                                one names (a Base.Pairs), or 0 */
    int *kwparams;
    const ast **kwdefaults;
    const ast **kwtypes;     /* the declared type of each keyword (y::Int = 2), NULL
                                entries for none; NULL when no keyword has one */
    const ast *body;
    const ast *rettype;      /* the declared return type, f(x)::T = … (every value it
                                returns is convert(T, v)::T), or NULL */
    arena *arena;            /* keeps body alive */
    struct env *closure;     /* captured local scope for closures, or NULL for globals */
    int ntvars;              /* where variables (TK_TYPEVAR objects, owned), outermost first */
    jc_typeobj **tvars;
    const ast *site;         /* the signature, for the method's file:line */
    struct ccode *code;      /* the body compiled (eval_compile.c), made at the first call */
    int code_state;          /* 0 not tried yet, 1 compiled, 2 left to the tree walker */
    int *locals;             /* the names the body's own scope assigns or declares local
                                (eval_scope_names), for the tree walker; read at its first
                                walked call, nlocals -1 until then */
    int nlocals;
    uint64_t world;          /* the world age it was defined in (evstate.world) */
    struct jc_method *replaces; /* the method of the same signature it replaced, seen by
                                calls running in an older world (kept until the outermost
                                evaluation ends; only read while this one is too new) */
    int module;              /* the symbol of the module that defined it ("Main.M"), or 0
                                for Main (no module's name is the first symbol) */
} jc_method;

typedef struct jc_func {
    obj h;
    int name;                /* symbol id, or -1 for anonymous functions */
    jc_method *methods;      /* user methods, newest first */
    const struct builtin **rows;    /* builtin rows of this name, in table order */
    int nrows;
    uint8_t in_block;        /* a builtin's: it and its rows live in the blocks that
                                eval_install_builtins allocates (freed with the state) */
    uint8_t fast;            /* a builtin operator's direct path for two Int64 or two
                                Float64 arguments (eval_impl.h's FAST_*); 0 until its first call */
} jc_func;

static inline jc_func *val_func(value v) { return (jc_func *)v.u.o; }

#endif
