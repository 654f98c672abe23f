// spv2c --checked on a bare Cortex-M3 (tests/cross/freestanding.py
// --expect-report): work-item 2 reads four halves 2 bytes past their 8-byte
// alignment, which vloada_half4 leaves undefined; the checked build reports
// it through the program's spv2c_check_report and stops (SPV2C_CHECK_FAIL)
//! kernel: misaligned
//! global: 4
//! local: 4
//! arg: in half 32 randf -4 4
//! arg: out float 16
kernel void misaligned(global const half *h, global float *f)
{
    uint i = get_global_id(0);
    vstore4(vloada_half4(0, h + 4 * i + (i == 2)), i, f);
}
