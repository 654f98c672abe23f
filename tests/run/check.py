#!/usr/bin/env python3
"""Differential test of one OpenCL C kernel: PoCL versus spv2c.

usage: check.py KERNEL.cl --spv2c PATH --pocl-run PATH --workdir DIR
                [--cc cc] [--clang clang-15] [--llvm-spirv llvm-spirv-15]
                [--pocl-only] [--variant spir64-O2]... [--spirv-opt RECIPE]...
                [--build cc-O2]... [--platform ICD] [-v]

The kernel file's `//!` header (docs/design/tests.md, "Tests") says how to
run it. The OpenCL C source runs once on PoCL through pocl_run; then for each
target (spir64, spir) and each of -O0, -O2 it is compiled with clang-15 and
llvm-spirv-15, translated by `spv2c --main`, built (warning-free) with cc -O2
and clang-15 -O2, each program run, and every out/inout buffer compared with
PoCL's. The same C also runs built with cc -O3 -march=native, clang-15 -O3
-march=native (for the -O2 modules), and, for spir64 -O2, with -fopenmp
-DSPV2C_THREADS (see c_builds). That whole matrix runs under SPV2C_FULL=1
(scripts/test --full); by default (the suite) only the main variant (spir64
-O2, or spir -O2) is built every way, the other three with cc -O2 alone
(suite_builds). With --spirv-opt RECIPE the -O0 modules are
also reshaped by spirv-opt passes valid for the Kernel capability (SPIRV_OPT;
variants spir64-O0+RECIPE), checked with spirv-val, translated, built with
cc -O2 (warning-free) and compared with PoCL the same way. Exit status:
0 pass, 1 fail, 77 skip (a tool is missing; under CI=true a missing tool
fails instead, with the package to install). --pocl-only stops after PoCL and
the clang/llvm-spirv compiles (spv2c is not needed then). --build NAME keeps
only the named builds of the generated C (c_builds: cc-O2, clang-O2, cc-O3n,
clang-O3n, threads). --platform ICD then runs the kernel through the OpenCL
platform (platform/; ICD its .icd file, the only one the loader sees) with
tests/platform/pyocl_run.py, a pyopencl host program taking pocl_run's
command line, and compares every compared buffer, and the printf text, bit
for bit with the spir64 -O2 variant's cc -O2 build (spir -O2, and the
platform option -target spir, for a kernel for spir alone): the platform's
front end is spv2c's .cl path, clang -O2 for spir64, and it builds the C
with cc -O2 (threaded). The platform gets the clang options (-cl-std=,
defines:, build-options:), not pocl-options:. A kernel that cannot run
there says why in `//! no-platform: REASON`.

Header keys (one `//! key: value` a line):

  kernel: NAME              std: CL1.2 | CL2.0 (default CL1.2)
  global: X[,Y[,Z]]         local: X[,Y[,Z]] [| X[,Y[,Z]]...]   offset: X[,Y[,Z]]
                            (several local sizes: the kernel runs with each)
  defines: A | B            run the whole test once with each set of -D flags
  cflags: FLAGS             more flags for compiling the generated C (after -O2)
  launch: GLOBAL @ LOCAL    instead of global:/local:, one NDRange a line
                            (repeatable; buffers are sized for the largest)
  arg: out TYPE COUNT                 zero-filled buffer, compared
  arg: inout TYPE COUNT GEN...        generated buffer, compared afterwards
  arg: in TYPE COUNT GEN...           generated buffer, not compared
  arg: val TYPE VALUE                 by-value scalar or vector (1,2,3,4)
  arg: valbytes HEX                   by-value struct, raw bytes
  arg: local BYTES                    __local pointer of BYTES bytes
  ulp: SEL N FUNCTION (CLAUSE)        tolerance of N ulp for the elements SEL
                                      (see "Comparison" below)
  abs: SEL TOL FUNCTION (CLAUSE)      an absolute error tolerance instead
  nan: SEL REASON                     a NaN where PoCL has a NaN is accepted
                                      whatever its bits, in the elements SEL
  host-nan: SEL REASON                for tests/cross only (ignored here): the
                                      elements SEL may hold NaNs made by the
                                      host's FPU, whose sign and payload other
                                      CPUs make differently (cross.py's rule)

TYPE is char uchar short ushort int uint long ulong float double half (half
is handled as its ushort bits), optionally followed by 2 3 4 8 16 lanes; a
3-lane element occupies 4 elements and its 4th lane is never compared.
COUNT counts elements of TYPE. Generators (seeded by the file name and the
argument index, so data is deterministic):

  zero | iota | rand | randf LO HI | randbits | const V

  iota counts over the element slots (lane k of element i is i*lanes+k);
  rand gives random bits for integers and random finite values for floats;
  randf gives uniform values in [LO, HI] (integers for integer types);
  randbits gives any bit pattern, NaN and Inf included; const V fills every
  slot with V (or, with a comma list, every element with those lanes).

Extensions to the format of docs/design/tests.md:

  //! targets: spir64 [spir]     restrict the targets (default: both)
  //! serial-only: REASON         no threaded (-fopenmp) build; REASON is
                                 printed with every result
  //! no-clang-native: REASON     no clang -O3 -march=native build (its
                                 compile time, not its result, is the reason)
  //! no-platform: REASON        check.py --platform does not run this kernel
                                 through the platform; REASON is printed
                                 with every result
  //! pocl-options: OPTS         extra build options for PoCL only (e.g.
                                 -DNO_GENERIC: PoCL 3.1 disables the generic
                                 address space, so a kernel may provide
                                 address-space-specific helpers to PoCL)
  //! build-options: OPTS       OpenCL build options for PoCL and clang alike
                                 (e.g. -cl-fast-relaxed-math)
  //! stdout: compare            the kernel prints (printf): the text PoCL
                                 writes (one PoCL thread, so work-groups in
                                 order) must be every program's stdout, byte
                                 for byte; no threaded build (its groups run
                                 in any order)
  arg: scratch BYTES             zero-filled buffer, not compared (size:)
  arg: image ORDER,TYPE EXT T GEN...  an image (pocl_run and spv2c --main's
                                 image:ORDER,TYPE:EXT, EXT W[xH[xD]][/LAYERS]:
                                 1, 2 or 3 extents, /LAYERS for an array;
                                 Wb: a 1-D buffer image of W texels),
                                 its bytes generated as elements of type T,
                                 not compared
  arg: imageout ORDER,TYPE EXT T GEN...  the same, read back afterwards and
                                 compared as elements of type T
  arg: sampler BITS              a sampler, OpenCL C's sampler_t bit field
                                 (pocl_run makes a cl_sampler of it)
  generator `randi LO HI`        same as randf (reads better for integers)
  generator `edge`               special values first (floats: NaN, +-Inf,
                                 +-0, +-min denormal, +-min normal, +-max,
                                 +-1, +-0.5, +-1.5, +-2.5 ...; integers: 0, 1,
                                 -1, min, max, min+1, max-1 ...), then `rand`
  generator `list V1 V2 ...`     the values, repeated; a float value written
                                 `#HEX` gives raw bits; nan/inf/-inf accepted

Kernels must write every byte of an `out` buffer they want compared (or
leave it zero), must not depend on the work-group size unless `local:` is
given (PoCL picks its own), and must avoid undefined behaviour.

Comparison is bit for bit, NaNs included: every bit of every element must
be PoCL's. Two header keys relax it for chosen elements, each with its
reason written in the header:

  //! ulp: SEL N FUNCTION (CLAUSE)
      the elements SEL may differ from PoCL's by up to N units in the last
      place (both finite, or both the same infinity), where N is the error
      bound the OpenCL C specification gives FUNCTION, and CLAUSE cites it,
      e.g. `//! ulp: 4[2/6] 2 smoothstep (OpenCL C 3.0 s7.4 table 68,
      "smoothstep <= 2 ulp" ...)`. Math kernels state one line a function.
  //! abs: SEL TOL FUNCTION (CLAUSE)
      the same with an absolute error tolerance (mix, smoothstep, cross,
      dot: the specification bounds them so).
  //! nan: SEL REASON
      where PoCL's element is a NaN, any NaN is accepted: only for the
      intentional differences listed in docs/testing.md ("NaN policy").

SEL is an argument index (the position of its `arg:` line, from 0), alone
(every element) or followed by [K/M] (elements e with e % M == K, counting
elements of the argument's type: a float4 is one element) or [K1,K2/M].
A ulp bound relative to PoCL is meaningful only with an oracle that also
bounds PoCL; docs/testing.md says which tests have one.
"""

import argparse
import os
import random
import re
import shutil
import struct
import subprocess
import sys

TARGETS = ("spir64", "spir")
OPTS = ("-O0", "-O2")
# --spirv-opt RECIPE: the -O0 modules reshaped by spirv-opt passes that are
# valid for the Kernel capability (other producers' shapes: SSA values for
# the loads and stores, folded constants, merged blocks, OpSelect for small
# branches, vector DCE, ...), translated and compared with PoCL like the rest
SPIRV_OPT = {
    "O": ["-O"],
    "ssa": ["--scalar-replacement=0", "--ssa-rewrite", "--ccp", "--simplify-instructions",
            "--copy-propagate-arrays", "--eliminate-dead-code-aggressive"],
    "shape": ["--eliminate-local-single-store", "--eliminate-local-multi-store",
              "--merge-blocks", "--if-conversion", "--merge-return", "--vector-dce",
              "--eliminate-dead-inserts", "--redundancy-elimination",
              "--eliminate-dead-branches", "--strength-reduction",
              "--eliminate-dead-code-aggressive", "--loop-unroll"],
}
STEP_TIMEOUT = 300   # one compile or run; the shared 2-core machine can be very loaded

# name: (bytes, kind, struct code); kind i = signed, u = unsigned, f = float
SCALARS = {
    "char": (1, "i", "b"), "uchar": (1, "u", "B"),
    "short": (2, "i", "h"), "ushort": (2, "u", "H"),
    "int": (4, "i", "i"), "uint": (4, "u", "I"),
    "long": (8, "i", "q"), "ulong": (8, "u", "Q"),
    "half": (2, "f", "e"), "float": (4, "f", "f"), "double": (8, "f", "d"),
}
UCODE = {1: "B", 2: "H", 4: "I", 8: "Q"}
FLOAT_EXP = {2: (10, 5), 4: (23, 8), 8: (52, 11)}  # mantissa bits, exp bits


class HeaderError(Exception):
    pass


class Type:
    def __init__(self, text):
        m = re.fullmatch(r"([a-z]+?)(2|3|4|8|16)?", text)
        if not m or m.group(1) not in SCALARS:
            raise HeaderError("unknown type %r" % text)
        self.name = text
        self.scalar = m.group(1)
        self.lanes = int(m.group(2) or 1)
        self.slots = 4 if self.lanes == 3 else self.lanes
        self.size, self.kind, self.code = SCALARS[self.scalar]
        self.bits = self.size * 8
        self.ucode = UCODE[self.size]

    def is_float(self):
        return self.kind == "f"

    # bit pattern <-> Python value
    def to_bits(self, v):
        if self.is_float():
            if isinstance(v, str) and v.startswith("#"):
                return int(v[1:], 16) & ((1 << self.bits) - 1)
            fv = float(v)
            return struct.unpack("<" + self.ucode,
                                 struct.pack("<" + self.code, fv))[0]
        return int(v) & ((1 << self.bits) - 1)

    def from_bits(self, b):
        if self.is_float():
            return struct.unpack("<" + self.code,
                                 struct.pack("<" + self.ucode, b))[0]
        if self.kind == "i" and b >= 1 << (self.bits - 1):
            return b - (1 << self.bits)
        return b

    def is_nan_bits(self, b):
        mant, exp = FLOAT_EXP[self.size]
        e = (b >> mant) & ((1 << exp) - 1)
        return e == (1 << exp) - 1 and (b & ((1 << mant) - 1)) != 0

    def is_finite_bits(self, b):
        mant, exp = FLOAT_EXP[self.size]
        return ((b >> mant) & ((1 << exp) - 1)) != (1 << exp) - 1

    def pack(self, bits_list):
        return struct.pack("<%d%s" % (len(bits_list), self.ucode), *bits_list)

    def unpack(self, data):
        n = len(data) // self.size
        return struct.unpack("<%d%s" % (n, self.ucode), data[:n * self.size])


def parse_number(t, text):
    """A header value for a scalar of type t, as a Python value or '#bits'."""
    text = text.strip()
    if t.is_float():
        if text.startswith("#"):
            return text
        low = text.lower()
        if "p" in low and ("0x" in low):
            return float.fromhex(text)
        return float(text)
    return int(text, 0)


def edge_values(t):
    if t.is_float():
        mant, exp = FLOAT_EXP[t.size]
        emax = (1 << exp) - 1
        sign = 1 << (t.bits - 1)
        specials = [
            emax << mant | 1 << (mant - 1),     # quiet NaN
            emax << mant,                       # +Inf
            sign | emax << mant,                # -Inf
            0, sign,                            # +-0
            1, sign | 1,                        # +-min denormal
            (1 << mant) - 1,                    # max denormal
            1 << mant, sign | 1 << mant,        # +-min normal
            (emax - 1) << mant | ((1 << mant) - 1),          # max
            sign | (emax - 1) << mant | ((1 << mant) - 1),   # -max
        ]
        for v in (1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, -3.5,
                  0.49999997, -0.49999997, 100.75, -100.25, 65536.5,
                  2147483520.0, -2147483648.0, 4294967040.0, 1e30, -1e30):
            try:
                specials.append(t.to_bits(v))
            except OverflowError:
                pass
        return specials
    w = t.bits
    if t.kind == "i":
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    else:
        lo, hi = 0, (1 << w) - 1
    vals = [0, 1, -1, lo, hi, lo + 1, hi - 1, 2, -2, 127, -128, 128, 255,
            256, 32767, -32768, 65535, 65536, (1 << 31) - 1, -(1 << 31),
            1 << 31, (1 << 32) - 1]
    return [t.to_bits(v) for v in vals]


def generate(t, count, gen, rng):
    """Bit patterns for count elements (count * t.slots scalars)."""
    n = count * t.slots
    if not gen:
        gen = ["zero"]
    g, rest = gen[0], gen[1:]
    mask = (1 << t.bits) - 1

    def rand_finite():
        if not t.is_float():
            return rng.getrandbits(t.bits)
        while True:
            b = rng.getrandbits(t.bits)
            if t.is_finite_bits(b):
                return b

    if g == "zero":
        return [0] * n
    if g == "iota":
        return [t.to_bits(float(i) if t.is_float() else i) for i in range(n)]
    if g == "rand":
        return [rand_finite() for _ in range(n)]
    if g == "randbits":
        return [rng.getrandbits(t.bits) for _ in range(n)]
    if g in ("randf", "randi"):
        if len(rest) != 2:
            raise HeaderError("%s needs LO HI" % g)
        lo, hi = parse_number(t, rest[0]), parse_number(t, rest[1])
        if t.is_float():
            return [t.to_bits(rng.uniform(lo, hi)) for _ in range(n)]
        return [rng.randint(lo, hi) & mask for _ in range(n)]
    if g == "const":
        if len(rest) != 1:
            raise HeaderError("const needs one value (or a comma list)")
        lanes = [t.to_bits(parse_number(t, x)) for x in rest[0].split(",")]
        if len(lanes) == 1:
            return lanes * n
        if len(lanes) != t.lanes:
            raise HeaderError("const: %d lanes for %s" % (len(lanes), t.name))
        lanes += [0] * (t.slots - t.lanes)
        return lanes * count
    if g == "edge":
        sp = edge_values(t)
        return [sp[i] if i < len(sp) else rand_finite() for i in range(n)]
    if g == "list":
        if not rest:
            raise HeaderError("list needs values")
        vals = [t.to_bits(parse_number(t, x)) for x in rest]
        return [vals[i % len(vals)] for i in range(n)]
    raise HeaderError("unknown generator %r" % g)


def parse_dims(text):
    parts = text.strip().split(",")
    if not 1 <= len(parts) <= 3:
        raise HeaderError("bad dimensions %r" % text)
    return [int(p, 0) for p in parts]


class Arg:
    def __init__(self, kind):
        self.kind = kind
        self.type = None
        self.count = 0
        self.data = b""
        self.value_text = None
        self.nbytes = 0
        self.buffer = False   # image: a 1-D buffer image (EXT Wb)


def parse_header(path, mark="//!"):
    h = {"kernel": None, "std": "CL1.2", "global": None, "local": None,
         "offset": None, "args": [], "ulp": [], "abs": [], "nan": [], "host-nan": [], "targets": list(TARGETS),
         "pocl-options": "", "build-options": [], "defines": [], "cflags": []}
    base = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for ln in lines:
        if not ln.startswith(mark):
            continue
        body = ln[len(mark):].strip()
        if ":" not in body:
            raise HeaderError("bad header line %r" % ln)
        key, val = body.split(":", 1)
        key, val = key.strip(), val.strip()
        if key == "kernel":
            h["kernel"] = val
        elif key == "cflags":
            h["cflags"] = val.split()
        elif key == "std":
            if val not in ("CL1.2", "CL2.0"):
                raise HeaderError("std must be CL1.2 or CL2.0")
            h["std"] = val
        elif key == "launch":
            # one launch a line, GLOBAL @ LOCAL: several NDRanges in one file
            if "@" not in val:
                raise HeaderError("launch: GLOBAL @ LOCAL")
            gl, lo = val.split("@", 1)
            h.setdefault("launch_list", []).append((parse_dims(gl), parse_dims(lo)))
        elif key == "local":
            # alternatives separated by |: the kernel runs once with each
            h["locals"] = [parse_dims(v) for v in val.split("|")]
            h["local"] = h["locals"][0]
        elif key in ("global", "offset"):
            h[key] = parse_dims(val)
        elif key == "targets":
            ts = val.split()
            if not ts or any(t not in TARGETS for t in ts):
                raise HeaderError("targets: spir64 and/or spir")
            h["targets"] = ts
        elif key == "serial-only":
            # no threaded build: the reason is printed with the result
            if not val:
                raise HeaderError("serial-only: REASON")
            h["serial-only"] = val
        elif key == "threads":
            # tests/spvasm/run.py: also build and run the threaded executor
            if not val:
                raise HeaderError("threads: REASON")
            h["threads"] = val
        elif key == "no-clang-native":
            if not val:
                raise HeaderError("no-clang-native: REASON")
            h["no-clang-native"] = val
        elif key == "stdout":
            if val != "compare":
                raise HeaderError("stdout: compare")
            h["stdout"] = True
            h.setdefault("serial-only", "printf: the threaded executor prints in any order")
        elif key == "no-platform":
            # check.py --platform: this kernel cannot run through the
            # platform, for the reason given (printed with every result)
            if not val:
                raise HeaderError("no-platform: REASON")
            h["no-platform"] = val
        elif key == "pocl-options":
            h["pocl-options"] = val
        elif key == "build-options":
            h["build-options"] = val.split()
        elif key == "defines":
            # alternatives separated by |: the whole test runs once with each
            # (e.g. -DSRC_FLOAT | -DSRC_DOUBLE), for PoCL and clang alike
            h["defines"] = [v.strip() for v in val.split("|")]
        elif key == "ulp":
            w = val.split(None, 3)
            if len(w) < 4 or not w[3].startswith("(") or not w[3].endswith(")"):
                raise HeaderError("ulp: SEL N FUNCTION (CLAUSE): the bound needs its "
                                  "function and the specification clause that gives it")
            h["ulp"].append((parse_sel(w[0]), int(w[1]), w[2]))
        elif key == "abs":
            w = val.split(None, 3)
            if len(w) < 4 or not w[3].startswith("(") or not w[3].endswith(")"):
                raise HeaderError("abs: SEL TOL FUNCTION (CLAUSE): the bound needs its "
                                  "function and the specification clause that gives it")
            h["abs"].append((parse_sel(w[0]), float(w[1]), w[2]))
        elif key == "nan":
            w = val.split(None, 1)
            if len(w) < 2:
                raise HeaderError("nan: SEL REASON")
            h["nan"].append(parse_sel(w[0]))
        elif key == "host-nan":
            # for tests/cross only: the host FPU's NaN bits (sign, payload)
            # may differ between CPUs there; PoCL runs on this host
            w = val.split(None, 1)
            if len(w) < 2:
                raise HeaderError("host-nan: SEL REASON")
            h["host-nan"].append(parse_sel(w[0]))
        elif key == "arg":
            h["args"].append(parse_arg(val, base, len(h["args"])))
        else:
            raise HeaderError("unknown header key %r" % key)
    if not h["kernel"]:
        raise HeaderError("no //! kernel:")
    if h.get("launch_list"):
        if h["global"] or h["local"]:
            raise HeaderError("launch: replaces global: and local:")
        for g, l in h["launch_list"]:
            if len(g) != len(l):
                raise HeaderError("launch: local has not as many dimensions as global")
        h["global"] = h["launch_list"][0][0]
    if not h["global"]:
        raise HeaderError("no //! global:")
    for k in ("local", "offset"):
        if h[k] and len(h[k]) != len(h["global"]):
            raise HeaderError("%s has not as many dimensions as global" % k)
    for l in h.get("locals", []):
        if len(l) != len(h["global"]):
            raise HeaderError("local has not as many dimensions as global")
    h.setdefault("locals", [h["local"]])
    h.setdefault("launch_list", [(h["global"], l) for l in h["locals"]])
    return h


def parse_sel(text):
    """ARG, ARG[K/M] or ARG[K1,K2/M] -> (arg, ks or None, m)"""
    m = re.fullmatch(r"(\d+)(?:\[([\d,]+)/(\d+)\])?", text)
    if not m:
        raise HeaderError("bad element selection %r (ARG or ARG[K/M])" % text)
    if m.group(2) is None:
        return (int(m.group(1)), None, 1)
    ks = frozenset(int(k) for k in m.group(2).split(","))
    mod = int(m.group(3))
    if mod < 1 or any(k >= mod for k in ks):
        raise HeaderError("bad element selection %r" % text)
    return (int(m.group(1)), ks, mod)


def selected(sel, arg, element):
    a, ks, mod = sel
    return a == arg and (ks is None or element % mod in ks)


# the channel orders and data types image arguments take (CL_R.., CL_SNORM_INT8..)
IMAGE_ORDERS = {"R": 1, "A": 1, "RG": 2, "RA": 2, "RGB": 3, "RGBA": 4, "BGRA": 4, "ARGB": 4,
                "INTENSITY": 1, "LUMINANCE": 1, "Rx": 1, "RGx": 2, "RGBx": 3}
IMAGE_TYPES = {"SNORM_INT8": 1, "SNORM_INT16": 2, "UNORM_INT8": 1, "UNORM_INT16": 2,
               "UNORM_SHORT_565": 0, "UNORM_SHORT_555": 0, "UNORM_INT_101010": 0,
               "SIGNED_INT8": 1, "SIGNED_INT16": 2, "SIGNED_INT32": 4, "UNSIGNED_INT8": 1,
               "UNSIGNED_INT16": 2, "UNSIGNED_INT32": 4, "HALF_FLOAT": 2, "FLOAT": 4}
COMPARED = ("out", "inout", "imageout")


def image_bytes(fmt, ext):
    """The bytes of an image of format ORDER,TYPE and extents W[xH[xD]][/LAYERS]."""
    m = re.fullmatch(r"(\w+),(\w+)", fmt)
    e = re.fullmatch(r"(\d+)(?:x(\d+))?(?:x(\d+))?(?:/(\d+))?", ext)
    if not m or m.group(1) not in IMAGE_ORDERS or m.group(2) not in IMAGE_TYPES or not e:
        raise HeaderError("image ORDER,TYPE W[xH[xD]][/LAYERS]: %s %s" % (fmt, ext))
    size = IMAGE_TYPES[m.group(2)] * IMAGE_ORDERS[m.group(1)]
    if not size:
        size = 4 if m.group(2) == "UNORM_INT_101010" else 2
    for g in e.groups():
        size *= int(g or 1)
    return size


def parse_arg(text, base, index):
    w = text.split()
    if not w:
        raise HeaderError("empty arg")
    kind = w[0]
    a = Arg(kind)
    rng = random.Random("%s:%d" % (base, index))
    if kind in ("out", "inout", "in"):
        if len(w) < 3:
            raise HeaderError("arg: %s TYPE COUNT ..." % kind)
        a.type = Type(w[1])
        a.count = int(w[2], 0)
        if kind == "out":
            if len(w) != 3:
                raise HeaderError("out takes no generator")
            a.nbytes = a.count * a.type.slots * a.type.size
        else:
            a.data = a.type.pack(generate(a.type, a.count, w[3:], rng))
            a.nbytes = len(a.data)
    elif kind == "val":
        if len(w) != 3:
            raise HeaderError("arg: val TYPE VALUE")
        a.type = Type(w[1])
        if a.type.scalar == "half":
            raise HeaderError("half by value is not supported")
        lanes = w[2].split(",")
        if len(lanes) != a.type.lanes:
            raise HeaderError("val %s needs %d lanes" % (a.type.name,
                                                         a.type.lanes))
        bits = [a.type.to_bits(parse_number(a.type, x)) for x in lanes]
        texts = []
        for b in bits:
            v = a.type.from_bits(b)
            texts.append(repr(v) if a.type.is_float() else str(v))
        a.value_text = ",".join(texts)
        a.data = a.type.pack(bits + [0] * (a.type.slots - a.type.lanes))
    elif kind == "valbytes":
        if len(w) != 2:
            raise HeaderError("arg: valbytes HEX")
        a.data = bytes.fromhex(w[1])
    elif kind in ("image", "imageout"):
        if len(w) < 4:
            raise HeaderError("arg: %s ORDER,TYPE EXTENTS T GEN..." % kind)
        a.buffer = re.fullmatch(r"\d+b", w[2]) is not None
        ext = w[2][:-1] if a.buffer else w[2]
        a.spec = w[1] + ":" + ext
        a.type = Type(w[3])
        nbytes = image_bytes(w[1], ext)
        if nbytes % (a.type.slots * a.type.size):
            raise HeaderError("%s: %d bytes are not elements of %s" % (kind, nbytes, w[3]))
        a.count = nbytes // (a.type.slots * a.type.size)
        a.data = a.type.pack(generate(a.type, a.count, w[4:] or ["zero"], rng))
        a.nbytes = len(a.data)
    elif kind == "sampler":
        if len(w) != 2:
            raise HeaderError("arg: sampler BITS")
        a.value_text = str(int(w[1], 0))
    elif kind in ("local", "scratch"):
        if len(w) != 2:
            raise HeaderError("arg: %s BYTES" % kind)
        a.nbytes = int(w[1], 0)
    else:
        raise HeaderError("unknown arg kind %r" % kind)
    return a


def dims_text(d):
    return ",".join(str(x) for x in d)


def launch_options(h, glob, local):
    opts = ["--global", dims_text(glob)]
    if local:
        opts += ["--local", dims_text(local)]
    if h["offset"]:
        opts += ["--offset", dims_text(h["offset"])]
    return opts


def write_inputs(h, d):
    """Writes input files into d; returns per-arg paths."""
    os.makedirs(d, exist_ok=True)
    paths = []
    for i, a in enumerate(h["args"]):
        p = os.path.join(d, "arg%d.in" % i)
        if a.kind in ("in", "inout", "val", "valbytes", "image", "imageout"):
            with open(p, "wb") as f:
                f.write(a.data)
        paths.append(p)
    return paths


def arg_list(h, inpaths, outdir, text_values):
    out = []
    for i, a in enumerate(h["args"]):
        o = os.path.join(outdir, "arg%d.out" % i)
        if a.kind == "in":
            out.append("in:" + inpaths[i])
        elif a.kind == "out":
            out.append("out:%d:%s" % (a.nbytes, o))
        elif a.kind == "inout":
            out.append("inout:%s:%s" % (inpaths[i], o))
        elif a.kind == "scratch":
            out.append("size:%d" % a.nbytes)
        elif a.kind == "local":
            out.append("local:%d" % a.nbytes)
        elif a.kind == "val" and text_values:
            out.append(a.value_text)
        elif a.kind in ("image", "imageout"):
            # pocl_run makes a 1-D buffer image of imagebuf:; spv2c's --main
            # takes it as the 1-D image it is to the generated code
            pre = "imagebuf:" if a.buffer and not text_values else "image:"
            out.append("%s%s:%s%s" % (pre, a.spec, inpaths[i],
                                      ":" + o if a.kind == "imageout" else ""))
        elif a.kind == "sampler":
            out.append(a.value_text if text_values else "sampler:" + a.value_text)
        else:
            out.append("val:" + inpaths[i])
    return out


def shell_quote(args):
    return " ".join(a if re.fullmatch(r"[\w./:,=+-]+", a) else
                    "'" + a.replace("'", "'\\''") + "'" for a in args)


class StepFailed(Exception):
    pass


# meson sets MALLOC_PERTURB_ (a random byte) for every test: good for spv2c
# and the programs it generates, but llvm-spirv-15 itself crashes when the
# byte is 1 (it reads uninitialised heap memory), so the other tools run
# without it
PERTURB = os.environ.pop("MALLOC_PERTURB_", None)
OWN = ("spv2c", "generated program", "threaded program")


def run(cmd, cwd=None, what=None):
    env = dict(os.environ)
    if PERTURB is not None and what in OWN:
        env["MALLOC_PERTURB_"] = PERTURB
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, env=env,
                           stderr=subprocess.STDOUT, timeout=STEP_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise StepFailed("%s: timed out after %ds\n  $ %s"
                         % (what or cmd[0], STEP_TIMEOUT, shell_quote(cmd)))
    except OSError as e:
        raise StepFailed("%s: %s\n  $ %s" % (what or cmd[0], e,
                                             shell_quote(cmd)))
    if p.returncode != 0:
        text = p.stdout.decode("utf-8", "replace")
        lines = text.splitlines()
        if len(lines) > 40:
            lines = lines[:40] + ["... (%d more lines)" % (len(lines) - 40)]
        raise StepFailed("%s: exit status %d\n  $ %s%s"
                         % (what or cmd[0], p.returncode, shell_quote(cmd),
                            "".join("\n  | " + x for x in lines)))
    return p


def run_stdout(cmd, cwd=None, what=None, env_extra=None):
    """run() for a step whose stdout is compared (printf): its stdout bytes;
    stderr is shown only when the step fails"""
    env = dict(os.environ)
    env.update(env_extra or {})
    if PERTURB is not None and what in OWN:
        env["MALLOC_PERTURB_"] = PERTURB
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, env=env,
                           stderr=subprocess.PIPE, timeout=STEP_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise StepFailed("%s: timed out after %ds\n  $ %s"
                         % (what or cmd[0], STEP_TIMEOUT, shell_quote(cmd)))
    except OSError as e:
        raise StepFailed("%s: %s\n  $ %s" % (what or cmd[0], e, shell_quote(cmd)))
    if p.returncode != 0:
        lines = p.stderr.decode("utf-8", "replace").splitlines()[:40]
        raise StepFailed("%s: exit status %d\n  $ %s%s"
                         % (what or cmd[0], p.returncode, shell_quote(cmd),
                            "".join("\n  | " + x for x in lines)))
    return p.stdout


def compare_stdout(label, ref_path, got, ref_name="PoCL", got_name="spv2c"):
    """printf output: byte for byte; the first differing line is shown"""
    with open(ref_path, "rb") as f:
        ref = f.read()
    if ref == got:
        return []
    rl, gl = ref.split(b"\n"), got.split(b"\n")
    k = next((i for i in range(min(len(rl), len(gl))) if rl[i] != gl[i]), min(len(rl), len(gl)))
    return ["%s: stdout differs (%d bytes, %s printed %d) at line %d:"
            % (label, len(got), ref_name, len(ref), k + 1),
            "  %-8s %r" % (got_name, gl[k] if k < len(gl) else b"(end)"),
            "  %-8s %r" % (ref_name, rl[k] if k < len(rl) else b"(end)")]


def ulp_distance(t, a, b):
    sign = 1 << (t.bits - 1)

    def ordered(x):
        return -(x & (sign - 1)) if x & sign else x
    return abs(ordered(a) - ordered(b))


def show(t, b):
    v = t.from_bits(b)
    if t.is_float():
        return "%r (0x%0*x)" % (v, t.size * 2, b)
    return "%d (0x%0*x)" % (v, t.size * 2, b)


def accepted(h, t, arg, element, ref, got):
    """whether float bits got may stand for PoCL's ref (they differ): only
    under a nan: or ulp: line selecting the element"""
    rn, gn = t.is_nan_bits(ref), t.is_nan_bits(got)
    if rn or gn:
        return rn and gn and any(selected(s, arg, element) for s in h["nan"])
    if not (t.is_finite_bits(ref) and t.is_finite_bits(got)):
        return False
    tol = max([n for s, n, _ in h["ulp"] if selected(s, arg, element)], default=0)
    if ulp_distance(t, ref, got) <= tol:
        return True
    atol = [x for s, x, _ in h["abs"] if selected(s, arg, element)]
    return bool(atol) and abs(t.from_bits(ref) - t.from_bits(got)) <= max(atol)


def compare(h, variant, i, a, ref_path, got_path, names=("spv2c", "PoCL")):
    """Returns a list of message lines (empty when equal); names: what made
    got_path's bytes and what made ref_path's, for the messages."""
    with open(ref_path, "rb") as f:
        ref = f.read()
    try:
        with open(got_path, "rb") as f:
            got = f.read()
    except OSError as e:
        return ["%s: arg %d: cannot read output: %s" % (variant, i, e)]
    if len(ref) != len(got):
        return ["%s: arg %d (%s %s): %d bytes, %s wrote %d"
                % (variant, i, a.kind, a.type.name, len(got), names[1], len(ref))]
    if ref == got:
        return []
    t = a.type
    rv, gv = t.unpack(ref), t.unpack(got)
    bad = []
    for k in range(len(rv)):
        if t.lanes == 3 and k % 4 == 3:
            continue
        x, y = rv[k], gv[k]
        if x == y:
            continue
        if t.is_float() and not accepted(h, t, i, k // t.slots, x, y):
            bad.append(k)
        elif not t.is_float():
            bad.append(k)
    if not bad:
        return []
    msg = ["%s: arg %d (%s %s %d): %d element(s) differ"
           % (variant, i, a.kind, t.name, a.count, len(bad))]
    for k in bad[:8]:
        where = "[%d]" % k
        if t.lanes > 1:
            where = "[%d].s%x" % (k // t.slots, k % t.slots)
        extra = ""
        if t.is_float() and not (t.is_nan_bits(rv[k]) or t.is_nan_bits(gv[k])):
            extra = "  (%d ulp)" % ulp_distance(t, rv[k], gv[k])
        msg.append("  %s: %s %s, %s %s%s"
                   % (where, names[0], show(t, gv[k]), names[1], show(t, rv[k]), extra))
    return msg


WARN = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]


def c_builds(found, h, target, opt, native, csrc):
    """The builds of one variant's generated C: (folder, command, label).

    Every variant runs built with cc -O2 and clang -O2 (both warning-free),
    and, when the compilers take it, with -O3 -march=native (the vectorisers
    and the host's widest vectors). cc -O3 -march=native runs on every
    variant; clang -O3 -march=native on the -O2 modules only (an -O0 module's
    loads and stores of locals are what clang's own -O2 already reduces, so
    it would add compile time, not a new shape). spir64 -O2 also runs the
    threaded executor (-fopenmp -DSPV2C_THREADS): it must give the same bits."""
    cf = h["cflags"]
    b = [("cc-O2", [found["cc"]] + WARN + ["-O2"] + cf + [csrc], "cc -O2"),
         ("clang-O2", [found["clang-cc"]] + WARN + ["-O2"] + cf + [csrc], "clang -O2")]
    if native["cc"]:
        b.append(("cc-O3n", [found["cc"], "-std=c99", "-O3", "-march=native"] + cf + [csrc],
                  "cc -O3 -march=native"))
    if native["clang-cc"] and opt == "-O2" and not h.get("no-clang-native"):
        b.append(("clang-O3n", [found["clang-cc"], "-std=c99", "-O3", "-march=native"] + cf
                  + [csrc], "clang -O3 -march=native"))
    if target == "spir64" and opt == "-O2" and not h.get("serial-only"):
        b.append(("threads", [found["cc"], "-std=c99", "-O2"] + cf
                  + ["-fopenmp", "-DSPV2C_THREADS", csrc], "cc -O2 -fopenmp"))
    return b


def full_matrix():
    """SPV2C_FULL=1 (scripts/test --full): every build on every variant"""
    return os.environ.get("SPV2C_FULL", "") not in ("", "0")


def suite_builds(h, target, opt, builds):
    """The suite's slice of the build matrix (docs/testing.md, "run"): every
    variant is translated, built with cc -O2 (warning-free), run and compared;
    the other builds (clang -O2, the -O3 -march=native ones, the threaded
    executor) run on the main variant only (spir64 -O2, or spir -O2 for a
    spir-only kernel: the platform's variant). The rest of the matrix, each
    of those builds on the other three modules, runs under SPV2C_FULL=1."""
    if (target, opt, None) == platform_variant(h)[0]:
        return builds
    return builds[:1]


SPIRV_OPT_INVALID = "spirv-val (spirv-opt made an invalid module: a spirv-tools bug)"


def variant_name(target, opt, recipe):
    """spir64-O2, or spir64-O0+ssa for a module reshaped by spirv-opt"""
    return target + opt + ("+" + recipe if recipe else "")


def takes_native(cc):
    """whether cc accepts -march=native (gcc and clang do on x86 and arm64)"""
    try:
        return subprocess.run([cc, "-march=native", "-x", "c", "-E", os.devnull],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


# what provides each tool (Debian 12 packages; scripts/setup installs them)
INSTALL = {
    "clang": "clang-15",
    "llvm-spirv": "llvm-spirv-15",
    "cc": "gcc",
    "clang-cc": "clang-15",
    "spirv-as": "spirv-tools",
    "spirv-opt": "spirv-tools",
    "spirv-val": "spirv-tools",
    "pocl_run": "ocl-icd-opencl-dev opencl-headers pocl-opencl-icd, then rebuild",
    "spv2c": "nothing: build spv2c first (ninja -C build)",
}


def in_ci():
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing_tool(name, key, path):
    """A tool is missing: skip (77) on a developer's machine, fail under CI."""
    hint = "install %s (scripts/setup installs everything)" % INSTALL.get(key, key)
    if in_ci():
        print("FAIL %s: %s not found (%s): %s; CI=true, so a missing tool "
              "fails the suite" % (name, key, path, hint))
        return 1
    print("SKIP %s: %s not found (%s): %s" % (name, key, path, hint))
    return 77


def combined_status(statuses):
    """One exit status for several defines: variants: any failure fails
    (a skipped variant cannot hide a failing one), else any skip skips."""
    if any(s not in (0, 77) for s in statuses):
        return 1
    return 77 if 77 in statuses else 0


SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def coverage_templates(wd):
    """A templates folder for `spv2c --templates` holding only a prelude.lua
    that turns the coverage comments on (templates/prelude.lua, the end)."""
    d = os.path.join(wd, "cov-templates")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(SOURCE_ROOT, "templates", "prelude.lua"), encoding="utf-8") as f:
        text = "SPV2C_COVERAGE = true\n" + f.read()
    with open(os.path.join(d, "prelude.lua"), "w", encoding="utf-8") as f:
        f.write(text)
    return d


def coverage_step(spv2c, wd, spv):
    """the second translation, with the coverage comments, into k.cov.c
    (scripts/coverage reads them; it is not compiled)"""
    return ([spv2c, "--templates", coverage_templates(wd), spv, "-o",
             os.path.join(os.path.dirname(spv), "k.cov.c")], "spv2c (coverage)")


# check.py --platform: the kernel through the OpenCL platform (platform/,
# docs/design/platform.md) by tests/platform/pyocl_run.py, compared bit for
# bit with this direct variant's cc -O2 build. The platform's front end is
# spv2c's .cl path: clang -O2 for spir64 (src/cl/driver.c), the C built
# with cc -O2 (and -fopenmp -DSPV2C_THREADS: the threaded executor, which
# must give the serial build's bits). A kernel for spir alone (targets:
# spir) is built by the platform with its option -target spir (libspv2c's)
# and compared with spir-O2.
PLATFORM_BUILD = "cc-O2"


def platform_variant(h):
    """the direct variant the platform's build is compared with, and the
    build options that make the platform's module of that target"""
    if "spir64" in h["targets"]:
        return ("spir64", "-O2", None), []
    return ("spir", "-O2", None), ["-target", "spir"]
PYOCL_RUN = os.path.join(SOURCE_ROOT, "tests", "platform", "pyocl_run.py")


def pyopencl_python():
    """a Python that imports pyopencl (this one, else the system's): Debian's
    python3-pyopencl is built for /usr/bin/python3, and meson may run this
    script with another"""
    for py in (sys.executable, "/usr/bin/python3"):
        try:
            if subprocess.run([py, "-c", "import pyopencl"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=120).returncode == 0:
                return py
        except (OSError, subprocess.TimeoutExpired):
            pass
    return None


def platform_runs(o, h, found, wd, kpath, launches, options, inpaths):
    """each launch through the platform, compared with the direct variant's
    cc -O2 outputs (and stdout); the failure messages"""
    icd = os.path.abspath(o.platform)
    env = {"OCL_ICD_VENDORS": icd, "POCL_RUN_PLATFORM": "spv2c",
           "SPV2C_CL_CACHE_DIR": os.path.join(wd, "platform-cache")}
    if h.get("stdout"):
        env["OMP_NUM_THREADS"] = "1"   # one thread: the work-groups print in order
    direct = os.path.join(wd, variant_name(*platform_variant(h)[0]), PLATFORM_BUILD)
    exact = dict(h, ulp=[], abs=[], nan=[])   # bit for bit: no tolerance
    msgs = []
    for k, launch in launches:
        pd = os.path.join(wd, "platform", "L%d" % k)
        dd = os.path.join(direct, "L%d" % k)
        os.makedirs(pd, exist_ok=True)
        cmd = ([found["pyopencl-python"], PYOCL_RUN, kpath, options, h["kernel"]] + launch
               + arg_list(h, inpaths, pd, False))
        label = "platform" + (" launch %d" % k if len(launches) > 1 else "")
        try:
            got = run_stdout(cmd, cwd=pd, what="platform (pyocl_run)", env_extra=env)
        except StepFailed as e:
            msgs.append("%s: %s" % (label, e))
            continue
        if o.verbose:
            print("  $ " + " ".join("%s=%s" % kv for kv in sorted(env.items())) + " "
                  + shell_quote(cmd))
        m = []
        if h.get("stdout"):
            m += compare_stdout(label, os.path.join(dd, "stdout"), got,
                                ref_name="direct", got_name="platform")
        for i, a in enumerate(h["args"]):
            if a.kind in COMPARED:
                m += compare(exact, label, i, a, os.path.join(dd, "arg%d.out" % i),
                             os.path.join(pd, "arg%d.out" % i), names=("platform", "direct"))
        if m:
            m.append("  $ OCL_ICD_VENDORS=%s %s" % (icd, shell_quote(cmd)))
        msgs += m
    return msgs


def find_tool(name):
    if os.sep in name:
        name = os.path.abspath(name)   # steps run in other directories
        return name if os.access(name, os.X_OK) else None
    return shutil.which(name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernel")
    ap.add_argument("--spv2c")
    ap.add_argument("--pocl-run", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--clang", default="clang-15")
    ap.add_argument("--llvm-spirv", default="llvm-spirv-15")
    ap.add_argument("--clang-cc", default="clang-15",
                    help="the second C compiler the generated C is built and run with")
    ap.add_argument("--pocl-only", action="store_true",
                    help="only run PoCL and the clang/llvm-spirv compiles")
    ap.add_argument("--variant", action="append", metavar="TARGET-OPT",
                    help="run only this variant (e.g. spir64-O2); repeatable")
    ap.add_argument("--spirv-opt", action="append", metavar="RECIPE", choices=sorted(SPIRV_OPT),
                    help="also run the -O0 modules reshaped by spirv-opt (a recipe of "
                         "SPIRV_OPT), built with cc -O2; repeatable")
    ap.add_argument("--platform", metavar="ICD",
                    help="also run the kernel through the OpenCL platform whose .icd file "
                         "this is (pyopencl, tests/platform/pyocl_run.py) and compare it bit "
                         "for bit with spir64-O2's cc -O2 build")
    ap.add_argument("--build", action="append", metavar="NAME",
                    help="build the generated C only so (cc-O2, clang-O2, cc-O3n, "
                         "clang-O3n, threads); repeatable")
    ap.add_argument("--define", default=None,
                    help="run one alternative of the file's defines: (used internally)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print every command")
    o = ap.parse_args()
    try:
        alternatives = parse_header(o.kernel)["defines"]
    except (HeaderError, ValueError, OverflowError):
        alternatives = []
    if alternatives and o.define is None:
        # one run of this script an alternative, each in its own folder
        statuses = []
        for k, d in enumerate(alternatives):
            argv = [a for a in sys.argv[1:]]
            wd = argv.index("--workdir")
            argv[wd + 1] = os.path.join(argv[wd + 1], "D%d" % k)
            r = subprocess.run([sys.executable, os.path.abspath(__file__)] + argv
                               + ["--define=" + d])
            statuses.append(r.returncode)
        return combined_status(statuses)

    name = os.path.basename(o.kernel) + (" " + o.define if o.define else "")
    try:
        h = parse_header(o.kernel)
    except (HeaderError, ValueError, OverflowError) as e:
        print("%s: header: %s" % (name, e))
        return 1
    extra = (o.define.split() if o.define else []) + h["build-options"]

    tools = {"clang": o.clang, "llvm-spirv": o.llvm_spirv,
             "pocl_run": o.pocl_run}
    if o.spirv_opt:
        tools["spirv-opt"] = "spirv-opt"
        tools["spirv-val"] = "spirv-val"
    if not o.pocl_only:
        if not o.spv2c:
            print("%s: --spv2c is required (or --pocl-only)" % name)
            return 1
        tools["spv2c"] = o.spv2c
        tools["cc"] = o.cc
        tools["clang-cc"] = o.clang_cc
    excluded = ""
    if o.platform:
        if o.pocl_only:
            print("%s: --platform needs the direct path (not --pocl-only)" % name)
            return 1
        if h.get("no-platform"):
            o.platform = None
            excluded = " [no-platform: %s]" % h["no-platform"]
    found = {}
    for k, v in tools.items():
        found[k] = find_tool(v)
        if not found[k]:
            return missing_tool(name, k, v)
    if o.platform:
        found["pyopencl-python"] = pyopencl_python()
        if not found["pyopencl-python"]:
            return missing_tool(name, "pyopencl", "import pyopencl")

    kpath = os.path.abspath(o.kernel)
    wd = os.path.abspath(o.workdir)
    os.makedirs(wd, exist_ok=True)
    inpaths = write_inputs(h, os.path.join(wd, "inputs"))
    # one launch a local size; each gets its own PoCL reference folder
    launches = [(k, launch_options(h, g, l)) for k, (g, l) in enumerate(h["launch_list"])]

    # PoCL reference
    build_opts = ("-cl-std=" + h["std"] + " " + h["pocl-options"] + " "
                  + " ".join(extra)).strip()
    for k, launch in launches:
        pocl_dir = os.path.join(wd, "pocl", "L%d" % k)
        os.makedirs(pocl_dir, exist_ok=True)
        cmd = ([found["pocl_run"], kpath, build_opts, h["kernel"]] + launch
               + arg_list(h, inpaths, pocl_dir, False))
        try:
            if h.get("stdout"):
                # one PoCL thread: its work-groups print in order
                text = run_stdout(cmd, what="PoCL", env_extra={"POCL_MAX_PTHREAD_COUNT": "1"})
                if not text:
                    print("FAIL %s: stdout: compare, but PoCL printed nothing" % name)
                    return 1
                with open(os.path.join(pocl_dir, "stdout"), "wb") as f:
                    f.write(text)
            else:
                run(cmd, what="PoCL")
        except StepFailed as e:
            print("FAIL %s: %s" % (name, e))
            return 1
        if o.verbose:
            print("  $ " + shell_quote(cmd))
    if o.pocl_only:
        for i, a in enumerate(h["args"]):
            if a.kind in COMPARED:
                with open(os.path.join(wd, "pocl", "L0", "arg%d.out" % i), "rb") as f:
                    data = f.read()
                if a.kind == "out" and not any(data):
                    print("note: %s: PoCL left arg %d all zero" % (name, i))
                elif a.kind != "out" and data == a.data:
                    print("note: %s: PoCL left arg %d unchanged" % (name, i))

    failures = []
    native = {}
    if not o.pocl_only:
        native = {k: takes_native(found[k]) for k in ("cc", "clang-cc")}
    variants = [(t, opt, None) for t in h["targets"] for opt in OPTS]
    variants += [(t, "-O0", r) for r in (o.spirv_opt or []) for t in h["targets"]]
    if o.variant:
        unknown = set(o.variant) - set(variant_name(*v) for v in variants)
        if unknown:
            print("%s: no variant %s" % (name, ", ".join(sorted(unknown))))
            return 1
        variants = [v for v in variants if variant_name(*v) in o.variant]
    if o.platform and (platform_variant(h)[0] not in variants
                       or (o.build and PLATFORM_BUILD not in o.build)):
        print("FAIL %s: --platform compares with %s's %s build, which this run leaves out"
              % (name, variant_name(*platform_variant(h)[0]), PLATFORM_BUILD))
        return 1
    for target, opt, recipe in variants:
        variant = variant_name(target, opt, recipe)
        vd = os.path.join(wd, variant)
        os.makedirs(vd, exist_ok=True)
        bc, spv = os.path.join(vd, "k.bc"), os.path.join(vd, "k.spv")
        csrc = os.path.join(vd, "k.c")
        steps = [
            ([found["clang"], "-cl-std=" + h["std"], "-target", target, opt,
              "-emit-llvm", "-c", kpath, "-o", bc] + extra + [
              "-Xclang", "-finclude-default-header"], "clang"),
            ([found["llvm-spirv"], bc, "-o", spv], "llvm-spirv"),
        ]
        if recipe:
            spv0, spv = spv, os.path.join(vd, "k.opt.spv")
            steps.append(([found["spirv-opt"]] + SPIRV_OPT[recipe] + [spv0, "-o", spv],
                          "spirv-opt"))
            # spirv-opt 2023.1 makes invalid modules of some Kernel modules
            # (an OpPhi of a pointer and an integer 0): that is its bug, and
            # spv2c rightly rejects them; said so, not blamed on spv2c
            steps.append(([found["spirv-val"], spv], SPIRV_OPT_INVALID))
        if not o.pocl_only:
            steps.append(([found["spv2c"], spv, "--main", "-o", csrc], "spv2c"))
            steps.append(coverage_step(found["spv2c"], wd, spv))
        try:
            for cmd, what in steps:
                run(cmd, cwd=vd, what=what)
                if o.verbose:
                    print("  $ " + shell_quote(cmd))
            if o.pocl_only:
                continue
            # each build of the generated C once, then run for every launch
            progs = []
            builds = c_builds(found, h, target, opt, native, csrc)
            if o.build:
                builds = [b for b in builds if b[0] in o.build]
            elif not full_matrix():
                builds = suite_builds(h, target, opt, builds)
            for sub, cmd, what in builds[:1] if recipe else builds:
                bd = os.path.join(vd, sub)
                os.makedirs(bd, exist_ok=True)
                exe = os.path.join(bd, "k")
                run(cmd + ["-o", exe, "-lm"], cwd=bd, what=what)
                if o.verbose:
                    print("  $ " + shell_quote(cmd + ["-o", exe, "-lm"]))
                progs.append((exe, bd, what))
            for k, launch in launches:
                pocl_dir = os.path.join(wd, "pocl", "L%d" % k)
                g, l = h["launch_list"][k]
                label = variant + (" global %s local %s" % (dims_text(g), dims_text(l) if l else "-")
                                   if len(launches) > 1 else "")
                for prog, bd, what in progs:
                    od = os.path.join(bd, "L%d" % k)
                    os.makedirs(od, exist_ok=True)
                    for i, a in enumerate(h["args"]):
                        if a.kind in COMPARED:
                            p = os.path.join(od, "arg%d.out" % i)
                            if os.path.exists(p):
                                os.remove(p)
                    cmd = ([prog, h["kernel"]] + launch + arg_list(h, inpaths, od, True))
                    msgs = []
                    if h.get("stdout"):
                        got = run_stdout(cmd, cwd=od, what="generated program")
                        with open(os.path.join(od, "stdout"), "wb") as f:
                            f.write(got)
                        msgs += compare_stdout(label + " (" + what + ")",
                                               os.path.join(pocl_dir, "stdout"), got)
                    else:
                        run(cmd, cwd=od, what="generated program")
                    if o.verbose:
                        print("  $ " + shell_quote(cmd))
                    for i, a in enumerate(h["args"]):
                        if a.kind in COMPARED:
                            msgs += compare(h, label + " (" + what + ")", i, a,
                                            os.path.join(pocl_dir, "arg%d.out" % i),
                                            os.path.join(od, "arg%d.out" % i))
                    if msgs:
                        msgs.append("  $ " + shell_quote(cmd))
                        failures.append("\n".join(msgs))
        except StepFailed as e:
            failures.append("%s: %s" % (variant, e))
    if o.platform:
        failures += platform_runs(o, h, found, wd, kpath, launches,
                                  " ".join(["-cl-std=" + h["std"]] + extra
                                           + platform_variant(h)[1]), inpaths)

    if failures:
        print("FAIL %s%s" % (name, excluded))
        for f in failures:
            print(f)
        return 1
    slice_note = ""
    if not (o.pocl_only or o.build or full_matrix()) and len(variants) > 1:
        slice_note = (" [suite slice: clang, -O3 and threaded builds on %s only; "
                      "SPV2C_FULL=1 builds every variant so]"
                      % variant_name(*platform_variant(h)[0]))
    print("PASS %s (%s)%s%s%s%s" % (name, ", ".join(variant_name(*v) for v in variants),
                                " [pocl-only]" if o.pocl_only else "", slice_note,
                                " + platform" if o.platform else excluded,
                                " [no threaded build: %s]" % h["serial-only"]
                                if h.get("serial-only") else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
