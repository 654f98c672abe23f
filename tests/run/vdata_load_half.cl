// vload_half, vload_halfn and vloada_halfn (n = 2,3,4,8,16) from global,
// constant, local and private memory; the unaligned forms at addresses that
// are element-aligned but not vector-aligned (p + 1 half), the aligned
// forms at vector-aligned ones (vloada_half3 reads p + offset * 4). Every
// half bit pattern, NaNs and subnormals included.
//! kernel: vdata_load_half
//! global: 64
//! arg: in half 3200 randbits
//! arg: in half 3200 randbits
//! arg: out float 17408
//! arg: local 6144

#define PER 68     /* floats a work-item writes for one address space */
#define STRIDE 48  /* halves a work-item reads: 96 bytes, a multiple of 32 */

#define LOADS(P, PA, O)                                                        \
    O[0] = vload_half(0, P); O[1] = vload_half(5, P);                          \
    vstore2(vload_half2(1, P), 0, O + 2);                                      \
    vstore3(vload_half3(1, P), 0, O + 4);                                      \
    vstore4(vload_half4(1, P), 0, O + 7);                                      \
    vstore8(vload_half8(1, P), 0, O + 11);                                     \
    vstore16(vload_half16(1, P), 0, O + 19);                                   \
    vstore2(vloada_half2(1, PA), 0, O + 35);                                   \
    vstore3(vloada_half3(1, PA), 0, O + 37);                                   \
    vstore4(vloada_half4(1, PA), 0, O + 40);                                   \
    vstore8(vloada_half8(1, PA), 0, O + 44);                                   \
    vstore16(vloada_half16(1, PA), 0, O + 52);

kernel void vdata_load_half(global const half *in, constant half *cin, global float *out,
                              local ushort *lbuf)
{
    ushort priv[STRIDE] __attribute__((aligned(32)));
    uint i = get_global_id(0), l = get_local_id(0), k;
    global const ushort *src = (global const ushort *)in + i * STRIDE;

    global const half *g = in + i * STRIDE;
    LOADS(g + 1, g, (out + i * PER))

    constant half *c = cin + i * STRIDE;
    LOADS(c + 1, c, (out + (64 + i) * PER))

    for (k = 0; k < STRIDE; k++) {
        priv[k] = src[k];
        lbuf[l * STRIDE + k] = src[k];
    }
    half *p = (half *)priv;
    LOADS(p + 1, p, (out + (128 + i) * PER))

    local half *lp = (local half *)(lbuf + l * STRIDE);
    LOADS(lp + 1, lp, (out + (192 + i) * PER))
}
