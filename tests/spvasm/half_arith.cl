// cl_khr_fp16 arithmetic, comparisons, conversions and literals as
// clang-15 + llvm-spirv-15 emit them (OpFAdd ... OpFDiv, OpFNegate on half
// and half4, OpDot, every ordered and unordered comparison, OpFConvert,
// OpConvertFToS/FToU/SToF/UToF with rounding modes and saturation, half
// constants), checked against exact values (half_arith.py): each
// operation correctly rounded to half, as a binary16 device computes it.
// PoCL 3.1 has no cl_khr_fp16, so there is no PoCL run. The inputs: every
// half as a (global 65536: a is the work-item's id as half bits) against
// the b of the list (specials, ties, tiny and huge values).
//! kernel: half_arith
//! global: 65536
//! arg: in ushort 13 list 0x0000 0x8000 0x3c00 0xbc01 0x0001 0x83ff 0x7bff 0x7c00 0xfc00 0x7e00 0x3555 0x4b00 0x1400
//! arg: out ushort 589824
//! arg: out uint 65536
//! arg: out int 196608
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// a op b for the four operations at p; the 14 comparisons as bits
static uint pair(half a, half b, global ushort *p)
{
    p[0] = as_ushort(a + b);
    p[1] = as_ushort(a - b);
    p[2] = as_ushort(a * b);
    p[3] = as_ushort(a / b);
    return (uint)(a == b) | (uint)(a != b) << 1 | (uint)(a < b) << 2 | (uint)(a > b) << 3
           | (uint)(a <= b) << 4 | (uint)(a >= b) << 5 | (uint)!(a < b) << 6
           | (uint)!(a > b) << 7 | (uint)!(a <= b) << 8 | (uint)!(a >= b) << 9
           | (uint)isunordered(a, b) << 10 | (uint)islessgreater(a, b) << 11
           | (uint)isequal(a, b) << 12 | (uint)isnotequal(a, b) << 13;
}

kernel void half_arith(global const ushort *bs, global ushort *o, global uint *cmp,
                       global int *cv)
{
    uint i = (uint)get_global_id(0);
    half a = as_half((ushort)i);
    global ushort *p = o + (size_t)i * 9;
    cmp[i] = pair(a, as_half(bs[i % 13u]), p)
             | pair(a, as_half(bs[(i + 7u) % 13u]), p + 4) << 16;
    p[8] = as_ushort(-a * 0.5h + (half)1.25f);
    cv[(size_t)i * 3] = convert_int_sat_rtp(a);
    cv[(size_t)i * 3 + 1] = (int)convert_ushort_sat_rtn(a) + (int)convert_char_sat_rte(a) * 65536;
    cv[(size_t)i * 3 + 2] = as_int((float)a);
}
