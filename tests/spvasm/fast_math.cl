// The rows no differential kernel can check exactly: native_* (their
// accuracy is implementation-defined, OpenCL C 3.0 s7.4: PoCL is no
// oracle), half_* (spec: 8192 ulp on the table's domains), nan(code) and
// plain lgamma (the specification gives lgamma no bound). fast_math.py
// computes each exact value with mpmath (200 bits) and checks spv2c's
// documented bound (docs/math.md: native_exp/exp2/exp10/log/log2/log10,
// rsqrt, sin, cos, tan 1 ulp; powr 2 ulp; sqrt, recip, divide correctly
// rounded; half_* the same code, so the same bound, far inside the
// specification's 8192 ulp; lgamma on float 1 ulp), nan(code) bit for bit
// (a quiet NaN, the code's low bits in the significand).
//! kernel: fast_math
//! global: 64
//! arg: in float 64 randf -30 30
//! arg: in float 64 rand
//! arg: in float 64 randf -65536 65536
//! arg: in float 64 randf -4 4
//! arg: in float 64 randf 0.01 100
//! arg: in float 64 randf -8 8
//! arg: in uint 64 randbits
//! arg: out float 896
//! arg: out float 896
//! arg: out uint 64
//! arg: out ulong 64
//! arg: out float 128
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define FAST(P, o, a, b, t, s, p, q) \
    o[0] = P##exp(a); o[1] = P##exp2(a); o[2] = P##exp10(a); \
    o[3] = P##log(b); o[4] = P##log2(b); o[5] = P##log10(b); \
    o[6] = P##powr(p, q); o[7] = P##sqrt(b); o[8] = P##rsqrt(b); \
    o[9] = P##recip(b); o[10] = P##divide(a, b); \
    o[11] = P##sin(t); o[12] = P##cos(t); o[13] = P##tan(s)

kernel void fast_math(global const float *fa, global const float *fb,
                      global const float *ft, global const float *fs,
                      global const float *fp, global const float *fq,
                      global const uint *code, global float *nat,
                      global float *hlf, global uint *nf, global ulong *nd,
                      global float *lg)
{
    int i = get_global_id(0);
    float a = fa[i], b = fabs(fb[i]), t = ft[i], s = fs[i], p = fp[i], q = fq[i];
    global float *o = nat + 14 * i, *h = hlf + 14 * i;
    FAST(native_, o, a, b, t, s, p, q);
    FAST(half_, h, a, b, t, s, p, q);
    nf[i] = as_uint(nan(code[i]));
    nd[i] = as_ulong(nan(((ulong)code[i] << 32) | code[(i + 1) & 63]));
    lg[2 * i] = lgamma(s);
    lg[2 * i + 1] = lgamma(p);
}
