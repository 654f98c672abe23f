// A work-group sum through local memory: barriers in the kernel's own body,
// so spv2c runs it as work-item loops (one loop a region).
__kernel void reduce(__global const float *in, __global float *out, __local float *s)
{
    size_t l = get_local_id(0), n = get_local_size(0);
    s[l] = in[get_global_id(0)];
    for (size_t k = n / 2; k > 0; k /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < k)
            s[l] += s[l + k];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        out[get_group_id(0)] = s[0];
}
