/* types.h — Julia's abstract number and collection types, and the subtype relation
 * that method dispatch and `isa` use.
 *
 * Concrete types are jc_type codes (T_INT64 ...).  Abstract ones are codes from
 * TA_ANY up, stored in jc_typeobj.base like concrete ones. */
#ifndef JC_TYPES_H
#define JC_TYPES_H

#include "jc.h"

enum {
    TA_ANY = 100,
    TA_NUMBER,
    TA_REAL,
    TA_INTEGER,
    TA_SIGNED,
    TA_UNSIGNED,
    TA_FLOAT,          /* AbstractFloat */
    TA_IRRATIONAL,     /* AbstractIrrational */
    TA_STRING,         /* AbstractString */
    TA_CHAR,           /* AbstractChar */
    TA_FUNCTION,       /* Function */
    TA_ARRAY,          /* AbstractArray */
    TA_VECTOR,         /* AbstractVector */
    TA_MATRIX,         /* AbstractMatrix */
    TA_END
};

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

/* Appends "Int64 <: Signed <: Integer <: Real <: Number <: Any" for v's type. */
void type_hierarchy(jc_ctx *ctx, sb *out, value v);

#endif
