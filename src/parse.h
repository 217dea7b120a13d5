/* parse.h — text to syntax tree.
 *
 * parse_program reads a whole input (statements separated by newlines or `;`) into an
 * A_TOPLEVEL node allocated in the given arena.  It returns JC_OK, JC_INCOMPLETE (the
 * text ends inside an expression: open bracket, string, block, trailing operator) or
 * JC_ERR_PARSE with the error recorded in ctx via diag_parse_error (only the first error
 * is reported, as JuliaSyntax does).  Recursion is bounded: deep nesting is an error,
 * never a stack overflow.  Identifiers are interned normalized (NFC + Julia's charmap). */
#ifndef JC_PARSE_H
#define JC_PARSE_H

#include "ast.h"
#include "jc.h"

/* Arena for AST nodes and their strings; reference-counted so that function bodies can
 * outlive the evaluation that defined them.  Literal values stored in nodes are released
 * when the arena is. */
arena *arena_new(void);
void *arena_alloc(arena *a, size_t n);
char *arena_strndup(arena *a, const char *s, size_t n);
void arena_retain(arena *a);
/* Empties an arena that nothing else holds, for reuse; -1 when it is still retained. */
int arena_reset(arena *a);
void arena_release(arena *a);
/* Registers a value that the arena releases when it dies (AST literals). */
void arena_own(arena *a, value v);
/* Hands a heap block (a node built outside the arena, see parse_impl.h's gather) to
 * the arena, which frees it when it dies. */
void arena_adopt(arena *a, void *block);
/* Gives back the last n bytes taken, when p is where they start (a node just built and
 * found to be a copy of one already there); -1, and nothing changes, otherwise. */
int arena_unwind(arena *a, const void *p, size_t n);
/* The source text an arena's tree was parsed from, for error positions in function
 * bodies that run long after their definition was typed.  The text is borrowed until
 * the arena is retained, and copied then. */
void arena_set_source(arena *a, const char *src, size_t len, const char *name, int first_line);
const char *arena_source(const arena *a, size_t *len, const char **name, int *first_line);
/* A node with room for nkids children (zeroed). */
ast *ast_new(arena *a, ast_kind kind, size_t off, size_t len, uint32_t nkids);
/* Writes a node's fields (not its kids), for a node built outside the arena. */
void ast_init(ast *n, ast_kind kind, size_t off, size_t len, uint32_t nkids);

jc_status parse_program(jc_ctx *ctx, arena *a, const char *src, size_t len, ast **out);

#endif
