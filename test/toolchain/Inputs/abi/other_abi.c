/* A libplr of another ABI (abi.test): the entry points the generated code
 * calls are there, the symbol of the layout the pass wrote is not. */
#include <stddef.h>

const unsigned plr_abi_v999 = 999;
int plr_run(const void *sig, const void *data) { (void)sig, (void)data; return 0; }
int plr_pays(const void *sig, const void *data, unsigned passes, unsigned stages, unsigned chain)
{
    (void)sig, (void)data, (void)passes, (void)stages, (void)chain;
    return 1;
}
