// float -> integer saturating conversions with every rounding mode, on
// special values (NaN gives 0, +-Inf and out-of-range values clamp) and on
// values around the limits of each type.
//! kernel: convert_sat
//! global: 192
//! arg: in float 192 edge
//! arg: in float 192 randf -70000 70000
//! arg: out char 1920
//! arg: out uchar 1920
//! arg: out short 1920
//! arg: out ushort 1920
//! arg: out int 1920
//! arg: out uint 1920
//! arg: out long 1920
//! arg: out ulong 1920
#pragma OPENCL FP_CONTRACT OFF

#define SAT(T, v, o) do {                                               \
        o[0] = convert_##T##_sat(v);     o[1] = convert_##T##_sat_rte(v); \
        o[2] = convert_##T##_sat_rtz(v); o[3] = convert_##T##_sat_rtp(v); \
        o[4] = convert_##T##_sat_rtn(v);                                \
    } while (0)

#define ALL(v, k) do {                                                  \
        SAT(char, v, (oc + 10 * i + k));                                \
        SAT(uchar, v, (ouc + 10 * i + k));                              \
        SAT(short, v, (os + 10 * i + k));                               \
        SAT(ushort, v, (ous + 10 * i + k));                             \
        SAT(int, v, (oi + 10 * i + k));                                 \
        SAT(uint, v, (oui + 10 * i + k));                               \
        SAT(long, v, (ol + 10 * i + k));                                \
        SAT(ulong, v, (oul + 10 * i + k));                              \
    } while (0)

kernel void convert_sat(global const float *a, global const float *b,
                        global char *oc, global uchar *ouc,
                        global short *os, global ushort *ous,
                        global int *oi, global uint *oui,
                        global long *ol, global ulong *oul)
{
    int i = get_global_id(0);
    float x = a[i];
    float y = b[i];
    if (i % 3 == 0)
        y = y * 0x1p-8f;              /* char/uchar range */
    else if (i % 3 == 1)
        y = y * 65536.0f;             /* int/uint range */
    ALL(x, 0);
    ALL(y, 5);
}
