"""Oracle for neg_const.spvasm: IEEE multiplication rounded to nearest even
(exact products rounded with ieee.py); x * -inf is -inf or +inf by the
sign of x, and NaN for x = 0 (any NaN bits: the NaN policy in
docs/testing.md); x * -0 is a zero of the opposite sign of x."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402


def fmul(x, y, w):
    s = ieee.sign(x, w) ^ ieee.sign(y, w)
    if ieee.is_inf(x, w) or ieee.is_inf(y, w):
        other = y if ieee.is_inf(x, w) else x
        if ieee.value(other, w) == 0:
            return "nan"
        return s << (w - 1) | (0x7f800000 if w == 32 else 0x7ff0000000000000)
    return ieee.round_bits(ieee.value(x, w) * ieee.value(y, w), w, neg_zero=bool(s))


F = [0x3f800000, 0xc0000000, 0xff800000, 0x80000000]   # 1, -2, -inf, -0
D = [0xfff0000000000000, 0xbff8000000000000]           # -inf, -1.5


def expect(args):
    a, b = args[:2]
    o, p = [], []
    for x, y in zip(a, b):
        o += [fmul(x, c, 32) for c in F] + [fmul(x, F[2], 32)]
        p += [fmul(y, c, 64) for c in D] + [fmul(y, D[0], 64)]
    return {2: o, 3: p}
