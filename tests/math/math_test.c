/*
 * The math library (runtime/math_exp.h, math_trig.h, math_special.h)
 * against MPFR: one row a function in `rows` below. For each function and
 * each of float, double and half (the half form is what the templates
 * emit: the double core rounded to odd, then to half), a few thousand
 * inputs: special values, random bit patterns over the whole range,
 * uniform and log-uniform samples of the row's domain, and points within
 * a few ulp of the row's edges (overflow and underflow thresholds, poles).
 * Half one-argument functions are checked on all 65536 inputs.
 *
 * The error of a result y against the exact value v (MPFR, 160 bits) is
 * |y - v| / ulp(v), ulp(v) = 2^(max(e, emin) - p + 1) for 2^e <= |v| <
 * 2^(e+1) (an infinite y counts as 2^(emax+1)). A NaN, infinite or zero
 * exact value must be matched exactly (signed zeros too). A function fails
 * when its maximum error passes its bound: the OpenCL C specification's
 * full-profile bound (OpenCL C 3.0, section 7.4 "Relative Error as ULPs",
 * the single, double and half precision tables), given in each row; a row
 * marked cr also fails when a float or half result is not correctly rounded
 * (the goal of issue 18, met by runtime/math_exp.h).
 *
 * usage: math_test [-n COUNT] [-s SEED] [-q] [NAME...]
 * (MATH_TEST_VERBOSE=1 in the environment lists every result that is not
 * correctly rounded)
 */
#include "../../runtime/base.h"
#include "../../runtime/half.h"
#include "../../runtime/math_exp.h"
#include "../../runtime/math_trig.h"
#include "../../runtime/math_special.h"
#include "../../runtime/math.h"
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

#define PREC 160

typedef int (*Ref)(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n);

enum { X, XY, XN };   /* f(x), f(x, y), f(x, int n) */

typedef struct {
    const char *name;
    int shape;
    float (*f1)(float);
    double (*d1)(double), (*o1)(double);
    float (*f2)(float, float);
    double (*d2)(double, double), (*o2)(double, double);
    float (*fn)(float, uint32_t);
    double (*dn)(double, uint32_t), (*on)(double, uint32_t);
    Ref ref;
    double ulp_f, ulp_d, ulp_h;   /* bounds: float, double, half */
    double lo, hi;                /* domain of x (y: ylo, yhi) */
    double ylo, yhi;
    double edge[6];               /* sample near these (0 ends the list) */
    int cr;                       /* 1: float and half results must be correctly rounded;
                                     2: one IEEE operation (host's default NaN allowed) */
} Row;

/* ---- exact references ---- */
#define REF1(N, F) \
static int N(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n) \
{ (void)y; (void)n; return F(r, x, MPFR_RNDN); }
REF1(r_exp, mpfr_exp) REF1(r_exp2, mpfr_exp2) REF1(r_exp10, mpfr_exp10) REF1(r_expm1, mpfr_expm1)
REF1(r_log, mpfr_log) REF1(r_log2, mpfr_log2) REF1(r_log10, mpfr_log10) REF1(r_log1p, mpfr_log1p)
REF1(r_cbrt, mpfr_cbrt) REF1(r_sinh, mpfr_sinh) REF1(r_cosh, mpfr_cosh) REF1(r_tanh, mpfr_tanh)
REF1(r_asinh, mpfr_asinh) REF1(r_acosh, mpfr_acosh) REF1(r_atanh, mpfr_atanh)
REF1(r_sin, mpfr_sin) REF1(r_cos, mpfr_cos) REF1(r_tan, mpfr_tan) REF1(r_sinpi, mpfr_sinpi)
REF1(r_cospi, mpfr_cospi) REF1(r_tanpi, mpfr_tanpi) REF1(r_asin, mpfr_asin)
REF1(r_acos, mpfr_acos) REF1(r_atan, mpfr_atan) REF1(r_asinpi, mpfr_asinpi)
REF1(r_acospi, mpfr_acospi) REF1(r_atanpi, mpfr_atanpi) REF1(r_erf, mpfr_erf)
REF1(r_erfc, mpfr_erfc)
static int r_tgamma(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)y; (void)n; return mpfr_gamma(r, x, MPFR_RNDN); }
/* lgamma: +inf at the poles (OpenCL C), MPFR's log|gamma| elsewhere */
static int r_lgamma(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ int s; (void)y; (void)n; return mpfr_lgamma(r, &s, x, MPFR_RNDN); }
static int r_atan2(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)n; return mpfr_atan2(r, x, y, MPFR_RNDN); }
static int r_atan2pi(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)n; return mpfr_atan2pi(r, x, y, MPFR_RNDN); }

/* x 180/pi, x pi/180 (pi to PREC + 64 bits) */
static int r_angle(mpfr_t r, mpfr_srcptr x, int deg)
{
    mpfr_t c;
    int s;
    mpfr_init2(c, PREC + 64);
    mpfr_const_pi(c, MPFR_RNDN);
    if (deg) mpfr_ui_div(c, 180, c, MPFR_RNDN); else mpfr_div_ui(c, c, 180, MPFR_RNDN);
    s = mpfr_mul(r, x, c, MPFR_RNDN);
    mpfr_clear(c);
    return s;
}
static int r_degrees(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)y; (void)n; return r_angle(r, x, 1); }
static int r_radians(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)y; (void)n; return r_angle(r, x, 0); }

/* 1/sqrt(x) (not IEEE rSqrt: rsqrt(-0) = 1/-0 = -inf, as 1/sqrt(x) is) */
static int r_rsqrt(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{
    (void)y; (void)n;
    if (mpfr_zero_p(x)) { mpfr_set_inf(r, mpfr_signbit(x) ? -1 : 1); return 0; }
    return mpfr_rec_sqrt(r, x, MPFR_RNDN);
}
static int r_recip(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)y; (void)n; return mpfr_ui_div(r, 1, x, MPFR_RNDN); }
static int r_sqrt(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)y; (void)n; return mpfr_sqrt(r, x, MPFR_RNDN); }
static int r_div(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)n; return mpfr_div(r, x, y, MPFR_RNDN); }
static int r_pow(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)n; return mpfr_pow(r, x, y, MPFR_RNDN); }
static int r_hypot(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)n; return mpfr_hypot(r, x, y, MPFR_RNDN); }
static int r_pown(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{ (void)y; return mpfr_pow_si(r, x, n, MPFR_RNDN); }
/* rootn: OpenCL's edge cases are MPFR's rootn_si's, except rootn(x, 0) */
static int r_rootn(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{
    (void)y;
    if (n == 0) { mpfr_set_nan(r); return 0; }
    return mpfr_rootn_si(r, x, n, MPFR_RNDN);
}
/* powr: the table of OpenCL C's edge-case section, then x^y for x > 0 */
static int r_powr(mpfr_t r, mpfr_srcptr x, mpfr_srcptr y, long n)
{
    (void)n;
    if (mpfr_nan_p(x) || mpfr_nan_p(y) || (mpfr_sgn(x) < 0 && !mpfr_zero_p(x))
        || (mpfr_zero_p(x) && mpfr_zero_p(y)) || (mpfr_inf_p(x) && mpfr_zero_p(y))
        || (mpfr_cmp_ui(x, 1) == 0 && mpfr_inf_p(y))) {
        mpfr_set_nan(r);
        return 0;
    }
    if (mpfr_zero_p(x)) {   /* +-0: +inf for y < 0 (-inf too), +0 for y > 0 */
        if (mpfr_sgn(y) < 0) mpfr_set_inf(r, 1); else mpfr_set_zero(r, 1);
        return 0;
    }
    return mpfr_pow(r, x, y, MPFR_RNDN);
}

/* ---- the rows ---- */
#define ONE(F) #F, X, spv2c_##F##_f32, spv2c_##F##_f64, spv2c__##F##_odd, 0, 0, 0, 0, 0, 0
#define TWO(F) #F, XY, 0, 0, 0, spv2c_##F##_f32, spv2c_##F##_f64, spv2c__##F##_odd, 0, 0, 0
/* float only: native_F (the same code serves half_F) */
#define NAT(F) "native_" #F, X, spv2c_native_##F##_f32, 0, 0, 0, 0, 0, 0, 0, 0
#define NAT2(F) "native_" #F, XY, 0, 0, 0, spv2c_native_##F##_f32, 0, 0, 0, 0, 0
#define INT(F) #F, XN, 0, 0, 0, 0, 0, 0, spv2c_##F##_f32, spv2c_##F##_f64, spv2c__##F##_odd

static const Row rows[] = {
    /* name, ref, ulp float/double/half, x domain, y domain, edges */
    { ONE(exp), r_exp, 3, 3, 2, -104, 89, 0, 0, { 88.72283935546875, -103.97, -87.33, 709.78, -745.1 }, 1 },
    { ONE(exp2), r_exp2, 3, 3, 2, -150, 128, 0, 0, { 128, -126, -149, 1024, -1074, -1075 }, 1 },
    { ONE(exp10), r_exp10, 3, 3, 2, -45, 38.6, 0, 0, { 38.53, -44.85, 308.25, -323.3 }, 1 },
    { ONE(expm1), r_expm1, 3, 3, 2, -20, 89, 0, 0, { 88.72, 0.0625, -0.0625, 709.78, -40 }, 1 },
    { ONE(log), r_log, 3, 3, 2, 0, 100, 0, 0, { 1, 0.7012, 1.4023 }, 1 },
    { ONE(log2), r_log2, 3, 3, 2, 0, 100, 0, 0, { 1, 2, 0.5 }, 1 },
    { ONE(log10), r_log10, 3, 3, 2, 0, 100, 0, 0, { 1, 10, 0.1 }, 1 },
    { ONE(log1p), r_log1p, 2, 2, 2, -1, 100, 0, 0, { -1, 0.4, -0.3 }, 1 },
    { ONE(cbrt), r_cbrt, 2, 2, 2, -100, 100, 0, 0, { 1, 8, -27 }, 1 },
    { ONE(rsqrt), r_rsqrt, 2, 2, 1, 0, 100, 0, 0, { 1, 4, 0.25 }, 1 },
    { ONE(sinh), r_sinh, 4, 4, 2, -90, 90, 0, 0, { 89.415985, 0.0625, 40, 710.4758, -710.4758 }, 1 },
    { ONE(cosh), r_cosh, 4, 4, 2, -90, 90, 0, 0, { 89.415985, 40, 710.4758 }, 1 },
    { ONE(tanh), r_tanh, 5, 5, 2, -10, 10, 0, 0, { 22, 0.55, -0.55, 9.01 }, 1 },
    { ONE(asinh), r_asinh, 4, 4, 2, -100, 100, 0, 0, { 0x1p28, 1 }, 1 },
    { ONE(acosh), r_acosh, 4, 4, 2, 1, 100, 0, 0, { 1, 0x1p28, 2 }, 1 },
    { ONE(atanh), r_atanh, 5, 5, 2, -1, 1, 0, 0, { 1, -1, 0.5 }, 1 },
    { TWO(pow), r_pow, 16, 16, 4, -100, 100, -20, 20, { 1 }, 1 },
    { TWO(powr), r_powr, 16, 16, 4, 0, 100, -20, 20, { 1 }, 1 },
    { TWO(hypot), r_hypot, 4, 4, 2, -1e30, 1e30, -1e30, 1e30, { 0 }, 1 },
    { INT(pown), r_pown, 16, 16, 4, -100, 100, 0, 0, { 1 }, 1 },
    { INT(rootn), r_rootn, 16, 16, 4, -100, 100, 0, 0, { 1 }, 1 },
    /* runtime/math_trig.h (half: cl_khr_fp16's table allows 2 or more; cr asks 0.5) */
    { ONE(sin), r_sin, 4, 4, 2, -10, 10, 0, 0, { 1.5707963267948966, 3.141592653589793, 1e22 }, 1 },
    { ONE(cos), r_cos, 4, 4, 2, -10, 10, 0, 0, { 1.5707963267948966, 3.141592653589793, 1e22 }, 1 },
    { ONE(tan), r_tan, 5, 5, 2, -10, 10, 0, 0, { 1.5707963267948966, 0.7853981633974483 }, 1 },
    { ONE(sinpi), r_sinpi, 4, 4, 2, -10, 10, 0, 0, { 1, 0.5, 0.25, 1e10 }, 1 },
    { ONE(cospi), r_cospi, 4, 4, 2, -10, 10, 0, 0, { 1, 0.5, 0.25, 1e10 }, 1 },
    { ONE(tanpi), r_tanpi, 6, 6, 2, -10, 10, 0, 0, { 0.5, 0.25, 1e10 }, 1 },
    { ONE(asin), r_asin, 4, 4, 2, -1, 1, 0, 0, { 1, -1, 0.5 }, 1 },
    { ONE(acos), r_acos, 4, 4, 2, -1, 1, 0, 0, { 1, -1, 0.5 }, 1 },
    { ONE(atan), r_atan, 5, 5, 2, -10, 10, 0, 0, { 1, 0x1p54 }, 1 },
    { ONE(asinpi), r_asinpi, 5, 5, 2, -1, 1, 0, 0, { 1, -1, 0.5 }, 1 },
    { ONE(acospi), r_acospi, 5, 5, 2, -1, 1, 0, 0, { 1, -1, 0.5 }, 1 },
    { ONE(atanpi), r_atanpi, 5, 5, 2, -10, 10, 0, 0, { 1, 0x1p54 }, 1 },
    { TWO(atan2), r_atan2, 6, 6, 2, -10, 10, -10, 10, { 1 }, 1 },
    { TWO(atan2pi), r_atan2pi, 6, 6, 2, -10, 10, -10, 10, { 1 }, 1 },
    /* runtime/math_special.h */
    { ONE(erf), r_erf, 16, 16, 4, -6, 6, 0, 0, { 0.5, 2.2, 6, 1 }, 1 },
    { ONE(erfc), r_erfc, 16, 16, 4, -6, 28, 0, 0, { 0.5, 2.2, 10.05, 26.5, 27.2 }, 1 },
    { ONE(tgamma), r_tgamma, 16, 16, 4, -20, 30, 0, 0, { 171.6, 35.04, -0.5, 1e-30, 2, 1 }, 1 },
    /* lgamma has no spec bound; near its zeros left of 0 (-2.457..., -2.747...)
       the double result has an absolute error near 2^-56, millions of ulps */
    { ONE(lgamma), r_lgamma, 16, 2e6, 4, -20, 30, 0, 0, { 1, 2, -2.4570247, 1e30, 1e-30 }, 1 },
    /* runtime/math.h: degrees, radians (spec 2 ulp; correctly rounded since issue 36);
       edges: float, double and half overflow (degrees), their subnormal boundaries (radians) */
    { ONE(degrees), r_degrees, 2, 2, 2, -1e6, 1e6, 0, 0, { 5.939e36, 3.1375e306, 1143.2, 0.5 }, 1 },
    { ONE(radians), r_radians, 2, 2, 2, -1e6, 1e6, 0, 0, { 6.7346e-37, 1.2753e-306, 3.4968e-3, 1e30 }, 1 },
    /* native_* and half_*: the bound is ours (docs/math.md; half_* must be <= 8192) */
    { NAT(exp), r_exp, 1, 0, 0, -104, 89, 0, 0, { 88.72283935546875, -103.97, -87.33 }, 0 },
    { NAT(exp2), r_exp2, 1, 0, 0, -150, 128, 0, 0, { 128, -126, -149 }, 0 },
    { NAT(exp10), r_exp10, 1, 0, 0, -45, 38.6, 0, 0, { 38.53, -44.85 }, 0 },
    { NAT(log), r_log, 1, 0, 0, 0, 100, 0, 0, { 1, 0.7071 }, 0 },
    { NAT(log2), r_log2, 1, 0, 0, 0, 100, 0, 0, { 1, 0.7071 }, 0 },
    { NAT(log10), r_log10, 1, 0, 0, 0, 100, 0, 0, { 1, 0.7071 }, 0 },
    { NAT2(powr), r_powr, 2, 0, 0, 0, 100, -20, 20, { 1 }, 0 },
    { NAT(sqrt), r_sqrt, 0.5, 0, 0, 0, 100, 0, 0, { 1 }, 2 },
    { NAT(rsqrt), r_rsqrt, 1, 0, 0, 0, 100, 0, 0, { 1 }, 0 },
    { NAT(recip), r_recip, 0.5, 0, 0, -100, 100, 0, 0, { 1 }, 2 },
    { NAT2(divide), r_div, 0.5, 0, 0, -100, 100, -100, 100, { 1 }, 2 },
    { NAT(sin), r_sin, 1, 0, 0, -10, 10, 0, 0, { 0x1p19, 1.5707963267948966, 1e22 }, 0 },
    { NAT(cos), r_cos, 1, 0, 0, -10, 10, 0, 0, { 0x1p19, 1.5707963267948966, 1e22 }, 0 },
    { NAT(tan), r_tan, 1, 0, 0, -10, 10, 0, 0, { 0x1p19, 1.5707963267948966, 1e22 }, 0 },
};
#define NROWS (sizeof rows / sizeof rows[0])

/* ---- formats ---- */
typedef struct { const char *name; int p, emin, emax; } Fmt;
static const Fmt F32 = { "float", 24, -126, 127 }, F64 = { "double", 53, -1022, 1023 },
                 F16 = { "half", 11, -14, 15 };

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}
static double unif(void) { return (double)(rnd() >> 11) * 0x1p-53; }

/* a value of format f (as a double) */
static double fmt_round(const Fmt *f, double x)
{
    if (f == &F32) return (float)x;
    if (f == &F16) return spv2c_conv_f64_f16(spv2c_conv_f16_f64_rte(x));
    return x;
}
static double rand_bits(const Fmt *f)
{
    if (f == &F32) return spv2c_bits_f32((uint32_t)rnd());
    if (f == &F16) return spv2c_conv_f64_f16((uint16_t)rnd());
    return spv2c_bits_f64(rnd());
}
/* x moved k ulps of format f (towards +inf for k > 0) */
static double step(const Fmt *f, double x, int k)
{
    for (; k > 0; k--) x = fmt_round(f, nextafter(x, HUGE_VAL)) == x
                           ? (f == &F64 ? nextafter(x, HUGE_VAL)
                              : f == &F32 ? (double)nextafterf((float)x, HUGE_VALF)
                              : x + ldexp(1, (x == 0 ? f->emin : ilogb(x) < f->emin ? f->emin : ilogb(x)) - f->p + 1))
                           : x;
    for (; k < 0; k++) x = -step(f, -x, 1);
    return x;
}

/* |y - v| / ulp(v) in format f; -1 when an exact-match rule is broken */
static double ulp_error(const Fmt *f, mpfr_srcptr v, double y)
{
    static mpfr_t d;
    static int init;
    long e;
    if (!init) { mpfr_init2(d, PREC + 64); init = 1; }
    if (mpfr_nan_p(v)) return y != y ? 0 : -1;
    if (y != y) return -1;
    if (mpfr_inf_p(v))
        return (y == HUGE_VAL && mpfr_sgn(v) > 0) || (y == -HUGE_VAL && mpfr_sgn(v) < 0) ? 0 : -1;
    if (mpfr_zero_p(v))
        return y == 0 && !signbit(y) == !mpfr_signbit(v) ? 0 : -1;
    if (mpfr_get_exp(v) > f->emax + 1)   /* |v| >= 2^(emax+1): rounds to inf */
        return y == (mpfr_sgn(v) > 0 ? HUGE_VAL : -HUGE_VAL) ? 0 : -1;
    if (y - y != 0)
        mpfr_set_si_2exp(d, y > 0 ? 1 : -1, f->emax + 1, MPFR_RNDN);
    else
        mpfr_set_d(d, y, MPFR_RNDN);
    mpfr_sub(d, d, v, MPFR_RNDN);
    e = mpfr_get_exp(v) - 1;
    if (e < f->emin) e = f->emin;
    mpfr_mul_2si(d, d, -(e - f->p + 1), MPFR_RNDN);
    return fabs(mpfr_get_d(d, MPFR_RNDN));
}

/* v rounded to format f (to nearest, ties to even; subnormals, overflow) */
static double round_to(const Fmt *f, mpfr_srcptr v)
{
    static mpfr_t q;
    static int init;
    long e;
    if (!init) { mpfr_init2(q, PREC); init = 1; }
    if (mpfr_nan_p(v) || mpfr_inf_p(v) || mpfr_zero_p(v))
        return mpfr_get_d(v, MPFR_RNDN);
    e = mpfr_get_exp(v) - 1;
    if (e < f->emin) e = f->emin;
    mpfr_mul_2si(q, v, -(e - f->p + 1), MPFR_RNDN);
    mpfr_rint(q, q, MPFR_RNDN);
    mpfr_mul_2si(q, q, e - f->p + 1, MPFR_RNDN);
    if (mpfr_get_exp(q) > f->emax + 1)
        return mpfr_sgn(q) > 0 ? HUGE_VAL : -HUGE_VAL;
    return mpfr_get_d(q, MPFR_RNDN);
}

typedef struct {
    double max, wx, wy, wres;   /* the worst error, its operands and result */
    long wn, n, notcr, broken;
} Stat;

static mpfr_t mx, my, mv;

/* one input: the function in format f against MPFR */
static void check(const Row *r, const Fmt *f, double x, double y, long n, Stat *st)
{
    double res, err, cr;
    uint64_t bits;   /* the result's bits in its format */
    float rf = 0;
    uint16_t rh = 0;
    x = fmt_round(f, x);
    y = fmt_round(f, y);
    if (r->shape == X)
        res = f == &F32 ? (rf = r->f1((float)x)) : f == &F64 ? r->d1(x)
            : spv2c_conv_f64_f16(rh = spv2c_conv_f16_f64_rte(r->o1(x)));
    else if (r->shape == XY)
        res = f == &F32 ? (rf = r->f2((float)x, (float)y)) : f == &F64 ? r->d2(x, y)
            : spv2c_conv_f64_f16(rh = spv2c_conv_f16_f64_rte(r->o2(x, y)));
    else
        res = f == &F32 ? (rf = r->fn((float)x, (uint32_t)n)) : f == &F64 ? r->dn(x, (uint32_t)n)
            : spv2c_conv_f64_f16(rh = spv2c_conv_f16_f64_rte(r->on(x, (uint32_t)n)));
    bits = f == &F32 ? spv2c_f32_bits(rf) : f == &F16 ? rh : spv2c_f64_bits(res);
    mpfr_set_d(mx, x, MPFR_RNDN);
    mpfr_set_d(my, y, MPFR_RNDN);
    r->ref(mv, mx, my, n);
    err = ulp_error(f, mv, res);
    /* a NaN made from non-NaN operands is the canonical quiet NaN
       (docs/testing.md, NaN policy): positive, payload 0 */
    if (res != res && x == x && (r->shape != XY || y == y) && r->cr != 2
        && bits != (f == &F32 ? 0x7fc00000u : f == &F16 ? 0x7e00u : 0x7ff8000000000000u))
        err = -1;
    st->n++;
    if (err < 0) {
        st->broken++;
        err = HUGE_VAL;
    }
    cr = round_to(f, mv);
    if (res == res && (res != cr || !signbit(res) != !signbit(cr))) {
        st->notcr++;
        if (getenv("MATH_TEST_VERBOSE"))
            printf("%s %s: x = %a, y = %a, n = %ld: got %a, correctly rounded %a\n",
                   r->name, f->name, x, y, n, res, cr);
    }
    if (err > st->max || (st->max == 0 && st->n == 1)) {
        st->max = err; st->wx = x; st->wy = y; st->wn = n; st->wres = res;
    }
}

static const double specials[] = {
    0.0, -0.0, 1, -1, 0.5, -0.5, 2, -2, 3, -3, 10, -10, 0.1, -0.1, 1.5, -1.5, 100, -100,
    0x1p-149, -0x1p-149, 0x1p-126, -0x1p-126, 0x1.fffffep127, -0x1.fffffep127,
    0x1p-1074, -0x1p-1074, 0x1p-1022, -0x1p-1022, 0x1.fffffffffffffp1023, -0x1.fffffffffffffp1023,
    0x1p-24, 0x1p-14, 65504, -65504, 1e10, -1e10, 1e-10, 1e30, 1e300, -1e300,
    HUGE_VAL, -HUGE_VAL, NAN
};
#define NSPEC (sizeof specials / sizeof specials[0])
static const long ints[] = { 0, 1, -1, 2, -2, 3, -3, 4, 5, -5, 7, 16, -16, 100, -101, 1000,
                             2147483647, -2147483647 - 1, 65535, -3333 };
#define NINTS (sizeof ints / sizeof ints[0])

/* a sample of the row's domain [lo, hi]: uniform, or log-uniform in magnitude */
static double sample(const Row *r, const Fmt *f, double lo, double hi, int kind)
{
    double m, a;
    if (kind == 0) return lo + (hi - lo) * unif();
    m = fabs(lo) > fabs(hi) ? fabs(lo) : fabs(hi);
    a = ldexp(1, f->emin - f->p + 1);
    (void)r;
    m = exp2(log2(a) + (log2(m) - log2(a)) * unif());
    if (lo < 0 && (hi <= 0 || (rnd() & 1))) m = -m;
    return m;
}

/* any x operand: special, random bits, or a domain sample; n random */
static double any_x(const Row *r, const Fmt *f, long i)
{
    switch (i % 4) {
    case 0: return rand_bits(f);
    case 1: return sample(r, f, r->lo, r->hi, 0);
    case 2: return sample(r, f, r->lo, r->hi, 1);
    default: { double e = r->edge[rnd() % 6]; return step(f, e ? e : 1, (int)(rnd() % 33) - 16); }
    }
}
static double any_y(const Row *r, const Fmt *f, long i)
{
    switch (i % 5) {
    case 0: return rand_bits(f);
    case 1: return sample(r, f, r->ylo, r->yhi, 0);
    case 2: return sample(r, f, r->ylo, r->yhi, 1);
    case 3: return floor(sample(r, f, r->ylo, r->yhi, 0));
    default: return specials[rnd() % NSPEC];
    }
}

static int run_row(const Row *r, const Fmt *f, long count, int quiet)
{
    Stat st = { 0, 0, 0, 0, 0, 0, 0, 0 };
    double bound = f == &F32 ? r->ulp_f : f == &F64 ? r->ulp_d : r->ulp_h;
    size_t i, j;
    long k;
    int fail;
    for (i = 0; i < NSPEC; i++) {
        if (r->shape == X) check(r, f, specials[i], 0, 0, &st);
        else if (r->shape == XY) for (j = 0; j < NSPEC; j++) check(r, f, specials[i], specials[j], 0, &st);
        else for (j = 0; j < NINTS; j++) check(r, f, specials[i], 0, ints[j], &st);
    }
    for (i = 0; i < 6 && r->edge[i]; i++)
        for (k = -16; k <= 16; k++)
            check(r, f, step(f, r->edge[i], (int)k), 1.5, 3, &st);
    /* exact powers that are float midpoints (m^2, m^3, (m^2)^1.5 of 25
       bits): ties to even */
    if (r->shape != X)
        for (k = 0; k < 300; k++) {
            double m = k < 100 ? 4097 + 2 * k : 257 + 2 * (k % 33), e = k < 100 ? 2 : 3;
            if (k >= 200 && r->shape == XY)
                m *= m, e = 1.5;
            check(r, f, m, e, (long)e, &st);
        }
    if (r->shape == X && f == &F16 && count >= 1000)
        for (k = 0; k < 65536; k++) check(r, f, spv2c_conv_f64_f16((uint16_t)k), 0, 0, &st);
    for (k = 0; k < count; k++) {
        double x = any_x(r, f, k);
        if (r->shape == X) check(r, f, x, 0, 0, &st);
        else if (r->shape == XY) {
            double y = any_y(r, f, k / 4);
            if (k % 7 == 0) x = step(f, 1, (int)(rnd() % 65) - 32);   /* x near 1 */
            check(r, f, x, y, 0, &st);
        } else {
            long n = k % 3 ? (long)(rnd() % 41) - 20 : (long)(int32_t)(uint32_t)rnd();
            check(r, f, x, 0, n, &st);
        }
    }
    fail = st.broken || st.max > bound || (r->cr == 1 && f != &F64 && st.notcr);
    if (fail || !quiet)
        printf("%-8s %-6s %7ld inputs  max %8.3f ulp (bound %g)  %ld not correctly rounded%s\n",
               r->name, f->name, st.n, st.broken ? HUGE_VAL : st.max, bound, st.notcr,
               fail ? "  FAIL" : "");
    if (fail)
        printf("         worst: x = %a, y = %a, n = %ld: got %a\n", st.wx, st.wy, st.wn, st.wres);
    return fail;
}

int main(int argc, char **argv)
{
    long count = 3000;
    int quiet = 0, fails = 0, i, any = 0;
    size_t k;
    mpfr_inits2(PREC, mx, my, mv, (mpfr_ptr)0);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc) count = atol(argv[++i]);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc) rng ^= strtoull(argv[++i], 0, 0) * 0x2545f4914f6cdd1du;
        else if (!strcmp(argv[i], "-q")) quiet = 1;
        else any = 1;
    }
    for (k = 0; k < NROWS; k++) {
        int want = !any;
        for (i = 1; i < argc && !want; i++)
            want = !strcmp(argv[i], rows[k].name);
        if (!want) continue;
        fails += run_row(&rows[k], &F32, count, quiet);
        if (rows[k].d1 || rows[k].d2 || rows[k].dn) {
            fails += run_row(&rows[k], &F64, count, quiet);
            fails += run_row(&rows[k], &F16, count, quiet);
        }
    }
    printf("%d failed\n", fails);
    mpfr_clears(mx, my, mv, (mpfr_ptr)0);
    mpfr_free_cache();
    return fails != 0;
}
