// A kernel with a barrier in its own body (run as work-item loops) that
// calls a function reading the range and group builtins: the group
// function must set up the work-item state its loops pass to the call.
// (It did not: the state was zeroed and filled only under --checked, so
// the call read uninitialised sizes and ids.)
//! kernel: wg_call_range
//! global: 32,2
//! local: 8,1 | 4,2 | 16,2
//! arg: out uint 64
//! arg: out uint 64
//! arg: local 256

// (each step depends on the one before, so clang does not make a vector
// reduction of it, which llvm-spirv-15 cannot translate)
__attribute__((noinline)) uint shape(uint x)
{
    uint r = x;
    r = r * 131u + (uint)get_local_size(0);
    r = r * 131u + (uint)get_local_size(1);
    r = r * 131u + (uint)get_global_size(0);
    r = r * 131u + (uint)get_global_size(1);
    r = r * 131u + (uint)get_group_id(0);
    r = r * 131u + (uint)get_group_id(1);
    r = r * 131u + (uint)get_num_groups(0);
    r = r * 131u + (uint)get_num_groups(1);
    r = r * 131u + (uint)get_global_offset(0);
    return r * 131u + (uint)get_work_dim();
}

__attribute__((noinline)) uint ids(void)
{
    uint r = (uint)get_global_id(0);
    r = r * 131u + (uint)get_global_id(1);
    r = r * 131u + (uint)get_local_id(0);
    return r * 131u + (uint)get_local_id(1);
}

kernel void wg_call_range(global uint *a, global uint *b, local uint *t)
{
    size_t l = get_local_id(1) * get_local_size(0) + get_local_id(0);
    size_t n = get_local_size(0) * get_local_size(1);
    size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
    t[l] = shape((uint)l);
    barrier(CLK_LOCAL_MEM_FENCE);
    a[g] = t[(l + 1) % n];
    b[g] = ids();
}
