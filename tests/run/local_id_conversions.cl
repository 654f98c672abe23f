// Local ids and sizes converted to other integer types and back. spv2c
// knows these values are below 2^31 (it refuses larger work-groups) and
// turns a conversion that keeps the value, such as (long)(int)l, into a
// read of the id itself; conversions that lose bits, (uchar)l and
// (long)(char)l with ids past 255, and saturating ones, must not change;
// nor must the shift pairs clang writes for them (local_id_shifts.cl has
// the shift pairs that stand for (long)(int)).
// The ids also index local and global memory through int, as tiled
// kernels do, and cross a barrier. 1-D to 3-D, up to 4096 work-items a
// group (PoCL's maximum).
//! kernel: local_id_conversions
//! std: CL2.0
//! launch: 4096 @ 4096
//! launch: 1200 @ 300
//! launch: 64,16 @ 64,8
//! launch: 16,16,16 @ 16,16,16
//! launch: 12,6,4 @ 4,3,2
//! arg: out int 77824
//! arg: local 16384

#define SLOTS 19

kernel void local_id_conversions(global int *out, local int *sh)
{
    int lx = (int)get_local_id(0), ly = (int)get_local_id(1), lz = (int)get_local_id(2);
    int nx = (int)get_local_size(0), ny = (int)get_local_size(1);
    size_t gi = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) +
                get_global_id(0);
    global int *o = out + gi * SLOTS;
    int lin = (lz * ny + ly) * nx + lx;
    size_t l0 = get_local_id(0);

    o[0] = (int)(uchar)l0;                                   // truncation
    o[1] = (int)(long)(char)l0;                              // truncation, sign extension
    o[2] = (int)((long)(short)get_local_id(1) - 40000);      // sign extension
    o[3] = (int)((ulong)(uint)l0 >> 1);                      // zero extension
    o[4] = convert_char_sat(lx) + 1000 * convert_uchar_sat(get_local_size(0));
    o[5] = (int)((long)(int)get_local_linear_id() - 2049);   // round trip
    o[6] = (int)(ushort)(get_local_id(2) * 40000u);          // not an id any more
    o[7] = (int)((long)(int)(l0 - 5) >> 3);                  // can be negative

    sh[lin] = lx * 3 + ly;
    barrier(CLK_LOCAL_MEM_FENCE);
    // a neighbour through (long)(int) indices, after the barrier
    o[8] = sh[(lin + 1) % (nx * ny * (int)get_local_size(2))];
    o[9] = sh[(long)(int)get_local_size(0) * ly + (long)((nx - 1) - lx)];
    o[10] = (int)(char)(long)(int)get_local_id(0) + (int)(short)ly;
    o[11] = (int)((long)(int)get_enqueued_local_size(0) - (long)(int)l0);
    barrier(CLK_LOCAL_MEM_FENCE);
    sh[lin] = o[1] * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    o[12] = sh[(lin ^ 1) < nx * ny * (int)get_local_size(2) ? (lin ^ 1) : lin];
    o[13] = (int)((ulong)(uint)(l0 * 2u) + (ulong)(uchar)(lin >> 2));
    o[14] = (int)(long)(short)(lx << 4);
    o[15] = convert_ushort_sat((long)(int)l0 - 100);
    o[16] = sh[(long)(int)get_local_id(0)];
    o[17] = (int)((long)(char)get_local_id(0) >> 1);         // shifts by 56: lossy

    // a tree on each row whose test compares the id as a long (a loop
    // narrowed to the work-items that take it)
    barrier(CLK_LOCAL_MEM_FENCE);
    sh[lin] = lin * 7 % 13;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long m = (long)(int)get_local_size(0); m > 1;) {
        long h = (m + 1) / 2;
        if ((long)(int)get_local_id(0) < m - h)
            sh[lin] = max(sh[lin], sh[lin + (int)h]) + (int)(m & 3);
        m = h;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    o[18] = sh[lin - lx];
}
