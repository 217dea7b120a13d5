/* angles.c — trigonometry whose argument reduction is exact in another unit of angle:
 * multiples of π (sinpi, cospi, tanpi, sincospi, cispi, sinc, cosc), degrees (sind ...
 * acotd, deg2rad, rad2deg), and remainders after 2π (rem2pi, mod2pi).
 *
 * Types follow Julia's `float` (see floatkind.h).  Float64, Float32 and Float16 sinpi/
 * cospi/tanpi come from the math core's correctly rounded kernels; integers and rationals
 * reduce exactly first.  Degrees use MPFR's sinu/cosu with u = 360 (exact reduction,
 * correctly rounded); BigFloat is MPFR at the context's precision and rounding; Complex
 * arguments follow Julia's definitions (sind(z) = sin(deg2rad(z)) ...) so that they
 * round as Julia's do.  Inverse degree functions are elementary.c's, converted. */
#include <math.h>
#include <mpc.h>

#include "eval.h"
#include "mathcore/mathcore.h"
#include "num/num.h"
#include "lib/lib.h"
#include "lib/floatkind.h"
#include "lib/elementary.h"

/* ---- multiples of π: sinpi, cospi, tanpi, sincospi ---- */

enum { PI_SIN, PI_COS, PI_TAN };
static const fk_mpfr_fn pi_mpfr[] = { mpfr_sinpi, mpfr_cospi, mpfr_tanpi };

static double pi_kernel(int w, int k, double x)
{
    if (k == FK_F64)
        return w == PI_SIN ? mc_sinpi(x) : w == PI_COS ? mc_cospi(x) : mc_tanpi(x);
    if (k == FK_F32) {
        float f = (float)x;
        return w == PI_SIN ? mc_sinpif(f) : w == PI_COS ? mc_cospif(f) : mc_tanpif(f);
    }
    uint16_t h = mc_double_to_half(x);
    return mc_half_to_double(w == PI_SIN ? mc_sinpih(h) : w == PI_COS ? mc_cospih(h) : mc_tanpih(h));
}

static value pi_const(jc_ctx *ctx, int k, double d)
{
    if (k != FK_BIG)
        return fk_value(k, d);
    value v = num_bigfloat(ctx);
    mpfr_set_d(val_mpfr(v), d, MPFR_RNDN);
    return v;
}

/* sinpi/cospi/tanpi of an integer: exact (Julia's Integer methods, float(x)'s type). */
static value pi_integer(jc_ctx *ctx, int w, int k, int neg, int odd)
{
    double d;
    if (w == PI_SIN)
        d = neg ? -0.0 : 0.0;
    else if (w == PI_COS)
        d = odd ? -1.0 : 1.0;
    else
        d = (neg ? -1 : 1) * (odd ? -0.0 : 0.0);
    return pi_const(ctx, k, d);
}

/* sinpi/cospi/tanpi of a rational p/q, reduced exactly to s·(|p| mod 2q)/q in (-2, 2).
 * When that is a double the math core answers; otherwise MPFR on the fraction rounded
 * to 64 bits more than the result (the fraction is not an integer or half-integer, so
 * the function is far from its zeros and poles in relative terms). */
static value pi_rational(jc_ctx *ctx, int w, int k, mpq_srcptr q)
{
    mpz_t r, q2;
    mpz_inits(r, q2, (mpz_ptr)0);
    mpz_mul_2exp(q2, mpq_denref(q), 1);
    mpz_abs(r, mpq_numref(q));
    mpz_mod(r, r, q2);
    if (mpq_sgn(q) < 0)
        mpz_neg(r, r);
    mpq_t y;
    mpq_init(y);
    mpq_set_num(y, r);
    mpq_set_den(y, mpq_denref(q));
    mpq_canonicalize(y);
    int neg = mpq_sgn(q) < 0;
    value v;
    mpz_srcptr den = mpq_denref(y);
    if (k != FK_BIG && mpz_popcount(den) == 1 && mpz_sizeinbase(mpq_numref(y), 2) <= 53) {
        double d = mpq_get_d(y);
        if (d == 0 && neg)
            d = -0.0;
        v = fk_value(k, pi_kernel(w, FK_F64, d));
    } else {
        mpfr_prec_t p = fk_prec(ctx, k);
        mpfr_t t, res;
        mpfr_init2(t, p + 64);
        mpfr_init2(res, p);
        mpfr_set_q(t, y, MPFR_RNDN);
        if (mpfr_zero_p(t) && neg)
            mpfr_neg(t, t, MPFR_RNDN);
        pi_mpfr[w](res, t, k == FK_BIG ? fk_rnd(ctx) : MPFR_RNDN);
        v = fk_from_mpfr(ctx, res, k);
        mpfr_clears(t, res, (mpfr_ptr)0);
    }
    mpq_clear(y);
    mpz_clears(r, q2, (mpz_ptr)0);
    return v;
}

static int pi_real(jc_ctx *ctx, int w, value x, value *out)
{
    int k = fk_final(fk_of_real(x));
    if (num_is_integer_type(x)) {
        mpz_t z;
        mpz_init(z);
        num_to_mpz(ctx, z, x);
        *out = pi_integer(ctx, w, k, mpz_sgn(z) < 0, mpz_odd_p(z));
        mpz_clear(z);
        return 0;
    }
    if (x.type == T_RATIONAL && mpz_sgn(mpq_denref(val_mpq(x))) == 0) {
        /* ±1//0: Julia's sinpi(x::Real) = sinpi(float(x)), so ±Inf's DomainError */
        value f = fk_as_float(ctx, x, k);
        int r = pi_real(ctx, w, f, out);
        val_release(f);
        return r;
    }
    if (x.type == T_RATIONAL) {
        *out = pi_rational(ctx, w, k, val_mpq(x));
        return 0;
    }
    if (k == FK_BIG) {
        mpfr_srcptr m = val_mpfr(x);
        if (mpfr_inf_p(m))
            return num_domain_error(ctx, x, "`x` cannot be infinite.");
        value r = num_bigfloat(ctx);
        pi_mpfr[w](val_mpfr(r), m, fk_rnd(ctx));
        *out = r;
        return 0;
    }
    double d;
    fk_real_d(ctx, x, k, &d);
    if (isinf(d))
        return num_domain_error(ctx, fk_value(k, d), "`x` cannot be infinite.");
    *out = fk_value(k, pi_kernel(w, k, d));
    return 0;
}

/* sinpi(x+iy) = sinpi(x)cosh(πy) + i cospi(x)sinh(πy);
 * cospi(x+iy) = cospi(x)cosh(πy) - i sinpi(x)sinh(πy), in MPFR at 32 extra bits. */
static void pi_complex_mpc(jc_ctx *ctx, int w, mpc_ptr res, mpc_srcptr z)
{
    mpfr_prec_t p = mpc_get_prec(res) + 32;
    mpfr_t s, c, sh, ch, t;
    mpfr_inits2(p, s, c, sh, ch, t, (mpfr_ptr)0);
    mpfr_sinpi(s, mpc_realref(z), MPFR_RNDN);
    mpfr_cospi(c, mpc_realref(z), MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_mul(t, t, mpc_imagref(z), MPFR_RNDN);
    mpfr_sinh_cosh(sh, ch, t, MPFR_RNDN);
    if (w == PI_SIN) {
        mpfr_mul(s, s, ch, MPFR_RNDN);
        mpfr_mul(c, c, sh, MPFR_RNDN);
        mpc_set_fr_fr(res, s, c, MPC_RNDNN);
    } else {
        mpfr_mul(c, c, ch, MPFR_RNDN);
        mpfr_mul(s, s, sh, MPFR_RNDN);
        mpfr_neg(s, s, MPFR_RNDN);
        mpc_set_fr_fr(res, c, s, MPC_RNDNN);
    }
    mpfr_clears(s, c, sh, ch, t, (mpfr_ptr)0);
    (void)ctx;
}

static int pi_complex(jc_ctx *ctx, int w, value x, value *out)
{
    int k = fk_final(fk_of(x));
    mpfr_prec_t p = fk_prec(ctx, k);
    mpc_t z, r;
    mpc_init2(z, 53);
    mpc_init2(r, p);
    fk_load_complex(ctx, z, x, k);
    if (w == PI_TAN) {
        /* tanpi(z) = sinpi(z)/cospi(z), as Julia defines it */
        mpc_t s, c;
        mpc_init2(s, p + 32);
        mpc_init2(c, p + 32);
        pi_complex_mpc(ctx, PI_SIN, s, z);
        pi_complex_mpc(ctx, PI_COS, c, z);
        mpc_div(r, s, c, fk_crnd(ctx, k));
        mpc_clear(s);
        mpc_clear(c);
    } else {
        mpc_t t;
        mpc_init2(t, p + 32);
        pi_complex_mpc(ctx, w, t, z);
        mpc_set(r, t, fk_crnd(ctx, k));
        mpc_clear(t);
    }
    *out = fk_from_mpc(ctx, r, k);
    mpc_clear(z);
    mpc_clear(r);
    return 0;
}

static int pi_any(jc_ctx *ctx, int w, value x, value *out)
{
    if (x.type == T_COMPLEX)
        return pi_complex(ctx, w, x, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    return pi_real(ctx, w, x, out);
}

static int bi_sinpi(jc_ctx *ctx, value *out, const jc_args *a) { return pi_any(ctx, PI_SIN, a->v[0], out); }
static int bi_cospi(jc_ctx *ctx, value *out, const jc_args *a) { return pi_any(ctx, PI_COS, a->v[0], out); }
static int bi_tanpi(jc_ctx *ctx, value *out, const jc_args *a) { return pi_any(ctx, PI_TAN, a->v[0], out); }

static int bi_sincospi(jc_ctx *ctx, value *out, const jc_args *a)
{
    value s, c;
    int r = pi_any(ctx, PI_SIN, a->v[0], &s);
    if (r != 0)
        return r;
    if ((r = pi_any(ctx, PI_COS, a->v[0], &c)) != 0) {
        val_release(s);
        return r;
    }
    *out = fk_pair(s, c);
    return 0;
}


/* ---- degrees ---- */

/* sind/cosd: MPFR's sinu/cosu with u = 360 give the correctly rounded value with exact
 * reduction; the zeros take Julia's signs (sind: the sign of x; cosd: +0.0). */
enum { DEG_SIN, DEG_COS, DEG_TAN };

static int deg_mpfr(jc_ctx *ctx, int w, mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    (void)ctx;
    if (w == DEG_SIN) {
        mpfr_sinu(r, x, 360, rnd);
        if (mpfr_zero_p(r))
            mpfr_setsign(r, r, mpfr_signbit(x), MPFR_RNDN);
    } else if (w == DEG_COS) {
        mpfr_cosu(r, x, 360, rnd);
        if (mpfr_zero_p(r))
            mpfr_abs(r, r, MPFR_RNDN);
    } else {
        /* tand(x) = sind(x)/cosd(x), Julia's definition: tand(90) = Inf, tand(180) = -0.0 */
        mpfr_t s, c;
        mpfr_inits2(mpfr_get_prec(r), s, c, (mpfr_ptr)0);
        deg_mpfr(ctx, DEG_SIN, s, x, rnd);
        deg_mpfr(ctx, DEG_COS, c, x, rnd);
        mpfr_div(r, s, c, rnd);
        mpfr_clears(s, c, (mpfr_ptr)0);
    }
    return 0;
}

static int deg_real(jc_ctx *ctx, int w, value x, value *out)
{
    int k = fk_final(fk_of_real(x));
    value xv = fk_as_float(ctx, x, k);
    if (num_isinf(xv))
        return fk_domain_error(ctx, xv, "`x` cannot be infinite.");
    if (k == FK_BIG) {
        value r = num_bigfloat(ctx);
        deg_mpfr(ctx, w, val_mpfr(r), val_mpfr(xv), fk_rnd(ctx));
        val_release(xv);
        *out = r;
        return 0;
    }
    /* Float16 goes through Float32, as Julia's does */
    int kk = k == FK_F16 ? FK_F32 : k;
    mpfr_t m, r;
    mpfr_init2(m, 53);
    mpfr_init2(r, fk_prec(ctx, kk));
    mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    double d;
    if (w == DEG_TAN) {
        deg_mpfr(ctx, DEG_SIN, r, m, MPFR_RNDN);
        double s = mpfr_get_d(r, MPFR_RNDN);
        deg_mpfr(ctx, DEG_COS, r, m, MPFR_RNDN);
        d = fk_round(kk, s / mpfr_get_d(r, MPFR_RNDN));
    } else {
        deg_mpfr(ctx, w, r, m, MPFR_RNDN);
        d = mpfr_get_d(r, MPFR_RNDN);
    }
    mpfr_clears(m, r, (mpfr_ptr)0);
    *out = fk_value(k, d);
    return 0;
}

/* Complex arguments: Julia defines sind(z) = sin(deg2rad(z)) with deg2rad(z::Number) =
 * (z/180)*π (not z*(π/180) as for reals), cscd(z) = inv(sind(z)), and asind(z) =
 * rad2deg(asin(z)) with rad2deg(z::Number) = (z/π)*180; the same order of operations
 * gives the same roundings. */
/* (x / d) * m or (x / π) * m, as Julia's deg2rad/rad2deg for a non-real number. */
static int angle_number(jc_ctx *ctx, value x, int to_deg, value *out)
{
    value pi, t;
    if (eval_get_global(ctx, "π", &pi) < 0)
        return -1;
    int r = num_binop(ctx, &t, NUM_DIV, x, to_deg ? pi : v_int(180));
    if (r >= 0) {
        r = num_binop(ctx, out, NUM_MUL, t, to_deg ? v_int(180) : pi);
        val_release(t);
    }
    val_release(pi);
    return r < 0 ? -1 : 0;
}

static int deg_complex(jc_ctx *ctx, const char *f, int inv, value x, value *out)
{
    value w, r;
    if (angle_number(ctx, x, 0, &w) < 0)
        return -1;
    int res = eval_call_global(ctx, f, 1, &w, NULL, &r);
    val_release(w);
    if (res < 0 || !inv) {
        if (res == 0)
            *out = r;
        return res;
    }
    res = num_inv(ctx, out, r) < 0 ? -1 : 0;
    val_release(r);
    return res;
}

static int inverse_deg_complex(jc_ctx *ctx, const elem_fn *f, value x, value *out)
{
    value r;
    int res0 = elem_unary(ctx, &r, x, f);
    if (res0 != 0)
        return res0;
    int res = angle_number(ctx, r, 1, out);
    val_release(r);
    return res;
}

static int deg_any(jc_ctx *ctx, int w, int inv, value x, value *out)
{
    static const char *const rad[] = { [DEG_SIN] = "sin", [DEG_COS] = "cos", [DEG_TAN] = "tan" };
    if (x.type == T_COMPLEX)
        return deg_complex(ctx, rad[w], inv, x, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    value r;
    int res = deg_real(ctx, w, x, &r);
    if (res != 0)
        return res;
    if (!inv) {
        *out = r;
        return 0;
    }
    res = num_inv(ctx, out, r);
    val_release(r);
    return res;
}

static int bi_sind(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_SIN, 0, a->v[0], out); }
static int bi_cosd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_COS, 0, a->v[0], out); }
static int bi_tand(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_TAN, 0, a->v[0], out); }
static int bi_cscd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_SIN, 1, a->v[0], out); }
static int bi_secd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_COS, 1, a->v[0], out); }
static int bi_cotd(jc_ctx *ctx, value *out, const jc_args *a) { return deg_any(ctx, DEG_TAN, 1, a->v[0], out); }

/* rad2deg(x) = x * (180/π) and deg2rad(x) = x * (π/180), the constant rounded to x's
 * float type first, as Julia does (deg2rad(90) == 1.5707963267948966). */
static int angle_convert(jc_ctx *ctx, value *out, value x, int to_deg)
{
    if (x.type == T_COMPLEX)
        return angle_number(ctx, x, to_deg, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fk_final(fk_of_real(x));
    if (k == FK_BIG) {
        value xv = fk_as_float(ctx, x, FK_BIG);
        mpfr_t c;
        mpfr_init2(c, ctx->precision);
        mpfr_const_pi(c, fk_rnd(ctx));
        if (to_deg)
            mpfr_ui_div(c, 180, c, fk_rnd(ctx));
        else
            mpfr_div_ui(c, c, 180, fk_rnd(ctx));
        value r = num_bigfloat(ctx);
        mpfr_mul(val_mpfr(r), val_mpfr(xv), c, fk_rnd(ctx));
        mpfr_clear(c);
        val_release(xv);
        *out = r;
        return 0;
    }
    double d, p = fk_round(k, M_PI);
    fk_real_d(ctx, x, k, &d);
    double c = to_deg ? fk_round(k, 180.0 / p) : fk_round(k, p / 180.0);
    *out = fk_value(k, d * c);
    return 0;
}

static int bi_rad2deg(jc_ctx *ctx, value *out, const jc_args *a) { return angle_convert(ctx, out, a->v[0], 1); }
static int bi_deg2rad(jc_ctx *ctx, value *out, const jc_args *a) { return angle_convert(ctx, out, a->v[0], 0); }

/* asind(x) = rad2deg(asin(x)) and friends, Julia's definitions. */
static int inverse_deg(jc_ctx *ctx, value *out, value x, const elem_fn *f)
{
    if (x.type == T_COMPLEX)
        return inverse_deg_complex(ctx, f, x, out);
    if (!num_is_real(x))
        return LIB_DECLINE;
    value r;
    int res = elem_unary(ctx, &r, x, f);
    if (res != 0)
        return res;
    res = angle_convert(ctx, out, r, 1);
    val_release(r);
    return res;
}

static int bi_asind(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &elem_asin); }
static int bi_acosd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &elem_acos); }
static int bi_asecd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &elem_asec); }
static int bi_acscd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &elem_acsc); }
static int bi_acotd(jc_ctx *ctx, value *out, const jc_args *a) { return inverse_deg(ctx, out, a->v[0], &elem_acot); }

static int bi_atand(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n == 2) {
        value v[2] = { a->v[0], a->v[1] };
        if (!fk_all_real(2, v))
            return LIB_DECLINE;
        value r;
        int res = elem_atan2(ctx, &r, v[0], v[1], 0);
        if (res != 0)
            return res;
        res = angle_convert(ctx, out, r, 1);
        val_release(r);
        return res;
    }
    return inverse_deg(ctx, out, a->v[0], &elem_atan);
}


/* ---- rem2pi and mod2pi ---- */

/* x - 2πk with k = round(x/(2π), mode), computed with enough bits of π that the result
 * is correctly rounded: x/(2π) is never an integer or half-integer, and 64 guard bits
 * beyond x's exponent put the quotient far enough from the rounding boundary. */
static void rem2pi_mpfr(mpfr_ptr res, mpfr_srcptr x, mpfr_rnd_t mode, mpfr_rnd_t rnd)
{
    mpfr_exp_t e = mpfr_get_exp(x);
    mpfr_prec_t p = mpfr_get_prec(res) + 64 + (e > 0 ? e : 0) + mpfr_get_prec(x);
    mpfr_t twopi, q;
    mpfr_inits2(p, twopi, q, (mpfr_ptr)0);
    mpfr_const_pi(twopi, MPFR_RNDN);
    mpfr_mul_2ui(twopi, twopi, 1, MPFR_RNDN);
    mpfr_div(q, x, twopi, MPFR_RNDN);
    mpfr_rint(q, q, mode);
    mpfr_mul(q, q, twopi, MPFR_RNDN);
    mpfr_sub(q, x, q, MPFR_RNDN);
    mpfr_set(res, q, rnd);
    mpfr_clears(twopi, q, (mpfr_ptr)0);
}

static int rem2pi_common(jc_ctx *ctx, value *out, value x, int rm)
{
    static const mpfr_rnd_t modes[RM__COUNT] = {
        [RM_NEAREST] = MPFR_RNDN, [RM_TOZERO] = MPFR_RNDZ, [RM_UP] = MPFR_RNDU, [RM_DOWN] = MPFR_RNDD,
    };
    if (!num_is_real(x) || !(rm == RM_NEAREST || rm == RM_TOZERO || rm == RM_UP || rm == RM_DOWN))
        return LIB_DECLINE;
    int k = fk_final(fk_of_real(x));
    value xv = fk_as_float(ctx, x, k);
    if (!num_isfinite(xv)) {
        val_release(xv);
        *out = k == FK_BIG ? num_bigfloat(ctx) : fk_value(k, NAN);
        return 0;
    }
    mpfr_t m, r;
    mpfr_init2(m, 53);
    mpfr_init2(r, k == FK_BIG ? ctx->precision : 53);
    if (k == FK_BIG)
        fk_real_mpfr(ctx, m, xv);
    else
        mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    if (mpfr_zero_p(m))
        mpfr_set(r, m, MPFR_RNDN);
    else
        rem2pi_mpfr(r, m, modes[rm], k == FK_BIG ? fk_rnd(ctx) : MPFR_RNDN);
    *out = fk_from_mpfr(ctx, r, k);
    mpfr_clears(m, r, (mpfr_ptr)0);
    val_release(xv);
    return 0;
}

static int bi_rem2pi(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[1].type != T_ROUNDMODE)
        return LIB_DECLINE;
    return rem2pi_common(ctx, out, a->v[0], (int)a->v[1].u.i);
}

static int bi_mod2pi(jc_ctx *ctx, value *out, const jc_args *a) { return rem2pi_common(ctx, out, a->v[0], RM_DOWN); }

/* ---- sinc, cosc, cispi ---- */

/* sinc(x) = sinpi(x)/(πx), 1 at 0; cosc(x) = cospi(x)/x - sinpi(x)/(πx²), its
 * derivative, 0 at 0.  Both take MPFR at 32 extra bits for every kind (the quotient
 * and the difference would lose bits in plain double near 0). */
static int sinc_common(jc_ctx *ctx, value *out, value x, int cosc)
{
    if (!num_is_real(x))
        return LIB_DECLINE;
    int k = fk_final(fk_of_real(x));
    value xv = fk_as_float(ctx, x, k);
    mpfr_prec_t p = fk_prec(ctx, k) + 32;
    mpfr_t m, s, c, t, r;
    mpfr_init2(m, k == FK_BIG ? ctx->precision : 53);
    mpfr_inits2(p, s, c, t, (mpfr_ptr)0);
    mpfr_init2(r, fk_prec(ctx, k));
    if (k == FK_BIG)
        fk_real_mpfr(ctx, m, xv);
    else
        mpfr_set_d(m, xv.u.f, MPFR_RNDN);
    mpfr_rnd_t rnd = k == FK_BIG ? fk_rnd(ctx) : MPFR_RNDN;
    if (mpfr_zero_p(m) || mpfr_inf_p(m)) {
        mpfr_set_ui(r, !cosc && mpfr_zero_p(m), MPFR_RNDN);
    } else if (mpfr_nan_p(m)) {
        mpfr_set_nan(r);
    } else {
        mpfr_const_pi(t, MPFR_RNDN);
        mpfr_mul(t, t, m, MPFR_RNDN);           /* πx */
        mpfr_sinpi(s, m, MPFR_RNDN);
        if (!cosc) {
            mpfr_div(r, s, t, rnd);
        } else {
            mpfr_cospi(c, m, MPFR_RNDN);
            mpfr_mul(c, c, t, MPFR_RNDN);       /* πx·cospi(x) - sinpi(x), over πx² */
            mpfr_sub(c, c, s, MPFR_RNDN);
            mpfr_mul(t, t, m, MPFR_RNDN);
            mpfr_div(r, c, t, rnd);
        }
    }
    *out = fk_from_mpfr(ctx, r, k);
    mpfr_clears(m, s, c, t, r, (mpfr_ptr)0);
    val_release(xv);
    return 0;
}

static int bi_sinc(jc_ctx *ctx, value *out, const jc_args *a) { return sinc_common(ctx, out, a->v[0], 0); }
static int bi_cosc(jc_ctx *ctx, value *out, const jc_args *a) { return sinc_common(ctx, out, a->v[0], 1); }

static int bi_cispi(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_COMPLEX) {
        /* cispi(z) = exp(iπz) = cospi(z) + i sinpi(z) */
        int k = fk_final(fk_of(x));
        mpfr_prec_t p = fk_prec(ctx, k);
        mpc_t z, s, c, r;
        mpc_init2(z, 53);
        mpc_init2(s, p + 32);
        mpc_init2(c, p + 32);
        mpc_init2(r, p);
        fk_load_complex(ctx, z, x, k);
        pi_complex_mpc(ctx, PI_SIN, s, z);
        pi_complex_mpc(ctx, PI_COS, c, z);
        mpc_mul_i(s, s, 1, MPC_RNDNN);
        mpc_add(r, c, s, fk_crnd(ctx, k));
        *out = fk_from_mpc(ctx, r, k);
        mpc_clear(z);
        mpc_clear(s);
        mpc_clear(c);
        mpc_clear(r);
        return 0;
    }
    value c, s;
    int r = pi_any(ctx, PI_COS, x, &c);
    if (r != 0)
        return r;
    if ((r = pi_any(ctx, PI_SIN, x, &s)) != 0) {
        val_release(c);
        return r;
    }
    *out = v_complex(c, s);
    return 0;
}

/* ---- the table ---- */

const builtin lib_angles[] = {
    /* degrees */
    { "sind", 1, 1, bi_sind, LIB_HELP("sind(x)", "Compute sine of x, where x is in degrees. The reduction is exact:\n  sind(180) === 0.0, sind(-180) === -0.0, sind(30) == 0.5. Throws a DomainError\n  for infinite x."), NULL },
    { "cosd", 1, 1, bi_cosd, LIB_HELP("cosd(x)", "Compute cosine of x, where x is in degrees. The reduction is exact:\n  cosd(90) === 0.0, cosd(60) == 0.5."), NULL },
    { "tand", 1, 1, bi_tand, LIB_HELP("tand(x)", "Compute tangent of x, where x is in degrees, as sind(x)/cosd(x):\n  tand(45) == 1.0, tand(90) == Inf, tand(180) === -0.0."), NULL },
    { "secd", 1, 1, bi_secd, LIB_HELP("secd(x)", "Compute the secant of x, where x is in degrees."), NULL },
    { "cscd", 1, 1, bi_cscd, LIB_HELP("cscd(x)", "Compute the cosecant of x, where x is in degrees."), NULL },
    { "cotd", 1, 1, bi_cotd, LIB_HELP("cotd(x)", "Compute the cotangent of x, where x is in degrees."), NULL },
    { "asind", 1, 1, bi_asind, LIB_HELP("asind(x)", "Compute the inverse sine of x, where the output is in degrees.\n\n  jcalc> asind(1)\n  90.0"), NULL },
    { "acosd", 1, 1, bi_acosd, LIB_HELP("acosd(x)", "Compute the inverse cosine of x, where the output is in degrees."), NULL },
    { "atand", 1, 2, bi_atand, LIB_HELP("atand(y)\n  atand(y, x)", "Compute the inverse tangent of y or y/x, respectively, where the output\n  is in degrees."), NULL },
    { "asecd", 1, 1, bi_asecd, LIB_HELP("asecd(x)", "Compute the inverse secant of x, where the output is in degrees."), NULL },
    { "acscd", 1, 1, bi_acscd, LIB_HELP("acscd(x)", "Compute the inverse cosecant of x, where the output is in degrees."), NULL },
    { "acotd", 1, 1, bi_acotd, LIB_HELP("acotd(x)", "Compute the inverse cotangent of x, where the output is in degrees."), NULL },
    { "deg2rad", 1, 1, bi_deg2rad, LIB_HELP("deg2rad(x)", "Convert x from degrees to radians.\n\n  jcalc> deg2rad(90)\n  1.5707963267948966"), NULL },
    { "rad2deg", 1, 1, bi_rad2deg, LIB_HELP("rad2deg(x)", "Convert x from radians to degrees.\n\n  jcalc> rad2deg(pi)\n  180.0"), NULL },
    /* multiples of π */
    { "sinpi", 1, 1, bi_sinpi, LIB_HELP("sinpi(x)", "Compute sin(πx) more accurately than sin(pi*x), especially for large x.\n  Float64, Float32 and Float16 results are correctly rounded (exact argument\n  reduction); integers give ±0.0 and rationals reduce exactly. Throws a DomainError\n  for infinite x.\n\n  See also sind, cospi, sincospi."), NULL },
    { "cospi", 1, 1, bi_cospi, LIB_HELP("cospi(x)", "Compute cos(πx) more accurately than cos(pi*x), especially for large x.\n  Correctly rounded for Float64, Float32 and Float16."), NULL },
    { "tanpi", 1, 1, bi_tanpi, LIB_HELP("tanpi(x)", "Compute tan(πx) more accurately than tan(pi*x), especially for large x.\n  Correctly rounded for Float64, Float32 and Float16: tanpi(0.25) is exactly 1.0\n  (Julia 1.10 prints 0.9999999999999999). tanpi(1) === -0.0, tanpi(0.5) == Inf;\n  rationals reduce exactly (tanpi(1//4) == 1.0); complex z gives sinpi(z)/cospi(z).\n\n  See also tand, sinpi, cospi."), NULL },
    { "sincospi", 1, 1, bi_sincospi, LIB_HELP("sincospi(x)", "Simultaneously compute sinpi(x) and cospi(x) (the sine and cosine of π*x),\n  returning a tuple (sine, cosine).\n\n  jcalc> sincospi(1)\n  (0.0, -1.0)"), NULL },
    { "sinc", 1, 1, bi_sinc, LIB_HELP("sinc(x)", "Compute the normalized sinc function sin(πx)/(πx) if x ≠ 0, and 1 if x = 0."), NULL },
    { "cosc", 1, 1, bi_cosc, LIB_HELP("cosc(x)", "Compute cos(πx)/x - sin(πx)/(πx²) if x ≠ 0, and 0 if x = 0. This is the\n  derivative of sinc(x)."), NULL },
    { "mod2pi", 1, 1, bi_mod2pi, LIB_HELP("mod2pi(x)", "Modulus after division by 2π, returning in the range [0, 2π). The reduction\n  uses 2π to as many bits as needed, so the result is correctly rounded.\n\n  jcalc> mod2pi(9*pi/4)\n  0.7853981633974481"), NULL },
    { "rem2pi", 2, 2, bi_rem2pi, LIB_HELP("rem2pi(x, r::RoundingMode)", "Compute the remainder of x after integer division by 2π, with the quotient\n  rounded according to r: RoundNearest (result in [-π, π]), RoundToZero,\n  RoundDown (result in [0, 2π)) or RoundUp (result in [-2π, 0])."), NULL },
    { "cispi", 1, 1, bi_cispi, LIB_HELP("cispi(x)", "More accurate method for cis(pi*x) (especially for large x): cospi(x) +\n  i sinpi(x).\n\n  jcalc> cispi(1)\n  -1.0 + 0.0im"), NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
