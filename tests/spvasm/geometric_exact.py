"""Oracle for geometric_exact.cl: spv2c's documented evaluation of the
geometric functions, computed exactly with fractions and rounded where C
rounds (ieee.py), plus the OpenCL C specification's error bound of each
function checked against the exact mathematical result (s7.4, the tables
"ULP values for single/double precision built-in math functions").

The documented order (templates/ocl_geometric.lua, runtime/math.h):
  dot (OpDot)   r = x0*y0; r += x1*y1; ... each product and sum rounded in
                the operand type, lanes in order 0, 1, 2, 3
  cross         lane k = x[k+1]*y[k+2] - x[k+2]*y[k+1] (indices mod 3), the
                two products and the difference rounded
  length float  the squares summed in double (exact squares, each sum
                rounded to double, lanes in order), sqrt in double, rounded
                to float; distance: the lane differences rounded to float
                first; fast_length and fast_distance are the same
  length double the squares rounded to double, summed in order, sqrt
                (no scaling for these magnitudes)
  normalize     each lane divided by that length (the double length for
                float, rounded to float once: double division then float);
                fast_normalize is the same
"""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402
from ieee import rnd, value  # noqa: E402

EPS = {32: Fraction(1, 2 ** 23), 64: Fraction(1, 2 ** 52)}


def lanes(bits, w, k):
    return [value(b, w) for b in bits[4 * k:4 * k + 4]]


def dot(x, y, w):
    r = rnd(x[0] * y[0], w)
    for a, b in zip(x[1:], y[1:]):
        r = rnd(r + rnd(a * b, w), w)
    return r


def cross(x, y, w):
    out = []
    for k in range(3):
        i, j = (k + 1) % 3, (k + 2) % 3
        out.append(rnd(rnd(x[i] * y[j], w) - rnd(x[j] * y[i], w), w))
    return out


def sumsq(x, w):
    """the documented sum of squares: in double, squares exact for float
    lanes (rounded for double ones), each sum rounded to double"""
    sq = [a * a if w == 32 else rnd(a * a, 64) for a in x]
    s = sq[0]
    for q in sq[1:]:
        s = rnd(s + q, 64)
    return s


def length(x, w):
    l64 = value(ieee.sqrt_bits(sumsq(x, w), 64), 64)
    return l64 if w == 64 else rnd(l64, 32), l64


def normalize(x, w):
    _, l64 = length(x, w)
    if l64 == 0:
        return list(x)
    return [rnd(rnd(a / l64, 64), w) if w == 32 else rnd(a / l64, 64) for a in x]


class Bound(Exception):
    pass


def check_ulp(name, got, exact, w, n_ulp):
    err = abs(got - exact) / ieee.ulp_of(exact, w)
    if err > n_ulp:
        raise Bound("%s: %s is %.3f ulp from the exact %s, the bound is %s"
                    % (name, float(got), float(err), float(exact), float(n_ulp)))


def check_abs(name, got, exact, tol):
    if abs(got - exact) > tol:
        raise Bound("%s: error %g above the bound %g" % (name, float(abs(got - exact)),
                                                         float(tol)))


def exact_len(x):
    return ieee.sqrt_approx(sum(a * a for a in x))


def f_dot(x, y, w, n):
    got = dot(x[:n], y[:n], w)
    mx = max(abs(v) for v in x[:n] + y[:n])
    check_abs("dot%d" % n, got, sum(a * b for a, b in zip(x[:n], y[:n])),
              mx * mx * (2 * n - 1) * EPS[w])
    return got


def f_len(x, w, n, fast=False):
    got, _ = length(x[:n], w)
    bound = Fraction(8192) if fast else (
        Fraction(11, 4) + Fraction(n, 2) if w == 32 else Fraction(11, 2) + n)
    check_ulp("length%d" % n, got, exact_len(x[:n]), w, bound)
    return got


def f_dist(x, y, w, n, fast=False):
    diff = [rnd(a - b, w) for a, b in zip(x[:n], y[:n])]
    got, _ = length(diff, w)
    bound = Fraction(8192) if fast else (
        Fraction(5, 2) + 2 * n if w == 32 else Fraction(11, 2) + 2 * n)
    check_ulp("distance%d" % n, got, exact_len([a - b for a, b in zip(x[:n], y[:n])]),
              w, bound)
    return got


def f_norm(x, w, n, lane, fast=False):
    got = normalize(x[:n], w)[lane]
    l = exact_len(x[:n])
    bound = Fraction(8192) if fast else (2 + n if w == 32 else Fraction(9, 2) + n)
    check_ulp("normalize%d" % n, got, x[lane] / l, w, bound)
    return got


def f_cross(x, y, w, lane):
    got = cross(x, y, w)[lane]
    mx = max(abs(v) for v in x[:3] + y[:3])
    i, j = (lane + 1) % 3, (lane + 2) % 3
    check_abs("cross", got, x[i] * y[j] - x[j] * y[i], mx * mx * 3 * EPS[w])
    return got


def expect(args):
    fa, fb, da, db = args[:4]
    of, od = [], []
    for k in range(len(fa) // 4):
        a, b = lanes(fa, 32, k), lanes(fb, 32, k)
        c, d = lanes(da, 64, k), lanes(db, 64, k)
        r = [f_dot(a, b, 32, 4), f_dot(a, b, 32, 3), f_len(a, 32, 4), f_len(a, 32, 2),
             f_dist(a, b, 32, 4), f_len(b, 32, 4, True), f_dist(a, b, 32, 3, True),
             f_norm(a, 32, 4, 0), f_norm(a, 32, 4, 3), f_norm(a, 32, 2, 1),
             f_norm(b, 32, 4, 2, True), f_cross(a, b, 32, 0), f_cross(a, b, 32, 1),
             f_cross(a, b, 32, 2), f_dot(a[:2], b[2:], 32, 2), f_len(a, 32, 3)]
        s = [f_dot(c, d, 64, 4), f_len(c, 64, 4), f_dist(c, d, 64, 4), f_norm(c, 64, 4, 1),
             f_norm(c, 64, 4, 3), f_cross(c, d, 64, 0), f_cross(c, d, 64, 2),
             f_len(d, 64, 3)]
        of += [ieee.round_bits(v, 32) for v in r]
        od += [ieee.round_bits(v, 64) for v in s]
    return {4: of, 5: od}
