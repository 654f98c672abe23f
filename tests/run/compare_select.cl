// Comparisons (signed, unsigned, mixed, 64-bit, float with NaN, unsigned
// against 0), logical
// operators with short-circuit, the ternary operator, scalar and vector
// select, vector comparisons yielding -1/0.
//! kernel: compare_select
//! global: 256
//! arg: in int 256 edge
//! arg: in int 256 randi -3 3
//! arg: in uint 256 edge
//! arg: in float 256 edge
//! arg: in float 256 list 0 nan -0.0 1 -inf inf 2.5 -1 1e30 -3
//! arg: in long 256 edge
//! arg: out int 6144
//! arg: out float 1024
//! arg: out int4 256
#pragma OPENCL FP_CONTRACT OFF

kernel void compare_select(global const int *a, global const int *b,
                           global const uint *ua, global const float *fa,
                           global const float *fb, global const long *la,
                           global int *o, global float *fo, global int4 *vo)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i];
    uint u = ua[i];
    float f = fa[i], g = fb[i];
    long l = la[i];
    global int *r = o + 24 * i;

    r[0] = x < y;
    r[1] = x <= y;
    r[2] = x > y;
    r[3] = x >= y;
    r[4] = x == y;
    r[5] = x != y;
    r[6] = x < u;                /* x converted to uint */
    r[7] = (long)x < (long)u;    /* true signed comparison */
    r[8] = (u > 100u) + 2 * (u >= 0u) + 4 * (u < 0u) + 8 * (0u <= u) + 16 * (0u > u) +
           32 * (get_local_id(0) >= 0);   /* unsigned against 0: no C warning */
    r[9] = l < x;
    r[10] = (ulong)l > (ulong)(long)x;
    r[11] = f < g;
    r[12] = f <= g;
    r[13] = f == g;
    r[14] = f != g;              /* true when either is NaN */
    r[15] = !(f >= g);           /* unordered-or-less */
    r[16] = f > g || f < g;      /* ordered and not equal */
    r[17] = (y > 0 && x / y > 2);
    r[18] = (y == 0 || (x & 0xff) % y == 0);
    r[19] = !x + !!y;
    r[20] = x > y ? x - (y < 0) : y + 2 * (x > 0);
    r[21] = select(x, y, u);     /* scalar: nonzero picks y */
    r[22] = select(x, y, (int)(u & 0x80000000u)); /* scalar: nonzero */
    r[23] = (int)(f < 0.0f) - (int)(f > 0.0f);

    fo[4 * i + 0] = f < g ? f : g;
    fo[4 * i + 1] = select(f, g, x < y);
    fo[4 * i + 2] = f != f ? -1.0f : f;
    fo[4 * i + 3] = (x & 1) ? g : (float)y;

    int4 v = (int4)(x, y, (int)u, (int)l);
    int4 w = (int4)(y, x, 5, -7);
    int4 c = (v < w) + (v == w) * 2 + (v >= w) * 4;  /* -1/0 lanes */
    vo[i] = select(c, v ^ w, v > w);                  /* MSB selects */
}
