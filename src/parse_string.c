/* parse_string.c — string and character literals: escapes, interpolation ($x, $(...)),
 * triple-quoted strings with their indentation removed as Julia removes it.
 *
 * The lexer only marks where a literal opens; the contents are read here byte by byte,
 * and an interpolated $(...) is parsed by re-entering the expression parser at that
 * position (lex_resume).  Errors are ParseErrors positioned on the offending escape or
 * character. */
#include <stdlib.h>
#include <string.h>

#include "ident.h"
#include "macro.h"
#include "parse_impl.h"

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

ast *parse_char(parser *p)
{
    token t = *cur(p);
    bump(p);
    const char *s = p->src;
    size_t i = t.off + 1, end = t.off + t.len;
    if (t.flags & TF_OPEN) {
        if (end >= p->len)
            return parse_fail_incomplete(p, p->len, 0, "unterminated character literal");
        return parse_fail_at(p, t.off, t.len, "unterminated character literal");
    }
    size_t close = end - 1;  /* the closing quote */
    if (close <= i)
        return parse_fail_at(p, t.off, t.len, "empty character literal");
    uint32_t cp;
    size_t next;
    if (s[i] == '\\') {
        sb tmp = { 0 };
        const char *msg = NULL;
        next = escape(s, close, i + 1, &tmp, &msg);
        if (!next) {
            sb_free(&tmp);
            return parse_fail_at(p, i, close - i, msg);
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
                return parse_fail_at(p, t.off, t.len, "invalid UTF-8 sequence");
            }
        }
        sb_free(&tmp);
    } else {
        int k = utf8_decode(s + i, close - i, &cp);
        if (k < 0)
            return parse_fail_at(p, i, 1, "invalid UTF-8 sequence");
        next = i + (size_t)k;
    }
    if (next != close)
        return parse_fail_at(p, t.off, t.len, "character literal contains multiple characters");
    return lit_node(p, v_char(cp), t.off, t.len);
}

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
        /* the closing quotes at the start of their line: that empty line counts (the
         * indentation is 0) */
        if (at_line_start && c == n - 1)
            minind = 0;
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

/* Reads a string literal; the current token is its opening quote(s).  raw: the body of
 * a string macro (name"..."), read as Julia reads it: no escapes and no interpolation,
 * except that backslashes before a quote are halved and an odd one escapes the quote. */
static ast *read_string(parser *p, int raw)
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
            result = parse_fail_incomplete(p, n, 0, "unterminated string literal");
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
        if (c == '\\' && raw) {
            size_t k = 0;
            while (i + k < n && s[i + k] == '\\')
                k++;
            int before_quote = i + k < n && s[i + k] == '"';
            for (size_t j = 0; j < (before_quote ? k / 2 : k); j++)
                sb_putc(chunk, '\\');
            i += k;
            if (before_quote && (k & 1)) {
                sb_putc(chunk, '"');
                i++;
            }
            continue;
        }
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
                result = parse_fail_at(p, i, (e > n ? n : e) - i, msg);
                goto out;
            }
            i = j;
            continue;
        }
        if (c == '$' && !raw) {
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
                        result = parse_fail_at(p, i + 1, e - i - 1, "invalid interpolation syntax");
                    } else {
                        result = parse_fail_expected(p, ")");
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
                NEW_CHUNK(0, parse_id_token(p, &t));
                i = j;
                continue;
            }
            result = parse_fail_at(p, i, 1, "invalid interpolation syntax");
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
                result = parse_fail_at(p, i, 1, "invalid UTF-8 sequence");
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

ast *parse_string(parser *p) { return read_string(p, 0); }

int parse_unescape(const char *s, size_t n, sb *out)
{
    for (size_t i = 0; i < n;) {
        if (s[i] != '\\') {
            sb_putc(out, s[i++]);
            continue;
        }
        const char *msg = NULL;
        size_t j = escape(s, n, i + 1, out, &msg);
        if (!j)
            return -1;
        i = j;
    }
    return 0;
}
ast *parse_raw_string(parser *p) { return read_string(p, 1); }
