// async_work_group_copy and async_work_group_strided_copy for every gentype
// (char .. double, 1 to 16 lanes) in both directions, with run-time source
// strides 1 to 3 and constant destination strides 1 to 7, one event
// chained through all copies of a direction; local sizes 1 to 64, 3-D.
//! kernel: wg_async_types
//! std: CL2.0
//! global: 16,2,2
//! local: 1,1,1 | 16,1,1 | 4,2,2 | 16,2,2
//! arg: in uchar 4571136 rand
//! arg: out uchar 4571136
//! arg: local 20224
//! arg: val uint 1
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define GROUP_BYTES 71424
#define N 6          // elements a copy
#define SLOT 48      // slot size in elements: (N - 1) * 7 + 1 <= SLOT
#define UP(x) (((x) + 127) / 128 * 128)   // every slot 128-byte aligned

// For every gentype: global -> local with a source stride (a run-time
// value) and contiguous, all on one event, then one wait; local -> global
// with a destination stride (constant D) and contiguous, one wait. Each
// gentype has its own slot in global memory and 2 N elements in local
// memory. A 3-lane type moves 4 lanes; the padding lanes of the output are
// zeroed at the end (their content is not defined).
#define IN(T, D, PAD)                                                          \
    {                                                                         \
        global const T *src = (global const T *)(in + at);                    \
        local T *l = (local T *)(scratch + lat);                              \
        e = async_work_group_strided_copy(l, src, N, sbase + k % 3, e);       \
        e = async_work_group_copy(l + N, src + SLOT / 2, N, e);               \
        at += UP(SLOT * sizeof(T));                                           \
        lat += UP(2 * N * sizeof(T));                                         \
        k++;                                                                  \
    }
#define OUT(T, D, PAD)                                                         \
    {                                                                         \
        global T *dst = (global T *)(out + at);                               \
        local T *l = (local T *)(scratch + lat);                              \
        f = async_work_group_strided_copy(dst, l, N, D, f);                   \
        f = async_work_group_copy(dst + SLOT / 2, l + N, N, f);               \
        at += UP(SLOT * sizeof(T));                                           \
        lat += UP(2 * N * sizeof(T));                                         \
    }
#define PAD(T, D, PAD)                                                         \
    {                                                                         \
        size_t es = sizeof(T) / 4;                                            \
        if (PAD)                                                              \
            for (size_t i = 0; i < SLOT; i++)                                 \
                for (size_t b = 3 * es; b < 4 * es; b++)                      \
                    out[at + i * 4 * es + b] = 0;                             \
        at += UP(SLOT * sizeof(T));                                           \
    }

#define ALL(OP)                                                                \
    OP(char, 2, 0) OP(char2, 3, 0) OP(char3, 1, 1)                            \
    OP(char4, 2, 0) OP(char8, 5, 0) OP(char16, 1, 0)                          \
    OP(uchar, 1, 0) OP(uchar2, 2, 0) OP(uchar3, 3, 1)                         \
    OP(uchar4, 1, 0) OP(uchar8, 2, 0) OP(uchar16, 3, 0)                       \
    OP(short, 3, 0) OP(short2, 1, 0) OP(short3, 2, 1)                         \
    OP(short4, 3, 0) OP(short8, 1, 0) OP(short16, 2, 0)                       \
    OP(ushort, 2, 0) OP(ushort2, 7, 0) OP(ushort3, 1, 1)                      \
    OP(ushort4, 2, 0) OP(ushort8, 3, 0) OP(ushort16, 1, 0)                    \
    OP(int, 1, 0) OP(int2, 2, 0) OP(int3, 3, 1)                               \
    OP(int4, 4, 0) OP(int8, 1, 0) OP(int16, 2, 0)                             \
    OP(uint, 5, 0) OP(uint2, 1, 0) OP(uint3, 2, 1)                            \
    OP(uint4, 3, 0) OP(uint8, 1, 0) OP(uint16, 2, 0)                          \
    OP(long, 2, 0) OP(long2, 3, 0) OP(long3, 1, 1)                            \
    OP(long4, 2, 0) OP(long8, 3, 0) OP(long16, 1, 0)                          \
    OP(ulong, 3, 0) OP(ulong2, 1, 0) OP(ulong3, 2, 1)                         \
    OP(ulong4, 3, 0) OP(ulong8, 1, 0) OP(ulong16, 2, 0)                       \
    OP(float, 1, 0) OP(float2, 2, 0) OP(float3, 3, 1)                         \
    OP(float4, 1, 0) OP(float8, 2, 0) OP(float16, 3, 0)                       \
    OP(double, 4, 0) OP(double2, 1, 0) OP(double3, 2, 1)                      \
    OP(double4, 3, 0) OP(double8, 1, 0) OP(double16, 2, 0)

kernel void wg_async_types(global const uchar *in, global uchar *out,
                           local uchar *scratch, uint sbase)
{
    size_t grp = (get_group_id(2) * get_num_groups(1) + get_group_id(1))
                 * get_num_groups(0) + get_group_id(0);
    size_t at = grp * GROUP_BYTES, lat = 0;
    uint k = 0;
    event_t e = 0, f = 0;
    ALL(IN)
    wait_group_events(1, &e);
    at = grp * GROUP_BYTES;
    lat = 0;
    ALL(OUT)
    wait_group_events(1, &f);
    if (get_local_linear_id() == 0) {
        at = grp * GROUP_BYTES;
        ALL(PAD)
    }
}
