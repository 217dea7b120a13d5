/* ast.h — the syntax tree.
 *
 * Node kinds follow JuliaSyntax's heads so that `--parse` prints what JuliaSyntax
 * prints and the evaluator sees what Julia lowers.  Every node carries the byte span of
 * its source text.  Nodes live in an arena: one parse, one arena, freed in one call.
 * User functions keep the arena of the text that defined them alive by reference. */
#ifndef JC_AST_H
#define JC_AST_H

#include <stddef.h>
#include <stdint.h>

#include "value.h"

typedef enum ast_kind {
    A_ERROR = 0,
    A_ID,          /* identifier or operator used as a name: sym */
    A_LIT,         /* number, Bool, Char literal: lit (owned by the arena) */
    A_STRING,      /* string literal; kids are A_LIT strings and interpolated exprs */
    A_CALL,        /* kids[0] callee, kids[1..] args; flags INFIX / PREFIX / POSTFIX */
    A_DOTCALL,     /* f.(x), a .+ b, .-x: kids[0] function/operator, rest args */
    A_JUXT,        /* 2x: (juxtapose 2 x) */
    A_COMPARISON,  /* a < b <= c: kids alternate operand, operator A_ID, operand ... */
    A_PARENS,      /* (x) */
    A_TUPLE,       /* (a, b) */
    A_NAMEDTUPLE_, /* reserved */
    A_VECT,        /* [a, b] */
    A_HCAT,        /* [a b] */
    A_VCAT,        /* [a; b] / [a b; c d]: kids are A_ROW or exprs */
    A_NCAT,        /* [a;; b]: op holds the dimension count */
    A_ROW,         /* one row of a vcat */
    A_TYPED_VECT,  /* T[a, b]: kids[0] is the type */
    A_TYPED_HCAT,
    A_TYPED_VCAT,
    A_REF,         /* a[i, j] */
    A_COMPREHENSION, /* [expr for ...]: kids[0] an A_GENERATOR */
    A_TYPED_COMPREHENSION,
    A_GENERATOR,   /* kids[0] expr, kids[1..] A_ITER / A_FILTER */
    A_FILTER,      /* kids[0] condition, kids[1..] A_ITER */
    A_ITER,        /* kids[0] variable (or tuple), kids[1] iterable: (= i 1:5) / in */
    A_ASSIGN,      /* a = b */
    A_OPASSIGN,    /* a += b: kids[0] target, kids[1] operator A_ID, kids[2] value */
    A_DOTOPASSIGN, /* a .+= b */
    A_FUNCDEF,     /* f(x) = body (flag SHORT) or function f(x) ... end */
    A_ARROW,       /* x -> body */
    A_TERNARY,     /* a ? b : c */
    A_AND,         /* a && b */
    A_OR,          /* a || b */
    A_BLOCK,       /* begin ... end, function bodies */
    A_TOPLEVEL,    /* statements separated by ; or newlines at top level */
    A_LET,         /* kids[0] A_BLOCK of bindings, kids[1] body */
    A_IF,          /* kids: cond, then, [else or A_ELSEIF] */
    A_ELSEIF,      /* same shape as A_IF */
    A_FOR,         /* kids[0] A_ITER (or A_BLOCK of them), kids[1] body */
    A_WHILE,       /* kids[0] cond, kids[1] body */
    A_RETURN,      /* kids[0] value or none */
    A_BREAK,
    A_CONTINUE,
    A_KW,          /* name = value inside a call: kids[0] A_ID, kids[1] value */
    A_PARAMETERS,  /* arguments after ; in a call */
    A_DOT,         /* a.b field access */
    A_CURLY,       /* T{P}: kids[0] T, rest parameters */
    A_TYPED,       /* x::T */
    A_SPLAT,       /* x... */
    A_MACROCALL,   /* @m a b, @m(a, b), m"str": kids[0] the name (A_ID "@m"), rest args (macro.h) */
    A_LOCAL,       /* local x */
    A_GLOBAL,      /* global x */
    A_CONST,       /* const x = ... */
    A_QUOTE,       /* :sym */
    A_BEGIN_END,   /* `begin`/`end` inside indexing */
    A_NOTHING,     /* an empty statement / missing value */
    /* appended by the parser (shapes: docs/parse.md) */
    A_WHERE,       /* x where T: kids[0] x, kids[1..] parameters */
    A_BRACES,      /* {a, b} outside a curly call */
    A_TYPED_NCAT,  /* T[a;; b]: kids[0] T, sym = dimension count */
    A_SYNOP,       /* other syntactic operator forms: sym = the operator (":=", "-->",
                      "<:", ">:", "$", "&", ".&&", ".||" ...), kids = operands */
    A_ITERATION,   /* one `for` clause of a generator with several clauses: kids A_ITER */
    A_TRY,         /* try: kids[0] body A_BLOCK, then A_CATCH / A_TRYELSE / A_FINALLY clauses */
    A_CATCH,       /* catch [e]: kids[0] the variable (A_ID) or A_NOTHING, kids[1] A_BLOCK */
    A_TRYELSE,     /* else clause of a try (Julia 1.8): kids[0] A_BLOCK */
    A_FINALLY,     /* finally: kids[0] A_BLOCK */
    A_DO,          /* f(x) do y ... end: kids[0] the call, kids[1] A_ARROW (tuple, block),
                      [kids[2] the same with tuple parameters destructured, for eval] */
    A_USING,       /* using/import (AF_PREFIX for import): kids module paths, see parse.md */
    A_STRUCT,      /* struct / mutable struct (flag AF_MUTABLE): kids[0] the name, maybe
                      Name{T} and <: Super, kids[1] the A_BLOCK of fields and constructors */
    A_ABSTRACT,    /* abstract type: kids[0] the name, maybe Name{T} and <: Super */
    A_MODULE,      /* module M … end (AF_PREFIX: baremodule): kids[0] the name, kids[1] A_BLOCK */
    A_EXPORT,      /* export a, b: kids the names (A_ID) */
    A_CHAIN,       /* a - b - c …: kids[0] the operator (A_ID), kids[1..] three or more
                      operands; means the left-nested binary calls JuliaSyntax writes,
                      (call-i (call-i a - b) - c), held flat (parse.md) */
    A__COUNT
} ast_kind;

enum {
    AF_INFIX = 1u << 0,
    AF_PREFIX = 1u << 1,
    AF_POSTFIX = 1u << 2,
    AF_SHORT = 1u << 3,     /* A_FUNCDEF written as f(x) = ... */
    AF_TRAILING_SEMI = 1u << 4, /* statement list ends with ; (suppress display) */
    AF_END = 1u << 5,       /* A_BEGIN_END is `end` (else `begin`) */
    AF_PARENS = 1u << 6,    /* A_TUPLE / A_BLOCK written with parentheses: (a, b), (a; b) */
    AF_TRAILCOMMA = 1u << 7,/* trailing comma: f(a,), [a,], (a,) */
    AF_DOTTED = 1u << 8,    /* A_ID operator written .op; A_ASSIGN written .= */
    AF_TRIPLE = 1u << 9,    /* A_STRING written with triple quotes */
    AF_MUTABLE = 1u << 10,  /* A_STRUCT written mutable struct */
    AF_MACRO = 1u << 11,    /* A_FUNCDEF written macro m(x) … end: it defines `@m` */
};

/* 32 bytes for a leaf, then 8 per kid: the node is the parser's commonest allocation,
 * and a long expression is mostly leaves.  A literal's value is kept as its type, sub
 * and payload (ast_lit rebuilds it); positions are 32-bit, which bounds one source text
 * to 4 GiB (parse refuses a longer one).  The kid pointers follow the node in the same
 * allocation. */
struct ast {
    uint8_t kind;       /* ast_kind */
    uint8_t lit_type;   /* A_LIT: the literal's jc_type */
    uint16_t flags;
    uint32_t nkids;
    uint32_t off, len;  /* byte span in the source */
    int sym;            /* A_ID: symbol id; operators: the operator's symbol id */
    uint8_t lit_sub;    /* A_LIT: the literal's sub */
    val_payload lit_u;  /* A_LIT: the literal's payload */
    struct ast *kids[];
};

/* The literal of an A_LIT node (borrowed: the arena owns it). */
static inline value ast_lit(const struct ast *n)
{
    value v;
    v.type = n->lit_type;
    v.sub = n->lit_sub;
    v.u = n->lit_u;
    return v;
}

static inline void ast_set_lit(struct ast *n, value v)
{
    n->lit_type = v.type;
    n->lit_sub = v.sub;
    n->lit_u = v.u;
}

const char *ast_kind_name(ast_kind k);
/* A tuple that is a named tuple, (a = 1, b = 2) or (x; c = 3): its name = value items
 * become A_KW, as in a call, so that nothing takes them for assignments. */
void ast_named_tuple_fields(struct ast *t);
/* Whether k is an item `name = value` of a named tuple (or a keyword argument). */
int ast_field_item(const struct ast *k);

#endif
