// OpenCL 2.0 work-group functions: reduce, inclusive and exclusive scans
// (add, min, max on int, uint, long, float), broadcast in 2-D, all, any.
// PoCL 3.1 has no work-group functions, so PoCL gets NO_WG_FUNCS: the same
// functions written out with local memory and barriers, folding values in
// local linear id order (the order spv2c documents for floats).
//! kernel: wgf
//! std: CL2.0
//! pocl-options: -DNO_WG_FUNCS
//! global: 64,4
//! local: 16,2 | 1,1 | 8,4 | 32,2
//! arg: in int 256 randi -1000 1000
//! arg: in float 256 randf -10 10
//! arg: out int 2048
//! arg: out float 1024

#ifdef NO_WG_FUNCS
#define LID (get_local_id(1) * get_local_size(0) + get_local_id(0))
#define NWI (get_local_size(0) * get_local_size(1))
#define FOLD(T, NAME, INIT, STEP, LIMIT)                                     \
    T NAME(T x, local T *s)                                               \
    {                                                                     \
        T acc = INIT;                                                     \
        s[LID] = x;                                                       \
        barrier(CLK_LOCAL_MEM_FENCE);                                     \
        for (size_t j = 0; j < LIMIT; j++) {                              \
            T y = s[j];                                                   \
            STEP;                                                         \
        }                                                                 \
        barrier(CLK_LOCAL_MEM_FENCE);                                     \
        return acc;                                                       \
    }
FOLD(int, r_add_i, 0, acc += y, NWI)
FOLD(int, si_min_i, INT_MAX, acc = min(acc, y), LID + 1)
FOLD(int, se_max_i, INT_MIN, acc = max(acc, y), LID)
FOLD(int, all_i, 1, acc = acc && y, NWI)
FOLD(int, any_i, 0, acc = acc || y, NWI)
FOLD(uint, r_max_u, 0, acc = max(acc, y), NWI)
FOLD(long, se_add_l, 0, acc += y, LID)
FOLD(float, r_add_f, 0.0f, acc += y, NWI)
FOLD(float, si_add_f, 0.0f, acc += y, LID + 1)
FOLD(float, r_min_f, INFINITY, acc = fmin(acc, y), NWI)
FOLD(float, se_max_f, -INFINITY, acc = fmax(acc, y), LID)
int bcast_i(int x, size_t lx, size_t ly, local int *s)
{
    s[LID] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = s[ly * get_local_size(0) + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    return v;
}
#define SCRATCH local int si[64]; local uint su[64]; local long sl[64]; local float sf[64];
#define work_group_reduce_add_i(x) r_add_i(x, si)
#define work_group_scan_inclusive_min_i(x) si_min_i(x, si)
#define work_group_scan_exclusive_max_i(x) se_max_i(x, si)
#define work_group_broadcast_i(x, a, b) bcast_i(x, a, b, si)
#define work_group_all_i(x) all_i(x, si)
#define work_group_any_i(x) any_i(x, si)
#define work_group_reduce_max_u(x) r_max_u(x, su)
#define work_group_scan_exclusive_add_l(x) se_add_l(x, sl)
#define work_group_reduce_add_f(x) r_add_f(x, sf)
#define work_group_scan_inclusive_add_f(x) si_add_f(x, sf)
#define work_group_reduce_min_f(x) r_min_f(x, sf)
#define work_group_scan_exclusive_max_f(x) se_max_f(x, sf)
#else
#define SCRATCH
#define work_group_reduce_add_i work_group_reduce_add
#define work_group_scan_inclusive_min_i work_group_scan_inclusive_min
#define work_group_scan_exclusive_max_i work_group_scan_exclusive_max
#define work_group_broadcast_i work_group_broadcast
#define work_group_all_i work_group_all
#define work_group_any_i work_group_any
#define work_group_reduce_max_u work_group_reduce_max
#define work_group_scan_exclusive_add_l work_group_scan_exclusive_add
#define work_group_reduce_add_f work_group_reduce_add
#define work_group_scan_inclusive_add_f work_group_scan_inclusive_add
#define work_group_reduce_min_f work_group_reduce_min
#define work_group_scan_exclusive_max_f work_group_scan_exclusive_max
#endif

kernel void wgf(global const int *a, global const float *f, global int *o, global float *of)
{
    SCRATCH
    size_t i = get_global_linear_id();
    int x = a[i];
    float y = f[i];
    o[8 * i + 0] = work_group_reduce_add_i(x);
    o[8 * i + 1] = work_group_scan_inclusive_min_i(x);
    o[8 * i + 2] = work_group_scan_exclusive_max_i(x);
    o[8 * i + 3] = work_group_broadcast_i(x, get_local_size(0) - 1, get_local_size(1) / 2);
    o[8 * i + 4] = work_group_all_i(x > -900);
    o[8 * i + 5] = work_group_any_i(x > 990);
    o[8 * i + 6] = (int)work_group_reduce_max_u((uint)x);
    o[8 * i + 7] = (int)work_group_scan_exclusive_add_l((long)x);
    of[4 * i + 0] = work_group_reduce_add_f(y);
    of[4 * i + 1] = work_group_scan_inclusive_add_f(y);
    of[4 * i + 2] = work_group_reduce_min_f(y);
    of[4 * i + 3] = work_group_scan_exclusive_max_f(y);
}
