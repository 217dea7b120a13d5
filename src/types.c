/* types.c — see types.h. */
#include "types.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "exc.h"
#include "num/num.h"
#include "range.h"

static const char *const abstract_names[TA_END - TA_ANY] = {
    [TA_ANY - TA_ANY] = "Any", [TA_NUMBER - TA_ANY] = "Number", [TA_REAL - TA_ANY] = "Real",
    [TA_INTEGER - TA_ANY] = "Integer", [TA_SIGNED - TA_ANY] = "Signed",
    [TA_UNSIGNED - TA_ANY] = "Unsigned", [TA_FLOAT - TA_ANY] = "AbstractFloat",
    [TA_IRRATIONAL - TA_ANY] = "AbstractIrrational", [TA_STRING - TA_ANY] = "AbstractString",
    [TA_CHAR - TA_ANY] = "AbstractChar", [TA_FUNCTION - TA_ANY] = "Function",
    [TA_ARRAY - TA_ANY] = "AbstractArray", [TA_VECTOR - TA_ANY] = "AbstractVector",
    [TA_MATRIX - TA_ANY] = "AbstractMatrix", [TA_EXCEPTION - TA_ANY] = "Exception",
};

/* The direct supertype of each abstract type. */
static const int abstract_parent[TA_END - TA_ANY] = {
    [TA_ANY - TA_ANY] = TA_ANY, [TA_NUMBER - TA_ANY] = TA_ANY, [TA_REAL - TA_ANY] = TA_NUMBER,
    [TA_INTEGER - TA_ANY] = TA_REAL, [TA_SIGNED - TA_ANY] = TA_INTEGER,
    [TA_UNSIGNED - TA_ANY] = TA_INTEGER, [TA_FLOAT - TA_ANY] = TA_REAL,
    [TA_IRRATIONAL - TA_ANY] = TA_REAL, [TA_STRING - TA_ANY] = TA_ANY,
    [TA_CHAR - TA_ANY] = TA_ANY, [TA_FUNCTION - TA_ANY] = TA_ANY, [TA_ARRAY - TA_ANY] = TA_ANY,
    [TA_VECTOR - TA_ANY] = TA_ARRAY, [TA_MATRIX - TA_ANY] = TA_ARRAY,
    [TA_EXCEPTION - TA_ANY] = TA_ANY,
};

const char *type_abstract_name(int base)
{
    return base >= TA_ANY && base < TA_END ? abstract_names[base - TA_ANY] : NULL;
}

value type_abstract_value(int base)
{
    jc_typeobj *t = obj_new(T_TYPE, sizeof *t);
    t->base = (uint8_t)base;
    t->ndims = -1;
    return v_obj(T_TYPE, 0, &t->h);
}

/* The abstract type directly above a concrete base type (the kind's traits; an array's
 * depends on its dimensions). */
static int concrete_parent(int base, int ndims)
{
    if (base == T_ARRAY)
        return ndims == 1 ? TA_VECTOR : ndims == 2 ? TA_MATRIX : TA_ARRAY;
    return (unsigned)base < T__COUNT ? val_kinds[base].super : TA_ANY;
}

static int abstract_below(int a, int b)
{
    for (;;) {
        if (a == b)
            return 1;
        if (a == TA_ANY)
            return 0;
        a = abstract_parent[a - TA_ANY];
    }
}

int type_subtype(const jc_typeobj *t1, const jc_typeobj *t2)
{
    int b1 = t1->base, b2 = t2->base;
    if (b2 == TA_ANY)
        return 1;
    if (b1 == T_TUPLE && t1->sub == TUP_COMPOSED && b2 == TA_FUNCTION)
        return 1;  /* ComposedFunction <: Function */
    if (b1 >= TA_ANY)
        return b2 >= TA_ANY && abstract_below(b1, b2);
    if (b2 >= TA_ANY)
        return abstract_below(concrete_parent(b1, t1->ndims), b2);
    if (b1 != b2 || ((b1 == T_TUPLE || b1 == T_SYMBOL) && t1->sub != t2->sub))
        return 0;
    if (b1 == T_TUPLE && t2->nelts) { /* Tuple{…} is covariant, Pair{A, B} invariant */
        if (t1->nelts != t2->nelts)
            return 0;
        for (size_t i = 0; i < t2->nelts; i++)
            if (t1->sub == TUP_PLAIN ? !type_subtype(t1->elts[i], t2->elts[i])
                                     : !type_equal(t1->elts[i], t2->elts[i]))
                return 0;
    }
    /* same concrete base: parameters given on the right must agree */
    if ((b2 == T_RATIONAL && t2->sub && t1->sub != t2->sub) || (b2 == T_EXCEPTION && t1->sub != t2->sub))
        return 0;
    if (t2->param && (!t1->param || !type_subtype(t1->param, t2->param) ||
                      !type_subtype(t2->param, t1->param)))
        return 0;
    if (t2->ndims >= 0 && t1->ndims != t2->ndims)
        return 0;
    return 1;
}

int type_isa(value v, const jc_typeobj *t)
{
    if (t->base == TA_ANY)
        return 1;
    value tv = v.type == T_ARRAY ? type_of_array(v) : num_typeof_value(v);
    int r = type_subtype(val_typeobj(tv), t);
    val_release(tv);
    return r;
}

int type_specificity(const jc_typeobj *t)
{
    if (t->base < TA_ANY)
        return 100 + (t->param ? 10 : 0);
    int depth = 0;
    for (int b = t->base; b != TA_ANY; b = abstract_parent[b - TA_ANY])
        depth++;
    return depth;
}

void type_hierarchy(jc_ctx *ctx, sb *out, value v)
{
    value tv = v.type == T_ARRAY ? type_of_array(v) : num_typeof_value(v);
    const jc_typeobj *t = val_typeobj(tv);
    type_name(ctx, out, t);
    int b = t->base < TA_ANY ? concrete_parent(t->base, t->ndims) : abstract_parent[t->base - TA_ANY];
    if (t->base != TA_ANY)
        for (;;) {
            const char *name = type_abstract_name(b);
            sb_printf(out, " <: %s", name ? name : "Any");
            if (b == TA_ANY)
                break;
            b = abstract_parent[b - TA_ANY];
        }
    val_release(tv);
}

/* ---- array types ---- */

jc_typeobj *type_new(int base)
{
    jc_typeobj *t = obj_new(T_TYPE, sizeof *t);
    t->base = (uint8_t)base;
    t->ndims = -1;
    return t;
}

jc_typeobj *type_of_value(value v)
{
    if (v.type == T_ARRAY)
        return val_typeobj(type_of_array(v));
    if (v.type == T_TUPLE) { /* Tuple{Int64, Vector{Int64}}, Pair{Vector{Float64}, Float64} */
        jc_tuple *tu = val_tuple(v);
        jc_typeobj *o = type_new(T_TUPLE);
        o->sub = v.sub;
        o->nelts = tu->n;
        o->elts = tu->n ? xcalloc(tu->n, sizeof *o->elts) : NULL;
        for (size_t i = 0; i < tu->n; i++)
            o->elts[i] = type_of_value(tu->v[i]);
        return o;
    }
    return val_typeobj(num_typeof_value(v));
}

int type_number(const jc_typeobj *t, num_type *nt)
{
    if (!t)
        return 0;
    int b = t->base;
    if (b == T_COMPLEX) {
        num_type r;
        if (!t->param || !type_number(t->param, &r) || r.cplx)
            return 0;
        *nt = r;
        nt->cplx = 1;
        return 1;
    }
    if (b == T_RATIONAL) {
        if (t->sub != T_INT64 && t->sub != T_BIGINT)
            return 0;
        nt->t = T_RATIONAL;
        nt->sub = t->sub;
        nt->cplx = 0;
        return 1;
    }
    if (val_kind_is(b, VK_REAL)) { /* integers, floats, Irrational (Rational above) */
        nt->t = (uint8_t)b;
        nt->sub = b == T_IRRATIONAL ? t->sub : 0;
        nt->cplx = 0;
        return 1;
    }
    return 0;
}

int type_is_union(const jc_typeobj *t) { return t->base == TA_ANY && (t->flags & ARR_TYPEF_UNION); }

int type_equal(const jc_typeobj *a, const jc_typeobj *b)
{
    if (a == b)
        return 1;
    if (!a || !b || a->base != b->base || (a->flags & ~0u) != (b->flags & ~0u))
        return 0;
    if ((a->base == T_RATIONAL || a->base == T_IRRATIONAL || a->base == T_TUPLE ||
         a->base == T_SYMBOL) && a->sub != b->sub)
        return 0;
    if (a->base == T_ARRAY && a->ndims != b->ndims)
        return 0;
    if ((a->param == NULL) != (b->param == NULL))
        return 0;
    if (a->param && a->base != T_RATIONAL && !type_equal(a->param, b->param))
        return 0;
    if (a->nelts != b->nelts)
        return 0;
    for (size_t i = 0; i < a->nelts; i++)
        if (!type_equal(a->elts[i], b->elts[i]))
            return 0;
    return 1;
}

jc_typeobj *type_join(const jc_typeobj *a, const jc_typeobj *b)
{
    if (type_equal(a, b))
        return type_retain(a);
    if (a->base == T_RATIONAL && b->base == T_RATIONAL)
        return val_typeobj(num_type_value_base(T_RATIONAL));
    if (a->base == T_COMPLEX && b->base == T_COMPLEX)
        return type_new(T_COMPLEX);
    if (type_is_union(a) || type_is_union(b))
        return type_new(TA_ANY);
    /* the most specific abstract type above both: a tree, so the first that holds both
     * in depth order is the join */
    static const int order[] = {
        TA_SIGNED, TA_UNSIGNED, TA_FLOAT, TA_IRRATIONAL, TA_INTEGER, TA_REAL, TA_VECTOR,
        TA_MATRIX, TA_NUMBER, TA_STRING, TA_CHAR, TA_FUNCTION, TA_ARRAY,
    };
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        jc_typeobj t = { .base = (uint8_t)order[i], .ndims = -1 };
        if (type_subtype(a, &t) && type_subtype(b, &t))
            return type_new(order[i]);
    }
    return type_new(TA_ANY);
}

/* Julia's bits types are zero-filled by jcalc's undef constructors. */
int type_is_bits(const jc_typeobj *t, num_type *nt)
{
    if (!type_number(t, nt))
        return 0;
    if (nt->t == T_BIGINT || nt->t == T_BIGFLOAT || nt->t == T_IRRATIONAL)
        return 0;
    if (nt->t == T_RATIONAL && nt->sub == T_BIGINT)
        return 0;
    return 1;
}

static int union_key(const jc_typeobj *t)
{
    num_type nt;
    if (!type_is_bits(t, &nt))
        return 0;
    static const int size[] = {
        [T_BOOL] = 1, [T_INT64] = 8, [T_UINT8] = 1, [T_UINT16] = 2, [T_UINT32] = 4,
        [T_UINT64] = 8, [T_UINT128] = 16, [T_INT8] = 1, [T_INT16] = 2, [T_INT32] = 4,
        [T_INT128] = 16, [T_RATIONAL] = 16, [T_FLOAT16] = 2, [T_FLOAT32] = 4, [T_FLOAT64] = 8,
    };
    return (nt.t < sizeof size / sizeof *size ? size[nt.t] : 8) * (nt.cplx ? 2 : 1);
}

/* Flags of an array type value that name its wrapper or storage. */

static void other_type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t);

/* Pair and ComposedFunction are tuples with a sub tag (value.h). */
static const char *tuple_kind_name(int sub)
{
    return sub == TUP_PAIR ? "Pair" : sub == TUP_COMPOSED ? "ComposedFunction" : "Tuple";
}

void type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    if (!t) {
        sb_puts(out, "Any");
        return;
    }
    if (type_is_union(t)) {
        if (!t->nelts) {
            sb_puts(out, "Union");
            return;
        }
        /* Julia sorts a Union's members: bits types by decreasing size, then by name */
        size_t n = t->nelts;
        sb *names = xcalloc(n, sizeof *names);
        int *key = xcalloc(n, sizeof *key), *ord = xcalloc(n, sizeof *ord);
        for (size_t i = 0; i < n; i++) {
            type_name(ctx, &names[i], t->elts[i]);
            key[i] = union_key(t->elts[i]);
            ord[i] = (int)i;
        }
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0; j--) {
                int a = ord[j - 1], b = ord[j];
                int swap = key[a] < key[b] ||
                           (key[a] == key[b] && strcmp(sb_str(&names[a]), sb_str(&names[b])) > 0);
                if (!swap)
                    break;
                ord[j - 1] = b;
                ord[j] = a;
            }
        sb_puts(out, "Union{");
        for (size_t i = 0; i < n; i++) {
            if (i)
                sb_puts(out, ", ");
            sb_puts(out, sb_str(&names[ord[i]]));
        }
        sb_putc(out, '}');
        for (size_t i = 0; i < n; i++)
            sb_free(&names[i]);
        free(names);
        free(key);
        free(ord);
        return;
    }
    if (t->base >= TA_ANY) {
        const char *name = type_abstract_name(t->base);
        sb_puts(out, name ? name : "Any");
        return;
    }
    switch (t->base) {
    case T_ARRAY:
        if (t->flags & TYPEF_BITARRAY) {
            if (t->ndims == 1 || t->ndims == 2)
                sb_puts(out, t->ndims == 1 ? "BitVector" : "BitMatrix");
            else
                sb_printf(out, "BitArray{%d}", t->ndims);
            return;
        }
        if (t->flags & TYPEF_UNIFORM) {
            sb_puts(out, "UniformScaling{");
            type_name(ctx, out, t->param);
            sb_putc(out, '}');
            return;
        }
        if (t->flags & (TYPEF_ADJOINT | TYPEF_TRANSPOSE)) { /* of a vector */
            sb_puts(out, (t->flags & TYPEF_ADJOINT) ? "Adjoint{" : "Transpose{");
            type_name(ctx, out, t->param);
            sb_puts(out, ", Vector{");
            type_name(ctx, out, t->param);
            sb_puts(out, "}}");
            return;
        }
        if (t->flags & TYPEF_HERMITIAN) {
            sb_puts(out, "Hermitian{");
            type_name(ctx, out, t->param);
            sb_puts(out, ", Matrix{");
            type_name(ctx, out, t->param);
            sb_puts(out, "}}");
            return;
        }
        if (t->ndims == 1 || t->ndims == 2) {
            sb_puts(out, t->ndims == 1 ? "Vector" : "Matrix");
            if (t->param) {
                sb_putc(out, '{');
                type_name(ctx, out, t->param);
                sb_putc(out, '}');
            }
            return;
        }
        sb_puts(out, "Array");
        if (t->param) {
            sb_putc(out, '{');
            type_name(ctx, out, t->param);
            if (t->ndims >= 0)
                sb_printf(out, ", %d", t->ndims);
            sb_putc(out, '}');
        }
        return;
    default:
        other_type_name(ctx, out, t);
        return;
    }
}


value type_of_array(value v)
{
    jc_array *a = val_array(v);
    jc_typeobj *t = type_new(T_ARRAY);
    t->ndims = a->nd;
    t->nparams = 1;
    t->param = type_retain(a->et);
    if (a->kind == ARR_UNIFORM)
        t->flags |= TYPEF_UNIFORM;
    else if (a->kind == ARR_ADJVEC)
        t->flags |= TYPEF_ADJOINT;
    else if (a->kind == ARR_TRANSVEC)
        t->flags |= TYPEF_TRANSPOSE;
    else if (a->kind == ARR_HERMITIAN)
        t->flags |= TYPEF_HERMITIAN;
    if (a->bits)
        t->flags |= TYPEF_BITARRAY;
    return v_obj(T_TYPE, 0, &t->h);
}


/* ---- type names ---- */

/* The names of the kinds type_name leaves to this: numbers, tuples, ranges ... */
static void other_type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t)
{
    if (type_abstract_name(t->base)) { /* Real, Integer, AbstractFloat ... */
        sb_puts(out, type_abstract_name(t->base));
        return;
    }
    switch (t->base) {
    case T_RATIONAL:
        sb_puts(out, "Rational");
        if (t->param) {
            sb_putc(out, '{');
            type_name(ctx, out, t->param);
            sb_putc(out, '}');
        }
        return;
    case T_COMPLEX:
        if (!t->param) {
            sb_puts(out, "Complex");
            return;
        }
        if (val_kind_is(t->param->base, VK_HWFLOAT)) {
            sb_printf(out, "ComplexF%d", t->param->base == T_FLOAT16 ? 16 : t->param->base == T_FLOAT32 ? 32 : 64);
            return;
        }
        sb_puts(out, "Complex{");
        type_name(ctx, out, t->param);
        sb_putc(out, '}');
        return;
    case T_IRRATIONAL:
        sb_printf(out, "Irrational{:%s}", num_irrational_name(t->sub));
        return;
    case T_TUPLE:
        sb_puts(out, tuple_kind_name(t->sub));
        if (t->sub != TUP_PLAIN && !t->nelts)
            return;   /* Pair, ComposedFunction as themselves */
        sb_putc(out, '{');
        for (size_t i = 0; i < t->nelts; i++) {
            if (i)
                sb_puts(out, ", ");
            type_name(ctx, out, t->elts[i]);
        }
        sb_putc(out, '}');
        return;
    case T_ARRAY: /* Vector{T}, BitMatrix, Hermitian{...}: the array module names them */
        type_name(ctx, out, t);
        return;
    case T_RANGE: /* sub: 1 + the range's kind, 0 when not known */
        if (t->sub == 1 + RANGE_STEP)
            sb_puts(out, "StepRange{Int64, Int64}");
        else if (t->sub == 1 + RANGE_CHAR_TYPE)
            sb_puts(out, "StepRange{Char, Int64}");
        else if (t->sub == 1 + RANGE_FLOAT)
            sb_puts(out, "StepRangeLen{Float64, Base.TwicePrecision{Float64}, "
                         "Base.TwicePrecision{Float64}, Int64}");
        else
            sb_puts(out, "UnitRange{Int64}");
        return;
    case T_ROUNDMODE:
        sb_printf(out, "RoundingMode{:%s}", t->sub < RM__COUNT ? num_roundmode_names[t->sub] : "Nearest");
        return;
    case T_EXCEPTION:
        sb_puts(out, exc_table[t->sub < EXC__COUNT ? t->sub : 0].name);
        return;
    case T_SYMBOL:
        sb_puts(out, t->sub == SYM_MODULE ? "Module" : "Symbol");
        return;
    default:
        sb_puts(out, num_type_basename((jc_type)t->base));
        return;
    }
}

void type_name_of(jc_ctx *ctx, sb *out, value v)
{
    num_type t;
    if (num_typeof(v, &t) == 0) {
        num_type_name(out, t);
        return;
    }
    switch (v.type) {
    case T_TUPLE: {
        jc_tuple *tu = val_tuple(v);
        sb_puts(out, tuple_kind_name(v.sub));
        sb_putc(out, '{');
        for (size_t i = 0; i < tu->n; i++) {
            if (i)
                sb_puts(out, ", ");
            type_name_of(ctx, out, tu->v[i]);
        }
        sb_putc(out, '}');
        return;
    }
    case T_ARRAY: {
        value tv = type_of_array(v);
        type_name(ctx, out, val_typeobj(tv));
        val_release(tv);
        return;
    }
    case T_FUNCTION: {
        jc_func *f = val_func(v);
        if (f->name >= 0)
            sb_printf(out, "typeof(%s)", sym_name(ctx, f->name));
        else
            sb_puts(out, "Function");
        return;
    }
    case T_RANGE: {
        jc_range *r = val_range(v);
        sb t1 = { 0 };
        type_name_of(ctx, &t1, r->start);
        if (r->kind == RANGE_UNIT)
            sb_printf(out, "UnitRange{%s}", sb_str(&t1));
        else if (r->kind == RANGE_STEP) {
            sb t2 = { 0 };
            type_name_of(ctx, &t2, r->step);
            sb_printf(out, "StepRange{%s, %s}", sb_str(&t1), sb_str(&t2));
            sb_free(&t2);
        } else
            sb_printf(out, "StepRangeLen{%s, Base.TwicePrecision{%s}, Base.TwicePrecision{%s}, Int64}",
                      sb_str(&t1), sb_str(&t1), sb_str(&t1));
        sb_free(&t1);
        return;
    }
    case T_TYPE: {
        const jc_typeobj *t = val_typeobj(v);
        sb_puts(out, (t->base == T_RATIONAL || t->base == T_COMPLEX || t->base == T_ARRAY) && !t->param
                         ? "UnionAll" : "DataType");
        return;
    }
    case T_ROUNDMODE:
        sb_printf(out, "RoundingMode{:%s}",
                  v.u.i >= 0 && v.u.i < RM__COUNT ? num_roundmode_names[v.u.i] : "Nearest");
        return;
    case T_EXCEPTION:
        sb_puts(out, exc_table[v.sub < EXC__COUNT ? v.sub : 0].name);
        return;
    case T_SYMBOL:
        sb_puts(out, v.sub == SYM_MODULE ? "Module" : "Symbol");
        return;
    case T_NAMEDTUPLE: {
        jc_namedtuple *nt = (jc_namedtuple *)v.u.o;
        sb_puts(out, "NamedTuple{(");
        for (size_t i = 0; i < nt->n; i++) {
            if (i)
                sb_puts(out, ", ");
            sb_printf(out, ":%s", sym_name(ctx, nt->names[i]));
        }
        sb_puts(out, nt->n == 1 ? ",), Tuple{" : "), Tuple{");
        for (size_t i = 0; i < nt->n; i++) {
            if (i)
                sb_puts(out, ", ");
            type_name_of(ctx, out, nt->v[i]);
        }
        sb_puts(out, "}}");
        return;
    }
    default:
        sb_puts(out, num_type_basename((jc_type)v.type));
        return;
    }
}
