// `inline` without `static` from an #include'd header, and -D values.
//! kernel: inline_k
//! global: 64
//! defines: -DSCALE=3 -DOFFSET=-5 -I@DIR@
//! arg: in int 64 randi -100 100
//! arg: out int 64
#include "inline.h"

kernel void inline_k(global const int *in, global int *out)
{
    int i = get_global_id(0);
    out[i] = scale(in[i]) + scale(i);
}
