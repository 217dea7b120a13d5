/* util.c — see util.h. */
#include "util.h"
#include "mem.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        mem_fail(n);
    mem_charge(n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        mem_fail(n * size);
    mem_charge(n * size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    size_t old = p && mem_current ? malloc_usable_size(p) : 0; /* count the growth only */
    p = realloc(p, n ? n : 1);
    if (!p)
        mem_fail(n);
    if (n > old)
        mem_charge(n - old);
    return p;
}

char *xstrndup(const char *s, size_t n)
{
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

void sb_reserve(sb *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 32;
    while (cap < need)
        cap *= 2;
    b->s = xrealloc(b->s, cap);
    b->cap = cap;
}

void sb_put(sb *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void sb_putc(sb *b, char c) { sb_put(b, &c, 1); }
void sb_puts(sb *b, const char *s) { sb_put(b, s, strlen(s)); }

void sb_vprintf(sb *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    sb_reserve(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void sb_printf(sb *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

void sb_pututf8(sb *b, uint32_t cp)
{
    char buf[4];
    utf8proc_ssize_t n = utf8proc_encode_char((utf8proc_int32_t)cp, (utf8proc_uint8_t *)buf);
    sb_put(b, buf, (size_t)n);
}

char *sb_take(sb *b)
{
    char *s = b->s ? b->s : xstrdup("");
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

void sb_free(sb *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

int utf8_decode(const char *s, size_t n, uint32_t *cp)
{
    utf8proc_int32_t c;
    utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, &c);
    if (k <= 0)
        return -1;
    *cp = (uint32_t)c;
    return (int)k;
}

size_t utf8_length(const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; count++) {
        uint32_t cp;
        int k = utf8_decode(s + i, n - i, &cp);
        i += k > 0 ? (size_t)k : 1;
    }
    return count;
}

size_t utf8_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int k = utf8_decode(s + i, n - i, &cp);
        if (k < 0) {
            w++;
            i++;
            continue;
        }
        int cw = utf8proc_charwidth((utf8proc_int32_t)cp);
        w += cw > 0 ? (size_t)cw : 0;
        i += (size_t)k;
    }
    return w;
}
