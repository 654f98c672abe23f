#!/usr/bin/env python3
"""spv2c --checked stays silent on correct kernels: every kernel of the run
suite (tests/run/*.cl, which PoCL and spv2c agree on), translated with
--checked --main, compiled and run on the run suite's own inputs and
launches, must exit 0 with nothing on stderr, and write the same output
buffers as the same module translated without --checked (the checks change
no result).

usage: runsuite.py --spv2c PATH --workdir DIR [--cc cc] [--variant spir64-O2]...
                   [KERNEL.cl...]

Default: every tests/run/*.cl, variant spir64-O2 (the suite's slice; give
--variant spir64-O0 --variant spir-O2 ... for more). The kernel files'
`//!` headers are read by tests/run/check.py's own parser. Exit status
0 pass, 1 fail, 77 skip (a tool is missing).
"""
import argparse, glob, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "run"))
import check  # noqa: E402  (tests/run/check.py: the header parser and inputs)


def run(cmd, cwd=None):
    env = dict(os.environ)
    env.pop("MALLOC_PERTURB_", None)   # llvm-spirv-15 crashes under it (its own bug)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env, cwd=cwd)


def one(a, path, variant, extra, wd):
    """the problems with one kernel file and set of -D flags, as text lines"""
    h = check.parse_header(path)
    target, opt = variant.split("-")
    opt = "-" + opt
    if target not in h["targets"]:
        return []
    os.makedirs(wd, exist_ok=True)
    bc, spv = os.path.join(wd, "k.bc"), os.path.join(wd, "k.spv")
    r = run(["clang-15", "-cl-std=" + h["std"], "-target", target, opt, "-emit-llvm", "-c",
             os.path.abspath(path), "-o", bc] + extra + ["-Xclang", "-finclude-default-header"])
    if r.returncode:
        return ["clang: " + r.stderr]
    r = run(["llvm-spirv-15", bc, "-o", spv])
    if r.returncode:
        return ["llvm-spirv: " + r.stderr]
    exes = {}
    for checked in (True, False):
        c = os.path.join(wd, "k%s.c" % ("c" if checked else "u"))
        r = run([a.spv2c, spv, "--main", "-o", c] + (["--checked"] if checked else []))
        if r.returncode:
            return ["spv2c: " + r.stderr]
        exes[checked] = c[:-2]
        r = run([a.cc, "-std=c99", "-O1", c, "-o", exes[checked], "-lm"] + h["cflags"])
        if r.returncode:
            return ["cc: " + r.stderr]
    inpaths = check.write_inputs(h, os.path.join(wd, "inputs"))
    problems = []
    for k, (g, l) in enumerate(h["launch_list"]):
        outs = {}
        for checked in (True, False):
            od = os.path.join(wd, "L%d%s" % (k, "c" if checked else "u"))
            os.makedirs(od, exist_ok=True)
            cmd = ([exes[checked], h["kernel"]] + check.launch_options(h, g, l)
                   + check.arg_list(h, inpaths, od, True))
            r = run(cmd, cwd=od)
            if checked and (r.returncode or r.stderr):
                problems.append("launch %d: exit %d:\n%s  $ %s" % (k, r.returncode, r.stderr,
                                                                   " ".join(cmd)))
            outs[checked] = [open(os.path.join(od, "arg%d.out" % i), "rb").read()
                             if os.path.exists(os.path.join(od, "arg%d.out" % i)) else None
                             for i, x in enumerate(h["args"]) if x.kind in ("out", "inout")]
        if not problems and outs[True] != outs[False]:
            problems.append("launch %d: the checked build's outputs differ from the unchecked"
                            " build's" % k)
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--variant", action="append")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    for t in (a.cc, "clang-15", "llvm-spirv-15"):
        if not shutil.which(t):
            print("SKIP: %s not found" % t)
            return 77
    a.spv2c = os.path.abspath(a.spv2c)
    files = a.files or sorted(glob.glob(os.path.join(HERE, "..", "run", "*.cl")))
    variants = a.variant or ["spir64-O2"]
    failed, count = [], 0
    for path in files:
        name = os.path.basename(path)[:-3]
        h = check.parse_header(path)
        for d, extra in enumerate(h["defines"] or [""]):
            for v in variants:
                wd = os.path.join(os.path.abspath(a.workdir), name, "D%d" % d, v)
                problems = one(a, path, v, extra.split(), wd)
                count += 1
                if problems:
                    failed.append("%s %s %s:\n  %s" % (name, extra, v, "\n  ".join(problems)))
                    print("FAIL " + failed[-1], flush=True)
    if failed:
        print("FAIL checked-runsuite: %d of %d runs" % (len(failed), count))
        return 1
    print("PASS checked-runsuite: %d kernels, %d runs (%s), silent and unchanged"
          % (len(files), count, ", ".join(variants)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
