/* eval_cnode.h — the closure tree the compiler (eval_compile.c) makes and the nodes
 * that run it (eval_cnode.c): private to those two files.  Each node holds the C
 * function that runs it, its operands and its AST node (the site of its errors); a
 * node returns 0 with its value, -1 with an error pending, or the code of a control
 * flow (EV_RETURN with the value, EV_BREAK, EV_CONTINUE). */
#ifndef JCALC_EVAL_CNODE_H
#define JCALC_EVAL_CNODE_H

#include "eval_impl.h"

typedef struct cnode cnode;

typedef struct cframe {
    value *slot;
    struct env *closure;   /* the method's captured scope: free names are read there */
    struct env *fenv;      /* the scope foreign nodes run in, made at the first */
    int function;          /* a method's body (hard scope), else a top-level loop */
} cframe;

typedef int (*crun)(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);

struct cnode {
    crun run;
    const ast *n;          /* the node: the site of its errors */
    int a, b;              /* a slot, a symbol, a kind (by node) */
    int nk;
    cnode **k;
    int nclear;            /* a loop: its body's slots, unassigned at every run */
    int *clear;
    cnode *next;           /* every node of a code, for freeing */
};

struct ccode {
    cnode *root;
    int nslots;
    cnode *nodes;
    int nkw;               /* a method's keyword parameters (and optional positional
                              ones, which methods keep alike): */
    int *kwslot;           /* each one's slot, */
    cnode **kwdef;         /* its default (NULL: none, UndefKeywordError), */
    cnode **kwtype;        /* and its declared type (NULL: none) */
    int nboxed;            /* the locals of the body's own scope that closures share */
    int *boxed;            /* with it (their symbols): they live in the frame's fenv,
                              made at the start of every run, not in slots */
};

#define RUN(c, o) ((c)->run(ctx, fr, (c), (o)))

/* evaluates child c into dst (call: the evaluation); any other outcome than a value is
 * passed on after cleanup (a `return` with its value) */
#define PASS_ON(call, dst, cleanup)            \
    do {                                       \
        int r_ = (call);                       \
        if (r_ != 0) {                         \
            cleanup;                           \
            if (r_ == EV_RETURN)               \
                *out = (dst);                  \
            return r_;                         \
        }                                      \
    } while (0)
#define CHILD(c, dst, cleanup) PASS_ON(RUN((c), &(dst)), dst, cleanup)

static inline void drop(jc_ctx *ctx, value v)
{
    if (val_kind_is(v.type, VK_HEAP))
        eval_release(ctx, v);
}

static inline void drop_n(jc_ctx *ctx, value *v, int n)
{
    for (int i = 0; i < n; i++)
        drop(ctx, v[i]);
}

/* Puts v (owned) in slot k, letting go of what it held. */
static inline void set_slot(jc_ctx *ctx, cframe *fr, int k, value v)
{
    value old = fr->slot[k];
    fr->slot[k] = v;
    drop(ctx, old);
}


static inline int has_fast_path(const jc_func *fn)
{
    return fn->fast > FAST_NONE && !fn->methods;
}

enum { CMAXARGS = 16 };

/* What a target node (run NULL) stores to (its a): a slot (b), a slot declared x::T (b;
 * k[0] the type), a global (n the name), an element (k[0] the collection, k[1..] the
 * indices), the parts of a destructuring (k[] their targets), or a variable of the
 * scope a closure captured. */
enum { T_SLOT, T_GLOBAL, T_INDEX, T_PARTS, T_OUTER, T_TSLOT, T_BOX, T_FIELD };

/* The runners, one per kind of node (eval_cnode.c). */
int cn_andor(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_assign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_block(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_break(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_call(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_callkw(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_comparison(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_const(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_copyin(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_curly(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_dot(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_for(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_foreign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_foreign_copy(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_localdef(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_boxed(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_free(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_global(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_if(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_juxt(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_let(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_nothing(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_op2(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_op2_sc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_opassign(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_opassign_gc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_opassign_index(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_opassign_sc(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_powlit(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_ref(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_return(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_slot(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_string(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_symbol(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_try(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_tuple(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_cat(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_vect(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_namedtuple(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_namedtuple_merge(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_typeassert(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);
int cn_while(jc_ctx *ctx, cframe *fr, const cnode *c, value *out);

#endif
