"""Oracle of sat_const.cl: OpenCL C 3.0 s6.4.3.3, out-of-range values
saturate to the type's least or greatest value and NaN converts to 0;
2147483520 (the largest float below 2^31) and -2^31 are in range, so they
convert exactly. The bits of each int, per work-item (the local size is
1, so the last one takes convert_int_sat_rte)."""

M = 0xFFFFFFFF
VALUES = [2**31 - 1, -2**31, 2**31 - 1, -2**31, 2**31 - 1, 0, 0, 2**32 - 1,
          32767, -128, 2147483520, -2**31, 2**31 - 1]


def expect(args):
    return {0: [v & M for v in VALUES] * 2}
