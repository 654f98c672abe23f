// 3x3 box filter over a W x H CL_R / CL_FLOAT image read through a sampler
// (unnormalized, clamp-to-edge, nearest) at integer coordinates; one
// work-item an output pixel (2-D NDRange W x H), the result in a buffer.
// bench/box3.cl is the same filter on a float array (clamped indices).
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                           CLK_FILTER_NEAREST;

__kernel void box3_img(__global float *restrict out, __read_only image2d_t in)
{
    int x = (int)get_global_id(0), y = (int)get_global_id(1);
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            acc += read_imagef(in, smp, (int2)(x + dx, y + dy)).x;
    out[y * get_image_width(in) + x] = acc * (1.0f / 9.0f);
}
