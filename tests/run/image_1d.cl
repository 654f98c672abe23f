// 1-D, 1-D buffer and 1-D array images with integer coordinates:
// write_imagef/i/ui to each (the 1-D array at layer j), samplerless
// read_imagef/i/ui of each, read_imagef/ui through an unnormalized
// CLAMP_TO_EDGE and CLAMP sampler with int coordinates on 1-D and 1-D
// array images (past both ends, the layer clamped), and the queries:
// get_image_width, get_image_array_size, get_image_channel_data_type
// and order of the 1-D and 1-D array images (PoCL 3.1 has none for
// image1d_buffer_t: tests/spvasm/image_query.cl has them). Each written
// image's bytes are compared with PoCL's; every read is of stored bits
// (FLOAT, HALF_FLOAT and integer texels), bit-exact.
//! kernel: one
//! global: 24
//! arg: in float4 24 edge
//! arg: in uint4 24 edge
//! arg: in int 24 randi -12 40
//! arg: imageout RGBA,HALF_FLOAT 24 ushort zero
//! arg: imageout RGBA,UNSIGNED_INT8 24b uchar zero
//! arg: imageout RGBA,SIGNED_INT16 8/3 short zero
//! arg: imageout RGBA,FLOAT 24b uint zero
//! arg: image RGBA,FLOAT 16 float randbits
//! arg: image RGBA,SIGNED_INT8 20b char randbits
//! arg: image BGRA,UNSIGNED_INT8 6/4 uchar randbits
//! arg: image RGBA,HALF_FLOAT 12b ushort randbits
//! arg: out float4 24
//! arg: out int4 24
//! arg: out uint4 24
//! arg: out float4 24
//! arg: out float4 96
//! arg: out uint4 96
//! arg: out int 10
__constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                            CLK_FILTER_NEAREST;
__constant sampler_t clmp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void one(__global const float4 *fv, __global const uint4 *uv, __global const int *k,
                  __write_only image1d_t wh, __write_only image1d_buffer_t wbu,
                  __write_only image1d_array_t wai, __write_only image1d_buffer_t wbf,
                  __read_only image1d_t rf, __read_only image1d_buffer_t rbi,
                  __read_only image1d_array_t rau, __read_only image1d_buffer_t rbh,
                  __global float4 *of, __global int4 *oi, __global uint4 *ou,
                  __global float4 *oh, __global float4 *sf, __global uint4 *su,
                  __global int *q)
{
    int i = get_global_id(0);
    write_imagef(wh, i, fv[i]);
    write_imageui(wbu, i, uv[i]);
    write_imagei(wai, (int2)(i & 7, i >> 3), as_int4(uv[i]));
    write_imagef(wbf, i, fv[23 - i]);
    of[i] = read_imagef(rf, i & 15);
    oi[i] = read_imagei(rbi, i % 20);
    ou[i] = read_imageui(rau, (int2)(i % 6, i / 6));
    oh[i] = read_imagef(rbh, i % 12);
    sf[i * 4 + 0] = read_imagef(rf, edge, k[i]);
    sf[i * 4 + 1] = read_imagef(rf, clmp, k[i]);
    sf[i * 4 + 2] = read_imagef(rf, edge, (float)k[i] * 0.5f);
    sf[i * 4 + 3] = read_imagef(rf, clmp, (float)k[i] * 0.5f);
    su[i * 4 + 0] = read_imageui(rau, edge, (int2)(k[i] >> 2, k[i] >> 3));
    su[i * 4 + 1] = read_imageui(rau, clmp, (int2)(k[i] >> 2, k[i] >> 3));
    su[i * 4 + 2] = read_imageui(rau, edge, (float2)((float)k[i] * 0.25f, (float)(i & 7) - 1.875f));
    su[i * 4 + 3] = read_imageui(rau, clmp, (float2)((float)k[i] * 0.25f, (float)(i & 7) - 1.875f));
    if (i == 0) {   /* PoCL 3.1 has no queries of image1d_buffer_t (image_query.cl) */
        q[0] = get_image_width(wh);
        q[1] = get_image_width(wai);
        q[2] = get_image_array_size(wai);
        q[3] = get_image_width(rau);
        q[4] = get_image_array_size(rau);
        q[5] = get_image_channel_order(rau);
        q[6] = get_image_channel_data_type(wai);
        q[7] = get_image_width(rf);
        q[8] = get_image_channel_data_type(rf);
        q[9] = get_image_channel_order(wh);
    }
}
