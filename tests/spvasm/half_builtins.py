"""Oracle of half_builtins.cl: spv2c's documented evaluation of the half
built-ins (docs/design/half.md, "Half arithmetic"), exactly with
fractions and each half operation rounded to nearest even (ieee.py):
dot and cross as half operations in lane order, the work-group reduce
add in local id order (each sum rounded), min and the scan of max exact;
length, distance (of the half-rounded differences) and normalize within
1 ulp of the exact value (a bound, checked from the exact square root)."""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402

W = 16


def v(b):
    return ieee.value(b, W)


def h(x):
    return ieee.round_bits(x, W)


def mul(a, b):
    return h(v(a) * v(b))


def add(a, b):
    r = v(a) + v(b)
    return h(r) if r else 0        # exact zeros here are +0 (no -0 + -0)


def sub(a, b):
    r = v(a) - v(b)
    return h(r) if r else 0


def dot(x, y):
    r = mul(x[0], y[0])
    for k in range(1, len(x)):
        r = add(r, mul(x[k], y[k]))
    return r


class Near:
    """a half within 1 ulp of an exact value known to 200 bits"""
    def __init__(self, exact):
        self.exact = exact

    def __call__(self, got):
        if ieee.is_nan(got, W) or ieee.is_inf(got, W):
            return False
        return abs(v(got) - self.exact) <= ieee.ulp_of(self.exact, W)

    def __str__(self):
        return "within 1 ulp of %r" % float(self.exact)


def length(lanes):
    return ieee.sqrt_approx(sum(x * x for x in lanes))


def expect(args):
    a, b = args[0], args[1]
    o = []
    for i in range(256):
        x, y = a[4 * i:4 * i + 4], b[4 * i:4 * i + 4]
        cr = [sub(mul(x[(k + 1) % 3], y[(k + 2) % 3]), mul(x[(k + 2) % 3], y[(k + 1) % 3]))
              for k in range(3)] + [0]
        ln = length([v(t) for t in x])
        dist = length([v(sub(s, t)) for s, t in zip(x, y)])
        nrm = [Near(v(t) / ln) if ln else Near(Fraction(0)) for t in x]
        g = i // 64 * 64
        acc = a[4 * g]
        for j in range(g + 1, g + 64):
            acc = add(acc, a[4 * j])
        mn = min((a[4 * j + 1] for j in range(g, g + 64)), key=v)
        mx = max((a[4 * j + 2] for j in range(g, i + 1)), key=v)
        o += cr + [dot(x, y), Near(ln), Near(dist)] + nrm + [acc, mn, mx, dot(x[:2], y[:2]), 0]
    return {2: o}
