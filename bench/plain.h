/*
 * plain.h: the benchmark's kernels written by hand as a C programmer would
 * (one loop nest, restrict pointers): saxpy, classify, stencil, matvec,
 * conv5x5. bench/plain_time.c times them (bench-run's "hand" column);
 * bench/embedded.c counts their instructions on emulated ARM CPUs
 * (scripts/embedded-table). The functions are static unless PLAIN_FN is
 * defined (e.g. empty, to give them external linkage and measure them).
 */
#ifndef PLAIN_H
#define PLAIN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifndef PLAIN_FN
#define PLAIN_FN static
#endif

typedef struct { uint32_t c[4]; } u32x4;

/* saxpy: y = a * x + y. Written as mad is written in OpenCL C; fmaf would
   be the fused form (the C compiler contracts only under -ffp-contract) */
PLAIN_FN void saxpy(size_t n, float *restrict y, const float *restrict x, float a)
{
    size_t i;
    for (i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

PLAIN_FN void classify(size_t nitems, const uint8_t *restrict data, uint32_t n, uint32_t stride,
                       u32x4 *restrict counts, uint32_t *restrict digits)
{
    size_t id;
    for (id = 0; id < nitems; id++) {
        uint32_t c[4] = { 0, 0, 0, 0 }, d = 0, i;
        for (i = (uint32_t)id; i < n; i += stride) {
            uint8_t b = data[i];
            c[b >> 6]++;
            d += (b >= '0' && b <= '9');
        }
        memcpy(counts[id].c, c, sizeof c);
        digits[id] = d;
    }
}

PLAIN_FN void stencil(float *restrict out, const float *restrict in, uint32_t w, uint32_t h)
{
    size_t x, y;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            size_t i = y * w + x;
            if (x == 0 || y == 0 || x + 1 == w || y + 1 == h)
                out[i] = in[i];
            else
                out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
        }
}

/* matvec and conv5x5 accumulate as the OpenCL C does, in the same order;
   unfused unless the compiler contracts (it does not at -std=c99) */
PLAIN_FN void matvec(size_t n, float *restrict y, const float *restrict a,
                     const float *restrict x)
{
    size_t i, j;
    for (i = 0; i < n; i++) {
        float acc = 0.0f;
        for (j = 0; j < n; j++)
            acc += a[i * n + j] * x[j];
        y[i] = acc;
    }
}

PLAIN_FN void conv5x5(size_t ow, size_t oh, float *restrict out, const float *restrict in,
                      const float *restrict f, uint32_t w)
{
    size_t x, y;
    int dx, dy;
    for (y = 0; y < oh; y++)
        for (x = 0; x < ow; x++) {
            const float *p = in + y * w + x;
            float acc = 0.0f;
            for (dy = 0; dy < 5; dy++)
                for (dx = 0; dx < 5; dx++)
                    acc += f[dy * 5 + dx] * p[dy * w + dx];
            out[y * (w - 4) + x] = acc;
        }
}

#endif
