/* eval_pairs.c — keyword arguments as values, as Julia has them.
 *
 * A method's `kw...` receives the keywords its other parameters do not name as a
 * Base.Pairs{Symbol, V, I, A} over a NamedTuple: a struct of Base with Julia's fields
 * data (the NamedTuple, of type A) and itr (its keys, a tuple of type I), V the named
 * tuple's eltype.  It iterates as `:name => value` pairs (eval_iter.c asks
 * eval_pairs_at), displays as Julia's AbstractDict does ("pairs(::NamedTuple) with 2
 * entries:"), and keys, values, haskey, get, getindex, length and isempty see its data.
 * The same rows serve a NamedTuple itself (keys(nt) is its names, values(nt) its values
 * as a tuple), and pairs(nt) makes the Pairs.
 *
 * The other half is the call: f(; nt...) and f(; kw...) splat a collection of pairs
 * into keywords as Julia's merge(NamedTuple(), itr) does, each element destructured as
 * (key, value) with the key a Symbol; f(; :k => v) passes one.  A keyword that no
 * parameter of the chosen method takes, when it has no `kw...`, is Julia's MethodError
 * ("got unsupported keyword argument"). */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval_impl.h"
#include "exc.h"
#include "show.h"
#include "types.h"

static jc_typeobj *pairs_type(jc_ctx *ctx)
{
    evstate *st = ST(ctx);
    if (!st->pairs_type) {
        jc_typeobj *t = eval_base_struct(ctx, "Base.Pairs", 4, (const char *const[]){ "K", "V", "I", "A" },
                                         2, (const char *const[]){ "data", "itr" }, 0);
        t->def->ftypes[0] = type_retain(t->def->pvars[3]);
        t->def->ftypes[1] = type_retain(t->def->pvars[2]);
        t->def->file = "essentials.jl";
        st->pairs_type = t;
    }
    return st->pairs_type;
}

/* The NamedTuple under v when v is a Base.Pairs (borrowed), else NULL. */
static const jc_namedtuple *pairs_data(jc_ctx *ctx, value v)
{
    evstate *st = ST(ctx);
    if (v.type != T_STRUCT || !st->pairs_type || val_struct(v)->type->def != st->pairs_type->def)
        return NULL;
    value d = val_struct(v)->v[0];
    return d.type == T_NAMEDTUPLE ? (const jc_namedtuple *)d.u.o : NULL;
}

int eval_pairs_len(jc_ctx *ctx, value v, int64_t *n)
{
    const jc_namedtuple *nt = pairs_data(ctx, v);
    if (nt)
        *n = (int64_t)nt->n;
    return nt != NULL;
}

value eval_pairs_at(jc_ctx *ctx, value v, int64_t i)
{
    const jc_namedtuple *nt = pairs_data(ctx, v);
    value p = v_tuple_new(2);
    val_tuple(p)->v[0] = v_symbol(nt->names[i]);
    val_tuple(p)->v[1] = val_retain(nt->v[i]);
    p.sub = TUP_PAIR;
    return p;
}

value eval_namedtuple_new(size_t n, const int *names, const value *v)
{
    jc_namedtuple *t = obj_new(T_NAMEDTUPLE, sizeof *t + n * sizeof(value));
    t->n = n;
    t->names = xmalloc(nz((int64_t)n) * sizeof *t->names);
    if (n)
        memcpy(t->names, names, n * sizeof *names);
    for (size_t i = 0; i < n; i++)
        t->v[i] = val_retain(v[i]);
    return v_obj(T_NAMEDTUPLE, 0, &t->h);
}

/* pairs(nt): Base.Pairs{Symbol, eltype(nt), typeof(keys), typeof(nt)}(nt, keys). */
static int pairs_make(jc_ctx *ctx, value nt, const ast *site, value *out)
{
    const jc_namedtuple *d = (const jc_namedtuple *)nt.u.o;
    value keys = v_tuple_new(d->n), et;
    for (size_t i = 0; i < d->n; i++)
        val_tuple(keys)->v[i] = v_symbol(d->names[i]);
    if (eval_call_global(ctx, "eltype", 1, &nt, site, &et) < 0) {
        val_release(keys);
        return -1;
    }
    jc_typeobj *base = pairs_type(ctx), *t = type_new(TK_STRUCT);
    t->def = base->def;
    t->nelts = 4;
    t->elts = xcalloc(4, sizeof *t->elts);
    t->elts[0] = type_new(T_SYMBOL);
    t->elts[1] = et.type == T_TYPE ? type_retain(val_typeobj(et)) : type_new(TA_ANY);
    t->elts[2] = type_typeof(keys);
    t->elts[3] = type_typeof(nt);
    val_release(et);
    jc_struct *s = obj_new(T_STRUCT, sizeof *s + 2 * sizeof(value));
    s->type = t;
    s->n = 2;
    s->v[0] = val_retain(nt);
    s->v[1] = keys;
    *out = v_obj(T_STRUCT, 0, &s->h);
    return 0;
}

static const jc_namedtuple *named(jc_ctx *ctx, value x);

/* ---- binding: the keywords a method's kw... receives, and the ones none takes ---- */

/* Whether the call's keyword sym is one that m's named keywords take. */
static int kw_named(const jc_method *m, int sym)
{
    for (int k = m->nposopt; k < m->nkw; k++)
        if (k != m->kwrest - 1 && m->kwparams[k] == sym)
            return 1;
    return 0;
}

typedef struct kwat { int sym, first, last; } kwat; /* a name's first place and last value */

static int by_sym_then_place(const void *a, const void *b)
{
    const kwat *x = a, *y = b;
    return x->sym != y->sym ? (x->sym > y->sym) - (x->sym < y->sym) : (x->first > y->first) - (x->first < y->first);
}

static int by_place(const void *a, const void *b)
{
    const kwat *x = a, *y = b;
    return (x->first > y->first) - (x->first < y->first);
}

/* The named tuple of the keywords kw[0..n) (values borrowed) that m's named keywords
 * do not take (all of them when m is NULL); a repeated name keeps its first place and
 * takes the last value, as Julia's merge does.  Many keywords (a splatted collection)
 * are grouped by sorting, so that a million pairs are not a million squared
 * comparisons. */
static value kw_tuple(const jc_method *m, int n, const int *kw, const value *kwv)
{
    int k = 0, *names = xmalloc(((size_t)n + 1) * sizeof *names);
    value *vals = xmalloc(((size_t)n + 1) * sizeof *vals);
    if (n > 32) {
        kwat *o = xmalloc((size_t)n * sizeof *o);
        int no = 0, ng = 0;
        for (int j = 0; j < n; j++)
            if (!(m && kw_named(m, kw[j])))
                o[no++] = (kwat){ kw[j], j, j };
        qsort(o, (size_t)no, sizeof *o, by_sym_then_place);
        for (int i = 0; i < no; i++) {
            if (ng && o[i].sym == o[ng - 1].sym)
                o[ng - 1].last = o[i].first; /* the same name again: its later value */
            else
                o[ng++] = o[i];
        }
        qsort(o, (size_t)ng, sizeof *o, by_place);
        for (k = 0; k < ng; k++) {
            names[k] = o[k].sym;
            vals[k] = kwv[o[k].last];
        }
        free(o);
    } else
        for (int j = 0; j < n; j++) {
            if (m && kw_named(m, kw[j]))
                continue;
            int at = 0;
            while (at < k && names[at] != kw[j])
                at++;
            names[at] = kw[j];
            vals[at] = kwv[j];
            k += at == k;
        }
    value nt = eval_namedtuple_new((size_t)k, names, vals);
    free(names);
    free(vals);
    return nt;
}

int eval_kw_rest(jc_ctx *ctx, const jc_method *m, const jc_args *a, value *out)
{
    value nt = a ? kw_tuple(m, a->nkw, a->kw, a->kwv) : eval_namedtuple_new(0, NULL, NULL);
    int r = pairs_make(ctx, nt, a ? a->site : m->site, out);
    val_release(nt);
    return r;
}

int eval_kw_unsupported(const jc_method *m, const jc_args *a)
{
    if (m->kwrest)
        return 0;
    for (int j = 0; j < a->nkw; j++)
        if (!kw_named(m, a->kw[j]))
            return 1;
    return 0;
}

/* ---- the call: keywords splatted from a collection of pairs ---- */

int eval_args_kwpair(jc_ctx *ctx, evargs *ea, value x, const ast *site)
{
    value kv[2];
    int owned = 0;
    if (x.type == T_TUPLE && (x.sub == TUP_PLAIN || x.sub == TUP_PAIR) && val_tuple(x)->n >= 2) {
        kv[0] = val_tuple(x)->v[0];
        kv[1] = val_tuple(x)->v[1];
    } else { /* (k, v) = x, as Julia destructures each element */
        jc_iter it;
        if (eval_iter_init_proto(ctx, &it, x, site) < 0)
            return -1;
        int got = 0, r = 0;
        while (got < 2 && (r = eval_iter_step(ctx, &it, &kv[got])) > 0)
            got++;
        eval_iter_done(&it);
        if (r < 0 || got < 2) {
            for (int i = 0; i < got; i++)
                val_release(kv[i]);
            if (r < 0)
                return -1;
            sb tn = { 0 };
            type_name_of(ctx, &tn, x);
            err_throw(ctx, ERR_BOUNDS, site, "attempt to access %s at index [%d]", sb_str(&tn), got + 1);
            exc_attach_index(ctx, EXC_BOUNDS, x, got + 1, 0);
            sb_free(&tn);
            return -1;
        }
        owned = 1;
    }
    if (kv[0].type != T_SYMBOL || kv[0].sub) {
        value sym = { T_TYPE, 0, { .o = &type_new(T_SYMBOL)->h } };
        int r = eval_typeassert(ctx, kv[0], sym, site);
        val_release(sym);
        if (owned) {
            val_release(kv[0]);
            val_release(kv[1]);
        }
        return r < 0 ? -1 : 0;
    }
    eval_args_push_kw(ea, (int)kv[0].u.i, owned ? kv[1] : val_retain(kv[1]));
    return 0;
}

int eval_args_kwsplat(jc_ctx *ctx, evargs *ea, value coll, const ast *site)
{
    const jc_namedtuple *nt = coll.type == T_NAMEDTUPLE ? (const jc_namedtuple *)coll.u.o
                                                        : pairs_data(ctx, coll);
    int r = 0;
    if (nt) {
        for (size_t i = 0; i < nt->n; i++)
            eval_args_push_kw(ea, nt->names[i], val_retain(nt->v[i]));
    } else {
        jc_iter it;
        value x;
        if (eval_iter_init_proto(ctx, &it, coll, site) < 0)
            r = -1;
        else {
            while ((r = eval_iter_step(ctx, &it, &x)) > 0) {
                r = eval_args_kwpair(ctx, ea, x, site);
                val_release(x);
                if (r < 0)
                    break;
            }
            eval_iter_done(&it);
        }
    }
    val_release(coll);
    return r < 0 ? -1 : 0;
}

int eval_named_tuple_add(jc_ctx *ctx, evargs *ea, const ast *item, int part, value x)
{
    if (part == NT_SPLAT)
        return eval_args_kwsplat(ctx, ea, x, item);
    if (part == NT_PAIR) {
        int r = eval_args_kwpair(ctx, ea, x, item);
        val_release(x);
        return r;
    }
    eval_args_push_kw(ea, part, x);
    return 0;
}

value eval_named_tuple_merged(const evargs *ea)
{
    return kw_tuple(NULL, ea->nkw, ea->kw, ea->kwv);
}

/* (; a = 1, nt..., :k => v): the items in order, as Julia's merge does (a later value of
 * a name replaces the earlier one in its place) */
int eval_named_tuple_merge(jc_ctx *ctx, struct env *e, const ast *const *items, int m,
                           eval_expr_fn ev, value *out)
{
    evargs ea;
    eval_args_init(&ea, 0);
    for (int i = 0; i < m; i++) {
        const ast *val;
        int name = eval_named_tuple_part(ctx, items[i], &val), r;
        value x;
        if ((r = ev(ctx, e, val, &x)) != 0 || eval_named_tuple_add(ctx, &ea, items[i], name, x) < 0) {
            eval_args_free(ctx, &ea);
            return r ? r : -1;
        }
    }
    *out = eval_named_tuple_merged(&ea);
    eval_args_free(ctx, &ea);
    return 0;
}

/* NamedTuple(), NamedTuple(nt), NamedTuple(kw) and NamedTuple(itr) of key => value
 * pairs. */
int eval_namedtuple_construct(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->nkw || a->n > 1)
        return lib_no_method(ctx, "NamedTuple", a);
    if (!a->n) {
        *out = eval_namedtuple_new(0, NULL, NULL);
        return 0;
    }
    const jc_namedtuple *nt = named(ctx, a->v[0]);
    if (nt) {
        *out = val_retain(a->v[0].type == T_NAMEDTUPLE ? a->v[0] : val_struct(a->v[0])->v[0]);
        return 0;
    }
    evargs ea;
    eval_args_init(&ea, 0);
    if (eval_args_kwsplat(ctx, &ea, val_retain(a->v[0]), a->site) < 0) {
        eval_args_free(ctx, &ea);
        return -1;
    }
    *out = kw_tuple(NULL, ea.nkw, ea.kw, ea.kwv);
    eval_args_free(ctx, &ea);
    return 0;
}

/* ---- display: Julia's AbstractDict show for the Pairs of a NamedTuple ---- */

/* Whether a type's values show without it (typeinfo_implicit): Float64, Int64, Char,
 * String, Symbol and Nothing. */
static int implicit_type(const jc_typeobj *t)
{
    int b = t->base;
    return !t->nelts && !t->param && (b == T_FLOAT64 || b == T_INT64 || b == T_CHAR ||
                                      b == T_STRING || b == T_SYMBOL || b == T_NOTHING) && !t->sub;
}

int eval_pairs_show(jc_ctx *ctx, sb *out, value v, int mode)
{
    const jc_namedtuple *nt = pairs_data(ctx, v);
    if (!nt)
        return 0;
    if (mode == SHOW_PLAIN) {
        sb_printf(out, "pairs(::NamedTuple) with %zu entr%s", nt->n, nt->n == 1 ? "y" : "ies");
        if (!nt->n)
            return 1;
        sb_putc(out, ':');
        size_t width = 0;
        for (size_t i = 0; i < nt->n; i++) {
            const char *k = sym_name(ctx, nt->names[i]);
            size_t w = utf8_width(k, strlen(k)) + 1;
            width = w > width ? w : width;
        }
        for (size_t i = 0; i < nt->n; i++) {
            const char *k = sym_name(ctx, nt->names[i]);
            sb_printf(out, "\n  :%s%*s => ", k, (int)(width - 1 - utf8_width(k, strlen(k))), "");
            show_value(ctx, out, nt->v[i], SHOW_REPR, SHOWF_COMPACT);
        }
        return 1;
    }
    /* Base.Pairs(:a => 1), with the whole type when the values' type is not implicit */
    const jc_typeobj *t = val_struct(v)->type;
    if (nt->n && t->nelts == 4 && implicit_type(t->elts[1]))
        sb_puts(out, "Base.Pairs");
    else
        type_name(ctx, out, t);
    sb_putc(out, '(');
    for (size_t i = 0; i < nt->n; i++) {
        sb_printf(out, "%s:%s => ", i ? ", " : "", sym_name(ctx, nt->names[i]));
        show_value(ctx, out, nt->v[i], SHOW_REPR, 0);
    }
    sb_putc(out, ')');
    return 1;
}

/* ---- the rows: pairs, keys, values, haskey, get, and Pairs' getindex, length … ---- */

static int bi_pairs(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_NAMEDTUPLE)
        return LIB_DECLINE;
    return pairs_make(ctx, a->v[0], a->site, out) < 0 ? -1 : 0;
}

/* The named tuple a row sees: x itself, or a Pairs' data; NULL for anything else. */
static const jc_namedtuple *named(jc_ctx *ctx, value x)
{
    return x.type == T_NAMEDTUPLE ? (const jc_namedtuple *)x.u.o : pairs_data(ctx, x);
}

static int bi_keys(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_namedtuple *nt = named(ctx, a->v[0]);
    if (!nt)
        return LIB_DECLINE;
    *out = v_tuple_new(nt->n);
    for (size_t i = 0; i < nt->n; i++)
        val_tuple(*out)->v[i] = v_symbol(nt->names[i]);
    return 0;
}

static int bi_values(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_namedtuple *nt = named(ctx, a->v[0]);
    if (!nt)
        return LIB_DECLINE;
    if (a->v[0].type == T_STRUCT) { /* values(kw) is the named tuple */
        *out = val_retain(val_struct(a->v[0])->v[0]);
        return 0;
    }
    *out = v_tuple_new(nt->n);
    for (size_t i = 0; i < nt->n; i++)
        val_tuple(*out)->v[i] = val_retain(nt->v[i]);
    return 0;
}

/* The position of key in nt, or -1 (a key that is not a Symbol is in none). */
static int find_key(const jc_namedtuple *nt, value key)
{
    if (key.type != T_SYMBOL || key.sub)
        return -1;
    for (size_t i = 0; i < nt->n; i++)
        if (nt->names[i] == (int)key.u.i)
            return (int)i;
    return -1;
}

static int bi_haskey(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_namedtuple *nt = named(ctx, a->v[0]);
    if (!nt)
        return LIB_DECLINE;
    *out = v_bool(find_key(nt, a->v[1]) >= 0);
    return 0;
}

static int bi_get(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_namedtuple *nt = named(ctx, a->v[0]);
    if (!nt)
        return LIB_DECLINE;
    int i = find_key(nt, a->v[1]);
    *out = val_retain(i >= 0 ? nt->v[i] : a->v[2]);
    return 0;
}

/* length and getindex of a Pairs are its data's */
/* eltype(kw): Pair{Symbol, V} */
static int bi_eltype(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!pairs_data(ctx, a->v[0]))
        return LIB_DECLINE;
    const jc_typeobj *pt = val_struct(a->v[0])->type;
    jc_typeobj *t = type_new(T_TUPLE);
    t->sub = TUP_PAIR;
    t->nelts = 2;
    t->elts = xcalloc(2, sizeof *t->elts);
    t->elts[0] = type_retain(pt->elts[0]);
    t->elts[1] = type_retain(pt->elts[1]);
    *out = v_obj(T_TYPE, 0, &t->h);
    return 0;
}

static int bi_isempty(jc_ctx *ctx, value *out, const jc_args *a)
{
    const jc_namedtuple *nt = named(ctx, a->v[0]);
    if (!nt)
        return LIB_DECLINE;
    *out = v_bool(nt->n == 0);
    return 0;
}

static int bi_of_data(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!pairs_data(ctx, a->v[0]))
        return LIB_DECLINE;
    value args[2] = { val_struct(a->v[0])->v[0], a->n > 1 ? a->v[1] : v_nothing() };
    return eval_call_global(ctx, (const char *)a->data, a->n, args, a->site, out);
}

const builtin lib_pairs[] = {
    { "pairs", 1, 1, bi_pairs, LIB_HELP("pairs(collection)",
      "An iterator over the key => value pairs of a named tuple: a Base.Pairs, the value\n"
      "  a method's kw... parameter receives."), NULL, NULL },
    { "keys", 1, 1, bi_keys, LIB_HELP("keys(nt)", "The names of a named tuple (or of keyword arguments), as a tuple of Symbols."),
      NULL, NULL },
    { "values", 1, 1, bi_values, LIB_HELP("values(nt)",
      "The values of a named tuple as a tuple; of a method's kw... the named tuple."), NULL, NULL },
    { "haskey", 2, 2, bi_haskey, LIB_HELP("haskey(collection, key) -> Bool",
      "Whether a named tuple (or keyword arguments) has the key."), NULL, NULL },
    { "get", 3, 3, bi_get, LIB_HELP("get(collection, key, default)",
      "The value stored for key, or default when there is none."), NULL, NULL },
    { "length", 1, 1, bi_of_data, NULL, NULL, "length" },
    { "eltype", 1, 1, bi_eltype, NULL, NULL, NULL },
    { "isempty", 1, 1, bi_isempty, NULL, NULL, NULL },
    { "getindex", 2, 2, bi_of_data, NULL, NULL, "getindex" },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};
