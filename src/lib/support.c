/* support.c — the helpers every builtin table uses: MethodError text and keyword lookup. */
#include <stdint.h>
#include <string.h>

#include "eval.h"
#include "exc.h"
#include "show.h"
#include "lib/lib.h"

/* "MethodError: no method matching name(::T1, ::T2; k::T3)" */
static int no_method(jc_ctx *ctx, const char *name, int n, const value *v, int nkw,
                     const int *kw, const value *kwv, const ast *site)
{
    sb b = { 0 };
    sb_printf(&b, "no method matching %s(", name);
    for (int i = 0; i < n; i++) {
        if (i)
            sb_puts(&b, ", ");
        sb_puts(&b, "::");
        type_name_of(ctx, &b, v[i]);
    }
    for (int i = 0; i < nkw; i++) {
        sb_puts(&b, i ? ", " : "; ");
        sb_printf(&b, "%s::", sym_name(ctx, kw[i]));
        type_name_of(ctx, &b, kwv[i]);
    }
    sb_putc(&b, ')');
    err_throw(ctx, ERR_METHOD, site, "%s", sb_str(&b));
    sb_free(&b);
    /* a catch sees MethodError(f, args, world) */
    value f[3] = { v_nothing(), v_tuple_new((size_t)n), { T_UINT64, 0, { .u = eval_world_age(ctx) } } };
    for (int i = 0; i < n; i++)
        val_tuple(f[1])->v[i] = val_retain(v[i]);
    if (eval_get_global(ctx, name, &f[0]) == 0)
        exc_attach(ctx, EXC_METHOD, 3, f);
    val_release(f[0]);
    val_release(f[1]);
    return -1;
}

int lib_no_method(jc_ctx *ctx, const char *name, const jc_args *a)
{
    return no_method(ctx, name, a->n, a->v, a->nkw, a->kw, a->kwv, a->site);
}

int lib_no_method_func(jc_ctx *ctx, const char *name, int n, const value *args)
{
    return no_method(ctx, name, n, args, 0, NULL, NULL, NULL);
}

const value *lib_kwarg(jc_ctx *ctx, const jc_args *a, const char *name)
{
    int sym = sym_find(ctx, name, strlen(name));
    if (sym < 0)
        return NULL;
    for (int i = 0; i < a->nkw; i++)
        if (a->kw[i] == sym)
            return &a->kwv[i];
    return NULL;
}

static const char *const op_names[NUM__OPCOUNT] = {
    [NUM_ADD] = "+", [NUM_SUB] = "-", [NUM_MUL] = "*", [NUM_DIV] = "/", [NUM_LDIV] = "\\",
    [NUM_POW] = "^", [NUM_IDIV] = "÷", [NUM_FLD] = "fld", [NUM_CLD] = "cld", [NUM_REM] = "%",
    [NUM_MOD] = "mod", [NUM_MOD1] = "mod1", [NUM_RDIV] = "//", [NUM_AND] = "&", [NUM_OR] = "|",
    [NUM_XOR] = "xor", [NUM_SHL] = "<<", [NUM_SHR] = ">>", [NUM_USHR] = ">>>", [NUM_MIN] = "min",
    [NUM_MAX] = "max",
};

const char *lib_op_name(num_op op) { return op_names[op]; }

int lib_binop(jc_ctx *ctx, num_op op, value a, value b, const ast *site, value *out)
{
    if (num_is_number(a) && num_is_number(b)) {
        int r = num_binop(ctx, out, op, a, b);
        if (r != NUM_NOMETHOD)
            return r < 0 ? -1 : 0;
    }
    value args[2] = { a, b };
    return eval_call_global(ctx, op_names[op], 2, args, site, out);
}
