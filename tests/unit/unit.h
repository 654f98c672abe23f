/*
 * Shared scaffolding of the runtime unit tests: the runtime parts in the
 * order the emitter pastes them, a deterministic random source, checks
 * that count and print the first failures, and oracles built on MPFR.
 *
 * The parts are included by relative path: an -I to runtime/ would make
 * <math.h> resolve to runtime/math.h.
 */
#ifndef UNIT_H
#define UNIT_H

#include "../../runtime/base.h"
#include "../../runtime/convert.h"
#include "../../runtime/integer.h"
#include "../../runtime/math.h"
#include "../../runtime/half.h"

#include <stdio.h>
#include <stdlib.h>

#define MPFR_USE_INTMAX_T 1
#include <mpfr.h>

/* ---- counts ---- */

static long unit_checked, unit_failed, group_checked, group_failed;
static const char *group_name = "";

static inline void group(const char *name)
{
    if (group_checked || group_failed)
        printf("  %-46s %9ld checked %6ld failed\n", group_name, group_checked, group_failed);
    group_name = name;
    group_checked = group_failed = 0;
}

/* CHECK(ok, "fmt", ...): count one check; print the first failures */
#define CHECK(ok, ...) do { \
        unit_checked++; group_checked++; \
        if (!(ok)) { \
            unit_failed++; group_failed++; \
            if (group_failed <= 5) { \
                printf("FAIL %s: ", group_name); \
                printf(__VA_ARGS__); \
                printf("\n"); \
            } \
        } \
    } while (0)

static inline int finish(const char *prog)
{
    group("");
    printf("%s: %ld passed, %ld failed\n", prog, unit_checked - unit_failed, unit_failed);
    return unit_failed ? 1 : 0;
}

/* ---- random numbers: splitmix64, fixed seed ---- */

static uint64_t rng_state = 0x853c49e6748fea9bu;

static inline uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline uint32_t rnd32(void) { return (uint32_t)(rnd64() >> 32); }

/* integers that hit the edges: random, small, near powers of two, extremes */
static inline uint64_t rnd_edgy64(void)
{
    uint64_t r = rnd64();
    unsigned k = (unsigned)(r & 63);
    switch ((r >> 6) & 7) {
    case 0: return rnd64();
    case 1: return (uint64_t)1 << k;
    case 2: return ((uint64_t)1 << k) - 1u;
    case 3: return 0u - ((uint64_t)1 << k);
    case 4: return ((uint64_t)1 << k) + (rnd64() & 7u) - 3u;
    case 5: return rnd64() >> k;
    case 6: return (r >> 12) & 15u;
    default: return 0u - ((r >> 12) & 15u);
    }
}

/* rounding modes as the runtime numbers them: 0 rte, 1 rtz, 2 rtp, 3 rtn */
static inline const char *mode_name(int m)
{
    return m == 0 ? "rte" : m == 1 ? "rtz" : m == 2 ? "rtp" : "rtn";
}

static inline mpfr_rnd_t mode_rnd(int m)
{
    return m == 0 ? MPFR_RNDN : m == 1 ? MPFR_RNDZ : m == 2 ? MPFR_RNDU : MPFR_RNDD;
}

/* ---- MPFR oracles ---- */

/*
 * x rounded to a binary format of p significant bits whose smallest
 * quantum is 2^qmin (subnormals) and largest finite value maxf, by IEEE
 * rules: the exact value is scaled to its quantum, rounded to an integer
 * by mpfr_rint, and overflow is settled by mode and sign. Returns a double
 * holding the result exactly (or +-inf).
 */
static inline double oracle_round(mpfr_t x, int p, long qmin, double maxf, int mode)
{
    mpfr_t q;
    long qexp;
    double d;
    if (mpfr_nan_p(x))
        return NAN;
    if (mpfr_inf_p(x))
        return mpfr_sgn(x) > 0 ? INFINITY : -INFINITY;
    if (mpfr_zero_p(x))
        return mpfr_signbit(x) ? -0.0 : 0.0;
    qexp = (long)mpfr_get_exp(x) - p;
    if (qexp < qmin)
        qexp = qmin;
    mpfr_init2(q, mpfr_get_prec(x) + 2);
    mpfr_mul_2si(q, x, -qexp, MPFR_RNDN);            /* exact */
    mpfr_rint(q, q, mode_rnd(mode));
    if (mpfr_zero_p(q)) {
        d = mpfr_signbit(x) ? -0.0 : 0.0;
    } else {
        mpfr_mul_2si(q, q, qexp, MPFR_RNDN);        /* exact */
        if (mpfr_cmpabs_ui(q, 0) > 0 && mpfr_get_exp(q) > 1100) {
            d = mpfr_sgn(q) > 0 ? INFINITY : -INFINITY;
        } else {
            d = mpfr_get_d(q, MPFR_RNDN);           /* exact */
        }
        if (fabs(d) > maxf) {
            int pos = d > 0;
            int inf = mode == 0 || (mode == 2 && pos) || (mode == 3 && !pos);
            d = inf ? (pos ? INFINITY : -INFINITY) : (pos ? maxf : -maxf);
        }
    }
    mpfr_clear(q);
    return d;
}

static inline float oracle_f32(mpfr_t x, int mode)
{
    return (float)oracle_round(x, 24, -149, FLT_MAX, mode);
}

static inline double oracle_f64(mpfr_t x, int mode)
{
    return oracle_round(x, 53, -1074, DBL_MAX, mode);
}

/* half bits of a double that holds a half value exactly, by arithmetic */
static inline uint16_t half_encode(double d)
{
    uint16_t s = signbit(d) ? 0x8000u : 0;
    double a = fabs(d);
    int e = 0;
    if (a != a)
        return 0x7e00u | s;
    if (a == INFINITY)
        return 0x7c00u | s;
    if (a < 0x1p-14)
        return (uint16_t)(s | (uint16_t)(a * 0x1p24));   /* subnormal count */
    while (a >= 2) { a /= 2; e++; }
    while (a < 1) { a *= 2; e--; }
    return (uint16_t)(s | ((e + 15) << 10) | (uint16_t)((a - 1) * 1024));
}

static inline uint16_t oracle_f16(mpfr_t x, int mode)
{
    return half_encode(oracle_round(x, 11, -24, 65504.0, mode));
}

/* float results compare by bits; any NaN matches any NaN */
static inline int same_f32(float a, float b)
{
    return (a != a && b != b) || spv2c_f32_bits(a) == spv2c_f32_bits(b);
}

static inline int same_f64(double a, double b)
{
    return (a != a && b != b) || spv2c_f64_bits(a) == spv2c_f64_bits(b);
}

#endif
