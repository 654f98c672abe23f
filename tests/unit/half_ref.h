/*
 * The half conversions of runtime/half.h as they were before the rework
 * of issue 23 (commit af491bf), frozen here, renamed ref_f16_*: the new
 * code must give the same bits for every input (tests/unit/test_half.c on
 * a fixed slice, scripts/long-half-sweep on all 2^32 floats). They were
 * themselves checked against MPFR and exact oracles; they are a second
 * reference next to those, not a replacement. Do not edit.
 */
#ifndef HALF_REF_H
#define HALF_REF_H

/* all ones when c, else zero */
SPV2C_INLINE uint32_t ref_f16_m(int c) { return 0u - (uint32_t)c; }

/* half bits -> float bits (signed compares: SSE2 has no unsigned ones) */
SPV2C_INLINE uint32_t ref_f16_f32_bits(uint32_t h)
{
    int32_t em = (int32_t)(h & 0x7fffu);
    uint32_t sign = (h & 0x8000u) << 16;
    uint32_t mspecial = ref_f16_m(em >= 0x7c00), msub = ref_f16_m(em < 0x400);
    /* normal: rebias 15 -> 127; inf and NaN: once more, to 255, NaN made quiet */
    uint32_t norm = (((uint32_t)em << 13) + 0x38000000u + (mspecial & 0x38000000u))
                    | (ref_f16_m(em > 0x7c00) & 0x400000u);
    /* zero or subnormal: em * 2^-24, exact */
    uint32_t sub = spv2c_f32_bits((float)em * 0x1p-24f);
    return sign | (sub & msub) | (norm & ~msub);
}

/*
 * float bits -> half bits by mode. Normal halves drop 13 bits of the
 * rebiased float after adding the rounding increment; a carry runs into
 * the exponent, which is the next binade (or infinity above 65504).
 * Subnormal halves: |x| * 2^24 split exactly into integer and fraction.
 */
SPV2C_INLINE uint32_t ref_f16_from_f32_bits(uint32_t x, int mode)
{
    int32_t a = (int32_t)(x & 0x7fffffffu);
    uint32_t s = x >> 31, sign = (x >> 16) & 0x8000u;
    /* all ones when the mode rounds this sign away from zero */
    uint32_t away = mode == 2 ? s - 1u : mode == 3 ? 0u - s : 0u;
    uint32_t base = (uint32_t)a - 0x38000000u;                /* rebias 127 -> 15 */
    uint32_t up = mode == 0 ? 0xfffu + ((base >> 13) & 1u) : mode == 1 ? 0u : away & 0x1fffu;
    uint32_t hn = (base + up) >> 13;
    uint32_t msub = ref_f16_m(a < 0x38800000);
    float y = spv2c_bits_f32((uint32_t)a & msub) * 0x1p24f;  /* < 1024 */
    int32_t t = (int32_t)y;
    float fr = y - (float)t;
    uint32_t inc = mode == 0 ? (uint32_t)(fr > 0.5f) | ((uint32_t)(fr == 0.5f) & (uint32_t)t)
                 : mode == 1 ? 0u : (uint32_t)(fr != 0.0f) & away;
    uint32_t hs = (uint32_t)t + (inc & 1u);
    /* |x| >= 2^16: infinity or the largest finite half, by mode */
    uint32_t big = mode == 0 ? 0x7c00u : 0x7bffu + (away & 1u);
    uint32_t special = 0x7c00u | (ref_f16_m(a > 0x7f800000)
                                  & (0x200u | (((uint32_t)a >> 13) & 0x3ffu)));
    uint32_t mbig = ref_f16_m(a >= 0x47800000), mspecial = ref_f16_m(a >= 0x7f800000);
    return sign | (hs & msub) | (hn & ~(msub | mbig)) | (big & mbig & ~mspecial)
           | (special & mspecial);
}

/*
 * double bits -> the bits of a float that rounds to the same half in
 * every mode: in [2^-25, 2^16) the double rounded to odd (truncated, the
 * dropped bits ORed into the last bit), which keeps enough to round once
 * more correctly to 11 bits; below, 2^-26 (or zero); above, 2^16, infinity
 * or a quiet NaN with the same top payload bits. Then float -> half.
 */
SPV2C_INLINE uint32_t ref_f16_f64_odd_bits(uint64_t x)
{
    uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;
    int32_t ahi = (int32_t)(hi & 0x7fffffffu);
    uint32_t top = ((uint32_t)ahi << 3) | (lo >> 29);         /* bits of |x| >> 29 */
    uint32_t odd = (top - 0xc0000000u) | (uint32_t)((lo & 0x1fffffffu) != 0u);  /* 1023 -> 127 */
    uint32_t tiny = ref_f16_m((ahi | (int32_t)lo) != 0) & 0x32800000u;
    int32_t hn = ahi | (int32_t)(lo != 0u);                   /* > 0x7ff00000: NaN */
    uint32_t special = 0x7f800000u | (ref_f16_m(hn > 0x7ff00000) & (0x400000u | top));
    uint32_t mtiny = ref_f16_m(ahi < 0x3e600000), mbig = ref_f16_m(ahi >= 0x40f00000);
    uint32_t mspecial = ref_f16_m(ahi >= 0x7ff00000);
    return (hi & 0x80000000u) | (tiny & mtiny) | (odd & ~(mtiny | mbig))
           | (0x47800000u & mbig & ~mspecial) | (special & mspecial & 0x7fffffffu);
}

#endif
