// upsample (every width pair), mad24 and mul24 with operands in their
// 24-bit range, and integer min/max/clamp on scalars.
//! kernel: int_misc
//! global: 256
//! arg: in ulong 256 rand
//! arg: in ulong 256 edge
//! arg: out short 256
//! arg: out ushort 256
//! arg: out int 1024
//! arg: out uint 768
//! arg: out long 256
//! arg: out ulong 256
//! arg: out int4 256
#pragma OPENCL FP_CONTRACT OFF

kernel void int_misc(global const ulong *a, global const ulong *b,
                     global short *os, global ushort *ous, global int *oi,
                     global uint *oui, global long *ol, global ulong *oul,
                     global int4 *ov)
{
    int i = get_global_id(0);
    ulong x = a[i], y = b[i];

    os[i] = upsample((char)x, (uchar)y);
    ous[i] = upsample((uchar)(x >> 8), (uchar)(y >> 8));
    oi[4 * i] = upsample((short)(x >> 16), (ushort)(y >> 16));
    oui[3 * i] = upsample((ushort)(x >> 32), (ushort)y);
    ol[i] = upsample((int)(x >> 32), (uint)y);
    oul[i] = upsample((uint)x, (uint)(y >> 32));

    /* signed 24-bit operands; the products fit in 32 bits */
    int s24 = ((int)(x << 8)) >> 8;               /* [-2^23, 2^23) */
    int s8 = ((int)(y << 24)) >> 24;              /* [-128, 127] */
    uint u24 = (uint)(x >> 40) & 0xffffffu;
    uint u8 = (uint)y & 0xffu;
    oi[4 * i + 1] = mul24(s24, s8);
    oi[4 * i + 2] = mad24(s24, s8, (int)(short)y);
    oi[4 * i + 3] = clamp((int)y, -1000, 1000) + max((int)x, (int)y) - min((int)x, 7);
    oui[3 * i + 1] = mul24(u24, u8);
    oui[3 * i + 2] = mad24(u24, u8, (uint)(ushort)x);

    int4 v = (int4)(s24, s8, (int)(u24 >> 1), s8);
    ov[i] = mul24(v, (int4)(s8 & 0xff, 3, -2, s8)) +
            clamp(v, -100, 100);
}
