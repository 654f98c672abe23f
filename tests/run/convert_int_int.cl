// integer <-> integer conversions: truncation, sign and zero extension,
// and convert_T_sat between every pair of widths and signedness, on scalars
// and vectors.
//! kernel: convert_int_int
//! global: 192
//! arg: in long 192 edge
//! arg: in ulong 192 rand
//! arg: out char 1536
//! arg: out uchar 1536
//! arg: out short 1536
//! arg: out ushort 1536
//! arg: out int 1536
//! arg: out uint 1536
//! arg: out long 1536
//! arg: out ulong 1536
//! arg: out short4 192
#pragma OPENCL FP_CONTRACT OFF

#define CONV(T, o) do {                                                 \
        o[0] = (T)l;                o[1] = convert_##T(m);              \
        o[2] = convert_##T##_sat(l); o[3] = convert_##T##_sat(m);       \
        o[4] = convert_##T##_sat(i32); o[5] = convert_##T##_sat(u32);   \
        o[6] = convert_##T##_sat(s16); o[7] = convert_##T##_sat(c8);    \
    } while (0)

kernel void convert_int_int(global const long *a, global const ulong *b,
                            global char *oc, global uchar *ouc,
                            global short *os, global ushort *ous,
                            global int *oi, global uint *oui,
                            global long *ol, global ulong *oul,
                            global short4 *ov)
{
    int i = get_global_id(0);
    long l = a[i];
    ulong m = b[i];
    int i32 = (int)(l >> (i & 31));
    uint u32 = (uint)(m >> (i & 31));
    short s16 = (short)(l ^ (long)m);
    char c8 = (char)(m >> 56);

    CONV(char, (oc + 8 * i));
    CONV(uchar, (ouc + 8 * i));
    CONV(short, (os + 8 * i));
    CONV(ushort, (ous + 8 * i));
    CONV(int, (oi + 8 * i));
    CONV(uint, (oui + 8 * i));
    CONV(long, (ol + 8 * i));
    CONV(ulong, (oul + 8 * i));

    int4 v = (int4)(i32, (int)u32, s16, c8);
    ov[i] = convert_short4_sat(v) + convert_short4(convert_uchar4_sat(v));
}
