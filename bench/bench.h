/*
 * bench.h: what the run-time benchmark's three timers share (pocl_time.c,
 * spv2c_time.c, plain_time.c): the command line, deterministic buffer
 * contents, the clock, the median and the report line. C99, header-only.
 *
 * Command line of every timer:
 *   TIMER [--global X[,Y[,Z]]] [--local X[,Y[,Z]]] [--runs N] [--warmup N]
 *         [--dump FILE] [--check FILE] ARG...
 * one ARG per kernel parameter:
 *   f32:N[:PAT] f16:N[:PAT] u8:N[:PAT] u32:N[:PAT] i32:N[:PAT]   a buffer of N
 *        elements. PAT: rand (default; floats in [-1,1), halves finite in
 *        (-2,2), integers any bits), zero, iota
 *   float=V uint=V int=V ulong=V long=V             a by-value scalar
 *   img:ORDER,TYPE:WxH[:PAT]   a 2-D image of W x H texels, packed rows;
 *        ORDER R or RGBA, TYPE FLOAT (filled like f32) or UNORM_INT8 (like u8);
 *        dumped and compared like such a buffer
 * After warmup+runs launches, --dump writes every buffer, in argument
 * order, to FILE, and --check compares every buffer with such a FILE
 * (written by another timer given the same arguments).
 * The report, one line on stdout:
 *   median_s=S min_s=S runs=N checksum=HEX[ diff=D maxulp=U normrel=R]
 *   cpu_s=C wall_s=W
 * where the checksum is FNV-1a over every buffer after warmup+runs launches
 * (the same on every timer when the arithmetic is bit-identical); with
 * --check, D is the number of elements that differ from FILE's and U the
 * largest distance in units in the last place between a float element and
 * FILE's (0 when both are NaN; integer and half elements count in D only),
 * R the largest norm-wise relative difference of a float buffer,
 * max |x - ref| / max |ref| (inf when a NaN meets a number).
 * C and W are the CPU time (user + system, every thread of the process,
 * getrusage) and the wall time from bench_cpu_mark() (called by the timer
 * before its first timed launch) to the report, divided by the number of
 * timed launches: C / W is how many CPUs the launches kept busy, spinning
 * threads included.
 */
#ifndef BENCH_H
#define BENCH_H

#define _POSIX_C_SOURCE 199309L
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#define BENCH_MAX_ARGS 16
#define BENCH_MAX_RUNS 1000

typedef struct {
    int is_buf, is_img;    /* an image is a buffer too (its texels) */
    unsigned order, type;  /* images: cl_image_format's values */
    size_t w, h;           /* images: extents in texels */
    char elem[8];          /* buffers: f32 u8 u32 i32; scalars: float uint int ulong long */
    size_t n, size;        /* elements, bytes (scalars: sizeof the value) */
    void *data;            /* buffers: the bytes; scalars: points at val */
    unsigned char val[8];
} bench_arg;

typedef struct {
    unsigned dim;
    size_t global[3], local[3];   /* local all zero: the runtime picks */
    int runs, warmup;
    const char *dump, *check;     /* --dump FILE, --check FILE, or NULL */
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
        } else if (!strcmp(a->elem, "f16")) {
            /* a finite half: random sign and mantissa, exponent field 0..15 */
            ((uint16_t *)a->data)[i] = zero ? 0 : iota ? (uint16_t)(i & 0x7bff)
                                       : (uint16_t)((r & 0x83ff) | (r >> 16) % 16 << 10);
        } else {
            ((uint32_t *)a->data)[i] = (uint32_t)r;
        }
    }
}

/* img:ORDER,TYPE:WxH[:PAT] (see the top of this file) */
static void bench_image(bench_arg *b, const char *a, uint64_t seed)
{
    const char *p = a + 4;
    size_t nch;
    char *end;
    if (!strncmp(p, "R,", 2)) {
        b->order = 0x10B0;   /* CL_R */
        nch = 1;
        p += 2;
    } else if (!strncmp(p, "RGBA,", 5)) {
        b->order = 0x10B5;   /* CL_RGBA */
        nch = 4;
        p += 5;
    } else {
        bench_die("image order not R or RGBA", a);
    }
    if (!strncmp(p, "FLOAT:", 6)) {
        b->type = 0x10DE;    /* CL_FLOAT */
        strcpy(b->elem, "f32");
        p += 6;
    } else if (!strncmp(p, "UNORM_INT8:", 11)) {
        b->type = 0x10D2;    /* CL_UNORM_INT8 */
        strcpy(b->elem, "u8");
        p += 11;
    } else {
        bench_die("image type not FLOAT or UNORM_INT8", a);
    }
    b->w = (size_t)strtoull(p, &end, 10);
    if (*end != 'x' || !b->w)
        bench_die("bad image extents", a);
    b->h = (size_t)strtoull(end + 1, &end, 10);
    if ((*end && *end != ':') || !b->h)
        bench_die("bad image extents", a);
    b->is_buf = b->is_img = 1;
    b->n = b->w * b->h * nch;
    b->size = b->n * (b->type == 0x10DE ? 4 : 1);
    b->data = malloc(b->size);
    if (!b->data)
        bench_die("out of memory", a);
    bench_fill(b, *end ? end + 1 : "rand", seed);
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
        if (!strcmp(a, "--dump") && i + 1 < argc) {
            c->dump = argv[++i];
            continue;
        }
        if (!strcmp(a, "--check") && i + 1 < argc) {
            c->check = argv[++i];
            continue;
        }
        if (c->nargs == BENCH_MAX_ARGS)
            bench_die("too many arguments", a);
        b = &c->args[c->nargs++];
        if (!strncmp(a, "img:", 4)) {
            bench_image(b, a, 0x9e3779b97f4a7c15ull * (uint64_t)c->nargs);
        } else if (colon && (!eq || colon < eq)) {    /* buffer */
            size_t k = (size_t)(colon - a), esz;
            char *end;
            const char *pat;
            if (k >= sizeof b->elem)
                bench_die("bad buffer argument", a);
            memcpy(b->elem, a, k);
            b->elem[k] = 0;
            esz = !strcmp(b->elem, "u8") ? 1 : !strcmp(b->elem, "f16") ? 2
                  : (!strcmp(b->elem, "f32") || !strcmp(b->elem, "u32") ||
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

/* CPU seconds of the whole process (user + system, every thread) */
static double bench_cpu_now(void)
{
    struct rusage u;
    if (getrusage(RUSAGE_SELF, &u))
        return 0;
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
           + (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

static double bench_mark_[2];   /* CPU and wall time at bench_cpu_mark() */

static void bench_cpu_mark(void)
{
    bench_mark_[0] = bench_cpu_now();
    bench_mark_[1] = bench_now();
}

static int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* a float's bits as an integer ordered like the floats (-0 and +0 equal) */
static int64_t bench_ordered(uint32_t u)
{
    return u >> 31 ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

/* compare every buffer with c->check's contents: the elements that differ,
   the largest ulp distance between float elements, and the norm-wise
   relative difference of the float buffers, max |x - ref| / max |ref|
   (a NaN against a number counts as infinitely far) */
typedef struct {
    unsigned long long diff, maxulp;
    double normrel;
} bench_cmpres;

static void bench_compare_f32(const unsigned char *p, const unsigned char *ref, size_t size,
                              bench_cmpres *r)
{
    double maxdiff = 0, maxref = 0;
    size_t k;
    for (k = 0; k < size; k += 4) {
        uint32_t x, y;
        float fx, fy;
        int64_t d;
        memcpy(&x, p + k, 4);
        memcpy(&y, ref + k, 4);
        memcpy(&fx, &x, 4);
        memcpy(&fy, &y, 4);
        if (fy == fy && fabs(fy) > maxref)
            maxref = fabs(fy);
        if (x == y || (fx != fx && fy != fy))
            continue;
        ++r->diff;
        if (fx != fx || fy != fy) {
            d = INT32_MAX;
            maxdiff = HUGE_VAL;
        } else {
            d = bench_ordered(x) - bench_ordered(y);
            d = d < 0 ? -d : d;
            if (fabs((double)fx - fy) > maxdiff)
                maxdiff = fabs((double)fx - fy);
        }
        if ((unsigned long long)d > r->maxulp)
            r->maxulp = (unsigned long long)d;
    }
    if (maxdiff > 0 && maxdiff / (maxref > 0 ? maxref : 1) > r->normrel)
        r->normrel = maxdiff / (maxref > 0 ? maxref : 1);
}

static void bench_compare(const bench_cfg *c, bench_cmpres *r)
{
    FILE *f = fopen(c->check, "rb");
    int i;
    size_t k;
    memset(r, 0, sizeof *r);
    if (!f)
        bench_die("cannot read", c->check);
    for (i = 0; i < c->nargs; i++) {
        const bench_arg *a = &c->args[i];
        const unsigned char *p = a->data;
        unsigned char *ref;
        size_t esz;
        if (!a->is_buf)
            continue;
        esz = a->n ? a->size / a->n : 1;
        ref = malloc(a->size ? a->size : 1);
        if (!ref || fread(ref, 1, a->size, f) != a->size)
            bench_die("short reference file", c->check);
        if (!strcmp(a->elem, "f32"))
            bench_compare_f32(p, ref, a->size, r);
        else
            for (k = 0; k < a->size; k += esz)
                r->diff += memcmp(p + k, ref + k, esz) != 0;
        free(ref);
    }
    if (fgetc(f) != EOF)
        bench_die("reference file longer than the buffers", c->check);
    fclose(f);
}

static void bench_dump(const bench_cfg *c)
{
    FILE *f = fopen(c->dump, "wb");
    int i;
    if (!f)
        bench_die("cannot write", c->dump);
    for (i = 0; i < c->nargs; i++)
        if (c->args[i].is_buf && fwrite(c->args[i].data, 1, c->args[i].size, f) != c->args[i].size)
            bench_die("cannot write", c->dump);
    if (fclose(f))
        bench_die("cannot write", c->dump);
}

/* median and minimum of t[0..n-1] (sorts t), then the report line; the
   --dump and --check of the buffers */
static void bench_report(const bench_cfg *c, double *t, int n)
{
    uint64_t h = 14695981039346656037ull;
    int i;
    size_t k;
    double med, cpu = (bench_cpu_now() - bench_mark_[0]) / n;
    double wall = (bench_now() - bench_mark_[1]) / n;
    qsort(t, (size_t)n, sizeof *t, bench_cmp);
    med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    for (i = 0; i < c->nargs; i++)
        if (c->args[i].is_buf)
            for (k = 0; k < c->args[i].size; k++) {
                h ^= ((const unsigned char *)c->args[i].data)[k];
                h *= 1099511628211ull;
            }
    printf("median_s=%.9f min_s=%.9f runs=%d checksum=%016llx", med, t[0], n,
           (unsigned long long)h);
    if (c->dump)
        bench_dump(c);
    if (c->check) {
        bench_cmpres r;
        bench_compare(c, &r);
        printf(" diff=%llu maxulp=%llu normrel=%.3g", r.diff, r.maxulp, r.normrel);
    }
    printf(" cpu_s=%.7f wall_s=%.7f\n", cpu, wall);
}

#endif
