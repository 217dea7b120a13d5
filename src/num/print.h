/* print.h — the text of a number, as Julia shows it.
 *
 * SHOW_PLAIN is the REPL's text/plain display (`π = 3.1415926535897...`), SHOW_REPR is
 * show/repr (`π`), SHOW_PRINT is print/string (Float32 untyped).  Flags carry Julia's
 * IOContext properties that change the form (compact, the element type already shown).
 * show.h builds the display of every other value on these. */
#ifndef JC_NUM_PRINT_H
#define JC_NUM_PRINT_H

#include "jc.h"

typedef enum show_mode { SHOW_PLAIN, SHOW_REPR, SHOW_PRINT } show_mode;

enum {
    SHOWF_COMPACT = 1u << 0,         /* :compact => true */
    SHOWF_TYPEINFO_RATIONAL = 1u << 1, /* :typeinfo <: Rational (drop //1) */
    SHOWF_TYPEINFO_SAME = 1u << 2,   /* :typeinfo is the value's type (no Float32 suffix) */
    SHOWF_TYPEINFO_BOOL = 1u << 3,   /* Bool prints as 1/0 */
};

/* Appends the number v (Bool, integers, Rational, floats, Irrational, Complex); other
 * values append nothing.  A huge BigInt's digits are computed where Ctrl-C can stop
 * them: an interrupt stays pending in ctx. */
void num_show(jc_ctx *ctx, sb *out, value v, show_mode mode, unsigned flags);

#endif
