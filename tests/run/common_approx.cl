// Common built-ins whose precision OpenCL leaves to the implementation or
// bounds loosely: mix, smoothstep, degrees, radians, mad. Inputs are chosen
// well-conditioned (no cancellation) so that a few ULP tolerance is
// meaningful.
//! kernel: common_approx
//! global: 256
//! ulp: float 8
//! ulp: double 8
//! arg: in float4 256 randf 1 2
//! arg: in float4 256 randf 1 2
//! arg: in float4 256 randf 0 1
//! arg: in double 256 randf 1 2
//! arg: out float4 1536
//! arg: out double 768

kernel void common_approx(global const float4 *fa, global const float4 *fb,
                          global const float4 *ft, global const double *da,
                          global float4 *of, global double *od)
{
    int i = get_global_id(0);
    float4 a = fa[i], b = fb[i], t = ft[i];
    double d = da[i];
    global float4 *r = of + 6 * i;

    r[0] = mix(a, b * 3.0f, t);
    r[1] = mix(a, b, 0.25f);
    r[2] = smoothstep(0.0f, 1.0f, t) + smoothstep((float4)(0.5f), b, a);
    r[3] = degrees(a) + radians(b * 100.0f);
    r[4] = mad(a, b, t);
    r[5] = mad(a.x, t, b);

    od[3 * i] = mix(d, d * 4.0, 0.75);
    od[3 * i + 1] = degrees(d) * radians(d);
    od[3 * i + 2] = smoothstep(1.0, 2.0, d) + mad(d, d, 1.0);
}
