// GPU benchmark of libplr's CUDA backend against a device-to-device copy of
// the same n, in the same run. Every call goes through the public API with
// PLR_DEVICE_CUDA (a CPU fallback is reported and fails the row).
//
// Device rows: data already on the device; time = median over reps of the
// host wall time of one plr_run_with call (it synchronizes), and the copy
// is timed the same way (launch + synchronize), so both include the same
// per-call overhead. Each prefix sum's row is followed by CUB's
// InclusiveSum on the same data, timed the same way. Host rows: pageable
// host arrays end to end, against a pinned H2D + D2H copy of the same bytes.
//
// usage: plr-bench [--quick] [--device-only | --host-only] [--log2n 20,30] [--reps N] [--csv FILE]
//                  [--only TEXT] [--vs-env NAME=VALUE]...
// --host-only: the host rows alone (pageable arrays end to end).
// --only keeps the device rows whose name contains TEXT (or one of several,
// comma-separated); each --vs-env adds,
// after every device row, the same call timed with that variable set (the
// runtime's per-call switches, e.g. PLR_CUDA_FIR=stage), in the same process
// and on the same data, as a row named "name [NAME=VALUE]".
#include "plr.h"
#include "cuda/plr_cuda_iface.h"

#include <cub/cub.cuh>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>
#include <string>
#include <vector>

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                               \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

__global__ void copy_kernel(const uint4 *__restrict__ src, uint4 *__restrict__ dst, size_t n16)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (; i < n16; i += stride)
        dst[i] = src[i];
}

// inputs: floats in [-1, 1) or integers below 1000, from a hash of the index
template <class W, class F>
__global__ void fill_kernel(W *p, size_t n, unsigned seed, int flt)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (; i < n; i += stride) {
        unsigned h = (unsigned)i * 2654435761u ^ seed;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        if (flt) {
            F f = (F)(h >> 8) * (F(2) / F(16777216)) - F(1);
            memcpy(&p[i], &f, sizeof f);
        } else {
            p[i] = h % 1000u;
        }
    }
}

static double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static int sms;

static double time_copy(const void *src, void *dst, size_t bytes, int reps)
{
    int blocks = sms * 8;
    std::vector<double> t;
    for (int r = 0; r < reps + 2; r++) {
        double t0 = now_s();
        copy_kernel<<<blocks, 512>>>((const uint4 *)src, (uint4 *)dst, bytes / 16);
        CK(cudaDeviceSynchronize());
        if (r >= 2)
            t.push_back(now_s() - t0);
    }
    return median(t);
}

static double time_memcpy(const void *src, void *dst, size_t bytes, int reps)
{
    std::vector<double> t;
    for (int r = 0; r < reps + 2; r++) {
        double t0 = now_s();
        CK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice));
        CK(cudaDeviceSynchronize()); // a D2D cudaMemcpy returns before it is done
        if (r >= 2)
            t.push_back(now_s() - t0);
    }
    return median(t);
}

// CUB's InclusiveSum on the same data, timed as the library's call is
// (launch + synchronize; its scratch allocated before, as a caller would
// keep it): the prefix sums' reference beside the copy
template <class T> static double time_cub(const void *x, void *y, size_t n, int reps)
{
    size_t bytes = 0;
    CK(cub::DeviceScan::InclusiveSum(nullptr, bytes, (const T *)x, (T *)y, n));
    void *tmp;
    CK(cudaMalloc(&tmp, bytes));
    std::vector<double> t;
    for (int r = 0; r < reps + 2; r++) {
        double t0 = now_s();
        CK(cub::DeviceScan::InclusiveSum(tmp, bytes, (const T *)x, (T *)y, n));
        CK(cudaDeviceSynchronize());
        if (r >= 2)
            t.push_back(now_s() - t0);
    }
    CK(cudaFree(tmp));
    return median(t);
}

struct Row {
    std::string what, sig, type;
    size_t n;
    double t_plr, t_ref, ratio;
    std::string ref;
};

static bool time_plr_on(plr_device dev, const char *text, plr_type type, const void *x, void *y,
                        size_t n, int reps, double *out, bool hist = false);
static bool time_plr(const char *text, plr_type type, const void *x, void *y, size_t n, int reps,
                     double *out, bool hist = false)
{
    return time_plr_on(PLR_DEVICE_CUDA, text, type, x, y, n, reps, out, hist);
}
// hist: x[-p..-1] and y[-k..-1] not zero (a signal processed in pieces, or
// a loop whose first outputs are given), in the signature's type
static bool time_plr_on(plr_device dev, const char *text, plr_type type, const void *x, void *y,
                        size_t n, int reps, double *out, bool hist)
{
    plr_signature sig;
    char err[128];
    if (plr_signature_parse(text, type, &sig, err, sizeof err) != PLR_OK) {
        fprintf(stderr, "parse %s: %s\n", text, err);
        return false;
    }
    plr_data d;
    memset(&d, 0, sizeof d);
    d.n = n;
    d.x = x;
    d.y = y;
    unsigned char xh[PLR_MAX_FIR * 8], yh[PLR_MAX_ORDER * 8];
    if (hist) {
        const size_t es = plr_type_size(type);
        // element j: v for floats, u for integers (the low bytes of a u64)
        auto put = [&](unsigned char *buf, unsigned j, double v, unsigned long long u) {
            const float f = (float)v;
            memcpy(buf + j * es, type == PLR_F32 ? (const void *)&f : type == PLR_F64 ? (const void *)&v : &u, es);
        };
        for (unsigned j = 0; j < PLR_MAX_FIR; j++)
            put(xh, j, 0.75 - 0.25 * (j % 5), 7 + 3 * j);
        for (unsigned j = 0; j < PLR_MAX_ORDER; j++)
            put(yh, j, -0.5 + 0.125 * (j % 7), 11 + 5 * j);
        d.x_history = xh;
        d.y_init = yh;
    }
    plr_options o;
    memset(&o, 0, sizeof o);
    o.device = dev;
    std::vector<double> t;
    for (int r = 0; r < reps + 2; r++) {
        plr_report rep;
        double t0 = now_s();
        plr_status s = plr_run_with(&sig, &d, &o, &rep);
        double dt = now_s() - t0;
        if (s != PLR_OK || rep.device != dev) {
            fprintf(stderr, "%s n=%zu: status %d device %d: %s\n", text, n, (int)s,
                    (int)rep.device, rep.reason);
            return false;
        }
        if (r >= 2)
            t.push_back(dt);
    }
    *out = median(t);
    return true;
}

static void write_csv(const char *csv, const std::vector<Row> &rows, const char *device,
                      const char *date)
{
    FILE *f = fopen(csv, "w");
    if (!f) {
        fprintf(stderr, "plr-bench: cannot write %s\n", csv);
        return;
    }
    fprintf(f, "device,date,what,signature,type,n,plr_ms,reference_ms,ratio,reference\n");
    for (auto &r : rows)
        fprintf(f, "\"%s\",%s,\"%s\",\"%s\",%s,%zu,%.4f,%.4f,%.4f,\"%s\"\n", device, date,
                r.what.c_str(), r.sig.c_str(), r.type.c_str(), r.n, r.t_plr * 1e3, r.t_ref * 1e3,
                r.ratio, r.ref.c_str());
    fclose(f);
}

int main(int argc, char **argv)
{
    bool quick = false, profile = false, device_only = false, host_only = false;
    std::vector<size_t> only_ns;
    int reps_opt = 0;
    const char *csv = "plr_bench.csv";
    const char *only = nullptr;
    std::vector<std::string> vs_env;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = true;
        else if (!strcmp(argv[i], "--profile"))
            profile = true;
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            csv = argv[++i];
        else if (!strcmp(argv[i], "--device-only"))
            device_only = true;
        else if (!strcmp(argv[i], "--host-only"))
            host_only = true;
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps_opt = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--log2n") && i + 1 < argc) {
            // comma-separated exponents, e.g. 20,30
            for (char *t = strtok(argv[++i], ","); t; t = strtok(nullptr, ","))
                only_ns.push_back((size_t)1 << atoi(t));
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else if (!strcmp(argv[i], "--vs-env") && i + 1 < argc && strchr(argv[i + 1], '=')) {
            vs_env.push_back(argv[++i]);
        } else {
            fprintf(stderr, "usage: plr-bench [--quick] [--device-only | --host-only] [--log2n 20,30] [--reps N] [--csv FILE] [--profile] [--only TEXT] [--vs-env NAME=VALUE]...\n");
            return 2;
        }
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    sms = prop.multiProcessorCount;
    char date[64];
    time_t tt = time(nullptr);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&tt));
    printf("device: %s (%d SMs), %s\n", prop.name, sms, date);

    struct S {
        const char *name, *sig;
        plr_type type;
    } sigs[] = {
        {"prefix sum", "(1: 1)", PLR_I32},
        {"2-tuple prefix sum", "(1: 0, 1)", PLR_I32},
        {"3-tuple prefix sum", "(1: 0, 0, 1)", PLR_I32},
        {"2nd-order prefix sum", "(1: 2, -1)", PLR_I32},
        {"3rd-order prefix sum", "(1: 3, -3, 1)", PLR_I32},
        {"order 4", "(1: 1, -1, 2, -2)", PLR_I32},
        {"order 8", "(1: 1, -1, 2, -2, 3, -3, 4, -4)", PLR_I32},
        // 16th- and 32nd-order prefix sums (binomial taps, exact mod 2^32)
        {"order 16", "(1: 16, -120, 560, -1820, 4368, -8008, 11440, -12870, 11440, -8008, 4368, -1820, 560, -120, 16, -1)", PLR_I32},
        {"order 32", "(1: 32, -496, 4960, -35960, 201376, -906192, 3365856, -10518300, 28048800, -64512240, 129024480, -225792840, 347373600, -471435600, 565722720, -601080390, 565722720, -471435600, 347373600, -225792840, 129024480, -64512240, 28048800, -10518300, 3365856, -906192, 201376, -35960, 4960, -496, 32, -1)", PLR_I32},
        // stable f32 filters of those orders (sum |b| < 1: carries decay)
        {"order 4 f32", "(0.1: 0.4, 0.2, 0.1, 0.05)", PLR_F32},
        {"order 8 f32", "(0.1: 0.3, 0.2, 0.1, 0.05, 0.05, 0.04, 0.03, 0.02)", PLR_F32},
        {"order 16 f32", "(0.1: 0.3, 0.2, 0.1, 0.05, 0.05, 0.04, 0.03, 0.02, 0.02, 0.02, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01)", PLR_F32},
        {"order 32 f32", "(0.1: 0.3, 0.2, 0.1, 0.05, 0.05, 0.04, 0.03, 0.02, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0.005)", PLR_F32},
        {"prefix sum f32", "(1: 1)", PLR_F32},
        {"1-stage low-pass", "(0.2: 0.8)", PLR_F32},
        {"2-stage low-pass", "(0.04: 1.6, -0.64)", PLR_F32},
        {"3-stage low-pass", "(0.008: 2.4, -1.92, 0.512)", PLR_F32},
        {"1-stage high-pass", "(0.9, -0.9: 0.8)", PLR_F32},
        // (a row named "with histories": x and y histories not zero)
        {"1-stage high-pass with histories", "(0.9, -0.9: 0.8)", PLR_F32},
        // an integer first-order filter with an input tap (a0 b + a1 = 3: odd,
        // a unit mod 2^32, so its histories go after the recurrence too)
        {"first-order i32", "(3, -3: 2)", PLR_I32},
        {"first-order i32 with histories", "(3, -3: 2)", PLR_I32},
        {"2-stage high-pass", "(0.81, -1.62, 0.81: 1.6, -0.64)", PLR_F32},
        {"3-stage high-pass", "(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)", PLR_F32},
        // the paper's 3-stage high-pass has a pole at 1 (rounded coefficients):
        // its own feedback is the fair comparison, not the 3-stage low-pass
        {"3-stage high-pass feedback only", "(0.73: 2.4, -1.9, 0.5)", PLR_F32},
        {"7-stage low-pass", "(0.0000128: 5.6, -13.44, 17.92, -14.336, 6.88128, -1.835008, 0.2097152)", PLR_F32},
        {"8-stage low-pass", "(0.00000256: 6.4, -17.92, 28.672, -28.672, 18.35008, -7.340032, 1.6777216, -0.16777216)", PLR_F32},
        // a low-pass biquad (RBJ, fc = fs/10, Q = 0.707) and its feedback alone
        {"biquad", "(0.0675, 0.135, 0.0675: 1.143, -0.413)", PLR_F32},
        {"biquad feedback only", "(0.0675: 1.143, -0.413)", PLR_F32},
        // 8-byte types: against a copy of the same bytes (twice the 32-bit one)
        {"prefix sum i64", "(1: 1)", PLR_I64},
        {"EMA f64", "(0.1: 0.9)", PLR_F64},
        {"2-stage low-pass f64", "(0.04: 1.6, -0.64)", PLR_F64},
    };
    if (profile) {
        // a few launches for ncu: prefix sum i32, 1-, 2- and 3-stage low-pass
        // f32, order 8
        size_t n = (size_t)1 << 26;
        void *x, *y;
        CK(cudaMalloc(&x, n * 4));
        CK(cudaMalloc(&y, n * 4));
        fill_kernel<unsigned, float><<<sms * 8, 256>>>((unsigned *)x, n, 1u, 0);
        double t;
        time_plr("(1: 1)", PLR_I32, x, y, n, 1, &t);
        time_plr("(0.2: 0.8)", PLR_F32, x, y, n, 1, &t);
        time_plr("(0.04: 1.6, -0.64)", PLR_F32, x, y, n, 1, &t);
        time_plr("(0.008: 2.4, -1.92, 0.512)", PLR_F32, x, y, n, 1, &t);
        time_plr("(1: 1, -1, 2, -2, 3, -3, 4, -4)", PLR_I32, x, y, n, 1, &t);
        return 0;
    }
    std::vector<size_t> ns = {(size_t)1 << 20, (size_t)1 << 24, (size_t)1 << 30};
    if (quick)
        ns = {(size_t)1 << 20, (size_t)1 << 26};
    if (!only_ns.empty())
        ns = only_ns;
    const int reps = reps_opt > 0 ? reps_opt : quick ? 5 : 15;
    std::vector<Row> rows;

    size_t nmax = ns.back();
    void *x, *y;
    // room for 8-byte elements
    CK(cudaMalloc(&x, nmax * 8));
    CK(cudaMalloc(&y, nmax * 8));
    for (size_t n : ns) {
        double tc = time_copy(x, y, n * 4, reps);
        double tm = time_memcpy(x, y, n * 4, reps);
        double tref = std::min(tc, tm);
        double tref8 = 0; // the copy of 8-byte elements, timed when a row needs it
        printf("n=2^%d copy kernel %.3f ms (%.0f GB/s), cudaMemcpy %.3f ms\n", __builtin_ctzll(n),
               tc * 1e3, 8.0 * n / tc / 1e9, tm * 1e3);
        rows.push_back({"copy kernel", "-", "32-bit", n, tc, tref, tref / tc, "min(copy kernel, cudaMemcpy)"});
        for (auto &s : sigs) {
            if (host_only)
                break;
            if (only) { // a comma-separated list of name parts
                bool keep = false;
                std::string o(only);
                for (size_t a = 0, b; a <= o.size(); a = b + 1) {
                    b = o.find(',', a);
                    if (b == std::string::npos)
                        b = o.size();
                    if (b > a && strstr(s.name, o.substr(a, b - a).c_str()))
                        keep = true;
                }
                if (!keep)
                    continue;
            }
            const bool wide = plr_type_size(s.type) == 8;
            if (wide) {
                if (tref8 == 0) {
                    tref8 = std::min(time_copy(x, y, n * 8, reps), time_memcpy(x, y, n * 8, reps));
                    rows.push_back({"copy 8-byte", "-", "64-bit", n, tref8, tref8, 1.0,
                                    "min(copy kernel, cudaMemcpy)"});
                }
                fill_kernel<unsigned long long, double><<<sms * 8, 256>>>((unsigned long long *)x, n, 12345u, s.type == PLR_F64);
            } else {
                fill_kernel<unsigned, float><<<sms * 8, 256>>>((unsigned *)x, n, 12345u, s.type == PLR_F32);
            }
            CK(cudaDeviceSynchronize());
            const double tr = wide ? tref8 : tref;
            double t_lib = 0; // the library's time of this row, without --vs-env
            for (size_t v = 0; v <= vs_env.size(); v++) {
                std::string name = s.name, var;
                if (v) {
                    name += " [" + vs_env[v - 1] + "]";
                    var = vs_env[v - 1].substr(0, vs_env[v - 1].find('='));
                    setenv(var.c_str(), vs_env[v - 1].c_str() + var.size() + 1, 1);
                    plrc_switches_changed();
                }
                double t;
                bool ok = time_plr(s.sig, s.type, x, y, n, reps, &t, strstr(s.name, "with histories") != nullptr);
                if (v) {
                    unsetenv(var.c_str());
                    plrc_switches_changed();
                }
                if (!ok) {
                    rows.push_back({name, s.sig, plr_type_name(s.type), n, 0, tr, 0, "FAILED"});
                    continue;
                }
                if (!v)
                    t_lib = t;
                rows.push_back({name, s.sig, plr_type_name(s.type), n, t, tr, tr / t,
                                wide ? "device copy, same bytes" : "device copy, same n"});
                printf("  %-22s %-8s %.3f ms  %.1f%% of copy\n", name.c_str(), plr_type_name(s.type),
                       t * 1e3, 100.0 * tr / t);
            }
            if (!strcmp(s.sig, "(1: 1)") && t_lib > 0) {
                const double tc = s.type == PLR_I32   ? time_cub<int>(x, y, n, reps)
                                  : s.type == PLR_F32 ? time_cub<float>(x, y, n, reps)
                                  : s.type == PLR_I64 ? time_cub<long long>(x, y, n, reps)
                                                      : time_cub<double>(x, y, n, reps);
                rows.push_back({"CUB InclusiveSum", s.sig, plr_type_name(s.type), n, tc, tr, tr / tc,
                                wide ? "device copy, same bytes" : "device copy, same n"});
                printf("  %-22s %-8s %.3f ms  %.1f%% of copy (the library %.2fx CUB's speed)\n",
                       "CUB InclusiveSum", plr_type_name(s.type), tc * 1e3, 100.0 * tr / tc, tc / t_lib);
            }
        }
    }
    CK(cudaFree(x));
    CK(cudaFree(y));

    // host arrays end to end: pageable, n = 2^28 (2^26 quick), orders 1, 3,
    // 16 and 32
    auto sig_of = [&](const char *name) -> const char * {
        for (auto &s : sigs)
            if (!strcmp(s.name, name))
                return s.sig;
        return "()";
    };
    if (device_only) {
        write_csv(csv, rows, prop.name, date);
        return 0;
    }
    size_t hn = quick ? ((size_t)1 << 26) : ((size_t)1 << 28);
    {
        unsigned *hx = (unsigned *)malloc(hn * 4), *hy = (unsigned *)malloc(hn * 4);
        for (size_t i = 0; i < hn; i++)
            hx[i] = (unsigned)(i * 2654435761u) % 1000u;
        memset(hy, 0, hn * 4);
        void *px, *py, *dx;
        CK(cudaMallocHost(&px, hn * 4));
        CK(cudaMallocHost(&py, hn * 4));
        CK(cudaMalloc(&dx, hn * 4));
        std::vector<double> th, td;
        for (int r = 0; r < 5; r++) {
            double t0 = now_s();
            CK(cudaMemcpy(dx, px, hn * 4, cudaMemcpyHostToDevice));
            double t1 = now_s();
            CK(cudaMemcpy(py, dx, hn * 4, cudaMemcpyDeviceToHost));
            double t2 = now_s();
            th.push_back(t1 - t0);
            td.push_back(t2 - t1);
        }
        double h2d = median(th), d2h = median(td), rt = h2d + d2h;
        printf("pinned copies n=2^%d: H2D %.1f GB/s, D2H %.1f GB/s, round trip %.2f ms\n",
               __builtin_ctzll(hn), hn * 4 / h2d / 1e9, hn * 4 / d2h / 1e9, rt * 1e3);
        rows.push_back({"pinned H2D+D2H", "-", "32-bit", hn, rt, rt, 1.0, "pinned round trip"});
        struct H {
            const char *name, *sig;
            plr_type type;
        } hs[] = {{"host prefix sum", "(1: 1)", PLR_I32},
                  {"host 3rd-order prefix sum", "(1: 3, -3, 1)", PLR_I32},
                  // orders above 8: the higher-order kernels piece by piece
                  // (PLR_CUDA_KORDER=0: the single-pass kernel's general path)
                  {"host order 16", sig_of("order 16"), PLR_I32},
                  {"host order 32", sig_of("order 32"), PLR_I32},
                  {"host order 16 f32", sig_of("order 16 f32"), PLR_F32}};
        float *hxf = (float *)malloc(hn * 4);
        for (size_t i = 0; i < hn; i++)
            hxf[i] = (float)hx[i] / 1000.0f;
        for (auto &h : hs) {
            double t;
            if (!time_plr(h.sig, h.type, h.type == PLR_F32 ? (void *)hxf : (void *)hx, hy, hn, 3, &t)) {
                rows.push_back({h.name, h.sig, plr_type_name(h.type), hn, 0, rt, 0, "FAILED"});
                continue;
            }
            rows.push_back({h.name, h.sig, plr_type_name(h.type), hn, t, rt, rt / t,
                            "pinned H2D+D2H round trip, same bytes"});
            printf("  %-26s pageable %.2f ms  %.1f%% of pinned round trip\n", h.name, t * 1e3,
                   100.0 * rt / t);
        }
        free(hx);
        free(hxf);
        free(hy);
        CK(cudaFreeHost(px));
        CK(cudaFreeHost(py));
        CK(cudaFree(dx));
    }

    if (host_only) {
        write_csv(csv, rows, prop.name, date);
        return 0;
    }
    // where auto should start using the GPU for host arrays: cuda (pageable,
    // pipelined) against the cpu backend (all cores) on the same arrays
    {
        size_t top = (size_t)1 << 24;
        float *hx = (float *)malloc(top * 4), *hy = (float *)malloc(top * 4);
        for (size_t i = 0; i < top; i++)
            hx[i] = (float)((i * 2654435761u) % 1000u) / 1000.0f;
        struct H {
            const char *name, *sig;
            plr_type type;
        } hs[] = {{"threshold prefix sum", "(1: 1)", PLR_I32},
                  {"threshold 2-stage low-pass", "(0.04: 1.6, -0.64)", PLR_F32}};
        for (auto &h : hs)
            for (size_t n = (size_t)1 << 12; n <= top; n <<= 2) {
                double tg, tc;
                if (!time_plr_on(PLR_DEVICE_CUDA, h.sig, h.type, hx, hy, n, 7, &tg) ||
                    !time_plr_on(PLR_DEVICE_CPU, h.sig, h.type, hx, hy, n, 7, &tc))
                    continue;
                rows.push_back({h.name, h.sig, plr_type_name(h.type), n, tg, tc, tc / tg,
                                "cpu backend (all cores), host arrays, same n"});
                printf("  %-28s n=2^%-2d cuda %.3f ms  cpu %.3f ms  (cuda %.2fx)\n", h.name,
                       __builtin_ctzll(n), tg * 1e3, tc * 1e3, tc / tg);
            }
        free(hx);
        free(hy);
    }

    write_csv(csv, rows, prop.name, date);
    return 0;
}
