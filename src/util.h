/* util.h — small shared pieces: a growable string buffer (sb_*), allocation counted
 * against the context's memory budget (mem.h: a failed malloc never returns NULL, it
 * ends the evaluation in progress with OutOfMemoryError), UTF-8 decoding. */
#ifndef JC_UTIL_H
#define JC_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* A growable NUL-terminated byte string.  A zeroed sb is empty and valid. */
typedef struct sb {
    char *s;
    size_t len, cap;
} sb;

void sb_reserve(sb *b, size_t extra);
void sb_putc(sb *b, char c);
void sb_put(sb *b, const char *s, size_t n);
void sb_puts(sb *b, const char *s);
void sb_printf(sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(sb *b, const char *fmt, va_list ap);
/* Appends the code point cp encoded as UTF-8. */
void sb_pututf8(sb *b, uint32_t cp);
/* Gives up the buffer (never NULL) and leaves b empty. */
char *sb_take(sb *b);
void sb_free(sb *b);
static inline const char *sb_str(const sb *b) { return b->s ? b->s : ""; }

/* Decodes one UTF-8 sequence at s[0..n).  Returns its length (1..4) and stores the code
 * point, or returns -1 for an invalid, overlong, surrogate or truncated sequence. */
int utf8_decode(const char *s, size_t n, uint32_t *cp);
/* Number of code points in s[0..n) (invalid bytes count one each). */
size_t utf8_length(const char *s, size_t n);
/* Display width of s[0..n) in terminal columns. */
size_t utf8_width(const char *s, size_t n);

#endif
