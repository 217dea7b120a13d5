/* fuzz_eval.c — libFuzzer entry: any bytes, through the library entry point.
 *
 * Each input is evaluated in a fresh context with tight limits (result sizes, evaluation
 * steps: a fuzzer-found 2^(2^40) or `while true end` ends quickly), then parsed again
 * for --parse output.
 * Nothing may crash, leak or trip a sanitizer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcalc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    jc_ctx *ctx = jc_new();
    FILE *sink = fopen("/dev/null", "w");
    jc_set_output(ctx, sink);
    jc_set_max_bits(ctx, 1u << 16);
    jc_set_precision(ctx, 128);
    jc_set_step_limit(ctx, 20000); /* endless loops and recursion end quickly */
    jc_result r;
    jc_eval(ctx, (const char *)data, size, "fuzz", 1, &r);
    if (r.status != JC_OK) {
        char *msg = jc_error_render(ctx, &r.error);
        free(msg);
    }
    jc_result_clear(&r);
    char *tree = NULL;
    jc_error err;
    if (jc_parse_sexpr(ctx, (const char *)data, size, "fuzz", &tree, &err) == JC_OK)
        free(tree);
    else
        jc_error_clear(&err);
    jc_free(ctx);
    fclose(sink);
    return 0;
}
