/*
 * runtime/math.h's own versions of C library functions whose small-libc
 * versions were wrong on a soft-float Cortex-M3 (picolibc; tests/cross):
 * trunc (by bits) against MPFR's, on every exponent and special values;
 * fma (spv2c__soft_fma_f32/_f64, used where the C library's fmaf/fma cannot
 * be trusted: picolibc rounds twice) against MPFR: the exact a * b + c (MPFR at a precision that
 * holds it exactly) rounded once to nearest even with subnormals. Inputs:
 * any bit patterns; exponents that cancel (c near -a * b); products near
 * the subnormal range and near overflow; c far below or far above a * b.
 */
#include "unit.h"

static float pick_f32(int kind, float a, float b)
{
    uint32_t r = rnd32();
    switch (kind) {
    case 0: return spv2c_bits_f32(r);                                       /* any bits */
    case 1: return spv2c_bits_f32(spv2c_f32_bits(-(a * b)) + (r & 7u) - 3u); /* cancels */
    case 2: return spv2c_bits_f32((r & 0x807fffffu) | ((rnd32() % 254u + 1u) << 23));
    default: return spv2c_bits_f32(r & 0x80ffffffu);                       /* tiny */
    }
}

static double pick_f64(int kind, double a, double b)
{
    uint64_t r = rnd64();
    switch (kind) {
    case 0: return spv2c_bits_f64(r);
    case 1: return spv2c_bits_f64(spv2c_f64_bits(-(a * b)) + (r & 7u) - 3u);
    case 2: return spv2c_bits_f64((r & 0x800fffffffffffffu) | ((uint64_t)(rnd32() % 2046u + 1u) << 52));
    default: return spv2c_bits_f64(r & 0x801fffffffffffffu);
    }
}

/* a factor whose exponent lands the product in a region: any, tiny, huge */
static uint32_t exp_f32(int region)
{
    return region == 0 ? rnd32() % 254u + 1u : region == 1 ? rnd32() % 60u + 1u
                                                          : rnd32() % 30u + 224u;
}

static uint64_t exp_f64(int region)
{
    return region == 0 ? rnd32() % 2046u + 1u : region == 1 ? rnd32() % 500u + 1u
                                                           : rnd32() % 40u + 2000u;
}

int main(void)
{
    mpfr_t a, b, c, t;
    long i;
    printf("test_own\n");
    mpfr_inits2(2400, a, b, c, t, (mpfr_ptr)0);
    group("trunc f32 f64 (MPFR)");
    for (i = 0; i < 400000; i++) {
        float x = spv2c_bits_f32(i < 1024 ? (uint32_t)i << 22 : rnd32()), w;
        double d = spv2c_bits_f64(i < 4096 ? (uint64_t)i << 52 | (rnd64() >> 12) : rnd64()), dw;
        mpfr_set_flt(a, x, MPFR_RNDN);
        mpfr_trunc(a, a);
        w = mpfr_get_flt(a, MPFR_RNDN);
        CHECK(same_f32(spv2c__trunc_f32(x), w), "trunc(%a) = %a, want %a", x, spv2c__trunc_f32(x), w);
        mpfr_set_d(a, d, MPFR_RNDN);
        mpfr_trunc(a, a);
        dw = mpfr_get_d(a, MPFR_RNDN);
        CHECK(same_f64(spv2c__trunc_f64(d), dw), "trunc(%a) = %a, want %a", d,
              spv2c__trunc_f64(d), dw);
    }
    group("soft fma f32 (MPFR)");
    for (i = 0; i < 300000; i++) {
        int region = (int)(i % 3), kind = (int)(i / 3 % 4);
        float x = spv2c_bits_f32((rnd32() & 0x807fffffu) | exp_f32(region) << 23);
        float y = spv2c_bits_f32((rnd32() & 0x807fffffu) | exp_f32(region) << 23), z, r, w;
        if (i % 17 == 0) {
            x = spv2c_bits_f32(rnd32());
            y = spv2c_bits_f32(i % 2 ? rnd32() : rnd32() & 0x807fffffu);
        }
        z = pick_f32(kind, x, y);
        mpfr_set_flt(a, x, MPFR_RNDN);
        mpfr_set_flt(b, y, MPFR_RNDN);
        mpfr_set_flt(c, z, MPFR_RNDN);
        mpfr_fma(t, a, b, c, MPFR_RNDN);           /* exact at 2400 bits */
        w = oracle_f32(t, 0);
        r = spv2c__soft_fma_f32(x, y, z);
        CHECK(same_f32(r, w), "fma(%a, %a, %a) = %a, want %a", x, y, z, r, w);
    }
    group("soft fma f64 (MPFR)");
    for (i = 0; i < 300000; i++) {
        int region = (int)(i % 3), kind = (int)(i / 3 % 4);
        double x = spv2c_bits_f64((rnd64() & 0x800fffffffffffffu) | exp_f64(region) << 52);
        double y = spv2c_bits_f64((rnd64() & 0x800fffffffffffffu) | exp_f64(region) << 52), z, r, w;
        if (i % 17 == 0) {
            x = spv2c_bits_f64(rnd64());
            y = spv2c_bits_f64(i % 2 ? rnd64() : rnd64() & 0x800fffffffffffffu);
        }
        z = pick_f64(kind, x, y);
        mpfr_set_d(a, x, MPFR_RNDN);
        mpfr_set_d(b, y, MPFR_RNDN);
        mpfr_set_d(c, z, MPFR_RNDN);
        mpfr_fma(t, a, b, c, MPFR_RNDN);
        w = oracle_f64(t, 0);
        r = spv2c__soft_fma_f64(x, y, z);
        CHECK(same_f64(r, w), "fma(%a, %a, %a) = %a, want %a", x, y, z, r, w);
    }
    mpfr_clears(a, b, c, t, (mpfr_ptr)0);
    mpfr_free_cache();
    return finish("test_own");
}
