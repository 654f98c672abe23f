// vload4/vstore4 on float: aligned and unaligned (element-aligned)
// offsets, global and private sources, constant offsets and run-time ones.
//! kernel: vload_basic
//! global: 64
//! arg: in float 272 randf -50 50
//! arg: out float 768
#pragma OPENCL FP_CONTRACT OFF

kernel void vload_basic(global const float *in, global float *out)
{
    int i = get_global_id(0);
    float priv[8];
    float4 a = vload4(i, in);                 /* in[4i .. 4i+3] */
    float4 b = vload4(0, in + 4 * i + 1);     /* unaligned by one float */
    float4 c = vload4(1, in + i);             /* in[i+4 .. i+7] */

    vstore4(a + b, 0, priv);
    vstore4(c * 2.0f, 1, priv);
    float4 d = vload4(0, priv + 2);           /* spans both stores */

    vstore4(a, 3 * i, out);
    vstore4(b - c, 0, out + 12 * i + 4);
    vstore4(d, 2, out + 12 * i);
}
