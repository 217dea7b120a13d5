/* regex.c — regular expressions through PCRE2, the library Julia's Regex uses
 * (base/regex.jl, base/pcre.jl): r"..."flags, Regex(pattern[, flags]), occursin, match,
 * eachmatch, startswith, endswith, split, findfirst, findnext, the fields of a Regex and a
 * RegexMatch, m[i].
 *
 * Patterns are compiled with Julia's default options (UTF, MATCH_INVALID_UTF, ALT_BSUX,
 * UCP) plus the flags i m s x (a: ASCII classes, without UCP).  Offsets are byte
 * indices, 1-based, as Julia's.  PCRE2's own limits (its match limit and heap limit)
 * bound a pathological pattern; reaching one is Julia's "PCRE.exec error".
 *
 * Differences from Julia, documented in the README: match texts are String (Julia:
 * SubString{String}), eachmatch gives a Vector{RegexMatch} (Julia: an iterator), split
 * gives a Vector{String}. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "lib/regex.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "range.h"
#include "regex_obj.h"
#include "types.h"

/* ---- objects ---- */

static void regex_free(obj *o)
{
    jc_regex *r = (jc_regex *)o;
    val_release(r->pattern);
    val_release(r->names);
    pcre2_code_free((pcre2_code *)r->code);
    free(r);
}

static void match_free(obj *o)
{
    jc_regexmatch *m = (jc_regexmatch *)o;
    val_release(m->match);
    val_release(m->captures);
    val_release(m->offsets);
    val_release(m->regex);
    free(m);
}

static void install_kinds(void)
{
    val_kind_set_free(T_REGEX, regex_free);
    val_kind_set_free(T_REGEXMATCH, match_free);
}

int regex_flags(jc_ctx *ctx, const char *s, size_t n, unsigned *flags, const ast *site)
{
    *flags = 0;
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case 'i': *flags |= RX_I; break;
        case 'm': *flags |= RX_M; break;
        case 's': *flags |= RX_S; break;
        case 'x': *flags |= RX_X; break;
        case 'a': *flags |= RX_A; break;
        default: {
            uint32_t cp = (unsigned char)s[i];
            utf8_decode(s + i, n - i, &cp);
            sb c = { 0 };
            sb_pututf8(&c, cp);
            int r = err_throw(ctx, ERR_ARGUMENT, site, "unknown regex flag: %s", sb_str(&c));
            sb_free(&c);
            return r;
        }
        }
    }
    return 0;
}

int regex_new(jc_ctx *ctx, const char *pat, size_t n, unsigned flags, const ast *site,
              value *out)
{
    install_kinds();
    uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_ALT_BSUX;
    if (!(flags & RX_A))
        opts |= PCRE2_UCP;
    if (flags & RX_I) opts |= PCRE2_CASELESS;
    if (flags & RX_M) opts |= PCRE2_MULTILINE;
    if (flags & RX_S) opts |= PCRE2_DOTALL;
    if (flags & RX_X) opts |= PCRE2_EXTENDED;
    int errcode;
    PCRE2_SIZE erroff;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pat, n, opts, &errcode, &erroff, NULL);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(errcode, msg, sizeof msg);
        return err_throw(ctx, ERR_ERROR, site, "PCRE compilation error: %s at offset %zu",
                         (const char *)msg, (size_t)erroff);
    }
    jc_regex *r = obj_new(T_REGEX, sizeof *r);
    r->pattern = v_string(pat, n);
    r->flags = flags;
    r->code = code;
    uint32_t ncap = 0, nnames = 0, esize = 0;
    PCRE2_SPTR table = NULL;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &ncap);
    pcre2_pattern_info(code, PCRE2_INFO_NAMECOUNT, &nnames);
    pcre2_pattern_info(code, PCRE2_INFO_NAMEENTRYSIZE, &esize);
    pcre2_pattern_info(code, PCRE2_INFO_NAMETABLE, &table);
    r->ncaptures = (int)ncap;
    r->names = v_tuple_new(ncap);
    for (uint32_t i = 0; i < nnames && table; i++) {
        const unsigned char *e = table + (size_t)i * esize;
        unsigned g = ((unsigned)e[0] << 8) | e[1];
        if (g >= 1 && g <= ncap) {
            const char *nm = (const char *)e + 2;
            val_release(val_tuple(r->names)->v[g - 1]);
            val_tuple(r->names)->v[g - 1] = v_string(nm, strlen(nm));
        }
    }
    *out = v_obj(T_REGEX, 0, &r->h);
    return 0;
}

/* ---- matching ---- */

/* Runs r on s from byte offset off (0-based) with PCRE2 options; 1 with the match data
 * filled, 0 for no match, -1 with an error. */
static int run(jc_ctx *ctx, const jc_regex *r, const jc_string *s, size_t off, uint32_t opts,
               pcre2_match_data *md, const ast *site)
{
    if (off > s->len)
        return 0;
    int rc = pcre2_match((const pcre2_code *)r->code, (PCRE2_SPTR)s->s, s->len, off, opts, md,
                         NULL);
    if (rc == PCRE2_ERROR_NOMATCH)
        return 0;
    if (rc < 0) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(rc, msg, sizeof msg);
        return err_throw(ctx, ERR_ERROR, site, "PCRE.exec error: %s", (const char *)msg);
    }
    return 1;
}

static value union_nothing_string(void)
{
    jc_typeobj *u = type_new(TA_ANY);
    u->flags = ARR_TYPEF_UNION;
    u->nelts = 2;
    u->elts = xcalloc(2, sizeof *u->elts);
    u->elts[0] = type_new(T_NOTHING);
    u->elts[1] = type_new(T_STRING);
    return v_obj(T_TYPE, 0, &u->h);
}

/* The RegexMatch of the match data just found. */
static value make_match(jc_ctx *ctx, value rv, const jc_string *s, pcre2_match_data *md)
{
    const jc_regex *r = val_regex(rv);
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    jc_regexmatch *m = obj_new(T_REGEXMATCH, sizeof *m);
    m->match = v_string(s->s + ov[0], ov[1] - ov[0]);
    m->offset = (int64_t)ov[0] + 1;
    m->regex = val_retain(rv);
    int64_t n = r->ncaptures, dims[1] = { n };
    value ut = union_nothing_string();
    m->captures = array_new(ctx, val_typeobj(ut), 1, dims);
    val_release(ut);
    jc_typeobj *it = type_new(T_INT64);
    m->offsets = array_new(ctx, it, 1, dims);
    type_release(it);
    uint32_t pairs = pcre2_get_ovector_count(md);
    for (int64_t i = 0; i < n; i++) {
        size_t a = (size_t)i + 1 < pairs ? ov[2 * (i + 1)] : PCRE2_UNSET;
        size_t b = (size_t)i + 1 < pairs ? ov[2 * (i + 1) + 1] : PCRE2_UNSET;
        value c = a == PCRE2_UNSET ? v_nothing() : v_string(s->s + a, b - a);
        array_set(ctx, m->captures, i, c, NULL);
        val_release(c);
        array_set(ctx, m->offsets, i, v_int(a == PCRE2_UNSET ? 0 : (int64_t)a + 1), NULL);
    }
    return v_obj(T_REGEXMATCH, 0, &m->h);
}

/* ---- builtins ---- */

static int is_regex(value v) { return v.type == T_REGEX; }

static int bi_regex(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_STRING || (a->n > 1 && a->v[1].type != T_STRING))
        return lib_no_method(ctx, "Regex", a);   /* the type's name, not its rows' */
    unsigned flags = 0;
    if (a->n > 1 && regex_flags(ctx, val_string(a->v[1])->s, val_string(a->v[1])->len, &flags,
                                a->site) < 0)
        return -1;
    return regex_new(ctx, val_string(a->v[0])->s, val_string(a->v[0])->len, flags, a->site, out);
}

/* An integer keyword or argument as a byte offset. */
static int offset_arg(jc_ctx *ctx, const value *v, int64_t dflt, int64_t *out)
{
    *out = dflt;
    return v ? num_to_int64(ctx, *v, out) : 0;
}

static int bi_occursin(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!is_regex(a->v[0]) || a->v[1].type != T_STRING)
        return LIB_DECLINE;
    int64_t off;
    if (offset_arg(ctx, lib_kwarg(ctx, a, "offset"), 0, &off) < 0)
        return -1;
    const jc_regex *r = val_regex(a->v[0]);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(r->code, NULL);
    int rc = off < 0 ? 0 : run(ctx, r, val_string(a->v[1]), (size_t)off, 0, md, a->site);
    pcre2_match_data_free(md);
    if (rc < 0)
        return -1;
    *out = v_bool(rc);
    return 0;
}

static int bi_match(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!is_regex(a->v[0]) || a->v[1].type != T_STRING)
        return LIB_DECLINE;
    const jc_string *s = val_string(a->v[1]);
    int64_t idx = 1;
    if (a->n > 2 && num_to_int64(ctx, a->v[2], &idx) < 0)
        return -1;
    if (idx < 1 || idx > (int64_t)s->len + 1)
        return err_throw(ctx, ERR_BOUNDS, a->site, "attempt to access %zu-codeunit String at index [%lld]",
                         s->len, (long long)idx);
    const jc_regex *r = val_regex(a->v[0]);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(r->code, NULL);
    int rc = run(ctx, r, s, (size_t)idx - 1, 0, md, a->site);
    if (rc > 0)
        *out = make_match(ctx, a->v[0], s, md);
    else if (rc == 0)
        *out = v_nothing();
    pcre2_match_data_free(md);
    return rc < 0 ? -1 : 0;
}

static size_t next_index(const jc_string *s, size_t i)  /* 0-based, past one character */
{
    if (i >= s->len)
        return i + 1;
    uint32_t cp;
    int k = utf8_decode(s->s + i, s->len - i, &cp);
    return i + (size_t)(k > 0 ? k : 1);
}

/* eachmatch(r, s; overlap=false): base/regex.jl's iterate, collected. */
static int bi_eachmatch(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!is_regex(a->v[0]) || a->v[1].type != T_STRING)
        return LIB_DECLINE;
    const value *ov = lib_kwarg(ctx, a, "overlap");
    int overlap = ov && ov->type == T_BOOL && ov->u.i;
    const jc_string *s = val_string(a->v[1]);
    const jc_regex *r = val_regex(a->v[0]);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(r->code, NULL);
    value *ms = NULL;
    int64_t n = 0, cap = 0;
    size_t off = 0;
    int prevempty = 0, rc = 0;
    for (;;) {
        if (ctx_poll(ctx) < 0) {
            rc = -1;
            break;
        }
        rc = run(ctx, r, s, off, prevempty ? PCRE2_ANCHORED | PCRE2_NOTEMPTY_ATSTART : 0, md,
                 a->site);
        if (rc < 0)
            break;
        if (rc == 0) {
            if (prevempty && off < s->len) {
                off = next_index(s, off);
                prevempty = 0;
                continue;
            }
            rc = 0;
            break;
        }
        PCRE2_SIZE *o = pcre2_get_ovector_pointer(md);
        if (n == cap) {
            cap = cap ? 2 * cap : 8;
            if (array_check_len(ctx, (double)cap) < 0) {
                rc = -1;
                break;
            }
            ms = xrealloc(ms, (size_t)cap * sizeof *ms);
        }
        ms[n++] = make_match(ctx, a->v[0], s, md);
        int empty = o[1] == o[0];
        if (overlap)
            off = empty ? o[0] : next_index(s, o[0]);
        else
            off = o[1];
        prevempty = empty;
    }
    pcre2_match_data_free(md);
    if (rc < 0) {
        for (int64_t i = 0; i < n; i++)
            val_release(ms[i]);
        free(ms);
        return -1;
    }
    int64_t dims[1] = { n };
    jc_typeobj *et = type_new(T_REGEXMATCH);
    *out = array_new(ctx, et, 1, dims);
    type_release(et);
    for (int64_t i = 0; i < n; i++) {
        array_set(ctx, *out, i, ms[i], a->site);
        val_release(ms[i]);
    }
    free(ms);
    return 0;
}

/* r1 == r2: the same pattern and flags (base/regex.jl) */
static int bi_equal(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (!is_regex(a->v[0]) || !is_regex(a->v[1]))
        return LIB_DECLINE;
    const jc_regex *x = val_regex(a->v[0]), *y = val_regex(a->v[1]);
    const jc_string *p = val_string(x->pattern), *q = val_string(y->pattern);
    *out = v_bool(x->flags == y->flags && p->len == q->len && memcmp(p->s, q->s, p->len) == 0);
    return 0;
}

/* count(r, s; overlap=false): how many matches eachmatch finds. */
static int bi_count(jc_ctx *ctx, value *out, const jc_args *a)
{
    value v;
    int r = bi_eachmatch(ctx, &v, a);
    if (r != 0)
        return r;
    *out = v_int(val_array(v)->len);
    val_release(v);
    return 0;
}

/* startswith(s, r) / endswith(s, r): an anchored match at the start or the end. */
static int bi_anchored(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_STRING || !is_regex(a->v[1]))
        return LIB_DECLINE;
    const jc_regex *r = val_regex(a->v[1]);
    uint32_t opt = a->data ? PCRE2_ENDANCHORED : PCRE2_ANCHORED;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(r->code, NULL);
    int rc = run(ctx, r, val_string(a->v[0]), 0, opt, md, a->site);
    pcre2_match_data_free(md);
    if (rc < 0)
        return -1;
    *out = v_bool(rc);
    return 0;
}

/* The next match of a Regex for lib_split: its bytes [*j, *k). */
typedef struct regex_finder {
    const jc_regex *r;
    pcre2_match_data *md;
    const ast *site;
} regex_finder;

static int regex_find(jc_ctx *ctx, void *data, const jc_string *s, size_t from, size_t *j, size_t *k)
{
    regex_finder *f = data;
    int rc = run(ctx, f->r, s, from, 0, f->md, f->site);
    if (rc <= 0)
        return rc;
    PCRE2_SIZE *o = pcre2_get_ovector_pointer(f->md);
    *j = o[0];
    *k = o[1];
    return 1;
}

/* split(s, r::Regex; limit, keepempty): lib_split's loop over the matches. */
static int bi_split(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_STRING || !is_regex(a->v[1]))
        return LIB_DECLINE;
    regex_finder f = { val_regex(a->v[1]), NULL, a->site };
    f.md = pcre2_match_data_create_from_pattern(f.r->code, NULL);
    int r = lib_split(ctx, a, 1, regex_find, &f, out);
    pcre2_match_data_free(f.md);
    return r;
}

/* findfirst(r, s) / findnext(r, s, i): the byte range of the first match (from i), an
 * empty match at j being j:j-1; nothing when there is none. */
static int bi_findnext(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!is_regex(a->v[0]) || a->v[1].type != T_STRING)
        return LIB_DECLINE;
    const jc_string *s = val_string(a->v[1]);
    int64_t i = 1;
    if (a->n > 2 && num_to_int64(ctx, a->v[2], &i) < 0)
        return -1;
    if (i < 1 || i > (int64_t)s->len + 1)
        return err_throw(ctx, ERR_BOUNDS, a->site, "attempt to access %zu-codeunit String at index [%lld]",
                         s->len, (long long)i);
    const jc_regex *r = val_regex(a->v[0]);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(r->code, NULL);
    int rc = run(ctx, r, s, (size_t)i - 1, 0, md, a->site);
    if (rc > 0) {
        PCRE2_SIZE *o = pcre2_get_ovector_pointer(md);
        value ends[2] = { v_int((int64_t)o[0] + 1), v_int((int64_t)o[1]) };
        rc = range_colon(ctx, out, 2, ends, a->site) < 0 ? -1 : 1;
    } else if (rc == 0) {
        *out = v_nothing();
    }
    pcre2_match_data_free(md);
    return rc < 0 ? -1 : 0;
}

/* m[i], m[:name], m["name"]: a capture */
static int bi_getindex(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_REGEXMATCH)
        return LIB_DECLINE;
    const jc_regexmatch *m = val_regexmatch(a->v[0]);
    const jc_regex *r = val_regex(m->regex);
    value k = a->v[1];
    int64_t idx = -1;
    if (k.type == T_STRING || k.type == T_SYMBOL) {
        const char *nm = k.type == T_STRING ? val_string(k)->s : sym_name(ctx, (int)k.u.i);
        for (int i = 0; i < r->ncaptures; i++) {
            value n = val_tuple(r->names)->v[i];
            if (n.type == T_STRING && strcmp(val_string(n)->s, nm) == 0)
                idx = i + 1;
        }
        if (idx < 0)
            return err_throw(ctx, ERR_ERROR, a->site, "no capture group named %s", nm);
    } else if (num_to_int64(ctx, k, &idx) < 0) {
        return -1;
    }
    if (idx < 1 || idx > r->ncaptures)
        return err_throw(ctx, ERR_BOUNDS, a->site,
                         "attempt to access %d-element Vector{Union{Nothing, String}} at index [%lld]",
                         r->ncaptures, (long long)idx);
    return array_coll_elem(ctx, m->captures, idx - 1, out);
}

int regex_getfield(jc_ctx *ctx, value *out, value x, const char *name, const ast *site)
{
    (void)site;
    if (x.type == T_REGEX) {
        if (strcmp(name, "pattern") == 0) {
            *out = val_retain(val_regex(x)->pattern);
            return 0;
        }
        return 1;
    }
    const jc_regexmatch *m = val_regexmatch(x);
    if (strcmp(name, "match") == 0)
        *out = val_retain(m->match);
    else if (strcmp(name, "captures") == 0)
        *out = val_retain(m->captures);
    else if (strcmp(name, "offset") == 0)
        *out = v_int(m->offset);
    else if (strcmp(name, "offsets") == 0)
        *out = val_retain(m->offsets);
    else if (strcmp(name, "regex") == 0)
        *out = val_retain(m->regex);
    else
        return 1;
    (void)ctx;
    return 0;
}

const builtin lib_regex[] = {
    { "Regex", 1, 2, bi_regex, LIB_HELP("Regex(pattern[, flags])", "A regular expression (PCRE2, as Julia): flags i m s x a, as in r\"...\"flags."), NULL },
    { "occursin", 2, 2, bi_occursin, LIB_HELP("occursin(r::Regex, s; offset = 0)", "Whether the regular expression r matches somewhere in s."), "offset" },
    { "match", 2, 3, bi_match, LIB_HELP("match(r::Regex, s[, idx])", "The first match of r in s (from byte index idx) as a RegexMatch, or nothing:\n  m.match, m.captures, m.offset, m.offsets, m[i]."), NULL },
    { "eachmatch", 2, 2, bi_eachmatch, LIB_HELP("eachmatch(r::Regex, s; overlap = false)", "Every match of r in s, as a vector of RegexMatch."), "overlap" },
    { "==", 2, 2, bi_equal, NULL, NULL },
    { "isequal", 2, 2, bi_equal, NULL, NULL },
    { "count", 2, 2, bi_count, LIB_HELP("count(r::Regex, s; overlap = false)", "The number of matches of r in s."), "overlap" },
    { "startswith", 2, 2, bi_anchored, LIB_HELP("startswith(s, r::Regex)", "Whether r matches at the start of s."), NULL },
    { "endswith", 2, 2, bi_anchored, LIB_HELP("endswith(s, r::Regex)", "Whether r matches at the end of s."), NULL, "end" },
    { "split", 2, 2, bi_split, LIB_HELP("split(s, r::Regex; limit = 0, keepempty = true)", "The pieces of s between the matches of r."), "limit keepempty" },
    { "findfirst", 2, 2, bi_findnext, LIB_HELP("findfirst(r::Regex, s)", "The byte range of the first match of r in s, or nothing."), NULL },
    { "findnext", 3, 3, bi_findnext, LIB_HELP("findnext(r::Regex, s, i)", "The byte range of the first match of r in s at or after byte index i, or nothing."), NULL },
    { "getindex", 2, 2, bi_getindex, NULL, NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
