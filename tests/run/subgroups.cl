// Sub-group functions and builtins (cl_khr_subgroups). spv2c documents a
// sub-group size of 1. The outputs are invariants that hold for every valid
// sub-group size (a reduction of 1s is the size, an exclusive scan of 1s is
// the sub-group local id, ...), so any conformant device writes 1s, and
// x + 1 after a sub-group barrier. PoCL 3.1 has no sub-groups: it gets
// NO_SG, where each invariant is the constant the specification fixes.
//! kernel: sg
//! std: CL2.0
//! pocl-options: -DNO_SG
//! global: 64
//! local: 16 | 1 | 64
//! arg: in int 64 randi -1000 1000
//! arg: out int 640
#ifndef NO_SG
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#endif

kernel void sg(global const int *a, global int *o)
{
    size_t i = get_global_id(0);
    int x = a[i];
    global int *r = o + 10 * i;
#ifdef NO_SG
    for (int k = 0; k < 9; k++)
        r[k] = 1;
    r[9] = x + 1;
#else
    uint n = get_sub_group_size();
    uint lid = get_sub_group_local_id();
    r[0] = sub_group_reduce_add(1) == (int)n;
    r[1] = sub_group_scan_exclusive_add(1) == (int)lid;
    r[2] = sub_group_scan_inclusive_add(1u) == lid + 1;
    r[3] = sub_group_reduce_max(lid) == n - 1 && sub_group_reduce_min(lid) == 0;
    r[4] = sub_group_all(1) && !sub_group_any(0) && sub_group_any(x == x);
    r[5] = sub_group_broadcast(lid, 0) == 0;
    r[6] = get_sub_group_id() < get_num_sub_groups() && lid < n &&
           n <= get_max_sub_group_size();
    r[7] = get_num_sub_groups() * get_max_sub_group_size() >= get_local_size(0) &&
           get_enqueued_num_sub_groups() >= get_num_sub_groups();
    r[8] = sub_group_scan_exclusive_max((long)x) <= (long)x ||
           sub_group_scan_exclusive_max((long)x) == LONG_MIN;
    sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
    r[9] = x + 1;
#endif
}
