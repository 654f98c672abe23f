/*
 * bench.h: what the run-time benchmark's three timers share (pocl_time.c,
 * spv2c_time.c, plain_time.c): the command line, deterministic buffer
 * contents, the clock, the median and the report line. C99, header-only.
 *
 * Command line of every timer:
 *   TIMER [--global X[,Y[,Z]]] [--local X[,Y[,Z]]] [--runs N] [--warmup N] ARG...
 * one ARG per kernel parameter:
 *   f32:N[:PAT] u8:N[:PAT] u32:N[:PAT] i32:N[:PAT]   a buffer of N elements
 *        PAT: rand (default; floats in [-1,1), integers any bits), zero, iota
 *   float=V uint=V int=V ulong=V long=V             a by-value scalar
 * The report, one line on stdout:
 *   median_s=S min_s=S runs=N checksum=HEX
 * where the checksum is FNV-1a over every buffer after warmup+runs launches
 * (the same on every timer when the arithmetic is bit-identical).
 */
#ifndef BENCH_H
#define BENCH_H

#define _POSIX_C_SOURCE 199309L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_MAX_ARGS 16
#define BENCH_MAX_RUNS 1000

typedef struct {
    int is_buf;
    char elem[8];          /* buffers: f32 u8 u32 i32; scalars: float uint int ulong long */
    size_t n, size;        /* elements, bytes (scalars: sizeof the value) */
    void *data;            /* buffers: the bytes; scalars: points at val */
    unsigned char val[8];
} bench_arg;

typedef struct {
    unsigned dim;
    size_t global[3], local[3];   /* local all zero: the runtime picks */
    int runs, warmup;
    int nargs;
    bench_arg args[BENCH_MAX_ARGS];
} bench_cfg;

static void bench_die(const char *msg, const char *arg)
{
    fprintf(stderr, "bench: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

static unsigned bench_dims(const char *s, size_t *v)
{
    unsigned n = 0;
    char *end;
    v[0] = v[1] = v[2] = 0;
    for (;;) {
        if (n == 3)
            bench_die("more than 3 dimensions", s);
        v[n++] = (size_t)strtoull(s, &end, 0);
        if (*end == ',')
            s = end + 1;
        else if (!*end)
            return n;
        else
            bench_die("bad size list", s);
    }
}

static uint64_t bench_lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static void bench_fill(bench_arg *a, const char *pat, uint64_t seed)
{
    size_t i;
    uint64_t s = seed;
    int iota = !strcmp(pat, "iota"), zero = !strcmp(pat, "zero");
    if (!iota && !zero && strcmp(pat, "rand"))
        bench_die("unknown pattern", pat);
    for (i = 0; i < a->n; i++) {
        uint64_t r = zero ? 0 : iota ? i : bench_lcg(&s);
        if (!strcmp(a->elem, "f32")) {
            float f = zero ? 0.0f : iota ? (float)i : (float)(r & 0xffffff) / 8388608.0f - 1.0f;
            ((float *)a->data)[i] = f;
        } else if (!strcmp(a->elem, "u8")) {
            ((uint8_t *)a->data)[i] = (uint8_t)r;
        } else {
            ((uint32_t *)a->data)[i] = (uint32_t)r;
        }
    }
}

static void bench_parse(int argc, char **argv, bench_cfg *c)
{
    int i;
    memset(c, 0, sizeof *c);
    c->dim = 1;
    c->runs = 7;
    c->warmup = 2;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *colon = strchr(a, ':'), *eq = strchr(a, '=');
        bench_arg *b;
        if (!strcmp(a, "--global") && i + 1 < argc) {
            c->dim = bench_dims(argv[++i], c->global);
            continue;
        }
        if (!strcmp(a, "--local") && i + 1 < argc) {
            bench_dims(argv[++i], c->local);
            continue;
        }
        if (!strcmp(a, "--runs") && i + 1 < argc) {
            c->runs = atoi(argv[++i]);
            if (c->runs < 1 || c->runs > BENCH_MAX_RUNS)
                bench_die("bad --runs", argv[i]);
            continue;
        }
        if (!strcmp(a, "--warmup") && i + 1 < argc) {
            c->warmup = atoi(argv[++i]);
            continue;
        }
        if (c->nargs == BENCH_MAX_ARGS)
            bench_die("too many arguments", a);
        b = &c->args[c->nargs++];
        if (colon && (!eq || colon < eq)) {           /* buffer */
            size_t k = (size_t)(colon - a), esz;
            char *end;
            const char *pat;
            if (k >= sizeof b->elem)
                bench_die("bad buffer argument", a);
            memcpy(b->elem, a, k);
            b->elem[k] = 0;
            esz = !strcmp(b->elem, "u8") ? 1 : (!strcmp(b->elem, "f32") || !strcmp(b->elem, "u32") ||
                                                !strcmp(b->elem, "i32")) ? 4 : 0;
            if (!esz)
                bench_die("unknown buffer element type", a);
            b->n = (size_t)strtoull(colon + 1, &end, 0);
            pat = *end == ':' ? end + 1 : *end ? (bench_die("bad buffer size", a), "") : "rand";
            b->is_buf = 1;
            b->size = b->n * esz;
            b->data = malloc(b->size ? b->size : 1);
            if (!b->data)
                bench_die("out of memory", a);
            bench_fill(b, pat, 0x9e3779b97f4a7c15ull * (uint64_t)c->nargs);
        } else if (eq) {                               /* scalar */
            size_t k = (size_t)(eq - a);
            const char *v = eq + 1;
            if (k >= sizeof b->elem)
                bench_die("bad scalar argument", a);
            memcpy(b->elem, a, k);
            b->elem[k] = 0;
            b->data = b->val;
            if (!strcmp(b->elem, "float")) {
                float f = strtof(v, NULL);
                memcpy(b->val, &f, b->size = 4);
            } else if (!strcmp(b->elem, "uint") || !strcmp(b->elem, "int")) {
                uint32_t u = (uint32_t)strtoll(v, NULL, 0);
                memcpy(b->val, &u, b->size = 4);
            } else if (!strcmp(b->elem, "ulong") || !strcmp(b->elem, "long")) {
                uint64_t u = (uint64_t)strtoll(v, NULL, 0);
                memcpy(b->val, &u, b->size = 8);
            } else {
                bench_die("unknown scalar type", a);
            }
        } else {
            bench_die("unknown argument", a);
        }
    }
    if (!c->global[0])
        bench_die("--global is required", NULL);
}

static double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* median and minimum of t[0..n-1] (sorts t), then the report line */
static void bench_report(const bench_cfg *c, double *t, int n)
{
    uint64_t h = 14695981039346656037ull;
    int i;
    size_t k;
    double med;
    qsort(t, (size_t)n, sizeof *t, bench_cmp);
    med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    for (i = 0; i < c->nargs; i++)
        if (c->args[i].is_buf)
            for (k = 0; k < c->args[i].size; k++) {
                h ^= ((const unsigned char *)c->args[i].data)[k];
                h *= 1099511628211ull;
            }
    printf("median_s=%.6f min_s=%.6f runs=%d checksum=%016llx\n", med, t[0], n,
           (unsigned long long)h);
}

#endif
