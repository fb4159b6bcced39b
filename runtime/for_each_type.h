/* Instantiates kernels.h, sweeps.h and the file named by PLR_PER_TYPE once for each
 * arithmetic type (see kernels.h for the macros they see). Integer element
 * types share their unsigned twin. */
#define PLR_A uint32_t
#define PLR_SFX u32
#define PLR_FLOAT 0
#include "kernels.h"
#include "sweeps.h"
#ifdef PLR_PER_TYPE
#include PLR_PER_TYPE
#endif
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT

#define PLR_A uint64_t
#define PLR_SFX u64
#define PLR_FLOAT 0
#include "kernels.h"
#include "sweeps.h"
#ifdef PLR_PER_TYPE
#include PLR_PER_TYPE
#endif
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT

#define PLR_A float
#define PLR_SFX f32
#define PLR_FLOAT 1
#include "kernels.h"
#include "sweeps.h"
#ifdef PLR_PER_TYPE
#include PLR_PER_TYPE
#endif
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT

#define PLR_A double
#define PLR_SFX f64
#define PLR_FLOAT 1
#include "kernels.h"
#include "sweeps.h"
#ifdef PLR_PER_TYPE
#include PLR_PER_TYPE
#endif
#undef PLR_A
#undef PLR_SFX
#undef PLR_FLOAT
