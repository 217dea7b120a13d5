/* test_exc.c — exceptions through the library entry point: the errors a test case file
 * cannot provoke (an interrupt from another thread, the step limit) are caught by
 * try/catch as Julia catches InterruptException, and uncaught ones still end the
 * evaluation with their status and keep the context's state. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "jcalc.h"
#include "check.h"

static jc_status run(jc_ctx *ctx, const char *src, char *buf, size_t cap)
{
    jc_result r;
    jc_status st = jc_eval(ctx, src, strlen(src), "none", 1, &r);
    const char *t = st == JC_OK ? (r.text ? r.text : "") : (r.error.message ? r.error.message : "");
    snprintf(buf, cap, "%s", t);
    jc_result_clear(&r);
    return st;
}

static void expect(jc_ctx *ctx, const char *src, const char *want)
{
    char buf[4096];
    jc_status st = run(ctx, src, buf, sizeof buf);
    CHECK(st == JC_OK && !strcmp(buf, want), "%s -> [%s] (status %d), want [%s]", src, buf, st, want);
}

static void expect_error(jc_ctx *ctx, const char *src, jc_status kind, const char *prefix)
{
    char buf[4096];
    jc_status st = run(ctx, src, buf, sizeof buf);
    CHECK(st == kind && !strncmp(buf, prefix, strlen(prefix)), "%s -> status %d [%s], want %d [%s...]",
          src, st, buf, kind, prefix);
}

static void *interrupt_later(void *p)
{
    struct timespec ts = { 0, 100 * 1000 * 1000 };
    nanosleep(&ts, NULL);
    jc_interrupt((jc_ctx *)p);
    return NULL;
}

static void interrupts(void)
{
    jc_ctx *ctx = jc_new();
    expect(ctx, "keep = 7", "7");
    expect(ctx, "fin = 0", "0");
    pthread_t th;
    pthread_create(&th, NULL, interrupt_later, ctx);
    char buf[256];
    jc_status st = run(ctx, "try while true end catch e; e end", buf, sizeof buf);
    pthread_join(th, NULL);
    CHECK(st == JC_OK && !strcmp(buf, "InterruptException()"), "caught interrupt -> %d [%s]", st, buf);
    pthread_create(&th, NULL, interrupt_later, ctx);
    st = run(ctx, "try; while true end; finally; fin = 1; end", buf, sizeof buf);
    pthread_join(th, NULL);
    CHECK(st == JC_ERR_INTERRUPT && !strcmp(buf, "InterruptException:"),
          "interrupt through finally -> %d [%s]", st, buf);
    expect(ctx, "fin", "1");
    expect(ctx, "keep", "7");
    jc_free(ctx);
}

static void limits(void)
{
    jc_ctx *ctx = jc_new();
    expect(ctx, "v = 5", "5");
    expect(ctx, "w = 0", "0");
    jc_set_step_limit(ctx, 1000);
    expect(ctx, "try while true end catch e; e end",
           "ErrorException(\"evaluation step limit reached (1000 steps)\")");
    expect_error(ctx, "try while true end finally w = 1 end", JC_ERR_LIMIT,
                 "evaluation step limit reached");
    expect(ctx, "w", "1");
    /* caught once per evaluation: a loop around the try still ends */
    expect_error(ctx, "while true; try while true end catch; end; end", JC_ERR_LIMIT,
                 "evaluation step limit reached");
    expect_error(ctx, "try while true end catch; try while true end catch; end end", JC_ERR_LIMIT,
                 "evaluation step limit reached");
    jc_set_step_limit(ctx, 0);
    jc_set_max_bits(ctx, 1000);
    expect(ctx, "try big(2)^2000 catch e; typeof(e) end", "OverflowError");
    expect_error(ctx, "big(2)^2000", JC_ERR_LIMIT, "OverflowError: result would need");
    expect(ctx, "f(x) = f(x) + 1; try f(1) catch e; e end", "StackOverflowError()");
    expect_error(ctx, "f(1)", JC_ERR_STACK, "StackOverflowError:");
    /* exit() is not an exception: catch does not stop it */
    char buf[256];
    CHECK(run(ctx, "try exit(3) catch; 1 end", buf, sizeof buf) == JC_EXIT, "exit passes catch");
    CHECK(run(ctx, "v = 5; try exit(3) finally v = 6 end", buf, sizeof buf) == JC_EXIT,
          "exit passes finally");
    expect(ctx, "v", "5");
    jc_free(ctx);
}

/* status and message of thrown values */
static void thrown(void)
{
    jc_ctx *ctx = jc_new();
    expect_error(ctx, "throw(DomainError(-1, \"must be positive\"))", JC_ERR_DOMAIN,
                 "DomainError with -1:\nmust be positive");
    expect_error(ctx, "throw(ArgumentError(\"x\"))", JC_ERR_ARGUMENT, "ArgumentError: x");
    expect_error(ctx, "throw(1)", JC_ERR_GENERIC, "1");
    expect_error(ctx, "try sqrt(-2) catch; rethrow() end", JC_ERR_DOMAIN, "DomainError with -2.0:");
    /* a caught error leaves nothing pending: the next input runs clean */
    expect(ctx, "try error(\"x\") catch; end; 1 + 1", "2");
    jc_free(ctx);
}

int main(void)
{
    interrupts();
    limits();
    thrown();
    return check_report();
}
