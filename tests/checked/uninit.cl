// Reads of uninitialised memory under spv2c --checked (driven by
// memory.py). `which` picks the case; case 0 is correct. clang -O2 turns
// the private array into values (no memory is left to read), so the
// private case runs at -O0 only.
//! kernel: uninit
//! run: --global 16 --local 8 in:a16f out:64 {which}
//! case 0: silent
//! case 1: OpLoad: read of 4 bytes at byte 0 of __local variable 'uninit.ls' \(32 bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
//! case 2 -O0: OpLoad: read of 4 bytes at byte 0 of private variable '\w*' \(16 bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
kernel void uninit(global const float *a, global float *b, int which)
{
    local float ls[8];
    float priv[4];
    size_t i = get_global_id(0), l = get_local_id(0);
    if (which != 1)
        ls[l] = a[i];
    if (which != 2)
        for (int k = 0; k < 4; k++)
            priv[k] = a[i] + (float)k;
    barrier(CLK_LOCAL_MEM_FENCE);
    b[i] = ls[l] + priv[i % 4];
}
