// Function calls: non-inlined helpers (noinline), call chains without
// recursion, early returns, out-parameters through private and global
// pointers, vector and struct arguments and results, a void helper.
//! kernel: calls
//! global: 256
//! arg: in int 256 rand
//! arg: in float4 256 randf -5 5
//! arg: out int 1280
//! arg: out float4 512
#pragma OPENCL FP_CONTRACT OFF

typedef struct { int q; int r; } DivMod;

__attribute__((noinline)) int clampi(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

__attribute__((noinline)) DivMod divmod(int a, int b)
{
    DivMod d;
    if (b == 0) {
        d.q = 0;
        d.r = a;
        return d;
    }
    d.q = a / b;
    d.r = a - d.q * b;
    return d;
}

__attribute__((noinline)) int level3(int x) { return clampi(x, -1000, 1000) * 3; }
__attribute__((noinline)) int level2(int x) { return level3(x >> 4) + level3(x & 0xff); }
__attribute__((noinline)) int level1(int x, int *extra)
{
    *extra = x & 7;
    if (x < 0)
        return -level2(-(x >> 1));   /* x >> 1 avoids negating INT_MIN */
    return level2(x) + 1;
}

__attribute__((noinline)) float4 poly(float4 v, float a, float b)
{
    return (v * a + b) * v;
}

__attribute__((noinline)) void store_pair(global int *dst, int a, int b)
{
    dst[0] = a;
    dst[1] = b;
}

__attribute__((noinline)) int first_negative(float4 v)
{
    for (int k = 0; k < 4; k++)
        if (v[k] < 0.0f)
            return k;
    return -1;
}

kernel void calls(global const int *in, global const float4 *fv,
                  global int *out, global float4 *of)
{
    int i = get_global_id(0);
    int x = in[i];
    float4 v = fv[i];
    int extra;

    out[5 * i] = level1(x, &extra);
    out[5 * i + 1] = extra;
    DivMod d = divmod(x >> 8, (i % 13) - 6);
    store_pair(out + 5 * i + 2, d.q, d.r);
    out[5 * i + 4] = first_negative(v);

    of[2 * i] = poly(v, 0.5f, -1.0f);
    of[2 * i + 1] = poly(poly(v, 1.0f, 0.0f), -0.25f, (float)extra);
}
