// OpenCL C 2.0 atomics on 64-bit atomic_long/atomic_ulong:
// atomic_fetch_*_explicit, load, store, exchange, compare-exchange, on global
// and local memory, local sizes 1, 128, 256. PoCL 3.1 has no C11 atomics (no
// generic address space): it gets NO_C11 and the same operations through
// the OpenCL 1.2 atom_* functions.
//! kernel: wg_atomic_c11_64
//! std: CL2.0
//! pocl-options: -DNO_C11
//! global: 512
//! local: 1 | 128 | 256
//! arg: in int 512 randi -100000 100000
//! arg: inout long 10 list 0 0 0 0 -1 0 0 0 -1 0
//! arg: out long 1536
//! arg: out long 2048
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#ifdef NO_C11
// PoCL 3.1 has no generic address space, hence no C11 atomics: the same
// operations through the OpenCL 1.2 functions (the reference semantics)
#define FETCH(op, AT, p, v, o, s) atom_##op(p, v)
#define LOAD(AT, p, o, s) atom_add(p, 0)
#define STORE(AT, p, v, o, s) ((void)atom_xchg(p, v))
#define XCHG(AT, p, v, o, s) atom_xchg(p, v)
#define CAS(AT, p, e, d) cas(p, e, d)
#define FLAG_TAS(p) (atomic_xchg(p, 1) != 0)
#define FLAG_CLEAR(p) ((void)atomic_xchg(p, 0))
#define DEF_CAS(AS, T) \
    __attribute__((overloadable)) bool cas(volatile AS T *p, T *e, T d) \
    { T o = atom_cmpxchg(p, *e, d); bool ok = o == *e; *e = o; return ok; }
DEF_CAS(global, int) DEF_CAS(global, uint) DEF_CAS(local, int) DEF_CAS(local, uint)
DEF_CAS(global, long) DEF_CAS(global, ulong) DEF_CAS(local, long) DEF_CAS(local, ulong)
#define FXCHG(p, v) atomic_xchg(p, v)
#else
#define FETCH(op, AT, p, v, o, s) atomic_fetch_##op##_explicit((volatile AT *)(p), v, o, s)
#define LOAD(AT, p, o, s) atomic_load_explicit((volatile AT *)(p), o, s)
#define STORE(AT, p, v, o, s) atomic_store_explicit((volatile AT *)(p), v, o, s)
#define XCHG(AT, p, v, o, s) atomic_exchange_explicit((volatile AT *)(p), v, o, s)
#define CAS(AT, p, e, d) atomic_compare_exchange_strong((volatile AT *)(p), e, d)
#define FLAG_TAS(p) atomic_flag_test_and_set_explicit((volatile atomic_flag *)(p), \
                        memory_order_acquire, memory_scope_device)
#define FLAG_CLEAR(p) atomic_flag_clear_explicit((volatile atomic_flag *)(p), \
                          memory_order_release, memory_scope_device)
#define FXCHG(p, v) atomic_exchange((volatile atomic_float *)(p), v)
#endif

#define R memory_order_relaxed
#define AR memory_order_acq_rel
#define SC memory_order_seq_cst
#define WG memory_scope_work_group
#define DEV memory_scope_device

// contended counters whose final values any order gives; per-item slots for
// returned values; the same on local memory per group
kernel void wg_atomic_c11_64(global const int *x, global long *cl,
                             global long *own64, global long *grp)
{
    local long ll[4];
    size_t g = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    int v = x[g];
    long w = (long)v * 1000003L;
    global ulong *clu = (global ulong *)cl;

    for (size_t b = l; b < 4; b += n)
        ll[b] = b == 1 ? 1000 : b == 2 ? -1000 : 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    FETCH(add, atomic_long, &cl[0], w, R, DEV);
    FETCH(sub, atomic_long, &cl[1], w, AR, DEV);
    FETCH(min, atomic_long, &cl[2], w, SC, DEV);
    FETCH(max, atomic_ulong, &clu[3], (ulong)w, R, WG);
    FETCH(and, atomic_long, &cl[4], ~(1L << (g % 61)), R, DEV);
    FETCH(or, atomic_long, &cl[5], 1L << (g % 59), R, DEV);
    FETCH(xor, atomic_long, &cl[6], w, R, DEV);
    FETCH(min, atomic_ulong, &clu[8], (ulong)w, R, DEV);
    FETCH(max, atomic_long, &cl[9], w, SC, DEV);
    long e64 = LOAD(atomic_long, &cl[7], R, DEV);
    while (!CAS(atomic_long, &cl[7], &e64, e64 + w))
        ;

    FETCH(add, atomic_long, &ll[0], w, R, WG);
    FETCH(min, atomic_long, &ll[1], w, R, WG);
    FETCH(max, atomic_ulong, (local ulong *)&ll[2], (ulong)w, R, WG);
    FETCH(xor, atomic_long, &ll[3], w, R, WG);

    // own slots: store, exchange, load, compare-exchange
    STORE(atomic_long, &own64[3 * g], w, SC, DEV);
    own64[3 * g + 1] = XCHG(atomic_long, &own64[3 * g], w ^ 0x5555L, R, DEV)
                       + LOAD(atomic_long, &own64[3 * g], R, DEV);
    long exp64 = w;
    own64[3 * g + 2] = CAS(atomic_long, &own64[3 * g], &exp64, 1L) * 10 + exp64;

    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        for (int b = 0; b < 4; b++)
            grp[get_group_id(0) * 4 + b] = ll[b];
    }
}
