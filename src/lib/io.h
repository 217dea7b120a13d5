/* io.h — IO values: IOBuffer, stdout, stderr, devnull (value.h's jc_io).
 *
 * An IOBuffer owns its bytes; stdout writes to the context's output, stderr to the
 * process's (after flushing the output, so that order is kept), devnull nowhere.  The
 * builtins that take an IO first (print, show, write, join, showerror, sprint) write
 * through io_write; what they would print is composed first, so an error while showing
 * writes nothing. */
#ifndef JC_LIB_IO_H
#define JC_LIB_IO_H

#include "jc.h"

/* Is v an IO value? */
static inline int io_is(value v)
{
    return v.type == T_IOBUFFER || v.type == T_IOSTREAM || v.type == T_DEVNULL;
}
/* A new empty writable IOBuffer. */
value io_new_buffer(void);
/* stdout, stderr or devnull (IO_STDOUT ...): a new reference to a new object. */
value io_std(int stream);
/* Appends s[0..n) to io; -1 with ArgumentError pending for a buffer not writable. */
int io_write(jc_ctx *ctx, value io, const char *s, size_t n, const ast *site);
/* Frees a jc_io (the kinds' free function, registered with the builtins). */
void io_free(obj *o);

#endif
