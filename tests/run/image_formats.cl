// The channel orders and data types image_rw.cl does not write, among
// those PoCL 3.1 holds (R, A, RGBA, BGRA, ARGB; it refuses RG, RA,
// INTENSITY, LUMINANCE and the packed types, which tests/spvasm's
// image_packed.cl checks against an exact oracle): write_imagef to A
// UNORM_INT8 and FLOAT, ARGB UNORM_INT8 and SNORM_INT8, BGRA SNORM_INT8,
// R SNORM_INT16, UNORM_INT16 and FLOAT (edge and
// random values: saturation, rounding to nearest even, NaN, +-Inf,
// denormals); write_imagei/ui to ARGB SIGNED_INT8 and UNSIGNED_INT8, BGRA
// SIGNED_INT8, A SIGNED_INT32, R UNSIGNED_INT16, RGBA SIGNED_INT8,
// SIGNED_INT32 and UNSIGNED_INT16 (saturation); samplerless
// read_imagef/i/ui of those orders on any bits (FLOAT and the integer
// types exact; the normalized ones within s8.3.1.1's bound). PoCL 3.1
// reads and writes single-channel HALF_FLOAT wrongly (a constant, and
// nothing) and reads integer R texels with alpha 0 (s8.3's table: 1):
// those are in tests/spvasm/image_packed.cl.
// Each written image's bytes are compared with PoCL's. Not here: A and R
// HALF_FLOAT writes, which PoCL 3.1 leaves unwritten (image_packed.cl).
//! kernel: fmt
//! global: 40
//! arg: in float4 40 edge
//! arg: in float4 40 randf -1.5 1.5
//! arg: in uint4 40 edge
//! arg: imageout A,UNORM_INT8 8x5 uchar zero
//! arg: imageout A,FLOAT 8x5 uint zero
//! arg: imageout ARGB,UNORM_INT8 8x5 uchar zero
//! arg: imageout ARGB,SNORM_INT8 8x5 char zero
//! arg: imageout BGRA,SNORM_INT8 8x5 char zero
//! arg: imageout R,SNORM_INT16 8x5 short zero
//! arg: imageout R,UNORM_INT16 8x5 ushort zero
//! arg: imageout R,FLOAT 8x5 uint zero
//! arg: imageout ARGB,SIGNED_INT8 8x5 char zero
//! arg: imageout ARGB,UNSIGNED_INT8 8x5 uchar zero
//! arg: imageout BGRA,SIGNED_INT8 8x5 char zero
//! arg: imageout A,SIGNED_INT32 8x5 int zero
//! arg: imageout R,UNSIGNED_INT16 8x5 ushort zero
//! arg: imageout RGBA,SIGNED_INT8 8x5 char zero
//! arg: imageout RGBA,SIGNED_INT32 8x5 int zero
//! arg: imageout RGBA,UNSIGNED_INT16 8x5 ushort zero
//! arg: image A,UNORM_INT16 8x5 ushort randbits
//! arg: image R,FLOAT 8x5 uint randbits
//! arg: image ARGB,SIGNED_INT8 8x5 char randbits
//! arg: image BGRA,UNSIGNED_INT8 8x5 uchar randbits
//! arg: image A,UNSIGNED_INT16 8x5 ushort randbits
//! arg: image A,SIGNED_INT32 8x5 int randbits
//! arg: image ARGB,UNORM_INT8 8x5 uchar randbits
//! arg: image R,SNORM_INT16 8x5 short randbits
//! arg: image BGRA,SNORM_INT8 8x5 char randbits
//! arg: out float4 40
//! arg: out float4 40
//! arg: out int4 40
//! arg: out uint4 40
//! arg: out uint4 40
//! arg: out int4 40
//! arg: out float4 40
//! arg: out float4 40
//! arg: out float4 40
//! ulp: 28 1 read_imagef (OpenCL 1.2 s8.3.1.1: UNORM_INT16 to float "<= 1.5 ulp"; spv2c rounds c / 65535.0f correctly)
//! ulp: 34 1 read_imagef (OpenCL 1.2 s8.3.1.1: UNORM_INT8 to float "<= 1.5 ulp"; spv2c rounds c / 255.0f correctly, PoCL multiplies by 1/255)
//! ulp: 35 1 read_imagef (OpenCL 1.2 s8.3.1.1: SNORM_INT16 to float "<= 1.5 ulp"; spv2c rounds c / 32767.0f correctly)
//! ulp: 36 1 read_imagef (OpenCL 1.2 s8.3.1.1: SNORM_INT8 to float "<= 1.5 ulp"; spv2c rounds c / 127.0f correctly)
__kernel void fmt(__global const float4 *e, __global const float4 *r, __global const uint4 *iv,
                  __write_only image2d_t a8, __write_only image2d_t af,
                  __write_only image2d_t argb8, __write_only image2d_t argbs8,
                  __write_only image2d_t bgras8, __write_only image2d_t rs16,
                  __write_only image2d_t ru16, __write_only image2d_t rf,
                  __write_only image2d_t argbi8,
                  __write_only image2d_t argbu8, __write_only image2d_t bgrai8,
                  __write_only image2d_t ai32, __write_only image2d_t ru16i,
                  __write_only image2d_t i8, __write_only image2d_t i32,
                  __write_only image2d_t u16,
                  __read_only image2d_t qa16, __read_only image2d_t qrf,
                  __read_only image2d_t qargbi, __read_only image2d_t qbgrau,
                  __read_only image2d_t qau16, __read_only image2d_t qai32,
                  __read_only image2d_t qargb8, __read_only image2d_t qrs16,
                  __read_only image2d_t qbgras8,
                  __global float4 *o0, __global float4 *o1, __global int4 *o2,
                  __global uint4 *o3, __global uint4 *o4, __global int4 *o5,
                  __global float4 *o6, __global float4 *o7, __global float4 *o8)
{
    int i = get_global_id(0);
    int2 p = (int2)(i & 7, i >> 3);
    float4 v = i & 1 ? r[i] : e[i];
    uint4 u = iv[i];
    write_imagef(a8, p, v);
    write_imagef(af, p, v);
    write_imagef(argb8, p, v);
    write_imagef(argbs8, p, v);
    write_imagef(bgras8, p, v);
    write_imagef(rs16, p, v);
    write_imagef(ru16, p, v);
    write_imagef(rf, p, v);
    write_imagei(argbi8, p, as_int4(u));
    write_imageui(argbu8, p, u);
    write_imagei(bgrai8, p, as_int4(u));
    write_imagei(ai32, p, as_int4(u));
    write_imageui(ru16i, p, u);
    write_imagei(i8, p, as_int4(u.wzyx));
    write_imagei(i32, p, as_int4(u));
    write_imageui(u16, p, u.yxwz);
    o0[i] = read_imagef(qa16, p);
    o1[i] = read_imagef(qrf, p);
    o2[i] = read_imagei(qargbi, p);
    o3[i] = read_imageui(qbgrau, p);
    o4[i] = read_imageui(qau16, p);
    o5[i] = read_imagei(qai32, p);
    o6[i] = read_imagef(qargb8, p);
    o7[i] = read_imagef(qrs16, p);
    o8[i] = read_imagef(qbgras8, p);
}
