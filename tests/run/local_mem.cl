// Local memory without barriers: a __local pointer kernel argument and a
// kernel-scope __local array; each work-item touches only its own slots,
// through direct indexing and through a helper taking a __local pointer.
//! kernel: local_mem
//! global: 256
//! local: 64
//! arg: in float 256 randf -100 100
//! arg: local 1024
//! arg: out float 512
//! arg: out int 256
#pragma OPENCL FP_CONTRACT OFF

__attribute__((noinline)) float fold(local float *p, int n)
{
    float s = 0.0f;
    for (int k = 0; k < n; k++)
        s = s * 0.5f + p[k];
    return s;
}

kernel void local_mem(global const float *in, local float *scratch,
                      global float *out, global int *oi)
{
    local int tile[64];
    local int2 pairs[64];
    int i = get_global_id(0);
    int l = get_local_id(0);
    float x = in[i];

    for (int k = 0; k < 4; k++)
        scratch[4 * l + k] = x * (float)(k + 1);
    tile[l] = (int)x * 3 + l;
    pairs[l] = (int2)(l, (int)get_group_id(0));

    out[2 * i] = fold(scratch + 4 * l, 4);
    out[2 * i + 1] = scratch[4 * l + 3] - scratch[4 * l];
    oi[i] = tile[l] + pairs[l].y * 1000 + pairs[l].x * 100000;
}
