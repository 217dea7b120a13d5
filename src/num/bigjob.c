/* bigjob.c — see bigjob.h. */
#include "num/bigjob.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void compute(mpz_ptr r, bigjob_op op, mpz_srcptr a, mpz_srcptr b, unsigned long n)
{
    switch (op) {
    case BJ_FAC: mpz_fac_ui(r, n); break;
    case BJ_POW: mpz_pow_ui(r, a, n); break;
    case BJ_MUL: mpz_mul(r, a, b); break;
    case BJ_BIN: mpz_bin_ui(r, a, n); break;
    }
}

typedef void (*job_fn)(FILE *out, const void *arg);

/* Runs job in a child that writes its result to a pipe; collects the bytes into *buf.
 * Returns 0, -1 with an error pending, or 1 when no child could be started (the caller
 * then computes in-process). */
static int run_child(jc_ctx *ctx, job_fn job, const void *arg, char **buf, size_t *len)
{
    int fds[2];
    if (pipe(fds) < 0)
        return 1;
    fflush(NULL); /* the child must not inherit unwritten output */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return 1;
    }
    if (pid == 0) {
        /* the child never outlives jcalc: killed with it (kill -9 or SIGTERM included),
         * and gone at once if jcalc died between fork and prctl */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
            _exit(4);
        signal(SIGINT, SIG_DFL); /* Ctrl-C at the terminal ends the child too */
        /* the child has no evaluation to return to: exhaustion ends it (mem_fail), and
         * the parent reports OutOfMemoryError */
        mem_current = NULL;
        close(fds[0]);
        FILE *out = fdopen(fds[1], "w");
        if (!out)
            _exit(2);
        job(out, arg);
        _exit(fclose(out) == 0 ? 0 : 3);
    }
    close(fds[1]);
    sb data = { 0 };
    int result = 0;
    char chunk[65536];
    for (;;) {
        if (ctx->interrupted) {
            kill(pid, SIGKILL);
            result = ctx_poll(ctx);
            break;
        }
        struct pollfd p = { .fd = fds[0], .events = POLLIN };
        int k = poll(&p, 1, 20);
        if (k < 0 && errno != EINTR) {
            kill(pid, SIGKILL);
            result = err_throw(ctx, ERR_SYSTEM, NULL, "poll: %s", strerror(errno));
            break;
        }
        if (k <= 0)
            continue;
        ssize_t n = read(fds[0], chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            break;
        sb_put(&data, chunk, (size_t)n);
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    /* Ctrl-C at a terminal reaches the child too (the whole process group), and it may
     * die before this loop sees the flag: a child ended by SIGINT is an interrupt. */
    if (result == 0 && (ctx->interrupted || (WIFSIGNALED(status) && WTERMSIG(status) == SIGINT))) {
        ctx->interrupted = 1;
        result = ctx_poll(ctx);
    }
    if (result == 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
        result = err_throw(ctx, ERR_OUTOFMEMORY, NULL,
                          "(): the computation ended without a result");
    if (result < 0) {
        sb_free(&data);
        return -1;
    }
    *len = data.len;
    *buf = sb_take(&data);
    return 0;
}

/* Reads a child's result (buf, which it frees) into dst with import, which returns
 * whether it read exactly what was sent. */
static int read_back(jc_ctx *ctx, char *buf, size_t len, int (*import)(FILE *, size_t, void *),
                     void *dst)
{
    FILE *in = fmemopen(buf, len ? len : 1, "r");
    int ok = in && import(in, len, dst);
    if (in)
        fclose(in);
    free(buf);
    return ok ? 0 : err_throw(ctx, ERR_ERROR, NULL, "the computation's result could not be read back");
}

static int read_mpz(FILE *in, size_t len, void *dst)
{
    size_t got = mpz_inp_raw(dst, in);
    return got != 0 && got == len;
}

static int read_mpfr(FILE *in, size_t len, void *dst)
{
    mpfr_prec_t prec = mpfr_get_prec(dst);
    (void)len;
    return mpfr_fpif_import(dst, in) == 0 && mpfr_get_prec(dst) == prec;
}

typedef struct mpz_job {
    bigjob_op op;
    mpz_srcptr a, b;
    unsigned long n;
} mpz_job;

static void mpz_job_run(FILE *out, const void *arg)
{
    const mpz_job *j = arg;
    mpz_t r;
    mpz_init(r);
    compute(r, j->op, j->a, j->b, j->n);
    mpz_out_raw(out, r);
    mpz_clear(r);
}

int bigjob_mpz(jc_ctx *ctx, mpz_ptr r, bigjob_op op, mpz_srcptr a, mpz_srcptr b,
               unsigned long n, double est_bits)
{
    if (est_bits < BIGJOB_MIN_BITS || !ctx->child_jobs) {
        compute(r, op, a, b, n);
        return 0;
    }
    mpz_job j = { op, a, b, n };
    char *buf;
    size_t len;
    int rc = run_child(ctx, mpz_job_run, &j, &buf, &len);
    if (rc > 0) {
        compute(r, op, a, b, n);
        return 0;
    }
    return rc < 0 ? -1 : read_back(ctx, buf, len, read_mpz, r);
}

static void str_job_run(FILE *out, const void *arg)
{
    mpz_out_str(out, 10, (mpz_srcptr)arg);
}

int bigjob_get_str(jc_ctx *ctx, sb *out, mpz_srcptr z)
{
    if ((double)mpz_sizeinbase(z, 2) >= 2 * BIGJOB_MIN_BITS && ctx->child_jobs) {
        char *buf;
        size_t len;
        int rc = run_child(ctx, str_job_run, z, &buf, &len);
        if (rc < 0)
            return -1;
        if (rc == 0) {
            sb_put(out, buf, len);
            free(buf);
            return 0;
        }
    }
    size_t n = mpz_sizeinbase(z, 10) + 2;
    sb_reserve(out, n);
    mpz_get_str(out->s + out->len, 10, z);
    out->len += strlen(out->s + out->len);
    return 0;
}

typedef struct mpfr_job {
    bigjob_mpfr_fn fn;
    mpfr_srcptr a;
    mpfr_prec_t prec;
    mpfr_rnd_t rnd;
} mpfr_job;

static void mpfr_job_run(FILE *out, const void *arg)
{
    const mpfr_job *j = arg;
    mpfr_t r;
    mpfr_init2(r, j->prec);
    j->fn(r, j->a, j->rnd);
    mpfr_fpif_export(out, r);
    mpfr_clear(r);
}

int bigjob_mpfr(jc_ctx *ctx, mpfr_ptr r, bigjob_mpfr_fn fn, mpfr_srcptr a, mpfr_rnd_t rnd)
{
    mpfr_prec_t prec = mpfr_get_prec(r);
    if (prec < BIGJOB_MPFR_MIN_PREC || !ctx || !ctx->child_jobs) {
        fn(r, a, rnd);
        return 0;
    }
    mpfr_job j = { fn, a, prec, rnd };
    char *buf;
    size_t len;
    int rc = run_child(ctx, mpfr_job_run, &j, &buf, &len);
    if (rc > 0) {
        fn(r, a, rnd);
        return 0;
    }
    return rc < 0 ? -1 : read_back(ctx, buf, len, read_mpfr, r);
}
