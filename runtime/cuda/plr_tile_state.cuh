// The published state of a tile, for kernels that chain tiles by a
// decoupled look-back (the scan kernel, plr_scan.cuh; the one-pass
// higher-order kernel, plr_korder1.cuh): per 32-bit piece of the value one
// 64-bit word {epoch << 2 | status, piece}, so a reader holds a value as
// soon as it sees the current tag in every word: no fence, no second round
// trip, and values of any size without wider atomics. Epochs make clearing
// between launches unnecessary; the host clears the words when the buffer
// grows and every EPOCH_LIMIT launches.
#pragma once

#include <cstring>

namespace plrk {
namespace scan {

constexpr unsigned ST_AGG = 1, ST_INC = 2;
constexpr unsigned EPOCH_LIMIT = 1u << 29; // epoch << 2 | status fits 32 bits

__device__ __forceinline__ unsigned long long ld_relaxed(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void st_relaxed(unsigned long long *p, unsigned long long v)
{
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

template <class V> struct ScanTileState {
    static constexpr int W = sizeof(V) / 4; // 32-bit pieces of a value
    static_assert(sizeof(V) % 4 == 0, "values of whole 32-bit pieces");
    unsigned long long *words;              // W words per tile
    unsigned epoch;

    __device__ unsigned tag(unsigned st) const { return epoch << 2 | st; }
    struct Seen {
        unsigned status; // 0: nothing of this launch yet, or a value half written
        V value;
    };
    __device__ void publish(long long t, unsigned st, V v) const
    {
        const unsigned long long hi = (unsigned long long)tag(st) << 32;
        unsigned piece[W];
        memcpy(piece, &v, sizeof v);
#pragma unroll
        for (int w = 0; w < W; w++)
            st_relaxed(words + t * W + w, hi | piece[w]);
    }
    // word w of the value, by one of several threads that publish it together
    // (a reader takes the value only once every word carries the tag)
    __device__ void publish_word(long long t, unsigned st, int w, unsigned piece) const
    {
        st_relaxed(words + t * W + w, (unsigned long long)tag(st) << 32 | piece);
    }
    __device__ Seen peek(long long t) const
    {
        unsigned long long wd[W];
#pragma unroll
        for (int w = 0; w < W; w++)
            wd[w] = ld_relaxed(words + t * W + w);
        unsigned piece[W];
        unsigned hi = (unsigned)(wd[0] >> 32);
#pragma unroll
        for (int w = 0; w < W; w++) {
            hi = (unsigned)(wd[w] >> 32) == hi ? hi : 0u;
            piece[w] = (unsigned)wd[w];
        }
        Seen s;
        memcpy(&s.value, piece, sizeof s.value);
        s.status = hi == tag(ST_INC) ? ST_INC : hi == tag(ST_AGG) ? ST_AGG : 0u;
        return s;
    }
};

} // namespace scan
} // namespace plrk
