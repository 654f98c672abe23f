/* driver: the caller's workspace (issue 21 point 2) through the generated
   API of workspace.spvasm (kernels wsum, with barriers, __local memory and
   frames, and scale, with no barriers). Built twice by cli.py (case workspace):
   with -DSPV2C_WORKSPACE, where spv2c_launch_ws runs in the caller's
   buffer, and without, where the static arenas serve (with small
   SPV2C_FRAME_MEM and SPV2C_LOCAL_MEM_SIZE and a section attribute).
   Expected values are computed here with integer arithmetic. Exit 0 when
   every check holds. */
#include <stdio.h>
#include <string.h>

#include "ws.h"

static int failures;

#define CHECK(cond) do { if (!(cond)) { printf("FAIL line %d: %s\n", __LINE__, #cond); \
                                        failures++; } } while (0)

#define N 96
#define CANARY 4096
static int in[N], out[N];
/* the workspace: 16-byte aligned, with a canary zone after what a launch may use */
static union { unsigned char b[65536 + CANARY]; long double ld; } ws;

/* the range and arguments of wsum over N work-items, local size n */
static void wsum_launch(spv2c_ndrange *r, spv2c_arg *a, size_t n)
{
    memset(r, 0, sizeof *r);
    r->work_dim = 1;
    r->global_size[0] = N;
    r->local_size[0] = n;
    a[0].ptr = in; a[0].size = sizeof in;
    a[1].ptr = out; a[1].size = sizeof out;
    a[2].ptr = NULL; a[2].size = n * sizeof(int);
}

/* out is what wsum computes with local size n */
static int wsum_right(size_t n)
{
    size_t g, l;
    for (g = 0; g < N; g += n) {
        int s = 0;
        for (l = 0; l < n; l++)
            s += in[g + l];
        for (l = 0; l < n; l++) {
            int v = in[g + l], p = l % 3 == 0 ? v : l % 3 == 1 ? v * 2 : v ^ 5;
            if (out[g + l] != s + (int)(((l + 1) % n + 1) % n) + p)
                return 0;
        }
    }
    return 1;
}

#ifdef SPV2C_WORKSPACE
static int canary_intact(size_t from)
{
    size_t i;
    for (i = from; i < sizeof ws.b; i++)
        if (ws.b[i] != 0xa5)
            return 0;
    return 1;
}
#endif

int main(void)
{
    spv2c_ndrange r;
    spv2c_arg a[3];
    size_t need[4], i;
    static const size_t sizes[4] = { 3, 8, 32, 48 };
    int x[8], k = 3;

    for (i = 0; i < N; i++)
        in[i] = (int)(i * 37 % 101) - 50;

    /* the sizes: the kernel-scope __local array (256 bytes), the __local
       argument after it at 128 bytes, then frames that grow with the
       local size (each per-work-item array in 128-byte steps: 3 and 8
       work-items may take the same); none for scale */
    for (i = 0; i < 4; i++) {
        wsum_launch(&r, a, sizes[i]);
        need[i] = spv2c_workspace_size("wsum", &r, a, 3);
        printf("wsum, local size %u: %u bytes of workspace\n", (unsigned)sizes[i],
               (unsigned)need[i]);
        CHECK(need[i] != (size_t)-1 && need[i] > 256 + 128 + sizes[i] * sizeof(int));
        CHECK(i == 0 || need[i] >= need[i - 1]);
    }
    CHECK(need[3] > need[2] && need[2] > need[0]);
    CHECK(spv2c_workspace_size("wsum", &r, a, 2) == (size_t)-1);
    CHECK(spv2c_workspace_size("nosuch", &r, a, 3) == (size_t)-1);
    {
        spv2c_arg xa[2];
        memset(&r, 0, sizeof r);
        r.work_dim = 1;
        r.global_size[0] = 8;
        xa[0].ptr = x; xa[0].size = sizeof x;
        xa[1].ptr = &k; xa[1].size = sizeof k;
        for (i = 0; i < 8; i++)
            x[i] = (int)i - 4;
        /* a kernel needs only its own kernel-scope __local variables:
           wsum's t is not scale's, which needs no workspace at all (it
           once needed t's 256 bytes: every kernel paid for every other's
           variables, src/module.c local_layout) */
        CHECK(spv2c_workspace_size("scale", &r, xa, 2) == 0);
        CHECK(spv2c_launch("scale", &r, xa, 2) == 0);
        for (i = 0; i < 8; i++)
            CHECK(x[i] == 3 * ((int)i - 4));
    }

#ifdef SPV2C_WORKSPACE
    for (i = 0; i < 4; i++) {
        size_t n = sizes[i];
        wsum_launch(&r, a, n);
        CHECK(need[i] <= sizeof ws.b - CANARY);
        /* exactly the bytes it needs: right, and nothing written after them */
        memset(ws.b, 0xa5, sizeof ws.b);
        memset(out, 0, sizeof out);
        CHECK(spv2c_launch_ws("wsum", &r, a, 3, ws.b, need[i]) == 0);
        CHECK(wsum_right(n));
        CHECK(canary_intact(need[i]));
        /* a byte less: refused, nothing run, nothing written */
        memset(ws.b, 0xa5, sizeof ws.b);
        memset(out, 0, sizeof out);
        CHECK(spv2c_launch_ws("wsum", &r, a, 3, ws.b, need[i] - 1) == SPV2C_ERR_WORK_GROUP_MEM);
        CHECK(canary_intact(0));
        /* too small for the __local memory itself */
        CHECK(spv2c_launch_ws("wsum", &r, a, 3, ws.b, 256) == SPV2C_ERR_LOCAL_MEM);
        CHECK(canary_intact(0));
        for (k = 0; k < N; k++)
            CHECK(out[k] == 0);
        k = 3;
    }
    /* none at all, and a misaligned one */
    CHECK(spv2c_launch("wsum", &r, a, 3) == SPV2C_ERR_LOCAL_MEM);
    CHECK(spv2c_launch_ws("wsum", &r, a, 3, ws.b + 1, need[3]) == SPV2C_ERR_WORKSPACE);
    CHECK(canary_intact(0));
#else
    /* the static arenas: SPV2C_FRAME_MEM holds local size 32, not 48 */
    for (i = 0; i < 3; i++) {
        wsum_launch(&r, a, sizes[i]);
        memset(out, 0, sizeof out);
        CHECK(spv2c_launch("wsum", &r, a, 3) == 0);
        CHECK(wsum_right(sizes[i]));
    }
    wsum_launch(&r, a, 48);
    memset(out, 0, sizeof out);
    CHECK(spv2c_launch("wsum", &r, a, 3) == SPV2C_ERR_WORK_GROUP_MEM);
    for (k = 0; k < N; k++)
        CHECK(out[k] == 0);
    /* a workspace is refused: the program has its static arenas */
    CHECK(spv2c_launch_ws("wsum", &r, a, 3, ws.b, sizeof ws.b) == SPV2C_ERR_WORKSPACE);
#endif
    if (!failures)
        printf("ok\n");
    return failures != 0;
}
