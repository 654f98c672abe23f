// clang -O2 narrows arithmetic that only feeds a switch: here
// `(g % 5) % 3` becomes `trunc i64 to i4`, `urem i4`, `trunc i4 to i2`
// (gen seed 8172), and llvm-spirv-15 refuses i4 and i2 (InvalidBitWidth).
// spv2c's driver computes such values at the next width SPIR-V has, held
// zero-extended (src/cl/widen.c; tests/cl/widen_test.py checks every form
// against LLVM's own meaning of the odd widths). The other switches are
// narrowed to i5, i3 and i4 without arithmetic (the driver's narrowed
// switch repair).
//! kernel: narrow
//! global: 64
//! local: 16
//! arg: in int 64 rand
//! arg: out int 64
kernel void narrow(global const int *in, global int *out)
{
    size_t g = get_global_id(0);
    uint x = (uint)in[g], y = (uint)in[(g + 7) % get_global_size(0)];
    int r = 0;
    switch ((uint)(g % 5u) % 3u) {
    case 0: r = 3; break;
    case 1: r = 77; break;
    case 2: r = -9; break;
    default: r = 1; break;
    }
    switch (((x & 7u) * 3u + (y & 15u)) & 31u) {
    case 0: r += 5; break;
    case 17: r ^= 33; break;
    case 30: r -= 2; break;
    case 31: r *= 3; break;
    }
    switch ((((x >> 3) & 7u) - ((y >> 5) & 3u)) & 7u) {
    case 1: r += 100; break;
    case 6: r -= 100; break;
    case 7: r ^= 0x55; break;
    }
    switch ((((x >> 9) & 15u) << 1 | (y >> 31)) % 11u) {
    case 2: r += 1000; break;
    case 10: r -= 1000; break;
    case 5: r += 7; break;
    }
    out[g] = r + (int)(g % 5u);
}
