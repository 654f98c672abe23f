// Relational built-ins: isnan, isinf, isfinite, isnormal, signbit, isequal,
// isnotequal, isgreater(equal), isless(equal), islessgreater, isordered,
// isunordered (scalar 0/1, vector -1/0), any, all (sign bits), bitselect
// and select on float, double and integer vectors.
//! kernel: relational
//! global: 128
//! arg: in float4 128 edge
//! arg: in float4 128 randbits
//! arg: in double2 128 edge
//! arg: in int4 128 rand
//! arg: out int 2048
//! arg: out int4 1024
//! arg: out long2 256
//! arg: out float4 256
//! arg: out int4 128
#pragma OPENCL FP_CONTRACT OFF

kernel void relational(global const float4 *fa, global const float4 *fb,
                       global const double2 *da, global const int4 *ia,
                       global int *os, global int4 *ov, global long2 *ol,
                       global float4 *of, global int4 *oi)
{
    int i = get_global_id(0);
    float4 a = fa[i], b = fb[i];
    double2 d = da[i];
    int4 m = ia[i];
    float x = a.x, y = b.y;
    global int *s = os + 16 * i;
    global int4 *v = ov + 8 * i;

    s[0] = isnan(x);
    s[1] = isinf(x);
    s[2] = isfinite(x);
    s[3] = isnormal(x);
    s[4] = signbit(x);
    s[5] = isequal(x, y);
    s[6] = isnotequal(x, y);
    s[7] = isgreater(x, y);
    s[8] = isgreaterequal(x, y);
    s[9] = isless(x, y);
    s[10] = islessequal(x, y);
    s[11] = islessgreater(x, y);
    s[12] = isordered(x, y);
    s[13] = isunordered(x, y);
    s[14] = isnan(d.x) + 2 * isinf(d.y) + 4 * signbit(d.x) + 8 * isnormal(d.y);
    s[15] = any(m) + 2 * all(m) + 4 * any(m.xy) + 8 * all(m.z);

    v[0] = isnan(a) ^ (isinf(b) << 1);
    v[1] = isfinite(a) + isnormal(b);
    v[2] = signbit(a) - signbit(b);
    v[3] = isequal(a, b) ^ isnotequal(a, a);
    v[4] = isgreater(a, b) + isgreaterequal(b, a) * 2;
    v[5] = isless(a, b) + islessequal(a, b) * 2 + islessgreater(a, b) * 4;
    v[6] = isordered(a, b) ^ isunordered(a, a.wzyx);
    v[7] = (int4)(any(a < b), all(a == a), any(isnan(b)), all(m > -1));

    ol[2 * i] = isnan(d) + isinf(d) * 2 + isfinite(d) * 4;
    ol[2 * i + 1] = isless(d, d.yx) + isunordered(d, d.yx) * 2;

    of[2 * i] = select(a, b, m);                         /* MSB of m */
    of[2 * i + 1] = bitselect(a, b, as_float4(m));
    oi[i] = bitselect(m, m.wzyx, (int4)(0x0ff00ff0)) ^
            select(m, (int4)(7), m > (int4)(0));
}
