/* support.c — the helpers every builtin table uses: MethodError text and keyword lookup. */
#include <stdint.h>
#include <string.h>

#include "eval.h"
#include "exc.h"
#include "show.h"
#include "lib/lib.h"

void lib_method_error_text(jc_ctx *ctx, sb *b, const char *name, const jc_args *a)
{
    sb_printf(b, "no method matching %s(", name);
    for (int i = 0; i < a->n; i++) {
        sb_puts(b, i ? ", ::" : "::");
        type_name_of(ctx, b, a->v[i]);
    }
    for (int i = 0; i < a->nkw; i++) {
        sb_puts(b, i ? ", " : "; ");
        sb_printf(b, "%s::", sym_name(ctx, a->kw[i]));
        type_name_of(ctx, b, a->kwv[i]);
    }
    sb_putc(b, ')');
}

void lib_method_error_value(jc_ctx *ctx, value fn, const jc_args *a)
{
    value f[3] = { fn, v_tuple_new((size_t)a->n), { T_UINT64, 0, { .u = eval_world_age(ctx) } } };
    for (int i = 0; i < a->n; i++)
        val_tuple(f[1])->v[i] = val_retain(a->v[i]);
    exc_attach(ctx, EXC_METHOD, 3, f);
    val_release(f[1]);
}

/* "MethodError: no method matching name(::T1, ::T2; k::T3)" */
int lib_no_method(jc_ctx *ctx, const char *name, const jc_args *a)
{
    sb b = { 0 };
    lib_method_error_text(ctx, &b, name, a);
    err_throw(ctx, ERR_METHOD, a->site, "%s", sb_str(&b));
    sb_free(&b);
    value f;
    if (eval_get_global(ctx, name, &f) == 0) {
        lib_method_error_value(ctx, f, a);
        val_release(f);
    }
    return -1;
}

int lib_no_method_func(jc_ctx *ctx, const char *name, int n, const value *args)
{
    jc_args a = { .n = n, .v = args };
    return lib_no_method(ctx, name, &a);
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
