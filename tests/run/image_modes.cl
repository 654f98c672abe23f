// Every sampler mode on 2-D, 1-D and 1-D array RGBA FLOAT images:
// normalized coordinates with nearest filtering under CLAMP_TO_EDGE,
// CLAMP, REPEAT, MIRRORED_REPEAT and NONE (inside the image: NONE's
// result outside it is undefined), linear filtering under CLAMP, REPEAT,
// MIRRORED_REPEAT and CLAMP_TO_EDGE (normalized) and CLAMP_TO_EDGE and
// CLAMP (unnormalized); read_imageui with a sampler (float and int
// coordinates) on a 2-D UNSIGNED_INT16 image. NaN and infinite
// coordinates, whose texel the specification leaves undefined ((int) of
// an out-of-range float), are in tests/spvasm/image_nan.cl.
// Coordinates are k/64 for k in -80 .. 144 (s from -1.25 to 2.25: past
// both edges and over several periods of REPEAT and MIRRORED_REPEAT):
// s * 8 and s * 4 are multiples of 1/8 and 1/16, so many land exactly on
// texel boundaries, and every step of section 8.2's formulas (s -
// floor(s), 2 * rint(0.5 * s), fabs, the products by the extent, u - 0.5)
// is exact in float. Layers are k/4 - 1.125, never a tie (see
// image_nearest.cl); with normalized coordinates only layers 0 and 2
// (PoCL 3.1 scales the layer, see layern).
// Tolerance: none. Section 8.2 of the OpenCL 1.2 specification gives
// linear filtering's formulas but no error bound (its note on image read
// precision: for samplers other than unnormalized nearest with NONE,
// CLAMP_TO_EDGE or CLAMP "the relative error or precision of the
// addressing mode calculations and the image filter operation are not
// defined"). The inputs make every formula exact whatever the order of
// operations: the weights are multiples of 1/8 (1/16 in y), texels
// multiples of 1/4 below 8, so each weighted sum is exact and spv2c's and
// PoCL's results must be the same bits. Nearest filtering involves no
// arithmetic on texels: bit-exact too.
//! kernel: modes
//! global: 256
//! arg: image RGBA,FLOAT 8x4 float list 0.5 -3 1.25 2 -0.75 4 0 1.5 -2 3.25 0.25 7.75 -6.5
//! arg: image RGBA,FLOAT 8 float list 1 -0.25 2.5 -4 0.75 3 -1.5 5.25 0
//! arg: image RGBA,FLOAT 8/3 float list -2.25 0.5 6 -1 1.75 0 3.5 -0.5 2
//! arg: image RGBA,UNSIGNED_INT16 8x4 ushort rand
//! arg: in int2 256 randi -80 144
//! arg: out float4 2816
//! arg: out float4 2816
//! arg: out float4 2816
//! arg: out uint4 1536
#define NS 11
__constant sampler_t s0 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t s1 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t s2 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
__constant sampler_t s3 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT |
                          CLK_FILTER_NEAREST;
__constant sampler_t s4 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
__constant sampler_t s5 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
__constant sampler_t s6 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t s7 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT |
                          CLK_FILTER_LINEAR;
__constant sampler_t s8 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
__constant sampler_t s9 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                          CLK_FILTER_LINEAR;
__constant sampler_t s10 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
__constant sampler_t u0 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                          CLK_FILTER_NEAREST;
__constant sampler_t u1 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

#define READ(k, S, C, L)                                                \
    o2[i * NS + k] = read_imagef(f2, S, C);                             \
    o1[i * NS + k] = read_imagef(f1, S, (C).x);                         \
    oa[i * NS + k] = read_imagef(fa, S, (float2)((C).x, L))

__kernel void modes(__read_only image2d_t f2, __read_only image1d_t f1,
                    __read_only image1d_array_t fa, __read_only image2d_t u16,
                    __global const int2 *co, __global float4 *o2, __global float4 *o1,
                    __global float4 *oa, __global uint4 *ou)
{
    int i = get_global_id(0);
    float2 c = convert_float2(co[i]) * (1.0f / 64);
    float2 cu = c * (float2)(8.0f, 4.0f);               /* the same point, unnormalized */
    float2 cn = clamp(c, 0.0f, 63.0f / 64);             /* inside the image, for NONE */
    float layer = (float)(co[i].y & 15) * 0.25f - 1.125f;
    /* with normalized coordinates PoCL 3.1 scales a 1-D array's layer by
       the layer count (rint(l * 3), against s8.4's clamp(rint(l), 0, 2)):
       the layers where both agree (l <= 0.125 or l >= 1.625) */
    float layern = layer > 0.125f && layer < 1.625f ? layer + 1.5f : layer;
    READ(0, s0, c, layern);
    READ(1, s1, c, layern);
    READ(2, s2, c, layern);
    READ(3, s3, c, layern);
    READ(4, s4, cn, layern);
    READ(5, s5, c, layern);
    READ(6, s6, c, layern);
    READ(7, s7, c, layern);
    READ(8, s8, c, layern);
    READ(9, s9, cu, layer);
    READ(10, s10, cu, layer);
    ou[i * 6 + 0] = read_imageui(u16, s0, c);
    ou[i * 6 + 1] = read_imageui(u16, s1, c);
    ou[i * 6 + 2] = read_imageui(u16, s2, c);
    ou[i * 6 + 3] = read_imageui(u16, s3, c);
    ou[i * 6 + 4] = read_imageui(u16, u0, co[i] >> 4);
    ou[i * 6 + 5] = read_imageui(u16, u1, co[i] >> 4);
}
