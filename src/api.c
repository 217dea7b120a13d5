/* api.c — the public entry point: the functions of include/jcalc.h, nothing else. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "diag.h"
#include "eval.h"
#include "jc.h"
#include "lib/lib.h"
#include "parse.h"
#include "sexpr.h"
#include "show.h"

void jc_error_clear(jc_error *e) { err_record_free(e); }

void jc_result_clear(jc_result *r)
{
    free(r->text);
    jc_error_clear(&r->error);
    memset(r, 0, sizeof *r);
}

/* ---- contexts ---- */

jc_ctx *jc_new(void)
{
    jc_ctx *ctx = xcalloc(1, sizeof *ctx);
    ctx->precision = 256;
    ctx->rounding = MPFR_RNDN;
    ctx->out = stdout;
    ctx->mem.limit = mem_default_limit();
    mem_install_gmp();
    ctx->display_rows = 24;
    ctx->display_cols = 80;
    ctx->max_depth = 5000;
    ctx->max_bits = (uint64_t)1 << 32;
    ctx->ans = v_nothing();
    sym_start(ctx);
    eval_install_builtins(ctx);
    return ctx;
}

void jc_free(jc_ctx *ctx)
{
    if (!ctx)
        return;
    /* the globals go as rebinding would drop them, so that the cycles they held are
     * candidates that eval_free_state's last collection frees */
    for (size_t i = 0; i < ctx->nglobals; i++)
        if (ctx->globals[i].defined) {
            value v = ctx->globals[i].v;
            ctx->globals[i].defined = 0;
            /* the thousand builtin bindings hold no value: released directly */
            if (v.type == T_FUNCTION && !val_func(v)->methods)
                val_release(v);
            else
                eval_release(ctx, v);
        }
    eval_release(ctx, ctx->ans);
    ctx->ans = v_nothing();
    eval_free_state(ctx);
    free(ctx->globals);
    arena_release(ctx->spare);
    sym_free_all(ctx);
    free(ctx->op_syms);
    err_clear(ctx);
    free(ctx);
    /* MPFR caches constants (π, log 2) per thread; they are rebuilt on demand, and
     * freeing them here keeps leak checkers quiet about a context's whole life */
    mpfr_free_cache();
    num_free_const_cache();
}

int jc_set_precision(jc_ctx *ctx, long bits)
{
    /* a BigFloat of this precision must fit the size limit and the memory budget */
    if (bits < MPFR_PREC_MIN || bits > MPFR_PREC_MAX || (uint64_t)bits > ctx->max_bits ||
        (double)bits / 8 > (double)ctx->mem.limit)
        return -1;
    ctx->precision = bits;
    return 0;
}

long jc_precision(const jc_ctx *ctx) { return ctx->precision; }
void jc_set_max_bits(jc_ctx *ctx, unsigned long long bits) { ctx->max_bits = bits; }
void jc_set_step_limit(jc_ctx *ctx, unsigned long long steps) { ctx->step_limit = steps; }
void jc_set_max_memory(jc_ctx *ctx, unsigned long long bytes)
{
    ctx->mem.limit = bytes ? (size_t)bytes : mem_default_limit();
}
unsigned long long jc_max_memory(const jc_ctx *ctx) { return ctx->mem.limit; }
void jc_set_child_jobs(jc_ctx *ctx, int on) { ctx->child_jobs = on != 0; }
void jc_set_color(jc_ctx *ctx, int on) { ctx->color = on; }
void jc_set_output(jc_ctx *ctx, FILE *out) { ctx->out = out ? out : stdout; }
void jc_set_display_size(jc_ctx *ctx, int rows, int cols)
{
    ctx->display_rows = rows > 0 ? rows : 24;
    ctx->display_cols = cols > 0 ? cols : 80;
}
void jc_interrupt(jc_ctx *ctx) { ctx->interrupted = 1; }

static void set_source(jc_ctx *ctx, const char *src, size_t len, const char *name, int first_line)
{
    ctx->src = src;
    ctx->srclen = len;
    ctx->srcname = name ? name : "none";
    ctx->first_line = first_line > 0 ? first_line : 1;
}

static jc_status parse_into(jc_ctx *ctx, arena *a, const char *src, size_t len, ast **prog,
                            jc_error *err)
{
    jc_status st = parse_program(ctx, a, src, len, prog);
    if (st != JC_OK) {
        err_take(ctx, err);
        err->kind = st;
    }
    return st;
}

static jc_status eval_input(jc_ctx *ctx, const char *src, size_t len, const char *source,
                            int first_line, jc_result *out)
{
    memset(out, 0, sizeof *out);
    err_clear(ctx);
    ctx->interrupted = 0;
    ctx->steps = 0;
    ctx->steps_caught = 0;
    if (!ctx->catching)
        eval_excs_pop(ctx, 0); /* what an uncaught error left on the stack */
    set_source(ctx, src, len, source, first_line);
    arena *a = ctx->spare ? ctx->spare : arena_new();
    ctx->spare = NULL;
    arena_set_source(a, src, len, ctx->srcname, ctx->first_line);
    ast *prog = NULL;
    jc_status st = parse_into(ctx, a, src, len, &prog, &out->error);
    if (st == JC_OK) {
        value v = v_nothing();
        /* an interrupt that arrived during the last step, after its last poll, still
         * ends the evaluation with InterruptException, and an error recorded on a path
         * that failed to pass it up is still the outcome: neither is ever lost */
        int r = eval_toplevel(ctx, prog, a, &v);
        if (r == 0 && (ctx->err_set || ctx_poll(ctx) < 0)) {
            val_release(v);
            r = -1;
        }
        if (r < 0) {
            st = err_take(ctx, &out->error);
            eval_excs_causes(ctx, &out->error);
        } else {
            value old = ctx->ans;
            ctx->ans = val_retain(v);
            eval_release(ctx, old);
            if (v.type != T_NOTHING && !(prog->flags & AF_TRAILING_SEMI)) {
                sb text = { 0 };
                ctx->show_site = prog->nkids ? prog->kids[prog->nkids - 1] : prog;
                show_value(ctx, &text, v, SHOW_PLAIN, 0);
                ctx->show_site = NULL;
                if (ctx->err_set) { /* interrupted while printing a huge value */
                    sb_free(&text);
                    st = err_take(ctx, &out->error);
                } else
                    out->text = sb_take(&text);
            }
            eval_release(ctx, v);
        }
    }
    /* a safe point: no evaluation is under way, so every reference into the heap not
     * held by a value is gone */
    eval_collect_cycles(ctx);
    /* keep the arena for the next input unless a definition holds on to it */
    if (arena_reset(a) == 0)
        ctx->spare = a;
    else
        arena_release(a);
    out->status = st;
    if (st == JC_EXIT)
        out->exit_code = ctx->exit_code;
    ctx->src = NULL;
    ctx->srclen = 0;
    return st;
}

jc_status jc_eval(jc_ctx *ctx, const char *src, size_t len, const char *source,
                  int first_line, jc_result *out)
{
    mem_budget *prev = mem_enter(&ctx->mem);
    sigjmp_buf escape;
    jc_status st;
    ctx->mem.exceeded = 0;
    ctx->mem.escape = &escape;
    if (sigsetjmp(escape, 0) == 0) {
        st = eval_input(ctx, src, len, source, first_line, out);
    } else {
        /* a malloc failed deep inside the evaluation (mem_fail): what that step held is
         * lost, the context's variables are kept */
        eval_recover(ctx);
        ctx->spare = NULL;
        err_clear(ctx);
        memset(out, 0, sizeof *out);
        err_throw(ctx, ERR_OUTOFMEMORY, NULL, "()");
        st = out->status = err_take(ctx, &out->error);
        ctx->src = NULL;
        ctx->srclen = 0;
    }
    ctx->mem.escape = NULL;
    mem_leave(prev);
    return st;
}

jc_status jc_check(jc_ctx *ctx, const char *src, size_t len)
{
    err_clear(ctx);
    set_source(ctx, src, len, "none", 1);
    arena *a = arena_new();
    ast *prog = NULL;
    jc_error err = { 0 };
    jc_status st = parse_into(ctx, a, src, len, &prog, &err);
    jc_error_clear(&err);
    arena_release(a);
    ctx->src = NULL;
    return st;
}

jc_status jc_parse_sexpr(jc_ctx *ctx, const char *src, size_t len, const char *source,
                         char **out, jc_error *err)
{
    memset(err, 0, sizeof *err);
    *out = NULL;
    err_clear(ctx);
    set_source(ctx, src, len, source, 1);
    arena *a = arena_new();
    ast *prog = NULL;
    jc_status st = parse_into(ctx, a, src, len, &prog, err);
    if (st == JC_OK) {
        sb text = { 0 };
        sexpr_print(ctx, prog, &text);
        *out = sb_take(&text);
    }
    arena_release(a);
    ctx->src = NULL;
    return st;
}

char *jc_error_render(jc_ctx *ctx, const jc_error *e) { return diag_render(ctx, e); }

int jc_list_builtins(FILE *out) { return lib_list_builtins(out); }
