// Repeats one integer recurrence on device memory through libplr and counts
// wrong outputs against a CPU reference (run 2 and 3 of the scan probe saw
// the single-pass kernel's i64/f64 prefix sums at 2^29 go wrong from a point
// inside a chunk). usage: old-stress i32|i64 N ROUNDS CHUNK b1 [b2 ...]
//   (signature (1: b1, ...); CHUNK only places the first wrong element)
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "plr.h"

int main(int argc, char **argv)
{
    if (argc < 6)
        return 2;
    const bool w64 = !strcmp(argv[1], "i64");
    const size_t n = strtoull(argv[2], 0, 0), es = w64 ? 8 : 4;
    const int rounds = atoi(argv[3]);
    const long long chunk = atoll(argv[4]);
    std::vector<long long> b;
    std::string text = "(1: ";
    for (int i = 5; i < argc; i++) {
        b.push_back(atoll(argv[i]));
        text += (i > 5 ? ", " : "") + std::string(argv[i]);
    }
    text += ")";
    plr_signature sig;
    char err[128];
    if (plr_signature_parse(text.c_str(), w64 ? PLR_I64 : PLR_I32, &sig, err, sizeof err) != PLR_OK) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    std::vector<unsigned long long> x(n), r(n);
    unsigned long long s = 99;
    for (size_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        x[i] = (s >> 40) % 2001;
        x[i] = x[i] ? x[i] - 1000 : 7;
    }
    const unsigned long long mask = w64 ? ~0ull : 0xffffffffull;
    for (size_t i = 0; i < n; i++) {
        unsigned long long acc = x[i];
        for (size_t j = 0; j < b.size(); j++)
            if (i >= j + 1)
                acc += (unsigned long long)b[j] * r[i - j - 1];
        r[i] = acc & mask;
    }
    std::vector<unsigned char> hx(n * es), hy(n * es);
    for (size_t i = 0; i < n; i++)
        memcpy(&hx[i * es], &x[i], es);
    void *dx, *dy;
    if (cudaMalloc(&dx, n * es) || cudaMalloc(&dy, n * es))
        return 3;
    cudaMemcpy(dx, hx.data(), n * es, cudaMemcpyHostToDevice);
    plr_options opt;
    memset(&opt, 0, sizeof opt);
    opt.device = PLR_DEVICE_CUDA;
    int bad = 0;
    for (int k = 0; k < rounds; k++) {
        cudaMemset(dy, getenv("POISON") ? atoi(getenv("POISON")) : 0x5a, n * es);
        plr_data d;
        memset(&d, 0, sizeof d);
        d.n = n;
        d.x = dx;
        d.y = dy;
        plr_report rep;
        if (plr_run_with(&sig, &d, &opt, &rep) != PLR_OK || rep.device != PLR_DEVICE_CUDA) {
            fprintf(stderr, "plr: %s\n", rep.reason);
            return 4;
        }
        cudaMemcpy(hy.data(), dy, n * es, cudaMemcpyDeviceToHost);
        long long first = -1, cnt = 0, last = -1;
        unsigned long long d0 = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned long long v = 0;
            memcpy(&v, &hy[i * es], es);
            if (v != r[i]) {
                if (first < 0) {
                    first = (long long)i;
                    d0 = (v - r[i]) & mask;
                }
                cnt++;
                last = (long long)i;
            }
        }
        if (first >= 0) {
            // the first wrong element and its neighbours, and how many of its chunk are wrong
            long long inchunk = 0;
            const long long cend = (first / chunk + 1) * chunk < (long long)n ? (first / chunk + 1) * chunk : (long long)n;
            for (long long i = first; i < cend; i++) {
                unsigned long long v = 0;
                memcpy(&v, &hy[i * es], es);
                inchunk += v != r[i];
            }
            unsigned long long g0 = 0, gp = 0;
            memcpy(&g0, &hy[first * es], es);
            if (first)
                memcpy(&gp, &hy[(first - 1) * es], es);
            printf("  first wrong: got %#llx want %#llx (x %lld); before it got %#llx want %#llx; %lld of the %lld from it to its chunk's end wrong\n",
                   g0, r[first], (long long)x[first], gp, first ? r[first - 1] : 0ull, inchunk, cend - first);
            bad++;
            printf("%s %s n=%zu round %d: %lld wrong in [%lld, %lld], first in chunk %lld at +%lld, diff %lld\n",
                   argv[1], text.c_str(), n, k, cnt, first, last, first / chunk, first % chunk,
                   w64 ? (long long)d0 : (long long)(int)(unsigned)d0);
        }
    }
    printf("%s %s n=%zu: %d of %d rounds wrong (PLR_CUDA_SCAN=%s PLR_CUDA_LBSLEEP=%s PLR_CUDA_DISABLE=%s)\n", argv[1],
           text.c_str(), n, bad, rounds, getenv("PLR_CUDA_SCAN") ?: "-", getenv("PLR_CUDA_LBSLEEP") ?: "-",
           getenv("PLR_CUDA_DISABLE") ?: "-");
    return 0;
}
