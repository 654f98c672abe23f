/*
 * runtime/math_trig.h against MPFR (the only oracle: never libm, never our
 * own code). Per function and type a few thousand inputs with a fixed seed:
 * special values, random bit patterns over the whole range, uniform and
 * log-uniform samples of the domain, arguments next to multiples of pi/4
 * (small and huge), huge arguments up to FLT_MAX / DBL_MAX, the double
 * closest to a multiple of pi/2. Each result's error is measured in ulps
 * of the exact value (MPFR at 256 bits) and checked against
 *   - the OpenCL C full-profile bound (section 7.4, "ULP values for
 *     single/double precision built-in math functions"), and
 *   - the bound docs/math.md claims (float: correctly rounded; double:
 *     the figure in the table below);
 * the edge-case rules of section 7.5.1 are checked exactly, and the half
 * forms (through float) are checked on all 65536 inputs for correct
 * rounding. Prints the maximum error of every function.
 *
 *   trig_check            the suite's run
 *   trig_check N          N times as many random inputs
 */
#include "../../runtime/base.h"
#include "../../runtime/math_exp.h"
#include "../../runtime/math_trig.h"
#include "../../runtime/math_special.h"
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

typedef double (*fn64)(double);
typedef float (*fn32)(float);
typedef double (*fn64_2)(double, double);
typedef float (*fn32_2)(float, float);
typedef int (*mpfn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mpfn2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

/* spec bounds (float, double) and our claims (float, double) */
typedef struct {
    const char *name;
    fn32 f32; fn64 f64; fn32_2 f32_2; fn64_2 f64_2;
    fn64 odd; fn64_2 odd2;  /* rounded to odd, for half */
    mpfn mp; mpfn2 mp2;
    double spec32, spec64, claim32, claim64;
    double lo, hi;          /* the domain sampled uniformly */
    double max32, max64;    /* measured */
    long n, notcr32, notcr64;
} Fn;

static int failures;
static unsigned long scale = 1;

/* ---- random numbers (xorshift, fixed seed) ---- */
static uint64_t rs = 0x9e3779b97f4a7c15u;
static uint64_t rnd64(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static double unif(void) { return (double)(rnd64() >> 11) * 0x1p-53; }

/* ---- error of y against the exact value e, in ulps of e's format ---- */
static double ulp_err(mpfr_srcptr e, double y, int prec, int emin)
{
    mpfr_t d;
    double r;
    long ex;
    if (mpfr_nan_p(e))
        return y != y ? 0 : 1e30;
    if (y != y)
        return 1e30;
    if (mpfr_inf_p(e) || y - y != 0)
        return mpfr_inf_p(e) && y - y != 0 && (mpfr_sgn(e) > 0) == (y > 0) ? 0 : 1e30;
    if (mpfr_zero_p(e))
        return y == 0 ? 0 : 1e30;
    mpfr_init2(d, 300);
    mpfr_sub_d(d, e, y, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    ex = mpfr_get_exp(e) - 1;          /* e = 1.xxx 2^ex */
    if (ex < emin) ex = emin;
    mpfr_mul_2si(d, d, prec - 1 - ex, MPFR_RNDN);
    r = mpfr_get_d(d, MPFR_RNDN);
    mpfr_clear(d);
    return r;
}

static mpfr_t ex, xa, xb;

static void check1(Fn *f, double x, int is32)
{
    double y, err;
    if (is32) {
        float xf = (float)x;
        y = f->f32(xf);
        mpfr_set_flt(xa, xf, MPFR_RNDN);
    } else {
        y = f->f64(x);
        mpfr_set_d(xa, x, MPFR_RNDN);
    }
    f->mp(ex, xa, MPFR_RNDN);
    err = ulp_err(ex, y, is32 ? 24 : 53, is32 ? -126 : -1022);
    if (is32) { if (err > f->max32) f->max32 = err; f->notcr32 += err > 0.5; }
    else { if (err > f->max64) f->max64 = err; f->notcr64 += err > 0.5; }
    if (err > (is32 ? f->spec32 : f->spec64) || err > (is32 ? f->claim32 : f->claim64)) {
        if (failures++ < 30)
            printf("FAIL %s_%s(%a) = %a: %.3f ulp (spec %g, claim %g)\n", f->name,
                   is32 ? "f32" : "f64", is32 ? (double)(float)x : x, y, err,
                   is32 ? f->spec32 : f->spec64, is32 ? f->claim32 : f->claim64);
    }
    f->n++;
}

static void check2(Fn *f, double y0, double x0, int is32)
{
    double r, err;
    if (is32) {
        float yf = (float)y0, xf = (float)x0;
        r = f->f32_2(yf, xf);
        mpfr_set_flt(xa, yf, MPFR_RNDN);
        mpfr_set_flt(xb, xf, MPFR_RNDN);
    } else {
        r = f->f64_2(y0, x0);
        mpfr_set_d(xa, y0, MPFR_RNDN);
        mpfr_set_d(xb, x0, MPFR_RNDN);
    }
    f->mp2(ex, xa, xb, MPFR_RNDN);
    err = ulp_err(ex, r, is32 ? 24 : 53, is32 ? -126 : -1022);
    if (is32) { if (err > f->max32) f->max32 = err; f->notcr32 += err > 0.5; }
    else { if (err > f->max64) f->max64 = err; f->notcr64 += err > 0.5; }
    if (err > (is32 ? f->spec32 : f->spec64) || err > (is32 ? f->claim32 : f->claim64)) {
        if (failures++ < 30)
            printf("FAIL %s_%s(%a, %a) = %a: %.3f ulp\n", f->name, is32 ? "f32" : "f64",
                   is32 ? (double)(float)y0 : y0, is32 ? (double)(float)x0 : x0, r, err);
    }
    f->n++;
}

/* ---- inputs ---- */
static const double specials[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -3.0, 0.25, -0.75, 1.5, 2.5, -2.5, 1e-300,
    0x1p-1074, -0x1p-1074, 0x1p-1022, 0x0.fffffffffffffp-1022, 0x1p-149, 0x1p-126,
    0x1.fffffep127, -0x1.fffffep127, 0x1.fffffffffffffp1023, -0x1.fffffffffffffp1023,
    0x1p23, 0x1p24, 0x1p52, 0x1p53, 0x1.8p52, 0x1p51 + 0.5, 0x1p19, 0x1p20,
    0x1.921fb54442d18p0, 0x1.921fb54442d18p1, 0x1.921fb6p0, 0x1.921fb6p1, 0x1.921fb54442d18p-1,
    /* the double nearest a multiple of pi/2 (about 2^-61 relative away) */
    0x1.6ac5b262ca1ffp+849, 6381956970095103.0 * 0x1p797,
    /* floats close to multiples of pi/2 */
    0x1.7fb9f6p+127, 0x1.2d97c8p+3, 0x1.5fdbbep+121, 0x1.d2da78p+80,
    1e22, 1e10, 1e6, 12345.678, 0.1, 0.999999, 1.000001, 0.7071067811865476, 1e-10,
};

static double near_quarter_pi(int wide)
{
    double m = wide ? floor(unif() * 0x1p40) : floor(unif() * 2000.0) - 1000.0, x;
    uint64_t b;
    mpfr_t v;
    mpfr_init2(v, 300);
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_mul_d(v, v, m * 0.25, MPFR_RNDN);
    x = mpfr_get_d(v, MPFR_RNDN);
    mpfr_clear(v);
    if (x == 0) return x;
    b = spv2c_f64_bits(x) + (rnd64() % 5) - 2;
    return spv2c_bits_f64(b);
}

static double near_quarter_pi32(void)
{
    double m = floor(unif() * 200000.0) - 100000.0;
    float x;
    uint32_t b;
    mpfr_t v;
    mpfr_init2(v, 300);
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_mul_d(v, v, m * 0.25, MPFR_RNDN);
    x = mpfr_get_flt(v, MPFR_RNDN);
    mpfr_clear(v);
    if (x == 0) return x;
    b = spv2c_f32_bits(x) + (uint32_t)(rnd64() % 5) - 2u;
    return spv2c_bits_f32(b);
}

static double logunif(int lo, int hi)
{
    double m = 1 + unif(), x = ldexp(m, lo + (int)(unif() * (hi - lo)));
    return rnd64() & 1 ? -x : x;
}

static void run1(Fn *f)
{
    size_t i;
    unsigned long k, n = 600 * scale;
    int is32;
    for (is32 = 0; is32 < 2; is32++) {
        for (i = 0; i < sizeof specials / sizeof specials[0]; i++) {
            check1(f, specials[i], is32);
            check1(f, -specials[i], is32);
        }
        check1(f, HUGE_VAL, is32);
        check1(f, -HUGE_VAL, is32);
        check1(f, NAN, is32);
        for (k = 0; k < n; k++) {
            check1(f, is32 ? (double)spv2c_bits_f32((uint32_t)rnd64()) : spv2c_bits_f64(rnd64()),
                   is32);
            check1(f, f->lo + (f->hi - f->lo) * unif(), is32);
            check1(f, logunif(is32 ? -140 : -1060, is32 ? 128 : 1024), is32);
            check1(f, logunif(-30, 3), is32);
            if (is32)
                check1(f, near_quarter_pi32(), is32);
            else
                check1(f, near_quarter_pi((int)(k & 1)), is32);
        }
        /* halves and integers, and their neighbours */
        for (k = 0; k < 200; k++) {
            double h = floor(unif() * 64 - 32) * 0.5, d = ldexp(1, is32 ? -20 : -49);
            check1(f, h, is32);
            check1(f, h + d, is32);
            check1(f, h - d, is32);
        }
    }
}

static void run2(Fn *f)
{
    size_t i, j;
    unsigned long k, n = 600 * scale;
    int is32;
    for (is32 = 0; is32 < 2; is32++) {
        for (i = 0; i < sizeof specials / sizeof specials[0]; i += 3)
            for (j = 0; j < sizeof specials / sizeof specials[0]; j += 2) {
                check2(f, specials[i], specials[j], is32);
                check2(f, -specials[i], specials[j], is32);
                check2(f, specials[i], -specials[j], is32);
            }
        for (k = 0; k < n; k++) {
            double a = logunif(is32 ? -140 : -1060, is32 ? 128 : 1024), b, c, d;
            c = is32 ? spv2c_bits_f32((uint32_t)rnd64()) : spv2c_bits_f64(rnd64());
            d = is32 ? spv2c_bits_f32((uint32_t)rnd64()) : spv2c_bits_f64(rnd64());
            check2(f, c, d, is32);
            c = 4 * unif() - 2;
            check2(f, c, 4 * unif() - 2, is32);
            b = a * (1 + (unif() - 0.5) * 1e-3);
            b = rnd64() & 1 ? -b : b;
            check2(f, a, b, is32);
            c = logunif(-30, 30);
            d = logunif(-30, 30);
            check2(f, c, d, is32);
            check2(f, a, logunif(-60, 60) * a, is32);
        }
    }
}

/* ---- the edge-case rules of OpenCL C 7.5.1, checked on both types ---- */
static void expect(const char *what, double got, double want)
{
    if (spv2c_f64_bits(got) != spv2c_f64_bits(want) && !(got != got && want != want)) {
        if (failures++ < 30)
            printf("FAIL edge case %s: got %a, want %a\n", what, got, want);
    }
}

#define EDGE1(name, x, want) do { \
    expect(#name "(" #x ") f64", spv2c_##name##_f64(x), want); \
    expect(#name "(" #x ") f32", (double)spv2c_##name##_f32((float)(x)), (double)(float)(want)); \
} while (0)
#define EDGE2(name, y, x, want) do { \
    expect(#name "(" #y ", " #x ") f64", spv2c_##name##_f64(y, x), want); \
    expect(#name "(" #y ", " #x ") f32", (double)spv2c_##name##_f32((float)(y), (float)(x)), \
           (double)(float)(want)); \
} while (0)

static void edge_cases(void)
{
    double inf = HUGE_VAL, pi = 0x1.921fb54442d18p1, nan = NAN;
    int n;
    EDGE1(sin, -0.0, -0.0); EDGE1(sin, inf, nan); EDGE1(cos, 0.0, 1.0); EDGE1(cos, -inf, nan);
    EDGE1(tan, -0.0, -0.0); EDGE1(tan, inf, nan);
    EDGE1(asin, -0.0, -0.0); EDGE1(asin, 1.5, nan); EDGE1(acos, 1.0, 0.0); EDGE1(acos, -2.0, nan);
    EDGE1(atan, -0.0, -0.0); EDGE1(atan, -inf, -pi / 2);
    EDGE1(asinpi, -0.0, -0.0); EDGE1(asinpi, 1.0, 0.5); EDGE1(asinpi, -1.0, -0.5);
    EDGE1(acospi, 1.0, 0.0); EDGE1(acospi, -1.0, 1.0); EDGE1(acospi, 0.0, 0.5);
    EDGE1(atanpi, 0.0, 0.0); EDGE1(atanpi, -0.0, -0.0); EDGE1(atanpi, inf, 0.5);
    EDGE1(atanpi, -inf, -0.5); EDGE1(atanpi, 1.0, 0.25); EDGE1(atanpi, -1.0, -0.25);
    EDGE1(sinpi, 0.0, 0.0); EDGE1(sinpi, -0.0, -0.0); EDGE1(sinpi, inf, nan);
    EDGE1(cospi, 0.0, 1.0); EDGE1(cospi, -0.0, 1.0); EDGE1(cospi, -inf, nan);
    EDGE1(tanpi, 0.0, 0.0); EDGE1(tanpi, -0.0, -0.0); EDGE1(tanpi, inf, nan);
    EDGE1(tanpi, nan, nan); EDGE1(sinpi, nan, nan);
    for (n = -40; n <= 40; n++) {
        double d = n, big = ldexp(d, 46), bigf = ldexp(d, 17);
        /* sinpi(+n) = +0, sinpi(-n) = -0; cospi(n + 1/2) = +0 */
        if (n) {
            EDGE1(sinpi, d, n > 0 ? 0.0 : -0.0);
            EDGE1(sinpi, big, n > 0 ? 0.0 : -0.0);
            EDGE1(sinpi, bigf, n > 0 ? 0.0 : -0.0);
        }
        EDGE1(cospi, d + 0.5, 0.0);
        EDGE1(cospi, bigf + 0.5, 0.0);
        EDGE1(cospi, d, n & 1 ? -1.0 : 1.0);
        /* tanpi(n) = copysign(0, n) (n even), copysign(0, -n) (n odd) */
        if (n) {
            EDGE1(tanpi, d, (n & 1 ? -d : d) > 0 ? 0.0 : -0.0);
            EDGE1(tanpi, bigf + (n & 1), ((n & 1) ? -(bigf + 1) : bigf) > 0 ? 0.0 : -0.0);
        }
        /* tanpi(n + 1/2) = +inf (n even), -inf (n odd) */
        EDGE1(tanpi, d + 0.5, n & 1 ? -inf : inf);
        EDGE1(tanpi, bigf + 0.5 + (n & 1), n & 1 ? -inf : inf);
    }
    EDGE1(tanpi, 0x1p60, 0.0); EDGE1(tanpi, -0x1p60, -0.0);
    expect("sinpi(DBL_MAX)", spv2c_sinpi_f64(0x1.fffffffffffffp1023), 0.0);
    expect("cospi(DBL_MAX)", spv2c_cospi_f64(0x1.fffffffffffffp1023), 1.0);
    expect("cospi(2^53 - 1)", spv2c_cospi_f64(0x1.fffffffffffffp52), -1.0);
    EDGE1(sinpi, 0x1.fffffep127, 0.0); EDGE1(cospi, 0x1.fffffep127, 1.0);
    EDGE1(cospi, 0x1.fffffep23, -1.0); EDGE1(sinpi, -0x1.fffffcp22, -0.0);
    /* atan2 (C99 F.9.1.4, which OpenCL C follows) */
    EDGE2(atan2, 0.0, -0.0, pi); EDGE2(atan2, -0.0, -0.0, -pi);
    EDGE2(atan2, 0.0, 0.0, 0.0); EDGE2(atan2, -0.0, 0.0, -0.0);
    EDGE2(atan2, 0.0, -3.0, pi); EDGE2(atan2, -0.0, -3.0, -pi);
    EDGE2(atan2, 0.0, 3.0, 0.0); EDGE2(atan2, -0.0, 3.0, -0.0);
    EDGE2(atan2, -2.0, 0.0, -pi / 2); EDGE2(atan2, 2.0, -0.0, pi / 2);
    EDGE2(atan2, 2.0, -inf, pi); EDGE2(atan2, -2.0, -inf, -pi);
    EDGE2(atan2, 2.0, inf, 0.0); EDGE2(atan2, -2.0, inf, -0.0);
    EDGE2(atan2, inf, 5.0, pi / 2); EDGE2(atan2, -inf, -5.0, -pi / 2);
    EDGE2(atan2, inf, -inf, 0x1.2d97c7f3321d2p1); EDGE2(atan2, -inf, inf, -pi / 4);
    EDGE2(atan2, nan, 1.0, nan); EDGE2(atan2, 1.0, nan, nan);
    EDGE2(atan2pi, 0.0, -0.0, 1.0); EDGE2(atan2pi, -0.0, -0.0, -1.0);
    EDGE2(atan2pi, 0.0, 0.0, 0.0); EDGE2(atan2pi, -0.0, 0.0, -0.0);
    EDGE2(atan2pi, 0.0, -1.0, 1.0); EDGE2(atan2pi, -0.0, -1.0, -1.0);
    EDGE2(atan2pi, 0.0, 1.0, 0.0); EDGE2(atan2pi, -0.0, 1.0, -0.0);
    EDGE2(atan2pi, -1.0, 0.0, -0.5); EDGE2(atan2pi, 1.0, -0.0, 0.5);
    EDGE2(atan2pi, 1.0, -inf, 1.0); EDGE2(atan2pi, -1.0, -inf, -1.0);
    EDGE2(atan2pi, 1.0, inf, 0.0); EDGE2(atan2pi, -1.0, inf, -0.0);
    EDGE2(atan2pi, inf, 1.0, 0.5); EDGE2(atan2pi, -inf, 1.0, -0.5);
    EDGE2(atan2pi, inf, inf, 0.25); EDGE2(atan2pi, -inf, inf, -0.25);
    EDGE2(atan2pi, inf, -inf, 0.75); EDGE2(atan2pi, -inf, -inf, -0.75);
    EDGE2(atan2pi, 3.0, 3.0, 0.25); EDGE2(atan2pi, -3.0, -3.0, -0.75);
    /* math_special.h: erf, erfc, tgamma, lgamma, lgamma_r's sign */
    EDGE1(erf, -0.0, -0.0); EDGE1(erf, inf, 1.0); EDGE1(erf, -inf, -1.0);
    EDGE1(erfc, inf, 0.0); EDGE1(erfc, -inf, 2.0); EDGE1(erfc, nan, nan);
    EDGE1(tgamma, 0.0, inf); EDGE1(tgamma, -0.0, -inf); EDGE1(tgamma, -1.0, nan);
    EDGE1(tgamma, -inf, nan); EDGE1(tgamma, inf, inf); EDGE1(tgamma, 1.0, 1.0);
    EDGE1(tgamma, 5.0, 24.0); EDGE1(tgamma, 200.0, inf);
    EDGE1(lgamma, 1.0, 0.0); EDGE1(lgamma, 2.0, 0.0); EDGE1(lgamma, 0.0, inf);
    EDGE1(lgamma, -3.0, inf); EDGE1(lgamma, -inf, inf); EDGE1(lgamma, nan, nan);
    {   /* the sign of gamma(x): -1 on (-1, 0), (-3, -2) ..., +1 on (-2, -1) and x > 0 */
        static const double xs[] = { -0.5, -1.5, -2.5, -3.25, -1e-300, 0.5, 3.0, 1e300, -0.0 };
        static const int want[] = { -1, 1, -1, 1, -1, 1, 1, 1, -1 };
        size_t i;
        for (i = 0; i < sizeof xs / sizeof xs[0]; i++) {
            uint32_t s64, s32;
            spv2c_lgamma_r_f64(xs[i], &s64);
            spv2c_lgamma_r_f32((float)xs[i], &s32);
            if ((int32_t)s64 != want[i] || (int32_t)s32 != want[i]) {
                if (failures++ < 30)
                    printf("FAIL lgamma_r(%a): sign %d (f64), %d (f32), want %d\n", xs[i],
                           (int32_t)s64, (int32_t)s32, want[i]);
            }
        }
    }
    {   /* sincos: both results as sin and cos give */
        static const double xs[] = { 0.0, -0.0, 1.0, -2.5, 1e300, 0x1p-1074, 1e-9 };
        size_t i;
        for (i = 0; i < sizeof xs / sizeof xs[0]; i++) {
            double c, s = spv2c_sincos_f64(xs[i], &c);
            float cf, sf = spv2c_sincos_f32((float)xs[i], &cf);
            expect("sincos sin f64", s, spv2c_sin_f64(xs[i]));
            expect("sincos cos f64", c, spv2c_cos_f64(xs[i]));
            expect("sincos sin f32", sf, spv2c_sin_f32((float)xs[i]));
            expect("sincos cos f32", cf, spv2c_cos_f32((float)xs[i]));
        }
    }
}

/* ---- half: the double core rounded to odd, then to half (as the
   templates do it): all 65536 inputs (pairs: a sample) correctly rounded? ---- */
static float half_to_float(unsigned h)
{
    int e = (h >> 10) & 31;
    float m = (float)(h & 1023), v;
    v = e == 0 ? ldexpf(m, -24) : e == 31 ? (m ? NAN : HUGE_VALF) : ldexpf(m + 1024, e - 25);
    return h & 0x8000 ? -v : v;
}

/* v rounded to half precision (11 bits, subnormals from 2^-24, max 65504) */
static double to_half(mpfr_srcptr v)
{
    mpfr_t h;
    int inex;
    double r;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    if (!mpfr_number_p(v)) return mpfr_get_d(v, MPFR_RNDN);
    mpfr_init2(h, 11);
    mpfr_set_emin(-23);
    mpfr_set_emax(16);
    inex = mpfr_set(h, v, MPFR_RNDN);
    inex = mpfr_check_range(h, inex, MPFR_RNDN);
    mpfr_subnormalize(h, inex, MPFR_RNDN);
    r = mpfr_get_d(h, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear(h);
    return r;
}

static void half_all(Fn *f)
{
    unsigned long k, n = f->mp ? 65536 : 20000 * scale;
    long bad = 0;
    for (k = 0; k < n; k++) {
        double x = half_to_float(f->mp ? (unsigned)k : (unsigned)rnd64() & 0xffff), y = 0, r;
        double want, got;
        if (f->mp) {
            r = f->odd(x);
            mpfr_set_d(xa, x, MPFR_RNDN);
            f->mp(ex, xa, MPFR_RNDN);
        } else {
            y = half_to_float((unsigned)rnd64() & 0xffff);
            r = f->odd2(x, y);
            mpfr_set_d(xa, x, MPFR_RNDN);
            mpfr_set_d(xb, y, MPFR_RNDN);
            f->mp2(ex, xa, xb, MPFR_RNDN);
        }
        want = to_half(ex);
        mpfr_set_d(xa, r, MPFR_RNDN);
        got = to_half(xa);
        if (spv2c_f64_bits(got) != spv2c_f64_bits(want) && !(got != got && want != want)
            && !(got == 0 && want == 0 && !mpfr_zero_p(ex))) {
            if (bad++ < 3)
                printf("half %s(%a, %a): %a, correctly rounded %a\n", f->name, x, y, got, want);
        }
    }
    if (bad) {
        printf("FAIL half %s: %ld of %lu not correctly rounded\n", f->name, bad, n);
        failures++;
    }
}

#define F1(n, s32, s64, c32, c64, lo, hi) \
    { #n, spv2c_##n##_f32, spv2c_##n##_f64, 0, 0, spv2c__##n##_odd, 0, mpfr_##n, 0, \
      s32, s64, c32, c64, lo, hi, 0, 0, 0, 0, 0 }
#define F2(n, s32, s64, c32, c64) \
    { #n, 0, 0, spv2c_##n##_f32, spv2c_##n##_f64, 0, spv2c__##n##_odd, 0, mpfr_##n, \
      s32, s64, c32, c64, 0, 0, 0, 0, 0, 0, 0 }

/* float claim: correctly rounded (0.5 ulp; a double rounding at most adds
   2^-29); double claims: the measured maximum, rounded up */
#define CR32 (0.5 + 0x1p-28)
#define C64 0.8

int main(int argc, char **argv)
{
    static Fn fns[] = {
        F1(sin, 4, 4, CR32, C64, -10, 10), F1(cos, 4, 4, CR32, C64, -10, 10),
        F1(tan, 5, 5, CR32, C64, -10, 10),
        F1(sinpi, 4, 4, CR32, C64, -4, 4), F1(cospi, 4, 4, CR32, C64, -4, 4),
        F1(tanpi, 6, 6, CR32, C64, -4, 4),
        F1(asin, 4, 4, CR32, C64, -1, 1), F1(acos, 4, 4, CR32, C64, -1, 1),
        F1(atan, 5, 5, CR32, C64, -10, 10),
        F1(asinpi, 5, 5, CR32, C64, -1, 1), F1(acospi, 5, 5, CR32, C64, -1, 1),
        F1(atanpi, 5, 5, CR32, C64, -10, 10),
        F2(atan2, 6, 6, CR32, C64), F2(atan2pi, 6, 6, CR32, C64),
    };
    size_t i;
    if (argc > 1) scale = strtoul(argv[1], 0, 10);
    mpfr_inits2(256, ex, xa, xb, (mpfr_ptr)0);
    edge_cases();
    printf("%-9s %9s %9s %10s %10s %8s\n", "function", "f32 max", "f64 max", "f32 >0.5",
           "f64 >0.5", "inputs");
    for (i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        Fn *f = &fns[i];
        if (f->mp) run1(f); else run2(f);
        half_all(f);
        printf("%-9s %9.4f %9.4f %10ld %10ld %8ld\n", f->name, f->max32, f->max64, f->notcr32,
               f->notcr64, f->n);
    }
    mpfr_clears(ex, xa, xb, (mpfr_ptr)0);
    printf("%s (%d failures)\n", failures ? "FAIL" : "ok", failures);
    return failures != 0;
}
