"""Oracle for common_exact.cl: spv2c's documented evaluation of mad, mix,
smoothstep, degrees and radians (runtime/math.h), exactly with fractions
and rounded where C rounds (ieee.py):

  mad(a, b, c)        fused: a * b + c rounded once (docs/testing.md, "mad")
  a * b + c           the same (OpenCL C contracts it: OpExtInst mad)
  mix(x, y, a)        fma(y - x, a, x): y - x rounded, then fused
  smoothstep(e0, e1, x)  t = clamp((x - e0) / (e1 - e0), 0, 1), each
                      operation rounded; t * t * fma(-2, t, 3), left to right
  degrees(r)          r * 180/pi rounded once (correctly rounded, issue 36;
                      pi to 60 digits, far more than any rounding here needs)
  radians(d)          d * pi/180 rounded once

and the specification's bounds (OpenCL C 3.0 s7.4): mix absolute 1e-3,
smoothstep absolute 1e-5 (float); mad either
fused or unfused (both are allowed: the oracle pins the fused choice)."""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402
from ieee import rnd, value  # noqa: E402


class Bound(Exception):
    pass


def check(name, ok, got, exact):
    if not ok:
        raise Bound("%s: %s against the exact %s breaks the bound"
                    % (name, float(got), float(exact)))


def mad(a, b, c, w):
    return rnd(a * b + c, w)


def mix(x, y, a, w):
    got = rnd(rnd(y - x, w) * a + x, w)
    if w == 32:
        check("mix", abs(got - (x + (y - x) * a)) <= Fraction(1, 1000), got, x + (y - x) * a)
    return got


def clamp01(v):
    return min(max(v, Fraction(0)), Fraction(1))


def smoothstep(e0, e1, x, w):
    t = clamp01(rnd(rnd(x - e0, w) / rnd(e1 - e0, w), w))
    got = rnd(rnd(t * t, w) * rnd(3 - 2 * t, w), w)
    te = clamp01((x - e0) / (e1 - e0))
    exact = te * te * (3 - 2 * te)
    check("smoothstep", abs(got - exact) <= Fraction(1, 100000), got, exact)
    return got


def deg_rad(v, factor, w):
    return rnd(v * factor, w)


def degrees(v, w):
    return deg_rad(v, 180 / ieee.PI, w)


def radians(v, w):
    return deg_rad(v, ieee.PI / 180, w)


def expect(args):
    fa, fb, ft, da = args[:4]
    of, od = [], []
    for k in range(len(fa) // 4):
        a = [value(x, 32) for x in fa[4 * k:4 * k + 4]]
        b = [value(x, 32) for x in fb[4 * k:4 * k + 4]]
        t = [value(x, 32) for x in ft[4 * k:4 * k + 4]]
        d = [value(x, 64) for x in da[4 * k:4 * k + 4]]
        r = [mad(a[0], b[0], a[1], 32), mad(a[2], b[2], b[3], 32),
             mix(a[0], b[1], t[0], 32), smoothstep(a[3], rnd(a[3] + 2, 32), b[0], 32),
             degrees(a[1], 32), radians(rnd(b[2] * 100, 32), 32),
             mad(t[1], t[2], -t[3], 32), smoothstep(Fraction(0), Fraction(1), t[3], 32)]
        s = [mad(d[0], d[1], d[2], 64), mix(d[0], d[3], Fraction(3, 8), 64),
             degrees(d[2], 64), radians(d[3], 64)]
        of += [ieee.round_bits(v, 32) for v in r]
        od += [ieee.round_bits(v, 64) for v in s]
    return {4: of, 5: od}
