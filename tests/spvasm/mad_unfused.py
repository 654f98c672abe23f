"""Oracle for mad_unfused.cl (translated with spv2c --mad=unfused): every
mad, the built-in and the contracted a * b + c alike, is the product
rounded to the format, then the sum rounded (OpenCL C 3.0 s7.4 allows this
or the fused form; docs/spv2c.1). Exact fractions rounded where C rounds
(ieee.py). The inputs must tell the two evaluations apart: the oracle
fails when fewer than a tenth of the float results, or none of the double
or half ones, would differ from the fused a * b + c rounded once."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402
from ieee import rnd, value  # noqa: E402


def unfused(a, b, c, w):
    return ieee.round_bits(rnd(a * b, w) + c, w)


def fused(a, b, c, w):
    return ieee.round_bits(a * b + c, w)


def expect(args):
    fa, fb, da, ha = args[:4]
    of, od, oh = [], [], []
    differ = {32: 0, 64: 0, 16: 0}

    def put(out, a, b, c, w):
        u = unfused(a, b, c, w)
        differ[w] += u != fused(a, b, c, w)
        out.append(u)

    for k in range(len(fa) // 4):
        a = [value(x, 32) for x in fa[4 * k:4 * k + 4]]
        b = [value(x, 32) for x in fb[4 * k:4 * k + 4]]
        d = [value(x, 64) for x in da[2 * k:2 * k + 2]]
        h = [value(x, 16) for x in ha[3 * k:3 * k + 3]]
        put(of, a[0], b[0], a[1], 32)
        put(of, a[2], b[2], b[3], 32)
        for j in range(4):
            put(of, a[j], b[j], b[3 - j], 32)
        put(od, d[0], d[1], d[1], 64)
        put(od, d[0], d[0], d[1], 64)
        put(oh, h[0], h[1], h[2], 16)
    if differ[32] * 10 < len(of) or not differ[64] or not differ[16]:
        raise ValueError("inputs do not tell fused from unfused: %r" % differ)
    return {4: of, 5: od, 6: oh}
