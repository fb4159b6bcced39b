/* The serial CPU baseline of plr-eval: plain C loops as a programmer writes
 * them, compiled with -O2 and no plugin (see CMakeLists.txt). The Table 1
 * signatures have their own loop with literal coefficients; any other
 * signature runs the generic loop over coefficient arrays. Integer loops use
 * uint32_t (the int32 loop's wrap-around, without signed overflow). The first
 * max(k, p) elements are done by the generic loop with zero history, so the
 * main loops have no branches. */
#include "serial_loops.h"

#include <string.h>

void serial_generic_u32(const uint32_t *x, uint32_t *y, size_t n, const uint32_t *a, int p1,
                        const uint32_t *b, int k, size_t from, size_t to)
{
    for (size_t i = from; i < to && i < n; i++) {
        uint32_t s = 0;
        for (int l = 0; l < p1; l++)
            if (i >= (size_t)l)
                s += a[l] * x[i - l];
        for (int j = 1; j <= k; j++)
            if (i >= (size_t)j)
                s += b[j - 1] * y[i - j];
        y[i] = s;
    }
}

void serial_generic_f32(const float *x, float *y, size_t n, const float *a, int p1, const float *b,
                        int k, size_t from, size_t to)
{
    for (size_t i = from; i < to && i < n; i++) {
        float s = 0.0f;
        for (int l = 0; l < p1; l++)
            if (i >= (size_t)l)
                s += a[l] * x[i - l];
        for (int j = 1; j <= k; j++)
            if (i >= (size_t)j)
                s += b[j - 1] * y[i - j];
        y[i] = s;
    }
}

/* the generic loop for the whole array: head with bounds checks, then a
 * branch-free body */
void serial_run_u32(const uint32_t *x, uint32_t *y, size_t n, const uint32_t *a, int p1,
                    const uint32_t *b, int k)
{
    size_t h = (size_t)(k > p1 - 1 ? k : p1 - 1);
    serial_generic_u32(x, y, n, a, p1, b, k, 0, h);
    for (size_t i = h; i < n; i++) {
        uint32_t s = 0;
        for (int l = 0; l < p1; l++)
            s += a[l] * x[i - l];
        for (int j = 1; j <= k; j++)
            s += b[j - 1] * y[i - j];
        y[i] = s;
    }
}

void serial_run_f32(const float *x, float *y, size_t n, const float *a, int p1, const float *b, int k)
{
    size_t h = (size_t)(k > p1 - 1 ? k : p1 - 1);
    serial_generic_f32(x, y, n, a, p1, b, k, 0, h);
    for (size_t i = h; i < n; i++) {
        float s = 0.0f;
        for (int l = 0; l < p1; l++)
            s += a[l] * x[i - l];
        for (int j = 1; j <= k; j++)
            s += b[j - 1] * y[i - j];
        y[i] = s;
    }
}

#define HEAD_U32(K, P1, ...)                                                                       \
    static const uint32_t a_[] = {1};                                                              \
    static const uint32_t b_[] = {__VA_ARGS__};                                                    \
    serial_generic_u32(x, y, n, a_, P1, b_, K, 0, K)

#define HEAD_F32(K, P1, A, B)                                                                      \
    static const float a_[] = A;                                                                   \
    static const float b_[] = B;                                                                   \
    serial_generic_f32(x, y, n, a_, P1, b_, K, 0, (K > P1 - 1 ? K : P1 - 1))
#define L(...) {__VA_ARGS__}

static void t_prefix(const uint32_t *x, uint32_t *y, size_t n)
{
    HEAD_U32(1, 1, 1);
    for (size_t i = 1; i < n; i++)
        y[i] = x[i] + y[i - 1];
}
static void t_tuple2(const uint32_t *x, uint32_t *y, size_t n)
{
    HEAD_U32(2, 1, 0, 1);
    for (size_t i = 2; i < n; i++)
        y[i] = x[i] + y[i - 2];
}
static void t_tuple3(const uint32_t *x, uint32_t *y, size_t n)
{
    HEAD_U32(3, 1, 0, 0, 1);
    for (size_t i = 3; i < n; i++)
        y[i] = x[i] + y[i - 3];
}
static void t_order2(const uint32_t *x, uint32_t *y, size_t n)
{
    HEAD_U32(2, 1, 2, (uint32_t)-1);
    for (size_t i = 2; i < n; i++)
        y[i] = x[i] + 2 * y[i - 1] - y[i - 2];
}
static void t_order3(const uint32_t *x, uint32_t *y, size_t n)
{
    HEAD_U32(3, 1, 3, (uint32_t)-3, 1);
    for (size_t i = 3; i < n; i++)
        y[i] = x[i] + 3 * y[i - 1] - 3 * y[i - 2] + y[i - 3];
}
static void f_lp1(const float *x, float *y, size_t n)
{
    HEAD_F32(1, 1, L(0.2f), L(0.8f));
    for (size_t i = 1; i < n; i++)
        y[i] = 0.2f * x[i] + 0.8f * y[i - 1];
}
static void f_lp2(const float *x, float *y, size_t n)
{
    HEAD_F32(2, 1, L(0.04f), L(1.6f, -0.64f));
    for (size_t i = 2; i < n; i++)
        y[i] = 0.04f * x[i] + 1.6f * y[i - 1] - 0.64f * y[i - 2];
}
static void f_lp3(const float *x, float *y, size_t n)
{
    HEAD_F32(3, 1, L(0.008f), L(2.4f, -1.92f, 0.512f));
    for (size_t i = 3; i < n; i++)
        y[i] = 0.008f * x[i] + 2.4f * y[i - 1] - 1.92f * y[i - 2] + 0.512f * y[i - 3];
}
static void f_hp1(const float *x, float *y, size_t n)
{
    HEAD_F32(1, 2, L(0.9f, -0.9f), L(0.8f));
    for (size_t i = 1; i < n; i++)
        y[i] = 0.9f * x[i] - 0.9f * x[i - 1] + 0.8f * y[i - 1];
}
static void f_hp2(const float *x, float *y, size_t n)
{
    HEAD_F32(2, 3, L(0.81f, -1.62f, 0.81f), L(1.6f, -0.64f));
    for (size_t i = 2; i < n; i++)
        y[i] = 0.81f * x[i] - 1.62f * x[i - 1] + 0.81f * x[i - 2] + 1.6f * y[i - 1] - 0.64f * y[i - 2];
}
static void f_hp3(const float *x, float *y, size_t n)
{
    HEAD_F32(3, 4, L(0.73f, -2.19f, 2.19f, -0.73f), L(2.4f, -1.9f, 0.5f));
    for (size_t i = 3; i < n; i++)
        y[i] = 0.73f * x[i] - 2.19f * x[i - 1] + 2.19f * x[i - 2] - 0.73f * x[i - 3] + 2.4f * y[i - 1] -
               1.9f * y[i - 2] + 0.5f * y[i - 3];
}

/* must match the spelling in plr_eval.cu's Table 1 list */
static const struct {
    const char *sig;
    void (*u)(const uint32_t *, uint32_t *, size_t);
    void (*f)(const float *, float *, size_t);
} table1[] = {
    {"(1: 1)", t_prefix, 0},
    {"(1: 0, 1)", t_tuple2, 0},
    {"(1: 0, 0, 1)", t_tuple3, 0},
    {"(1: 2, -1)", t_order2, 0},
    {"(1: 3, -3, 1)", t_order3, 0},
    {"(0.2: 0.8)", 0, f_lp1},
    {"(0.04: 1.6, -0.64)", 0, f_lp2},
    {"(0.008: 2.4, -1.92, 0.512)", 0, f_lp3},
    {"(0.9, -0.9: 0.8)", 0, f_hp1},
    {"(0.81, -1.62, 0.81: 1.6, -0.64)", 0, f_hp2},
    {"(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)", 0, f_hp3},
};

int serial_table1_u32(const char *sig, const uint32_t *x, uint32_t *y, size_t n)
{
    for (size_t i = 0; i < sizeof table1 / sizeof table1[0]; i++)
        if (table1[i].u && !strcmp(sig, table1[i].sig)) {
            table1[i].u(x, y, n);
            return 1;
        }
    return 0;
}

int serial_table1_f32(const char *sig, const float *x, float *y, size_t n)
{
    for (size_t i = 0; i < sizeof table1 / sizeof table1[0]; i++)
        if (table1[i].f && !strcmp(sig, table1[i].sig)) {
            table1[i].f(x, y, n);
            return 1;
        }
    return 0;
}
