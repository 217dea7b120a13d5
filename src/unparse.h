/* unparse.h — an expression's syntax tree written back as Julia's show_unquoted writes
 * it (`x ^ 2`, `f(a, b)`, `(a + b) * c`), for the texts macros build from their
 * arguments (@show, @assert).  src is the text the tree was parsed from (a form
 * unparse.c does not know is copied from it). */
#ifndef JC_UNPARSE_H
#define JC_UNPARSE_H

#include "ast.h"
#include "jc.h"

void unparse(jc_ctx *ctx, const char *src, size_t srclen, const ast *n, sb *out);
/* A tree made at run time (no source: every form is written out), its later lines
 * starting at column indent (the code of an Expr: `:(if a` and then `      b`). */
void unparse_at(jc_ctx *ctx, const ast *n, int indent, sb *out);

#endif
