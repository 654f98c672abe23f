// Work-group inclusive prefix sum (Hillis-Steele) of 32-bit integers in
// local memory, with a barrier at each of the log2(256) steps: each group
// of 256 work-items scans its 256 elements and writes its total to
// sums[group] (the first pass of a full-array scan). Needs local size 256.
#define WG 256
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scan(__global uint *restrict out, __global uint *restrict sums,
          __global const uint *restrict in)
{
    __local uint buf[2][WG];
    size_t l = get_local_id(0), g = get_global_id(0);
    int src = 0;
    buf[0][l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < WG; d <<= 1) {
        uint v = buf[src][l];
        if (l >= d)
            v += buf[src][l - d];
        buf[1 - src][l] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g] = buf[src][l];
    if (l == WG - 1)
        sums[get_group_id(0)] = buf[src][l];
}
