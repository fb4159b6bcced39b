// Host side of the CUDA backend: device probe, cached per-process state
// (streams, auxiliary carry/flag arrays, factor rows, pipeline buffers),
// pointer classification, and the two ways of running: in place on device
// or managed memory, or pipelined through pinned staging for host arrays.
#include "plr_cuda_iface.h"
#include "plr_kernel.cuh"
#include "plr_kernels.h"

#include <condition_variable>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <functional>
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

constexpr double F64_GROWTH_LIMIT = 64.0;
constexpr double F32_GROWTH_LIMIT = 1.0e4;
constexpr size_t PIECE_BYTES = 16u << 20; // pipeline piece: 16 MiB of elements

struct Ctx {
    std::mutex mu;
    bool probed = false;
    bool ok = false;
    char why[200] = "";
    int dev = 0;
    int sms = 0;
    int cc_major = 0;
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
    // pipeline
    void *pin_in[2] = {}, *pin_out[2] = {}, *din[2] = {}, *dout[2] = {}, *cout[2] = {};
    bool pipe_ready = false;
    cudaEvent_t ev_h2d[2] = {}, ev_kern[2] = {}, ev_d2h[2] = {};
    CopyPool *pool = nullptr;
};

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
        else if (!t.empty())
            fprintf(stderr, "plr: PLR_CUDA_DISABLE: unknown token '%s' ignored "
                            "(known: exact, skip, truncate, ones)\n", t.c_str());
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
    c.cc_major = prop.major;
    parse_disable(c);
    c.ok = true;
    snprintf(c.why, sizeof c.why, "cuda: %.100s, %d SMs", prop.name, c.sms);
    return true;
}

#define CK(call)                                                                                   \
    do {                                                                                           \
        cudaError_t err_ = (call);                                                                 \
        if (err_ != cudaSuccess) {                                                                 \
            say(why, whylen, "cuda: %s failed: %s", #call, cudaGetErrorString(err_));              \
            cudaGetLastError();                                                                    \
            return false;                                                                          \
        }                                                                                          \
    } while (0)

bool setup_locked(Ctx &c, char *why, size_t whylen)
{
    if (c.ready)
        return true;
    CK(cudaSetDevice(c.dev));
    CK(cudaStreamCreateWithFlags(&c.comp, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&c.h2d, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&c.d2h, cudaStreamNonBlocking));
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
                    v = Acc(fac[j * pp.m + (size_t)i]);
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

const void *kernel_for(int cls, unsigned k, int blk)
{
    switch (cls) {
    case PLRC_U32: return plrk::kernel_u32(k, blk);
    case PLRC_U64: return plrk::kernel_u64(k, blk);
    case PLRC_F32: return plrk::kernel_f32(k, blk);
    default: return plrk::kernel_f64(k, blk);
    }
}

int block_for(const Ctx &c, int cls, unsigned k)
{
    return plrk::block_for(cls == PLRC_U32, k, c.cc_major);
}

template <class T> void fill_params(plrk::Params<T> &P, const plrc_problem &pp)
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
        memcpy(&P.state[j], pp.state[j], sizeof(T));
        if (P.b[j] != T(0))
            P.bnz |= 1u << j;
    }
    for (unsigned j = 0; j < pp.p; j++)
        memcpy(&P.xhist[j], pp.xhist[j], sizeof(T));
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
    const size_t smem = (size_t)plrk::stages_for(c.cc_major) * m * sizeof(T);
    const void *fn = kernel_for(pp.cls, pp.k, blk);
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

template <class T>
bool run_device(Ctx &c, const plrc_problem &pp, const Rows &rows, char *why, size_t whylen)
{
    plrk::Params<T> P;
    fill_params(P, pp);
    if (!launch<T>(c, pp, rows, P, static_cast<const T *>(pp.x), static_cast<T *>(pp.y), pp.n,
                   c.comp, why, whylen))
        return false;
    CK(cudaStreamSynchronize(c.comp));
    CK(cudaGetLastError());
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

// Host arrays: pieces of PIECE_BYTES flow H2D (stream h2d), through the
// kernel (stream comp, which also orders the carries from piece to piece
// through cout), and D2H (stream d2h), two pieces in flight, so the copy
// engines in both directions and the kernels overlap. Pageable memory is
// staged through pinned buffers by several host threads.
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
    plrk::Params<T> P0;
    fill_params(P0, pp);

    auto finish = [&](size_t i) -> bool {
        // copy piece i's result from the pinned staging buffer to the user
        int s = (int)(i % 2);
        size_t lo = i * piece, cnt = n - lo < piece ? n - lo : piece;
        CK(cudaEventSynchronize(c.ev_d2h[s]));
        if (!y_pinned)
            par_copy(c.pool, uy + lo, c.pin_out[s], cnt * sizeof(T));
        return true;
    };

    for (size_t i = 0; i < npieces; i++) {
        int s = (int)(i % 2);
        size_t lo = i * piece, cnt = n - lo < piece ? n - lo : piece;
        const void *src = ux + lo;
        if (!x_pinned) {
            CK(cudaEventSynchronize(c.ev_h2d[s]));
            par_copy(c.pool, c.pin_in[s], ux + lo, cnt * sizeof(T));
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
        void *dst = y_pinned ? (void *)(uy + lo) : c.pin_out[s];
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

template <class T> bool run_typed(Ctx &c, const plrc_problem &pp, int verbose, char *why, size_t whylen)
{
    const int items = plrk::items_for(sizeof(T), pp.k);
    const int blk = block_for(c, pp.cls, pp.k);
    if (pp.m != (size_t)blk * items) {
        // the factor table was built for another chunk length
        say(why, whylen, "cuda: chunk length %zu does not match the kernel's %d x %d", pp.m, blk,
            items);
        return false;
    }
    const Rows *rows;
    if (!get_rows<T>(c, pp, items, blk, &rows, why, whylen))
        return false;
    bool odx0, ody0;
    const bool on_device = classify(pp.x, c.dev, &odx0) == PK_DEVICE &&
                           classify(pp.y, c.dev, &ody0) == PK_DEVICE && !odx0 && !ody0;
    const double limit = std::is_same<T, double>::value ? F64_GROWTH_LIMIT : F32_GROWTH_LIMIT;
    if (on_device && (!rows->finite || (std::is_floating_point<T>::value && rows->maxf > limit))) {
        // device memory cannot fall back to the CPU: run the serial loop here
        if (verbose)
            fprintf(stderr, "plr: cuda: factors %s; serial loop on one GPU thread\n",
                    rows->finite ? "grow too fast" : "overflow");
        return run_serial_on_device<T>(c, pp, why, whylen);
    }
    if (!rows->finite) {
        say(why, whylen, "cuda: correction factors overflow for this signature within a chunk");
        return false;
    }
    if (std::is_floating_point<T>::value && rows->maxf > limit) {
        // The look-back sums products T^l X of carries with factor powers;
        // when the factors grow (higher-order prefix sums), those terms dwarf
        // the result and their rounding exceeds the documented bound. f32
        // merges run in double, which covers growth up to about 1e4 (the
        // 2nd-order prefix sum at this chunk size); f64 has no wider type.
        say(why, whylen, "cuda: %s correction factors grow to %.3g within a chunk",
            sizeof(T) == 4 ? "f32" : "f64", rows->maxf);
        return false;
    }
    bool odx, ody;
    PtrKind kx = classify(pp.x, c.dev, &odx), ky = classify(pp.y, c.dev, &ody);
    if (odx || ody) {
        say(why, whylen, "cuda: data lives on another device than the current one");
        return false;
    }
    if (kx == PK_DEVICE && ky == PK_DEVICE) {
        if (verbose)
            fprintf(stderr, "plr: cuda: in place on device memory, chunk %zu, %s\n", pp.m,
                    rows->exact ? "carries exact per chunk" : "look-back");
        return run_device<T>(c, pp, *rows, why, whylen);
    }
    if (kx == PK_DEVICE || ky == PK_DEVICE) {
        say(why, whylen, "cuda: x and y must both be host or both be device memory");
        return false;
    }
    if (verbose)
        fprintf(stderr, "plr: cuda: pipelined host arrays (%s), chunk %zu\n",
                kx == PK_PINNED && ky == PK_PINNED ? "pinned" : "pageable, staged", pp.m);
    return run_pipelined<T>(c, pp, *rows, kx == PK_PINNED, ky == PK_PINNED, why, whylen);
}

} // namespace

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
        cudaGetLastError();
    }
    return ok ? 0 : 1;
}
