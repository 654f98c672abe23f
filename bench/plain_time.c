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
#include "plain.h"

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
        double t0;
        if (r == 0)
            bench_cpu_mark();
        t0 = bench_now();
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
