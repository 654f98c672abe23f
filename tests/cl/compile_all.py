#!/usr/bin/env python3
"""`spv2c K.cl -o K.c` on every kernel of tests/run, at -O0 and -O2.

usage: compile_all.py --spv2c PATH --cc CC --workdir DIR KERNEL.cl...

Each kernel is translated from OpenCL C by spv2c itself (its -cl-std from
the `//! std:` header, its first `//! defines:` alternative) and the C
must compile warning-free with cc. Exit status 0 when every one does.
"""
import argparse, os, subprocess, sys


def header(path, key):
    with open(path) as f:
        for line in f:
            if line.startswith("//! %s:" % key):
                return line.split(":", 1)[1].strip()
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("kernels", nargs="+")
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    env = dict(os.environ)
    failed = []
    n = 0
    for k in a.kernels:
        std = header(k, "std") or "CL1.2"
        defs = (header(k, "defines") or "").split("|")[0].split()
        for opt in ("-O0", "-O2"):
            name = os.path.basename(k)[:-3] + opt
            c = os.path.join(a.workdir, name + ".c")
            r = subprocess.run([a.spv2c, k, "-cl-std=" + std, opt] + defs + ["-o", c],
                               capture_output=True, text=True, env=env)
            if r.returncode == 0:
                r = subprocess.run([a.cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror",
                                    "-fsyntax-only", c], capture_output=True, text=True)
            n += 1
            if r.returncode:
                failed.append(name)
                print("FAIL %s %s:\n%s" % (k, opt, r.stderr[-2000:]))
    print("%d of %d translations compiled" % (n - len(failed), n))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
