/* printf.h — Julia's Printf formats (stdlib/Printf) over jcalc's values, for @printf and
 * @sprintf (eval_macro.c).
 *
 * printf_check validates a format as Julia does when the macro is expanded
 * (Printf.InvalidFormatStringError, as a LoadError); printf_format appends the
 * formatted arguments to out, or raises Julia's error (a wrong argument count, a value a
 * conversion cannot take, a width past jcalc's limits) and returns -1. */
#ifndef JC_LIB_PRINTF_H
#define JC_LIB_PRINTF_H

#include "ast.h"
#include "jc.h"

int printf_check(jc_ctx *ctx, const char *fmt, size_t len, const ast *site);
int printf_format(jc_ctx *ctx, sb *out, const char *fmt, size_t len, int n, const value *args,
                  const ast *site);

#endif
