// Loops over the work-items of a region are marked independent for the C
// compiler (SPV2C_IVDEP_: without a barrier or an atomic no work-item can
// see another's accesses) only when the kernel has no atomics and no
// calls: local atomics on one work-group run as plain read-modify-writes,
// so a loop vectorised across work-items would lose updates. Compiled with
// -O3 -march=native, which vectorises such loops. Also regions that
// really are independent: neighbours' values read between barriers.
//! kernel: wg_independent
//! cflags: -O3 -march=native
//! launch: 256 @ 256
//! launch: 64 @ 64
//! launch: 96 @ 32
//! launch: 100 @ 100
//! arg: in int 256 randi -9 9
//! arg: out int 516
//! arg: local 2048

kernel void wg_independent(global const int *in, global int *out, local int *h)
{
    int l = (int)get_local_id(0), n = (int)get_local_size(0);
    local int *t = h + 8;
    if (l < 8)
        h[l] = 0;
    t[l] = in[get_global_id(0) % 256];
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&h[l & 3]);                 // four bins, n / 4 updates each
    atomic_add(&h[4 + (l & 1)], t[l]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 8)
        atomic_add(&out[l], h[l]);
    int v = t[l] * 3 + t[(l + 1) % n];     // independent: reads, then stores after a barrier
    barrier(CLK_LOCAL_MEM_FENCE);
    t[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[8 + get_global_id(0) % 508] += t[(l + n - 1) % n] - t[l];
}
