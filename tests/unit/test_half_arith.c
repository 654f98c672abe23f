/*
 * runtime/half.h's half arithmetic (cl_khr_fp16: OpFAdd, OpFSub, OpFMul,
 * OpFDiv, OpFNegate, OpFRem, OpFMod and sqrt, each correctly rounded to
 * half, round to nearest even) against an exact oracle in integers that
 * shares nothing with the runtime: a half is m * 2^e with integer m and
 * e >= -24; a sum is exact in int64 at the quantum 2^-24, a product
 * exact in 22 bits, a quotient and a square root carry 40 more bits and a
 * sticky bit; the one rounding to half is done on those integers.
 *
 * The unary functions run on all 65,536 halves; the binary ones on every
 * half a against a set of b (every special value, every exponent with
 * eight significands, 256 significands of one binade, and a stride
 * through all halves: 730 values), about 2^25.5 pairs each. The long sweep over
 * all 2^32 pairs is scripts/long-half-arith (it runs this program with
 * --all).
 */
#include "unit.h"
#include <string.h>

/* ---- the exact oracle ---- */

typedef struct { int sign, cls; uint64_t m; int e; } Half;   /* cls 0 finite, 1 inf, 2 NaN */

static Half decode(uint16_t h)
{
    Half r;
    int ex = h >> 10 & 31, mant = h & 1023;
    r.sign = h >> 15;
    r.cls = ex == 31 ? (mant ? 2 : 1) : 0;
    r.m = ex ? (uint64_t)(1024 + mant) : (uint64_t)mant;
    r.e = ex ? ex - 25 : -24;
    return r;
}

static int bits_of(uint64_t x)
{
    int n = 0;
    while (x) { n++; x >>= 1; }
    return n;
}

/* (m + sticky * tiny) * 2^e rounded to nearest even as half bits */
static uint16_t round_half(int sign, uint64_t m, int e, int sticky)
{
    uint16_t s = (uint16_t)(sign ? 0x8000u : 0u);
    int q, nb = bits_of(m);
    uint64_t keep;
    if (!m)
        return s;
    q = e + nb - 11;
    if (q < -24)
        q = -24;
    if (q <= e) {
        keep = m << (e - q);
    } else {
        int sh = q - e;
        uint64_t rem, half;
        if (sh > 62) {
            keep = 0; rem = 1; half = 2;       /* far below half an ulp */
        } else {
            keep = m >> sh;
            rem = m & ((UINT64_C(1) << sh) - 1);
            half = UINT64_C(1) << (sh - 1);
        }
        if (rem > half || (rem == half && (sticky || (keep & 1))))
            keep++;
        if (keep == 2048) { keep = 1024; q++; }
    }
    if (keep >= 1024) {
        if (q + 25 >= 31)
            return (uint16_t)(s | 0x7c00u);
        return (uint16_t)(s | (uint16_t)((q + 25) << 10) | (uint16_t)(keep - 1024));
    }
    return (uint16_t)(s | (uint16_t)keep);
}

static const uint16_t QNAN = 0x7e00u;

/* a + b exactly, at the smaller exponent (spans at most 2^51) */
static uint16_t ref_add(uint16_t a, uint16_t b)
{
    Half x = decode(a), y = decode(b);
    int e;
    int64_t sx, sy, t;
    if (x.cls == 2 || y.cls == 2)
        return QNAN;
    if (x.cls == 1 || y.cls == 1) {
        if (x.cls == 1 && y.cls == 1 && x.sign != y.sign)
            return QNAN;
        return (uint16_t)((x.cls == 1 ? x.sign : y.sign) ? 0xfc00u : 0x7c00u);
    }
    e = x.e < y.e ? x.e : y.e;
    sx = (int64_t)(x.m << (x.e - e));
    sy = (int64_t)(y.m << (y.e - e));
    t = (x.sign ? -sx : sx) + (y.sign ? -sy : sy);
    if (t == 0)   /* exact zero: -0 only from -0 + -0 */
        return (uint16_t)(x.sign && y.sign && !x.m && !y.m ? 0x8000u : 0u);
    return round_half(t < 0, (uint64_t)(t < 0 ? -t : t), e, 0);
}

static uint16_t ref_mul(uint16_t a, uint16_t b)
{
    Half x = decode(a), y = decode(b);
    int s = x.sign ^ y.sign;
    if (x.cls == 2 || y.cls == 2)
        return QNAN;
    if (x.cls == 1 || y.cls == 1) {
        if ((x.cls == 0 && !x.m) || (y.cls == 0 && !y.m))
            return QNAN;
        return (uint16_t)(s ? 0xfc00u : 0x7c00u);
    }
    return round_half(s, x.m * y.m, x.e + y.e, 0);
}

static uint16_t ref_div(uint16_t a, uint16_t b)
{
    Half x = decode(a), y = decode(b);
    int s = x.sign ^ y.sign;
    uint16_t sb = (uint16_t)(s ? 0x8000u : 0u);
    if (x.cls == 2 || y.cls == 2 || (x.cls == 1 && y.cls == 1) || (!x.cls && !x.m && !y.cls && !y.m))
        return QNAN;
    if (x.cls == 1 || (!y.cls && !y.m))
        return (uint16_t)(sb | 0x7c00u);
    if (y.cls == 1 || !x.m)
        return sb;
    return round_half(s, (x.m << 40) / y.m, x.e - y.e - 40, (x.m << 40) % y.m != 0);
}

/* C's fmod: exact, the sign of a; with_b: OpFMod, the sign of b */
static uint16_t ref_rem(uint16_t a, uint16_t b, int with_b)
{
    Half x = decode(a), y = decode(b);
    int e;
    uint64_t r;
    uint16_t rb;
    if (x.cls || y.cls == 2 || !y.m)
        return QNAN;
    if (y.cls == 1 || !x.m) {
        rb = a;
    } else {
        e = x.e < y.e ? x.e : y.e;
        r = (x.m << (x.e - e)) % (y.m << (y.e - e));
        rb = r ? round_half(x.sign, r, e, 0) : (uint16_t)(x.sign ? 0x8000u : 0u);
    }
    /* OpFMod: a nonzero remainder of the other sign than b, plus b */
    if (with_b && (rb & 0x7fffu) && (rb ^ b) & 0x8000u)
        return ref_add(rb, b);
    return rb;
}

static uint64_t isqrt(uint64_t v)
{
    uint64_t r = 0, bit = UINT64_C(1) << 62;
    while (bit > v) bit >>= 2;
    while (bit) {
        if (v >= r + bit) { v -= r + bit; r = (r >> 1) + bit; }
        else r >>= 1;
        bit >>= 2;
    }
    return r;
}

static uint16_t ref_sqrt(uint16_t a)
{
    Half x = decode(a);
    uint64_t v, r;
    int e;
    if (x.cls == 2 || (x.sign && x.m))
        return QNAN;
    if (x.cls == 1 || !x.m)
        return a;
    v = x.m << 40;
    e = x.e - 40;
    if (e & 1) { v <<= 1; e--; }
    r = isqrt(v);
    return round_half(0, r, e / 2, r * r != v);
}

/* ---- the checks ---- */

static int is_nan(uint16_t h) { return (h & 0x7fffu) > 0x7c00u; }

static int same(uint16_t got, uint16_t want)
{
    return is_nan(want) ? is_nan(got) : got == want;
}

/* the b of the binary sweeps: specials, each exponent with a few
   significands, one whole binade, and a stride through all halves */
static int b_set(uint16_t *b)
{
    static const uint16_t sp[] = { 0x0000, 0x0001, 0x0002, 0x03ff, 0x0400, 0x3c00, 0x3c01,
                                   0x3bff, 0x4000, 0x3800, 0x7bff, 0x7c00, 0x7e00, 0x7c01 };
    int n = 0, k, e;
    for (k = 0; k < (int)(sizeof sp / sizeof sp[0]); k++) {
        b[n++] = sp[k];
        b[n++] = (uint16_t)(sp[k] | 0x8000u);
    }
    for (e = 0; e < 31; e++)
        for (k = 0; k < 8; k++)
            b[n++] = (uint16_t)((k & 1 ? 0x8000u : 0) | (unsigned)e << 10 | (k * 0x93u & 0x3ffu));
    for (k = 0; k < 1024; k += 4)
        b[n++] = (uint16_t)(0x4400u | (unsigned)k | (unsigned)(k >> 2 & 3));
    for (k = 0; k < 65536; k += 331)
        b[n++] = (uint16_t)k;
    return n;
}

typedef uint16_t (*bin_fn)(uint16_t, uint16_t);
typedef uint16_t (*bin_ref)(uint16_t, uint16_t);

static uint16_t ref_sub(uint16_t a, uint16_t b) { return ref_add(a, (uint16_t)(b ^ 0x8000u)); }
static uint16_t ref_frem(uint16_t a, uint16_t b) { return ref_rem(a, b, 0); }
static uint16_t ref_fmod(uint16_t a, uint16_t b) { return ref_rem(a, b, 1); }

static void sweep(const char *name, bin_fn f, bin_ref ref, const uint16_t *b, int nb, int all)
{
    long a, k;
    group(name);   /* a literal: group() keeps the pointer */
    for (a = 0; a < 65536; a++)
        for (k = 0; k < (all ? 65536 : nb); k++) {
            uint16_t y = all ? (uint16_t)k : b[k], g = f((uint16_t)a, y), w = ref((uint16_t)a, y);
            CHECK(same(g, w), "(0x%04lx, 0x%04x) = 0x%04x, want 0x%04x", a, y, g, w);
        }
}

static uint16_t sqrt_h(uint16_t a)
{
    return spv2c_conv_f16_f32_rte(sqrtf(spv2c_conv_f32_f16(a)));   /* the template's sqrt */
}

static void unary(void)
{
    long a;
    group("neg, sqrt: all halves");
    for (a = 0; a < 65536; a++) {
        uint16_t h = (uint16_t)a;
        CHECK(spv2c_neg_f16(h) == (uint16_t)(h ^ 0x8000u), "neg(0x%04x)", h);
        CHECK(same(sqrt_h(h), ref_sqrt(h)), "sqrt(0x%04x) = 0x%04x, want 0x%04x", h, sqrt_h(h),
              ref_sqrt(h));
    }
}

/* the oracle itself against MPFR on a sample (it must not share a bug
   with the runtime through a wrong idea of rounding) */
static void oracle_vs_mpfr(const uint16_t *b, int nb)
{
    mpfr_t x, y, r;
    long i;
    mpfr_inits2(256, x, y, r, (mpfr_ptr)0);
    group("the oracle's + * / against MPFR");
    for (i = 0; i < 200000; i++) {
        uint16_t a = (uint16_t)rnd32(), c = b[rnd32() % (uint32_t)nb];
        if ((a & 0x7c00u) == 0x7c00u || (c & 0x7c00u) == 0x7c00u || !(c & 0x7fffu))
            continue;
        mpfr_set_flt(x, spv2c_conv_f32_f16(a), MPFR_RNDN);
        mpfr_set_flt(y, spv2c_conv_f32_f16(c), MPFR_RNDN);
        mpfr_add(r, x, y, MPFR_RNDN);                          /* exact */
        if (!mpfr_zero_p(r))
            CHECK(ref_add(a, c) == oracle_f16(r, 0), "add 0x%04x 0x%04x", a, c);
        mpfr_mul(r, x, y, MPFR_RNDN);                          /* exact */
        if (!mpfr_zero_p(r))
            CHECK(ref_mul(a, c) == oracle_f16(r, 0), "mul 0x%04x 0x%04x", a, c);
        mpfr_div(r, x, y, MPFR_RNDZ);   /* 256 bits, truncated: a tie stays visible */
        if (!mpfr_zero_p(r))
            CHECK(ref_div(a, c) == oracle_f16(r, 0), "div 0x%04x 0x%04x", a, c);
    }
    mpfr_clears(x, y, r, (mpfr_ptr)0);
}

int main(int argc, char **argv)
{
    static uint16_t b[2048];
    int nb = b_set(b), all = argc > 1 && !strcmp(argv[1], "--all");
    printf("test_half_arith (%d b values%s)\n", nb, all ? ", --all" : "");
    oracle_vs_mpfr(b, nb);
    unary();
    sweep("add, every a x the b set (--all: every b)", spv2c_add_f16, ref_add, b, nb, all);
    sweep("sub, every a x the b set (--all: every b)", spv2c_sub_f16, ref_sub, b, nb, all);
    sweep("mul, every a x the b set (--all: every b)", spv2c_mul_f16, ref_mul, b, nb, all);
    sweep("div, every a x the b set (--all: every b)", spv2c_div_f16, ref_div, b, nb, all);
    sweep("frem, every a x the b set (--all: every b)", spv2c_frem_f16, ref_frem, b, nb, all);
    sweep("fmod, every a x the b set (--all: every b)", spv2c_fmod_f16, ref_fmod, b, nb, all);
    mpfr_free_cache();
    return finish("test_half_arith");
}
