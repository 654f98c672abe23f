"""Exact IEEE 754 binary16/32/64 helpers for the oracles: bits <-> Fraction
and correct rounding of an exact Fraction to a format (round to nearest,
ties to even; subnormals; overflow to infinity). Pure Python integers and
fractions: nothing here uses the platform's C library or FPU rounding."""

from fractions import Fraction

FORMATS = {16: (10, 5), 32: (23, 8), 64: (52, 11)}   # mantissa, exponent bits


def parts(w):
    m, e = FORMATS[w]
    return m, e, (1 << (e - 1)) - 1


def is_nan(b, w):
    m, e, _ = parts(w)
    return (b >> m) & ((1 << e) - 1) == (1 << e) - 1 and b & ((1 << m) - 1) != 0


def is_inf(b, w):
    m, e, _ = parts(w)
    return b & ((1 << (w - 1)) - 1) == ((1 << e) - 1) << m


def sign(b, w):
    return (b >> (w - 1)) & 1


def value(b, w):
    """finite bits -> exact Fraction (zero keeps no sign: see sign())"""
    m, e, bias = parts(w)
    ex = (b >> m) & ((1 << e) - 1)
    mant = b & ((1 << m) - 1)
    if ex == (1 << e) - 1:
        raise ValueError("not finite")
    v = Fraction(mant, 1 << m) * Fraction(2) ** (1 - bias) if ex == 0 else \
        Fraction((1 << m) | mant, 1 << m) * Fraction(2) ** (ex - bias)
    return -v if sign(b, w) else v


def round_bits(v, w, neg_zero=False):
    """exact Fraction -> bits of the nearest value of width w (ties to even)"""
    m, e, bias = parts(w)
    s = 0
    if v < 0:
        s, v = 1, -v
    if v == 0:
        return ((s or neg_zero) and 1 or 0) << (w - 1)
    # exponent k with 2^k <= v < 2^(k+1)
    k = v.numerator.bit_length() - v.denominator.bit_length()
    if Fraction(2) ** k > v:
        k -= 1
    k = max(k, 1 - bias)                 # subnormals share the lowest exponent
    q = v / Fraction(2) ** (k - m)       # the significand scaled to an integer
    n = q.numerator // q.denominator
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
        n += 1
    if n == 1 << (m + 1):                # carried into the next binade
        n >>= 1
        k += 1
    if k > bias:                         # overflow
        return s << (w - 1) | ((1 << e) - 1) << m
    if n < 1 << m:                       # subnormal (k is the lowest exponent)
        return s << (w - 1) | n
    return s << (w - 1) | (k + bias) << m | (n - (1 << m))


def bits_of_float(x, w=64):
    import struct
    code = {32: ("<f", "<I"), 64: ("<d", "<Q")}[w]
    return struct.unpack(code[1], struct.pack(code[0], x))[0]


def rnd(v, w):
    """exact Fraction -> the Fraction of its nearest value in width w"""
    return value(round_bits(v, w), w)


def sqrt_bits(v, w):
    """bits of the correctly rounded square root of a Fraction v >= 0"""
    if v == 0:
        return 0
    m, _, _ = parts(w)
    # P: sqrt(v) * 2^P has at least m + 3 integer bits
    lg = (v.numerator.bit_length() - v.denominator.bit_length()) // 2
    p = m + 4 - lg
    scaled = v * Fraction(4) ** p if p >= 0 else v / Fraction(4) ** (-p)
    n = scaled.numerator // scaled.denominator
    r = isqrt(n)
    exact = Fraction(r * r) == scaled
    # strictly between r and r + 1 when inexact: r + 1/2 rounds the same way
    t = Fraction(r) if exact else Fraction(2 * r + 1, 2)
    return round_bits(t / Fraction(2) ** p if p >= 0 else t * Fraction(2) ** (-p), w)


def isqrt(n):
    import math
    return math.isqrt(n)


def sqrt_approx(v, bits=200):
    """sqrt of a Fraction to about `bits` bits (for error bounds only)"""
    if v == 0:
        return Fraction(0)
    s = v * Fraction(4) ** bits
    return Fraction(isqrt(s.numerator // s.denominator), 2 ** bits)


def ulp_of(x, w):
    """the ulp of the format at real x (the spacing of the binade holding x)"""
    m, _, bias = parts(w)
    x = abs(x)
    if x == 0:
        return Fraction(2) ** (1 - bias - m)
    k = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** k > x:
        k -= 1
    k = max(k, 1 - bias)
    return Fraction(2) ** (k - m)


# pi to 60 digits, for bounds only
PI = Fraction("3.141592653589793238462643383279502884197169399375105820974944")
