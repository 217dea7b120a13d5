/* regex.h — regular expressions (lib/regex.c, PCRE2): what the string macro r"..."
 * and the evaluator's field access need beyond the builtin rows. */
#ifndef JC_LIB_REGEX_H
#define JC_LIB_REGEX_H

#include "lib/lib.h"

/* The RX_* flags of Julia's flag letters (i m s x a); ArgumentError on another. */
int regex_flags(jc_ctx *ctx, const char *s, size_t n, unsigned *flags, const ast *site);
/* A Regex compiled from pattern[0..n); Julia's "PCRE compilation error" on a bad one. */
int regex_new(jc_ctx *ctx, const char *pat, size_t n, unsigned flags, const ast *site,
              value *out);
/* x.name of a Regex or RegexMatch: 0 with *out, 1 when there is no such field. */
int regex_getfield(jc_ctx *ctx, value *out, value x, const char *name, const ast *site);

#endif
