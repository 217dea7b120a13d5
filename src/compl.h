/* compl.h — tab completion as a pure function of (line, cursor, names) over sorted tables.
 *
 * Owns the generated LaTeX, emoji and reverse (symbol -> name) tables (static const,
 * built from the data/ TSVs by tools/gen_latex.awk) and the rules that pick candidates.
 * Borrows the caller's names (builtins, variables, keywords); knows nothing of readline
 * or terminals, so everything here is testable without one.  Candidates are returned
 * malloc'd; nothing fails except allocation, which aborts (util.h). */
#ifndef JC_COMPL_H
#define JC_COMPL_H

#include <stddef.h>

/* One row of a generated table: latex/emoji rows map a name (with its backslash) to
 * the text it stands for; reverse rows map a symbol to its preferred name. */
typedef struct compl_pair {
    const char *key;
    const char *val;
} compl_pair;

/* What names exist besides the LaTeX tables.  names need not be sorted or unique. */
typedef struct compl_source {
    const char *const *names;
    size_t nnames;
    /* Space-separated keyword-argument names of the function called fname[0..len),
     * or NULL; may itself be NULL. */
    const char *(*kwnames)(void *ud, const char *fname, size_t len);
    void *ud;
} compl_source;

/* Completes the text that ends at byte `cursor` of line.  Returns the candidates
 * (sorted, unique, malloc'd; free with compl_free) and sets *n, and [*start, *end) to
 * the bytes of line a chosen candidate replaces; returns NULL with *n = 0 when there
 * is nothing to offer.  Rules, in order (Julia 1.10's REPLCompletions, plus reverse):
 *   after a `\` with no space or quote between it and the cursor:
 *     exact LaTeX name -> its symbol; `\_12`/`\^2n` runs -> sub/superscripts;
 *     exact emoji name -> the emoji; `\` + one symbol -> its name (reverse, an extra);
 *     otherwise every LaTeX name (emoji name after `\:`) starting with the text;
 *   otherwise the identifier before the cursor: names of src starting with it, and
 *   `kw=` for keyword arguments of the call the cursor is in.  Never file names. */
char **compl_complete(const char *line, size_t cursor, const compl_source *src,
                      size_t *start, size_t *end, int *n);
void compl_free(char **items, int n);

/* The symbol a LaTeX or emoji name (with backslash) stands for, or NULL. */
const char *compl_latex_symbol(const char *name);
/* The preferred name of the symbol s[0..len) (Julia's symbol_latex rule: canonical
 * name, else emoji over LaTeX), or NULL. */
const char *compl_symbol_name(const char *s, size_t len);

/* Longest common prefix length of items[0..n), in bytes, never splitting a UTF-8
 * sequence. */
size_t compl_common_prefix(char *const *items, int n);

#endif
