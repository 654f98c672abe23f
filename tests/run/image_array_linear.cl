//! kernel: arrlin
//! global: 256
//! arg: image RGBA,FLOAT 8x4/3 float list 0.5 -3 1.25 2 -0.75 4 0 1.5 -2 3.25 0.25 7.75 -6.5
//! arg: image RGBA,UNORM_INT8 8x4/3 uchar list 0 255 255 0 255 0 0
//! arg: in int4 256 randi -80 144
//! arg: out float4 1536
//! arg: out float4 512
//! arg: out float4 512
// Linear filtering on 2-D image arrays (image2d_array_t, 8x4, 3 layers),
// RGBA FLOAT and UNORM_INT8: normalized coordinates under CLAMP_TO_EDGE,
// CLAMP, REPEAT and MIRRORED_REPEAT, unnormalized under CLAMP_TO_EDGE and
// CLAMP; then NaN coordinates (x, then y) under CLAMP_TO_EDGE
// (normalized and unnormalized). (1-D arrays: tests/run/image_modes.cl.)
// Coordinates are k/64 for k in -80 .. 144 (s from -1.25 to 2.25: past
// both edges, several periods of REPEAT and MIRRORED_REPEAT): s * 8 and
// s * 4 are multiples of 1/8 and 1/16, so many land exactly on texel
// centres and boundaries (weights 0 and 1/2), and every step of section
// 8.2's formulas is exact in float. Layers are k/4 - 1.125, never a tie
// (PoCL 3.1 rounds n + 0.5 up, s8.4's rint to even); with normalized
// coordinates only layers where PoCL 3.1, which scales an array's layer
// by the layer count, and s8.4's clamp(rint(l), 0, 2) agree (l <= 0.125 or
// l >= 1.625; see image_modes.cl).
// Tolerance: none. Section 8.2 of the OpenCL 1.2 specification gives
// linear filtering's formulas but no error bound (its note on image read
// precision: for samplers other than unnormalized nearest with NONE,
// CLAMP_TO_EDGE or CLAMP "the relative error or precision of the
// addressing mode calculations and the image filter operation are not
// defined"). The inputs make every formula exact whatever the order of
// operations: weights are multiples of 1/8 (1/16 in y), FLOAT texels
// multiples of 1/4 below 8, UNORM_INT8 channels 0 or 255 (0.0 and 1.0,
// no s8.3.1.1 conversion error), so each weighted sum is exact and
// spv2c's and PoCL's results must be the same bits.
// NaN coordinates: s8.2 computes i0 = (int)floor(u - 0.5) of a NaN, an
// out-of-range conversion, and the weights a = frac(u - 0.5) are NaN: the
// four texels are weighted by NaN, so the result is NaN whatever texels
// the undefined indices pick (spv2c takes index 0): every lane of the
// read is the same NaN in both, compared bit for bit. Not under REPEAT
// or CLAMP, where PoCL 3.1 gives 0.0 (the border colour, or texels of
// weight 0) and spv2c NaN: undefined, so left out here
// (tests/spvasm/image_nan.cl checks spv2c's promise under ASan).
__constant sampler_t s0 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
__constant sampler_t s1 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
__constant sampler_t s2 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t s3 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT |
                          CLK_FILTER_LINEAR;
__constant sampler_t s4 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                          CLK_FILTER_LINEAR;
__constant sampler_t s5 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void arrlin(__read_only image2d_array_t f, __read_only image2d_array_t u8,
                     __global const int4 *co, __global float4 *o, __global float4 *of,
                     __global float4 *ou)
{
    int i = get_global_id(0);
    float2 c = convert_float2(co[i].xy) * (1.0f / 64);
    float2 cu = c * (float2)(8.0f, 4.0f);               /* the same point, unnormalized */
    float layer = (float)(co[i].z & 15) * 0.25f - 1.125f;
    float layern = layer > 0.125f && layer < 1.625f ? layer + 1.5f : layer;
    float4 cn = (float4)(c, layern, 0.0f);
    o[i * 6 + 0] = read_imagef(f, s0, cn);
    o[i * 6 + 1] = read_imagef(f, s1, cn);
    o[i * 6 + 2] = read_imagef(f, s2, cn);
    o[i * 6 + 3] = read_imagef(f, s3, cn);
    o[i * 6 + 4] = read_imagef(u8, s4, (float4)(cu, layer, 0.0f));
    o[i * 6 + 5] = read_imagef(u8, s5, (float4)(cu, layer, 0.0f));
    /* NaN in x (even work-items) or in y (odd ones) */
    float4 nan = i & 1 ? (float4)(c.x, NAN, layern, 0.0f) : (float4)(NAN, c.y, layern, 0.0f);
    of[i * 2 + 0] = read_imagef(f, s0, nan);
    of[i * 2 + 1] = read_imagef(f, s4, nan * (float4)(8.0f, 4.0f, 1.0f, 1.0f));
    ou[i * 2 + 0] = read_imagef(u8, s0, nan);
    ou[i * 2 + 1] = read_imagef(u8, s4, nan * (float4)(8.0f, 4.0f, 1.0f, 1.0f));
}
