/* optable.h — Julia's operator table: every spelling of data/operators.tsv with its
 * precedence class, associativity and properties, generated at build time
 * (tools/gen_optable.awk).  Adding an operator is one row of the TSV.  The table is
 * read-only; lookups never allocate and never fail other than by returning NULL. */
#ifndef JC_OPTABLE_H
#define JC_OPTABLE_H

#include <stddef.h>

/* Precedence classes, lowest binding first.  OPC_ASSIGN..OPC_DOT equal Julia's
 * Base.operator_precedence numbers (1..17); the rest are syntactic forms. */
typedef enum op_class {
    OPC_NONE = 0,
    OPC_ASSIGN, OPC_PAIR, OPC_COND, OPC_ARROW, OPC_OR, OPC_AND, OPC_COMPARISON,
    OPC_PIPE_LT, OPC_PIPE_GT, OPC_COLON, OPC_PLUS, OPC_TIMES, OPC_RATIONAL,
    OPC_BITSHIFT, OPC_POWER, OPC_DECL, OPC_DOT,
    OPC_WHERE, OPC_LAMBDA, OPC_UNARY, OPC_POSTFIX
} op_class;

enum {
    OPF_DOTTABLE = 1u << 0,  /* has a broadcast form .op */
    OPF_UNARY = 1u << 1,     /* may be used as a prefix operator */
    OPF_SYNTACTIC = 1u << 2, /* parses to a special form, not a call */
    OPF_SUFFIX = 1u << 3,    /* may be followed by suffix characters (+₁, -′) */
    OPF_RIGHT = 1u << 4,     /* right-associative */
};

/* Syntactic roles: the operators the grammar treats specially, by normalized spelling
 * (U+2212 is OP_MINUS).  The generator assigns them (tools/gen_optable.awk); every other
 * operator is OP_NONE.  The parser compares these ids, never spellings.  The three
 * radicals are consecutive, and so are the four assignment forms after OP_COLONEQ. */
typedef enum op_id {
    OP_NONE = 0,
    OP_EQ, OP_TILDE,
    OP_COLONEQ, OP_DEFEQ, OP_EQCOLON, OP_DCOLONEQ,   /* := ≔ ≕ ⩴ : assignment forms */
    OP_QUESTION, OP_LAMBDA, OP_LONGARROW, OP_OROR, OP_ANDAND,
    OP_IN, OP_ELEMENT, OP_ISA, OP_SUBTYPE, OP_SUPERTYPE,
    OP_COLON, OP_SPLAT, OP_PLUS, OP_MINUS, OP_PLUSPLUS, OP_STAR,
    OP_DOLLAR, OP_AMP, OP_DECL, OP_WHERE, OP_DOT,
    OP_SQRT, OP_CBRT, OP_FOURTHROOT,
    OP__COUNT
} op_id;

typedef struct op_info {
    const char *spelling;    /* UTF-8 as written */
    const char *name;        /* normalized (U+2212 -> '-', middle dots -> U+22C5) */
    unsigned char len;       /* bytes of spelling */
    unsigned char cls;       /* op_class */
    unsigned char flags;     /* OPF_* */
    unsigned char id;        /* op_id */
} op_info;

/* The operator with exactly this spelling, or NULL. */
const op_info *optable_find(const char *s, size_t n);
/* The longest operator spelling that prefixes s[0..n), or NULL. */
const op_info *optable_longest(const char *s, size_t n);
/* Number of rows and row access (tests, completion). */
size_t optable_count(void);
const op_info *optable_row(size_t i);

#endif
