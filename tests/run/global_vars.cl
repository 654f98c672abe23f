// OpenCL C 2.0 program-scope __global variables: initialised scalars,
// vectors, arrays and structs, a pointer initialised with the address of
// another global, a function-scope static global; each work-item writes
// only its own slots and reads them back.
//! kernel: global_vars
//! std: CL2.0
//! global: 64
//! arg: in int 64 rand
//! arg: out int 512
//! arg: out float4 64
#pragma OPENCL FP_CONTRACT OFF

typedef struct { int a; float b; } Pair;

global int slots[64];
global float gain = 2.5f;
global int4 base = (int4)(1, -2, 3, -4);
global Pair pairs[2] = {{10, 0.5f}, {-20, 4.0f}};
global int table[8] = {1, 1, 2, 3, 5, 8, 13, 21};
global int *tp = &table[2];
global uint visits[64];

__attribute__((noinline)) int bump(int k)
{
    static global int local_slots[64];
    local_slots[k] = k * 3;
    return local_slots[k] + 1;
}

kernel void global_vars(global const int *in, global int *out,
                        global float4 *of)
{
    int i = get_global_id(0);
    int x = in[i];
    global int *r = out + 8 * i;

    slots[i] = x ^ 0x5a5a;
    visits[i] = visits[i] + 1u;            /* zero-initialised */
    r[0] = slots[i];
    r[1] = (int)visits[i];
    r[2] = tp[i & 3] + table[i & 7];
    r[3] = pairs[i & 1].a + (int)(pairs[i & 1].b * 4.0f);
    r[4] = bump(i);
    r[5] = base.y * i + base.w;
    r[6] = (int)(gain * 10.0f);
    r[7] = (int)(&slots[i] - &slots[0]);
    of[i] = convert_float4(base) * gain + (float)(x & 15);
}
