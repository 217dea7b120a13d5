/* exc.h — Julia's built-in exception types as values.
 *
 * A caught error is a T_EXCEPTION value: the exception type (an EXC_* id, also in
 * value.sub and, for the type value, in jc_typeobj.sub with base T_EXCEPTION), Julia's
 * fields of that type, and the text showerror prints (which is exactly what the
 * uncaught error printed after "ERROR: ").  This module is the table of the types
 * (names, fields, the error kind each raises as) and the object; it owns nothing else.
 * Making values from pending errors and the reverse is the evaluator's (eval_try.c). */
#ifndef JC_EXC_H
#define JC_EXC_H

#include "err.h"
#include "value.h"

typedef enum exc_id {
    EXC_NONE = 0,
    EXC_ERROR,          /* ErrorException(msg) */
    EXC_DOMAIN,         /* DomainError(val[, msg]) */
    EXC_DIVIDE,         /* DivideError() */
    EXC_OVERFLOW,       /* OverflowError(msg) */
    EXC_INEXACT,        /* InexactError(func, T, val) */
    EXC_ARGUMENT,       /* ArgumentError(msg) */
    EXC_METHOD,         /* MethodError(f, args) */
    EXC_UNDEFVAR,       /* UndefVarError(var) */
    EXC_UNDEFREF,       /* UndefRefError() */
    EXC_UNDEFKEYWORD,   /* UndefKeywordError(var) */
    EXC_BOUNDS,         /* BoundsError([a[, i]]) */
    EXC_STRINGINDEX,    /* StringIndexError(string, index) */
    EXC_DIMENSION,      /* DimensionMismatch([msg]) */
    EXC_TYPE,           /* TypeError(func, context, expected, got) */
    EXC_SINGULAR,       /* SingularException(info) */
    EXC_STACK,          /* StackOverflowError() */
    EXC_INTERRUPT,      /* InterruptException() */
    EXC_OUTOFMEMORY,    /* OutOfMemoryError() */
    EXC_SYSTEM,         /* SystemError(prefix, errnum, extrainfo) */
    EXC_PARSE,          /* ParseError(msg) (Meta.ParseError) */
    EXC_KEY,            /* KeyError(key) */
    EXC_ASSERTION,      /* AssertionError([msg]) */
    EXC_EOF,            /* EOFError() */
    EXC__COUNT
} exc_id;

typedef struct exc_info {
    const char *name;       /* Julia's name of the type */
    const char *fields;     /* its field names, space separated ("" for none) */
    int min_args;           /* the fewest arguments its constructor takes */
    err_kind kind;          /* how a thrown value of the type is reported (status, type) */
} exc_info;

extern const exc_info exc_table[EXC__COUNT];

/* The object behind a T_EXCEPTION value.  A field that is not defined (the msg of
 * DomainError(-1)) has its bit set in undef. */
typedef struct jc_exception {
    obj h;
    uint8_t id;             /* exc_id */
    uint32_t undef;         /* bit i: field i is #undef */
    char *text;             /* what showerror prints */
    size_t n;               /* number of fields (exc_table's) */
    value v[];
} jc_exception;

static inline jc_exception *val_exc(value v) { return (jc_exception *)v.u.o; }

/* The type a kind of pending error is an instance of. */
exc_id exc_of_kind(err_kind k);
/* Number of fields of a type and the name of field i. */
size_t exc_nfields(exc_id id);
/* Copies field i's name into buf (size n); "" when out of range. */
void exc_field_name(exc_id id, size_t i, char *buf, size_t n);
/* A new exception value of type id with all fields #undef (fill v[] and clear their
 * undef bits) and showerror text `text` (copied; may be NULL for now). */
value exc_new(exc_id id, const char *text);
/* Replaces the showerror text. */
void exc_set_text(value e, char *text /* owned */);
/* Gives the error a raise site has just recorded (of the kind of type id, with no
 * exception value yet) its exception value: type id with the n given fields (borrowed)
 * and the error's message as its text, so that a catch sees Julia's fields
 * (BoundsError's a and i).  Does nothing when another error was already pending. */
struct jc_ctx;
void exc_attach(struct jc_ctx *ctx, exc_id id, int n, const value *fields);
/* The same for the fields whose bit is set in which; the others stay #undef (the layer
 * that knows them fills them in at the catch: InexactError's T is a type value). */
void exc_attach_some(struct jc_ctx *ctx, exc_id id, int n, const value *fields, uint32_t which);
/* The same with the index as an Int64 (BoundsError(a, i), StringIndexError(s, i)); as
 * a 1-tuple when tuple is set (an array's indices: BoundsError([1, 2], (3,))). */
void exc_attach_index(struct jc_ctx *ctx, exc_id id, value a, int64_t i, int tuple);
/* Releases a T_EXCEPTION object (the kind's free function). */
void exc_free(obj *o);

#endif
