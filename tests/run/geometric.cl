// Geometric built-ins dot, cross, length, distance, normalize on float and
// double, one function an output element, each compared with PoCL under the
// bound the specification gives that function (the header cites the
// clause; n is the vector width). The absolute bounds of dot and cross use
// max = the largest input magnitude: 20 for float (b.y = 10 b0.y, b0 in
// [1, 2]), 2 for double dot and 20 for double cross. spv2c's own evaluation
// order is checked bit for bit, and against the same bounds, by the exact
// oracle of tests/spvasm/geometric_exact.cl.
//! kernel: geometric
//! global: 256
//! abs: 3[0,1/5] 1.431e-4 cross (OpenCL C 3.0 s7.4, table "ULP values for single precision built-in math functions": cross, absolute error tolerance max * max * (3 * FLT_EPSILON) per component; max = 20)
//! ulp: 3[2/5] 6 normalize (OpenCL C 3.0 s7.4, single precision table: normalize <= 2 + n ulp; n = 4)
//! ulp: 3[3/5] 4 normalize (same clause; n = 2)
//! ulp: 3[4/5] 5 normalize (same clause; n = 3)
//! abs: 4[0/8] 3.338e-4 dot (OpenCL C 3.0 s7.4, single precision table: dot, absolute error tolerance max * max * (2n - 1) * FLT_EPSILON; n = 4, max = 20)
//! abs: 4[1/8] 1.431e-6 dot (same clause; n = 2, max = 2)
//! abs: 4[2/8] 4.769e-7 dot (same clause; n = 1, max = 2)
//! ulp: 4[3/8] 4 length (OpenCL C 3.0 s7.4, single precision table: length <= 2.75 + 0.5n ulp; n = 4)
//! ulp: 4[4/8] 4 length (same clause; n = 3)
//! ulp: 4[5/8] 3 length (same clause; n = 1)
//! ulp: 4[6/8] 10 distance (OpenCL C 3.0 s7.4, single precision table: distance <= 2.5 + 2n ulp; n = 4)
//! ulp: 4[7/8] 6 distance (same clause; n = 2)
//! abs: 5[0/3] 6.217e-15 dot (OpenCL C 3.0 s7.4, table "ULP values for double precision built-in math functions": dot, absolute error tolerance max * max * (2n - 1) * DBL_EPSILON; n = 4, max = 2)
//! ulp: 5[1/3] 9 length (OpenCL C 3.0 s7.4, double precision table: length <= 5.5 + n ulp; n = 4)
//! ulp: 5[2/3] 9 distance (OpenCL C 3.0 s7.4, double precision table: distance <= 5.5 + 2n ulp; n = 2)
//! abs: 6[0/2] 2.665e-13 cross (OpenCL C 3.0 s7.4, double precision table: cross, absolute error tolerance max * max * (3 * DBL_EPSILON); max = 20)
//! ulp: 6[1/2] 7 normalize (OpenCL C 3.0 s7.4, double precision table: normalize <= 4.5 + n ulp; n = 3)
//! arg: in float4 256 randf 1 2
//! arg: in float4 256 randf 1 2
//! arg: in double4 256 randf 1 2
//! arg: out float4 1280
//! arg: out float 2048
//! arg: out double 768
//! arg: out double3 512

kernel void geometric(global const float4 *fa, global const float4 *fb,
                      global const double4 *da, global float4 *ov,
                      global float *os, global double *od,
                      global double3 *od3)
{
    int i = get_global_id(0);
    float4 a = fa[i];
    float4 b0 = fb[i];
    float4 b = (float4)(b0.x * 0.1f, b0.y * 10.0f, -b0.z, b0.w);
    double4 d = da[i];

    ov[5 * i] = cross(a, b);
    ov[5 * i + 1] = (float4)(cross(a.xyz, b.xyz), 0.0f);
    ov[5 * i + 2] = normalize(a);
    ov[5 * i + 3] = (float4)(normalize(a.xy), 0.0f, 0.0f);
    ov[5 * i + 4] = (float4)(normalize(a.zyx), 0.0f);

    os[8 * i] = dot(a, b);
    os[8 * i + 1] = dot(a.xy, b0.zw);
    os[8 * i + 2] = dot(a.x, b0.y);
    os[8 * i + 3] = length(a);
    os[8 * i + 4] = length(a.xyz);
    os[8 * i + 5] = length(a.x);
    os[8 * i + 6] = distance(a * 4.0f, b0);
    os[8 * i + 7] = distance(a.xy, b0.zw);

    od[3 * i] = dot(d, d.wzyx);
    od[3 * i + 1] = length(d);
    od[3 * i + 2] = distance(d.xy, -d.zw);
    od3[2 * i] = cross(d.xyz, (double3)(d.w * 0.1, d.z * 10.0, -d.x));
    od3[2 * i + 1] = normalize(d.xyz);
}
