// write_imagef into every normalized, half and float format and several
// channel orders (saturation, rounding to nearest even, NaN, +-Inf,
// denormals and out-of-range values from `edge`), write_imagei/ui with
// saturation, samplerless read_imagef/i/ui with int2 coordinates, and
// the queries. Each image's bytes are compared with PoCL's.
//! kernel: rw
//! global: 40
//! arg: in float4 40 edge
//! arg: in float4 40 randf -1.5 1.5
//! arg: in uint4 40 edge
//! arg: imageout RGBA,UNORM_INT8 8x5 uchar zero
//! arg: imageout BGRA,UNORM_INT8 8x5 uchar zero
//! arg: imageout RGBA,SNORM_INT8 8x5 char zero
//! arg: imageout RGBA,UNORM_INT16 8x5 ushort zero
//! arg: imageout RGBA,SNORM_INT16 8x5 short zero
//! arg: imageout RGBA,HALF_FLOAT 8x5 ushort zero
//! arg: imageout RGBA,FLOAT 8x5 uint zero
//! arg: imageout R,UNORM_INT8 8x5 uchar zero
//! arg: imageout RGBA,UNSIGNED_INT8 8x5 uchar zero
//! arg: imageout RGBA,SIGNED_INT16 8x5 short zero
//! arg: imageout RGBA,UNSIGNED_INT32 8x5 uint zero
//! arg: image RGBA,SIGNED_INT8 8x5 char randbits
//! arg: image BGRA,UNORM_INT8 8x5 uchar randbits
//! arg: image RGBA,FLOAT 8x5 float randbits
//! arg: out int 12
//! arg: out int4 40
//! arg: out float4 40
//! arg: out float4 40
//! ulp: 19 1 read_imagef (OpenCL 1.2 s8.3.1.1: UNORM_INT8 to float "<= 1.5 ulp"; spv2c rounds c / 255.0f correctly, PoCL multiplies by 1/255)
__kernel void rw(__global const float4 *e, __global const float4 *r, __global const uint4 *iv,
                 __write_only image2d_t a, __write_only image2d_t b, __write_only image2d_t c,
                 __write_only image2d_t d, __write_only image2d_t s16n,
                 __write_only image2d_t h, __write_only image2d_t f,
                 __write_only image2d_t l, __write_only image2d_t u8,
                 __write_only image2d_t s16, __write_only image2d_t u32,
                 __read_only image2d_t ri, __read_only image2d_t rn, __read_only image2d_t rf,
                 __global int *q, __global int4 *io, __global float4 *no, __global float4 *fo)
{
    int i = get_global_id(0);
    int2 p = (int2)(i & 7, i >> 3);
    float4 v = e[i];
    if (i & 1)
        v = r[i];
    write_imagef(a, p, v);
    write_imagef(b, p, v);
    write_imagef(c, p, v);
    write_imagef(d, p, v);
    write_imagef(s16n, p, v);
    write_imagef(h, p, v);
    write_imagef(f, p, v);
    write_imagef(l, p, v);
    write_imageui(u8, p, iv[i]);
    write_imagei(s16, p, as_int4(iv[i]));
    write_imageui(u32, p, iv[i]);
    io[i] = read_imagei(ri, p);
    no[i] = read_imagef(rn, p);
    fo[i] = read_imagef(rf, p);
    if (i == 0) {
        q[0] = get_image_width(a);
        q[1] = get_image_height(a);
        q[2] = get_image_channel_data_type(a);
        q[3] = get_image_channel_order(b);
        q[4] = get_image_channel_data_type(s16);
        q[5] = get_image_channel_order(l);
        q[6] = get_image_dim(s16).x;
        q[7] = get_image_dim(s16).y;
        q[8] = get_image_channel_data_type(h);
        q[9] = get_image_channel_order(rn);
        q[10] = get_image_channel_data_type(u32);
        q[11] = get_image_channel_order(c);
    }
}
