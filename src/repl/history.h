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
 * nothing here prints.
 *
 * The file is opened as a careful Unix program opens its own files (hist_open_private,
 * which the startup file shares): never through a symbolic link, only a regular file
 * with one link, owned by the user, in a directory of the user's, neither writable by
 * group or others.  Another user who controls a shared $HOME or $XDG_STATE_HOME can
 * then neither point the history at another of your files nor read or feed it.
 *
 * The file is kept bounded: an append that finds it past max_bytes (HIST_MAX_BYTES)
 * replaces it, under the same lock, by its newest entries that fit in half of that,
 * written to a temporary file renamed over it.  Each append first checks, under the
 * lock, that its descriptor is still the file at the path, and follows a rename. */
#ifndef JC_REPL_HISTORY_H
#define JC_REPL_HISTORY_H

#include <stddef.h>

/* The file is trimmed when an append finds it past this size (4 MiB, some 50000 typical
 * entries), down to the newest entries within half of it; loading reads only this much
 * of its end. */
#define HIST_MAX_BYTES ((size_t)4 << 20)

typedef struct hist {
    int fd;           /* open for reading and appending, or -1 */
    int refused;      /* hist_open found the file unsafe to use (see above) */
    size_t max_bytes; /* trim past this size; HIST_MAX_BYTES after hist_open */
    char *path;
    char *last;       /* the newest entry and its mode: immediate duplicates are skipped */
    char *last_mode;
} hist;

/* $XDG_STATE_HOME/jcalc/history, else $HOME/.local/state/jcalc/history (malloc'd), or
 * NULL when neither variable is set. */
char *hist_default_path(void);

/* Entries read from a history file, oldest first. */
typedef void (*hist_add_fn)(void *ud, const char *text, const char *mode);

/* Reads the last max entries of path (within its last HIST_MAX_BYTES) and passes each to
 * add.  A missing file is not an error; a refused one is (see hist_open_private).  Returns 0, or -1 with *err set when the file cannot be read or has damaged
 * lines (the entries that could be read are still delivered). */
int hist_load(const char *path, size_t max, hist_add_fn add, void *ud, char **err);

/* Result of hist_open_private for a file that is there but must not be used. */
#define HIST_REFUSED (-2)

/* Opens path (open(2) flags: O_RDONLY, or O_RDWR|O_APPEND|O_CREAT, created 0600) as one
 * of jcalc's own files, what naming it in messages ("history file").  Refuses without
 * blocking a symbolic link, anything but a regular file (a FIFO, a device, a
 * directory), a file with several links, a file not owned by the user or writable by
 * group or others, and a file whose directory is not the user's (or root's) or is
 * writable by group or others.  Returns the descriptor (close-on-exec, blocking);
 * -1 with *err NULL when the file does not exist and flags do not create it;
 * HIST_REFUSED with *err = "not using WHAT PATH: it is …"; -1 with *err set on other
 * errors. */
int hist_open_private(const char *path, int flags, const char *what, char **err);

/* Opens path for reading and appending, creating it and its directories (mode 0700).
 * Returns 0, or -1 with *err set (the history then is not kept, and h->fd is -1;
 * h->refused tells a refusal by hist_open_private from an error). */
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
