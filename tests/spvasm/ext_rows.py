"""Oracle for ext_rows.spvasm (OpenCL C 3.0 s6.15.3 and s6.15.4, exact
integers; fmin_common/fmax_common compare exact values: y if x > y (min) /
x < y (max), else x)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402


def fv(b):
    return ieee.value(b, 32)


def expect(args):
    a, b, x, y = args[:4]
    out = []
    for va, vb, vx, vy in zip(a, b, x, y):
        hi = va - (1 << 32) if va >> 31 else va          # signed hi
        up = ((hi << 32) | vb) & ((1 << 64) - 1)
        mn = vy if fv(vy) < fv(vx) else vx
        mx = vy if fv(vx) < fv(vy) else vx
        p64 = bin((va * vb) & ((1 << 64) - 1)).count("1")
        out += [bin(va).count("1"), up & 0xffffffff, up >> 32, mn, mx, va, p64, 0]
    return {4: out}
