/* regex_obj.h — the objects behind T_REGEX and T_REGEXMATCH.  lib/regex.c makes them
 * (through PCRE2) and frees them; show.c displays them from the values they hold, so the
 * display needs no PCRE2.  A match holds only values: its fields are Julia's. */
#ifndef JC_REGEX_OBJ_H
#define JC_REGEX_OBJ_H

#include "value.h"

/* Julia's flag letters in the order show(::Regex) writes them */
enum { RX_I = 1, RX_M = 2, RX_S = 4, RX_X = 8, RX_A = 16 };

typedef struct jc_regex {
    obj h;
    value pattern;      /* String */
    unsigned flags;     /* RX_* */
    void *code;         /* pcre2_code */
    int ncaptures;
    value names;        /* Tuple: per capture group its name (String) or nothing */
} jc_regex;

typedef struct jc_regexmatch {
    obj h;
    value match;        /* String: the matched text */
    value captures;     /* Vector: String or nothing per group */
    int64_t offset;     /* byte index of the match, 1-based */
    value offsets;      /* Vector{Int64}: byte index of each group (0 when unmatched) */
    value regex;        /* the Regex */
} jc_regexmatch;

static inline jc_regex *val_regex(value v) { return (jc_regex *)v.u.o; }
static inline jc_regexmatch *val_regexmatch(value v) { return (jc_regexmatch *)v.u.o; }

#endif
