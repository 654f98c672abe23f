/* spv2c runtime part: integer (needs: base) */
/*
 * OpenCL.std integer functions. Every operand and result is the unsigned
 * storage type uintN_t; _iN reads the bits as two's complement signed.
 * Arithmetic happens in uint32_t (8-, 16-, 32-bit) or uint64_t, so nothing
 * promotes to int and nothing overflows a signed type. Signed order is
 * unsigned order with the sign bit flipped.
 */

/* ---- width-generic functions ---- */

#define SPV2C__INT(N, UT, AT) \
SPV2C_INLINE int spv2c__slt_##N(UT a, UT b) \
{ return (UT)(a ^ ((UT)1 << (N - 1))) < (UT)(b ^ ((UT)1 << (N - 1))); } \
SPV2C_INLINE UT spv2c_abs_u##N(UT x) { return x; } \
SPV2C_INLINE UT spv2c_abs_i##N(UT x) \
{ return x >> (N - 1) ? (UT)(0u - (AT)x) : x; } \
SPV2C_INLINE UT spv2c_abs_diff_u##N(UT x, UT y) \
{ return x < y ? (UT)((AT)y - x) : (UT)((AT)x - y); } \
SPV2C_INLINE UT spv2c_abs_diff_i##N(UT x, UT y) \
{ return spv2c__slt_##N(x, y) ? (UT)((AT)y - x) : (UT)((AT)x - y); } \
SPV2C_INLINE UT spv2c_add_sat_u##N(UT x, UT y) \
{ UT r = (UT)((AT)x + y); return r < x ? (UT)-1 : r; } \
SPV2C_INLINE UT spv2c_add_sat_i##N(UT x, UT y) \
{ UT r = (UT)((AT)x + y); \
  return ((UT)(~(x ^ y) & (x ^ r)) >> (N - 1)) ? (UT)(((UT)-1 >> 1) + (AT)(x >> (N - 1))) : r; } \
SPV2C_INLINE UT spv2c_sub_sat_u##N(UT x, UT y) { return x < y ? 0 : (UT)((AT)x - y); } \
SPV2C_INLINE UT spv2c_sub_sat_i##N(UT x, UT y) \
{ UT r = (UT)((AT)x - y); \
  return ((UT)((x ^ y) & (x ^ r)) >> (N - 1)) ? (UT)(((UT)-1 >> 1) + (AT)(x >> (N - 1))) : r; } \
SPV2C_INLINE UT spv2c__asr1_##N(UT x) { return (UT)((x >> 1) | (x & ((UT)1 << (N - 1)))); } \
SPV2C_INLINE UT spv2c_hadd_u##N(UT x, UT y) \
{ return (UT)((AT)(x >> 1) + (y >> 1) + (x & y & 1u)); } \
SPV2C_INLINE UT spv2c_hadd_i##N(UT x, UT y) \
{ return (UT)((AT)spv2c__asr1_##N(x) + spv2c__asr1_##N(y) + (x & y & 1u)); } \
SPV2C_INLINE UT spv2c_rhadd_u##N(UT x, UT y) \
{ return (UT)((AT)(x >> 1) + (y >> 1) + ((x | y) & 1u)); } \
SPV2C_INLINE UT spv2c_rhadd_i##N(UT x, UT y) \
{ return (UT)((AT)spv2c__asr1_##N(x) + spv2c__asr1_##N(y) + ((x | y) & 1u)); } \
SPV2C_INLINE UT spv2c_max_u##N(UT x, UT y) { return x < y ? y : x; } \
SPV2C_INLINE UT spv2c_min_u##N(UT x, UT y) { return y < x ? y : x; } \
SPV2C_INLINE UT spv2c_max_i##N(UT x, UT y) { return spv2c__slt_##N(x, y) ? y : x; } \
SPV2C_INLINE UT spv2c_min_i##N(UT x, UT y) { return spv2c__slt_##N(y, x) ? y : x; } \
SPV2C_INLINE UT spv2c_clamp_u##N(UT x, UT lo, UT hi) \
{ return spv2c_min_u##N(spv2c_max_u##N(x, lo), hi); } \
SPV2C_INLINE UT spv2c_clamp_i##N(UT x, UT lo, UT hi) \
{ return spv2c_min_i##N(spv2c_max_i##N(x, lo), hi); } \
SPV2C_INLINE UT spv2c_rotate_u##N(UT v, UT i) \
{ unsigned r = (unsigned)(i & (N - 1)); \
  return (UT)(((AT)v << r) | ((AT)v >> ((N - r) & (N - 1)))); } \
SPV2C_INLINE UT spv2c_popcount_u##N(UT x) { return (UT)spv2c__popcount64(x); } \
SPV2C_INLINE UT spv2c_ctz_u##N(UT x) { return (UT)(x ? spv2c__ctz64(x) : N); } \
SPV2C_INLINE UT spv2c_mad_hi_u##N(UT x, UT y, UT z) \
    { return (UT)((AT)spv2c_mul_hi_u##N(x, y) + z); } \
SPV2C_INLINE UT spv2c_mad_hi_i##N(UT x, UT y, UT z) \
    { return (UT)((AT)spv2c_mul_hi_i##N(x, y) + z); }

/* bit counts: a GNU builtin where there is one, else portable code */
SPV2C_INLINE unsigned spv2c__popcount64(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
#endif
}

/* x != 0 */
SPV2C_INLINE unsigned spv2c__ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;
    if (!(x & 0xffffffffu)) { n += 32; x >>= 32; }
    if (!(x & 0xffffu)) { n += 16; x >>= 16; }
    if (!(x & 0xffu)) { n += 8; x >>= 8; }
    if (!(x & 0xfu)) { n += 4; x >>= 4; }
    if (!(x & 0x3u)) { n += 2; x >>= 2; }
    return n + (unsigned)!(x & 1u);
#endif
}

/* clz by halving: no loop over all bits */
SPV2C_INLINE uint64_t spv2c_clz_u64(uint64_t x)
{
#if defined(__GNUC__)
    return x ? (uint64_t)__builtin_clzll(x) : 64u;
#else
    unsigned n = 0;
    if (!x) return 64;
    if (!(x >> 32)) { n += 32; x <<= 32; }
    if (!(x >> 48)) { n += 16; x <<= 16; }
    if (!(x >> 56)) { n += 8; x <<= 8; }
    if (!(x >> 60)) { n += 4; x <<= 4; }
    if (!(x >> 62)) { n += 2; x <<= 2; }
    if (!(x >> 63)) { n += 1; }
    return n;
#endif
}
SPV2C_INLINE uint32_t spv2c_clz_u32(uint32_t x) { return (uint32_t)spv2c_clz_u64(x) - 32u; }
SPV2C_INLINE uint16_t spv2c_clz_u16(uint16_t x) { return (uint16_t)(spv2c_clz_u64(x) - 48u); }
SPV2C_INLINE uint8_t spv2c_clz_u8(uint8_t x) { return (uint8_t)(spv2c_clz_u64(x) - 56u); }

/* ---- multiplication: the double-width product's high half ---- */

/* sign extension to uint64_t (mod 2^64) */
SPV2C_INLINE uint64_t spv2c__sxu_8(uint8_t x) { return (uint64_t)(x ^ 0x80u) - 0x80u; }
SPV2C_INLINE uint64_t spv2c__sxu_16(uint16_t x) { return (uint64_t)(x ^ 0x8000u) - 0x8000u; }
SPV2C_INLINE uint64_t spv2c__sxu_32(uint32_t x)
{ return (uint64_t)(x ^ 0x80000000u) - 0x80000000u; }

/* unsigned: x * y as 2 * (x * (y >> 1)) + x * (y & 1), not as the plain
   widened product shifted by N: gcc 12 for riscv64 at -O2 vectorises that
   shape in a loop (the lane-wise loops of vectors) into one 64-bit mulhu
   over 8 packed lanes, which is wrong (tests/cross, int_builtins3) */
#define SPV2C__MULHI(N, UT) \
SPV2C_INLINE UT spv2c_mul_hi_u##N(UT x, UT y) \
{ uint64_t p = (uint64_t)x * (y >> 1); return (UT)((p + p + (uint64_t)x * (y & 1u)) >> N); } \
SPV2C_INLINE UT spv2c_mul_hi_i##N(UT x, UT y) \
{ return (UT)((spv2c__sxu_##N(x) * spv2c__sxu_##N(y)) >> N); }
SPV2C__MULHI(8, uint8_t)
SPV2C__MULHI(16, uint16_t)
SPV2C__MULHI(32, uint32_t)
#undef SPV2C__MULHI

/* 64 x 64 -> 128 bits from 32-bit limbs */
SPV2C_INLINE uint64_t spv2c__mul128(uint64_t x, uint64_t y, uint64_t *lo)
{
    uint64_t xl = x & 0xffffffffu, xh = x >> 32, yl = y & 0xffffffffu, yh = y >> 32;
    uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    *lo = (mid << 32) | (ll & 0xffffffffu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

SPV2C_INLINE uint64_t spv2c_mul_hi_u64(uint64_t x, uint64_t y)
{
    uint64_t lo;
    return spv2c__mul128(x, y, &lo);
}

/* signed high half: unsigned one, less y if x < 0, less x if y < 0 */
SPV2C_INLINE uint64_t spv2c__smul128(uint64_t x, uint64_t y, uint64_t *lo)
{
    uint64_t hi = spv2c__mul128(x, y, lo);
    return hi - (x >> 63 ? y : 0u) - (y >> 63 ? x : 0u);
}

SPV2C_INLINE uint64_t spv2c_mul_hi_i64(uint64_t x, uint64_t y)
{
    uint64_t lo;
    return spv2c__smul128(x, y, &lo);
}

SPV2C__INT(8, uint8_t, uint32_t)
SPV2C__INT(16, uint16_t, uint32_t)
SPV2C__INT(32, uint32_t, uint32_t)
SPV2C__INT(64, uint64_t, uint64_t)
#undef SPV2C__INT

/* ---- mad_sat: a * b + c saturated, from the exact value ---- */

SPV2C_INLINE uint8_t spv2c_mad_sat_u8(uint8_t a, uint8_t b, uint8_t c)
{
    uint32_t v = (uint32_t)a * b + c;
    return v > 0xffu ? 0xffu : (uint8_t)v;
}
SPV2C_INLINE uint16_t spv2c_mad_sat_u16(uint16_t a, uint16_t b, uint16_t c)
{
    uint64_t v = (uint64_t)a * b + c;
    return v > 0xffffu ? 0xffffu : (uint16_t)v;
}
SPV2C_INLINE uint32_t spv2c_mad_sat_u32(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t v = (uint64_t)a * b + c;
    return v > 0xffffffffu ? 0xffffffffu : (uint32_t)v;
}
SPV2C_INLINE uint64_t spv2c_mad_sat_u64(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t lo, hi = spv2c__mul128(a, b, &lo);
    return hi || lo + c < lo ? 0xffffffffffffffffu : lo + c;
}

/* |a * b| <= 2^62 and |c| <= 2^31: exact in int64_t */
SPV2C_INLINE int64_t spv2c__mad_s64(int64_t a, int64_t b, int64_t c) { return a * b + c; }
SPV2C_INLINE uint8_t spv2c_mad_sat_i8(uint8_t a, uint8_t b, uint8_t c)
{
    int64_t v = spv2c__mad_s64((int64_t)(a ^ 0x80u) - 0x80, (int64_t)(b ^ 0x80u) - 0x80,
                               (int64_t)(c ^ 0x80u) - 0x80);
    return v > 127 ? 0x7fu : v < -128 ? 0x80u : (uint8_t)(uint64_t)v;
}
SPV2C_INLINE uint16_t spv2c_mad_sat_i16(uint16_t a, uint16_t b, uint16_t c)
{
    int64_t v = spv2c__mad_s64((int64_t)(a ^ 0x8000u) - 0x8000, (int64_t)(b ^ 0x8000u) - 0x8000,
                               (int64_t)(c ^ 0x8000u) - 0x8000);
    return v > 32767 ? 0x7fffu : v < -32768 ? 0x8000u : (uint16_t)(uint64_t)v;
}
SPV2C_INLINE uint32_t spv2c_mad_sat_i32(uint32_t a, uint32_t b, uint32_t c)
{
    int64_t v = spv2c__mad_s64((int64_t)(a ^ 0x80000000u) - 0x80000000,
                               (int64_t)(b ^ 0x80000000u) - 0x80000000,
                               (int64_t)(c ^ 0x80000000u) - 0x80000000);
    return v > 2147483647 ? 0x7fffffffu : v < -2147483647 - 1 ? 0x80000000u
           : (uint32_t)(uint64_t)v;
}
SPV2C_INLINE uint64_t spv2c_mad_sat_i64(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t lo, hi = spv2c__smul128(a, b, &lo), r = lo + c;
    hi += (r < lo) - (c >> 63);         /* 128-bit add of c sign-extended */
    if (hi == (r >> 63 ? 0xffffffffffffffffu : 0u))
        return r;                        /* fits in 64 bits */
    return hi >> 63 ? 0x8000000000000000u : 0x7fffffffffffffffu;
}

/* ---- 24-bit multiplies (OpenCL leaves wider inputs undefined: wrap) ---- */

SPV2C_INLINE uint32_t spv2c_mul24_u32(uint32_t x, uint32_t y)
{ return (uint32_t)((uint32_t)x * y); }
SPV2C_INLINE uint32_t spv2c_mul24_i32(uint32_t x, uint32_t y)
{ return (uint32_t)((uint32_t)x * y); }
SPV2C_INLINE uint32_t spv2c_mad24_u32(uint32_t x, uint32_t y, uint32_t z)
{ return (uint32_t)((uint32_t)x * y + z); }
SPV2C_INLINE uint32_t spv2c_mad24_i32(uint32_t x, uint32_t y, uint32_t z)
{ return (uint32_t)((uint32_t)x * y + z); }

/* ---- upsample: (hi << N) | lo, double width ---- */

SPV2C_INLINE uint16_t spv2c_upsample_u8(uint8_t hi, uint8_t lo)
{ return (uint16_t)((uint32_t)hi << 8 | lo); }
SPV2C_INLINE uint32_t spv2c_upsample_u16(uint16_t hi, uint16_t lo)
{ return (uint32_t)hi << 16 | lo; }
SPV2C_INLINE uint64_t spv2c_upsample_u32(uint32_t hi, uint32_t lo)
{ return (uint64_t)hi << 32 | lo; }
