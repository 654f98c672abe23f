// All-pairs N-body step: each work-item accumulates the softened
// gravitational acceleration on body i from all N bodies (rsqrt, multiply-
// adds), then advances its velocity and position by dt. pos: x, y, z, mass
// as float4, inputs in [-1, 1) (the mass term is w + 1, in [0, 2)).
__kernel void nbody(__global float4 *restrict pos_out, __global float4 *restrict vel_out,
                    __global const float4 *restrict pos, __global const float4 *restrict vel,
                    uint n, float dt)
{
    size_t i = get_global_id(0);
    float4 p = pos[i];
    float3 acc = (float3)(0.0f);
    for (uint j = 0; j < n; j++) {
        float4 q = pos[j];
        float3 d = q.xyz - p.xyz;
        float r2 = dot(d, d) + 0.01f;
        float inv = rsqrt(r2);
        acc += (q.w + 1.0f) * inv * inv * inv * d;
    }
    float4 v = vel[i];
    v.xyz += dt * acc;
    pos_out[i] = (float4)(p.xyz + dt * v.xyz, p.w);
    vel_out[i] = v;
}
