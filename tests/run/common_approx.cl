// Common built-ins whose result OpenCL C lets implementations choose within
// a bound: mix, smoothstep (absolute error), degrees, radians (2 ulp), one
// result each, and the contracted expression a * b + c. Each output is
// compared with PoCL under its function's bound from the specification (the
// header's abs:/ulp: lines cite the clause); spv2c's own evaluation of these
// functions is checked bit for bit against an exact oracle in
// tests/spvasm/common_exact.cl. The builtin mad() is not here: PoCL computes
// it unfused, spv2c fused (docs/testing.md, "mad"); tests/spvasm checks it.
// a * b + c: OpenCL C contracts it by default (FP_CONTRACT ON), clang-15 +
// llvm-spirv-15 emit OpExtInst mad, spv2c fuses it, and so does PoCL on an
// FMA-capable CPU: compared exactly. PoCL without FMA hardware (an AVX or
// SSE-only CPU: scripts/pocl-cpu-check --cpu avx) computes it unfused, which
// OpenCL C allows too, so PoCL's reference (-DPOCL_REF) is the explicit,
// correctly rounded fma(), the same bits on every CPU. Double mix and
// smoothstep have no bound in the specification (implementation-defined):
// only the oracle test checks them.
//! kernel: common_approx
//! global: 256
//! abs: 4[0,1/8] 1e-3 mix (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": mix, absolute error tolerance of 1e-3)
//! abs: 4[2,3/8] 1e-5 smoothstep (OpenCL C 3.0 s7.4, single precision table: smoothstep, absolute error tolerance of 1e-5)
//! ulp: 4[4,5/8] 2 degrees/radians (OpenCL C 3.0 s7.4, single precision table: degrees <= 2 ulp, radians <= 2 ulp)
//! ulp: 5[1,2/3] 2 degrees/radians (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": degrees, radians <= 2 ulp)
//! pocl-options: -DPOCL_REF
//! arg: in float4 256 randf 1 2
//! arg: in float4 256 randf 1 2
//! arg: in float4 256 randf 0 1
//! arg: in double 256 randf 1 2
//! arg: out float4 2048
//! arg: out double 768

kernel void common_approx(global const float4 *fa, global const float4 *fb,
                          global const float4 *ft, global const double *da,
                          global float4 *of, global double *od)
{
    int i = get_global_id(0);
    float4 a = fa[i], b = fb[i], t = ft[i];
    double d = da[i];
    global float4 *r = of + 8 * i;

    r[0] = mix(a, b * 3.0f, t);
    r[1] = mix(a, b, 0.25f);
    r[2] = smoothstep(0.0f, 1.0f, t);
    r[3] = smoothstep((float4)(0.5f), b, a);
    r[4] = degrees(a);
    r[5] = radians(b * 100.0f);
#ifdef POCL_REF
    r[6] = fma(a, b, t);
    r[7] = fma((float4)(a.x), t, b);
    od[3 * i] = fma(d, d, 1.0);
#else
    r[6] = a * b + t;
    r[7] = a.x * t + b;
    od[3 * i] = d * d + 1.0;
#endif
    od[3 * i + 1] = degrees(d);
    od[3 * i + 2] = radians(d * 100.0);
}
