// read_imageh and write_imageh (cl_khr_fp16), which PoCL 3.1 lacks,
// against an exact oracle (image_half.py): write_imageh to RGBA
// HALF_FLOAT (the bits stored as given; a signalling NaN made quiet),
// FLOAT (the exact value) and UNORM_INT8 (convert_uchar_sat_rte(h *
// 255.0f)); samplerless read_imageh of HALF_FLOAT texels of any bits (the
// same bits, a signalling NaN made quiet) and of FLOAT texels (rounded to
// nearest even, overflow to infinity; ties among them: the image holds
// random halves' midpoints); read_imageh through a nearest
// CLAMP_TO_EDGE sampler with float coordinates (the texels' bits) and
// through a linear one on a HALF_FLOAT image whose texels are multiples
// of 1/4 below 8 at coordinates that are multiples of 1/8 texel (the
// weighted sum is exact in float and in half: s8.2's formula, no
// rounding to choose).
//! kernel: imh
//! global: 40
//! arg: in ushort4 40 randbits
//! arg: imageout RGBA,HALF_FLOAT 8x5 ushort zero
//! arg: imageout RGBA,FLOAT 8x5 uint zero
//! arg: imageout RGBA,UNORM_INT8 8x5 uchar zero
//! arg: image RGBA,HALF_FLOAT 8x5 ushort randbits
//! arg: image RGBA,FLOAT 8x5 uint randbits
//! arg: image RGBA,HALF_FLOAT 8x5 ushort list 0x3400 0xc200 0x4080 0x0 0x4700 0xbd00 0x3c00 0xc740 0x3a00
//! arg: in int2 40 randi -12 76
//! arg: out half4 40
//! arg: out half4 40
//! arg: out half4 40
//! arg: out half4 40
//! arg: out half4 40
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__constant sampler_t near = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                            CLK_FILTER_NEAREST;
__constant sampler_t lin = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                           CLK_FILTER_LINEAR;

__kernel void imh(__global const ushort4 *hv, __write_only image2d_t wh,
                  __write_only image2d_t wf, __write_only image2d_t w8,
                   __read_only image2d_t rh, __read_only image2d_t rf,
                   __read_only image2d_t rl, __global const int2 *co, __global half4 *oh,
                   __global half4 *of, __global half4 *on, __global half4 *ol,
                   __global half4 *om)
{
    int i = get_global_id(0);
    int2 p = (int2)(i & 7, i >> 3);
    half4 v = as_half4(hv[i]);
    float2 c = convert_float2(co[i]) * 0.125f;
    write_imageh(wh, p, v);
    write_imageh(wf, p, v);
    write_imageh(w8, p, v);
    oh[i] = read_imageh(rh, p);
    of[i] = read_imageh(rf, p);
    on[i] = read_imageh(rh, near, c);
    ol[i] = read_imageh(rl, lin, c);
    om[i] = read_imageh(rl, near, (int2)(co[i].x >> 3, co[i].y >> 4));
}
