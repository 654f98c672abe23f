// Integer built-ins abs, abs_diff, add_sat, sub_sat, hadd, rhadd on every
// integer type, as 16-byte vectors (lane-wise) and as scalars; the first
// lanes of each input hold edge values (0, +-1, MIN, MAX...).
//! kernel: int_builtins1
//! global: 64
//! arg: in char16 128 edge
//! arg: in uchar16 128 edge
//! arg: in short8 128 edge
//! arg: in ushort8 128 edge
//! arg: in int4 128 edge
//! arg: in uint4 128 edge
//! arg: in long2 128 edge
//! arg: in ulong2 128 edge
//! arg: out char16 512
//! arg: out uchar16 512
//! arg: out short8 512
//! arg: out ushort8 512
//! arg: out int4 512
//! arg: out uint4 512
//! arg: out long2 512
//! arg: out ulong2 512
#pragma OPENCL FP_CONTRACT OFF

#define B1(VT, T, a, o) do {                                            \
        VT x = a[2 * i], y = a[2 * i + 1];                              \
        global VT *r = o + 8 * i;                                       \
        r[0] = as_##VT(abs(x));                                         \
        r[1] = as_##VT(abs_diff(x, y));                                 \
        r[2] = add_sat(x, y);                                           \
        r[3] = sub_sat(x, y);                                           \
        r[4] = hadd(x, y);                                              \
        r[5] = rhadd(x, y);                                             \
        r[6] = sub_sat(y, x);                                           \
        T s0 = x.s0, s1 = y.s1;                                         \
        VT t = (VT)(0);                                                 \
        t.s0 = add_sat(s0, s1);                                         \
        t.s1 = (T)(sub_sat(s0, s1) ^ hadd(s0, s1) ^ rhadd(s0, s1) ^     \
                   (T)abs(s0) ^ (T)abs_diff(s0, s1));                   \
        r[7] = t;                                                       \
    } while (0)

kernel void int_builtins1(global const char16 *c, global const uchar16 *uc,
                          global const short8 *s, global const ushort8 *us,
                          global const int4 *n, global const uint4 *un,
                          global const long2 *l, global const ulong2 *ul,
                          global char16 *oc, global uchar16 *ouc,
                          global short8 *os, global ushort8 *ous,
                          global int4 *on, global uint4 *oun,
                          global long2 *ol, global ulong2 *oul)
{
    int i = get_global_id(0);
    B1(char16, char, c, oc);
    B1(uchar16, uchar, uc, ouc);
    B1(short8, short, s, os);
    B1(ushort8, ushort, us, ous);
    B1(int4, int, n, on);
    B1(uint4, uint, un, oun);
    B1(long2, long, l, ol);
    B1(ulong2, ulong, ul, oul);
}
