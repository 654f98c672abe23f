// Control flow: for, while and do-while loops with break and continue,
// nested loops, data-dependent trip counts, switch with fallthrough and
// default, goto, loop-carried values (phis at -O2).
//! kernel: loops_switch
//! global: 256
//! arg: in uint 256 randi 1 100000
//! arg: in int 256 rand
//! arg: out int 2048
#pragma OPENCL FP_CONTRACT OFF

kernel void loops_switch(global const uint *a, global const int *b,
                         global int *out)
{
    int i = get_global_id(0);
    uint n = a[i];
    int x = b[i];
    global int *r = out + 8 * i;

    /* Collatz steps: while loop with a data-dependent trip count */
    uint c = n;
    int steps = 0;
    while (c != 1u && steps < 1000) {
        c = (c & 1u) ? 3u * c + 1u : c >> 1;
        steps++;
    }
    r[0] = steps;

    /* gcd with do-while */
    uint g1 = n, g2 = (uint)x | 1u;
    do {
        uint t = g1 % g2;
        g1 = g2;
        g2 = t;
    } while (g2 != 0u);
    r[1] = (int)g1;

    /* nested for with continue and break */
    int acc = 0;
    for (int p = 0; p < 8; p++) {
        if (p == (i & 7))
            continue;
        for (int q = p; q < 20; q += 3) {
            if (q * p > 40)
                break;
            acc += (x >> q) & (p + 1);
        }
    }
    r[2] = acc;

    /* switch with fallthrough, default and a loop inside a case */
    int s = 0;
    switch (i % 9) {
    case 0:
        s = 10;
        break;
    case 1:
        s = 5;
        /* fallthrough */
    case 2:
        s += 20;
        break;
    case 3:
    case 4:
        for (int k = 0; k < (i & 15); k++)
            s = (int)((uint)s * 3u + (uint)(k ^ x)); /* a plain sum becomes i33 at -O2 */
        break;
    case 7:
        s = ~x >> 30;
        break;
    default:
        s = -1;
    }
    r[3] = s;

    /* switch on a signed char value with negative cases */
    switch ((char)x) {
    case -128: r[4] = 1; break;
    case -1: r[4] = 2; break;
    case 0: r[4] = 3; break;
    case 127: r[4] = 4; break;
    default: r[4] = (char)x & 3;
    }

    /* goto-based loop */
    int k = 0, bits = 0;
    uint v = (uint)x;
again:
    if (v != 0u) {
        bits += (int)(v & 1u);
        v >>= 1;
        k++;
        goto again;
    }
    r[5] = bits * 100 + k;

    /* loop with a float accumulator and early exit */
    float f = 0.0f;
    int m;
    for (m = 0; m < 64; m++) {
        f = f * 0.5f + (float)((x >> (m & 31)) & 1);
        if (f > 1.9f)
            break;
    }
    r[6] = m;
    r[7] = (int)(f * 1000.0f);
}
