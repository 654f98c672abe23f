/*
 * embedded_hand.c: the benchmark kernels that bench/plain.h and
 * bench/wg/hand.c do not write by hand (scan, scale_half4, blackscholes,
 * nbody, trigexp), as a C programmer would write them for a small CPU: plain
 * loops, the C library's <math.h> for the math (its results are not
 * correctly rounded, so scripts/embedded-table compares these outputs with
 * the generated code's within a norm-wise bound, and scan's and
 * scale_half4's bit for bit).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void scan(uint32_t *out, uint32_t *sums, const uint32_t *in, size_t n, size_t wg);
void scale_half4(const uint16_t *in, uint16_t *out, size_t n, float s);
void blackscholes(float *call, float *put, const float *a, const float *b, const float *c,
                  size_t n);
void nbody(float (*pos_out)[4], float (*vel_out)[4], const float (*pos)[4],
           const float (*vel)[4], size_t n, uint32_t bodies, float dt);
void trigexp(float *out, const float *a, const float *b, size_t n);

/* inclusive prefix sums within each group of wg elements; sums[g] = the
   group's total (unsigned arithmetic wraps, so the order does not matter) */
void scan(uint32_t *out, uint32_t *sums, const uint32_t *in, size_t n, size_t wg)
{
    size_t g, l;
    for (g = 0; g < n / wg; g++) {
        uint32_t acc = 0;
        for (l = 0; l < wg; l++) {
            acc += in[g * wg + l];
            out[g * wg + l] = acc;
        }
        sums[g] = acc;
    }
}

static float half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 1023u, bits;
    float f;
    if (e == 31) {
        bits = sign | 0x7f800000u | m << 13;
    } else if (e) {
        bits = sign | (e + 112) << 23 | m << 13;
    } else {
        f = (float)m * 0x1p-24f;      /* subnormal or zero: exact */
        return sign ? -f : f;
    }
    memcpy(&f, &bits, 4);
    return f;
}

/* round toward zero */
static uint16_t float_to_half_rtz(float f)
{
    uint32_t bits, sign, e, m;
    memcpy(&bits, &f, 4);
    sign = bits >> 16 & 0x8000u;
    e = bits >> 23 & 255;
    m = bits & 0x7fffffu;
    if (e == 255)                                   /* inf, NaN (kept quiet) */
        return (uint16_t)(sign | 0x7c00u | (m ? 0x200u | m >> 13 : 0));
    if (e > 142)                                    /* >= 2^16: the largest half */
        return (uint16_t)(sign | 0x7bffu);
    if (e >= 113)                                   /* normal half */
        return (uint16_t)(sign | (e - 112) << 10 | m >> 13);
    if (e >= 103)                                   /* subnormal half */
        return (uint16_t)(sign | (m | 0x800000u) >> (126 - e));
    return (uint16_t)sign;
}

/* vload_half4 * s -> vstore_half4_rtz */
void scale_half4(const uint16_t *in, uint16_t *out, size_t n, float s)
{
    size_t i;
    for (i = 0; i < 4 * n; i++)
        out[i] = float_to_half_rtz(half_to_float(in[i]) * s);
}

static float cnd(float d)
{
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = 0.3989422804f * expf(-0.5f * d * d)
              * (k * (0.31938153f + k * (-0.356563782f + k * (1.781477937f
                 + k * (-1.821255978f + k * 1.330274429f)))));
    return d > 0 ? 1.0f - c : c;
}

void blackscholes(float *call, float *put, const float *a, const float *b, const float *c,
                  size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        float s = 30.0f + 20.0f * a[i], x = 30.0f + 20.0f * b[i], t = 1.5f + c[i];
        float r = 0.02f, v = 0.30f, sq = sqrtf(t);
        float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sq), d2 = d1 - v * sq;
        float e = expf(-r * t);
        call[i] = s * cnd(d1) - x * e * cnd(d2);
        put[i] = x * e * cnd(-d2) - s * cnd(-d1);
    }
}

void nbody(float (*pos_out)[4], float (*vel_out)[4], const float (*pos)[4],
           const float (*vel)[4], size_t n, uint32_t bodies, float dt)
{
    size_t i;
    uint32_t j;
    int k;
    for (i = 0; i < n; i++) {
        float acc[3] = { 0.0f, 0.0f, 0.0f };
        for (j = 0; j < bodies; j++) {
            float d[3], r2, inv, w;
            for (k = 0; k < 3; k++)
                d[k] = pos[j][k] - pos[i][k];
            r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 0.01f;
            inv = 1.0f / sqrtf(r2);
            w = (pos[j][3] + 1.0f) * inv * inv * inv;
            for (k = 0; k < 3; k++)
                acc[k] += w * d[k];
        }
        for (k = 0; k < 3; k++) {
            vel_out[i][k] = vel[i][k] + dt * acc[k];
            pos_out[i][k] = pos[i][k] + dt * vel_out[i][k];
        }
        vel_out[i][3] = vel[i][3];
        pos_out[i][3] = pos[i][3];
    }
}

void trigexp(float *out, const float *a, const float *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        float t = 8.0f * a[i], r = 2.0f + b[i];
        float c = cosf(t), s = sinf(t);
        float x = r * c * expf(-0.125f * t * t), y = r * s;
        float rho = logf(x * x + y * y + 1.0f), phi = atan2f(y, x);
        out[i] = rho * cosf(phi) + powf(r, 1.5f) * sinf(0.5f * t);
    }
}
