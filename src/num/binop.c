/* binop.c — the public arithmetic of num.h: num_binop and the unary num_neg, num_abs,
 * num_abs2, num_sign, num_inv.  The top of the chain in arith_impl.h: each entry only
 * chooses the file that computes — pow.c for ^, complex.c when a side is complex,
 * arith.c for reals — so those files never call back up here, and num/ links without a
 * cycle.  (num_bitnot lives in arith.c: only integers have ~.) */
#include "num/num.h"

#include "num/arith_impl.h"

int num_binop(jc_ctx *ctx, value *out, num_op op, value a, value b)
{
    if (op == NUM_POW)
        return arith_pow_op(ctx, out, a, b);
    return arith_any_op(ctx, out, op, a, b);
}

int num_neg(jc_ctx *ctx, value *out, value a)
{
    return a.type == T_COMPLEX ? arith_complex_neg(ctx, out, a) : arith_real_neg(out, a);
}

int num_abs(jc_ctx *ctx, value *out, value a)
{
    return a.type == T_COMPLEX ? arith_complex_abs(ctx, out, a) : arith_real_abs(out, a);
}

int num_abs2(jc_ctx *ctx, value *out, value a)
{
    return a.type == T_COMPLEX ? arith_complex_abs2(ctx, out, a) : arith_real_abs2(ctx, out, a);
}

int num_sign(jc_ctx *ctx, value *out, value a)
{
    return a.type == T_COMPLEX ? arith_complex_sign(ctx, out, a) : arith_real_sign(ctx, out, a);
}

int num_inv(jc_ctx *ctx, value *out, value a)
{
    return arith_any_inv(ctx, out, a);
}
