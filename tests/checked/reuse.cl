// Private variables of functions called one after another live at the same
// stack addresses under spv2c --checked (driven by memory.py): a variable
// that starts to live ends the life of the objects its bytes overlap. Case
// 0 is correct: at -O0 it reported third's 64-byte store of v "16 bytes
// past the end of private variable 'u'" (second's, dead) before, like
// tests/run/vdata_generic at spir64 -O0. Case 1 reads w before writing it,
// memory that second's u had written.
//! kernel: reuse
//! run: --global 8 --local 4 in:a64f in:c64i out:32 {which}
//! case 0: silent
//! case 1: OpLoad: read of 4 bytes at byte \d+ of private variable 'w' \(64 bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
__attribute__((noinline)) float first(global const float *a, global const int *ix)
{
    float t[16];
    for (int k = 0; k < 16; k++)
        t[k] = a[k];
    return t[ix[get_global_id(0)] & 15];
}

__attribute__((noinline)) float second(global const float *a, global const int *ix)
{
    float4 pad[1];
    float u[16];
    pad[0] = (float4)(a[0]);
    for (int k = 0; k < 16; k++)
        u[k] = a[k + 1];
    return u[ix[get_global_id(0) + 1] & 15] + pad[0].x;
}

__attribute__((noinline)) float third(global const float *a, global const int *ix, int which)
{
    float16 v = vload16(0, a + 2);
    float w[16];
    if (which != 1)
        vstore16(v, 0, w);
    return w[ix[get_global_id(0) + 2] & 15];
}

kernel void reuse(global const float *a, global const int *ix, global float *b, int which)
{
    size_t i = get_global_id(0);
    b[i] = first(a, ix) + second(a, ix) + third(a, ix, which) + (float)which;
}
