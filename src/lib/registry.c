/* registry.c — the builtin tables, in lookup order (see lib.h), and their listing for
 * `jcalc --list-builtins` and the generated function list of docs/language.md. */
#include <stdlib.h>
#include <string.h>

#include "lib/lib.h"

/* The tables in lookup order; table NAME is the array lib_NAME, and NAME is what
 * --list-builtins prints.  One list, so the tables and their names cannot drift apart. */
#define LIB_TABLE_LIST(X) \
    X(pairs)       /* first: keys, values, haskey, get, eltype of named tuples and Base.Pairs
                      (eval_pairs.c); its rows decline everything else */ \
    X(types)       /* typeof knows every value */ \
    X(functional)  /* Pair, |>, ∘, !f: its rows decline what is not theirs */ \
    X(arrays)      /* first: their rows decline unless an argument is an array */ \
    X(linalg) \
    X(range)       /* before numbers: -(r), x * r and r / x keep ranges */ \
    X(io)          /* before strings: join(io, xs) declines unless an argument is an IO */ \
    X(regex)       /* before strings: its rows decline unless an argument is a Regex */ \
    X(strings) \
    X(bitints)     /* before numbers: x % T */ \
    X(numbers) \
    X(elementary) \
    X(angles) \
    X(rounding) \
    X(special) \
    X(intfuncs) \
    X(core) \
    X(errors)      /* throw, rethrow, the exception types' constructors */ \
    X(floatparts) \
    X(assign)      /* convert */ \
    X(meta)        /* eval, esc, gensym, Meta.parse, dump (eval_expr.c) */ \
    X(methods)     /* MethodList's length, getindex … (eval_method.c) */

#define DECLARE(name) extern const builtin lib_##name[];
LIB_TABLE_LIST(DECLARE)
#undef DECLARE

#define ROWS(name) lib_##name,
const builtin *const lib_tables[] = { LIB_TABLE_LIST(ROWS) NULL };
#undef ROWS

#define NAME(name) #name,
const char *const lib_table_names[] = { LIB_TABLE_LIST(NAME) NULL };
#undef NAME

size_t lib_table_rows(void)
{
    size_t n = 0;
    for (int t = 0; lib_tables[t]; t++)
        for (const builtin *r = lib_tables[t]; r->name; r++)
            n++;
    return n;
}

typedef struct listed {
    const char *name;
    int table;          /* index in lib_tables */
} listed;

static int listed_cmp(const void *pa, const void *pb)
{
    const listed *a = pa, *b = pb;
    int c = strcmp(a->name, b->name);
    return c ? c : a->table - b->table;
}

int lib_list_builtins(FILE *out)
{
    size_t n = lib_table_rows(), k = 0;
    listed *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return -1;
    for (int t = 0; lib_tables[t]; t++)
        for (const builtin *r = lib_tables[t]; r->name; r++)
            v[k++] = (listed){ r->name, t };
    qsort(v, n, sizeof *v, listed_cmp);
    for (size_t i = 0; i < n;) {
        /* one line for the rows of one name in one table, with the help of the first of
         * them in table order that has one (qsort is not stable) */
        const char *help = NULL;
        for (const builtin *r = lib_tables[v[i].table]; r->name && !help; r++)
            if (r->help && !strcmp(r->name, v[i].name))
                help = r->help;
        fprintf(out, "%s\t%s\t", v[i].name, lib_table_names[v[i].table]);
        if (help) {
            help += strspn(help, " ");
            fwrite(help, 1, strcspn(help, "\n"), out);
        }
        fputc('\n', out);
        size_t j = i + 1;
        while (j < n && v[j].table == v[i].table && !strcmp(v[j].name, v[i].name))
            j++;
        i = j;
    }
    free(v);
    return 0;
}
