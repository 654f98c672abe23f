// The queries of image1d_buffer_t, which PoCL 3.1 lacks
// (get_image_width: OpImageQuerySize, the only size query without a level
// of detail; get_image_channel_data_type and _order), of read-only and
// write-only buffer images of several widths and formats, and a read and
// a write through them; against image_query.py.
//! kernel: query
//! global: 4
//! arg: image RGBA,UNSIGNED_INT8 7b uchar iota
//! arg: imageout R,FLOAT 13b float zero
//! arg: image BGRA,UNORM_INT8 300b uchar zero
//! arg: out int 8
//! arg: out uint4 4
__kernel void query(__read_only image1d_buffer_t a, __write_only image1d_buffer_t b,
                    __read_only image1d_buffer_t c, __global int *q, __global uint4 *o)
{
    int i = get_global_id(0);
    o[i] = read_imageui(a, i * 2);
    write_imagef(b, i * 3 + 1, (float4)(i + 0.5f, 9.0f, 9.0f, 9.0f));
    if (i == 0) {
        q[0] = get_image_width(a);
        q[1] = get_image_width(b);
        q[2] = get_image_width(c);
        q[3] = get_image_channel_data_type(a);
        q[4] = get_image_channel_order(a);
        q[5] = get_image_channel_data_type(b);
        q[6] = get_image_channel_order(b);
        q[7] = get_image_channel_order(c);
    }
}
