/* optable.c — lookup in the generated operator table.
 *
 * Rows are sorted by spelling bytes (the generator's output goes through `sort`), so an
 * exact lookup is a binary search, and a longest-prefix lookup is one binary search for
 * the rows that begin with the text's first character followed by a scan of those few. */
#include <string.h>

#include "optable.h"

static const op_info op_rows[] = {
#include "optable.inc"
};

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
    size_t lo = 0, hi = sizeof op_rows / sizeof op_rows[0];
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
    size_t k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (k > n)
        return NULL;
    size_t lo = 0, hi = sizeof op_rows / sizeof op_rows[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (prefix_cmp(&op_rows[mid], s, k) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const op_info *best = NULL;
    for (size_t i = lo; i < sizeof op_rows / sizeof op_rows[0]; i++) {
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
