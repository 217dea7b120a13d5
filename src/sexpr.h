/* sexpr.h — the AST printer behind `--parse`: a tree as JuliaSyntax's S-expression text.
 *
 * Borrows the tree and the context's symbol names; appends to the caller's buffer and
 * never fails.  An A_TOPLEVEL node prints one line per statement. */
#ifndef JC_SEXPR_H
#define JC_SEXPR_H

#include "ast.h"
#include "jc.h"

void sexpr_print(jc_ctx *ctx, const ast *node, sb *out);

#endif
