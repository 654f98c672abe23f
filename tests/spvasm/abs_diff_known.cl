// abs_diff on signed operands the compiler knows (constants, a value that
// is 0 or INT_MIN), where x - y overflows: the result is |x - y| without
// modulo overflow (OpenCL C 3.0 s6.15.3), checked with exact integers
// (abs_diff_known.py); and abs of a known MIN, |x| in the unsigned type.
// Not a PoCL comparison: PoCL 3.1 computes abs_diff as abs(x - y) and abs
// from -x in signed arithmetic, which LLVM folds wrongly when it knows an
// operand (found by the gen campaign, seeds 1187 and 1249: 0 for
// abs_diff(3, INT_MIN), a cleared sign bit for abs_diff(x, INT_MIN); 0 for
// abs(INT_MIN)); oclgrind 21.10 gives these results. tests/run/int_builtins1.cl compares
// the same overflowing cases with PoCL on values PoCL cannot see.
//! kernel: abs_diff_known
//! global: 4
//! local: 2
//! arg: in int 4 rand
//! arg: in long 4 rand
//! arg: out uint 64
//! arg: out ulong 16
//! arg: out ulong 8
#define IMIN (-2147483647 - 1)
#define LMIN (-9223372036854775807L - 1)

kernel void abs_diff_known(global const int *in, global const long *lin,
                           global uint *out, global ulong *lout,
                           global ulong *aout)
{
    size_t i = get_global_id(0);
    global uint *r = out + 16 * i;
    global ulong *q = lout + 4 * i;
    int x = in[i];
    /* 0 or INT_MIN: the compiler knows it is one of the two */
    int m = as_int((uint)get_local_id(0) << 31);
    uint2 v2 = abs_diff((int2)(0, 3), (int2)(0x64000000, IMIN));
    uint4 v4 = abs_diff((int4)(x, 5, -5, IMIN), (int4)(IMIN, 2147483647, 2147483647, x));

    r[0] = abs_diff(3, IMIN);
    r[1] = abs_diff(IMIN, 3);
    r[2] = abs_diff(2147483647, IMIN);
    r[3] = abs_diff(-2, 2147483647);
    r[4] = abs_diff(x, IMIN);
    r[5] = abs_diff(IMIN, x);
    r[6] = abs_diff(x, m);
    r[7] = abs_diff(m, x >> 1);
    r[8] = v2.x;
    r[9] = v2.y;
    r[10] = v4.x;
    r[11] = v4.y;
    r[12] = v4.z;
    r[13] = v4.w;
    r[14] = abs_diff((char)3, (char)-128) | (uint)abs_diff((char)x, (char)-128) << 8;
    r[15] = abs_diff((short)-32768, (short)x) | (uint)abs_diff((short)32767, (short)-32768) << 16;
    q[0] = abs_diff(5L, LMIN);
    q[1] = abs_diff(lin[i], LMIN);
    q[2] = abs_diff(LMIN, (long)m);
    q[3] = abs_diff(9223372036854775807L, lin[i]);
    aout[2 * i] = abs(IMIN) | (ulong)abs((char)-128) << 32 | (ulong)abs((short)-32768) << 40;
    aout[2 * i + 1] = abs(LMIN);
}
