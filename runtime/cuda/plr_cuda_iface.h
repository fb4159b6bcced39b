/* The boundary between the C glue (plr_cuda_glue.c, which sees internal.h)
 * and the C++/CUDA side. internal.h uses C11 <stdatomic.h>, which C++17
 * cannot include, so the CUDA side only ever sees this plain struct. */
#ifndef PLR_CUDA_IFACE_H
#define PLR_CUDA_IFACE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* arithmetic classes: i32/u32 share u32 arithmetic, i64/u64 share u64 */
enum { PLRC_U32 = 0, PLRC_U64 = 1, PLRC_F32 = 2, PLRC_F64 = 3 };

#define PLRC_MAXK 32
#define PLRC_MAXP 32

typedef struct plrc_problem {
    int cls;              /* PLRC_* */
    unsigned esize;       /* 4 or 8 */
    unsigned k;           /* 1..32 */
    unsigned p;           /* 0..32 */
    unsigned na;          /* feed-forward taps */
    unsigned alag[PLRC_MAXP + 1];
    unsigned char acoef[PLRC_MAXP + 1][8];
    unsigned char bdense[PLRC_MAXK][8]; /* b[lag j+1], zeros where absent */
    unsigned char state[PLRC_MAXK][8];  /* y[-1-j] */
    unsigned char xhist[PLRC_MAXP][8];  /* x[j-p] */
    size_t n;            /* elements per sequence */
    const void *x;       /* element 0 of sequence 0 */
    void *y;
    /* the layout in elements: element i of sequence s is x[s*xd + i*xs],
     * y[s*yd + i*ys]; count 1 and xs = ys = 1 is one forward array */
    size_t count;
    long long xs, xd, ys, yd;
    /* count > 1: per-sequence initial states (count*k values, nearest
     * first) and x histories (count*p, oldest first) in host memory, in the
     * arithmetic type; NULL: zeros. count == 1 uses state/xhist above. */
    const void *states;
    const void *hists;
    /* NULL, or a host buffer of count*k values to receive the state after
     * each sequence, nearest first (for n < k: the window the serial loop
     * ends with, initial state included) */
    void *finals;
    int in_place; /* y and x are the same elements (same base and strides) */
    /* where x and y live, as plrc_factor_len found it (saves plrc_run asking
     * the driver again); kinds_known 0: plrc_run asks */
    int kinds_known, xkind, ykind;
    /* factor table from plr_factors_get(prob, m): fac[j*m + i] */
    const void *fac;
    /* f32 only: the same factors in f64 (the recurrence of the f32-rounded
     * coefficients, rounded once to double), the values the merges use;
     * fac stays the one that decides which factors are zero */
    const double *fac_f64;
    size_t m;
    size_t nonzero_len[PLRC_MAXK];
} plrc_problem;

/* Chunk geometry the kernels will use for this class, order and size: the
 * glue asks for the factor table of exactly this m. */
size_t plrc_chunk_size(int cls, unsigned k, size_t n);
/* The factor-table length plrc_run needs for this problem (its layout and
 * where its memory lives decide between the single-array kernel, whose
 * chunk is plrc_chunk_size, and the batched one); 0 when it needs none. */
size_t plrc_factor_len(plrc_problem *pp);

/* Device time of the last single launch on device memory (milliseconds), or
 * -1: recorded only when PLR_CUDA_TIMING is set at the first call, for
 * benchmarks (bench/cuda/batched_bench) that want kernel time beside wall
 * time. */
double plrc_last_kernel_ms(void);
/* The kernel the last batch on device memory launched: "wrow", "warmup",
 * "tile" (either tile kernel) or "seq" (one thread per sequence); "" before
 * any. For tests that must know which path they exercised. */
const char *plrc_last_batch_kernel(void);
/* The kernel the last call on one forward array ran: on device memory
 * "scan" (prefix sums, plr_scan.cuh), "korder" (the higher-order kernels),
 * "single-pass" or "serial" (one GPU thread); on host memory "pipelined"
 * (the single-pass kernel over pieces), "korder-host" (orders above 8: the
 * higher-order kernels over the pieces) or "korder-host/pipelined" (a piece
 * they declined and the rest through the single-pass kernel); "" before
 * any. For tests, as above. */
const char *plrc_last_flat_kernel(void);

/* PLR_CUDA_HOST_TRACE=1 (read once): the host time of a call split at these
 * marks, per mark over the calls after the first 19, printed at exit as
 * the mean per call and the median and 90th percentile of the samples (a
 * measuring switch for the fixed cost of small calls; one branch
 * when off). The marks between PATH and PARAMS are on the warp-per-row path,
 * the SCAN_ marks on the scan kernel's. */
enum { PLRC_T_START, PLRC_T_AVAILABLE, PLRC_T_FACTOR_LEN, PLRC_T_FACTORS, PLRC_T_SETUP, PLRC_T_PATH,
       PLRC_T_P1, PLRC_T_P2, PLRC_T_P3, PLRC_T_P4, PLRC_T_SCAN_PLAN, PLRC_T_SCAN_OCC, PLRC_T_SCAN_STATES,
       PLRC_T_PARAMS, PLRC_T_LAUNCH, PLRC_T_SYNC, PLRC_T_RUN_END, PLRC_T_END, PLRC_T_COUNT };
void plrc_trace(int mark);

/* The measuring switches (PLR_CUDA_WROW, _SEQ, _TIMING=0 and the others
 * docs/cuda.md lists as read per call) are taken from the environment at the
 * first call and again after this: a test or benchmark that changes them
 * between calls calls it after each change. */
void plrc_switches_changed(void);

int plrc_available(char *why, size_t whylen);
/* 0 on success (all n outputs written), nonzero with *why otherwise (and
 * nothing written). */
int plrc_run(const plrc_problem *pp, int verbose, char *why, size_t whylen);

#ifdef __cplusplus
}
#endif
#endif
