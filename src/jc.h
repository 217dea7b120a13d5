/* jc.h — the interpreter context and the conventions every module shares.
 *
 * All state lives in one jc_ctx passed explicitly: symbols, global bindings, precision,
 * the interrupt flag, the pending error.  Functions that can fail return int: 0 on
 * success, -1 after recording the error with jc_throw (never by printing, never as a
 * NaN).  The first error recorded wins until the front end takes it. */
#ifndef JC_JC_H
#define JC_JC_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "../include/jcalc.h"
#include "util.h"
#include "value.h"

typedef struct ast ast;
typedef struct arena arena;

/* Interned names.  A symbol id indexes ctx->syms; names are stored normalized. */
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
} symtab;

int sym_intern(jc_ctx *ctx, const char *name, size_t len);
const char *sym_name(const jc_ctx *ctx, int id);
/* Looks a name up without interning; -1 when absent. */
int sym_find(const jc_ctx *ctx, const char *name, size_t len);

/* A user function's call in progress, for the stack trace of an error: the function,
 * its arguments (borrowed for the call's duration), the call site and the source text
 * the call site belongs to. */
typedef struct frame {
    struct frame *up;
    int name;
    int nargs;
    const value *args;
    const int *params;         /* the parameter names, as the method declares them */
    const ast *site;
    const char *src;
    size_t srclen;
    const char *srcname;
    int first_line;
} frame;

/* A global binding; `defined` distinguishes an unbound name from one bound to nothing. */
typedef struct binding {
    value v;
    uint8_t defined;
    uint8_t constant;   /* builtin constants (pi, im ...) */
} binding;

struct jc_ctx {
    symtab syms;
    binding *globals;          /* indexed by symbol id */
    size_t nglobals;

    mpfr_prec_t precision;     /* BigFloat precision in bits */
    mpfr_rnd_t rounding;
    volatile sig_atomic_t interrupted;
    int color;
    FILE *out;

    jc_error err;              /* the pending error, when err.kind != JC_OK */
    int err_set;
    frame *frames;             /* innermost user-function call, for the stack trace */
    int nframes;
    int depth, max_depth;      /* recursion guard */
    uint64_t max_bits;         /* refuse integers/mantissas above this many bits */
    uint64_t step_limit;       /* loop iterations and calls allowed per evaluation; 0: any */
    uint64_t steps;

    /* the text being evaluated, for error positions */
    const char *src;
    size_t srclen;
    const char *srcname;
    int first_line;

    value ans;
    int anon_count;
    arena *spare;              /* an emptied arena kept for the next evaluation */            /* anonymous functions are named #1, #2 ... as in Julia */
    void *lib;                 /* builtin-library private state */
};

/* Records an error of `kind` at the source span of `at` (may be NULL) unless one is
 * already pending.  The message is the text after "ERROR: ".  Always returns -1. */
int jc_throw(jc_ctx *ctx, jc_status kind, const ast *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Same, at an explicit byte span of the current source. */
int jc_throw_span(jc_ctx *ctx, jc_status kind, size_t off, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Gives the error a position if it has none yet (errors raised deep in a builtin learn
 * where they happened from the call that reached it). */
void jc_error_locate(jc_ctx *ctx, const ast *at);
void jc_clear_error(jc_ctx *ctx);
/* Converts a byte offset of the current source into line and column (characters). */
void jc_position(const jc_ctx *ctx, size_t off, int *line, int *col);
/* The same for any source text whose first line is first_line. */
void jc_position_in(const char *src, size_t len, int first_line, size_t off, int *line, int *col);

/* Checks the interrupt flag: returns -1 with InterruptException pending if it is set. */
static inline int jc_poll(jc_ctx *ctx)
{
    if (ctx->interrupted) {
        ctx->interrupted = 0;
        return jc_throw(ctx, JC_ERR_INTERRUPT, NULL, "InterruptException:");
    }
    if (ctx->step_limit && ++ctx->steps > ctx->step_limit)
        return jc_throw(ctx, JC_ERR_LIMIT, NULL, "evaluation step limit reached (%llu steps)",
                        (unsigned long long)ctx->step_limit);
    return 0;
}

#endif
