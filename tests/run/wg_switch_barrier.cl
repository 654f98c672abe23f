// A barrier in one case of a switch inside a loop, with a widened value
// affine in the local id in that case. Two regressions: at -O0 the region
// after the barrier starts at the head of a block that the loop reaches
// again, which was emitted twice with one label (the C did not compile);
// in the threaded build (check.py links spir64-O2 with -fopenmp) gcc
// folded the per-item arrays' addresses in the chunk's fast copy into a
// thread-local relocation that overflowed (the frames' base now comes
// from a call, as the __local arena's does). The offset makes the value
// cross INT_MAX inside the first chunk.
//! kernel: wg_switch_barrier
//! launch: 128 @ 64
//! launch: 100 @ 100
//! launch: 48 @ 16
//! arg: in int 64 randi 0 9
//! arg: out long 128
//! arg: val uint 2147483630
//! arg: val int 7

kernel void wg_switch_barrier(global const int *in, global long *out, uint uoff, int n)
{
    uint lx = (uint)get_local_id(0);
    long c = 0;
    for (int i = 0; i < n; i++) {
        switch (in[i] % 3) {
        case 1:
            c -= (long)(int)(lx * 2u + uoff);
            barrier(CLK_LOCAL_MEM_FENCE);
            break;
        case 2:
            c += i;
            break;
        }
    }
    out[get_global_id(0)] = c;
}
