/* eval_state.c — the evaluator's state: scopes, globals, the stack budget, the cycle
 * collector, and the installation of the builtins into a context. */

#include "eval_impl.h"

#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/resource.h>

#include "array.h"
#include "exc.h"
#include "lib/io.h"
#include "range.h"

env *eval_scope_open(env *parent, int function)
{
    env *e = xmalloc(sizeof *e);
    e->refs = 1;
    e->function = (uint8_t)function;
    e->gc = 0;
    e->parent = parent;
    e->n = 0;
    e->cap = ENV_INLINE;
    e->syms = e->isyms;
    e->vals = e->ivals;
    e->nglobal = 0;
    e->globals = NULL;
    e->typed = NULL;
    e->st = NULL;
    if (parent)
        parent->refs++;
    return e;
}

static void local_count_drop(env *e);

/* The scope's own storage, once what it held has been let go of. */
static void env_free_storage(env *e)
{
    local_count_drop(e);
    if (e->syms != e->isyms) {
        free(e->syms);
        free(e->vals);
    }
    free(e->globals);
    eval_typed_free(e->typed);
    free(e);
}

void eval_scope_release(env *e)
{
    while (e && --e->refs == 0) {
        env *parent = e->parent;
        val_release_n(e->vals, e->n);
        env_free_storage(e);
        e = parent;
    }
}

value *eval_scope_slot(env *e, int sym)
{
    for (int i = e->n - 1; i >= 0; i--)
        if (e->syms[i] == sym)
            return &e->vals[i];
    return NULL;
}

static void local_count_add(jc_ctx *ctx, env *e, int sym);

/* Defines sym in e (new local), taking ownership of v. */
void eval_scope_define(jc_ctx *ctx, env *e, int sym, value v)
{
    value *slot = eval_scope_slot(e, sym);
    if (slot) {
        value old = *slot;
        *slot = v;
        eval_drop(ctx, old);
        return;
    }
    if (e->n == e->cap) {
        int cap = 2 * e->cap;
        if (e->syms == e->isyms) {
            e->syms = xmalloc((size_t)cap * sizeof *e->syms);
            e->vals = xmalloc((size_t)cap * sizeof *e->vals);
            memcpy(e->syms, e->isyms, sizeof e->isyms);
            memcpy(e->vals, e->ivals, sizeof e->ivals);
        } else {
            e->syms = xrealloc(e->syms, (size_t)cap * sizeof *e->syms);
            e->vals = xrealloc(e->vals, (size_t)cap * sizeof *e->vals);
        }
        e->cap = cap;
    }
    e->syms[e->n] = sym;
    e->vals[e->n] = v;
    e->n++;
    local_count_add(ctx, e, sym);
}


/* ---- globals ---- */

/* Grows the zero-filled table *p of *n elements of size `size` until index i fits,
 * doubling from `first`. */
static void grow_zeroed(void **p, size_t *n, size_t i, size_t size, size_t first)
{
    if (i < *n)
        return;
    size_t cap = *n ? *n : first;
    while (cap <= i)
        cap *= 2;
    *p = xrealloc(*p, cap * size);
    memset((char *)*p + *n * size, 0, (cap - *n) * size);
    *n = cap;
}

static binding *global_slot(jc_ctx *ctx, int sym)
{
    if ((size_t)sym >= ctx->nglobals)
        grow_zeroed((void **)&ctx->globals, &ctx->nglobals, (size_t)sym, sizeof *ctx->globals, 256);
    return &ctx->globals[sym];
}

void eval_set_global(jc_ctx *ctx, int sym, value v)
{
    binding *b = global_slot(ctx, sym);
    value old = b->v;
    int had = b->defined;
    b->v = v;
    b->defined = 1;
    if (had)
        eval_drop(ctx, old);
}

int eval_call_global(jc_ctx *ctx, const char *name, int n, const value *args, const ast *site,
                     value *out)
{
    value f;
    if (eval_get_global(ctx, name, &f) < 0)
        return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined", name);
    int r = eval_call(ctx, f, n, args, site, out);
    val_release(f);
    return r;
}

int eval_get_global(jc_ctx *ctx, const char *name, value *out)
{
    int sym = sym_find(ctx, name, strlen(name));
    if (sym < 0 || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined)
        return -1;
    *out = val_retain(ctx->globals[sym].v);
    return 0;
}

/* ---- stack budget ---- */

/* The stack of the calling thread: its size from pthread, or the rlimit for the main
 * thread (whose pthread size is the rlimit too, when glibc reports it). */
static size_t stack_budget(void)
{
    struct rlimit rl;
    size_t lim = 8u << 20;
    pthread_attr_t attr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        pthread_attr_getstacksize(&attr, &size);
        pthread_attr_destroy(&attr);
    }
    if (size)
        lim = size;
    else if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        lim = (size_t)rl.rlim_cur;
    if (lim > ((size_t)1 << 30))
        lim = (size_t)1 << 30;
    /* keep a margin for what runs below the last check: builtins, printing, GMP and
     * MPFR's stack temporaries, the sanitizers' own frames */
    size_t margin = lim / 8 > (1u << 20) ? lim / 8 : (1u << 20);
    return lim > 2 * margin ? lim - margin : lim / 2;
}


/* How many scopes bind each name.  A name no scope binds is a global wherever it is
 * read, so lookup goes straight to the globals without walking the scopes: the
 * operators and builtins a loop body calls, the function a recursion calls. */
static void local_count_add(jc_ctx *ctx, env *e, int sym)
{
    evstate *st = ST(ctx);
    if (!st)
        return;
    if ((size_t)sym >= st->nlocal_cap)
        grow_zeroed((void **)&st->nlocal, &st->nlocal_cap, (size_t)sym, sizeof *st->nlocal, 1024);
    e->st = st;
    st->nlocal[sym]++;
}

static void local_count_drop(env *e)
{
    if (e->st)
        for (int i = 0; i < e->n; i++)
            e->st->nlocal[e->syms[i]]--;
}


int eval_stack_check(jc_ctx *ctx, const ast *site)
{
    char here;
    evstate *st = ST(ctx);
    if (st->stack_base && (size_t)(st->stack_base - &here) > st->stack_budget)
        return err_throw(ctx, ERR_STACK, site, "%s", "");
    return 0;
}


/* ---- reference cycles ----
 *
 * Reference counting cannot free a cycle: an array that contains itself, or a scope
 * that holds a closure whose captured scope it is (`let x = f(e) = 1 end`).  This is
 * the synchronous trial-deletion collector of Bacon and Rajan ("Concurrent Cycle
 * Collection in Reference Counted Systems", 2001), over the nodes that can close a
 * cycle: arrays, tuples, named tuples, functions (through their methods' captured
 * scopes) and scopes (their values and parent).
 *
 * Candidates: when the evaluator lets go of a node that others still reference (a
 * global or local rebound, a scope left), its reference moves into ctx's candidate
 * buffer instead of being dropped.  At a safe point (the end of jc_eval, jc_free)
 * eval_collect_cycles takes the buffer's references back and, from the candidates:
 * subtracts every reference a node of the subgraph holds to another (mark gray); a node
 * left with a count above zero is referenced from outside (a global, the C stack of a
 * running builtin, a holder the walk does not know) and it and all it reaches are live
 * again (scan black); the rest (white) is garbage: first every reference the walk
 * enumerated from a white node is cut (marking gray has already paid for it, whether it
 * leads to garbage or to a live node), then each white node is released normally, which
 * releases only what the walk does not see (numbers, strings, types).  References the walk does not enumerate only keep nodes alive, so
 * the collector can fail to free, never free too much.  Cycles that became garbage
 * without the evaluator dropping a reference to them (an element overwritten inside a
 * builtin) are not found. */

enum { GC_BLACK = 0, GC_GRAY = 1, GC_WHITE = 2, GC_COLOR = 3, GC_BUFFERED = 4, GC_CUT = 8 };

typedef struct gcref {
    obj *o;        /* a node object, or NULL when this is a scope */
    env *e;
} gcref;

typedef struct gcstack {
    gcref *v;
    size_t n, cap;
} gcstack;

static void gcs_push(gcstack *s, gcref r)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->v = xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = r;
}

static int gc_is_node_type(int t)
{
    return t == T_ARRAY || t == T_TUPLE || t == T_NAMEDTUPLE || t == T_FUNCTION || t == T_EXCEPTION ||
           t == T_STRUCT;
}

static uint32_t *gc_refs(gcref r) { return r.o ? &r.o->refs : &r.e->refs; }
static uint8_t *gc_mark(gcref r) { return r.o ? &r.o->gc : &r.e->gc; }

/* The counted references r holds to other nodes, exactly those its free function
 * releases (array_free, the tuple frees, eval_func_free, eval_scope_release). */
typedef void (*gc_edge_fn)(gcref child, void *data);

static void gc_value_edge(value v, gc_edge_fn fn, void *data)
{
    if (gc_is_node_type(v.type))
        fn((gcref){ v.u.o, NULL }, data);
}

/* The values container o holds (an array's, a tuple's, a named tuple's, a struct's or an
 * exception's fields: BoundsError(a, i) holds its array): 1 with them in *el, *n; 0 for
 * another object, *el and *n untouched. */
static int gc_elements(const obj *o, value **el, size_t *n)
{
    switch (o->type) {
    case T_ARRAY: *el = ((jc_array *)o)->v; *n = (size_t)((jc_array *)o)->len; return 1;
    case T_TUPLE: *el = ((jc_tuple *)o)->v; *n = ((jc_tuple *)o)->n; return 1;
    case T_NAMEDTUPLE: *el = ((jc_namedtuple *)o)->v; *n = ((jc_namedtuple *)o)->n; return 1;
    case T_STRUCT: *el = ((jc_struct *)o)->v; *n = ((jc_struct *)o)->n; return 1;
    case T_EXCEPTION: *el = ((jc_exception *)o)->v; *n = ((jc_exception *)o)->n; return 1;
    default: return 0;
    }
}

static void gc_children(gcref r, gc_edge_fn fn, void *data)
{
    if (!r.o) {
        for (int i = 0; i < r.e->n; i++)
            gc_value_edge(r.e->vals[i], fn, data);
        if (r.e->parent)
            fn((gcref){ NULL, r.e->parent }, data);
        return;
    }
    value *el;
    size_t n;
    if (gc_elements(r.o, &el, &n))
        for (size_t i = 0; i < n; i++)
            gc_value_edge(el[i], fn, data);
    else if (r.o->type == T_FUNCTION)
        for (jc_method *m = ((jc_func *)r.o)->methods; m; m = m->next)
            if (m->closure)
                fn((gcref){ NULL, m->closure }, data);
}

static void gc_buffer(jc_ctx *ctx, gcref r)
{
    evstate *st = ST(ctx);
    if (st->ncand == st->capcand) {
        st->capcand = st->capcand ? 2 * st->capcand : 64;
        st->cand = xrealloc(st->cand, st->capcand * sizeof *st->cand);
    }
    st->cand[st->ncand++] = r;
    *gc_mark(r) |= GC_BUFFERED;
}


/* Lets go of the evaluator's reference to v: a node still referenced elsewhere may now
 * be garbage held by a cycle, so the reference goes to the candidate buffer (once per
 * node; a node already there just loses the reference). */
/* A value that can lie on a cycle: a container, a scope-holding function; a function
 * made of builtin rows alone holds no value, so dropping one (the context's thousand
 * builtin bindings at its end) never makes it a candidate. */
static int gc_may_cycle(value v)
{
    return gc_is_node_type(v.type) && !(v.type == T_FUNCTION && !val_func(v)->methods);
}

/* A tuple or named tuple of at most 16 elements none of which holds others: it is
 * immutable, so it can never be on a cycle, and a reference let go of need not make it
 * a candidate (t = (a = i, b = 2i) in a loop filled the buffer, and collected, at every
 * few thousand iterations). */
static int gc_leaf_tuple(value v)
{
    value *el;
    size_t k;
    if ((v.type != T_TUPLE && v.type != T_NAMEDTUPLE) || !gc_elements(v.u.o, &el, &k) || k > 16)
        return 0;
    for (size_t i = 0; i < k; i++)
        if (gc_is_node_type(el[i].type))
            return 0;
    return 1;
}

void eval_gc_drop_heap(jc_ctx *ctx, value v)
{
    if (!gc_may_cycle(v) || !ctx->lib) {
        val_release(v);
        return;
    }
    /* a container freed now drops its elements the same way (a worklist, not recursion:
     * nesting can be deep) */
    value *work = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (!gc_may_cycle(v))
            val_release(v);
        else if (v.u.o->refs > 1) {
            if ((v.u.o->gc & GC_BUFFERED) || gc_leaf_tuple(v))
                v.u.o->refs--;
            else
                gc_buffer(ctx, (gcref){ v.u.o, NULL });
        } else {
            /* a function's methods' captured scopes go as the evaluator leaves scopes: a
             * local function in one closes a cycle through it (f2 a global defined in
             * a call that also defined g) */
            env **closures = NULL;
            int nclosures = 0;
            if (v.type == T_FUNCTION)
                for (jc_method *m = val_func(v)->methods; m; m = m->next)
                    if (m->closure) {
                        closures = xrealloc(closures, (size_t)(nclosures + 1) * sizeof *closures);
                        closures[nclosures++] = m->closure;
                        m->closure = NULL;
                    }
            value *el = NULL;
            size_t k = 0;
            if (v.type != T_STRUCT) /* a struct's fields are released with it */
                gc_elements(v.u.o, &el, &k);
            for (size_t i = 0; i < k; i++)
                if (gc_is_node_type(el[i].type)) {
                    if (n == cap)
                        work = xrealloc(work, (cap = cap ? 2 * cap : 16) * sizeof *work);
                    work[n++] = el[i];
                    el[i] = v_nothing();
                }
            val_release(v);
            for (int i = 0; i < nclosures; i++)
                eval_scope_drop(ctx, closures[i]);
            free(closures);
        }
        if (!n)
            break;
        v = work[--n];
    }
    free(work);
}

/* eval_scope_release for the evaluator's own scopes: what the scope held is dropped as above. */
void eval_scope_drop(jc_ctx *ctx, env *e)
{
    while (e) {
        if (e->refs > 1) {
            if (e->gc & GC_BUFFERED)
                e->refs--;
            else
                gc_buffer(ctx, (gcref){ NULL, e });
            return;
        }
        env *parent = e->parent;
        for (int i = 0; i < e->n; i++)
            eval_drop(ctx, e->vals[i]);
        env_free_storage(e);
        e = parent;
    }
}

/* Empties a scope that nothing else holds for the next run of a loop body, as eval_scope_drop
 * would let go of what it held; 0 when it is shared (a closure captured it): then it is
 * dropped, and the next run gets a new one. */
int eval_scope_reuse(jc_ctx *ctx, env *e)
{
    if (e->refs != 1 || e->gc) {
        eval_scope_drop(ctx, e);
        return 0;
    }
    local_count_drop(e);
    int n = e->n;
    e->n = 0;
    for (int i = 0; i < n; i++)
        eval_drop(ctx, e->vals[i]);
    free(e->globals);
    e->globals = NULL;
    e->nglobal = 0;
    eval_typed_free(e->typed);
    e->typed = NULL;
    return 1;
}

/* mark gray: subtract the references inside the subgraph reachable from r. */
static void gc_gray_edge(gcref c, void *data)
{
    (*gc_refs(c))--;
    if ((*gc_mark(c) & GC_COLOR) != GC_GRAY) {
        *gc_mark(c) = (uint8_t)((*gc_mark(c) & ~GC_COLOR) | GC_GRAY);
        gcs_push(data, c);
    }
}

static void gc_black_edge(gcref c, void *data)
{
    (*gc_refs(c))++;
    if ((*gc_mark(c) & GC_COLOR) != GC_BLACK) {
        *gc_mark(c) &= (uint8_t)~GC_COLOR;
        gcs_push(data, c);
    }
}

/* scan black: r is live; restore the counts of everything it reaches. */
static void gc_scan_black(gcref r, gcstack *s)
{
    size_t base = s->n;
    *gc_mark(r) &= (uint8_t)~GC_COLOR;
    gcs_push(s, r);
    while (s->n > base)
        gc_children(s->v[--s->n], gc_black_edge, s);
}

static void gc_push_edge(gcref c, void *data) { gcs_push(data, c); }

static void gc_white_edge(gcref c, void *data)
{
    if ((*gc_mark(c) & GC_COLOR) == GC_WHITE && !(*gc_mark(c) & GC_CUT)) {
        *gc_mark(c) |= GC_CUT;
        gcs_push(data, c);
    }
}

/* Cuts every reference the walk enumerates from the white node r.  Marking gray already
 * subtracted each of them and nothing restored them (a white node is never scanned
 * black), so they are paid: the ones to other garbage must not be released twice, and
 * the ones to live (black) nodes must not be released again either. */
static void gc_cut(gcref r)
{
    if (!r.o) {
        for (int i = 0; i < r.e->n; i++)
            if (gc_is_node_type(r.e->vals[i].type))
                r.e->vals[i] = v_nothing();
        r.e->parent = NULL;
        return;
    }
    value *v = NULL;
    size_t n = 0;
    switch (r.o->type) {
    case T_ARRAY: v = ((jc_array *)r.o)->v; n = (size_t)((jc_array *)r.o)->len; break;
    case T_TUPLE: v = ((jc_tuple *)r.o)->v; n = ((jc_tuple *)r.o)->n; break;
    case T_NAMEDTUPLE: v = ((jc_namedtuple *)r.o)->v; n = ((jc_namedtuple *)r.o)->n; break;
    case T_EXCEPTION: v = ((jc_exception *)r.o)->v; n = ((jc_exception *)r.o)->n; break;
    case T_STRUCT: v = ((jc_struct *)r.o)->v; n = ((jc_struct *)r.o)->n; break;
    case T_FUNCTION:
        for (jc_method *m = ((jc_func *)r.o)->methods; m; m = m->next)
            m->closure = NULL;
        break;
    default:
        break;
    }
    for (size_t i = 0; i < n; i++)
        if (gc_is_node_type(v[i].type))
            v[i] = v_nothing();
}

void eval_release(jc_ctx *ctx, value v) { eval_drop(ctx, v); }

static size_t collect_cycles(jc_ctx *ctx);

void eval_collect_cycles(jc_ctx *ctx) { (void)collect_cycles(ctx); }

/* A collection in a loop: when most candidates turn out live (a big structure rebound
 * while still referenced elsewhere), the next one waits for twice as many, so that the
 * scans stay a fraction of the work; when most were garbage, the wait shrinks back. */
void eval_gc_collect(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    size_t n = st->ncand, freed = collect_cycles(ctx);
    if (freed < n / 2)
        st->gc_slack = st->gc_slack < ((size_t)1 << 24) ? 2 * st->gc_slack + GC_CANDIDATES : st->gc_slack;
    else
        st->gc_slack /= 2;
}

/* The number of nodes it frees. */
static size_t collect_cycles(jc_ctx *ctx)
{
    evstate *st = ctx->lib ? ST(ctx) : NULL;
    if (!st || !st->ncand)
        return 0;
    gcref *roots = st->cand;
    size_t nroots = st->ncand;
    st->cand = NULL;
    st->ncand = st->capcand = 0;
    gcstack s = { 0 }, scan = { 0 };
    /* the buffer's references are given back: a count that reaches zero here means
     * only the buffer held the node, and the scan below finds it white */
    for (size_t i = 0; i < nroots; i++) {
        *gc_mark(roots[i]) &= (uint8_t)~GC_BUFFERED;
        (*gc_refs(roots[i]))--;
    }
    for (size_t i = 0; i < nroots; i++) {
        if ((*gc_mark(roots[i]) & GC_COLOR) == GC_GRAY)
            continue;
        *gc_mark(roots[i]) = (uint8_t)((*gc_mark(roots[i]) & ~GC_COLOR) | GC_GRAY);
        gcs_push(&s, roots[i]);
        while (s.n)
            gc_children(s.v[--s.n], gc_gray_edge, &s);
    }
    for (size_t i = 0; i < nroots; i++) {
        gcs_push(&scan, roots[i]);
        while (scan.n) {
            gcref r = scan.v[--scan.n];
            if ((*gc_mark(r) & GC_COLOR) != GC_GRAY)
                continue;
            if (*gc_refs(r) > 0) {
                gc_scan_black(r, &s);
                continue;
            }
            *gc_mark(r) = (uint8_t)((*gc_mark(r) & ~GC_COLOR) | GC_WHITE);
            gc_children(r, gc_push_edge, &scan);
        }
    }
    /* the garbage: every white node reachable from a root, marked CUT once */
    gcstack white = { 0 };
    for (size_t i = 0; i < nroots; i++) {
        gcref r = roots[i];
        if ((*gc_mark(r) & GC_COLOR) != GC_WHITE || (*gc_mark(r) & GC_CUT))
            continue;
        *gc_mark(r) |= GC_CUT;
        gcs_push(&s, r);
        while (s.n) {
            gcref w = s.v[--s.n];
            gcs_push(&white, w);
            gc_children(w, gc_white_edge, &s);
        }
    }
    for (size_t i = 0; i < white.n; i++)
        gc_cut(white.v[i]);
    for (size_t i = 0; i < white.n; i++) {
        gcref w = white.v[i];
        *gc_mark(w) = 0;
        if (w.o) {
            w.o->refs = 0;
            val_release_obj(w.o);
        } else {
            w.e->refs = 1;
            eval_scope_release(w.e);
        }
    }
    size_t freed = white.n;
    free(white.v);
    free(s.v);
    free(scan.v);
    free(roots);
    return freed;
}

/* ---- installation ---- */

__attribute__((weak)) const eval_rows_snapshot *eval_boot_rows = NULL;

int32_t *eval_builtin_rowsyms(jc_ctx *ctx, size_t *nrows)
{
    *nrows = lib_table_rows();
    int32_t *rowsym = xmalloc((*nrows ? *nrows : 1) * sizeof *rowsym);
    size_t i = 0;
    for (const builtin *const *t = lib_tables; *t; t++)
        for (const builtin *b = *t; b->name; b++, i++) {
            size_t len = strlen(b->name);
            int sym = sym_intern(ctx, b->name, len);
            binding *slot = global_slot(ctx, sym);
            if (slot->defined && slot->v.type == T_TYPE)
                sym = eval_type_function_sym(ctx, b->name, len);
            rowsym[i] = sym;
        }
    return rowsym;
}

void eval_install_builtins(jc_ctx *ctx)
{
    val_kind_set_free(T_FUNCTION, eval_func_free);
    val_kind_set_free(T_ARRAY, array_free);
    val_kind_set_free(T_RANGE, range_free);
    val_kind_set_free(T_EXCEPTION, exc_free);
    val_kind_set_free(T_IOBUFFER, io_free);
    val_kind_set_free(T_IOSTREAM, io_free);
    val_kind_set_free(T_DEVNULL, io_free);
    eval_show_install(ctx);
    evstate *st = xcalloc(1, sizeof *st);
    ctx->lib = st;
    st->stack_budget = stack_budget();
    st->report_walked = getenv("JCALC_REPORT_WALKED") != NULL;
    const char *sc = getenv("JCALC_NO_SHORTCUTS");
    if (sc) {
        int all = strstr(sc, "all") != NULL;
        st->no_shortcuts = (all || strstr(sc, "fast") ? SC_FAST : 0) |
                           (all || strstr(sc, "compile") ? SC_COMPILE : 0) |
                           (all || strstr(sc, "fold") ? SC_FOLD : 0);
    }
#define S(field, text) st->field = sym_intern(ctx, text, strlen(text))
    S(sym_ans, "ans");
    S(sym_pow, "^");
    S(sym_minus, "-");
    S(sym_colon, ":");
    S(sym_mul, "*");
    S(sym_plus, "+");
    S(sym_end, "end");
    S(sym_begin, "begin");
    S(sym_lastindex, "lastindex");
    S(sym_firstindex, "firstindex");
    S(sym_getindex, "getindex");
    S(sym_sum, "sum");
    S(sym_prod, "prod");
    S(sym_maximum, "maximum");
    S(sym_minimum, "minimum");
    S(sym_count, "count");
    S(sym_any, "any");
    S(sym_all, "all");
    S(sym_init, "init");
    S(sym_setindex, "setindex!");
    S(sym_adjoint, "'");
    S(sym_base, "Base");
    S(sym_mathconstants, "MathConstants");
    S(sym_math, "Math");
#undef S
    /* constants first: a type name bound to its type value keeps its conversion rows
     * reachable through calls on the type (eval_call_kw) */
    eval_install_constants(ctx);
    eval_install_val(ctx, &st->typedefs);
    /* A thousand rows under some eight hundred names: the function objects and their
     * row lists are two blocks, counted first, so that start-up and jc_free do not
     * allocate and free each (the start-up of `jcalc -e 1+1` is mostly this). */
    size_t nrows;
    int32_t *made = NULL;
    const int32_t *rowsym;
    if (eval_boot_rows && eval_boot_rows->nrows == lib_table_rows())
        rowsym = eval_boot_rows->rowsym, nrows = eval_boot_rows->nrows;
    else
        rowsym = made = eval_builtin_rowsyms(ctx, &nrows);
    size_t i;
    /* per symbol: its row count, then its function's index (+1) in the block */
    size_t nsyms = ctx->syms.n;
    int *count = xcalloc(nsyms, sizeof *count), *fidx = xcalloc(nsyms, sizeof *fidx);
    size_t nfuncs = 0;
    for (i = 0; i < nrows; i++)
        if (count[rowsym[i]]++ == 0 && !global_slot(ctx, rowsym[i])->defined)
            fidx[rowsym[i]] = (int)++nfuncs;
    st->builtin_funcs = xcalloc(nfuncs ? nfuncs : 1, sizeof *st->builtin_funcs);
    st->builtin_rows = xmalloc((nrows ? nrows : 1) * sizeof *st->builtin_rows);
    size_t used = 0;
    for (size_t s = 0; s < nsyms; s++)
        if (fidx[s]) {
            jc_func *f = &st->builtin_funcs[fidx[s] - 1];
            f->h.refs = 1;
            f->h.type = T_FUNCTION;
            f->name = (int)s;
            f->in_block = 1;
            f->rows = st->builtin_rows + used;
            used += (size_t)count[s];
            binding *slot = global_slot(ctx, (int)s);
            slot->v = v_obj(T_FUNCTION, 0, &f->h);
            slot->defined = 1;
            slot->constant = CONST_BUILTIN;
        }
    i = 0;
    for (const builtin *const *t = lib_tables; *t; t++)
        for (const builtin *b = *t; b->name; b++, i++)
            if (fidx[rowsym[i]]) {
                jc_func *f = &st->builtin_funcs[fidx[rowsym[i]] - 1];
                f->rows[f->nrows++] = b;
            }
    free(made);
    free(count);
    free(fidx);
}

void eval_recover(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    ctx->frames = NULL;
    ctx->nframes = 0;
    ctx->depth = 0;
    st->nix = 0;
    st->cur_arena = NULL;
    st->returning = v_nothing();
    st->ctl_value = v_nothing();
    ctx->catching = NULL;
    eval_excs_pop(ctx, 0);
}

void eval_free_state(jc_ctx *ctx)
{
    eval_excs_free(ctx);
    if (ctx->lib) {
        eval_modules_free(ctx);
        eval_free_replaced(ST(ctx));
        eval_typed_free(ST(ctx)->gtyped);
        ST(ctx)->gtyped = NULL;
        eval_release(ctx, ST(ctx)->returning);
        ST(ctx)->returning = v_nothing();
        eval_release(ctx, ST(ctx)->ctl_value);
        ST(ctx)->ctl_value = v_nothing();
        eval_collect_cycles(ctx);
        type_release(ST(ctx)->gen_type);
        type_release(ST(ctx)->filter_type);
        type_release(ST(ctx)->expr_type);
        type_release(ST(ctx)->quote_type);
        type_release(ST(ctx)->method_type);
        type_release(ST(ctx)->mlist_type);
        type_release(ST(ctx)->pairs_type);
        eval_typedefs_free(ST(ctx)->typedefs);
        free(ST(ctx)->builtin_funcs);
        free(ST(ctx)->builtin_rows);
        free(ST(ctx)->nlocal);
    }
    free(ctx->lib);
    ctx->lib = NULL;
}
