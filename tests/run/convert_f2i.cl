// float -> integer conversions, in range: convert_T, convert_T_rte/rtz/rtp/
// rtn and C casts, for every integer type; every 4th value is made a tie
// (x.5) so that round-to-nearest-even is visible.
//! kernel: convert_f2i
//! global: 256
//! arg: in float 256 randf -126 126
//! arg: out char 2048
//! arg: out uchar 2048
//! arg: out short 2048
//! arg: out ushort 2048
//! arg: out int 2048
//! arg: out uint 2048
//! arg: out long 2048
//! arg: out ulong 2048
#pragma OPENCL FP_CONTRACT OFF

float tie(float v, int i)
{
    return (i & 3) == 0 ? (float)(long)v + 0.5f : v;
}

/* o[0..4]: the five rounding forms of v; o[5], o[7]: big (integral) w;
 * o[6]: a C cast of v */
#define CV(T, v, w, o) do {                                             \
        o[0] = convert_##T(v);     o[1] = convert_##T##_rte(v);         \
        o[2] = convert_##T##_rtz(v); o[3] = convert_##T##_rtp(v);       \
        o[4] = convert_##T##_rtn(v); o[5] = convert_##T(w);             \
        o[6] = (T)(v);             o[7] = convert_##T##_rte(w);         \
    } while (0)

kernel void convert_f2i(global const float *in,
                        global char *oc, global uchar *ouc,
                        global short *os, global ushort *ous,
                        global int *oi, global uint *oui,
                        global long *ol, global ulong *oul)
{
    int i = get_global_id(0);
    float f = in[i];
    float u = fabs(f);
    float v;

    v = tie(f, i);                    CV(char, v, f, (oc + 8 * i));
    v = tie(u * 2.0f, i);             CV(uchar, v, u, (ouc + 8 * i));
    v = tie(f * 256.0f, i);           CV(short, v, f * 64.0f, (os + 8 * i));
    v = tie(u * 512.0f, i);           CV(ushort, v, u * 256.0f, (ous + 8 * i));
    v = tie(f * 65536.0f, i);         CV(int, v, f * 16777216.0f, (oi + 8 * i));
    v = tie(u * 131072.0f, i);        CV(uint, v, u * 33554432.0f, (oui + 8 * i));
    v = tie(f * 65536.0f, i);         CV(long, v, f * 0x1p56f, (ol + 8 * i));
    v = tie(u * 65536.0f, i);         CV(ulong, v, u * 0x1p57f, (oul + 8 * i));
}
