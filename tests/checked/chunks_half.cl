// Vector data whose checks the work-item loop takes a chunk of work-items
// at a time (src/hoist.c, driven by memory.py): x read with vloada_half4 at
// offset i + bits 8-9 of `which` from x + bits 0-1, y written with
// vstore_half4 from y + bits 4-5; 0 is correct. Each bug must be reported
// as the check in place reports it (an alignment report has no word).
//! kernel: chunks_half
//! hoisted: yes
//! items: 128
//! run: --global 128 --local 64 in:a256f in:b256f {which}
//! case 0: silent
//! case 256 -O2: vloada_half4: read of 8 bytes at address \S+ is out of bounds: 0 bytes past the end of __global buffer 'x' \(argument 0, 1024 bytes\) \(work-item 127,0,0\)
//! case 256 -O0: vloada_half4: read of 8 bytes at address \S+ is out of bounds: .* \(work-item 127,0,0\)
//! case 1: ^vloada_half4: address \S+ is not 8-byte aligned \(work-item 0,0,0\)
//! case 16 -O2: vstore_half4: write of 8 bytes at address \S+ is out of bounds: it starts at byte 1018 and ends 2 bytes past the end of __global buffer 'y' \(argument 1, 1024 bytes\) \(work-item 127,0,0\)
//! case 16 -O0: vstore_half4: write of 8 bytes at address \S+ is out of bounds: .* \(work-item 127,0,0\)
kernel void chunks_half(global const half *x, global half *y, uint which)
{
    size_t i = get_global_id(0);
    float4 v = vloada_half4(i + ((which >> 8) & 3), x + (which & 3));
    vstore_half4(v * 2.0f, i, y + ((which >> 4) & 3));
}
