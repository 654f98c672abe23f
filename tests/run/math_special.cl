// erf, erfc, tgamma (OpenCL C 3.0, 7.4: 16 ulp for float and double) and
// lgamma_r's sign. spv2c's erf, erfc and tgamma are within 0.52 ulp of the
// exact value (tests/math, against MPFR), PoCL's within 16: the tolerance
// is the bound. lgamma has no bound in the specification, so only
// lgamma_r's sign output is compared, on negative non-integers (+-1
// alternating) and positive values.
//! kernel: math_special
//! global: 256
//! ulp: 4[0/4] 16 erf (OpenCL C 3.0 s7.4, single precision table: erf <= 16 ulp)
//! ulp: 4[1,2/4] 16 erfc (OpenCL C 3.0 s7.4, single precision table: erfc <= 16 ulp)
//! ulp: 4[3/4] 16 tgamma (OpenCL C 3.0 s7.4, single precision table: tgamma <= 16 ulp)
//! ulp: 5[0/4] 16 erf (OpenCL C 3.0 s7.4, double precision table: erf <= 16 ulp)
//! ulp: 5[1,2/4] 16 erfc (OpenCL C 3.0 s7.4, double precision table: erfc <= 16 ulp)
//! ulp: 5[3/4] 16 tgamma (OpenCL C 3.0 s7.4, double precision table: tgamma <= 16 ulp)
//! arg: in float4 256 edge
//! arg: in float4 256 randf -12 30
//! arg: in double2 256 edge
//! arg: in double2 256 randf -12 30
//! arg: out float4 1024
//! arg: out double2 1024
//! arg: out int4 512
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

kernel void math_special(global const float4 *fa, global const float4 *fb,
                         global const double2 *da, global const double2 *db,
                         global float4 *of, global double2 *od, global int4 *oi)
{
    int i = get_global_id(0);
    float4 e = fa[i], x = fb[i];
    double2 de = da[i], dx = db[i];
    global float4 *r = of + 4 * i;
    global double2 *s = od + 4 * i;
    int4 sg;
    int2 dsg;

    r[0] = erf(e); r[1] = erfc(x * 0.3f); r[2] = erfc(e);
    r[3] = tgamma(x * 0.5f);
    lgamma_r(floor(x) + 0.5f, &sg);
    oi[2 * i] = sg;

    s[0] = erf(de); s[1] = erfc(dx * 0.9); s[2] = erfc(de);
    s[3] = tgamma(dx * 5.0);
    lgamma_r(floor(dx) + 0.5, &dsg);
    oi[2 * i + 1] = (int4)(dsg, 0, 0);
}
