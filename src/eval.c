/* eval.c — the tree-walking evaluator.
 *
 * Scopes: the global scope is ctx->globals, indexed by symbol id.  Local scopes (function
 * calls, let, loop bodies) are reference-counted `env` records chained to their parent,
 * so closures keep what they capture alive.  Assignment follows Julia's rules as the REPL
 * applies them: inside a function a new name is local; at top level a loop body
 * assigns an existing global (soft scope) and otherwise makes a loop-local name.
 *
 * Control flow: every ev_* returns 0 (value in *out), -1 (error pending in ctx), or one
 * of EV_BREAK / EV_CONTINUE / EV_RETURN, which unwind to the loop or call that handles
 * them.  *out is only owned by the caller when 0 or EV_RETURN is returned.
 *
 * Limits: every loop iteration and every call polls the interrupt flag; the C stack in
 * use is measured against a budget so that deep recursion ends in StackOverflowError
 * rather than a crash, whatever the frame sizes of the build. */
#include "eval.h"
#include "eval_macro.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <pthread.h>
#include <sys/resource.h>

#include "array.h"
#include "exc.h"
#include "lib/io.h"
#include "num/num.h"
#include "parse.h"
#include "range.h"
#include "show.h"
#include "types.h"
#include "eval_impl.h"

/* A scope: its variables, newest last.  The first ENV_INLINE live in the scope itself,
 * so that a call or a loop iteration with a few locals makes one allocation, not
 * three. */
enum { ENV_INLINE = 4 };
struct evstate;
typedef struct env {
    uint32_t refs;
    uint8_t function;      /* the scope of a function call: assignment stops here */
    uint8_t gc;            /* the cycle collector's marks, as obj.gc */
    struct env *parent;
    int n, cap;
    int *syms;
    value *vals;
    int nglobal;           /* names declared `global` in this scope */
    int *globals;
    typed_list *typed;     /* the declared types of its variables (x::T = …), or NULL */
    struct evstate *st;    /* whose local counts its variables are in (set by the first) */
    int isyms[ENV_INLINE];
    value ivals[ENV_INLINE];
} env;

static env *env_new(env *parent, int function)
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

static void env_release(env *e)
{
    while (e && --e->refs == 0) {
        env *parent = e->parent;
        val_release_n(e->vals, e->n);
        env_free_storage(e);
        e = parent;
    }
}

static value *env_slot(env *e, int sym)
{
    for (int i = e->n - 1; i >= 0; i--)
        if (e->syms[i] == sym)
            return &e->vals[i];
    return NULL;
}

static void gc_drop_heap(jc_ctx *ctx, value v);
/* Lets go of the evaluator's reference to v (see gc_drop_heap); a number, a Bool, a
 * Char hold nothing. */
static inline void gc_drop(jc_ctx *ctx, value v)
{
    if (val_kind_is(v.type, VK_HEAP))
        gc_drop_heap(ctx, v);
}
static void local_count_add(jc_ctx *ctx, env *e, int sym);

/* Defines sym in e (new local), taking ownership of v. */
static void env_define(jc_ctx *ctx, env *e, int sym, value v)
{
    value *slot = env_slot(e, sym);
    if (slot) {
        value old = *slot;
        *slot = v;
        gc_drop(ctx, old);
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

static int env_declared_global(const env *e, int sym)
{
    for (int i = 0; i < e->nglobal; i++)
        if (e->globals[i] == sym)
            return 1;
    return 0;
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
        gc_drop(ctx, old);
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


static int stack_check(jc_ctx *ctx, const ast *site)
{
    char here;
    evstate *st = ST(ctx);
    if (st->stack_base && (size_t)(st->stack_base - &here) > st->stack_budget)
        return err_throw(ctx, ERR_STACK, site, "%s", "");
    return 0;
}

int eval_stack_check(jc_ctx *ctx, const ast *site) { return stack_check(ctx, site); }

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
 * releases (array_free, the tuple frees, func_free, env_release). */
typedef void (*gc_edge_fn)(gcref child, void *data);

static void gc_value_edge(value v, gc_edge_fn fn, void *data)
{
    if (gc_is_node_type(v.type))
        fn((gcref){ v.u.o, NULL }, data);
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
    switch (r.o->type) {
    case T_ARRAY: {
        jc_array *a = (jc_array *)r.o;
        for (int64_t i = 0; i < a->len; i++)
            gc_value_edge(a->v[i], fn, data);
        break;
    }
    case T_TUPLE: {
        jc_tuple *t = (jc_tuple *)r.o;
        for (size_t i = 0; i < t->n; i++)
            gc_value_edge(t->v[i], fn, data);
        break;
    }
    case T_NAMEDTUPLE: {
        jc_namedtuple *t = (jc_namedtuple *)r.o;
        for (size_t i = 0; i < t->n; i++)
            gc_value_edge(t->v[i], fn, data);
        break;
    }
    case T_STRUCT: {
        jc_struct *t = (jc_struct *)r.o;
        for (size_t i = 0; i < t->n; i++)
            gc_value_edge(t->v[i], fn, data);
        break;
    }
    case T_FUNCTION:
        for (jc_method *m = ((jc_func *)r.o)->methods; m; m = m->next)
            if (m->closure)
                fn((gcref){ NULL, m->closure }, data);
        break;
    case T_EXCEPTION: { /* BoundsError(a, i) holds its array */
        jc_exception *x = (jc_exception *)r.o;
        for (size_t i = 0; i < x->n; i++)
            gc_value_edge(x->v[i], fn, data);
        break;
    }
    default:
        break;
    }
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

static void env_drop(jc_ctx *ctx, env *e);

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

static void gc_drop_heap(jc_ctx *ctx, value v)
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
            if (v.u.o->gc & GC_BUFFERED)
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
            if (v.type == T_ARRAY) {
                el = val_array(v)->v;
                k = (size_t)val_array(v)->len;
            } else if (v.type == T_TUPLE) {
                el = val_tuple(v)->v;
                k = val_tuple(v)->n;
            } else if (v.type == T_NAMEDTUPLE) {
                el = ((jc_namedtuple *)v.u.o)->v;
                k = ((jc_namedtuple *)v.u.o)->n;
            } else if (v.type == T_EXCEPTION) {
                el = ((jc_exception *)v.u.o)->v;
                k = ((jc_exception *)v.u.o)->n;
            }
            for (size_t i = 0; i < k; i++)
                if (gc_is_node_type(el[i].type)) {
                    if (n == cap)
                        work = xrealloc(work, (cap = cap ? 2 * cap : 16) * sizeof *work);
                    work[n++] = el[i];
                    el[i] = v_nothing();
                }
            val_release(v);
            for (int i = 0; i < nclosures; i++)
                env_drop(ctx, closures[i]);
            free(closures);
        }
        if (!n)
            break;
        v = work[--n];
    }
    free(work);
}

/* env_release for the evaluator's own scopes: what the scope held is dropped as above. */
static void env_drop(jc_ctx *ctx, env *e)
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
            gc_drop(ctx, e->vals[i]);
        env_free_storage(e);
        e = parent;
    }
}

/* Empties a scope that nothing else holds for the next run of a loop body, as env_drop
 * would let go of what it held; 0 when it is shared (a closure captured it): then it is
 * dropped, and the next run gets a new one. */
static int env_reuse(jc_ctx *ctx, env *e)
{
    if (e->refs != 1 || e->gc) {
        env_drop(ctx, e);
        return 0;
    }
    local_count_drop(e);
    int n = e->n;
    e->n = 0;
    for (int i = 0; i < n; i++)
        gc_drop(ctx, e->vals[i]);
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

void eval_release(jc_ctx *ctx, value v) { gc_drop(ctx, v); }

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
            env_release(w.e);
        }
    }
    size_t freed = white.n;
    free(white.v);
    free(s.v);
    free(scan.v);
    free(roots);
    return freed;
}

/* ---- calls ---- */

/* Builtin rows named after a type (Float64, Int ...) are bound to a hidden name, since
 * the type's own name is bound to the type value. */
static int type_function_sym(jc_ctx *ctx, const char *name, size_t len)
{
    sb hidden = { 0 };
    sb_puts(&hidden, "#type:");
    sb_put(&hidden, name, len);
    int sym = sym_intern(ctx, hidden.s, hidden.len);
    sb_free(&hidden);
    return sym;
}

static int ev(jc_ctx *ctx, env *e, const ast *n, value *out);
static int ev_stmt(jc_ctx *ctx, env *e, const ast *n, value *out);


/* Control flow inside an expression whose value is wanted (y = return 1, f(break),
 * [1, return 5]): the code travels as the error ERR_CONTROL, through the cleanup that
 * every error path already has, to the nearest statement (ctl_resume), which turns it
 * back into the code. */
static int ctl_raise(jc_ctx *ctx, const ast *n, int code, value *out)
{
    evstate *st = ST(ctx);
    if (code == EV_RETURN) {
        eval_release(ctx, st->ctl_value);
        st->ctl_value = *out;
    }
    st->ctl = code;
    return err_throw(ctx, ERR_CONTROL, n, "%s", "return, break or continue in an expression");
}

/* r from a statement: a pending ERR_CONTROL becomes its code again (*out owned with
 * EV_RETURN). */
static int ctl_resume(jc_ctx *ctx, int r, value *out)
{
    if (r >= 0 || !ctx->err_set || ctx->err_kind != ERR_CONTROL)
        return r;
    evstate *st = ST(ctx);
    err_clear(ctx);
    if (st->ctl == EV_RETURN) {
        *out = st->ctl_value;
        st->ctl_value = v_nothing();
    }
    return st->ctl;
}

static int call_body(jc_ctx *ctx, const jc_method *m, int n, const value *args, const jc_args *a,
                     value *out, const type_env *tv);

/* Puts the user functions an error happened in into the pending error, innermost first,
 * each with the position of its call; a run of identical frames (deep recursion) is
 * one record with a repeat count.  Called as the error leaves the innermost frame, while
 * the whole stack is still there. */
static void capture_trace(jc_ctx *ctx)
{
    if (!ctx->err_set || ctx->err_traced || !ctx->frames)
        return;
    ctx->err_traced = 1;
    sb args = { 0 }, tname = { 0 };
    jc_frame *out = NULL;
    int n = 0, cap = 0;
    for (const frame *f = ctx->frames; f; f = f->up) {
        int line = 0, col = 0;
        const char *src = "none", *name = sym_name(ctx, f->name);
        int from = 0;
        tname.len = 0;
        if (!strcmp(name, "#call#") && f->nargs > 0) { /* (::Polynomial{Int64})(x) */
            sb_puts(&tname, "(::");
            type_name_of(ctx, &tname, f->args[0]);
            sb_putc(&tname, ')');
            name = sb_str(&tname);
            from = 1;
        } else if (!strncmp(name, "#type:", 6)) { /* a constructor; Point{T}(x)'s type first */
            name += 6;
            if (f->nargs > 0 && f->params && f->nparams > 0 && f->args[0].type == T_TYPE &&
                !strcmp(sym_name(ctx, f->params[0]), "#unused#")) {
                type_name(ctx, &tname, val_typeobj(f->args[0]));
                name = sb_str(&tname);
                from = 1;
            }
        }
        args.len = 0;
        for (int i = from; i < f->nargs; i++) {
            if (i > from)
                sb_puts(&args, ", ");
            if (f->params && f->nparams > 0)
                sb_puts(&args, sym_name(ctx, f->params[i < f->nparams ? i : f->nparams - 1]));
            sb_puts(&args, "::");
            type_name_of(ctx, &args, f->args[i]);
        }
        if (f->site && f->src) {
            err_position_in(f->src, f->srclen, f->first_line, f->site->off, &line, &col);
            src = f->srcname ? f->srcname : "none";
        }
        jc_frame *last = n ? &out[n - 1] : NULL;
        if (last && !strcmp(last->function, name) && !strcmp(last->args, sb_str(&args))
            && !strcmp(last->source, src) && last->line == line && last->column == col) {
            last->repeats++;
            continue;
        }
        if (n == 100) /* the innermost hundred distinct frames say enough */
            break;
        if (n == cap)
            out = xrealloc(out, (size_t)(cap = cap ? 2 * cap : 8) * sizeof *out);
        out[n++] = (jc_frame){ xstrdup(name), xstrdup(sb_str(&args)), xstrdup(src), line, col, 1 };
    }
    sb_free(&args);
    sb_free(&tname);
    ctx->err.frames = out;
    ctx->err.nframes = n;
}

/* Runs a method with its frame on ctx's call stack; the body's error positions refer to
 * the text that defined it. */
static int call_user(jc_ctx *ctx, const jc_method *m, int n, const value *args, const jc_args *a,
                     value *out, int name, const type_env *tv)
{
    frame f = { ctx->frames, name, n, args, m->params, m->nparams, a ? a->site : NULL,
                ctx->src, ctx->srclen, ctx->srcname, ctx->first_line };
    ctx->frames = &f;
    ctx->nframes++;
    ctx->src = arena_source(m->arena, &ctx->srclen, &ctx->srcname, &ctx->first_line);
    /* what the body defines (a method, a closure) keeps the body's own arena alive */
    evstate *st = ST(ctx);
    arena *saved_arena = st->cur_arena;
    if (m->arena)
        st->cur_arena = m->arena;
    int r = call_body(ctx, m, n, args, a, out, tv);
    st->cur_arena = saved_arena;
    if (r < 0)
        capture_trace(ctx);
    ctx->src = f.src;
    ctx->srclen = f.srclen;
    ctx->srcname = f.srcname;
    ctx->first_line = f.first_line;
    ctx->frames = f.up;
    ctx->nframes--;
    return r;
}

static int call_body(jc_ctx *ctx, const jc_method *m, int n, const value *args, const jc_args *a,
                     value *out, const type_env *tv)
{
    if (!m->nkw) {
        int handled, r = eval_code_call(ctx, (jc_method *)m, n, args, tv, out, &handled);
        if (handled)
            return r;
    }
    env *e = env_new(m->closure, 1);
    /* the where variables are bound to what the call matched (f(x::T) where T = T) */
    for (int i = 0; tv && i < m->ntvars && i < tv->n; i++)
        if (tv->val[i] && m->tvars[i]->sym)  /* f(::Val{N}) where N: N is the value */
            env_define(ctx, e, m->tvars[i]->sym - 1,
                       tv->val[i]->base == TK_VALUE ? val_retain(tv->val[i]->val)
                                                    : val_retain(v_obj(T_TYPE, 0, &tv->val[i]->h)));
    int fixed = m->nparams - (m->vararg ? 1 : 0);
    for (int i = 0; i < fixed && i < n; i++)
        env_define(ctx, e, m->params[i], val_retain(args[i]));
    if (m->vararg) {
        int rest = n > fixed ? n - fixed : 0;
        value t = v_tuple_new((size_t)rest);
        for (int i = 0; i < rest; i++)
            val_tuple(t)->v[i] = val_retain(args[fixed + i]);
        env_define(ctx, e, m->params[fixed], t);
    }
    for (int k = 0; k < m->nkw; k++) {
        const value *given = NULL;
        for (int j = 0; a && j < a->nkw; j++)
            if (a->kw[j] == m->kwparams[k])
                given = &a->kwv[j];
        value v;
        if (given)
            v = val_retain(*given);
        else if (m->kwdefaults[k]) {
            if (ev(ctx, e, m->kwdefaults[k], &v) != 0) {
                env_drop(ctx, e);
                return -1;
            }
        } else {
            env_drop(ctx, e);
            return err_throw(ctx, ERR_UNDEFKEYWORD, a ? a->site : NULL,
                            "keyword argument `%s` not assigned",
                            sym_name(ctx, m->kwparams[k]));
        }
        env_define(ctx, e, m->kwparams[k], v);
    }
    int r = ctl_resume(ctx, ev_stmt(ctx, e, m->body, out), out);
    env_drop(ctx, e);
    if (r == EV_RETURN)
        r = 0;
    else if (r == EV_BREAK || r == EV_CONTINUE) {
        if (r == 0)
            val_release(*out);
        return err_throw(ctx, ERR_SYNTAX, m->body, "break or continue outside loop");
    }
    return r;
}

static int fold_init_call(jc_ctx *ctx, value f, const jc_args *a, value *out, int *handled);
/* Calls method m of the function named name, already known to apply to the n
 * positional arguments (the compiled evaluator's calls of a one-method function). */
int eval_call_method(jc_ctx *ctx, const jc_method *m, int name, int n, const value *args,
                     const ast *site, value *out)
{
    if (ctx_poll(ctx) < 0 || stack_check(ctx, site) < 0)
        return -1;
    jc_args a = { .n = n, .v = args, .site = site };
    ctx->depth++;
    int r = call_user(ctx, m, n, args, &a, out, name, NULL);
    ctx->depth--;
    return r;
}


/* ---- the direct path of arithmetic ----
 *
 * The builtin +, -, *, / and comparisons on two Int64 or two Float64 arguments, the
 * work of every loop counter and recursion test, computed here instead of through the
 * rows and the number tower.  Only what needs nothing of either: an Int64 sum, difference
 * or product that overflows, which continues as a BigInt, takes the general path, as do
 * mixed comparisons and other kinds; a function given user methods has no direct path. */
static const struct { const char *name; int op; } fast_ops[] = {
    { "+", FAST_ADD }, { "-", FAST_SUB }, { "*", FAST_MUL }, { "/", FAST_DIV },
    { "<", FAST_LT }, { "<=", FAST_LE }, { "≤", FAST_LE }, { ">", FAST_GT },
    { ">=", FAST_GE }, { "≥", FAST_GE }, { "==", FAST_EQ }, { "!=", FAST_NE },
    { "≠", FAST_NE }, { "%", FAST_REM }, { "rem", FAST_REM }, { "÷", FAST_IDIV },
    { "div", FAST_IDIV }, { "mod", FAST_MOD },
};

/* A builtin's direct path, found at its first call (start-up looks up nothing). */
int eval_fast_op_of(jc_ctx *ctx, jc_func *fn)
{
    fn->fast = FAST_NONE;
    if (fn->in_block) {
        const char *name = sym_name(ctx, fn->name);
        for (size_t k = 0; k < sizeof fast_ops / sizeof *fast_ops; k++)
            if (!strcmp(name, fast_ops[k].name))
                fn->fast = fast_ops[k].op;
    }
    return fn->fast;
}


/* An argument that is neither a keyword nor a splat. */
static int plain_arg(const ast *k)
{
    return k->kind != A_PARAMETERS && k->kind != A_KW && k->kind != A_SPLAT;
}


/* Whether every keyword of the call is one the builtin row names: a keyword no row
 * takes is a MethodError, as in Julia, never silently dropped (sum(x; foo = 1)). */
static int row_takes_kws(jc_ctx *ctx, const builtin *b, const jc_args *a)
{
    if (!b->kwnames)
        return 0;
    for (int k = 0; k < a->nkw; k++) {
        const char *name = sym_name(ctx, a->kw[k]), *p = b->kwnames;
        size_t len = strlen(name);
        int found = 0;
        while (*p && !found) {
            size_t w = strcspn(p, " ");
            found = w == len && !memcmp(p, name, len);
            p += w;
            p += strspn(p, " ");
        }
        if (!found)
            return 0;
    }
    return 1;
}

static int call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out);

/* A builtin written for arrays that is given a lazy generator (length, sort, join …)
 * declines with a MethodError naming itself; the generator is then collected, as
 * Julia's generic methods over an iterable would iterate it, and the call is made
 * again.  Errors from inside the generator's body, or from user methods, stand. */
static int retry_collected(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    if (f.type != T_FUNCTION || !val_func(f)->nrows || a->n > 16 || !ctx->err_set ||
        ctx->err_kind != ERR_METHOD || !ctx->err.message)
        return -1;
    int gi = -1;
    for (int i = 0; i < a->n && gi < 0; i++)
        if (eval_gen_kind(ctx, a->v[i]))
            gi = i;
    if (gi < 0)
        return -1;
    const jc_func *fn = val_func(f);
    const char *name = fn->name >= 0 ? sym_name(ctx, fn->name) : "";
    const char *m = strstr(ctx->err.message, "no method matching ");
    size_t nl = strlen(name);
    /* Operators, mutating functions and those of arrays as such (not of what they hold)
     * have no method for a generator in Julia either. */
    static const char *const not_iterating[] = { "collect", "iterate", "eltype", "vec", "reshape",
        "transpose", "adjoint", "permutedims", "getindex", "lastindex", "firstindex", "view",
        "copy", "similar", "convert", "typeof", NULL };
    if (!m || !name[0] || !(isalpha((unsigned char)name[0]) || name[0] == '_') ||
        name[nl - 1] == '!')
        return -1;
    for (int i = 0; not_iterating[i]; i++)
        if (!strcmp(name, not_iterating[i]))
            return -1;
    m += 19;
    if (!(strncmp(m, name, nl) == 0 && m[nl] == '(') &&
        strncmp(m, "iterate(::Base.Generator{", 25) && strncmp(m, "iterate(::Base.Iterators.Filter{", 32))
        return -1;
    /* a generator's shape is its iterator's (a filter has none, as in Julia) */
    static const char *const of_iter[] = { "length", "size", "axes", "ndims", NULL };
    for (int i = 0; of_iter[i]; i++)
        if (!strcmp(name, of_iter[i]) && gi == 0) {
            if (eval_gen_kind(ctx, a->v[0]) != 1)
                return -1;
            value args[16];
            memcpy(args, a->v, (size_t)a->n * sizeof *args);
            args[0] = val_struct(a->v[0])->v[1];
            jc_args ca = *a;
            ca.v = args;
            err_clear(ctx);
            return eval_call_kw(ctx, f, &ca, out);
        }
    err_stashed first;
    err_stash(ctx, &first);
    value args[16];
    char own[16] = { 0 };
    int r = 0;
    for (int i = 0; i < a->n; i++) {
        args[i] = a->v[i];
        if (r == 0 && eval_gen_kind(ctx, a->v[i])) {
            r = eval_call_global(ctx, "collect", 1, &a->v[i], a->site, &args[i]);
            own[i] = r == 0;
            if (r)
                args[i] = a->v[i];
        }
    }
    if (r == 0) {
        jc_args ca = *a;
        ca.v = args;
        r = call_kw(ctx, f, &ca, out);
    }
    for (int i = 0; i < a->n; i++)
        if (own[i])
            val_release(args[i]);
    /* A function that takes no collection either reports the generator, as Julia does,
     * not the vector made of it. */
    if (r < 0 && ctx->err_set && ctx->err_kind == ERR_METHOD)
        err_unstash(ctx, &first);
    else
        err_drop_stash(&first);
    return r;
}

int eval_call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    int r = call_kw(ctx, f, a, out);
    return r < 0 && ctx->err_set && ctx->err_kind == ERR_METHOD ? retry_collected(ctx, f, a, out) : r;
}

/* The builtin rows of fn in table order: the first that does not decline answers
 * (0 or -1); LIB_DECLINE when all do. */
static int call_rows(jc_ctx *ctx, const jc_func *fn, const jc_args *a, value *out)
{
    for (int i = 0; i < fn->nrows; i++) {
        const builtin *b = fn->rows[i];
        if (a->n >= b->min_args && (b->max_args < 0 || a->n <= b->max_args) &&
            (!a->nkw || row_takes_kws(ctx, b, a))) {
            jc_args ra = *a;
            ra.data = b->data;     /* the row's own data, for fns shared by many rows */
            const ast *outer = ctx->show_site;
            if (a->site)
                ctx->show_site = a->site;
            int r = b->fn(ctx, out, &ra);
            ctx->show_site = outer;
            if (r == LIB_DECLINE)
                continue;
            if (r < 0)
                err_locate(ctx, a->site);
            return r < 0 ? -1 : 0;
        }
    }
    return LIB_DECLINE;
}

/* Whether x's type is exactly t. */
static int type_is_exactly(value x, const jc_typeobj *t)
{
    if (!t || t->base == TK_TYPEVAR)
        return 0;
    jc_typeobj *xt = type_typeof(x);
    int eq = type_subtype(xt, t) && type_subtype(t, xt);
    type_release(xt);
    return eq;
}

/* Whether a function's builtin rows come before its user method m for these arguments,
 * by Julia's rule that the more specific method wins.  A row stands for Base's methods,
 * which are written for the concrete number types: for a number argument it counts as
 * typed by that argument's own type, for any other as untyped.  So the rows go first
 * when m types some number argument more loosely than its type (x::Number, x::Real,
 * x::T where T, x...) and types no other argument at all: after
 * Base.:+(x::Number, y::Number) = 42, 1 + 2 is still 3, while a method for a type of
 * the user's, or for exactly Int64, is the one called. */
static int rows_first(const jc_method *m, const jc_args *a)
{
    int looser = 0;
    for (int i = 0; i < a->n; i++) {
        int k = i < m->nparams ? i : m->nparams - 1;
        const jc_typeobj *pt = k >= 0 && m->ptypes ? m->ptypes[k] : NULL;
        int rest = m->vararg && i >= m->nparams - 1;
        if (num_is_number(a->v[i])) {
            if (rest || !type_is_exactly(a->v[i], pt))
                looser = 1;
        } else if (pt && !(pt->base == TA_ANY && !type_is_union(pt)))
            return 0;
    }
    return looser;
}

static int call_kw(jc_ctx *ctx, value f, const jc_args *a, value *out)
{
    if (ctx_poll(ctx) < 0 || stack_check(ctx, a->site) < 0)
        return -1;
    if (f.type == T_TYPE && (val_typeobj(f)->base == TK_STRUCT || val_typeobj(f)->base == TK_ABSTRACT)) {
        int er = eval_expr_construct(ctx, val_typeobj(f), a, out);
        if (er != LIB_DECLINE)
            return er < 0 ? (err_locate(ctx, a->site), -1) : 0;
        ctx->depth++;
        int r = eval_struct_call(ctx, f, a, out);
        ctx->depth--;
        return r;
    }
    if (f.type == T_TYPE) {
        /* a type called as a function converts or constructs: the rows named after it */
        sb name = { 0 };
        type_name(ctx, &name, val_typeobj(f));
        int sym = type_function_sym(ctx, name.s, name.len);
        sb_free(&name);
        const jc_typeobj *t = val_typeobj(f);
        if (sym < 0 || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined ||
            ctx->globals[sym].v.type != T_FUNCTION) {
            int r = eval_construct(ctx, out, t, a);
            if (r < 0)
                err_locate(ctx, a->site);
            return r < 0 ? -1 : 0;
        }
        f = ctx->globals[sym].v;
    }
    if (f.type == T_TUPLE && f.sub == TUP_COMPOSED)
        return eval_call_composed(ctx, f, a, out);
    if (f.type == T_TUPLE && f.sub == TUP_FIX2 && a->n == 1 && !a->nkw) {
        /* (==(2))(y) is y == 2 */
        value args[2] = { a->v[0], val_tuple(f)->v[1] };
        jc_args fa = { .n = 2, .v = args, .site = a->site };
        return eval_call_kw(ctx, val_tuple(f)->v[0], &fa, out);
    }
    if (f.type != T_FUNCTION && a->n < 255) {
        /* a callable object: (p::Polynomial)(x) = ... are methods of `#call#` */
        int cs = sym_find(ctx, "#call#", 6);
        if (cs >= 0 && (size_t)cs < ctx->nglobals && ctx->globals[cs].defined &&
            ctx->globals[cs].v.type == T_FUNCTION) {
            value callf = ctx->globals[cs].v, args[256];
            args[0] = f;
            memcpy(args + 1, a->v, (size_t)a->n * sizeof *args);
            jc_args ca = *a;
            ca.n = a->n + 1;
            ca.v = args;
            const jc_method *cb;
            type_env ce;
            ce.n = 0;
            int r = eval_method_select(ctx, val_func(callf), &ca, &cb, &ce);
            type_env_clear(&ce);
            if (r != 0) {
                if (r < 0)
                    return -1;
                val_retain(callf);
                r = eval_call_kw(ctx, callf, &ca, out);
                val_release(callf);
                return r;
            }
            for (const jc_method *m = val_func(callf)->methods; m; m = m->next)
                if (m->nparams >= 1 && m->ptypes && m->ptypes[0] && type_isa(f, m->ptypes[0])) {
                    /* callable, not with these arguments */
                    sb b = { 0 };
                    sb_puts(&b, "no method matching (::");
                    type_name_of(ctx, &b, f);
                    sb_puts(&b, ")(");
                    for (int i = 0; i < a->n; i++) {
                        sb_puts(&b, i ? ", ::" : "::");
                        type_name_of(ctx, &b, a->v[i]);
                    }
                    sb_putc(&b, ')');
                    err_throw(ctx, ERR_METHOD, a->site, "%s", sb_str(&b));
                    sb_free(&b);
                    return -1;
                }
        }
    }
    if (f.type != T_FUNCTION) {
        sb tn = { 0 };
        type_name_of(ctx, &tn, f);
        int numeric = val_kind_is(f.type, VK_NUMBER);
        err_throw(ctx, ERR_METHOD, a->site, "objects of type %s are not callable%s",
                 sb_str(&tn),
                 numeric ? "\nMaybe you forgot to use an operator such as *, ^, %, / etc. ?" : "");
        sb_free(&tn);
        return -1;
    }
    jc_func *fn = val_func(f);
    if (a->n == 2 && !a->nkw && eval_fast_func(ctx, fn) && eval_fast_binop(fn->fast, a->v[0], a->v[1], out))
        return 0;
    const jc_method *best = NULL;
    type_env tv;
    tv.n = 0;
    int found = fn->methods ? eval_method_select(ctx, fn, a, &best, &tv) : 0;
    if (found < 0) {
        type_env_clear(&tv);
        return -1;
    }
    if (found && fn->nrows && !a->nkw && rows_first(best, a)) {
        int r = call_rows(ctx, fn, a, out);
        if (r < 0 && ctx->err_kind == ERR_METHOD)
            err_clear(ctx); /* the rows have no method after all: the user's serves */
        else if (r != LIB_DECLINE) {
            type_env_clear(&tv);
            return r;
        }
    }
    if (found) {
        ctx->depth++;
        int r = call_user(ctx, best, a->n, a->v, a, out, fn->name, &tv);
        ctx->depth--;
        type_env_clear(&tv);
        return r;
    }
    if (a->nkw) {
        int handled, r = fold_init_call(ctx, f, a, out, &handled);
        if (handled)
            return r;
    }
    int r = call_rows(ctx, fn, a, out);
    if (r != LIB_DECLINE)
        return r;
    const char *fname = fn->name >= 0 ? sym_name(ctx, fn->name) : "#anonymous";
    if (fn->methods && !fn->nrows)
        return eval_method_nomatch(ctx, fname, fn, a);
    return lib_no_method(ctx, fname, a) < 0 ? (err_locate(ctx, a->site), -1) : -1;
}

int eval_call(jc_ctx *ctx, value f, int n, const value *args, const ast *site, value *out)
{
    jc_args a = { .n = n, .v = args, .site = site };
    return eval_call_kw(ctx, f, &a, out);
}

int eval_call_rooted(jc_ctx *ctx, value f, int n, const value *args, const ast *site, value *out)
{
    evstate *st = ST(ctx);
    char base;
    if (st->stack_base)
        return eval_call(ctx, f, n, args, site, out);
    st->stack_base = &base;
    int r = eval_call(ctx, f, n, args, site, out);
    st->stack_base = NULL;
    return r;
}

/* Calls the global function named sym (an operator or builtin). */
int eval_call_named(jc_ctx *ctx, int sym, int n, const value *args, const ast *site, value *out)
{
    if ((size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined)
        return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined",
                        sym_name(ctx, sym));
    return eval_call(ctx, ctx->globals[sym].v, n, args, site, out);
}

/* ---- names ---- */

/* A local declared and not yet assigned (let z; local z): reading it is an
 * UndefVarError, as in Julia. */

int eval_lookup(jc_ctx *ctx, env *e, int sym, const ast *site, value *out)
{
    if (!eval_local_bound(ST(ctx), sym))
        e = NULL;
    for (env *s = e; s; s = s->parent) {
        if (env_declared_global(s, sym))
            break;
        value *slot = env_slot(s, sym);
        if (slot && is_unassigned(*slot)) /* let z; local z */
            return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined", sym_name(ctx, sym));
        if (slot) {
            *out = val_retain(*slot);
            return 0;
        }
    }
    if ((size_t)sym < ctx->nglobals && ctx->globals[sym].defined) {
        *out = val_retain(ctx->globals[sym].v);
        return 0;
    }
    if (sym == ST(ctx)->sym_ans) {
        *out = val_retain(ctx->ans);
        return 0;
    }
    if (eval_module_value(ctx, sym, out)) /* Base, LinearAlgebra … */
        return 0;
    const char *name = sym_name(ctx, sym);
    if (eval_expr_type_named(ctx, name, out)) /* Expr and QuoteNode, made when first named */
        return 0;
    const char *hint = "";
    if (!strcmp(name, "or"))
        hint = "\nsuggestion: Use `||` for short-circuiting boolean OR.";
    else if (!strcmp(name, "and"))
        hint = "\nsuggestion: Use `&&` for short-circuiting boolean AND.";
    return err_throw(ctx, ERR_UNDEFVAR, site, "`%s` not defined%s", name, hint);
}

/* Assigns v (owned) to sym following Julia's scope rules. */
static int same_value(value a, value b)
{
    if (a.type != b.type || a.sub != b.sub)
        return 0;
    if (a.type == T_STRING)
        return val_string(a)->len == val_string(b)->len &&
               !memcmp(val_string(a)->s, val_string(b)->s, val_string(a)->len);
    return val_is_heap(a) ? a.u.o == b.u.o : a.u.u == b.u.u;
}

/* Assigning a user constant (const x = …, the name of a function or a type), as Julia's
 * checked assignment: the same value changes nothing; a value of another type, or a
 * type, is "invalid redefinition of constant"; another value of the same type is
 * assigned, with Julia's warning on stderr.  0 to go on, -1 with the error pending (v
 * released). */
static int check_constant(jc_ctx *ctx, int sym, value v, const ast *site)
{
    if ((size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined ||
        ctx->globals[sym].constant != CONST_USER)
        return 0;
    value old = ctx->globals[sym].v;
    if (same_value(old, v))
        return 0;
    int retype = old.type != v.type || old.sub != v.sub || v.type == T_TYPE;
    if (!retype && old.type == T_STRUCT)
        retype = !type_equal(val_struct(old)->type, val_struct(v)->type);
    if (retype || old.type == T_FUNCTION) {
        val_release(v);
        return err_throw(ctx, ERR_ERROR, site, "invalid redefinition of constant %s", sym_name(ctx, sym));
    }
    fprintf(stderr, "WARNING: redefinition of constant %s. This may fail, cause incorrect answers, "
                    "or produce other errors.\n", sym_name(ctx, sym));
    return 0;
}

static int assign(jc_ctx *ctx, env *e, int sym, value v, const ast *site)
{
    int in_function = 0;
    for (env *s = e; s; s = s->parent) {
        if (env_declared_global(s, sym))
            goto global;
        value *slot = env_slot(s, sym);
        if (slot) {
            val_release(*slot);
            *slot = v;
            return 0;
        }
        if (s->function)
            in_function = 1;
    }
    if (e && (in_function || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined)) {
        env_define(ctx, e, sym, v);
        return 0;
    }
global:
    if (check_constant(ctx, sym, v, site) < 0)
        return -1;
    eval_set_global(ctx, sym, v);
    return 0;
}

/* ---- functions ---- */

static value func_new(int name)
{
    jc_func *f = obj_new(T_FUNCTION, sizeof *f);
    f->name = name;
    return v_obj(T_FUNCTION, 0, &f->h);
}

static void method_free(jc_method *m)
{
    for (int i = 0; m->ptypes && i < m->nparams; i++)
        if (m->ptypes[i])
            val_release(v_obj(T_TYPE, 0, &m->ptypes[i]->h));
    free(m->ptypes);
    for (int i = 0; i < m->ntvars; i++)
        type_release(m->tvars[i]);
    free(m->tvars);
    free(m->params);
    free(m->kwparams);
    free(m->kwdefaults);
    eval_code_free(m->code);
    arena_release(m->arena);
    env_release(m->closure);
    free(m);
}

static void free_replaced(evstate *st)
{
    for (jc_method *m = st->replaced, *next; m; m = next) {
        next = m->next;
        method_free(m);
    }
    st->replaced = NULL;
}

static void func_free(obj *o)
{
    jc_func *f = (jc_func *)o;
    for (jc_method *m = f->methods, *next; m; m = next) {
        next = m->next;
        method_free(m);
    }
    f->methods = NULL;
    if (f->in_block)
        return;
    free(f->rows);
    free(f);
}

void eval_func_free(obj *o) { func_free(o); }

/* The parameter name of a signature argument: x, x::T, x=default (returns the default). */
static int param_name(const ast *p, const ast **deflt)
{
    *deflt = NULL;
    if (p->kind == A_KW || p->kind == A_ASSIGN) {
        *deflt = p->kids[1];
        p = p->kids[0];
    }
    if (p->kind == A_SPLAT && p->nkids > 0) /* x... */
        p = p->kids[0];
    if (p->kind == A_TYPED && p->nkids == 1) /* ::T, an argument without a name */
        return -2;
    if (p->kind == A_TYPED && p->nkids > 0)
        p = p->kids[0];
    return p->kind == A_ID ? p->sym : -1;
}

/* Adds to f the methods described by a signature's argument list; optional positional
 * arguments give one method per arity, as Julia generates them. */
static int same_signature(const jc_method *a, const jc_method *b)
{
    if (a->nparams != b->nparams || a->vararg != b->vararg || a->ntvars != b->ntvars)
        return 0; /* f(x::T, y::T) where T is not f(x::Integer, y::Integer) */
    for (int i = 0; i < a->nparams; i++) {
        const jc_typeobj *x = a->ptypes ? a->ptypes[i] : NULL;
        const jc_typeobj *y = b->ptypes ? b->ptypes[i] : NULL;
        if (!x != !y)
            return 0;
        if (x && !(type_subtype(x, y) && type_subtype(y, x)))
            return 0;
    }
    return 1;
}

static int ev(jc_ctx *ctx, env *e, const ast *n, value *out);

/* The declared type of a parameter (x::T, x::T=default), evaluated where the function
 * is defined; NULL for an untyped parameter. */
static int param_type(jc_ctx *ctx, env *e, const ast *p, jc_typeobj **t)
{
    *t = NULL;
    if (p->kind == A_KW || p->kind == A_ASSIGN)
        p = p->kids[0];
    if (p->kind == A_SPLAT && p->nkids > 0) /* x::T...: the type of each */
        p = p->kids[0];
    if (p->kind != A_TYPED || p->nkids < 1)
        return 0;
    const ast *tn = p->kids[p->nkids - 1];
    value tv;
    if (ev(ctx, e, tn, &tv) != 0)
        return -1;
    if (tv.type != T_TYPE) {
        val_release(tv);
        return err_throw(ctx, ERR_TYPE, tn, "in typeassert, expected Type");
    }
    *t = val_typeobj(tv);
    return 0;
}

static int add_methods(jc_ctx *ctx, env *e, jc_func *f, const ast *const *params, int nparams,
                       const ast *kwnode, const ast *body, arena *a, const ast *site,
                       jc_typeobj *const *tvars, int ntv)
{
    int *syms = xmalloc((size_t)(nparams + 1) * sizeof *syms);
    const ast **defaults = xcalloc((size_t)nparams + 1, sizeof *defaults);
    jc_typeobj **types = xcalloc((size_t)nparams + 1, sizeof *types);
    int first_optional = nparams;
    for (int i = 0; i < nparams; i++) {
        syms[i] = param_name(params[i], &defaults[i]);
        if (syms[i] == -2)
            syms[i] = sym_intern(ctx, "#unused#", 8);
        int bad_name = syms[i] < 0;
        if (bad_name || param_type(ctx, e, params[i], &types[i]) < 0) {
            for (int j = 0; j < i; j++)
                if (types[j])
                    val_release(v_obj(T_TYPE, 0, &types[j]->h));
            free(types);
            free(syms);
            free(defaults);
            if (bad_name)
                return err_throw(ctx, ERR_SYNTAX, params[i], "invalid function argument");
            return -1;
        }
        if (defaults[i] && first_optional == nparams)
            first_optional = i;
    }
    int vararg = nparams > 0 && params[nparams - 1]->kind == A_SPLAT;
    if (nparams > 0 && !vararg && types[nparams - 1] && types[nparams - 1]->base == TK_VARARG) {
        jc_typeobj *va = types[nparams - 1]; /* x::Vararg{T}: as x::T... */
        types[nparams - 1] = va->param ? type_retain(va->param) : NULL;
        type_release(va);
        vararg = 1;
    }
    for (int arity = first_optional; arity <= nparams; arity++) {
        jc_method *m = xcalloc(1, sizeof *m);
        m->nparams = arity;
        m->vararg = vararg && arity == nparams;
        m->params = xmalloc((size_t)(nparams + 1) * sizeof *m->params);
        memcpy(m->params, syms, (size_t)nparams * sizeof *syms);
        m->ptypes = xcalloc((size_t)nparams + 1, sizeof *m->ptypes);
        for (int i = 0; i < arity; i++)
            if (types[i]) {
                types[i]->h.refs++;
                m->ptypes[i] = types[i];
            }
        if (kwnode) {
            m->nkw = (int)kwnode->nkids;
            m->kwparams = xmalloc((size_t)m->nkw * sizeof *m->kwparams);
            m->kwdefaults = xcalloc((size_t)m->nkw, sizeof *m->kwdefaults);
            for (int k = 0; k < m->nkw; k++)
                m->kwparams[k] = param_name(kwnode->kids[k], &m->kwdefaults[k]);
        }
        m->body = body;
        if (arity < nparams) {
            /* f(a, b=2) called with one argument: the missing ones get their defaults,
             * evaluated in the call's scope after the given ones are bound. */
            m->nparams = nparams;
            m->body = NULL;
        }
        m->arena = a;
        arena_retain(a);
        m->site = site;
        if (ntv) {
            m->ntvars = ntv;
            m->tvars = xmalloc((size_t)ntv * sizeof *m->tvars);
            for (int i = 0; i < ntv; i++)
                m->tvars[i] = type_retain(tvars[i]);
        }
        m->closure = e;
        if (e)
            e->refs++;
        if (arity < nparams) {
            /* store the defaults as keyword-like parameters filled in order */
            m->nparams = arity;
            m->nkw = nparams - arity + (kwnode ? (int)kwnode->nkids : 0);
            free(m->kwparams);
            free(m->kwdefaults);
            m->kwparams = xmalloc((size_t)m->nkw * sizeof *m->kwparams);
            m->kwdefaults = xcalloc((size_t)m->nkw, sizeof *m->kwdefaults);
            int k = 0;
            for (int i = arity; i < nparams; i++, k++) {
                m->kwparams[k] = syms[i];
                m->kwdefaults[k] = defaults[i];
            }
            for (uint32_t j = 0; kwnode && j < kwnode->nkids; j++, k++)
                m->kwparams[k] = param_name(kwnode->kids[j], &m->kwdefaults[k]);
            m->body = body;
        }
        /* a method of the same arity replaces the old one */
        jc_method **pp = &f->methods;
        while (*pp) {
            if (same_signature(*pp, m)) {
                /* the old method may be running (f redefined inside a call of f): it
                 * is freed when the outermost evaluation ends, not under its frame */
                jc_method *old = *pp;
                *pp = old->next;
                old->next = ST(ctx)->replaced;
                ST(ctx)->replaced = old;
                break;
            }
            pp = &(*pp)->next;
        }
        m->next = f->methods;
        f->methods = m;
    }
    for (int i = 0; i < nparams; i++)
        if (types[i])
            val_release(v_obj(T_TYPE, 0, &types[i]->h));
    free(types);
    free(syms);
    free(defaults);
    return 0;
}

static int eval_where_vars(jc_ctx *ctx, env *e, const ast *sig, env **we, jc_typeobj **tvars);
static int define_method(jc_ctx *ctx, env *e, env *we, const ast *sig, const ast *body, arena *a,
                         value *out, jc_typeobj *const *tvars, int ntv);

/* Splits a call signature into name, positional parameters and keyword parameters. */
static int define_function(jc_ctx *ctx, env *e, const ast *sig, const ast *body, arena *a,
                           value *out)
{
    if (sig->kind == A_WHERE) { /* f(x::T) where T<:Real: the variables, then the rest */
        env *we = NULL;
        jc_typeobj *tvars[TYPE_ENV_MAX];
        int ntv = eval_where_vars(ctx, e, sig, &we, tvars);
        if (ntv < 0)
            return -1;
        const ast *inner = sig;
        while (inner->kind == A_WHERE)
            inner = inner->kids[0];
        int r = define_method(ctx, e, we, inner, body, a, out, tvars, ntv);
        for (int i = 0; i < ntv; i++)
            type_release(tvars[i]);
        env_drop(ctx, we);
        return r;
    }
    return define_method(ctx, e, e, sig, body, a, out, NULL, 0);
}

/* The where clauses of a signature (outermost first) as type variables bound in a new
 * scope *we under e, where the parameter types are evaluated.  Returns how many. */
static int eval_where_vars(jc_ctx *ctx, env *e, const ast *sig, env **we, jc_typeobj **tvars)
{
    const ast *chain[64];
    int nchain = 0;
    for (const ast *w = sig; w->kind == A_WHERE && nchain < 64; w = w->kids[0])
        chain[nchain++] = w;
    *we = env_new(e, 0);
    int ntv = 0;
    for (int c = nchain - 1; c >= 0; c--)
        for (uint32_t k = 1; k < chain[c]->nkids; k++) {
            const ast *vars = chain[c]->kids[k];
            uint32_t nv = vars->kind == A_BRACES ? vars->nkids : 1;
            for (uint32_t j = 0; j < nv; j++) {
                const ast *v = vars->kind == A_BRACES ? vars->kids[j] : vars;
                const ast *ub = NULL;
                if (v->kind == A_SYNOP && v->nkids == 2 && !strcmp(sym_name(ctx, v->sym), "<:")) {
                    ub = v->kids[1];
                    v = v->kids[0];
                }
                if (v->kind != A_ID || ntv == TYPE_ENV_MAX) {
                    for (int i = 0; i < ntv; i++)
                        type_release(tvars[i]);
                    env_drop(ctx, *we);
                    return err_throw(ctx, ERR_SYNTAX, v, "invalid variable expression in \"where\"");
                }
                jc_typeobj *tv = type_new(TK_TYPEVAR);
                tv->sym = v->sym + 1;
                if (ub) {
                    value b;
                    if (ev(ctx, *we, ub, &b) != 0 || b.type != T_TYPE) {
                        if (!ctx->err_set) {
                            val_release(b);
                            err_throw(ctx, ERR_TYPE, ub, "in TypeVar, expected Type, got a value");
                        }
                        type_release(tv);
                        for (int i = 0; i < ntv; i++)
                            type_release(tvars[i]);
                        env_drop(ctx, *we);
                        return -1;
                    }
                    tv->param = val_typeobj(b);
                }
                tvars[ntv++] = tv;
                env_define(ctx, *we, v->sym, val_retain(v_obj(T_TYPE, 0, &tv->h)));
            }
        }
    return ntv;
}

static int define_method(jc_ctx *ctx, env *e, env *we, const ast *sig, const ast *body, arena *a,
                         value *out, jc_typeobj *const *tvars, int ntv)
{
    if (sig->kind == A_TYPED && sig->nkids > 0) /* f(x)::T = ... */
        sig = sig->kids[0];
    const ast *callee = sig->kind == A_CALL && sig->nkids >= 1 ? sig->kids[0] : NULL;
    int qualified = callee && callee->kind == A_DOT; /* Base.show(…) = …: the shared global */
    if (qualified && !(callee = eval_qualified_name(ctx, sig->kids[0])))
        return eval_module_error(ctx, sig->kids[0]);
    /* Point{T}(x) where T = ...: a constructor of the applied type, whose first
     * (hidden) parameter is ::Type{Point{T}}; (p::Poly)(x) = ...: a method of the
     * callable objects' `#call#` whose first parameter is p */
    const ast *self = NULL;
    if (callee && callee->kind == A_PARENS && callee->nkids == 1 && callee->kids[0]->kind == A_TYPED) {
        self = callee->kids[0];
        ast *id = ast_new(a, A_ID, callee->off, 0, 0);
        id->sym = sym_intern(ctx, "#call#", 6);
        callee = id;
    }
    if (callee && callee->kind == A_CURLY && callee->nkids >= 1 && callee->kids[0]->kind == A_ID) {
        int tsym = callee->kids[0]->sym;
        if ((size_t)tsym < ctx->nglobals && ctx->globals[tsym].defined &&
            ctx->globals[tsym].v.type == T_TYPE && val_typeobj(ctx->globals[tsym].v)->def) {
            ast *ty = ast_new(a, A_ID, callee->off, 0, 0);
            ty->sym = sym_intern(ctx, "Type", 4);
            ast *cur = ast_new(a, A_CURLY, callee->off, callee->len, 2);
            cur->kids[0] = ty;
            cur->kids[1] = (ast *)callee;
            ast *typed = ast_new(a, A_TYPED, callee->off, callee->len, 1);
            typed->kids[0] = cur;
            typed->flags |= AF_PREFIX;
            self = typed;
            callee = callee->kids[0];
        }
    }
    if (!callee || callee->kind != A_ID)
        return err_throw(ctx, ERR_SYNTAX, sig, "invalid function signature");
    int name = callee->sym;
    value ctor_type = v_nothing();
    if ((size_t)name < ctx->nglobals && ctx->globals[name].defined &&
        ctx->globals[name].v.type == T_TYPE) {
        /* Point(x) = ...: a constructor, a method of the type's hidden function */
        sb tn = { 0 };
        const jc_typeobj *tt = val_typeobj(ctx->globals[name].v);
        if (tt->def)
            sb_puts(&tn, sym_name(ctx, tt->def->name));
        else
            type_name(ctx, &tn, tt);
        ctor_type = ctx->globals[name].v;
        name = type_function_sym(ctx, tn.s, tn.len);
        sb_free(&tn);
    }
    const ast *params[256];
    int np = 0;
    const ast *kw = NULL;
    if (self)
        params[np++] = self;
    for (uint32_t i = 1; i < sig->nkids; i++) {
        if (sig->kids[i]->kind == A_PARAMETERS)
            kw = sig->kids[i];
        else if (np < 256)
            params[np++] = sig->kids[i];
        else
            return err_throw(ctx, ERR_SYNTAX, sig, "too many parameters");
    }
    /* find or create the function binding (local inside functions, else global) */
    value f = v_nothing();
    int found = 0;
    for (env *s = qualified ? NULL : e; s && !found; s = s->parent) {
        value *slot = env_slot(s, name);
        if (slot && slot->type == T_FUNCTION) {
            f = val_retain(*slot);
            found = 1;
        }
    }
    /* inside a function, f(x) = … defines a local function, as Julia's (unless f is
     * declared global, qualified as Base.f, a type's constructor or a callable's) */
    int in_function = 0;
    if (!qualified && ctor_type.type != T_TYPE && strcmp(sym_name(ctx, name), "#call#"))
        for (env *s = e; s && !env_declared_global(s, name); s = s->parent)
            in_function |= s->function;
    if (!found && !in_function && (size_t)name < ctx->nglobals && ctx->globals[name].defined &&
        ctx->globals[name].v.type == T_FUNCTION) {
        if (!ctx->globals[name].constant) /* f = x -> 1; f(x) = 2: a variable, not a function */
            return err_throw(ctx, ERR_ERROR, sig, "cannot define function %s; it already has a value",
                             sym_name(ctx, name));
        f = val_retain(ctx->globals[name].v);
        found = 1;
    }
    if (!found) {
        if (!in_function && (size_t)name < ctx->nglobals && ctx->globals[name].defined)
            return err_throw(ctx, ERR_ERROR, sig, "cannot define function %s; it already has a value",
                            sym_name(ctx, name));
        f = func_new(name);
        if (in_function)
            env_define(ctx, e, name, val_retain(f));
        else {
            eval_set_global(ctx, name, val_retain(f));
            ctx->globals[name].constant = CONST_USER; /* f = 5 is a redefinition */
        }
    }
    if (add_methods(ctx, we, val_func(f), params, np, kw, body, a, sig, tvars, ntv) < 0) {
        val_release(f);
        return -1;
    }
    if (ctor_type.type == T_TYPE) { /* a constructor's definition gives the type */
        val_release(f);
        f = val_retain(ctor_type);
    } else if (!strcmp(sym_name(ctx, name), "#call#")) { /* (p::Poly)(x) = ...: nothing */
        val_release(f);
        f = v_nothing();
    }
    *out = f;
    return 0;
}

static int make_lambda(jc_ctx *ctx, env *e, const ast *n, arena *a, value *out)
{
    const ast *p = n->kids[0];
    const ast *params[256];
    int np = 0;
    const ast *kw = NULL;
    if (p->kind == A_TUPLE || p->kind == A_PARENS) {
        for (uint32_t i = 0; i < p->nkids && np < 256; i++) {
            if (p->kids[i]->kind == A_PARAMETERS)
                kw = p->kids[i];
            else
                params[np++] = p->kids[i];
        }
    } else
        params[np++] = p;
    char name[24];
    int len = snprintf(name, sizeof name, "#%d", ++ctx->anon_count);
    value f = func_new(sym_intern(ctx, name, (size_t)len));
    if (add_methods(ctx, e, val_func(f), params, np, kw, n->kids[1], a, n, NULL, 0) < 0) {
        val_release(f);
        return -1;
    }
    *out = f;
    return 0;
}

int eval_make_lambda_of(jc_ctx *ctx, struct env *e, const ast *const *params, int np,
                        const ast *body, value *out)
{
    char name[24];
    int len = snprintf(name, sizeof name, "#%d", ++ctx->anon_count);
    value f = func_new(sym_intern(ctx, name, (size_t)len));
    if (add_methods(ctx, e, val_func(f), params, np, NULL, body, ST(ctx)->cur_arena, body, NULL, 0) < 0) {
        val_release(f);
        return -1;
    }
    *out = f;
    return 0;
}

int eval_expr(jc_ctx *ctx, struct env *e, const ast *n, value *out) { return ev(ctx, e, n, out); }

int eval_define_function(jc_ctx *ctx, struct env *e, const ast *sig, const ast *body, arena *a,
                         value *out)
{
    return define_function(ctx, e, sig, body, a, out);
}

void eval_set_constant(jc_ctx *ctx, int sym)
{
    if ((size_t)sym < ctx->nglobals)
        ctx->globals[sym].constant = CONST_USER;
}

/* ---- assignment targets ---- */

static int eval_index_args(jc_ctx *ctx, env *e, const ast *n, value coll, value *args, int *nargs);

static int destructure(jc_ctx *ctx, env *e, const ast *target, value v);

/* Where the declared types of the binding an assignment to sym in e reaches are kept
 * (assign's rule), or NULL when the assignment would make a new local. */
static typed_list **binding_types(jc_ctx *ctx, env *e, int sym)
{
    int in_function = 0;
    for (env *s = e; s; s = s->parent) {
        if (env_declared_global(s, sym))
            return &ST(ctx)->gtyped;
        if (env_slot(s, sym))
            return &s->typed;
        in_function |= s->function;
    }
    if (e && (in_function || (size_t)sym >= ctx->nglobals || !ctx->globals[sym].defined))
        return NULL;
    return &ST(ctx)->gtyped;
}

/* a and the indices of a[i, j] (target) into ix[0] and ix[1 .. *nix]. */
static int ev_index_parts(jc_ctx *ctx, env *e, const ast *t, value *ix, int *nix)
{
    if (ev(ctx, e, t->kids[0], &ix[0]) != 0)
        return -1;
    if (eval_index_args(ctx, e, t, ix[0], ix + 1, nix) < 0) {
        val_release(ix[0]);
        return -1;
    }
    return 0;
}

int eval_assign_to(jc_ctx *ctx, env *e, const ast *target, value v /* owned */)
{
    switch (target->kind) {
    case A_ID: {
        /* a variable declared x::T converts every value assigned to it */
        typed_list **tl = ST(ctx)->any_typed ? binding_types(ctx, e, target->sym) : NULL;
        const value *t = tl ? eval_typed_find(*tl, target->sym) : NULL;
        if (t && eval_convert_to(ctx, *t, &v, target) < 0)
            return -1;
        return assign(ctx, e, target->sym, v, target);
    }
    case A_TYPED:
        if (target->nkids == 2 && target->kids[0]->kind == A_ID) {
            value t;
            int sym = target->kids[0]->sym;
            if (eval_convert_declared(ctx, e, target->kids[1], ev, &v, &t) < 0)
                return -1;
            if (assign(ctx, e, sym, v, target) < 0) {
                val_release(t);
                return -1;
            }
            typed_list **tl = binding_types(ctx, e, sym);
            if (tl) {
                eval_typed_set(tl, sym, t);
                ST(ctx)->any_typed = 1;
            }
            else
                val_release(t);
            return 0;
        }
        if (target->nkids == 2 && eval_convert_declared(ctx, e, target->kids[1], ev, &v, NULL) < 0)
            return -1;
        return eval_assign_to(ctx, e, target->kids[0], v);
    case A_PARENS:
        return eval_assign_to(ctx, e, target->kids[0], v);
    case A_DOT: { /* p.x = v */
        const ast *f = target->kids[1];
        if (f->kind == A_QUOTE && f->nkids == 1)
            f = f->kids[0];
        value x;
        if (f->kind != A_ID || ev(ctx, e, target->kids[0], &x) != 0) {
            val_release(v);
            return ctx->err_set ? -1 : err_throw(ctx, ERR_SYNTAX, target, "invalid assignment location");
        }
        int r = eval_setfield(ctx, x, sym_name(ctx, f->sym), v, target);
        val_release(x);
        val_release(v);
        return r;
    }
    case A_TUPLE: {
        int r = destructure(ctx, e, target, v);
        val_release(v);
        return r;
    }
    case A_REF: {
        value ix[33];
        int nix = 0;
        if (ev_index_parts(ctx, e, target, ix, &nix) < 0) {
            val_release(v);
            return -1;
        }
        return eval_store_index(ctx, ix, nix, v, target);
    }
    default:
        val_release(v);
        return err_throw(ctx, ERR_SYNTAX, target, "invalid assignment location");
    }
}

static int assign_in_scope(jc_ctx *ctx, void *scope, const ast *target, value v)
{
    return eval_assign_to(ctx, scope, target, v);
}

static int destructure(jc_ctx *ctx, env *e, const ast *target, value v)
{
    return eval_destructure(ctx, e, target, v, assign_in_scope);
}

/* ---- scopes for the array module (comprehensions) ---- */

struct env *eval_scope_new(struct env *parent) { return env_new(parent, 0); }
struct env *eval_scope_open(struct env *parent, int function) { return env_new(parent, function); }
void eval_scope_define(jc_ctx *ctx, struct env *scope, int sym, value v) { env_define(ctx, scope, sym, v); }

int eval_scope_binds(struct env *scope, int sym)
{
    for (env *s = scope; s; s = s->parent) {
        if (env_declared_global(s, sym))
            return 0;
        if (env_slot(s, sym))
            return 1;
    }
    return 0;
}

int eval_scope_bind(jc_ctx *ctx, struct env *scope, const ast *var, value v)
{
    if (var->kind == A_ID) {
        env_define(ctx, scope, var->sym, v);
        return 0;
    }
    /* destructuring iteration variables are local to the iteration, as in ev_for_level */
    if (var->kind == A_TUPLE)
        for (uint32_t i = 0; i < var->nkids; i++)
            if (var->kids[i]->kind == A_ID)
                env_define(ctx, scope, var->kids[i]->sym, v_nothing());
    return eval_assign_to(ctx, scope, var, v);
}

void eval_scope_release(struct env *scope) { env_release(scope); }
int eval_scope_reuse(jc_ctx *ctx, struct env *scope) { return env_reuse(ctx, scope); }
void eval_scope_drop(jc_ctx *ctx, struct env *scope) { env_drop(ctx, scope); }

/* ---- expressions ---- */

/* Evaluated call arguments: positional (splats expanded) and keyword.  Most calls have
 * a few positional arguments and no keywords: those live in the struct itself, so a
 * call allocates nothing.  An evargs must not move once filled. */
enum { EVARGS_INLINE = 6, EVKW_INLINE = 2 };
typedef struct evargs {
    value *v;
    int n, cap;
    int *kw;
    value *kwv;
    int nkw, kwcap;
    value inl[EVARGS_INLINE];
    int kwinl[EVKW_INLINE];
    value kwvinl[EVKW_INLINE];
} evargs;

static void evargs_free(jc_ctx *ctx, evargs *ea)
{
    /* an argument can be the last reference into a cycle the call made or cut */
    for (int i = 0; i < ea->n; i++)
        gc_drop(ctx, ea->v[i]);
    for (int i = 0; i < ea->nkw; i++)
        gc_drop(ctx, ea->kwv[i]);
    if (ea->v != ea->inl)
        free(ea->v);
    if (ea->kw != ea->kwinl) {
        free(ea->kw);
        free(ea->kwv);
    }
}

/* Room for one more positional argument. */
static void evargs_grow(evargs *ea)
{
    if (ea->n < ea->cap)
        return;
    int cap = 2 * ea->cap;
    if (ea->v == ea->inl) {
        ea->v = xmalloc((size_t)cap * sizeof *ea->v);
        memcpy(ea->v, ea->inl, (size_t)ea->n * sizeof *ea->v);
    } else
        ea->v = xrealloc(ea->v, (size_t)cap * sizeof *ea->v);
    ea->cap = cap;
}

static void evargs_push_kw(evargs *ea, int sym, value x)
{
    if (ea->nkw == ea->kwcap) {
        int cap = 2 * ea->kwcap;
        if (ea->kw == ea->kwinl) {
            ea->kw = xmalloc((size_t)cap * sizeof *ea->kw);
            ea->kwv = xmalloc((size_t)cap * sizeof *ea->kwv);
            memcpy(ea->kw, ea->kwinl, (size_t)ea->nkw * sizeof *ea->kw);
            memcpy(ea->kwv, ea->kwvinl, (size_t)ea->nkw * sizeof *ea->kwv);
        } else {
            ea->kw = xrealloc(ea->kw, (size_t)cap * sizeof *ea->kw);
            ea->kwv = xrealloc(ea->kwv, (size_t)cap * sizeof *ea->kwv);
        }
        ea->kwcap = cap;
    }
    ea->kw[ea->nkw] = sym;
    ea->kwv[ea->nkw++] = x;
}

static int ev_args(jc_ctx *ctx, env *e, const ast *const *kids, int nkids, evargs *ea)
{
    ea->v = ea->inl;
    ea->n = 0;
    ea->cap = EVARGS_INLINE;
    if (nkids > EVARGS_INLINE) { /* room for every argument at once, not by doubling */
        ea->v = xmalloc((size_t)nkids * sizeof *ea->v);
        ea->cap = nkids;
    }
    ea->kw = ea->kwinl;
    ea->kwv = ea->kwvinl;
    ea->nkw = 0;
    ea->kwcap = EVKW_INLINE;
    for (int i = 0; i < nkids; i++) {
        const ast *k = kids[i];
        if (k->kind != A_PARAMETERS && k->kind != A_KW && k->kind != A_SPLAT && ea->n < ea->cap) {
            /* a plain argument into room there is: most arguments */
            if (ev(ctx, e, k, &ea->v[ea->n]) != 0)
                goto fail;
            ea->n++;
            continue;
        }
        const ast *const *kw = NULL;
        int nkwk = 0;
        if (k->kind == A_PARAMETERS) {
            kw = (const ast *const *)k->kids;
            nkwk = (int)k->nkids;
        } else if (k->kind == A_KW) {
            kw = &kids[i];
            nkwk = 1;
        }
        if (kw) {
            for (int j = 0; j < nkwk; j++) {
                const ast *p = kw[j];
                int sym;
                value x;
                if ((p->kind == A_KW || p->kind == A_ASSIGN) && p->kids[0]->kind == A_ID) {
                    sym = p->kids[0]->sym;
                    if (ev(ctx, e, p->kids[1], &x) != 0)
                        goto fail;
                } else if (p->kind == A_ID) { /* f(; x) passes x = x */
                    sym = p->sym;
                    if (ev(ctx, e, p, &x) != 0)
                        goto fail;
                } else {
                    err_throw(ctx, ERR_SYNTAX, p, "invalid keyword argument");
                    goto fail;
                }
                evargs_push_kw(ea, sym, x);
            }
            continue;
        }
        if (k->kind == A_SPLAT) {
            value coll;
            if (ev(ctx, e, k->kids[0], &coll) != 0)
                goto fail;
            jc_iter it;
            int r = eval_iter_init_proto(ctx, &it, coll, k);
            if (r == 0 && num_check_bits(ctx, 128.0 * (double)it.n) < 0) /* f(huge_range...) */
                r = -1;
            while (r == 0) {
                value x;
                int k1 = eval_iter_step(ctx, &it, &x);
                if (k1 <= 0) {
                    r = k1;
                    break;
                }
                evargs_grow(ea);
                ea->v[ea->n++] = x;
            }
            eval_iter_done(&it);
            val_release(coll);
            if (r < 0)
                goto fail;
            continue;
        }
        evargs_grow(ea);
        if (ev(ctx, e, k, &ea->v[ea->n]) != 0)
            goto fail;
        ea->n++;
    }
    return 0;
fail:
    evargs_free(ctx, ea);
    return -1;
}

/* A literal integer exponent, as Julia lowers x^p to literal_pow. */
int eval_literal_exponent(const ast *n, int64_t *p, jc_ctx *ctx)
{
    if (n->kind == A_LIT && n->lit_type == T_INT64) {
        *p = n->lit_u.i;
        return 1;
    }
    if (n->kind == A_CALL && (n->flags & AF_PREFIX) && n->nkids == 2 &&
        n->kids[0]->sym == ST(ctx)->sym_minus && n->kids[1]->kind == A_LIT &&
        n->kids[1]->lit_type == T_INT64 && n->kids[1]->lit_u.i != INT64_MIN) {
        *p = -n->kids[1]->lit_u.i;
        return 1;
    }
    if (n->kind == A_PARENS && n->nkids == 1)
        return eval_literal_exponent(n->kids[0], p, ctx);
    return 0;
}

/* One link of a left-nested chain of binary calls of the function named sym, such as
 * each `-` of 1-1-…-1: (call - (call - … ) x). */
static int chain_link(const ast *x, int sym)
{
    return x->kind == A_CALL && x->nkids == 3 && x->kids[0]->kind == A_ID &&
           x->kids[0]->sym == sym && x->kids[1]->kind != A_SPLAT && x->kids[1]->kind != A_KW &&
           x->kids[1]->kind != A_PARAMETERS && x->kids[2]->kind != A_SPLAT &&
           x->kids[2]->kind != A_KW && x->kids[2]->kind != A_PARAMETERS;
}

/* A long left-nested chain runs as a loop from its innermost link outwards, so that a
 * million-term 1-1-…-1 needs no C stack in proportion; each link evaluates its
 * function and right operand, then calls, as the recursive path does. */
static int ev_left_chain(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    int sym = n->kids[0]->sym;
    size_t depth = 0;
    for (const ast *x = n; chain_link(x, sym); x = x->kids[1])
        depth++;
    const ast **spine = xmalloc(depth * sizeof *spine);
    const ast *x = n;
    for (size_t i = 0; i < depth; i++, x = x->kids[1])
        spine[i] = x;
    value acc;
    int r = ev(ctx, e, x, &acc);
    for (size_t i = depth; r == 0 && i-- > 0;) {
        const ast *link = spine[i];
        value f, right, res;
        if ((r = ctx_poll(ctx)) < 0 || (r = ev(ctx, e, link->kids[0], &f)) != 0) {
            val_release(acc);
            break;
        }
        if ((r = ev(ctx, e, link->kids[2], &right)) != 0) {
            val_release(f);
            val_release(acc);
            break;
        }
        value args[2] = { acc, right };
        r = eval_call(ctx, f, 2, args, link, &res);
        val_release(f);
        val_release(acc);
        val_release(right);
        acc = res;
    }
    free(spine);
    if (r != 0)
        return -1;
    *out = acc;
    return 0;
}

/* ---- folds over generators ----
 *
 * sum, prod, maximum, minimum, count, any and all of a generator written in the call
 * (sum(i^2 for i in 1:10^8)) fold the elements as they come, in constant memory, as
 * Julia's mapfoldl over an iterator: left to right, any/all stopping at their answer.
 * Only the builtin functions do this; a name rebound or given user methods is called
 * as usual with the collected elements. */

enum { FOLD_SUM, FOLD_PROD, FOLD_MAX, FOLD_MIN, FOLD_COUNT, FOLD_ANY, FOLD_ALL };

typedef struct fold {
    int kind;
    int op;            /* the symbol of the binary function folded with */
    int64_t n;         /* elements seen */
    value acc;
    const ast *site;
} fold;

static int ev_anon_body(jc_ctx *ctx, env *e, const ast *n, value *out);

/* max or min of two Int64 or two Float64 without the call, as Julia's methods give
 * them (of equal floats, max takes the one without the sign bit, so max(-0.0, 0.0) is
 * 0.0, and min the one with it); 0 for anything else, NaN included. */
static int fold_maxmin(int max, value *acc, value v)
{
    if (acc->type == T_INT64 && v.type == T_INT64) {
        if (max ? v.u.i > acc->u.i : v.u.i < acc->u.i)
            acc->u.i = v.u.i;
        return 1;
    }
    if (acc->type != T_FLOAT64 || v.type != T_FLOAT64 || isnan(acc->u.f) || isnan(v.u.f))
        return 0;
    double a = acc->u.f, b = v.u.f;
    if (a == b) /* equal, or ±0.0 */
        acc->u.f = max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
    else if (max ? b > a : b < a)
        acc->u.f = b;
    return 1;
}

static int fold_sink(jc_ctx *ctx, void *arg, value v)
{
    fold *F = arg;
    if (F->kind >= FOLD_COUNT) {
        if (v.type != T_BOOL) {
            sb tn = { 0 };
            type_name_of(ctx, &tn, v);
            err_throw(ctx, ERR_TYPE, F->site, "non-boolean (%s) used in boolean context", sb_str(&tn));
            sb_free(&tn);
            val_release(v);
            return -1;
        }
        int b = v.u.i != 0;
        F->n += b;
        if ((F->kind == FOLD_ANY && b) || (F->kind == FOLD_ALL && !b))
            return 1;
        return 0;
    }
    if (F->n++ == 0) {
        /* Julia's reduce_first: sum and prod of the small integers widen to Int/UInt,
         * and sum of Bools counts in Int */
        int t = v.type;
        int small = t == T_INT8 || t == T_INT16 || t == T_INT32 || t == T_UINT8 || t == T_UINT16 ||
                    t == T_UINT32 || (t == T_BOOL && F->kind == FOLD_SUM);
        if (small && F->kind <= FOLD_PROD) {
            num_type to = { .t = val_kind_is(t, VK_UNSIGNED) ? T_UINT64 : T_INT64 };
            int r = num_convert_to(ctx, &F->acc, to, v);
            val_release(v);
            if (r < 0)
                F->acc = v_nothing();
            return r < 0 ? -1 : 0;
        }
        F->acc = v;
        return 0;
    }
    value args[2] = { F->acc, v }, r;
    if (F->kind <= FOLD_PROD &&
        eval_fast_binop(F->kind == FOLD_SUM ? FAST_ADD : FAST_MUL, F->acc, v, &r)) {
        F->acc = r; /* Int64 or Float64: nothing to release */
        return 0;
    }
    if (F->kind <= FOLD_MIN && fold_maxmin(F->kind == FOLD_MAX, &F->acc, v))
        return 0;
    int rc;
    if (F->kind <= FOLD_PROD && val_kind_is(F->acc.type, VK_NUMBER) && val_kind_is(v.type, VK_NUMBER)) {
        /* numbers: what + and * give them, without the call (no user method applies) */
        rc = num_binop(ctx, &r, F->kind == FOLD_SUM ? NUM_ADD : NUM_MUL, F->acc, v);
        if (rc == NUM_NOMETHOD) /* not a number method after all: the generic call */
            rc = eval_call_named(ctx, F->op, 2, args, F->site, &r);
        else if (rc < 0)
            err_locate(ctx, F->site);
    } else
        rc = eval_call_named(ctx, F->op, 2, args, F->site, &r);
    val_release(F->acc);
    val_release(v);
    F->acc = rc < 0 ? v_nothing() : r;
    return rc < 0 ? -1 : 0;
}

/* The fold that the builtin named `name` is, among the kinds up to `last`, with F set
 * up for it (its binary function's symbol); -1 when it is none of them. */
static int fold_begin(jc_ctx *ctx, int name, int last, const ast *site, fold *F)
{
    evstate *st = ST(ctx);
    const int names[] = { st->sym_sum, st->sym_prod, st->sym_maximum, st->sym_minimum,
                          st->sym_count, st->sym_any, st->sym_all };
    static const char *const ops[] = { "+", "*", "max", "min" };
    int kind = 0;
    while (kind <= last && names[kind] != name)
        kind++;
    if (kind > last)
        return -1;
    *F = (fold){ .kind = kind, .acc = v_nothing(), .site = site };
    if (kind <= FOLD_MIN)
        F->op = sym_intern(ctx, ops[kind], strlen(ops[kind]));
    return kind;
}

/* f(generator) for a builtin fold f: 1 when handled (*out set, or -1 returned), 0 when f
 * is not one of them. */
static int ev_fold_call(jc_ctx *ctx, env *e, const ast *n, value f, value *out, int *handled)
{
    *handled = 0;
    if (f.type != T_FUNCTION || val_func(f)->methods || !val_func(f)->nrows)
        return 0;
    fold F;
    int kind = fold_begin(ctx, val_func(f)->name, FOLD_ALL, n, &F);
    if (kind < 0)
        return 0;
    *handled = 1;
    int r = array_eval_generator_fold(ctx, n->kids[1], (array_eval_fn)ev, (array_eval_fn)ev_anon_body,
                                      e, fold_sink, &F);
    if (r < 0) {
        val_release(F.acc);
        return -1;
    }
    switch (kind) {
    case FOLD_COUNT: *out = v_int(F.n); return 0;
    case FOLD_ANY: *out = v_bool(r == 1); return 0;
    case FOLD_ALL: *out = v_bool(r != 1); return 0;
    default: break;
    }
    if (F.n > 0) {
        *out = F.acc;
        return 0;
    }
    /* nothing to fold: the builtin says what an empty collection gives */
    int64_t zero = 0;
    value empty = array_from_values(ctx, NULL, 0, 1, &zero, NULL);
    r = eval_call(ctx, f, 1, &empty, n, out);
    val_release(empty);
    return r < 0 ? -1 : 0;
}

/* sum, prod, maximum, minimum and count with an `init` keyword: Julia's mapfoldl from
 * init, over any iterable, with an optional function first (sum(f, itr; init = 0));
 * empty, the answer is init.  0 when f is not one of them or the call is another. */
static int fold_init_call(jc_ctx *ctx, value f, const jc_args *a, value *out, int *handled)
{
    *handled = 0;
    if (a->nkw != 1 || a->n < 1 || a->n > 2 || a->kw[0] != ST(ctx)->sym_init)
        return 0;
    fold F;
    int kind = fold_begin(ctx, val_func(f)->name, FOLD_COUNT, a->site, &F);
    if (kind < 0)
        return 0;
    *handled = 1;
    F.n = 1;   /* init stands for the first element */
    if (kind <= FOLD_MIN) {
        F.acc = val_retain(a->kwv[0]);
    } else if (num_to_int64(ctx, a->kwv[0], &F.n) < 0) { /* count's init is a count */
        err_locate(ctx, a->site);
        return -1;
    }
    value fn = a->n == 2 ? a->v[0] : v_nothing(), coll = a->v[a->n - 1];
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, coll, a->site) < 0) {
        val_release(F.acc);
        return -1;
    }
    int r = 0;
    for (;;) {
        value x;
        int k = eval_iter_step(ctx, &it, &x);
        if (k <= 0) {
            r = k;
            break;
        }
        if (a->n == 2) {
            value y;
            r = eval_call(ctx, fn, 1, &x, a->site, &y);
            val_release(x);
            if (r < 0)
                break;
            x = y;
        }
        if ((r = fold_sink(ctx, &F, x)) < 0)
            break;
    }
    eval_iter_done(&it);
    if (r < 0) {
        val_release(F.acc);
        return -1;
    }
    *out = kind == FOLD_COUNT ? v_int(F.n) : F.acc;
    return 0;
}

static int ev_call(jc_ctx *ctx, env *e, const ast *n, int dotted, value *out)
{
    evstate *st = ST(ctx);
    const ast *callee = n->kids[0];
    if (!dotted && callee->kind == A_ID && n->nkids == 3 && n->kids[1]->kind == A_CALL &&
        callee->sym != st->sym_pow && chain_link(n, callee->sym)) {
        int depth = 0;
        for (const ast *x = n; depth < 32 && chain_link(x, callee->sym); x = x->kids[1])
            depth++;
        if (depth == 32)
            return ev_left_chain(ctx, e, n, out);
    }
    /* x^literal */
    int64_t p;
    if (!dotted && callee->kind == A_ID && callee->sym == st->sym_pow && n->nkids == 3 &&
        eval_literal_exponent(n->kids[2], &p, ctx)) {
        int user = (size_t)st->sym_pow < ctx->nglobals && ctx->globals[st->sym_pow].defined &&
                   ctx->globals[st->sym_pow].v.type == T_FUNCTION &&
                   val_func(ctx->globals[st->sym_pow].v)->methods;
        if (!user) {
            value base;
            if (ev(ctx, e, n->kids[1], &base) != 0)
                return -1;
            int r;
            if (!num_is_number(base)) { /* matrix powers, "ab"^3: the ordinary ^ rows */
                value args[2] = { base, v_int(p) };
                r = eval_call_named(ctx, st->sym_pow, 2, args, n, out);
            } else
                r = num_literal_pow(ctx, out, base, p);
            val_release(base);
            if (r < 0)
                err_locate(ctx, n);
            return r < 0 ? -1 : 0;
        }
    }
    value f;
    if (ev(ctx, e, callee, &f) != 0)
        return -1;
    if (!dotted && n->nkids == 3 && f.type == T_FUNCTION && plain_arg(n->kids[1]) &&
        plain_arg(n->kids[2]) && eval_fast_func(ctx, val_func(f))) {
        /* an operator with two plain arguments, the work of every loop and recursion:
         * no argument array, and the direct path when both are Int64 or Float64 */
        value args[2];
        if (ev(ctx, e, n->kids[1], &args[0]) != 0) {
            val_release(f);
            return -1;
        }
        if (ev(ctx, e, n->kids[2], &args[1]) != 0) {
            gc_drop(ctx, args[0]);
            val_release(f);
            return -1;
        }
        int r = 0;
        if (!eval_fast_binop(val_func(f)->fast, args[0], args[1], out)) {
            jc_args a = { .n = 2, .v = args, .site = n };
            r = eval_call_kw(ctx, f, &a, out);
        }
        gc_drop(ctx, args[0]);
        gc_drop(ctx, args[1]);
        val_release(f);
        return r < 0 ? -1 : 0;
    }
    if (!dotted && n->nkids == 2 && n->kids[1]->kind == A_GENERATOR) {
        int handled, r = ev_fold_call(ctx, e, n, f, out, &handled);
        if (handled) {
            val_release(f);
            return r;
        }
    }
    evargs ea;
    if (ev_args(ctx, e, (const ast *const *)n->kids + 1, (int)n->nkids - 1, &ea) < 0) {
        val_release(f);
        return -1;
    }
    jc_args a = { .n = ea.n, .v = ea.v, .nkw = ea.nkw, .kw = ea.kw, .kwv = ea.kwv, .site = n };
    int r = dotted ? array_broadcast(ctx, f, &a, out) : eval_call_kw(ctx, f, &a, out);
    evargs_free(ctx, &ea);
    val_release(f);
    return r < 0 ? -1 : 0;
}

/* f(x) do y … end: the call with the anonymous function as its first argument. */
static int ev_do(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const ast *call = n->kids[0];
    value f, lam;
    if (ev(ctx, e, call->kids[0], &f) != 0)
        return -1;
    if (make_lambda(ctx, e, n->kids[n->nkids - 1], ST(ctx)->cur_arena, &lam) < 0) {
        val_release(f);
        return -1;
    }
    evargs ea;
    if (ev_args(ctx, e, (const ast *const *)call->kids + 1, (int)call->nkids - 1, &ea) < 0) {
        val_release(f);
        gc_drop(ctx, lam);
        return -1;
    }
    evargs_grow(&ea);
    memmove(ea.v + 1, ea.v, (size_t)ea.n * sizeof *ea.v);
    ea.v[0] = lam;
    ea.n++;
    jc_args a = { .n = ea.n, .v = ea.v, .nkw = ea.nkw, .kw = ea.kw, .kwv = ea.kwv, .site = call };
    int r = eval_call_kw(ctx, f, &a, out);
    evargs_free(ctx, &ea);
    val_release(f);
    return r < 0 ? -1 : 0;
}

static int eval_index_args(jc_ctx *ctx, env *e, const ast *n, value coll, value *args, int *nargs)
{
    evstate *st = ST(ctx);
    int cnt = 0;
    int nd = (int)n->nkids - 1;
    if (nd > 32)
        return err_throw(ctx, ERR_ARGUMENT, n, "too many indices");
    if (st->nix >= 64)
        return err_throw(ctx, ERR_STACK, n, "%s", "");
    for (int i = 0; i < nd; i++) {
        st->ix[st->nix].coll = coll;
        st->ix[st->nix].dim = i + 1;
        st->ix[st->nix].ndims = nd;
        st->nix++;
        int r = ev(ctx, e, n->kids[i + 1], &args[cnt]);
        st->nix--;
        if (r != 0) {
            val_release_n(args, cnt);
            return -1;
        }
        cnt++;
    }
    *nargs = cnt;
    return 0;
}

static int ev_ref(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    value args[34];
    if (ev(ctx, e, n->kids[0], &args[0]) != 0)
        return -1;
    int nargs = 0;
    if (eval_index_args(ctx, e, n, args[0], args + 1, &nargs) < 0) {
        val_release(args[0]);
        return -1;
    }
    int r = eval_call_named(ctx, ST(ctx)->sym_getindex, nargs + 1, args, n, out);
    val_release_n(args, nargs + 1);
    return r;
}

static int ev_begin_end(jc_ctx *ctx, const ast *n, value *out)
{
    evstate *st = ST(ctx);
    if (st->nix == 0)
        return err_throw(ctx, ERR_SYNTAX, n, "`%s` outside of indexing",
                        (n->flags & AF_END) ? "end" : "begin");
    value args[3] = { st->ix[st->nix - 1].coll, v_int(st->ix[st->nix - 1].dim) };
    int nargs = st->ix[st->nix - 1].ndims == 1 ? 1 : 2;
    return eval_call_named(ctx, (n->flags & AF_END) ? st->sym_lastindex : st->sym_firstindex, nargs,
                      args, n, out);
}

static int ev_block(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    *out = v_nothing();
    for (uint32_t i = 0; i < n->nkids; i++) {
        value v;
        int r = ctl_resume(ctx, ev_stmt(ctx, e, n->kids[i], &v), &v);
        if (r != 0) {
            val_release(*out);
            if (r == EV_RETURN)
                *out = v;
            return r;
        }
        val_release(*out);
        *out = v;
    }
    return 0;
}

static int ev_cond(jc_ctx *ctx, env *e, const ast *n, int *truth)
{
    value c;
    if (ev(ctx, e, n, &c) != 0)
        return -1;
    int r = eval_truthy(ctx, c, n, truth);
    val_release(c);
    return r;
}

int eval_truthy(jc_ctx *ctx, value v, const ast *site, int *truth)
{
    if (v.type != T_BOOL) {
        sb tn = { 0 };
        type_name_of(ctx, &tn, v);
        err_throw(ctx, ERR_TYPE, site, "non-boolean (%s) used in boolean context",
                 sb_str(&tn));
        sb_free(&tn);
        /* TypeError(:if, "", Bool, v), as Julia's lowered conditions raise it */
        num_type bt = { T_BOOL, 0, 0 };
        value f[4] = { { T_SYMBOL, 0, { .i = sym_intern(ctx, "if", 2) } }, v_string("", 0),
                       num_type_value(bt), v };
        exc_attach(ctx, EXC_TYPE, 4, f);
        val_release(f[1]);
        val_release(f[2]);
        return -1;
    }
    *truth = (int)v.u.i;
    return 0;
}

/* Runs the body once per combination of the iterators kids[0..niters).  depth is the
 * number of enclosing levels of the same `for`; their scopes are e, e->parent, ... */
static int ev_for_level(jc_ctx *ctx, env *e, const ast *const *iters, int niters, int depth,
                        const ast *body)
{
    const ast *spec = iters[0];
    if (spec->kind != A_ITER || spec->nkids != 2)
        return err_throw(ctx, ERR_SYNTAX, spec, "invalid iteration specification");
    value coll;
    if (ev(ctx, e, spec->kids[1], &coll) != 0)
        return -1;
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, coll, spec->kids[1]) < 0) {
        val_release(coll);
        return -1;
    }
    int result = 0;
    env *scope = NULL; /* one scope serves every run of the body that leaves it unshared */
    for (;;) {
        value x;
        int r = eval_iter_step(ctx, &it, &x);
        if (r <= 0) {
            result = r;
            break;
        }
        if (!scope)
            scope = env_new(e, 0);
        /* Julia binds every variable of `for i = a, j = b` afresh for each run of the
         * body: an assignment to i in the body does not reach the next j.  So the
         * innermost scope gets its own copies of the outer levels' variables. */
        env *o = e;
        for (int d = niters == 1 ? depth : 0; d > 0; d--, o = o->parent)
            for (int i = 0; i < o->n; i++)
                if (!env_slot(scope, o->syms[i]))
                    env_define(ctx, scope, o->syms[i], val_retain(o->vals[i]));
        const ast *var = spec->kids[0];
        if ((spec->flags & AF_PREFIX) && var->kind == A_ID) {
            /* for outer i: the loop sets the enclosing local i */
            value *slot = NULL;
            for (env *s = e; s && !slot; s = s->parent)
                slot = env_slot(s, var->sym);
            if (!slot) {
                val_release(x);
                result = err_throw(ctx, ERR_SYNTAX, spec,
                                   "no outer local variable declaration exists for \"for outer\"");
                break;
            }
            val_release(*slot);
            *slot = x;
        } else if (var->kind == A_ID)
            env_define(ctx, scope, var->sym, x);
        else {
            /* destructuring loop variables are local to the iteration */
            if (var->kind == A_TUPLE) {
                for (uint32_t i = 0; i < var->nkids; i++)
                    if (var->kids[i]->kind == A_ID)
                        env_define(ctx, scope, var->kids[i]->sym, v_nothing());
            }
            r = eval_assign_to(ctx, scope, var, x);
            if (r < 0) {
                result = -1;
                break;
            }
        }
        value v = v_nothing();
        if (niters > 1)
            r = ev_for_level(ctx, scope, iters + 1, niters - 1, depth + 1, body);
        else {
            r = ctl_resume(ctx, ev_stmt(ctx, scope, body, &v), &v);
            if (r == 0)
                val_release(v);
        }
        if (!env_reuse(ctx, scope))
            scope = NULL;
        eval_gc_safepoint(ctx);
        if (r == EV_CONTINUE)
            continue;
        if (r == EV_BREAK) {
            result = niters > 1 ? EV_BREAK : 0;
            break;
        }
        if (r != 0) {
            result = r;
            if (r == EV_RETURN && niters == 1)
                ST(ctx)->returning = v;
            break;
        }
    }
    if (scope)
        env_drop(ctx, scope);
    eval_iter_done(&it);
    val_release(coll);
    return result;
}

static int ev_for(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const ast *spec = n->kids[0];
    const ast *const *iters = (const ast *const *)&n->kids[0];
    int niters = 1;
    if (spec->kind == A_BLOCK) {
        iters = (const ast *const *)spec->kids;
        niters = (int)spec->nkids;
    }
    int r = ev_for_level(ctx, e, iters, niters, 0, n->kids[1]);
    if (r == EV_RETURN) {
        *out = ST(ctx)->returning;
        ST(ctx)->returning = v_nothing();
        return EV_RETURN;
    }
    *out = v_nothing();
    return r == EV_BREAK ? 0 : r;
}

static int ev_while(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    *out = v_nothing();
    env *scope = NULL; /* one scope serves every run of the body that leaves it unshared */
    int result = 0, truth;
    for (;;) {
        if (ctx_poll(ctx) < 0 || ev_cond(ctx, e, n->kids[0], &truth) < 0) {
            result = -1;
            break;
        }
        if (!truth)
            break;
        if (!scope)
            scope = env_new(e, 0);
        value v;
        int r = ctl_resume(ctx, ev_stmt(ctx, scope, n->kids[1], &v), &v);
        if (!env_reuse(ctx, scope))
            scope = NULL;
        eval_gc_safepoint(ctx);
        if (r == 0)
            val_release(v);
        else if (r == EV_CONTINUE)
            continue;
        else {
            if (r == EV_RETURN)
                *out = v;
            result = r == EV_BREAK ? 0 : r;
            break;
        }
    }
    if (scope)
        env_drop(ctx, scope);
    return result;
}

static int ev_if(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    int truth;
    if (ev_cond(ctx, e, n->kids[0], &truth) < 0)
        return -1;
    if (truth)
        return ev_stmt(ctx, e, n->kids[1], out);
    if (n->nkids > 2)
        return ev_stmt(ctx, e, n->kids[2], out);
    *out = v_nothing();
    return 0;
}

static int ev_let(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    /* let is a hard scope, as a function body is: x = … inside makes a local x even
     * when a global x exists (only `global x` reaches it) */
    env *scope = env_new(e, 1);
    const ast *binds = n->kids[0];
    const ast *const *bk = (const ast *const *)&n->kids[0];
    int nb = 1;
    if (binds->kind == A_BLOCK) {
        bk = (const ast *const *)binds->kids;
        nb = (int)binds->nkids;
    }
    for (int i = 0; i < nb; i++) {
        const ast *b = bk[i];
        value v;
        if (b->kind == A_ASSIGN && b->kids[0]->kind == A_ID) {
            if (ev(ctx, scope, b->kids[1], &v) != 0) {
                env_drop(ctx, scope);
                return -1;
            }
            env_define(ctx, scope, b->kids[0]->sym, v);
        } else if (b->kind == A_ID) {
            env_define(ctx, scope, b->sym, v_unassigned());
        } else if (b->kind == A_ASSIGN) {
            if (ev(ctx, scope, b->kids[1], &v) != 0 || eval_assign_to(ctx, scope, b->kids[0], v) < 0) {
                env_drop(ctx, scope);
                return -1;
            }
        }
    }
    int r = ev_stmt(ctx, scope, n->kids[1], out);
    env_drop(ctx, scope);
    return r;
}

/* Appends an interpolated piece v (released) of the string n to s: 0, or -1 with the
 * error pending (s freed). */
int eval_string_piece(jc_ctx *ctx, sb *s, value v, const ast *n)
{
    show_value(ctx, s, v, SHOW_PRINT, 0);
    val_release(v);
    /* StackOverflowError from a self-containing matrix; and an interpolated string is a
     * result like any other: within --max-bits and the memory budget (the pieces may
     * each be large) */
    if (ctx->err_set || num_check_bits(ctx, (double)s->len * 8) < 0) {
        sb_free(s);
        err_locate(ctx, n);
        return -1;
    }
    return 0;
}

static int ev_string(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    if (n->nkids == 1 && n->kids[0]->kind == A_LIT && n->kids[0]->lit_type == T_STRING) {
        *out = val_retain(ast_lit(n->kids[0]));
        return 0;
    }
    sb s = { 0 };
    for (uint32_t i = 0; i < n->nkids; i++) {
        value v;
        if (ev(ctx, e, n->kids[i], &v) != 0) {
            sb_free(&s);
            return -1;
        }
        if (eval_string_piece(ctx, &s, v, n) < 0)
            return -1;
    }
    *out = v_string(sb_str(&s), s.len);
    sb_free(&s);
    return 0;
}

/* a[i] op= v: a and i are evaluated once, as Julia lowers it (the element read and
 * written with the same index values); *ix gets a and the indices (nix of them). */
static int ev_index_target(jc_ctx *ctx, env *e, const ast *t, value *ix, int *nix, value *cur)
{
    if (ev_index_parts(ctx, e, t, ix, nix) < 0)
        return -1;
    if (eval_call_named(ctx, ST(ctx)->sym_getindex, *nix + 1, ix, t, cur) < 0) {
        val_release_n(ix, *nix + 1);
        return -1;
    }
    return 0;
}

/* Stores v (owned) as a[i] with ix from ev_index_target (released). */
int eval_store_index(jc_ctx *ctx, value *ix, int nix, value v, const ast *t)
{
    value args[35], res;
    args[0] = ix[0];
    args[1] = v;
    memcpy(args + 2, ix + 1, (size_t)nix * sizeof *args);
    int r = eval_call_named(ctx, ST(ctx)->sym_setindex, nix + 2, args, t, &res);
    if (r == 0)
        val_release(res);
    val_release(v);
    val_release_n(ix, nix + 1);
    return r;
}

static int ev_opassign(jc_ctx *ctx, env *e, const ast *n, int dotted, value *out)
{
    const ast *t = n->kids[0];
    int indexed = t->kind == A_REF, nix = 0;
    value cur, rhs, ix[34];
    if (indexed ? ev_index_target(ctx, e, t, ix, &nix, &cur) < 0 : ev(ctx, e, t, &cur) != 0)
        return -1;
    if (ev(ctx, e, n->kids[2], &rhs) != 0) {
        val_release(cur);
        if (indexed)
            val_release_n(ix, nix + 1);
        return -1;
    }
    value args[2] = { cur, rhs };
    value f, res;
    int r = ev(ctx, e, n->kids[1], &f);
    if (r == 0) {
        jc_args a = { .n = 2, .v = args, .site = n };
        if (!dotted && f.type == T_FUNCTION && eval_fast_func(ctx, val_func(f)) &&
            eval_fast_binop(val_func(f)->fast, cur, rhs, &res))
            r = 0;
        else
            r = dotted ? array_broadcast(ctx, f, &a, &res) : eval_call_kw(ctx, f, &a, &res);
        val_release(f);
    }
    val_release(cur);
    val_release(rhs);
    if (r < 0) {
        if (indexed)
            val_release_n(ix, nix + 1);
        return -1;
    }
    *out = val_retain(res);
    r = indexed ? eval_store_index(ctx, ix, nix, res, t) : eval_assign_to(ctx, e, t, res);
    if (r < 0)
        val_release(*out);
    return r < 0 ? -1 : 0;
}

/* Fills dest (an array) from src in place: a scalar goes to every element, an array
 * must have dest's shape.  The broadcasting rules for singleton dimensions are the
 * general form; these two cases are the ones `.=` is written for. */
static int fill_from(jc_ctx *ctx, value dest, value src, const ast *site)
{
    jc_array *d = val_array(dest);
    if (src.type == T_ARRAY || src.type == T_RANGE || src.type == T_TUPLE) {
        int64_t n = src.type == T_ARRAY ? val_array(src)->len
                    : src.type == T_RANGE ? range_length(src) : (int64_t)val_tuple(src)->n;
        int same = n == d->len;
        if (same && src.type == T_ARRAY && d->nd > 1) {
            jc_array *sa = val_array(src);
            same = sa->nd == d->nd && !memcmp(sa->dims, d->dims, (size_t)d->nd * sizeof *d->dims);
        }
        if (!same)
            return err_throw(ctx, ERR_DIMENSION, site,
                            "array could not be broadcast to match destination");
        jc_iter it;
        if (eval_iter_init_proto(ctx, &it, src, site) < 0)
            return -1;
        int r = 0;
        for (int64_t i = 0; i < n && r == 0; i++) {
            value x;
            if (eval_iter_next(ctx, &it, &x) <= 0) {
                r = -1;
                break;
            }
            r = array_set(ctx, dest, i, x, site);
            val_release(x);
        }
        eval_iter_done(&it);
        return r < 0 ? -1 : 0;
    }
    for (int64_t i = 0; i < d->len; i++)
        if (array_set(ctx, dest, i, src, site) < 0)
            return -1;
    return 0;
}

/* x .= y and a[i] .= y: assignment into existing storage. */
static int ev_dot_assign(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const ast *target = n->kids[0];
    value src;
    if (ev(ctx, e, n->kids[1], &src) != 0)
        return -1;
    int r;
    if (target->kind == A_REF) {
        /* the selected elements, refilled, then stored back through setindex! */
        value sel;
        if (ev_ref(ctx, e, target, &sel) != 0) {
            val_release(src);
            return -1;
        }
        if (sel.type != T_ARRAY) {
            /* a single element: a[i] .= y is a[i] = y */
            val_release(sel);
            r = eval_assign_to(ctx, e, target, val_retain(src));
        } else {
            jc_array *sa = val_array(sel);
            value fresh = array_new(ctx, sa->et, sa->nd, sa->dims);
            r = fill_from(ctx, fresh, src, n);
            if (r == 0)
                r = eval_assign_to(ctx, e, target, val_retain(fresh));
            val_release(fresh);
            val_release(sel);
        }
    } else {
        value dest;
        r = ev(ctx, e, target, &dest);
        if (r == 0) {
            if (dest.type == T_ARRAY)
                r = fill_from(ctx, dest, src, n);
            else {
                sb tn = { 0 };
                type_name_of(ctx, &tn, dest);
                r = err_throw(ctx, ERR_METHOD, n, "no method matching copyto!(::%s, ...)",
                             sb_str(&tn));
                sb_free(&tn);
            }
            val_release(dest);
        }
    }
    if (r != 0) {
        val_release(src);
        return -1;
    }
    *out = src;
    return 0;
}

/* (a = 1, b = 2): every element is name = value. */
static int is_named_tuple(const ast *n)
{
    for (uint32_t i = 0; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        if (!((k->kind == A_ASSIGN || k->kind == A_KW) && !(k->flags & AF_DOTTED) && k->nkids == 2 &&
              k->kids[0]->kind == A_ID))
            return 0;
    }
    return 1;
}

static int ev_named_tuple(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    jc_namedtuple *t = obj_new(T_NAMEDTUPLE, sizeof *t + n->nkids * sizeof(value));
    t->names = xmalloc(n->nkids * sizeof *t->names);
    value nt = v_obj(T_NAMEDTUPLE, 0, &t->h);
    for (uint32_t i = 0; i < n->nkids; i++) {
        int name = n->kids[i]->kids[0]->sym;
        for (uint32_t j = 0; j < i; j++)
            if (t->names[j] == name) {
                val_release(nt);
                return err_throw(ctx, ERR_SYNTAX, n->kids[i], "field name \"%s\" repeated in named tuple",
                                sym_name(ctx, name));
            }
        if (ev(ctx, e, n->kids[i]->kids[1], &t->v[i]) != 0) {
            val_release(nt);
            return -1;
        }
        t->names[i] = name;
        t->n = i + 1;
    }
    *out = nt;
    return 0;
}

/* Syntactic operators that evaluate as calls: T1 <: T2, T1 >: T2, and the dotted
 * short-circuit forms a .&& b, a .|| b (elementwise & and | over Bool values). */
static int ev_synop(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    const char *name = sym_name(ctx, n->sym);
    const char *fname = NULL;
    int dotted = 0;
    if (n->nkids == 1 && !strcmp(name, "<:")) /* Vector{<:Integer}: an anonymous variable */
        return eval_anon_typevar(ctx, ev(ctx, e, n->kids[0], out), out, n);
    if (n->nkids == 2 && (!strcmp(name, "<:") || !strcmp(name, ">:")))
        fname = name;
    else if (n->nkids == 2 && (!strcmp(name, ".&&") || !strcmp(name, ".||"))) {
        fname = name[1] == '&' ? "&" : "|";
        dotted = 1;
    }
    if (!fname)
        return err_throw(ctx, ERR_SYNTAX, n, "`%s` is not supported in jcalc", name);
    value f;
    if (eval_get_global(ctx, fname, &f) < 0)
        return err_throw(ctx, ERR_UNDEFVAR, n, "`%s` not defined", fname);
    value args[2];
    int r = ev(ctx, e, n->kids[0], &args[0]);
    if (r == 0) {
        r = ev(ctx, e, n->kids[1], &args[1]);
        if (r == 0) {
            jc_args a = { .n = 2, .v = args, .site = n };
            r = dotted ? array_broadcast(ctx, f, &a, out) : eval_call_kw(ctx, f, &a, out);
            val_release(args[1]);
        }
        val_release(args[0]);
    }
    val_release(f);
    return r < 0 ? -1 : r;
}

/* Base.MathConstants.γ and friends: a dotted path of module names ending in a name. */
static int ev_dot(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    evstate *st = ST(ctx);
    const ast *lhs = n->kids[0], *rhs = n->kids[1];
    if (rhs->kind == A_QUOTE && rhs->nkids == 1)
        rhs = rhs->kids[0];
    if (rhs->kind == A_PARENS && rhs->nkids == 1) /* Base.:(==) */
        rhs = rhs->kids[0];
    (void)st;  /* Base.sin, Base.Math.sinpi: Base evaluates to a module (eval_func.c) */
    value obj;
    if (ev(ctx, e, lhs, &obj) != 0)
        return -1;
    if (rhs->kind != A_ID) {
        val_release(obj);
        return err_throw(ctx, ERR_SYNTAX, n, "invalid field access");
    }
    int r = eval_getfield(ctx, out, obj, sym_name(ctx, rhs->sym), n);
    val_release(obj);
    return r;
}

int eval_chain_link(jc_ctx *ctx, value res, value right, int last, const ast *site, value *out,
                    value *left)
{
    if (last || res.type != T_BOOL || !res.u.i) {
        /* the first false ends the chain; a non-Bool must be the last comparison */
        val_release(right);
        if (!last && res.type != T_BOOL) {
            int t;
            eval_truthy(ctx, res, site, &t);
            val_release(res);
            return -1;
        }
        *out = res;
        return 1;
    }
    val_release(res);
    *left = right;
    return 0;
}

static int ev_comparison(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    value left;
    if (ev(ctx, e, n->kids[0], &left) != 0)
        return -1;
    for (uint32_t i = 1; i + 1 < n->nkids; i += 2) {
        value right;
        if (ev(ctx, e, n->kids[i + 1], &right) != 0) {
            val_release(left);
            return -1;
        }
        value args[2] = { left, right }, res;
        value f;
        int r = ev(ctx, e, n->kids[i], &f);
        if (r == 0) {
            r = eval_call(ctx, f, 2, args, n, &res);
            val_release(f);
        }
        val_release(left);
        if (r < 0) {
            val_release(right);
            return -1;
        }
        int end = eval_chain_link(ctx, res, right, i + 2 >= n->nkids, n, out, &left);
        if (end)
            return end < 0 ? -1 : 0;
    }
    *out = left;
    return 0;
}

static int ev_stmt(jc_ctx *ctx, env *e, const ast *n, value *out);

/* The body of a comprehension or generator, which Julia makes an anonymous function:
 * its `return` gives the value; break and continue have no loop to leave. */
static int ev_anon_body(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    int r = ctl_resume(ctx, ev_stmt(ctx, e, n, out), out);
    if (r == EV_BREAK || r == EV_CONTINUE)
        return err_throw(ctx, ERR_SYNTAX, n, "break or continue outside loop");
    return r == EV_RETURN ? 0 : r;
}

/* An expression whose value is wanted: 0 or -1, never a control code. */
/* x::T in a value position: Julia's typeassert, x's value when it isa T, else
 * TypeError(:typeassert, T, x). */
static int ev_typeassert(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    if (ev(ctx, e, n->kids[0], out) != 0 || n->nkids < 2)
        return n->nkids < 2 ? 0 : -1;
    value tv;
    if (ev(ctx, e, n->kids[1], &tv) != 0) {
        val_release(*out);
        return -1;
    }
    int r = eval_typeassert(ctx, *out, tv, n);
    val_release(tv);
    if (r < 0)
        val_release(*out);
    return r;
}

static int ev(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    /* the leaves, most of what is evaluated, without ev_stmt's frame */
    if (n->kind == A_ID)
        return eval_lookup(ctx, e, n->sym, n, out);
    if (n->kind == A_LIT) {
        *out = val_retain(ast_lit(n));
        return 0;
    }
    int r = ev_stmt(ctx, e, n, out);
    return r > 0 ? ctl_raise(ctx, n, r, out) : r;
}

/* The names `const` declares (x, x::T, a, b): before the assignment (mark 0), Julia's
 * errors for a local or for a global that already has a value of its own; after it
 * (mark 1), their bindings become constants. */
static int const_names(jc_ctx *ctx, env *e, const ast *t, int mark)
{
    if (t->kind == A_TYPED && t->nkids)
        return const_names(ctx, e, t->kids[0], mark);
    if (t->kind == A_TUPLE || t->kind == A_PARENS) {
        for (uint32_t i = 0; i < t->nkids; i++)
            if (const_names(ctx, e, t->kids[i], mark) < 0)
                return -1;
        return 0;
    }
    if (t->kind != A_ID)
        return 0;
    int sym = t->sym;
    for (env *s = e; s; s = s->parent)
        if (s->function && !env_declared_global(s, sym))
            return mark ? 0 : err_throw(ctx, ERR_SYNTAX, t, "unsupported `const` declaration on local variable");
    binding *b = (size_t)sym < ctx->nglobals ? &ctx->globals[sym] : NULL;
    if (mark) {
        if (b && b->defined)
            b->constant = CONST_USER;
        return 0;
    }
    if (b && b->defined && !b->constant)
        return err_throw(ctx, ERR_ERROR, t, "cannot declare %s constant; it already has a value",
                         sym_name(ctx, sym));
    return 0;
}

/* A statement: 0, -1 or EV_BREAK / EV_CONTINUE / EV_RETURN. */
static int ev_stmt(jc_ctx *ctx, env *e, const ast *n, value *out)
{
    evstate *st = ST(ctx);
    /* every nesting of the AST recurses here: a guard before the C stack runs out */
    if (n->kind != A_LIT && n->kind != A_ID && stack_check(ctx, n) < 0)
        return -1;
    switch ((ast_kind)n->kind) {
    case A_LIT:
        *out = val_retain(ast_lit(n));
        return 0;
    case A_ID:
        return eval_lookup(ctx, e, n->sym, n, out);
    case A_STRING:
        return ev_string(ctx, e, n, out);
    case A_CALL:
        return ev_call(ctx, e, n, 0, out);
    case A_DOTCALL:
        return ev_call(ctx, e, n, 1, out);
    case A_JUXT: {
        value args[2];
        if (ev(ctx, e, n->kids[0], &args[0]) != 0)
            return -1;
        if (ev(ctx, e, n->kids[1], &args[1]) != 0) {
            val_release(args[0]);
            return -1;
        }
        int r = eval_call_named(ctx, st->sym_mul, 2, args, n, out);
        val_release_n(args, 2);
        return r;
    }
    case A_COMPARISON:
        return ev_comparison(ctx, e, n, out);
    case A_PARENS:
        return n->nkids ? ev_stmt(ctx, e, n->kids[0], out) : (*out = v_nothing(), 0);
    case A_TUPLE: {
        if (eval_is_named_tuple_form(n))
            return eval_named_tuple(ctx, e, n, ev, out);
        if (n->nkids && is_named_tuple(n))
            return ev_named_tuple(ctx, e, n, out);
        evargs ea;
        if (ev_args(ctx, e, (const ast *const *)n->kids, (int)n->nkids, &ea) < 0)
            return -1;
        value t = v_tuple_new((size_t)ea.n);
        memcpy(val_tuple(t)->v, ea.v, (size_t)ea.n * sizeof *ea.v);
        ea.n = 0; /* the tuple took the elements */
        evargs_free(ctx, &ea);
        *out = t;
        return 0;
    }
    case A_VECT: case A_HCAT: case A_VCAT: case A_NCAT: case A_ROW:
    case A_TYPED_VECT: case A_TYPED_HCAT: case A_TYPED_VCAT:
    case A_COMPREHENSION: case A_TYPED_COMPREHENSION: case A_GENERATOR:
        return array_eval_literal(ctx, n, (array_eval_fn)ev, (array_eval_fn)ev_anon_body, e, out);
    case A_REF:
        return ev_ref(ctx, e, n, out);
    case A_BEGIN_END:
        return ev_begin_end(ctx, n, out);
    case A_ASSIGN: {
        if (n->flags & AF_DOTTED)
            return ev_dot_assign(ctx, e, n, out);
        if (n->kids[0]->kind == A_CALL) /* f(x) = ... written with a plain = */
            return define_function(ctx, e, n->kids[0], n->kids[1], st->cur_arena, out);
        value v;
        if (ev(ctx, e, n->kids[1], &v) != 0)
            return -1;
        *out = val_retain(v);
        if (eval_assign_to(ctx, e, n->kids[0], v) < 0) {
            val_release(*out);
            return -1;
        }
        return 0;
    }
    case A_OPASSIGN:
        return ev_opassign(ctx, e, n, 0, out);
    case A_DOTOPASSIGN:
        return ev_opassign(ctx, e, n, 1, out);
    case A_FUNCDEF:
        return define_function(ctx, e, n->kids[0], n->kids[1], st->cur_arena, out);
    case A_STRUCT:
    case A_ABSTRACT:
        for (env *s = e; s; s = s->parent)
            if (s->function)
                return err_throw(ctx, ERR_SYNTAX, n, "\"%s\" expression not at top level",
                                 n->kind == A_STRUCT ? "struct" : "abstract type");
        return eval_typedef(ctx, e, n, st->cur_arena, &st->typedefs, out);
    case A_ARROW:
        return make_lambda(ctx, e, n, st->cur_arena, out);
    case A_TERNARY:
    case A_IF:
    case A_ELSEIF:
        return ev_if(ctx, e, n, out);
    case A_AND:
    case A_OR: {
        int truth;
        if (ev_cond(ctx, e, n->kids[0], &truth) < 0)
            return -1;
        if (truth == (n->kind == A_OR)) {
            *out = v_bool(truth);
            return 0;
        }
        return ev_stmt(ctx, e, n->kids[1], out);
    }
    case A_BLOCK:
    case A_TOPLEVEL:
        return ev_block(ctx, e, n, out);
    case A_LET:
        return ev_let(ctx, e, n, out);
    case A_FOR:
    case A_WHILE:
        if (!e) { /* a top-level loop runs compiled when it can */
            int handled, r = eval_code_toplevel(ctx, n, out, &handled);
            if (handled)
                return r;
        }
        return n->kind == A_FOR ? ev_for(ctx, e, n, out) : ev_while(ctx, e, n, out);
    case A_RETURN:
        if (n->nkids && ev(ctx, e, n->kids[0], out) != 0)
            return -1;
        if (!n->nkids)
            *out = v_nothing();
        return EV_RETURN;
    case A_BREAK:
        return EV_BREAK;
    case A_CONTINUE:
        return EV_CONTINUE;
    case A_DOT:
        return ev_dot(ctx, e, n, out);
    case A_DO:
        return ev_do(ctx, e, n, out);
    case A_USING:
        if (e)
            return err_throw(ctx, ERR_SYNTAX, n, "\"%s\" expression not at top level",
                             (n->flags & AF_PREFIX) ? "import" : "using");
        return eval_using(ctx, n, out);
    case A_QUOTE:
        if (n->nkids == 1 && n->kids[0]->kind == A_ID) {
            value v = { T_SYMBOL, 0, { .i = n->kids[0]->sym } };
            *out = v;
            return 0;
        }
        return eval_quote(ctx, e, n, ev, out);
    case A_TYPED:
        return ev_typeassert(ctx, e, n, out);
    case A_CURLY: {
        evargs ea;
        if (ev_args(ctx, e, (const ast *const *)n->kids, (int)n->nkids, &ea) < 0)
            return -1;
        int r = eval_apply_type(ctx, out, ea.n, ea.v, n);
        evargs_free(ctx, &ea);
        return r;
    }
    case A_LOCAL:
    case A_GLOBAL:
    case A_CONST: {
        *out = v_nothing();
        for (uint32_t i = 0; i < n->nkids; i++) {
            const ast *k = n->kids[i];
            if (n->kind == A_GLOBAL && !e && k->kind == A_ID)
                continue; /* global x at top level: x is global already */
            if (n->kind == A_GLOBAL && e && k->kind == A_ID) {
                e->globals = xrealloc(e->globals, (size_t)(e->nglobal + 1) * sizeof *e->globals);
                e->globals[e->nglobal++] = k->sym;
                continue;
            }
            if (n->kind == A_GLOBAL && e &&
                (k->kind == A_ASSIGN || k->kind == A_OPASSIGN || k->kind == A_DOTOPASSIGN ||
                 k->kind == A_FUNCDEF)) {
                /* global x = v, global x += 1, global a, b = t, global f() = …: the names
                 * are global */
                const ast *t = k->kids[0];
                if (t->kind == A_CALL && t->nkids)
                    t = t->kids[0];
                uint32_t nt = t->kind == A_TUPLE ? t->nkids : 1;
                for (uint32_t j = 0; j < nt; j++) {
                    const ast *id = t->kind == A_TUPLE ? t->kids[j] : t;
                    if (id->kind == A_TYPED)
                        id = id->kids[0];
                    if (id->kind != A_ID)
                        continue;
                    e->globals = xrealloc(e->globals, (size_t)(e->nglobal + 1) * sizeof *e->globals);
                    e->globals[e->nglobal++] = id->sym;
                }
            }
            if (n->kind == A_LOCAL && e && k->kind == A_ID) {
                env_define(ctx, e, k->sym, v_unassigned());
                continue;
            }
            value v;
            if (n->kind == A_CONST && k->kind == A_ASSIGN && const_names(ctx, e, k->kids[0], 0) < 0)
                return -1;
            if (k->kind == A_ASSIGN && n->kind == A_LOCAL && e && k->kids[0]->kind == A_ID) {
                if (ev(ctx, e, k->kids[1], &v) != 0)
                    return -1;
                env_define(ctx, e, k->kids[0]->sym, val_retain(v));
            } else if (ev(ctx, e, k, &v) != 0)
                return -1;
            if (n->kind == A_CONST && k->kind == A_ASSIGN)
                const_names(ctx, e, k->kids[0], 1);
            val_release(*out);
            *out = v;
        }
        return 0;
    }
    case A_SYNOP:
        return ev_synop(ctx, e, n, out);
    case A_TRY:
        return eval_try(ctx, e, n, (array_eval_fn)ev_stmt, out);
    case A_MACROCALL:
        return eval_macrocall(ctx, n, (macro_eval_fn)ev, e, out);
    case A_NOTHING:
        *out = v_nothing();
        return 0;
    case A_SPLAT:
        return err_throw(ctx, ERR_SYNTAX, n, "\"...\" expression outside call");
    case A_KW:
    case A_PARAMETERS:
        return err_throw(ctx, ERR_SYNTAX, n, "misplaced keyword argument");
    default:
        return err_throw(ctx, ERR_SYNTAX, n, "unsupported expression (%s)",
                        ast_kind_name((ast_kind)n->kind));
    }
}

int eval_run_tree(jc_ctx *ctx, env *e, const ast *n, arena *a, value *out)
{
    evstate *st = ST(ctx);
    arena *saved = st->cur_arena;
    st->cur_arena = a;  /* a definition it makes keeps the tree alive */
    int r = ctl_resume(ctx, ev_stmt(ctx, e, n, out), out);
    st->cur_arena = saved;
    return r;
}

int eval_toplevel(jc_ctx *ctx, const ast *prog, arena *a, value *out)
{
    evstate *st = ST(ctx);
    char base;
    const char *saved_base = st->stack_base;
    arena *saved_arena = st->cur_arena;
    if (!st->stack_base)
        st->stack_base = &base;
    st->cur_arena = a;
    st->nix = 0;
    ctx->depth = 0;
    int r = ctl_resume(ctx, ev_stmt(ctx, NULL, prog, out), out);
    st->cur_arena = saved_arena;
    st->stack_base = saved_base;
    if (!saved_base)
        free_replaced(st);
    if (r == EV_RETURN)
        r = 0; /* `return` at top level ends the input with its value */
    else if (r == EV_BREAK || r == EV_CONTINUE)
        r = err_throw(ctx, ERR_SYNTAX, prog, "break or continue outside loop");
    /* ans is rebound after every input, even one that assigned ans itself */
    int ans = st->sym_ans;
    if (r == 0 && (size_t)ans < ctx->nglobals && ctx->globals[ans].defined &&
        !ctx->globals[ans].constant)
        eval_set_global(ctx, ans, val_retain(*out));
    return r < 0 ? -1 : 0;
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
                sym = type_function_sym(ctx, b->name, len);
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
#define S(field, text) st->field = sym_intern(ctx, text, strlen(text))
    S(sym_ans, "ans");
    S(sym_pow, "^");
    S(sym_minus, "-");
    S(sym_colon, ":");
    S(sym_mul, "*");
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
}

void eval_free_state(jc_ctx *ctx)
{
    if (ctx->lib) {
        free_replaced(ST(ctx));
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
        eval_typedefs_free(ST(ctx)->typedefs);
        free(ST(ctx)->builtin_funcs);
        free(ST(ctx)->builtin_rows);
        free(ST(ctx)->nlocal);
    }
    free(ctx->lib);
    ctx->lib = NULL;
}
