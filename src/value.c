/* value.c — allocation and release of heap values. */
#include "value.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define NUM (VK_NUMBER | VK_BITS)
#define REAL (NUM | VK_REAL)
#define INT (REAL | VK_INTEGER)
/* Int128 and UInt128 are 128 bits of storage, which no immediate holds: a BigInt's
 * object, its value always kept in the type's range */
#define INT128 (VK_HEAP | VK_NUMBER | VK_REAL | VK_INTEGER | VK_WRAPS)
#define HWF (REAL | VK_FLOAT | VK_HWFLOAT)

val_traits val_kinds[T__COUNT] = {
    [T_NOTHING] = { "Nothing", TA_ANY, VK_BITS, NULL },
    [T_BOOL] = { "Bool", TA_INTEGER, INT, NULL },
    [T_INT64] = { "Int64", TA_SIGNED, INT, NULL },
    [T_BIGINT] = { "BigInt", TA_SIGNED, VK_HEAP | VK_NUMBER | VK_REAL | VK_INTEGER, NULL },
    [T_UINT8] = { "UInt8", TA_UNSIGNED, INT | VK_UNSIGNED | VK_WRAPS, NULL },
    [T_UINT16] = { "UInt16", TA_UNSIGNED, INT | VK_UNSIGNED | VK_WRAPS, NULL },
    [T_UINT32] = { "UInt32", TA_UNSIGNED, INT | VK_UNSIGNED | VK_WRAPS, NULL },
    [T_UINT64] = { "UInt64", TA_UNSIGNED, INT | VK_UNSIGNED | VK_WRAPS, NULL },
    [T_UINT128] = { "UInt128", TA_UNSIGNED, INT128 | VK_UNSIGNED, NULL },
    [T_INT8] = { "Int8", TA_SIGNED, INT | VK_WRAPS, NULL },
    [T_INT16] = { "Int16", TA_SIGNED, INT | VK_WRAPS, NULL },
    [T_INT32] = { "Int32", TA_SIGNED, INT | VK_WRAPS, NULL },
    [T_INT128] = { "Int128", TA_SIGNED, INT128, NULL },
    [T_RATIONAL] = { "Rational", TA_REAL, VK_HEAP | VK_NUMBER | VK_REAL, NULL },
    [T_FLOAT16] = { "Float16", TA_FLOAT, HWF, NULL },
    [T_FLOAT32] = { "Float32", TA_FLOAT, HWF, NULL },
    [T_FLOAT64] = { "Float64", TA_FLOAT, HWF, NULL },
    [T_BIGFLOAT] = { "BigFloat", TA_FLOAT, VK_HEAP | VK_NUMBER | VK_REAL | VK_FLOAT, NULL },
    [T_IRRATIONAL] = { "Irrational", TA_IRRATIONAL, REAL, NULL },
    [T_COMPLEX] = { "Complex", TA_NUMBER, VK_HEAP | VK_NUMBER, NULL },
    [T_CHAR] = { "Char", TA_CHAR, VK_BITS, NULL },
    [T_STRING] = { "String", TA_STRING, VK_HEAP, NULL },
    [T_SYMBOL] = { "Symbol", TA_ANY, 0, NULL },
    [T_TUPLE] = { "Tuple", TA_ANY, VK_HEAP, NULL },
    [T_NAMEDTUPLE] = { "NamedTuple", TA_ANY, VK_HEAP, NULL },
    [T_RANGE] = { "UnitRange", TA_RANGE, VK_HEAP, NULL },
    [T_FUNCTION] = { "Function", TA_FUNCTION, VK_HEAP, NULL },
    [T_ARRAY] = { "Array", TA_ARRAY, VK_HEAP, NULL },
    [T_TYPE] = { "DataType", TA_ANY, VK_HEAP, NULL },
    [T_ROUNDMODE] = { "RoundingMode", TA_ANY, 0, NULL },
    [T_EXCEPTION] = { "Exception", TA_EXCEPTION, VK_HEAP, NULL }, /* free: exc_free */
    [T_REGEX] = { "Regex", TA_ANY, VK_HEAP, NULL },
    [T_REGEXMATCH] = { "RegexMatch", TA_ANY, VK_HEAP, NULL },
    [T_STRUCT] = { "struct", TA_ANY, VK_HEAP, NULL },
    [T_IOBUFFER] = { "IOBuffer", TA_IO, VK_HEAP, NULL },   /* free: lib/io.c's */
    [T_IOSTREAM] = { "IOStream", TA_IO, VK_HEAP, NULL },
    [T_DEVNULL] = { "Base.DevNull", TA_IO, VK_HEAP, NULL },
};

void val_kind_set_free(jc_type t, obj_free_fn f) { val_kinds[t].free = f; }

void *obj_new(jc_type t, size_t size)
{
    obj *o = xcalloc(1, size);
    o->refs = 1;
    o->type = (uint8_t)t;
    return o;
}

void val_release_obj(obj *o)
{
    switch (o->type) {
    case T_BIGINT: case T_INT128: case T_UINT128:
        mpz_clear(((jc_bigint *)o)->z);
        break;
    case T_RATIONAL:
        mpq_clear(((jc_rational *)o)->q);
        break;
    case T_BIGFLOAT:
        mpfr_clear(((jc_bigfloat *)o)->f);
        break;
    case T_COMPLEX:
        val_release(((jc_complex *)o)->re);
        val_release(((jc_complex *)o)->im);
        break;
    case T_TUPLE: {
        jc_tuple *t = (jc_tuple *)o;
        val_release_n(t->v, t->n);
        break;
    }
    case T_NAMEDTUPLE: {
        jc_namedtuple *t = (jc_namedtuple *)o;
        val_release_n(t->v, t->n);
        free(t->names);
        break;
    }
    case T_STRUCT: {
        jc_struct *st = (jc_struct *)o;
        val_release_n(st->v, (int64_t)st->n);
        val_release(v_obj(T_TYPE, 0, &st->type->h));
        break;
    }
    case T_TYPE: {
        jc_typeobj *t = (jc_typeobj *)o;
        if (t->param)
            val_release(v_obj(T_TYPE, 0, &t->param->h));
        for (size_t i = 0; i < t->nelts; i++)
            val_release(v_obj(T_TYPE, 0, &t->elts[i]->h));
        free(t->elts);
        val_release(t->val);
        break;
    }
    default:
        if (val_kinds[o->type].free) {
            val_kinds[o->type].free(o);
            return;
        }
        break;
    }
    free(o);
}

value v_bigint_new(void)
{
    jc_bigint *b = obj_new(T_BIGINT, sizeof *b);
    mpz_init(b->z);
    return v_obj(T_BIGINT, 0, &b->h);
}

value v_bigint_from_mpz(mpz_srcptr z)
{
    value v = v_bigint_new();
    mpz_set(val_mpz(v), z);
    return v;
}

value v_int_from_mpz(mpz_srcptr z)
{
    if (mpz_fits_slong_p(z))
        return v_int(mpz_get_si(z));
    return v_bigint_from_mpz(z);
}

value v_rational_new(jc_type elem)
{
    jc_rational *r = obj_new(T_RATIONAL, sizeof *r);
    mpq_init(r->q);
    return v_obj(T_RATIONAL, (uint8_t)elem, &r->h);
}

value v_bigfloat_new(mpfr_prec_t prec)
{
    jc_bigfloat *b = obj_new(T_BIGFLOAT, sizeof *b);
    mpfr_init2(b->f, prec);
    return v_obj(T_BIGFLOAT, 0, &b->h);
}

value v_complex(value re, value im)
{
    jc_complex *c = obj_new(T_COMPLEX, sizeof *c);
    c->re = re;
    c->im = im;
    return v_obj(T_COMPLEX, re.type, &c->h);
}

value v_string(const char *s, size_t n)
{
    jc_string *str = obj_new(T_STRING, sizeof *str + n + 1);
    memcpy(str->s, s, n);
    str->s[n] = 0;
    str->len = n;
    return v_obj(T_STRING, 0, &str->h);
}

value v_tuple_new(size_t n)
{
    jc_tuple *t = obj_new(T_TUPLE, sizeof *t + n * sizeof(value));
    t->n = n;
    return v_obj(T_TUPLE, 0, &t->h);
}
