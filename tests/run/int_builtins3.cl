// Integer built-ins mul_hi, mad_hi, mad_sat, min, max, clamp (vector-vector
// and vector-scalar forms) on every integer type.
//! kernel: int_builtins3
//! global: 64
//! arg: in char16 192 edge
//! arg: in uchar16 192 edge
//! arg: in short8 192 edge
//! arg: in ushort8 192 edge
//! arg: in int4 192 edge
//! arg: in uint4 192 edge
//! arg: in long2 192 edge
//! arg: in ulong2 192 edge
//! arg: out char16 512
//! arg: out uchar16 512
//! arg: out short8 512
//! arg: out ushort8 512
//! arg: out int4 512
//! arg: out uint4 512
//! arg: out long2 512
//! arg: out ulong2 512
#pragma OPENCL FP_CONTRACT OFF

#define B3(VT, T, a, o) do {                                            \
        VT x = a[3 * i], y = a[3 * i + 1], z = a[3 * i + 2];            \
        global VT *r = o + 8 * i;                                       \
        VT lo = min(y, z), hi = max(y, z);                              \
        T sl = min(y.s0, z.s0), sh = max(y.s0, z.s0);                   \
        r[0] = mul_hi(x, y);                                            \
        r[1] = mad_hi(x, y, z);                                         \
        r[2] = mad_sat(x, y, z);                                        \
        r[3] = lo ^ hi;                                                 \
        r[4] = clamp(x, lo, hi);                                        \
        r[5] = clamp(x, sl, sh);                                        \
        r[6] = min(x, z.s1) ^ max(x, y.s1);                             \
        VT t = (VT)(0);                                                 \
        t.s0 = mul_hi(x.s0, y.s0);                                      \
        t.s1 = mad_sat(x.s1, y.s1, z.s1);                               \
        r[7] = t;                                                       \
    } while (0)

kernel void int_builtins3(global const char16 *c, global const uchar16 *uc,
                          global const short8 *s, global const ushort8 *us,
                          global const int4 *n, global const uint4 *un,
                          global const long2 *l, global const ulong2 *ul,
                          global char16 *oc, global uchar16 *ouc,
                          global short8 *os, global ushort8 *ous,
                          global int4 *on, global uint4 *oun,
                          global long2 *ol, global ulong2 *oul)
{
    int i = get_global_id(0);
    B3(char16, char, c, oc);
    B3(uchar16, uchar, uc, ouc);
    B3(short8, short, s, os);
    B3(ushort8, ushort, us, ous);
    B3(int4, int, n, on);
    B3(uint4, uint, un, oun);
    B3(long2, long, l, ol);
    B3(ulong2, ulong, ul, oul);
}
