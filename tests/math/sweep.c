/*
 * Sweep of one-argument float functions over all 2^32 inputs (or a strided
 * slice): scripts/math-sweep builds and runs this. For each input x the
 * runtime's result y is compared with the correctly rounded float:
 *
 * 1. a first filter, the C library's double function (error ~2^-52): if
 *    d (1 - 2^-40) and d (1 + 2^-40) round to the same float, that float is
 *    the correctly rounded result and the error of y is measured against d;
 * 2. otherwise (the exact value may be near a rounding boundary), and for
 *    for one input in 4096 (by a hash) whatever the filter says, MPFR (128 bits) decides;
 *    a filter decision MPFR contradicts stops the sweep (exit 2).
 *
 * So the verdict near rounding boundaries is always MPFR's, and the
 * platform library only speeds up the easy inputs.
 *
 * usage: sweep [-s STRIDE] [-o OFFSET] [-e END] NAME...   (the bit patterns
 *        OFFSET, OFFSET + STRIDE, ... below END; prints one line a function:
 *        inputs, the maximum error in ulp, the input giving it, and how many
 *        results are not correctly rounded; exit status 1 when a
 *        named function other than native_* had such a result)
 */
#define _GNU_SOURCE   /* exp10 */
#include "../../runtime/base.h"
#include "../../runtime/math_exp.h"
#include "../../runtime/math_trig.h"
#include "../../runtime/math_special.h"
#include "../../runtime/math.h"
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const char *name;
    float (*f)(float);
    double (*filter)(double);
    int (*ref)(mpfr_t, mpfr_srcptr, mpfr_rnd_t);
} Fn;

static double d_rsqrt(double x) { return 1 / sqrt(x); }
static int m_lgamma(mpfr_t r, mpfr_srcptr x, mpfr_rnd_t m) { int s; return mpfr_lgamma(r, &s, x, m); }
static int m_rsqrt(mpfr_t r, mpfr_srcptr x, mpfr_rnd_t m)
{
    if (mpfr_zero_p(x)) { mpfr_set_inf(r, mpfr_signbit(x) ? -1 : 1); return 0; }
    return mpfr_rec_sqrt(r, x, m);
}

/* filters for the pi functions: the argument reduced exactly first
   (remainder and 1/2 - a are exact here), so only sin's and pi's roundings
   remain (~2^-52 relative); cospi is sin(pi (1/2 - |r|)), exact zeros */
static double d_sinpi(double x)
{ double r = remainder(x, 2), a = fabs(r);
  if (x - x != 0) return x - x;
  if (a > 0.5) a = 1 - a;
  return a == 0 ? x * 0.0 : r < 0 ? -sin(M_PI * a) : sin(M_PI * a); }
static double d_cospi(double x)
{ return x - x != 0 ? x - x : sin(M_PI * (0.5 - fabs(remainder(x, 2)))); }
static double d_tanpi(double x) { return d_sinpi(x) / d_cospi(x); }
/* degrees, radians: x times the constant rounded to double (~2^-52);
   MPFR: x times 180/pi or pi/180 at 128 bits */
static double d_degrees(double x) { return x * 0x1.ca5dc1a63c1f8p+5; }
static double d_radians(double x) { return x * 0x1.1df46a2529d39p-6; }
static int m_degrees(mpfr_t r, mpfr_srcptr x, mpfr_rnd_t m)
{ mpfr_t c; int t; mpfr_init2(c, 256); mpfr_const_pi(c, MPFR_RNDN); mpfr_ui_div(c, 180, c, MPFR_RNDN);
  t = mpfr_mul(r, x, c, m); mpfr_clear(c); return t; }
static int m_radians(mpfr_t r, mpfr_srcptr x, mpfr_rnd_t m)
{ mpfr_t c; int t; mpfr_init2(c, 256); mpfr_const_pi(c, MPFR_RNDN); mpfr_div_ui(c, c, 180, MPFR_RNDN);
  t = mpfr_mul(r, x, c, m); mpfr_clear(c); return t; }
static double d_asinpi(double x) { return asin(x) / M_PI; }
static double d_acospi(double x) { return acos(x) / M_PI; }
static double d_atanpi(double x) { return atan(x) / M_PI; }

static const Fn fns[] = {
    { "exp", spv2c_exp_f32, exp, mpfr_exp },
    { "exp2", spv2c_exp2_f32, exp2, mpfr_exp2 },
    { "exp10", spv2c_exp10_f32, exp10, mpfr_exp10 },
    { "expm1", spv2c_expm1_f32, expm1, mpfr_expm1 },
    { "log", spv2c_log_f32, log, mpfr_log },
    { "log2", spv2c_log2_f32, log2, mpfr_log2 },
    { "log10", spv2c_log10_f32, log10, mpfr_log10 },
    { "log1p", spv2c_log1p_f32, log1p, mpfr_log1p },
    { "cbrt", spv2c_cbrt_f32, cbrt, mpfr_cbrt },
    { "rsqrt", spv2c_rsqrt_f32, d_rsqrt, m_rsqrt },
    { "sinh", spv2c_sinh_f32, sinh, mpfr_sinh },
    { "cosh", spv2c_cosh_f32, cosh, mpfr_cosh },
    { "tanh", spv2c_tanh_f32, tanh, mpfr_tanh },
    { "asinh", spv2c_asinh_f32, asinh, mpfr_asinh },
    { "acosh", spv2c_acosh_f32, acosh, mpfr_acosh },
    { "atanh", spv2c_atanh_f32, atanh, mpfr_atanh },
    { "sin", spv2c_sin_f32, sin, mpfr_sin },
    { "cos", spv2c_cos_f32, cos, mpfr_cos },
    { "tan", spv2c_tan_f32, tan, mpfr_tan },
    { "sinpi", spv2c_sinpi_f32, d_sinpi, mpfr_sinpi },
    { "cospi", spv2c_cospi_f32, d_cospi, mpfr_cospi },
    { "tanpi", spv2c_tanpi_f32, d_tanpi, mpfr_tanpi },
    { "asin", spv2c_asin_f32, asin, mpfr_asin },
    { "acos", spv2c_acos_f32, acos, mpfr_acos },
    { "atan", spv2c_atan_f32, atan, mpfr_atan },
    { "asinpi", spv2c_asinpi_f32, d_asinpi, mpfr_asinpi },
    { "acospi", spv2c_acospi_f32, d_acospi, mpfr_acospi },
    { "atanpi", spv2c_atanpi_f32, d_atanpi, mpfr_atanpi },
    { "erf", spv2c_erf_f32, erf, mpfr_erf },
    { "erfc", spv2c_erfc_f32, erfc, mpfr_erfc },
    { "tgamma", spv2c_tgamma_f32, tgamma, mpfr_gamma },
    { "lgamma", spv2c_lgamma_f32, lgamma, m_lgamma },
    { "degrees", spv2c_degrees_f32, d_degrees, m_degrees },
    { "radians", spv2c_radians_f32, d_radians, m_radians },
    { "native_sin", spv2c_native_sin_f32, sin, mpfr_sin },
    { "native_cos", spv2c_native_cos_f32, cos, mpfr_cos },
    { "native_tan", spv2c_native_tan_f32, tan, mpfr_tan },
    { "native_exp", spv2c_native_exp_f32, exp, mpfr_exp },
    { "native_exp2", spv2c_native_exp2_f32, exp2, mpfr_exp2 },
    { "native_exp10", spv2c_native_exp10_f32, exp10, mpfr_exp10 },
    { "native_log", spv2c_native_log_f32, log, mpfr_log },
    { "native_log2", spv2c_native_log2_f32, log2, mpfr_log2 },
    { "native_log10", spv2c_native_log10_f32, log10, mpfr_log10 },
    { "native_rsqrt", spv2c_native_rsqrt_f32, d_rsqrt, m_rsqrt },
};
static mpfr_t mx, mv, md;

/* the error of y in float ulps against v (MPFR), and the correctly
   rounded float through *cr; HUGE_VAL for a wrong NaN, inf or zero sign */
static double mp_error(const Fn *f, float x, float y, float *cr)
{
    long e;
    mpfr_set_flt(mx, x, MPFR_RNDN);
    f->ref(mv, mx, MPFR_RNDN);
    *cr = mpfr_get_flt(mv, MPFR_RNDN);
    if (mpfr_nan_p(mv)) return y != y ? 0 : HUGE_VAL;
    if (y != y) return HUGE_VAL;
    if (mpfr_inf_p(mv) || mpfr_zero_p(mv) || *cr - *cr != 0)
        return spv2c_f32_bits(y) == spv2c_f32_bits(*cr) ? 0 : HUGE_VAL;
    mpfr_set_flt(md, y, MPFR_RNDN);
    mpfr_sub(md, md, mv, MPFR_RNDN);
    e = mpfr_get_exp(mv) - 1;
    if (e < -126) e = -126;
    mpfr_mul_2si(md, md, -(e - 23), MPFR_RNDN);
    return fabs(mpfr_get_d(md, MPFR_RNDN));
}

/* |y - d| in float ulps of d */
static double d_error(double y, double d)
{
    int e = ilogb(d);
    if (e < -126) e = -126;
    return fabs(y - d) / ldexp(1, e - 23);
}

static int sweep(const Fn *f, uint64_t stride, uint64_t offset, uint64_t end)
{
    uint64_t u, n = 0, notcr = 0, viamp = 0;
    double max = 0, err;
    float worst = 0;
    for (u = offset; u < end; u += stride) {
        float x = spv2c_bits_f32((uint32_t)u), y = f->f(x), cr;
        double d = f->filter(x), a = fabs(d) * 0x1p-40;
        /* NaN, infinite and zero results of the filter are exact (C99
           Annex F); a finite one decides when both ends round alike */
        int easy = d != d || d - d != 0 || d == 0 || (float)(d - a) == (float)(d + a);
        int same;
        n++;
        cr = (float)d;
        same = spv2c_f32_bits(y) == spv2c_f32_bits(cr) || (y != y && cr != cr);
        if (easy && same && (((uint32_t)u * 0x9e3779b1u) >> 20 & 4095u))
            err = cr - cr == 0 && cr != 0 ? d_error(y, d) : 0;
        else {
            float c2;
            err = mp_error(f, x, y, &c2);
            viamp++;
            if (easy && spv2c_f32_bits(c2) != spv2c_f32_bits(cr) && !(c2 != c2 && cr != cr)) {
                printf("%s: the filter's rounding of x = %a is %a, MPFR's %a\n", f->name, x, cr, c2);
                exit(2);
            }
            cr = c2;
        }
        if (spv2c_f32_bits(y) != spv2c_f32_bits(cr) && !(y != y && cr != cr))
            notcr++;
        if (err > max) {
            max = err;
            worst = x;
        }
    }
    printf("%-12s %10llu inputs  max %.4f ulp (x = %a)  %llu not correctly rounded  (%llu by MPFR)\n",
           f->name, (unsigned long long)n, max, worst, (unsigned long long)notcr,
           (unsigned long long)viamp);
    fflush(stdout);
    return notcr != 0;
}

int main(int argc, char **argv)
{
    uint64_t stride = 1, offset = 0, end = (uint64_t)1 << 32;
    size_t k;
    int i, any = 0, fails = 0;
    mpfr_inits2(128, mx, mv, md, (mpfr_ptr)0);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-s") && i + 1 < argc) stride = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) offset = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "-e") && i + 1 < argc) end = strtoull(argv[++i], 0, 0);
        else
            for (k = 0; k < sizeof fns / sizeof fns[0]; k++)
                if (!strcmp(argv[i], fns[k].name) || !strcmp(argv[i], "all")) {
                    int bad = sweep(&fns[k], stride ? stride : 1, offset,
                                    end < ((uint64_t)1 << 32) ? end : (uint64_t)1 << 32);
                    fails += bad && strncmp(fns[k].name, "native_", 7) != 0;   /* bound: ours */
                    any = 1;
                }
    }
    if (!any) {
        fprintf(stderr, "usage: sweep [-s STRIDE] [-o OFFSET] [-e END] all|NAME...\n");
        return 1;
    }
    return fails != 0;
}
