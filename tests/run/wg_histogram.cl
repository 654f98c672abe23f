// Histogram with local atomics (atomic_inc, atomic_add on __local uint)
// and global atomics, local sizes 1 to 256 in 1 to 3 dimensions.
//! kernel: wg_histogram
//! global: 32,8,6
//! local: 1,1,1 | 32,1,1 | 8,8,1 | 4,2,3 | 32,8,1
//! arg: in uint 1536 rand
//! arg: out uint 64
//! arg: out uint 98304
//! arg: out uint 1536
#define BINS 64

// per-group histogram in local memory (local atomics), merged into the
// global histogram with global atomics; the group's counts also go out
// per group, and every work-item reports its bin's count after the barrier
kernel void wg_histogram(global const uint *x, global uint *hist,
                         global uint *per_group, global uint *mine)
{
    local uint h[BINS];
    size_t n = get_local_size(0) * get_local_size(1) * get_local_size(2);
    size_t l = (get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0)
               + get_local_id(0);
    size_t grp = (get_group_id(2) * get_num_groups(1) + get_group_id(1)) * get_num_groups(0)
                 + get_group_id(0);
    size_t g = grp * n + l;
    for (size_t b = l; b < BINS; b += n)
        h[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v = x[g];
    uint bin = (v ^ (v >> 7)) % BINS;
    atomic_inc(&h[bin]);
    atomic_add(&h[(bin + 1) % BINS], v & 3u);
    barrier(CLK_LOCAL_MEM_FENCE);
    mine[g] = h[bin];
    for (size_t b = l; b < BINS; b += n) {
        per_group[grp * BINS + b] = h[b];
        atomic_add(&hist[b], h[b]);
    }
}
