// char/uchar arithmetic: results wrap when narrowed, division and modulo
// with negative operands, shifts by counts >= the width (OpenCL masks the
// count by the promoted width), increments and compound assignment.
//! kernel: int_char
//! global: 300
//! arg: in char 300 edge
//! arg: in char 300 rand
//! arg: in uchar 300 edge
//! arg: in uchar 300 rand
//! arg: out char 4800
//! arg: out uchar 4800
#pragma OPENCL FP_CONTRACT OFF

/* rem is in a helper: at -O2 a div and a rem of the same operands in one
 * function become freeze instructions, which llvm-spirv-15 rejects. */
__attribute__((noinline)) char rem_char(char a, char b) { return a % b; }
__attribute__((noinline)) uchar rem_uchar(uchar a, uchar b) { return a % b; }

#define OPS(T, x, y, r) do {                                        \
        T d = (y) == 0 ? (T)3 : (y);                                \
        T z = x;                                                    \
        r[0] = x + y;   r[1] = x - y;   r[2] = x * y;               \
        r[3] = x / d;   r[4] = rem_##T(x, d);   r[5] = x << y;              \
        r[6] = x >> y;  r[7] = -x;      r[8] = ~x;                  \
        r[9] = x << (y & 7);            r[10] = x >> (y & 7);       \
        z += y; z *= (T)3; r[11] = z;                               \
        z = x; r[12] = z++; r[13] = z; r[14] = --z;                 \
        r[15] = (T)(x * 7 + y / 5);                                 \
    } while (0)

kernel void int_char(global const char *a, global const char *b,
                     global const uchar *ua, global const uchar *ub,
                     global char *o, global uchar *uo)
{
    int i = get_global_id(0);
    char x = a[i], y = b[i];
    uchar p = ua[i], q = ub[i];
    global char *r = o + 16 * i;
    global uchar *s = uo + 16 * i;
    OPS(char, x, y, r);
    OPS(uchar, p, q, s);
}
