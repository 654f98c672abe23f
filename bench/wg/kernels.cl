// Work-group benchmark kernels (scripts/bench-wg). FP_CONTRACT OFF so that
// PoCL, spv2c's C and the hand-written C (hand.c) compute the same bits.
#pragma OPENCL FP_CONTRACT OFF

#define T 16   // matmul tile: local size T x T

// C (n x n) = A (n x n) * B (n x n), row-major, n a multiple of T; a
// work-group computes a T x T block of C through two local tiles, two
// barriers a K step
kernel void matmul(global const float *a, global const float *b, global float *c, int n)
{
    local float ta[T][T], tb[T][T];
    int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
    int col = (int)get_global_id(0), row = (int)get_global_id(1);
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += T) {
        ta[ly][lx] = a[row * n + k0 + lx];
        tb[ly][lx] = b[(k0 + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < T; j++)
            acc = acc + ta[ly][j] * tb[j][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}

// tree reduction: each work-group sums its get_local_size(0) (a power of
// two) inputs by halving, a barrier in the loop
kernel void reduce(global const float *x, global float *sums, local float *t)
{
    size_t l = get_local_id(0), g = get_global_id(0);
    t[l] = x[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            t[l] = t[l] + t[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = t[0];
}

// strided gather through local memory: a group copies every stride-th
// float of its part of x into local memory (async_work_group_strided_copy),
// each work-item transforms its element, and the group copies the tile
// back out contiguously (async_work_group_copy)
kernel void gather(global const float *x, global float *y, local float *t, int stride)
{
    size_t l = get_local_id(0), n = get_local_size(0), grp = get_group_id(0);
    event_t e = async_work_group_strided_copy(t, x + grp * n * (size_t)stride, n,
                                              (size_t)stride, 0);
    wait_group_events(1, &e);
    t[l] = t[l] * 2.0f + 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(y + grp * n, t, n, 0);
    wait_group_events(1, &e);
}
