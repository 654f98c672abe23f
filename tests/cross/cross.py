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
its emulator with the same arguments. Every out/inout buffer must be the
same bytes as the native run's (the generated C is meant to give
identical bits on every platform): no ULP allowance; the one exception is
a NaN's bits (sign, payload), which OpenCL C leaves open and CPUs differ
in (x86's default NaN has the sign bit set, ARM's and RISC-V's do not):
any NaN matches any NaN, and such outputs are reported as notes. Exit status: 0 pass,
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


def diff(lab, i, a, ref, got):
    """message lines describing how got differs from ref (byte strings)"""
    if len(ref) != len(got):
        return ["%s: arg %d: %d bytes, the native run wrote %d" % (lab, i, len(got), len(ref))]
    t = a.type
    rv, gv = t.unpack(ref), t.unpack(got)
    bad = [k for k in range(len(rv)) if rv[k] != gv[k]
           and not (t.is_float() and t.is_nan_bits(rv[k]) and t.is_nan_bits(gv[k]))]
    if not bad:
        return []
    msg = ["%s: arg %d (%s %s %d): %d element(s) differ from the native run"
           % (lab, i, a.kind, t.name, a.count, len(bad))]
    for k in bad[:8]:
        where = "[%d]" % k
        if t.lanes > 1:
            where = "[%d].s%x" % (k // t.slots, k % t.slots)
        msg.append("  %s: target %s, native %s" % (where, check.show(t, gv[k]),
                                                    check.show(t, rv[k])))
    return msg


def nan_notes(lab, i, a, ref, got):
    """NaNs whose bits differ: allowed (OpenCL C does not specify a NaN's
    sign or payload, and CPUs differ: x86's default NaN is 0xffc00000,
    ARM's and RISC-V's 0x7fc00000), but reported"""
    t = a.type
    if not t.is_float() or len(ref) != len(got):
        return []
    rv, gv = t.unpack(ref), t.unpack(got)
    n = sum(1 for k in range(len(rv)) if rv[k] != gv[k] and t.is_nan_bits(rv[k])
            and t.is_nan_bits(gv[k]))
    return ["  note: %s: arg %d: %d NaN(s) with other bits than the native run's"
            % (lab, i, n)] if n else []


def outputs(h, od):
    got = {}
    for i, a in enumerate(h["args"]):
        if a.kind in ("out", "inout"):
            with open(os.path.join(od, "arg%d.out" % i), "rb") as f:
                got[i] = f.read()
    return got


def clear_outputs(h, od):
    os.makedirs(od, exist_ok=True)
    for i, a in enumerate(h["args"]):
        p = os.path.join(od, "arg%d.out" % i)
        if a.kind in ("out", "inout") and os.path.exists(p):
            os.remove(p)


def one_kernel(o, found, kpath, define, wd, targets, log):
    """runs one kernel (one defines: alternative); returns failure messages"""
    h = check.parse_header(kpath)
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
                    d = diff(lab, i, a, refs[k][i], got[i])
                    if d:
                        failures.append("\n".join(d + ["  $ " + check.shell_quote(cmd)]))
                    for ln in nan_notes(lab, i, a, refs[k][i], got[i]):
                        log(ln)
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
    for kernel in o.kernels:
        base = os.path.basename(kernel)[:-3]
        try:
            h = check.parse_header(kernel)
        except (check.HeaderError, ValueError, OverflowError) as e:
            print("FAIL %s: header: %s" % (base, e))
            status = 1
            continue
        alternatives = h["defines"] or [None]
        for n, d in enumerate(alternatives):
            name = base + (" " + d if d else "")
            wd = os.path.join(os.path.abspath(o.workdir), base,
                              "D%d" % n if d else "")
            lines = []
            fails = one_kernel(o, found, os.path.abspath(kernel), d, wd, o.target,
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
