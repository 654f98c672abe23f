/* out[i] = in[i] * factor + SCALE_OFFSET */
#include "params.h"

kernel void scale(global const int *in, global int *out, int factor)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * factor + SCALE_OFFSET;
}
