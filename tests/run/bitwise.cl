// Bitwise operators on all integer widths and on vectors: & | ^ ~, masks,
// lowest set bit, bit tricks with shifts, logical not and bool to int.
//! kernel: bitwise
//! global: 128
//! arg: in ulong 128 rand
//! arg: in ulong 128 edge
//! arg: out uchar 1024
//! arg: out ushort 1024
//! arg: out uint 1024
//! arg: out ulong 1024
//! arg: out uint4 256
#pragma OPENCL FP_CONTRACT OFF

kernel void bitwise(global const ulong *a, global const ulong *b,
                    global uchar *o8, global ushort *o16, global uint *o32,
                    global ulong *o64, global uint4 *ov)
{
    int i = get_global_id(0);
    ulong x = a[i], y = b[i];
    uchar x8 = (uchar)x, y8 = (uchar)y;
    short x16 = (short)x, y16 = (short)y;
    uint x32 = (uint)x, y32 = (uint)y;
    int s32 = (int)(x >> 32);

    o8[8 * i + 0] = x8 & y8;
    o8[8 * i + 1] = x8 | y8;
    o8[8 * i + 2] = x8 ^ y8;
    o8[8 * i + 3] = ~x8;
    o8[8 * i + 4] = x8 & -x8;
    o8[8 * i + 5] = (x8 >> 4) | (y8 << 4);
    o8[8 * i + 6] = !x8;
    o8[8 * i + 7] = (char)x8 >> 7;

    o16[8 * i + 0] = x16 & y16;
    o16[8 * i + 1] = x16 | y16;
    o16[8 * i + 2] = x16 ^ y16;
    o16[8 * i + 3] = ~x16;
    o16[8 * i + 4] = x16 & (x16 - 1);
    o16[8 * i + 5] = (ushort)x16 >> 3;
    o16[8 * i + 6] = x16 >> 3;
    o16[8 * i + 7] = (x16 != 0) | ((y16 < 0) << 1);

    o32[8 * i + 0] = x32 & y32;
    o32[8 * i + 1] = x32 | ~y32;
    o32[8 * i + 2] = x32 ^ (y32 >> 16);
    o32[8 * i + 3] = (x32 & 0xff00ff00u) >> 8 | (x32 & 0x00ff00ffu) << 8;
    o32[8 * i + 4] = x32 & (0u - x32);
    o32[8 * i + 5] = (uint)(s32 >> 20);
    o32[8 * i + 6] = (x32 | y32) & ~(x32 & y32);
    o32[8 * i + 7] = (uint)(!(x32 & 1)) << 31;

    o64[8 * i + 0] = x & y;
    o64[8 * i + 1] = x | y;
    o64[8 * i + 2] = x ^ y;
    o64[8 * i + 3] = ~x;
    o64[8 * i + 4] = x & (0ul - x);
    o64[8 * i + 5] = (ulong)((long)x >> 40);
    o64[8 * i + 6] = (x << 32) | (y >> 32);
    o64[8 * i + 7] = (ulong)(x != y) << 63 | (ulong)(x == 0);

    uint4 v = (uint4)(x32, y32, (uint)(x >> 32), (uint)(y >> 32));
    uint4 w = v.wzyx;
    ov[2 * i] = (v & w) | (~v & (uint4)(0x0f0f0f0fu));
    ov[2 * i + 1] = (v ^ w) >> (uint4)(1, 7, 31, 33); /* counts masked to 5 bits */
}
