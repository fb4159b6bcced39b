/* Values held in a storage type, converted as C converts them (held.h). */
#include "held.h"

#include <stdint.h>
#include <string.h>

static int store_is_float(plr_store s) { return s == PLR_STORE_F32 || s == PLR_STORE_F64; }

int held_allowed(plr_store store, plr_type type, int output)
{
    if (store == PLR_STORE_SIG)
        return 1;
    if ((unsigned)store >= PLR_STORE_COUNT)
        return 0;
    if (output && store_is_float(store))
        return 1;
    return store_is_float(store) == (plr_type_is_float(type) != 0);
}

/* The signature's integer value, wrapped to 64 bits (its residue is all a
 * narrower storage keeps; widening reads it by the type's signedness). */
static uint64_t sig_int(plr_type type, const void *src)
{
    switch (type) {
    case PLR_I32: { int32_t v; memcpy(&v, src, 4); return (uint64_t)(int64_t)v; }
    case PLR_U32: { uint32_t v; memcpy(&v, src, 4); return v; }
    default: { uint64_t v; memcpy(&v, src, 8); return v; }
    }
}

static void put_sig_int(plr_type type, uint64_t v, void *dst)
{
    if (type == PLR_I32 || type == PLR_U32) {
        uint32_t w = (uint32_t)v;
        memcpy(dst, &w, 4);
    } else {
        memcpy(dst, &v, 8);
    }
}

static double sig_float(plr_type type, const void *src)
{
    return (double)held_float(PLR_STORE_SIG, type, src);
}

void held_from_sig(plr_store store, plr_type type, const void *src, void *dst)
{
    if (store == PLR_STORE_SIG) {
        memcpy(dst, src, plr_type_size(type));
        return;
    }
    if (store_is_float(store) && !plr_type_is_float(type)) {
        /* one rounding, straight from the integer (as C's (float)s) */
        uint64_t v = sig_int(type, src);
        int sgn = type == PLR_I32 || type == PLR_I64;
        if (store == PLR_STORE_F32) {
            float f = sgn ? (float)(int64_t)v : (float)v;
            memcpy(dst, &f, 4);
        } else {
            double d = sgn ? (double)(int64_t)v : (double)v;
            memcpy(dst, &d, 8);
        }
        return;
    }
    if (store_is_float(store)) {
        double d = sig_float(type, src);
        if (store == PLR_STORE_F32) {
            float f = (float)d;
            memcpy(dst, &f, 4);
        } else {
            memcpy(dst, &d, 8);
        }
        return;
    }
    uint64_t v = sig_int(type, src); /* its residue modulo 2^w is what is held */
    switch (plr_store_size(store, type)) {
    case 1: { uint8_t t = (uint8_t)v; memcpy(dst, &t, 1); break; }
    case 2: { uint16_t t = (uint16_t)v; memcpy(dst, &t, 2); break; }
    case 4: { uint32_t t = (uint32_t)v; memcpy(dst, &t, 4); break; }
    default: memcpy(dst, &v, 8); break;
    }
}

void held_to_sig(plr_store store, plr_type type, const void *src, void *dst)
{
    if (store == PLR_STORE_SIG) {
        memcpy(dst, src, plr_type_size(type));
        return;
    }
    if (store_is_float(store)) {
        const double d = (double)held_float(store, type, src);
        if (type == PLR_F32) {
            float f = (float)d;
            memcpy(dst, &f, 4);
        } else {
            memcpy(dst, &d, 8);
        }
        return;
    }
    int64_t v;
    switch (store) {
    case PLR_STORE_I8: { int8_t t; memcpy(&t, src, 1); v = t; break; }
    case PLR_STORE_U8: { uint8_t t; memcpy(&t, src, 1); v = t; break; }
    case PLR_STORE_I16: { int16_t t; memcpy(&t, src, 2); v = t; break; }
    case PLR_STORE_U16: { uint16_t t; memcpy(&t, src, 2); v = t; break; }
    case PLR_STORE_I32: { int32_t t; memcpy(&t, src, 4); v = t; break; }
    case PLR_STORE_U32: { uint32_t t; memcpy(&t, src, 4); v = t; break; }
    default: { int64_t t; memcpy(&t, src, 8); v = t; break; }
    }
    put_sig_int(type, (uint64_t)v, dst);
}

long double held_float(plr_store store, plr_type type, const void *src)
{
    if (store == PLR_STORE_F32 || (store == PLR_STORE_SIG && type == PLR_F32)) {
        float f;
        memcpy(&f, src, 4);
        return f;
    }
    double d;
    memcpy(&d, src, 8);
    return d;
}
