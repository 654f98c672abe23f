// Relaxed math: built with -cl-fast-relaxed-math (clang and PoCL alike), so
// the module carries FPFastMathMode AllowRecip decorations and spv2c's
// default --math=auto lowers exp, exp2, exp10, log, log2, log10, rsqrt,
// sin, cos and tan to their native_ forms (docs/math.md, "Relaxed math";
// tests/unit checks the selection). Compared with PoCL within the bounds of
// OpenCL C 3.0 s7.4, table "ULP Values for Single-Precision Built-in Math
// Functions With Unsafe Math Optimizations in the Full and Embedded
// Profiles", full profile, on the domains where the table gives them:
// scalar and float4 forms.
//! kernel: math_relaxed
//! global: 256
//! build-options: -cl-fast-relaxed-math
//! ulp: 3[0/12] 5 exp (OpenCL C 3.0 s7.4 unsafe-math table: <= 3 + floor(fabs(2x)) ulp, here |x| <= 1)
//! ulp: 3[1/12] 5 exp2 (OpenCL C 3.0 s7.4 unsafe-math table: <= 3 + floor(fabs(2x)) ulp, here |x| <= 1)
//! ulp: 3[2/12] 8192 exp10 (OpenCL C 3.0 s7.4 unsafe-math table: non-derived exp10 <= 8192 ulp)
//! ulp: 3[3/12] 3 log (OpenCL C 3.0 s7.4 unsafe-math table: <= 3 ulp outside [0.5, 2], here x >= 2.5)
//! ulp: 3[4/12] 3 log2 (OpenCL C 3.0 s7.4 unsafe-math table: <= 3 ulp outside [0.5, 2], here x >= 2.5)
//! ulp: 3[5/12] 3 log10 (OpenCL C 3.0 s7.4 unsafe-math table: <= 3 ulp outside [0.5, 2], here x >= 2.5)
//! ulp: 3[6/12] 2 rsqrt (OpenCL C 3.0 s7.4: not in the unsafe-math table, so the full-profile table's rsqrt <= 2 ulp)
//! abs: 3[7/12] 0.00048828125 sin (OpenCL C 3.0 s7.4 unsafe-math table: absolute error <= 2^-11 on [-pi, pi])
//! abs: 3[8/12] 0.00048828125 cos (OpenCL C 3.0 s7.4 unsafe-math table: absolute error <= 2^-11 on [-pi, pi])
//! ulp: 3[9/12] 8192 tan (OpenCL C 3.0 s7.4 unsafe-math table: non-derived tan <= 8192 ulp)
//! ulp: 3[10/12] 3 divide (OpenCL C 3.0 s7.4 unsafe-math table: x / y <= 2.5 ulp on [2^-62, 2^62])
//! ulp: 4 5 exp (OpenCL C 3.0 s7.4 unsafe-math table: <= 3 + floor(fabs(2x)) ulp, here |x| <= 1)
//! abs: 5 0.00048828125 sin (OpenCL C 3.0 s7.4 unsafe-math table: absolute error <= 2^-11 on [-pi, pi])
//! arg: in float 256 randf -1 1
//! arg: in float 256 randf 2.5 1000
//! arg: in float 256 randf -3.14 3.14
//! arg: out float 3072
//! arg: out float4 64
//! arg: out float4 64
__kernel void math_relaxed(__global const float *a, __global const float *b, __global const float *c,
                           __global float *y, __global float4 *v, __global float4 *w)
{
    int i = get_global_id(0);
    float x = a[i], l = b[i], t = c[i];
    y[12 * i + 0] = exp(x);
    y[12 * i + 1] = exp2(x);
    y[12 * i + 2] = exp10(x);
    y[12 * i + 3] = log(l);
    y[12 * i + 4] = log2(l);
    y[12 * i + 5] = log10(l);
    y[12 * i + 6] = rsqrt(l);
    y[12 * i + 7] = sin(t);
    y[12 * i + 8] = cos(t);
    y[12 * i + 9] = tan(x);
    y[12 * i + 10] = l / (x + 2.0f);
    y[12 * i + 11] = 0.0f;
    if (i < 64) {
        v[i] = exp(vload4(i, a));
        w[i] = sin(vload4(i, c));
    }
}
