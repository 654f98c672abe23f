/*
 * runtime/convert.h against MPFR: float/double -> every integer type in
 * the four rounding modes with saturation, every integer type -> float and
 * double in the four modes, double -> float in the four modes.
 */
#include "unit.h"

/* ---- float -> integer ---- */

typedef uint64_t (*f2i_fn)(double);

#define F2I_WRAP(D, S, M, ST) \
    static uint64_t w_##D##_##S##_##M(double x) { return spv2c_conv_##D##_##S##_##M((ST)x); }
#define F2I_WRAP_DST(D) \
    F2I_WRAP(D, f32, rte, float) F2I_WRAP(D, f32, rtz, float) \
    F2I_WRAP(D, f32, rtp, float) F2I_WRAP(D, f32, rtn, float) \
    F2I_WRAP(D, f64, rte, double) F2I_WRAP(D, f64, rtz, double) \
    F2I_WRAP(D, f64, rtp, double) F2I_WRAP(D, f64, rtn, double)
F2I_WRAP_DST(i8) F2I_WRAP_DST(i16) F2I_WRAP_DST(i32) F2I_WRAP_DST(i64)
F2I_WRAP_DST(u8) F2I_WRAP_DST(u16) F2I_WRAP_DST(u32) F2I_WRAP_DST(u64)

#define F2I_ROW(D, S) { w_##D##_##S##_rte, w_##D##_##S##_rtz, w_##D##_##S##_rtp, w_##D##_##S##_rtn }

static const struct {
    const char *name;
    int is_signed, bits;
    f2i_fn f32[4], f64[4];
} f2i[8] = {
    { "i8", 1, 8, F2I_ROW(i8, f32), F2I_ROW(i8, f64) },
    { "i16", 1, 16, F2I_ROW(i16, f32), F2I_ROW(i16, f64) },
    { "i32", 1, 32, F2I_ROW(i32, f32), F2I_ROW(i32, f64) },
    { "i64", 1, 64, F2I_ROW(i64, f32), F2I_ROW(i64, f64) },
    { "u8", 0, 8, F2I_ROW(u8, f32), F2I_ROW(u8, f64) },
    { "u16", 0, 16, F2I_ROW(u16, f32), F2I_ROW(u16, f64) },
    { "u32", 0, 32, F2I_ROW(u32, f32), F2I_ROW(u32, f64) },
    { "u64", 0, 64, F2I_ROW(u64, f32), F2I_ROW(u64, f64) },
};

/* the integer MPFR rounds x to, saturated to the type; NaN -> 0. r is an
   integer, so comparing with the powers of two 2^(bits-1), 2^bits is exact */
static uint64_t f2i_oracle(mpfr_t r, int is_signed, int bits)
{
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
    if (mpfr_nan_p(r))
        return 0;
    if (is_signed) {
        double lim = ldexp(1.0, bits - 1);
        if (mpfr_cmp_d(r, -lim) < 0)
            return ((uint64_t)1 << (bits - 1));
        if (mpfr_cmp_d(r, lim) >= 0)
            return ((uint64_t)1 << (bits - 1)) - 1u;
        return (uint64_t)mpfr_get_sj(r, MPFR_RNDN) & mask;
    } else {
        if (mpfr_sgn(r) < 0)
            return 0;
        if (mpfr_cmp_d(r, ldexp(1.0, bits)) >= 0)
            return mask;
        return mpfr_get_uj(r, MPFR_RNDN);
    }
}

static void check_f2i(double x, int is_f32)
{
    mpfr_t v, r;
    int m, k;
    mpfr_init2(v, 64);
    mpfr_init2(r, 64);
    mpfr_set_d(v, x, MPFR_RNDN);
    for (m = 0; m < 4; m++) {
        mpfr_rint(r, v, mode_rnd(m));
        for (k = 0; k < 8; k++) {
            uint64_t want = f2i_oracle(r, f2i[k].is_signed, f2i[k].bits);
            uint64_t got = (is_f32 ? f2i[k].f32[m] : f2i[k].f64[m])(x);
            CHECK(got == want, "conv_%s_%s_%s(%a) = 0x%llx, want 0x%llx", f2i[k].name,
                  is_f32 ? "f32" : "f64", mode_name(m), x, (unsigned long long)got,
                  (unsigned long long)want);
        }
    }
    mpfr_clear(v);
    mpfr_clear(r);
}

/* floats around integers and the integer types' limits */
static double edgy_real(int is_f32)
{
    uint64_t r = rnd64();
    int k = (int)(r & 63);
    double base = ldexp(1.0, k), d;
    static const double fr[] = { 0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, -0.5, -1.5 };
    switch ((r >> 6) & 7) {
    case 0: d = base + fr[(r >> 9) % 9]; break;
    case 1: d = base - fr[(r >> 9) % 9]; break;
    case 2: d = (double)(int64_t)(rnd64() >> (r >> 9 & 63)) + fr[(r >> 15) % 9]; break;
    case 3: d = (double)(rnd64() % 1000) / 4; break;
    case 4: /* neighbours of a power of two */
        d = is_f32 ? (double)nextafterf((float)base, (r >> 9) & 1 ? INFINITY : 0)
                   : nextafter(base, (r >> 9) & 1 ? INFINITY : 0);
        break;
    default: d = ldexp((double)(rnd64() >> 11), -(int)((r >> 9) % 70)); break;
    }
    if ((r >> 20) & 1)
        d = -d;
    return is_f32 ? (double)(float)d : d;
}

static void test_f2i(void)
{
    long i;
    static const double fixed[] = {
        0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0x1p-149, -0x1p-149, 127.5, -128.5,
        128.0, -129.0, 255.5, 256.0, 32767.5, -32768.5, 65535.5, 2147483647.5,
        -2147483648.5, 2147483648.0, 4294967295.5, 4294967296.0, 0x1p63, -0x1p63,
        0x1p64, 0x1.fffffffffffffp63, -0x1.fffffffffffffp62, 0x1.fffffep63, 1e300, -1e300,
    };
    group("f32 -> int, 4 modes, fixed");
    for (i = 0; i < (long)(sizeof fixed / sizeof fixed[0]); i++) {
        check_f2i((float)fixed[i], 1);
        check_f2i(fixed[i], 0);
    }
    check_f2i(INFINITY, 1);
    check_f2i(-INFINITY, 1);
    check_f2i(NAN, 1);
    check_f2i(INFINITY, 0);
    check_f2i(-INFINITY, 0);
    check_f2i(NAN, 0);
    group("f32 -> int, 4 modes, random bits");
    for (i = 0; i < 200000; i++)
        check_f2i(spv2c_bits_f32(rnd32()), 1);
    group("f32 -> int, 4 modes, near integers");
    for (i = 0; i < 300000; i++)
        check_f2i(edgy_real(1), 1);
    group("f64 -> int, 4 modes, random bits");
    for (i = 0; i < 200000; i++)
        check_f2i(spv2c_bits_f64(rnd64()), 0);
    group("f64 -> int, 4 modes, near integers");
    for (i = 0; i < 300000; i++)
        check_f2i(edgy_real(0), 0);
}

/* ---- integer -> float and double ---- */

typedef float (*i2f32_fn)(uint64_t);
typedef double (*i2f64_fn)(uint64_t);

#define I2F_WRAP(S, ST, M) \
    static float w32_##S##_##M(uint64_t x) { return spv2c_conv_f32_##S##_##M((ST)x); } \
    static double w64_##S##_##M(uint64_t x) { return spv2c_conv_f64_##S##_##M((ST)x); }
#define I2F_WRAP_SRC(S, ST) \
    I2F_WRAP(S, ST, rte) I2F_WRAP(S, ST, rtz) I2F_WRAP(S, ST, rtp) I2F_WRAP(S, ST, rtn)
I2F_WRAP_SRC(i8, uint8_t) I2F_WRAP_SRC(i16, uint16_t) I2F_WRAP_SRC(i32, uint32_t)
I2F_WRAP_SRC(i64, uint64_t) I2F_WRAP_SRC(u8, uint8_t) I2F_WRAP_SRC(u16, uint16_t)
I2F_WRAP_SRC(u32, uint32_t) I2F_WRAP_SRC(u64, uint64_t)

#define I2F_ROW(S, SIGNED, BITS) { #S, SIGNED, BITS, \
    { w32_##S##_rte, w32_##S##_rtz, w32_##S##_rtp, w32_##S##_rtn }, \
    { w64_##S##_rte, w64_##S##_rtz, w64_##S##_rtp, w64_##S##_rtn } }

static const struct {
    const char *name;
    int is_signed, bits;
    i2f32_fn f32[4];
    i2f64_fn f64[4];
} i2f[8] = {
    I2F_ROW(i8, 1, 8), I2F_ROW(i16, 1, 16), I2F_ROW(i32, 1, 32), I2F_ROW(i64, 1, 64),
    I2F_ROW(u8, 0, 8), I2F_ROW(u16, 0, 16), I2F_ROW(u32, 0, 32), I2F_ROW(u64, 0, 64),
};

static void check_i2f(int k, uint64_t x)
{
    mpfr_t v;
    int m, bits = i2f[k].bits;
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
    x &= mask;
    mpfr_init2(v, 66);
    if (i2f[k].is_signed && (x >> (bits - 1)) & 1)
        mpfr_set_sj(v, -(intmax_t)((~x & mask)) - 1, MPFR_RNDN);
    else
        mpfr_set_uj(v, x, MPFR_RNDN);
    for (m = 0; m < 4; m++) {
        float w = oracle_f32(v, m), g = i2f[k].f32[m](x);
        CHECK(same_f32(g, w), "conv_f32_%s_%s(0x%llx) = %a, want %a", i2f[k].name,
              mode_name(m), (unsigned long long)x, g, w);
        if (bits == 64 || m == 0) {
            double wd = bits == 64 ? oracle_f64(v, m) : mpfr_get_d(v, MPFR_RNDN);
            double gd = i2f[k].f64[m](x);
            CHECK(same_f64(gd, wd), "conv_f64_%s_%s(0x%llx) = %a, want %a", i2f[k].name,
                  mode_name(m), (unsigned long long)x, gd, wd);
        } else {
            /* exact: every mode gives the rte result */
            CHECK(same_f64(i2f[k].f64[m](x), i2f[k].f64[0](x)), "conv_f64_%s_%s(0x%llx)",
                  i2f[k].name, mode_name(m), (unsigned long long)x);
        }
    }
    mpfr_clear(v);
}

/* integers whose float rounding is interesting: near ties and carries */
static uint64_t edgy_int(void)
{
    uint64_t r = rnd64();
    int k = (int)(r & 63), sh = (int)((r >> 6) % 41);
    switch ((r >> 12) & 3) {
    case 0: return rnd_edgy64();
    case 1: /* p-bit significand, then a tie, just below or above it */
        return ((rnd64() >> 40 | (uint64_t)1 << 23) << sh) + ((uint64_t)1 << sh >> 1)
               + ((r >> 20) & 3) - 1u;
    case 2: return (rnd64() | (uint64_t)1 << 63) >> k;
    default: return ((rnd64() >> 11 | (uint64_t)1 << 52) << (r >> 20 & 11))
                    + ((r >> 24) & 3) - 1u;
    }
}

static void test_i2f(void)
{
    long i;
    int k;
    group("int8/16 -> float/double, all values");
    for (k = 0; k < 8; k++)
        if (i2f[k].bits <= 16)
            for (i = 0; i < (1L << i2f[k].bits); i++)
                check_i2f(k, (uint64_t)i);
    group("int32/64 -> float/double, random");
    for (i = 0; i < 250000; i++)
        for (k = 0; k < 8; k++)
            if (i2f[k].bits >= 32) {
                uint64_t x = edgy_int();
                check_i2f(k, i2f[k].is_signed && (i & 1) ? 0u - x : x);
            }
}

/* ---- double -> float ---- */

typedef float (*d2f_fn)(double);
static const d2f_fn d2f[4] = { spv2c_conv_f32_f64_rte, spv2c_conv_f32_f64_rtz,
                               spv2c_conv_f32_f64_rtp, spv2c_conv_f32_f64_rtn };

static void check_d2f(double x)
{
    mpfr_t v;
    int m;
    mpfr_init2(v, 53);
    mpfr_set_d(v, x, MPFR_RNDN);
    for (m = 0; m < 4; m++) {
        float w = oracle_f32(v, m), g = d2f[m](x);
        CHECK(same_f32(g, w), "conv_f32_f64_%s(%a) = %a, want %a", mode_name(m), x, g, w);
    }
    mpfr_clear(v);
}

static void test_d2f(void)
{
    long i;
    static const double fixed[] = {
        0.0, -0.0, 1.0, 0x1.000001p0, 0x1.0000010000001p0, 0x1.fffffefffffffp127,
        0x1.ffffffp127, 0x1.fffffe8p127, 0x1p128, 0x1p-149, 0x1p-150, 0x1.0000000000001p-150,
        0x1p-151, 0x1.8p-149, 0x1p-126, 0x1.fffffcp-127, 0x1.fffffep-127, 1e-300, 1e300,
    };
    group("f64 -> f32, 4 modes, fixed");
    for (i = 0; i < (long)(sizeof fixed / sizeof fixed[0]); i++) {
        check_d2f(fixed[i]);
        check_d2f(-fixed[i]);
    }
    check_d2f(INFINITY);
    check_d2f(-INFINITY);
    check_d2f(NAN);
    group("f64 -> f32, 4 modes, random bits");
    for (i = 0; i < 100000; i++)
        check_d2f(spv2c_bits_f64(rnd64()));
    group("f64 -> f32, 4 modes, float range");
    for (i = 0; i < 500000; i++) {
        uint64_t r = rnd64();
        int e = (int)(r % 300) - 160;
        double d = ldexp(1.0 + (double)(rnd64() >> 11) * 0x1p-53, e);
        check_d2f(r & (1u << 20) ? -d : d);
    }
    group("f64 -> f32, 4 modes, near ties");
    for (i = 0; i < 400000; i++) {
        uint64_t r = rnd64();
        float f = spv2c_bits_f32(rnd32() & 0x7fffffffu), g = nextafterf(f, INFINITY);
        double mid = ((double)f + (double)g) / 2;   /* exact */
        int steps = (int)((r >> 8) & 7) - 3;
        if (f != f || g == INFINITY)
            continue;
        while (steps > 0) { mid = nextafter(mid, INFINITY); steps--; }
        while (steps < 0) { mid = nextafter(mid, 0); steps++; }
        check_d2f(r & 1 ? -mid : mid);
    }
}

int main(void)
{
    printf("test_convert\n");
    test_f2i();
    test_i2f();
    test_d2f();
    mpfr_free_cache();
    return finish("test_convert");
}
