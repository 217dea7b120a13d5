/* race.c — times programs side by side, the way every bench/ script compares jcalc with
 * its peers.
 *
 *   race [-n RUNS] [-p DIGITS | -t TOL] [-m BYTES] LABEL NAME [< FILE] ARGV... [:: NAME [< FILE] ARGV...]...
 *
 * Each contender is executed directly (fork and execvp, no shell in between), its
 * standard input from FILE or /dev/null, its standard output captured.  The runs are
 * interleaved, contender by contender within each round, so that the machine's noise
 * falls on all alike.  The outputs must agree: compared without white space, with -p
 * only their first DIGITS characters, with -t word by word, numbers within the relative
 * tolerance TOL (bc's 20 decimals against a Float64's shortest digits); a disagreement is reported and makes the exit status 1.  For each
 * contender after the first, one line gives the minimum and median wall times and the
 * first contender's ratio to it (below 1: the first is faster).  With -m, one more line
 * gives each contender's peak resident memory (the largest over its runs, from wait4),
 * and the first one's per byte of its input, BYTES long. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct contender {
    const char *name, *input;
    char **argv;
    double *t;
    char *out;     /* the first run's output, without white space */
    size_t outlen;
    long maxrss;   /* peak resident set over the runs, KiB */
} contender;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs c once: its wall time, and its squeezed output when keep is set. */
static double run(contender *c, int keep)
{
    int fd[2];
    if (pipe(fd) < 0) {
        perror("race: pipe");
        exit(2);
    }
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("race: fork");
        exit(2);
    }
    if (pid == 0) {
        int in = open(c->input ? c->input : "/dev/null", O_RDONLY);
        if (in < 0) {
            perror(c->input);
            _exit(127);
        }
        dup2(in, 0);
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execvp(c->argv[0], c->argv);
        perror(c->argv[0]);
        _exit(127);
    }
    close(fd[1]);
    char buf[65536];
    ssize_t k;
    size_t cap = keep ? 1024 : 0, len = 0;
    char *out = keep ? malloc(cap) : NULL;
    while ((k = read(fd[0], buf, sizeof buf)) > 0)
        for (ssize_t i = 0; keep && i < k; i++) {
            if (len + 1 >= cap)
                out = realloc(out, cap *= 2);
            out[len++] = buf[i];
        }
    if (keep)
        out[len] = 0;
    close(fd[0]);
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("race: wait4");
        exit(2);
    }
    double t = now() - t0;
    if (ru.ru_maxrss > c->maxrss)
        c->maxrss = ru.ru_maxrss;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fprintf(stderr, "race: %s exited with status %d\n", c->name,
                WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    if (keep) {
        c->out = out;
        c->outlen = len;
    }
    return t;
}

/* The output without white space. */
static size_t squeeze(char *s)
{
    size_t n = 0;
    for (char *p = s; *p; p++)
        if (*p != ' ' && *p != '\n' && *p != '\t' && *p != '\r')
            s[n++] = *p;
    s[n] = 0;
    return n;
}

/* Whether two outputs agree word by word, numbers within a relative tolerance. */
static int agree_numbers(const char *a, const char *b, double tol)
{
    for (;;) {
        a += strspn(a, " \t\r\n");
        b += strspn(b, " \t\r\n");
        size_t la = strcspn(a, " \t\r\n"), lb = strcspn(b, " \t\r\n");
        if (!la || !lb)
            return !la && !lb;
        char *ea, *eb;
        double x = strtod(a, &ea), y = strtod(b, &eb);
        if (ea == a + la && eb == b + lb) {
            double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
            if (fabs(x - y) > tol * m)
                return 0;
        } else if (la != lb || memcmp(a, b, la))
            return 0;
        a += la;
        b += lb;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int runs = 10;
    long digits = -1, membytes = -1;
    double tol = -1;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i += 2) {
        if (i + 1 >= argc)
            break;
        if (!strcmp(argv[i], "-n"))
            runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-p"))
            digits = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "-t"))
            tol = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "-m"))
            membytes = atol(argv[i + 1]);
        else
            break;
    }
    if (i + 2 >= argc || runs < 1) {
        fprintf(stderr, "usage: race [-n RUNS] [-p DIGITS | -t TOL] [-m BYTES] LABEL NAME [< FILE] ARGV... [:: NAME ...]...\n");
        return 2;
    }
    const char *label = argv[i++];
    contender cs[16];
    int nc = 0;
    while (i < argc && nc < 16) {
        contender *c = &cs[nc++];
        memset(c, 0, sizeof *c);
        c->name = argv[i++];
        if (i + 1 < argc && !strcmp(argv[i], "<")) {
            c->input = argv[i + 1];
            i += 2;
        }
        c->argv = &argv[i];
        while (i < argc && strcmp(argv[i], "::"))
            i++;
        if (i < argc)
            argv[i++] = NULL; /* ends this contender's argv */
        c->t = calloc((size_t)runs, sizeof *c->t);
    }
    if (nc < 2) {
        fprintf(stderr, "race: %s: need two contenders\n", label);
        return 2;
    }
    for (int r = 0; r < runs; r++)
        for (int k = 0; k < nc; k++)
            cs[k].t[r] = run(&cs[k], r == 0);
    int bad = 0;
    for (int k = 0; k < nc; k++)
        qsort(cs[k].t, (size_t)runs, sizeof *cs[k].t, cmp_double);
    double jmin = cs[0].t[0] * 1e3, jmed = cs[0].t[runs / 2] * 1e3;
    for (int k = 1; k < nc; k++) {
        int agree;
        if (tol >= 0)
            agree = agree_numbers(cs[0].out, cs[k].out, tol) && cs[0].outlen > 0;
        else {
            size_t n0 = squeeze(cs[0].out), nk = squeeze(cs[k].out);
            if (digits >= 0) {
                n0 = n0 < (size_t)digits ? n0 : (size_t)digits;
                nk = nk < (size_t)digits ? nk : (size_t)digits;
            }
            agree = n0 == nk && !memcmp(cs[0].out, cs[k].out, n0) && n0 > 0;
        }
        bad |= !agree;
        double kmin = cs[k].t[0] * 1e3, kmed = cs[k].t[runs / 2] * 1e3;
        printf("%-32s %-12s %9.2f ms (med %9.2f)  %-12s %9.2f ms (med %9.2f)  ratio %6.2f min %6.2f med  %s\n",
               label, cs[0].name, jmin, jmed, cs[k].name, kmin, kmed, jmin / kmin, jmed / kmed,
               agree ? "outputs agree" : "OUTPUTS DISAGREE");
    }
    if (membytes > 0) {
        printf("%-32s peak resident:", label);
        for (int k = 0; k < nc; k++)
            printf("  %s %.1f MB", cs[k].name, (double)cs[k].maxrss / 1024);
        printf("  (%s: %.1f bytes per input byte)\n", cs[0].name,
               (double)cs[0].maxrss * 1024 / (double)membytes);
    }
    fflush(stdout);
    return bad;
}
