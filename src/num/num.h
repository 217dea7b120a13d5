/* num.h — the number tower: Bool, Int64 (overflow-checked, continuing as BigInt), BigInt,
 * Int8..Int128 but Int64 and UInt8..UInt128 (modular, as in Julia; num/fixint.h), Rational{Int64|BigInt}, Float16/32/64, BigFloat,
 * Irrational and Complex{T}, with Julia's promotion, arithmetic and conversions.
 *
 * Values are borrowed; results go to *out, owned by the caller.  Functions return 0, or
 * -1 after jc_throw with Julia's error text.  Functions documented as able to return
 * NUM_NOMETHOD do so *without* raising anything when an argument is not a number (or a
 * number of a kind the operation does not accept): the builtin wrapper then raises the
 * MethodError with the name the user typed (lib_no_method).
 *
 * Float16/Float32 values are doubles exactly representable in the type; arithmetic is
 * done in double and rounded once (exact for + - * / sqrt, since double has more than
 * 2p+2 bits).  BigFloat results use ctx->precision and ctx->rounding. */
#ifndef JC_NUM_H
#define JC_NUM_H

#include "jc.h"

#define NUM_NOMETHOD (-2)
#define NUM_UNORDERED 2   /* num_cmp: at least one side is NaN */

/* A number's type: t is the real base (T_BOOL .. T_IRRATIONAL); sub is the element type
 * of a Rational (T_INT64 or T_BIGINT) or the constant of an Irrational (IRR_*); cplx
 * means Complex{t}. */
typedef struct num_type {
    uint8_t t, sub, cplx;
} num_type;

typedef enum num_op {
    NUM_ADD, NUM_SUB, NUM_MUL,
    NUM_DIV,    /* /  */
    NUM_LDIV,   /* \  */
    NUM_POW,    /* ^ (non-literal exponent) */
    NUM_IDIV,   /* ÷ div: truncating */
    NUM_FLD, NUM_CLD,
    NUM_REM,    /* % rem: sign of x */
    NUM_MOD,    /* mod: sign of y */
    NUM_MOD1,
    NUM_RDIV,   /* // */
    NUM_AND, NUM_OR, NUM_XOR,
    NUM_SHL, NUM_SHR, NUM_USHR,
    NUM_MIN, NUM_MAX,
    NUM__OPCOUNT
} num_op;

/* Rounding modes, the payload of T_ROUNDMODE values. */
enum {
    RM_NEAREST, RM_TOZERO, RM_UP, RM_DOWN, RM_FROMZERO, RM_NEARESTTIESAWAY, RM_NEARESTTIESUP,
    RM__COUNT
};
extern const char *const num_roundmode_names[RM__COUNT];   /* "Nearest", "ToZero" ... */

/* ---- type queries ---- */
int num_is_number(value v);          /* any type of the tower, Complex included */
int num_is_real(value v);            /* a number that is not Complex */
int num_is_integer_type(value v);    /* Bool, Int64, BigInt, UInt* */
int num_is_float_type(value v);      /* Float16/32/64, BigFloat */
/* Fills *t and returns 0, or returns -1 when v is not a number. */
int num_typeof(value v, num_type *t);
/* Julia's promote_type for two number types. */
num_type num_promote_type(num_type a, num_type b);
/* The type's name as Julia prints it ("Rational{Int64}", "ComplexF64"). */
const char *num_type_basename(jc_type t);   /* "Int64", "BigFloat", "Rational", ... */
void num_type_name(sb *out, num_type t);

/* ---- conversion ---- */
/* Converts x to exactly the type t (Julia's convert): integers refuse inexact values
 * with InexactError, floats round to nearest, BigFloat uses ctx's precision.  Returns
 * NUM_NOMETHOD when x is not a number. */
int num_convert_to(jc_ctx *ctx, value *out, num_type t, value x);
/* Converts both to their promoted type. */
int num_promote(jc_ctx *ctx, value *a2, value *b2, value a, value b);
/* Float64(x) for any real x, rounded to nearest (InexactError never; NaN for NaN). */
int num_to_double(jc_ctx *ctx, value x, double *d);
/* Sets f (initialized by the caller, at its own precision) to x rounded with ctx's
 * rounding mode; x real. */
int num_to_mpfr(jc_ctx *ctx, mpfr_ptr f, value x);
/* x as an exact integer; raises InexactError for non-integers. */
int num_to_mpz(jc_ctx *ctx, mpz_ptr z, value x);
/* x as an Int64 (InexactError when it does not fit or is not integral). */
int num_to_int64(jc_ctx *ctx, value x, int64_t *i);
/* A Float16/Float32/Float64 value from d, rounded once to the type. */
value num_from_double_typed(jc_type t, double d);
/* Rounds d to the nearest binary16/binary32 value (ties to even), as a double. */
double num_round_f16(double d);
double num_round_f32(double d);
/* A new BigFloat at ctx's precision, holding NaN; fill with mpfr_* (ctx->rounding). */
value num_bigfloat(jc_ctx *ctx);
/* num//den normalized as Julia does (sign on the numerator, reduced, ±1//0 for a zero
 * denominator; 0//0 is an ArgumentError).  elem is the wanted element type; T_INT64
 * becomes T_BIGINT when a part does not fit. */
int num_rational(jc_ctx *ctx, value *out, mpz_srcptr num, mpz_srcptr den, jc_type elem);

/* ---- arithmetic ---- */
/* a op b with Julia's promotion and results; may return NUM_NOMETHOD. */
int num_binop(jc_ctx *ctx, value *out, num_op op, value a, value b);
int num_neg(jc_ctx *ctx, value *out, value a);     /* -x (NUM_NOMETHOD possible) */
int num_bitnot(jc_ctx *ctx, value *out, value a);  /* ~x */
int num_abs(jc_ctx *ctx, value *out, value a);
int num_abs2(jc_ctx *ctx, value *out, value a);
int num_sign(jc_ctx *ctx, value *out, value a);
int num_inv(jc_ctx *ctx, value *out, value a);
/* x^p for a literal integer exponent p, as Julia's literal_pow: x^-1 is inv(x), other
 * negative p on an integer base computes Float64(x)^p. */
int num_literal_pow(jc_ctx *ctx, value *out, value base, int64_t p);

/* ---- comparison ---- */
/* Numeric order of two reals, exact across types (2^53+1 != 2.0^53): -1, 0, 1, or
 * NUM_UNORDERED when either is NaN.  NUM_NOMETHOD for non-reals. */
int num_cmp(jc_ctx *ctx, value a, value b, int *res);
/* a == b (Complex allowed); NaN is unequal to everything. */
int num_equal(jc_ctx *ctx, value a, value b, int *res);
/* Julia's isequal: like == but NaN isequal NaN and -0.0 is not 0.0. */
int num_isequal(jc_ctx *ctx, value a, value b, int *res);
/* === for numbers: same type and same bits; BigInt/BigFloat are compared by object
 * identity, as Julia's mutable BigInt/BigFloat are. */
int num_identical(value a, value b);
/* isapprox with rtol/atol given (NULL for Julia's defaults); *res 0/1. */
int num_isapprox(jc_ctx *ctx, value a, value b, const value *rtol, const value *atol,
                 int nans, int *res);

/* ---- predicates on a number (NUM_NOMETHOD when not one) ---- */
int num_iszero(jc_ctx *ctx, value a, int *res);
int num_isone(jc_ctx *ctx, value a, int *res);
int num_isinteger(jc_ctx *ctx, value a, int *res);
int num_isnan(value a);
int num_isinf(value a);
int num_isfinite(value a);
int num_signbit(value a);

/* ---- errors with Julia's texts ---- */
/* "DomainError with <print(x)>:\n<msg>" (msg NULL: "DomainError with <x>"). */
int num_domain_error(jc_ctx *ctx, value x, const char *msg);
/* "InexactError: <fname>(<T>, <x>)" or, with T NULL, "InexactError: <fname>(<x>)". */
int num_inexact_error(jc_ctx *ctx, const char *fname, const char *tname, value x);
int num_divide_error(jc_ctx *ctx);
/* Refuses a result that would need `bits` bits when above ctx->max_bits. */
int num_check_bits(jc_ctx *ctx, double bits);

/* ---- constants ---- */
const char *num_irrational_name(int id);   /* "π", "ℯ", "γ", "φ", "catalan" */
/* Sets f to the constant rounded with ctx's rounding at f's precision. */
/* f = the constant at f's precision, correctly rounded; -1 only when a huge precision's
 * computation in a child was interrupted (ctx NULL: always in-process, 0). */
int num_irrational_mpfr(jc_ctx *ctx, mpfr_ptr f, int id);
/* The constant rounded to Float64 (correctly rounded). */
double num_irrational_double(int id);
/* π, ℯ, log 2 and ζ(3) correctly rounded to f's precision with rnd (constants.c: series
 * by binary splitting at high precision, MPFR below); the value is MPFR's ternary. */
int num_const_pi(mpfr_ptr f, mpfr_rnd_t rnd);
int num_const_e(mpfr_ptr f, mpfr_rnd_t rnd);
int num_const_log2(mpfr_ptr f, mpfr_rnd_t rnd);
int num_const_zeta3(mpfr_ptr f, mpfr_rnd_t rnd);
/* mpfr_exp, mpfr_log and mpfr_zeta, but exp(1), log(2) and ζ(3) from the three above. */
int num_exp_mpfr(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);
int num_log_mpfr(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);
int num_zeta_mpfr(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);
/* For tests: constant `which` (NUM_CONST_E …) by its series at any precision, without
 * the cache, first tried at guard bits beyond f's precision (a small guard exercises the
 * retry). */
enum { NUM_CONST_E, NUM_CONST_LOG2, NUM_CONST_ZETA3, NUM_CONST_PI };
int num_const_series(int which, mpfr_ptr f, mpfr_rnd_t rnd, long guard);
/* The release of the constants' per-thread caches, π's and the others' (jc_free, with
 * MPFR's). */
void num_free_const_cache(void);
static inline value v_irrational(int id) { value v = { T_IRRATIONAL, (uint8_t)id, { .i = 0 } }; return v; }

/* ---- type values ---- */
/* A T_TYPE value describing number type t. */
value num_type_value(num_type t);
/* A T_TYPE value for a non-number base type (String, Char, Nothing ...). */
value num_type_value_base(jc_type base);
/* typeof(v) as a T_TYPE value (tuples give Tuple{...}). */
value num_typeof_value(value v);
/* Calls a type as a constructor: Int64(3.0), Float32(1), Rational{BigInt}(2),
 * BigFloat("0.1").  Raises Julia's InexactError / MethodError texts. */
int num_convert(jc_ctx *ctx, value *out, const jc_typeobj *t, value x);
/* A type called with n arguments: num_convert for one, Rational(a, b), Complex(a, b). */
int num_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, int n, const value *args);
/* Parses a decimal/hex float string as BigFloat, correctly rounded at ctx precision;
 * ArgumentError for bad text. */
int num_parse_bigfloat(jc_ctx *ctx, value *out, const char *s);

/* Appends x as Julia's print does (used by error texts): shorthand for show_value. */
void num_print(jc_ctx *ctx, sb *out, value x);

#endif
