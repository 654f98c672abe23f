// The group part of a region (spv2c runs the values and branches that are
// the same in every work-item once a group, then loops over the work-items
// from where they stop) and loops narrowed to part of a row (a region that
// starts with `if (get_local_id(0) OP bound)` whose other way only waits
// runs over just those work-items). Here: a tree on each row (l0 < s,
// unsigned), signed bounds that can be negative (l0 > b), bounds from the
// right that wrap for small groups (l0 >= n0 - 2), l0 == bound, l0 <= bound,
// an `if` whose other way does work (not narrowed), a condition on local id
// y (not narrowed), loops with a uniform counter after a barrier, and a
// uniform if/else leading to different per-work-item code, a narrowed
// loop's condition used as a value too, l0 != bound (not narrowed), and an
// async copy whose event is live across a barrier. 1-D to 3-D.
//! kernel: wg_group_part
//! launch: 64 @ 1
//! launch: 64 @ 16
//! launch: 96 @ 32
//! launch: 60 @ 20
//! launch: 100 @ 100
//! launch: 16,8 @ 4,2
//! launch: 32,4 @ 8,4
//! launch: 8,4,4 @ 4,2,2
//! arg: in int 256 randi -50 50
//! arg: out int 1280
//! arg: local 1024

kernel void wg_group_part(global const int *ki, global int *out, local int *sh)
{
    size_t n0 = get_local_size(0);
    size_t n = n0 * get_local_size(1) * get_local_size(2);
    size_t l0 = get_local_id(0);
    size_t row = (get_local_id(2) * get_local_size(1) + get_local_id(1)) * n0;
    size_t l = row + l0;
    size_t g = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) +
               get_global_id(0);
    int il = (int)l0;
    int grp = (int)(get_group_id(0) + 3 * get_group_id(1) + 5 * get_group_id(2));
    int acc = 0;

    // chained async copies, the first one's event live across a barrier
    event_t e1 = async_work_group_copy(sh + n, ki + (size_t)(grp % 2) * n, n, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e2 = async_work_group_copy(sh, ki + 128 - n / 2, n, e1);
    wait_group_events(1, &e2);
    int pre = sh[l] + 3 * sh[n + (l + 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);

    sh[l] = ki[g % 256] + pre;
    barrier(CLK_LOCAL_MEM_FENCE);

    // a tree on each row
    for (size_t s = n0 / 2; s > 0; s >>= 1) {
        if (l0 < s)
            sh[l] = sh[l] + sh[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g * 10 + 0] = sh[row];
    barrier(CLK_LOCAL_MEM_FENCE);

    // signed bounds, some negative
    if (il > grp * 3 - 4)
        sh[l] = sh[l] * 2 + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    // from the right: n0 - 2 wraps when n0 < 2
    if (l0 >= n0 - 2)
        sh[l] += 100;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l0 == (size_t)grp % (n0 + 1))
        sh[l] -= 7;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (il <= grp - 2)
        sh[l] ^= 0x55;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g * 10 + 1] = sh[l];
    barrier(CLK_LOCAL_MEM_FENCE);

    // the other way does work too; a condition on y
    if (l0 < 3)
        sh[l] += 1;
    else
        sh[l] -= (int)l0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(1) < 1)
        sh[l] ^= 5;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g * 10 + 2] = sh[(l + 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);

    // a loop whose counter every work-item shares, around per-item work
    for (size_t j = 0; j < n; j++)
        acc += sh[(l + j) % n] * (int)(j + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    // a loop with only the shared counter: its header is uniform, its body
    // not (each work-item its own slot: sh[(l + j) % n] was a data race
    // between work-items, which spv2c --checked reported)
    for (size_t j = 0; j < n; j += 2)
        sh[l] += (int)((l + j) % n) + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g * 10 + 3] = acc + sh[l];
    barrier(CLK_LOCAL_MEM_FENCE);

    // a uniform if/else: different per-item code each way
    if (grp & 1)
        sh[l] = acc - (int)l;
    else
        sh[(l + 1) % n] = acc + grp;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g * 10 + 4] = sh[l];
    // a uniform value computed after a barrier and used after the next
    int u = sh[0] + grp;
    barrier(CLK_LOCAL_MEM_FENCE);
    sh[l] = u * 3 - il;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g * 10 + 5] = sh[(l + n - 1) % n] + u;
    out[g * 10 + 6] = (int)n0;
    out[g * 10 + 7] = grp;
    barrier(CLK_LOCAL_MEM_FENCE);

    // a narrowed loop's condition also used as a value
    size_t hh = n0 * (get_group_id(0) % 3 + 1) / 4;
    int d = l0 < hh ? (int)l0 * 5 : 11;
    if (l0 < hh)
        sh[l] = sh[l] * 3 + d;
    barrier(CLK_LOCAL_MEM_FENCE);
    // l0 != bound is two ranges: not narrowed
    if (get_local_id(0) != get_group_id(0) % get_local_size(0))
        sh[l] += 1000;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g * 10 + 8] = sh[l] + d;
    out[g * 10 + 9] = pre;
}
