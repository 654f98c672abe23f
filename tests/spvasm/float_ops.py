"""Oracle for float_ops.spvasm, from the SPIR-V specification's definitions
with exact fractions (ieee.py). OpFRem: a - b * trunc(a / b), exact, its
zero signed like a (C's fmod); OpFMod: a - b * floor(a / b), rounded once to
nearest even, a zero result signed like a (the NaN policy in docs/testing.md:
NaN operands, b zero or a infinite give a NaN, of any bits here). The
comparisons: ordered ones are false and unordered ones true when an operand
is NaN; OpLessOrGreater is ordered."""

import os
import sys
from fractions import Fraction
import math

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402

W = 32


def rem(a, b, floored):
    if ieee.is_nan(a, W) or ieee.is_nan(b, W) or ieee.is_inf(a, W) or \
            (not ieee.is_inf(b, W) and ieee.value(b, W) == 0):
        return "nan"
    if ieee.is_inf(b, W):
        if not floored or ieee.value(a, W) == 0 or ieee.sign(a, W) == ieee.sign(b, W):
            return a
        return "nan"        # not reached: the inputs keep FMod(x, inf) to same signs
    x, y = ieee.value(a, W), ieee.value(b, W)
    q = x / y
    n = math.floor(q) if floored else math.trunc(q)
    r = x - y * n
    if r == 0:
        return ieee.sign(a, W) << 31
    return ieee.round_bits(Fraction(r), W)


def cmp(a, b):
    """None when unordered, else -1, 0, 1"""
    if ieee.is_nan(a, W) or ieee.is_nan(b, W):
        return None
    x = ieee.value(a, W) if not ieee.is_inf(a, W) else (-1 if ieee.sign(a, W) else 1) * 10 ** 400
    y = ieee.value(b, W) if not ieee.is_inf(b, W) else (-1 if ieee.sign(b, W) else 1) * 10 ** 400
    return (x > y) - (x < y)


def expect(args):
    a, b, c, d = args[:4]
    out = []
    for x, y, z, w in zip(a, b, c, d):
        r = cmp(x, y)
        u = r is None
        ab = r == -1
        cd = cmp(z, w) == -1
        out += [rem(x, y, False), rem(x, y, True),
                int(u or r == 0), int(u or r != 0), int(u or r < 0), int(u or r > 0),
                int(u or r <= 0), int(u or r >= 0), int(not u and r != 0),
                int(ab and cd), int(ab or cd), int(not ab), int(ab == cd), int(ab != cd),
                int(cmp(z, w) == 0), 0]
    return {4: out}
