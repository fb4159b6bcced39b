/* Helpers shared by the runtime test programs: a seeded random source,
 * random inputs, and the comparison with tools/reference.c (integers
 * exactly, floats within the documented bound). */
#define _POSIX_C_SOURCE 200809L
#include "test_util.h"
#include "reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned long failures, cases;
static uint64_t seed_state;

void test_seed(uint64_t seed)
{
    seed_state = seed;
}

uint64_t rnd(void)
{
    uint64_t z = (seed_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double rnd_unit(void) /* (-1, 1), never 0 */
{
    double f;
    do
        f = ((double)(rnd() >> 11) / 9007199254740992.0) * 2.0 - 1.0;
    while (f == 0);
    return f;
}

/* Non-zero random values; integer types use the whole range so that
 * wrap-around is exercised. */
void fill(plr_type type, void *arr, size_t n, int small_ints)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t r = rnd() | 1;
        long sv = (long)(r % 200) - 100;
        if (sv == 0)
            sv = 7;
        switch (type) {
        case PLR_I32: ((int32_t *)arr)[i] = small_ints ? (int32_t)sv : (int32_t)r; break;
        case PLR_U32: ((uint32_t *)arr)[i] = small_ints ? (uint32_t)sv : (uint32_t)r; break;
        case PLR_I64: ((int64_t *)arr)[i] = small_ints ? sv : (int64_t)r; break;
        case PLR_U64: ((uint64_t *)arr)[i] = small_ints ? (uint64_t)sv : r; break;
        case PLR_F32: ((float *)arr)[i] = small_ints ? (float)sv : (float)rnd_unit(); break;
        case PLR_F64: ((double *)arr)[i] = small_ints ? (double)sv : rnd_unit(); break;
        }
    }
}

plr_signature parse_or_die(const char *text, plr_type type)
{
    plr_signature sig;
    char err[200];
    if (plr_signature_parse(text, type, &sig, err, sizeof err) != PLR_OK) {
        fprintf(stderr, "test bug: cannot parse %s: %s\n", text, err);
        exit(2);
    }
    return sig;
}

/* Compare y (n elements) with the reference; exact_floats demands equality. */
int compare(const plr_signature *sig, const plr_data *d, const void *y, const char *what,
                   int exact_floats)
{
    size_t n = d->n, es = plr_type_size(sig->type);
    int is_float = plr_type_is_float(sig->type);
    void *ref = malloc((n ? n : 1) * (is_float ? sizeof(long double) : es));
    if (!ref || ref_solve(sig, d, ref)) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    char text[600];
    plr_signature_format(sig, text, sizeof text);
    int ok = 1;
    if (is_float) {
        const long double *r = ref;
        long double bound = exact_floats ? 0 : ref_error_bound(sig, d, r);
        long double maxerr = 0;
        size_t at = 0;
        for (size_t i = 0; i < n; i++) {
            long double e = fabsl(ref_value(sig->type, y, i) - r[i]);
            if (!(e <= maxerr)) {
                maxerr = e;
                at = i;
            }
        }
        if (!(maxerr <= bound)) {
            FAIL("%s %s %s n=%zu: error %.3Le at %zu exceeds bound %.3Le", what, text,
                 plr_type_name(sig->type), n, maxerr, at, bound);
            ok = 0;
        }
    } else {
        for (size_t i = 0; i < n; i++)
            if (memcmp((const char *)y + i * es, (char *)ref + i * es, es) != 0) {
                FAIL("%s %s %s n=%zu: first mismatch at %zu", what, text, plr_type_name(sig->type),
                     n, i);
                ok = 0;
                break;
            }
    }
    free(ref);
    cases++;
    return ok;
}

void stable_coefficients(unsigned k, double *b)
{
    double poly[PLR_MAX_ORDER + 1] = {1};
    unsigned deg = 0;
    while (deg < k) {
        if (k - deg >= 2 && (rnd() & 1)) {
            double r = 0.3 + 0.6 * (double)(rnd() % 1000) / 1000.0;
            double th = 3.14159265358979 * (double)(rnd() % 1000) / 1000.0;
            double c1 = -2 * r * cos(th), c2 = r * r; /* (1 + c1 z^-1 + c2 z^-2) */
            for (int i = (int)deg + 2; i >= 0; i--) {
                double v = poly[i];
                if (i >= 1)
                    v += c1 * poly[i - 1];
                if (i >= 2)
                    v += c2 * poly[i - 2];
                poly[i] = v;
            }
            deg += 2;
        } else {
            double r = rnd_unit() * 0.9;
            for (int i = (int)deg + 1; i >= 1; i--)
                poly[i] -= r * poly[i - 1];
            deg += 1;
        }
    }
    for (unsigned j = 1; j <= k; j++)
        b[j] = -poly[j];
}

/* Stable in practice: the impulse response of y[i] = x[i] + sum b_j y[i-j]
 * falls below 1e-9 of its peak within 2^16 steps (poles drawn with radius
 * <= 0.9 decay in a few hundred; a pole pushed to the circle never does). */
int impulse_response_decays(unsigned k, const double *b)
{
    enum { STEPS = 1 << 16 };
    double ring[64] = {0}, peak = 0, tail = 0; /* last 64 > PLR_MAX_ORDER outputs */
    for (unsigned i = 0; i < STEPS; i++) {
        double v = i == 0 ? 1.0 : 0.0;
        for (unsigned j = 1; j <= k && j <= i; j++)
            v += b[j] * ring[(i - j) & 63];
        ring[i & 63] = v;
        if (!isfinite(v))
            return 0;
        if (fabs(v) > peak)
            peak = fabs(v);
        if (i >= STEPS - 1024 && fabs(v) > tail)
            tail = fabs(v);
    }
    return tail <= 1e-9 * peak;
}

