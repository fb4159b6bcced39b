/* The serial backend: the reference loop, block by block so that the FIR
 * part is a vectorizable map and in-place calls need no copy of x. */
#include "internal.h"

#include <math.h>
#include <string.h>

#define SERIAL_BLOCK 2048

#define PLR_A uint32_t
#define PLR_SFX u32
#define PLR_FLOAT 0
#include "kernels.h"
#include "serial_impl.h"
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT

#define PLR_A uint64_t
#define PLR_SFX u64
#define PLR_FLOAT 0
#include "kernels.h"
#include "serial_impl.h"
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT

#define PLR_A float
#define PLR_SFX f32
#define PLR_FLOAT 1
#include "kernels.h"
#include "serial_impl.h"
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT

#define PLR_A double
#define PLR_SFX f64
#define PLR_FLOAT 1
#include "kernels.h"
#include "serial_impl.h"
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT

plr_status plr_backend_serial(const plr_problem *prob)
{
    switch (prob->type) {
    case PLR_I32:
    case PLR_U32: serial_run_u32(prob); break;
    case PLR_I64:
    case PLR_U64: serial_run_u64(prob); break;
    case PLR_F32: serial_run_f32(prob); break;
    case PLR_F64: serial_run_f64(prob); break;
    }
    return PLR_OK;
}
