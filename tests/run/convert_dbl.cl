// double <-> float with rounding modes (including overflow to Inf or
// FLT_MAX and denormal results), double -> integer in range and saturating,
// float -> double.
//! kernel: convert_dbl
//! std: CL2.0
//! global: 256
//! arg: in double 256 edge
//! arg: in double 256 randf -1e6 1e6
//! arg: in float 256 randbits
//! arg: out float 1536
//! arg: out double 512
//! arg: out int 1280
//! arg: out long 1280
//! arg: out uint 512
#pragma OPENCL FP_CONTRACT OFF

kernel void convert_dbl(global const double *a, global const double *b,
                        global const float *c, global float *of,
                        global double *od, global int *oi,
                        global long *ol, global uint *ou)
{
    int i = get_global_id(0);
    double x = a[i];
    double y = b[i];
    float f = c[i];
    global float *o = of + 6 * i;

    if (i % 4 == 1)
        x = x * 0x1p-1000;            /* float denormal range */
    else if (i % 4 == 2)
        x = y * 0x1p100;              /* float overflow range */
    o[0] = convert_float(x);
    o[1] = convert_float_rte(x);
    o[2] = convert_float_rtz(x);
    o[3] = convert_float_rtp(x);
    o[4] = convert_float_rtn(x);
    o[5] = (float)x;

    od[2 * i] = convert_double(f);
    od[2 * i + 1] = (double)f * 3.0;

    if ((i & 3) == 0)
        y = floor(y) + 0.5;           /* ties */
    oi[5 * i + 0] = convert_int(y);
    oi[5 * i + 1] = convert_int_rte(y);
    oi[5 * i + 2] = convert_int_rtz(y);
    oi[5 * i + 3] = convert_int_rtp(y);
    oi[5 * i + 4] = convert_int_rtn(y);
    ol[5 * i + 0] = convert_long(y * 1e9);
    ol[5 * i + 1] = convert_long_sat(x);
    ol[5 * i + 2] = convert_long_sat_rte(x);
    ol[5 * i + 3] = convert_long_sat_rtp(x * 1e12);
    ol[5 * i + 4] = convert_long_sat_rtn(x);
    ou[2 * i] = convert_uint_sat(x);
    ou[2 * i + 1] = convert_uint_sat_rte(y);
}
