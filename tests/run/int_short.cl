// short/ushort arithmetic: wrapping on narrowing, negative division and
// modulo, shifts with large counts, mixed short/ushort/char operands.
//! kernel: int_short
//! global: 300
//! local: 30
//! arg: in short 300 edge
//! arg: in short 300 rand
//! arg: in ushort 300 edge
//! arg: in ushort 300 rand
//! arg: out short 4800
//! arg: out ushort 4800
#pragma OPENCL FP_CONTRACT OFF

/* rem is in a helper: at -O2 a div and a rem of the same operands in one
 * function become freeze instructions, which llvm-spirv-15 rejects. */
__attribute__((noinline)) short rem_short(short a, short b) { return a % b; }
__attribute__((noinline)) ushort rem_ushort(ushort a, ushort b) { return a % b; }

#define OPS(T, x, y, r) do {                                        \
        T d = (y) == 0 ? (T)7 : (y);                                \
        T z = x;                                                    \
        r[0] = x + y;   r[1] = x - y;                               \
        r[2] = (T)((uint)x * (uint)y);                              \
        r[3] = x / d;   r[4] = rem_##T(x, d);   r[5] = x << y;              \
        r[6] = x >> y;  r[7] = -x;      r[8] = ~x;                  \
        r[9] = x << (y & 15);           r[10] = x >> (y & 15);      \
        z -= y; z <<= 3; r[11] = z;                                 \
        z = x; r[12] = z--; r[13] = z; r[14] = ++z;                 \
        r[15] = (T)(x / 3 - (char)y);                               \
    } while (0)

kernel void int_short(global const short *a, global const short *b,
                      global const ushort *ua, global const ushort *ub,
                      global short *o, global ushort *uo)
{
    int i = get_global_id(0);
    short x = a[i], y = b[i];
    ushort p = ua[i], q = ub[i];
    global short *r = o + 16 * i;
    global ushort *s = uo + 16 * i;
    OPS(short, x, y, r);
    OPS(ushort, p, q, s);
}
