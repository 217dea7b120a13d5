/* io.c — IO values and the builtins that make and read them (see io.h).  The output
 * functions that also take an IO first (print, show, join, showerror) are rows of their
 * own tables and write through io_write. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "eval.h"
#include "lib/io.h"
#include "lib/lib.h"
#include "num/fixint.h"
#include "show.h"
#include "types.h"

static value io_new(jc_type t, int stream)
{
    jc_io *io = obj_new(t, sizeof *io);
    io->stream = stream;
    return v_obj(t, 0, &io->h);
}

value io_new_buffer(void) { return io_new(T_IOBUFFER, IO_BUFFER); }

value io_std(int stream)
{
    return io_new(stream == IO_DEVNULL ? T_DEVNULL : T_IOSTREAM, stream);
}

void io_free(obj *o)
{
    free(((jc_io *)o)->data);
    free(o);
}

/* An IOBuffer made from a string is read-only, as IOBuffer("abc") is in Julia: its
 * stream field says so. */
enum { IO_READONLY = -1 };

int io_write(jc_ctx *ctx, value v, const char *s, size_t n, const ast *site)
{
    jc_io *io = val_io(v);
    switch (v.type) {
    case T_IOSTREAM:
        if (io->stream == IO_STDERR) {
            fflush(ctx->out);   /* what was printed before comes first */
            fwrite(s, 1, n, stderr);
        } else {
            fwrite(s, 1, n, ctx->out);
        }
        return 0;
    case T_DEVNULL:
        return 0;
    default:
        break;
    }
    if (io->stream == IO_READONLY)
        return err_throw(ctx, ERR_ARGUMENT, site, "ensureroom failed, IOBuffer is not writeable");
    if (io->len + n > io->cap) {
        size_t cap = io->cap ? io->cap : 32;
        while (cap < io->len + n)
            cap *= 2;
        io->data = xrealloc(io->data, cap);
        io->cap = cap;
    }
    memcpy(io->data + io->len, s, n);
    io->len += n;
    io->ptr = io->len;
    return 0;
}

/* IOBuffer() to write into; IOBuffer(s) to read s from. */
static int bi_iobuffer(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->n == 1 && a->v[0].type != T_STRING)
        return LIB_DECLINE;
    *out = io_new_buffer();
    if (a->n == 1) {
        const jc_string *s = val_string(a->v[0]);
        jc_io *io = val_io(*out);
        io->data = xmalloc(s->len ? s->len : 1);
        memcpy(io->data, s->s, s->len);
        io->len = io->cap = s->len;
        io->stream = IO_READONLY;
    }
    return 0;
}

/* A Vector{UInt8} of the bytes s[0..n). */
static value bytes_vector(jc_ctx *ctx, const char *s, size_t n)
{
    jc_typeobj *et = type_new(T_UINT8);
    int64_t dims[1] = { (int64_t)n };
    value v = array_alloc(et, 1, dims);
    for (size_t i = 0; i < n; i++)
        val_array(v)->v[i] = fix_make(T_UINT8, (unsigned char)s[i]);
    val_release(v_obj(T_TYPE, 0, &et->h));
    (void)ctx;
    return v;
}

/* take!(io): the buffer's bytes as a Vector{UInt8}, leaving it empty. */
static int bi_take(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->v[0].type != T_IOBUFFER)
        return LIB_DECLINE;
    jc_io *io = val_io(a->v[0]);
    *out = bytes_vector(ctx, io->data, io->len);
    if (io->stream != IO_READONLY)
        io->len = io->ptr = 0;
    else
        io->ptr = io->len;
    return 0;
}

/* The bytes of a Vector{UInt8} into s; LIB_DECLINE for any other value. */
static int vector_bytes(value v, sb *s)
{
    if (v.type != T_ARRAY || val_array(v)->et->base != T_UINT8 || val_array(v)->nd != 1 ||
        val_array(v)->kind != ARR_DENSE)
        return LIB_DECLINE;
    const jc_array *arr = val_array(v);
    for (int64_t i = 0; i < arr->len; i++)
        sb_putc(s, (char)(unsigned char)fix_get(arr->v[i]));
    return 0;
}

/* String(bytes::Vector{UInt8}), String(s), String(:sym). */
static int bi_string_of(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    value x = a->v[0];
    if (x.type == T_STRING) {
        *out = val_retain(x);
        return 0;
    }
    if (x.type == T_SYMBOL && x.sub != SYM_MODULE) {
        const char *n = sym_name(ctx, (int)x.u.i);
        *out = v_string(n, strlen(n));
        return 0;
    }
    sb s = { 0 };
    if (vector_bytes(x, &s) != 0)
        return LIB_DECLINE;
    *out = v_string(s.s ? s.s : "", s.len);
    sb_free(&s);
    return 0;
}

/* The bytes write(io, x) writes for one value x: a string's code units, a character's
 * UTF-8, a bit integer's or hardware float's bytes little-endian (Julia's native order
 * on the machines it runs on), a Vector{UInt8}'s elements.  LIB_DECLINE for others. */
static int write_bytes(value x, sb *s)
{
    if (x.type == T_STRING) {
        sb_put(s, val_string(x)->s, val_string(x)->len);
        return 0;
    }
    if (x.type == T_CHAR) {
        sb_pututf8(s, x.u.c);
        return 0;
    }
    int w = x.type == T_BOOL ? 8 : fix_width(x.type);
    if (w) {
        fix_u128 bits = fix_get(x);
        for (int i = 0; i < w / 8; i++)
            sb_putc(s, (char)(unsigned char)(bits >> (8 * i)));
        return 0;
    }
    if (x.type == T_FLOAT64 || x.type == T_FLOAT32) {
        unsigned char b[8];
        size_t n;
        if (x.type == T_FLOAT64) {
            memcpy(b, &x.u.f, 8);
            n = 8;
        } else {
            float f = (float)x.u.f;
            memcpy(b, &f, 4);
            n = 4;
        }
        uint16_t one = 1;
        int little = *(unsigned char *)&one == 1;
        for (size_t i = 0; i < n; i++)
            sb_putc(s, (char)b[little ? i : n - 1 - i]);
        return 0;
    }
    return vector_bytes(x, s);
}

/* write(io, xs...): the number of bytes written. */
static int bi_write(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!io_is(a->v[0]))
        return LIB_DECLINE;
    sb s = { 0 };
    for (int i = 1; i < a->n; i++)
        if (write_bytes(a->v[i], &s) != 0) {
            sb_free(&s);
            return LIB_DECLINE;
        }
    if (io_write(ctx, a->v[0], s.s ? s.s : "", s.len, a->site) < 0) {
        sb_free(&s);
        return -1;
    }
    *out = v_int((int64_t)s.len);
    sb_free(&s);
    return 0;
}

/* read(io, String): the rest of a buffer from its position. */
static int bi_read(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_IOBUFFER || a->v[1].type != T_TYPE || val_typeobj(a->v[1])->base != T_STRING)
        return LIB_DECLINE;
    jc_io *io = val_io(a->v[0]);
    *out = v_string(io->data ? io->data + io->ptr : "", io->len - io->ptr);
    io->ptr = io->len;
    return 0;
}

static int bi_seekstart(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_IOBUFFER)
        return LIB_DECLINE;
    val_io(a->v[0])->ptr = 0;
    *out = val_retain(a->v[0]);
    return 0;
}

static int bi_position(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_IOBUFFER)
        return LIB_DECLINE;
    *out = v_int((int64_t)val_io(a->v[0])->ptr);
    return 0;
}

static int bi_eof(jc_ctx *ctx, value *out, const jc_args *a)
{
    (void)ctx;
    if (a->v[0].type != T_IOBUFFER)
        return LIB_DECLINE;
    *out = v_bool(val_io(a->v[0])->ptr >= val_io(a->v[0])->len);
    return 0;
}

static int bi_flush(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!io_is(a->v[0]))
        return LIB_DECLINE;
    if (a->v[0].type == T_IOSTREAM)
        fflush(val_io(a->v[0])->stream == IO_STDERR ? stderr : ctx->out);
    *out = v_nothing();
    return 0;
}

/* sprint(f, args...): f(io, args...) with a new IOBuffer, and what it wrote. */
static int bi_sprint(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (a->n > 255)
        return LIB_DECLINE;
    value args[256];
    args[0] = io_new_buffer();
    memcpy(args + 1, a->v + 1, (size_t)(a->n - 1) * sizeof *args);
    value r;
    if (eval_call(ctx, a->v[0], a->n, args, a->site, &r) < 0) {
        val_release(args[0]);
        return -1;
    }
    val_release(r);
    const jc_io *io = val_io(args[0]);
    *out = v_string(io->data ? io->data : "", io->len);
    val_release(args[0]);
    return 0;
}

/* join(io, xs, [delim]): join's text written to io. */
static int bi_join_io(jc_ctx *ctx, value *out, const jc_args *a)
{
    if (!io_is(a->v[0]))
        return LIB_DECLINE;
    value s;
    if (eval_call_global(ctx, "join", a->n - 1, a->v + 1, a->site, &s) < 0)
        return -1;
    int r = s.type == T_STRING ? io_write(ctx, a->v[0], val_string(s)->s, val_string(s)->len, a->site) : 0;
    val_release(s);
    *out = v_nothing();
    return r;
}

const builtin lib_io[] = {
    { "IOBuffer", 0, 1, bi_iobuffer, LIB_HELP("IOBuffer([string])", "An in-memory IO stream: write to IOBuffer(), read what IOBuffer(s) holds.\n  take!(io) empties it into a Vector{UInt8}; String(take!(io)) is its text."), NULL, NULL },
    { "take!", 1, 1, bi_take, LIB_HELP("take!(b::IOBuffer)", "The contents of an IOBuffer as a Vector{UInt8}; the buffer is reset to empty."), NULL, NULL },
    { "String", 1, 1, bi_string_of, LIB_HELP("String(v::Vector{UInt8})", "A string of the bytes of v (String(take!(io)) is what io holds); String(s) is\n  s and String(:a) is \"a\"."), NULL, NULL },
    { "write", 2, -1, bi_write, LIB_HELP("write(io::IO, x...)", "Write the bytes of the values (a string's code units, a character's UTF-8, a\n  number's bytes) to io; return how many bytes were written."), NULL, NULL },
    { "read", 2, 2, bi_read, LIB_HELP("read(io::IOBuffer, String)", "Read the rest of io from its position as a String."), NULL, NULL },
    { "seekstart", 1, 1, bi_seekstart, LIB_HELP("seekstart(io::IOBuffer)", "Move io's position to its beginning; return io."), NULL, NULL },
    { "position", 1, 1, bi_position, LIB_HELP("position(io::IOBuffer)", "The position of io (0 at its beginning)."), NULL, NULL },
    { "eof", 1, 1, bi_eof, LIB_HELP("eof(io::IOBuffer)", "Whether io has no more bytes to read."), NULL, NULL },
    { "flush", 1, 1, bi_flush, LIB_HELP("flush(io::IO)", "Write out what io holds back (stdout, stderr)."), NULL, NULL },
    { "sprint", 1, -1, bi_sprint, LIB_HELP("sprint(f, args...)", "Call f(io, args...) with a new IOBuffer io and return what f wrote as a string:\n  sprint(show, x), sprint(print, x), sprint(showerror, e), or any f taking an IO first."), NULL, NULL },
    { "join", 2, 3, bi_join_io, LIB_HELP("join(io::IO, iterator, [delim])", "Write the printed forms of the elements to io, with delim between them."), NULL, NULL },
    { NULL, 0, 0, NULL, NULL, NULL, NULL },
};
