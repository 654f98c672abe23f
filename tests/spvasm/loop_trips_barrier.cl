// A loop whose trip count depends on the work-item and is at least one
// (so the compiler rotates it, without a guard), with an inner loop, then
// a barrier, and values exchanged through __local memory after it;
// checked with exact integers (loop_trips_barrier.py).
// Not a PoCL comparison: PoCL 3.1 runs such a loop as often for every
// work-item as for the group's last one (found by the gen campaign, seeds
// 1903 and 2195: (int)(lid % 3u) + 1 trips gave every work-item 2 when
// the last lid was 31; Oclgrind 21.10 and spv2c give each its own count).
// The same loop whose count may be 0 (lid % 3u) PoCL runs right.
//! kernel: loop_trips_barrier
//! global: 64
//! local: 32
//! arg: in uint 64 rand
//! arg: out uint 192
kernel void loop_trips_barrier(global const uint *in, global uint *out)
{
    local uint s[32];
    uint lid = (uint)get_local_id(0), g = (uint)get_global_id(0);
    uint h = in[g], k = h;
    for (int i = 0; i < (int)(lid % 3u) + 1; i++) {
        for (int j = 0; j < 5; j++)
            h = h * 3u + (uint)j;
        h ^= (uint)i << 8;
    }
    for (int i = 0; i < (int)(lid & 3u) + 1; i++) {
        int j = 0;
        do {
            k = k * 5u + 1u;
            if (k % 7u == 0u)
                break;
        } while (++j < 4);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    s[lid] = h + k;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[3 * g] = h;
    out[3 * g + 1] = k;
    out[3 * g + 2] = s[(lid + 1u) % 32u];
}
