#!/usr/bin/env python3
"""Random OpenCL C kernels for differential testing (PoCL versus spv2c).

usage: gen.py SEED [-o FILE]

Writes one kernel file, with the `//!` header tests/run/check.py reads, that
is a pure function of SEED (random.Random(SEED), no other input). Every
kernel is valid OpenCL C whose result is fully defined:

- no data races: local memory is written only in exchange steps of the form
  `barrier; write own slots; barrier; read any slot` (every slot zeroed at
  the start), local atomics are only read after a barrier, global atomics
  only use commutative operations (add, or, xor, and, min, max, inc) whose
  results are never read by the kernel, and every counter, global or
  local, gets one family of them (add and sub; or; xor; ...: two families
  do not commute, and work-items may run them in any order: seed 4517's
  atomic_or then atomic_sub), async copies write a region of their own per
  work-group;
- no undefined behaviour: signed +, -, * go through unsigned arithmetic
  (as_int(as_uint(a) OP as_uint(b))), division and remainder go through
  guarded helpers (0 divisors and INT_MIN / -1), shifts use OpenCL C's
  masked shift count, float to integer conversions are saturating, narrow
  signed integers come from as_type of the unsigned wrap, every array index
  is masked into its bounds, every loop is bounded;
- results the spec leaves open are kept out of the output: no float
  operation that is not correctly rounded (no division, sqrt or math
  built-ins; FP_CONTRACT OFF, no mad), fmin/fmax results get `+ 0.0f` (the
  sign of a zero result is open), NaN payloads are folded to one NaN before
  they reach the output, float work-group reductions are not used (their
  order is open), atomic return values are not used;
- barriers and work-group functions are only in uniform control flow
  (conditions and trip counts from the kernel argument T, group ids, local
  sizes, constants, uniform loop counters and work-group function results).

What a kernel exercises (issue 17, point 1), each chosen at random:

- barriers in straight code, in loops with uniform trip counts, in nested
  loops, in uniform if/switch, and in called functions (helpers taking the
  local arrays and ids as arguments, calling one another);
- uniform early exits (`return` from the kernel and from helpers);
- values of every kind live across barriers: int, uint, float, short,
  uchar, long, ulong scalars, int/uint/float vectors of 2, 3, 4, 8 and 16
  lanes, structs, private arrays, pointers to private, local and global
  memory (selected by uniform and non-uniform conditions, swapped
  ping-pong style and advanced in loops with barriers);
- __local arrays declared in the kernel and passed as a kernel argument,
  and passed on to helpers;
- local and global atomics (OpenCL 1.2 atomic_* functions);
- async_work_group_copy and async_work_group_strided_copy in both
  directions, of int/uint/float/char/short/long scalars and vectors (vec3
  included), in uniform loops with an event chained through the copies;
- work-group functions (reduce, inclusive and exclusive scan of add on
  uint and min/max on int, broadcast, any, all). PoCL 3.1 has none: its
  build gets -DNO_WG and the same functions written with local memory;
- 1-D, 2-D and 3-D ranges with a global offset, each kernel run with two or
  three launches of different local sizes (1 to 64 work-items a group);
- switch (uniform and not), break and continue, non-uniform loops;
- integer and float arithmetic mixes on variables and constants at the
  edges (INT_MIN, UINT_MAX, -0.0, a subnormal, 3e38, infinity), integer
  built-ins (min, max, clamp, rotate, popcount, clz, mul_hi, add_sat,
  sub_sat, hadd, abs, abs_diff),
  conversions (convert_T_sat, _rte/_rtz/_rtp/_rtn, int/float both ways,
  narrowing), swizzles (.sXYZ, .lo/.hi/.even/.odd), shuffle and shuffle2,
  vloadN/vstoreN on global and private memory, vload_half and
  vstore_half(_rte/_rtz/_rtp/_rtn) (scalar and vector) through private
  half arrays.

What it does not cover, and why:

- double and half arithmetic: PoCL and spv2c agree on them in the
  hand-written tests, but a random mix needs fp64 on the target; left out
  to keep every kernel runnable everywhere (the float path exercises the
  same back-end machinery);
- float operations the spec does not round exactly (division, sqrt, math
  built-ins): they would need ULP bounds per operation; tests/math covers
  them against MPFR;
- OpenCL 2.0 C11 atomics, generic pointers, pipes, images, printf: PoCL 3.1
  disables the generic address space and images/pipes are not supported
  by spv2c;
- atomic results (atomic_xchg, cmpxchg, the value atomic_add returns) and
  float work-group reductions: their values depend on the order the
  work-items run in, which neither implementation fixes;
- abs of INT_MIN and abs_diff of signed operands whose difference
  overflows (operands are halved), and the 4th lane of 3-lane vectors
  copied from local to global memory (zeroed after the copy): PoCL 3.1
  gets them wrong (-x and abs(x - y) in signed arithmetic, folded wrongly
  when LLVM knows an operand: abs(INT_MIN) = 0, abs_diff(3, INT_MIN) = 0;
  the 4th lane left unwritten or holding another value, depending on the
  local size), so the campaign cannot compare them (seeds 1187 and 1249;
  1078, 1129, 1279, 1551 and 1603). tests/spvasm/abs_diff_known.cl and
  async_vec3_pad.cl check spv2c on them against exact oracles,
  tests/run/int_builtins1.cl against PoCL with values it cannot fold;
- a loop whose trip count depends on the work-item and that the compiler
  can prove runs at least once (`i < (int)(lid % 3u) + 1`), with an inner
  loop, in a kernel with a barrier after it: PoCL 3.1 runs it as often
  for every work-item as for the group's last one (seeds 1903 and 2195;
  Oclgrind agrees with spv2c). The bound is written `+ (T >= 0)`, which
  is 1 but not known to be, so the compiler keeps the loop's guard and
  PoCL runs it right; tests/spvasm/loop_trips_barrier.cl checks spv2c on
  the rotated loop against an exact oracle;
- stores guarded by the work-item (`if (lid < 8u) ...`) after a barrier,
  in a kernel with an early exit before them and a loop of barriers after
  them: PoCL 3.1 loses them (seed 3110: the zeroed 4th lanes above kept
  the copy's value; Oclgrind agrees with spv2c). A barrier follows the
  zeroing, and PoCL keeps it; tests/spvasm/return_store_barrier_loop.cl
  checks spv2c on the shape against exact values;
- the sign and payload of a NaN (IEEE 754 6.3 leaves them open; x86's
  default NaN is negative, a NaN gcc folds positive: seed 7377 differed
  between its batch and alone): floats are hashed through cf(), and
  float data copied out to gout raw has every NaN replaced by NAN;
- nothing is left out for Oclgrind, the reference where PoCL aborts, but
  its build (run.py passes -DNAN_SAT_ZERO) maps NaN to 0 before each
  float-to-integer convert_T_sat (the SATF macro; a no-op for PoCL and
  spv2c): Oclgrind 21.10 gives NaN the type's least value there, where
  OpenCL C 3.0 s6.4.3.3 gives 0 (seed 7799; PoCL and spv2c give 0, and
  tests/run/convert_sat.cl checks spv2c on NaN against PoCL);
- sub-groups (their size is implementation-defined);
- goto (OpenCL C has it, but the reducible control flow clang emits from
  break/continue/early return is what the back end sees anyway).
"""

import argparse
import random
import sys

K = 4            # slots a work-item owns in each exchange array
MAXL = 64        # largest local size (work-items a group)
NGI = 4096       # elements of the int and float inputs
NATOM = 16       # global atomic counters
# the families of atomics that commute with each other: a counter gets one
GAT_FAMILY = {"atomic_add": "add", "atomic_sub": "add", "atomic_or": "or", "atomic_xor": "xor",
              "atomic_min": "min", "atomic_max": "max", "atomic_and": "and"}
AM = 8           # elements an async copy moves a step
ASTEPS = 3       # async copy steps at most (uniform loop)
GOUT_PER_GROUP = 512   # elements of the async output a group owns (per slot)

SCALAR_INT = ("int", "uint")
VEC_WIDTHS = (2, 3, 4, 8, 16)
LANE = "0123456789abcdef"


def base(t):
    return t.rstrip("0123456789")


def width(t):
    d = t[len(base(t)):]
    return int(d) if d else 1


def vt(b, n):
    return b if n == 1 else "%s%d" % (b, n)


def hexf(x):
    """an exact float literal"""
    import struct
    if x in (float("inf"), float("-inf")):
        return "INFINITY" if x > 0 else "(-INFINITY)"
    x = struct.unpack("<f", struct.pack("<f", x))[0]
    if x == 0.0:
        return "-0.0f" if str(x).startswith("-") else "0.0f"
    return "%sf" % float.hex(x)


class Scope:
    """Variables visible at a point, with their types and properties."""

    def __init__(self, parent=None):
        self.parent = parent
        self.vars = []   # (name, type, uniform)

    def all(self):
        s, out = self, []
        while s:
            out = s.vars + out
            s = s.parent
        return out


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        # file-scope names end in the seed: kernels of several seeds share
        # one program in run.py's batches
        self.sfx = "_%d" % seed
        self.n = 0
        self.helpers = []        # text of helper functions
        self.barrier_helpers = []  # names of helpers with barriers
        self.pure_helpers = []   # (name, ret, params)
        self.kernel_locals = []  # kernel-scope __local declarations
        self.uses_wg = False
        self.struct_used = False
        self.async_slots = 0
        self.folds = {}          # type -> fold helper name
        self.budget = 0
        self.half_next = 0
        self.counters = set()    # loop counters: never assigned
        self.atom_family = {}    # global counter -> its one family of atomics (GAT_FAMILY)

    # ---------------------------------------------------------------- basics
    def name(self, p):
        self.n += 1
        return "%s%d" % (p, self.n)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    # ------------------------------------------------------------- literals
    def lit(self, t):
        b, n = base(t), width(t)
        if n > 1:
            if self.chance(0.3):
                return "((%s)(%s))" % (t, self.lit(b))
            return "((%s)(%s))" % (t, ", ".join(self.lit(b) for _ in range(n)))
        r = self.r
        if b == "int":
            v = self.pick([0, 1, -1, 2, 3, 7, -8, 31, 32, 100, -1000, 65535,
                           2147483647, r.randint(-100000, 100000)])
            return "(-2147483647 - 1)" if v == -2147483648 else "%d" % v
        if b == "uint":
            return "%du" % self.pick([0, 1, 2, 5, 31, 32, 255, 0x80000000,
                                      0xffffffff, r.getrandbits(32)])
        if b == "float":
            # infinity where 1e10 was (the same draws: every seed keeps its
            # kernel but for that constant): spv2c's C did not compile with
            # it (tests/run/const_inf_operand.cl)
            return hexf(self.pick([0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -3.75,
                                   float("inf"), -1e-3, 3.0e38, 1.17549435e-38,
                                   1e-40, 65504.0, 2147483648.0,
                                   r.uniform(-1000, 1000)]))
        if b == "long":
            return "%dL" % self.pick([0, 1, -5, 1 << 40, -(1 << 33), r.getrandbits(62)])
        if b == "ulong":
            return "%duL" % self.pick([0, 1, 1 << 63, (1 << 64) - 1, r.getrandbits(64)])
        if b == "short":
            return "(short)%d" % r.randint(-32768, 32767)
        if b == "uchar":
            return "(uchar)%d" % r.randint(0, 255)
        raise ValueError(t)

    # ---------------------------------------------------------- expressions
    def var_of(self, sc, t, uniform=False):
        vs = [v for v in sc.all() if v[1] == t and (v[2] or not uniform)]
        return self.pick(vs)[0] if vs else None

    def index(self, sc, mask, d):
        return "(%s & %du)" % (self.expr(sc, "uint", d), mask)

    def leaf(self, sc, t, d):
        b, n = base(t), width(t)
        v = self.var_of(sc, t)
        if v and self.chance(0.6):
            return v
        env = sc.env
        choices = ["lit"]
        if env:
            choices += ["load"] * 3 + ["ids"]
        if n > 1 and b in ("int", "uint", "float"):
            choices += ["swz", "swz", "build"]
            if env and not self.std20:
                choices += ["vload"]
        if n == 1 and b in SCALAR_INT and env:
            choices += ["ptr", "arr", "local"]
        c = self.pick(choices)
        if c == "load":
            if n == 1:
                src = "gf" if b == "float" else "gi"
                e = "%s[%s]" % (src, self.index(sc, NGI - 1, d - 1))
                return e if b in ("int", "float") else self.conv(e, "float" if src == "gf" else "int", t)
            return self.build(sc, t, d)
        if c == "ids":
            if b in SCALAR_INT and n == 1:
                e = self.pick(["lid", "gid", "lsz", "(uint)get_group_id(0)",
                               "(uint)get_global_id(%d)" % self.r.randrange(self.dims),
                               "(uint)get_local_id(%d)" % self.r.randrange(self.dims)])
                return e if b == "uint" else "as_int(%s)" % e
            return self.lit(t)
        if c == "swz":
            return self.swizzle(sc, t, d)
        if c == "build":
            return self.build(sc, t, d)
        if c == "vload":
            src = "gf" if b == "float" else "gi"
            e = "vload%d(%s, %s)" % (n, self.index(sc, 127, d - 1), src)
            if b == "uint":
                e = "as_uint%d(%s)" % (n, e)
            return e
        if c == "ptr":
            ps = [v for v in sc.all() if v[1].startswith("ptr:")]
            if ps:
                p = self.pick(ps)
                _, et, bound = p[1].split(":")
                e = "%s[%s]" % (p[0], self.index(sc, int(bound) - 1, d - 1))
                return e if b == et else "as_uint(%s)" % e
            return self.lit(t)
        if c == "arr":
            arrs = [v for v in sc.all() if v[1] == "arr"]
            if arrs:
                e = "%s[%s]" % (self.pick(arrs)[0], self.index(sc, 7, d - 1))
                return e if b == "int" else "as_uint(%s)" % e
            return self.lit(t)
        if c == "local":
            arr = self.pick(["lk", "larg"])
            e = "%s[%s %% (lsz * %du)]" % (arr, self.expr(sc, "uint", d - 1), K)
            return e if b == "int" else "as_uint(%s)" % e
        return self.lit(t)

    def build(self, sc, t, d):
        b, n = base(t), width(t)
        parts, left = [], n
        while left:
            w = self.pick([x for x in (1, 2, 4) if x <= left])
            parts.append(self.expr(sc, vt(b, w), d - 1))
            left -= w
        return "((%s)(%s))" % (t, ", ".join(parts))

    def swizzle(self, sc, t, d):
        b, n = base(t), width(t)
        m = self.pick(VEC_WIDTHS)
        src = self.expr(sc, vt(b, m), d - 1)
        if n * 2 == m and self.chance(0.4) and m != 3:
            return "(%s).%s" % (src, self.pick(["lo", "hi", "even", "odd"]))
        if m != 3 and n != 3 and self.chance(0.3):
            mask = "(%s)(%s)" % (vt("uint", n), ", ".join(
                "%du" % self.r.randrange(m) for _ in range(n)))
            if self.chance(0.5):
                src2 = self.expr(sc, vt(b, m), d - 1)
                mask = "(%s)(%s)" % (vt("uint", n), ", ".join(
                    "%du" % self.r.randrange(2 * m) for _ in range(n)))
                return "shuffle2(%s, %s, %s)" % (src, src2, mask)
            return "shuffle(%s, %s)" % (src, mask)
        return "(%s).s%s" % (src, "".join(LANE[self.r.randrange(m)] for _ in range(n)))

    def conv(self, e, frm, to):
        """e of type frm converted (defined behaviour) to type to"""
        fb, tb, n = base(frm), base(to), width(to)
        if fb == tb:
            return e
        if fb == "float" and tb != "float":
            return "convert_%s_sat%s(SATF(%s, %s))" % (
                to, self.pick(["", "_rte", "_rtz", "_rtp", "_rtn"]), frm, e)
        if tb == "float":
            suffix = self.pick(["", "_rte", "_rtz", "_rtp", "_rtn"])
            return "convert_%s%s(%s)" % (to, suffix, e)
        # integer to integer: saturating, or the unsigned wrap then as_type
        if self.chance(0.5) or tb in ("uchar",):
            return "convert_%s_sat(%s)" % (to, e)
        u = {"int": "uint", "short": "ushort", "long": "ulong"}.get(tb)
        if u:
            # the conversion to an unsigned type wraps (defined), as_type
            # then gives the signed value
            return "as_%s(convert_%s(%s))" % (to, vt(u, n), e)
        return "convert_%s(%s)" % (to, e)

    def expr(self, sc, t, d):
        if d <= 0 or self.chance(0.25):
            return self.leaf(sc, t, d)
        b = base(t)
        if b in ("int", "uint"):
            return self.int_expr(sc, t, d)
        if b == "float":
            return self.float_expr(sc, t, d)
        if b in ("long", "ulong"):
            return self.long_expr(sc, t, d)
        # short, uchar: conversions of something else
        frm = self.pick(["int", "uint", "float"])
        return self.conv(self.expr(sc, frm, d - 1), frm, t)

    def int_expr(self, sc, t, d):
        b, n = base(t), width(t)
        u = vt("uint", n)
        a = lambda: self.expr(sc, t, d - 1)
        c = self.r.randrange(16)
        if c < 3:
            op = self.pick(["+", "-", "*"])
            if b == "uint":
                return "(%s %s %s)" % (a(), op, a())
            return "as_%s(as_%s(%s) %s as_%s(%s))" % (t, u, a(), op, u, a())
        if c < 5:
            return "(%s %s %s)" % (a(), self.pick(["&", "|", "^"]), a())
        if c < 7:
            if b == "int" and self.chance(0.5):
                # a signed left shift may overflow: shift the unsigned bits
                return "as_%s(as_%s(%s) << %s)" % (t, u, a(), a())
            return "(%s %s %s)" % (a(), self.pick(["<<", ">>"]) if b == "uint" else ">>", a())
        if c == 7 and n == 1:
            return "%s%s(%s, %s)" % ("s" if b == "int" else "u",
                                     self.pick(["div", "rem"]), a(), a())
        if c == 8:
            f = self.pick(["min", "max", "add_sat", "sub_sat", "hadd", "rhadd",
                           "mul_hi", "rotate"])
            return "%s(%s, %s)" % (f, a(), a())
        if c == 9:
            f = self.pick(["popcount", "clz", "~"])
            if f == "~":
                return "(~%s)" % a()
            return "%s(%s)" % (f, a())
        if c == 10:
            f = self.pick(["abs", "abs_diff"])
            if b == "uint":
                e = "abs(%s)" % a() if f == "abs" else "abs_diff(%s, %s)" % (a(), a())
            elif f == "abs":
                # halved: never INT_MIN. PoCL 3.1 gives abs(INT_MIN) = 0
                # when LLVM knows the operand (its -x overflows), where
                # the spec's |x| is 2^31 (tests/spvasm/abs_diff_known.cl)
                e = "abs(%s >> 1)" % a()
            else:
                # signed operands halved: x - y never overflows. PoCL 3.1's
                # abs_diff is abs(x - y) in signed arithmetic (undefined on
                # overflow), which LLVM folds wrongly when it knows an
                # operand (INT_MIN, or a value in {0, INT_MIN}: seeds 1187,
                # 1249; the spec's |x - y| without modulo overflow is what
                # spv2c and oclgrind give). tests/run/int_builtins1.cl
                # checks the overflowing cases with values PoCL cannot see.
                e = "abs_diff(%s >> 1, %s >> 1)" % (a(), a())
            return e if b == "uint" else "as_%s(%s)" % (t, e)
        if c == 11:
            return "clamp(%s, (%s)%s, (%s)%s)" % (a(), t, "0" if b == "uint" else "-100", t, "1000")
        if c == 12:
            frm = vt(self.pick(["float", "uint" if b == "int" else "int"]), n)
            return self.conv(self.expr(sc, frm, d - 1), frm, t)
        if c == 13:
            return self.compare_select(sc, t, d)
        if c == 14 and n == 1:
            # comparisons give 0/1 on scalars
            ct = self.pick(["int", "uint", "float"])
            e = "(%s %s %s)" % (self.expr(sc, ct, d - 1), self.pick(["<", "<=", "==", "!=", ">"]),
                                self.expr(sc, ct, d - 1))
            return e if b == "int" else "(uint)%s" % e
        fs = [f for f in self.pure_helpers if f[1] == t]
        if c == 15 and fs:
            f = self.pick(fs)
            return "%s(%s)" % (f[0], ", ".join(self.expr(sc, p, d - 1) for p in f[2]))
        return self.leaf(sc, t, d)

    def compare_select(self, sc, t, d):
        b, n = base(t), width(t)
        x, y = self.expr(sc, t, d - 1), self.expr(sc, t, d - 1)
        if n == 1:
            ct = self.pick(["int", "uint", "float"])
            cond = "%s %s %s" % (self.expr(sc, ct, d - 1), self.pick(["<", ">=", "!="]),
                                 self.expr(sc, ct, d - 1))
            return "((%s) ? %s : %s)" % (cond, x, y)
        mt = vt("int", n) if b != "uint" else vt("uint", n)
        if b == "float":
            cmp = "%s(%s, %s)" % (self.pick(["isless", "isgreaterequal", "isnotequal"]),
                                  self.expr(sc, t, d - 1), self.expr(sc, t, d - 1))
            return "select(%s, %s, %s)" % (x, y, cmp)
        cmp = "(%s %s %s)" % (self.expr(sc, t, d - 1), self.pick(["<", ">", "=="]),
                              self.expr(sc, t, d - 1))
        if b == "uint":
            cmp = "as_%s(%s)" % (mt, cmp)
        return "select(%s, %s, %s)" % (x, y, cmp)

    def float_expr(self, sc, t, d):
        n = width(t)
        a = lambda: self.expr(sc, t, d - 1)
        c = self.r.randrange(10)
        if c < 4:
            return "(%s %s %s)" % (a(), self.pick(["+", "-", "*"]), a())
        if c == 4:
            return "(%s(%s, %s) + 0.0f)" % (self.pick(["fmin", "fmax"]), a(), a())
        if c == 5:
            return "%s(%s)" % (self.pick(["fabs", "floor", "ceil", "trunc", "rint", "round", "-"]), a())
        if c == 6:
            frm = vt(self.pick(["int", "uint"]), n)
            return self.conv(self.expr(sc, frm, d - 1), frm, t)
        if c == 7:
            return self.compare_select(sc, t, d)
        if c == 8 and sc.env and not self.std20:
            return self.half_roundtrip(sc, t, d)
        fs = [f for f in self.pure_helpers if f[1] == t]
        if c == 9 and fs and self.chance(0.5):
            f = self.pick(fs)
            return "%s(%s)" % (f[0], ", ".join(self.expr(sc, p, d - 1) for p in f[2]))
        if c == 9:
            return "fma(%s, %s, %s)" % (a(), a(), a())
        return self.leaf(sc, t, d)

    def half_roundtrip(self, sc, t, d):
        """a float (vector) through a private half array and back"""
        n = width(t)
        if n in (8, 16) or not sc.env:
            return self.leaf(sc, t, d)
        arr = sc.half_arr
        rm = self.pick(["", "_rte", "_rtz", "_rtp", "_rtn"])
        e = self.expr(sc, t, d - 1)
        # a place of its own in the array for every round trip of a statement
        i = (self.half_next + n - 1) // n
        if (i + 1) * n > 64:
            i, self.half_next = 0, 0
        self.half_next = (i + 1) * n
        if n == 1:
            sc.pre.append("vstore_half%s(%s, %d, %s);" % (rm, e, i, arr))
            return "vload_half(%d, %s)" % (i, arr)
        sc.pre.append("vstore_half%d%s(%s, %d, %s);" % (n, rm, e, i, arr))
        return "vload_half%d(%d, %s)" % (n, i, arr)

    def long_expr(self, sc, t, d):
        a = lambda: self.expr(sc, t, d - 1)
        c = self.r.randrange(5)
        if c == 0:
            op = self.pick(["+", "-", "*"])
            if t == "ulong":
                return "(%s %s %s)" % (a(), op, a())
            return "as_long(as_ulong(%s) %s as_ulong(%s))" % (a(), op, a())
        if c == 1:
            op = self.pick(["^", "&", "|", "<<", ">>"])
            if op == "<<" and t == "long":
                return "as_long(as_ulong(%s) << %s)" % (a(), a())
            return "(%s %s %s)" % (a(), op, a())
        if c == 2:
            frm = self.pick(["int", "uint", "float"])
            return self.conv(self.expr(sc, frm, d - 1), frm, t)
        if c == 3:
            return "%s(%s, %s)" % (self.pick(["min", "max", "mul_hi", "rotate"]), a(), a())
        return self.leaf(sc, t, d)

    # --------------------------------------------------------------- folding
    def fold(self, name, t):
        """a uint expression of all the bits of a value (NaNs folded)"""
        if t == "struct":
            return "mixu(mixu(%s, %s.a), cf(%s.b)) ^ %s" % (
                "0u", name, name, self.fold(name + ".c", "int4"))
        if t == "arr":
            return "mixu(mixu(as_uint(%s[0]), as_uint(%s[3])), as_uint(%s[7]))" % (name, name, name)
        if t.startswith("ptr:"):
            return "as_uint(%s[0])" % name
        b, n = base(t), width(t)
        if n == 1:
            return self._fold_scalar(b, name)
        if t not in self.folds:
            f = "fold_" + t + self.sfx
            body = ["static uint %s(%s v)" % (f, t), "{", "    uint h = 0u;"]
            for k in range(n):
                body.append("    h = mixu(h, %s);" % self._fold_scalar(b, "v.s%s" % LANE[k]))
            body += ["    return h;", "}", ""]
            self.folds[t] = (f, "\n".join(body))
        return "%s(%s)" % (self.folds[t][0], name)

    def _fold_scalar(self, b, e):
        if b == "int":
            return "as_uint(%s)" % e
        if b == "uint":
            return "(%s)" % e
        if b == "float":
            return "cf(%s)" % e
        if b == "short":
            return "(uint)as_ushort(%s)" % e
        if b == "uchar":
            return "(uint)(%s)" % e
        return "((uint)(%s) ^ (uint)((%s) >> 32))" % (e, e)

    # ------------------------------------------------------------ statements
    def uniform_int(self, sc):
        """an int expression with the same value in every work-item of a group"""
        us = [v[0] for v in sc.all() if v[2] and v[1] == "int"]
        c = self.pick(["T", "T", "grp", "lsz", "lit"] + (["var"] * 2 if us else []))
        if c == "T":
            return "T"
        if c == "grp":
            return "(int)(get_group_id(%d) %% 3u)" % self.r.randrange(self.dims)
        if c == "lsz":
            return "(int)(get_local_size(0) % 5u)"
        if c == "var":
            return self.pick(us)
        return str(self.r.randint(0, 4))

    def uniform_cond(self, sc):
        return "%s %s %s" % (self.uniform_int(sc), self.pick(["<", ">", "==", "!=", ">="]),
                             self.uniform_int(sc))

    def any_type(self):
        r = self.r.random()
        if r < 0.45:
            return self.pick(["int", "uint", "float"])
        if r < 0.55:
            return self.pick(["short", "uchar", "long", "ulong"])
        return vt(self.pick(["int", "uint", "float"]), self.pick(VEC_WIDTHS))

    def stmts(self, sc, uniform, depth, out, ind, count):
        for _ in range(count):
            if self.budget <= 0:
                return
            self.budget -= 1
            self.stmt(sc, uniform, depth, out, ind)

    def block(self, sc, uniform, depth, out, ind, count):
        inner = Scope(sc)
        inner.env, inner.half_arr, inner.kernel = sc.env, sc.half_arr, sc.kernel
        inner.pre = sc.pre
        self.stmts(inner, uniform, depth, out, ind, count)

    def emit(self, sc, out, ind, line):
        self.half_next = 0
        for p in sc.pre:
            out.append(ind + p)
        del sc.pre[:]
        out.append(ind + line)

    def decl(self, sc, out, ind, t=None, uniform_val=False):
        t = t or self.any_type()
        v = self.name("v")
        e = self.expr(sc, t, self.r.randint(1, 3))
        self.emit(sc, out, ind, "%s %s = %s;" % (t, v, e))
        sc.vars.append((v, t, uniform_val))
        return v, t

    def mix(self, sc, out, ind):
        vs = sc.all()
        if not vs:
            return
        v = self.pick(vs)
        out.append(ind + "h = mixu(h, %s);" % self.fold(v[0], v[1]))

    def stmt(self, sc, uniform, depth, out, ind):
        kinds = [("decl", 6), ("assign", 4), ("mix", 3), ("if", 2), ("loop", 2),
                 ("switch", 1), ("struct", 1), ("arr", 1), ("ptr", 1)]
        if uniform:
            kinds += [("exchange", 3), ("barrier", 2), ("uloop", 3), ("uif", 1),
                      ("lat", 1), ("gat", 1), ("call", 2), ("wg", 2 if self.std20 else 0), ("swap", 1),
                      ("gptr", 1), ("uswitch", 1), ("exit", 0.3)]
            if sc.kernel:
                kinds += [("async", 2)]
        else:
            kinds += [("gat", 1)]
        if depth >= 3:
            kinds = [k for k in kinds if k[0] not in ("if", "loop", "uloop", "uif", "switch", "uswitch", "swap", "gptr")]
        total = sum(w for _, w in kinds)
        x = self.r.uniform(0, total)
        for k, w in kinds:
            x -= w
            if x <= 0:
                break
        getattr(self, "s_" + k)(sc, uniform, depth, out, ind)

    def s_decl(self, sc, uniform, depth, out, ind):
        self.decl(sc, out, ind)

    def s_assign(self, sc, uniform, depth, out, ind):
        vs = [v for v in sc.all() if not v[2] and v[1] not in ("arr", "struct") and not v[1].startswith("ptr:")]
        if not vs:
            return self.decl(sc, out, ind)
        v = self.pick(vs)
        if v[0] in self.counters:
            # a loop's counter is never assigned in its body (the loop could
            # run without end); the same pick (so that kernels which never
            # made it stay as they were) declares a new variable instead
            return self.decl(sc, out, ind, t=v[1])
        if self.chance(0.3) and width(v[1]) > 1:
            n = width(v[1])
            lanes = self.r.sample(range(n), self.r.randint(1, min(n, 4)))
            lhs = "%s.s%s" % (v[0], "".join(LANE[k] for k in lanes))
            self.emit(sc, out, ind, "%s = %s;" % (lhs, self.expr(sc, vt(base(v[1]), len(lanes)), 2)))
            return
        self.emit(sc, out, ind, "%s = %s;" % (v[0], self.expr(sc, v[1], 2)))

    def s_mix(self, sc, uniform, depth, out, ind):
        self.mix(sc, out, ind)

    def s_if(self, sc, uniform, depth, out, ind):
        ct = self.pick(["int", "uint", "float"])
        cond = "%s %s %s" % (self.expr(sc, ct, 2), self.pick(["<", ">", "==", "!="]), self.expr(sc, ct, 1))
        self.emit(sc, out, ind, "if (%s) {" % cond)
        self.block(sc, False, depth + 1, out, ind + "    ", self.r.randint(1, 3))
        if self.chance(0.5):
            out.append(ind + "} else {")
            self.block(sc, False, depth + 1, out, ind + "    ", self.r.randint(1, 3))
        out.append(ind + "}")

    def s_uif(self, sc, uniform, depth, out, ind):
        out.append(ind + "if (%s) {" % self.uniform_cond(sc))
        self.block(sc, True, depth + 1, out, ind + "    ", self.r.randint(1, 4))
        if self.chance(0.5):
            out.append(ind + "} else {")
            self.block(sc, True, depth + 1, out, ind + "    ", self.r.randint(1, 3))
        out.append(ind + "}")

    def s_loop(self, sc, uniform, depth, out, ind):
        """a non-uniform loop: no barrier inside; break and continue"""
        i = self.name("i")
        # (T >= 0) is 1, but the compiler cannot know it: a loop it can
        # prove runs at least once is miscompiled by PoCL 3.1 (docstring)
        bound = self.pick(["(int)(lid %% %du) + (T >= 0)" % self.r.randint(2, 5),
                           str(self.r.randint(1, 6)),
                           "(int)(%s & 7u)" % self.expr(sc, "uint", 1)])
        self.emit(sc, out, ind, "for (int %s = 0; %s < %s; %s++) {" % (i, i, bound, i))
        self.counters.add(i)
        inner = Scope(sc)
        inner.env, inner.half_arr, inner.kernel, inner.pre = sc.env, sc.half_arr, sc.kernel, sc.pre
        inner.vars.append((i, "int", uniform and not bound.startswith("(int)(lid") and "&" not in bound))
        body = []
        self.stmts(inner, False, depth + 1, body, ind + "    ", self.r.randint(1, 3))
        if self.chance(0.5):
            body.insert(stmt_start(body, self.r.randint(0, len(body)), ind + "    "),
                        ind + "    if (%s %s %s) %s;" % (i, self.pick(["==", ">"]), self.r.randint(0, 3),
                                                        self.pick(["break", "continue"])))
        out.extend(body)
        out.append(ind + "}")

    def s_uloop(self, sc, uniform, depth, out, ind):
        """a loop every work-item of a group runs as often: barriers inside"""
        i = self.name("i")
        bound = self.pick(["T", "%d" % self.r.randint(1, 4), "(int)(get_group_id(0) % 3u) + 1",
                           "(int)(get_local_size(0) % 4u) + 1", "T - 1"])
        out.append(ind + "for (int %s = 0; %s < %s; %s++) {" % (i, i, bound, i))
        inner = Scope(sc)
        inner.env, inner.half_arr, inner.kernel, inner.pre = sc.env, sc.half_arr, sc.kernel, sc.pre
        inner.vars.append((i, "int", True))
        body = []
        self.stmts(inner, True, depth + 1, body, ind + "    ", self.r.randint(2, 5))
        if self.chance(0.3):
            body.insert(stmt_start(body, self.r.randint(0, len(body)), ind + "    "),
                        ind + "    if (%s %s %s) %s;" % (i, self.pick(["==", ">"]), self.uniform_int(sc),
                                                        self.pick(["break", "continue"])))
        out.extend(body)
        out.append(ind + "}")

    def s_switch(self, sc, uniform, depth, out, ind, uni=False):
        sel = self.uniform_int(sc) if uni else self.expr(sc, "uint", 2)
        m = self.r.randint(3, 7)
        if uni:
            sel = "(uint)(%s)" % sel
        # llvm-spirv-15 rejects the i2/i3 switch clang makes of a selector
        # of a small range: T (whose value only the header knows) widens it
        self.emit(sc, out, ind, "switch ((%s) %% %du + (uint)T * 65536u) {" % (sel, m))
        cases = self.r.sample(range(m), self.r.randint(1, min(m, 4)))
        for c in cases:
            out.append(ind + "case %du: {" % (c + self.tval * 65536))
            self.block(sc, uni, depth + 1, out, ind + "    ", self.r.randint(1, 2))
            out.append(ind + ("    break;\n" + ind + "}" if self.chance(0.8) else "}"))
        out.append(ind + "default: {")
        self.block(sc, uni, depth + 1, out, ind + "    ", 1)
        out.append(ind + "    break;\n" + ind + "}")
        out.append(ind + "}")

    def s_uswitch(self, sc, uniform, depth, out, ind):
        self.s_switch(sc, uniform, depth, out, ind, uni=True)

    def s_struct(self, sc, uniform, depth, out, ind):
        self.struct_used = True
        s = self.name("st")
        self.emit(sc, out, ind, "S %s;" % s)
        self.emit(sc, out, ind, "%s.a = %s;" % (s, self.expr(sc, "uint", 2)))
        self.emit(sc, out, ind, "%s.b = %s;" % (s, self.expr(sc, "float", 2)))
        self.emit(sc, out, ind, "%s.c = %s;" % (s, self.expr(sc, "int4", 2)))
        sc.vars.append((s, "struct", False))
        sc.vars.append((s + ".a", "uint", False))
        sc.vars.append((s + ".b", "float", False))
        sc.vars.append((s + ".c", "int4", False))

    def s_arr(self, sc, uniform, depth, out, ind):
        a = self.name("pa")
        self.emit(sc, out, ind, "int %s[8];" % a)
        j = self.name("j")
        inner = Scope(sc)
        inner.env, inner.half_arr, inner.kernel, inner.pre = sc.env, sc.half_arr, sc.kernel, sc.pre
        inner.vars.append((j, "int", False))
        e = self.expr(inner, "int", 2)
        self.emit(sc, out, ind, "for (int %s = 0; %s < 8; %s++) %s[%s] = %s;" % (j, j, j, a, j, e))
        if self.chance(0.5) and not self.std20:
            # a vector stored into it
            self.emit(sc, out, ind, "vstore4(%s, %d, %s);" % (self.expr(sc, "int4", 2), self.r.randrange(2), a))
        sc.vars.append((a, "arr", False))

    def s_ptr(self, sc, uniform, depth, out, ind):
        """a pointer to private, local or global memory, chosen by a condition"""
        arrs = [v[0] for v in sc.all() if v[1] == "arr"]
        p = self.name("p")
        cond = self.uniform_cond(sc) if uniform and self.chance(0.5) else \
            "%s < %s" % (self.expr(sc, "int", 1), self.expr(sc, "int", 1))
        c = self.r.randrange(3)
        if c == 0 and arrs:
            a, b = self.pick(arrs), self.pick(arrs)
            self.emit(sc, out, ind, "__private int *%s = (%s) ? %s + %d : %s;" % (p, cond, a, self.r.randrange(4), b))
            sc.vars.append((p, "ptr:int:4", False))
        elif c == 1:
            off = "(%s) %% (lsz * %du)" % (self.expr(sc, "uint", 1), K)
            self.emit(sc, out, ind, "local int *%s = ((%s) ? lk : larg) + %s;" % (p, cond, off))
            sc.vars.append((p, "ptr:int:1", False))
        else:
            self.emit(sc, out, ind, "global const int *%s = ((%s) ? gi + %s : gi + %d);" % (
                p, cond, self.index(sc, 2047, 1), self.r.randrange(1000)))
            sc.vars.append((p, "ptr:int:1024", False))

    def exch_write(self, arr, t, e):
        return "%s[lid * %du + %du] = %s;" % (arr, K, self.r.randrange(K), e)

    def s_exchange(self, sc, uniform, depth, out, ind):
        """barrier; write own slot; barrier; read a neighbour's"""
        t = self.pick(["int", "int", "float"])
        arr = self.pick(["lk", "larg"]) if t == "int" else "lf"
        # the value is computed before the barrier: it may read the array
        tmp = self.name("e")
        self.emit(sc, out, ind, "%s %s = %s;" % (t, tmp, self.expr(sc, t, 2)))
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        out.append(ind + self.exch_write(arr, t, tmp))
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        other = self.pick(["(lid + %du) %% lsz" % self.r.randint(1, 5), "lsz - 1u - lid",
                           "(%s) %% lsz" % self.expr(sc, "uint", 1)])
        v = self.name("x")
        self.emit(sc, out, ind, "%s %s = %s[(%s) * %du + %du];" % (t, v, arr, other, K, self.r.randrange(K)))
        sc.vars.append((v, t, False))

    def s_barrier(self, sc, uniform, depth, out, ind):
        out.append(ind + self.pick(["barrier(CLK_LOCAL_MEM_FENCE);",
                                    "barrier(CLK_GLOBAL_MEM_FENCE);",
                                    "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);",
                                    ]))

    def s_lat(self, sc, uniform, depth, out, ind):
        """local atomics, read after a barrier"""
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        out.append(ind + "if (lid == 0u) { lacc[0] = 0u; lacc[1] = 0u; lacc[2] = 0xffffffffu; lacc[3] = 0u; }")
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        cond = self.chance(0.5)
        e = self.expr(sc, "uint", 2)
        lines = ["atomic_add(&lacc[0], %s);" % e,
                 "atomic_inc(&lacc[1]);",
                 "atomic_and(&lacc[2], %s);" % self.expr(sc, "uint", 1),
                 "atomic_max(&lacc[3], %s);" % self.expr(sc, "uint", 1),
                 "atomic_xor(&lacc[1], %s);" % self.expr(sc, "uint", 1),
                 "atomic_or(&lacc[2], %s);" % self.expr(sc, "uint", 1)]
        chosen = self.r.sample(lines, self.r.randint(1, 3))
        # one family a counter: inc and xor on lacc[1], and and or on
        # lacc[2] would not commute (work-items run them in any order)
        seen = {}
        chosen = [l for l in chosen if seen.setdefault(l.split("[")[1][0], l.split("(")[0]) ==
                  l.split("(")[0]]
        if cond:
            self.emit(sc, out, ind, "if (%s) {" % ("%s != 0u" % self.expr(sc, "uint", 1)))
            for l in chosen:
                self.emit(sc, out, ind + "    ", l)
            out.append(ind + "}")
        else:
            for l in chosen:
                self.emit(sc, out, ind, l)
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        v = self.name("a")
        out.append(ind + "uint %s = lacc[%d] ^ lacc[%d];" % (v, self.r.randrange(4), self.r.randrange(4)))
        sc.vars.append((v, "uint", True))

    def s_gat(self, sc, uniform, depth, out, ind):
        f = self.pick(["atomic_add", "atomic_or", "atomic_xor", "atomic_min", "atomic_max",
                       "atomic_and", "atomic_sub"])
        k = self.gat_counter(f, self.r.randrange(NATOM))
        self.emit(sc, out, ind, "%s(&atom[%d], %s);" % (f, k, self.expr(sc, "uint", 2)))

    def gat_counter(self, f, k):
        """the counter for global atomic f, drawn k: k when it is free or
        already f's family, else the next one that is (operations of two
        families on one counter do not commute, and work-items and groups
        may run them in any order: seed 4517's atomic_or then atomic_sub).
        No random draw, so kernels without such a clash are unchanged"""
        fam = GAT_FAMILY[f]
        for j in range(NATOM):
            c = (k + j) % NATOM
            if self.atom_family.setdefault(c, fam) == fam:
                return c
        raise AssertionError("more families than counters")

    def s_call(self, sc, uniform, depth, out, ind):
        if not self.barrier_helpers or self.chance(0.2):
            return self.s_exchange(sc, uniform, depth, out, ind)
        f = self.pick(self.barrier_helpers)
        self.emit(sc, out, ind, "h = %s(ENV_ARGS, h, %s);" % (f, self.expr(sc, "int", 2)))

    def s_wg(self, sc, uniform, depth, out, ind):
        self.uses_wg = True
        c = self.r.randrange(6)
        v = self.name("w")
        if c == 0:
            f = self.pick(["WG_RED_ADD", "WG_INCL_ADD", "WG_EXCL_ADD"])
            self.emit(sc, out, ind, "uint %s = %s(%s);" % (v, f, self.expr(sc, "uint", 2)))
            sc.vars.append((v, "uint", f == "WG_RED_ADD"))
        elif c == 1:
            f = self.pick(["WG_RED_MIN", "WG_RED_MAX", "WG_INCL_MAX", "WG_EXCL_MIN"])
            self.emit(sc, out, ind, "int %s = %s(%s);" % (v, f, self.expr(sc, "int", 2)))
            sc.vars.append((v, "int", f.startswith("WG_RED")))
        elif c == 2:
            ids = ", ".join("(uint)(%s) %% (uint)get_local_size(%d)" % (self.uniform_int(sc), k)
                            for k in range(self.dims))
            t = self.pick(["int", "float"])
            self.emit(sc, out, ind, "%s %s = WG_BCAST_%s(%s, %s);" % (t, v, t.upper(), self.expr(sc, t, 2), ids))
            sc.vars.append((v, t, True))
        else:
            f = self.pick(["WG_ANY", "WG_ALL"])
            ct = self.pick(["int", "uint", "float"])
            cond = "%s %s %s" % (self.expr(sc, ct, 2), self.pick(["<", ">", "=="]), self.expr(sc, ct, 1))
            self.emit(sc, out, ind, "int %s = %s(%s);" % (v, f, cond))
            sc.vars.append((v, "int", True))

    def s_swap(self, sc, uniform, depth, out, ind):
        """issue 17's smoothing kernel: two local buffers swapped every step"""
        cur, nxt, t, s = self.name("cur"), self.name("nxt"), self.name("t"), self.name("s")
        t_ = self.pick(["int", "float"])
        a, b = ("lk", "larg") if t_ == "int" else ("lf", "lf2")
        if self.chance(0.5):
            a, b = b, a
        tmp = self.name("e")
        self.emit(sc, out, ind, "%s %s = %s;" % (t_, tmp, self.expr(sc, t_, 2)))
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        out.append(ind + "%s[lid] = %s;" % (a, tmp))
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        out.append(ind + "local %s *%s = %s, *%s = %s;" % (t_, cur, a, nxt, b))
        bound = self.pick(["T", "3", "(int)(get_group_id(0) % 2u) + 1"])
        out.append(ind + "for (int %s = 0; %s < %s; ++%s) {" % (s, s, bound, s))
        l = "%s[lid > 0u ? lid - 1u : lid]" % cur
        r = "%s[lid + 1u < lsz ? lid + 1u : lid]" % cur
        if t_ == "float":
            e = "0x1p-2f * %s + 0x1p-1f * %s[lid] + 0x1p-2f * %s" % (l, cur, r)
        else:
            e = "as_int(as_uint(%s) + as_uint(%s[lid]) * 3u + as_uint(%s) + (uint)%s)" % (l, cur, r, s)
        out.append(ind + "    %s[lid] = %s;" % (nxt, e))
        out.append(ind + "    barrier(CLK_LOCAL_MEM_FENCE);")
        out.append(ind + "    local %s *%s = %s; %s = %s; %s = %s;" % (t_, t, cur, cur, nxt, nxt, t))
        out.append(ind + "}")
        v = self.name("x")
        out.append(ind + "%s %s = %s[lid];" % (t_, v, cur))
        sc.vars.append((v, t_, False))
        if t_ == "int":
            sc.vars.append((cur, "ptr:int:1", False))

    def s_gptr(self, sc, uniform, depth, out, ind):
        """a global pointer advanced in a loop with a barrier"""
        p, i, acc = self.name("gp"), self.name("i"), self.name("acc")
        stride = self.r.randint(1, 64)
        self.emit(sc, out, ind, "global const float *%s = gf + %s;" % (p, self.index(sc, 1023, 1)))
        out.append(ind + "float %s = 0.0f;" % acc)
        out.append(ind + "for (int %s = 0; %s < %s; %s++) {" % (i, i, self.pick(["T", "4", "(int)(lsz % 5u)"]), i))
        out.append(ind + "    %s = %s * 0x1.8p+0f + %s[lid & 7u];" % (acc, acc, p))
        out.append(ind + "    barrier(CLK_LOCAL_MEM_FENCE);")
        out.append(ind + "    %s += %d;" % (p, stride))
        out.append(ind + "}")
        sc.vars.append((acc, "float", False))

    def s_exit(self, sc, uniform, depth, out, ind):
        cond = self.uniform_cond(sc)
        if sc.kernel:
            out.append(ind + "if (%s) { out[gid] = h ^ 0x5a5a5a5au; return; }" % cond)
        else:
            out.append(ind + "if (%s) return h ^ 0xa5a5a5a5u;" % cond)

    def s_async(self, sc, uniform, depth, out, ind):
        """async copies in a uniform loop with one event chained through them"""
        if self.async_slots >= self.nasync_max:
            return self.s_exchange(sc, uniform, depth, out, ind)
        t = self.pick(["int", "uint", "float", "char", "short", "long", "int2", "float3",
                       "uint4", "short3", "char8", "float16", "int3", "long2"])
        la = self.name("la")
        n_el = AM * ASTEPS * 2
        self.kernel_locals.append("local %s %s[%d];" % (t, la, n_el))
        slot = self.async_slots
        self.async_slots += 1
        ev, i = self.name("ev"), self.name("i")
        gin = "(global const %s *)gi" % t
        steps = self.pick(["T % 3 + 1", "2", "(int)(get_group_id(0) % 3u) + 1"])
        stride = self.r.randint(1, 3)
        base_g = "(grp * 5u + %du) %% 64u" % self.r.randrange(64)
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        out.append(ind + "event_t %s = 0;" % ev)
        out.append(ind + "for (int %s = 0; %s < %s; %s++) {" % (i, i, steps, i))
        if self.chance(0.5):
            out.append(ind + "    %s = async_work_group_copy(%s + %s * %d, %s + %s + (uint)%s * %du, %du, %s);"
                       % (ev, la, i, AM, gin, base_g, i, AM, AM, ev))
        else:
            out.append(ind + "    %s = async_work_group_strided_copy(%s + %s * %d, %s + %s + (uint)%s * %du, %du, %du, %s);"
                       % (ev, la, i, AM, gin, base_g, i, AM * stride, AM, stride, ev))
        out.append(ind + "}")
        out.append(ind + "wait_group_events(1, &%s);" % ev)
        out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
        # each work-item reads a few elements (everything was written: the
        # first step always runs, later steps' elements may be stale from
        # earlier ... they are zeroed below)
        v = self.name("x")
        out.append(ind + "%s %s = %s[(lid + %du) %% %du];" % (t, v, la, self.r.randrange(8), AM))
        out.append(ind + "h = mixu(h, %s);" % self.fold_any(v, t))
        # local to global: each work-item writes its own elements, then the
        # group copies its slice out
        if self.chance(0.7):
            out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
            val = self.vec_from(sc, t, v)
            if base(t) == "float":
                # these bits reach gout as they are, and a NaN's sign and
                # payload are not specified (IEEE 754 6.3; x86's default
                # NaN is negative, gcc's folded one positive: seed 7377):
                # any NaN becomes NAN
                cv = self.name("cv")
                self.emit(sc, out, ind, "%s %s = %s;" % (t, cv, val))
                val = "select(%s, (%s)(NAN), isnan(%s))" % (cv, t, cv)
            if width(t) == 3:
                # a vec3 element is copied as 4 lanes (OpenCL C 6.13.10), and
                # clang stores a vec3 as 4 lanes, the 4th undefined: write 4
                t4 = vt(base(t), 4)
                self.emit(sc, out, ind, "if (lid < %du) ((local %s *)%s)[%d + lid] = (%s)(%s, (%s)%d);" % (
                    AM, t4, la, AM * ASTEPS, t4, val, base(t), self.r.randrange(100)))
            else:
                self.emit(sc, out, ind, "if (lid < %du) %s[%d + lid] = %s;" % (
                    AM, la, AM * ASTEPS, val))
            out.append(ind + "barrier(CLK_LOCAL_MEM_FENCE);")
            gbase = "(gout + (grp * %du + %du) * %du)" % (self.nasync_max, slot, GOUT_PER_GROUP)
            gout = "(global %s *)%s" % (t, gbase)
            ev2 = self.name("ev")
            if self.chance(0.5):
                dst = 1
                out.append(ind + "event_t %s = async_work_group_copy(%s, %s + %d, (uint)min(lsz, %du), 0);"
                           % (ev2, gout, la, AM * ASTEPS, AM))
            else:
                dst = self.r.randint(1, 3)
                out.append(ind + "event_t %s = async_work_group_strided_copy(%s, %s + %d, (uint)min(lsz, %du), %du, 0);"
                           % (ev2, gout, la, AM * ASTEPS, AM, dst))
            out.append(ind + "wait_group_events(1, &%s);" % ev2)
            if width(t) == 3:
                # the copy moved 4 lanes, but PoCL 3.1 leaves the 4th lane
                # of some elements in global memory unwritten or holding
                # another value, depending on the local size (seeds 1078,
                # 1129, 1279, 1551, 1603; spv2c and oclgrind copy it as the
                # spec says, tests/spvasm/async_vec3_pad.cl): each work-item
                # zeroes the 4th lane of the element it wrote, after the
                # group's writes are visible (as tests/run/wg_async_types.cl);
                # a barrier after: PoCL 3.1 loses such guarded stores when an
                # early exit comes before them and a loop of barriers after
                # them (seed 3110, tests/spvasm/return_store_barrier_loop.cl)
                out.append(ind + "barrier(CLK_GLOBAL_MEM_FENCE);")
                out.append(ind + "if (lid < %du) ((global %s *)%s)[lid * %du].s3 = (%s)0;"
                           % (AM, vt(base(t), 4), gbase, dst, base(t)))
                out.append(ind + "barrier(CLK_GLOBAL_MEM_FENCE);")
        if t in self.expr_types():
            sc.vars.append((v, t, False))

    def expr_types(self):
        return [vt(b, n) for b in ("int", "uint", "float") for n in (1,) + VEC_WIDTHS] + \
            ["short", "uchar", "long", "ulong"]

    def vec_from(self, sc, t, v):
        b = base(t)
        if b in ("int", "uint", "float"):
            return self.expr(sc, t, 2)
        if width(t) == 1:
            return "(%s)(%s ^ (%s)1)" % (t, v, t) if b != "long" else "%s ^ 5L" % v
        return "%s ^ (%s)(1)" % (v, t)

    def fold_any(self, v, t):
        b, n = base(t), width(t)
        if b in ("char", "short", "long"):
            if n == 1:
                return {"char": "(uint)as_uchar(%s)", "short": "(uint)as_ushort(%s)",
                        "long": "((uint)%s ^ (uint)(%s >> 32))"}[b].replace("%s", v)
            if t not in self.folds:
                f = "fold_" + t + self.sfx
                body = ["static uint %s(%s v)" % (f, t), "{", "    uint h = 0u;"]
                for k in range(n):
                    body.append("    h = mixu(h, %s);" % self.fold_any("v.s%s" % LANE[k], b))
                body += ["    return h;", "}", ""]
                self.folds[t] = (f, "\n".join(body))
            return "%s(%s)" % (self.folds[t][0], v)
        return self.fold(v, t)

    # ---------------------------------------------------------------- kernel
    def pure_helper(self):
        ret = self.pick(["int", "uint", "float", "float4", "int2"])
        params = [self.pick(["int", "uint", "float", "int4"]) for _ in range(self.r.randint(1, 3))]
        name = self.name("pf") + self.sfx
        sc = Scope()
        sc.env, sc.half_arr, sc.kernel, sc.pre = False, None, False, []
        names = []
        for k, p in enumerate(params):
            names.append("a%d" % k)
            sc.vars.append(("a%d" % k, p, False))
        e = self.expr(sc, ret, 3)
        text = "static %s %s(%s)\n{\n    return %s;\n}\n" % (
            ret, name, ", ".join("%s %s" % (p, q) for p, q in zip(params, names)), e)
        self.helpers.append(text)
        self.pure_helpers.append((name, ret, params))

    def barrier_helper(self):
        name = self.name("bf") + self.sfx
        sc = Scope()
        sc.env, sc.half_arr, sc.kernel, sc.pre = True, "hb", False, []
        sc.vars.append(("x", "int", False))
        body = []
        self.budget = self.r.randint(2, 5)
        self.stmts(sc, True, 1, body, "    ", self.budget)
        text = ["static uint %s(ENV_PARAMS, uint h, int x)" % name, "{",
                "    __private ushort hbs[64];",
                "    __private half *hb = (__private half *)hbs;",
                "    for (int k = 0; k < 64; k++) vstore_half(0.0f, k, hb);"] + body + \
            ["    return mixu(h, as_uint(x));", "}", ""]
        self.helpers.append("\n".join(text))
        self.barrier_helpers.append(name)

    def launches(self):
        d = self.dims
        shapes = {1: [(1,), (4,), (8,), (16,), (64,), (3,), (32,)],
                  2: [(1, 1), (4, 2), (8, 4), (2, 8), (16, 2), (3, 3)],
                  3: [(1, 1, 1), (2, 2, 2), (4, 2, 2), (2, 3, 2), (4, 4, 4)]}[d]
        ls = self.r.sample(shapes, self.r.randint(2, 3))
        out = []
        for l in ls:
            g = tuple(x * self.r.randint(1, 3 if d < 3 else 2) for x in l)
            out.append((g, l))
        return out

    def generate(self):
        r = self.r
        self.dims = self.pick([1, 1, 2, 3])
        # PoCL 3.1 has no vload/vstore/half functions on global or private
        # pointers at -cl-std=CL2.0 (and no work-group functions at all):
        # a kernel either uses work-group functions (CL2.0, and PoCL gets
        # its own versions) or the vector data functions (CL1.2)
        self.std20 = self.chance(0.4)
        self.nasync_max = 4
        launches = self.launches()
        max_items = max(_prod(g) for g, _ in launches)
        max_groups = max(_prod(g) // _prod(l) for g, l in launches)
        offset = [r.randint(0, 5) for _ in range(self.dims)]
        tval = self.tval = r.randint(0, 4)

        for _ in range(r.randint(0, 2)):
            self.pure_helper()
        for _ in range(self.pick([0, 1, 1, 2])):
            self.barrier_helper()

        sc = Scope()
        sc.env, sc.half_arr, sc.kernel, sc.pre = True, "hb", True, []
        body = []
        self.budget = r.randint(5, 14)
        self.stmts(sc, True, 0, body, "    ", self.budget)
        while self.budget > 0:
            self.stmts(sc, True, 0, body, "    ", self.budget)
        for v in sc.vars:
            body.append("    h = mixu(h, %s);" % self.fold(v[0], v[1]))
        body.append("    out[gid] = h;")

        L = []
        L.append("// generated by tests/gen/gen.py %d" % self.seed)
        L.append("//! kernel: %s" % self.kernel_name())
        if self.std20:
            L.append("//! std: CL2.0")
            L.append("//! pocl-options: -DNO_WG")
        for g, l in launches:
            L.append("//! launch: %s @ %s" % (",".join(map(str, g)), ",".join(map(str, l))))
        L.append("//! offset: %s" % ",".join(map(str, offset)))
        L.append("//! arg: in int %d rand" % NGI)
        L.append("//! arg: in float %d %s" % (NGI, r.choice(["randf -100 100", "edge", "rand"])))
        L.append("//! arg: out uint %d" % max_items)
        L.append("//! arg: inout uint %d rand" % NATOM)
        L.append("//! arg: out uint %d" % max(1, max_groups * self.nasync_max * GOUT_PER_GROUP))
        L.append("//! arg: local %d" % (MAXL * K * 4))
        L.append("//! arg: val int %d" % tval)
        self.header = "\n".join(L) + "\n"
        L = []
        for t, (f, text) in sorted(self.folds.items()):
            L.append(text)
        L += self.helpers
        L.append("kernel void %s(global const int *gi, global const float *gf, global uint *out,"
                 % self.kernel_name())
        L.append("              global uint *atom, global uint *gout, local int *larg, int T)")
        L.append("{")
        L.append("    local int lk[%d];" % (MAXL * K))
        L.append("    local float lf[%d], lf2[%d];" % (MAXL * K, MAXL * K))
        L.append("    local uint lacc[4], lwg[%d];" % MAXL)
        for d in self.kernel_locals:
            L.append("    " + d)
        L.append("    uint lid = (uint)(get_local_id(0) + get_local_size(0) *")
        L.append("        (get_local_id(1) + get_local_size(1) * get_local_id(2)));")
        L.append("    uint lsz = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));")
        L.append("    uint gid = (uint)((get_global_id(0) - get_global_offset(0)) + get_global_size(0) *")
        L.append("        ((get_global_id(1) - get_global_offset(1)) + get_global_size(1) *")
        L.append("         (get_global_id(2) - get_global_offset(2))));")
        L.append("    uint grp = (uint)(get_group_id(0) + get_num_groups(0) *")
        L.append("        (get_group_id(1) + get_num_groups(1) * get_group_id(2)));")
        L.append("    __private ushort hbs[64];")
        L.append("    __private half *hb = (__private half *)hbs;")
        L.append("    for (int k = 0; k < 64; k++) vstore_half(0.0f, k, hb);")
        L.append("    for (uint k = 0; k < %du; k++) {" % K)
        L.append("        lk[lid * %du + k] = 0; larg[lid * %du + k] = 0;" % (K, K))
        L.append("        lf[lid * %du + k] = 0.0f; lf2[lid * %du + k] = 0.0f;" % (K, K))
        L.append("    }")
        L.append("    barrier(CLK_LOCAL_MEM_FENCE);")
        L.append("    uint h = 0x811c9dc5u ^ gid;")
        L += body
        L.append("}")
        text = "\n".join(L) + "\n"
        text = text.replace("ENV_PARAMS", ENV_PARAMS).replace("ENV_ARGS", ENV_ARGS)
        self.unit = text.replace("WG_BCAST_INT(", "WG_BCAST_INT%d(" % self.dims).replace(
            "WG_BCAST_FLOAT(", "WG_BCAST_FLOAT%d(" % self.dims)
        return self

    def kernel_name(self):
        return "k%d" % self.seed


def stmt_start(lines, k, ind):
    """the first place at or after line k of a loop's body (statements
    indented ind) where a statement starts: a break or continue put there
    leaves that loop. Elsewhere it could land inside a nested loop, switch
    or if, and leave that instead (seed 10735: a `break` inside an async
    copy's loop skipped the copy, and the kernel read __local memory
    nobody wrote). The line drawn is kept when it is one (no new draw)."""
    while k < len(lines):
        rest = lines[k][len(ind):] if lines[k].startswith(ind) else ""
        if rest and rest[0] not in " }" and not rest.startswith(("case ", "default:")):
            return k
        k += 1
    return k


ENV_PARAMS = ("global const int *gi, global const float *gf, global uint *atom, local int *lk, "
              "local int *larg, local float *lf, local float *lf2, local uint *lacc, "
              "local uint *lwg, uint lid, uint lsz, uint gid, int T")
ENV_ARGS = "gi, gf, atom, lk, larg, lf, lf2, lacc, lwg, lid, lsz, gid, T"

PRELUDE = r"""static uint mixu(uint h, uint v) { return (h ^ v) * 0x01000193u + 0x9e3779b9u; }
static uint cf(float f) { return isnan(f) ? 0x7fc00000u : as_uint(f); }
static int sdiv(int a, int b) { return (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? a : a / b; }
static int srem(int a, int b) { return (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? a : a % b; }
static uint udiv(uint a, uint b) { return b == 0u ? a : a / b; }
static uint urem(uint a, uint b) { return b == 0u ? a : a % b; }
#ifdef NAN_SAT_ZERO
// Oclgrind 21.10 (run.py builds with -DNAN_SAT_ZERO) converts NaN to the
// type's least value in convert_T_sat; OpenCL C 3.0 s6.4.3.3: NaN gives 0
#define SATF(T, x) select((x), (T)(0.0f), isnan(x))
#else
#define SATF(T, x) (x)
#endif

#ifdef NO_WG
// PoCL 3.1 has no work-group functions: the same with local memory
#define LID ((uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2))))
#define NWI ((uint)(get_local_size(0) * get_local_size(1) * get_local_size(2)))
static uint wg_fold(uint x, int op, int upto, int sgn, local uint *s)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    s[LID] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint n = upto == 0 ? NWI : upto == 1 ? LID + 1u : LID;
    uint acc = op == 0 ? 0u : op == 1 ? (sgn ? 0x7fffffffu : 0xffffffffu) : (sgn ? 0x80000000u : 0u);
    for (uint i = 0; i < n; i++) {
        uint v = s[i];
        if (op == 0) acc += v;
        else if (op == 1) acc = sgn ? as_uint(min(as_int(acc), as_int(v))) : min(acc, v);
        else acc = sgn ? as_uint(max(as_int(acc), as_int(v))) : max(acc, v);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    return acc;
}
static uint wg_bcast(uint x, uint id, local uint *s)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    s[LID] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint r = s[id];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}
#define WG_RED_ADD(x) wg_fold((x), 0, 0, 0, lwg)
#define WG_INCL_ADD(x) wg_fold((x), 0, 1, 0, lwg)
#define WG_EXCL_ADD(x) wg_fold((x), 0, 2, 0, lwg)
#define WG_RED_MIN(x) as_int(wg_fold(as_uint(x), 1, 0, 1, lwg))
#define WG_RED_MAX(x) as_int(wg_fold(as_uint(x), 2, 0, 1, lwg))
#define WG_INCL_MAX(x) as_int(wg_fold(as_uint(x), 2, 1, 1, lwg))
#define WG_EXCL_MIN(x) as_int(wg_fold(as_uint(x), 1, 2, 1, lwg))
#define WG_ANY(c) (wg_fold((c) ? 1u : 0u, 0, 0, 0, lwg) != 0u)
#define WG_ALL(c) (wg_fold((c) ? 1u : 0u, 0, 0, 0, lwg) == NWI)
#define LIN3(a, b, c) ((uint)(a) + (uint)get_local_size(0) * ((uint)(b) + (uint)get_local_size(1) * (uint)(c)))
#define WG_BCAST_INT1(x, a) as_int(wg_bcast(as_uint(x), (uint)(a), lwg))
#define WG_BCAST_INT2(x, a, b) as_int(wg_bcast(as_uint(x), LIN3(a, b, 0), lwg))
#define WG_BCAST_INT3(x, a, b, c) as_int(wg_bcast(as_uint(x), LIN3(a, b, c), lwg))
#define WG_BCAST_FLOAT1(x, a) as_float(wg_bcast(as_uint(x), (uint)(a), lwg))
#define WG_BCAST_FLOAT2(x, a, b) as_float(wg_bcast(as_uint(x), LIN3(a, b, 0), lwg))
#define WG_BCAST_FLOAT3(x, a, b, c) as_float(wg_bcast(as_uint(x), LIN3(a, b, c), lwg))
#else
#define WG_RED_ADD(x) work_group_reduce_add((uint)(x))
#define WG_INCL_ADD(x) work_group_scan_inclusive_add((uint)(x))
#define WG_EXCL_ADD(x) work_group_scan_exclusive_add((uint)(x))
#define WG_RED_MIN(x) work_group_reduce_min((int)(x))
#define WG_RED_MAX(x) work_group_reduce_max((int)(x))
#define WG_INCL_MAX(x) work_group_scan_inclusive_max((int)(x))
#define WG_EXCL_MIN(x) work_group_scan_exclusive_min((int)(x))
#define WG_ANY(c) work_group_any(c)
#define WG_ALL(c) work_group_all(c)
#define WG_BCAST_INT1(x, a) work_group_broadcast((int)(x), (size_t)(a))
#define WG_BCAST_INT2(x, a, b) work_group_broadcast((int)(x), (size_t)(a), (size_t)(b))
#define WG_BCAST_INT3(x, a, b, c) work_group_broadcast((int)(x), (size_t)(a), (size_t)(b), (size_t)(c))
#define WG_BCAST_FLOAT1(x, a) work_group_broadcast((float)(x), (size_t)(a))
#define WG_BCAST_FLOAT2(x, a, b) work_group_broadcast((float)(x), (size_t)(a), (size_t)(b))
#define WG_BCAST_FLOAT3(x, a, b, c) work_group_broadcast((float)(x), (size_t)(a), (size_t)(b), (size_t)(c))
#endif
"""


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


COMMON = "#pragma OPENCL FP_CONTRACT OFF\n\n" + PRELUDE + \
    "typedef struct { uint a; float b; int4 c; } S;\n\n"


def kernel_text(seed):
    """the file of one seed: its header, COMMON, its helpers and kernel"""
    g = Gen(seed).generate()
    return g.header + COMMON + g.unit


def batch_text(gens):
    """one program holding the kernels of several seeds (generated Gen
    objects of the same OpenCL C version): COMMON once, then each seed's
    helpers and kernel exactly as in kernel_text (its names end in the
    seed); run.py builds and runs it once for the whole batch"""
    stds = {g.std20 for g in gens}
    if len(stds) != 1:
        raise ValueError("a batch mixes OpenCL C versions")
    return "// generated by tests/gen/gen.py: seeds %s\n" % " ".join(
        str(g.seed) for g in gens) + COMMON + "".join(g.unit for g in gens)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    o = ap.parse_args()
    text = kernel_text(o.seed)
    if o.output:
        with open(o.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
