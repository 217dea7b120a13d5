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
    size_t input_limit;   /* the most bytes of one input (the startup file, an unfinished
                           * multi-line input); 0: no limit */
} repl_options;

/* Runs until end of input or exit(); returns the code exit() was given, else 0. */
int repl_run(jc_ctx *ctx, const repl_options *opt);

/* Tells the context the size of the terminal on stdout (TIOCGWINSZ), else LINES and
 * COLUMNS from the environment, else 24×80: the library never asks the terminal. */
void repl_display_size(jc_ctx *ctx);

#endif
