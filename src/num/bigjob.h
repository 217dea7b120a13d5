/* bigjob.h — long big-number computations that Ctrl-C can stop.
 *
 * One GMP call such as mpz_fac_ui(10^7) runs for seconds and cannot be interrupted from
 * inside.  When a result is expected to be large, the computation runs in a forked
 * child that sends its result back through a pipe, while this process waits and polls
 * the interrupt flag: an interrupt kills the child at once and leaves the context
 * exactly as it was.  Small computations (the common case) run in-process, unchanged.
 * The child is the context's choice (ctx->child_jobs, jc_set_child_jobs: off unless the
 * host asks); without it, or if fork fails, the computation runs in-process. */
#ifndef JC_BIGJOB_H
#define JC_BIGJOB_H

#include "jc.h"

typedef enum bigjob_op {
    BJ_FAC,   /* r = n!            (n) */
    BJ_POW,   /* r = a^n           (a, n) */
    BJ_MUL,   /* r = a*b           (a, b) */
    BJ_BIN,   /* r = binomial(a,n) (a, n) */
} bigjob_op;

/* Results from this many bits on are computed in a child process. */
#define BIGJOB_MIN_BITS ((double)(1 << 21))

/* r = op(a, b, n); est_bits estimates the size of r.  Returns 0, or -1 with
 * InterruptException (or an error) pending. */
int bigjob_mpz(jc_ctx *ctx, mpz_ptr r, bigjob_op op, mpz_srcptr a, mpz_srcptr b,
               unsigned long n, double est_bits);

/* r = fn(a) rounded with rnd at r's precision, for MPFR's one-argument functions (and
 * constants, with a an ignored argument).  From BIGJOB_MPFR_MIN_PREC bits on, in a child
 * when the context allows it: mpfr_const_pi at 2^28 bits takes minutes, and MPFR cannot
 * be stopped from inside.  Returns 0, or -1 with InterruptException (or an error). */
typedef int (*bigjob_mpfr_fn)(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd);
#define BIGJOB_MPFR_MIN_PREC ((mpfr_prec_t)1 << 19)
int bigjob_mpfr(jc_ctx *ctx, mpfr_ptr r, bigjob_mpfr_fn fn, mpfr_srcptr a, mpfr_rnd_t rnd);

/* Appends the decimal digits of z (with its sign) to out; interruptible when huge. */
int bigjob_get_str(jc_ctx *ctx, sb *out, mpz_srcptr z);

#endif
