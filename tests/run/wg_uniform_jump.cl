// Regions that end with every work-item at one barrier jump straight to
// that barrier's region (U_K after case K in the uniform switch) instead
// of going through the dispatch after the switch. Exercised here: a
// region reached by such a jump that has two ends (a branch on a value
// read from __local memory, the same in every work-item but not provably
// so: its lo_/hi_ tracking starts from the loop top's values), two ends
// of that branch jumping to the same region, a chain of jumps through a
// loop with two barriers, and a per-work-item loop with different trip
// counts between barriers. (The jump back to a loop's first barrier is
// wg_reduce_tree's: here the loop's end is a group-wide branch in the
// work-item loop, whose work-items all end at the point k_ names.)
//! kernel: wg_uniform_jump
//! launch: 256 @ 64
//! launch: 96 @ 96
//! launch: 48 @ 16
//! launch: 7 @ 1
//! launch: 12,4 @ 4,2
//! arg: in int 64 randi -50 50
//! arg: out int 256
//! arg: local 512
//! arg: val int 6

kernel void wg_uniform_jump(global const int *in, global int *out, local int *t, int rounds)
{
    uint l = (uint)(get_local_id(0) + get_local_id(1) * get_local_size(0));
    uint n = (uint)(get_local_size(0) * get_local_size(1));
    int acc = in[l & 63u];
    t[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    // the same in every work-item, not provably: two ends
    if (t[0] > 0) {
        acc -= t[n - 1u - l];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += t[l] >> 1;
    } else {
        acc += 3 * t[n - 1u - l];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc ^= t[l];
    }
    t[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    int it = 0;
    do {   // the loop's only branch is at its end: a group-wide one
        acc += t[(l + (uint)it) % n] * (it + 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        uint m = l & 3u;
        for (uint j = 0; j < m; j++)
            acc += in[(l + j) & 63u] >> 2;
        t[l] = acc ^ it;
        barrier(CLK_LOCAL_MEM_FENCE);
    } while (++it * 3 < rounds + 4);
    out[get_global_id(0) + get_global_id(1) * get_global_size(0)] = acc + t[(l * 5u) % n];
}
