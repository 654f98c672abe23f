// Async copies of 3-lane vectors move 4 lanes: "async_work_group_copy and
// async_work_group_strided_copy for 3-component vector types behave as
// async_work_group_copy and async_work_group_strided_copy respectively
// for 4-component vector types" (OpenCL C 3.0 s6.15.11). Every 4th lane
// here holds a value that is not zero (written through a 4-lane pointer),
// copied local to global (contiguous and strided) and global to local
// (gathered, then written out through a 4-lane pointer); the oracle
// (async_vec3_pad.py) wants all 4 lanes of each element, for long3, int3,
// float3, short3 and char3, whatever the local size. Not a PoCL
// comparison: PoCL 3.1 copies these (constant counts) right, but in the
// gen campaign's kernels (seeds 1078, 1129, 1279: `(uint)min(lsz, 8u)`
// elements from local to global) it drops the 4th lane of some elements,
// depending on the local size (of element 0 with 1, 4, 5 or 8
// work-items, not with 2); oclgrind 21.10 copies all 4 lanes there.
//! kernel: async_vec3_pad
//! launch: 2 @ 1
//! launch: 4 @ 2
//! launch: 12 @ 6
//! launch: 16 @ 8
//! arg: in uchar 3040 rand
//! arg: out uchar 3040

// S: bytes of an element; BASE: the type's first byte (two groups of
// 20 elements each: 8 copied out, 8 for the strided copy, 4 gathered)
#define PAD(T, UT, MASK, S, BASE)                                             \
    {                                                                         \
        global const UT *s = (global const UT *)(in + BASE + grp * 20 * S);   \
        global T##3 *d = (global T##3 *)(out + BASE + grp * 20 * S);          \
        for (k = lid; k < 8; k += lsz)                                        \
            ((local T##4 *)l_##T)[k] =                                        \
                as_##T##4((vload4(k, s) & (MASK)) | (UT##4)(0, 0, 0, 1));     \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        e = async_work_group_copy(d, l_##T, 8, 0);                            \
        e = async_work_group_strided_copy(d + 8, l_##T, 4, 2, e);             \
        e = async_work_group_strided_copy(                                    \
            g_##T, (global const T##3 *)(in + BASE + grp * 20 * S + 8 * S),   \
            4, 3, e);                                                         \
        wait_group_events(1, &e);                                             \
        barrier(CLK_LOCAL_MEM_FENCE);                                         \
        for (k = lid; k < 4; k += lsz)                                        \
            ((global T##4 *)d)[16 + k] = ((local T##4 *)g_##T)[k];            \
    }

kernel void async_vec3_pad(global const uchar *in, global uchar *out)
{
    local long3 l_long[8], g_long[4];
    local int3 l_int[8], g_int[4];
    local float3 l_float[8], g_float[4];
    local short3 l_short[8], g_short[4];
    local char3 l_char[8], g_char[4];
    size_t lid = get_local_id(0), lsz = get_local_size(0), grp = get_group_id(0), k;
    event_t e;

    PAD(long, ulong, (ulong4)(ulong)-1, 32, 0)
    PAD(int, uint, (uint4)(uint)-1, 16, 1280)
    PAD(float, uint, (uint4)0x3fffffffu, 16, 1920)   /* finite floats */
    PAD(short, ushort, (ushort4)(ushort)-1, 8, 2560)
    PAD(char, uchar, (uchar4)(uchar)-1, 4, 2880)
}
