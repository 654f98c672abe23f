// Loops after a barrier whose body always returns in its first trip, so
// their continue blocks (the `i++`) are never reached from the entry. At
// -O0 the SPIR-V keeps those blocks; no region of the work-group executor
// runs them, yet spv2c (1fc6a7f) declared their values in the group
// function: unused variables, which the -Werror builds refuse. Found by
// the gen campaign, seed 5512 (spir64 -O0). One loop with a group-uniform
// trip count (odd groups return in it), one with a work-item's count,
// each around barriers.
//! kernel: dead_continue
//! launch: 64 @ 16
//! launch: 96 @ 32
//! arg: in uint 96 rand
//! arg: out uint 96
__kernel void dead_continue(__global const uint *in, __global uint *out)
{
    __local uint l[64];
    uint lid = get_local_id(0), gid = get_global_id(0), n = get_local_size(0);
    l[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint h = l[(lid + 1u) % n] ^ 0x811c9dc5u;
    int t = (int)(get_group_id(0) & 1u);
    for (int i = 0; i < t; i++) {   /* the whole group returns, or none of it */
        out[gid] = h ^ 0x5a5a5a5au;
        return;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    l[lid] = h * 3u;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint j = 0; j < lid % 3u; j += 2u) {   /* this work-item alone */
        out[gid] = l[(lid + j + 2u) % n] + j;
        return;
    }
    out[gid] = l[n - 1u - lid];
}
