// Four halves a work-item: vload_half4, multiply by a float, and
// vstore_half4_rtz (round toward zero), the half-storage kernel of issue 23.
__kernel void scale_half4(__global const half *restrict in, __global half *restrict out, float s)
{
    size_t i = get_global_id(0);
    vstore_half4_rtz(vload_half4(i, in) * s, i, out);
}
