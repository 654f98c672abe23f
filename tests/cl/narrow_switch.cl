// Switches on a value whose high bits clang knows are zero (x & 7, x >> 29,
// a small loop count): clang-15 -O2 narrows the switch to a 3-bit integer
// (`trunc i32 to i3`, case values such as i3 -1 for 7), which llvm-spirv-15
// cannot translate; spv2c's driver widens it back (gen seed 2483). Cases
// above 3 are negative i3 constants, taken modulo 8.
//! kernel: narrow_switch
//! global: 64
//! local: 16
//! arg: in int 64 rand
//! arg: out int 192
kernel void narrow_switch(global const int *in, global int *out)
{
    int i = get_global_id(0), x = in[i], r = x, s = 0, t = 1;
    switch (x & 7) {
    case 7: r += 11; break;
    case 6: r ^= 0x55; break;
    case 4: r = -r; break;
    case 1: r = 3; break;
    default: r *= 5;
    }
    switch ((uint)x >> 29) {
    case 0: s = 100; break;
    case 5: s = 105; break;
    case 3: s = 103; break;
    case 7: s = 107; break;
    default: s = -1;
    }
    for (int k = 0; k < (int)(clz(2147483648u) & 7u) + (int)(get_group_id(0) & 3u); k++) {
        switch (k & 7) { case 0: t += 5; break; case 1: t = 0; break; default: t ^= k; }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[3 * i] = r;
    out[3 * i + 1] = s;
    out[3 * i + 2] = t;
}
