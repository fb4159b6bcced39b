/* LD_PRELOAD'ed into `plr` by cli-faults.test: failures the tool must
 * report rather than step over. calloc fails for exactly 777 elements (a
 * --reps count no other allocation has); plr_run_with fails when
 * PLR_TEST_RUN_FAILS is set. */
#include <stdlib.h>

#include "plr.h"

extern void *__libc_calloc(size_t nmemb, size_t size);

void *calloc(size_t nmemb, size_t size)
{
    return nmemb == 777 ? NULL : __libc_calloc(nmemb, size);
}

plr_status plr_run_with(const plr_signature *sig, const plr_data *data, const plr_options *options,
                        plr_report *report)
{
    (void)sig, (void)data, (void)options, (void)report;
    return getenv("PLR_TEST_RUN_FAILS") ? PLR_ERR_NO_MEMORY : PLR_OK;
}
