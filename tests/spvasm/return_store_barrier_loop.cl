// Guarded stores between a uniform early exit and a loop of barriers
// (whose trip count differs between groups, with an atomic in it): the
// first 8 work-items of each group write float4s, a barrier, then they
// overwrite the .s3s; checked against exact values
// (return_store_barrier_loop.py).
// Not a PoCL comparison: PoCL 3.1 loses the guarded stores after the
// barrier and leaves every .s3 as first written (41.0f) (found by the gen
// campaign, seed 3110: there the first write was a float3
// async_work_group_strided_copy and the second gen.py's zeroing of its
// padding lane). Oclgrind 21.10 and spv2c give lid * 10 + grp. PoCL is
// wrong with an exit that is never taken too, and with equal trip counts
// or a plain add; it is right without the exit, without the loop, or with
// the second stores unguarded.
//! kernel: return_store_barrier_loop
//! global: 8,2,4
//! local: 4,2,2
//! arg: out float 128
//! arg: out uint 4
//! arg: val int 1
kernel void return_store_barrier_loop(global float4 *out, global uint *trips, int t)
{
    local uint acc;
    uint lid = get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2));
    uint grp = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));
    if (t == 0)
        return;
    if (lid == 0u)
        acc = 0u;
    if (lid < 8u)
        out[grp * 8u + lid] = (float4)((float)lid, 2.0f, (float)grp, 41.0f);
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    if (lid < 8u)
        out[grp * 8u + lid].s3 = (float)(lid * 10u + grp);
    for (uint i = 0; i < get_group_id(0) % 3u + 1u; i++) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0u)
            atomic_add(&acc, 1u);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0u)
        trips[grp] = acc;
}
