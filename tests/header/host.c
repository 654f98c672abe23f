/* A host program written from the generated header alone (tests/header/
   check.py): it runs sig.cl's kernel through spv2c_run_sig and checks every
   output against what the kernel must give, computed here. host.cc
   compiles this file as C++ too. The signature is checked by assigning the
   entry point to a pointer of the exact type (a mismatch is a warning in
   C, an error in C++; the builds use -Werror).
   usage: host [short]   short: pass out's size 4 bytes short (a checked
   build must report the kernel's write past its end) */
#include <stdio.h>
#include <string.h>

#include "sig.h"

#define N 8

typedef int (*sig_fn)(const spv2c_ndrange *, const int32_t *, size_t, int32_t *, size_t,
                      int32_t, int16_t, const spv2c_params_t *, spv2c_cell *, size_t,
                      spv2c_half *, size_t, const spv2c_float4 *, size_t, size_t,
                      const uint8_t *, size_t);

static int32_t sra(int32_t x, int s)   /* the kernel's >> on an int, in portable C */
{
    return x < 0 ? ~(~x >> s) : x >> s;
}

static int check_errors(void)
{
    static const int codes[] = { 0, SPV2C_ERR_UNKNOWN_KERNEL, SPV2C_ERR_ARG_COUNT,
                                 SPV2C_ERR_ARG_SIZE, SPV2C_ERR_NDRANGE, SPV2C_ERR_LOCAL_SIZE,
                                 SPV2C_ERR_NULL_BUFFER, SPV2C_ERR_LOCAL_MEM,
                                 SPV2C_ERR_WORK_GROUP_MEM, SPV2C_ERR_WORKSPACE };
    const char *unknown = spv2c_strerror(-1000);
    size_t i, j;

    for (i = 0; i < sizeof codes / sizeof *codes; i++) {
        const char *s = spv2c_strerror(codes[i]);
        if (!s || !*s || !strcmp(s, unknown)) {
            printf("strerror(%d) does not name it\n", codes[i]);
            return 1;
        }
        for (j = 0; j < i; j++)
            if (!strcmp(s, spv2c_strerror(codes[j]))) {
                printf("strerror(%d) == strerror(%d)\n", codes[i], codes[j]);
                return 1;
            }
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const spv2c_half hin[4] = { 0x3C00, 0x4000, 0x3800, 0xBE00 };   /* 1 2 .5 -1.5 */
    static const spv2c_half hout[4] = { 0x4200, 0x4500, 0x4000, 0xC000 };  /* 3 5 2 -2 */
    int32_t in[N], out[N];
    uint8_t bytes[N];
    spv2c_cell cells[N];
    spv2c_half h[N];
    spv2c_float4 v[N];
    spv2c_params_t p = { 7, 2.5f, 5, (uint64_t)3 << 32 };
    spv2c_ndrange r;
    sig_fn fn = spv2c_run_sig;
    size_t short_by;
    int i, bad = 0, rc;

    memset(cells, 0, sizeof cells);
    memset(v, 0, sizeof v);
    for (i = 0; i < N; i++) {
        in[i] = i * 37 - 150;
        out[i] = 0;
        bytes[i] = (uint8_t)(200 + i);
        cells[i].m0.s[0] = (float)i;
        cells[i].m0.s[1] = 9.0f;
        cells[i].m1 = (uint32_t)(i + 1);
        h[i] = hin[i % 4];
        v[i].s[1] = 0.25f;
    }
    memset(&r, 0, sizeof r);
    r.work_dim = 1;
    r.global_size[0] = N;
    r.local_size[0] = 4;
    short_by = argc > 1 && !strcmp(argv[1], "short") ? 4 : 0;
    rc = fn(&r, in, sizeof in, out, sizeof out - short_by, 2, -3, &p, cells, sizeof cells, h,
            sizeof h, v, sizeof v, 4 * sizeof(int32_t), bytes, sizeof bytes);
    if (rc) {
        printf("spv2c_run_sig: %s\n", spv2c_strerror(rc));
        return 1;
    }
    for (i = 0; i < N; i++) {
        int32_t want = sra(in[i], 2) - 3 + 7 + 5 + 3 + (200 + i);
        float x = (float)i * 2.5f + 0.25f;
        if (out[i] != want || cells[i].m0.s[0] != x || cells[i].m0.s[1] != 9.0f ||
            (int32_t)cells[i].m1 != -(i + 1) || h[i] != hout[i % 4]) {
            printf("item %d: out %ld (want %ld), pos %g,%g (want %g,9), id %ld, half 0x%04x "
                   "(want 0x%04x)\n", i, (long)out[i], (long)want, (double)cells[i].m0.s[0],
                   (double)cells[i].m0.s[1], (double)x, (long)(int32_t)cells[i].m1,
                   (unsigned)h[i], (unsigned)hout[i % 4]);
            bad = 1;
        }
    }
    bad |= check_errors();
    puts(bad ? "MISMATCH" : "ok");
    return bad;
}
