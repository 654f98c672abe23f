// as_type reinterpretations between scalars and vectors of the same size:
// float/uint, uchar4/uint, ushort2/uint, uint2/ulong, uint2/double,
// char16/uint4, int4/float4, double/int2.
//! kernel: as_type
//! global: 128
//! arg: in uint4 128 randbits
//! arg: out uint 1024
//! arg: out float 512
//! arg: out uchar 512
//! arg: out ulong 256
//! arg: out double 256
#pragma OPENCL FP_CONTRACT OFF

kernel void as_type(global const uint4 *in, global uint *ou, global float *of,
                    global uchar *oc, global ulong *ol, global double *od)
{
    int i = get_global_id(0);
    uint4 v = in[i];
    global uint *u = ou + 8 * i;

    of[4 * i + 0] = as_float(v.x);                      /* any bits */
    of[4 * i + 1] = as_float(v.y & 0x7f7fffffu) * 2.0f; /* finite operand */
    of[4 * i + 2] = as_float4(v).z;
    of[4 * i + 3] = as_float(as_uint(1.0f) + (v.w & 0xffu));

    u[0] = as_uint((float)v.y);
    u[1] = as_uint(as_float(v.z & 0x3fffffffu) + 1.0f);
    uchar4 c = as_uchar4(v.z);
    u[2] = as_uint(c.wzyx);
    ushort2 s = as_ushort2(v.w);
    u[3] = (uint)s.x * 3u + s.y;
    char16 c16 = as_char16(v);
    u[4] = as_uint(c16.s9abc);
    u[5] = as_uint2(c16.even).y;
    int4 n = as_int4(as_float4(v) * 0.0f == 0.0f);      /* -1 for finite */
    u[6] = as_uint(n.x) ^ as_uint(n.y << 1) ^ as_uint(n.z << 2);
    u[7] = as_uint(as_short2(v.x) >> (short2)(15, 3));

    oc[4 * i + 0] = as_uchar4(v.x).x;
    oc[4 * i + 1] = as_uchar2(as_ushort2(v.y).y).y;
    oc[4 * i + 2] = as_uchar((char)(as_char((uchar)v.z) + 1));
    oc[4 * i + 3] = as_uchar16(v).sf;

    ol[2 * i] = as_ulong(v.xy);
    ol[2 * i + 1] = as_ulong(as_double(v.zw)) >> 3;

    double d = as_double(v.zw & (uint2)(0xffffffffu, 0x7fefffffu)); /* finite */
    od[2 * i] = d * 0.5;
    od[2 * i + 1] = as_double(as_int2(d) ^ (int2)(0, (int)0x80000000));
}
