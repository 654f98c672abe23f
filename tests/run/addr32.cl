// 32-bit addressing only (spir, Addressing Physical32): size_t is 32 bits
// there; size_t arithmetic, pointer differences, pointer-to-integer
// round trips of offsets, all chosen so that the results equal those of a
// 64-bit device.
//! kernel: addr32
//! targets: spir
//! global: 128
//! offset: 3
//! arg: in uint 131 randi 0 1000
//! arg: out uint 512
#pragma OPENCL FP_CONTRACT OFF

kernel void addr32(global const uint *in, global uint *out)
{
    size_t g = get_global_id(0);
    size_t n = get_global_size(0);
    size_t o = g - get_global_offset(0);
    global const uint *p = in + g;
    global const uint *q = &in[n - 1];
    global uint *r = out + 4 * o;

    r[0] = (uint)(q - p) + (uint)((ptrdiff_t)(p - q) < 0);
    r[1] = (uint)(g * 2654435761u);           /* low 32 bits agree */
    r[2] = (uint)(sizeof(size_t) >= 4) + (uint)(o % 7u) + (uint)(n / 3u);
    r[3] = *(p - 3) + (uint)((size_t)(&r[3]) - (size_t)(&r[1])) * 100u;
}
