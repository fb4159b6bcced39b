/* The public API on GPU memory: device-only arrays (including the history
 * and state arrays) always run on the GPU, whatever PLR_DEVICE asks for, and
 * managed arrays may run anywhere; every result is checked against the
 * independent reference (exact for integers, the documented bound for
 * floats). Prints "api-memory-test: PASS" on success. */
#include "plr.h"
#include "reference.h"

#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL: " __VA_ARGS__);                                                 \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

static void *gpu_copy_of(const void *host, size_t bytes, int managed)
{
    void *p = NULL;
    if (managed ? cudaMallocManaged(&p, bytes, cudaMemAttachGlobal) : cudaMalloc(&p, bytes))
        return NULL;
    cudaMemcpy(p, host, bytes, cudaMemcpyDefault);
    return p;
}

static void run_case(const char *text, plr_type type, size_t n, plr_device asked, int managed)
{
    plr_signature sig;
    if (plr_signature_parse(text, type, &sig, NULL, 0) != PLR_OK) {
        CHECK(0, "cannot parse %s", text);
        return;
    }
    size_t es = plr_type_size(type);
    unsigned K = sig.order, P = sig.fir_len - 1;
    char *x = malloc(n * es), *y = malloc(n * es), xh[PLR_MAX_FIR * 8], yi[PLR_MAX_ORDER * 8];
    char yf[PLR_MAX_ORDER * 8], want_final[PLR_MAX_ORDER * 8];
    for (size_t i = 0; i < n; i++) {
        if (type == PLR_F64)
            ((double *)x)[i] = (double)((i * 7919) % 2001) / 1000.0 - 1.0 + 1e-3;
        else
            ((int64_t *)x)[i] = (int64_t)((i * 7919) % 201) - 100;
    }
    memcpy(xh, x, P * es);
    memcpy(yi, x + es, K * es);
    void *dx = gpu_copy_of(x, n * es, managed), *dy = gpu_copy_of(y, n * es, managed);
    void *dxh = gpu_copy_of(xh, P ? P * es : es, managed), *dyi = gpu_copy_of(yi, K * es, managed);
    void *dyf = gpu_copy_of(yi, K * es, managed);
    plr_data d = {.n = n, .x = dx, .y = dy, .x_history = dxh, .y_init = dyi, .y_final = dyf};
    plr_options o = {asked, 2, 1};
    plr_report rep;
    plr_status s = plr_run_with(&sig, &d, &o, &rep);
    CHECK(s == PLR_OK, "%s %s n=%zu: %s", text, managed ? "managed" : "device", n, plr_strerror(s));
    if (!managed)
        CHECK(rep.device == PLR_DEVICE_CUDA, "%s on device memory ran on %s (%s)", text,
              plr_device_name(rep.device), rep.reason);
    cudaMemcpy(y, dy, n * es, cudaMemcpyDefault);
    cudaMemcpy(yf, dyf, K * es, cudaMemcpyDefault);

    plr_data hd = {.n = n, .x = x, .y = NULL, .x_history = xh, .y_init = yi};
    int is_float = plr_type_is_float(type);
    void *ref = malloc(n * (is_float ? sizeof(long double) : es));
    ref_solve(&sig, &hd, ref);
    if (is_float) {
        long double bound = ref_error_bound(&sig, &hd, ref), worst = 0;
        for (size_t i = 0; i < n; i++) {
            long double e = fabsl(ref_value(type, y, i) - ((long double *)ref)[i]);
            if (!(e <= worst))
                worst = e;
        }
        CHECK(worst <= bound, "%s: error %Lg above bound %Lg", text, worst, bound);
    } else {
        CHECK(memcmp(y, ref, n * es) == 0, "%s: integer result differs from the reference", text);
    }
    memcpy(want_final, y + (n - K) * es, K * es);
    CHECK(memcmp(yf, want_final, K * es) == 0, "%s: wrong final state in GPU memory", text);
    printf("%-36s %-7s %-7s n=%-8zu asked %-6s ran %-6s (%s)\n", text, plr_type_name(type),
           managed ? "managed" : "device", n, plr_device_name(asked), plr_device_name(rep.device),
           rep.reason);
    cudaFree(dx), cudaFree(dy), cudaFree(dxh), cudaFree(dyi), cudaFree(dyf);
    free(x), free(y), free(ref);
}

int main(void)
{
    int ndev = 0;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
        printf("api-memory-test: no GPU, nothing to test\n");
        return 1;
    }
    /* device-only memory: serial or cpu requested, small or large n */
    run_case("(1, 2: 3, -3, 1)", PLR_I64, 1000, PLR_DEVICE_SERIAL, 0);
    run_case("(1, 2: 3, -3, 1)", PLR_I64, 100003, PLR_DEVICE_CPU, 0);
    run_case("(0.81, -1.62, 0.81: 1.6, -0.64)", PLR_F64, 300007, PLR_DEVICE_AUTO, 0);
    /* managed memory: the CPU may read it */
    run_case("(0.81, -1.62, 0.81: 1.6, -0.64)", PLR_F64, 5000, PLR_DEVICE_AUTO, 1);
    run_case("(1: 1)", PLR_I64, 1 << 20, PLR_DEVICE_AUTO, 1);
    printf("api-memory-test: %s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
