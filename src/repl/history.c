/* history.c — the history file (see history.h). */
#include "repl/history.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

char *hist_default_path(void)
{
    const char *state = getenv("XDG_STATE_HOME");
    sb p = { 0 };
    if (state && state[0] == '/')   /* the XDG spec ignores relative paths */
        sb_printf(&p, "%s/jcalc/history", state);
    else {
        const char *home = getenv("HOME");
        if (!home || !home[0])
            return NULL;
        sb_printf(&p, "%s/.local/state/jcalc/history", home);
    }
    return sb_take(&p);
}

size_t hist_max_entries(void)
{
    const char *s = getenv("JCALC_HISTORY_SIZE");
    if (s && *s) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (!*end && !errno && v > 0 && s[0] != '-')
            return v > 100000000ull ? 100000000u : (size_t)v;
    }
    return 10000;
}

static char *errmsg(const char *what, const char *path, int e)
{
    sb m = { 0 };
    sb_printf(&m, "%s %s: %s", what, path, strerror(e));
    return sb_take(&m);
}

/* ---- reading ---- */

typedef struct ring {
    char **text, **mode;
    size_t max, n, head;   /* head: index of the oldest entry once the ring is full */
} ring;

static void ring_push(ring *r, sb *text, const char *mode)
{
    char *t = sb_take(text);
    if (!t[0]) {
        free(t);
        return;
    }
    size_t i;
    if (r->n < r->max)
        i = r->n++;
    else {
        i = r->head;
        r->head = (r->head + 1) % r->max;
        free(r->text[i]);
        free(r->mode[i]);
    }
    r->text[i] = t;
    r->mode[i] = xstrdup(mode);
}

int hist_load(const char *path, size_t max, hist_add_fn add, void *ud, char **err)
{
    *err = NULL;
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        *err = errmsg("cannot read history file", path, errno);
        return -1;
    }
    if (max == 0)
        max = 1;
    ring r = { xcalloc(max, sizeof(char *)), xcalloc(max, sizeof(char *)), max, 0, 0 };
    sb text = { 0 };
    char mode[16] = "julia";
    int in_text = 0;
    size_t bad = 0, first_bad = 0, lineno = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = 0;
        if (line[0] == '#') {
            if (in_text) {
                ring_push(&r, &text, mode);
                in_text = 0;
                strcpy(mode, "julia");
            }
            if (!strncmp(line, "# mode: ", 8) && strlen(line + 8) < sizeof mode)
                strcpy(mode, line + 8);
        } else if (line[0] == '\t') {
            if (in_text)
                sb_putc(&text, '\n');
            sb_put(&text, line + 1, (size_t)len - 1);
            in_text = 1;
        } else {
            /* damage (an editor turned tabs into spaces, a foreign file): skip to
             * the next `#` line, keeping what came before */
            if (!bad++)
                first_bad = lineno;
            if (in_text) {
                ring_push(&r, &text, mode);
                in_text = 0;
            }
        }
    }
    int rerr = ferror(f) ? errno : 0;
    if (in_text)
        ring_push(&r, &text, mode);
    sb_free(&text);
    free(line);
    fclose(f);
    for (size_t k = 0; k < r.n; k++) {
        size_t i = (r.head + k) % r.max;
        add(ud, r.text[i], r.mode[i]);
        free(r.text[i]);
        free(r.mode[i]);
    }
    free(r.text);
    free(r.mode);
    if (rerr) {
        *err = errmsg("error reading history file", path, rerr);
        return -1;
    }
    if (bad) {
        sb m = { 0 };
        sb_printf(&m, "history file %s: %zu damaged line%s ignored (first at line %zu)",
                  path, bad, bad == 1 ? "" : "s", first_bad);
        *err = sb_take(&m);
        return -1;
    }
    return 0;
}

/* ---- writing ---- */

/* mkdir -p of the directory part of path, private to the user. */
static int make_parent_dirs(const char *path)
{
    char *p = xstrdup(path);
    int rc = 0;
    for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = 0;
        if (mkdir(p, 0700) < 0 && errno != EEXIST) {
            rc = -1;
            break;
        }
        *s = '/';
    }
    free(p);
    return rc;
}

int hist_open(hist *h, const char *path, char **err)
{
    *err = NULL;
    h->fd = -1;
    h->path = xstrdup(path);
    if (make_parent_dirs(path) < 0) {
        *err = errmsg("cannot create the directory of history file", path, errno);
        return -1;
    }
    h->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (h->fd < 0) {
        *err = errmsg("cannot write history file", path, errno);
        return -1;
    }
    return 0;
}

void hist_set_last(hist *h, const char *text, const char *mode)
{
    free(h->last);
    free(h->last_mode);
    h->last = xstrdup(text);
    h->last_mode = xstrdup(mode);
}

static int lock(int fd, int op)
{
    while (flock(fd, op) < 0)
        if (errno != EINTR)
            return -1;
    return 0;
}

int hist_append(hist *h, const char *text, const char *mode, char **err)
{
    *err = NULL;
    size_t len = strlen(text);
    while (len > 0 && strchr(" \t\r\n", text[len - 1]))
        len--;
    if (len == 0)
        return 0;
    if (h->last && !strcmp(h->last_mode, mode) && strlen(h->last) == len &&
        !memcmp(h->last, text, len))
        return 0;
    free(h->last);
    free(h->last_mode);
    h->last = xstrndup(text, len);
    h->last_mode = xstrdup(mode);
    if (h->fd < 0)
        return 0;

    sb e = { 0 };
    char stamp[64];
    time_t now = time(NULL);
    struct tm tm;
    if (!localtime_r(&now, &tm) || !strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S %Z", &tm))
        strcpy(stamp, "unknown");
    sb_printf(&e, "# time: %s\n# mode: %s\n\t", stamp, mode);
    for (size_t i = 0; i < len; i++) {
        sb_putc(&e, text[i]);
        if (text[i] == '\n')
            sb_putc(&e, '\t');
    }
    sb_putc(&e, '\n');

    /* O_APPEND places each write at the end; the lock keeps a write that the kernel
     * splits (or a second one after a short write) from interleaving with another
     * REPL's entry. */
    int rc = 1;
    if (lock(h->fd, LOCK_EX) < 0) {
        *err = errmsg("cannot lock history file", h->path, errno);
        rc = -1;
    } else {
        size_t off = 0;
        while (off < e.len) {
            ssize_t w = write(h->fd, e.s + off, e.len - off);
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                *err = errmsg("cannot write history file", h->path, errno);
                rc = -1;
                break;
            }
            off += (size_t)w;
        }
        lock(h->fd, LOCK_UN);
    }
    sb_free(&e);
    return rc;
}

void hist_close(hist *h)
{
    if (h->fd >= 0)
        close(h->fd);
    h->fd = -1;
    free(h->path);
    free(h->last);
    free(h->last_mode);
    h->path = h->last = h->last_mode = NULL;
}
