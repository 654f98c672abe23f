"""Oracle for nan_rules.cl: the NaN policy of docs/testing.md, from the
bits (no floating-point arithmetic for the NaN cases; ieee.py rounds the
ordinary ones)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402
from ieee import is_nan, is_inf, value, round_bits  # noqa: E402

MODES = ("rte", "rtz", "rtp", "rtn")


def to_half(b, w, mode):
    """float (w = 32) or double (64) bits -> half bits by mode"""
    m, _, _ = ieee.parts(w)
    s = ieee.sign(b, w) << 15
    if is_nan(b, w):
        # quiet, sign kept, the top 9 payload bits below the quiet bit kept
        return s | 0x7e00 | ((b >> (m - 10)) & 0x1ff)
    if is_inf(b, w):
        return s | 0x7c00
    v = value(b, w)
    return round_dir(v, 16, mode, bool(s))


def round_dir(v, w, mode, neg):
    """directed rounding through exact fractions: the nearest-even result,
    moved one step when it lies on the wrong side for the mode"""
    r = round_bits(v, w, neg_zero=neg)
    if mode == "rte":
        return r
    rv = value(r, w) if not is_inf(r, w) else None
    want_down = mode == "rtn" or (mode == "rtz" and v > 0)
    want_up = mode == "rtp" or (mode == "rtz" and v < 0)
    maxf = ((1 << (w - 1)) - 1) & ~((1 << ieee.parts(w)[0]) - 1)
    maxf -= 1                                      # largest finite magnitude bits
    if rv is None:                                 # overflowed to infinity
        if (v > 0 and want_down) or (v < 0 and want_up):
            return (r & (1 << (w - 1))) | maxf
        return r
    if want_down and rv > v:
        return step(r, w, down=True)
    if want_up and rv < v:
        return step(r, w, down=False)
    return r


def step(r, w, down):
    """the next representable value below (down) or above r"""
    neg = ieee.sign(r, w)
    mag = r & ((1 << (w - 1)) - 1)
    if mag == 0:
        return (1 << (w - 1)) | 1 if down else 1
    if (not neg) == (not down):                    # away from zero
        return r + 1
    return r - 1


def quiet(b, w):
    m, _, _ = ieee.parts(w)
    return b | (1 << (m - 1))


def f_from_d(b):
    if is_nan(b, 64):
        return (ieee.sign(b, 64) << 31) | 0x7fc00000 | ((b >> 29) & 0x3fffff)
    if is_inf(b, 64):
        return (ieee.sign(b, 64) << 31) | 0x7f800000
    return round_bits(value(b, 64), 32, neg_zero=bool(ieee.sign(b, 64)))


def d_from_f(b):
    if is_nan(b, 32):
        return (ieee.sign(b, 32) << 63) | 0x7ff8000000000000 | ((b & 0x3fffff) << 29)
    if is_inf(b, 32):
        return (ieee.sign(b, 32) << 63) | 0x7ff0000000000000
    return round_bits(value(b, 32), 64, neg_zero=bool(ieee.sign(b, 32)))


def arith(x, i):
    """x + 1, x * 0 + (i - 3)"""
    if is_nan(x, 32):
        return [quiet(x, 32), quiet(x, 32)]
    if is_inf(x, 32):
        return [x, "nan"]
    v = value(x, 32)
    neg = bool(ieee.sign(x, 32))
    return [round_bits(v + 1, 32), round_bits(0 * v + (i - 3), 32,
                                               neg_zero=neg and i - 3 == 0)]


def sqrt(x):
    if is_nan(x, 32):
        return quiet(x, 32)
    if ieee.sign(x, 32) and x != 0x80000000:
        return "nan"
    if is_inf(x, 32):
        return x
    return ieee.sqrt_bits(value(x, 32), 32) | (x & 0x80000000)


def fminmax(x, other, smaller):
    if is_nan(x, 32):
        return other
    ov = value(other, 32)
    if is_inf(x, 32):
        xv = 1 if not ieee.sign(x, 32) else -1
        return (x if xv < 0 else other) if smaller else (x if xv > 0 else other)
    v = value(x, 32)
    return (x if v < ov else other) if smaller else (x if v > ov else other)


def expect(args):
    fin, din = args[0], args[1]
    h, f, d, mf, md = [], [], [], [], []
    for i, (x, y) in enumerate(zip(fin, din)):
        h += [to_half(x, 32, m) for m in MODES] + [to_half(y, 64, "rte"),
                                                   to_half(y, 64, "rtz")]
        soft = quiet(x, 32) if is_nan(x, 32) else 0x7fc00000
        f += [f_from_d(y)] + arith(x, i) + [sqrt(x), fminmax(x, 0x40000000, True),
                                            fminmax(x, 0xc0000000, False), soft, soft]
        d.append(d_from_f(x))
        mf += [quiet(x, 32) if is_nan(x, 32) else 0] * 12
        md += [quiet(y, 64) if is_nan(y, 64) else 0] * 4
    return {2: h, 3: f, 4: d, 5: mf, 6: md}
