/* ast.c — the arena that owns a parse, and node allocation. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "jc.h"

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    _Alignas(8) unsigned char data[];
} chunk;

struct arena {
    unsigned refs;
    chunk *head;
    value *owned;
    size_t nowned, capowned;
    void **blocks;            /* nodes built on the heap (arena_adopt), freed with the arena */
    size_t nblocks, capblocks;
    const char *src, *name;   /* borrowed from the caller until the arena is retained */
    char *own_src, *own_name;
    size_t srclen;
    int first_line;
};

arena *arena_new(void)
{
    arena *a = xcalloc(1, sizeof *a);
    a->refs = 1;
    return a;
}

/* n bytes (rounded up to 8, the alignment of a node: its widest members are pointers
 * and 64-bit payloads), not zeroed: ast_new initializes every field itself rather than
 * clearing then writing. */
static inline void *arena_take(arena *a, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    if (!a->head || a->head->cap - a->head->used < n) {
        size_t cap = n > 16384 ? n : 16384;
        chunk *c = xmalloc(sizeof *c + cap);
        c->next = a->head;
        c->used = 0;
        c->cap = cap;
        a->head = c;
    }
    void *p = a->head->data + a->head->used;
    a->head->used += n;
    return p;
}

void *arena_alloc(arena *a, size_t n)
{
    void *p = arena_take(a, n);
    memset(p, 0, n);
    return p;
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
    char *d = arena_alloc(a, n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* Once something outlives the evaluation (a function body), the arena needs its own
 * copy of the source text for error positions. */
static void arena_own_source(arena *a)
{
    if (a->src && !a->own_src) {
        a->own_src = xstrndup(a->src, a->srclen);
        a->src = a->own_src;
    }
    if (a->name && !a->own_name) {
        a->own_name = xstrdup(a->name);
        a->name = a->own_name;
    }
}

void arena_retain(arena *a)
{
    arena_own_source(a);
    a->refs++;
}

static void release_owned(arena *a)
{
    val_release_n(a->owned, a->nowned);
    a->nowned = 0;
    for (size_t i = 0; i < a->nblocks; i++)
        free(a->blocks[i]);
    a->nblocks = 0;
}

int arena_reset(arena *a)
{
    if (a->refs != 1)
        return -1;
    release_owned(a);
    /* keep the newest chunk, drop the others */
    if (a->head) {
        for (chunk *c = a->head->next, *next; c; c = next) {
            next = c->next;
            free(c);
        }
        a->head->next = NULL;
        a->head->used = 0;
    }
    free(a->own_src);
    free(a->own_name);
    a->own_src = a->own_name = NULL;
    a->src = a->name = NULL;
    return 0;
}

void arena_release(arena *a)
{
    if (!a || --a->refs)
        return;
    release_owned(a);
    free(a->owned);
    free(a->blocks);
    free(a->own_src);
    free(a->own_name);
    for (chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(a);
}

void arena_own(arena *a, value v)
{
    if (!val_is_heap(v))
        return;
    if (a->nowned == a->capowned) {
        a->capowned = a->capowned ? 2 * a->capowned : 16;
        a->owned = xrealloc(a->owned, a->capowned * sizeof *a->owned);
    }
    a->owned[a->nowned++] = v;
}

void arena_adopt(arena *a, void *block)
{
    if (a->nblocks == a->capblocks) {
        a->capblocks = a->capblocks ? 2 * a->capblocks : 8;
        a->blocks = xrealloc(a->blocks, a->capblocks * sizeof *a->blocks);
    }
    a->blocks[a->nblocks++] = block;
}

int arena_unwind(arena *a, const void *p, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    if (!a->head || a->head->used < n || (const unsigned char *)p != a->head->data + a->head->used - n)
        return -1;
    a->head->used -= n;
    return 0;
}

void arena_set_source(arena *a, const char *src, size_t len, const char *name, int first_line)
{
    free(a->own_src);
    free(a->own_name);
    a->own_src = a->own_name = NULL;
    a->src = src;
    a->srclen = len;
    a->name = name ? name : "none";
    a->first_line = first_line;
    if (a->refs > 1)
        arena_own_source(a);
}

const char *arena_source(const arena *a, size_t *len, const char **name, int *first_line)
{
    *len = a->srclen;
    *name = a->name;
    *first_line = a->first_line;
    return a->src;
}

void ast_init(ast *n, ast_kind kind, size_t off, size_t len, uint32_t nkids)
{
    n->kind = (uint8_t)kind;
    n->lit_type = 0;
    n->flags = 0;
    n->nkids = nkids;
    n->off = (uint32_t)off;
    n->len = (uint32_t)len;
    n->sym = -1;
    n->lit_sub = 0;
    n->lit_u.u = 0;
}

ast *ast_new(arena *a, ast_kind kind, size_t off, size_t len, uint32_t nkids)
{
    /* one allocation, the kid pointers following the node.  Every field is written
     * here, the kids cleared one by one (there are rarely more than three), instead of
     * a memset of the whole block: nodes are the parser's commonest allocation. */
    ast *n = arena_take(a, sizeof *n + (size_t)nkids * sizeof n->kids[0]);
    ast_init(n, kind, off, len, nkids);
    for (uint32_t i = 0; i < nkids; i++)
        n->kids[i] = NULL;
    return n;
}

_Static_assert(A__COUNT <= 256, "ast.kind is one byte");
_Static_assert(sizeof(ast) == 32 && _Alignof(ast) <= 8, "a leaf node is 32 bytes, 8-aligned");

static const char *const kind_names[A__COUNT] = {
    [A_ERROR] = "error", [A_ID] = "id", [A_LIT] = "lit", [A_STRING] = "string",
    [A_CALL] = "call", [A_DOTCALL] = "dotcall", [A_JUXT] = "juxtapose",
    [A_COMPARISON] = "comparison", [A_PARENS] = "parens", [A_TUPLE] = "tuple",
    [A_NAMEDTUPLE_] = "namedtuple", [A_VECT] = "vect", [A_HCAT] = "hcat", [A_VCAT] = "vcat",
    [A_NCAT] = "ncat", [A_ROW] = "row", [A_TYPED_VECT] = "typed_vect",
    [A_TYPED_HCAT] = "typed_hcat", [A_TYPED_VCAT] = "typed_vcat", [A_REF] = "ref",
    [A_COMPREHENSION] = "comprehension", [A_TYPED_COMPREHENSION] = "typed_comprehension",
    [A_GENERATOR] = "generator", [A_FILTER] = "filter", [A_ITER] = "iteration",
    [A_ASSIGN] = "=", [A_OPASSIGN] = "op=", [A_DOTOPASSIGN] = ".op=", [A_FUNCDEF] = "function",
    [A_ARROW] = "->", [A_TERNARY] = "?", [A_AND] = "&&", [A_OR] = "||", [A_BLOCK] = "block",
    [A_TOPLEVEL] = "toplevel", [A_LET] = "let", [A_IF] = "if", [A_ELSEIF] = "elseif",
    [A_FOR] = "for", [A_WHILE] = "while", [A_RETURN] = "return", [A_BREAK] = "break",
    [A_CONTINUE] = "continue", [A_KW] = "kw", [A_PARAMETERS] = "parameters", [A_DOT] = ".",
    [A_CURLY] = "curly", [A_TYPED] = "::", [A_SPLAT] = "...", [A_MACROCALL] = "macrocall",
    [A_LOCAL] = "local", [A_GLOBAL] = "global", [A_CONST] = "const", [A_QUOTE] = "quote",
    [A_BEGIN_END] = "end", [A_NOTHING] = "nothing",
    [A_WHERE] = "where", [A_BRACES] = "braces", [A_TYPED_NCAT] = "typed_ncat", [A_SYNOP] = "synop",
    [A_ITERATION] = "iteration", [A_TRY] = "try", [A_CATCH] = "catch", [A_TRYELSE] = "else",
    [A_FINALLY] = "finally", [A_DO] = "do", [A_USING] = "using",
    [A_STRUCT] = "struct", [A_ABSTRACT] = "abstract", [A_MODULE] = "module", [A_EXPORT] = "export",
    [A_CHAIN] = "chain",
};

const char *ast_kind_name(ast_kind k)
{
    return k < A__COUNT && kind_names[k] ? kind_names[k] : "?";
}

int ast_field_item(const ast *k)
{
    return (k->kind == A_ASSIGN || k->kind == A_KW) && !(k->flags & AF_DOTTED) && k->nkids == 2 &&
           k->kids[0]->kind == A_ID;
}

void ast_named_tuple_fields(ast *t)
{
    if (t->kind != A_TUPLE || !t->nkids)
        return;
    /* one name = value item makes the tuple a named tuple, whatever the others are
     * (an invalid one is an error then, never an assignment) */
    int params = t->kids[t->nkids - 1] && t->kids[t->nkids - 1]->kind == A_PARAMETERS, any = 0;
    for (uint32_t i = 0; i + params < t->nkids; i++)
        any |= t->kids[i] && ast_field_item(t->kids[i]);
    if (!params && !any)
        return;
    for (uint32_t i = 0; i < t->nkids; i++) {
        ast *k = t->kids[i];
        if (!k)
            continue;
        if (k->kind == A_PARAMETERS) {
            for (uint32_t j = 0; j < k->nkids; j++)
                if (k->kids[j] && ast_field_item(k->kids[j]))
                    k->kids[j]->kind = A_KW;
        } else if (ast_field_item(k))
            k->kind = A_KW;
    }
}
