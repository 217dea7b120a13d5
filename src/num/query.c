/* query.c — what a number is: its type (num_typeof, the kind predicates), Julia's
 * promote_type and the names of number types, the irrational constants, and the float
 * predicates (isnan, isinf, isfinite, signbit).  Nothing here converts or raises: it
 * sits under the rest of num/ (numtype.c's conversions, print.c's digits). */
#include "num/bigjob.h"
#include "num/num.h"
#include "num/query.h"
#include "num/fixint.h"

#include <math.h>
#include <string.h>

/* ---- queries ---- */


int num_is_number(value v) { return is_real_t(v.type) || v.type == T_COMPLEX; }
int num_is_real(value v) { return is_real_t(v.type); }
int num_is_integer_type(value v) { return is_int_t(v.type); }
int num_is_float_type(value v) { return is_float_t(v.type); }

int num_typeof(value v, num_type *t)
{
    if (v.type == T_COMPLEX) {
        value re = val_complex(v)->re;
        t->t = re.type;
        t->sub = re.sub;
        t->cplx = 1;
        return 0;
    }
    if (!is_real_t(v.type))
        return -1;
    t->t = v.type;
    t->sub = (v.type == T_RATIONAL || v.type == T_IRRATIONAL) ? v.sub : 0;
    t->cplx = 0;
    return 0;
}

static int is_big_t(num_type a)
{
    return a.t == T_BIGINT || (a.t == T_RATIONAL && a.sub == T_BIGINT);
}

/* promote_type for two real types (Julia's promote_rules, see the reference §2.2). */
static num_type promote_real(num_type a, num_type b)
{
    num_type r = { 0, 0, 0 };
    if (a.t == b.t && a.sub == b.sub && a.t != T_IRRATIONAL)
        return a;
    if (a.t == T_BIGFLOAT || b.t == T_BIGFLOAT) {
        r.t = T_BIGFLOAT;
        return r;
    }
    if (b.t == T_IRRATIONAL) {
        num_type s = a; a = b; b = s;
    }
    if (a.t == T_IRRATIONAL) {
        if (b.t == T_FLOAT16 || b.t == T_FLOAT32 || b.t == T_FLOAT64)
            r.t = b.t;
        else if (is_big_t(b))
            r.t = T_BIGFLOAT;
        else
            r.t = T_FLOAT64;
        return r;
    }
    if (is_float_t(a.t) || is_float_t(b.t)) {
        if (is_float_t(a.t) && is_float_t(b.t))
            r.t = a.t > b.t ? a.t : b.t;
        else if (is_big_t(a) || is_big_t(b))
            r.t = T_BIGFLOAT;
        else
            r.t = is_float_t(a.t) ? a.t : b.t;
        return r;
    }
    if (a.t == T_RATIONAL || b.t == T_RATIONAL) {
        r.t = T_RATIONAL;
        r.sub = (is_big_t(a) || is_big_t(b)) ? T_BIGINT : T_INT64;
        return r;
    }
    /* two integer types */
    if (a.t == T_BOOL)
        return b;
    if (b.t == T_BOOL)
        return a;
    if (a.t == T_BIGINT || b.t == T_BIGINT) {
        r.t = T_BIGINT;
        return r;
    }
    /* two bit integers: the wider one; of one width, the unsigned one [base/int.jl] */
    int wa = fix_width(a.t), wb = fix_width(b.t);
    if (wa != wb)
        r.t = wa > wb ? a.t : b.t;
    else
        r.t = fix_signed(a.t) ? b.t : a.t;
    return r;
}

num_type num_promote_type(num_type a, num_type b)
{
    num_type ra = a, rb = b;
    ra.cplx = rb.cplx = 0;
    num_type r = promote_real(ra, rb);
    r.cplx = a.cplx || b.cplx;
    return r;
}

const char *num_type_basename(jc_type t)
{
    return t < T__COUNT && val_kinds[t].name ? val_kinds[t].name : "Any";
}

static void real_type_name(sb *out, num_type t)
{
    if (t.t == T_RATIONAL)
        sb_printf(out, "Rational{%s}", num_type_basename(t.sub ? t.sub : T_INT64));
    else if (t.t == T_IRRATIONAL)
        sb_printf(out, "Irrational{:%s}", num_irrational_name(t.sub));
    else
        sb_puts(out, num_type_basename(t.t));
}

void num_type_name(sb *out, num_type t)
{
    if (!t.cplx) {
        real_type_name(out, t);
        return;
    }
    /* Julia's aliases ComplexF16/32/64 are what it prints */
    if (t.t == T_FLOAT16 || t.t == T_FLOAT32 || t.t == T_FLOAT64) {
        sb_printf(out, "ComplexF%d", t.t == T_FLOAT16 ? 16 : t.t == T_FLOAT32 ? 32 : 64);
        return;
    }
    sb_puts(out, "Complex{");
    real_type_name(out, t);
    sb_putc(out, '}');
}

/* ---- irrational constants ---- */

const char *num_irrational_name(int id)
{
    static const char *const names[] = { "π", "ℯ", "γ", "φ", "catalan" };
    return id >= 0 && id <= IRR_CATALAN ? names[id] : "?";
}

/* The constant at precision p, with at most half an ulp of error beyond the rounding of
 * the last step; callers that need correct rounding work at their precision + 64 bits
 * and round once more. */
static void irr_raw(mpfr_ptr f, int id, mpfr_rnd_t rnd)
{
    switch (id) {
    case IRR_PI: num_const_pi(f, rnd); break;
    case IRR_E: num_const_e(f, rnd); break;
    case IRR_GAMMA: mpfr_const_euler(f, rnd); break;
    case IRR_CATALAN: mpfr_const_catalan(f, rnd); break;
    default: /* golden ratio (1 + √5)/2 */
        mpfr_sqrt_ui(f, 5, rnd);
        mpfr_add_ui(f, f, 1, rnd);
        mpfr_div_2ui(f, f, 1, rnd);
        break;
    }
}

/* The constants as one-argument functions (the argument unused), for bigjob_mpfr. */
static int irr_pi(mpfr_ptr f, mpfr_srcptr a, mpfr_rnd_t rnd) { (void)a; irr_raw(f, IRR_PI, rnd); return 0; }
static int irr_e(mpfr_ptr f, mpfr_srcptr a, mpfr_rnd_t rnd) { (void)a; irr_raw(f, IRR_E, rnd); return 0; }
static int irr_gamma(mpfr_ptr f, mpfr_srcptr a, mpfr_rnd_t rnd) { (void)a; irr_raw(f, IRR_GAMMA, rnd); return 0; }
static int irr_catalan(mpfr_ptr f, mpfr_srcptr a, mpfr_rnd_t rnd) { (void)a; irr_raw(f, IRR_CATALAN, rnd); return 0; }
static int irr_golden(mpfr_ptr f, mpfr_srcptr a, mpfr_rnd_t rnd)
{
    (void)a;
    mpfr_t t;
    mpfr_init2(t, mpfr_get_prec(f) + 64);
    irr_raw(t, IRR_GOLDEN, MPFR_RNDN);
    mpfr_set(f, t, rnd);
    mpfr_clear(t);
    return 0;
}

int num_irrational_mpfr(jc_ctx *ctx, mpfr_ptr f, int id)
{
    static const bigjob_mpfr_fn fns[] = {
        [IRR_PI] = irr_pi, [IRR_E] = irr_e, [IRR_GAMMA] = irr_gamma, [IRR_GOLDEN] = irr_golden,
        [IRR_CATALAN] = irr_catalan,
    };
    /* these MPFR functions round correctly; the golden ratio is rounded once more */
    return bigjob_mpfr(ctx, f, fns[id], f, ctx ? ctx->rounding : MPFR_RNDN);
}

double num_irrational_double(int id)
{
    mpfr_t t;
    mpfr_init2(t, 53 + 64);
    irr_raw(t, id, MPFR_RNDN);
    double d = mpfr_get_d(t, MPFR_RNDN);
    mpfr_clear(t);
    return d;
}

/* The constant rounded to p bits (p = 11 or 24); both constants are normal numbers. */
double num_irrational_round(int id, mpfr_prec_t p)
{
    mpfr_t t, r;
    mpfr_init2(t, 128);
    mpfr_init2(r, p);
    irr_raw(t, id, MPFR_RNDN);
    mpfr_set(r, t, MPFR_RNDN);
    double d = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clear(t);
    mpfr_clear(r);
    return d;
}

/* ---- float predicates ---- */

int num_isnan(value a)
{
    switch (a.type) {
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: return isnan(a.u.f);
    case T_BIGFLOAT: return mpfr_nan_p(val_mpfr(a)) != 0;
    case T_COMPLEX: return num_isnan(val_complex(a)->re) || num_isnan(val_complex(a)->im);
    default: return 0;
    }
}

int num_isinf(value a)
{
    switch (a.type) {
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: return isinf(a.u.f);
    case T_BIGFLOAT: return mpfr_inf_p(val_mpfr(a)) != 0;
    case T_RATIONAL: return mpz_sgn(mpq_denref(val_mpq(a))) == 0;
    case T_COMPLEX: return num_isinf(val_complex(a)->re) || num_isinf(val_complex(a)->im);
    default: return 0;
    }
}

int num_isfinite(value a)
{
    switch (a.type) {
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: return isfinite(a.u.f);
    case T_BIGFLOAT: return mpfr_number_p(val_mpfr(a)) != 0;
    case T_RATIONAL: return mpz_sgn(mpq_denref(val_mpq(a))) != 0;
    case T_COMPLEX: return num_isfinite(val_complex(a)->re) && num_isfinite(val_complex(a)->im);
    default: return 1;
    }
}

int num_signbit(value a)
{
    switch (a.type) {
    case T_BOOL: case T_INT64: case T_INT8: case T_INT16: case T_INT32: return a.u.i < 0;
    case T_BIGINT: case T_INT128: return mpz_sgn(val_mpz(a)) < 0;
    case T_RATIONAL: return mpz_sgn(mpq_numref(val_mpq(a))) < 0;
    case T_FLOAT16: case T_FLOAT32: case T_FLOAT64: return signbit(a.u.f) != 0;
    case T_BIGFLOAT: return mpfr_signbit(val_mpfr(a)) != 0;
    default: return 0;
    }
}
