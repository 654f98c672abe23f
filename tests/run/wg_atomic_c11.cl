// OpenCL C 2.0 atomics: atomic_fetch_*_explicit with several orders and
// scopes, load, store, exchange (int, float), compare-exchange, atomic_flag,
// on global and local memory, local sizes 1, 32, 256. PoCL 3.1 has no C11
// atomics (no generic address space): it gets NO_C11 and the same
// operations through OpenCL 1.2 functions.
//! kernel: wg_atomic_c11
//! std: CL2.0
//! pocl-options: -DNO_C11
//! global: 512
//! local: 1 | 32 | 256
//! arg: in int 512 randi -100000 100000
//! arg: inout int 12 list 0 0 0 0 0 0 -1 0 0 0 0 0
//! arg: out int 2048
//! arg: inout float 1024 randf -100 100
//! arg: out int 1280
//! arg: out int 4096
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
kernel void wg_atomic_c11(global const int *x, global int *c, global int *own,
                          global float *f, global int *flags, global int *grp)
{
    local int li[8];
    size_t g = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    int v = x[g];
    global uint *cu = (global uint *)c;

    for (size_t b = l; b < 8; b += n)
        li[b] = b == 1 ? 1000 : b == 2 ? -1000 : 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    FETCH(add, atomic_int, &c[0], v, R, WG);
    FETCH(sub, atomic_int, &c[1], v, AR, DEV);
    FETCH(min, atomic_int, &c[2], v, SC, DEV);
    FETCH(max, atomic_int, &c[3], v, R, DEV);
    FETCH(min, atomic_uint, &cu[4], (uint)v, R, DEV);
    FETCH(max, atomic_uint, &cu[5], (uint)v, AR, WG);
    FETCH(and, atomic_int, &c[6], ~(1 << (g % 31)), R, DEV);
    FETCH(or, atomic_int, &c[7], 1 << (g % 29), R, DEV);
    FETCH(xor, atomic_uint, &cu[8], (uint)v, SC, DEV);
    int e = LOAD(atomic_int, &c[9], R, DEV);
    while (!CAS(atomic_int, &c[9], &e, e + v))
        ;
    e = LOAD(atomic_int, &c[10], SC, DEV);
    while (!CAS(atomic_int, &c[10], &e, e ^ (v << 3)))
        ;

    FETCH(add, atomic_int, &li[0], v, R, WG);
    FETCH(min, atomic_int, &li[1], v, R, WG);
    FETCH(max, atomic_int, &li[2], v, R, WG);
    FETCH(or, atomic_int, &li[3], 1 << (l % 32), R, WG);
    FETCH(xor, atomic_int, &li[4], v, R, WG);
    FETCH(sub, atomic_uint, (local uint *)&li[5], 3u, R, WG);
    int le = LOAD(atomic_int, &li[6], R, WG);
    while (!CAS(atomic_int, &li[6], &le, le + 2 * v))
        ;
    // own slots: store, exchange, failing and succeeding compare-exchange
    STORE(atomic_int, &own[4 * g], v, R, DEV);
    own[4 * g + 1] = XCHG(atomic_int, &own[4 * g], v + 7, SC, DEV);
    int exp = v + 1;
    bool ok = CAS(atomic_int, &own[4 * g], &exp, 0);
    own[4 * g + 2] = exp * 2 + (int)ok;
    exp = v + 7;
    ok = CAS(atomic_int, &own[4 * g + 3], &exp, 5) | (CAS(atomic_int, &own[4 * g + 3], &exp, 9) << 1);
    own[4 * g + 3] += (int)ok * 100;
    f[2 * g + 1] = FXCHG(&f[2 * g], (float)v * 0.5f);

    // flags shared by pairs of work-items: exactly one of each pair wins
    // (never cleared: a clear would let the partner win too, depending on
    // the order the two run in)
    if (!FLAG_TAS(&flags[g / 2]))
        FETCH(add, atomic_int, &c[11], 1, R, DEV);
    // a flag of its own: set, clear, and set again, which finds it clear
    (void)FLAG_TAS(&flags[256 + g]);
    FLAG_CLEAR(&flags[256 + g]);
    flags[768 + g] = !FLAG_TAS(&flags[256 + g]);

    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        for (int b = 0; b < 8; b++)
            grp[get_group_id(0) * 8 + b] = li[b];
    }
}
