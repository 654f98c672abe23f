"""Oracle for abs_diff_known.cl: abs_diff(x, y) is |x - y| of the exact
integers, in the unsigned type of the operands' width (OpenCL C 3.0
s6.15.3: "without modulo overflow"), abs(x) is |x| in that type.
Work-item i has lid = i % 2."""

IMIN, IMAX = -2 ** 31, 2 ** 31 - 1
LMIN, LMAX = -2 ** 63, 2 ** 63 - 1


def signed(bits, w):
    bits &= (1 << w) - 1
    return bits - (1 << w) if bits >> (w - 1) else bits


def ad(x, y):
    return abs(x - y)


def expect(args):
    ins, lins = args[0], args[1]
    out, lout = [], []
    for i in range(4):
        x = signed(ins[i], 32)
        lx = signed(lins[i], 64)
        m = IMIN if i % 2 else 0
        sx = signed(x, 8)
        hx = signed(x, 16)
        out += [ad(3, IMIN), ad(IMIN, 3), ad(IMAX, IMIN), ad(-2, IMAX),
                ad(x, IMIN), ad(IMIN, x), ad(x, m), ad(m, x >> 1),
                ad(0, 0x64000000), ad(3, IMIN),
                ad(x, IMIN), ad(5, IMAX), ad(-5, IMAX), ad(IMIN, x),
                ad(3, -128) | ad(sx, -128) << 8,
                ad(-32768, hx) | ad(32767, -32768) << 16]
        lout += [ad(5, LMIN), ad(lx, LMIN), ad(LMIN, m), ad(LMAX, lx)]
    # abs of a known MIN: |x| in the unsigned type of the same width
    aout = [2 ** 31 | 128 << 32 | 32768 << 40, 2 ** 63] * 4
    return {2: out, 3: lout, 4: aout}
