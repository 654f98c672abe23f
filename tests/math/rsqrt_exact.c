/*
 * Float rsqrt against an exact integer oracle, over all 2^32 inputs
 * (scripts/rsqrt-sweep) or a strided slice (the suite). Shares nothing with
 * the code under test: no floating-point arithmetic decides a verdict.
 *
 * For finite x > 0, x = X 2^ex (X an integer < 2^24), and a result
 * y = Y 2^ey (2^23 <= Y < 2^24), y is the correctly rounded 1/sqrt(x) iff
 * lo < 1/sqrt(x) < hi for the midpoints lo, hi around y, i.e. iff
 * lo^2 x < 1 < hi^2 x: with hi = (2Y + 1) 2^(ey-1) and lo = (2Y - 1) 2^(ey-1)
 * (or (4Y - 1) 2^(ey-2) when Y = 2^23, the spacing halves below a power of
 * two), each side is an integer of at most 74 bits compared with a power of
 * two, done in two 64-bit limbs. Equality (a tie) is reported as a failure:
 * it cannot happen (M^2 X = 2^k has no solution with M odd > 1), and the
 * oracle checks that too. Zeros, infinities, NaN and negatives are checked
 * against the rules of OpenCL C (rsqrt(+-0) = +-inf, rsqrt(+inf) = +0,
 * negatives give NaN, a NaN operand gives itself quieted).
 *
 * usage: rsqrt_exact [-s STRIDE] [-o OFFSET] [-f rsqrt|native_rsqrt]
 *   -f native_rsqrt checks spv2c_native_rsqrt_f32 instead of spv2c_rsqrt_f32.
 *   Exit status 1 when any result is wrong.
 */
#include "../../runtime/base.h"
#include "../../runtime/math_exp.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sign of N - 2^k, N = a * b with a < 2^51, b < 2^24 */
static int cmp_pow2(uint64_t a, uint64_t b, int k)
{
    uint64_t lo = (a & 0xffffffffu) * b, hi = (a >> 32) * b, nh, nl, ph = 0, pl = 0;
    nl = lo + (hi << 32);
    nh = (hi >> 32) + (nl < lo);
    if (k < 0)
        return 1;
    if (k >= 128)
        return -1;
    if (k >= 64)
        ph = (uint64_t)1 << (k - 64);
    else
        pl = (uint64_t)1 << k;
    return nh != ph ? (nh > ph ? 1 : -1) : nl != pl ? (nl > pl ? 1 : -1) : 0;
}

/* 1 if y is the correctly rounded float of 1/sqrt(x) for finite x > 0 */
static int exact_ok(uint32_t xb, uint32_t yb)
{
    uint64_t X = xb & 0x7fffffu, Y = yb & 0x7fffffu, m;
    int ex = (int)(xb >> 23), ey = (int)(yb >> 23), k;
    if (yb >> 31 || ey == 0 || ey == 255)      /* the result is a positive normal float */
        return 0;
    if (ex == 0)
        ex = -149;
    else
        X |= 0x800000u, ex -= 150;
    Y |= 0x800000u;
    ey -= 150;
    /* hi^2 x = (2Y + 1)^2 X 2^(2(ey-1) + ex) > 1 */
    m = 2 * Y + 1;
    k = -(2 * (ey - 1) + ex);
    if (cmp_pow2(m * m, X, k) <= 0)
        return 0;
    /* lo^2 x < 1 */
    if (Y == 0x800000u)
        m = 4 * Y - 1, k = -(2 * (ey - 2) + ex);
    else
        m = 2 * Y - 1, k = -(2 * (ey - 1) + ex);
    return cmp_pow2(m * m, X, k) < 0;
}

/* the rules for the operands that are not finite and positive */
static int special_ok(uint32_t xb, uint32_t yb)
{
    if (xb == 0) return yb == 0x7f800000u;
    if (xb == 0x80000000u) return yb == 0xff800000u;
    if (xb == 0x7f800000u) return yb == 0;
    if ((xb & 0x7fffffffu) > 0x7f800000u) return yb == (xb | 0x400000u);
    return (yb & 0x7fffffffu) > 0x7f800000u;   /* a negative: NaN */
}

static const uint32_t fixed[] = {
    0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u, 0x7f800001u, 0xff812345u,
    1, 2, 3, 0x7fffffu, 0x800000u, 0x800001u, 0x7f7fffffu, 0x7f7ffffeu, 0x3f800000u, 0x3f7fffffu,
    0x3f800001u, 0x40800000u, 0x407fffffu, 0x80000001u, 0xbf800000u, 0xff7fffffu,
};

/* 1 if f(x) is wrong (the first ten shown) */
static int check(float (*f)(float), const char *name, uint32_t xb, uint64_t bad)
{
    uint32_t yb = spv2c_f32_bits(f(spv2c_bits_f32(xb)));
    int ok = xb - 1u < 0x7f7fffffu ? exact_ok(xb, yb) : special_ok(xb, yb);
    if (!ok && bad < 10)
        printf("%s: x = %a (0x%08x): got %a (0x%08x), not correctly rounded\n", name,
               spv2c_bits_f32(xb), (unsigned)xb, spv2c_bits_f32(yb), (unsigned)yb);
    return !ok;
}

int main(int argc, char **argv)
{
    uint64_t stride = 1, offset = 0, u, n = 0, bad = 0;
    float (*f)(float) = spv2c_rsqrt_f32;
    const char *name = "rsqrt";
    size_t k;
    int i;
    for (i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-s")) stride = strtoull(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "-o")) offset = strtoull(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "-f") && !strcmp(argv[i + 1], "native_rsqrt"))
            f = spv2c_native_rsqrt_f32, name = "native_rsqrt";
        else if (!strcmp(argv[i], "-f") && !strcmp(argv[i + 1], "rsqrt")) ;
        else break;
    }
    if (i != argc || stride == 0) {
        fprintf(stderr, "usage: rsqrt_exact [-s STRIDE] [-o OFFSET] [-f rsqrt|native_rsqrt]\n");
        return 2;
    }
    /* the oracle itself: a known correct and a known wrong answer */
    if (!exact_ok(0x3e800000u, 0x40000000u) || exact_ok(0x3e800000u, 0x40000001u)
        || !exact_ok(0x40000000u, 0x3f3504f3u) || exact_ok(0x40000000u, 0x3f3504f4u)
        || !exact_ok(1, 0x64b504f3u) || exact_ok(1, 0x64b504f4u)) {
        fprintf(stderr, "rsqrt_exact: the oracle fails its own checks\n");
        return 2;
    }
    /* the special operands and the ends of the binades, then the slice */
    for (k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
        bad += check(f, name, fixed[k], bad);
    for (u = offset; u < ((uint64_t)1 << 32); u += stride, n++)
        bad += check(f, name, (uint32_t)u, bad);
    printf("%s: %llu inputs and %u fixed ones, %llu not correctly rounded (exact integer oracle)\n",
           name, (unsigned long long)n, (unsigned)k, (unsigned long long)bad);
    return bad != 0;
}
