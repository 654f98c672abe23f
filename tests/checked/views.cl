// The checks of a barrier kernel's work-item loops, which go through a view
// of each root's object (spv2c_ck_v_, runtime/check.h; check_views,
// src/kernel.c), driven by memory.py: a scan of 64 floats in __local memory
// (Hillis-Steele, a barrier a step, bench/scan.cl's shape) whose `which`
// puts one bug late in a loop, after many work-items' accesses took the
// view's common case. Case 0 is correct. Case 4 makes the __local
// variable's race shadow go from a word a granule to a word a byte in the
// middle of a loop: the view must follow (a view kept would record the
// later writes in the old shadow, and miss the race of work-item 60).
//! kernel: views
//! run: --global 128 --local 64 in:a128f out:512 {which}
//! case 0: silent
//! case 1: vload2: read of 8 bytes at address \S+ is out of bounds: it starts at byte 508 and ends 4 bytes past the end of __local variable 'views.buf' \(512 bytes\) \(work-item 63,0,0\)
//! case 2: OpStore: data race: write of byte 164 of __local variable 'views.buf' \(512 bytes\) at address \S+, which the work-item with local linear id 40 read with no barrier between; this one has local linear id 41 \(work-item 41,0,0\)
//! case 3: OpLoad: read of 4 bytes at byte 200 of __local variable 'views.buf' \(512 bytes\) at address \S+: uninitialised \(never written\) \(work-item 50,0,0\)
//! case 4: OpStore: data race: write of byte 496 of __local variable 'views.buf' \(512 bytes\) at address \S+, which the work-item with local linear id 20 wrote with no barrier between; this one has local linear id 60 \(work-item 60,0,0\)
//! case 5: OpStore: data race: write of byte 128 of __global buffer '\w*' \(argument 1, 512 bytes\) at address \S+, which the work-item with local linear id 32 wrote with no barrier between; this one has local linear id 33 \(work-item 33,0,0\)
//! case 6: vload4: read of 16 bytes at address \S+ is out of bounds: it starts at byte 500 and ends 4 bytes past the end of __global buffer '\w*' \(argument 0, 512 bytes\) \(work-item 125,0,0\)
#define WG 64
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void views(global const float *in, global float *out, int which)
{
    local float buf[2][WG];
    size_t l = get_local_id(0), g = get_global_id(0);
    int src = 0;
    if (!(which == 3 && l == 50))   // 3: one slot never written
        buf[0][l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t d = 1; d < WG; d <<= 1) {
        float v = buf[src][l];
        if (l >= d)
            v += buf[src][l - d];
        if (which == 2 && d == 8 && l == 40)   // 2: a slot its owner writes later
            v += buf[1 - src][l + 1];
        if (which == 4 && d == 4 && l == 20)   // 4: a byte of work-item 60's slot
            ((local uchar *)buf[1 - src])[4 * 60] = 1;
        buf[1 - src][l] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g - (which == 5 && l == 33)] = buf[src][l];   // 5: work-item 32's element
    if (which == 1) {   // 1: work-item 63's 8 bytes end 4 past the end of buf
        float2 t = vload2(0, &buf[1][l]);
        out[g] += t.x + t.y;
    }
    if (which == 6) {   // 6: work-item 125's 16 bytes end 4 past the end of in
        float4 t = vload4(0, in + (g < 125 ? g : 125));
        out[g] += t.x + t.w;
    }
}
