// The caller's workspace (issue 21 point 2; driver.c runs it; workspace.spvasm
// is this file through scripts/cl2spv and spirv-dis):
// wsum has barriers in its own body, a kernel-scope __local array, a
// __local argument and a private array live across the barriers (so its
// work-group needs frames that grow with the local size); scale has none
// of them, and needs no workspace (wsum's __local array is not its own).
__kernel void wsum(__global const int *in, __global int *out, __local int *s)
{
    __local int t[64];
    size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    int p[3] = { in[g], in[g] * 2, in[g] ^ 5 };
    int acc = 0;
    s[l] = in[g];
    t[l % 64] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = 0; k < n; k++)
        acc += s[k];
    barrier(CLK_LOCAL_MEM_FENCE);
    s[l] = acc + t[(l + 1) % 64 % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = s[(l + 1) % n] + p[l % 3];
}

__kernel void scale(__global int *x, int k)
{
    x[get_global_id(0)] *= k;
}
