"""Oracle of fast_math.cl: native_*, half_*, nan(code), lgamma.

Each exact value comes from mpmath at 200 bits (pure Python, no C library)
or, for the correctly rounded sqrt, recip and divide, from exact fractions
(ieee.py); each result must lie within spv2c's documented bound of it
(docs/math.md, "the bound is ours": native_* are implementation-defined,
OpenCL C 3.0 s7.4, and half_* share their code, so the bound is the same,
far inside the specification's 8192 ulp for half_*). An ulp is that of the
exact value's binade (ieee.ulp_of); an infinity counts as 2^128 when an
exact value beyond the largest float is compared with it.
"""

from fractions import Fraction

import mpmath

import ieee

mpmath.mp.prec = 200

# documented bounds in ulp (docs/math.md: native_* rows, and lgamma's float
# results, correctly rounded on the sweep; 1 ulp is the bound relied on)
BOUND = {"exp": 1, "exp2": 1, "exp10": 1, "log": 1, "log2": 1, "log10": 1,
         "powr": 2, "rsqrt": 1, "sin": 1, "cos": 1, "tan": 1, "lgamma": 1}
ORDER = ["exp", "exp2", "exp10", "log", "log2", "log10", "powr", "sqrt",
         "rsqrt", "recip", "divide", "sin", "cos", "tan"]
INF32 = 0x7f800000


def frac(x):
    """an mpmath real -> Fraction (exact)"""
    sign, man, exp, _ = mpmath.mpf(x)._mpf_
    v = Fraction(int(man)) * Fraction(2) ** int(exp)
    return -v if sign else v


def mp(b):
    """float bits -> mpmath value (exact)"""
    v = ieee.value(b, 32)
    return mpmath.mpf(v.numerator) / v.denominator


class Near:
    """accepts float bits within n ulp of an exact value (an infinity
    stands for 2^128); str() says what it wants"""

    def __init__(self, name, exact, n):
        self.name, self.exact, self.n = name, exact, n

    def __call__(self, g):
        if ieee.is_nan(g, 32):
            return False
        if ieee.is_inf(g, 32):
            gv = Fraction(2) ** 128 * (-1 if ieee.sign(g, 32) else 1)
        else:
            gv = ieee.value(g, 32)
        return abs(gv - self.exact) <= self.n * ieee.ulp_of(self.exact, 32)

    def __str__(self):
        return "%s within %s ulp of %.9g" % (self.name, self.n, float(self.exact))


def exact(name, a, b, t, s, p, q):
    """the exact value of lane `name` of FAST (fast_math.cl)"""
    if name in ("exp", "exp2", "exp10"):
        base = {"exp": mpmath.e, "exp2": 2, "exp10": 10}[name]
        return frac(mpmath.power(base, mp(a)))
    if name in ("log", "log2", "log10"):
        return frac(mpmath.log(mp(b), {"log": mpmath.e, "log2": 2, "log10": 10}[name]))
    if name == "powr":
        return frac(mpmath.power(mp(p), mp(q)))
    if name == "rsqrt":
        return frac(1 / mpmath.sqrt(mp(b)))
    if name in ("sin", "cos"):
        return frac(getattr(mpmath, name)(mp(t)))
    if name == "tan":
        return frac(mpmath.tan(mp(s)))
    raise ValueError(name)


def rounded(name, a, b):
    """bits of the correctly rounded sqrt, recip, divide (exact fractions)"""
    bv = ieee.value(b, 32)
    if name == "sqrt":
        return ieee.sqrt_bits(bv, 32)
    if bv == 0:
        return INF32 | (a & 0x80000000 if name == "divide" else 0)
    return ieee.round_bits((ieee.value(a, 32) if name == "divide" else 1) / bv, 32)


def lanes(a, b, t, s, p, q, prefix):
    out = []
    for name in ORDER:
        if name in ("sqrt", "recip", "divide"):
            out.append(rounded(name, a, b))
        else:
            out.append(Near(prefix + name, exact(name, a, b, t, s, p, q), BOUND[name]))
    return out


def lgamma(x):
    return Near("lgamma", frac(mpmath.log(abs(mpmath.gamma(mp(x))))), BOUND["lgamma"])


def expect(args):
    fa, fb, ft, fs, fp, fq, code = args[:7]
    nat, hlf, nf, nd, lg = [], [], [], [], []
    for i in range(len(fa)):
        b = fb[i] & 0x7fffffff                     # fabs
        nat += lanes(fa[i], b, ft[i], fs[i], fp[i], fq[i], "native_")
        hlf += lanes(fa[i], b, ft[i], fs[i], fp[i], fq[i], "half_")
        nf.append(0x7fc00000 | (code[i] & 0x3fffff))
        c64 = code[i] << 32 | code[(i + 1) & 63]
        nd.append(0x7ff8000000000000 | (c64 & 0x7ffffffffffff))
        lg += [lgamma(fs[i]), lgamma(fp[i])]
    return {7: nat, 8: hlf, 9: nf, 10: nd, 11: lg}
