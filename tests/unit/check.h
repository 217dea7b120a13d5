/* check.h — the one tally of the unit tests.  Each assertion is counted by check_ok (or
 * CHECK, which adds the file and line of a failure); a failure prints "FAIL " and its
 * printf-style message.  main ends with `return check_report();`, which prints the line
 * tests/run.sh sums, "N passed, M failed", and gives the exit status (1 if any failed).
 * Included by exactly one .c file per test program: the counts are its statics. */
#ifndef JC_TESTS_CHECK_H
#define JC_TESTS_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int passed, failed;
/* Failures past this many are counted but not printed; negative: print them all. */
static int check_print_max = -1;

static inline int check_vat(const char *file, int line, int ok, const char *fmt, va_list ap)
{
    if (ok) {
        passed++;
        return 1;
    }
    failed++;
    if (check_print_max < 0 || failed <= check_print_max) {
        fputs("FAIL ", stdout);
        if (file)
            printf("%s:%d: ", file, line);
        vprintf(fmt, ap);
        putchar('\n');
    }
    return 0;
}

/* Counts one assertion; returns ok. */
static inline int check_ok(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int check_ok(int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_vat(NULL, 0, ok, fmt, ap);
    va_end(ap);
    return ok;
}

static inline int check_at(const char *file, int line, int ok, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static inline int check_at(const char *file, int line, int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_vat(file, line, ok, fmt, ap);
    va_end(ap);
    return ok;
}

#define CHECK(cond, ...) check_at(__FILE__, __LINE__, (cond) != 0, __VA_ARGS__)

/* Prints the summary line; the value is main's exit status. */
static inline int check_report(void)
{
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

#endif
