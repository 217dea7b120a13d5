/* convert.c — calling a number type as a function: Int64(3.0), Float32(1),
 * Rational{BigInt}(2), Rational(3, 4), Complex(1, 2), BigFloat("0.1"). */
#include "num/num.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int num_parse_bigfloat(jc_ctx *ctx, value *out, const char *s)
{
    /* Julia's parse accepts surrounding blanks, Inf/NaN spellings and underscores are
     * not allowed; MPFR's strtofr reads decimal and 0x hex with p exponents */
    while (*s == ' ' || *s == '\t' || *s == '\n')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        n--;
    char *t = xstrndup(s, n);
    value v = num_bigfloat(ctx);
    char *end = NULL;
    int ok = n > 0;
    if (ok) {
        mpfr_strtofr(val_mpfr(v), t, &end, 0, ctx->rounding);
        ok = end && *end == 0 && end != t;
    }
    if (!ok) {
        val_release(v);
        err_throw(ctx, ERR_ARGUMENT, NULL, "invalid number format %s for BigFloat", t);
        free(t);
        return -1;
    }
    free(t);
    *out = v;
    return 0;
}

/* The element/number type a type object names, deducing missing parameters from x
 * (Rational(x) is Rational{typeof(x)}, Complex(x) is Complex{typeof(x)}). */
static int type_of_typeobj(const jc_typeobj *t, value x, num_type *nt)
{
    num_type xt = { T_INT64, 0, 0 };
    num_typeof(x, &xt);
    nt->cplx = 0;
    nt->sub = 0;
    switch (t->base) {
    case T_RATIONAL:
        nt->t = T_RATIONAL;
        if (t->param)
            nt->sub = t->param->base == T_BIGINT ? T_BIGINT : T_INT64;
        else
            nt->sub = (xt.t == T_BIGINT || (xt.t == T_RATIONAL && xt.sub == T_BIGINT)) ? T_BIGINT : T_INT64;
        return 0;
    case T_COMPLEX:
        nt->cplx = 1;
        if (t->param) {
            const jc_typeobj *p = t->param;
            if (p->base < T_BOOL || p->base > T_BIGFLOAT)
                return -1;
            nt->t = p->base;
            if (p->base == T_RATIONAL)
                nt->sub = p->param && p->param->base == T_BIGINT ? T_BIGINT : T_INT64;
            return 0;
        }
        nt->t = xt.t == T_IRRATIONAL ? T_FLOAT64 : xt.t;
        nt->sub = xt.t == T_RATIONAL ? xt.sub : 0;
        return 0;
    default:
        if (t->base < T_BOOL || t->base > T_BIGFLOAT)
            return -1;
        nt->t = t->base;
        return 0;
    }
}

int num_convert(jc_ctx *ctx, value *out, const jc_typeobj *t, value x)
{
    if (x.type == T_STRING && t->base == T_BIGFLOAT)
        return num_parse_bigfloat(ctx, out, val_string(x)->s);
    if (!num_is_number(x))
        return NUM_NOMETHOD;
    num_type nt;
    if (type_of_typeobj(t, x, &nt) < 0)
        return NUM_NOMETHOD;
    if (!nt.cplx && x.type == T_COMPLEX) {
        /* Float64(1 + 0im) is 1.0; a nonzero imaginary part is an InexactError */
        int z = 0;
        num_iszero(ctx, val_complex(x)->im, &z);
        if (!z) {
            sb n = { 0 };
            num_type_name(&n, nt);
            num_inexact_error(ctx, sb_str(&n), NULL, x);
            sb_free(&n);
            return -1;
        }
    }
    return num_convert_to(ctx, out, nt, x);
}

int num_construct(jc_ctx *ctx, value *out, const jc_typeobj *t, int n, const value *args)
{
    if (n == 1)
        return num_convert(ctx, out, t, args[0]);
    if (n != 2 || !num_is_real(args[0]) || !num_is_real(args[1]))
        return NUM_NOMETHOD;
    if (t->base == T_RATIONAL) {
        /* Rational(a, b) is a // b for integers */
        if (!num_is_integer_type(args[0]) || !num_is_integer_type(args[1]))
            return NUM_NOMETHOD;
        value r;
        int rc = num_binop(ctx, &r, NUM_RDIV, args[0], args[1]);
        if (rc < 0 || !t->param)
            return rc < 0 ? rc : (*out = r, 0);
        rc = num_convert(ctx, out, t, r);
        val_release(r);
        return rc;
    }
    if (t->base == T_COMPLEX) {
        num_type ta, tb, nt;
        num_typeof(args[0], &ta);
        num_typeof(args[1], &tb);
        nt = num_promote_type(ta, tb);
        if (nt.t == T_IRRATIONAL)
            nt.t = T_FLOAT64;
        if (t->param && type_of_typeobj(t, args[0], &nt) < 0)
            return NUM_NOMETHOD;
        nt.cplx = 0;
        value re, im;
        if (num_convert_to(ctx, &re, nt, args[0]) < 0)
            return -1;
        if (num_convert_to(ctx, &im, nt, args[1]) < 0) {
            val_release(re);
            return -1;
        }
        *out = v_complex(re, im);
        return 0;
    }
    return NUM_NOMETHOD;
}
