/* diag.h — rendering of source positions and errors.
 *
 * diag_parse_error records a ParseError in the JuliaSyntax layout
 * ("ParseError:\n# Error @ none:1:3\n<source line>\n<marker> ── <message>"), computing
 * the line, the character column and the marker from the current source held in ctx.
 * diag_render formats any error for display (ERROR: prefix, colour, location line). */
#ifndef JC_DIAG_H
#define JC_DIAG_H

#include "jc.h"

/* Records a parse error over bytes [off, off+len) of ctx->src; returns -1.  kind is
 * ERR_PARSE or ERR_INCOMPLETE. */
int diag_parse_error(jc_ctx *ctx, err_kind kind, size_t off, size_t len, const char *msg);

/* Appends the marker line for the span, e.g. "# └┘ ── invalid operator" (no newline). */
void diag_marker(sb *out, const char *line, size_t line_len, size_t col_off, size_t span_len,
                 const char *msg);

char *diag_render(const jc_ctx *ctx, const jc_error *e);

#endif
