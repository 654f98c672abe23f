// The NaN bits spv2c produces (docs/testing.md, "NaN policy"), checked
// exactly by nan_rules.py on NaNs of every kind (quiet, signalling, either
// sign, payloads high and low) next to infinities and ordinary values:
//   float -> half (vstore_half, all four roundings; convert from double
//   too): sign kept, quiet bit set, the top 9 payload bits kept
//   float <-> double: sign kept, quiet bit set, payload kept (top bits)
//   arithmetic with one NaN operand: that NaN, quieted
//   an invalid operation on non-NaN operands (inf * 0, inf - inf): a NaN
//   (the host FPU's default NaN: its bits are the platform's)
//   sqrt of a NaN: that NaN quieted; fmin/fmax: the other operand (NaN as
//   the second operand here; math_exact.cl has it first)
//   math built-ins computed in software (fmod, remainder, ...): a NaN from
//   non-NaN operands is the canonical 0x7fc00000; a NaN operand propagates
//   (the exp/log/pow/trig/special families: that operand quieted, made from
//   its bits, so on every CPU; arguments 5 and 6)
//! kernel: nan_rules
//! global: 16
//! arg: in uint 16 list 0x7fc00000 0xffc00000 0x7f800001 0xff800001 0x7fa00000 0x7f912345 0xff912345 0x7fffffff 0xffffffff 0x7fc01fff 0x7f802000 0x7f800000 0xff800000 0x3f800000 0x00000001 0xc0490fdb
//! arg: in ulong 16 list 0x7ff8000000000000 0xfff8000000000000 0x7ff0000000000001 0xfff0000000000001 0x7ff4000000000000 0x7ff123456789abcd 0xfff123456789abcd 0x7fffffffffffffff 0xffffffffffffffff 0x7ff8000000100000 0x7ff0040000000000 0x7ff0000000000000 0xfff0000000000000 0x3ff0000000000000 0x0000000000000001 0xc00921fb54442d18
//! arg: out ushort 96
//! arg: out uint 128
//! arg: out ulong 16
//! arg: out uint 192
//! arg: out ulong 64
//! host-nan: 3[1,2,3,6,7/8] x + 1, inf * 0, sqrt, and fmod/remainder of a NaN: the CPU's own NaN (tests/cross: default NaN's sign, RISC-V's canonical NaN)

kernel void nan_rules(global const uint *fin, global const ulong *din,
                      global ushort *h, global uint *f, global ulong *d,
                      global uint *mf, global ulong *md)
{
    int i = get_global_id(0);
    float x = as_float(fin[i]);
    double y = as_double(din[i]);
    global half *hp = (global half *)h;

    vstore_half(x, 6 * i, hp);
    vstore_half_rtz(x, 6 * i + 1, hp);
    vstore_half_rtp(x, 6 * i + 2, hp);
    vstore_half_rtn(x, 6 * i + 3, hp);
    vstore_half(y, 6 * i + 4, hp);
    vstore_half_rtz(y, 6 * i + 5, hp);

    f[8 * i] = as_uint((float)y);
    f[8 * i + 1] = as_uint(x + 1.0f);
    f[8 * i + 2] = as_uint(x * 0.0f + (float)(i - 3));
    f[8 * i + 3] = as_uint(sqrt(x));
    f[8 * i + 4] = as_uint(fmin(2.0f, x));
    f[8 * i + 5] = as_uint(fmax(-2.0f, x));
    f[8 * i + 6] = as_uint(fmod(x, 0.0f));
    f[8 * i + 7] = as_uint(remainder(x, 0.0f));
    d[i] = as_ulong((double)x);

    /* math built-ins of a NaN operand: that NaN quieted, from its bits, the
       same on every CPU (the first NaN operand of two); 0 for the others */
    int xn = isnan(x), yn = isnan(y);
    int sg;
    mf[12 * i] = xn ? as_uint(sin(x)) : 0u;
    mf[12 * i + 1] = xn ? as_uint(exp(x)) : 0u;
    mf[12 * i + 2] = xn ? as_uint(erf(x)) : 0u;
    mf[12 * i + 3] = xn ? as_uint(pow(x, 2.0f)) : 0u;
    mf[12 * i + 4] = xn ? as_uint(pow(2.0f, x)) : 0u;
    mf[12 * i + 5] = xn ? as_uint(atan2(1.0f, x)) : 0u;
    mf[12 * i + 6] = xn ? as_uint(hypot(x, 1.0f)) : 0u;
    mf[12 * i + 7] = xn ? as_uint(pown(x, 3)) : 0u;
    mf[12 * i + 8] = xn ? as_uint(tanpi(x)) : 0u;
    mf[12 * i + 9] = xn ? as_uint(lgamma_r(x, &sg)) : 0u;
    mf[12 * i + 10] = xn ? as_uint(native_exp(x)) : 0u;
    mf[12 * i + 11] = xn ? as_uint(half_log(x)) : 0u;
    md[4 * i] = yn ? as_ulong(sin(y)) : 0ul;
    md[4 * i + 1] = yn ? as_ulong(exp(y)) : 0ul;
    md[4 * i + 2] = yn ? as_ulong(pow(y, 2.0)) : 0ul;
    md[4 * i + 3] = yn ? as_ulong(atan2(1.0, y)) : 0ul;
}
