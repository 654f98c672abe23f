// The same merge as barrier_flags.cl on the other arguments of the OpenCL
// C 2.0 fences: clang -O2 sinks two work_group_barrier calls whose scopes
// differ into one call with a phi of the scopes, and two
// atomic_work_item_fence calls whose orders differ into one with a select
// of the orders (acquire, release); llvm-spirv-15 asserts on either. The
// driver (src/irbarrier.c) takes the widest scope (device) and the order
// with both sides (acq_rel). The exchanges through local memory after
// each barrier show that it still separates the work-items.
//! kernel: scoped
//! std: CL2.0
//! global: 64
//! local: 16
//! arg: in int 64 rand
//! arg: out int 64
//! arg: local 64
//! arg: val int 3
kernel void scoped(global const int *in, global int *out, local int *lk, int T)
{
    uint lid = get_local_id(0), n = get_local_size(0);
    int v = in[get_global_id(0)];
    lk[lid] = v;
    if (T > 5) {
        v += 11;
        work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_device);
    } else {
        v ^= 6;
        work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    }
    v += lk[(lid + 1) % n];
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
