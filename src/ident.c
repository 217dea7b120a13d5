/* ident.c — identifier classes (binary search over generated ranges) and normalization.
 *
 * ASCII is decided without the tables; every table is sorted and non-overlapping (the
 * generator rejects unsorted input). */
#include <stdlib.h>

#include <utf8proc.h>

#include "ident.h"

typedef struct ident_range { uint32_t lo, hi; } ident_range;

#include "id_start_ranges.inc"
#include "id_char_ranges.inc"
#include "op_suffix_ranges.inc"
#include "never_id_char_ranges.inc"

static int in_ranges(const ident_range *r, size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < r[mid].lo)
            hi = mid;
        else if (cp > r[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

#define IN(tab, cp) in_ranges(tab, sizeof tab / sizeof tab[0], cp)

int ident_is_start(uint32_t cp)
{
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '_';
    return IN(id_start_ranges, cp);
}

int ident_is_char(uint32_t cp)
{
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '_' ||
               (cp >= '0' && cp <= '9') || cp == '!';
    return IN(id_char_ranges, cp);
}

int ident_is_op_suffix(uint32_t cp) { return cp >= 0x80 && IN(op_suffix_ranges, cp); }

int ident_is_never_id(uint32_t cp) { return IN(never_id_char_ranges, cp); }

uint32_t ident_charmap(uint32_t cp)
{
    switch (cp) {
    case 0x025B: return 0x03B5;  /* ɛ -> ε */
    case 0x00B5: return 0x03BC;  /* µ -> μ */
    case 0x00B7: return 0x22C5;  /* · -> ⋅ */
    case 0x0387: return 0x22C5;  /* · -> ⋅ */
    case 0x2212: return 0x002D;  /* − -> - */
    case 0x210F: return 0x0127;  /* ℏ -> ħ */
    default: return cp;
    }
}

static utf8proc_int32_t charmap_cb(utf8proc_int32_t cp, void *data)
{
    (void)data;
    return (utf8proc_int32_t)ident_charmap((uint32_t)cp);
}

void ident_normalize(const char *s, size_t n, sb *out)
{
    size_t i;
    for (i = 0; i < n && !((unsigned char)s[i] & 0x80); i++)
        ;
    if (i == n) {
        sb_put(out, s, n);
        return;
    }
    const utf8proc_option_t opt = UTF8PROC_STABLE | UTF8PROC_COMPOSE;
    utf8proc_ssize_t m = utf8proc_decompose_custom((const utf8proc_uint8_t *)s,
                                                   (utf8proc_ssize_t)n, NULL, 0, opt,
                                                   charmap_cb, NULL);
    if (m < 0) {  /* invalid UTF-8 never reaches here: the lexer rejects it first */
        sb_put(out, s, n);
        return;
    }
    /* reencode needs room for the UTF-8 result, up to 4 bytes per code point */
    utf8proc_int32_t *buf = xmalloc(((size_t)m + 1) * 4);
    m = utf8proc_decompose_custom((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, buf, m,
                                  opt, charmap_cb, NULL);
    if (m >= 0)
        m = utf8proc_reencode(buf, m, opt);
    if (m < 0)
        sb_put(out, s, n);
    else
        sb_put(out, (const char *)buf, (size_t)m);
    free(buf);
}
