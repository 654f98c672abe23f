// Exact common built-ins on float and double, scalar and vector: clamp,
// step, sign (with NaN and signed zeros), min, max (finite operands: OpenCL
// leaves them undefined for NaN and Inf), fmin/fmax on finite values.
//! kernel: common
//! global: 256
//! arg: in float4 256 randf -50 50
//! arg: in float4 256 randf -50 50
//! arg: in float 256 edge
//! arg: in double2 256 randf -1e6 1e6
//! arg: out float4 1792
//! arg: out float 512
//! arg: out double2 768
#pragma OPENCL FP_CONTRACT OFF

kernel void common(global const float4 *fa, global const float4 *fb,
                   global const float *fe, global const double2 *da,
                   global float4 *of, global float *os, global double2 *od)
{
    int i = get_global_id(0);
    float4 a = fa[i], b = fb[i];
    float e = fe[i];
    double2 d = da[i];
    global float4 *r = of + 7 * i;
    float4 lo = min(a, b), hi = max(a, b);

    r[0] = lo;
    r[1] = hi;
    r[2] = clamp(a * 3.0f, lo, hi);
    r[3] = clamp(b, -10.0f, 10.0f);
    r[4] = step(a, b) + step(0.5f, a) * 2.0f;
    r[5] = sign(a) + sign(b) * 10.0f;
    r[6] = fmin(a, b) - fmax(a, 1.0f) + max(a, 2.5f) - min(b, -2.5f);

    os[2 * i] = sign(e);                 /* NaN -> 0, -0 -> -0 */
    os[2 * i + 1] = clamp(e * 0.0f == 0.0f ? e : 0.0f, -1.0f, 1.0f);

    od[3 * i] = clamp(d, -1000.0, 1000.0);
    od[3 * i + 1] = sign(d) * step(d.yx, d);
    od[3 * i + 2] = max(d, d.yx) - min(d, 0.5);
}
