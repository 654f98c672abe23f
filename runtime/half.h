/* spv2c runtime part: half (needs: base) */
/*
 * IEEE binary16 ("half") held as uint16_t bits. Conversions are bit exact
 * in all four rounding modes, with subnormals, overflow to infinity or to
 * the largest finite value by mode and sign, and NaN kept quiet with its
 * sign and the top of its payload. double -> half rounds once, directly
 * from the double. Integer -> half clamps first (every integer beyond
 * +-2^17 rounds like 2^17 does), then rounds an exact float.
 *
 * Modes: 0 RTE, 1 RTZ, 2 RTP, 3 RTN (constants, folded after inlining).
 */

SPV2C_INLINE float spv2c_conv_f32_f16(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1f)              /* inf, or NaN made quiet */
        return spv2c_bits_f32(sign | 0x7f800000u | (m ? 0x400000u | (m << 13) : 0u));
    if (e == 0) {               /* zero or subnormal: m * 2^-24, exact */
        float f = (float)m * 0x1p-24f;
        return sign ? -f : f;
    }
    return spv2c_bits_f32(sign | ((e + 112u) << 23) | (m << 13));
}

SPV2C_INLINE double spv2c_conv_f64_f16(uint16_t h)
{
    return (double)spv2c_conv_f32_f16(h);
}

/* |x| >= 2^16 (finite): infinity or the largest finite half, by mode */
SPV2C_INLINE uint16_t spv2c__f16_big(uint16_t sign, int mode)
{
    int inf = mode == 0 || (mode == 2 && !sign) || (mode == 3 && sign);
    return (uint16_t)(sign | (inf ? 0x7c00u : 0x7bffu));
}

/* 0 < |x| < 2^-25: zero, or the smallest subnormal when rounding away */
SPV2C_INLINE uint16_t spv2c__f16_tiny(uint16_t sign, int mode)
{
    int away = (mode == 2 && !sign) || (mode == 3 && sign);
    return (uint16_t)(sign | (away ? 1u : 0u));
}

/* round t + rem/2^s (rem < 2^s, 1 <= s <= 63) to an integer by mode */
SPV2C_INLINE uint64_t spv2c__f16_inc(uint64_t t, uint64_t rem, int s, uint16_t sign, int mode)
{
    uint64_t half = (uint64_t)1 << (s - 1);
    if (mode == 0)
        return t + (rem > half || (rem == half && (t & 1u)));
    if (mode == 1)
        return t;
    return t + (rem != 0 && ((mode == 2) == !sign));
}

SPV2C_INLINE uint16_t spv2c__f16_from_f32(float f, int mode)
{
    uint32_t x = spv2c_f32_bits(f), a = x & 0x7fffffffu, e, mant, t, rem;
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    int s;
    if (a >= 0x7f800000u)
        return (uint16_t)(sign | (a == 0x7f800000u ? 0x7c00u : 0x7e00u | ((a >> 13) & 0x3ffu)));
    if (a >= 0x47800000u)       /* 2^16 */
        return spv2c__f16_big(sign, mode);
    if (a < 0x33000000u)        /* 2^-25 */
        return a == 0 ? sign : spv2c__f16_tiny(sign, mode);
    e = a >> 23;                /* 102 .. 142 */
    mant = (a & 0x7fffffu) | 0x800000u;
    s = e >= 113 ? 13 : (int)(126 - e);      /* bits below the half's last place */
    t = mant >> s;
    rem = mant & ((1u << s) - 1u);
    t = (uint32_t)spv2c__f16_inc(t, rem, s, sign, mode);
    /* exponent and significand add up, so a carry moves to the next binade */
    return (uint16_t)(sign | ((e >= 113 ? (e - 113) << 10 : 0u) + t));
}

SPV2C_INLINE uint16_t spv2c__f16_from_f64(double d, int mode)
{
    uint64_t x = spv2c_f64_bits(d), a = x & 0x7fffffffffffffffu, mant, t, rem;
    uint16_t sign = (uint16_t)((x >> 48) & 0x8000u);
    uint32_t e;
    int s;
    if (a >= 0x7ff0000000000000u)
        return (uint16_t)(sign | (a == 0x7ff0000000000000u ? 0x7c00u
                                  : 0x7e00u | (uint32_t)((a >> 42) & 0x3ffu)));
    if (a >= 0x40f0000000000000u)            /* 2^16 */
        return spv2c__f16_big(sign, mode);
    if (a < 0x3e60000000000000u)             /* 2^-25 */
        return a == 0 ? sign : spv2c__f16_tiny(sign, mode);
    e = (uint32_t)(a >> 52);                 /* 998 .. 1038 */
    mant = (a & 0xfffffffffffffu) | 0x10000000000000u;
    s = e >= 1009 ? 42 : (int)(1051 - e);
    t = mant >> s;
    rem = mant & (((uint64_t)1 << s) - 1u);
    t = spv2c__f16_inc(t, rem, s, sign, mode);
    return (uint16_t)(sign | ((e >= 1009 ? (e - 1009) << 10 : 0u) + (uint32_t)t));
}

SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rte(float f) { return spv2c__f16_from_f32(f, 0); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rtz(float f) { return spv2c__f16_from_f32(f, 1); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rtp(float f) { return spv2c__f16_from_f32(f, 2); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rtn(float f) { return spv2c__f16_from_f32(f, 3); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rte(double d) { return spv2c__f16_from_f64(d, 0); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rtz(double d) { return spv2c__f16_from_f64(d, 1); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rtp(double d) { return spv2c__f16_from_f64(d, 2); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rtn(double d) { return spv2c__f16_from_f64(d, 3); }

/* integer -> half: clamped to +-2^17, then exact as a float */
SPV2C_INLINE float spv2c__f16_clamp_s(int64_t v)
{
    return (float)(v > 131072 ? 131072 : v < -131072 ? -131072 : v);
}

SPV2C_INLINE float spv2c__f16_clamp_u(uint64_t v)
{
    return (float)(v > 131072u ? 131072u : v);
}

SPV2C_INLINE int64_t spv2c__f16_s64(uint64_t x)
{
    return x <= 0x7fffffffffffffffu ? (int64_t)x : -(int64_t)~x - 1;
}

#define SPV2C__F16_FROM_INT(M, MODE) \
SPV2C_INLINE uint16_t spv2c_conv_f16_u8_##M(uint8_t x) \
{ return spv2c__f16_from_f32(spv2c__f16_clamp_u(x), MODE); } \
SPV2C_INLINE uint16_t spv2c_conv_f16_u16_##M(uint16_t x) \
{ return spv2c__f16_from_f32(spv2c__f16_clamp_u(x), MODE); } \
SPV2C_INLINE uint16_t spv2c_conv_f16_u32_##M(uint32_t x) \
{ return spv2c__f16_from_f32(spv2c__f16_clamp_u(x), MODE); } \
SPV2C_INLINE uint16_t spv2c_conv_f16_u64_##M(uint64_t x) \
{ return spv2c__f16_from_f32(spv2c__f16_clamp_u(x), MODE); } \
SPV2C_INLINE uint16_t spv2c_conv_f16_i8_##M(uint8_t x) \
{ return spv2c__f16_from_f32((float)((int32_t)(x ^ 0x80u) - 0x80), MODE); } \
SPV2C_INLINE uint16_t spv2c_conv_f16_i16_##M(uint16_t x) \
{ return spv2c__f16_from_f32((float)((int32_t)(x ^ 0x8000u) - 0x8000), MODE); } \
SPV2C_INLINE uint16_t spv2c_conv_f16_i32_##M(uint32_t x) \
{ return spv2c__f16_from_f32(spv2c__f16_clamp_s((int64_t)(x ^ 0x80000000u) - 0x80000000), MODE); } \
SPV2C_INLINE uint16_t spv2c_conv_f16_i64_##M(uint64_t x) \
{ return spv2c__f16_from_f32(spv2c__f16_clamp_s(spv2c__f16_s64(x)), MODE); }
SPV2C__F16_FROM_INT(rte, 0)
SPV2C__F16_FROM_INT(rtz, 1)
SPV2C__F16_FROM_INT(rtp, 2)
SPV2C__F16_FROM_INT(rtn, 3)
#undef SPV2C__F16_FROM_INT

/*
 * Correctly rounded fused multiply-add on halves. The product is exact in
 * double. The sum is exact too unless its terms are 2^31 apart: then the
 * result overflows, or the smaller term is far below half an ulp of the
 * half result and cannot move it across a tie. So one rounding, at the end.
 */
SPV2C_INLINE uint16_t spv2c_fma_f16(uint16_t a, uint16_t b, uint16_t c)
{
    return spv2c__f16_from_f64(spv2c_conv_f64_f16(a) * spv2c_conv_f64_f16(b)
                               + spv2c_conv_f64_f16(c), 0);
}

/* math on halves through float where that is exact or correctly rounded */
SPV2C_INLINE uint16_t spv2c_frexp_f16(uint16_t h, uint32_t *e)
{
    int ex = 0;
    float m = frexpf(spv2c_conv_f32_f16(h), &ex);
    *e = (h & 0x7fffu) >= 0x7c00u ? 0u : (uint32_t)(int32_t)ex;
    return spv2c__f16_from_f32(m, 0);
}

SPV2C_INLINE uint16_t spv2c_modf_f16(uint16_t h, uint16_t *ip)
{
    float f = spv2c_conv_f32_f16(h), i = truncf(f);
    *ip = spv2c__f16_from_f32(i, 0);
    return spv2c__f16_from_f32(copysignf((h & 0x7fffu) == 0x7c00u ? 0.0f : f - i, f), 0);
}

/* the next half after x toward y */
SPV2C_INLINE uint16_t spv2c_nextafter_f16(uint16_t x, uint16_t y)
{
    float fx = spv2c_conv_f32_f16(x), fy = spv2c_conv_f32_f16(y);
    if (fx != fx || fy != fy)
        return (uint16_t)(fx != fx ? x : y);
    if (fx == fy)
        return y;
    if (fx == 0)
        return (uint16_t)((y & 0x8000u) | 1u);
    return (uint16_t)((fx < fy) == !(x & 0x8000u) ? x + 1u : x - 1u);
}

/* fract on halves: x - floor(x) is exact in double, rounded once, then
   kept below 1 */
SPV2C_INLINE uint16_t spv2c_fract_f16(uint16_t h, uint16_t *ip)
{
    double x = spv2c_conv_f64_f16(h), i = floor(x);
    uint16_t f;
    *ip = spv2c__f16_from_f64(i, 0);
    if (x != x)
        return h;
    if (x - x != 0)
        return (uint16_t)(h & 0x8000u);
    f = spv2c__f16_from_f64(x - i, 0);
    return f > 0x3bffu ? 0x3bffu : f;
}
