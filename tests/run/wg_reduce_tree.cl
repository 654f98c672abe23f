// Tree reduction in local memory with a barrier in a loop, local sizes 1
// (every barrier trivially met), 48 (not a power of two), 256, 1024 and
// 4096 (PoCL's maximum): float sums (the tree fixes the order) and a
// max-like int fold; then every work-item reads the results.
//! kernel: wg_reduce_tree
//! launch: 3072 @ 1
//! launch: 3072 @ 48
//! launch: 3072 @ 256
//! launch: 3072 @ 1024
//! launch: 8192 @ 4096
//! arg: in float 8192 randf -1000 1000
//! arg: in int 8192 randi -100000 100000
//! arg: local 16384
//! arg: local 16384
//! arg: out float 3072
//! arg: out int 16384
#pragma OPENCL FP_CONTRACT OFF

// halving tree over any n: at each step the upper half folds into the lower
kernel void wg_reduce_tree(global const float *xf, global const int *xi,
                           local float *sf, local int *si,
                           global float *sums, global int *outi)
{
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    sf[l] = xf[g];
    si[l] = xi[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t m = n; m > 1; ) {
        size_t h = (m + 1) / 2;
        if (l < m - h) {
            sf[l] = sf[l] + sf[l + h];
            si[l] = max(si[l], si[l + h]) + (int)(m & 3);
        }
        m = h;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // every work-item reads the group's results after the last barrier
    outi[2 * g] = si[0] - xi[g];
    outi[2 * g + 1] = (int)(sf[0] > xf[g]);
    if (l == 0)
        sums[get_group_id(0)] = sf[0];
}
