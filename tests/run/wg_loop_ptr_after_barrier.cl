// A loop with a barrier in the middle of its body and a pointer advanced
// after the barrier: the region after the barrier runs the rest of the
// body, then the loop's head again up to the barrier, so the head's phi
// reads the advanced pointer computed after the barrier. spv2c (31b8b73)
// once left that value out of the work-item loop (it scanned only the
// start block's part after the barrier): C that read an unassigned
// pointer (gcc: -Wmaybe-uninitialized). Found by the gen campaign, seed
// 1021. Three pointers in three loops: a __global float pointer, a
// __global int4 pointer and a __local pointer, each advanced by a stride
// after the barrier.
//! kernel: adv_ptr
//! launch: 64 @ 16
//! launch: 64 @ 1
//! launch: 32 @ 32
//! arg: in float 256 randf -100 100
//! arg: in int 1024 rand
//! arg: in uint 64 rand
//! arg: out float 64
//! arg: out int 256
//! arg: out uint 64
//! arg: local 1024
//! arg: val int 5
#pragma OPENCL FP_CONTRACT OFF

__kernel void adv_ptr(__global const float *inf, __global const int4 *in4, __global const uint *inu,
                      __global float *outf, __global int4 *out4, __global uint *outu,
                      __local uint *s, int n)
{
    size_t g = get_global_id(0);
    uint l = get_local_id(0), m = get_local_size(0);

    __global const float *p = inf + (l & 7);
    float acc = 0.0f;
    for (int i = 0; i < n; i++) {
        acc = acc * 1.5f + *p;
        barrier(CLK_LOCAL_MEM_FENCE);
        p += 3;
    }
    outf[g] = acc;

    __global const int4 *p4 = in4 + (l & 31);
    int4 acc4 = (int4)(0);
    for (int i = 0; i < n + 1; i++) {
        acc4 = (acc4 ^ *p4) + (int4)(i, 1, 2, 3);
        barrier(CLK_GLOBAL_MEM_FENCE);
        p4 += 32;
    }
    out4[g] = acc4;

    for (uint i = l; i < 256; i += m)
        s[i] = inu[(get_group_id(0) * 7 + i) & 63] * (i + 1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    __local const uint *q = s + (l & 31);
    uint accu = 0u;
    for (int i = 0; i < n + 2; i++) {
        accu = accu * 31u + *q;
        barrier(CLK_LOCAL_MEM_FENCE);
        q += 5;
    }
    outu[g] = accu;
}
