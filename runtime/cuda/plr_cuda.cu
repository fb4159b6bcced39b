// Host side of the CUDA backend: device probe, cached per-process state
// (streams, auxiliary carry/flag arrays, factor rows, pipeline buffers),
// pointer classification, and the two ways of running: in place on device
// or managed memory, or pipelined through pinned staging for host arrays.
#include "plr_cuda_iface.h"
#include "plr_batch.cuh"
#include "plr_wrow.cuh"
#include "plr_warmup.cuh"
#include "plr_kernel.cuh"
#include "plr_korder.cuh"
#include "plr_korder1.cuh"
#include "plr_scan.cuh"
#include "plr_kernels.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <condition_variable>
#include <cstdarg>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace {


void say(char *why, size_t len, const char *fmt, ...)
{
    if (!why || !len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
}

// ---- a small pool for parallel staging copies of pageable memory ----------
// One memcpy thread moves about 10 GB/s, well under a PCIe 5 link, so the
// staging copies are split over several threads.
class CopyPool {
  public:
    explicit CopyPool(unsigned n)
    {
        for (unsigned i = 0; i < n; i++)
            th_.emplace_back([this, i] { loop(i + 1); });
    }
    ~CopyPool()
    {
        {
            std::lock_guard<std::mutex> g(m_);
            stop_ = true;
        }
        cv_.notify_all();
        for (auto &t : th_)
            t.join();
    }
    unsigned parts() const { return (unsigned)th_.size() + 1; }
    // run fn(part) for part in [0, parts()), the caller doing part 0
    void run(const std::function<void(unsigned)> &fn)
    {
        {
            std::lock_guard<std::mutex> g(m_);
            job_ = &fn;
            pending_ = (unsigned)th_.size();
            gen_++;
        }
        cv_.notify_all();
        fn(0);
        std::unique_lock<std::mutex> g(m_);
        done_.wait(g, [this] { return pending_ == 0; });
        job_ = nullptr;
    }

  private:
    void loop(unsigned part)
    {
        unsigned seen = 0;
        for (;;) {
            const std::function<void(unsigned)> *job;
            {
                std::unique_lock<std::mutex> g(m_);
                cv_.wait(g, [&] { return stop_ || gen_ != seen; });
                if (stop_)
                    return;
                seen = gen_;
                job = job_;
            }
            (*job)(part);
            std::lock_guard<std::mutex> g(m_);
            if (--pending_ == 0)
                done_.notify_one();
        }
    }
    std::vector<std::thread> th_;
    std::mutex m_;
    std::condition_variable cv_, done_;
    const std::function<void(unsigned)> *job_ = nullptr;
    unsigned pending_ = 0, gen_ = 0;
    bool stop_ = false;
};

void par_copy(CopyPool *pool, void *dst, const void *src, size_t bytes)
{
    // waking the pool costs more than it saves on small pieces
    if (!pool || bytes < (8u << 20)) {
        memcpy(dst, src, bytes);
        return;
    }
    unsigned parts = pool->parts();
    size_t per = (bytes / parts + 4095) & ~(size_t)4095;
    pool->run([&](unsigned part) {
        size_t lo = part * per;
        if (lo >= bytes)
            return;
        size_t hi = lo + per < bytes ? lo + per : bytes;
        memcpy((char *)dst + lo, (const char *)src + lo, hi - lo);
    });
}

// ---- factor rows cached per (type, b, chunk size) ------------------------
struct Rows {
    int cls;
    unsigned k;
    size_t m;
    int blk; // compute threads per block: rows hold BLK + 1 entries
    unsigned char b[PLRC_MAXK * 8];
    void *dG;
    unsigned exact, ndep;
    bool finite;
    double maxf; // largest |factor| in the chunk
};

// factor rows of the batched kernel: spans t*ITEMS for t = 0..BB, then the
// powers of the segment's carry map M (tps threads' spans) for the look-back
struct BRows {
    int cls;
    unsigned k;
    size_t m;
    unsigned tps;
    unsigned char b[PLRC_MAXK * 8];
    void *dG;
    size_t tp_off; // elements from dG to M^0
    unsigned exact;
    unsigned decayed; // float types: every entry of M below DECAY_F32 / DECAY_F64 (see get_brows)
    unsigned char gp2[9 * 16 * 8]; // rows 2^e of G for the kernel parameters (k <= B_GP2K)
    bool finite;
    double maxf;
    // the warm-up length: every factor F(j, i), i >= warm, below the decay
    // threshold (floats) or zero (integers) throughout the table; m: never
    // within it (see warmup_geom)
    size_t warm;
};

// a cached device buffer that only grows
struct DevBuf {
    void *p = nullptr;
    size_t cap = 0;
    bool ensure(size_t bytes)
    {
        if (bytes <= cap)
            return true;
        cudaFree(p);
        p = nullptr;
        cap = 0;
        size_t want = bytes + bytes / 4;
        if (cudaMalloc(&p, want) != cudaSuccess) {
            cudaGetLastError();
            return false;
        }
        cap = want;
        return true;
    }
};

// Largest |correction factor| within a chunk that a float signature may
// have. f32 carries and merges run in double: a merge term F*C then rounds
// by at most F * 2^-53 |C|, which for F <= 2^19 is 2^-10 of one f32 rounding
// of the carry, so a carry takes well under one f32 rounding from its merges
// (the 7- and 8-stage low-pass filters grow to 2.6e4 and 2.1e5; the 3rd-order
// prefix sum to 8.4e6 at 4096 elements per chunk, declined). f64 has no wider
// type: 64 keeps its merges within six of its own roundings.
constexpr double F64_GROWTH_LIMIT = 64.0;
constexpr double F32_GROWTH_LIMIT = 524288.0; // 2^19
constexpr size_t PIECE_BYTES = 16u << 20; // pipeline piece: 16 MiB of elements

struct Ctx {
    std::mutex mu;
    bool probed = false;
    bool ok = false;
    char why[200] = "";
    int dev = 0;
    int sms = 0;
    int cc_major = 0;
    double dram_gbs_per_sm = 0; // peak DRAM bandwidth an SM, GB/s (scan_layout)
    bool ready = false; // streams created
    cudaStream_t comp = nullptr, h2d = nullptr, d2h = nullptr;
    unsigned *flags = nullptr;
    size_t flags_cap = 0;
    void *carry_local = nullptr, *carry_global = nullptr, *halo = nullptr;
    size_t carry_cap = 0, halo_cap = 0; // bytes
    unsigned epoch = 0;
    std::vector<Rows> rows; // most recently used first
    struct Occ {
        const void *fn;
        size_t smem;
        int per_sm;
    };
    std::vector<Occ> occ;
    // ablation switches (PLR_CUDA_DISABLE), for measuring what each
    // factor optimization is worth; results stay exact either way
    bool no_exact = false, no_skip = false, no_ones = false;
    bool no_decay = false; // batched: carries through factors below 2^-40 / 2^-70 still looked back for
    // pipeline
    void *pin_in[2] = {}, *pin_out[2] = {}, *din[2] = {}, *dout[2] = {}, *cout[2] = {};
    bool pipe_ready = false;
    cudaEvent_t ev_h2d[2] = {}, ev_kern[2] = {}, ev_d2h[2] = {};
    CopyPool *pool = nullptr;
    // batched paths (plr_batch.cuh)
    unsigned long long *ticket = nullptr; // tile tickets, never reset: each
    unsigned long long ticket_base = 0;   // launch starts where the last ended
    std::vector<BRows> brows;             // most recently used first
    DevBuf st_in, hi_in, st_out, fin;     // per-sequence boundaries on the device
    DevBuf pst[2], phi[2];                // between the pieces of a streamed host call
    DevBuf tmp;                           // a strided sequence packed for the single-array kernel
    DevBuf ko;                            // higher orders: segment states, inputs, flag
    void *ko_hist_host = nullptr;         // higher orders on host arrays: a piece's histories (pinned)
    struct KoMats {                       // higher orders: the powers of A on the device (korder_mats)
        int cls;
        unsigned k;
        unsigned char b[PLRC_MAXK][8];
        std::vector<unsigned long long> lens; // A^len for each, in that order
        void *dev;
    };
    std::vector<KoMats> komats; // most recently used first
    DevBuf scan_state;          // the tiles' published states (plr_tile_state.cuh): scan, one-pass korder
    unsigned scan_epoch = 0;
    int smem_optin = 48 * 1024;           // per block, with the attribute
    bool no_prefetch = false;             // PLR_CUDA_DISABLE=prefetch
    // PLR_CUDA_TIMING: events around single launches on device memory
    bool timing = false;
    cudaEvent_t tev[2] = {};
    double last_ms = -1;
    const char *last_batch = ""; // the kernel the last device batch launched (plrc_last_batch_kernel)
    const char *last_flat = "";  // the kernel the last flat device array took (plrc_last_flat_kernel)
};

// PLR_CUDA_HOST_TRACE (plr_cuda_iface.h): per mark, the host time since the
// previous mark, each sample kept (a mean alone cannot tell a steady cost
// from a few descheduled calls)
struct HostTrace {
    static constexpr size_t MAX_SAMPLES = 1u << 16;
    bool on;
    double last, sum[PLRC_T_COUNT];
    std::vector<float> us[PLRC_T_COUNT]; // the first MAX_SAMPLES
    unsigned long long calls;
    bool skipped;
};
// The q-quantile of the samples (q in [0, 1)), 0 for none.
static double percentile_of(std::vector<float> v, double q)
{
    if (v.empty())
        return 0;
    const size_t k = (size_t)(v.size() * q);
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[k];
}
HostTrace &host_trace()
{
    static HostTrace *t = [] {
        HostTrace *h = new HostTrace{};
        const char *e = getenv("PLR_CUDA_HOST_TRACE");
        h->on = e && *e == '1';
        if (h->on)
            atexit([] {
                static const char *name[PLRC_T_COUNT] = {"start", "available", "factor_len", "factors",
                                                         "lock+setup", "path", "boundaries", "wrow_geom", "factor rows", "max_dyn", "scan plan",
                                                         "occupancy", "tile states", "params", "launch",
                                                         "sync", "run end", "glue end"};
                HostTrace &h2 = host_trace();
                fprintf(stderr,
                        "plr: cuda host trace over %llu calls%s (us since the previous mark: per call, median "
                        "and 90th percentile of the samples, samples):\n",
                        h2.calls, h2.skipped ? " after the first 19" : "");
                for (int m = 1; m < PLRC_T_COUNT; m++) {
                    const std::vector<float> &v = h2.us[m];
                    fprintf(stderr, "  %-11s %8.2f %8.2f %8.2f %8zu\n", name[m], h2.calls ? h2.sum[m] * 1e6 / h2.calls : 0.0,
                            percentile_of(v, 0.5), percentile_of(v, 0.9), v.size());
                }
            });
        return h;
    }();
    return *t;
}

Ctx &ctx()
{
    static Ctx *c = new Ctx; // never destroyed: the driver may be gone at exit
    return *c;
}

// PLR_CUDA_DISABLE=token[,token...]:
//   exact     a chunk whose local carries are already exact (factors that
//             have decayed to zero within a chunk) still waits for the
//             look-back before publishing them as global
//   skip      every warp waits for the carry-in, also those whose factors
//             are all zero
//   truncate  factors that underflowed to zero are not exploited at all
//             (both of the above)
//   ones      a prefix sum's constant factor list (all ones) is loaded and
//             multiplied like any other
//   prefetch  the batched kernel ignores PLR_CUDA_PREFETCH=1 (persistent
//             blocks loading the next tile while the current one computes)
//   decay     batched kernels treat a segment's carries as exact only where
//             the factors across it are zero, not where they decayed below
//             2^-40 (f32) / 2^-70 (f64) (see get_brows)
// Unknown tokens are reported on stderr and ignored.
void parse_disable(Ctx &c)
{
    const char *e = getenv("PLR_CUDA_DISABLE");
    if (!e)
        return;
    std::string all(e);
    size_t pos = 0;
    while (pos <= all.size()) {
        size_t end = all.find(',', pos);
        if (end == std::string::npos)
            end = all.size();
        std::string t = all.substr(pos, end - pos);
        if (t == "exact")
            c.no_exact = true;
        else if (t == "skip")
            c.no_skip = true;
        else if (t == "truncate")
            c.no_exact = c.no_skip = true;
        else if (t == "ones")
            c.no_ones = true;
        else if (t == "prefetch")
            c.no_prefetch = true;
        else if (t == "decay")
            c.no_decay = true;
        else if (!t.empty())
            fprintf(stderr, "plr: PLR_CUDA_DISABLE: unknown token '%s' ignored "
                            "(known: exact, skip, truncate, ones, prefetch, decay)\n", t.c_str());
        pos = end + 1;
    }
}

bool probe_locked(Ctx &c)
{
    if (c.probed)
        return c.ok;
    c.probed = true;
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        snprintf(c.why, sizeof c.why, "cuda: %s", cudaGetErrorString(e));
        cudaGetLastError();
        return false;
    }
    if (count == 0) {
        snprintf(c.why, sizeof c.why, "cuda: no CUDA device");
        return false;
    }
    e = cudaGetDevice(&c.dev);
    cudaDeviceProp prop;
    if (e == cudaSuccess)
        e = cudaGetDeviceProperties(&prop, c.dev);
    if (e != cudaSuccess) {
        snprintf(c.why, sizeof c.why, "cuda: %s", cudaGetErrorString(e));
        cudaGetLastError();
        return false;
    }
    if (prop.major < 7 || (prop.major == 7 && prop.minor < 5)) {
        snprintf(c.why, sizeof c.why, "cuda: %.100s is compute capability %d.%d; libplr needs 7.5+",
                 prop.name, prop.major, prop.minor);
        return false;
    }
    if (!prop.cooperativeLaunch) {
        // the kernel's blocks wait on each other: they must all be resident
        snprintf(c.why, sizeof c.why, "cuda: %.100s does not support cooperative launches", prop.name);
        return false;
    }
    c.sms = prop.multiProcessorCount;
    if (cudaDeviceGetAttribute(&c.smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, c.dev) != cudaSuccess) {
        cudaGetLastError();
        c.smem_optin = 48 * 1024;
    }
    c.timing = getenv("PLR_CUDA_TIMING") != nullptr;
    c.cc_major = prop.major;
    {
        int mem_khz = 0, bus_bits = 0;
        if (cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, c.dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, c.dev) != cudaSuccess) {
            cudaGetLastError();
            mem_khz = bus_bits = 0;
        }
        c.dram_gbs_per_sm = 2.0 * mem_khz * 1e3 * (bus_bits / 8) / 1e9 / c.sms;
    }
    parse_disable(c);
    c.ok = true;
    snprintf(c.why, sizeof c.why, "cuda: %.100s, %d SMs, %.1f GB/s of DRAM an SM", prop.name, c.sms,
             c.dram_gbs_per_sm);
    return true;
}

// a failed CUDA call: say which, clear the error, return `fail`
#define CK_OR(call, fail)                                                                          \
    do {                                                                                           \
        cudaError_t err_ = (call);                                                                 \
        if (err_ != cudaSuccess) {                                                                 \
            say(why, whylen, "cuda: %s failed: %s", #call, cudaGetErrorString(err_));              \
            cudaGetLastError();                                                                    \
            return fail;                                                                           \
        }                                                                                          \
    } while (0)
#define CK(call) CK_OR(call, false)

bool setup_locked(Ctx &c, char *why, size_t whylen)
{
    if (c.ready)
        return true;
    CK(cudaSetDevice(c.dev));
    // Blocking streams: the caller's work queued on the legacy default stream
    // before a call (the kernel or copy that produced x, a memset of y)
    // completes before ours starts, as a synchronous call promises. Streams
    // made with cudaStreamNonBlocking let PLR read x and write y while that
    // work still ran (seen on an H200: a memset of y queued before the call
    // overwrote its outputs from ~1.5% of the array on).
    // PLR_CUDA_STREAMS=nonblocking (read at the first call; for the test that
    // shows the difference) makes them as before. PLR_CUDA_STREAMS=legacy (a
    // measuring switch) launches the kernels on the legacy default stream
    // itself (the same order for the caller; host arrays lose the overlap of
    // their copies and kernels).
    const char *sf = getenv("PLR_CUDA_STREAMS");
    const unsigned flags = sf && !strcmp(sf, "nonblocking") ? cudaStreamNonBlocking : cudaStreamDefault;
    if (sf && !strcmp(sf, "legacy"))
        c.comp = cudaStreamLegacy;
    else
        CK(cudaStreamCreateWithFlags(&c.comp, flags));
    CK(cudaStreamCreateWithFlags(&c.h2d, flags));
    CK(cudaStreamCreateWithFlags(&c.d2h, flags));
    if (c.timing) {
        CK(cudaEventCreate(&c.tev[0]));
        CK(cudaEventCreate(&c.tev[1]));
    }
    c.ready = true;
    return true;
}

// Auxiliary memory per chunk: one flag word, k local and k global carries,
// and (in place with FIR history only) p parked inputs.
bool ensure_aux(Ctx &c, size_t nchunks, size_t carry_bytes, size_t halo_bytes, char *why,
                size_t whylen)
{
    if (nchunks > c.flags_cap) {
        size_t cap = nchunks + nchunks / 4;
        if (c.flags)
            cudaFree(c.flags);
        c.flags = nullptr;
        c.flags_cap = 0;
        CK(cudaMalloc(&c.flags, cap * sizeof(unsigned)));
        CK(cudaMemsetAsync(c.flags, 0, cap * sizeof(unsigned), c.comp));
        c.flags_cap = cap;
    }
    if (carry_bytes > c.carry_cap) {
        size_t cap = carry_bytes + carry_bytes / 4;
        cudaFree(c.carry_local);
        cudaFree(c.carry_global);
        c.carry_local = c.carry_global = nullptr;
        c.carry_cap = 0;
        CK(cudaMalloc(&c.carry_local, cap));
        CK(cudaMalloc(&c.carry_global, cap));
        // no stale word may carry a future epoch's tag
        CK(cudaMemsetAsync(c.carry_local, 0, cap, c.comp));
        CK(cudaMemsetAsync(c.carry_global, 0, cap, c.comp));
        c.carry_cap = cap;
    }
    if (halo_bytes > c.halo_cap) {
        size_t cap = halo_bytes + halo_bytes / 4;
        cudaFree(c.halo);
        c.halo = nullptr;
        c.halo_cap = 0;
        CK(cudaMalloc(&c.halo, cap));
        c.halo_cap = cap;
    }
    return true;
}

unsigned next_epoch(Ctx &c)
{
    if (++c.epoch > plrk::EPOCH_MASK) {
        // flags and carry tags of 2^30 launches ago could alias: clear and restart
        cudaMemsetAsync(c.flags, 0, c.flags_cap * sizeof(unsigned), c.comp);
        cudaMemsetAsync(c.carry_local, 0, c.carry_cap, c.comp);
        cudaMemsetAsync(c.carry_global, 0, c.carry_cap, c.comp);
        c.epoch = 1;
    }
    return c.epoch;
}

template <class T> bool is_finite_val(T v)
{
    if constexpr (std::is_floating_point<T>::value)
        return v - v == T(0);
    else
        return true;
}

// Factor idx of the table as the merges use it: f32 signatures take the f64
// table's value (see plr_cuda_glue.c) wherever the f32 table's is non-zero,
// so that which factors are zero - exact carries, warps that need no
// carry-in - is decided as before.
template <class T>
typename plrk::acc_of<T>::type fac_acc(const plrc_problem &pp, size_t idx)
{
    using Acc = typename plrk::acc_of<T>::type;
    const T v = static_cast<const T *>(pp.fac)[idx];
    if constexpr (std::is_same<T, float>::value)
        if (pp.fac_f64 && v != 0.0f)
            return pp.fac_f64[idx];
    return Acc(v);
}

// Rows G[(j*k + r)*ROWS + t] = F(j, t*ITEMS - 1 - r), ROWS = BLK + 1, taken
// from the shared factor table; F(j, -1-j) = 1 extends the lists to the
// carries themselves.
template <class T>
bool get_rows(Ctx &c, const plrc_problem &pp, int items, int blk, const Rows **out, char *why,
              size_t whylen)
{
    const int ROWS = blk + 1;
    for (size_t i = 0; i < c.rows.size(); i++) {
        Rows &r = c.rows[i];
        if (r.cls == pp.cls && r.k == pp.k && r.m == pp.m && r.blk == blk &&
            memcmp(r.b, pp.bdense, pp.k * sizeof(pp.bdense[0])) == 0) {
            if (i) {
                Rows tmp = r;
                c.rows.erase(c.rows.begin() + i);
                c.rows.insert(c.rows.begin(), tmp);
            }
            *out = &c.rows[0];
            return true;
        }
    }
    using Acc = typename plrk::acc_of<T>::type;
    const unsigned k = pp.k;
    const T *fac = static_cast<const T *>(pp.fac);
    std::vector<Acc> G((size_t)k * k * ROWS);
    Rows nr{};
    nr.cls = pp.cls;
    nr.k = k;
    nr.m = pp.m;
    nr.blk = blk;
    memcpy(nr.b, pp.bdense, sizeof nr.b);
    nr.finite = true;
    nr.exact = 1;
    nr.ndep = 1;
    for (unsigned j = 0; j < k; j++)
        for (size_t i = 0; i < pp.m; i++) {
            T v = fac[j * pp.m + i];
            if (!is_finite_val(v))
                nr.finite = false;
            if constexpr (std::is_floating_point<T>::value) {
                double a = v < 0 ? -(double)v : (double)v;
                if (a > nr.maxf)
                    nr.maxf = a;
            }
        }
    for (unsigned j = 0; j < k; j++)
        for (unsigned r = 0; r < k; r++)
            for (int t = 0; t < ROWS; t++) {
                long long i = (long long)t * items - 1 - r;
                Acc v;
                if (i >= 0)
                    v = fac_acc<T>(pp, j * pp.m + (size_t)i);
                else
                    v = (i == -1 - (long long)j) ? Acc(1) : Acc(0);
                G[((size_t)j * k + r) * ROWS + t] = v;
                if (v != Acc(0)) {
                    if (t == blk)
                        nr.exact = 0;
                    else if ((unsigned)(t / 32) + 1 > nr.ndep)
                        nr.ndep = t / 32 + 1;
                }
            }
    // T^l (l = 0..32) and T^(32w) (w < LB_WINDOWS): the carry map across
    // l whole chunks, T[r][j] = F(j, m-1-r), for the look-back's windows
    const size_t kk = (size_t)k * k;
    std::vector<Acc> Tm(kk);
    for (unsigned r = 0; r < k; r++)
        for (unsigned j = 0; j < k; j++)
            Tm[r * k + j] = G[((size_t)j * k + r) * ROWS + blk];
    auto mul = [&](const Acc *a, const Acc *b, Acc *out) {
        for (unsigned r = 0; r < k; r++)
            for (unsigned j = 0; j < k; j++) {
                Acc sum = Acc(0);
                for (unsigned q = 0; q < k; q++)
                    sum += a[r * k + q] * b[q * k + j];
                out[r * k + j] = sum;
            }
    };
    size_t base = G.size();
    G.resize(base + (33 + plrk::LB_WINDOWS) * kk);
    Acc *Tp = G.data() + base, *Tb = Tp + 33 * kk;
    for (unsigned r = 0; r < k; r++)
        Tp[r * k + r] = Acc(1);
    for (int l = 1; l <= 32; l++)
        mul(Tm.data(), Tp + (l - 1) * kk, Tp + l * kk);
    for (unsigned r = 0; r < k; r++)
        Tb[r * k + r] = Acc(1);
    for (int w = 1; w < plrk::LB_WINDOWS; w++)
        mul(Tp + 32 * kk, Tb + (w - 1) * kk, Tb + w * kk);
    for (size_t i = base; i < G.size(); i++)
        if (!is_finite_val(G[i]))
            nr.finite = false;
    CK(cudaMalloc(&nr.dG, G.size() * sizeof(Acc)));
    cudaError_t e = cudaMemcpy(nr.dG, G.data(), G.size() * sizeof(Acc), cudaMemcpyHostToDevice);
    if (e != cudaSuccess) {
        cudaFree(nr.dG);
        say(why, whylen, "cuda: factor upload failed: %s", cudaGetErrorString(e));
        return false;
    }
    if (c.rows.size() >= 32) {
        cudaFree(c.rows.back().dG);
        c.rows.pop_back();
    }
    c.rows.insert(c.rows.begin(), nr);
    *out = &c.rows[0];
    return true;
}

const void *kernel_for(int cls, unsigned k, int blk, bool fir_reg)
{
    switch (cls) {
    case PLRC_U32: return plrk::kernel_u32(k, blk, fir_reg);
    case PLRC_U64: return plrk::kernel_u64(k, blk, fir_reg);
    case PLRC_F32: return plrk::kernel_f32(k, blk, fir_reg);
    default: return plrk::kernel_f64(k, blk, fir_reg);
    }
}

// A measuring switch's value (nullptr: unset): the environment as it was at
// the first call or at the last plrc_switches_changed(), so that one process
// can compare settings without a getenv per switch and call (the eight a
// 1080x1920 call read cost it ~0.5 us of its ~22 on the H100 host).
std::atomic<unsigned> switch_gen{1};
const char *switch_env(const char *name)
{
    struct Entry {
        const char *name;
        unsigned gen;
        bool set;
        char value[64];
    };
    static std::mutex mu;
    static Entry tab[32];
    static unsigned used;
    const unsigned gen = switch_gen.load(std::memory_order_acquire);
    std::lock_guard<std::mutex> g(mu);
    Entry *e = nullptr;
    for (unsigned i = 0; i < used && !e; i++)
        if (tab[i].name == name || !strcmp(tab[i].name, name))
            e = &tab[i];
    if (!e) {
        if (used == sizeof tab / sizeof *tab)
            return getenv(name); // (more switches than the table holds: read each time)
        e = &tab[used++];
        e->name = name;
        e->gen = 0;
    }
    if (e->gen != gen) {
        const char *v = getenv(name);
        e->set = v != nullptr;
        snprintf(e->value, sizeof e->value, "%s", v ? v : "");
        e->gen = gen;
    }
    return e->set ? e->value : nullptr;
}

// whether switch `name` is set to exactly `value`
bool env_is(const char *name, const char *value)
{
    const char *e = switch_env(name);
    return e && !strcmp(e, value);
}

// PLR_CUDA_KO_HOST: orders above 8 on one forward host array through the
// higher-order kernels piece by piece (run_korder_host) when 1, the
// single-pass kernel's general path when 0; unset: KO_HOST_DEFAULT, 0 until
// cuda-test's group 3k has passed on a GPU (written on 2026-12-05, when no
// device was lent)
#ifndef PLR_CUDA_KO_HOST_DEFAULT
#define PLR_CUDA_KO_HOST_DEFAULT 0
#endif
bool korder_host_on()
{
    const char *e = switch_env("PLR_CUDA_KO_HOST");
    return e ? strcmp(e, "0") != 0 : PLR_CUDA_KO_HOST_DEFAULT != 0;
}

// PLR_CUDA_LBVALS=window: the look-back loads multi-word carries one window
// at a time, as before the batched loads (a measuring switch, see switch_env)
bool lb_window_forced() { return env_is("PLR_CUDA_LBVALS", "window"); }

// PLR_CUDA_LBSLEEP=NS: the look-back's back-off between polls that found a
// predecessor unpublished (default 64 ns; a measuring switch)
unsigned lb_sleep_ns()
{
    const char *e = switch_env("PLR_CUDA_LBSLEEP");
    if (!e || !*e)
        return 64;
    char *end;
    unsigned long v = strtoul(e, &end, 10);
    return (*end || v > 100000) ? 64u : (unsigned)v;
}

// PLR_CUDA_FIR=stage: FIR parts read their taps from the shared-memory stage
// with block barriers, as before the register path (a measuring switch, for
// benchmarks and tests)
bool fir_stage_forced() { return env_is("PLR_CUDA_FIR", "stage"); }

// PLR_CUDA_ZT=1: the warm-up and warps-per-row kernels run the body that
// checks every tap for zero whatever the taps, as before their dense bodies
// (a measuring switch; plr_warmup.cuh)
bool zero_taps_forced() { return env_is("PLR_CUDA_ZT", "1"); }

int block_for(const Ctx &c, int cls, unsigned k)
{
    return plrk::block_for(cls == PLRC_U32, k, c.cc_major);
}

// The signature's taps and the x history into a kernel's parameters (the
// single-pass kernel's Params, the higher-order kernels' KParams)
template <class T, class KP> void fill_taps(KP &P, const plrc_problem &pp)
{
    P.p = pp.p;
    P.na = pp.na;
    for (unsigned q = 0; q < pp.na; q++) {
        P.alag[q] = pp.alag[q];
        memcpy(&P.acoef[q], pp.acoef[q], sizeof(T));
    }
    for (unsigned j = 0; j < pp.k; j++)
        memcpy(&P.b[j], pp.bdense[j], sizeof(T));
    for (unsigned j = 0; j < pp.p; j++)
        memcpy(&P.xhist[j], pp.xhist[j], sizeof(T));
}

template <class T> void fill_params(plrk::Params<T> &P, const plrc_problem &pp)
{
    memset(&P, 0, sizeof P);
    P.k = pp.k;
    fill_taps<T>(P, pp);
    for (unsigned j = 0; j < pp.k; j++) {
        memcpy(&P.state[j], pp.state[j], sizeof(T));
        if (P.b[j] != T(0))
            P.bnz |= 1u << j;
    }
}

// Blocks of `fn` that fit on one SM with `smem` bytes of stages, cached per
// kernel (the attribute call and the query cost microseconds each).
bool kernel_occupancy(Ctx &c, const void *fn, int threads, size_t smem, int *per_sm, char *why,
                      size_t whylen)
{
    for (const auto &o : c.occ)
        if (o.fn == fn && o.smem == smem) {
            *per_sm = o.per_sm;
            return true;
        }
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    int n = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, fn, threads, smem));
    if (n < 1) {
        say(why, whylen, "cuda: the kernel does not fit on an SM (%zu bytes of shared memory)", smem);
        return false;
    }
    c.occ.push_back({fn, smem, n});
    *per_sm = n;
    return true;
}

// One launch over n elements already on the device.
template <class T>
bool launch(Ctx &c, const plrc_problem &pp, const Rows &rows, plrk::Params<T> P, const T *x, T *y,
            size_t n, cudaStream_t s, char *why, size_t whylen)
{
    const int items = plrk::items_for(sizeof(T), pp.k);
    const int blk = rows.blk;
    const size_t m = (size_t)blk * items;
    const size_t nchunks = (n + m - 1) / m;
    using Acc = typename plrk::acc_of<T>::type;
    const bool in_place_fir = x == y && pp.p > 0;
    // carries as tagged words: 8 bytes per 32-bit piece of an Acc
    if (!ensure_aux(c, nchunks, nchunks * pp.k * sizeof(Acc) * 2,
                    in_place_fir ? nchunks * pp.p * sizeof(T) : 0, why, whylen))
        return false;
    P.x = x;
    P.y = y;
    P.n = n;
    P.nchunks = nchunks;
    P.G = static_cast<const Acc *>(rows.dG);
    P.flags = c.flags;
    P.carry_local = static_cast<unsigned long long *>(c.carry_local);
    P.carry_global = static_cast<unsigned long long *>(c.carry_global);
    P.halo = static_cast<T *>(c.halo);
    P.epoch = next_epoch(c);
    P.exact = rows.exact && !c.no_exact;
    P.ndep = c.no_skip ? (unsigned)blk / 32 : rows.ndep;
    // a prefix sum's factors are all one: merges become sums, no loads
    P.ones = pp.k == 1 && P.b[0] == T(1) && !c.no_ones;
    P.vec = ((uintptr_t)x % 16 == 0 && (uintptr_t)y % 16 == 0) ? 1 : 0;
    P.halo_from_aux = in_place_fir ? 1 : 0;
    P.lb_window = lb_window_forced() ? 1 : 0;
    P.lb_sleep = lb_sleep_ns();
    const size_t smem = (size_t)plrk::stages_for(c.cc_major) * m * sizeof(T);
    // FIR parts with short histories: the register path (no block barriers,
    // no per-tap shared-memory reads); in place, the first warp of a chunk
    // needs its predecessor's parked inputs, which only the stage path has
    const void *fn = nullptr;
    if (pp.p > 0 && pp.p <= (unsigned)plrk::FIR_REG && !in_place_fir && !fir_stage_forced()) {
        fn = kernel_for(pp.cls, pp.k, blk, true);
        for (unsigned q = 0; fn && q < pp.na; q++) {
            P.adense[P.alag[q]] = P.acoef[q];
            P.amask |= 1u << P.alag[q];
        }
    }
    if (!fn)
        fn = kernel_for(pp.cls, pp.k, blk, false);
    const int threads = plrk::threads_for(c.cc_major, blk);
    int per_sm = 0;
    if (!fn) {
        say(why, whylen, "cuda: no kernel for order %u with %d threads", pp.k, blk);
        return false;
    }
    if (!kernel_occupancy(c, fn, threads, smem, &per_sm, why, whylen))
        return false;
    // Persistent blocks, as many as fit at once. The launch is cooperative:
    // block b works on chunks b, b+grid, ... and waits on its predecessors'
    // carries, which is only safe when every block is resident.
    size_t grid = (size_t)per_sm * c.sms;
    if (grid > nchunks)
        grid = nchunks;
    P.Tp = static_cast<const Acc *>(rows.dG) + (size_t)pp.k * pp.k * (blk + 1);
    P.Tbig = P.Tp + (size_t)33 * pp.k * pp.k;
    void *args[] = {&P};
    CK(cudaLaunchCooperativeKernel(fn, dim3((unsigned)grid), dim3((unsigned)threads), args, smem, s));
    return true;
}

enum PtrKind { PK_PAGEABLE, PK_PINNED, PK_DEVICE };

PtrKind classify(const void *p, int dev, bool *other_dev)
{
    cudaPointerAttributes a;
    *other_dev = false;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        cudaGetLastError();
        return PK_PAGEABLE;
    }
    switch (a.type) {
    case cudaMemoryTypeDevice:
        *other_dev = a.device != dev;
        return PK_DEVICE;
    case cudaMemoryTypeManaged: return PK_DEVICE;
    case cudaMemoryTypeHost: return PK_PINNED;
    default: return PK_PAGEABLE;
    }
}

// PLR_CUDA_TIMING: events around the launch, read after the synchronize.
// Set when the process starts; PLR_CUDA_TIMING=0 later (a measuring switch)
// pauses them: two event records cost a call ~3 us of wall time on the H100
// host, which a benchmark's wall times must not carry.
bool timing_now(const Ctx &c) { return c.timing && !env_is("PLR_CUDA_TIMING", "0"); }
void time_mark(Ctx &c, int which)
{
    if (timing_now(c))
        cudaEventRecord(c.tev[which], c.comp);
}
void time_read(Ctx &c)
{
    float ms = -1;
    if (timing_now(c) && cudaEventElapsedTime(&ms, c.tev[0], c.tev[1]) == cudaSuccess)
        c.last_ms = ms;
    cudaGetLastError();
}

template <class T>
bool run_device(Ctx &c, const plrc_problem &pp, const Rows &rows, char *why, size_t whylen)
{
    plrk::Params<T> P;
    fill_params(P, pp);
    time_mark(c, 0);
    if (!launch<T>(c, pp, rows, P, static_cast<const T *>(pp.x), static_cast<T *>(pp.y), pp.n,
                   c.comp, why, whylen))
        return false;
    time_mark(c, 1);
    CK(cudaStreamSynchronize(c.comp));
    plrc_trace(PLRC_T_SYNC);
    CK(cudaGetLastError());
    time_read(c);
    return true;
}

bool pipe_setup(Ctx &c, char *why, size_t whylen)
{
    if (c.pipe_ready)
        return true;
    for (int s = 0; s < 2; s++) {
        CK(cudaMallocHost(&c.pin_in[s], PIECE_BYTES));
        CK(cudaMallocHost(&c.pin_out[s], PIECE_BYTES));
        CK(cudaMalloc(&c.din[s], PIECE_BYTES));
        CK(cudaMalloc(&c.dout[s], PIECE_BYTES));
        CK(cudaMalloc(&c.cout[s], (PLRC_MAXK + PLRC_MAXP) * 8));
        CK(cudaEventCreateWithFlags(&c.ev_h2d[s], cudaEventDisableTiming));
        CK(cudaEventCreateWithFlags(&c.ev_kern[s], cudaEventDisableTiming));
        CK(cudaEventCreateWithFlags(&c.ev_d2h[s], cudaEventDisableTiming));
    }
    unsigned hw = std::thread::hardware_concurrency();
    unsigned workers = hw >= 4 ? (hw / 2 < 8 ? hw / 2 : 8) - 1 : 0;
    if (workers)
        c.pool = new CopyPool(workers);
    c.pipe_ready = true;
    return true;
}

// Moves one piece between the caller's host layout and packed staging:
// `outer` rows of `inner` elements, element (o, i) being
// base[o*ostride + i*istride] in the caller's array and pk[o*inner + i] in
// the staging buffer. Only those elements of the caller's array are read or
// written (the other channel of interleaved audio stays untouched). Large
// pieces are split over the copy pool.
template <class T>
void host_pack(CopyPool *pool, T *pk, T *base, long long ostride, long long istride, size_t outer,
               size_t inner, bool to_packed)
{
    auto rows = [&](size_t o0, size_t o1, size_t i0, size_t i1) {
        for (size_t o = o0; o < o1; o++) {
            T *u = base + (long long)o * ostride;
            T *q = pk + o * inner;
            if (istride == 1) {
                if (to_packed)
                    memcpy(q + i0, u + i0, (i1 - i0) * sizeof(T));
                else
                    memcpy(u + i0, q + i0, (i1 - i0) * sizeof(T));
            } else if (to_packed) {
                for (size_t i = i0; i < i1; i++)
                    q[i] = u[(long long)i * istride];
            } else {
                for (size_t i = i0; i < i1; i++)
                    u[(long long)i * istride] = q[i];
            }
        }
    };
    // strided copies run well below memcpy speed, so the pool pays off sooner
    // than for par_copy
    if (!pool || outer * inner * sizeof(T) < (1u << 20)) {
        rows(0, outer, 0, inner);
        return;
    }
    const unsigned parts = pool->parts();
    if (outer >= parts) {
        pool->run([&](unsigned part) { rows(outer * part / parts, outer * (part + 1) / parts, 0, inner); });
    } else {
        pool->run([&](unsigned part) { rows(0, outer, inner * part / parts, inner * (part + 1) / parts); });
    }
}

// Host arrays, one sequence: pieces of PIECE_BYTES flow H2D (stream h2d),
// through the kernel (stream comp, which also orders the carries from piece
// to piece through cout), and D2H (stream d2h), two pieces in flight, so the
// copy engines in both directions and the kernels overlap. Pageable memory
// and strided (backward) sequences are staged through pinned buffers by
// several host threads, packed forward, so the device always sees one
// forward array.
template <class T>
bool run_pipelined(Ctx &c, const plrc_problem &pp, const Rows &rows, bool x_pinned, bool y_pinned,
                   char *why, size_t whylen)
{
    if (!pipe_setup(c, why, whylen))
        return false;
    const size_t piece = PIECE_BYTES / sizeof(T); // a multiple of every chunk size
    const size_t n = pp.n;
    const size_t npieces = (n + piece - 1) / piece;
    const T *ux = static_cast<const T *>(pp.x);
    T *uy = static_cast<T *>(pp.y);
    const long long xs = pp.xs, ys = pp.ys;
    const bool x_direct = x_pinned && xs == 1, y_direct = y_pinned && ys == 1;
    plrk::Params<T> P0;
    fill_params(P0, pp);

    auto finish = [&](size_t i) -> bool {
        // copy piece i's result from the pinned staging buffer to the user
        int s = (int)(i % 2);
        size_t lo = i * piece, cnt = n - lo < piece ? n - lo : piece;
        CK(cudaEventSynchronize(c.ev_d2h[s]));
        if (y_direct)
            return true;
        if (ys == 1)
            par_copy(c.pool, uy + lo, c.pin_out[s], cnt * sizeof(T));
        else
            host_pack<T>(c.pool, static_cast<T *>(c.pin_out[s]), uy + (long long)lo * ys, 0, ys, 1,
                         cnt, false);
        return true;
    };

    for (size_t i = 0; i < npieces; i++) {
        int s = (int)(i % 2);
        size_t lo = i * piece, cnt = n - lo < piece ? n - lo : piece;
        const void *src = ux + lo;
        if (!x_direct) {
            CK(cudaEventSynchronize(c.ev_h2d[s]));
            if (xs == 1)
                par_copy(c.pool, c.pin_in[s], ux + lo, cnt * sizeof(T));
            else
                host_pack<T>(c.pool, static_cast<T *>(c.pin_in[s]),
                             const_cast<T *>(ux) + (long long)lo * xs, 0, xs, 1, cnt, true);
            src = c.pin_in[s];
        }
        CK(cudaStreamWaitEvent(c.h2d, c.ev_kern[s], 0));
        CK(cudaMemcpyAsync(c.din[s], src, cnt * sizeof(T), cudaMemcpyHostToDevice, c.h2d));
        CK(cudaEventRecord(c.ev_h2d[s], c.h2d));
        CK(cudaStreamWaitEvent(c.comp, c.ev_h2d[s], 0));
        CK(cudaStreamWaitEvent(c.comp, c.ev_d2h[s], 0));
        plrk::Params<T> P = P0;
        if (i > 0) {
            P.state_dev = static_cast<const T *>(c.cout[1 - s]);
            P.xhist_dev = static_cast<const T *>(c.cout[1 - s]) + pp.k;
        }
        P.cout = static_cast<T *>(c.cout[s]);
        if (!launch<T>(c, pp, rows, P, static_cast<const T *>(c.din[s]), static_cast<T *>(c.dout[s]),
                       cnt, c.comp, why, whylen))
            return false;
        CK(cudaEventRecord(c.ev_kern[s], c.comp));
        CK(cudaStreamWaitEvent(c.d2h, c.ev_kern[s], 0));
        void *dst = y_direct ? (void *)(uy + lo) : c.pin_out[s];
        CK(cudaMemcpyAsync(dst, c.dout[s], cnt * sizeof(T), cudaMemcpyDeviceToHost, c.d2h));
        CK(cudaEventRecord(c.ev_d2h[s], c.d2h));
        if (i > 0 && !finish(i - 1))
            return false;
    }
    if (!finish(npieces - 1))
        return false;
    CK(cudaStreamSynchronize(c.comp));
    CK(cudaGetLastError());
    return true;
}

template <class T>
bool run_serial_on_device(Ctx &c, const plrc_problem &pp, char *why, size_t whylen)
{
    plrk::Params<T> P;
    fill_params(P, pp);
    P.x = static_cast<const T *>(pp.x);
    P.y = static_cast<T *>(pp.y);
    P.n = pp.n;
    void *args[] = {&P};
    CK(cudaLaunchKernel(reinterpret_cast<const void *>(&plrk::plr_serial_kernel<T>), dim3(1),
                        dim3(32), args, 0, c.comp));
    CK(cudaStreamSynchronize(c.comp));
    CK(cudaGetLastError());
    return true;
}

// ---- one sequence's finals (the single-array paths) -----------------------
template <class T> void state_of(const plrc_problem &pp, T *st)
{
    for (unsigned j = 0; j < pp.k; j++)
        memcpy(&st[j], pp.state[j], sizeof(T));
}

// y on the device: a tiny kernel gathers the last k outputs (strided, maybe
// backward) so that one small copy brings them back
template <class T> bool finals_device(Ctx &c, const plrc_problem &pp, char *why, size_t whylen)
{
    if (!pp.finals)
        return true;
    if (!c.fin.ensure(PLRC_MAXK * sizeof(T))) {
        say(why, whylen, "cuda: no device memory for the final state");
        return false;
    }
    plrk::FinalsArgs<T> A;
    memset(&A, 0, sizeof A);
    A.y = static_cast<const T *>(pp.y);
    A.ys = pp.ys;
    A.n = pp.n;
    A.k = pp.k;
    state_of<T>(pp, A.state);
    A.out = static_cast<T *>(c.fin.p);
    void *args[] = {&A};
    CK(cudaLaunchKernel(reinterpret_cast<const void *>(&plrk::plr_finals_kernel<T>), dim3(1),
                        dim3(32), args, 0, c.comp));
    CK(cudaMemcpyAsync(pp.finals, c.fin.p, pp.k * sizeof(T), cudaMemcpyDeviceToHost, c.comp));
    CK(cudaStreamSynchronize(c.comp));
    return true;
}

// y on the host: every sequence's last k outputs (strided, maybe backward),
// the initial state where the sequence is shorter than k
template <class T> void finals_host(const plrc_problem &pp)
{
    if (!pp.finals)
        return;
    T st1[PLRC_MAXK];
    state_of<T>(pp, st1);
    const T *y = static_cast<const T *>(pp.y), *states = static_cast<const T *>(pp.states);
    T *out = static_cast<T *>(pp.finals);
    for (unsigned long long s = 0; s < pp.count; s++) {
        const T *st = pp.count == 1 ? st1 : states ? states + s * pp.k : nullptr;
        for (unsigned j = 0; j < pp.k; j++)
            out[s * pp.k + j] = j < pp.n ? y[(long long)s * pp.yd + (long long)(pp.n - 1 - j) * pp.ys]
                                : st                ? st[j - pp.n]
                                                    : T(0);
    }
}

// ---- the batched paths -------------------------------------------------------
constexpr unsigned long long TINY_N = 32; // below: one thread per sequence (see plr_seq_kernel)

template <class T> constexpr int b_items() { return sizeof(T) == 4 ? plrk::B_ITEMS_4B : plrk::B_ITEMS_8B; }

const void *batch_kernel_for(int cls, unsigned k)
{
    switch (cls) {
    case PLRC_U32: return plrk::batch_kernel_u32(k);
    case PLRC_U64: return plrk::batch_kernel_u64(k);
    case PLRC_F32: return plrk::batch_kernel_f32(k);
    default: return plrk::batch_kernel_f64(k);
    }
}

#ifndef PLR_CUDA_RK_PF_DEFAULT
#define PLR_CUDA_RK_PF_DEFAULT 0
#endif
const void *batch_rkernel_for(int cls, unsigned k, bool lb, bool pf)
{
    switch (cls) {
    case PLRC_U32: return plrk::batch_rkernel_u32(k, lb, pf);
    case PLRC_U64: return plrk::batch_rkernel_u64(k, lb, pf);
    case PLRC_F32: return plrk::batch_rkernel_f32(k, lb, pf);
    default: return plrk::batch_rkernel_f64(k, lb, pf);
    }
}

// PLR_CUDA_RK_PF=0|1|2|3: the persistent prefetching register-direct kernel
// (plr_batch_pkernel, built only with -DPLR_CUDA_RK_PERSISTENT=1: it lost
// everywhere) for no layouts, those of one segment per sequence (1), those
// with a look-back (2), or both (3); a measuring switch
unsigned rk_pf_mode()
{
    if (!plrk::RK_PERSISTENT_BUILT)
        return 0;
    const char *e = switch_env("PLR_CUDA_RK_PF");
    if (e && *e >= '0' && *e <= '3' && !e[1])
        return (unsigned)(*e - '0');
    return PLR_CUDA_RK_PF_DEFAULT;
}

// How the register-direct kernel reaches an array of this layout: BM_ROW
// (|stride| 1, every span 16-byte aligned: base, or base+1 element backward,
// and the distance between sequences), BM_LANE (consecutive sequences closer
// than consecutive positions: coalesced across lanes), or -1 (neither: the
// shared-memory kernel, whose loads are coalesced for any layout).
int batch_rmode(const void *base, long long st, long long di, unsigned long long count, size_t es)
{
    const unsigned long long a = (unsigned long long)(uintptr_t)base;
    const unsigned long long ad = count > 1 ? (di < 0 ? 0ull - (unsigned long long)di : (unsigned long long)di) : 0;
    if ((st == 1 || st == -1) && (st == 1 ? a : a + es) % 16 == 0 && (ad * es) % 16 == 0)
        return (int)plrk::BM_ROW;
    const unsigned long long as = st < 0 ? 0ull - (unsigned long long)st : (unsigned long long)st;
    if (count > 1 && di != 0 && ad < as)
        return (int)plrk::BM_LANE;
    return -1;
}

// PLR_CUDA_BKERNEL=tile forces the shared-memory tile kernel everywhere
// (benchmarks compare the two in one process); a measuring switch
bool forced_tile_kernel() { return env_is("PLR_CUDA_BKERNEL", "tile"); }

const void *wrow_kernel_for(int cls, unsigned k, unsigned nv, unsigned p)
{
    switch (cls) {
    case PLRC_U32: return plrk::wrow_kernel_u32(k, nv, p);
    case PLRC_U64: return plrk::wrow_kernel_u64(k, nv, p);
    case PLRC_F32: return plrk::wrow_kernel_f32(k, nv, p);
    default: return plrk::wrow_kernel_f64(k, nv, p);
    }
}

// How the warp-per-sequence kernel (plr_wrow.cuh) would take a device
// problem: nv 16-byte vectors per lane, g warps per sequence; nv = 0 where it
// does not take it: orders up to 4, FIR histories up to 4, both arrays
// BM_ROW in one direction, a factor table covering 16 spans. Spans of at most
// 4 vectors with as few warps as hold the sequence (1, 2 or 4), spans of 8
// only where four warps of 4 do not reach (rows of up to 4096 floats):
// short chains per lane and more warps per image are what paid (H100,
// 2026-11-24, biquad: 4096x2160 rows with one warp of 32-vector spans 52% of
// a copy, four warps of 8 80%; 1080x1920 with 16-vector spans 34%, two warps
// of 8 53%, four of 4 once the warps scanned at once 62%;
// bench/cuda/results-batched). Longer rows stay with the tile kernel.
// Measuring switches: PLR_CUDA_WROW_NV caps the span, PLR_CUDA_WROW_G forces
// the warps, PLR_CUDA_WROW=0 leaves every problem to the tile kernels,
// PLR_CUDA_BKERNEL=tile to the shared-memory one.
struct WrowGeom {
    unsigned nv, g;
};
WrowGeom wrow_geom(const plrc_problem &pp)
{
    const WrowGeom none{0, 0};
    const unsigned per = 16 / pp.esize;
    if (pp.k > (unsigned)plrk::W_MAXK || pp.p > (unsigned)plrk::W_MAXP || pp.n == 0 ||
        env_is("PLR_CUDA_WROW", "0") || forced_tile_kernel())
        return none;
    if (batch_rmode(pp.x, pp.xs, pp.xd, pp.count, pp.esize) != (int)plrk::BM_ROW ||
        batch_rmode(pp.y, pp.ys, pp.yd, pp.count, pp.esize) != (int)plrk::BM_ROW || pp.xs != pp.ys)
        return none;
    unsigned nvmax = 8, gonly = 0;
    if (const char *e = switch_env("PLR_CUDA_WROW_NV")) {
        const unsigned v = (unsigned)atoi(e);
        if (v == 2 || v == 4 || v == 8)
            nvmax = v;
    }
    if (const char *e = switch_env("PLR_CUDA_WROW_G")) {
        const unsigned v = (unsigned)atoi(e);
        if (v == 1 || v == 2 || v == 4)
            gonly = v;
    }
    // Short spans first (more warps per sequence): the chain of each warp,
    // two sweeps over its span around one scan, is what a call of a few
    // megabytes waits for; spans of 8 vectors only where 4 warps of 4 do not
    // reach.
    for (unsigned cap = nvmax < 4 ? nvmax : 4; cap <= nvmax; cap *= 2)
        for (unsigned g = 1; g <= (unsigned)plrk::W_WARPS; g *= 2)
            for (unsigned nv = 2; nv <= cap; nv *= 2)
                if ((!gonly || g == gonly) && 32ull * g * nv * per >= pp.n)
                    return pp.m >= 16ull * nv * per ? WrowGeom{nv, g} : none;
    return none;
}

// decayed carries count as exact (see get_brows) unless PLR_CUDA_DISABLE
// has decay or PLR_CUDA_DECAY=0 (a measuring switch)
bool decay_on(const Ctx &c)
{
    const char *e = switch_env("PLR_CUDA_DECAY");
    return !c.no_decay && !(e && *e == '0');
}

// PLR_CUDA_RK_FAC=0: the register-direct kernels load every factor row from
// the table in global memory instead of taking rows 2^e from their
// parameters (a measuring switch)
bool rk_fac_on()
{
    const char *e = switch_env("PLR_CUDA_RK_FAC");
    return !(e && *e == '0');
}

// PLR_CUDA_LB=wide: the look-back of the first batched kernels (every
// window polled at once, also for exact carries); a measuring switch
unsigned lb_mode()
{
    return env_is("PLR_CUDA_LB", "wide") ? 1u : 0u;
}

struct BGeom {
    unsigned seq, lseq, tps, lL, rs, lg, xlf, ylf;
    unsigned long long nseg, ngrp, ntiles;
    unsigned buf_bytes, off_halo, sh_bytes; // one tile buffer; the scan's arrays after the buffers
    unsigned k;
    size_t acc;
    size_t smem(unsigned nbuf) const { return (size_t)nbuf * buf_bytes + sh_bytes; }
};

unsigned ilog2(unsigned long long v)
{
    unsigned r = 0;
    while ((1ull << (r + 1)) <= v)
        r++;
    return r;
}

// PLR_CUDA_SEQ=1|2|4|8|16|32 forces the sequences per tile (benchmarks
// compare geometries in one process); a measuring switch
unsigned forced_seq()
{
    const char *e = switch_env("PLR_CUDA_SEQ");
    if (!e || !*e)
        return 0;
    unsigned v = (unsigned)atoi(e);
    return (v >= 1 && v <= 32 && (v & (v - 1)) == 0) ? v : 0;
}

unsigned long long ullabs(long long v) { return v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v; }

// The shortest segment (a power of two, 16..m positions) across which a
// signature's carries have decayed: every factor F(j, L-1-r), r, j < k, zero
// (integers) or below the threshold of get_brows (floats, unless decay is
// switched off); 0 when none within the factor table.
template <class T> unsigned long long decay_len(const Ctx &c, const plrc_problem &pp)
{
    if (!pp.fac || !pp.m)
        return 0;
    const T *fac = static_cast<const T *>(pp.fac);
    const bool flt = std::is_floating_point<T>::value && decay_on(c);
    const double lim = sizeof(T) == 4 ? 0x1p-40 : 0x1p-70;
    for (unsigned long long L = 16; L <= pp.m; L *= 2) {
        bool ok = true;
        for (unsigned j = 0; j < pp.k && ok; j++)
            for (unsigned r = 0; r < pp.k && r < L && ok; r++) {
                const T v = fac[j * pp.m + (size_t)(L - 1 - r)];
                if (flt) {
                    const double a = (double)v;
                    ok = a <= lim && a >= -lim;
                } else {
                    ok = v == T(0);
                }
            }
        if (ok)
            return L;
    }
    return 0;
}

// Tile geometry for a layout. Columns and interleaved channels (consecutive
// sequences closer in memory than consecutive positions) take one 128-byte
// line of sequences per position (32 f32 lanes, 16 f64; 8 for very long
// sequences whose carries do not decay, below); rows take the
// shortest power-of-two segment that holds a whole row, so that most rows
// need no look-back at all, and as many rows per tile as fill its threads.
BGeom batch_geometry(unsigned es, unsigned acc, unsigned k, unsigned p, unsigned long long count,
                     unsigned long long n, long long xs, long long xd, long long ys, long long yd,
                     unsigned long long dlen)
{
    BGeom g{};
    const unsigned E = es / 4, items = 16 / E, lmax = plrk::BB * items;
    g.xlf = xd != 0 && ullabs(xd) < ullabs(xs);
    g.ylf = yd != 0 && ullabs(yd) < ullabs(ys);
    unsigned seq = forced_seq();
    if (!seq) {
        if (g.xlf || g.ylf) {
            // a 128-byte line of sequences per position (with decayed carries
            // this beat 64 and 32 bytes: H100, register-direct kernel,
            // 4096x2160 columns one-pole 79% / 72% / 66% of copy)
            seq = 128 / es;
        } else {
            unsigned L = lmax;
            while (L > 8 * items && L / 2 >= n)
                L /= 2;
            seq = lmax / L;
        }
    }
    unsigned cap = 1;
    while (cap < count && cap < 32)
        cap <<= 1;
    if (seq > cap)
        seq = cap;
    if (!forced_seq() && (g.xlf || g.ylf) && seq > 8 && (n + 8ull * items - 1) / (8ull * items) > 64 &&
        !(dlen && dlen <= (unsigned long long)(plrk::BB / seq) * items)) {
        // Few long interleaved sequences (16 channels of 2^22) whose carries
        // do not decay within a segment (dlen: see decay_len) chain through
        // thousands of segments, and the look-back polls as many
        // predecessors at once as the sequence has lanes (tps, at most 32):
        // 8 sequences per tile give it 32 and halve the segments (H100,
        // first kernel: 58% of copy against 32% with 16). 8 lanes of 4 bytes
        // still read whole 32-byte sectors. Where the carries decay, every
        // segment's are exact and 16 per tile ran faster (one-pole 75% -> 80%
        // of copy, biquad 65% -> 68%, register-direct kernel).
        seq = 8;
    }
    g.seq = seq;
    g.lseq = ilog2(seq);
    g.tps = plrk::BB / seq;
    g.lL = ilog2((unsigned long long)g.tps * items);
    // Row stride: thread spans are items + 1 apart (one pad element); the
    // lanes of one shared-memory transaction (32 for 4-byte elements, 16 for
    // 8-byte ones) cover `seq` sequences x `ut` spans, and a stride congruent
    // to (items+1)*ut modulo the transaction puts them on distinct banks.
    const unsigned ps = items + 1, lt = 32 / E, ut = lt / seq > 1 ? lt / seq : 1;
    const unsigned want = ps * ut % lt, base = g.tps * ps;
    g.rs = base + (want + lt - base % lt) % lt;
    g.lg = g.tps < 32 ? g.tps : 32;
    const unsigned long long L = 1ull << g.lL;
    g.nseg = (n + L - 1) / L;
    g.ngrp = (count + seq - 1) / seq;
    g.ntiles = g.nseg * g.ngrp;
    auto al = [](size_t v) { return (v + 15) & ~(size_t)15; };
    g.off_halo = (unsigned)al((size_t)seq * g.rs * es);
    g.buf_bytes = g.off_halo + (unsigned)(p ? al((size_t)seq * 32 * es) : 0);
    g.sh_bytes = (unsigned)(al((size_t)plrk::BWARPS * seq * k * acc) + 2 * al((size_t)seq * k * acc));
    g.k = k;
    g.acc = acc;
    return g;
}

// Rows G[(j*k + r)*B_ROWS + t] = F(j, t*ITEMS - 1 - r), t = 0..BB, then
// M^l (l = 0..32) and M^(32w) (w < LB_WINDOWS) for M[r][j] = row tps; cached
// per (signature, tps).
template <class T>
bool get_brows(Ctx &c, const plrc_problem &pp, unsigned tps, const BRows **out, char *why,
               size_t whylen)
{
    for (size_t i = 0; i < c.brows.size(); i++) {
        BRows &r = c.brows[i];
        if (r.cls == pp.cls && r.k == pp.k && r.m == pp.m && r.tps == tps &&
            memcmp(r.b, pp.bdense, pp.k * sizeof(pp.bdense[0])) == 0) {
            if (i) {
                BRows tmp = r;
                c.brows.erase(c.brows.begin() + i);
                c.brows.insert(c.brows.begin(), tmp);
            }
            *out = &c.brows[0];
            return true;
        }
    }
    using Acc = typename plrk::acc_of<T>::type;
    constexpr int ITEMS = b_items<T>();
    constexpr int ROWS = plrk::B_ROWS;
    const unsigned k = pp.k;
    const size_t kk = (size_t)k * k;
    if (pp.m < (size_t)plrk::BB * ITEMS) {
        say(why, whylen, "cuda: factor table of %zu too short for the batched kernel", pp.m);
        return false;
    }
    const T *fac = static_cast<const T *>(pp.fac);
    BRows nr{};
    nr.cls = pp.cls;
    nr.k = k;
    nr.m = pp.m;
    nr.tps = tps;
    memcpy(nr.b, pp.bdense, sizeof nr.b);
    nr.finite = true;
    for (size_t i = 0; i < k * pp.m; i++) {
        const T v = fac[i];
        if (!is_finite_val(v))
            nr.finite = false;
        if constexpr (std::is_floating_point<T>::value) {
            double a = v < 0 ? -(double)v : (double)v;
            if (a > nr.maxf)
                nr.maxf = a;
        }
    }
    std::vector<Acc> G(kk * ROWS + (33 + plrk::LB_WINDOWS) * kk);
    for (unsigned j = 0; j < k; j++)
        for (unsigned r = 0; r < k; r++)
            for (int t = 0; t < ROWS; t++) {
                long long i = (long long)t * ITEMS - 1 - r;
                G[((size_t)j * k + r) * ROWS + t] =
                    i >= 0 ? fac_acc<T>(pp, j * pp.m + (size_t)i) : (i == -1 - (long long)j ? Acc(1) : Acc(0));
            }
    if (k <= (unsigned)plrk::B_GP2K) {
        Acc g2[9][16] = {};
        for (int e = 0; e < 9; e++)
            for (unsigned j = 0; j < k; j++)
                for (unsigned r = 0; r < k; r++)
                    g2[e][j * k + r] = G[((size_t)j * k + r) * ROWS + (1u << e)];
        static_assert(sizeof g2 <= sizeof nr.gp2, "gp2");
        memcpy(nr.gp2, g2, sizeof g2);
    }
    nr.tp_off = kk * ROWS;
    Acc *Tp = G.data() + nr.tp_off, *Tb = Tp + 33 * kk;
    std::vector<Acc> M(kk);
    nr.exact = 1;
    double mmax = 0;
    for (unsigned r = 0; r < k; r++)
        for (unsigned j = 0; j < k; j++) {
            M[r * k + j] = G[((size_t)j * k + r) * ROWS + tps];
            if (M[r * k + j] != Acc(0))
                nr.exact = 0;
            const double a = (double)M[r * k + j];
            if (!(a < 0 ? -a <= mmax : a <= mmax)) // (NaN: never decayed)
                mmax = a < 0 ? -a : a == a ? a : 1e300;
        }
    // Decayed carries: where a segment's carry-in reaches its last values
    // only through factors below 2^-40 (f32) / 2^-70 (f64), the carry the
    // look-back would add changes each of them by at most k 2^-40 max|y|,
    // some 2^-16 of one rounding of the result (the float bound of
    // docs/runtime.md allows (2k+8) u H ... with u = 2^-24 / 2^-53): the
    // segment's local carries are then its global ones, as with factors that
    // underflowed to zero. Integers never.
    nr.decayed = 0;
    if (std::is_floating_point<T>::value)
        nr.decayed = mmax <= (sizeof(T) == 4 ? 0x1p-40 : 0x1p-70);
    // the warm-up kernel's length: one past the last factor at or above
    // the threshold (the carry a warm-up from zero leaves out reaches the
    // outputs after it through those factors only, the tile kernels'
    // decayed-carries argument above)
    nr.warm = 0;
    for (size_t i = 0; i < pp.m; i++)
        for (unsigned j = 0; j < k; j++) {
            const T v = fac[j * pp.m + i];
            bool small;
            if constexpr (std::is_floating_point<T>::value) {
                const double a = (double)v;
                small = a <= (sizeof(T) == 4 ? 0x1p-40 : 0x1p-70) && a >= -(sizeof(T) == 4 ? 0x1p-40 : 0x1p-70);
            } else {
                small = v == T(0);
            }
            if (!small)
                nr.warm = i + 1;
        }
    auto mul = [&](const Acc *a, const Acc *b, Acc *o) {
        for (unsigned r = 0; r < k; r++)
            for (unsigned j = 0; j < k; j++) {
                Acc sum = Acc(0);
                for (unsigned q = 0; q < k; q++)
                    sum += a[r * k + q] * b[q * k + j];
                o[r * k + j] = sum;
            }
    };
    for (unsigned r = 0; r < k; r++)
        Tp[r * k + r] = Acc(1);
    for (int l = 1; l <= 32; l++)
        mul(M.data(), Tp + (l - 1) * kk, Tp + l * kk);
    for (unsigned r = 0; r < k; r++)
        Tb[r * k + r] = Acc(1);
    for (int w = 1; w < plrk::LB_WINDOWS; w++)
        mul(Tp + 32 * kk, Tb + (w - 1) * kk, Tb + w * kk);
    for (size_t i = 0; i < G.size(); i++)
        if (!is_finite_val(G[i]))
            nr.finite = false;
    CK(cudaMalloc(&nr.dG, G.size() * sizeof(Acc)));
    cudaError_t e = cudaMemcpy(nr.dG, G.data(), G.size() * sizeof(Acc), cudaMemcpyHostToDevice);
    if (e != cudaSuccess) {
        cudaFree(nr.dG);
        say(why, whylen, "cuda: factor upload failed: %s", cudaGetErrorString(e));
        return false;
    }
    if (c.brows.size() >= 32) {
        cudaFree(c.brows.back().dG);
        c.brows.pop_back();
    }
    c.brows.insert(c.brows.begin(), nr);
    *out = &c.brows[0];
    return true;
}

template <class T> void fill_bparams(plrk::BParams<T> &P, const plrc_problem &pp)
{
    memset(&P, 0, sizeof P);
    P.k = pp.k;
    P.p = pp.p;
    P.na = pp.na;
    for (unsigned q = 0; q < pp.na; q++) {
        P.alag[q] = pp.alag[q];
        memcpy(&P.acoef[q], pp.acoef[q], sizeof(T));
    }
    for (unsigned j = 0; j < pp.k; j++) {
        memcpy(&P.b[j], pp.bdense[j], sizeof(T));
        if (P.b[j] != T(0))
            P.bnz |= 1u << j;
    }
    for (unsigned q = 0; q < pp.na; q++) {
        memcpy(&P.ad[pp.alag[q]], pp.acoef[q], sizeof(T));
        if (pp.alag[q] < 32)
            P.anz |= 1u << pp.alag[q];
    }
}

// Resident blocks of a batched kernel per SM at this shared-memory size,
// cached (the first use also lifts the kernel's shared-memory limit to the
// device's opt-in maximum, once, so later sizes never need the attribute).
struct BOcc {
    const void *fn;
    size_t smem;
    int per_sm;
};
std::vector<BOcc> &bocc_cache()
{
    static std::vector<BOcc> *v = new std::vector<BOcc>;
    return *v;
}
// The most dynamic shared memory a batched kernel may take: the device's
// opt-in limit less the kernel's static shared memory (the attribute call
// fails above that), lifted once per kernel.
struct BDyn {
    const void *fn;
    size_t max_dyn;
};
bool batch_max_dyn(Ctx &c, const void *fn, size_t *max_dyn, char *why, size_t whylen)
{
    static std::vector<BDyn> *v = new std::vector<BDyn>;
    for (const BDyn &d : *v)
        if (d.fn == fn) {
            *max_dyn = d.max_dyn;
            return true;
        }
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, fn));
    const size_t optin = (size_t)c.smem_optin;
    size_t mx = optin > fa.sharedSizeBytes ? optin - fa.sharedSizeBytes : 0;
    if (mx > 48 * 1024)
        CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)mx));
    else
        mx = 48 * 1024 > fa.sharedSizeBytes ? 48 * 1024 - fa.sharedSizeBytes : 0;
    v->push_back({fn, mx});
    *max_dyn = mx;
    return true;
}
bool batch_occupancy(Ctx &c, const void *fn, size_t smem, int *per_sm, char *why, size_t whylen)
{
    (void)c;
    for (const BOcc &o : bocc_cache())
        if (o.fn == fn && o.smem == smem) {
            *per_sm = o.per_sm;
            return true;
        }
    int n = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, fn, plrk::BB, smem));
    if (n < 1) {
        say(why, whylen, "cuda: the batched kernel does not fit on an SM (%zu bytes of shared memory)", smem);
        return false;
    }
    bocc_cache().push_back({fn, smem, n});
    *per_sm = n;
    return true;
}

// One launch of the tile kernel over P's layout (x, y, strides, count, n and
// the boundary pointers already set).
template <class T>
bool launch_batch(Ctx &c, const plrc_problem &pp, const BRows &rows, const BGeom &g,
                  plrk::BParams<T> P, bool in_place, cudaStream_t s, char *why, size_t whylen)
{
    using Acc = typename plrk::acc_of<T>::type;
    const bool ipf = in_place && pp.p > 0;
    const unsigned long long slots = g.ntiles * g.seq;
    // carries only where a sequence has several segments; flags and parked
    // inputs only in place with FIR history
    if (!ensure_aux(c, ipf ? g.ntiles : 0, g.nseg > 1 ? slots * pp.k * sizeof(Acc) * 2 : 0,
                    ipf ? slots * pp.p * sizeof(T) : 0, why, whylen))
        return false;
    if (!c.ticket) {
        CK(cudaMalloc(&c.ticket, sizeof(unsigned long long)));
        CK(cudaMemsetAsync(c.ticket, 0, sizeof(unsigned long long), s));
        c.ticket_base = 0;
    }
    P.seq = g.seq;
    P.lseq = g.lseq;
    P.tps = g.tps;
    P.lL = g.lL;
    P.rs = g.rs;
    P.lg = g.lg;
    P.nseg = g.nseg;
    P.ngrp = g.ngrp;
    P.x_lane_fast = g.xlf;
    P.y_lane_fast = g.ylf;
    P.lbmode = lb_mode();
    // the register-direct kernel where the layout allows it (see
    // plr_batch_rkernel): FIR histories up to 4, not in place with one
    const int xm = batch_rmode(P.x, P.xs, P.xd, P.count, sizeof(T));
    const int ym = batch_rmode(P.y, P.ys, P.yd, P.count, sizeof(T));
    const bool rk = !ipf && pp.p <= 4 && xm >= 0 && ym >= 0 && !forced_tile_kernel();
    P.xmode = xm >= 0 ? (unsigned)xm : 0u;
    P.ymode = ym >= 0 ? (unsigned)ym : 0u;
    const bool lb = g.nseg > 1;
    const bool rpf = rk && (rk_pf_mode() & (lb ? 2u : 1u)) != 0;
    const void *fn = rk ? batch_rkernel_for(pp.cls, pp.k, lb, rpf) : batch_kernel_for(pp.cls, pp.k);
    if (!fn) {
        say(why, whylen, "cuda: no batched kernel for order %u", pp.k);
        return false;
    }
    size_t max_dyn = 0;
    if (!batch_max_dyn(c, fn, &max_dyn, why, whylen))
        return false;
    if (rk) {
        // the scans' arrays, and with a look-back the input terms (a block
        // per tile) or two staging slots per thread (persistent); tickets
        // only where a sequence has several segments
        const size_t stage = (size_t)2 * plrk::BB * plrk::rslot_bytes<T>(b_items<T>());
        const size_t smem = g.sh_bytes + (rpf ? stage : lb ? (size_t)plrk::BB * b_items<T>() * sizeof(T) : 0);
        if (smem > max_dyn) {
            say(why, whylen, "cuda: a tile needs %zu bytes of shared memory, the device allows %zu", smem, max_dyn);
            return false;
        }
        P.ntiles = g.ntiles;
        P.nbuf = 1;
        P.buf_bytes = 0;
        P.off_halo = (unsigned)((g.sh_bytes + 15) & ~15u); // the input terms (lb)
        P.off_ws = 0;
        P.off_A = (unsigned)(((size_t)plrk::BWARPS * g.seq * g.k * g.acc + 15) & ~(size_t)15);
        P.off_C = P.off_A + (unsigned)(((size_t)g.seq * g.k * g.acc + 15) & ~(size_t)15);
        P.ticket = c.ticket;
        P.ticket_base = c.ticket_base;
        P.flags = c.flags;
        P.carry_local = static_cast<unsigned long long *>(c.carry_local);
        P.carry_global = static_cast<unsigned long long *>(c.carry_global);
        P.park = nullptr;
        P.in_place_fir = 0;
        P.G = static_cast<const Acc *>(rows.dG);
        P.Tp = P.G + rows.tp_off;
        P.Tbig = P.Tp + (size_t)33 * pp.k * pp.k;
        P.epoch = next_epoch(c);
        P.exact = (rows.exact || (rows.decayed && decay_on(c))) && !c.no_exact;
        P.ones = pp.k == 1 && P.b[0] == T(1) && !c.no_ones;
        P.use_gp2 = pp.k <= (unsigned)plrk::B_GP2K && rk_fac_on();
        if (P.use_gp2)
            memcpy(P.gp2, rows.gp2, sizeof P.gp2);
        unsigned long long grid = g.ntiles;
        if (rpf) {
            int per_sm = 0;
            if (!batch_occupancy(c, fn, smem, &per_sm, why, whylen))
                return false;
            const unsigned long long most = (unsigned long long)per_sm * c.sms;
            grid = g.ntiles < most ? g.ntiles : most;
        }
        void *args[] = {&P};
        CK(cudaLaunchKernel(fn, dim3((unsigned)grid), dim3(plrk::BB), args, smem, s));
        // tickets: one per tile, and each persistent block's last one past the end
        if (lb)
            c.ticket_base += g.ntiles + (rpf ? grid : 0);
        return true;
    }
    // Persistent blocks with a prefetch buffer only on request
    // (PLR_CUDA_PREFETCH=1, a measuring switch, so that one benchmark process
    // can compare): on the H100 they ran the biquad no faster than a block per
    // tile and chains of many segments (interleaved channels) 3x slower,
    // because a block's next tile waits for its current one's look-back.
    const char *pf = switch_env("PLR_CUDA_PREFETCH");
    const bool want_pf = pf && *pf == '1' && !c.no_prefetch;
    const unsigned nbuf = (want_pf && g.smem(2) <= max_dyn) ? 2 : 1;
    const size_t smem = g.smem(nbuf);
    if (smem > max_dyn) {
        say(why, whylen, "cuda: a tile needs %zu bytes of shared memory, the device allows %zu", smem, max_dyn);
        return false;
    }
    P.ntiles = g.ntiles;
    P.nbuf = nbuf;
    P.buf_bytes = g.buf_bytes;
    P.off_halo = g.off_halo;
    P.off_ws = nbuf * g.buf_bytes;
    P.off_A = P.off_ws + (unsigned)(((size_t)plrk::BWARPS * g.seq * g.k * g.acc + 15) & ~(size_t)15);
    P.off_C = P.off_A + (unsigned)(((size_t)g.seq * g.k * g.acc + 15) & ~(size_t)15);
    P.ticket = c.ticket;
    P.ticket_base = c.ticket_base;
    P.flags = c.flags;
    P.carry_local = static_cast<unsigned long long *>(c.carry_local);
    P.carry_global = static_cast<unsigned long long *>(c.carry_global);
    P.park = static_cast<T *>(c.halo);
    P.in_place_fir = ipf ? 1 : 0;
    P.G = static_cast<const Acc *>(rows.dG);
    P.Tp = P.G + rows.tp_off;
    P.Tbig = P.Tp + (size_t)33 * pp.k * pp.k;
    P.epoch = next_epoch(c);
    P.exact = (rows.exact || (rows.decayed && decay_on(c))) && !c.no_exact;
    P.ones = pp.k == 1 && P.b[0] == T(1) && !c.no_ones;
    int per_sm = 0;
    if (!batch_occupancy(c, fn, smem, &per_sm, why, whylen))
        return false;
    // A block per tile, each taking one ticket; or persistent blocks, as
    // many as fit (tiles go by ticket, so residency is not needed for
    // correctness), each ending on one ticket past the last tile.
    const unsigned long long most = (unsigned long long)per_sm * c.sms;
    const unsigned long long grid = nbuf == 1 ? g.ntiles : g.ntiles < most ? g.ntiles : most;
    void *args[] = {&P};
    CK(cudaLaunchKernel(fn, dim3((unsigned)grid), dim3(plrk::BB), args, smem, s));
    c.ticket_base += g.ntiles + (nbuf == 1 ? 0 : grid);
    return true;
}

// Warps per sequence (plr_wrow.cuh): the factor rows of 2^e spans,
// e = 0..4, in the parameters, g warps per sequence (in tps), blocks of
// W_WARPS warps where shared memory allows.
template <class T>
bool launch_wrow(Ctx &c, const plrc_problem &pp, WrowGeom wg, plrk::BParams<T> P, char *why, size_t whylen)
{
    const void *fn = wrow_kernel_for(pp.cls, pp.k, wg.nv, pp.p);
    if (!fn) {
        say(why, whylen, "cuda: no warp-per-sequence kernel for order %u, FIR history %u", pp.k, pp.p);
        return false;
    }
    plrk::WParams<T> W;
    W.x = P.x;
    W.y = P.y;
    W.xs = P.xs;
    W.xd = P.xd;
    W.yd = P.yd;
    W.n = P.n;
    W.count = P.count;
    W.st_in = P.st_in;
    W.hi_in = P.hi_in;
    W.st_out = P.st_out;
    W.bnz = P.bnz;
    W.anz = P.anz;
    W.na = P.na;
    W.zt = zero_taps_forced();
    W.a0 = P.acoef[0];
    for (int j = 0; j < plrk::W_MAXK; j++)
        W.b[j] = P.b[j];
    for (int l = 0; l <= plrk::W_MAXP; l++)
        W.ad[l] = P.ad[l];
    const size_t S = (size_t)wg.nv * (16 / sizeof(T));
    const unsigned k = pp.k;
    for (int e = 0; e < 5; e++)
        for (unsigned j = 0; j < k; j++)
            for (unsigned r = 0; r < k; r++)
                W.gp2[e][j * k + r] = fac_acc<T>(pp, j * pp.m + (S << e) - 1 - r);
    W.ones = pp.k == 1 && P.b[0] == T(1) && !c.no_ones;
    plrc_trace(PLRC_T_P3);
    size_t max_dyn = 0;
    if (!batch_max_dyn(c, fn, &max_dyn, why, whylen))
        return false;
    plrc_trace(PLRC_T_P4);
    unsigned wpb = plrk::W_WARPS; // fewer per block where shared memory is short (sm_75)
    while (wpb > wg.g && (size_t)wpb * plrk::wrow_bytes(wg.nv) > max_dyn)
        wpb /= 2;
    const size_t smem = (size_t)wpb * plrk::wrow_bytes(wg.nv);
    if (smem > max_dyn) {
        say(why, whylen, "cuda: a sequence needs %zu bytes of shared memory, the device allows %zu", smem, max_dyn);
        return false;
    }
    W.tps = wg.g;
    const unsigned per_block = wpb / wg.g;
    const unsigned long long grid = (pp.count + per_block - 1) / per_block;
    void *args[] = {&W};
    plrc_trace(PLRC_T_PARAMS);
    CK(cudaLaunchKernel(fn, dim3((unsigned)grid), dim3(wpb * 32), args, smem, c.comp));
    plrc_trace(PLRC_T_LAUNCH);
    return true;
}

template <class T>
bool launch_seq(Ctx &c, plrk::BParams<T> P, cudaStream_t s, char *why, size_t whylen)
{
    (void)c;
    const unsigned long long grid = (P.count + 127) / 128;
    void *args[] = {&P};
    CK(cudaLaunchKernel(reinterpret_cast<const void *>(&plrk::plr_seq_kernel<T>), dim3((unsigned)grid),
                        dim3(128), args, 0, s));
    return true;
}

const void *warmup_kernel_for(int cls, unsigned k, unsigned p)
{
    switch (cls) {
    case PLRC_U32: return plrk::warmup_kernel_u32(k, p);
    case PLRC_U64: return plrk::warmup_kernel_u64(k, p);
    case PLRC_F32: return plrk::warmup_kernel_f32(k, p);
    default: return plrk::warmup_kernel_f64(k, p);
    }
}

// a measuring switch's unsigned value, dflt when unset or not a number
unsigned switch_uint(const char *name, unsigned dflt)
{
    const char *e = switch_env(name);
    if (!e || *e < '0' || *e > '9')
        return dflt;
    return (unsigned)strtoul(e, nullptr, 10);
}

// How the warm-up kernel (plr_warmup.cuh) would take a device problem: span
// positions per thread (a multiple of the kernel's step, plrk::hu_of<T>), seqw
// sequences across a warp's lanes,
// warm positions run before each span; span 0 where it does not take it:
// orders and FIR histories up to 4, consecutive sequences adjacent in both
// arrays, either way (lanes coalesce: image columns, interleaved channels),
// x apart from y, at least 8 sequences, and carries that decay (rows.warm;
// floats only while decayed carries count, see decay_on) within one span,
// so that the warm-up at most doubles the reads. Measuring switches:
// PLR_CUDA_WU=0 leaves every problem to the tile kernels; PLR_CUDA_WU_SPAN
// and _SEQW set the geometry, _MAXD the longest warm-up taken.
struct WarmGeom {
    unsigned span, hu, seqw, warm;
};
// the warm-up switches, parsed once per switch generation (a call reads
// them with no lookups; the caller holds the context's lock)
struct WarmSwitches {
    unsigned gen = 0;
    bool off = false;
    unsigned span = 0, maxd = 0, seqw = 32; // 0: warmup_geom's default
};
const WarmSwitches &warm_switches()
{
    static WarmSwitches w;
    const unsigned gen = switch_gen.load(std::memory_order_acquire);
    if (w.gen != gen) {
        w.off = env_is("PLR_CUDA_WU", "0");
        // 0: the default of warmup_geom
        const unsigned span = switch_uint("PLR_CUDA_WU_SPAN", 0);
        w.span = span > 1024 ? 1024 : span;
        w.maxd = switch_uint("PLR_CUDA_WU_MAXD", 0);
        const unsigned q = switch_uint("PLR_CUDA_WU_SEQW", 32);
        w.seqw = q >= 32 ? 32u : q >= 16 ? 16u : 8u;
        w.gen = gen;
    }
    return w;
}

template <class T> WarmGeom warmup_geom(const Ctx &c, const plrc_problem &pp, const BRows &rows)
{
    const WarmGeom none{0, 0, 0, 0};
    const WarmSwitches &ws = warm_switches();
    if (ws.off)
        return none;
    if (pp.k < 1 || pp.k > 4 || pp.p > 4 || pp.in_place || (pp.xd != 1 && pp.xd != -1) ||
        (pp.yd != 1 && pp.yd != -1) || pp.count < 8)
        return none;
    if (std::is_floating_point<T>::value && !decay_on(c))
        return none;
    unsigned seqw = ws.seqw;
    while (seqw > 8 && seqw / 2 >= pp.count)
        seqw /= 2;
    // Where a warp's lanes are 32 sequences (image columns): spans of 64, or
    // of 128 where spans of 64 would not fill one wave (512 threads per SM:
    // two blocks at the 4-byte kernels' 126 registers; a small image, whose
    // fewer, longer threads then spend less on warm-ups and ran faster), with
    // warm-ups of up to 128. Where they are
    // fewer (interleaved channels: a warp then covers several consecutive
    // spans of the same sequences, whose warm-ups read what its other lanes
    // load), spans of 32 with up to four spans of warm-up. H200, 2026-11-27,
    // % of a copy (bench/cuda/experiments/h200-2026-11-27-dense/): 1080x1920
    // columns biquad / one-pole 76 / 75 with spans of 128 (73 / 69 with 64;
    // the tile kernels 64 / 70), 4096x2160 83 / 79 with 64 (the one-pole's
    // D = 124 on the tile kernels: 72), 16 interleaved x 2^22 90 / 89.
    const unsigned hu = plrk::hu_of<T>();
    unsigned span = seqw == 32 ? 64u : 32u;
    if (seqw == 32 && pp.count * ((pp.n + span - 1) / span) < (size_t)c.sms * 512)
        span = 128;
    if (ws.span)
        span = ws.span < hu ? hu : ws.span / hu * hu;
    const unsigned maxd = ws.maxd ? ws.maxd : seqw == 32 ? 128u : 4 * span;
    const size_t warm = (rows.warm + hu - 1) / hu * hu;
    if (warm > maxd || warm + span > rows.m)
        return none;
    return WarmGeom{span, hu, seqw, (unsigned)warm};
}

template <class T>
bool launch_warmup(Ctx &c, const plrc_problem &pp, WarmGeom wg, const plrk::BParams<T> &B, char *why,
                   size_t whylen)
{
    const void *fn = warmup_kernel_for(pp.cls, pp.k, pp.p);
    if (!fn) {
        say(why, whylen, "cuda: no warm-up kernel for order %u, FIR history %u", pp.k, pp.p);
        return false;
    }
    plrk::HParams<T> H;
    memset(&H, 0, sizeof H);
    H.x = B.x;
    H.y = B.y;
    H.xs = B.xs;
    H.xd = B.xd;
    H.ys = B.ys;
    H.yd = B.yd;
    H.n = B.n;
    H.count = B.count;
    H.p = pp.p;
    H.k = pp.k;
    for (unsigned j = 0; j < pp.k; j++)
        H.b[j] = B.b[j];
    for (unsigned l = 0; l <= 4; l++)
        H.ad[l] = B.ad[l];
    H.anz = B.anz & 31u;
    H.zt = zero_taps_forced();
    H.span = wg.span;
    H.warm = wg.warm;
    H.lseqw = ilog2(wg.seqw);
    H.st_in = B.st_in;
    H.hi_in = B.hi_in;
    H.st_out = B.st_out;
    const unsigned long long spans = (pp.n + wg.span - 1) / wg.span;
    const unsigned long long per_block = plrk::HB / wg.seqw;
    const unsigned long long ngrp = (pp.count + wg.seqw - 1) / wg.seqw;
    const unsigned long long grid = ngrp * ((spans + per_block - 1) / per_block);
    if (grid > 0x7fffffffull) {
        say(why, whylen, "cuda: %llu blocks exceed the grid", grid);
        return false;
    }
    H.ngrp = (unsigned)ngrp;
    void *args[] = {&H};
    CK(cudaLaunchKernel(fn, dim3((unsigned)grid), dim3(plrk::HB), args, 0, c.comp));
    return true;
}

// Host-side boundary values to the device (stream-ordered before the
// launch); *out stays nullptr when the caller gave none: the kernels read
// zeros.
bool upload(Ctx &c, DevBuf &buf, const void *src, size_t bytes, const void **out, char *why,
            size_t whylen)
{
    *out = nullptr;
    if (!src || bytes == 0)
        return true;
    if (!buf.ensure(bytes)) {
        say(why, whylen, "cuda: no device memory for %zu bytes of initial state", bytes);
        return false;
    }
    CK(cudaMemcpyAsync(buf.p, src, bytes, cudaMemcpyHostToDevice, c.comp));
    *out = buf.p;
    return true;
}

// the initial state and history of a layout's sequences, on the device
template <class T>
bool upload_boundaries(Ctx &c, const plrc_problem &pp, const T **st, const T **hi, char *why,
                       size_t whylen)
{
    const void *a = nullptr, *b = nullptr;
    T st1[PLRC_MAXK], hi1[PLRC_MAXP];
    const void *ssrc = pp.states, *hsrc = pp.hists;
    if (pp.count == 1) {
        // one sequence: its state lives in pp itself; zeros need no upload
        state_of<T>(pp, st1);
        for (unsigned j = 0; j < pp.p; j++)
            memcpy(&hi1[j], pp.xhist[j], sizeof(T));
        auto nonzero = [](const void *v, size_t bytes) {
            for (size_t i = 0; i < bytes; i++)
                if (static_cast<const unsigned char *>(v)[i])
                    return true;
            return false; // (bits, not values: -0.0 is uploaded)
        };
        ssrc = nonzero(st1, pp.k * sizeof(T)) ? st1 : nullptr;
        hsrc = nonzero(hi1, pp.p * sizeof(T)) ? hi1 : nullptr;
    }
    if (!upload(c, c.st_in, ssrc, pp.count * pp.k * sizeof(T), &a, why, whylen) ||
        !upload(c, c.hi_in, hsrc, pp.count * pp.p * sizeof(T), &b, why, whylen))
        return false;
    *st = static_cast<const T *>(a);
    *hi = static_cast<const T *>(b);
    return true;
}

// Device or managed memory, several sequences or one strided one: one launch
// of the tile kernel (tile) or of one thread per sequence.
template <class T>
bool run_device_batch(Ctx &c, const plrc_problem &pp, bool tile, char *why, size_t whylen)
{
    plrc_trace(PLRC_T_PATH);
    using Acc = typename plrk::acc_of<T>::type;
    plrk::BParams<T> P;
    fill_bparams(P, pp);
    P.x = static_cast<const T *>(pp.x);
    P.y = static_cast<T *>(pp.y);
    P.xs = pp.xs;
    P.xd = pp.xd;
    P.ys = pp.ys;
    P.yd = pp.yd;
    P.n = pp.n;
    P.count = pp.count;
    if (!upload_boundaries<T>(c, pp, &P.st_in, &P.hi_in, why, whylen))
        return false;
    if (pp.finals) {
        if (!c.st_out.ensure(pp.count * pp.k * sizeof(T))) {
            say(why, whylen, "cuda: no device memory for the final states");
            return false;
        }
        P.st_out = static_cast<T *>(c.st_out.p);
    }
    plrc_trace(PLRC_T_P1);
    const WrowGeom wg = tile ? wrow_geom(pp) : WrowGeom{0, 0};
    plrc_trace(PLRC_T_P2);
    if (wg.nv) {
        time_mark(c, 0);
        c.last_batch = "wrow";
        if (!launch_wrow<T>(c, pp, wg, P, why, whylen))
            return false;
    } else if (tile) {
        const BGeom g = batch_geometry(sizeof(T), sizeof(Acc), pp.k, pp.p, pp.count, pp.n, pp.xs,
                                       pp.xd, pp.ys, pp.yd, decay_len<T>(c, pp));
        const BRows *rows;
        if (!get_brows<T>(c, pp, g.tps, &rows, why, whylen))
            return false;
        const WarmGeom hg = warmup_geom<T>(c, pp, *rows);
        time_mark(c, 0);
        c.last_batch = hg.span ? "warmup" : "tile";
        if (hg.span) {
            if (!launch_warmup<T>(c, pp, hg, P, why, whylen))
                return false;
        } else if (!launch_batch<T>(c, pp, *rows, g, P, pp.in_place != 0, c.comp, why, whylen)) {
            return false;
        }
    } else {
        time_mark(c, 0);
        c.last_batch = "seq";
        if (!launch_seq<T>(c, P, c.comp, why, whylen))
            return false;
    }
    time_mark(c, 1);
    if (pp.finals) {
        if (pp.n > 0) {
            plrk::FinalsManyArgs<T> A;
            memset(&A, 0, sizeof A);
            A.y = P.y;
            A.ys = pp.ys;
            A.yd = pp.yd;
            A.n = pp.n;
            A.count = pp.count;
            A.k = pp.k;
            A.out = P.st_out;
            void *args[] = {&A};
            const unsigned long long threads = pp.count * pp.k;
            CK(cudaLaunchKernel(reinterpret_cast<const void *>(&plrk::plr_finals_many_kernel<T>),
                                dim3((unsigned)((threads + 255) / 256)), dim3(256), args, 0, c.comp));
        }
        CK(cudaMemcpyAsync(pp.finals, P.st_out, pp.count * pp.k * sizeof(T), cudaMemcpyDeviceToHost,
                           c.comp));
    }
    CK(cudaStreamSynchronize(c.comp));
    plrc_trace(PLRC_T_SYNC);
    CK(cudaGetLastError());
    time_read(c);
    return true;
}

// Device memory, one strided sequence of an order above 8: packed into a
// scratch array, through the single-array kernel (which has the general
// path), and back.
template <class T>
bool run_gather_flat(Ctx &c, const plrc_problem &pp, const Rows &rows, char *why, size_t whylen)
{
    if (!c.tmp.ensure(2 * pp.n * sizeof(T))) {
        say(why, whylen, "cuda: no device memory for a %zu-element scratch array", 2 * pp.n);
        return false;
    }
    T *tx = static_cast<T *>(c.tmp.p), *ty = tx + pp.n;
    const unsigned long long want = (pp.n + 255) / 256, most = (unsigned long long)c.sms * 8;
    const unsigned grid = (unsigned)(want < most ? want : most);
    plrk::plr_gather_kernel<T><<<grid, 256, 0, c.comp>>>(tx, static_cast<const T *>(pp.x), pp.xs, pp.n);
    CK(cudaGetLastError());
    plrk::Params<T> P;
    fill_params(P, pp);
    if (!launch<T>(c, pp, rows, P, tx, ty, pp.n, c.comp, why, whylen))
        return false;
    plrk::plr_scatter_kernel<T><<<grid, 256, 0, c.comp>>>(static_cast<T *>(pp.y), ty, pp.ys, pp.n);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(c.comp));
    CK(cudaGetLastError());
    return true;
}

// Host arrays, several sequences. Pieces of at most PIECE_BYTES are
// rectangles of sequences x positions, gathered by host threads into pinned
// staging in a packed order (position-major where the caller's sequences are
// adjacent, as for interleaved channels, so the gather reads contiguous
// memory; sequence-major otherwise), copied, run by one launch each, copied
// back and scattered into exactly the elements the layout owns. Two pieces
// are in flight, as in run_pipelined. A sequence longer than a piece is
// streamed: consecutive pieces of the same sequences pass their state and
// last p inputs on through device buffers.
template <class T>
bool run_host_many(Ctx &c, const plrc_problem &pp, bool tile, char *why, size_t whylen)
{
    using Acc = typename plrk::acc_of<T>::type;
    if (!pipe_setup(c, why, whylen))
        return false;
    const unsigned long long PE = PIECE_BYTES / sizeof(T);
    const unsigned long long count = pp.count, n = pp.n;
    const unsigned k = pp.k, p = pp.p;
    const bool lane_pack = pp.xd != 0 && ullabs(pp.xd) < ullabs(pp.xs);
    unsigned long long Nl, Sc;
    if (lane_pack) {
        Nl = PE / count > 1 ? PE / count : 1;
        if (Nl > n)
            Nl = n;
        Sc = PE / Nl < count ? PE / Nl : count;
    } else if (n <= PE) {
        Nl = n;
        Sc = PE / n < count ? PE / n : count;
    } else {
        Nl = PE;
        Sc = 1;
    }
    const unsigned long long npos = (n + Nl - 1) / Nl, ngroups = (count + Sc - 1) / Sc;
    const unsigned long long npieces = npos * ngroups;
    const T *st_all = nullptr, *hi_all = nullptr;
    if (!upload_boundaries<T>(c, pp, &st_all, &hi_all, why, whylen))
        return false;
    if (npos > 1)
        for (int b = 0; b < 2; b++)
            if (!c.pst[b].ensure(Sc * k * sizeof(T)) || (p && !c.phi[b].ensure(Sc * p * sizeof(T)))) {
                say(why, whylen, "cuda: no device memory for the pieces' boundaries");
                return false;
            }
    plrk::BParams<T> P0;
    fill_bparams(P0, pp);
    T *ux = const_cast<T *>(static_cast<const T *>(pp.x));
    T *uy = static_cast<T *>(pp.y);

    struct Piece {
        unsigned long long sa, sc, ia, nl, q;
    };
    auto piece_of = [&](unsigned long long i) {
        Piece pc;
        const unsigned long long g = i / npos;
        pc.q = i - g * npos;
        pc.sa = g * Sc;
        pc.sc = count - pc.sa < Sc ? count - pc.sa : Sc;
        pc.ia = pc.q * Nl;
        pc.nl = n - pc.ia < Nl ? n - pc.ia : Nl;
        return pc;
    };
    // the caller's elements of a piece as `outer` rows of `inner`
    auto pack = [&](const Piece &pc, T *pk, T *base, long long s_str, long long i_str, bool to_packed) {
        T *b0 = base + (long long)pc.sa * s_str + (long long)pc.ia * i_str;
        if (lane_pack)
            host_pack<T>(c.pool, pk, b0, i_str, s_str, pc.nl, pc.sc, to_packed);
        else
            host_pack<T>(c.pool, pk, b0, s_str, i_str, pc.sc, pc.nl, to_packed);
    };
    auto finish = [&](unsigned long long i) -> bool {
        const int b = (int)(i % 2);
        CK(cudaEventSynchronize(c.ev_d2h[b]));
        pack(piece_of(i), static_cast<T *>(c.pin_out[b]), uy, pp.yd, pp.ys, false);
        return true;
    };

    for (unsigned long long i = 0; i < npieces; i++) {
        const int b = (int)(i % 2);
        const Piece pc = piece_of(i);
        const size_t bytes = pc.sc * pc.nl * sizeof(T);
        CK(cudaEventSynchronize(c.ev_h2d[b]));
        pack(pc, static_cast<T *>(c.pin_in[b]), ux, pp.xd, pp.xs, true);
        CK(cudaStreamWaitEvent(c.h2d, c.ev_kern[b], 0));
        CK(cudaMemcpyAsync(c.din[b], c.pin_in[b], bytes, cudaMemcpyHostToDevice, c.h2d));
        CK(cudaEventRecord(c.ev_h2d[b], c.h2d));
        CK(cudaStreamWaitEvent(c.comp, c.ev_h2d[b], 0));
        CK(cudaStreamWaitEvent(c.comp, c.ev_d2h[b], 0));

        plrk::BParams<T> P = P0;
        P.x = static_cast<const T *>(c.din[b]);
        P.y = static_cast<T *>(c.dout[b]);
        P.count = pc.sc;
        P.n = pc.nl;
        if (lane_pack) {
            P.xs = P.ys = (long long)pc.sc;
            P.xd = P.yd = 1;
        } else {
            P.xs = P.ys = 1;
            P.xd = P.yd = (long long)pc.nl;
        }
        const int qb = (int)(pc.q & 1);
        if (pc.q == 0) {
            P.st_in = st_all ? st_all + pc.sa * k : nullptr;
            P.hi_in = hi_all ? hi_all + pc.sa * p : nullptr;
        } else {
            P.st_in = static_cast<const T *>(c.pst[1 - qb].p);
            P.hi_in = p ? static_cast<const T *>(c.phi[1 - qb].p) : nullptr;
        }
        if (pc.q + 1 < npos) {
            P.st_out = static_cast<T *>(c.pst[qb].p);
            P.hi_out = p ? static_cast<T *>(c.phi[qb].p) : nullptr;
        } else {
            P.st_out = nullptr; // the finals come from the caller's y (finals_host)
        }
        if (tile) {
            const BGeom g = batch_geometry(sizeof(T), sizeof(Acc), k, p, P.count, P.n, P.xs, P.xd,
                                           P.ys, P.yd, decay_len<T>(c, pp));
            const BRows *rows;
            if (!get_brows<T>(c, pp, g.tps, &rows, why, whylen) ||
                !launch_batch<T>(c, pp, *rows, g, P, false, c.comp, why, whylen))
                return false;
        } else if (!launch_seq<T>(c, P, c.comp, why, whylen)) {
            return false;
        }
        CK(cudaEventRecord(c.ev_kern[b], c.comp));
        CK(cudaStreamWaitEvent(c.d2h, c.ev_kern[b], 0));
        CK(cudaMemcpyAsync(c.pin_out[b], c.dout[b], bytes, cudaMemcpyDeviceToHost, c.d2h));
        CK(cudaEventRecord(c.ev_d2h[b], c.d2h));
        if (i > 0 && !finish(i - 1))
            return false;
    }
    if (!finish(npieces - 1))
        return false;
    CK(cudaStreamSynchronize(c.comp));
    CK(cudaGetLastError());
    // the outputs themselves, not the carries they were computed from (see
    // plr_finals_many_kernel): the caller's y is complete on the host now
    finals_host<T>(pp);
    return true;
}

// The tiles' published states for a launch of ntiles tiles of W words each
// (plr_tile_state.cuh): one buffer and one epoch counter for the scan and
// the one-pass higher-order kernels, so that no stale word of either may
// carry a later launch's tag.
bool tile_states(Ctx &c, unsigned long long ntiles, int W, unsigned long long **words, unsigned *epoch, char *why,
                 size_t whylen)
{
    const size_t had = c.scan_state.cap;
    if (!c.scan_state.ensure((size_t)ntiles * W * sizeof(unsigned long long))) {
        say(why, whylen, "cuda: no device memory for %llu tile states", ntiles);
        return false;
    }
    if (c.scan_state.cap != had || ++c.scan_epoch >= plrk::scan::EPOCH_LIMIT) {
        // no stale word may carry this launch's tag
        CK_OR(cudaMemsetAsync(c.scan_state.p, 0, c.scan_state.cap, c.comp), false);
        c.scan_epoch = 1;
    }
    *words = static_cast<unsigned long long *>(c.scan_state.p);
    *epoch = c.scan_epoch;
    return true;
}

// ---- higher orders on device memory (plr_korder.cuh, plr_korder1.cuh) ----

// The state width of the higher-order kernels for this problem (8, 16, 32),
// 0 where the single-pass kernel takes it. Orders 9..32 always (the
// single-pass kernel's general path ran at 0.1-0.3% of a copy); orders 4..8
// from the length where the three passes overtook the single-pass kernel's
// specialized bodies (H200, 2026-11-27, % of a copy, single-pass / these:
// order 8 i32 2^20 32/21, 2^22 22/22, 2^24 17/34, 2^30 14/49; order 4 i32
// 2^24 42/34, 2^26 41/43; order 4 f32 2^22 32/22, 2^24 27/31; orders 5-7
// interpolated); orders up to 3 never (3rd-order prefix sum 2^30 50/49).
// PLR_CUDA_KORDER=1 takes every order from 2 on, =0 none (measuring switches).
unsigned korder_width(const plrc_problem &pp)
{
    const char *e = switch_env("PLR_CUDA_KORDER");
    if (e && !strcmp(e, "0"))
        return 0;
    const unsigned K = pp.k <= 8 ? 8 : pp.k <= 16 ? 16 : 32;
    if (pp.k <= 1)
        return 0;
    if (pp.k > plrk::MAX_SPEC_K || (e && !strcmp(e, "1")))
        return K;
    const bool flt = pp.cls == PLRC_F32 || pp.cls == PLRC_F64;
    if (pp.k >= 6 && pp.n >= (1ull << 22))
        return K;
    if (pp.k >= 4 && pp.n >= (flt ? 1ull << 24 : 1ull << 26))
        return K;
    return 0;
}

const void *korder_kernel_for(int cls, unsigned K, int which)
{
    switch (cls) {
    case PLRC_U32: return plrk::korder_kernel_u32(K, which);
    case PLRC_U64: return plrk::korder_kernel_u64(K, which);
    case PLRC_F32: return plrk::korder_kernel_f32(K, which);
    default: return plrk::korder_kernel_f64(K, which);
    }
}

// out = A^L for the K x K companion matrix of b (state s[r] = y[-1-r]: row 0
// takes b, row r > 0 shifts), by squaring: in long double for floats (then
// rounded once), in the wrapping type for integers
template <class W>
void companion_power(const W *b, unsigned k, unsigned K, unsigned long long L, W *out)
{
    std::vector<W> A((size_t)K * K, W(0)), R((size_t)K * K, W(0)), Z((size_t)K * K);
    for (unsigned j = 0; j < k; j++)
        A[j] = b[j];
    for (unsigned r = 1; r < K; r++)
        A[(size_t)r * K + r - 1] = W(1);
    for (unsigned r = 0; r < K; r++)
        R[(size_t)r * K + r] = W(1);
    auto mul = [&](const std::vector<W> &X, const std::vector<W> &Y, std::vector<W> &D) {
        for (unsigned r = 0; r < K; r++)
            for (unsigned j = 0; j < K; j++) {
                W acc = W(0);
                for (unsigned q = 0; q < K; q++)
                    acc += X[(size_t)r * K + q] * Y[(size_t)q * K + j];
                Z[(size_t)r * K + j] = acc;
            }
        D.swap(Z);
    };
    for (; L; L >>= 1) {
        if (L & 1)
            mul(R, A, R);
        if (L > 1)
            mul(A, A, A);
    }
    for (size_t i = 0; i < (size_t)K * K; i++)
        out[i] = R[i];
}

// A^len for each of lens, K x K in the carry type on the device, cached per
// signature and lengths (the squarings of order 32 take milliseconds)
template <class T>
const void *korder_mats(Ctx &c, const plrc_problem &pp, unsigned K, const std::vector<unsigned long long> &lens,
                        char *why, size_t whylen)
{
    using Cy = typename plrk::acc_of<T>::type;
    for (size_t i = 0; i < c.komats.size(); i++) {
        const Ctx::KoMats &m = c.komats[i];
        if (m.cls == pp.cls && m.k == pp.k && m.lens == lens && !memcmp(m.b, pp.bdense, sizeof m.b)) {
            std::rotate(c.komats.begin(), c.komats.begin() + i, c.komats.begin() + i + 1);
            return c.komats[0].dev;
        }
    }
    const size_t KK = (size_t)K * K, nl = lens.size();
    std::vector<Cy> host(nl * KK);
    if constexpr (std::is_floating_point<T>::value) {
        long double b[PLRC_MAXK];
        for (unsigned j = 0; j < pp.k; j++) {
            T v;
            memcpy(&v, pp.bdense[j], sizeof v);
            b[j] = v;
        }
        std::vector<long double> w(KK);
        for (size_t q = 0; q < nl; q++) {
            companion_power<long double>(b, pp.k, K, lens[q], w.data());
            for (size_t i = 0; i < KK; i++)
                host[q * KK + i] = (Cy)w[i];
        }
    } else {
        T b[PLRC_MAXK];
        for (unsigned j = 0; j < pp.k; j++)
            memcpy(&b[j], pp.bdense[j], sizeof(T));
        for (size_t q = 0; q < nl; q++)
            companion_power<T>(b, pp.k, K, lens[q], host.data() + q * KK);
    }
    Ctx::KoMats m{};
    m.cls = pp.cls;
    m.k = pp.k;
    memcpy(m.b, pp.bdense, sizeof m.b);
    m.lens = lens;
    if (cudaMalloc(&m.dev, host.size() * sizeof(Cy)) != cudaSuccess) {
        cudaGetLastError();
        say(why, whylen, "cuda: no device memory for the state matrices");
        return nullptr;
    }
    if (cudaMemcpy(m.dev, host.data(), host.size() * sizeof(Cy), cudaMemcpyHostToDevice) != cudaSuccess) {
        cudaFree(m.dev);
        say(why, whylen, "cuda: copying the state matrices failed");
        return nullptr;
    }
    if (c.komats.size() == 8) {
        cudaFree(c.komats.back().dev);
        c.komats.pop_back();
    }
    c.komats.insert(c.komats.begin(), std::move(m));
    return c.komats[0].dev;
}

// the state before element 0 (y[-1-j]) in the carry type of the
// higher-order kernels
template <class T> void korder_init(const plrc_problem &pp, typename plrk::acc_of<T>::type *init)
{
    T st[PLRC_MAXK];
    state_of<T>(pp, st);
    for (unsigned j = 0; j < pp.k; j++)
        init[j] = (typename plrk::acc_of<T>::type)st[j];
}

// Steps of 1024 elements per segment, at least: by default as many
// segments as warps fit on the GPU (1), except 4 for widths 16 and 32 below
// 2^24 elements, where fewer, longer segments shorten the chain kernels more
// than they cost the passes (H200, 2026-11-27, % of a copy, 1 / 4: 2^20
// order 32 i32 12.1 / 14.3, order 16 17.2 / 18.3; 2^22 order 32 10.7 / 14.2,
// order 16 18.2 / 20.3; width 8 alike; from 2^24 alike:
// bench/cuda/experiments/2026-11-27-korder/segments-ko-tiles-h200.log).
// PLR_CUDA_KO_TILES=N sets it (a measuring switch).
unsigned long long korder_min_tiles(unsigned K, unsigned long long n)
{
    const char *e = switch_env("PLR_CUDA_KO_TILES");
    const unsigned long long v = e ? strtoull(e, nullptr, 10) : 0;
    if (v >= 1 && v <= (1ull << 20))
        return v;
    return K >= 16 && n < (1ull << 24) ? 4 : 1;
}

// 1: done; 0: not taken, nothing written (an input is not finite, which the
// single-pass kernel places as the loop does; or the device's shared memory
// is too small): the caller runs the single-pass kernel; -1: error
// K: the state width, korder_width's answer
template <class T>
int run_korder(Ctx &c, const plrc_problem &pp, unsigned K, int verbose, char *why, size_t whylen)
{
    using Cy = typename plrk::acc_of<T>::type;
    const void *f1 = korder_kernel_for(pp.cls, K, 0), *f3 = korder_kernel_for(pp.cls, K, 4);
    const void *fc[3] = {korder_kernel_for(pp.cls, K, 1), korder_kernel_for(pp.cls, K, 2),
                         korder_kernel_for(pp.cls, K, 3)};
    if (!f1 || !f3 || !fc[0] || !fc[1] || !fc[2]) {
        say(why, whylen, "cuda: no higher-order kernel of width %u", K);
        return -1;
    }
    const size_t warp_bytes = K == 8 ? plrk::korder_warp_bytes<T, 8>()
                              : K == 16 ? plrk::korder_warp_bytes<T, 16>() : plrk::korder_warp_bytes<T, 32>();
    const size_t smem = plrk::KO_WARPS * warp_bytes;
    const int threads = 32 * plrk::KO_WARPS;
    if (smem > (size_t)c.smem_optin) {
        // (sm_75: 64 KiB a block; f64 at width 32 needs 68)
        if (verbose)
            fprintf(stderr, "plr: cuda: order %u: the higher-order kernel needs %zu bytes of shared memory a "
                            "block, the device gives %d: the single-pass kernel instead\n",
                    pp.k, smem, c.smem_optin);
        return 0;
    }
    int per_sm = 0, per_sm1 = 0;
    if (!kernel_occupancy(c, f3, threads, smem, &per_sm, why, whylen) ||
        !kernel_occupancy(c, f1, threads, smem, &per_sm1, why, whylen))
        return -1;
    if (per_sm1 < per_sm)
        per_sm = per_sm1;
    const unsigned long long tile = 32ull * plrk::KO_M, tiles = (pp.n + tile - 1) / tile;
    const unsigned long long warps = (unsigned long long)per_sm * plrk::KO_WARPS * c.sms;
    const unsigned long long seg_tiles = std::max((tiles + warps - 1) / warps, korder_min_tiles(K, pp.n));
    const unsigned long long seg_len = seg_tiles * tile, nseg = (tiles + seg_tiles - 1) / seg_tiles;
    // A^(seg_len/32), A^seg_len and A^(KO_G seg_len)
    const void *mats = korder_mats<T>(c, pp, K, {seg_len / 32, seg_len, seg_len * plrk::KO_G}, why, whylen);
    if (!mats)
        return -1;
    const unsigned long long ngrp = (nseg + plrk::KO_G - 1) / plrk::KO_G;
    const size_t u_bytes = (size_t)nseg * K * sizeof(Cy), v_bytes = (size_t)ngrp * K * sizeof(Cy),
                 xh_bytes = (size_t)nseg * plrk::KO_M * sizeof(T);
    const size_t ul_bytes = 32 * u_bytes;
    if (!c.ko.ensure(ul_bytes + 2 * u_bytes + 2 * v_bytes + xh_bytes + 16)) {
        say(why, whylen, "cuda: no device memory for %llu segment states", nseg);
        return -1;
    }
    plrk::KParams<T> P;
    memset(&P, 0, sizeof P);
    P.x = static_cast<const T *>(pp.x);
    P.y = static_cast<T *>(pp.y);
    P.n = pp.n;
    P.seg_len = seg_len;
    P.nseg = (unsigned)nseg;
    fill_taps<T>(P, pp);
    korder_init<T>(pp, P.init);
    P.Alane = static_cast<const Cy *>(mats);
    P.Aseg = P.Alane + (size_t)K * K;
    P.Agrp = P.Aseg + (size_t)K * K;
    P.ngrp = (unsigned)ngrp;
    P.vec = ((uintptr_t)pp.x % 16 == 0 && (uintptr_t)pp.y % 16 == 0) ? 1u : 0u;
    P.prefetch = env_is("PLR_CUDA_KO_PREFETCH", "0") ? 0u : 1u;
    P.direct = env_is("PLR_CUDA_KO_DIRECT", "1") ? 1u : 0u;
    char *aux = static_cast<char *>(c.ko.p) + ul_bytes;
    P.UL = reinterpret_cast<Cy *>(c.ko.p);
    P.U = reinterpret_cast<Cy *>(aux);
    P.Sg = reinterpret_cast<Cy *>(aux + u_bytes);
    P.V = reinterpret_cast<Cy *>(aux + 2 * u_bytes);
    P.W = reinterpret_cast<Cy *>(aux + 2 * u_bytes + v_bytes);
    P.XH = reinterpret_cast<T *>(aux + 2 * u_bytes + 2 * v_bytes);
    P.flag = reinterpret_cast<unsigned *>(aux + 2 * u_bytes + 2 * v_bytes + ((xh_bytes + 15) & ~size_t(15)));
    if (verbose)
        fprintf(stderr,
                "plr: cuda: order %u on device memory: %llu segments of %llu, segment states chained "
                "(state width %u)\n",
                pp.k, nseg, seg_len, K);
    void *args[] = {&P};
    const unsigned grid = (unsigned)((nseg + plrk::KO_WARPS - 1) / plrk::KO_WARPS);
    unsigned flag = 0;
    time_mark(c, 0);
    CK_OR(cudaMemsetAsync(P.flag, 0, sizeof(unsigned), c.comp), -1);
    CK_OR(cudaLaunchKernel(f1, dim3(grid), dim3(threads), args, smem, c.comp), -1);
    CK_OR(cudaLaunchKernel(fc[0], dim3((unsigned)ngrp), dim3(32), args, 0, c.comp), -1);
    CK_OR(cudaLaunchKernel(fc[1], dim3(1), dim3(32), args, 0, c.comp), -1);
    CK_OR(cudaLaunchKernel(fc[2], dim3((unsigned)ngrp), dim3(32), args, 0, c.comp), -1);
    CK_OR(cudaLaunchKernel(f3, dim3(grid), dim3(threads), args, smem, c.comp), -1);
    time_mark(c, 1);
    CK_OR(cudaMemcpyAsync(&flag, P.flag, sizeof flag, cudaMemcpyDeviceToHost, c.comp), -1);
    CK_OR(cudaStreamSynchronize(c.comp), -1);
    CK_OR(cudaGetLastError(), -1);
    time_read(c);
    if ((flag & 1u) && verbose)
        fprintf(stderr, "plr: cuda: a non-finite input: the single-pass kernel instead\n");
    return (flag & 1u) ? 0 : 1;
}

// Orders above the single-pass kernel's specialized bodies on host arrays
// (one forward array): run_pipelined's pieces and streams, each piece
// through the higher-order kernels (run_korder) instead of the single-pass
// kernel's general path (0.1-0.3 G elements a second, against the link's
// ~14 each way). run_korder takes the state before its array and its x
// history as values, so each piece's come back from the device (k outputs
// and p inputs: a few bytes) once the piece before has run; the copies of
// the pieces before and after overlap that kernel as in run_pipelined. A
// piece the kernels decline (a non-finite input, or too little shared
// memory) writes nothing: it and the rest go through run_pipelined from
// there, with the state handed over. 1: done; 0: nothing done (the caller
// runs run_pipelined); -1: error (said why).
template <class T>
int run_korder_host(Ctx &c, const plrc_problem &pp, unsigned K, const Rows &rows, bool x_pinned, bool y_pinned,
                    int verbose, char *why, size_t whylen)
{
    if (pp.n == 0)
        return 0;
    if (!pipe_setup(c, why, whylen))
        return -1;
    const size_t piece = PIECE_BYTES / sizeof(T), n = pp.n, npieces = (n + piece - 1) / piece;
    const T *ux = static_cast<const T *>(pp.x);
    T *uy = static_cast<T *>(pp.y);
    // pinned, so that the histories' small copies complete where they are
    // issued (one buffer: the k outputs, then the p inputs)
    if (!c.ko_hist_host)
        CK_OR(cudaMallocHost(&c.ko_hist_host, (PLRC_MAXK + PLRC_MAXP) * 8), -1);
    T *hist = static_cast<T *>(c.ko_hist_host);
    auto count_of = [&](size_t i) { return n - i * piece < piece ? n - i * piece : piece; };
    auto h2d = [&](size_t i) -> bool {
        const int s = (int)(i % 2);
        const void *src = ux + i * piece;
        if (!x_pinned) {
            CK(cudaEventSynchronize(c.ev_h2d[s]));
            par_copy(c.pool, c.pin_in[s], ux + i * piece, count_of(i) * sizeof(T));
            src = c.pin_in[s];
        }
        CK(cudaMemcpyAsync(c.din[s], src, count_of(i) * sizeof(T), cudaMemcpyHostToDevice, c.h2d));
        CK(cudaEventRecord(c.ev_h2d[s], c.h2d));
        return true;
    };
    auto finish = [&](size_t i) -> bool { // piece i's outputs in the caller's y
        const int s = (int)(i % 2);
        CK(cudaEventSynchronize(c.ev_d2h[s]));
        if (!y_pinned)
            par_copy(c.pool, uy + i * piece, c.pin_out[s], count_of(i) * sizeof(T));
        return true;
    };
    plrc_problem q = pp; // a piece, on the device
    q.count = 1;
    q.in_place = 0;
    q.finals = nullptr;
    q.kinds_known = 1;
    q.xkind = q.ykind = PK_DEVICE;
    if (!h2d(0))
        return -1;
    for (size_t i = 0; i < npieces; i++) {
        const int s = (int)(i % 2);
        const size_t cnt = count_of(i);
        if (i > 0) {
            // the state and x history at the piece's start: the piece
            // before's last outputs and inputs, read before its input
            // buffer takes piece i + 1
            const T *dy = static_cast<const T *>(c.dout[1 - s]), *dx = static_cast<const T *>(c.din[1 - s]);
            CK_OR(cudaMemcpyAsync(hist, dy + piece - pp.k, pp.k * sizeof(T), cudaMemcpyDeviceToHost, c.comp), -1);
            if (pp.p)
                CK_OR(cudaMemcpyAsync(hist + pp.k, dx + piece - pp.p, pp.p * sizeof(T), cudaMemcpyDeviceToHost,
                                      c.comp), -1);
            CK_OR(cudaStreamSynchronize(c.comp), -1);
            for (unsigned j = 0; j < pp.k; j++) // y[-1-j], nearest first
                memcpy(q.state[j], &hist[pp.k - 1 - j], sizeof(T));
            for (unsigned j = 0; j < pp.p; j++) // x[j-p], oldest first
                memcpy(q.xhist[j], &hist[pp.k + j], sizeof(T));
        }
        if (i + 1 < npieces && !h2d(i + 1))
            return -1;
        CK_OR(cudaStreamWaitEvent(c.comp, c.ev_h2d[s], 0), -1);
        CK_OR(cudaStreamWaitEvent(c.comp, c.ev_d2h[s], 0), -1); // piece i - 2's outputs copied out
        q.x = c.din[s];
        q.y = c.dout[s];
        q.n = cnt;
        const int r = run_korder<T>(c, q, K, verbose && i == 0, why, whylen);
        if (r < 0)
            return -1;
        if (r == 0) {
            // this piece and the rest through the single-pass kernel, from
            // the state at the piece's start (piece i + 1's copy in flight
            // and the outputs before copied out first: run_pipelined takes
            // the same buffers and events)
            CK_OR(cudaStreamSynchronize(c.h2d), -1);
            if (i > 0 && !finish(i - 1))
                return -1;
            if (i == 0)
                return 0;
            plrc_problem rest = pp;
            memcpy(rest.state, q.state, sizeof rest.state);
            memcpy(rest.xhist, q.xhist, sizeof rest.xhist);
            rest.x = ux + i * piece;
            rest.y = uy + i * piece;
            rest.n = n - i * piece;
            rest.finals = nullptr;
            if (verbose)
                fprintf(stderr, "plr: cuda: elements %zu.. through the pipelined single-pass kernel\n", i * piece);
            c.last_flat = "korder-host/pipelined";
            return run_pipelined<T>(c, rest, rows, x_pinned, y_pinned, why, whylen) ? 1 : -1;
        }
        CK_OR(cudaEventRecord(c.ev_kern[s], c.comp), -1);
        CK_OR(cudaStreamWaitEvent(c.d2h, c.ev_kern[s], 0), -1);
        void *dst = y_pinned ? (void *)(uy + i * piece) : c.pin_out[s];
        CK_OR(cudaMemcpyAsync(dst, c.dout[s], cnt * sizeof(T), cudaMemcpyDeviceToHost, c.d2h), -1);
        CK_OR(cudaEventRecord(c.ev_d2h[s], c.d2h), -1);
        if (i > 0 && !finish(i - 1))
            return -1;
    }
    if (!finish(npieces - 1))
        return -1;
    CK_OR(cudaGetLastError(), -1);
    c.last_flat = "korder-host";
    return 1;
}

plrk::Ko1Kernel korder1_kernel_for(int cls, unsigned K, int geom)
{
    switch (cls) {
    case PLRC_U32: return plrk::korder1_kernel_u32(K, geom);
    case PLRC_U64: return plrk::korder1_kernel_u64(K, geom);
    case PLRC_F32: return plrk::korder1_kernel_f32(K, geom);
    default: return plrk::korder1_kernel_f64(K, geom);
    }
}

// The one-pass higher-order kernel's geometry for this problem, or -1 where
// the three passes take it. Only under PLR_CUDA_KORDER_PASSES=1 (a
// measuring switch): on the H200 it ran order 8 at 16-23% of a copy
// against the three passes' 48% (bench/cuda/experiments/2026-12-02-korder1;
// 50-60% with the look-back made free). Where it applies: state width 8, no
// input term but a0*x[i] (x is read once, so there is no halo to read), x
// and y on 16-byte boundaries (16-byte copies), sm_80 or newer (cp.async).
// PLR_CUDA_KO1_GEOM=N picks geometry N.
int korder1_geom(const Ctx &c, const plrc_problem &pp, unsigned K)
{
    if (!env_is("PLR_CUDA_KORDER_PASSES", "1"))
        return -1;
    if (K != 8 || c.cc_major < 8 || pp.na != 1 || pp.alag[0] != 0)
        return -1;
    if ((uintptr_t)pp.x % 16 != 0 || (uintptr_t)pp.y % 16 != 0)
        return -1;
    if (const char *e = switch_env("PLR_CUDA_KO1_GEOM")) {
        const int g = atoi(e);
        if (g >= 0 && g < plrk::KO1_GEOMS)
            return g;
    }
    return 3; // the fastest of the four in run2 (4 warps, rows of 64, one buffer)
}

// 1: done; 0: not taken (the device's shared memory is too small), nothing
// written: the caller runs the three passes; -1: error
template <class T>
int run_korder1(Ctx &c, const plrc_problem &pp, unsigned K, int geom, int verbose, char *why, size_t whylen)
{
    using Cy = typename plrk::acc_of<T>::type;
    const plrk::Ko1Kernel kn = korder1_kernel_for(pp.cls, K, geom);
    if (!kn.fn) {
        say(why, whylen, "cuda: no one-pass higher-order kernel of width %u (geometry %d)", K, geom);
        return -1;
    }
    if (kn.smem > (size_t)c.smem_optin) {
        if (verbose)
            fprintf(stderr, "plr: cuda: order %u: the one-pass kernel needs %zu bytes of shared memory a block, the "
                            "device gives %d: three passes instead\n",
                    pp.k, kn.smem, c.smem_optin);
        return 0;
    }
    int per_sm = 0;
    if (!kernel_occupancy(c, kn.fn, kn.threads, kn.smem, &per_sm, why, whylen))
        return -1;
    // PLR_CUDA_KO1_BLOCKS=N: at most N blocks an SM (a measuring switch)
    if (const char *e = switch_env("PLR_CUDA_KO1_BLOCKS"))
        per_sm = std::max(1, std::min(per_sm, atoi(e)));
    const unsigned long long ntiles = (pp.n + kn.tile - 1) / kn.tile;
    // persistent blocks, all resident: a tile's look-back waits only for
    // tiles that blocks already hold
    const unsigned long long grid = std::min<unsigned long long>(ntiles, (unsigned long long)per_sm * c.sms);
    // A^SUB, A^(32 SUB), then A^(d TILE) for d = 0..32
    std::vector<unsigned long long> lens = {kn.sub, 32ull * kn.sub};
    for (unsigned long long d = 0; d <= 32; d++)
        lens.push_back(d * kn.tile);
    const void *mats = korder_mats<T>(c, pp, K, lens, why, whylen);
    if (!mats)
        return -1;
    plrk::K1Params<T> P;
    memset(&P, 0, sizeof P);
    if (!tile_states(c, ntiles, (int)(K * sizeof(Cy) / 4), &P.words, &P.epoch, why, whylen))
        return -1;
    P.x = static_cast<const T *>(pp.x);
    P.y = static_cast<T *>(pp.y);
    P.n = pp.n;
    P.ntiles = ntiles;
    memcpy(&P.a0, pp.acoef[0], sizeof(T));
    P.scaled = P.a0 != T(1);
    for (unsigned j = 0; j < pp.k; j++)
        memcpy(&P.b[j], pp.bdense[j], sizeof(T));
    korder_init<T>(pp, P.init);
    P.Alane = static_cast<const Cy *>(mats);
    P.Awarp = P.Alane + (size_t)K * K;
    P.Alb = P.Awarp + (size_t)K * K;
    P.no_look_back = env_is("PLR_CUDA_KO1_NOLB", "1");
    if (verbose)
        fprintf(stderr,
                "plr: cuda: order %u on device memory: one pass, %llu tiles of %llu on %llu blocks (rows of %u, state "
                "width %u, geometry %d)\n",
                pp.k, ntiles, kn.tile, grid, kn.sub, K, geom);
    void *args[] = {&P};
    time_mark(c, 0);
    CK_OR(cudaLaunchKernel(kn.fn, dim3((unsigned)grid), dim3(kn.threads), args, kn.smem, c.comp), -1);
    time_mark(c, 1);
    CK_OR(cudaStreamSynchronize(c.comp), -1);
    CK_OR(cudaGetLastError(), -1);
    time_read(c);
    return 1;
}

// ---- prefix, tuple and 2nd/3rd-order sums: the scan kernel (plr_scan.cuh) ----

// Whether an f32 first-order filter, equal stages or prefix sum is carried
// in float (plrk::scan::with_form): measured faster for the filters at
// 2^20, 2^24 and 2^30 (H100, bench/cuda/experiments/2026-11-28-pole run2:
// 3-stage low-pass 65.9% of a copy against 44.0% in double, 1-stage 91.0
// against 90.2%). The prefix sum since 2026-12-02: the serial loop adds in float,
// and the scan's roundings are a lane's and a warp's few plus one a tile
// along the array against the loop's one an element, within the bound (H =
// n for a sum; small integers exact); H200 at 2^30 94.5% of a copy against
// 85.2% in double, at 2^20 and 2^24 +3 to +7 points
// (bench/cuda/experiments/2026-12-02-matrix run4). Tuple and higher-order
// sums stay in double. PLR_CUDA_SCAN_CARRY=double (a measuring switch)
// carries them all in double.
bool scan_floats_carry(plrk::ScanForm form) // the forms that may carry f32 in float
{
    return form == plrk::SCAN_GEO || form == plrk::SCAN_POLE2 || form == plrk::SCAN_POLE3 || form == plrk::SCAN_SUM;
}
bool scan_in_float(plrk::ScanForm form)
{
    return !env_is("PLR_CUDA_SCAN_CARRY", "double") && scan_floats_carry(form);
}

// Which units of a tile a lane scans (plrk::ScanLayout): a lane's own
// units for equal stages and 8-byte first-order filters, rows for the rest.
// Measured on the H100 at 2^30 (bench/cuda/experiments/2026-11-28-lanes
// run1): lanes 2-/3-stage low-pass f32 90.2 / 85.1% of a copy against 78.8 /
// 65.8% in rows, f64 2-stage 86.5 / 71.4%, EMA f64 90.6 / 86.4%; the sums
// and the f32 1-stage low-pass level or better in rows (3-tuple sums 92.4
// / 84.9%: a unit of four elements rotates their state by a select).
// Except the 3-tuple and 2nd- and 3rd-order sums from 2^24 elements on a
// device with more DRAM bandwidth an SM than the H100's (25 GB/s; the
// H200's 36.5), where fewer instructions an element pay: lanes (24 warps)
// 89.2 / 81.8% against rows 83.5 / 75.2% at 2^30 for the 3-tuple and
// 3rd-order sums, 70.4 / 65.9 against 68.1 / 66.0% at 2^24, and rows ahead
// at 2^20 (64.5 / 63.8 against 58.2 / 60.4%; run3); the 2nd-order sum 90.4
// against 88.3% at 2^30, level at 2^24 (run7; H200, i32,
// bench/cuda/experiments/2026-12-02-korder1). The prefix sums and the
// 1-stage low-pass stay in rows (lanes 3-4 points behind at 2^30). A
// measuring switch, PLR_CUDA_SCAN_LAYOUT=rows|lanes, overrides the choice.
plrk::ScanLayout scan_layout(const Ctx &c, int cls, plrk::ScanForm form, unsigned long long n)
{
    if (env_is("PLR_CUDA_SCAN_LAYOUT", "lanes"))
        return plrk::SCAN_LANES;
    if (env_is("PLR_CUDA_SCAN_LAYOUT", "rows"))
        return plrk::SCAN_ROWS;
    const bool wide = cls == PLRC_U64 || cls == PLRC_F64;
    if ((form == plrk::SCAN_TUPLE3 || form == plrk::SCAN_ORDER2 || form == plrk::SCAN_ORDER3) && n >= (1ull << 24) &&
        c.dram_gbs_per_sm > 28)
        return plrk::SCAN_LANES;
    return form == plrk::SCAN_POLE2 || form == plrk::SCAN_POLE3 || (form == plrk::SCAN_GEO && wide)
               ? plrk::SCAN_LANES
               : plrk::SCAN_ROWS;
}

// taps: how the kernel takes input taps past x[i] (pp.p > 0), which the
// scan kernels of first-order filters and equal stages take up to the
// form's order (plrk::scan_fir_taps): made from x, or as a mix of the
// stages (scan_mix)
plrk::ScanKernel scan_kernel_with(int cls, plrk::ScanForm form, plrk::ScanLayout lay, plrk::ScanTaps taps,
                                  bool in_float)
{
    switch (cls) {
    case PLRC_U32: return plrk::scan_kernel_u32(form, lay, taps);
    case PLRC_U64: return plrk::scan_kernel_u64(form, lay, taps);
    case PLRC_F32: return plrk::scan_kernel_f32(form, lay, taps, in_float);
    default: return plrk::scan_kernel_f64(form, lay, taps);
    }
}
plrk::ScanKernel scan_kernel_for(const Ctx &c, const plrc_problem &pp, plrk::ScanForm form, plrk::ScanTaps taps)
{
    return scan_kernel_with(pp.cls, form, scan_layout(c, pp.cls, form, pp.n), taps, scan_in_float(form));
}

// whether feedback taps b (k of them, in the problem's type) are exactly
// these small integers (a float zero must be +0: all its bytes zero)
template <class T> bool taps_are(const plrc_problem &pp, std::initializer_list<int> want)
{
    if (pp.k != want.size())
        return false;
    unsigned j = 0;
    for (int w : want) {
        const T v = T(w);
        if (memcmp(pp.bdense[j++], &v, sizeof v))
            return false;
    }
    return true;
}
// The pole b of M equal first-order stages whose taps (k = M) are
// (2b, -b^2) or (3b, -3b^2, b^3), from b1 = M*b: integers exactly mod 2^w
// (b1 even for M = 2, where either half of it serves: (b + 2^(w-1))^2 =
// b^2; 3 is a unit), floats within 3 units of roundoff per tap of that
// expansion and |b| < 1. The expansion of (1 - b z^-1)^M and taps rounded
// from it to float differ (2.4, -1.92, 0.512 in f32: 1.7 units), so the
// kernel then runs the filter whose taps are within 3u|b_j| of the ones
// given; the exact outputs of the two differ by at most H * 3u * B * Y,
// inside the documented bound (2k + 8) u H (T + B Y) (docs/runtime.md).
using PoleW = long double;
template <class T> bool pole_of(const plrc_problem &pp, unsigned M, typename std::conditional<std::is_floating_point<T>::value, PoleW, T>::type *pole)
{
    if (pp.k != M || (M != 2 && M != 3))
        return false;
    T tap[3];
    for (unsigned j = 0; j < M; j++)
        memcpy(&tap[j], pp.bdense[j], sizeof(T));
    if constexpr (std::is_floating_point<T>::value) {
        const PoleW b = PoleW(tap[0]) / PoleW(M), u = PoleW(std::numeric_limits<T>::epsilon()) / 2;
        if (!(b > PoleW(-1) && b < PoleW(1)) || b == PoleW(0))
            return false;
        const PoleW want[3] = {M * b, M == 2 ? -b * b : -3 * b * b, b * b * b};
        for (unsigned j = 1; j < M; j++)
            if (!(fabsl(PoleW(tap[j]) - want[j]) <= 3 * u * fabsl(want[j])))
                return false;
        *pole = b;
        return true;
    } else {
        if (M == 2 && tap[0] % 2)
            return false;
        // 3^-1 mod 2^w: Newton's iteration doubles the correct low bits
        T inv3 = T(3);
        for (int i = 0; i < 6; i++)
            inv3 *= T(2) - T(3) * inv3;
        const T b = M == 2 ? T(tap[0] / 2) : T(tap[0] * inv3);
        const bool fits = M == 2 ? tap[1] == T(T(0) - b * b)
                                 : (tap[1] == T(T(0) - T(3) * b * b) && tap[2] == T(b * b * b));
        if (!fits)
            return false;
        *pole = b;
        return true;
    }
}
// Equal stages with input taps, y = A(z) / (1 - b z^-1)^M x with deg A <=
// M, are in partial fractions a mix of x and the stages' outputs over x
// itself (plrk::scan::Pole::mixed): c_k = (-1)^k sum_(j>=k) a_j b^-j C(j, k),
// mc[0] = c_M on x, mc[m] = c_(M-m) on stage m, the stages starting from
// zero. Taken (floats only, no y or x history) where the mix's
// error scale, |mc[0]| + sum_m |mc[m]| G_m (1 + B_m G_m) with stage m's gain
// G_m = (1 - |b|)^-m and B_m = (1 + |b|)^m - 1, is within the problem's,
// sum|a_j| G_M (1 + B_M G_M), the scale of docs/runtime.md's bound (the c_k
// grow as b^-M and cancel: the 2-stage high-pass 86 against 4617, `(0.5, 0,
// 0, 0.25: 1.5, -0.75, 0.125)` 570 against 120); otherwise the kernel makes
// the taps itself.
struct PoleMix {
    PoleW mc[4];
};
// st: y's history, y[-1-j] (state_of)
template <class T> bool scan_mix(const plrc_problem &pp, unsigned M, const T *st, PoleMix *mx)
{
    PoleW b;
    if (!std::is_floating_point<T>::value || !pole_of<T>(pp, M, &b) || pp.p > M)
        return false;
    PoleW a[4] = {0, 0, 0, 0};
    for (unsigned q = 0; q < pp.na; q++) {
        T v;
        memcpy(&v, pp.acoef[q], sizeof v);
        a[pp.alag[q]] = PoleW(v);
    }
    static const int binom[4][4] = {{1, 0, 0, 0}, {1, 1, 0, 0}, {1, 2, 1, 0}, {1, 3, 3, 1}};
    PoleW c[4];
    for (unsigned k = 0; k <= M; k++) {
        PoleW sum = 0, bj = 1; // b^-j
        for (unsigned j = 0; j <= M; j++, bj /= b)
            if (j >= k)
                sum += a[j] * bj * binom[j][k];
        c[k] = k % 2 ? -sum : sum;
    }
    mx->mc[0] = c[M];
    for (unsigned m = 1; m <= M; m++)
        mx->mc[m] = c[M - m];
    const PoleW ab = fabsl(b);
    PoleW mix = fabsl(mx->mc[0]), g = 1, grow = 1, sa = 0;
    for (unsigned m = 1; m <= M; m++) {
        g /= 1 - ab;
        grow *= 1 + ab;
        mix += fabsl(mx->mc[m]) * g * (1 + (grow - 1) * g);
    }
    for (unsigned j = 0; j <= M; j++)
        sa += fabsl(a[j]);
    if (!(mix <= sa * g * (1 + (grow - 1) * g)))
        return false;
    // Without histories only: from y and x histories the stages' states
    // before element 0 are an M x M solve whose values are |s_m| ~ G_m
    // |x|, and their rounding to the carry type, times mc, left the first
    // outputs outside the bound (a 3-stage high-pass at n = 1: 6e-5
    // against 2.3e-5, run5 of bench/cuda/experiments/2026-11-28-regtaps);
    // the kernel's taps take those.
    for (unsigned j = 0; j < M; j++)
        if (st[j] != T(0))
            return false;
    for (unsigned m = 0; m < pp.p; m++) {
        T v;
        memcpy(&v, pp.xhist[m], sizeof v);
        if (v != T(0))
            return false;
    }
    return true;
}

// A form's constants as they are made before being rounded once to the
// kernel's type: long double for floats, the type itself (mod 2^w) for
// integers
template <class T> using WideOf = typename std::conditional<std::is_floating_point<T>::value, PoleW, T>::type;

// A first-order filter with an input tap, (a0, a1: b), as the taps applied
// after the recurrence (plrk::scan::Geo::after): y[i] = a0 s[i] + a1
// s[i-1], s the low-pass over x. Histories enter as s's state before
// element 0, *s0: what y lacks then is the zero-input response c b^i, c =
// a1 x[-1] + b y[-1], and s[-1] = s0 adds s0 (a0 b + a1) b^i (y[0]'s
// a1 s[-1] included), so s0 = c / (a0 b + a1). Integers: exact where a0 b
// + a1 is odd (a unit mod 2^w). Floats: s then holds values up to |s0|,
// whose rounding the taps weigh by |a0| + |a1|; taken where |a0 b + a1| >=
// (1 - |b|) (|a0| + |a1|) / 3, which keeps that within 3 H |c| (H = 1 /
// (1 - |b|)), the scale of docs/runtime.md's bound (a high-pass, a1 = -a0,
// always is: |a0 b + a1| = |a0| (1 - b)); a zero that nearly cancels the
// pole, or histories that are not finite, keep the kernel's taps. Without
// histories s0 = 0: any type, any taps. In place too (no halo).
// PLR_CUDA_SCAN_FIR=taps (a measuring switch) makes the taps from x.
template <class T> bool geo_after(const plrc_problem &pp, WideOf<T> *s0)
{
    if (pp.p != 1 || pp.k != 1 || env_is("PLR_CUDA_SCAN_FIR", "taps"))
        return false;
    T b, y1, x1, a[2] = {T(0), T(0)};
    memcpy(&b, pp.bdense[0], sizeof b);
    memcpy(&y1, pp.state[0], sizeof y1);
    memcpy(&x1, pp.xhist[0], sizeof x1);
    for (unsigned q = 0; q < pp.na; q++)
        memcpy(&a[pp.alag[q]], pp.acoef[q], sizeof(T));
    if (y1 == T(0) && x1 == T(0)) {
        *s0 = WideOf<T>(0);
        return true;
    }
    if constexpr (std::is_floating_point<T>::value) {
        const PoleW wb = PoleW(b), a0 = PoleW(a[0]), a1 = PoleW(a[1]), d = a0 * wb + a1;
        if (!(fabsl(d) * 3 >= (1 - fabsl(wb)) * (fabsl(a0) + fabsl(a1))))
            return false;
        const PoleW s = (a1 * PoleW(x1) + wb * PoleW(y1)) / d;
        if (!std::isfinite(T(s)))
            return false;
        *s0 = s;
        return true;
    } else {
        const T d = T(a[0] * b + a[1]);
        if (!(d & T(1)))
            return false;
        // d^-1 mod 2^w: d d = 1 mod 8, and each Newton step doubles the
        // correct low bits
        T inv = d;
        for (int i = 0; i < 6; i++)
            inv *= T(2) - d * inv;
        *s0 = T((a[1] * x1 + b * y1) * inv);
        return true;
    }
}

template <class T> plrk::ScanForm scan_form_of(const plrc_problem &pp)
{
    if (taps_are<T>(pp, {1}))
        return plrk::SCAN_SUM;
    if (taps_are<T>(pp, {0, 1}))
        return plrk::SCAN_TUPLE2;
    if (taps_are<T>(pp, {0, 0, 1}))
        return plrk::SCAN_TUPLE3;
    if (taps_are<T>(pp, {2, -1}))
        return plrk::SCAN_ORDER2;
    if (taps_are<T>(pp, {3, -3, 1}))
        return plrk::SCAN_ORDER3;
    if (pp.k == 1) {
        // a first-order filter: any tap for integers, a decaying one for
        // floats (powers of a growing one overflow the carries)
        T b;
        memcpy(&b, pp.bdense[0], sizeof b);
        if (!std::is_floating_point<T>::value || (b > T(-1) && b < T(1)))
            return plrk::SCAN_GEO;
    }
    WideOf<T> b;
    if (pole_of<T>(pp, 2, &b))
        return plrk::SCAN_POLE2;
    if (pole_of<T>(pp, 3, &b))
        return plrk::SCAN_POLE3;
    return plrk::SCAN_NONE;
}

// How the scan kernel runs one problem, decided once a call (scan_plan):
// the form, how the kernel takes input taps past x[i], and what that way
// needs.
template <class T> struct ScanPlan {
    plrk::ScanForm form = plrk::SCAN_NONE;
    // SCAN_MIX: a first-order filter's taps after the recurrence
    // (geo_after) or equal stages' taps as a mix of the stages (scan_mix)
    plrk::ScanTaps taps = plrk::SCAN_NO_TAPS;
    PoleMix mix = {};            // equal stages as a mix: its coefficients
    WideOf<T> s0 = WideOf<T>(0); // taps after: s[-1], the histories
};

// Equal stages' input taps as a mix of the stages (scan_mix): floats
// alone (b^-1 need not exist mod 2^w), not under PLR_CUDA_SCAN_FIR=taps
template <class T> bool stages_mix(const plrc_problem &pp, plrk::ScanForm form, PoleMix *mix)
{
    if constexpr (std::is_floating_point<T>::value) {
        if (env_is("PLR_CUDA_SCAN_FIR", "taps"))
            return false;
        T st[PLRC_MAXK];
        state_of<T>(pp, st);
        return scan_mix<T>(pp, form == plrk::SCAN_POLE2 ? 2 : 3, st, mix);
    } else {
        (void)pp, (void)form, (void)mix;
        return false;
    }
}

// The scan kernel's plan for this problem; form SCAN_NONE where it does
// not take it. It takes y = S(a0*x) for the forms of plrk::ScanForm, one
// forward array in device memory, x and y on 16-byte boundaries, with the
// bulk copy engine (sm_90), and needs no factor table (plrc_factor_len
// asks here first). PLR_CUDA_SCAN=0 (a measuring switch) sends these to
// the single-pass kernel, as before.
template <class T> ScanPlan<T> scan_plan(const Ctx &c, const plrc_problem &pp, bool on_device)
{
    ScanPlan<T> sp;
    if (!on_device || pp.count != 1 || pp.xs != 1 || pp.ys != 1 || c.cc_major < 9)
        return sp;
    if ((pp.p == 0 && (pp.na != 1 || pp.alag[0] != 0)) || (uintptr_t)pp.x % 16 || (uintptr_t)pp.y % 16)
        return sp;
    const plrk::ScanForm form = scan_form_of<T>(pp);
    if (form == plrk::SCAN_NONE || pp.p > plrk::scan_fir_taps(form) || env_is("PLR_CUDA_SCAN", "0"))
        return sp;
    // Input taps: after the recurrence (a first-order filter) or as a mix
    // of equal stages the kernel reads x[i] alone, so in place as well.
    // Made by the kernel from x: in place, the units just before a tile
    // may hold another block's outputs already when the copy engine brings
    // them as the tile's halo, so the single-pass kernel takes those. Equal
    // stages with input taps (the 2-stage high-pass) take the scan kernel
    // since its taps come from registers (59.5 against the single-pass
    // kernel's 54.5% of a copy at 2^30, H200,
    // bench/cuda/experiments/2026-11-28-regtaps run1; with a second stage
    // load a unit 51.4%); PLR_CUDA_SCAN_FIR=geo (a measuring switch) leaves
    // them to the single-pass kernel, PLR_CUDA_SCAN_FIR=taps (another)
    // makes every tap from x.
    plrk::ScanTaps taps = plrk::SCAN_NO_TAPS;
    if (pp.p > 0) {
        const bool stages = form != plrk::SCAN_GEO;
        if (stages && env_is("PLR_CUDA_SCAN_FIR", "geo"))
            return sp;
        if (!stages)
            taps = geo_after<T>(pp, &sp.s0) ? plrk::SCAN_MIX : plrk::SCAN_TAPS;
        else
            taps = stages_mix<T>(pp, form, &sp.mix) ? plrk::SCAN_MIX : plrk::SCAN_TAPS;
        if (taps == plrk::SCAN_TAPS && (pp.in_place || pp.x == pp.y))
            return sp;
    }
    if (scan_kernel_for(c, pp, form, taps).smem > (size_t)c.smem_optin)
        return sp;
    sp.form = form;
    sp.taps = taps;
    return sp;
}

// A form's coefficients and the state before element 0 in its terms, from
// y[-1], y[-2], ... (st[j] = y[-1-j]): a tuple sum's state is the last
// outputs, oldest first; an M-th order prefix sum's the running sums S(x),
// ..., S^M(x), which are y[-1]'s backward differences; a first-order
// filter's y[-1], its tap's powers made in long double (integers: exactly,
// mod 2^w) and rounded once.
template <class T, class A, int C, class S>
void scan_setup(plrk::scan::Tuple<A, C> &, typename plrk::scan::Tuple<A, C>::V &v, const plrc_problem &,
                const S *st)
{
    for (int q = 0; q < C; q++)
        v.v[q] = A(st[C - 1 - q]);
}
template <class T, class A, int M>
void scan_setup(plrk::scan::Binom<A, M> &, typename plrk::scan::Binom<A, M>::V &v, const plrc_problem &,
                const A *st)
{
    v.v[M - 1] = st[0];
    v.v[M - 2] = st[0] - st[1];
    if constexpr (M == 3)
        v.v[0] = st[0] - A(2) * st[1] + st[2];
}
template <class T, class A, class GA>
void scan_setup(plrk::scan::Geo<T, GA> &f, typename plrk::scan::Geo<T, GA>::V &v, const plrc_problem &pp,
                const A *st)
{
    memcpy(&f.b, pp.bdense[0], sizeof(T));
    using W = typename std::conditional<std::is_floating_point<T>::value, long double, T>::type;
    W p = W(f.b);
    for (int i = 0; i < plrk::scan::Geo<T, GA>::POWS; i++, p *= p)
        f.pw[i] = GA(p);
    W q = W(1);
    for (int c = 0; c < 5; c++, q *= W(f.b))
        f.pc[c] = GA(q);
    v.v[0] = GA(st[0]);
}

// M equal stages: the pole and its powers (long double for floats, mod
// 2^w for integers), rounded once to the form's type, and the stages'
// states before element 0, s_M = y[-1] and s_(m-1) = (1 - b z^-1) s_m:
// y[-1] - b y[-2] and y[-1] - 2b y[-2] + b^2 y[-3]
template <class T, class A, int M, class FA>
void scan_setup(plrk::scan::Pole<T, M, FA> &f, typename plrk::scan::Pole<T, M, FA>::V &v, const plrc_problem &pp,
                const A *st)
{
    using W = typename std::conditional<std::is_floating_point<T>::value, PoleW, T>::type;
    W b = W(0);
    pole_of<T>(pp, M, &b);
    f.b = FA(b);
    W p = b;
    for (int i = 0; i < plrk::scan::Pole<T, M, FA>::POWS; i++, p *= p) {
        f.pw[i] = FA(p);
        if (i < plrk::scan::Pole<T, M, FA>::POWC) {
            // (in FA, as the kernel's power() makes them)
            f.pwl[i] = f.pw[i] * FA(1ull << i);
            f.pwt[i] = M == 3 ? f.pw[i] * plrk::scan::tri<FA>(1ull << i) : FA(0);
        }
    }
    const W y1 = W(st[0]), y2 = W(st[1]);
    v.v[M - 1] = FA(y1);
    v.v[M - 2] = FA(y1 - b * y2);
    if constexpr (M == 3)
        v.v[0] = FA(y1 - W(2) * b * y2 + b * b * W(st[2]));
}

// false with why on a CUDA error
template <class T, class F>
bool run_scan(Ctx &c, const plrc_problem &pp, const ScanPlan<T> &sp, int verbose, char *why, size_t whylen)
{
    const plrk::ScanForm form = sp.form;
    const plrk::ScanTaps taps = sp.taps;
    using A = typename plrk::scan::acc<T>::type;
    using V = typename F::V;
    // the layout read once a call, the carry type from F itself (with_form
    // chose it): the kernel, the message and the kernel's name agree
    constexpr bool f32_in_float =
        std::is_same<T, float>::value && std::is_same<plrk::scan::value_of<V>, float>::value;
    const plrk::ScanLayout lay = scan_layout(c, pp.cls, form, pp.n);
    T st[PLRC_MAXK];
    state_of<T>(pp, st);
    const plrk::ScanKernel K = scan_kernel_with(pp.cls, form, lay, taps, f32_in_float);
    int per_sm = 0;
    if (!kernel_occupancy(c, K.fn, K.threads, K.smem, &per_sm, why, whylen))
        return false;
    plrc_trace(PLRC_T_SCAN_OCC);
    const unsigned long long ntiles = (pp.n + K.tile - 1) / K.tile;
    const unsigned long long grid = std::min<unsigned long long>(ntiles, (unsigned long long)per_sm * c.sms);
    plrk::scan::ScanParams<T, F> P;
    memset(&P, 0, sizeof P);
    if (!tile_states(c, ntiles, plrk::scan::ScanTileState<V>::W, &P.state.words, &P.state.epoch, why, whylen))
        return false;
    plrc_trace(PLRC_T_SCAN_STATES);
    P.x = static_cast<const T *>(pp.x);
    P.y = static_cast<T *>(pp.y);
    P.n = pp.n;
    P.ntiles = ntiles;
    A sta[PLRC_MAXK];
    for (unsigned j = 0; j < pp.k; j++)
        sta[j] = A(st[j]);
    scan_setup<T>(P.form, P.init, pp, sta);
    if constexpr (F::MIX) {
        if (taps == plrk::SCAN_MIX) {
            using FA = plrk::scan::value_of<V>;
            P.init = plrk::scan::st_zero<V>();
            if constexpr (V::K == 1) {
                // the taps as given, by lag, and s[-1] (geo_after)
                P.form.mc[0] = P.form.mc[1] = FA(0);
                for (unsigned q = 0; q < pp.na; q++) {
                    T v;
                    memcpy(&v, pp.acoef[q], sizeof v);
                    P.form.mc[pp.alag[q]] = FA(v);
                }
                P.init.v[0] = FA(sp.s0);
            } else {
                // (no history: scan_mix)
                for (int m = 0; m <= V::K; m++)
                    P.form.mc[m] = FA(sp.mix.mc[m]);
            }
        }
    }
    if (taps == plrk::SCAN_MIX) {
        P.scaled = 0; // x alone: a0 and the taps are in the mix
    } else if (pp.p == 0) {
        memcpy(&P.gain, pp.acoef[0], sizeof(T));
        P.scaled = P.gain != T(1);
    } else {
        // the input taps by lag (scan_form saw p <= 3), x[-1-m] nearest first
        for (unsigned q = 0; q < pp.na; q++)
            memcpy(&P.fir[pp.alag[q]], pp.acoef[q], sizeof(T));
        for (unsigned m = 0; m < pp.p; m++)
            memcpy(&P.xh[m], pp.xhist[pp.p - 1 - m], sizeof(T));
    }
    P.sleep_ns = 0;
    if (verbose) {
        static const char *names[] = {"", "prefix sum", "2-tuple sum", "3-tuple sum", "2nd-order prefix sum",
                                      "3rd-order prefix sum", "first-order filter",
                                      "2 equal first-order stages", "3 equal first-order stages"};
        static const char *lays[] = {"rows", "lanes"};
        fprintf(stderr, "plr: cuda: %s on device memory: scan kernel (%s%s), %llu tiles of %llu on %llu blocks\n",
                names[form], lays[lay], taps != plrk::SCAN_MIX ? ""
                : V::K == 1          ? ", input taps after the recurrence"
                                     : ", input taps as a mix of the stages",
                ntiles,
                K.tile, grid);
    }
    void *args[] = {&P};
    plrc_trace(PLRC_T_PARAMS);
    time_mark(c, 0);
    CK_OR(cudaLaunchKernel(K.fn, dim3((unsigned)grid), dim3(K.threads), args, K.smem, c.comp), false);
    time_mark(c, 1);
    plrc_trace(PLRC_T_LAUNCH);
    CK_OR(cudaStreamSynchronize(c.comp), false);
    CK_OR(cudaGetLastError(), false);
    plrc_trace(PLRC_T_SYNC);
    time_read(c);
    // (the layout and an f32 filter's carry type in the name: cuda-test
    // checks that its switches took)
    static const char *const kernel_names[3][2][2] = {
        {{"scan", "scan-lanes"}, {"scan/double", "scan-lanes/double"}},
        {{"scan/mix", "scan-lanes/mix"}, {"scan/double/mix", "scan-lanes/double/mix"}},
        {{"scan/after", "scan-lanes/after"}, {"scan/double/after", "scan-lanes/double/after"}}};
    const bool f32_in_double = std::is_same<T, float>::value && !f32_in_float && scan_floats_carry(form);
    c.last_flat = kernel_names[taps != plrk::SCAN_MIX ? 0 : V::K == 1 ? 2 : 1][f32_in_double][lay];
    return true;
}

template <class T>
bool run_scan_plan(Ctx &c, const plrc_problem &pp, const ScanPlan<T> &sp, int verbose, char *why, size_t whylen)
{
    return plrk::scan::with_form<T>(sp.form, scan_in_float(sp.form), [&](auto tag) {
        return run_scan<T, typename decltype(tag)::type>(c, pp, sp, verbose, why, whylen);
    });
}

// Which kernel family takes a problem: the single-array kernel for one
// forward array, for one strided host sequence (packed forward while staged)
// and for one strided device sequence of an order the tile kernel lacks;
// the batched family for everything else.
bool single_array_path(const plrc_problem &pp, bool on_device)
{
    return pp.count == 1 && ((pp.xs == 1 && pp.ys == 1) || !on_device || pp.k > plrk::MAX_SPEC_K);
}

bool tile_path(const plrc_problem &pp)
{
    return pp.k <= plrk::MAX_SPEC_K && (pp.n > TINY_N || pp.count == 1);
}

template <class T> bool run_typed(Ctx &c, const plrc_problem &pp, int verbose, char *why, size_t whylen)
{
    bool odx = false, ody = false;
    const PtrKind kx = pp.kinds_known ? (PtrKind)pp.xkind : classify(pp.x, c.dev, &odx);
    const PtrKind ky = pp.kinds_known ? (PtrKind)pp.ykind : classify(pp.y, c.dev, &ody);
    if (odx || ody) {
        say(why, whylen, "cuda: data lives on another device than the current one");
        return false;
    }
    const bool on_device = kx == PK_DEVICE && ky == PK_DEVICE;
    if (!on_device && (kx == PK_DEVICE || ky == PK_DEVICE)) {
        say(why, whylen, "cuda: x and y must both be host or both be device memory");
        return false;
    }
    const double limit = std::is_same<T, double>::value ? F64_GROWTH_LIMIT : F32_GROWTH_LIMIT;
    const bool flat = pp.count == 1 && pp.xs == 1 && pp.ys == 1;

    const ScanPlan<T> sp = scan_plan<T>(c, pp, on_device);
    if (sp.form != plrk::SCAN_NONE) {
        plrc_trace(PLRC_T_SCAN_PLAN);
        return run_scan_plan<T>(c, pp, sp, verbose, why, whylen) && finals_device<T>(c, pp, why, whylen);
    }
    if (single_array_path(pp, on_device)) {
        const int items = plrk::items_for(sizeof(T), pp.k);
        const int blk = block_for(c, pp.cls, pp.k);
        if (pp.m != (size_t)blk * items) {
            // the factor table was built for another chunk length
            say(why, whylen, "cuda: chunk length %zu does not match the kernel's %d x %d", pp.m,
                blk, items);
            return false;
        }
        const Rows *rows;
        if (!get_rows<T>(c, pp, items, blk, &rows, why, whylen))
            return false;
        const bool bad = !rows->finite || (std::is_floating_point<T>::value && rows->maxf > limit);
        if (on_device && bad) {
            // device memory cannot fall back to the CPU: run the serial loop here
            if (verbose)
                fprintf(stderr, "plr: cuda: factors %s; serial loop on one GPU thread\n",
                        rows->finite ? "grow too fast" : "overflow");
            if (flat) {
                c.last_flat = "serial";
                return run_serial_on_device<T>(c, pp, why, whylen) && finals_device<T>(c, pp, why, whylen);
            }
            return run_device_batch<T>(c, pp, false, why, whylen);
        }
        if (!rows->finite) {
            say(why, whylen, "cuda: correction factors overflow for this signature within a chunk");
            return false;
        }
        if (bad) {
            // The look-back sums products T^l X of carries with factor powers;
            // when the factors grow (higher-order prefix sums), those terms dwarf
            // the result and their rounding exceeds the documented bound. f32
            // merges run in double, which covers growth up to 2^19 (see
            // F32_GROWTH_LIMIT); f64 has no wider type.
            say(why, whylen, "cuda: %s correction factors grow to %.3g within a chunk",
                sizeof(T) == 4 ? "f32" : "f64", rows->maxf);
            return false;
        }
        if (const unsigned K = on_device && flat ? korder_width(pp) : 0) {
            const int geom = korder1_geom(c, pp, K);
            if (geom >= 0) {
                const int r = run_korder1<T>(c, pp, K, geom, verbose, why, whylen);
                if (r < 0)
                    return false;
                if (r > 0) {
                    c.last_flat = "korder1";
                    return finals_device<T>(c, pp, why, whylen);
                }
                // not taken (said why): the three passes
            }
            const int r = run_korder<T>(c, pp, K, verbose, why, whylen);
            if (r < 0)
                return false;
            if (r > 0) {
                c.last_flat = "korder";
                return finals_device<T>(c, pp, why, whylen);
            }
            // not taken (said why): the single-pass kernel below
        }
        if (on_device) {
            if (verbose)
                fprintf(stderr, "plr: cuda: %s on device memory, chunk %zu, %s\n",
                        flat ? "in place" : "strided sequence packed", pp.m,
                        rows->exact ? "carries exact per chunk" : "look-back");
            if (flat)
                c.last_flat = "single-pass";
            bool ok = flat ? run_device<T>(c, pp, *rows, why, whylen)
                           : run_gather_flat<T>(c, pp, *rows, why, whylen);
            return ok && finals_device<T>(c, pp, why, whylen);
        }
        if (const unsigned K = flat && pp.k > plrk::MAX_SPEC_K && korder_host_on() ? korder_width(pp) : 0) {
            if (verbose)
                fprintf(stderr, "plr: cuda: pipelined host arrays (%s), order %u through the higher-order kernels\n",
                        kx == PK_PINNED && ky == PK_PINNED ? "pinned" : "pageable, staged", pp.k);
            const int r = run_korder_host<T>(c, pp, K, *rows, kx == PK_PINNED, ky == PK_PINNED, verbose, why, whylen);
            if (r < 0)
                return false;
            if (r > 0) {
                finals_host<T>(pp);
                return true;
            }
            // not taken (the first piece declined, said why): the general path
        }
        if (verbose)
            fprintf(stderr, "plr: cuda: pipelined host arrays (%s%s), chunk %zu\n",
                    kx == PK_PINNED && ky == PK_PINNED ? "pinned" : "pageable, staged",
                    flat ? "" : ", strided: packed", pp.m);
        if (flat)
            c.last_flat = "pipelined";
        if (!run_pipelined<T>(c, pp, *rows, kx == PK_PINNED, ky == PK_PINNED, why, whylen))
            return false;
        finals_host<T>(pp);
        return true;
    }

    bool tile = tile_path(pp);
    if (tile) {
        using Acc = typename plrk::acc_of<T>::type;
        // factor health does not depend on the geometry; the rows of the
        // device layout's geometry are the ones a device call uses anyway
        const BGeom g = batch_geometry(sizeof(T), sizeof(Acc), pp.k, pp.p, pp.count, pp.n, pp.xs,
                                       pp.xd, pp.ys, pp.yd, decay_len<T>(c, pp));
        const BRows *rows;
        if (!get_brows<T>(c, pp, g.tps, &rows, why, whylen))
            return false;
        const bool bad = !rows->finite || (std::is_floating_point<T>::value && rows->maxf > limit);
        if (bad && !on_device) {
            say(why, whylen, "cuda: %s correction factors %s within a segment",
                sizeof(T) == 4 ? "f32" : "f64", rows->finite ? "grow too fast" : "overflow");
            return false;
        }
        if (bad) {
            if (verbose)
                fprintf(stderr, "plr: cuda: factors %s; serial loop, one GPU thread per sequence\n",
                        rows->finite ? "grow too fast" : "overflow");
            tile = false;
        } else if (const WrowGeom wg = verbose && on_device ? wrow_geom(pp) : WrowGeom{0, 0}; wg.nv) {
            fprintf(stderr, "plr: cuda: %llu sequences x %zu, %u warp%s per sequence, spans of %zu\n",
                    (unsigned long long)pp.count, pp.n, wg.g, wg.g > 1 ? "s" : "",
                    (size_t)wg.nv * (16 / sizeof(T)));
        } else if (const WarmGeom hg = verbose && on_device ? warmup_geom<T>(c, pp, *rows) : WarmGeom{};
                   hg.span) {
            fprintf(stderr,
                    "plr: cuda: %llu sequences x %zu, warm-up kernel: spans of %u, each after %u positions "
                    "run from zero (carries decay within %zu), %u sequences per warp\n",
                    (unsigned long long)pp.count, pp.n, hg.span, hg.warm, rows->warm, hg.seqw);
        } else if (verbose) {
            const bool rk = on_device && !(pp.in_place && pp.p > 0) && pp.p <= 4 &&
                            batch_rmode(pp.x, pp.xs, pp.xd, pp.count, sizeof(T)) >= 0 &&
                            batch_rmode(pp.y, pp.ys, pp.yd, pp.count, sizeof(T)) >= 0 &&
                            !forced_tile_kernel();
            fprintf(stderr,
                    "plr: cuda: %llu sequences x %zu, tiles of %u x %u (%s), %llu tiles%s\n",
                    (unsigned long long)pp.count, pp.n, g.seq, 1u << g.lL,
                    rk ? "register-direct" : g.xlf ? "shared memory, lane-major loads" : "shared memory, position-major loads",
                    g.ntiles, on_device ? "" : " per piece: host arrays staged");
        }
    } else if (verbose) {
        fprintf(stderr, "plr: cuda: %llu sequences x %zu: one GPU thread per sequence (%s)\n",
                (unsigned long long)pp.count, pp.n,
                pp.k > plrk::MAX_SPEC_K ? "order above 8" : "short sequences");
    }
    if (on_device)
        return run_device_batch<T>(c, pp, tile, why, whylen);
    return run_host_many<T>(c, pp, tile, why, whylen);
}

} // namespace

extern "C" void plrc_switches_changed(void) { switch_gen.fetch_add(1, std::memory_order_release); }

extern "C" int plrc_available(char *why, size_t whylen)
{
    Ctx &c = ctx();
    std::lock_guard<std::mutex> g(c.mu);
    bool ok = probe_locked(c);
    say(why, whylen, "%s", c.why);
    return ok ? 1 : 0;
}

extern "C" size_t plrc_chunk_size(int cls, unsigned k, size_t n)
{
    (void)n;
    unsigned es = (cls == PLRC_U32 || cls == PLRC_F32) ? 4 : 8;
    Ctx &c = ctx();
    std::lock_guard<std::mutex> g(c.mu);
    probe_locked(c); // the block size depends on the device (without one: any)
    return (size_t)block_for(c, cls, k) * plrk::items_for(es, k);
}

extern "C" void plrc_trace(int mark)
{
    HostTrace &t = host_trace();
    if (!t.on)
        return;
    const double now = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (mark == PLRC_T_START) {
        // the first calls load modules and build tables: left out
        if (++t.calls == 20 && !t.skipped) {
            t.calls = 1;
            t.skipped = true;
            for (int m = 0; m < PLRC_T_COUNT; m++) {
                t.sum[m] = 0;
                t.us[m].clear();
            }
        }
    } else {
        t.sum[mark] += now - t.last;
        if (t.us[mark].size() < HostTrace::MAX_SAMPLES)
            t.us[mark].push_back(float((now - t.last) * 1e6));
    }
    t.last = now;
}

extern "C" const char *plrc_last_batch_kernel(void)
{
    Ctx &c = ctx();
    std::lock_guard<std::mutex> g(c.mu);
    return c.last_batch;
}

extern "C" const char *plrc_last_flat_kernel(void)
{
    Ctx &c = ctx();
    std::lock_guard<std::mutex> g(c.mu);
    return c.last_flat;
}

extern "C" double plrc_last_kernel_ms(void)
{
    Ctx &c = ctx();
    std::lock_guard<std::mutex> g(c.mu);
    return c.last_ms;
}

extern "C" size_t plrc_factor_len(plrc_problem *pp)
{
    Ctx &c = ctx();
    std::lock_guard<std::mutex> g(c.mu);
    if (!probe_locked(c))
        return 0;
    bool o1, o2;
    const PtrKind kx = classify(pp->x, c.dev, &o1);
    const PtrKind ky = pp->y == pp->x ? kx : classify(pp->y, c.dev, &o2);
    if (pp->y == pp->x)
        o2 = o1;
    // another device's memory is reported by plrc_run, which asks again
    pp->kinds_known = !o1 && !o2;
    pp->xkind = kx;
    pp->ykind = ky;
    const bool on_device = kx == PK_DEVICE && ky == PK_DEVICE;
    const bool scan = pp->cls == PLRC_U32   ? scan_plan<unsigned>(c, *pp, on_device).form
                      : pp->cls == PLRC_U64 ? scan_plan<unsigned long long>(c, *pp, on_device).form
                      : pp->cls == PLRC_F32 ? scan_plan<float>(c, *pp, on_device).form
                                            : scan_plan<double>(c, *pp, on_device).form;
    if (scan)
        return 0; // the scan kernel needs no factors
    if (single_array_path(*pp, on_device))
        return (size_t)block_for(c, pp->cls, pp->k) * plrk::items_for(pp->esize, pp->k);
    if (!tile_path(*pp))
        return 0; // one thread per sequence: the serial loop needs no factors
    return (size_t)plrk::BB * (pp->esize == 4 ? plrk::B_ITEMS_4B : plrk::B_ITEMS_8B);
}

extern "C" int plrc_run(const plrc_problem *pp, int verbose, char *why, size_t whylen)
{
    Ctx &c = ctx();
    std::lock_guard<std::mutex> g(c.mu);
    if (!probe_locked(c)) {
        say(why, whylen, "%s", c.why);
        return 1;
    }
    if (!setup_locked(c, why, whylen))
        return 1;
    plrc_trace(PLRC_T_SETUP);
    if (pp->n == 0)
        return 0;
    bool ok;
    switch (pp->cls) {
    case PLRC_U32: ok = run_typed<unsigned>(c, *pp, verbose, why, whylen); break;
    case PLRC_U64: ok = run_typed<unsigned long long>(c, *pp, verbose, why, whylen); break;
    case PLRC_F32: ok = run_typed<float>(c, *pp, verbose, why, whylen); break;
    default: ok = run_typed<double>(c, *pp, verbose, why, whylen); break;
    }
    if (!ok) {
        // a failed launch can leave flags mid-way:
        // start the next call from clean auxiliary state
        cudaDeviceSynchronize();
        cudaGetLastError();
        if (c.flags)
            cudaMemset(c.flags, 0, c.flags_cap * sizeof(unsigned));
        if (c.ticket)
            cudaMemset(c.ticket, 0, sizeof(unsigned long long));
        c.ticket_base = 0;
        cudaGetLastError();
    }
    plrc_trace(PLRC_T_RUN_END);
    return ok ? 0 : 1;
}
