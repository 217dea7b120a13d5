/* main.c — the command line: options, -e one-liners, --parse, streams (stdin and
 * files), and the hand-over to the interactive REPL when stdin is a terminal. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jcalc.h"
#include "repl/repl.h"

/* The context is freed at exit only where a leak checker looks (sanitizer builds): the
 * process ending returns its memory at once, and freeing a thousand bindings one by one
 * was a fifth of the instructions of `jcalc -e 1+1`.  Nothing but memory is held: FILE
 * streams are flushed by exit itself. */
#if defined(__SANITIZE_ADDRESS__)
#define FREE_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FREE_AT_EXIT 1
#endif
#endif
#ifndef FREE_AT_EXIT
#define FREE_AT_EXIT 0
#endif

static const char usage[] =
    "Usage: jcalc [OPTIONS] [FILE...]\n"
    "\n"
    "A calculator that speaks Julia's expression language.\n"
    "\n"
    "With no FILE and a terminal on stdin, starts the interactive REPL; otherwise\n"
    "evaluates each expression of the files (or of stdin) and prints each value.\n"
    "\n"
    "Options:\n"
    "  -e, --eval EXPR      evaluate EXPR and print its value (repeatable; nothing\n"
    "                       is printed when EXPR ends with ';')\n"
    "      --parse EXPR     print how EXPR parses, as a JuliaSyntax S-expression\n"
    "      --list-builtins  print every builtin function and exit: one line per name\n"
    "                       and table, NAME<TAB>TABLE<TAB>SIGNATURE, sorted by name\n"
    "  -q, --quiet          no banner in the REPL\n"
    "      --precision N    BigFloat precision in bits (default 256)\n"
    "      --max-bits N     refuse integer or float results larger than N bits\n"
    "                       (default 4294967296)\n"
    "      --max-memory N   the memory evaluations may hold, in bytes or with a K, M,\n"
    "                       G or T suffix (default: half the machine's memory); past it\n"
    "                       an evaluation stops with OutOfMemoryError()\n"
    "      --color=WHEN     colour output: auto (default: only on a terminal and when\n"
    "                       NO_COLOR is unset), yes, no\n"
    "      --history-file=yes|no   keep the REPL history (default yes)\n"
    "      --startup-file=yes|no   run $XDG_CONFIG_HOME/jcalc/startup.jl (default yes)\n"
    "  -h, --help           show this help and exit\n"
    "  -v, --version        show the version and exit\n"
    "\n"
    "Exit status: 0 on success, 1 if any evaluation failed, 2 for a usage error.\n"
    "Examples:\n"
    "  jcalc -e 'tanpi(1/4 + 2e10)'\n"
    "  echo 'big(2)^100' | jcalc\n"
    "  jcalc --parse 'a ⥺ b'\n";

static jc_ctx *interrupt_target;

static void on_sigint(int sig)
{
    (void)sig;
    if (interrupt_target)
        jc_interrupt(interrupt_target);
}

/* Reports a usage error and gives the status for it, which real_main returns: the
 * program runs on a thread (see main), and exit() there would end the process under
 * the main thread's feet, leaving the thread's resources behind. */
static int usage_error(const char *fmt, const char *arg)
{
    fputs("jcalc: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (try 'jcalc --help')\n", stderr);
    return 2;
}

/* The code exit() asked for, or -1 while the program has not called it. */
static int exit_code = -1;

/* Prints an evaluation's outcome: the value on stdout, an error on stderr. */
static int report(jc_ctx *ctx, jc_result *r)
{
    if (r->status == JC_EXIT) {
        exit_code = r->exit_code;
        return 0;
    }
    if (r->status == JC_OK) {
        if (r->text) {
            fputs(r->text, stdout);
            fputc('\n', stdout);
        }
        return 0;
    }
    fflush(stdout);
    char *msg = jc_error_render(ctx, &r->error);
    fputs(msg, stderr);
    fputc('\n', stderr);
    free(msg);
    return 1;
}

/* The most bytes one expression may take, with every line it spans, before a stream
 * (or the startup file) is refused.  The text of an expression is held whole until it
 * parses, so a stream without newlines (/dev/zero) or an expression that never ends
 * (a FIFO fed `(` forever) would otherwise grow until memory runs out; a stream of
 * complete expressions is read for ever in bounded memory.  1 GiB, or a sixteenth of
 * the memory budget if less (the text's parse tree takes several times its size), or
 * JCALC_INPUT_LIMIT bytes (the tests set a small one). */
static size_t input_limit(const jc_ctx *ctx)
{
    const char *s = getenv("JCALC_INPUT_LIMIT");
    if (s && *s >= '0' && *s <= '9') {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (!*end && !errno && v > 0)
            return v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    }
    unsigned long long budget = jc_max_memory(ctx) / 16;
    return budget < ((size_t)1 << 30) ? (size_t)budget : (size_t)1 << 30;
}

typedef struct text {
    char *s;
    size_t len, cap;
} text;

enum { LINE_END = 0, LINE_OK = 1, LINE_ERROR = -1, LINE_TOO_LONG = -2, LINE_NO_MEMORY = -3 };

/* Appends the next line of in, its newline included, to t, which never holds more than
 * limit bytes (plus a terminating NUL).  Returns LINE_OK, LINE_END when nothing is
 * left, or an error (LINE_ERROR with errno set by the read). */
static int read_line(FILE *in, text *t, size_t limit)
{
    size_t start = t->len;
    int c;
    while ((c = getc_unlocked(in)) != EOF) {
        if (t->len >= limit)
            return LINE_TOO_LONG;
        if (t->len + 2 > t->cap) {
            size_t cap = t->cap < 4096 ? 4096 : t->cap < limit / 2 ? 2 * t->cap : limit + 1;
            char *s = realloc(t->s, cap);
            if (!s)
                return LINE_NO_MEMORY;
            t->s = s;
            t->cap = cap;
        }
        t->s[t->len++] = (char)c;
        if (c == '\n')
            break;
    }
    if (t->s)
        t->s[t->len] = 0;
    if (ferror(in))
        return LINE_ERROR;
    return t->len > start ? LINE_OK : LINE_END;
}

/* ---- where a statement may end ----
 *
 * A stream's statement that spans lines would be parsed again each time a line arrives
 * until it is complete, which is quadratic in its length (a 30,000-line array literal).
 * This scanner reads each line once and knows when the statement so far is certainly
 * unfinished: inside a bracket, a string or a #= comment, or inside a block opened at
 * bracket depth 0 whose `end` has not come.  Only then is the parse skipped.  What it
 * does not model (an unbalanced closer, a very deep nesting) makes it unsure, and then
 * every line is parsed as before; a skipped statement is still parsed at its 1st, 2nd,
 * 4th, 8th … line, so that a syntax error early in a long bracket is not held back. */
enum { OPEN_MAX = 200 };

typedef struct openscan {
    char ctx[OPEN_MAX];  /* brackets ( [ {, interpolations $( as 'i', strings: " ` and
                            'T' for a triple-quoted one */
    int depth;
    int blocks;          /* blocks opened at bracket depth 0, awaiting `end` */
    int comment;         /* nesting of #= … =# */
    int lost;            /* met what the scan does not model: parse every line */
    char prev;           /* the class of the previous character, for ' */
} openscan;

static int is_word_byte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '!' || c >= 0x80;
}

static void open_push(openscan *o, char c)
{
    if (o->depth == OPEN_MAX)
        o->lost = 1;
    else
        o->ctx[o->depth++] = c;
}

static void open_word(openscan *o, const char *w, size_t n, const char *rest, const char *lim)
{
    static const char *const openers[] = { "begin", "function", "for", "while", "if", "let",
                                           "try", "quote", "struct", "macro", "module",
                                           "baremodule", "do" };
    if (n == 3 && !memcmp(w, "end", 3)) {
        if (o->blocks > 0)
            o->blocks--;
        else
            o->lost = 1;
        return;
    }
    for (size_t i = 0; i < sizeof openers / sizeof *openers; i++)
        if (strlen(openers[i]) == n && !memcmp(w, openers[i], n)) {
            o->blocks++;
            return;
        }
    /* abstract type … end, primitive type … end (not a variable named abstract) */
    if ((n == 8 && !memcmp(w, "abstract", 8)) || (n == 9 && !memcmp(w, "primitive", 9))) {
        while (rest < lim && (*rest == ' ' || *rest == '\t'))
            rest++;
        if (lim - rest >= 4 && !memcmp(rest, "type", 4) &&
            (lim - rest == 4 || !is_word_byte((unsigned char)rest[4])))
            o->blocks++;
    }
}

static void open_scan(openscan *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n && !o->lost; i++) {
        char c = s[i];
        char next = i + 1 < n ? s[i + 1] : 0;
        if (o->comment) {
            if (c == '=' && next == '#')
                o->comment--, i++;
            else if (c == '#' && next == '=')
                o->comment++, i++;
            continue;
        }
        char top = o->depth ? o->ctx[o->depth - 1] : 0;
        if (top == '"' || top == 'T' || top == '`') {
            if (c == '\\')
                i++;
            else if (c == '$' && next == '(' && top != '`')
                open_push(o, 'i'), i++;
            else if ((top == '"' && c == '"') || (top == '`' && c == '`'))
                o->depth--, o->prev = 'a';
            else if (top == 'T' && c == '"' && next == '"' && i + 2 < n && s[i + 2] == '"')
                o->depth--, o->prev = 'a', i += 2;
            continue;
        }
        switch (c) {
        case '#':
            if (next == '=') {
                o->comment++;
                i++;
                break;
            }
            return; /* a comment to the end of the line */
        case '"':
            if (next == '"' && i + 2 < n && s[i + 2] == '"')
                open_push(o, 'T'), i += 2;
            else
                open_push(o, '"');
            break;
        case '`':
            open_push(o, '`');
            break;
        case '\'':
            if (o->prev == 'a' || o->prev == ')' || o->prev == '\'') { /* x' is adjoint */
                o->prev = '\'';
                break;
            }
            /* a Char literal: its escape, then the closing quote on this line */
            i++;
            if (i < n && s[i] == '\\')
                i++;
            while (i + 1 < n && s[i + 1] != '\'')
                i++;
            if (i + 1 >= n)
                o->lost = 1;
            i++;
            o->prev = 'a';
            break;
        case '(': case '[': case '{':
            open_push(o, c);
            o->prev = c;
            break;
        case ')': case ']': case '}': {
            char want = c == ')' ? '(' : c == ']' ? '[' : '{';
            if (top == want || (c == ')' && top == 'i'))
                o->depth--;
            else
                o->lost = 1;
            o->prev = ')';
            break;
        }
        case ' ': case '\t': case '\r': case '\n':
            o->prev = ' ';
            break;
        default:
            if (is_word_byte((unsigned char)c)) {
                size_t j = i;
                while (j < n && is_word_byte((unsigned char)s[j]))
                    j++;
                /* keywords count at bracket depth 0, not as :sym, x.field or @macro */
                char before = i ? s[i - 1] : ' ';
                if (o->depth == 0 && !(c >= '0' && c <= '9') && before != ':' &&
                    before != '.' && before != '@')
                    open_word(o, s + i, j - i, s + j, s + n);
                i = j - 1;
                o->prev = 'a';
            } else
                o->prev = c;
            break;
        }
    }
}

/* Certainly unfinished: the parse of the statement so far can wait. */
static int open_certain(const openscan *o)
{
    return !o->lost && (o->depth > 0 || o->blocks > 0 || o->comment > 0);
}

/* Evaluates a stream the way Julia's non-interactive loop does: read lines until the
 * input is not incomplete, evaluate it, print the value, go on after errors.  A read
 * error or an expression past input_limit() stops the stream as failed. */
static int run_stream(jc_ctx *ctx, FILE *in, const char *name)
{
    int failed = 0;
    text buf = { 0 };
    size_t limit = input_limit(ctx);
    int lineno = 0, start_line = 1;
    openscan open = { .prev = ' ' };
    size_t scanned = 0;   /* how much of buf the scan has read */
    for (;;) {
        size_t before = buf.len;
        int rl = read_line(in, &buf, limit);
        if (rl < 0) {
            int e = errno;
            fflush(stdout);
            if (rl == LINE_TOO_LONG)
                fprintf(stderr, "jcalc: %s:%d: an expression longer than the input limit "
                        "(%zu bytes); reading stops\n", name, before ? start_line : lineno + 1,
                        limit);
            else
                fprintf(stderr, "jcalc: error reading %s: %s\n", name,
                        strerror(rl == LINE_NO_MEMORY ? ENOMEM : e));
            failed = 1;
            break;
        }
        int eof = rl == LINE_END;
        if (!eof) {
            lineno++;
            if (before == 0)
                start_line = lineno;
        }
        size_t len = buf.len;
        if (len == 0) {
            if (eof)
                break;
            continue;
        }
        /* blank lines and comments alone produce nothing */
        size_t i = 0;
        while (i < len && (buf.s[i] == ' ' || buf.s[i] == '\t' || buf.s[i] == '\n' || buf.s[i] == '\r'))
            i++;
        if (i == len) {
            buf.len = 0;
            if (eof)
                break;
            continue;
        }
        int lines = lineno - start_line + 1;
        if (lines > 1) {
            /* a statement spanning lines: the scan follows it from its first line on */
            open_scan(&open, buf.s + scanned, len - scanned);
            scanned = len;
            if (!eof && open_certain(&open) && (lines & (lines - 1)) != 0)
                continue;
        }
        jc_result r;
        jc_status st = jc_eval(ctx, buf.s, len, name, start_line, &r);
        if (st == JC_INCOMPLETE && !eof) {
            jc_result_clear(&r);
            /* most statements end on their first line, which is then never scanned */
            open_scan(&open, buf.s + scanned, len - scanned);
            scanned = len;
            continue;
        }
        failed |= report(ctx, &r);
        jc_result_clear(&r);
        buf.len = 0;
        scanned = 0;
        open = (openscan){ .prev = ' ' };
        if (eof || exit_code >= 0)
            break;
    }
    free(buf.s);
    return failed;
}

/* Opens a script named on the command line as Julia does: whatever it is (a FIFO,
 * /dev/stdin, a device) is read, but a directory is an error. */
static FILE *open_script(const char *path)
{
    FILE *f = fopen(path, "r");
    struct stat st;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    return f;
}

static int real_main(int argc, char **argv)
{
    const char *evals[256];
    int nevals = 0;
    const char *parse_expr = NULL;
    const char *files[256];
    int nfiles = 0;
    int quiet = 0, color = -1, history = 1, startup = 1;
    long precision = 0;
    const char *precision_arg = "";
    unsigned long long max_bits = 0, max_memory = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        if (!strcmp(a, "-e") || !strcmp(a, "--eval")) {
            if (++i >= argc)
                return usage_error("option '%s' needs an expression", a);
            if (nevals == 256)
                return usage_error("%s", "too many -e options");
            evals[nevals++] = argv[i];
        } else if (!strcmp(a, "--parse")) {
            if (++i >= argc)
                return usage_error("option '%s' needs an expression", a);
            parse_expr = argv[i];
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--list-builtins")) {
            return jc_list_builtins(stdout) < 0 || fflush(stdout) != 0 ? 1 : 0;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
            printf("jcalc version %s\n", JCALC_VERSION);
            return 0;
        } else if (!strncmp(a, "--precision", 11) && (a[11] == 0 || a[11] == '=')) {
            val = a[11] ? a + 12 : (++i < argc ? argv[i] : NULL);
            char *end;
            errno = 0;
            precision = val ? strtol(val, &end, 10) : 0;
            precision_arg = val;
            if (!val || *end || errno || precision < 1)
                return usage_error("--precision needs a positive number of bits, not '%s'", val ? val : "");
        } else if (!strncmp(a, "--max-bits", 10) && (a[10] == 0 || a[10] == '=')) {
            val = a[10] ? a + 11 : (++i < argc ? argv[i] : NULL);
            char *end;
            errno = 0;
            max_bits = val ? strtoull(val, &end, 10) : 0;
            if (!val || *end || errno || max_bits < 64)
                return usage_error("--max-bits needs a number of bits (at least 64), not '%s'", val ? val : "");
        } else if (!strncmp(a, "--max-memory", 12) && (a[12] == 0 || a[12] == '=')) {
            val = a[12] ? a + 13 : (++i < argc ? argv[i] : NULL);
            char *end;
            errno = 0;
            max_memory = val ? strtoull(val, &end, 10) : 0;
            static const char units[] = "KMGT";
            const char *u = val && *end ? strchr(units, *end) : NULL;
            if (u && end[1] == 0) {
                for (int k = 0; k <= u - units; k++)
                    max_memory = max_memory > (~0ull >> 10) ? ~0ull : max_memory << 10;
                end++;
            }
            if (!val || *end || errno || max_memory < (1u << 20))
                return usage_error("--max-memory needs a size of at least 1M (bytes, or with K, M, G, T), not '%s'",
                            val ? val : "");
        } else if (!strncmp(a, "--color", 7) && (a[7] == 0 || a[7] == '=')) {
            val = a[7] ? a + 8 : "yes";
            if (!strcmp(val, "auto"))
                color = -1;
            else if (!strcmp(val, "yes") || !strcmp(val, "always"))
                color = 1;
            else if (!strcmp(val, "no") || !strcmp(val, "never"))
                color = 0;
            else
                return usage_error("--color takes auto, yes or no, not '%s'", val);
        } else if (!strncmp(a, "--history-file=", 15)) {
            history = strcmp(a + 15, "no") != 0;
        } else if (!strncmp(a, "--startup-file=", 15)) {
            startup = strcmp(a + 15, "no") != 0;
        } else if (!strcmp(a, "--")) {
            for (i++; i < argc && nfiles < 256; i++)
                files[nfiles++] = argv[i];
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unknown option '%s'", a);
        } else {
            if (nfiles == 256)
                return usage_error("%s", "too many files");
            files[nfiles++] = a;
        }
    }

    int interactive = !nevals && !parse_expr && !nfiles && isatty(STDIN_FILENO);
    if (color < 0)
        color = getenv("NO_COLOR") == NULL && isatty(STDOUT_FILENO);

    jc_ctx *ctx = jc_new();
    jc_set_color(ctx, color);
    jc_set_child_jobs(ctx, 1);   /* so that Ctrl-C stops factorial(big(10)^8) at once */
    repl_display_size(ctx);
    if (precision && jc_set_precision(ctx, precision) < 0) {
        jc_free(ctx);
        return usage_error("--precision %s is out of range", precision_arg);
    }
    if (max_bits)
        jc_set_max_bits(ctx, max_bits);
    if (max_memory)
        jc_set_max_memory(ctx, max_memory);

    interrupt_target = ctx;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);

    int failed = 0;
    if (parse_expr) {
        char *text;
        jc_error err;
        if (jc_parse_sexpr(ctx, parse_expr, strlen(parse_expr), "none", &text, &err) == JC_OK) {
            fputs(text, stdout);
            if (*text && text[strlen(text) - 1] != '\n')
                fputc('\n', stdout);
            free(text);
        } else {
            char *msg = jc_error_render(ctx, &err);
            fprintf(stderr, "%s\n", msg);
            free(msg);
            jc_error_clear(&err);
            failed = 1;
        }
    }
    for (int i = 0; i < nevals && !failed && exit_code < 0; i++) {
        jc_result r;
        jc_eval(ctx, evals[i], strlen(evals[i]), "none", 1, &r);
        failed |= report(ctx, &r);
        jc_result_clear(&r);
    }
    for (int i = 0; i < nfiles && exit_code < 0; i++) {
        FILE *f = !strcmp(files[i], "-") ? stdin : open_script(files[i]);
        if (!f) {
            fprintf(stderr, "jcalc: cannot open '%s': %s\n", files[i], strerror(errno));
            failed = 1;
            continue;
        }
        failed |= run_stream(ctx, f, f == stdin ? "stdin" : files[i]);
        if (f != stdin)
            fclose(f);
    }
    if (!nevals && !parse_expr && !nfiles) {
        if (interactive) {
            repl_options opt = { .quiet = quiet, .color = color, .history = history,
                                 .startup = startup, .input_limit = input_limit(ctx) };
            exit_code = repl_run(ctx, &opt);
        } else
            failed = run_stream(ctx, stdin, "stdin");
    }
    fflush(stdout);
    interrupt_target = NULL;
    if (FREE_AT_EXIT)
        jc_free(ctx);
    return exit_code >= 0 ? exit_code : failed ? 1 : 0;
}

/* The evaluator recurses on the C stack, and measures how much of it is left to turn
 * deep recursion into StackOverflowError.  A thread with a 256 MiB (lazily committed)
 * stack lets user recursion go about as deep as Julia's (f(n) = 1 + f(n-1) reaches
 * n = 100000), while reaching the limit still takes well under a second. */
typedef struct main_args {
    int argc;
    char **argv;
    int status;
} main_args;

static void *main_thread(void *p)
{
    main_args *m = p;
    /* this thread alone takes SIGINT, so that the read or the computation it is
     * running is the one interrupted */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    m->status = real_main(m->argc, m->argv);
    return NULL;
}

int main(int argc, char **argv)
{
    main_args m = { argc, argv, 0 };
    pthread_attr_t attr;
    pthread_t th;
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, &old);
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, (size_t)256 << 20) == 0 &&
        pthread_create(&th, &attr, main_thread, &m) == 0) {
        pthread_join(th, NULL);
        pthread_attr_destroy(&attr);
        return m.status;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return real_main(argc, argv);
}
