/* C side of batched-bench: builds layout problems with the internal
 * contract (internal.h is C11 only) and calls the CUDA backend directly, as
 * plr_run_many's cuda path will. */
#include "internal.h"
#include "plr_cuda_iface.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *bb_sig_new(const char *text, int type, char *why, size_t whylen)
{
    plr_signature *sig = malloc(sizeof *sig);
    if (sig && plr_signature_parse(text, (plr_type)type, sig, why, whylen) != PLR_OK) {
        free(sig);
        sig = NULL;
    }
    return sig;
}

/* one call: count sequences of n, element i of sequence s at
 * x[s*xd + i*xs], y[s*yd + i*ys]; returns the plr_status. Through the
 * public plr_run_many on the cuda device (what a caller gets: its checks
 * and planner included); PLR_BENCH_DIRECT=1 calls the backend directly, as
 * before 2026-11-25 (the difference is the API's host cost). */
int bb_run(const void *sig, size_t n, const void *x, void *y, size_t count, long long xs,
           long long xd, long long ys, long long yd, char *why, size_t whylen)
{
    static int direct = -1;
    if (direct < 0) {
        const char *e = getenv("PLR_BENCH_DIRECT");
        direct = e && *e == '1';
    }
    plr_data d;
    memset(&d, 0, sizeof d);
    d.n = n;
    d.x = x;
    d.y = y;
    if (!direct) {
        const plr_layout lay = {count, (ptrdiff_t)xs, (ptrdiff_t)xd, (ptrdiff_t)ys, (ptrdiff_t)yd};
        const plr_options opt = {PLR_DEVICE_CUDA, 0, 0};
        plr_report rep;
        const plr_status st = plr_run_many((const plr_signature *)sig, &d, &lay, &opt, &rep);
        if (st != PLR_OK || rep.device != PLR_DEVICE_CUDA)
            snprintf(why, whylen, "%s (device %d)", rep.reason, (int)rep.device);
        return st != PLR_OK ? (int)st : rep.device != PLR_DEVICE_CUDA ? -1 : 0;
    }
    plr_problem prob;
    plr_problem_init((const plr_signature *)sig, &d, &prob);
    prob.count = count;
    prob.xs = xs;
    prob.xd = xd;
    prob.ys = ys;
    prob.yd = yd;
    prob.in_place = x == y && xs == ys && xd == yd;
    prob.states = prob.hists = NULL;
    prob.finals = NULL;
    return (int)plr_backend_cuda(&prob, 0, why, whylen);
}

double bb_kernel_ms(void)
{
    return plrc_last_kernel_ms();
}
