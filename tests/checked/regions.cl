// The checks of a barrier kernel's work-item loops taken a chunk of 64
// work-items at a time (spv2c_ck_region_, runtime/check.h; region_chunk,
// src/kernel.c), driven by memory.py: a scan of 128 uints in __local
// memory (Hillis-Steele, a barrier a step, bench/scan.cl's shape: its
// read `if (l >= d) v += buf[src][l - d]` is made by some work-items
// only, and those that do not make it would read outside buf), whose
// `which` puts one bug late in a chunk. Each chunk holding a bug fails
// its test and runs every check in place, which reports as ever (case
// 7: after the first check in place wrote the earlier chunk's records,
// kept as runs, into the race shadow's words, two reads' runs merged
// into one word: several readers). Case 0
// is correct, and every work-item of each of its 9 regions (the 7 steps
// between the first barrier and the last, and the two ends) is checked
// a chunk at a time: 2 groups of 128 work-items, 2304 in all. The
// silent case also runs under clang's -fsanitize=undefined: the probe
// computes the guarded read's address `&buf[src][l - d]` only for the
// work-items with l >= d, never an index out of the array.
//! kernel: regions
//! regions: yes
//! ubsan: yes
//! items: 2304
//! run: --global 256 --local 128 in:c256i out:1024 {which}
//! case 0: silent
//! case 1 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __local variable 'regions.buf' \(1024 bytes\) \(work-item 127,0,0\)
//! case 1 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 127,0,0\)
//! case 2: OpLoad: data race: read of byte 1020 of __local variable 'regions.buf' \(1024 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 127 \(work-item 127,0,0\)
//! case 3: OpLoad: read of 4 bytes at byte 400 of __local variable 'regions.buf' \(1024 bytes\) at address \S+: uninitialised \(never written\) \(work-item 100,0,0\)
//! case 4 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 4 bytes before the start of __local variable 'regions.buf' \(1024 bytes\) \(work-item 63,0,0\)
//! case 4 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 63,0,0\)
//! case 6: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __global buffer 'in' \(argument 0, 1024 bytes\) \(work-item 255,0,0\)
//! case 7: OpStore: data race: write of byte 532 of __local variable 'regions.buf' \(1024 bytes\) at address \S+, which other work-items of the group read with no barrier between; this one has local linear id 127 \(work-item 127,0,0\)
//! case 5: OpStore: data race: write of byte 164 of __local variable 'regions.buf' \(1024 bytes\) at address \S+, which the work-item with local linear id 40 read with no barrier between; this one has local linear id 41 \(work-item 41,0,0\)
#define WG 128
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void regions(global const uint *in, global uint *out, int which)
{
    local uint buf[2][WG];
    size_t l = get_local_id(0), g = get_global_id(0);
    int src = 0;
    if (!(which == 3 && l == 100))   // 3: one slot never written
        buf[0][l] = in[g + (which == 6)];   // 6: work-item 255 reads past in
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < WG; d <<= 1) {
        uint v = buf[src][l];
        // 4: at the step of 64 (buf[0] read), work-item 63 too, before buf
        if (l >= d - (which == 4 && d == 64))
            v += buf[src][l - d];
        if (which == 5 && d == 8 && l == 40)   // 5: a slot its owner writes next
            v += buf[1 - src][l + 1];
        // 7: at the step of 32, work-item 127 writes a slot work-items 5
        // and 37 read (the first chunk's two reads, kept as runs that meet)
        int bug7 = which == 7 && d == 32 && l == 127;
        buf[bug7 ? src : 1 - src][bug7 ? 5 : l] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (which == 2 && l == 0)   // 2: the slot work-item 127 reads next
        buf[src][WG - 1] = 0;
    out[g] = buf[src][l + (which == 1)];   // 1: work-item 127 reads past buf
}
