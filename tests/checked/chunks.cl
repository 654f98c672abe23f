// Accesses whose checks the work-item loop takes a chunk of 16 or 64
// work-items at a time (src/hoist.c, driven by memory.py): addresses
// affine in the global id, with y's stride (bits 4-5 of `which`) and
// offset (bits 0-1) and x's offset (bits 8-9) from `which`, so that one
// kernel without a branch has every case; 16 (stride 1, no offsets) is
// correct. Each bug is in the last chunk, or in the first work-items, and
// must be reported as the check in place reports it: its chunk fails the
// test and runs one work-item at a time.
//! kernel: chunks
//! hoisted: yes
//! items: 256
//! run: --global 256 --local 64 in:a256f in:b256f {which}
//! case 16: silent
//! case 17 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __global buffer 'y' \(argument 0, 1024 bytes\) \(work-item 255,0,0\)
//! case 17 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 255,0,0\)
//! case 528 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __global buffer 'x' \(argument 1, 1024 bytes\) \(work-item 254,0,0\)
//! case 528 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 254,0,0\)
//! case 0: OpLoad: data race: read of byte 0 of __global buffer '\w*' \(argument 0, 1024 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 1 \(work-item 1,0,0\)
kernel void chunks(global float *y, global const float *x, uint which)
{
    size_t i = get_global_id(0);
    size_t k = i * ((which >> 4) & 3) + (which & 3);
    y[k] = 2.0f * x[i + ((which >> 8) & 3)] + y[k];
}
