/* optable.c — lookup in the generated operator table.
 *
 * Rows are sorted by spelling bytes (the generator's output goes through `sort`), and the
 * generator also counts the rows per first byte (OPTABLE_FIRST_BYTE), so every lookup
 * starts from the rows sharing the text's first byte: at most 8 for an ASCII byte, and
 * a binary search for the first character inside the 0xE2 group (587 rows, U+2000-U+2FFF).
 * A longest-prefix lookup then scans the few rows that begin with that character. */
#include <string.h>

#include "optable.h"

static const op_info op_rows[] = {
#include "optable.inc"
};

/* rows starting with byte b: [op_first[b], op_first[b + 1]) */
static const unsigned short op_first[257] = OPTABLE_FIRST_BYTE;

static int cmp_spelling(const op_info *r, const char *s, size_t n)
{
    size_t m = r->len < n ? r->len : n;
    int c = memcmp(r->spelling, s, m);
    if (c)
        return c;
    return r->len < n ? -1 : r->len > n ? 1 : 0;
}

const op_info *optable_find(const char *s, size_t n)
{
    if (n == 0)
        return NULL;
    unsigned char c0 = (unsigned char)s[0];
    size_t lo = op_first[c0], hi = op_first[c0 + 1];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_spelling(&op_rows[mid], s, n);
        if (c == 0)
            return &op_rows[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* Compares the first k bytes of a row's spelling with s[0..k) (a shorter spelling sorts
 * first); inline byte loop, since k is at most a few bytes. */
static inline int prefix_cmp(const op_info *r, const char *s, size_t k)
{
    const unsigned char *a = (const unsigned char *)r->spelling, *b = (const unsigned char *)s;
    for (size_t i = 0; i < k; i++) {
        if (i >= r->len)
            return -1;
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

const op_info *optable_longest(const char *s, size_t n)
{
    /* Rows sharing a first character are contiguous: find the first of them, then keep
     * the longest row that prefixes s (a prefix sorts before its extensions). */
    if (n == 0)
        return NULL;
    unsigned char c = (unsigned char)s[0];
    size_t lo = op_first[c], end = op_first[c + 1], hi = end;
    if (c < 0x80) {
        /* at most 8 rows, all sharing the first byte: keep the longest that fits (the
         * same row as the general loop below: rows sort as prefixes before extensions,
         * so the last full match is the longest) */
        const op_info *best = NULL;
        const unsigned char *u = (const unsigned char *)s;
        for (size_t i = lo; i < end; i++) {
            const op_info *r = &op_rows[i];
            size_t m = r->len, j = 1;
            /* sorted rows: past a second byte above the text's, nothing longer matches */
            if (m > 1 && n > 1 && (unsigned char)r->spelling[1] > u[1])
                break;
            if (m > n)
                continue;
            while (j < m && r->spelling[j] == s[j])
                j++;
            if (j == m)
                best = r;
        }
        return best;
    }
    size_t k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (k > n)
        return NULL;
    while (k > 1 && lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (prefix_cmp(&op_rows[mid], s, k) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const op_info *best = NULL;
    for (size_t i = lo; i < end; i++) {
        const op_info *r = &op_rows[i];
        if (prefix_cmp(r, s, k) != 0)
            break;
        if (r->len <= n && prefix_cmp(r, s, r->len) == 0)
            best = r;
    }
    return best;
}

size_t optable_count(void) { return sizeof op_rows / sizeof op_rows[0]; }

const op_info *optable_row(size_t i)
{
    return i < optable_count() ? &op_rows[i] : NULL;
}
