#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void restore_wide_33bit(const int32_t residual[], uint32_t data_len, uint32_t order, int64_t data[]);
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int64_t *s = malloc(sizeof(int64_t) * (n + 4)), *d = malloc(sizeof(int64_t) * (n + 4));
    int32_t *r = malloc(sizeof(int32_t) * n);
    uint64_t h = 1469598103934665603ull;
    for (int order = 0; order <= 4; order++) {
        /* a 33-bit signal (a side channel of 32-bit audio: L - R), and its order-k residual */
        for (int i = 0; i < n + 4; i++) s[i] = (int64_t)(rnd() % (1ull << 33)) - (1ll << 32);
        for (int i = 0; i < n + 4; i++) s[i] >>= 7;   /* +-2^26, so the order-4 residual fits in int32 */
        for (int i = 0; i < n; i++) {
            int64_t *x = s + 4 + i, e;
            switch (order) { case 0: e = x[0]; break; case 1: e = x[0]-x[-1]; break; case 2: e = x[0]-2*x[-1]+x[-2]; break;
            case 3: e = x[0]-3*x[-1]+3*x[-2]-x[-3]; break; default: e = x[0]-4*x[-1]+6*x[-2]-4*x[-3]+x[-4]; }
            r[i] = (int32_t)e;
        }
        memcpy(d, s, 4 * sizeof(int64_t));
        restore_wide_33bit(r, n, order, d + 4);
        int bad = 0;
        for (int i = 0; i < n + 4; i++) if (d[i] != s[i]) { if (!bad) printf("order %d: first difference at %d\n", order, i); bad++; }
        for (int i = 0; i < n + 4; i++) { h ^= (uint64_t)d[i]; h *= 1099511628211ull; }
        printf("order %d n %d: %s (%d differ)\n", order, n, bad ? "WRONG" : "exact", bad);
    }
    printf("hash %016llx\n", (unsigned long long)h);
    return 0;
}
