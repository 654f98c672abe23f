// mad, mix, smoothstep, degrees, radians on float and double, and the
// contracted expression a * b + c, run by spv2c and compared bit for bit
// with an exact oracle (common_exact.py) that follows spv2c's documented
// evaluation (mad fused: one rounding), and checks each result against the
// specification's bound where it gives one.
//! kernel: common_exact
//! global: 256
//! arg: in float4 256 randf -4 4
//! arg: in float4 256 randf -4 4
//! arg: in float4 256 randf 0 1
//! arg: in double4 256 randf -4 4
//! arg: out float 2048
//! arg: out double 1024

kernel void common_exact(global const float4 *fa, global const float4 *fb,
                         global const float4 *ft, global const double4 *da,
                         global float *of, global double *od)
{
    int i = get_global_id(0);
    float4 a = fa[i], b = fb[i], t = ft[i];
    double4 d = da[i];
    global float *r = of + 8 * i;
    global double *s = od + 4 * i;

    r[0] = mad(a.x, b.x, a.y);
    r[1] = a.z * b.z + b.w;
    r[2] = mix(a.x, b.y, t.x);
    r[3] = smoothstep(a.w, a.w + 2.0f, b.x);
    r[4] = degrees(a.y);
    r[5] = radians(b.z * 100.0f);
    r[6] = mad(t.y, t.z, -t.w);
    r[7] = smoothstep(0.0f, 1.0f, t.w);

    s[0] = mad(d.x, d.y, d.z);
    s[1] = mix(d.x, d.w, 0.375);
    s[2] = degrees(d.z);
    s[3] = radians(d.w);
}
