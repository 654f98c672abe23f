// Found by tests/gen (seed 203): a work-group function whose result nothing
// reads (clang keeps the call: it is convergent) was assigned and never
// read, and gcc's -Wunused-but-set-variable failed the warning-free build.
// Every form: broadcast, reduce and scans in the kernel (work-item loops)
// and in a helper with a barrier (a resumable function), with a barrier
// after each so the value would cross it.
//! kernel: wg_unused_result
//! std: CL2.0
//! pocl-options: -DNO_WG
//! launch: 64 @ 16
//! launch: 12 @ 3
//! launch: 8 @ 1
//! arg: in int 64 randi -1000 1000
//! arg: out int 64
#ifdef NO_WG
#define work_group_broadcast(x, i) (x)
#define work_group_reduce_add(x) (x)
#define work_group_scan_inclusive_max(x) (x)
#define work_group_scan_exclusive_add(x) (x)
#define work_group_any(x) (x)
#endif

static int helper(global const int *in, local int *s, int g)
{
    s[get_local_id(0)] = in[g];
    work_group_broadcast(in[g], 0);
    work_group_scan_exclusive_add(in[g]);
    barrier(CLK_LOCAL_MEM_FENCE);
    return s[(get_local_id(0) + 1) % get_local_size(0)];
}

__kernel void wg_unused_result(__global const int *in, __global int *out)
{
    local int s[64];
    int g = get_global_id(0);
    int x = in[g] * 3;
    work_group_broadcast(x, 0);
    work_group_reduce_add(x);
    barrier(CLK_LOCAL_MEM_FENCE);
    work_group_scan_inclusive_max(x + 1);
    work_group_any(x > 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = x + helper(in, s, g);
}
