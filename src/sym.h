/* sym.h — interned names.
 *
 * A symbol id indexes the context's symbol table (ctx->syms); names are stored normalized
 * (the parser normalizes before interning) in pooled chunks owned by the table and freed
 * with it.  Nothing here fails: allocation is checked by util. */
#ifndef JC_SYM_H
#define JC_SYM_H

#include <stddef.h>

typedef struct jc_ctx jc_ctx;

int sym_intern(jc_ctx *ctx, const char *name, size_t len);
const char *sym_name(const jc_ctx *ctx, int id);
/* Looks a name up without interning; -1 when absent. */
int sym_find(const jc_ctx *ctx, const char *name, size_t len);
/* Frees the table's storage (the context itself is the caller's). */
void sym_free_all(jc_ctx *ctx);

/* The table as a new context's start-up leaves it, generated at build time
 * (tools/gen_snapshot.c) and linked into the jcalc binary: a context starts from it
 * instead of interning a thousand names, and copies it to the heap at its first new
 * name.  NULL (a weak definition, not const so that it is never assumed) in a program
 * that links the library alone. */
typedef struct sym_snapshot {
    size_t n, nslots;
    const char *const *names;
    const uint32_t *hash, *lens;
    const int32_t *slots;
} sym_snapshot;
extern const sym_snapshot *sym_boot;
/* Starts an empty table from sym_boot (if any). */
void sym_start(jc_ctx *ctx);

#endif
