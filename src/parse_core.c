/* parse_core.c — what every part of the parser builds on: recording the first error
 * (with the ParseError's span and message) and the nesting bound.  Nothing here parses an
 * expression; what the other parts re-enter is reached through p->g (parse_impl.h). */
#include "parse_impl.h"

#include "diag.h"
#include "ident.h"

/* ---- errors ---- */

ast *parse_fail_at(parser *p, size_t off, size_t len, const char *msg)
{
    if (!p->err) {
        p->err = 1;
        p->status = off >= p->len ? JC_INCOMPLETE : JC_ERR_PARSE;
        diag_parse_error(p->ctx, p->status == JC_INCOMPLETE ? ERR_INCOMPLETE : ERR_PARSE, off, len, msg);
    }
    return error_node(p);
}

ast *parse_fail_incomplete(parser *p, size_t off, size_t len, const char *msg)
{
    if (!p->err) {
        p->err = 1;
        p->status = JC_INCOMPLETE;
        diag_parse_error(p->ctx, p->status == JC_INCOMPLETE ? ERR_INCOMPLETE : ERR_PARSE, off, len, msg);
    }
    return error_node(p);
}

/* `unexpected X` for the current token, or premature end of input. */
ast *parse_fail_unexpected(parser *p)
{
    token *t = cur(p);
    if (t->kind == TK_EOF)
        return parse_fail_at(p, p->len, 0, "premature end of input");
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
            return parse_fail_incomplete(p, t->off, t->len, m);
        return parse_fail_at(p, t->off, t->len, m);
    }
    char msg[96];
    if (t->kind == TK_NEWLINE)
        snprintf(msg, sizeof msg, "unexpected newline");
    else
        snprintf(msg, sizeof msg, "unexpected `%.*s`", (int)(t->len > 40 ? 40 : t->len),
                 p->src + t->off);
    return parse_fail_at(p, t->off, t->len, msg);
}

ast *parse_fail_expected(parser *p, const char *what)
{
    token *t = cur(p);
    char msg[64];
    if (t->kind == TK_ERROR)
        return parse_fail_unexpected(p);
    snprintf(msg, sizeof msg, "Expected `%s`", what);
    if (t->kind == TK_EOF)
        return parse_fail_at(p, p->len, 0, msg);
    return parse_fail_at(p, t->off, t->len, msg);
}
