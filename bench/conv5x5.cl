// 2-D convolution with a 5x5 filter (in __constant memory) over a W x H
// image: one work-item an output pixel of the (W-4) x (H-4) valid region
// (2-D NDRange), no borders, no branches. Output row pitch W-4.
__kernel void conv5x5(__global float *restrict out, __global const float *restrict in,
                      __constant float *restrict f, uint w)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    __global const float *p = in + y * w + x;
    float acc = 0.0f;
    for (int dy = 0; dy < 5; dy++)
        for (int dx = 0; dx < 5; dx++)
            acc += f[dy * 5 + dx] * p[dy * w + dx];
    out[y * (w - 4) + x] = acc;
}
