// vstore_half, vstore_halfn (n = 2,3,4,8,16) and their _rte/_rtz/_rtp/_rtn
// forms from float, through global, local and private pointers that are
// element-aligned but not vector-aligned (p + 1 or + 3 halves). The values
// are built from random words to hit every rounding case: exact halves,
// midpoints and just either side of them, subnormal halves, overflow,
// tiny values, infinities and NaNs. (One kernel for float and double,
// or for global and private pointers, crashes PoCL 3.1.)
//! kernel: vdata_store_half_f32
//! global: 64
//! arg: in uint 2048 randbits
//! arg: out half 11520
//! nan: 1 float/double -> half of a NaN: spv2c keeps sign and top payload bits (IEEE 754 s6.2.3, F16C, AArch64 FCVT), PoCL 3.1 writes sign|0x7fff (docs/testing.md, NaN policy)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// a float from two random words: any bits, or an exponent in the half
// range with the bits below the half's last place near a midpoint or a
// half value (-1 .. +2 units of the float)
float mkf(uint r, uint q)
{
    uint e = 100 + (q >> 9) % 46, m = r & 0x7fffff;
    uint s = e >= 113 ? 13 : min(126 - e, 24u), low = (1u << s) - 1, h = 1u << (s - 1);
    if ((q & 7) == 0)
        return as_float(r);
    if (q & 8)
        m = (m & ~low) | ((((q & 16) ? h : 0) + ((q >> 5) & 3) - 1) & low);
    return as_float((q & 0x80000000u) | (e << 23) | (m & 0x7fffff));
}

// a double the same way (42 or more bits below the half's place), the
// distance to the midpoint or half also below a float's precision: double
// rounding bait
double mkd(uint r, uint q, uint r2)
{
    ulong e = 996 + (q >> 9) % 46, m = ((ulong)(r & 0xfffff) << 32) | r2;
    ulong s = e >= 1009 ? 42 : min(1051 - e, 53ul), low = ((ulong)1 << s) - 1, h = (ulong)1 << (s - 1);
    if ((q & 7) == 0)
        return as_double(((ulong)r << 32) | r2);
    if (q & 8) {
        ulong d = (q & 128) ? (r2 & 0x3fff) : ((q >> 5) & 3), base = (q & 16) ? h : 0;
        m = (m & ~low) | (((q & 256) ? base - d : base + d) & low);
    }
    return as_double(((ulong)(q & 0x80000000u) << 32) | (e << 52) | (m & 0xfffffffffffffUL));
}

#define PER 180   /* halves a work-item writes: 5 + 5 x 33, + padding */

#define STORES(P, X)                                                           \
    vstore_half(X.s0, 0, P);        vstore_half_rte(X.s1, 1, P);               \
    vstore_half_rtz(X.s2, 2, P);    vstore_half_rtp(X.s3, 3, P);               \
    vstore_half_rtn(X.s4, 4, P);                                               \
    vstore_half2(X.s01, 0, P + 5);  vstore_half2_rte(X.s23, 1, P + 5);         \
    vstore_half2_rtz(X.s45, 2, P + 5); vstore_half2_rtp(X.s67, 3, P + 5);      \
    vstore_half2_rtn(X.s89, 4, P + 5);                                         \
    vstore_half3(X.s012, 0, P + 15); vstore_half3_rte(X.s345, 1, P + 15);      \
    vstore_half3_rtz(X.s678, 2, P + 15); vstore_half3_rtp(X.s9ab, 3, P + 15);  \
    vstore_half3_rtn(X.scde, 4, P + 15);                                       \
    vstore_half4(X.lo.lo, 0, P + 30); vstore_half4_rte(X.lo.hi, 1, P + 30);    \
    vstore_half4_rtz(X.hi.lo, 2, P + 30); vstore_half4_rtp(X.hi.hi, 3, P + 30);\
    vstore_half4_rtn(X.s3456, 4, P + 30);                                      \
    vstore_half8(X.lo, 0, P + 50);  vstore_half8_rte(X.hi, 1, P + 50);         \
    vstore_half8_rtz(X.odd, 2, P + 50); vstore_half8_rtp(X.even, 3, P + 50);   \
    vstore_half8_rtn(X.s3456789a, 4, P + 50);                                  \
    vstore_half16(X, 0, P + 90);    vstore_half16_rte(X.sfedcba9876543210, 1, P + 90); \
    vstore_half16_rtz(X, 2, P + 90); vstore_half16_rtp(X, 3, P + 90);          \
    vstore_half16_rtn(X, 4, P + 90);

kernel void vdata_store_half_f32(global const uint *in, global half *out)
{
    uint i = get_global_id(0);
#define R(k) in[(i * 16 + k) % 2048]
#define Q(k) in[(i * 16 + k + 1000) % 2048]
#define X(k) mkf(R(k), Q(k))
    float16 x = (float16)(X(0), X(1), X(2), X(3), X(4), X(5), X(6), X(7), X(8), X(9), X(10),
                       X(11), X(12), X(13), X(14), X(15));
    /* global: the region of this work-item, plus one half */
    global half *g = out + i * PER + 1;
    STORES(g, x)
}
