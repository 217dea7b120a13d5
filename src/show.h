/* show.h — values as Julia displays them.
 *
 * The modes and flags are num/print.h's: SHOW_PLAIN is the REPL's text/plain display
 * (array headers, `π = 3.14...`), SHOW_REPR is show/repr (`[1, 2]`, strings quoted),
 * SHOW_PRINT is print/string (strings raw).  Numbers are num_show's; this module
 * composes everything else from them. */
#ifndef JC_SHOW_H
#define JC_SHOW_H

#include "jc.h"
#include "types.h"
#include "num/print.h"

void show_value(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags);
/* The type's name as typeof shows it: "Int64", "Rational{BigInt}", "Vector{Float64}". */
/* For a T_TYPE value. */
/* Arrays: show_value calls this for T_ARRAY (the array module may replace the simple
 * fallback in show.c with Julia's full array display). */
/* a Symbol as show writes it: :x, :+, :(=), Symbol("a b") */
void show_symbol(jc_ctx *ctx, sb *out, const char *name);
void show_array(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags);

#endif
