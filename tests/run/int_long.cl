// long/ulong arithmetic (64-bit): wrapping through ulong, signed division
// and modulo, shifts masked to 6 bits, widening int*int, mixed widths.
//! kernel: int_long
//! std: CL2.0
//! global: 256
//! arg: in long 256 edge
//! arg: in long 256 rand
//! arg: in ulong 256 edge
//! arg: in int 256 rand
//! arg: out long 4096
//! arg: out ulong 4096
#pragma OPENCL FP_CONTRACT OFF

/* rem is in helpers: at -O2 a div and a rem of the same operands in one
 * function become freeze instructions, which llvm-spirv-15 rejects. */
__attribute__((noinline)) long srem(long a, long b) { return a % b; }
__attribute__((noinline)) ulong urem(ulong a, ulong b) { return a % b; }

kernel void int_long(global const long *a, global const long *b,
                     global const ulong *ua, global const int *c,
                     global long *o, global ulong *uo)
{
    size_t i = get_global_id(0);
    long x = a[i], y = b[i];
    ulong p = ua[i], q = (ulong)b[i];
    int k = c[i];
    global long *r = o + 16 * i;
    global ulong *s = uo + 16 * i;
    long d = (y == 0 || (x == LONG_MIN && y == -1)) ? 5 : y;
    long e = (long)(i % 9) - 4;
    if (e == 0 || (x == LONG_MIN && e == -1))
        e = 3;
    ulong dq = q == 0 ? 1ul : q;

    r[0] = (long)((ulong)x + (ulong)y);
    r[1] = (long)((ulong)x - (ulong)y);
    r[2] = (long)((ulong)x * (ulong)y);
    r[3] = x / d;
    r[4] = srem(x, d);
    r[5] = x / e;
    r[6] = srem(x, e);
    r[7] = x << y;
    r[8] = x >> y;
    r[9] = (long)k * (long)(k >> 3);       /* widening multiply */
    r[10] = (long)(0ul - (ulong)x);
    r[11] = ~x;
    r[12] = (x >> 2) + k;                  /* no overflow */
    r[13] = (long)(int)x;                  /* truncate then sign-extend */
    r[14] = x >> 63;
    r[15] = (long)(uint)k;

    s[0] = p + q;
    s[1] = p - q;
    s[2] = p * q;
    s[3] = p / dq;
    s[4] = urem(p, dq);
    s[5] = p << q;
    s[6] = p >> q;
    s[7] = -p;
    s[8] = p / 1000000007ul;
    s[9] = p % 10ul;
    s[10] = p * 0x9E3779B97F4A7C15ul;
    s[11] = (ulong)(uint)p * (ulong)(uint)(p >> 32);
    s[12] = (ulong)k;                      /* sign-extends */
    s[13] = p >> (k & 63);
    s[14] = (p << 13) | (p >> 51);
    s[15] = (ulong)x / dq;
}
