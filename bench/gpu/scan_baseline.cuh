// Template side of scan_baseline.h; included once per element type.
#include "scan_baseline.h"
#include "scan_op.h"

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>

namespace plr_eval {

template <class T, int K> static ScanCoefs<T, K> scan_coefs(const ScanJob &j)
{
    ScanCoefs<T, K> c;
    c.p1 = j.p1;
    for (int l = 0; l < SCAN_MAX_FIR; l++) {
        double v = l < j.p1 ? j.a[l] : 0.0;
        c.a[l] = std::is_integral<T>::value ? (T)(long long)v : (T)v;
    }
    for (int l = 0; l < K; l++)
        c.b[l] = std::is_integral<T>::value ? (T)(long long)j.b[l] : (T)j.b[l];
    return c;
}

template <class T, int K> __global__ void build_pairs_kernel(MakePair<T, K> mk, Pair<T, K> *out, long long n)
{
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = mk(i);
}

template <class T, int K> __global__ void extract_kernel(const Pair<T, K> *in, T *y, long long n)
{
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = in[i].v[0];
}

static int grid_for(long long n)
{
    int dev = 0, sms = 132;
    if (cudaGetDevice(&dev) == cudaSuccess)
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    long long blocks = (n + 255) / 256;
    long long cap = (long long)sms * 16;
    return (int)(blocks < 1 ? 1 : (blocks > cap ? cap : blocks));
}

template <class T, int K> struct ScanImpl {
    using P = Pair<T, K>;
    using FlyIn = thrust::transform_iterator<MakePair<T, K>, thrust::counting_iterator<long long>>;
    using FlyOut = thrust::transform_output_iterator<TakeY<T, K>, T *>;

    static FlyIn fly_in(const ScanJob &j)
    {
        MakePair<T, K> mk{static_cast<const T *>(j.x), scan_coefs<T, K>(j)};
        return FlyIn(thrust::counting_iterator<long long>(0), mk);
    }
    static FlyOut fly_out(const ScanJob &j)
    {
        return thrust::make_transform_output_iterator(static_cast<T *>(j.y), TakeY<T, K>());
    }
    static cudaError_t temp(const ScanJob &j, int fly, size_t *bytes)
    {
        if (fly)
            return cub::DeviceScan::InclusiveScan(nullptr, *bytes, fly_in(j), fly_out(j), ScanOp<T, K>(),
                                                  (int)j.n, j.stream);
        return cub::DeviceScan::InclusiveScan(nullptr, *bytes, static_cast<const P *>(j.pairs_in),
                                              static_cast<P *>(j.pairs_out), ScanOp<T, K>(), (int)j.n,
                                              j.stream);
    }
    static cudaError_t build(const ScanJob &j)
    {
        MakePair<T, K> mk{static_cast<const T *>(j.x), scan_coefs<T, K>(j)};
        build_pairs_kernel<T, K><<<grid_for((long long)j.n), 256, 0, j.stream>>>(mk, static_cast<P *>(j.pairs_in),
                                                                                (long long)j.n);
        return cudaGetLastError();
    }
    static cudaError_t scan(const ScanJob &j)
    {
        size_t bytes = j.temp_bytes;
        return cub::DeviceScan::InclusiveScan(j.temp, bytes, static_cast<const P *>(j.pairs_in),
                                              static_cast<P *>(j.pairs_out), ScanOp<T, K>(), (int)j.n,
                                              j.stream);
    }
    static cudaError_t extract(const ScanJob &j)
    {
        extract_kernel<T, K><<<grid_for((long long)j.n), 256, 0, j.stream>>>(static_cast<const P *>(j.pairs_out),
                                                                            static_cast<T *>(j.y), (long long)j.n);
        return cudaGetLastError();
    }
    static cudaError_t fly(const ScanJob &j)
    {
        size_t bytes = j.temp_bytes;
        return cub::DeviceScan::InclusiveScan(j.temp, bytes, fly_in(j), fly_out(j), ScanOp<T, K>(), (int)j.n,
                                              j.stream);
    }
};

// dispatch on k; anything else is a caller error
#define PLR_EVAL_SCAN_DISPATCH(T, call)                                                                      \
    do {                                                                                                     \
        if (j.n == 0 || j.n > 0x7fffffffu || j.p1 < 1 || j.p1 > SCAN_MAX_FIR)                                \
            return cudaErrorInvalidValue;                                                                    \
        switch (j.k) {                                                                                       \
        case 1: return ScanImpl<T, 1>::call;                                                                 \
        case 2: return ScanImpl<T, 2>::call;                                                                 \
        case 3: return ScanImpl<T, 3>::call;                                                                 \
        default: return cudaErrorInvalidValue;                                                               \
        }                                                                                                    \
    } while (0)

} // namespace plr_eval
