// read_imagef/read_imagei with nearest filtering and unnormalized
// coordinates in the three modes whose addressing OpenCL 1.2 defines
// exactly (NONE, CLAMP_TO_EDGE, CLAMP: its note on image read precision
// says the (i, j, k) of section 8.2 are then "computed without any loss of
// precision"), on a 2-D FLOAT image, a 3-D FLOAT image, a 2-D array
// SIGNED_INT16 image (the layer: clamp(rint(r), 0, layers - 1), s8.4)
// and, samplerless, the 3-D and array images with int4 coordinates.
// Coordinates are multiples of 1/8 texel (of 1/16, 3/64 or 1/32 for the
// 3-D and array images) and reach past every edge, so many land on texel
// boundaries. Layers are n + 1/8, 3/8, 5/8 or 7/8, never a tie: at
// n + 0.5 PoCL 3.1 rounds up (layer 1 for 0.5) where s8.4's rint gives
// the even layer (0), as spv2c does. Under NONE, whose result outside the
// image is undefined, x, y and z are clamped into it (the layer is not).
// FLOAT and integer texels are returned unconverted: the
// results must match PoCL's bit for bit.
//! kernel: nearest
//! global: 256
//! defines: -DSMP=0x10 | -DSMP=0x12 | -DSMP=0x14
//! arg: image RGBA,FLOAT 8x5 float randf -4 4
//! arg: image RGBA,FLOAT 4x3x2 float randf -4 4
//! arg: image RGBA,SIGNED_INT16 4x3/3 short rand
//! arg: in int4 256 randi -48 80
//! arg: out float4 256
//! arg: out float4 256
//! arg: out int4 256
//! arg: out float4 256
//! arg: out int4 256
__constant sampler_t smp = SMP;

__kernel void nearest(__read_only image2d_t im, __read_only image3d_t vol,
                      __read_only image2d_array_t arr, __global const int4 *co,
                      __global float4 *o2, __global float4 *o3, __global int4 *oa,
                      __global float4 *p3, __global int4 *pa)
{
    int i = get_global_id(0);
    float4 c = convert_float4(co[i]) * 0.125f;   /* -6 .. 10 texels */
    float4 c3 = c * (float4)(0.5f, 0.375f, 0.25f, 0.0f);
    float4 ca = c * (float4)(0.5f, 0.375f, 0.0f, 0.0f);
    ca.z = (float)(co[i].w & 31) * 0.25f - 1.875f;  /* layers -1.875 .. 5.875, no ties */
    int4 k = co[i] >> 4;                         /* -3 .. 5 */
#if SMP == 0x10
    c = clamp(c, 0.0f, (float4)(7.875f, 4.875f, 0.0f, 0.0f));
    c3 = clamp(c3, 0.0f, (float4)(3.875f, 2.875f, 1.875f, 0.0f));
    ca = clamp(ca, (float4)(0.0f, 0.0f, -9.0f, 0.0f), (float4)(3.875f, 2.875f, 9.0f, 0.0f));
#endif
    o2[i] = read_imagef(im, smp, c.xy);
    o3[i] = read_imagef(vol, smp, c3);
    oa[i] = read_imagei(arr, smp, ca);
    k = clamp(k, 0, (int4)(3, 2, 1, 0));
    p3[i] = read_imagef(vol, k);
    pa[i] = read_imagei(arr, (int4)(k.x, k.y, co[i].z & 3 ? k.z : 2, 0));
}
