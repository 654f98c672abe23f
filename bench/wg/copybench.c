/*
 * copybench: the runtime's strided copy routine (runtime/async.h,
 * spv2c_strided_copy, which every async_work_group_(strided_)copy of the
 * generated code calls) against memcpy (stride 1) and against plain C
 * loops (strides 2 to 16), at element sizes 1, 4 and 16 bytes, both
 * directions: gather (strided source, contiguous destination: global ->
 * local) and scatter (contiguous source, strided destination).
 *
 *   copybench [--samples N]
 *   build: cc -std=c99 -O2 copybench.c   (includes ../../runtime/base.h and
 *          async.h; -DCOPYBENCH_ASYNC='"other.h"' measures another async.h)
 *
 * The routine is measured two ways, each called through a volatile function
 * pointer so that nothing is specialised for the benchmark's constants:
 *   opaque:    every argument a run-time value (a call the compiler cannot
 *              specialise, like a replacement linked from elsewhere);
 *   generated: as the generated code calls it (templates/async.lua): the
 *              element size and the contiguous side's stride 1 are
 *              constants, the strided side's stride a run-time value.
 * The plain loops are what one would write: a typed element, the
 * contiguous side indexed by i. Each sample repeats a copy until it has
 * moved >= 2 MiB; samples of routine and reference alternate; the time is
 * the process's CPU time (less disturbed by other processes than the wall
 * clock). Every cell is the median of the per-pair ratios routine
 * throughput / reference throughput (> 1: the routine is faster); the last
 * columns give the reference's throughput. Each copy's bytes are checked
 * against the reference's first.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../../runtime/base.h"
#ifdef COPYBENCH_ASYNC
#include COPYBENCH_ASYNC
#else
#include "../../runtime/async.h"
#endif

typedef struct { uint64_t a, b; } e16;   /* a 16-byte element (float4, int4) */

static void routine(void *d, const void *s, size_t n, size_t es, size_t ds, size_t ss)
{
    spv2c_strided_copy(d, s, n, es, ds, ss);
}
static void mc(void *d, const void *s, size_t n, size_t es, size_t ds, size_t ss)
{
    (void)ds; (void)ss;
    memcpy(d, s, n * es);
}
#define LOOPS(T, SUF)                                                              \
static void gather_##SUF(void *d, const void *s, size_t n, size_t es, size_t ds,   \
                         size_t ss)                                                \
{                                                                                  \
    T *D = d; const T *S = s; size_t i;                                            \
    (void)es; (void)ds;                                                            \
    for (i = 0; i < n; i++)                                                        \
        D[i] = S[i * ss];                                                          \
}                                                                                  \
static void scatter_##SUF(void *d, const void *s, size_t n, size_t es, size_t ds,  \
                          size_t ss)                                               \
{                                                                                  \
    T *D = d; const T *S = s; size_t i;                                            \
    (void)es; (void)ss;                                                            \
    for (i = 0; i < n; i++)                                                        \
        D[i * ds] = S[i];                                                          \
}
LOOPS(uint8_t, 1)
LOOPS(uint32_t, 4)
LOOPS(e16, 16)

/* the routine as the generated code calls it: constant element size and
   contiguous-side stride */
#define GEN(ES)                                                                    \
static void gen_gather_##ES(void *d, const void *s, size_t n, size_t es, size_t ds,\
                            size_t ss)                                             \
{                                                                                  \
    (void)es; (void)ds;                                                            \
    spv2c_strided_copy(d, s, n, ES, 1, ss);                                        \
}                                                                                  \
static void gen_scatter_##ES(void *d, const void *s, size_t n, size_t es,          \
                             size_t ds, size_t ss)                                 \
{                                                                                  \
    (void)es; (void)ss;                                                            \
    spv2c_strided_copy(d, s, n, ES, ds, 1);                                        \
}                                                                                  \
static void gen_contig_##ES(void *d, const void *s, size_t n, size_t es,           \
                            size_t ds, size_t ss)                                  \
{                                                                                  \
    (void)es; (void)ds; (void)ss;                                                  \
    spv2c_strided_copy(d, s, n, ES, 1, 1);                                         \
}
GEN(1)
GEN(4)
GEN(16)

typedef void copy_fn(void *, const void *, size_t, size_t, size_t, size_t);
static copy_fn *volatile f_routine, *volatile f_ref;

static double cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmpd);
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

static unsigned char *src, *dst, *dst2;
static int samples = 15;

/* bytes per second of f over n elements; alternating samples with f_ref */
static void measure(copy_fn *rout, copy_fn *ref, size_t n, size_t es, size_t ds, size_t ss,
                    double *ratio, double *gr, double *gf)
{
    double r[64], tr[64], tf[64];
    size_t bytes = n * es, reps = (2u << 20) / bytes + 1, k;
    int i;
    f_routine = rout;
    f_ref = ref;
    /* check: same bytes written as the reference */
    memset(dst, 0, bytes * (ds > 1 ? ds : 1));
    memset(dst2, 0, bytes * (ds > 1 ? ds : 1));
    f_routine(dst, src, n, es, ds, ss);
    f_ref(dst2, src, n, es, ds, ss);
    if (memcmp(dst, dst2, bytes * ds)) {
        fprintf(stderr, "copybench: routine differs from the reference (n %zu, size %zu, "
                "strides %zu %zu)\n", n, es, ds, ss);
        exit(1);
    }
    for (i = 0; i < samples; i++) {
        double t0 = cpu();
        for (k = 0; k < reps; k++)
            f_routine(dst, src, n, es, ds, ss);
        tr[i] = cpu() - t0;
        t0 = cpu();
        for (k = 0; k < reps; k++)
            f_ref(dst2, src, n, es, ds, ss);
        tf[i] = cpu() - t0;
        r[i] = tf[i] / tr[i];
    }
    *ratio = median(r, samples);
    *gr = (double)bytes * (double)reps / median(tr, samples) * 1e-9;
    *gf = (double)bytes * (double)reps / median(tf, samples) * 1e-9;
}

int main(int argc, char **argv)
{
    static const size_t sizes[3] = {1, 4, 16}, strides[6] = {2, 3, 4, 7, 8, 16};
    static const size_t totals[3] = {256, 4096, 65536};
    copy_fn *gathers[3] = {gather_1, gather_4, gather_16};
    copy_fn *scatters[3] = {scatter_1, scatter_4, scatter_16};
    copy_fn *ggathers[3] = {gen_gather_1, gen_gather_4, gen_gather_16};
    copy_fn *gscatters[3] = {gen_scatter_1, gen_scatter_4, gen_scatter_16};
    copy_fn *gcontig[3] = {gen_contig_1, gen_contig_4, gen_contig_16};
    const size_t B = 16384;   /* contiguous side of a strided copy */
    size_t a, j, dir;
    double ratio[3][2], gr, gf[3];

    if (argc == 3 && !strcmp(argv[1], "--samples"))
        samples = atoi(argv[2]);
    if (samples < 1 || samples > 64)
        samples = 15;
    src = malloc(B * 16 + 65536);
    dst = malloc(B * 16 + 65536);
    dst2 = malloc(B * 16 + 65536);
    if (!src || !dst || !dst2)
        return 1;
    for (a = 0; a < B * 16 + 65536; a++)
        src[a] = (unsigned char)(a * 131 + 7);

    printf("| copy | reference | bytes | 1 B opaque | 1 B generated | 4 B opaque | "
           "4 B generated | 16 B opaque | 16 B generated | reference GB/s (1, 4, 16 B) |\n"
           "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (j = 0; j < 3 + 2 * 6; j++) {
        size_t st = j < 3 ? 1 : strides[(j - 3) % 6], bytes = j < 3 ? totals[j] : B;
        dir = j < 3 ? 0 : (j - 3) / 6;
        for (a = 0; a < 3; a++) {
            size_t n = bytes / sizes[a], ds = dir ? st : 1, ss = dir ? 1 : st;
            copy_fn *ref = j < 3 ? mc : dir ? scatters[a] : gathers[a];
            copy_fn *gen = j < 3 ? gcontig[a] : dir ? gscatters[a] : ggathers[a];
            measure(routine, ref, n, sizes[a], ds, ss, &ratio[a][0], &gr, &gf[a]);
            measure(gen, ref, n, sizes[a], ds, ss, &ratio[a][1], &gr, &gf[a]);
        }
        if (j < 3)
            printf("| contiguous | memcpy | %zu |", bytes);
        else
            printf("| %s, stride %zu | C loop | %zu |", dir ? "scatter" : "gather", st, bytes);
        for (a = 0; a < 3; a++)
            printf(" %.2f | %.2f |", ratio[a][0], ratio[a][1]);
        printf(" %.1f, %.1f, %.1f |\n", gf[0], gf[1], gf[2]);
        fflush(stdout);
    }
    return 0;
}
