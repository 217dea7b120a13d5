/* repl.c — the interactive loop (see repl.h).
 *
 * Line editing sits behind three functions (line_read, line_history, line_setup):
 * GNU Readline when JC_HAVE_READLINE is 1, plain fgets otherwise.  Everything the
 * loop decides (what to complete, what help says, when input is complete) comes from
 * the library (jc_complete, jc_help, jc_check), so this file only moves text between
 * the terminal and those calls.
 *
 * Signals: main.c's SIGINT handler interrupts a running evaluation (jc_interrupt).
 * While a line is being read, SIGINT is handled here instead: the handler only sets a
 * flag, and the reader turns it into "clear the line, show a fresh prompt".  Readline's
 * own signal handling is off (rl_catch_signals = 0) so that the two never conflict. */
#include "repl/repl.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "compl.h"
#include "util.h"
#include "repl/history.h"

#if JC_HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#define PROMPT "jcalc> "
#define HELP_PROMPT "help?> "
#define CONT_PROMPT "       " /* continuation lines are indented to the prompt's width */

/* Julia's prompt colours (bold green; bold yellow for help), reset after the prompt
 * and again for the input.  \001 \002 tell readline the escapes take no columns. */
#if JC_HAVE_READLINE
#define RL_ESC(s) "\001" s "\002"
#else
#define RL_ESC(s) s
#endif
#define COLOR_PROMPT RL_ESC("\x1b[32m\x1b[1m") PROMPT RL_ESC("\x1b[0m\x1b[0m")
#define COLOR_HELP_PROMPT RL_ESC("\x1b[33m\x1b[1m") HELP_PROMPT RL_ESC("\x1b[0m\x1b[0m")

typedef struct repl {
    jc_ctx *ctx;
    const repl_options *opt;
    int help_mode;     /* the line being read is a help query */
    int cancelled;     /* Ctrl-C ended the line being read */
    int pending;       /* lines of an incomplete input are waiting */
    int nin;           /* inputs evaluated, for the REPL[n] source names */
    int exit_code;     /* exit() was called with this code; -1 until then */
    hist hist;
} repl;

/* Readline's callbacks (key functions, getc) take no user data, and a process has one
 * terminal: the REPL being run is found here.  Set only while repl_run runs. */
static repl *active;
static volatile sig_atomic_t got_sigint;
static pid_t reader_tid;   /* the thread blocked reading the terminal */

/* SIGINT is process-directed: the kernel may hand it to another thread (main.c runs
 * the program on a big-stack thread while the first one waits), whose read is not the
 * one to interrupt.  Such a thread passes it on to the reader. */
static void on_sigint_reading(int sig)
{
    got_sigint = 1;
    if (reader_tid && gettid() != reader_tid)
        syscall(SYS_tgkill, getpid(), reader_tid, sig);
}

static const char *prompt_for(const repl *r)
{
    if (r->pending)
        return CONT_PROMPT;
    if (r->help_mode)
        return r->opt->color ? COLOR_HELP_PROMPT : HELP_PROMPT;
    return r->opt->color ? COLOR_PROMPT : PROMPT;
}

/* ---- the line-editing seam ---- */
#if JC_HAVE_READLINE

/* Reads a byte for readline; a SIGINT while waiting arrives as Ctrl-C (byte 3),
 * which key_cancel handles like any other key.  SIGINT is blocked except inside
 * ppoll, so one that comes between the flag test and the wait still ends the wait. */
static int rl_getc_jc(FILE *in)
{
    sigset_t intr, waiting;
    sigemptyset(&intr);
    sigaddset(&intr, SIGINT);
    pthread_sigmask(SIG_BLOCK, &intr, &waiting);
    sigset_t saved = waiting;
    sigdelset(&waiting, SIGINT);
    int c;
    for (;;) {
        if (got_sigint) {
            got_sigint = 0;
            c = 3;
            break;
        }
        struct pollfd p = { fileno(in), POLLIN, 0 };
        if (ppoll(&p, 1, NULL, &waiting) < 0) {
            if (errno == EINTR) {
                rl_check_signals();   /* a window size change */
                continue;
            }
            c = RL_ISSTATE(RL_STATE_READCMD) ? READERR : EOF;
            break;
        }
        unsigned char b;
        ssize_t n = read(fileno(in), &b, 1);
        if (n == 1) {
            c = b;
            break;
        }
        if (n < 0 && errno == EINTR)
            continue;
        c = n == 0 ? EOF : (RL_ISSTATE(RL_STATE_READCMD) ? READERR : EOF);
        break;
    }
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    return c;
}

static void replace_text(size_t start, size_t end, const char *s, size_t len)
{
    char *t = xstrndup(s, len);
    rl_begin_undo_group();
    rl_delete_text((int)start, (int)end);
    rl_point = (int)start;
    rl_insert_text(t);
    rl_end_undo_group();
    free(t);
}

/* Julia's layout (LineEdit show_completions): columns of width 2 + the longest name,
 * at most ceil(n/5) of them, filled row by row. */
static void show_list(char **c, int n)
{
    size_t colmax = 1;
    for (int i = 0; i < n; i++) {
        size_t w = utf8_width(c[i], strlen(c[i]));
        if (w > colmax)
            colmax = w;
    }
    colmax += 2;
    int rows, width;
    rl_get_screen_size(&rows, &width);
    if (width <= 0)
        width = 80;
    int ncols = (n + 4) / 5;
    int fit = (int)((size_t)width / colmax);
    if (fit < 1)
        fit = 1;
    if (ncols > fit)
        ncols = fit;
    FILE *o = rl_outstream ? rl_outstream : stdout;
    fputc('\n', o);
    for (int i = 0; i < n; i++) {
        fputs(c[i], o);
        if ((i + 1) % ncols == 0 || i + 1 == n)
            fputc('\n', o);
        else
            for (size_t w = utf8_width(c[i], strlen(c[i])); w < colmax; w++)
                fputc(' ', o);
    }
    fflush(o);
    rl_on_new_line();
    rl_redisplay();
}


/* Tab as Julia's REPL does it: one candidate replaces the word; several insert their
 * common prefix when that is longer than the word, else a second Tab lists them. */
static int key_tab(int count, int key)
{
    (void)count;
    (void)key;
    size_t start, end;
    int n;
    char **c = jc_complete(active->ctx, rl_line_buffer, (size_t)rl_point, &start, &end, &n);
    if (!c) {
        rl_ding();
        return 0;
    }
    if (n == 1)
        replace_text(start, end, c[0], strlen(c[0]));
    else {
        size_t lcp = compl_common_prefix(c, n);
        if (lcp > end - start && !strncmp(c[0], rl_line_buffer + start, end - start))
            replace_text(start, end, c[0], lcp);
        else if (rl_last_func == key_tab)
            show_list(c, n);
    }
    jc_complete_free(c, n);
    return 0;
}

/* Redraws the current line under a new prompt, in place: back to column 0, clear the
 * line, and let readline draw prompt and text as on a fresh line (a forced update alone
 * leaves the old prompt standing before the new one). */
static void swap_prompt(void)
{
    rl_set_prompt(prompt_for(active));
    FILE *o = rl_outstream ? rl_outstream : stdout;
    fputs("\r\x1b[K", o);
    fflush(o);
    rl_on_new_line();
    rl_redisplay();
}

/* `?` at the start of an empty line enters help mode (and is not inserted). */
static int key_question(int count, int key)
{
    if (!active->help_mode && !active->pending && rl_point == 0 && rl_end == 0) {
        active->help_mode = 1;
        swap_prompt();
        return 0;
    }
    return rl_insert(count, key);
}

/* Backspace at the start of a help line goes back to the jcalc> prompt. */
static int key_backspace(int count, int key)
{
    if (active->help_mode && rl_point == 0) {
        active->help_mode = 0;
        swap_prompt();
        return 0;
    }
    return rl_rubout(count, key);
}

/* Ctrl-C at the prompt: show ^C, drop the line (and any pending lines). */
static int key_cancel(int count, int key)
{
    (void)count;
    (void)key;
    rl_point = rl_end;
    rl_redisplay();
    FILE *o = rl_outstream ? rl_outstream : stdout;
    fputs("^C", o);
    fflush(o);
    rl_replace_line("", 0);
    active->cancelled = 1;
    rl_done = 1;
    return 0;
}

static char *no_entries(const char *text, int state)
{
    (void)text;
    (void)state;
    return NULL;
}

static char **no_completion(const char *text, int start, int end)
{
    (void)text;
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;   /* and never fall back to file names */
    return NULL;
}

static void line_setup(repl *r)
{
    (void)r;
    rl_readline_name = "jcalc";
    rl_catch_signals = 0;
    rl_getc_function = rl_getc_jc;
    rl_attempted_completion_function = no_completion;
    /* initialize first: readline binds the terminal's erase and kill characters
     * on its first initialization, which would undo the bindings below */
    rl_initialize();
    /* readline rebinds the terminal's erase character at every line unless told not
     * to; Backspace must stay ours for leaving help mode */
    rl_variable_bind("bind-tty-special-chars", "off");
    rl_completion_entry_function = no_entries;
    rl_bind_key('\t', key_tab);
    rl_bind_key('?', key_question);
    rl_bind_key(127, key_backspace);
    rl_bind_key(8, key_backspace);
    rl_bind_key(3, key_cancel);
    using_history();
    stifle_history((int)hist_max_entries());
}

static char *line_read(repl *r, const char *prompt)
{
    (void)r;
    return readline(prompt);
}

static void line_history(repl *r, const char *entry)
{
    (void)r;
    add_history(entry);
}

static void line_teardown(repl *r)
{
    (void)r;
    rl_clear_history();
}

#else /* plain line input */

static void line_setup(repl *r) { (void)r; }

static char *line_read(repl *r, const char *prompt)
{
    (void)r;
    fputs(prompt, stdout);
    fflush(stdout);
    sb line = { 0 };
    char chunk[4096];
    for (;;) {
        if (!fgets(chunk, sizeof chunk, stdin)) {
            if (ferror(stdin) && errno == EINTR && got_sigint) {
                clearerr(stdin);
                got_sigint = 0;
                fputs("^C", stdout);
                r->cancelled = 1;
                sb_free(&line);
                return xstrdup("");
            }
            if (line.len)
                break;
            sb_free(&line);
            return NULL;
        }
        sb_puts(&line, chunk);
        if (line.len && line.s[line.len - 1] == '\n') {
            line.s[--line.len] = 0;
            break;
        }
    }
    /* `?` as the whole first token: help, as the readline key binding would do */
    if (!r->pending && line.s[0] == '?' && !r->help_mode) {
        r->help_mode = 1;
        memmove(line.s, line.s + 1, line.len);
    }
    return sb_take(&line);
}

static void line_history(repl *r, const char *entry) { (void)r; (void)entry; }
static void line_teardown(repl *r) { (void)r; }

#endif

/* ---- the loop ---- */

static void report_error(repl *r, jc_result *res)
{
    char *msg = jc_error_render(r->ctx, &res->error);
    fflush(stdout);
    fputs(msg, stderr);
    fputc('\n', stderr);
    fflush(stderr);
    free(msg);
}

static void history_note(repl *r, const char *text, const char *mode)
{
    char *err;
    if (hist_append(&r->hist, text, mode, &err) < 0) {
        fprintf(stderr, "jcalc: %s; history is not kept from now on\n", err);
        free(err);
        if (r->hist.fd >= 0)
            close(r->hist.fd);
        r->hist.fd = -1;
    }
}

static void on_loaded(void *ud, const char *text, const char *mode)
{
    repl *r = ud;
    if (!strcmp(mode, "help")) {
        sb q = { 0 };
        sb_printf(&q, "?%s", text);
        line_history(r, q.s);
        sb_free(&q);
    } else
        line_history(r, text);
    hist_set_last(&r->hist, text, mode);
}

/* The history file, or none: a refused file (see hist_open_private) is named once on
 * stderr and the session goes on without history; one that cannot be written is still
 * loaded when it can be read. */
static void history_start(repl *r)
{
    r->hist.fd = -1;
    if (!r->opt->history)
        return;
    char *path = hist_default_path();
    if (!path)
        return;
    char *open_err = NULL, *load_err = NULL;
    int open_failed = hist_open(&r->hist, path, &open_err) < 0;
    int load_failed = 0;
    if (!r->hist.refused && hist_load(path, hist_max_entries(), on_loaded, r, &load_err) < 0) {
        fprintf(stderr, "jcalc: %s\n", load_err);
        free(load_err);
        load_failed = 1;   /* one report per problem: an unreadable file says it already */
    }
    if (open_failed && r->hist.refused)
        fprintf(stderr, "jcalc: %s\n", open_err);
    else if (open_failed && !load_failed)
        fprintf(stderr, "jcalc: %s; history is not kept\n", open_err);
    free(open_err);
    free(path);
}

/* Reads the startup file whole: one of jcalc's own files (hist_open_private), no longer
 * than the input limit.  Returns 0 with text filled, or -1 (nothing to run) after
 * saying why on stderr unless the file does not exist. */
static int read_startup(repl *r, const char *path, sb *text)
{
    char *err;
    int fd = hist_open_private(path, O_RDONLY, "startup file", &err);
    if (fd < 0) {
        if (err)
            fprintf(stderr, "jcalc: %s\n", err);
        free(err);
        return -1;
    }
    size_t limit = r->opt->input_limit ? r->opt->input_limit : SIZE_MAX;
    char chunk[65536];
    ssize_t k;
    int rc = 0;
    for (;;) {
        k = read(fd, chunk, sizeof chunk);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        if ((size_t)k > limit - text->len) {
            fprintf(stderr, "jcalc: not using startup file %s: it is longer than the input "
                    "limit (%zu bytes)\n", path, limit);
            rc = -1;
            break;
        }
        sb_put(text, chunk, (size_t)k);
    }
    if (k < 0) {
        fprintf(stderr, "jcalc: cannot read startup file %s: %s\n", path, strerror(errno));
        rc = -1;
    }
    close(fd);
    return rc;
}

static void run_startup(repl *r)
{
    const char *cfg = getenv("XDG_CONFIG_HOME");
    sb path = { 0 };
    if (cfg && cfg[0] == '/')
        sb_printf(&path, "%s/jcalc/startup.jl", cfg);
    else if (getenv("HOME"))
        sb_printf(&path, "%s/.config/jcalc/startup.jl", getenv("HOME"));
    else
        return;
    sb text = { 0 };
    if (read_startup(r, path.s, &text) < 0) {
        sb_free(&text);
        sb_free(&path);
        return;
    }
    jc_result res;
    jc_status st = jc_eval(r->ctx, sb_str(&text), text.len, path.s, 1, &res);
    if (st == JC_EXIT)
        r->exit_code = res.exit_code;
    else if (st == JC_INCOMPLETE) {
        fflush(stdout);
        fprintf(stderr, "jcalc: %s: the file ends inside an expression\n", path.s);
    } else if (st != JC_OK)
        report_error(r, &res);
    jc_result_clear(&res);
    sb_free(&text);
    sb_free(&path);
}

static int is_blank(const char *s)
{
    return s[strspn(s, " \t\r\n")] == 0;
}

static void do_help(repl *r, const char *query)
{
    char *h = jc_help(r->ctx, query);
    fputs(h, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    free(h);
    history_note(r, query, "help");
    sb q = { 0 };
    sb_printf(&q, "?%s", query);
    line_history(r, q.s);
    sb_free(&q);
}

static void do_eval(repl *r, const char *src, size_t len)
{
    char name[32];
    snprintf(name, sizeof name, "REPL[%d]", ++r->nin);
    jc_result res;
    repl_display_size(r->ctx);   /* the terminal may have been resized */
    jc_status st = jc_eval(r->ctx, src, len, name, 1, &res);
    if (st == JC_EXIT) {
        r->exit_code = res.exit_code;
        jc_result_clear(&res);
        return;
    }
    if (st == JC_OK) {
        if (res.text) {
            fputs(res.text, stdout);
            fputc('\n', stdout);
        }
    } else
        report_error(r, &res);
    jc_result_clear(&res);
    fputc('\n', stdout);
    fflush(stdout);
}

int repl_run(jc_ctx *ctx, const repl_options *opt)
{
    repl r = { .ctx = ctx, .opt = opt, .exit_code = -1 };
    active = &r;
    reader_tid = gettid();
    line_setup(&r);
    if (!opt->quiet)
        printf("jcalc %s — Julia's expression language. Type ?name for help, "
               "exit() or Ctrl-D to leave.\n\n", JCALC_VERSION);
    fflush(stdout);
    history_start(&r);
    if (opt->startup)
        run_startup(&r);

    struct sigaction reading, saved;
    memset(&reading, 0, sizeof reading);
    reading.sa_handler = on_sigint_reading;   /* no SA_RESTART: reads return EINTR */
    sigemptyset(&reading.sa_mask);

    sb input = { 0 };   /* the lines of an incomplete input so far */
    while (r.exit_code < 0) {
        r.pending = input.len > 0;
        r.cancelled = 0;
        got_sigint = 0;
        sigaction(SIGINT, &reading, &saved);
        char *line = line_read(&r, prompt_for(&r));
        sigaction(SIGINT, &saved, NULL);
        if (r.cancelled) {
            /* Julia: "^C", a blank line, a fresh prompt */
            fputs("\n\n", stdout);
            fflush(stdout);
            free(line);
            input.len = 0;
            r.help_mode = 0;
            continue;
        }
        if (!line) {   /* Ctrl-D */
            fputc('\n', stdout);
            break;
        }
        if (r.help_mode) {
            r.help_mode = 0;
            do_help(&r, line);
            free(line);
            continue;
        }
        if (!input.len && line[0] == '?') {   /* `?name` typed or recalled */
            do_help(&r, line + 1);
            free(line);
            continue;
        }
        if (!input.len && is_blank(line)) {
            free(line);
            continue;
        }
        if (input.len)
            sb_putc(&input, '\n');
        sb_puts(&input, line);
        free(line);
        if (opt->input_limit && input.len > opt->input_limit) {
            fprintf(stderr, "jcalc: an input longer than the input limit (%zu bytes) is "
                    "dropped\n", opt->input_limit);
            input.len = 0;
            input.s[0] = 0;
            continue;
        }
        if (jc_check(ctx, input.s, input.len) == JC_INCOMPLETE)
            continue;
        /* the whole input, several lines or one, is one history entry */
        history_note(&r, input.s, "julia");
        line_history(&r, input.s);
        do_eval(&r, input.s, input.len);
        input.len = 0;
        if (input.s)
            input.s[0] = 0;
    }
    sb_free(&input);
    fflush(stdout);
    hist_close(&r.hist);
    line_teardown(&r);
    active = NULL;
    reader_tid = 0;
    return r.exit_code >= 0 ? r.exit_code : 0;
}

void repl_display_size(jc_ctx *ctx)
{
    int rows = 0, cols = 0;
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
        ws.ws_col > 0) {
        rows = ws.ws_row;
        cols = ws.ws_col;
    } else {
        const char *l = getenv("LINES"), *c = getenv("COLUMNS");
        rows = l ? atoi(l) : 0;
        cols = c ? atoi(c) : 0;
    }
    jc_set_display_size(ctx, rows, cols);
}
