// Two more ways llvm-spirv-15 loses a conversion's SaturatedConversion and
// FPRoundingMode decorations at -O2, leaving them on an id that nothing
// defines ("forward referenced IDs have not been defined"): x's
// convert_int_sat_rtp feeds the loop's phi from the back edge, which no
// block layout avoids; and clang keeps the inner loop's convert_float_rtp
// with its result unused (the value after the loops is recomputed), which
// llvm-spirv drops but whose decorations it writes (gen seeds 1831, 1953).
// spv2c's driver copies the first for the phi and deletes the second
// (src/cl/convert.c). Edge inputs: NaN, infinities, values past INT_MAX, so
// saturation and rounding both show.
//! kernel: conv_forward
//! global: 64
//! local: 16
//! arg: in float 64 edge
//! arg: out int 64
//! arg: out uint 64
//! arg: val int 4
kernel void conv_forward(global const float *f, global int *out, global uint *out2, int T)
{
    uint lid = get_local_id(0), g = get_global_id(0);
    int x = 0;
    float v = convert_float(2147483647);

    for (int i = 0; i < T; i++)
        x = convert_int_sat_rtp(f[(g + i) & 63] * 1.5f + (float)x);
    for (int i = 0; i < T - 1; i++)
        for (int j = 0; j < (int)(lid % 5u) + (T >= 0); j++)
            v = convert_float_rtp(i * 16777217 + (int)g);
    out[g] = x;
    out2[g] = as_uint(v);
}
