// The image formats PoCL 3.1 does not hold (tests/run compares the rest
// with PoCL), against an exact oracle (image_packed.py): write_imagef to
// RGB UNORM_SHORT_565, UNORM_SHORT_555 and UNORM_INT_101010, INTENSITY
// UNORM_INT8 and FLOAT, LUMINANCE UNORM_INT16, RG UNORM_INT8, RA
// SNORM_INT16, and A and R HALF_FLOAT (PoCL 3.1 leaves those two
// unwritten); write_imageui/i to RG UNSIGNED_INT8 and RA SIGNED_INT16;
// samplerless read_imagef/ui/i of RGB UNORM_SHORT_565 and
// UNORM_INT_101010, RG UNSIGNED_INT16, LUMINANCE and INTENSITY FLOAT and
// RA SIGNED_INT8, R UNSIGNED_INT16 and A HALF_FLOAT texels of any bits
// (PoCL 3.1 reads the last two wrongly: alpha 0 for integer R, a
// constant for single-channel HALF_FLOAT).
//! kernel: packed
//! global: 40
//! arg: in float4 40 edge
//! arg: in float4 40 randf -1.5 1.5
//! arg: in uint4 40 edge
//! arg: imageout RGB,UNORM_SHORT_565 8x5 ushort zero
//! arg: imageout RGB,UNORM_SHORT_555 8x5 ushort zero
//! arg: imageout RGB,UNORM_INT_101010 8x5 uint zero
//! arg: imageout INTENSITY,UNORM_INT8 8x5 uchar zero
//! arg: imageout INTENSITY,FLOAT 8x5 uint zero
//! arg: imageout LUMINANCE,UNORM_INT16 8x5 ushort zero
//! arg: imageout RG,UNORM_INT8 8x5 uchar zero
//! arg: imageout RA,SNORM_INT16 8x5 short zero
//! arg: imageout A,HALF_FLOAT 8x5 ushort zero
//! arg: imageout R,HALF_FLOAT 8x5 ushort zero
//! arg: imageout RG,UNSIGNED_INT8 8x5 uchar zero
//! arg: imageout RA,SIGNED_INT16 8x5 short zero
//! arg: image RGB,UNORM_SHORT_565 8x5 ushort randbits
//! arg: image RGB,UNORM_INT_101010 8x5 uint randbits
//! arg: image RG,UNSIGNED_INT16 8x5 ushort randbits
//! arg: image LUMINANCE,FLOAT 8x5 uint randbits
//! arg: image INTENSITY,FLOAT 8x5 uint randbits
//! arg: image RA,SIGNED_INT8 8x5 char randbits
//! arg: out float4 40
//! arg: out float4 40
//! arg: out uint4 40
//! arg: out float4 40
//! arg: out float4 40
//! arg: out int4 40
//! arg: image R,UNSIGNED_INT16 8x5 ushort randbits
//! arg: image A,HALF_FLOAT 8x5 ushort randbits
//! arg: out uint4 40
//! arg: out float4 40
__kernel void packed(__global const float4 *e, __global const float4 *r,
                     __global const uint4 *iv, __write_only image2d_t p565,
                     __write_only image2d_t p555, __write_only image2d_t p101010,
                     __write_only image2d_t i8, __write_only image2d_t if32,
                     __write_only image2d_t l16, __write_only image2d_t rg8,
                     __write_only image2d_t ras16, __write_only image2d_t ah,
                     __write_only image2d_t rh, __write_only image2d_t rgu8,
                     __write_only image2d_t rai16, __read_only image2d_t q565,
                     __read_only image2d_t q101010, __read_only image2d_t qrgu16,
                     __read_only image2d_t qlf, __read_only image2d_t qif,
                     __read_only image2d_t qrai8, __global float4 *o0,
                     __global float4 *o1, __global uint4 *o2, __global float4 *o3,
                     __global float4 *o4, __global int4 *o5, __read_only image2d_t qru16,
                     __read_only image2d_t qah, __global uint4 *o6, __global float4 *o7)
{
    int i = get_global_id(0);
    int2 p = (int2)(i & 7, i >> 3);
    float4 v = i & 1 ? r[i] : e[i];
    write_imagef(p565, p, v);
    write_imagef(p555, p, v);
    write_imagef(p101010, p, v);
    write_imagef(i8, p, v);
    write_imagef(if32, p, v);
    write_imagef(l16, p, v);
    write_imagef(rg8, p, v);
    write_imagef(ras16, p, v);
    write_imagef(ah, p, v);
    write_imagef(rh, p, v);
    write_imageui(rgu8, p, iv[i]);
    write_imagei(rai16, p, as_int4(iv[i]));
    o0[i] = read_imagef(q565, p);
    o1[i] = read_imagef(q101010, p);
    o2[i] = read_imageui(qrgu16, p);
    o3[i] = read_imagef(qlf, p);
    o4[i] = read_imagef(qif, p);
    o5[i] = read_imagei(qrai8, p);
    o6[i] = read_imageui(qru16, p);
    o7[i] = read_imagef(qah, p);
}
