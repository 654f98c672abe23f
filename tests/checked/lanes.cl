// Vector lanes written one at a time under spv2c --checked (driven by
// memory.py). clang -O0 compiles `x.s0 = v` as a load of the whole of x, a
// lane insert (or a shuffle, for x.s01 = ...) and a store of x: before x is
// whole, that load reads bytes never written, but it only copies them back
// (memcheck's rule: copying indeterminate bytes is no error, using them
// is). Case 0 is correct: it reported the first such load as an
// uninitialised read before. Cases 1 to 3 leave a lane unwritten and then
// read the whole vector, which must still be reported: private x and y,
// __local lv. clang -O2 turns the private vectors into values (no memory
// is left to read), so those cases run at -O0 only.
//! kernel: lanes
//! run: --global 8 --local 4 in:a64f out:1024 {which}
//! case 0: silent
//! case 1 -O0: OpLoad: read of 16 bytes at byte 0 of private variable 'x\w*' \(16 bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
//! case 2 -O0: OpLoad: read of 32 bytes at byte 0 of private variable 'y\w*' \(32 bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
//! case 3 -O0: OpLoad: read of 16 bytes at byte 0 of __local variable 'lanes.lv' \(64 bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
kernel void lanes(global const float *a, global float *b, int which)
{
    local float4 lv[4];
    size_t i = get_global_id(0), l = get_local_id(0);
    float4 x;
    float8 y;
    x.s0 = a[i];
    x.s1 = a[i + 1];
    x.s2 = a[i + 2];
    if (which != 1)
        x.s3 = a[i + 3];
    y.s01 = x.s23;
    y.s23 = x.s01;
    if (which != 2)
        y.hi = x * 2.0f;
    lv[l].s0 = a[i + 4];
    lv[l].s13 = (float2)(a[i + 5], a[i + 6]);
    if (which != 3)
        lv[l].s2 = a[i + 7];
    barrier(CLK_LOCAL_MEM_FENCE);
    vstore4(x, i, b);
    vstore8(y, i + 8, b);
    vstore4(lv[l], i + 32, b);
}
