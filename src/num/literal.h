/* literal.h — the text of a Julia number literal to a value of the number tower.
 *
 * Owns the meaning of numeric literals: the type a literal gets (Int64 or BigInt for
 * decimal integers, UInt8..UInt64 or BigInt by digit count for 0x / 0b / 0o, Float64,
 * Float32 for `f` exponents) and its correctly rounded value.  The parser delimits
 * literals (lex.c) and converts them here; parse(T, s) reads a whole string here
 * without the parser.  Borrows nothing; values go to *out, owned by the caller.  No
 * function raises an error: failures are return values the caller reports. */
#ifndef JC_NUM_LITERAL_H
#define JC_NUM_LITERAL_H

#include <stddef.h>

#include "jc.h"

/* The shapes of a numeric literal (the lexer's TK_INT .. TK_FLOAT32, in that order). */
typedef enum num_literal_kind {
    LIT_DEC = 0,    /* 123, 1_000 */
    LIT_BIN,        /* 0b101 */
    LIT_OCT,        /* 0o17 */
    LIT_HEX,        /* 0xff */
    LIT_FLOAT64,    /* 1.5, .5, 1e3, 0x1.8p3 */
    LIT_FLOAT32     /* 1.5f0 */
} num_literal_kind;

/* Returned when a float literal is too large for its type (Julia's "overflow in floating
 * point literal"; underflow rounds to zero as Julia does). */
#define NUM_LITERAL_OVERFLOW (-1)

/* Converts the literal text s[0..n) of shape k, exactly as the lexer delimited it
 * (`_` separators, a U+2212 minus in an exponent), to *out; neg means a minus sign glued
 * to it (-9223372036854775808 is an Int64), allowed for LIT_DEC and the floats only.
 * Returns 0 or NUM_LITERAL_OVERFLOW. */
int num_literal_convert(value *out, num_literal_kind k, const char *s, size_t n, int neg);

/* num_literal_convert with the commonest case inline: a decimal literal of at most 18
 * characters has at most 18 digits and always fits an Int64 (the parser converts every
 * number of the input, and most are short integers). */
static inline int num_literal_value(value *out, num_literal_kind k, const char *s, size_t n,
                                    int neg)
{
    if (k == LIT_DEC && n <= 18) {
        int64_t v = 0;
        for (size_t i = 0; i < n; i++)
            if (s[i] != '_')
                v = 10 * v + (s[i] - '0');
        *out = v_int(neg ? -v : v);
        return 0;
    }
    return num_literal_convert(out, k, s, n, neg);
}

/* parse(T, s) for a number type T: the string, less surrounding spaces, tabs and
 * newlines, read as Julia source would read it if it were one number literal, possibly
 * signed ("0x1p3", "1_000", "-1.5f0", "1e-400"; "-0x1f" negates the UInt8 as `-0x1f`
 * does).  Returns 0 with the literal's value in *out (before any conversion to T), or
 * -1 when the text is not such a literal (nothing is raised: the caller reports it). */
int num_literal_parse(jc_ctx *ctx, value *out, const char *s, size_t n);

#endif
