/* eval_iter.c — iteration as `for`, comprehensions, collect and the folds see it.
 *
 * The built-in collections (ranges, tuples, named tuples, arrays, strings by character,
 * a number once) are walked by index in C.  Any other value is iterated through Julia's
 * protocol when a caller allows it (eval_iter_init_proto): `iterate(x)`, then
 * `iterate(x, state)` until it returns `nothing`, each step a 2-tuple (element, state),
 * so that a user's `Base.iterate` methods make a struct iterable everywhere at once.
 * The builtin `iterate` gives the built-in collections the same protocol with Julia's
 * states (the next index of an array, the last element of an integer range). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval_impl.h"
#include "array.h"
#include "range.h"
#include "types.h"

/* A Base.Generator or Iterators.Filter: its function and its iterator, iterated
 * natively (proto 3) by a nested iterator on the heap. */
static int gen_iterate(jc_ctx *ctx, jc_iter *it, value coll, const ast *site)
{
    int kind = eval_gen_kind(ctx, coll);
    if (!kind)
        return 0;
    jc_struct *s = val_struct(coll);
    /* Generator(f, iter); Filter(flt, itr) */
    it->f = val_retain(s->v[0]);
    it->sub = xmalloc(sizeof *it->sub);
    if (eval_iter_init_proto(ctx, it->sub, s->v[1], site) < 0) {
        free(it->sub);
        it->sub = NULL;
        val_release(it->f);
        return -1;
    }
    it->state = v_int(kind);
    it->proto = 3;
    it->n = kind == 1 ? it->sub->n : INT64_MAX;
    return 1;
}

/* The next element of a generator (f of the next) or a filter (the next for which
 * flt is true). */
static int gen_next(jc_ctx *ctx, jc_iter *it, value *out)
{
    for (;;) {
        value x, y;
        int r = eval_iter_next(ctx, it->sub, &x);
        if (r <= 0)
            return r;
        if (eval_call(ctx, it->f, 1, &x, it->site, &y) < 0) {
            val_release(x);
            return -1;
        }
        if (it->state.u.i == 1) {
            val_release(x);
            *out = y;
            return 1;
        }
        int truth;
        r = eval_truthy(ctx, y, it->site, &truth);
        val_release(y);
        if (r < 0) {
            val_release(x);
            return -1;
        }
        if (truth) {
            *out = x;
            return 1;
        }
        val_release(x);
        if (ctx_poll(ctx) < 0)
            return -1;
    }
}

/* Whether iterate has a user method; it->f gets it. */
static int user_iterate(jc_ctx *ctx, jc_iter *it, value coll)
{
    (void)coll;
    value f;
    if (eval_get_global(ctx, "iterate", &f) < 0) {
        err_clear(ctx);
        return 0;
    }
    if (f.type != T_FUNCTION || !val_func(f)->methods) {
        val_release(f);
        return 0;
    }
    it->f = f;
    it->state = v_nothing();
    it->proto = 1;
    it->n = INT64_MAX;
    return 1;
}

/* One step of the protocol: 1 with *out owned, 0 after `nothing`, -1. */
static int proto_next(jc_ctx *ctx, jc_iter *it, value *out)
{
    value args[2] = { it->coll, it->state }, r;
    if (eval_call(ctx, it->f, it->proto == 1 ? 1 : 2, args, it->site, &r) < 0)
        return -1;
    if (r.type == T_NOTHING)
        return 0;
    if (r.type != T_TUPLE || val_is_func_tuple(r) || val_tuple(r)->n != 2) {
        sb tn = { 0 };
        type_name_of(ctx, &tn, r);
        err_throw(ctx, ERR_TYPE, it->site,
                  "in iterate, expected Union{Nothing, Tuple{Any, Any}}, got a value of type %s",
                  sb_str(&tn));
        sb_free(&tn);
        val_release(r);
        return -1;
    }
    *out = val_retain(val_tuple(r)->v[0]);
    val_release(it->state);
    it->state = val_retain(val_tuple(r)->v[1]);
    val_release(r);
    it->proto = 2;
    it->i++;
    return 1;
}


void eval_iter_done(jc_iter *it)
{
    if (it->proto == 3) {
        eval_iter_done(it->sub);
        free(it->sub);
        it->sub = NULL;
    }
    if (it->proto > 0) {
        val_release(it->state);
        val_release(it->f);
        it->state = v_nothing();
        it->proto = 0;
    }
}


static int iter_init(jc_ctx *ctx, jc_iter *it, value coll, const ast *site, int allow_proto)
{
    eval_method_list_items(ctx, &coll); /* a MethodList iterates its Vector{Method} */
    it->coll = coll;
    it->i = 0;
    it->site = site;
    it->proto = 0;
    switch (coll.type) {
    case T_RANGE:
        it->n = range_length(coll);
        return 0;
    case T_TUPLE:
        if (val_is_func_tuple(coll))
            break;   /* a function does not iterate */
        it->n = (int64_t)val_tuple(coll)->n;
        return 0;
    case T_NAMEDTUPLE:
        it->n = (int64_t)((jc_namedtuple *)coll.u.o)->n;
        return 0;
    case T_ARRAY:
        it->n = array_length(coll);
        return 0;
    case T_STRING:
        it->n = (int64_t)val_string(coll)->len; /* byte index; see iter_next */
        return 0;
    case T_STRUCT:
        if (eval_pairs_len(ctx, coll, &it->n)) /* a Base.Pairs: key => value */
            return 0;
        break;
    default:
        if (val_kind_is(coll.type, VK_NUMBER) || coll.type == T_CHAR) {
            it->n = 1; /* a number or a Char iterates once, as in Julia */
            return 0;
        }
    }
    if (allow_proto) {
        int g = gen_iterate(ctx, it, coll, site);
        if (g != 0)
            return g < 0 ? -1 : 0;
        if (user_iterate(ctx, it, coll))
            return 0;
    }
    sb tn = { 0 };
    type_name_of(ctx, &tn, coll);
    err_throw(ctx, ERR_METHOD, site, "no method matching iterate(::%s)", sb_str(&tn));
    sb_free(&tn);
    return -1;
}

int eval_iter_init(jc_ctx *ctx, jc_iter *it, value coll, const ast *site)
{
    return iter_init(ctx, it, coll, site, 0);
}

int eval_iter_init_proto(jc_ctx *ctx, jc_iter *it, value coll, const ast *site)
{
    return iter_init(ctx, it, coll, site, 1);
}

int eval_iter_step(jc_ctx *ctx, jc_iter *it, value *out)
{
    return ctx_poll(ctx) < 0 ? -1 : eval_iter_next(ctx, it, out);
}

int eval_iter_next(jc_ctx *ctx, jc_iter *it, value *out)
{
    if (it->proto == 3)
        return gen_next(ctx, it, out);
    if (it->proto > 0)
        return proto_next(ctx, it, out);
    if (it->i >= it->n)
        return 0;
    switch (it->coll.type) {
    case T_RANGE:
        if (range_get(ctx, it->coll, it->i++, out) < 0)
            return -1;
        return 1;
    case T_TUPLE:
        *out = val_retain(val_tuple(it->coll)->v[it->i++]);
        return 1;
    case T_NAMEDTUPLE:
        *out = val_retain(((jc_namedtuple *)it->coll.u.o)->v[it->i++]);
        return 1;
    case T_ARRAY:
        if (array_get_linear(ctx, it->coll, it->i++, out) < 0)
            return -1;
        return 1;
    case T_STRUCT:
        *out = eval_pairs_at(ctx, it->coll, it->i++);
        return 1;
    case T_STRING: {
        jc_string *s = val_string(it->coll);
        uint32_t cp;
        int k = utf8_decode(s->s + it->i, s->len - (size_t)it->i, &cp);
        if (k < 0) {
            cp = 0xFFFD;
            k = 1;
        }
        it->i += k;
        *out = v_char(cp);
        return 1;
    }
    default:
        it->i++;
        *out = val_retain(it->coll);
        return 1;
    }
}


/* (x, state) as a new tuple, both taken. */
static value pair(value x, value state)
{
    value t = v_tuple_new(2);
    val_tuple(t)->v[0] = x;
    val_tuple(t)->v[1] = state;
    return t;
}

/* An integer-like range (UnitRange, StepRange of integers, Chars, Bools): Julia's
 * OrdinalRange state is the element itself. */
static int ordinal_range(value r)
{
    int k = val_range(r)->kind;
    return k == RANGE_UNIT || (k == RANGE_STEP && val_range(r)->start.type != T_RATIONAL);
}

int eval_iterate(jc_ctx *ctx, value *out, int n, const value *v, const ast *site)
{
    value x = v[0];
    int gr = eval_gen_iterate(ctx, out, n, v, site);
    if (gr != LIB_DECLINE)
        return gr;
    int64_t i; /* the 0-based position of the element asked for */
    if (x.type == T_STRING) {
        jc_string *s = val_string(x);
        if (n == 1)
            i = 0;
        else if (num_to_int64(ctx, v[1], &i) < 0)
            return -1;
        else
            i--;
        if (i < 0 || (uint64_t)i >= s->len) {
            *out = v_nothing();
            return 0;
        }
        uint32_t cp;
        int k = utf8_decode(s->s + i, s->len - (size_t)i, &cp);
        if (k < 0)
            cp = 0xFFFD, k = 1;
        *out = pair(v_char(cp), v_int(i + k + 1));
        return 0;
    }
    if (x.type == T_CHAR) { /* iterate(c, done = false): (c, true), then nothing */
        int done = 0;
        if (n == 2 && eval_truthy(ctx, v[1], site, &done) < 0)
            return -1;
        *out = done ? v_nothing() : pair(x, v_bool(1));
        return 0;
    }
    if (x.type == T_RANGE && ordinal_range(x)) {
        jc_range *r = val_range(x);
        if (n == 1) {
            if (r->len <= 0) {
                *out = v_nothing();
                return 0;
            }
            *out = pair(val_retain(r->start), val_retain(r->start));
            return 0;
        }
        int eq;
        if (num_equal(ctx, v[1], r->stop, &eq) < 0)
            return -1;
        if (eq) {
            *out = v_nothing();
            return 0;
        }
        value nx;
        if (num_binop(ctx, &nx, NUM_ADD, v[1], r->step) < 0)
            return -1;
        *out = pair(nx, val_retain(nx));
        return 0;
    }
    jc_iter it;
    if (eval_iter_init(ctx, &it, x, site) < 0)
        return -1;
    if (n == 1)
        i = 0;
    else if (x.type == T_RANGE || val_kind_is(x.type, VK_NUMBER)) {
        /* a float range's state is the index of the last element, a number's nothing */
        if (v[1].type == T_NOTHING)
            i = INT64_MAX;
        else if (num_to_int64(ctx, v[1], &i) < 0)
            return -1;
    } else if (num_to_int64(ctx, v[1], &i) < 0)
        return -1;
    else
        i--;
    if (i < 0 || i >= it.n) {
        *out = v_nothing();
        return 0;
    }
    it.i = i;
    value e;
    if (eval_iter_next(ctx, &it, &e) < 0)
        return -1;
    value state = val_kind_is(x.type, VK_NUMBER) ? v_nothing() : v_int(x.type == T_RANGE ? i + 1 : i + 2);
    *out = pair(e, state);
    return 0;
}
