// Per-work-item byte histogram of a strided slice, with a private array,
// a loop and a switch: each work-item counts bytes of class 0..3.
__kernel void classify(__global const uchar *data, uint n, uint stride, __global uint4 *counts)
{
    uint id = get_global_id(0);
    uint c[4] = { 0, 0, 0, 0 };
    for (uint i = id; i < n; i += stride) {
        uchar b = data[i];
        switch (b >> 6) {
        case 0: c[0]++; break;
        case 1: c[1]++; break;
        case 2: c[2] += 1; break;
        default: c[3]++;
        }
    }
    counts[id] = (uint4)(c[0], c[1], c[2], c[3]);
}
