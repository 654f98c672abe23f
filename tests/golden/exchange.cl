//! std: CL2.0
// (work_group_reduce_add needs OpenCL C 2.0; scripts/check-identical reads the line above)
// A barrier inside a called (noinline) function: spv2c runs the kernel in
// its per-work-item form (resumable functions with frames).
__attribute__((noinline)) float neighbour(__local float *s, float v)
{
    size_t l = get_local_id(0), n = get_local_size(0);
    s[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    return s[(l + 1) % n];
}

__kernel void exchange(__global float *x, __local float *s)
{
    size_t g = get_global_id(0);
    x[g] = neighbour(s, x[g]) + work_group_reduce_add(x[g]);
}
