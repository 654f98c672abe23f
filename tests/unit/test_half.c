/*
 * runtime/half.h: half -> float/double for all 65536 halves against a
 * decoding by ldexp; float, double and every integer type -> half in the
 * four rounding modes against MPFR (all halves, all midpoints and their
 * neighbours, random inputs); the fused multiply-add on halves against
 * MPFR.
 *
 * The vector data entry points (spv2c_vload_halfn_f32, spv2c_vstore_halfn_*)
 * are checked on both paths the build has: the portable one and the fast
 * one (the same code unless compiled with -mf16c, as the test half-f16c
 * is): all halves; 10^7 floats a mode plus every half and midpoint +-1 ulp
 * against an oracle of exact comparisons with a table of half values;
 * 10^6 doubles a mode, most of them near midpoints, against MPFR.
 */
/* half-dispatch: what runtime/base.h defines for the kernel's AVX2/F16C
   clone on x86-64 with gcc or clang (the same tokens, so no conflict) */
#if defined(SPV2C_TEST_F16_DISPATCH)
#define SPV2C_AVX2_ 1
#endif
#include "unit.h"
#include "half_ref.h"
#if defined(SPV2C_F16_FAST_F16C) || defined(SPV2C_F16_DISPATCH)
#include <cpuid.h>
#endif

typedef uint16_t (*f2h_fn)(float);
typedef uint16_t (*d2h_fn)(double);
static const f2h_fn f2h[4] = { spv2c_conv_f16_f32_rte, spv2c_conv_f16_f32_rtz,
                               spv2c_conv_f16_f32_rtp, spv2c_conv_f16_f32_rtn };
static const d2h_fn d2h[4] = { spv2c_conv_f16_f64_rte, spv2c_conv_f16_f64_rtz,
                               spv2c_conv_f16_f64_rtp, spv2c_conv_f16_f64_rtn };

/* the half a NaN becomes: quiet, same sign, top ten payload bits */
static uint16_t nan_f32(float f)
{
    uint32_t b = spv2c_f32_bits(f);
    return (uint16_t)((b >> 16 & 0x8000u) | 0x7e00u | (b >> 13 & 0x3ffu));
}

static uint16_t nan_f64(double d)
{
    uint64_t b = spv2c_f64_bits(d);
    return (uint16_t)((b >> 48 & 0x8000u) | 0x7e00u | (b >> 42 & 0x3ffu));
}

static void test_to_float(void)
{
    long h;
    group("f16 -> f32/f64, all halves");
    for (h = 0; h < 65536; h++) {
        int s = (int)(h >> 15), e = (int)(h >> 10 & 31), m = (int)(h & 1023);
        float got = spv2c_conv_f32_f16((uint16_t)h);
        double gotd = spv2c_conv_f64_f16((uint16_t)h);
        if (e == 31 && m) {
            uint32_t want = (uint32_t)s << 31 | 0x7fc00000u | (uint32_t)m << 13;
            CHECK(spv2c_f32_bits(got) == want, "f16 0x%04lx -> 0x%08x, want 0x%08x", h,
                  spv2c_f32_bits(got), want);
            CHECK(gotd != gotd && !signbit(gotd) == !signbit(got), "f16 0x%04lx -> double", h);
        } else {
            double v = e == 31 ? INFINITY : e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
            if (s)
                v = -v;
            CHECK(same_f32(got, (float)v), "f16 0x%04lx -> %a, want %a", h, got, v);
            CHECK(same_f64(gotd, v), "f16 0x%04lx -> %a (double), want %a", h, gotd, v);
        }
    }
}

static void check_f2h(float f)
{
    mpfr_t v;
    int m;
    if (f != f) {
        for (m = 0; m < 4; m++)
            CHECK(f2h[m](f) == nan_f32(f), "conv_f16_f32_%s(NaN 0x%08x) = 0x%04x", mode_name(m),
                  spv2c_f32_bits(f), f2h[m](f));
        return;
    }
    mpfr_init2(v, 24);
    mpfr_set_flt(v, f, MPFR_RNDN);
    for (m = 0; m < 4; m++) {
        uint16_t w = oracle_f16(v, m), g = f2h[m](f);
        CHECK(g == w, "conv_f16_f32_%s(%a) = 0x%04x, want 0x%04x", mode_name(m), f, g, w);
    }
    mpfr_clear(v);
}

static void check_d2h(double d)
{
    mpfr_t v;
    int m;
    if (d != d) {
        for (m = 0; m < 4; m++)
            CHECK(d2h[m](d) == nan_f64(d), "conv_f16_f64_%s(NaN) = 0x%04x", mode_name(m),
                  d2h[m](d));
        return;
    }
    mpfr_init2(v, 53);
    mpfr_set_d(v, d, MPFR_RNDN);
    for (m = 0; m < 4; m++) {
        uint16_t w = oracle_f16(v, m), g = d2h[m](d);
        CHECK(g == w, "conv_f16_f64_%s(%a) = 0x%04x, want 0x%04x", mode_name(m), d, g, w);
    }
    mpfr_clear(v);
}

/* exact value of half h; 0x7c00 counts as 2^16 (the next binade's start) */
static double half_value(uint16_t h)
{
    return h == 0x7c00u ? 65536.0 : (double)spv2c_conv_f32_f16(h);
}

static void test_from_float(void)
{
    long i;
    uint32_t h;
    group("f32 -> f16, 4 modes, every half +-0/1 ulp");
    for (h = 0; h < 0x7c00u; h++) {
        float f = (float)half_value((uint16_t)h);
        check_f2h(f);
        check_f2h(-f);
        check_f2h(nextafterf(f, INFINITY));
        check_f2h(-nextafterf(f, 0));
    }
    group("f32 -> f16, 4 modes, every midpoint +-0/1 ulp");
    for (h = 0; h < 0x7c00u; h++) {
        /* halfway to the next half; past the largest finite: to 2^16 */
        float mid = (float)((half_value((uint16_t)h) + half_value((uint16_t)(h + 1))) / 2);
        check_f2h(mid);
        check_f2h(-mid);
        check_f2h(nextafterf(mid, INFINITY));
        check_f2h(-nextafterf(mid, 0));
    }
    group("f32 -> f16, 4 modes, special");
    check_f2h(INFINITY);
    check_f2h(-INFINITY);
    check_f2h(spv2c_bits_f32(0x7fc00000u));
    check_f2h(spv2c_bits_f32(0xff800001u));
    check_f2h(spv2c_bits_f32(0x7fbfe000u));
    check_f2h(FLT_MAX);
    check_f2h(-FLT_MAX);
    check_f2h(0x1p-149f);
    check_f2h(0x1p-25f);
    check_f2h(-0x1p-25f);
    check_f2h(0x1.000002p-25f);
    check_f2h(65520.0f);
    check_f2h(-65520.0f);
    check_f2h(65536.0f);
    group("f32 -> f16, 4 modes, random bits");
    for (i = 0; i < 300000; i++)
        check_f2h(spv2c_bits_f32(rnd32()));
    group("f32 -> f16, 4 modes, half range");
    for (i = 0; i < 700000; i++) {
        uint32_t r = rnd32();
        /* exponents 2^-27 .. 2^17 */
        uint32_t e = 100 + r % 45;
        check_f2h(spv2c_bits_f32((r & 0x80000000u) | e << 23 | (rnd32() & 0x7fffffu)));
    }
}

static void test_from_double(void)
{
    long i;
    uint32_t h;
    group("f64 -> f16, 4 modes, midpoints +-k ulp");
    for (h = 0; h < 0x7c00u; h++) {
        double mid = (half_value((uint16_t)h) + half_value((uint16_t)(h + 1))) / 2;
        /* a float would round these to the midpoint: double rounding bait */
        check_d2h(mid);
        check_d2h(-nextafter(mid, INFINITY));
        check_d2h(nextafter(mid, 0));
        check_d2h(mid * (1 + 0x1p-40));
        check_d2h(-mid * (1 - 0x1p-40));
    }
    group("f64 -> f16, 4 modes, special");
    check_d2h(INFINITY);
    check_d2h(-INFINITY);
    check_d2h(NAN);
    check_d2h(-NAN);
    check_d2h(spv2c_bits_f64(0x7ff0000000000001u));
    check_d2h(DBL_MAX);
    check_d2h(0x1p-1074);
    check_d2h(-0x1p-25);
    check_d2h(0x1.0000000000001p-25);
    check_d2h(65519.999999999993);
    check_d2h(0.0);
    check_d2h(-0.0);
    group("f64 -> f16, 4 modes, random bits");
    for (i = 0; i < 100000; i++)
        check_d2h(spv2c_bits_f64(rnd64()));
    group("f64 -> f16, 4 modes, half range");
    for (i = 0; i < 200000; i++) {
        uint64_t r = rnd64();
        uint64_t e = 996 + r % 45;
        check_d2h(spv2c_bits_f64((r & 0x8000000000000000u) | e << 52
                                 | (rnd64() & 0xfffffffffffffu)));
    }
}

/* ---- integers -> half ---- */

typedef uint16_t (*i2h_fn)(uint64_t);
#define I2H_WRAP(S, ST, M) \
    static uint16_t wh_##S##_##M(uint64_t x) { return spv2c_conv_f16_##S##_##M((ST)x); }
#define I2H_WRAP_SRC(S, ST) \
    I2H_WRAP(S, ST, rte) I2H_WRAP(S, ST, rtz) I2H_WRAP(S, ST, rtp) I2H_WRAP(S, ST, rtn)
I2H_WRAP_SRC(i8, uint8_t) I2H_WRAP_SRC(i16, uint16_t) I2H_WRAP_SRC(i32, uint32_t)
I2H_WRAP_SRC(i64, uint64_t) I2H_WRAP_SRC(u8, uint8_t) I2H_WRAP_SRC(u16, uint16_t)
I2H_WRAP_SRC(u32, uint32_t) I2H_WRAP_SRC(u64, uint64_t)
#define I2H_ROW(S, SIGNED, BITS) { #S, SIGNED, BITS, \
    { wh_##S##_rte, wh_##S##_rtz, wh_##S##_rtp, wh_##S##_rtn } }

static const struct {
    const char *name;
    int is_signed, bits;
    i2h_fn f[4];
} i2h[8] = {
    I2H_ROW(i8, 1, 8), I2H_ROW(i16, 1, 16), I2H_ROW(i32, 1, 32), I2H_ROW(i64, 1, 64),
    I2H_ROW(u8, 0, 8), I2H_ROW(u16, 0, 16), I2H_ROW(u32, 0, 32), I2H_ROW(u64, 0, 64),
};

static void check_i2h(int k, uint64_t x)
{
    mpfr_t v;
    int m, bits = i2h[k].bits;
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
    x &= mask;
    mpfr_init2(v, 66);
    if (i2h[k].is_signed && (x >> (bits - 1)) & 1)
        mpfr_set_sj(v, -(intmax_t)(~x & mask) - 1, MPFR_RNDN);
    else
        mpfr_set_uj(v, x, MPFR_RNDN);
    for (m = 0; m < 4; m++) {
        uint16_t w = oracle_f16(v, m), g = i2h[k].f[m](x);
        CHECK(g == w, "conv_f16_%s_%s(0x%llx) = 0x%04x, want 0x%04x", i2h[k].name,
              mode_name(m), (unsigned long long)x, g, w);
    }
    mpfr_clear(v);
}

static void test_from_int(void)
{
    long i;
    int k;
    group("int8/16 -> f16, 4 modes, all values");
    for (k = 0; k < 8; k++)
        if (i2h[k].bits <= 16)
            for (i = 0; i < (1L << i2h[k].bits); i++)
                check_i2h(k, (uint64_t)i);
    group("int32/64 -> f16, 4 modes, random");
    for (i = 0; i < 40000; i++)
        for (k = 0; k < 8; k++)
            if (i2h[k].bits >= 32) {
                uint64_t x = i & 1 ? rnd_edgy64() : rnd64() >> (rnd64() & 63);
                check_i2h(k, i & 2 ? 0u - x : x);
            }
}

/* ---- fma on halves ---- */

static uint16_t rnd_half(void)
{
    uint32_t r = rnd32();
    /* mostly finite, exponents spread; sometimes special */
    if ((r & 255) == 0)
        return (uint16_t)(r >> 8 & 1 ? 0x7c00u | (r >> 16 & 0x8000u) : (r >> 16 & 0x8000u));
    return (uint16_t)((r >> 16 & 0x8000u) | ((r >> 8) % 31) << 10 | (rnd32() & 0x3ffu));
}

static void test_fma(void)
{
    long i;
    mpfr_t a, b, c, p;
    mpfr_inits2(128, a, b, c, p, (mpfr_ptr)0);
    group("fma_f16 (rte), random");
    for (i = 0; i < 400000; i++) {
        uint16_t x = rnd_half(), y = rnd_half(), z = rnd_half(), w, g;
        if (i & 1) {   /* cancelling: z near -x*y */
            uint16_t t = spv2c_conv_f16_f32_rte(-(spv2c_conv_f32_f16(x) * spv2c_conv_f32_f16(y)));
            z = (uint16_t)(t + (rnd32() & 7) - 3);
        }
        if (i % 4 == 3) {   /* x*y exactly halfway between halves, z tiny */
            uint32_t t = 2049u + 2u * (rnd32() % 1023u), a, d = 0;
            int sa = (int)(rnd32() % 12) - 12, sb = (int)(rnd32() % 12) - 12;
            for (a = 3; a * a <= t && !d; a += 2)
                if (t % a == 0 && t / a <= 2047u)
                    d = a;
            if (!d)
                continue;
            x = spv2c_conv_f16_f32_rte(ldexpf((float)d, sa));
            y = spv2c_conv_f16_f32_rte(ldexpf((float)(t / d), sb));
            z = (uint16_t)((rnd32() & 0x8000u) | (rnd32() % 64u));
        }
        if ((z & 0x7c00u) == 0x7c00u && (z & 0x3ffu))
            continue;
        mpfr_set_flt(a, spv2c_conv_f32_f16(x), MPFR_RNDN);
        mpfr_set_flt(b, spv2c_conv_f32_f16(y), MPFR_RNDN);
        mpfr_set_flt(c, spv2c_conv_f32_f16(z), MPFR_RNDN);
        mpfr_mul(p, a, b, MPFR_RNDN);                 /* exact */
        mpfr_add(p, p, c, MPFR_RNDN);                 /* exact: 128 bits cover it */
        w = oracle_f16(p, 0);
        if (mpfr_zero_p(p) && !mpfr_zero_p(c))        /* exact cancellation: +0 */
            w = 0;
        g = spv2c_fma_f16(x, y, z);
        if (mpfr_nan_p(p))
            CHECK((g & 0x7c00u) == 0x7c00u && (g & 0x3ffu), "fma_f16(%04x,%04x,%04x) = %04x, "
                  "want NaN", x, y, z, g);
        else
            CHECK(g == w, "fma_f16(0x%04x, 0x%04x, 0x%04x) = 0x%04x, want 0x%04x", x, y, z, g, w);
    }
    mpfr_clears(a, b, c, p, (mpfr_ptr)0);
}

/* ---- halves: frexp, modf, fract, nextafter, against float and search ---- */

static void test_half_math(void)
{
    long h, k;
    group("f16 frexp modf fract, all halves");
    for (h = 0; h < 65536; h++) {
        float f = spv2c_conv_f32_f16((uint16_t)h), ipf, wf, wi;
        uint32_t e = 99;
        int ce = 0;
        uint16_t ip = 1, m;
        m = spv2c_frexp_f16((uint16_t)h, &e);
        wf = frexpf(f, &ce);
        if (f != f || isinf(f))
            ce = 0;
        CHECK(same_f32(spv2c_conv_f32_f16(m), wf) && (int32_t)e == ce, "frexp_f16(0x%04lx)", h);
        m = spv2c_modf_f16((uint16_t)h, &ip);
        wf = modff(f, &ipf);
        CHECK(same_f32(spv2c_conv_f32_f16(m), wf) && same_f32(spv2c_conv_f32_f16(ip), ipf),
              "modf_f16(0x%04lx)", h);
        m = spv2c_fract_f16((uint16_t)h, &ip);
        wi = floorf(f);
        if (f != f)
            wf = f;
        else if (isinf(f))
            wf = copysignf(0, f);
        else {  /* f - floor(f) rounded to half, at most the half below 1 */
            mpfr_t a;
            mpfr_init2(a, 64);
            mpfr_set_flt(a, f, MPFR_RNDN);
            mpfr_sub_d(a, a, (double)wi, MPFR_RNDN);
            wf = spv2c_conv_f32_f16(oracle_f16(a, 0));
            mpfr_clear(a);
            if (wf > 0x1.ffcp-1f)
                wf = 0x1.ffcp-1f;
        }
        CHECK(same_f32(spv2c_conv_f32_f16(m), wf) && same_f32(spv2c_conv_f32_f16(ip), wi),
              "fract_f16(0x%04lx) = 0x%04x", h, m);
    }
    group("f16 nextafter, all halves x 8 targets");
    {
        /* every non-NaN half value once (-0 left out), ascending */
        static float vals[65536];
        long nv = 0;
        for (h = 0xfc00; h > 0x8000; h--)
            vals[nv++] = spv2c_conv_f32_f16((uint16_t)h);
        for (h = 0; h <= 0x7c00; h++)
            vals[nv++] = spv2c_conv_f32_f16((uint16_t)h);
        for (h = 0; h < 65536; h++) {
            static const uint16_t ys[8] = { 0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00,
                                            0x7e00, 0x0001 };
            float x = spv2c_conv_f32_f16((uint16_t)h);
            for (k = 0; k < 8; k++) {
                float y = spv2c_conv_f32_f16(ys[k]), w;
                uint16_t g = spv2c_nextafter_f16((uint16_t)h, ys[k]);
                long lo = 0, hi = nv - 1;
                if (x != x || y != y) {
                    CHECK(g == (x != x ? (uint16_t)h : ys[k]), "nextafter_f16(0x%04lx, 0x%04x)",
                          h, ys[k]);
                    continue;
                }
                if (x == y) {
                    CHECK(g == ys[k], "nextafter_f16(0x%04lx, 0x%04x)", h, ys[k]);
                    continue;
                }
                while (lo < hi) {   /* index of x (of 0 for -0) */
                    long mid = (lo + hi) / 2;
                    if (vals[mid] < x)
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                w = vals[y > x ? lo + 1 : lo - 1];
                /* from zero toward y the result is the smallest subnormal of y's sign;
                   as C does, a zero result keeps x's sign only if it is x itself */
                CHECK(spv2c_conv_f32_f16(g) == w && (w != 0 || g == (x < 0 ? 0x8000u : 0u)
                                                      || g == 0x8000u || g == 0u),
                      "nextafter_f16(0x%04lx, 0x%04x) = 0x%04x", h, ys[k], g);
            }
        }
    }
}

/* ---- the array entry points, both paths ---- */

#if defined(SPV2C_F16_FAST_F16C)
#define FAST_NAME "F16C"
#elif defined(SPV2C_F16_DISPATCH)
#define FAST_NAME "F16C chosen at run time"
#elif defined(SPV2C_F16_FAST_ARM)
#define FAST_NAME "ARM __fp16"
#else
#define FAST_NAME "none (portable)"
#endif

/* the isa argument of the _x entry points: 1 (the kernel clone's F16C
   path) in a run-time dispatch build on a CPU with F16C, as in the clone */
static int fast_isa;

static void x_load32(float *d, const uint16_t *s, size_t n)
{
    spv2c_vload_halfn_f32_x(fast_isa, d, s, n);
}

static void x_store32(uint16_t *d, const float *s, size_t n, int m)
{
    if (m == 0) spv2c_vstore_halfn_f32_rte_x(fast_isa, d, s, n);
    else if (m == 1) spv2c_vstore_halfn_f32_rtz_x(fast_isa, d, s, n);
    else if (m == 2) spv2c_vstore_halfn_f32_rtp_x(fast_isa, d, s, n);
    else spv2c_vstore_halfn_f32_rtn_x(fast_isa, d, s, n);
}

static void x_store64(uint16_t *d, const double *s, size_t n, int m)
{
    if (m == 0) spv2c_vstore_halfn_f64_rte_x(fast_isa, d, s, n);
    else if (m == 1) spv2c_vstore_halfn_f64_rtz_x(fast_isa, d, s, n);
    else if (m == 2) spv2c_vstore_halfn_f64_rtp_x(fast_isa, d, s, n);
    else spv2c_vstore_halfn_f64_rtn_x(fast_isa, d, s, n);
}

typedef void (*st32_fn)(uint16_t *, const float *, size_t, int);
typedef void (*st64_fn)(uint16_t *, const double *, size_t, int);
typedef void (*ld32_fn)(float *, const uint16_t *, size_t);
static const struct {
    const char *name;
    ld32_fn ld;
    st32_fn st32;
    st64_fn st64;
} paths[2] = {
    { "portable", spv2c_vload_halfn_f32_portable, spv2c_vstore_halfn_f32_portable,
      spv2c_vstore_halfn_f64_portable },
    /* the fast path through the _x entry points the templates call */
    { "fast", x_load32, x_store32, x_store64 },
};

/* the public per-mode names, called once each as the templates do */
static void public_store32(uint16_t *d, const float *s, size_t n, int m)
{
    if (m == 0) spv2c_vstore_halfn_f32_rte(d, s, n);
    else if (m == 1) spv2c_vstore_halfn_f32_rtz(d, s, n);
    else if (m == 2) spv2c_vstore_halfn_f32_rtp(d, s, n);
    else spv2c_vstore_halfn_f32_rtn(d, s, n);
}

static void public_store64(uint16_t *d, const double *s, size_t n, int m)
{
    if (m == 0) spv2c_vstore_halfn_f64_rte(d, s, n);
    else if (m == 1) spv2c_vstore_halfn_f64_rtz(d, s, n);
    else if (m == 2) spv2c_vstore_halfn_f64_rtp(d, s, n);
    else spv2c_vstore_halfn_f64_rtn(d, s, n);
}

/*
 * Oracle for float -> half sharing no code with the runtime: the value of
 * every finite half by ldexp in a sorted table (the entry 0x7c00 standing
 * for 2^16), a binary search for the half below |f|, and the mode's choice
 * decided by exact comparisons in double (halves and floats are exact
 * there, and so is the midpoint of two neighbouring halves).
 */
static double hval[0x7c01];

static void hval_init(void)
{
    long h;
    for (h = 0; h < 0x7c00; h++)
        hval[h] = h >> 10 ? ldexp((double)(1024 + (h & 1023)), (int)(h >> 10) - 25)
                          : ldexp((double)h, -24);
    hval[0x7c00] = 65536.0;
}

static void ref_f2h(float f, uint16_t out[4])
{
    double a = fabs((double)f);
    uint16_t sign = signbit(f) ? 0x8000u : 0u;
    long lo = 0, hi = 0x7c00;
    int m;
    if (f != f) {
        for (m = 0; m < 4; m++)
            out[m] = nan_f32(f);
        return;
    }
    if (a >= 65536.0) {          /* beyond the last binade, infinity included */
        for (m = 0; m < 4; m++) {
            int up = m == 0 || (m == 2 && !sign) || (m == 3 && sign);
            out[m] = (uint16_t)(sign | (up || a == INFINITY ? 0x7c00u : 0x7bffu));
        }
        return;
    }
    while (hi - lo > 1) {        /* hval[lo] <= a < hval[hi] */
        long mid = (lo + hi) / 2;
        if (hval[mid] <= a)
            lo = mid;
        else
            hi = mid;
    }
    if (hval[lo] == a) {
        for (m = 0; m < 4; m++)
            out[m] = (uint16_t)(sign | lo);
        return;
    }
    {
        double mid = (hval[lo] + hval[hi]) / 2;
        long near = a < mid ? lo : a > mid ? hi : (lo & 1) ? hi : lo;
        out[0] = (uint16_t)(sign | near);
        out[1] = (uint16_t)(sign | lo);
        out[2] = (uint16_t)(sign | (sign ? lo : hi));
        out[3] = (uint16_t)(sign | (sign ? hi : lo));
    }
}

#define CHUNK 8192

/* n floats through every path and mode against the oracle */
static void check_f2h_array(const float *f, size_t n)
{
    static uint16_t got[CHUNK], want[CHUNK][4];
    size_t i;
    int p, m;
    for (i = 0; i < n; i++)
        ref_f2h(f[i], want[i]);
    for (p = 0; p < 3; p++)
        for (m = 0; m < 4; m++) {
            if (p < 2)
                paths[p].st32(got, f, n, m);
            else
                public_store32(got, f, n, m);
            for (i = 0; i < n; i++)
                CHECK(got[i] == want[i][m], "%s f32 -> f16 %s (%a = 0x%08x) = 0x%04x, want 0x%04x",
                      p < 2 ? paths[p].name : "public", mode_name(m), f[i],
                      spv2c_f32_bits(f[i]), got[i], want[i][m]);
        }
}

/* n doubles through every path and mode against MPFR */
static void check_d2h_array(const double *d, size_t n)
{
    static uint16_t got[CHUNK], want[CHUNK][4];
    size_t i;
    int p, m;
    mpfr_t v;
    mpfr_init2(v, 53);
    for (i = 0; i < n; i++) {
        if (d[i] != d[i]) {
            for (m = 0; m < 4; m++)
                want[i][m] = nan_f64(d[i]);
            continue;
        }
        mpfr_set_d(v, d[i], MPFR_RNDN);
        for (m = 0; m < 4; m++)
            want[i][m] = oracle_f16(v, m);
    }
    mpfr_clear(v);
    for (p = 0; p < 3; p++)
        for (m = 0; m < 4; m++) {
            if (p < 2)
                paths[p].st64(got, d, n, m);
            else
                public_store64(got, d, n, m);
            for (i = 0; i < n; i++)
                CHECK(got[i] == want[i][m], "%s f64 -> f16 %s (%a) = 0x%04x, want 0x%04x",
                      p < 2 ? paths[p].name : "public", mode_name(m), d[i], got[i], want[i][m]);
        }
}

static void test_array_load(void)
{
    static uint16_t h[65536 + 16];
    static float f[65536 + 16];
    static double d[65536 + 16];
    long i;
    int p;
    size_t n, off;
    for (i = 0; i < 65536; i++)
        h[i] = (uint16_t)i;
    for (p = 0; p < 2; p++) {
        group(p ? "vload_halfn fast, all halves" : "vload_halfn portable, all halves");
        memset(f, 0, sizeof f);
        paths[p].ld(f, h, 65536);
        for (i = 0; i < 65536; i++)
            CHECK(same_f32(f[i], spv2c_conv_f32_f16((uint16_t)i))
                  && (f[i] == f[i] || spv2c_f32_bits(f[i]) == spv2c_f32_bits(spv2c_conv_f32_f16((uint16_t)i))),
                  "%s vload_halfn(0x%04lx) = 0x%08x", paths[p].name, i, spv2c_f32_bits(f[i]));
    }
    group("vload_halfn f64, all halves");
    spv2c_vload_halfn_f64(d, h, 65536);
    for (i = 0; i < 65536; i++)
        CHECK(same_f64(d[i], (double)spv2c_conv_f32_f16((uint16_t)i)), "vload_halfn_f64(0x%04lx)", i);
    group("vload_halfn/vstore_halfn, n 0..40 at odd offsets");
    for (n = 0; n <= 40; n++)
        for (off = 0; off < 5; off++) {
            uint16_t src[64], dst[64];
            float tf[64];
            double td[64];
            for (i = 0; i < 64; i++) {
                src[i] = (uint16_t)rnd32();
                dst[i] = 0x5555u;
                tf[i] = -1.0f;
                td[i] = -1.0;
            }
            for (p = 0; p < 2; p++) {
                float tf2[64];
                memcpy(tf2, tf, sizeof tf2);
                paths[p].ld(tf2 + off, src + off, n);
                for (i = 0; i < 64; i++) {
                    int in = i >= (long)off && i < (long)(off + n);
                    CHECK(in ? same_f32(tf2[i], spv2c_conv_f32_f16(src[i])) : tf2[i] == -1.0f,
                          "%s vload_halfn n=%zu off=%zu: element %ld", paths[p].name, n, off, i);
                }
            }
            spv2c_vload_halfn_f64(td + off, src + off, n);
            spv2c_vload_halfn_f32(tf + off, src + off, n);
            for (i = 0; i < 64; i++) {
                int in = i >= (long)off && i < (long)(off + n);
                CHECK(in ? same_f64(td[i], (double)spv2c_conv_f32_f16(src[i])) : td[i] == -1.0,
                      "vload_halfn_f64 n=%zu off=%zu: element %ld", n, off, i);
            }
            for (p = 0; p < 3; p++) {
                int m = (int)(n & 3);
                uint16_t d2[64];
                memcpy(d2, dst, sizeof d2);
                if (p < 2)
                    paths[p].st32(d2 + off, tf + off, n, m);
                else
                    paths[1].st64(d2 + off, td + off, n, m);
                for (i = 0; i < 64; i++) {
                    int in = i >= (long)off && i < (long)(off + n);
                    uint16_t w = in ? spv2c__f16_from_f32(tf[i], m) : 0x5555u;
                    /* NaNs come back quiet */
                    if (in && (w & 0x7c00u) == 0x7c00u && (w & 0x3ffu))
                        w |= 0x200u;
                    CHECK(d2[i] == w, "%s vstore_halfn n=%zu off=%zu: element %ld = 0x%04x, "
                          "want 0x%04x", p < 2 ? paths[p].name : "f64", n, off, i, d2[i], w);
                }
            }
        }
}

/* a random float near a half value or a midpoint: +-0..3 ulp */
static float near_boundary_f32(void)
{
    uint32_t r = rnd32();
    uint32_t h = r % 0x7c00u;
    double v = hval[h];
    float f;
    if (r & 0x8000u)                               /* midpoint */
        v = (v + hval[h + 1]) / 2;
    f = (float)v;                                  /* exact: halves and midpoints fit */
    f = spv2c_bits_f32(spv2c_f32_bits(f) + ((rnd32() & 7u) - 3u));
    return (r >> 31) ? -f : f;
}

static void test_array_from_float(void)
{
    static float buf[CHUNK];
    long i, chunk, k;
    uint32_t h;
    hval_init();
    group("oracle agrees with MPFR, boundaries + random");
    for (i = 0; i < 200000; i++) {
        float f = i & 1 ? near_boundary_f32() : spv2c_bits_f32(rnd32());
        uint16_t w[4];
        mpfr_t v;
        int m;
        if (f != f)
            continue;
        ref_f2h(f, w);
        mpfr_init2(v, 24);
        mpfr_set_flt(v, f, MPFR_RNDN);
        for (m = 0; m < 4; m++)
            CHECK(w[m] == oracle_f16(v, m), "oracle(%a) %s", f, mode_name(m));
        mpfr_clear(v);
    }
    group("vstore_halfn f32, every half and midpoint +-1 ulp");
    k = 0;
    for (h = 0; h <= 0x7c00u; h++) {
        float v = (float)hval[h];
        float mid = h < 0x7c00u ? (float)((hval[h] + hval[h + 1]) / 2) : 65536.0f;
        float c[8];
        int j;
        c[0] = v; c[1] = nextafterf(v, INFINITY); c[2] = nextafterf(v, 0);
        c[3] = mid; c[4] = nextafterf(mid, INFINITY); c[5] = nextafterf(mid, 0);
        c[6] = -v; c[7] = -mid;
        for (j = 0; j < 8; j++) {
            buf[k++] = c[j];
            buf[k++] = -c[j];
            if (k == CHUNK) {
                check_f2h_array(buf, (size_t)k);
                k = 0;
            }
        }
    }
    check_f2h_array(buf, (size_t)k);
    group("vstore_halfn f32, specials");
    {
        static const uint32_t sp[] = { 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
                                       0x7f800001u, 0x7fbfffffu, 0xff801fffu, 0x7fffe000u,
                                       0x7f7fffffu, 0xff7fffffu, 0x00000001u, 0x80000001u,
                                       0x007fffffu, 0x00800000u, 0x33000000u, 0x33000001u,
                                       0xb3000000u, 0x32ffffffu, 0x477fefffu, 0x477ff000u,
                                       0x477ff001u, 0xc77ff000u, 0x47800000u, 0x38800000u,
                                       0x387fffffu, 0x387fe000u, 0x387ff000u, 0x0u, 0x80000000u };
        float f[sizeof sp / sizeof sp[0]];
        size_t j;
        for (j = 0; j < sizeof sp / sizeof sp[0]; j++)
            f[j] = spv2c_bits_f32(sp[j]);
        check_f2h_array(f, j);
    }
    group("vstore_halfn f32, 10^7 sampled");
    for (chunk = 0; chunk < 10000000 / CHUNK + 1; chunk++) {
        for (i = 0; i < CHUNK; i++) {
            uint32_t r = rnd32();
            switch (r & 3) {
            case 0:             /* any bits */
                buf[i] = spv2c_bits_f32(rnd32());
                break;
            case 1:             /* exponents 2^-27 .. 2^17, the half range */
            case 2:
                buf[i] = spv2c_bits_f32((r & 0x80000000u) | (100u + (r >> 2) % 45u) << 23
                                        | (rnd32() & 0x7fffffu));
                break;
            default:
                buf[i] = near_boundary_f32();
                break;
            }
        }
        check_f2h_array(buf, CHUNK);
    }
}

static void test_array_from_double(void)
{
    static double buf[CHUNK];
    long i, chunk;
    group("vstore_halfn f64, 10^6 sampled, most near midpoints");
    for (chunk = 0; chunk < 1000000 / CHUNK + 1; chunk++) {
        for (i = 0; i < CHUNK; i++) {
            uint64_t r = rnd64();
            uint32_t h = (uint32_t)(r % 0x7c00u);
            double mid = (hval[h] + hval[h + 1]) / 2, d;
            int k = (int)((r >> 20) % 40);
            switch ((r >> 16) & 7) {
            case 0:             /* any bits */
                d = spv2c_bits_f64(rnd64());
                break;
            case 1:             /* the half range */
                d = spv2c_bits_f64((r & 0x8000000000000000u) | (uint64_t)(996u + (r >> 8) % 45u) << 52
                                   | (rnd64() & 0xfffffffffffffu));
                break;
            case 2:             /* midpoint +-k ulp of double: a float would be the midpoint */
            case 3:
                d = spv2c_bits_f64(spv2c_f64_bits(mid) + (uint64_t)(k - 20));
                break;
            case 4:             /* midpoint * (1 +- 2^-e): below, at and above float precision */
            case 5:
                d = mid * (1 + ((r >> 40) & 1 ? 1 : -1) * ldexp(1, -(int)(22 + (r >> 41) % 31)));
                break;
            case 6:             /* a half value +- a little */
                d = hval[h] * (1 + ((r >> 40) & 1 ? 1 : -1) * ldexp(1, -(int)(12 + (r >> 41) % 41)));
                break;
            default:            /* tiny, huge, subnormal doubles, specials */
                d = spv2c_bits_f64((rnd64() & 0x800fffffffffffffu)
                                   | (uint64_t)((r >> 8) % 8 < 4 ? (r >> 12) % 1000 : 1030 + (r >> 12) % 1018) << 52);
                break;
            }
            buf[i] = (r >> 63) ? -d : d;
        }
        check_d2h_array(buf, CHUNK);
    }
}

/* the reworked conversions give the bits of the pre-rework code
   (half_ref.h): every half, and a fixed slice of the floats (every 1021st
   bit pattern, so every exponent, sign and many mantissas, plus every
   float within 64 of each class boundary) in the four modes through the
   portable array path; the full 2^32 sweep is scripts/long-half-sweep */
static void test_same_as_before(void)
{
    static const uint32_t edge[] = { 0, 0x33000000u, 0x38800000u, 0x477fe000u, 0x47800000u,
                                     0x7f800000u, 0x7fc00000u, 0x80000000u };
    static float f[4096];
    static uint16_t got[4096];
    uint64_t x = 0;
    long h;
    int m;
    unsigned k, e, c;
    group("f16 -> f32 portable == pre-rework, all halves");
    for (h = 0; h < 65536; h++)
        CHECK(spv2c__f16_f32_bits((uint32_t)h) == ref_f16_f32_bits((uint32_t)h),
              "f16 0x%04lx -> 0x%08x, before 0x%08x", h, spv2c__f16_f32_bits((uint32_t)h),
              ref_f16_f32_bits((uint32_t)h));
    group("f32 -> f16 portable == pre-rework, 4 modes, 4.2M floats + boundaries");
    while (x < 0x100000000u) {
        for (c = 0; c < 4096 && x < 0x100000000u; c++, x += 1021)
            f[c] = spv2c_bits_f32((uint32_t)x);
        if (x >= 0x100000000u)   /* the last block: the boundaries +-64 */
            for (e = 0; e < sizeof edge / sizeof *edge; e++)
                for (k = 0; k < 128 && c < 4096; k++)
                    f[c++] = spv2c_bits_f32(edge[e] + k - 64u);
        for (m = 0; m < 4; m++) {
            spv2c_vstore_halfn_f32_portable(got, f, c, m);
            for (k = 0; k < c; k++) {
                uint32_t b = spv2c_f32_bits(f[k]), w = ref_f16_from_f32_bits(b, m);
                CHECK(got[k] == w, "f32 0x%08x -> f16 %s 0x%04x, before 0x%04x", b,
                      mode_name(m), got[k], w);
            }
        }
    }
}

int main(void)
{
#if defined(SPV2C_F16_FAST_F16C)
    {   /* built with -mf16c: skip on a CPU without F16C (or without AVX enabled) */
        unsigned a, b, c, d;
        if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_F16C) || !(c & bit_OSXSAVE)) {
            printf("SKIP: this CPU has no F16C\n");
            return 77;
        }
    }
#endif
#if defined(SPV2C_F16_DISPATCH)
    {   /* the clone runs only where the CPU has F16C and the OS saves AVX state */
        unsigned a, b, c, d;
        __builtin_cpu_init();
        fast_isa = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C) && __builtin_cpu_supports("avx");
        if (!fast_isa)
            printf("note: this CPU has no F16C: the _x entry points run the portable path\n");
    }
#endif
    printf("test_half (fast path: %s)\n", FAST_NAME);
    test_same_as_before();
    test_to_float();
    test_from_float();
    test_from_double();
    test_from_int();
    test_fma();
    test_half_math();
    test_array_load();
    test_array_from_float();
    test_array_from_double();
    mpfr_free_cache();
    return finish("test_half");
}
