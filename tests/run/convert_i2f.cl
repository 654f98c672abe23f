// integer -> float and integer -> double conversions with every rounding
// mode; random 32- and 64-bit values need rounding to fit the mantissa.
//! kernel: convert_i2f
//! global: 256
//! arg: in int 256 edge
//! arg: in uint 256 rand
//! arg: in long 256 edge
//! arg: in ulong 256 rand
//! arg: out float 6144
//! arg: out double 2048
#pragma OPENCL FP_CONTRACT OFF

#define F(v, o) do {                                                    \
        o[0] = convert_float(v);     o[1] = convert_float_rte(v);       \
        o[2] = convert_float_rtz(v); o[3] = convert_float_rtp(v);       \
        o[4] = convert_float_rtn(v); o[5] = (float)(v);                 \
    } while (0)

#define D(v, o) do {                                                    \
        o[0] = convert_double(v);     o[1] = convert_double_rte(v);     \
        o[2] = convert_double_rtz(v); o[3] = convert_double_rtp(v);     \
        o[4] = convert_double_rtn(v); o[5] = (double)(v);               \
    } while (0)

kernel void convert_i2f(global const int *a, global const uint *b,
                        global const long *c, global const ulong *d,
                        global float *of, global double *od)
{
    int i = get_global_id(0);
    int x = a[i];
    uint u = b[i];
    long l = c[i];
    ulong m = d[i];
    global float *f = of + 24 * i;
    global double *g = od + 8 * i;

    F(x, f);
    F(u, (f + 6));
    F(l, (f + 12));
    F(m, (f + 18));
    D(l, g);
    g[6] = convert_double_rtp(m);
    g[7] = convert_double_rtn(m) + convert_double((short)x) +
           convert_double((uchar)u);      /* exact */
}
