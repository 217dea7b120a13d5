/* test_num.c — the number tower (src/num) against independent references.
 *
 * Integer and rational results are checked against GMP computed here; hardware float
 * results against C arithmetic (Float64, Float32) or MPFR at 11 bits with binary16's
 * exponent range (Float16); BigFloat against MPFR at the same precision; mixed-type
 * comparisons against exact rational comparison.  Promotion, literal powers, division
 * corner cases and error texts come from Julia 1.10's documented behaviour (see
 * shared reference §1.7, §2.2, §2.3).  Each check is one assertion. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "jc.h"
#include "num/fixint.h"
#include "num/num.h"
#include "show.h"
#include "check.h"

static jc_ctx *C;

static uint64_t rng_state = 0x9e3779b97f4a7c15U;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dU;
}

static const int64_t edge[] = {
    0, 1, -1, 2, -2, 3, -7, 7, 10, -10, 1000000007, -999999937, INT64_MAX, INT64_MIN,
    INT64_MAX - 1, INT64_MIN + 1, (int64_t)1 << 32, -((int64_t)1 << 32), (int64_t)1 << 62,
    3037000499, 3037000500, -3037000500,
};
#define NEDGE (sizeof edge / sizeof *edge)

static int64_t pick_int(void)
{
    uint64_t r = rnd();
    switch (r % 4) {
    case 0: return edge[(r >> 8) % NEDGE];
    case 1: return (int64_t)(rnd() % 2001) - 1000;
    case 2: return (int64_t)rnd() >> (r >> 8) % 63;
    default: return (int64_t)rnd();
    }
}

/* The value as an exact integer in z; returns the type tag. */
static int val_to_z(mpz_ptr z, value v)
{
    if (v.type == T_INT64) mpz_set_si(z, v.u.i);
    else if (v.type == T_BIGINT) mpz_set(z, val_mpz(v));
    return v.type;
}

static void clear_err(void) { err_clear(C); }

/* ---- Int64 / BigInt arithmetic against GMP ---- */

static const char *opname(num_op op)
{
    static const char *n[] = { "+", "-", "*", "/", "\\", "^", "div", "fld", "cld", "rem", "mod",
                               "mod1", "//", "&", "|", "xor", "<<", ">>", ">>>", "min", "max" };
    return n[op];
}

/* Expected integer result of op, or 0 when the op raises DivideError. */
static int ref_int(num_op op, mpz_ptr r, mpz_srcptr x, mpz_srcptr y)
{
    switch (op) {
    case NUM_ADD: mpz_add(r, x, y); return 1;
    case NUM_SUB: mpz_sub(r, x, y); return 1;
    case NUM_MUL: mpz_mul(r, x, y); return 1;
    case NUM_AND: mpz_and(r, x, y); return 1;
    case NUM_OR: mpz_ior(r, x, y); return 1;
    case NUM_XOR: mpz_xor(r, x, y); return 1;
    case NUM_MIN: mpz_set(r, mpz_cmp(x, y) < 0 ? x : y); return 1;
    case NUM_MAX: mpz_set(r, mpz_cmp(x, y) > 0 ? x : y); return 1;
    default: break;
    }
    if (mpz_sgn(y) == 0)
        return 0;
    switch (op) {
    case NUM_IDIV: mpz_tdiv_q(r, x, y); return 1;
    case NUM_FLD: mpz_fdiv_q(r, x, y); return 1;
    case NUM_CLD: mpz_cdiv_q(r, x, y); return 1;
    case NUM_REM: mpz_tdiv_r(r, x, y); return 1;
    case NUM_MOD: mpz_fdiv_r(r, x, y); return 1;
    default: mpz_fdiv_r(r, x, y); if (mpz_sgn(r) == 0) mpz_set(r, y); return 1;   /* mod1 */
    }
}

static void test_int64_ops(void)
{
    static const num_op ops[] = { NUM_ADD, NUM_SUB, NUM_MUL, NUM_IDIV, NUM_FLD, NUM_CLD, NUM_REM,
                                  NUM_MOD, NUM_MOD1, NUM_AND, NUM_OR, NUM_XOR, NUM_MIN, NUM_MAX };
    mpz_t x, y, r, g;
    mpz_inits(x, y, r, g, NULL);
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
        long bad = 0, n = 0;
        for (int i = 0; i < 3000; i++) {
            int64_t a = pick_int(), b = pick_int();
            mpz_set_si(x, a);
            mpz_set_si(y, b);
            value out;
            int ok = ref_int(ops[k], r, x, y);
            int rc = num_binop(C, &out, ops[k], v_int(a), v_int(b));
            n++;
            if (!ok) {
                if (rc != -1 || C->err.kind != JC_ERR_DIVIDE) bad++;
                clear_err();
                continue;
            }
            if (rc != 0) { bad++; clear_err(); continue; }
            /* Int64 when the exact result fits, BigInt only when it does not */
            int want_type = mpz_fits_slong_p(r) ? T_INT64 : T_BIGINT;
            int t = val_to_z(g, out);
            if (t != want_type || mpz_cmp(g, r) != 0) {
                if (bad < 3) gmp_printf("  %s(%lld, %lld): got type %d %Zd want %Zd\n", opname(ops[k]),
                                       (long long)a, (long long)b, t, g, r);
                bad++;
            }
            val_release(out);
        }
        check_ok(bad == 0, "Int64 %s against GMP (%ld of %ld bad)", opname(ops[k]), bad, n);
    }
    /* BigInt operands: results stay BigInt even when they would fit */
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
        long bad = 0;
        for (int i = 0; i < 500; i++) {
            value a = v_bigint_new(), b = v_bigint_new(), out;
            mpz_set_si(val_mpz(a), pick_int());
            mpz_mul_si(val_mpz(a), val_mpz(a), pick_int() | 1);
            mpz_set_si(val_mpz(b), pick_int());
            int ok = ref_int(ops[k], r, val_mpz(a), val_mpz(b));
            int rc = num_binop(C, &out, ops[k], a, b);
            if (!ok) {
                if (rc != -1 || C->err.kind != JC_ERR_DIVIDE) bad++;
                clear_err();
            } else if (rc != 0 || out.type != T_BIGINT || mpz_cmp(val_mpz(out), r) != 0) {
                bad++;
                if (rc == 0) val_release(out); else clear_err();
            } else
                val_release(out);
            val_release(a);
            val_release(b);
        }
        check_ok(bad == 0, "BigInt %s against GMP stays BigInt (%ld bad)", opname(ops[k]), bad);
    }
    mpz_clears(x, y, r, g, NULL);
}

/* Int64 ^ Int64 (non-negative) against mpz_pow_ui, and negation/abs at the edges. */
static void test_int_pow_neg(void)
{
    mpz_t r, g;
    mpz_inits(r, g, NULL);
    long bad = 0;
    for (int base = -12; base <= 12; base++)
        for (int e = 0; e <= 70; e++) {
            value out;
            mpz_ui_pow_ui(r, (unsigned long)labs(base), (unsigned long)e);
            if (base < 0 && (e & 1)) mpz_neg(r, r);
            if (num_binop(C, &out, NUM_POW, v_int(base), v_int(e)) != 0) { bad++; clear_err(); continue; }
            int want = mpz_fits_slong_p(r) ? T_INT64 : T_BIGINT;
            if (val_to_z(g, out) != want || mpz_cmp(g, r)) bad++;
            val_release(out);
        }
    check_ok(bad == 0, "Int64^Int64 against mpz_pow_ui, BigInt exactly on overflow (%ld bad)", bad);

    value out;
    num_neg(C, &out, v_int(INT64_MIN));
    mpz_set_si(r, INT64_MIN);
    mpz_neg(r, r);
    check_ok(out.type == T_BIGINT && mpz_cmp(val_mpz(out), r) == 0, "-typemin(Int) is 9223372036854775808 as BigInt");
    val_release(out);
    num_abs(C, &out, v_int(INT64_MIN));
    check_ok(out.type == T_BIGINT && mpz_cmp(val_mpz(out), r) == 0, "abs(typemin(Int)) is BigInt");
    val_release(out);
    num_binop(C, &out, NUM_ADD, v_int(INT64_MAX), v_int(1));
    check_ok(out.type == T_BIGINT && mpz_cmp(val_mpz(out), r) == 0, "typemax(Int)+1 == 9223372036854775808");
    val_release(out);
    num_binop(C, &out, NUM_POW, v_int(2), v_int(64));
    mpz_ui_pow_ui(r, 2, 64);
    check_ok(out.type == T_BIGINT && mpz_cmp(val_mpz(out), r) == 0, "2^64 == 18446744073709551616");
    val_release(out);
    mpz_clears(r, g, NULL);
}

/* ---- Rational against mpq ---- */

static value mkrat(int64_t n, int64_t d)
{
    value v;
    mpz_t a, b;
    mpz_init_set_si(a, n);
    mpz_init_set_si(b, d);
    num_rational(C, &v, a, b, T_INT64);
    mpz_clears(a, b, NULL);
    return v;
}

static void test_rational(void)
{
    static const num_op ops[] = { NUM_ADD, NUM_SUB, NUM_MUL, NUM_DIV, NUM_RDIV };
    mpq_t x, y, r;
    mpq_inits(x, y, r, NULL);
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
        long bad = 0;
        for (int i = 0; i < 2000; i++) {
            int64_t an = (int64_t)(rnd() % 2001) - 1000, ad = (int64_t)(rnd() % 999) + 1;
            int64_t bn = (int64_t)(rnd() % 2001) - 1000, bd = (int64_t)(rnd() % 999) + 1;
            if (i % 7 == 0) { an = (int64_t)rnd() >> 2; ad = ((int64_t)rnd() >> 3) | 1; if (ad < 0) ad = -ad; }
            if (bn == 0 && (ops[k] == NUM_DIV || ops[k] == NUM_RDIV)) bn = 1;
            value a = mkrat(an, ad), b = mkrat(bn, bd), out;
            mpq_set_si(x, an, (unsigned long)ad);
            mpq_canonicalize(x);
            mpq_set_si(y, bn, (unsigned long)bd);
            mpq_canonicalize(y);
            switch (ops[k]) {
            case NUM_ADD: mpq_add(r, x, y); break;
            case NUM_SUB: mpq_sub(r, x, y); break;
            case NUM_MUL: mpq_mul(r, x, y); break;
            default: mpq_div(r, x, y); break;
            }
            int rc = num_binop(C, &out, ops[k], a, b);
            int fits = mpz_fits_slong_p(mpq_numref(r)) && mpz_fits_slong_p(mpq_denref(r));
            if (rc != 0 || out.type != T_RATIONAL || !mpq_equal(val_mpq(out), r) ||
                out.sub != (fits ? T_INT64 : T_BIGINT))
                bad++;
            if (rc == 0) val_release(out); else clear_err();
            val_release(a);
            val_release(b);
        }
        check_ok(bad == 0, "Rational %s against mpq (Rational{BigInt} exactly when a part leaves Int64) (%ld bad)",
              opname(ops[k]), bad);
    }
    mpq_clears(x, y, r, NULL);

    /* Julia's normalisation: sign on the numerator, ±1//0, 0//0 an ArgumentError */
    static const struct { int64_t n, d, en, ed; } norm[] = {
        { 6, 3, 2, 1 }, { -3, 4, -3, 4 }, { 1, 0, 1, 0 }, { 6, 9, 2, 3 }, { -4, 8, -1, 2 },
        { 5, -15, -1, 3 }, { -4, -12, 1, 3 }, { 5, 0, 1, 0 }, { -3, 0, -1, 0 }, { 0, 5, 0, 1 },
        { 0, -5, 0, 1 },
    };
    for (size_t i = 0; i < sizeof norm / sizeof *norm; i++) {
        value v = mkrat(norm[i].n, norm[i].d);
        mpq_ptr q = val_mpq(v);
        check_ok(mpz_cmp_si(mpq_numref(q), norm[i].en) == 0 && mpz_cmp_si(mpq_denref(q), norm[i].ed) == 0,
              "%lld//%lld normalises to %lld//%lld", (long long)norm[i].n, (long long)norm[i].d,
              (long long)norm[i].en, (long long)norm[i].ed);
        val_release(v);
    }
    mpz_t z0;
    mpz_init(z0);
    value v;
    int rc = num_rational(C, &v, z0, z0, T_INT64);
    check_ok(rc == -1 && C->err.kind == JC_ERR_ARGUMENT &&
          !strcmp(C->err.message, "ArgumentError: invalid rational: zero(Int64)//zero(Int64)"),
          "0//0 is ArgumentError: invalid rational: zero(Int64)//zero(Int64)");
    clear_err();
    mpz_clear(z0);
}

/* ---- hardware floats ---- */

static double f16_ref(double x)
{
    /* MPFR with binary16's format: 11 bits, emin/emax of IEEE half, subnormals */
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-23);
    mpfr_set_emax(16);
    mpfr_t t;
    mpfr_init2(t, 11);
    int inex = mpfr_set_d(t, x, MPFR_RNDN);
    mpfr_subnormalize(t, inex, MPFR_RNDN);
    double r = mpfr_get_d(t, MPFR_RNDN);
    mpfr_clear(t);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return r;
}

static int same_double(double a, double b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

static double rnd_double(void)
{
    uint64_t r = rnd();
    switch (r % 5) {
    case 0: return (double)(int64_t)(rnd() % 20001 - 10000) / 64.0;
    case 1: { double d = bits_to_double(rnd()); return isnan(d) ? 1.5 : d; }
    case 2: return ldexp((double)(rnd() >> 11), -(int)(rnd() % 80));
    case 3: return -ldexp((double)(rnd() >> 11), (int)(rnd() % 40) - 60);
    default: return (double)(int64_t)(rnd() % 200) - 100;
    }
}

static void test_floats(void)
{
    static const num_op ops[] = { NUM_ADD, NUM_SUB, NUM_MUL, NUM_DIV };
    for (size_t k = 0; k < 4; k++) {
        long bad64 = 0, bad32 = 0, bad16 = 0;
        for (int i = 0; i < 3000; i++) {
            double a = rnd_double(), b = rnd_double();
            double r;
            switch (ops[k]) {
            case NUM_ADD: r = a + b; break;
            case NUM_SUB: r = a - b; break;
            case NUM_MUL: r = a * b; break;
            default: r = a / b; break;
            }
            value out;
            num_binop(C, &out, ops[k], v_f64(a), v_f64(b));
            if (out.type != T_FLOAT64 || !same_double(out.u.f, r)) bad64++;
            /* Float32: C float arithmetic is the reference */
            float fa = (float)a, fb = (float)b, fr;
            switch (ops[k]) {
            case NUM_ADD: fr = fa + fb; break;
            case NUM_SUB: fr = fa - fb; break;
            case NUM_MUL: fr = fa * fb; break;
            default: fr = fa / fb; break;
            }
            value x32 = num_from_double_typed(T_FLOAT32, fa), y32 = num_from_double_typed(T_FLOAT32, fb);
            num_binop(C, &out, ops[k], x32, y32);
            if (out.type != T_FLOAT32 || !same_double(out.u.f, (double)fr)) bad32++;
            /* Float16: MPFR at 11 bits of the exact double result (exact for + - * of
             * binary16 values; / rounds the exact quotient the same way) */
            double ha = f16_ref(a), hb = f16_ref(b);
            double hr;
            {
                mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
                mpfr_set_emin(-23);
                mpfr_set_emax(16);
                mpfr_t p, q;
                mpfr_init2(p, 11);
                mpfr_init2(q, 11);
                mpfr_set_d(p, ha, MPFR_RNDN);
                mpfr_set_d(q, hb, MPFR_RNDN);
                int inex;
                switch (ops[k]) {
                case NUM_ADD: inex = mpfr_add(p, p, q, MPFR_RNDN); break;
                case NUM_SUB: inex = mpfr_sub(p, p, q, MPFR_RNDN); break;
                case NUM_MUL: inex = mpfr_mul(p, p, q, MPFR_RNDN); break;
                default: inex = mpfr_div(p, p, q, MPFR_RNDN); break;
                }
                mpfr_subnormalize(p, inex, MPFR_RNDN);
                hr = mpfr_get_d(p, MPFR_RNDN);
                mpfr_clears(p, q, (mpfr_ptr)0);
                mpfr_set_emin(emin);
                mpfr_set_emax(emax);
            }
            num_binop(C, &out, ops[k], num_from_double_typed(T_FLOAT16, ha), num_from_double_typed(T_FLOAT16, hb));
            if (out.type != T_FLOAT16 || !same_double(out.u.f, hr)) bad16++;
        }
        check_ok(bad64 == 0, "Float64 %s matches C double (%ld bad)", opname(ops[k]), bad64);
        check_ok(bad32 == 0, "Float32 %s matches C float (%ld bad)", opname(ops[k]), bad32);
        check_ok(bad16 == 0, "Float16 %s matches MPFR binary16 (%ld bad)", opname(ops[k]), bad16);
    }
    /* conversions to Float16 round once, correctly */
    long bad = 0;
    for (int i = 0; i < 5000; i++) {
        double a = rnd_double() / 1024;
        if (!same_double(num_from_double_typed(T_FLOAT16, a).u.f, f16_ref(a))) bad++;
    }
    check_ok(bad == 0, "Float16(x) rounds like MPFR binary16 (%ld bad)", bad);

    /* Int64 -> Float32 rounds once (not through double) */
    int64_t big = ((int64_t)1 << 53) + 3;   /* needs two roundings to go wrong */
    value out;
    num_type f32 = { T_FLOAT32, 0, 0 };
    num_convert_to(C, &out, f32, v_int(big));
    check_ok(same_double(out.u.f, (double)(float)big) || out.u.f == (double)(float)big, "Float32(2^53+3)");
}

/* ---- BigFloat against MPFR ---- */

static void test_bigfloat(void)
{
    static const num_op ops[] = { NUM_ADD, NUM_SUB, NUM_MUL, NUM_DIV };
    for (int prec = 0; prec < 3; prec++) {
        static const mpfr_prec_t precs[] = { 256, 64, 1000 };
        C->precision = precs[prec];
        for (size_t k = 0; k < 4; k++) {
            long bad = 0;
            for (int i = 0; i < 300; i++) {
                value a = num_bigfloat(C), b = num_bigfloat(C), out;
                mpfr_set_d(val_mpfr(a), rnd_double(), MPFR_RNDN);
                mpfr_set_d(val_mpfr(b), rnd_double(), MPFR_RNDN);
                mpfr_div_ui(val_mpfr(a), val_mpfr(a), 3, MPFR_RNDN);
                mpfr_t r;
                mpfr_init2(r, precs[prec]);
                switch (ops[k]) {
                case NUM_ADD: mpfr_add(r, val_mpfr(a), val_mpfr(b), MPFR_RNDN); break;
                case NUM_SUB: mpfr_sub(r, val_mpfr(a), val_mpfr(b), MPFR_RNDN); break;
                case NUM_MUL: mpfr_mul(r, val_mpfr(a), val_mpfr(b), MPFR_RNDN); break;
                default: mpfr_div(r, val_mpfr(a), val_mpfr(b), MPFR_RNDN); break;
                }
                if (num_binop(C, &out, ops[k], a, b) != 0 || out.type != T_BIGFLOAT ||
                    mpfr_get_prec(val_mpfr(out)) != precs[prec] ||
                    !(mpfr_equal_p(val_mpfr(out), r) || (mpfr_nan_p(r) && mpfr_nan_p(val_mpfr(out)))))
                    bad++;
                else
                    val_release(out);
                mpfr_clear(r);
                val_release(a);
                val_release(b);
            }
            check_ok(bad == 0, "BigFloat %s at %ld bits against MPFR (%ld bad)", opname(ops[k]), (long)precs[prec], bad);
        }
    }
    C->precision = 256;
    /* BigInt / BigInt is BigFloat: big(1)/3 equals MPFR's 1/3 */
    value one = v_bigint_new(), three = v_bigint_new(), out;
    mpz_set_ui(val_mpz(one), 1);
    mpz_set_ui(val_mpz(three), 3);
    num_binop(C, &out, NUM_DIV, one, three);
    mpfr_t r;
    mpfr_init2(r, 256);
    mpfr_set_ui(r, 1, MPFR_RNDN);
    mpfr_div_ui(r, r, 3, MPFR_RNDN);
    check_ok(out.type == T_BIGFLOAT && mpfr_equal_p(val_mpfr(out), r), "big(1)/3 is the 256-bit MPFR 1/3");
    val_release(out);
    /* big(π) is MPFR's π at 256 bits */
    num_type bf = { T_BIGFLOAT, 0, 0 };
    num_convert_to(C, &out, bf, v_irrational(IRR_PI));
    mpfr_const_pi(r, MPFR_RNDN);
    check_ok(mpfr_equal_p(val_mpfr(out), r), "big(π) is mpfr_const_pi at 256 bits");
    val_release(out);
    /* BigFloat("0.1") is correctly rounded */
    num_parse_bigfloat(C, &out, "0.1");
    mpfr_set_str(r, "0.1", 10, MPFR_RNDN);
    check_ok(mpfr_equal_p(val_mpfr(out), r), "BigFloat(\"0.1\") is correctly rounded");
    val_release(out);
    mpfr_clear(r);
    val_release(one);
    val_release(three);
}

/* ---- mixed comparisons against exact rationals ---- */

static value rand_real(mpq_ptr q)
{
    switch (rnd() % 4) {
    case 0: { int64_t i = pick_int(); mpq_set_si(q, i, 1); return v_int(i); }
    case 1: {
        double d = (double)(int64_t)(rnd() % 2001 - 1000) / 8.0;
        if (rnd() % 3 == 0) d = (double)(((int64_t)1 << 53) + (int64_t)(rnd() % 5));
        mpq_set_d(q, d);
        return v_f64(d);
    }
    case 2: {
        int64_t n = (int64_t)(rnd() % 2001) - 1000, d = (int64_t)(rnd() % 16) + 1;
        mpq_set_si(q, n, (unsigned long)d);
        mpq_canonicalize(q);
        return mkrat(n, d);
    }
    default: {
        value b = v_bigint_new();
        mpz_set_si(val_mpz(b), pick_int());
        if (rnd() & 1) mpz_mul_2exp(val_mpz(b), val_mpz(b), 70);
        mpq_set_z(q, val_mpz(b));
        return b;
    }
    }
}

static void test_compare(void)
{
    mpq_t x, y;
    mpq_inits(x, y, NULL);
    long bad = 0, beq = 0;
    for (int i = 0; i < 5000; i++) {
        value a = rand_real(x), b = rand_real(y);
        if (i % 3 == 0) { val_release(b); b = val_retain(a); mpq_set(y, x); }
        int want = mpq_cmp(x, y);
        want = (want > 0) - (want < 0);
        int got = 9, eq = 9;
        num_cmp(C, a, b, &got);
        num_equal(C, a, b, &eq);
        if (got != want) bad++;
        if (eq != (want == 0)) beq++;
        val_release(a);
        val_release(b);
    }
    check_ok(bad == 0, "num_cmp on mixed Int64/BigInt/Float64/Rational is exact (%ld bad)", bad);
    check_ok(beq == 0, "== on mixed types is exact (%ld bad)", beq);
    mpq_clears(x, y, NULL);

    int r;
    num_cmp(C, v_f64(NAN), v_int(1), &r);
    check_ok(r == NUM_UNORDERED, "NaN is unordered");
    num_equal(C, v_f64(0.0), v_f64(-0.0), &r);
    check_ok(r == 1, "0.0 == -0.0");
    num_isequal(C, v_f64(0.0), v_f64(-0.0), &r);
    check_ok(r == 0, "!isequal(0.0, -0.0)");
    num_isequal(C, v_f64(NAN), v_f64(NAN), &r);
    check_ok(r == 1, "isequal(NaN, NaN)");
    check_ok(!num_identical(v_int(1), v_f64(1.0)), "1 !== 1.0");
    check_ok(!num_identical(v_f64(0.0), v_f64(-0.0)), "0.0 !== -0.0");
    check_ok(num_identical(v_f64(NAN), v_f64(NAN)), "NaN === NaN");
    num_cmp(C, v_irrational(IRR_PI), v_f64(3.141592653589793), &r);
    check_ok(r == 1, "π > Float64(π) (Float64(π) rounds down)");
    num_cmp(C, v_irrational(IRR_E), v_irrational(IRR_PI), &r);
    check_ok(r == -1, "ℯ < π");
    num_equal(C, v_irrational(IRR_PI), v_irrational(IRR_PI), &r);
    check_ok(r == 1, "π == π");
}

/* ---- promotion (reference §2.2) ---- */

static void test_promotion(void)
{
    static const struct { num_type a, b, want; const char *what; } t[] = {
        { { T_INT64, 0, 0 }, { T_FLOAT64, 0, 0 }, { T_FLOAT64, 0, 0 }, "Int + Float64" },
        { { T_INT64, 0, 0 }, { T_FLOAT32, 0, 0 }, { T_FLOAT32, 0, 0 }, "Int + Float32" },
        { { T_FLOAT32, 0, 0 }, { T_FLOAT64, 0, 0 }, { T_FLOAT64, 0, 0 }, "Float32 + Float64" },
        { { T_INT64, 0, 0 }, { T_RATIONAL, T_INT64, 0 }, { T_RATIONAL, T_INT64, 0 }, "Int + Rational" },
        { { T_RATIONAL, T_INT64, 0 }, { T_FLOAT64, 0, 0 }, { T_FLOAT64, 0, 0 }, "Rational + Float64" },
        { { T_RATIONAL, T_INT64, 0 }, { T_FLOAT32, 0, 0 }, { T_FLOAT32, 0, 0 }, "Rational + Float32" },
        { { T_INT64, 0, 0 }, { T_BIGINT, 0, 0 }, { T_BIGINT, 0, 0 }, "Int + BigInt" },
        { { T_BIGINT, 0, 0 }, { T_FLOAT64, 0, 0 }, { T_BIGFLOAT, 0, 0 }, "BigInt + Float64" },
        { { T_BIGINT, 0, 0 }, { T_FLOAT16, 0, 0 }, { T_BIGFLOAT, 0, 0 }, "BigInt + Float16" },
        { { T_BIGFLOAT, 0, 0 }, { T_RATIONAL, T_INT64, 0 }, { T_BIGFLOAT, 0, 0 }, "BigFloat + Rational" },
        { { T_RATIONAL, T_BIGINT, 0 }, { T_FLOAT64, 0, 0 }, { T_BIGFLOAT, 0, 0 }, "Rational{BigInt} + Float64" },
        { { T_RATIONAL, T_INT64, 0 }, { T_BIGINT, 0, 0 }, { T_RATIONAL, T_BIGINT, 0 }, "Rational + BigInt" },
        { { T_BOOL, 0, 0 }, { T_INT64, 0, 0 }, { T_INT64, 0, 0 }, "Bool + Int" },
        { { T_BOOL, 0, 0 }, { T_FLOAT32, 0, 0 }, { T_FLOAT32, 0, 0 }, "Bool + Float32" },
        { { T_INT64, 0, 0 }, { T_UINT64, 0, 0 }, { T_UINT64, 0, 0 }, "Int64 + UInt64" },
        { { T_INT64, 0, 0 }, { T_UINT8, 0, 0 }, { T_INT64, 0, 0 }, "Int64 + UInt8" },
        { { T_UINT8, 0, 0 }, { T_UINT16, 0, 0 }, { T_UINT16, 0, 0 }, "UInt8 + UInt16" },
        { { T_FLOAT16, 0, 0 }, { T_INT64, 0, 0 }, { T_FLOAT16, 0, 0 }, "Float16 + Int" },
        { { T_IRRATIONAL, IRR_PI, 0 }, { T_INT64, 0, 0 }, { T_FLOAT64, 0, 0 }, "Irrational + Int" },
        { { T_IRRATIONAL, IRR_PI, 0 }, { T_FLOAT32, 0, 0 }, { T_FLOAT32, 0, 0 }, "Irrational + Float32" },
        { { T_IRRATIONAL, IRR_PI, 0 }, { T_BIGINT, 0, 0 }, { T_BIGFLOAT, 0, 0 }, "Irrational + BigInt" },
        { { T_IRRATIONAL, IRR_PI, 0 }, { T_RATIONAL, T_INT64, 0 }, { T_FLOAT64, 0, 0 }, "Irrational + Rational" },
        { { T_IRRATIONAL, IRR_PI, 0 }, { T_IRRATIONAL, IRR_E, 0 }, { T_FLOAT64, 0, 0 }, "Irrational + Irrational" },
        { { T_IRRATIONAL, IRR_PI, 0 }, { T_BIGFLOAT, 0, 0 }, { T_BIGFLOAT, 0, 0 }, "Irrational + BigFloat" },
        { { T_INT64, 0, 1 }, { T_FLOAT64, 0, 0 }, { T_FLOAT64, 0, 1 }, "Complex{Int} + Float64" },
        { { T_BOOL, 0, 1 }, { T_RATIONAL, T_INT64, 0 }, { T_RATIONAL, T_INT64, 1 }, "Complex{Bool} + Rational" },
        { { T_FLOAT32, 0, 1 }, { T_BIGINT, 0, 0 }, { T_BIGFLOAT, 0, 1 }, "ComplexF32 + BigInt" },
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        for (int swap = 0; swap < 2; swap++) {
            num_type r = swap ? num_promote_type(t[i].b, t[i].a) : num_promote_type(t[i].a, t[i].b);
            int ok = r.t == t[i].want.t && r.cplx == t[i].want.cplx &&
                     (r.t != T_RATIONAL || r.sub == t[i].want.sub);
            check_ok(ok, "promote_type(%s)%s", t[i].what, swap ? " swapped" : "");
        }
    }
}

/* ---- printing of results (reference §1) ---- */

static void show_is(value v, show_mode mode, const char *want, const char *what)
{
    sb b = { 0 };
    show_value(C, &b, v, mode, 0);
    check_ok(!strcmp(sb_str(&b), want), "%s: got \"%s\", want \"%s\"", what, sb_str(&b), want);
    sb_free(&b);
}

/* Evaluates a op b and checks the text. */
static void op_shows(value a, num_op op, value b, const char *want)
{
    value out;
    int rc = num_binop(C, &out, op, a, b);
    if (rc != 0) {
        check_ok(0, "%s: raised %s", want, C->err.message ? C->err.message : "?");
        clear_err();
        return;
    }
    show_is(out, SHOW_PLAIN, want, want);
    val_release(out);
}

static void test_show(void)
{
    value im = v_complex(v_bool(0), v_bool(1)), z1, z2, t;
    op_shows(v_int(1), NUM_DIV, v_int(3), "0.3333333333333333");
    op_shows(v_int(6), NUM_RDIV, v_int(3), "2//1");
    op_shows(v_int(-3), NUM_RDIV, v_int(4), "-3//4");
    op_shows(v_int(5), NUM_RDIV, v_int(0), "1//0");
    op_shows(v_int(-3), NUM_RDIV, v_int(0), "-1//0");
    op_shows(v_int(1), NUM_DIV, v_int(0), "Inf");
    op_shows(v_int(-5), NUM_DIV, v_int(0), "-Inf");
    op_shows(v_int(0), NUM_DIV, v_int(0), "NaN");
    op_shows(v_f64(0.1), NUM_ADD, v_f64(0.2), "0.30000000000000004");
    op_shows(v_bool(1), NUM_ADD, v_bool(1), "2");
    op_shows(v_f64(NAN), NUM_MUL, v_bool(0), "0.0");
    op_shows(v_bool(0), NUM_MUL, v_f64(INFINITY), "0.0");
    op_shows(v_int(-7), NUM_IDIV, v_int(2), "-3");
    op_shows(v_int(-7), NUM_FLD, v_int(2), "-4");
    op_shows(v_int(-7), NUM_CLD, v_int(2), "-3");
    op_shows(v_int(-7), NUM_REM, v_int(2), "-1");
    op_shows(v_int(-7), NUM_MOD, v_int(2), "1");
    op_shows(v_int(7), NUM_MOD, v_int(-2), "-1");
    op_shows(v_f64(8.9), NUM_MOD, v_int(3), "2.9000000000000004");
    op_shows(v_f64(6.0), NUM_FLD, v_f64(0.1), "59.0");
    op_shows(v_f64(7.3), NUM_FLD, v_f64(5.5), "1.0");
    op_shows(v_f64(5.5), NUM_CLD, v_f64(2.2), "3.0");
    op_shows(v_f64(1.0), NUM_REM, v_int(0), "NaN");
    op_shows(v_f64(7.0), NUM_IDIV, v_int(2), "3.0");
    op_shows(v_int(INT64_MIN), NUM_MOD, v_int(-1), "0");
    op_shows(v_int(INT64_MAX), NUM_ADD, v_int(1), "9223372036854775808");
    op_shows(v_int(10), NUM_POW, v_int(19), "10000000000000000000");
    op_shows(v_int(2), NUM_POW, v_int(62), "4611686018427387904");

    /* Complex forms (§1.4) */
    z1 = v_complex(v_int(1), v_int(2));
    z2 = v_complex(v_int(2), v_int(-3));
    op_shows(z1, NUM_MUL, z2, "8 + 1im");
    val_release(z2);
    z2 = v_complex(v_int(1), v_int(-2));
    op_shows(z1, NUM_DIV, z2, "-0.6 + 0.8im");
    op_shows(z1, NUM_ADD, z2, "2 + 0im");
    val_release(z2);
    show_is(z1, SHOW_PLAIN, "1 + 2im", "1+2im");
    val_release(z1);
    z1 = v_complex(v_int(-1), v_int(2));
    num_literal_pow(C, &t, z1, 2);
    show_is(t, SHOW_PLAIN, "-3 - 4im", "(-1 + 2im)^2");
    val_release(t);
    val_release(z1);
    op_shows(v_int(2), NUM_MUL, im, "0 + 2im");
    num_literal_pow(C, &t, im, 2);
    show_is(t, SHOW_PLAIN, "-1 + 0im", "im^2");
    val_release(t);
    show_is(im, SHOW_PLAIN, "im", "im");
    z1 = v_complex(v_bool(1), v_bool(1));
    show_is(z1, SHOW_PLAIN, "Complex(true,true)", "complex(true, true)");
    val_release(z1);
    z1 = v_complex(v_f64(1.0), v_f64(NAN));
    show_is(z1, SHOW_PLAIN, "1.0 + NaN*im", "complex(1, NaN)");
    val_release(z1);
    z1 = v_complex(v_f64(1.0), v_f64(-NAN));
    show_is(z1, SHOW_PLAIN, "1.0 + NaN*im", "complex(1, -NaN) keeps +");
    val_release(z1);
    z1 = v_complex(v_f64(1.0), v_f64(INFINITY));
    show_is(z1, SHOW_PLAIN, "1.0 + Inf*im", "1 + Inf*im");
    val_release(z1);
    z1 = v_complex(v_f64(1.0), v_f64(-0.0));
    show_is(z1, SHOW_PLAIN, "1.0 - 0.0im", "negative zero imaginary part");
    val_release(z1);
    z1 = v_complex(v_int(0), v_int(INT64_MIN));
    show_is(z1, SHOW_PLAIN, "0 - 9223372036854775808im", "typemin imaginary part");
    val_release(z1);
    z1 = v_complex(num_from_double_typed(T_FLOAT32, 1e-7f), num_from_double_typed(T_FLOAT32, 2e-11f));
    show_is(z1, SHOW_PLAIN, "1.0f-7 + 2.0f-11im", "Float32 parts keep their suffix");
    val_release(z1);
    z1 = v_complex(mkrat(1, 2), mkrat(2, 1));
    show_is(z1, SHOW_PLAIN, "1//2 + 2//1*im", "rational parts");
    val_release(z1);
    t = mkrat(3, 2);
    op_shows(t, NUM_DIV, (z1 = v_complex(v_int(1), v_int(2))), "3//10 - 3//5*im");
    val_release(z1);
    val_release(t);

    /* Irrationals (§1.6) */
    show_is(v_irrational(IRR_PI), SHOW_PLAIN, "π = 3.1415926535897...", "pi");
    show_is(v_irrational(IRR_E), SHOW_PLAIN, "ℯ = 2.7182818284590...", "ℯ");
    show_is(v_irrational(IRR_GAMMA), SHOW_PLAIN, "γ = 0.5772156649015...", "eulergamma");
    show_is(v_irrational(IRR_GOLDEN), SHOW_PLAIN, "φ = 1.6180339887498...", "golden");
    show_is(v_irrational(IRR_CATALAN), SHOW_PLAIN, "catalan = 0.9159655941772...", "catalan");
    show_is(v_irrational(IRR_PI), SHOW_REPR, "π", "repr(pi)");
    show_is(v_irrational(IRR_PI), SHOW_PRINT, "π", "string(pi)");
    op_shows(v_int(1), NUM_DIV, (t = v_irrational(IRR_PI)), "0.3183098861837907");

    /* integers, unsigned, Bool, BigInt (§1.2) */
    static const struct { int t; uint64_t u; const char *s; } us[] = {
        { T_UINT8, 1, "0x01" }, { T_UINT16, 0x123, "0x0123" }, { T_UINT32, 0x1234567, "0x01234567" },
        { T_UINT8, 0xfe, "0xfe" }, { T_UINT64, 0xdeadbeef, "0x00000000deadbeef" },
    };
    for (size_t i = 0; i < sizeof us / sizeof *us; i++) {
        value v = { (uint8_t)us[i].t, 0, { .u = us[i].u } };
        show_is(v, SHOW_PLAIN, us[i].s, us[i].s);
    }
    value u8 = { T_UINT8, 0, { .u = 2 } }, r;
    num_neg(C, &r, u8);
    show_is(r, SHOW_PLAIN, "0xfe", "-0x02");
    value u123 = { T_UINT8, 0, { .u = 123 } };
    num_bitnot(C, &r, u123);
    show_is(r, SHOW_PLAIN, "0x84", "~UInt8(123)");
    show_is(v_bool(1), SHOW_PLAIN, "true", "true");
    show_is(v_bool(0), SHOW_PLAIN, "false", "false");
    /* random Int64 and BigInt against printf / mpz_get_str */
    long bad = 0;
    for (int i = 0; i < 2000; i++) {
        int64_t x = pick_int();
        char want[32];
        snprintf(want, sizeof want, "%lld", (long long)x);
        sb b = { 0 };
        show_value(C, &b, v_int(x), SHOW_PLAIN, 0);
        if (strcmp(sb_str(&b), want)) bad++;
        sb_free(&b);
        value big = v_bigint_new();
        mpz_set_si(val_mpz(big), x);
        mpz_mul_2exp(val_mpz(big), val_mpz(big), (mp_bitcnt_t)(rnd() % 300));
        char *ws = mpz_get_str(NULL, 10, val_mpz(big));
        show_value(C, &b, big, SHOW_PLAIN, 0);
        if (strcmp(sb_str(&b), ws)) bad++;
        free(ws);
        sb_free(&b);
        val_release(big);
    }
    check_ok(bad == 0, "Int64/BigInt print as printf/mpz_get_str (%ld bad)", bad);
    /* tuples */
    value tu = v_tuple_new(2);
    val_tuple(tu)->v[0] = v_f64(-0.0);
    val_tuple(tu)->v[1] = v_f64(-1.0);
    show_is(tu, SHOW_PLAIN, "(-0.0, -1.0)", "(-0.0, -1.0)");
    val_release(tu);
    tu = v_tuple_new(1);
    val_tuple(tu)->v[0] = v_int(1);
    show_is(tu, SHOW_PLAIN, "(1,)", "1-tuple");
    val_release(tu);
    tu = v_tuple_new(2);
    val_tuple(tu)->v[0] = num_from_double_typed(T_FLOAT32, 1.5);
    val_tuple(tu)->v[1] = v_string("a", 1);
    show_is(tu, SHOW_PRINT, "(1.5f0, \"a\")", "print of a tuple shows its elements");
    val_release(tu);
    show_is(num_from_double_typed(T_FLOAT32, 1.5), SHOW_PRINT, "1.5", "print(1.5f0)");
    show_is(num_from_double_typed(T_FLOAT16, 1.5), SHOW_PLAIN, "Float16(1.5)", "Float16(1.5)");
    /* strings and characters */
    value s = v_string("a\nb\"$\x01", 6);
    show_is(s, SHOW_REPR, "\"a\\nb\\\"\\$\\x01\"", "repr of a string escapes");
    show_is(s, SHOW_PRINT, "a\nb\"$\x01", "print of a string is raw");
    val_release(s);
    show_is(v_char('a'), SHOW_PLAIN, "'a': ASCII/Unicode U+0061 (category Ll: Letter, lowercase)", "'a'");
    show_is(v_char(0x3b1), SHOW_PLAIN, "'α': Unicode U+03B1 (category Ll: Letter, lowercase)", "'α'");
    show_is(v_char('\n'), SHOW_REPR, "'\\n'", "repr('\\n')");
    show_is(v_char('\''), SHOW_REPR, "'\\''", "repr('\\'')");
    show_is(v_nothing(), SHOW_REPR, "nothing", "nothing");
    val_release(im);
    value rm = { T_ROUNDMODE, 0, { .i = RM_NEAREST } };
    show_is(rm, SHOW_PLAIN, "RoundingMode{:Nearest}()", "RoundNearest");
}

/* ---- type names ---- */

static void typename_is(value v, const char *want)
{
    sb b = { 0 };
    type_name_of(C, &b, v);
    check_ok(!strcmp(sb_str(&b), want), "typeof: got %s, want %s", sb_str(&b), want);
    sb_free(&b);
    /* typeof as a value shows the same */
    value t = num_typeof_value(v);
    show_value(C, &b, t, SHOW_PRINT, 0);
    check_ok(!strcmp(sb_str(&b), want), "typeof value: got %s, want %s", sb_str(&b), want);
    sb_free(&b);
    val_release(t);
}

static void test_typenames(void)
{
    value v;
    typename_is(v_int(1), "Int64");
    typename_is(v_bool(1), "Bool");
    typename_is(v_f64(1), "Float64");
    typename_is(num_from_double_typed(T_FLOAT32, 1), "Float32");
    typename_is(num_from_double_typed(T_FLOAT16, 1), "Float16");
    typename_is(v = v_bigint_new(), "BigInt"); val_release(v);
    typename_is(v = num_bigfloat(C), "BigFloat"); val_release(v);
    typename_is(v = mkrat(1, 2), "Rational{Int64}"); val_release(v);
    value half;
    num_binop(C, &half, NUM_RDIV, v_int(INT64_MAX), v_int(2));
    num_binop(C, &v, NUM_MUL, half, v_int(4));
    val_release(half);
    typename_is(v, "Rational{BigInt}"); val_release(v);
    typename_is(v = v_complex(v_int(1), v_int(2)), "Complex{Int64}"); val_release(v);
    typename_is(v = v_complex(v_f64(1), v_f64(2)), "ComplexF64"); val_release(v);
    typename_is(v = v_complex(num_from_double_typed(T_FLOAT32, 1), num_from_double_typed(T_FLOAT32, 2)), "ComplexF32"); val_release(v);
    typename_is(v = v_complex(num_from_double_typed(T_FLOAT16, 1), num_from_double_typed(T_FLOAT16, 2)), "ComplexF16"); val_release(v);
    typename_is(v = v_complex(v_bool(0), v_bool(1)), "Complex{Bool}"); val_release(v);
    typename_is(v = v_complex(mkrat(1, 2), mkrat(1, 3)), "Complex{Rational{Int64}}"); val_release(v);
    typename_is(v_irrational(IRR_PI), "Irrational{:π}");
    typename_is(v_irrational(IRR_E), "Irrational{:ℯ}");
    value u8 = { T_UINT8, 0, { .u = 1 } };
    typename_is(u8, "UInt8");
    typename_is(v = v_string("a", 1), "String"); val_release(v);
    typename_is(v_char('a'), "Char");
    v = v_tuple_new(2);
    val_tuple(v)->v[0] = v_int(1);
    val_tuple(v)->v[1] = v_f64(2);
    typename_is(v, "Tuple{Int64, Float64}");
    val_release(v);
}

/* ---- literal powers (reference §2.2) and errors ---- */

static void test_powers_and_errors(void)
{
    value out;
    static const struct { int64_t base, p; double want; } lit[] = {
        { 2, -1, 0.5 }, { 2, -2, 0.25 }, { 2, -3, 0.125 }, { 4, -1, 0.25 }, { 10, -3, 0.001 },
        { -2, -3, -0.125 }, { 3, -2, 1.0 / 9.0 },
    };
    for (size_t i = 0; i < sizeof lit / sizeof *lit; i++) {
        int rc = num_literal_pow(C, &out, v_int(lit[i].base), lit[i].p);
        check_ok(rc == 0 && out.type == T_FLOAT64 && out.u.f == lit[i].want, "%lld^%lld literal is %g",
              (long long)lit[i].base, (long long)lit[i].p, lit[i].want);
    }
    num_literal_pow(C, &out, v_int(3), 2);
    check_ok(out.type == T_INT64 && out.u.i == 9, "3^2 literal is Int 9");
    num_literal_pow(C, &out, v_int(-2), 0);
    check_ok(out.type == T_INT64 && out.u.i == 1, "x^0 literal is one(x)");

    int rc = num_binop(C, &out, NUM_POW, v_int(2), v_int(-2));
    check_ok(rc == -1 && C->err.kind == JC_ERR_DOMAIN && C->err.message &&
          !strcmp(C->err.message,
                  "DomainError with -2:\nCannot raise an integer x to a negative power -2.\n"
                  "Make x or -2 a float by adding a zero decimal (e.g., 2.0^-2 or 2^-2.0 instead of 2^-2)"
                  "or write 1/x^2, float(x)^-2, x^float(-2) or (x//1)^-2."),
          "x^n with a negative n in a variable: Julia's DomainError text");
    clear_err();
    rc = num_binop(C, &out, NUM_POW, v_int(1), v_int(-5));
    check_ok(rc == 0 && out.type == T_INT64 && out.u.i == 1, "1^-5 == 1");
    rc = num_binop(C, &out, NUM_POW, v_int(-1), v_int(-5));
    check_ok(rc == 0 && out.type == T_INT64 && out.u.i == -1, "(-1)^-5 == -1");
    rc = num_binop(C, &out, NUM_POW, v_f64(-2.0), v_f64(0.5));
    check_ok(rc == -1 && C->err.kind == JC_ERR_DOMAIN &&
          !strcmp(C->err.message, "DomainError with -2.0:\nExponentiation yielding a complex result requires a complex argument.\n"
                                  "Replace x^y with (x+0im)^y, Complex(x)^y, or similar."),
          "(-2.0)^0.5: Julia's DomainError text");
    clear_err();

    static const num_op divs[] = { NUM_IDIV, NUM_REM, NUM_MOD, NUM_FLD, NUM_CLD };
    for (size_t i = 0; i < 5; i++) {
        rc = num_binop(C, &out, divs[i], v_int(1), v_int(0));
        check_ok(rc == -1 && C->err.kind == JC_ERR_DIVIDE && !strcmp(C->err.message, "DivideError: integer division error"),
              "%s(1, 0) is DivideError", opname(divs[i]));
        clear_err();
    }
    num_type i64 = { T_INT64, 0, 0 };
    rc = num_convert_to(C, &out, i64, v_f64(3.5));
    check_ok(rc == -1 && C->err.kind == JC_ERR_INEXACT && !strcmp(C->err.message, "InexactError: Int64(3.5)"),
          "Int64(3.5) is InexactError: Int64(3.5)");
    clear_err();
    rc = num_convert_to(C, &out, i64, v_f64(3.0));
    check_ok(rc == 0 && out.type == T_INT64 && out.u.i == 3, "Int64(3.0) == 3");

    /* size limits refuse before computing, quickly */
    clock_t t0 = clock();
    value big = v_bigint_new();
    mpz_ui_pow_ui(val_mpz(big), 2, 40);
    rc = num_binop(C, &out, NUM_POW, v_int(2), big);
    check_ok(rc == -1 && C->err.kind == JC_ERR_LIMIT, "2^(2^40) is refused with a size error");
    clear_err();
    rc = num_binop(C, &out, NUM_SHL, v_int(1), big);
    check_ok(rc == -1 && C->err.kind == JC_ERR_LIMIT, "1 << 2^40 is refused");
    clear_err();
    check_ok((double)(clock() - t0) / CLOCKS_PER_SEC < 0.5, "size refusals take well under a second");
    val_release(big);
    /* one below the limit's neighbourhood still works: 3^1000 exactly */
    rc = num_binop(C, &out, NUM_POW, v_int(3), v_int(1000));
    mpz_t r;
    mpz_init(r);
    mpz_ui_pow_ui(r, 3, 1000);
    check_ok(rc == 0 && out.type == T_BIGINT && mpz_cmp(val_mpz(out), r) == 0, "3^1000 exact");
    val_release(out);
    mpz_clear(r);
}


/* ---- fixed-width integers (num/fixint.c) against GMP ----
 *
 * Random operands of every wrapping kind: + - * & | xor must equal the exact result
 * reduced modulo 2^w (read as signed for the signed kinds); div/rem/fld/mod/cld the
 * exact truncated/floored quotients and remainders (Julia's DivideError cases
 * excepted); the promotion table is the reference's §9.2 (base/int.jl). */

static const int fix_kinds[] = { T_INT8, T_INT16, T_INT32, T_INT128, T_UINT8, T_UINT16,
                                 T_UINT32, T_UINT64, T_UINT128 };

/* z reduced into kind t's range, as Julia's wrapping does. */
static void wrap_z(mpz_ptr z, int t)
{
    int w = fix_width(t);
    mpz_fdiv_r_2exp(z, z, (mp_bitcnt_t)w);
    if (fix_signed(t) && mpz_tstbit(z, (mp_bitcnt_t)(w - 1))) {
        mpz_t m;
        mpz_init_set_ui(m, 1);
        mpz_mul_2exp(m, m, (mp_bitcnt_t)w);
        mpz_sub(z, z, m);
        mpz_clear(m);
    }
}

static value random_fix(int t, mpz_ptr z)
{
    mpz_set_ui(z, rnd());
    mpz_mul_2exp(z, z, 64);
    mpz_add_ui(z, z, rnd());
    unsigned r = (unsigned)(rnd() % 4);
    if (r == 0)
        mpz_fdiv_r_2exp(z, z, 3);   /* small values, 0 included */
    else if (r == 1)
        mpz_set_si(z, (rnd() & 1) ? -1 : 1);
    wrap_z(z, t);
    return fix_from_mpz(t, z);
}

static void test_fixint(void)
{
    static const num_op ops[] = { NUM_ADD, NUM_SUB, NUM_MUL, NUM_AND, NUM_OR, NUM_XOR,
                                  NUM_IDIV, NUM_REM, NUM_FLD, NUM_MOD, NUM_CLD };
    mpz_t a, b, want, got;
    mpz_inits(a, b, want, got, NULL);
    for (size_t k = 0; k < sizeof fix_kinds / sizeof *fix_kinds; k++) {
        int t = fix_kinds[k];
        for (int i = 0; i < 400; i++) {
            value x = random_fix(t, a), y = random_fix(t, b);
            for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
                num_op op = ops[o];
                int divides = op >= NUM_IDIV;
                if (divides && mpz_sgn(b) == 0)
                    continue;
                switch (op) {
                case NUM_ADD: mpz_add(want, a, b); break;
                case NUM_SUB: mpz_sub(want, a, b); break;
                case NUM_MUL: mpz_mul(want, a, b); break;
                case NUM_AND: mpz_and(want, a, b); break;
                case NUM_OR: mpz_ior(want, a, b); break;
                case NUM_XOR: mpz_xor(want, a, b); break;
                case NUM_IDIV: mpz_tdiv_q(want, a, b); break;
                case NUM_REM: mpz_tdiv_r(want, a, b); break;
                case NUM_FLD: mpz_fdiv_q(want, a, b); break;
                case NUM_MOD: mpz_fdiv_r(want, a, b); break;
                default: mpz_cdiv_q(want, a, b); break;
                }
                value r;
                int rc = num_binop(C, &r, op, x, y);
                if (divides && !fix_fits_mpz(t, want)) {   /* typemin ÷ -1 */
                    check_ok(rc < 0 && C->err.kind == JC_ERR_DIVIDE, "%s op %d: DivideError",
                             num_type_basename((jc_type)t), (int)op);
                    clear_err();
                    continue;
                }
                if (!divides)
                    wrap_z(want, t);
                int ok = rc == 0 && r.type == t;
                if (ok) {
                    fix_to_mpz(got, r);
                    ok = mpz_cmp(got, want) == 0;
                    val_release(r);
                } else
                    clear_err();
                check_ok(ok, "%s op %d on random operands", num_type_basename((jc_type)t), (int)op);
            }
            val_release(x);
            val_release(y);
        }
    }
    mpz_clears(a, b, want, got, NULL);

    /* promote_type of two bit integers [reference §9.2] */
    static const int row[] = { T_INT8, T_INT16, T_INT32, T_INT64, T_INT128 };
    static const int col[] = { T_INT8, T_INT16, T_INT32, T_INT64, T_INT128, T_UINT8,
                               T_UINT16, T_UINT32, T_UINT64, T_UINT128 };
    static const int table[5][10] = {
        { T_INT8, T_INT16, T_INT32, T_INT64, T_INT128, T_UINT8, T_UINT16, T_UINT32, T_UINT64, T_UINT128 },
        { T_INT16, T_INT16, T_INT32, T_INT64, T_INT128, T_INT16, T_UINT16, T_UINT32, T_UINT64, T_UINT128 },
        { T_INT32, T_INT32, T_INT32, T_INT64, T_INT128, T_INT32, T_INT32, T_UINT32, T_UINT64, T_UINT128 },
        { T_INT64, T_INT64, T_INT64, T_INT64, T_INT128, T_INT64, T_INT64, T_INT64, T_UINT64, T_UINT128 },
        { T_INT128, T_INT128, T_INT128, T_INT128, T_INT128, T_INT128, T_INT128, T_INT128, T_INT128, T_UINT128 },
    };
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 10; j++)
            for (int swap = 0; swap < 2; swap++) {
                num_type p = { (uint8_t)row[i], 0, 0 }, q = { (uint8_t)col[j], 0, 0 };
                num_type r = swap ? num_promote_type(q, p) : num_promote_type(p, q);
                check_ok(r.t == table[i][j], "promote_type(%s, %s)%s",
                         num_type_basename((jc_type)row[i]), num_type_basename((jc_type)col[j]),
                         swap ? " swapped" : "");
            }
}

/* π by pi.c's Chudnovsky series, correctly rounded in every rounding mode, against
 * MPFR's own constant: the precisions around the switch-over, random ones above it, the
 * cache answering a lower precision, a precision that rounds to a tie's neighbourhood. */
static void test_const_pi(void)
{
    static const mpfr_rnd_t modes[] = { MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD, MPFR_RNDA };
    mpfr_prec_t precs[24] = { 8191, 8192, 8193, 10000, 65536, 100003, 332200, 40000 };
    for (int i = 8; i < 24; i++)
        precs[i] = 8192 + (mpfr_prec_t)(rnd() % 120000);
    long bad = 0, checked = 0;
    for (int i = 0; i < 24; i++)
        for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
            mpfr_t a, b;
            mpfr_init2(a, precs[i]);
            mpfr_init2(b, precs[i]);
            num_const_pi(a, modes[m]);
            mpfr_const_pi(b, modes[m]);
            bad += !mpfr_equal_p(a, b);
            checked++;
            mpfr_clear(a);
            mpfr_clear(b);
        }
    check_ok(bad == 0, "π by Chudnovsky: %ld of %ld precisions and modes differ from MPFR's", bad, checked);
    num_free_const_cache();
}

int main(void)
{
    C = jc_new();
    test_int64_ops();
    test_int_pow_neg();
    test_rational();
    test_floats();
    test_bigfloat();
    test_compare();
    test_promotion();
    test_show();
    test_typenames();
    test_powers_and_errors();
    test_fixint();
    test_const_pi();
    jc_free(C);
    mpfr_free_cache();
    return check_report();
}
