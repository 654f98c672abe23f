// Bit-reversal idioms (an FFT's index permutation, a CRC's reflection):
// clang-15 -O2 recognises them as llvm.bitreverse, and even makes
// llvm.bitreverse.i1 of a boolean (gen seed 3131); llvm-spirv-15 turns that
// into OpBitReverse, which needs the Shader capability, so the module is
// no OpenCL module. spv2c's driver defines each such intrinsic with shifts
// and masks (docs/design/frontend.md). Widths 8 to 64 and vectors of them.
//! kernel: bitreverse
//! global: 64
//! local: 16
//! arg: in uint 64 rand
//! arg: in ulong 64 rand
//! arg: out uint 640
kernel void bitreverse(global const uint *in, global const ulong *in64, global uint *out)
{
    int g = get_global_id(0);
    uint x = in[g], r = 0, y;
    ulong z = in64[g], q;
    uchar c = (uchar)x, rc = 0;
    ushort h = (ushort)(x >> 7), rh;
    uint4 v = (uint4)(x, x * 3u, ~x, x ^ 0x1234567u);
    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    q = ((z >> 1) & 0x5555555555555555ul) | ((z & 0x5555555555555555ul) << 1);
    q = ((q >> 2) & 0x3333333333333333ul) | ((q & 0x3333333333333333ul) << 2);
    q = ((q >> 4) & 0x0f0f0f0f0f0f0f0ful) | ((q & 0x0f0f0f0f0f0f0f0ful) << 4);
    q = ((q >> 8) & 0x00ff00ff00ff00fful) | ((q & 0x00ff00ff00ff00fful) << 8);
    q = ((q >> 16) & 0x0000ffff0000fffful) | ((q & 0x0000ffff0000fffful) << 16);
    q = (q >> 32) | (q << 32);
    for (int i = 0; i < 8; i++)
        rc |= (uchar)(((c >> i) & 1) << (7 - i));
    rh = (ushort)(((h >> 1) & 0x5555) | ((h & 0x5555) << 1));
    rh = (ushort)(((rh >> 2) & 0x3333) | ((rh & 0x3333) << 2));
    rh = (ushort)(((rh >> 4) & 0x0f0f) | ((rh & 0x0f0f) << 4));
    rh = (ushort)((rh >> 8) | (rh << 8));
    y = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    y = ((y >> 2) & 0x33333333u) | ((y & 0x33333333u) << 2);
    y = ((y >> 4) & 0x0f0f0f0fu) | ((y & 0x0f0f0f0fu) << 4);
    y = ((y >> 8) & 0x00ff00ffu) | ((y & 0x00ff00ffu) << 8);
    y = (y >> 16) | (y << 16);
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    v = (v >> 16) | (v << 16);
    out[10 * g] = r;
    out[10 * g + 1] = (uint)q;
    out[10 * g + 2] = (uint)(q >> 32);
    out[10 * g + 3] = rc;
    out[10 * g + 4] = rh;
    out[10 * g + 5] = y;
    vstore4(v, 0, out + 10 * g + 6);
    /* a boolean squared and or-ed with itself (clang: llvm.bitreverse.i1) */
    int b = (x & 3u) == (uint)get_group_id(0);
    b = (b * b) | b;
    out[10 * g + 5] ^= (uint)b;
}
