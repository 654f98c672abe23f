/*
 * runtime/integer.h and the integer -> integer conversions of convert.h
 * for every width, against definitions on exact __int128 values
 * (mathematical value first, then clamp or reduce mod 2^N), on random and
 * edge inputs.
 */
#include "unit.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

static int bits_of = 0;     /* width under test */

static uint64_t mask(int n) { return n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1u; }
static i128 sval(uint64_t x, int n)     /* x read as n-bit two's complement */
{
    i128 v = (i128)(x & mask(n));
    return v >= ((i128)1 << (n - 1)) ? v - ((i128)1 << n) : v;
}
static i128 smin(int n) { return -((i128)1 << (n - 1)); }
static i128 smax(int n) { return ((i128)1 << (n - 1)) - 1; }
static i128 umax(int n) { return ((i128)1 << n) - 1; }
static uint64_t wrap(i128 v, int n) { return (uint64_t)((u128)v & mask(n)); }
static i128 clampi(i128 v, i128 lo, i128 hi) { return v < lo ? lo : v > hi ? hi : v; }
static i128 floordiv2(i128 v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }
static i128 floorshift(i128 v, int n)   /* floor(v / 2^n) */
{
    i128 d = (i128)1 << n;
    return v >= 0 ? v / d : -((-v + d - 1) / d);
}
static i128 absi(i128 v) { return v < 0 ? -v : v; }

/* one table row: the runtime's functions for one width, as uint64_t */
typedef struct {
    uint64_t (*abs_i)(uint64_t), (*abs_u)(uint64_t);
    uint64_t (*abs_diff_i)(uint64_t, uint64_t), (*abs_diff_u)(uint64_t, uint64_t);
    uint64_t (*add_sat_i)(uint64_t, uint64_t), (*add_sat_u)(uint64_t, uint64_t);
    uint64_t (*sub_sat_i)(uint64_t, uint64_t), (*sub_sat_u)(uint64_t, uint64_t);
    uint64_t (*hadd_i)(uint64_t, uint64_t), (*hadd_u)(uint64_t, uint64_t);
    uint64_t (*rhadd_i)(uint64_t, uint64_t), (*rhadd_u)(uint64_t, uint64_t);
    uint64_t (*max_i)(uint64_t, uint64_t), (*max_u)(uint64_t, uint64_t);
    uint64_t (*min_i)(uint64_t, uint64_t), (*min_u)(uint64_t, uint64_t);
    uint64_t (*clamp_i)(uint64_t, uint64_t, uint64_t), (*clamp_u)(uint64_t, uint64_t, uint64_t);
    uint64_t (*clz)(uint64_t), (*ctz)(uint64_t), (*popcount)(uint64_t);
    uint64_t (*rotate)(uint64_t, uint64_t);
    uint64_t (*mul_hi_i)(uint64_t, uint64_t), (*mul_hi_u)(uint64_t, uint64_t);
    uint64_t (*mad_hi_i)(uint64_t, uint64_t, uint64_t), (*mad_hi_u)(uint64_t, uint64_t, uint64_t);
    uint64_t (*mad_sat_i)(uint64_t, uint64_t, uint64_t), (*mad_sat_u)(uint64_t, uint64_t, uint64_t);
} IntFns;

#define W1(F, N, T) static uint64_t t_##F##N(uint64_t a) { return spv2c_##F##N((T)a); }
#define W2(F, N, T) static uint64_t t_##F##N(uint64_t a, uint64_t b) \
    { return spv2c_##F##N((T)a, (T)b); }
#define W3(F, N, T) static uint64_t t_##F##N(uint64_t a, uint64_t b, uint64_t c) \
    { return spv2c_##F##N((T)a, (T)b, (T)c); }
#define WRAPS(N, T) \
    W1(abs_i, N, T) W1(abs_u, N, T) W2(abs_diff_i, N, T) W2(abs_diff_u, N, T) \
    W2(add_sat_i, N, T) W2(add_sat_u, N, T) W2(sub_sat_i, N, T) W2(sub_sat_u, N, T) \
    W2(hadd_i, N, T) W2(hadd_u, N, T) W2(rhadd_i, N, T) W2(rhadd_u, N, T) \
    W2(max_i, N, T) W2(max_u, N, T) W2(min_i, N, T) W2(min_u, N, T) \
    W3(clamp_i, N, T) W3(clamp_u, N, T) W1(clz_u, N, T) W1(ctz_u, N, T) \
    W1(popcount_u, N, T) W2(rotate_u, N, T) W2(mul_hi_i, N, T) W2(mul_hi_u, N, T) \
    W3(mad_hi_i, N, T) W3(mad_hi_u, N, T) W3(mad_sat_i, N, T) W3(mad_sat_u, N, T)
WRAPS(8, uint8_t) WRAPS(16, uint16_t) WRAPS(32, uint32_t) WRAPS(64, uint64_t)
#define ROW(N) { t_abs_i##N, t_abs_u##N, t_abs_diff_i##N, t_abs_diff_u##N, \
    t_add_sat_i##N, t_add_sat_u##N, t_sub_sat_i##N, t_sub_sat_u##N, t_hadd_i##N, t_hadd_u##N, \
    t_rhadd_i##N, t_rhadd_u##N, t_max_i##N, t_max_u##N, t_min_i##N, t_min_u##N, \
    t_clamp_i##N, t_clamp_u##N, t_clz_u##N, t_ctz_u##N, t_popcount_u##N, t_rotate_u##N, \
    t_mul_hi_i##N, t_mul_hi_u##N, t_mad_hi_i##N, t_mad_hi_u##N, t_mad_sat_i##N, t_mad_sat_u##N }
static const IntFns fns[4] = { ROW(8), ROW(16), ROW(32), ROW(64) };

/* x, y, z: the operands in scope (unused ones printed too) */
#define EQ(name, got, want) do { uint64_t g_ = (got), w_ = (want); \
        CHECK(g_ == w_, "%s_%d(0x%llx, 0x%llx, 0x%llx) = 0x%llx, want 0x%llx", name, bits_of, \
              (unsigned long long)x, (unsigned long long)y, (unsigned long long)z, \
              (unsigned long long)g_, (unsigned long long)w_); } while (0)

static void check_ops(const IntFns *f, int n, uint64_t x, uint64_t y, uint64_t z)
{
    i128 sx, sy, sz, ux, uy, uz;
    uint64_t m = mask(n), want;
    int i;
    x &= m; y &= m; z &= m;
    sx = sval(x, n); sy = sval(y, n); sz = sval(z, n);
    ux = (i128)x; uy = (i128)y; uz = (i128)z;
    bits_of = n;

    EQ("abs_i", f->abs_i(x), wrap(absi(sx), n));
    EQ("abs_u", f->abs_u(x), x);
    EQ("abs_diff_i", f->abs_diff_i(x, y), wrap(absi(sx - sy), n));
    EQ("abs_diff_u", f->abs_diff_u(x, y), wrap(absi(ux - uy), n));
    EQ("add_sat_i", f->add_sat_i(x, y), wrap(clampi(sx + sy, smin(n), smax(n)), n));
    EQ("add_sat_u", f->add_sat_u(x, y), wrap(clampi(ux + uy, 0, umax(n)), n));
    EQ("sub_sat_i", f->sub_sat_i(x, y), wrap(clampi(sx - sy, smin(n), smax(n)), n));
    EQ("sub_sat_u", f->sub_sat_u(x, y), wrap(clampi(ux - uy, 0, umax(n)), n));
    EQ("hadd_i", f->hadd_i(x, y), wrap(floordiv2(sx + sy), n));
    EQ("hadd_u", f->hadd_u(x, y), wrap(floordiv2(ux + uy), n));
    EQ("rhadd_i", f->rhadd_i(x, y), wrap(floordiv2(sx + sy + 1), n));
    EQ("rhadd_u", f->rhadd_u(x, y), wrap(floordiv2(ux + uy + 1), n));
    EQ("max_i", f->max_i(x, y), sx > sy ? x : y);
    EQ("max_u", f->max_u(x, y), ux > uy ? x : y);
    EQ("min_i", f->min_i(x, y), sx < sy ? x : y);
    EQ("min_u", f->min_u(x, y), ux < uy ? x : y);
    /* clamp: OpenCL defines it for lo <= hi only */
    if (sy <= sz)
        EQ("clamp_i", f->clamp_i(x, y, z), wrap(clampi(sx, sy, sz), n));
    if (uy <= uz)
        EQ("clamp_u", f->clamp_u(x, y, z), wrap(clampi(ux, uy, uz), n));
    for (want = 0, i = n - 1; i >= 0 && !(x >> i & 1); i--)
        want++;
    EQ("clz", f->clz(x), want);
    for (want = 0, i = 0; i < n && !(x >> i & 1); i++)
        want++;
    EQ("ctz", f->ctz(x), want);
    for (want = 0, i = 0; i < n; i++)
        want += x >> i & 1;
    EQ("popcount", f->popcount(x), want);
    /* rotate left by y mod n, negative counts included: bit i goes to i + y */
    for (want = 0, i = 0; i < n; i++)
        want |= (x >> i & 1) << (int)((i + (int)(((sy % n) + n) % n)) % n);
    EQ("rotate", f->rotate(x, y), want);
    EQ("mul_hi_i", f->mul_hi_i(x, y), wrap(floorshift(sx * sy, n), n));
    EQ("mul_hi_u", f->mul_hi_u(x, y), wrap((i128)(((u128)ux * (u128)uy) >> n), n));
    EQ("mad_hi_i", f->mad_hi_i(x, y, z), wrap(floorshift(sx * sy, n) + sz, n));
    EQ("mad_hi_u", f->mad_hi_u(x, y, z),
       wrap((i128)(((u128)ux * (u128)uy) >> n) + uz, n));
    EQ("mad_sat_i", f->mad_sat_i(x, y, z), wrap(clampi(sx * sy + sz, smin(n), smax(n)), n));
    {
        u128 p = (u128)ux * (u128)uy + (u128)uz;
        EQ("mad_sat_u", f->mad_sat_u(x, y, z), p > (u128)umax(n) ? m : (uint64_t)p);
    }
}

static void check_24(uint64_t x, uint64_t y, uint64_t z)
{
    /* in range: signed 24-bit and unsigned 24-bit operands */
    uint32_t ux = (uint32_t)(x & 0xffffffu), uy = (uint32_t)(y & 0xffffffu);
    i128 sx = sval(x, 24), sy = sval(y, 24);
    bits_of = 32;
    EQ("mul24_u", spv2c_mul24_u32(ux, uy), wrap((i128)ux * uy, 32));
    EQ("mad24_u", spv2c_mad24_u32(ux, uy, (uint32_t)z), wrap((i128)ux * uy + (uint32_t)z, 32));
    EQ("mul24_i", spv2c_mul24_i32(wrap(sx, 32), wrap(sy, 32)), wrap(sx * sy, 32));
    EQ("mad24_i", spv2c_mad24_i32(wrap(sx, 32), wrap(sy, 32), (uint32_t)z),
       wrap(sx * sy + sval(z, 32), 32));
    bits_of = 8;
    EQ("upsample", spv2c_upsample_u8((uint8_t)x, (uint8_t)y), (x & 0xff) << 8 | (y & 0xff));
    bits_of = 16;
    EQ("upsample", spv2c_upsample_u16((uint16_t)x, (uint16_t)y),
       (x & 0xffff) << 16 | (y & 0xffff));
    bits_of = 32;
    EQ("upsample", spv2c_upsample_u32((uint32_t)x, (uint32_t)y),
       (x & 0xffffffffu) << 32 | (y & 0xffffffffu));
}

static void test_ops(void)
{
    static const uint64_t edges[] = {
        0, 1, 2, 3, 0x7f, 0x80, 0x81, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000u,
        0xffffffffu, 0x7fffffffffffffffu, 0x8000000000000000u, 0xffffffffffffffffu,
        0xfffffffffffffffeu, 0x7ffffffffffffffeu, 0x5555555555555555u, 0xaaaaaaaaaaaaaaaau,
    };
    const int ne = (int)(sizeof edges / sizeof edges[0]);
    int w, a, b, c;
    long i;
    static const char *names[4] = { "integer ops, 8 bits", "integer ops, 16 bits",
                                    "integer ops, 32 bits", "integer ops, 64 bits" };
    for (w = 0; w < 4; w++) {
        int n = 8 << w;
        group(names[w]);
        for (a = 0; a < ne; a++)
            for (b = 0; b < ne; b++)
                for (c = 0; c < ne; c++)
                    check_ops(&fns[w], n, edges[a], edges[b], edges[c]);
        for (i = 0; i < 600000; i++)
            check_ops(&fns[w], n, rnd_edgy64(), rnd_edgy64(), rnd_edgy64());
        if (n == 8)     /* every pair, z from the edges */
            for (a = 0; a < 256; a++)
                for (b = 0; b < 256; b++)
                    check_ops(&fns[w], n, (uint64_t)a, (uint64_t)b, edges[(a + b) % ne]);
    }
    group("mul24, mad24, upsample");
    for (i = 0; i < 1000000; i++)
        check_24(rnd_edgy64(), rnd_edgy64(), rnd_edgy64());
}

/* ---- integer -> integer conversions ---- */

typedef uint64_t (*i2i_fn)(uint64_t);
#define C1(D, S, ST) static uint64_t c_##D##_##S(uint64_t x) { return spv2c_conv_##D##_##S((ST)x); }
#define CW(DN, S, ST) C1(u##DN, u##S, ST) C1(i##DN, i##S, ST) C1(u##DN, u##S##_sat, ST) \
    C1(i##DN, u##S##_sat, ST) C1(u##DN, i##S##_sat, ST) C1(i##DN, i##S##_sat, ST)
#define CS(S, ST) CW(8, S, ST) CW(16, S, ST) CW(32, S, ST) CW(64, S, ST)
CS(8, uint8_t) CS(16, uint16_t) CS(32, uint32_t) CS(64, uint64_t)
#define CROW(DN, S) { c_u##DN##_u##S, c_i##DN##_i##S, c_u##DN##_u##S##_sat, \
    c_i##DN##_u##S##_sat, c_u##DN##_i##S##_sat, c_i##DN##_i##S##_sat }
#define CSRC(S) { CROW(8, S), CROW(16, S), CROW(32, S), CROW(64, S) }
/* [src width][dst width][kind] */
static const i2i_fn conv[4][4][6] = { CSRC(8), CSRC(16), CSRC(32), CSRC(64) };
static const char *conv_kind[6] = { "u_u", "i_i", "u_u_sat", "i_u_sat", "u_i_sat", "i_i_sat" };

static void check_conv(int sw, int dw, uint64_t x)
{
    int sn = 8 << sw, dn = 8 << dw, k;
    i128 s, u, want[6];
    x &= mask(sn);
    s = sval(x, sn);
    u = (i128)x;
    want[0] = u;                                    /* truncate / zero-extend */
    want[1] = s;                                    /* truncate / sign-extend */
    want[2] = clampi(u, 0, umax(dn));
    want[3] = clampi(u, smin(dn), smax(dn));
    want[4] = clampi(s, 0, umax(dn));
    want[5] = clampi(s, smin(dn), smax(dn));
    for (k = 0; k < 6; k++) {
        uint64_t g = conv[sw][dw][k](x), w = wrap(want[k], dn);
        CHECK(g == w, "conv %s %d <- %d (0x%llx) = 0x%llx, want 0x%llx", conv_kind[k], dn, sn,
              (unsigned long long)x, (unsigned long long)g, (unsigned long long)w);
    }
}

static void test_conv(void)
{
    int sw, dw;
    long i;
    group("int -> int, 16 width pairs x 6 kinds");
    for (sw = 0; sw < 4; sw++)
        for (dw = 0; dw < 4; dw++) {
            if (sw <= 1)
                for (i = 0; i < (1L << (8 << sw)); i++)
                    check_conv(sw, dw, (uint64_t)i);
            for (i = 0; i < 100000; i++)
                check_conv(sw, dw, rnd_edgy64());
        }
}

int main(void)
{
    printf("test_integer\n");
    test_ops();
    test_conv();
    return finish("test_integer");
}
