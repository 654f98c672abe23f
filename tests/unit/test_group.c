/*
 * runtime/group.h (work-group collectives), runtime/async.h (the strided
 * copy) and runtime/atomic.h (both families, single-threaded results)
 * against straightforward oracles: folds recomputed from scratch for every
 * prefix with the operations written out as if-statements, signed order
 * on sign-extended __int128, a byte-at-a-time copy with guard bytes.
 * Built twice: plain, and with -DSPV2C_THREADS (real atomics, same results).
 */
#include "unit.h"
#include "../../runtime/atomic.h"
#include "../../runtime/async.h"
#include "../../runtime/group.h"

typedef __int128 i128;

#define MAXN 70

/* ---- oracles ---- */

enum { ADD, MIN, MAX };

static i128 sv(uint64_t x, int bits)
{
    i128 v = (i128)(bits == 64 ? x : (x & 0xffffffffu));
    return v >= ((i128)1 << (bits - 1)) ? v - ((i128)1 << bits) : v;
}

/* one step acc op x on N-bit integers, signed or not */
static uint64_t int_op(int op, int sgn, int bits, uint64_t acc, uint64_t x)
{
    uint64_t m = bits == 64 ? ~(uint64_t)0 : 0xffffffffu;
    int less;                       /* x < acc */
    if (op == ADD)
        return (acc + x) & m;
    less = sgn ? sv(x, bits) < sv(acc, bits) : x < acc;
    if (op == MIN) {
        if (less)
            return x;
        return acc;
    }
    if (!less && x != acc)
        return x;
    return acc;
}

static uint64_t int_id(int op, int sgn, int bits)
{
    uint64_t m = bits == 64 ? ~(uint64_t)0 : 0xffffffffu;
    if (op == ADD)
        return 0;
    if (op == MIN)
        return sgn ? m >> 1 : m;
    return sgn ? (m >> 1) + 1 : 0;
}

/* PoCL's float steps, acc the left operand */
static double flt_op(int op, double acc, double x, int f32)
{
    if (op == ADD)
        return f32 ? (double)(float)((float)acc + (float)x) : acc + x;
    if (op == MIN) {
        if (acc > x)
            return x;
        return acc;
    }
    if (acc > x)
        return acc;
    return x;
}

/* ---- values ---- */

static uint64_t int_val(int bits)
{
    uint64_t r = rnd64();
    uint64_t v;
    switch (r & 3) {
    case 0: v = rnd_edgy64(); break;
    case 1: v = (r >> 8) & 15; break;           /* repeats: ties */
    default: v = rnd64(); break;
    }
    return bits == 64 ? v : v & 0xffffffffu;
}

static double flt_val(int f32)
{
    static const double specials[] = { 0.0, -0.0, 1.0, -1.0, 0.5, 1e30, -1e30, 3.0 };
    uint64_t r = rnd64();
    switch (r & 7) {
    case 0: return f32 ? (double)(float)specials[(r >> 8) & 7] : specials[(r >> 8) & 7];
    case 1: return (r >> 8) & 1 ? INFINITY : -INFINITY;
    case 2: return (r >> 8) & 3 ? NAN : -NAN;
    default: {
        double d = ldexp((double)(int64_t)(rnd64() >> 11) / 9007199254740992.0,
                         (int)((r >> 8) & 63) - 32);
        return f32 ? (double)(float)d : d;
    }
    }
}

static int same_d(double a, double b) { return same_f64(a, b); }

/* ---- integer collectives ---- */

typedef struct {
    const char *name;
    int op, sgn, bits;
    uint64_t (*reduce)(const void *, size_t);
    void (*incl)(void *, size_t), (*excl)(void *, size_t);
} IntCase;

#define ICASE(OP, OPC, SGN, SFX, BITS, T)                                             \
    static uint64_t r_##OP##_##SFX(const void *v, size_t n)                           \
    { return spv2c_wg_reduce_##OP##_##SFX((const T *)v, n); }                         \
    static void i_##OP##_##SFX(void *v, size_t n) { spv2c_wg_scan_incl_##OP##_##SFX((T *)v, n); } \
    static void e_##OP##_##SFX(void *v, size_t n) { spv2c_wg_scan_excl_##OP##_##SFX((T *)v, n); }
#define IROW(OP, OPC, SGN, SFX, BITS) \
    { #OP "_" #SFX, OPC, SGN, BITS, r_##OP##_##SFX, i_##OP##_##SFX, e_##OP##_##SFX }

ICASE(add, ADD, 0, u32, 32, uint32_t) ICASE(add, ADD, 1, i32, 32, uint32_t)
ICASE(add, ADD, 0, u64, 64, uint64_t) ICASE(add, ADD, 1, i64, 64, uint64_t)
ICASE(min, MIN, 0, u32, 32, uint32_t) ICASE(min, MIN, 1, i32, 32, uint32_t)
ICASE(min, MIN, 0, u64, 64, uint64_t) ICASE(min, MIN, 1, i64, 64, uint64_t)
ICASE(max, MAX, 0, u32, 32, uint32_t) ICASE(max, MAX, 1, i32, 32, uint32_t)
ICASE(max, MAX, 0, u64, 64, uint64_t) ICASE(max, MAX, 1, i64, 64, uint64_t)

static const IntCase int_cases[] = {
    IROW(add, ADD, 0, u32, 32), IROW(add, ADD, 1, i32, 32),
    IROW(add, ADD, 0, u64, 64), IROW(add, ADD, 1, i64, 64),
    IROW(min, MIN, 0, u32, 32), IROW(min, MIN, 1, i32, 32),
    IROW(min, MIN, 0, u64, 64), IROW(min, MIN, 1, i64, 64),
    IROW(max, MAX, 0, u32, 32), IROW(max, MAX, 1, i32, 32),
    IROW(max, MAX, 0, u64, 64), IROW(max, MAX, 1, i64, 64),
};

/* store / load element i of an array of N-bit integers */
static void iput(void *a, int bits, size_t i, uint64_t v)
{
    if (bits == 32) ((uint32_t *)a)[i] = (uint32_t)v; else ((uint64_t *)a)[i] = v;
}
static uint64_t iget(const void *a, int bits, size_t i)
{
    return bits == 32 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}

/* the fold of v[0..k-1] from scratch; from the identity when excl */
static uint64_t int_fold(const IntCase *c, const uint64_t *v, size_t k, int from_id)
{
    uint64_t acc = from_id ? int_id(c->op, c->sgn, c->bits) : v[0];
    size_t i;
    for (i = from_id ? 0 : 1; i < k; i++)
        acc = int_op(c->op, c->sgn, c->bits, acc, v[i]);
    return acc;
}

static void test_int(void)
{
    size_t ci, n, i;
    int rep;
    for (ci = 0; ci < sizeof int_cases / sizeof int_cases[0]; ci++) {
        const IntCase *c = &int_cases[ci];
        char name[64];
        snprintf(name, sizeof name, "wg %s", c->name);
        group(name);
        for (rep = 0; rep < 40; rep++)
            for (n = 0; n <= MAXN; n++) {
                uint64_t v[MAXN], a[MAXN], b[MAXN], want;
                for (i = 0; i < n; i++) {
                    v[i] = int_val(c->bits);
                    iput(a, c->bits, i, v[i]);
                    iput(b, c->bits, i, v[i]);
                }
                want = n ? int_fold(c, v, n, 0) : int_id(c->op, c->sgn, c->bits);
                CHECK(c->reduce(a, n) == want, "reduce n=%zu: 0x%llx, want 0x%llx", n,
                      (unsigned long long)c->reduce(a, n), (unsigned long long)want);
                c->incl(a, n);
                c->excl(b, n);
                for (i = 0; i < n; i++) {
                    uint64_t wi = int_fold(c, v, i + 1, 0), we = int_fold(c, v, i, 1);
                    CHECK(iget(a, c->bits, i) == wi, "incl n=%zu [%zu]: 0x%llx, want 0x%llx", n,
                          i, (unsigned long long)iget(a, c->bits, i), (unsigned long long)wi);
                    CHECK(iget(b, c->bits, i) == we, "excl n=%zu [%zu]: 0x%llx, want 0x%llx", n,
                          i, (unsigned long long)iget(b, c->bits, i), (unsigned long long)we);
                }
            }
    }
}

/* ---- float collectives ---- */

typedef struct {
    const char *name;
    int op, f32;
    double (*reduce)(const double *, size_t);
    void (*incl)(double *, size_t), (*excl)(double *, size_t);
} FltCase;

/* wrappers: convert the test's doubles to the type and back */
#define FCASE(OP, SFX, T)                                                             \
    static double fr_##OP##_##SFX(const double *v, size_t n)                          \
    { T a[MAXN]; size_t i; for (i = 0; i < n; i++) a[i] = (T)v[i];                    \
      return (double)spv2c_wg_reduce_##OP##_##SFX(a, n); }                            \
    static void fi_##OP##_##SFX(double *v, size_t n)                                  \
    { T a[MAXN]; size_t i; for (i = 0; i < n; i++) a[i] = (T)v[i];                    \
      spv2c_wg_scan_incl_##OP##_##SFX(a, n); for (i = 0; i < n; i++) v[i] = a[i]; }  \
    static void fe_##OP##_##SFX(double *v, size_t n)                                  \
    { T a[MAXN]; size_t i; for (i = 0; i < n; i++) a[i] = (T)v[i];                    \
      spv2c_wg_scan_excl_##OP##_##SFX(a, n); for (i = 0; i < n; i++) v[i] = a[i]; }
#define FROW(OP, OPC, SFX, F32) \
    { #OP "_" #SFX, OPC, F32, fr_##OP##_##SFX, fi_##OP##_##SFX, fe_##OP##_##SFX }

FCASE(add, f32, float) FCASE(min, f32, float) FCASE(max, f32, float)
FCASE(add, f64, double) FCASE(min, f64, double) FCASE(max, f64, double)

static const FltCase flt_cases[] = {
    FROW(add, ADD, f32, 1), FROW(min, MIN, f32, 1), FROW(max, MAX, f32, 1),
    FROW(add, ADD, f64, 0), FROW(min, MIN, f64, 0), FROW(max, MAX, f64, 0),
};

static double flt_fold(const FltCase *c, const double *v, size_t k, int from_id)
{
    double acc;
    size_t i;
    if (from_id)
        acc = c->op == ADD ? 0.0 : c->op == MIN ? INFINITY : -INFINITY;
    else
        acc = v[0];
    for (i = from_id ? 0 : 1; i < k; i++)
        acc = flt_op(c->op, acc, v[i], c->f32);
    return acc;
}

static void test_flt(void)
{
    size_t ci, n, i;
    int rep;
    for (ci = 0; ci < sizeof flt_cases / sizeof flt_cases[0]; ci++) {
        const FltCase *c = &flt_cases[ci];
        char name[64];
        snprintf(name, sizeof name, "wg %s", c->name);
        group(name);
        for (rep = 0; rep < 40; rep++)
            for (n = 0; n <= MAXN; n++) {
                double v[MAXN], a[MAXN], b[MAXN], want, got;
                for (i = 0; i < n; i++)
                    v[i] = a[i] = b[i] = flt_val(c->f32);
                want = n ? flt_fold(c, v, n, 0) : flt_fold(c, v, 0, 1);
                got = c->reduce(v, n);
                /* NaN signs and payloads matter to nobody: compare by same_f64 */
                CHECK(same_d(got, want), "reduce n=%zu: %a, want %a", n, got, want);
                c->incl(a, n);
                c->excl(b, n);
                for (i = 0; i < n; i++) {
                    double wi = flt_fold(c, v, i + 1, 0), we = flt_fold(c, v, i, 1);
                    CHECK(same_d(a[i], wi), "incl n=%zu [%zu]: %a, want %a", n, i, a[i], wi);
                    CHECK(same_d(b[i], we), "excl n=%zu [%zu]: %a, want %a", n, i, b[i], we);
                }
            }
    }
    /* the order is visible: 1e30 + 1 - 1e30 left to right is 0, not 1 */
    group("wg add_f32 order");
    {
        float v[3] = { 1e30f, 1.0f, -1e30f };
        CHECK(spv2c_wg_reduce_add_f32(v, 3) == 0.0f, "reduce order");
        spv2c_wg_scan_excl_add_f32(v, 3);
        CHECK(v[0] == 0.0f && v[1] == 1e30f && v[2] == 1e30f, "excl order");
    }
    group("wg excl add -0");
    {
        float v[2] = { -0.0f, -0.0f };
        spv2c_wg_scan_excl_add_f32(v, 2);
        CHECK(!signbit(v[0]) && !signbit(v[1]), "identity +0 first: 0 + -0 = +0");
    }
}

/* ---- all, any, linear id ---- */

static void test_flags(void)
{
    size_t n, i;
    int rep;
    group("wg all/any");
    for (rep = 0; rep < 200; rep++)
        for (n = 0; n <= 20; n++) {
            int v[20], all = 1, any = 0;
            for (i = 0; i < n; i++) {
                uint64_t r = rnd64();
                v[i] = (r & 7) == 0 ? 0 : (r & 8) ? 1 : (int)(r >> 32) | 1;
                if (rep & 1)
                    v[i] = (r & 31) != 0;
                if (rep & 2)
                    v[i] = (r & 31) == 0;
                all = all && v[i];
                any = any || v[i];
            }
            CHECK(spv2c_wg_all(v, n) == all, "all n=%zu", n);
            CHECK(spv2c_wg_any(v, n) == any, "any n=%zu", n);
        }
    group("wg linear id");
    {
        size_t x, y, z, k = 0;
        for (z = 0; z < 3; z++)
            for (y = 0; y < 5; y++)
                for (x = 0; x < 7; x++, k++)
                    CHECK(spv2c_wg_linear_id_(x, y, z, 7, 5) == k, "(%zu,%zu,%zu)", x, y, z);
    }
}

/* ---- spv2c_strided_copy ---- */

static void test_copy(void)
{
    static const size_t sizes[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128 };
    static unsigned char src[8192], dst[8192], want[8192];
    size_t si, n, ds, ss, i, b;
    group("strided_copy");
    for (i = 0; i < sizeof src; i++)
        src[i] = (unsigned char)rnd64();
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t es = sizes[si];
        for (n = 0; n <= 9; n++)
            for (ds = 0; ds <= 4; ds++)
                for (ss = 0; ss <= 4; ss++) {
                    size_t off = (size_t)(rnd64() % 7);   /* unaligned too */
                    if ((ds != 1 && ss != 1) || (n && (ds * (n - 1) + 1) * es + off > sizeof dst))
                        continue;       /* OpenCL strides one side only */
                    memset(dst, 0xa5, sizeof dst);
                    memset(want, 0xa5, sizeof want);
                    for (i = 0; i < n; i++)
                        for (b = 0; b < es; b++)
                            want[off + i * ds * es + b] = src[3 + i * ss * es + b];
                    spv2c_strided_copy(dst + off, src + 3, n, es, ds, ss);
                    CHECK(!memcmp(dst, want, sizeof dst),
                          "n=%zu elem=%zu dst_stride=%zu src_stride=%zu", n, es, ds, ss);
                }
    }
    /* a longer contiguous run */
    memset(dst, 0, sizeof dst);
    spv2c_strided_copy(dst, src, 500, 16, 1, 1);
    CHECK(!memcmp(dst, src, 8000) && dst[8000] == 0, "contiguous 500 x 16");
}

/* ---- atomics, one thread ---- */

typedef uint64_t (*AtomFn)(void *, uint64_t);

#define AWRAP(F, N)                                                                   \
    static uint64_t g_##F##N(void *p, uint64_t v) { return spv2c_atomic_##F##N(p, (uint##N##_t)v); } \
    static uint64_t l_##F##N(void *p, uint64_t v) { return spv2c_latomic_##F##N(p, (uint##N##_t)v); }
#define AWRAPS(N) AWRAP(xchg_u, N) AWRAP(add_u, N) AWRAP(sub_u, N) AWRAP(and_u, N) \
    AWRAP(or_u, N) AWRAP(xor_u, N) AWRAP(min_u, N) AWRAP(max_u, N) AWRAP(min_i, N) AWRAP(max_i, N)
AWRAPS(32) AWRAPS(64)

static uint64_t atom_want(int k, int bits, uint64_t o, uint64_t v)
{
    uint64_t m = bits == 64 ? ~(uint64_t)0 : 0xffffffffu;
    switch (k) {
    case 0: return v;
    case 1: return (o + v) & m;
    case 2: return (o - v) & m;
    case 3: return o & v;
    case 4: return o | v;
    case 5: return o ^ v;
    case 6: return v < o ? v : o;
    case 7: return v > o ? v : o;
    case 8: return sv(v, bits) < sv(o, bits) ? v : o;
    default: return sv(v, bits) > sv(o, bits) ? v : o;
    }
}

static void test_atomic(void)
{
    static const char *names[] = { "xchg", "add", "sub", "and", "or", "xor", "min_u", "max_u",
                                   "min_i", "max_i" };
    AtomFn g32[] = { g_xchg_u32, g_add_u32, g_sub_u32, g_and_u32, g_or_u32, g_xor_u32,
                     g_min_u32, g_max_u32, g_min_i32, g_max_i32 };
    AtomFn l32[] = { l_xchg_u32, l_add_u32, l_sub_u32, l_and_u32, l_or_u32, l_xor_u32,
                     l_min_u32, l_max_u32, l_min_i32, l_max_i32 };
    AtomFn g64[] = { g_xchg_u64, g_add_u64, g_sub_u64, g_and_u64, g_or_u64, g_xor_u64,
                     g_min_u64, g_max_u64, g_min_i64, g_max_i64 };
    AtomFn l64[] = { l_xchg_u64, l_add_u64, l_sub_u64, l_and_u64, l_or_u64, l_xor_u64,
                     l_min_u64, l_max_u64, l_min_i64, l_max_i64 };
    int k, rep, fam;
    group("atomics");
    for (rep = 0; rep < 20000; rep++)
        for (k = 0; k < 10; k++)
            for (fam = 0; fam < 4; fam++) {
                int bits = fam < 2 ? 32 : 64;
                AtomFn f = fam == 0 ? g32[k] : fam == 1 ? l32[k] : fam == 2 ? g64[k] : l64[k];
                uint64_t o = int_val(bits), v = int_val(bits), got, now;
                union { uint32_t u32[2]; uint64_t u64; } cell;
                if (bits == 32) {
                    cell.u32[0] = (uint32_t)o; cell.u32[1] = 0x5a5a5a5au;
                } else {
                    cell.u64 = o;
                }
                got = f(&cell, v);
                now = bits == 32 ? cell.u32[0] : cell.u64;
                CHECK(got == o && now == atom_want(k, bits, o, v) &&
                      (bits == 64 || cell.u32[1] == 0x5a5a5a5au),
                      "%s_%d(0x%llx, 0x%llx): old 0x%llx new 0x%llx", names[k], bits,
                      (unsigned long long)o, (unsigned long long)v, (unsigned long long)got,
                      (unsigned long long)now);
            }
    group("atomic load/store/cmpxchg");
    for (rep = 0; rep < 20000; rep++) {
        uint32_t c32 = (uint32_t)int_val(32), o32 = c32, v32 = (uint32_t)int_val(32);
        uint64_t c64 = int_val(64), o64 = c64, v64 = int_val(64);
        uint32_t cmp32 = rep & 1 ? o32 : (uint32_t)int_val(32);
        uint64_t cmp64 = rep & 1 ? o64 : int_val(64);
        CHECK(spv2c_atomic_load_u32(&c32) == o32 && spv2c_latomic_load_u32(&c32) == o32, "load32");
        CHECK(spv2c_atomic_cmpxchg_u32(&c32, cmp32, v32) == o32 &&
              c32 == (cmp32 == o32 ? v32 : o32), "cmpxchg32");
        c32 = o32;
        CHECK(spv2c_latomic_cmpxchg_u32(&c32, cmp32, v32) == o32 &&
              c32 == (cmp32 == o32 ? v32 : o32), "lcmpxchg32");
        CHECK(spv2c_atomic_cmpxchg_u64(&c64, cmp64, v64) == o64 &&
              c64 == (cmp64 == o64 ? v64 : o64), "cmpxchg64");
        c64 = o64;
        CHECK(spv2c_latomic_cmpxchg_u64(&c64, cmp64, v64) == o64 &&
              c64 == (cmp64 == o64 ? v64 : o64), "lcmpxchg64");
        spv2c_atomic_store_u64(&c64, v64);
        CHECK(spv2c_atomic_load_u64(&c64) == v64, "store64");
        spv2c_latomic_store_u64(&c64, o64);
        CHECK(spv2c_latomic_load_u64(&c64) == o64, "lstore64");
        spv2c_atomic_store_u32(&c32, v32);
        CHECK(c32 == v32, "store32");
        spv2c_latomic_store_u32(&c32, o32);
        CHECK(c32 == o32, "lstore32");
    }
}

int main(void)
{
#ifdef SPV2C_THREADS
    const char *prog = "test_group (SPV2C_THREADS)";
#else
    const char *prog = "test_group";
#endif
    test_int();
    test_flt();
    test_flags();
    test_copy();
    test_atomic();
    return finish(prog);
}
