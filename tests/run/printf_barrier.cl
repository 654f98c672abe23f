// printf in kernels with barriers: the text comes in the order the
// work-items run on one thread, work-group by work-group, each region
// between barriers for all work-items of the group in local id order (as
// PoCL's work-item loops run them). Three forms: barriers in the kernel's
// body (work-item loops), a barrier in a called function (resumable
// functions), printf in a loop around a barrier and under a divergent
// branch; a 2-D NDRange. PoCL's text, byte for byte.
//! kernel: pf
//! launch: 8,4 @ 4,2
//! stdout: compare
//! arg: out int 32
//! arg: local 64
//! defines: -DBODY | -DCALL
#ifdef CALL
void exchange(local int *t, int l, int v)
{
    t[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    printf("  in call: l=%d sees %d\n", l, t[(l + 1) % 8]);
    barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

kernel void pf(global int *r, local int *t)
{
    int gx = get_global_id(0), gy = get_global_id(1);
    int l = get_local_id(1) * get_local_size(0) + get_local_id(0);
    int v = gy * 100 + gx;
    int k = printf("(%d,%d) group (%d,%d) local %d: before\n", gx, gy, (int)get_group_id(0),
                   (int)get_group_id(1), l);
#ifdef CALL
    exchange(t, l, v);
#else
    for (int s = 1; s < 8; s *= 2) {
        t[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v += t[(l + s) % 8];
        if (l % 3 == 0)
            k |= printf("  step %d: l=%d v=%d\n", s, l, v);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#endif
    k |= printf("(%d,%d) after: %d\n", gx, gy, v);
    r[gy * 8 + gx] = k + v;
}
