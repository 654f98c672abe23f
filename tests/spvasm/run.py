#!/usr/bin/env python3
"""Test of one hand-written SPIR-V assembly kernel against an exact oracle.

usage: run.py KERNEL.spvasm|KERNEL.cl --spv2c PATH --workdir DIR [--cc cc]
              [--clang-cc clang-15] [--spirv-as spirv-as]
              [--llvm-spirv llvm-spirv-15] [--spv2c-option OPT]... [-v]

Some instructions never come out of clang-15 + llvm-spirv-15 (OpSMod,
OpFMod, OpLogicalAnd, OpCompositeConstruct, OpAccessChain, ...), so the
PoCL differential tests (tests/run) never execute their lowering. Each
file here is a kernel written in SPIR-V assembly that uses them, with a
header in the format of tests/run/check.py behind `;!` (kernel:, global:,
local:, arg: ...). The file KERNEL.py next to it is the oracle: it defines

    expect(args) -> {arg index: [bits, ...]}

where args[i] is the list of bit patterns of argument i (one per slot, as
generated from the header) for in/inout arguments and images (their bytes
as elements of the header's type), and the result gives, for every
out/inout argument and imageout image, the bits each slot must hold. Oracles
compute from the SPIR-V specification's definitions with exact integer
arithmetic, Python's IEEE doubles (exact where used) and fractions; they
never run spv2c's runtime or the platform's C library. A slot whose
expected value is the string "nan" must hold a NaN of any bits (used only
where docs/testing.md's NaN policy says the bits are the host's). An
expected value may also be a callable taking the slot's bits and returning
whether they are acceptable, with a str() that says what it wants: for
functions checked against an error bound from an exact value (mpmath),
not against exact bits.

A KERNEL.cl file (header behind `//!`) is OpenCL C whose built-ins spv2c
implements with a documented evaluation (geometric functions, mad, mix,
NaN results): it is compiled with clang-15 + llvm-spirv-15 (spir64, -O0 and
-O2; once with each set of -D flags of a `defines: A | B` line) and checked
against its oracle the same way.

The module is assembled with spirv-as, translated with `spv2c --main`,
built warning-free with cc -O2 and clang-15 -O2 (and cc -O3 -march=native
when cc takes it; the -O0 module of a .cl kernel with cc -O2 alone unless
SPV2C_FULL=1, as check.py's suite slice), and each program's outputs are compared with the oracle
bit for bit. Exit status 0 pass, 1 fail, 77 skip (a tool is missing; under
CI=true a missing tool fails).
"""

import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "run"))
import check  # noqa: E402  (tests/run/check.py: header format, inputs, runs)


def load_oracle(path):
    spec = importlib.util.spec_from_file_location(
        "oracle_" + os.path.basename(path)[:-3].replace("-", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def compare(name, i, a, want, got_path):
    t = a.type
    try:
        with open(got_path, "rb") as f:
            got = t.unpack(f.read())
    except OSError as e:
        return ["%s: arg %d: cannot read output: %s" % (name, i, e)]
    if len(got) != len(want):
        return ["%s: arg %d: %d slots, the oracle gives %d" % (name, i, len(got), len(want))]
    bad = []
    for k, (g, w) in enumerate(zip(got, want)):
        if t.lanes == 3 and k % 4 == 3:
            continue
        if callable(w):
            if not w(g):
                bad.append((k, g, w))
        elif w == "nan":
            if t.size not in (2, 4, 8) or not t.is_nan_bits(g):
                bad.append((k, g, w))
        elif g != (w & ((1 << t.bits) - 1)):
            bad.append((k, g, w))
    if not bad:
        return []
    msg = ["%s: arg %d (%s %s): %d slot(s) differ from the oracle"
           % (name, i, a.kind, t.name, len(bad))]
    for k, g, w in bad[:8]:
        where = "[%d]" % k if t.lanes == 1 else "[%d].s%x" % (k // t.slots, k % t.slots)
        msg.append("  %s: spv2c %s, oracle %s" % (where, check.show(t, g),
                                                  w if w == "nan" or callable(w) else
                                                  check.show(t, w & ((1 << t.bits) - 1))))
    return msg


def run_module(o, h, found, name, opt, want, wd, defines=""):
    """translate, build, run and compare one module; returns failures"""
    os.makedirs(wd, exist_ok=True)
    inpaths = check.write_inputs(h, os.path.join(wd, "inputs"))
    spv, csrc = os.path.join(wd, "k.spv"), os.path.join(wd, "k.c")
    builds = [("cc-O2", [found["cc"]] + check.WARN + ["-O2"]),
              ("clang-O2", [found["clang-cc"]] + check.WARN + ["-O2"])]
    if check.takes_native(found["cc"]):
        builds.append(("cc-O3n", [found["cc"], "-std=c99", "-O3", "-march=native"]))
    # the threaded executor, for the kernels whose header asks (threads: why)
    if h.get("threads"):
        builds.append(("threads", [found["cc"], "-std=c99", "-O2", "-fopenmp",
                                   "-DSPV2C_THREADS"]))
    # the suite's slice (check.suite_builds): the -O0 module of a .cl kernel
    # with cc -O2 alone; every build of it under SPV2C_FULL=1
    if opt == "-O0" and not check.full_matrix():
        builds = builds[:1]
    failures = []
    kpath = os.path.abspath(o.kernel)
    try:
        if opt:
            bc = os.path.join(wd, "k.bc")
            steps = [([found["clang"], "-cl-std=" + h["std"], "-target", "spir64", opt,
                       "-emit-llvm", "-c", kpath, "-o", bc, "-Xclang",
                       "-finclude-default-header"] + defines.split(), "clang"),
                     ([found["llvm-spirv"], bc, "-o", spv], "llvm-spirv")]
        else:
            steps = [([found["spirv-as"], "--target-env", "spv1.2", kpath, "-o", spv],
                      "spirv-as")]
        steps.append(([found["spv2c"], spv, "--main", "-o", csrc] + o.spv2c_option, "spv2c"))
        steps.append(check.coverage_step(found["spv2c"], wd, spv))
        for sub, cc in builds:
            os.makedirs(os.path.join(wd, sub), exist_ok=True)
            steps.append((cc + h["cflags"] + [csrc, "-o", os.path.join(wd, sub, "k"), "-lm"],
                          sub))
        for cmd, what in steps:
            check.run(cmd, cwd=wd, what=what)
            if o.verbose:
                print("  $ " + check.shell_quote(cmd))
        for sub, _ in builds:
            for g, l in h["launch_list"]:
                od = os.path.join(wd, sub, "out")
                os.makedirs(od, exist_ok=True)
                cmd = ([os.path.join(wd, sub, "k"), h["kernel"]]
                       + check.launch_options(h, g, l)
                       + check.arg_list(h, inpaths, od, True))
                check.run(cmd, cwd=od, what="generated program")
                if o.verbose:
                    print("  $ " + check.shell_quote(cmd))
                for i, a in enumerate(h["args"]):
                    if a.kind in ("out", "inout", "imageout"):
                        failures += compare("%s (%s)" % (name, sub), i, a, want[i],
                                            os.path.join(od, "arg%d.out" % i))
    except check.StepFailed as e:
        failures.append("%s: %s" % (name, e))
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernel")
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--clang-cc", default="clang-15")
    ap.add_argument("--spirv-as", default="spirv-as")
    ap.add_argument("--llvm-spirv", default="llvm-spirv-15")
    ap.add_argument("--spv2c-option", action="append", default=[],
                    help="an option for spv2c (repeatable), e.g. --mad=unfused")
    ap.add_argument("-v", "--verbose", action="store_true")
    o = ap.parse_args()
    name = os.path.basename(o.kernel)
    is_cl = o.kernel.endswith(".cl")
    try:
        h = check.parse_header(o.kernel, mark="//!" if is_cl else ";!")
    except (check.HeaderError, ValueError, OverflowError) as e:
        print("%s: header: %s" % (name, e))
        return 1
    found = {}
    tools = [("spv2c", o.spv2c), ("cc", o.cc), ("clang-cc", o.clang_cc)]
    tools += ([("clang", o.clang_cc), ("llvm-spirv", o.llvm_spirv)] if is_cl
              else [("spirv-as", o.spirv_as)])
    for k, v in tools:
        found[k] = check.find_tool(v)
        if not found[k]:
            return check.missing_tool(name, k, v)
    try:
        oracle = load_oracle(os.path.splitext(o.kernel)[0] + ".py")
    except ImportError as e:      # an oracle's library (mpmath)
        return check.missing_tool(name, "python3-" + (e.name or "module"), str(e))
    ins = [list(a.type.unpack(a.data)) if a.kind in ("in", "inout", "image", "imageout")
           else None for a in h["args"]]
    want = oracle.expect(ins)
    for i, a in enumerate(h["args"]):
        if a.kind in ("out", "inout", "imageout") and i not in want:
            print("%s: the oracle gives nothing for arg %d" % (name, i))
            return 1

    failures = []
    modules = ["-O0", "-O2"] if is_cl else [""]
    # defines: A | B (tests/run/check.py's key): the whole test once with each
    for di, defs in enumerate(h["defines"] or [""]):
        for opt in modules:
            wd = os.path.join(os.path.abspath(o.workdir), "D%d" % di if defs else "",
                              "spir64" + opt if opt else "")
            failures += run_module(o, h, found, name + (" " + defs if defs else "")
                                   + (" spir64" + opt if opt else ""), opt, want, wd, defs)
    if failures:
        print("FAIL %s" % name)
        print("\n".join(failures))
        return 1
    print("PASS %s (%s; cc -O2, clang -O2, cc -O3 -march=native%s)"
          % (name, ", ".join("spir64" + m for m in modules) if modules != [""] else "spirv-as",
             "; spir64-O0 with cc -O2 only: SPV2C_FULL=1 builds it every way"
             if is_cl and not check.full_matrix() else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
