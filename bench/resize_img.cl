// Bilinear resize of a CL_RGBA / CL_UNORM_INT8 image to OW x OH: each
// work-item (2-D NDRange OW x OH) samples the input at its pixel centre in
// normalized coordinates (clamp-to-edge, linear filter) and writes the
// float4 to a buffer. Linear filtering has a tolerance in the OpenCL
// specification and PoCL reads a unorm channel as c * (1/255): the
// comparison with PoCL is norm-wise.
__constant sampler_t smp = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE |
                           CLK_FILTER_LINEAR;

__kernel void resize_img(__global float4 *restrict out, __read_only image2d_t in, uint ow,
                         uint oh)
{
    uint x = (uint)get_global_id(0), y = (uint)get_global_id(1);
    float2 c = (float2)(((float)x + 0.5f) / (float)ow, ((float)y + 0.5f) / (float)oh);
    out[y * ow + x] = read_imagef(in, smp, c);
}
