#!/usr/bin/env python3
"""The --main program allocates each buffer exactly (issue 16).

usage: main_exact.py --spv2c PATH --workdir DIR [--cc gcc]

main-exact-alloc.cl reads in[i + 1] for i < 16 from a 16-float input file.
Translated with `spv2c --main`, built with -fsanitize=address and run with
--global 16, the read of in[16] must be reported by AddressSanitizer as a
heap-buffer-overflow; with --global 15 (no read past the end) the same
program must exit 0 without a report. Exit 0 pass, 1 fail, 77 skip.
"""
import argparse, os, shutil, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="gcc")
    a = ap.parse_args()
    if not (shutil.which("clang-15") and shutil.which("llvm-spirv-15") and shutil.which(a.cc)):
        print("SKIP: needs clang-15, llvm-spirv-15 and", a.cc)
        return 77
    os.makedirs(a.workdir, exist_ok=True)
    w = lambda n: os.path.join(a.workdir, n)
    env = dict(os.environ)
    env.pop("MALLOC_PERTURB_", None)
    r = subprocess.run([os.path.join(ROOT, "scripts", "cl2spv"),
                        os.path.join(HERE, "main-exact-alloc.cl"), w("k.spv")],
                       capture_output=True, text=True, env=env)
    if r.returncode:
        print("FAIL: cl2spv:", r.stderr)
        return 1
    r = subprocess.run([a.spv2c, "--main", w("k.spv"), "-o", w("k.c")], capture_output=True,
                       text=True)
    if r.returncode:
        print("FAIL: spv2c:", r.stderr)
        return 1
    r = subprocess.run([a.cc, "-std=c99", "-g", "-O1", "-fsanitize=address", w("k.c"), "-o",
                        w("k"), "-lm"], capture_output=True, text=True)
    if r.returncode:
        print("SKIP or FAIL: cannot build with -fsanitize=address:", r.stderr[-2000:])
        return 77 if "sanitize" in r.stderr else 1
    open(w("in.bin"), "wb").write(struct.pack("<16f", *range(16)))
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0")
    fails = []
    for n, want_report in (("15", False), ("16", True)):
        r = subprocess.run([w("k"), "over", "--global", n, "in:" + w("in.bin"),
                            "out:64:" + w("out.bin")], capture_output=True, text=True,
                           env=env, timeout=60)
        report = "heap-buffer-overflow" in r.stderr and "READ of size 4" in r.stderr
        if want_report and not report:
            fails.append("--global %s reads in[16], one past the 16-float input, and "
                         "AddressSanitizer saw nothing (exit %d)" % (n, r.returncode))
        if not want_report and (r.returncode or "AddressSanitizer" in r.stderr):
            fails.append("--global %s stays in bounds but the run failed (exit %d):\n%s"
                         % (n, r.returncode, r.stderr[-1500:]))
    if fails:
        print("FAIL main-exact-alloc\n  - " + "\n  - ".join(fails))
        return 1
    print("ok   main-exact-alloc: the read past the input's end is reported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
