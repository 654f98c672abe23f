// vloadn and vstoren (n = 2,3,4,8,16) for every gentype char .. double,
// loading from global, constant, private and local memory and storing to
// global, private and local memory, all at addresses that are
// element-aligned but not vector-aligned (p + 1 element). Data are random
// bytes (NaNs included), compared as bytes. Each work-item's __local
// scratch is 76 doubles' worth of bytes (at l * 76 elements of each type,
// the work-items' slots overlapped: a data race --checked reported).
//! kernel: vdata_vloadn
//! global: 16
//! arg: in uchar 5632 randbits
//! arg: in uchar 5632 randbits
//! arg: out uchar 184320
//! arg: local 9728
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define PER 144    /* elements a work-item writes for one type */

/* 34 elements at O: the vectors loaded at P + 1 + offset * n */
#define LOADSTORE(P, O)                                                        \
    vstore2(vload2(1, P), 0, O);       vstore3(vload3(1, P), 0, O + 2);        \
    vstore4(vload4(1, P), 1, O + 1);   vstore8(vload8(1, P), 0, O + 9);        \
    vstore16(vload16(1, P), 1, O + 1);

#define TYPE(T, K)                                                             \
    {                                                                          \
        global const T *g = (global const T *)in + i * 40;                     \
        constant T *c = (constant T *)cin + i * 40;                            \
        global T *o = (global T *)(out + K * 16 * PER * 8) + i * PER;          \
        T priv[40], pv[36];                                                    \
        local T *lb = (local T *)(lmem + l * 76 * 8), *lo = lb + 40;          \
        for (k = 0; k < 40; k++) {                                             \
            priv[k] = g[k];                                                    \
            lb[k] = g[k];                                                      \
        }                                                                      \
        for (k = 0; k < 36; k++)                                               \
            pv[k] = lo[k] = g[k ^ 1];                                          \
        LOADSTORE(g + 1, o + 1)                                                \
        LOADSTORE(c + 1, o + 36)                                               \
        LOADSTORE(priv + 1, pv + 1)                                            \
        LOADSTORE(lb + 1, lo + 1)                                              \
        for (k = 0; k < 36; k++) {                                             \
            o[72 + k] = pv[k];                                                 \
            o[108 + k] = lo[k];                                                \
        }                                                                      \
    }

kernel void vdata_vloadn(global const uchar *in, constant uchar *cin, global uchar *out,
                         local uchar *lmem)
{
    uint i = get_global_id(0), l = get_local_id(0), k;
    TYPE(char, 0) TYPE(uchar, 1) TYPE(short, 2) TYPE(ushort, 3) TYPE(int, 4)
    TYPE(uint, 5) TYPE(long, 6) TYPE(ulong, 7) TYPE(float, 8) TYPE(double, 9)
}
