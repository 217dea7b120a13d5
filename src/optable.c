/* optable.c — lookup in the generated operator table.
 *
 * Rows are sorted by spelling bytes (the generator's output goes through `sort`), so an
 * exact lookup is a binary search and a longest-prefix lookup tries each possible length
 * from the longest down.  Spellings are at most OPT_MAXLEN bytes. */
#include <string.h>

#include "optable.h"

static const op_info op_rows[] = {
#include "optable.inc"
};

/* Longest spelling in data/operators.tsv, in bytes; test_lex checks it against the table. */
enum { OPT_MAXLEN = 5 };

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

const op_info *optable_longest(const char *s, size_t n)
{
    if (n > OPT_MAXLEN)
        n = OPT_MAXLEN;
    for (size_t k = n; k > 0; k--) {
        const op_info *r = optable_find(s, k);
        if (r)
            return r;
    }
    return NULL;
}

size_t optable_count(void) { return sizeof op_rows / sizeof op_rows[0]; }

const op_info *optable_row(size_t i)
{
    return i < optable_count() ? &op_rows[i] : NULL;
}
