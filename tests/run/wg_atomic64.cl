// OpenCL 1.2 atom_* on 64-bit long/ulong (cl_khr_int64_base_atomics,
// cl_khr_int64_extended_atomics), on global and local memory, local sizes
// 1, 128, 256.
//! kernel: wg_atomic64
//! global: 512
//! local: 1 | 128 | 256
//! arg: in long 512 randi -1000000000000 1000000000000
//! arg: inout long 16 const 7
//! arg: out ulong 512
//! arg: inout long 1024 randi -1000000000000 1000000000000
//! arg: out long 1536
//! arg: out long 4096
//! arg: in long 8 list 0 100 -100 0 -1 0 0 5
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

// 64-bit atom_* on global and local memory: contended counters whose final
// values any order gives, per-item slots for the returned values
kernel void wg_atomic64(global const long *x, global long *c, global ulong *tickets,
                        global long *y, global long *own, global long *grp,
                        global const long *init)
{
    local long lc[8], lx[256];
    size_t g = get_global_id(0), l = get_local_id(0), n = get_global_size(0);
    long v = x[g];
    global ulong *cu = (global ulong *)c;

    for (size_t b = l; b < 8; b += get_local_size(0))
        lc[b] = init[b];
    barrier(CLK_LOCAL_MEM_FENCE);

    atom_add(&c[0], v);
    atom_sub(&c[1], v);
    ulong t = atom_inc(&cu[2]);
    if (t >= 7 && t - 7 < n)
        tickets[t - 7] += 1;
    atom_dec(&c[3]);
    atom_min(&c[4], v);
    atom_max(&c[5], v);
    atom_min(&cu[6], (ulong)v);
    atom_max(&cu[7], (ulong)v);
    atom_and(&c[8], v | 0x0ff000000ffL);
    atom_or(&c[9], 1L << (g % 63));
    atom_xor(&c[10], v);
    long old = c[11], seen;
    while ((seen = atom_cmpxchg(&c[11], old, (long)((ulong)old + (ulong)v))) != old)
        old = seen;

    atom_add(&lc[0], v);
    atom_min(&lc[1], v);
    atom_max(&lc[2], v);
    atom_or(&lc[3], 1L << (l % 64));
    atom_and(&lc[4], ~(1L << (l % 64)));
    atom_xor(&lc[5], v);
    atom_inc(&lc[6]);
    atom_sub(&lc[7], 2L);
    lx[l] = v;

    own[3 * g] = atom_xchg(&y[2 * g], v);
    long cur = y[2 * g + 1];
    own[3 * g + 1] = atom_cmpxchg(&y[2 * g + 1], (g & 1) ? cur : cur + 1, v);
    own[3 * g + 2] = atom_xchg(&lx[l], v + 1) ^ lx[l];

    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 8)
        grp[get_group_id(0) * 8 + l] = lc[l];
}
