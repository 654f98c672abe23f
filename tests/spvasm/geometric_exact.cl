// dot, cross, length, distance, normalize and their fast_ forms, run by
// spv2c and compared bit for bit with an exact oracle (geometric_exact.py)
// that follows spv2c's documented evaluation order (docs/testing.md,
// "Geometric functions"), which also checks that every result is within the
// specification's bound of the exact result. Inputs in [-4, 4]: cancellation
// in dot, cross and distance included.
//! kernel: geometric_exact
//! global: 256
//! arg: in float4 256 randf -4 4
//! arg: in float4 256 randf -4 4
//! arg: in double4 256 randf -4 4
//! arg: in double4 256 randf -4 4
//! arg: out float 4096
//! arg: out double 2048

kernel void geometric_exact(global const float4 *fa, global const float4 *fb,
                            global const double4 *da, global const double4 *db,
                            global float *of, global double *od)
{
    int i = get_global_id(0);
    float4 a = fa[i], b = fb[i];
    double4 c = da[i], d = db[i];
    global float *r = of + 16 * i;
    global double *s = od + 8 * i;
    float4 n4 = normalize(a), fn4 = fast_normalize(b);
    float3 c3 = cross(a.xyz, b.xyz);
    float2 n2 = normalize(a.xy);
    double3 dc3 = cross(c.xyz, d.xyz);
    double4 dn4 = normalize(c);

    r[0] = dot(a, b);
    r[1] = dot(a.xyz, b.xyz);
    r[2] = length(a);
    r[3] = length(a.xy);
    r[4] = distance(a, b);
    r[5] = fast_length(b);
    r[6] = fast_distance(a.xyz, b.xyz);
    r[7] = n4.x;
    r[8] = n4.w;
    r[9] = n2.y;
    r[10] = fn4.z;
    r[11] = c3.x;
    r[12] = c3.y;
    r[13] = c3.z;
    r[14] = dot(a.xy, b.zw);
    r[15] = length(a.xyz);

    s[0] = dot(c, d);
    s[1] = length(c);
    s[2] = distance(c, d);
    s[3] = dn4.y;
    s[4] = dn4.w;
    s[5] = dc3.x;
    s[6] = dc3.z;
    s[7] = length(d.xyz);
}
