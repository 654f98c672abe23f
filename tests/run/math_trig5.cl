// Trigonometric built-ins whose OpenCL C full-profile bound is 5 ulp
// (OpenCL C 3.0, 7.4, "ULP values for single/double precision built-in
// math functions"): tan atan asinpi acospi atanpi. spv2c's results are
// within 0.5 ulp (float) and 0.8 ulp (double) of the exact value
// (tests/math/trig_check.c, against MPFR), PoCL's within 5: the
// tolerance is the bound. Random bit patterns go through the scalar forms (PoCL 3.1's
// vector forms mishandle lanes next to a huge one, see math_trig4.cl).
//! kernel: math_trig5
//! global: 256
//! ulp: 6[0,1,2/10] 5 tan (OpenCL C 3.0 s7.4, single precision table: tan <= 5 ulp)
//! ulp: 6[3,8,9/10] 5 atan (OpenCL C 3.0 s7.4, single precision table: atan <= 5 ulp)
//! ulp: 6[4,5/10] 5 atanpi (OpenCL C 3.0 s7.4, single precision table: atanpi <= 5 ulp)
//! ulp: 6[6/10] 5 asinpi (OpenCL C 3.0 s7.4, single precision table: asinpi <= 5 ulp)
//! ulp: 6[7/10] 5 acospi (OpenCL C 3.0 s7.4, single precision table: acospi <= 5 ulp)
//! ulp: 7[0,1,2/10] 5 tan (OpenCL C 3.0 s7.4, double precision table: tan <= 5 ulp)
//! ulp: 7[3,4/10] 5 atan (OpenCL C 3.0 s7.4, double precision table: atan <= 5 ulp)
//! ulp: 7[5,8/10] 5 atanpi (OpenCL C 3.0 s7.4, double precision table: atanpi <= 5 ulp)
//! ulp: 7[6,9/10] 5 asinpi (OpenCL C 3.0 s7.4, double precision table: asinpi <= 5 ulp)
//! ulp: 7[7/10] 5 acospi (OpenCL C 3.0 s7.4, double precision table: acospi <= 5 ulp)
//! nan: 6 NaN operands: spv2c returns the operand quieted, its payload kept (IEEE 754 s6.2.3); PoCL 3.1 returns a signaling NaN unquieted or the canonical NaN
//! nan: 7 NaN operands: spv2c returns the operand quieted, its payload kept (IEEE 754 s6.2.3); PoCL 3.1 returns a signaling NaN unquieted or the canonical NaN
//! arg: in float4 256 edge
//! arg: in float4 256 randf -10 10
//! arg: in float4 256 randbits
//! arg: in double2 256 edge
//! arg: in double2 256 randbits
//! arg: in double2 256 randf -4 4
//! arg: out float4 2560
//! arg: out double2 2560
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define LANES4(f, v) (float4)(f((v).x), f((v).y), f((v).z), f((v).w))
#define LANES2(f, v) (double2)(f((v).x), f((v).y))

kernel void math_trig5(global const float4 *fa, global const float4 *fb,
                       global const float4 *fc, global const double2 *da,
                       global const double2 *db, global const double2 *dc,
                       global float4 *of, global double2 *od)
{
    int i = get_global_id(0);
    float4 e = fa[i], x = fb[i], b = fc[i], u = x * 0.1f;
    double2 de = da[i], dx = dc[i], dbits = db[i], du = dx * 0.25;
    global float4 *r = of + 10 * i;
    global double2 *s = od + 10 * i;

    r[0] = LANES4(tan, e); r[1] = tan(x); r[2] = LANES4(tan, b);
    r[3] = LANES4(atan, e); r[8] = atan(x); r[9] = LANES4(atan, b);
    r[4] = LANES4(atanpi, b); r[5] = atanpi(x);
    r[6] = LANES4(asinpi, e); r[6].w = asinpi(u.w);
    r[7] = acospi(u); r[7].x = acospi(e.y);

    s[0] = LANES2(tan, de); s[1] = tan(dx); s[2] = LANES2(tan, dbits);
    s[3] = LANES2(atan, de); s[4] = LANES2(atan, dbits); s[8] = atanpi(dx);
    s[5] = LANES2(atanpi, de); s[6] = asinpi(du); s[9] = LANES2(asinpi, de);
    s[7] = acospi(du); s[7].y = acospi(de.x);
}
