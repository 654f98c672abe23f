/* spv2c runtime part: math_exp (needs: base) */
/*
 * Exponentials, logarithms, powers, roots and hyperbolic functions of
 * OpenCL.std (exp ... atanh), and the fast half_* and native_* forms.
 * Portable C99: + - * /, comparisons, bit copies and <math.h>'s exactly
 * specified sqrt and floor only; no transcendental from the C library, so
 * every platform gives the same bits (docs/math.md).
 *
 * Method: each function F has a double-double core spv2c__F_dd(x, &lo)
 * returning hi with hi + lo = F(x) to a relative error far below 2^-60
 * (hi is hi + lo rounded to nearest). The double function returns hi.
 * spv2c__F_odd(x) rounds hi + lo to odd in double (an inexact result gets
 * an odd last bit); rounding that once more to float or half gives the
 * correctly rounded result unless F(x) lies within the core's error of a
 * rounding boundary (counted by scripts/math-sweep). Requires double
 * arithmetic that rounds to nearest in double precision (FLT_EVAL_METHOD
 * 0: SSE2, ARM, RISC-V; not the x87 FPU) and no contraction into fma.
 *
 * The part is cut into sections: a module gets only the functions it uses.
 */

/* spv2c section: dd (needs: ) */
/* s + *e = a + b exactly */
SPV2C_INLINE double spv2c__dd_sum(double a, double b, double *e)
{ double s = a + b, v = s - a; *e = (a - (s - v)) + (b - v); return s; }
/* the same when |a| >= |b| (or a is 0) */
SPV2C_INLINE double spv2c__dd_fast(double a, double b, double *e)
{ double s = a + b; *e = b - (s - a); return s; }
/* p + *e = a * b exactly (|a|, |b| < 2^995, no underflow): by fma where
   the target has it (a compiler that contracts, gcc outside ISO C mode,
   does so only there, and would break Dekker's splitting), else Dekker's */
SPV2C_INLINE double spv2c__dd_mul(double a, double b, double *e)
{
#if defined(__FP_FAST_FMA)
  double p = a * b; *e = fma(a, b, -p); return p;
#else
  double p = a * b, t, ah, al, bh, bl;
  t = 134217729.0 * a; ah = t - (t - a); al = a - ah;
  t = 134217729.0 * b; bh = t - (t - b); bl = b - bh;
  *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl; return p;
#endif
}
/* ok ? r : s by the bits, so that r is computed whatever ok is (gcc would
   otherwise sink r's arithmetic into a branch it cannot if-convert) */
SPV2C_INLINE double spv2c__blend(int ok, double r, double s)
{ uint64_t m = 0 - (uint64_t)(ok != 0);
  return spv2c_bits_f64((spv2c_f64_bits(r) & m) | (spv2c_f64_bits(s) & ~m)); }

/* hi + lo (hi = hi + lo rounded to nearest) rounded to odd (integer
   arithmetic on the bits, no branch) */
SPV2C_INLINE double spv2c__odd(double hi, double lo)
{ uint64_t b = spv2c_f64_bits(hi), c = spv2c_f64_bits(lo);
  int move = ((c << 1) != 0) & !(b & 1u) & ((b & 0x7ff0000000000000u) != 0x7ff0000000000000u);
  return spv2c_bits_f64(b + (move ? ((b ^ c) >> 63 ? ~(uint64_t)0 : 1u) : 0)); }
/* 2^k for -1022 <= k <= 1023 */
SPV2C_INLINE double spv2c__pow2(int k) { return spv2c_bits_f64((uint64_t)(k + 1023) << 52); }
SPV2C_INLINE double spv2c__nan(void) { return spv2c_bits_f64(0x7ff8000000000000u); }
SPV2C_INLINE double spv2c__inf(void) { return spv2c_bits_f64(0x7ff0000000000000u); }
/* A form's result r, except that a NaN result of a NaN operand is that
   operand (the first of two) quieted, its sign and payload kept, made from
   its bits: the same bits on every CPU (docs/testing.md, "NaN policy"),
   where the cores' x + x gives RISC-V's canonical NaN and rounding a double
   NaN to float drops its payload in libgcc's soft float (Cortex-M3) */
SPV2C_INLINE double spv2c__res_f64(double r, double x, double y)
{ return r == r || (x == x && y == y) ? r
         : spv2c_bits_f64(spv2c_f64_bits(x != x ? x : y) | 0x8000000000000u); }
SPV2C_INLINE float spv2c__res_f32(double r, float x, float y)
{ return r == r || (x == x && y == y) ? (float)r
         : spv2c_bits_f32(spv2c_f32_bits(x != x ? x : y) | 0x400000u); }
/* the three forms of a one-argument function from its core */
#define SPV2C__FORMS(F) \
SPV2C_INLINE double spv2c_##F##_f64(double x) \
{ double l; return spv2c__res_f64(spv2c__##F##_dd(x, &l), x, 0); } \
SPV2C_INLINE double spv2c__##F##_odd(double x) \
{ double l, h = spv2c__##F##_dd(x, &l); return spv2c__res_f64(spv2c__odd(h, l), x, 0); } \
SPV2C_INLINE float spv2c_##F##_f32(float x) { return spv2c__res_f32(spv2c__##F##_odd(x), x, 0); }
/* the same without the float form (a function with a float fast path) */
#define SPV2C__FORMS2(F) \
SPV2C_INLINE double spv2c_##F##_f64(double x) \
{ double l; return spv2c__res_f64(spv2c__##F##_dd(x, &l), x, 0); } \
SPV2C_INLINE double spv2c__##F##_odd(double x) \
{ double l, h = spv2c__##F##_dd(x, &l); return spv2c__res_f64(spv2c__odd(h, l), x, 0); }
/* Ziv's rounding test for the float fast paths: r, a double in float's
   normal range with a relative error below 2^-49, rounds to the correctly
   rounded float if r (1 - 2^-47) and r (1 + 2^-47) round alike (the margin
   covers the roundings of the two products) */
SPV2C_INLINE int spv2c__ziv_f32(double r)
{ return (float)(r * (1 - 0x1p-47)) == (float)(r * (1 + 0x1p-47)); }

/* spv2c section: exp (needs: math_exp.dd) */
/* e^(x + xl) as hi + *lo, for |xl| < 2^-20. x = (128 m + j) ln2/128 + r,
   |r| <= ln2/256, r from a Cody-Waite split of ln2/128 (kd L1 exact);
   e^x = 2^m 2^(j/128) e^r, the table in double-double, e^r - 1 by its
   Taylor series to r^6 (remainder under 2^-71). The scaling by 2^m is two
   multiplications: exact for a normal result, one rounding for a
   subnormal one, corrected where it rounded a midpoint (tests/math/
   thresholds.c). Beyond the range: +inf, or +0 below e^-746. */
SPV2C_INLINE double spv2c__exp_core(double x, double xl, double *lo)
{
    static const double t[128][2] = {
      { 0x1p+0, 0x0p+0 },
      { 0x1.0163da9fb3335p+0, 0x1.b61299ab8cdb7p-54 },
      { 0x1.02c9a3e778061p+0, -0x1.19083535b085dp-56 },
      { 0x1.04315e86e7f85p+0, -0x1.0a31c1977c96ep-54 },
      { 0x1.059b0d3158574p+0, 0x1.d73e2a475b465p-55 },
      { 0x1.0706b29ddf6dep+0, -0x1.c91dfe2b13c27p-55 },
      { 0x1.0874518759bc8p+0, 0x1.186be4bb284ffp-57 },
      { 0x1.09e3ecac6f383p+0, 0x1.1487818316136p-54 },
      { 0x1.0b5586cf9890fp+0, 0x1.8a62e4adc610bp-54 },
      { 0x1.0cc922b7247f7p+0, 0x1.01edc16e24f71p-54 },
      { 0x1.0e3ec32d3d1a2p+0, 0x1.03a1727c57b53p-59 },
      { 0x1.0fb66affed31bp+0, -0x1.b9bedc44ebd7bp-57 },
      { 0x1.11301d0125b51p+0, -0x1.6c51039449b3ap-54 },
      { 0x1.12abdc06c31ccp+0, -0x1.1b514b36ca5c7p-58 },
      { 0x1.1429aaea92dep+0, -0x1.32fbf9af1369ep-54 },
      { 0x1.15a98c8a58e51p+0, 0x1.2406ab9eeab0ap-55 },
      { 0x1.172b83c7d517bp+0, -0x1.19041b9d78a76p-55 },
      { 0x1.18af9388c8deap+0, -0x1.11023d1970f6cp-54 },
      { 0x1.1a35beb6fcb75p+0, 0x1.e5b4c7b4968e4p-55 },
      { 0x1.1bbe084045cd4p+0, -0x1.95386352ef607p-54 },
      { 0x1.1d4873168b9aap+0, 0x1.e016e00a2643cp-54 },
      { 0x1.1ed5022fcd91dp+0, -0x1.1df98027bb78cp-54 },
      { 0x1.2063b88628cd6p+0, 0x1.dc775814a8495p-55 },
      { 0x1.21f49917ddc96p+0, 0x1.2a97e9494a5eep-55 },
      { 0x1.2387a6e756238p+0, 0x1.9b07eb6c70573p-54 },
      { 0x1.251ce4fb2a63fp+0, 0x1.ac155bef4f4a4p-55 },
      { 0x1.26b4565e27cddp+0, 0x1.2bd339940e9d9p-55 },
      { 0x1.284dfe1f56381p+0, -0x1.a4c3a8c3f0d7ep-54 },
      { 0x1.29e9df51fdee1p+0, 0x1.612e8afad1255p-55 },
      { 0x1.2b87fd0dad99p+0, -0x1.10adcd6381aa4p-59 },
      { 0x1.2d285a6e4030bp+0, 0x1.0024754db41d5p-54 },
      { 0x1.2ecafa93e2f56p+0, 0x1.1ca0f45d52383p-56 },
      { 0x1.306fe0a31b715p+0, 0x1.6f46ad23182e4p-55 },
      { 0x1.32170fc4cd831p+0, 0x1.a9ce78e18047cp-55 },
      { 0x1.33c08b26416ffp+0, 0x1.32721843659a6p-54 },
      { 0x1.356c55f929ff1p+0, -0x1.b5cee5c4e4628p-55 },
      { 0x1.371a7373aa9cbp+0, -0x1.63aeabf42eae2p-54 },
      { 0x1.38cae6d05d866p+0, -0x1.e958d3c9904bdp-54 },
      { 0x1.3a7db34e59ff7p+0, -0x1.5e436d661f5e3p-56 },
      { 0x1.3c32dc313a8e5p+0, -0x1.efff8375d29c3p-54 },
      { 0x1.3dea64c123422p+0, 0x1.ada0911f09ebcp-55 },
      { 0x1.3fa4504ac801cp+0, -0x1.7d023f956f9f3p-54 },
      { 0x1.4160a21f72e2ap+0, -0x1.ef3691c309278p-58 },
      { 0x1.431f5d950a897p+0, -0x1.1c7dde35f7999p-55 },
      { 0x1.44e086061892dp+0, 0x1.89b7a04ef80dp-59 },
      { 0x1.46a41ed1d0057p+0, 0x1.c944bd1648a76p-54 },
      { 0x1.486a2b5c13cdp+0, 0x1.3c1a3b69062fp-56 },
      { 0x1.4a32af0d7d3dep+0, 0x1.9cb62f3d1be56p-54 },
      { 0x1.4bfdad5362a27p+0, 0x1.d4397afec42e2p-56 },
      { 0x1.4dcb299fddd0dp+0, 0x1.8ecdbbc6a7833p-54 },
      { 0x1.4f9b2769d2ca7p+0, -0x1.4b309d25957e3p-54 },
      { 0x1.516daa2cf6642p+0, -0x1.f768569bd93efp-55 },
      { 0x1.5342b569d4f82p+0, -0x1.07abe1db13cadp-55 },
      { 0x1.551a4ca5d920fp+0, -0x1.d689cefede59bp-55 },
      { 0x1.56f4736b527dap+0, 0x1.9bb2c011d93adp-54 },
      { 0x1.58d12d497c7fdp+0, 0x1.295e15b9a1de8p-55 },
      { 0x1.5ab07dd485429p+0, 0x1.6324c054647adp-54 },
      { 0x1.5c9268a5946b7p+0, 0x1.c4b1b816986a2p-60 },
      { 0x1.5e76f15ad2148p+0, 0x1.ba6f93080e65ep-54 },
      { 0x1.605e1b976dc09p+0, -0x1.3e2429b56de47p-54 },
      { 0x1.6247eb03a5585p+0, -0x1.383c17e40b497p-54 },
      { 0x1.6434634ccc32p+0, -0x1.c483c759d8933p-55 },
      { 0x1.6623882552225p+0, -0x1.bb60987591c34p-54 },
      { 0x1.68155d44ca973p+0, 0x1.038ae44f73e65p-57 },
      { 0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54 },
      { 0x1.6c012750bdabfp+0, -0x1.2895667ff0b0dp-56 },
      { 0x1.6dfb23c651a2fp+0, -0x1.bbe3a683c88abp-57 },
      { 0x1.6ff7df9519484p+0, -0x1.83c0f25860ef6p-55 },
      { 0x1.71f75e8ec5f74p+0, -0x1.16e4786887a99p-55 },
      { 0x1.73f9a48a58174p+0, -0x1.0a8d96c65d53cp-54 },
      { 0x1.75feb564267c9p+0, -0x1.0245957316dd3p-54 },
      { 0x1.780694fde5d3fp+0, 0x1.866b80a02162dp-54 },
      { 0x1.7a11473eb0187p+0, -0x1.41577ee04992fp-55 },
      { 0x1.7c1ed0130c132p+0, 0x1.f124cd1164dd6p-54 },
      { 0x1.7e2f336cf4e62p+0, 0x1.05d02ba15797ep-56 },
      { 0x1.80427543e1a12p+0, -0x1.27c86626d972bp-54 },
      { 0x1.82589994cce13p+0, -0x1.d4c1dd41532d8p-54 },
      { 0x1.8471a4623c7adp+0, -0x1.8d684a341cdfbp-55 },
      { 0x1.868d99b4492edp+0, -0x1.fc6f89bd4f6bap-54 },
      { 0x1.88ac7d98a6699p+0, 0x1.994c2f37cb53ap-54 },
      { 0x1.8ace5422aa0dbp+0, 0x1.6e9f156864b27p-54 },
      { 0x1.8cf3216b5448cp+0, -0x1.0d55e32e9e3aap-56 },
      { 0x1.8f1ae99157736p+0, 0x1.5cc13a2e3976cp-55 },
      { 0x1.9145b0b91ffc6p+0, -0x1.dd6792e582524p-54 },
      { 0x1.93737b0cdc5e5p+0, -0x1.75fc781b57ebcp-57 },
      { 0x1.95a44cbc8520fp+0, -0x1.64b7c96a5f039p-56 },
      { 0x1.97d829fde4e5p+0, -0x1.d185b7c1b85d1p-54 },
      { 0x1.9a0f170ca07bap+0, -0x1.173bd91cee632p-54 },
      { 0x1.9c49182a3f09p+0, 0x1.c7c46b071f2bep-56 },
      { 0x1.9e86319e32323p+0, 0x1.824ca78e64c6ep-56 },
      { 0x1.a0c667b5de565p+0, -0x1.359495d1cd533p-54 },
      { 0x1.a309bec4a2d33p+0, 0x1.6305c7ddc36abp-54 },
      { 0x1.a5503b23e255dp+0, -0x1.d2f6edb8d41e1p-54 },
      { 0x1.a799e1330b358p+0, 0x1.bcb7ecac563c7p-54 },
      { 0x1.a9e6b5579fdbfp+0, 0x1.0fac90ef7fd31p-54 },
      { 0x1.ac36bbfd3f37ap+0, -0x1.f9234cae76cdp-55 },
      { 0x1.ae89f995ad3adp+0, 0x1.7a1cd345dcc81p-54 },
      { 0x1.b0e07298db666p+0, -0x1.bdef54c80e425p-54 },
      { 0x1.b33a2b84f15fbp+0, -0x1.2805e3084d708p-57 },
      { 0x1.b59728de5593ap+0, -0x1.c71dfbbba6de3p-54 },
      { 0x1.b7f76f2fb5e47p+0, -0x1.5584f7e54ac3bp-56 },
      { 0x1.ba5b030a1064ap+0, -0x1.efcd30e54292ep-54 },
      { 0x1.bcc1e904bc1d2p+0, 0x1.23dd07a2d9e84p-55 },
      { 0x1.bf2c25bd71e09p+0, -0x1.efdca3f6b9c73p-54 },
      { 0x1.c199bdd85529cp+0, 0x1.11065895048ddp-55 },
      { 0x1.c40ab5fffd07ap+0, 0x1.b4537e083c60ap-54 },
      { 0x1.c67f12e57d14bp+0, 0x1.2884dff483cadp-54 },
      { 0x1.c8f6d9406e7b5p+0, 0x1.1acbc48805c44p-56 },
      { 0x1.cb720dcef9069p+0, 0x1.503cbd1e949dbp-56 },
      { 0x1.cdf0b555dc3fap+0, -0x1.dd83b53829d72p-55 },
      { 0x1.d072d4a07897cp+0, -0x1.cbc3743797a9cp-54 },
      { 0x1.d2f87080d89f2p+0, -0x1.d487b719d8578p-54 },
      { 0x1.d5818dcfba487p+0, 0x1.2ed02d75b3707p-55 },
      { 0x1.d80e316c98398p+0, -0x1.11ec18beddfe8p-54 },
      { 0x1.da9e603db3285p+0, 0x1.c2300696db532p-54 },
      { 0x1.dd321f301b46p+0, 0x1.2da5778f018c3p-54 },
      { 0x1.dfc97337b9b5fp+0, -0x1.1a5cd4f184b5cp-54 },
      { 0x1.e264614f5a129p+0, -0x1.7b627817a1496p-54 },
      { 0x1.e502ee78b3ff6p+0, 0x1.39e8980a9cc8fp-55 },
      { 0x1.e7a51fbc74c83p+0, 0x1.2d522ca0c8de2p-54 },
      { 0x1.ea4afa2a490dap+0, -0x1.e9c23179c2893p-54 },
      { 0x1.ecf482d8e67f1p+0, -0x1.c93f3b411ad8cp-54 },
      { 0x1.efa1bee615a27p+0, 0x1.dc7f486a4b6bp-54 },
      { 0x1.f252b376bba97p+0, 0x1.3a1a5bf0d8e43p-54 },
      { 0x1.f50765b6e454p+0, 0x1.9d3e12dd8a18bp-54 },
      { 0x1.f7bfdad9cbe14p+0, -0x1.dbb12d006350ap-54 },
      { 0x1.fa7c1819e90d8p+0, 0x1.74853f3a5931ep-55 },
      { 0x1.fd3c22b8f71f1p+0, 0x1.2eb74966579e7p-57 },
    };
    double kd, rh, rl, r, q, ph, pl, a, ae, s, se, l, s1, s2, d, u, y = x;
    int64_t k, m;
    int j;
    /* NaN, x > 710 (+inf), x < -746 (-inf): computed as 0, then replaced;
       the tests are on the bits, no branch (gcc if-converts and
       vectorises a loop of these) */
    uint64_t b = spv2c_f64_bits(x), ab = b & 0x7fffffffffffffffu;
    int nan = ab > 0x7ff0000000000000u;
    int big = (ab <= 0x7ff0000000000000u) & !(b >> 63) & (ab > 0x4086300000000000u);
    int small = (ab <= 0x7ff0000000000000u) & (int)(b >> 63) & (ab > 0x4087500000000000u);
    int out = nan | big | small;
    x = spv2c_bits_f64(out ? 0 : b);
    xl = spv2c__blend(out, 0, xl);
    kd = x * 0x1.71547652b82fep+7;
    kd = (kd + 0x1.8p52) - 0x1.8p52;
    k = (int64_t)kd;
    j = (int)((uint64_t)k & 127u);
    m = (k - j) / 128;
    rh = x - kd * 0x1.62e42fefp-8;
    rl = xl - kd * 0x1.473de6af278edp-41;
    r = rh + rl;
    q = rl + r * r * (0.5 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720)))));
    ph = spv2c__dd_sum(rh, q, &pl);
    a = spv2c__dd_mul(t[j][0], ph, &ae);
    s = spv2c__dd_fast(t[j][0], a, &se);
    l = se + ae + t[j][0] * pl + t[j][1] + t[j][1] * ph;
    s = spv2c__dd_fast(s, l, &l);
    s1 = spv2c__pow2((int)(m / 2));
    s2 = spv2c__pow2((int)(m - m / 2));
    r = s * s1 * s2;
    /* a subnormal result: s (53 bits) is rounded once more, to the
       subnormal grid (u apart, in s's scale); where s lies exactly on a
       midpoint of that grid, l decides, not ties-to-even (d = s - r
       unscaled, exact; 0 for a normal result) */
    d = s - r * spv2c__pow2((int)(m / 2 - m)) * spv2c__pow2((int)(-(m / 2)));
    u = spv2c__pow2((int)(m < -1021 ? -1074 - m : -1000));
    s = r + spv2c__blend((d + d == u || d + d == -u) & (l * d > 0),
                         d > 0 ? 0x1p-1074 : -0x1p-1074, 0);
    l = spv2c__blend((spv2c_f64_bits(s) & 0x7ff0000000000000u) == 0x7ff0000000000000u, 0,
                     l * s1 * s2);
    *lo = spv2c__blend(out, 0, l);
    return spv2c__blend(nan, y + y, spv2c__blend(big, spv2c__inf(), spv2c__blend(small, 0, s)));
}

SPV2C_INLINE double spv2c__exp_dd(double x, double *lo) { return spv2c__exp_core(x, 0, lo); }
SPV2C__FORMS2(exp)
/* float: a fast path for -87 < x < 88 (normal results) in double, x =
   k ln2/2 + r, |r| <= ln2/4 + 2^-40, r = (x - k L1) - k L2 (x - k L1 exact),
   e^r by Taylor to r^11 (remainder under 2^-58), times sqrt 2 for odd k
   and 2^(k/2 rounded down): relative error below 2^-50 (six roundings of
   2^-53). Ziv's test, else (and outside the range, NaN) the core. */
SPV2C_INLINE float spv2c_exp_f32(float x)
{
    if (x > -87.0f && x < 88.0f) {
        double d = x, kd = (d * 0x1.71547652b82fep+1 + 0x1.8p52) - 0x1.8p52, r, p;
        uint32_t k = (uint32_t)((int)kd + 512);
        r = (d - kd * 0x1.62e42fefa4p-2) - kd * -0x1.8432a1b0e2634p-44;
        p = 1 + r * (1 + r * (1.0 / 2 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120
            + r * (1.0 / 720 + r * (1.0 / 5040 + r * (1.0 / 40320 + r * (1.0 / 362880
            + r * (1.0 / 3628800
            + r * (1.0 / 39916800)))))))))));
        p = (k & 1u ? p * 0x1.6a09e667f3bcdp+0 : p) * spv2c__pow2((int)(k >> 1) - 256);
        if (spv2c__ziv_f32(p))
            return (float)p;
    }
    return spv2c__res_f32(spv2c__exp_odd(x), x, 0);
}

/* spv2c section: exp2 (needs: math_exp.exp) */
/* x ln2 in double-double; an integer x gives 2^x exactly (2^-150 is a
   float tie, 2^-25 a half one: rounded as such) */
SPV2C_INLINE double spv2c__exp2_dd(double x, double *lo)
{
    double h, e;
    if (x == floor(x) && x > -1100 && x < 1100) {
        int k = (int)x;
        *lo = 0;
        return k > 1023 ? spv2c__inf() : k >= -1022 ? spv2c__pow2(k)
             : spv2c__pow2(k + 200) * 0x1p-200;
    }
    if (!(x > -1100 && x < 1100))
        return spv2c__exp_core(x, 0, lo);
    h = spv2c__dd_mul(x, 0x1.62e42fefa39efp-1, &e);
    return spv2c__exp_core(h, e + x * 0x1.abc9e3b39803fp-56, lo);
}
SPV2C__FORMS(exp2)

/* spv2c section: exp10 (needs: math_exp.exp) */
/* beyond +-400, 10^x is +inf or +0 (it overflows past 308.26 and is below
   2^-1075 before -323.61): the core's own out-of-range path gives it for
   8x (|8x| > 746, sign, infinities and NaN kept); the core of x itself
   would be e^x, finite up to 709 */
SPV2C_INLINE double spv2c__exp10_dd(double x, double *lo)
{
    double h, e;
    if (!(x > -400 && x < 400))
        return spv2c__exp_core(x * 8, 0, lo);
    h = spv2c__dd_mul(x, 0x1.26bb1bbb55516p+1, &e);
    return spv2c__exp_core(h, e + x * -0x1.f48ad494ea3e9p-53, lo);
}
SPV2C__FORMS(exp10)

/* spv2c section: expm1 (needs: math_exp.exp) */
/* |x| < 1/16: x + x^2/2 (exact) + Taylor to x^11 (remainder under 2^-65
   relative); otherwise e^x (double-double) - 1 */
SPV2C_INLINE double spv2c__expm1_dd(double x, double *lo)
{
    double h, l, e, q, s;
    if (x > -0.0625 && x < 0.0625) {
        if (x == 0) { *lo = 0; return x; }
        h = spv2c__dd_mul(x, x * 0.5, &e);
        q = x * x * x * (1.0 / 6 + x * (1.0 / 24 + x * (1.0 / 120 + x * (1.0 / 720
            + x * (1.0 / 5040 + x * (1.0 / 40320 + x * (1.0 / 362880 + x * (1.0 / 3628800
            + x * (1.0 / 39916800)))))))));
        s = spv2c__dd_fast(x, h, &l);
        l += e + q;
        return spv2c__dd_fast(s, l, lo);
    }
    if (x < -40) { *lo = x == x ? 0x1p-60 : 0; return x == x ? -1 : x; }
    h = spv2c__exp_core(x, 0, &l);
    if (h - h != 0) { *lo = 0; return h; }
    s = spv2c__dd_sum(h, -1, &e);
    return spv2c__dd_fast(s, e + l, lo);
}
SPV2C__FORMS(expm1)

/* spv2c section: log (needs: math_exp.dd) */
/* log(x + xl) = *ep ln2 + hi + *lo for finite x > 0, |xl| <= 2^-52 x.
   x = 2^e m, m in [OFF, 2 OFF) (OFF ~ 0.7012, so |log m| <= ln2 / 2 and
   no cancellation with e ln2); the top seven bits of bits(m) - bits(OFF)
   pick c ~ 1/m (c = 1 on the interval around 1, whose log is exact);
   log m = -log c + log1p(r), r = m c - 1 exactly in double-double,
   |r| < 0.004, log1p(r) = r - r^2/2 (exact) + Taylor to r^9 (remainder
   under 2^-70 relative). Tables: tests/math/gen_tables.c (MPFR). */
SPV2C_INLINE double spv2c__log_core(double x, double xl, int *ep, double *lo)
{
    static const double t[128][3] = {
      { 0x1.6c16c16c16c17p+0, -0x1.68ac83e9c6a15p-2, 0x1.acd8a9145ff44p-57 },
      { 0x1.6a13cd153729p+0, -0x1.630030b3aac48p-2, -0x1.ee0c6728fffccp-56 },
      { 0x1.6816816816817p+0, -0x1.5d5bddf595f31p-2, -0x1.d5f75b9a23ae4p-59 },
      { 0x1.661ec6a5122f9p+0, -0x1.57bf753c8d1fbp-2, 0x1.2908d15f88b63p-57 },
      { 0x1.642c8590b2164p+0, -0x1.522ae0738a3d7p-2, -0x1.3840b263acb43p-56 },
      { 0x1.623fa7701624p+0, -0x1.4c9e09e172c3dp-2, 0x1.123615b147a5fp-58 },
      { 0x1.6058160581606p+0, -0x1.4718dc271c41cp-2, -0x1.d8fb4c14c56eep-56 },
      { 0x1.5e75bb8d015e7p+0, -0x1.419b423d5e8c6p-2, -0x1.5b7648704e721p-58 },
      { 0x1.5c9882b931057p+0, -0x1.3c25277333183p-2, -0x1.152d81af5713ap-56 },
      { 0x1.5ac056b015acp+0, -0x1.36b6776be1116p-2, 0x1.324f0e883859p-58 },
      { 0x1.58ed2308158edp+0, -0x1.314f1e1d35ce3p-2, -0x1.22966f61a3c23p-56 },
      { 0x1.571ed3c506b3ap+0, -0x1.2bef07cdc9355p-2, 0x1.22dad7fd86088p-56 },
      { 0x1.5555555555555p+0, -0x1.269621134db91p-2, -0x1.e0efadd9db02ap-56 },
      { 0x1.5390948f40febp+0, -0x1.214456d0eb8d5p-2, 0x1.50a2dca28b3edp-58 },
      { 0x1.51d07eae2f815p+0, -0x1.1bf99635a6b95p-2, 0x1.e9575c2124912p-56 },
      { 0x1.5015015015015p+0, -0x1.16b5ccbacfb73p-2, -0x1.56fbd28b40935p-56 },
      { 0x1.4e5e0a72f0539p+0, -0x1.1178e8227e47ap-2, -0x1.b8ce2d07f1cb7p-56 },
      { 0x1.4cab88725af6ep+0, -0x1.0c42d676162e2p-2, 0x1.5a74e18a8bb85p-56 },
      { 0x1.4afd6a052bf5bp+0, -0x1.07138604d5864p-2, 0x1.24e912b16ec8bp-60 },
      { 0x1.49539e3b2d067p+0, -0x1.01eae5626c691p-2, -0x1.d9f5bd0b5b348p-57 },
      { 0x1.47ae147ae147bp+0, -0x1.f991c6cb3b37ap-3, -0x1.ecca0cdf30143p-58 },
      { 0x1.460cbc7f5cf9ap+0, -0x1.ef5ade4dcffe5p-3, -0x1.7754d2238f75fp-58 },
      { 0x1.446f86562d9fbp+0, -0x1.e530effe71013p-3, 0x1.f7627ef82f3fp-57 },
      { 0x1.42d6625d51f87p+0, -0x1.db13db0d48941p-3, 0x1.8af715b0349a4p-57 },
      { 0x1.4141414141414p+0, -0x1.d1037f2655e7bp-3, 0x1.3f3adb7b71cbcp-58 },
      { 0x1.3fb013fb013fbp+0, -0x1.c6ffbc6f00f71p-3, 0x1.ae58b2c57a4a5p-57 },
      { 0x1.3e22cbce4a902p+0, -0x1.bd087383bd8aap-3, 0x1.1165504ad749ep-59 },
      { 0x1.3c995a47babe7p+0, -0x1.b31d8575bce3bp-3, 0x1.0d4eace1aa537p-59 },
      { 0x1.3b13b13b13b14p+0, -0x1.a93ed3c8ad9e5p-3, -0x1.bcafa9de97202p-57 },
      { 0x1.3991c2c187f63p+0, -0x1.9f6c407089663p-3, 0x1.52979a7e86605p-57 },
      { 0x1.3813813813814p+0, -0x1.95a5adcf70182p-3, -0x1.8a16283fdbd1cp-57 },
      { 0x1.3698df3de0748p+0, -0x1.8beafeb38fe8fp-3, 0x1.54aae92cd0b87p-59 },
      { 0x1.3521cfb2b78c1p+0, -0x1.823c16551a3cp-3, -0x1.6dcd318f4187ep-57 },
      { 0x1.33ae45b57bcb2p+0, -0x1.7898d85444c74p-3, -0x1.be3dbaf3ec804p-60 },
      { 0x1.323e34a2b10bfp+0, -0x1.6f0128b756ab9p-3, 0x1.37967087859b9p-59 },
      { 0x1.30d190130d19p+0, -0x1.6574ebe8c1339p-3, -0x1.c5961e173bc82p-57 },
      { 0x1.2f684bda12f68p+0, -0x1.5bf406b543dbp-3, 0x1.1f5b44c0df7f7p-61 },
      { 0x1.2e025c04b8097p+0, -0x1.527e5e4a1b58dp-3, 0x1.b8d4b411cadffp-60 },
      { 0x1.2c9fb4d812cap+0, -0x1.4913d8333b563p-3, 0x1.0d5604930f137p-58 },
      { 0x1.2b404ad012b4p+0, -0x1.3fb45a59928cap-3, 0x1.d87e6a354d057p-57 },
      { 0x1.29e4129e4129ep+0, -0x1.365fcb0159014p-3, -0x1.bea08d2dca256p-57 },
      { 0x1.288b01288b013p+0, -0x1.2d1610c86813dp-3, -0x1.d997036941a6dp-60 },
      { 0x1.27350b8812735p+0, -0x1.23d712a49c201p-3, -0x1.51c7e9efae297p-57 },
      { 0x1.25e22708092f1p+0, -0x1.1aa2b7e23f729p-3, -0x1.6e4438993442p-57 },
      { 0x1.2492492492492p+0, -0x1.1178e8227e47ap-3, 0x1.0e63a5f01c693p-58 },
      { 0x1.23456789abcdfp+0, -0x1.08598b59e3a07p-3, 0x1.fd7009902bf32p-57 },
      { 0x1.21fb78121fb78p+0, -0x1.fe89139dbd565p-4, 0x1.ac9f4215f9394p-58 },
      { 0x1.20b470c67c0d9p+0, -0x1.ec739830a1126p-4, -0x1.eea033743f95bp-58 },
      { 0x1.1f7047dc11f7p+0, -0x1.da7276384469ep-4, -0x1.401fa71733017p-58 },
      { 0x1.1e2ef3b3fb874p+0, -0x1.c885801bc4b2p-4, 0x1.5c734aa6598fcp-58 },
      { 0x1.1cf06ada2811dp+0, -0x1.b6ac88dad5b1dp-4, 0x1.002bf768e52dp-58 },
      { 0x1.1bb4a4046ed29p+0, -0x1.a4e7640b1bc38p-4, 0x1.9b5ca203e4259p-58 },
      { 0x1.1a7b9611a7b96p+0, -0x1.9335e5d594988p-4, 0x1.478a85704ccb7p-58 },
      { 0x1.19453808ca29cp+0, -0x1.8197e2f40e3fp-4, 0x1.230690020895fp-59 },
      { 0x1.1811811811812p+0, -0x1.700d30aeac0e8p-4, -0x1.a36a677b4c8b2p-59 },
      { 0x1.16e0689427379p+0, -0x1.5e95a4d9791cdp-4, 0x1.4c78ba3a3baf6p-58 },
      { 0x1.15b1e5f75270dp+0, -0x1.4d3115d207eacp-4, -0x1.da7d0b1e10b2fp-60 },
      { 0x1.1485f0e0acd3bp+0, -0x1.3bdf5a7d1ee5ep-4, -0x1.f52eda76b68acp-60 },
      { 0x1.135c81135c811p+0, -0x1.2aa04a44717a1p-4, -0x1.aea2c72d05c08p-58 },
      { 0x1.12358e75d3033p+0, -0x1.1973bd1465561p-4, 0x1.7aac1b3d3568p-58 },
      { 0x1.1111111111111p+0, -0x1.08598b59e3a06p-4, 0x1.dd7009902bf32p-58 },
      { 0x1.0fef010fef011p+0, -0x1.eea31c006b87cp-5, 0x1.7c9f9276f6cd8p-60 },
      { 0x1.0ecf56be69c9p+0, -0x1.ccb73cdddb2dp-5, 0x1.e48fb0500efd5p-59 },
      { 0x1.0db20a88f4696p+0, -0x1.aaef2d0fb1108p-5, -0x1.68d4eed0b82aep-59 },
      { 0x1.0c9714fbcda3bp+0, -0x1.894aa149fb34bp-5, 0x1.2ba0b44cfaee5p-59 },
      { 0x1.0b7e6ec259dc8p+0, -0x1.67c94f2d4bb65p-5, -0x1.0413e6505e5f9p-59 },
      { 0x1.0a6810a6810a7p+0, -0x1.466aed42de3f9p-5, 0x1.9badefe942718p-60 },
      { 0x1.0953f39010954p+0, -0x1.252f32f8d184p-5, -0x1.ae021b67a9ba8p-61 },
      { 0x1.0842108421084p+0, -0x1.0415d89e7444p-5, -0x1.c05cf1d753621p-59 },
      { 0x1.073260a47f7c6p+0, -0x1.c63d2ec14aad7p-6, -0x1.8fe7acbca131dp-63 },
      { 0x1.0624dd2f1a9fcp+0, -0x1.8492528c8cac5p-6, 0x1.d192d0619fa68p-60 },
      { 0x1.05197f7d73404p+0, -0x1.432a925980cbcp-6, 0x1.8cdaf39004193p-60 },
      { 0x1.041041041041p+0, -0x1.0205658935837p-6, -0x1.27c8e8416e717p-60 },
      { 0x1.03091b51f5e1ap+0, -0x1.82448a388a283p-7, -0x1.04b16137f097p-62 },
      { 0x1.0204081020408p+0, -0x1.010157588de69p-7, -0x1.46662d417cecep-62 },
      { 0x1.010101010101p+0, -0x1.0080559588b25p-8, -0x1.f96638cf63675p-62 },
      { 0x1p+0, 0x0p+0, 0x0p+0 },
      { 0x1.fc07f01fc07fp-1, 0x1.fe02a6b106799p-8, -0x1.e44b7e3711e7fp-67 },
      { 0x1.f81f81f81f82p-1, 0x1.fc0a8b0fc03c4p-7, -0x1.83092c5964281p-62 },
      { 0x1.f44659e4a4271p-1, 0x1.7b91b07d5b126p-6, -0x1.6d80ab38e943p-62 },
      { 0x1.f07c1f07c1f08p-1, 0x1.f829b0e7832f8p-6, 0x1.33e3f04f1ef25p-60 },
      { 0x1.ecc07b301eccp-1, 0x1.39e87b9febd68p-5, -0x1.5bfa937f551b7p-59 },
      { 0x1.e9131abf0b767p-1, 0x1.77458f632dcffp-5, 0x1.8d3ca87b92968p-63 },
      { 0x1.e573ac901e574p-1, 0x1.b42dd711971b9p-5, 0x1.0a34531f67db5p-59 },
      { 0x1.e1e1e1e1e1e1ep-1, 0x1.f0a30c01162a8p-5, 0x1.85f325c5bbacdp-59 },
      { 0x1.de5d6e3f8868ap-1, 0x1.16536eea37ae3p-4, 0x1.2189705cf74cap-58 },
      { 0x1.dae6076b981dbp-1, 0x1.341d7961bd1dp-4, -0x1.3599f227becbbp-58 },
      { 0x1.d77b654b82c34p-1, 0x1.51b073f06183cp-4, -0x1.5b61c65e5741ap-58 },
      { 0x1.d41d41d41d41dp-1, 0x1.6f0d28ae56b4ep-4, -0x1.20db323097324p-59 },
      { 0x1.d0cb58f6ec074p-1, 0x1.8c345d6319b23p-4, -0x1.294d2f5668495p-58 },
      { 0x1.cd85689039b0bp-1, 0x1.a926d3a4ad562p-4, -0x1.d7a16eab1e2adp-59 },
      { 0x1.ca4b3055ee191p-1, 0x1.c5e548f5bc743p-4, 0x1.2eb0bf7c0b0d9p-59 },
      { 0x1.c71c71c71c71cp-1, 0x1.e27076e2af2eap-4, -0x1.61578001e015ap-60 },
      { 0x1.c3f8f01c3f8fp-1, 0x1.fec9131dbeabcp-4, -0x1.5746b9981b36cp-58 },
      { 0x1.c0e070381c0ep-1, 0x1.0d77e7cd08e5bp-3, 0x1.9a5dc5e9030adp-57 },
      { 0x1.bdd2b899406f7p-1, 0x1.1b72ad52f67a2p-3, -0x1.fbe7ee5c69946p-57 },
      { 0x1.bacf914c1badp-1, 0x1.29552f81ff521p-3, 0x1.301771c407dcp-57 },
      { 0x1.b7d6c3dda338bp-1, 0x1.371fc201e8f75p-3, 0x1.e6cb62af18a02p-62 },
      { 0x1.b4e81b4e81b4fp-1, 0x1.44d2b6ccb7d1cp-3, 0x1.7d3d950f87e23p-59 },
      { 0x1.b2036406c80d9p-1, 0x1.526e5e3a1b438p-3, -0x1.546ff8a470d3ap-57 },
      { 0x1.af286bca1af28p-1, 0x1.5ff3070a793d6p-3, -0x1.bc60efafc6f6cp-58 },
      { 0x1.ac5701ac5701bp-1, 0x1.6d60fe719d21bp-3, 0x1.d551d97132e87p-57 },
      { 0x1.a98ef606a63bep-1, 0x1.7ab890210d907p-3, -0x1.1072534a57e7dp-57 },
      { 0x1.a6d01a6d01a6dp-1, 0x1.87fa06520c911p-3, -0x1.9f7fdbfa08d9ap-57 },
      { 0x1.a41a41a41a41ap-1, 0x1.9525a9cf456b6p-3, -0x1.26fb3e2b1d1dap-57 },
      { 0x1.a16d3f97a4b02p-1, 0x1.a23bc1fe2b561p-3, 0x1.24dc46c1ea664p-57 },
      { 0x1.9ec8e951033d9p-1, 0x1.af3c94e80bff3p-3, 0x1.a3398064df33ep-57 },
      { 0x1.9c2d14ee4a102p-1, 0x1.bc286742d8cd4p-3, 0x1.cfce744870f57p-58 },
      { 0x1.999999999999ap-1, 0x1.c8ff7c79a9a2p-3, -0x1.4f689f8434011p-57 },
      { 0x1.970e4f80cb872p-1, 0x1.d5c216b4fbb94p-3, -0x1.a37794d03657dp-58 },
      { 0x1.948b0fcd6e9ep-1, 0x1.e27076e2af2e8p-3, -0x1.61578001e015ep-59 },
      { 0x1.920fb49d0e229p-1, 0x1.ef0adcbdc5935p-3, 0x1.e8637950dc20dp-57 },
      { 0x1.8f9c18f9c18fap-1, 0x1.fb9186d5e3e29p-3, 0x1.355519b0de535p-57 },
      { 0x1.8d3018d3018d3p-1, 0x1.0402594b4d041p-2, -0x1.08ec217a5022dp-57 },
      { 0x1.8acb90f6bf3aap-1, 0x1.0a324e27390e2p-2, 0x1.bdcfde8061c03p-56 },
      { 0x1.886e5f0abb04ap-1, 0x1.1058bf9ae4ad4p-2, 0x1.3f415699663ecp-63 },
      { 0x1.8618618618618p-1, 0x1.1675cababa60fp-2, 0x1.ce63eab883727p-61 },
      { 0x1.83c977ab2beddp-1, 0x1.1c898c16999fbp-2, 0x1.9f1a39d500e3cp-56 },
      { 0x1.8181818181818p-1, 0x1.22941fbcf7966p-2, -0x1.dbd7ac258a2bdp-58 },
      { 0x1.7f405fd017f4p-1, 0x1.2895a13de86a4p-2, 0x1.7ad24c13f040fp-56 },
      { 0x1.7d05f417d05f4p-1, 0x1.2e8e2bae11d31p-2, -0x1.1e99b72bd7bf2p-57 },
      { 0x1.7ad2208e0ecc3p-1, 0x1.347dd9a987d56p-2, -0x1.16ea62c048cfbp-56 },
      { 0x1.78a4c8178a4c8p-1, 0x1.3a64c556945eap-2, 0x1.cbcd735d03424p-60 },
      { 0x1.767dce434a9b1p-1, 0x1.404308686a7e4p-2, -0x1.f79f6c1059cdbp-57 },
      { 0x1.745d1745d1746p-1, 0x1.4618bc21c5ec2p-2, -0x1.7a42642661c62p-61 },
      { 0x1.724287f46debcp-1, 0x1.4be5f957778a1p-2, -0x1.4b366b609027ap-58 },
      { 0x1.702e05c0b817p-1, 0x1.51aad872df82ep-2, -0x1.d8db0a7cc1543p-56 },
      { 0x1.6e1f76b4337c7p-1, 0x1.5767717455a6cp-2, -0x1.fb2a49af933e8p-57 },
    };
    const uint64_t off = 0x3fe6700000000000u;
    uint64_t ix = spv2c_f64_bits(x), d;
    int e = 0, eb, i;
    double m, ml = 0, c, p, pe, rh, rl, s, se, h2, q, th, tl, h, l;
    if (ix < 0x0010000000000000u) {
        x *= 0x1p54;
        xl *= 0x1p54;
        ix = spv2c_f64_bits(x);
        e = -54;
    }
    d = ix - off;
    i = (int)((d >> 45) & 127u);
    eb = (int)((ix + ((uint64_t)1024 << 52) - off) >> 52) - 1024;
    m = spv2c_bits_f64(ix - ((uint64_t)(int64_t)eb << 52));
    e += eb;
    if (xl != 0)
        ml = xl / x * m;
    c = t[i][0];
    p = spv2c__dd_mul(m, c, &pe);
    rh = spv2c__dd_sum(p - 1, pe + ml * c, &rl);
    h2 = spv2c__dd_mul(rh, rh * 0.5, &se);
    q = rh * rh * rh * (1.0 / 3 - rh * (1.0 / 4 - rh * (1.0 / 5 - rh * (1.0 / 6 - rh * (1.0 / 7
        - rh * (1.0 / 8 - rh * (1.0 / 9)))))));
    th = spv2c__dd_fast(rh, -h2, &tl);
    tl += rl - rh * rl - se + q;
    h = spv2c__dd_sum(t[i][1], th, &s);
    l = s + tl + t[i][2];
    *ep = e;
    return spv2c__dd_fast(h, l, lo);
}

/* the special operands of log, log2, log10: 0 for an ordinary x */
SPV2C_INLINE int spv2c__log_special(double x, double *r)
{
    *r = x != x || x == spv2c__inf() ? x + x : x == 0 ? -spv2c__inf() : spv2c__nan();
    return !(x > 0) || x - x != 0;
}

SPV2C_INLINE double spv2c__log_dd(double x, double *lo)
{
    double h, l, a, ae, r;
    int e;
    *lo = 0;
    if (spv2c__log_special(x, &r))
        return r;
    h = spv2c__log_core(x, 0, &e, &l);
    a = spv2c__dd_sum((double)e * 0x1.62e42fefa3p-1, h, &ae);
    return spv2c__dd_fast(a, ae + l + (double)e * 0x1.3de6af278ece6p-42, lo);
}
SPV2C__FORMS2(log)
/* float: a fast path for finite x > 0 in double, x = 2^e m, m in
   [sqrt 1/2, sqrt 2), s = (m - 1) / (m + 1) (one rounding: m - 1 and m + 1
   are exact), log m = 2 atanh s = 2 s (1 + s^2/3 + ... + s^18/19) (|s| <
   0.1716, remainder under 2^-55), plus e ln2 (e L1 exact): relative error
   below 2^-50 (|log x| >= ln2 / 2 when e != 0). Ziv's test, else (and for
   0, negatives, inf, NaN) the core. */
SPV2C_INLINE float spv2c_log_f32(float x)
{
    if (spv2c_f32_bits(x) - 1u < 0x7f7fffffu) {
        uint64_t b = spv2c_f64_bits(x), t = b - 0x3fe6a09e667f3bcdu;
        int e = (int)(t >> 52 & 0x7ff) - (int)(t >> 52 & 0x800);
        double m = spv2c_bits_f64(b - ((uint64_t)(int64_t)e << 52));
        double s = (m - 1) / (m + 1), z = s * s, r;
        r = s * (2 + z * (2.0 / 3 + z * (2.0 / 5 + z * (2.0 / 7 + z * (2.0 / 9 + z * (2.0 / 11
            + z * (2.0 / 13 + z * (2.0 / 15 + z * (2.0 / 17 + z * (2.0 / 19))))))))));
        r = e * 0x1.62e42fefa4p-1 + (e * -0x1.8432a1b0e2634p-43 + r);
        if (spv2c__ziv_f32(r))
            return (float)r;
    }
    return spv2c__res_f32(spv2c__log_odd(x), x, 0);
}

/* log(a) + ln2 + c for a > 2^28 (asinh and acosh of large arguments) */
SPV2C_INLINE double spv2c__log2x_core(double a, double c, double *lo)
{
    double h, l, s, se;
    int e;
    h = spv2c__log_core(a, 0, &e, &l);
    s = spv2c__dd_sum((double)(e + 1) * 0x1.62e42fefa3p-1, h, &se);
    return spv2c__dd_fast(s, se + l + (double)(e + 1) * 0x1.3de6af278ece6p-42 + c, lo);
}

/* spv2c section: log2 (needs: math_exp.log) */
SPV2C_INLINE double spv2c__log2_dd(double x, double *lo)
{
    double h, l, p, pe, a, ae, r;
    int e;
    *lo = 0;
    if (spv2c__log_special(x, &r))
        return r;
    h = spv2c__log_core(x, 0, &e, &l);
    p = spv2c__dd_mul(h, 0x1.71547652b82fep+0, &pe);
    pe += h * 0x1.777d0ffda0d24p-56 + l * 0x1.71547652b82fep+0;
    a = spv2c__dd_sum((double)e, p, &ae);
    return spv2c__dd_fast(a, ae + pe, lo);
}
SPV2C__FORMS(log2)

/* spv2c section: log10 (needs: math_exp.log) */
SPV2C_INLINE double spv2c__log10_dd(double x, double *lo)
{
    double h, l, p, pe, a, ae, b, be, r;
    int e;
    *lo = 0;
    if (spv2c__log_special(x, &r))
        return r;
    h = spv2c__log_core(x, 0, &e, &l);
    p = spv2c__dd_mul(h, 0x1.bcb7b1526e50ep-2, &pe);
    pe += h * 0x1.95355baaafad3p-57 + l * 0x1.bcb7b1526e50ep-2;
    b = spv2c__dd_mul((double)e, 0x1.34413509f79ffp-2, &be);
    be += (double)e * -0x1.9dc1da994fd21p-59;
    a = spv2c__dd_sum(b, p, &ae);
    return spv2c__dd_fast(a, ae + be + pe, lo);
}
SPV2C__FORMS(log10)

/* spv2c section: log1p (needs: math_exp.log) */
/* log(1 + t + tl) as hi + *lo, t + tl > -1 finite, |tl| <= 2^-50 |t| */
SPV2C_INLINE double spv2c__log1p_core(double t, double tl, double *lo)
{
    double s, st, h, l, a, ae;
    int e;
    s = spv2c__dd_sum(1, t, &st);
    h = spv2c__log_core(s, st + tl, &e, &l);
    a = spv2c__dd_sum((double)e * 0x1.62e42fefa3p-1, h, &ae);
    return spv2c__dd_fast(a, ae + l + (double)e * 0x1.3de6af278ece6p-42, lo);
}

SPV2C_INLINE double spv2c__log1p_dd(double x, double *lo)
{
    *lo = 0;
    if (x == 0 || x != x || x == spv2c__inf())
        return x;
    if (!(x > -1))
        return x == -1 ? -spv2c__inf() : spv2c__nan();
    return spv2c__log1p_core(x, 0, lo);
}
SPV2C__FORMS(log1p)

/* spv2c section: powcore (needs: math_exp.log, math_exp.exp) */
/* |x|^y for finite x != 0, 1, finite y != 0: log|x| in double-double,
   times y in double-double, then e^ */
SPV2C_INLINE double spv2c__powcore(double x, double y, double *lo)
{
    double h, l, a, ae, p, pe;
    int e;
    h = spv2c__log_core(x < 0 ? -x : x, 0, &e, &l);
    a = spv2c__dd_sum((double)e * 0x1.62e42fefa3p-1, h, &ae);
    a = spv2c__dd_fast(a, ae + l + (double)e * 0x1.3de6af278ece6p-42, &ae);
    if (!(y > -0x1p900 && y < 0x1p900))
        return spv2c__exp_core(a * y, 0, lo);
    p = spv2c__dd_mul(a, y, &pe);
    return spv2c__exp_core(p, pe + ae * y, lo);
}

/* |x|^y when y is an integer in [2, 53] and the result is a double:
   |x| = m 2^e with m odd and m^y < 2^53; 0 otherwise. Such an exact result
   can be a float midpoint (4097^2 = 2^24 + 2^13 + 1), which must round to
   even: the core's error term would pick a side instead. */
SPV2C_INLINE double spv2c__pow_exact(double ax, double y)
{
    uint64_t b = spv2c_f64_bits(ax);
    double m, p = 1;
    int e, n, k;
    if (!(y >= 2 && y <= 53) || y != floor(y) || b >> 52 == 0 || b >> 52 >= 0x7ff)
        return 0;
    n = (int)y;
    e = (int)(b >> 52) - 1075;
    b = (b & 0x000fffffffffffffu) | 0x0010000000000000u;
    while (!(b & 1u)) {
        b >>= 1;
        e++;
    }
    m = (double)b;
    for (k = 0; k < n; k++)
        if ((p *= m) >= 0x1p53)
            return 0;
    return n * e >= -1022 && n * e <= 960 ? p * spv2c__pow2(n * e) : 0;
}

/* the same for y = n / 2^j (j <= 6) when |x| is an exact 2^j-th power:
   x^(3/2) = (sqrt x)^3 is a float midpoint for x = 257^2 */
SPV2C_INLINE double spv2c__pow_exact_dyadic(double ax, double y)
{
    double s, e;
    int j;
    for (j = 0; j < 6 && y != floor(y) && y > 0 && y < 27 && ax > 0x1p-900; j++) {
        s = sqrt(ax);
        if (spv2c__dd_mul(s, s, &e) != ax || e != 0)
            return 0;
        ax = s;
        y *= 2;
    }
    return spv2c__pow_exact(ax, y);
}

/* 1 for an odd integer, 2 for an even one, 0 otherwise (inf, NaN) */
SPV2C_INLINE int spv2c__int_kind(double y)
{
    double h = y * 0.5;
    if (y != floor(y) || y - y != 0)
        return 0;
    return h == floor(h) ? 2 : 1;
}

/* spv2c section: pow (needs: math_exp.powcore) */
/* C99 F.9.4.4 and OpenCL's pow edge cases */
SPV2C_INLINE double spv2c__pow_dd(double x, double y, double *lo)
{
    double ax = x < 0 ? -x : x, r;
    int yk = spv2c__int_kind(y);
    *lo = 0;
    if (y == 0 || x == 1)
        return 1;
    if (x != x || y != y)
        return x + y;
    if (x == 0)
        return y < 0 ? (yk == 1 ? 1 / x : spv2c__inf()) : (yk == 1 ? x : 0);
    if (y - y != 0)
        return ax == 1 ? 1 : (ax < 1) == (y < 0) ? spv2c__inf() : 0;
    if (ax - ax != 0)
        return y < 0 ? (yk == 1 && x < 0 ? -0.0 : 0) : (yk == 1 && x < 0 ? x : spv2c__inf());
    if (x < 0 && !yk)
        return spv2c__nan();
    if ((r = spv2c__pow_exact_dyadic(ax, y)) != 0)
        return x < 0 && yk == 1 ? -r : r;
    r = spv2c__powcore(x, y, lo);
    if (x < 0 && yk == 1) {
        *lo = -*lo;
        return -r;
    }
    return r;
}
SPV2C_INLINE double spv2c_pow_f64(double x, double y)
{ double l; return spv2c__res_f64(spv2c__pow_dd(x, y, &l), x, y); }
SPV2C_INLINE double spv2c__pow_odd(double x, double y)
{ double l, h = spv2c__pow_dd(x, y, &l); return spv2c__res_f64(spv2c__odd(h, l), x, y); }
SPV2C_INLINE float spv2c_pow_f32(float x, float y)
{ return spv2c__res_f32(spv2c__pow_odd(x, y), x, y); }

/* spv2c section: pown (needs: math_exp.pow) */
/* pow with an integer exponent: the same edge cases (OpenCL pown) */
SPV2C_INLINE double spv2c_pown_f64(double x, uint32_t n)
{ double l; return spv2c__res_f64(spv2c__pow_dd(x, (double)(int32_t)spv2c_sext(n, 32), &l), x, 0); }
SPV2C_INLINE double spv2c__pown_odd(double x, uint32_t n)
{ return spv2c__pow_odd(x, (double)(int32_t)spv2c_sext(n, 32)); }
SPV2C_INLINE float spv2c_pown_f32(float x, uint32_t n)
{ return spv2c__res_f32(spv2c__pown_odd(x, n), x, 0); }

/* spv2c section: powr (needs: math_exp.powcore) */
/* OpenCL powr: e^(y log x), x >= 0, with its own edge cases */
SPV2C_INLINE double spv2c__powr_dd(double x, double y, double *lo)
{
    double r;
    *lo = 0;
    if (x != x || y != y)
        return x + y;
    if (x < 0)
        return spv2c__nan();
    if (x == 0)
        return y == 0 ? spv2c__nan() : y < 0 ? spv2c__inf() : 0;
    if (x - x != 0)
        return y == 0 ? spv2c__nan() : y < 0 ? 0 : x;
    if (x == 1)
        return y - y != 0 ? spv2c__nan() : 1;
    if (y == 0)
        return 1;
    if (y - y != 0)
        return (x < 1) == (y < 0) ? spv2c__inf() : 0;
    if ((r = spv2c__pow_exact_dyadic(x, y)) != 0)
        return r;
    return spv2c__powcore(x, y, lo);
}
SPV2C_INLINE double spv2c_powr_f64(double x, double y)
{ double l; return spv2c__res_f64(spv2c__powr_dd(x, y, &l), x, y); }
SPV2C_INLINE double spv2c__powr_odd(double x, double y)
{ double l, h = spv2c__powr_dd(x, y, &l); return spv2c__res_f64(spv2c__odd(h, l), x, y); }
SPV2C_INLINE float spv2c_powr_f32(float x, float y)
{ return spv2c__res_f32(spv2c__powr_odd(x, y), x, y); }

/* spv2c section: rootn (needs: math_exp.powcore) */
/* OpenCL rootn: x^(1/n); log|x| / n in double-double, then e^ */
SPV2C_INLINE double spv2c__rootn_dd(double x, uint32_t un, double *lo)
{
    int32_t n = (int32_t)spv2c_sext(un, 32);
    int odd = (n & 1) != 0;
    double ax = x < 0 ? -x : x, h, l, a, ae, q, qe, p, pe, r;
    int e;
    *lo = 0;
    if (n == 0 || x != x || (x < 0 && !odd))
        return x != x ? x : spv2c__nan();
    if (x == 0)
        return n < 0 ? (odd ? 1 / x : spv2c__inf()) : (odd ? x : 0);
    if (ax - ax != 0)
        return n < 0 ? (x < 0 ? -0.0 : 0) : x;
    h = spv2c__log_core(ax, 0, &e, &l);
    a = spv2c__dd_sum((double)e * 0x1.62e42fefa3p-1, h, &ae);
    a = spv2c__dd_fast(a, ae + l + (double)e * 0x1.3de6af278ece6p-42, &ae);
    q = a / n;
    p = spv2c__dd_mul(q, (double)n, &pe);
    qe = ((a - p) - pe + ae) / n;
    q = spv2c__dd_fast(q, qe, &qe);
    r = spv2c__exp_core(q, qe, lo);
    if (x < 0) {
        *lo = -*lo;
        return -r;
    }
    return r;
}
SPV2C_INLINE double spv2c_rootn_f64(double x, uint32_t n)
{ double l; return spv2c__res_f64(spv2c__rootn_dd(x, n, &l), x, 0); }
SPV2C_INLINE double spv2c__rootn_odd(double x, uint32_t n)
{ double l, h = spv2c__rootn_dd(x, n, &l); return spv2c__res_f64(spv2c__odd(h, l), x, 0); }
SPV2C_INLINE float spv2c_rootn_f32(float x, uint32_t n)
{ return spv2c__res_f32(spv2c__rootn_odd(x, n), x, 0); }

/* spv2c section: cbrt (needs: math_exp.log, math_exp.exp) */
/* |x| = 2^(3k) f, f in [1, 8): 2^k e^(log f / 3); always a normal result */
SPV2C_INLINE double spv2c__cbrt_dd(double x, double *lo)
{
    double ax = x < 0 ? -x : x, f, h, l, a, ae, q, p, pe, qe, r, s;
    int e, k, eb;
    uint64_t b;
    *lo = 0;
    if (x == 0 || x - x != 0)
        return x + x;
    if (ax < 0x1p-1000)
        ax *= 0x1p300, eb = -300;
    else
        eb = 0;
    b = spv2c_f64_bits(ax);
    e = (int)(b >> 52) - 1023 + eb;
    k = (e + 3000) / 3 - 1000;
    f = spv2c_bits_f64((b & 0x000fffffffffffffu) | ((uint64_t)(e - 3 * k + 1023) << 52));
    h = spv2c__log_core(f, 0, &e, &l);
    a = spv2c__dd_sum((double)e * 0x1.62e42fefa3p-1, h, &ae);
    a = spv2c__dd_fast(a, ae + l + (double)e * 0x1.3de6af278ece6p-42, &ae);
    q = a / 3;
    p = spv2c__dd_mul(q, 3, &pe);
    qe = ((a - p) - pe + ae) / 3;
    q = spv2c__dd_fast(q, qe, &qe);
    r = spv2c__exp_core(q, qe, lo);
    s = spv2c__pow2(k);
    *lo *= x < 0 ? -s : s;
    return x < 0 ? -r * s : r * s;
}
SPV2C__FORMS(cbrt)

/* spv2c section: rsqrt32 (needs: ) */
/* sqrt(x) that the compiler may treat as a pure function, so that a
   work-item loop calling it vectorises at plain -O2 (sqrtpd, vsqrtpd).
   C's sqrt may set errno (EDOM, x < 0): gcc 12 then keeps a call to the C
   library on that path and neither gcc nor clang 15 vectorises the loop,
   whatever guards the argument (fabs, a test, __builtin_sqrt: gcc 12 has
   no ranges of floating-point values). Declared __attribute__((const)),
   the same sqrt is the instruction. Only errno is lost, which generated
   code never reads; the result is sqrt's, correctly rounded either way.
   Other compilers, and freestanding builds (sqrt is a macro there), call
   sqrt as it is. */
#if defined(__GNUC__) && !defined(SPV2C_FREESTANDING)
SPV2C_INLINE double spv2c__sqrt_pure(double x)
{ extern double sqrt(double) __attribute__((__const__)); return sqrt(x); }
#else
SPV2C_INLINE double spv2c__sqrt_pure(double x) { return sqrt(x); }
#endif

/* float: 1 / sqrt(x) in double (two roundings) rounded to float. Correctly
   rounded: checked on all 2^32 inputs against an exact integer oracle
   (scripts/rsqrt-sweep, docs/math.md), which the error bound alone cannot
   show (the double result is within 2^-52 relative of 1/sqrt x, and a
   float's midpoint could in principle lie that close). 1/sqrt(+-0) = +-inf,
   1/sqrt(inf) = 0; a negative x gives the canonical NaN, a NaN x itself
   quieted (the NaN policy). Branch-free, and the sqrt a pure one, so that
   gcc and clang vectorise a work-item loop of these at plain -O2. */
SPV2C_INLINE float spv2c__rsqrt_f32(float x)
{
    uint32_t b = spv2c_f32_bits(x);
    uint32_t r = spv2c_f32_bits((float)(1 / spv2c__sqrt_pure((double)x)));
    uint32_t neg = 0 - (uint32_t)(b - 0x80000001u <= 0x7f7fffffu);  /* -0 < x <= -inf */
    uint32_t nan = 0 - (uint32_t)((b & 0x7fffffffu) > 0x7f800000u);
    r = (r & ~(neg | nan)) | (0x7fc00000u & neg) | ((b | 0x400000u) & nan);
    return spv2c_bits_f32(r);
}

/* spv2c section: rsqrt (needs: math_exp.dd, math_exp.rsqrt32) */
/* s = sqrt(x) rounded, its error (x - s^2) / 2s, then 1 / (s + sl) in
   double-double; x scaled by 2^+-108 at the ends of the range */
SPV2C_INLINE double spv2c__rsqrt_dd(double x, double *lo)
{
    double s, sl, p, pe, q, r, re, k = 1;
    *lo = 0;
    if (x == 0)
        return 1 / x;
    if (!(x > 0) || x - x != 0)
        return x != x ? x : x > 0 ? 0 : spv2c__nan();
    if (x < 0x1p-900)
        x *= 0x1p108, k = 0x1p54;
    else if (x > 0x1p900)
        x *= 0x1p-108, k = 0x1p-54;
    s = sqrt(x);
    p = spv2c__dd_mul(s, s, &pe);
    sl = ((x - p) - pe) / (2 * s);
    q = 1 / s;
    r = spv2c__dd_mul(q, s, &re);
    r = ((1 - r) - re - q * sl) * q;
    q = spv2c__dd_fast(q, r, lo);
    *lo *= k;
    return q * k;
}
SPV2C__FORMS2(rsqrt)
SPV2C_INLINE float spv2c_rsqrt_f32(float x) { return spv2c__rsqrt_f32(x); }

/* spv2c section: hypot (needs: math_exp.dd) */
/* scaled so the larger is near 1; a^2 + b^2 exactly in double-double, its
   square root with one correction step */
SPV2C_INLINE double spv2c__hypot_dd(double x, double y, double *lo)
{
    double a = fabs(x), b = fabs(y), t, k = 1, s, se, p, pe, q, qe, h, l;
    *lo = 0;
    if (a == spv2c__inf() || b == spv2c__inf())
        return spv2c__inf();
    if (a != a || b != b)
        return x + y;
    if (a < b)
        t = a, a = b, b = t;
    if (b == 0)
        return a;
    if (a > 0x1p500)
        a *= 0x1p-600, b *= 0x1p-600, k = 0x1p600;
    else if (a < 0x1p-500)
        a *= 0x1p600, b *= 0x1p600, k = 0x1p-600;
    if (b < a * 0x1p-60) {
        *lo = b * (b / a) * 0.5 * k;
        return a * k;
    }
    p = spv2c__dd_mul(a, a, &pe);
    q = spv2c__dd_mul(b, b, &qe);
    s = spv2c__dd_sum(p, q, &se);
    se += pe + qe;
    s = spv2c__dd_fast(s, se, &se);
    h = sqrt(s);
    p = spv2c__dd_mul(h, h, &pe);
    l = ((s - p) - pe + se) / (2 * h);
    h = spv2c__dd_fast(h, l, lo);
    *lo *= k;
    return h * k;
}
SPV2C_INLINE double spv2c_hypot_f64(double x, double y)
{ double l; return spv2c__res_f64(spv2c__hypot_dd(x, y, &l), x, y); }
SPV2C_INLINE double spv2c__hypot_odd(double x, double y)
{ double l, h = spv2c__hypot_dd(x, y, &l); return spv2c__res_f64(spv2c__odd(h, l), x, y); }
SPV2C_INLINE float spv2c_hypot_f32(float x, float y)
{ return spv2c__res_f32(spv2c__hypot_odd(x, y), x, y); }

/* spv2c section: sinh (needs: math_exp.exp) */
/* 1 / (h + l) in double-double */
SPV2C_INLINE double spv2c__dd_recip(double h, double l, double *lo)
{ double q = 1 / h, p, pe;
  p = spv2c__dd_mul(q, h, &pe); *lo = ((1 - p) - pe - q * l) * q; return q; }

/* e^|x| / 2 for |x| > 40 (e^-|x| is below 2^-110 of it): e^(|x| - ln2) */
SPV2C_INLINE double spv2c__exp_half(double a, double *lo)
{ return spv2c__exp_core(a - 0x1.62e42fefa3p-1, -0x1.3de6af278ece6p-42, lo); }

/* |x| < 1/16: Taylor to x^11 (x^3/6 relative error under 2^-63);
   otherwise (e^|x| - e^-|x|) / 2 in double-double */
SPV2C_INLINE double spv2c__sinh_dd(double x, double *lo)
{
    double a = x < 0 ? -x : x, h, l, q, ql, s, se, x2;
    *lo = 0;
    if (x == 0 || x != x || a == spv2c__inf())
        return x + x == x ? x : x + x;
    if (a < 0.0625) {
        x2 = x * x;
        q = x * x2 * (1.0 / 6 + x2 * (1.0 / 120 + x2 * (1.0 / 5040 + x2 * (1.0 / 362880
            + x2 * (1.0 / 39916800)))));
        return spv2c__dd_fast(x, q, lo);
    }
    if (a > 40)
        h = spv2c__exp_half(a, &l);
    else {
        h = spv2c__exp_core(a, 0, &l);
        q = spv2c__dd_recip(h, l, &ql);
        s = spv2c__dd_sum(h, -q, &se);
        h = spv2c__dd_fast(s, se + l - ql, &l) * 0.5;
        l *= 0.5;
    }
    *lo = x < 0 ? -l : l;
    return x < 0 ? -h : h;
}
SPV2C__FORMS(sinh)

/* spv2c section: cosh (needs: math_exp.sinh) */
SPV2C_INLINE double spv2c__cosh_dd(double x, double *lo)
{
    double a = x < 0 ? -x : x, h, l, q, ql, s, se;
    *lo = 0;
    if (x != x || a == spv2c__inf())
        return x * x;
    if (a > 40)
        return spv2c__exp_half(a, lo);
    h = spv2c__exp_core(a, 0, &l);
    q = spv2c__dd_recip(h, l, &ql);
    s = spv2c__dd_fast(h, q, &se);
    h = spv2c__dd_fast(s, se + l + ql, &l);
    *lo = l * 0.5;
    return h * 0.5;
}
SPV2C__FORMS(cosh)

/* spv2c section: tanh (needs: math_exp.expm1) */
/* m / (m + 2), m = e^(2|x|) - 1 in double-double; +-1 beyond 22 */
SPV2C_INLINE double spv2c__tanh_dd(double x, double *lo)
{
    double a = x < 0 ? -x : x, m, ml, d, dl, q, p, pe, ql;
    *lo = 0;
    if (x == 0 || x != x)
        return x + x == x ? x : x + x;
    if (a > 22) {
        *lo = x < 0 ? 0x1p-64 : -0x1p-64;
        return x < 0 ? -1 : 1;
    }
    m = spv2c__expm1_dd(2 * a, &ml);
    d = spv2c__dd_sum(m, 2, &dl);
    dl += ml;
    q = m / d;
    p = spv2c__dd_mul(q, d, &pe);
    ql = ((m - p) - pe + ml - q * dl) / d;
    q = spv2c__dd_fast(q, ql, &ql);
    *lo = x < 0 ? -ql : ql;
    return x < 0 ? -q : q;
}
SPV2C__FORMS(tanh)

/* spv2c section: asinh (needs: math_exp.log1p) */
/* log1p(|x| + (sqrt(1 + x^2) - 1)), everything in double-double */
SPV2C_INLINE double spv2c__asinh_dd(double x, double *lo)
{
    double a = x < 0 ? -x : x, p, pe, s, se, r, rl, w, wl, h, l;
    *lo = 0;
    if (x == 0 || x != x || a == spv2c__inf())
        return x + x == x ? x : x + x;
    if (a > 0x1p28)
        h = spv2c__log2x_core(a, 0.25 / a / a, &l);
    else {
        p = spv2c__dd_mul(a, a, &pe);
        s = spv2c__dd_sum(p, 1, &se);
        se += pe;
        r = sqrt(s);
        p = spv2c__dd_mul(r, r, &pe);
        rl = ((s - p) - pe + se) / (2 * r);
        w = spv2c__dd_sum(r, -1, &wl);
        wl += rl;
        w = spv2c__dd_sum(a, w, &p);
        wl += p;
        w = spv2c__dd_fast(w, wl, &wl);
        h = spv2c__log1p_core(w, wl, &l);
    }
    *lo = x < 0 ? -l : l;
    return x < 0 ? -h : h;
}
SPV2C__FORMS(asinh)

/* spv2c section: acosh (needs: math_exp.log1p) */
/* log1p(t + sqrt(2t + t^2)), t = x - 1, in double-double */
SPV2C_INLINE double spv2c__acosh_dd(double x, double *lo)
{
    double t, tl, p, pe, q, ql, r, rl, w, wl;
    *lo = 0;
    if (!(x >= 1))
        return x != x ? x : spv2c__nan();
    if (x == 1)
        return 0;
    if (x == spv2c__inf())
        return x;
    if (x > 0x1p28)
        return spv2c__log2x_core(x, -0.25 / x / x, lo);
    t = spv2c__dd_sum(x, -1, &tl);
    p = spv2c__dd_mul(t, t, &pe);
    pe += 2 * t * tl;
    q = spv2c__dd_sum(2 * t, p, &ql);
    ql += pe + 2 * tl;
    q = spv2c__dd_fast(q, ql, &ql);
    r = sqrt(q);
    p = spv2c__dd_mul(r, r, &pe);
    rl = ((q - p) - pe + ql) / (2 * r);
    w = spv2c__dd_sum(t, r, &wl);
    wl += tl + rl;
    w = spv2c__dd_fast(w, wl, &wl);
    return spv2c__log1p_core(w, wl, lo);
}
SPV2C__FORMS(acosh)

/* spv2c section: atanh (needs: math_exp.log1p) */
/* log1p(2|x| / (1 - |x|)) / 2, the quotient in double-double */
SPV2C_INLINE double spv2c__atanh_dd(double x, double *lo)
{
    double a = x < 0 ? -x : x, d, dl, q, ql, p, pe, h, l;
    *lo = 0;
    if (x == 0 || x != x)
        return x + x == x ? x : x + x;
    if (!(a < 1))
        return a == 1 ? (x < 0 ? -spv2c__inf() : spv2c__inf()) : spv2c__nan();
    d = spv2c__dd_sum(1, -a, &dl);
    q = 2 * a / d;
    p = spv2c__dd_mul(q, d, &pe);
    ql = ((2 * a - p) - pe - q * dl) / d;
    q = spv2c__dd_fast(q, ql, &ql);
    h = spv2c__log1p_core(q, ql, &l) * 0.5;
    l *= 0.5;
    *lo = x < 0 ? -l : l;
    return x < 0 ? -h : h;
}
SPV2C__FORMS(atanh)

/* spv2c section: fast (needs: math_exp.dd, math_exp.rsqrt32) */
/* native_* and half_* (float): short polynomials evaluated in double, one
   rounding to float; no table, no branch (special operands fall out of the
   arithmetic or are selected at the end; every comparison is evaluated, so
   gcc can if-convert and vectorise a loop over lanes). Measured bounds in
   docs/math.md. */
/* 2^t for t in double: t clamped to +-160 (float's range is inside),
   k = nearest integer from the 1.5 * 2^52 trick, 2^f (|f| <= 1/2) by
   Taylor to f^8 (relative error under 2^-30) */
SPV2C_INLINE double spv2c__fexp2(double t)
{
    double kd, f, p;
    uint64_t k, b = spv2c_f64_bits(t), a = b & 0x7fffffffffffffffu;
    /* |t| > 160 (inf too, not NaN) becomes +-160, by the bits: integer
       selects, which gcc if-converts and vectorises */
    b = a > 0x4064000000000000u && a <= 0x7ff0000000000000u
        ? (b & 0x8000000000000000u) | 0x4064000000000000u : b;
    t = spv2c_bits_f64(b);
    kd = t + 0x1.8p52;
    k = spv2c_f64_bits(kd) - 0x4338000000000000u;
    f = t - (kd - 0x1.8p52);
    p = 1 + f * (0x1.62e42fefa39efp-1 + f * (0x1.ebfbdff82c58ep-3 + f * (0x1.c6b08d704a0bfp-5
        + f * (0x1.3b2ab6fba4e77p-7 + f * (0x1.5d87fe78a6730p-10 + f * (0x1.430912f86c786p-13
        + f * (0x1.ffcbfc588b0c5p-17 + f * 0x1.62c0223a5c822p-20)))))));
    return p * spv2c_bits_f64((k + 1023u) << 52);
}
/* log2 x for x > 0 finite (a float widened): x = 2^e m, m in [sqrt 1/2,
   sqrt 2), log2 m = (2/ln2) atanh s, s = (m-1)/(m+1), |s| < 0.1716, odd
   Taylor to s^11 (relative error under 2^-31); 0, negatives, inf, NaN
   give -inf, NaN, inf, NaN */
SPV2C_INLINE double spv2c__flog2(double x)
{
    uint64_t b = spv2c_f64_bits(x), d = b - 0x3fe6a09e667f3bcdu;
    int64_t e = (int64_t)(d >> 52 & 0xfff) - (int64_t)((d >> 52 & 0x800) << 1);
    double m = spv2c_bits_f64(b - ((uint64_t)e << 52)), s = (m - 1) / (m + 1), s2 = s * s, r;
    uint64_t a = b & 0x7fffffffffffffffu;
    r = (double)e + s * (0x1.71547652b82fep+1 + s2 * (0x1.ec709dc3a03fdp-1
        + s2 * (0x1.2776c50ef9bfep-1 + s2 * (0x1.a61762a7aded9p-2 + s2 * (0x1.484b13d7c02a9p-2
        + s2 * 0x1.0c9a84994022dp-2)))));
    /* positive finite, zero, NaN or +inf, the rest (negative) */
    return spv2c__blend(b - 1 < 0x7fefffffffffffffu, r, a == 0 ? -spv2c__inf()
                        : a > 0x7ff0000000000000u || b == 0x7ff0000000000000u ? x : spv2c__nan());
}
SPV2C_INLINE float spv2c_native_exp2_f32(float x) { return spv2c__res_f32(spv2c__fexp2(x), x, 0); }
SPV2C_INLINE float spv2c_native_exp_f32(float x)
{ return spv2c__res_f32(spv2c__fexp2(x * 0x1.71547652b82fep+0), x, 0); }
SPV2C_INLINE float spv2c_native_exp10_f32(float x)
{ return spv2c__res_f32(spv2c__fexp2(x * 0x1.a934f0979a371p+1), x, 0); }
SPV2C_INLINE float spv2c_native_log2_f32(float x) { return spv2c__res_f32(spv2c__flog2(x), x, 0); }
SPV2C_INLINE float spv2c_native_log_f32(float x)
{ return spv2c__res_f32(spv2c__flog2(x) * 0x1.62e42fefa39efp-1, x, 0); }
SPV2C_INLINE float spv2c_native_log10_f32(float x)
{ return spv2c__res_f32(spv2c__flog2(x) * 0x1.34413509f79ffp-2, x, 0); }
/* e^(y log x): powr's edge cases fall out (0 * inf is NaN, 2^-inf is 0);
   a NaN made from non-NaN operands is the canonical one (docs/testing.md) */
SPV2C_INLINE float spv2c_native_powr_f32(float x, float y)
{
    double r = spv2c__fexp2((double)y * spv2c__flog2(x));
    uint64_t rb = spv2c_f64_bits(r) & 0x7fffffffffffffffu;
    uint32_t xb = spv2c_f32_bits(x) & 0x7fffffffu, yb = spv2c_f32_bits(y) & 0x7fffffffu;
    int made = rb > 0x7ff0000000000000u && xb <= 0x7f800000u && yb <= 0x7f800000u;
    return spv2c__res_f32(spv2c__blend(made, spv2c__nan(), r), x, y);
}
SPV2C_INLINE float spv2c_native_sqrt_f32(float x) { return sqrtf(x); }
SPV2C_INLINE float spv2c_native_rsqrt_f32(float x) { return spv2c__rsqrt_f32(x); }
SPV2C_INLINE float spv2c_native_recip_f32(float x) { return 1 / x; }
SPV2C_INLINE float spv2c_native_divide_f32(float x, float y) { return x / y; }
