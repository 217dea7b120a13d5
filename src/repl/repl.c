/* repl.c — the interactive loop (see repl.h). */
#include "repl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int repl_run(jc_ctx *ctx, const repl_options *opt)
{
    char line[4096];
    char *buf = NULL;
    size_t len = 0;
    int n = 0;
    if (!opt->quiet)
        printf("jcalc %s — Julia's expression language. Type exit() or Ctrl-D to leave.\n\n",
               JCALC_VERSION);
    for (;;) {
        fputs(len ? "       " : (opt->color ? "\x1b[32m\x1b[1mjcalc> \x1b[0m" : "jcalc> "), stdout);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            break;
        size_t k = strlen(line);
        buf = realloc(buf, len + k + 1);
        memcpy(buf + len, line, k + 1);
        len += k;
        char name[32];
        snprintf(name, sizeof name, "REPL[%d]", n + 1);
        jc_result r;
        jc_status st = jc_eval(ctx, buf, len, name, 1, &r);
        if (st == JC_INCOMPLETE) {
            jc_result_clear(&r);
            continue;
        }
        n++;
        if (st == JC_OK) {
            if (r.text)
                printf("%s\n", r.text);
        } else {
            char *msg = jc_error_render(ctx, &r.error);
            fflush(stdout);
            fprintf(stderr, "%s\n", msg);
            free(msg);
        }
        putchar('\n');
        jc_result_clear(&r);
        len = 0;
    }
    free(buf);
    putchar('\n');
    return 0;
}
