/* repl.h — the interactive front end.  A thin layer over jc_eval: line editing,
 * continuation lines for incomplete input, and display as Julia's REPL shows it. */
#ifndef JC_REPL_H
#define JC_REPL_H

#include "jcalc.h"

typedef struct repl_options {
    int quiet;     /* no banner */
    int color;     /* prompt and errors in colour */
    int history;   /* keep the history file */
    int startup;   /* run the startup file */
} repl_options;

/* Runs until end of input or exit(); returns 0. */
int repl_run(jc_ctx *ctx, const repl_options *opt);

#endif
