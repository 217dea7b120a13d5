/* eval_compile.c — method bodies and top-level loops compiled to a closure tree.
 *
 * The tree walker (eval.c) finds every name by symbol in a chain of heap scopes.  Here a
 * body is translated once, at its method's first call (a top-level `for` or `while` each
 * time it runs), into a tree of nodes that each carry the C function that runs them:
 * - a local variable is resolved once, by Julia's scope rules, to a slot of a frame that
 *   lives on the C stack; a loop's body clears its own slots at every run, so each run
 *   binds afresh, as Julia's;
 * - a name no scope of the body binds is read from the globals (through the method's
 *   captured scope first, for a closure);
 * - a call of a builtin operator on two Int64 or Float64 values takes the direct path
 *   (eval_fast_binop) without an argument array or dispatch;
 * - a `for` over an Int64 UnitRange counts in a C integer.
 * Control flow (return, break, continue) is the return code of a node, as in the tree
 * walker's statements, so it needs no error in value positions.
 *
 * Only a subset is compiled, and only whole: a body that holds anything outside it (a
 * closure over a local, `try`, `let`, destructuring, a typed local, keyword arguments
 * ...) runs in the tree walker, unchanged.  A subexpression that names no local of the
 * body (a lambda over its own parameters, a macro call, a comprehension over globals)
 * is "foreign": the tree walker evaluates it in an empty scope under the method's.
 * Errors are raised by the same functions at the same nodes, so their texts and
 * positions are the tree walker's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_cnode.h"
#include "array.h"
#include "num/num.h"
#include "range.h"

/* ---- the compiler ---- */

/* A scope of the body: its locals and the names it declares global. */
typedef struct cscope {
    struct cscope *up;
    int n, cap;
    int *syms, *slots;
    const ast **types;     /* each local's declared type (x::T), or NULL */
    int ng, gcap;
    int *globals;
    int global;            /* the global scope around a top-level loop */
    int hard;              /* a let's: its assignments make locals even of globals */
} cscope;

typedef struct comp {
    jc_ctx *ctx;
    struct ccode *code;
    cscope *sc;
    int function;          /* a method's body, else a top-level loop */
    struct env *closure;   /* the method's captured scope, or NULL */
    int depth, loops;
    int ok;
    const ast *why;        /* the innermost node it could not translate first */
    int *cand;             /* every name the body assigns or binds anywhere */
    int ncand, capcand;
    int *assigned;         /* those of them assigned (not only parameters) */
    int nassigned, capassigned;
    int np;                /* the parameters' slots are 0 .. np-1 */
    int *twice;            /* the names assigned at more than one place */
    int ntwice, captwice;
    const ast *root;       /* a method's body */
    int *fixed, nfixed, capfixed; /* the slots of the loop variables in scope that their
                              bodies never assign: a closure's copy is the variable */
    int *boxed, nboxed, capboxed; /* the locals of the method's own scope that closures
                              share (box_scan): variables of the frame's fenv */
    int *settled;          /* its variables whose only assignment is a statement of the
                              body's own block already compiled: their value is final */
    int nsettled, capsettled;
} comp;

enum { CMAXDEPTH = 96 };

static void push_int(int **v, int *n, int *cap, int x)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *v = xrealloc(*v, (size_t)*cap * sizeof **v);
    }
    (*v)[(*n)++] = x;
}

static int has_int(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

static int fail(comp *C)
{
    C->ok = 0;
    return 0;
}

static cnode *mk(comp *C, crun run, const ast *n, int nk)
{
    cnode *c = xcalloc(1, sizeof *c);
    c->run = run;
    c->n = n;
    c->nk = nk;
    if (nk)
        c->k = xcalloc((size_t)nk, sizeof *c->k);
    c->next = C->code->nodes;
    C->code->nodes = c;
    return c;
}

/* -- every name bound anywhere (what a foreign node must not name) -- */

static void cand_add(comp *C, int sym)
{
    if (!has_int(C->cand, C->ncand, sym))
        push_int(&C->cand, &C->ncand, &C->capcand, sym);
}

static void cand_target(comp *C, const ast *t)
{
    switch (t->kind) {
    case A_ID:
        cand_add(C, t->sym);
        if (!has_int(C->assigned, C->nassigned, t->sym))
            push_int(&C->assigned, &C->nassigned, &C->capassigned, t->sym);
        else if (!has_int(C->twice, C->ntwice, t->sym))
            push_int(&C->twice, &C->ntwice, &C->captwice, t->sym);
        break;
    case A_TYPED: case A_PARENS: case A_WHERE: case A_CALL: case A_CURLY: case A_SPLAT:
        if (t->nkids)
            cand_target(C, t->kids[0]);
        break;
    case A_TUPLE: case A_PARAMETERS:
        for (uint32_t i = 0; i < t->nkids; i++)
            cand_target(C, t->kids[i]);
        break;
    case A_ASSIGN: case A_KW:
        cand_target(C, t->kids[0]);
        break;
    default:
        break;
    }
}

static void cand_scan(comp *C, const ast *n)
{
    switch (n->kind) {
    case A_ASSIGN: case A_OPASSIGN: case A_DOTOPASSIGN: case A_FUNCDEF: case A_ITER:
    case A_LOCAL: case A_CATCH:
        if (n->kind == A_LOCAL)
            for (uint32_t i = 0; i < n->nkids; i++)
                cand_target(C, n->kids[i]);
        else if (n->nkids)
            cand_target(C, n->kids[0]);
        break;
    case A_ARROW: /* its parameters are its own names */
        if (n->nkids)
            cand_target(C, n->kids[0]);
        break;
    case A_LET: /* let x, y = 1: its bindings */
        if (n->nkids && n->kids[0]->kind == A_BLOCK)
            for (uint32_t i = 0; i < n->kids[0]->nkids; i++)
                cand_target(C, n->kids[0]->kids[i]);
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        cand_scan(C, n->kids[i]);
}

enum { RESOLVED_BOXED = -2 }; /* what resolve says of a local closures share */
static int resolve(comp *C, int sym);
static int scope_local(const cscope *s, int sym);

/* Whether an assignment to t would store to a slot of the body (a local the tree walker
 * cannot see); a shared local's store reaches the fenv, another name is the nested
 * scope's own. */
static int assigns_slot(comp *C, const ast *t)
{
    if (t->kind == A_ID)
        return resolve(C, t->sym) >= 0;
    if (t->kind == A_TUPLE || t->kind == A_TYPED || t->kind == A_PARENS || t->kind == A_SPLAT)
        for (uint32_t i = 0; i < t->nkids; i++)
            if (assigns_slot(C, t->kids[i]))
                return 1;
    return 0;
}

/* Whether statement k of the method's own block assigns sym once and for all (x = v,
 * f(x) = …, with nothing else assigning it): a closure made after it keeps a copy. */
static int settles(comp *C, const ast *k, int sym)
{
    if (has_int(C->twice, C->ntwice, sym))
        return 0;
    return (k->kind == A_ASSIGN && !(k->flags & AF_DOTTED) && k->kids[0]->kind == A_ID &&
            k->kids[0]->sym == sym) || eval_localdef_name(k) == sym;
}

typedef struct boxscan {
    const cscope *root;
    int *done, ndone, capdone; /* the names settled by the statements scanned so far */
} boxscan;

/* The locals of the method's own scope (not its parameters) that a closure names and
 * that may change after it is made, or are not assigned yet when it is: shared with the
 * closures, in the frame's fenv (a closure's walker scope sees them; compiled code reads
 * and writes them there). */
static void box_names(comp *C, boxscan *b, const ast *n, int in_closure)
{
    if (n->kind == A_ID && in_closure) {
        int k = scope_local(b->root, n->sym);
        if (k >= C->np && !has_int(C->boxed, C->nboxed, n->sym) && !has_int(b->done, b->ndone, n->sym))
            push_int(&C->boxed, &C->nboxed, &C->capboxed, n->sym);
        return;
    }
    int inner = in_closure || n->kind == A_ARROW || n->kind == A_DO || n->kind == A_GENERATOR ||
                n->kind == A_FUNCDEF;
    for (uint32_t i = 0; i < n->nkids; i++)
        box_names(C, b, n->kids[i], inner);
}

static void box_scan(comp *C, const cscope *root, const ast *body)
{
    boxscan b = { root, NULL, 0, 0 };
    uint32_t n = body->kind == A_BLOCK ? body->nkids : 1;
    for (uint32_t i = 0; i < n; i++) {
        const ast *k = body->kind == A_BLOCK ? body->kids[i] : body;
        int def = eval_localdef_name(k); /* a local function may name itself */
        if (def >= 0 && settles(C, k, def))
            push_int(&b.done, &b.ndone, &b.capdone, def);
        box_names(C, &b, k, 0);
        if (k->kind == A_ASSIGN && k->kids[0]->kind == A_ID && settles(C, k, k->kids[0]->sym))
            push_int(&b.done, &b.ndone, &b.capdone, k->kids[0]->sym);
    }
    free(b.done);
}

/* Whether n may be left to the tree walker: it names no local and holds no control
 * flow out of it nor anything that must be at top level. */
static int foreign_ok(comp *C, const ast *n, int in_func)
{
    switch (n->kind) {
    case A_ID: /* a shared local is the fenv's, where a foreign node runs */
        return !has_int(C->cand, C->ncand, n->sym) || resolve(C, n->sym) == RESOLVED_BOXED;
    case A_ASSIGN: case A_OPASSIGN: case A_DOTOPASSIGN:
        if (assigns_slot(C, n->kids[0]))
            return 0;
        break;
    case A_RETURN: case A_BREAK: case A_CONTINUE:
        if (!in_func)
            return 0;
        break;
    case A_USING: case A_STRUCT: case A_ABSTRACT: case A_GLOBAL: case A_LOCAL: case A_CONST:
    case A_FUNCDEF: case A_MODULE: case A_EXPORT:
        return 0;
    case A_ARROW: case A_DO:
        in_func = 1;
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        if (!foreign_ok(C, n->kids[i], in_func))
            return 0;
    return 1;
}

/* -- scopes -- */

/* sym's index in s, or -1. */
static int scope_index(const cscope *s, int sym)
{
    for (int i = s->n - 1; i >= 0; i--)
        if (s->syms[i] == sym)
            return i;
    return -1;
}

static int scope_local(const cscope *s, int sym)
{
    int i = scope_index(s, sym);
    return i >= 0 ? s->slots[i] : -1;
}

static void scope_add(comp *C, cscope *s, int sym)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->syms = xrealloc(s->syms, (size_t)s->cap * sizeof *s->syms);
        s->slots = xrealloc(s->slots, (size_t)s->cap * sizeof *s->slots);
        s->types = xrealloc(s->types, (size_t)s->cap * sizeof *s->types);
    }
    s->types[s->n] = NULL;
    s->syms[s->n] = sym;
    s->slots[s->n++] = C->code->nslots++;
}

/* Whether a scope of the body declares sym global. */
static int declared_global(const comp *C, int sym)
{
    for (const cscope *s = C->sc; s; s = s->up)
        if (has_int(s->globals, s->ng, sym))
            return 1;
    return 0;
}

/* The slot of sym as a local seen from the innermost scope, RESOLVED_BOXED for a local
 * that closures share (a variable of the frame's fenv), or -1 for a global or free
 * name. */
static int resolve(comp *C, int sym)
{
    for (cscope *s = C->sc; s; s = s->up) {
        if (has_int(s->globals, s->ng, sym))
            return -1;
        int k = scope_local(s, sym);
        if (k >= 0)
            return !s->up && has_int(C->boxed, C->nboxed, sym) ? RESOLVED_BOXED : k;
    }
    return -1;
}

/* An assignment to sym directly in scope s: a new local of s unless an enclosing scope
 * has it (local or declared global); outside every function and let, an existing
 * global is assigned (the soft scope of the REPL and of files). */
static void declare_assigned(comp *C, cscope *s, int sym)
{
    int hard = C->function;
    for (cscope *o = s; o; o = o->up) {
        if (has_int(o->globals, o->ng, sym) || scope_local(o, sym) >= 0)
            return;
        hard |= o->hard;
        if (o->global)
            break;
    }
    if (!hard && (size_t)sym < C->ctx->nglobals && C->ctx->globals[sym].defined)
        return;
    if (C->closure) {
        /* a closure assigning a local of the function that made it assigns that.  A
         * name the maker does not bind is the closure's own: the tree walker declares a
         * scope's locals as it opens it, and the copies a compiled maker gives a
         * closure it makes are of names that closure does not assign (copy_ok,
         * localdef_ok); one an enclosing scope declares global is left to the walker */
        if (eval_scope_binds(C->closure, sym))
            return;
        for (struct env *o = C->closure; o; o = o->parent)
            if (eval_scope_declared_global(o, sym)) {
                fail(C);
                return;
            }
    }
    scope_add(C, s, sym);
}

/* Whether a destructuring target names sym. */
static int assigns_name_in(const ast *t, int sym)
{
    if (t->kind == A_ID)
        return t->sym == sym;
    for (uint32_t i = 0; i < t->nkids; i++)
        if (assigns_name_in(t->kids[i], sym))
            return 1;
    return 0;
}

/* Whether anything in n (nested scopes included) assigns sym. */
static int assigns_name(const ast *n, int sym)
{
    switch (n->kind) {
    case A_ASSIGN: case A_OPASSIGN: case A_DOTOPASSIGN: case A_ITER: {
        const ast *t = n->kids[0];
        if (t->kind == A_TYPED && t->nkids == 2)
            t = t->kids[0];
        if (t->kind == A_ID && t->sym == sym)
            return 1;
        if (t->kind == A_TUPLE && assigns_name_in(t, sym))
            return 1;
        break;
    }
    case A_LOCAL: case A_GLOBAL:
        return 1; /* a declaration of any name: not worth telling apart */
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        if (assigns_name(n->kids[i], sym))
            return 1;
    return 0;
}

/* The names of a destructuring loop variable, new locals of the body. */
static void add_names(comp *C, cscope *s, const ast *t)
{
    if (t->kind == A_ID)
        scope_add(C, s, t->sym);
    else if (t->kind == A_TUPLE)
        for (uint32_t i = 0; i < t->nkids; i++)
            add_names(C, s, t->kids[i]);
}

static void scope_open(comp *C, cscope *s)
{
    memset(s, 0, sizeof *s);
    s->up = C->sc;
    C->sc = s;
}

/* The declarations and assignments directly in body make s's globals and locals. */
static void scope_declare(comp *C, cscope *s, const ast *body)
{
    scope_names nm = { 0 };
    eval_scope_names(body, &nm);
    for (int i = 0; i < nm.ng; i++)
        push_int(&s->globals, &s->ng, &s->gcap, nm.globals[i]);
    for (int i = 0; i < nm.nl; i++)
        if (scope_local(s, nm.locals[i]) < 0)
            scope_add(C, s, nm.locals[i]);
    for (int i = 0; i < nm.na; i++)
        declare_assigned(C, s, nm.assigned[i]);
    /* a method's local functions are locals of its whole body, as the tree walker's
     * (eval_scope_local_names) */
    for (int i = 0; C->function && !C->closure && !s->up && i < nm.nd; i++)
        if (scope_local(s, nm.defs[i]) < 0 && !has_int(s->globals, s->ng, nm.defs[i]))
            scope_add(C, s, nm.defs[i]);
    /* x::T: a local of s whose every store converts; a declaration reaching a global
     * or an enclosing scope's local is left to the tree walker */
    for (int i = 0; i < nm.nt; i++) {
        int k = scope_index(s, nm.tsyms[i]);
        if (k < 0) {
            fail(C);
            break;
        }
        if (!s->types[k])
            s->types[k] = nm.ttypes[i];
    }
    eval_scope_names_free(&nm);
}

/* The declared type's expression of the local sym seen from the innermost scope (its
 * first declaration), or NULL. */
static const ast *slot_type(comp *C, int sym)
{
    for (cscope *s = C->sc; s; s = s->up) {
        if (has_int(s->globals, s->ng, sym))
            return NULL;
        int k = scope_index(s, sym);
        if (k >= 0)
            return s->types[k];
    }
    return NULL;
}

static void scope_close(comp *C, cscope *s)
{
    C->sc = s->up;
    free(s->syms);
    free(s->slots);
    free(s->globals);
    free(s->types);
}

/* -- expressions -- */

static cnode *cx(comp *C, const ast *n);

/* Whether an assignment target names a variable (x, (a, b), x::T), rather than an
 * element or a field. */
static int names_variable(const ast *t)
{
    if (t->kind == A_ID)
        return 1;
    if (t->kind == A_TUPLE || t->kind == A_TYPED || t->kind == A_PARENS || t->kind == A_SPLAT)
        for (uint32_t i = 0; i < t->nkids; i++)
            if (names_variable(t->kids[i]))
                return 1;
    return 0;
}

/* Whether n may run in the tree walker with a copy of the locals it names (see
 * cn_foreign_copy): it assigns no variable, holds no control flow out of it nor
 * anything that must be at top level; *closure is set when it makes a closure.  The
 * locals it names are added to (sym, slot) pairs in *v. */
static int copy_ok(comp *C, const ast *n, int **v, int *nv, int *cap, int *closure)
{
    switch (n->kind) {
    case A_ID: {
        int k = resolve(C, n->sym);
        for (int i = 0; k >= 0 && i < *nv; i += 2)
            if ((*v)[i] == n->sym)
                return 1;
        if (k >= 0) {
            push_int(v, nv, cap, n->sym);
            push_int(v, nv, cap, k);
        }
        return 1;
    }
    case A_RETURN: case A_BREAK: case A_CONTINUE: case A_USING: case A_STRUCT:
    case A_ABSTRACT: case A_GLOBAL: case A_LOCAL: case A_CONST: case A_FUNCDEF:
    case A_MODULE: case A_EXPORT:
        return 0;
    case A_ARROW: case A_DO: case A_GENERATOR: /* a generator is lazy: a closure */
        *closure = 1;
        break;
    case A_ASSIGN: case A_OPASSIGN: case A_DOTOPASSIGN:
        if (assigns_slot(C, n->kids[0]))
            return 0;
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        if (!copy_ok(C, n->kids[i], v, nv, cap, closure))
            return 0;
    return 1;
}

/* The names a definition's signature binds (its parameters, keywords and where
 * variables) into (*v, *nv). */
static void def_params(const ast *sig, int **v, int *nv, int *cap)
{
    switch (sig->kind) {
    case A_WHERE:
        for (uint32_t i = 1; i < sig->nkids; i++) {
            const ast *t = sig->kids[i];
            uint32_t nt = t->kind == A_BRACES ? t->nkids : 1;
            for (uint32_t j = 0; j < nt; j++) { /* T, T <: Real, {T, S >: Int} */
                const ast *u = t->kind == A_BRACES ? t->kids[j] : t;
                if ((u->kind == A_SYNOP || u->kind == A_CALL) && u->nkids >= 2)
                    u = u->kids[u->kind == A_CALL ? 1 : 0];
                if (u->kind == A_ID)
                    push_int(v, nv, cap, u->sym);
            }
        }
        if (sig->nkids)
            def_params(sig->kids[0], v, nv, cap);
        return;
    case A_TYPED: /* f(x)::T */
        if (sig->nkids == 2 && sig->kids[0]->kind == A_CALL)
            def_params(sig->kids[0], v, nv, cap);
        return;
    case A_CALL: case A_PARAMETERS:
        for (uint32_t i = sig->kind == A_CALL ? 1 : 0; i < sig->nkids; i++) {
            const ast *p = sig->kids[i];
            if (p->kind == A_PARAMETERS) {
                def_params(p, v, nv, cap);
                continue;
            }
            if ((p->kind == A_KW || p->kind == A_ASSIGN) && p->nkids)
                p = p->kids[0];
            if (p->kind == A_SPLAT && p->nkids)
                p = p->kids[0];
            if (p->kind == A_TYPED && p->nkids == 2)
                p = p->kids[0];
            if (p->kind == A_ID)
                push_int(v, nv, cap, p->sym);
        }
        return;
    default:
        return;
    }
}

/* Whether a local definition's signature and body (n) may run in the tree walker with
 * copies of the locals they name: every such local keeps the value the copy has (a
 * parameter the body never assigns, or a variable whose one assignment has run), and
 * nothing in n assigns one (a name it assigns that no scope of the body has is its own
 * local).  own holds the names it binds itself (the function's name, its parameters);
 * the (symbol, slot) pairs to copy are added to *v. */
static int localdef_ok(comp *C, const ast *n, const int *own, int nown, int **v, int *nv, int *cap)
{
    switch (n->kind) {
    case A_ID: {
        int k = has_int(own, nown, n->sym) ? -1 : resolve(C, n->sym);
        if (k < 0)
            return 1;
        for (int i = 0; i < *nv; i += 2)
            if ((*v)[i] == n->sym)
                return 1;
        if (!((k < C->np && !has_int(C->assigned, C->nassigned, n->sym)) ||
              has_int(C->settled, C->nsettled, n->sym) || has_int(C->fixed, C->nfixed, k)))
            return 0;
        push_int(v, nv, cap, n->sym);
        push_int(v, nv, cap, k);
        return 1;
    }
    case A_USING: case A_STRUCT: case A_ABSTRACT: case A_GLOBAL: case A_CONST: case A_FUNCDEF:
    case A_MODULE: case A_EXPORT: case A_LOCAL:
        return 0;
    case A_ASSIGN: case A_OPASSIGN: case A_DOTOPASSIGN: {
        const ast *t = n->kids[0];
        if (t->kind == A_TYPED && t->nkids == 2)
            t = t->kids[0];
        if (t->kind == A_ID && !has_int(own, nown, t->sym) && resolve(C, t->sym) >= 0)
            return 0; /* it would assign a local of the body */
        if (t->kind == A_TUPLE && names_variable(t))
            return 0;
        break;
    }
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nkids; i++)
        if (!localdef_ok(C, n->kids[i], own, nown, v, nv, cap))
            return 0;
    return 1;
}

/* f(x) = … in a method's own scope: a local function.  The tree walker defines it, in
 * a scope holding the function made so far (its earlier methods) and copies of the
 * locals it names (see localdef_ok), and the slot of f takes the function. */
static cnode *localdef(comp *C, const ast *n)
{
    int sym = eval_localdef_name(n);
    if (sym < 0 || !C->function || C->closure || C->sc->up || declared_global(C, sym) ||
        !strcmp(sym_name(C->ctx, sym), "#call#"))
        return fail(C), NULL;
    int *own = NULL, nown = 0, ocap = 0, *v = NULL, nv = 0, cap = 0;
    push_int(&own, &nown, &ocap, sym);
    def_params(n->kids[0], &own, &nown, &ocap);
    int ok = 1; /* its signature and body (the definition itself is no nested one) */
    for (uint32_t i = 0; ok && i < n->nkids; i++)
        ok = localdef_ok(C, n->kids[i], own, nown, &v, &nv, &cap);
    free(own);
    if (!ok) {
        free(v);
        return fail(C), NULL;
    }
    int k = resolve(C, sym);
    if (k < 0 && k != RESOLVED_BOXED) /* declared with the scope (scope_declare) */
        return fail(C), NULL;
    cnode *c = mk(C, cn_localdef, n, 0);
    c->a = k >= 0 ? k : -1;
    c->b = sym;
    c->clear = v;
    c->nclear = nv / 2;
    return c;
}

static cnode *foreign(comp *C, const ast *n)
{
    if (foreign_ok(C, n, 0))
        return mk(C, cn_foreign, n, 0);
    int *v = NULL, nv = 0, cap = 0, closure = 0;
    int ok = copy_ok(C, n, &v, &nv, &cap, &closure);
    /* a closure may outlive the copies and see them later: only parameters the body
     * never assigns keep the value a copy has (x -> x * k, with k a parameter), and
     * variables whose one assignment has run (k = 2; map(x -> x * k, v)) */
    for (int i = 0; ok && closure && i < nv; i += 2)
        ok = (v[i + 1] < C->np && !has_int(C->assigned, C->nassigned, v[i])) ||
             has_int(C->settled, C->nsettled, v[i]) || has_int(C->fixed, C->nfixed, v[i + 1]);
    if (!ok) {
        free(v);
        return fail(C), NULL;
    }
    cnode *c = mk(C, cn_foreign_copy, n, 0);
    c->clear = v;
    c->nclear = nv / 2;
    return c;
}

static int plain_args(const ast *n, uint32_t from)
{
    for (uint32_t i = from; i < n->nkids; i++) {
        int k = n->kids[i]->kind;
        if (k == A_PARAMETERS || k == A_KW || k == A_SPLAT || k == A_GENERATOR)
            return 0;
    }
    return 1;
}

/* Compiles n's kids from `from` on into c->k[at..]: each node has room for the kids its
 * form has (a juxtaposition two), and a node of another shape is left to the tree
 * walker. */
static int kids_into(comp *C, cnode *c, const ast *n, uint32_t from, int at)
{
    if (n->nkids < from || n->nkids - from != (uint32_t)(c->nk - at))
        return fail(C);
    for (uint32_t i = from; i < n->nkids; i++)
        if (!(c->k[at + (int)(i - from)] = cx(C, n->kids[i])))
            return 0;
    return 1;
}

static int has_control(const ast *n)
{
    if (n->kind == A_RETURN || n->kind == A_BREAK || n->kind == A_CONTINUE)
        return 1;
    if (n->kind == A_ARROW || n->kind == A_FUNCDEF || n->kind == A_DO)
        return 0;
    for (uint32_t i = 0; i < n->nkids; i++)
        if (has_control(n->kids[i]))
            return 1;
    return 0;
}

/* The target of an assignment (see store). */
static cnode *target(comp *C, const ast *t)
{
    if (t->kind == A_TYPED && t->nkids == 2 && t->kids[0]->kind == A_ID) {
        /* x::T = v: x is a typed local of this scope (scope_declare), converted to T
         * with the declaration's type as the site, as the tree walker's */
        cnode *c = target(C, t->kids[0]);
        if (!c || c->a != T_TSLOT)
            return fail(C), NULL;
        c->n = t->kids[1];
        return c;
    }
    if (t->kind == A_ID) {
        const ast *ty = slot_type(C, t->sym);
        cnode *c = mk(C, NULL, t, ty ? 1 : 0);
        c->b = resolve(C, t->sym);
        c->a = c->b >= 0 ? T_SLOT : c->b == RESOLVED_BOXED ? T_BOX : T_GLOBAL;
        if (c->a == T_BOX && ty) /* a shared local declared x::T */
            return fail(C), NULL;
        if (ty) { /* every store converts to the declared type */
            c->a = T_TSLOT;
            if (!(c->k[0] = cx(C, ty)))
                return NULL;
            return c;
        }
        if (c->b < 0 && C->closure && eval_scope_binds(C->closure, t->sym) &&
            !declared_global(C, t->sym))
            c->a = T_OUTER;
        return c;
    }
    if (t->kind == A_TUPLE && t->nkids && !(t->flags & AF_TRAILCOMMA && t->nkids == 0)) {
        cnode *c = mk(C, NULL, t, (int)t->nkids);
        c->a = T_PARTS;
        for (uint32_t i = 0; i < t->nkids; i++) {
            const ast *p = t->kids[i]; /* a, b... = t: the slurp's store is its name's */
            if (p->kind == A_SPLAT && p->nkids == 1)
                p = p->kids[0];
            int k = p->kind;
            if (!(k == A_ID || k == A_TUPLE || k == A_REF || k == A_DOT) || !(c->k[i] = target(C, p)))
                return fail(C), NULL;
        }
        return c;
    }
    if (t->kind == A_DOT && t->nkids == 2 && !has_control(t->kids[0])) { /* p.x = v */
        const ast *f = t->kids[1];
        if (f->kind == A_QUOTE && f->nkids == 1)
            f = f->kids[0];
        if (f->kind != A_ID)
            return fail(C), NULL;
        cnode *c = mk(C, NULL, t, 1);
        c->a = T_FIELD;
        c->b = f->sym;
        return (c->k[0] = cx(C, t->kids[0])) ? c : NULL;
    }
    if (t->kind == A_REF && t->nkids >= 1 && t->nkids <= 33 && plain_args(t, 1) && !has_control(t)) {
        cnode *c = mk(C, NULL, t, (int)t->nkids);
        c->a = T_INDEX;
        return kids_into(C, c, t, 0, 0) ? c : NULL;
    }
    return fail(C), NULL;
}

static cnode *name(comp *C, const ast *n)
{
    int k = resolve(C, n->sym);
    jc_ctx *ctx = C->ctx;
    if (k < 0 && (size_t)n->sym < ctx->nglobals && ctx->globals[n->sym].defined &&
        ctx->globals[n->sym].v.type == T_FUNCTION && !val_func(ctx->globals[n->sym].v)->fast)
        eval_fast_op_of(ctx, val_func(ctx->globals[n->sym].v)); /* see has_fast_path */
    cnode *c = mk(C, k >= 0 ? cn_slot : k == RESOLVED_BOXED ? cn_boxed
                  : C->closure && declared_global(C, n->sym) ? cn_global : cn_free, n, 0);
    c->a = k >= 0 ? k : n->sym;
    c->b = n->sym;
    return c;
}

/* A call with keywords or splats, or a broadcast (see cn_callkw): plain arguments, k = v
 * and xs... (not a keyword splat). */
static cnode *call_kw(comp *C, const ast *n)
{
    const ast *args[CMAXARGS];
    int kws[CMAXARGS], na = 0;
    for (uint32_t i = 1; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        uint32_t nsub = k->kind == A_PARAMETERS ? k->nkids : 1;
        for (uint32_t j = 0; j < nsub; j++) {
            const ast *p = k->kind == A_PARAMETERS ? k->kids[j] : k;
            int is_kw = k->kind == A_PARAMETERS || p->kind == A_KW;
            if (na == CMAXARGS || (p->kind == A_SPLAT && p->nkids != 1) ||
                p->kind == A_GENERATOR || p->kind == A_PARAMETERS)
                return fail(C), NULL;
            if (p->kind == A_SPLAT) {
                kws[na] = is_kw ? -3 : -2; /* f(xs...), f(; nt...) */
                args[na++] = p->kids[0];
            } else if (is_kw && eval_is_pair_call(C->ctx, p)) { /* f(; :k => v) */
                kws[na] = -4;
                args[na++] = p;
            } else if (is_kw) {
                if ((p->kind == A_KW || p->kind == A_ASSIGN) && p->kids[0]->kind == A_ID) {
                    kws[na] = p->kids[0]->sym;
                    args[na++] = p->kids[1];
                } else if (p->kind == A_ID) { /* f(; x) passes x = x */
                    kws[na] = p->sym;
                    args[na++] = p;
                } else
                    return fail(C), NULL;
            } else {
                kws[na] = -1;
                args[na++] = p;
            }
        }
    }
    cnode *c = mk(C, cn_callkw, n, na + 1);
    c->b = n->kind == A_DOTCALL;
    c->nclear = na;
    c->clear = xmalloc((size_t)(na + 1) * sizeof *c->clear);
    memcpy(c->clear, kws, (size_t)na * sizeof *kws);
    if (!(c->k[0] = cx(C, n->kids[0])))
        return NULL;
    for (int i = 0; i < na; i++)
        if (!(c->k[i + 1] = cx(C, args[i])))
            return NULL;
    return c;
}

/* Whether the global sym is now a builtin with a direct path (an operator worth the
 * nodes that try it first; the general node serves whatever it is bound to later). */
static int bound_fast(jc_ctx *ctx, int sym)
{
    return (size_t)sym < ctx->nglobals && ctx->globals[sym].defined &&
           ctx->globals[sym].v.type == T_FUNCTION && has_fast_path(val_func(ctx->globals[sym].v));
}

/* A slot or a constant (see peek_num). */
static int is_leaf(const cnode *k)
{
    return k->run == cn_slot || k->run == cn_const;
}

static cnode *call(comp *C, const ast *n)
{
    evstate *st = ST(C->ctx);
    const ast *callee = n->kids[0];
    if (n->kind == A_DOTCALL || !plain_args(n, 1)) {
        if (n->nkids == 2 && n->kids[1]->kind == A_GENERATOR)
            return foreign(C, n); /* sum(f(x) for x in v): the streaming folds */
        return call_kw(C, n);
    }
    if (n->nkids - 1 > CMAXARGS)
        return fail(C), NULL;
    cnode *c = mk(C, cn_call, n, (int)n->nkids);
    if (!kids_into(C, c, n, 0, 0))
        return NULL;
    if (n->nkids == 3 && c->k[0]->run == cn_free && bound_fast(C->ctx, c->k[0]->a))
        c->run = is_leaf(c->k[1]) && is_leaf(c->k[2]) ? cn_op2_sc : cn_op2;
    int64_t p;
    if (callee->kind == A_ID && callee->sym == st->sym_pow && n->nkids == 3 &&
        eval_literal_exponent(n->kids[2], &p, C->ctx)) {
        cnode *pw = mk(C, cn_powlit, n, 2);
        pw->k[0] = c;
        pw->k[1] = c->k[1];
        return pw;
    }
    return c;
}

/* a - b - c … (A_CHAIN): the left-nested binary calls it stands for, each a call node
 * of its own (so each takes the paths a binary call takes) with the chain as its site. */
static cnode *chain(comp *C, const ast *n)
{
    cnode *acc = cx(C, n->kids[1]);
    for (uint32_t i = 2; acc && i < n->nkids; i++) {
        cnode *c = mk(C, cn_call, n, 3);
        c->k[1] = acc;
        if (!(c->k[0] = cx(C, n->kids[0])) || !(c->k[2] = cx(C, n->kids[i])))
            return NULL;
        if (c->k[0]->run == cn_free && bound_fast(C->ctx, c->k[0]->a))
            c->run = is_leaf(c->k[1]) && is_leaf(c->k[2]) ? cn_op2_sc : cn_op2;
        acc = c;
    }
    return acc;
}

static cnode *block(comp *C, const ast *n)
{
    if (n->nkids == 0)
        return mk(C, cn_nothing, n, 0);
    if (n->nkids == 1)
        return cx(C, n->kids[0]);
    cnode *c = mk(C, cn_block, n, (int)n->nkids);
    if (n != C->root)
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    for (uint32_t i = 0; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        if (!(c->k[i] = cx(C, k)))
            return NULL;
        /* k = v, the only assignment to k anywhere, run once before what follows: a
         * closure made later may hold a copy of k (see foreign) */
        if (k->kind == A_ASSIGN && !(k->flags & AF_DOTTED) && k->kids[0]->kind == A_ID &&
            !has_int(C->twice, C->ntwice, k->kids[0]->sym) && resolve(C, k->kids[0]->sym) >= 0)
            push_int(&C->settled, &C->nsettled, &C->capsettled, k->kids[0]->sym);
        /* so is a local function's one definition (sq(x) = x^2; map(x -> sq(x), v)) */
        int f = eval_localdef_name(k);
        if (f >= 0 && !has_int(C->twice, C->ntwice, f) && resolve(C, f) >= 0)
            push_int(&C->settled, &C->nsettled, &C->capsettled, f);
    }
    return c;
}

/* Gives c the slots of s from `from` on to unassign at every run of s (a loop's
 * body, a try clause, a let). */
static void clear_from(cnode *c, const cscope *s, int from)
{
    c->nclear = s->n - from;
    if (c->nclear > 0) {
        c->clear = xmalloc((size_t)c->nclear * sizeof *c->clear);
        memcpy(c->clear, s->slots + from, (size_t)c->nclear * sizeof *c->clear);
    }
}

/* A `for` level's variable: slot a when it is one name (set at every run, so not
 * cleared), else a < 0 and its names are cleared with the body's other slots. */
static void loop_var(cnode *loop, const cscope *s, int one)
{
    clear_from(loop, s, one);
    loop->a = one ? s->slots[0] : -1;
}

/* A loop's body in its own scope, with var (a `for`'s variable, a name or a
 * destructuring, or NULL) its first locals, then copies of outer[0 .. nouter-1] (the
 * outer levels' variables of a `for` with several iterators); the loop node gets the
 * slots to clear at every run, and the destructuring target as k[2]. */
static cnode *loop_body(comp *C, cnode *loop, const ast *body, const ast *var,
                        const int *outer, int nouter)
{
    cscope s;
    scope_open(C, &s);
    int one = var && var->kind == A_ID;
    if (var)
        add_names(C, &s, var);
    int nfixed = C->nfixed;
    for (int i = 0; i < s.n; i++) /* for i in v: each run's own i, set once */
        if (!assigns_name(body, s.syms[i]))
            push_int(&C->fixed, &C->nfixed, &C->capfixed, s.slots[i]);
    cnode *w = NULL;
    if (nouter) { /* the outer levels' variables of for i in a, j in b, fresh copies */
        w = mk(C, cn_copyin, body, 1);
        w->clear = xmalloc((size_t)(2 * nouter) * sizeof *w->clear);
        for (int i = 0; i < nouter; i++)
            if (scope_local(&s, outer[i]) < 0) {
                w->clear[w->nclear++] = resolve(C, outer[i]);
                scope_add(C, &s, outer[i]);
                w->clear[w->nclear++] = s.slots[s.n - 1];
            }
    }
    scope_declare(C, &s, body);
    if (var && !one && !(loop->k[2] = target(C, var))) {
        scope_close(C, &s);
        return NULL;
    }
    C->loops++;
    cnode *b = cx(C, body);
    C->loops--;
    C->nfixed = nfixed;
    if (w && b) {
        w->k[0] = b;
        b = w;
    }
    loop_var(loop, &s, one);
    scope_close(C, &s);
    return b;
}

/* One clause of a try (which: TRY_BODY …) as a scope of its own, as Julia's try and
 * catch blocks are: a name first assigned in it is its local, fresh at every entry. */
static cnode *try_clause(comp *C, const ast *n, int which)
{
    const ast *k = eval_try_clause(n, which);
    if (!k)
        return NULL;
    const ast *var = which == TRY_CATCH ? k->kids[0] : NULL;
    const ast *block = which == TRY_BODY ? k : which == TRY_CATCH ? k->kids[1] : k->kids[0];
    cnode *c = mk(C, NULL, k, 1);
    cscope s;
    scope_open(C, &s);
    if (var && var->kind == A_ID)
        scope_add(C, &s, var->sym);
    scope_declare(C, &s, block);
    c->k[0] = cx(C, block);
    c->a = var && var->kind == A_ID ? s.slots[0] : -1;
    clear_from(c, &s, 0);
    scope_close(C, &s);
    return c;
}

/* Level `level` of for spec, spec … (iters, ni of them; n the A_FOR): each level a loop
 * node whose body is the next level's, the last one's the loop's body, which gets fresh
 * copies of the outer levels' variables (*outer, their names so far).  A break leaves
 * every level; for outer is left to the tree walker. */
static cnode *for_level(comp *C, const ast *n, const ast *const *iters, int ni, int level,
                        int **outer, int *nouter, int *cap)
{
    const ast *spec = iters[level];
    int outer_var = spec->kind == A_ITER && (spec->flags & AF_PREFIX); /* for outer i */
    if (spec->kind != A_ITER || spec->nkids != 2 ||
        (outer_var && (level != ni - 1 || spec->kids[0]->kind != A_ID || resolve(C, spec->kids[0]->sym) < 0)) ||
        (spec->kids[0]->kind != A_ID && spec->kids[0]->kind != A_TUPLE))
        return fail(C), NULL;
    cnode *c = mk(C, cn_for, ni > 1 ? spec : n, 3);
    c->b = (level > 0) | (outer_var ? 2 : 0);
    if (!(c->k[0] = cx(C, spec->kids[1])))
        return NULL;
    const ast *var = spec->kids[0];
    if (outer_var) { /* the loop sets the enclosing local, and leaves it set */
        int slot = resolve(C, var->sym);
        if (!(c->k[1] = loop_body(C, c, n->kids[1], NULL, *outer, *nouter)))
            return NULL;
        c->a = slot;
        return c;
    }
    if (level == ni - 1)
        return (c->k[1] = loop_body(C, c, n->kids[1], var, *outer, *nouter)) ? c : NULL;
    cscope s;
    scope_open(C, &s);
    int one = var->kind == A_ID;
    add_names(C, &s, var);
    if (!one && !(c->k[2] = target(C, var))) {
        scope_close(C, &s);
        return NULL;
    }
    for (int i = 0; i < s.n; i++)
        push_int(outer, nouter, cap, s.syms[i]);
    c->k[1] = for_level(C, n, iters, ni, level + 1, outer, nouter, cap);
    loop_var(c, &s, one);
    scope_close(C, &s);
    return c->k[1] ? c : NULL;
}

/* let x = v, y; body end: a hard scope whose bindings are its first locals, each made
 * after its right side is compiled (so that side sees the names before it, and the
 * scope around for its own name); the body's assignments are declared after them.  A
 * binding that destructures, declares a type or defines a function, or names a
 * variable twice, is left to the tree walker. */
static cnode *let(comp *C, const ast *n)
{
    const ast *const *bk;
    int nb = eval_head_items(n, &bk);
    cnode *c = mk(C, cn_let, n, nb + 1);
    cscope s;
    scope_open(C, &s);
    s.hard = 1;
    for (int i = 0; i < nb && C->ok; i++) {
        const ast *b = bk[i], *t = b->kind == A_ASSIGN ? b->kids[0] : b;
        if (t->kind != A_ID || (b->kind == A_ASSIGN && (b->flags & AF_DOTTED)) ||
            scope_local(&s, t->sym) >= 0) {
            fail(C);
            break;
        }
        if (b->kind == A_ID) {
            scope_add(C, &s, t->sym);
            c->k[i] = mk(C, cn_nothing, b, 0);
            continue;
        }
        cnode *a = mk(C, cn_assign, b, 2);
        if (!(a->k[1] = cx(C, b->kids[1])))
            break;
        scope_add(C, &s, t->sym);
        if (!(a->k[0] = target(C, t)))
            break;
        c->k[i] = a;
    }
    if (C->ok) {
        scope_declare(C, &s, n->kids[1]);
        c->k[nb] = cx(C, n->kids[1]);
    }
    clear_from(c, &s, 0);
    scope_close(C, &s);
    return C->ok ? c : NULL;
}

static cnode *cx_kind(comp *C, const ast *n)
{
    cnode *c;
    switch ((ast_kind)n->kind) {
    case A_LIT:
        return mk(C, cn_const, n, 0);
    case A_NOTHING:
        return mk(C, cn_nothing, n, 0);
    case A_ID:
        return name(C, n);
    case A_QUOTE:
        if (n->nkids == 1 && n->kids[0]->kind == A_ID) {
            c = mk(C, cn_symbol, n, 0);
            c->a = eval_name_symbol(C->ctx, n->kids[0]);
            return c;
        }
        return foreign(C, n);
    case A_PARENS:
        return n->nkids ? cx(C, n->kids[0]) : mk(C, cn_nothing, n, 0);
    case A_CALL:
    case A_DOTCALL:
        return call(C, n);
    case A_CHAIN:
        return chain(C, n);
    case A_CURLY:
        if (n->nkids > CMAXARGS || !plain_args(n, 0))
            return fail(C), NULL;
        c = mk(C, cn_curly, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_JUXT:
        c = mk(C, cn_juxt, n, 2);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_TUPLE:
        if (eval_is_named_tuple_form(n)) { /* the field values; names from n at run time */
            const ast *items[NT_MAX], *val;
            int m = eval_named_tuple_items(n, items, NT_MAX);
            if (m < 0)
                return fail(C), NULL;
            int merged;
            if (eval_named_tuple_bad(C->ctx, items, m, &merged) >= 0) /* the walker's error */
                return fail(C), NULL;
            c = mk(C, merged ? cn_namedtuple_merge : cn_namedtuple, n, m);
            for (int i = 0; i < m; i++) {
                eval_named_tuple_part(C->ctx, items[i], &val);
                if (!(c->k[i] = cx(C, val)))
                    return NULL;
            }
            return c;
        }
        for (uint32_t i = 0; i < n->nkids; i++)
            if (n->kids[i]->kind == A_ASSIGN)
                return fail(C), NULL;
        if (!n->nkids || !plain_args(n, 0))
            return fail(C), NULL;
        c = mk(C, cn_tuple, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_REF:
        if (n->nkids < 1 || n->nkids > 33 || !plain_args(n, 1))
            return fail(C), NULL;
        c = mk(C, cn_ref, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_BEGIN_END:
        return mk(C, cn_foreign, n, 0);
    case A_STRING:
        if (n->nkids == 1 && n->kids[0]->kind == A_LIT && n->kids[0]->lit_type == T_STRING)
            return mk(C, cn_const, n->kids[0], 0);
        c = mk(C, cn_string, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_DOT: {
        const ast *f = n->kids[1];
        if (f->kind == A_QUOTE && f->nkids == 1)
            f = f->kids[0];
        if (f->kind == A_PARENS && f->nkids == 1)
            f = f->kids[0];
        if (f->kind != A_ID)
            return fail(C), NULL;
        c = mk(C, cn_dot, n, 1);
        c->a = f->sym;
        return (c->k[0] = cx(C, n->kids[0])) ? c : NULL;
    }
    case A_COMPARISON:
        if (n->nkids < 3 || !(n->nkids & 1))
            return fail(C), NULL;
        c = mk(C, cn_comparison, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_ASSIGN:
        if ((n->flags & AF_DOTTED) || n->kids[0]->kind == A_CALL)
            return fail(C), NULL;
        c = mk(C, cn_assign, n, 2);
        if (!(c->k[1] = cx(C, n->kids[1])) || !(c->k[0] = target(C, n->kids[0])))
            return NULL;
        return c;
    case A_OPASSIGN:
        c = mk(C, cn_opassign, n, 4);
        if (!(c->k[0] = cx(C, n->kids[0])) || !(c->k[1] = cx(C, n->kids[2])) ||
            !(c->k[2] = cx(C, n->kids[1])) || !(c->k[3] = target(C, n->kids[0])))
            return NULL;
        if (c->k[3]->a == T_SLOT && c->k[0]->run == cn_slot && is_leaf(c->k[1]) &&
            c->k[2]->run == cn_free)
            c->run = cn_opassign_sc;
        if (c->k[3]->a == T_GLOBAL && c->k[0]->run == cn_free && is_leaf(c->k[1]) &&
            c->k[2]->run == cn_free)
            c->run = cn_opassign_gc;
        if (c->k[3]->a == T_INDEX)
            c->run = cn_opassign_index;
        return c;
    case A_LOCAL:
    case A_GLOBAL: {
        /* local x, local x = v, global x, global x = v: declared by the scan */
        c = mk(C, cn_block, n, (int)n->nkids);
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            if (k->kind == A_ID || (n->kind == A_LOCAL && k->kind == A_TYPED))
                c->k[i] = mk(C, cn_nothing, k, 0);
            else if (k->kind == A_ASSIGN && !(k->flags & AF_DOTTED) &&
                     (k->kids[0]->kind == A_ID || (n->kind == A_LOCAL && k->kids[0]->kind == A_TYPED))) {
                cnode *a = mk(C, cn_assign, k, 2);
                if (!(a->k[1] = cx(C, k->kids[1])) || !(a->k[0] = target(C, k->kids[0])))
                    return NULL;
                c->k[i] = a;
            } else if (n->kind == A_GLOBAL && ((k->kind == A_OPASSIGN && k->kids[0]->kind == A_ID) ||
                       (k->kind == A_ASSIGN && !(k->flags & AF_DOTTED) && k->kids[0]->kind == A_TUPLE))) {
                /* global c += 1, global a, b = 1, 2: the names are the scope's globals */
                if (!(c->k[i] = cx(C, k)))
                    return NULL;
            } else
                return fail(C), NULL;
        }
        return n->nkids ? c : mk(C, cn_nothing, n, 0);
    }
    case A_TERNARY: case A_IF: case A_ELSEIF:
        c = mk(C, cn_if, n, (int)n->nkids);
        return n->nkids >= 2 && kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_AND: case A_OR:
        c = mk(C, cn_andor, n, 2);
        c->a = n->kind == A_OR;
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_BLOCK:
        return block(C, n);
    case A_WHILE:
        c = mk(C, cn_while, n, 2);
        if (!(c->k[0] = cx(C, n->kids[0])))
            return NULL;
        return (c->k[1] = loop_body(C, c, n->kids[1], NULL, NULL, 0)) ? c : NULL;
    case A_FOR: {
        const ast *const *iters;
        int ni = eval_head_items(n, &iters), *outer = NULL, nouter = 0, cap = 0;
        c = ni > 0 ? for_level(C, n, iters, ni, 0, &outer, &nouter, &cap) : (fail(C), NULL);
        free(outer);
        return c;
    }
    case A_TRY:
        c = mk(C, cn_try, n, 4);
        for (int w = TRY_BODY; w <= TRY_FINALLY; w++)
            if (!(c->k[w] = try_clause(C, n, w)) && (!C->ok || eval_try_clause(n, w)))
                return fail(C), NULL;
        return c;
    case A_LET:
        return n->nkids == 2 ? let(C, n) : (fail(C), NULL);
    case A_TYPED:
        if (n->nkids != 2)
            return fail(C), NULL;
        c = mk(C, cn_typeassert, n, 2);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_RETURN:
        if (!C->function)
            return fail(C), NULL;
        c = mk(C, cn_return, n, n->nkids ? 1 : 0);
        return !n->nkids || (c->k[0] = cx(C, n->kids[0])) ? c : NULL;
    case A_BREAK: case A_CONTINUE:
        if (!C->loops)
            return fail(C), NULL;
        c = mk(C, cn_break, n, 0);
        c->a = n->kind == A_BREAK ? EV_BREAK : EV_CONTINUE;
        return c;
    case A_MACROCALL: {
        const ast *x;
        if (eval_macro_annotation(C->ctx, n, &x)) /* @inbounds for …: the loop itself */
            return x ? cx(C, x) : mk(C, cn_nothing, n, 0);
        return foreign(C, n);
    }
    case A_VECT: /* [a, b]: a splat or an assignment among them is the walker's */
        for (uint32_t i = 0; i < n->nkids; i++)
            if (n->kids[i]->kind == A_ASSIGN)
                return foreign(C, n);
        if (!plain_args(n, 0))
            return foreign(C, n);
        c = mk(C, cn_vect, n, (int)n->nkids);
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_HCAT: case A_VCAT: /* [a b] and [a; b] of expressions: rows and splats are the walker's */
        for (uint32_t i = 0; i < n->nkids; i++)
            if (n->kids[i]->kind == A_ASSIGN || n->kids[i]->kind == A_ROW)
                return foreign(C, n);
        if (!n->nkids || !plain_args(n, 0))
            return foreign(C, n);
        c = mk(C, cn_cat, n, (int)n->nkids);
        c->a = n->kind == A_HCAT ? 2 : 1;
        return kids_into(C, c, n, 0, 0) ? c : NULL;
    case A_NCAT: case A_ROW:
    case A_TYPED_VECT: case A_TYPED_HCAT: case A_TYPED_VCAT: case A_COMPREHENSION:
    case A_TYPED_COMPREHENSION: case A_GENERATOR: case A_ARROW:
    case A_DO: case A_SYNOP: case A_WHERE: case A_BRACES:
        return foreign(C, n);
    case A_FUNCDEF:
        return localdef(C, n);
    default:
        return fail(C), NULL;
    }
}

static cnode *cx(comp *C, const ast *n)
{
    if (!C->ok || ++C->depth > CMAXDEPTH)
        return fail(C), NULL;
    cnode *c = cx_kind(C, n);
    C->depth--;
    if (!c) {
        C->ok = 0;
        if (!C->why)
            C->why = n;
    }
    return c;
}

void eval_code_free(struct ccode *code)
{
    if (!code)
        return;
    for (cnode *c = code->nodes, *next; c; c = next) {
        next = c->next;
        free(c->k);
        free(c->clear);
        free(c);
    }
    free(code->kwslot);
    free(code->kwdef);
    free(code->boxed);
    free(code->kwtype);
    free(code);
}

/* Whether n nests no deeper than `left` more levels: the scans below recurse over the
 * whole body, so a deeper one (a chain 1-1-…-1 of a million terms, which the tree
 * walker runs as a loop) is not compiled, and they stay within a small stack. */
static int shallow(const ast *n, int left)
{
    if (left == 0)
        return 0;
    for (uint32_t i = 0; i < n->nkids; i++)
        if (!shallow(n->kids[i], left - 1))
            return 0;
    return 1;
}

/* Compiles a body; for a method (function), params are its parameters' names (slots
 * 0 .. nparams-1), and m its keyword parameters: each gets the next slot, after its
 * default and its type are compiled in the scope of the parameters before it. */
static struct ccode *compile(jc_ctx *ctx, const ast *body, struct env *closure, int function,
                             const int *params, int nparams, const jc_method *m, const ast **why)
{
    *why = body;
    if (!shallow(body, 2 * CMAXDEPTH))
        return NULL;
    int nkw = m ? m->nkw : 0;
    struct ccode *code = xcalloc(1, sizeof *code);
    comp C = { .ctx = ctx, .code = code, .closure = closure, .function = function, .ok = 1,
               .np = function ? nparams + nkw : 0, .root = function ? body : NULL };
    for (int i = 0; i < nparams; i++)
        cand_add(&C, params[i]);
    for (int k = 0; k < nkw; k++) {
        cand_add(&C, m->kwparams[k]);
        if (m->kwdefaults[k])
            cand_scan(&C, m->kwdefaults[k]);
    }
    cand_scan(&C, body);
    cscope s;
    scope_open(&C, &s);
    if (function)
        for (int i = 0; i < nparams; i++)
            scope_add(&C, &s, params[i]);
    else
        s.global = 1;
    if (nkw) {
        code->nkw = nkw;
        code->kwslot = xcalloc((size_t)nkw, sizeof *code->kwslot);
        code->kwdef = xcalloc((size_t)nkw, sizeof *code->kwdef);
        code->kwtype = xcalloc((size_t)nkw, sizeof *code->kwtype);
        for (int k = 0; k < nkw && C.ok; k++) {
            if (m->kwparams[k] < 0 || scope_local(&s, m->kwparams[k]) >= 0) {
                fail(&C);
                break;
            }
            if (m->kwdefaults[k])
                code->kwdef[k] = cx(&C, m->kwdefaults[k]);
            if (m->kwtypes && m->kwtypes[k])
                code->kwtype[k] = cx(&C, m->kwtypes[k]);
            scope_add(&C, &s, m->kwparams[k]);
            code->kwslot[k] = s.slots[s.n - 1];
        }
    }
    if (function && C.ok) {
        scope_declare(&C, &s, body);
        box_scan(&C, &s, body);
        code->nboxed = C.nboxed;
        code->boxed = C.boxed;
    }
    code->root = cx(&C, body);
    scope_close(&C, &s);
    free(C.cand);
    free(C.assigned);
    free(C.twice);
    free(C.settled);
    free(C.fixed);
    if (C.why)
        *why = C.why;
    if (!C.ok || !code->root) {
        eval_code_free(code);
        return NULL;
    }
    return code;
}

/* ---- running ---- */

enum { CINLINE_SLOTS = 16 };

/* Lets go of a frame's slots and of the scope its foreign nodes ran in. */
static void unwind(jc_ctx *ctx, const struct ccode *code, cframe *fr)
{
    for (int i = 0; i < code->nslots; i++)
        drop(ctx, fr->slot[i]);
    if (fr->fenv)
        eval_scope_drop(ctx, fr->fenv);
}

static int run(jc_ctx *ctx, struct ccode *code, cframe *fr, value *out)
{
    if (code->nboxed) { /* the shared locals, unassigned, where closures will see them */
        fr->fenv = eval_scope_open(fr->closure, fr->function);
        for (int i = 0; i < code->nboxed; i++)
            eval_scope_define(ctx, fr->fenv, code->boxed[i], v_unassigned());
    }
    int r = code->root->run(ctx, fr, code->root, out);
    unwind(ctx, code, fr);
    return r;
}

/* Binds m's keyword parameters in fr as the tree walker's call_body does: the value
 * the call gives (a), else the default run in the frame so far, then the declared
 * type checked.  0, -1 with the error pending, or EV_RETURN with *out when a default
 * returns from the call (f(; k = return 5), as Julia's). */
static int bind_keywords(jc_ctx *ctx, const jc_method *m, const struct ccode *code, cframe *fr,
                         const jc_args *a, value *out)
{
    for (int k = 0; k < code->nkw; k++) {
        const value *given = eval_kw_given(m, k, a);
        value v, t;
        if (k == m->kwrest - 1) {
            if (eval_kw_rest(ctx, m, a, &v) < 0)
                return -1;
            set_slot(ctx, fr, code->kwslot[k], v);
            continue;
        }
        if (given)
            v = val_retain(*given);
        else if (m->restopt && k == m->nposopt - 1)
            v = v_tuple_new(0); /* f(x, y = 0, rest...) called as f(1): rest is () */
        else if (!code->kwdef[k])
            return eval_kw_unassigned(ctx, m, k, a);
        else
            CHILD(code->kwdef[k], v, (void)0);
        if (code->kwtype[k]) {
            CHILD(code->kwtype[k], t, val_release(v));
            int r = eval_kw_typecheck(ctx, m, k, a, v, t);
            val_release(t);
            if (r < 0) {
                val_release(v);
                return -1;
            }
        }
        set_slot(ctx, fr, code->kwslot[k], v);
    }
    return 0;
}

int eval_code_call(jc_ctx *ctx, jc_method *m, int n, const value *args, const type_env *tv,
                   const jc_args *a, value *out, int *handled)
{
    *handled = 0;
    if (m->code_state == 0) {
        m->code_state = 2;
        if (ST(ctx)->no_shortcuts & SC_COMPILE)
            return 0;
        int np = m->nparams + m->ntvars, *params = xmalloc((size_t)(np + 1) * sizeof *params);
        memcpy(params, m->params, (size_t)m->nparams * sizeof *params);
        for (int i = 0; i < m->ntvars; i++)
            params[m->nparams + i] = m->tvars[i]->sym ? m->tvars[i]->sym - 1 : -1;
        const ast *why = NULL;
        if (m->body && (m->code = compile(ctx, m->body, m->closure, 1, params, np, m, &why)))
            m->code_state = 1;
        else if (ST(ctx)->report_walked && why) {
            int line, col;
            err_position_in(ctx->src, ctx->srclen, ctx->first_line, why->off, &line, &col);
            fprintf(stderr, "jcalc: walked: a method body, at %s:%d:%d (%s)\n",
                    ctx->srcname ? ctx->srcname : "none", line, col, ast_kind_name((ast_kind)why->kind));
        }
        free(params);
    }
    if (m->code_state != 1)
        return 0;
    *handled = 1;
    struct ccode *code = m->code;
    value inl[CINLINE_SLOTS], *slot = code->nslots <= CINLINE_SLOTS ? inl
                                     : xmalloc((size_t)code->nslots * sizeof *slot);
    for (int i = 0; i < code->nslots; i++)
        slot[i] = v_unassigned();
    int fixed = m->nparams - (m->vararg ? 1 : 0);
    for (int i = 0; i < fixed && i < n; i++)
        slot[i] = val_retain(args[i]);
    if (m->vararg) {
        int rest = n > fixed ? n - fixed : 0;
        value t = v_tuple_new((size_t)rest);
        for (int i = 0; i < rest; i++)
            val_tuple(t)->v[i] = val_retain(args[fixed + i]);
        slot[fixed] = t;
    }
    /* the where variables are bound to what the call matched (f(x::T) where T = T) */
    for (int i = 0; tv && i < m->ntvars && i < tv->n; i++)
        if (tv->val[i] && m->tvars[i]->sym)
            slot[m->nparams + i] = tv->val[i]->base == TK_VALUE
                                       ? val_retain(tv->val[i]->val)
                                       : val_retain(v_obj(T_TYPE, 0, &tv->val[i]->h));
    cframe fr = { slot, m->closure, NULL, 1 };
    int r = code->nkw ? bind_keywords(ctx, m, code, &fr, a, out) : 0;
    if (r != 0)
        unwind(ctx, code, &fr);
    else
        r = run(ctx, code, &fr, out);
    if (slot != inl)
        free(slot);
    return r == EV_RETURN ? 0 : r;
}

int eval_code_toplevel(jc_ctx *ctx, const ast *n, value *out, int *handled)
{
    const ast *why;
    struct ccode *code = ST(ctx)->no_shortcuts & SC_COMPILE ? NULL : compile(ctx, n, NULL, 0, NULL, 0, NULL, &why);
    *handled = code != NULL;
    if (!code)
        return 0;
    value inl[CINLINE_SLOTS], *slot = code->nslots <= CINLINE_SLOTS ? inl
                                     : xmalloc((size_t)code->nslots * sizeof *slot);
    for (int i = 0; i < code->nslots; i++)
        slot[i] = v_unassigned();
    cframe fr = { slot, NULL, NULL, 0 };
    int r = run(ctx, code, &fr, out);
    if (slot != inl)
        free(slot);
    eval_code_free(code);
    return r;
}
