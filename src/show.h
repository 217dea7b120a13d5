/* show.h — values as Julia displays them.
 *
 * SHOW_PLAIN is the REPL's text/plain display (`π = 3.1415926535897...`, array
 * headers), SHOW_REPR is show/repr (`π`, `[1, 2]`, strings quoted), SHOW_PRINT is
 * print/string (strings raw, Float32 untyped).  Flags carry Julia's IOContext
 * properties that change the form (compact, the element type already shown). */
#ifndef JC_SHOW_H
#define JC_SHOW_H

#include "jc.h"

typedef enum show_mode { SHOW_PLAIN, SHOW_REPR, SHOW_PRINT } show_mode;

enum {
    SHOWF_COMPACT = 1u << 0,         /* :compact => true */
    SHOWF_TYPEINFO_RATIONAL = 1u << 1, /* :typeinfo <: Rational (drop //1) */
    SHOWF_TYPEINFO_SAME = 1u << 2,   /* :typeinfo is the value's type (no Float32 suffix) */
    SHOWF_TYPEINFO_BOOL = 1u << 3,   /* Bool prints as 1/0 */
};

void show_value(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags);
/* The type's name as typeof shows it: "Int64", "Rational{BigInt}", "Vector{Float64}". */
void show_typename(jc_ctx *ctx, sb *out, value v);
/* For a T_TYPE value. */
void show_type(jc_ctx *ctx, sb *out, const jc_typeobj *t);
/* Arrays: show_value calls this for T_ARRAY (the array module may replace the simple
 * fallback in show.c with Julia's full array display). */
void show_array(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags);

#endif
