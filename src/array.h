/* array.h — arrays (Vector, Matrix, Array{T,N}), the UniformScaling `I` and the
 * Hermitian wrapper: storage, element types, literals, comprehensions, element access,
 * broadcasting and Julia's display of them.
 *
 * An array owns its elements (values, column-major) and its element type; it is shared
 * by reference like Julia's arrays (setindex! mutates every holder).  Unassigned elements
 * of non-bits element types are ARR_UNDEF and raise UndefRefError when read; arrays of
 * bits element types (Bool, Int64, the floats ...) are zero-filled where Julia would leave
 * arbitrary memory.  Functions return 0, or -1 after jc_throw with Julia's error text;
 * the builtin rows live in src/lib/arrays.c and src/lib/linalg.c. */
#ifndef JC_ARRAY_H
#define JC_ARRAY_H

#include "num/num.h"
#include "types.h"

#define ARR_MAXDIMS 8

/* jc_array.kind */
enum {
    ARR_DENSE,        /* Array{T,N} */
    ARR_HERMITIAN,    /* Hermitian{T, Matrix{T}}: stored in full, shown with its own summary */
    ARR_UNIFORM,      /* UniformScaling{T}: v[0] is λ; nd == 0 */
    ARR_ADJVEC,       /* adjoint(::Vector): a 1×n matrix that times a vector is a scalar */
    ARR_TRANSVEC,     /* transpose(::Vector) */
};

/* A Union{...} element type is a jc_typeobj with base TA_ANY, this flag, and its members
 * in elts (so code that does not know unions treats it as Any). */
#define ARR_TYPEF_UNION (1u << 30)

typedef struct jc_array {
    obj h;
    uint8_t kind;
    int nd;                        /* number of dimensions (0 only for ARR_UNIFORM) */
    int64_t dims[ARR_MAXDIMS];
    int64_t len;                   /* product of dims */
    jc_typeobj *et;                /* element type (owned reference) */
    uint8_t bits;                  /* a BitArray (what broadcasting to Bool gives): shown
                                      and typed as BitVector / BitMatrix / BitArray{N} */
    value *v;                      /* len elements; ARR_UNDEF marks #undef */
    int64_t cap;                   /* room in v when push! has grown it; 0: exactly len
                                      (only push!, append! and pop! change len) */
} jc_array;

/* An allocation count for n elements: at least 1, so that malloc(0) never happens. */
static inline size_t nz(int64_t n) { return n > 0 ? (size_t)n : 1; }

static inline jc_array *val_array(value v) { return (jc_array *)v.u.o; }
/* The marker of an unassigned element: nothing with sub 1. */
static inline value arr_undef(void) { value v = { T_NOTHING, 1, { 0 } }; return v; }
static inline int arr_is_undef(value v) { return v.type == T_NOTHING && v.sub == 1; }
/* Whether v is an array with elements: any array but the UniformScaling I. */
static inline int array_has_elements(value v) { return v.type == T_ARRAY && val_array(v)->kind != ARR_UNIFORM; }

/* ---- the evaluator's hooks ---- */
struct env;
typedef int (*array_eval_fn)(jc_ctx *ctx, struct env *e, const ast *n, value *out);
/* eval evaluates the elements; body a comprehension's body, as the anonymous function
 * Julia makes of it (a `return` there gives the element). */
int array_eval_literal(jc_ctx *ctx, const ast *n, array_eval_fn eval, array_eval_fn body,
                       struct env *e, value *out);
/* [vals...]: the vector of nv values (owned, and the malloc'd buffer with them) with
 * Julia's promoted element type; a failed conversion is an error at site */
int array_vect_of(jc_ctx *ctx, value *vals, int64_t nv, const ast *site, value *out);
/* Streams the elements of the generator gen (an A_GENERATOR) into sink, which owns each
 * and returns 0 to go on, 1 to stop (any, all), -1 on an error.  Nothing is collected: a
 * fold over a generator runs in constant memory.  0 when all were seen, 1 when stopped. */
typedef int (*array_sink_fn)(jc_ctx *ctx, void *arg, value v);
int array_eval_generator_fold(jc_ctx *ctx, const ast *gen, array_eval_fn eval, array_eval_fn body,
                              struct env *e, array_sink_fn sink, void *arg);
int64_t array_length(value a);
/* Element i (0-based, column-major) of a; UndefRefError for an unassigned element. */
int array_get_linear(jc_ctx *ctx, value a, int64_t i, value *out);
void array_free(obj *o);

/* ---- construction ---- */
/* Refuses (OverflowError, as for any result above ctx->max_bits) an array of nelems
 * elements before it is allocated. */
int array_check_len(jc_ctx *ctx, double nelems);
/* Checks dims for a new array before anything is allocated: a negative dimension or a
 * product that overflows is Julia's ArgumentError: invalid Array dimensions; a length
 * above the --max-bits budget is array_check_len's OverflowError.  *len (may be NULL)
 * receives the product. */
int array_check_dims(jc_ctx *ctx, int nd, const int64_t *dims, int64_t *len);
/* array_new after array_check_dims: the constructor for dims that come from the user. */
int array_make(jc_ctx *ctx, value *out, const jc_typeobj *et, int nd, const int64_t *dims);
/* A new array of element type et (borrowed) and the given dims: zero-filled for bits
 * number types, ARR_UNDEF otherwise.  The dims must be valid (array_check_dims, or
 * those of an existing array); array_alloc aborts on a product that overflows. */
value array_new(jc_ctx *ctx, const jc_typeobj *et, int nd, const int64_t *dims);
/* The same without the size check and with no element set: every element is nothing,
 * for the caller to fill (n = product of dims). */
value array_alloc(const jc_typeobj *et, int nd, const int64_t *dims);
/* An array of element type et and nd dimensions whose storage is vals itself (their
 * product n elements, owned and already of that type, column-major, in a malloc'd
 * block of room for cap >= n): nothing copied. */
value array_adopt(const jc_typeobj *et, int nd, const int64_t *dims, value *vals, int64_t cap);
/* Stores x (borrowed) at linear index i, converted to the element type. */
int array_set(jc_ctx *ctx, value a, int64_t i, value x, const ast *site);
/* Builds an array from n values (owned, moved in), with the element type Julia's
 * collect would choose (the type join of the values) unless et is given. */
value array_from_values(jc_ctx *ctx, value *vals, int64_t n, int nd, const int64_t *dims,
                        const jc_typeobj *et);
/* Julia's promote_type over the values' types, for literals ([1, 2.5] -> Float64). */
value array_promote_eltype(jc_ctx *ctx, const value *vals, int64_t n);

/* ---- types ---- */
/* typeof(a) as a T_TYPE value (Vector{Int64}, Hermitian{...}, UniformScaling{Bool}). */
/* The type's name for an array's element type or any type jcalc shows in a summary. */
/* Appends typeof(a)'s name. */
/* Whether t is a concrete number type; fills *nt. */
/* Converts x to element type et (Julia's convert); x borrowed, *out owned. */
int array_convert_elt(jc_ctx *ctx, const jc_typeobj *et, value x, value *out);
/* each of vals[0..n) converted to et in place; on failure all n are released (the
 * buffer stays the caller's) and -1 returned */
int array_convert_all(jc_ctx *ctx, const jc_typeobj *et, value *vals, int64_t n);
/* typejoin of two types (for collect/broadcast widening); returns a new reference. */

/* cat(parts...; dims=dim): parts owned by the caller (replaced in place by their array
 * forms); et forces the element type (NULL: promote). */
int array_cat(jc_ctx *ctx, int dim, value *parts, int64_t np, const jc_typeobj *et, const ast *site,
              value *out);
/* Arrays (but UniformScaling), ranges and tuples as collections: whether v is one, its
 * shape (number of dimensions, 0 for a scalar), and its element i (0-based; a scalar is
 * its own every element). */
int array_coll_is(value v);
int array_coll_shape(value v, int64_t *dims);
int array_coll_elem(jc_ctx *ctx, value v, int64_t i, value *out);
/* A range taking part in a concatenation becomes a vector (a tuple is one element);
 * *out owned. */
int array_cat_part(jc_ctx *ctx, value x, value *out);

/* ---- display ---- */
/* Julia's summary: "3-element Vector{Int64}", "2×2 Matrix{Rational}". */
void array_summary(jc_ctx *ctx, sb *out, value a);

#endif
