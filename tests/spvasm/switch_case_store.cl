// A work-item-dependent switch with one case that overwrites a float with
// a constant (rint(3.8e38) * 0, which is +0.0): the work-items whose lid is
// a multiple of 4 take it ((~lid) % 4 + 3 * 65536 == 196611) and store
// 0.0f; the others keep fmax(fma(0x1p-133f, g, g), -1 - g) + 0.0f, that is
// g. Checked against exact values (switch_case_store.py).
// Not a PoCL comparison: PoCL 3.1 at -O2 leaves g in the work-items that
// take the case (found by the gen campaign, seed 1573, once llvm-spirv-15's
// duplicate phis were repaired; cvise, then by hand, to this kernel).
// PoCL built with -cl-opt-disable, Oclgrind 21.10 and spv2c store 0.0f.
//! kernel: switch_case_store
//! global: 8
//! local: 4
//! arg: in float 1 list 98.0
//! arg: out uint 8
//! arg: val int 3
kernel void switch_case_store(global const float *gf, global uint *out, int T)
{
    float b = fmax(fma(0x1p-133f, gf[0], gf[0]), -1.0f - gf[0]) + 0.0f;

    switch ((~(uint)get_local_id(0)) % 4u + (uint)T * 65536u) {
    case 196611u:
        b = rint(0x1.c363ccp+127f) * 0;
    }
    out[get_global_id(0)] = as_uint(b);
}
