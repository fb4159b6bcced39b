// plr-eval: the GPU evaluation of issue #6 (the paper's §5-6 experiments).
//
// For data already on the device it times PLR through the public API
// (plr_run_with, PLR_DEVICE_CUDA; a row fails unless the report says cuda
// ran) against, in the same run and on the same arrays:
//   copy      a device-to-device copy kernel of the same n (16-byte vectors)
//   memcpy    cudaMemcpyAsync device to device of the same n
//             (ratio_to_copy = min(copy, memcpy) / method: the ceiling)
//   cub       cub::DeviceScan::InclusiveSum: int32 prefix sum, and the 2-/3-
//             tuple prefix sums as sums over int2/int3-like vectors (as the
//             paper ran CUB on tuples; n must be a multiple of the tuple)
//   scan_mat  "Scan" (Blelloch): CUB InclusiveScan with our (k x k matrix,
//             k vector) operator over pairs materialized in memory, timed as
//             the paper did: the scan of the pair array only
//   scan_mat_full  the same, x -> y: build pairs + scan + extract y
//   scan_fly  the same operator over pairs built on the fly by a transform
//             iterator, y written by a transform output iterator (x -> y)
// and, on host arrays, the serial C loop (serial_loops.c, -O2, no plugin)
// and PLR's cpu backend (PLR_DEVICE_CPU, all cores).
//
// Timing (every method, GPU and CPU alike): host wall time (steady_clock)
// around one call followed by cudaDeviceSynchronize() (for GPU methods),
// after one untimed warm-up call; reported as median, min and max over
// `reps` calls (>= 5; more for fast calls, see --reps/--point-s). So every
// GPU figure includes the same launch/synchronize overhead, which dominates
// below ~2^18 elements. G elem/s = n / median.
//
// Parts (--parts, comma separated; default main,sweep,cpu):
//   main      Table 1 + orders 4..8,16,32 (higher-order prefix sums i32,
//             low-pass cascades f32, random stable filters f32) over n
//   sweep     order sweep k = 1..32, random stable filters f32
//   cpu       serial loop and cpu backend on host arrays
//   ablation  PLR only, for the signatures whose factor optimizations
//             matter, labelled with $PLR_CUDA_DISABLE (run once per token)
//   memory    GPU memory per method (Table 2), cudaMemGetInfo deltas; run in
//             a fresh process per --mem-k (PLR caches its aux arrays)
//   profile   one call per method at --profile-n for ncu (Table 3), each
//             preceded by a marker kernel whose grid size is the tag id (>= 1)
//             (tags written to --tags FILE); --profile-set table3|sweep
// Each baseline is verified against PLR's output at --check-n (exact for
// integers, max |diff| <= 1e-3 * max(1, max |y|) for floats), and PLR
// against a serial double-precision (integers: exact wrap-around) reference
// on the host; the result is the `check` column.
//
// usage: plr-eval [--quick] [--parts LIST] [--csv FILE] [--append]
//                 [--min-n N] [--max-n N] [--check-n N] [--reps R]
//                 [--point-s S] [--max-call-s S] [--budget-s S] [--filter TEXT]
//                 [--cpu-max-n N] [--mem-k K] [--mem-n N]
//                 [--profile-set table3|sweep] [--profile-n N] [--tags FILE]
// N may be written 2^26, 1<<26 or 67108864.
#include "plr.h"
#include "scan_baseline.h"
#include "serial_loops.h"

#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

#include "stable_filters.inc"

using plr_eval::ScanJob;

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "plr-eval: %s:%d: %s: %s\n", __FILE__, __LINE__, #x,                    \
                    cudaGetErrorString(e_));                                                       \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

// ---------------------------------------------------------------- options
struct Opts {
    bool quick = false;
    std::vector<std::string> parts = {"main", "sweep", "cpu"};
    std::string csv = "plr_eval.csv";
    bool append = false;
    size_t min_n = (size_t)1 << 14, max_n = (size_t)1 << 30;
    size_t check_n = 3 * ((size_t)1 << 18) + 5;
    int max_reps = 15;
    double point_s = 0.25;   // aim for this much timed time per point
    double max_call_s = 1.5; // skip sizes where one call is projected slower
    double budget_s = 0;     // soft deadline for the whole run (0: none)
    std::string filter;
    size_t cpu_max_n = (size_t)1 << 26;
    int mem_k = 1;
    size_t mem_n = (size_t)1 << 26;
    std::string profile_set = "table3";
    size_t profile_n = (size_t)1 << 26;
    std::string tags = "profile_tags.csv";
} O;

static bool has_part(const char *p)
{
    return std::find(O.parts.begin(), O.parts.end(), p) != O.parts.end();
}

static size_t parse_n(const char *s)
{
    char *end;
    const char *caret = strchr(s, '^');
    const char *shl = strstr(s, "<<");
    unsigned long long v;
    if (caret || shl) {
        unsigned long long base = strtoull(s, &end, 10);
        unsigned long long e = strtoull(caret ? caret + 1 : shl + 2, &end, 10);
        if (*end || (caret && base != 2) || e > 40) {
            fprintf(stderr, "plr-eval: bad size %s\n", s);
            exit(1);
        }
        v = caret ? (1ull << e) : (base << e);
    } else {
        v = strtoull(s, &end, 10);
        if (*end || !*s) {
            fprintf(stderr, "plr-eval: bad size %s\n", s);
            exit(1);
        }
    }
    return (size_t)v;
}

// ---------------------------------------------------------------- helpers
static double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static std::string fmt(const char *f, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

static std::string lg(size_t n)
{
    if (n && !(n & (n - 1)))
        return fmt("2^%d", __builtin_ctzll(n));
    return fmt("%zu", n);
}

static int g_sms, g_clock_khz;
static std::string g_device, g_date;

// ---------------------------------------------------------------- signatures
struct Sig {
    std::string family; // table1 | hops | lowpass | stable
    std::string name;
    std::string text;
    plr_type type;
    int k = 0, p1 = 0;
    plr_signature s;
};

static std::string fmtd(double v)
{
    char b[64];
    snprintf(b, sizeof b, "%.9g", v);
    return b;
}

static Sig make_sig(const std::string &family, const std::string &name, const std::string &text, plr_type type)
{
    Sig g;
    g.family = family;
    g.name = name;
    g.text = text;
    g.type = type;
    char err[200];
    if (plr_signature_parse(text.c_str(), type, &g.s, err, sizeof err) != PLR_OK) {
        fprintf(stderr, "plr-eval: cannot parse %s: %s\n", text.c_str(), err);
        exit(1);
    }
    g.k = (int)g.s.order;
    g.p1 = (int)g.s.fir_len;
    return g;
}

static std::vector<Sig> table1()
{
    return {
        make_sig("table1", "prefix sum", "(1: 1)", PLR_I32),
        make_sig("table1", "2-tuple prefix sum", "(1: 0, 1)", PLR_I32),
        make_sig("table1", "3-tuple prefix sum", "(1: 0, 0, 1)", PLR_I32),
        make_sig("table1", "2nd-order prefix sum", "(1: 2, -1)", PLR_I32),
        make_sig("table1", "3rd-order prefix sum", "(1: 3, -3, 1)", PLR_I32),
        make_sig("table1", "1-stage low-pass", "(0.2: 0.8)", PLR_F32),
        make_sig("table1", "2-stage low-pass", "(0.04: 1.6, -0.64)", PLR_F32),
        make_sig("table1", "3-stage low-pass", "(0.008: 2.4, -1.92, 0.512)", PLR_F32),
        make_sig("table1", "1-stage high-pass", "(0.9, -0.9: 0.8)", PLR_F32),
        make_sig("table1", "2-stage high-pass", "(0.81, -1.62, 0.81: 1.6, -0.64)", PLR_F32),
        make_sig("table1", "3-stage high-pass", "(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)", PLR_F32),
    };
}

static double binom(int k, int j)
{
    double r = 1;
    for (int i = 1; i <= j; i++)
        r = r * (k - j + i) / i;
    return r;
}

// k-th order prefix sum: (1: C(k,1), -C(k,2), C(k,3), ...)
static Sig hops(int k)
{
    std::string t = "(1: ";
    for (int j = 1; j <= k; j++)
        t += (j > 1 ? ", " : "") + fmt("%.0f", (j % 2 ? 1 : -1) * binom(k, j));
    return make_sig("hops", fmt("%d-order prefix sum", k), t + ")", PLR_I32);
}

// k-stage low-pass (the Table 1 family): (0.2^k: C(k,1) 0.8, -C(k,2) 0.8^2, ...)
static Sig lowpass(int k)
{
    std::string t = "(" + fmtd(std::pow(0.2, k)) + ": ";
    for (int j = 1; j <= k; j++)
        t += (j > 1 ? ", " : "") + fmtd((j % 2 ? 1 : -1) * binom(k, j) * std::pow(0.8, j));
    return make_sig("lowpass", fmt("%d-stage low-pass", k), t + ")", PLR_F32);
}

static Sig stable(int k)
{
    return make_sig("stable", fmt("stable filter k=%d", k), STABLE_FILTERS[k], PLR_F32);
}

static bool selected(const Sig &g)
{
    return O.filter.empty() || g.text.find(O.filter) != std::string::npos ||
           g.name.find(O.filter) != std::string::npos || g.family == O.filter;
}

// ---------------------------------------------------------------- CSV
static FILE *g_csv;

struct Row {
    std::string method, sig, type;
    int k = 0;
    size_t n = 0;
    bool timed = false;
    double med = 0, mn = 0, mx = 0; // seconds
    int reps = 0;
    double ratio = -1;   // copy time / median (< 0: none)
    long long aux = -1;  // bytes (< 0: none)
    std::string check, part, family, variant, note;
};

static std::string q(const std::string &s)
{
    std::string r = "\"";
    for (char c : s) {
        if (c == '"')
            r += '"';
        r += c == '\n' ? ' ' : c;
    }
    return r + "\"";
}

static void csv_header()
{
    fprintf(g_csv, "method,signature,type,k,n,median_ms,min_ms,max_ms,gelem_s,ratio_to_copy,bytes_aux,check,"
                   "part,family,variant,reps,sm_cycles_per_elem,note,device,date\n");
    fflush(g_csv);
}

static void emit(const Row &r)
{
    std::string t = r.timed ? fmt("%.5f,%.5f,%.5f,%.4f", r.med * 1e3, r.mn * 1e3, r.mx * 1e3,
                                  r.med > 0 ? r.n / r.med / 1e9 : 0.0)
                            : std::string(",,,");
    std::string cyc = "";
    bool gpu = r.method != "serial" && r.method != "plr_cpu" && r.method != "host_memcpy";
    if (r.timed && gpu && r.n)
        cyc = fmt("%.2f", r.med * g_clock_khz * 1e3 * g_sms / (double)r.n);
    fprintf(g_csv, "%s,%s,%s,%d,%zu,%s,%s,%s,%s,%s,%s,%s,%d,%s,%s,%s,%s\n", r.method.c_str(), q(r.sig).c_str(),
            r.type.c_str(), r.k, r.n, t.c_str(), r.ratio >= 0 ? fmt("%.4f", r.ratio).c_str() : "",
            r.aux >= 0 ? fmt("%lld", r.aux).c_str() : "", q(r.check).c_str(), r.part.c_str(), r.family.c_str(),
            q(r.variant).c_str(), r.reps, cyc.c_str(), q(r.note).c_str(), q(g_device).c_str(), g_date.c_str());
    fflush(g_csv);
    if (r.timed)
        printf("  %-14s %-26.26s %s n=%-10s %10.4f ms [%.4f..%.4f] %7.2f Gelem/s%s%s %s\n", r.method.c_str(),
               r.sig.c_str(), r.type.c_str(), lg(r.n).c_str(), r.med * 1e3, r.mn * 1e3, r.mx * 1e3,
               r.n / r.med / 1e9, r.ratio >= 0 ? fmt("  %5.1f%% of copy", 100 * r.ratio).c_str() : "",
               r.check.empty() ? "" : (" check " + r.check).c_str(), r.note.c_str());
    else
        printf("  %-14s %-26.26s %s n=%-10s %s%s %s\n", r.method.c_str(), r.sig.c_str(), r.type.c_str(),
               lg(r.n).c_str(), r.aux >= 0 ? fmt("aux %lld bytes ", r.aux).c_str() : "", r.check.c_str(),
               r.note.c_str());
    fflush(stdout);
}

// ---------------------------------------------------------------- timing
struct Stats {
    double med = 0, mn = 0, mx = 0;
    int reps = 0;
};

static Stats stats(std::vector<double> v)
{
    Stats s;
    std::sort(v.begin(), v.end());
    s.reps = (int)v.size();
    s.mn = v.front();
    s.mx = v.back();
    s.med = v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
    return s;
}

// run(): one call, returns "" or an error. Times one warm-up and then
// between 5 and max_reps calls (as many as fit in point_s).
static std::string time_it(const std::function<std::string()> &run, Stats *out)
{
    double t0 = now_s();
    std::string e = run();
    double tw = now_s() - t0;
    if (!e.empty())
        return e;
    int reps = (int)std::min<double>(O.max_reps, std::max(5.0, O.point_s / std::max(tw, 1e-7)));
    std::vector<double> t;
    for (int r = 0; r < reps; r++) {
        double a = now_s();
        e = run();
        double b = now_s();
        if (!e.empty())
            return e;
        t.push_back(b - a);
    }
    *out = stats(t);
    return "";
}

// projected-time guard: per (method, signature) the last (n, seconds)
static std::map<std::string, std::pair<size_t, double>> g_last;
static double g_deadline; // --budget-s: a soft deadline for the whole process (0: none)
static bool too_slow(const std::string &key, size_t n, std::string *why)
{
    if (g_deadline > 0 && now_s() > g_deadline) {
        *why = "skipped: time budget (--budget-s) used up";
        return true;
    }
    auto it = g_last.find(key);
    if (it == g_last.end() || it->second.first == 0)
        return false;
    double proj = it->second.second * (double)n / (double)it->second.first;
    if (proj > O.max_call_s) {
        *why = fmt("skipped: one call projected at %.2f s (from %s)", proj, lg(it->second.first).c_str());
        return true;
    }
    return false;
}

static std::string cuda_sync_err()
{
    cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = cudaGetLastError();
    return e == cudaSuccess ? "" : std::string("cuda: ") + cudaGetErrorString(e);
}

// ---------------------------------------------------------------- kernels
__global__ void copy_kernel(const unsigned *__restrict__ src, unsigned *__restrict__ dst, size_t n)
{
    size_t n4 = n / 4; // uint4 vectors (the arrays are cudaMalloc-aligned)
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    const uint4 *s4 = reinterpret_cast<const uint4 *>(src);
    uint4 *d4 = reinterpret_cast<uint4 *>(dst);
    for (size_t j = i; j < n4; j += stride)
        d4[j] = s4[j];
    for (size_t j = 4 * n4 + i; j < n; j += stride)
        dst[j] = src[j];
}

__global__ void fill_kernel(unsigned *p, size_t n, unsigned seed, int flt)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
        unsigned h = (unsigned)i * 2654435761u ^ seed ^ (unsigned)(i >> 32) * 0x9e3779b9u;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        if (flt) {
            float f = (float)(h >> 8) * (2.0f / 16777216.0f) - 1.0f;
            memcpy(&p[i], &f, 4);
        } else {
            p[i] = h % 1000u;
        }
    }
}

// a marker for ncu: its grid size (x) is the tag id of the launches after it
__global__ void plr_eval_marker(int id)
{
    (void)id;
}

static void launch_copy(const void *src, void *dst, size_t n, cudaStream_t s = 0)
{
    copy_kernel<<<g_sms * 8, 512, 0, s>>>((const unsigned *)src, (unsigned *)dst, n);
}

// ---------------------------------------------------------------- PLR
static std::string plr_call(const Sig &g, const void *x, void *y, size_t n, plr_device dev, int verbose = 0)
{
    plr_data d;
    memset(&d, 0, sizeof d);
    d.n = n;
    d.x = x;
    d.y = y;
    plr_options o;
    memset(&o, 0, sizeof o);
    o.device = dev;
    o.threads = 0;
    o.verbose = verbose;
    plr_report rep;
    memset(&rep, 0, sizeof rep);
    plr_status s = plr_run_with(&g.s, &d, &o, &rep);
    if (s != PLR_OK)
        return fmt("plr: %s", plr_strerror(s));
    if (rep.device != dev)
        return fmt("plr ran on %s, not %s: %s", plr_device_name(rep.device), plr_device_name(dev), rep.reason);
    if (dev == PLR_DEVICE_CUDA)
        return cuda_sync_err();
    return "";
}

// PLR's own account of its decision (PLR_VERBOSE lines on stderr), captured
// from one call: says e.g. "look-back", "carries exact per chunk" or
// "serial loop on one GPU thread".
static std::string plr_decision(const Sig &g, const void *x, void *y, size_t n)
{
    fflush(stderr);
    FILE *tf = tmpfile();
    int saved = dup(2);
    if (!tf || saved < 0) {
        if (tf)
            fclose(tf);
        return "";
    }
    dup2(fileno(tf), 2);
    std::string e = plr_call(g, x, y, n, PLR_DEVICE_CUDA, 1);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    std::string out;
    rewind(tf);
    char line[512];
    while (fgets(line, sizeof line, tf)) {
        std::string l(line);
        while (!l.empty() && (l.back() == '\n' || l.back() == '\r'))
            l.pop_back();
        if (l.rfind("plr: cuda", 0) == 0 || l.find("disable") != std::string::npos)
            out += (out.empty() ? "" : "; ") + l;
    }
    fclose(tf);
    if (!e.empty())
        out += (out.empty() ? "" : "; ") + e;
    return out;
}

// ---------------------------------------------------------------- references
static std::vector<double> g_coef_a, g_coef_b;

// An f32 coefficient as the float program holds it: the reference runs the
// recurrence the float loop actually has (in double), so that signatures
// whose rounding to float moves a pole (16-fold low-pass poles) are judged
// against what any float evaluation of them computes.
static double coef_f32(const plr_coef &c)
{
    return (double)(float)c.f;
}

// host reference of the first n elements: u32 exact wrap-around, f32 in double
static void reference(const Sig &g, const void *x, void *ref, size_t n)
{
    if (g.type == PLR_I32) {
        const uint32_t *xi = (const uint32_t *)x;
        uint32_t *y = (uint32_t *)ref;
        uint32_t a[PLR_MAX_FIR], b[PLR_MAX_ORDER];
        for (int l = 0; l < g.p1; l++)
            a[l] = (uint32_t)g.s.a[l].i;
        for (int j = 0; j < g.k; j++)
            b[j] = (uint32_t)g.s.b[j + 1].i;
        serial_generic_u32(xi, y, n, a, g.p1, b, g.k, 0, n);
    } else {
        const float *xf = (const float *)x;
        double *y = (double *)ref;
        for (size_t i = 0; i < n; i++) {
            double s = 0;
            for (int l = 0; l < g.p1; l++)
                if (i >= (size_t)l)
                    s += coef_f32(g.s.a[l]) * (double)xf[i - l];
            for (int j = 1; j <= g.k; j++)
                if (i >= (size_t)j)
                    s += coef_f32(g.s.b[j]) * y[i - j];
            y[i] = s;
        }
    }
}

// docs/runtime.md's bound for f32 results over the first n elements of x:
// (2k+8) u H (T + B Y), H = sum |h_i| of (1: b) over n, T = sum|a| max|x|,
// B = sum |b|, Y = max |y|.
static double f32_bound(const Sig &g, const float *x, size_t n, double Y)
{
    std::vector<double> h(n);
    double H = 0;
    for (size_t i = 0; i < n; i++) {
        double v = i == 0 ? 1.0 : 0.0;
        for (int j = 1; j <= g.k && (size_t)j <= i; j++)
            v += coef_f32(g.s.b[j]) * h[i - j];
        h[i] = v;
        H += std::fabs(v);
    }
    double sa = 0, sb = 0, mx = 0;
    for (int l = 0; l < g.p1; l++)
        sa += std::fabs(coef_f32(g.s.a[l]));
    for (int j = 1; j <= g.k; j++)
        sb += std::fabs(coef_f32(g.s.b[j]));
    for (size_t i = 0; i < n; i++)
        mx = std::max(mx, (double)std::fabs(x[i]));
    return (2.0 * g.k + 8) * std::ldexp(1.0, -24) * H * (sa * mx + sb * Y);
}

// compare got[0..n) (element type of g) with want (u32 or double, or f32
// when want_f32): "ok(...)" or "FAIL(...)". Integers: exact. Floats: max
// |diff| within the larger of 1e-3 max(1, max|y|) (the paper's criterion)
// and docs/runtime.md's bound (twice it when both sides are parallel
// results); x is the input, for the bound.
static std::string compare(const Sig &g, const void *got, const void *want, size_t n, bool want_f32,
                           const void *x = nullptr)
{
    if (g.type == PLR_I32) {
        const uint32_t *a = (const uint32_t *)got, *b = (const uint32_t *)want;
        for (size_t i = 0; i < n; i++)
            if (a[i] != b[i])
                return fmt("FAIL(y[%zu]=%d, want %d)", i, (int)a[i], (int)b[i]);
        return "ok(exact)";
    }
    const float *a = (const float *)got;
    double err = 0, mag = 0;
    size_t worst = 0, overflowed = 0;
    // From the first element whose exact value, or one of whose products
    // b_j * y[i-j], lies beyond float range, every float evaluation - the
    // serial C loop's included - overflows, and inf - inf makes NaN of what
    // follows: non-finite results from there on are the float answer
    // (unstable signatures, e.g. high-order cascades whose rounded
    // coefficients put a pole outside the unit circle).
    size_t beyond = n;
    if (!want_f32) {
        const double *wd = (const double *)want;
        for (size_t i = 0; i < n && beyond == n; i++) {
            if (std::fabs(wd[i]) > FLT_MAX)
                beyond = i;
            for (size_t j = 1; j <= (size_t)g.k && j <= i; j++)
                if (std::fabs(coef_f32(g.s.b[j])) * std::fabs(wd[i - j]) > FLT_MAX)
                    beyond = i;
        }
    }
    for (size_t i = 0; i < n; i++) {
        double w = want_f32 ? (double)((const float *)want)[i] : ((const double *)want)[i];
        if ((std::fabs(w) > FLT_MAX && std::isinf(a[i]) && std::signbit(a[i]) == std::signbit(w)) ||
            (i >= beyond && !std::isfinite(a[i]))) {
            overflowed++;
            continue;
        }
        double d = std::fabs((double)a[i] - w);
        if (!(d <= err)) { // NaN counts as the worst
            err = std::isnan(d) ? INFINITY : d;
            worst = i;
        }
        mag = std::max(mag, std::fabs(w));
    }
    double paper = 1e-3 * std::max(1.0, mag);
    double bound = x ? (want_f32 ? 2 : 1) * f32_bound(g, (const float *)x, n, mag) : 0;
    double tol = std::max(paper, bound);
    if (err <= tol)
        return fmt("ok(%.1e, tol %.1e%s%s)", err, tol, bound > paper ? " bound" : "",
                   overflowed ? fmt(", %zu non-finite where float overflows", overflowed).c_str() : "");
    return fmt("FAIL(%.1e at %zu, tol %.1e)", err, worst, tol);
}

// ---------------------------------------------------------------- device state
struct Dev {
    void *xi = nullptr, *xf = nullptr, *y = nullptr;
    size_t cap = 0;
} D;

static const void *xdev(const Sig &g)
{
    return g.type == PLR_I32 ? D.xi : D.xf;
}

static void dev_alloc(size_t n)
{
    CK(cudaMalloc(&D.xi, n * 4));
    CK(cudaMalloc(&D.xf, n * 4));
    CK(cudaMalloc(&D.y, n * 4));
    fill_kernel<<<g_sms * 8, 256>>>((unsigned *)D.xi, n, 12345u, 0);
    CK(cudaGetLastError());
    fill_kernel<<<g_sms * 8, 256>>>((unsigned *)D.xf, n, 777u, 1);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    D.cap = n;
}

static void dev_free()
{
    CK(cudaFree(D.xi));
    CK(cudaFree(D.xf));
    CK(cudaFree(D.y));
    D = Dev();
}

static size_t free_bytes()
{
    size_t f = 0, t = 0;
    CK(cudaMemGetInfo(&f, &t));
    return f;
}

// ---------------------------------------------------------------- CUB sums
struct V2 {
    int v[2];
};
struct V3 {
    int v[3];
};
struct AddV2 {
    __host__ __device__ V2 operator()(const V2 &a, const V2 &b) const
    {
        V2 r;
        r.v[0] = (int)((unsigned)a.v[0] + (unsigned)b.v[0]);
        r.v[1] = (int)((unsigned)a.v[1] + (unsigned)b.v[1]);
        return r;
    }
};
struct AddV3 {
    __host__ __device__ V3 operator()(const V3 &a, const V3 &b) const
    {
        V3 r;
        for (int i = 0; i < 3; i++)
            r.v[i] = (int)((unsigned)a.v[i] + (unsigned)b.v[i]);
        return r;
    }
};

// tuple size CUB can run for this signature (1 prefix sum, 2/3 tuple sums), else 0
static int cub_tuple(const Sig &g)
{
    if (g.type != PLR_I32 || g.family != "table1")
        return 0;
    if (g.text == "(1: 1)")
        return 1;
    if (g.text == "(1: 0, 1)")
        return 2;
    if (g.text == "(1: 0, 0, 1)")
        return 3;
    return 0;
}

static cudaError_t cub_call(int t, void *temp, size_t *bytes, const void *x, void *y, size_t n)
{
    if (t == 1)
        return cub::DeviceScan::InclusiveSum(temp, *bytes, (const int *)x, (int *)y, (int)n);
    if (t == 2)
        return cub::DeviceScan::InclusiveScan(temp, *bytes, (const V2 *)x, (V2 *)y, AddV2(), (int)(n / 2));
    return cub::DeviceScan::InclusiveScan(temp, *bytes, (const V3 *)x, (V3 *)y, AddV3(), (int)(n / 3));
}

struct Cub {
    int t = 0;
    void *temp = nullptr;
    size_t bytes = 0;
    std::string why; // non-empty: n/a
};

static Cub cub_prepare(const Sig &g, size_t n)
{
    Cub c;
    c.t = cub_tuple(g);
    if (!c.t) {
        c.why = "n/a";
        return c;
    }
    if (n / c.t > 0x7fffffffu || n < (size_t)c.t) {
        c.why = fmt("n/a: n too large or too small for tuples of %d", c.t);
        return c;
    }
    cudaError_t e = cub_call(c.t, nullptr, &c.bytes, D.xi, D.y, n);
    if (e == cudaSuccess)
        e = cudaMalloc(&c.temp, std::max<size_t>(c.bytes, 16));
    if (e != cudaSuccess) {
        cudaGetLastError();
        c.why = fmt("n/a: %s", cudaGetErrorString(e));
    }
    return c;
}

static std::string cub_run(const Cub &c, size_t n)
{
    size_t b = c.bytes;
    cudaError_t e = cub_call(c.t, c.temp, &b, D.xi, D.y, n);
    if (e != cudaSuccess)
        return std::string("cub: ") + cudaGetErrorString(e);
    return cuda_sync_err();
}

// ---------------------------------------------------------------- Scan
struct Scan {
    ScanJob j;
    bool flt = false;
    bool mat = false;
    std::string why; // non-empty: n/a
};

static bool scan_supported(const Sig &g, std::string *why)
{
    if (g.k > plr_eval::SCAN_MAX_K) {
        *why = fmt("n/a: Scan built for k <= %d", plr_eval::SCAN_MAX_K);
        return false;
    }
    if (g.p1 > 4) {
        *why = "n/a: Scan built for p+1 <= 4";
        return false;
    }
    return true;
}

static void scan_free(Scan &s)
{
    if (s.j.pairs_in)
        CK(cudaFree(s.j.pairs_in));
    if (s.j.pairs_out)
        CK(cudaFree(s.j.pairs_out));
    if (s.j.temp)
        CK(cudaFree(s.j.temp));
    s.j.pairs_in = s.j.pairs_out = s.j.temp = nullptr;
}

static Scan scan_prepare(const Sig &g, size_t n, bool mat)
{
    Scan s;
    memset(&s.j, 0, sizeof s.j);
    s.flt = g.type == PLR_F32;
    s.mat = mat;
    if (!scan_supported(g, &s.why))
        return s;
    if (n > 0x7fffffffu) {
        s.why = "n/a: n > 2^31-1 (CUB item count)";
        return s;
    }
    ScanJob &j = s.j;
    j.k = g.k;
    j.p1 = g.p1;
    for (int l = 0; l < g.p1; l++)
        j.a[l] = s.flt ? g.s.a[l].f : (double)(int32_t)g.s.a[l].i;
    for (int l = 0; l < g.k; l++)
        j.b[l] = s.flt ? g.s.b[l + 1].f : (double)(int32_t)g.s.b[l + 1].i;
    j.x = xdev(g);
    j.y = D.y;
    j.n = n;
    j.stream = 0;
    if (mat) {
        size_t pb = plr_eval::scan_pair_bytes(g.k);
        size_t need = 2 * pb * n + ((size_t)512 << 20);
        size_t fr = free_bytes();
        if (need > fr) {
            s.why = fmt("n/a: pairs need %.1f GiB, %.1f GiB free", need / 1073741824.0, fr / 1073741824.0);
            return s;
        }
        if (cudaMalloc(&j.pairs_in, pb * n) != cudaSuccess || cudaMalloc(&j.pairs_out, pb * n) != cudaSuccess) {
            cudaGetLastError();
            scan_free(s);
            s.why = fmt("n/a: cannot allocate 2 x %.1f GiB of pairs", pb * n / 1073741824.0);
            return s;
        }
    }
    cudaError_t e = s.flt ? plr_eval::scan_f32_temp(j, !mat, &j.temp_bytes) : plr_eval::scan_u32_temp(j, !mat, &j.temp_bytes);
    if (e == cudaSuccess)
        e = cudaMalloc(&j.temp, std::max<size_t>(j.temp_bytes, 16));
    if (e != cudaSuccess) {
        cudaGetLastError();
        scan_free(s);
        s.why = fmt("n/a: %s", cudaGetErrorString(e));
    }
    return s;
}

static std::string scan_step(const Scan &s, int step) // 0 build, 1 scan, 2 extract, 3 fly
{
    const ScanJob &j = s.j;
    cudaError_t e;
    if (s.flt)
        e = step == 0 ? plr_eval::scan_f32_build(j)
            : step == 1 ? plr_eval::scan_f32_scan(j)
            : step == 2 ? plr_eval::scan_f32_extract(j)
                        : plr_eval::scan_f32_fly(j);
    else
        e = step == 0 ? plr_eval::scan_u32_build(j)
            : step == 1 ? plr_eval::scan_u32_scan(j)
            : step == 2 ? plr_eval::scan_u32_extract(j)
                        : plr_eval::scan_u32_fly(j);
    if (e != cudaSuccess)
        return std::string("scan: ") + cudaGetErrorString(e);
    return cuda_sync_err();
}

static std::string scan_full(const Scan &s)
{
    if (!s.mat)
        return scan_step(s, 3);
    std::string e = scan_step(s, 0);
    if (e.empty())
        e = scan_step(s, 1);
    if (e.empty())
        e = scan_step(s, 2);
    return e;
}

// ---------------------------------------------------------------- checks
static std::map<std::string, std::string> g_check; // method|sig|type -> check result
static std::map<std::string, std::string> g_decision;

static std::string key(const std::string &m, const Sig &g)
{
    return m + "|" + g.text + "|" + plr_type_name(g.type);
}

static std::vector<unsigned char> to_host(const void *dptr, size_t n)
{
    std::vector<unsigned char> h(n * 4);
    CK(cudaMemcpy(h.data(), dptr, n * 4, cudaMemcpyDeviceToHost));
    return h;
}

// PLR vs the host reference, then every baseline vs PLR's output, at check_n
static void run_checks(const Sig &g, bool baselines)
{
    size_t n = std::min(O.check_n, D.cap);
    std::vector<unsigned char> hx = to_host(xdev(g), n);
    std::vector<unsigned char> ref(n * (g.type == PLR_I32 ? 4 : 8));
    reference(g, hx.data(), ref.data(), n);
    CK(cudaMemset(D.y, 0xff, n * 4));
    CK(cudaDeviceSynchronize());
    g_decision[key("plr", g)] = plr_decision(g, xdev(g), D.y, n);
    CK(cudaMemset(D.y, 0xff, n * 4));
    std::string e = plr_call(g, xdev(g), D.y, n, PLR_DEVICE_CUDA);
    std::vector<unsigned char> yp;
    if (!e.empty()) {
        g_check[key("plr", g)] = "FAIL(" + e + ")";
    } else {
        yp = to_host(D.y, n);
        g_check[key("plr", g)] = compare(g, yp.data(), ref.data(), n, false, hx.data()) + " vs host reference";
    }
    if (!baselines)
        return;
    auto vs_plr = [&](const std::string &m, const std::string &err) {
        if (!err.empty()) {
            g_check[key(m, g)] = "FAIL(" + err + ")";
            return;
        }
        if (yp.empty()) {
            g_check[key(m, g)] = "unchecked (PLR failed)";
            return;
        }
        std::vector<unsigned char> yb = to_host(D.y, n);
        g_check[key(m, g)] = compare(g, yb.data(), yp.data(), n, true, hx.data()) + " vs PLR";
    };
    Cub c = cub_prepare(g, n - n % std::max(1, cub_tuple(g)));
    if (c.why.empty()) {
        size_t nn = n - n % c.t;
        CK(cudaMemset(D.y, 0xff, n * 4));
        std::string err = cub_run(c, nn);
        if (err.empty() && !yp.empty()) {
            std::vector<unsigned char> yb = to_host(D.y, nn);
            g_check[key("cub", g)] = compare(g, yb.data(), yp.data(), nn, true, hx.data()) + " vs PLR";
        } else {
            g_check[key("cub", g)] = err.empty() ? "unchecked (PLR failed)" : "FAIL(" + err + ")";
        }
        CK(cudaFree(c.temp));
    }
    for (int mat = 1; mat >= 0; mat--) {
        Scan s = scan_prepare(g, n, mat);
        if (!s.why.empty())
            continue;
        CK(cudaMemset(D.y, 0xff, n * 4));
        std::string err = scan_full(s);
        vs_plr(mat ? "scan_mat" : "scan_fly", err);
        if (mat)
            g_check[key("scan_mat_full", g)] = g_check[key("scan_mat", g)];
        scan_free(s);
    }
}

static std::string check_of(const std::string &m, const Sig &g)
{
    auto it = g_check.find(key(m, g));
    return it == g_check.end() ? "" : it->second;
}

// ---------------------------------------------------------------- main part
static std::vector<size_t> main_sizes()
{
    std::vector<size_t> ns;
    int step = O.quick ? 4 : 1;
    for (size_t n = O.min_n; n <= O.max_n; n <<= step)
        ns.push_back(n);
    if (ns.empty() || ns.back() != O.max_n)
        ns.push_back(O.max_n);
    for (size_t extra : {3 * ((size_t)1 << 20) + 7, 5 * ((size_t)1 << 24) + 3, 3 * ((size_t)1 << 28) + 1})
        if (extra >= O.min_n && extra <= O.max_n && (!O.quick || extra < ((size_t)1 << 22)))
            ns.push_back(extra);
    std::sort(ns.begin(), ns.end());
    ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
    return ns;
}

static std::vector<Sig> main_sigs()
{
    std::vector<Sig> v = table1();
    for (int k : {4, 5, 6, 7, 8, 16, 32})
        v.push_back(hops(k));
    for (int k : {4, 5, 6, 7, 8, 16, 32})
        v.push_back(lowpass(k));
    for (int k : {4, 5, 6, 7, 8, 16, 32})
        v.push_back(stable(k));
    std::vector<Sig> out;
    for (auto &g : v)
        if (selected(g))
            out.push_back(g);
    return out;
}

struct CopyRef {
    double copy = 0, memcpy_ = 0;
    double best() const { return std::min(copy, memcpy_); }
};
static std::map<size_t, CopyRef> g_copy;

static CopyRef measure_copy(size_t n, const char *part)
{
    CopyRef c;
    Stats s;
    std::string e = time_it(
        [&] {
            launch_copy(D.xi, D.y, n);
            return cuda_sync_err();
        },
        &s);
    if (!e.empty()) {
        fprintf(stderr, "plr-eval: copy kernel failed: %s\n", e.c_str());
        exit(2);
    }
    Row r;
    r.method = "copy";
    r.sig = "-";
    r.type = "32-bit";
    r.n = n;
    r.timed = true;
    r.med = s.med, r.mn = s.mn, r.mx = s.mx, r.reps = s.reps;
    r.part = part;
    r.note = "copy kernel, 16-byte vectors";
    c.copy = s.med;
    Stats m;
    e = time_it(
        [&] {
            cudaError_t ce = cudaMemcpyAsync(D.y, D.xi, n * 4, cudaMemcpyDeviceToDevice, 0);
            if (ce != cudaSuccess)
                return std::string(cudaGetErrorString(ce));
            return cuda_sync_err();
        },
        &m);
    if (!e.empty()) {
        fprintf(stderr, "plr-eval: cudaMemcpy failed: %s\n", e.c_str());
        exit(2);
    }
    c.memcpy_ = m.med;
    r.ratio = c.best() / s.med;
    emit(r);
    Row rm = r;
    rm.method = "memcpy";
    rm.med = m.med, rm.mn = m.mn, rm.mx = m.mx, rm.reps = m.reps;
    rm.ratio = c.best() / m.med;
    rm.note = "cudaMemcpyAsync device to device";
    emit(rm);
    g_copy[n] = c;
    return c;
}

static Row base_row(const std::string &method, const Sig &g, size_t n, const char *part)
{
    Row r;
    r.method = method;
    r.sig = g.text;
    r.type = plr_type_name(g.type);
    r.k = g.k;
    r.n = n;
    r.part = part;
    r.family = g.family;
    r.check = check_of(method, g);
    return r;
}

static void emit_timed(Row r, const Stats &s, double copy_t)
{
    r.timed = true;
    r.med = s.med, r.mn = s.mn, r.mx = s.mx, r.reps = s.reps;
    r.ratio = copy_t > 0 ? copy_t / s.med : -1;
    emit(r);
}

// times one method (run) for one signature and n, with the projection guard
static void measure(const std::string &method, const Sig &g, size_t n, const char *part, double copy_t,
                    const std::function<std::string()> &run, const std::string &note = "", long long aux = -1)
{
    Row r = base_row(method, g, n, part);
    r.note = note;
    r.aux = aux;
    r.variant = (part == std::string("ablation")) ? (getenv("PLR_CUDA_DISABLE") ? getenv("PLR_CUDA_DISABLE") : "none") : "";
    std::string k = method + "|" + g.text + "|" + r.type + "|" + part, why;
    if (too_slow(k, n, &why)) {
        r.check = r.check.empty() ? "n/a" : r.check;
        r.note = why + (note.empty() ? "" : "; " + note);
        emit(r);
        return;
    }
    Stats s;
    std::string e = time_it(run, &s);
    if (!e.empty()) {
        r.check = "FAIL(" + e + ")";
        emit(r);
        g_last[k] = {1, 1e9}; // do not try larger sizes
        return;
    }
    g_last[k] = {n, s.med};
    emit_timed(r, s, copy_t);
}

static void part_main()
{
    std::vector<size_t> ns = main_sizes();
    std::vector<Sig> sigs = main_sigs();
    printf("== main: %zu signatures x %zu sizes (%s .. %s)\n", sigs.size(), ns.size(), lg(ns.front()).c_str(),
           lg(ns.back()).c_str());
    for (auto &g : sigs)
        run_checks(g, true);
    for (auto &kv : g_check)
        printf("  check %-60s %s\n", kv.first.c_str(), kv.second.c_str());
    for (size_t n : ns) {
        printf("== n = %s\n", lg(n).c_str());
        CopyRef c = measure_copy(n, "main");
        for (auto &g : sigs) {
            const void *x = xdev(g);
            // the serial loop on one GPU thread (float signatures whose
            // factors grow) is ~4M elements/s: measured up to 2^20 only
            const std::string &dec = g_decision[key("plr", g)];
            if (dec.find("serial loop") != std::string::npos && n > ((size_t)1 << 20)) {
                Row r = base_row("plr", g, n, "main");
                r.note = "skipped: serial loop on one GPU thread (measured up to 2^20); " + dec;
                emit(r);
            } else {
                measure("plr", g, n, "main", c.best(), [&] { return plr_call(g, x, D.y, n, PLR_DEVICE_CUDA); },
                        dec);
            }
            if (cub_tuple(g)) {
                Cub cb = cub_prepare(g, n);
                if (!cb.why.empty()) {
                    Row r = base_row("cub", g, n, "main");
                    r.check = "n/a";
                    r.note = cb.why;
                    emit(r);
                } else {
                    measure("cub", g, n, "main", c.best(), [&] { return cub_run(cb, n); },
                            cb.t == 1 ? "DeviceScan::InclusiveSum" : fmt("InclusiveScan over int%d vectors", cb.t),
                            (long long)cb.bytes);
                    CK(cudaFree(cb.temp));
                }
            }
            for (int mat = 1; mat >= 0; mat--) {
                std::string why;
                if (!scan_supported(g, &why))
                    continue; // n/a rows only once, at the largest n
                std::string k1 = std::string(mat ? "scan_mat" : "scan_fly") + "|" + g.text + "|" +
                                 plr_type_name(g.type) + "|main";
                if (too_slow(k1, n, &why)) {
                    Row r = base_row(mat ? "scan_mat" : "scan_fly", g, n, "main");
                    r.note = why;
                    emit(r);
                    continue;
                }
                Scan s = scan_prepare(g, n, mat);
                if (!s.why.empty()) {
                    Row r = base_row(mat ? "scan_mat" : "scan_fly", g, n, "main");
                    r.check = "n/a";
                    r.note = s.why;
                    emit(r);
                    if (mat) {
                        r.method = "scan_mat_full";
                        emit(r);
                    }
                    continue;
                }
                long long aux = (long long)s.j.temp_bytes +
                                (mat ? 2 * (long long)plr_eval::scan_pair_bytes(g.k) * (long long)n : 0);
                if (!mat) {
                    measure("scan_fly", g, n, "main", c.best(), [&] { return scan_step(s, 3); },
                            "pairs built by a transform iterator", aux);
                } else {
                    // build once, then time build, scan and extract per call
                    std::string e = scan_step(s, 0);
                    std::vector<double> tb, ts, te, tf;
                    for (int r = 0; e.empty() && r < 1 + 5; r++) {
                        double a = now_s();
                        e = scan_step(s, 0);
                        double b = now_s();
                        if (e.empty())
                            e = scan_step(s, 1);
                        double cc = now_s();
                        if (e.empty())
                            e = scan_step(s, 2);
                        double d = now_s();
                        if (r > 0) { // the first is a warm-up
                            tb.push_back(b - a);
                            ts.push_back(cc - b);
                            te.push_back(d - cc);
                            tf.push_back(d - a);
                        }
                    }
                    // more scan-only repetitions when they are fast
                    int more = 0;
                    if (e.empty() && !ts.empty())
                        more = (int)std::min<double>(O.max_reps - 5, O.point_s / std::max(stats(ts).med, 1e-7) - 5);
                    for (int r = 0; e.empty() && r < more; r++) {
                        double a = now_s();
                        e = scan_step(s, 1);
                        ts.push_back(now_s() - a);
                    }
                    if (!e.empty() || ts.empty()) {
                        Row r = base_row("scan_mat", g, n, "main");
                        r.check = "FAIL(" + e + ")";
                        emit(r);
                        g_last[k1] = {1, 1e9};
                    } else {
                        Stats ss = stats(ts), sf = stats(tf), sb = stats(tb), se = stats(te);
                        Row r = base_row("scan_mat", g, n, "main");
                        r.aux = aux;
                        r.note = fmt("scan of materialized pairs only (%zu bytes each); build %.4f ms, extract %.4f ms",
                                     plr_eval::scan_pair_bytes(g.k), sb.med * 1e3, se.med * 1e3);
                        emit_timed(r, ss, c.best());
                        r = base_row("scan_mat_full", g, n, "main");
                        r.aux = aux;
                        r.note = "build pairs + scan + extract y";
                        emit_timed(r, sf, c.best());
                        g_last[k1] = {n, sf.med};
                    }
                }
                scan_free(s);
            }
        }
    }
    // n/a rows for the Scan variants that are not built (k > 3), once
    for (auto &g : sigs) {
        std::string why;
        if (scan_supported(g, &why))
            continue;
        for (const char *m : {"scan_mat", "scan_fly"}) {
            Row r = base_row(m, g, ns.back(), "main");
            r.check = "n/a";
            r.note = why;
            emit(r);
        }
    }
}

// ---------------------------------------------------------------- order sweep
static void part_sweep()
{
    std::vector<size_t> ns = {(size_t)1 << 24, O.max_n};
    if (O.quick)
        ns = {(size_t)1 << 20, std::min(O.max_n, (size_t)1 << 24)};
    ns.erase(std::remove_if(ns.begin(), ns.end(), [](size_t n) { return n > O.max_n; }), ns.end());
    std::sort(ns.begin(), ns.end());
    ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
    printf("== order sweep: random stable filters f32, k = 1..32\n");
    std::vector<Sig> sigs;
    for (int k = 1; k <= 32; k++)
        sigs.push_back(stable(k));
    for (auto &g : sigs)
        run_checks(g, false);
    for (size_t n : ns) {
        auto it = g_copy.find(n);
        double ct = it != g_copy.end() ? it->second.best() : measure_copy(n, "sweep").best();
        for (auto &g : sigs)
            measure("plr", g, n, "sweep", ct, [&] { return plr_call(g, D.xf, D.y, n, PLR_DEVICE_CUDA); },
                    g_decision[key("plr", g)]);
    }
}

// ---------------------------------------------------------------- ablation
static void part_ablation()
{
    const char *v = getenv("PLR_CUDA_DISABLE");
    printf("== ablation: PLR_CUDA_DISABLE=%s\n", v ? v : "(unset)");
    std::vector<Sig> sigs = table1();
    sigs.push_back(hops(8));
    sigs.push_back(lowpass(4));
    sigs.push_back(stable(8));
    std::vector<size_t> ns = {(size_t)1 << 24, O.max_n};
    if (O.quick)
        ns = {(size_t)1 << 20, std::min(O.max_n, (size_t)1 << 24)};
    ns.erase(std::remove_if(ns.begin(), ns.end(), [](size_t n) { return n > O.max_n; }), ns.end());
    std::sort(ns.begin(), ns.end());
    ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
    for (auto &g : sigs)
        if (selected(g))
            run_checks(g, false);
    for (size_t n : ns) {
        CopyRef c = measure_copy(n, "ablation");
        for (auto &g : sigs)
            if (selected(g))
                measure("plr", g, n, "ablation", c.best(),
                        [&] { return plr_call(g, xdev(g), D.y, n, PLR_DEVICE_CUDA); }, g_decision[key("plr", g)]);
    }
}

// ---------------------------------------------------------------- CPU
static void part_cpu()
{
    std::vector<size_t> ns = {(size_t)1 << 20, (size_t)1 << 23, O.cpu_max_n};
    if (O.quick)
        ns = {(size_t)1 << 20, (size_t)1 << 22};
    std::sort(ns.begin(), ns.end());
    ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
    size_t top = ns.back();
    printf("== cpu: serial C loop (-O2) and the cpu backend on host arrays, up to %s\n", lg(top).c_str());
    std::vector<Sig> sigs = table1();
    for (int k : {4, 8, 16, 32})
        sigs.push_back(stable(k));
    sigs.push_back(hops(8));
    std::vector<uint32_t> xi(top), yv(top);
    std::vector<float> xf(top);
    for (size_t i = 0; i < top; i++) {
        uint32_t h = (uint32_t)i * 2654435761u;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        xi[i] = h % 1000u;
        xf[i] = (float)(h >> 8) * (2.0f / 16777216.0f) - 1.0f;
    }
    size_t cn = std::min(O.check_n, top);
    for (size_t n : ns) {
        Stats hm;
        time_it(
            [&] {
                memcpy(yv.data(), xi.data(), n * 4);
                return std::string();
            },
            &hm);
        Row r;
        r.method = "host_memcpy";
        r.sig = "-";
        r.type = "32-bit";
        r.n = n;
        r.part = "cpu";
        r.note = "memcpy on one core (the CPU rows' ratio_to_copy is against this)";
        emit_timed(r, hm, hm.med);
        for (auto &g : sigs) {
            if (!selected(g))
                continue;
            const void *x = g.type == PLR_I32 ? (const void *)xi.data() : (const void *)xf.data();
            std::vector<unsigned char> ref(cn * (g.type == PLR_I32 ? 4 : 8));
            reference(g, x, ref.data(), cn);
            // serial loop
            uint32_t a[PLR_MAX_FIR], b[PLR_MAX_ORDER];
            float af[PLR_MAX_FIR], bf[PLR_MAX_ORDER];
            for (int l = 0; l < g.p1; l++) {
                a[l] = (uint32_t)g.s.a[l].i;
                af[l] = (float)g.s.a[l].f;
            }
            for (int j = 0; j < g.k; j++) {
                b[j] = (uint32_t)g.s.b[j + 1].i;
                bf[j] = (float)g.s.b[j + 1].f;
            }
            bool special = false;
            auto serial = [&]() {
                if (g.type == PLR_I32) {
                    special = serial_table1_u32(g.text.c_str(), xi.data(), yv.data(), n);
                    if (!special)
                        serial_run_u32(xi.data(), yv.data(), n, a, g.p1, b, g.k);
                } else {
                    float *yf = reinterpret_cast<float *>(yv.data());
                    special = serial_table1_f32(g.text.c_str(), xf.data(), yf, n);
                    if (!special)
                        serial_run_f32(xf.data(), yf, n, af, g.p1, bf, g.k);
                }
                return std::string();
            };
            Row rs = base_row("serial", g, n, "cpu");
            std::string ks = "serial|" + g.text + "|cpu", why;
            if (too_slow(ks, n, &why)) {
                rs.note = why;
                emit(rs);
            } else {
                Stats s;
                time_it(serial, &s);
                g_last[ks] = {n, s.med};
                rs.check = compare(g, yv.data(), ref.data(), std::min(cn, n), false, x) + " vs host reference";
                rs.note = special ? "hand-written loop, literal coefficients" : "generic loop over coefficient arrays";
                emit_timed(rs, s, hm.med);
            }
            Row rc = base_row("plr_cpu", g, n, "cpu");
            std::string kc = "plr_cpu|" + g.text + "|cpu";
            if (too_slow(kc, n, &why)) {
                rc.note = why;
                emit(rc);
                continue;
            }
            memset(yv.data(), 0xff, n * 4);
            Stats s;
            std::string e = time_it([&] { return plr_call(g, x, yv.data(), n, PLR_DEVICE_CPU); }, &s);
            if (!e.empty()) {
                rc.check = "FAIL(" + e + ")";
                emit(rc);
                continue;
            }
            g_last[kc] = {n, s.med};
            rc.check = compare(g, yv.data(), ref.data(), std::min(cn, n), false, x) + " vs host reference";
            rc.note = fmt("PLR_DEVICE_CPU, %ld online cpus", sysconf(_SC_NPROCESSORS_ONLN));
            emit_timed(rc, s, hm.med);
        }
    }
}

// ---------------------------------------------------------------- memory (Table 2)
static void part_memory()
{
    int k = O.mem_k;
    if (k < 1 || k > 3) {
        fprintf(stderr, "plr-eval: --mem-k must be 1, 2 or 3\n");
        exit(1);
    }
    size_t n = O.mem_n;
    const char *texts[] = {"", "(1: 1)", "(1: 2, -1)", "(1: 3, -3, 1)"};
    Sig g = make_sig("table1", fmt("order %d", k), texts[k], PLR_I32);
    printf("== memory: order %d, n = %s (cudaMemGetInfo deltas, context excluded)\n", k, lg(n).c_str());
    size_t f0 = free_bytes();
    dev_alloc(n); // x (int), x (float, unused here), y
    CK(cudaFree(D.xf));
    D.xf = nullptr;
    size_t f1 = free_bytes();
    auto row = [&](const std::string &m, long long aux, const std::string &note) {
        Row r = base_row(m, g, n, "memory");
        r.aux = aux;
        r.note = note;
        emit(r);
    };
    // PLR first: in a fresh process its caches are empty
    std::string e = plr_call(g, D.xi, D.y, n, PLR_DEVICE_CUDA);
    size_t f2 = free_bytes();
    row("plr", e.empty() ? (long long)f1 - (long long)f2 : -1,
        e.empty() ? fmt("x+y %lld bytes; delta over x+y after the first call (code, aux arrays, factor rows)",
                        (long long)(f0 - f1))
                  : "FAILED: " + e);
    // copy
    launch_copy(D.xi, D.y, n);
    CK(cudaDeviceSynchronize());
    size_t f3 = free_bytes();
    row("copy", (long long)f2 - (long long)f3, "delta of the copy kernel (code)");
    if (k == 1) {
        Cub c = cub_prepare(g, n);
        if (c.why.empty()) {
            e = cub_run(c, n);
            size_t f4 = free_bytes();
            row("cub", (long long)f3 - (long long)f4,
                fmt("temp_storage_bytes=%zu; delta includes code%s", c.bytes, e.empty() ? "" : (" FAILED: " + e).c_str()));
            CK(cudaFree(c.temp));
        }
    }
    for (int mat = 1; mat >= 0; mat--) {
        size_t fa = free_bytes();
        Scan s = scan_prepare(g, n, mat);
        if (!s.why.empty()) {
            row(mat ? "scan_mat" : "scan_fly", -1, s.why);
            continue;
        }
        e = scan_full(s);
        size_t fb = free_bytes();
        row(mat ? "scan_mat" : "scan_fly", (long long)fa - (long long)fb,
            fmt("temp_storage_bytes=%zu%s; delta includes code%s", s.j.temp_bytes,
                mat ? fmt(", 2 pair arrays of %zu bytes", plr_eval::scan_pair_bytes(k) * n).c_str() : "",
                e.empty() ? "" : (" FAILED: " + e).c_str()));
        scan_free(s);
    }
    Row r = base_row("xy", g, n, "memory");
    r.aux = (long long)(f0 - f1);
    r.note = "x and y arrays (int32), for the totals";
    emit(r);
}

// ---------------------------------------------------------------- profile (Table 3)
static void part_profile()
{
    size_t n = O.profile_n;
    FILE *tf = fopen(O.tags.c_str(), "w");
    if (!tf) {
        perror(O.tags.c_str());
        exit(1);
    }
    fprintf(tf, "id,method,signature,type,k,n\n");
    int id = 0;
    auto mark = [&](const std::string &m, const Sig *g) {
        id++;
        fprintf(tf, "%d,%s,%s,%s,%d,%zu\n", id, m.c_str(), g ? q(g->text).c_str() : "\"-\"",
                g ? plr_type_name(g->type) : "32-bit", g ? g->k : 0, n);
        fflush(tf);
        CK(cudaDeviceSynchronize());
        plr_eval_marker<<<id, 32>>>(id);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
    };
    std::vector<Sig> sigs;
    if (O.profile_set == "sweep") {
        for (int k : {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32})
            sigs.push_back(stable(k));
    } else {
        sigs.push_back(make_sig("table1", "prefix sum", "(1: 1)", PLR_I32));
        sigs.push_back(make_sig("table1", "2nd-order prefix sum", "(1: 2, -1)", PLR_I32));
        sigs.push_back(make_sig("table1", "3rd-order prefix sum", "(1: 3, -3, 1)", PLR_I32));
        sigs.push_back(make_sig("table1", "2-stage low-pass", "(0.04: 1.6, -0.64)", PLR_F32));
    }
    printf("== profile (%s): n = %s, tags in %s\n", O.profile_set.c_str(), lg(n).c_str(), O.tags.c_str());
    mark("copy", nullptr);
    launch_copy(D.xi, D.y, n);
    CK(cudaDeviceSynchronize());
    for (auto &g : sigs) {
        // warm PLR (factor rows) outside the tagged launches
        mark("warmup", &g);
        std::string e = plr_call(g, xdev(g), D.y, n, PLR_DEVICE_CUDA);
        mark("plr", &g);
        if (e.empty())
            e = plr_call(g, xdev(g), D.y, n, PLR_DEVICE_CUDA);
        if (!e.empty())
            fprintf(stderr, "plr-eval: plr %s: %s\n", g.text.c_str(), e.c_str());
        if (O.profile_set == "sweep")
            continue;
        if (cub_tuple(g) == 1) {
            Cub c = cub_prepare(g, n);
            if (c.why.empty()) {
                mark("cub", &g);
                e = cub_run(c, n);
                CK(cudaFree(c.temp));
            }
        }
        for (int mat = 1; mat >= 0; mat--) {
            Scan s = scan_prepare(g, n, mat);
            if (!s.why.empty()) {
                printf("  %s %s: %s\n", mat ? "scan_mat" : "scan_fly", g.text.c_str(), s.why.c_str());
                continue;
            }
            if (mat) {
                mark("scan_mat_build", &g);
                e = scan_step(s, 0);
                mark("scan_mat", &g);
                if (e.empty())
                    e = scan_step(s, 1);
                mark("scan_mat_extract", &g);
                if (e.empty())
                    e = scan_step(s, 2);
            } else {
                mark("scan_fly", &g);
                e = scan_step(s, 3);
            }
            if (!e.empty())
                fprintf(stderr, "plr-eval: scan %s: %s\n", g.text.c_str(), e.c_str());
            scan_free(s);
        }
    }
    mark("end", nullptr);
    fclose(tf);
}

// ---------------------------------------------------------------- main
static void usage()
{
    puts("usage: plr-eval [--quick] [--parts main,sweep,cpu,ablation,memory,profile] [--csv FILE] [--append]\n"
         "                [--min-n N] [--max-n N] [--check-n N] [--reps R] [--point-s S] [--max-call-s S]\n"
         "                [--budget-s S (soft deadline: later points are skipped, with a row saying so)]\n"
         "                [--filter TEXT] [--cpu-max-n N] [--mem-k K] [--mem-n N]\n"
         "                [--profile-set table3|sweep] [--profile-n N] [--tags FILE]\n"
         "N: 2^26, 1<<26 or 67108864. See the top of bench/gpu/plr_eval.cu.");
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char * {
            if (i + 1 >= argc) {
                fprintf(stderr, "plr-eval: %s needs a value\n", a.c_str());
                exit(1);
            }
            return argv[++i];
        };
        if (a == "--quick")
            O.quick = true;
        else if (a == "--parts") {
            O.parts.clear();
            std::string s = val();
            size_t p = 0;
            while (p <= s.size()) {
                size_t c = s.find(',', p);
                if (c == std::string::npos)
                    c = s.size();
                if (c > p)
                    O.parts.push_back(s.substr(p, c - p));
                p = c + 1;
            }
        } else if (a == "--csv")
            O.csv = val();
        else if (a == "--append")
            O.append = true;
        else if (a == "--min-n")
            O.min_n = parse_n(val());
        else if (a == "--max-n")
            O.max_n = parse_n(val());
        else if (a == "--check-n")
            O.check_n = parse_n(val());
        else if (a == "--reps")
            O.max_reps = atoi(val());
        else if (a == "--point-s")
            O.point_s = atof(val());
        else if (a == "--max-call-s")
            O.max_call_s = atof(val());
        else if (a == "--budget-s")
            O.budget_s = atof(val());
        else if (a == "--filter")
            O.filter = val();
        else if (a == "--cpu-max-n")
            O.cpu_max_n = parse_n(val());
        else if (a == "--mem-k")
            O.mem_k = atoi(val());
        else if (a == "--mem-n")
            O.mem_n = parse_n(val());
        else if (a == "--profile-set")
            O.profile_set = val();
        else if (a == "--profile-n")
            O.profile_n = parse_n(val());
        else if (a == "--tags")
            O.tags = val();
        else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else {
            fprintf(stderr, "plr-eval: unknown argument %s\n", a.c_str());
            usage();
            return 1;
        }
    }
    if (O.quick) {
        if (O.max_n > ((size_t)1 << 26))
            O.max_n = (size_t)1 << 26;
        O.max_reps = std::min(O.max_reps, 7);
        O.cpu_max_n = std::min(O.cpu_max_n, (size_t)1 << 22);
    }
    for (auto &p : O.parts)
        if (p != "main" && p != "sweep" && p != "cpu" && p != "ablation" && p != "memory" && p != "profile") {
            fprintf(stderr, "plr-eval: unknown part %s\n", p.c_str());
            return 1;
        }
    if (O.min_n < 1 || O.max_n < O.min_n || O.max_n > ((size_t)1 << 31) || O.max_reps < 5 || O.check_n < 1 ||
        O.cpu_max_n < ((size_t)1 << 20) || O.mem_n < 1 || O.profile_n < 1) {
        fprintf(stderr, "plr-eval: bad sizes or reps (need 1 <= min-n <= max-n <= 2^31, reps >= 5, "
                        "cpu-max-n >= 2^20)\n");
        return 1;
    }

    bool gpu_parts = has_part("main") || has_part("sweep") || has_part("ablation") || has_part("profile") ||
                     has_part("memory");
    char date[64];
    time_t tt = time(nullptr);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%MZ", gmtime(&tt));
    g_date = date;
    int ndev = 0;
    cudaError_t de = cudaGetDeviceCount(&ndev);
    if (de != cudaSuccess || ndev < 1) {
        if (gpu_parts) {
            fprintf(stderr, "plr-eval: no CUDA device (%s)\n", de != cudaSuccess ? cudaGetErrorString(de) : "none");
            return 2;
        }
        cudaGetLastError();
        g_device = "no GPU (cpu part only)";
        printf("plr-eval: %s, %s\n", g_device.c_str(), date);
    } else {
        cudaDeviceProp prop;
        CK(cudaGetDeviceProperties(&prop, 0));
        g_sms = prop.multiProcessorCount;
        CK(cudaDeviceGetAttribute(&g_clock_khz, cudaDevAttrClockRate, 0));
        g_device = prop.name;
        if (gpu_parts && !plr_device_available(PLR_DEVICE_CUDA)) {
            fprintf(stderr, "plr-eval: libplr says its cuda backend is not available here\n");
            return 2;
        }
        printf("plr-eval: %s (%d SMs, %.2f GHz, %.1f GiB), %s; cuda runtime %d", prop.name, g_sms,
               g_clock_khz / 1e6, prop.totalGlobalMem / 1073741824.0, date, CUDART_VERSION);
    }
    printf("; parts");
    for (auto &p : O.parts)
        printf(" %s", p.c_str());
    printf("; PLR_CUDA_DISABLE=%s\n", getenv("PLR_CUDA_DISABLE") ? getenv("PLR_CUDA_DISABLE") : "(unset)");

    bool exists = access(O.csv.c_str(), F_OK) == 0;
    g_csv = fopen(O.csv.c_str(), O.append ? "a" : "w");
    if (!g_csv) {
        perror(O.csv.c_str());
        return 1;
    }
    if (!O.append || !exists)
        csv_header();

    double t0 = now_s();
    if (O.budget_s > 0)
        g_deadline = t0 + O.budget_s;
    if (has_part("memory")) {
        part_memory();
        dev_free();
    }
    if (has_part("main") || has_part("sweep") || has_part("ablation") || has_part("profile")) {
        size_t need = std::max(O.max_n, std::max(O.check_n, has_part("profile") ? O.profile_n : 0));
        dev_alloc(need);
        if (has_part("main"))
            part_main();
        if (has_part("sweep"))
            part_sweep();
        if (has_part("ablation"))
            part_ablation();
        if (has_part("profile"))
            part_profile();
        dev_free();
    }
    if (has_part("cpu"))
        part_cpu();
    fclose(g_csv);
    printf("plr-eval: done in %.1f s, rows in %s\n", now_s() - t0, O.csv.c_str());
    return 0;
}
