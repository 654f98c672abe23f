/*
 * Float exp, log, sin and cos, the functions with fast paths (runtime/
 * math_exp.h, math_trig.h: a double evaluation kept when Ziv's rounding
 * test passes, the double-double core otherwise) against MPFR: every
 * result must be the correctly rounded float. Inputs: a strided slice of all bit patterns,
 * the edges of the fast paths' ranges (and the floats next to them), and
 * inputs where the fast path hands over to the core (found by scanning:
 * results close to a float midpoint, x next to a multiple of pi/2). The
 * whole range is scripts/math-sweep's job (docs/math.md).
 *
 * usage: fast_check [-s STRIDE]   (exit status 1 if any result is wrong)
 */
#include "../../runtime/base.h"
#include "../../runtime/math_exp.h"
#include "../../runtime/math_trig.h"
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    float (*f)(float);
    int (*ref)(mpfr_t, mpfr_srcptr, mpfr_rnd_t);
    float hard[12];   /* inputs the fast path hands over (0 ends the list) */
} Fn;

static const Fn fns[] = {
    { "exp", spv2c_exp_f32, mpfr_exp,
      { -0x1.6dc968p+5f, -0x1.8p-24f, -0x1.e4854cp-11f, 0x1.bae196p+2f,
        -87.0f, 88.0f, -0x1.5bfffep+6f, 0x1.5fffep+6f, -0x1.9fe368p+6f, 0x1.62e43p+6f } },
    { "log", spv2c_log_f32, mpfr_log,
      { 0x1.14fa2ep-11f, 0x1.2a24ap-98f, 0x1.4c0ebap-54f, 0x1.55c90ep-123f, 0x1.64afc6p-92f,
        0x1.86269p-12f, 0x1.b96da8p-87f, 0x1.f4c442p-35f, 0x1p-149f, 0x1.fffffep+127f } },
    { "sin", spv2c_sin_f32, mpfr_sin,
      { 0x1.921bb6p+0f, 0x1.921beap+0f, 0x1.921c38p+0f, 0x1.dcfea2p-9f, 0x1.e64002p-2f,
        0x1.921fb6p+1f, 0x1.921fb6p+2f, 0x1p19f, 0x1.fffffep+18f, -0x1.fffffep+18f, 0x1p-149f } },
    { "cos", spv2c_cos_f32, mpfr_cos,
      { 0x1.440c3ap-1f, 0x1.921bb6p+0f, 0x1.921c1ep+0f, 0x1.d3065ep-9f, 0x1.f2e64cp-7f,
        0x1.921fb6p+0f, 0x1.2d97c8p+2f, 0x1p19f, 0x1.fffffep+18f, -0x1.fffffep+18f, 0x1p-149f } },
};

static mpfr_t mx, mv;
static long bad;

static void check(const Fn *f, float x)
{
    float y = f->f(x), cr;
    mpfr_set_flt(mx, x, MPFR_RNDN);
    f->ref(mv, mx, MPFR_RNDN);
    cr = mpfr_get_flt(mv, MPFR_RNDN);
    if (spv2c_f32_bits(y) != spv2c_f32_bits(cr) && !(y != y && cr != cr) && bad++ < 10)
        printf("%s(%a) = %a, correctly rounded %a\n", f->name, x, y, cr);
}

int main(int argc, char **argv)
{
    uint64_t stride = 65537, u;
    size_t i;
    int j;
    if (argc == 3 && !strcmp(argv[1], "-s"))
        stride = strtoull(argv[2], 0, 0);
    else if (argc != 1) {
        fprintf(stderr, "usage: fast_check [-s STRIDE]\n");
        return 2;
    }
    mpfr_inits2(160, mx, mv, (mpfr_ptr)0);
    for (i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        const Fn *f = &fns[i];
        for (j = 0; j < 12 && f->hard[j] != 0; j++) {
            float x = f->hard[j];
            check(f, x);
            check(f, -x);
            check(f, spv2c_bits_f32(spv2c_f32_bits(x) + 1));
            check(f, spv2c_bits_f32(spv2c_f32_bits(x) - 1));
        }
        for (u = 1; u < ((uint64_t)1 << 32); u += stride ? stride : 1)
            check(f, spv2c_bits_f32((uint32_t)u));
    }
    printf("fast_check: exp, log, sin, cos: %ld results not correctly rounded\n", bad);
    mpfr_clears(mx, mv, (mpfr_ptr)0);
    return bad != 0;
}
