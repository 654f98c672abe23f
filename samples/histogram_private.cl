// Per-work-item byte classes over a strided slice, counted in a private
// array: each work-item counts bytes of value class 0..3 (b >> 6) and the
// number of bytes that are ASCII digits.
__kernel void classify(__global const uchar *data, uint n, uint stride,
                       __global uint4 *counts, __global uint *digits)
{
    uint id = get_global_id(0);
    uint c[4] = { 0, 0, 0, 0 };
    uint d = 0;
    for (uint i = id; i < n; i += stride) {
        uchar b = data[i];
        c[b >> 6]++;
        d += (b >= '0' && b <= '9');
    }
    counts[id] = (uint4)(c[0], c[1], c[2], c[3]);
    digits[id] = d;
}
