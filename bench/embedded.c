/*
 * embedded.c: one benchmark kernel launched once over SCALE x N work-items,
 * for counting the instructions a work-item costs on an emulated CPU
 * (scripts/embedded-table).
 *
 *   embedded SCALE [dump]   SCALE: 1 or 2; dump: print the outputs too
 *
 * Build with -DK_<kernel> and either the generated C (spv2c's k.c, its
 * header k.h on the include path; the typed entry point spv2c_run_<kernel>
 * is called, with every buffer's size) or -DHAND and the hand-written C of
 * the same computation
 * (bench/plain.c, bench/wg/hand.c, bench/embedded_hand.c), each compiled
 * on its own.
 * K_calibrate is the counter's own check: a two-instruction loop run
 * 1000 x SCALE times, so its figure must be exactly 2.
 *
 * The inputs are sized for SCALE 2 and filled the same way whatever SCALE
 * is, and the hash covers every output buffer whole: the runs at SCALE 1
 * and 2 differ only in the launch, so (count at 2 - count at 1) / N is what
 * one work-item costs, start-up and I/O cancelled out. 2-D kernels keep
 * their width and double their height. Prints N, the launch's status and
 * an FNV-1a hash of the outputs, which the script compares with the native
 * x86-64 run of the same code.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAND
/* bench/plain.c (bench/plain.h) and bench/wg/hand.c, compiled on their own */
typedef struct { uint32_t c[4]; } u32x4;
void saxpy(size_t n, float *restrict y, const float *restrict x, float a);
void classify(size_t nitems, const uint8_t *restrict data, uint32_t n, uint32_t stride,
              u32x4 *restrict counts, uint32_t *restrict digits);
void stencil(float *restrict out, const float *restrict in, uint32_t w, uint32_t h);
void matvec(size_t n, float *restrict y, const float *restrict a, const float *restrict x);
void conv5x5(size_t ow, size_t oh, float *restrict out, const float *restrict in,
             const float *restrict f, uint32_t w);
/* bench/embedded_hand.c */
void scan(uint32_t *out, uint32_t *sums, const uint32_t *in, size_t n, size_t wg);
void scale_half4(const uint16_t *in, uint16_t *out, size_t n, float s);
void blackscholes(float *call, float *put, const float *a, const float *b, const float *c,
                  size_t n);
void nbody(float (*pos_out)[4], float (*vel_out)[4], const float (*pos)[4],
           const float (*vel)[4], size_t n, uint32_t bodies, float dt);
void trigexp(float *out, const float *a, const float *b, size_t n);
void hand_matmul(const float *a, const float *b, float *c, int n);
void hand_reduce(const float *x, float *sums, size_t n, size_t w);
void hand_gather(const float *x, float *y, size_t n, size_t stride);
#elif !defined(K_calibrate)
#include "k.h"
#endif

static uint32_t seed = 1, fnv = 2166136261u;

/* external so that the kernels that do not use one give no warning */
uint32_t rnd(void);
void fill(float *p, size_t n);
void hash(const void *p, size_t n);

uint32_t rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed;
}

/* floats in [0, 1) */
void fill(float *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (float)(rnd() >> 8) * (1.0f / 16777216.0f);
}

static int dump;   /* print the outputs too, 32-bit words in hex */

void hash(const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        fnv = (fnv ^ b[i]) * 16777619u;
    for (i = 0; dump && i + 4 <= n; i += 4) {
        uint32_t w;
        memcpy(&w, b + i, 4);
        printf("%08lx\n", (unsigned long)w);
    }
}

#if !defined(HAND) && !defined(K_calibrate)
/* an NDRange of g0 x g1 work-items in groups of l0 x l1 (0: the program picks) */
static spv2c_ndrange range(size_t g0, size_t g1, size_t l0, size_t l1)
{
    spv2c_ndrange r;
    memset(&r, 0, sizeof r);
    r.work_dim = g1 > 1 ? 2 : 1;
    r.global_size[0] = g0;
    r.global_size[1] = g1;
    r.global_size[2] = 1;
    r.local_size[0] = l0;
    r.local_size[1] = l0 ? l1 : 0;
    r.local_size[2] = l0 ? 1 : 0;
    return r;
}
#endif

#if defined(K_calibrate)
#define N 1000
void spin(unsigned n);
__asm__(".text\n.syntax unified\n.global spin\n.type spin, %function\n"
#ifdef __thumb__
        ".thumb_func\n"
#endif
        "spin:\n1: subs r0, r0, #1\n bne 1b\n bx lr\n");
static void init(void) {}
static int run(unsigned s) { spin(s * N); return 0; }
static void outputs(void) {}

#elif defined(K_saxpy)
#define N 256
static float y[2 * N], x[2 * N];
static void init(void) { fill(y, 2 * N); fill(x, 2 * N); }
#ifdef HAND
static int run(unsigned s) { saxpy(s * N, y, x, 1.5f); return 0; }
#else
static int run(unsigned s) { spv2c_ndrange r = range(s * N, 1, 0, 0); return spv2c_run_saxpy(&r, y, sizeof y, x, sizeof x, 1.5f); }
#endif
static void outputs(void) { hash(y, sizeof y); }

#elif defined(K_classify)
#define N 64
#define PER 16  /* bytes a work-item reads */
static uint8_t data[2 * N * PER];
static uint32_t counts[2 * N][4], digits[2 * N];
static void init(void)
{
    size_t i;
    for (i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(rnd() >> 24);
}
#ifdef HAND
static int run(unsigned s)
{
    classify(s * N, data, s * N * PER, s * N, (u32x4 *)(void *)counts, digits);
    return 0;
}
#else
static int run(unsigned s)
{
    spv2c_ndrange r = range(s * N, 1, 0, 0);
    return spv2c_run_classify(&r, data, sizeof data, s * N * PER, s * N,
                              (spv2c_uint4 *)(void *)counts, sizeof counts, digits, sizeof digits);
}
#endif
static void outputs(void) { hash(counts, sizeof counts); hash(digits, sizeof digits); }

#elif defined(K_stencil)
#define W 32
#define H 8
#define N (W * H)
static float out[W * 2 * H], in[W * 2 * H];
static void init(void) { fill(in, W * 2 * H); }
#ifdef HAND
static int run(unsigned s) { stencil(out, in, W, s * H); return 0; }
#else
static int run(unsigned s) { spv2c_ndrange r = range(W, s * H, 0, 0); return spv2c_run_stencil(&r, out, sizeof out, in, sizeof in, W, s * H); }
#endif
static void outputs(void) { hash(out, sizeof out); }

#elif defined(K_matvec)
#define COLS 32
#define N COLS  /* rows a block */
static float y[2 * N], a[2 * N * COLS], x[COLS];
static void init(void) { fill(a, 2 * N * COLS); fill(x, COLS); }
#ifdef HAND
/* the hand-written matvec is square: one call a block of COLS rows */
static int run(unsigned s)
{
    unsigned k;
    for (k = 0; k < s; k++)
        matvec(COLS, y + k * N, a + k * N * COLS, x);
    return 0;
}
#else
static int run(unsigned s) { spv2c_ndrange r = range(s * N, 1, 0, 0); return spv2c_run_matvec(&r, y, sizeof y, a, sizeof a, x, sizeof x, COLS); }
#endif
static void outputs(void) { hash(y, sizeof y); }

#elif defined(K_conv5x5)
#define OW 16
#define OH 8
#define N (OW * OH)
static float out[OW * 2 * OH], in[(OW + 4) * (2 * OH + 4)], f[25];
static void init(void) { fill(in, sizeof in / sizeof *in); fill(f, 25); }
#ifdef HAND
static int run(unsigned s) { conv5x5(OW, s * OH, out, in, f, OW + 4); return 0; }
#else
static int run(unsigned s)
{
    spv2c_ndrange r = range(OW, s * OH, 0, 0);
    return spv2c_run_conv5x5(&r, out, sizeof out, in, sizeof in, f, sizeof f, OW + 4);
}
#endif
static void outputs(void) { hash(out, sizeof out); }

#elif defined(K_scan)
#define N 256   /* the kernel's reqd_work_group_size */
static uint32_t out[2 * N], sums[2], in[2 * N];
static void init(void)
{
    size_t i;
    for (i = 0; i < 2 * N; i++)
        in[i] = rnd();
}
#ifdef HAND
static int run(unsigned s) { scan(out, sums, in, s * N, N); return 0; }
#else
static int run(unsigned s) { spv2c_ndrange r = range(s * N, 1, N, 1); return spv2c_run_scan(&r, out, sizeof out, sums, sizeof sums, in, sizeof in); }
#endif
static void outputs(void) { hash(out, sizeof out); hash(sums, sizeof sums); }

#elif defined(K_scale_half4)
#define N 64    /* four halves a work-item */
static uint16_t in[2 * N * 4], out[2 * N * 4];
static void init(void)
{
    size_t i;
    for (i = 0; i < 2 * N * 4; i++)
        in[i] = (uint16_t)((rnd() >> 16) & 0xfbffu);   /* finite */
}
#ifdef HAND
static int run(unsigned s) { scale_half4(in, out, s * N, 1.7f); return 0; }
#else
static int run(unsigned s)
{
    spv2c_ndrange r = range(s * N, 1, 0, 0);
    return spv2c_run_scale_half4(&r, in, sizeof in, out, sizeof out, 1.7f);
}
#endif
static void outputs(void) { hash(out, sizeof out); }

#elif defined(K_blackscholes)
#define N 32
static float call[2 * N], put[2 * N], a[2 * N], b[2 * N], c[2 * N];
static void init(void) { fill(a, 2 * N); fill(b, 2 * N); fill(c, 2 * N); }
#ifdef HAND
static int run(unsigned s) { blackscholes(call, put, a, b, c, s * N); return 0; }
#else
static int run(unsigned s)
{
    spv2c_ndrange r = range(s * N, 1, 0, 0);
    return spv2c_run_blackscholes(&r, call, sizeof call, put, sizeof put, a, sizeof a, b, sizeof b,
                                  c, sizeof c);
}
#endif
static void outputs(void) { hash(call, sizeof call); hash(put, sizeof put); }

#elif defined(K_nbody)
#define N 16
#define BODIES 16   /* the bodies each work-item sums over */
static float pos_out[2 * N][4], vel_out[2 * N][4], pos[2 * N][4], vel[2 * N][4];
static void init(void) { fill(pos[0], 2 * N * 4); fill(vel[0], 2 * N * 4); }
#ifdef HAND
static int run(unsigned s)
{
    nbody(pos_out, vel_out, (const float (*)[4])pos, (const float (*)[4])vel, s * N, BODIES, 0.01f);
    return 0;
}
#else
static int run(unsigned s)
{
    spv2c_ndrange r = range(s * N, 1, 0, 0);
    return spv2c_run_nbody(&r, (spv2c_float4 *)(void *)pos_out, sizeof pos_out,
                           (spv2c_float4 *)(void *)vel_out, sizeof vel_out,
                           (const spv2c_float4 *)(void *)pos, sizeof pos,
                           (const spv2c_float4 *)(void *)vel, sizeof vel, BODIES, 0.01f);
}
#endif
static void outputs(void) { hash(pos_out, sizeof pos_out); hash(vel_out, sizeof vel_out); }

#elif defined(K_trigexp)
#define N 32
static float out[2 * N], a[2 * N], b[2 * N];
static void init(void) { fill(a, 2 * N); fill(b, 2 * N); }
#ifdef HAND
static int run(unsigned s) { trigexp(out, a, b, s * N); return 0; }
#else
static int run(unsigned s) { spv2c_ndrange r = range(s * N, 1, 0, 0); return spv2c_run_trigexp(&r, out, sizeof out, a, sizeof a, b, sizeof b); }
#endif
static void outputs(void) { hash(out, sizeof out); }

#elif defined(K_matmul)
#define T 16     /* the kernel's tile: n = T, the NDRange T wide and s x T high */
#define N (T * T)
static float a[2 * T * T], b[T * T], c[2 * T * T];
static void init(void) { fill(a, 2 * T * T); fill(b, T * T); }
#ifdef HAND
/* one call a block of T rows of C (A's rows times all of B) */
static int run(unsigned s)
{
    unsigned k;
    for (k = 0; k < s; k++)
        hand_matmul(a + k * T * T, b, c + k * T * T, T);
    return 0;
}
#else
static int run(unsigned s) { spv2c_ndrange r = range(T, s * T, T, T); return spv2c_run_matmul(&r, a, sizeof a, b, sizeof b, c, sizeof c, T); }
#endif
static void outputs(void) { hash(c, sizeof c); }

#elif defined(K_reduce)
#define WG 64
#define N 256
static float x[2 * N], sums[2 * N / WG];
static void init(void) { fill(x, 2 * N); }
#ifdef HAND
static int run(unsigned s) { hand_reduce(x, sums, s * N, WG); return 0; }
#else
static int run(unsigned s)
{
    spv2c_ndrange r = range(s * N, 1, WG, 1);
    return spv2c_run_reduce(&r, x, sizeof x, sums, sizeof sums, WG * sizeof(float));
}
#endif
static void outputs(void) { hash(sums, sizeof sums); }

#elif defined(K_gather)
#define WG 64
#define N 256
#define STRIDE 3
static float x[2 * N * STRIDE], y[2 * N];
static void init(void) { fill(x, 2 * N * STRIDE); }
#ifdef HAND
static int run(unsigned s) { hand_gather(x, y, s * N, STRIDE); return 0; }
#else
static int run(unsigned s)
{
    spv2c_ndrange r = range(s * N, 1, WG, 1);
    return spv2c_run_gather(&r, x, sizeof x, y, sizeof y, WG * sizeof(float), STRIDE);
}
#endif
static void outputs(void) { hash(y, sizeof y); }

#else
#error "define K_<kernel>"
#endif

int main(int argc, char **argv)
{
    unsigned s = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
    int st;
    if (s != 1 && s != 2) {
        fprintf(stderr, "usage: embedded 1|2 [dump]\n");
        return 2;
    }
    dump = argc > 2 && !strcmp(argv[2], "dump");
    init();
    st = run(s);
    outputs();
    printf("items %lu status %d hash %08lx\n", (unsigned long)N, st, (unsigned long)fnv);
    return st != 0;
}
