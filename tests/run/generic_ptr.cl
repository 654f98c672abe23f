// OpenCL C 2.0 generic address space: unqualified pointer parameters of
// non-inlined helpers called with private, global and local pointers, a
// generic pointer chosen at run time between address spaces, generic
// pointer arithmetic and comparisons.
// PoCL 3.1 disables the generic address space, so it gets NO_GENERIC and
// address-space-specific (overloaded) copies of the helpers; the SPIR-V
// variants use the generic versions.
//! kernel: generic_ptr
//! std: CL2.0
//! pocl-options: -DNO_GENERIC
//! global: 128
//! local: 32
//! arg: in int 1024 randi -1000000 1000000
//! arg: out int 512
//! arg: out float 128
#pragma OPENCL FP_CONTRACT OFF

#define SUM3_BODY { return p[0] + p[1] * 2 + p[2] * 3; }
#define SCALE2_BODY { p[0] *= k; p[1] += k; }
#define SPAN_BODY { return (int)(b - a) + (a < b); }

#ifndef NO_GENERIC
__attribute__((noinline)) int sum3(const int *p) SUM3_BODY
__attribute__((noinline)) void scale2(float *p, float k) SCALE2_BODY
__attribute__((noinline)) int span(int *a, int *b) SPAN_BODY
#else
#define OVL __attribute__((noinline, overloadable))
OVL int sum3(const private int *p) SUM3_BODY
OVL int sum3(const global int *p) SUM3_BODY
OVL int sum3(const local int *p) SUM3_BODY
OVL void scale2(private float *p, float k) SCALE2_BODY
OVL void scale2(local float *p, float k) SCALE2_BODY
OVL int span(private int *a, private int *b) SPAN_BODY
OVL int span(global int *a, global int *b) SPAN_BODY
#endif

kernel void generic_ptr(global const int *in, global int *out,
                        global float *of)
{
    local int lbuf[32 * 4];
    local float lf[32 * 2];
    int i = get_global_id(0);
    int l = get_local_id(0);
    int priv[3];
    float pf[2];

    for (int k = 0; k < 3; k++) {
        priv[k] = in[8 * i + k];
        lbuf[4 * l + k] = in[8 * i + 3 + k];
    }
    out[4 * i] = sum3(priv);
    out[4 * i + 1] = sum3(in + 8 * i + 5);
    out[4 * i + 2] = sum3(&lbuf[4 * l]);

#ifndef NO_GENERIC
    int *gp = (i & 1) ? &priv[1] : (int *)&lbuf[4 * l + 1];
    int picked = *gp;
#else
    int picked = (i & 1) ? priv[1] : lbuf[4 * l + 1];
#endif
    out[4 * i + 3] = picked + span(&priv[0], &priv[2]) * 1000 +
                     span(out + 4 * i, out + 4 * i + 3) * 100;

    pf[0] = (float)priv[0];
    pf[1] = 1.5f;
    lf[2 * l] = (float)(l - 16);
    lf[2 * l + 1] = 0.25f;
    scale2(pf, 2.0f);
    scale2(&lf[2 * l], -3.0f);
    of[i] = pf[0] + pf[1] + lf[2 * l] * lf[2 * l + 1];
}
