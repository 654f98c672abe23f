/* a 3-point box blur in a work-group's local memory (the ends repeat) */
kernel void blur(global const float *in, global float *out, local float *tile)
{
    size_t l = get_local_id(0), g = get_global_id(0), n = get_global_size(0);
    tile[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    float left = l > 0 ? tile[l - 1] : in[g > 0 ? g - 1 : 0];
    float right = l + 1 < get_local_size(0) ? tile[l + 1] : in[g + 1 < n ? g + 1 : g];
    out[g] = (left + tile[l] + right) / 3.0f;
}
