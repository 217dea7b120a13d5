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
    T_UINT128,    /* Int128/UInt128: a jc_bigint whose mpz always holds a value in range */
    T_INT8,       /* Int8/16/32: u.i, sign-extended */
    T_INT16,
    T_INT32,
    T_INT128,
    T_RATIONAL,   /* sub: T_INT64 (Rational{Int64}) or T_BIGINT; stored as mpq */
    T_FLOAT16,    /* u.f holds a double that is exactly a binary16 value */
    T_FLOAT32,    /* u.f holds a double that is exactly a binary32 value */
    T_FLOAT64,
    T_BIGFLOAT,
    T_IRRATIONAL, /* sub: which constant (IRR_PI ...) */
    T_COMPLEX,    /* sub: the element type */
    T_CHAR,       /* u.c: a code point */
    T_STRING,     /* sub: STR_DISPLAY for a text the display shows as it is */
    T_SYMBOL,     /* u.i: symbol id (:red) */
    T_TUPLE,
    T_NAMEDTUPLE,
    T_RANGE,
    T_FUNCTION,
    T_ARRAY,
    T_TYPE,       /* a type used as a value: Float64, Rational{Int64}, Vector{Int64} */
    T_ROUNDMODE,  /* u.i: which rounding mode (RoundNearest ...) */
    T_EXCEPTION,  /* a built-in exception (exc.h); sub: its exc_id */
    T_REGEX,      /* r"...": a jc_regex (regex_obj.h) */
    T_REGEXMATCH, /* what match(r, s) finds: a jc_regexmatch */
    T_STRUCT,     /* an instance of a user struct (jc_struct) */
    T_IOBUFFER,   /* IOBuffer(): a jc_io holding the bytes written */
    T_IOSTREAM,   /* stdout, stderr: a jc_io naming the stream (IO_STDOUT ...) */
    T_DEVNULL,    /* devnull: a jc_io that drops what is written */
    T__COUNT
} jc_type;
#define STR_DISPLAY 7 /* a T_STRING's sub: a method list and such, shown as it is */

enum { IRR_PI, IRR_E, IRR_GAMMA, IRR_GOLDEN, IRR_CATALAN };

/* Abstract types, as codes above the concrete kinds (stored in jc_typeobj.base like
 * concrete ones); their lattice is types.c's. */
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
    TA_RANGE,          /* AbstractRange */
    TA_EXCEPTION,      /* Exception */
    TA_DENSE,          /* DenseArray{T, N} (DenseVector, DenseMatrix by ndims) */
    TA_IO,             /* IO */
    TA_END
};

/* Types that are no kind of value of their own, as codes above the abstract ones
 * (types.c gives their meaning). */
enum {
    TK_BOTTOM = 120,   /* Union{} */
    TK_TYPE,           /* Type{T}: param T, NULL for Type itself */
    TK_TYPEVAR,        /* a `where` variable: sym its name (0 for the anonymous one of
                          Vector{<:Integer}), param its upper bound (NULL: Any) */
    TK_VARARG,         /* Vararg{T,N}: param T (NULL: Any), ndims N (-1: any number) */
    TK_STRUCT,         /* a struct type: def; elts its parameters once applied */
    TK_ABSTRACT,       /* an abstract type the user declared: def */
    TK_VALUE,          /* a value as a type parameter (Val{3}, V{:a}): val the value (an
                          isbits one or a Symbol, owned), sym 1 + the symbol of its repr;
                          equal only to an identical value, below nothing but Any */
    TK_DATATYPE,       /* DataType, the type of Int64 */
    TK_UNIONALL,       /* UnionAll, the type of Vector */
    TK_UNION,          /* Union, the type of Union{Int64, String} */
    TK_TYPEOFBOTTOM,   /* Core.TypeofBottom, the type of Union{} */
    TK_TYPEVARKIND,    /* TypeVar */
    TK_END
};

typedef struct obj {
    uint32_t refs;
    uint8_t type;  /* jc_type of the object */
    uint8_t gc;    /* the evaluator's cycle collector's marks (eval_state.c); 0 outside it */
} obj;

typedef union val_payload {
    int64_t i;
    uint64_t u;
    double f;
    uint32_t c;
    obj *o;
} val_payload;

typedef struct value {
    uint8_t type;  /* jc_type */
    uint8_t sub;   /* see jc_type */
    val_payload u;
} value;

typedef struct jc_bigint { obj h; mpz_t z; } jc_bigint;
typedef struct jc_rational { obj h; mpq_t q; } jc_rational;
typedef struct jc_bigfloat { obj h; mpfr_t f; } jc_bigfloat;
typedef struct jc_complex { obj h; value re, im; } jc_complex;
typedef struct jc_string { obj h; size_t len; char s[]; } jc_string;  /* s is NUL-terminated */
typedef struct jc_tuple { obj h; size_t n; value v[]; } jc_tuple;
typedef struct jc_namedtuple { obj h; size_t n; int *names; value v[]; } jc_namedtuple;
/* The sub of a T_TUPLE value (and of its type object) tells apart the immutable
 * two-field objects stored as tuples: Pair (first, second) and ComposedFunction (outer,
 * inner), and Base.Fix2 (f, x).  They share the tuple's storage, freeing and cycle
 * collection. */
enum { TUP_PLAIN = 0, TUP_PAIR = 1, TUP_COMPOSED = 2, TUP_FIX2 = 3 };
/* ComposedFunction and Base.Fix2 (==(2): f and x, called as f(y, x)) are functions kept
 * as tagged tuples: they call, they do not iterate. */
static inline int val_is_func_tuple(value v)
{
    return v.type == T_TUPLE && (v.sub == TUP_COMPOSED || v.sub == TUP_FIX2);
}
/* A T_SYMBOL value with this sub is a module (Base, LinearAlgebra, Base.Math): u.i is
 * the symbol of its dotted name; modules are names only (eval_func.c). */
enum { SYM_MODULE = 3 };

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
    int sym;                 /* 1 + a symbol id, 0 for none: typeof(f)'s f, a TK_TYPEVAR's name */
    struct jc_typedef *def;  /* TK_STRUCT, TK_ABSTRACT: the declaration (owned by the
                                evaluator for the context's life) */
    value val;               /* TK_VALUE: the parameter's value (owned); else nothing */
} jc_typeobj;

/* An instance of a user struct: its type (an owned reference) and its fields; a field
 * never assigned (new with fewer arguments) holds arr_undef's marker. */
typedef struct jc_struct { obj h; jc_typeobj *type; size_t n; value v[]; } jc_struct;
static inline jc_struct *val_struct(value v) { return (jc_struct *)v.u.o; }

/* An IO stream (T_IOBUFFER, T_IOSTREAM, T_DEVNULL): an IOBuffer's bytes (data, len; ptr
 * is the read position, 0-based), or which of the context's streams it writes to. */
enum { IO_BUFFER = 0, IO_STDOUT, IO_STDERR, IO_DEVNULL };
typedef struct jc_io { obj h; int stream; char *data; size_t len, cap, ptr; } jc_io;
static inline jc_io *val_io(value v) { return (jc_io *)v.u.o; }

/* ---- traits: what each value kind is, as data ----
 *
 * One row per jc_type.  Code asks a kind's questions here (is it an integer type? a
 * heap object?) instead of comparing enum ranges, so the order of jc_type carries no
 * meaning.  super is the kind's direct abstract supertype (a TA_* code of types.h; the
 * array and range rows name AbstractArray/AbstractVector, types.c refines by
 * dimension). */
enum {
    VK_HEAP = 1u << 0,      /* u.o is a reference-counted object */
    VK_NUMBER = 1u << 1,    /* <: Number */
    VK_REAL = 1u << 2,      /* <: Real */
    VK_INTEGER = 1u << 3,   /* <: Integer (Bool included) */
    VK_UNSIGNED = 1u << 4,  /* UInt8 ... UInt128 */
    VK_FLOAT = 1u << 5,     /* <: AbstractFloat */
    VK_HWFLOAT = 1u << 6,   /* Float16, Float32, Float64: a double in u.f */
    VK_BITS = 1u << 7,      /* isbits: zero-filled storage in arrays */
    VK_WRAPS = 1u << 8,     /* fixed width, arithmetic wraps: Int8..Int128 but Int64, UInt* */
};

typedef void (*obj_free_fn)(obj *o);

typedef struct val_traits {
    const char *name;       /* Julia's name of the kind's type ("Int64", "BigInt") */
    int super;              /* direct supertype, a TA_* code */
    unsigned flags;         /* VK_* */
    obj_free_fn free;       /* releases what an object owns and the object itself; NULL:
                               the kind owns nothing else (free() of the block) */
} val_traits;

extern val_traits val_kinds[T__COUNT];

static inline unsigned val_kind_flags(int t) { return (unsigned)t < T__COUNT ? val_kinds[t].flags : 0; }
static inline int val_kind_is(int t, unsigned flag) { return (val_kind_flags(t) & flag) != 0; }

/* Kinds whose objects are defined above this layer (arrays, ranges, functions) name
 * their free function when the first context is made: the row's other fields are
 * constant. */
void val_kind_set_free(jc_type t, obj_free_fn f);

static inline value v_nothing(void) { value v = { T_NOTHING, 0, { 0 } }; return v; }
static inline value v_symbol(int sym) { value v = { T_SYMBOL, 0, { .i = sym } }; return v; }
static inline value v_bool(int b) { value v = { T_BOOL, 0, { .i = b != 0 } }; return v; }
static inline value v_int(int64_t i) { value v = { T_INT64, 0, { .i = i } }; return v; }
static inline value v_f64(double f) { value v = { T_FLOAT64, 0, { .f = f } }; return v; }
static inline value v_char(uint32_t c) { value v = { T_CHAR, 0, { .c = c } }; return v; }
static inline value v_obj(jc_type t, uint8_t sub, obj *o) { value v = { (uint8_t)t, sub, { .o = o } }; return v; }
static inline int val_is_heap(value v) { return val_kind_is(v.type, VK_HEAP); }

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
