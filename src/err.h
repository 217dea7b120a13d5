/* err.h — errors as data.
 *
 * Every error jcalc raises has a kind; one table (err_table) gives each kind the Julia
 * type it stands for, the word that opens its message, and the public jc_status a front
 * end sees.  A raise site names a kind and gives only the detail after that word, so no
 * module spells an error type by hand.  The first error raised wins and stays pending in
 * the context until the API takes it; positions are byte spans of the current source,
 * converted to line and character column here.  Rendering (the "ERROR: " line, the
 * ParseError block, the Stacktrace) is diag.c's, in one place. */
#ifndef JC_ERR_H
#define JC_ERR_H

#include <stdarg.h>
#include <stddef.h>

#include "jcalc.h"
#include "value.h"

typedef struct jc_ctx jc_ctx;
typedef struct ast ast;

typedef enum err_kind {
    ERR_NONE = 0,
    ERR_PARSE,          /* ParseError (message built by diag_parse_error) */
    ERR_INCOMPLETE,     /* a ParseError at the end of the text: more input may complete it */
    ERR_DOMAIN,
    ERR_DIVIDE,
    ERR_OVERFLOW,
    ERR_INEXACT,
    ERR_ARGUMENT,
    ERR_METHOD,
    ERR_UNDEFVAR,
    ERR_UNDEFREF,
    ERR_UNDEFKEYWORD,
    ERR_BOUNDS,
    ERR_STRINGINDEX,
    ERR_DIMENSION,
    ERR_TYPE,
    ERR_SINGULAR,
    ERR_STACK,
    ERR_INTERRUPT,
    ERR_OUTOFMEMORY,
    ERR_SYSTEM,
    ERR_ERROR,          /* ErrorException: error("...") and messages Julia prints bare */
    ERR_SYNTAX,         /* "syntax: ..." a well-formed parse the evaluator cannot accept */
    ERR_LIMIT_BITS,     /* a result above --max-bits (printed as an OverflowError) */
    ERR_LIMIT_STEPS,    /* the step limit of jc_set_step_limit */
    ERR_EXIT,           /* exit(code) was called: not an error, but it unwinds like one */
    ERR_CONTROL,        /* return, break or continue inside an expression (x = return 1):
                           unwinds like an error to the statement around it (eval.c) */
    ERR__COUNT
} err_kind;

typedef struct err_info {
    const char *type;   /* Julia's type of the error (ErrorException for bare messages) */
    const char *prefix; /* what the message opens with; "" when the detail stands alone */
    jc_status status;   /* what the public API reports */
} err_info;

extern const err_info err_table[ERR__COUNT];

/* Records an error of `kind` at the source span of `at` (may be NULL) unless one is
 * already pending, and returns -1.  The message Julia shows is the kind's prefix
 * followed by the formatted detail: "Prefix: detail"; "Prefix:" when the detail is
 * empty; "Prefix detail" when the detail opens with a space or "(" (" with x:",
 * "(2)"); the detail alone when the prefix is "". */
int err_throw(jc_ctx *ctx, err_kind kind, const ast *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Same, at an explicit byte span of the current source. */
int err_throw_span(jc_ctx *ctx, err_kind kind, size_t off, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
int err_throwv(jc_ctx *ctx, err_kind kind, int has_span, size_t off, size_t len,
               const char *fmt, va_list ap);
/* Records an error whose whole message is already composed (ParseError blocks). */
int err_record(jc_ctx *ctx, err_kind kind, char *message, const char *detail, int has_span,
               size_t off, size_t len);
/* Gives the pending error a position if it has none yet (errors raised deep in a
 * builtin learn where they happened from the call that reached it). */
void err_locate(jc_ctx *ctx, const ast *at);
/* Drops the pending error. */
void err_clear(jc_ctx *ctx);
/* The pending error set aside while something else is tried (err_stash leaves none
 * pending), then put back in place of whatever that attempt raised (err_unstash) or
 * dropped (err_drop_stash). */
typedef struct err_stashed {
    jc_error err;
    err_kind kind;
    int traced;
    value value;
} err_stashed;
void err_stash(jc_ctx *ctx, err_stashed *s);
void err_unstash(jc_ctx *ctx, err_stashed *s);
void err_drop_stash(err_stashed *s);
/* Moves the pending error into e (the API's result), leaving none pending. */
jc_status err_take(jc_ctx *ctx, jc_error *e);
/* Frees what an error record owns and zeroes it. */
void err_record_free(jc_error *e);

/* Converts a byte offset of the current source into line and column (characters). */
void err_position(const jc_ctx *ctx, size_t off, int *line, int *col);
/* The same for any source text whose first line is first_line. */
void err_position_in(const char *src, size_t len, int first_line, size_t off, int *line,
                     int *col);

/* The frames of a record as its Stacktrace shows them (err_take does it): each at the
 * position reached inside it, then the top-level scope. */
void err_finish_frames(jc_error *e);

#endif
