#!/usr/bin/env python3
"""Half conversions on the soft-float Cortex-M3 against an exact oracle.

usage: half.py --spv2c PATH --workdir DIR [--count N] [--launches L]
               [--seed S] [--target NAME]...

half_convert.cl (next to this file) goes through clang-15, llvm-spirv-15 and
`spv2c --main` (spir), and runs natively (x86-64) and on each target (by
default arm-none-eabi: Cortex-M3, no FPU, picolibc, qemu-system-arm; see
cross.py). Each launch converts N halves to float, and N floats and N
doubles to half in the four rounding modes. The halves are 0 .. N-1 offset
by N for each launch, so 65536 / N launches cover all 65,536; the floats
and doubles are a fixed-seed sample aimed at the hard cases: every
exponent from the subnormal halves to overflow, values at and one unit
either side of each rounding boundary (midpoints between halves, odd
sticky bits far below them), specials (zeros, infinities, NaNs with
payloads), and random bit patterns. Every output must be the bytes of the
native run, and both must equal an exact oracle computed here in Python
integers (shares nothing with runtime/half.h): round to 11 bits with
subnormals at 2^-24, overflow to infinity or the largest finite half by
mode and sign; a NaN stays quiet with its sign and the top ten payload bits.
Exit status: 0 pass, 1 fail, 77 skip (a tool is missing).
"""

import argparse
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "run"))
sys.path.insert(0, HERE)
import check  # noqa: E402
import cross  # noqa: E402

MODES = ("rte", "rtz", "rtp", "rtn")
FMT = {"float": (23, 8), "double": (52, 11)}


def to_half(bits, fmt, mode):
    """the half bits of the float/double `bits` rounded in `mode` (exact)"""
    mbits, ebits = FMT[fmt]
    emax = (1 << ebits) - 1
    bias = emax >> 1
    sign = bits >> (mbits + ebits) & 1
    e = bits >> mbits & emax
    m = bits & ((1 << mbits) - 1)
    s = sign << 15
    if e == emax:
        return s | (0x7e00 | (m >> (mbits - 10)) & 0x3ff if m else 0x7c00)
    big, exp = (m, 1 - bias - mbits) if e == 0 else (m | 1 << mbits, e - bias - mbits)
    if big == 0:
        return s
    top = exp + big.bit_length() - 1          # the value is in [2^top, 2^(top+1))
    q = max(top - 10, -24)                    # the quantum's exponent
    shift = q - exp
    if shift <= 0:
        n = big << -shift
    else:
        n, rem, half = big >> shift, big & ((1 << shift) - 1), 1 << (shift - 1)
        up = {"rte": rem > half or (rem == half and n & 1), "rtz": False,
              "rtp": rem != 0 and not sign, "rtn": rem != 0 and sign}[mode]
        n += 1 if up else 0
    if n >= 2048:
        n >>= 1
        q += 1
    r = ((q + 24) << 10) + n                  # n holds the hidden bit
    if r >= 0x7c00:
        inf = mode == "rte" or (mode == "rtp" and not sign) or (mode == "rtn" and sign)
        r = 0x7c00 if inf else 0x7bff
    return s | r


def half_to_float(h):
    """the float bits of half h (exact)"""
    sign, e, m = h >> 15, h >> 10 & 31, h & 0x3ff
    if e == 31:
        return sign << 31 | (0x7fc00000 | m << 13 if m else 0x7f800000)
    v = math.ldexp(m if e == 0 else m | 1024, (e or 1) - 25)
    return struct.unpack("<I", struct.pack("<f", -v if sign else v))[0]


def sample(fmt, n, rng):
    """n bit patterns of fmt, the hard cases first, then random"""
    mbits, ebits = FMT[fmt]
    bias = (1 << (ebits - 1)) - 1
    emax = (1 << ebits) - 1
    out = [0, 1, emax << mbits, emax << mbits | 1, emax << mbits | 1 << (mbits - 1),
           emax << mbits | (1 << mbits) - 1, (bias + 16) << mbits, (bias + 15) << mbits | (1 << mbits) - 1]
    while len(out) < n:
        kind = rng.randrange(4)
        if kind == 0:                          # any bits
            b = rng.getrandbits(mbits + ebits + 1)
        else:
            # a half boundary: the exact half value (kind 1), a midpoint
            # between neighbours (kind 2) or anything (3) in the half range,
            # plus a small offset in units of the format's last place
            he = rng.randrange(-26, 17)        # exponent of the value
            q = max(he - 10, -24)
            k = rng.randrange(1 << 10, 1 << 11) if he >= -14 else rng.randrange(0, 1 << 10)
            v = k << 1 | (kind == 2)           # in units of 2^(q-1)
            if kind == 3:
                v = rng.getrandbits(12)
            frac = v * 2 ** 40                 # units of 2^(q-41), exact integers
            frac += rng.choice([0, 0, 1, -1, 2, -2, rng.getrandbits(20) - (1 << 19)])
            frac = max(frac, 1)
            ex = q - 41
            # frac * 2^ex rounded toward zero into the format (keeps odd bits)
            top = ex + frac.bit_length() - 1
            if top - mbits < 1 - bias - mbits:
                shift = (1 - bias - mbits) - ex
            else:
                shift = top - mbits - ex
            mant = frac >> shift if shift > 0 else frac << -shift
            bexp = ex + shift
            if mant >> mbits:
                b = (bexp + bias + mbits) << mbits | (mant & ((1 << mbits) - 1))
            else:
                b = mant
            b |= rng.getrandbits(1) << (mbits + ebits)
        out.append(b)
    return out[:n]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--count", type=int, default=4096, help="conversions of each kind a launch")
    ap.add_argument("--launches", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", action="append", choices=sorted(cross.TARGETS))
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--clang", default="clang-15")
    ap.add_argument("--llvm-spirv", default="llvm-spirv-15")
    o = ap.parse_args()
    targets = o.target or ["arm-none-eabi"]
    tools = {"clang": o.clang, "llvm-spirv": o.llvm_spirv, "spv2c": o.spv2c, "cc": o.cc}
    for t in targets:
        tools[t] = cross.TARGETS[t]["cc"]
        tools[t + " emulator"] = cross.TARGETS[t]["emu"][0]
    found = {}
    for k, v in tools.items():
        found[k] = check.find_tool(v)
        if not found[k]:
            print("SKIP: %s not found (%s); scripts/setup installs it" % (k, v))
            return 77

    wd = os.path.abspath(o.workdir)
    os.makedirs(wd, exist_ok=True)
    src = os.path.join(HERE, "half_convert.cl")
    bc, spv, csrc, nat = (os.path.join(wd, x) for x in ("k.bc", "k.spv", "k.c", "native"))
    exes = {}
    try:
        check.run([found["clang"], "-cl-std=CL1.2", "-target", "spir", "-O2", "-emit-llvm",
                   "-c", src, "-o", bc, "-Xclang", "-finclude-default-header"], what="clang")
        check.run([found["llvm-spirv"], bc, "-o", spv], what="llvm-spirv")
        check.run([found["spv2c"], spv, "--main", "-o", csrc], what="spv2c")
        check.run([found["cc"], "-std=c99", "-O2", csrc, "-o", nat, "-lm"], what="cc")
        for t in targets:
            exes[t] = os.path.join(wd, t)
            check.run([found[t]] + cross.TARGETS[t]["flags"] + ["-std=c99", "-O2", csrc,
                                                               "-o", exes[t], "-lm"],
                      what=t + "-gcc")
    except check.StepFailed as e:
        print("FAIL half: %s" % e)
        return 1

    n = o.count
    rng = random.Random("half.py:%d" % o.seed)
    bad = 0
    checked = 0
    for launch in range(o.launches):
        ld = os.path.join(wd, "L%d" % launch)
        os.makedirs(ld, exist_ok=True)
        hs = [(launch * n + i) & 0xffff for i in range(n)]
        fs = sample("float", n, rng)
        ds = sample("double", n, rng)
        inputs = {"h": struct.pack("<%dH" % n, *hs), "f": struct.pack("<%dI" % n, *fs),
                  "d": struct.pack("<%dQ" % n, *ds)}
        for k, data in inputs.items():
            with open(os.path.join(ld, k + ".in"), "wb") as f:
                f.write(data)
        want = {"hf": struct.pack("<%dI" % n, *[half_to_float(h) for h in hs]),
                "fh": struct.pack("<%dH" % (4 * n), *[to_half(b, "float", m)
                                                      for b in fs for m in MODES]),
                "dh": struct.pack("<%dH" % (4 * n), *[to_half(b, "double", m)
                                                      for b in ds for m in MODES])}
        sizes = {"hf": 4 * n, "fh": 8 * n, "dh": 8 * n}
        runs = [("native", None)] + [(t, exes[t]) for t in targets]
        got = {}
        for name, exe in runs:
            od = os.path.join(ld, name)
            os.makedirs(od, exist_ok=True)
            args = ["half_convert", "--global", str(n)]
            for a in ("h", "hf", "f", "fh", "d", "dh"):
                if a in inputs:
                    args.append("in:../%s.in" % a)
                else:
                    args.append("out:%d:%s.out" % (sizes[a], a))
            if exe is None:
                cmd = [nat] + args
            elif cross.TARGETS[name].get("semihost"):
                cmd = cross.semihost_cmd([found[name + " emulator"]] + cross.TARGETS[name]["emu"][1:],
                                         exe, args)
            else:
                cmd = [found[name + " emulator"]] + cross.TARGETS[name]["emu"][1:] + [exe] + args
            try:
                check.run(cmd, cwd=od, what="generated program")
            except check.StepFailed as e:
                print("FAIL half launch %d %s: %s" % (launch, name, e))
                return 1
            got[name] = {}
            for a in want:
                with open(os.path.join(od, a + ".out"), "rb") as f:
                    got[name][a] = f.read()
        for name in got:
            for a, w in want.items():
                g = got[name][a]
                checked += len(w) // (4 if a == "hf" else 2)
                if g == w:
                    continue
                width = 4 if a == "hf" else 2
                code = "<I" if width == 4 else "<H"
                for k in range(len(w) // width):
                    x = struct.unpack_from(code, g, k * width)[0]
                    y = struct.unpack_from(code, w, k * width)[0]
                    if x != y:
                        bad += 1
                        if bad <= 12:
                            i = k if a == "hf" else k // 4
                            src_bits = {"hf": "half 0x%04x" % hs[i],
                                        "fh": "float 0x%08x %s" % (fs[i], MODES[k % 4]),
                                        "dh": "double 0x%016x %s" % (ds[i], MODES[k % 4])}[a]
                            print("  launch %d %s: %s -> 0x%0*x, want 0x%0*x"
                                  % (launch, name, src_bits, 2 * width, x, 2 * width, y))
    covered = min(65536, n * o.launches)
    what = ("%d halves to float, %d floats and %d doubles to half in 4 modes, on native, %s"
            % (covered, n * o.launches, n * o.launches, ", ".join(targets)))
    if bad:
        print("FAIL half: %d of %d conversions differ from the exact oracle (%s)"
              % (bad, checked, what))
        return 1
    print("PASS half: %s" % what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
