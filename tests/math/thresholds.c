/*
 * Overflow and underflow thresholds of the math library against MPFR
 * (issue 36): for each function (a two-argument one with its other operand
 * fixed to one of a few values) and each of float, double and half, the
 * inputs where the correctly rounded result changes class (NaN, +-inf,
 * +-normal, +-subnormal, +-0) are found and checked, with their
 * neighbours, bit for bit:
 *
 * 1. a grid: 1, 1.25, 1.5 and 1.75 times every power of two of the format
 *    (subnormal inputs too), both signs, 0 and the infinities;
 * 2. between two grid points whose results differ in class, bisection on
 *    the ordered bit patterns finds two neighbouring inputs that differ,
 *    and the RADIUS inputs on either side are checked;
 * 3. between two grid points where either result is infinite, zero or
 *    subnormal, a few random inputs (so the whole range where the result
 *    is not finite, or subnormal, or zero, is sampled, far beyond the
 *    threshold as well as next to it).
 *
 * A float or half result must be the correctly rounded one (the library's
 * promise, docs/math.md); a double result must be correctly rounded where
 * the correctly rounded result or the result itself is infinite, zero or
 * subnormal, and within 1 ulp elsewhere (the double cores' error is
 * ~2^-60; docs/math.md). The half form is what the templates emit. Also
 * checked by name: exp10(402.909257822891) = +inf (issue 36).
 *
 * usage: thresholds [-r RADIUS] [-g GRID] [-v] [NAME...]   (GRID points a
 * binade, 4 by default; RADIUS 32; scripts/math-sweep -t runs -g 64 -r 4096)
 */
#include "../../runtime/base.h"
#include "../../runtime/half.h"
#include "../../runtime/math.h"
#include "../../runtime/math_exp.h"
#include "../../runtime/math_trig.h"
#include "../../runtime/math_special.h"
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

#define PREC 160

typedef struct { const char *name; int p, emin, emax, bits; } Fmt;
static const Fmt F32 = { "float", 24, -126, 127, 32 }, F64 = { "double", 53, -1022, 1023, 64 },
                 F16 = { "half", 11, -14, 15, 16 };

/* a function of x with its other operand a: double, float and half forms
   (half: the double value of the half result), MPFR's exact value */
typedef struct {
    const char *name;
    double (*d)(double x, double a);
    float (*f)(float x, double a);
    double (*h)(double x, double a);
    int (*ref)(mpfr_t r, mpfr_srcptr x, double a);
    double ops[8];   /* the other operand's values (NAN ends; one-argument: { 0, NAN }) */
    int intop;       /* the other operand is an integer (not rounded to the format) */
    double sub;      /* double: the error allowed on a subnormal result (ulp) */
    double dtol;     /* double: the error allowed on a normal result (ulp) */
} Fn;

static double half_of(double v) { return spv2c_conv_f64_f16(spv2c_conv_f16_f64_rte(v)); }
static double half_f32(float v) { return spv2c_conv_f64_f16(spv2c_conv_f16_f32_rte(v)); }

#define ONE(F, M) \
static double d_##F(double x, double a) { (void)a; return spv2c_##F##_f64(x); } \
static float f_##F(float x, double a) { (void)a; return spv2c_##F##_f32(x); } \
static double h_##F(double x, double a) { (void)a; return half_of(spv2c__##F##_odd(x)); } \
static int m_##F(mpfr_t r, mpfr_srcptr x, double a) { (void)a; return M(r, x, MPFR_RNDN); }
ONE(exp, mpfr_exp) ONE(exp2, mpfr_exp2) ONE(exp10, mpfr_exp10) ONE(expm1, mpfr_expm1)
ONE(sinh, mpfr_sinh) ONE(cosh, mpfr_cosh) ONE(tanh, mpfr_tanh) ONE(asinh, mpfr_asinh)
ONE(atanh, mpfr_atanh) ONE(log1p, mpfr_log1p) ONE(sin, mpfr_sin) ONE(tan, mpfr_tan)
ONE(asin, mpfr_asin) ONE(atan, mpfr_atan) ONE(sinpi, mpfr_sinpi) ONE(tanpi, mpfr_tanpi)
ONE(asinpi, mpfr_asinpi) ONE(atanpi, mpfr_atanpi) ONE(erf, mpfr_erf) ONE(erfc, mpfr_erfc)
ONE(tgamma, mpfr_gamma)

static int m_lgamma_(mpfr_t r, mpfr_srcptr x, mpfr_rnd_t m) { int s; return mpfr_lgamma(r, &s, x, m); }
/* x 180/pi and x pi/180 (pi to 256 bits) */
static int m_angle(mpfr_t r, mpfr_srcptr x, int deg)
{ mpfr_t c; int s; mpfr_init2(c, 256); mpfr_const_pi(c, MPFR_RNDN);
  if (deg) mpfr_ui_div(c, 180, c, MPFR_RNDN); else mpfr_div_ui(c, c, 180, MPFR_RNDN);
  s = mpfr_mul(r, x, c, MPFR_RNDN); mpfr_clear(c); return s; }
static int m_degrees_(mpfr_t r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return m_angle(r, x, 1); }
static int m_radians_(mpfr_t r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return m_angle(r, x, 0); }
ONE(lgamma, m_lgamma_) ONE(degrees, m_degrees_) ONE(radians, m_radians_)

/* two operands: x is the first (pow, hypot, atan2's y, atan2pi's y;
   FIRST 1) or the second with the first fixed (pow_y: the exponent varies) */
#define TWO(N, F, M, FIRST) \
static double d_##N(double x, double a) { return FIRST ? spv2c_##F##_f64(x, a) : spv2c_##F##_f64(a, x); } \
static float f_##N(float x, double a) \
{ return FIRST ? spv2c_##F##_f32(x, (float)a) : spv2c_##F##_f32((float)a, x); } \
static double h_##N(double x, double a) \
{ return half_of(FIRST ? spv2c__##F##_odd(x, a) : spv2c__##F##_odd(a, x)); } \
static int m_##N(mpfr_t r, mpfr_srcptr x, double a) \
{ mpfr_t t; int s; mpfr_init2(t, 64); mpfr_set_d(t, a, MPFR_RNDN); \
  s = FIRST ? M(r, x, t, MPFR_RNDN) : M(r, t, x, MPFR_RNDN); mpfr_clear(t); return s; }
TWO(pow, pow, mpfr_pow, 1) TWO(pow_y, pow, mpfr_pow, 0)
TWO(hypot, hypot, mpfr_hypot, 1) TWO(atan2, atan2, mpfr_atan2, 1)
TWO(atan2pi, atan2pi, mpfr_atan2pi, 1)
/* powr: x^y for x > 0 and finite y; OpenCL's table elsewhere (tests/math/math_test.c) */
static double d_powr(double x, double a) { return spv2c_powr_f64(x, a); }
static float f_powr(float x, double a) { return spv2c_powr_f32(x, (float)a); }
static double h_powr(double x, double a) { return half_of(spv2c__powr_odd(x, a)); }
static double d_powr_y(double x, double a) { return spv2c_powr_f64(a, x); }
static float f_powr_y(float x, double a) { return spv2c_powr_f32((float)a, x); }
static double h_powr_y(double x, double a) { return half_of(spv2c__powr_odd(a, x)); }
static int r_powr(mpfr_t r, double x, double y)
{
    if (x != x || y != y || x < 0 || (x == 0 && y == 0) || (x - x != 0 && y == 0)
        || (x == 1 && y - y != 0)) { mpfr_set_nan(r); return 0; }
    if (x == 0) { if (y < 0) mpfr_set_inf(r, 1); else mpfr_set_zero(r, 1); return 0; }
    { mpfr_t a, b; int s; mpfr_inits2(64, a, b, (mpfr_ptr)0);
      mpfr_set_d(a, x, MPFR_RNDN); mpfr_set_d(b, y, MPFR_RNDN);
      s = mpfr_pow(r, a, b, MPFR_RNDN); mpfr_clears(a, b, (mpfr_ptr)0); return s; }
}
static int m_powr(mpfr_t r, mpfr_srcptr x, double a) { return r_powr(r, mpfr_get_d(x, MPFR_RNDN), a); }
static int m_powr_y(mpfr_t r, mpfr_srcptr x, double a) { return r_powr(r, a, mpfr_get_d(x, MPFR_RNDN)); }
/* integer operand n */
static double d_pown(double x, double a) { return spv2c_pown_f64(x, (uint32_t)(int32_t)a); }
static float f_pown(float x, double a) { return spv2c_pown_f32(x, (uint32_t)(int32_t)a); }
static double h_pown(double x, double a) { return half_of(spv2c__pown_odd(x, (uint32_t)(int32_t)a)); }
static int m_pown(mpfr_t r, mpfr_srcptr x, double a) { return mpfr_pow_si(r, x, (long)a, MPFR_RNDN); }
static double d_rootn(double x, double a) { return spv2c_rootn_f64(x, (uint32_t)(int32_t)a); }
static float f_rootn(float x, double a) { return spv2c_rootn_f32(x, (uint32_t)(int32_t)a); }
static double h_rootn(double x, double a) { return half_of(spv2c__rootn_odd(x, (uint32_t)(int32_t)a)); }
static int m_rootn(mpfr_t r, mpfr_srcptr x, double a) { return mpfr_rootn_si(r, x, (long)a, MPFR_RNDN); }
/* ldexp: the template's half form is the float function rounded to half */
static double d_ldexp(double x, double a) { return spv2c_ldexp_f64(x, (uint32_t)(int32_t)a); }
static float f_ldexp(float x, double a) { return spv2c_ldexp_f32(x, (uint32_t)(int32_t)a); }
static double h_ldexp(double x, double a) { return half_f32(spv2c_ldexp_f32((float)x, (uint32_t)(int32_t)a)); }
static int m_ldexp(mpfr_t r, mpfr_srcptr x, double a) { return mpfr_mul_2si(r, x, (long)a, MPFR_RNDN); }

/* The double results' allowances. A subnormal double result must be
   within 0.5 ulp plus the core's error (0.5 + 2^-8: a result rounded
   twice, 53 bits then the subnormal grid, is up to 0.75 ulp off, as exp's
   core and the pi functions' tiny paths were); a normal one within 1 ulp
   (docs/math.md). Known exceptions (docs/math.md, "Thresholds"): erfc's
   double results near 2^-1022 (its documented 1.5 ulp: e^-x^2 as a
   square whose low part underflows); lgamma's absolute error (~2^-95) is
   millions of ulps next to its zeros 1 and 2. */
#define CR 0.5 + 0x1p-8
#define FN(N) #N, d_##N, f_##N, h_##N, m_##N
#define X1 { 0, NAN }, 0
static const Fn fns[] = {
    { FN(exp), X1, CR, 1 }, { FN(exp2), X1, CR, 1 }, { FN(exp10), X1, CR, 1 },
    { FN(expm1), X1, CR, 1 }, { FN(sinh), X1, CR, 1 }, { FN(cosh), X1, CR, 1 },
    { FN(tanh), X1, CR, 1 }, { FN(asinh), X1, CR, 1 }, { FN(atanh), X1, CR, 1 },
    { FN(log1p), X1, CR, 1 }, { FN(sin), X1, CR, 1 }, { FN(tan), X1, CR, 1 },
    { FN(asin), X1, CR, 1 }, { FN(atan), X1, CR, 1 }, { FN(sinpi), X1, CR, 1 },
    { FN(tanpi), X1, CR, 1 }, { FN(asinpi), X1, CR, 1 }, { FN(atanpi), X1, CR, 1 },
    { FN(erf), X1, CR, 1 }, { FN(erfc), X1, 1.5, 1.5 }, { FN(tgamma), X1, CR, 1 },
    { FN(lgamma), X1, CR, 2e6 }, { FN(degrees), X1, CR, 1 }, { FN(radians), X1, CR, 1 },
    { FN(pow), { 2, 3, -1, -2, 0.5, -7.5, 1000, -1000 }, 0, CR, 1 },
    { FN(pow_y), { 2, 10, 0.5, 1.0009765625, 0.99951171875, -3, 60000, NAN }, 0, CR, 1 },
    { FN(powr), { 2, 3, -1, 0.5, -7.5, 1000, -1000, NAN }, 0, CR, 1 },
    { FN(powr_y), { 2, 10, 0.5, 1.0009765625, 0.99951171875, 60000, NAN }, 0, CR, 1 },
    { FN(pown), { 2, 3, -1, -2, 7, 1025, -1075, 2147483647 }, 1, CR, 1 },
    { FN(rootn), { 1, -1, 2, -2, 3, -3, 7, -1025 }, 1, CR, 1 },
    { FN(hypot), { 0, 1, 0x1p-1074, 0x1p-149, 0x1p-24, 60000, 0x1.fffffep127, 0x1p1023 }, 0, CR, 1 },
    { FN(atan2), { 1, -1, 60000, -60000, 0x1p127, 0x1p1023, -0x1p1023, NAN }, 0, CR, 1 },
    { FN(atan2pi), { 1, -1, 60000, 0x1p127, 0x1p1023, -0x1p1023, NAN }, 0, CR, 1 },
    { FN(ldexp), { 1, -1, 100, -100, 1000, -1000, 2000, -2100 }, 1, CR, 1 },
};
#define NFNS (sizeof fns / sizeof fns[0])

/* ---- values of a format ---- */
static double fmt_round(const Fmt *f, double x)
{
    if (f == &F32) return (float)x;
    if (f == &F16) return half_of(x);
    return x;
}
/* the order-preserving integer of x (finite or infinite, not NaN) and back */
static int64_t key(const Fmt *f, double x)
{
    int64_t b = f == &F64 ? (int64_t)(spv2c_f64_bits(x) & 0x7fffffffffffffffu)
              : f == &F32 ? (int64_t)(spv2c_f32_bits((float)x) & 0x7fffffffu)
              : (int64_t)(spv2c_conv_f16_f64_rte(x) & 0x7fffu);
    return signbit(x) ? -b : b;
}
static double unkey(const Fmt *f, int64_t k)
{
    uint64_t a = (uint64_t)(k < 0 ? -k : k);
    double x = f == &F64 ? spv2c_bits_f64(a) : f == &F32 ? (double)spv2c_bits_f32((uint32_t)a)
             : spv2c_conv_f64_f16((uint16_t)a);
    return k < 0 ? -x : x;
}
static int64_t key_inf(const Fmt *f)
{ return f == &F64 ? 0x7ff0000000000000 : f == &F32 ? 0x7f800000 : 0x7c00; }

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
    if (mpfr_zero_p(q))   /* rounded to zero: the sign of v */
        return mpfr_sgn(v) > 0 ? 0.0 : -0.0;
    mpfr_mul_2si(q, q, e - f->p + 1, MPFR_RNDN);
    if (mpfr_get_exp(q) > f->emax + 1)
        return mpfr_sgn(q) > 0 ? HUGE_VAL : -HUGE_VAL;
    return mpfr_get_d(q, MPFR_RNDN);
}

/* 0 NaN; +-1 zero, +-2 subnormal, +-3 normal, +-4 infinite */
static int klass(const Fmt *f, double v)
{
    double a = fabs(v);
    int c = v != v ? 0 : a == 0 ? 1 : a < ldexp(1, f->emin) ? 2 : a - a == 0 ? 3 : 4;
    return signbit(v) ? -c : c;
}

/* the class that bisection follows: a normal result's sign is not a
   threshold (lgamma changes sign at its zeros) */
static int bclass(const Fmt *f, double v) { int c = klass(f, v); return c == -3 ? 3 : c; }

typedef struct { long n, bad, notcr; double maxerr; } Stat;
static mpfr_t mx, mv, md;
static int verbose;

/* the correctly rounded result of fn at x (format f, other operand a) */
static double exact(const Fn *fn, const Fmt *f, double x, double a)
{
    mpfr_set_d(mx, x, MPFR_RNDN);
    fn->ref(mv, mx, a);
    return round_to(f, mv);
}

/* one input: bit for bit where the rules above ask it, else within 1 ulp */
static void check(const Fn *fn, const Fmt *f, double x, double a, Stat *st)
{
    double got = f == &F64 ? fn->d(x, a) : f == &F32 ? (double)fn->f((float)x, a)
               : fn->h(x, a);
    double cr = exact(fn, f, x, a), err = 0;
    int kc = abs(klass(f, cr)), kg = abs(klass(f, got)), ok;
    st->n++;
    if (kc == 0 || kg == 0)
        ok = kc == kg;
    else if (got == cr && signbit(got) == signbit(cr))
        ok = 1;
    else {
        long e = mpfr_get_exp(mv) - 1;
        st->notcr++;
        if (e < f->emin) e = f->emin;
        mpfr_set_d(md, got, MPFR_RNDN);
        mpfr_sub(md, md, mv, MPFR_RNDN);
        mpfr_mul_2si(md, md, -(e - f->p + 1), MPFR_RNDN);
        err = fabs(mpfr_get_d(md, MPFR_RNDN));
        ok = f == &F64 && kc >= 2 && kc <= 3 && kg >= 2 && kg <= 3
             && err <= (kc == 2 || kg == 2 ? fn->sub : fn->dtol);
        if (err > st->maxerr) st->maxerr = err;
    }
    if (!ok && st->bad++ < 5)
        printf("  %s %s(%a, %a): got %a, correctly rounded %a\n", f->name, fn->name, x, a, got, cr);
    else if (verbose && got != cr)
        printf("  %s %s(%a, %a): got %a, correctly rounded %a (allowed)\n", f->name, fn->name, x, a, got, cr);
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

/* bisection between keys lo < hi whose results differ in class, then the
   radius inputs around the boundary */
static void boundary(const Fn *fn, const Fmt *f, double a, int64_t lo, int64_t hi, int radius, Stat *st)
{
    int kl = bclass(f, exact(fn, f, unkey(f, lo), a));
    int64_t k;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (bclass(f, exact(fn, f, unkey(f, mid), a)) == kl) lo = mid; else hi = mid;
    }
    for (k = lo - radius + 1; k <= hi + radius - 1; k++)
        if (k >= -key_inf(f) && k <= key_inf(f))
            check(fn, f, unkey(f, k), a, st);
}

/* the grid of the format, ascending: -inf ... -min 0 min ... inf (keys) */
static int64_t *grid(const Fmt *f, int per, size_t *n)
{
    size_t cap = (size_t)per * (size_t)(f->emax - f->emin + f->p + 1) + 2, m = 0, i;
    int64_t *pos = malloc(sizeof *pos * cap), *g = malloc(sizeof *g * (2 * cap + 1));
    int e, j;
    for (e = f->emin - f->p + 1; e <= f->emax; e++)
        for (j = 0; j < per; j++) {
            int64_t k = key(f, fmt_round(f, ldexp(1 + (double)j / per, e)));
            if (!m || k > pos[m - 1]) pos[m++] = k;
        }
    pos[m++] = key_inf(f);
    for (i = 0; i < m; i++) {
        g[i] = -pos[m - 1 - i];
        g[m + 1 + i] = pos[i];
    }
    g[m] = 0;
    *n = 2 * m + 1;
    free(pos);
    return g;
}

/* one function, one operand, one format: the grid, its class changes and
   the ranges whose results are not normal */
static int run(const Fn *fn, const Fmt *f, double a, int per, int radius)
{
    Stat st = { 0, 0, 0, 0 };
    size_t n, i;
    int64_t *g = grid(f, per, &n);
    int *kl = malloc(sizeof *kl * n), j, changes = 0;
    if (!fn->intop) a = fmt_round(f, a);
    check(fn, f, -0.0, a, &st);
    for (i = 0; i < n; i++) {
        double x = unkey(f, g[i]);
        kl[i] = bclass(f, exact(fn, f, x, a));
        check(fn, f, x, a, &st);
    }
    for (i = 0; i + 1 < n; i++) {
        int special = abs(kl[i]) != 3 || abs(kl[i + 1]) != 3;
        if (kl[i] != kl[i + 1] && special) {
            boundary(fn, f, a, g[i], g[i + 1], radius, &st);
            changes++;
        }
        for (j = 0; special && j < 2 && g[i + 1] - g[i] > 1; j++)
            check(fn, f, unkey(f, g[i] + 1 + (int64_t)(rnd() % (uint64_t)(g[i + 1] - g[i] - 1))), a, &st);
    }
    if (st.bad || verbose)
        printf("%-8s %-6s a = %-14a %6ld inputs, %3d class changes, %ld not correctly rounded "
               "(max %.3f ulp)%s\n", fn->name, f->name, a, st.n, changes, st.notcr, st.maxerr,
               st.bad ? "  FAIL" : "");
    free(g);
    free(kl);
    return st.bad != 0;
}

/* issue 36's cases by name */
static int named(void)
{
    int fails = 0;
    double r = spv2c_exp10_f64(402.909257822891);
    if (r != HUGE_VAL) {
        printf("exp10(402.909257822891) = %a, not +inf  FAIL\n", r);
        fails++;
    }
    return fails;
}

int main(int argc, char **argv)
{
    static const Fmt *fmts[] = { &F32, &F64, &F16 };
    int per = 4, radius = 32, fails, any = 0, i, j, t;
    size_t k;
    mpfr_inits2(PREC, mx, mv, md, (mpfr_ptr)0);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-r") && i + 1 < argc) radius = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-g") && i + 1 < argc) per = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-v")) verbose = 1;
        else any = 1;
    }
    fails = named();
    for (k = 0; k < NFNS; k++) {
        int want = !any, runs = 0, bad = 0;
        for (i = 1; i < argc && !want; i++)
            want = !strcmp(argv[i], fns[k].name);
        if (!want) continue;
        for (j = 0; j < 8 && !(j && fns[k].ops[j] != fns[k].ops[j]); j++)
            for (t = 0; t < 3; t++, runs++)
                bad += run(&fns[k], fmts[t], fns[k].ops[j] == fns[k].ops[j] ? fns[k].ops[j] : 0, per, radius);
        printf("%-8s %2d runs (operands x formats), %d failed\n", fns[k].name, runs, bad);
        fails += bad;
    }
    printf("%d failed\n", fails);
    mpfr_clears(mx, mv, md, (mpfr_ptr)0);
    mpfr_free_cache();
    return fails != 0;
}
