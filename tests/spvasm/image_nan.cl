// Coordinates whose texel the specification leaves undefined: NaN, +-Inf
// and huge floats ((int)floor(u) of an out-of-range float is undefined,
// OpenCL 1.2 s6.2.3.3), under every sampler mode, nearest and linear, on
// 2-D, 3-D and 1-D array FLOAT images; samplerless reads and writes at
// integer coordinates far outside the image (INT_MIN, INT_MAX, -1, the
// extent: undefined results, s6.12.14.2-3). What is tested is what spv2c
// promises there (docs/design/images.md): no memory outside the image is
// touched (every program is built with AddressSanitizer, whose report
// fails the run), a nearest read gives some texel of the image or the
// border colour, a write outside the image changes nothing (image_nan.py).
//! kernel: wild
//! global: 24
//! cflags: -fsanitize=address -fno-omit-frame-pointer
//! arg: in float 24 list nan -nan inf -inf 3e38 -3e38 2147483648 -2147483648 4294967296 -4294967296 1e10 -1e10 #7f800001 #ffc00001 0 -0 #00000001 #80000001 16777216 -16777217 2.5 -2.5 1e-30 8388609
//! arg: in int 24 list -2147483648 2147483647 -1 3 2 -2147483647 2147483646 5 -3 4 65536 -65536 0 1 -2 6 -100 100 2 3 7 -7 1 0
//! arg: image RGBA,FLOAT 3x2 float list 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
//! arg: image RGBA,FLOAT 3x2x2 float iota
//! arg: image RGBA,FLOAT 3/2 float list 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124
//! arg: imageout RGBA,FLOAT 3x2 float list 7
//! arg: imageout RGBA,UNSIGNED_INT8 3/2 uchar list 9
//! arg: out float4 240
//! arg: out float4 240
//! arg: out float4 240
//! arg: out float4 240
__constant sampler_t m0 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
__constant sampler_t m1 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                          CLK_FILTER_NEAREST;
__constant sampler_t m2 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t m3 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
__constant sampler_t m4 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE |
                          CLK_FILTER_NEAREST;
__constant sampler_t m5 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t m6 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
__constant sampler_t m7 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT |
                          CLK_FILTER_NEAREST;
__constant sampler_t l0 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                          CLK_FILTER_LINEAR;
__constant sampler_t l1 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

#define ALL(k, S)                                                            \
    o2[i * 10 + k] = read_imagef(a, S, (float2)(x, y));                      \
    o3[i * 10 + k] = read_imagef(v, S, (float4)(y, x, x, 0.0f));             \
    oa[i * 10 + k] = read_imagef(r, S, (float2)(x, y))

__kernel void wild(__global const float *fx, __global const int *ix, __read_only image2d_t a,
                   __read_only image3d_t v, __read_only image1d_array_t r,
                   __write_only image2d_t wa, __write_only image1d_array_t wr,
                   __global float4 *o2, __global float4 *o3, __global float4 *oa,
                   __global float4 *oi)
{
    int i = get_global_id(0);
    float x = fx[i], y = fx[23 - i];
    int j = ix[i], k = ix[23 - i];
    ALL(0, m0);
    ALL(1, m1);
    ALL(2, m2);
    ALL(3, m3);
    ALL(4, m4);
    ALL(5, m5);
    ALL(6, m6);
    ALL(7, m7);
    ALL(8, l0);
    ALL(9, l1);
    oi[i * 10 + 0] = read_imagef(a, (int2)(j, k));
    oi[i * 10 + 1] = read_imagef(v, (int4)(k, j, j, 0));
    oi[i * 10 + 2] = read_imagef(r, (int2)(j, k));
    oi[i * 10 + 3] = read_imagef(a, m0, (int2)(j, k));
    oi[i * 10 + 4] = read_imagef(a, m2, (int2)(j, k));
    oi[i * 10 + 5] = read_imagef(v, m1, (int4)(k, j, j, 0));
    oi[i * 10 + 6] = read_imagef(r, m2, (int2)(j, k));
    oi[i * 10 + 7] = read_imagef(r, m1, (int2)(j, k));
    oi[i * 10 + 8] = read_imagef(a, m1, (int2)(k, j));
    oi[i * 10 + 9] = read_imagef(v, m0, (int4)(j, k, j, 0));
    /* in the image only for (j, k) inside it: every other write is dropped */
    write_imagef(wa, (int2)(j, k), (float4)(-1.0f));
    write_imageui(wr, (int2)(j, k), (uint4)(200));
}
