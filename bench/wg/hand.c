/*
 * hand.c: the benchmark kernels (kernels.cl) written as plain C, the way one
 * would write the same computation without OpenCL. Same arithmetic in the
 * same order, so the results are bit-identical to PoCL's. Compiled once per
 * flag set with -DH(x)=prefix_##x.
 */
#include <stddef.h>
#include <string.h>

#ifndef H
#define H(x) hand_##x
#endif

/* C = A * B, n x n row-major: the i-k-j loop (each C element still sums
   its products in k order from 0.0f, as the tiled kernel does) */
void H(matmul)(const float *a, const float *b, float *c, int n)
{
    int i, j, k;
    for (i = 0; i < n; i++) {
        float *ci = c + (size_t)i * n;
        for (j = 0; j < n; j++)
            ci[j] = 0.0f;
        for (k = 0; k < n; k++) {
            float aik = a[(size_t)i * n + k];
            const float *bk = b + (size_t)k * n;
            for (j = 0; j < n; j++)
                ci[j] = ci[j] + aik * bk[j];
        }
    }
}

/* the same tree, group by group: sums[g] = halving-tree sum of x[g*w ..] */
void H(reduce)(const float *x, float *sums, size_t n, size_t w)
{
    float t[1024];
    size_t g, l, s;
    for (g = 0; g < n / w; g++) {
        memcpy(t, x + g * w, w * sizeof *t);
        for (s = w / 2; s > 0; s >>= 1)
            for (l = 0; l < s; l++)
                t[l] = t[l] + t[l + s];
        sums[g] = t[0];
    }
}

/* y[i] = x[i * stride] * 2 + 1 */
void H(gather)(const float *x, float *y, size_t n, size_t stride)
{
    size_t i;
    for (i = 0; i < n; i++)
        y[i] = x[i * stride] * 2.0f + 1.0f;
}
