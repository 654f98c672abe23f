/* spv2c runtime part: base (needs: ) */
/*
 * Always included. Plain C99; every function SPV2C_INLINE and prefixed
 * spv2c_, since this text lands in other people's programs. Integer values
 * are stored unsigned (SPIR-V integers are signless); the helpers here give
 * the signed interpretations without C undefined behaviour.
 */
#include <float.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#if !defined(SPV2C_FREESTANDING)
#include <math.h>
#include <string.h>
#else
/* Freestanding (-ffreestanding -DSPV2C_FREESTANDING, docs/porting.md): only
   the freestanding headers, plus memcpy, memset and memmove, which the user
   links. With gcc and clang the <math.h> names the generated code uses are
   the compiler's built-ins (no libm unless a kernel calls a function such as
   sqrt that the target has no instruction for); other compilers get
   <math.h>. */
void *memcpy(void *, const void *, size_t);
void *memset(void *, int, size_t);
void *memmove(void *, const void *, size_t);
#if defined(__GNUC__)
#define memcpy(d, s, n) __builtin_memcpy(d, s, n)
#define memset(d, c, n) __builtin_memset(d, c, n)
#define memmove(d, s, n) __builtin_memmove(d, s, n)
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf(x)
#define isfinite(x) __builtin_isfinite(x)
#define signbit(x) __builtin_signbit(x)
#define fabsf(x) __builtin_fabsf(x)
#define fabs(x) __builtin_fabs(x)
#define copysignf(x, y) __builtin_copysignf(x, y)
#define copysign(x, y) __builtin_copysign(x, y)
#define floorf(x) __builtin_floorf(x)
#define floor(x) __builtin_floor(x)
#define ceilf(x) __builtin_ceilf(x)
#define ceil(x) __builtin_ceil(x)
#define truncf(x) __builtin_truncf(x)
#define trunc(x) __builtin_trunc(x)
#define roundf(x) __builtin_roundf(x)
#define round(x) __builtin_round(x)
#define rintf(x) __builtin_rintf(x)
#define rint(x) __builtin_rint(x)
#define sqrtf(x) __builtin_sqrtf(x)
#define sqrt(x) __builtin_sqrt(x)
#define fmodf(x, y) __builtin_fmodf(x, y)
#define fmod(x, y) __builtin_fmod(x, y)
#define remainderf(x, y) __builtin_remainderf(x, y)
#define remainder(x, y) __builtin_remainder(x, y)
#define ldexpf(x, n) __builtin_ldexpf(x, n)
#define ldexp(x, n) __builtin_ldexp(x, n)
#define nextafterf(x, y) __builtin_nextafterf(x, y)
#define nextafter(x, y) __builtin_nextafter(x, y)
#define frexpf(x, e) __builtin_frexpf(x, e)
#define frexp(x, e) __builtin_frexp(x, e)
#define modff(x, i) __builtin_modff(x, i)
#define modf(x, i) __builtin_modf(x, i)
#else
#include <math.h>
#endif
#endif

/* no FP contraction: gcc in ISO C mode already does not contract (and
   warns about the pragma); clang and other compilers are told */
#if defined(__clang__) || !defined(__GNUC__)
#pragma STDC FP_CONTRACT OFF
#endif

/* gcc outside ISO C mode (-std=gnu*, its default) contracts a * b + c,
   even across statements, wherever the target has FMA (-march=native, or
   the AVX2 clone below): generated code must give the same bits under any
   flags, so contraction is turned off for this file. And gcc's default
   -ftrapping-math keeps it from if-converting floating-point arithmetic
   in a work-item loop without masked instructions (AVX2 has none): FP
   exceptions are not observable in OpenCL C (no fenv, no traps), and no
   generated code or runtime reads the flags, so assuming no traps changes
   no result. clang assumes that by default. (The options hold for
   everything after this point: a function defined before the generated
   code and declared again in it, such as a printf hook, would warn
   -Wattributes; define it elsewhere or after.) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options   /* (runtime/end.h pops them) */
#if !defined(__STRICT_ANSI__)
#pragma GCC optimize("fp-contract=off")
#endif
#pragma GCC optimize("no-trapping-math")
#if !__STDC_HOSTED__
/* an optimize pragma brings back the loop-to-library-call patterns that
   -ffreestanding turns off (gcc 12 made a strlen call of a loop) */
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif
#endif

/* gcc's -Warray-bounds looks at every path, including ones a valid kernel
   never takes (a sign-extended index it cannot bound), and so does
   -Waggressive-loop-optimizations (a loop of constant trip count whose
   index runs past a private array: undefined only if that iteration runs,
   found by the fuzzer): generated code is not the place for those
   warnings */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
/* (runtime/end.h closes both at the end of the generated code) */

/* every runtime function: unused ones must not warn (clang warns about
   unused static inline functions in a .c file) */
#if defined(__GNUC__)
#define SPV2C_INLINE static inline __attribute__((unused))
#define SPV2C_NOINLINE __attribute__((noinline))
#else
#define SPV2C_INLINE static inline
#define SPV2C_NOINLINE
#endif

/* a variable's Alignment decoration beyond its C type's alignment (a
   private array declared __attribute__((aligned(32))) in OpenCL C, which
   vstorea_halfn may then rely on): GNU C only, other compilers give the
   type's own alignment */
#if defined(__GNUC__)
#define SPV2C_ALIGNED_(n) __attribute__((aligned(n)))
#else
#define SPV2C_ALIGNED_(n)
#endif

/* The OpenCL alignment of a vector type (its size, a 3-lane vector's that
   of 4 lanes; OpenCL C 1.2 s6.1.5), written before the lanes' member of its
   struct (`typedef struct { SPV2C_ALIGN_(16) float s[4]; } f32x4;`), so
   that every object holding a vector gets it: variables, struct members,
   arrays, spill slots, frames. ISO C99 has no way to ask for it: GNU C's
   attribute, C11's _Alignas or MSVC's __declspec give it; any other
   compiler gives the lanes' alignment, and a private vector's address may
   then be misaligned (docs/architecture.md, "Values in generated C"). The
   arenas take SPV2C_MAX_ALIGN_, the largest: a long16 or double16. */
#if defined(__GNUC__)
#define SPV2C_ALIGN_(n) __attribute__((aligned(n)))
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SPV2C_ALIGN_(n) _Alignas(n)
#elif defined(_MSC_VER)
#define SPV2C_ALIGN_(n) __declspec(align(n))
#else
#define SPV2C_ALIGN_(n)
#endif
#define SPV2C_MAX_ALIGN_ 128

/* a null pointer compilers cannot see through: the C of OpConstantNull
   pointers, so a store through one (undefined only if it runs) does not
   make a valid module's C warn -Wnonnull */
SPV2C_INLINE void *spv2c_null_(void) { static void *volatile n; return n; }

/* Run-time dispatch (x86-64): each kernel's work-group function is also
   compiled for AVX2 + FMA + F16C (group_K_avx2_, with SPV2C_AVX2_CLONE_,
   a target attribute: what is inlined into it is compiled for that target
   too, the kernel's body always (SPV2C_ITEM_INLINE_ in exec.h), small
   runtime helpers such as spv2c__fma_f32 as the compiler sees fit; the
   rest stays as the plain flags make it), and the launcher picks it once a launch when the CPU has
   those (spv2c_avx2_ok_). Where the build flags already enable them
   (-march=native on such a CPU) there is nothing to pick. Only gcc >= 6
   and clang >= 6 on hosted x86-64 (the check needs libgcc's or
   compiler-rt's CPU model); -DSPV2C_NO_DISPATCH leaves it out. Both
   versions give the same bits: an fma is exact whichever instruction
   computes it, and vectorised IEEE operations round as scalar ones. */
#if !defined(SPV2C_NO_DISPATCH) && !defined(SPV2C_FREESTANDING) && defined(__x86_64__) \
    && !defined(_MSC_VER) && !defined(__INTEL_COMPILER) \
    && ((defined(__clang__) && __clang_major__ >= 6) \
        || (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 6)) \
    && !(defined(__AVX2__) && defined(__FMA__) && defined(__F16C__))
#define SPV2C_AVX2_ 1
#define SPV2C_AVX2_CLONE_ __attribute__((target("avx2,fma,f16c")))
#include <cpuid.h>
static __attribute__((noinline, unused)) int spv2c_avx2_probe_(void)
{
    unsigned a, b, c, d;
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")
           && __get_cpuid(1, &a, &b, &c, &d) && (c >> 29 & 1u);   /* F16C */
}
/* once a process: cpuid can cost microseconds in a virtual machine */
static int spv2c_avx2_ = -1;
static inline __attribute__((unused)) int spv2c_avx2_ok_(void)
{
    int v = __atomic_load_n(&spv2c_avx2_, __ATOMIC_RELAXED);
    if (v < 0) {
        v = spv2c_avx2_probe_();
        __atomic_store_n(&spv2c_avx2_, v, __ATOMIC_RELAXED);
    }
    return v;
}
#else
#define SPV2C_AVX2_ 0
#endif
/* the work-item state spv2c_wi has isa_: 1 in group_K_avx2_, else 0
   (src/kernel.c); runtime/half.h picks its F16C path by it */
#define SPV2C_WI_ISA_ 1

SPV2C_INLINE uint32_t spv2c_f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
SPV2C_INLINE float spv2c_bits_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
SPV2C_INLINE uint64_t spv2c_f64_bits(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
SPV2C_INLINE double spv2c_bits_f64(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }

/* signed reinterpretation of N-bit storage, without implementation-defined
   conversions: two's complement by arithmetic */
SPV2C_INLINE int64_t spv2c_sext(uint64_t v, unsigned bits)
{
    /* branch-free, so compilers see a plain sign extension (an identity for
       64 bits): int64_t is two's complement in C99, memcpy reinterprets */
    /* (not (v ^ s) - s: gcc distributes the constant into addresses, which
       can overflow a relocation) */
    uint64_t sign = (uint64_t)1 << (bits - 1);
    int64_t r;
    if (bits == 64) {
        memcpy(&r, &v, sizeof r);
        return r;
    }
    return (int64_t)(v & (sign - 1)) - (int64_t)(v & sign);
}

/* arithmetic shift right of N-bit value; count already masked */
SPV2C_INLINE uint64_t spv2c_sra(uint64_t v, unsigned s, unsigned bits)
{
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    uint64_t r;
    v &= mask;
    r = v >> s;
    if (s && (v >> (bits - 1)) & 1)
        r |= mask & ~(mask >> s);
    return r;
}

/* signed division and remainder on N-bit storage: truncating, as OpenCL;
   division by zero gives 0 and INT_MIN / -1 gives INT_MIN instead of a trap */
SPV2C_INLINE uint64_t spv2c_sdiv(uint64_t a, uint64_t b, unsigned bits)
{
    int64_t x = spv2c_sext(a, bits), y = spv2c_sext(b, bits);
    uint64_t ux, uy, q;
    if (y == 0)
        return 0;
    ux = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    uy = y < 0 ? (uint64_t)0 - (uint64_t)y : (uint64_t)y;
    q = ux / uy;
    return ((x < 0) != (y < 0)) ? (uint64_t)0 - q : q;
}

SPV2C_INLINE uint64_t spv2c_srem(uint64_t a, uint64_t b, unsigned bits)
{
    int64_t x = spv2c_sext(a, bits), y = spv2c_sext(b, bits);
    uint64_t ux, uy, r;
    if (y == 0)
        return 0;
    ux = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    uy = y < 0 ? (uint64_t)0 - (uint64_t)y : (uint64_t)y;
    r = ux % uy;
    return x < 0 ? (uint64_t)0 - r : r;
}

/* OpSMod: the sign of the result follows the divisor */
SPV2C_INLINE uint64_t spv2c_smod(uint64_t a, uint64_t b, unsigned bits)
{
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    uint64_t r = spv2c_srem(a, b, bits) & mask;
    int64_t sr = spv2c_sext(r, bits), sb = spv2c_sext(b, bits);
    if (sr != 0 && ((sr < 0) != (sb < 0)))
        r = (r + b) & mask;
    return r;
}

SPV2C_INLINE uint64_t spv2c_udiv(uint64_t a, uint64_t b) { return b ? a / b : 0; }
SPV2C_INLINE uint64_t spv2c_urem(uint64_t a, uint64_t b) { return b ? a % b : 0; }

SPV2C_INLINE int spv2c_slt(uint64_t a, uint64_t b, unsigned bits)
{
    return spv2c_sext(a, bits) < spv2c_sext(b, bits);
}

/* float remainder as C fmod (OpFRem: sign of the dividend) */
SPV2C_INLINE float spv2c_frem_f32(float a, float b) { return fmodf(a, b); }
SPV2C_INLINE double spv2c_frem_f64(double a, double b) { return fmod(a, b); }
/* OpFMod: sign of the divisor */
SPV2C_INLINE float spv2c_fmod_f32(float a, float b)
{
    float r = fmodf(a, b);
    if (r != 0.0f && ((r < 0.0f) != (b < 0.0f)))
        r += b;
    return r;
}
SPV2C_INLINE double spv2c_fmod_f64(double a, double b)
{
    double r = fmod(a, b);
    if (r != 0.0 && ((r < 0.0) != (b < 0.0)))
        r += b;
    return r;
}
