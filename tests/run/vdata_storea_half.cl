// vstorea_halfn and vstorea_halfn_rte/_rtz/_rtp/_rtn (n = 2,3,4,8,16) from
// float and (SRC_DOUBLE) from double, through global, private and local
// pointers aligned to the vector
// (vstorea_half3: p + offset * 4). spv2c leaves the fourth half of a
// vstorea_half3 (padding) untouched, PoCL 3.1 writes zero there: the
// kernel refills those slots before the buffers are compared, and
// tests/checked/ checks that spv2c leaves them alone. Values as in
// vdata_store_half.
//! kernel: vdata_storea_half
//! defines: -DSRC_FLOAT | -DSRC_DOUBLE
//! global: 64
//! arg: in uint 2048 randbits
//! arg: out half 30720
//! nan: 1 float/double -> half of a NaN: spv2c keeps sign and top payload bits (IEEE 754 s6.2.3, F16C, AArch64 FCVT), PoCL 3.1 writes sign|0x7fff (docs/testing.md, NaN policy)
//! arg: local 15360
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

#define PER 176   /* 5 modes x (2 + 4 + 4 + 8 + 16) + padding: 11 x 32 bytes */

#define STORES(P, X)                                                           \
    vstorea_half2(X.s01, 0, P);       vstorea_half2_rte(X.s23, 1, P);          \
    vstorea_half2_rtz(X.s45, 2, P);   vstorea_half2_rtp(X.s67, 3, P);          \
    vstorea_half2_rtn(X.s89, 4, P);                                            \
    vstorea_half3(X.s012, 3, P);      vstorea_half3_rte(X.s345, 4, P);         \
    vstorea_half3_rtz(X.s678, 5, P);  vstorea_half3_rtp(X.s9ab, 6, P);         \
    vstorea_half3_rtn(X.scde, 7, P);                                           \
    vstorea_half4(X.lo.lo, 8, P);     vstorea_half4_rte(X.lo.hi, 9, P);        \
    vstorea_half4_rtz(X.hi.lo, 10, P); vstorea_half4_rtp(X.hi.hi, 11, P);      \
    vstorea_half4_rtn(X.s3456, 12, P);                                         \
    vstorea_half8(X.lo, 7, P);        vstorea_half8_rte(X.hi, 8, P);           \
    vstorea_half8_rtz(X.odd, 9, P);   vstorea_half8_rtp(X.even, 10, P);        \
    vstorea_half8_rtn(X.s3456789a, 11, P);                                     \
    vstorea_half16(X, 6, P);          vstorea_half16_rte(X.sfedcba9876543210, 7, P); \
    vstorea_half16_rtz(X, 8, P);      vstorea_half16_rtp(X, 9, P);             \
    vstorea_half16_rtn(X, 10, P);

/* the padding halves of the vstorea_half3 above */
#define PAD3(U) U[15] = U[19] = U[23] = U[27] = U[31] = fill;

kernel void vdata_storea_half(global const uint *in, global half *out, local ushort *lbuf)
{
    /* fill from the input: see vdata_store_half */
    ushort priv[PER] __attribute__((aligned(32))), fill = (ushort)in[2047];
    uint i = get_global_id(0), l = get_local_id(0), k;
#define R(k) in[(i * 16 + k) % 2048]
#define Q(k) in[(i * 16 + k + 1000) % 2048]
#ifdef SRC_DOUBLE
#define X(k) mkd(Q(k) ^ R(k), R(k), Q(k) * 2654435761u)
    double16 x;
#else
#define X(k) mkf(R(k), Q(k))
    float16 x;
#endif
    x.s0 = X(0); x.s1 = X(1); x.s2 = X(2); x.s3 = X(3); x.s4 = X(4); x.s5 = X(5);
    x.s6 = X(6); x.s7 = X(7); x.s8 = X(8); x.s9 = X(9); x.sa = X(10); x.sb = X(11);
    x.sc = X(12); x.sd = X(13); x.se = X(14); x.sf = X(15);
    /* global: this work-item's region, filled first */
    global ushort *gu = (global ushort *)out + i * PER;
    for (k = 0; k < PER; k++)
        gu[k] = fill;
    STORES(((global half *)gu), x)
    PAD3(gu)
    /* private, then copied out */
    for (k = 0; k < PER; k++)
        priv[k] = fill;
#ifdef SRC_DOUBLE
    double16 y = x.sfedcba9876543210;
#else
    float16 y = x.sfedcba9876543210;
#endif
    STORES(((half *)priv), y)
    PAD3(priv)
    global ushort *o = (global ushort *)out + (64 + i) * PER;
    for (k = 0; k < PER; k++)
        o[k] = priv[k];
    /* local: a region of this work-item only (no barrier needed) */
    if (l < 64) {
        local ushort *lu = lbuf + l * 112;
        for (k = 0; k < 112; k++)
            lu[k] = fill;
        local half *lp = (local half *)lu;
        vstorea_half16_rtz(x, 0, lp);
        vstorea_half8_rtp(x.lo, 2, lp);
        vstorea_half3_rtn(x.s123, 9, lp);
        vstorea_half4(x.s5678, 10, lp);
        vstorea_half2_rte(x.s23, 22, lp);
        vstorea_half3(x.s9ab, 12, lp);
        vstorea_half2_rtz(x.sab, 48, lp);
        vstorea_half4_rtp(x.scdef, 26, lp);
        lu[39] = lu[51] = fill;
        global ushort *lo = (global ushort *)out + 128 * PER + i * 112;
        for (k = 0; k < 112; k++)
            lo[k] = lu[k];
    }
}
