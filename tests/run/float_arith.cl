// Basic float arithmetic, bit exact: + - * / and negation on special and
// random values (denormals, infinities, NaN, signed zeros), with contraction
// off; int <-> float casts; float comparisons feeding arithmetic.
//! kernel: float_arith
//! global: 512
//! arg: in float 512 edge
//! arg: in float 512 rand
//! arg: in float 512 randf -4 4
//! arg: out float 5120
#pragma OPENCL FP_CONTRACT OFF

kernel void float_arith(global const float *fa, global const float *fb,
                        global const float *fc, global float *of)
{
    int i = get_global_id(0);
    float a = fa[i], b = fb[i], c = fc[i];
    global float *r = of + 10 * i;

    r[0] = a + b;
    r[1] = a - c;
    r[2] = a * c;
    r[3] = a / c;
    r[4] = b / a;
    r[5] = -a;
    r[6] = (a * c) + b;               /* separately rounded: no contraction */
    r[7] = c * c * c - 1.0f / 3.0f;
    r[8] = (float)(int)c + (float)(uint)(c * c) * 0.5f;
    r[9] = b * 0x1p-140f + 0x1p-149f; /* denormal results */
}
