// The vector data family through OpenCL C 2.0 generic pointers: helpers
// with unqualified pointer parameters, called with global, local and
// private pointers; unaligned (p + 1) for the unaligned forms.
// PoCL 3.1 disables the generic address space, and in CL2.0 mode it has no
// vector data functions for named address spaces either; so it gets
// NO_GENERIC: the helpers' bodies as macros over reference conversions in
// integer arithmetic below (exact, written for this test; the conversions
// themselves are checked against PoCL's in the other vdata tests).
//! kernel: vdata_generic
//! std: CL2.0
//! pocl-options: -DNO_GENERIC
//! global: 32
//! arg: in half 2048 randbits
//! arg: in float 1024 randf -70000 70000
//! arg: out float 3072
//! arg: out half 6144
//! arg: local 6144

#ifdef NO_GENERIC
/* reference conversions for PoCL, which cannot run this file's builtins */
float h2f(ushort h)
{
    uint s = (uint)(h & 0x8000) << 16, em = h & 0x7fff;
    if (em >= 0x7c00)
        return as_float(s | 0x7f800000 | (em & 0x3ff) << 13 | (em > 0x7c00 ? 0x400000 : 0));
    if (em < 0x400)
        return as_float(s | as_uint((float)em / 16777216.0f));
    return as_float(s | ((em + 0x1c000) << 13));
}

/* mode 0 rte, 1 rtz, 2 rtp, 3 rtn */
ushort f2h(float f, int mode)
{
    uint x = as_uint(f), a = x & 0x7fffffff, sign = (x >> 16) & 0x8000, q, r, sh, e;
    int away = (mode == 2 && !sign) || (mode == 3 && sign);
    if (a > 0x7f800000)
        return sign | 0x7e00 | ((a >> 13) & 0x3ff);
    if (a >= 0x47800000)
        return sign | (a == 0x7f800000 || mode == 0 || away ? 0x7c00 : 0x7bff);
    e = a >> 23;
    if (e == 0)
        return sign | (away && a ? 1 : 0);
    /* a = mant * 2^(e - 150); the half's unit is 2^-24 below 2^-14 */
    sh = e >= 113 ? 13 : 126 - e;
    if (sh > 31)
        return sign | (away ? 1 : 0);
    uint mant = (a & 0x7fffff) | 0x800000;
    q = mant >> sh;
    r = mant - (q << sh);
    if (r) {
        uint half_ = 1u << (sh - 1);
        if (mode == 0 ? (r > half_ || (r == half_ && (q & 1))) : away)
            q++;
    }
    return sign | ((e >= 113 ? (e - 113) << 10 : 0) + q);
}

#undef vload_half
#define vload_half(o, p) h2f((p)[o])
#define VLOADH(N, T, o, p, a) ({ T v_; for (int k_ = 0; k_ < N; k_++) \
        ((float *)&v_)[k_] = h2f((p)[(o) * a + k_]); v_; })
#undef vload_half3
#define vload_half3(o, p) VLOADH(3, float3, o, p, 3)
#undef vloada_half4
#define vloada_half4(o, p) VLOADH(4, float4, o, p, 4)
#undef vload_half8
#define vload_half8(o, p) VLOADH(8, float8, o, p, 8)
#undef vloada_half16
#define vloada_half16(o, p) VLOADH(16, float16, o, p, 16)
#define VSTOREH(N, a, m, v, o, p) do { __typeof__(v) v_ = (v); \
        for (int k_ = 0; k_ < N; k_++) \
            (p)[(o) * a + k_] = f2h(((float *)&v_)[k_], m); } while (0)
#undef vstore_half
#define vstore_half(v, o, p) VSTOREH(1, 1, 0, v, o, p)
#undef vstore_half_rtp
#define vstore_half_rtp(v, o, p) VSTOREH(1, 1, 2, v, o, p)
#undef vstore_half2_rtn
#define vstore_half2_rtn(v, o, p) VSTOREH(2, 2, 3, v, o, p)
#undef vstore_half3
#define vstore_half3(v, o, p) VSTOREH(3, 3, 0, v, o, p)
#undef vstore_half4_rtz
#define vstore_half4_rtz(v, o, p) VSTOREH(4, 4, 1, v, o, p)
#undef vstore_half8_rtz
#define vstore_half8_rtz(v, o, p) VSTOREH(8, 8, 1, v, o, p)
#undef vstorea_half3_rtp
#define vstorea_half3_rtp(v, o, p) VSTOREH(3, 4, 2, v, o, p)
#undef vstorea_half4_rtn
#define vstorea_half4_rtn(v, o, p) VSTOREH(4, 4, 3, v, o, p)
#undef vstorea_half8
#define vstorea_half8(v, o, p) VSTOREH(8, 8, 0, v, o, p)
#undef vstorea_half16_rtz
#define vstorea_half16_rtz(v, o, p) VSTOREH(16, 16, 1, v, o, p)
#undef vload16
#define vload16(o, p) ({ float16 v_; for (int k_ = 0; k_ < 16; k_++) \
        ((float *)&v_)[k_] = (p)[(o) * 16 + k_]; v_; })
#undef vload4
#define vload4(o, p) ({ float4 v_; for (int k_ = 0; k_ < 4; k_++) \
        ((float *)&v_)[k_] = (p)[(o) * 4 + k_]; v_; })
#undef vstore
#define vstore(N, v, o, p) do { __typeof__(v) v_ = (v); for (int k_ = 0; k_ < N; k_++) \
        (p)[(o) * N + k_] = ((float *)&v_)[k_]; } while (0)
#undef vstore3
#define vstore3(v, o, p) vstore(3, v, o, p)
#undef vstore4
#define vstore4(v, o, p) vstore(4, v, o, p)
#undef vstore8
#define vstore8(v, o, p) vstore(8, v, o, p)
#undef vstore16
#define vstore16(v, o, p) vstore(16, v, o, p)
#endif

/* 32 floats from the halves at h (h + 1 and h + 16 used) */
#define LOAD_BODY {                                                            \
    o[0] = vload_half(1, h);                                                   \
    vstore3(vload_half3(0, h + 1), 0, o + 1);                                  \
    vstore4(vloada_half4(2, h + 16), 0, o + 4);                                \
    vstore8(vload_half8(1, h + 1), 0, o + 8);                                  \
    vstore16(vloada_half16(0, h + 16), 0, o + 16);                             \
}
/* 64 halves at h (h + 1 and h + 32 used) from the floats at f */
#define STORE_BODY {                                                           \
    float16 x = vload16(0, f + 1);                                             \
    vstore_half(x.s0, 0, h);        vstore_half_rtp(x.s1, 1, h);               \
    vstore_half2_rtn(x.s23, 1, h + 1);                                         \
    vstore_half3(x.s456, 2, h + 1); vstore_half4_rtz(x.s789a, 2, h + 1);      \
    vstore_half8_rtz(x.lo * 1.0001f, 2, h + 1);                                \
    vstorea_half3_rtp(x.sbcd, 0, h + 32);                                      \
    vstorea_half4_rtn(x.hi.lo, 1, h + 32);                                     \
    vstorea_half8(x.hi / 3.0f, 1, h + 32);                                     \
    vstorea_half16_rtz(x, 1, h + 32);                                          \
    vstore4(vload4(0, f + 3) * 2.0f, 0, f + 20);                               \
}

#ifndef NO_GENERIC
__attribute__((noinline)) void loads(const half *h, float *o) LOAD_BODY
__attribute__((noinline)) void stores(half *h, float *f) STORE_BODY
#define HP(AS, p) ((AS half *)(p))
#else
#define loads(H, O) do { __typeof__(&(H)[0]) h = &(H)[0]; __typeof__(&(O)[0]) o = &(O)[0]; LOAD_BODY } while (0)
#define stores(H, F) do { __typeof__(&(H)[0]) h = &(H)[0]; __typeof__(&(F)[0]) f = &(F)[0]; STORE_BODY } while (0)
#define HP(AS, p) ((AS ushort *)(p))
#endif

kernel void vdata_generic(global const half *in, global const float *fin,
                          global float *out, global half *hout, local ushort *lbuf)
{
    uint i = get_global_id(0), l = get_local_id(0), k;
    /* one private array (two trip llvm-spirv's variable order at -O2) */
    float pmem[64] __attribute__((aligned(32)));
    ushort *priv = (ushort *)pmem;
    float *pf = pmem + 32;
    global const ushort *src = (global const ushort *)in + i * 64;
    global ushort *hu = (global ushort *)hout + i * 192;
    global float *fo = out + i * 96 + 64;

    loads(HP(global const, in + i * 64), out + i * 96);
    for (k = 0; k < 64; k++) {
        priv[k] = src[k];
        lbuf[l * 96 + k] = src[k ^ 3];
    }
    loads(HP(private, priv), out + i * 96 + 32);
    loads(HP(local, lbuf + l * 96), fo);

    for (k = 0; k < 32; k++)
        fo[k] = fin[i * 32 + k];
    stores(HP(global, hu), fo);
    for (k = 0; k < 32; k++)
        pf[k] = fin[(i * 32 + k + 7) % 1024];
    for (k = 0; k < 64; k++)
        priv[k] = lbuf[l * 96 + k] = src[63];   /* not a constant: see vdata_store_half */
    stores(HP(private, priv), pf);
    stores(HP(local, lbuf + l * 96), pf);
    for (k = 0; k < 64; k++) {
        hu[64 + k] = priv[k];
        hu[128 + k] = lbuf[l * 96 + k];
    }
}
