/*
 * runtime/math.h: the OpenCL-specific float functions against C99's
 * <math.h> where C defines the same thing (fdim, frexp, ilogb, logb,
 * modf), against the OpenCL specification's wording (fmin/fmax NaN rule,
 * maxmag, minmag, sign, step, clamp), and against MPFR (ldexp exactly;
 * length, distance, normalize, mix within a few ulp; degrees and radians
 * correctly rounded).
 */
#include "unit.h"

/* distance in units in the last place, by ordered bit patterns */
static int64_t ord32(float f)
{
    int32_t b = (int32_t)spv2c_f32_bits(f);
    return b < 0 ? -(int64_t)(b & 0x7fffffff) : b;
}
static int64_t ulps32(float a, float b)
{
    int64_t d = ord32(a) - ord32(b);
    if (a != a || b != b)
        return a != a && b != b ? 0 : INT64_MAX;
    return d < 0 ? -d : d;
}
static int64_t ord64(double f)
{
    int64_t b = (int64_t)spv2c_f64_bits(f);
    return b < 0 ? -(b & 0x7fffffffffffffff) : b;
}
static int64_t ulps64(double a, double b)
{
    int64_t d;
    if (a != a || b != b)
        return a != a && b != b ? 0 : INT64_MAX;
    d = ord64(a) - ord64(b);
    return d < 0 ? -d : d;
}

static float rnd_float(void)
{
    static const float special[] = { 0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN,
                                     FLT_MIN, 0x1p-149f, FLT_MAX, 0.5f, -2.5f };
    uint32_t r = rnd32();
    if ((r & 7) == 0)
        return special[(r >> 3) % 12];
    if ((r & 7) == 1)
        return (float)((int)(r >> 8 & 63) - 32) / 4;
    return spv2c_bits_f32(rnd32());
}

static double rnd_double(void)
{
    static const double special[] = { 0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN,
                                      DBL_MIN, 0x1p-1074, DBL_MAX, 0.5, -2.5 };
    uint32_t r = rnd32();
    if ((r & 7) == 0)
        return special[(r >> 3) % 12];
    if ((r & 7) == 1)
        return (double)((int)(r >> 8 & 63) - 32) / 4;
    return spv2c_bits_f64(rnd64());
}

static void test_minmax(void)
{
    long i;
    group("fmin fmax fdim maxmag minmag fclamp f32");
    for (i = 0; i < 400000; i++) {
        float x = rnd_float(), y = rnd_float(), z = rnd_float(), w, lo, hi;
        /* NaN: the other operand; equal (+0, -0): x; else the C99 result */
        w = y != y ? x : x != x ? y : x == y ? x : fminf(x, y);
        CHECK(same_f32(spv2c_fmin_f32(x, y), w), "fmin(%a, %a)", x, y);
        w = y != y ? x : x != x ? y : x == y ? x : fmaxf(x, y);
        CHECK(same_f32(spv2c_fmax_f32(x, y), w), "fmax(%a, %a)", x, y);
        CHECK(same_f32(spv2c_fdim_f32(x, y), fdimf(x, y)), "fdim(%a, %a)", x, y);
        w = fabsf(x) > fabsf(y) ? x : fabsf(y) > fabsf(x) ? y : spv2c_fmax_f32(x, y);
        CHECK(same_f32(spv2c_maxmag_f32(x, y), w), "maxmag(%a, %a)", x, y);
        w = fabsf(x) < fabsf(y) ? x : fabsf(y) < fabsf(x) ? y : spv2c_fmin_f32(x, y);
        CHECK(same_f32(spv2c_minmag_f32(x, y), w), "minmag(%a, %a)", x, y);
        lo = y < z ? y : z;
        hi = y < z ? z : y;
        if (x == x && lo == lo && hi == hi) {
            w = x < lo ? lo : x > hi ? hi : x;
            CHECK(spv2c_fclamp_f32(x, lo, hi) == w, "fclamp(%a, %a, %a)", x, lo, hi);
        }
    }
    group("fmin fmax fdim maxmag minmag fclamp f64");
    for (i = 0; i < 400000; i++) {
        double x = rnd_double(), y = rnd_double(), z = rnd_double(), w, lo, hi;
        w = y != y ? x : x != x ? y : x == y ? x : fmin(x, y);
        CHECK(same_f64(spv2c_fmin_f64(x, y), w), "fmin(%a, %a)", x, y);
        w = y != y ? x : x != x ? y : x == y ? x : fmax(x, y);
        CHECK(same_f64(spv2c_fmax_f64(x, y), w), "fmax(%a, %a)", x, y);
        CHECK(same_f64(spv2c_fdim_f64(x, y), fdim(x, y)), "fdim(%a, %a)", x, y);
        w = fabs(x) > fabs(y) ? x : fabs(y) > fabs(x) ? y : spv2c_fmax_f64(x, y);
        CHECK(same_f64(spv2c_maxmag_f64(x, y), w), "maxmag(%a, %a)", x, y);
        w = fabs(x) < fabs(y) ? x : fabs(y) < fabs(x) ? y : spv2c_fmin_f64(x, y);
        CHECK(same_f64(spv2c_minmag_f64(x, y), w), "minmag(%a, %a)", x, y);
        lo = y < z ? y : z;
        hi = y < z ? z : y;
        if (x == x && lo == lo && hi == hi) {
            w = x < lo ? lo : x > hi ? hi : x;
            CHECK(spv2c_fclamp_f64(x, lo, hi) == w, "fclamp(%a, %a, %a)", x, lo, hi);
        }
    }
}

static void test_exponent(void)
{
    long i;
    mpfr_t v;
    mpfr_init2(v, 64);
    group("ldexp f32/f64 (MPFR)");
    for (i = 0; i < 300000; i++) {
        uint32_t n = (i & 3) == 0 ? rnd32() : (uint32_t)((int32_t)(rnd32() % 700) - 350);
        float x = rnd_float();
        double d = rnd_double();
        int32_t k = (int32_t)n;
        float w;
        double wd;
        if ((i & 3) == 1)
            n = (uint32_t)((int32_t)(rnd32() % 4400) - 2200);
        k = n <= 0x7fffffffu ? (int32_t)n : -(int32_t)~n - 1;
        mpfr_set_flt(v, x, MPFR_RNDN);
        if (x == x && !isinf(x) && x != 0)
            mpfr_mul_2si(v, v, k, MPFR_RNDN);
        w = x == x && !isinf(x) && x != 0 ? oracle_f32(v, 0) : x;
        CHECK(same_f32(spv2c_ldexp_f32(x, n), w), "ldexp(%a, %d) = %a, want %a", x, (int)k,
              spv2c_ldexp_f32(x, n), w);
        mpfr_set_d(v, d, MPFR_RNDN);
        if (d == d && !isinf(d) && d != 0)
            mpfr_mul_2si(v, v, k, MPFR_RNDN);
        wd = d == d && !isinf(d) && d != 0 ? oracle_f64(v, 0) : d;
        CHECK(same_f64(spv2c_ldexp_f64(d, n), wd), "ldexp(%a, %d) = %a, want %a", d, (int)k,
              spv2c_ldexp_f64(d, n), wd);
    }
    mpfr_clear(v);
    group("frexp ilogb logb f32 (C99)");
    for (i = 0; i < 400000; i++) {
        float x = i < 300 ? ldexpf(1.0f, (int)i - 150) * (i & 1 ? 1.5f : -1.0f) : rnd_float();
        uint32_t e = 12345;
        int ce = 0;
        float m = spv2c_frexp_f32(x, &e), cm = frexpf(x, &ce);
        if (x == 0 || isinf(x) || x != x)
            ce = 0;
        CHECK(same_f32(m, cm) && (int32_t)e == ce, "frexp(%a) = %a, %d", x, m, (int)(int32_t)e);
        ce = x == 0 ? INT32_MIN : isinf(x) || x != x ? INT32_MAX : ilogbf(x);
        CHECK((int32_t)spv2c_ilogb_f32(x) == ce, "ilogb(%a) = %d", x, (int)spv2c_ilogb_f32(x));
        CHECK(same_f32(spv2c_logb_f32(x), logbf(x)), "logb(%a)", x);
    }
    group("frexp ilogb logb f64 (C99)");
    for (i = 0; i < 400000; i++) {
        double x = i < 2200 ? ldexp(1.0, (int)i - 1100) * (i & 1 ? 1.5 : -1.0) : rnd_double();
        uint32_t e = 12345;
        int ce = 0;
        double m = spv2c_frexp_f64(x, &e), cm = frexp(x, &ce);
        if (x == 0 || isinf(x) || x != x)
            ce = 0;
        CHECK(same_f64(m, cm) && (int32_t)e == ce, "frexp(%a) = %a, %d", x, m, (int)(int32_t)e);
        ce = x == 0 ? INT32_MIN : isinf(x) || x != x ? INT32_MAX : ilogb(x);
        CHECK((int32_t)spv2c_ilogb_f64(x) == ce, "ilogb(%a) = %d", x, (int)spv2c_ilogb_f64(x));
        CHECK(same_f64(spv2c_logb_f64(x), logb(x)), "logb(%a)", x);
    }
}

/* remquo against MPFR: r = x - n y exactly, n = (x - r) / y, its low
   seven bits with the sign of x / y; fract against floor in MPFR */
static void check_remquo(double x, double y, int is_f32)
{
    mpfr_t a, b, n;
    double r, want_r;
    uint32_t q = 12345;
    long m = 0;
    mpfr_inits2(2400, a, b, n, (mpfr_ptr)0);
    if (is_f32) {
        float rf = spv2c_remquo_f32((float)x, (float)y, &q);
        r = rf;
        want_r = remainderf((float)x, (float)y);
    } else {
        r = spv2c_remquo_f64(x, y, &q);
        want_r = remainder(x, y);
    }
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_set_d(b, y, MPFR_RNDN);
    mpfr_remainder(n, a, b, MPFR_RNDN);
    CHECK(same_f64(r, want_r) && (r != r || mpfr_cmp_d(n, r) == 0), "remquo_%s(%a, %a) r = %a",
          is_f32 ? "f32" : "f64", x, y, r);
    if (r == r) {
        mpfr_sub_d(a, a, r, MPFR_RNDN);           /* x - r = n y, exact */
        mpfr_div(n, a, b, MPFR_RNDN);             /* n, exact */
        mpfr_abs(n, n, MPFR_RNDN);
        mpfr_fmod_ui(n, n, 128, MPFR_RNDN);
        m = (long)mpfr_get_si(n, MPFR_RNDN);
        if ((x < 0) != (y < 0))
            m = -m;
        CHECK((int32_t)q == m, "remquo_%s(%a, %a) quo = %d, want %ld", is_f32 ? "f32" : "f64",
              x, y, (int)(int32_t)q, m);
    }
    mpfr_clears(a, b, n, (mpfr_ptr)0);
}

static void test_rem(void)
{
    long i;
    mpfr_t a;
    mpfr_init2(a, 2400);
    group("remquo f32/f64 (MPFR)");
    for (i = 0; i < 200000; i++) {
        float x = rnd_float(), y = rnd_float();
        double dx = rnd_double(), dy = rnd_double();
        if (i & 1) {   /* small quotients, ties included */
            y = (float)(int)(rnd32() % 64 + 1) / 8;
            x = y * ((float)(int)(rnd32() % 2048) - 1024) / 2;
            dy = (double)(int)(rnd32() % 64 + 1) / 8;
            dx = dy * ((double)(int)(rnd32() % 4096) - 2048) / 2;
        }
        check_remquo(x, y, 1);
        check_remquo(dx, dy, 0);
    }
    group("fract f32/f64 (MPFR)");
    for (i = 0; i < 300000; i++) {
        float x = i & 1 ? -ldexpf(1.0f, -(int)(rnd32() % 160)) : rnd_float(), ip = 7, w, wi;
        double d = i & 1 ? -ldexp(1.0, -(int)(rnd32() % 1100)) : rnd_double(), dp = 7, wd, wdi;
        float f = spv2c_fract_f32(x, &ip);
        double fd = spv2c_fract_f64(d, &dp);
        if (x != x) {
            w = wi = x;
        } else if (isinf(x)) {
            w = copysignf(0, x);
            wi = x;
        } else {
            mpfr_set_flt(a, x, MPFR_RNDN);
            mpfr_floor(a, a);
            wi = mpfr_get_flt(a, MPFR_RNDN);
            mpfr_set_flt(a, x, MPFR_RNDN);
            mpfr_sub_d(a, a, (double)wi, MPFR_RNDN);
            w = mpfr_get_flt(a, MPFR_RNDN);
            if (w > 0x1.fffffep-1f)
                w = 0x1.fffffep-1f;
        }
        CHECK(same_f32(f, w) && same_f32(ip, wi), "fract(%a) = %a, %a; want %a, %a", x, f, ip,
              w, wi);
        if (d != d) {
            wd = wdi = d;
        } else if (isinf(d)) {
            wd = copysign(0, d);
            wdi = d;
        } else {
            mpfr_set_d(a, d, MPFR_RNDN);
            mpfr_floor(a, a);
            wdi = mpfr_get_d(a, MPFR_RNDN);
            mpfr_set_d(a, d, MPFR_RNDN);
            mpfr_sub_d(a, a, wdi, MPFR_RNDN);
            wd = mpfr_get_d(a, MPFR_RNDN);
            if (wd > 0x1.fffffffffffffp-1)
                wd = 0x1.fffffffffffffp-1;
        }
        CHECK(same_f64(fd, wd) && same_f64(dp, wdi), "fract(%a) = %a, %a; want %a, %a", d, fd,
              dp, wd, wdi);
    }
    mpfr_clear(a);
}

static void test_common(void)
{
    long i;
    mpfr_t a, b, c, t;
    mpfr_inits2(256, a, b, c, t, (mpfr_ptr)0);
    group("modf sign step f32/f64");
    for (i = 0; i < 400000; i++) {
        float x = rnd_float(), y = rnd_float(), ip = 7, cip = 7, w;
        double d = rnd_double(), dp = 7, cdp = 7;
        float fr = spv2c_modf_f32(x, &ip), cfr = modff(x, &cip);
        double dfr = spv2c_modf_f64(d, &dp), cdfr = modf(d, &cdp);
        CHECK(same_f32(fr, cfr) && same_f32(ip, cip), "modf(%a) = %a, %a", x, fr, ip);
        CHECK(same_f64(dfr, cdfr) && same_f64(dp, cdp), "modf(%a) = %a, %a", d, dfr, dp);
        w = x != x ? 0.0f : x > 0 ? 1.0f : x < 0 ? -1.0f : x;
        CHECK(same_f32(spv2c_sign_f32(x), w), "sign(%a)", x);
        CHECK(same_f64(spv2c_sign_f64(d), d != d ? 0.0 : d > 0 ? 1.0 : d < 0 ? -1.0 : d),
              "sign(%a)", d);
        CHECK(same_f32(spv2c_step_f32(y, x), x < y ? 0.0f : 1.0f), "step(%a, %a)", y, x);
        CHECK(same_f64(spv2c_step_f64((double)y, d), d < (double)y ? 0.0 : 1.0), "step(%a)", d);
    }
    group("mix degrees radians smoothstep (MPFR, ulp)");
    /* issue 36: 180 / (float)pi is 0.82 ulp below 180/pi; 28.64789 rounds up */
    CHECK(spv2c_f32_bits(spv2c_degrees_f32(0.5f)) == 0x41e52ee1u, "degrees(0.5f) = %a",
          spv2c_degrees_f32(0.5f));
    for (i = 0; i < 200000; i++) {
        float x = (float)((double)(int32_t)rnd32() * 0x1p-20);
        float y = (float)((double)(int32_t)rnd32() * 0x1p-22);
        float s = (float)(rnd32() >> 8) * 0x1p-24f, r, w;
        double dx = (double)x * 3, dy = (double)y / 3, ds = (double)s, dr, dw;
        /* mix: x + (y - x) * a, with y - x rounded first as OpenCL C writes it */
        mpfr_set_flt(a, y - x, MPFR_RNDN);
        mpfr_set_flt(b, s, MPFR_RNDN);
        mpfr_set_flt(c, x, MPFR_RNDN);
        mpfr_fma(t, a, b, c, MPFR_RNDN);
        w = mpfr_get_flt(t, MPFR_RNDN);
        r = spv2c_mix_f32(x, y, s);
        CHECK(ulps32(r, w) <= 1, "mix(%a, %a, %a) = %a, want %a", x, y, s, r, w);
        mpfr_set_d(a, dy - dx, MPFR_RNDN);
        mpfr_set_d(b, ds, MPFR_RNDN);
        mpfr_set_d(c, dx, MPFR_RNDN);
        mpfr_fma(t, a, b, c, MPFR_RNDN);
        dw = mpfr_get_d(t, MPFR_RNDN);
        dr = spv2c_mix_f64(dx, dy, ds);
        CHECK(ulps64(dr, dw) <= 1, "mix(%a, %a, %a) = %a, want %a", dx, dy, ds, dr, dw);
        /* degrees, radians: correctly rounded (x 180/pi, pi at 256 bits) */
        mpfr_const_pi(t, MPFR_RNDN);
        mpfr_set_flt(a, x, MPFR_RNDN);
        mpfr_mul_ui(a, a, 180, MPFR_RNDN);
        mpfr_div(a, a, t, MPFR_RNDN);
        w = mpfr_get_flt(a, MPFR_RNDN);
        CHECK(ulps32(spv2c_degrees_f32(x), w) == 0, "degrees(%a)", x);
        mpfr_set_flt(a, x, MPFR_RNDN);
        mpfr_mul(a, a, t, MPFR_RNDN);
        mpfr_div_ui(a, a, 180, MPFR_RNDN);
        w = mpfr_get_flt(a, MPFR_RNDN);
        CHECK(ulps32(spv2c_radians_f32(x), w) == 0, "radians(%a)", x);
        mpfr_set_d(a, dx, MPFR_RNDN);
        mpfr_mul_ui(a, a, 180, MPFR_RNDN);
        mpfr_div(a, a, t, MPFR_RNDN);
        CHECK(ulps64(spv2c_degrees_f64(dx), mpfr_get_d(a, MPFR_RNDN)) == 0, "degrees(%a)", dx);
        mpfr_set_d(a, dx, MPFR_RNDN);
        mpfr_mul(a, a, t, MPFR_RNDN);
        mpfr_div_ui(a, a, 180, MPFR_RNDN);
        CHECK(ulps64(spv2c_radians_f64(dx), mpfr_get_d(a, MPFR_RNDN)) == 0, "radians(%a)", dx);
        /* smoothstep: t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 t) */
        {
            float e0 = -fabsf(y), e1 = fabsf(x) + 1, q, tt, got;
            q = (s * 4 - 2 - e0) / (e1 - e0);
            tt = q < 0 ? 0 : q > 1 ? 1 : q;
            mpfr_set_flt(a, tt, MPFR_RNDN);
            mpfr_mul(b, a, a, MPFR_RNDN);
            mpfr_mul_si(c, a, -2, MPFR_RNDN);
            mpfr_add_ui(c, c, 3, MPFR_RNDN);
            mpfr_mul(b, b, c, MPFR_RNDN);
            w = mpfr_get_flt(b, MPFR_RNDN);
            got = spv2c_smoothstep_f32(e0, e1, s * 4 - 2);
            CHECK(ulps32(got, w) <= 3, "smoothstep(%a, %a, %a) = %a, want %a", e0, e1,
                  s * 4 - 2, got, w);
        }
    }
    mpfr_clears(a, b, c, t, (mpfr_ptr)0);
}

/* exact Euclidean norm of n lanes, then each lane divided by it */
static void norm_mpfr(const double *p, int n, mpfr_t len)
{
    mpfr_t s;
    int i;
    mpfr_init2(s, 2300);
    mpfr_set_ui(len, 0, MPFR_RNDN);
    for (i = 0; i < n; i++) {
        mpfr_set_d(s, p[i], MPFR_RNDN);
        mpfr_sqr(s, s, MPFR_RNDN);
        mpfr_add(len, len, s, MPFR_RNDN);
    }
    mpfr_sqrt(len, len, MPFR_RNDN);
    mpfr_clear(s);
}

static double rnd_lane(int scale)
{
    double m = (double)(int64_t)rnd64() * 0x1p-63;
    return scale == 0 ? m * 100 : scale == 1 ? ldexp(m, 1000) : ldexp(m, -1030);
}

static void test_geometric(void)
{
    long i;
    mpfr_t len, q;
    mpfr_init2(len, 2300);
    mpfr_init2(q, 2300);
    group("length distance normalize f32 (MPFR, ulp)");
    for (i = 0; i < 150000; i++) {
        int n = 1 + (int)(i % 4), k, sc = (int)(rnd32() % 3);
        float p[4] = { 0, 0, 0, 0 }, o[4], b[4] = { 0, 0, 0, 0 }, l;
        double pd[4];
        for (k = 0; k < n; k++) {
            p[k] = sc == 0 ? (float)rnd_lane(0) : ldexpf((float)rnd_lane(0), sc == 1 ? 120 : -140);
            b[k] = (float)rnd_lane(0);
            pd[k] = p[k];
        }
        norm_mpfr(pd, n, len);
        l = spv2c_length4_f32(p[0], p[1], p[2], p[3]);
        CHECK(ulps32(l, mpfr_get_flt(len, MPFR_RNDN)) <= 1, "length%d(%a, %a, ...) = %a", n,
              p[0], p[1], l);
        spv2c_normalize4_f32(o, n, p[0], p[1], p[2], p[3]);
        for (k = 0; k < n; k++) {
            float w;
            mpfr_set_d(q, pd[k], MPFR_RNDN);
            if (mpfr_zero_p(len))
                w = p[k];
            else {
                mpfr_div(q, q, len, MPFR_RNDN);
                w = mpfr_get_flt(q, MPFR_RNDN);
            }
            CHECK(ulps32(o[k], w) <= 2, "normalize%d(%a, %a, ...)[%d] = %a, want %a", n, p[0],
                  p[1], k, o[k], w);
        }
        for (k = 0; k < n; k++)
            pd[k] = (double)(p[k] - b[k]);
        norm_mpfr(pd, n, len);
        l = spv2c_distance4_f32(p[0], p[1], p[2], p[3], b[0], b[1], b[2], b[3]);
        CHECK(ulps32(l, mpfr_get_flt(len, MPFR_RNDN)) <= 1, "distance%d = %a", n, l);
    }
    group("length distance normalize f64 (MPFR, ulp)");
    for (i = 0; i < 150000; i++) {
        int n = 1 + (int)(i % 4), k, sc = (int)(rnd32() % 3);
        double p[4] = { 0, 0, 0, 0 }, o[4], b[4] = { 0, 0, 0, 0 }, l, pd[4];
        for (k = 0; k < n; k++) {
            p[k] = rnd_lane(sc);
            b[k] = rnd_lane(sc);
        }
        norm_mpfr(p, n, len);
        l = spv2c_length4_f64(p[0], p[1], p[2], p[3]);
        CHECK(ulps64(l, mpfr_get_d(len, MPFR_RNDN)) <= 2, "length%d(%a, %a, ...) = %a", n, p[0],
              p[1], l);
        spv2c_normalize4_f64(o, n, p[0], p[1], p[2], p[3]);
        for (k = 0; k < n; k++) {
            double w;
            mpfr_set_d(q, p[k], MPFR_RNDN);
            if (mpfr_zero_p(len))
                w = p[k];
            else {
                mpfr_div(q, q, len, MPFR_RNDN);
                w = mpfr_get_d(q, MPFR_RNDN);
            }
            CHECK(ulps64(o[k], w) <= 3, "normalize%d(%a, %a, ...)[%d] = %a, want %a", n, p[0],
                  p[1], k, o[k], w);
        }
        for (k = 0; k < n; k++)
            pd[k] = p[k] - b[k];
        norm_mpfr(pd, n, len);
        l = spv2c_distance4_f64(p[0], p[1], p[2], p[3], b[0], b[1], b[2], b[3]);
        CHECK(ulps64(l, mpfr_get_d(len, MPFR_RNDN)) <= 2, "distance%d = %a", n, l);
    }
    group("normalize special cases");
    {
        float o[4];
        double od[4];
        spv2c_normalize4_f32(o, 3, 0.0f, -0.0f, 0.0f, 0.0f);
        CHECK(spv2c_f32_bits(o[0]) == 0 && spv2c_f32_bits(o[1]) == 0x80000000u && o[2] == 0,
              "normalize(0, -0, 0)");
        spv2c_normalize4_f32(o, 3, INFINITY, 2.0f, -INFINITY, 0.0f);
        CHECK(ulps32(o[0], 0x1.6a09e6p-1f) <= 1 && spv2c_f32_bits(o[1]) == 0
              && ulps32(o[2], -0x1.6a09e6p-1f) <= 1, "normalize(inf, 2, -inf) = %a %a %a",
              o[0], o[1], o[2]);
        spv2c_normalize4_f32(o, 2, NAN, 2.0f, 0.0f, 0.0f);
        CHECK(o[0] != o[0] && o[1] != o[1], "normalize(nan, 2)");
        /* a huge lane and a tiny one: the length is exactly the huge lane,
           the tiny quotient exact (a float subnormal; a normal double that
           the tiny lane scaled down alone would underflow) */
        spv2c_normalize4_f32(o, 2, 0x1p100f, 0x1.5008p-35f, 0.0f, 0.0f);
        CHECK(o[0] == 1 && o[1] == 0x1.5008p-135f, "normalize(0x1p100, 0x1.5008p-35) = %a %a",
              o[0], o[1]);
        spv2c_normalize4_f64(od, 2, -0x1p301, 0x1p-480, 0.0, 0.0);
        CHECK(od[0] == -1 && od[1] == 0x1p-781, "normalize(-0x1p301, 0x1p-480) = %a %a", od[0],
              od[1]);
        spv2c_normalize4_f64(od, 2, -INFINITY, -3.0, 0.0, 0.0);
        CHECK(od[0] == -1 && spv2c_f64_bits(od[1]) == 0x8000000000000000u, "normalize(-inf, -3)");
        CHECK(spv2c_length4_f32(INFINITY, NAN, 0, 0) != spv2c_length4_f32(INFINITY, NAN, 0, 0)
              || spv2c_length4_f32(INFINITY, NAN, 0, 0) == INFINITY, "length(inf, nan)");
        CHECK(spv2c_length4_f64(1e300, 1e300, 0, 0) == 0x1.6a09e667f3bcdp+0 * 1e300
              || ulps64(spv2c_length4_f64(1e300, 1e300, 0, 0), 1.4142135623730951e300) <= 1,
              "length(1e300, 1e300)");
        CHECK(spv2c_length4_f64(3e-320, 4e-320, 0, 0) == 5e-320, "length(3e-320, 4e-320) = %a",
              spv2c_length4_f64(3e-320, 4e-320, 0, 0));
    }
    mpfr_clear(len);
    mpfr_clear(q);
}

int main(void)
{
    printf("test_math\n");
    test_minmax();
    test_exponent();
    test_rem();
    test_common();
    test_geometric();
    mpfr_free_cache();
    return finish("test_math");
}
