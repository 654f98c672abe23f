// clang -O2 merges the two barriers of a group-uniform if/else, whose
// flags differ, into one call after it whose flags are a select or a phi
// (gen seeds 2963, 3004, 3892, 7375, 8501, 8578); llvm-spirv-15 asserts
// on a fence that is not a constant (cast<ConstantInt>), as it does on
// flags from a kernel argument (the third barrier). spv2c's driver makes
// the flags a constant (src/cl/fence.c): the OR of the select's or phi's
// constants, else every flag. Each path still meets one barrier, with a
// fence at least as strong; the exchanges through local memory after each
// barrier show that it still separates the work-items. The same merge on
// the other arguments of the OpenCL C 2.0 fences: two work_group_barrier
// calls whose scopes differ (a phi of scopes) and two
// atomic_work_item_fence calls whose orders differ (a select of acquire and
// release); the driver takes the widest scope (device) and the order with
// both sides (acq_rel).
//! kernel: merged
//! std: CL2.0
//! global: 64
//! local: 16
//! arg: in int 64 rand
//! arg: out int 64
//! arg: local 64
//! arg: val int 3
kernel void merged(global const int *in, global int *out, local int *lk, int T)
{
    uint lid = get_local_id(0), n = get_local_size(0);
    int v = in[get_global_id(0)];
    lk[lid] = v;
    if (get_group_id(0) % 3u == (uint)T % 3u) {
        v += 5;
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    } else {
        v ^= 3;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    v += lk[(lid + 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (T > 2) {
        lk[lid] = v * 7;
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    } else {
        lk[n - 1 - lid] = v - 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    v += lk[(lid + 2) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    lk[lid] = v;
    barrier(((uint)T & 2u) | CLK_LOCAL_MEM_FENCE);
    v += lk[(lid + 3) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    lk[lid] = v;
    if (T > 5) {
        v += 11;
        work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_device);
    } else {
        v ^= 6;
        work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    }
    v += lk[(lid + 5) % n];
    out[get_global_id(0)] = v;
    if (T > 2) {
        out[get_global_id(0)] = v + 2;
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                               memory_scope_work_group);
    } else {
        out[get_global_id(0)] = v - 2;
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                               memory_scope_work_group);
    }
}
