// vstore_half, vstore_halfn (n = 2,3,4,8,16) and their _rte/_rtz/_rtp/_rtn
// forms from double (SRC_DOUBLE: global, local and private pointers) and from
// float (SRC_FLOAT: local and private; global is vdata_store_half_f32) that are
// element-aligned but not vector-aligned (p + 1 or + 3 halves). The values
// are built from random words to hit every rounding case: exact halves,
// midpoints and just either side of them, values within a float's precision
// of a midpoint (double rounding bait), subnormal halves, overflow,
// tiny values, infinities and NaNs. (One kernel for float and double,
// or for float through global and private pointers, crashes PoCL 3.1: it
// stores to a misaligned stack slot with an aligned move.)
//! kernel: vdata_store_half
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

kernel void vdata_store_half(global const uint *in, global half *out, local ushort *lbuf)
{
    /* the fill comes from the input: a constant fill becomes a copy from a
       constant array that spv2c rejects at -O2 (an OpVariable missing from
       the entry point interface) */
    ushort priv[PER], fill = (ushort)in[2047];
    uint i = get_global_id(0), l = get_local_id(0), k;
#define R(k) in[(i * 16 + k) % 2048]
#define Q(k) in[(i * 16 + k + 1000) % 2048]
#ifdef SRC_DOUBLE
#define X(k) mkd(Q(k) ^ R(k), R(k), Q(k) * 2654435761u)
    double16 x;
#define GSKIP (64 * PER)   /* the global stores' region comes first */
#else
#define X(k) mkf(R(k), Q(k))
    float16 x;
#define GSKIP 0
#endif
    x.s0 = X(0); x.s1 = X(1); x.s2 = X(2); x.s3 = X(3); x.s4 = X(4); x.s5 = X(5);
    x.s6 = X(6); x.s7 = X(7); x.s8 = X(8); x.s9 = X(9); x.sa = X(10); x.sb = X(11);
    x.sc = X(12); x.sd = X(13); x.se = X(14); x.sf = X(15);
#ifdef SRC_DOUBLE
    /* global: the region of this work-item, plus one half */
    global half *g = out + i * PER + 1;
    STORES(g, x)
#endif
    /* private, then copied out */
    for (k = 0; k < PER; k++)
        priv[k] = fill;
    half *p = (half *)priv + 1;
#ifdef SRC_DOUBLE
    double16 y = x.sfedcba9876543210;
#else
    float16 y = x.sfedcba9876543210;
#endif
    STORES(p, y)
    global ushort *o = (global ushort *)out + GSKIP + i * PER;
    for (k = 0; k < PER; k++)
        o[k] = priv[k];
    /* local: a region of this work-item only (no barrier needed) */
    if (l < 64) {
        for (k = 0; k < 120; k++)
            lbuf[l * 120 + k] = fill;
        local half *lp = (local half *)(lbuf + l * 120) + 3;
        vstore_half16_rtz(x, 0, lp);
        vstore_half8_rtp(x.lo, 2, lp);
        vstore_half3_rtn(x.s123, 11, lp);
        vstore_half_rtp(x.s7, 70, lp);
        vstore_half4(x.s5678, 20, lp);
        vstore_half2_rte(x.s23, 50, lp);
        vstore_half(x.s9, 100, lp);
        vstore_half_rtn(x.sa, 101, lp);
        vstore_half_rtz(x.sb, 102, lp);
        vstore_half_rte(x.sc, 103, lp);
        global ushort *lo = (global ushort *)out + GSKIP + 64 * PER + i * 120;
        for (k = 0; k < 120; k++)
            lo[k] = lbuf[l * 120 + k];
    }
}
