/* The cpu backend's workers and the waits between them.
 *
 * Workers are threads that persist across calls: a call wakes them, they
 * run the job alongside the caller, and they spin for a short while after
 * it (a following call finds them awake) before they sleep in the kernel.
 * Every wait spins briefly and then blocks, so a machine with more runnable
 * threads than cores hands the core to the thread being waited for. */
#ifndef PLR_POOL_H
#define PLR_POOL_H

#include <stdatomic.h>

typedef void (*plr_job_fn)(void *arg, unsigned worker);

/* Runs fn(arg, w) for w = 0 .. n-1, the caller being worker 0, and returns
 * once every worker has returned. The result is n, or fewer when threads
 * could not be started or the workers are busy with another caller's job
 * (then the caller runs alone and the result is 1): fn must not depend on
 * how many workers there are. */
unsigned plr_pool_run(unsigned n, plr_job_fn fn, void *arg);

/* Flag words: bits are set once by one thread, and others wait for them.
 * Bit 31 is the waiting mark. */
void plr_flag_set(atomic_uint *word, unsigned bits);
void plr_flag_wait(atomic_uint *word, unsigned bits);
static inline int plr_flag_test(atomic_uint *word, unsigned bits)
{
    return (atomic_load_explicit(word, memory_order_acquire) & bits) == bits;
}

#endif
