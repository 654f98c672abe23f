// OpenCL 1.2 atomic_*/atom_* on 32-bit int/uint and float exchange, on
// global and local memory, local sizes 1, 64, 256.
//! kernel: wg_atomic32
//! global: 512
//! local: 1 | 64 | 256
//! arg: in int 512 randi -1000 1000
//! arg: inout int 16 const 7
//! arg: out uint 512
//! arg: inout int 1024 randi -1000 1000
//! arg: out int 2048
//! arg: inout float 512 randf -100 100
//! arg: out float 512
//! arg: out int 4096
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable

// contended counters whose final values any order gives; per-item slots
// (no contention) for the returned values
kernel void wg_atomic32(global const int *x, global int *c, global uint *tickets,
                        global int *y, global int *own, global float *f,
                        global float *fold, global int *grp)
{
    local int lc[8];
    local float lf[256];
    size_t g = get_global_id(0), l = get_local_id(0), n = get_global_size(0);
    int v = x[g];
    global uint *cu = (global uint *)c;

    if (l == 0) {
        lc[0] = 0; lc[1] = 100; lc[2] = -100; lc[3] = 0;
        lc[4] = -1; lc[5] = 0; lc[6] = 0; lc[7] = 5;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    atomic_add(&c[0], v);
    atomic_sub(&c[1], v);
    uint t = atomic_inc(&cu[2]);
    if (t >= 7u && t - 7u < n)
        tickets[t - 7u] += 1u;
    atomic_dec(&c[3]);
    atomic_min(&c[4], v);
    atomic_max(&c[5], v);
    atomic_min(&cu[6], (uint)v);
    atomic_max(&cu[7], (uint)v);
    atomic_and(&c[8], v | 0x0ff0);
    atomic_or(&c[9], 1 << (g % 31));
    atomic_xor(&c[10], v);
    int old = c[11], seen;
    while ((seen = atomic_cmpxchg(&c[11], old, old + v)) != old)
        old = seen;
    atom_add(&c[12], v);
    atom_max(&cu[13], (uint)v);
    atom_inc(&c[14]);
    atom_or(&c[15], v & 0x5555);

    atomic_add(&lc[0], v);
    atomic_min(&lc[1], v);
    atomic_max(&lc[2], v);
    atomic_or(&lc[3], 1 << (l % 32));
    atomic_and(&lc[4], ~(1 << (l % 32)));
    atomic_xor(&lc[5], v);
    atomic_inc(&lc[6]);
    atomic_sub(&lc[7], 2);
    lf[l] = (float)v;
    float lold = atomic_xchg(&lf[l], 0.5f * (float)v);

    // own slots: exchange, compare-exchange that succeeds on odd ids only
    own[4 * g] = atomic_xchg(&y[2 * g], v);
    int cur = y[2 * g + 1];
    own[4 * g + 1] = atomic_cmpxchg(&y[2 * g + 1], (g & 1) ? cur : cur + 1, v);
    own[4 * g + 2] = atom_xchg(&own[4 * g + 3], v + 1);
    fold[g] = atomic_xchg(&f[g], (float)v * 0.25f) + lold;

    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 8)
        grp[get_group_id(0) * 8 + l] = lc[l];
}
