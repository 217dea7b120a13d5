/* errors.c — throw, rethrow, showerror and the constructors of the built-in exception
 * types (DomainError(-1, "must be positive") ...).  A constructed exception's showerror
 * text follows base/errorshow.jl, so that throwing it prints what Julia prints. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "exc.h"
#include "lib/io.h"
#include "lib/lib.h"
#include "show.h"
#include "types.h"

static void put(jc_ctx *ctx, sb *out, value v, show_mode mode)
{
    show_value(ctx, out, v, mode, 0);
}

/* summary(io, x): "3-element Vector{Int64}", "3-codeunit String", else the type. */
static void summary(jc_ctx *ctx, sb *out, value x)
{
    if (x.type == T_ARRAY)
        array_summary(ctx, out, x);
    else if (x.type == T_STRING)
        sb_printf(out, "%zu-codeunit String", val_string(x)->len);
    else
        type_name_of(ctx, out, x);
}

static int utf8_start(const jc_string *s, int64_t i)
{
    return ((unsigned char)s->s[i - 1] & 0xC0) != 0x80;
}

/* The character starting at byte i of s, escaped as escape_string does. */
static void put_char_at(jc_ctx *ctx, sb *out, const jc_string *s, int64_t i)
{
    int64_t j = i;
    while (j < (int64_t)s->len && !utf8_start(s, j + 1))
        j++;
    value c = v_string(s->s + i - 1, (size_t)(j - i + 1));
    sb q = { 0 };
    put(ctx, &q, c, SHOW_REPR);
    /* strip the quotes of the repr: escape_string without them */
    if (q.len >= 2)
        sb_put(out, q.s + 1, q.len - 2);
    sb_free(&q);
    val_release(c);
}

/* The showerror text of exception e from its fields (base/errorshow.jl). */
static char *exc_text(jc_ctx *ctx, value e)
{
    const jc_exception *x = val_exc(e);
    const value *f = x->v;
    int has0 = x->n > 0 && !(x->undef & 1u), has1 = x->n > 1 && !(x->undef & 2u);
    sb s = { 0 };
    switch ((exc_id)x->id) {
    case EXC_ERROR:
        put(ctx, &s, f[0], SHOW_PRINT);
        break;
    case EXC_DOMAIN:
        sb_puts(&s, "DomainError with ");
        put(ctx, &s, f[0], SHOW_PRINT);
        if (has1) {
            sb_puts(&s, ":\n");
            put(ctx, &s, f[1], SHOW_PRINT);
        }
        break;
    case EXC_DIVIDE:
        sb_puts(&s, "DivideError: integer division error");
        break;
    case EXC_OVERFLOW: case EXC_ARGUMENT: case EXC_DIMENSION: case EXC_ASSERTION:
        sb_printf(&s, "%s: ", exc_table[x->id].name);
        if (has0)
            put(ctx, &s, f[0], SHOW_PRINT);
        break;
    case EXC_INEXACT: {
        sb_puts(&s, "InexactError: ");
        put(ctx, &s, f[0], SHOW_PRINT);
        sb_putc(&s, '(');
        sb fn = { 0 }, tn = { 0 };
        put(ctx, &fn, f[0], SHOW_PRINT);
        put(ctx, &tn, f[1], SHOW_PRINT);
        if (strcmp(sb_str(&fn), sb_str(&tn)))
            sb_printf(&s, "%s, ", sb_str(&tn));
        sb_free(&fn);
        sb_free(&tn);
        put(ctx, &s, f[2], SHOW_PRINT);
        sb_putc(&s, ')');
        break;
    }
    case EXC_METHOD: {
        sb_puts(&s, "MethodError: ");
        if (f[0].type == T_FUNCTION || f[0].type == T_TYPE) {
            sb_puts(&s, "no method matching ");
            put(ctx, &s, f[0], SHOW_PRINT);
            sb_putc(&s, '(');
            if (f[1].type == T_TUPLE)
                for (size_t i = 0; i < val_tuple(f[1])->n; i++) {
                    sb_puts(&s, i ? ", ::" : "::");
                    type_name_of(ctx, &s, val_tuple(f[1])->v[i]);
                }
            sb_putc(&s, ')');
        } else {
            sb_puts(&s, "objects of type ");
            type_name_of(ctx, &s, f[0]);
            sb_puts(&s, " are not callable");
        }
        break;
    }
    case EXC_UNDEFVAR:
        sb_puts(&s, "UndefVarError: `");
        put(ctx, &s, f[0], SHOW_PRINT);
        sb_puts(&s, "` not defined");
        break;
    case EXC_UNDEFKEYWORD:
        sb_puts(&s, "UndefKeywordError: keyword argument `");
        put(ctx, &s, f[0], SHOW_PRINT);
        sb_puts(&s, "` not assigned");
        break;
    case EXC_UNDEFREF:
        sb_puts(&s, "UndefRefError: access to undefined reference");
        break;
    case EXC_BOUNDS:
        sb_puts(&s, "BoundsError");
        if (has0) {
            sb_puts(&s, ": attempt to access ");
            summary(ctx, &s, f[0]);
            if (has1) {
                sb_puts(&s, " at index [");
                if (f[1].type == T_RANGE)
                    put(ctx, &s, f[1], SHOW_PRINT);
                else if (f[1].type == T_STRING)
                    put(ctx, &s, f[1], SHOW_REPR);
                else if (f[1].type == T_TUPLE)
                    for (size_t i = 0; i < val_tuple(f[1])->n; i++) {
                        if (i)
                            sb_puts(&s, ", ");
                        put(ctx, &s, val_tuple(f[1])->v[i], SHOW_REPR);
                    }
                else
                    put(ctx, &s, f[1], SHOW_REPR);
                sb_putc(&s, ']');
            }
        }
        break;
    case EXC_STRINGINDEX: {
        sb_puts(&s, "StringIndexError: invalid index [");
        put(ctx, &s, f[1], SHOW_PRINT);
        sb_putc(&s, ']');
        if (f[0].type == T_STRING && f[1].type == T_INT64) {
            const jc_string *str = val_string(f[0]);
            int64_t i = f[1].u.i;
            if (i >= 1 && i <= (int64_t)str->len) {
                int64_t prev = i;
                while (prev > 1 && !utf8_start(str, prev))
                    prev--;
                int64_t next = prev + 1;
                while (next <= (int64_t)str->len && !utf8_start(str, next))
                    next++;
                if (next <= (int64_t)str->len) {
                    sb_printf(&s, ", valid nearby indices [%lld]=>'", (long long)prev);
                    put_char_at(ctx, &s, str, prev);
                    sb_printf(&s, "', [%lld]=>'", (long long)next);
                    put_char_at(ctx, &s, str, next);
                    sb_putc(&s, '\'');
                } else {
                    sb_printf(&s, ", valid nearby index [%lld]=>'", (long long)prev);
                    put_char_at(ctx, &s, str, prev);
                    sb_putc(&s, '\'');
                }
            }
        }
        break;
    }
    case EXC_TYPE: {
        sb_puts(&s, "TypeError: ");
        int expect_bool = f[2].type == T_TYPE && val_typeobj(f[2])->base == T_BOOL &&
                          !val_typeobj(f[2])->param;
        if (expect_bool) {
            sb_puts(&s, "non-boolean (");
            type_name_of(ctx, &s, f[3]);
            sb_puts(&s, ") used in boolean context");
            break;
        }
        sb ctxt = { 0 };
        put(ctx, &ctxt, f[1], SHOW_PRINT);
        sb_puts(&s, "in ");
        put(ctx, &s, f[0], SHOW_PRINT);
        if (ctxt.len)
            sb_printf(&s, ", in %s", sb_str(&ctxt));
        sb_free(&ctxt);
        sb_puts(&s, ", expected ");
        put(ctx, &s, f[2], SHOW_PRINT);
        sb_puts(&s, ", got ");
        if (f[3].type == T_TYPE) {
            sb_puts(&s, "Type{");
            put(ctx, &s, f[3], SHOW_PRINT);
            sb_putc(&s, '}');
        } else {
            sb_puts(&s, "a value of type ");
            type_name_of(ctx, &s, f[3]);
        }
        break;
    }
    case EXC_SINGULAR:
        sb_puts(&s, "SingularException(");
        put(ctx, &s, f[0], SHOW_REPR);
        sb_putc(&s, ')');
        break;
    case EXC_STACK:
        sb_puts(&s, "StackOverflowError:");
        break;
    case EXC_INTERRUPT:
        sb_puts(&s, "InterruptException:");
        break;
    case EXC_OUTOFMEMORY:
        sb_puts(&s, "OutOfMemoryError()");
        break;
    case EXC_SYSTEM: {
        sb_puts(&s, "SystemError: ");
        put(ctx, &s, f[0], SHOW_PRINT);
        int64_t errnum = has1 && f[1].type == T_INT64 ? f[1].u.i : 0;
        sb_printf(&s, ": %s", strerror((int)errnum));
        break;
    }
    case EXC_PARSE:
        sb_puts(&s, "ParseError: ");
        put(ctx, &s, f[0], SHOW_PRINT);
        break;
    case EXC_KEY:
        sb_puts(&s, "KeyError: key ");
        put(ctx, &s, f[0], SHOW_REPR);
        sb_puts(&s, " not found");
        break;
    case EXC_EOF:
        sb_puts(&s, "EOFError: read end of file");
        break;
    default:
        sb_puts(&s, exc_table[x->id].name);
        break;
    }
    return sb_take(&s);
}

/* DomainError(val[, msg]), BoundsError([a[, i]]) ...: the row's data is the type id. */
static int bi_construct(jc_ctx *ctx, value *out, const jc_args *a)
{
    exc_id id = (exc_id)(intptr_t)a->data;
    size_t nf = exc_nfields(id);
    if (a->n < exc_table[id].min_args || (size_t)a->n > nf + (id == EXC_METHOD ? 0 : 0))
        return LIB_DECLINE;
    if ((id == EXC_UNDEFVAR || id == EXC_UNDEFKEYWORD || id == EXC_INEXACT) &&
        a->v[0].type != T_SYMBOL)
        return LIB_DECLINE;
    value e = exc_new(id, NULL);
    jc_exception *x = val_exc(e);
    for (int i = 0; i < a->n; i++) {
        x->v[i] = val_retain(a->v[i]);
        x->undef &= ~(1u << i);
    }
    /* the defaults of Julia's constructors */
    if (id == EXC_DIMENSION || id == EXC_ASSERTION) {
        if (a->n == 0) {
            x->v[0] = v_string("", 0);
            x->undef &= ~1u;
        }
    } else if (id == EXC_METHOD && a->n == 2) {
        value w = { T_UINT64, 0, { .u = UINT64_MAX } };
        x->v[2] = w;
        x->undef &= ~4u;
    } else if (id == EXC_SYSTEM) {
        for (size_t i = (size_t)a->n; i < 3; i++) {
            x->v[i] = i == 1 ? v_int(0) : v_nothing();
            x->undef &= ~(1u << i);
        }
    }
    exc_set_text(e, exc_text(ctx, e));
    *out = e;
    return 0;
}

static int bi_throw(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)out;
    return eval_throw_value(ctx, a->v[0], a->site);
}

static int bi_rethrow(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)out;
    if (a->n == 0)
        return eval_rethrow(ctx, a->site);
    if (!ctx->catching)
        return err_throw(ctx, ERR_ERROR, a->site, "rethrow(exc) not allowed outside a catch block");
    int r = eval_throw_value(ctx, a->v[0], a->site);
    eval_excs_rethrown(ctx, a->v[0]);
    return r;
}

/* current_exceptions(; backtrace = true): the exceptions of the running catch blocks,
 * oldest first. */
static int bi_current_exceptions(jc_ctx *ctx, value *out, const jc_args *a)
{
    const value *bt = lib_kwarg(ctx, a, "backtrace");
    if (bt && bt->type != T_BOOL) {
        sb t = { 0 };
        type_name_of(ctx, &t, *bt);
        err_throw(ctx, ERR_TYPE, a->site, "in keyword argument backtrace, expected Bool, got a value of type %s", t.s);
        sb_free(&t);
        return -1;
    }
    return eval_current_exceptions(ctx, out);
}

/* showerror(io, e): the error's text written to io. */
static int bi_showerror(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!io_is(a->v[0]))
        return LIB_DECLINE;
    sb s = { 0 };
    eval_showerror_text(ctx, &s, a->v[1]);
    int r = ctx->err_set ? -1 : io_write(ctx, a->v[0], s.s ? s.s : "", s.len, a->site);
    sb_free(&s);
    *out = v_nothing();
    return r;
}

const builtin lib_errors[] = {
    { "throw", 1, 1, bi_throw, LIB_HELP("throw(e)", "Throw an object as an exception; any value can be thrown."), NULL, NULL },
    { "rethrow", 0, 1, bi_rethrow, LIB_HELP("rethrow()", "Rethrow the current exception from within a catch block, with its original stack trace."), NULL, NULL },
    { "current_exceptions", 0, 0, bi_current_exceptions, LIB_HELP("current_exceptions(; backtrace = true)", "The stack of exceptions currently being handled, the most recent last: a\n  catch inside a catch, or a catch of an error thrown by one, sees more than one.\n  Each is a named tuple (exception, backtrace); jcalc's backtrace is nothing."), "backtrace", NULL },
    { "showerror", 2, 2, bi_showerror, LIB_HELP("showerror(io::IO, e)", "Write a descriptive representation of an exception object e to io, as an\n  uncaught error shows it after \"ERROR: \"."), NULL, NULL },
    { "ErrorException", 1, 1, bi_construct, LIB_HELP("ErrorException(msg)", "Generic error type; error(msg) throws one."), NULL, (const void *)(intptr_t)EXC_ERROR },
    { "DomainError", 1, 2, bi_construct, LIB_HELP("DomainError(val)\n  DomainError(val, msg)", "The argument val to a function or constructor is outside the valid domain."), NULL, (const void *)(intptr_t)EXC_DOMAIN },
    { "DivideError", 0, 0, bi_construct, LIB_HELP("DivideError()", "Integer division was attempted with a denominator value of 0."), NULL, (const void *)(intptr_t)EXC_DIVIDE },
    { "OverflowError", 1, 1, bi_construct, LIB_HELP("OverflowError(msg)", "The result of an expression is too large for the specified type."), NULL, (const void *)(intptr_t)EXC_OVERFLOW },
    { "InexactError", 3, 3, bi_construct, LIB_HELP("InexactError(name::Symbol, T, val)", "Cannot exactly convert val to type T in a method of function name."), NULL, (const void *)(intptr_t)EXC_INEXACT },
    { "ArgumentError", 1, 1, bi_construct, LIB_HELP("ArgumentError(msg)", "The arguments passed to a function are invalid."), NULL, (const void *)(intptr_t)EXC_ARGUMENT },
    { "MethodError", 2, 3, bi_construct, LIB_HELP("MethodError(f, args)", "A method with the required type signature does not exist in the given generic function."), NULL, (const void *)(intptr_t)EXC_METHOD },
    { "UndefVarError", 1, 1, bi_construct, LIB_HELP("UndefVarError(var::Symbol)", "A symbol in the current scope is not defined."), NULL, (const void *)(intptr_t)EXC_UNDEFVAR },
    { "UndefRefError", 0, 0, bi_construct, LIB_HELP("UndefRefError()", "The item or field is not defined for the given object."), NULL, (const void *)(intptr_t)EXC_UNDEFREF },
    { "UndefKeywordError", 1, 1, bi_construct, LIB_HELP("UndefKeywordError(var::Symbol)", "The required keyword argument var was not assigned in a function call."), NULL, (const void *)(intptr_t)EXC_UNDEFKEYWORD },
    { "BoundsError", 0, 2, bi_construct, LIB_HELP("BoundsError([a],[i])", "An indexing operation into an array, a, tried to access an out-of-bounds element at index i."), NULL, (const void *)(intptr_t)EXC_BOUNDS },
    { "StringIndexError", 2, 2, bi_construct, LIB_HELP("StringIndexError(str, i)", "An error occurred when trying to access str at index i that is not valid."), NULL, (const void *)(intptr_t)EXC_STRINGINDEX },
    { "DimensionMismatch", 0, 1, bi_construct, LIB_HELP("DimensionMismatch([msg])", "The objects called do not have matching dimensionality."), NULL, (const void *)(intptr_t)EXC_DIMENSION },
    { "TypeError", 4, 4, bi_construct, LIB_HELP("TypeError(func::Symbol, context::AbstractString, expected::Type, got)", "A type assertion failure, or calling an intrinsic function with an incorrect argument type."), NULL, (const void *)(intptr_t)EXC_TYPE },
    { "SingularException", 1, 1, bi_construct, LIB_HELP("SingularException(info)", "The input matrix has one or more zero-valued eigenvalues, and is not invertible."), NULL, (const void *)(intptr_t)EXC_SINGULAR },
    { "StackOverflowError", 0, 0, bi_construct, LIB_HELP("StackOverflowError()", "The function call grew beyond the size of the call stack."), NULL, (const void *)(intptr_t)EXC_STACK },
    { "InterruptException", 0, 0, bi_construct, LIB_HELP("InterruptException()", "The process was stopped by a terminal interrupt (CTRL+C)."), NULL, (const void *)(intptr_t)EXC_INTERRUPT },
    { "OutOfMemoryError", 0, 0, bi_construct, LIB_HELP("OutOfMemoryError()", "An operation allocated too much memory for either the system or the garbage collector to\n  handle properly."), NULL, (const void *)(intptr_t)EXC_OUTOFMEMORY },
    { "SystemError", 1, 3, bi_construct, LIB_HELP("SystemError(prefix::AbstractString, [errno::Int32])", "A system call failed with an error code (in the errno global variable)."), NULL, (const void *)(intptr_t)EXC_SYSTEM },
    { "KeyError", 1, 1, bi_construct, LIB_HELP("KeyError(key)", "An indexing operation into an AbstractDict (Dict) or Set like object tried to access or\n  delete a non-existent element."), NULL, (const void *)(intptr_t)EXC_KEY },
    { "AssertionError", 0, 1, bi_construct, LIB_HELP("AssertionError([msg])", "The asserted condition did not evaluate to true."), NULL, (const void *)(intptr_t)EXC_ASSERTION },
    { "EOFError", 0, 0, bi_construct, LIB_HELP("EOFError()", "No more data was available to read from a file or stream."), NULL, (const void *)(intptr_t)EXC_EOF },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};
