// Trigonometric built-ins whose OpenCL C full-profile bound is 4 ulp
// (OpenCL C 3.0, 7.4, tables "ULP values for single/double precision
// built-in math functions"): sin cos sincos sinpi cospi asin acos. spv2c's
// results are within 0.5 ulp (float) and 0.8 ulp (double) of the exact
// value (tests/math/trig_check.c checks that against MPFR), PoCL's within
// 4: the tolerance is the bound. Special values, random bit
// patterns (huge arguments included) and ordinary ranges; vector widths.
// PoCL 3.1 bug worked around: a float4 sin/cos with one huge lane gets its
// small lanes wrong (sin((float4)(1e-3f, 1e20f, 300, 1)).x is 0.008), so
// random bit patterns go through the scalar forms.
//! kernel: math_trig4
//! global: 256
//! ulp: 6[0,1,2,6,15/16] 4 sin (OpenCL C 3.0 s7.4, single precision table: sin <= 4 ulp)
//! ulp: 6[3,4,5,7,14/16] 4 cos (OpenCL C 3.0 s7.4, single precision table: cos <= 4 ulp)
//! ulp: 6[8,9/16] 4 sinpi (OpenCL C 3.0 s7.4, single precision table: sinpi <= 4 ulp)
//! ulp: 6[10,11/16] 4 cospi (OpenCL C 3.0 s7.4, single precision table: cospi <= 4 ulp)
//! ulp: 6[12,13/16] 4 asin (OpenCL C 3.0 s7.4, single precision table: asin <= 4 ulp)
//! ulp: 6[14,15/16] 4 acos (OpenCL C 3.0 s7.4, single precision table: acos <= 4 ulp)
//! ulp: 7[0,1,2,6,15/16] 4 sin (OpenCL C 3.0 s7.4, double precision table: sin <= 4 ulp)
//! ulp: 7[3,4,5,7/16] 4 cos (OpenCL C 3.0 s7.4, double precision table: cos <= 4 ulp)
//! ulp: 7[8,9/16] 4 sinpi (OpenCL C 3.0 s7.4, double precision table: sinpi <= 4 ulp)
//! ulp: 7[10,11/16] 4 cospi (OpenCL C 3.0 s7.4, double precision table: cospi <= 4 ulp)
//! ulp: 7[12,13/16] 4 asin (OpenCL C 3.0 s7.4, double precision table: asin <= 4 ulp)
//! ulp: 7[14,15/16] 4 acos (OpenCL C 3.0 s7.4, double precision table: acos <= 4 ulp)
//! nan: 6 NaN operands: spv2c returns the operand quieted, its payload kept (IEEE 754 s6.2.3); PoCL 3.1 returns a signaling NaN unquieted or the canonical NaN
//! nan: 7 NaN operands: spv2c returns the operand quieted, its payload kept (IEEE 754 s6.2.3); PoCL 3.1 returns a signaling NaN unquieted or the canonical NaN
//! arg: in float4 256 edge
//! arg: in float4 256 randf -10 10
//! arg: in float4 256 randbits
//! arg: in double2 256 edge
//! arg: in double2 256 randbits
//! arg: in double2 256 randf -4 4
//! arg: out float4 4096
//! arg: out double2 4096
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define LANES4(f, v) (float4)(f((v).x), f((v).y), f((v).z), f((v).w))
#define LANES2(f, v) (double2)(f((v).x), f((v).y))

kernel void math_trig4(global const float4 *fa, global const float4 *fb,
                       global const float4 *fc, global const double2 *da,
                       global const double2 *db, global const double2 *dc,
                       global float4 *of, global double2 *od)
{
    int i = get_global_id(0);
    float4 e = fa[i], x = fb[i], b = fc[i], u = x * 0.1f, c;
    double2 de = da[i], dx = dc[i], dbits = db[i], du = dx * 0.25, dcos;
    global float4 *r = of + 16 * i;
    global double2 *s = od + 16 * i;
    float3 x3 = x.xyz;
    float cs;

    r[0] = LANES4(sin, e); r[1] = sin(x); r[2] = LANES4(sin, b);
    r[3] = LANES4(cos, e); r[4] = cos(x); r[5] = LANES4(cos, b);
    r[6] = sincos(x * 3.0f, &c); r[7] = c;
    r[8] = LANES4(sinpi, e); r[9] = sinpi(x); r[10] = LANES4(cospi, b); r[11] = cospi(x * 0.5f);
    r[12] = LANES4(asin, e); r[13] = asin(u); r[14] = LANES4(acos, e); r[15] = acos(u);
    r[15].w = sincos(b.w, &cs);
    r[14].w = cs;
    r[6].xyz = sin(x3 * 100.0f);

    s[0] = LANES2(sin, de); s[1] = sin(dx); s[2] = LANES2(sin, dbits);
    s[3] = LANES2(cos, de); s[4] = cos(dx); s[5] = LANES2(cos, dbits);
    s[6] = sincos(dx * 3.0, &dcos); s[7] = dcos;
    s[8] = LANES2(sinpi, de); s[9] = sinpi(dx); s[10] = LANES2(cospi, dbits);
    s[11] = cospi(dx * 0.5);
    s[12] = LANES2(asin, de); s[13] = asin(du); s[14] = LANES2(acos, de); s[15] = acos(du);
    s[15].y = sin(dbits.x * 1e300);
}
