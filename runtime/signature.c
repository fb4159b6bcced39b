/* Signatures: validation, and the paper's text notation "(a0, ..., ap: b1, ..., bk)". */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static plr_status check_coef(plr_type type, plr_coef c)
{
    if (!plr_type_is_float(type))
        return PLR_OK;
    if (!isfinite(c.f))
        return PLR_ERR_NONFINITE_COEF;
    if (type == PLR_F32 && fabs(c.f) > FLT_MAX)
        return PLR_ERR_NOT_REPRESENTABLE;
    return PLR_OK;
}

plr_status plr_signature_check(const plr_signature *sig)
{
    if (!sig)
        return PLR_ERR_NULL_POINTER;
    if ((unsigned)sig->type >= PLR_TYPE_COUNT)
        return PLR_ERR_BAD_TYPE;
    if (sig->fir_len == 0 || sig->fir_len > PLR_MAX_FIR)
        return PLR_ERR_BAD_FIR_LENGTH;
    if (sig->order == 0 || sig->order > PLR_MAX_ORDER)
        return PLR_ERR_BAD_ORDER;
    for (unsigned j = 0; j < sig->fir_len; j++) {
        plr_status s = check_coef(sig->type, sig->a[j]);
        if (s != PLR_OK)
            return s;
    }
    bool any_feedback = false;
    for (unsigned j = 1; j <= sig->order; j++) {
        plr_status s = check_coef(sig->type, sig->b[j]);
        if (s != PLR_OK)
            return s;
        unsigned char v[8];
        plr_coef_to_arith(sig->type, sig->b[j], v);
        any_feedback |= !plr_arith_is_zero(sig->type, v);
    }
    return any_feedback ? PLR_OK : PLR_ERR_ZERO_FEEDBACK;
}

/* ---- from an array of coefficients -------------------------------------- */

/* Element j of coef, stride elements apart, widened into a plr_coef as the
 * pass stores coefficients (signed types sign-extended, unsigned ones
 * zero-extended, float exactly); negated first, in the element type, when
 * neg (so -INT32_MIN wraps to itself, as the loop's subtraction does). */
static plr_coef coef_at(plr_type type, const void *coef, ptrdiff_t at, bool neg)
{
    plr_coef c = {0};
    switch (type) {
    case PLR_I32:
    case PLR_U32: {
        uint32_t v;
        memcpy(&v, (const char *)coef + at * (ptrdiff_t)sizeof v, sizeof v);
        v = neg ? 0u - v : v;
        if (type == PLR_I32)
            c.i = (int32_t)v;
        else
            c.u = v;
        break;
    }
    case PLR_I64:
    case PLR_U64: {
        uint64_t v;
        memcpy(&v, (const char *)coef + at * (ptrdiff_t)sizeof v, sizeof v);
        c.u = neg ? 0u - v : v;
        break;
    }
    case PLR_F32: {
        float v;
        memcpy(&v, (const char *)coef + at * (ptrdiff_t)sizeof v, sizeof v);
        c.f = neg ? -(double)v : (double)v;
        break;
    }
    case PLR_F64: {
        double v;
        memcpy(&v, (const char *)coef + at * (ptrdiff_t)sizeof v, sizeof v);
        c.f = neg ? -v : v;
        break;
    }
    }
    return c;
}

plr_status plr_signature_from_array(plr_signature *sig, plr_type type, const void *coef, ptrdiff_t stride,
                                    unsigned count, int sign)
{
    if (!sig || !coef)
        return PLR_ERR_NULL_POINTER;
    if ((unsigned)type >= PLR_TYPE_COUNT)
        return PLR_ERR_BAD_TYPE;
    if (count == 0 || count > PLR_MAX_ORDER)
        return PLR_ERR_BAD_ORDER;
    plr_signature out;
    memset(&out, 0, sizeof out);
    out.type = type;
    out.fir_len = 1;
    out.order = count;
    if (plr_type_is_float(type))
        out.a[0].f = 1.0;
    else
        out.a[0].i = 1;
    /* memcpy reads: the caller's array need not be aligned (a packed
     * struct), and a pass-generated call hands over what the loop read */
    for (unsigned j = 1; j <= count; j++)
        out.b[j] = coef_at(type, coef, (ptrdiff_t)(j - 1) * stride, sign < 0);
    *sig = out;
    return plr_signature_check(sig);
}

/* ---- parsing ------------------------------------------------------------ */

typedef struct parser {
    const char *text;
    const char *at;
    plr_type type;
    char *err;
    size_t errlen;
} parser;

static plr_status fail(parser *ps, plr_status status, const char *fmt, ...)
{
    if (ps->err && ps->errlen) {
        int col = (int)(ps->at - ps->text) + 1;
        int w = snprintf(ps->err, ps->errlen, "column %d: ", col);
        if (w >= 0 && (size_t)w < ps->errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(ps->err + w, ps->errlen - (size_t)w, fmt, ap);
            va_end(ap);
        }
    }
    return status;
}

static void skip_space(parser *ps)
{
    while (isspace((unsigned char)*ps->at))
        ps->at++;
}

static plr_status parse_integer(parser *ps, plr_coef *out)
{
    const char *start = ps->at;
    const char *p = start;
    if (*p == '+' || *p == '-')
        p++;
    if (!isdigit((unsigned char)*p))
        return fail(ps, PLR_ERR_PARSE, "expected a number");
    const char *q = p;
    while (isdigit((unsigned char)*q))
        q++;
    bool is_decimal = (*q == '.' || *q == 'e' || *q == 'E');
    bool wide = plr_type_size(ps->type) == 8;
    if (is_decimal) {
        /* "2.0" or "1e3" is accepted when it is an exact integer */
        char *end;
        errno = 0;
        double d = strtod(start, &end);
        if (end == start)
            return fail(ps, PLR_ERR_PARSE, "expected a number");
        if (d != floor(d) || fabs(d) >= 9007199254740992.0) {
            return fail(ps, PLR_ERR_NOT_REPRESENTABLE,
                        "coefficient %.*s is not an integer (type %s)", (int)(end - start), start,
                        plr_type_name(ps->type));
        }
        ps->at = end;
        out->i = (int64_t)d;
    } else if (*start == '-') {
        char *end;
        errno = 0;
        long long v = strtoll(start, &end, 10);
        int64_t lo = wide ? INT64_MIN : INT32_MIN;
        if (errno == ERANGE || v < lo)
            return fail(ps, PLR_ERR_NOT_REPRESENTABLE, "coefficient %.*s is out of range for %s",
                        (int)(end - start), start, plr_type_name(ps->type));
        ps->at = end;
        out->i = v;
        return PLR_OK;
    } else {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(start, &end, 10);
        uint64_t hi = wide ? UINT64_MAX : UINT32_MAX;
        if (errno == ERANGE || v > hi)
            return fail(ps, PLR_ERR_NOT_REPRESENTABLE, "coefficient %.*s is out of range for %s",
                        (int)(end - start), start, plr_type_name(ps->type));
        ps->at = end;
        out->u = v;
        return PLR_OK;
    }
    int64_t lo = wide ? INT64_MIN : INT32_MIN;
    if (out->i < lo || (!wide && out->i > (int64_t)UINT32_MAX))
        return fail(ps, PLR_ERR_NOT_REPRESENTABLE, "coefficient out of range for %s",
                    plr_type_name(ps->type));
    return PLR_OK;
}

static plr_status parse_float(parser *ps, plr_coef *out)
{
    const char *start = ps->at;
    char *end;
    if (!(isdigit((unsigned char)*start) || *start == '-' || *start == '+' || *start == '.'))
        return fail(ps, PLR_ERR_PARSE, "expected a number");
    errno = 0;
    double d = strtod(start, &end);
    if (end == start)
        return fail(ps, PLR_ERR_PARSE, "expected a number");
    if (!isfinite(d))
        return fail(ps, PLR_ERR_NONFINITE_COEF, "coefficient %.*s is not finite", (int)(end - start),
                    start);
    if (ps->type == PLR_F32) {
        float f = (float)d;
        if (!isfinite(f))
            return fail(ps, PLR_ERR_NOT_REPRESENTABLE, "coefficient %.*s overflows f32",
                        (int)(end - start), start);
        d = f;
    }
    ps->at = end;
    out->f = d;
    return PLR_OK;
}

/* Reads "c, c, ..., c" up to (not including) the terminator character. */
static plr_status parse_list(parser *ps, plr_coef *dst, unsigned max, unsigned *count, char terminator,
                             const char *what, plr_status too_many)
{
    *count = 0;
    for (;;) {
        skip_space(ps);
        if (*count == max)
            return fail(ps, too_many, "too many %s coefficients (at most %u)", what, max);
        plr_status s = plr_type_is_float(ps->type) ? parse_float(ps, &dst[*count])
                                                   : parse_integer(ps, &dst[*count]);
        if (s != PLR_OK)
            return s;
        /* one bit pattern per value, so that equal signatures compare equal */
        if (ps->type == PLR_U32)
            dst[*count].u = (uint32_t)dst[*count].u;
        else if (ps->type == PLR_I32)
            dst[*count].i = (int32_t)(uint32_t)dst[*count].u;
        (*count)++;
        skip_space(ps);
        if (*ps->at == ',') {
            ps->at++;
            continue;
        }
        if (*ps->at == terminator)
            return PLR_OK;
        if (*ps->at == '\0')
            return fail(ps, PLR_ERR_PARSE, "unexpected end of text, expected ',' or '%c'", terminator);
        return fail(ps, PLR_ERR_PARSE, "unexpected '%c', expected ',' or '%c'", *ps->at, terminator);
    }
}

plr_status plr_signature_parse(const char *text, plr_type type, plr_signature *sig, char *errbuf,
                               size_t errlen)
{
    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!text || !sig)
        return PLR_ERR_NULL_POINTER;
    parser ps = {text, text, type, errbuf, errlen};
    if ((unsigned)type >= PLR_TYPE_COUNT)
        return fail(&ps, PLR_ERR_BAD_TYPE, "unknown element type");

    plr_signature out;
    memset(&out, 0, sizeof out);
    out.type = type;
    skip_space(&ps);
    if (*ps.at != '(')
        return fail(&ps, PLR_ERR_PARSE, "expected '(' to open the signature");
    ps.at++;
    plr_status s = parse_list(&ps, out.a, PLR_MAX_FIR, &out.fir_len, ':', "feed-forward",
                              PLR_ERR_BAD_FIR_LENGTH);
    if (s != PLR_OK)
        return s;
    ps.at++; /* ':' */
    s = parse_list(&ps, out.b + 1, PLR_MAX_ORDER, &out.order, ')', "recursive", PLR_ERR_BAD_ORDER);
    if (s != PLR_OK)
        return s;
    ps.at++; /* ')' */
    skip_space(&ps);
    if (*ps.at != '\0')
        return fail(&ps, PLR_ERR_PARSE, "unexpected text after ')'");
    s = plr_signature_check(&out);
    if (s == PLR_ERR_ZERO_FEEDBACK)
        return fail(&ps, s, "all recursive coefficients are zero: this is a map, not a recurrence");
    if (s != PLR_OK)
        return fail(&ps, s, "%s", plr_strerror(s));
    *sig = out;
    return PLR_OK;
}

/* ---- printing ----------------------------------------------------------- */

static int format_coef(plr_type type, plr_coef c, char *buf, size_t len)
{
    switch (type) {
    case PLR_I32: return snprintf(buf, len, "%ld", (long)(int32_t)(uint32_t)c.u);
    case PLR_I64: return snprintf(buf, len, "%lld", (long long)c.i);
    case PLR_U32: return snprintf(buf, len, "%lu", (unsigned long)(uint32_t)c.u);
    case PLR_U64: return snprintf(buf, len, "%llu", (unsigned long long)c.u);
    case PLR_F32:
    case PLR_F64:
        /* the shortest decimal that reads back to the same value */
        for (int prec = 1; prec <= 17; prec++) {
            int w = snprintf(buf, len, "%.*g", prec, c.f);
            if (w < 0 || (size_t)w >= len)
                return w;
            double back = strtod(buf, NULL);
            if (type == PLR_F32 ? (float)back == (float)c.f : back == c.f)
                return w;
        }
        return snprintf(buf, len, "%.17g", c.f);
    }
    return -1;
}

plr_status plr_signature_format(const plr_signature *sig, char *buf, size_t len)
{
    if (!sig || !buf)
        return PLR_ERR_NULL_POINTER;
    plr_status s = plr_signature_check(sig);
    if (s != PLR_OK && s != PLR_ERR_ZERO_FEEDBACK)
        return s;
    size_t used = 0;
    char item[64];
#define PLR_APPEND(str)                                                                            \
    do {                                                                                           \
        size_t l_ = strlen(str);                                                                   \
        if (used + l_ + 1 > len)                                                                   \
            return PLR_ERR_BUFFER_TOO_SMALL;                                                       \
        memcpy(buf + used, str, l_ + 1);                                                           \
        used += l_;                                                                                \
    } while (0)
    PLR_APPEND("(");
    for (unsigned j = 0; j < sig->fir_len; j++) {
        format_coef(sig->type, sig->a[j], item, sizeof item);
        if (j)
            PLR_APPEND(", ");
        PLR_APPEND(item);
    }
    PLR_APPEND(": ");
    for (unsigned j = 1; j <= sig->order; j++) {
        format_coef(sig->type, sig->b[j], item, sizeof item);
        if (j > 1)
            PLR_APPEND(", ");
        PLR_APPEND(item);
    }
    PLR_APPEND(")");
#undef PLR_APPEND
    return PLR_OK;
}
