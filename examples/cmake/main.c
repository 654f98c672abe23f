/* Runs the two kernels transpiled by spv2c and checks their results
   against the same computation in plain C. Exit status 0 when they agree. */
#include <stdio.h>
#include <string.h>

#include "blur.h"
#include "scale.h"
#include "kernels/params.h"

#define N 64

int main(void)
{
    int in[N], out[N], i, bad = 0;
    float f[N], g[N];
    scale_ndrange r1;
    blur_ndrange r2;

    for (i = 0; i < N; i++) {
        in[i] = i - 20;
        f[i] = (float)(i % 7);
    }
    memset(&r1, 0, sizeof r1);
    r1.work_dim = 1;
    r1.global_size[0] = N;
    if (scale_run_scale(&r1, in, sizeof in, out, sizeof out, 3) != 0)
        return 1;
    for (i = 0; i < N; i++)
        bad |= out[i] != in[i] * 3 + SCALE_OFFSET;

    memset(&r2, 0, sizeof r2);
    r2.work_dim = 1;
    r2.global_size[0] = N;
    r2.local_size[0] = 16;
    if (blur_run_blur(&r2, f, sizeof f, g, sizeof g, 16 * sizeof(float)) != 0)
        return 1;
    for (i = 0; i < N; i++) {
        float left = f[i > 0 ? i - 1 : 0], right = f[i + 1 < N ? i + 1 : i];
        bad |= g[i] != (left + f[i] + right) / 3.0f;
    }
    printf("scale: out[0] = %d, out[%d] = %d; blur: g[1] = %g\n", out[0], N - 1, out[N - 1],
           (double)g[1]);
    puts(bad ? "MISMATCH" : "ok");
    return bad;
}
