/* sym.c — the symbol table: open addressing over FNV-1a hashes, names in pooled chunks. */
#include <stdlib.h>
#include <string.h>

#include "jc.h"


static uint32_t sym_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

__attribute__((weak)) const sym_snapshot *sym_boot = NULL;

void sym_start(jc_ctx *ctx)
{
    symtab *t = &ctx->syms;
    const sym_snapshot *b = sym_boot;
    if (!b || t->n)
        return;
    t->names = (char **)b->names;
    t->hash = (uint32_t *)b->hash;
    t->lens = (uint32_t *)b->lens;
    t->slots = (int32_t *)b->slots;
    t->n = t->cap = b->n;
    t->nslots = b->nslots;
    t->borrowed = 1;
}

/* The borrowed snapshot becomes the table's own, with room to grow: at the first new
 * name. */
static void sym_own(symtab *t)
{
    size_t cap = 2 * t->n > 1024 ? 2 * t->n : 1024;
    char **names = xmalloc(cap * sizeof *names);
    uint32_t *hash = xmalloc(cap * sizeof *hash), *lens = xmalloc(cap * sizeof *lens);
    int32_t *slots = xmalloc(t->nslots * sizeof *slots);
    memcpy(names, t->names, t->n * sizeof *names);
    memcpy(hash, t->hash, t->n * sizeof *hash);
    memcpy(lens, t->lens, t->n * sizeof *lens);
    memcpy(slots, t->slots, t->nslots * sizeof *slots);
    t->names = names;
    t->hash = hash;
    t->lens = lens;
    t->slots = slots;
    t->cap = cap;
    t->borrowed = 0;
}

static void sym_rehash(symtab *t, size_t nslots)
{
    free(t->slots);
    t->slots = xmalloc(nslots * sizeof *t->slots);
    for (size_t i = 0; i < nslots; i++)
        t->slots[i] = -1;
    t->nslots = nslots;
    for (size_t id = 0; id < t->n; id++) {
        size_t j = t->hash[id] & (nslots - 1);
        while (t->slots[j] >= 0)
            j = (j + 1) & (nslots - 1);
        t->slots[j] = (int32_t)id;
    }
}

static int sym_lookup(const symtab *t, const char *name, size_t len, uint32_t h)
{
    if (!t->nslots)
        return -1;
    for (size_t j = h & (t->nslots - 1);; j = (j + 1) & (t->nslots - 1)) {
        int32_t id = t->slots[j];
        if (id < 0)
            return -1;
        if (t->hash[id] == h && t->lens[id] == len && !memcmp(t->names[id], name, len))
            return id;
    }
}

int sym_find(const jc_ctx *ctx, const char *name, size_t len)
{
    return sym_lookup(&ctx->syms, name, len, sym_hash(name, len));
}

int sym_intern(jc_ctx *ctx, const char *name, size_t len)
{
    symtab *t = &ctx->syms;
    uint32_t h = sym_hash(name, len);
    int id = sym_lookup(t, name, len, h);
    if (id >= 0)
        return id;
    if (t->borrowed)
        sym_own(t);
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1024;
        t->names = xrealloc(t->names, t->cap * sizeof *t->names);
        t->hash = xrealloc(t->hash, t->cap * sizeof *t->hash);
        t->lens = xrealloc(t->lens, t->cap * sizeof *t->lens);
    }
    /* names live in pooled chunks: a context interns about a thousand at start-up */
    if (t->pool_cap - t->pool_used < len + 1) {
        size_t cap = len + 1 > 8192 ? len + 1 : 8192;
        t->chunks = xrealloc(t->chunks, (t->nchunks + 1) * sizeof *t->chunks);
        t->pool = t->chunks[t->nchunks++] = xmalloc(cap);
        t->pool_used = 0;
        t->pool_cap = cap;
    }
    char *copy = t->pool + t->pool_used;
    memcpy(copy, name, len);
    copy[len] = 0;
    t->pool_used += len + 1;
    t->names[t->n] = copy;
    t->lens[t->n] = (uint32_t)len;
    t->hash[t->n] = h;
    t->n++;
    if (2 * t->n > t->nslots)
        sym_rehash(t, t->nslots ? 2 * t->nslots : 1024);
    else {
        size_t j = h & (t->nslots - 1);
        while (t->slots[j] >= 0)
            j = (j + 1) & (t->nslots - 1);
        t->slots[j] = (int32_t)(t->n - 1);
    }
    return (int)(t->n - 1);
}

const char *sym_name(const jc_ctx *ctx, int id)
{
    return id >= 0 && (size_t)id < ctx->syms.n ? ctx->syms.names[id] : "?";
}

void sym_free_all(jc_ctx *ctx)
{
    symtab *t = &ctx->syms;
    for (size_t i = 0; i < t->nchunks; i++)
        free(t->chunks[i]);
    free(t->chunks);
    if (!t->borrowed) {
        free(t->lens);
        free(t->names);
        free(t->hash);
        free(t->slots);
    }
    memset(t, 0, sizeof *t);
}
