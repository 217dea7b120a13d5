/* pow.c — powers on the number tower: x ^ y (num_binop's NUM_POW, arith_pow_op here) and
 * num_literal_pow.  Products and inverses come from complex.c's any-number helpers and
 * nested powers from arith_pow_op itself, never num_binop, which sits above this file.
 *
 * Integer powers by squaring, with sizes checked against ctx->max_bits before a big
 * result is computed and Julia's DomainError for negative integer exponents; Rational
 * and float powers as Julia defines them (a real result where one exists, else the
 * DomainError asking for a complex argument); complex powers in Julia's polar form for
 * hardware floats, through MPC otherwise. */
#include "num/bigjob.h"
#include "num/num.h"

#include <math.h>
#include <stdlib.h>

#include <mpc.h>

#include "num/arith_impl.h"

static int domerr_powbysq_int(jc_ctx *ctx, value p)
{
    sb s = { 0 };
    num_print(ctx, &s, p);
    const char *ps = sb_str(&s);
    sb m = { 0 };
    sb_printf(&m, "Cannot raise an integer x to a negative power %s.\n"
                  "Make x or %s a float by adding a zero decimal (e.g., 2.0^%s or 2^%s.0 instead of 2^%s)"
                  "or write 1/x^%s, float(x)^%s, x^float(%s) or (x//1)^%s.",
              ps, ps, ps, ps, ps, ps + (ps[0] == '-'), ps, ps, ps);
    num_domain_error(ctx, p, sb_str(&m));
    sb_free(&s);
    sb_free(&m);
    return -1;
}

/* Julia's power_by_squaring, generic over value multiplication (p >= 2), so that
 * floating-point complex results round exactly as Julia's do. */
static int pow_by_squaring(jc_ctx *ctx, value *out, value x, uint64_t p)
{
    int rc;
    if (p == 1) { *out = val_retain(x); return 0; }
    if (p == 2) return arith_any_op(ctx, out, NUM_MUL, x, x);
    value xx = val_retain(x), t;
    int tz = __builtin_ctzll(p) + 1;
    p >>= tz;
    while (--tz > 0) {
        if ((rc = ctx_poll(ctx)) < 0 || (rc = arith_any_op(ctx, &t, NUM_MUL, xx, xx)) < 0) { val_release(xx); return rc; }
        val_release(xx);
        xx = t;
    }
    value y = val_retain(xx);
    while (p > 0) {
        tz = __builtin_ctzll(p) + 1;
        p >>= tz;
        while (--tz >= 0) {
            if ((rc = ctx_poll(ctx)) < 0 || (rc = arith_any_op(ctx, &t, NUM_MUL, xx, xx)) < 0) goto fail;
            val_release(xx);
            xx = t;
        }
        if ((rc = arith_any_op(ctx, &t, NUM_MUL, y, xx)) < 0) goto fail;
        val_release(y);
        y = t;
    }
    val_release(xx);
    *out = y;
    return 0;
fail:
    val_release(xx);
    val_release(y);
    return rc;
}

/* |x|^n would need about n*log2|x| bits. */
static int pow_size_ok(jc_ctx *ctx, mpz_srcptr x, double n)
{
    if (mpz_cmpabs_ui(x, 1) <= 0)
        return 0;
    double lg;
    long e;
    double m = mpz_get_d_2exp(&e, x);
    lg = (double)e + log2(fabs(m));
    return num_check_bits(ctx, lg * n);
}

/* log2|x| of an exact nonzero real (an integer or a rational), without overflow. */
static double exact_log2abs(value x)
{
    long e;
    double m;
    if (x.type == T_RATIONAL) {
        mpq_ptr q = val_mpq(x);
        m = mpz_get_d_2exp(&e, mpq_numref(q));
        double ln = (double)e + log2(fabs(m));
        m = mpz_get_d_2exp(&e, mpq_denref(q));
        return ln - ((double)e + log2(fabs(m)));
    }
    mpz_t z;
    mpz_init(z);
    to_mpz(z, x);
    m = mpz_get_d_2exp(&e, z);
    mpz_clear(z);
    return (double)e + log2(fabs(m));
}

/* An exact complex z to the power n: a part of z^n (or, when |z| < 1, its denominator)
 * needs about n*|log2|z|| bits, so a power past the size limit is refused before it is
 * computed; |z| = 1 gives no bound and is left to the checks of each product. */
static int complex_pow_size_ok(jc_ctx *ctx, value z, double n)
{
    jc_complex *c = val_complex(z);
    int zr, zi;
    num_iszero(ctx, c->re, &zr);
    num_iszero(ctx, c->im, &zi);
    if (zr && zi)
        return 0;
    double lr = zr ? -INFINITY : exact_log2abs(c->re), li = zi ? -INFINITY : exact_log2abs(c->im);
    double hi = lr > li ? lr : li, lo = lr > li ? li : lr;
    double lg = hi + 0.5 * log2(1.0 + exp2(2.0 * (lo - hi)));
    double need = fabs(lg) * n - 1.0;
    return need > 64 ? num_check_bits(ctx, need) : 0;
}

static int integer_pow(jc_ctx *ctx, value *out, value a, value b)
{
    int neg = num_signbit(b);
    if (a.type == T_BOOL) {
        if (neg && !a.u.i) return domerr_powbysq_int(ctx, b);
        int z;
        num_iszero(ctx, b, &z);
        *out = v_bool(z ? 1 : a.u.i);
        return 0;
    }
    if (a.type == T_BIGINT && neg) {
        num_domain_error(ctx, b, "`y` cannot be negative.");
        return -1;
    }
    mpz_t x;
    mpz_init(x);
    to_mpz(x, a);
    int rc = 0;
    if (neg) {
        /* only 1 and -1 have integer inverses */
        if (mpz_cmpabs_ui(x, 1) == 0) {
            int odd = val_is_heap(b) ? mpz_odd_p(val_mpz(b)) : (int)(b.u.i & 1);
            *out = v_int(mpz_sgn(x) < 0 && odd ? -1 : 1);
            if (fix_wraps(a.type))
                *out = fix_make(a.type, (fix_u128)(fix_i128)out->u.i);
            else if (a.type != T_INT64) { mpz_set_si(x, out->u.i); *out = a.type == T_BIGINT ? v_bigint_from_mpz(x) : v_int_from_mpz(x); }
        } else
            rc = domerr_powbysq_int(ctx, b);
        mpz_clear(x);
        return rc;
    }
    if (fix_wraps(a.type)) {
        /* modular: square and multiply on the word (x^e mod 2^128 through GMP for an
         * exponent beyond 64 bits) */
        if (val_is_heap(b) && !mpz_fits_ulong_p(val_mpz(b))) {
            mpz_t m;
            mpz_init_set_ui(m, 1);
            mpz_mul_2exp(m, m, 128);
            mpz_powm(x, x, val_mpz(b), m);
            *out = fix_from_mpz(a.type, x);
            mpz_clears(m, x, NULL);
            return 0;
        }
        fix_u128 base = fix_get(a), r = 1;
        uint64_t e = val_is_heap(b) ? mpz_get_ui(val_mpz(b)) : b.u.u;
        while (e) {
            if (e & 1) r *= base;
            base *= base;
            e >>= 1;
        }
        mpz_clear(x);
        *out = fix_make(a.type, r);
        return 0;
    }
    /* n as a count */
    double nd;
    num_to_double(ctx, b, &nd);
    if (mpz_cmpabs_ui(x, 1) > 0 && (rc = pow_size_ok(ctx, x, nd)) < 0) {
        mpz_clear(x);
        return rc;
    }
    /* a heap exponent (BigInt, Int128, UInt128) holds its value in an mpz */
    uint64_t n = val_is_heap(b) ? mpz_get_ui(val_mpz(b)) : (uint64_t)b.u.i;
    if (val_is_heap(b) && !mpz_fits_ulong_p(val_mpz(b))) {
        /* only 0, 1, -1 get here */
        int odd = mpz_odd_p(val_mpz(b));
        n = odd ? 1 : 2;
    }
    if (a.type == T_INT64) {
        /* power by squaring with overflow checks; exact BigInt on overflow */
        int64_t base = a.u.i, r = 1;
        uint64_t e = n;
        int ovf = 0;
        while (e) {
            if ((e & 1) && __builtin_mul_overflow(r, base, &r)) { ovf = 1; break; }
            e >>= 1;
            if (e && __builtin_mul_overflow(base, base, &base)) { ovf = 1; break; }
        }
        if (!ovf) {
            mpz_clear(x);
            *out = v_int(r);
            return 0;
        }
    }
    value r = v_bigint_new();
    if (bigjob_mpz(ctx, val_mpz(r), BJ_POW, x, NULL, n, (double)mpz_sizeinbase(x, 2) * (double)n) < 0) {
        val_release(r);
        mpz_clear(x);
        return -1;
    }
    mpz_clear(x);
    *out = r;
    return 0;
}

/* MPFR's correctly rounded x^y at precision prec (53 for Float64). */
static double mpfr_pow_d(double x, double y, mpfr_prec_t prec)
{
    mpfr_t a, b;
    mpfr_inits2(prec, a, b, (mpfr_ptr)0);
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_set_d(b, y, MPFR_RNDN);
    mpfr_pow(a, a, b, MPFR_RNDN);
    double r = mpfr_get_d(a, MPFR_RNDN);
    mpfr_clears(a, b, (mpfr_ptr)0);
    return r;
}

static double mpfr_pow_si_d(double x, mpz_srcptr n)
{
    mpfr_t a;
    mpfr_init2(a, 53);
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_pow_z(a, a, n, MPFR_RNDN);
    double r = mpfr_get_d(a, MPFR_RNDN);
    mpfr_clear(a);
    return r;
}

/* Float64^Integer: x*x*x for 3 and inv(x)^2 for -2 (agreeing with literal_pow), the
 * correctly rounded power otherwise. */
static double f64_pow_int(double x, value b)
{
    mpz_t n;
    mpz_init(n);
    to_mpz(n, b);
    double r;
    if (mpz_cmp_si(n, 0) == 0) r = 1.0;
    else if (mpz_cmp_si(n, 3) == 0) r = x * x * x;
    else if (mpz_cmp_si(n, -2) == 0) { double i = 1.0 / x; r = i * i; }
    else if (mpz_cmp_si(n, 2) == 0) r = x * x;
    else if (mpz_cmp_si(n, 1) == 0) r = x;
    else r = mpfr_pow_si_d(x, n);
    mpz_clear(n);
    return r;
}

static int exp_domain_error(jc_ctx *ctx, value x)
{
    return num_domain_error(ctx, x, "Exponentiation yielding a complex result requires a complex argument.\n"
                                    "Replace x^y with (x+0im)^y, Complex(x)^y, or similar.");
}

static int complex_pow_mpc(jc_ctx *ctx, value *out, value a, value b);

/* z^p for hardware-float complex results in Julia's polar form:
 * r^pr * exp(-pi*θ) * cis(pr*θ + pi*log r), θ = angle(z), r = abs(z).  An integral real
 * p goes through repeated multiplication.  Returns 1 when the case is not one of
 * these (zero or non-finite operands, BigFloat parts): the caller uses MPC. */
static int complex_pow_polar(jc_ctx *ctx, value *out, value a, value b)
{
    num_type ta, tb;
    num_typeof(a, &ta);
    num_typeof(b, &tb);
    num_type t = num_promote_type(ta, tb);
    if (t.t == T_BIGFLOAT || t.t == T_BIGINT || (t.t == T_RATIONAL && t.sub == T_BIGINT))
        return 1;
    jc_type ft = (t.t == T_FLOAT16 || t.t == T_FLOAT32) ? (jc_type)t.t : T_FLOAT64;
    double zr, zi = 0, pr, pi = 0;
    num_to_double(ctx, a.type == T_COMPLEX ? val_complex(a)->re : a, &zr);
    if (a.type == T_COMPLEX) num_to_double(ctx, val_complex(a)->im, &zi);
    num_to_double(ctx, b.type == T_COMPLEX ? val_complex(b)->re : b, &pr);
    if (b.type == T_COMPLEX) num_to_double(ctx, val_complex(b)->im, &pi);
    if (!isfinite(zr) || !isfinite(zi) || !isfinite(pr) || !isfinite(pi) || (zr == 0 && zi == 0))
        return 1;
    if (pi == 0 && pr == trunc(pr) && fabs(pr) < 0x1p31) {
        /* integral exponent: Complex{float}^Int */
        value z;
        num_type zt = { ft, 0, 1 };
        int rc = num_convert_to(ctx, &z, zt, a);
        if (rc < 0) return rc;
        rc = arith_pow_op(ctx, out, z, v_int((int64_t)pr));
        val_release(z);
        return rc;
    }
    double r = hypot(zr, zi), th = atan2(zi, zr);
    double rp = mpfr_pow_d(r, pr, 53), ang = pr * th;
    if (pi != 0) {
        rp *= exp(-pi * th);
        ang += pi * log(r);
    }
    *out = v_complex(num_from_double_typed(ft, rp * cos(ang)), num_from_double_typed(ft, rp * sin(ang)));
    return 0;
}

int arith_pow_op(jc_ctx *ctx, value *out, value a, value b)
{
    int rc;
    if (!num_is_number(a) || !num_is_number(b))
        return NUM_NOMETHOD;
    /* ℯ^x is exp(x) */
    if (a.type == T_IRRATIONAL && a.sub == IRR_E && num_is_real(b)) {
        value one;
        if (b.type == T_BIGFLOAT || b.type == T_BIGINT || (b.type == T_RATIONAL && b.sub == T_BIGINT)) {
            value r = num_bigfloat(ctx);
            num_to_mpfr(ctx, val_mpfr(r), b);
            num_exp_mpfr(val_mpfr(r), val_mpfr(r), ctx->rounding);
            *out = r;
            return 0;
        }
        num_type tb;
        num_typeof(b, &tb);
        jc_type t = is_hwfloat_t(b.type) ? (jc_type)b.type : T_FLOAT64;
        double x;
        num_to_double(ctx, b, &x);
        mpfr_t f;
        mpfr_init2(f, 53);
        mpfr_set_d(f, x, MPFR_RNDN);
        mpfr_exp(f, f, MPFR_RNDN);
        one = num_from_double_typed(t, mpfr_get_d(f, MPFR_RNDN));
        mpfr_clear(f);
        *out = one;
        return 0;
    }
    if (a.type == T_COMPLEX || b.type == T_COMPLEX) {
        if (b.type != T_COMPLEX && is_int_t(b.type)) {
            /* Complex^Integer: repeated multiplication (Julia's power_by_squaring) */
            int zero;
            num_iszero(ctx, b, &zero);
            if (zero) {
                num_type t;
                num_typeof(a, &t);
                return num_convert_to(ctx, out, t, v_int(1));
            }
            int et = val_complex(a)->re.type;
            mpz_t n;
            mpz_init(n);
            to_mpz(n, b);
            int neg = mpz_sgn(n) < 0;
            if (neg && is_int_t(et)) {
                mpz_clear(n);
                sb s = { 0 }, m = { 0 };
                num_print(ctx, &s, b);
                sb_printf(&m, "Cannot raise an integer x to a negative power %s.\nConvert input to float.", sb_str(&s));
                num_domain_error(ctx, b, sb_str(&m));
                sb_free(&s);
                sb_free(&m);
                return -1;
            }
            mpz_abs(n, n);
            if (!mpz_fits_ulong_p(n) || mpz_get_ui(n) > ((uint64_t)1 << 40)) {
                mpz_clear(n);
                return complex_pow_mpc(ctx, out, a, b);
            }
            uint64_t p = mpz_get_ui(n);
            mpz_clear(n);
            if (!is_float_t(et) && (rc = complex_pow_size_ok(ctx, a, (double)p)) < 0)
                return rc;
            value base = val_retain(a);
            if (neg) {
                val_release(base);
                if ((rc = arith_complex_inv(ctx, &base, a)) < 0) return rc;
            }
            rc = pow_by_squaring(ctx, out, base, p);
            val_release(base);
            return rc;
        }
        if ((rc = complex_pow_polar(ctx, out, a, b)) != 1)
            return rc;
        return complex_pow_mpc(ctx, out, a, b);
    }
    if (!num_is_real(a) || !num_is_real(b))
        return NUM_NOMETHOD;
    if (is_int_t(b.type)) {
        if (is_int_t(a.type))
            return integer_pow(ctx, out, a, b);
        if (a.type == T_RATIONAL) {
            int neg = num_signbit(b);
            value base = val_retain(a);
            if (neg) {
                val_release(base);
                if ((rc = arith_rat_inv(ctx, &base, a)) < 0) return rc;
            }
            mpz_t n;
            mpz_init(n);
            to_mpz(n, b);
            mpz_abs(n, n);
            mpq_ptr q = val_mpq(base);
            double nd = mpz_get_d(n);
            if ((rc = pow_size_ok(ctx, mpq_numref(q), nd)) < 0 || (rc = pow_size_ok(ctx, mpq_denref(q), nd)) < 0) {
                val_release(base);
                mpz_clear(n);
                return rc;
            }
            if (!mpz_fits_ulong_p(n)) mpz_set_ui(n, mpz_odd_p(n) ? 1 : 2);  /* base is ±1 or 0 */
            mpz_t rn, rd;
            mpz_inits(rn, rd, NULL);
            mpz_pow_ui(rn, mpq_numref(q), mpz_get_ui(n));
            mpz_pow_ui(rd, mpq_denref(q), mpz_get_ui(n));
            rc = num_rational(ctx, out, rn, rd, (jc_type)base.sub);
            mpz_clears(rn, rd, n, NULL);
            val_release(base);
            return rc;
        }
        if (a.type == T_FLOAT64 || a.type == T_IRRATIONAL) {
            double x;
            num_to_double(ctx, a, &x);
            *out = v_f64(f64_pow_int(x, b));
            return 0;
        }
        if (a.type == T_FLOAT32 || a.type == T_FLOAT16) {
            /* computed in Float64, rounded once to the type */
            *out = num_from_double_typed((jc_type)a.type, f64_pow_int(a.u.f, b));
            return 0;
        }
        if (a.type == T_BIGFLOAT) {
            value r = num_bigfloat(ctx);
            mpz_t n;
            mpz_init(n);
            to_mpz(n, b);
            mpfr_pow_z(val_mpfr(r), val_mpfr(a), n, ctx->rounding);
            mpz_clear(n);
            *out = r;
            return 0;
        }
        return NUM_NOMETHOD;
    }
    /* a rational exponent: x^(num/den) in float */
    value bb = val_retain(b);
    if (b.type == T_RATIONAL) {
        val_release(bb);
        num_type ft = { is_float_t(a.type) ? a.type : T_FLOAT64, 0, 0 };
        if (b.sub == T_BIGINT || a.type == T_BIGINT) ft.t = T_BIGFLOAT;
        if ((rc = num_convert_to(ctx, &bb, ft, b)) < 0) return rc;
    }
    value x, y;
    rc = num_promote(ctx, &x, &y, a, bb);
    val_release(bb);
    if (rc < 0) return rc;
    if (x.type == T_BIGFLOAT) {
        value r = num_bigfloat(ctx);
        mpfr_pow(val_mpfr(r), val_mpfr(x), val_mpfr(y), ctx->rounding);
        *out = r;
    } else if (is_hwfloat_t(x.type)) {
        double xv = x.u.f, yv = y.u.f;
        if (isfinite(yv) && yv == trunc(yv) && fabs(yv) < 0x1p62) {
            *out = num_from_double_typed((jc_type)x.type, f64_pow_int(xv, v_int((int64_t)yv)));
        } else if (xv < 0 && !isnan(yv) && !isinf(yv)) {
            rc = exp_domain_error(ctx, x);
        } else if (xv == 1.0) {
            *out = num_from_double_typed((jc_type)x.type, 1.0);
        } else {
            *out = num_from_double_typed((jc_type)x.type, mpfr_pow_d(xv, yv, 53));
        }
    } else
        rc = NUM_NOMETHOD;
    val_release(x);
    val_release(y);
    return rc;
}

/* Complex powers through MPC at the working precision of the element type (correctly
 * rounded there; Julia's own algorithm may differ in the last bit). */
static int complex_pow_mpc(jc_ctx *ctx, value *out, value a, value b)
{
    num_type ta, tb;
    num_typeof(a, &ta);
    num_typeof(b, &tb);
    num_type t = num_promote_type(ta, tb);
    t.cplx = 1;
    if (!is_float_t(t.t)) t.t = (t.t == T_BIGINT || (t.t == T_RATIONAL && t.sub == T_BIGINT)) ? T_BIGFLOAT : T_FLOAT64;
    if (t.t == T_IRRATIONAL) t.t = T_FLOAT64;
    mpfr_prec_t prec = t.t == T_BIGFLOAT ? ctx->precision : 53;
    mpc_t x, y;
    mpc_init2(x, prec);
    mpc_init2(y, prec);
    value parts[4] = {
        a.type == T_COMPLEX ? val_complex(a)->re : a, a.type == T_COMPLEX ? val_complex(a)->im : v_bool(0),
        b.type == T_COMPLEX ? val_complex(b)->re : b, b.type == T_COMPLEX ? val_complex(b)->im : v_bool(0),
    };
    num_to_mpfr(ctx, mpc_realref(x), parts[0]);
    num_to_mpfr(ctx, mpc_imagref(x), parts[1]);
    num_to_mpfr(ctx, mpc_realref(y), parts[2]);
    num_to_mpfr(ctx, mpc_imagref(y), parts[3]);
    if (mpfr_zero_p(mpc_realref(x)) && mpfr_regular_p(mpc_imagref(x)) && b.type != T_COMPLEX &&
        is_int_t(b.type)) {
        /* (b im)^n = b^n im^n: MPC's mpc_pow spends minutes on a purely imaginary base and
         * a huge integer n ((1//2)im ^ 2^62), mpfr_pow_z does not */
        mpz_t n;
        mpz_init(n);
        to_mpz(n, b);
        unsigned long k = mpz_fdiv_ui(n, 4);
        mpfr_t r;
        mpfr_init2(r, prec);
        mpfr_pow_z(r, mpc_imagref(x), n, MPFR_RNDN);
        mpz_clear(n);
        if (k >= 2)
            mpfr_neg(r, r, MPFR_RNDN);
        mpfr_set_zero(k & 1 ? mpc_realref(x) : mpc_imagref(x), 1);
        mpfr_set(k & 1 ? mpc_imagref(x) : mpc_realref(x), r, MPFR_RNDN);
        mpfr_clear(r);
    } else
        mpc_pow(x, x, y, MPC_RNDNN);
    value re, im;
    if (t.t == T_BIGFLOAT) {
        re = num_bigfloat(ctx);
        im = num_bigfloat(ctx);
        mpfr_set(val_mpfr(re), mpc_realref(x), ctx->rounding);
        mpfr_set(val_mpfr(im), mpc_imagref(x), ctx->rounding);
    } else {
        re = num_from_double_typed((jc_type)t.t, mpfr_get_d(mpc_realref(x), MPFR_RNDN));
        im = num_from_double_typed((jc_type)t.t, mpfr_get_d(mpc_imagref(x), MPFR_RNDN));
    }
    mpc_clear(x);
    mpc_clear(y);
    *out = v_complex(re, im);
    return 0;
}

/* literal_pow: see num.h.  HWNumber is Julia's Union of the 64-bit-or-smaller machine
 * integers, Float32/64, and Complex/Rational of those. */
static int is_hwreal(value v)
{
    return (fix_width(v.type) && fix_width(v.type) <= 64) || v.type == T_FLOAT32 || v.type == T_FLOAT64;
}

int num_literal_pow(jc_ctx *ctx, value *out, value x, int64_t p)
{
    int hw = is_hwreal(x) || (x.type == T_RATIONAL && x.sub == T_INT64) ||
             (x.type == T_COMPLEX && is_hwreal(val_complex(x)->re));
    int rc;
    if (hw) {
        value t;
        switch (p) {
        case 0: {
            num_type nt;
            num_typeof(x, &nt);
            return num_convert_to(ctx, out, nt, v_int(1));
        }
        case 1: *out = val_retain(x); return 0;
        case 2: return arith_any_op(ctx, out, NUM_MUL, x, x);
        case 3:
            if ((rc = arith_any_op(ctx, &t, NUM_MUL, x, x)) < 0) return rc;
            rc = arith_any_op(ctx, out, NUM_MUL, t, x);
            val_release(t);
            return rc;
        case -1: return arith_any_inv(ctx, out, x);
        case -2:
            if ((rc = arith_any_inv(ctx, &t, x)) < 0) return rc;
            rc = arith_any_op(ctx, out, NUM_MUL, t, t);
            val_release(t);
            return rc;
        default: break;
        }
        if (p < 0 && fix_width(x.type)) {
            double d;
            num_to_double(ctx, x, &d);
            return arith_pow_op(ctx, out, v_f64(d), v_int(p));
        }
    }
    if (num_is_float_type(x)) {
        if (p == -1)
            return arith_any_inv(ctx, out, x);
        return arith_pow_op(ctx, out, x, v_int(p));
    }
    if (p < 0 && num_is_number(x) && !(x.type == T_IRRATIONAL && x.sub == IRR_E)) {
        value t;
        if ((rc = arith_any_inv(ctx, &t, x)) < 0) return rc;
        if (p == INT64_MIN) {
            value big = v_bigint_new();
            mpz_set_si(val_mpz(big), p);
            mpz_neg(val_mpz(big), val_mpz(big));
            rc = arith_pow_op(ctx, out, t, big);
            val_release(big);
        } else
            rc = arith_pow_op(ctx, out, t, v_int(-p));
        val_release(t);
        return rc;
    }
    return arith_pow_op(ctx, out, x, v_int(p));
}
