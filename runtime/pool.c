/* Persistent workers and blocking waits for the cpu backend (pool.h).
 *
 * Why our own pool and not OpenMP: libplr is called from programs built
 * with any compiler and any OpenMP runtime (or none); a second OpenMP
 * runtime in one process is a known source of oversubscription, and the
 * job here needs nothing but "wake n workers, wait for them". Measured on
 * the 2-core VM and the 16-core GPU host (bench/cpu, docs/runtime.md): a
 * call on awake workers costs about as much as an OpenMP parallel region.
 *
 * Waits spin for a bounded time and then sleep on a futex. The spin covers
 * the common case, a predecessor that publishes within microseconds; the
 * sleep lets a descheduled predecessor have the core on an oversubscribed
 * machine instead of losing it to spinning waiters. */
#define _GNU_SOURCE /* syscall */
#include "pool.h"
#include "plr.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#endif

#define WAITING (1u << 31) /* in a flag word or in `drained`: a thread sleeps on it */
/* How long a wait spins before it sleeps. A chunk waits for its
 * predecessor's state about as long as a chunk's work (tens of us); a
 * sleep there costs a wake-up on every hand-over, which made the pipeline
 * 10x slower on 16 cores (bench/cpu/results). Joining the workers at the
 * end of a call is usually quicker. */
#define FLAG_SPIN_NS 200000L
#define JOIN_SPIN_NS 50000L
#define LINGER_NS 200000L    /* workers stay awake this long after a job */
#define DOOR_CLOSED (1ull << 31)
#define DOOR_COUNT (DOOR_CLOSED - 1)
#define GEN_BITS 0x7fffffffu /* a gen as the drained word holds it, beside WAITING */

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static void futex_wait(atomic_uint *word, unsigned expected)
{
#if defined(__linux__)
    syscall(SYS_futex, (unsigned *)word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
#else
    (void)word;
    (void)expected;
    sched_yield();
#endif
}

static void futex_wake_all(atomic_uint *word)
{
#if defined(__linux__)
    syscall(SYS_futex, (unsigned *)word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
#else
    (void)word;
#endif
}

/* Spins until done(ctx) or `ns` passed; whether it became true. */
static bool spin_for(bool (*done)(const void *ctx), const void *ctx, long ns)
{
    long deadline = 0;
    for (unsigned i = 0;; i++) {
        if (done(ctx))
            return true;
        cpu_relax();
        if ((i & 63) == 63) {
            long t = now_ns();
            if (!deadline)
                deadline = t + ns;
            else if (t > deadline)
                return false;
        }
    }
}

struct word_test {
    atomic_uint *word;
    bool (*done)(unsigned v, unsigned arg);
    unsigned arg;
};

static bool word_done(const void *ctx)
{
    const struct word_test *w = ctx;
    return w->done(atomic_load_explicit(w->word, memory_order_acquire), w->arg);
}

/* Spins until `done(word's value)` or `ns` passed; whether it became true. */
static bool spin_until(atomic_uint *word, bool (*done)(unsigned v, unsigned arg), unsigned arg, long ns)
{
    const struct word_test w = {word, done, arg};
    return spin_for(word_done, &w, ns);
}

static bool has_bits(unsigned v, unsigned bits)
{
    return (v & bits) == bits;
}

/* a published job other than `seen` (the counter is odd while one is written) */
static bool new_job(unsigned v, unsigned seen)
{
    return v != seen && !(v & 1);
}

/* Sleeps until done(*word) holds, marking the word so that the thread that
 * changes it wakes us. */
static void block_until(atomic_uint *word, bool (*done)(unsigned v, unsigned arg), unsigned arg)
{
    for (;;) {
        unsigned v = atomic_load_explicit(word, memory_order_acquire);
        if (done(v, arg))
            return;
        if (!(v & WAITING) &&
            !atomic_compare_exchange_weak_explicit(word, &v, v | WAITING, memory_order_acq_rel,
                                                   memory_order_acquire))
            continue;
        futex_wait(word, v | WAITING);
    }
}

void plr_flag_set(atomic_uint *word, unsigned bits)
{
    unsigned old = atomic_fetch_or_explicit(word, bits, memory_order_acq_rel);
    if (old & WAITING)
        futex_wake_all(word);
}

void plr_flag_wait(atomic_uint *word, unsigned bits)
{
    if (!spin_until(word, has_bits, bits, FLAG_SPIN_NS))
        block_until(word, has_bits, bits);
}

static bool has_any(unsigned v, unsigned bits)
{
    return (v & bits) != 0;
}

unsigned plr_flag_spin_any(atomic_uint *word, unsigned bits, long ns)
{
    (void)spin_until(word, has_any, bits, ns);
    return atomic_load_explicit(word, memory_order_acquire);
}

/* ---- the pool ------------------------------------------------------------ */

/* A job is published like a seqlock: `gen` is odd while the caller writes
 * fn/arg/want and even once they are complete, so a worker that read them
 * between two equal even values has one job's fields, and takes part in
 * each job at most once. */
static struct {
    pthread_mutex_t busy;  /* held by the caller whose job runs */
    pthread_mutex_t grow;  /* guards starting threads */
    unsigned started;      /* worker threads alive (ids 1..started) */
    pthread_t tid[PLR_MAX_THREADS];
    unsigned born[PLR_MAX_THREADS + 1]; /* gen when worker id was started: jobs after it are new */
    atomic_uint gen;
    atomic_uint sleepers;  /* workers asleep on gen */
    /* The door of the current job: its gen (high half), DOOR_CLOSED, and the
     * workers inside it (low bits). A worker enters only while the door is
     * open and carries the gen it read the job under; the caller, once no
     * work is left to claim, closes it and waits for those inside alone. A
     * worker that was descheduled or asleep when the job came never holds
     * the call up: it finds the door closed, or a newer gen, and skips. */
    _Atomic unsigned long long door;
    atomic_uint drained;   /* the gen whose last worker left a closed door (bit 31: caller asleep) */
    atomic_uint joined;    /* workers that entered the current job */
    _Atomic unsigned want; /* workers 1..want-1 may take part in the current job */
    _Atomic(plr_job_fn) fn;
    _Atomic(void *) arg;
    atomic_bool stop;
} pool = {.busy = PTHREAD_MUTEX_INITIALIZER, .grow = PTHREAD_MUTEX_INITIALIZER};

static bool enter(unsigned g);
static void leave(unsigned g);

static void *worker_main(void *arg)
{
    const unsigned id = (unsigned)(uintptr_t)arg;
    unsigned seen = pool.born[id]; /* not gen now: the job it was started for may be out already */
    for (;;) {
        /* the next job: linger awake, then sleep */
        if (!spin_until(&pool.gen, new_job, seen, LINGER_NS)) {
            atomic_fetch_add(&pool.sleepers, 1);
            for (unsigned v; !new_job(v = atomic_load(&pool.gen), seen);)
                futex_wait(&pool.gen, v);
            atomic_fetch_sub(&pool.sleepers, 1);
        }
        unsigned g = atomic_load_explicit(&pool.gen, memory_order_acquire);
        if (g & 1)
            continue; /* another job is being written: wait for it */
        plr_job_fn fn = atomic_load_explicit(&pool.fn, memory_order_relaxed);
        void *job = atomic_load_explicit(&pool.arg, memory_order_relaxed);
        unsigned want = atomic_load_explicit(&pool.want, memory_order_relaxed);
        bool stop = atomic_load_explicit(&pool.stop, memory_order_relaxed);
        atomic_thread_fence(memory_order_acquire);
        if (atomic_load_explicit(&pool.gen, memory_order_relaxed) != g)
            continue; /* torn: a newer job came, which this read did not see whole */
        seen = g;
        if (stop)
            return NULL;
        if (id < want && enter(g)) {
            fn(job, id);
            leave(g);
        }
    }
}

/* Into job g's door while it is open; whether this worker may run it. */
static bool enter(unsigned g)
{
    unsigned long long d = atomic_load_explicit(&pool.door, memory_order_acquire);
    do {
        if ((unsigned)(d >> 32) != g || (d & DOOR_CLOSED))
            return false;
    } while (!atomic_compare_exchange_weak_explicit(&pool.door, &d, d + 1, memory_order_acq_rel,
                                                    memory_order_acquire));
    atomic_fetch_add_explicit(&pool.joined, 1, memory_order_relaxed);
    return true;
}

/* Out of job g's door; the last one out of a closed door tells the caller. */
static void leave(unsigned g)
{
    unsigned long long d = atomic_fetch_sub_explicit(&pool.door, 1, memory_order_acq_rel) - 1;
    if ((d & DOOR_CLOSED) && !(d & DOOR_COUNT)) {
        unsigned old = atomic_exchange_explicit(&pool.drained, g & GEN_BITS, memory_order_acq_rel);
        if (old & WAITING)
            futex_wake_all(&pool.drained);
    }
}

/* Publishes a job's fields under the odd/even protocol, its door open;
 * the job's gen. */
static unsigned publish(plr_job_fn fn, void *arg, unsigned want, bool stop)
{
    const unsigned g = atomic_fetch_add_explicit(&pool.gen, 1, memory_order_relaxed) + 2;
    atomic_thread_fence(memory_order_release); /* odd: writing */
    atomic_store_explicit(&pool.fn, fn, memory_order_relaxed);
    atomic_store_explicit(&pool.arg, arg, memory_order_relaxed);
    atomic_store_explicit(&pool.want, want, memory_order_relaxed);
    atomic_store_explicit(&pool.stop, stop, memory_order_relaxed);
    atomic_store_explicit(&pool.joined, 0, memory_order_relaxed);
    atomic_store_explicit(&pool.door, (unsigned long long)g << 32, memory_order_relaxed);
    atomic_fetch_add_explicit(&pool.gen, 1, memory_order_seq_cst); /* even: complete */
    if (atomic_load_explicit(&pool.sleepers, memory_order_seq_cst))
        futex_wake_all(&pool.gen);
    return g;
}

static bool is_drained(unsigned v, unsigned g)
{
    return (v & GEN_BITS) == g;
}

static bool door_empty(const void *unused)
{
    (void)unused;
    return !(atomic_load_explicit(&pool.door, memory_order_acquire) & DOOR_COUNT);
}

/* Closes job g's door and waits for the workers inside. */
static void close_door(unsigned g)
{
    unsigned long long d = atomic_fetch_or_explicit(&pool.door, DOOR_CLOSED, memory_order_acq_rel);
    if (!(d & DOOR_COUNT))
        return; /* nobody inside: nobody will come */
    if (!spin_for(door_empty, NULL, JOIN_SPIN_NS))
        block_until(&pool.drained, is_drained, g & GEN_BITS);
}

/* Starts workers up to id n-1; how many are alive. */
static unsigned grow_to(unsigned n)
{
    pthread_mutex_lock(&pool.grow);
    while (pool.started + 1 < n) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        /* the sweeps keep three blocks of 2048 elements on the stack */
        pthread_attr_setstacksize(&attr, 1u << 20);
        pool.born[pool.started + 1] = atomic_load(&pool.gen);
        int rc = pthread_create(&pool.tid[pool.started], &attr, worker_main,
                                (void *)(uintptr_t)(pool.started + 1));
        pthread_attr_destroy(&attr);
        if (rc != 0)
            break;
        pool.started++;
    }
    unsigned have = pool.started + 1;
    pthread_mutex_unlock(&pool.grow);
    return have;
}

unsigned plr_pool_run(unsigned n, plr_job_fn fn, void *arg)
{
    if (n > PLR_MAX_THREADS)
        n = PLR_MAX_THREADS;
    if (n <= 1 || pthread_mutex_trylock(&pool.busy) != 0) {
        fn(arg, 0);
        return 1;
    }
    unsigned have = grow_to(n);
    if (have < n)
        n = have;
    const unsigned g = publish(fn, arg, n, false);
    fn(arg, 0);
    close_door(g);
    const unsigned ran = 1 + atomic_load_explicit(&pool.joined, memory_order_relaxed);
    pthread_mutex_unlock(&pool.busy);
    return ran;
}

/* A forked child has none of the parent's workers. */
static void before_fork(void)
{
    pthread_mutex_lock(&pool.busy);
    pthread_mutex_lock(&pool.grow);
}

static void after_fork_parent(void)
{
    pthread_mutex_unlock(&pool.grow);
    pthread_mutex_unlock(&pool.busy);
}

static void after_fork_child(void)
{
    pool.started = 0;
    atomic_store(&pool.sleepers, 0);
    pthread_mutex_init(&pool.grow, NULL);
    pthread_mutex_init(&pool.busy, NULL);
}

__attribute__((constructor)) static void pool_setup(void)
{
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

/* Unloading libplr (dlclose) must not leave threads running its code. */
__attribute__((destructor)) static void pool_teardown(void)
{
    if (pthread_mutex_trylock(&pool.busy) != 0)
        return; /* a job is running: the process is exiting from under it */
    pthread_mutex_lock(&pool.grow);
    publish(NULL, NULL, 0, true);
    futex_wake_all(&pool.gen);
    for (unsigned i = 0; i < pool.started; i++)
        pthread_join(pool.tid[i], NULL);
    pool.started = 0;
    pthread_mutex_unlock(&pool.grow);
    pthread_mutex_unlock(&pool.busy);
}
