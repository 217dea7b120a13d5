/* lex.c — the tokenizer.
 *
 * Method: one pass over the bytes with an ASCII fast path.  Identifiers are classified
 * with the generated Unicode tables (ident.c); operators are the longest spelling of the
 * generated operator table (optable.c), then `.` for broadcasting and suffix characters
 * are applied as JuliaSyntax's tokenizer does.  Numeric tokens are only delimited and
 * checked for shape here; the parser converts them to values (and reports overflow).
 * Invariant: every call consumes at least one byte unless it returns TK_EOF. */
#include <string.h>

#include "ident.h"
#include "lex.h"
#include "util.h"

/* Reserved words by length: row n holds the words of n letters back to back, and their
 * kinds in the same order (a zero ends the row).  One memcmp per word of the
 * identifier's length decides. */
static const struct { const char *words; uint8_t kw[11]; } keywords[11] = {
    [2] = {"ifdo", {KW_IF, KW_DO}},
    [3] = {"endforlettry", {KW_END, KW_FOR, KW_LET, KW_TRY}},
    [4] = {"elsetrue", {KW_ELSE, KW_TRUE}},
    [5] = {"beginwhilebreaklocalconstfalsecatchquotemacrousing",
           {KW_BEGIN, KW_WHILE, KW_BREAK, KW_LOCAL, KW_CONST, KW_FALSE, KW_CATCH, KW_QUOTE,
            KW_MACRO, KW_USING}},
    [6] = {"elseifreturnglobalstructmoduleimportexport",
           {KW_ELSEIF, KW_RETURN, KW_GLOBAL, KW_STRUCT, KW_MODULE, KW_IMPORT, KW_EXPORT}},
    [7] = {"finally", {KW_FINALLY}},
    [8] = {"functioncontinue", {KW_FUNCTION, KW_CONTINUE}},
    [10] = {"baremodule", {KW_BAREMODULE}},
};

/* The kw_kind of the n-letter word at s, or KW_NONE. */
static int keyword(const char *s, size_t n)
{
    if (n >= sizeof keywords / sizeof keywords[0] || !keywords[n].words)
        return KW_NONE;
    /* inline compares: most identifiers differ from every word in the first byte */
    for (size_t w = 0; keywords[n].kw[w]; w++) {
        const char *k = keywords[n].words + w * n;
        size_t j = 0;
        while (j < n && k[j] == s[j])
            j++;
        if (j == n)
            return keywords[n].kw[w];
    }
    return KW_NONE;
}

static const char *const err_text[] = {
    [LE_NONE] = "",
    [LE_INVALID_NUMERIC] = "invalid numeric constant",
    [LE_HEX_FLOAT_P] = "hex float literal must contain `p` or `P`",
    [LE_AMBIGUOUS_DOT] = "ambiguous `.` syntax; add whitespace to clarify (eg `1.+2` might be `1.0+2` or `1 .+ 2`)",
    [LE_DOT_MULTIPLY] = "numeric constant cannot be implicitly multiplied because it ends with `.`",
    [LE_INVALID_OP] = "invalid operator",
    [LE_STARSTAR] = "use `x^y` instead of `x**y` for exponentiation, and `x...` instead of `**x` for splatting",
    [LE_UNTERM_COMMENT] = "unterminated multi-line comment #= ... =#",
    [LE_INVALID_UTF8] = "invalid UTF-8 sequence",
    [LE_UNKNOWN_CHAR] = "unknown unicode character",
    [LE_INVISIBLE_CHAR] = "invisible character",
    [LE_DOT_PRIME] = "the .' operator for transpose is discontinued",
};

const char *lex_error_message(lex_err e) { return err_text[e]; }

void lex_init(lexer *lx, const char *src, size_t len)
{
    lx->src = src;
    lx->len = len;
    lx->pos = 0;
    lx->prev = TK_NEWLINE;
    lx->prev_kw = KW_NONE;
}

void lex_resume(lexer *lx, size_t pos, tok_kind k)
{
    lx->pos = pos;
    lx->prev = (uint8_t)k;
    lx->prev_kw = KW_NONE;
}

/* Decodes the code point at s[i]; returns its length, or -1 (invalid UTF-8). */
static int decode(const char *s, size_t len, size_t i, uint32_t *cp)
{
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    return utf8_decode(s + i, len - i, cp);
}

static int is_unicode_space(uint32_t cp)
{
    return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
           cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000 ||
           cp == 0xFEFF;
}

size_t lex_skip_space(const char *s, size_t len, size_t pos, int nl, size_t *unterminated)
{
    for (;;) {
        if (pos >= len)
            return pos;
        unsigned char c = (unsigned char)s[pos];
        if (c == ' ' || c == '\t' || c == '\v' || c == '\f' ||
            (c == '\r' && !(pos + 1 < len && s[pos + 1] == '\n') && !nl)) {
            pos++;
        } else if (nl && (c == '\n' || c == '\r')) {
            pos++;
        } else if (c == '#') {
            if (pos + 1 < len && s[pos + 1] == '=') {
                /* nested #= =# comments */
                int depth = 1;
                size_t open = pos;
                pos += 2;
                while (pos < len && depth > 0) {
                    if (s[pos] == '#' && pos + 1 < len && s[pos + 1] == '=') {
                        depth++;
                        pos += 2;
                    } else if (s[pos] == '=' && pos + 1 < len && s[pos + 1] == '#') {
                        depth--;
                        pos += 2;
                    } else {
                        pos++;
                    }
                }
                if (depth > 0) {
                    if (unterminated)
                        *unterminated = open + 1;
                    return len;
                }
            } else {
                while (pos < len && s[pos] != '\n' && s[pos] != '\r')
                    pos++;
            }
        } else if (c >= 0x80) {
            uint32_t cp;
            int k = utf8_decode(s + pos, len - pos, &cp);
            if (k < 0 || !is_unicode_space(cp))
                return pos;
            pos += (size_t)k;
        } else {
            return pos;
        }
    }
}

static int is_dec(int c) { return c >= '0' && c <= '9'; }
static int is_hex(int c) { return is_dec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int is_bin(int c) { return c == '0' || c == '1'; }
static int is_oct(int c) { return c >= '0' && c <= '7'; }

/* Reads digits accepted by f with single `_` separators between digits; returns the
 * new position. */
static size_t accept_digits(const char *s, size_t len, size_t i, int (*f)(int))
{
    while (i < len) {
        if (f((unsigned char)s[i]))
            i++;
        else if (s[i] == '_' && i + 1 < len && f((unsigned char)s[i + 1]))
            i++;
        else
            break;
    }
    return i;
}

/* accept_digits for decimal digits, the common case, without the indirect call. */
static size_t accept_dec(const char *s, size_t len, size_t i)
{
    while (i < len) {
        if ((unsigned)((unsigned char)s[i] - '0') < 10u)
            i++;
        else if (s[i] == '_' && i + 1 < len && (unsigned)((unsigned char)s[i + 1] - '0') < 10u)
            i++;
        else
            break;
    }
    return i;
}

/* Consumes the rest of a malformed numeric token: digits, letters, `_`, `.`. */
static size_t swallow_number(const char *s, size_t len, size_t i)
{
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (is_dec(c) || c == '_' || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            i++;
        else
            break;
    }
    return i;
}

/* The longest operator at s[i..] that has a dotted form (for `.op`). */
static const op_info *longest_dottable(const char *s, size_t len, size_t i)
{
    const op_info *r0 = optable_longest(s + i, len - i);
    if (!r0 || (r0->flags & OPF_DOTTABLE))
        return r0;
    for (size_t k = r0->len - 1; k > 0; k--) {  /* .-> is .- then > */
        const op_info *r = optable_find(s + i, k);
        if (r && (r->flags & OPF_DOTTABLE))
            return r;
    }
    return NULL;
}

/* Is s[i] the start of an operator that may follow `.` (JuliaSyntax's
 * is_dottable_operator_start_char)? */
static int dottable_start(const char *s, size_t len, size_t i)
{
    if (i >= len)
        return 0;
    char c = s[i];
    if (c == '?' || c == '$' || c == ':' || c == '\'')
        return 0;
    return longest_dottable(s, len, i) != NULL;
}

/* Exponent marker at s[i] (e, E or f) followed by an optional sign and a digit?
 * Returns the position after the sign, or 0. */
static size_t exponent_start(const char *s, size_t len, size_t i)
{
    if (i >= len || !(s[i] == 'e' || s[i] == 'E' || s[i] == 'f'))
        return 0;
    size_t j = i + 1;
    if (j < len && (s[j] == '+' || s[j] == '-'))
        j++;
    else if (j + 2 < len && (unsigned char)s[j] == 0xE2 && (unsigned char)s[j + 1] == 0x88 &&
             (unsigned char)s[j + 2] == 0x92)
        j += 3;  /* U+2212 minus sign */
    return j;
}

static void lex_number(lexer *lx, token *t)
{
    const char *s = lx->src;
    size_t len = lx->len, i = lx->pos, start = i;
    t->kind = TK_INT;
    if (s[i] == '0' && i + 1 < len && (s[i + 1] == 'x' || s[i + 1] == 'b' || s[i + 1] == 'o')) {
        char base = s[i + 1];
        int (*f)(int) = base == 'x' ? is_hex : base == 'b' ? is_bin : is_oct;
        i += 2;
        size_t d0 = i;
        i = accept_digits(s, len, i, f);
        int had = i > d0;
        if (base == 'x') {
            int isfloat = 0;
            if (i < len && s[i] == '.' && !(i + 1 < len && s[i + 1] == '.')) {
                i++;
                size_t f0 = i;
                i = accept_digits(s, len, i, is_hex);
                had = had || i > f0;
                isfloat = 1;
            }
            if (!had)
                goto invalid;
            if (i < len && (s[i] == 'p' || s[i] == 'P')) {
                i++;
                if (i < len && (s[i] == '+' || s[i] == '-'))
                    i++;
                size_t e0 = i;
                i = accept_dec(s, len, i);
                if (i == e0)
                    goto invalid;
                t->kind = TK_FLOAT;
            } else if (isfloat) {
                t->kind = TK_ERROR;
                t->err = LE_HEX_FLOAT_P;
                lx->pos = i;
                return;
            } else {
                t->kind = TK_HEXINT;
                if (i < len && s[i] == '_')
                    goto invalid;
            }
        } else {
            if (!had)
                goto invalid;
            if (i < len && (is_dec((unsigned char)s[i]) || s[i] == '_'))
                goto invalid;
            t->kind = base == 'b' ? TK_BININT : TK_OCTINT;
        }
        lx->pos = i;
        return;
    }
    int isfloat = 0;
    if (s[i] != '.')
        i = accept_dec(s, len, i);
    if (i < len && s[i] == '.') {
        if (i + 1 < len && s[i + 1] == '.') {
            /* 1..2: the integer ends before the range operator */
            lx->pos = i;
            return;
        }
        if (dottable_start(s, len, i + 1)) {
            t->kind = TK_ERROR;
            t->err = LE_AMBIGUOUS_DOT;
            lx->pos = i + 1;
            return;
        }
        i++;
        isfloat = 1;
        size_t f0 = i;
        i = accept_dec(s, len, i);
        if (i == f0) {
            /* `1.` followed by an identifier or `(` cannot be a product */
            uint32_t cp = 0;
            size_t ex = exponent_start(s, len, i);
            int expo = ex && ex < len && is_dec((unsigned char)s[ex]);
            if (i < len && !expo) {
                int k = decode(s, len, i, &cp);
                if (k > 0 && (cp == '(' || ident_is_start(cp))) {
                    t->kind = TK_ERROR;
                    t->err = LE_DOT_MULTIPLY;
                    lx->pos = i;
                    return;
                }
            }
        }
        if (i < len && s[i] == '.' && !(i + 1 < len && s[i + 1] == '.')) {
            i++;  /* 1.0.2: the token is invalid up to the second dot */
            goto invalid_here;
        }
    }
    size_t ex = exponent_start(s, len, i);
    if (ex) {
        if (ex < len && is_dec((unsigned char)s[ex])) {
            int f32 = s[i] == 'f';
            i = accept_dec(s, len, ex);
            t->kind = f32 ? TK_FLOAT32 : TK_FLOAT;
            if (i < len && s[i] == '.')
                goto invalid;
            lx->pos = i;
            return;
        }
        if (ex > i + 1) {
            /* 1e+ with no digits */
            i = ex;
            goto invalid_here;
        }
    }
    if (isfloat)
        t->kind = TK_FLOAT;
    lx->pos = i;
    (void)start;
    return;
invalid:
    i = swallow_number(s, len, i);
invalid_here:
    t->kind = TK_ERROR;
    t->err = LE_INVALID_NUMERIC;
    lx->pos = i;
}

/* May `'` after the previous token be the adjoint (rather than open a Char)? */
static int prime_is_adjoint(const lexer *lx, int ws)
{
    if (ws)
        return 0;
    switch (lx->prev) {
    case TK_ID: case TK_INT: case TK_BININT: case TK_OCTINT: case TK_HEXINT: case TK_FLOAT:
    case TK_FLOAT32: case TK_RPAREN: case TK_RBRACK: case TK_RBRACE: case TK_PRIME:
    case TK_CHAR: case TK_DQUOTE:
        return 1;
    case TK_KW:
        return lx->prev_kw == KW_END || lx->prev_kw == KW_TRUE || lx->prev_kw == KW_FALSE;
    case TK_OP:
        return 0;
    default:
        return 0;
    }
}

static size_t skip_suffix(const char *s, size_t len, size_t i, int *any)
{
    for (;;) {
        uint32_t cp;
        if (i >= len || !((unsigned char)s[i] & 0x80))
            return i;
        int k = utf8_decode(s + i, len - i, &cp);
        if (k < 0 || !ident_is_op_suffix(cp))
            return i;
        i += (size_t)k;
        *any = 1;
    }
}

static void lex_op(lexer *lx, token *t, const op_info *op, size_t at, size_t oplen)
{
    const char *s = lx->src;
    size_t len = lx->len;
    size_t i = at + oplen;
    t->kind = TK_OP;
    t->op = op;
    /* -- is invalid unless it is -->; ** is an error with its own message */
    if (op->len == 1 && s[at] == '-' && i < len && s[i] == '-' && !(t->flags & TF_DOTTED)) {
        t->kind = TK_ERROR;
        t->err = LE_INVALID_OP;
        lx->pos = i + 1;
        return;
    }
    if (op->len == 1 && s[at] == '*' && i < len && s[i] == '*') {
        t->kind = TK_ERROR;
        t->err = LE_STARSTAR;
        lx->pos = i + 1;
        return;
    }
    if (op->flags & OPF_SUFFIX) {
        int any = 0;
        i = skip_suffix(s, len, i, &any);
        if (any)
            t->flags |= TF_SUFFIXED;
    }
    lx->pos = i;
}

/* ASCII byte classes, one table lookup instead of a chain of compares.  LC_SPACE: may
 * begin whitespace or a comment (lex_skip_space has the details; any other ASCII byte
 * starts a token right where it stands).  LC_ID_START / LC_ID_CHAR: as ident_is_start /
 * ident_is_char decide for ASCII, except that `!` (an identifier character unless `!=`
 * follows) is left to the caller. */
enum { LC_SPACE = 1, LC_ID_START = 2, LC_ID_CHAR = 4 };

#define LC_LETTER(c) ((((c) | 0x20) >= 'a' && ((c) | 0x20) <= 'z') || (c) == '_')
#define LC_OF(c)                                                                          \
    (((c) == ' ' || (c) == '#' || ((c) >= '\t' && (c) <= '\r' && (c) != '\n') ? LC_SPACE  \
                                                                              : 0) |      \
     (LC_LETTER(c) ? LC_ID_START | LC_ID_CHAR : 0) |                                       \
     ((c) >= '0' && (c) <= '9' ? LC_ID_CHAR : 0))
#define LC_ROW(r) LC_OF(r), LC_OF(r + 1), LC_OF(r + 2), LC_OF(r + 3), LC_OF(r + 4),           \
    LC_OF(r + 5), LC_OF(r + 6), LC_OF(r + 7), LC_OF(r + 8), LC_OF(r + 9), LC_OF(r + 10),     \
    LC_OF(r + 11), LC_OF(r + 12), LC_OF(r + 13), LC_OF(r + 14), LC_OF(r + 15)

static const unsigned char lex_class[128] = {
    LC_ROW(0), LC_ROW(16), LC_ROW(32), LC_ROW(48), LC_ROW(64), LC_ROW(80), LC_ROW(96),
    LC_ROW(112)
};

/* Tokens of one ASCII byte (TK_EOF = 0: not one of them); a table, where a switch
 * would be a tree of compares. */
static const unsigned char lex_single[128] = {
    ['\n'] = TK_NEWLINE, ['('] = TK_LPAREN, [')'] = TK_RPAREN, ['['] = TK_LBRACK,
    [']'] = TK_RBRACK, ['{'] = TK_LBRACE, ['}'] = TK_RBRACE, [','] = TK_COMMA,
    [';'] = TK_SEMI, ['@'] = TK_AT, ['`'] = TK_BACKTICK,
};

/* May the text at s[i] (i < len) begin whitespace or a comment?  Beyond ASCII only the
 * lead bytes of is_unicode_space's code points can: C2 (U+0085, U+00A0), E1 (U+1680),
 * E2 80 / E2 81 (U+2000..U+205F), E3 (U+3000), EF (U+FEFF). */
static inline int maybe_space(const char *s, size_t len, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80)
        return lex_class[c] & LC_SPACE;
    if (c == 0xE2)
        return i + 1 >= len || ((unsigned char)s[i + 1] & 0xFE) == 0x80;
    return c == 0xC2 || c == 0xE1 || c == 0xE3 || c == 0xEF;
}

void lex_next(lexer *lx, token *t)
{
    const char *s = lx->src;
    size_t len = lx->len;
    size_t unterm = 0;
    size_t i = lx->pos;
    while (i < len && s[i] == ' ')  /* the usual single space, without the call */
        i++;
    if (i < len && maybe_space(s, len, i))
        i = lex_skip_space(s, len, i, 0, &unterm);
    t->kind = TK_EOF;
    t->flags = i > lx->pos ? TF_WS : 0;
    t->kw = KW_NONE;
    t->err = LE_NONE;
    t->op = NULL;
    t->off = i;
    t->len = 0;
    if (unterm) {
        size_t p = unterm - 1;  /* the comment runs to the end: report it from its `#=` */
        t->off = p;
        t->kind = TK_ERROR;
        t->err = LE_UNTERM_COMMENT;
        t->len = len - p;
        lx->pos = len;
        lx->prev = TK_ERROR;
        return;
    }
    if (i >= len) {
        t->kind = TK_EOF;
        lx->pos = len;
        return;
    }
    unsigned char c = (unsigned char)s[i];
    lx->pos = i;
    if (c < 0x80 && lex_single[c]) {
        t->kind = lex_single[c];
        lx->pos = i + 1;
        goto done;
    }
    switch (c) {
    case '\r':
        t->kind = TK_NEWLINE;
        lx->pos = i + (i + 1 < len && s[i + 1] == '\n' ? 2 : 1);
        goto done;
    case '"':
        if (i + 2 < len && s[i + 1] == '"' && s[i + 2] == '"') {
            t->kind = TK_TDQUOTE;
            lx->pos = i + 3;
        } else {
            t->kind = TK_DQUOTE;
            lx->pos = i + 1;
        }
        goto done;
    case '\'':
        if (prime_is_adjoint(lx, t->flags & TF_WS)) {
            int any = 0;
            t->kind = TK_PRIME;
            lx->pos = skip_suffix(s, len, i + 1, &any);
            if (any)
                t->flags |= TF_SUFFIXED;
        } else {
            /* a character literal: up to the closing quote, honouring escapes */
            size_t j = i + 1;
            t->kind = TK_CHAR;
            for (;;) {
                if (j >= len) {
                    t->flags |= TF_OPEN;
                    break;
                }
                if (s[j] == '\\') {
                    j += j + 1 < len ? 2 : 1;
                    continue;
                }
                if (s[j] == '\'' && j > i + 1) {
                    j++;
                    break;
                }
                if (s[j] == '\'' ) {  /* '' */
                    j++;
                    break;
                }
                if (s[j] == '\n' && j > i + 1) {
                    t->flags |= TF_OPEN;
                    break;
                }
                j++;
            }
            lx->pos = j;
        }
        goto done;
    default:
        break;
    }
    if (is_dec(c) || (c == '.' && i + 1 < len && is_dec((unsigned char)s[i + 1]))) {
        lex_number(lx, t);
        goto done;
    }
    if (c == '.') {
        if (i + 1 < len && s[i + 1] == '.') {
            const op_info *op = optable_longest(s + i, len - i);  /* .. or ... */
            if (op->len == 2 && dottable_start(s, len, i + 2)) {
                t->kind = TK_ERROR;
                t->err = LE_INVALID_OP;
                lx->pos = i + 3;
                goto done;
            }
            lex_op(lx, t, op, i, op->len);
            goto done;
        }
        if (i + 1 < len && s[i + 1] == '\'') {
            t->kind = TK_ERROR;
            t->err = LE_DOT_PRIME;
            lx->pos = i + 2;
            goto done;
        }
        if (dottable_start(s, len, i + 1)) {
            const op_info *op = longest_dottable(s, len, i + 1);
            t->flags |= TF_DOTTED;
            lex_op(lx, t, op, i, 1 + op->len);
            goto done;
        }
        lex_op(lx, t, optable_find(".", 1), i, 1);
        goto done;
    }
    uint32_t cp;
    int k = decode(s, len, i, &cp);
    if (k < 0) {
        t->kind = TK_ERROR;
        t->err = LE_INVALID_UTF8;
        lx->pos = i + 1;
        goto done;
    }
    if (c < 0x80 ? (lex_class[c] & LC_ID_START) : ident_is_start(cp)) {
        size_t j = i + (size_t)k;
        while (j < len) {
            unsigned char b = (unsigned char)s[j];
            if (b < 0x80) {  /* the same decision as ident_is_char, without the call */
                if ((lex_class[b] & LC_ID_CHAR) ||
                    (b == '!' && !(j + 1 < len && s[j + 1] == '='))) {
                    j++;
                    continue;
                }
                break;
            }
            uint32_t c2;
            int k2 = utf8_decode(s + j, len - j, &c2);
            if (k2 < 0 || !ident_is_char(c2))
                break;
            j += (size_t)k2;
        }
        lx->pos = j;
        size_t n = j - i;
        t->kind = TK_ID;
        if (n >= 2 && n <= 10 && s[i] >= 'a' && s[i] <= 'z') {
            int kw = keyword(s + i, n);
            if (kw != KW_NONE) {
                t->kind = TK_KW;
                t->kw = (uint8_t)kw;
            }
            if (t->kind == TK_ID && ((n == 2 && memcmp(s + i, "in", 2) == 0) ||
                                     (n == 3 && memcmp(s + i, "isa", 3) == 0) ||
                                     (n == 5 && memcmp(s + i, "where", 5) == 0))) {
                t->kind = TK_OP;
                t->op = optable_find(s + i, n);
            }
        }
        goto done;
    }
    const op_info *op = optable_longest(s + i, len - i);
    if (op && !(op->len == 1 && (s[i] == '\''))) {
        lex_op(lx, t, op, i, op->len);
        goto done;
    }
    t->kind = TK_ERROR;
    t->err = (cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) || cp == 0x2060 || cp == 0x2061)
                 ? LE_INVISIBLE_CHAR : LE_UNKNOWN_CHAR;
    lx->pos = i + (size_t)k;
done:
    t->len = lx->pos - t->off;
    lx->prev = t->kind;  /* a newline too: x⏎'a' is a Char, not an adjoint */
    lx->prev_kw = t->kw;
}
