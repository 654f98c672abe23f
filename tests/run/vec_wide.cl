// 8- and 16-lane vectors: literals from smaller vectors, .lo/.hi/.even/
// .odd, .s89abcdef style swizzles, lane-wise arithmetic, vector conversions
// (convert_float8, convert_uchar16_sat), vector shifts masked per lane width.
//! kernel: vec_wide
//! global: 64
//! arg: in int8 64 rand
//! arg: in short16 64 rand
//! arg: in float8 64 randf -1000 1000
//! arg: out int8 128
//! arg: out float8 128
//! arg: out uchar16 128
//! arg: out short16 64
#pragma OPENCL FP_CONTRACT OFF

kernel void vec_wide(global const int8 *ia, global const short16 *sa,
                     global const float8 *fa, global int8 *oi,
                     global float8 *of, global uchar16 *oc,
                     global short16 *os)
{
    int i = get_global_id(0);
    int8 a = ia[i];
    short16 s = sa[i];
    float8 f = fa[i];

    oi[2 * i] = (a >> (int8)(0, 1, 7, 31, 32, 33, 63, -1)) + a.s76543210;
    oi[2 * i + 1] = (int8)(a.lo, a.hi.wzyx) ^ (int8)(a.even, a.odd);

    of[2 * i] = convert_float8(a) * 0.5f + f;
    float4 lo = f.lo, hi = f.hi;
    of[2 * i + 1] = (float8)(lo * hi, lo - hi);

    oc[2 * i] = convert_uchar16_sat(s);
    uchar16 c = as_uchar16(s.lo);
    c.s89abcdef = c.s01234567 + (uchar8)(1);
    c.sF = (uchar)i;
    oc[2 * i + 1] = c << (uchar16)(9);       /* count masked to 3 bits */

    short16 t = s;
    t.even = s.odd * (short8)(3);
    t.sA = -t.sB;
    os[i] = (t + s.sFEDCBA9876543210) >> (short16)(17); /* count & 15 */
}
