// Widened 32-bit (and 16- and 8-bit) values affine in the local id
// (src/affine.c): spv2c runs each chunk of 64 or 16 work-items with such a
// value written x + K (l0 - c0) when no value in the chunk wraps, and as
// before when one does. The offsets (val arguments) make the sums cross
// INT_MAX, INT_MIN, UINT_MAX, SHRT_MAX and UCHAR_MAX inside chunks, so
// both copies run, with K = 1, 3, -2 and 4, sign and zero extension. Then
// tile loads through the local and global ids around barriers, with the
// loop counter k0 (a phi of the loop that holds the barriers) in the
// index; an inner per-work-item loop whose counter is in the index (not
// affine); a value chosen per work-item between two invariants (not
// affine). 1-D and 2-D; the local size of 1 has no chunks at all.
//! kernel: wg_affine
//! launch: 128 @ 64
//! launch: 200 @ 100
//! launch: 64 @ 16
//! launch: 48 @ 1
//! launch: 64,8 @ 64,2
//! arg: in int 1024 randi -1000 1000
//! arg: out long 4096
//! arg: val int 2147483600
//! arg: val uint 4294967250
//! arg: local 1024

kernel void wg_affine(global const int *in, global long *out, int off, uint uoff,
                      local int *sh)
{
    int gx = (int)get_global_id(0), lx = (int)get_local_id(0);
    int n0 = (int)get_local_size(0);
    int l = (int)get_local_id(1) * n0 + lx;
    size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
    global long *o = out + g * 8;

    o[0] = (long)(gx + off);                  // crosses INT_MAX at gx 48
    o[1] = (ulong)((uint)gx + uoff);          // crosses UINT_MAX at gx 46
    o[2] = (long)(3 * gx + off);              // K 3
    o[3] = (long)(-off - 2 * lx);             // K -2, crosses INT_MIN at lx 25
    o[4] = (long)(short)(lx + 32700);         // 16 bits, crosses SHRT_MAX at lx 68
    o[5] = (long)(uchar)(lx * 4 + 3);         // 8 bits, K 4
    barrier(CLK_LOCAL_MEM_FENCE);

    // tile loads, the K loop's counter in the index
    int acc = 0;
    for (int k0 = 0; k0 < 64; k0 += 16) {
        sh[l] = in[k0 * 4 + lx] + in[(k0 + 1) * 2 + gx - (int)get_group_id(0) * n0];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += sh[(get_local_id(1) * n0) + (lx + 1) % n0] * (k0 + 1);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    o[6] = acc;

    // an inner loop's counter in the index; a per-item choice of invariant
    long s = 0;
    for (int j = 0; j < lx % 4; j++)
        s += in[j * 7 + lx];
    o[7] = s + (long)(((lx & 1) ? off : 5) + lx);
}
