// Saturating conversions of constant floats out of the integer type's
// range, in every rounding mode (OpenCL C 3.0 s6.4.3.3: such values
// saturate to the type's least or greatest value, NaN converts to 0), and
// the shape of the gen campaign's seed 5978: a select between a constant
// and convert_int_sat_rte(0x1.c363ccp+127f) on the local size. Checked
// against exact values (sat_const.py), not PoCL: PoCL 3.1 crashes on
// these constants (SIGSEGV, at -O2 and -cl-opt-disable alike) or, in
// seed 5978's select at -cl-opt-disable, gives a wrong value (2 for o[12]
// below; 0x2411d5eb in the seed). Oclgrind 21.10 gives these values.
//! kernel: sat_const
//! global: 2
//! local: 1
//! arg: out uint 26
kernel void sat_const(global int *o)
{
    uint lsz = (uint)get_local_size(0);
    int g = (int)get_global_id(0) * 13;
    o[g + 0] = convert_int_sat_rte(0x1.c363ccp+127f);
    o[g + 1] = convert_int_sat_rte(-0x1.c363ccp+127f);
    o[g + 2] = convert_int_sat_rtz(3.0e9f);
    o[g + 3] = convert_int_sat_rtn(-3.0e9f);
    o[g + 4] = convert_int_sat_rtp(INFINITY);
    o[g + 5] = convert_int_sat_rte(NAN);
    o[g + 6] = (int)convert_uint_sat_rte(-1.5e10f);
    o[g + 7] = (int)convert_uint_sat_rtp(5.0e9f);
    o[g + 8] = convert_short_sat_rte(1.0e6f);
    o[g + 9] = convert_char_sat_rtn(-1.0e3f);
    o[g + 10] = convert_int_sat_rte(2147483520.0f);
    o[g + 11] = convert_int_sat_rte(-2147483648.0f);
    o[g + 12] = (1u < lsz) ? 2 : convert_int_sat_rte(0x1.c363ccp+127f);
}
