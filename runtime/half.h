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

/*
 * The conversions are written without branches or conditional
 * expressions, as selects by bit masks between paths computed for every
 * value, so that gcc (which will not if-convert floating-point operations
 * under its default -ftrapping-math) and clang vectorise the loops of the
 * array entry points below (spv2c_vload_halfn_f32...). They use only
 * integer arithmetic and float operations that are exact (a scale by a
 * power of two, truncation of a small float to an integer and back), so
 * they do not depend on the floating-point environment's rounding mode.
 */

/* all ones when c, else zero */
SPV2C_INLINE uint32_t spv2c__f16_m(int c) { return 0u - (uint32_t)c; }

/* half bits -> float bits (signed compares: SSE2 has no unsigned ones) */
SPV2C_INLINE uint32_t spv2c__f16_f32_bits(uint32_t h)
{
    int32_t em = (int32_t)(h & 0x7fffu);
    uint32_t sign = (h & 0x8000u) << 16;
    uint32_t mspecial = spv2c__f16_m(em >= 0x7c00), msub = spv2c__f16_m(em < 0x400);
    /* normal: rebias 15 -> 127; inf and NaN: once more, to 255, NaN made quiet */
    uint32_t norm = (((uint32_t)em << 13) + 0x38000000u + (mspecial & 0x38000000u))
                    | (spv2c__f16_m(em > 0x7c00) & 0x400000u);
    /* zero or subnormal: em * 2^-24, exact */
    uint32_t sub = spv2c_f32_bits((float)em * 0x1p-24f);
    return sign | (sub & msub) | (norm & ~msub);
}

/*
 * float bits -> half bits by mode, in two steps. First every class of
 * input becomes m, the half's magnitude bits above 13 rounding bits:
 * normal halves are the rebiased float (exact); subnormal halves |x| * 2^37
 * (< 2^23, exact) truncated, with a sticky bit for what the truncation
 * dropped; |x| >= 2^16 the largest finite half with all rounding bits set
 * (so that the modes which round it away from zero carry into infinity);
 * infinity and NaN their half with no rounding bits. Then one rounding:
 * the mode's increment added, 13 bits dropped; a carry runs into the
 * exponent, which is the next binade (or infinity above 65504).
 */
SPV2C_INLINE uint32_t spv2c__f16_from_f32_bits(uint32_t x, int mode)
{
    uint32_t a = x & 0x7fffffffu, sign = (x ^ a) >> 16;
    int32_t sa = (int32_t)a;
    /* (masks that need one signed compare each: SSE2 has only >) */
    uint32_t mnorm = spv2c__f16_m(sa > 0x387fffff), mbig = spv2c__f16_m(sa > 0x477fffff);
    uint32_t mspecial = spv2c__f16_m(sa > 0x7f7fffff), mnan = spv2c__f16_m(sa > 0x7f800000);
    float y = spv2c_bits_f32(a & ~mnorm) * 0x1p37f;
    int32_t t = (int32_t)y;
    /* the sticky bit: toward zero needs none (truncation is its rounding) */
    uint32_t sub = (uint32_t)t | (mode == 1 ? 0u : (uint32_t)((float)t != y));
    uint32_t big = (0x0f7fffffu - mspecial) | (mnan & (a | 0x400000u) & 0x7fe000u);
    uint32_t m = (sub & ~mnorm) | ((a - 0x38000000u) & mnorm & ~mbig) | (big & mbig);
    /* all ones when the mode rounds this sign away from zero */
    uint32_t away = mode == 2 ? (x >> 31) - 1u : mode == 3 ? 0u - (x >> 31) : 0u;
    uint32_t up = mode == 0 ? 0xfffu + ((m >> 13) & 1u) : mode == 1 ? 0u : away & 0x1fffu;
    return sign | ((m + up) >> 13);
}

/*
 * double bits -> the bits of a float that rounds to the same half in
 * every mode: in [2^-25, 2^16) the double rounded to odd (truncated, the
 * dropped bits ORed into the last bit), which keeps enough to round once
 * more correctly to 11 bits; below, 2^-26 (or zero); above, 2^16, infinity
 * or a quiet NaN with the same top payload bits. Then float -> half.
 */
SPV2C_INLINE uint32_t spv2c__f16_f64_odd_bits(uint64_t x)
{
    uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;
    int32_t ahi = (int32_t)(hi & 0x7fffffffu);
    uint32_t top = ((uint32_t)ahi << 3) | (lo >> 29);         /* bits of |x| >> 29 */
    uint32_t odd = (top - 0xc0000000u) | (uint32_t)((lo & 0x1fffffffu) != 0u);  /* 1023 -> 127 */
    uint32_t tiny = spv2c__f16_m((ahi | (int32_t)lo) != 0) & 0x32800000u;
    int32_t hn = ahi | (int32_t)(lo != 0u);                   /* > 0x7ff00000: NaN */
    uint32_t special = 0x7f800000u | (spv2c__f16_m(hn > 0x7ff00000) & (0x400000u | top));
    uint32_t mtiny = spv2c__f16_m(ahi < 0x3e600000), mbig = spv2c__f16_m(ahi >= 0x40f00000);
    uint32_t mspecial = spv2c__f16_m(ahi >= 0x7ff00000);
    return (hi & 0x80000000u) | (tiny & mtiny) | (odd & ~(mtiny | mbig))
           | (0x47800000u & mbig & ~mspecial) | (special & mspecial & 0x7fffffffu);
}

SPV2C_INLINE uint32_t spv2c__f16_from_f64_bits(uint64_t x, int mode)
{
    return spv2c__f16_from_f32_bits(spv2c__f16_f64_odd_bits(x), mode);
}

SPV2C_INLINE float spv2c_conv_f32_f16(uint16_t h)
{
    return spv2c_bits_f32(spv2c__f16_f32_bits(h));
}

SPV2C_INLINE double spv2c_conv_f64_f16(uint16_t h)
{
    return (double)spv2c_conv_f32_f16(h);
}

SPV2C_INLINE uint16_t spv2c__f16_from_f32(float f, int mode)
{
    return (uint16_t)spv2c__f16_from_f32_bits(spv2c_f32_bits(f), mode);
}

SPV2C_INLINE uint16_t spv2c__f16_from_f64(double d, int mode)
{
    return (uint16_t)spv2c__f16_from_f64_bits(spv2c_f64_bits(d), mode);
}

SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rte(float f) { return spv2c__f16_from_f32(f, 0); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rtz(float f) { return spv2c__f16_from_f32(f, 1); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rtp(float f) { return spv2c__f16_from_f32(f, 2); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f32_rtn(float f) { return spv2c__f16_from_f32(f, 3); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rte(double d) { return spv2c__f16_from_f64(d, 0); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rtz(double d) { return spv2c__f16_from_f64(d, 1); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rtp(double d) { return spv2c__f16_from_f64(d, 2); }
SPV2C_INLINE uint16_t spv2c_conv_f16_f64_rtn(double d) { return spv2c__f16_from_f64(d, 3); }

/*
 * The vector data family as array entry points: n halves at src or dst,
 * which need only be 2-byte aligned (the checking mode verifies more where
 * the function requires it). Memory is read and written through memcpy or
 * unaligned vector moves, so it may have any effective type.
 *
 *   spv2c_vload_halfn_f32(float *dst, const uint16_t *src, size_t n)
 *   spv2c_vload_halfn_f64(double *dst, const uint16_t *src, size_t n)
 *   spv2c_vstore_halfn_f32_MODE(uint16_t *dst, const float *src, size_t n)
 *   spv2c_vstore_halfn_f64_MODE(uint16_t *dst, const double *src, size_t n)
 *   MODE: rte rtz rtp rtn
 *
 * Portable path: blocks of 16 through local arrays (no aliasing to prove,
 * fixed trip counts), then the rest in one zero-padded block of 4, 8 or
 * 16, so a constant n as the templates pass folds to straight-line vector
 * code. Fast paths, same bits:
 *   x86 F16C (vcvtph2ps, vcvtps2ph with the mode as immediate): at compile
 *     time when the compiler targets it (-mf16c, -march=native on a CPU
 *     that has it); otherwise at run time, inside the kernel's AVX2/F16C
 *     clone (runtime/base.h's SPV2C_AVX2_: gcc or clang on hosted x86-64):
 *     the templates call the _x entry points below with SPV2C_F16_ISA_(wi),
 *     which is a constant in each copy of the work-item loop, so the F16C
 *     code (functions compiled with target("avx,f16c")) is dead in the
 *     plain copy and the portable code dead in the clone. F16C turns a NaN
 *     into the same half as the portable code (quiet, sign and top payload
 *     bits kept), and a half NaN into the same float; the tests check it.
 *     double -> half rounds to odd into float (above), then vcvtps2ph.
 *   ARM with IEEE __fp16 (__ARM_FP16_FORMAT_IEEE): half -> float and the
 *     rte stores through the hardware conversions (fcvt: rounding from
 *     FPCR, its default round to nearest even; NaNs quieted keeping their
 *     top payload bits as long as FPCR.DN is clear, the default).
 * -DSPV2C_NO_FAST_PATH forces the portable path.
 */
#if !defined(SPV2C_NO_FAST_PATH) && defined(__F16C__)
#define SPV2C_F16_FAST_F16C 1
#elif !defined(SPV2C_NO_FAST_PATH) && defined(__ARM_FP16_FORMAT_IEEE) && defined(__aarch64__)
#define SPV2C_F16_FAST_ARM 1
#elif !defined(SPV2C_NO_FAST_PATH) && defined(SPV2C_AVX2_)
#if SPV2C_AVX2_
#define SPV2C_F16_DISPATCH 1
#endif
#endif
#if defined(SPV2C_F16_FAST_F16C) || defined(SPV2C_F16_DISPATCH)
#include <immintrin.h>
#endif
/* 1 in the kernel's F16C clone, where the run-time F16C path may run.
   Without the dispatch it still reads wi: the generator declares wi only
   where the code reads it, and this may be the only read
   (-DSPV2C_NO_DISPATCH or -march=native gave -Wunused-variable) */
#if defined(SPV2C_F16_DISPATCH)
#define SPV2C_F16_ISA_(wi) ((wi)->isa_)
#else
#define SPV2C_F16_ISA_(wi) ((void)(wi), 0)
#endif

/* the array entry points inline into their callers even when large, so
   that a constant n folds their loops (gcc would otherwise call one copy);
   not without optimisation, where nothing would fold and gcc would warn
   about the paths a constant n never takes */
#if defined(__GNUC__) && defined(__OPTIMIZE__)
#define SPV2C__F16_AI static inline __attribute__((unused, always_inline))
#else
#define SPV2C__F16_AI SPV2C_INLINE
#endif

/* one block of W: M (<= W) inputs at SRC, zero-padded, converted by CONV,
   M outputs to DST */
#define SPV2C__F16_BLOCK(W, TI, TO, CONV, DST, SRC, M) do { \
        TI in_[W]; TO out_[W]; unsigned k_; \
        if ((M) < (W)) \
            memset(in_, 0, sizeof in_); \
        memcpy(in_, SRC, (M) * sizeof *in_); \
        SPV2C__F16_CONV_##TI##_##TO(W, CONV, out_, in_); \
        memcpy(DST, out_, (M) * sizeof *out_); \
    } while (0)
/* Results are narrowed to 16 bits in a loop of their own: mixing widths
   in one loop makes gcc do parts of the conversion in 16-bit lanes (all
   unpacking and packing). Blocks of 4 halves are also widened in a loop
   of their own first, else gcc converts them in two 64-bit pieces stored
   separately, which the next 128-bit load cannot forward; for 8 and 16 the
   extra loop costs instead */
#define SPV2C__F16_CONV_uint16_t_float(W, CONV, OUT, IN) do { \
        if ((W) <= 4) { \
            uint32_t wide_[W]; \
            for (k_ = 0; k_ < (W); k_++) \
                wide_[k_] = IN[k_]; \
            for (k_ = 0; k_ < (W); k_++) \
                OUT[k_] = CONV(wide_[k_]); \
        } else { \
            for (k_ = 0; k_ < (W); k_++) \
                OUT[k_] = CONV(IN[k_]); \
        } \
    } while (0)
#define SPV2C__F16_CONV_uint16_t_double SPV2C__F16_CONV_uint16_t_float
#define SPV2C__F16_CONV_float_uint16_t(W, CONV, OUT, IN) do { \
        uint32_t mid_[W]; \
        for (k_ = 0; k_ < (W); k_++) \
            mid_[k_] = CONV(IN[k_]); \
        for (k_ = 0; k_ < (W); k_++) \
            OUT[k_] = (uint16_t)mid_[k_]; \
    } while (0)
#define SPV2C__F16_CONV_double_uint16_t SPV2C__F16_CONV_float_uint16_t
#define SPV2C__F16_CONV_double_float(W, CONV, OUT, IN) \
    for (k_ = 0; k_ < (W); k_++) \
        OUT[k_] = CONV(IN[k_])

/* the portable array loop: full blocks of 16, then the rest */
#define SPV2C__F16_ARRAY(TI, TO, CONV, DST, SRC, N) do { \
        size_t i_ = 0, r_; \
        for (; i_ + 16 <= (N); i_ += 16) \
            SPV2C__F16_BLOCK(16, TI, TO, CONV, (DST) + i_, (SRC) + i_, 16); \
        r_ = (N) - i_; \
        if (r_ > 8) \
            SPV2C__F16_BLOCK(16, TI, TO, CONV, (DST) + i_, (SRC) + i_, r_); \
        else if (r_ > 4) \
            SPV2C__F16_BLOCK(8, TI, TO, CONV, (DST) + i_, (SRC) + i_, r_); \
        else if (r_ > 0) \
            SPV2C__F16_BLOCK(4, TI, TO, CONV, (DST) + i_, (SRC) + i_, r_); \
    } while (0)

#define SPV2C__H2F(h) spv2c_bits_f32(spv2c__f16_f32_bits(h))
#define SPV2C__H2D(h) ((double)spv2c_bits_f32(spv2c__f16_f32_bits(h)))
#define SPV2C__F2H_0(f) spv2c__f16_from_f32_bits(spv2c_f32_bits(f), 0)
#define SPV2C__F2H_1(f) spv2c__f16_from_f32_bits(spv2c_f32_bits(f), 1)
#define SPV2C__F2H_2(f) spv2c__f16_from_f32_bits(spv2c_f32_bits(f), 2)
#define SPV2C__F2H_3(f) spv2c__f16_from_f32_bits(spv2c_f32_bits(f), 3)
#define SPV2C__D2H_0(d) spv2c__f16_from_f64_bits(spv2c_f64_bits(d), 0)
#define SPV2C__D2H_1(d) spv2c__f16_from_f64_bits(spv2c_f64_bits(d), 1)
#define SPV2C__D2H_2(d) spv2c__f16_from_f64_bits(spv2c_f64_bits(d), 2)
#define SPV2C__D2H_3(d) spv2c__f16_from_f64_bits(spv2c_f64_bits(d), 3)
#define SPV2C__D2ODD(d) spv2c_bits_f32(spv2c__f16_f64_odd_bits(spv2c_f64_bits(d)))

/* the portable path, always defined (tests and benchmarks compare with it) */
SPV2C__F16_AI void spv2c_vload_halfn_f32_portable(float *dst, const uint16_t *src, size_t n)
{
    SPV2C__F16_ARRAY(uint16_t, float, SPV2C__H2F, dst, src, n);
}

SPV2C__F16_AI void spv2c_vload_halfn_f64_portable(double *dst, const uint16_t *src, size_t n)
{
    SPV2C__F16_ARRAY(uint16_t, double, SPV2C__H2D, dst, src, n);
}

SPV2C__F16_AI void spv2c_vstore_halfn_f32_portable(uint16_t *dst, const float *src, size_t n,
                                                  int mode)
{
    switch (mode) {
    case 0: SPV2C__F16_ARRAY(float, uint16_t, SPV2C__F2H_0, dst, src, n); break;
    case 1: SPV2C__F16_ARRAY(float, uint16_t, SPV2C__F2H_1, dst, src, n); break;
    case 2: SPV2C__F16_ARRAY(float, uint16_t, SPV2C__F2H_2, dst, src, n); break;
    default: SPV2C__F16_ARRAY(float, uint16_t, SPV2C__F2H_3, dst, src, n); break;
    }
}

SPV2C__F16_AI void spv2c_vstore_halfn_f64_portable(uint16_t *dst, const double *src, size_t n,
                                                  int mode)
{
    switch (mode) {
    case 0: SPV2C__F16_ARRAY(double, uint16_t, SPV2C__D2H_0, dst, src, n); break;
    case 1: SPV2C__F16_ARRAY(double, uint16_t, SPV2C__D2H_1, dst, src, n); break;
    case 2: SPV2C__F16_ARRAY(double, uint16_t, SPV2C__D2H_2, dst, src, n); break;
    default: SPV2C__F16_ARRAY(double, uint16_t, SPV2C__D2H_3, dst, src, n); break;
    }
}

#if defined(SPV2C_F16_FAST_F16C) || defined(SPV2C_F16_DISPATCH)
/* compiled for F16C: inlined where the flags enable it; otherwise only
   called from the clone (not always_inline: gcc refuses to inline them
   into plain code even where the call is dead) */
#if defined(SPV2C_F16_FAST_F16C)
#define SPV2C__F16C_FN SPV2C__F16_AI
#else
#define SPV2C__F16C_FN static inline __attribute__((unused, target("avx,f16c")))
#endif
/* vcvtps2ph's immediate: 0 nearest, 1 down, 2 up, 3 toward zero */
#define SPV2C__F16C_PH(v, mode, W) \
    ((mode) == 0 ? W(v, 0) : (mode) == 1 ? W(v, 3) : (mode) == 2 ? W(v, 2) : W(v, 1))
#define SPV2C__F16C_PH8(v, m) _mm256_cvtps_ph(v, m)
#define SPV2C__F16C_PH4(v, m) _mm_cvtps_ph(v, m)

SPV2C__F16C_FN void spv2c__f16c_vload_halfn_f32(float *dst, const uint16_t *src, size_t n)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 8));
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(a));
        _mm256_storeu_ps(dst + i + 8, _mm256_cvtph_ps(b));
    }
    if (n - i >= 8) {
        const __m128i *s8 = (const __m128i *)(const void *)(src + i);
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(s8)));
        i += 8;
    }
    if (n - i >= 4) {
        _mm_storeu_ps(dst + i,
                      _mm_cvtph_ps(_mm_loadl_epi64((const __m128i *)(const void *)(src + i))));
        i += 4;
    }
    if (i < n) {
        uint16_t h[4] = { 0, 0, 0, 0 };
        float f[4];
        memcpy(h, src + i, (n - i) * sizeof *h);
        _mm_storeu_ps(f, _mm_cvtph_ps(_mm_loadl_epi64((const __m128i *)(const void *)h)));
        memcpy(dst + i, f, (n - i) * sizeof *f);
    }
}

/* src: M (<= 4) floats from GET(k), converted into dst */
SPV2C__F16C_FN void spv2c__f16c_store4(uint16_t *dst, __m128 v, size_t m, int mode)
{
    __m128i h = SPV2C__F16C_PH(v, mode, SPV2C__F16C_PH4);
    if (m == 4) {
        _mm_storel_epi64((__m128i *)(void *)dst, h);
    } else {
        uint16_t t[8];
        _mm_storeu_si128((__m128i *)(void *)t, h);
        memcpy(dst, t, m * sizeof *t);
    }
}

SPV2C__F16C_FN void spv2c__f16c_vstore_halfn_f32(uint16_t *dst, const float *src, size_t n,
                                              int mode)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256 a = _mm256_loadu_ps(src + i), b = _mm256_loadu_ps(src + i + 8);
        _mm_storeu_si128((__m128i *)(void *)(dst + i), SPV2C__F16C_PH(a, mode, SPV2C__F16C_PH8));
        _mm_storeu_si128((__m128i *)(void *)(dst + i + 8),
                         SPV2C__F16C_PH(b, mode, SPV2C__F16C_PH8));
    }
    if (n - i >= 8) {
        __m256 v = _mm256_loadu_ps(src + i);
        _mm_storeu_si128((__m128i *)(void *)(dst + i), SPV2C__F16C_PH(v, mode, SPV2C__F16C_PH8));
        i += 8;
    }
    if (n - i >= 4) {
        spv2c__f16c_store4(dst + i, _mm_loadu_ps(src + i), 4, mode);
        i += 4;
    }
    if (i < n) {
        float f[4] = { 0, 0, 0, 0 };
        memcpy(f, src + i, (n - i) * sizeof *f);
        spv2c__f16c_store4(dst + i, _mm_loadu_ps(f), n - i, mode);
    }
}

/* double: rounded to odd into float (portable, vectorised), then vcvtps2ph */
SPV2C__F16C_FN void spv2c__f16c_vstore_halfn_f64(uint16_t *dst, const double *src, size_t n,
                                              int mode)
{
    size_t i = 0;
    for (; i < n; i += 16) {
        double in_[16];
        float f[16];
        unsigned k_;
        size_t m = n - i < 16 ? n - i : 16;
        if (m < 16)
            memset(in_, 0, sizeof in_);
        memcpy(in_, src + i, m * sizeof *in_);
        SPV2C__F16_CONV_double_float(16, SPV2C__D2ODD, f, in_);
        spv2c__f16c_vstore_halfn_f32(dst + i, f, m, mode);
    }
}

SPV2C__F16C_FN void spv2c__f16c_vload_halfn_f64(double *dst, const uint16_t *src, size_t n)
{
    size_t i = 0, k;
    for (; i < n; i += 16) {
        float f[16];
        size_t m = n - i < 16 ? n - i : 16;
        spv2c__f16c_vload_halfn_f32(f, src + i, m);
        for (k = 0; k < m; k++)
            dst[i + k] = (double)f[k];
    }
}
#endif

#if defined(SPV2C_F16_FAST_F16C)
#define spv2c_vload_halfn_f32_fast spv2c__f16c_vload_halfn_f32
#define spv2c_vload_halfn_f64_fast spv2c__f16c_vload_halfn_f64
#define spv2c_vstore_halfn_f32_fast spv2c__f16c_vstore_halfn_f32
#define spv2c_vstore_halfn_f64_fast spv2c__f16c_vstore_halfn_f64
#elif defined(SPV2C_F16_FAST_ARM)
SPV2C__F16_AI void spv2c_vload_halfn_f32_fast(float *dst, const uint16_t *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        __fp16 h;
        memcpy(&h, src + i, sizeof h);
        dst[i] = (float)h;
    }
}

SPV2C__F16_AI void spv2c_vload_halfn_f64_fast(double *dst, const uint16_t *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        __fp16 h;
        memcpy(&h, src + i, sizeof h);
        dst[i] = (double)(float)h;
    }
}

SPV2C__F16_AI void spv2c_vstore_halfn_f32_fast(uint16_t *dst, const float *src, size_t n,
                                              int mode)
{
    size_t i;
    if (mode != 0) {
        spv2c_vstore_halfn_f32_portable(dst, src, n, mode);
        return;
    }
    for (i = 0; i < n; i++) {
        __fp16 h = (__fp16)src[i];
        memcpy(dst + i, &h, sizeof h);
    }
}

SPV2C__F16_AI void spv2c_vstore_halfn_f64_fast(uint16_t *dst, const double *src, size_t n,
                                              int mode)
{
    size_t i;
    if (mode != 0) {
        spv2c_vstore_halfn_f64_portable(dst, src, n, mode);
        return;
    }
    for (i = 0; i < n; i++) {
        __fp16 h = (__fp16)src[i];
        memcpy(dst + i, &h, sizeof h);
    }
}
#else
#define spv2c_vload_halfn_f32_fast spv2c_vload_halfn_f32_portable
#define spv2c_vload_halfn_f64_fast spv2c_vload_halfn_f64_portable
#define spv2c_vstore_halfn_f32_fast spv2c_vstore_halfn_f32_portable
#define spv2c_vstore_halfn_f64_fast spv2c_vstore_halfn_f64_portable
#endif

/* the entry points the templates call: the fast path where there is one */
SPV2C__F16_AI void spv2c_vload_halfn_f32(float *dst, const uint16_t *src, size_t n)
{
    spv2c_vload_halfn_f32_fast(dst, src, n);
}

SPV2C__F16_AI void spv2c_vload_halfn_f64(double *dst, const uint16_t *src, size_t n)
{
    spv2c_vload_halfn_f64_fast(dst, src, n);
}

#define SPV2C__VSTORE_MODE(M, MODE) \
SPV2C__F16_AI void spv2c_vstore_halfn_f32_##M(uint16_t *dst, const float *src, size_t n) \
{ spv2c_vstore_halfn_f32_fast(dst, src, n, MODE); } \
SPV2C__F16_AI void spv2c_vstore_halfn_f64_##M(uint16_t *dst, const double *src, size_t n) \
{ spv2c_vstore_halfn_f64_fast(dst, src, n, MODE); }
SPV2C__VSTORE_MODE(rte, 0)
SPV2C__VSTORE_MODE(rtz, 1)
SPV2C__VSTORE_MODE(rtp, 2)
SPV2C__VSTORE_MODE(rtn, 3)
#undef SPV2C__VSTORE_MODE

/* the same with the run-time choice: ISA is SPV2C_F16_ISA_(wi) */
#if defined(SPV2C_F16_DISPATCH)
#define SPV2C__F16_PICK(ISA, F16C, PLAIN) do { \
        if (ISA) \
            F16C; \
        else \
            PLAIN; \
    } while (0)
#else
#define SPV2C__F16_PICK(ISA, F16C, PLAIN) do { (void)(ISA); PLAIN; } while (0)
#endif

SPV2C__F16_AI void spv2c_vload_halfn_f32_x(int isa, float *dst, const uint16_t *src, size_t n)
{
    SPV2C__F16_PICK(isa, spv2c__f16c_vload_halfn_f32(dst, src, n),
                    spv2c_vload_halfn_f32_fast(dst, src, n));
}

SPV2C__F16_AI void spv2c_vload_halfn_f64_x(int isa, double *dst, const uint16_t *src, size_t n)
{
    SPV2C__F16_PICK(isa, spv2c__f16c_vload_halfn_f64(dst, src, n),
                    spv2c_vload_halfn_f64_fast(dst, src, n));
}

#define SPV2C__VSTORE_MODE(M, MODE) \
SPV2C__F16_AI void spv2c_vstore_halfn_f32_##M##_x(int isa, uint16_t *dst, const float *src, \
                                                 size_t n) \
{ \
    SPV2C__F16_PICK(isa, spv2c__f16c_vstore_halfn_f32(dst, src, n, MODE), \
                    spv2c_vstore_halfn_f32_fast(dst, src, n, MODE)); \
} \
SPV2C__F16_AI void spv2c_vstore_halfn_f64_##M##_x(int isa, uint16_t *dst, const double *src, \
                                                 size_t n) \
{ \
    SPV2C__F16_PICK(isa, spv2c__f16c_vstore_halfn_f64(dst, src, n, MODE), \
                    spv2c_vstore_halfn_f64_fast(dst, src, n, MODE)); \
}
SPV2C__VSTORE_MODE(rte, 0)
SPV2C__VSTORE_MODE(rtz, 1)
SPV2C__VSTORE_MODE(rtp, 2)
SPV2C__VSTORE_MODE(rtn, 3)
#undef SPV2C__VSTORE_MODE
#undef SPV2C__F16_PICK

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

/*
 * Half arithmetic (cl_khr_fp16): each operation correctly rounded to half,
 * as an IEEE 754 binary16 device computes it. The operands are exact as
 * floats; the float result of + - * / is the correctly rounded one, and
 * rounding that once more to half gives the correctly rounded half,
 * because float's 24 bits are at least 2 * 11 + 2 (Figueroa, "When is
 * double rounding innocuous?", SIGNUM 1995; a product of halves is even
 * exact in float). This holds whatever precision the compiler evaluates
 * float in (FLT_EVAL_METHOD 1 or 2: 53 and 64 bits are also >= 2 * 24 +
 * 2). Negation flips the sign bit; a remainder is exact (C's fmod), and
 * OpFMod's correction r + y is one more sum. The exact oracle is
 * tests/unit/test_half_arith.c.
 */
SPV2C_INLINE uint16_t spv2c_add_f16(uint16_t a, uint16_t b)
{
    return spv2c__f16_from_f32(spv2c_conv_f32_f16(a) + spv2c_conv_f32_f16(b), 0);
}

SPV2C_INLINE uint16_t spv2c_sub_f16(uint16_t a, uint16_t b)
{
    return spv2c__f16_from_f32(spv2c_conv_f32_f16(a) - spv2c_conv_f32_f16(b), 0);
}

SPV2C_INLINE uint16_t spv2c_mul_f16(uint16_t a, uint16_t b)
{
    return spv2c__f16_from_f32(spv2c_conv_f32_f16(a) * spv2c_conv_f32_f16(b), 0);
}

SPV2C_INLINE uint16_t spv2c_div_f16(uint16_t a, uint16_t b)
{
    return spv2c__f16_from_f32(spv2c_conv_f32_f16(a) / spv2c_conv_f32_f16(b), 0);
}

SPV2C_INLINE uint16_t spv2c_neg_f16(uint16_t a) { return (uint16_t)(a ^ 0x8000u); }

/* OpFRem: C's fmod, the sign of a (exact) */
SPV2C_INLINE uint16_t spv2c_frem_f16(uint16_t a, uint16_t b)
{
    return spv2c__f16_from_f32(spv2c_frem_f32(spv2c_conv_f32_f16(a), spv2c_conv_f32_f16(b)), 0);
}

/* OpFMod: the sign of b (the exact remainder plus b, rounded once) */
SPV2C_INLINE uint16_t spv2c_fmod_f16(uint16_t a, uint16_t b)
{
    return spv2c__f16_from_f32(spv2c_fmod_f32(spv2c_conv_f32_f16(a), spv2c_conv_f32_f16(b)), 0);
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
