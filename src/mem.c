/* mem.c — see mem.h. */
#include "mem.h"

#include <gmp.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

_Thread_local mem_budget *mem_current;

mem_budget *mem_enter(mem_budget *b)
{
    mem_budget *prev = mem_current;
    mem_current = b;
    return prev;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JC_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define JC_ASAN 1
#endif
#ifdef JC_ASAN
/* the sanitizer runtime's own count (sanitizer/allocator_interface.h, which gcc does
 * not install) */
size_t __sanitizer_get_current_allocated_bytes(void);
#endif

/* The bytes the process's heap holds now: in use in the arenas and in mmapped blocks
 * (under AddressSanitizer, whose allocator replaces glibc's, what it counts as in use). */
static size_t heap_in_use(void)
{
#ifdef JC_ASAN
    return __sanitizer_get_current_allocated_bytes();
#else
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
#endif
}

void mem_check(mem_budget *b)
{
    size_t real = heap_in_use();
    if (real > b->limit)
        b->exceeded = 1;
    b->used = real;
}

int mem_would_exceed(double n)
{
    mem_budget *b = mem_current;
    if (!b || !b->limit)
        return 0;
    if ((double)b->used + n <= (double)b->limit)
        return 0;
    b->used = heap_in_use();
    return (double)b->used + n > (double)b->limit;
}

size_t mem_default_limit(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return (size_t)4 << 30;
    return (size_t)pages * (size_t)size / 2;
}

_Noreturn void mem_fail(size_t n)
{
    mem_budget *b = mem_current;
    if (b && b->escape) {
        sigjmp_buf *to = b->escape;
        b->escape = NULL; /* a second failure while reporting this one ends the process */
        siglongjmp(*to, 1);
    }
    fprintf(stderr, "jcalc: out of memory (%zu bytes)\n", n);
    exit(70);
}

/* GMP's allocator must not return NULL; sizes are given on free and realloc, so GMP's
 * part of the count is exact. */
static void *gmp_alloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        mem_fail(n);
    mem_charge(n);
    return p;
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    void *q = realloc(p, n);
    if (!q)
        mem_fail(n);
    mem_budget *b = mem_current;
    if (b && n < old)
        b->used -= b->used > old - n ? old - n : b->used;
    else if (n > old)
        mem_charge(n - old);
    return q;
}

static void gmp_free(void *p, size_t n)
{
    mem_budget *b = mem_current;
    if (b)
        b->used -= b->used > n ? n : b->used;
    free(p);
}

static void install_once(void) { mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free); }

void mem_install_gmp(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_once);
}
