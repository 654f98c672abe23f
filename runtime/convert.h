/* spv2c runtime part: convert (needs: base) */
/*
 * Numeric conversions of OpConvertFToU/FToS/SToF/UToF, OpUConvert,
 * OpSConvert, OpFConvert and OpSatConvertSToU/UToS:
 *
 *   spv2c_conv_<dst>_<src>[_<mode>][_sat]
 *
 * dst/src: i8..i64 (bits read as signed), u8..u64, f32, f64 (half: half.h).
 * mode: rte rtz rtp rtn. Integers travel as uintN_t.
 *
 * float -> int always saturates (NaN -> 0): OpenCL leaves the unsaturated
 * out-of-range result undefined, and C must not see an out-of-range
 * conversion. Rounding is done exactly on the integer and fraction parts,
 * never by changing the FPU rounding mode (assumed round-to-nearest).
 */

#define SPV2C__RTE 0
#define SPV2C__RTZ 1
#define SPV2C__RTP 2
#define SPV2C__RTN 3

/* two's complement reinterpretation, without implementation-defined casts */
SPV2C_INLINE int64_t spv2c__sx64(uint64_t x)
{
    return x <= 0x7fffffffffffffffu ? (int64_t)x : -(int64_t)~x - 1;
}
SPV2C_INLINE int64_t spv2c__sx32(uint32_t x) { return (int64_t)(x ^ 0x80000000u) - 0x80000000; }
SPV2C_INLINE int64_t spv2c__sx16(uint16_t x) { return (int64_t)(x ^ 0x8000u) - 0x8000; }
SPV2C_INLINE int64_t spv2c__sx8(uint8_t x) { return (int64_t)(x ^ 0x80u) - 0x80; }

/* ---- float -> integer ---- */

/* d rounded by mode, then clamped to [lo, hi]; NaN -> 0 */
SPV2C_INLINE int64_t spv2c__f2s(double d, int mode, int64_t lo, int64_t hi)
{
    int64_t t;
    double f;
    if (d != d)
        return 0;
    if (d >= 0x1p63)
        return hi;
    if (d < -0x1p63)
        return lo;
    t = (int64_t)d;             /* toward zero, in range */
    f = d - (double)t;          /* exact, |f| < 1 */
    if (mode == SPV2C__RTE) {
        if (f > 0.5 || (f == 0.5 && ((uint64_t)t & 1u)))
            t++;
        else if (f < -0.5 || (f == -0.5 && ((uint64_t)t & 1u)))
            t--;
    } else if (mode == SPV2C__RTP) {
        if (f > 0)
            t++;
    } else if (mode == SPV2C__RTN) {
        if (f < 0)
            t--;
    }
    return t < lo ? lo : t > hi ? hi : t;
}

SPV2C_INLINE uint64_t spv2c__f2u(double d, int mode, uint64_t hi)
{
    uint64_t t;
    double f;
    if (!(d > 0))               /* NaN, zero, negative: every mode gives <= 0 */
        return 0;
    if (d >= 0x1p64)
        return hi;
    t = (uint64_t)d;
    f = d - (double)t;
    if ((mode == SPV2C__RTE && (f > 0.5 || (f == 0.5 && (t & 1u))))
        || (mode == SPV2C__RTP && f > 0))
        t++;
    return t > hi ? hi : t;
}

#define SPV2C__F2I(M, MODE, SF, FT) \
SPV2C_INLINE uint8_t spv2c_conv_i8_##SF##_##M(FT x) \
{ return (uint8_t)spv2c__f2s(x, MODE, -128, 127); } \
SPV2C_INLINE uint16_t spv2c_conv_i16_##SF##_##M(FT x) \
{ return (uint16_t)spv2c__f2s(x, MODE, -32768, 32767); } \
SPV2C_INLINE uint32_t spv2c_conv_i32_##SF##_##M(FT x) \
{ return (uint32_t)spv2c__f2s(x, MODE, -2147483647 - 1, 2147483647); } \
SPV2C_INLINE uint64_t spv2c_conv_i64_##SF##_##M(FT x) \
{ return (uint64_t)spv2c__f2s(x, MODE, -0x7fffffffffffffff - 1, 0x7fffffffffffffff); } \
SPV2C_INLINE uint8_t spv2c_conv_u8_##SF##_##M(FT x) \
{ return (uint8_t)spv2c__f2u(x, MODE, 0xffu); } \
SPV2C_INLINE uint16_t spv2c_conv_u16_##SF##_##M(FT x) \
{ return (uint16_t)spv2c__f2u(x, MODE, 0xffffu); } \
SPV2C_INLINE uint32_t spv2c_conv_u32_##SF##_##M(FT x) \
{ return (uint32_t)spv2c__f2u(x, MODE, 0xffffffffu); } \
SPV2C_INLINE uint64_t spv2c_conv_u64_##SF##_##M(FT x) \
{ return spv2c__f2u(x, MODE, 0xffffffffffffffffu); }
SPV2C__F2I(rte, SPV2C__RTE, f32, float)
SPV2C__F2I(rtz, SPV2C__RTZ, f32, float)
SPV2C__F2I(rtp, SPV2C__RTP, f32, float)
SPV2C__F2I(rtn, SPV2C__RTN, f32, float)
SPV2C__F2I(rte, SPV2C__RTE, f64, double)
SPV2C__F2I(rtz, SPV2C__RTZ, f64, double)
SPV2C__F2I(rtp, SPV2C__RTP, f64, double)
SPV2C__F2I(rtn, SPV2C__RTN, f64, double)
#undef SPV2C__F2I

/* ---- float <-> double ---- */

/* A NaN converted between float and double is made from its bits: quiet,
   its sign and the top of its payload kept (what x86-64, ARMv7 and AArch64
   FPUs do), so every CPU gives the same bits (docs/testing.md, "NaN
   policy"): RISC-V's fcvt returns the canonical NaN, and libgcc's soft-float
   double -> float (Cortex-M3) drops the payload. */
SPV2C_INLINE float spv2c__nan_f32_f64(double d)
{
    uint64_t b = spv2c_f64_bits(d);
    return spv2c_bits_f32((uint32_t)(b >> 32 & 0x80000000u) | 0x7fc00000u
                          | ((uint32_t)(b >> 29) & 0x7fffffu));
}

SPV2C_INLINE double spv2c__nan_f64_f32(float f)
{
    uint32_t b = spv2c_f32_bits(f);
    return spv2c_bits_f64((uint64_t)(b & 0x80000000u) << 32 | UINT64_C(0x7ff8000000000000)
                          | (uint64_t)(b & 0x7fffffu) << 29);
}

/* (float)d rounds to nearest; a directed mode then steps one place */
SPV2C_INLINE float spv2c__f64_f32(double d, int mode)
{
    float r = (float)d;
    double rd = r;
    uint32_t b;
    int up;
    if (d != d)
        return spv2c__nan_f32_f64(d);
    if (mode == SPV2C__RTE || rd == d)
        return r;
    if (mode == SPV2C__RTZ) {
        if (d > 0 ? rd < d : rd > d)
            return r;
        up = d < 0;             /* toward zero */
    } else if (mode == SPV2C__RTP) {
        if (rd > d)
            return r;
        up = 1;
    } else {
        if (rd < d)
            return r;
        up = 0;
    }
    b = spv2c_f32_bits(r);
    if (up)     /* next float above r: r is below d, so never +inf */
        b = (b & 0x80000000u) ? (b == 0x80000000u ? 1u : b - 1u) : b + 1u;
    else        /* next float below r */
        b = (b & 0x80000000u) ? b + 1u : (b == 0 ? 0x80000001u : b - 1u);
    return spv2c_bits_f32(b);
}

SPV2C_INLINE float spv2c_conv_f32_f64_rte(double d)
{ return d != d ? spv2c__nan_f32_f64(d) : (float)d; }
SPV2C_INLINE float spv2c_conv_f32_f64_rtz(double d) { return spv2c__f64_f32(d, SPV2C__RTZ); }
SPV2C_INLINE float spv2c_conv_f32_f64_rtp(double d) { return spv2c__f64_f32(d, SPV2C__RTP); }
SPV2C_INLINE float spv2c_conv_f32_f64_rtn(double d) { return spv2c__f64_f32(d, SPV2C__RTN); }
SPV2C_INLINE double spv2c_conv_f64_f32(float f)
{ return f != f ? spv2c__nan_f64_f32(f) : (double)f; }

/* ---- integer -> float ---- */

SPV2C_INLINE int spv2c__bitlen64(uint64_t m)
{
#if defined(__GNUC__)
    return m ? 64 - __builtin_clzll(m) : 0;
#else
    int n = 0;
    if (m >> 32) { n += 32; m >>= 32; }
    if (m >> 16) { n += 16; m >>= 16; }
    if (m >> 8) { n += 8; m >>= 8; }
    if (m >> 4) { n += 4; m >>= 4; }
    if (m >> 2) { n += 2; m >>= 2; }
    if (m >> 1) { n += 1; m >>= 1; }
    return n + (int)m;
#endif
}

/* magnitude m rounded by mode to p significant bits: t * 2^*sh */
SPV2C_INLINE uint64_t spv2c__round_mag(uint64_t m, int neg, int mode, int p, int *sh)
{
    int s = spv2c__bitlen64(m) - p;
    uint64_t t, rem, half;
    *sh = 0;
    if (s <= 0)
        return m;
    t = m >> s;
    rem = m & (((uint64_t)1 << s) - 1u);
    half = (uint64_t)1 << (s - 1);
    if (mode == SPV2C__RTE)
        t += rem > half || (rem == half && (t & 1u));
    else if (mode != SPV2C__RTZ)
        t += rem != 0 && ((mode == SPV2C__RTP) == !neg);
    *sh = s;
    return t;
}

SPV2C_INLINE float spv2c__i2f32(uint64_t m, int neg, int mode)
{
    int s;
    uint64_t t = spv2c__round_mag(m, neg, mode, 24, &s);
    float f = (float)t * spv2c_bits_f32((uint32_t)(127 + s) << 23);  /* exact */
    return neg ? -f : f;
}

SPV2C_INLINE double spv2c__i2f64(uint64_t m, int neg, int mode)
{
    int s;
    uint64_t t = spv2c__round_mag(m, neg, mode, 53, &s);
    double f = (double)t * spv2c_bits_f64((uint64_t)(1023 + s) << 52);  /* exact */
    return neg ? -f : f;
}

SPV2C_INLINE uint64_t spv2c__mag64(uint64_t x) { return x >> 63 ? 0u - x : x; }

/* up to 32 bits the integer is exact as a double: round that once */
#define SPV2C__I2F(M, MODE) \
SPV2C_INLINE float spv2c_conv_f32_u8_##M(uint8_t x) { return (float)x; } \
SPV2C_INLINE float spv2c_conv_f32_i8_##M(uint8_t x) { return (float)spv2c__sx8(x); } \
SPV2C_INLINE float spv2c_conv_f32_u16_##M(uint16_t x) { return (float)x; } \
SPV2C_INLINE float spv2c_conv_f32_i16_##M(uint16_t x) { return (float)spv2c__sx16(x); } \
SPV2C_INLINE float spv2c_conv_f32_u32_##M(uint32_t x) \
{ return spv2c__f64_f32((double)x, MODE); } \
SPV2C_INLINE float spv2c_conv_f32_i32_##M(uint32_t x) \
{ return spv2c__f64_f32((double)spv2c__sx32(x), MODE); } \
SPV2C_INLINE float spv2c_conv_f32_u64_##M(uint64_t x) \
{ return spv2c__i2f32(x, 0, MODE); } \
SPV2C_INLINE float spv2c_conv_f32_i64_##M(uint64_t x) \
{ return spv2c__i2f32(spv2c__mag64(x), (int)(x >> 63), MODE); } \
SPV2C_INLINE double spv2c_conv_f64_u8_##M(uint8_t x) { return (double)x; } \
SPV2C_INLINE double spv2c_conv_f64_i8_##M(uint8_t x) { return (double)spv2c__sx8(x); } \
SPV2C_INLINE double spv2c_conv_f64_u16_##M(uint16_t x) { return (double)x; } \
SPV2C_INLINE double spv2c_conv_f64_i16_##M(uint16_t x) { return (double)spv2c__sx16(x); } \
SPV2C_INLINE double spv2c_conv_f64_u32_##M(uint32_t x) { return (double)x; } \
SPV2C_INLINE double spv2c_conv_f64_i32_##M(uint32_t x) { return (double)spv2c__sx32(x); } \
SPV2C_INLINE double spv2c_conv_f64_u64_##M(uint64_t x) \
{ return spv2c__i2f64(x, 0, MODE); } \
SPV2C_INLINE double spv2c_conv_f64_i64_##M(uint64_t x) \
{ return spv2c__i2f64(spv2c__mag64(x), (int)(x >> 63), MODE); }
SPV2C__I2F(rte, SPV2C__RTE)
SPV2C__I2F(rtz, SPV2C__RTZ)
SPV2C__I2F(rtp, SPV2C__RTP)
SPV2C__I2F(rtn, SPV2C__RTN)
#undef SPV2C__I2F

/* ---- integer -> integer ---- */

/* a call, so that range checks that are moot for some widths do not warn */
SPV2C_INLINE uint64_t spv2c__zx64(uint64_t x) { return x; }

/* Without _sat: truncation, or extension by the source's signedness. With
   _sat: clamped to the destination's range, reading each side as its
   prefix says (i: signed, u: unsigned). */
#define SPV2C__I2I(DN, DT, SN, ST) \
SPV2C_INLINE DT spv2c_conv_u##DN##_u##SN(ST x) { return (DT)x; } \
SPV2C_INLINE DT spv2c_conv_i##DN##_i##SN(ST x) { return (DT)(uint64_t)spv2c__sx##SN(x); } \
SPV2C_INLINE DT spv2c_conv_u##DN##_u##SN##_sat(ST x) \
{ return spv2c__zx64(x) > (DT)-1 ? (DT)-1 : (DT)x; } \
SPV2C_INLINE DT spv2c_conv_i##DN##_u##SN##_sat(ST x) \
{ return spv2c__zx64(x) > ((DT)-1 >> 1) ? (DT)((DT)-1 >> 1) : (DT)x; } \
SPV2C_INLINE DT spv2c_conv_u##DN##_i##SN##_sat(ST x) \
{ int64_t v = spv2c__sx##SN(x); \
  return v < 0 ? 0 : (uint64_t)v > (DT)-1 ? (DT)-1 : (DT)x; } \
SPV2C_INLINE DT spv2c_conv_i##DN##_i##SN##_sat(ST x) \
{ int64_t v = spv2c__sx##SN(x), hi = (int64_t)((DT)-1 >> 1); \
  return v > hi ? (DT)hi : v < -hi - 1 ? (DT)((DT)hi + 1u) : (DT)(uint64_t)v; }
#define SPV2C__I2I_FROM(SN, ST) \
SPV2C__I2I(8, uint8_t, SN, ST) \
SPV2C__I2I(16, uint16_t, SN, ST) \
SPV2C__I2I(32, uint32_t, SN, ST) \
SPV2C__I2I(64, uint64_t, SN, ST)
SPV2C__I2I_FROM(8, uint8_t)
SPV2C__I2I_FROM(16, uint16_t)
SPV2C__I2I_FROM(32, uint32_t)
SPV2C__I2I_FROM(64, uint64_t)
#undef SPV2C__I2I_FROM
#undef SPV2C__I2I
