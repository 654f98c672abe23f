/* spv2c runtime part: math (needs: base) */
/*
 * OpenCL.std math, common and geometric helpers for float (_f32) and
 * double (_f64). Operations C99's <math.h> already defines bit exactly
 * (floor, fma, sqrt, fmod, ...) are called directly by the templates;
 * this part holds the ones whose OpenCL meaning differs or that need care:
 * NaN handling, signed zeros, pointer results, integer exponents.
 * Geometric functions take up to four lanes as scalars (missing lanes 0).
 */

#define SPV2C__MATH(SF, FT, UT, SIGN, EXPSHIFT, EXPMAX, BIAS, LIM, SCALE, SCALEBITS, MAXV, BELOW1) \
/* OpenCL fmin/fmax: a NaN operand gives the other; equal values give x */ \
SPV2C_INLINE FT spv2c_fmin_##SF(FT x, FT y) \
{ return y != y ? x : x != x ? y : y < x ? y : x; } \
SPV2C_INLINE FT spv2c_fmax_##SF(FT x, FT y) \
{ return y != y ? x : x != x ? y : x < y ? y : x; } \
SPV2C_INLINE FT spv2c_fdim_##SF(FT x, FT y) \
{ return x != x || y != y ? x + y : x > y ? x - y : (FT)0; } \
SPV2C_INLINE FT spv2c_maxmag_##SF(FT x, FT y) \
{ FT ax = x < 0 ? -x : x, ay = y < 0 ? -y : y; \
  return ax > ay ? x : ay > ax ? y : spv2c_fmax_##SF(x, y); } \
SPV2C_INLINE FT spv2c_minmag_##SF(FT x, FT y) \
{ FT ax = x < 0 ? -x : x, ay = y < 0 ? -y : y; \
  return ax < ay ? x : ay < ax ? y : spv2c_fmin_##SF(x, y); } \
SPV2C_INLINE FT spv2c_fclamp_##SF(FT x, FT lo, FT hi) \
{ return spv2c_fmin_##SF(spv2c_fmax_##SF(x, lo), hi); } \
/* the exponent is any int32; beyond +-LIM every result is the same */ \
SPV2C_INLINE FT spv2c_ldexp_##SF(FT x, uint32_t n) \
{ int64_t k = (int64_t)(n ^ 0x80000000u) - 0x80000000; \
  return spv2c__ldexp_##SF(x, (int)(k > LIM ? LIM : k < -LIM ? -LIM : k)); } \
/* exponent stored through e (0 for zero, inf, NaN) */ \
SPV2C_INLINE FT spv2c_frexp_##SF(FT x, uint32_t *e) \
{ UT b = spv2c_##SF##_bits(x), a = b & ~SIGN; int ex = 0; \
  if (a == 0 || a >= ((UT)EXPMAX << EXPSHIFT)) { *e = 0; return x; } \
  if (!(a >> EXPSHIFT)) { /* subnormal: scale into the normal range */ \
    b = spv2c_##SF##_bits(x * SCALE); a = b & ~SIGN; ex = -SCALEBITS; } \
  ex += (int)(a >> EXPSHIFT) - (BIAS - 1); \
  *e = (uint32_t)(int32_t)ex; \
  return spv2c_bits_##SF((b & (SIGN | (((UT)1 << EXPSHIFT) - 1u))) | ((UT)(BIAS - 1) << EXPSHIFT)); } \
SPV2C_INLINE int32_t spv2c__ilogb_##SF(FT x) \
{ UT a = spv2c_##SF##_bits(x) & ~SIGN; int32_t bias = BIAS; \
  if (a == 0) return INT32_MIN; \
  if (a >= ((UT)EXPMAX << EXPSHIFT)) return INT32_MAX; \
  if (!(a >> EXPSHIFT)) { a = spv2c_##SF##_bits(x * SCALE) & ~SIGN; bias += SCALEBITS; } \
  return (int32_t)(a >> EXPSHIFT) - bias; } \
/* FP_ILOGB0 is INT_MIN and FP_ILOGBNAN INT_MAX in OpenCL C */ \
SPV2C_INLINE uint32_t spv2c_ilogb_##SF(FT x) { return (uint32_t)spv2c__ilogb_##SF(x); } \
SPV2C_INLINE FT spv2c_logb_##SF(FT x) \
{ UT a = spv2c_##SF##_bits(x) & ~SIGN; \
  if (a == 0) return -(FT)HUGE_VAL; \
  if (a >= ((UT)EXPMAX << EXPSHIFT)) return x * x; \
  return (FT)spv2c__ilogb_##SF(x); } \
/* fractional part returned, integral part stored through ip */ \
SPV2C_INLINE FT spv2c_modf_##SF(FT x, FT *ip) \
{ FT i = spv2c__trunc_##SF(x), a = x < 0 ? -x : x; \
  *ip = i; \
  return spv2c__copysign_##SF(a == (FT)HUGE_VAL ? (FT)0 : x - i, x); } \
SPV2C_INLINE FT spv2c_sign_##SF(FT x) \
{ return x != x ? (FT)0 : x > 0 ? (FT)1 : x < 0 ? (FT)-1 : x; } \
SPV2C_INLINE FT spv2c_step_##SF(FT edge, FT x) { return x < edge ? (FT)0 : (FT)1; } \
/* as OpenCL C spells them: mad() as a fused multiply-add */ \
SPV2C_INLINE FT spv2c_mix_##SF(FT x, FT y, FT a) { return spv2c__fma_##SF(y - x, a, x); } \
SPV2C_INLINE FT spv2c_smoothstep_##SF(FT e0, FT e1, FT x) \
{ FT t = spv2c_fclamp_##SF((x - e0) / (e1 - e0), (FT)0, (FT)1); \
  return t * t * spv2c__fma_##SF((FT)-2, t, (FT)3); } \
/* remquo: the remainder, and the low seven bits of the rounded quotient \
   with the sign of x / y. x is first reduced mod 128 |y| (exactly, by \
   fmod), which keeps those bits; the small quotient is then recovered \
   from x' / y - r / y, an integer up to 128 give or take 2^-40. */ \
SPV2C_INLINE FT spv2c_remquo_##SF(FT x, FT y, uint32_t *q) \
{ FT r = spv2c__remainder_##SF(x, y), ay = y < 0 ? -y : y, xr; double n; uint32_t m; \
  if (r != r) { *q = 0; return r; } \
  xr = ay > MAXV / 128 ? x : spv2c__fmod_##SF(x, 128 * ay); \
  n = (double)xr / y - (double)r / y; \
  m = (uint32_t)(n < 0 ? -n + 0.5 : n + 0.5) & 127u; \
  *q = (x < 0) != (y < 0) ? 0u - m : m; \
  return r; } \
/* fract: fmin(x - floor(x), the float below 1); +-0 for +-inf */ \
SPV2C_INLINE FT spv2c_fract_##SF(FT x, FT *ip) \
{ FT i = spv2c__floor_##SF(x), f; \
  *ip = i; \
  if (x != x) return x; \
  if (x - x != 0) return spv2c__copysign_##SF(0, x); \
  f = x - i; \
  return f < BELOW1 ? f : BELOW1; }

SPV2C_INLINE float spv2c__ldexp_f32(float x, int n) { return ldexpf(x, n); }
SPV2C_INLINE double spv2c__ldexp_f64(double x, int n) { return ldexp(x, n); }
SPV2C_INLINE float spv2c__trunc_f32(float x) { return truncf(x); }
SPV2C_INLINE double spv2c__trunc_f64(double x) { return trunc(x); }
SPV2C_INLINE float spv2c__copysign_f32(float x, float y) { return copysignf(x, y); }
SPV2C_INLINE double spv2c__copysign_f64(double x, double y) { return copysign(x, y); }
SPV2C_INLINE float spv2c__fma_f32(float a, float b, float c) { return fmaf(a, b, c); }
SPV2C_INLINE double spv2c__fma_f64(double a, double b, double c) { return fma(a, b, c); }
SPV2C_INLINE float spv2c__floor_f32(float x) { return floorf(x); }
SPV2C_INLINE double spv2c__floor_f64(double x) { return floor(x); }
/* The NaN rule of the math built-ins computed in software (docs/testing.md,
   "NaN policy"): a NaN made from operands that are not NaN is the canonical
   quiet NaN (positive, payload 0), the same on every host (the FPU's
   default NaN is not: x86 0xffc00000, AArch64 0x7fc00000) and PoCL's; a NaN
   operand propagates. */
SPV2C_INLINE float spv2c__canon_nan_f32(float r, int nan_in)
{ return r != r && !nan_in ? spv2c_bits_f32(0x7fc00000u) : r; }
SPV2C_INLINE double spv2c__canon_nan_f64(double r, int nan_in)
{ return r != r && !nan_in ? spv2c_bits_f64(UINT64_C(0x7ff8000000000000)) : r; }
SPV2C_INLINE float spv2c__fmod_f32(float x, float y)
{ return spv2c__canon_nan_f32(fmodf(x, y), x != x || y != y); }
SPV2C_INLINE double spv2c__fmod_f64(double x, double y)
{ return spv2c__canon_nan_f64(fmod(x, y), x != x || y != y); }
SPV2C_INLINE float spv2c__remainder_f32(float x, float y)
{ return spv2c__canon_nan_f32(remainderf(x, y), x != x || y != y); }
SPV2C_INLINE double spv2c__remainder_f64(double x, double y)
{ return spv2c__canon_nan_f64(remainder(x, y), x != x || y != y); }

SPV2C__MATH(f32, float, uint32_t, 0x80000000u, 23, 0xffu, 127, 400, 0x1p32f, 32, FLT_MAX,
            0x1.fffffep-1f)
SPV2C__MATH(f64, double, uint64_t, 0x8000000000000000u, 52, 0x7ffu, 1023, 2200, 0x1p64, 64,
            DBL_MAX, 0x1.fffffffffffffp-1)
#undef SPV2C__MATH

/* degrees and radians with the constants OpenCL C gives: 180 / M_PI_F */
SPV2C_INLINE float spv2c_degrees_f32(float r) { return r * (180.0f / 3.14159265358979323846f); }
SPV2C_INLINE double spv2c_degrees_f64(double r) { return r * (180.0 / 3.14159265358979323846); }
SPV2C_INLINE float spv2c_radians_f32(float d) { return d * (3.14159265358979323846f / 180.0f); }
SPV2C_INLINE double spv2c_radians_f64(double d) { return d * (3.14159265358979323846 / 180.0); }

/* ---- geometric ---- */

/* float: squares summed in double (exact products, no overflow), one sqrt */
SPV2C_INLINE double spv2c__length4_f32(float a, float b, float c, float d)
{
    return sqrt((double)a * a + (double)b * b + (double)c * c + (double)d * d);
}

SPV2C_INLINE float spv2c_length4_f32(float a, float b, float c, float d)
{
    return (float)spv2c__length4_f32(a, b, c, d);
}

SPV2C_INLINE float spv2c_distance4_f32(float a0, float a1, float a2, float a3,
                                        float b0, float b1, float b2, float b3)
{
    return spv2c_length4_f32(a0 - b0, a1 - b1, a2 - b2, a3 - b3);
}

/* double: scaled by a power of two near the largest lane when needed */
SPV2C_INLINE double spv2c_length4_f64(double a, double b, double c, double d)
{
    double m = fabs(a), s, k = 1;
    if (fabs(b) > m) m = fabs(b);
    if (fabs(c) > m) m = fabs(c);
    if (fabs(d) > m) m = fabs(d);
    if (m != m || a != a || b != b || c != c || d != d)
        return a + b + c + d;                     /* NaN */
    if (m == HUGE_VAL)
        return HUGE_VAL;
    if (m > 0x1p500) k = 0x1p-600;
    else if (m < 0x1p-500) k = 0x1p600;
    a *= k; b *= k; c *= k; d *= k;
    s = a * a + b * b + c * c + d * d;
    return sqrt(s) / k;
}

SPV2C_INLINE double spv2c_distance4_f64(double a0, double a1, double a2, double a3,
                                         double b0, double b1, double b2, double b3)
{
    return spv2c_length4_f64(a0 - b0, a1 - b1, a2 - b2, a3 - b3);
}

/* OpenCL normalize: zero stays zero, infinite lanes become +-1 and the
   others +-0 first, NaN anywhere gives NaN lanes; n lanes written. The
   direction does not change with scale, so doubles are first scaled by a
   power of two (exactly, for tiny lanes) to keep the length normal. */
#define SPV2C__NORMALIZE(SF, FT, LEN, BIG) \
SPV2C_INLINE void spv2c_normalize4_##SF(FT *out, int n, FT a, FT b, FT c, FT d) \
{ FT v[4], m = 0; double l; int i, inf = 0; v[0] = a; v[1] = b; v[2] = c; v[3] = d; \
  for (i = 0; i < 4; i++) { \
    FT x = v[i] < 0 ? -v[i] : v[i]; \
    inf |= x == (FT)HUGE_VAL; \
    if (x > m) m = x; } \
  for (i = 0; i < 4; i++) \
    v[i] = inf ? ((v[i] < 0 ? -v[i] : v[i]) == (FT)HUGE_VAL ? (v[i] > 0 ? (FT)1 : (FT)-1) \
                                                             : (FT)0 * v[i]) \
         : m > BIG ? v[i] / BIG / BIG : m < 1 / BIG ? v[i] * BIG * BIG : v[i]; \
  l = LEN(v[0], v[1], v[2], v[3]); \
  for (i = 0; i < n; i++) out[i] = l == 0 ? v[i] : (FT)(v[i] / l); }
SPV2C__NORMALIZE(f32, float, spv2c__length4_f32, 0x1p60f)
SPV2C__NORMALIZE(f64, double, spv2c_length4_f64, 0x1p300)
#undef SPV2C__NORMALIZE
