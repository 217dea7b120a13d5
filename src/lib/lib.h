/* lib.h — builtin functions as data.
 *
 * Every builtin is one row: its name as the user types it (UTF-8, operators included:
 * "+", "∜", "sqrt"), its arity, its C function and its help text.  Each area of the
 * library (the files of src/lib and src/num) exports one table terminated by a row whose name is
 * NULL, and src/lib/registry.c lists the tables.  At context creation every row is bound
 * as a global function; the REPL's completion and `?` help read the same rows.
 *
 * A builtin receives its arguments borrowed and stores an owned result in *out; it
 * returns 0, or -1 after jc_throw, or LIB_DECLINE when it does not handle these argument
 * types.  Rows with the same name form one function: they are tried in table order (the
 * order of lib_tables) and the first whose arity fits and that does not decline answers;
 * when every row declines, the call is a MethodError.  So a later area (arrays) can add
 * methods to an earlier area's function (sum, length) by adding rows of the same name. */
#ifndef JC_LIB_H
#define JC_LIB_H

#include "jc.h"
#include "num/num.h"


typedef int (*builtin_fn)(jc_ctx *ctx, value *out, const jc_args *a);

typedef struct builtin {
    const char *name;
    int min_args, max_args;  /* max_args -1: variadic */
    builtin_fn fn;
    const char *help;        /* "  sqrt(x)\n\n  Return √x ..." as `?` shows it; may be NULL */
    const char *kwnames;     /* space-separated keyword names it accepts, for completion */
    const void *data;        /* what fn needs to know about this row, seen as a->data (the
                              * kernels of a one-argument math function); mostly NULL */
} builtin;

/* A row's help text from its signature line(s) and its description, indented as `?`
 * prints it: LIB_HELP("sqrt(x)", "Return √x.") is "  sqrt(x)\n\n  Return √x.".  Both
 * arguments are string literals; continuation lines carry their own two-space indent. */
#define LIB_HELP(sig, text) "  " sig "\n\n  " text

/* All tables, in lookup order, and their short names ("numbers", "elementary" ...), both
 * NULL-terminated and in the same order. */
extern const builtin *const lib_tables[];
extern const char *const lib_table_names[];
/* The number of rows of all tables together. */
size_t lib_table_rows(void);

/* Writes one line per builtin name and table, sorted by name (bytewise) and then by
 * lookup order: "NAME<TAB>TABLE<TAB>SIGNATURE", the signature being the first line of
 * the first help text among those rows (empty when none has help).  -1 if out of
 * memory, else 0. */
int lib_list_builtins(FILE *out);

/* Raises Julia's MethodError for calling `name` with these argument types:
 * "MethodError: no method matching name(::T1, ::T2)". */
/* The text of that error, "no method matching name(::T1, ::T2; k::T3)", into b; and
 * the pending MethodError's value, MethodError(f, args, world) (f borrowed). */
void lib_method_error_text(jc_ctx *ctx, sb *b, const char *name, const jc_args *a);
void lib_method_error_value(jc_ctx *ctx, value f, const jc_args *a);
int lib_no_method(jc_ctx *ctx, const char *name, const jc_args *a);
/* a op b: the number tower when both are numbers, else the global function of the
 * operator's name (+, *, max ...), so that arrays of arrays and user methods work. */
int lib_binop(jc_ctx *ctx, num_op op, value a, value b, const ast *site, value *out);
/* Julia's isless(x, y) into *less, the builtin order or a user's isless method: 0, or
 * -1 with an error pending (a MethodError when there is none) (lib/numbers.c). */
int lib_isless(jc_ctx *ctx, value x, value y, int *less);
/* The accumulator a reduction (kind 0 sum, 1 prod, 2 maximum, 3 minimum) starts from
 * its first element x (taken): Julia's add_sum and mul_prod count Bools in Int (sum)
 * and the integers narrower than 64 bits in Int or UInt (lib/arrays.c). */
value lib_reduce_first(int kind, value x);
/* The name of the function an operation stands for: "+", "÷", "max" ... */
const char *lib_op_name(num_op op);

/* The same for plain arguments (no keywords, no call site). */
int lib_no_method_func(jc_ctx *ctx, const char *name, int n, const value *args);

/* Finds the value of keyword `name` in a, or NULL. */
const value *lib_kwarg(jc_ctx *ctx, const jc_args *a, const char *name);

/* split(s, dlm; limit, keepempty) as Julia's _split, over a finder of the delimiter:
 * find looks for it in s from byte offset from and gives its bytes [*j, *k) (an empty
 * match: *k == *j); 1 found, 0 none, -1 error.  The keywords are a's; keepempty defaults
 * to keepempty_default.  *out is the Vector{String} of the pieces (lib/strings.c). */
typedef int (*lib_split_find)(jc_ctx *ctx, void *data, const jc_string *s, size_t from, size_t *j,
                              size_t *k);
int lib_split(jc_ctx *ctx, const jc_args *a, int keepempty_default, lib_split_find find, void *data,
              value *out);

#endif
