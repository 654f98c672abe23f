// Tiled matrix multiply with T x T local tiles (local size T,T; T = 64):
// 64x128 times 128x64, two barriers a K step.
//! kernel: wg_matmul
//! global: 64,64
//! local: 64,64
//! arg: in float 8192 randf -4 4
//! arg: in float 8192 randf -4 4
//! arg: out float 4096
//! arg: val int 64
//! arg: val int 64
//! arg: val int 128
//! arg: local 16384
//! arg: local 16384
#pragma OPENCL FP_CONTRACT OFF

// C (M x N) = A (M x K) * B (K x N), row-major; a work-group computes a
// T x T block of C (T = the local size), walking K in T-wide steps through
// two local tiles
kernel void wg_matmul(global const float *a, global const float *b,
                      global float *c, int m, int n, int k,
                      local float *ta, local float *tb)
{
    int t = (int)get_local_size(0);
    int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
    int col = (int)get_global_id(0), row = (int)get_global_id(1);
    float acc = 0.0f;
    for (int k0 = 0; k0 < k; k0 += t) {
        ta[ly * t + lx] = a[row * k + k0 + lx];
        tb[ly * t + lx] = b[(k0 + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < t; j++)
            acc = acc + ta[ly * t + j] * tb[j * t + lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < m && col < n)
        c[row * n + col] = acc;
}
