/* test_eval.c — the library entry point and the evaluator's guarantees: independent
 * contexts, error kinds and positions, incomplete input, `ans`, interrupts, stack and
 * size limits, state surviving every error.  Expected texts are Julia 1.10's (shared
 * reference) or the documented contract of include/jcalc.h. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "jcalc.h"
#include "check.h"


/* Evaluates src; returns the status and copies the text or error message. */
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

static void independent_contexts(void)
{
    jc_ctx *a = jc_new(), *b = jc_new();
    expect(a, "x = 1", "1");
    expect(b, "x = 2", "2");
    expect(a, "x", "1");
    expect(b, "x", "2");
    expect(a, "f(t) = t + 1; f(1)", "2");
    expect_error(b, "f(1)", JC_ERR_UNDEFVAR, "UndefVarError: `f` not defined");
    jc_set_precision(a, 64);
    expect(a, "big(1)/3", "0.333333333333333333342");
    expect(b, "big(1)/3",
           "0.3333333333333333333333333333333333333333333333333333333333333333333333333333348");
    CHECK(jc_precision(a) == 64 && jc_precision(b) == 256, "precision per context");
    CHECK(jc_set_precision(a, 0) == -1 && jc_precision(a) == 64, "precision 0 refused");
    jc_free(a);
    jc_free(b);
}

static void errors_and_positions(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    const char *src = "x = 1\ny = 2 ÷ 0";
    jc_status st = jc_eval(ctx, src, strlen(src), "file.jl", 10, &r);
    CHECK(st == JC_ERR_DIVIDE, "divide status %d", st);
    CHECK(r.error.line == 11 && r.error.column == 7, "divide at 11:7, got %d:%d", r.error.line,
          r.error.column);
    CHECK(r.error.source && !strcmp(r.error.source, "file.jl"), "source name");
    CHECK(r.error.message && !strcmp(r.error.message, "DivideError: integer division error"),
          "divide text [%s]", r.error.message ? r.error.message : "");
    jc_result_clear(&r);
    /* the assignment before the error in the same input took effect, as in Julia */
    expect(ctx, "x", "1");

    src = "1 +* 2";
    st = jc_eval(ctx, src, strlen(src), "none", 1, &r);
    CHECK(st == JC_ERR_PARSE, "parse status %d", st);
    CHECK(r.error.message && !strcmp(r.error.message,
                                     "ParseError:\n# Error @ none:1:4\n1 +* 2\n#  ╙ ── not a unary operator"),
          "parse text [%s]", r.error.message ? r.error.message : "");
    jc_result_clear(&r);

    /* a NUL byte is a positioned error, and the excerpt shows it as U+FFFD so that the
     * message is neither cut short nor sends a control byte to the terminal */
    st = jc_eval(ctx, "1 + \0 2", 7, "none", 1, &r);
    CHECK(st == JC_ERR_PARSE && r.error.line == 1 && r.error.column == 5, "NUL: %d at %d:%d", st,
          r.error.line, r.error.column);
    CHECK(r.error.message && strstr(r.error.message, "\n1 + \xef\xbf\xbd 2\n#   \xe2\x95\x99 \xe2\x94\x80\xe2\x94\x80 "),
          "NUL excerpt [%s]", r.error.message ? r.error.message : "");
    jc_result_clear(&r);

    expect_error(ctx, "foo", JC_ERR_UNDEFVAR, "UndefVarError: `foo` not defined");
    expect_error(ctx, "1 ⥷ 2", JC_ERR_UNDEFVAR, "UndefVarError: `⥷` not defined");
    expect_error(ctx, "x = 3; (x-1)(x+1)", JC_ERR_METHOD, "MethodError: objects of type Int64 are not callable");
    expect_error(ctx, "if 1 2 end", JC_ERR_TYPE, "TypeError: non-boolean (Int64) used in boolean context");
    expect_error(ctx, "break", JC_ERR_SYNTAX, "syntax: break or continue outside loop");
    expect_error(ctx, "error(\"boom \", 42)", JC_ERR_GENERIC, "boom 42");
    expect_error(ctx, "n = -2; 2^n", JC_ERR_DOMAIN, "DomainError with -2:\nCannot raise an integer x to a negative power -2.");
    expect(ctx, "2^-2", "0.25");

    char *msg = NULL;
    jc_error err = { 0 };
    err.kind = JC_ERR_DIVIDE;
    err.message = strdup("DivideError: integer division error");
    err.source = strdup("stdin");
    err.line = 3;
    err.column = 5;
    msg = jc_error_render(ctx, &err);
    CHECK(!strcmp(msg, "ERROR: DivideError: integer division error\nStacktrace:\n [1] top-level scope\n   @ stdin:3:5"),
          "render [%s]", msg);
    free(msg);
    jc_set_color(ctx, 1);
    msg = jc_error_render(ctx, &err);
    CHECK(!strncmp(msg, "\x1b[91m\x1b[1mERROR: \x1b[22m\x1b[39m", 22), "colour prefix");
    free(msg);
    jc_error_clear(&err);
    jc_free(ctx);
}

/* Errors inside user functions name the frames, innermost first, each with the place
 * where it was running: the error for the innermost, the call site for the others. */
static void stack_traces(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    const char *def = "f(x) = x ÷ 0\ng(y) = f(y) + 1";
    jc_eval(ctx, def, strlen(def), "REPL[1]", 1, &r);
    jc_result_clear(&r);
    jc_eval(ctx, "g(3)", 4, "REPL[2]", 1, &r);
    char *msg = jc_error_render(ctx, &r.error);
    CHECK(!strcmp(msg, "ERROR: DivideError: integer division error\nStacktrace:\n"
                       " [1] f(x::Int64)\n   @ REPL[1]:1:10\n"
                       " [2] g(y::Int64)\n   @ REPL[1]:2:8\n"
                       " [3] top-level scope\n   @ REPL[2]:1:1"),
          "trace [%s]", msg);
    free(msg);
    jc_result_clear(&r);
    const char *rec = "h(n) = n == 0 ? error(\"bottom\") : h(n - 1); h(3)";
    jc_eval(ctx, rec, strlen(rec), "none", 1, &r);
    msg = jc_error_render(ctx, &r.error);
    CHECK(strstr(msg, " [1] h(n::Int64) (repeats 3 times)\n") && strstr(msg, " [3] top-level scope\n"),
          "recursion trace [%s]", msg);
    free(msg);
    jc_result_clear(&r);
    jc_free(ctx);
}

static void incomplete_input(void)
{
    jc_ctx *ctx = jc_new();
    static const char *const incomplete[] = { "1 +", "(1 + 2", "f(", "[1, 2", "\"abc",
                                              "begin", "function f(x)", "for i in 1:3", "#= c" };
    for (size_t i = 0; i < sizeof incomplete / sizeof *incomplete; i++) {
        jc_status st = jc_check(ctx, incomplete[i], strlen(incomplete[i]));
        CHECK(st == JC_INCOMPLETE, "jc_check(%s) = %d, want incomplete", incomplete[i], st);
    }
    static const char *const complete[] = { "1 + 2", "f(x) = 1", "begin 1 end", "# only a comment" };
    for (size_t i = 0; i < sizeof complete / sizeof *complete; i++) {
        jc_status st = jc_check(ctx, complete[i], strlen(complete[i]));
        CHECK(st == JC_OK, "jc_check(%s) = %d, want ok", complete[i], st);
    }
    CHECK(jc_check(ctx, "1 +* 2", 6) == JC_ERR_PARSE, "error is not incomplete");
    jc_free(ctx);
}

static void ans_and_suppression(void)
{
    jc_ctx *ctx = jc_new();
    jc_result r;
    jc_eval(ctx, "x = 41;", 7, "none", 1, &r);
    CHECK(r.status == JC_OK && r.text == NULL, "; suppresses display");
    jc_result_clear(&r);
    expect(ctx, "ans + 1", "42");
    /* an error leaves ans alone */
    expect_error(ctx, "1 ÷ 0", JC_ERR_DIVIDE, "DivideError");
    expect(ctx, "ans", "42");
    jc_eval(ctx, "nothing", 7, "none", 1, &r);
    CHECK(r.status == JC_OK && r.text == NULL, "nothing is not displayed");
    jc_result_clear(&r);
    jc_free(ctx);
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
    jc_set_child_jobs(ctx, 1); /* as the command line does: huge GMP calls in a child */
    expect(ctx, "keep = 7", "7");
    static const char *const loops[] = {
        "while true end",
        "i = 0; while true; i += 1; end",
        "for i in 1:typemax(Int); end",
        "g(n) = n < 0 ? 0 : g(n - 1) + g(n - 2); g(60)",
        "factorial(big(10)^7)",
        "x = big(3)^(10^8); x * x",
    };
    for (size_t i = 0; i < sizeof loops / sizeof *loops; i++) {
        pthread_t th;
        pthread_create(&th, NULL, interrupt_later, ctx);
        char buf[256];
        jc_status st = run(ctx, loops[i], buf, sizeof buf);
        pthread_join(th, NULL);
        CHECK(st == JC_ERR_INTERRUPT && !strcmp(buf, "InterruptException:"), "%s -> %d [%s]",
              loops[i], st, buf);
        expect(ctx, "keep", "7");
    }
    jc_free(ctx);
}

static void limits(void)
{
    jc_ctx *ctx = jc_new();
    expect(ctx, "v = 5", "5");
    expect_error(ctx, "2^(2^40)", JC_ERR_LIMIT, "OverflowError: result would need");
    expect_error(ctx, "big(2)^(2^40)", JC_ERR_LIMIT, "OverflowError: result would need");
    expect_error(ctx, "f(x) = f(x) + 1; f(1)", JC_ERR_STACK, "StackOverflowError:");
    expect(ctx, "v", "5");
    /* a result computed in a child process arrives whole */
    expect(ctx, "length(string(factorial(big(200000))))", "973351");
    expect(ctx, "x = big(7)^1000000; (x % 1000003, ndigits(x))", "(816329, 845099)");
    jc_set_step_limit(ctx, 1000);
    expect_error(ctx, "while true end", JC_ERR_LIMIT, "evaluation step limit reached (1000 steps)");
    /* a recursion ends at the step limit before the stack runs out: 300 levels fit the
     * 8 MB main-thread stack of this test even with the sanitizers' larger frames */
    jc_set_step_limit(ctx, 300);
    expect_error(ctx, "f(x) = f(x); f(1)", JC_ERR_LIMIT, "evaluation step limit reached");
    expect(ctx, "sum(i for i in 1:10)", "55"); /* each evaluation gets the whole budget */
    jc_set_step_limit(ctx, 0);
    jc_set_max_bits(ctx, 1000);
    expect_error(ctx, "big(2)^2000", JC_ERR_LIMIT, "OverflowError: result would need");
    expect(ctx, "big(2)^900 > 0", "true");
    jc_free(ctx);
}

static void output_redirect(void)
{
    jc_ctx *ctx = jc_new();
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    jc_set_output(ctx, f);
    jc_result r;
    const char *src = "println(\"a\", 1, 2.5); print(:x); show(\"q\")";
    jc_eval(ctx, src, strlen(src), "none", 1, &r);
    jc_result_clear(&r);
    fflush(f);
    CHECK(!strcmp(buf, "a12.5\nx\"q\""), "printed [%s]", buf);
    fclose(f);
    free(buf);
    jc_free(ctx);
}

/* Self-containing collections and closure/scope cycles: the display of
 * base/show.jl's show_circular, a clean StackOverflowError where Julia's stack overflows
 * (== and a matrix's show recurse), and the cycle collector freeing only garbage: what
 * is still reachable keeps working after every collection (jc_eval ends with one), and
 * the sanitizer build's LeakSanitizer checks that the garbage went. */
static void cycles(void)
{
    jc_ctx *ctx = jc_new();
    expect(ctx, "a = Any[1]; push!(a, a); repr(a)", "\"Any[1, Any[#= circular reference @-1 =#]]\"");
    expect(ctx, "isequal(a, a)", "true");
    expect_error(ctx, "a == a", JC_ERR_STACK, "StackOverflowError");
    expect_error(ctx, "m = Any[1 2; 3 4]; m[1] = m; repr(m)", JC_ERR_STACK, "StackOverflowError");
    expect(ctx, "m[2]", "3");
    /* b still holds the cycle a leaves behind: it must survive the collection */
    expect(ctx, "b = a; a = nothing; b[2][2][2][1]", "1");
    expect(ctx, "b = nothing; x = 7", "7");
    /* a closure whose scope holds it, garbage once the let ends */
    expect(ctx, "let y = f(e) = 1 end; x", "7");
    /* a scope kept by a global closure, and a cycle through a scope kept by a global */
    expect(ctx, "let z = 5; global getz() = z end; getz()", "5");
    expect(ctx, "getz() + 1", "6");
    expect(ctx, "keep = let v = Any[]; h() = v; push!(v, h); v end; length(keep[1]())", "1");
    expect(ctx, "keep[1]()[1]()[1] === keep[1]", "true");
    expect(ctx, "keep = nothing; g() = (c = Any[]; push!(c, c); Any[c]); w = g(); w = nothing; x", "7");
    /* the inner array's only references from outside were call arguments */
    expect(ctx, "xs = Any[Any[]]; push!(xs[1], xs[1]); xs[1] = 0; x", "7");
    expect(ctx, "t = (Any[1], 2); push!(t[1], t); repr(t)", "\"(Any[1, (#= circular reference @-2 =#)], 2)\"");
    jc_free(ctx);
    /* cycles still bound when the context ends are freed by jc_free */
    ctx = jc_new();
    expect(ctx, "p = []; q = []; push!(p, q); push!(q, p); length(p)", "1");
    expect(ctx, "let u = 1; global k() = u end; k()", "1");
    jc_free(ctx);
}

int main(void)
{
    independent_contexts();
    errors_and_positions();
    stack_traces();
    incomplete_input();
    ans_and_suppression();
    interrupts();
    limits();
    output_redirect();
    cycles();
    return check_report();
}
