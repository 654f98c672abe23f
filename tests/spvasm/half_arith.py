"""Oracle of half_arith.cl: IEEE 754 binary16 arithmetic, each operation
correctly rounded to nearest even (exact, in integers), comparisons
of the exact values (unordered ones true on NaN), -a * 0.5h + 1.25f as
clang contracts it (mad: fused, one rounding; docs/testing.md "mad"),
float -> integer conversions in their rounding modes with saturation
(NaN -> 0), and half -> float (exact; a NaN quiet with its payload)."""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402

BS = 13


def decode(a):
    """finite half bits -> (sign, m, e): the value is (-1)^sign * m * 2^e"""
    ex, mant = a >> 10 & 31, a & 0x3ff
    return a >> 15, (1024 + mant if ex else mant), (ex - 25 if ex else -24)


def round_int(sign, m, e, sticky=False):
    """(m + a sticky fraction) * 2^e, m > 0, to the nearest half (ties to
    even), in integers (ieee.round_bits with Fractions is 100 times slower)"""
    q = max(e + m.bit_length() - 11, -24)
    if q <= e:
        keep = m << (e - q)
    else:
        sh = q - e
        keep, rem, hf = m >> sh, m & ((1 << sh) - 1), 1 << (sh - 1)
        if rem > hf or (rem == hf and (sticky or keep & 1)):
            keep += 1
        if keep == 2048:
            keep, q = 1024, q + 1
    s = sign << 15
    if keep >= 1024:
        return s | 0x7c00 if q + 25 >= 31 else s | (q + 25) << 10 | (keep - 1024)
    return s | keep


def exact(op, a, b):
    """a op b for finite a, b (b != 0 for /), rounded once; None for an
    exact zero"""
    sa, ma, ea = decode(a)
    sb, mb, eb = decode(b)
    if op in "+-":
        if op == "-":
            sb ^= 1
        e = min(ea, eb)
        t = (-1) ** sa * (ma << (ea - e)) + (-1) ** sb * (mb << (eb - e))
        return None if t == 0 else round_int(int(t < 0), abs(t), e)
    if op == "*":
        return None if ma * mb == 0 else round_int(sa ^ sb, ma * mb, ea + eb)
    if ma == 0:
        return None
    q, r = divmod(ma << 40, mb)
    return round_int(sa ^ sb, q, ea - eb - 40, r != 0)


def special(a):
    """None when finite, else NaN or +-inf as a float"""
    if a & 0x7c00 != 0x7c00:
        return None
    if a & 0x3ff:
        return math.nan
    return -math.inf if a >> 15 else math.inf


def as_float(a):
    """a half as a Python float (exact: m * 2^e with 11-bit m)"""
    sp = special(a)
    if sp is not None:
        return sp
    s, m, e = decode(a)
    return math.copysign(math.ldexp(m, e), -1.0 if s else 1.0)


def arith(op, a, b):
    if special(a) is not None or special(b) is not None or (op == "/" and not b & 0x7fff):
        x, y = as_float(a), as_float(b)
        r = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
             "/": lambda: x / y if y != 0 else (math.nan if x == 0 or x != x
                                                else math.copysign(math.inf, x) * math.copysign(1, y))}[op]()
        if r != r:
            return "nan"
        return (0x8000 if math.copysign(1, r) < 0 else 0) | (0x7c00 if r else 0)
    v = exact(op, a, b)
    if v is None:
        # the sign of an exact zero: IEEE 754 s6.3
        sx, sy = a >> 15, b >> 15
        if op == "+":
            return 0x8000 if sx and sy else 0
        if op == "-":
            return 0x8000 if sx and not sy else 0
        return 0x8000 if sx != sy else 0
    return v


def compare(a, b):
    x, y = as_float(a), as_float(b)
    lt, gt, eq = x < y, x > y, x == y
    un = x != x or y != y
    bits = [eq, not eq, lt, gt, x <= y, x >= y,
            not lt, not gt, not x <= y, not x >= y, un, lt or gt, eq, not eq]
    return sum(int(t) << k for k, t in enumerate(bits))


def fma_bits(a, b, c):
    if special(a) is not None or special(b) is not None or special(c) is not None:
        r = as_float(a) * as_float(b) + as_float(c)
        return "nan" if r != r else (0xfc00 if r < 0 else 0x7c00)
    sa, ma, ea = decode(a)
    sb, mb, eb = decode(b)
    sc, mc, ec = decode(c)
    e = min(ea + eb, ec)                      # the product exact, then one sum
    t = (-1) ** (sa ^ sb) * (ma * mb << (ea + eb - e)) + (-1) ** sc * (mc << (ec - e))
    if t == 0:
        return 0x8000 if sa ^ sb and sc and (ma * mb == 0) else 0
    return round_int(int(t < 0), abs(t), e)


def to_int(a, mode, lo, hi):
    """in integers: m * 2^e rounded to an integer by mode, saturated"""
    if ieee.is_nan(a, 16):
        return 0
    if ieee.is_inf(a, 16):
        return lo if a >> 15 else hi
    s, m, e = decode(a)
    v = -m if s else m                        # v * 2^e
    if e >= 0:
        n = v << e
    else:
        n, r = v >> -e, v & ((1 << -e) - 1)   # floor, and what it dropped
        hf = 1 << (-e - 1)
        if r and (mode == "rtp" or (mode == "rte" and (r > hf or (r == hf and n & 1)))):
            n += 1
    return max(lo, min(hi, n))


def f32_bits(a):
    """half -> float bits, in integers: rebias the exponent, widen the
    significand (a NaN stays quiet with its payload)"""
    s = (a >> 15) << 31
    if ieee.is_nan(a, 16):
        return s | 0x7fc00000 | (a & 0x3ff) << 13
    if ieee.is_inf(a, 16):
        return s | 0x7f800000
    _, m, e = decode(a)
    if m == 0:
        return s
    k = m.bit_length() - 1                    # the value is 2^(e + k) * 1.f
    return s | (e + k + 127) << 23 | ((m << (23 - k)) & 0x7fffff)


def expect(args):
    bs = args[0]
    o, cmp, cv = [], [], []
    c125, neg_half = 0x3d00, 0xb800          # 1.25, -0.5 (-a * 0.5 = a * -0.5)
    for i in range(65536):
        a = i
        bits = 0
        row = []
        for j in range(2):
            b = bs[(i + j * 7) % BS]
            row += [arith(op, a, b) for op in "+-*/"]
            bits |= compare(a, b) << (16 * j)
        row.append(fma_bits(a, neg_half, c125))
        o += row
        cmp.append(bits)
        cv += [to_int(a, "rtp", -2**31, 2**31 - 1),
               (to_int(a, "rtn", 0, 65535) + to_int(a, "rte", -128, 127) * 65536) & 0xffffffff,
               f32_bits(a)]
    return {1: o, 2: cmp, 3: cv}
