// Batched layouts on device data (issue 11): image rows and columns, 16
// interleaved channels, one backward array, f32, a one-pole and a biquad
// filter, against a device copy of the same bytes in the same run.
//
// Times: median over reps (after warm-up) of the host wall time of one call
// through plr_run_many (device cuda; libplr's kernel events paused,
// PLR_CUDA_TIMING=0), against a 16-byte-vector copy kernel of the same
// count*n elements timed the same way (launch + synchronize) and interleaved
// with the calls, one copy before each call (copy_wall_ms, pct_wall: both
// under the same clocks; until 2026-11-25 the copies ran in a block before
// the calls, which put the clocks of the two phases apart: that reference,
// the faster of the copy kernel and cudaMemcpy D2D measured apart, is still
// printed as "% apart", CSV copy_apart_ms / pct_wall_apart); and the kernel's own device time (events around
// the launch inside libplr, PLR_CUDA_TIMING) against the copy kernel's
// (events). Inputs rotate over enough buffer sets that each rep reads from
// DRAM, not the 50 MB L2. Each geometry (PLR_CUDA_SEQ: sequences per tile;
// positions per tile = 4096/SEQ for f32; "/pf": persistent blocks with a
// prefetch buffer) is checked against a double CPU
// reference on sampled sequences in the same run.
//
// usage: batched-bench [--quick] [--reps N] [--csv FILE]
//   PLR_BENCH_SEQS=0,1,2,... overrides the variants tried: a code is the
//   sequences per tile (0: the backend's own choice) plus 100: persistent
//   blocks with prefetch (shared-memory kernel), 200: the shared-memory tile
//   kernel (PLR_CUDA_BKERNEL=tile) instead of the register-direct one, 400:
//   the wide look-back of the first kernels (PLR_CUDA_LB=wide), 800: the
//   register-direct kernels' factor rows all loaded from global memory
//   (PLR_CUDA_RK_FAC=0), 1600: the persistent prefetching register-direct
//   kernels (PLR_CUDA_RK_PF=3; only in builds with PLR_CUDA_RK_PERSISTENT=1),
//   3200: carries exact only where factors are zero (PLR_CUDA_DECAY=0), 6400: the
//   tile kernels where the warp-per-sequence one would run (PLR_CUDA_WROW=0), 12800: it
//   with 2 warps per sequence (PLR_CUDA_WROW_G=2), 25600: its spans of 8 vectors
//   before more warps (PLR_CUDA_WROW_NV=8, the policy before 2026-11-24 night);
//   51200: the tile kernels where the warm-up kernel would run (PLR_CUDA_WU=0);
//   named "seq/pf/t/w/f0/p3/x/nw/g2/v8/nwu". PLR_BENCH_EXTRA="label:VAR=v,VAR=v;label2:..."
//   adds variants of the backend's own choice with those switches set (named "0/label"). PLR_BENCH_ONLY=text keeps the rows whose "case filter"
//   contains text; PLR_BENCH_CASES=text keeps the cases whose name contains it;
//   PLR_BENCH_PARTS=1 adds the biquad's feedback (fb2) and FIR (fir2-1) halves as filters;
//   PLR_BENCH_IMAGES="WxH,..." adds the rows and columns of more f32 images.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>
#include "cuda/plr_cuda_iface.h"
#include <string>
#include <vector>

extern "C" {
void *bb_sig_new(const char *text, int type, char *why, size_t whylen);
int bb_run(const void *sig, size_t n, const void *x, void *y, size_t count, long long xs,
           long long xd, long long ys, long long yd, char *why, size_t whylen);
double bb_kernel_ms(void);
}

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                               \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

constexpr int PLR_F32_TYPE = 4; // plr_type PLR_F32

__global__ void copy_kernel(const uint4 *__restrict__ src, uint4 *__restrict__ dst, size_t n16)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (; i < n16; i += stride)
        dst[i] = src[i];
}

__global__ void fill_kernel(float *p, size_t n, unsigned seed)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (; i < n; i += stride) {
        unsigned h = (unsigned)i * 2654435761u ^ seed;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        p[i] = (float)(h >> 8) * (2.0f / 16777216.0f) - 1.0f;
    }
}

static double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
// a variant's switch: set to value, or unset
static void env_if(const char *name, bool on, const char *value)
{
    if (on)
        setenv(name, value, 1);
    else
        unsetenv(name);
    plrc_switches_changed(); // libplr reads its switches again
}
static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Filter {
    const char *name, *text;
    std::vector<double> a, b; // b[j]: coefficient of y[i-1-j]
};
struct Extra {
    std::string label;
    std::vector<std::pair<std::string, std::string>> env;
};
struct Case {
    std::string name;
    size_t count, n;
    long long xs, xd;
    bool backward;
    std::vector<int> seqs; // geometries to try (0: the backend's choice)
};

int main(int argc, char **argv)
{
    bool quick = false;
    int reps = 0;
    const char *csv = "batched_bench.csv";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = true;
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            csv = argv[++i];
        else {
            fprintf(stderr, "usage: batched-bench [--quick] [--reps N] [--csv FILE]\n");
            return 2;
        }
    }
    if (!getenv("PLR_BENCH_NO_KERNEL_TIMES")) // wall times without libplr's events
        setenv("PLR_CUDA_TIMING", "1", 1);
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    char date[64];
    time_t tt = time(nullptr);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&tt));
    printf("device: %s (%d SMs, %d MB L2), %s\n", prop.name, prop.multiProcessorCount,
           prop.l2CacheSize >> 20, date);

    std::vector<Filter> filters = {
        {"one-pole", "(0.2: 0.8)", {0.2}, {0.8}},
        {"biquad", "(0.0675, 0.135, 0.0675: 1.143, -0.4128)", {0.0675, 0.135, 0.0675}, {1.143, -0.4128}},
    };
    if (getenv("PLR_BENCH_PARTS")) {
        // the biquad's two halves apart (which part costs what)
        filters.push_back({"fb2", "(0.2705: 1.143, -0.4128)", {0.2705}, {1.143, -0.4128}});
        filters.push_back({"fir2-1", "(0.05, 0.1, 0.05: 0.8)", {0.05, 0.1, 0.05}, {0.8}});
    }
    // variant codes (see the usage above): the default first, then the
    // shared-memory kernel, then other geometries
    std::vector<int> rows_g = {0, 6400, 12800, 25600, 200}, cols_g = {0, 51200, 200, 800, 3200, 16};
    std::vector<Case> cases = {
        {"rows 1080x1920", 1080, 1920, 1, 1920, false, rows_g},
        {"columns 1080x1920", 1920, 1080, 1920, 1, false, cols_g},
        {"rows 4096x2160", 2160, 4096, 1, 4096, false, rows_g},
        {"rows 8192x480", 8192, 480, 1, 480, false, rows_g},
        {"backward rows 1080x1920", 1080, 1920, -1, 1920, true, rows_g},
        {"columns 4096x2160", 4096, 2160, 4096, 1, false, cols_g},
        {"interleaved 16 x 2^22", 16, (size_t)1 << 22, 16, 1, false, {0, 51200, 200, 800, 8, 3200}},
        {"backward 2^26", 1, (size_t)1 << 26, -1, 0, true, {0, 200, 800, 400}},
    };
    // PLR_BENCH_IMAGES="1920x1024,4096x2160": more f32 images (width x height),
    // rows and columns of each
    if (const char *e = getenv("PLR_BENCH_IMAGES")) {
        for (const char *p = e; *p;) {
            unsigned long w = 0, h = 0;
            if (sscanf(p, "%lux%lu", &w, &h) == 2 && w && h) {
                char nm[64];
                snprintf(nm, sizeof nm, "rows %lux%lu", h, w);
                cases.push_back({nm, h, w, 1, (long long)w, false, rows_g});
                snprintf(nm, sizeof nm, "columns %lux%lu", h, w);
                cases.push_back({nm, w, h, (long long)w, 1, false, cols_g});
            }
            const char *c = strchr(p, ',');
            if (!c)
                break;
            p = c + 1;
        }
    }
    if (const char *e = getenv("PLR_BENCH_SEQS")) {
        std::vector<int> g;
        for (const char *p = e; *p;) {
            g.push_back(atoi(p));
            const char *c = strchr(p, ',');
            if (!c)
                break;
            p = c + 1;
        }
        for (auto &c : cases)
            c.seqs = g;
    }
    if (const char *e = getenv("PLR_BENCH_CASES")) {
        std::vector<Case> keep;
        for (auto &c : cases)
            if (c.name.find(e) != std::string::npos)
                keep.push_back(c);
        cases = keep;
    }
    if (quick)
        for (auto &c : cases)
            c.seqs.resize(1);
    // PLR_BENCH_EXTRA="label:VAR=v,VAR=v;label2:...": more variants of the
    // backend's own choice with those switches set
    std::vector<Extra> extras;
    if (const char *e = getenv("PLR_BENCH_EXTRA")) {
        std::string all(e);
        size_t pos = 0;
        while (pos < all.size()) {
            size_t semi = all.find(';', pos);
            std::string item = all.substr(pos, semi == std::string::npos ? std::string::npos : semi - pos);
            pos = semi == std::string::npos ? all.size() : semi + 1;
            const size_t colon = item.find(':');
            if (colon == std::string::npos)
                continue;
            Extra x;
            x.label = item.substr(0, colon);
            std::string rest = item.substr(colon + 1);
            size_t q = 0;
            while (q < rest.size()) {
                size_t comma = rest.find(',', q);
                std::string kv = rest.substr(q, comma == std::string::npos ? std::string::npos : comma - q);
                q = comma == std::string::npos ? rest.size() : comma + 1;
                const size_t eq = kv.find('=');
                if (eq != std::string::npos)
                    x.env.push_back({kv.substr(0, eq), kv.substr(eq + 1)});
            }
            extras.push_back(x);
        }
    }
    // PLR_BENCH_ONLY=text: only the rows whose "case filter" contains it
    // (profiling one shape under ncu)
    const char *only = getenv("PLR_BENCH_ONLY");

    FILE *out = fopen(csv, "w");
    if (!out) {
        fprintf(stderr, "cannot write %s\n", csv);
        return 2;
    }
    fprintf(out, "device,date,case,filter,count,n,seq,plr_wall_ms,copy_wall_ms,pct_wall,plr_kernel_ms,"
                 "copy_kernel_ms,pct_kernel,max_rel_err,ok,copy_apart_ms,pct_wall_apart\n");
    printf("%-24s %-8s %7s %10s %10s %7s %10s %10s %7s %9s %7s\n", "case", "filter", "seq", "plr ms",
           "copy ms", "% copy", "kern ms", "copyk ms", "% copy", "rel err", "% apart");
    int bad = 0;
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    {
        // a third of a second of copies first: the first case's copy
        // reference ran at a third of its speed without (clocks ramping up)
        const size_t wb = (size_t)256 << 20;
        float *wa, *wz;
        CK(cudaMalloc(&wa, wb));
        CK(cudaMalloc(&wz, wb));
        CK(cudaMemset(wa, 0, wb));
        const double tw = now_s();
        while (now_s() - tw < 0.33) {
            for (int i = 0; i < 20; i++)
                copy_kernel<<<prop.multiProcessorCount * 8, 512>>>((const uint4 *)wa, (uint4 *)wz, wb / 16);
            CK(cudaDeviceSynchronize());
        }
        CK(cudaFree(wa));
        CK(cudaFree(wz));
    }
    for (const Case &cs : cases) {
        const size_t elems = cs.count * cs.n, bytes = elems * sizeof(float);
        // enough sets that a rep's buffers were last touched > 2 L2 sizes ago
        const size_t target = (size_t)4 * prop.l2CacheSize;
        int sets = (int)std::min<size_t>(16, std::max<size_t>(1, (target + 2 * bytes - 1) / (2 * bytes)));
        std::vector<float *> xb(sets), yb(sets);
        for (int s = 0; s < sets; s++) {
            CK(cudaMalloc(&xb[s], bytes));
            CK(cudaMalloc(&yb[s], bytes));
            fill_kernel<<<1024, 256>>>(xb[s], elems, 1234u + 77u * s);
            CK(cudaMemset(yb[s], 0, bytes));
        }
        CK(cudaDeviceSynchronize());
        const int r = reps ? reps : (bytes < (64u << 20) ? 100 : 30);
        // the copy reference, rotating the same sets
        double copy_wall, copy_kern;
        {
            std::vector<double> tk, tm, tke;
            const int blocks = prop.multiProcessorCount * 8;
            for (int i = 0; i < r + 3; i++) {
                const int s = i % sets;
                double t0 = now_s();
                copy_kernel<<<blocks, 512>>>((const uint4 *)xb[s], (uint4 *)yb[s], bytes / 16);
                CK(cudaDeviceSynchronize());
                double t1 = now_s();
                // its device time apart (events in the wall time cost ~3 us), on
                // another set: the one just read may still be in the L2
                const int s2 = (s + 2) % sets;
                CK(cudaEventRecord(e0));
                copy_kernel<<<blocks, 512>>>((const uint4 *)xb[s2], (uint4 *)yb[s2], bytes / 16);
                CK(cudaEventRecord(e1));
                CK(cudaDeviceSynchronize());
                float ms;
                CK(cudaEventElapsedTime(&ms, e0, e1));
                double t2 = now_s();
                CK(cudaMemcpy(yb[(s + 1) % sets], xb[(s + 1) % sets], bytes, cudaMemcpyDeviceToDevice));
                CK(cudaDeviceSynchronize());
                double t3 = now_s();
                if (i >= 3) {
                    tk.push_back(t1 - t0);
                    tm.push_back(t3 - t2);
                    tke.push_back(ms * 1e-3);
                }
            }
            copy_wall = std::min(median(tk), median(tm));
            copy_kern = median(tke);
        }
        // the element pointers: backward arrays start at their last element
        auto at0 = [&](float *base) { return cs.backward ? base + (cs.n - 1) : base; };
        const long long xs = cs.xs, xd = cs.xd;
        for (const Filter &f : filters) {
            if (only && (cs.name + " " + f.name).find(only) == std::string::npos)
                continue;
            char why[256] = "";
            void *sig = bb_sig_new(f.text, PLR_F32_TYPE, why, sizeof why);
            if (!sig) {
                fprintf(stderr, "signature %s: %s\n", f.text, why);
                return 2;
            }
            for (size_t vi = 0; vi < cs.seqs.size() + extras.size(); vi++) {
                const int gcode = vi < cs.seqs.size() ? cs.seqs[vi] : 0;
                const int g = gcode % 100;
                const bool pf = gcode / 100 & 1, tkern = gcode / 200 & 1, wl = gcode / 400 & 1,
                           pf0 = gcode / 800 & 1, pf3 = gcode / 1600 & 1, nodec = gcode / 3200 & 1,
                           nowrow = gcode / 6400 & 1, wg2 = gcode / 12800 & 1, wv8 = gcode / 25600 & 1,
                           nowu = gcode / 51200 & 1;
                char gv[16];
                snprintf(gv, sizeof gv, "%d", g);
                env_if("PLR_CUDA_WROW_G", wg2, "2");
                env_if("PLR_CUDA_WROW_NV", wv8, "8");
                env_if("PLR_CUDA_WROW", nowrow, "0");
                env_if("PLR_CUDA_RK_PF", pf3, "3");
                env_if("PLR_CUDA_RK_FAC", pf0, "0");
                env_if("PLR_CUDA_DECAY", nodec, "0");
                env_if("PLR_CUDA_SEQ", g != 0, gv);
                env_if("PLR_CUDA_PREFETCH", pf, "1");
                env_if("PLR_CUDA_BKERNEL", tkern, "tile");
                env_if("PLR_CUDA_LB", wl, "wide");
                env_if("PLR_CUDA_WU", nowu, "0");
                char gname[64];
                snprintf(gname, sizeof gname, "%d%s%s%s%s%s%s%s%s%s%s", g, pf ? "/pf" : "", tkern ? "/t" : "", wl ? "/w" : "",
                         pf0 ? "/f0" : "", pf3 ? "/p3" : "", nodec ? "/x" : "", nowrow ? "/nw" : "", wg2 ? "/g2" : "", wv8 ? "/v8" : "",
                         nowu ? "/nwu" : "");
                if (vi >= cs.seqs.size()) {
                    const Extra &x = extras[vi - cs.seqs.size()];
                    for (const auto &kv : x.env)
                        setenv(kv.first.c_str(), kv.second.c_str(), 1);
                    plrc_switches_changed();
                    snprintf(gname, sizeof gname, "0/%s", x.label.c_str());
                }
                std::vector<double> tw, tk, tc;
                bool ok = true;
                // wall times with libplr's events paused (they cost a call ~3 us),
                // then as many calls with them for the kernel times
                const bool ktimes = !getenv("PLR_BENCH_NO_KERNEL_TIMES");
                for (int i = 0; i < (ktimes ? 2 : 1) * (r + 3) && ok; i++) {
                    const bool kphase = i >= r + 3;
                    if (i == 0 || i == r + 3) {
                        setenv("PLR_CUDA_TIMING", kphase ? "1" : "0", 1);
                        plrc_switches_changed();
                    }
                    const int s = i % sets;
                    if (!kphase) {
                        // the copy reference interleaved with the calls, on the set
                        // after this one: both under the same clocks and load
                        const int sc = (s + sets / 2) % sets;
                        const double c0 = now_s();
                        copy_kernel<<<prop.multiProcessorCount * 8, 512>>>((const uint4 *)xb[sc], (uint4 *)yb[sc], bytes / 16);
                        CK(cudaDeviceSynchronize());
                        if (i >= 3)
                            tc.push_back(now_s() - c0);
                    }
                    double t0 = now_s();
                    int st = bb_run(sig, cs.n, at0(xb[s]), at0(yb[s]), cs.count, xs, xd, xs, xd, why, sizeof why);
                    double t1 = now_s();
                    if (st != 0) {
                        fprintf(stderr, "%s %s seq %d: status %d: %s\n", cs.name.c_str(), f.name, g, st, why);
                        ok = false;
                    }
                    if (!kphase && i >= 3)
                        tw.push_back(t1 - t0);
                    if (kphase && i >= r + 6)
                        tk.push_back(bb_kernel_ms() * 1e-3);
                    if (!ktimes && i >= 3)
                        tk.push_back(-1e-3);
                }
                // correctness on set 0, fresh output
                double maxrel = INFINITY;
                if (ok) {
                    CK(cudaMemset(yb[0], 0xff, bytes)); // NaN: unwritten outputs fail
                    int st = bb_run(sig, cs.n, at0(xb[0]), at0(yb[0]), cs.count, xs, xd, xs, xd, why, sizeof why);
                    std::vector<float> hx(elems), hy(elems);
                    CK(cudaMemcpy(hx.data(), xb[0], bytes, cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(hy.data(), yb[0], bytes, cudaMemcpyDeviceToHost));
                    maxrel = st == 0 ? 0 : INFINITY;
                    const size_t nsample = std::min<size_t>(cs.count, 8);
                    for (size_t q = 0; q < nsample && st == 0; q++) {
                        const size_t s = nsample == 1 ? 0 : q * (cs.count - 1) / (nsample - 1);
                        const long long e0i = (cs.backward ? (long long)cs.n - 1 : 0) + (long long)s * xd;
                        std::vector<double> y(cs.n);
                        double maxy = 1e-30, err = 0;
                        for (size_t i = 0; i < cs.n; i++) {
                            double acc = 0;
                            for (size_t j = 0; j < f.a.size(); j++)
                                if (i >= j)
                                    acc += f.a[j] * hx[e0i + (long long)(i - j) * xs];
                            for (size_t j = 0; j < f.b.size(); j++)
                                if (i >= j + 1)
                                    acc += f.b[j] * y[i - 1 - j];
                            y[i] = acc;
                            maxy = std::max(maxy, std::fabs(acc));
                            const double got = hy[e0i + (long long)i * xs];
                            err = std::isfinite(got) ? std::max(err, std::fabs(got - acc)) : INFINITY;
                        }
                        maxrel = std::max(maxrel, err / maxy);
                    }
                }
                const bool good = ok && maxrel <= 1e-4;
                bad += !good;
                const double pw = ok ? median(tw) : NAN, pk = ok ? median(tk) : NAN, cw = median(tc);
                printf("%-24s %-8s %7s %10.4f %10.4f %6.1f%% %10.4f %10.4f %6.1f%% %9.2e %6.1f%%%s\n",
                       cs.name.c_str(), f.name, gname, pw * 1e3, cw * 1e3, 100 * cw / pw,
                       pk * 1e3, copy_kern * 1e3, 100 * copy_kern / pk, maxrel, 100 * copy_wall / pw,
                       good ? "" : "  WRONG");
                fprintf(out, "\"%s\",%s,\"%s\",%s,%zu,%zu,%s,%.5f,%.5f,%.1f,%.5f,%.5f,%.1f,%.3e,%d,%.5f,%.1f\n",
                        prop.name, date, cs.name.c_str(), f.name, cs.count, cs.n, gname, pw * 1e3,
                        cw * 1e3, 100 * cw / pw, pk * 1e3, copy_kern * 1e3,
                        100 * copy_kern / pk, maxrel, good ? 1 : 0, copy_wall * 1e3, 100 * copy_wall / pw);
                fflush(out);
                if (vi >= cs.seqs.size()) {
                    for (const auto &kv : extras[vi - cs.seqs.size()].env)
                        unsetenv(kv.first.c_str());
                    plrc_switches_changed();
                }
            }
            free(sig);
        }
        unsetenv("PLR_CUDA_SEQ");
        unsetenv("PLR_CUDA_PREFETCH");
        unsetenv("PLR_CUDA_BKERNEL");
        unsetenv("PLR_CUDA_LB");
        plrc_switches_changed();
        unsetenv("PLR_CUDA_RK_PF");
        unsetenv("PLR_CUDA_RK_FAC");
        unsetenv("PLR_CUDA_DECAY");
        unsetenv("PLR_CUDA_WU");
        for (int s = 0; s < sets; s++) {
            CK(cudaFree(xb[s]));
            CK(cudaFree(yb[s]));
        }
    }
    fclose(out);
    printf("batched-bench: %s\n", bad ? "SOME WRONG" : "all checked");
    return bad ? 1 : 0;
}
