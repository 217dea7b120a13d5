/* mem.h — the memory budget of a context.
 *
 * Every context has a budget (jc_set_max_memory, --max-memory; by default half the
 * machine's memory).  While an evaluation runs, its context's budget is this thread's
 * current one: jcalc's own allocations (util.c's x* functions) and GMP's, MPFR's and
 * MPC's (through mp_set_memory_functions, process-wide, charged to the current budget)
 * are counted against it.  The count is a cheap trigger, not a ledger: jcalc's frees are
 * not counted, so when the count passes the limit it is checked against the heap the
 * process really holds (mallinfo2) and corrected.  GMP's allocator may not fail, so:
 *   - an operation whose result would not fit is refused before it starts
 *     (mem_would_exceed, from num_check_bits and the size checks);
 *   - an allocation that goes past the limit sets `exceeded`, and the evaluator raises
 *     OutOfMemoryError() at its next poll (ctx_poll), which unwinds and frees;
 *   - a malloc that fails returns, through siglongjmp, to the evaluation in progress,
 *     which ends with OutOfMemoryError() (what the failed step held is lost, the
 *     context's state is kept).  Outside an evaluation it ends the process. */
#ifndef JC_MEM_H
#define JC_MEM_H

#include <setjmp.h>
#include <stddef.h>

typedef struct mem_budget {
    size_t used;            /* bytes counted since the last correction */
    size_t limit;           /* 0: no limit */
    int exceeded;           /* past the limit: OutOfMemoryError at the next poll */
    sigjmp_buf *escape;     /* where a failed malloc goes: the evaluation in progress */
} mem_budget;

/* This thread's current budget (NULL: nothing is counted). */
extern _Thread_local mem_budget *mem_current;

/* Makes b current; returns the budget it replaces, for mem_leave. */
mem_budget *mem_enter(mem_budget *b);
static inline void mem_leave(mem_budget *prev) { mem_current = prev; }

/* Counts n bytes allocated (cheap; corrects itself against the heap past the limit). */
void mem_check(mem_budget *b);
static inline void mem_charge(size_t n)
{
    mem_budget *b = mem_current;
    if (b && (b->used += n) > b->limit && b->limit)
        mem_check(b);
}

/* Whether n more bytes would pass the current budget's limit (0 without a budget). */
int mem_would_exceed(double n);

/* Half the machine's physical memory: the default limit. */
size_t mem_default_limit(void);

/* Routes GMP's, MPFR's and MPC's allocations through the budget; once per process. */
void mem_install_gmp(void);

/* A malloc failed: back to the evaluation in progress, or the end of the process. */
_Noreturn void mem_fail(size_t n);

#endif
