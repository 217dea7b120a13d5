/* eval_scope.c — which names a scope's own code declares and assigns, by Julia's scope
 * rules (the manual's "Scope of Variables"), read once from the tree.
 *
 * The compiler makes its slots from this and the tree walker declares a function's
 * locals from it before the body runs, so that both decide alike that a name assigned
 * anywhere in a function's body is local to the whole body, even where the assignment
 * has not run yet (function h() if false; x = 1; end; x end raises UndefVarError with a
 * global x), and that a loop inside assigns that local rather than a new one of its own.
 * A nested scope (a function, let, try, a comprehension or generator, do, struct, a
 * macro call) is not entered: its names are its own.  A for loop's iterable and a
 * while loop's condition belong to the scope around the loop; their bodies are scopes
 * of their own, read when they are opened. */
#include <stdlib.h>

#include "eval_impl.h"

static void push(int **v, int *n, int *cap, int x)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *v = xrealloc(*v, (size_t)*cap * sizeof **v);
    }
    (*v)[(*n)++] = x;
}

int eval_is_nested_scope(const ast *n)
{
    switch (n->kind) {
    case A_ARROW: case A_FUNCDEF: case A_LET: case A_TRY: case A_COMPREHENSION:
    case A_TYPED_COMPREHENSION: case A_GENERATOR: case A_DO: case A_STRUCT: case A_MACROCALL:
        return 1;
    default:
        return 0;
    }
}

/* x::T declares x of type T (the expression t). */
static void typed(scope_names *s, int sym, const ast *t)
{
    if (s->nt == s->tcap) {
        s->tcap = s->tcap ? 2 * s->tcap : 8;
        s->tsyms = xrealloc(s->tsyms, (size_t)s->tcap * sizeof *s->tsyms);
        s->ttypes = xrealloc(s->ttypes, (size_t)s->tcap * sizeof *s->ttypes);
    }
    s->tsyms[s->nt] = sym;
    s->ttypes[s->nt++] = t;
}

/* The names an assignment to t makes (a, (b, c) = …, x::T = …). */
static void targets(scope_names *s, const ast *t)
{
    if (t->kind == A_TYPED && t->nkids == 2 && t->kids[0]->kind == A_ID) {
        typed(s, t->kids[0]->sym, t->kids[1]);
        t = t->kids[0];
    }
    if (t->kind == A_ID)
        push(&s->assigned, &s->na, &s->acap, t->sym);
    else if (t->kind == A_TUPLE || t->kind == A_SPLAT) /* a, b... = t */
        for (uint32_t i = 0; i < t->nkids; i++)
            targets(s, t->kids[i]);
}

int eval_localdef_name(const ast *n)
{
    if (n->kind != A_FUNCDEF || !n->nkids)
        return -1;
    const ast *sig = n->kids[0];
    while ((sig->kind == A_WHERE || (sig->kind == A_TYPED && sig->nkids == 2)) && sig->nkids)
        sig = sig->kids[0];
    return sig->kind == A_CALL && sig->nkids && sig->kids[0]->kind == A_ID ? sig->kids[0]->sym : -1;
}

static void scan(scope_names *s, const ast *n)
{
    int def = eval_localdef_name(n);
    if (def >= 0)
        push(&s->defs, &s->nd, &s->dcap, def);
    if (eval_is_nested_scope(n) || n->kind == A_QUOTE) /* :(x = 1) assigns nothing here */
        return;
    switch (n->kind) {
    case A_GLOBAL: case A_LOCAL:
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            const ast *t = k->kind == A_ASSIGN || k->kind == A_OPASSIGN ? k->kids[0] : k;
            if (n->kind == A_GLOBAL && t->kind == A_TUPLE) { /* global a, b = 1, 2 */
                for (uint32_t j = 0; j < t->nkids; j++)
                    if (t->kids[j]->kind == A_ID)
                        push(&s->globals, &s->ng, &s->gcap, t->kids[j]->sym);
                scan(s, k->kids[1]);
                continue;
            }
            if (n->kind == A_LOCAL && t->kind == A_TYPED && t->nkids == 2 &&
                t->kids[0]->kind == A_ID) { /* local x::T */
                typed(s, t->kids[0]->sym, t->kids[1]);
                t = t->kids[0];
            }
            if (t->kind == A_ID) {
                if (n->kind == A_GLOBAL)
                    push(&s->globals, &s->ng, &s->gcap, t->sym);
                else
                    push(&s->locals, &s->nl, &s->lcap, t->sym);
            }
            if (k->kind == A_ASSIGN || k->kind == A_OPASSIGN)
                scan(s, k->kids[1]);
        }
        return;
    case A_ASSIGN: case A_OPASSIGN:
        if (!(n->flags & AF_DOTTED))
            targets(s, n->kids[0]);
        break;
    case A_FOR:
        if (n->kids[0]->kind == A_ITER)
            scan(s, n->kids[0]->kids[1]);
        return;
    case A_WHILE:
        scan(s, n->kids[0]);
        return;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        scan(s, n->kids[i]);
}

void eval_scope_names(const ast *body, scope_names *out)
{
    if (body)
        scan(out, body);
}

void eval_scope_names_free(scope_names *s)
{
    free(s->globals);
    free(s->locals);
    free(s->assigned);
    free(s->tsyms);
    free(s->ttypes);
    free(s->defs);
    *s = (scope_names){ 0 };
}

int eval_scope_local_names(const ast *body, int method, int **out)
{
    scope_names nm = { 0 };
    eval_scope_names(body, &nm);
    int n = 0, *v = xmalloc((size_t)(nm.nl + nm.na + nm.nd + 1) * sizeof *v);
    for (int pass = 0; pass < (method ? 3 : 2); pass++)
        for (int i = 0; i < (pass == 2 ? nm.nd : pass ? nm.na : nm.nl); i++) {
            int sym = pass == 2 ? nm.defs[i] : pass ? nm.assigned[i] : nm.locals[i], seen = 0;
            for (int j = 0; j < nm.ng && !seen; j++)
                seen = nm.globals[j] == sym;
            for (int j = 0; j < n && !seen; j++)
                seen = v[j] == sym;
            if (!seen)
                v[n++] = sym;
        }
    eval_scope_names_free(&nm);
    *out = v;
    return n;
}

void eval_scope_declare(jc_ctx *ctx, struct env *scope, const int *syms, int n)
{
    int in_function = 0;
    for (const env *s = scope; s && !in_function; s = s->parent)
        in_function = s->function;
    for (int i = 0; i < n; i++) {
        int sym = syms[i];
        if (eval_scope_slot(scope, sym) || eval_scope_binds(scope->parent, sym))
            continue;
        if (!in_function && (size_t)sym < ctx->nglobals && ctx->globals[sym].defined)
            continue; /* the soft scope of the top level assigns the global */
        eval_scope_define(ctx, scope, sym, v_unassigned());
    }
}
