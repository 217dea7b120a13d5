/* fuzz_builtins.c — structure-aware fuzzing: input bytes choose short programs that call
 * the builtins with the arguments users actually type.
 *
 * The bytes are read as choices (which builtin, how many arguments, which argument, which
 * keyword, which statement shape), so that every mutation libFuzzer makes is still a
 * well-formed program: the evaluator's builtins are reached at once instead of after the
 * parser has been satisfied.  The builtin names come from `jcalc --list-builtins`
 * (build/gen/fuzz_builtins.inc, generated at build time); the argument kinds cover what
 * Julia accepts and what broke jcalc before: empty, huge, negative, zero, empty and huge
 * ranges, tuples, named tuples, ±1//0, NaN, ±Inf, -0.0, big values, Float16/32, Complex,
 * Char, strings (empty, Unicode, invalid UTF-8), Bool, nothing, types, arrays (empty,
 * Any[], matrices, 0×3) and an array that contains itself.
 *
 * Each statement is evaluated on its own through the public API (include/jcalc.h), in one
 * context per program, with the limits fuzz_eval.c uses, so that every result is also
 * shown.  jcalc's errors are fine; a crash, a sanitizer report, a leak or a timeout is
 * a finding.
 *
 * Built with -DFUZZ_BUILTINS_MAIN it is a plain program instead (no libFuzzer), the
 * deterministic mode that `make check` runs:
 *   replay_builtins [-n FIRST:LAST] [-s STRIDE] [-k KNOWN] [-p] [-t SECONDS] [-f FILE]
 *     -n  programs from the seeds FIRST..LAST-1 (bytes from a fixed PRNG per seed)
 *     -s  also the sweep: every builtin with every argument alone, and every builtin
 *         with no argument; with STRIDE > 1 only every STRIDE-th of those calls
 *     -k  skip the programs listed in KNOWN (tests/fuzz/known_crashes.txt: known crashes
 *         that are being fixed; a line is the program, statements separated by "\n")
 *     -p  print each program before running it
 *     -t  seconds one program may take (default 10) before it counts as a hang
 * The programs run in a forked child, so that a crash is reported with its program and
 * the others still run; it ends with "N passed, M failed".
 * To see and run the program of a libFuzzer crash file: replay_builtins -p -f FILE. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef FUZZ_BUILTINS_MAIN
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "jcalc.h"

typedef struct builtin {
    const char *name;
    int ident; /* 1: callable as name(...); 0: an operator, called as (op)(...) or infix */
} builtin;

static const builtin BUILTINS[] = {
#include "fuzz_builtins.inc"
};
#define NBUILTINS (sizeof BUILTINS / sizeof BUILTINS[0])

/* What every program may use besides literals: `a` contains itself, `v` is a mutable
 * vector, `m` a matrix, `e` an empty typed vector, `z` a 0×3 matrix, `s` a Unicode
 * string, `t` a named tuple.  r holds the last statement's value. */
static const char PRELUDE[] =
    "a = Any[1]; push!(a, a); v = collect(1:6); m = [1 2; 3 4]; e = Int[]; "
    "z = zeros(0, 3); s = \"hé∀x\"; t = (a=1, b=2.5); r = 0; nothing";

/* Emptying a's slots after the program breaks every cycle the statements can make (a is
 * the only Any container they can reach), so that what the leak checker reports does not
 * depend on when the cycle collector runs. */
static const char EPILOGUE[] = "for i in 1:length(a); a[i] = 0; end";

static const char *const ARGS[] = {
    /* integers: zero, signs, the Int64 edges, past them (jcalc's Int widens) */
    "0", "1", "-1", "2", "3", "-7", "10", "63", "64", "1000", "2^62", "2^63", "-2^63",
    "typemax(Int)", "typemin(Int)", "typemax(Int)+1", "0x7fffffffffffffff", "0xff",
    "Int8(-128)", "UInt8(255)", "Int32(7)", "big(2)^200", "-big(2)^200", "big(0)",
    "factorial(big(30))", "10^18", "2^64-1",
    /* rationals */
    "1//0", "-1//0", "0//1", "3//4", "-5//3", "big(1)//3", "typemax(Int)//2",
    /* floats */
    "0.0", "-0.0", "1.5", "-2.5", "0.1", "NaN", "Inf", "-Inf", "1e308", "5e-324",
    "floatmax(Float64)", "nextfloat(0.0)", "Float16(2.5)", "Float16(NaN)",
    "Float32(0.1)", "Float32(-Inf)", "big(1.5)", "big(1)/3", "BigFloat(NaN)",
    "-BigFloat(Inf)", "big(\"1e100000\")", "pi", "ℯ",
    /* complex */
    "1+2im", "0im", "im", "-0.0im", "complex(NaN, Inf)", "big(1)+2im", "(1//2)im",
    "Float32(1)+1im", "Inf*im",
    /* ranges: empty, enormous, float steps, reversed, with big ends */
    "1:0", "1:5", "5:-1:1", "1:2^62", "0.1:0.1:1", "1.0:0.5:3.0", "-2^62:2^62",
    "big(1):big(3)", "range(0, 1, length=5)", "1:2^61+1", "0:0", "typemin(Int):typemax(Int)",
    /* tuples, named tuples */
    "()", "(1,)", "(1, 2)", "(1, 2.5, \"a\")", "(a=1, b=2)", "(x=NaN,)", "t",
    /* chars and strings: empty, Unicode, invalid UTF-8, NUL */
    "'a'", "'\\0'", "'∀'", "'\\xff'", "\"\"", "\"abc\"", "\"héllo ∀ 🎉\"", "\"\\xff\\xfe\"",
    "\"\\0\"", "\"12\"", "\"1.5e3\"", "\"0x1p3\"", "s", "\" \"",
    /* Bool, nothing, types */
    "true", "false", "nothing", "Int", "Int64", "Float64", "Float16", "BigInt", "BigFloat",
    "Rational{Int}", "Complex{Float64}", "Any", "String", "Char", "Bool", "Vector{Int}",
    /* arrays: empty, Any, mixed, matrices, 0×3, nested, self-containing */
    "Int[]", "Any[]", "[]", "[1, 2, 3]", "[1.0, NaN, -0.0]", "[big(1), 2]",
    "Any[1, \"a\", 'c']", "[1 2; 3 4]", "[1.5 2; 3 4]", "zeros(0, 3)", "zeros(3, 0)",
    "[[1, 2], [3]]", "[1+im, 2]", "[1//2, 3//4]", "[true, false]", "fill(7, 2, 2, 2)",
    "a", "v", "m", "e", "z", "r", "ones(2, 3)", "[Inf -Inf; NaN 0]", "reshape(1:6, 2, 3)",
    /* functions as values */
    "sin", "+", "x -> x + 1", "isodd", "identity",
};
#define NARGS (sizeof ARGS / sizeof ARGS[0])

static const char *const KEYWORDS[] = {
    "digits", "sigdigits", "base", "pad", "dims", "init", "rev", "by", "lt", "length",
    "step", "stop", "atol", "rtol", "nans", "precision", "kind", "context", "bold", "color",
};
#define NKEYWORDS (sizeof KEYWORDS / sizeof KEYWORDS[0])

/* ---- reading choices from the input ---- */

typedef struct reader {
    const uint8_t *p;
    size_t n, i;
} reader;

static unsigned take(reader *r)
{
    return r->i < r->n ? r->p[r->i++] : 0;
}

static unsigned take16(reader *r)
{
    unsigned hi = take(r);
    return (hi << 8) | take(r);
}

/* ---- building the program text ---- */

typedef struct buf {
    char *s;
    size_t len, cap;
} buf;

static void put(buf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p)
            abort();
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

static void gen_value(buf *b, reader *r, int depth);

/* f(args...; kw=value), f.(args...), or (op)(args...) for an operator */
static void gen_call(buf *b, reader *r, int depth, int dotted)
{
    const builtin *f = &BUILTINS[take16(r) % NBUILTINS];
    unsigned shape = take(r);
    int nargs = (int)(shape % 4); /* 0..3 arguments */
    int kw = (shape >> 2) % 4 == 0; /* one call in four has a keyword */
    if (f->ident) {
        put(b, f->name);
    } else {
        put(b, "(");
        put(b, f->name);
        put(b, ")");
    }
    if (dotted)
        put(b, ".");
    put(b, "(");
    for (int i = 0; i < nargs; i++) {
        if (i)
            put(b, ", ");
        gen_value(b, r, depth + 1);
    }
    if (kw) {
        put(b, nargs ? "; " : ";");
        put(b, KEYWORDS[take(r) % NKEYWORDS]);
        put(b, "=");
        gen_value(b, r, depth + 1);
    }
    put(b, ")");
}

/* mostly a literal from ARGS; sometimes a nested call, a splat or a negation */
static void gen_value(buf *b, reader *r, int depth)
{
    unsigned c = take(r);
    if (depth < 2 && c >= 244) {
        gen_call(b, r, depth, 0);
    } else if (c >= 240 && c < 244) {
        put(b, "-(");
        put(b, ARGS[take(r) % NARGS]);
        put(b, ")");
    } else if (c >= 236 && c < 240) {
        put(b, ARGS[take(r) % NARGS]);
        put(b, "...");
    } else {
        put(b, ARGS[(c + 256 * (take(r) & 1)) % NARGS]);
    }
}

/* one statement: a call (most often), a broadcast, an infix use of an operator, an index
 * or an indexed assignment */
static void gen_statement(buf *b, reader *r)
{
    unsigned kind = take(r) % 10;
    if (kind < 5) {
        if (take(r) & 1)
            put(b, "r = ");
        gen_call(b, r, 0, 0);
    } else if (kind == 5) {
        gen_call(b, r, 0, 1);
    } else if (kind == 6) {
        const builtin *f = &BUILTINS[take16(r) % NBUILTINS];
        put(b, "(");
        gen_value(b, r, 1);
        if (!f->ident && strcmp(f->name, "'") == 0) {
            put(b, ")'");
        } else {
            put(b, ") ");
            put(b, f->ident ? "+" : f->name);
            put(b, " (");
            gen_value(b, r, 1);
            put(b, ")");
        }
    } else if (kind == 7) {
        /* prefix and dotted operators: -x, .!x, .+ */
        const builtin *f = &BUILTINS[take16(r) % NBUILTINS];
        if (f->ident) {
            gen_call(b, r, 0, 0);
        } else {
            put(b, "(");
            gen_value(b, r, 1);
            put(b, ") .");
            put(b, f->name);
            put(b, " (");
            gen_value(b, r, 1);
            put(b, ")");
        }
    } else if (kind == 8) {
        put(b, "(");
        gen_value(b, r, 1);
        put(b, ")[");
        int n = (int)(take(r) % 3);
        for (int i = 0; i < n; i++) {
            if (i)
                put(b, ", ");
            gen_value(b, r, 1);
        }
        put(b, "]");
    } else {
        put(b, take(r) & 1 ? "v[" : "a[");
        gen_value(b, r, 1);
        put(b, "] = ");
        gen_value(b, r, 1);
    }
}

/* The program for data: the prelude, then one to four statements.  Returns the number
 * of statements; *out holds them separated by '\n' (malloc'd). */
static int gen_program(const uint8_t *data, size_t size, char **out)
{
    reader r = {data, size, 0};
    buf b = {0};
    int n = 1 + (int)(take(&r) % 4);
    for (int i = 0; i < n; i++) {
        if (i)
            put(&b, "\n");
        gen_statement(&b, &r);
    }
    *out = b.s;
    return n;
}

static void eval_one(jc_ctx *ctx, const char *src, size_t len)
{
    jc_result res;
    jc_eval(ctx, src, len, "fuzz", 1, &res);
    if (res.status != JC_OK && res.status != JC_EXIT) {
        char *msg = jc_error_render(ctx, &res.error);
        free(msg);
    }
    jc_result_clear(&res);
}

/* The avoid mode, for runs that should stop only at new findings (make fuzz in CI):
 * with JCALC_FUZZ_AVOID=FILE, a program that contains any line of FILE as a substring
 * is not run.  tests/fuzz/avoid.txt lists the shapes of known findings not yet fixed;
 * a line leaves when its finding is fixed (the list is empty while every finding is). */
static char **avoid;
static int navoid;

static void read_avoid(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        abort();
    }
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] == 0 || line[0] == '#')
            continue;
        char **p = realloc(avoid, (size_t)(navoid + 1) * sizeof *avoid);
        if (!p || !(p[navoid] = strdup(line)))
            abort();
        avoid = p;
        navoid++;
    }
    fclose(f);
}

static int avoided(const char *prog)
{
    for (int i = 0; i < navoid; i++)
        if (strstr(prog, avoid[i]))
            return 1;
    return 0;
}

/* runs the statements of prog (separated by '\n') one by one in a fresh context */
static void run_program(const char *prog)
{
    jc_ctx *ctx = jc_new();
    FILE *sink = fopen("/dev/null", "w");
    if (!ctx || !sink)
        abort();
    jc_set_output(ctx, sink);
    jc_set_max_bits(ctx, 1u << 16);
    jc_set_precision(ctx, 128);
    jc_set_step_limit(ctx, 20000);
    eval_one(ctx, PRELUDE, sizeof PRELUDE - 1);
    const char *p = prog;
    for (;;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        eval_one(ctx, p, len);
        if (!nl)
            break;
        p = nl + 1;
    }
    eval_one(ctx, EPILOGUE, sizeof EPILOGUE - 1);
    jc_free(ctx);
    fclose(sink);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *path = getenv("JCALC_FUZZ_AVOID");
    if (path && *path)
        read_avoid(path);
    return 0;
}

/* returns -1 (keep out of the corpus) for a program the avoid mode skips */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256)
        return 0;
    char *prog = NULL;
    gen_program(data, size, &prog);
    if (getenv("JCALC_FUZZ_SHOW"))
        fprintf(stderr, "program:\n%s\n", prog);
    if (avoided(prog)) {
        free(prog);
        return -1;
    }
    run_program(prog);
    free(prog);
    return 0;
}

#ifdef FUZZ_BUILTINS_MAIN
/* ---- the deterministic mode ----
 * The programs are numbered: the -f file's first, then the sweep's, then the seeds'.
 * A forked child runs them in order and writes the number of the one it is running to
 * a shared page; when the child dies, the parent reports that program and starts a new
 * child after it.  One fork per crash instead of one per program keeps this fast. */

static const char *file;
static long sweep; /* 0: no sweep; else its stride */
static long first_seed, last_seed;

static long nsweep(void)
{
    return ((long)(NBUILTINS * (NARGS + 1)) + sweep - 1) / sweep;
}

static long nprograms(void)
{
    return (file ? 1 : 0) + (sweep ? nsweep() : 0) +
           (last_seed > first_seed ? last_seed - first_seed : 0);
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* program number k (malloc'd) */
static char *program_at(long k)
{
    char *prog = NULL;
    if (file) {
        if (k == 0) {
            FILE *f = fopen(file, "rb");
            if (!f) {
                perror(file);
                exit(2);
            }
            uint8_t data[256];
            size_t n = fread(data, 1, sizeof data, f);
            fclose(f);
            gen_program(data, n, &prog);
            return prog;
        }
        k--;
    }
    if (sweep) {
        if (k < nsweep()) {
            k *= sweep;
            const builtin *f = &BUILTINS[k / (long)(NARGS + 1)];
            size_t j = (size_t)(k % (long)(NARGS + 1));
            buf b = {0};
            put(&b, f->ident ? "" : "(");
            put(&b, f->name);
            put(&b, f->ident ? "(" : ")(");
            put(&b, j < NARGS ? ARGS[j] : "");
            put(&b, ")");
            return b.s;
        }
        k -= nsweep();
    }
    uint64_t x = (uint64_t)(first_seed + k);
    uint8_t data[64];
    for (size_t i = 0; i < sizeof data; i += 8) {
        uint64_t w = splitmix(&x);
        memcpy(data + i, &w, 8);
    }
    gen_program(data, sizeof data, &prog);
    return prog;
}

static char **known;
static int nknown;

/* known-crash file: one program a line, its statements separated by the two characters
 * "\n"; '#' lines and empty lines are comments */
static void read_known(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] == 0 || line[0] == '#')
            continue;
        char *prog = malloc(strlen(line) + 1), *q = prog;
        for (const char *p = line; *p; p++) {
            if (p[0] == '\\' && p[1] == 'n') {
                *q++ = '\n';
                p++;
            } else {
                *q++ = *p;
            }
        }
        *q = 0;
        known = realloc(known, (size_t)(nknown + 1) * sizeof *known);
        known[nknown++] = prog;
    }
    fclose(f);
}

static int is_known(const char *prog)
{
    for (int i = 0; i < nknown; i++)
        if (strcmp(known[i], prog) == 0)
            return 1;
    return 0;
}

/* prints the program as one line of known_crashes.txt */
static void print_escaped(FILE *f, const char *prog)
{
    for (const char *p = prog; *p; p++) {
        if (*p == '\n')
            fputs("\\n", f);
        else
            fputc(*p, f);
    }
    fputc('\n', f);
}

int main(int argc, char **argv)
{
    int print_each = 0, time_limit = 10;
    int opt;
    while ((opt = getopt(argc, argv, "n:s:k:pt:f:")) != -1) {
        switch (opt) {
        case 'n':
            if (sscanf(optarg, "%ld:%ld", &first_seed, &last_seed) != 2) {
                fprintf(stderr, "-n FIRST:LAST\n");
                return 2;
            }
            break;
        case 's': sweep = atol(optarg) > 0 ? atol(optarg) : 1; break;
        case 'k': read_known(optarg); break;
        case 'p': print_each = 1; break;
        case 't': time_limit = atoi(optarg); break;
        case 'f': file = optarg; break;
        default:
            fprintf(stderr, "usage: %s [-n FIRST:LAST] [-s STRIDE] [-k KNOWN] [-p] [-t SECONDS] [-f FILE]\n",
                    argv[0]);
            return 2;
        }
    }
    long n = nprograms(), passed = 0, failed = 0, skipped = 0;
    volatile long *running = mmap(NULL, sizeof(long), PROT_READ | PROT_WRITE,
                                  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (running == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    for (long start = 0; start < n;) {
        fflush(stdout);
        fflush(stderr);
        *running = start;
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 2;
        }
        if (pid == 0) {
            for (long k = start; k < n; k++) {
                char *prog = program_at(k);
                *running = k;
                if (is_known(prog)) {
                    free(prog);
                    continue;
                }
                if (print_each) {
                    printf("%s\n--\n", prog);
                    fflush(stdout);
                }
                alarm((unsigned)time_limit); /* a hang ends the child with SIGALRM */
                run_program(prog);
                alarm(0);
                free(prog);
            }
            *running = n;
            fflush(stdout);
            _exit(0);
        }
        int status;
        if (waitpid(pid, &status, 0) < 0) {
            perror("waitpid");
            return 2;
        }
        long stop = *running;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && stop == n)
            break;
        char *prog = program_at(stop);
        failed++;
        printf("FAIL %s", WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exit status");
        if (WIFEXITED(status))
            printf(" %d", WEXITSTATUS(status));
        printf(" (program %ld): ", stop);
        print_escaped(stdout, prog);
        free(prog);
        start = stop + 1;
    }
    for (long k = 0; k < n; k++) {
        char *prog = program_at(k);
        skipped += is_known(prog);
        free(prog);
    }
    passed = n - skipped - failed;
    printf("fuzz_builtins: %ld programs, %ld known crashes skipped\n", n - skipped, skipped);
    printf("%ld passed, %ld failed\n", passed, failed);
    for (int i = 0; i < nknown; i++)
        free(known[i]);
    free(known);
    munmap((void *)running, sizeof(long));
    return failed != 0;
}
#endif
