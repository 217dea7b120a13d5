/* ident.h — Julia's identifier character classes and name normalization.
 *
 * The classes come from range tables generated at build time from the data/ range TSVs
 * (Unicode 15 as Julia 1.10 sees it).  Normalization is NFC (utf8proc) after Julia's
 * six-entry character map (ɛ→ε, µ→μ, ·→⋅, ·→⋅, −→-, ℏ→ħ).  Nothing here allocates
 * except ident_normalize, which appends to the caller's buffer. */
#ifndef JC_IDENT_H
#define JC_IDENT_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

int ident_is_start(uint32_t cp);     /* jl_id_start_char */
int ident_is_char(uint32_t cp);      /* jl_id_char */
int ident_is_op_suffix(uint32_t cp); /* jl_op_suffix_char */
int ident_is_never_id(uint32_t cp);  /* never_id_char: diagnostics only */
/* Julia's character map alone (applied before NFC). */
uint32_t ident_charmap(uint32_t cp);

/* Appends the normalized form of the valid UTF-8 text s[0..n) to out.  ASCII text is
 * copied unchanged. */
void ident_normalize(const char *s, size_t n, sb *out);

#endif
