/* types.c — see types.h. */
#include "types.h"

#include "array.h"
#include "show.h"
#include "num/num.h"

static const char *const abstract_names[TA_END - TA_ANY] = {
    [TA_ANY - TA_ANY] = "Any", [TA_NUMBER - TA_ANY] = "Number", [TA_REAL - TA_ANY] = "Real",
    [TA_INTEGER - TA_ANY] = "Integer", [TA_SIGNED - TA_ANY] = "Signed",
    [TA_UNSIGNED - TA_ANY] = "Unsigned", [TA_FLOAT - TA_ANY] = "AbstractFloat",
    [TA_IRRATIONAL - TA_ANY] = "AbstractIrrational", [TA_STRING - TA_ANY] = "AbstractString",
    [TA_CHAR - TA_ANY] = "AbstractChar", [TA_FUNCTION - TA_ANY] = "Function",
    [TA_ARRAY - TA_ANY] = "AbstractArray", [TA_VECTOR - TA_ANY] = "AbstractVector",
    [TA_MATRIX - TA_ANY] = "AbstractMatrix",
};

/* The direct supertype of each abstract type. */
static const int abstract_parent[TA_END - TA_ANY] = {
    [TA_ANY - TA_ANY] = TA_ANY, [TA_NUMBER - TA_ANY] = TA_ANY, [TA_REAL - TA_ANY] = TA_NUMBER,
    [TA_INTEGER - TA_ANY] = TA_REAL, [TA_SIGNED - TA_ANY] = TA_INTEGER,
    [TA_UNSIGNED - TA_ANY] = TA_INTEGER, [TA_FLOAT - TA_ANY] = TA_REAL,
    [TA_IRRATIONAL - TA_ANY] = TA_REAL, [TA_STRING - TA_ANY] = TA_ANY,
    [TA_CHAR - TA_ANY] = TA_ANY, [TA_FUNCTION - TA_ANY] = TA_ANY, [TA_ARRAY - TA_ANY] = TA_ANY,
    [TA_VECTOR - TA_ANY] = TA_ARRAY, [TA_MATRIX - TA_ANY] = TA_ARRAY,
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

/* The abstract type directly above a concrete base type. */
static int concrete_parent(int base, int ndims)
{
    switch (base) {
    case T_BOOL: return TA_INTEGER;
    case T_INT64: case T_BIGINT: return TA_SIGNED;
    case T_UINT8: case T_UINT16: case T_UINT32: case T_UINT64: return TA_UNSIGNED;
    case T_RATIONAL: return TA_REAL;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: case T_BIGFLOAT: return TA_FLOAT;
    case T_IRRATIONAL: return TA_IRRATIONAL;
    case T_COMPLEX: return TA_NUMBER;
    case T_STRING: return TA_STRING;
    case T_CHAR: return TA_CHAR;
    case T_FUNCTION: return TA_FUNCTION;
    case T_ARRAY: return ndims == 1 ? TA_VECTOR : ndims == 2 ? TA_MATRIX : TA_ARRAY;
    case T_RANGE: return TA_VECTOR;
    default: return TA_ANY;
    }
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
    if (b1 >= TA_ANY)
        return b2 >= TA_ANY && abstract_below(b1, b2);
    if (b2 >= TA_ANY)
        return abstract_below(concrete_parent(b1, t1->ndims), b2);
    if (b1 != b2)
        return 0;
    /* same concrete base: parameters given on the right must agree */
    if (b2 == T_RATIONAL && t2->sub && t1->sub != t2->sub)
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
    value tv = v.type == T_ARRAY ? array_typeof(v) : num_typeof_value(v);
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
    value tv = v.type == T_ARRAY ? array_typeof(v) : num_typeof_value(v);
    const jc_typeobj *t = val_typeobj(tv);
    show_type(ctx, out, t);
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
