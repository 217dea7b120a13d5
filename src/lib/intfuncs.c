/* intfuncs.c — integer and combinatorial functions: gcd, lcm, gcdx, invmod, powermod,
 * factorial, binomial, isqrt, digits, ndigits, and (beyond Julia's Base) isprime and
 * factor.
 *
 * All arithmetic is done in GMP; results take the promoted type of the arguments as
 * Julia's do (Int64 stays Int64, where jcalc's integers continue as BigInt rather than
 * wrapping: factorial and binomial of an Int continue as BigInt too; the fixed-width
 * types raise Julia's OverflowError).
 * Work whose size grows with the arguments is bounded first with num_check_bits, and
 * loops poll the interrupt flag. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "num/bigjob.h"
#include "num/fixint.h"
#include "num/num.h"
#include "lib/lib.h"

/* The promoted integer type of n integer arguments; 0 when one is not an integer. */
static int int_type(int n, const value *v, num_type *t)
{
    for (int i = 0; i < n; i++) {
        num_type ti;
        if (!num_is_integer_type(v[i]) || num_typeof(v[i], &ti) != 0)
            return 0;
        *t = i ? num_promote_type(*t, ti) : ti;
    }
    return 1;
}

/* z as a value of integer type t. */
static int int_result(jc_ctx *ctx, value *out, mpz_srcptr z, num_type t)
{
    if (t.t == T_BIGINT) {
        *out = v_bigint_from_mpz(z);
        return 0;
    }
    value iv = v_int_from_mpz(z);
    if (t.t == T_INT64) {
        *out = iv;
        return 0;
    }
    int r = num_convert_to(ctx, out, t, iv);
    val_release(iv);
    return r;
}

/* ---- gcd, lcm ---- */

/* A rational or integer argument as num/den; 0 when x is neither. */
static int as_fraction(jc_ctx *ctx, value x, mpz_ptr num, mpz_ptr den, int *big)
{
    if (x.type == T_RATIONAL) {
        mpz_set(num, mpq_numref(val_mpq(x)));
        mpz_set(den, mpq_denref(val_mpq(x)));
        *big |= x.sub == T_BIGINT;
        return 1;
    }
    if (!num_is_integer_type(x))
        return 0;
    num_to_mpz(ctx, num, x);
    mpz_set_ui(den, 1);
    *big |= x.type == T_BIGINT;
    return 1;
}

static int gcd_lcm_overflow(jc_ctx *ctx, const jc_args *a, int is_lcm, int t);

/* gcd (lcm when is_lcm) of integers, or of rationals: gcd(a/b, c/d) = gcd(a,c)/lcm(b,d)
 * and lcm(a/b, c/d) = lcm(a,c)/gcd(b,d), Julia's definitions. */
static int gcd_lcm(jc_ctx *ctx, value *out, const jc_args *a, int is_lcm)
{
    num_type t;
    int anyrat = 0, big = 0;
    for (int i = 0; i < a->n; i++)
        anyrat |= a->v[i].type == T_RATIONAL;
    if (!anyrat && !int_type(a->n, a->v, &t))
        return LIB_DECLINE;
    mpz_t n, d, num, den;
    mpz_inits(n, d, num, den, (mpz_ptr)0);
    int ok = 1;
    for (int i = 0; i < a->n && ok; i++) {
        if (!as_fraction(ctx, a->v[i], n, d, &big)) {
            ok = 0;
            break;
        }
        if (i == 0) {
            mpz_abs(num, n);
            mpz_set(den, d);
        } else if (is_lcm) {
            mpz_lcm(num, num, n);
            mpz_gcd(den, den, d);
        } else {
            mpz_gcd(num, num, n);
            mpz_lcm(den, den, d);
        }
    }
    int r = LIB_DECLINE;
    if (ok && !anyrat && fix_wraps(t.t) && !fix_fits_mpz(t.t, num))
        ok = 0, r = gcd_lcm_overflow(ctx, a, is_lcm, t.t);
    if (ok)
        r = anyrat ? num_rational(ctx, out, num, den, big ? T_BIGINT : T_INT64) : int_result(ctx, out, num, t);
    mpz_clears(n, d, num, den, (mpz_ptr)0);
    return r;
}

/* The OverflowError of gcd or lcm whose result does not fit the fixed-width type t,
 * worded as Julia's checked arithmetic words it: lcm folds a * div(b, gcd(b, a)) with
 * checked_mul and checked_abs; gcd overflows only on typemin (checked_abs, or
 * "gcd(a, b) overflows" when both are typemin). */
/* checked_abs's text for z (typemin of t); returns 1. */
static int abs_overflow_text(jc_ctx *ctx, sb *m, int t, mpz_srcptr z)
{
    value x = fix_from_mpz(t, z);
    sb_puts(m, "checked arithmetic: cannot compute |x| for x = ");
    num_print(ctx, m, x);
    sb_printf(m, "::%s", num_type_basename((jc_type)t));
    val_release(x);
    return 1;
}

static int gcd_lcm_overflow(jc_ctx *ctx, const jc_args *a, int is_lcm, int t)
{
    mpz_t acc, b, g, p;
    mpz_inits(acc, b, g, p, (mpz_ptr)0);
    num_to_mpz(ctx, acc, a->v[0]);
    sb m = { 0 };
    int done = 0;
    for (int i = 1; i < a->n && !done; i++) {
        num_to_mpz(ctx, b, a->v[i]);
        int both_typemin = !mpz_cmp(acc, b) && !fix_fits_mpz(t, (mpz_abs(p, b), p));
        if (!is_lcm || both_typemin) {
            if (!both_typemin && (mpz_sgn(acc) == 0 || mpz_sgn(b) == 0)) {
                mpz_add(p, acc, b);
                done = abs_overflow_text(ctx, &m, t, p);
            } else if (both_typemin) {   /* lcm computes this gcd first */
                value x = fix_from_mpz(t, acc);
                sb_puts(&m, "gcd(");
                num_print(ctx, &m, x);
                sb_puts(&m, ", ");
                num_print(ctx, &m, x);
                sb_puts(&m, ") overflows");
                val_release(x);
                done = 1;
            }
            mpz_gcd(acc, acc, b);
            continue;
        }
        if (mpz_sgn(acc) == 0 || mpz_sgn(b) == 0) {
            mpz_set_ui(acc, 0);
            continue;
        }
        mpz_gcd(g, b, acc);
        mpz_tdiv_q(b, b, g);
        mpz_mul(p, acc, b);
        if (!fix_fits_mpz(t, p)) {
            value x = fix_from_mpz(t, acc), y = fix_from_mpz(t, b);
            num_print(ctx, &m, x);
            sb_puts(&m, " * ");
            num_print(ctx, &m, y);
            sb_printf(&m, " overflowed for type %s", num_type_basename((jc_type)t));
            val_release(x);
            val_release(y);
            done = 1;
        } else if (mpz_abs(acc, p), !fix_fits_mpz(t, acc)) {
            done = abs_overflow_text(ctx, &m, t, p);
        }
    }
    mpz_clears(acc, b, g, p, (mpz_ptr)0);
    int r = err_throw(ctx, ERR_OVERFLOW, a->site, "%s", done ? sb_str(&m) : "integer overflow");
    sb_free(&m);
    return r;
}

static int bi_gcd(jc_ctx *ctx, value *out, const jc_args *a) { return gcd_lcm(ctx, out, a, 0); }
static int bi_lcm(jc_ctx *ctx, value *out, const jc_args *a) { return gcd_lcm(ctx, out, a, 1); }

/* gcdx(a, b) = (d, u, v) with d = gcd(a, b) = a·u + b·v, u and v the minimal Bézout
 * coefficients (GMP's |u| < |b|/2d, |v| < |a|/2d, the same pair Julia's Euclid finds). */
static int bi_gcdx(jc_ctx *ctx, value *out, const jc_args *a)
{
    num_type t;
    if (!int_type(2, a->v, &t))
        return LIB_DECLINE;
    mpz_t x, y, g, s, u;
    mpz_inits(x, y, g, s, u, (mpz_ptr)0);
    num_to_mpz(ctx, x, a->v[0]);
    num_to_mpz(ctx, y, a->v[1]);
    mpz_gcdext(g, s, u, x, y);
    value tup = v_tuple_new(3);
    int r = int_result(ctx, &val_tuple(tup)->v[0], g, t);
    if (r == 0)
        r = int_result(ctx, &val_tuple(tup)->v[1], s, t);
    if (r == 0)
        r = int_result(ctx, &val_tuple(tup)->v[2], u, t);
    mpz_clears(x, y, g, s, u, (mpz_ptr)0);
    if (r != 0) {
        val_release(tup);
        return r;
    }
    *out = tup;
    return 0;
}

/* r := the inverse of n modulo m with the sign of m (div(r, m) == 0), or an error with
 * Julia's texts. */
static int invmod_z(jc_ctx *ctx, mpz_ptr r, mpz_srcptr n, mpz_srcptr m, value nv, value mv)
{
    if (mpz_sgn(m) == 0)
        return num_domain_error(ctx, mv, "`m` must not be 0.");
    mpz_t am, g;
    mpz_init(g);
    mpz_init(am);
    mpz_abs(am, m);
    mpz_gcd(g, n, am);
    if (mpz_cmp_ui(g, 1) != 0) {
        value tup = v_tuple_new(2);
        val_tuple(tup)->v[0] = val_retain(nv);
        val_tuple(tup)->v[1] = val_retain(mv);
        char *gs = mpz_get_str(NULL, 10, g);
        sb msg = { 0 };
        sb_printf(&msg, "Greatest common divisor is %s.", gs);
        num_domain_error(ctx, tup, sb_str(&msg));
        sb_free(&msg);
        free(gs);
        val_release(tup);
        mpz_clears(am, g, (mpz_ptr)0);
        return -1;
    }
    if (mpz_cmp_ui(am, 1) == 0)
        mpz_set_ui(r, 0);
    else
        mpz_invert(r, n, am);
    if (mpz_sgn(m) < 0 && mpz_sgn(r) != 0)
        mpz_sub(r, r, am);
    mpz_clears(am, g, (mpz_ptr)0);
    return 0;
}

static int bi_invmod(jc_ctx *ctx, value *out, const jc_args *a)
{
    num_type t;
    if (!int_type(2, a->v, &t))
        return LIB_DECLINE;
    mpz_t n, m, r;
    mpz_inits(n, m, r, (mpz_ptr)0);
    num_to_mpz(ctx, n, a->v[0]);
    num_to_mpz(ctx, m, a->v[1]);
    int res = invmod_z(ctx, r, n, m, a->v[0], a->v[1]);
    if (res == 0)
        res = int_result(ctx, out, r, t);
    mpz_clears(n, m, r, (mpz_ptr)0);
    return res;
}

/* powermod(x, p, m) = mod(x^p, m) (the sign of m); a negative p inverts x first. */
static int bi_powermod(jc_ctx *ctx, value *out, const jc_args *a)
{
    num_type t, tm;
    if (!int_type(3, a->v, &t) || num_typeof(a->v[2], &tm) != 0)
        return LIB_DECLINE;
    mpz_t x, p, m, am, r;
    mpz_inits(x, p, m, am, r, (mpz_ptr)0);
    num_to_mpz(ctx, x, a->v[0]);
    num_to_mpz(ctx, p, a->v[1]);
    num_to_mpz(ctx, m, a->v[2]);
    mpz_abs(am, m);
    int res = 0;
    if (mpz_sgn(m) == 0) {
        res = num_divide_error(ctx);
    } else {
        if (mpz_sgn(p) < 0) {
            res = invmod_z(ctx, x, x, m, a->v[0], a->v[2]);
            mpz_neg(p, p);
        }
        if (res == 0) {
            mpz_powm(r, x, p, am);
            if (mpz_sgn(m) < 0 && mpz_sgn(r) != 0)
                mpz_sub(r, r, am);
            res = int_result(ctx, out, r, tm);
        }
    }
    mpz_clears(x, p, m, am, r, (mpz_ptr)0);
    return res;
}

/* ---- factorial, binomial ---- */

/* log2(n!) by Stirling, an upper bound within a few bits for n >= 1. */
static double fact_bits(double n)
{
    return n < 2 ? 1 : (n * log2(n / M_E) + 0.5 * log2(2 * M_PI * n) + 2);
}

static int bi_factorial(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    if (x.type == T_BIGFLOAT) {
        mpfr_srcptr f = val_mpfr(x);
        if (mpfr_sgn(f) < 0 || !mpfr_integer_p(f))
            return num_domain_error(ctx, x, "Must be a non-negative integer.");
        if (!mpfr_fits_ulong_p(f, MPFR_RNDN) || num_check_bits(ctx, 64) < 0)
            return num_domain_error(ctx, x, "Must be a non-negative integer.");
        value r = num_bigfloat(ctx);
        mpfr_fac_ui(val_mpfr(r), mpfr_get_ui(f, MPFR_RNDN), ctx->rounding);
        *out = r;
        return 0;
    }
    if (!num_is_integer_type(x))
        return LIB_DECLINE;
    mpz_t n;
    mpz_init(n);
    num_to_mpz(ctx, n, x);
    int r = 0;
    if (x.type == T_BIGINT) {
        /* Julia: factorial(big(-1)) is 0 (MPZ's convention) */
        if (mpz_sgn(n) < 0) {
            mpz_set_ui(n, 0);
        } else if (num_check_bits(ctx, fact_bits(mpz_get_d(n))) < 0 || !mpz_fits_ulong_p(n)) {
            if (!ctx->err_set)
                num_check_bits(ctx, INFINITY);
            mpz_clear(n);
            return -1;
        } else if (bigjob_mpz(ctx, n, BJ_FAC, NULL, NULL, mpz_get_ui(n), fact_bits(mpz_get_d(n))) < 0) {
            mpz_clear(n);
            return -1;
        }
        *out = v_bigint_from_mpz(n);
    } else if (mpz_sgn(n) < 0) {
        r = num_domain_error(ctx, x, "`n` must not be negative.");
    } else if (x.type == T_INT64 || x.type == T_BOOL || (fix_width(x.type) && fix_width(x.type) <= 32)) {
        /* Int64 (and the narrower types, which Julia computes as Int64) continues as
         * BigInt past 20!, jcalc's rule for Int */
        double bits = fact_bits(mpz_get_d(n));
        if (num_check_bits(ctx, bits) < 0 || !mpz_fits_ulong_p(n) ||
            bigjob_mpz(ctx, n, BJ_FAC, NULL, NULL, mpz_get_ui(n), bits) < 0) {
            if (!ctx->err_set)
                num_check_bits(ctx, INFINITY);
            r = -1;
        } else
            *out = v_int_from_mpz(n);
    } else {
        /* UInt64, Int128, UInt128: Julia's lookup tables, up to 20!, 33!, 34! */
        unsigned long lim = x.type == T_INT128 ? 33 : x.type == T_UINT128 ? 34 : 20;
        if (mpz_cmp_ui(n, lim) > 0) {
            sb ns = { 0 };
            num_print(ctx, &ns, x);
            r = err_throw(ctx, ERR_OVERFLOW, NULL,
                         "%s is too large to look up in the table; consider using `factorial(big(%s))` instead",
                         sb_str(&ns), sb_str(&ns));
            sb_free(&ns);
        } else {
            mpz_fac_ui(n, mpz_get_ui(n));
            num_type t = { x.type, 0, 0 };
            r = int_result(ctx, out, n, t);
        }
    }
    mpz_clear(n);
    return r;
}

/* Julia 1.10's generalized binomial for a non-integer x: the left fold
 * acc = oneunit(x)/one(k); acc *= (x - (i-1))/i for i = 1..k, in x's arithmetic. */
static int binomial_generic(jc_ctx *ctx, value *out, value x, value kv)
{
    int64_t k;
    if (num_to_int64(ctx, kv, &k) < 0)
        return -1;
    num_type tx;
    num_typeof(x, &tx);
    value acc;
    if (num_convert_to(ctx, &acc, tx, v_int(k < 0 ? 0 : 1)) != 0)
        return -1;
    value t;
    if (num_binop(ctx, &t, NUM_DIV, acc, v_int(1)) != 0) {
        val_release(acc);
        return -1;
    }
    val_release(acc);
    acc = t;
    for (int64_t i = 1; i <= k; i++) {
        value d, q, p;
        if (ctx_poll(ctx) < 0 || num_binop(ctx, &d, NUM_SUB, x, v_int(i - 1)) != 0) {
            val_release(acc);
            return -1;
        }
        int r = num_binop(ctx, &q, NUM_DIV, d, v_int(i));
        val_release(d);
        if (r == 0) {
            r = num_binop(ctx, &p, NUM_MUL, acc, q);
            val_release(q);
        }
        val_release(acc);
        if (r != 0)
            return -1;
        acc = p;
    }
    *out = acc;
    return 0;
}

static int bi_binomial(jc_ctx *ctx, value *out, const jc_args *a)
{
    value nv = a->v[0], kv = a->v[1];
    if (!num_is_integer_type(kv) || !num_is_number(nv))
        return LIB_DECLINE;
    if (!num_is_integer_type(nv))
        return binomial_generic(ctx, out, nv, kv);
    num_type t;
    int_type(2, a->v, &t);
    mpz_t n, k, r;
    mpz_inits(n, k, r, (mpz_ptr)0);
    num_to_mpz(ctx, n, nv);
    num_to_mpz(ctx, k, kv);
    int res = 0;
    /* k < 0, or 0 <= n < k: zero; otherwise bound the size: with m = n (n >= 0) or
     * k-n-1 (n < 0, by binomial(n,k) = (-1)^k binomial(k-n-1,k)), the result has at most
     * min(k, m-k)·log2(m+1) bits */
    if (mpz_sgn(k) < 0 || (mpz_sgn(n) >= 0 && mpz_cmp(k, n) > 0)) {
        mpz_set_ui(r, 0);
    } else {
        mpz_t m, kk;
        mpz_inits(m, kk, (mpz_ptr)0);
        if (mpz_sgn(n) >= 0) {
            mpz_set(m, n);
        } else {
            mpz_sub(m, k, n);
            mpz_sub_ui(m, m, 1);
        }
        mpz_sub(kk, m, k);
        if (mpz_cmp(kk, k) > 0)
            mpz_set(kk, k);
        double bits = mpz_get_d(kk) * log2(mpz_get_d(m) + 1);
        if (num_check_bits(ctx, bits) < 0 || !mpz_fits_ulong_p(k)) {
            if (!ctx->err_set)
                num_check_bits(ctx, INFINITY);
            res = -1;
        } else {
            mpz_bin_ui(r, n, mpz_get_ui(k));
        }
        mpz_clears(m, kk, (mpz_ptr)0);
    }
    if (res == 0) {
        /* Int64 continues as BigInt (jcalc's rule); a fixed-width type must hold |r| */
        int fits = t.t == T_BIGINT || t.t == T_INT64;
        if (!fits && t.t != T_BOOL) {
            mpz_t ar;
            mpz_init(ar);
            mpz_abs(ar, r);
            fits = fix_fits_mpz(t.t, ar);
            mpz_clear(ar);
        } else if (t.t == T_BOOL)
            fits = 1;
        if (!fits) {
            sb ns = { 0 }, ks = { 0 };
            num_print(ctx, &ns, nv);
            num_print(ctx, &ks, kv);
            res = err_throw(ctx, ERR_OVERFLOW, NULL, "binomial(%s, %s) overflows",
                           sb_str(&ns), sb_str(&ks));
            sb_free(&ns);
            sb_free(&ks);
        } else {
            res = int_result(ctx, out, r, t);
        }
    }
    mpz_clears(n, k, r, (mpz_ptr)0);
    return res;
}

/* ---- isqrt, digits, ndigits ---- */

static int bi_isqrt(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[0];
    num_type t;
    if (!int_type(1, a->v, &t))
        return LIB_DECLINE;
    mpz_t z;
    mpz_init(z);
    num_to_mpz(ctx, z, x);
    int r;
    if (mpz_sgn(z) < 0) {
        if (x.type == T_BIGINT) {
            r = num_domain_error(ctx, x, "isqrt(x) is not defined for negative x");
        } else {
            /* Julia's isqrt goes through sqrt(float(x)) */
            r = num_domain_error(ctx, v_f64(mpz_get_d(z)),
                                 "sqrt was called with a negative real argument but will only return a complex "
                                 "result if called with a complex argument. Try sqrt(Complex(x)).");
        }
    } else {
        mpz_sqrt(z, z);
        r = int_result(ctx, out, z, t);
    }
    mpz_clear(z);
    return r;
}

static int kw_int(jc_ctx *ctx, const jc_args *a, const char *name, int64_t dflt, int64_t *v)
{
    const value *p = lib_kwarg(ctx, a, name);
    *v = dflt;
    return p ? num_to_int64(ctx, *p, v) : 0;
}

/* Julia accepts negative bases too (digits(10, base = -2) is [0, 1, 1, 1, 1]); only
 * -1 <= base <= 1 is refused. */
static int check_base(jc_ctx *ctx, int64_t base)
{
    if (base >= 2 || base <= -2)
        return 0;
    return err_throw(ctx, ERR_DOMAIN, NULL, " with %lld:\nbase must be ≥ 2", (long long)base);
}

/* digits(n; base=10, pad=1): the digits of n, least significant first, each with n's
 * sign, as a Vector of n's type padded with zeros to at least pad entries. */
static int bi_digits(jc_ctx *ctx, value *out, const jc_args *a)
{
    value x = a->v[a->n - 1];
    num_type t;
    if (!int_type(1, &x, &t) || (a->n == 2 && a->v[0].type != T_TYPE))
        return LIB_DECLINE;
    if (a->n == 2) {
        const jc_typeobj *to = val_typeobj(a->v[0]);
        if (to->base != T_BOOL && to->base != T_BIGINT && !fix_width(to->base))
            return LIB_DECLINE;
        t.t = to->base;
    }
    int64_t base, pad;
    if (kw_int(ctx, a, "base", 10, &base) < 0 || kw_int(ctx, a, "pad", 1, &pad) < 0 || check_base(ctx, base) < 0)
        return -1;
    mpz_t n, d;
    mpz_inits(n, d, (mpz_ptr)0);
    num_to_mpz(ctx, n, x);
    int neg = mpz_sgn(n) < 0 && base > 0;
    if (base > 0)
        mpz_abs(n, n);
    /* base b < 0: |n| shrinks by |b| per step up to a carry of 1, so one digit more
     * than base |b| bounds the count */
    size_t cap = mpz_sizeinbase(n, 2) + 3;
    if (pad > 0 && (size_t)pad > cap)
        cap = (size_t)pad;
    if (num_check_bits(ctx, (double)cap * 64) < 0) {
        mpz_clears(n, d, (mpz_ptr)0);
        return -1;
    }
    value *vals = malloc(cap * sizeof *vals);
    int64_t len = 0;
    int r = 0;
    while ((mpz_sgn(n) != 0 || len < pad) && r == 0) {
        if ((len & 1023) == 1023 && ctx_poll(ctx) < 0) {
            r = -1;
            break;
        }
        if (base > 0) {
            mpz_fdiv_qr_ui(n, d, n, (unsigned long)base);
            if (neg)
                mpz_neg(d, d);
        } else {
            /* Julia's digits! for b < 0: d = mod(n, -b), n = -fld(n, -b), so that
             * n_old = d + b·n_new with every digit in [0, -b) */
            mpz_fdiv_qr_ui(n, d, n, (unsigned long)-base);
            mpz_neg(n, n);
        }
        r = int_result(ctx, &vals[len], d, t);
        if (r == 0)
            len++;
    }
    mpz_clears(n, d, (mpz_ptr)0);
    if (r != 0) {
        val_release_n(vals, len);
        free(vals);
        return -1;
    }
    value tv = num_type_value(t);
    *out = array_from_values(ctx, vals, len, 1, &len, val_typeobj(tv));
    val_release(tv);
    free(vals);
    return 0;
}

/* ndigits(n; base=10, pad=1): the number of digits of n in the base, at least pad. */
static int bi_ndigits(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!num_is_integer_type(a->v[0]))
        return LIB_DECLINE;
    int64_t base, pad;
    if (kw_int(ctx, a, "base", 10, &base) < 0 || kw_int(ctx, a, "pad", 1, &pad) < 0 || check_base(ctx, base) < 0)
        return -1;
    mpz_t n, p;
    mpz_inits(n, p, (mpz_ptr)0);
    num_to_mpz(ctx, n, a->v[0]);
    int64_t nd = 0;
    /* b < 0 (Julia's ndigits0znb): the steps n -> cld(n, b) = -fld(n, -b) to reach 0 */
    for (; base < 0 && mpz_sgn(n) != 0; nd++) {
        mpz_fdiv_q_ui(n, n, (unsigned long)-base);
        mpz_neg(n, n);
    }
    mpz_abs(n, n);
    if (mpz_sgn(n) != 0) {
        /* mpz_sizeinbase may be one too large for bases other than powers of two */
        nd = (int64_t)mpz_sizeinbase(n, (int)(base <= 62 ? base : 2));
        if (base > 62)
            nd = (int64_t)ceil((double)nd / log2((double)base)) + 1;
        for (;;) {
            mpz_ui_pow_ui(p, (unsigned long)base, (unsigned long)(nd - 1));
            if (nd > 1 && mpz_cmp(p, n) > 0)
                nd--;
            else
                break;
        }
    }
    mpz_clears(n, p, (mpz_ptr)0);
    *out = v_int(nd > pad ? nd : pad);
    return 0;
}

/* ---- primes (beyond Julia's Base) ---- */

static int bi_isprime(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!num_is_integer_type(a->v[0]))
        return LIB_DECLINE;
    mpz_t n;
    mpz_init(n);
    num_to_mpz(ctx, n, a->v[0]);
    /* GMP: Baillie-PSW plus Miller-Rabin rounds; deterministic below 2^64 */
    *out = v_bool(mpz_sgn(n) > 0 && mpz_probab_prime_p(n, 30) > 0);
    mpz_clear(n);
    return 0;
}

/* One nontrivial factor of the odd composite n by Pollard's rho (Brent's variant,
 * products of 128 differences between gcds); 0 when interrupted. */
static int rho_factor(jc_ctx *ctx, mpz_ptr f, mpz_srcptr n)
{
    mpz_t x, y, ys, q, d;
    mpz_inits(x, y, ys, q, d, (mpz_ptr)0);
    int found = 0;
    for (unsigned long c = 1; !found; c++) {
        mpz_set_ui(y, 2);
        mpz_set_ui(q, 1);
        mpz_set_ui(d, 1);
        for (unsigned long r = 1; mpz_cmp_ui(d, 1) == 0; r <<= 1) {
            mpz_set(x, y);
            for (unsigned long i = 0; i < r; i++) {
                if ((i & 127) == 127 && ctx_poll(ctx) < 0)
                    goto out;
                mpz_mul(y, y, y);
                mpz_add_ui(y, y, c);
                mpz_mod(y, y, n);
            }
            for (unsigned long k = 0; k < r && mpz_cmp_ui(d, 1) == 0; k += 128) {
                if (ctx_poll(ctx) < 0)
                    goto out;
                mpz_set(ys, y);
                unsigned long lim = r - k < 128 ? r - k : 128;
                for (unsigned long i = 0; i < lim; i++) {
                    mpz_mul(y, y, y);
                    mpz_add_ui(y, y, c);
                    mpz_mod(y, y, n);
                    mpz_sub(d, x, y);
                    mpz_mul(q, q, d);
                    mpz_mod(q, q, n);
                }
                mpz_gcd(d, q, n);
            }
        }
        if (mpz_cmp(d, n) == 0) {
            /* the batch overshot: step back one difference at a time */
            do {
                mpz_mul(ys, ys, ys);
                mpz_add_ui(ys, ys, c);
                mpz_mod(ys, ys, n);
                mpz_sub(d, x, ys);
                mpz_gcd(d, d, n);
            } while (mpz_cmp_ui(d, 1) == 0);
        }
        if (mpz_cmp(d, n) != 0) {
            mpz_set(f, d);
            found = 1;
        }
    }
out:
    mpz_clears(x, y, ys, q, d, (mpz_ptr)0);
    return found;
}

typedef struct pf {
    mpz_t *p;
    size_t n, cap;
} pf;

static void pf_add(pf *l, mpz_srcptr p)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->p = xrealloc(l->p, l->cap * sizeof *l->p);
    }
    mpz_init_set(l->p[l->n++], p);
}

/* Appends the prime factors of n > 1 (with multiplicity, unsorted) to l. */
static int factor_into(jc_ctx *ctx, pf *l, mpz_srcptr n)
{
    if (mpz_probab_prime_p(n, 30)) {
        pf_add(l, n);
        return 0;
    }
    mpz_t f, g;
    mpz_inits(f, g, (mpz_ptr)0);
    int r = -1;
    if (rho_factor(ctx, f, n)) {
        mpz_divexact(g, n, f);
        r = factor_into(ctx, l, f) < 0 ? -1 : factor_into(ctx, l, g);
    }
    mpz_clears(f, g, (mpz_ptr)0);
    return r;
}

static int cmp_mpz(const void *a, const void *b) { return mpz_cmp(*(const mpz_t *)a, *(const mpz_t *)b); }

/* factor(n): a Tuple of (prime, exponent) pairs in increasing order of the primes, with
 * (-1, 1) first for negative n; factor(1) is (). */
static int bi_factor(jc_ctx *ctx, value *out, const jc_args *a)
{
    num_type t;
    if (!int_type(1, a->v, &t))
        return LIB_DECLINE;
    mpz_t n, p;
    mpz_inits(n, p, (mpz_ptr)0);
    num_to_mpz(ctx, n, a->v[0]);
    if (mpz_sgn(n) == 0) {
        mpz_clears(n, p, (mpz_ptr)0);
        return err_throw(ctx, ERR_ARGUMENT, NULL, "number to be factored must be ≠ 0, got 0");
    }
    pf l = { 0 };
    int neg = mpz_sgn(n) < 0;
    mpz_abs(n, n);
    int r = 0;
    /* small primes by trial division first */
    for (unsigned long d = 2; d < 10000 && mpz_cmp_ui(n, 1) > 0; d += d == 2 ? 1 : 2) {
        while (mpz_divisible_ui_p(n, d)) {
            mpz_set_ui(p, d);
            pf_add(&l, p);
            mpz_divexact_ui(n, n, d);
        }
    }
    if (mpz_cmp_ui(n, 1) > 0)
        r = factor_into(ctx, &l, n);
    if (r == 0) {
        if (l.n > 1)
            qsort(l.p, l.n, sizeof *l.p, cmp_mpz);
        size_t distinct = 0;
        for (size_t i = 0; i < l.n; i++)
            distinct += i == 0 || mpz_cmp(l.p[i], l.p[i - 1]) != 0;
        value tup = v_tuple_new(distinct + (size_t)neg);
        size_t j = 0;
        if (neg) {
            mpz_set_si(p, -1);
            value pair = v_tuple_new(2);
            int_result(ctx, &val_tuple(pair)->v[0], p, t);
            val_tuple(pair)->v[1] = v_int(1);
            val_tuple(tup)->v[j++] = pair;
        }
        for (size_t i = 0; i < l.n;) {
            size_t e = i;
            while (e < l.n && mpz_cmp(l.p[e], l.p[i]) == 0)
                e++;
            value pair = v_tuple_new(2);
            int_result(ctx, &val_tuple(pair)->v[0], l.p[i], t);
            val_tuple(pair)->v[1] = v_int((int64_t)(e - i));
            val_tuple(tup)->v[j++] = pair;
            i = e;
        }
        *out = tup;
    }
    for (size_t i = 0; i < l.n; i++)
        mpz_clear(l.p[i]);
    free(l.p);
    mpz_clears(n, p, (mpz_ptr)0);
    return r;
}

const builtin lib_intfuncs[] = {
    { "gcd", 1, -1, bi_gcd, LIB_HELP("gcd(x, y...)", "Greatest common (positive) divisor (or zero if all arguments are zero). The\n  arguments may be integer and rational numbers.\n\n  jcalc> gcd(6, 9)\n  3\n\n  jcalc> gcd(1//3, 2//3)\n  1//3\n\n  jcalc> gcd(0, 0, 10, 15)\n  5"), NULL },
    { "lcm", 1, -1, bi_lcm, LIB_HELP("lcm(x, y...)", "Least common (positive) multiple (or zero if any argument is zero). The\n  arguments may be integer and rational numbers.\n\n  jcalc> lcm(-2, 3)\n  6\n\n  jcalc> lcm(1//3, 2)\n  2//1"), NULL },
    { "gcdx", 2, 2, bi_gcdx, LIB_HELP("gcdx(a, b)", "Computes the greatest common (positive) divisor of a and b and their Bézout\n  coefficients, i.e. the integer coefficients u and v that satisfy\n  u*a + v*b = d = gcd(a, b). gcdx(a, b) returns (d, u, v).\n\n  jcalc> gcdx(12, 42)\n  (6, -3, 1)"), NULL },
    { "invmod", 2, 2, bi_invmod, LIB_HELP("invmod(n, m)", "Take the inverse of n modulo m: y such that n y = 1 (mod m), and\n  div(y, m) = 0. This will throw an error if m = 0, or if gcd(n, m) ≠ 1.\n\n  jcalc> invmod(2, 5)\n  3"), NULL },
    { "powermod", 3, 3, bi_powermod, LIB_HELP("powermod(x::Integer, p::Integer, m)", "Compute x^p (mod m), with the sign of m. A negative p takes the inverse of x\n  modulo m first.\n\n  jcalc> powermod(2, 6, 5)\n  4"), NULL },
    { "factorial", 1, 1, bi_factorial, LIB_HELP("factorial(n::Integer)", "Factorial of n. For an Int the result is an Int while it fits and continues as a\n  BigInt beyond (jcalc's rule: Int never wraps); UInt64, Int128 and UInt128 raise\n  Julia's OverflowError past 20!, 33! and 34!.\n\n  jcalc> factorial(6)\n  720\n\n  jcalc> factorial(21)\n  51090942171709440000"), NULL },
    { "binomial", 2, 2, bi_binomial, LIB_HELP("binomial(n::Integer, k::Integer)\n  binomial(x::Number, k::Integer)", "The binomial coefficient (n choose k): the coefficient of the kth term in the\n  polynomial expansion of (1+x)^n. Negative n follows\n  binomial(n, k) = (-1)^k binomial(k-n-1, k); Int results that do not fit continue\n  as BigInt, other fixed-width results raise an OverflowError. For a non-integer x this is the generalized coefficient\n  (1/k!) ∏_{j=0}^{k-1} (x - j), zero for k < 0.\n\n  jcalc> binomial(5, 3)\n  10\n\n  jcalc> binomial(-5, 3)\n  -35\n\n  jcalc> binomial(2.5, 3)\n  0.3125"), NULL },
    { "isqrt", 1, 1, bi_isqrt, LIB_HELP("isqrt(n::Integer)", "Integer square root: the largest integer m such that m*m <= n.\n\n  jcalc> isqrt(5)\n  2"), NULL },
    { "digits", 1, 2, bi_digits, LIB_HELP("digits([T<:Integer], n::Integer; base::T = 10, pad::Integer = 1)", "Return a vector of the digits of n in the given base, least significant\n  first, optionally padded with zeros to a specified size. Negative n gives\n  negative digits.\n\n  jcalc> digits(10)\n  2-element Vector{Int64}:\n   0\n   1\n\n  jcalc> digits(-256, base = 10, pad = 5)\n  5-element Vector{Int64}:\n   -6\n   -5\n   -2\n    0\n    0"), "base pad" },
    { "ndigits", 1, 1, bi_ndigits, LIB_HELP("ndigits(n::Integer; base::Integer=10, pad::Integer=1)", "Compute the number of digits in integer n written in base base (at least\n  pad).\n\n  jcalc> ndigits(12345)\n  5\n\n  jcalc> ndigits(16, base=2)\n  5"), "base pad" },
    { "isprime", 1, 1, bi_isprime, LIB_HELP("isprime(n::Integer) -> Bool", "Return true if n is prime (GMP's test: Baillie-PSW, exact below 2^64, with\n  Miller-Rabin rounds above). Not part of Julia's Base (it is in Primes.jl)."), NULL },
    { "factor", 1, 1, bi_factor, LIB_HELP("factor(n::Integer)", "The prime factorization of n as a tuple of (prime, exponent) pairs in\n  increasing order; a negative n starts with (-1, 1). Uses trial division and\n  Pollard's rho; interrupt with Ctrl-C. Not part of Julia's Base (Primes.jl prints\n  its factorization as 2^2 * 3).\n\n  jcalc> factor(360)\n  ((2, 3), (3, 2), (5, 1))"), NULL },
    { NULL, 0, 0, NULL, NULL, NULL },
};
