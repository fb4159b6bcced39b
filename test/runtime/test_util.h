/* Helpers shared by the runtime test programs (test_util.c). */
#ifndef PLR_TEST_UTIL_H
#define PLR_TEST_UTIL_H

#include "plr.h"

#include <stdint.h>
#include <stdio.h>

extern unsigned long failures, cases;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        failures++;                                                                                \
        fprintf(stderr, "FAIL: " __VA_ARGS__);                                                     \
        fputc('\n', stderr);                                                                       \
    } while (0)


void test_seed(uint64_t seed);
uint64_t rnd(void);
double rnd_unit(void); /* (-1, 1), never 0 */
/* Non-zero random values; integer types use the whole range so that
 * wrap-around is exercised (small_ints: -100..100). */
void fill(plr_type type, void *arr, size_t n, int small_ints);
plr_signature parse_or_die(const char *text, plr_type type);
/* Compares y (d->n elements) with the reference for d; exact_floats demands
 * equality. Counts a case; returns 1 when it matches. */
int compare(const plr_signature *sig, const plr_data *d, const void *y, const char *what,
            int exact_floats);
/* b[1..k] of a random stable filter (poles of radius <= 0.9). */
void stable_coefficients(unsigned k, double *b);
/* Whether the impulse response of (1: b) decays within 2^16 steps. */
int impulse_response_decays(unsigned k, const double *b);

#endif
