/* jcalc.h — the one entry point to jcalc: every front end (command line, REPL, tests,
 * fuzzer) creates a context and evaluates text through it.
 *
 * A context owns all interpreter state (variables, functions, precision, interrupt flag);
 * two contexts in one process are independent.  Results and errors are returned as
 * values the caller owns and clears with jc_result_clear; nothing here prints, except
 * what the evaluated program itself prints (println, show ...) to the context's output. */
#ifndef JCALC_H
#define JCALC_H

#include <stddef.h>
#include <stdio.h>

#define JCALC_VERSION "0.1.0"

typedef struct jc_ctx jc_ctx;

/* Outcome of an evaluation.  JC_INCOMPLETE means the text ends before the expression does
 * (open bracket, string or block): a front end may read another line and try again. */
typedef enum jc_status {
    JC_OK = 0,
    JC_INCOMPLETE,
    JC_ERR_PARSE,       /* ParseError */
    JC_ERR_DOMAIN,      /* DomainError */
    JC_ERR_DIVIDE,      /* DivideError */
    JC_ERR_OVERFLOW,    /* OverflowError */
    JC_ERR_INEXACT,     /* InexactError */
    JC_ERR_ARGUMENT,    /* ArgumentError */
    JC_ERR_METHOD,      /* MethodError */
    JC_ERR_UNDEFVAR,    /* UndefVarError */
    JC_ERR_UNDEFREF,    /* UndefRefError */
    JC_ERR_BOUNDS,      /* BoundsError */
    JC_ERR_DIMENSION,   /* DimensionMismatch */
    JC_ERR_TYPE,        /* TypeError */
    JC_ERR_STACK,       /* StackOverflowError */
    JC_ERR_INTERRUPT,   /* InterruptException */
    JC_ERR_LIMIT,       /* a result larger than the configured size limit */
    JC_ERR_GENERIC,     /* ErrorException: error("...") and the like */
    JC_ERR_SYNTAX,      /* a well-formed parse the evaluator cannot accept */
    JC_EXIT             /* the program called exit(code): jc_result.exit_code; the
                           context stays usable, and what to do is the caller's */
} jc_status;

/* One line of an error's Stacktrace: the function that was running, its arguments as
 * Julia shows them ("x::Int64, y::Float64"), and where in it execution was (the error
 * itself for the innermost frame, the call of the next frame for the others).  The last
 * frame is "top-level scope" with args NULL.  repeats > 1 stands for that many
 * identical frames in a row (deep recursion). */
typedef struct jc_frame {
    char *function;
    char *args;
    char *source;
    int line, column;
    long repeats;
} jc_frame;

/* An error.  message is the text Julia shows after "ERROR: " (several lines for a
 * ParseError); type is Julia's type of the error ("DomainError", "ParseError", and
 * "ErrorException" for bare messages); detail is the message without the type's word
 * (for a ParseError, the one-line reason under the marker).  line/column are 1-based,
 * column counts characters; offset/length are bytes into the evaluated text; line is 0
 * when there is no useful position.  frames is the Stacktrace (NULL for a ParseError or
 * an error without a position), innermost first. */
typedef struct jc_error {
    jc_status kind;
    const char *type;
    char *message;
    char *detail;
    char *source;
    int line, column;
    size_t offset, length;
    jc_frame *frames;
    int nframes;
    struct jc_error *cause; /* the error being handled when this one was thrown, as Julia
                               shows it after "caused by:", or NULL; freed with it */
} jc_error;

/* The result of one evaluation.  text is the value as the REPL displays it
 * (text/plain), or NULL when nothing is shown (the value is `nothing`, or the input
 * ended with `;`).  On error, status says which and error holds the details.  exit()
 * in the program never ends the process: it stops the evaluation with JC_EXIT. */
typedef struct jc_result {
    jc_status status;
    char *text;
    jc_error error;
    int exit_code;      /* with JC_EXIT: the code exit() was given */
} jc_result;

jc_ctx *jc_new(void);
void jc_free(jc_ctx *ctx);

/* Evaluates every statement of src[0..len) in order; the result describes the last one.
 * source names the text for messages ("none", "stdin", a file name, "REPL[3]");
 * first_line is the line number of src's first line within that source. */
jc_status jc_eval(jc_ctx *ctx, const char *src, size_t len, const char *source,
                  int first_line, jc_result *out);

/* Parses without evaluating: JC_OK, JC_INCOMPLETE, or JC_ERR_PARSE.  Front ends use it
 * to decide whether to read a continuation line. */
jc_status jc_check(jc_ctx *ctx, const char *src, size_t len);

/* Writes src's parse tree as a JuliaSyntax-style S-expression (one line per statement)
 * into *out (malloc'd, caller frees), or fills err on a parse error. */
jc_status jc_parse_sexpr(jc_ctx *ctx, const char *src, size_t len, const char *source,
                         char **out, jc_error *err);

void jc_result_clear(jc_result *r);
void jc_error_clear(jc_error *e);

/* Renders an error as Julia prints it: "ERROR: " + message (with ANSI colour when the
 * context's colour is on).  Returns a malloc'd string without a final newline. */
char *jc_error_render(jc_ctx *ctx, const jc_error *e);

/* BigFloat precision in bits (default 256); returns -1 and leaves it unchanged when
 * bits is out of MPFR's range. */
int jc_set_precision(jc_ctx *ctx, long bits);
long jc_precision(const jc_ctx *ctx);

/* The memory budget: what the context's evaluations may hold, in bytes (its own values
 * and the GMP/MPFR/MPC numbers they compute).  An operation whose result would not fit
 * is refused before it starts, an allocation past the budget stops the evaluation with
 * OutOfMemoryError() (state kept), and so does a malloc that fails.  0 restores the
 * default: half the machine's physical memory. */
void jc_set_max_memory(jc_ctx *ctx, unsigned long long bytes);
unsigned long long jc_max_memory(const jc_ctx *ctx);

/* Results (integers, BigFloat mantissas) larger than this many bits are refused with
 * an error instead of exhausting memory; default 2^32. */
void jc_set_max_bits(jc_ctx *ctx, unsigned long long bits);

/* At most this many loop iterations and function calls per evaluation (0, the default:
 * no limit); past it the evaluation stops with an error.  For embedding untrusted input,
 * as the fuzz target does. */
void jc_set_step_limit(jc_ctx *ctx, unsigned long long steps);

/* Long single big-number operations (factorial(big(10)^7), a huge power, product or
 * decimal conversion: results from 2^21 bits on) can run in a forked child process, so
 * that jc_interrupt stops them at once instead of after the GMP call returns.  Off by
 * default: the library forks its host only when asked.  jcalc's command line turns it
 * on.  Without it the same operations run in-process and an interrupt lands when they
 * end. */
void jc_set_child_jobs(jc_ctx *ctx, int on);

/* Colour for printstyled and error rendering; off by default. */
void jc_set_color(jc_ctx *ctx, int on);
/* Where print/println/show write (default stdout). */
void jc_set_output(jc_ctx *ctx, FILE *out);

/* The size of the display that the REPL form of arrays may fill (Julia's displaysize):
 * rows beyond it are elided with ⋮, columns with ….  Default 24×80; a value <= 0 means
 * the default.  The library never asks the terminal itself: the front end does. */
void jc_set_display_size(jc_ctx *ctx, int rows, int cols);

/* Asks a running evaluation to stop with InterruptException.  Async-signal-safe: it only
 * sets a flag that the evaluator polls. */
void jc_interrupt(jc_ctx *ctx);

/* Tab completion of line at byte offset cursor: LaTeX and emoji names (`\pi` -> π),
 * reverse (`\∜` -> `\fourthroot`), builtin and user names, keyword arguments
 * (`digits=`); never file names.  Returns *n sorted candidates (malloc'd; free with
 * jc_complete_free) that replace bytes [*start, *end) of line, or NULL when none. */
char **jc_complete(jc_ctx *ctx, const char *line, size_t cursor, size_t *start,
                   size_t *end, int *n);
void jc_complete_free(char **items, int n);

/* Writes every builtin function as one line "name<TAB>table<TAB>signature" (the first
 * line of its help; empty for rows that only add methods), sorted by name, one line per
 * name and table.  Returns 0, or -1 when out of memory. */
int jc_list_builtins(FILE *out);

/* What help mode shows for `?text` (malloc'd, ends with a newline): how to type the
 * symbol (`"∜" can be typed by \fourthroot<tab>`), then the builtin's help text. */
char *jc_help(jc_ctx *ctx, const char *text);

#endif
