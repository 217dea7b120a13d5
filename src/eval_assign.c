/* eval_assign.c — destructuring assignment and the named-tuple forms of the syntax.
 *
 * `a, b = x`, `a, b... = x` and `a, b..., c = x` (slurping, Julia 1.9), `(; a, b) = x`
 * (property destructuring), and the named tuples `(; x, y)`, `(; a.b)`, `(; k = v)`.
 * The evaluator passes its own expression and assignment functions in, as it does to
 * the array module: a target inside a target is assigned by eval.c's rules. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "exc.h"
#include "range.h"
#include "types.h"
#include "unparse.h"

/* BoundsError for a collection with too few elements, named as Julia names it. */
static int too_few(jc_ctx *ctx, value v, const ast *site, int64_t index)
{
    sb what = { 0 };
    if (v.type == T_ARRAY)
        array_summary(ctx, &what, v);
    else
        type_name_of(ctx, &what, v);
    err_throw(ctx, ERR_BOUNDS, site, "attempt to access %s at index [%lld]", sb_str(&what),
              (long long)index);
    exc_attach_index(ctx, EXC_BOUNDS, v, index, 0);
    sb_free(&what);
    return -1;
}

/* The slurped part of v: elems[0..n) (owned, moved in) are its elements from 1-based
 * position `from`, and `to_end` says whether they run to v's end.  Julia's rest and
 * split_rest: a tuple stays a tuple, a string a string, an integer or Char range a
 * range, an array a Vector of its element type, a named tuple a named tuple. */
static int slurp_value(jc_ctx *ctx, value v, value *elems, int64_t n, int64_t from, int to_end,
                       value *out)
{
    switch (v.type) {
    case T_ARRAY:
        *out = array_from_values(ctx, elems, n, 0, NULL, val_array(v)->et);
        return 0;
    case T_STRING: {
        sb s = { 0 };
        for (int64_t i = 0; i < n; i++)
            sb_pututf8(&s, elems[i].u.c);
        *out = v_string(s.s ? s.s : "", s.len);
        sb_free(&s);
        return 0;
    }
    case T_RANGE:
        if (val_range(v)->kind != RANGE_FLOAT && n > 0) {
            jc_range *r = val_range(v);
            value args[3] = { elems[0], r->step, elems[n - 1] };
            int unit = r->kind == RANGE_UNIT;
            if (unit)
                args[1] = elems[n - 1];
            int rc = eval_call_global(ctx, ":", unit ? 2 : 3, args, NULL, out);
            val_release_n(elems, n);
            return rc;
        }
        {
            value et = num_typeof_value(val_range(v)->start);
            *out = array_from_values(ctx, elems, n, 0, NULL, val_typeobj(et));
            val_release(et); /* array_from_values took its own reference */
        }
        return 0;
    case T_NAMEDTUPLE: {
        jc_namedtuple *src = (jc_namedtuple *)v.u.o;
        jc_namedtuple *t = obj_new(T_NAMEDTUPLE, sizeof *t + (size_t)n * sizeof(value));
        t->names = xmalloc((size_t)(n ? n : 1) * sizeof *t->names);
        t->n = (size_t)n;
        for (int64_t i = 0; i < n; i++) {
            t->names[i] = src->names[from - 1 + i];
            t->v[i] = elems[i];
        }
        *out = v_obj(T_NAMEDTUPLE, 0, &t->h);
        return 0;
    }
    default: {
        value t = v_tuple_new((size_t)n);
        memcpy(val_tuple(t)->v, elems, (size_t)n * sizeof *elems);
        *out = t;
        (void)to_end;
        return 0;
    }
    }
}

/* (; a, b) = v: each name gets the property of that name. */
static int destructure_props(jc_ctx *ctx, void *e, const ast *params, value v,
                             eval_assign_fn assign)
{
    for (uint32_t i = 0; i < params->nkids; i++) {
        const ast *k = params->kids[i];
        if (k->kind != A_ID)
            return err_throw(ctx, ERR_SYNTAX, k, "invalid assignment location");
        value x;
        if (eval_getfield(ctx, &x, v, sym_name(ctx, k->sym), k) < 0)
            return -1;
        if (assign(ctx, e, k, x) < 0)
            return -1;
    }
    return 0;
}

static int destructure_iter(jc_ctx *ctx, void *e, const ast *target, value v,
                            eval_assign_fn assign, jc_iter *it, int64_t nt, int64_t slurp);

int eval_destructure(jc_ctx *ctx, void *e, const ast *target, value v, eval_assign_fn assign)
{
    if (target->nkids == 1 && target->kids[0]->kind == A_PARAMETERS)
        return destructure_props(ctx, e, target->kids[0], v, assign);
    int64_t nt = target->nkids, slurp = -1;
    for (int64_t i = 0; i < nt; i++) {
        const ast *k = target->kids[i];
        if (k->kind == A_PARAMETERS)
            return err_throw(ctx, ERR_SYNTAX, target, "invalid assignment location");
        if (k->kind == A_SPLAT) {
            if (slurp >= 0)
                return err_throw(ctx, ERR_SYNTAX, target,
                                 "multiple \"...\" on left hand side of assignment");
            slurp = i;
        }
    }
    jc_iter it;
    if (eval_iter_init_proto(ctx, &it, v, target) < 0)
        return -1;
    int r = destructure_iter(ctx, e, target, v, assign, &it, nt, slurp);
    eval_iter_done(&it);
    return r;
}

static int destructure_iter(jc_ctx *ctx, void *e, const ast *target, value v,
                            eval_assign_fn assign, jc_iter *it, int64_t nt, int64_t slurp)
{
    int64_t before = slurp < 0 ? nt : slurp;
    for (int64_t i = 0; i < before; i++) {
        value x;
        int r = eval_iter_step(ctx, it, &x);
        if (r < 0)
            return -1;
        if (r == 0)
            return too_few(ctx, v, target, i + 1);
        if (assign(ctx, e, target->kids[i], x) < 0)
            return -1;
    }
    if (slurp < 0)
        return 0;
    /* the rest: collected, the last `after` of them for the targets after the slurp */
    int64_t after = nt - slurp - 1, n = 0, cap = 8;
    value *rest = xmalloc((size_t)cap * sizeof *rest);
    for (;;) {
        value x;
        int r = eval_iter_step(ctx, it, &x);
        if (r < 0) {
            val_release_n(rest, n);
            free(rest);
            return -1;
        }
        if (r == 0)
            break;
        if (n == cap)
            rest = xrealloc(rest, (size_t)(cap *= 2) * sizeof *rest);
        rest[n++] = x;
    }
    if (n < after) {
        val_release_n(rest, n);
        free(rest);
        return too_few(ctx, v, target, slurp + n + 1);
    }
    int64_t mid = n - after;
    value part;
    if (slurp_value(ctx, v, rest, mid, slurp + 1, after == 0, &part) < 0) {
        val_release_n(rest + mid, after);
        free(rest);
        return -1;
    }
    int rc = assign(ctx, e, target->kids[slurp]->kids[0], part);
    for (int64_t i = 0; i < after; i++) {
        if (rc < 0)
            val_release(rest[mid + i]);
        else
            rc = assign(ctx, e, target->kids[slurp + 1 + i], rest[mid + i]);
    }
    free(rest);
    return rc;
}

/* ---- named tuples ---- */

int eval_is_named_tuple_form(const ast *n)
{
    if (n->kind != A_TUPLE || !n->nkids)
        return 0;
    int nt = n->kids[n->nkids - 1]->kind == A_PARAMETERS;
    for (uint32_t i = 0; i < n->nkids && !nt; i++)
        nt = n->kids[i]->kind == A_KW;
    return nt;
}

int eval_named_tuple_items(const ast *n, const ast **items, int max)
{
    int m = 0;
    for (uint32_t i = 0; i < n->nkids; i++) {
        const ast *k = n->kids[i];
        uint32_t nk = k->kind == A_PARAMETERS ? k->nkids : 1;
        for (uint32_t j = 0; j < nk; j++) {
            if (m == max)
                return -1;
            items[m++] = k->kind == A_PARAMETERS ? k->kids[j] : k;
        }
    }
    return m;
}

int eval_named_tuple_item(const ast *k, const ast **val)
{
    *val = k;
    if (ast_field_item(k)) {
        *val = k->kids[1];
        return k->kids[0]->sym;
    }
    if (k->kind == A_ID)
        return k->sym;
    if (k->kind == A_DOT && k->nkids == 2 && k->kids[1]->kind == A_ID)
        return k->kids[1]->sym;
    return -1;
}

int eval_named_tuple_part(jc_ctx *ctx, const ast *k, const ast **val)
{
    if (k->kind == A_SPLAT && k->nkids == 1) {
        *val = k->kids[0];
        return NT_SPLAT;
    }
    if (eval_is_pair_call(ctx, k)) {
        *val = k;
        return NT_PAIR;
    }
    return eval_named_tuple_item(k, val);
}

int eval_named_tuple_bad(jc_ctx *ctx, const ast *const *items, int m, int *merged)
{
    *merged = 0;
    for (int i = 0; i < m; i++) {
        const ast *val;
        int name = eval_named_tuple_part(ctx, items[i], &val);
        if (name == -1)
            return i;
        *merged |= name < 0;
        for (int j = 0; j < i && name >= 0; j++)
            if (eval_named_tuple_part(ctx, items[j], &val) == name)
                return i;
    }
    return -1;
}

int eval_named_tuple_check(jc_ctx *ctx, const ast *const *items, int m, int *merged)
{
    int bad = eval_named_tuple_bad(ctx, items, m, merged);
    if (bad < 0)
        return 0;
    const ast *val;
    int name = eval_named_tuple_part(ctx, items[bad], &val);
    if (name >= 0)
        return err_throw(ctx, ERR_SYNTAX, items[bad], "field name \"%s\" repeated in named tuple",
                         sym_name(ctx, name));
    sb t = { 0 };
    unparse(ctx, ctx->src, ctx->srclen, items[bad], &t);
    err_throw(ctx, ERR_SYNTAX, items[bad], "invalid named tuple element \"%s\"", sb_str(&t));
    sb_free(&t);
    return -1;
}

/* (a = 1, b; c = 2, d, e.f): `name = value`, a name (name = name) or a field access
 * x.f (f = x.f), before or after the semicolon; a splat nt... or a pair :k => v adds
 * to it as Julia's merge(nt, itr) does. */
int eval_named_tuple(jc_ctx *ctx, struct env *e, const ast *n, eval_expr_fn ev, value *out)
{
    const ast *items[NT_MAX];
    int m = eval_named_tuple_items(n, items, NT_MAX), merged;
    if (m < 0)
        return err_throw(ctx, ERR_SYNTAX, n, "too many fields in a named tuple");
    if (eval_named_tuple_check(ctx, items, m, &merged) < 0)
        return -1;
    if (merged)
        return eval_named_tuple_merge(ctx, e, items, m, ev, out);
    jc_namedtuple *t = obj_new(T_NAMEDTUPLE, sizeof *t + (size_t)m * sizeof(value));
    t->names = xmalloc((size_t)(m ? m : 1) * sizeof *t->names);
    value nt = v_obj(T_NAMEDTUPLE, 0, &t->h);
    for (int i = 0; i < m; i++) {
        const ast *k = items[i], *val;
        int name = eval_named_tuple_item(k, &val);
        if (ev(ctx, e, val, &t->v[i]) != 0) {
            val_release(nt);
            return -1;
        }
        t->names[i] = name;
        t->n = (size_t)i + 1;
    }
    *out = nt;
    return 0;
}

/* ---- typed declarations: x::T = v converts v to T ---- */

int eval_convert_to(jc_ctx *ctx, value type, value *v, const ast *site)
{
    value args[2] = { type, *v }, r;
    int rc = eval_call_global(ctx, "convert", 2, args, site, &r);
    val_release(*v);
    if (rc < 0)
        return -1;
    *v = r;
    return 0;
}

int eval_convert_declared(jc_ctx *ctx, struct env *e, const ast *type, eval_expr_fn ev, value *v,
                          value *type_out)
{
    value t;
    if (ev(ctx, e, type, &t) != 0) {
        val_release(*v);
        return -1;
    }
    int rc = eval_convert_to(ctx, t, v, type);
    if (rc == 0 && type_out)
        *type_out = t;
    else
        val_release(t);
    return rc;
}

const value *eval_typed_find(const typed_list *l, int sym)
{
    for (int i = 0; l && i < l->n; i++)
        if (l->syms[i] == sym)
            return &l->types[i];
    return NULL;
}

void eval_typed_set(typed_list **lp, int sym, value type)
{
    typed_list *l = *lp ? *lp : (*lp = xcalloc(1, sizeof **lp));
    for (int i = 0; i < l->n; i++)
        if (l->syms[i] == sym) {
            val_release(l->types[i]);
            l->types[i] = type;
            return;
        }
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4;
        l->syms = xrealloc(l->syms, (size_t)l->cap * sizeof *l->syms);
        l->types = xrealloc(l->types, (size_t)l->cap * sizeof *l->types);
    }
    l->syms[l->n] = sym;
    l->types[l->n++] = type;
}

void eval_typed_free(typed_list *l)
{
    if (!l)
        return;
    val_release_n(l->types, (size_t)l->n);
    free(l->syms);
    free(l->types);
    free(l);
}

/* convert(T, x): x itself when it is a T already, a number converted by T's own
 * constructor rows, else Julia's MethodError. */
static int bi_convert(jc_ctx *ctx, value *out, const jc_args *a)
{
    value t = a->v[0], x = a->v[1];
    if (t.type != T_TYPE)
        return lib_no_method(ctx, "convert", a);
    if (type_isa(x, val_typeobj(t))) {
        *out = val_retain(x);
        return 0;
    }
    int base = val_typeobj(t)->base;
    if (val_kind_is(x.type, VK_NUMBER) && base < T__COUNT && val_kind_is(base, VK_NUMBER))
        return eval_call(ctx, t, 1, &x, a->site, out);
    const jc_typeobj *tt = val_typeobj(t);
    if (base == T_ARRAY && tt->param && x.type == T_ARRAY && (tt->ndims < 0 || tt->ndims == val_array(x)->nd))
        /* convert(Vector{Float64}, [1, 2]): element by element, as an array literal's */
        return array_convert_elt(ctx, tt, x, out) < 0 ? (err_locate(ctx, a->site), -1) : 0;
    if (base == T_TUPLE && !(tt->flags & TYPEF_NTUPLE) && x.type == T_TUPLE && !x.sub) {
        /* convert(Tuple{Int, Float64}, (1, 2)): place by place */
        int r = eval_tuple_convert(ctx, tt, val_tuple(x)->v, val_tuple(x)->n, 1, a->site, out);
        if (r <= 0)
            return r;
    }
    sb xn = { 0 }, tn = { 0 };
    type_name_of(ctx, &xn, x);
    type_name(ctx, &tn, val_typeobj(t));
    err_throw(ctx, ERR_METHOD, a->site, "Cannot `convert` an object of type %s to an object of type %s",
              sb_str(&xn), sb_str(&tn));
    sb_free(&xn);
    sb_free(&tn);
    value fn; /* MethodError(convert, (T, x), world) */
    if (eval_get_global(ctx, "convert", &fn) == 0) {
        lib_method_error_value(ctx, fn, a);
        val_release(fn);
    }
    return -1;
}

const builtin lib_assign[] = {
    { "convert", 2, 2, bi_convert, LIB_HELP("convert(T, x)",
      "Convert x to a value of type T. x::T = v in a declaration converts v this way."),
      NULL, NULL },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};
