/* parse_bracket.c — what opens with a bracket: argument lists, ( ... ) as parentheses,
 * tuple or block, generators and comprehensions, [ ... ] as vector, indexing or
 * concatenation (hcat, vcat, ncat by runs of `;`), { ... }.
 *
 * Inside brackets newlines are whitespace (nl_ws) and, inside [ ], whitespace separates
 * elements (space_sens); each production sets these modes and restores the caller's. */
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

/* ---- brackets ---- */

/* Converts `a = b` inside a call's argument list to A_KW. */
ast *parse_as_kw(ast *e)
{
    if (e->kind == A_ASSIGN && !(e->flags & AF_DOTTED))
        e->kind = A_KW;
    return e;
}

static ast *parse_generator(parser *p, ast *first, size_t off);

/* Argument list after `(` up to `)` (consumed): pushes the arguments (keyword ones as
 * A_KW, after `;` in A_PARAMETERS nodes).  Returns 1 if a trailing comma was seen, -1 on
 * error.  *ncommas counts the commas at the top level. */
int parse_args(parser *p, int closer, int kw, int *ncommas, int *nsemis)
{
    modes m = save_modes(p);
    p->nl_ws = 1;
    p->space_sens = 0;
    p->no_range = 0;
    p->no_where = 0;
    /* `end` inside a call or parentheses inside an index still means the index's end
     * (s[prevind(s, end, 2)], a[(end)]): in_index stays as it is */
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
        push(p, kw ? parse_as_kw(e) : e);
        trailing = 0;
        t = cur(p);
        if (t->kind == TK_COMMA) {
            (*ncommas)++;
            bump(p);
            trailing = 1;
            continue;
        }
        if (t->kind != closer && t->kind != TK_SEMI) {
            parse_fail_expected(p, closer == TK_RPAREN ? ")" : closer == TK_RBRACK ? "]" : "}");
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
ast *parse_call_args(parser *p, ast *callee, ast_kind k)
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
ast *parse_iter_spec(parser *p)
{
    if (!parse_enter(p))
        return error_node(p);
    size_t off = cur(p)->off;
    /* for outer i = …: `outer` followed by the variable's name (not by = / in / ∈) */
    token *o = cur(p);
    int outer = 0;
    if (o->kind == TK_ID && o->len == 5 && !memcmp(p->src + o->off, "outer", 5)) {
        size_t k = o->off + 5;
        while (k < p->len && (p->src[k] == ' ' || p->src[k] == '\t'))
            k++;
        unsigned char c = k < p->len ? (unsigned char)p->src[k] : 0;
        const unsigned char *w = (const unsigned char *)p->src + k;
        size_t left = p->len - k;
        unsigned c2 = left > 2 ? w[2] : 0;
        int is_in = left >= 2 && w[0] == 'i' && w[1] == 'n' &&
                    !(c2 == '_' || (unsigned)((c2 | 32) - 'a') < 26u ||
                      (unsigned)(c2 - '0') < 10u || c2 >= 0x80);
        int is_elem = left >= 3 && !memcmp(w, "\xe2\x88\x88", 3); /* ∈ */
        outer = k > o->off + 5 && (c == '_' || (unsigned)((c | 32) - 'a') < 26u || c >= 0x80) &&
                !is_in && !is_elem;
        if (outer)
            bump(p);
    }
    ast *var = parse_binary(p, OPC_PIPE_LT);
    ast *r = var;
    if (!p->err) {
        token *t = cur(p);
        if (is_op(t, OP_EQ) || is_op(t, OP_IN) || is_op(t, OP_ELEMENT)) {
            bump(p);
            skip_newlines(p);
            ast *it = parse_binary(p, OPC_PIPE_LT);
            r = p->err ? it : node2(p, A_ITER, off, var, it);
            if (!p->err && outer)
                r->flags |= AF_PREFIX;  /* for outer i */
        } else {
            r = parse_fail_unexpected(p);
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
ast *parse_paren(parser *p)
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
            r = parse_fail_expected(p, ")");
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
        ast_named_tuple_fields(r);
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
ast *parse_cat(parser *p, ast *typ, size_t off)
{
    bump(p);  /* [ */
    modes m = save_modes(p);
    p->nl_ws = 0;
    p->space_sens = 1;
    p->no_range = 0;
    p->no_where = 0;
    p->in_index = typ != NULL || p->in_index;  /* a[[1, end]] */
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
            r = parse_fail_expected(p, "]");
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
                r = parse_fail_expected(p, "]");
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
            push(p, typ ? parse_as_kw(first) : first);
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
                r = t->kind == TK_EOF ? parse_fail_expected(p, "]") : parse_fail_expected(p, "]");
                goto done;
            }
            if (t->kind == TK_EOF || t->kind == TK_COMMA || t->kind == TK_RPAREN ||
                t->kind == TK_RBRACE || is_kw(t, KW_FOR)) {
                free(el);
                free(lv);
                r = parse_fail_expected(p, "]");
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
