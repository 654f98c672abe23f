"""Oracle of image_packed.cl, from the OpenCL 1.2 specification: s8.3.1.2
(write_imagef to a normalized type: convert_<T>_sat_rte(f * 2^n - 1) with
the product rounded to float first, NaN to 0; SNORM_INT16 f * 32767,
saturating to -32768 .. 32767), s8.3.2.1 and the packed layouts of
s5.3.1.1 (565: r in bits 15..11, g 10..5, b 4..0; 555: r 14..10, g 9..5,
b 4..0; 101010: r 29..20, g 19..10, b 9..0; the unused top bits are left
0 by spv2c, which the specification does not fix: the images start at
0), HALF_FLOAT by round to nearest even (s8.3.3; a NaN may be any NaN),
FLOAT unchanged; the channel orders of s5.3.1.1 (INTENSITY and
LUMINANCE store one channel, the write's r); write_imagei/ui by
convert_<T>_sat (s8.3.2); read_imagef of a normalized channel c / (2^n -
1) correctly rounded (spv2c's documented choice within s8.3.1.1's 1.5
ulp), HALF_FLOAT exactly, the missing channels 0 and alpha 1 (s8.3,
table of channel orders; an integer 1 for integer types), LUMINANCE (l, l, l, 1) and INTENSITY (i, i, i, i). Exact
integers and Fractions (ieee.py)."""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402

N = 40
ONE = 0x3F800000


def f32_value(b):
    """a finite float's exact value, or None for NaN, +-inf as floats"""
    if ieee.is_nan(b, 32):
        return None
    if ieee.is_inf(b, 32):
        return float("-inf") if b >> 31 else float("inf")
    return ieee.value(b, 32)


def norm(b, scale, lo, hi):
    """convert_<T>_sat_rte(f * scale) for float bits b"""
    v = f32_value(b)
    if v is None:
        return 0
    if v in (float("inf"), float("-inf")):
        return hi if v > 0 else lo
    pb = ieee.round_bits(v * scale, 32)  # the float product (may overflow)
    if ieee.is_inf(pb, 32):
        return lo if pb >> 31 else hi
    p = ieee.value(pb, 32)
    if p >= hi:
        return hi
    if p <= lo:
        return lo
    n = p.numerator // p.denominator
    rem = p - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
        n += 1
    return n


def half(b):
    v = f32_value(b)
    if v is None:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return 0xFC00 if v < 0 else 0x7C00
    if v == 0:
        return 0x8000 if b >> 31 else 0
    return ieee.round_bits(v, 16)


def texels(args):
    """the float4 each work-item writes (bits, 4 a texel)"""
    e, r = args[0], args[1]
    return [(r if i & 1 else e)[4 * i:4 * i + 4] for i in range(N)]


def sat_u(v, hi):
    return min(v, hi)


def sat_s(v, lo, hi):
    s = v - (1 << 32) if v >> 31 else v
    return min(max(s, lo), hi) & ((1 << 32) - 1)


def writes(args):
    t = texels(args)
    u = [args[2][4 * i:4 * i + 4] for i in range(N)]
    w = {3: [], 4: [], 5: [], 6: [], 7: [], 8: [], 9: [], 10: [], 11: [], 12: [], 13: [], 14: []}
    for i in range(N):
        c = t[i]
        n31 = [norm(x, 31, 0, 31) for x in c[:3]]
        g63 = norm(c[1], 63, 0, 63)
        w[3].append(n31[0] << 11 | g63 << 5 | n31[2])
        w[4].append(n31[0] << 10 | n31[1] << 5 | n31[2])
        n10 = [norm(x, 1023, 0, 1023) for x in c[:3]]
        w[5].append(n10[0] << 20 | n10[1] << 10 | n10[2])
        w[6].append(norm(c[0], 255, 0, 255))
        w[7].append(c[0])
        w[8].append(norm(c[0], 65535, 0, 65535))
        w[9] += [norm(c[0], 255, 0, 255), norm(c[1], 255, 0, 255)]
        w[10] += [norm(c[0], 32767, -32768, 32767) & 0xFFFF,
                  norm(c[3], 32767, -32768, 32767) & 0xFFFF]
        w[11].append(half(c[3]))
        w[12].append(half(c[0]))
        w[13] += [sat_u(u[i][0], 255), sat_u(u[i][1], 255)]
        w[14] += [sat_s(u[i][0], -32768, 32767) & 0xFFFF, sat_s(u[i][3], -32768, 32767) & 0xFFFF]
    return w


def half_to_float(h):
    """half bits to float bits: exact (a NaN: any NaN)"""
    if ieee.is_nan(h, 16):
        return "nan"
    if ieee.is_inf(h, 16):
        return 0xFF800000 if h >> 15 else 0x7F800000
    return ieee.round_bits(ieee.value(h, 16), 32, neg_zero=bool(h >> 15))


def unorm(c, d):
    return ieee.round_bits(Fraction(c, d), 32)


def reads(args):
    o = {21: [], 22: [], 23: [], 24: [], 25: [], 26: [], 29: [], 30: []}
    for i in range(N):
        v = args[15][i]
        o[21] += [unorm(v >> 11 & 31, 31), unorm(v >> 5 & 63, 63), unorm(v & 31, 31), ONE]
        v = args[16][i]
        o[22] += [unorm(v >> 20 & 1023, 1023), unorm(v >> 10 & 1023, 1023),
                  unorm(v & 1023, 1023), ONE]
        o[23] += [args[17][2 * i], args[17][2 * i + 1], 0, 1]
        l = args[18][i]
        o[24] += [l, l, l, ONE]
        o[25] += [args[19][i]] * 4
        ra = [x - 256 if x & 0x80 else x for x in args[20][2 * i:2 * i + 2]]
        o[26] += [ra[0], 0, 0, ra[1]]
        o[29] += [args[27][i], 0, 0, 1]
        o[30] += [0, 0, 0, half_to_float(args[28][i])]
    return o


def expect(args):
    w = writes(args)
    w.update(reads(args))
    return w
