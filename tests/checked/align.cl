// Alignment checks of the vector data family under spv2c --checked (driven
// by align.py): `which` picks the case; only work-item 2 misaligns.
//   0: every function at aligned addresses; vstorea_half3 into a filled
//      buffer (its fourth, padding half must stay)
//   1: vloada_half4 at an address 2 bytes past 8-byte alignment
//   2: vstore4 of float at an address 2 bytes past float alignment
//   3: vstorea_half3_rtz at p + 4 halves + 2 halves (4-byte aligned, not 8)
//   4: vload_half at an odd address
kernel void align(global half *h, global float *f, global uchar *bytes, int which)
{
    uint i = get_global_id(0);
    int bad = i == 2;
    if (which == 0) {
        float4 a = vloada_half4(i, h);
        float3 b = vloada_half3(i, h);
        vstorea_half3_rtz(b * 2.0f, i + 4, h);
        vstore_half4_rtp(a, i + 8, h);
        vstore4(vload4(i, f) + a, i + 4, f);
        f[32 + i] = vload_half(i * 3, h);
        vstore_half_rtn(f[i], i + 1, h + 50);
    } else if (which == 1) {
        float4 a = vloada_half4(0, h + 4 * i + bad);
        vstore4(a, i, f);
    } else if (which == 2) {
        vstore4((float4)(1.0f), 0, (global float *)(bytes + 16 * i + 2 * bad));
    } else if (which == 3) {
        vstorea_half3_rtz((float3)(1.0f), i, h + 2 * bad);
    } else {
        f[i] = vload_half(0, (global half *)(bytes + 2 * i + bad));
    }
}
