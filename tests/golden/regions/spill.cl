// For the region planner's test (cli.py dump_regions): one barrier; live
// across it a value each work-item loaded (spilled, one slot a work-item),
// and values computed from arguments and builtins (recomputed after it).
__kernel void spill(__global const float *in, __global float *out, __local float *s, uint n)
{
    size_t l = get_local_id(0);
    float v = in[get_global_id(0)] * 2.0f;
    uint m = n * 3u + (uint)get_group_id(0);
    s[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = v + s[(l + 1) % get_local_size(0)] + (float)m;
}
