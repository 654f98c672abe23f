// Image accesses outside the image under spv2c --checked (driven by
// memory.py): a write, or a read without a sampler, at an integer
// coordinate outside the image (undefined, OpenCL C 1.2 s6.12.14.3-4) is
// reported like a buffer overrun; reads through a sampler (defined for
// every coordinate but under NONE, which spv2c takes as CLAMP) and
// accesses inside the image stay silent. Only work-item 5 errs.
//! kernel: images
//! run: --global 16 --local 16 image:RGBA,FLOAT:4x3:- image:RGBA,FLOAT:4x3:- image:RGBA,UNSIGNED_INT8:5/2:- image:RGBA,UNSIGNED_INT8:5/2:- image:R,FLOAT:2x2x2:- out:256 {which}
//! case 0: silent
//! case 1: OpImageWrite: image write at \(4,1\) is out of bounds of the image \(4x3\) \(work-item 5,0,0\)
//! case 2: OpImageRead: image read at \(1,-1\) is out of bounds of the image \(4x3\) \(work-item 5,0,0\)
//! case 3: OpImageWrite: image write at \(0,2\) is out of bounds of the image \(5, 2 layers\) \(work-item 5,0,0\)
//! case 4: OpImageRead: image read at \(1,1,2\) is out of bounds of the image \(2x2x2\) \(work-item 5,0,0\)
//! case 5: OpImageRead: image read at \(-2147483648,0\) is out of bounds of the image \(5, 2 layers\) \(work-item 5,0,0\)
//! case 6: silent
__constant sampler_t none = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

kernel void images(write_only image2d_t a, read_only image2d_t ra,
                   write_only image1d_array_t b, read_only image1d_array_t rb,
                   read_only image3d_t c, global float4 *o, int which)
{
    int i = get_global_id(0);
    int bad = i == 5;
    int2 p = (int2)(i & 3, (i >> 2) % 3);
    write_imagef(a, bad && which == 1 ? (int2)(4, 1) : p, (float4)(i));
    o[i] = read_imagef(ra, bad && which == 2 ? (int2)(1, -1) : p);
    write_imageui(b, bad && which == 3 ? (int2)(0, 2) : (int2)(i % 5, i & 1), (uint4)(i));
    o[i] += read_imagef(c, bad && which == 4 ? (int4)(1, 1, 2, 0) : (int4)(i & 1, 0, 1, 0));
    o[i] += convert_float4(read_imageui(rb, bad && which == 5 ? (int2)(-2147483647 - 1, 0)
                                                               : (int2)(i % 5, 1)));
    /* a sampler's read: defined (or taken as CLAMP) everywhere, never reported */
    o[i] += read_imagef(c, none, (int4)(which == 6 ? -9 : 0, 7, 1, 0));
    o[i] += read_imagef(ra, none, (float2)(which == 6 ? 1e30f : 0.5f, -3.0f));
}
