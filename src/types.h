/* types.h — Julia's abstract number and collection types, and the subtype relation
 * that method dispatch and `isa` use.
 *
 * Concrete types are jc_type codes (T_INT64 ...).  Abstract ones are codes from
 * TA_ANY up, stored in jc_typeobj.base like concrete ones. */
#ifndef JC_TYPES_H
#define JC_TYPES_H

#include "jc.h"
#include "num/num.h"


/* Julia's name of an abstract type code, or NULL. */
const char *type_abstract_name(int base);
/* A T_TYPE value for an abstract type code. */
value type_abstract_value(int base);
/* Whether v isa t (t concrete or abstract; parameters of Rational/Complex/arrays are
 * compared when t gives them). */
int type_isa(value v, const jc_typeobj *t);
/* How specific t is, for choosing between methods: larger is more specific. */
int type_specificity(const jc_typeobj *t);
/* t1 <: t2 for the types jcalc knows. */
int type_subtype(const jc_typeobj *t1, const jc_typeobj *t2);

/* Flags of an array type (jc_typeobj.flags, base T_ARRAY): the wrappers jcalc knows. */
#define TYPEF_BITARRAY (1u << 25)
#define TYPEF_ADJOINT (1u << 26)
#define TYPEF_TRANSPOSE (1u << 27)
#define TYPEF_UNIFORM (1u << 28)
#define TYPEF_HERMITIAN (1u << 29)

/* Another reference to t; releasing one (t may be NULL). */
static inline jc_typeobj *type_retain(const jc_typeobj *t)
{
    ((obj *)&t->h)->refs++;
    return (jc_typeobj *)t;
}
static inline void type_release(jc_typeobj *t)
{
    if (t)
        val_release(v_obj(T_TYPE, 0, &t->h));
}

/* A new type object of the given base (ndims -1, no parameters), one reference. */
jc_typeobj *type_new(int base);
/* typeof(v) as a type object (a new reference). */
jc_typeobj *type_of_value(value v);
/* A Union{...}: base TA_ANY with ARR_TYPEF_UNION and its members in elts. */
int type_is_union(const jc_typeobj *t);
/* Whether t is an isbits number type (zero-filled storage); fills *nt. */
int type_is_bits(const jc_typeobj *t, num_type *nt);

/* Type names as Julia prints them: type_name names a type object (NULL is Any; a Union
 * lists its members in Julia's order), type_name_of the type of a value  * the type of a value ("Int64", "Rational{BigInt}", "Vector{Float64}", "typeof(sin)"). */
void type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t);
void type_name_of(jc_ctx *ctx, sb *out, value v);
/* typeof(a) for an array (Vector{Int64}, Hermitian{...}, UniformScaling{Bool}). */
value type_of_array(value a);
/* Whether t is a concrete number type; fills *nt. */
int type_number(const jc_typeobj *t, num_type *nt);
/* typejoin of two types (for collect/broadcast widening); returns a new reference. */
jc_typeobj *type_join(const jc_typeobj *a, const jc_typeobj *b);
int type_equal(const jc_typeobj *a, const jc_typeobj *b);

/* Appends "Int64 <: Signed <: Integer <: Real <: Number <: Any" for v's type. */
void type_hierarchy(jc_ctx *ctx, sb *out, value v);

#endif
