// OpenCL C 2.0 to_global, to_local, to_private (OpGenericCastToPtrExplicit)
// of generic pointers kept across a barrier (issue 22): each work-item makes
// a generic pointer into a global buffer, a program-scope global, a __local
// argument, a kernel-scope __local array or its own private array, waits at
// a barrier, then casts it to all three spaces. Across the barrier the
// private array lives in the executor's frame arena (a per-work-item array,
// not the C stack), and the test also runs under the threaded executor,
// where worker threads must know their own private memory. The kernel also
// reads its neighbour's __local value after the barrier, so the barrier is
// needed. PoCL 3.1 has no generic address space (nor to_*), so it gets
// NO_GENERIC and computes the specification's answer from the known space.
//! kernel: to_addrspace_barrier
//! std: CL2.0
//! pocl-options: -DNO_GENERIC
//! global: 160
//! local: 16 | 5
//! arg: in int 160 rand
//! arg: local 64
//! arg: out int 480

global int gvar[8] = { 21, 22, 23, 24, 25, 26, 27, 28 };

#ifndef NO_GENERIC
/* 1 global, 2 local, 4 private; plus the value read through the result */
__attribute__((noinline)) int classify(int *q, int *val)
{
    global int *g = to_global(q);
    local int *l = to_local(q);
    private int *p = to_private(q);
    *val = g ? *g : l ? *l : p ? *p : -1;
    return (g != 0) | (l != 0) << 1 | (p != 0) << 2;
}
#endif

kernel void to_addrspace_barrier(global const int *in, local int *la, global int *out)
{
    local int lv[16];
    int i = get_global_id(0), li = get_local_id(0), n = get_local_size(0);
    int priv[4] = { in[i], in[i] + 1, in[i] + 2, in[i] + 3 };
    int f, val, expect, sel = i % 5;
    la[li] = in[i] ^ 0x55;
    lv[li] = in[i] ^ 0x77;
    priv[i & 3] ^= sel;
#ifndef NO_GENERIC
    int *q = sel == 0 ? (int *)(in + i) : sel == 1 ? (int *)(gvar + (i & 7))
           : sel == 2 ? (int *)(la + li) : sel == 3 ? (int *)(lv + li)
           : (int *)(priv + (i & 3));
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
#ifndef NO_GENERIC
    f = classify(q, &val);
#else
    f = sel <= 1 ? 1 : sel <= 3 ? 2 : 4;
#endif
    expect = sel == 0 ? in[i] : sel == 1 ? gvar[i & 7] : sel == 2 ? la[li]
           : sel == 3 ? lv[li] : priv[i & 3];
#ifdef NO_GENERIC
    val = expect;
#endif
    out[3 * i] = f;
    out[3 * i + 1] = val == expect;
    out[3 * i + 2] = la[(li + 1) % n] + lv[(li + n - 1) % n];
}
