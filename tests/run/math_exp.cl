// runtime/math_exp.h against PoCL: exponentials, logarithms, powers, roots,
// hyperbolic functions on float4 and double, special values first (edge),
// then random operands. Outputs are interleaved, one slot a function; each
// slot's tolerance is the function's bound in the OpenCL C specification.
// spv2c's results are within 0.5 ulp of the exact value (tests/math, MPFR),
// so a conformant PoCL result is within the bound of ours. Special values
// (inf, signed zeros) must match exactly, NaN where PoCL has a NaN.
//! kernel: math_exp
//! global: 128
//! arg: in float 512 edge
//! arg: in float 512 randf -30 30
//! arg: in float 512 randf -4 4
//! arg: in int 512 randi -6 6
//! arg: in double 128 edge
//! arg: in double 128 randf -30 30
//! arg: out float4 2688
//! arg: out double 2688
//! nan: 6 PoCL 3.1's float functions return the x86 default NaN (sign set) or pass an operand's payload on, where spv2c returns the canonical NaN of docs/testing.md's NaN policy
//! nan: 7 PoCL 3.1's double functions return the x86 default NaN (sign set), where spv2c returns the canonical NaN (docs/testing.md)
//! ulp: 6[0/21] 3 exp (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": exp <= 3 ulp)
//! ulp: 6[1/21] 3 exp2 (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": exp2 <= 3 ulp)
//! ulp: 6[2/21] 3 exp10 (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": exp10 <= 3 ulp)
//! ulp: 6[3/21] 3 expm1 (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": expm1 <= 3 ulp)
//! ulp: 6[4/21] 3 log (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": log <= 3 ulp)
//! ulp: 6[5/21] 3 log2 (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": log2 <= 3 ulp)
//! ulp: 6[6/21] 3 log10 (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": log10 <= 3 ulp)
//! ulp: 6[7/21] 2 log1p (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": log1p <= 2 ulp)
//! ulp: 6[8/21] 2 cbrt (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": cbrt <= 2 ulp)
//! ulp: 6[9/21] 2 rsqrt (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": rsqrt <= 2 ulp)
//! ulp: 6[10/21] 4 sinh (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": sinh <= 4 ulp)
//! ulp: 6[11/21] 4 cosh (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": cosh <= 4 ulp)
//! ulp: 6[12/21] 4 asinh (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": asinh <= 4 ulp)
//! ulp: 6[13/21] 4 acosh (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": acosh <= 4 ulp)
//! ulp: 6[14/21] 4 hypot (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": hypot <= 4 ulp)
//! ulp: 6[15/21] 5 tanh (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": tanh <= 5 ulp)
//! ulp: 6[16/21] 5 atanh (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": atanh <= 5 ulp)
//! ulp: 6[17/21] 16 pow (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": pow <= 16 ulp)
//! ulp: 6[18/21] 16 pown (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": pown <= 16 ulp)
//! ulp: 6[19/21] 16 powr (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": powr <= 16 ulp)
//! ulp: 6[20/21] 16 rootn (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": rootn <= 16 ulp)
//! ulp: 7[0/21] 3 exp (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": exp <= 3 ulp)
//! ulp: 7[1/21] 3 exp2 (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": exp2 <= 3 ulp)
//! ulp: 7[2/21] 3 exp10 (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": exp10 <= 3 ulp)
//! ulp: 7[3/21] 3 expm1 (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": expm1 <= 3 ulp)
//! ulp: 7[4/21] 3 log (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": log <= 3 ulp)
//! ulp: 7[5/21] 3 log2 (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": log2 <= 3 ulp)
//! ulp: 7[6/21] 3 log10 (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": log10 <= 3 ulp)
//! ulp: 7[7/21] 2 log1p (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": log1p <= 2 ulp)
//! ulp: 7[8/21] 2 cbrt (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": cbrt <= 2 ulp)
//! ulp: 7[9/21] 2 rsqrt (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": rsqrt <= 2 ulp)
//! ulp: 7[10/21] 4 sinh (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": sinh <= 4 ulp)
//! ulp: 7[11/21] 4 cosh (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": cosh <= 4 ulp)
//! ulp: 7[12/21] 4 asinh (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": asinh <= 4 ulp)
//! ulp: 7[13/21] 4 acosh (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": acosh <= 4 ulp)
//! ulp: 7[14/21] 4 hypot (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": hypot <= 4 ulp)
//! ulp: 7[15/21] 5 tanh (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": tanh <= 5 ulp)
//! ulp: 7[16/21] 5 atanh (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": atanh <= 5 ulp)
//! ulp: 7[17/21] 16 pow (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": pow <= 16 ulp)
//! ulp: 7[18/21] 16 pown (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": pown <= 16 ulp)
//! ulp: 7[19/21] 16 powr (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": powr <= 16 ulp)
//! ulp: 7[20/21] 16 rootn (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": rootn <= 16 ulp)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void math_exp(global const float *xa, global const float *xb, global const float *yb,
                     global const int *nb, global const double *da, global const double *db,
                     global float4 *f, global double *d)
{
    int i = get_global_id(0);
    float4 x = (i & 1) ? vload4(i, xa) : vload4(i, xb), y = vload4(i, yb);
    float4 p = fabs(vload4(i, xb)) + (float4)(0.5f);
    int4 n = vload4(i, nb);
    double u = (i & 1) ? da[i] : db[i], v = yb[i], q = fabs(db[i]) + 0.5;
    int k = nb[i];
    global float4 *o = f + 21 * i;
    global double *e = d + 21 * i;

    o[0] = exp(x); o[1] = exp2(x); o[2] = exp10(x); o[3] = expm1(x); o[4] = log(x);
    o[5] = log2(p); o[6] = log10(x); o[7] = log1p(x); o[8] = cbrt(x); o[9] = rsqrt(x);
    o[10] = sinh(x); o[11] = cosh(x); o[12] = asinh(x); o[13] = acosh(p * 2.0f);
    o[14] = hypot(x, y); o[15] = tanh(x); o[16] = atanh(y * 0.25f); o[17] = pow(x, y);
    o[18] = pown(x, n); o[19] = powr(p, y); o[20] = rootn(x, n);

    e[0] = exp(u); e[1] = exp2(u); e[2] = exp10(u); e[3] = expm1(u); e[4] = log(u);
    e[5] = log2(q); e[6] = log10(u); e[7] = log1p(u); e[8] = cbrt(u); e[9] = rsqrt(u);
    e[10] = sinh(u); e[11] = cosh(u); e[12] = asinh(u); e[13] = acosh(q * 2.0);
    e[14] = hypot(u, v); e[15] = tanh(u); e[16] = atanh(v * 0.25); e[17] = pow(u, v);
    e[18] = pown(u, k); e[19] = powr(q, v); e[20] = rootn(u, k);
}
