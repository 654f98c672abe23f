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
  return spv2c_bits_##SF((b & (SIGN | (((UT)1 << EXPSHIFT) - 1u))) | \
                         ((UT)(BIAS - 1) << EXPSHIFT)); } \
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

/* fma without a fused instruction: C libraries for small targets may
   compute fmaf/fma with two roundings (picolibc for a soft-float Cortex-M3
   does, and then mad() differs from every other platform in the last bit).
   So unless the compiler has a fused instruction (__FP_FAST_FMA[F]) or the
   C library is glibc (correct), spv2c rounds the exact a * b + c itself, in
   integers: the product's 2p bits and c aligned in 128 bits (c or the
   product below the other by more than 128 bits is only a sticky bit), one
   rounding to nearest even at the format's precision, with subnormals and
   overflow. SPV2C_OWN_FMA forces this path (the tests compare it with the
   C library's on the host). */
typedef struct { uint64_t hi, lo; } spv2c__u128_;

SPV2C_INLINE spv2c__u128_ spv2c__mul64_(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    spv2c__u128_ r;
    r.lo = (mid << 32) | (p00 & 0xffffffffu);
    r.hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

/* x >> n (n >= 0), the bits shifted out ORed into bit 0 */
SPV2C_INLINE spv2c__u128_ spv2c__shr_jam_(spv2c__u128_ x, int n)
{
    spv2c__u128_ r;
    uint64_t lost;
    if (n == 0)
        return x;
    if (n >= 128) {
        r.hi = 0;
        r.lo = (x.hi | x.lo) != 0;
        return r;
    }
    if (n >= 64) {
        lost = x.lo | (n > 64 ? x.hi << (128 - n) : 0);
        r.lo = n > 64 ? x.hi >> (n - 64) : x.hi;
        r.hi = 0;
    } else {
        lost = x.lo << (64 - n);
        r.lo = (x.lo >> n) | (x.hi << (64 - n));
        r.hi = x.hi >> n;
    }
    r.lo |= lost != 0;
    return r;
}

SPV2C_INLINE spv2c__u128_ spv2c__shl_(spv2c__u128_ x, int n)
{
    spv2c__u128_ r;
    if (n == 0)
        return x;
    if (n >= 64) {
        r.hi = x.lo << (n - 64);
        r.lo = 0;
    } else {
        r.hi = (x.hi << n) | (x.lo >> (64 - n));
        r.lo = x.lo << n;
    }
    return r;
}

SPV2C_INLINE int spv2c__bitlen128_(spv2c__u128_ x)
{
    uint64_t w = x.hi ? x.hi : x.lo;
    int n = x.hi ? 64 : 0;
    while (w) {
        n++;
        w >>= 1;
    }
    return n;
}

/* the finite nonzero |a| as m * 2^x */
SPV2C_INLINE uint64_t spv2c__fma_unpack_(uint64_t bits, int mbits, uint64_t emask, int *x)
{
    uint64_t m = bits & (((uint64_t)1 << mbits) - 1);
    int e = (int)((bits >> mbits) & emask);
    int bias = (int)(emask >> 1) + mbits;
    if (e) {
        m |= (uint64_t)1 << mbits;
        *x = e - bias;
    } else {
        *x = 1 - bias;
    }
    return m;
}

/* the bits of RN(a * b + c) for finite nonzero a and b and finite c, in
   the format with mbits stored mantissa bits and exponent field emask */
SPV2C_INLINE uint64_t spv2c__fma_bits_(uint64_t a, uint64_t b, uint64_t c, int mbits,
                                       uint64_t emask)
{
    int sbit = mbits + (emask == 0xffu ? 8 : 11), xa, xb, xc = 0, xp, x, t, shift;
    int lowest = 1 - (int)(emask >> 1) - mbits;    /* exponent of the least subnormal bit */
    uint64_t sp = (a ^ b) >> sbit & 1, sc = c >> sbit & 1, sign, m;
    uint64_t ma = spv2c__fma_unpack_(a, mbits, emask, &xa);
    uint64_t mb = spv2c__fma_unpack_(b, mbits, emask, &xb);
    uint64_t mc = (c << 1) ? spv2c__fma_unpack_(c, mbits, emask, &xc) : 0;
    spv2c__u128_ p = spv2c__mul64_(ma, mb), q, r;
    q.hi = 0;
    q.lo = mc;
    xp = xa + xb;
    /* both with their top bit at bit 125 (two bits of headroom) */
    t = spv2c__bitlen128_(p);
    p = spv2c__shl_(p, 126 - t);
    xp -= 126 - t;
    if (mc) {
        t = spv2c__bitlen128_(q);
        q = spv2c__shl_(q, 126 - t);
        xc -= 126 - t;
    }
    if (!mc || xp >= xc) {
        q = spv2c__shr_jam_(q, mc ? (xp - xc > 128 ? 128 : xp - xc) : 0);
        x = xp;
    } else {
        p = spv2c__shr_jam_(p, xc - xp > 128 ? 128 : xc - xp);
        x = xc;
    }
    if (sp == sc) {
        r.lo = p.lo + q.lo;
        r.hi = p.hi + q.hi + (r.lo < p.lo);
        sign = sp;
    } else if (p.hi > q.hi || (p.hi == q.hi && p.lo >= q.lo)) {
        r.lo = p.lo - q.lo;
        r.hi = p.hi - q.hi - (p.lo < q.lo);
        sign = sp;
    } else {
        r.lo = q.lo - p.lo;
        r.hi = q.hi - p.hi - (q.lo < p.lo);
        sign = sc;
    }
    if (!r.hi && !r.lo)
        return 0;                                  /* exact cancellation: +0 */
    t = spv2c__bitlen128_(r) - 1;                  /* the top bit's position */
    shift = t - mbits;
    if (x + shift < lowest)
        shift = lowest - x;                        /* subnormal */
    if (shift <= 0) {
        m = spv2c__shl_(r, -shift).lo;
    } else {
        /* two more bits: round, and sticky (ORed in bit 0) */
        spv2c__u128_ g = shift >= 2 ? spv2c__shr_jam_(r, shift - 2) : spv2c__shl_(r, 1);
        m = g.lo >> 2;
        if ((g.lo & 2) && ((g.lo & 1) || (m & 1)))
            m++;
        if (m >> (mbits + 1)) {
            m >>= 1;
            shift++;
        }
    }
    /* m includes the hidden bit: the exponent field is added on top of it */
    if ((uint64_t)(x + shift - lowest) + (m >> mbits) >= emask)
        return sign << sbit | emask << mbits;      /* overflow: infinity */
    return (sign << sbit) | (((uint64_t)(x + shift - lowest) << mbits) + m);
}

/* a or b zero, infinite or NaN: the plain operations give the exact result */
SPV2C_INLINE float spv2c__soft_fma_f32(float a, float b, float c)
{
    uint32_t ua = spv2c_f32_bits(a), ub = spv2c_f32_bits(b), uc = spv2c_f32_bits(c);
    if (!(ua << 1) || !(ub << 1) || (ua >> 23 & 0xffu) == 0xffu || (ub >> 23 & 0xffu) == 0xffu)
        return a * b + c;
    if ((uc >> 23 & 0xffu) == 0xffu)
        return c;                     /* infinite or NaN c, finite a * b */
    return spv2c_bits_f32((uint32_t)spv2c__fma_bits_(ua, ub, uc, 23, 0xffu));
}

SPV2C_INLINE double spv2c__soft_fma_f64(double a, double b, double c)
{
    uint64_t ua = spv2c_f64_bits(a), ub = spv2c_f64_bits(b), uc = spv2c_f64_bits(c);
    if (!(ua << 1) || !(ub << 1) || (ua >> 52 & 0x7ffu) == 0x7ffu || (ub >> 52 & 0x7ffu) == 0x7ffu)
        return a * b + c;
    if ((uc >> 52 & 0x7ffu) == 0x7ffu)
        return c;                     /* infinite or NaN c, finite a * b */
    return spv2c_bits_f64(spv2c__fma_bits_(ua, ub, uc, 52, 0x7ffu));
}

#if defined(SPV2C_OWN_FMA) || (defined(SPV2C_FREESTANDING) && !defined(__GNUC__)) \
    || (!defined(__FP_FAST_FMAF) && (!defined(__GLIBC__) || defined(SPV2C_FREESTANDING)))
SPV2C_INLINE float spv2c__fma_f32(float a, float b, float c)
{ return spv2c__soft_fma_f32(a, b, c); }
#elif defined(__GNUC__)
SPV2C_INLINE float spv2c__fma_f32(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
#else
SPV2C_INLINE float spv2c__fma_f32(float a, float b, float c) { return fmaf(a, b, c); }
#endif
#if defined(SPV2C_OWN_FMA) || (defined(SPV2C_FREESTANDING) && !defined(__GNUC__)) \
    || (!defined(__FP_FAST_FMA) && (!defined(__GLIBC__) || defined(SPV2C_FREESTANDING)))
SPV2C_INLINE double spv2c__fma_f64(double a, double b, double c)
{ return spv2c__soft_fma_f64(a, b, c); }
#elif defined(__GNUC__)
SPV2C_INLINE double spv2c__fma_f64(double a, double b, double c) { return __builtin_fma(a, b, c); }
#else
SPV2C_INLINE double spv2c__fma_f64(double a, double b, double c) { return fma(a, b, c); }
#endif

/* mad unfused (spv2c --mad=unfused): the product rounded, then the sum
   rounded; two statements, never contracted (runtime/base.h) */
SPV2C_INLINE float spv2c__mad_f32(float a, float b, float c) { float p = a * b; return p + c; }
SPV2C_INLINE double spv2c__mad_f64(double a, double b, double c) { double p = a * b; return p + c; }

SPV2C_INLINE float spv2c__ldexp_f32(float x, int n) { return ldexpf(x, n); }
SPV2C_INLINE double spv2c__ldexp_f64(double x, int n) { return ldexp(x, n); }
/* trunc by clearing the fraction bits: picolibc's double trunc on a soft-float
   Cortex-M3 clears bits of large integral values (tests/cross, math_exact_double) */
SPV2C_INLINE float spv2c__trunc_f32(float x)
{
    uint32_t u = spv2c_f32_bits(x);
    int e = (int)(u >> 23 & 0xffu) - 127;
    if (e >= 23)
        return x;                                  /* integral, infinite or NaN */
    return spv2c_bits_f32(e < 0 ? u & 0x80000000u : u & ~((UINT32_C(1) << (23 - e)) - 1u));
}
SPV2C_INLINE double spv2c__trunc_f64(double x)
{
    uint64_t u = spv2c_f64_bits(x);
    int e = (int)(u >> 52 & 0x7ffu) - 1023;
    if (e >= 52)
        return x;
    return spv2c_bits_f64(e < 0 ? u & UINT64_C(0x8000000000000000)
                                : u & ~((UINT64_C(1) << (52 - e)) - 1u));
}
SPV2C_INLINE float spv2c__copysign_f32(float x, float y) { return copysignf(x, y); }
SPV2C_INLINE double spv2c__copysign_f64(double x, double y) { return copysign(x, y); }
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

/* ---- degrees and radians, correctly rounded ---- */

/* x c rounded to odd in double for a float or half x (24 bits at most):
   c = c1 + c2 + c3 (29, 24 and 53 bits: 180/pi or pi/180 to 2^-103
   relative), x c1 and x c2 exact, their sum s + e exact (Knuth's two-sum);
   e + x c3 gives the rest's sign, and an inexact s with an even last bit
   moves one ulp towards it. Rounding that once more to float or half is
   the correctly rounded x c (rounding to odd with two spare bits, then to
   nearest, is rounding to nearest), since x c, x != 0, never lies within
   2^-100 of a double: checked on all 2^32 floats (scripts/math-sweep
   degrees radians) and all 65536 halves (tests/math). */
SPV2C_INLINE double spv2c__angle_odd(double x, double c1, double c2, double c3)
{
    double p = x * c1, q = x * c2, s = p + q, v = s - p, e = (p - (s - v)) + (q - v);
    uint64_t b = spv2c_f64_bits(s);
    e += x * c3;
    b += e != 0 && !(b & 1u) && s - s == 0 ? ((e < 0) != (s < 0) ? ~(uint64_t)0 : 1u) : 0;
    return x != x ? x : spv2c_bits_f64(b);
}
SPV2C_INLINE double spv2c__degrees_odd(double x)
{ return spv2c__angle_odd(x, 0x1.ca5dc1ap+5, 0x1.8f07dep-25, 0x1.c30a97537f40dp-50); }
SPV2C_INLINE double spv2c__radians_odd(double x)
{ return spv2c__angle_odd(x, 0x1.1df46a2p-6, 0x1.4a74e4p-36, 0x1.5c1d8becdd291p-62); }
/* a NaN operand comes back quieted, its sign and payload kept (the NaN
   policy of docs/testing.md, not left to the FPU) */
SPV2C_INLINE float spv2c_degrees_f32(float x)
{ return x != x ? spv2c_bits_f32(spv2c_f32_bits(x) | 0x400000u) : (float)spv2c__degrees_odd(x); }
SPV2C_INLINE float spv2c_radians_f32(float x)
{ return x != x ? spv2c_bits_f32(spv2c_f32_bits(x) | 0x400000u) : (float)spv2c__radians_odd(x); }

/* double: x c = x ch + x cl, x ch exact in double-double (Dekker's
   product; |x| scaled by 2^-+200 outside [2^-800, 2^900] so that no
   partial product underflows or overflows), rounded once: a result below
   2^-1022 (scaled: 2^-822) is rounded to the subnormal grid (scaled:
   2^-874) by hand, with the error term deciding where p lies on a
   midpoint (|e| is at most half an ulp of p, so it cannot carry p across
   one), so that it is not rounded twice. Correctly rounded unless x c
   lies within ~2^-104 relative of a midpoint. */
SPV2C_INLINE double spv2c__angle_f64(double x, double ch, double cl)
{
    double a = x < 0 ? -x : x, k = 1, t, xh, xl, yh, yl, p, e, g, r;
    if (!(a > 0x1p-800 && a < 0x1p900)) {
        if (a == 0 || a - a != 0)
            return x != x ? spv2c_bits_f64(spv2c_f64_bits(x) | 0x8000000000000u) : x * ch;
        k = a < 1 ? 0x1p-200 : 0x1p200;
        x *= a < 1 ? 0x1p200 : 0x1p-200;
    }
    t = 134217729.0 * x; xh = t - (t - x); xl = x - xh;
    t = 134217729.0 * ch; yh = t - (t - ch); yl = ch - yh;
    p = x * ch;
    e = (((xh * yh - p) + xh * yl + xl * yh) + xl * yl) + x * cl;
    if (k > 1 || (p < 0 ? -p : p) >= 0x1p-822)
        return (p + e) * k;
    g = p < 0 ? -0x1p-822 : 0x1p-822;   /* p + g: a binade whose ulp is 2^-874 */
    r = (p + g) - g;
    g = p - r;                          /* exact, at most 2^-875: e decides a tie */
    r += g == 0x1p-875 && e > 0 ? 0x1p-874 : g == -0x1p-875 && e < 0 ? -0x1p-874 : 0;
    return (r == 0 ? p * 0 : r) * k;   /* a zero keeps x's sign */
}
SPV2C_INLINE double spv2c_degrees_f64(double x)
{ return spv2c__angle_f64(x, 0x1.ca5dc1a63c1f8p+5, -0x1.1e7ab456405f9p-49); }
SPV2C_INLINE double spv2c_radians_f64(double x)
{ return spv2c__angle_f64(x, 0x1.1df46a2529d39p-6, 0x1.5c1d8becdd291p-62); }

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
   direction does not change with scale, so the lanes are first scaled by a
   power of two (exactly, for tiny lanes) to keep the length normal. A lane
   scaled down may underflow where its quotient does not (1e20 and 1e-25:
   the second quotient is a float subnormal): there the unscaled lane, in
   double, is divided by BIG and then by the length times BIG. */
#define SPV2C__NORMALIZE(SF, FT, LEN, BIG) \
SPV2C_INLINE void spv2c_normalize4_##SF(FT *out, int n, FT a, FT b, FT c, FT d) \
{ FT v[4], o[4], m = 0; double l; int i, inf = 0; \
  o[0] = v[0] = a; o[1] = v[1] = b; o[2] = v[2] = c; o[3] = v[3] = d; \
  for (i = 0; i < 4; i++) { \
    FT x = v[i] < 0 ? -v[i] : v[i]; \
    inf |= x == (FT)HUGE_VAL; \
    if (x > m) m = x; } \
  for (i = 0; i < 4; i++) \
    v[i] = inf ? ((v[i] < 0 ? -v[i] : v[i]) == (FT)HUGE_VAL ? (v[i] > 0 ? (FT)1 : (FT)-1) \
                                                             : (FT)0 * v[i]) \
         : m > BIG ? v[i] / BIG / BIG : m < 1 / BIG ? v[i] * BIG * BIG : v[i]; \
  l = LEN(v[0], v[1], v[2], v[3]); \
  for (i = 0; i < n; i++) \
    out[i] = l == 0 ? v[i] : !inf && m > BIG ? (FT)((double)o[i] / BIG / (l * BIG)) \
                                             : (FT)(v[i] / l); }
SPV2C__NORMALIZE(f32, float, spv2c__length4_f32, 0x1p60f)
SPV2C__NORMALIZE(f64, double, spv2c_length4_f64, 0x1p300)
#undef SPV2C__NORMALIZE
