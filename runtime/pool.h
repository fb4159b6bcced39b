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

/* Runs fn(arg, 0) on the caller and fn(arg, w) on each worker w < n that
 * arrives while the job is open, and returns once the caller's fn has
 * returned and every worker that entered has left. A worker still asleep or
 * descheduled when the caller finishes never enters (the call does not wait
 * for it), so fn must claim its work dynamically, the caller's fn returning
 * only when no work is left to claim, and must not depend on how many
 * workers take part. The result is how many ran fn (1 when threads could
 * not be started or another caller's job is running). */
unsigned plr_pool_run(unsigned n, plr_job_fn fn, void *arg);

/* Flag words: bits are set once by one thread, and others wait for them.
 * Bit 31 is the waiting mark. */
void plr_flag_set(atomic_uint *word, unsigned bits);
void plr_flag_wait(atomic_uint *word, unsigned bits);
/* Spins at most `ns` nanoseconds for any of `bits`; the word's value then
 * (a waiter that can do the work itself rather than sleep). */
unsigned plr_flag_spin_any(atomic_uint *word, unsigned bits, long ns);
static inline int plr_flag_test(atomic_uint *word, unsigned bits)
{
    return (atomic_load_explicit(word, memory_order_acquire) & bits) == bits;
}

#endif
