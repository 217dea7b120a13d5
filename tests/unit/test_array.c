/* test_array.c — arrays through the public API: display texts from Julia's documented
 * output, and exact identities (A * inv(A) == I, A * (A \ b) == b) checked on random
 * Rational matrices, whose truth follows from exact arithmetic, not from jcalc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcalc.h"
#include "check.h"
#include "size.h"


static char *eval(jc_ctx *ctx, const char *src)
{
    jc_result r;
    memset(&r, 0, sizeof r);
    jc_status st = jc_eval(ctx, src, strlen(src), "test", 1, &r);
    char *t = NULL;
    if (st == JC_OK && r.text)
        t = strdup(r.text);
    else if (st != JC_OK)
        t = strdup("<error>");
    jc_result_clear(&r);
    return t;
}

static void check(jc_ctx *ctx, const char *src, const char *want)
{
    char *got = eval(ctx, src);
    check_ok(got && !strcmp(got, want), "%s\n  want: %s\n  got:  %s", src, want, got ? got : "(nothing)");
    free(got);
}

/* size.h: checked products and sums, exact by integer arithmetic */
static void check_sizes(void)
{
    static const struct { int64_t a, b; int mul_ok; int64_t mul; int add_ok; int64_t add; } t[] = {
        { 0, 0, 1, 0, 1, 0 },
        { 3, 4, 1, 12, 1, 7 },
        { INT64_C(1) << 31, INT64_C(1) << 31, 1, INT64_C(1) << 62, 1, INT64_C(1) << 32 },
        { INT64_C(1) << 32, INT64_C(1) << 32, 0, 0, 1, INT64_C(1) << 33 },
        { INT64_C(1) << 62, 2, 0, 0, 1, (INT64_C(1) << 62) + 2 },
        { INT64_MAX, 1, 1, INT64_MAX, 0, 0 },
        { INT64_MAX, 0, 1, 0, 1, INT64_MAX },
        { -1, 6, 0, 0, 0, 0 },
        { -1, -6, 0, 0, 0, 0 },
        { INT64_MIN, -1, 0, 0, 0, 0 },
        { (INT64_C(1) << 62) - 1, 2, 1, INT64_MAX - 1, 1, (INT64_C(1) << 62) + 1 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        int64_t r = -7;
        int ok = size_mul(t[i].a, t[i].b, &r) == 0;
        check_ok(ok == t[i].mul_ok && (!ok || r == t[i].mul), "size_mul(%lld, %lld)",
                 (long long)t[i].a, (long long)t[i].b);
        r = -7;
        ok = size_add(t[i].a, t[i].b, &r) == 0;
        check_ok(ok == t[i].add_ok && (!ok || r == t[i].add), "size_add(%lld, %lld)",
                 (long long)t[i].a, (long long)t[i].b);
    }
    int64_t d3[3] = { INT64_C(1) << 21, INT64_C(1) << 21, INT64_C(1) << 21 }, n = 0;
    check_ok(size_dims(3, d3, &n) < 0, "size_dims(2^21, 2^21, 2^21) overflows");
    int64_t dz[2] = { 0, -1 };
    check_ok(size_dims(2, dz, &n) < 0, "size_dims(0, -1) is negative");
    check_ok(size_dims(0, dz, &n) == 0 && n == 1, "size_dims of no dims is 1");
    size_t b;
    check_ok(size_bytes(SIZE_MAX / 16 + 1, 16, &b) < 0, "size_bytes overflow");
    check_ok(size_bytes(1000, 16, &b) == 0 && b == 16000, "size_bytes 1000·16");
    check_ok(size_bytes_add(SIZE_MAX, 1, &b) < 0, "size_bytes_add overflow");
}

int main(void)
{
    jc_ctx *ctx = jc_new();
    check_sizes();
    {
        /* a small --max-bits budget: strings and products are refused before they are
         * built, and what fits is still computed */
        jc_ctx *small = jc_new();
        jc_set_max_bits(small, 4096);
        check(small, "length(\"ab\"^100)", "200");
        check(small, "\"ab\"^1000", "<error>");
        check(small, "s = \"a\"^200; length(s * s)", "400");
        check(small, "s = \"a\"^200; s * s * s", "<error>");
        check(small, "join(1:10000)", "<error>");
        check(small, "length(kron(ones(4), ones(8)))", "32");
        check(small, "kron(ones(10), ones(10))", "<error>");
        check(small, "ones(10) * ones(10)'", "<error>");
        check(small, "ones(10) .+ ones(10)'", "<error>");
        check(small, "x = ones(20); hcat(x, x)", "<error>");
        check(small, "[(1:100)...]", "<error>");
        check(small, "[i for i in 1:100 if true]", "<error>");
        check(small, "length([i for i in 1:30 if true])", "30");
        jc_free(small);
    }
    /* Julia 1.10 test/rational.jl and the reference's display rules */
    check(ctx, "repr([-2//2])", "\"Rational{Int64}[-1]\"");
    check(ctx, "Union{Int, Rational{Int}}[7 3//6; 6//3 2]",
          "2×2 Matrix{Union{Rational{Int64}, Int64}}:\n  7    1//2\n 2//1   2");
    check(ctx, "[1//2, 2//1]", "2-element Vector{Rational{Int64}}:\n 1//2\n  2");
    check(ctx, "repr([3.141592653589793 1])", "\"[3.141592653589793 1.0]\"");
    check(ctx, "[pi 1.0]", "1×2 Matrix{Float64}:\n 3.14159  1.0");
    check(ctx, "Float64[]", "Float64[]");
    check(ctx, "collect(0:0.1:1)[4]", "0.3");
    check(ctx, "length(0:0.1:1)", "11");
    check(ctx, "[1,2] .+ [1,2,3]", "<error>");
    check(ctx, "M = Matrix{Rational}(undef, 1, 1); M[1]", "<error>");
    /* exact identities on random Rational matrices */
    srand(12345);
    for (int t = 0; t < 20; t++) {
        int n = 2 + t % 6;
        char buf[4096];
        int k = snprintf(buf, sizeof buf, "A = [");
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                k += snprintf(buf + k, sizeof buf - (size_t)k, "%s%d//%d", j ? " " : "",
                              rand() % 19 - 9, 1 + rand() % 7);
            k += snprintf(buf + k, sizeof buf - (size_t)k, i + 1 < n ? "; " : "];");
        }
        char *r = eval(ctx, buf);
        free(r);
        char *d = eval(ctx, "det(A) == 0");
        int singular = d && !strcmp(d, "true");
        free(d);
        if (singular)
            continue;
        check(ctx, "A * inv(A) == I", "true");
        check(ctx, "inv(A) * A == I", "true");
        check(ctx, "b = A[:, 1] .+ 1//3; A * (A \\ b) == b", "true");
        check(ctx, "det(A) * det(inv(A)) == 1", "true");
    }
    /* orders 24..30 take the multimodular path: the same identities, on larger matrices */
    for (int t = 0; t < 4; t++) {
        int n = 24 + 2 * t;
        static char big[32768];
        int k = snprintf(big, sizeof big, "A = [");
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                k += snprintf(big + k, sizeof big - (size_t)k, "%s%d//%d", j ? " " : "",
                              rand() % 199 - 99, 1 + rand() % 97);
            k += snprintf(big + k, sizeof big - (size_t)k, i + 1 < n ? "; " : "];");
        }
        char *r = eval(ctx, big);
        free(r);
        check(ctx, "A * inv(A) == I", "true");
        check(ctx, "b = A[:, 1] .+ 1//3; A * (A \\ b) == b", "true");
        check(ctx, "B = A[:, 1:3] .// 7; A * (A \\ B) == B", "true");
        check(ctx, "det(A) * det(inv(A)) == 1", "true");
    }
    /* det by an independent route: A = L·U with L unit lower and U upper triangular, so
     * det(A) is the product of U's diagonal (exact maths; only the product A = L·U is
     * computed by jcalc, through matrix multiplication) */
    check(ctx, "n = 32; L = [i == j ? 1//1 : i > j ? ((7i + 13j) % 11 - 5)//((i + 2j) % 5 + 1) : 0//1 for i in 1:n, j in 1:n];"
               " U = [i == j ? (-1)^i * (i % 7 + 1)//(i % 3 + 1) : i < j ? ((3i + 5j) % 17 - 8)//((i * j) % 4 + 1) : 0//1 for i in 1:n, j in 1:n];"
               " det(L * U) == prod(U[i, i] for i in 1:n)", "true");
    check(ctx, "det(U * L) == prod(U[i, i] for i in 1:n)", "true");
    check(ctx, "inv(L * U) == inv(U) * inv(L)", "true");
    /* BigInt: integer L and U, det exact */
    check(ctx, "Z = big.(numerator.(L .* 60)) * big.(numerator.(U .* 12)); d = det(Z); d isa BigInt", "true");
    check(ctx, "d == prod(big(numerator(U[i, i] * 12)) * 60 for i in 1:n)", "true");
    /* a singular matrix of order 30: the last column is the sum of the first two, so the
     * elimination fails first at column 30, as LU reports it */
    check(ctx, "S = [1//(i + j) + (i == j) for i in 1:30, j in 1:30]; S[:, 30] = S[:, 1] .+ S[:, 2]; det(S)", "0//1");
    {
        jc_result res;
        memset(&res, 0, sizeof res);
        const char *src = "inv(S)";
        jc_status st = jc_eval(ctx, src, strlen(src), "test", 1, &res);
        check_ok(st != JC_OK && res.error.message && strstr(res.error.message, "SingularException(30)"),
                 "inv(S) should raise SingularException(30), got: %s",
                 res.error.message ? res.error.message : "(nothing)");
        jc_result_clear(&res);
    }
    check(ctx, "Z2 = big.([i == j ? 2 : 1 for i in 1:26, j in 1:26]); det(Z2)", "27");
    jc_free(ctx);
    return check_report();
}
