/*
 * plain_time: the benchmark's kernels as a C programmer would write them by
 * hand (one loop nest, restrict pointers), timed like the other timers.
 *
 *   plain_time KERNEL [bench.h options] ARG...     (same ARGs as the kernel)
 *
 * KERNEL: saxpy (y, x, a), classify (data, n, stride, counts, digits),
 * stencil (out, in, w, h), matvec (y, a, x, n), conv5x5 (out, in, f, w).
 * The global size gives the loop bounds.
 * Build: cc -std=c99 -O2 plain_time.c -o plain_time
 */
#include "bench.h"

typedef struct { uint32_t c[4]; } u32x4;

/* saxpy: y = a * x + y. Written as mad is written in OpenCL C; fmaf would
   be the fused form (the C compiler contracts only under -ffp-contract) */
static void saxpy(size_t n, float *restrict y, const float *restrict x, float a)
{
    size_t i;
    for (i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

static void classify(size_t nitems, const uint8_t *restrict data, uint32_t n, uint32_t stride,
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

static void stencil(float *restrict out, const float *restrict in, uint32_t w, uint32_t h)
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
static void matvec(size_t n, float *restrict y, const float *restrict a,
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

static void conv5x5(size_t ow, size_t oh, float *restrict out, const float *restrict in,
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

static uint32_t u32(const bench_arg *a)
{
    uint32_t v;
    memcpy(&v, a->data, 4);
    return v;
}

int main(int argc, char **argv)
{
    bench_cfg c;
    bench_arg *a;
    double t[BENCH_MAX_RUNS];
    const char *kernel;
    int r;

    if (argc < 2)
        bench_die("usage: plain_time KERNEL [--global ...] ARG...", NULL);
    kernel = argv[1];
    argv[1] = argv[0];
    bench_parse(argc - 1, argv + 1, &c);
    a = c.args;
    if (strcmp(kernel, "saxpy") && strcmp(kernel, "classify") && strcmp(kernel, "stencil") &&
        strcmp(kernel, "matvec") && strcmp(kernel, "conv5x5"))
        bench_die("unknown kernel", kernel);
    for (r = -c.warmup; r < c.runs; r++) {
        double t0 = bench_now();
        if (!strcmp(kernel, "saxpy")) {
            float s;
            memcpy(&s, a[2].data, 4);
            saxpy(c.global[0], a[0].data, a[1].data, s);
        } else if (!strcmp(kernel, "classify")) {
            classify(c.global[0], a[0].data, u32(&a[1]), u32(&a[2]), a[3].data, a[4].data);
        } else if (!strcmp(kernel, "stencil")) {
            stencil(a[0].data, a[1].data, u32(&a[2]), u32(&a[3]));
        } else if (!strcmp(kernel, "matvec")) {
            matvec(c.global[0], a[0].data, a[1].data, a[2].data);
        } else {
            conv5x5(c.global[0], c.global[1], a[0].data, a[1].data, a[2].data, u32(&a[3]));
        }
        if (r >= 0)
            t[r] = bench_now() - t0;
    }
    bench_report(&c, t, c.runs);
    return 0;
}
