// Geometric built-ins dot, cross, length, distance, normalize on float and
// double. OpenCL allows these to differ from the correctly rounded result,
// so a few ULP are tolerated; inputs avoid cancellation.
//! kernel: geometric
//! global: 256
//! ulp: float 8
//! ulp: double 8
//! arg: in float4 256 randf 1 2
//! arg: in float4 256 randf 1 2
//! arg: in double4 256 randf 1 2
//! arg: out float4 1024
//! arg: out float 1024
//! arg: out double 512
//! arg: out double3 256

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

    ov[4 * i] = cross(a, b);
    ov[4 * i + 1] = (float4)(cross(a.xyz, b.xyz), 0.0f);
    ov[4 * i + 2] = normalize(a);
    ov[4 * i + 3] = (float4)(normalize(a.xy), normalize(a.zyx).xy);

    os[4 * i] = dot(a, b);
    os[4 * i + 1] = dot(a.xy, b0.zw) + dot(a.x, b0.y);
    os[4 * i + 2] = length(a) + length(a.xyz) * 2.0f;
    os[4 * i + 3] = distance(a * 4.0f, b0) + length(a.x);

    od[2 * i] = dot(d, d.wzyx) + length(d);
    od[2 * i + 1] = distance(d.xy, -d.zw);
    od3[i] = cross(d.xyz, (double3)(d.w * 0.1, d.z * 10.0, -d.x)) +
             normalize(d.xyz);
}
