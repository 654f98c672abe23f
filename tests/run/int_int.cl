// int/uint arithmetic: wrapping overflow through unsigned arithmetic,
// division and modulo with negative operands, shifts with counts >= 32
// (masked to 5 bits), negation, mixed int/uint expressions.
//! kernel: int_int
//! global: 256
//! arg: in int 256 edge
//! arg: in int 256 rand
//! arg: in uint 256 edge
//! arg: in uint 256 randi 0 100
//! arg: out int 4096
//! arg: out uint 4096
#pragma OPENCL FP_CONTRACT OFF

/* rem is in helpers: at -O2 a div and a rem of the same operands in one
 * function become freeze instructions, which llvm-spirv-15 rejects. */
__attribute__((noinline)) int srem(int a, int b) { return a % b; }
__attribute__((noinline)) uint urem(uint a, uint b) { return a % b; }

kernel void int_int(global const int *a, global const int *b,
                    global const uint *ua, global const uint *ub,
                    global int *o, global uint *uo)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i];
    uint p = ua[i], q = ub[i];
    global int *r = o + 16 * i;
    global uint *s = uo + 16 * i;
    int d = (y == 0 || (x == INT_MIN && y == -1)) ? 3 : y;
    int e = (i % 7) - 3;                   /* small, possibly negative */
    if (e == 0 || (x == INT_MIN && e == -1))
        e = -2;
    uint dq = q == 0 ? 1u : q;

    r[0] = (int)((uint)x + (uint)y);
    r[1] = (int)((uint)x - (uint)y);
    r[2] = (int)((uint)x * (uint)y);
    r[3] = x / d;
    r[4] = srem(x, d);
    r[5] = x / e;
    r[6] = srem(x, e);
    r[7] = x << y;
    r[8] = x >> y;
    r[9] = x >> q;
    r[10] = (int)(0u - (uint)x);
    r[11] = ~x;
    r[12] = (x & 0xffff) * (y & 0x7fff);
    r[13] = x < 0 ? x >> 3 : x << 1;
    r[14] = (int)(p >> 1) / e;
    r[15] = (x >> 31) ^ (y >> 17);

    s[0] = p + q;
    s[1] = p - q;
    s[2] = p * q;
    s[3] = p / dq;
    s[4] = urem(p, dq);
    s[5] = p << q;
    s[6] = p >> q;
    s[7] = -p;
    s[8] = ~p;
    s[9] = p * 2654435761u;
    s[10] = p / 10u;
    s[11] = p % 1000u;
    s[12] = (uint)x / dq;
    s[13] = (uint)x + p;                   /* int converted to uint */
    s[14] = p >> 31;
    s[15] = (p << 7) | (p >> 25);
}
