/* complex.c — arithmetic on Complex{T}: num_binop's + - * / // with a complex side, the
 * unary operations of a complex (neg, abs, abs2, sign, inv), and the "any number" helpers
 * arith_any_op / arith_any_inv that choose between these and arith.c's real ones.
 *
 * Parts are combined with arith.c's real operations (arith_real_op), never num_binop,
 * so this file sits between arith.c and pow.c in the chain of arith_impl.h; every element
 * type of the tower works, and the result's parts are promoted to one type.
 * Complex ± Real keeps the real's zero sign, as Julia's mixed methods do.  ComplexF64
 * division and inverse follow Julia's robust algorithm (Baudin & Smith, with its
 * scaling). */
#include "num/num.h"

#include <math.h>
#include <stdlib.h>

#include "num/arith_impl.h"

/* r = x op y on real parts; releases nothing.  A sequence of these may go on after one
 * failed (a budget, a size limit): a failed step leaves nothing in *r, and the steps
 * after it, while the error is pending, do nothing; arith_make_complex then fails. */
static int rop(jc_ctx *ctx, value *r, num_op op, value x, value y)
{
    if (ctx->err_set || x.type == T_NOTHING || y.type == T_NOTHING) {
        *r = v_nothing();
        return -1;
    }
    int rc = arith_real_op(ctx, r, op, x, y);
    if (rc < 0)
        *r = v_nothing();
    return rc;
}

/* r = x op y on real parts, releasing the owned temporaries x and y. */
static int rop2(jc_ctx *ctx, value *r, num_op op, value x, value y)
{
    int rc = rop(ctx, r, op, x, y);
    val_release(x);
    val_release(y);
    return rc;
}

/* A complex from two owned real parts, promoted to one type. */
int arith_make_complex(jc_ctx *ctx, value *out, value re, value im)
{
    if (re.type == T_NOTHING || im.type == T_NOTHING) { /* a failed rop before */
        val_release(re);
        val_release(im);
        return -1;
    }
    num_type tr, ti;
    num_typeof(re, &tr);
    num_typeof(im, &ti);
    if (tr.t == ti.t && tr.sub == ti.sub && tr.t != T_IRRATIONAL &&
        (tr.t != T_BIGFLOAT || mpfr_get_prec(val_mpfr(re)) == mpfr_get_prec(val_mpfr(im)))) {
        *out = v_complex(re, im);
        return 0;
    }
    value r2, i2;
    int rc = num_promote(ctx, &r2, &i2, re, im);
    val_release(re);
    val_release(im);
    if (rc < 0)
        return rc;
    *out = v_complex(r2, i2);
    return 0;
}

/* Julia's robust complex division for ComplexF64 (Baudin & Smith), with its scaling. */
static double cdiv2(double a, double b, double c, double d, double r, double t)
{
    if (r != 0) {
        double br = b * r;
        return br != 0 ? (a + br) * t : a * t + (b * t) * r;
    }
    return (a + (d * (b / c))) * t;
}

static void cdiv1(double a, double b, double c, double d, double *p, double *q)
{
    double r = d / c, t = 1.0 / (c + d * r);
    *p = cdiv2(a, b, c, d, r, t);
    *q = cdiv2(b, -a, c, d, r, t);
}

static void cdiv_f64(double a, double b, double c, double d, double *re, double *im)
{
    double ab = fmax(fabs(a), fabs(b)), cd = fmax(fabs(c), fabs(d));
    const double half_ov = 0.5 * 1.7976931348623157e308;
    const double eps = 2.220446049250313e-16, un = 2.2250738585072014e-308;
    const double bs = 2.0 / (eps * eps);
    double s = 1.0, p, q;
    if (ab >= half_ov) { a *= 0.5; b *= 0.5; s *= 2.0; }
    if (cd >= half_ov) { c *= 0.5; d *= 0.5; s *= 0.5; }
    if (ab <= un * 2.0 / eps) { a *= bs; b *= bs; s /= bs; }
    if (cd <= un * 2.0 / eps) { c *= bs; d *= bs; s *= bs; }
    if (fabs(d) <= fabs(c))
        cdiv1(a, b, c, d, &p, &q);
    else {
        cdiv1(b, a, d, c, &p, &q);
        q = -q;
    }
    *re = p * s;
    *im = q * s;
}

/* Julia's inv(::ComplexF64). */
static void cinv_f64(double c, double d, double *re, double *im)
{
    if (isinf(c) || isinf(d)) {
        *re = copysign(0.0, c);
        *im = signbit(d) ? 0.0 : -0.0;
        return;
    }
    double absc = fabs(c), absd = fabs(d), cd = absc > absd ? absc : absd;
    const double eps = 2.220446049250313e-16, bs = 2.0 / (eps * eps);
    double s = 1.0, p, q;
    if (cd >= 1.7976931348623157e308 / 2) { c *= 0.5; d *= 0.5; s = 0.5; }
    if (cd <= 2 * 2.2250738585072014e-308 / eps) { c *= bs; d *= bs; s = bs; }
    if (absd <= absc) {
        double r = d / c, t = 1.0 / (c + d * r);
        p = t;
        q = -r * t;
    } else {
        double r = c / d, t = 1.0 / (d + c * r);
        p = r * t;
        q = -t;
    }
    *re = p * s;
    *im = q * s;
}

/* a / b for complex values of one element type T (generic Smith algorithm, or the
 * robust one for the hardware floats, Float16/32 computed in Float64). */
static int cdiv_same(jc_ctx *ctx, value *out, value a, value b)
{
    jc_complex *x = val_complex(a), *y = val_complex(b);
    int et = x->re.type;
    if (is_hwfloat_t(et)) {
        double re, im;
        cdiv_f64(x->re.u.f, x->im.u.f, y->re.u.f, y->im.u.f, &re, &im);
        *out = v_complex(num_from_double_typed((jc_type)et, re), num_from_double_typed((jc_type)et, im));
        return 0;
    }
    if (et == T_RATIONAL) {
        /* exact: (a * conj(b)) / |b|^2 */
        value n2 = { 0 }, t1 = { 0 }, t2 = { 0 }, re = { 0 }, im = { 0 };
        int rc = 0;
        if ((rc = rop(ctx, &t1, NUM_MUL, y->re, y->re)) < 0) return rc;
        if ((rc = rop(ctx, &t2, NUM_MUL, y->im, y->im)) < 0) { val_release(t1); return rc; }
        if ((rc = rop2(ctx, &n2, NUM_ADD, t1, t2)) < 0) return rc;
        /* re = (ar*br + ai*bi)/n2, im = (ai*br - ar*bi)/n2 */
        value p1, p2, s;
        rop(ctx, &p1, NUM_MUL, x->re, y->re);
        rop(ctx, &p2, NUM_MUL, x->im, y->im);
        rop2(ctx, &s, NUM_ADD, p1, p2);
        rc = rop2(ctx, &re, NUM_DIV, s, val_retain(n2));
        if (rc == 0) {
            rop(ctx, &p1, NUM_MUL, x->im, y->re);
            rop(ctx, &p2, NUM_MUL, x->re, y->im);
            rop2(ctx, &s, NUM_SUB, p1, p2);
            rc = rop2(ctx, &im, NUM_DIV, s, val_retain(n2));
            if (rc < 0) val_release(re);
        }
        val_release(n2);
        if (rc < 0) return rc;
        return arith_make_complex(ctx, out, re, im);
    }
    /* Julia's generic /(::Complex{T}, ::Complex{T}) for integers and BigFloat:
     *   |br| <= |bi|: r = br/bi, den = bi + r*br, ((ar*r + ai)/den, (ai*r - ar)/den)
     *   otherwise:    r = bi/br, den = br + r*bi, ((ar + ai*r)/den, (ai - ar*r)/den) */
    value ab_r, ab_i;
    int c, rc;
    if ((rc = arith_real_abs(&ab_r, y->re)) < 0) return rc;
    if ((rc = arith_real_abs(&ab_i, y->im)) < 0) { val_release(ab_r); return rc; }
    num_cmp(ctx, ab_r, ab_i, &c);
    val_release(ab_r);
    val_release(ab_i);
    value r, den, t, re, im;
    if (c <= 0) {
        if ((rc = rop(ctx, &r, NUM_DIV, y->re, y->im)) < 0) return rc;
        rop(ctx, &t, NUM_MUL, r, y->re);
        rop2(ctx, &den, NUM_ADD, val_retain(y->im), t);
        rop(ctx, &t, NUM_MUL, x->re, r);
        rop2(ctx, &t, NUM_ADD, t, val_retain(x->im));
        rop(ctx, &re, NUM_DIV, t, den);
        val_release(t);
        rop(ctx, &t, NUM_MUL, x->im, r);
        rop2(ctx, &t, NUM_SUB, t, val_retain(x->re));
        rop(ctx, &im, NUM_DIV, t, den);
        val_release(t);
    } else {
        if ((rc = rop(ctx, &r, NUM_DIV, y->im, y->re)) < 0) return rc;
        rop(ctx, &t, NUM_MUL, r, y->im);
        rop2(ctx, &den, NUM_ADD, val_retain(y->re), t);
        rop(ctx, &t, NUM_MUL, x->im, r);
        rop2(ctx, &t, NUM_ADD, val_retain(x->re), t);
        rop(ctx, &re, NUM_DIV, t, den);
        val_release(t);
        rop(ctx, &t, NUM_MUL, x->re, r);
        rop2(ctx, &t, NUM_SUB, val_retain(x->im), t);
        rop(ctx, &im, NUM_DIV, t, den);
        val_release(t);
    }
    val_release(r);
    val_release(den);
    return arith_make_complex(ctx, out, re, im);
}

int arith_complex_inv(jc_ctx *ctx, value *out, value z)
{
    jc_complex *c = val_complex(z);
    int et = c->re.type;
    if (et == T_FLOAT64 || et == T_FLOAT32 || et == T_FLOAT16) {
        double re, im;
        cinv_f64(c->re.u.f, c->im.u.f, &re, &im);
        *out = v_complex(num_from_double_typed((jc_type)et, re), num_from_double_typed((jc_type)et, im));
        return 0;
    }
    if (is_int_t(et) && et != T_BIGINT) {
        /* inv(z::Complex{<:Integer}) = inv(float(z)) */
        double re, im, a, b;
        num_to_double(ctx, c->re, &a);
        num_to_double(ctx, c->im, &b);
        cinv_f64(a, b, &re, &im);
        *out = v_complex(v_f64(re), v_f64(im));
        return 0;
    }
    /* complex(c, -d) / (c*c + d*d) */
    value t1, t2, n2, nd, re, im;
    int rc;
    rop(ctx, &t1, NUM_MUL, c->re, c->re);
    rop(ctx, &t2, NUM_MUL, c->im, c->im);
    if ((rc = rop2(ctx, &n2, NUM_ADD, t1, t2)) < 0) return rc;
    arith_real_neg(&nd, c->im);
    rc = rop(ctx, &re, NUM_DIV, c->re, n2);
    if (rc == 0) {
        rc = rop(ctx, &im, NUM_DIV, nd, n2);
        if (rc < 0) val_release(re);
    }
    val_release(nd);
    val_release(n2);
    if (rc < 0) return rc;
    return arith_make_complex(ctx, out, re, im);
}

int arith_complex_op(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    int ac = a.type == T_COMPLEX, bc = b.type == T_COMPLEX;
    value are = ac ? val_complex(a)->re : a, aim = ac ? val_complex(a)->im : v_bool(0);
    value bre = bc ? val_complex(b)->re : b, bim = bc ? val_complex(b)->im : v_bool(0);
    value re, im;
    int rc;
    switch (op) {
    case NUM_ADD: case NUM_SUB:
        if ((rc = rop(ctx, &re, op, are, bre)) < 0) return rc;
        if (!bc) im = val_retain(aim);                       /* z ± x keeps z.im */
        else if (!ac && op == NUM_SUB) rc = arith_real_neg(&im, bim);   /* x - z */
        else if (!ac) im = val_retain(bim);
        else rc = rop(ctx, &im, op, aim, bim);
        if (rc < 0) { val_release(re); return rc; }
        return arith_make_complex(ctx, out, re, im);
    case NUM_MUL:
        if (!ac || !bc) {   /* x * z = complex(x*re, x*im) */
            value x = ac ? b : a, zr = ac ? are : bre, zi = ac ? aim : bim;
            if ((rc = rop(ctx, &re, NUM_MUL, x, zr)) < 0) return rc;
            if ((rc = rop(ctx, &im, NUM_MUL, x, zi)) < 0) { val_release(re); return rc; }
            return arith_make_complex(ctx, out, re, im);
        } else {
            /* every product can fail (a budget, a size limit): nothing unset is used */
            value p1, p2;
            if ((rc = rop(ctx, &p1, NUM_MUL, are, bre)) < 0) return rc;
            if ((rc = rop(ctx, &p2, NUM_MUL, aim, bim)) < 0) { val_release(p1); return rc; }
            if ((rc = rop2(ctx, &re, NUM_SUB, p1, p2)) < 0) return rc;
            if ((rc = rop(ctx, &p1, NUM_MUL, are, bim)) < 0) { val_release(re); return rc; }
            if ((rc = rop(ctx, &p2, NUM_MUL, aim, bre)) < 0) {
                val_release(p1);
                val_release(re);
                return rc;
            }
            if ((rc = rop2(ctx, &im, NUM_ADD, p1, p2)) < 0) { val_release(re); return rc; }
            return arith_make_complex(ctx, out, re, im);
        }
    case NUM_DIV:
        if (!bc) {   /* z / x = complex(re/x, im/x) */
            if ((rc = rop(ctx, &re, NUM_DIV, are, b)) < 0) return rc;
            if ((rc = rop(ctx, &im, NUM_DIV, aim, b)) < 0) { val_release(re); return rc; }
            return arith_make_complex(ctx, out, re, im);
        }
        if (!ac) {   /* x / z = x * inv(T(z)) with T the promoted complex type */
            num_type ta, tb;
            num_typeof(a, &ta);
            num_typeof(b, &tb);
            num_type t = num_promote_type(ta, tb);
            value z, iz;
            if ((rc = num_convert_to(ctx, &z, t, b)) < 0) return rc;
            rc = arith_complex_inv(ctx, &iz, z);
            val_release(z);
            if (rc < 0) return rc;
            rc = arith_complex_op(ctx, out, NUM_MUL, a, iz);
            val_release(iz);
            return rc;
        } else {
            value x, y;
            if ((rc = num_promote(ctx, &x, &y, a, b)) < 0) return rc;
            /* integer complex division goes through floats, as Julia's does */
            rc = cdiv_same(ctx, out, x, y);
            val_release(x);
            val_release(y);
            return rc;
        }
    case NUM_RDIV:
        if (is_float_t(are.type) || is_float_t(bre.type))
            return NUM_NOMETHOD;
        if (!bc) {
            if ((rc = rop(ctx, &re, NUM_RDIV, are, b)) < 0) return rc;
            if ((rc = rop(ctx, &im, NUM_RDIV, aim, b)) < 0) { val_release(re); return rc; }
            return arith_make_complex(ctx, out, re, im);
        } else {
            /* x // z = x * conj(z) // abs2(z) */
            value cz, n2, num;
            if ((rc = arith_complex_abs2(ctx, &n2, b)) < 0) return rc;
            value nim;
            arith_real_neg(&nim, bim);
            arith_make_complex(ctx, &cz, val_retain(bre), nim);
            rc = arith_complex_op(ctx, &num, NUM_MUL, a, cz);
            val_release(cz);
            if (rc == 0) {   /* num is complex: a times the complex cz */
                rc = arith_complex_op(ctx, out, NUM_RDIV, num, n2);
                val_release(num);
            }
            val_release(n2);
            return rc;
        }
    default:
        return NUM_NOMETHOD;
    }
}

/* ---- unary ---- */

int arith_complex_neg(jc_ctx *ctx, value *out, value z)
{
    value re, im;
    arith_real_neg(&re, val_complex(z)->re);
    arith_real_neg(&im, val_complex(z)->im);
    return arith_make_complex(ctx, out, re, im);
}

int arith_complex_abs(jc_ctx *ctx, value *out, value z)
{
    jc_complex *c = val_complex(z);
    if (c->re.type == T_BIGFLOAT || c->re.type == T_BIGINT ||
        (c->re.type == T_RATIONAL && c->re.sub == T_BIGINT)) {
        value r = num_bigfloat(ctx);
        mpfr_t x, y;
        mpfr_inits2(ctx->precision, x, y, (mpfr_ptr)0);
        num_to_mpfr(ctx, x, c->re);
        num_to_mpfr(ctx, y, c->im);
        mpfr_hypot(val_mpfr(r), x, y, ctx->rounding);
        mpfr_clears(x, y, (mpfr_ptr)0);
        *out = r;
        return 0;
    }
    double x, y;
    num_to_double(ctx, c->re, &x);
    num_to_double(ctx, c->im, &y);
    jc_type t = is_hwfloat_t(c->re.type) ? (jc_type)c->re.type : T_FLOAT64;
    *out = num_from_double_typed(t, hypot(x, y));
    return 0;
}

int arith_complex_abs2(jc_ctx *ctx, value *out, value z)
{
    jc_complex *c = val_complex(z);
    value t1, t2;
    int rc;
    if ((rc = rop(ctx, &t1, NUM_MUL, c->re, c->re)) < 0) return rc;
    if ((rc = rop(ctx, &t2, NUM_MUL, c->im, c->im)) < 0) { val_release(t1); return rc; }
    return rop2(ctx, out, NUM_ADD, t1, t2);
}

/* z / abs(z), and z itself for a zero z. */
int arith_complex_sign(jc_ctx *ctx, value *out, value z)
{
    int zero, rc;
    num_iszero(ctx, z, &zero);
    if (zero) { *out = val_retain(z); return 0; }
    value m;
    if ((rc = arith_complex_abs(ctx, &m, z)) < 0) return rc;
    rc = arith_complex_op(ctx, out, NUM_DIV, z, m);
    val_release(m);
    return rc;
}

/* ---- any number ---- */

int arith_any_op(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    if (a.type != T_COMPLEX && b.type != T_COMPLEX)
        return arith_real_op(ctx, out, op, a, b);
    if (!num_is_number(a) || !num_is_number(b))
        return NUM_NOMETHOD;
    /* a complex side: shifts and ^ fall to arith_complex_op's NUM_NOMETHOD */
    if (op == NUM_LDIV)
        return arith_complex_op(ctx, out, NUM_DIV, b, a);
    return arith_complex_op(ctx, out, op, a, b);
}

int arith_any_inv(jc_ctx *ctx, value *out, value x)
{
    return x.type == T_COMPLEX ? arith_complex_inv(ctx, out, x) : arith_real_inv(ctx, out, x);
}
