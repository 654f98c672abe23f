// Trigonometric built-ins whose OpenCL C full-profile bound is 6 ulp
// (OpenCL C 3.0, 7.4, "ULP values for single/double precision built-in
// math functions"): tanpi atan2 atan2pi. spv2c's results are within 0.5 ulp
// (float) and 0.8 ulp (double) of the exact value (tests/math/trig_check.c,
// against MPFR), PoCL's within 6: the tolerance is the bound. Special
// values against each other (the quadrant and signed-zero rules of atan2),
// random bit patterns, ordinary ranges, half-integers for tanpi.
//! kernel: math_trig6
//! global: 256
//! ulp: 6[0,1,2,3/8] 6 tanpi (OpenCL C 3.0 s7.4, single precision table: tanpi <= 6 ulp)
//! ulp: 6[4,5/8] 6 atan2 (OpenCL C 3.0 s7.4, single precision table: atan2 <= 6 ulp)
//! ulp: 6[6,7/8] 6 atan2pi (OpenCL C 3.0 s7.4, single precision table: atan2pi <= 6 ulp)
//! ulp: 7[0,1,2,3/8] 6 tanpi (OpenCL C 3.0 s7.4, double precision table: tanpi <= 6 ulp)
//! ulp: 7[4,5/8] 6 atan2 (OpenCL C 3.0 s7.4, double precision table: atan2 <= 6 ulp)
//! ulp: 7[6,7/8] 6 atan2pi (OpenCL C 3.0 s7.4, double precision table: atan2pi <= 6 ulp)
//! nan: 6 NaN operands: spv2c returns the operand quieted, its payload kept (IEEE 754 s6.2.3); PoCL 3.1 returns a signaling NaN unquieted or the canonical NaN
//! nan: 7 NaN operands: spv2c returns the operand quieted, its payload kept (IEEE 754 s6.2.3); PoCL 3.1 returns a signaling NaN unquieted or the canonical NaN
//! arg: in float4 256 edge
//! arg: in float4 256 randf -10 10
//! arg: in float4 256 randbits
//! arg: in double2 256 edge
//! arg: in double2 256 randbits
//! arg: in double2 256 randf -4 4
//! arg: out float4 2048
//! arg: out double2 2048
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define LANES4(f, v) (float4)(f((v).x), f((v).y), f((v).z), f((v).w))
#define LANES2(f, v) (double2)(f((v).x), f((v).y))

kernel void math_trig6(global const float4 *fa, global const float4 *fb,
                       global const float4 *fc, global const double2 *da,
                       global const double2 *db, global const double2 *dc,
                       global float4 *of, global double2 *od)
{
    int i = get_global_id(0);
    float4 e = fa[i], x = fb[i], b = fc[i], e2 = fa[(i * 7 + 3) & 255];
    double2 de = da[i], dx = dc[i], dbits = db[i], de2 = da[(i * 7 + 3) & 255];
    global float4 *r = of + 8 * i;
    global double2 *s = od + 8 * i;

    r[0] = LANES4(tanpi, e); r[1] = tanpi(x); r[2] = LANES4(tanpi, b);
    r[3] = tanpi(floor(x * 4.0f) * 0.5f);          /* integers and halves */
    r[4] = atan2(e, e2); r[5] = atan2(x, b.wzyx);
    r[6] = atan2pi(e, e2); r[7] = atan2pi(b, x);

    s[0] = LANES2(tanpi, de); s[1] = tanpi(dx); s[2] = LANES2(tanpi, dbits);
    s[3] = tanpi(floor(dx * 4.0) * 0.5);
    s[4] = atan2(de, de2); s[5] = atan2(dx, dbits.yx);
    s[6] = atan2pi(de, de2); s[7] = atan2pi(dbits, dx);
}
