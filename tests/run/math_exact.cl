// Math built-ins with exact (0 ULP) results on float: fabs, floor, ceil,
// trunc, round, rint, fmod, remainder, remquo (low 3 quotient bits), copysign,
// fma, sqrt (correctly rounded), fmin/fmax with NaN, fdim, maxmag, minmag,
// ldexp, frexp, modf, fract, nextafter, ilogb, logb; pointer results to
// private and global memory.
//! kernel: math_exact
//! global: 256
//! arg: in float 256 edge
//! arg: in float 256 randf -100 100
//! arg: in float 256 rand
//! arg: out float 6144
//! arg: out int 1024
#pragma OPENCL FP_CONTRACT OFF

kernel void math_exact(global const float *fa, global const float *fb,
                       global const float *fc, global float *of,
                       global int *oi)
{
    int i = get_global_id(0);
    float e = fa[i];                  /* special values first, then random */
    float x = fb[i];
    float y = fc[i];
    global float *r = of + 24 * i;
    global int *n = oi + 4 * i;
    float v = (i & 1) ? x : e;        /* mix special and ordinary values */
    float w = (i & 2) ? x * 0.37f : y;
    int k;
    float ip;

    r[0] = fabs(v);
    r[1] = floor(v);
    r[2] = ceil(v);
    r[3] = trunc(v);
    r[4] = round(v + 0.5f);           /* ties away from zero */
    r[5] = rint(v * 2.0f + 0.5f);     /* ties to even */
    r[6] = fmod(v, w);
    r[7] = remainder(v, w);
    r[8] = copysign(w, v);
    r[9] = fma(v, w, x);
    r[10] = sqrt(fabs(v) + y * y);
    r[11] = fmin(v, w) + fmax(w, v) * 0.5f;
    r[12] = fmin(e, x) - fmax(e, y);  /* e is NaN for i == 0 */
    r[13] = fdim(v, w);
    r[14] = maxmag(v, w) + minmag(x, w);
    r[15] = ldexp(v, (i % 41) - 20);
    r[16] = frexp(v, &k);
    n[0] = isfinite(v) ? k : 0;       /* exponent unspecified for Inf/NaN */
    r[17] = modf(v, &ip);
    r[18] = ip;
    r[19] = fract(x * 3.5f, r + 20);  /* global pointer result */
    r[21] = remquo(x, w, n + 1);
    n[1] = n[1] < 0 ? -(-n[1] & 7) : n[1] & 7;
    r[22] = nextafter(v, w) - nextafter(x, 0.0f);
    r[23] = logb(x) + (float)ilogb(w);
    n[2] = isnormal(v) ? ilogb(v) : 99;
    n[3] = (int)rint(x * 10.0f);
}
