// OpenCL C 2.0 atomic_compare_exchange_weak(_explicit) (OpAtomicCompareExchangeWeak)
// in retry loops on a contended global counter and on a 64-bit one; the
// final values are sums any order gives. PoCL 3.1 has no C11 atomics: it
// gets NO_C11 and atomic_cmpxchg / atom_cmpxchg.
//! kernel: wg_atomic_weak
//! std: CL2.0
//! pocl-options: -DNO_C11
//! global: 256
//! local: 64
//! arg: in int 256 randi -100000 100000
//! arg: inout int 2 list 5 -5
//! arg: inout long 1 const 3
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#ifdef NO_C11
__attribute__((overloadable)) bool casw(volatile global int *p, int *e, int d)
{ int o = atomic_cmpxchg(p, *e, d); bool ok = o == *e; *e = o; return ok; }
__attribute__((overloadable)) bool casw(volatile global long *p, long *e, long d)
{ long o = atom_cmpxchg(p, *e, d); bool ok = o == *e; *e = o; return ok; }
#define CASW(AT, p, e, d) casw(p, e, d)
#define CASW2(AT, p, e, d) casw(p, e, d)
#else
#define CASW(AT, p, e, d) atomic_compare_exchange_weak((volatile AT *)(p), e, d)
#define CASW2(AT, p, e, d) atomic_compare_exchange_weak_explicit((volatile AT *)(p), e, d, \
                               memory_order_acq_rel, memory_order_relaxed, memory_scope_device)
#endif

kernel void wg_atomic_weak(global const int *x, global int *c, global long *cl)
{
    size_t g = get_global_id(0);
    int v = x[g], e = c[0];
    while (!CASW(atomic_int, &c[0], &e, e + v))
        ;
    e = c[1];
    while (!CASW2(atomic_int, &c[1], &e, e - 2 * v))
        ;
    long e64 = cl[0];
    while (!CASW2(atomic_long, &cl[0], &e64, e64 + (long)v * 3000000L))
        ;
}
