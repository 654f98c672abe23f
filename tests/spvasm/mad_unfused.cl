// spv2c --mad=unfused: mad (the built-in, and a * b + c, which OpenCL C
// contracts into the same SPIR-V instruction) as a product rounded, then a
// sum rounded, on float (scalar and vector), double and half, compared bit
// for bit with an exact oracle (mad_unfused.py), which also checks that
// these inputs tell the two evaluations apart (fused would fail).
//! kernel: mad_unfused
//! global: 256
//! arg: in float4 256 randf -4 4
//! arg: in float4 256 randf -4 4
//! arg: in double2 256 randf -4 4
//! arg: in half 768 randf -8 8
//! arg: out float 1536
//! arg: out double 512
//! arg: out half 256
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void mad_unfused(global const float4 *fa, global const float4 *fb,
                        global const double2 *da, global const half *ha,
                        global float *of, global double *od, global half *oh)
{
    int i = get_global_id(0);
    float4 a = fa[i], b = fb[i];
    double2 d = da[i];
    global float *r = of + 6 * i;
    float4 v = mad(a, b, b.wzyx);

    r[0] = mad(a.x, b.x, a.y);
    r[1] = a.z * b.z + b.w;
    r[2] = v.x;
    r[3] = v.y;
    r[4] = v.z;
    r[5] = v.w;
    od[2 * i] = mad(d.x, d.y, d.y);
    od[2 * i + 1] = d.x * d.x + d.y;
    oh[i] = mad(ha[3 * i], ha[3 * i + 1], ha[3 * i + 2]);
}
