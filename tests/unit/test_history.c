/* test_history.c — the REPL history file: format, limits, damage, concurrency.
 *
 * The format is Julia's (REPL.jl): "# time: ..." and "# mode: ..." lines, then each
 * line of the entry after a TAB.  Two processes appending at once must lose nothing and
 * interleave whole entries; a damaged file is reported and what can be read is kept.
 * The file is trimmed to its newest entries past a size, also while others append, and
 * a file another user could have planted (a link, loose modes, a foreign owner, a FIFO)
 * is refused. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "repl/history.h"
#include "check.h"

static void check(int ok, const char *what, const char *detail)
{
    check_ok(ok, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

typedef struct got {
    char *text[1000];
    char *mode[1000];
    int n;
} got;

static void collect(void *ud, const char *text, const char *mode)
{
    got *g = ud;
    if (g->n < 1000) {
        g->text[g->n] = strdup(text);
        g->mode[g->n] = strdup(mode);
        g->n++;
    }
}

static void got_free(got *g)
{
    for (int i = 0; i < g->n; i++) {
        free(g->text[i]);
        free(g->mode[i]);
    }
    g->n = 0;
}

static char dir[256];

static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t k = fread(buf, 1, sizeof buf - 1, f);
    buf[k] = 0;
    fclose(f);
    return buf;
}

static void test_format_and_rules(void)
{
    char p[512], *err = NULL;
    path_of(p, sizeof p, "a/b/history");   /* directories are created */
    hist h = { 0 };
    check(hist_open(&h, p, &err) == 0, "open creates directories", err);
    check(hist_append(&h, "1+1", "julia", &err) == 1, "append", NULL);
    check(hist_append(&h, "1+1", "julia", &err) == 0, "immediate duplicate skipped", NULL);
    check(hist_append(&h, "   \n\t", "julia", &err) == 0, "blank skipped", NULL);
    check(hist_append(&h, "1+1", "help", &err) == 1, "same text, other mode kept", NULL);
    check(hist_append(&h, "function f(x)\n    x + 1\nend\n\n", "julia", &err) == 1,
          "multi-line append", NULL);
    check(hist_append(&h, "# not metadata\nx", "julia", &err) == 1, "entry starting with #", NULL);
    check(hist_append(&h, "1+1", "julia", &err) == 1, "non-adjacent duplicate kept", NULL);
    hist_close(&h);

    const char *s = slurp(p);
    check(s && strstr(s, "# mode: julia\n\tfunction f(x)\n\t    x + 1\n\tend\n# time: "),
          "Julia's layout, trailing blank lines dropped", s);
    check(s && !strncmp(s, "# time: ", 8), "starts with # time:", s);

    got g = { 0 };
    check(hist_load(p, 100, collect, &g, &err) == 0, "load", err);
    static const char *const want[] = { "1+1", "1+1", "function f(x)\n    x + 1\nend",
                                        "# not metadata\nx", "1+1" };
    static const char *const wmode[] = { "julia", "help", "julia", "julia", "julia" };
    int ok = g.n == 5;
    for (int i = 0; ok && i < 5; i++)
        ok = !strcmp(g.text[i], want[i]) && !strcmp(g.mode[i], wmode[i]);
    check(ok, "round trip", g.n ? g.text[g.n - 1] : NULL);
    got_free(&g);

    check(hist_load(p, 2, collect, &g, &err) == 0 && g.n == 2 &&
          !strcmp(g.text[0], "# not metadata\nx") && !strcmp(g.text[1], "1+1"),
          "only the last N entries", NULL);
    got_free(&g);

    path_of(p, sizeof p, "missing");
    check(hist_load(p, 10, collect, &g, &err) == 0 && g.n == 0, "missing file is empty", NULL);
}

static void test_damage(void)
{
    char p[512], *err = NULL;
    path_of(p, sizeof p, "damaged");
    FILE *f = fopen(p, "w");
    fputs("# time: 2024-01-01 00:00:00 UTC\n# mode: julia\n\tgood1\n"
          "    spaces instead of a tab\n"
          "\tstray continuation\n"
          "\x01\x02 garbage \xff\n"
          "# time: 2024-01-01 00:00:01 UTC\n# mode: julia\n\tgood2\n\tline2\n", f);
    fclose(f);
    got g = { 0 };
    int rc = hist_load(p, 100, collect, &g, &err);
    check(rc == -1 && err && strstr(err, "damaged") && strstr(err, "line 4"),
          "damage reported", err);
    free(err);
    check(g.n == 3 && !strcmp(g.text[0], "good1") && !strcmp(g.text[2], "good2\nline2"),
          "readable entries kept", g.n ? g.text[g.n - 1] : NULL);
    got_free(&g);

    /* a directory where the file should be: reported, no crash, nothing loaded */
    path_of(p, sizeof p, "adir");
    mkdir(p, 0700);
    err = NULL;
    rc = hist_load(p, 100, collect, &g, &err);
    check(rc == -1 && err != NULL && g.n == 0, "unreadable file reported", err);
    free(err);
    hist h = { 0 };
    err = NULL;
    check(hist_open(&h, p, &err) == -1 && err && h.fd == -1, "unwritable file reported", err);
    free(err);
    check(hist_append(&h, "1", "julia", &err) == 0, "append without a file is a no-op", NULL);
    hist_close(&h);
}

static void writer_n(const char *p, int id, int n, size_t max_bytes)
{
    hist h = { 0 };
    char *err;
    if (hist_open(&h, p, &err) < 0)
        _exit(2);
    if (max_bytes)
        h.max_bytes = max_bytes;
    char text[128];
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0)
            snprintf(text, sizeof text, "begin\n    w%d = %d\nend", id, i);
        else
            snprintf(text, sizeof text, "w%d = %d", id, i);
        if (hist_append(&h, text, "julia", &err) != 1)
            _exit(3);
    }
    hist_close(&h);
    _exit(0);
}

static void writer(const char *p, int id)
{
    writer_n(p, id, 100, 0);
}

static void test_concurrent(void)
{
    char p[512], *err = NULL;
    path_of(p, sizeof p, "concurrent");
    pid_t a = fork();
    if (a == 0)
        writer(p, 1);
    pid_t b = fork();
    if (b == 0)
        writer(p, 2);
    int sa = -1, sb = -1;
    waitpid(a, &sa, 0);
    waitpid(b, &sb, 0);
    check(WIFEXITED(sa) && WEXITSTATUS(sa) == 0 && WIFEXITED(sb) && WEXITSTATUS(sb) == 0,
          "writers succeed", NULL);
    got g = { 0 };
    check(hist_load(p, 1000, collect, &g, &err) == 0, "load after concurrent writes", NULL);
    /* every entry of each writer is there exactly once, whole, in its writer's order */
    int next[3] = { 0, 0, 0 }, bad = 0;
    for (int i = 0; i < g.n; i++) {
        int id, k;
        char want[128];
        if (sscanf(g.text[i], "w%d = %d", &id, &k) != 2 &&
            sscanf(g.text[i], "begin\n    w%d = %d", &id, &k) != 2) {
            bad++;
            continue;
        }
        if (id < 1 || id > 2 || k != next[id]) {
            bad++;
            continue;
        }
        if (k % 3 == 0)
            snprintf(want, sizeof want, "begin\n    w%d = %d\nend", id, k);
        else
            snprintf(want, sizeof want, "w%d = %d", id, k);
        bad += strcmp(want, g.text[i]) != 0;
        next[id]++;
    }
    char msg[128];
    snprintf(msg, sizeof msg, "%d entries, %d+%d in order, %d bad", g.n, next[1], next[2], bad);
    check(g.n == 200 && next[1] == 100 && next[2] == 100 && bad == 0, "none lost", msg);
    got_free(&g);
}

/* Every entry loaded is a writer's, whole; each writer's entries are a run without a gap
 * that ends with its last one (trimming drops the oldest, never the recent end). */
static void check_suffixes(const char *p, int writers, int n, const char *what)
{
    char *err = NULL;
    got g = { 0 };
    int rc = hist_load(p, 1000, collect, &g, &err);
    int first[3] = { -1, -1, -1 }, next[3] = { 0, 0, 0 }, bad = 0;
    for (int i = 0; i < g.n; i++) {
        int id, k;
        char want[128];
        if ((sscanf(g.text[i], "w%d = %d", &id, &k) != 2 &&
             sscanf(g.text[i], "begin\n    w%d = %d", &id, &k) != 2) || id < 1 || id > writers) {
            bad++;
            continue;
        }
        if (first[id] < 0)
            first[id] = next[id] = k;
        if (k != next[id]) {
            bad++;
            continue;
        }
        if (k % 3 == 0)
            snprintf(want, sizeof want, "begin\n    w%d = %d\nend", id, k);
        else
            snprintf(want, sizeof want, "w%d = %d", id, k);
        bad += strcmp(want, g.text[i]) != 0;
        next[id]++;
    }
    /* a writer that finished long before the other may have been trimmed away whole */
    int ok = rc == 0 && bad == 0 && g.n > 0, present = 0;
    for (int id = 1; id <= writers; id++) {
        ok = ok && (first[id] < 0 || (first[id] >= 0 && next[id] == n));
        present += first[id] >= 0;
    }
    ok = ok && present > 0;
    char msg[160];
    snprintf(msg, sizeof msg, "%d entries, writer 1 %d..%d, writer 2 %d..%d, %d bad%s%s", g.n,
             first[1], next[1] - 1, first[2], next[2] - 1, bad, err ? ", " : "", err ? err : "");
    check(ok, what, msg);
    free(err);
    got_free(&g);
}

static int stray_files(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "ls '%s' | grep -q 'trim.*\\.'", dir);
    return system(cmd) == 0;
}

static void test_trim(void)
{
    char p[512], *err = NULL;
    struct stat st;
    path_of(p, sizeof p, "trim1");
    pid_t a = fork();
    if (a == 0)
        writer_n(p, 1, 400, 3000);
    int sa = -1;
    waitpid(a, &sa, 0);
    check(WIFEXITED(sa) && WEXITSTATUS(sa) == 0, "trimming writer succeeds", NULL);
    check(stat(p, &st) == 0 && st.st_size <= 3000 && (st.st_mode & 0777) == 0600,
          "trimmed file within the limit, mode 0600", NULL);
    check_suffixes(p, 1, 400, "trim keeps the newest entries");

    /* two REPLs appending while each trims: the newest entries of both survive, none
     * is lost after the oldest one kept, nothing is left half-written */
    path_of(p, sizeof p, "trim2");
    a = fork();
    if (a == 0)
        writer_n(p, 1, 300, 4096);
    pid_t b = fork();
    if (b == 0)
        writer_n(p, 2, 300, 4096);
    int sb = -1;
    waitpid(a, &sa, 0);
    waitpid(b, &sb, 0);
    check(WIFEXITED(sa) && WEXITSTATUS(sa) == 0 && WIFEXITED(sb) && WEXITSTATUS(sb) == 0,
          "concurrent trimming writers succeed", NULL);
    check(stat(p, &st) == 0 && st.st_size <= 4096, "concurrently trimmed file within the limit",
          NULL);
    check_suffixes(p, 2, 300, "concurrent trims lose nothing recent");
    check(!stray_files(), "no temporary file left", NULL);

    /* a REPL that opened the file before another one trimmed it follows the rename:
     * its next entry lands in the new file, after the other's */
    path_of(p, sizeof p, "trim4");
    hist h1 = { 0 }, h2 = { 0 };
    check(hist_open(&h1, p, &err) == 0 && hist_open(&h2, p, &err) == 0, "open twice", err);
    h2.max_bytes = 1000;
    hist_append(&h1, "from_first_before", "julia", &err);
    char text[64];
    for (int i = 0; i < 40; i++) {
        snprintf(text, sizeof text, "second_%d", i);
        hist_append(&h2, text, "julia", &err);
    }
    check(hist_append(&h1, "from_first_after", "julia", &err) == 1, "append after a trim", err);
    hist_close(&h1);
    hist_close(&h2);
    got g2 = { 0 };
    check(hist_load(p, 100, collect, &g2, &err) == 0 && g2.n > 2 &&
          !strcmp(g2.text[g2.n - 2], "second_39") && !strcmp(g2.text[g2.n - 1], "from_first_after") &&
          strcmp(g2.text[0], "from_first_before") != 0,
          "an append follows another REPL's trim", g2.n ? g2.text[g2.n - 1] : NULL);
    got_free(&g2);

    /* one entry longer than the limit is kept whole */
    path_of(p, sizeof p, "trim3");
    hist h = { 0 };
    check(hist_open(&h, p, &err) == 0, "open", err);
    h.max_bytes = 100;
    char big[400];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    hist_append(&h, "small", "julia", &err);
    check(hist_append(&h, big, "julia", &err) == 1, "long entry appended", err);
    hist_close(&h);
    got g = { 0 };
    check(hist_load(p, 10, collect, &g, &err) == 0 && g.n == 1 && !strcmp(g.text[0], big),
          "an entry longer than the limit is kept whole", NULL);
    got_free(&g);
}

/* Files another user could have planted or could change are refused, without blocking,
 * and named in the error; the REPL then runs without history. */
static void test_refused(void)
{
    char p[512], q[512], *err = NULL;
    static const char *const names[] = { "symlink", "loose", "group", "fifo", "hardlink",
                                         "foreign" };
    path_of(q, sizeof q, "target");
    FILE *f = fopen(q, "w");
    fputs("# time: 2024-01-01 00:00:00 UTC\n# mode: julia\n\tsecret\n", f);
    fclose(f);
    chmod(q, 0600);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        path_of(p, sizeof p, names[i]);
        const char *why = NULL;
        switch (i) {
        case 0: (void)!symlink(q, p); why = "symbolic link"; break;
        case 1: close(open(p, O_CREAT | O_WRONLY, 0600)); chmod(p, 0666); why = "writable by others"; break;
        case 2: close(open(p, O_CREAT | O_WRONLY, 0600)); chmod(p, 0620); why = "writable by its group"; break;
        case 3: mkfifo(p, 0600); why = "FIFO"; break;
        case 4: (void)!link(q, p); why = "hard links"; break;
        case 5:
            if (geteuid() != 0)
                continue;   /* only root can give a file away */
            close(open(p, O_CREAT | O_WRONLY, 0600));
            (void)!chown(p, 65534, 65534);
            why = "owned by another user (uid 65534)";
            break;
        }
        hist h = { 0 };
        err = NULL;
        int rc = hist_open(&h, p, &err);
        char what[64];
        snprintf(what, sizeof what, "%s refused for writing", names[i]);
        check(rc == -1 && h.refused && h.fd == -1 && err && strstr(err, "not using history file") &&
              strstr(err, why), what, err);
        free(err);
        hist_close(&h);
        got g = { 0 };
        err = NULL;
        rc = hist_load(p, 10, collect, &g, &err);
        snprintf(what, sizeof what, "%s refused for reading", names[i]);
        check(rc == -1 && g.n == 0 && err && strstr(err, why), what, err);
        free(err);
        got_free(&g);
    }
    f = fopen(q, "r");
    char line[128] = "";
    while (f && fgets(line, sizeof line, f))
        ;
    if (f)
        fclose(f);
    check(!strcmp(line, "\tsecret\n"), "the link targets are untouched", line);

    /* a directory others may write to */
    path_of(p, sizeof p, "open/history");
    hist h = { 0 };
    err = NULL;
    check(hist_open(&h, p, &err) == 0, "open in a new directory", err);
    hist_close(&h);
    path_of(q, sizeof q, "open");
    chmod(q, 0777);
    err = NULL;
    check(hist_open(&h, p, &err) == -1 && h.refused && err && strstr(err, "its directory is writable"),
          "a directory writable by others is refused", err);
    free(err);
    hist_close(&h);
    path_of(p, sizeof p, "open/new_history");
    err = NULL;
    check(hist_open(&h, p, &err) == -1 && h.refused && access(p, F_OK) != 0,
          "no file is created in a directory writable by others", err);
    free(err);
    hist_close(&h);
    struct stat st;
    path_of(p, sizeof p, "new/sub/history");
    err = NULL;
    check(hist_open(&h, p, &err) == 0, "open creates directories", err);
    hist_close(&h);
    path_of(q, sizeof q, "new/sub");
    check(stat(q, &st) == 0 && (st.st_mode & 0777) == 0700, "directories are made 0700", NULL);
}

static void test_size_env(void)
{
    unsetenv("JCALC_HISTORY_SIZE");
    check(hist_max_entries() == 10000, "default size", NULL);
    setenv("JCALC_HISTORY_SIZE", "25", 1);
    check(hist_max_entries() == 25, "JCALC_HISTORY_SIZE", NULL);
    setenv("JCALC_HISTORY_SIZE", "-3", 1);
    check(hist_max_entries() == 10000, "bad size ignored", NULL);
    setenv("JCALC_HISTORY_SIZE", "12abc", 1);
    check(hist_max_entries() == 10000, "bad size ignored", NULL);
    unsetenv("JCALC_HISTORY_SIZE");

    setenv("XDG_STATE_HOME", "/tmp/state", 1);
    char *p = hist_default_path();
    check(p && !strcmp(p, "/tmp/state/jcalc/history"), "XDG_STATE_HOME", p);
    free(p);
    setenv("XDG_STATE_HOME", "relative", 1);   /* ignored, as the XDG spec says */
    setenv("HOME", "/home/u", 1);
    p = hist_default_path();
    check(p && !strcmp(p, "/home/u/.local/state/jcalc/history"), "HOME fallback", p);
    free(p);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/jcalc-test-history-XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_format_and_rules();
    test_damage();
    test_concurrent();
    test_trim();
    test_refused();
    test_size_env();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", dir);
    return check_report();
}
