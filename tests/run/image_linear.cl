// read_imagef with linear filtering, normalized coordinates and
// clamp-to-edge on 2-D 8x4 RGBA images, UNORM_INT8 and FLOAT, through a
// sampler argument (OpTypeSampler parameter) and a program-scope constant
// sampler (OpConstantSampler); coordinates from 1/4 of the image before
// it to 1/4 past it in both directions.
// Tolerance: none. Section 8.2 of the OpenCL 1.2 specification gives
// linear filtering's formulas but no error bound, and its note on the
// precision of image reads (the one naming "(i, j, k) in section 8.2")
// says that for any sampler but unnormalized nearest with NONE,
// CLAMP_TO_EDGE or CLAMP "the relative error or precision of the
// addressing mode calculations and the image filter operation are not
// defined": there is no bound to apply. The inputs are chosen so
// that the specification's formulas are exact in float whatever the order
// of operations: coordinates are multiples of 1/64, so u - 0.5 and v - 0.5
// are multiples of 1/8 and 1/16 and the weights multiples of 1/128;
// UNORM_INT8 channels are 0 or 255 (0.0 and 1.0, no s8.3.1.1 conversion
// error) and FLOAT channels multiples of 1/4 below 8. Every result is then
// the exact value of the formula, and spv2c's and PoCL's must be the same
// bits.
//! kernel: lin
//! global: 256
//! arg: image RGBA,UNORM_INT8 8x4 uchar list 0 255 255 0 255 0 0
//! arg: image RGBA,FLOAT 8x4 float list 0.5 -3 1.25 2 -0.75 4 0 1.5 -2 3.25 0.25
//! arg: sampler 0x23
//! arg: in int2 256 randi -16 80
//! arg: out float4 256
//! arg: out float4 256
//! arg: out float4 256
//! arg: out float4 256
__constant sampler_t lin_edge = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE |
                                CLK_FILTER_LINEAR;

__kernel void lin(__read_only image2d_t u8, __read_only image2d_t f, sampler_t smp,
                  __global const int2 *co, __global float4 *au8, __global float4 *af,
                  __global float4 *cu8, __global float4 *cf)
{
    int i = get_global_id(0);
    float2 c = convert_float2(co[i]) * (float2)(1.0f / 64);
    au8[i] = read_imagef(u8, smp, c);
    af[i] = read_imagef(f, smp, c);
    cu8[i] = read_imagef(u8, lin_edge, c);
    cf[i] = read_imagef(f, lin_edge, c);
}
