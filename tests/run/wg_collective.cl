// OpenCL C 2.0 work-group functions: work_group_reduce, scan_inclusive and
// scan_exclusive of add, min, max on int, uint, long, ulong, float, double;
// work_group_broadcast (1-D, 2-D and 3-D), work_group_all and
// work_group_any, over 1-D, 2-D and 3-D NDRanges with local sizes from 1 to
// 256. PoCL 3.1 has no work-group functions: it gets NO_WG and the same
// functions written with local memory and barriers.
//! kernel: wg_collective
//! std: CL2.0
//! pocl-options: -DNO_WG
//! no-clang-native: clang-15 -O3 -march=native compiles this file's C for over 8 minutes (gcc -O3 -march=native and clang -O2 still run)
//! launch: 512 @ 1
//! launch: 512 @ 64
//! launch: 512 @ 256
//! launch: 16,8 @ 1,1
//! launch: 16,8 @ 8,4
//! launch: 16,8 @ 16,2
//! launch: 16,8 @ 2,8
//! launch: 8,6,4 @ 1,1,1
//! launch: 8,6,4 @ 4,3,2
//! launch: 8,6,4 @ 2,6,1
//! launch: 8,6,4 @ 8,6,4
//! arg: in int 512 randi -1000 1000
//! arg: in long 512 randi -1000000000000 1000000000000
//! arg: in float 512 randf -10 10
//! arg: in double 512 randf -1000 1000
//! arg: out int 5120
//! arg: out uint 5120
//! arg: out long 5120
//! arg: out ulong 5120
//! arg: out float 5120
//! arg: out double 5120
//! arg: out int 2048
#define MAXWG 256
#pragma OPENCL FP_CONTRACT OFF

#define LID get_local_linear_id()
#define NWI (get_local_size(0) * get_local_size(1) * get_local_size(2))

#ifdef NO_WG
// PoCL 3.1 has no work-group functions: the same functions with local
// memory and barriers, in the order PoCL's later work-group library uses
// (one accumulator, local linear id order; reduce and inclusive scans
// start from the first value, exclusive scans from the identity)
#define ADD(a, b) ((a) + (b))
#define MIN(a, b) ((a) > (b) ? (b) : (a))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define FNS(T, ID_MIN, ID_MAX)                                                 \
    T red_##T(T x, local T *s, int op)                                        \
    {                                                                         \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        s[LID] = x;                                                           \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        T acc = s[0];                                                         \
        for (size_t i = 1; i < NWI; i++)                                      \
            acc = op == 0 ? ADD(acc, s[i]) : op == 1 ? MIN(acc, s[i]) : MAX(acc, s[i]); \
        return acc;                                                           \
    }                                                                         \
    T incl_##T(T x, local T *s, int op)                                       \
    {                                                                         \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        s[LID] = x;                                                           \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        T acc = s[0];                                                         \
        for (size_t i = 1; i <= LID; i++)                                     \
            acc = op == 0 ? ADD(acc, s[i]) : op == 1 ? MIN(acc, s[i]) : MAX(acc, s[i]); \
        return acc;                                                           \
    }                                                                         \
    T excl_##T(T x, local T *s, int op)                                       \
    {                                                                         \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        s[LID] = x;                                                           \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        T acc = op == 0 ? (T)0 : op == 1 ? ID_MIN : ID_MAX;                   \
        for (size_t i = 0; i < LID; i++)                                      \
            acc = op == 0 ? ADD(acc, s[i]) : op == 1 ? MIN(acc, s[i]) : MAX(acc, s[i]); \
        return acc;                                                           \
    }                                                                         \
    T bcast_##T(T x, local T *s, size_t id)                                   \
    {                                                                         \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        s[LID] = x;                                                           \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        return s[id];                                                         \
    }
FNS(int, INT_MAX, INT_MIN)
FNS(uint, UINT_MAX, 0)
FNS(long, LONG_MAX, LONG_MIN)
FNS(ulong, ULONG_MAX, 0)
FNS(float, INFINITY, -INFINITY)
FNS(double, (double)INFINITY, -(double)INFINITY)
int any_(int p, local int *s)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    s[LID] = p != 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int r = 0;
    for (size_t i = 0; i < NWI; i++)
        r |= s[i];
    return r;
}
#define SCR(T) (local T *)scratch
#define REDUCE(T, OP, OPN, x) red_##T(x, SCR(T), OPN)
#define INCL(T, OP, OPN, x) incl_##T(x, SCR(T), OPN)
#define EXCL(T, OP, OPN, x) excl_##T(x, SCR(T), OPN)
#define ALL(p) (!any_(!(p), (local int *)scratch))
#define ANY(p) any_(p, (local int *)scratch)
#define BCAST1(T, x, a) bcast_##T(x, SCR(T), a)
#define BCAST2(T, x, a, b) bcast_##T(x, SCR(T), (b) * get_local_size(0) + (a))
#define BCAST3(T, x, a, b, c) bcast_##T(x, SCR(T), ((c) * get_local_size(1) + (b)) * get_local_size(0) + (a))
#else
#define REDUCE(T, OP, OPN, x) work_group_reduce_##OP(x)
#define INCL(T, OP, OPN, x) work_group_scan_inclusive_##OP(x)
#define EXCL(T, OP, OPN, x) work_group_scan_exclusive_##OP(x)
#define ALL(p) work_group_all(p)
#define ANY(p) work_group_any(p)
#define BCAST1(T, x, a) work_group_broadcast(x, a)
#define BCAST2(T, x, a, b) work_group_broadcast(x, a, b)
#define BCAST3(T, x, a, b, c) work_group_broadcast(x, a, b, c)
#endif

// the 10 results of one type: reduce, inclusive and exclusive scans of add,
// min, max, and a broadcast from the group's last work-item
#define TEN(T, x, o)                                                           \
    o[0] = REDUCE(T, add, 0, x); o[1] = REDUCE(T, min, 1, x);                 \
    o[2] = REDUCE(T, max, 2, x); o[3] = INCL(T, add, 0, x);                   \
    o[4] = INCL(T, min, 1, x); o[5] = INCL(T, max, 2, x);                     \
    o[6] = EXCL(T, add, 0, x); o[7] = EXCL(T, min, 1, x);                     \
    o[8] = EXCL(T, max, 2, x); o[9] = BCAST(T, x);

kernel void wg_collective(global const int *xi, global const long *xl,
                          global const float *xf, global const double *xd,
                          global int *oi, global uint *ou, global long *ol,
                          global ulong *oul, global float *of, global double *od,
                          global int *flags)
{
#ifdef NO_WG
    local ulong scratch[MAXWG];
#endif
    size_t g = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0)
               + get_global_id(0);
    /* the broadcast overload follows the NDRange's dimensions; work_dim is
       the same for the whole group, so every work-item takes the same one */
#define BCAST(T, x) (get_work_dim() == 1 ? BCAST1(T, x, get_local_size(0) - 1) :            \
                     get_work_dim() == 2 ? BCAST2(T, x, get_local_size(0) - 1,              \
                                                  get_local_size(1) - 1) :                  \
                     BCAST3(T, x, get_local_size(0) - 1, get_local_size(1) - 1,            \
                            get_local_size(2) - 1))
    int i = xi[g];
    long l = xl[g];
    float f = xf[g];
    double d = xd[g];
    TEN(int, i, (oi + 10 * g))
    TEN(uint, (uint)i, (ou + 10 * g))
    TEN(long, l, (ol + 10 * g))
    TEN(ulong, (ulong)l, (oul + 10 * g))
    TEN(float, f, (of + 10 * g))
    TEN(double, d, (od + 10 * g))
    flags[4 * g] = ALL(i > -950);
    flags[4 * g + 1] = ANY(i > 900);
    flags[4 * g + 2] = ALL(i != 0x7fffffff);
    flags[4 * g + 3] = ANY(f < -9.9f);
}
