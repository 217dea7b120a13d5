/* test_embed.c — a program embedding libjcalc through include/jcalc.h alone: the
 * library never ends, forks or measures its host unless told to.  exit() in an
 * expression is a status the host sees, errors come back as records (type, detail,
 * stack frames), and the display size is the host's to set. */
#include <stdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>

#include "jcalc.h"

#include "check.h"

static jc_status eval(jc_ctx *ctx, const char *src, jc_result *r)
{
    return jc_eval(ctx, src, strlen(src), "host", 1, r);
}

static void test_exit(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    CHECK(eval(ctx, "x = 41", &r) == JC_OK, "x = 41");
    jc_result_clear(&r);
    CHECK(eval(ctx, "exit()", &r) == JC_EXIT && r.exit_code == 0, "exit() is JC_EXIT with code 0");
    jc_result_clear(&r);
    CHECK(eval(ctx, "exit(3)", &r) == JC_EXIT && r.exit_code == 3, "exit(3): code 3, got %d",
          r.exit_code);
    jc_result_clear(&r);
    /* exit deep inside a call stops the whole evaluation, nothing after it runs */
    CHECK(eval(ctx, "f(n) = n == 0 ? exit(5) : f(n - 1); f(10); x = 0", &r) == JC_EXIT &&
              r.exit_code == 5, "exit from a recursion");
    jc_result_clear(&r);
    /* the host is still running and the context still holds its state */
    CHECK(eval(ctx, "x + 1", &r) == JC_OK && r.text && !strcmp(r.text, "42"),
          "state kept after exit(): %s", r.text ? r.text : "(null)");
    jc_result_clear(&r);
    jc_free(ctx);
}

static void test_error_record(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    eval(ctx, "g(x) = x ÷ 0\nh(y) = g(y) + 1\nh(3)", &r);
    CHECK(r.status == JC_ERR_DIVIDE, "status DivideError");
    CHECK(r.error.type && !strcmp(r.error.type, "DivideError"), "type %s", r.error.type);
    CHECK(r.error.detail && !strcmp(r.error.detail, "integer division error"), "detail %s",
          r.error.detail);
    CHECK(r.error.nframes == 3, "three frames: g, h, top level (%d)", r.error.nframes);
    if (r.error.nframes == 3) {
        const jc_frame *f = r.error.frames;
        CHECK(!strcmp(f[0].function, "g") && !strcmp(f[0].args, "x::Int64") && f[0].line == 1 &&
                  f[0].column == 10, "frame 1: g(x::Int64) at its ÷, 1:10 (%s(%s) %d:%d)", f[0].function,
              f[0].args, f[0].line, f[0].column);
        CHECK(!strcmp(f[1].function, "h") && f[1].line == 2 && f[1].column == 8,
              "frame 2: h at 2:8 (%d:%d)", f[1].line, f[1].column);
        CHECK(!strcmp(f[2].function, "top-level scope") && !f[2].args && f[2].line == 3 &&
                  !strcmp(f[2].source, "host"), "frame 3: top level at host:3");
    }
    jc_result_clear(&r);
    eval(ctx, "r(n) = n == 0 ? sqrt(-1.0) : r(n - 1)\nr(50)", &r);
    CHECK(r.status == JC_ERR_DOMAIN && r.error.nframes == 3 && r.error.frames[0].repeats == 50,
          "deep recursion: one frame that repeats 50 times (%d frames)", r.error.nframes);
    jc_result_clear(&r);
    eval(ctx, "1 +* 2", &r);
    CHECK(r.status == JC_ERR_PARSE && !strcmp(r.error.type, "ParseError") && !r.error.frames &&
              r.error.detail && !strcmp(r.error.detail, "not a unary operator"),
          "a ParseError: type, detail, no frames (%s)", r.error.detail);
    jc_result_clear(&r);
    jc_free(ctx);
}

static void test_display_size(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    jc_set_display_size(ctx, 8, 80);
    eval(ctx, "collect(1:100)", &r);
    int lines = 0;
    for (const char *p = r.text; p && *p; p++)
        lines += *p == '\n';
    /* Julia leaves the summary, a ⋮ line and the prompt's rows out of the display */
    CHECK(r.status == JC_OK && lines < 8, "8 rows: the vector is elided (%d lines)", lines);
    jc_result_clear(&r);
    jc_set_display_size(ctx, 200, 80);
    eval(ctx, "collect(1:100)", &r);
    lines = 0;
    for (const char *p = r.text; p && *p; p++)
        lines += *p == '\n';
    CHECK(r.status == JC_OK && lines == 100, "200 rows: every element shown (%d lines)", lines);
    jc_result_clear(&r);
    jc_free(ctx);
}

/* CPU seconds used by the children this process has waited for. */
static double child_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static void test_child_jobs(void)
{
    /* factorial(2^18) has about 4.3 million bits: above the child-job threshold */
    const char *src = "ndigits(factorial(big(2)^18))";
    jc_ctx *ctx = jc_new();
    jc_result r;
    double before = child_cpu();
    CHECK(eval(ctx, src, &r) == JC_OK && r.text && !strcmp(r.text, "1306594"),
          "in-process: %s", r.text ? r.text : "(error)");
    jc_result_clear(&r);
    CHECK(child_cpu() == before, "by default the library starts no child process");
    jc_set_child_jobs(ctx, 1);
    CHECK(eval(ctx, src, &r) == JC_OK && r.text && !strcmp(r.text, "1306594"),
          "in a child: %s", r.text ? r.text : "(error)");
    jc_result_clear(&r);
    CHECK(child_cpu() > before, "with child jobs on, the work ran in a child");
    jc_free(ctx);
}

static void test_memory_budget(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    CHECK(jc_max_memory(ctx) > 0, "a default budget from the machine's memory");
    jc_set_max_memory(ctx, 64ull << 20);
    jc_set_max_bits(ctx, 1ull << 40);
    CHECK(eval(ctx, "keep = 7", &r) == JC_OK, "keep = 7");
    jc_result_clear(&r);
    /* refused before anything is allocated: 10^8 elements are 1.6 GB */
    eval(ctx, "zeros(10^8)", &r);
    CHECK(r.error.type && !strcmp(r.error.type, "OutOfMemoryError") &&
              !strcmp(r.error.message, "OutOfMemoryError()"),
          "zeros(10^8) past 64 MB: %s", r.error.message ? r.error.message : "(none)");
    jc_result_clear(&r);
    /* GMP's numbers count too, and are refused before GMP runs */
    eval(ctx, "big(3)^(10^9)", &r);
    CHECK(r.error.type && !strcmp(r.error.type, "OutOfMemoryError"), "big(3)^(10^9): %s",
          r.error.message ? r.error.message : "(none)");
    jc_result_clear(&r);
    /* growth one element at a time stops at the budget, not at the machine's end */
    eval(ctx, "a = []; for i in 1:10^8; push!(a, i); end", &r);
    CHECK(r.error.type && !strcmp(r.error.type, "OutOfMemoryError"), "push! loop: %s",
          r.error.message ? r.error.message : "(none)");
    jc_result_clear(&r);
    eval(ctx, "a = nothing; s = \"ab\"; for i in 1:40; s = s * s; end", &r);
    CHECK(r.status != JC_OK, "string doubling stops with an error: %s",
          r.error.message ? r.error.message : "(none)");
    jc_result_clear(&r);
    CHECK(eval(ctx, "keep + 1", &r) == JC_OK && r.text && !strcmp(r.text, "8"),
          "the context keeps its state after each");
    jc_result_clear(&r);
    /* a precision whose one number passes the budget is refused */
    CHECK(eval(ctx, "setprecision(2^40)", &r) != JC_OK, "setprecision(2^40) refused");
    jc_result_clear(&r);
    jc_free(ctx);
}

int main(void)
{
    test_memory_budget();
    test_child_jobs();
    test_exit();
    test_error_record();
    test_display_size();
    return check_report();
}
