/* macro.h — how a macro call sits in the syntax tree, shared by the parser
 * (parse_macro.c), the S-expression printer and the evaluator (eval_macro.c).
 *
 * A_MACROCALL: kids[0] is the macro's name, an A_ID whose symbol keeps the `@`
 * (`@show`, `@.`, `@big_str`), or an A_DOT (Base, @show) for `@Base.show`; kids[1..]
 * are the arguments as written.  `@m(a, b)` carries AF_PARENS (JuliaSyntax's
 * `macrocall-p`).  A string macro `name"text"suffix` carries AF_STRMACRO: kids[1] is an
 * A_STRING read raw (parse_raw_string), kids[2] the suffix if any (a String literal of
 * the flags, or a number literal). */
#ifndef JC_MACRO_H
#define JC_MACRO_H

#include "ast.h"
#include "util.h"

/* A_MACROCALL's flags reuse a bit that means nothing on that node (AF_SHORT belongs to
 * A_FUNCDEF), so that the macro machinery adds no flag to ast.h. */
#define AF_STRMACRO AF_SHORT

/* The escapes of a string literal decoded (b"\x01" is the byte 1): parse_string.c's
 * decoder, for the string macros that unescape their raw text.  -1 on a bad escape. */
int parse_unescape(const char *s, size_t n, sb *out);

#endif
