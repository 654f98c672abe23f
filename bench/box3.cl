// 3x3 box filter over a W x H float array, the neighbours' indices clamped
// to the array (what clamp-to-edge does): one work-item an output pixel
// (2-D NDRange W x H). bench/box3_img.cl is the same filter reading an
// image through a sampler; the two compute the same floats in the same order.
__kernel void box3(__global float *restrict out, __global const float *restrict in,
                   uint w, uint h)
{
    int x = (int)get_global_id(0), y = (int)get_global_id(1);
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; dy++) {
        int yy = clamp(y + dy, 0, (int)h - 1);
        for (int dx = -1; dx <= 1; dx++)
            acc += in[yy * (int)w + clamp(x + dx, 0, (int)w - 1)];
    }
    out[y * (int)w + x] = acc * (1.0f / 9.0f);
}
