/*
 * plr.h - the one public header of libplr, the PLR runtime.
 *
 * A linear recurrence of order k with a feed-forward (FIR) part of length p+1:
 *
 *     y[i] = a[0]*x[i] + a[1]*x[i-1] + ... + a[p]*x[i-p]
 *          + b[1]*y[i-1] + b[2]*y[i-2] + ... + b[k]*y[i-k]
 *
 * written in signature notation as "(a0, a1, ..., ap: b1, ..., bk)".
 * x[-p..-1] come from plr_data.x_history and y[-k..-1] from plr_data.y_init
 * (zeros when those are NULL). Terms whose coefficient is exactly zero are
 * absent, as they would be in the loop the signature came from (this only
 * matters when NaN or Inf flow through a float recurrence).
 *
 * Integer types wrap: every operation is done modulo 2^bits, in two's
 * complement for the signed types, so results are bit-identical to the
 * serial loop computed in unsigned arithmetic. Float and double results are
 * within the bound documented in docs/runtime.md of a higher-precision
 * reference.
 *
 * The plr_signature struct is the single contract between the compiler pass
 * (which fills it from a loop) and the runtime (which executes it).
 * The library is thread-safe; it keeps no per-caller global state.
 */
#ifndef PLR_H
#define PLR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PLR_VERSION_MAJOR 0
#define PLR_VERSION_MINOR 1

/* "MAJOR.MINOR" of the libplr the program runs with (PLR_VERSION_* are the
 * plr.h it was compiled with). */
const char *plr_version(void);

/* ABI of plr_signature and plr_data as the compiler pass writes them, field
 * by field at the offsets of the plr.h it was built with. Code the pass
 * generates reads plr_abi_v<PLR_ABI_VERSION>, which only a libplr of the
 * same layout defines: a mismatched plugin and runtime fail to link instead
 * of passing garbage. Bump it with any change to those two structs, to
 * plr_type's values, or to plr_run's or plr_pays's parameters. */
#define PLR_ABI_VERSION 2
#define PLR_ABI_SYMBOL_(v) plr_abi_v##v
#define PLR_ABI_SYMBOL(v) PLR_ABI_SYMBOL_(v)
extern const unsigned PLR_ABI_SYMBOL(PLR_ABI_VERSION); /* == PLR_ABI_VERSION */

/* Largest supported recursive order k and feed-forward length p+1. */
#define PLR_MAX_ORDER 32
#define PLR_MAX_FIR 33

typedef enum plr_type {
    PLR_I32 = 0,
    PLR_I64 = 1,
    PLR_U32 = 2,
    PLR_U64 = 3,
    PLR_F32 = 4,
    PLR_F64 = 5
} plr_type;
#define PLR_TYPE_COUNT 6

/* How x or y is held in memory when that differs from the signature's
 * type, which is the type the recurrence is computed in (plr_data.x_store,
 * y_store; docs/runtime.md, "Storage types"). PLR_STORE_SIG (0): the
 * signature's type. Inputs are converted to the signature's type as C
 * converts them (integers: sign or zero extension by the storage's
 * signedness, or the value modulo 2^bits; integer to float: rounded;
 * f32 <-> f64), outputs from it the same way (integer results into float
 * storage rounded to nearest); float to integer either way is
 * PLR_ERR_BAD_TYPE, and so is y_final of an integer recurrence held as
 * float whose last b is zero. Histories and states (x_history, y_init,
 * y_final) are in the signature's type. */
typedef enum plr_store {
    PLR_STORE_SIG = 0,
    PLR_STORE_I8,
    PLR_STORE_U8,
    PLR_STORE_I16,
    PLR_STORE_U16,
    PLR_STORE_I32,
    PLR_STORE_U32,
    PLR_STORE_I64,
    PLR_STORE_U64,
    PLR_STORE_F32,
    PLR_STORE_F64
} plr_store;
#define PLR_STORE_COUNT 11

/* One coefficient. Which member is meaningful depends on the signature's
 * type: .i for the signed integer types, .u for the unsigned ones, .f for
 * float and double (a float coefficient is stored widened, exactly). */
typedef union plr_coef {
    int64_t i;
    uint64_t u;
    double f;
} plr_coef;

typedef struct plr_signature {
    plr_type type;
    unsigned fir_len; /* p+1 >= 1: number of feed-forward coefficients in a[] */
    unsigned order;   /* k >= 1: number of recursive coefficients b[1..k] */
    plr_coef a[PLR_MAX_FIR];       /* a[0..fir_len-1] */
    plr_coef b[PLR_MAX_ORDER + 1]; /* b[1..order]; b[0] is unused */
} plr_signature;

/* The data one call works on. All arrays hold elements of the signature's
 * type, except x and y where x_store / y_store say otherwise. History and
 * state arrays are in time order, oldest first. */
typedef struct plr_data {
    size_t n;              /* number of elements */
    const void *x;         /* n inputs */
    void *y;               /* n outputs; y == x (in place) is allowed */
    const void *x_history; /* fir_len-1 values x[-p..-1], or NULL for zeros */
    const void *y_init;    /* order values y[-k..-1], or NULL for zeros */
    void *y_final;         /* if not NULL, receives the order values
                              y[n-k..n-1] (taken from y_init when n < k) */
    plr_store x_store;     /* how x is held in memory (0: the signature's type) */
    plr_store y_store;     /* how y is held in memory (0: the signature's type) */
} plr_data;

typedef enum plr_status {
    PLR_OK = 0,
    PLR_ERR_NULL_POINTER,       /* a required pointer is NULL */
    PLR_ERR_BAD_TYPE,           /* element or storage type out of range, or a conversion refused */
    PLR_ERR_BAD_ORDER,          /* order k == 0 or k > PLR_MAX_ORDER */
    PLR_ERR_ZERO_FEEDBACK,      /* every b[j] is zero: a map, not a recurrence */
    PLR_ERR_BAD_FIR_LENGTH,     /* fir_len == 0 or fir_len > PLR_MAX_FIR */
    PLR_ERR_NONFINITE_COEF,     /* a float coefficient is NaN or infinite */
    PLR_ERR_SIZE_OVERFLOW,      /* n * element size does not fit in size_t */
    PLR_ERR_OVERLAP,            /* y partially overlaps x (only y == x is allowed) */
    PLR_ERR_PARSE,              /* signature text is malformed */
    PLR_ERR_NOT_REPRESENTABLE,  /* a coefficient does not fit the element type */
    PLR_ERR_BAD_DEVICE,         /* unknown device name (e.g. in PLR_DEVICE) */
    PLR_ERR_BAD_THREADS,        /* unusable thread count (e.g. in PLR_THREADS) */
    PLR_ERR_NO_MEMORY,          /* an allocation failed; nothing was written */
    PLR_ERR_BUFFER_TOO_SMALL,   /* an output text buffer is too small */
    PLR_ERR_DEVICE_FAILED,      /* the data is in GPU memory and the GPU backend failed */
    PLR_ERR_BAD_LAYOUT,         /* plr_layout: count 0, a zero stride, or addresses out of range */
    PLR_ERR_MISALIGNED,         /* x or y is not aligned to its element type */
    PLR_STATUS_COUNT
} plr_status;

typedef enum plr_device {
    PLR_DEVICE_AUTO = 0,
    PLR_DEVICE_SERIAL,
    PLR_DEVICE_CPU,
    PLR_DEVICE_CUDA
} plr_device;

/* How a call runs. plr_options_from_env() fills it from PLR_DEVICE,
 * PLR_THREADS and PLR_VERBOSE. */
/* Most threads a call may ask for (plr_options.threads, PLR_THREADS). */
#define PLR_MAX_THREADS 1024

typedef struct plr_options {
    plr_device device; /* PLR_DEVICE: serial | cpu | cuda | auto */
    unsigned threads;  /* PLR_THREADS: 0 = one per online processor, at most PLR_MAX_THREADS */
    int verbose;       /* PLR_VERBOSE=1: print each decision to stderr */
} plr_options;

/* How a call's work was divided (plr_report.split). */
typedef enum plr_split {
    PLR_SPLIT_NONE = 0, /* one worker ran every sequence from start to end */
    PLR_SPLIT_ACROSS,   /* sequences (or groups of adjacent ones) shared among workers */
    PLR_SPLIT_WITHIN,   /* each sequence cut into chunks chained through their states */
    PLR_SPLIT_BOTH      /* both: chunks of many sequences at once */
} plr_split;

/* What a call did (optional output of plr_run_with / plr_run_many). */
typedef struct plr_report {
    plr_device device; /* the backend that produced the result */
    unsigned threads;  /* threads that ran (cpu: workers that took part; 1 otherwise) */
    char reason[240];  /* why that backend and that split were chosen */
    plr_split split;   /* how the work was divided */
    size_t parts;      /* pieces of work it was divided into (sequences, groups or chunks) */
} plr_report;

/* ---- many sequences in one call ---------------------------------------
 * Element i of sequence s is x[s*x_dist + i*x_stride] (and likewise for y),
 * counted in elements of the signature's type, i = 0..n-1, s = 0..count-1.
 * A negative stride runs a sequence backwards in memory: element 0 is at
 * the highest address, which is what a down-counting loop computes. Rows
 * of an image are (count = height, stride 1, dist = pitch); its columns
 * are (count = width, stride = pitch, dist 1); channel c of interleaved
 * audio is (stride = channels, dist 1) starting at x + c. */
typedef struct plr_layout {
    size_t count;       /* number of independent sequences, >= 1 */
    ptrdiff_t x_stride; /* elements between consecutive inputs of one sequence (negative: backward) */
    ptrdiff_t x_dist;   /* elements between the first inputs of consecutive sequences */
    ptrdiff_t y_stride, y_dist; /* the same for outputs */
} plr_layout;

/* ---- running ---------------------------------------------------------- */

/* Run with options from the environment. */
plr_status plr_run(const plr_signature *sig, const plr_data *data);

/* Run with explicit options (NULL: from the environment); report may be NULL.
 * On any error nothing is written to data->y or data->y_final. Calls are
 * synchronous; on GPU memory a call starts after the work queued on the
 * legacy default stream before it (not other streams: synchronize those).
 * errno is as the caller left it (the calls and plr_pays* stand in for loops
 * the pass replaced, which never touched it). */
plr_status plr_run_with(const plr_signature *sig, const plr_data *data,
                        const plr_options *options, plr_report *report);

/* count sequences of data->n elements each, laid out as `layout` says
 * (NULL: one sequence with unit strides, which is plr_run_with).
 * data->x / data->y point at element 0 of sequence 0. x_history, y_init
 * and y_final, when not NULL, hold `count` blocks of fir_len-1 / order /
 * order values, oldest first, sequence after sequence. x and y must be
 * aligned to the element type (PLR_ERR_MISALIGNED). y may coincide with x
 * element for element (the same base and strides: in place); any other
 * overlap between the inputs read and the outputs written, or between two
 * sequences' outputs, is PLR_ERR_OVERLAP. A zero stride, count 0 or an
 * address beyond the address space is PLR_ERR_BAD_LAYOUT, count * n
 * elements beyond size_t PLR_ERR_SIZE_OVERFLOW. On any error nothing is
 * written. x_dist may be 0 (every sequence reads the same inputs). */
plr_status plr_run_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                        const plr_options *options, plr_report *report);

/* Check a signature without running it. */
plr_status plr_signature_check(const plr_signature *sig);

/* A signature whose order is known only at run time: the all-pole filter
 *
 *     y[i] = x[i] + sign * (c[0]*y[i-1] + c[s]*y[i-2] + ... + c[(count-1)*s]*y[i-count])
 *
 * of LPC synthesis, whose taps are a loop over `count` coefficients (s is
 * `stride`). Fills sig with `type`, fir_len 1, a[0] = 1, order `count` and
 * b[j] = c[(j-1)*stride] read from coef as elements of `type`, negated in
 * the element type's arithmetic when sign < 0 (integers wrap). stride is in
 * elements and may be negative (coefficients stored last tap first) or 0.
 * NULL sig or coef, a bad type or count 0 / > PLR_MAX_ORDER return their
 * status and leave sig untouched; otherwise sig is filled and the result is
 * plr_signature_check's (a NaN or infinite coefficient, all of them zero). */
plr_status plr_signature_from_array(plr_signature *sig, plr_type type, const void *coef, ptrdiff_t stride,
                                    unsigned count, int sign);

/* ---- whether a call pays ----------------------------------------------
 * Would running this recurrence through libplr be faster than the loop the
 * caller would otherwise run itself? 1: call, 0: run the loop. The compiler
 * pass asks before every replaced loop and runs the original loop on 0.
 *
 *   sig, data  the (first) call; only sig, data->n, data->x, data->y and
 *              the storage types are read, so the other fields may still be unset
 *   passes     passes over the n elements the replacement makes: runtime
 *              calls plus maps the caller adds (1 for one call)
 *   stages     recurrences the caller's loop evaluates per element in its
 *              single pass over memory (1; a cascade: its stages)
 *   chain      arithmetic operations on the caller's loop's longest
 *              loop-carried dependency chain (0: unknown, taken from sig)
 *
 * Under PLR_DEVICE=auto the planner answers from its cost model (see
 * docs/runtime.md). A forced device (serial, cpu, cuda) answers 1: the user
 * asked for that backend to run. Data in GPU memory answers 1. Options or a
 * signature plr_run would reject answer 1 too, so that plr_run reports the
 * error (and the caller falls back). */
int plr_pays(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
             unsigned chain);
/* The same with explicit options (NULL: from the environment); why, if not
 * NULL, receives the reason. */
int plr_pays_with(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
                  unsigned chain, const plr_options *options, char *why, size_t whylen);

/* plr_pays for plr_run_many: whether the whole call (all `count`
 * sequences; layout NULL: one) beats the caller's loop nest over the same
 * data. passes, stages and chain describe the caller's loop as above. */
int plr_pays_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                  unsigned passes, unsigned stages, unsigned chain, const plr_options *options,
                  char *why, size_t whylen);

/* ---- scratch memory for replaced loops --------------------------------- */

/* malloc and free for the code the pass emits around a call (the state's
 * buffer of an output map in place, the histories gathered for a nest):
 * the same, but errno stays as the caller left it, since the loop they
 * stand in for never touched it and a failed allocation sends the program
 * to that loop. NULL when there is no memory (or under
 * PLR_TEST_SCRATCH_FAIL=1, a test switch: every allocation fails). */
void *plr_scratch_alloc(size_t bytes);
void plr_scratch_free(void *p);

/* ---- options ---------------------------------------------------------- */

/* Defaults (auto, all processors, quiet) overridden by the environment.
 * Returns PLR_ERR_BAD_DEVICE / PLR_ERR_BAD_THREADS for unusable values. */
plr_status plr_options_from_env(plr_options *options);
plr_status plr_device_parse(const char *name, plr_device *device);
const char *plr_device_name(plr_device device);
/* Whether a backend is compiled in and usable on this machine now. */
int plr_device_available(plr_device device);

/* ---- signatures as text ----------------------------------------------- */

/* Parse "(a0, ..., ap: b1, ..., bk)" for the given element type. On error,
 * if errbuf is not NULL it receives a message naming the column. */
plr_status plr_signature_parse(const char *text, plr_type type, plr_signature *sig,
                               char *errbuf, size_t errlen);
/* Print in the same notation, shortest text that reads back exactly. */
plr_status plr_signature_format(const plr_signature *sig, char *buf, size_t len);

/* ---- types and errors ------------------------------------------------- */

size_t plr_type_size(plr_type type);
const char *plr_type_name(plr_type type); /* "i32", "i64", "u32", "u64", "f32", "f64" */
plr_status plr_type_parse(const char *name, plr_type *type);
int plr_type_is_float(plr_type type);
/* Storage types: bytes per element (PLR_STORE_SIG: the signature type's;
 * 0 for a value out of range), "i8", "u8", "i16", "u16", "i32", "u32",
 * "i64", "u64", "f32", "f64" ("sig" for PLR_STORE_SIG), and back. */
size_t plr_store_size(plr_store store, plr_type sig_type);
const char *plr_store_name(plr_store store);
plr_status plr_store_parse(const char *name, plr_store *store);
const char *plr_strerror(plr_status status);

#ifdef __cplusplus
}
#endif
#endif /* PLR_H */
