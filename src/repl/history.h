/* history.h — the REPL's history file: one entry per submitted input, kept whole when
 * it spans several lines, in Julia's format:
 *
 *     # time: 2024-01-31 12:00:00 CET
 *     # mode: julia
 *     \t<line 1>
 *     \t<line 2>
 *
 * Each entry is appended with one write(2) on an O_APPEND descriptor under an exclusive
 * flock, so concurrent REPLs interleave whole entries and a killed process loses at
 * most the entry it had not submitted.  Reading resynchronizes at the next `#` line
 * after damage.  Errors are returned as malloc'd messages for the caller to show once;
 * nothing here prints. */
#ifndef JC_REPL_HISTORY_H
#define JC_REPL_HISTORY_H

#include <stddef.h>

typedef struct hist {
    int fd;           /* open for appending, or -1 */
    char *path;
    char *last;       /* the newest entry and its mode: immediate duplicates are skipped */
    char *last_mode;
} hist;

/* $XDG_STATE_HOME/jcalc/history, else $HOME/.local/state/jcalc/history (malloc'd), or
 * NULL when neither variable is set. */
char *hist_default_path(void);

/* Entries read from a history file, oldest first. */
typedef void (*hist_add_fn)(void *ud, const char *text, const char *mode);

/* Reads the last max entries of path and passes each to add.  A missing file is not an
 * error.  Returns 0, or -1 with *err set when the file cannot be read or has damaged
 * lines (the entries that could be read are still delivered). */
int hist_load(const char *path, size_t max, hist_add_fn add, void *ud, char **err);

/* Opens path for appending, creating it and its directory.  Returns 0, or -1 with *err
 * set (the history then is not kept, and h->fd is -1). */
int hist_open(hist *h, const char *path, char **err);

/* Remembers text as the newest entry without writing it (after hist_load). */
void hist_set_last(hist *h, const char *text, const char *mode);

/* Appends an entry (mode "julia" or "help"); trailing whitespace is dropped.  Returns
 * 1 when written, 0 when skipped (blank, or the same as the previous entry), -1 with
 * *err set on a write error. */
int hist_append(hist *h, const char *text, const char *mode, char **err);

void hist_close(hist *h);

/* JCALC_HISTORY_SIZE, or 10000 when unset or not a positive number. */
size_t hist_max_entries(void);

#endif
