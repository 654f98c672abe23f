// OpenCL C 2.0 to_global, to_local, to_private (OpGenericCastToPtrExplicit):
// each returns its argument when the generic pointer points into that
// address space and NULL otherwise (OpenCL C 2.0 s6.5.5). Generic pointers
// into a global buffer, a program-scope global variable, a __local argument,
// a kernel-scope __local array, a private array, and a private array of the
// caller (through a non-inlined helper), in all nine cast/space pairs.
// Serial and threaded executors; to_addrspace_barrier.cl and
// to_addrspace_callee.cl keep the pointers across a barrier.
// PoCL 3.1 has no generic address space (nor to_*), so it gets NO_GENERIC
// and computes the specification's answer from the known space; the SPIR-V
// variants run the casts.
//! kernel: to_addrspace
//! std: CL2.0
//! pocl-options: -DNO_GENERIC
//! global: 96
//! local: 16
//! arg: in int 96 rand
//! arg: local 64
//! arg: out int 288

global int gvar[8] = { 11, 12, 13, 14, 15, 16, 17, 18 };

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

__attribute__((noinline)) int from_caller(int sel, int v)
{
    int mine[2] = { v, -v };
#ifndef NO_GENERIC
    int val, f = classify(sel ? mine + 1 : mine, &val);
    return f * 1000 + (val == (sel ? -v : v));
#else
    return 4 * 1000 + 1;
#endif
}

kernel void to_addrspace(global const int *in, local int *la, global int *out)
{
    local int lv[16];
    int i = get_global_id(0), li = get_local_id(0);
    int priv[4] = { in[i], in[i] + 1, in[i] + 2, in[i] + 3 };
    int f, val, expect;
    la[li] = in[i] ^ 0x55;
    lv[li] = in[i] ^ 0x77;
    int sel = i % 6;
#ifndef NO_GENERIC
    int *q = sel == 0 ? (int *)(in + i) : sel == 1 ? (int *)(gvar + (i & 7))
           : sel == 2 ? (int *)(la + li) : sel == 3 ? (int *)(lv + li)
           : (int *)(priv + (i & 3));
    f = sel == 5 ? 0 : classify(q, &val);
#else
    f = sel <= 1 ? 1 : sel <= 3 ? 2 : 4;
#endif
    expect = sel == 0 ? in[i] : sel == 1 ? gvar[i & 7] : sel == 2 ? la[li]
           : sel == 3 ? lv[li] : priv[i & 3];
#ifdef NO_GENERIC
    val = expect;
#endif
    out[3 * i] = sel == 5 ? 0 : f;
    out[3 * i + 1] = sel == 5 ? 0 : val == expect;
    out[3 * i + 2] = from_caller(i & 1, in[i]);
}
