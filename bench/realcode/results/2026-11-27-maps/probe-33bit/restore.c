#include <stdint.h>
/* flac 1.4.2 src/libFLAC/fixed.c FLAC__fixed_restore_signal_wide_33bit, verbatim loops */
void restore_wide_33bit(const int32_t residual[], uint32_t data_len, uint32_t order, int64_t data[])
{
	int i, idata_len = (int)data_len;
	switch(order) {
		case 0: for(i = 0; i < idata_len; i++) data[i] = residual[i]; break;
		case 1: for(i = 0; i < idata_len; i++) data[i] = (int64_t)residual[i] + data[i-1]; break;
		case 2: for(i = 0; i < idata_len; i++) data[i] = (int64_t)residual[i] + 2*data[i-1] - data[i-2]; break;
		case 3: for(i = 0; i < idata_len; i++) data[i] = (int64_t)residual[i] + 3*data[i-1] - 3*data[i-2] + data[i-3]; break;
		case 4: for(i = 0; i < idata_len; i++) data[i] = (int64_t)residual[i] + 4*data[i-1] - 6*data[i-2] + 4*data[i-3] - data[i-4]; break;
	}
}
