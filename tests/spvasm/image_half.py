"""Oracle of image_half.cl, from the OpenCL 1.2 specification and
cl_khr_fp16: write_imageh's value is the half's exact value (s8.3.3: to
HALF_FLOAT no conversion, to FLOAT exact; to UNORM_INT8
convert_uchar_sat_rte(f * 255.0f), s8.3.1.2, the product exact in
float); read_imageh of a HALF_FLOAT texel its bits, of a FLOAT texel the
value rounded to nearest even (overflow to infinity). spv2c's documented
NaN choice (runtime/half.h): a NaN keeps its sign and top payload bits
and is made quiet (0x200 set). Nearest CLAMP_TO_EDGE with unnormalized
coordinates: texel clamp(floor(u), 0, w - 1) (s8.2, exact). Linear:
s8.2's weighted sum of the four texels, computed exactly (Fractions): the
inputs make it a multiple of 1/512 below 8, a half. Exact integers and
Fractions (ieee.py)."""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402

N, W, H = 40, 8, 5


def quiet_h(h):
    return h | 0x200 if ieee.is_nan(h, 16) else h


def h_to_f(h):
    if ieee.is_nan(h, 16):
        return (h & 0x8000) << 16 | 0x7FC00000 | (h & 0x3FF) << 13
    if ieee.is_inf(h, 16):
        return (h & 0x8000) << 16 | 0x7F800000
    return ieee.round_bits(ieee.value(h, 16), 32, neg_zero=bool(h >> 15))


def f_to_h(b):
    if ieee.is_nan(b, 32):
        p = b >> 13 & 0x3FF
        return (b >> 16 & 0x8000) | 0x7C00 | p | 0x200
    if ieee.is_inf(b, 32):
        return (b >> 16 & 0x8000) | 0x7C00
    return ieee.round_bits(ieee.value(b, 32), 16, neg_zero=bool(b >> 31))


def unorm8(h):
    if ieee.is_nan(h, 16):
        return 0
    if ieee.is_inf(h, 16):
        return 0 if h >> 15 else 255
    v = ieee.value(h, 16) * 255
    if v >= 255:
        return 255
    if v <= 0:
        return 0
    n = v.numerator // v.denominator
    rem = v - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
        n += 1
    return n


def clampi(i, n):
    return min(max(i, 0), n - 1)


def floor8(k):
    """floor(k / 8) for an integer k"""
    return k // 8


def linear(img, x8, y8):
    """s8.2's linear filter at (x8 / 8, y8 / 8), CLAMP_TO_EDGE, exact"""
    u, v = Fraction(x8, 8) - Fraction(1, 2), Fraction(y8, 8) - Fraction(1, 2)
    i0, j0 = u.numerator // u.denominator, v.numerator // v.denominator
    a, b = u - i0, v - j0
    out = [Fraction(0)] * 4
    for (i, j, w) in ((i0, j0, (1 - a) * (1 - b)), (i0 + 1, j0, a * (1 - b)),
                      (i0, j0 + 1, (1 - a) * b), (i0 + 1, j0 + 1, a * b)):
        t = clampi(j, H) * W + clampi(i, W)
        for k in range(4):
            out[k] += w * ieee.value(img[4 * t + k], 16)
    return [ieee.round_bits(x, 16) for x in out]


def expect(args):
    hv, rh, rf, rl, co = args[0], args[4], args[5], args[6], args[7]
    w = {1: [quiet_h(x) for x in hv], 2: [h_to_f(x) for x in hv], 3: [unorm8(x) for x in hv],
         8: [quiet_h(x) for x in rh], 9: [f_to_h(x) for x in rf], 10: [], 11: [], 12: []}
    for i in range(N):
        x8, y8 = co[2 * i], co[2 * i + 1]
        x8 -= 1 << 32 if x8 >> 31 else 0
        y8 -= 1 << 32 if y8 >> 31 else 0
        t = clampi(floor8(y8), H) * W + clampi(floor8(x8), W)
        w[10] += [quiet_h(x) for x in rh[4 * t:4 * t + 4]]
        w[11] += linear(rl, x8, y8)
        t = clampi(y8 >> 4, H) * W + clampi(x8 >> 3, W)
        w[12] += rl[4 * t:4 * t + 4]
    return w
