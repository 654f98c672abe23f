// 2-, 3- and 4-lane vectors: literals, swizzles (.xyzw, .s0123, repeated
// and reversed lanes, swizzles as lvalues), .lo/.hi/.even/.odd, arithmetic
// with scalars broadcast, vector comparisons, 3-lane vectors in memory.
//! kernel: vec_swizzle
//! global: 128
//! arg: in float4 128 randf -100 100
//! arg: in int4 128 rand
//! arg: in float3 128 randf -10 10
//! arg: out float4 512
//! arg: out float3 256
//! arg: out int2 512
//! arg: out uint4 128
#pragma OPENCL FP_CONTRACT OFF

kernel void vec_swizzle(global const float4 *fa, global const int4 *ia,
                        global const float3 *f3, global float4 *of,
                        global float3 *o3, global int2 *oi, global uint4 *ou)
{
    int i = get_global_id(0);
    float4 a = fa[i];
    int4 b = ia[i];
    float3 c = f3[i];

    float4 t = (float4)(a.xy, 1.0f, (float)i);
    t.zw += a.wz * 2.0f;
    t.x = c.z;
    of[4 * i + 0] = t;
    of[4 * i + 1] = a.wzyx + a.xxyy * a.s3210 - (float4)(0.5f);
    of[4 * i + 2] = (float4)(a.lo, c.hi.x, a.odd.y) / (float4)(2.0f, 4.0f, -8.0f, 0.25f);
    float2 p = a.even;
    p.yx = a.hi;
    of[4 * i + 3] = (float4)(p, p.y - p.x, c.y);

    o3[2 * i] = c.zxy * (float3)(1.0f, -2.0f, 0.5f) + a.xyz;
    float3 d = (float3)(c.x);
    d.yz = c.s01;
    o3[2 * i + 1] = d - c;

    int2 q = b.lo + b.hi;
    oi[4 * i + 0] = q;
    oi[4 * i + 1] = b.even ^ b.odd.yx;
    oi[4 * i + 2] = (int2)(b.w >> 3, b.s2 & 0xff) * 3;
    oi[4 * i + 3] = (b.xy < b.zw) + (int2)(10, 20);

    uint4 u = as_uint4(b);
    u.s31 = u.s02 >> (uint2)(4, 12);
    ou[i] = u.xyzw * (uint4)(1u, 2u, 3u, 4u) + (uint4)(u.x > 5u);
}
