/* parse.c — Julia's expression syntax to a syntax tree (sexpr.c prints the tree back as
 * JuliaSyntax's S-expression text).
 *
 * Method: recursive descent over JuliaSyntax's ladder of productions, with the binary
 * levels (=> down to bitshift) folded into one precedence-climbing loop driven by a
 * table indexed by the operator table's classes: each row a precedence and the rule
 * that builds the class's special forms (ternary, range, comparison chain, n-ary +).
 * Special operators are recognised by their op_id, never by spelling.  The levels below bitshift (where, juxtaposition, unary,
 * power, ::, call chain) have rules that are not plain precedence and keep their own
 * functions.  Tokens come from the lexer on demand; whether a newline ends an expression
 * and whether whitespace separates array elements are parser modes (nl_ws, space_sens)
 * saved and restored around brackets and blocks.
 *
 * Errors: the first one is recorded with diag_parse_error and sets p->err; every
 * production returns promptly once it is set, so only the first error is reported.  An
 * error found at the end of the text is JC_INCOMPLETE.  Recursion is bounded by
 * PARSE_MAX_DEPTH, checked on every descent into a nested expression. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "ident.h"
#include "lex.h"
#include "num/literal.h"
#include "parse.h"

/* Deep enough for any real expression, shallow enough for an ASan stack (each level is
 * a handful of frames). */
enum { PARSE_MAX_DEPTH = 1500 };

typedef struct parser {
    jc_ctx *ctx;
    arena *a;
    const char *src;
    size_t len;
    lexer lx;
    token tok;          /* current token (may be a newline not yet skipped) */
    size_t last_end;    /* end of the last consumed token */
    int depth;
    int err;
    jc_status status;
    /* modes */
    int nl_ws;          /* newlines are whitespace (inside parentheses) */
    int space_sens;     /* inside [ ]: whitespace separates elements */
    int in_index;       /* inside a[...]: begin/end are index symbols */
    int no_range;       /* then-branch of ?: : `:` ends the expression */
    int no_where;
    /* node-building stack: starts in stk0, moves to the heap when it outgrows it */
    ast **stk;
    size_t nstk, capstk;
    ast *stk0[64];
    sb tmp;
    int sym_nl;         /* not used for lookups; keeps struct padding explicit */
    /* Symbol caches, direct-mapped (a miss just interns again): an operator row's
     * normalized name, and an identifier's normalized name keyed by its source
     * bytes (an earlier occurrence at [off, off + len); len 0 marks an empty slot). */
    struct { const op_info *op; int sym; } opsym[64];
    struct { size_t off, len; int sym; } idsym[64];
} parser;

typedef struct modes { int nl_ws, space_sens, in_index, no_range, no_where; } modes;

static modes save_modes(parser *p)
{
    modes m = { p->nl_ws, p->space_sens, p->in_index, p->no_range, p->no_where };
    return m;
}

static void restore_modes(parser *p, modes m)
{
    p->nl_ws = m.nl_ws;
    p->space_sens = m.space_sens;
    p->in_index = m.in_index;
    p->no_range = m.no_range;
    p->no_where = m.no_where;
}

/* ---- tokens ---- */

static void fetch(parser *p) { lex_next(&p->lx, &p->tok); }

/* The current token; in nl_ws mode newlines are skipped and the next token is marked as
 * preceded by whitespace. */
static token *cur(parser *p)
{
    while (p->tok.kind == TK_NEWLINE && p->nl_ws) {
        fetch(p);
        p->tok.flags |= TF_WS;
    }
    return &p->tok;
}

static void bump(parser *p)
{
    cur(p);
    p->last_end = p->tok.off + p->tok.len;
    fetch(p);
}

static void skip_newlines(parser *p)
{
    while (p->tok.kind == TK_NEWLINE) {
        fetch(p);
        p->tok.flags |= TF_WS;
    }
}

/* The token after the current one (newlines skipped in nl_ws mode). */
static token peek2(parser *p)
{
    cur(p);
    lexer l = p->lx;
    token t;
    lex_next(&l, &t);
    while (t.kind == TK_NEWLINE && p->nl_ws) {
        lex_next(&l, &t);
        t.flags |= TF_WS;
    }
    return t;
}

/* The token two after the current one. */
static token peek3(parser *p)
{
    cur(p);
    lexer l = p->lx;
    token t;
    lex_next(&l, &t);
    lex_next(&l, &t);
    return t;
}

/* Is t the plain (undotted, unsuffixed) operator with syntactic role id? */
static inline int is_op(const token *t, op_id id)
{
    return t->kind == TK_OP && !(t->flags & (TF_DOTTED | TF_SUFFIXED)) && t->op->id == id;
}

static int is_kw(const token *t, int kw) { return t->kind == TK_KW && t->kw == kw; }

static int is_closing(const token *t)
{
    switch (t->kind) {
    case TK_EOF: case TK_RPAREN: case TK_RBRACK: case TK_RBRACE: case TK_COMMA:
    case TK_SEMI: case TK_NEWLINE:
        return 1;
    case TK_KW:
        return t->kw == KW_END || t->kw == KW_ELSE || t->kw == KW_ELSEIF ||
               t->kw == KW_CATCH || t->kw == KW_FINALLY;
    default:
        return 0;
    }
}

/* ---- errors ---- */

static ast *error_node(parser *p)
{
    return ast_new(p->a, A_ERROR, p->tok.off, 0, 0);
}

static ast *fail_at(parser *p, size_t off, size_t len, const char *msg)
{
    if (!p->err) {
        p->err = 1;
        p->status = off >= p->len ? JC_INCOMPLETE : JC_ERR_PARSE;
        diag_parse_error(p->ctx, p->status == JC_INCOMPLETE ? ERR_INCOMPLETE : ERR_PARSE, off, len, msg);
    }
    return error_node(p);
}

static ast *fail_incomplete(parser *p, size_t off, size_t len, const char *msg)
{
    if (!p->err) {
        p->err = 1;
        p->status = JC_INCOMPLETE;
        diag_parse_error(p->ctx, p->status == JC_INCOMPLETE ? ERR_INCOMPLETE : ERR_PARSE, off, len, msg);
    }
    return error_node(p);
}

/* `unexpected X` for the current token, or premature end of input. */
static ast *fail_unexpected(parser *p)
{
    token *t = cur(p);
    if (t->kind == TK_EOF)
        return fail_at(p, p->len, 0, "premature end of input");
    if (t->kind == TK_ERROR) {
        char msg[160];
        const char *m = lex_error_message((lex_err)t->err);
        if (t->err == LE_UNKNOWN_CHAR || t->err == LE_INVISIBLE_CHAR) {
            uint32_t cp = 0;
            if (utf8_decode(p->src + t->off, p->len - t->off, &cp) < 0)
                cp = 0xFFFD;
            if (t->err == LE_INVISIBLE_CHAR || cp < 0x20 || cp == 0x7F)
                snprintf(msg, sizeof msg, "%s '\\u%x'", m, (unsigned)cp);
            else
                snprintf(msg, sizeof msg, "%s '%.*s'", m, (int)t->len, p->src + t->off);
            m = msg;
        }
        if (t->err == LE_UNTERM_COMMENT)
            return fail_incomplete(p, t->off, t->len, m);
        return fail_at(p, t->off, t->len, m);
    }
    char msg[96];
    if (t->kind == TK_NEWLINE)
        snprintf(msg, sizeof msg, "unexpected newline");
    else
        snprintf(msg, sizeof msg, "unexpected `%.*s`", (int)(t->len > 40 ? 40 : t->len),
                 p->src + t->off);
    return fail_at(p, t->off, t->len, msg);
}

static ast *fail_expected(parser *p, const char *what)
{
    token *t = cur(p);
    char msg[64];
    if (t->kind == TK_ERROR)
        return fail_unexpected(p);
    snprintf(msg, sizeof msg, "Expected `%s`", what);
    if (t->kind == TK_EOF)
        return fail_at(p, p->len, 0, msg);
    return fail_at(p, t->off, t->len, msg);
}

static int enter(parser *p)
{
    if (++p->depth > PARSE_MAX_DEPTH) {
        cur(p);
        fail_at(p, p->tok.off, p->tok.len, "expression too deeply nested");
        return 0;
    }
    return 1;
}

static void leave(parser *p) { p->depth--; }

/* ---- node building ---- */

static void push(parser *p, ast *n)
{
    if (p->nstk == p->capstk) {
        p->capstk *= 2;
        if (p->stk == p->stk0) {
            p->stk = xmalloc(p->capstk * sizeof *p->stk);
            memcpy(p->stk, p->stk0, sizeof p->stk0);
        } else {
            p->stk = xrealloc(p->stk, p->capstk * sizeof *p->stk);
        }
    }
    p->stk[p->nstk++] = n;
}

/* Pops everything above base into a new node spanning [off, p->last_end). */
static ast *finish(parser *p, ast_kind k, size_t base, size_t off)
{
    size_t n = p->nstk - base;
    size_t end = p->last_end > off ? p->last_end : off;
    ast *node = ast_new(p->a, k, off, end - off, (uint32_t)n);
    if (n)
        memcpy(node->kids, p->stk + base, n * sizeof *node->kids);
    p->nstk = base;
    return node;
}

/* A node of n kids spanning [off, p->last_end), kids filled in by the caller (node1..3:
 * the same node finish() would build from a stack of these kids). */
static inline ast *node_n(parser *p, ast_kind k, size_t off, uint32_t n)
{
    size_t end = p->last_end > off ? p->last_end : off;
    return ast_new(p->a, k, off, end - off, n);
}

static ast *node1(parser *p, ast_kind k, size_t off, ast *a)
{
    ast *node = node_n(p, k, off, 1);
    node->kids[0] = a;
    return node;
}

static ast *node2(parser *p, ast_kind k, size_t off, ast *a, ast *b)
{
    ast *node = node_n(p, k, off, 2);
    node->kids[0] = a;
    node->kids[1] = b;
    return node;
}

static ast *node3(parser *p, ast_kind k, size_t off, ast *a, ast *b, ast *c)
{
    ast *node = node_n(p, k, off, 3);
    node->kids[0] = a;
    node->kids[1] = b;
    node->kids[2] = c;
    return node;
}

static int intern(parser *p, const char *s, size_t n) { return sym_intern(p->ctx, s, n); }

static ast *mk_id(parser *p, const char *name, size_t n, size_t off, size_t len)
{
    ast *id = ast_new(p->a, A_ID, off, len, 0);
    id->sym = intern(p, name, n);
    return id;
}

/* An identifier token's node: the name normalized as Julia does.  ASCII names are
 * already normal and are interned straight from the source, others normalized first; a
 * spelling met again takes its symbol from the idsym cache. */
static ast *id_from_token(parser *p, const token *t)
{
    const char *s = p->src + t->off;
    uint32_t h = 2166136261u;
    unsigned high = 0;
    for (size_t j = 0; j < t->len; j++) {
        high |= (unsigned char)s[j];
        h = (h ^ (unsigned char)s[j]) * 16777619u;
    }
    size_t slot = (h ^ (h >> 16)) & 63;
    ast *id = ast_new(p->a, A_ID, t->off, t->len, 0);
    if (p->idsym[slot].len == t->len) {
        const char *c = p->src + p->idsym[slot].off;
        size_t j = 0;
        while (j < t->len && c[j] == s[j])
            j++;
        if (j == t->len) {
            id->sym = p->idsym[slot].sym;
            return id;
        }
    }
    if (!(high & 0x80)) {
        id->sym = intern(p, s, t->len);
    } else {
        p->tmp.len = 0;
        ident_normalize(s, t->len, &p->tmp);
        id->sym = intern(p, p->tmp.s, p->tmp.len);
    }
    p->idsym[slot].off = t->off;
    p->idsym[slot].len = t->len;
    p->idsym[slot].sym = id->sym;
    return id;
}

/* The symbol of an operator row's normalized name (opsym). */
static int op_sym(parser *p, const op_info *op)
{
    size_t slot = ((uintptr_t)op / sizeof *op) & 63;
    if (p->opsym[slot].op != op) {
        p->opsym[slot].op = op;
        p->opsym[slot].sym = intern(p, op->name, strlen(op->name));
    }
    return p->opsym[slot].sym;
}

/* An operator token's name node: normalized spelling plus suffix, without the dot. */
static ast *op_node(parser *p, const token *t)
{
    size_t skip = (t->flags & TF_DOTTED) ? 1 : 0;
    ast *id;
    if (t->flags & TF_SUFFIXED) {
        p->tmp.len = 0;
        sb_puts(&p->tmp, t->op->name);
        size_t sfx = skip + t->op->len;
        sb tmp2 = { 0 };
        ident_normalize(p->src + t->off + sfx, t->len - sfx, &tmp2);
        sb_put(&p->tmp, tmp2.s, tmp2.len);
        sb_free(&tmp2);
        id = mk_id(p, p->tmp.s, p->tmp.len, t->off + skip, t->len - skip);
    } else {
        id = ast_new(p->a, A_ID, t->off + skip, t->len - skip, 0);
        id->sym = op_sym(p, t->op);
    }
    if (t->flags & TF_DOTTED)
        id->flags |= AF_DOTTED;
    return id;
}

/* A call of operator node `op` (infix/prefix/postfix), dotted when the token was. */
static ast *op_call(parser *p, ast *op, unsigned flag, size_t off, ast *a, ast *b)
{
    ast_kind k = (op->flags & AF_DOTTED) ? A_DOTCALL : A_CALL;
    op->flags &= (uint16_t)~AF_DOTTED;
    ast *n = b ? node3(p, k, off, op, a, b) : node2(p, k, off, op, a);
    n->flags |= (uint16_t)flag;
    return n;
}

static ast *synop(parser *p, const char *name, size_t off, unsigned flag, ast *a, ast *b)
{
    ast *n = b ? node2(p, A_SYNOP, off, a, b) : node1(p, A_SYNOP, off, a);
    n->sym = intern(p, name, strlen(name));
    n->flags |= (uint16_t)flag;
    return n;
}

/* ---- literals ---- */

static ast *lit_node(parser *p, value v, size_t off, size_t len)
{
    ast *n = ast_new(p->a, A_LIT, off, len, 0);
    n->lit = v;
    arena_own(p->a, v);
    return n;
}

/* Converts the numeric token t (with a glued sign when sign >= 0: 0 '+', 1 '-') to a
 * literal node spanning [off, t end); num/literal.c gives the value. */
static ast *number_literal(parser *p, const token *t, int sign, size_t off)
{
    _Static_assert(TK_BININT - TK_INT == LIT_BIN && TK_OCTINT - TK_INT == LIT_OCT &&
                       TK_HEXINT - TK_INT == LIT_HEX && TK_FLOAT - TK_INT == LIT_FLOAT64 &&
                       TK_FLOAT32 - TK_INT == LIT_FLOAT32,
                   "numeric tokens are in num_literal_kind's order");
    if (t->kind < TK_INT || t->kind > TK_FLOAT32)
        return fail_unexpected(p);
    value v;
    if (num_literal_value(&v, (num_literal_kind)(t->kind - TK_INT), p->src + t->off, t->len,
                          sign == 1) != 0)
        return fail_at(p, t->off, t->len, "overflow in floating point literal");
    return lit_node(p, v, off, t->off + t->len - off);
}

static int is_number_tok(const token *t)
{
    return t->kind == TK_INT || t->kind == TK_FLOAT || t->kind == TK_FLOAT32 ||
           t->kind == TK_HEXINT || t->kind == TK_BININT || t->kind == TK_OCTINT;
}

static int is_number_node(const ast *n)
{
    while (n->kind == A_PARENS && n->nkids == 1)
        n = n->kids[0];
    return n->kind == A_LIT && n->lit.type != T_BOOL && n->lit.type != T_CHAR;
}

/* Decodes one escape sequence at s[i] (just after the backslash); appends the result to
 * out and returns the new position, or 0 with *msg set on an invalid escape. */
static size_t escape(const char *s, size_t n, size_t i, sb *out, const char **msg)
{
    if (i >= n) {
        *msg = "invalid escape sequence";
        return 0;
    }
    char c = s[i];
    switch (c) {
    case 'n': sb_putc(out, '\n'); return i + 1;
    case 't': sb_putc(out, '\t'); return i + 1;
    case 'r': sb_putc(out, '\r'); return i + 1;
    case 'a': sb_putc(out, '\a'); return i + 1;
    case 'b': sb_putc(out, '\b'); return i + 1;
    case 'f': sb_putc(out, '\f'); return i + 1;
    case 'v': sb_putc(out, '\v'); return i + 1;
    case 'e': sb_putc(out, 27); return i + 1;
    case '\\': case '"': case '\'': case '$': case '`':
        sb_putc(out, c);
        return i + 1;
    case 'x': {
        unsigned v = 0;
        size_t j = i + 1, k = 0;
        for (; k < 2 && j < n; k++, j++) {
            int d = s[j] >= '0' && s[j] <= '9' ? s[j] - '0'
                  : s[j] >= 'a' && s[j] <= 'f' ? s[j] - 'a' + 10
                  : s[j] >= 'A' && s[j] <= 'F' ? s[j] - 'A' + 10 : -1;
            if (d < 0)
                break;
            v = v * 16 + (unsigned)d;
        }
        if (k == 0) {
            *msg = "invalid hex escape sequence";
            return 0;
        }
        sb_putc(out, (char)v);
        return j;
    }
    case 'u': case 'U': {
        uint32_t v = 0;
        size_t j = i + 1, k = 0, maxk = c == 'u' ? 4 : 8;
        for (; k < maxk && j < n; k++, j++) {
            int d = s[j] >= '0' && s[j] <= '9' ? s[j] - '0'
                  : s[j] >= 'a' && s[j] <= 'f' ? s[j] - 'a' + 10
                  : s[j] >= 'A' && s[j] <= 'F' ? s[j] - 'A' + 10 : -1;
            if (d < 0)
                break;
            v = v * 16 + (uint32_t)d;
        }
        if (k == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
            *msg = "invalid unicode escape sequence";
            return 0;
        }
        sb_pututf8(out, v);
        return j;
    }
    default:
        if (c >= '0' && c <= '7') {
            unsigned v = 0;
            size_t j = i, k = 0;
            for (; k < 3 && j < n && s[j] >= '0' && s[j] <= '7'; k++, j++)
                v = v * 8 + (unsigned)(s[j] - '0');
            if (v > 255) {
                *msg = "invalid octal escape sequence";
                return 0;
            }
            sb_putc(out, (char)v);
            return j;
        }
        *msg = "invalid escape sequence";
        return 0;
    }
}

static ast *parse_char(parser *p)
{
    token t = *cur(p);
    bump(p);
    const char *s = p->src;
    size_t i = t.off + 1, end = t.off + t.len;
    if (t.flags & TF_OPEN) {
        if (end >= p->len)
            return fail_incomplete(p, p->len, 0, "unterminated character literal");
        return fail_at(p, t.off, t.len, "unterminated character literal");
    }
    size_t close = end - 1;  /* the closing quote */
    if (close <= i)
        return fail_at(p, t.off, t.len, "empty character literal");
    uint32_t cp;
    size_t next;
    if (s[i] == '\\') {
        sb tmp = { 0 };
        const char *msg = NULL;
        next = escape(s, close, i + 1, &tmp, &msg);
        if (!next) {
            sb_free(&tmp);
            return fail_at(p, i, close - i, msg);
        }
        int k = tmp.len ? utf8_decode(tmp.s, tmp.len, &cp) : -1;
        if (k < 0 || (size_t)k != tmp.len) {
            /* '\xce\xb1' style byte escapes spell one UTF-8 character */
            for (;;) {
                if (next < close && s[next] == '\\') {
                    size_t n2 = escape(s, close, next + 1, &tmp, &msg);
                    if (!n2)
                        break;
                    next = n2;
                    k = utf8_decode(tmp.s, tmp.len, &cp);
                    if (k > 0 && (size_t)k == tmp.len)
                        break;
                } else {
                    break;
                }
            }
            if (k < 0 || (size_t)k != tmp.len) {
                sb_free(&tmp);
                return fail_at(p, t.off, t.len, "invalid UTF-8 sequence");
            }
        }
        sb_free(&tmp);
    } else {
        int k = utf8_decode(s + i, close - i, &cp);
        if (k < 0)
            return fail_at(p, i, 1, "invalid UTF-8 sequence");
        next = i + (size_t)k;
    }
    if (next != close)
        return fail_at(p, t.off, t.len, "character literal contains multiple characters");
    return lit_node(p, v_char(cp), t.off, t.len);
}

static ast *parse_assign(parser *p, int comma_ok);
static ast *parse_binary(parser *p, int minprec);
static ast *parse_unary(parser *p);
static ast *parse_juxt(parser *p);
static ast *parse_factor(parser *p);
static ast *parse_call(parser *p);
static ast *parse_atom(parser *p);
static ast *parse_block(parser *p, int stop_else);
static ast *parse_stmt(parser *p);

/* Removes the common leading whitespace of a triple-quoted string's lines (as Julia
 * does): the chunks are literal pieces; interpolated values are NULL placeholders.  Only
 * the whitespace at the start of each source line counts. */
static void dedent_chunks(sb *chunks, int *is_text, size_t n, int first_nl_dropped)
{
    /* find the minimum indentation over lines that have content */
    size_t minind = (size_t)-1;
    int at_line_start = first_nl_dropped;
    for (size_t c = 0; c < n; c++) {
        if (!is_text[c]) {
            at_line_start = 0;
            continue;
        }
        const char *s = chunks[c].s ? chunks[c].s : "";
        size_t len = chunks[c].len;
        for (size_t i = 0; i < len;) {
            if (at_line_start) {
                size_t j = i;
                while (j < len && (s[j] == ' ' || s[j] == '\t'))
                    j++;
                int last_line = c == n - 1 && j == len;
                if ((j < len && s[j] != '\n') || (j == len && c + 1 < n && !is_text[c + 1]) ||
                    last_line) {
                    if (j - i < minind)
                        minind = j - i;
                }
                at_line_start = 0;
                i = j;
                continue;
            }
            if (s[i] == '\n')
                at_line_start = 1;
            i++;
        }
    }
    if (minind == (size_t)-1 || minind == 0)
        return;
    at_line_start = first_nl_dropped;
    for (size_t c = 0; c < n; c++) {
        if (!is_text[c]) {
            at_line_start = 0;
            continue;
        }
        sb out = { 0 };
        const char *s = chunks[c].s ? chunks[c].s : "";
        size_t len = chunks[c].len;
        for (size_t i = 0; i < len;) {
            if (at_line_start) {
                size_t k = 0;
                while (k < minind && i < len && (s[i] == ' ' || s[i] == '\t')) {
                    i++;
                    k++;
                }
                at_line_start = 0;
                continue;
            }
            if (s[i] == '\n')
                at_line_start = 1;
            sb_putc(&out, s[i]);
            i++;
        }
        sb_free(&chunks[c]);
        chunks[c] = out;
    }
}

/* Reads a string literal; the current token is its opening quote(s). */
static ast *parse_string(parser *p)
{
    token open = *cur(p);
    int triple = open.kind == TK_TDQUOTE;
    const char *s = p->src;
    size_t n = p->len, i = open.off + open.len;
    size_t base = p->nstk;
    /* chunks: text pieces and interpolations, in order */
    sb *text = NULL;
    int *is_text = NULL;
    ast **interp = NULL;
    size_t nch = 0, cap = 0;
    int first_nl_dropped = 0;
    ast *result = NULL;
#define NEW_CHUNK(txt, node) do { \
        if (nch == cap) { \
            cap = cap ? 2 * cap : 8; \
            text = xrealloc(text, cap * sizeof *text); \
            is_text = xrealloc(is_text, cap * sizeof *is_text); \
            interp = xrealloc(interp, cap * sizeof *interp); \
        } \
        memset(&text[nch], 0, sizeof text[nch]); \
        is_text[nch] = (txt); \
        interp[nch] = (node); \
        nch++; \
    } while (0)
    if (triple && i < n && s[i] == '\n') {
        i++;
        first_nl_dropped = 1;
    } else if (triple && i + 1 < n && s[i] == '\r' && s[i + 1] == '\n') {
        i += 2;
        first_nl_dropped = 1;
    }
    for (;;) {
        if (i >= n) {
            result = fail_incomplete(p, n, 0, "unterminated string literal");
            goto out;
        }
        char c = s[i];
        if (c == '"' && (!triple || (i + 2 < n && s[i + 1] == '"' && s[i + 2] == '"'))) {
            i += triple ? 3 : 1;
            break;
        }
        if (nch == 0 || !is_text[nch - 1])
            NEW_CHUNK(1, NULL);
        sb *chunk = &text[nch - 1];
        if (c == '\\') {
            if (i + 1 < n && (s[i + 1] == '\n' || s[i + 1] == '\r')) {
                /* line continuation: drop the newline and the next line's indentation */
                i += 2;
                if (s[i - 1] == '\r' && i < n && s[i] == '\n')
                    i++;
                while (i < n && (s[i] == ' ' || s[i] == '\t'))
                    i++;
                continue;
            }
            const char *msg = NULL;
            size_t j = escape(s, n, i + 1, chunk, &msg);
            if (!j) {
                size_t e = i + 2;
                while (e < n && e < i + 10 && s[e] != '"' && s[e] != '\\' &&
                       ((s[e] >= '0' && s[e] <= '9') || (s[e] >= 'a' && s[e] <= 'z') ||
                        (s[e] >= 'A' && s[e] <= 'Z')))
                    e++;
                if (i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'u' || s[i + 1] == 'U'))
                    e = i + 2 < n ? i + 3 : n;
                result = fail_at(p, i, (e > n ? n : e) - i, msg);
                goto out;
            }
            i = j;
            continue;
        }
        if (c == '$') {
            if (i + 1 < n && s[i + 1] == '(') {
                lex_resume(&p->lx, i + 2, TK_LPAREN);
                fetch(p);
                modes m = save_modes(p);
                p->nl_ws = 1;
                p->space_sens = 0;
                p->in_index = 0;
                p->no_range = 0;
                size_t po = i + 1;
                ast *e = parse_assign(p, 0);
                if (p->err) {
                    restore_modes(p, m);
                    result = e;
                    goto out;
                }
                if (cur(p)->kind != TK_RPAREN) {
                    if (cur(p)->kind == TK_COMMA || cur(p)->kind == TK_SEMI) {
                        /* marks the whole parenthesized group */
                        const char *close = memchr(s + cur(p)->off, ')', n - cur(p)->off);
                        size_t e = close ? (size_t)(close - s) + 1 : n;
                        result = fail_at(p, i + 1, e - i - 1, "invalid interpolation syntax");
                    } else {
                        result = fail_expected(p, ")");
                    }
                    restore_modes(p, m);
                    goto out;
                }
                restore_modes(p, m);
                i = p->tok.off + 1;
                p->last_end = i;
                NEW_CHUNK(0, node1(p, A_PARENS, po, e));
                continue;
            }
            uint32_t cp;
            int k = i + 1 < n ? utf8_decode(s + i + 1, n - i - 1, &cp) : -1;
            if (k > 0 && ident_is_start(cp)) {
                size_t j = i + 1 + (size_t)k;
                while (j < n) {
                    int k2 = utf8_decode(s + j, n - j, &cp);
                    if (k2 < 0 || !ident_is_char(cp))
                        break;
                    j += (size_t)k2;
                }
                token t = { TK_ID, 0, 0, 0, NULL, i + 1, j - i - 1 };
                NEW_CHUNK(0, id_from_token(p, &t));
                i = j;
                continue;
            }
            result = fail_at(p, i, 1, "invalid interpolation syntax");
            goto out;
        }
        if (c == '\r') {  /* CRLF and lone CR are newlines in string contents */
            sb_putc(chunk, '\n');
            i += (i + 1 < n && s[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        if ((unsigned char)c >= 0x80) {
            uint32_t cp;
            int k = utf8_decode(s + i, n - i, &cp);
            if (k < 0) {
                result = fail_at(p, i, 1, "invalid UTF-8 sequence");
                goto out;
            }
            sb_put(chunk, s + i, (size_t)k);
            i += (size_t)k;
            continue;
        }
        sb_putc(chunk, c);
        i++;
    }
    if (triple)
        dedent_chunks(text, is_text, nch, first_nl_dropped);
    for (size_t c = 0; c < nch; c++) {
        if (is_text[c]) {
            if (text[c].len == 0 && nch > 1)
                continue;
            value v = v_string(text[c].s ? text[c].s : "", text[c].len);
            push(p, lit_node(p, v, open.off, 0));
        } else {
            push(p, interp[c]);
        }
    }
    if (p->nstk == base)
        push(p, lit_node(p, v_string("", 0), open.off, 0));
    lex_resume(&p->lx, i, TK_DQUOTE);
    p->last_end = i;
    fetch(p);
    result = finish(p, A_STRING, base, open.off);
    if (triple)
        result->flags |= AF_TRIPLE;
out:
    for (size_t c = 0; c < nch; c++)
        sb_free(&text[c]);
    free(text);
    free(is_text);
    free(interp);
    p->nstk = base;
    return result;
#undef NEW_CHUNK
}

/* ---- brackets ---- */

/* Converts `a = b` inside a call's argument list to A_KW. */
static ast *as_kw(ast *e)
{
    if (e->kind == A_ASSIGN && !(e->flags & AF_DOTTED))
        e->kind = A_KW;
    return e;
}

static ast *parse_generator(parser *p, ast *first, size_t off);

/* Argument list after `(` up to `)` (consumed): pushes the arguments (keyword ones as
 * A_KW, after `;` in A_PARAMETERS nodes).  Returns 1 if a trailing comma was seen, -1 on
 * error.  *ncommas counts the commas at the top level. */
static int parse_args(parser *p, int closer, int kw, int *ncommas, int *nsemis)
{
    modes m = save_modes(p);
    p->nl_ws = 1;
    p->space_sens = 0;
    p->no_range = 0;
    p->no_where = 0;
    if (closer != TK_RBRACK)
        p->in_index = 0;
    int trailing = 0;
    size_t params_base = 0;
    size_t params_off = 0;
    int in_params = 0;
    *ncommas = 0;
    *nsemis = 0;
    for (;;) {
        token *t = cur(p);
        if (t->kind == closer) {
            break;
        }
        if (t->kind == TK_SEMI) {
            if (in_params)
                push(p, finish(p, A_PARAMETERS, params_base, params_off));
            in_params = 1;
            (*nsemis)++;
            params_off = t->off;
            bump(p);
            params_base = p->nstk;
            continue;
        }
        ast *e = parse_assign(p, 0);
        if (p->err)
            goto fail;
        if (is_kw(cur(p), KW_FOR)) {
            e = parse_generator(p, e, e->off);
            if (p->err)
                goto fail;
        }
        push(p, kw ? as_kw(e) : e);
        trailing = 0;
        t = cur(p);
        if (t->kind == TK_COMMA) {
            (*ncommas)++;
            bump(p);
            trailing = 1;
            continue;
        }
        if (t->kind != closer && t->kind != TK_SEMI) {
            fail_expected(p, closer == TK_RPAREN ? ")" : closer == TK_RBRACK ? "]" : "}");
            goto fail;
        }
    }
    if (in_params)
        push(p, finish(p, A_PARAMETERS, params_base, params_off));
    restore_modes(p, m);
    bump(p);  /* the closer */
    return trailing && !in_params;
fail:
    restore_modes(p, m);
    return -1;
}

/* (…) after an expression: a call. */
static ast *parse_call_args(parser *p, ast *callee, ast_kind k)
{
    size_t base = p->nstk;
    push(p, callee);
    bump(p);  /* ( */
    int nc, ns;
    int tr = parse_args(p, TK_RPAREN, 1, &nc, &ns);
    if (tr < 0) {
        p->nstk = base;
        return error_node(p);
    }
    ast *n = finish(p, k, base, callee->off);
    if (tr)
        n->flags |= AF_TRAILCOMMA;
    return n;
}

/* One iteration spec: `x in xs`, `x = xs`, `x ∈ xs`. */
static ast *parse_iter_spec(parser *p)
{
    if (!enter(p))
        return error_node(p);
    size_t off = cur(p)->off;
    ast *var = parse_binary(p, OPC_PIPE_LT);
    ast *r = var;
    if (!p->err) {
        token *t = cur(p);
        if (is_op(t, OP_EQ) || is_op(t, OP_IN) || is_op(t, OP_ELEMENT)) {
            bump(p);
            skip_newlines(p);
            ast *it = parse_binary(p, OPC_PIPE_LT);
            r = p->err ? it : node2(p, A_ITER, off, var, it);
        } else {
            r = fail_unexpected(p);
        }
    }
    leave(p);
    return r;
}

/* `for` clauses after the first expression of a generator; the current token is `for`. */
static ast *parse_generator(parser *p, ast *first, size_t off)
{
    size_t base = p->nstk;
    push(p, first);
    int nclauses = 0;
    while (is_kw(cur(p), KW_FOR)) {
        bump(p);
        size_t cbase = p->nstk, coff = cur(p)->off;
        do {
            if (cur(p)->kind == TK_COMMA)
                bump(p);
            ast *it = parse_iter_spec(p);
            if (p->err) {
                p->nstk = base;
                return it;
            }
            push(p, it);
        } while (cur(p)->kind == TK_COMMA);
        if (is_kw(cur(p), KW_IF)) {
            bump(p);
            ast *cond = parse_binary(p, OPC_ARROW);
            if (p->err) {
                p->nstk = base;
                return cond;
            }
            /* A_FILTER: kids[0] the condition, then the clause's A_ITERs */
            size_t nit = p->nstk - cbase;
            push(p, NULL);
            memmove(p->stk + cbase + 1, p->stk + cbase, nit * sizeof *p->stk);
            p->stk[cbase] = cond;
            push(p, finish(p, A_FILTER, cbase, coff));
        } else {
            push(p, finish(p, A_ITERATION, cbase, coff));
        }
        nclauses++;
    }
    ast *g = finish(p, A_GENERATOR, base, off);
    if (nclauses == 1) {
        /* one clause: the generator holds its A_ITERs (or its A_FILTER) directly */
        ast *c = g->kids[1];
        if (c->kind == A_ITERATION) {
            size_t b2 = p->nstk;
            push(p, first);
            for (uint32_t i = 0; i < c->nkids; i++)
                push(p, c->kids[i]);
            g = finish(p, A_GENERATOR, b2, off);
        }
    }
    return g;
}

/* ( … ) in expression position. */
static ast *parse_paren(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    modes m = save_modes(p);
    p->nl_ws = 1;
    p->space_sens = 0;
    p->no_range = 0;
    p->no_where = 0;
    size_t base = p->nstk;
    ast *r;
    token *t = cur(p);
    if (t->kind == TK_RPAREN) {
        bump(p);
        r = finish(p, A_TUPLE, base, off);
        r->flags |= AF_PARENS;
        goto done;
    }
    int ncommas = 0, nsemis = 0, trailing = 0, splat_first = 0, generator = 0, lead_double = 0;
    size_t first_semi = 0;
    /* collect elements and separators; decide tuple vs block vs parens at the end */
    size_t nelems = 0;
    size_t seg_base = base;      /* start of the current ;-segment */
    size_t *seg_starts = NULL;   /* stack positions where each segment after a ; starts */
    size_t nseg = 0, capseg = 0;
    for (;;) {
        t = cur(p);
        if (t->kind == TK_RPAREN)
            break;
        if (t->kind == TK_SEMI) {
            if (nsemis == 0)
                first_semi = p->nstk;
            if (nsemis == 1 && nelems == 0)
                lead_double = 1;  /* (;;) is an empty block */
            nsemis++;
            if (nseg == capseg) {
                capseg = capseg ? 2 * capseg : 4;
                seg_starts = xrealloc(seg_starts, capseg * sizeof *seg_starts);
            }
            bump(p);
            seg_starts[nseg++] = p->nstk;
            trailing = 0;
            continue;
        }
        ast *e = parse_assign(p, 0);
        if (p->err) {
            r = e;
            free(seg_starts);
            p->nstk = base;
            goto done;
        }
        if (is_kw(cur(p), KW_FOR)) {
            e = parse_generator(p, e, e->off);
            generator = 1;
            if (p->err) {
                r = e;
                free(seg_starts);
                p->nstk = base;
                goto done;
            }
        }
        if (nelems == 0 && e->kind == A_SPLAT)
            splat_first = 1;
        push(p, e);
        nelems++;
        trailing = 0;
        t = cur(p);
        if (t->kind == TK_COMMA) {
            ncommas++;
            trailing = 1;
            bump(p);
            continue;
        }
        if (t->kind != TK_RPAREN && t->kind != TK_SEMI) {
            free(seg_starts);
            p->nstk = base;
            r = fail_expected(p, ")");
            goto done;
        }
    }
    (void)seg_base;
    (void)generator;
    bump(p);  /* ) */
    if (nsemis == 0 && ncommas == 0 && nelems == 1) {
        r = finish(p, A_PARENS, base, off);
    } else if (ncommas > 0 || (nsemis > 0 && !lead_double && (splat_first || first_semi == base ||
                                             (nelems > 0 && p->stk[base]->kind == A_SPLAT)))) {
        /* a tuple; each ;-segment becomes an A_PARAMETERS node (built last to first,
         * each popping its own elements, then pushed back in source order) */
        ast **params = xmalloc((nseg + 1) * sizeof *params);
        for (size_t k = nseg; k-- > 0;)
            params[k] = finish(p, A_PARAMETERS, seg_starts[k], off);
        for (size_t k = 0; k < nseg; k++)
            push(p, params[k]);
        free(params);
        r = finish(p, A_TUPLE, base, off);
        r->flags |= AF_PARENS;
        if (trailing && nsemis == 0)
            r->flags |= AF_TRAILCOMMA;
    } else {
        r = finish(p, A_BLOCK, base, off);
        r->flags |= AF_PARENS;
    }
    free(seg_starts);
done:
    restore_modes(p, m);
    return r;
}

/* Builds the concatenation tree for elements elems[lo, hi) whose separators (after each
 * element) have levels lv[]: 0 = space, k = k semicolons. */
static ast *cat_group(parser *p, ast **el, int *lv, size_t lo, size_t hi, int level)
{
    if (hi - lo == 1)
        return el[lo];
    if (level == 0) {
        size_t base = p->nstk;
        for (size_t i = lo; i < hi; i++)
            push(p, el[i]);
        ast *row = finish(p, A_ROW, base, el[lo]->off);
        row->sym = 0;
        return row;
    }
    int split = 0;
    for (size_t i = lo; i + 1 < hi; i++)
        if (lv[i] == level)
            split = 1;
    if (!split)
        return cat_group(p, el, lv, lo, hi, level - 1);
    size_t base = p->nstk;
    size_t start = lo;
    for (size_t i = lo; i < hi; i++) {
        if (i + 1 == hi || lv[i] == level) {
            push(p, cat_group(p, el, lv, start, i + 1, level - 1));
            start = i + 1;
        }
    }
    ast *row = finish(p, A_ROW, base, el[lo]->off);
    row->sym = level;
    return row;
}

/* [ … ] after `[`; typ is the type of a typed literal (T[…]) or NULL; index is set for
 * a[i] (the result is A_REF when the contents are a plain list). */
static ast *parse_cat(parser *p, ast *typ, size_t off)
{
    bump(p);  /* [ */
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 1;
    p->no_range = 0;
    p->no_where = 0;
    p->in_index = typ != NULL;
    size_t base = p->nstk;
    ast *r = NULL;
    if (typ)
        push(p, typ);
    skip_newlines(p);
    token *t = cur(p);
    if (t->kind == TK_RBRACK) {
        bump(p);
        r = finish(p, typ ? A_REF : A_VECT, base, off);
        goto done;
    }
    if (t->kind == TK_SEMI) {
        int k = 0;
        while (cur(p)->kind == TK_SEMI) {
            k++;
            bump(p);
            skip_newlines(p);
        }
        if (cur(p)->kind != TK_RBRACK) {
            r = fail_expected(p, "]");
            goto done;
        }
        bump(p);
        r = finish(p, typ ? A_TYPED_NCAT : A_NCAT, base, off);
        r->sym = k;
        goto done;
    }
    ast *first = parse_assign(p, 0);
    if (p->err) {
        r = first;
        goto done;
    }
    /* a comprehension */
    {
        lexer save_lx = p->lx;
        token save_tok = p->tok;
        skip_newlines(p);
        int is_for = is_kw(cur(p), KW_FOR);
        if (!is_for) {
            p->lx = save_lx;
            p->tok = save_tok;
        }
        if (is_for) {
            p->nl_ws = 1;
            p->space_sens = 0;
            ast *g = parse_generator(p, first, first->off);
            if (p->err) {
                r = g;
                goto done;
            }
            if (cur(p)->kind != TK_RBRACK) {
                r = fail_expected(p, "]");
                goto done;
            }
            bump(p);
            push(p, g);
            r = finish(p, typ ? A_TYPED_COMPREHENSION : A_COMPREHENSION, base, off);
            goto done;
        }
    }
    /* a comma list: vect (or ref) */
    {
        lexer save_lx = p->lx;
        token save_tok = p->tok;
        skip_newlines(p);
        if (cur(p)->kind == TK_COMMA || cur(p)->kind == TK_RBRACK) {
            p->nl_ws = 1;
            p->space_sens = 0;
            push(p, typ ? as_kw(first) : first);
            int nc = 0, ns = 0, tr = 0;
            if (cur(p)->kind == TK_COMMA) {
                bump(p);
                tr = parse_args(p, TK_RBRACK, typ != NULL, &nc, &ns);
                if (tr < 0) {
                    r = error_node(p);
                    goto done;
                }
                if (nc == 0 && ns == 0 && tr == 0 && p->nstk == base + (typ ? 2 : 1))
                    tr = 1;  /* [x,] */
            } else {
                bump(p);
            }
            r = finish(p, typ ? A_REF : A_VECT, base, off);
            if (tr)
                r->flags |= AF_TRAILCOMMA;
            goto done;
        }
        p->lx = save_lx;
        p->tok = save_tok;
    }
    /* concatenation: elements separated by spaces, newlines and runs of ; */
    {
        ast **el = NULL;
        int *lv = NULL;
        size_t n = 0, cap = 0;
        int maxlv = 0;
        for (;;) {
            if (n == cap) {
                cap = cap ? 2 * cap : 8;
                el = xrealloc(el, cap * sizeof *el);
                lv = xrealloc(lv, cap * sizeof *lv);
            }
            el[n] = first;
            lv[n] = -1;
            n++;
            /* separator */
            int level = -1, saw_nl = 0;
            for (;;) {
                t = cur(p);
                if (t->kind == TK_NEWLINE) {
                    saw_nl = 1;
                    bump(p);
                    continue;
                }
                if (t->kind == TK_SEMI) {
                    int k = 0;
                    size_t last = t->off;
                    while (cur(p)->kind == TK_SEMI && (k == 0 || cur(p)->off == last + 1)) {
                        last = cur(p)->off;
                        k++;
                        bump(p);
                    }
                    if (k > level)
                        level = k;
                    continue;
                }
                break;
            }
            if (t->kind == TK_RBRACK) {
                if (level > maxlv)
                    maxlv = level;
                bump(p);
                break;
            }
            if (level < 0)
                level = saw_nl ? 1 : 0;
            if (level == 0 && !(t->flags & TF_WS)) {
                free(el);
                free(lv);
                r = t->kind == TK_EOF ? fail_expected(p, "]") : fail_expected(p, "]");
                goto done;
            }
            if (t->kind == TK_EOF || t->kind == TK_COMMA || t->kind == TK_RPAREN ||
                t->kind == TK_RBRACE || is_kw(t, KW_FOR)) {
                free(el);
                free(lv);
                r = fail_expected(p, "]");
                goto done;
            }
            lv[n - 1] = level;
            if (level > maxlv)
                maxlv = level;
            first = parse_assign(p, 0);
            if (p->err) {
                free(el);
                free(lv);
                r = first;
                goto done;
            }
        }
        if (maxlv == 0) {
            for (size_t i = 0; i < n; i++)
                push(p, el[i]);
            r = finish(p, typ ? A_TYPED_HCAT : A_HCAT, base, off);
        } else {
            size_t start = 0;
            for (size_t i = 0; i < n; i++) {
                if (i + 1 == n || lv[i] == maxlv) {
                    push(p, cat_group(p, el, lv, start, i + 1, maxlv - 1));
                    start = i + 1;
                }
            }
            if (maxlv == 1) {
                r = finish(p, typ ? A_TYPED_VCAT : A_VCAT, base, off);
            } else {
                r = finish(p, typ ? A_TYPED_NCAT : A_NCAT, base, off);
                r->sym = maxlv;
            }
        }
        free(el);
        free(lv);
    }
done:
    if (p->err)
        p->nstk = base;
    restore_modes(p, m);
    return r;
}

/* ---- keywords ---- */

/* Statements up to `end` (or else/elseif/catch/finally when stop_else); the stop word is
 * not consumed. */
static ast *parse_block(parser *p, int stop_else)
{
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    p->in_index = 0;
    p->no_range = 0;
    p->no_where = 0;
    size_t base = p->nstk, off = cur(p)->off;
    for (;;) {
        token *t = cur(p);
        if (t->kind == TK_NEWLINE || t->kind == TK_SEMI) {
            bump(p);
            continue;
        }
        if (is_kw(t, KW_END) ||
            (stop_else && (is_kw(t, KW_ELSE) || is_kw(t, KW_ELSEIF) || is_kw(t, KW_CATCH) ||
                           is_kw(t, KW_FINALLY))))
            break;
        if (t->kind == TK_EOF) {
            restore_modes(p, m);
            p->nstk = base;
            return fail_at(p, p->len, 0, "premature end of input");
        }
        ast *s = parse_stmt(p);
        if (p->err) {
            restore_modes(p, m);
            p->nstk = base;
            return s;
        }
        push(p, s);
        t = cur(p);
        if (!(t->kind == TK_NEWLINE || t->kind == TK_SEMI || is_kw(t, KW_END) ||
              (stop_else && (is_kw(t, KW_ELSE) || is_kw(t, KW_ELSEIF))) || t->kind == TK_EOF)) {
            restore_modes(p, m);
            p->nstk = base;
            return fail_unexpected(p);
        }
    }
    restore_modes(p, m);
    ast *b = finish(p, A_BLOCK, base, off);
    return b;
}

static ast *expect_end(parser *p, ast *n)
{
    if (p->err)
        return n;
    if (!is_kw(cur(p), KW_END))
        return fail_expected(p, "end");
    bump(p);
    n->len = p->last_end - n->off;
    return n;
}

static ast *parse_if(parser *p, ast_kind k)
{
    size_t off = cur(p)->off;
    bump(p);  /* if / elseif */
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    token *t = cur(p);
    if (t->kind == TK_NEWLINE || is_kw(t, KW_END)) {
        restore_modes(p, m);
        return fail_at(p, t->off, 0, k == A_IF ? "missing condition in `if`"
                                               : "missing condition in `elseif`");
    }
    ast *cond = parse_assign(p, 0);
    restore_modes(p, m);
    if (p->err)
        return cond;
    ast *then = parse_block(p, 1);
    if (p->err)
        return then;
    size_t base = p->nstk;
    push(p, cond);
    push(p, then);
    t = cur(p);
    if (is_kw(t, KW_ELSEIF)) {
        ast *e = parse_if(p, A_ELSEIF);
        if (p->err) {
            p->nstk = base;
            return e;
        }
        push(p, e);
        ast *n = finish(p, k, base, off);
        return k == A_IF ? expect_end(p, n) : n;
    }
    if (is_kw(t, KW_ELSE)) {
        bump(p);
        ast *e = parse_block(p, 0);
        if (p->err) {
            p->nstk = base;
            return e;
        }
        push(p, e);
    }
    if (k == A_ELSEIF)
        return finish(p, k, base, off);  /* the outer if consumes `end` */
    ast *n = finish(p, k, base, off);
    return expect_end(p, n);
}

/* Finishes an elseif chain: only the outermost `if` consumes `end`. */
static ast *parse_if_stmt(parser *p)
{
    size_t off = cur(p)->off;
    ast *n = parse_if(p, A_IF);
    (void)off;
    return n;
}

static ast *parse_for(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    size_t base = p->nstk;
    size_t ioff = cur(p)->off;
    int n = 0;
    for (;;) {
        ast *it = parse_iter_spec(p);
        if (p->err) {
            restore_modes(p, m);
            p->nstk = base;
            return it;
        }
        push(p, it);
        n++;
        if (cur(p)->kind != TK_COMMA)
            break;
        bump(p);
        skip_newlines(p);
    }
    restore_modes(p, m);
    ast *iters = n == 1 ? p->stk[--p->nstk] : finish(p, A_BLOCK, base, ioff);
    ast *body = parse_block(p, 0);
    if (p->err) {
        p->nstk = base;
        return body;
    }
    ast *r = node2(p, A_FOR, off, iters, body);
    return expect_end(p, r);
}

static ast *parse_while(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    ast *cond = parse_assign(p, 0);
    restore_modes(p, m);
    if (p->err)
        return cond;
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    return expect_end(p, node2(p, A_WHILE, off, cond, body));
}

static ast *parse_let(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    size_t base = p->nstk, boff = cur(p)->off;
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 0;
    token *t = cur(p);
    if (!(t->kind == TK_NEWLINE || t->kind == TK_SEMI || is_kw(t, KW_END))) {
        for (;;) {
            ast *b = parse_assign(p, 0);
            if (p->err) {
                restore_modes(p, m);
                p->nstk = base;
                return b;
            }
            push(p, b);
            if (cur(p)->kind != TK_COMMA)
                break;
            bump(p);
            skip_newlines(p);
        }
    }
    restore_modes(p, m);
    ast *binds = finish(p, A_BLOCK, base, boff);
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    return expect_end(p, node2(p, A_LET, off, binds, body));
}

static ast *parse_function(parser *p)
{
    size_t off = cur(p)->off;
    bump(p);
    skip_newlines(p);
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 1;  /* `function f (x)` is not a call */
    p->space_sens = 0;
    ast *sig;
    token *t = cur(p);
    if (t->kind == TK_OP && !(t->flags & TF_DOTTED)) {
        /* an operator being defined: function +(a, b) ... end */
        ast *op = op_node(p, t);
        bump(p);
        sig = op;
        if (cur(p)->kind == TK_LPAREN && !(cur(p)->flags & TF_WS))
            sig = parse_call_args(p, op, A_CALL);
    } else {
        sig = parse_call(p);
    }
    while (!p->err && is_op(cur(p), OP_DECL)) {
        bump(p);
        ast *ty = parse_call(p);
        if (p->err)
            break;
        sig = node2(p, A_TYPED, sig->off, sig, ty);
        sig->flags |= AF_INFIX;
    }
    while (!p->err && is_op(cur(p), OP_WHERE)) {
        bump(p);
        ast *w = parse_binary(p, OPC_COMPARISON);
        if (p->err)
            break;
        sig = node2(p, A_WHERE, sig->off, sig, w);
    }
    restore_modes(p, m);
    if (p->err)
        return sig;
    if (sig->kind == A_PARENS) {  /* function (x) ... end: an anonymous function */
        sig->kind = A_TUPLE;
        sig->flags |= AF_PARENS;
    }
    if (sig->kind == A_ID && (is_kw(cur(p), KW_END) || cur(p)->kind == TK_NEWLINE)) {
        skip_newlines(p);
        if (is_kw(cur(p), KW_END)) {
            bump(p);
            return node1(p, A_FUNCDEF, off, sig);  /* function f end */
        }
    }
    ast *body = parse_block(p, 0);
    if (p->err)
        return body;
    return expect_end(p, node2(p, A_FUNCDEF, off, sig, body));
}

static ast *parse_resword(parser *p)
{
    token t = *cur(p);
    switch (t.kw) {
    case KW_BEGIN: {
        if (p->in_index) {
            bump(p);
            return ast_new(p->a, A_BEGIN_END, t.off, t.len, 0);
        }
        bump(p);
        ast *b = parse_block(p, 0);
        if (p->err)
            return b;
        b->off = t.off;
        return expect_end(p, b);
    }
    case KW_END:
        if (p->in_index) {
            bump(p);
            ast *e = ast_new(p->a, A_BEGIN_END, t.off, t.len, 0);
            e->flags |= AF_END;
            return e;
        }
        return fail_unexpected(p);
    case KW_IF:
        return parse_if_stmt(p);
    case KW_FOR:
        return parse_for(p);
    case KW_WHILE:
        return parse_while(p);
    case KW_LET:
        return parse_let(p);
    case KW_FUNCTION:
        return parse_function(p);
    case KW_TRUE: case KW_FALSE:
        bump(p);
        return lit_node(p, v_bool(t.kw == KW_TRUE), t.off, t.len);
    case KW_RETURN: {
        bump(p);
        token *n = cur(p);
        if (is_closing(n))
            return ast_new(p->a, A_RETURN, t.off, t.len, 0);
        ast *e = parse_assign(p, 1);
        if (p->err)
            return e;
        return node1(p, A_RETURN, t.off, e);
    }
    case KW_BREAK:
        bump(p);
        return ast_new(p->a, A_BREAK, t.off, t.len, 0);
    case KW_CONTINUE:
        bump(p);
        return ast_new(p->a, A_CONTINUE, t.off, t.len, 0);
    case KW_LOCAL: case KW_GLOBAL: case KW_CONST: {
        bump(p);
        ast_kind k = t.kw == KW_LOCAL ? A_LOCAL : t.kw == KW_GLOBAL ? A_GLOBAL : A_CONST;
        size_t base = p->nstk;
        if (k == A_CONST || is_kw(cur(p), KW_CONST) || is_kw(cur(p), KW_LOCAL) ||
            is_kw(cur(p), KW_GLOBAL)) {
            ast *e = parse_assign(p, 1);
            if (p->err)
                return e;
            if (k == A_CONST && e->kind != A_ASSIGN && e->kind != A_LOCAL &&
                e->kind != A_GLOBAL && e->kind != A_FUNCDEF)
                return fail_at(p, t.off, p->last_end - t.off, "expected assignment after `const`");
            push(p, e);
        } else {
            for (;;) {
                ast *e = parse_assign(p, 0);
                if (p->err) {
                    p->nstk = base;
                    return e;
                }
                push(p, e);
                if (cur(p)->kind != TK_COMMA)
                    break;
                bump(p);
            }
        }
        return finish(p, k, base, t.off);
    }
    default: {
        char msg[80];
        snprintf(msg, sizeof msg, "`%.*s` is not supported", (int)t.len, p->src + t.off);
        return fail_at(p, t.off, t.len, msg);
    }
    }
}

/* ---- expressions ---- */

/* The operand levels: atom and call chain. */
static ast *parse_atom(parser *p)
{
    token t = *cur(p);
    switch (t.kind) {
    case TK_ID:
        bump(p);
        return id_from_token(p, &t);
    case TK_INT: case TK_FLOAT: case TK_FLOAT32: case TK_HEXINT: case TK_BININT:
    case TK_OCTINT: {
        bump(p);
        return number_literal(p, &t, -1, t.off);
    }
    case TK_KW:
        return parse_resword(p);
    case TK_LPAREN:
        return parse_paren(p);
    case TK_LBRACK:
        return parse_cat(p, NULL, t.off);
    case TK_LBRACE: {
        bump(p);
        size_t base = p->nstk;
        int nc, ns;
        int tr = parse_args(p, TK_RBRACE, 0, &nc, &ns);
        if (tr < 0) {
            p->nstk = base;
            return error_node(p);
        }
        ast *b = finish(p, A_BRACES, base, t.off);
        if (tr)
            b->flags |= AF_TRAILCOMMA;
        return b;
    }
    case TK_DQUOTE: case TK_TDQUOTE:
        return parse_string(p);
    case TK_CHAR:
        return parse_char(p);
    case TK_OP: {
        const op_info *op = t.op;
        if (op->cls == OPC_COLON && is_op(&t, OP_COLON)) {
            /* :x quotes; a lone : is the colon itself (a[:]) */
            token n = peek2(p);
            bump(p);
            if (!(n.flags & TF_WS) && (n.kind == TK_ID || n.kind == TK_KW || n.kind == TK_OP ||
                                       n.kind == TK_LPAREN || is_number_tok(&n))) {
                ast *q;
                if (n.kind == TK_ID || n.kind == TK_KW) {
                    bump(p);
                    q = id_from_token(p, &n);
                } else if (n.kind == TK_OP) {
                    bump(p);
                    q = op_node(p, &n);
                } else {
                    q = parse_atom(p);
                    if (p->err)
                        return q;
                }
                return node1(p, A_QUOTE, t.off, q);
            }
            return mk_id(p, ":", 1, t.off, t.len);
        }
        /* an operator used as a value: map(+, v), (+), f = * */
        bump(p);
        return op_node(p, &t);
    }
    case TK_AT:
        return fail_at(p, t.off, t.len, "macros are not supported");
    case TK_BACKTICK:
        return fail_at(p, t.off, t.len, "command literals are not supported");
    default:
        return fail_unexpected(p);
    }
}

/* The call chain after a term: f(x), a[i], T{P}, a.b, f.(x), x'. */
static ast *call_chain(parser *p, ast *x)
{
    for (;;) {
        if (p->err)
            return x;
        token *t = cur(p);
        int ws = t->flags & TF_WS;
        switch (t->kind) {
        case TK_LPAREN:
            if (is_number_node(x))
                return x;  /* 2(x): juxtaposition */
            if (ws) {
                if (p->space_sens)
                    return x;
                return x;  /* f (x): the caller reports the extra tokens */
            }
            x = parse_call_args(p, x, A_CALL);
            continue;
        case TK_LBRACK:
            if (ws)
                return x;
            if (x->kind == A_LIT && (x->lit.type == T_STRING))
                return x;
            x = parse_cat(p, x, x->off);
            continue;
        case TK_LBRACE: {
            if (ws)
                return x;
            bump(p);
            size_t base = p->nstk;
            push(p, x);
            int nc, ns;
            int tr = parse_args(p, TK_RBRACE, 0, &nc, &ns);
            if (tr < 0) {
                p->nstk = base;
                return error_node(p);
            }
            x = finish(p, A_CURLY, base, x->off);
            if (tr)
                x->flags |= AF_TRAILCOMMA;
            continue;
        }
        case TK_PRIME: {
            if (ws)
                return x;
            token pt = *t;
            bump(p);
            ast *op = mk_id(p, p->src + pt.off, pt.len, pt.off, pt.len);
            if (pt.flags & TF_SUFFIXED) {
                p->tmp.len = 0;
                ident_normalize(p->src + pt.off, pt.len, &p->tmp);
                op->sym = intern(p, p->tmp.s, p->tmp.len);
            }
            x = node2(p, A_CALL, x->off, op, x);
            x->flags |= AF_POSTFIX;
            continue;
        }
        case TK_OP:
            if (t->op->cls == OPC_DOT && !(t->flags & TF_DOTTED) && t->len == 1) {
                if (ws && p->space_sens)
                    return x;
                token n = peek2(p);
                if (n.kind == TK_LPAREN && !(n.flags & TF_WS)) {
                    bump(p);
                    x = parse_call_args(p, x, A_DOTCALL);
                    continue;
                }
                if (n.kind == TK_ID || n.kind == TK_KW) {
                    if (n.flags & TF_WS)
                        return fail_at(p, n.off, 0, "whitespace is not allowed here");
                    bump(p);
                    bump(p);
                    x = node2(p, A_DOT, x->off, x, id_from_token(p, &n));
                    continue;
                }
                if (n.kind == TK_OP && is_op(&n, OP_COLON)) {
                    bump(p);
                    ast *q = parse_atom(p);
                    if (p->err)
                        return q;
                    x = node2(p, A_DOT, x->off, x, q);
                    continue;
                }
                bump(p);
                return fail_unexpected(p);
            }
            return x;
        default:
            return x;
        }
    }
}

/* parse_call: syntactic prefix operators (::T, $x, &x), then an atom and its chain. */
static ast *parse_call(parser *p)
{
    if (!enter(p))
        return error_node(p);
    token t = *cur(p);
    ast *r;
    if (t.kind == TK_OP && !(t.flags & TF_DOTTED) &&
        (is_op(&t, OP_DECL) || is_op(&t, OP_DOLLAR) || is_op(&t, OP_AMP))) {
        token n = peek2(p);
        if (is_closing(&n) || (n.kind == TK_OP && (n.op->cls == OPC_ASSIGN))) {
            bump(p);
            r = op_node(p, &t);
        } else {
            bump(p);
            ast *e = is_op(&t, OP_DECL) ? parse_call(p) : parse_atom(p);
            if (p->err) {
                leave(p);
                return e;
            }
            if (is_op(&t, OP_DECL)) {
                r = node1(p, A_TYPED, t.off, e);
                r->flags |= AF_PREFIX;
            } else {
                r = synop(p, t.op->name, t.off, AF_PREFIX, e, NULL);
            }
        }
        r = call_chain(p, r);
        leave(p);
        return r;
    }
    r = parse_atom(p);
    if (!p->err && !(r->kind == A_BLOCK && r->flags == 0) && r->kind != A_IF &&
        r->kind != A_FOR && r->kind != A_WHILE && r->kind != A_LET && r->kind != A_FUNCDEF &&
        r->kind != A_RETURN)
        r = call_chain(p, r);
    leave(p);
    return r;
}

/* parse_decl: x::T chains, then x -> body. */
static ast *decl_after(parser *p, ast *x)
{
    while (!p->err && is_op(cur(p), OP_DECL)) {
        bump(p);
        ast *ty = parse_call(p);
        if (p->err)
            return ty;
        x = node2(p, A_TYPED, x->off, x, ty);
        x->flags |= AF_INFIX;
    }
    if (!p->err && is_op(cur(p), OP_LAMBDA)) {
        bump(p);
        skip_newlines(p);
        ast *params = x;
        if (x->kind == A_PARENS) {
            params = node1(p, A_TUPLE, x->off, x->kids[0]);
            params->len = x->len;
            params->flags |= AF_PARENS;
        } else if (x->kind == A_BLOCK && (x->flags & AF_PARENS) && x->nkids > 0) {
            size_t base = p->nstk;
            push(p, x->kids[0]);
            size_t pb = p->nstk;
            for (uint32_t i = 1; i < x->nkids; i++)
                push(p, x->kids[i]);
            push(p, finish(p, A_PARAMETERS, pb, x->kids[x->nkids > 1 ? 1 : 0]->off));
            params = finish(p, A_TUPLE, base, x->off);
            params->flags |= AF_PARENS;
        } else if (!(x->kind == A_TUPLE && (x->flags & AF_PARENS))) {
            params = node1(p, A_TUPLE, x->off, x);
        }
        modes m = save_modes(p);
        p->space_sens = 0;
        ast *body = parse_assign(p, 0);
        restore_modes(p, m);
        if (p->err)
            return body;
        x = node2(p, A_ARROW, x->off, params, body);
    }
    return x;
}

static int is_power(const token *t) { return t->kind == TK_OP && t->op->cls == OPC_POWER; }

/* parse_factor after its first operand: x ^ y (right-associative, the exponent may
 * start with a unary operator and include juxtaposition). */
static ast *factor_after(parser *p, ast *x)
{
    x = decl_after(p, x);
    if (p->err)
        return x;
    token t = *cur(p);
    if (!is_power(&t))
        return x;
    if (p->space_sens && (t.flags & TF_WS)) {
        token n = peek2(p);
        (void)n;
    }
    bump(p);
    skip_newlines(p);
    ast *op = op_node(p, &t);
    if (!enter(p))
        return error_node(p);
    ast *rhs = parse_juxt(p);
    leave(p);
    if (p->err)
        return rhs;
    return op_call(p, op, AF_INFIX, x->off, x, rhs);
}

static ast *parse_factor(parser *p)
{
    ast *x = parse_call(p);
    if (p->err)
        return x;
    return factor_after(p, x);
}

static int is_radical(const token *t)
{
    if (t->kind != TK_OP || (t->flags & (TF_DOTTED | TF_SUFFIXED)))
        return 0;
    return t->op->id >= OP_SQRT && t->op->id <= OP_FOURTHROOT;
}

/* Is the operator usable as a prefix (unary) operator? */
static int unary_ok(const token *t)
{
    return t->kind == TK_OP && (t->op->flags & OPF_UNARY) && !(t->flags & TF_SUFFIXED) &&
           !is_op(t, OP_DECL) && !is_op(t, OP_DOLLAR) && !is_op(t, OP_AMP) && !is_op(t, OP_SUBTYPE) &&
           !is_op(t, OP_SUPERTYPE);
}

/* parse_unary: prefix operators, signed numeric literals, prefix call forms. */
static ast *parse_unary(parser *p)
{
    if (!enter(p))
        return error_node(p);
    token t = *cur(p);
    ast *r;
    if (t.kind != TK_OP || t.op->cls == OPC_WHERE || is_op(&t, OP_IN) || is_op(&t, OP_ISA) ||
        (is_op(&t, OP_COLON)) || is_op(&t, OP_DECL) || is_op(&t, OP_DOLLAR) || is_op(&t, OP_AMP)) {
        r = parse_factor(p);
        leave(p);
        return r;
    }
    token t2 = peek2(p);
    /* a sign glued to a numeric literal */
    if ((is_op(&t, OP_MINUS) || is_op(&t, OP_PLUS)) && !(t2.flags & TF_WS) &&
        (t2.kind == TK_INT || t2.kind == TK_FLOAT || t2.kind == TK_FLOAT32 ||
         (is_op(&t, OP_PLUS) && (t2.kind == TK_HEXINT || t2.kind == TK_BININT ||
                             t2.kind == TK_OCTINT)))) {
        token t3 = peek3(p);
        if (is_power(&t3) || (!(t3.flags & TF_WS) && (t3.kind == TK_LBRACK || t3.kind == TK_LBRACE))) {
            bump(p);
            ast *op = op_node(p, &t);
            ast *e = parse_factor(p);
            r = p->err ? e : op_call(p, op, AF_PREFIX, t.off, e, NULL);
        } else {
            bump(p);
            bump(p);
            ast *lit = number_literal(p, &t2, is_op(&t, OP_MINUS) ? 1 : 0, t.off);
            r = p->err ? lit : factor_after(p, call_chain(p, lit));
        }
        leave(p);
        return r;
    }
    /* an operator standing alone: `+`, `.+`, map(+, x) */
    if (is_closing(&t2) || (t2.kind == TK_OP && is_op(&t2, OP_EQ)) || t2.kind == TK_NEWLINE) {
        bump(p);
        r = op_node(p, &t);
        leave(p);
        return r;
    }
    if (t.op->cls == OPC_ASSIGN && !is_op(&t, OP_TILDE) && !(t.flags & TF_DOTTED)) {
        r = fail_unexpected(p);
        leave(p);
        return r;
    }
    if (is_op(&t, OP_QUESTION) || is_op(&t, OP_ANDAND) || is_op(&t, OP_OROR) || is_op(&t, OP_LAMBDA) ||
        is_op(&t, OP_SPLAT) || (t.op->cls == OPC_DOT && !(t.flags & TF_DOTTED))) {
        r = fail_unexpected(p);
        leave(p);
        return r;
    }
    if (t2.kind == TK_LBRACE && !(t2.flags & TF_WS)) {
        bump(p);
        ast *op = op_node(p, &t);
        r = factor_after(p, call_chain(p, op));
        leave(p);
        return r;
    }
    /* prefix call syntax: +(a, b), *(x); or unary + on a parenthesized operand */
    if (t2.kind == TK_LPAREN && !(t2.flags & TF_WS)) {
        bump(p);
        ast *op = op_node(p, &t);
        if (unary_ok(&t)) {
            ast *group = parse_paren(p);
            if (p->err) {
                leave(p);
                return group;
            }
            int is_call = group->kind == A_TUPLE ||
                          (group->kind == A_PARENS && group->kids[0]->kind == A_SPLAT);
            if (is_call) {
                size_t base = p->nstk;
                if (op->flags & AF_DOTTED) {
                    op->flags &= (uint16_t)~AF_DOTTED;
                    op->flags |= AF_DOTTED;
                }
                push(p, op);
                for (uint32_t i = 0; i < group->nkids; i++)
                    push(p, as_kw(group->kids[i]));
                ast *c = finish(p, A_CALL, base, t.off);
                if (group->flags & AF_TRAILCOMMA)
                    c->flags |= AF_TRAILCOMMA;
                r = factor_after(p, call_chain(p, c));
            } else {
                ast *e = factor_after(p, call_chain(p, group));
                r = p->err ? e : op_call(p, op, AF_PREFIX, t.off, e, NULL);
            }
        } else {
            r = parse_call_args(p, op, A_CALL);
            if (!p->err)
                r = factor_after(p, call_chain(p, r));
        }
        leave(p);
        return r;
    }
    if (unary_ok(&t)) {
        bump(p);
        ast *op = op_node(p, &t);
        ast *e = parse_unary(p);
        r = p->err ? e : op_call(p, op, AF_PREFIX, t.off, e, NULL);
        leave(p);
        return r;
    }
    if (is_op(&t, OP_SUBTYPE) || is_op(&t, OP_SUPERTYPE)) {
        bump(p);
        ast *e = parse_unary(p);
        r = p->err ? e : synop(p, t.op->name, t.off, AF_PREFIX, e, NULL);
        leave(p);
        return r;
    }
    r = fail_at(p, t.off, t.len, "not a unary operator");
    leave(p);
    return r;
}

static int is_block_form(const ast *n)
{
    return (n->kind == A_BLOCK && !(n->flags & AF_PARENS)) || n->kind == A_IF ||
           n->kind == A_FOR || n->kind == A_WHILE || n->kind == A_LET ||
           n->kind == A_FUNCDEF || n->kind == A_SYNOP || n->kind == A_RETURN ||
           (n->kind == A_TYPED && (n->flags & AF_PREFIX));
}

/* Can token t start another factor of an implicit product after prev? */
static int juxtaposable(parser *p, const ast *prev, const token *t)
{
    if (t->flags & TF_WS)
        return 0;
    if (is_closing(t))
        return 0;
    if (is_block_form(prev))
        return 0;
    switch (t->kind) {
    case TK_OP:
        return is_radical(t);
    case TK_KW:
        return t->kw == KW_TRUE || t->kw == KW_FALSE;
    case TK_INT: case TK_FLOAT: case TK_FLOAT32: case TK_HEXINT: case TK_BININT:
    case TK_OCTINT:
        return is_number_node(prev);
    case TK_ID: case TK_LPAREN: case TK_CHAR:
        return 1;
    case TK_DQUOTE: case TK_TDQUOTE:
        return 0;
    case TK_LBRACK:
        return 0;
    default:
        (void)p;
        return 0;
    }
}

/* parse_juxtapose: 2x, 2(x+1), (x+1)y, 2√x. */
static ast *juxt_after(parser *p, ast *x);

static ast *parse_juxt(parser *p)
{
    ast *x = parse_unary(p);
    if (p->err)
        return x;
    return juxt_after(p, x);
}

/* parse_juxt after its first factor x. */
static ast *juxt_after(parser *p, ast *x)
{
    if (!juxtaposable(p, x, cur(p)))
        return x;
    if (x->kind == A_STRING)
        return fail_at(p, cur(p)->off, 0, "cannot juxtapose string literal");
    size_t base = p->nstk;
    push(p, x);
    while (juxtaposable(p, p->stk[p->nstk - 1], cur(p))) {
        ast *f = is_radical(cur(p)) ? parse_unary(p) : parse_factor(p);
        if (p->err) {
            p->nstk = base;
            return f;
        }
        if (f->kind == A_STRING) {
            p->nstk = base;
            return fail_at(p, f->off, 0, "cannot juxtapose string literal");
        }
        push(p, f);
    }
    return finish(p, A_JUXT, base, x->off);
}

/* parse_where: x where T (the parameters may be in braces). */
static ast *where_after(parser *p, ast *x);
static ast *parse_where(parser *p);

/* Does token t, right after a plain operand, leave every level from the call chain up
 * to `where` with nothing to do?  True for the tokens that close an expression and for
 * operators of the binary classes (assignment .. bitshift): none of them continues a
 * call chain (those are DOT), a declaration (DECL, LAMBDA), a power (POWER), an implicit
 * product (juxtaposable() wants radicals, UNARY) or a where-chain (WHERE). */
static inline int operand_ends(const token *t)
{
    switch (t->kind) {
    case TK_EOF: case TK_NEWLINE: case TK_RPAREN: case TK_RBRACK: case TK_RBRACE:
    case TK_COMMA: case TK_SEMI:
        return 1;
    case TK_OP:
        return t->op->cls >= OPC_ASSIGN && t->op->cls <= OPC_BITSHIFT;
    default:
        return 0;
    }
}

/* The operand of a binary operator: parse_where, with a short way for an identifier or
 * a decimal integer.  Such a token's own node is built exactly as parse_atom builds it;
 * when the token after it ends the operand, the levels between (each of which would
 * return its argument unchanged) are skipped; otherwise they run on the node as usual,
 * at the nesting depth they would have had (parse_unary and parse_call each count one
 * level), so even the depth bound's error is unchanged. */
static ast *parse_operand(parser *p)
{
    token *t = cur(p);
    if ((t->kind != TK_ID && t->kind != TK_INT) || p->depth + 2 > PARSE_MAX_DEPTH)
        return parse_where(p);
    token a = *t;
    bump(p);
    ast *x = a.kind == TK_ID ? id_from_token(p, &a) : number_literal(p, &a, -1, a.off);
    if (p->err || operand_ends(cur(p)))
        return x;
    p->depth += 2;
    x = call_chain(p, x);
    p->depth--;
    if (!p->err)
        x = factor_after(p, x);
    p->depth--;
    if (p->err)
        return x;
    x = juxt_after(p, x);
    return where_after(p, x);
}

static ast *parse_where(parser *p)
{
    return where_after(p, parse_juxt(p));
}

/* parse_where after its first operand x. */
static ast *where_after(parser *p, ast *x)
{
    while (!p->err && !p->no_where && is_op(cur(p), OP_WHERE)) {
        bump(p);
        skip_newlines(p);
        modes m = save_modes(p);
        p->no_where = 1;
        ast *w;
        if (cur(p)->kind == TK_LBRACE) {
            w = parse_atom(p);
        } else {
            w = parse_binary(p, OPC_COMPARISON);
        }
        restore_modes(p, m);
        if (p->err)
            return w;
        x = node2(p, A_WHERE, x->off, x, w);
    }
    return x;
}

/* In [ ], `a -b` is two elements: an operator with space before and none after, that
 * could also start an operand, ends the element. */
static int space_separates(parser *p, const token *t)
{
    if (!p->space_sens || !(t->flags & TF_WS) || (t->flags & TF_SUFFIXED))
        return 0;
    token n = peek2(p);
    if (n.flags & TF_WS)
        return 0;
    return (t->op->flags & OPF_UNARY) || is_op(t, OP_COLON) || is_op(t, OP_DOLLAR) || is_op(t, OP_AMP) ||
           (t->flags & TF_DOTTED && (t->op->flags & OPF_UNARY));
}

static int chains_nary(const token *t)
{
    return is_op(t, OP_PLUS) || is_op(t, OP_PLUSPLUS) || is_op(t, OP_STAR);
}

/* ---- the binary levels as a table ----
 *
 * Each operator class that continues a binary expression has a row: its precedence and
 * the rule that builds the node once the left operand is parsed.  A rule is called with
 * t = the current token, the operator, not yet consumed (t points into the parser: copy
 * what is needed before bump).  It returns the new left operand, or NULL when the
 * operator does not continue the expression here (the caller stops, lhs unchanged).  On
 * an error it returns the error node with p->err set. */

typedef ast *(*infix_rule)(parser *p, ast *lhs, const token *t, int prec);

/* The minimum precedence of the right operand: associativity is data (OPF_RIGHT). */
static inline int rhs_min(const token *t, int prec)
{
    return (t->op->flags & OPF_RIGHT) ? prec : prec + 1;
}

/* The operator's name node, then the right operand at precedence min. */
static inline ast *infix_rhs(parser *p, const token *t, int min, ast **opn)
{
    *opn = op_node(p, t);
    bump(p);
    skip_newlines(p);
    return parse_binary(p, min);
}

/* The plain case: a call of the operator (inline: most operators take this path, from
 * the loop itself or from a class rule that found nothing special). */
static inline ast *infix_call(parser *p, ast *lhs, const token *t, int prec)
{
    ast *opn;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    return op_call(p, opn, AF_INFIX, lhs->off, lhs, rhs);
}

/* x... */
static ast *infix_splat(parser *p, ast *lhs, const token *t, int prec)
{
    bump(p);
    return node1(p, A_SPLAT, lhs->off, lhs);
}

/* a ? b : c, with the spaces Julia requires around `?` and `:`. */
static ast *infix_ternary(parser *p, ast *lhs, const token *t, int prec)
{
    if (!(t->flags & TF_WS))
        return fail_at(p, t->off, t->len, "space required before `?` operator");
    size_t qend = t->off + t->len;
    bump(p);
    if (!(cur(p)->flags & TF_WS) && cur(p)->kind != TK_NEWLINE)
        return fail_at(p, qend, 0, "space required after `?` operator");
    skip_newlines(p);
    modes m = save_modes(p);
    p->no_range = 1;
    ast *a = parse_assign(p, 0);
    restore_modes(p, m);
    if (p->err)
        return a;
    token c = *cur(p);
    if (!is_op(&c, OP_COLON))
        return fail_expected(p, ":");
    if (!(c.flags & TF_WS))
        return fail_at(p, c.off, c.len, "space required before `:` in `?` expression");
    bump(p);
    skip_newlines(p);
    ast *b = parse_assign(p, 0);
    if (p->err)
        return b;
    return node3(p, A_TERNARY, lhs->off, lhs, a, b);
}

/* a:b and a:s:b (one call of `:` with three arguments); `..` and the other colon-class
 * operators are plain calls.  In the then-branch of ?: a `:` ends the expression. */
static ast *infix_range(parser *p, ast *lhs, const token *t, int prec)
{
    if (!is_op(t, OP_COLON))
        return infix_call(p, lhs, t, prec);
    if (p->no_range)
        return NULL;
    token colon = *t;
    size_t off = lhs->off;
    bump(p);
    if (cur(p)->kind == TK_NEWLINE)
        return fail_at(p, colon.off, colon.len, "line break after `:` in range expression");
    ast *b = parse_binary(p, OPC_PLUS);
    if (p->err)
        return b;
    ast *opn = op_node(p, &colon);
    if (!is_op(cur(p), OP_COLON) || p->no_range || space_separates(p, cur(p)))
        return op_call(p, opn, AF_INFIX, off, lhs, b);
    bump(p);
    ast *c = parse_binary(p, OPC_PLUS);
    if (p->err)
        return c;
    size_t base = p->nstk;
    push(p, opn);
    push(p, lhs);
    push(p, b);
    push(p, c);
    ast *r = finish(p, A_CALL, base, off);
    r->flags |= AF_INFIX;
    return r;
}

/* a < b <= c is one A_COMPARISON; a <: b and a >: b are special forms. */
static ast *infix_comparison(parser *p, ast *lhs, const token *t, int prec)
{
    int special = is_op(t, OP_SUBTYPE) || is_op(t, OP_SUPERTYPE);
    const char *name = t->op->name;
    size_t off = lhs->off;
    ast *opn;
    ast *rhs = infix_rhs(p, t, OPC_COMPARISON + 1, &opn);
    if (p->err)
        return rhs;
    const token *n = cur(p);
    if (n->kind == TK_OP && n->op->cls == OPC_COMPARISON && !space_separates(p, n)) {
        size_t base = p->nstk;
        push(p, lhs);
        push(p, opn);
        push(p, rhs);
        while (cur(p)->kind == TK_OP && cur(p)->op->cls == OPC_COMPARISON &&
               !space_separates(p, cur(p))) {
            token c = *cur(p);
            bump(p);
            skip_newlines(p);
            push(p, op_node(p, &c));
            ast *e = parse_binary(p, OPC_COMPARISON + 1);
            if (p->err) {
                p->nstk = base;
                return e;
            }
            push(p, e);
        }
        return finish(p, A_COMPARISON, base, off);
    }
    if (special)
        return synop(p, name, off, AF_INFIX, lhs, rhs);
    return op_call(p, opn, AF_INFIX, off, lhs, rhs);
}

/* a || b, a && b: control flow, not calls; the dotted forms are special forms. */
static ast *infix_lazy(parser *p, ast *lhs, const token *t, int prec)
{
    int or = t->op->cls == OPC_OR, dotted = (t->flags & TF_DOTTED) != 0;
    size_t off = lhs->off;
    ast *opn;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    if (dotted)
        return synop(p, or ? ".||" : ".&&", off, AF_INFIX, lhs, rhs);
    return node2(p, or ? A_OR : A_AND, off, lhs, rhs);
}

/* a --> b is a special form; the other arrows are calls. */
static ast *infix_arrow(parser *p, ast *lhs, const token *t, int prec)
{
    if (!is_op(t, OP_LONGARROW))
        return infix_call(p, lhs, t, prec);
    size_t off = lhs->off;
    ast *opn;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    return synop(p, "-->", off, AF_INFIX, lhs, rhs);
}

/* a + b + c (likewise ++ and *) is one n-ary call when the operator repeats undotted. */
static ast *infix_nary(parser *p, ast *lhs, const token *t, int prec)
{
    if (!chains_nary(t))
        return infix_call(p, lhs, t, prec);
    op_id id = (op_id)t->op->id;
    size_t off = lhs->off;
    ast *opn;
    ast *rhs = infix_rhs(p, t, rhs_min(t, prec), &opn);
    if (p->err)
        return rhs;
    if (!is_op(cur(p), id) || space_separates(p, cur(p)))
        return op_call(p, opn, AF_INFIX, off, lhs, rhs);
    size_t base = p->nstk;
    push(p, opn);
    push(p, lhs);
    push(p, rhs);
    while (is_op(cur(p), id) && !space_separates(p, cur(p))) {
        bump(p);
        skip_newlines(p);
        ast *e = parse_binary(p, prec + 1);
        if (p->err) {
            p->nstk = base;
            return e;
        }
        push(p, e);
    }
    ast *r = finish(p, A_CALL, base, off);
    r->flags |= AF_INFIX;
    return r;
}

/* Indexed by op_class; a zero precedence means the class does not continue a binary
 * expression (assignment is parse_assign's, the classes above bitshift are operand
 * levels).  The precedence is the class itself, except for the splat x..., which binds
 * as the colon level (JuliaSyntax parses it at the end of parse_range).  A class
 * without a rule has only plain calls (infix_call). */
static const struct binary_row { unsigned char prec; infix_rule infix; } binary_rows[] = {
    [OPC_PAIR] = {OPC_PAIR, NULL},
    [OPC_COND] = {OPC_COND, infix_ternary},
    [OPC_ARROW] = {OPC_ARROW, infix_arrow},
    [OPC_OR] = {OPC_OR, infix_lazy},
    [OPC_AND] = {OPC_AND, infix_lazy},
    [OPC_COMPARISON] = {OPC_COMPARISON, infix_comparison},
    [OPC_PIPE_LT] = {OPC_PIPE_LT, NULL},
    [OPC_PIPE_GT] = {OPC_PIPE_GT, NULL},
    [OPC_COLON] = {OPC_COLON, infix_range},
    [OPC_PLUS] = {OPC_PLUS, infix_nary},
    [OPC_TIMES] = {OPC_TIMES, infix_nary},
    [OPC_RATIONAL] = {OPC_RATIONAL, NULL},
    [OPC_BITSHIFT] = {OPC_BITSHIFT, NULL},
    [OPC_POSTFIX] = {OPC_COLON, infix_splat},
};

/* The row of an operator token that continues a binary expression, or NULL. */
static inline const struct binary_row *binary_row(const token *t)
{
    if (t->kind != TK_OP || t->op->cls >= sizeof binary_rows / sizeof binary_rows[0])
        return NULL;
    const struct binary_row *r = &binary_rows[t->op->cls];
    if (!r->prec || (t->op->cls == OPC_POSTFIX && t->op->id != OP_SPLAT))
        return NULL;
    return r;
}

/* Precedence climbing over the table: operators binding at least minprec. */
static ast *parse_binary(parser *p, int minprec)
{
    if (!enter(p))
        return error_node(p);
    ast *lhs = parse_operand(p);
    while (!p->err) {
        const token *t = cur(p);
        const struct binary_row *r = binary_row(t);
        if (!r || r->prec < minprec || space_separates(p, t))
            break;
        ast *x = r->infix ? r->infix(p, lhs, t, r->prec) : infix_call(p, lhs, t, r->prec);
        if (!x)
            break;
        lhs = x;
    }
    leave(p);
    return lhs;
}

/* parse_comma: a, b, c (a tuple without parentheses). */
static ast *parse_comma(parser *p)
{
    ast *first = parse_binary(p, OPC_PAIR);
    if (p->err || cur(p)->kind != TK_COMMA)
        return first;
    size_t base = p->nstk;
    push(p, first);
    while (cur(p)->kind == TK_COMMA) {
        bump(p);
        token *t = cur(p);
        if (t->kind == TK_COMMA) {
            p->nstk = base;
            return fail_unexpected(p);
        }
        if (is_closing(t) || (t->kind == TK_OP && t->op->cls == OPC_ASSIGN))
            break;
        ast *e = parse_binary(p, OPC_PAIR);
        if (p->err) {
            p->nstk = base;
            return e;
        }
        push(p, e);
    }
    return finish(p, A_TUPLE, base, first->off);
}

/* Does an assignment to lhs define a function (f(x) = …, a ⥺ b = …)? */
static int is_signature(const ast *lhs)
{
    switch (lhs->kind) {
    case A_CALL:
        return 1;
    case A_WHERE:
        return is_signature(lhs->kids[0]);
    case A_TYPED:
        return (lhs->flags & AF_INFIX) && is_signature(lhs->kids[0]);
    case A_PARENS:
        return lhs->kids[0]->kind == A_WHERE || (lhs->kids[0]->kind == A_TYPED &&
                                                 is_signature(lhs->kids[0]));
    default:
        return 0;
    }
}

/* parse_eq: assignment and updating assignment (right-associative). */
static ast *parse_assign(parser *p, int comma_ok)
{
    if (!enter(p))
        return error_node(p);
    ast *lhs = comma_ok ? parse_comma(p) : parse_binary(p, OPC_PAIR);
    const token *tp = cur(p);
    if (p->err || tp->kind != TK_OP || tp->op->cls != OPC_ASSIGN) {
        leave(p);
        return lhs;
    }
    token t = *tp;
    if (space_separates(p, &t) && is_op(&t, OP_TILDE)) {
        leave(p);
        return lhs;
    }
    bump(p);
    skip_newlines(p);
    ast *rhs = parse_assign(p, comma_ok);
    leave(p);
    if (p->err)
        return rhs;
    size_t off = lhs->off;
    const char *name = t.op->name;
    int id = t.op->id;
    int dotted = (t.flags & TF_DOTTED) != 0;
    if (id == OP_EQ) {
        if (!dotted && is_signature(lhs)) {
            ast *f = node2(p, A_FUNCDEF, off, lhs, rhs);
            f->flags |= AF_SHORT;
            return f;
        }
        ast *a = node2(p, A_ASSIGN, off, lhs, rhs);
        if (dotted)
            a->flags |= AF_DOTTED;
        return a;
    }
    if (id == OP_TILDE)
        return op_call(p, op_node(p, &t), AF_INFIX, off, lhs, rhs);
    if (id >= OP_COLONEQ && id <= OP_DCOLONEQ)  /* := ≔ ≕ ⩴ */
        return synop(p, name, off, AF_INFIX, lhs, rhs);
    /* op= : the operator without its `=` */
    size_t n = strlen(name) - 1;
    ast *op = mk_id(p, name, n, t.off + dotted, t.len - dotted - 1);
    return node3(p, dotted ? A_DOTOPASSIGN : A_OPASSIGN, off, lhs, op, rhs);
}

static ast *parse_stmt(parser *p) { return parse_assign(p, 1); }

/* The source range of junk after a statement: from the end of the statement (so the
 * whitespace before the junk is included, as JuliaSyntax marks it) to the end of the
 * last token before the newline. */
static void junk_range(parser *p, size_t *off, size_t *len)
{
    size_t start = p->last_end, end = cur(p)->off + cur(p)->len;
    lexer l = p->lx;
    token t;
    for (;;) {
        lex_next(&l, &t);
        if (t.kind == TK_NEWLINE || t.kind == TK_EOF || t.kind == TK_SEMI)
            break;
        end = t.off + t.len;
        if (t.kind == TK_DQUOTE || t.kind == TK_TDQUOTE)
            break;
    }
    *off = start;
    *len = end - start;
}

jc_status parse_program(jc_ctx *ctx, arena *a, const char *src, size_t len, ast **out)
{
    parser ps;
    memset(&ps, 0, sizeof ps);
    parser *p = &ps;
    p->ctx = ctx;
    p->a = a;
    p->src = src;
    p->len = len;
    p->status = JC_OK;
    p->stk = p->stk0;
    p->capstk = sizeof p->stk0 / sizeof p->stk0[0];
    lex_init(&p->lx, src, len);
    fetch(p);
    size_t base = 0;
    int trailing_semi = 0;
    for (;;) {
        token *t = cur(p);
        if (t->kind == TK_NEWLINE) {
            bump(p);
            continue;
        }
        if (t->kind == TK_SEMI) {
            trailing_semi = 1;
            bump(p);
            continue;
        }
        if (t->kind == TK_EOF)
            break;
        ast *s = parse_stmt(p);
        if (p->err)
            break;
        push(p, s);
        trailing_semi = 0;
        t = cur(p);
        if (!(t->kind == TK_NEWLINE || t->kind == TK_SEMI || t->kind == TK_EOF)) {
            if (t->kind == TK_ERROR) {
                fail_unexpected(p);
                break;
            }
            size_t off, n;
            junk_range(p, &off, &n);
            fail_at(p, off, n, "extra tokens after end of expression");
            break;
        }
    }
    ast *top = finish(p, A_TOPLEVEL, base, 0);
    top->off = 0;
    top->len = len;
    if (trailing_semi)
        top->flags |= AF_TRAILING_SEMI;
    if (p->stk != p->stk0)
        free(p->stk);
    sb_free(&p->tmp);
    *out = top;
    return p->err ? p->status : JC_OK;
}
