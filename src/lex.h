/* lex.h — the UTF-8 tokenizer.
 *
 * Tokens are spans {kind, off, len} into the caller's text, produced one at a time on
 * demand; the lexer never copies and never allocates.  Whitespace and comments are not
 * tokens: a token records whether whitespace preceded it.  Newlines are tokens (the
 * parser decides where they matter).  Malformed input gives a TK_ERROR token whose
 * `err` says why; the parser turns it into a positioned ParseError.  Whether `'` is the
 * adjoint or opens a Char depends on the previous token, which the lexer remembers. */
#ifndef JC_LEX_H
#define JC_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "optable.h"

typedef enum tok_kind {
    TK_EOF = 0,
    TK_NEWLINE,
    TK_ID,         /* identifier (not a keyword) */
    TK_KW,         /* reserved word: kw says which */
    TK_INT,        /* decimal integer (TK_INT..TK_FLOAT32: num_literal_kind's order) */
    TK_BININT, TK_OCTINT, TK_HEXINT,
    TK_FLOAT,      /* Float64, including hex floats */
    TK_FLOAT32,
    TK_OP,         /* operator: op (flags DOTTED, SUFFIXED) */
    TK_LPAREN, TK_RPAREN, TK_LBRACK, TK_RBRACK, TK_LBRACE, TK_RBRACE,
    TK_COMMA,
    TK_SEMI,
    TK_DQUOTE,     /* opening " of a string: the parser reads the contents */
    TK_TDQUOTE,    /* opening """ */
    TK_CHAR,       /* a whole character literal 'x' (unterminated: TF_OPEN) */
    TK_PRIME,      /* postfix ' (adjoint), possibly with suffix characters */
    TK_AT,         /* @ */
    TK_BACKTICK,
    TK_ERROR       /* err says which */
} tok_kind;

typedef enum kw_kind {
    KW_NONE = 0,
    KW_BEGIN, KW_END, KW_IF, KW_ELSEIF, KW_ELSE, KW_FOR, KW_WHILE, KW_FUNCTION,
    KW_RETURN, KW_BREAK, KW_CONTINUE, KW_LET, KW_LOCAL, KW_GLOBAL, KW_CONST,
    KW_TRUE, KW_FALSE, KW_DO, KW_TRY, KW_CATCH, KW_FINALLY, KW_QUOTE, KW_STRUCT,
    KW_MODULE, KW_BAREMODULE, KW_MACRO, KW_IMPORT, KW_USING, KW_EXPORT
} kw_kind;

/* Token errors, each with JuliaSyntax's message (lex_error_message). */
typedef enum lex_err {
    LE_NONE = 0,
    LE_INVALID_NUMERIC,   /* invalid numeric constant */
    LE_HEX_FLOAT_P,       /* hex float literal must contain `p` or `P` */
    LE_AMBIGUOUS_DOT,     /* 1.+2 */
    LE_DOT_MULTIPLY,      /* 1.x */
    LE_INVALID_OP,        /* -- */
    LE_STARSTAR,          /* ** */
    LE_UNTERM_COMMENT,    /* #= without =#: incomplete */
    LE_INVALID_UTF8,
    LE_UNKNOWN_CHAR,
    LE_INVISIBLE_CHAR,
    LE_DOT_PRIME          /* .' */
} lex_err;

enum {
    TF_WS = 1u << 0,        /* whitespace or a comment precedes the token */
    TF_DOTTED = 1u << 1,    /* .op */
    TF_SUFFIXED = 1u << 2,  /* op followed by suffix characters */
    TF_OPEN = 1u << 3,      /* char literal with no closing ' (ran into end of input) */
};

typedef struct token {
    uint8_t kind;   /* tok_kind */
    uint8_t flags;  /* TF_* */
    uint8_t kw;     /* kw_kind for TK_KW */
    uint8_t err;    /* lex_err for TK_ERROR */
    const op_info *op;  /* TK_OP */
    size_t off, len;
} token;

typedef struct lexer {
    const char *src;
    size_t len, pos;
    uint8_t prev;       /* kind of the previous token, for `'` */
    uint8_t prev_kw;
} lexer;

void lex_init(lexer *lx, const char *src, size_t len);
/* Reads the next token at lx->pos. */
void lex_next(lexer *lx, token *t);
/* Tells the lexer that a token of kind k ended at pos (the parser read a string itself). */
void lex_resume(lexer *lx, size_t pos, tok_kind k);
const char *lex_error_message(lex_err e);
/* Skips whitespace and comments from pos; returns the new position (no newline skipping
 * unless nl is set).  When a #= comment runs to the end, stores its offset + 1 in
 * *unterminated (when not NULL). */
size_t lex_skip_space(const char *s, size_t len, size_t pos, int nl, size_t *unterminated);

#endif
