/* types.h — Julia's abstract number and collection types, and the subtype relation
 * that method dispatch and `isa` use.
 *
 * Concrete types are jc_type codes (T_INT64 ...).  Abstract ones are codes from
 * TA_ANY up, stored in jc_typeobj.base like concrete ones. */
#ifndef JC_TYPES_H
#define JC_TYPES_H

#include "jc.h"
#include "num/num.h"


/* A struct or abstract type the user declared (struct Point{T<:Real} <: Shape ... end).
 * The evaluator owns it for the context's life; type objects only point to it. */
typedef struct jc_typedef {
    int name;                /* symbol id */
    int abstract, mutable_;
    int nparams;
    jc_typeobj **pvars;      /* the parameters, TK_TYPEVAR objects (owned) */
    jc_typeobj *super;       /* the declared supertype (may name pvars); NULL: Any */
    int nfields;
    int *fnames;             /* field symbol ids */
    jc_typeobj **ftypes;     /* declared field types (may name pvars); NULL: Any */
    int has_inner;           /* the body defines constructors: no default one */
    int line;                /* where it was declared: the default constructor's line */
    int in_base;             /* Base's own (Val), not the user's: module Base in names */
    const char *file;
    struct jc_typedef *next; /* the evaluator's list */
} jc_typedef;

/* The where variables of a method signature and what a call binds them to. */
#define TYPE_ENV_MAX 16
typedef struct type_env {
    int n;
    const jc_typeobj *var[TYPE_ENV_MAX];
    jc_typeobj *val[TYPE_ENV_MAX];  /* owned; NULL while unbound */
} type_env;

/* Julia's name of an abstract type code, or NULL. */
const char *type_abstract_name(int base);
/* A T_TYPE value for an abstract type code. */
value type_abstract_value(int base);
/* Whether v isa t (t concrete or abstract; parameters of Rational/Complex/arrays are
 * compared when t gives them). */
int type_isa(value v, const jc_typeobj *t);
/* Whether t nests deeper than TYPE_MAX_DEPTH (Vector{Vector{...}}): such a type is
 * refused where it would be made, with StackOverflowError. */
#define TYPE_MAX_DEPTH 1000
int type_too_deep(const jc_typeobj *t);

/* isa and <: binding the where variables of env (a method's) as they go. */
int type_isa_env(value v, const jc_typeobj *t, type_env *env);
int type_subtype_env(const jc_typeobj *t1, const jc_typeobj *t2, type_env *env);
void type_env_clear(type_env *env);
/* t1 <: t2 and t2 <: t1. */
int type_equiv(const jc_typeobj *a, const jc_typeobj *b);
/* The kind of a type as a TK_ code: TK_DATATYPE, TK_UNIONALL, TK_UNION, TK_TYPEOFBOTTOM. */
int type_kind(const jc_typeobj *t);
int type_is_unionall(const jc_typeobj *t);
int type_is_concrete(const jc_typeobj *t);
int type_is_abstract(const jc_typeobj *t);
/* supertype(t), a new reference (NULL for Any). */
jc_typeobj *type_supertype(const jc_typeobj *t);
/* typeof(v) for every value, a new reference. */
jc_typeobj *type_typeof(value v);
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
/* NTuple before it is applied (base T_TUPLE) */
#define TYPEF_NTUPLE (1u << 24)
/* the type new{T} builds (base TK_STRUCT), called to construct directly */
#define TYPEF_NEW (1u << 23)

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
/* Whether t is Any itself (NULL, an undeclared type, counts as Any; a Union does not). */
int type_is_any(const jc_typeobj *t);
/* A Union{...}: base TA_ANY with ARR_TYPEF_UNION and its members in elts. */
int type_is_union(const jc_typeobj *t);
/* Whether t is an isbits number type (zero-filled storage); fills *nt. */
int type_is_bits(const jc_typeobj *t, num_type *nt);

/* Type names as Julia prints them: type_name names a type object (NULL is Any; a Union
 * lists its members in Julia's order), type_name_of the type of a value  * the type of a value ("Int64", "Rational{BigInt}", "Vector{Float64}", "typeof(sin)"). */
void type_name(jc_ctx *ctx, sb *out, const jc_typeobj *t);
void type_name_of(jc_ctx *ctx, sb *out, value v);
/* " where T<:Real" or " where {A, B}" for the variables vars[0..n) (nothing for none). */
void type_where_suffix(jc_ctx *ctx, sb *out, jc_typeobj *const *vars, int n);
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
