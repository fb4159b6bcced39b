/* Independent reference recurrence (see reference.h). Deliberately naive:
 * it shares no code with the runtime. */
#include "reference.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

long double ref_value(plr_type type, const void *arr, size_t i)
{
    switch (type) {
    case PLR_I32: return ((const int32_t *)arr)[i];
    case PLR_I64: return (long double)((const int64_t *)arr)[i];
    case PLR_U32: return ((const uint32_t *)arr)[i];
    case PLR_U64: return (long double)((const uint64_t *)arr)[i];
    case PLR_F32: return ((const float *)arr)[i];
    case PLR_F64: return ((const double *)arr)[i];
    }
    return 0;
}

static uint64_t int_value(plr_type type, const void *arr, size_t i)
{
    switch (type) {
    case PLR_I32: return (uint64_t)(int64_t)((const int32_t *)arr)[i];
    case PLR_U32: return ((const uint32_t *)arr)[i];
    case PLR_I64: return (uint64_t)((const int64_t *)arr)[i];
    case PLR_U64: return ((const uint64_t *)arr)[i];
    default: return 0;
    }
}

static long double coef_ld(plr_type type, plr_coef c)
{
    return type == PLR_F32 ? (long double)(float)c.f : (long double)c.f;
}

static int coef_zero(plr_type type, plr_coef c)
{
    if (type == PLR_F32 || type == PLR_F64)
        return coef_ld(type, c) == 0;
    return plr_type_size(type) == 4 ? (uint32_t)c.u == 0 : c.u == 0;
}

int ref_solve(const plr_signature *sig, const plr_data *data, void *out)
{
    size_t n = data->n;
    unsigned K = sig->order, P = sig->fir_len - 1;
    int is_float = plr_type_is_float(sig->type);
    int narrow = plr_type_size(sig->type) == 4;
    /* x with its history in front, y with its initial state in front */
    if (is_float) {
        long double *xs = malloc((n + P + 1) * sizeof *xs);
        long double *ys = malloc((n + K + 1) * sizeof *ys);
        if (!xs || !ys) {
            free(xs);
            free(ys);
            return -1;
        }
        for (unsigned j = 0; j < P; j++)
            xs[j] = data->x_history ? ref_value(sig->type, data->x_history, j) : 0;
        for (size_t i = 0; i < n; i++)
            xs[P + i] = ref_value(sig->type, data->x, i);
        for (unsigned j = 0; j < K; j++)
            ys[j] = data->y_init ? ref_value(sig->type, data->y_init, j) : 0;
        for (size_t i = 0; i < n; i++) {
            long double acc = 0;
            for (unsigned j = 0; j <= P; j++)
                if (!coef_zero(sig->type, sig->a[j]))
                    acc += coef_ld(sig->type, sig->a[j]) * xs[P + i - j];
            for (unsigned j = 1; j <= K; j++)
                if (!coef_zero(sig->type, sig->b[j]))
                    acc += coef_ld(sig->type, sig->b[j]) * ys[K + i - j];
            ys[K + i] = acc;
        }
        memcpy(out, ys + K, n * sizeof(long double));
        free(xs);
        free(ys);
        return 0;
    }
    uint64_t *xs = malloc((n + P + 1) * sizeof *xs);
    uint64_t *ys = malloc((n + K + 1) * sizeof *ys);
    if (!xs || !ys) {
        free(xs);
        free(ys);
        return -1;
    }
    for (unsigned j = 0; j < P; j++)
        xs[j] = data->x_history ? int_value(sig->type, data->x_history, j) : 0;
    for (size_t i = 0; i < n; i++)
        xs[P + i] = int_value(sig->type, data->x, i);
    for (unsigned j = 0; j < K; j++)
        ys[j] = data->y_init ? int_value(sig->type, data->y_init, j) : 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t acc = 0;
        for (unsigned j = 0; j <= P; j++)
            acc += sig->a[j].u * xs[P + i - j];
        for (unsigned j = 1; j <= K; j++)
            acc += sig->b[j].u * ys[K + i - j];
        ys[K + i] = narrow ? (uint64_t)(uint32_t)acc : acc;
    }
    for (size_t i = 0; i < n; i++) {
        if (narrow)
            ((uint32_t *)out)[i] = (uint32_t)ys[K + i];
        else
            ((uint64_t *)out)[i] = ys[K + i];
    }
    free(xs);
    free(ys);
    return 0;
}

long double ref_error_bound(const plr_signature *sig, const plr_data *data, const long double *ystar)
{
    size_t n = data->n;
    unsigned K = sig->order, P = sig->fir_len - 1;
    long double u = sig->type == PLR_F32 ? FLT_EPSILON / 2 : DBL_EPSILON / 2;
    long double B = 0;
    for (unsigned j = 1; j <= K; j++)
        B += fabsl(coef_ld(sig->type, sig->b[j]));
    /* H: l1 norm of the impulse response over n steps (stops growing once the
     * response has decayed below long double resolution) */
    long double H = 0, h[PLR_MAX_ORDER + 1] = {0};
    for (size_t i = 0; i < n; i++) {
        long double v = i == 0 ? 1 : 0;
        for (unsigned j = 1; j <= K; j++)
            v += coef_ld(sig->type, sig->b[j]) * h[j - 1];
        memmove(h + 1, h, (K - 1) * sizeof h[0]);
        h[0] = v;
        H += fabsl(v);
    }
    long double T = 0, Y = 0, A = 0;
    for (unsigned j = 0; j <= P; j++)
        A += fabsl(coef_ld(sig->type, sig->a[j]));
    for (size_t i = 0; i < n; i++) {
        long double xi = fabsl(ref_value(sig->type, data->x, i));
        if (xi > T)
            T = xi;
        if (fabsl(ystar[i]) > Y)
            Y = fabsl(ystar[i]);
    }
    for (unsigned j = 0; data->x_history && j < P; j++)
        if (fabsl(ref_value(sig->type, data->x_history, j)) > T)
            T = fabsl(ref_value(sig->type, data->x_history, j));
    for (unsigned j = 0; data->y_init && j < K; j++)
        if (fabsl(ref_value(sig->type, data->y_init, j)) > Y)
            Y = fabsl(ref_value(sig->type, data->y_init, j));
    T *= A; /* max |t_i| <= sum|a| * max|x| */
    return (2.0L * K + 8.0L) * u * (H > 1 ? H : 1) * (T + B * Y);
}
