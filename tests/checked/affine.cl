// A region chunk whose addresses and guards the translator proved affine
// in the work-item (src/kernel.c, chunk_affine; runtime/check.h,
// spv2c_ck_qa_ and spv2c_ck_grun_): the probe computes the first two and
// the last work-items' addresses only, and each guard's run from its
// operands there. Driven by memory.py. Groups of 320 work-items, so that
// a row is a chunk of 256 and one of 64: each bug sits at the first or
// the last work-item of a chunk (0, 255, 256, 319), where an end of a
// stretch or of a guard's run computed one work-item off would miss it.
// Case 10's access has a 32-bit index (it may wrap: not affine), so its
// region takes the per-item probe (`uses`). Case 0 is correct, and
// every work-item of the 4 regions of the 2 groups is checked a chunk at
// a time: 2560.
//! kernel: affine
//! regions: yes
//! ubsan: yes
//! items: 2560
//! uses spir64 -O2: spv2c_ck_qa_(
//! uses -O2: spv2c_ck_q_(cq_
//! run: --global 640 --local 320 in:c640i out:5120 {which}
//! case 0: silent
//! case 1 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 4 bytes before the start of __local variable 'affine.buf' \(2560 bytes\) \(work-item 0,0,0\)
//! case 1 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 0,0,0\)
//! case 2 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __local variable 'affine.buf' \(2560 bytes\) \(work-item 319,0,0\)
//! case 2 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 319,0,0\)
//! case 3: OpLoad: read of 4 bytes at byte 0 of __local variable 'affine.buf' \(2560 bytes\) at address \S+: uninitialised \(never written\) \(work-item 0,0,0\)
//! case 4: OpLoad: read of 4 bytes at byte 1020 of __local variable 'affine.buf' \(2560 bytes\) at address \S+: uninitialised \(never written\) \(work-item 255,0,0\)
//! case 5: OpLoad: read of 4 bytes at byte 1024 of __local variable 'affine.buf' \(2560 bytes\) at address \S+: uninitialised \(never written\) \(work-item 256,0,0\)
//! case 6: OpLoad: read of 4 bytes at byte 1276 of __local variable 'affine.buf' \(2560 bytes\) at address \S+: uninitialised \(never written\) \(work-item 319,0,0\)
//! case 7: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __global buffer 'in' \(argument 0, 2560 bytes\) \(work-item 639,0,0\)
//! case 8: OpLoad: data race: read of byte 1020 of __local variable 'affine.buf' \(2560 bytes\) at address \S+, which the work-item with local linear id 255 wrote with no barrier between; this one has local linear id 256 \(work-item 256,0,0\)
//! case 9: OpLoad: data race: read of byte 2556 of __local variable 'affine.buf' \(2560 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 319 \(work-item 319,0,0\)
//! case 10 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __local variable 'affine.buf' \(2560 bytes\) \(work-item 319,0,0\)
//! case 10 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 319,0,0\)
//! case 13 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 4 bytes before the start of __local variable 'affine.buf' \(2560 bytes\) \(work-item 12,0,0\)
//! case 13 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 12,0,0\)
//! case 14: OpLoad: read of (4|8) bytes at byte 800 of __local variable 'affine.pr' \(2560 bytes\) at address \S+: uninitialised \(never written\) \(work-item 219,0,0\)
//! case 12 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __local variable 'affine.buf' \(2560 bytes\) \(work-item 308,0,0\)
//! case 12 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 308,0,0\)
#define WG 320
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void affine(global const uint *in, global uint *out, int which)
{
    local uint buf[2][WG];
    local uint2 pr[WG];
    size_t l = get_local_id(0), g = get_global_id(0);
    // 3-6: the slot of a chunk's first or last work-item is never written
    // (its write's guard, l != skip, leaves out one end of a chunk)
    size_t skip = which == 3 ? 0 : which == 4 ? 255 : which == 5 ? 256 : which == 6 ? 319 : WG;
    if (l != skip)
        buf[0][l] = in[g + (which == 7)];   // 7: the last work-item reads past in
    // 14: work-item 100's pair never written, and work-item 219 reads it:
    // a lane of each pair in reverse, 8 bytes down a work-item (the
    // runtime fills in the addresses between the probe's, afill_)
    if (l != (which == 14 ? 100 : WG))
        pr[l] = (uint2)(l, l);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v = buf[0][l] + pr[WG - 1 - l].x;
    // guards that compare l with the kernel's argument (constants would
    // let clang fold the bugs' selects into the comparisons): 0 none of
    // them, 1 all, so that work-item 0 reads before buf; 13: work-items 12
    // on (the run's start found by the binary search), the first of which,
    // and only it, reads before buf
    if (l >= (size_t)which - 1)
        v += buf[0][l - 1 - (which == 13 ? 12 : 0)];
    // 8: work-item 255, the first chunk's last, writes the slot it read,
    // which work-item 256, the next chunk's first, reads
    if (l == (which == 8 ? 255 : WG))
        buf[0][l] = 7;
    buf[1][l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    // 9: work-item 0 writes the slot that the last work-item reads
    if (l == (which == 9 ? 0 : WG))
        buf[1][WG - 1] = 0;
    v = buf[1][l + (which == 2)];   // 2: the last work-item reads past buf
    // 12: the guard's run ends inside the second chunk (work-items 256 to
    // 308: its end found by the binary search), and its last work-item
    // reads past buf
    if (l < (size_t)which + 297)
        v += buf[1][l + (which == 12 ? 12 : 1)];
    out[g] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    // 10: a 32-bit index, which may wrap: not affine; the last work-item
    // reads past buf
    out[g + 640] = buf[1][(uint)l + (uint)(which == 10)];
}
