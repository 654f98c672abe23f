"""Oracle for composite.spvasm: lane order as the SPIR-V specification
defines OpCompositeConstruct (operands fill lanes in order, a vector operand
contributing its lanes in order), OpVectorInsertDynamic (lane `index`
replaced), OpVectorTimesScalar (each lane times the scalar, rounded to
nearest even: exact products rounded with ieee.py; a NaN lane may have any
bits, the host's, see the NaN policy in docs/testing.md)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ieee  # noqa: E402

M = (1 << 32) - 1


def fmul(x, y):
    if ieee.is_nan(x, 32) or ieee.is_nan(y, 32):
        return "nan"
    sx, sy = ieee.sign(x, 32), ieee.sign(y, 32)
    s = sx ^ sy
    if ieee.is_inf(x, 32) or ieee.is_inf(y, 32):
        other = y if ieee.is_inf(x, 32) else x
        if not ieee.is_inf(other, 32) and ieee.value(other, 32) == 0:
            return "nan"
        return s << 31 | 0x7f800000
    return ieee.round_bits(ieee.value(x, 32) * ieee.value(y, 32), 32, neg_zero=bool(s))


def expect(args):
    a, b, c, fa, fs = args[:5]
    out = []
    for i, (x, y, z, f, s) in enumerate(zip(a, b, c, fa, fs)):
        v1 = [x, y, (x + 1) & M, (y + 1) & M]
        ins = list(v1)
        ins[i % 4] = z
        lanes = [f, y, z, f ^ 0x80000000]
        out += v1 + [y, x, z, x] + [z, y, x] + [[x, y, z][i % 3]] + [y, z] + ins
        out += [fmul(l, s) for l in lanes] + [x, x]
    return {5: out}
