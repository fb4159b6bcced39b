/* Correction factors: the n-nacci lists of Maleki & Burtscher §2.1.
 * fac[j*m + i] is how much of the carry y[-1-j] reaches y[i] through the
 * homogeneous recurrence (0: b1..bk). Integer lists are computed modulo 2^w
 * (exact, since reduction mod 2^w commutes with + and *); float lists in
 * long double and rounded once, with subnormals flushed to zero so that
 * decaying filters get short lists. Tables are cached per (type, b, m) and
 * shared read-only between concurrent callers. */
#include "internal.h"

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static void unit_sequence_int(unsigned k, const uint64_t *b, size_t m, unsigned j, uint64_t *w)
{
    memset(w, 0, (m + k) * sizeof *w);
    w[k - 1 - j] = 1; /* w[k + i] holds s[i] */
    for (size_t i = 0; i < m; i++) {
        uint64_t acc = 0;
        for (unsigned l = 1; l <= k; l++)
            acc += b[l - 1] * w[k + i - l];
        w[k + i] = acc;
    }
}

static void unit_sequence_float(unsigned k, const long double *b, size_t m, unsigned j,
                                long double *w)
{
    memset(w, 0, (m + k) * sizeof *w);
    w[k - 1 - j] = 1.0L;
    for (size_t i = 0; i < m; i++) {
        long double acc = 0.0L;
        for (unsigned l = 1; l <= k; l++)
            acc += b[l - 1] * w[k + i - l];
        w[k + i] = acc;
    }
}

static void analyse_list(plr_factors *f, unsigned j)
{
    size_t m = f->m, es = plr_type_size(f->type);
    const unsigned char *list = (const unsigned char *)f->fac + j * m * es;
    unsigned char one[8] = {0};
    plr_coef c1 = {.u = 1};
    if (plr_type_is_float(f->type))
        c1.f = 1.0;
    plr_coef_to_arith(f->type, c1, one);
    f->nonzero_len[j] = 0;
    f->constant[j] = true;
    f->zero_one[j] = true;
    for (size_t i = 0; i < m; i++) {
        const unsigned char *v = list + i * es;
        bool zero = plr_arith_is_zero(f->type, v);
        if (!zero)
            f->nonzero_len[j] = i + 1;
        if (memcmp(v, list, es) != 0)
            f->constant[j] = false;
        if (!zero && memcmp(v, one, es) != 0)
            f->zero_one[j] = false;
    }
}

plr_factors *plr_factors_build(plr_type type, unsigned k, const void *b_arith, size_t m)
{
    if (k == 0 || k > PLR_MAX_ORDER || m == 0)
        return NULL;
    size_t es = plr_type_size(type);
    plr_factors *f = calloc(1, sizeof *f);
    void *fac = malloc(k * m * es);
    void *work = malloc((m + k) * (sizeof(long double) > 8 ? sizeof(long double) : 8));
    if (!f || !fac || !work) {
        free(f);
        free(fac);
        free(work);
        return NULL;
    }
    f->type = type;
    f->k = k;
    f->m = m;
    f->fac = fac;
    memcpy(f->b_key, b_arith, k * es);
    atomic_init(&f->refs, 1);

    const unsigned char *bb = b_arith;
    if (plr_type_is_float(type)) {
        long double b[PLR_MAX_ORDER];
        for (unsigned l = 0; l < k; l++) {
            if (type == PLR_F32) {
                float v;
                memcpy(&v, bb + l * es, es);
                b[l] = v;
            } else {
                double v;
                memcpy(&v, bb + l * es, es);
                b[l] = v;
            }
        }
        long double *w = work;
        double *rowsum = calloc(m, sizeof *rowsum);
        if (!rowsum) {
            free(f);
            free(fac);
            free(work);
            return NULL;
        }
        double h_peak = 0, h_end = 0;
        for (unsigned l = 0; l < k; l++)
            f->b_l1 += (double)fabsl(b[l]);
        for (unsigned j = 0; j < k; j++) {
            unit_sequence_float(k, b, m, j, w);
            for (size_t i = 0; i < m; i++) {
                long double v = w[k + i];
                rowsum[i] += (double)fabsl(v);
                if (j == k - 1 && b[k - 1] != 0.0L) {
                    /* the farthest carry y[-k] enters only y[0], by b_k:
                     * its list is b_k times the impulse response */
                    double h = (double)fabsl(v / b[k - 1]);
                    f->h_l1 += h;
                    if (h > h_peak)
                        h_peak = h;
                    if (i + k >= m && h > h_end)
                        h_end = h;
                }
                if (type == PLR_F32) {
                    float r = (float)v;
                    if (r > -FLT_MIN && r < FLT_MIN)
                        r = 0.0f;
                    ((float *)fac)[j * m + i] = r;
                } else {
                    double r = (double)v;
                    if (r > -DBL_MIN && r < DBL_MIN)
                        r = 0.0;
                    ((double *)fac)[j * m + i] = r;
                }
            }
        }
        for (size_t i = 0; i < m; i++)
            if (rowsum[i] > f->phi)
                f->phi = rowsum[i];
        free(rowsum);
        f->h_decayed = h_peak > 0 && h_end <= 1e-6 * h_peak;
    } else {
        uint64_t b[PLR_MAX_ORDER];
        for (unsigned l = 0; l < k; l++) {
            if (es == 4) {
                uint32_t v;
                memcpy(&v, bb + l * es, es);
                b[l] = v;
            } else {
                memcpy(&b[l], bb + l * es, es);
            }
        }
        uint64_t *w = work;
        for (unsigned j = 0; j < k; j++) {
            unit_sequence_int(k, b, m, j, w);
            for (size_t i = 0; i < m; i++) {
                if (es == 4)
                    ((uint32_t *)fac)[j * m + i] = (uint32_t)w[k + i];
                else
                    ((uint64_t *)fac)[j * m + i] = w[k + i];
            }
        }
    }
    free(work);
    for (unsigned j = 0; j < k; j++)
        analyse_list(f, j);
    return f;
}

void plr_factors_release(plr_factors *f)
{
    if (f && atomic_fetch_sub(&f->refs, 1) == 1) {
        free(f->fac);
        free(f);
    }
}

/* ---- the cache: a small most-recently-used list under one mutex ---------- */

#define CACHE_SLOTS 64

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static plr_factors *cache[CACHE_SLOTS]; /* [0] is the most recently used */
static unsigned cache_used;

static bool same_key(const plr_factors *f, plr_type type, unsigned k, size_t m, const void *b)
{
    return f->type == type && f->k == k && f->m == m &&
           memcmp(f->b_key, b, k * plr_type_size(type)) == 0;
}

static void move_to_front(unsigned slot)
{
    plr_factors *f = cache[slot];
    memmove(cache + 1, cache, slot * sizeof cache[0]);
    cache[0] = f;
}

/* The cached table for this key with a reference taken, or NULL. */
static plr_factors *lookup_locked(plr_type type, unsigned k, size_t m, const void *b)
{
    for (unsigned s = 0; s < cache_used; s++) {
        if (same_key(cache[s], type, k, m, b)) {
            plr_factors *f = cache[s];
            atomic_fetch_add(&f->refs, 1);
            move_to_front(s);
            return f;
        }
    }
    return NULL;
}

plr_factors *plr_factors_get(const plr_problem *prob, size_t m)
{
    /* the key is the dense b[1..k] in arithmetic type, zeros included */
    unsigned char b[PLR_MAX_ORDER * 8] = {0};
    size_t es = prob->esize;
    for (unsigned t = 0; t < prob->b.count; t++)
        memcpy(b + (prob->b.lag[t] - 1) * es, prob->b.coef[t], es);
    return plr_factors_get_typed(prob->type, prob->k, b, m);
}

plr_factors *plr_factors_get_typed(plr_type type, unsigned k, const void *b_dense, size_t m)
{
    unsigned char b[PLR_MAX_ORDER * 8] = {0};
    memcpy(b, b_dense, (size_t)k * plr_type_size(type));

    pthread_mutex_lock(&cache_lock);
    plr_factors *hit = lookup_locked(type, k, m, b);
    pthread_mutex_unlock(&cache_lock);
    if (hit)
        return hit;

    /* built outside the lock: two threads may build the same table, one wins */
    plr_factors *fresh = plr_factors_build(type, k, b, m);
    if (!fresh)
        return NULL;

    pthread_mutex_lock(&cache_lock);
    hit = lookup_locked(type, k, m, b);
    if (hit) {
        pthread_mutex_unlock(&cache_lock);
        plr_factors_release(fresh);
        return hit;
    }
    if (cache_used == CACHE_SLOTS)
        plr_factors_release(cache[--cache_used]); /* drop the least recently used */
    memmove(cache + 1, cache, cache_used * sizeof cache[0]);
    cache[0] = fresh;
    cache_used++;
    atomic_fetch_add(&fresh->refs, 1); /* one for the cache, one for the caller */
    pthread_mutex_unlock(&cache_lock);
    return fresh;
}
