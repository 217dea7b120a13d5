/* exc.c — see exc.h.  Fields and constructor arities are Julia 1.10's (base/boot.jl,
 * base/errorshow.jl). */
#include "exc.h"

#include <stdlib.h>
#include <string.h>

#include "jc.h"
#include "util.h"

const exc_info exc_table[EXC__COUNT] = {
    [EXC_NONE] = { "Exception", "", 0, ERR_ERROR },
    [EXC_ERROR] = { "ErrorException", "msg", 1, ERR_ERROR },
    [EXC_DOMAIN] = { "DomainError", "val msg", 1, ERR_DOMAIN },
    [EXC_DIVIDE] = { "DivideError", "", 0, ERR_DIVIDE },
    [EXC_OVERFLOW] = { "OverflowError", "msg", 1, ERR_OVERFLOW },
    [EXC_INEXACT] = { "InexactError", "func T val", 3, ERR_INEXACT },
    [EXC_ARGUMENT] = { "ArgumentError", "msg", 1, ERR_ARGUMENT },
    [EXC_METHOD] = { "MethodError", "f args world", 2, ERR_METHOD },
    [EXC_UNDEFVAR] = { "UndefVarError", "var", 1, ERR_UNDEFVAR },
    [EXC_UNDEFREF] = { "UndefRefError", "", 0, ERR_UNDEFREF },
    [EXC_UNDEFKEYWORD] = { "UndefKeywordError", "var", 1, ERR_UNDEFKEYWORD },
    [EXC_BOUNDS] = { "BoundsError", "a i", 0, ERR_BOUNDS },
    [EXC_STRINGINDEX] = { "StringIndexError", "string index", 2, ERR_STRINGINDEX },
    [EXC_DIMENSION] = { "DimensionMismatch", "msg", 0, ERR_DIMENSION },
    [EXC_TYPE] = { "TypeError", "func context expected got", 4, ERR_TYPE },
    [EXC_SINGULAR] = { "SingularException", "info", 1, ERR_SINGULAR },
    [EXC_STACK] = { "StackOverflowError", "", 0, ERR_STACK },
    [EXC_INTERRUPT] = { "InterruptException", "", 0, ERR_INTERRUPT },
    [EXC_OUTOFMEMORY] = { "OutOfMemoryError", "", 0, ERR_OUTOFMEMORY },
    [EXC_SYSTEM] = { "SystemError", "prefix errnum extrainfo", 1, ERR_SYSTEM },
    [EXC_PARSE] = { "Base.Meta.ParseError", "msg", 1, ERR_PARSE },
    [EXC_KEY] = { "KeyError", "key", 1, ERR_ERROR },
    [EXC_ASSERTION] = { "AssertionError", "msg", 0, ERR_ERROR },
    [EXC_EOF] = { "EOFError", "", 0, ERR_ERROR },
};

exc_id exc_of_kind(err_kind k)
{
    switch (k) {
    case ERR_PARSE: case ERR_INCOMPLETE: return EXC_PARSE;
    case ERR_DOMAIN: return EXC_DOMAIN;
    case ERR_DIVIDE: return EXC_DIVIDE;
    case ERR_OVERFLOW: case ERR_LIMIT_BITS: return EXC_OVERFLOW;
    case ERR_INEXACT: return EXC_INEXACT;
    case ERR_ARGUMENT: return EXC_ARGUMENT;
    case ERR_METHOD: return EXC_METHOD;
    case ERR_UNDEFVAR: return EXC_UNDEFVAR;
    case ERR_UNDEFREF: return EXC_UNDEFREF;
    case ERR_UNDEFKEYWORD: return EXC_UNDEFKEYWORD;
    case ERR_BOUNDS: return EXC_BOUNDS;
    case ERR_STRINGINDEX: return EXC_STRINGINDEX;
    case ERR_DIMENSION: return EXC_DIMENSION;
    case ERR_TYPE: return EXC_TYPE;
    case ERR_SINGULAR: return EXC_SINGULAR;
    case ERR_STACK: return EXC_STACK;
    case ERR_INTERRUPT: return EXC_INTERRUPT;
    case ERR_OUTOFMEMORY: return EXC_OUTOFMEMORY;
    case ERR_SYSTEM: return EXC_SYSTEM;
    default: return EXC_ERROR;   /* ERR_ERROR, ERR_SYNTAX, ERR_LIMIT_STEPS */
    }
}

size_t exc_nfields(exc_id id)
{
    const char *f = exc_table[id].fields;
    size_t n = 0;
    for (const char *s = f; *s;) {
        n++;
        s += strcspn(s, " ");
        s += strspn(s, " ");
    }
    return n;
}

void exc_field_name(exc_id id, size_t i, char *buf, size_t n)
{
    const char *s = exc_table[id].fields;
    buf[0] = 0;
    for (; *s; i--) {
        size_t len = strcspn(s, " ");
        if (i == 0) {
            if (len >= n)
                len = n - 1;
            memcpy(buf, s, len);
            buf[len] = 0;
            return;
        }
        s += len;
        s += strspn(s, " ");
    }
}

value exc_new(exc_id id, const char *text)
{
    size_t n = exc_nfields(id);
    jc_exception *e = obj_new(T_EXCEPTION, sizeof *e + n * sizeof(value));
    e->id = (uint8_t)id;
    e->n = n;
    e->undef = n ? (uint32_t)((1u << n) - 1) : 0;
    e->text = xstrdup(text ? text : "");
    for (size_t i = 0; i < n; i++)
        e->v[i] = v_nothing();
    return v_obj(T_EXCEPTION, (uint8_t)id, &e->h);
}

void exc_set_text(value v, char *text)
{
    jc_exception *e = val_exc(v);
    free(e->text);
    e->text = text;
}

void exc_free(obj *o)
{
    jc_exception *e = (jc_exception *)o;
    for (size_t i = 0; i < e->n; i++)
        val_release(e->v[i]);
    free(e->text);
    free(e);
}

void exc_attach_some(jc_ctx *ctx, exc_id id, int n, const value *fields, uint32_t which)
{
    if (!ctx->err_set || (exc_of_kind(ctx->err_kind) != id && exc_table[id].kind != ctx->err_kind) ||
        ctx->err_value.type != T_NOTHING || ctx->err_value.sub)
        return;
    value e = exc_new(id, ctx->err.message);
    jc_exception *x = val_exc(e);
    for (int i = 0; i < n && (size_t)i < x->n; i++)
        if (which & (1u << i)) {
            x->v[i] = val_retain(fields[i]);
            x->undef &= ~(1u << i);
        }
    ctx->err_value = e;
}

void exc_attach(jc_ctx *ctx, exc_id id, int n, const value *fields)
{
    exc_attach_some(ctx, id, n, fields, ~0u);
}

void exc_attach_index(jc_ctx *ctx, exc_id id, value a, int64_t i, int tuple)
{
    value f[2] = { a, v_int(i) };
    if (tuple) {
        f[1] = v_tuple_new(1);
        val_tuple(f[1])->v[0] = v_int(i);
    }
    exc_attach(ctx, id, 2, f);
    val_release(f[1]);
}
