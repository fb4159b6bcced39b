/* Element types, status texts and the conversion of coefficients to the
 * arithmetic type every backend computes in. */
#include "internal.h"

#include <string.h>

static const char *const type_names[PLR_TYPE_COUNT] = {"i32", "i64", "u32", "u64", "f32", "f64"};
static const size_t type_sizes[PLR_TYPE_COUNT] = {4, 8, 4, 8, 4, 8};

static int type_valid(plr_type type)
{
    return (unsigned)type < PLR_TYPE_COUNT;
}

size_t plr_type_size(plr_type type)
{
    return type_valid(type) ? type_sizes[type] : 0;
}

const char *plr_type_name(plr_type type)
{
    return type_valid(type) ? type_names[type] : "invalid";
}

plr_status plr_type_parse(const char *name, plr_type *type)
{
    static const struct {
        const char *alias;
        plr_type type;
    } aliases[] = {
        {"int32", PLR_I32}, {"int", PLR_I32},      {"int64", PLR_I64},  {"long", PLR_I64},
        {"uint32", PLR_U32}, {"unsigned", PLR_U32}, {"uint64", PLR_U64}, {"float", PLR_F32},
        {"float32", PLR_F32}, {"double", PLR_F64},  {"float64", PLR_F64},
    };
    if (!name || !type)
        return PLR_ERR_NULL_POINTER;
    for (int t = 0; t < PLR_TYPE_COUNT; t++)
        if (strcmp(name, type_names[t]) == 0) {
            *type = (plr_type)t;
            return PLR_OK;
        }
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].alias) == 0) {
            *type = aliases[i].type;
            return PLR_OK;
        }
    return PLR_ERR_BAD_TYPE;
}

int plr_type_is_float(plr_type type)
{
    return type == PLR_F32 || type == PLR_F64;
}

static const char *const store_names[PLR_STORE_COUNT] = {"sig", "i8",  "u8",  "i16", "u16", "i32",
                                                          "u32", "i64", "u64", "f32", "f64"};
static const size_t store_sizes[PLR_STORE_COUNT] = {0, 1, 1, 2, 2, 4, 4, 8, 8, 4, 8};

size_t plr_store_size(plr_store store, plr_type sig_type)
{
    if ((unsigned)store >= PLR_STORE_COUNT)
        return 0;
    return store == PLR_STORE_SIG ? plr_type_size(sig_type) : store_sizes[store];
}

const char *plr_store_name(plr_store store)
{
    return (unsigned)store < PLR_STORE_COUNT ? store_names[store] : "invalid";
}

plr_status plr_store_parse(const char *name, plr_store *store)
{
    if (!name || !store)
        return PLR_ERR_NULL_POINTER;
    for (int t = 0; t < PLR_STORE_COUNT; t++)
        if (strcmp(name, store_names[t]) == 0) {
            *store = (plr_store)t;
            return PLR_OK;
        }
    return PLR_ERR_BAD_TYPE;
}

plr_store plr_store_of_type(plr_type type)
{
    static const plr_store of[PLR_TYPE_COUNT] = {PLR_STORE_I32, PLR_STORE_I64, PLR_STORE_U32,
                                                 PLR_STORE_U64, PLR_STORE_F32, PLR_STORE_F64};
    return (unsigned)type < PLR_TYPE_COUNT ? of[type] : PLR_STORE_SIG;
}

bool plr_store_is_float(plr_store store)
{
    return store == PLR_STORE_F32 || store == PLR_STORE_F64;
}

const char *plr_strerror(plr_status status)
{
    switch (status) {
    case PLR_OK: return "success";
    case PLR_ERR_NULL_POINTER: return "a required pointer is NULL";
    case PLR_ERR_BAD_TYPE: return "unknown element type";
    case PLR_ERR_BAD_ORDER: return "recursive order must be between 1 and PLR_MAX_ORDER (32)";
    case PLR_ERR_ZERO_FEEDBACK: return "all recursive coefficients are zero: this is a map, not a recurrence";
    case PLR_ERR_BAD_FIR_LENGTH: return "feed-forward length must be between 1 and PLR_MAX_FIR (33)";
    case PLR_ERR_NONFINITE_COEF: return "a coefficient is NaN or infinite";
    case PLR_ERR_SIZE_OVERFLOW: return "n times the element size overflows size_t";
    case PLR_ERR_OVERLAP: return "outputs overlap inputs or each other (only y == x element for element, in place, is allowed)";
    case PLR_ERR_PARSE: return "malformed signature text";
    case PLR_ERR_NOT_REPRESENTABLE: return "a coefficient is not representable in the element type";
    case PLR_ERR_BAD_DEVICE: return "unknown or unavailable device";
    case PLR_ERR_BAD_THREADS: return "thread count must be a positive integer";
    case PLR_ERR_NO_MEMORY: return "out of memory";
    case PLR_ERR_BUFFER_TOO_SMALL: return "output buffer too small";
    case PLR_ERR_DEVICE_FAILED: return "the data is in GPU memory and the GPU backend failed";
    case PLR_ERR_BAD_LAYOUT: return "bad layout: count 0, a zero stride, or elements beyond the address space";
    case PLR_ERR_MISALIGNED: return "x or y is not aligned to its element type";
    case PLR_STATUS_COUNT: break;
    }
    return "unknown status";
}

void plr_coef_to_arith(plr_type type, plr_coef c, void *out)
{
    switch (type) {
    case PLR_I32:
    case PLR_U32: {
        uint32_t v = (uint32_t)c.u; /* modulo 2^32, as the C loop computes */
        memcpy(out, &v, sizeof v);
        break;
    }
    case PLR_I64:
    case PLR_U64:
        memcpy(out, &c.u, sizeof c.u);
        break;
    case PLR_F32: {
        float v = (float)c.f;
        memcpy(out, &v, sizeof v);
        break;
    }
    case PLR_F64:
        memcpy(out, &c.f, sizeof c.f);
        break;
    }
}

bool plr_arith_is_zero(plr_type type, const void *v)
{
    switch (type) {
    case PLR_I32:
    case PLR_U32: {
        uint32_t u;
        memcpy(&u, v, sizeof u);
        return u == 0;
    }
    case PLR_I64:
    case PLR_U64: {
        uint64_t u;
        memcpy(&u, v, sizeof u);
        return u == 0;
    }
    case PLR_F32: {
        float f;
        memcpy(&f, v, sizeof f);
        return f == 0.0f;
    }
    case PLR_F64: {
        double d;
        memcpy(&d, v, sizeof d);
        return d == 0.0;
    }
    }
    return false;
}
