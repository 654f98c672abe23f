// Structs passed by value: to the kernel (with a nested struct and padding),
// to and from non-inlined helper functions, struct assignment and member
// access through pointers.
//! kernel: struct_byval
//! global: 64
//! arg: valbytes 0000e03ff9ffffff00000000000000000000003f0000a0bf000040400000c842fd00d204000000000000000000000000
//! arg: in float4 64 randf -10 10
//! arg: valbytes 0b000000eaffffff35fb048ee0feffffc800000000000000
//! arg: out float4 192
//! arg: out long 192
#pragma OPENCL FP_CONTRACT OFF

typedef struct {
    char c;
    short s;
} Inner;

typedef struct {
    float scale;        /* 0 */
    int n;              /* 4 */
    float4 offset;      /* 16 */
    Inner inner;        /* 32: c at 32, s at 34; size 48 */
} Params;

typedef struct {
    int2 a;             /* 0 */
    long b;             /* 8 */
    uchar c;            /* 16; size 24 */
} Pair;

__attribute__((noinline)) float4 apply(Params p, float4 v)
{
    return v * p.scale + p.offset + (float)(p.n + p.inner.c);
}

__attribute__((noinline)) Pair bump(Pair q, int k)
{
    Pair r = q;
    r.a += (int2)(k, -k);
    r.b = q.b * 3 + k;
    r.c = (uchar)(q.c + k);
    return r;
}

__attribute__((noinline)) void set_inner(Inner *in, int k)
{
    in->c = (char)(in->c * k);
    in->s = (short)(in->s - k);
}

kernel void struct_byval(Params p, global const float4 *in, Pair q,
                         global float4 *out, global long *ol)
{
    int i = get_global_id(0);
    float4 v = in[i];
    Params p2 = p;
    set_inner(&p2.inner, i);
    p2.scale = -p.scale;

    out[3 * i] = apply(p, v);
    out[3 * i + 1] = apply(p2, v);
    out[3 * i + 2] = (float4)(p2.inner.c, p2.inner.s, sizeof(Params), sizeof(Pair));

    Pair r = bump(q, i);
    Pair t = bump(r, p.n);
    ol[3 * i] = r.b + t.a.x;
    ol[3 * i + 1] = (long)t.a.y * t.c;
    ol[3 * i + 2] = t.b ^ (long)r.c;
}
