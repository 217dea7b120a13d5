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

/* ---- opening carefully ---- */

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISLNK(m) ? "a symbolic link"
         : S_ISCHR(m) || S_ISBLK(m) ? "a device" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

/* Why a file (or, dir set, its directory) with status st must not be used, or NULL. */
static const char *unsafe(const struct stat *st, int dir, sb *why)
{
    uid_t me = geteuid();
    if (dir) {
        if (st->st_uid != me && st->st_uid != 0)
            sb_printf(why, "its directory is owned by another user (uid %lu)", (unsigned long)st->st_uid);
        else if (st->st_mode & (S_IWGRP | S_IWOTH))
            sb_printf(why, "its directory is writable by %s",
                      st->st_mode & S_IWOTH ? "others" : "its group");
        return why->len ? why->s : NULL;
    }
    if (!S_ISREG(st->st_mode))
        sb_printf(why, "it is %s", kind_of(st->st_mode));
    else if (st->st_uid != me)
        sb_printf(why, "it is owned by another user (uid %lu)", (unsigned long)st->st_uid);
    else if (st->st_mode & (S_IWGRP | S_IWOTH))
        sb_printf(why, "it is writable by %s", st->st_mode & S_IWOTH ? "others" : "its group");
    else if (st->st_nlink > 1)
        sb_printf(why, "it has %lu hard links", (unsigned long)st->st_nlink);
    return why->len ? why->s : NULL;
}

/* Why the directory holding path must not be used, or NULL: whoever may write there may
 * swap the file for another. */
static const char *dir_unsafe(const char *path, sb *why)
{
    char *d = xstrdup(path);
    char *slash = strrchr(d, '/');
    if (slash == d)
        slash[1] = 0;
    else if (slash)
        *slash = 0;
    struct stat ds;
    const char *bad = stat(slash ? d : ".", &ds) == 0 ? unsafe(&ds, 1, why) : NULL;
    free(d);
    return bad;
}

static int refuse(const char *what, const char *path, const char *why, char **err)
{
    sb m = { 0 };
    sb_printf(&m, "not using %s %s: %s", what, path, why);
    *err = sb_take(&m);
    return HIST_REFUSED;
}

int hist_open_private(const char *path, int flags, const char *what, char **err)
{
    *err = NULL;
    sb why = { 0 };
    struct stat st;
    int rc;
    /* a file about to be created must not appear where others may write; a missing
     * file in such a place is not worth a warning */
    if ((flags & O_CREAT) && dir_unsafe(path, &why)) {
        rc = refuse(what, path, why.s, err);
        sb_free(&why);
        return rc;
    }
    /* O_NONBLOCK: opening a FIFO must not wait for a writer (or a reader), nor a
     * device for its carrier; O_NOFOLLOW refuses a symbolic link as the last part. */
    int fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0600);
    if (fd < 0) {
        int e = errno;
        if (e == ENOENT && !(flags & O_CREAT))
            return -1;
        /* ELOOP (EMLINK on the BSDs) for a link, ENXIO for a FIFO without a reader,
         * EISDIR for a directory opened for writing: say what is there */
        if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
            sb_printf(&why, "it is %s", kind_of(st.st_mode));
            rc = refuse(what, path, why.s, err);
            sb_free(&why);
            return rc;
        }
        sb_printf(&why, "cannot %s %s %s: %s", flags & (O_WRONLY | O_RDWR) ? "write" : "read",
                  what, path, strerror(e));
        *err = sb_take(&why);
        return -1;
    }
    if (fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        sb_printf(&why, "cannot read %s %s: %s", what, path, strerror(e));
        *err = sb_take(&why);
        return -1;
    }
    const char *bad = unsafe(&st, 0, &why);
    if (!bad && !(flags & O_CREAT))
        bad = dir_unsafe(path, &why);
    if (bad) {
        close(fd);
        rc = refuse(what, path, bad, err);
        sb_free(&why);
        return rc;
    }
    sb_free(&why);
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
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
    int fd = hist_open_private(path, O_RDONLY, "history file", err);
    if (fd < 0)
        return *err ? -1 : 0;
    /* only the end of a file that has grown past the limit (written before trimming
     * existed, or by hand): from the first entry that starts there */
    struct stat st;
    int skip = 0;
    if (fstat(fd, &st) == 0 && (size_t)st.st_size > HIST_MAX_BYTES) {
        lseek(fd, st.st_size - (off_t)HIST_MAX_BYTES, SEEK_SET);
        skip = 1;
    }
    FILE *f = fdopen(fd, "r");
    if (!f) {
        int e = errno;
        close(fd);
        *err = errmsg("cannot read history file", path, e);
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
        if (skip) {
            if (strncmp(line, "# time:", 7))
                continue;
            skip = 0;
        }
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
    h->refused = 0;
    h->max_bytes = HIST_MAX_BYTES;
    h->path = xstrdup(path);
    if (make_parent_dirs(path) < 0) {
        *err = errmsg("cannot create the directory of history file", path, errno);
        return -1;
    }
    int fd = hist_open_private(path, O_RDWR | O_APPEND | O_CREAT, "history file", err);
    if (fd < 0) {
        h->refused = fd == HIST_REFUSED;
        return -1;
    }
    h->fd = fd;
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

static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_at(int fd, char *s, size_t n, off_t at)
{
    while (n > 0) {
        ssize_t r = pread(fd, s, n, at);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        s += r;
        n -= (size_t)r;
        at += r;
    }
    return 0;
}

/* With the lock held on h->fd: makes h->fd the file now at h->path, which another
 * REPL's trim may have renamed over ours (or a user removed: it is made again), and
 * holds the lock on that one.  It loops because the new file may be replaced in turn
 * before it is locked.  Returns 0, or -1 with *err set. */
static int follow_path(hist *h, char **err)
{
    for (;;) {
        struct stat mine, there;
        if (fstat(h->fd, &mine) == 0 && lstat(h->path, &there) == 0 &&
            mine.st_dev == there.st_dev && mine.st_ino == there.st_ino)
            return 0;
        int fd = hist_open_private(h->path, O_RDWR | O_APPEND | O_CREAT, "history file", err);
        if (fd < 0)
            return -1;
        close(h->fd);   /* and its lock */
        h->fd = fd;
        if (lock(h->fd, LOCK_EX) < 0) {
            *err = errmsg("cannot lock history file", h->path, errno);
            return -1;
        }
    }
}

/* The offset in s[0..n) (file offsets from..from+n) where an entry starts: the first
 * one when first is set, else the last; or -1.  An entry starts at a "# time:" line
 * (lines of text begin with a TAB, so they never look like one). */
static long entry_start(const char *s, size_t n, off_t from, int first)
{
    long found = -1;
    for (size_t i = 0; i + 7 <= n; i++) {
        if ((i > 0 ? s[i - 1] == '\n' : from == 0) && !memcmp(s + i, "# time:", 7)) {
            found = (long)i;
            if (first)
                break;
        }
    }
    return found;
}

/* With the lock held on h->fd and the file at size bytes, past h->max_bytes: replaces
 * the file by its newest entries within h->max_bytes / 2 (at least the newest entry,
 * however long), written to a temporary file in the same directory and renamed over
 * it, so that a crash leaves either file whole.  The new file is locked before it
 * appears and becomes h->fd; REPLs still appending to the old one follow the rename
 * (follow_path) once they hold the old lock.  On any failure the file is left as it
 * was: it only stays longer. */
static void trim(hist *h, off_t size)
{
    size_t win = h->max_bytes / 2;
    if (win < 64)
        win = 64;
    char *buf = NULL;
    long cut = -1;
    off_t from = 0;
    for (int first = 1;; first = 0) {
        if ((off_t)win > size)
            win = (size_t)size;
        from = size - (off_t)win;
        buf = xrealloc(buf, win ? win : 1);
        if (read_at(h->fd, buf, win, from) < 0)
            goto out;
        cut = entry_start(buf, win, from, first);
        if (cut >= 0 || from == 0)
            break;
        win *= 2;   /* the newest entry alone is longer: find where it starts */
    }
    if (cut < 0 || from + cut == 0)
        goto out;   /* not our format, or one entry: nothing to drop */

    sb tmp = { 0 };
    sb_printf(&tmp, "%s.XXXXXX", h->path);
    int fd = mkstemp(tmp.s);   /* mode 0600, O_EXCL */
    if (fd < 0) {
        sb_free(&tmp);
        goto out;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (write_all(fd, buf + cut, win - (size_t)cut) < 0 || fsync(fd) < 0 ||
        fcntl(fd, F_SETFL, O_APPEND) < 0 || lock(fd, LOCK_EX) < 0 || rename(tmp.s, h->path) < 0) {
        unlink(tmp.s);
        close(fd);
    } else {
        close(h->fd);   /* and its lock: the REPLs waiting for it will follow */
        h->fd = fd;
    }
    sb_free(&tmp);
out:
    free(buf);
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
    } else if (follow_path(h, err) < 0) {
        rc = -1;
    } else {
        struct stat st;
        if (write_all(h->fd, e.s, e.len) < 0) {
            *err = errmsg("cannot write history file", h->path, errno);
            rc = -1;
        } else if (fstat(h->fd, &st) == 0 && (size_t)st.st_size > h->max_bytes)
            trim(h, st.st_size);
    }
    if (h->fd >= 0)
        lock(h->fd, LOCK_UN);
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
