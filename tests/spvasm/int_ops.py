"""Oracle for int_ops.spvasm: the SPIR-V specification's definitions with
Python's exact integers. OpSRem: the sign of the dividend (truncated
division); OpSMod: the sign of the divisor (floored division); OpSNegate and
OpNot modulo 2^N."""


def s(x, w):
    """bits -> signed value of width w"""
    x &= (1 << w) - 1
    return x - (1 << w) if x >> (w - 1) else x


def srem(a, b):
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def smod(a, b):
    r = srem(a, b)
    return r + b if r != 0 and (r < 0) != (b < 0) else r


def expect(args):
    a, b = args[0], args[1]
    out = []
    m32 = (1 << 32) - 1
    for x, y in zip(a, b):
        sa, sb = s(x, 32), s(y, 32)
        # INT_MIN by -1 overflows (undefined): the inputs never pair them
        assert not (sa == -2 ** 31 and sb == -1)
        a64 = s(sa * sa + sa, 64)
        out += [smod(sa, sb) & m32, srem(sa, sb) & m32, -sa & m32, ~sa & m32,
                (x % y) & m32, smod(a64, sb) & m32, -a64 & m32, (-a64 >> 32) & m32]
    return {2: out}
