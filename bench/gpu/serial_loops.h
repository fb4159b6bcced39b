/* Plain C serial loops, the CPU baseline of plr-eval (serial_loops.c). */
#ifndef PLR_EVAL_SERIAL_LOOPS_H
#define PLR_EVAL_SERIAL_LOOPS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* elements [from, to) of the generic loop, zero history (bounds-checked) */
void serial_generic_u32(const uint32_t *x, uint32_t *y, size_t n, const uint32_t *a, int p1,
                        const uint32_t *b, int k, size_t from, size_t to);
void serial_generic_f32(const float *x, float *y, size_t n, const float *a, int p1, const float *b,
                        int k, size_t from, size_t to);
/* the generic loop over all n elements */
void serial_run_u32(const uint32_t *x, uint32_t *y, size_t n, const uint32_t *a, int p1,
                    const uint32_t *b, int k);
void serial_run_f32(const float *x, float *y, size_t n, const float *a, int p1, const float *b, int k);
/* the hand-written loop of a Table 1 signature (exact spelling); 0 if none */
int serial_table1_u32(const char *sig, const uint32_t *x, uint32_t *y, size_t n);
int serial_table1_f32(const char *sig, const float *x, float *y, size_t n);

#ifdef __cplusplus
}
#endif
#endif
