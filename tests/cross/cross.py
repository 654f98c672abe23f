#!/usr/bin/env python3
"""Cross targets: the same generated C on other CPUs must give the same bytes.

usage: cross.py --spv2c PATH --workdir DIR --target NAME [--target NAME]...
                [--cc cc] [--clang clang-15] [--llvm-spirv llvm-spirv-15]
                [--opt -O2] [-v] KERNEL.cl...

Each kernel is a run-suite kernel (tests/run/*.cl): its `//!` header says
how to launch it and how its arguments are generated (tests/run/check.py
parses it; this script imports check.py rather than repeating it). For each
kernel and each SPIR-V flavour the chosen targets need (`spir` for 32-bit
targets, `spir64` for 64-bit ones) the OpenCL C is compiled with clang-15 and
llvm-spirv-15, translated once with `spv2c --main`, built for the host with cc
and run natively (the reference: the run suite checks that native run
against PoCL), then built with each target's cross compiler and run under
its emulator with the same arguments. Every out/inout buffer and written
image (imageout) must be the same bytes as the native run's (the generated C is meant to give
identical bits on every platform): no ULP allowance, NaN bits included.
The one relaxation is the host NaN rule (docs/testing.md, "NaN policy"),
and only for the elements a `//! host-nan: SEL REASON` header line names:
NaNs the CPU's floating-point unit makes, whose sign and payload OpenCL C
leaves open (OpenCL C 3.0 s7.5.1: "How the rest of the NaN payload bits or
the sign of NaN is converted is undefined"; IEEE 754-2008 s6.3 does not
specify the sign of a NaN result). There, a target's element may differ
from the native one only as its CPU is known to differ from x86-64 (see
host_nan_ok): both must be NaNs, and either both are default NaNs (quiet,
payload 0) of opposite signs (x86's default NaN has the sign bit set; ARM's,
AArch64's, RISC-V's and libgcc's soft float's do not), or, on riscv64, the
target's is the canonical NaN (RISC-V's F and D extensions return it for
every NaN result: no payload propagates, not even through a conversion).
An integer element under host-nan (a kernel that writes as_uint(x)) is read
as the float of its width. Every other element, and every other NaN
difference, fails. A kernel argument KERNEL.cl@N runs it with a global size
of N instead of its header's (a small slice of a large math kernel).
Exit status: 0 pass,
1 fail, 77 skip (a tool is missing).

Targets (NAME: compiler, emulator):
  arm-linux-gnueabihf  ARMv7 hard float, spir, qemu-arm
  riscv64-linux-gnu    RV64GC, spir64, qemu-riscv64
  aarch64-linux-gnu    ARMv8-A, spir64, qemu-aarch64 (the __fp16 half fast
                       path applies: checked with the preprocessor)
  arm-none-eabi        Cortex-M3 bare metal (no FPU: soft float), spir,
                       picolibc, qemu-system-arm -M mps2-an385; the --main
                       program gets its command line and files through
                       semihosting
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run"))
import check  # noqa: E402  (tests/run/check.py: header parser, inputs, runner)

# Cortex-M3 on the MPS2 AN385 board: 4 MiB of code RAM at 0, 16 MiB of
# PSRAM at 0x21000000 for data (picolibc's linker script takes these as
# symbols): the static work-group frames (SPV2C_FRAME_MEM, 4 MiB by
# default), __local memory (64 KiB) and some kernels' buffers need more than
# the 4 MiB SSRAM
CM3_FLAGS = ["--specs=picolibc.specs", "--oslib=semihost", "--crt0=semihost",
             "-mcpu=cortex-m3", "-mthumb", "-mfloat-abi=soft",
             "-Wl,--defsym=__flash=0", "-Wl,--defsym=__flash_size=0x400000",
             "-Wl,--defsym=__ram=0x21000000", "-Wl,--defsym=__ram_size=0x1000000",
             "-Wl,--defsym=__stack_size=0x10000"]

TARGETS = {
    "arm-linux-gnueabihf": {"spir": "spir", "cc": "arm-linux-gnueabihf-gcc",
                            "flags": ["-static"], "emu": ["qemu-arm"]},
    "riscv64-linux-gnu": {"spir": "spir64", "cc": "riscv64-linux-gnu-gcc",
                          "flags": ["-static"], "emu": ["qemu-riscv64"]},
    "aarch64-linux-gnu": {"spir": "spir64", "cc": "aarch64-linux-gnu-gcc",
                          "flags": ["-static"], "emu": ["qemu-aarch64"],
                          "require_macro": "__ARM_FP16_FORMAT_IEEE"},
    "arm-none-eabi": {"spir": "spir", "cc": "arm-none-eabi-gcc",
                      "flags": CM3_FLAGS, "emu": ["qemu-system-arm"],
                      "semihost": True},
}


def semihost_cmd(emu, exe, args):
    """qemu-system-arm command line running exe with args over semihosting"""
    conf = "enable=on,target=native" + "".join(
        ",arg=" + a.replace(",", ",,") for a in args)
    return emu + ["-M", "mps2-an385", "-nographic", "-monitor", "none",
                  "-serial", "none", "-semihosting-config", conf,
                  "-kernel", exe]


# the float type whose bits an element of that size is read as (host-nan)
FLOAT_OF_SIZE = {2: check.Type("half"), 4: check.Type("float"), 8: check.Type("double")}


def default_nan(ft, b):
    """a quiet NaN with a zero payload, either sign (a CPU's default NaN)"""
    mant, _ = check.FLOAT_EXP[ft.size]
    return ft.is_nan_bits(b) and (b & ((1 << mant) - 1)) == 1 << (mant - 1)


def host_nan_ok(target, size, ref, got):
    """whether got (the target's bits) may stand for ref (the native x86-64
    run's) in an element whose NaN the host FPU makes: see the docstring"""
    ft = FLOAT_OF_SIZE.get(size)
    if ft is None or not (ft.is_nan_bits(ref) and ft.is_nan_bits(got)):
        return False
    sign = 1 << (ft.bits - 1)
    if default_nan(ft, ref) and got == ref ^ sign:
        return True
    return target == "riscv64-linux-gnu" and default_nan(ft, got)


def diff(lab, target, h, i, a, ref, got):
    """(message lines describing how got differs from ref, the number of
    elements accepted by the host NaN rule); ref and got are byte strings"""
    if len(ref) != len(got):
        return ["%s: arg %d: %d bytes, the native run wrote %d" % (lab, i, len(got), len(ref))], 0
    t = a.type
    rv, gv = t.unpack(ref), t.unpack(got)
    bad, host = [], 0
    for k in range(len(rv)):
        if rv[k] == gv[k]:
            continue
        if (any(check.selected(s, i, k // t.slots) for s in h["host-nan"])
                and host_nan_ok(target, t.size, rv[k], gv[k])):
            host += 1
        else:
            bad.append(k)
    if not bad:
        return [], host
    msg = ["%s: arg %d (%s %s %d): %d element(s) differ from the native run"
           % (lab, i, a.kind, t.name, a.count, len(bad))]
    for k in bad[:8]:
        where = "[%d]" % k
        if t.lanes > 1:
            where = "[%d].s%x" % (k // t.slots, k % t.slots)
        msg.append("  %s: target %s, native %s" % (where, check.show(t, gv[k]),
                                                    check.show(t, rv[k])))
    return msg, host


def outputs(h, od):
    got = {}
    for i, a in enumerate(h["args"]):
        if a.kind in check.COMPARED:
            with open(os.path.join(od, "arg%d.out" % i), "rb") as f:
                got[i] = f.read()
    return got


def clear_outputs(h, od):
    os.makedirs(od, exist_ok=True)
    for i, a in enumerate(h["args"]):
        p = os.path.join(od, "arg%d.out" % i)
        if a.kind in check.COMPARED and os.path.exists(p):
            os.remove(p)


def header(kpath, size):
    """the kernel's header, its first launch's global size along x replaced
    by size when size is given (KERNEL.cl@N)"""
    h = check.parse_header(kpath)
    if size:
        g, l = h["launch_list"][0]
        if l and size % l[0]:
            raise check.HeaderError("@%d: not a multiple of the local size %d" % (size, l[0]))
        h["launch_list"] = [([size] + g[1:], l)]
    return h


def one_kernel(o, found, kpath, size, define, wd, targets, log):
    """runs one kernel (one defines: alternative); returns failure messages"""
    h = header(kpath, size)
    extra = define.split() if define else []
    inpaths = check.write_inputs(h, os.path.join(wd, "inputs"))
    launches = [check.launch_options(h, g, l) for g, l in h["launch_list"]]
    failures = []
    by_flavour = {}
    for t in targets:
        fl = TARGETS[t]["spir"]
        if fl not in h["targets"]:
            log("  %s: the kernel is not for %s, skipped" % (t, fl))
            continue
        by_flavour.setdefault(fl, []).append(t)
    for fl, ts in sorted(by_flavour.items()):
        vd = os.path.join(wd, fl)
        os.makedirs(vd, exist_ok=True)
        bc, spv, csrc = (os.path.join(vd, n) for n in ("k.bc", "k.spv", "k.c"))
        nat = os.path.join(vd, "native", "k")
        os.makedirs(os.path.dirname(nat), exist_ok=True)
        steps = [
            ([found["clang"], "-cl-std=" + h["std"], "-target", fl, o.opt, "-emit-llvm",
              "-c", kpath, "-o", bc] + extra + ["-Xclang", "-finclude-default-header"],
             "clang"),
            ([found["llvm-spirv"], bc, "-o", spv], "llvm-spirv"),
            ([found["spv2c"], spv, "--main", "-o", csrc], "spv2c"),
            ([found["cc"], "-std=c99", "-O2"] + h["cflags"] + [csrc, "-o", nat, "-lm"], "cc"),
        ]
        try:
            for cmd, what in steps:
                check.run(cmd, cwd=vd, what=what)
            refs = []
            for k, launch in enumerate(launches):
                od = os.path.join(vd, "native", "L%d" % k)
                clear_outputs(h, od)
                p = check.run([nat, h["kernel"]] + launch + check.arg_list(h, inpaths, od, True),
                              cwd=od, what="generated program")
                refs.append(outputs(h, od))
                if h.get("stdout"):
                    refs[-1]["stdout"] = p.stdout   # printf: the text must be the same too
        except check.StepFailed as e:
            failures.append("%s native: %s" % (fl, e))
            continue
        for t in ts:
            failures += one_target(o, found, h, t, csrc, vd, inpaths, launches, refs, log)
    return failures


def one_target(o, found, h, t, csrc, vd, inpaths, launches, refs, log):
    spec = TARGETS[t]
    td = os.path.join(vd, t)
    os.makedirs(td, exist_ok=True)
    exe = os.path.join(td, "k")
    failures = []
    try:
        # a kernel's cflags may ask for the build machine's CPU: not a cross target's
        cflags = [f for f in h["cflags"] if not f.endswith("=native")]
        check.run([found[t]] + spec["flags"] + ["-std=c99", o.opt] + cflags
                  + [csrc, "-o", exe, "-lm"], cwd=td, what=t + "-gcc")
        for k, launch in enumerate(launches):
            od = os.path.join(td, "L%d" % k)
            clear_outputs(h, od)
            emu = [found[t + " emulator"]] + spec["emu"][1:]
            if spec.get("semihost"):
                # paths relative to the run's folder: the semihosting command
                # line is short (picolibc takes about 1 KiB)
                rel = [os.path.relpath(p, od) for p in inpaths]
                args = [h["kernel"]] + launch + check.arg_list(h, rel, ".", True)
                cmd = semihost_cmd(emu, exe, args)
            else:
                args = [h["kernel"]] + launch + check.arg_list(h, inpaths, od, True)
                cmd = emu + [exe] + args
            p = check.run(cmd, cwd=od, what="generated program")
            if o.verbose:
                log("  $ " + check.shell_quote(cmd))
            got = outputs(h, od)
            lab = "%s %s launch %d" % (t, spec["spir"], k)
            if h.get("stdout") and p.stdout != refs[k]["stdout"]:
                ref = os.path.join(td, "native-stdout")
                write_bytes(ref, refs[k]["stdout"])
                failures += check.compare_stdout(lab, ref, p.stdout, "native")
            for i, a in enumerate(h["args"]):
                if i in got and got[i] != refs[k][i]:
                    d, host = diff(lab, t, h, i, a, refs[k][i], got[i])
                    if d:
                        failures.append("\n".join(d + ["  $ " + check.shell_quote(cmd)]))
                    if host:
                        log("  note: %s: arg %d: %d host-nan element(s) with the target "
                            "CPU's NaN bits" % (lab, i, host))
    except check.StepFailed as e:
        failures.append("%s: %s" % (t, e))
    return failures


def write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


def macro_defined(cc, flags, macro):
    p = check.run([cc] + flags + ["-dM", "-E", "-x", "c", os.devnull],
                  what="preprocessor")
    return ("#define %s " % macro) in p.stdout.decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernels", nargs="+")
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--target", action="append", required=True, choices=sorted(TARGETS))
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--clang", default="clang-15")
    ap.add_argument("--llvm-spirv", default="llvm-spirv-15")
    ap.add_argument("--opt", default="-O2", help="optimisation for the SPIR-V and the cross build")
    ap.add_argument("-v", "--verbose", action="store_true")
    o = ap.parse_args()

    tools = {"clang": o.clang, "llvm-spirv": o.llvm_spirv, "spv2c": o.spv2c, "cc": o.cc}
    for t in o.target:
        tools[t] = TARGETS[t]["cc"]
        tools[t + " emulator"] = TARGETS[t]["emu"][0]
    found = {}
    for k, v in tools.items():
        found[k] = check.find_tool(v)
        if not found[k]:
            print("SKIP: %s not found (%s); scripts/setup installs it" % (k, v))
            return 77
    for t in o.target:
        m = TARGETS[t].get("require_macro")
        if m and not macro_defined(found[t], TARGETS[t]["flags"], m):
            print("FAIL: %s does not define %s: the fast path it tests is off" % (t, m))
            return 1

    status = 0
    for arg in o.kernels:
        kernel, _, size = arg.partition("@")
        base = os.path.basename(kernel)[:-3]
        try:
            size = int(size) if size else None
            h = header(kernel, size)
        except (check.HeaderError, ValueError, OverflowError) as e:
            print("FAIL %s: header: %s" % (base, e))
            status = 1
            continue
        alternatives = h["defines"] or [None]
        for n, d in enumerate(alternatives):
            name = base + (" " + d if d else "") + ("@%d" % size if size else "")
            wd = os.path.join(os.path.abspath(o.workdir), base,
                              "D%d" % n if d else "")
            lines = []
            fails = one_kernel(o, found, os.path.abspath(kernel), size, d, wd, o.target,
                               lines.append)
            for ln in lines:
                print(ln)
            if fails:
                status = 1
                print("FAIL %s" % name)
                for f in fails:
                    print(f)
            else:
                print("PASS %s (%s)" % (name, ", ".join(o.target)))
            sys.stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
