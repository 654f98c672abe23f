// Data races under spv2c --checked (driven by memory.py): work-items of one
// group touch the same bytes with no barrier between. `which` picks the
// case; case 0 is correct (neighbours' slots read after a barrier).
//! kernel: races
//! run: --global 16 --local 8 in:a16f out:64 local:32 {which}
//! case 0: silent
//! case 1: OpStore: data race: write of byte 4 of __local variable 'races.ls' \(32 bytes\) at address \S+, which the work-item with local linear id 0 read with no barrier between; this one has local linear id 1 \(work-item 1,0,0\)
//! case 2: OpStore: data race: write of byte 0 of __local variable 'races.ls' \(32 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 1 \(work-item 1,0,0\)
//! case 3: OpLoad: data race: read of byte 0 of __global buffer '\w*' \(argument 1, 64 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 1 \(work-item 1,0,0\)
//! case 5: OpStore: data race: write of byte 1 of __global buffer '\w*' \(argument 1, 64 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 1 \(work-item 1,0,0\)
//! case 6: OpLoad: data race: read of byte 6 of __global buffer '\w*' \(argument 1, 64 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 1 \(work-item 1,0,0\)
//! case 4: OpLoad: data race: read of byte 0 of __local buffer '\w*' \(argument 2, 32 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 1 \(work-item 1,0,0\)
kernel void races(global const float *a, global float *b, local float *la, int which)
{
    local float ls[8];
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    ls[l] = a[i];
    la[l] = a[i] * 2.0f;
    b[i] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (which == 0) {
        b[i] = ls[(l + 1) % n] + la[(l + n - 1) % n];
    } else if (which == 1) {   // read a slot its owner writes later (write after read)
        float x = ls[(l + 1) % n];
        ls[l] = x + 1.0f;
    } else if (which == 2) {   // every work-item writes slot 0 (write after write)
        ls[0] = (float)l;
    } else if (which == 3) {   // global: read what the previous work-item wrote
        b[i] = 1.0f;
        if (l > 0)
            b[i] += b[i - 1];
    } else if (which == 4) {   // __local argument: the same on a __local pointer
        la[l] = 3.0f;
        if (l > 0)
            b[i] = la[l - 1];
    } else if (which == 5) {   // a byte of a float the previous work-item wrote: the
        b[i] = 1.0f;           // shadow goes from a word a 4 bytes to a word a byte
        if (l == 1)
            ((global uchar *)b)[1] = 7;
    } else if (which == 6) {   // the same the other way: a byte, then the whole float
        if (l == 0)
            ((global uchar *)b)[6] = 7;
        else if (l == 1)
            b[i + 1] = b[i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (which == 1 || which == 2)
        b[i] = ls[l];
}
