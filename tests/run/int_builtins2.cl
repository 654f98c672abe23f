// Bit-counting integer built-ins clz, ctz (OpenCL C 2.0), popcount and
// rotate (count modulo the width, negative counts included) on every integer
// type, vector and scalar forms.
//! kernel: int_builtins2
//! std: CL2.0
//! global: 64
//! arg: in char16 128 edge
//! arg: in uchar16 128 edge
//! arg: in short8 128 edge
//! arg: in ushort8 128 edge
//! arg: in int4 128 edge
//! arg: in uint4 128 edge
//! arg: in long2 128 edge
//! arg: in ulong2 128 edge
//! arg: out char16 384
//! arg: out uchar16 384
//! arg: out short8 384
//! arg: out ushort8 384
//! arg: out int4 384
//! arg: out uint4 384
//! arg: out long2 384
//! arg: out ulong2 384
#pragma OPENCL FP_CONTRACT OFF

#define B2(VT, T, a, o) do {                                            \
        VT x = a[2 * i], y = a[2 * i + 1];                              \
        global VT *r = o + 6 * i;                                       \
        r[0] = clz(x);                                                  \
        r[1] = ctz(x);                                                  \
        r[2] = popcount(x);                                             \
        r[3] = rotate(x, y);                                            \
        r[4] = rotate(y, (VT)(3)) ^ rotate(x, (VT)(-1));                \
        T s = x.s1;                                                     \
        VT t = (VT)(0);                                                 \
        t.s0 = clz(s) + (T)(ctz(s) << 2);                               \
        t.s1 = rotate(s, y.s0) ^ popcount(s);                           \
        r[5] = t;                                                       \
    } while (0)

kernel void int_builtins2(global const char16 *c, global const uchar16 *uc,
                          global const short8 *s, global const ushort8 *us,
                          global const int4 *n, global const uint4 *un,
                          global const long2 *l, global const ulong2 *ul,
                          global char16 *oc, global uchar16 *ouc,
                          global short8 *os, global ushort8 *ous,
                          global int4 *on, global uint4 *oun,
                          global long2 *ol, global ulong2 *oul)
{
    int i = get_global_id(0);
    B2(char16, char, c, oc);
    B2(uchar16, uchar, uc, ouc);
    B2(short8, short, s, os);
    B2(ushort8, ushort, us, ous);
    B2(int4, int, n, on);
    B2(uint4, uint, un, oun);
    B2(long2, long, l, ol);
    B2(ulong2, ulong, ul, oul);
}
