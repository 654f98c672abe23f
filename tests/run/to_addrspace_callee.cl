// to_global, to_local, to_private of generic pointers into a called
// function's private array and the kernel's, kept across a barrier that the
// called function waits at (issue 22): the kernel then runs on the
// executor's resumable frames (each function's per-work-item frame in the
// frame arena), not as loops over regions as in to_addrspace_barrier.cl.
// Serial and threaded executors. PoCL 3.1 has no generic address space (nor
// to_*), so it gets NO_GENERIC and computes the answer from the known space.
//! kernel: to_addrspace_callee
//! std: CL2.0
//! pocl-options: -DNO_GENERIC
//! global: 96
//! local: 8 | 3
//! arg: in int 96 rand
//! arg: out int 384

#ifndef NO_GENERIC
__attribute__((noinline)) int classify(int *q)
{
    return (to_global(q) != 0) | (to_local(q) != 0) << 1 | (to_private(q) != 0) << 2;
}
#endif

/* the flags of a generic pointer into the caller's array (kept across the
   barrier), into this function's own array, into __local and into global
   memory; then the sum read through the private ones */
__attribute__((noinline)) int after_barrier(int *theirs, global const int *g, local int *lv,
                                            int v, int *flags)
{
    int mine[3] = { v, v * 3, v ^ 9 };
    int k = get_local_id(0) % 3;
#ifndef NO_GENERIC
    int *p = mine + k, *l = lv + get_local_id(0);
#endif
    lv[get_local_id(0)] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
#ifndef NO_GENERIC
    flags[0] = classify(theirs);
    flags[1] = classify(p);
    flags[2] = classify(l);
    flags[3] = classify((int *)g);
    private int *t = to_private(theirs), *m = to_private(p);
    return (t ? *t : -1000) + (m ? *m : -1000) + lv[(get_local_id(0) + 1) % get_local_size(0)];
#else
    flags[0] = flags[1] = 4;
    flags[2] = 2;
    flags[3] = 1;
    return *theirs + mine[k] + lv[(get_local_id(0) + 1) % get_local_size(0)];
#endif
}

kernel void to_addrspace_callee(global const int *in, global int *out)
{
    local int lv[8];
    int i = get_global_id(0);
    int priv[2] = { in[i] + 5, in[i] - 5 };
    int flags[4];
    int s = after_barrier(priv + (i & 1), in + i, lv, in[i], flags);
    out[4 * i] = flags[0] * 1000 + flags[1] * 100 + flags[2] * 10 + flags[3];
    out[4 * i + 1] = s;
    out[4 * i + 2] = priv[0] ^ priv[1];
    out[4 * i + 3] = i;
}
