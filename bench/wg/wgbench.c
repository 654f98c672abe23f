/*
 * wgbench: the work-group benchmark (scripts/bench-wg builds and runs it).
 *
 *   wgbench [--runs R] [--n N] [--rn RN] [--gn GN] [--stride S] KERNELS.cl
 *
 * Three kernels of KERNELS.cl (matmul, reduce, gather), each run by
 *   - PoCL (the first OpenCL CPU device; POCL_MAX_PTHREAD_COUNT=1 is set
 *     here unless already set): program built from source, one warm-up
 *     launch (PoCL compiles the work-group function then), timed region =
 *     clEnqueueNDRangeKernel + clFinish;
 *   - spv2c's generated C, compiled -O2 (prefix o2_) and -O3 -march=native
 *     (prefix o3_), timed region = the o2_run_NAME / o3_run_NAME call;
 *   - hand.c compiled the same two ways (prefixes h2_, h3_);
 *   - optionally (-DWG_EXTRA) a hand-edited copy of the generated C, the
 *     same two ways (prefixes x2_, x3_).
 * Each variant's output is compared byte for byte with PoCL's before any
 * timing (and again after); a mismatch exits 1. Then R rounds, each
 * launching every variant once in a rotating order, timing each launch by
 * the wall clock and by the process's CPU time (the PoCL worker thread
 * included). The report: two markdown tables (wall, CPU) with the median
 * time of each variant and the medians of the per-round ratios, and a
 * third with each variant's least CPU time and the ratios of those (on a
 * shared machine other jobs only ever add time).
 */
#define _POSIX_C_SOURCE 200112L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "o2.h"
#include "o3.h"
#ifdef WG_EXTRA
#include "x2.h"
#include "x3.h"
#endif

#define MAXR 101
#define MAXV 7

void h2_matmul(const float *a, const float *b, float *c, int n);
void h2_reduce(const float *x, float *sums, size_t n, size_t w);
void h2_gather(const float *x, float *y, size_t n, size_t stride);
void h3_matmul(const float *a, const float *b, float *c, int n);
void h3_reduce(const float *x, float *sums, size_t n, size_t w);
void h3_gather(const float *x, float *y, size_t n, size_t stride);

static size_t N = 512;          /* matmul: N x N */
static size_t RN = 1u << 22;    /* reduce: elements */
static size_t GN = 1u << 20;    /* gather: work-items (outputs) */
static size_t S = 4;            /* gather: stride */
static const size_t RW = 256, GW = 256; /* their local sizes */

static float *A, *B, *C, *X, *SUMS, *GX, *GY;

static cl_command_queue q;
static cl_kernel kmm, kred, kgat;
static cl_mem mA, mB, mC, mX, mSUMS, mGX, mGY;

static void die(const char *m, int e)
{
    fprintf(stderr, "wgbench: %s (%d)\n", m, e);
    exit(1);
}
#define CK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) die(#x, e_); } while (0)

static double now(clockid_t clk)
{
    struct timespec t;
    clock_gettime(clk, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void fill(float *p, size_t n, uint64_t s)
{
    size_t i;
    for (i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        p[i] = (float)((s >> 40) & 0xffffff) / 8388608.0f - 1.0f;   /* [-1, 1) */
    }
}

/* ---- the variants: each runs one kernel once, returns 0 on success ---- */
static int pocl_run(cl_kernel k, unsigned dim, const size_t *g, const size_t *l)
{
    CK(clEnqueueNDRangeKernel(q, k, dim, NULL, g, l, 0, NULL, NULL));
    CK(clFinish(q));
    return 0;
}
static int p_mm(void) { size_t g[2] = {N, N}, l[2] = {16, 16}; return pocl_run(kmm, 2, g, l); }
static int p_red(void) { size_t g = RN, l = RW; return pocl_run(kred, 1, &g, &l); }
static int p_gat(void) { size_t g = GN, l = GW; return pocl_run(kgat, 1, &g, &l); }

#define SPV(P)                                                                      \
static int P##mm(void) {                                                            \
    P##ndrange r = {2, {0, 0, 0}, {N, N, 1}, {16, 16, 1}};                          \
    return P##run_matmul(&r, A, B, C, (uint32_t)N); }                               \
static int P##red(void) {                                                           \
    P##ndrange r = {1, {0, 0, 0}, {RN, 1, 1}, {RW, 1, 1}};                          \
    return P##run_reduce(&r, X, SUMS, RW * sizeof(float)); }                        \
static int P##gat(void) {                                                           \
    P##ndrange r = {1, {0, 0, 0}, {GN, 1, 1}, {GW, 1, 1}};                          \
    return P##run_gather(&r, GX, GY, GW * sizeof(float), (uint32_t)S); }
SPV(o2_)
SPV(o3_)
#ifdef WG_EXTRA
SPV(x2_)
SPV(x3_)
#endif
#define HAND(P)                                                                     \
static int P##mm(void) { P##matmul(A, B, C, (int)N); return 0; }                    \
static int P##red(void) { P##reduce(X, SUMS, RN, RW); return 0; }                   \
static int P##gat(void) { P##gather(GX, GY, GN, S); return 0; }
HAND(h2_)
HAND(h3_)

typedef struct { const char *name; int (*run)(void); } variant;

static void check_out(const char *kname, const char *vname, const void *got, const void *ref,
                      size_t bytes)
{
    if (memcmp(got, ref, bytes)) {
        size_t i = 0;
        const float *g = got, *r = ref;
        while (i < bytes / 4 && !memcmp(&g[i], &r[i], 4))
            i++;
        fprintf(stderr, "wgbench: %s: %s output differs from PoCL's at float %zu: %a vs %a\n",
                kname, vname, i, (double)g[i], (double)r[i]);
        exit(1);
    }
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

/* the results: per kernel, per variant, per round, wall and CPU seconds */
#define MAXK 3
static double tw[MAXK][MAXV][MAXR], tc[MAXK][MAXV][MAXR];
static char rowname[MAXK][96];
static const char *vnames[MAXV];
static int nk, nvar, nruns;

/* verify every variant against PoCL, then time R rounds */
static void bench(const char *kname, const char *size, variant *v, int nv, void *out,
                  cl_mem mout, size_t bytes, int runs)
{
    void *ref = malloc(bytes);
    int i, r, round;
    if (!ref || nk == MAXK)
        die("out of memory", 0);
    /* v[0] is PoCL: warm-up (compiles), then its output is the reference */
    memset(out, 0, bytes);
    CK(clEnqueueWriteBuffer(q, mout, CL_TRUE, 0, bytes, out, 0, NULL, NULL));
    v[0].run();
    CK(clEnqueueReadBuffer(q, mout, CL_TRUE, 0, bytes, ref, 0, NULL, NULL));
    for (i = 1; i < nv; i++) {
        memset(out, 0, bytes);
        if (v[i].run())
            die("launch failed", i);
        check_out(kname, v[i].name, out, ref, bytes);
    }
    for (round = 0; round < runs; round++)
        for (r = 0; r < nv; r++) {
            int k = (r + round) % nv;
            double w0, c0;
            w0 = now(CLOCK_MONOTONIC);
            c0 = now(CLOCK_PROCESS_CPUTIME_ID);
            v[k].run();
            tc[nk][k][round] = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
            tw[nk][k][round] = now(CLOCK_MONOTONIC) - w0;
        }
    for (i = 1; i < nv; i++) {   /* outputs after timing: still the reference */
        memset(out, 0, bytes);
        v[i].run();
        check_out(kname, v[i].name, out, ref, bytes);
    }
    CK(clEnqueueReadBuffer(q, mout, CL_TRUE, 0, bytes, out, 0, NULL, NULL));
    check_out(kname, "PoCL (after timing)", out, ref, bytes);
    snprintf(rowname[nk], sizeof rowname[nk], "%s | %s", kname, size);
    for (i = 0; i < nv; i++)
        vnames[i] = v[i].name;
    nvar = nv;
    nruns = runs;
    nk++;
    free(ref);
}

static double least(const double *a, int n)
{
    double m = a[0];
    int i;
    for (i = 1; i < n; i++)
        if (a[i] < m)
            m = a[i];
    return m;
}

/* one markdown table: median ms of each variant, then the medians of the
   per-round ratios PoCL / X (speed-up over PoCL) and X / hand (slow-down
   against hand-written C at the same flags) for each generated variant;
   with best, the least time of each variant and the ratios of those */
static void table(double t[MAXK][MAXV][MAXR], int best)
{
    static double ratio[MAXR], tmp[MAXR];
    int k, i, round;
    printf("| kernel | size |");
    for (i = 0; i < nvar; i++)
        printf(" %s ms |", vnames[i]);
    for (i = 1; i < nvar; i++)
        if (strncmp(vnames[i], "hand", 4))
            printf(" PoCL / %s |", vnames[i]);
    for (i = 1; i < nvar; i++)
        if (strncmp(vnames[i], "hand", 4))
            printf(" %s / hand |", vnames[i]);
    printf("\n|---|---|");
    for (i = 0; i < nvar + (nvar - 3) * 2; i++)
        printf("---:|");
    printf("\n");
    for (k = 0; k < nk; k++) {
        printf("| %s |", rowname[k]);
        for (i = 0; i < nvar; i++) {
            memcpy(tmp, t[k][i], sizeof(double) * (size_t)nruns);
            printf(" %.2f |", (best ? least(tmp, nruns) : median(tmp, nruns)) * 1e3);
        }
        for (i = 1; i < nvar; i++) {
            if (!strncmp(vnames[i], "hand", 4))
                continue;
            for (round = 0; round < nruns; round++)
                ratio[round] = t[k][0][round] / t[k][i][round];
            printf(" %.2f |", best ? least(t[k][0], nruns) / least(t[k][i], nruns)
                                   : median(ratio, nruns));
        }
        for (i = 1; i < nvar; i++) {
            int h = strstr(vnames[i], "-O2") ? 3 : 4;  /* v[3] hand -O2, v[4] hand -O3n */
            if (!strncmp(vnames[i], "hand", 4))
                continue;
            for (round = 0; round < nruns; round++)
                ratio[round] = t[k][i][round] / t[k][h][round];
            printf(" %.2f |", best ? least(t[k][i], nruns) / least(t[k][h], nruns)
                                   : median(ratio, nruns));
        }
        printf("\n");
    }
}

static cl_mem buf(cl_context ctx, void *p, size_t bytes)
{
    cl_int e;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, p, &e);
    CK(e);
    return m;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;
    char *s;
    if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
        die("cannot read the kernels", 0);
    s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n)
        die("cannot read the kernels", 0);
    s[n] = 0;
    fclose(f);
    return s;
}

int main(int argc, char **argv)
{
    int runs = 9, i;
    const char *cl = NULL;
    char sz[64];
    cl_platform_id plats[8];
    cl_uint np, p;
    cl_device_id dev = NULL;
    cl_context ctx;
    cl_program prog;
    cl_int e;
    const char *src;
    int nv;
    cl_uint s32;

    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--n") && i + 1 < argc)
            N = (size_t)atol(argv[++i]);
        else if (!strcmp(argv[i], "--rn") && i + 1 < argc)
            RN = (size_t)atol(argv[++i]);
        else if (!strcmp(argv[i], "--gn") && i + 1 < argc)
            GN = (size_t)atol(argv[++i]);
        else if (!strcmp(argv[i], "--stride") && i + 1 < argc)
            S = (size_t)atol(argv[++i]);
        else
            cl = argv[i];
    }
    if (!cl || runs < 1 || runs > MAXR || N % 16 || !N || RN % RW || !RN || GN % GW || !GN || !S)
        die("usage: wgbench [--runs 1..101] [--n 16k] [--rn 256k] [--gn 256k] [--stride S] "
            "KERNELS.cl", 0);
    setenv("POCL_MAX_PTHREAD_COUNT", "1", 0);

    A = malloc(N * N * 4); B = malloc(N * N * 4); C = calloc(N * N, 4);
    X = malloc(RN * 4); SUMS = calloc(RN / RW, 4);
    GX = malloc(GN * S * 4); GY = calloc(GN, 4);
    if (!A || !B || !C || !X || !SUMS || !GX || !GY)
        die("out of memory", 0);
    fill(A, N * N, 1); fill(B, N * N, 2); fill(X, RN, 3); fill(GX, GN * S, 4);

    CK(clGetPlatformIDs(8, plats, &np));
    for (p = 0; p < np && !dev; p++)
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_CPU, 1, &dev, NULL) != CL_SUCCESS)
            dev = NULL;
    if (!dev)
        die("no OpenCL CPU device", 0);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    CK(e);
    q = clCreateCommandQueue(ctx, dev, 0, &e);
    CK(e);
    src = slurp(cl);
    prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    CK(e);
    if (clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
        static char log[65536];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "wgbench: PoCL build failed:\n%s\n", log);
        return 1;
    }
    kmm = clCreateKernel(prog, "matmul", &e); CK(e);
    kred = clCreateKernel(prog, "reduce", &e); CK(e);
    kgat = clCreateKernel(prog, "gather", &e); CK(e);
    mA = buf(ctx, A, N * N * 4); mB = buf(ctx, B, N * N * 4); mC = buf(ctx, C, N * N * 4);
    mX = buf(ctx, X, RN * 4); mSUMS = buf(ctx, SUMS, RN / RW * 4);
    mGX = buf(ctx, GX, GN * S * 4); mGY = buf(ctx, GY, GN * 4);
    s32 = (cl_uint)N;
    CK(clSetKernelArg(kmm, 0, sizeof mA, &mA)); CK(clSetKernelArg(kmm, 1, sizeof mB, &mB));
    CK(clSetKernelArg(kmm, 2, sizeof mC, &mC)); CK(clSetKernelArg(kmm, 3, 4, &s32));
    CK(clSetKernelArg(kred, 0, sizeof mX, &mX)); CK(clSetKernelArg(kred, 1, sizeof mSUMS, &mSUMS));
    CK(clSetKernelArg(kred, 2, RW * 4, NULL));
    s32 = (cl_uint)S;
    CK(clSetKernelArg(kgat, 0, sizeof mGX, &mGX)); CK(clSetKernelArg(kgat, 1, sizeof mGY, &mGY));
    CK(clSetKernelArg(kgat, 2, GW * 4, NULL)); CK(clSetKernelArg(kgat, 3, 4, &s32));

    {
        variant vm[] = {{"PoCL", p_mm}, {"spv2c -O2", o2_mm}, {"spv2c -O3n", o3_mm},
                        {"hand -O2", h2_mm}, {"hand -O3n", h3_mm},
#ifdef WG_EXTRA
                        {"edited -O2", x2_mm}, {"edited -O3n", x3_mm},
#endif
        };
        variant vr[] = {{"PoCL", p_red}, {"spv2c -O2", o2_red}, {"spv2c -O3n", o3_red},
                        {"hand -O2", h2_red}, {"hand -O3n", h3_red},
#ifdef WG_EXTRA
                        {"edited -O2", x2_red}, {"edited -O3n", x3_red},
#endif
        };
        variant vg[] = {{"PoCL", p_gat}, {"spv2c -O2", o2_gat}, {"spv2c -O3n", o3_gat},
                        {"hand -O2", h2_gat}, {"hand -O3n", h3_gat},
#ifdef WG_EXTRA
                        {"edited -O2", x2_gat}, {"edited -O3n", x3_gat},
#endif
        };
        nv = (int)(sizeof vm / sizeof vm[0]);
        snprintf(sz, sizeof sz, "%zux%zu, 16x16 tiles", N, N);
        bench("matmul", sz, vm, nv, C, mC, N * N * 4, runs);
        snprintf(sz, sizeof sz, "%zu floats, groups of %zu", RN, RW);
        bench("reduce", sz, vr, nv, SUMS, mSUMS, RN / RW * 4, runs);
        snprintf(sz, sizeof sz, "%zu floats, stride %zu, groups of %zu", GN, S, GW);
        bench("gather", sz, vg, nv, GY, mGY, GN * 4, runs);
    }
    printf("Wall time (medians of %d rounds; ratios: medians of the per-round ratios)\n\n", runs);
    table(tw, 0);
    printf("\nCPU time of the process (same rounds)\n\n");
    table(tc, 0);
    printf("\nLeast CPU time of each variant over the same rounds (load from other jobs only\n"
           "adds time; ratios of those least times)\n\n");
    table(tc, 1);
    return 0;
}
