// A switch whose cases 0, 1 and 2 all go straight to the join: at -O2 LLVM's
// phi there has one entry per CFG edge, so it names the switch's block three
// times, and llvm-spirv-15 copies all three into OpPhi, which SPIR-V allows
// once a parent ("OpPhi's number of incoming blocks does not match"; gen
// seeds 1402, 1573, 1697 and 6 more). spv2c's reader keeps the first entry
// of a parent named again with the same value (src/read.c dedupe_phis).
//! kernel: dup_phi
//! global: 64
//! local: 16
//! arg: in uint 64 rand
//! arg: out uint 64
kernel void dup_phi(global const uint *in, global uint *out)
{
    uint i = get_global_id(0), x = in[i], r = x * 5u;
    switch (x % 6u) {
    case 0: case 1: case 2: break;
    case 3: r = in[(i + 1u) & 63u]; break;
    default: r = in[(i + 2u) & 63u] ^ x; break;
    }
    out[i] = r;
}
