/* jc.h — the interpreter context and the conventions every module shares.
 *
 * All state lives in one jc_ctx passed explicitly: symbols, global bindings, precision,
 * the interrupt flag, the pending error.  Functions that can fail return int: 0 on
 * success, -1 after recording the error with err_throw (never by printing, never as a
 * NaN).  The first error recorded wins until the front end takes it. */
#ifndef JC_JC_H
#define JC_JC_H

/* What a builtin row (lib/lib.h), or a function that may answer for one, returns when
 * it does not handle these arguments: dispatch goes on to the next method. */
#define LIB_DECLINE 1

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "err.h"
#include "jcalc.h"
#include "mem.h"
#include "sym.h"
#include "util.h"
#include "value.h"

typedef struct ast ast;
typedef struct arena arena;

/* Interned names.  A symbol id indexes ctx->syms; names are stored normalized. */
/* A call's arguments as a builtin row (lib/lib.h) and the evaluator's calls see them. */
typedef struct jc_args {
    int n;                 /* positional arguments */
    const value *v;
    int nkw;               /* keyword arguments: symbol ids and values */
    const int *kw;
    const value *kwv;
    const ast *site;       /* the call, for error positions (may be NULL) */
    const void *data;      /* the called row's data (builtin.data), set by the dispatcher */
} jc_args;

typedef struct symtab {
    char **names;
    uint32_t *hash;
    uint32_t *lens;     /* byte length of each name */
    size_t n, cap;
    int32_t *slots;     /* open-addressing index into names, -1 empty */
    size_t nslots;
    char *pool;         /* names are stored in pool chunks, freed together */
    size_t pool_used, pool_cap;
    char **chunks;
    size_t nchunks;
    int borrowed;       /* names, hash, lens and slots are sym_boot's, read-only */
} symtab;

/* A user function's call in progress, for the stack trace of an error: the function,
 * its arguments (borrowed for the call's duration), the call site and the source text
 * the call site belongs to. */
typedef struct frame {
    struct frame *up;
    int name;
    int nargs;
    const value *args;
    const int *params;         /* the parameter names, as the method declares them */
    int nparams;               /* how many; past them (varargs) the last one names the rest */
    const ast *site;
    const char *src;
    size_t srclen;
    const char *srcname;
    int first_line;
} frame;

/* A global binding; `defined` distinguishes an unbound name from one bound to nothing. */
enum { CONST_BUILTIN = 1, CONST_USER = 2 };
typedef struct binding {
    value v;
    uint8_t defined;
    uint8_t constant;   /* CONST_BUILTIN (pi, im, sin ...: the user may rebind them) or
                           CONST_USER (const x, a function's or a type's name) */
} binding;

struct jc_ctx {
    symtab syms;
    binding *globals;          /* indexed by symbol id */
    size_t nglobals;
    int *op_syms;              /* per operator-table row: 1 + the symbol of its normalized
                                  name, 0 until the parser first meets it (parse.c) */

    mpfr_prec_t precision;     /* BigFloat precision in bits */
    mpfr_rnd_t rounding;
    volatile sig_atomic_t interrupted;
    int color;
    FILE *out;
    int display_rows, display_cols; /* what the REPL display of arrays may fill */
    int exit_code;             /* with ERR_EXIT pending: the code exit() was given */
    int child_jobs;            /* huge GMP operations may run in a forked child (bigjob) */
    mem_budget mem;            /* what the context's evaluations may allocate (mem.h) */

    jc_error err;              /* the pending error, when err_set */
    err_kind err_kind;
    int err_set;
    int err_traced;            /* the evaluator has put the call stack into err.frames */
    value err_value;           /* the pending error's exception value, when throw() gave one */
    struct exc_catch *catching;/* the innermost catch block running (eval_try.c) */
    struct exc_entry *excs;    /* the exceptions being handled, oldest first: a catch pushes
                                  its own, leaving it normally pops back (current_exceptions) */
    size_t nexcs, capexcs;
    size_t excs_inflight;      /* nexcs when its top is the error in flight (after finally) */
    frame *frames;             /* innermost user-function call, for the stack trace */
    int nframes;
    int depth, max_depth;      /* recursion guard */
    uint64_t max_bits;         /* refuse integers/mantissas above this many bits */
    uint64_t step_limit;       /* loop iterations and calls allowed per evaluation; 0: any */
    uint64_t steps;
    int steps_caught;          /* a catch has taken the step limit error once (eval_try.c) */

    /* the text being evaluated, for error positions */
    const char *src;
    size_t srclen;
    const char *srcname;
    int first_line;

    value ans;
    int anon_count;
    arena *spare;              /* an emptied arena kept for the next evaluation */            /* anonymous functions are named #1, #2 ... as in Julia */
    void *lib;                 /* builtin-library private state */
    /* The evaluator's way into user show methods, installed with the builtins (show.c
     * must not call the evaluator): the text of a struct value by the user's show (or
     * print, for mode SHOW_PRINT) appended to out; 1 when a user method wrote it, 0 when
     * none applies, -1 with an error pending. */
    int (*show_hook)(jc_ctx *ctx, sb *out, value v, int mode);
    const ast *show_site;      /* the innermost builtin call in progress, or the statement
                                  whose result is being displayed: where a user's show
                                  method reached from show.c is called from */
};

/* Checks the interrupt flag: returns -1 with InterruptException pending if it is set. */
static inline int ctx_poll(jc_ctx *ctx)
{
    if (ctx->interrupted) {
        ctx->interrupted = 0;
        return err_throw(ctx, ERR_INTERRUPT, NULL, "%s", "");
    }
    if (ctx->mem.exceeded) { /* an allocation went past the budget: unwind and free */
        ctx->mem.exceeded = 0;
        return err_throw(ctx, ERR_OUTOFMEMORY, NULL, "()");
    }
    if (ctx->step_limit && ++ctx->steps > ctx->step_limit)
        return err_throw(ctx, ERR_LIMIT_STEPS, NULL, "evaluation step limit reached (%llu steps)",
                        (unsigned long long)ctx->step_limit);
    return 0;
}

#endif
