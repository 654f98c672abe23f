// vloadn and vstoren (n = 2,3,4,8,16) on half vectors (cl_khr_fp16, so the
// module declares Float16): loads from global, constant, private and local
// memory, stores to global, private and local memory, at element-aligned
// but not vector-aligned addresses. PoCL 3.1 has no cl_khr_fp16: it runs
// the same moves on ushort (-DPOCL_REF), which give the same bytes.
//! kernel: vdata_vloadn_half
//! global: 16
//! arg: in half 704 randbits
//! arg: in half 704 randbits
//! arg: out half 2304
//! arg: local 2432
#ifdef POCL_REF
#define T ushort
#else
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define T half
#endif
//! pocl-options: -DPOCL_REF

#define PER 144

#define LOADSTORE(P, O)                                                        \
    vstore2(vload2(1, P), 0, O);       vstore3(vload3(1, P), 0, O + 2);        \
    vstore4(vload4(1, P), 1, O + 1);   vstore8(vload8(1, P), 0, O + 9);        \
    vstore16(vload16(1, P), 1, O + 1);

kernel void vdata_vloadn_half(global const T *in, constant T *cin, global T *out,
                              local T *lmem)
{
    uint i = get_global_id(0), l = get_local_id(0), k;
    global const T *g = in + i * 40;
    constant T *c = cin + i * 40;
    global T *o = out + i * PER;
    T priv[40], pv[36];
    local T *lb = lmem + l * 76, *lo = lb + 40;
    for (k = 0; k < 40; k++) {
        priv[k] = g[k];
        lb[k] = g[k];
    }
    for (k = 0; k < 36; k++)
        pv[k] = lo[k] = g[k ^ 1];
    LOADSTORE(g + 1, o + 1)
    LOADSTORE(c + 1, o + 36)
    LOADSTORE(priv + 1, pv + 1)
    LOADSTORE(lb + 1, lo + 1)
    for (k = 0; k < 36; k++) {
        o[72 + k] = pv[k];
        o[108 + k] = lo[k];
    }
}
