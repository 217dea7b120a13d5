/* value.c — allocation and release of heap values. */
#include "value.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

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
    case T_BIGINT:
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
    case T_TYPE: {
        jc_typeobj *t = (jc_typeobj *)o;
        if (t->param)
            val_release(v_obj(T_TYPE, 0, &t->param->h));
        for (size_t i = 0; i < t->nelts; i++)
            val_release(v_obj(T_TYPE, 0, &t->elts[i]->h));
        free(t->elts);
        break;
    }
    default:
        if (val_free_table[o->type]) {
            val_free_table[o->type](o);
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
