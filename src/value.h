/* value.h — jcalc's runtime values.
 *
 * A value is a small struct passed by value: a type tag, a sub-tag, and either an
 * immediate payload (Bool, Int64, the hardware floats, Char) or a pointer to a
 * reference-counted heap object (BigInt, Rational, BigFloat, Complex, String, Tuple,
 * Range, Function, Array, Type).  Copying a value means val_retain; every value a
 * function receives as `out` is owned by the caller, and is released exactly once with
 * val_release.  Heap objects that are immutable (all but arrays) may be shared freely;
 * arrays are shared by reference, exactly as Julia's are. */
#ifndef JC_VALUE_H
#define JC_VALUE_H

#include <stdint.h>
#include <stddef.h>
#include <gmp.h>
#include <mpfr.h>

typedef enum jc_type {
    T_NOTHING = 0,
    T_BOOL,
    T_INT64,
    T_BIGINT,
    T_UINT8,
    T_UINT16,
    T_UINT32,
    T_UINT64,
    T_RATIONAL,   /* sub: T_INT64 (Rational{Int64}) or T_BIGINT; stored as mpq */
    T_FLOAT16,    /* u.f holds a double that is exactly a binary16 value */
    T_FLOAT32,    /* u.f holds a double that is exactly a binary32 value */
    T_FLOAT64,
    T_BIGFLOAT,
    T_IRRATIONAL, /* sub: which constant (IRR_PI ...) */
    T_COMPLEX,    /* sub: the element type */
    T_CHAR,       /* u.c: a code point */
    T_STRING,
    T_SYMBOL,     /* u.i: symbol id (:red) */
    T_TUPLE,
    T_NAMEDTUPLE,
    T_RANGE,
    T_FUNCTION,
    T_ARRAY,
    T_TYPE,       /* a type used as a value: Float64, Rational{Int64}, Vector{Int64} */
    T_ROUNDMODE,  /* u.i: which rounding mode (RoundNearest ...) */
    T__COUNT
} jc_type;

enum { IRR_PI, IRR_E, IRR_GAMMA, IRR_GOLDEN, IRR_CATALAN };

typedef struct obj {
    uint32_t refs;
    uint8_t type;  /* jc_type of the object */
} obj;

typedef struct value {
    uint8_t type;  /* jc_type */
    uint8_t sub;   /* see jc_type */
    union {
        int64_t i;
        uint64_t u;
        double f;
        uint32_t c;
        obj *o;
    } u;
} value;

typedef struct jc_bigint { obj h; mpz_t z; } jc_bigint;
typedef struct jc_rational { obj h; mpq_t q; } jc_rational;
typedef struct jc_bigfloat { obj h; mpfr_t f; } jc_bigfloat;
typedef struct jc_complex { obj h; value re, im; } jc_complex;
typedef struct jc_string { obj h; size_t len; char s[]; } jc_string;  /* s is NUL-terminated */
typedef struct jc_tuple { obj h; size_t n; value v[]; } jc_tuple;
typedef struct jc_namedtuple { obj h; size_t n; int *names; value v[]; } jc_namedtuple;

/* The type descriptor behind a T_TYPE value.  base is a jc_type; params describe
 * Rational{T}, Complex{T}, Array{T,N}; nparams is how many are given. */
typedef struct jc_typeobj {
    obj h;
    uint8_t base;
    uint8_t nparams;
    int ndims;               /* for arrays; -1 when not given */
    struct jc_typeobj *param;/* element type (owned reference), or NULL */
    uint32_t flags;          /* TYPE_ABSTRACT_* for Integer, Real, Number, Any ... */
    uint8_t sub;             /* Rational/Irrational detail as in value.sub (IRR_* for Irrational) */
    size_t nelts;            /* Tuple{...}: element types (owned references) */
    struct jc_typeobj **elts;
} jc_typeobj;

/* Heap object types that live in other modules register how they are freed. */
typedef void (*obj_free_fn)(obj *o);
extern const obj_free_fn val_free_table[T__COUNT];

static inline value v_nothing(void) { value v = { T_NOTHING, 0, { 0 } }; return v; }
static inline value v_bool(int b) { value v = { T_BOOL, 0, { .i = b != 0 } }; return v; }
static inline value v_int(int64_t i) { value v = { T_INT64, 0, { .i = i } }; return v; }
static inline value v_f64(double f) { value v = { T_FLOAT64, 0, { .f = f } }; return v; }
static inline value v_char(uint32_t c) { value v = { T_CHAR, 0, { .c = c } }; return v; }
static inline value v_obj(jc_type t, uint8_t sub, obj *o) { value v = { (uint8_t)t, sub, { .o = o } }; return v; }
static inline int val_is_heap(value v)
{
    switch (v.type) {
    case T_BIGINT: case T_RATIONAL: case T_BIGFLOAT: case T_COMPLEX: case T_STRING:
    case T_TUPLE: case T_NAMEDTUPLE: case T_RANGE: case T_FUNCTION: case T_ARRAY: case T_TYPE:
        return 1;
    default:
        return 0;
    }
}

/* Allocates a heap object of `size` bytes with one reference. */
void *obj_new(jc_type t, size_t size);

static inline value val_retain(value v)
{
    if (val_is_heap(v))
        v.u.o->refs++;
    return v;
}
void val_release_obj(obj *o);
static inline void val_release(value v)
{
    if (val_is_heap(v) && --v.u.o->refs == 0)
        val_release_obj(v.u.o);
}

/* Releases v[0..n): the clean-up of a partly built array of values. */
static inline void val_release_n(const value *v, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        val_release(v[i]);
}

/* Constructors that take ownership of their argument. */
value v_bigint_new(void);                    /* a BigInt holding 0; fill via val_mpz */
value v_rational_new(jc_type elem);          /* 0//1; fill via val_mpq, then canonicalize */
value v_bigfloat_new(mpfr_prec_t prec);      /* NaN at precision prec; fill via val_mpfr */
value v_complex(value re, value im);         /* both parts of the same real type; owns them */
value v_string(const char *s, size_t n);
value v_tuple_new(size_t n);                 /* elements are nothing; fill via val_tuple */

static inline mpz_ptr val_mpz(value v) { return ((jc_bigint *)v.u.o)->z; }
static inline mpq_ptr val_mpq(value v) { return ((jc_rational *)v.u.o)->q; }
static inline mpfr_ptr val_mpfr(value v) { return ((jc_bigfloat *)v.u.o)->f; }
static inline jc_complex *val_complex(value v) { return (jc_complex *)v.u.o; }
static inline jc_string *val_string(value v) { return (jc_string *)v.u.o; }
static inline jc_tuple *val_tuple(value v) { return (jc_tuple *)v.u.o; }
static inline jc_typeobj *val_typeobj(value v) { return (jc_typeobj *)v.u.o; }

/* A BigInt holding z (copied). */
value v_bigint_from_mpz(mpz_srcptr z);
/* An integer value from z: Int64 when it fits, else BigInt. */
value v_int_from_mpz(mpz_srcptr z);

#endif
