// A division and a remainder of the same operands: clang-15 -O2 rewrites
// the remainder as x - (x / y) * y with `freeze` on the operands, which
// llvm-spirv-15 cannot translate (spv2c's driver turns freeze into a no-op).
//! kernel: freeze
//! global: 256
//! arg: in int 256 edge
//! arg: in int 256 randi 1 50
//! arg: in uint 256 rand
//! arg: out int 512
//! arg: out uint 512
kernel void freeze(global const int *a, global const int *b, global const uint *c,
                   global int *o, global uint *u)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i] * ((i & 1) ? -1 : 1);
    uint p = c[i], q = (uint)b[i];
    o[2 * i] = x / y;
    o[2 * i + 1] = x % y;
    u[2 * i] = p / q;
    u[2 * i + 1] = p % q;
}
