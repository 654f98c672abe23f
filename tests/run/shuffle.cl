// shuffle and shuffle2 with constant masks and with masks read from memory
// (only the low log2(2n) bits of each mask lane are used).
//! kernel: shuffle_k
//! global: 64
//! arg: in float4 64 randf -10 10
//! arg: in int8 64 rand
//! arg: in uint8 64 randbits
//! arg: in uchar16 64 randbits
//! arg: out float4 192
//! arg: out int8 192
//! arg: out uchar16 64
#pragma OPENCL FP_CONTRACT OFF

kernel void shuffle_k(global const float4 *fa, global const int8 *ia,
                      global const uint8 *ma, global const uchar16 *ca,
                      global float4 *of, global int8 *oi, global uchar16 *oc)
{
    int i = get_global_id(0);
    float4 f = fa[i];
    int8 a = ia[i];
    uint8 m = ma[i];
    uchar16 c = ca[i];

    of[3 * i] = shuffle(f, (uint4)(3, 2, 1, 0));
    of[3 * i + 1] = shuffle(f, m.lo);                 /* low 2 bits used */
    of[3 * i + 2] = shuffle2(f, f * 2.0f, m.hi);      /* low 3 bits used */

    oi[3 * i] = shuffle2(a, a + 1, (uint8)(0, 8, 1, 9, 14, 6, 15, 7));
    oi[3 * i + 1] = shuffle2(a, -a, m);               /* low 4 bits used */
    oi[3 * i + 2] = (int8)(shuffle(a, (uint4)(7, 0, 5, 2)),
                           shuffle(a.lo, m.s0123));

    oc[i] = shuffle(c, c.sfedcba9876543210);          /* mask from data */
}
