// Private variables of a function with a barrier (the resumable form keeps
// every work-item's frame live across the barrier) under spv2c --checked
// (driven by memory.py). 128 work-items with several private variables each
// are more private objects than the checker's table holds
// (SPV2C_CHECK_OBJECTS, 256): the frames are one object, a slot each
// work-item, so nothing is evicted and case 0 stays silent (it reported an
// out-of-bounds store on work-item 0 before). Case 1 reads a private array
// of the called function before writing it: clang -O2 leaves no memory to
// read, so -O0 only.
//! kernel: frames
//! run: --global 256 --local 128 in:a256f out:1024 local:512 {which}
//! case 0: silent
//! case 1 -O0: OpLoad: read of 4 bytes at byte \d+ of private variable 'work-item frame' \(\d+ bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
__attribute__((noinline)) float step(global const float *a, local float *la, int which)
{
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    float t[4];
    float s = a[i];
    if (which != 1)
        for (int k = 0; k < 4; k++)
            t[k] = s + (float)k;
    la[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    float r = la[(l + 1) % n] + t[i % 4];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}

kernel void frames(global const float *a, global float *b, local float *la, int which)
{
    size_t i = get_global_id(0);
    float x = step(a, la, which);
    b[i] = x + step(a, la, 0);
}
