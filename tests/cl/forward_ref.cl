// clang -O2 lays the loop's exit block out before the loop, and the exit
// uses the last trip's convert_ulong_sat_rtn, which the loop defines:
// llvm-spirv-15 then gives the conversion the forward reference's id and its
// SaturatedConversion and FPRoundingMode decorations a new id that nothing
// defines (gen seeds 3286, 3285, 7789 and 11 more; the module is invalid,
// "ID has not been defined"). spv2c's driver lays such a function's blocks
// out in reverse post-order first (src/cl/order.c). The float inputs have
// NaN, infinities and values past ULONG_MAX, so both the saturation and the
// rounding modes show.
//! kernel: fwd
//! global: 64
//! local: 16
//! arg: in float 64 edge
//! arg: in int 64 rand
//! arg: out ulong 64
//! arg: local 64
//! arg: val int 3
kernel void fwd(global const float *gf, global const int *gi, global ulong *out,
                local int *lk, int T)
{
    uint lid = get_local_id(0);
    ulong v = (ulong)gi[get_global_id(0)];
    lk[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < T - 1; i++) {
        v = (ulong)i & convert_ulong_sat_rtn(gf[(get_global_id(0) + 31) & 63]);
        barrier(CLK_LOCAL_MEM_FENCE);
        lk[lid] += i;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    v = min(v, convert_ulong_sat_rtp(gf[get_global_id(0)]));
    out[get_global_id(0)] = v + (ulong)lk[(lid + 1) % get_local_size(0)];
}
