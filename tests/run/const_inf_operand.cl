// A constant operand spelled like a C name: spv2c writes +infinity as
// `INFINITY` (math.h's macro), and the templates that store a value
// through memcpy (OpStore, vstore_half, vstoren, the bitcast) took its
// address when its spelling looked like a variable's: `&INFINITY`, C that
// does not compile, for a kernel as plain as `out[i] = INFINITY;`. Found
// by probing what the gen campaign's kernels never made (the generator
// had no infinite constant; it has now). The templates now ask the core
// whether an operand is an object (ins[k].obj: a value in a C variable,
// never a constant, an undef or a folded value) instead of reading its
// spelling. Stores of +infinity to global, local and private memory,
// vstore_half in every rounding mode, vstore_halfn and vstoren with an
// infinite lane, the double too.
//! kernel: const_inf_operand
//! global: 8
//! local: 4
//! arg: out float 18
//! arg: out ushort 48
//! arg: out uint 8
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void const_inf_operand(global float *out, global ushort *h, global uint *u)
{
    local float l[4];
    float p[2];
    size_t i = get_global_id(0), lid = get_local_id(0);
    global half *hp = (global half *)h;
    volatile double d = INFINITY;

    out[i] = INFINITY;
    l[lid] = INFINITY;
    p[i & 1] = INFINITY;
    p[(i + 1) & 1] = -INFINITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[8 + i] = (i & 1) ? l[3 - lid] : p[(i >> 1) & 1];
    vstore_half(INFINITY, 6 * i, hp);
    vstore_half_rte(INFINITY, 6 * i + 1, hp);
    vstore_half_rtz(INFINITY, 6 * i + 2, hp);
    vstore_half_rtp(INFINITY, 6 * i + 3, hp);
    vstore_half_rtn(INFINITY, 6 * i + 4, hp);
    vstore_half(-INFINITY, 6 * i + 5, hp);
    if (i == 0)
        vstore2((float2)(INFINITY, 1.0f), 8, out);
    u[i] = as_uint((float)d) ^ (uint)i;
}
